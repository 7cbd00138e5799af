//! perft speed, printed in million nodes per second (Mnps).
//!
//! `cargo bench -p qiyuan-xiangqi --bench perft [-- DEPTH]` (default depth 5,
//! the start position's 133,312,995 nodes). Each position is run three times
//! and the best time is printed (the machine may be shared).

use std::time::Instant;

use qiyuan_xiangqi::Position;

fn main() {
    let depth: u32 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(5);
    let cases = [
        ("startpos", qiyuan_xiangqi::START_FEN),
        (
            "cpw-2-middlegame",
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        ),
    ];
    for (name, fen) in cases {
        let mut pos = Position::from_fen(fen).expect("valid FEN");
        let mut best = f64::INFINITY;
        let mut nodes = 0;
        for _ in 0..3 {
            let start = Instant::now();
            nodes = pos.perft(depth);
            best = best.min(start.elapsed().as_secs_f64());
        }
        println!(
            "{name:18} depth {depth}: {nodes:>12} nodes, best of 3 {best:7.3} s = {:6.1} Mnps",
            nodes as f64 / best / 1e6
        );
    }
}
