//! The notes of the title and grade reports in both languages (issue 15):
//! every kind of [`GradeNote`], [`GradeConditionFailure`], [`FieldPart`],
//! [`FieldDetail`], [`RouteDetail`] and [`RouteKind`]; the English is the
//! `Display` text (the English the JSON keeps), the Chinese has no English
//! sentence and keeps the English's figures.

use chrono::NaiveDate;
use qiyuan_rating::Lang;
use qiyuan_rating::grades::{GradeConditionFailure, GradeNote};
use qiyuan_rating::profile::Fraction;
use qiyuan_rating::table::NormTitle;
use qiyuan_rating::titles::{
    FieldDetail, FieldPart, PlacementBasis, PlacementWords, RouteDetail, RouteKind,
};
use qiyuan_vocab::{Message, english_phrases};
use rust_decimal_macros::dec;

/// The runs of digits of a text: the Chinese keeps them all.
fn figures(en: &str) -> Vec<&str> {
    en.split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .collect()
}

fn check(en: &str, display: &str, zh: &str) {
    assert_eq!(en, display);
    assert!(
        english_phrases(zh).is_empty(),
        "{zh}: {:?}",
        english_phrases(zh)
    );
    for f in figures(en) {
        assert!(zh.contains(f), "{en} → {zh} lacks {f}");
    }
}

fn grade_notes() -> Vec<GradeNote> {
    let all = vec![
        GradeNote::NoPromotionRows {
            table: "cca-chess".into(),
        },
        GradeNote::NotOnLadder {
            grade: "九段".into(),
        },
        GradeNote::OneAtATime {
            reached: "三级棋士".into(),
            from: "五级棋士".into(),
            article: "seed 003".into(),
            to: "四级棋士".into(),
        },
        GradeNote::NoRowFrom {
            grade: Some("五级棋士".into()),
        },
        GradeNote::NoRowFrom { grade: None },
    ];
    // A new kind fails to compile here until it has an example above.
    for n in &all {
        match n {
            GradeNote::NoPromotionRows { .. }
            | GradeNote::NotOnLadder { .. }
            | GradeNote::OneAtATime { .. }
            | GradeNote::NoRowFrom { .. } => {}
        }
    }
    all
}

fn grade_failures() -> Vec<GradeConditionFailure> {
    let all = vec![
        GradeConditionFailure::Rounds {
            rounds: 5,
            min: 7,
            source: "§5.1".into(),
        },
        GradeConditionFailure::NoTimeControl {
            min: dec!(60),
            source: "§5.1".into(),
        },
        GradeConditionFailure::TimeControl {
            control: "15+10".into(),
            minutes: dec!(50),
            min: dec!(60),
            source: "§5.1".into(),
        },
    ];
    for f in &all {
        match f {
            GradeConditionFailure::Rounds { .. }
            | GradeConditionFailure::NoTimeControl { .. }
            | GradeConditionFailure::TimeControl { .. } => {}
        }
    }
    all
}

#[test]
fn grade_notes_in_both_languages() {
    for n in grade_notes() {
        check(&n.text(Lang::En), &n.to_string(), &n.text(Lang::Zh));
    }
    for f in grade_failures() {
        check(&f.text(Lang::En), &f.to_string(), &f.text(Lang::Zh));
    }
    assert_eq!(
        GradeNote::OneAtATime {
            reached: "三级棋士".into(),
            from: "五级棋士".into(),
            article: "seed 003".into(),
            to: "四级棋士".into(),
        }
        .to_string(),
        "三级棋士 reached, but from 五级棋士 one grade at a time (seed 003): 四级棋士"
    );
}

