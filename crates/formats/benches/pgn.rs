//! Speed of PGN validation: read every game of the lichess files and `check`
//! it (replay, first illegal move, result against the final position), on one
//! core; also full reading with `read_pgn` (variations and comments kept) and
//! writing. Run: `cargo bench -p qiyuan-formats --bench pgn`. Prints games/s.

use std::hint::black_box;
use std::time::Instant;

use qiyuan_formats::pgn::{check, read_pgn, read_raw, write_pgn};

fn main() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/games/chess");
    for file in [
        "lichess-2016-05-export.pgn",
        "lichess-db-2025-05-sample.pgn",
        "derived-engine-annotated.pgn",
    ] {
        let text = std::fs::read_to_string(format!("{dir}/{file}")).expect("read game file");
        let mut best_check = f64::MAX;
        let mut best_read = f64::MAX;
        let mut best_write = f64::MAX;
        let mut games = 0;
        let mut plies = 0;
        for _ in 0..5 {
            let t = Instant::now();
            games = 0;
            plies = 0;
            for raw in read_raw(&text) {
                let c = check(&raw.expect("readable")).expect("valid FEN");
                assert!(c.illegal.is_none());
                plies += c.plies;
                games += 1;
            }
            best_check = best_check.min(t.elapsed().as_secs_f64());
            let t = Instant::now();
            let all: Vec<_> = read_pgn(&text).map(|g| g.expect("legal")).collect();
            best_read = best_read.min(t.elapsed().as_secs_f64());
            let t = Instant::now();
            let bytes: usize = all.iter().map(|g| black_box(write_pgn(g)).len()).sum();
            black_box(bytes);
            best_write = best_write.min(t.elapsed().as_secs_f64());
        }
        println!(
            "{file}: {games} games, {plies} plies; check {:.0} games/s ({:.0} plies/s); read_pgn {:.0} games/s; write_pgn {:.0} games/s",
            games as f64 / best_check,
            plies as f64 / best_check,
            games as f64 / best_read,
            games as f64 / best_write,
        );
    }
}
