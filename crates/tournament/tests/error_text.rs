//! Every error of the crate in both languages (issue 15): the English is
//! the `Display` text, the Chinese has no English sentence and keeps the
//! round, board, game and player numbers of the English.

use qiyuan_tournament::PlayerId;
use qiyuan_tournament::knockout::KnockoutError;
use qiyuan_tournament::model::ModelError;
use qiyuan_tournament::standings::StandingsError;
use qiyuan_tournament::team::{TeamError, TeamId};
use qiyuan_tournament::tiebreak::TieBreakParseError;
use qiyuan_vocab::{Lang, check_message};

/// English = Display, no English sentence in the Chinese, every figure of
/// `figures` in the Chinese.
fn check(en: &str, display: &str, zh: &str, figures: &[String]) {
    let figures: Vec<&str> = figures.iter().map(String::as_str).collect();
    if let Err(e) = check_message(display, en, zh, &figures) {
        panic!("{e}");
    }
}

/// The numbers in an English text (each run of digits).
fn numbers(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect()
}

fn p(n: u32) -> PlayerId {
    PlayerId(n)
}

fn model_errors() -> Vec<ModelError> {
    let all = vec![
        ModelError::DuplicatePlayer(p(4)),
        ModelError::ZeroId,
        ModelError::UnknownPlayer {
            round: 2,
            player: p(31),
        },
        ModelError::UnknownRound(5),
        ModelError::TooManyRounds(9),
        ModelError::SelfPairing {
            round: 3,
            player: p(12),
        },
        ModelError::AlreadyPaired {
            round: 4,
            player: p(8),
        },
        ModelError::Inactive {
            round: 6,
            player: p(17),
        },
        ModelError::NoSuchGame {
            round: 7,
            white: p(21),
        },
        ModelError::BadParticipation {
            player: p(3),
            what: "first round must be at least 1".into(),
        },
        ModelError::BadParticipation {
            player: p(3),
            what: "already paired in round 5, after the withdrawal".into(),
        },
        // The desk's wording of the same refusal.
        ModelError::BadParticipation {
            player: p(3),
            what: "already paired in round 5, after the withdrawal; record that game as a forfeit first"
                .into(),
        },
    ];
    for e in &all {
        match e {
            ModelError::DuplicatePlayer(_)
            | ModelError::ZeroId
            | ModelError::UnknownPlayer { .. }
            | ModelError::UnknownRound(_)
            | ModelError::TooManyRounds(_)
            | ModelError::SelfPairing { .. }
            | ModelError::AlreadyPaired { .. }
            | ModelError::Inactive { .. }
            | ModelError::NoSuchGame { .. }
            | ModelError::BadParticipation { .. } => {}
        }
    }
    all
}

fn standings_errors() -> Vec<StandingsError> {
    let all = vec![
        StandingsError::Pending {
            round: 3,
            player: p(14),
        },
        StandingsError::RoundNotEntered {
            requested: 7,
            entered: 5,
        },
    ];
    for e in &all {
        match e {
            StandingsError::Pending { .. } | StandingsError::RoundNotEntered { .. } => {}
        }
    }
    all
}

fn tiebreak_errors() -> Vec<TieBreakParseError> {
    let all = vec![
        "XYZ".parse::<qiyuan_tournament::TieBreak>().unwrap_err(),
        TieBreakParseError::BadModifier {
            code: "BH/Q".into(),
            modifier: "Q".into(),
        },
        TieBreakParseError::UnknownPreset("no-such".into()),
    ];
    for e in &all {
        match e {
            TieBreakParseError::UnknownCode(_)
            | TieBreakParseError::BadModifier { .. }
            | TieBreakParseError::UnknownPreset(_) => {}
        }
    }
    all
}

fn team_errors() -> Vec<TeamError> {
    let t = TeamId;
    let all = vec![
        TeamError::DuplicateTeam(t(2)),
        TeamError::UnknownTeam {
            round: 1,
            team: t(9),
        },
        TeamError::AlreadyPaired {
            round: 2,
            team: t(3),
        },
        TeamError::Boards {
            round: 3,
            home: t(1),
            away: t(4),
            found: 3,
            boards: 4,
        },
        TeamError::LineUp {
            round: 4,
            team: t(5),
            player: p(23),
        },
        TeamError::Invalid {
            round: 6,
            what: "no such round".into(),
        },
        TeamError::Invalid {
            round: 2,
            what: "team 7 paired against itself".into(),
        },
    ];
    for e in &all {
        match e {
            TeamError::DuplicateTeam(_)
            | TeamError::UnknownTeam { .. }
            | TeamError::AlreadyPaired { .. }
            | TeamError::Boards { .. }
            | TeamError::LineUp { .. }
            | TeamError::Invalid { .. } => {}
        }
    }
    all
}

