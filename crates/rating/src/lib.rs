//! # qiyuan-rating
//!
//! The rating regulations of the Chinese xiangqi and chess federations, FIDE,
//! the online platforms' point systems and Glicko-2, computed in exact
//! decimal arithmetic and able to explain every figure.
//!
//! This crate is pure: it never reads files or talks to a database. Profiles
//! are TOML documents embedded at build time (see `profiles/`), and can also
//! be parsed from a user's text.
#![warn(missing_docs)]

pub mod model;
pub mod online;
