//! `qiyuan points` end to end: 1,000,000 generated games through the
//! binary (cargo bench builds it in release), for each built-in system,
//! timed from spawn to exit, with the output written to a file and the
//! state file written at the end. Prints games per second by wall clock
//! and by the child's CPU time (user + system, from /proc on Linux: on a
//! shared machine the wall clock also counts time spent waiting for a
//! core). Target: ≥ 1,000,000 games/s on one core.
//!
//! Measured 2026-12-06 on the 2-core machine, idle (wall clock, games/s):
//! qq-xiangqi-elo 2.02 M, qq-chess-levels 1.83 M, qq-chess-fixed 2.14 M,
//! qq-xiangqi-titles 2.61 M, glicko2 0.71 M; the commit before the result
//! codes moved into the vocabulary gave 2.14, 1.91, 2.08, 2.63 and 0.69 M
//! the same hour (the spread of one run to the next).

use std::fs::File;
use std::io::{BufWriter, Write};
use std::process::{Command, Stdio};
use std::time::Instant;

const GAMES: u64 = 1_000_000;
const PLAYERS: u64 = 20_000;

/// xorshift64*: reproducible input without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

fn main() {
    let dir = tempfile::tempdir().expect("temp dir");
    let input = dir.path().join("games.jsonl");
    let mut w = BufWriter::new(File::create(&input).expect("create input"));
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for id in 0..GAMES {
        let a = rng.next() % PLAYERS;
        let mut b = rng.next() % PLAYERS;
        if a == b {
            b = (b + 1) % PLAYERS;
        }
        let result = match rng.next() % 100 {
            0..45 => "1-0",
            45..85 => "0-1",
            85..98 => "1/2-1/2",
            98 => "+-",
            _ => "-+",
        };
        let plies = 1 + rng.next() % 200;
        writeln!(
            w,
            "{{\"id\":\"g{id}\",\"white\":\"player{a}\",\"black\":\"player{b}\",\"result\":\"{result}\",\"plies\":{plies}}}"
        )
        .expect("write input");
    }
    w.flush().expect("flush input");
    drop(w);
    let size = std::fs::metadata(&input).expect("input").len();
    println!(
        "qiyuan points: {GAMES} games, {PLAYERS} players, {:.1} MB of JSON lines",
        size as f64 / 1e6
    );
    for system in [
        "qq-xiangqi-elo",
        "qq-chess-levels",
        "qq-chess-fixed",
        "qq-xiangqi-titles",
        "glicko2",
    ] {
        let output = dir.path().join(format!("{system}.out"));
        let state = dir.path().join(format!("{system}.state.json"));
        let cpu_before = children_cpu_seconds();
        let start = Instant::now();
        let status = Command::new(env!("CARGO_BIN_EXE_qiyuan"))
            .args(["points", "--system", system, "--state"])
            .arg(&state)
            .stdin(File::open(&input).expect("open input"))
            .stdout(File::create(&output).expect("create output"))
            .stderr(Stdio::inherit())
            .status()
            .expect("run qiyuan");
        let secs = start.elapsed().as_secs_f64();
        assert!(status.success(), "qiyuan points failed for {system}");
        let cpu = children_cpu_seconds().zip(cpu_before).map(|(a, b)| a - b);
        let cpu_text = match cpu {
            Some(cpu) if cpu > 0.0 => {
                format!("CPU {cpu:6.3} s  {:>10.0} games/s", GAMES as f64 / cpu)
            }
            _ => "CPU time not available".to_owned(),
        };
        println!(
            "  {system:<18} wall {secs:6.3} s  {:>10.0} games/s   {cpu_text}",
            GAMES as f64 / secs
        );
    }
}

/// User + system CPU seconds of this process's waited-for children
/// (fields 16 and 17 of /proc/self/stat, in clock ticks of 1/100 s).
fn children_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command name (field 2) is in parentheses and may hold spaces.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // `rest` starts at field 3, so field n is fields[n - 3].
    let cutime: f64 = fields.get(13)?.parse().ok()?;
    let cstime: f64 = fields.get(14)?.parse().ok()?;
    Some((cutime + cstime) / 100.0)
}
