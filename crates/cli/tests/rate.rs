//! `qiyuan rate` end to end: a hand-worked event, every output format, and
//! bad input answered with the file, line and field.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn qiyuan(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qiyuan"))
        .args(args)
        .output()
        .expect("run qiyuan")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Three players, three rounds, one bye a round (byes never count, cxa-2019
/// 第十二条).
const EVENT: &str = r#"{
  "name": "三人赛", "game": "xiangqi", "system": "swiss",
  "start": "2024-03-01", "end": "2024-03-03",
  "players": [
    {"id": 1, "name": "甲", "sex": "m", "rating": 2450, "rated_games": 40},
    {"id": 2, "name": "乙", "sex": "m", "rating": 2350, "rated_games": 10},
    {"id": 3, "name": "丙", "sex": "m", "rating": 2400, "rated_games": 100, "ever_reached": 2510}
  ],
  "games": [
    {"round": 1, "red": 1, "black": 2, "result": "0-1"},
    {"round": 1, "red": 3, "result": "bye"},
    {"round": 2, "red": 3, "black": 1, "result": "1/2-1/2"},
    {"round": 2, "red": 2, "result": "bye"},
    {"round": 3, "red": 2, "black": 3, "result": "1-0"},
    {"round": 3, "red": 1, "result": "bye"}
  ]
}"#;

fn dec(v: &serde_json::Value) -> f64 {
    match v {
        serde_json::Value::String(s) => s.parse().unwrap(),
        serde_json::Value::Number(n) => n.as_f64().unwrap(),
        other => panic!("not a number: {other}"),
    }
}

#[test]
fn hand_worked_cxa_2019_event_in_json() {
    // cxa-2019 第九条: Ra to 1 decimal, P from the table (2 decimals),
    // We = N × P, ΔR = K(W − We) to 1 decimal, Rn = Ro + ΔR to an integer.
    // K (第十条): < 30 valid games 25; ≥ 30 games 15; once 2500 reached 10.
    //
    // Player 1 (2450, 40 games → K 15): met 2 (2350) lost, 3 (2400) drew.
    //   Ra = (2350 + 2400) / 2 = 2375.0; D = 75 → P = 0.60 (table row 69–76)
    //   We = 2 × 0.60 = 1.20; W = 0.5; ΔR = 15 × (0.5 − 1.20) = −10.5
    //   Rn = 2450 − 10.5 = 2439.5 → 2440 (half away from zero)
    // Player 2 (2350, 10 games → K 25): beat 1 (2450) and 3 (2400).
    //   Ra = 2425.0; D = −75 → P = 0.40; We = 0.80; W = 2
    //   ΔR = 25 × (2 − 0.80) = 30.0; Rn = 2380
    // Player 3 (2400, ever 2510 → K 10): drew 1 (2450), lost to 2 (2350).
    //   Ra = 2400.0; D = 0 → P = 0.50; We = 1.00; W = 0.5
    //   ΔR = 10 × (0.5 − 1.00) = −5.0; Rn = 2395
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "e.json", EVENT);
    let out = qiyuan(&[
        "rate",
        file.to_str().unwrap(),
        "--profile",
        "cxa-2019",
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["profile"], "cxa-2019");
    let expected = [
        // id, Ro, Ra, N, W, We, K, ΔR, Rn
        (1, 2450.0, 2375.0, 2, 0.5, 1.20, 15, -10.5, 2440.0),
        (2, 2350.0, 2425.0, 2, 2.0, 0.80, 25, 30.0, 2380.0),
        (3, 2400.0, 2400.0, 2, 0.5, 1.00, 10, -5.0, 2395.0),
    ];
    let players = json["players"].as_array().unwrap();
    assert_eq!(players.len(), 3);
    for (p, &(id, ro, ra, n, w, we, k, change, rn)) in players.iter().zip(&expected) {
        assert_eq!(p["id"], id);
        assert_eq!(dec(&p["rating_before"]), ro, "player {id} Ro");
        assert_eq!(dec(&p["opponents_average"]), ra, "player {id} Ra");
        assert_eq!(p["games"], n, "player {id} N");
        assert_eq!(dec(&p["score"]), w, "player {id} W");
        assert_eq!(dec(&p["expected_score"]), we, "player {id} We");
        assert_eq!(p["k"], k, "player {id} K");
        assert_eq!(dec(&p["change"]), change, "player {id} ΔR");
        assert_eq!(dec(&p["rating_after"]), rn, "player {id} Rn");
    }
}

#[test]
fn table_csv_and_explain_show_the_same_figures() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "e.json", EVENT);
    let f = file.to_str().unwrap();

    let table = qiyuan(&["rate", f, "--profile", "cxa-2019"]);
    assert!(table.status.success(), "{}", stderr(&table));
    let text = stdout(&table);
    for header in ["原等级分 Ro", "对手平均分 Ra", "预期局分 We", "升降值 ΔR"] {
        assert!(text.contains(header), "{header} missing in\n{text}");
    }
    assert!(text.contains("-10.5") && text.contains("2440"), "{text}");

    let csv = qiyuan(&["rate", f, "--profile", "cxa-2019", "--format", "csv"]);
    let csv = stdout(&csv);
    let mut lines = csv.lines();
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("id,name,rating_before,opponents_average")
    );
    let row2: Vec<&str> = lines.nth(1).unwrap().split(',').collect();
    assert_eq!(row2[0], "2");
    assert_eq!(row2[10], "30.0", "ΔR of player 2 in {csv}");

    let explain = qiyuan(&[
        "rate",
        f,
        "--profile",
        "cxa-2019",
        "--explain",
        "2",
        "--lang",
        "en",
    ]);
    assert!(explain.status.success(), "{}", stderr(&explain));
    let words = stdout(&explain);
    assert!(words.contains("2425"), "Ra in\n{words}");
    assert!(words.contains("30"), "ΔR in\n{words}");
}

