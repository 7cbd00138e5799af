//! Perft speed of `qiyuan_chess::perft` against a bare cozy-chess perft
//! written directly on the generator (the acceptance asks for ≤ 10% overhead).
//! Run: `cargo bench -p qiyuan-chess --bench perft`. Prints Mnps for both.

use std::hint::black_box;
use std::time::Instant;

use cozy_chess::Board;

/// Bare cozy-chess perft, as in cozy-chess's own documentation.
fn bare(board: &Board, depth: u8) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut b = board.clone();
                b.play_unchecked(mv);
                nodes += bare(&b, depth - 1);
            }
            false
        });
    }
    nodes
}

fn best_of<F: FnMut() -> u64>(runs: usize, mut f: F) -> (u64, f64) {
    let mut best = f64::MAX;
    let mut n = 0;
    for _ in 0..runs {
        let t = Instant::now();
        n = black_box(f());
        best = best.min(t.elapsed().as_secs_f64());
    }
    (n, best)
}

fn main() {
    let cases = [
        (
            "start position, depth 6",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            6u8,
        ),
        (
            "Kiwipete, depth 5",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            5,
        ),
    ];
    for (name, fen, depth) in cases {
        let board = qiyuan_chess::parse_fen(fen).unwrap().board;
        // Interleaved runs, best of each, so machine load hits both alike.
        let (mut n1, mut t1, mut n2, mut t2) = (0, f64::MAX, 0, f64::MAX);
        for _ in 0..4 {
            let (n, t) = best_of(1, || bare(&board, depth));
            (n1, t1) = (n, t1.min(t));
            let (n, t) = best_of(1, || qiyuan_chess::perft(&board, u32::from(depth)));
            (n2, t2) = (n, t2.min(t));
        }
        assert_eq!(n1, n2);
        let m1 = n1 as f64 / t1 / 1e6;
        let m2 = n2 as f64 / t2 / 1e6;
        println!(
            "{name}: {n1} nodes; bare cozy-chess {m1:.1} Mnps ({t1:.3} s), qiyuan-chess {m2:.1} Mnps ({t2:.3} s), ratio {:.3}",
            m2 / m1
        );
    }
    // The hashed perft the deep tests use (tests/perft.rs above 2·10⁸ nodes,
    // tests/perft_quoted.rs): its effective rate sizes the hours those take.
    // Start position depth 7: 3,195,901,860 nodes (CPW, verified in chess.perft).
    let board = qiyuan_chess::parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
        .unwrap()
        .board;
    for bits in [22, 24] {
        let (n, t) = best_of(1, || qiyuan_chess::perft_hashed(&board, 7, bits));
        assert_eq!(n, 3_195_901_860);
        println!(
            "start position, depth 7, perft_hashed (2^{bits} entries): {n} nodes in {t:.2} s, {:.0} Mnps effective",
            n as f64 / t / 1e6
        );
    }
}
