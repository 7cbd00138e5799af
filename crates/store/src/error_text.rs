//! Every error of the store in both languages (issue 15): the English is
//! the `Display` text, the Chinese has no English sentence (a driver's or a
//! file's own words quoted in backticks) and keeps the figures. A unit test
//! (not `tests/`) because the enums are `#[non_exhaustive]`: only here can
//! a `match` without a wildcard arm make a new variant fail to compile
//! until it has an example.

use chrono::NaiveDate;
use qiyuan_rating::Lang;
use qiyuan_vocab::check_message;

use crate::StoreError as E;
use crate::error::ResultConflict;
use crate::points::PointsError;

fn d(s: &str) -> NaiveDate {
    s.parse().unwrap()
}

/// One example of every variant, with the figures its Chinese must keep.
fn store_errors() -> Vec<(E, Vec<&'static str>)> {
    let event_file =
        qiyuan_formats::event::read_event("{\"name\": 3}", "赛事.json", None).unwrap_err();
    let profile = qiyuan_rating::Profile::builtin("no-such-profile").unwrap_err();
    let all = vec![
        (
            E::Connect {
                url: "postgres://office@db/qiyuan".into(),
                source: sqlx::Error::PoolTimedOut,
            },
            vec!["postgres://office@db/qiyuan"],
        ),
        (
            E::Migrate(sqlx::migrate::MigrateError::VersionMissing(7)),
            vec!["7"],
        ),
        (E::Db(sqlx::Error::RowNotFound), vec![]),
        (E::Commit(sqlx::Error::PoolClosed), vec![]),
        (E::Rollback(sqlx::Error::PoolClosed), vec![]),
        (
            E::Io {
                what: "cannot create the folder /srv/qiyuan".into(),
                source: std::io::Error::other("disk full"),
            },
            vec!["/srv/qiyuan"],
        ),
        (
            E::Corrupt {
                what: "unknown list status `x`".into(),
            },
            vec![],
        ),
        (
            E::DuplicateEvent {
                file: "open.json".into(),
                event_id: 4,
                name: "城市赛".into(),
                audit_id: 17,
            },
            vec!["open.json", "#4", "#17", "城市赛"],
        ),
        (
            E::DuplicateInBatch {
                file: "b.json".into(),
                first: "a.json".into(),
            },
            vec!["b.json", "a.json"],
        ),
        (
            E::DuplicateList {
                file: "list.csv".into(),
                list_id: 3,
                audit_id: 9,
            },
            vec!["list.csv", "#3", "#9"],
        ),
        (
            E::DuplicateListId {
                file: "list.csv".into(),
                id: 1201,
                first_line: 4,
                second_line: 8,
            },
            vec!["list.csv:8", "1201", "第 4 行"],
        ),
        (
            E::UnknownPlayers {
                file: "open.json".into(),
                missing: (1..=11).map(|i| (i, format!("棋手{i}"))).collect(),
            },
            vec!["open.json", "11 名", "1 棋手1", "10 棋手10", "…"],
        ),
        (
            E::PlayerMismatch {
                file: "open.json".into(),
                id: 1201,
                name_in_file: "王天一".into(),
                name_on_list: "王天二".into(),
                sex_in_file: "m",
                sex_on_list: "f".into(),
            },
            vec!["open.json", "1201", "王天一", "王天二", "为男", "为女"],
        ),
        (E::EventFile(event_file), vec!["赛事.json"]),
        (E::Profile(profile), vec![]),
        (
            E::WrongGame {
                file: "open.json".into(),
                event_game: "chess".into(),
                profile: "cxa-2019".into(),
                profile_game: "xiangqi".into(),
            },
            vec!["open.json", "cxa-2019", "国际象棋", "象棋"],
        ),
        (
            E::NoEndDate {
                file: "open.json".into(),
            },
            vec!["open.json", "\"end\""],
        ),
        (
            E::ClosedPeriod {
                file: "open.json".into(),
                end: d("2026-03-20"),
                published: d("2026-04-01"),
            },
            vec!["open.json", "2026-03-20", "2026-04-01"],
        ),
        (
            E::OutsidePeriods {
                file: "open.json".into(),
                reason: "the calendar's words".into(),
            },
            vec!["open.json"],
        ),
        (
            E::NotAListDate {
                date: d("2026-02-01"),
                profile: "cxa-2019".into(),
                dates: "01-01, 07-01".into(),
            },
            vec!["2026-02-01", "cxa-2019", "01-01, 07-01"],
        ),
        (
            E::NoBaseList {
                date: d("2026-07-01"),
                series: "cxa-2019".into(),
            },
            vec!["2026-07-01", "cxa-2019", "`qiyuan office import-list"],
        ),
        (
            E::MissingList {
                list_date: d("2026-07-01"),
                previous: d("2026-01-01"),
                latest: d("2025-07-01"),
            },
            vec!["2026-07-01", "2026-01-01", "2025-07-01"],
        ),
        (E::NothingToPublish, vec!["`qiyuan office period"]),
        (E::Rating("the engine's words".into()), vec![]),
        (E::NoSuchPlayer(1201), vec!["1201"]),
        (
            E::AlreadySubmitted {
                desk_event_id: 5,
                submission: 2,
            },
            vec!["#5", "#2"],
        ),
        (E::NotFinished(5), vec!["#5"]),
        (E::NoRatingProfile(5), vec!["#5"]),
        (
            E::SexUnknown {
                names: vec!["新秀".into(), "老将".into()],
            },
            vec!["新秀、老将"],
        ),
        (E::NoSuchSubmission(8), vec!["#8"]),
        (E::NotPending(8), vec!["#8"]),
        (E::NoSuchList(6), vec!["#6"]),
        (E::NotADraft(6), vec!["#6"]),
        (
            E::IdentityUnconfirmed {
                list_id: 6,
                changes: 2,
                first: "1201 王天一 → 王天二".into(),
            },
            vec!["#6", "2 名", "1201 王天一 → 王天二", "--confirm-identity"],
        ),
        (E::NoSuchDeskEvent(5), vec!["5"]),
        (
            E::NothingToUndo {
                event_id: 5,
                why: "players of the last import are paired already: 3 李四, 4 张三".into(),
            },
            vec!["#5", "3 李四、4 张三"],
        ),
        (
            E::NoSuchGame {
                event_id: 5,
                game_id: 40,
            },
            vec!["#5", "#40"],
        ),
        (
            E::Conflict(Box::new(conflict())),
            vec!["#40", "第 2 轮第 3 台", "裁判甲"],
        ),
        (
            E::Desk(qiyuan_desk::DeskError::RoundIncomplete { round: 2, board: 3 }),
            vec!["第 2 轮第 3 台"],
        ),
        (
            E::NoActor {
                operation: "import_event",
            },
            vec!["`import_event`", "`qiyuan office --by`"],
        ),
    ];
    for (e, _) in &all {
        match e {
            E::Connect { .. }
            | E::Migrate(_)
            | E::Db(_)
            | E::Commit(_)
            | E::Rollback(_)
            | E::Io { .. }
            | E::Corrupt { .. }
            | E::DuplicateEvent { .. }
            | E::DuplicateInBatch { .. }
            | E::DuplicateList { .. }
            | E::DuplicateListId { .. }
            | E::UnknownPlayers { .. }
            | E::PlayerMismatch { .. }
            | E::EventFile(_)
            | E::Profile(_)
            | E::WrongGame { .. }
            | E::NoEndDate { .. }
            | E::ClosedPeriod { .. }
            | E::OutsidePeriods { .. }
            | E::NotAListDate { .. }
            | E::NoBaseList { .. }
            | E::MissingList { .. }
            | E::NothingToPublish
            | E::Rating(_)
            | E::NoSuchPlayer(_)
            | E::AlreadySubmitted { .. }
            | E::NotFinished(_)
            | E::NoRatingProfile(_)
            | E::SexUnknown { .. }
            | E::NoSuchSubmission(_)
            | E::NotPending(_)
            | E::NoSuchList(_)
            | E::NotADraft(_)
            | E::IdentityUnconfirmed { .. }
            | E::NoSuchDeskEvent(_)
            | E::NothingToUndo { .. }
            | E::NoSuchGame { .. }
            | E::Conflict(_)
            | E::Desk(_)
            | E::NoActor { .. } => {}
        }
    }
    all
}

