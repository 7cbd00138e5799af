//! perft against the published counts in `testdata/perft/xiangqi.perft`
//! (Chessprogramming wiki, Fairy-Stockfish and Pikafish; every count there was
//! reproduced by at least two independent engines).

use qiyuan_xiangqi::Position;

const SUITE: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../testdata/perft/xiangqi.perft"
));

/// Counts above this run only in the ignored (release) test.
const FAST_LIMIT: u64 = 4_000_000;
/// Every count of the file is at or below this: the largest is the start
/// position's depth 6 (5.4 G nodes, under a minute in release at ~100 Mnps).
const SLOW_LIMIT: u64 = 6_000_000_000;

struct Case {
    name: String,
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn suite() -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    for line in SUITE.lines() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("id ") {
            cases.push(Case {
                name: rest.to_string(),
                fen: String::new(),
                counts: Vec::new(),
            });
        } else if let Some(rest) = line.strip_prefix("epd ") {
            cases.last_mut().expect("epd after id").fen = rest.to_string();
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut it = rest.split_whitespace();
            let d = it.next().unwrap().parse().unwrap();
            let n = it.next().unwrap().parse().unwrap();
            cases
                .last_mut()
                .expect("perft after id")
                .counts
                .push((d, n));
        }
    }
    assert_eq!(cases.len(), 9, "the suite has nine positions");
    cases
}

fn run(min: u64, max: u64) -> usize {
    let mut checked = 0;
    for case in suite() {
        let mut pos =
            Position::from_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        for &(depth, expected) in &case.counts {
            if expected > min && expected <= max {
                assert_eq!(pos.perft(depth), expected, "{} depth {depth}", case.name);
                checked += 1;
            }
        }
        assert_eq!(
            pos.to_fen().split(' ').next(),
            case.fen.split(' ').next(),
            "{}",
            case.name
        );
    }
    checked
}

#[test]
fn perft_shallow() {
    assert!(run(0, FAST_LIMIT) >= 30);
}

#[test]
#[ignore = "about 8.5 G nodes: run in release (cargo test --release -- --ignored)"]
fn perft_deep() {
    assert!(run(FAST_LIMIT, SLOW_LIMIT) >= 10);
}
