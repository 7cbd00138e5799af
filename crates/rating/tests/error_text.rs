//! Every error of the crate in both languages (issue 15): the English is
//! the `Display` text, the Chinese has no English sentence and keeps the
//! figures, fields and names of the English.

use chrono::NaiveDate;
use qiyuan_rating::grades::GradeTable;
use qiyuan_rating::model::{EventError, GameKind, PlayerId};
use qiyuan_rating::online::glicko2::Glicko2;
use qiyuan_rating::online::{OnlineError, PointSystem};
use qiyuan_rating::period::{CalendarError, ListError, Period, PeriodError, period_for};
use qiyuan_rating::titles::TitleRules;
use qiyuan_rating::{Lang, Profile, ProfileError, RateError};
use qiyuan_vocab::{Message, english_phrases};
use rust_decimal_macros::dec;

fn d(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).unwrap()
}

/// The words a text falls back to when its English part is not known: no
/// example may reach them.
const FALLBACKS: [&str; 6] = [
    "取值不符合要求",
    "TOML 语法或取值有误",
    "输入无效",
    "日期有误",
    "参赛队有误",
    "值无效",
];

/// The runs of digits and the names in backticks of an English text: the
/// Chinese keeps them all.
fn figures(en: &str) -> Vec<String> {
    let mut out: Vec<String> = en
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect();
    out.extend(en.split('`').skip(1).step_by(2).map(String::from));
    out
}

/// English = Display; no English sentence, no fallback, and every figure
/// of the English in the Chinese.
fn check(en: &str, display: &str, zh: &str) {
    assert_eq!(en, display);
    assert!(
        english_phrases(zh).is_empty(),
        "{zh}: {:?}",
        english_phrases(zh)
    );
    for f in FALLBACKS {
        assert!(!zh.contains(f), "{en} → {zh}");
    }
    for f in figures(en) {
        assert!(zh.contains(&f), "{en} → {zh} lacks {f}");
    }
}

macro_rules! check_all {
    ($list:expr) => {
        for e in $list {
            check(&e.text(Lang::En), &e.to_string(), &e.text(Lang::Zh));
        }
    };
}

fn profile_errors() -> Vec<ProfileError> {
    let all = vec![
        Profile::builtin("cxa-2000").unwrap_err(),
        ProfileError::Parse(
            "TOML parse error at line 3, column 1\n  |\n3 | kk = 1\n  | ^^\nunknown field `kk`, expected one of `name`, `game`\n"
                .into(),
        ),
        ProfileError::Invalid {
            field: "k.rules[1].k".into(),
            reason: Message::new("K must be at least 1", "K 至少为 1"),
        },
    ];
    for e in &all {
        match e {
            ProfileError::Unknown { .. }
            | ProfileError::Parse(_)
            | ProfileError::Invalid { .. } => {}
        }
    }
    all
}

fn event_errors() -> Vec<EventError> {
    let id = PlayerId(12);
    let all = vec![
        EventError::DuplicatePlayer {
            id,
            first: 2,
            second: 5,
        },
        EventError::UnknownPlayer {
            game: 3,
            field: "white",
            id,
        },
        EventError::SelfPairing { game: 4, id },
        EventError::TwiceInRound {
            game: 8,
            first: 6,
            id,
            round: 3,
        },
        EventError::RoundZero { game: 1 },
        EventError::RoundDate {
            round: 0,
            problem: "round numbers start at 1".into(),
        },
        EventError::RoundDate {
            round: 2,
            problem: "the round has two dates".into(),
        },
        EventError::Team("team 北京 is listed twice".into()),
        EventError::Team("player 7 names team 上海, which is not in the teams list".into()),
        EventError::NotRated {
            game: 2,
            code: "pending",
        },
        EventError::ZeroId { player: 4 },
        EventError::NotInTournament { player: 3, id },
        EventError::NoListData { id },
    ];
    for e in &all {
        match e {
            EventError::DuplicatePlayer { .. }
            | EventError::UnknownPlayer { .. }
            | EventError::SelfPairing { .. }
            | EventError::TwiceInRound { .. }
            | EventError::RoundZero { .. }
            | EventError::NotRated { .. }
            | EventError::ZeroId { .. }
            | EventError::NotInTournament { .. }
            | EventError::NoListData { .. }
            | EventError::RoundDate { .. }
            | EventError::Team(_) => {}
        }
    }
    all
}