fn conflict() -> ResultConflict {
    ResultConflict {
        game_id: 40,
        round: 2,
        board: 3,
        white: "1 王天一".into(),
        black: "2 唐丹".into(),
        by: "裁判甲".into(),
        current: qiyuan_vocab::GameResult::WhiteWins,
        version: 3,
        expected: 2,
    }
}

fn points_errors() -> Vec<(PointsError, Vec<&'static str>)> {
    let rejected = qiyuan_rating::online::OnlineError::UnknownSystem {
        name: "x".into(),
        known: "elo".into(),
    };
    let all = vec![
        (
            PointsError::UnknownSystem { name: "blitz".into(), known: "elo, glicko2".into() },
            vec!["`blitz`", "elo, glicko2"],
        ),
        (
            PointsError::InvalidGame {
                id: "g7".into(),
                field: "result",
                message: "`2-0` is not a result; expected \"1-0\", \"0-1\", \"1/2-1/2\", \"+-\" or \"-+\""
                    .into(),
            },
            vec!["g7", "`result`", "`2-0`", "\"1/2-1/2\""],
        ),
        (PointsError::Rejected(rejected), vec![]),
        (PointsError::Store(std::sync::Arc::new(E::NoSuchPlayer(3))), vec!["3"]),
        (PointsError::Stopped, vec![]),
    ];
    for (e, _) in &all {
        match e {
            PointsError::UnknownSystem { .. }
            | PointsError::InvalidGame { .. }
            | PointsError::Rejected(_)
            | PointsError::Store(_)
            | PointsError::Stopped => {}
        }
    }
    all
}

fn check(en: String, display: String, zh: &str, figures: &[&str]) {
    if let Err(e) = check_message(&display, &en, zh, figures) {
        panic!("{e}");
    }
}

#[test]
fn store_errors_in_both_languages() {
    for (e, figures) in store_errors() {
        check(e.text(Lang::En), e.to_string(), &e.text(Lang::Zh), &figures);
    }
    let c = conflict();
    check(
        c.text(Lang::En),
        c.to_string(),
        &c.text(Lang::Zh),
        &["#40", "版本 2", "版本 3"],
    );
    assert_eq!(
        E::DuplicateListId {
            file: "list.csv".into(),
            id: 1201,
            first_line: 4,
            second_line: 8
        }
        .text(Lang::Zh),
        "list.csv:8：编号 1201 已出现在第 4 行"
    );
    assert_eq!(
        E::NoSuchGame {
            event_id: 5,
            game_id: 40
        }
        .text(Lang::Zh),
        "赛事 #5 没有对局 #40"
    );
}

#[test]
fn points_errors_in_both_languages() {
    for (e, figures) in points_errors() {
        check(e.text(Lang::En), e.to_string(), &e.text(Lang::Zh), &figures);
    }
}
