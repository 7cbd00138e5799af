//! # qiyuan-swiss
//!
//! The FIDE (Dutch) Swiss pairing system, C.04.3 (2026 edition, and the 2017
//! edition for old events), with Baku acceleration, a checker and an
//! explanation of every pair. Pure: no I/O.
#![warn(missing_docs)]

pub mod dutch;
pub mod matching;
pub mod model;
pub mod prep;

pub use dutch::pair_round;
pub use model::{
    Colour, Edition, Pairing, PairingError, PairingInput, Player, RoundEntry, RoundKind, Score,
};
