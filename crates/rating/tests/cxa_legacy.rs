//! cxa-legacy (seed 003, 《象棋棋手等级分制和技术等级标准实施细则》): one test per
//! article the issue found wrong or missing. Every expected figure is worked by
//! hand in the comment from the article quoted there, not taken from the code.

mod common;

use common::*;
use qiyuan_rating::model::*;
use qiyuan_rating::period::{RatingList, TitleHeld, TitleRoute, compute_period};
use qiyuan_rating::profile::Profile;
use rust_decimal_macros::dec;

fn legacy() -> Profile {
    Profile::builtin("cxa-legacy").unwrap()
}

/// 十一 "凡属通过名次的途径获得等级称号的棋手，其等级分在下届公布时规定作如下调整：…（二）男子
/// 大师调整到2450" — only titles won by placement are raised.
///
/// Three men rated 2400 (never higher) received the master title (NM) on 2025-05-01,
/// in the period before the list of 1 July 2025 (一: 1 Dec – 31 May):
/// by placement → 2450; by norms → kept at 2400; route not recorded → kept at 2400
/// with a note (the article cannot be applied without it).
#[test]
fn art_11_raises_only_titles_won_by_placement() {
    let with = |id, by| {
        let mut r = list_rated(id, Sex::Male, 2400, 80);
        r.last_active = Some(day(2025, 3, 1));
        r.titles.push(TitleHeld {
            title: "NM".into(),
            date: Some(day(2025, 5, 1)),
            by,
        });
        r
    };
    let list = RatingList::new(vec![
        with(1, Some(TitleRoute::Placement)),
        with(2, Some(TitleRoute::Norms)),
        with(3, None),
    ])
    .unwrap();
    let r = compute_period(&legacy(), &list, &[], day(2025, 7, 1)).unwrap();
    assert_eq!(r.rows[0].row.rating, Some(dec!(2450)));
    assert_eq!(r.rows[1].row.rating, Some(dec!(2400)));
    assert!(
        r.rows[1].notes.iter().any(|n| n.contains("won by norms")),
        "{:?}",
        r.rows[1].notes
    );
    assert_eq!(r.rows[2].row.rating, Some(dec!(2400)));
    assert!(
        r.rows[2].notes.iter().any(|n| n.contains("not recorded")),
        "{:?}",
        r.rows[2].notes
    );
}

/// 四(三) "至少应有两名国家级裁判员主持整个竞赛裁判工作": two first-grade arbiters are
/// 0 national: warned about.
#[test]
fn art_4_3_two_national_arbiters() {
    use qiyuan_rating::model::{ArbiterGrade, EventDetails};
    let d = EventDetails {
        arbiters: vec![
            arbiter("甲", ArbiterGrade::First),
            arbiter("乙", ArbiterGrade::First),
        ],
        ..Default::default()
    };
    let r = qiyuan_rating::rate(&drawn_round_robin(GameKind::Xiangqi, 4, 4, d), &legacy()).unwrap();
    assert!(
        r.warnings.contains(
            &"四(三): 0 arbiters of grade 国家级 (national) or higher, at least 2 needed"
                .to_string()
        ),
        "{:?}",
        r.warnings
    );
}
