//! The rated event and the tournament model, one mapping each way.
//!
//! The rating crate's [`rm::Event`] is what the regulations rate: players
//! with their list data (the exact rating, games and events on the list,
//! the highest rating reached) and the games and byes that count. The
//! tournament crate's [`Event`] is what the desk pairs and ranks: players
//! by pairing number, rounds of boards and byes, results still pending.
//! The two crates stand side by side (neither uses the other,
//! ARCHITECTURE.md), so they meet here, and only here:
//!
//! * [`tournament`]: a rated event (an event file) as the tournament model
//!   — what `qiyuan standings` ranks, `qiyuan convert` writes as TRF and
//!   the desk enters ([`crate::event_file::entry`]);
//! * [`rated_pairings`]: a tournament's rounds as a rated event's games and
//!   byes — what the desk's rating report and the office rate
//!   ([`crate::DeskEvent::rating_event`]).
//!
//! Each is the other's inverse on what both hold (`tests/rated.rs`): a
//! pending game and an absence are not rated, and a rating with a fraction
//! is a whole number in the tournament model.
//!
//! ```
//! use qiyuan_desk::rated::{rated_pairings, tournament};
//! use qiyuan_formats::event::read_event;
//!
//! let file = read_event(r#"{"name": "例", "game": "xiangqi", "system": "round-robin",
//!   "players": [{"id": 1, "name": "甲", "sex": "m", "rating": 2100.4},
//!               {"id": 2, "name": "乙", "sex": "f"}],
//!   "games": [{"round": 1, "red": 1, "black": 2, "result": "1-0"}]}"#,
//!   "e.json", None).unwrap();
//! let t = tournament(&file, None)?;
//! assert_eq!(t.players()[0].rating, Some(2100));
//! assert_eq!(rated_pairings(&t, None), file.pairings());
//! # Ok::<(), qiyuan_desk::rated::ModelRefusal>(())
//! ```

use qiyuan_rating::Lang;
use qiyuan_rating::model as rm;
use qiyuan_tournament::model::{ByeKind, Event, EventKind, Game, GameResult, ModelError, Player};
use rust_decimal::prelude::ToPrimitive;

/// The rated event (an event file) as the tournament model (what `qiyuan
/// standings` ranks, `qiyuan convert` writes as TRF and the desk enters): its players with their ratings rounded
/// to whole numbers (an unrated or zero rating: none), games and byes
/// (`bye` the pairing-allocated bye; `half-bye`, `zero-bye` requested
/// byes). `kind` overrides the kind the file's system implies (a round
/// robin for round-robin systems, else a Swiss).
///
/// # Errors
/// [`ModelRefusal`]: a player or a game the tournament model refuses.
pub fn tournament(event: &rm::Event, kind: Option<EventKind>) -> Result<Event, ModelRefusal> {
    let kind = kind.unwrap_or(if event.system().is_round_robin() {
        EventKind::RoundRobin
    } else {
        EventKind::Swiss
    });
    let rounds = last_round(event);
    let mut model = Event::new(kind, rounds);
    for (index, p) in event.players().iter().enumerate() {
        let mut player = Player::new(p.id.0, p.name.clone());
        player.rating = p.rating.and_then(|r| r.round().to_u32()).filter(|&r| r > 0);
        player.title = p.title.clone();
        player.club = p.unit.clone();
        player.sex = Some(p.sex);
        model
            .add_player(player)
            .map_err(|source| ModelRefusal::Player { index, source })?;
    }
    for _ in 0..rounds {
        model.add_round();
    }
    for (i, p) in event.pairings().iter().enumerate() {
        let added = match *p {
            rm::Pairing::Game {
                round,
                white,
                black,
                result,
            } => model.add_game(round, Game::new(white.0, black.0, result)),
            rm::Pairing::Bye {
                round,
                player,
                kind,
            } => model.add_bye(round, player, kind),
        };
        added.map_err(|source| ModelRefusal::Game {
            number: i + 1,
            source,
        })?;
    }
    Ok(model)
}

/// A player or game of the file that the tournament model refuses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ModelRefusal {
    /// The player at `index` of the file's players.
    #[error("players[{index}]: {source}")]
    Player {
        /// Position in the file's players.
        index: usize,
        /// What the model said.
        source: ModelError,
    },
    /// The file's `number`th game or bye (from 1).
    #[error("game {number}: {source}")]
    Game {
        /// Position in the file's games, from 1.
        number: usize,
        /// What the model said.
        source: ModelError,
    },
}

impl ModelRefusal {
    /// The message in `lang`: [`Lang::En`] is the `Display` text.
    ///
    /// ```
    /// use qiyuan_desk::rated::ModelRefusal;
    /// use qiyuan_rating::Lang;
    /// use qiyuan_tournament::model::ModelError;
    /// let r = ModelRefusal::Player { index: 0, source: ModelError::ZeroId };
    /// assert_eq!(r.text(Lang::En), "players[0]: pairing number 0 is not allowed");
    /// assert_eq!(r.text(Lang::Zh), "players[0]：不能使用序号 0");
    /// ```
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (_, Lang::En) => self.to_string(),
            (ModelRefusal::Player { index, source }, Lang::Zh) => {
                format!("players[{index}]：{}", source.text(lang))
            }
            (ModelRefusal::Game { number, source }, Lang::Zh) => {
                format!("第 {number} 局：{}", source.text(lang))
            }
        }
    }
}

/// The games and byes of `event`'s rounds up to `through` (all when
/// `None`) as a rated event holds them, round by round, each round's games
/// in board order and then its byes: the games with a result (a pending
/// game is not rated), the byes that score or are requested (an absence
/// without a bye is not an entry of the rated event).
///
/// ```
/// use qiyuan_desk::rated::rated_pairings;
/// use qiyuan_rating::model::Pairing;
/// use qiyuan_tournament::model::{ByeKind, Event, EventKind, Game, GameResult, Player, PlayerId};
/// let mut e = Event::new(EventKind::Swiss, 2);
/// for id in 1..=3 {
///     e.add_player(Player::new(id, format!("P{id}")))?;
/// }
/// let r = e.add_round();
/// e.add_game(r, Game::new(1, 2, GameResult::Pending))?;
/// e.add_bye(r, PlayerId(3), ByeKind::HalfPoint)?;
/// assert_eq!(
///     rated_pairings(&e, None),
///     [Pairing::Bye { round: 1, player: PlayerId(3), kind: ByeKind::HalfPoint }]
/// );
/// # Ok::<(), qiyuan_tournament::model::ModelError>(())
/// ```
#[must_use]
pub fn rated_pairings(event: &Event, through: Option<u32>) -> Vec<rm::Pairing> {
    let mut pairings = Vec::new();
    for (r, round) in event.rounds().iter().enumerate() {
        let round_no = r as u32 + 1;
        if through.is_some_and(|t| round_no > t) {
            break;
        }
        for g in round
            .games
            .iter()
            .filter(|g| g.result != GameResult::Pending)
        {
            pairings.push(rm::Pairing::Game {
                round: round_no,
                white: g.white,
                black: g.black,
                result: g.result,
            });
        }
        for &(player, kind) in round.byes.iter().filter(|(_, k)| *k != ByeKind::Absent) {
            pairings.push(rm::Pairing::Bye {
                round: round_no,
                player,
                kind,
            });
        }
    }
    pairings
}

/// The last round the file has a game or bye in (0 for none).
#[must_use]
pub fn last_round(event: &rm::Event) -> u32 {
    event
        .pairings()
        .iter()
        .map(|p| p.round())
        .max()
        .unwrap_or(0)
}
