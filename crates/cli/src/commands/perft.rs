//! `qiyuan perft`: counts the leaf nodes of the legal move tree (move
//! generator test against published counts).
//!
//! ```text
//! qiyuan perft [--game xiangqi|chess] [--fen FEN] DEPTH [--divide]
//! ```
//! Chess positions are read as FEN, X-FEN or Shredder-FEN (Chess960 castling).
//! With `--divide`, one line `MOVE: COUNT` per legal first move (ICCS, sorted)
//! comes first; the last line is always the node count alone.

use std::io::Write;
use std::process::ExitCode;

use crate::say::t;
use anyhow::Context;
use qiyuan_xiangqi::Position;

/// Which game's rules to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Game {
    /// 象棋, Chinese chess.
    Xiangqi,
    /// International chess (国际象棋), over cozy-chess.
    Chess,
}

/// Arguments of `qiyuan perft`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  qiyuan perft 4                                # xiangqi start position: 3290240
  qiyuan perft --game chess 5                   # chess start position: 4865609
  qiyuan perft --game chess --fen \"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -\" 3 --divide
  qiyuan perft --fen \"5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1\" 3

Chess FEN may be X-FEN or Shredder-FEN (Chess960); an en-passant square no
capture can use (older writers set one after every double push) is ignored.
The last line is always the node count.")]
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
    if args.game == Game::Chess {
        return run_chess(&args);
    }
    let mut pos = match &args.fen {
        Some(fen) => Position::from_fen(fen)
            .with_context(|| t(format!("invalid FEN {fen:?}"), format!("FEN {fen:?} 无效")))?,
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

/// Chess perft: the same output as for xiangqi, moves in UCI (`e2e4`;
/// castling as king-takes-rook in Chess960 positions, king two squares
/// otherwise).
fn run_chess(args: &Args) -> anyhow::Result<ExitCode> {
    let setup = match &args.fen {
        Some(fen) => qiyuan_chess::parse_fen(fen)
            .with_context(|| t(format!("invalid FEN {fen:?}"), format!("FEN {fen:?} 无效")))?,
        None => qiyuan_chess::Setup::startpos(),
    };
    let board = setup.board;
    let chess960 = is_chess960(&board);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let total = if args.divide && args.depth > 0 {
        let mut moves = Vec::new();
        board.generate_moves(|ms| {
            moves.extend(ms);
            false
        });
        let mut lines: Vec<(String, u64)> = moves
            .into_iter()
            .map(|mv| {
                let mut child = board.clone();
                child.play_unchecked(mv);
                (
                    qiyuan_chess::format_uci(&board, mv, chess960),
                    qiyuan_chess::perft(&child, args.depth - 1),
                )
            })
            .collect();
        lines.sort();
        for (m, n) in &lines {
            writeln!(out, "{m}: {n}")?;
        }
        lines.iter().map(|(_, n)| n).sum()
    } else {
        qiyuan_chess::perft(&board, args.depth)
    };
    writeln!(out, "{total}")?;
    Ok(ExitCode::SUCCESS)
}

/// Does the position need Chess960 castling notation (a king off the e-file
/// or a castling rook off the a/h-files)?
fn is_chess960(board: &qiyuan_chess::Board) -> bool {
    use qiyuan_chess::{Color, File, Piece};
    [Color::White, Color::Black].into_iter().any(|c| {
        let rights = board.castle_rights(c);
        let has = rights.short.is_some() || rights.long.is_some();
        let king_off = (board.colored_pieces(c, Piece::King) & board.colors(c))
            .into_iter()
            .next()
            .is_some_and(|sq| sq.file() != File::E);
        has && (king_off
            || rights.short.is_some_and(|f| f != File::H)
            || rights.long.is_some_and(|f| f != File::A))
    })
}
