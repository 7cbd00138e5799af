//! Every error of the desk in both languages: the English is the `Display`
//! text, the Chinese has no English sentence and keeps the figures
//! (issue 15: both languages complete).

use qiyuan_desk::event::TextRefusal;
use qiyuan_desk::event_file::EntryError;
use qiyuan_desk::import::ImportError;
use qiyuan_desk::reports::SexUse;
use qiyuan_desk::settings::SettingsError;
use qiyuan_desk::{DeskError, PairingWarning};
use qiyuan_rating::Lang;
use qiyuan_tournament::model::{ByeKind, Colour, ModelError, PlayerId};
use qiyuan_vocab::{Message, check_message, english_phrases};
use rust_decimal_macros::dec;

fn settings_field(field: &'static str, en: &str, zh: &str) -> SettingsError {
    SettingsError::Field {
        field,
        message: Message::new(en, zh),
    }
}

/// One example of every variant (the `match` below fails to compile when a
/// variant is added without one).
fn desk_errors() -> Vec<DeskError> {
    let all = vec![
        DeskError::NoListId(vec!["1 王天一".into(), "2 唐丹".into()]),
        DeskError::Settings(settings_field(
            "rounds",
            "a Swiss has 1 to 99 rounds, not 120",
            "积分编排制为 1 至 99 轮，不能是 120 轮",
        )),
        DeskError::Model(ModelError::DuplicatePlayer(PlayerId(7))),
        DeskError::PlayerField {
            player: 4,
            field: "rating",
            message: Message::new(
                "4100 is not a rating (0 to 4000)",
                "4100 不是有效的等级分（0 至 4000）",
            ),
        },
        DeskError::UnknownPlayer(PlayerId(12)),
        DeskError::RoundIncomplete { round: 3, board: 2 },
        DeskError::EventFinished(9),
        DeskError::TooFewPlayers(1),
        DeskError::NoValidPairing { round: 5 },
        DeskError::Pairing {
            round: 6,
            message: Message::new("the engine's own words about a bracket", "编排程序的说明"),
        },
        DeskError::Knockout {
            stage: 2,
            tie: 3,
            message: Message::new(
                "the match is level after its games and has no decisive game; \
                 set the knockout's `armageddon` or decide the tie by hand",
                "双方赛完各局后打平，且没有决胜局：请设置淘汰赛的 `armageddon`（决胜局），\
                 或由裁判判定胜负",
            ),
        },
        DeskError::BadRound {
            round: 4,
            message: Message::new(
                "board 7 has a result; clear the results first",
                "第 7 台已有成绩：请先清除成绩",
            ),
        },
        DeskError::NoSuchBoard {
            round: 2,
            board: 11,
        },
        DeskError::AlreadyStarted(Message::new("renumbering the players", "重新编排序号")),
        DeskError::Standings(Message::new(
            "the tie-break engine's own words",
            "破同分的说明",
        )),
        DeskError::Rating(Message::new(
            "no rating profile: choose one in the settings or ask for one",
            "未设定等级分规则：请在设置中选择一个，或在请求中指明",
        )),
        DeskError::SexNotRecorded {
            players: vec!["3 李四".into()],
            profile: "cxa-2019".into(),
            uses: vec![SexUse::NormTitles, SexUse::MinimumPublished],
        },
    ];
    for e in &all {
        match e {
            DeskError::NoListId(_)
            | DeskError::Settings(_)
            | DeskError::Model(_)
            | DeskError::PlayerField { .. }
            | DeskError::UnknownPlayer(_)
            | DeskError::RoundIncomplete { .. }
            | DeskError::EventFinished(_)
            | DeskError::TooFewPlayers(_)
            | DeskError::NoValidPairing { .. }
            | DeskError::Pairing { .. }
            | DeskError::Knockout { .. }
            | DeskError::BadRound { .. }
            | DeskError::NoSuchBoard { .. }
            | DeskError::AlreadyStarted(_)
            | DeskError::Standings(_)
            | DeskError::Rating(_)
            | DeskError::SexNotRecorded { .. } => {}
        }
    }
    all
}

