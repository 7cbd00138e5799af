//! The event file reader and writer: every bad input names the right line
//! and field, JSON and TOML agree, writing round-trips, and no input panics.
//!
//! Line numbers asserted here are counted by hand in the fixtures below
//! (each fixture line is numbered in a comment).

use std::path::PathBuf;

use proptest::prelude::*;
use qiyuan_formats::event::{
    EventFileError, EventFileErrorKind as Kind, EventFormat, read_event, read_event_path,
    write_event, write_event_json, write_event_toml,
};
use qiyuan_rating::model::{
    ByeKind, Event, EventSystem, GameKind, GameResult, Pairing, Player, PlayerId, Sex,
};
use rust_decimal::Decimal;

// Line numbers:                                                                          line
const JSON: &str = r#"{
  "name": "测试赛",
  "game": "xiangqi",
  "system": "swiss",
  "start": "2019-05-01",
  "end": "2019-05-03",
  "players": [
    {"id": 1, "name": "甲", "sex": "m", "rating": 2450, "rated_games": 40},
    {"id": 2, "name": "乙", "sex": "f", "rating": 2150.5, "title": "WGM"},
    {"id": 3, "name": "丙", "sex": "m", "rating": null},
    {"id": 4, "name": "丁", "sex": "m", "rating": 2301, "ever_reached": 2510}
  ],
  "games": [
    {"round": 1, "red": 1, "black": 2, "result": "1-0"},
    {"round": 1, "white": 3, "black": 4, "result": "1/2-1/2"},
    {"round": 2, "white": 2, "black": 3, "result": "+-"},
    {"round": 2, "white": 4, "result": "bye"}
  ]
}
"#;
// players[0] is on line 8, players[3] on line 11; games[0] on line 14,
// games[3] on line 17.

const TOML: &str = r#"name = "测试赛"
game = "xiangqi"
system = "swiss"
start = 2019-05-01
end = "2019-05-03"

[[players]]
id = 1
name = "甲"
sex = "m"
rating = 2450
rated_games = 40

[[players]]
id = 2
name = "乙"
sex = "f"
rating = 2150.5
title = "WGM"

[[players]]
id = 3
name = "丙"
sex = "m"

[[players]]
id = 4
name = "丁"
sex = "m"
rating = 2301
ever_reached = 2510

[[games]]
round = 1
red = 1
black = 2
result = "1-0"

[[games]]
round = 1
white = 3
black = 4
result = "1/2-1/2"

[[games]]
round = 2
white = 2
black = 3
result = "+-"

[[games]]
round = 2
white = 4
result = "bye"
"#;
// TOML lines: `rating = 2450` 11, players[3] `id = 4` 27, games[2] `black = 3`
// 48, games[3] header 51, its `result` 54.

fn json(text: &str) -> Result<Event, EventFileError> {
    read_event(text, "events.json", None)
}

fn toml(text: &str) -> Result<Event, EventFileError> {
    read_event(text, "events.toml", None)
}

/// Replaces exactly one occurrence (so a fixture edit cannot silently miss).
fn edit(text: &str, from: &str, to: &str) -> String {
    assert_eq!(text.matches(from).count(), 1, "`{from}` must occur once");
    text.replacen(from, to, 1)
}

#[track_caller]
fn assert_err(
    result: Result<Event, EventFileError>,
    line: usize,
    field: &str,
    kind: Kind,
) -> EventFileError {
    let err = result.expect_err("the input must be refused");
    assert_eq!(
        (err.line(), err.field(), err.kind()),
        (Some(line), Some(field), kind),
        "unexpected error: {err}"
    );
    err
}

fn d(text: &str) -> Decimal {
    text.parse().unwrap()
}

#[test]
fn valid_file_reads_every_field() {
    let e = json(JSON).unwrap();
    assert_eq!(e.name(), "测试赛");
    assert_eq!(e.game(), GameKind::Xiangqi);
    assert_eq!(e.system(), EventSystem::Swiss);
    assert_eq!(e.start().unwrap().to_string(), "2019-05-01");
    assert_eq!(e.end().unwrap().to_string(), "2019-05-03");
    let p = e.players();
    assert_eq!(p.len(), 4);
    assert_eq!(
        (p[0].id, p[0].name.as_str(), p[0].sex),
        (PlayerId(1), "甲", Sex::Male)
    );
    assert_eq!(p[0].rating, Some(Decimal::new(2450, 0)));
    assert_eq!(p[0].rated_games, 40);
    assert_eq!(p[1].sex, Sex::Female);
    assert_eq!(p[1].rating, Some(Decimal::new(21505, 1)));
    assert_eq!(p[1].title.as_deref(), Some("WGM"));
    assert_eq!(p[2].rating, None);
    assert_eq!(p[2].rated_games, 0);
    assert_eq!(p[3].ever_reached, Some(Decimal::new(2510, 0)));
    assert_eq!(
        e.pairings(),
        &[
            Pairing::Game {
                round: 1,
                white: PlayerId(1),
                black: PlayerId(2),
                result: GameResult::WhiteWins
            },
            Pairing::Game {
                round: 1,
                white: PlayerId(3),
                black: PlayerId(4),
                result: GameResult::Draw
            },
            Pairing::Game {
                round: 2,
                white: PlayerId(2),
                black: PlayerId(3),
                result: GameResult::WhiteForfeitWin
            },
            Pairing::Bye {
                round: 2,
                player: PlayerId(4),
                kind: ByeKind::PairingAllocated
            },
        ]
    );
}

