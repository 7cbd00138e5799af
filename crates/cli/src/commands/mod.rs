//! One module per sub-command: its arguments and its `run`.

pub mod convert;
pub mod output;
pub mod pair;
pub mod perft;
pub mod points;
pub mod rate;
pub mod standings;
