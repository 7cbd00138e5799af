//! Every error of the crate in both languages (issue 15): one example of
//! every variant of every error type, each held to three rules —
//! `text(Lang::En)` is the `Display` text, `text(Lang::Zh)` has no English
//! sentence ([`english_phrases`]), and the Chinese keeps the figures (line,
//! column, round, player numbers …) of the English.
//!
//! The `match`es without a wildcard arm make a new variant fail to compile
//! here until it has an example.

use qiyuan_rating::Lang;
use qiyuan_rating::model as rm;
use qiyuan_vocab::{check_message, digit_runs, english_phrases};
use rust_decimal::Decimal;

use crate::columns::DuplicateColumn;
use crate::event::RecordMismatch;
use crate::event::{EventFileError, EventFileErrorKind, read_event, read_event_path};
use crate::list::ListFileError;
use crate::pgn::xiangqi::{XiangqiErrorKind, XiangqiPgnError, read_xiangqi_pgn};
use crate::pgn::{PgnError, PgnErrorKind, read_pgn};
use crate::points_state::StateError;
use crate::rating_event::{IdMapError, TrfEventError, read_id_map};
use crate::sheet::{Limits, SheetError, read_sheet};
use crate::text::DecodeError;
use crate::trf::{
    Field, ResultCode, TrfError, TrfErrorKind, TrfWarning, TrfWarningKind, TrfWriteError, parse_trf,
};
use crate::trf_model::{Inconsistency, TrfModelError};
use crate::trf_swiss::{PointsMismatch, TrfSwissError};
use crate::xqf::{XqfError, XqfWriteError, read_xqf};

/// One error's two texts and its `Display`.
struct Example {
    en: String,
    display: String,
    zh: String,
}

macro_rules! example {
    ($e:expr) => {{
        let e = &$e;
        Example {
            en: e.text(Lang::En),
            display: e.to_string(),
            zh: e.text(Lang::Zh),
        }
    }};
}

fn check_all(examples: &[Example]) {
    for x in examples {
        if let Err(e) = check_message(&x.display, &x.en, &x.zh, &digit_runs(&x.en)) {
            panic!("{e}");
        }
    }
}

// ---------------------------------------------------------------- TRF

fn fields() -> Vec<Field> {
    let v = vec![
        Field::RecordCode,
        Field::Separator,
        Field::StartNumber,
        Field::Sex,
        Field::Title,
        Field::Name,
        Field::Rating,
        Field::Federation,
        Field::FideId,
        Field::BirthDate,
        Field::Points,
        Field::Rank,
        Field::Opponent(3),
        Field::Colour(4),
        Field::Result(5),
        Field::RoundDate(6),
        Field::NumberOfRounds,
        Field::InitialColour,
        Field::PointCode,
        Field::PointValue,
        Field::AbnormalType,
        Field::ByeType,
        Field::Round,
        Field::FirstRound,
        Field::LastRound,
        Field::PlayerId,
        Field::TeamName,
        Field::XxcOption,
        Field::XxsCode,
    ];
    for f in &v {
        match f {
            Field::RecordCode
            | Field::Separator
            | Field::StartNumber
            | Field::Sex
            | Field::Title
            | Field::Name
            | Field::Rating
            | Field::Federation
            | Field::FideId
            | Field::BirthDate
            | Field::Points
            | Field::Rank
            | Field::Opponent(_)
            | Field::Colour(_)
            | Field::Result(_)
            | Field::RoundDate(_)
            | Field::NumberOfRounds
            | Field::InitialColour
            | Field::PointCode
            | Field::PointValue
            | Field::AbnormalType
            | Field::ByeType
            | Field::Round
            | Field::FirstRound
            | Field::LastRound
            | Field::PlayerId
            | Field::TeamName
            | Field::XxcOption
            | Field::XxsCode => {}
        }
    }
    v
}

/// Every `expected` the reader writes in [`TrfErrorKind::Invalid`].
const TRF_EXPECTED: [&str; 15] = [
    "a number that fits its columns",
    "nothing after the number",
    "m, w or blank",
    "YYYY/MM/DD, month and day 00 if unknown, or YYYY",
    "w, b, - or blank",
    "one of 1 = 0 + - W D L H F U Z or blank",
    "a date YY/MM/DD",
    "the date to start at the round's column",
    "W or B at column 5",
    "one of W D L A P X",
    "F, H or Z",
    "one of W D L F H Z + - or blank",
    "rank, white1 or black1",
    "CODE=VALUE",
    "one of WW BW WD BD WL BL ZPB HPB FPB PAB FW FL W D",
];

