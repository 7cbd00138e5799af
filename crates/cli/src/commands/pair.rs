//! `qiyuan pair`: pair a round. For now the FIDE Berger round-robin tables
//! (`--berger N`); the Dutch Swiss system joins the `mode` group later.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::bail;
use qiyuan_tournament::berger::{cycle_rounds, schedule};

use super::output;

/// Pair a round: Berger tables (round robin).
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("mode").required(true).args(["berger"])))]
#[command(after_help = "\
Examples:
  qiyuan pair --berger 10            # FIDE Berger table, 10 players (C.05 Annex 1)
  qiyuan pair --berger 7 --cycles 2  # double round robin, 7 players (one bye per round)

Output: one line per round, `round R: a-b c-d ...`, White (Red) first, board 1
first; with an odd number of players the free player is written `x-bye`.")]
pub struct Args {
    /// Print the Berger round-robin table for N players (FIDE C.05 Annex 1).
    #[arg(long, value_name = "N")]
    pub berger: Option<u32>,
    /// Number of cycles (2 = double round robin: colours reversed in the second
    /// cycle, the last two rounds of the first cycle exchanged).
    #[arg(long, value_name = "C", default_value_t = 1, requires = "berger")]
    pub cycles: u32,
    /// Write to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Runs `qiyuan pair`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if let Some(n) = args.berger {
        if !(2..=1000).contains(&n) {
            bail!("--berger {n}: the number of players must be between 2 and 1000");
        }
        if args.cycles == 0 {
            bail!("--cycles must be at least 1");
        }
        let text = berger_text(n, args.cycles);
        output::emit_text(args.output.as_deref(), &text)?;
        return Ok(ExitCode::SUCCESS);
    }
    bail!("nothing to pair: give --berger N")
}

/// The Berger table as text, one line per round.
fn berger_text(players: u32, cycles: u32) -> String {
    let mut out = String::new();
    for (r, round) in schedule(players, cycles, cycles > 1).iter().enumerate() {
        let boards: Vec<String> = round.iter().map(ToString::to_string).collect();
        out.push_str(&format!("round {}: {}\n", r + 1, boards.join(" ")));
    }
    debug_assert_eq!(out.lines().count() as u32, cycle_rounds(players) * cycles);
    out
}
