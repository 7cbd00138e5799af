//! Speed and memory of the Dutch engine by round and size: rounds 1, 2, 3
//! and 10 of generated 10-round Swiss events of 1,000 / 5,000 / 9,999
//! players (the TRF's limit: four-digit start numbers), round 1 of
//! `testdata/swiss/large/s5000.trf` with its results removed, round 1 of
//! 100,000 players without history, and rounds 1, 2, 3 and 10 of a
//! generated 100,000-player event (simulated in memory: too large for a TRF
//! file). Prints, per case, the wall
//! and CPU time of `pair_round` and its peak resident memory (VmHWM, reset
//! before each case where the kernel allows it), beside bbpPairings'
//! figures measured on the same 2-core machine.
//!
//! The events are made by the generator (`qiyuan pair -g`): each round is
//! paired by the engine with simulated results, so the generation time of
//! the 10 rounds is printed too, then the time of checking every round
//! (the checker, `-c`); rounds 1, 2, 3 and 10 are then cut from the
//! event's TRF ([`cut_cases`]) and paired again on their own.
//!
//! `cargo bench -p qiyuan-formats --bench swiss_rounds [-- 1000 5000 9999 100000 s5000]`
//! (default: all).
//!
//! ## Measured (issue 16, 2-core machine shared with other builds)
//!
//! Rounds of the 9,999-player event (seed 16), `pair_round` wall / CPU /
//! peak resident memory, before and after the class relaxation of the
//! look-ahead and the open-column Hungarian phases:
//!
//! | round | before | after |
//! |---|---|---|
//! | 1 | 0.005 s / 0.01 s / 98 MB | 0.009 s / 0.00 s / 79 MB |
//! | 2 | 2.72 s / 2.61 s / 121 MB | 0.32 s / 0.30 s / 75 MB |
//! | 3 | 0.37 s / 0.37 s / 95 MB | 0.15 s / 0.13 s / 75 MB |
//! | 10 | 0.10 s / 0.11 s / 94 MB | 0.10 s / 0.09 s / 74 MB |
//!
//! Generating its 10 rounds: 4.98 s / 4.43 s before, 2.04 s / 1.68 s
//! after; checking them (`-c`): 5.39 s / 4.17 s, 1.68 s / 1.35 s. Round 1
//! of 100,000 players: 0.11 s, 109 MB. Under load the wall time of round
//! 2 was 7.4 s before (2.97 s CPU). The worst round met in sixteen other
//! generated 9,999-player events (draw rates 0-60 %, forfeits, Baku
//! acceleration, forbidden pairs, last rounds with topscorers) takes
//! 0.75 s CPU: a rectangular look-ahead, left to the Hungarian solver.
//!
//! The generated 100,000-player event (seed 16, default configuration;
//! machine shared with three cargo builds, so wall ≈ 2 × CPU), re-paired
//! round by round: round 1 0.23 s / 0.08 s CPU / 205 MB, round 2 38.3 s /
//! 17.4 s / 2,236 MB, round 3 20.2 s / 10.6 s / 891 MB, round 10 29.3 s /
//! 14.2 s / 1,551 MB — every round under the 60 s; simulating its
//! 10 rounds took 282 s wall (167 s CPU), peak 4.3 GB. Memory grew faster
//! than the players (75 MB at 9,999).
//!
//! ## Measured (look-ahead memory, same machine shared with one build)
//!
//! What held it: round 2's score groups of 33,215, 29,590 and 33,254
//! players each built the exact optimum of their look-ahead as a dense
//! matrix of 16,608², 14,795² and 16,627² costs (2.1 GB each, 4-5 s to
//! fill; the class relaxation does not apply, the costs depending on which
//! player is ranked higher), round 3 two of 10,000² (780 MB), and round
//! 10, besides look-aheads of up to 6,964² (370 MB), the C8 value of a
//! bracket built the compatibility graph of 12,800 players as adjacency
//! lists (1.7 GB) because a greedy matching was one pair short. The
//! look-aheads now keep their costs by class of player
//! (`matching::KeyedCosts`, the same costs and steps), and the matching's
//! size is completed from the greedy one over neighbours listed on demand;
//! the pairings are the same, byte for byte. `pair_round` wall / CPU /
//! peak resident memory of the process (the event's inputs included):
//!
//! | round | 9,999 before | 9,999 after | 100,000 before | 100,000 after |
//! |---|---|---|---|---|
//! | 1 | 0.009 s / 0.00 s / 79 MB | 0.008 s / 0.01 s / 78 MB | 0.23 s / 0.08 s / 205 MB | 0.11 s / 0.08 s / 194 MB |
//! | 2 | 0.32 s / 0.30 s / 75 MB | 0.21 s / 0.18 s / 74 MB | 38.3 s / 17.4 s / 2,236 MB | 0.56 s / 0.38 s / 155 MB |
//! | 3 | 0.15 s / 0.13 s / 75 MB | 0.10 s / 0.09 s / 74 MB | 20.2 s / 10.6 s / 891 MB | 0.88 s / 0.77 s / 154 MB |
//! | 10 | 0.10 s / 0.09 s / 74 MB | 0.07 s / 0.06 s / 73 MB | 29.3 s / 14.2 s / 1,551 MB | 2.55 s / 2.13 s / 143 MB |
//!
//! ("Before" as measured above; re-measured on the same day's machine the
//! 100,000 rounds 2, 3 and 10 took 15.5 s, 11.1 s and 14.5 s CPU.)
//! Generating the 9,999-player event: 1.10 s / 0.94 s CPU, checking it
//! 1.34 s / 0.96 s; simulating the 10 rounds of the 100,000-player event
//! 15.0 s wall (12.4 s CPU), peak 149 MB (282 s and 4.3 GB before). Round
//! 1 of 100,000 players without history: 0.09 s, 114 MB.

