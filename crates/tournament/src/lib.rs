//! # qiyuan-tournament
//!
//! The tournament model: players, rounds, results, scoring systems, round
//! robin, knockout and team events, standings and tie-breaks. Pure: no I/O.
//!
//! * [`model`] — players, rounds, games, byes, withdrawals, corrections.
//! * [`scoring`] — 1/½/0, 2/1/0, 3/1/0, colour-dependent draws, match points.
//! * [`berger`] — FIDE Berger round-robin tables (C.05 Annex 1).
//! * [`knockout`] — seeded knockout brackets with byes, matches with tie-break games.
//! * [`tiebreak`] — tie-break codes (FIDE C.07 2024, 象棋竞赛规则 2011) and presets.
//! * [`standings`] — scores, tie-break values and ranks.
//! * [`team`] — team events, line-ups, 场分/局分, team tie-breaks (C.07 art. 12–13).
//! * [`title`] — titles: their order in the initial ranking, their FIDE codes.
//! * [`names`] — names in pinyin or stroke order (never by code point).
#![warn(missing_docs)]

pub mod berger;
mod fide_tables;
pub mod knockout;
pub mod model;
pub mod names;
pub mod scoring;
pub mod standings;
pub mod team;
pub mod tiebreak;
pub mod title;

pub use model::{Event, EventKind, Player, PlayerId};
pub use scoring::ScoringSystem;
pub use standings::{Standings, StandingsConfig, compute_standings};
pub use tiebreak::{TieBreak, TieBreakKind};