#[test]
fn xlsx_is_a_workbook_with_numbers_as_numbers() {
    use calamine::{Data, Reader, Xlsx, open_workbook};
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "e.json", EVENT);
    let book = dir.path().join("report.xlsx");
    let out = qiyuan(&[
        "rate",
        file.to_str().unwrap(),
        "--profile",
        "cxa-2019",
        "--format",
        "xlsx",
        "-o",
        book.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let mut wb: Xlsx<_> = open_workbook(&book).unwrap();
    let range = wb.worksheet_range("等级分计算表").unwrap();
    let rows: Vec<_> = range.rows().collect();
    let header = rows
        .iter()
        .position(|r| r[0] == Data::String("编号".into()))
        .unwrap();
    // Player 1's ΔR −10.5 (hand-worked above) is a number, not text.
    assert_eq!(rows[header + 1][10], Data::Float(-10.5));
    assert_eq!(rows[header + 1][11], Data::Float(2440.0));

    let refused = qiyuan(&[
        "rate",
        file.to_str().unwrap(),
        "--profile",
        "cxa-2019",
        "--format",
        "xlsx",
    ]);
    assert!(!refused.status.success());
    assert!(stderr(&refused).contains("-o"), "{}", stderr(&refused));
}

#[test]
fn unknown_profile_lists_the_known_ones() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "e.json", EVENT);
    let out = qiyuan(&["rate", file.to_str().unwrap(), "--profile", "cxa-2099"]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(
        err.contains("cxa-2099") && err.contains("cxa-2019") && err.contains("cca-chess"),
        "{err}"
    );
    assert!(out.stdout.is_empty(), "no partial output");
}

#[test]
fn bad_event_files_name_file_line_and_field() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&str, String, &str); 4] = [
        // an unknown player in a game: line 10 holds round 1's game
        (
            "unknown.json",
            EVENT.replace(r#""red": 1, "black": 2"#, r#""red": 1, "black": 9"#),
            ":10: games[0].black",
        ),
        // a game listed twice
        (
            "twice.json",
            EVENT.replace(
                r#"{"round": 1, "red": 3, "result": "bye"}"#,
                r#"{"round": 1, "red": 2, "black": 1, "result": "1-0"}"#,
            ),
            ":11: games[1]",
        ),
        // an impossible result
        (
            "result.json",
            EVENT.replace(r#""result": "0-1""#, r#""result": "2-0""#),
            ":10: games[0].result",
        ),
        // a rating that is not a number
        (
            "rating.json",
            EVENT.replace(r#""rating": 2350"#, r#""rating": "abc""#),
            ":6: players[1].rating",
        ),
    ];
    for (name, text, expected) in cases {
        let file = write(dir.path(), name, &text);
        let out = qiyuan(&["rate", file.to_str().unwrap(), "--profile", "cxa-2019"]);
        assert!(!out.status.success(), "{name} accepted");
        let err = stderr(&out);
        assert!(err.contains(&format!("{name}{expected}")), "{name}: {err}");
        assert!(out.stdout.is_empty(), "{name}: no partial output");
    }
}

#[test]
fn profile_file_is_read_with_the_same_parser() {
    let dir = tempfile::tempdir().unwrap();
    let event = write(dir.path(), "e.json", EVENT);
    // A provincial variant: cxa-2019 with a different name. Same figures.
    let builtin = include_str!("../../rating/profiles/cxa-2019.toml");
    let profile = write(dir.path(), "mine.toml", builtin);
    let out = qiyuan(&[
        "rate",
        event.to_str().unwrap(),
        "--profile-file",
        profile.to_str().unwrap(),
        "--format",
        "csv",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains(",30.0,"), "{}", stdout(&out));

    let broken = write(dir.path(), "broken.toml", &builtin.replacen("=", "= =", 1));
    let out = qiyuan(&[
        "rate",
        event.to_str().unwrap(),
        "--profile-file",
        broken.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("broken.toml"), "{}", stderr(&out));
}

/// A failed rated-event condition is printed in the language asked for.
/// cxa-2019 第三条(三): 至少应有两名国家级（含以上级别）裁判员 — the event has
/// one national arbiter, so the warning names 第三条(三) in both languages.
#[test]
fn condition_warnings_follow_the_language() {
    let dir = tempfile::tempdir().unwrap();
    let text = EVENT.replacen(
        r#""players""#,
        r#""arbiters": [{"name": "王裁判", "grade": "national"}], "players""#,
        1,
    );
    let file = write(dir.path(), "e.json", &text);
    let path = file.to_str().unwrap();
    for (lang, prefix) in [
        ("zh", "注意：第三条(三)："),
        ("en", "warning: 第三条(三): "),
    ] {
        let out = qiyuan(&["rate", path, "--profile", "cxa-2019", "--lang", lang]);
        assert!(out.status.success(), "{}", stderr(&out));
        let text = stdout(&out);
        let line = text
            .lines()
            .find(|l| l.starts_with(prefix))
            .unwrap_or_else(|| panic!("no {prefix} in\n{text}"));
        let latin_words = line
            .split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| w.len() > 1)
            .count();
        if lang == "zh" {
            assert_eq!(latin_words, 0, "{line}");
        } else {
            assert!(latin_words > 2, "{line}");
        }
    }
}
