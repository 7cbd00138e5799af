//! `qiyuan perft` end to end. Counts from the Chessprogramming wiki's
//! "Chinese Chess Perft Results" (also in testdata/perft/xiangqi.perft).

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

/// Reads `perft DEPTH NODES` for the position `id` of testdata/perft/chess.perft.
fn chess_count(id: &str, depth: u32) -> (String, u64) {
    count_in("chess.perft", id, depth)
}

/// Reads `perft DEPTH NODES` for the position `id` of testdata/perft/FILE.
fn count_in(file: &str, id: &str, depth: u32) -> (String, u64) {
    let path = format!("{}/../../testdata/perft/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut lines = text.lines().skip_while(|l| *l != format!("id {id}"));
    lines.next().expect("id present");
    let mut fen = String::new();
    for l in lines {
        if let Some(f) = l.strip_prefix("epd ") {
            fen = f.to_string();
        } else if let Some(p) = l.strip_prefix("perft ") {
            let mut it = p.split_whitespace();
            if it.next() == Some(&depth.to_string()) {
                return (fen, it.next().unwrap().parse().unwrap());
            }
        } else if l.starts_with("id ") {
            break;
        }
    }
    panic!("no perft {depth} for {id}")
}

#[test]
fn chess_start_position_depth_4() {
    // CPW "Perft Results", initial position: perft 4 = 197,281.
    let (_, nodes) = chess_count("cpw-1-startpos", 4);
    assert_eq!(nodes, 197_281);
    let out = qiyuan(&["perft", "--game", "chess", "4"]);
    assert!(out.status.success());
    assert_eq!(last_line(&out), "197281");
}

#[test]
fn chess_kiwipete_divide() {
    // CPW position 2 ("Kiwipete"): 48 moves, perft 3 = 97,862.
    let (fen, nodes) = chess_count("cpw-2-kiwipete", 3);
    let out = qiyuan(&["perft", "--game", "chess", "--fen", &fen, "3", "--divide"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 48 + 1);
    // Castling is written as the king's two-square step here.
    assert!(lines.iter().any(|l| l.starts_with("e1g1: ")), "{text}");
    let sum: u64 = lines[..48]
        .iter()
        .map(|l| l.split(": ").nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, nodes);
    assert_eq!(*lines.last().unwrap(), nodes.to_string());
}

#[test]
fn chess_bad_fen_is_an_error() {
    let out = qiyuan(&["perft", "--game", "chess", "--fen", "8/8 w - -", "1"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("invalid FEN"));
}

#[test]
fn bad_fen_names_the_problem() {
    let out = qiyuan(&["perft", "--fen", "rnbakabnr/9/1c5c1 w", "1"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("has 3 ranks"), "{err}");
}

/// FEN as older software writes it: an en-passant square after every double
/// push, usable or not, is accepted, and the count is the published one
/// (testdata/perft/chess-en-passant.perft).
#[test]
fn chess_fen_with_an_unusable_en_passant_square() {
    for (id, depth) in [
        ("ep-impossible-check", 3),
        ("ep-after-every-double-push", 3),
        ("ep-discovered-check-2", 3),
        ("ep-pinned-on-rank", 3),
    ] {
        let (fen, nodes) = count_in("chess-en-passant.perft", id, depth);
        let out = qiyuan(&[
            "perft",
            "--game",
            "chess",
            "--fen",
            &fen,
            &depth.to_string(),
        ]);
        assert!(
            out.status.success(),
            "{id}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(last_line(&out), nodes.to_string(), "{id}");
    }
}
