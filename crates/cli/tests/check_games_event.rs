//! `qiyuan check-games --event`: game records compared with the event file.
//! The event is built from `testdata/games/xiangqi/notation-set/games.tsv`
//! (games 1–4: players as the records write them, "UNIT NAME", and
//! results); the records are the shipped PGN and XQF files of those games.

use std::process::{Command, Output};

const SET: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../testdata/games/xiangqi/notation-set"
);
const XQF: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../testdata/games/xiangqi/xqf"
);

fn qiyuan(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qiyuan"))
        .arg("check-games")
        .args(args)
        .output()
        .expect("runs")
}

/// games.tsv rows 1–4: (red, black, result, plies).
fn games() -> Vec<(String, String, String, usize)> {
    std::fs::read_to_string(format!("{SET}/games.tsv"))
        .unwrap()
        .lines()
        .skip(1)
        .take(4)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[2].into(), f[3].into(), f[4].into(), f[5].parse().unwrap())
        })
        .collect()
}

/// "河北   劉殿中" → ("河北", "劉殿中"); "廣東許銀川" → ("廣東", "許銀川"):
/// the unit is the first two characters, as in these four games.
fn split(name: &str) -> (String, String) {
    let unit: String = name.chars().take(2).collect();
    let rest: String = name.chars().skip(2).collect();
    (unit, rest.trim().to_string())
}

/// An event of the four games, all in round 1. `results[i]` and
/// `swap[i]` override game i's result and exchange its colours; `records`
/// adds the `record` fields.
fn event(results: [Option<&str>; 4], swap: [bool; 4], records: bool) -> String {
    let g = games();
    let mut players = Vec::new();
    let mut lines = Vec::new();
    for (i, (red, black, result, _)) in g.iter().enumerate() {
        for (k, who) in [red, black].into_iter().enumerate() {
            let (unit, name) = split(who);
            players.push(format!(
                r#"{{"id": {}, "name": "{name}", "sex": "m", "unit": "{unit}"}}"#,
                2 * i + k + 1
            ));
        }
        let (r, b) = if swap[i] {
            (2 * i + 2, 2 * i + 1)
        } else {
            (2 * i + 1, 2 * i + 2)
        };
        let result = results[i].unwrap_or(result);
        let record = if records {
            format!(
                r#", "record": "{SET}/ccpd-notation-set.utf8.pgn#{}""#,
                i + 1
            )
        } else {
            String::new()
        };
        lines.push(format!(
            r#"{{"round": 1, "red": {r}, "black": {b}, "result": "{result}"{record}}}"#
        ));
    }
    format!(
        "{{\"name\": \"1982 全国赛\", \"game\": \"xiangqi\", \"system\": \"swiss\",\n\"players\": [\n{}\n],\n\"games\": [\n{}\n]}}\n",
        players.join(",\n"),
        lines.join(",\n")
    )
}

fn run_json(event_text: &str, files: &[&str]) -> (Option<i32>, serde_json::Value) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("event.json");
    std::fs::write(&path, event_text).unwrap();
    let mut args = vec!["--event", path.to_str().unwrap(), "--format", "json"];
    args.extend_from_slice(files);
    let out = qiyuan(&args);
    let v = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!("{e}: {}", String::from_utf8_lossy(&out.stderr));
    });
    (out.status.code(), v)
}

#[test]
fn records_named_by_the_event_agree_with_it() {
    let (code, v) = run_json(&event([None; 4], [false; 4], true), &[]);
    assert_eq!(code, Some(0), "{v:#}");
    let games = v["games"].as_array().unwrap();
    assert_eq!(games.len(), 4);
    // games.tsv: plies 161, 115, 149, 152.
    let plies: Vec<u64> = games.iter().map(|g| g["plies"].as_u64().unwrap()).collect();
    assert_eq!(plies, [161, 115, 149, 152]);
    assert_eq!(games[2]["event_game"], "games[2], round 1");
    assert!(games.iter().all(|g| g.get("event_problems").is_none()));
    assert_eq!(v["summary"]["event_mismatches"], 0);
    assert_eq!(v["summary"]["event_games_without_record"], 0);
}

