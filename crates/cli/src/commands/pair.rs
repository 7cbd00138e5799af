//! `qiyuan pair`: pair a round — the FIDE Berger round-robin tables
//! (`--berger N`) or the next round of a Swiss by the FIDE (Dutch) System
//! (`--dutch IN.trf -p [OUT]`, the JaVaFo/bbpPairings command line), with
//! the checker (`--dutch IN.trf -c`) and the random tournament generator
//! (`-g [CONFIG] -o OUT.trf [-s SEED]`).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::bail;
use qiyuan_swiss::Edition;
use qiyuan_tournament::berger::{cycle_rounds, schedule};

use qiyuan_desk::{DutchEdition, GameKind};

use super::output::LangArg;
use super::pair_dutch::{DutchOutputs, run_check, run_dutch, run_dutch_with, run_generate};
use super::pair_next::{NextRound, run_next};

use super::output;
use crate::say::t;

/// Pair a round: Berger tables (round robin) or the Dutch Swiss system.
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("mode").required(true).args(["berger", "dutch", "generate", "next"])))]
#[command(after_help = "\
Examples:
  qiyuan pair --berger 10            # FIDE Berger table, 10 players (C.05 Annex 1)
  qiyuan pair --berger 7 --cycles 2  # double round robin, 7 players (one bye per round)
  qiyuan pair --dutch examples/open.trf -p    # next Swiss round (FIDE C.04.3, 2026) to stdout
  qiyuan pair --dutch examples/open.trf -p next.txt --edition 2017
  qiyuan pair --dutch examples/open.trf -c    # re-pair every round and compare with the file
  qiyuan pair --dutch examples/open.trf --explain            # why each pair was made
  qiyuan pair --dutch examples/open.trf -p --explain --lang zh
  qiyuan pair --dutch examples/open.trf -l checklist.txt     # each player's pairing data
  qiyuan pair --next examples/open.trf -o open.trf           # pair and append the next round
  qiyuan pair --next examples/rr.trf --system round-robin --game xiangqi
  qiyuan pair -g -o random.trf -s 7  # random tournament (defaults), seed 7
  qiyuan pair -g examples/generator.cfg -o random.trf

Output: one line per round, `round R: a-b c-d ...`, White (Red) first, board 1
first; with an odd number of players the free player is written `x-bye`.

--dutch prints the number of pairs, then `white black` per board in board
order, the pairing-allocated bye as `id 0`. Exit codes: 0 paired, 1 no valid
pairing, 3 invalid input, 5 file error.

--dutch checks the points column of each player record (TRF columns
81-84) against his results, counted under the file's point system (1, 1/2,
0 and the byes and forfeits by their TRF codes, or the BBW..BBU and 162
records) over the rounds before the one paired, plus any bye he asked for in
the round paired (0000 - H/F/Z; the column may count it or not). Players
named in a 299 record, and files with an XXS record, are not checked. A
player whose column disagrees is an error (exit 3) that gives his line,
starting rank, name, the declared and the computed points. With
--use-computed-points it is a warning on standard error, and the round is
paired on the computed points (it always is: the column itself is never
used for pairing).

--dutch IN.trf -c re-pairs every round of the file (each round from the
rounds before it) and lists the rounds whose pairs, colours or bye differ:
`round R: file W-B ..., engine W-B ...`. Exit codes: 0 every round agrees,
1 some round differs, 3 invalid input, 5 file error.

--explain writes, for each board, the bracket, the floats and why (odd
bracket, absolute criteria, completion C4), the colour preferences and the
article of C.04.3 Art. 5.2 that allocated the colours, the quality criteria
the bracket could not fully meet, and why the PAB went to its player (C2, C5,
C9); to -o FILE or standard output, and with -p the pairing as well.
-l [LIST] writes the checklist: per player TPN, score, acceleration, played
colours, colour difference and preference, float history, PAB received,
unplayed rounds, topscorer, absence, and each earlier round. --format json
gives either as JSON; --lang zh in Chinese.

