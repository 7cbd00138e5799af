//! One module per sub-command: its arguments and its `run`.

pub mod points;
pub mod rate;