fn rate_errors() -> Vec<RateError> {
    let all = vec![
        RateError::GameMismatch {
            event: GameKind::Chess,
            profile: "cxa-2019".into(),
            expected: GameKind::Xiangqi,
        },
        RateError::NegativeRating {
            id: PlayerId(4),
            rating: dec!(-10),
        },
        RateError::RatingOutOfRange {
            id: PlayerId(4),
            rating: dec!(250000),
        },
    ];
    for e in &all {
        match e {
            RateError::GameMismatch { .. }
            | RateError::NegativeRating { .. }
            | RateError::RatingOutOfRange { .. } => {}
        }
    }
    all
}

fn online_errors() -> Vec<OnlineError> {
    let all = vec![
        PointSystem::builtin("no-such-system").unwrap_err(),
        OnlineError::Definition("rule.k: at least one band".into()),
        OnlineError::SamePlayer {
            id: "g1".into(),
            player: "alice".into(),
        },
        OnlineError::LeaverDidNotLose {
            id: "g2".into(),
            side: "white",
        },
        OnlineError::DrawOfferWithoutDraw {
            id: "g3".into(),
            side: "black",
        },
        OnlineError::FractionalPoints {
            id: "g4".into(),
            player: "bob".into(),
            points: dec!(1.5),
        },
        Glicko2::with_tau(-1.0).unwrap_err(),
        OnlineError::OutOfRange { id: "g5".into() },
    ];
    for e in &all {
        match e {
            OnlineError::UnknownSystem { .. }
            | OnlineError::Definition(_)
            | OnlineError::SamePlayer { .. }
            | OnlineError::LeaverDidNotLose { .. }
            | OnlineError::DrawOfferWithoutDraw { .. }
            | OnlineError::FractionalPoints { .. }
            | OnlineError::Glicko2(_)
            | OnlineError::OutOfRange { .. } => {}
        }
    }
    all
}

fn cxa() -> Profile {
    Profile::builtin("cxa-2019").unwrap()
}

fn calendar_errors() -> Vec<CalendarError> {
    let all = vec![
        period_for(&cxa(), d(2025, 3, 3)).unwrap_err(),
        CalendarError::OutsideEveryPeriod {
            profile: "my-office".into(),
            date: d(2025, 2, 1),
        },
    ];
    for e in &all {
        match e {
            CalendarError::NotAListDate { .. } | CalendarError::OutsideEveryPeriod { .. } => {}
        }
    }
    all
}

fn period_errors() -> Vec<PeriodError> {
    let period = Period {
        start: d(2025, 1, 1),
        end: d(2025, 6, 30),
        published: d(2025, 7, 1),
        spec: 0,
    };
    let found = Period {
        start: d(2025, 7, 1),
        end: d(2025, 12, 31),
        published: d(2026, 1, 1),
        spec: 1,
    };
    let event = "城市联赛".to_string();
    let all = vec![
        PeriodError::Calendar(calendar_errors().remove(0)),
        PeriodError::EventOutsidePeriod {
            event: event.clone(),
            date: d(2025, 8, 2),
            found,
            period,
        },
        PeriodError::NoDate {
            event: event.clone(),
        },
        PeriodError::MissingRoundDate {
            event: event.clone(),
            round: 4,
        },
        PeriodError::NoRoundInPeriod {
            event: event.clone(),
            period,
        },
        PeriodError::NotOnList {
            event: event.clone(),
            id: PlayerId(31),
            name: "王天一".into(),
        },
        PeriodError::Rate {
            event: event.clone(),
            source: rate_errors().remove(1),
        },
        PeriodError::Event {
            event,
            source: event_errors().remove(3),
        },
    ];
    for e in &all {
        match e {
            PeriodError::Calendar(_)
            | PeriodError::EventOutsidePeriod { .. }
            | PeriodError::NoDate { .. }
            | PeriodError::MissingRoundDate { .. }
            | PeriodError::NoRoundInPeriod { .. }
            | PeriodError::NotOnList { .. }
            | PeriodError::Rate { .. }
            | PeriodError::Event { .. } => {}
        }
    }
    all
}

fn list_errors() -> Vec<ListError> {
    let all = vec![ListError::DuplicateId {
        id: PlayerId(1001),
        first: 3,
        second: 17,
    }];
    for e in &all {
        match e {
            ListError::DuplicateId { .. } => {}
        }
    }
    all
}

