//! `qiyuan perft`: counts the leaf nodes of the legal move tree (move
//! generator test against published counts).
//!
//! ```text
//! qiyuan perft --game xiangqi [--fen FEN] DEPTH [--divide]
//! ```
//! With `--divide`, one line `MOVE: COUNT` per legal first move (ICCS, sorted)
//! comes first; the last line is always the node count alone.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Context, bail};
use qiyuan_xiangqi::Position;

/// Which game's rules to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Game {
    /// 象棋, Chinese chess.
    Xiangqi,
    /// International chess (not yet supported by perft).
    Chess,
}

/// Arguments of `qiyuan perft`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game.
    #[arg(long, value_enum, default_value = "xiangqi")]
    pub game: Game,
    /// Start from this FEN instead of the initial position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Number of plies to explore.
    pub depth: u32,
    /// Also print the count below each first move.
    #[arg(long)]
    pub divide: bool,
}

/// Runs the command.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.game {
        Game::Xiangqi => {}
        Game::Chess => bail!("perft for chess is not yet supported (only --game xiangqi)"),
    }
    let mut pos = match &args.fen {
        Some(fen) => Position::from_fen(fen).with_context(|| format!("invalid FEN {fen:?}"))?,
        None => Position::startpos(),
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let total = if args.divide {
        let mut lines: Vec<(String, u64)> = pos
            .perft_divide(args.depth)
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect();
        lines.sort();
        for (m, n) in &lines {
            writeln!(out, "{m}: {n}")?;
        }
        if args.depth == 0 {
            1
        } else {
            lines.iter().map(|(_, n)| n).sum()
        }
    } else {
        pos.perft(args.depth)
    };
    writeln!(out, "{total}")?;
    Ok(ExitCode::SUCCESS)
}
