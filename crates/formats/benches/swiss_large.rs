//! Speed of the Dutch engine on the synthetic large histories of
//! `testdata/swiss/large` (round 10 of 100–5000 players). Prints, per file,
//! the wall time of reading + pairing, the peak resident memory of the
//! process so far (VmHWM), and how many pairs differ from `sN.expected`.
//!
//! `cargo bench -p qiyuan-formats --bench swiss_large [-- s1000 s2000 ...]`
//! (default: all four).

use std::collections::BTreeSet;
use std::time::Instant;

use qiyuan_formats::trf_swiss::input_for_next_round;
use qiyuan_swiss::{Edition, pair_round};

fn peak_rss_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn expected_pairs(text: &str) -> BTreeSet<(u32, u32)> {
    let toks: Vec<u32> = text
        .split_whitespace()
        .filter_map(|t| t.parse().ok())
        .collect();
    toks.get(1..)
        .unwrap_or(&[])
        .chunks(2)
        .filter(|c| c.len() == 2)
        .map(|c| (c[0], c[1]))
        .collect()
}

fn main() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/swiss/large");
    let mut names: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a.starts_with('s'))
        .collect();
    if names.is_empty() {
        names = ["s100", "s1000", "s2000", "s5000"]
            .map(String::from)
            .to_vec();
    }
    for name in names {
        let Ok(text) = std::fs::read_to_string(format!("{dir}/{name}.trf")) else {
            println!("{name}: missing");
            continue;
        };
        let expected = std::fs::read_to_string(format!("{dir}/{name}.expected"))
            .or_else(|_| std::fs::read_to_string(format!("{dir}/{name}.expected-gacrux")))
            .map(|t| expected_pairs(&t))
            .unwrap_or_default();
        let start = Instant::now();
        let input = input_for_next_round(&text, Edition::Fide2026).expect("valid TRF");
        let result = pair_round(&input);
        let elapsed = start.elapsed();
        let (pairs, differ) = match &result {
            Ok(p) => {
                let mut got: BTreeSet<(u32, u32)> = p.boards.iter().copied().collect();
                if let Some(b) = p.bye {
                    got.insert((b, 0));
                }
                (got.len(), got.difference(&expected).count())
            }
            Err(_) => (0, expected.len()),
        };
        println!(
            "{name}: round {} of {} players: {:.3} s, peak RSS {:.0} MB, {pairs} pairs, {differ} not in the reference{}",
            input.round,
            input.players.len(),
            elapsed.as_secs_f64(),
            peak_rss_mb().unwrap_or(f64::NAN),
            if result.is_err() { " (no pairing)" } else { "" }
        );
    }
}