--next IN.trf [-o OUT.trf] reads the event into the tournament model (as the
web desk does), pairs its next round by its system (--system swiss, the
default, or round-robin; --game chess or xiangqi for scoring and
tie-breaks; --edition for a Swiss) with withdrawals, requested byes (H/Z/F
entries of the new round) and forbidden pairs, and writes the whole event as
TRF-2026 with the new round appended, results pending. Exit codes as --dutch.
--next does not check the points column (nor use it): the scores come from
the results under the --game scoring, and are written back.

-g [CONFIG] -o OUT.trf [-s SEED] simulates a tournament paired round by round
by the Dutch engine and writes it as TRF-2026 (no -o: standard output).
CONFIG holds `key=value` lines (`#` comments); absent keys keep the default:
  players=30  rounds=7  min_rating=1400  max_rating=2600
  draw_percent=30  forfeit_percent=2  retire_percent=1  bye_percent=2
  accelerated=no  forbidden_pairs=0
(retire_percent and bye_percent are per player and round: withdrawal, 退赛,
and requested half-point bye; accelerated=yes gives the Baku virtual
points of C.04.5.1, written as XXA records; forbidden_pairs=N draws N pairs
who must not meet, written as XXP records). Without -s the seed is taken from the clock
and printed on standard error. Exit codes: 0 written, 3 invalid
configuration, 5 file error.")]
pub struct Args {
    /// Print the Berger round-robin table for N players (FIDE C.05 Annex 1).
    #[arg(long, value_name = "N")]
    pub berger: Option<u32>,
    /// Number of cycles (2 = double round robin: colours reversed in the second
    /// cycle, the last two rounds of the first cycle exchanged).
    #[arg(long, value_name = "C", default_value_t = 1, requires = "berger")]
    pub cycles: u32,
    /// Pair the next round of this TRF by the FIDE (Dutch) System.
    #[arg(long, value_name = "IN.trf")]
    pub dutch: Option<PathBuf>,
    /// With --dutch: write the pairing (to OUT, or to standard output).
    #[arg(short = 'p', value_name = "OUT", num_args = 0..=1, requires = "dutch")]
    pub pairing: Option<Option<PathBuf>>,
    /// With --dutch: a points column (TRF cols 81-84) that disagrees with
    /// the player's results is a warning, and the computed points are used
    /// (without it, an error, exit 3).
    #[arg(long, requires = "dutch", conflicts_with = "check")]
    pub use_computed_points: bool,
    /// With --dutch: check every round of a complete tournament against the
    /// engine.
    #[arg(short = 'c', requires = "dutch", conflicts_with = "pairing")]
    pub check: bool,
    /// Generate a random tournament (optional CONFIG file of key=value lines).
    #[arg(short = 'g', value_name = "CONFIG", num_args = 0..=1)]
    pub generate: Option<Option<PathBuf>>,
    /// With -g: the random seed.
    #[arg(short = 's', value_name = "SEED", requires = "generate")]
    pub seed: Option<u64>,
    /// With --dutch: explain the pairing (for each board the bracket, the
    /// floats and why, the colour rule, the criteria not met; the PAB), to
    /// -o FILE or standard output.
    #[arg(long, requires = "dutch", conflicts_with = "check")]
    pub explain: bool,
    /// With --dutch: write the checklist (each player's pairing data and
    /// rounds) to LIST, or to standard output.
    #[arg(short = 'l', value_name = "LIST", num_args = 0..=1, requires = "dutch", conflicts_with = "check")]
    pub checklist: Option<Option<PathBuf>>,
    /// With --explain or -l: text (default) or JSON.
    #[arg(long, value_enum, default_value = "text")]
    pub format: PairFormat,
    /// With --explain or -l: the language of the text.
    #[arg(long, value_enum, default_value = "en")]
    pub lang: LangArg,
    /// With --dutch or --next: the edition of the rules.
    #[arg(long, value_enum, default_value = "2026")]
    pub edition: EditionArg,
    /// Pair the next round of this event (TRF) through the tournament model
    /// and write the event with the round appended (-o FILE, or standard
    /// output).
    #[arg(long, value_name = "IN.trf")]
    pub next: Option<PathBuf>,
    /// With --next: the event's system.
    #[arg(long, value_enum, default_value = "swiss", requires = "next")]
    pub system: SystemArg,
    /// With --next: the game (scoring and tie-break defaults).
    #[arg(long, value_enum, default_value = "chess", requires = "next")]
    pub game: GameArg,
    /// Write to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// `--format` of `--explain` and `-l`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum PairFormat {
    /// Text for the terminal.
    Text,
    /// JSON (the serialised `qiyuan_swiss::explain::Explanation`, or its
    /// `players` for -l).
    Json,
}

