//! Every count of `testdata/perft/chess.perft` (positions and leaf counts
//! published by the Chess Programming Wiki, Stockfish and talkchess, each
//! reproduced by independent generators — see the file's header) and of
//! `testdata/perft/chess-en-passant.perft` (the en-passant edge positions:
//! pinned captures, discovered checks through the captured pawn, and the
//! unusable squares older FEN writers set after every double push).
//!
//! The quick test runs counts up to 200,000 nodes. The deep one is ignored by
//! default; run it in release:
//! `cargo test -p qiyuan-chess --release --test perft -- --ignored`.

use qiyuan_chess::{parse_fen, perft, perft_hashed};

const SUITE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../testdata/perft/chess.perft"
);
const EN_PASSANT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../testdata/perft/chess-en-passant.perft"
);

struct Entry {
    id: String,
    fen: String,
    depth: u32,
    nodes: u64,
}

fn suite() -> Vec<Entry> {
    let mut entries = read(SUITE);
    entries.extend(read(EN_PASSANT));
    entries
}

fn read(path: &str) -> Vec<Entry> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut out = Vec::new();
    let (mut id, mut fen) = (String::new(), String::new());
    for line in text.lines() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("id ") {
            id = rest.to_string();
        } else if let Some(rest) = line.strip_prefix("epd ") {
            fen = rest.to_string();
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut it = rest.split_whitespace();
            let depth = it.next().unwrap().parse().unwrap();
            let nodes = it.next().unwrap().parse().unwrap();
            out.push(Entry {
                id: id.clone(),
                fen: fen.clone(),
                depth,
                nodes,
            });
        }
    }
    out
}

#[test]
fn suite_is_complete() {
    // chess.perft lists 81 (position, depth) counts in 24 positions, the
    // en-passant file 49 in 9.
    assert_eq!(read(SUITE).len(), 81);
    let ep = read(EN_PASSANT);
    assert_eq!(ep.len(), 49);
    let positions: std::collections::BTreeSet<&str> = ep.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(positions.len(), 9);
}

#[test]
fn perft_up_to_200k_nodes() {
    let mut ran = 0;
    for e in suite().iter().filter(|e| e.nodes <= 200_000) {
        let setup = parse_fen(&e.fen).unwrap_or_else(|err| panic!("{}: {err}", e.id));
        assert_eq!(
            perft(&setup.board, e.depth),
            e.nodes,
            "{} depth {}",
            e.id,
            e.depth
        );
        ran += 1;
    }
    assert!(ran >= 40, "ran {ran}");
}

/// Counts above 200,000 nodes. Up to 2·10⁸ nodes by plain perft; above, by
/// perft with a transposition table; counts above 10¹⁰ nodes (start position
/// depths 8 and 9, CPW position 6 depth 7: 8.5·10¹⁰ to 2.4·10¹² nodes) take
/// hours: they are printed as skipped here and run by hand from
/// `tests/perft_quoted.rs` (a target no automatic run builds).
#[test]
#[ignore]
fn perft_deep() {
    for e in suite().iter().filter(|e| e.nodes > 200_000) {
        if e.nodes > 10_000_000_000 {
            println!("skipped {} depth {} ({} nodes)", e.id, e.depth, e.nodes);
            continue;
        }
        let setup = parse_fen(&e.fen).unwrap_or_else(|err| panic!("{}: {err}", e.id));
        let t = std::time::Instant::now();
        let n = if e.nodes <= 200_000_000 {
            perft(&setup.board, e.depth)
        } else {
            perft_hashed(&setup.board, e.depth, 22)
        };
        println!(
            "{} depth {}: {} nodes in {:.2?}",
            e.id,
            e.depth,
            n,
            t.elapsed()
        );
        assert_eq!(n, e.nodes, "{} depth {}", e.id, e.depth);
    }
}
