//! # qiyuan-formats
//!
//! Readers and writers for the files qiyuan meets: its own event file (JSON
//! or TOML), FIDE TRF, CSV and xlsx. Every reader reports errors with the
//! file, line and field, and never panics on bad input.
#![warn(missing_docs)]

pub mod columns;
pub mod event;
pub mod list;
pub mod online;
pub mod pgn;
pub mod points_state;
pub mod rating_event;
pub mod sheet;
pub mod swiss_check;
pub mod swiss_generate;
pub mod text;
pub mod trf;
pub mod trf_model;
pub mod trf_swiss;
pub mod xqf;

#[cfg(test)]
mod error_text;
#[cfg(test)]
mod note_text;
