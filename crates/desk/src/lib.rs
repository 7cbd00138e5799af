//! # qiyuan-desk
//!
//! The arbiter's desk (裁判桌): everything the web pages and the JSON API
//! call to run a tournament, without HTTP or a database. Pure: no I/O.
//!
//! * [`settings`] — [`EventSettings`]: game, system (Swiss 2026/2017 with
//!   or without Baku acceleration, round robin, knockout), rounds, scoring,
//!   tie-break preset, rating profile, dates, place, arbiters, same-unit
//!   avoidance (同单位回避, [`UnitAvoidance`]: in the rounds chosen,
//!   players of one unit are forbidden pairs for the Dutch engine — outside
//!   the FIDE (Dutch) System, C.04.3, as JaVaFo's and bbpPairings' `XXP`
//!   forbidden pairs are; `docs/desk.md`); validated.
//! * [`event`] — [`DeskEvent`]: the settings, the tournament model
//!   (`qiyuan_tournament::model::Event`), players' extra data, requested
//!   byes, forbidden pairs; players, late entries, withdrawals, results and
//!   corrections (the model keeps the audit trail).
//! * [`pairing`] — pairing the next round ([`DeskEvent::pair_next_round`]:
//!   Swiss through `qiyuan_swiss` with the bridge
//!   [`DeskEvent::swiss_input`], round robins from the Berger tables,
//!   knockouts from the bracket), manual changes that answer with
//!   [`PairingWarning`]s, and [`DeskEvent::apply_round`].
//! * [`groups`] — groups within one event (组别): a Swiss whose players
//!   carry group labels pairs each group on its own (never across groups)
//!   and ranks each group on its own ([`DeskEvent::group_standings`]).
//! * [`seeding`] — the initial ranking (起始排名): pairing numbers by rating,
//!   title and name, by lot (抽签) or by hand; late entries in their place.
//! * [`reports`] — standings with the preset's tie-breaks, the crosstable,
//!   the rating report (`qiyuan_rating::event::rate`) and the norm check.
//! * [`import`] — players from TRF, CSV (English or Chinese headers) and
//!   xlsx; every error names the line and the field.
//! * [`export`] — TRF (and a whole event back from TRF), CSV and xlsx of
//!   standings and pairings. PGN is not exported: the model holds results,
//!   not moves.
//! * [`team`] — team events (团体赛): teams and rosters in board order,
//!   team pairing (Berger or Swiss on match points), line-ups checked
//!   against the roster order, boards with alternating colours, 场分/局分
//!   and team standings.
//! * [`demo`] — the demo events (a finished xiangqi Swiss, a chess round
//!   robin in progress).
//!
//! ```
//! use qiyuan_desk::prelude::*;
//! let mut e = DeskEvent::new(EventSettings::swiss("Open", GameKind::Chess, 3))?;
//! for (n, r) in [("A", 2400), ("B", 2300), ("C", 2200)] {
//!     e.add_player(PlayerInfo::new(n).rating(r))?;
//! }
//! let round = e.pair_next_round()?;
//! // Three players: one board and the pairing-allocated bye for the lowest.
//! assert_eq!(round.byes, vec![(PlayerId(3), ByeKind::PairingAllocated)]);
//! e.apply_round(&round)?;
//! e.set_result(1, 1, GameResult::Draw, "")?;
//! let table = e.standings_table(None)?;
//! assert_eq!(table.lines[0].player, PlayerId(3));
//! # Ok::<(), DeskError>(())
//! ```
#![warn(missing_docs)]

pub mod demo;
mod error;
pub mod event;
pub mod event_file;
pub mod export;
pub mod groups;
pub mod import;
pub mod pairing;
pub mod reports;
pub mod seeding;
pub mod settings;
pub mod team;

pub use error::DeskError;
pub use event::{
    DeskEvent, DeskPlayer, MAX_NAME_CHARS, MAX_TEXT_CHARS, PlayerInfo, RequestedBye, TextRefusal,
    check_player_text, is_refused_char,
};
pub use pairing::{Board, PairingWarning, ProposedRound};
/// The game an event is played in ([`EventSettings::game`]): the vocabulary's term.
pub use qiyuan_vocab::GameKind;
/// The reasons of [`DeskError`] are said in both languages (`qiyuan_vocab::Message`).
pub use qiyuan_vocab::Message;
pub use seeding::{Renumbering, SeedAction, SeedingMethod};
pub use settings::{DutchEdition, EventSettings, ScoringPreset, System, UnitAvoidance};

/// The names a caller usually needs, with the model's types.
pub mod prelude {
    pub use crate::error::DeskError;
    pub use crate::event::{DeskEvent, DeskPlayer, PlayerInfo, RequestedBye};
    pub use crate::pairing::{Board, PairingWarning, ProposedRound};
    pub use crate::reports::{Crosstable, StandingsTable};
    pub use crate::seeding::{Renumbering, SeedAction, SeedingMethod};
    pub use crate::settings::{
        DutchEdition, EventSettings, NameOrdering, ResultWording, ScoringPreset, System,
        UnitAvoidance,
    };
    pub use qiyuan_tournament::model::{ByeKind, Colour, GameResult, PlayerId, Sex};
    pub use qiyuan_vocab::GameKind;
}