#[test]
fn every_error_in_both_languages() {
    check_all!(profile_errors());
    check_all!(event_errors());
    check_all!(rate_errors());
    check_all!(online_errors());
    check_all!(calendar_errors());
    check_all!(list_errors());
    for e in period_errors() {
        let (en, zh) = (e.text(Lang::En), e.text(Lang::Zh));
        assert_eq!(en, e.to_string());
        assert!(english_phrases(&zh).is_empty(), "{zh}");
        // The periods are written the Chinese way: their dates stay.
        for f in figures(&en) {
            assert!(zh.contains(&f), "{en} → {zh} lacks {f}");
        }
    }
}

#[test]
fn chinese_wordings() {
    let zh = |e: &dyn Fn(Lang) -> String| e(Lang::Zh);
    let e = &profile_errors()[1];
    assert_eq!(
        zh(&|l| e.text(l)),
        "规则文件 TOML：第 3 行第 1 列：未知字段 `kk`，可用的字段：`name`、`game`"
    );
    assert_eq!(
        profile_errors()[2].text(Lang::Zh),
        "规则字段 `k.rules[1].k`：K 至少为 1"
    );
    assert_eq!(
        rate_errors()[0].text(Lang::Zh),
        "赛事为国际象棋，但等级分规则 `cxa-2019` 用于象棋"
    );
    assert_eq!(
        period_errors()[1].text(Lang::Zh),
        "赛事 `城市联赛`（2025-08-02）属于周期 2025-07-01 – 2025-12-31（2026-01-01 名单），\
         而不属于周期 2025-01-01 – 2025-06-30（2025-07-01 名单）"
    );
    assert_eq!(
        period_errors()[7].text(Lang::Zh),
        "赛事 `城市联赛`：对局 8：棋手 12 已出现在第 3 轮（对局 6）"
    );
    assert_eq!(
        online_errors()[6].text(Lang::Zh),
        "Glicko-2：`tau` 须为有限的正数，实为 -1"
    );
    assert_eq!(
        online_errors()[3].text(Lang::Zh),
        "对局 g2：先手方（`white`）强行离开对局，但成绩不是先手方（`white`）负"
    );
    assert_eq!(
        event_errors()[8].text(Lang::Zh),
        "棋手 7 所属的参赛队“上海”不在参赛队名单中"
    );
    assert_eq!(
        event_errors()[9].text(Lang::Zh),
        "对局 2：`pending` 不计等级分（对局须有结果，轮空或请假须有类别）"
    );
}

/// Broken files of every kind the crate reads: the TOML reader's messages
/// and the checks after it, each in Chinese with its line and field.
#[test]
fn files_refused_in_chinese() {
    let profile = cxa();
    let text = Profile::builtin_toml("cxa-2019").unwrap();
    let cases = [
        text.replacen("[expected]", "[expected]\nbogus = 1", 1),
        text.replacen("method = \"table\"", "method = \"guess\"", 1),
        text.replacen("method = \"table\"", "method = 3", 1),
        text.replacen("name = \"cxa-2019\"\n", "", 1),
        text.replacen(
            "name = \"cxa-2019\"",
            "name = \"cxa-2019\"\nname = \"x\"",
            1,
        ),
        text.replacen("[expected]", "[expected\n", 1),
        text.replacen("name = \"cxa-2019\"", "name = \" \"", 1),
        text.replacen("dp_at_extremes = 800", "dp_at_extremes = -1", 1),
    ];
    for case in &cases {
        let e = Profile::from_toml_str(case).unwrap_err();
        let (en, zh) = (e.text(Lang::En), e.text(Lang::Zh));
        assert_eq!(en, e.to_string());
        assert!(
            english_phrases(&zh).is_empty(),
            "{en}\n→ {zh}: {:?}",
            english_phrases(&zh)
        );
        assert!(!zh.contains("取值不符合要求"), "{en} → {zh}");
        assert!(!zh.contains("TOML 语法或取值有误"), "{en} → {zh}");
        if let Some(rest) = en.split("at line ").nth(1) {
            let line = rest.split(',').next().unwrap();
            assert!(zh.contains(&format!("第 {line} 行")), "{en} → {zh}");
        }
    }
    assert_eq!(profile.name, "cxa-2019");
    assert_eq!(
        Profile::from_toml_str(&cases[5])
            .unwrap_err()
            .text(Lang::Zh),
        "规则文件 TOML：第 10 行第 10 列：表头未闭合，应为 `]`"
    );
    for broken in ["x = ", "[titles\n", "titles = 3"] {
        for e in [
            TitleRules::from_toml_str(broken).unwrap_err(),
            GradeTable::from_toml_str(broken).unwrap_err(),
        ] {
            let zh = e.text(Lang::Zh);
            assert!(english_phrases(&zh).is_empty(), "{e} → {zh}");
        }
        let e = PointSystem::from_toml(broken).unwrap_err();
        assert!(english_phrases(&e.text(Lang::Zh)).is_empty(), "{e}");
    }
}

