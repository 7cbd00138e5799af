//! # qiyuan-chess
//!
//! Chess (国际象棋) rules for qiyuan, as glue over the MIT-licensed
//! [`cozy_chess`] move generator (never a GPL crate): FEN/X-FEN/Shredder-FEN
//! ([`fen`]), SAN and UCI in and out ([`san`]), a [`Game`] with history,
//! repetitions, the 50/75-move rules, dead positions and [`Outcome`]s
//! ([`game`]), and [`perft`](mod@perft). Pure: no I/O.
//!
//! ```
//! use qiyuan_chess::{Game, GameResult};
//! let mut g = Game::new();
//! for san in ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"] {
//!     g.push_san(san).unwrap();
//! }
//! assert_eq!(g.outcome().map(|o| o.result()), Some(GameResult::WhiteWins));
//! assert_eq!(g.san_moves().last().unwrap(), "Qxf7#");
//! ```
#![warn(missing_docs)]

pub mod fen;
pub mod game;
pub mod perft;
pub mod san;

pub use cozy_chess;
pub use cozy_chess::{Board, Color, File, Move, Piece, Rank, Square};
pub use fen::{FenError, Setup, parse_fen, to_fen};
pub use game::{
    DrawClaim, Game, GameResult, MoveError, Outcome, insufficient_material, is_dead_position,
    move_number_label,
};
pub use perft::{perft, perft_hashed};
/// The language of an error's `text` (the vocabulary's).
pub use qiyuan_vocab::Lang;
pub use san::{SanError, format_san, format_uci, parse_san, parse_uci};