use std::time::Instant;

use qiyuan_formats::swiss_check::check_tournament;
use qiyuan_formats::swiss_generate::generated_to_trf;
use qiyuan_formats::trf_swiss::cut_cases;
use qiyuan_swiss::generator::{GeneratorConfig, generate};
use qiyuan_swiss::{Colour, Edition, PairingInput, Player, pair_round};

/// bbpPairings (Dutch, 2026 rules), round 10, as measured by the author of
/// issue 16 on this machine.
const BBP: &[(u32, &str)] = &[(1000, "52 s"), (2000, "518 s"), (5000, "hours")];

fn peak_rss_mb() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            let line = s.lines().find(|l| l.starts_with("VmHWM:"))?.to_string();
            line.split_whitespace().nth(1)?.parse::<f64>().ok()
        })
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

/// CPU time (user + system) of the process so far, seconds (Linux
/// `/proc/self/stat`, 100 ticks a second): on a shared machine the wall
/// time also counts the other processes' turns.
fn cpu_secs() -> f64 {
    std::fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|s| {
            // Fields after the command name (which ends with ')').
            let rest = s.rsplit_once(')')?.1;
            let f: Vec<&str> = rest.split_whitespace().collect();
            let utime: f64 = f.get(11)?.parse().ok()?;
            let stime: f64 = f.get(12)?.parse().ok()?;
            Some((utime + stime) / 100.0)
        })
        .unwrap_or(f64::NAN)
}

/// Resets VmHWM to the current RSS (Linux `clear_refs` value 5).
fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

fn time_round(label: &str, input: &PairingInput) {
    reset_peak();
    let (start, cpu) = (Instant::now(), cpu_secs());
    let result = pair_round(input);
    let secs = start.elapsed().as_secs_f64();
    let cpu = cpu_secs() - cpu;
    let boards = result.as_ref().map_or(0, |p| p.boards.len());
    println!(
        "{label:<34} {:>7} players  {secs:>8.3} s (cpu {cpu:>7.2} s)  peak {:>6.0} MB  {boards} boards{}",
        input.players.len(),
        peak_rss_mb(),
        if result.is_err() { " (no pairing)" } else { "" }
    );
}