fn trf_kinds() -> Vec<TrfErrorKind> {
    let mut v = vec![
        TrfErrorKind::Missing { length: 80 },
        TrfErrorKind::ExpectedSpace { found: 'x' },
        TrfErrorKind::NotANumber { text: "1O".into() },
        TrfErrorKind::OutOfRange {
            value: 0,
            min: 1,
            max: 999,
        },
        TrfErrorKind::DuplicateStartNumber {
            number: 7,
            first_line: 12,
        },
        TrfErrorKind::UnknownOpponent { opponent: 41 },
        TrfErrorKind::ControlCharacter { found: '\t' },
        TrfErrorKind::SelfPairing { opponent: 5 },
    ];
    v.extend(TRF_EXPECTED.iter().map(|expected| TrfErrorKind::Invalid {
        text: "q".into(),
        expected,
    }));
    for k in &v {
        match k {
            TrfErrorKind::Missing { .. }
            | TrfErrorKind::ExpectedSpace { .. }
            | TrfErrorKind::NotANumber { .. }
            | TrfErrorKind::OutOfRange { .. }
            | TrfErrorKind::Invalid { .. }
            | TrfErrorKind::DuplicateStartNumber { .. }
            | TrfErrorKind::UnknownOpponent { .. }
            | TrfErrorKind::ControlCharacter { .. }
            | TrfErrorKind::SelfPairing { .. } => {}
        }
    }
    v
}

fn trf_warning_kinds() -> Vec<TrfWarningKind> {
    let v = vec![
        TrfWarningKind::NotReciprocal {
            round: 2,
            player: 3,
            opponent: 4,
            back: Some(5),
        },
        TrfWarningKind::NotReciprocal {
            round: 2,
            player: 3,
            opponent: 4,
            back: None,
        },
        TrfWarningKind::SameColour {
            round: 2,
            player: 3,
            opponent: 4,
            colour: 'w',
        },
        TrfWarningKind::ResultsDisagree {
            round: 2,
            player: 3,
            opponent: 4,
            result: ResultCode::Win,
            theirs: ResultCode::Win,
        },
        TrfWarningKind::ResultWithoutOpponent {
            round: 2,
            player: 3,
            result: ResultCode::Draw,
        },
        TrfWarningKind::ByeWithOpponent {
            round: 2,
            player: 3,
            opponent: 4,
            result: ResultCode::HalfPointBye,
        },
        TrfWarningKind::PointsMismatch {
            player: 3,
            declared: Decimal::new(25, 1),
            computed: Decimal::new(30, 1),
        },
        TrfWarningKind::SeveralPairingAllocatedByes { round: 6, count: 2 },
        TrfWarningKind::UnknownPlayer {
            record: "XXA",
            id: 17,
        },
        TrfWarningKind::RoundCountsDisagree { n142: 9, xxr: 11 },
        TrfWarningKind::MoreRoundsThanTotal {
            total: 7,
            in_file: 8,
        },
        TrfWarningKind::NotADate {
            record: "042",
            text: "1 March 2026".into(),
        },
        TrfWarningKind::PlayerCountMismatch {
            declared: "30".into(),
            actual: 28,
        },
    ];
    for k in &v {
        match k {
            TrfWarningKind::NotReciprocal { .. }
            | TrfWarningKind::SameColour { .. }
            | TrfWarningKind::ResultsDisagree { .. }
            | TrfWarningKind::ResultWithoutOpponent { .. }
            | TrfWarningKind::ByeWithOpponent { .. }
            | TrfWarningKind::PointsMismatch { .. }
            | TrfWarningKind::SeveralPairingAllocatedByes { .. }
            | TrfWarningKind::UnknownPlayer { .. }
            | TrfWarningKind::RoundCountsDisagree { .. }
            | TrfWarningKind::MoreRoundsThanTotal { .. }
            | TrfWarningKind::NotADate { .. }
            | TrfWarningKind::PlayerCountMismatch { .. } => {}
        }
    }
    v
}

