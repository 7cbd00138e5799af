//! # qiyuan-tournament
//!
//! The tournament model: players, rounds, results, scoring systems, round
//! robin, knockout and team events, standings and tie-breaks. Pure: no I/O.
#![warn(missing_docs)]
