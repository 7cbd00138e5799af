//! One module per sub-command: its arguments and its `run`.

pub mod check_games;
pub mod convert;
pub mod grades;
pub mod norms;
pub mod office;
pub mod output;
pub mod pair;
pub mod pair_dutch;
pub mod pair_next;
pub mod perft;
pub mod period;
pub mod points;
pub mod qualify;
pub mod rate;
pub mod serve;
pub mod standings;
pub mod titles;
pub mod token;