/// The string literals in the calls of `marker(…)` in `source`, with each
/// `{…}` placeholder filled by `x1`.
fn literals(source: &str, marker: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for part in source.split(marker).skip(1) {
        let (mut depth, mut in_str, mut esc) = (1, false, false);
        let mut lits = Vec::new();
        let mut cur = String::new();
        for c in part.chars() {
            if in_str {
                if esc {
                    cur.push(c);
                    esc = false;
                } else if c == '\\' {
                    esc = true;
                } else if c == '"' {
                    in_str = false;
                    lits.push(std::mem::take(&mut cur));
                } else {
                    cur.push(c);
                }
                continue;
            }
            match c {
                '"' => in_str = true,
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
        }
        let filled = lits
            .into_iter()
            .map(|l| {
                let mut s = String::new();
                let mut skip = false;
                for c in l.chars() {
                    match c {
                        '{' => {
                            skip = true;
                            s.push_str("x1");
                        }
                        '}' => skip = false,
                        _ if !skip => s.push(c),
                        _ => {}
                    }
                }
                s
            })
            .collect();
        out.push(filled);
    }
    out
}

/// Every reason the file readers give, read from their sources, has its
/// Chinese beside it (`Message::new(English, Chinese)`), free of English.
#[test]
fn every_reason_has_its_chinese() {
    let mut reasons = 0;
    for (source, marker) in [
        (include_str!("../src/profile.rs"), "invalid("),
        (include_str!("../src/titles.rs"), "invalid("),
        (include_str!("../src/fide_norms.rs"), "invalid("),
        (include_str!("../src/grades.rs"), "bad("),
    ] {
        for lits in literals(source, marker) {
            // `let invalid = |field: &str, reason: Message| …` has none.
            let [.., en, zh] = lits.as_slice() else {
                continue;
            };
            reasons += 1;
            let e = ProfileError::Invalid {
                field: "k.default".into(),
                reason: Message::new(en.clone(), zh.clone()),
            };
            check(&e.text(Lang::En), &e.to_string(), &e.text(Lang::Zh));
        }
    }
    assert!(reasons >= 25, "{reasons}");
    let mut definitions = 0;
    for lits in literals(include_str!("../src/online/system.rs"), "bad(") {
        let Some(text) = lits.first() else { continue };
        definitions += 1;
        let e = OnlineError::Definition(text.replace("x1", "fast"));
        check(&e.text(Lang::En), &e.to_string(), &e.text(Lang::Zh));
    }
    assert!(definitions >= 15, "{definitions}");
    let mut glicko = 0;
    for lits in literals(include_str!("../src/online/glicko2.rs"), "Glicko2(") {
        let Some(text) = lits.first() else { continue };
        if text.contains("finitex1") {
            continue; // below, through the parameters' check
        }
        glicko += 1;
        let e = OnlineError::Glicko2(text.clone());
        check(&e.text(Lang::En), &e.to_string(), &e.text(Lang::Zh));
    }
    assert!(glicko >= 4, "{glicko}");
    let e = Glicko2::from_toml(&Glicko2::builtin_source().replacen("tau = 0.5", "tau = -0.5", 1))
        .unwrap_err();
    check(&e.text(Lang::En), &e.to_string(), &e.text(Lang::Zh));
    assert_eq!(
        e.text(Lang::Zh),
        "积分制度定义：Glicko-2：`tau` 须为有限的正数，实为 -0.5"
    );
}

/// What the readers of a point system refuse, in the words of the CLI.
#[test]
fn point_system_values_in_chinese() {
    let e = OnlineError::Definition(
        "rule.equal_points_winner: `middle`, expected \"lower\" or \"higher\"".into(),
    );
    assert_eq!(
        e.text(Lang::Zh),
        "积分制度定义：`rule.equal_points_winner`：`middle`，应为 `lower`、`higher`"
    );
}