fn trf_examples() -> Vec<Example> {
    let mut out = Vec::new();
    for f in fields() {
        assert_eq!(f.text(Lang::En), f.to_string());
        assert!(english_phrases(&f.text(Lang::Zh)).is_empty(), "{f}");
        for kind in trf_kinds() {
            out.push(example!(TrfError {
                line: 14,
                column: 92,
                field: f,
                kind,
            }));
        }
    }
    // Errors of the reader itself.
    for text in [
        "XXR 0\n",
        "012 T\n001    1      A                                                                  1.0          2 w 1\n",
        "001    1      A                                                                  1.0          2 x 1\n",
    ] {
        out.push(example!(parse_trf(text).unwrap_err()));
    }
    for kind in trf_warning_kinds() {
        out.push(example!(TrfWarning {
            line: 3,
            column: 97,
            kind,
        }));
    }
    let file = parse_trf("042 1 March 2026\n").unwrap();
    for w in file.check() {
        out.push(example!(w));
    }
    for width in [Some(4), None] {
        out.push(example!(TrfWriteError {
            record: 4,
            field: Field::Rating,
            value: "12345".into(),
            width,
        }));
    }
    let model = [
        TrfModelError::Inconsistent {
            line: 3,
            round: 2,
            player: 1,
            what: Inconsistency::UnknownOpponent { opponent: 9 },
        },
        TrfModelError::Inconsistent {
            line: 3,
            round: 2,
            player: 1,
            what: Inconsistency::NotNamedBack {
                opponent: 9,
                player: 1,
            },
        },
        TrfModelError::Inconsistent {
            line: 3,
            round: 2,
            player: 1,
            what: Inconsistency::Results {
                ours: '1',
                theirs: '1',
            },
        },
        TrfModelError::Model {
            line: 6,
            source: qiyuan_tournament::model::ModelError::UnknownRound(4),
        },
    ];
    for e in &model {
        match e {
            TrfModelError::Inconsistent { what, .. } => {
                match what {
                    Inconsistency::UnknownOpponent { .. }
                    | Inconsistency::NotNamedBack { .. }
                    | Inconsistency::Results { .. } => {}
                }
                out.push(example!(e));
            }
            TrfModelError::Model { .. } => out.push(example!(e)),
        }
    }
    let mismatch = PointsMismatch {
        line: 4,
        start_rank: 2,
        name: "Li, Si".into(),
        round: 3,
        declared: Decimal::new(30, 1),
        computed: Decimal::new(25, 1),
    };
    out.push(example!(mismatch));
    let swiss = [
        TrfSwissError::NoPlayers,
        TrfSwissError::Trf(parse_trf("XXR 0\n").unwrap_err()),
        TrfSwissError::PointsMismatch(vec![mismatch.clone(), mismatch]),
    ];
    for e in &swiss {
        match e {
            TrfSwissError::NoPlayers | TrfSwissError::Trf(_) | TrfSwissError::PointsMismatch(_) => {
            }
        }
        out.push(example!(e));
    }
    out
}

#[test]
fn trf_errors_in_both_languages() {
    check_all(&trf_examples());
    let e = parse_trf("012 T\n001    1      A                                                                  1.0          2 w 1\n")
        .unwrap_err();
    assert_eq!(
        e.text(Lang::Zh),
        "第 2 行第 92 列：第 1 轮对手：2 不是本文件中的棋手"
    );
    let e = parse_trf("001    1      A                                                                  1.0          2 x 1\n")
        .unwrap_err();
    assert_eq!(
        e.text(Lang::Zh),
        "第 1 行第 97 列：第 1 轮颜色：“x”无效（应为 w、b、- 或空白）"
    );
}

// ------------------------------------------------------- rating events

fn rating_event_examples() -> Vec<Example> {
    let mut out = Vec::new();
    let errors = [
        TrfEventError::Trf(TrfModelError::Inconsistent {
            line: 3,
            round: 2,
            player: 1,
            what: Inconsistency::UnknownOpponent { opponent: 9 },
        }),
        TrfEventError::NoSex {
            start_rank: 4,
            name: "Li Si".into(),
        },
        TrfEventError::NoFideId(vec!["3 Li Si".into(), "5 张三".into()]),
        TrfEventError::Unmapped(vec!["3 Li Si".into()]),
        TrfEventError::SameListId {
            list_id: 501,
            first: "1 甲".into(),
            second: "2 乙".into(),
        },
        TrfEventError::IdTooLarge("3 Li Si".into(), 99_999_999_999),
        TrfEventError::Event(rm::EventError::Team("team A is listed twice".into())),
    ];
    for e in &errors {
        match e {
            TrfEventError::Event(_) => out.push(example!(e)),
            TrfEventError::Trf(_)
            | TrfEventError::NoSex { .. }
            | TrfEventError::NoFideId(_)
            | TrfEventError::Unmapped(_)
            | TrfEventError::SameListId { .. }
            | TrfEventError::IdTooLarge(..) => out.push(example!(e)),
        }
    }
    // Every message of the mapping file's reader.
    for (text, line) in [
        ("rank,list\n1,2\n", Some(1)),
        ("start_rank,id\nx,501\n", Some(2)),
        ("start_rank,id\n1,501\n1,502\n", Some(3)),
        ("start_rank,id\n,501\n", Some(2)),
        ("start_rank,id\n1,\n", Some(2)),
        ("", None),
    ] {
        let e: IdMapError = read_id_map(text.as_bytes(), "map.csv").unwrap_err();
        assert_eq!(e.line, line, "{e}");
        out.push(example!(e));
    }
    out
}