fn generated(n: u32) {
    let config = GeneratorConfig {
        players: n,
        rounds: 10,
        ..GeneratorConfig::default()
    };
    reset_peak();
    let (start, cpu) = (Instant::now(), cpu_secs());
    let t = generate(&config, 16).expect("generated event");
    println!(
        "generate {n} players x 10 rounds        {:>8.3} s (cpu {:>7.2} s)  peak {:>6.0} MB",
        start.elapsed().as_secs_f64(),
        cpu_secs() - cpu,
        peak_rss_mb()
    );
    let text = generated_to_trf(&t).write_trf2026().expect("TRF");
    // What `qiyuan pair -g ... -c` does: re-pair every round of the file.
    reset_peak();
    let (start, cpu) = (Instant::now(), cpu_secs());
    let report = check_tournament(&text, Edition::Fide2026).expect("check");
    println!(
        "check every round of it ({} rounds)       {:>8.3} s (cpu {:>7.2} s)  peak {:>6.0} MB  {}",
        report.rounds_checked,
        start.elapsed().as_secs_f64(),
        cpu_secs() - cpu,
        peak_rss_mb(),
        if report.all_agree() {
            "all rounds agree"
        } else {
            "ROUNDS DIFFER"
        }
    );
    let cases = cut_cases(&text, Edition::Fide2026).expect("cases");
    for r in [1, 2, 3, 10] {
        if let Some(case) = cases.iter().find(|c| c.round == r) {
            let bbp = BBP
                .iter()
                .find(|(m, _)| *m == n && r == 10)
                .map_or(String::new(), |(_, f)| format!(" [bbp {f}]"));
            time_round(&format!("round {r} of {n}{bbp}"), &case.input);
        }
    }
}

/// A generated event too large for a TRF file (start ranks have four
/// digits): its 10 rounds simulated in memory, then rounds 1, 2, 3 and 10
/// rebuilt from the simulation (`GeneratedTournament::round_input`) and
/// paired again on their own.
fn generated_in_memory(n: u32) {
    let config = GeneratorConfig {
        players: n,
        rounds: 10,
        ..GeneratorConfig::default()
    };
    reset_peak();
    let (start, cpu) = (Instant::now(), cpu_secs());
    let t = generate(&config, 16).expect("generated event");
    println!(
        "generate {n} players x 10 rounds      {:>8.3} s (cpu {:>7.2} s)  peak {:>6.0} MB  (in memory)",
        start.elapsed().as_secs_f64(),
        cpu_secs() - cpu,
        peak_rss_mb()
    );
    for r in [1, 2, 3, 10] {
        if let Some(input) = t.round_input(r) {
            time_round(&format!("round {r} of {n} (generated)"), &input);
        }
    }
}

fn s5000_round1() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/swiss/large/s5000.trf"
    );
    let Ok(text) = std::fs::read_to_string(path) else {
        println!("s5000.trf: missing");
        return;
    };
    let cases = cut_cases(&text, Edition::Fide2026).expect("s5000 cases");
    // Round 1 of the file: its players, no history, points zero.
    time_round("round 1 of s5000.trf (no results)", &cases[0].input);
}

fn round1(n: u32) {
    let players = (1..=n)
        .map(|tpn| Player {
            tpn,
            score: 0,
            acceleration: 0,
            past_acceleration: vec![],
            history: vec![],
            absent: false,
        })
        .collect();
    let input = PairingInput {
        players,
        round: 1,
        total_rounds: 11,
        edition: Edition::Fide2026,
        initial_colour: Colour::White,
        win_points: 10,
        loss_points: 0,
        forbidden: vec![],
    };
    time_round(&format!("round 1 of {n} (no history)"), &input);
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let want = |s: &str| args.is_empty() || args.iter().any(|a| a == s);
    println!("bbpPairings, round 10 (issue 16): 1000 players 52 s, 2000 518 s, 5000 hours");
    for n in [1000, 5000, 9999] {
        if want(&n.to_string()) {
            generated(n);
        }
    }
    if want("s5000") {
        s5000_round1();
    }
    if want("100000") {
        round1(100_000);
        generated_in_memory(100_000);
    }
}
