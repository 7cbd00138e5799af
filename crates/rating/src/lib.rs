//! # qiyuan-rating
//!
//! The rating regulations of the Chinese xiangqi and chess federations, FIDE,
//! the online platforms' point systems and Glicko-2, computed in exact
//! decimal arithmetic and able to explain every figure.
//!
//! This crate is pure: it never reads files or talks to a database. Profiles
//! are TOML documents embedded at build time (see `profiles/`), and can also
//! be parsed from a user's text.
//!
//! Entry points: [`profile::Profile::builtin`] /
//! [`profile::Profile::from_toml_str`], then [`event::rate`] on a
//! [`model::Event`], then [`event::PlayerReport::explain`] for the words.
//! Rating periods and lists: [`period::compute_period`]; title norms:
//! [`norms::check_norms`], FIDE title norms: [`fide_norms::check_fide_norms`];
//! titles by placement and title files:
//! [`titles::event_titles`], [`titles::title_file`]; amateur grades:
//! [`grades::grade_report`]; qualification: [`period::qualification`].
//!
//! One home per rule: [`games`] (which games count), [`expected`] (Ra, D,
//! P, We), [`k`] (K), [`champion`], [`unrated`], [`conditions`], each
//! opening with the articles it implements; `docs/regulations-index.md`
//! maps every article of the source documents to its code and test.
#![warn(missing_docs)]

pub mod champion;
pub mod conditions;
pub mod elo;
pub mod event;
pub mod expected;
pub mod explain;
pub mod fide_norms;
pub mod games;
pub mod grades;
pub mod k;
pub mod model;
pub mod norms;
pub mod online;
pub mod period;
pub mod profile;
pub mod rounding;
pub mod table;
pub mod titles;
pub mod unrated;
mod zh;

pub use event::{EventReport, PlayerReport, RateError, rate};
pub use explain::Lang;
pub use profile::{Profile, ProfileError};
