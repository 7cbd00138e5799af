//! Malformed input: every kind of error names the right line, column and
//! field; inconsistencies that still read come back as warnings.
//!
//! Each case starts from a real file written by a pairing engine
//! (`testdata/swiss`) and changes one field at a column taken from the
//! FIDE TRF layout (trf.md §2: rating cols 49–52, birth date 70–79, points
//! 81–84, round 1 opponent 92–95, colour 97, result 99, …).

use std::fs;
use std::path::Path;

use qiyuan_formats::trf::{
    Field, ResultCode, TrfError, TrfErrorKind, TrfWarning, TrfWarningKind, parse_trf,
};
use rust_decimal::Decimal;

fn read(rel: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/swiss")
        .join(rel);
    fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// `small/rtg-1.trf`: line 1 is `012`, lines 2–10 players 1–9, line 11
/// blank, line 12 `092`.
fn small() -> Vec<String> {
    read("small/rtg-1.trf")
        .lines()
        .map(str::to_string)
        .collect()
}

/// Writes `text` over `line` from 1-based column `col` (extending with spaces).
fn put(lines: &mut [String], line: usize, col: usize, text: &str) {
    let mut chars: Vec<char> = lines[line - 1].chars().collect();
    while chars.len() < col - 1 + text.chars().count() {
        chars.push(' ');
    }
    for (i, c) in text.chars().enumerate() {
        chars[col - 1 + i] = c;
    }
    lines[line - 1] = chars.into_iter().collect();
}

fn parse(lines: &[String]) -> Result<qiyuan_formats::trf::TrfFile, TrfError> {
    parse_trf(&(lines.join("\n") + "\n"))
}

fn err(lines: &[String]) -> TrfError {
    parse(lines).expect_err("the file should not read")
}

fn err_with(extra: &str) -> TrfError {
    let mut lines = small();
    lines.push(extra.to_string());
    err(&lines)
}

fn warnings(lines: &[String]) -> Vec<TrfWarning> {
    parse(lines).expect("the file should read").check()
}

#[test]
fn the_unchanged_file_reads_without_warning() {
    assert_eq!(warnings(&small()), []);
}

#[test]
fn opponent_not_a_number_message() {
    // rtg/rtg-1.trf line 14 is player 13; round 1 opponent at cols 92–95.
    let mut lines: Vec<String> = read("rtg/rtg-1.trf").lines().map(str::to_string).collect();
    put(&mut lines, 14, 92, "00x2");
    let e = err(&lines);
    assert_eq!(
        e.to_string(),
        r#"line 14, column 92: round 1 opponent "00x2" is not a number"#
    );
    assert_eq!(e.field, Field::Opponent(1));
}

#[test]
fn short_player_line() {
    let mut lines = small();
    lines[4] = "001   ".to_string(); // line 5: ends at column 6, starting rank needs cols 5–8
    let e = err(&lines);
    assert_eq!((e.line, e.column, e.field), (5, 7, Field::StartNumber));
    assert_eq!(e.kind, TrfErrorKind::Missing { length: 6 });
}

#[test]
fn non_numeric_rating() {
    let mut lines = small();
    put(&mut lines, 3, 49, "24x5");
    let e = err(&lines);
    assert_eq!((e.line, e.column, e.field), (3, 49, Field::Rating));
    assert_eq!(
        e.kind,
        TrfErrorKind::NotANumber {
            text: "24x5".into()
        }
    );
}

#[test]
fn non_numeric_points_and_rank_and_id() {
    let mut lines = small();
    put(&mut lines, 2, 81, "6,0 ");
    let e = err(&lines);
    assert_eq!((e.line, e.column, e.field), (2, 81, Field::Points));
    let mut lines = small();
    put(&mut lines, 2, 86, "   A");
    assert_eq!((err(&lines).column, err(&lines).field), (86, Field::Rank));
    let mut lines = small();
    put(&mut lines, 2, 58, "  86-000001");
    assert_eq!((err(&lines).column, err(&lines).field), (58, Field::FideId));
}

#[test]
fn bad_birth_date() {
    let mut lines = small();
    put(&mut lines, 6, 70, "1990/13/01"); // month 13
    let e = err(&lines);
    assert_eq!((e.line, e.column, e.field), (6, 70, Field::BirthDate));
    assert!(matches!(e.kind, TrfErrorKind::Invalid { ref text, .. } if text == "1990/13/01"));
    // Unknown month and day are allowed (FIDE lists write 00).
    let mut lines = small();
    put(&mut lines, 6, 70, "1990/00/00");
    assert_eq!(
        parse(&lines).unwrap().player(5).unwrap().birth_year(),
        Some(1990)
    );
}

#[test]
fn bad_round_date() {
    // 132: round 2 date at cols 102–109 (trf.md §3.1); 23/02/30 does not exist.
    let line = format!("132{}{:<10}{}", " ".repeat(88), "23/02/28", "23/02/30");
    let e = err_with(&line);
    assert_eq!((e.line, e.column, e.field), (13, 102, Field::RoundDate(2)));
}

#[test]
fn bad_result_letter() {
    let mut lines = small();
    put(&mut lines, 4, 99 + 10 * 2, "X"); // player 3, round 3 result at col 119
    let e = err(&lines);
    assert_eq!((e.line, e.column, e.field), (4, 119, Field::Result(3)));
    // Letters are case-insensitive (TRF26): lower-case "u" reads as U.
    let mut lines = small();
    put(&mut lines, 3, 159, "u"); // player 2, round 7 "0000 - U"
    let f = parse(&lines).unwrap();
    assert_eq!(
        f.player(2).unwrap().round(7).result,
        ResultCode::PairingAllocatedBye
    );
}

#[test]
fn bad_colour() {
    let mut lines = small();
    put(&mut lines, 7, 97 + 10, "x"); // player 6, round 2 colour at col 107
    let e = err(&lines);
    assert_eq!((e.line, e.column, e.field), (7, 107, Field::Colour(2)));
}

#[test]
fn unknown_opponent_and_self_pairing() {
    let mut lines = small();
    put(&mut lines, 8, 92 + 30, "  12"); // player 7, round 4: there are 9 players
    let e = err(&lines);
    assert_eq!((e.line, e.column, e.field), (8, 122, Field::Opponent(4)));
    assert_eq!(e.kind, TrfErrorKind::UnknownOpponent { opponent: 12 });
    let mut lines = small();
    put(&mut lines, 8, 92, "   7");
    assert_eq!(err(&lines).kind, TrfErrorKind::SelfPairing { opponent: 7 });
}

#[test]
fn duplicate_start_number() {
    let mut lines = small();
    put(&mut lines, 9, 5, "   2"); // line 9 (player 8) renumbered 2
    let e = err(&lines);
    assert_eq!((e.line, e.column, e.field), (9, 5, Field::StartNumber));
    assert_eq!(
        e.kind,
        TrfErrorKind::DuplicateStartNumber {
            number: 2,
            first_line: 3
        }
    );
}

#[test]
fn shifted_line() {
    let mut lines = small();
    // One more character in the name pushes every later column right by
    // one: the name's padding absorbs it up to col 48, then the rating
    // "2502" (cols 49–52) ends on separator col 53.
    lines[1].insert(20, 'x');
    let e = err(&lines);
    assert_eq!((e.line, e.column, e.field), (2, 53, Field::Separator));
    assert_eq!(e.kind, TrfErrorKind::ExpectedSpace { found: '2' });
}

#[test]
fn bad_xxr() {
    let e = err_with("XXR ten");
    assert_eq!((e.line, e.column, e.field), (13, 5, Field::NumberOfRounds));
    assert_eq!(e.kind, TrfErrorKind::NotANumber { text: "ten".into() });
    assert!(matches!(
        err_with("XXR 0").kind,
        TrfErrorKind::OutOfRange { value: 0, .. }
    ));
    assert_eq!(err_with("XXR").kind, TrfErrorKind::Missing { length: 3 });
    assert_eq!(err_with("XXR 7 8").column, 7);
    assert_eq!(err_with("142 -7").field, Field::NumberOfRounds);
}

#[test]
fn bad_xxc() {
    let e = err_with("XXC white1 blue");
    assert_eq!((e.line, e.column, e.field), (13, 12, Field::XxcOption));
    let e = err_with("152 G");
    assert_eq!((e.column, e.field), (5, Field::InitialColour));
}

#[test]
fn bad_xxa() {
    // Round 2 value in cols 15–18 (" x.5"): the bad token starts at col 16.
    let e = err_with("XXA    1  1.0  x.5");
    assert_eq!((e.line, e.column, e.field), (13, 16, Field::PointValue));
    let e = err_with("XXA   1x  1.0");
    assert_eq!((e.column, e.field), (7, Field::PlayerId));
    // 5 characters do not fit the 4-column value.
    assert_eq!(err_with("XXA    1 10.25").field, Field::PointValue);
}

#[test]
fn bad_xxp() {
    let e = err_with("XXP 1 b");
    assert_eq!((e.line, e.column, e.field), (13, 7, Field::PlayerId));
    // A single id forbids nothing.
    assert_eq!(err_with("XXP 1").kind, TrfErrorKind::Missing { length: 5 });
}

#[test]
fn bad_bb_and_trf26_records() {
    assert_eq!(err_with("BBW one").field, Field::PointValue);
    // 162: letter at col 6, value at cols 7–10, next letter at col 15.
    let e = err_with("162  W 1.0    Q 0.5");
    assert_eq!((e.column, e.field), (15, Field::PointCode));
    let e = err_with("240 H 003    5   x1");
    assert_eq!((e.column, e.field), (18, Field::PlayerId));
    let e = err_with("240 Q 003    5");
    assert_eq!((e.column, e.field), (5, Field::ByeType));
    let e = err_with("250       1.0 001 0x3 0001 0009");
    assert_eq!((e.column, e.field), (19, Field::LastRound));
    let e = err_with("260 001 002    1    k");
    assert_eq!((e.column, e.field), (21, Field::PlayerId));
    // 299: type at col 5, points at cols 14–17.
    let e = err_with("299 Q         1.0  003   12");
    assert_eq!((e.column, e.field), (5, Field::AbnormalType));
    let e = err_with("299 +         1,0  003   12");
    assert_eq!((e.column, e.field), (14, Field::PointValue));
    let e = err_with("XXS WW=1 ZZ=0");
    assert_eq!((e.column, e.field), (10, Field::XxsCode));
}

#[test]
fn unknown_records_are_kept_verbatim() {
    let mut lines = small();
    lines.push("GER    1 m    Test0001, Player0001              1999 BAV        1234".into());
    lines.push("DAT    1 EMAIL x@example.invalid".into());
    lines.push("### comment  ".into());
    let text = lines.join("\n") + "\n";
    let f = parse_trf(&text).unwrap();
    // Trailing spaces of a comment are kept too.
    assert_eq!(f.write_trf2026().unwrap(), text);
}

fn has(ws: &[TrfWarning], line: usize, column: usize, kind: TrfWarningKind) -> bool {
    ws.iter()
        .any(|w| w.line == line && w.column == column && w.kind == kind)
}

#[test]
fn warning_not_reciprocal() {
    let mut lines = small();
    put(&mut lines, 2, 92, "   7"); // player 1 round 1: 5 → 7 (7 met 3, and 5 still names 1)
    let ws = warnings(&lines);
    let kind = TrfWarningKind::NotReciprocal {
        round: 1,
        player: 1,
        opponent: 7,
        back: Some(3),
    };
    assert!(has(&ws, 2, 92, kind), "{ws:?}");
    let kind = TrfWarningKind::NotReciprocal {
        round: 1,
        player: 5,
        opponent: 1,
        back: Some(7),
    };
    assert!(has(&ws, 6, 92, kind), "{ws:?}");
}

#[test]
fn warning_same_colour_and_results() {
    let mut lines = small();
    put(&mut lines, 2, 97, "w"); // player 1 round 1: b → w; player 5 has w too
    let ws = warnings(&lines);
    assert!(has(
        &ws,
        2,
        97,
        TrfWarningKind::SameColour {
            round: 1,
            player: 1,
            opponent: 5,
            colour: 'w'
        }
    ));
    let mut lines = small();
    put(&mut lines, 2, 99, "="); // player 1 round 1: 1 → =; player 5 has 0
    let ws = warnings(&lines);
    let kind = TrfWarningKind::ResultsDisagree {
        round: 1,
        player: 1,
        opponent: 5,
        result: ResultCode::Draw,
        theirs: ResultCode::Loss,
    };
    assert!(has(&ws, 2, 99, kind), "{ws:?}");
    // Points 6.0 in the file; the win became a draw: 6 − 1 + ½ = 5.5.
    let kind = TrfWarningKind::PointsMismatch {
        player: 1,
        declared: Decimal::new(60, 1),
        computed: Decimal::new(55, 1),
    };
    assert!(has(&ws, 2, 81, kind), "{ws:?}");
}

#[test]
fn warning_points_mismatch() {
    let mut lines = small();
    put(&mut lines, 10, 81, " 2.0"); // player 9: 1.0 in the file (a U bye, then six losses)
    let ws = warnings(&lines);
    let kind = TrfWarningKind::PointsMismatch {
        player: 9,
        declared: Decimal::new(20, 1),
        computed: Decimal::new(1, 0),
    };
    assert_eq!(
        ws,
        [TrfWarning {
            line: 10,
            column: 81,
            kind
        }]
    );
    // The same file with bbpPairings BBU 0.0 (PAB worth nothing): player 9 has 0 then.
    let mut lines = small();
    lines.push("BBU  0.0".into());
    let ws = warnings(&lines);
    assert!(ws.iter().any(|w| w.kind
        == TrfWarningKind::PointsMismatch {
            player: 9,
            declared: Decimal::new(10, 1),
            computed: Decimal::ZERO
        }));
}

#[test]
fn warning_byes() {
    let mut lines = small();
    put(&mut lines, 2, 152, "0000 - 1"); // player 1 round 7: a win against nobody
    let ws = warnings(&lines);
    assert!(has(
        &ws,
        2,
        159,
        TrfWarningKind::ResultWithoutOpponent {
            round: 7,
            player: 1,
            result: ResultCode::Win
        }
    ));
    let mut lines = small();
    put(&mut lines, 2, 159, "H"); // player 1 round 7 "6 b 1" → "6 b H"
    let ws = warnings(&lines);
    assert!(has(
        &ws,
        2,
        159,
        TrfWarningKind::ByeWithOpponent {
            round: 7,
            player: 1,
            opponent: 6,
            result: ResultCode::HalfPointBye
        }
    ));
    // Two pairing-allocated byes in round 1: player 9 has one already.
    let mut lines = small();
    put(&mut lines, 2, 92, "0000 - U");
    let ws = warnings(&lines);
    assert!(
        ws.iter()
            .any(|w| w.kind == TrfWarningKind::SeveralPairingAllocatedByes { round: 1, count: 2 })
    );
}

#[test]
fn warning_references_and_counts() {
    let mut lines = small();
    lines.push("XXP 1 99".into()); // line 13
    lines.push("XXR 5".into()); // line 14: the file holds 7 rounds
    lines.push("142 7".into()); // line 15
    lines.push("062 10".into()); // line 16: 9 players
    let ws = warnings(&lines);
    assert!(has(
        &ws,
        13,
        5,
        TrfWarningKind::UnknownPlayer {
            record: "XXP",
            id: 99
        }
    ));
    assert!(has(
        &ws,
        14,
        5,
        TrfWarningKind::RoundCountsDisagree { n142: 7, xxr: 5 }
    ));
    assert!(has(
        &ws,
        16,
        5,
        TrfWarningKind::PlayerCountMismatch {
            declared: "10".into(),
            actual: 9
        }
    ));
    // 142 (7) wins over XXR (5), so the 7 rounds in the file are within the total.
    assert!(
        !ws.iter()
            .any(|w| matches!(w.kind, TrfWarningKind::MoreRoundsThanTotal { .. }))
    );
    lines.truncate(14);
    let ws = warnings(&lines);
    assert!(has(
        &ws,
        14,
        5,
        TrfWarningKind::MoreRoundsThanTotal {
            total: 5,
            in_file: 7
        }
    ));
}

/// A control character (a tab, NUL …) would shift a line's fixed columns or
/// break it: the reader refuses it at its column, naming the field, and the
/// writer refuses to write one.
#[test]
fn control_characters_are_refused_when_read_and_when_written() {
    let mut lines = small();
    // Player 1's name (cols 15–47) with a tab in it.
    let mut chars: Vec<char> = lines[1].chars().collect();
    chars[16] = '\t';
    lines[1] = chars.into_iter().collect();
    let e = parse_trf(&lines.join("\n")).unwrap_err();
    assert_eq!((e.line, e.column, e.field), (2, 17, Field::Name));
    assert_eq!(e.kind, TrfErrorKind::ControlCharacter { found: '\t' });
    let e = parse_trf("012 Open\u{0}Cup\n").unwrap_err();
    assert_eq!((e.line, e.column, e.field), (1, 9, Field::RecordCode));
    let e = parse_trf("### a\u{7}b\n").unwrap_err();
    assert_eq!(e.kind, TrfErrorKind::ControlCharacter { found: '\u{7}' });

    use qiyuan_formats::trf::{PlayerRecord, Record, TextCode, TrfFile};
    for name in ["Doe,\nJohn", "Doe,\tJohn", "Doe,\u{0}John", "Doe,\rJohn"] {
        let file = TrfFile {
            records: vec![Record::Player(PlayerRecord::new(1, name))],
        };
        let e = file.write_trf2026().unwrap_err();
        assert_eq!((e.record, e.field, e.width), (0, Field::Name, None));
        assert!(file.write_trf16().is_err());
    }
    let mut p = PlayerRecord::new(1, "Doe, John");
    p.title = Some("G\tM".into());
    let file = TrfFile {
        records: vec![
            Record::Text {
                code: TextCode::TournamentName,
                text: "Open".into(),
            },
            Record::Player(p),
        ],
    };
    let e = file.write_trf2026().unwrap_err();
    assert_eq!((e.record, e.field), (1, Field::Title));
    let file = TrfFile {
        records: vec![Record::Text {
            code: TextCode::TournamentName,
            text: "Open\u{1b}[2J".into(),
        }],
    };
    assert!(file.write_trf2026().is_err());
}

/// Found by `trf_proptest::mutated_real_files`: a `152` line cut to its
/// code was reported as an invalid colour " " at column 5 of a 3-character
/// line; it is a missing colour, at the column where it belongs.
#[test]
fn a_152_line_without_its_colour_is_missing_it() {
    let e = qiyuan_formats::trf::parse_trf("012 Open\n152\n").unwrap_err();
    assert_eq!((e.line, e.column), (2, 5), "{e}");
    assert!(
        matches!(
            e.kind,
            qiyuan_formats::trf::TrfErrorKind::Missing { length: 3 }
        ),
        "{e}"
    );
}