#[test]
fn rating_event_errors_in_both_languages() {
    check_all(&rating_event_examples());
    let e = read_id_map(b"start_rank,id\n1,\n", "map.csv").unwrap_err();
    assert_eq!(e.text(Lang::Zh), "map.csv：第 2 行：`id`：为空");
}

// ------------------------------------------------------------- tables

fn sheet_examples() -> Vec<Example> {
    let mut out = Vec::new();
    let tight = Limits {
        max_rows: 2,
        max_columns: 3,
        max_cell_chars: 5,
        ..Limits::players()
    };
    let csv: [&[u8]; 7] = [
        b"\xD0\xCF\x11\xE0rest",
        b"",
        b"name\nA\nB\nC\n",
        b"a,b,c,d\n",
        b"name\nabcdefgh\n",
        b"a,b\n1,2,3\n",
        b"name\n\"unclosed\n",
    ];
    for bytes in csv {
        if let Err(e) = read_sheet(bytes, "t.csv", &tight) {
            out.push(example!(e));
        }
    }
    // A file no encoding reads, and a zip that is no workbook.
    let e = read_sheet(&[0x81, 0x30, 0xFF, 0xFE, 0x00, 0x81], "x.csv", &tight);
    if let Err(e) = e {
        out.push(example!(e));
    }
    let e = read_sheet(b"PK\x03\x04 not a zip", "x.xlsx", &tight).unwrap_err();
    out.push(example!(e));
    // The messages a workbook gives, as the reader words them.
    for (en, zh) in [
        ("the workbook has no worksheet", "工作簿中没有工作表"),
        (
            "the workbook unpacks to 300 MB, more than the 100 MB allowed",
            "工作簿解压后有 300 MB，超过允许的 100 MB",
        ),
        (
            "a cell in column 300 (more than 256 columns)",
            "第 300 列有单元格（超过 256 列）",
        ),
    ] {
        out.push(example!(SheetError {
            file: "b.xlsx".into(),
            line: Some(2),
            message: en.into(),
            message_zh: zh.into(),
        }));
    }
    out.push(example!(DecodeError {
        guess: "Big5",
        bad: 3
    }));
    out.push(example!(DuplicateColumn {
        first: "编号".into(),
        second: "id".into(),
        key: "id",
    }));
    out
}

/// Every refusal of a list file, and every reason a row is refused (the
/// first refused row is [`crate::list::read_list`]'s error).
fn list_examples() -> Vec<Example> {
    let mut out = Vec::new();
    let header = "id,name,sex,rating,status,titles,birth,rated_games,highest,last_active,carried_since,fide_id\n";
    let rows = [
        ",甲,m,,,,,,,,,",
        "x,甲,m,,,,,,,,,",
        "1,,m,,,,,,,,,",
        "1,甲,x,,,,,,,,,",
        "1,甲,m,-5,,,,,,,,",
        "1,甲,m,2000,retired,,,,,,,",
        "1,甲,m,,active,,,,,,,",
        "1,甲,m,2000,,GM:soon,,,,,,",
        "1,甲,m,2000,,,1700,,,,,",
        "1,甲,m,2000,,,,many,,,,",
        "1,甲,m,2000,,,,,high,,,",
        "1,甲,m,2000,,,,,,2019-13-45,,",
        "1,甲,m,2000,,,,,,,later,",
        "1,甲,m,2000,,,,,,,,12e",
        "1,甲,m,2000,,,,,,,,\n1,乙,f,2000,,,,,,,,",
    ];
    for row in rows {
        let text = format!("{header}{row}\n");
        let e: ListFileError = crate::list::read_list(text.as_bytes(), "list.csv").unwrap_err();
        out.push(example!(e));
    }
    for text in ["编号,姓名\n1,甲\n", "编号,id,姓名,性别\n", ""] {
        let e = crate::list::read_list(text.as_bytes(), "list.csv").unwrap_err();
        out.push(example!(e));
    }
    let e = crate::list::read_list("id,name,sex\n1,\u{7}x,m\n".as_bytes(), "list.csv").unwrap_err();
    out.push(example!(e));
    out
}

