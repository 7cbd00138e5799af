//! `qiyuan perft` end to end. Counts from the Chessprogramming wiki's
//! "Chinese Chess Perft Results" (also in shared/data/perft/xiangqi.perft).

use std::process::Command;

fn qiyuan(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_qiyuan"))
        .args(args)
        .output()
        .expect("runs")
}

fn last_line(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .last()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn start_position_depth_3() {
    let out = qiyuan(&["perft", "--game", "xiangqi", "3"]);
    assert!(out.status.success());
    assert_eq!(last_line(&out), "79666");
}

#[test]
fn fen_and_divide() {
    // cpw-4: perft 1 = 25, perft 2 = 424.
    let fen = "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1";
    let out = qiyuan(&["perft", "--game", "xiangqi", "--fen", fen, "2", "--divide"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 25 + 1);
    let sum: u64 = lines[..25]
        .iter()
        .map(|l| l.split(": ").nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 424);
    assert_eq!(*lines.last().unwrap(), "424");
}

#[test]
fn chess_is_not_yet_supported() {
    let out = qiyuan(&["perft", "--game", "chess", "1"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("not yet supported"));
}

#[test]
fn bad_fen_names_the_problem() {
    let out = qiyuan(&["perft", "--fen", "rnbakabnr/9/1c5c1 w", "1"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("has 3 ranks"), "{err}");
}