#[test]
fn contradicting_results_players_and_forfeits_are_reported() {
    // Game 2 (1-0 in the record) entered as 0-1; game 3 with the colours
    // exchanged but the same winner (楊官璘 won: 0-1 from the swapped
    // side); game 4 (a 152-ply draw) entered as a forfeit.
    let (code, v) = run_json(
        &event(
            [None, Some("0-1"), Some("0-1"), Some("+-")],
            [false, false, true, false],
            true,
        ),
        &[],
    );
    assert_eq!(code, Some(1));
    let p = |i: usize| -> Vec<String> {
        v["games"][i]["event_problems"]
            .as_array()
            .map(|a| a.iter().map(|s| s.as_str().unwrap().to_string()).collect())
            .unwrap_or_default()
    };
    assert!(p(0).is_empty());
    assert_eq!(
        p(1),
        ["the record's result 1-0 contradicts the event's 0-1"]
    );
    assert_eq!(p(2), ["the record has the players in the other colours"]);
    assert_eq!(
        p(3),
        ["the event says the game was forfeited (+-) but the record has 152 plies"]
    );
    assert_eq!(v["summary"]["event_mismatches"], 3);
}

#[test]
fn files_are_matched_to_the_event_by_players() {
    // The XQF files of games 1–4 (names cut to 15 GBK bytes, still whole
    // here) match the event's games by their players; game 12 (a set-up
    // position from another event) matches none.
    let files: Vec<String> = ["01", "02", "03", "04", "12"]
        .iter()
        .map(|g| format!("{XQF}/ccpd-game{g}.v10.xqf"))
        .collect();
    let refs: Vec<&str> = files.iter().map(String::as_str).collect();
    let (code, v) = run_json(&event([None; 4], [false; 4], false), &refs);
    assert_eq!(code, Some(1));
    let games = v["games"].as_array().unwrap();
    for (i, g) in games.iter().take(4).enumerate() {
        assert_eq!(g["event_game"], format!("games[{i}], round 1"));
        assert!(g.get("event_problems").is_none(), "{g:#}");
    }
    let last = games[4]["event_problems"][0].as_str().unwrap();
    assert!(
        last.starts_with("no game of the event is between"),
        "{last}"
    );
    assert_eq!(v["summary"]["event_mismatches"], 1);
    assert_eq!(v["summary"]["event_games_without_record"], 0);
    // Without the files: four games, no record checked against them.
    let (code, v) = run_json(&event([None; 4], [false; 4], false), &[]);
    assert_eq!(code, Some(0));
    assert_eq!(v["summary"]["event_games_without_record"], 4);
}

#[test]
fn a_record_must_say_which_game_of_a_file() {
    let text = event([None; 4], [false; 4], true)
        .replace("utf8.pgn#1\"", "utf8.pgn\"")
        .replace("utf8.pgn#2\"", "utf8.pgn#40\"");
    let (code, v) = run_json(&text, &[]);
    assert_eq!(code, Some(1));
    let problem = |i: usize| v["games"][i]["problem"].as_str().unwrap().to_string();
    // notation-set: 31 games in the file.
    assert!(
        problem(0).contains("the file holds 31 games; say which"),
        "{}",
        problem(0)
    );
    assert!(
        problem(1).contains("the file holds 31 games"),
        "{}",
        problem(1)
    );
    // A table for people, with the event column.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e.json");
    std::fs::write(&path, event([None; 4], [false; 4], true)).unwrap();
    let out = qiyuan(&["--event", path.to_str().unwrap()]);
    let table = String::from_utf8(out.stdout).unwrap();
    assert!(
        table.contains("Event") && table.contains("games[0], round 1: agrees"),
        "{table}"
    );
    assert!(
        table.contains("event: 0 records disagree, 0 games without a record"),
        "{table}"
    );
}

#[test]
fn records_survive_conversion_to_toml() {
    // JSON → TOML keeps every `record`; the TOML event checks the same.
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("e.json");
    let toml = dir.path().join("e.toml");
    std::fs::write(
        &json,
        event([None, Some("0-1"), None, None], [false; 4], true),
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_qiyuan"))
        .args(["convert", json.to_str().unwrap(), toml.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&toml).unwrap();
    assert_eq!(text.matches("record = ").count(), 4, "{text}");
    let out = qiyuan(&["--event", toml.to_str().unwrap(), "--format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["summary"]["event_mismatches"], 1);
    assert_eq!(
        v["games"][1]["event_problems"][0],
        "the record's result 1-0 contradicts the event's 0-1"
    );
}