fn settings_errors() -> Vec<SettingsError> {
    let all = vec![settings_field(
        "round_dates",
        "round 3: 2026-05-01 is before the start 2026-05-02",
        "第 3 轮：2026-05-01 早于开始日期 2026-05-02",
    )];
    for e in &all {
        match e {
            SettingsError::Field { .. } => {}
        }
    }
    all
}

fn text_refusals() -> Vec<TextRefusal> {
    let all = vec![
        TextRefusal::Control {
            at: 2,
            ch: '\u{202E}',
        },
        TextRefusal::TooLong { len: 201, max: 200 },
    ];
    for e in &all {
        match e {
            TextRefusal::Control { .. } | TextRefusal::TooLong { .. } => {}
        }
    }
    all
}

fn warnings() -> Vec<PairingWarning> {
    let (w, b) = (PlayerId(1), PlayerId(2));
    let all = vec![
        PairingWarning::MetBefore {
            board: 1,
            white: w,
            black: b,
            rounds: vec![2, 4],
        },
        PairingWarning::ForbiddenPair {
            board: 2,
            white: w,
            black: b,
        },
        PairingWarning::SameUnit {
            board: 3,
            white: w,
            black: b,
            unit: "杭州".into(),
        },
        PairingWarning::AcrossGroups {
            board: 4,
            white: w,
            black: b,
        },
        PairingWarning::SameColourThreeTimes {
            board: 5,
            player: w,
            colour: Colour::White,
        },
        PairingWarning::ColourDifference {
            board: 6,
            player: b,
            difference: -3,
        },
        PairingWarning::PairedDespiteRequestedBye {
            board: 7,
            player: w,
            requested: ByeKind::HalfPoint,
        },
        PairingWarning::SecondPairingBye {
            player: PlayerId(8),
        },
        PairingWarning::SeveralPairingByes {
            players: vec![PlayerId(9), PlayerId(10)],
        },
        PairingWarning::Unpaired {
            player: PlayerId(11),
        },
    ];
    for e in &all {
        match e {
            PairingWarning::MetBefore { .. }
            | PairingWarning::ForbiddenPair { .. }
            | PairingWarning::SameUnit { .. }
            | PairingWarning::AcrossGroups { .. }
            | PairingWarning::SameColourThreeTimes { .. }
            | PairingWarning::ColourDifference { .. }
            | PairingWarning::PairedDespiteRequestedBye { .. }
            | PairingWarning::SecondPairingBye { .. }
            | PairingWarning::SeveralPairingByes { .. }
            | PairingWarning::Unpaired { .. } => {}
        }
    }
    all
}

fn import_errors() -> Vec<ImportError> {
    vec![
        ImportError {
            line: 3,
            field: Some("sex".into()),
            message: Message::new(
                "`x` is not a sex (m/f, 男/女)",
                "“x”不是有效的性别（m/f、男/女）",
            ),
        },
        ImportError {
            line: 0,
            field: None,
            message: Message::new(
                "no player (001) record in the file",
                "文件中没有棋手记录（001）",
            ),
        },
        ImportError {
            line: 5,
            field: Some("rating".into()),
            message: Message::new("a reader's own words", "读取程序的说明"),
        },
    ]
}

fn entry_errors() -> Vec<EntryError> {
    let all = vec![
        EntryError::FractionalRating {
            index: 2,
            rating: dec!(2400.5),
        },
        EntryError::EmptyRound { round: 2, last: 3 },
        EntryError::System,
    ];
    for e in &all {
        match e {
            EntryError::FractionalRating { .. }
            | EntryError::EmptyRound { .. }
            | EntryError::System => {}
        }
    }
    all
}

/// Both languages of one message: English the `Display`, Chinese without
/// an English sentence and with every `figures`.
fn check(en: &str, display: &str, zh: &str, figures: &[&str]) {
    if let Err(e) = check_message(display, en, zh, figures) {
        panic!("{e}");
    }
}