#[test]
fn json_and_toml_of_the_same_event_are_equal() {
    assert_eq!(json(JSON).unwrap(), toml(TOML).unwrap());
}

#[test]
fn red_is_an_alias_of_white() {
    let with_white = edit(JSON, r#""red": 1"#, r#""white": 1"#);
    assert_eq!(json(&with_white).unwrap(), json(JSON).unwrap());
    let both = edit(JSON, r#""red": 1"#, r#""white": 1, "red": 1"#);
    assert_err(json(&both), 14, "games[0].red", Kind::DuplicateField);
    let neither = edit(JSON, r#""red": 1, "#, "");
    assert_err(json(&neither), 14, "games[0].white", Kind::MissingField);
}

#[test]
fn byes_of_every_kind() {
    for (text, kind) in [
        ("bye", ByeKind::PairingAllocated),
        ("full-bye", ByeKind::FullPoint),
        ("half-bye", ByeKind::HalfPoint),
        ("zero-bye", ByeKind::ZeroPoint),
    ] {
        let t = edit(
            JSON,
            r#""white": 4, "result": "bye""#,
            &format!(r#""white": 4, "black": null, "result": "{text}""#),
        );
        let e = json(&t).unwrap();
        assert_eq!(
            e.pairings()[3],
            Pairing::Bye {
                round: 2,
                player: PlayerId(4),
                kind
            }
        );
    }
}

#[test]
fn every_result_string() {
    let cases = [
        ("1-0", GameResult::WhiteWins),
        ("0-1", GameResult::BlackWins),
        ("1/2-1/2", GameResult::Draw),
        ("+-", GameResult::WhiteForfeitWin),
        ("-+", GameResult::BlackForfeitWin),
        ("--", GameResult::DoubleForfeit),
    ];
    for (text, result) in cases {
        let t = edit(
            JSON,
            r#""result": "1-0""#,
            &format!(r#""result": "{text}""#),
        );
        let Pairing::Game { result: got, .. } = json(&t).unwrap().pairings()[0] else {
            panic!("not a game")
        };
        assert_eq!(got, result, "{text}");
    }
}

#[test]
fn ratings_are_exact_decimals() {
    // 2000.1 and 0.2-style fractions have no exact binary float: read from
    // the text they stay exact, and 2000.1 + 2000.2 is exactly 4000.3.
    let t = edit(
        JSON,
        r#""rating": 2450, "#,
        r#""rating": 2000.1, "ever_reached": 2000.2, "#,
    );
    let e = json(&t).unwrap();
    let p = &e.players()[0];
    assert_eq!(p.rating.unwrap() + p.ever_reached.unwrap(), d("4000.3"));
    assert_eq!(p.rating.unwrap().to_string(), "2000.1");
    // Exponent form and trailing zeros give the same value.
    let t = edit(JSON, r#""rating": 2450, "#, r#""rating": 2.4501e3, "#);
    assert_eq!(json(&t).unwrap().players()[0].rating, Some(d("2450.1")));
    let t = edit(JSON, r#""rating": 2450, "#, r#""rating": 2450.10, "#);
    assert_eq!(json(&t).unwrap().players()[0].rating, Some(d("2450.1")));
    // TOML floats too.
    let t = edit(TOML, "rating = 2150.5", "rating = 2150.35");
    assert_eq!(toml(&t).unwrap().players()[1].rating, Some(d("2150.35")));
}

#[test]
fn unknown_player_names_line_and_field() {
    let t = edit(
        JSON,
        r#""white": 2, "black": 3"#,
        r#""white": 2, "black": 17"#,
    );
    let err = assert_err(json(&t), 16, "games[2].black", Kind::UnknownPlayer);
    assert_eq!(
        err.to_string(),
        "events.json:16: games[2].black: player 17 is not in the players list\n  \
         help: the players list has 4 players, ids 1 to 4"
    );
    let t = edit(JSON, r#""white": 4, "result""#, r#""white": 9, "result""#);
    assert_err(json(&t), 17, "games[3].white", Kind::UnknownPlayer);
    let t = edit(TOML, "white = 2\nblack = 3", "white = 2\nblack = 17");
    assert_err(toml(&t), 48, "games[2].black", Kind::UnknownPlayer);
}

#[test]
fn game_listed_twice() {
    // Line 14's game repeated after line 15 becomes games[2] on line 16.
    let line14 = r#"    {"round": 1, "red": 1, "black": 2, "result": "1-0"},"#;
    let line15 = r#"    {"round": 1, "white": 3, "black": 4, "result": "1/2-1/2"},"#;
    let t = edit(JSON, line15, &format!("{line15}\n{line14}"));
    let err = assert_err(json(&t), 16, "games[2]", Kind::DuplicateGame);
    assert!(err.message().contains("games[0], line 14"), "{err}");
    // The same pairing with colours swapped is the same game.
    let t = edit(
        JSON,
        line15,
        &format!(
            "{line15}\n    {{\"round\": 1, \"white\": 2, \"black\": 1, \"result\": \"0-1\"}},"
        ),
    );
    assert_err(json(&t), 16, "games[2]", Kind::DuplicateGame);
}

#[test]
fn player_twice_in_a_round() {
    let t = edit(
        JSON,
        r#""white": 3, "black": 4"#,
        r#""white": 3, "black": 1"#,
    );
    let err = assert_err(json(&t), 15, "games[1].black", Kind::TwiceInRound);
    assert!(
        err.message().contains("round 1 (games[0], line 14)"),
        "{err}"
    );
    // A game and a bye in the same round.
    let t = edit(
        JSON,
        r#""white": 4, "result": "bye""#,
        r#""white": 3, "result": "half-bye""#,
    );
    assert_err(json(&t), 17, "games[3].white", Kind::TwiceInRound);
}

#[test]
fn self_pairing() {
    let t = edit(
        JSON,
        r#""white": 3, "black": 4"#,
        r#""white": 3, "black": 3"#,
    );
    assert_err(json(&t), 15, "games[1].black", Kind::SelfPairing);
}

#[test]
fn impossible_results() {
    let t = edit(JSON, r#""result": "1-0""#, r#""result": "2-0""#);
    let err = assert_err(json(&t), 14, "games[0].result", Kind::InvalidValue);
    assert!(err.help().unwrap().contains("1/2-1/2"));
    // A bye with a black player.
    let t = edit(JSON, r#""result": "1-0""#, r#""result": "bye""#);
    assert_err(json(&t), 14, "games[0].result", Kind::InvalidValue);
    // A game result with black null, then with black absent.
    let t = edit(
        JSON,
        r#""white": 4, "result": "bye""#,
        r#""white": 4, "black": null, "result": "1-0""#,
    );
    assert_err(json(&t), 17, "games[3].black", Kind::MissingField);
    let t = edit(
        JSON,
        r#""white": 4, "result": "bye""#,
        r#""white": 4, "result": "0-1""#,
    );
    assert_err(json(&t), 17, "games[3].black", Kind::MissingField);
    // A result that is not a string.
    let t = edit(JSON, r#""result": "1-0""#, r#""result": 1"#);
    assert_err(json(&t), 14, "games[0].result", Kind::WrongType);
    // TOML: a game result on the bye (no black key) points at the table.
    let t = edit(
        TOML,
        "white = 4\nresult = \"bye\"",
        "white = 4\nresult = \"1-0\"",
    );
    let err = toml(&t).unwrap_err();
    assert_eq!(err.field(), Some("games[3].black"));
    assert_eq!(err.line(), Some(51), "{err}");
}

#[test]
fn ratings_that_are_not_ratings() {
    for bad in [r#""abc""#, "true", r#""2450""#, "[2450]"] {
        let t = edit(
            JSON,
            r#""rating": 2450, "#,
            &format!(r#""rating": {bad}, "#),
        );
        let err = assert_err(json(&t), 8, "players[0].rating", Kind::WrongType);
        if bad == r#""2450""# {
            assert_eq!(err.help(), Some("write the number without quotes: 2450"));
        }
    }
    for bad in ["-5", "0", "99999", "50", "4000.01"] {
        let t = edit(
            JSON,
            r#""rating": 2301, "#,
            &format!(r#""rating": {bad}, "#),
        );
        assert_err(json(&t), 11, "players[3].rating", Kind::InvalidValue);
    }
    let t = edit(JSON, r#""ever_reached": 2510"#, r#""ever_reached": -2510"#);
    assert_err(json(&t), 11, "players[3].ever_reached", Kind::InvalidValue);
    let t = edit(TOML, "rating = 2450", "rating = \"abc\"");
    assert_err(toml(&t), 11, "players[0].rating", Kind::WrongType);
    let t = edit(TOML, "rating = 2450", "rating = inf");
    assert_err(toml(&t), 11, "players[0].rating", Kind::InvalidValue);
}

#[test]
fn sex_must_be_m_or_f() {
    let t = edit(
        JSON,
        r#""name": "乙", "sex": "f""#,
        r#""name": "乙", "sex": "x""#,
    );
    assert_err(json(&t), 9, "players[1].sex", Kind::InvalidValue);
    let t = edit(
        JSON,
        r#""name": "乙", "sex": "f""#,
        r#""name": "乙", "sex": "女""#,
    );
    let err = assert_err(json(&t), 9, "players[1].sex", Kind::InvalidValue);
    assert!(err.help().unwrap().contains("\"f\""));
}

#[test]
fn duplicate_player_ids() {
    let t = edit(JSON, r#"{"id": 4,"#, r#"{"id": 3,"#);
    let err = assert_err(json(&t), 11, "players[3].id", Kind::DuplicatePlayer);
    assert!(err.message().contains("players[2] (line 10)"), "{err}");
    let t = edit(TOML, "id = 4", "id = 3");
    let err = assert_err(toml(&t), 27, "players[3].id", Kind::DuplicatePlayer);
    assert!(err.message().contains("players[2] (line 22)"), "{err}");
}

#[test]
fn bad_rounds_and_ids() {
    let t = edit(JSON, r#"{"round": 1, "red""#, r#"{"round": 0, "red""#);
    let err = assert_err(json(&t), 14, "games[0].round", Kind::InvalidValue);
    assert_eq!(err.message(), "round numbers start at 1");
    let t = edit(JSON, r#"{"round": 1, "red""#, r#"{"round": 1.5, "red""#);
    assert_err(json(&t), 14, "games[0].round", Kind::InvalidValue);
    let t = edit(JSON, r#"{"round": 1, "red""#, r#"{"round": -1, "red""#);
    assert_err(json(&t), 14, "games[0].round", Kind::InvalidValue);
    let t = edit(JSON, r#"{"round": 1, "red""#, r#"{"round": "1", "red""#);
    assert_err(json(&t), 14, "games[0].round", Kind::WrongType);
    let t = edit(JSON, r#"{"id": 4,"#, r#"{"id": 0,"#);
    assert_err(json(&t), 11, "players[3].id", Kind::InvalidValue);
    let t = edit(JSON, r#"{"id": 4,"#, r#"{"id": 4294967296,"#);
    assert_err(json(&t), 11, "players[3].id", Kind::InvalidValue);
    let t = edit(TOML, "round = 2\nwhite = 4", "round = 0\nwhite = 4");
    assert_err(toml(&t), 52, "games[3].round", Kind::InvalidValue);
}

#[test]
fn unknown_game_and_system() {
    let t = edit(JSON, r#""xiangqi""#, r#""go""#);
    assert_err(json(&t), 3, "game", Kind::InvalidValue);
    let t = edit(JSON, r#""swiss""#, r#""dutch""#);
    let err = assert_err(json(&t), 4, "system", Kind::InvalidValue);
    assert!(err.help().unwrap().contains("round-robin"));
    let t = edit(TOML, r#"system = "swiss""#, r#"system = "swis""#);
    assert_err(toml(&t), 3, "system", Kind::InvalidValue);
}

#[test]
fn unknown_missing_and_repeated_fields() {
    let t = edit(JSON, r#""rating": 2450, "#, r#""ratng": 2450, "#);
    let err = assert_err(json(&t), 8, "players[0].ratng", Kind::UnknownField);
    assert_eq!(err.help(), Some("did you mean `rating`?"));
    let t = edit(
        JSON,
        r#""rating": 2450, "#,
        r#""rating": 2450, "rating": 2451, "#,
    );
    assert_err(json(&t), 8, "players[0].rating", Kind::DuplicateField);
    // A missing key points at the object that lacks it.
    let t = edit(JSON, r#""name": "丙", "#, "");
    assert_err(json(&t), 10, "players[2].name", Kind::MissingField);
    let t = edit(JSON, "  \"name\": \"测试赛\",\n", "");
    assert_err(json(&t), 1, "name", Kind::MissingField);
    let t = edit(TOML, "game = \"xiangqi\"\n", "");
    assert_err(toml(&t), 1, "game", Kind::MissingField);
    let t = edit(TOML, "title = \"WGM\"", "titel = \"WGM\"");
    assert_err(toml(&t), 19, "players[1].titel", Kind::UnknownField);
    // `players` of the wrong type.
    let t = edit(
        TOML,
        "ever_reached = 2510",
        "ever_reached = 2510\n[players]",
    );
    assert!(toml(&t).is_err());
}

#[test]
fn dates() {
    let t = edit(JSON, r#""2019-05-03""#, r#""2019-04-30""#);
    assert_err(json(&t), 6, "end", Kind::InvalidValue);
    let t = edit(JSON, r#""2019-05-01""#, r#""2019-02-30""#);
    assert_err(json(&t), 5, "start", Kind::InvalidValue);
    let t = edit(JSON, r#""2019-05-01""#, r#""2019/5/1""#);
    assert_err(json(&t), 5, "start", Kind::InvalidValue);
    let t = edit(TOML, "start = 2019-05-01", "start = 2019-05-01T09:00:00");
    assert_err(toml(&t), 4, "start", Kind::WrongType);
    // Dates may be left out.
    let t = edit(
        JSON,
        "  \"start\": \"2019-05-01\",\n  \"end\": \"2019-05-03\",\n",
        "",
    );
    assert_eq!(json(&t).unwrap().start(), None);
}

#[test]
fn syntax_errors_have_line_and_column() {
    // Line 9 without its trailing comma: serde_json stops at line 10, col 5.
    let t = edit(JSON, r#""title": "WGM"},"#, r#""title": "WGM"}"#);
    let err = json(&t).unwrap_err();
    assert_eq!(
        (err.kind(), err.line(), err.column()),
        (Kind::Syntax, Some(10), Some(5)),
        "{err}"
    );
    assert!(
        err.to_string()
            .starts_with("events.json:10:5: JSON syntax: "),
        "{err}"
    );
    let t = edit(TOML, "sex = \"f\"", "sex = f");
    let err = toml(&t).unwrap_err();
    assert_eq!((err.kind(), err.line()), (Kind::Syntax, Some(17)), "{err}");
    // A key given twice is a TOML syntax error.
    let t = edit(TOML, "rating = 2301\n", "rating = 2301\nrating = 2302\n");
    assert_eq!(toml(&t).unwrap_err().line(), Some(31));
    assert_eq!(json("").unwrap_err().kind(), Kind::Syntax);
    // A top level that is not an object.
    let err = json("[1, 2]").unwrap_err();
    assert_eq!(
        (err.line(), err.field(), err.kind()),
        (Some(1), None, Kind::WrongType)
    );
    assert_eq!(
        err.to_string(),
        "events.json:1: expected an object, found an array"
    );
}

#[test]
fn byte_order_mark_and_crlf() {
    let t = format!("\u{feff}{}", JSON.replace('\n', "\r\n"));
    assert_eq!(json(&t).unwrap(), json(JSON).unwrap());
    let bad = edit(&t, r#""black": 3"#, r#""black": 17"#);
    assert_err(json(&bad), 16, "games[2].black", Kind::UnknownPlayer);
    let t = format!("\u{feff}{}", TOML.replace('\n', "\r\n"));
    assert_eq!(toml(&t).unwrap(), json(JSON).unwrap());
}

#[test]
fn format_is_guessed_without_extension() {
    assert_eq!(
        read_event(JSON, "events", None).unwrap(),
        json(JSON).unwrap()
    );
    assert_eq!(
        read_event(TOML, "events.txt", None).unwrap(),
        json(JSON).unwrap()
    );
    // An explicit format wins over the extension.
    assert_eq!(
        read_event(TOML, "x.json", Some(EventFormat::Toml)).unwrap(),
        json(JSON).unwrap()
    );
}

#[test]
fn round_trip_of_the_fixture() {
    let e = json(JSON).unwrap();
    assert_eq!(json(&write_event_json(&e)).unwrap(), e);
    assert_eq!(toml(&write_event_toml(&e)).unwrap(), e);
    // The written JSON is stable: writing what was read gives the same text.
    let written = write_event_json(&e);
    assert_eq!(write_event_json(&json(&written).unwrap()), written);
}

fn examples_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples"))
}

#[test]
fn example_files_read_and_round_trip() {
    let mut seen = 0;
    for entry in std::fs::read_dir(examples_dir()).unwrap() {
        let path = entry.unwrap().path();
        let Some(format) = EventFormat::from_path(&path) else {
            continue;
        };
        let e = read_event_path(&path).unwrap_or_else(|err| panic!("{err}"));
        assert!(
            !e.players().is_empty() && !e.pairings().is_empty(),
            "{}",
            path.display()
        );
        let again = read_event(&write_event(&e, format), "again", Some(format)).unwrap();
        assert_eq!(again, e, "{}", path.display());
        seen += 1;
    }
    assert!(seen >= 3, "expected the example events in examples/");
}

#[test]
fn example_in_json_and_toml_agree() {
    let a = read_event_path(&examples_dir().join("cxa-2019-swiss.json")).unwrap();
    let b = read_event_path(&examples_dir().join("cxa-2019-swiss.toml")).unwrap();
    assert_eq!(a, b);
}

#[test]
fn unreadable_and_non_utf8_files() {
    let missing = read_event_path(std::path::Path::new("/nonexistent/events.json")).unwrap_err();
    assert_eq!((missing.kind(), missing.line()), (Kind::Io, None));
    // "王" in GBK is the two bytes CD F5: not UTF-8.
    let dir = std::env::temp_dir().join(format!("qiyuan-event-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("gbk.json");
    std::fs::write(&path, b"{\n  \"name\": \"\xcd\xf5\"\n}\n").unwrap();
    let err = read_event_path(&path).unwrap_err();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!((err.kind(), err.line()), (Kind::Encoding, Some(2)));
}

// ---------------------------------------------------------------------------
// Properties.

/// A valid event from a few random choices: `n` players, `rounds` rounds,
/// each round pairing players in a shuffled order (an odd one out gets a
/// bye), so no player ever appears twice in a round.
fn build_event(
    names: Vec<String>,
    ratings: Vec<Option<(u32, u32)>>,
    rounds: u32,
    seed: u64,
    toml_dates: bool,
) -> Event {
    let players: Vec<Player> = names
        .into_iter()
        .zip(ratings)
        .enumerate()
        .map(|(i, (name, r))| {
            let rating =
                r.map(|(whole, hundredths)| Decimal::new(i64::from(whole * 100 + hundredths), 2));
            let mut p = Player::new(
                PlayerId(i as u32 * 3 + 1),
                name,
                if i % 2 == 0 { Sex::Male } else { Sex::Female },
                rating,
            );
            p.rated_games = (seed % 97) as u32 + i as u32;
            if i % 3 == 1 {
                p.title = Some("NM".into());
                p.unit = Some(format!("单位 \"{i}\"\t"));
                p.birth_year = Some(1990 + i as i32);
                p.rank = Some(i as u32 + 1);
                p.rated_events = Some(i as u32);
                p.ever_reached = rating.map(|r| r + Decimal::ONE);
            }
            p
        })
        .collect();
    let mut state = seed | 1;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let results = [
        GameResult::WhiteWins,
        GameResult::Draw,
        GameResult::BlackWins,
        GameResult::WhiteForfeitWin,
        GameResult::BlackForfeitWin,
        GameResult::DoubleForfeit,
    ];
    let byes = [
        ByeKind::PairingAllocated,
        ByeKind::FullPoint,
        ByeKind::HalfPoint,
        ByeKind::ZeroPoint,
    ];
    let mut pairings = Vec::new();
    for round in 1..=rounds {
        let mut ids: Vec<PlayerId> = players.iter().map(|p| p.id).collect();
        for i in (1..ids.len()).rev() {
            ids.swap(i, (next() % (i as u64 + 1)) as usize);
        }
        for pair in ids.chunks(2) {
            pairings.push(match *pair {
                [white, black] => Pairing::Game {
                    round,
                    white,
                    black,
                    result: results[(next() % 6) as usize],
                },
                [player] => Pairing::Bye {
                    round,
                    player,
                    kind: byes[(next() % 3) as usize],
                },
                _ => unreachable!(),
            });
        }
    }
    let start = chrono::NaiveDate::from_ymd_opt(2020, 1, 1 + (seed % 20) as u32);
    let (start, end) = if toml_dates {
        (start, start)
    } else {
        (None, None)
    };
    let system = [
        EventSystem::Swiss,
        EventSystem::RoundRobin,
        EventSystem::Team,
    ][(seed % 3) as usize];
    Event::new(
        "随机 \\ \"赛\"",
        GameKind::Chess,
        system,
        start,
        end,
        players,
        pairings,
    )
    .unwrap()
}

fn valid_event() -> impl Strategy<Value = Event> {
    (1usize..9)
        .prop_flat_map(|n| {
            (
                proptest::collection::vec("[^\\p{C}]{0,6}[a-z王]", n),
                proptest::collection::vec(proptest::option::of((100u32..3999, 0u32..100)), n),
                0u32..5,
                any::<u64>(),
                any::<bool>(),
            )
        })
        .prop_map(|(names, ratings, rounds, seed, dates)| {
            build_event(names, ratings, rounds, seed, dates)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn written_events_read_back_equal(e in valid_event()) {
        prop_assert_eq!(&json(&write_event_json(&e)).unwrap(), &e);
        prop_assert_eq!(&toml(&write_event_toml(&e)).unwrap(), &e);
    }

    #[test]
    fn random_text_never_panics(text in "\\PC{0,200}", json_first in any::<bool>()) {
        let format = if json_first { EventFormat::Json } else { EventFormat::Toml };
        let _ = read_event(&text, "random", Some(format));
        let _ = read_event(&format!("{{{text}"), "random", None);
    }

    #[test]
    fn mutated_files_never_panic_and_errors_point_inside(
        base in 0usize..2,
        edits in proptest::collection::vec((any::<prop::sample::Index>(), 0u8..4, "[\\[\\]{}\",:=0-9a-z\\n .\\-\"#]{0,3}"), 1..6),
    ) {
        let mut text = if base == 0 { JSON.to_owned() } else { TOML.to_owned() };
        for (at, op, piece) in edits {
            let chars: Vec<char> = text.chars().collect();
            let i = at.index(chars.len() + 1);
            let j = (i + 1 + piece.len()).min(chars.len());
            text = match op {
                0 => chars[..i].iter().chain(piece.chars().collect::<Vec<_>>().iter()).chain(chars[i..].iter()).collect(),
                1 => chars[..i].iter().chain(chars[j..].iter()).collect(),
                2 => chars[..i].iter().chain(piece.chars().collect::<Vec<_>>().iter()).chain(chars[j..].iter()).collect(),
                _ => chars[..i].iter().chain(chars[i..].iter().rev()).collect(),
            };
        }
        let name = if base == 0 { "m.json" } else { "m.toml" };
        if let Err(e) = read_event(&text, name, None) {
            let lines = text.split('\n').count();
            prop_assert!(e.line().is_some_and(|l| l >= 1 && l <= lines), "{} (file has {} lines)", e, lines);
            prop_assert!(!e.message().is_empty());
        }
    }
}

#[test]
fn deep_nesting_is_refused_without_crashing() {
    for depth in [100usize, 10_000, 100_000] {
        let json_text = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        assert!(json(&json_text).is_err());
        let toml_text = format!("name = {}{}\n", "[".repeat(depth), "]".repeat(depth));
        assert!(toml(&toml_text).is_err());
        let toml_text = format!("name = {}{}\n", "{a = ".repeat(depth), "}".repeat(depth));
        assert!(toml(&toml_text).is_err());
    }
}

// ------------------------------------------------------- game records (棋谱)

use qiyuan_formats::event::{
    GameMatch, RecordFacts, RecordMismatch, compare_record, find_game, read_event_with_records,
    write_event_with_records,
};

#[test]
fn records_are_optional_and_change_nothing_else() {
    // Existing files (the fixture, the examples) have no `record`: every
    // game's record is None and writing with records writes the same text.
    let (e, records) = read_event_with_records(JSON, "events.json", None).unwrap();
    assert_eq!(e, json(JSON).unwrap());
    assert_eq!(records, vec![None; 4]);
    for format in [EventFormat::Json, EventFormat::Toml] {
        assert_eq!(
            write_event_with_records(&e, &records, format),
            write_event(&e, format)
        );
    }
    for entry in std::fs::read_dir(examples_dir()).unwrap() {
        let path = entry.unwrap().path();
        let Some(format) = EventFormat::from_path(&path) else {
            continue;
        };
        let text = std::fs::read_to_string(&path).unwrap();
        let (e, records) = read_event_with_records(&text, "x", Some(format)).unwrap();
        assert_eq!(e, read_event_path(&path).unwrap());
        if path.ends_with("xiangqi-records.json") {
            // The example of `check-games --event`: games 1 and 2 name
            // their records (examples/README.md), games 3 and 4 do not.
            let named: Vec<Option<(String, Option<usize>)>> = records
                .iter()
                .map(|r| r.as_ref().map(|r| (r.path.clone(), r.number)))
                .collect();
            assert_eq!(
                named,
                [
                    Some(("xiangqi-games.pgn".to_string(), Some(1))),
                    Some(("xiangqi-games.pgn".to_string(), Some(2))),
                    None,
                    None
                ]
            );
        } else {
            assert!(records.iter().all(Option::is_none), "{}", path.display());
        }
    }
    // A `record` on games[0] (line 14) and games[3] (line 17): the event is
    // the same, the records are returned with their lines.
    let with = edit(
        &edit(
            JSON,
            r#""result": "1-0"}"#,
            r#""result": "1-0", "record": "棋谱/r1.pgn#2"}"#,
        ),
        r#""result": "bye"}"#,
        r#""result": "bye", "record": "r2.xqf"}"#,
    );
    let (e2, records) = read_event_with_records(&with, "events.json", None).unwrap();
    assert_eq!(e2, e);
    assert_eq!(json(&with).unwrap(), e);
    let r0 = records[0].as_ref().unwrap();
    assert_eq!(
        (r0.game, r0.path.as_str(), r0.number, r0.line),
        (0, "棋谱/r1.pgn", Some(2), 14)
    );
    let r3 = records[3].as_ref().unwrap();
    assert_eq!(
        (r3.game, r3.path.as_str(), r3.number, r3.line),
        (3, "r2.xqf", None, 17)
    );
    // Written and read back, in both formats.
    for format in [EventFormat::Json, EventFormat::Toml] {
        let text = write_event_with_records(&e, &records, format);
        let (again, back) = read_event_with_records(&text, "again", Some(format)).unwrap();
        assert_eq!(again, e);
        let paths: Vec<Option<String>> = back
            .iter()
            .map(|r| r.as_ref().map(ToString::to_string))
            .collect();
        assert_eq!(
            paths,
            [
                Some("棋谱/r1.pgn#2".to_string()),
                None,
                None,
                Some("r2.xqf".to_string())
            ]
        );
    }
}

#[test]
fn bad_records_name_line_and_field() {
    let with = |value: &str| {
        edit(
            JSON,
            r#""result": "1-0"}"#,
            &format!(r#""result": "1-0", "record": {value}}}"#),
        )
    };
    assert_err(json(&with("5")), 14, "games[0].record", Kind::WrongType);
    assert_err(
        json(&with(r#""  ""#)),
        14,
        "games[0].record",
        Kind::InvalidValue,
    );
    let e = assert_err(
        json(&with(r#""r1.pgn#0""#)),
        14,
        "games[0].record",
        Kind::InvalidValue,
    );
    assert!(e.to_string().contains("`#0` is not a game number"), "{e}");
    assert_err(
        json(&with(r##""#3""##)),
        14,
        "games[0].record",
        Kind::InvalidValue,
    );
    // Misspelt: the known fields now include `record`.
    let e = assert_err(
        json(&edit(
            JSON,
            r#""result": "1-0"}"#,
            r#""result": "1-0", "recrod": "a.pgn"}"#,
        )),
        14,
        "games[0].recrod",
        Kind::UnknownField,
    );
    assert!(e.to_string().contains("did you mean `record`?"), "{e}");
    // A `#` followed by something else is part of the path.
    let (_, r) = read_event_with_records(&with(r##""第#1轮.pgn""##), "e.json", None).unwrap();
    assert_eq!(
        r[0].as_ref().map(|r| (r.path.as_str(), r.number)),
        Some(("第#1轮.pgn", None))
    );
}

fn facts<'a>(
    round: Option<u32>,
    first: &'a str,
    second: &'a str,
    result: &'a str,
    plies: usize,
) -> RecordFacts<'a> {
    RecordFacts {
        round,
        first,
        second,
        result,
        plies,
    }
}

#[test]
fn records_compared_with_the_event() {
    // The fixture: games[0] round 1 甲 (red) – 乙 1-0; games[1] round 1 丙 –
    // 丁 draw; games[2] round 2 乙 – 丙 "+-" (forfeit); games[3] 丁's bye.
    let e = json(JSON).unwrap();
    let cmp = |g: usize, f: RecordFacts<'_>| compare_record(&e, g, &f, "Red");
    assert_eq!(cmp(0, facts(Some(1), "甲", "乙", "1-0", 40)), []);
    assert_eq!(cmp(0, facts(None, " 甲 ", "乙", "1-0", 40)), []);
    assert_eq!(
        cmp(0, facts(Some(1), "甲", "乙", "0-1", 40)),
        [RecordMismatch::Result {
            event: "1-0",
            record: "0-1".into()
        }]
    );
    // An unfinished record contradicts a decided game.
    assert_eq!(
        cmp(1, facts(Some(1), "丙", "丁", "*", 40)),
        [RecordMismatch::Result {
            event: "1/2-1/2",
            record: "*".into()
        }]
    );
    // Colours exchanged, same winner (乙 lost): only the colours.
    assert_eq!(
        cmp(0, facts(Some(1), "乙", "甲", "0-1", 40)),
        [RecordMismatch::ColoursSwapped]
    );
    assert_eq!(
        cmp(0, facts(Some(1), "乙", "甲", "1-0", 40)),
        [
            RecordMismatch::ColoursSwapped,
            RecordMismatch::Result {
                event: "1-0",
                record: "1-0".into()
            }
        ]
    );
    assert_eq!(
        cmp(0, facts(Some(2), "戊", "乙", "1-0", 40)),
        [
            RecordMismatch::Round {
                event: 1,
                record: 2
            },
            RecordMismatch::Player {
                colour: "Red",
                event: "甲".into(),
                record: "戊".into()
            }
        ]
    );
    // A forfeit: no moves, and the winner of the forfeit.
    assert_eq!(
        cmp(2, facts(Some(2), "乙", "丙", "1-0", 30)),
        [RecordMismatch::ForfeitWithMoves {
            event: "+-",
            plies: 30
        }]
    );
    assert_eq!(cmp(2, facts(Some(2), "乙", "丙", "1-0", 0)), []);
    assert_eq!(
        cmp(2, facts(Some(2), "乙", "丙", "0-1", 0)),
        [RecordMismatch::Result {
            event: "+-",
            record: "0-1".into()
        }]
    );
    assert_eq!(
        cmp(3, facts(Some(2), "丁", "甲", "1-0", 10)),
        [RecordMismatch::Bye]
    );
    // Finding the game: by players in either colour, within the record's round.
    let find = |f: RecordFacts<'_>| find_game(&e, &f);
    assert_eq!(
        find(facts(None, "丁", "丙", "1-0", 1)),
        Some(GameMatch {
            game: 1,
            swapped: true
        })
    );
    assert_eq!(
        find(facts(Some(2), "乙", "丙", "1-0", 1)),
        Some(GameMatch {
            game: 2,
            swapped: false
        })
    );
    assert_eq!(find(facts(Some(2), "甲", "乙", "1-0", 1)), None);
    assert_eq!(find(facts(None, "甲", "丙", "1-0", 1)), None);
}

/// The optional fields the regulations ask for (docs/event-format.md, *What
/// the regulations ask of an event*): read from JSON and TOML alike, written
/// back and read again to the same event; a file without them reads as before.
#[test]
fn regulation_fields_read_and_round_trip() {
    use qiyuan_rating::model::{ArbiterGrade, TimeControl};
    let text = r#"{
  "name": "全国团体赛",
  "game": "chess",
  "system": "team",
  "start": "2025-04-01",
  "end": "2025-04-03",
  "kind": "national-team",
  "round_dates": ["2025-04-01", "2025-04-01", "2025-04-02"],
  "arbiters": [{"name": "甲裁判", "grade": "national"}, {"name": "乙裁判", "grade": "一级"}],
  "time_control": "90/40, 15/10",
  "rapid": true,
  "rapid_rated": true,
  "registered": "2025-01-20",
  "scheveningen": true,
  "team_round_robin": true,
  "international": true,
  "invitational": true,
  "host": "北京",
  "teams": [{"name": "北京", "rank": 1}, {"name": "上海"}],
  "players": [
    {"id": 1, "name": "A", "sex": "m", "rating": 2400, "team": "北京", "board": 1, "international_rating": 2450},
    {"id": 2, "name": "B", "sex": "m", "rating": 2300, "team": "上海", "board": 1, "foreign": true},
    {"id": 3, "name": "C", "sex": "f", "rating": null, "computer": true, "grade": "五级棋士"}
  ],
  "games": [{"round": 1, "white": 1, "black": 2, "result": "1-0"}]
}"#;
    let ev = json(text).unwrap();
    let d = ev.details();
    assert_eq!(d.kind.as_deref(), Some("national-team"));
    assert_eq!(d.round_dates.len(), 3);
    assert_eq!(d.round_dates[2].0, 3);
    assert_eq!(d.arbiters[1].grade, ArbiterGrade::First);
    assert_eq!(
        d.time_control,
        Some(TimeControl::parse("90/40, 15/10").unwrap())
    );
    assert!(d.rapid && d.rapid_rated && d.scheveningen && d.team_round_robin);
    assert!(d.international && d.invitational);
    assert_eq!(d.teams[0].rank, Some(1));
    assert_eq!(d.teams[1].rank, None);
    let p = ev.players();
    assert_eq!((p[0].team.as_deref(), p[0].board), (Some("北京"), Some(1)));
    assert_eq!(p[0].international_rating, Some(Decimal::from(2450)));
    assert!(p[1].foreign && p[2].computer);
    assert_eq!(p[2].grade.as_deref(), Some("五级棋士"));
    for format in [EventFormat::Json, EventFormat::Toml] {
        let written = write_event(&ev, format);
        let name = match format {
            EventFormat::Json => "w.json",
            EventFormat::Toml => "w.toml",
        };
        let again = read_event(&written, name, None).unwrap_or_else(|e| panic!("{e}\n{written}"));
        assert_eq!(again, ev, "{written}");
    }
    // A preset keeps its name.
    let preset = edit(text, "\"90/40, 15/10\"", "\"xiangqi-6.3\"");
    let ev = json(&preset).unwrap();
    assert!(ev.details().is_rapid());
    assert!(write_event_json(&ev).contains("\"time_control\": \"xiangqi-6.3\""));
}

#[test]
fn regulation_fields_errors_name_the_field() {
    let base = r#"{"name": "t", "game": "chess", "system": "swiss", XX
  "players": [{"id": 1, "name": "A", "sex": "m", "team": "T"}], "games": []}"#;
    let with = |x: &str| base.replace("XX", x);
    let e = json(&with(r#""arbiters": [{"name": "甲", "grade": "chief"}],"#)).unwrap_err();
    assert_eq!(e.field(), Some("arbiters[0].grade"), "{e}");
    assert!(e.to_string().contains("not an arbiter's grade"), "{e}");
    let e = json(&with(r#""time_control": "fast","#)).unwrap_err();
    assert_eq!(e.field(), Some("time_control"), "{e}");
    assert!(e.to_string().contains("xiangqi-6.1"), "{e}");
    let e = json(&with(r#""rapid": "yes","#)).unwrap_err();
    assert_eq!(e.field(), Some("rapid"), "{e}");
    let e = json(&with(r#""teams": [{"name": "U"}],"#)).unwrap_err();
    assert_eq!(e.field(), Some("teams"), "{e}");
    assert!(e.to_string().contains("team T"), "{e}");
    let e = json(&with(r#""round_dates": ["2025-13-01"],"#)).unwrap_err();
    assert_eq!(e.field(), Some("round_dates[0]"), "{e}");
}