/// `--system` of `--next`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SystemArg {
    /// The FIDE (Dutch) System, C.04.3.
    Swiss,
    /// A single round robin by the Berger tables, C.05 Annex 1.
    RoundRobin,
}

/// `--game` of `--next`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum GameArg {
    /// 国际象棋: 1-½-0, FIDE tie-breaks.
    Chess,
    /// 象棋: 2-1-0, the xiangqi tie-breaks.
    Xiangqi,
}

/// `--edition`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum EditionArg {
    /// C.04.3 as applied from 1 February 2026.
    #[value(name = "2026")]
    Fide2026,
    /// C.04.3 as in force from 2017 to January 2026.
    #[value(name = "2017")]
    Fide2017,
}

/// Runs `qiyuan pair`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if let Some(n) = args.berger {
        if !(2..=1000).contains(&n) {
            bail!(t(
                format!("--berger {n}: the number of players must be between 2 and 1000"),
                format!("--berger {n}：棋手人数须在 2 到 1000 之间")
            ));
        }
        if args.cycles == 0 {
            bail!(t("--cycles must be at least 1", "--cycles 至少为 1"));
        }
        let text = berger_text(n, args.cycles);
        output::emit_text(args.output.as_deref(), &text)?;
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(input) = args.dutch.as_deref() {
        let edition = match args.edition {
            EditionArg::Fide2026 => Edition::Fide2026,
            EditionArg::Fide2017 => Edition::Fide2017,
        };
        if args.check {
            return Ok(run_check(input, args.output.as_deref(), edition));
        }
        if !args.explain && args.checklist.is_none() {
            let out = args.pairing.flatten().or(args.output);
            return Ok(run_dutch(
                input,
                out.as_deref(),
                edition,
                args.use_computed_points,
            ));
        }
        let outputs = DutchOutputs {
            pairing: args.pairing,
            explain: args.explain,
            explain_to: args.output,
            checklist: args.checklist,
            json: args.format == PairFormat::Json,
            zh: args.lang == LangArg::Zh,
            use_computed_points: args.use_computed_points,
        };
        return Ok(run_dutch_with(input, &outputs, edition));
    }
    if let Some(input) = args.next.as_deref() {
        let how = NextRound {
            game: match args.game {
                GameArg::Chess => GameKind::Chess,
                GameArg::Xiangqi => GameKind::Xiangqi,
            },
            round_robin: args.system == SystemArg::RoundRobin,
            edition: match args.edition {
                EditionArg::Fide2026 => DutchEdition::Fide2026,
                EditionArg::Fide2017 => DutchEdition::Fide2017,
            },
        };
        return Ok(run_next(input, args.output.as_deref(), how));
    }
    if let Some(config) = args.generate {
        return Ok(run_generate(
            config.as_deref(),
            args.output.as_deref(),
            args.seed,
        ));
    }
    bail!(t(
        "nothing to pair: give --berger N, --dutch IN.trf -p or --next IN.trf",
        "没有可编排的内容：请给出 --berger N、--dutch IN.trf -p 或 --next IN.trf"
    ))
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
