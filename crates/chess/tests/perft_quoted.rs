//! The three counts of `testdata/perft/chess.perft` marked `[quoted]`
//! above 10¹⁰ nodes (copied from the Chess Programming Wiki, not recomputed
//! by the file's authors): the initial position at depths 8 and 9
//! (84,998,978,956 and 2,439,530,234,167 nodes) and CPW position 6 at
//! depth 7 (287,188,994,746 nodes).
//!
//! They take hours, so this target is kept out of every automatic run:
//! `test = false` in `Cargo.toml` (neither `cargo test --workspace` nor
//! `scripts/test`'s `--ignored` pass builds or runs it) and every test is
//! `#[ignore]`d as well. Run by hand, in release, one at a time:
//!
//! ```text
//! cargo test -p qiyuan-chess --release --test perft_quoted -- --ignored --nocapture startpos_depth_8
//! ```
//!
//! The counts use [`perft_hashed`] with a table of `2^QIYUAN_PERFT_TABLE_BITS`
//! 16-byte entries (default 24: 256 MiB). The table keys are full 64-bit
//! Zobrist hashes mixed with the depth; a key collision would change a
//! count, which is one more thing such a run checks.

use qiyuan_chess::{parse_fen, perft_hashed};

const SUITE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../testdata/perft/chess.perft"
);

/// The count of `chess.perft` for position `id` at `depth`, and its FEN.
fn entry(id: &str, depth: u32) -> (String, u64) {
    let text = std::fs::read_to_string(SUITE).expect("read chess.perft");
    let (mut cur, mut fen) = (String::new(), String::new());
    for line in text.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("id ") {
            cur = rest.to_string();
        } else if let Some(rest) = line.strip_prefix("epd ") {
            fen = rest.to_string();
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut it = rest.split_whitespace();
            let d: u32 = it.next().unwrap().parse().unwrap();
            let n: u64 = it.next().unwrap().parse().unwrap();
            if cur == id && d == depth {
                return (fen, n);
            }
        }
    }
    panic!("{id} depth {depth} is not in chess.perft");
}

fn run(id: &str, depth: u32, published: u64) {
    let (fen, nodes) = entry(id, depth);
    // The file still says what the wiki publishes.
    assert_eq!(nodes, published, "{id} depth {depth} in chess.perft");
    let bits = std::env::var("QIYUAN_PERFT_TABLE_BITS")
        .ok()
        .and_then(|b| b.parse().ok())
        .unwrap_or(24);
    let board = parse_fen(&fen).unwrap().board;
    let t = std::time::Instant::now();
    let n = perft_hashed(&board, depth, bits);
    let s = t.elapsed().as_secs_f64();
    println!(
        "{id} depth {depth}: {n} nodes in {s:.0} s ({:.0} Mnps effective, table 2^{bits})",
        n as f64 / s / 1e6
    );
    assert_eq!(n, nodes, "{id} depth {depth}");
}

#[test]
#[ignore = "hours: run by hand"]
fn startpos_depth_8() {
    // CPW "Perft Results", initial position, depth 8.
    run("cpw-1-startpos", 8, 84_998_978_956);
}

#[test]
#[ignore = "hours: run by hand"]
fn startpos_depth_9() {
    // CPW "Perft Results", initial position, depth 9.
    run("cpw-1-startpos", 9, 2_439_530_234_167);
}

#[test]
#[ignore = "hours: run by hand"]
fn cpw_position_6_depth_7() {
    // CPW "Perft Results", position 6 (Steven Edwards), depth 7.
    run("cpw-6", 7, 287_188_994_746);
}

#[test]
fn these_are_all_the_counts_above_ten_billion() {
    // The three functions above cover every count of the file above 10¹⁰
    // nodes (the ones `tests/perft.rs` skips).
    let text = std::fs::read_to_string(SUITE).unwrap();
    let big: Vec<u64> = text
        .lines()
        .filter_map(|l| l.trim().strip_prefix("perft "))
        .map(|r| r.split_whitespace().nth(1).unwrap().parse().unwrap())
        .filter(|&n: &u64| n > 10_000_000_000)
        .collect();
    assert_eq!(big, [84_998_978_956, 2_439_530_234_167, 287_188_994_746]);
}