fn knockout_errors() -> Vec<KnockoutError> {
    let all = vec![
        KnockoutError::TooFewEntrants(1),
        KnockoutError::TooManyEntrants(2_000_000),
        KnockoutError::DuplicateEntrant(p(6)),
        KnockoutError::NotPowerOfTwo(6),
        KnockoutError::NoSuchTie { round: 2, tie: 9 },
        KnockoutError::TieNotReady { round: 3, tie: 1 },
        KnockoutError::NotInTie {
            round: 1,
            tie: 4,
            player: p(11),
        },
        KnockoutError::AlreadyAdvanced { round: 2, tie: 3 },
        KnockoutError::MatchUndecided { round: 1, tie: 2 },
        KnockoutError::BadRules("no phase".into()),
        KnockoutError::BadRules("phase `rapid` has no game".into()),
        KnockoutError::BadRules("a team match needs boards".into()),
        KnockoutError::BadRules("a win must be worth more than a loss".into()),
        KnockoutError::MatchOver(5),
        KnockoutError::BadGame {
            game: 3,
            what: "the result is not known yet".into(),
        },
        KnockoutError::BadGame {
            game: 2,
            what: "a double forfeit cannot decide a match game".into(),
        },
    ];
    for e in &all {
        match e {
            KnockoutError::TooFewEntrants(_)
            | KnockoutError::TooManyEntrants(_)
            | KnockoutError::DuplicateEntrant(_)
            | KnockoutError::NotPowerOfTwo(_)
            | KnockoutError::NoSuchTie { .. }
            | KnockoutError::TieNotReady { .. }
            | KnockoutError::NotInTie { .. }
            | KnockoutError::AlreadyAdvanced { .. }
            | KnockoutError::MatchUndecided { .. }
            | KnockoutError::BadRules(_)
            | KnockoutError::MatchOver(_)
            | KnockoutError::BadGame { .. } => {}
        }
    }
    all
}

/// The words a description falls back to when it is not one this crate
/// (or the desk) gives: no example may reach them.
const FALLBACKS: [&str; 4] = ["参赛轮次有误", "编排有误", "规则有误", "成绩不能用于"];

fn check_all(en: String, display: String, zh: String) {
    for f in FALLBACKS {
        assert!(!zh.contains(f), "{en} → {zh}");
    }
    let figures = numbers(&en);
    check(&en, &display, &zh, &figures);
}

#[test]
fn every_error_in_both_languages() {
    for e in model_errors() {
        check_all(e.text(Lang::En), e.to_string(), e.text(Lang::Zh));
    }
    for e in standings_errors() {
        check_all(e.text(Lang::En), e.to_string(), e.text(Lang::Zh));
    }
    for e in tiebreak_errors() {
        check_all(e.text(Lang::En), e.to_string(), e.text(Lang::Zh));
    }
    for e in team_errors() {
        check_all(e.text(Lang::En), e.to_string(), e.text(Lang::Zh));
    }
    for e in knockout_errors() {
        check_all(e.text(Lang::En), e.to_string(), e.text(Lang::Zh));
    }
}

#[test]
fn chinese_wordings() {
    assert_eq!(
        ModelError::Inactive {
            round: 6,
            player: p(17)
        }
        .text(Lang::Zh),
        "第 6 轮：17 号棋手不参加本轮（迟到报名或已退赛）"
    );
    assert_eq!(
        model_errors()[11].text(Lang::Zh),
        "3 号棋手：退赛之后仍在第 5 轮被编排；请先将该局记为弃权"
    );
    assert_eq!(
        StandingsError::Pending {
            round: 3,
            player: p(14)
        }
        .text(Lang::Zh),
        "第 3 轮：14 号棋手的对局尚无成绩"
    );
    assert_eq!(
        KnockoutError::BadRules("phase `rapid` has no game".into()).text(Lang::Zh),
        "比赛规则：阶段 `rapid` 没有对局"
    );
    let preset = TieBreakParseError::UnknownPreset("no-such".into()).text(Lang::Zh);
    assert!(
        preset.starts_with("未知的破同分规则 `no-such`（可用：`"),
        "{preset}"
    );
    for (name, _) in qiyuan_tournament::tiebreak::PRESETS {
        assert!(preset.contains(&format!("`{name}`")), "{preset}");
    }
    assert_eq!(
        TeamError::Invalid {
            round: 2,
            what: "team 7 paired against itself".into()
        }
        .text(Lang::Zh),
        "第 2 轮：7 号队与自己配对"
    );
}

/// Every literal description the crate gives, read from its source, is
/// among the examples above (so each has its Chinese).
#[test]
fn the_examples_hold_every_description() {
    let mut given = Vec::new();
    for source in [
        include_str!("../src/model.rs"),
        include_str!("../src/team.rs"),
        include_str!("../src/knockout.rs"),
    ] {
        for marker in ["what: \"", "BadRules(\"", "BadRules(\n                \""] {
            for part in source.split(marker).skip(1) {
                given.push(part[..part.find('"').unwrap()].to_string());
            }
        }
    }
    assert!(given.len() >= 6, "{given:?}");
    let english: Vec<String> = model_errors()
        .iter()
        .map(ToString::to_string)
        .chain(team_errors().iter().map(ToString::to_string))
        .chain(knockout_errors().iter().map(ToString::to_string))
        .collect();
    for g in given {
        assert!(
            english.iter().any(|e| e.contains(&g)),
            "no example says {g:?}"
        );
    }
}