#[test]
fn table_and_list_errors_in_both_languages() {
    check_all(&sheet_examples());
    let lists = list_examples();
    check_all(&lists);
    assert!(
        lists
            .iter()
            .any(|x| x.zh == "list.csv：第 2 行：“等级分”列：`-5` 不是 0 到 100000 之间的等级分"),
        "{:?}",
        lists.iter().map(|x| &x.zh).collect::<Vec<_>>()
    );
    let e = crate::list::read_list("编号,姓名\n1,甲\n".as_bytes(), "list.csv").unwrap_err();
    assert_eq!(
        e.text(Lang::Zh),
        "list.csv：第 1 行：“性别”列：缺少此列：表头至少须有编号、姓名、性别三列（现有：`编号`、`姓名`）"
    );
}

// --------------------------------------------------------- event files

/// An event file with `top` fields after `name`, `players` and `games`.
fn event(top: &str, players: &str, games: &str) -> String {
    format!(
        "{{\"name\": \"例\", \"game\": \"xiangqi\", \"system\": \"swiss\"{top},\n\
         \"players\": [{players}],\n\"games\": [{games}]}}"
    )
}

const TWO: &str = r#"{"id": 1, "name": "甲", "sex": "m"}, {"id": 2, "name": "乙", "sex": "f"}"#;

fn player(extra: &str) -> String {
    format!(
        r#"{{"id": 1, "name": "甲", "sex": "m"{extra}}}, {{"id": 2, "name": "乙", "sex": "f"}}"#
    )
}

fn game(fields: &str) -> String {
    format!("{{{fields}}}")
}

