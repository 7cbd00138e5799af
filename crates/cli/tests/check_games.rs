//! `qiyuan check-games` end to end on the files of testdata/games; counts
//! from testdata/games/README.md.

use std::process::Command;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/games");

fn qiyuan(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_qiyuan"))
        .args(args)
        .output()
        .expect("runs")
}

fn json(args: &[&str]) -> (serde_json::Value, i32) {
    let mut all = vec!["check-games", "--format", "json"];
    all.extend_from_slice(args);
    let out = qiyuan(&all);
    let v = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)));
    (v, out.status.code().unwrap())
}

#[test]
fn notation_set_in_every_notation_and_the_xqf_files_pass() {
    let mut files: Vec<String> = ["big5", "utf8", "gbk", "iccs", "wxf"]
        .iter()
        .map(|e| format!("{DIR}/xiangqi/notation-set/ccpd-notation-set.{e}.pgn"))
        .collect();
    for entry in std::fs::read_dir(format!("{DIR}/xiangqi/xqf")).unwrap() {
        let p = entry.unwrap().path();
        if p.extension().is_some_and(|e| e == "xqf") {
            files.push(p.display().to_string());
        }
    }
    let args: Vec<&str> = files.iter().map(String::as_str).collect();
    let (v, code) = json(&args);
    let s = &v["summary"];
    // README: 31 games × 5 files, 3,071 plies each; 18 XQF files.
    assert_eq!(s["games"], 31 * 5 + 18);
    assert_eq!(s["legal"], 31 * 5 + 18);
    assert_eq!(s["illegal"], 0);
    assert_eq!(s["inconsistent_results"], 0);
    let xqf_plies: u64 = v["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["format"] == "xqf")
        .map(|g| g["plies"].as_u64().unwrap())
        .sum();
    // index.tsv: 161+115+149+152+57+12+13+13+13 = 685 plies, twice.
    assert_eq!(xqf_plies, 2 * 685);
    assert_eq!(s["plies"], 5 * 3_071 + 2 * 685);
    assert_eq!(code, 0);
}

#[test]
fn ccpd_computer_fails_with_its_three_illegal_moves() {
    let (v, code) = json(&[&format!("{DIR}/xiangqi/ccpd/ccpd-computer.big5.pgn")]);
    assert_eq!(code, 1);
    assert_eq!(v["summary"]["games"], 208);
    assert_eq!(v["summary"]["illegal"], 3);
    let bad: Vec<(u64, String)> = v["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["status"] == "illegal")
        .map(|g| {
            (
                g["game"].as_u64().unwrap(),
                g["problem"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    // README: game 52 ply 115 帥五進一, game 60 ply 72 將５進１, game 89 ply 72 將５平４.
    assert_eq!(bad.len(), 3);
    assert_eq!(bad[0].0, 52);
    assert!(bad[0].1.contains("帥五進一") && bad[0].1.contains("ply 115"));
    assert_eq!(bad[1].0, 60);
    assert!(bad[1].1.contains("將５進１") && bad[1].1.contains("ply 72"));
    assert_eq!(bad[2].0, 89);
    assert!(bad[2].1.contains("將５平４") && bad[2].1.contains("ply 72"));
}

#[test]
fn chess_and_xiangqi_are_sniffed_per_file_and_table_has_a_summary() {
    let out = qiyuan(&[
        "check-games",
        &format!("{DIR}/chess/derived-fen-starts.pgn"),
        &format!("{DIR}/xiangqi/wukong-xqdb/bulk_games_uci.pgn"),
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    // README: 120 chess games from FEN starts, 15 wukong games (1,378 plies).
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with("135 games, 135 legal, 0 illegal"),
        "{last}"
    );
    assert!(text.contains("Chess pgn") && text.contains("Xiangqi pgn"));
    assert!(out.status.success());
}

#[test]
fn a_broken_xqf_and_a_missing_file() {
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = std::fs::read(format!("{DIR}/xiangqi/xqf/ccpd-game01.v10.xqf")).unwrap();
    bytes.truncate(bytes.len() - 3);
    let p = dir.path().join("cut.xqf");
    std::fs::write(&p, &bytes).unwrap();
    let (v, code) = json(&[p.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert_eq!(v["summary"]["errors"], 1);
    assert!(
        v["games"][0]["problem"]
            .as_str()
            .unwrap()
            .contains("cut short")
    );

    let out = qiyuan(&["check-games", "/nonexistent/x.pgn"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"));
}