fn field_parts() -> Vec<FieldPart> {
    let titles = vec![
        Message::new("woman master", "女子大师"),
        Message::new("master", "大师"),
    ];
    let share = Fraction { num: 1, den: 2 };
    let all = vec![
        FieldPart::Holding {
            count: 2,
            players: 10,
            titles: titles.clone(),
            min: 3,
        },
        FieldPart::HoldingShare {
            count: 4,
            players: 10,
            titles: titles.clone(),
            share,
        },
        FieldPart::Rated {
            count: 7,
            players: 10,
            rating: dec!(2350),
            share,
        },
        FieldPart::TitleOrRated {
            count: 10,
            players: 10,
            titles: titles.clone(),
            rating: dec!(2150),
            share,
        },
        FieldPart::AllHolding {
            count: 9,
            players: 10,
            titles,
        },
    ];
    for p in &all {
        match p {
            FieldPart::Holding { .. }
            | FieldPart::HoldingShare { .. }
            | FieldPart::Rated { .. }
            | FieldPart::TitleOrRated { .. }
            | FieldPart::AllHolding { .. } => {}
        }
    }
    all
}

#[test]
fn title_event_fields_in_both_languages() {
    let parts = field_parts();
    let mut details = vec![
        FieldDetail::Clause {
            met: true,
            parts: parts.clone(),
        },
        FieldDetail::Clause {
            met: false,
            parts: parts[..1].to_vec(),
        },
    ];
    details.extend(
        [
            NormTitle::WomanMaster,
            NormTitle::WomanGrandmaster,
            NormTitle::Master,
            NormTitle::Grandmaster,
        ]
        .map(FieldDetail::QualifiesAs),
    );
    for d in &details {
        match d {
            FieldDetail::Clause { .. } | FieldDetail::QualifiesAs(_) => {}
        }
        check(&d.text(Lang::En), &d.to_string(), &d.text(Lang::Zh));
    }
    for p in &parts {
        let zh = p.text(Lang::Zh);
        assert!(english_phrases(&zh).is_empty(), "{zh}");
    }
    assert_eq!(
        details[1].to_string(),
        "not met: 2 of 10 hold woman master/master (at least 3)"
    );
    assert_eq!(
        details[1].text(Lang::Zh),
        "不符合：10 名棋手中 2 名持有女子大师/大师称号（至少 3 名）"
    );
}

#[test]
fn title_routes_in_both_languages() {
    let day = NaiveDate::from_ymd_opt(2025, 5, 15).unwrap();
    let basis = PlacementBasis::Place {
        place: 2,
        event: "全国个人冠军赛".into(),
        places: [1, 8],
    };
    let rows = vec![
        PlacementWords {
            event: "全国个人冠军赛".into(),
            places: Some([1, 1]),
        },
        PlacementWords {
            event: "全国个人赛".into(),
            places: Some([1, 18]),
        },
        PlacementWords {
            event: "全国团体赛".into(),
            places: None,
        },
    ];
    let all = vec![
        RouteDetail::NoPlacement(rows),
        RouteDetail::Placed(vec![("全国锦标赛".into(), day, basis)]),
        RouteDetail::Fide {
            code: "GM".into(),
            holds: true,
        },
        RouteDetail::Fide {
            code: "IM".into(),
            holds: false,
        },
        RouteDetail::Norms {
            norms: 1,
            games: 9,
            rating: Some(dec!(2310)),
            min: Some(dec!(2350)),
        },
        RouteDetail::Norms {
            norms: 0,
            games: 0,
            rating: None,
            min: None,
        },
    ];
    for r in &all {
        match r {
            RouteDetail::NoPlacement(_)
            | RouteDetail::Placed(_)
            | RouteDetail::Fide { .. }
            | RouteDetail::Norms { .. } => {}
        }
        check(&r.text(Lang::En), &r.to_string(), &r.text(Lang::Zh));
    }
    assert_eq!(
        all[4].to_string(),
        "1 norms in 1 events, 9 games; rating 2310 (at least 2350)"
    );
    for k in [RouteKind::Placement, RouteKind::Fide, RouteKind::Norms] {
        match k {
            RouteKind::Placement | RouteKind::Fide | RouteKind::Norms => {}
        }
        assert!(!k.label(Lang::Zh).is_ascii(), "{k:?}");
        assert!(k.label(Lang::En).is_ascii(), "{k:?}");
    }
}