fn event_file_errors() -> Vec<EventFileError> {
    let g = |f: &str| event("", TWO, &game(f));
    let p = |extra: &str| event("", &player(extra), "");
    let top = |t: &str| event(t, TWO, "");
    let json = [
        // Syntax.
        r#"{"name": "#.to_string(),
        "  ".to_string(),
        // Shapes and fields.
        r#"{"nmae": "x"}"#.to_string(),
        r#"{"zzzzzzzzzzzz": 1}"#.to_string(),
        r#"{"name": "a", "name": "b"}"#.to_string(),
        "{}".to_string(),
        "[]".to_string(),
        r#"{"name": 5}"#.to_string(),
        r#"{"name": " "}"#.to_string(),
        // Player values.
        p(r#", "rating": "2000""#),
        p(r#", "rating": 1e50"#),
        p(r#", "rating": -5"#),
        p(r#", "rating": 0"#),
        p(r#", "rating": 50"#),
        p(r#", "rating": true"#),
        p(r#", "rated_games": 1.5"#),
        p(r#", "rated_games": -1"#),
        p(r#", "birth_year": 1700"#),
        p(r#", "computer": "yes""#),
        p(r#", "title": "Grand Master""#),
        p(r#", "federation": "C H N""#),
        event("", r#"{"id": 0, "name": "甲", "sex": "m"}"#, ""),
        event("", r#"{"id": 1, "name": "甲", "sex": "男"}"#, ""),
        event("", r#"{"id": 1, "name": "甲", "sex": "F"}"#, ""),
        event("", r#"{"id": 1, "name": "甲", "sex": "x"}"#, ""),
        event(
            "",
            &format!("{TWO}, {{\"id\": 2, \"name\": \"丙\", \"sex\": \"m\"}}"),
            "",
        ),
        // Event values.
        r#"{"name": "例", "game": "go"}"#.to_string(),
        r#"{"name": "例", "game": "chess", "system": "swis"}"#.to_string(),
        top(r#", "start": "2019/05/01""#),
        top(r#", "start": 5"#),
        top(r#", "start": "2019-05-03", "end": "2019-05-01""#),
        top(r#", "round_dates": 5"#),
        top(r#", "arbiters": 5"#),
        top(r#", "teams": 5"#),
        top(r#", "arbiters": [{"name": "王", "grade": "best"}]"#),
        top(r#", "time_control": "soon""#),
        top(r#", "teams": [{"name": "A"}, {"name": "A"}]"#),
        r#"{"name": "例", "game": "chess", "system": "swiss", "players": 5}"#.to_string(),
        r#"{"name": "例", "game": "chess", "system": "swiss", "players": [], "games": 5}"#
            .to_string(),
        // Games.
        g(r#""round": 0, "white": 1, "black": 2, "result": "1-0""#),
        g(r#""round": 1, "white": 1, "red": 1, "black": 2, "result": "1-0""#),
        g(r#""round": 1, "black": 2, "result": "1-0""#),
        g(r#""round": 1, "white": 1, "black": 2, "result": "2-0""#),
        g(r#""round": 1, "white": 1, "black": 2, "result": "bye""#),
        g(r#""round": 1, "white": 1, "result": "1-0""#),
        g(r#""round": 1, "white": 1, "black": 9, "result": "1-0""#),
        event(
            "",
            "",
            &game(r#""round": 1, "white": 1, "black": 9, "result": "1-0""#),
        ),
        g(r#""round": 1, "white": 1, "black": 1, "result": "1-0""#),
        g(r#""round": 1, "white": 1, "black": 2, "result": "1-0", "record": "r1.pgn#0""#),
        g(r##""round": 1, "white": 1, "black": 2, "result": "1-0", "record": "#3""##),
        event(
            "",
            TWO,
            &format!(
                "{}, {}",
                game(r#""round": 1, "white": 1, "black": 2, "result": "1-0""#),
                game(r#""round": 1, "white": 2, "black": 1, "result": "1-0""#)
            ),
        ),
        event(
            "",
            &format!("{TWO}, {{\"id\": 3, \"name\": \"丙\", \"sex\": \"m\"}}"),
            &format!(
                "{}, {}",
                game(r#""round": 1, "white": 1, "black": 2, "result": "1-0""#),
                game(r#""round": 1, "white": 3, "black": 1, "result": "1-0""#)
            ),
        ),
    ];
    let mut out: Vec<EventFileError> = json
        .iter()
        .map(|t| read_event(t, "例.json", None).expect_err(t))
        .collect();
    for toml in [
        "name = \"例\"\ngame = \"xiangqi\"\nsystem = \"swiss\"\ngames = []\n[[players]]\nid = 1\nname = \"甲\"\nsex = \"m\"\nrating = 0\n",
        "name = \"例\"\ngame = \"xiangqi\"\nsystem = \"swiss\"\nplayers = []\ngames = [1]\n",
        "name = = 1\n",
    ] {
        out.push(read_event(toml, "例.toml", None).expect_err(toml));
    }
    let dir = std::env::temp_dir().join(format!("qiyuan_error_text_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    out.push(read_event_path(&dir.join("none.json")).unwrap_err());
    let gbk = dir.join("gbk.json");
    std::fs::write(&gbk, b"{\"name\": \"\xC0\xFD\"}").unwrap();
    out.push(read_event_path(&gbk).unwrap_err());
    std::fs::remove_dir_all(&dir).unwrap();
    out
}

/// Every kind of event-file error, so that one without an example fails.
const EVENT_KINDS: [EventFileErrorKind; 13] = [
    EventFileErrorKind::Io,
    EventFileErrorKind::Encoding,
    EventFileErrorKind::Syntax,
    EventFileErrorKind::MissingField,
    EventFileErrorKind::UnknownField,
    EventFileErrorKind::DuplicateField,
    EventFileErrorKind::WrongType,
    EventFileErrorKind::InvalidValue,
    EventFileErrorKind::DuplicatePlayer,
    EventFileErrorKind::UnknownPlayer,
    EventFileErrorKind::SelfPairing,
    EventFileErrorKind::DuplicateGame,
    EventFileErrorKind::TwiceInRound,
];

#[test]
fn event_file_errors_in_both_languages() {
    let errors = event_file_errors();
    for kind in EVENT_KINDS {
        match kind {
            EventFileErrorKind::Io
            | EventFileErrorKind::Encoding
            | EventFileErrorKind::Syntax
            | EventFileErrorKind::MissingField
            | EventFileErrorKind::UnknownField
            | EventFileErrorKind::DuplicateField
            | EventFileErrorKind::WrongType
            | EventFileErrorKind::InvalidValue
            | EventFileErrorKind::DuplicatePlayer
            | EventFileErrorKind::UnknownPlayer
            | EventFileErrorKind::SelfPairing
            | EventFileErrorKind::DuplicateGame
            | EventFileErrorKind::TwiceInRound => {}
        }
        assert!(
            errors.iter().any(|e| e.kind() == kind),
            "no example of {kind:?}"
        );
    }
    let examples: Vec<Example> = errors.iter().map(|e| example!(e)).collect();
    for (e, x) in errors.iter().zip(&examples) {
        // The place is the same: file, line, column and field.
        assert!(x.zh.starts_with(e.file()), "{}", x.zh);
        if let Some(line) = e.line() {
            assert!(x.zh.contains(&format!("第 {line} 行")), "{}", x.zh);
        }
        if let Some(field) = e.field() {
            assert!(x.zh.contains(&format!("字段 `{field}`")), "{}", x.zh);
        }
        assert_eq!(e.help().is_some(), e.help_in(Lang::Zh).is_some());
        assert_eq!(e.message_in(Lang::En), e.message());
        assert!(english_phrases(&x.zh).is_empty(), "{}", x.zh);
    }
    // The figures of the message itself (the syntax errors' are the
    // parser's English and left out in Chinese).
    check_all(
        &examples
            .into_iter()
            .zip(&errors)
            .filter(|(_, e)| e.kind() != EventFileErrorKind::Syntax)
            .map(|(x, _)| x)
            .collect::<Vec<_>>(),
    );
    let unknown = errors
        .iter()
        .find(|e| e.kind() == EventFileErrorKind::UnknownPlayer)
        .unwrap();
    assert_eq!(
        unknown.text(Lang::Zh),
        "例.json：第 3 行：字段 `games[0].black`：棋手 9 不在棋手名单上\n  提示：棋手名单共 2 名棋手，编号 1 到 2"
    );
}

// ------------------------------------------------------- games and the rest

fn pgn_kinds() -> Vec<PgnErrorKind> {
    let v = vec![
        PgnErrorKind::BadTag("no tag name".into()),
        PgnErrorKind::BadTag("tag Event: value must be in double quotes".into()),
        PgnErrorKind::UnterminatedTag,
        PgnErrorKind::UnterminatedComment,
        PgnErrorKind::UnmatchedClose,
        PgnErrorKind::UnclosedVariation,
        PgnErrorKind::VariationWithoutMove,
        PgnErrorKind::BadNag,
        PgnErrorKind::Unexpected("`}` without `{`".into()),
    ];
    for k in &v {
        match k {
            PgnErrorKind::BadTag(_)
            | PgnErrorKind::UnterminatedTag
            | PgnErrorKind::UnterminatedComment
            | PgnErrorKind::UnmatchedClose
            | PgnErrorKind::UnclosedVariation
            | PgnErrorKind::VariationWithoutMove
            | PgnErrorKind::BadNag
            | PgnErrorKind::Unexpected(_)
            | PgnErrorKind::BadFen(_)
            | PgnErrorKind::IllegalMove(_) => {}
        }
    }
    v
}

fn game_examples() -> Vec<Example> {
    let mut out = Vec::new();
    for kind in pgn_kinds() {
        out.push(example!(PgnError {
            game: 2,
            line: 14,
            column: 3,
            kind: kind.clone(),
        }));
        out.push(example!(XiangqiPgnError {
            game: 2,
            line: 14,
            column: 3,
            kind: XiangqiErrorKind::Syntax(kind),
        }));
    }
    // Read from files: the wrapped reasons are the game crates'.
    let chess_fen = read_pgn("[FEN \"nonsense\"]\n\n1. e4 *\n")
        .next()
        .unwrap()
        .unwrap_err();
    assert!(matches!(chess_fen.kind, PgnErrorKind::BadFen(_)));
    out.push(example!(chess_fen));
    let chess_move = read_pgn("[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n")
        .next()
        .unwrap()
        .unwrap_err();
    assert!(matches!(chess_move.kind, PgnErrorKind::IllegalMove(_)));
    out.push(example!(chess_move));
    let xq_fen = read_xiangqi_pgn("[Game \"Chinese Chess\"]\n[FEN \"nonsense\"]\n\n1. h2e2 *\n")
        .next()
        .unwrap()
        .unwrap_err();
    out.push(example!(xq_fen));
    let xq_move = read_xiangqi_pgn("[Game \"Chinese Chess\"]\n\n1. a0a5 *\n")
        .next()
        .unwrap()
        .unwrap_err();
    out.push(example!(xq_move));
    for e in [&xq_fen_kind(), &xq_move_kind()] {
        match e {
            XiangqiErrorKind::Syntax(_)
            | XiangqiErrorKind::BadFen(_)
            | XiangqiErrorKind::IllegalMove(_) => {}
        }
    }

    let xqf = [
        read_xqf(&[0; 10]).unwrap_err(),
        read_xqf(&[b'A'; 2048]).unwrap_err(),
        XqfError::BadPosition("two pieces on e4".into()),
        XqfError::Truncated {
            record: 3,
            offset: 0x420,
        },
        XqfError::BadSquare {
            record: 3,
            offset: 0x420,
            from: 95,
            to: 12,
        },
        XqfError::BadComment {
            record: 3,
            offset: 0x420,
            length: -4,
        },
        XqfError::TooDeep,
        XqfError::IllegalMove("move 12. h2e2 (ply 23) is not legal".into()),
    ];
    for e in &xqf {
        match e {
            XqfError::NotXqf(_)
            | XqfError::BadPosition(_)
            | XqfError::BadSetup { .. }
            | XqfError::Truncated { .. }
            | XqfError::BadSquare { .. }
            | XqfError::BadComment { .. }
            | XqfError::TooDeep
            | XqfError::IllegalMove(_) => {}
        }
        out.push(example!(e));
    }
    let reason = qiyuan_xiangqi::Position::from_fen("nonsense").unwrap_err();
    out.push(example!(XqfError::BadSetup {
        fen: "nonsense".into(),
        reason
    }));
    let write = [
        XqfWriteError::TooManyPieces {
            color: qiyuan_xiangqi::Color::Black,
            kind: qiyuan_xiangqi::PieceKind::Pawn,
        },
        XqfWriteError::BlackToMoveWithoutMoves,
        XqfWriteError::CommentTooLong(5_000_000_000),
        XqfWriteError::TooDeep,
    ];
    for e in &write {
        match e {
            XqfWriteError::TooManyPieces { .. }
            | XqfWriteError::BlackToMoveWithoutMoves
            | XqfWriteError::CommentTooLong(_)
            | XqfWriteError::TooDeep => {}
        }
        out.push(example!(e));
    }
    let mismatches = [
        RecordMismatch::Bye,
        RecordMismatch::Round {
            event: 3,
            record: 4,
        },
        RecordMismatch::Player {
            colour: "Red",
            event: "甲".into(),
            record: "乙".into(),
        },
        RecordMismatch::ColoursSwapped,
        RecordMismatch::Result {
            event: "1-0",
            record: "0-1".into(),
        },
        RecordMismatch::ForfeitWithMoves {
            event: "+-",
            plies: 41,
        },
    ];
    for m in &mismatches {
        match m {
            RecordMismatch::Bye
            | RecordMismatch::Round { .. }
            | RecordMismatch::Player { .. }
            | RecordMismatch::ColoursSwapped
            | RecordMismatch::Result { .. }
            | RecordMismatch::ForfeitWithMoves { .. } => {}
        }
        out.push(example!(m));
    }
    out
}

fn xq_fen_kind() -> XiangqiErrorKind {
    XiangqiErrorKind::BadFen(qiyuan_xiangqi::Position::from_fen("nonsense").unwrap_err())
}

fn xq_move_kind() -> XiangqiErrorKind {
    read_xiangqi_pgn("[Game \"Chinese Chess\"]\n\n1. a0a5 *\n")
        .next()
        .unwrap()
        .unwrap_err()
        .kind
}

fn state_examples() -> Vec<Example> {
    let not_json =
        crate::points_state::read_point_state(b"{\n  \"format\": ", "s.json", "arena").unwrap_err();
    let v = [
        not_json,
        StateError::Format {
            file: "s.json".into(),
            found: "other-1".into(),
        },
        StateError::System {
            file: "s.json".into(),
            found: "arena".into(),
            expected: "blitz".into(),
        },
        StateError::NoPoints {
            file: "s.json".into(),
            id: "p7".into(),
        },
        StateError::NoRating {
            file: "s.json".into(),
            id: "p7".into(),
        },
    ];
    v.iter()
        .map(|e| {
            match e {
                StateError::NotAState { .. }
                | StateError::Format { .. }
                | StateError::System { .. }
                | StateError::NoPoints { .. }
                | StateError::NoRating { .. } => {}
            }
            example!(e)
        })
        .collect()
}

#[test]
fn game_and_other_errors_in_both_languages() {
    check_all(&game_examples());
    check_all(&state_examples());
    let e = PgnError {
        game: 1,
        line: 3,
        column: 9,
        kind: PgnErrorKind::BadTag("tag Event: value must be in double quotes".into()),
    };
    assert_eq!(
        e.text(Lang::Zh),
        "第 1 局，第 3 行第 9 列：标签有误：标签 Event：值须写在双引号中"
    );
    assert_eq!(
        XqfError::IllegalMove("move 12. h2e2 (ply 23) is not legal".into()).text(Lang::Zh),
        "着法 12. h2e2（第 23 步）不合规则"
    );
}
