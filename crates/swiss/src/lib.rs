//! # qiyuan-swiss
//!
//! The FIDE (Dutch) System, C.04.3 (2026 edition, and the 2017 edition for
//! old events), with Baku acceleration (C.04.5) points taken as input. Pure:
//! no I/O.
//!
//! Entry point: [`pair_round`] takes a [`PairingInput`] (players with their
//! history, the round, the total rounds, the edition, the initial colour) and
//! returns a [`Pairing`] (boards `(white, black)` in board order and the PAB)
//! or [`PairingError::NoValidPairing`]. [`pair_round_explained`] returns the
//! same pairing with an [`explain::Explanation`]: per board the bracket,
//! the floats and why, the colour preferences and the article of Art. 5.2
//! that allocated the colours, the quality criteria each bracket could not
//! fully meet, why the PAB went to its player (C2, C5, C9), and the
//! checklist of every player's pairing data — recorded by the one pairing
//! run. [`baku`] computes the virtual points of Baku acceleration.
//!
//! ## How a round is paired
//! * [`prep`] derives each player's colour difference and preference
//!   (Art. 1.6–1.7), floats (Art. 1.4), PAB eligibility (C2), topscorer
//!   status (Art. 1.8) and which pairs may meet (C1, C3, forbidden pairs).
//! * [`dutch`] pairs the brackets from the highest score down. For each
//!   bracket it finds the optimal C6–C9 by trying the possible sets of
//!   downfloaters (with completion C4 and the PAB criterion C5 checked by a
//!   maximum matching, [`matching`]), then the smallest value of each of
//!   C10–C17 in turn, and finally the first candidate in the generation order
//!   of Article 4 (MDP sets, S2 transpositions, resident exchanges) that
//!   reaches them all — the candidate Art. 3.4/3.8 select. Transpositions
//!   are pruned by a minimum-cost assignment look-ahead on the colour
//!   criteria, solved lazily: a complete assignment within the bounds
//!   proves a branch possible, the dual bound of an exact optimum above
//!   proves it hopeless, and the exact optimum is computed only when
//!   neither does. When the assignment has as many rows as columns (the
//!   dummy rows of the players left to float included) it is also solved
//!   over colour classes, as a transportation problem of a few classes
//!   ([`matching::min_cost_transport`]): exact when no pair excluded by C1
//!   or a forbidden pair is open, a lower bound and a witness otherwise,
//!   so a round-2 score group of thousands of players is answered without
//!   Hungarian phases over the whole group. Compatibility (C1, C3,
//!   forbidden pairs) is kept sparse, matchings are built greedily first
//!   and completed over neighbours listed on demand, and a large
//!   look-ahead keeps its costs by class of player
//!   ([`matching::KeyedCosts`]) rather than as a matrix, so a large score
//!   group (round 1 of 100,000 players; a round-2 score group of 33,000)
//!   costs neither n² memory nor n³ time.
//! * Colours follow Art. 5.2; board order is by the higher score of the
//!   pair, the sum of scores, then the ranking of the higher-ranked player.
//!
//! ## Limits
//! * Searches have node budgets: in brackets of several hundred players the
//!   engine may stop at a candidate that is complete but not optimal.
//! * The 2017 edition is approximated by the same procedure without C5 and
//!   C9, with its own float (A.4) and C2 definitions; the PPB/CLB machinery
//!   is replaced by completion in every bracket.
#![warn(missing_docs)]

pub mod baku;
pub mod dutch;
pub mod explain;
pub mod generator;
pub mod matching;
pub mod model;
pub mod prep;

pub use dutch::{pair_round, pair_round_explained};
pub use model::{
    Colour, Edition, Pairing, PairingError, PairingInput, Player, RoundEntry, RoundKind, Score,
    points_of, score_of,
};