#[test]
fn desk_errors_in_both_languages() {
    let figures: [&[&str]; 17] = [
        &["2 名", "1 王天一"],
        &["轮数", "120"],
        &[],
        &["棋手 4", "等级分", "4100", "4000"],
        &["12"],
        &["第 3 轮第 2 台"],
        &["9"],
        &["1 名"],
        &["第 5 轮", "C.04.3", "1.9"],
        &["第 6 轮"],
        &["第 2 轮第 3 组", "`armageddon`"],
        &["第 4 轮", "第 7 台"],
        &["第 2 轮", "第 11 台"],
        &["重新编排序号"],
        &[],
        &["等级分规则"],
        &["3 李四", "cxa-2019"],
    ];
    for (e, f) in desk_errors().iter().zip(figures) {
        check(&e.text(Lang::En), &e.to_string(), &e.text(Lang::Zh), f);
    }
    let e = &desk_errors()[3];
    assert_eq!(
        e.text(Lang::Zh),
        "棋手 4：“等级分”：4100 不是有效的等级分（0 至 4000）"
    );
    let e = &desk_errors()[1];
    assert_eq!(
        e.text(Lang::Zh),
        "设置有误：“轮数”：积分编排制为 1 至 99 轮，不能是 120 轮"
    );
}

#[test]
fn other_errors_in_both_languages() {
    for e in settings_errors() {
        check(
            &e.text(Lang::En),
            &e.to_string(),
            &e.text(Lang::Zh),
            &["第 3 轮", "2026-05-01", "2026-05-02"],
        );
    }
    for e in text_refusals() {
        check(&e.text(Lang::En), &e.to_string(), &e.text(Lang::Zh), &[]);
    }
    assert_eq!(
        text_refusals()[0].text(Lang::Zh),
        "第 2 个字符是 U+202E（控制字符或不可见的格式字符），请删去"
    );
    for e in warnings() {
        check(&e.text(Lang::En), &e.to_string(), &e.text(Lang::Zh), &[]);
    }
    assert_eq!(
        warnings()[6].text(Lang::Zh),
        "第7台：1号已申请本轮请假（记和）"
    );
    assert_eq!(warnings()[8].text(Lang::Zh), "本轮有2名棋手轮空：9号、10号");
    let figures: [&[&str]; 3] = [
        &["第 3 行", "性别", "“x”"],
        &["001"],
        &["第 5 行", "等级分"],
    ];
    for (e, f) in import_errors().iter().zip(figures) {
        check(&e.text(Lang::En), &e.to_string(), &e.text(Lang::Zh), f);
    }
    for e in entry_errors() {
        let zh = e.text(Lang::Zh);
        assert!(english_phrases(&zh).is_empty(), "{zh}");
        assert!(
            zh.contains(&format!("`{}`", e.field())) || zh.contains("`settings.system`"),
            "{zh}"
        );
    }
}

/// The desk's own reasons, as it gives them, come out in Chinese (not the
/// general sentence).
#[test]
fn reasons_the_desk_gives_are_worded() {
    use qiyuan_desk::{GameKind, settings::EventSettings};
    let mut s = EventSettings::swiss("城市赛", GameKind::Xiangqi, 7);
    s.rating_profile = Some("fide-2024".into());
    let e = s.validate().unwrap_err();
    assert!(
        !e.text(Lang::Zh).contains("不在允许范围内"),
        "{}",
        e.text(Lang::Zh)
    );
    let s = EventSettings::swiss("", GameKind::Chess, 7);
    assert_eq!(
        s.validate().unwrap_err().text(Lang::Zh),
        "设置有误：“赛事名称”：赛事需要名称"
    );
    let e = qiyuan_desk::PlayerInfo::new(" ").validate(5).unwrap_err();
    assert_eq!(e.text(Lang::Zh), "棋手 5：“姓名”：棋手需要姓名");
}
