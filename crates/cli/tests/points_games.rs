//! `qiyuan points --games`: game records feed the platform point systems,
//! with the plies counted from the moves (regulations §6).

use std::path::Path;
use std::process::{Command, Output};

const GAMES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/games");

fn qiyuan(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qiyuan"))
        .arg("points")
        .args(args)
        .output()
        .expect("runs")
}

fn lines(out: &Output) -> Vec<serde_json::Value> {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A xiangqi PGN game in ICCS between `red` and `black`.
fn xiangqi(red: &str, black: &str, moves: &[&str], result: &str) -> String {
    let mut text = format!(
        "[Game \"Chinese Chess\"]\n[Red \"{red}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n[Format \"ICCS\"]\n\n"
    );
    for (i, pair) in moves.chunks(2).enumerate() {
        text.push_str(&format!("{}. {} ", i + 1, pair.join(" ")));
    }
    text.push_str(result);
    text.push_str("\n\n");
    text
}

/// Ten legal opening plies: 炮二平五 马8进7 马二进三 车9平8 车一平二 马2进3
/// 马八进九 车1平2 车九平八 卒7进1.
const TEN: [&str; 10] = [
    "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b0a2", "a9b9", "a0b0", "g6g5",
];

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

#[test]
fn a_win_in_nine_plies_gives_the_winner_nothing_under_the_qq_title_rule() {
    // Regulations §6.2 (qq-xiangqi-titles, seed 003): win +1, loss −1; a game
    // that ends within 10 moves (fewer than 10 plies) gives the winner 0, the
    // loser still loses 1. New players start at 0 (草民).
    //   game 1: Red "a" beats "b" in 9 plies  → a +0, b −1
    //   game 2: Red "c" beats "d" in 10 plies → c +1, d −1
    //   game 3: "b" (Black) beats "a" in 10 plies → b +1 (−1 + 1 = 0), a −1
    let dir = tempfile::tempdir().unwrap();
    let pgn = [
        xiangqi("a", "b", &TEN[..9], "1-0"),
        xiangqi("c", "d", &TEN, "1-0"),
        xiangqi("a", "b", &TEN, "0-1"),
    ]
    .concat();
    let file = write(dir.path(), "games.pgn", &pgn);
    let state = dir.path().join("state.json");
    let out = qiyuan(&[
        "--system",
        "qq-xiangqi-titles",
        "--state",
        state.to_str().unwrap(),
        "--games",
        &file,
    ]);
    let v = lines(&out);
    assert_eq!(v.len(), 3);
    assert_eq!(v[0]["id"], format!("{file}#1"));
    assert_eq!(
        (v[0]["white_change"].as_i64(), v[0]["black_change"].as_i64()),
        (Some(0), Some(-1))
    );
    assert_eq!(
        (v[1]["white_change"].as_i64(), v[1]["black_change"].as_i64()),
        (Some(1), Some(-1))
    );
    assert_eq!(
        (v[2]["white_change"].as_i64(), v[2]["black_change"].as_i64()),
        (Some(-1), Some(1))
    );
    assert_eq!(
        (v[2]["white_points"].as_i64(), v[2]["black_points"].as_i64()),
        (Some(-1), Some(0))
    );
    let state: serde_json::Value = serde_json::from_slice(&std::fs::read(&state).unwrap()).unwrap();
    assert_eq!(state["players"]["c"]["points"], "1");
}

#[test]
fn one_ply_is_not_scored_under_the_qq_elo_rule_two_plies_are() {
    // Regulations §6.3 (qq-xiangqi-elo): a game of fewer than 2 plies is not
    // scored. Two new players (1300): Red wins a 2-ply game. Red's Dr =
    // (1300 − 1300) − 100 = −100, Exp = 1 / (10^(−0.25) + 1) = 0.6401, K = 60
    // (1000–1399): 60 × 0.3599 = 21.59 → 21; Black: Dr = +100, Exp = 0.3599,
    // 60 × (0 − 0.3599) = −21.59 → −21 (truncated toward zero).
    let dir = tempfile::tempdir().unwrap();
    let pgn = [
        xiangqi("r", "b", &TEN[..1], "1-0"),
        xiangqi("r", "b", &TEN[..2], "1-0"),
    ]
    .concat();
    let file = write(dir.path(), "g.pgn", &pgn);
    let v = lines(&qiyuan(&["--system", "qq-xiangqi-elo", "--games", &file]));
    assert_eq!(v[0]["scored"], false);
    assert_eq!(v[0]["white_change"], 0);
    assert_eq!(v[1]["scored"], true);
    assert_eq!(
        (v[1]["white_change"].as_i64(), v[1]["black_change"].as_i64()),
        (Some(21), Some(-21))
    );
    assert_eq!(
        (v[1]["white_points"].as_i64(), v[1]["black_points"].as_i64()),
        (Some(1321), Some(1279))
    );
}

#[test]
fn xqf_files_and_chess_records_are_read_too() {
    // xqf/index.tsv: ccpd-game14 is a middle-game set-up with Black to move,
    // 12 plies, 1-0; ccpd-game15 13 plies, 0-1. In qq-xiangqi-titles both are
    // long enough (≥ 10 plies): winner +1, loser −1.
    let g14 = format!("{GAMES}/xiangqi/xqf/ccpd-game14.v18.xqf");
    let g15 = format!("{GAMES}/xiangqi/xqf/ccpd-game15.v10.xqf");
    let v = lines(&qiyuan(&[
        "--system",
        "qq-xiangqi-titles",
        "--games",
        &g14,
        &g15,
    ]));
    assert_eq!(v.len(), 2);
    assert_eq!(
        (v[0]["white_change"].as_i64(), v[0]["black_change"].as_i64()),
        (Some(1), Some(-1))
    );
    assert_eq!(
        (v[1]["white_change"].as_i64(), v[1]["black_change"].as_i64()),
        (Some(-1), Some(1))
    );
    // Chess, fool's mate (1. f3 e5 2. g4 Qh4#, 0-1 by checkmate) in
    // qq-chess-levels (§6.1): equal points count as d < 10, the winner
    // gains 10 and the loser loses what the winner gains.
    let dir = tempfile::tempdir().unwrap();
    let file = write(
        dir.path(),
        "c.pgn",
        "[White \"w\"]\n[Black \"k\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n",
    );
    let v = lines(&qiyuan(&["--system", "qq-chess-levels", "--games", &file]));
    assert_eq!(
        (v[0]["white_change"].as_i64(), v[0]["black_change"].as_i64()),
        (Some(-10), Some(10))
    );
}

#[test]
fn illegal_records_are_refused_with_file_game_and_move() {
    // games/README.md: ccpd-computer.big5.pgn has three records with an
    // illegal move: game 52 ply 115 帥五進一 (Red's 58th move), game 60 ply 72
    // 將５進１ and game 89 ply 72 將５平４ (Black's 36th); 110 of its 208
    // games have no result (`*`).
    let file = format!("{GAMES}/xiangqi/ccpd/ccpd-computer.big5.pgn");
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("s.json");
    let out = qiyuan(&[
        "--system",
        "qq-xiangqi-titles",
        "--state",
        state.to_str().unwrap(),
        "--games",
        &file,
    ]);
    assert!(!out.status.success());
    assert!(out.stdout.is_empty(), "nothing is applied");
    assert!(!state.exists(), "the state is not written");
    let err = stderr(&out);
    assert!(
        err.contains("game records refused; nothing was applied"),
        "{err}"
    );
    // Illegal moves come first in the list.
    for (game, text) in [
        (52, "58. 帥五進一 (ply 115)"),
        (60, "36... 將５進１ (ply 72)"),
        (89, "36... 將５平４ (ply 72)"),
    ] {
        assert!(
            err.contains(&format!("{file}, game {game}: illegal move: move {text}")),
            "game {game}: {err}"
        );
    }
    // A result that contradicts the final position: Black is mated after
    // fool's mate, yet the record says White won.
    let bad = write(
        dir.path(),
        "bad.pgn",
        "[White \"w\"]\n[Black \"k\"]\n[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n",
    );
    let err = stderr(&qiyuan(&["--system", "qq-chess-levels", "--games", &bad]));
    assert!(err.contains("game 1: the result 1-0 contradicts"), "{err}");
    // No player.
    let anon = write(dir.path(), "anon.pgn", &xiangqi("", "b", &TEN, "1-0"));
    let err = stderr(&qiyuan(&[
        "--system",
        "qq-xiangqi-titles",
        "--games",
        &anon,
    ]));
    assert!(err.contains("game 1: no Red player"), "{err}");
}

#[test]
fn records_and_json_lines_give_the_same_changes() {
    // The same game as a record and as a JSON line (players, result, the
    // plies the record has): the same changes, for every kind of system.
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "g.pgn", &xiangqi("r", "b", &TEN, "0-1"));
    let line = "{\"id\":1,\"red\":\"r\",\"black\":\"b\",\"result\":\"0-1\",\"plies\":10}\n";
    for system in [
        "qq-xiangqi-titles",
        "qq-xiangqi-elo",
        "qq-chess-levels",
        "glicko2",
    ] {
        let from_record = lines(&qiyuan(&["--system", system, "--games", &file]));
        let mut child = Command::new(env!("CARGO_BIN_EXE_qiyuan"))
            .args(["points", "--system", system])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        std::io::Write::write_all(&mut child.stdin.take().unwrap(), line.as_bytes()).unwrap();
        let from_line = lines(&child.wait_with_output().unwrap());
        let mut a = from_record[0].clone();
        let mut b = from_line[0].clone();
        a["id"] = serde_json::Value::Null;
        b["id"] = serde_json::Value::Null;
        assert_eq!(a, b, "{system}");
    }
}
