//! The input of a rating computation: an event's players, with the data the
//! rating list holds about them, and its games.
//!
//! These types are the rating engine's view of an event. They are built by
//! `qiyuan-formats` from an event file (or by the tournament model) and are
//! validated once, by [`Event::new`], so that the computation never meets an
//! unknown player, a game listed twice or a player paired against themself.

use std::collections::HashMap;
use std::fmt;

use chrono::NaiveDate;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// A player's number within one event (the event file's `id`).
///
/// ```
/// use qiyuan_rating::model::PlayerId;
/// assert_eq!(PlayerId(7).to_string(), "7");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerId(pub u32);

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Sex, as the rating lists record it (men's and women's minimums,
/// provisional ratings and titles differ).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Sex {
    /// 男 (`"m"` in event files).
    #[serde(rename = "m")]
    Male,
    /// 女 (`"f"` in event files).
    #[serde(rename = "f")]
    Female,
}

/// Which game an event is played in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameKind {
    /// 象棋. The first mover is red (`white` in event files).
    Xiangqi,
    /// 国际象棋.
    Chess,
}

/// How an event is paired; decides the expected-score formula a profile uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EventSystem {
    /// 积分编排制 (Swiss).
    Swiss,
    /// 单循环 (single round robin).
    RoundRobin,
    /// 双循环 (double round robin).
    DoubleRoundRobin,
    /// 淘汰制 (knockout).
    Knockout,
    /// 对抗赛 (match).
    Match,
    /// 团体赛 (team event).
    Team,
}

impl EventSystem {
    /// True for single and double round robins, where profiles may use the
    /// round-robin formula We = M × Pa − ½.
    ///
    /// ```
    /// use qiyuan_rating::model::EventSystem;
    /// assert!(EventSystem::DoubleRoundRobin.is_round_robin());
    /// assert!(!EventSystem::Swiss.is_round_robin());
    /// ```
    pub fn is_round_robin(self) -> bool {
        matches!(
            self,
            EventSystem::RoundRobin | EventSystem::DoubleRoundRobin
        )
    }
}

/// The result of a game that was played over the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// `1-0`: white (red) won.
    WhiteWins,
    /// `1/2-1/2`.
    Draw,
    /// `0-1`: black won.
    BlackWins,
}

/// The result of a scheduled game between two players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameResult {
    /// Played over the board.
    Played(Outcome),
    /// `+-`: white (red) won by forfeit.
    WhiteWinsByForfeit,
    /// `-+`: black won by forfeit.
    BlackWinsByForfeit,
    /// `--`: neither player appeared.
    DoubleForfeit,
}

impl GameResult {
    /// White's (red's) points in the 1/½/0 scale, `None` for a double forfeit.
    ///
    /// ```
    /// use qiyuan_rating::model::{GameResult, Outcome};
    /// use rust_decimal_macros::dec;
    /// assert_eq!(GameResult::Played(Outcome::Draw).white_score(), Some(dec!(0.5)));
    /// assert_eq!(GameResult::DoubleForfeit.white_score(), None);
    /// ```
    pub fn white_score(self) -> Option<Decimal> {
        match self {
            GameResult::Played(Outcome::WhiteWins) | GameResult::WhiteWinsByForfeit => {
                Some(Decimal::ONE)
            }
            GameResult::Played(Outcome::Draw) => Some(Decimal::new(5, 1)),
            GameResult::Played(Outcome::BlackWins) | GameResult::BlackWinsByForfeit => {
                Some(Decimal::ZERO)
            }
            GameResult::DoubleForfeit => None,
        }
    }

    /// True when the game was not played over the board.
    pub fn is_unplayed(self) -> bool {
        !matches!(self, GameResult::Played(_))
    }
}

/// The kind of a bye (a round without an opponent).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ByeKind {
    /// `bye`: a full point (pairing-allocated bye).
    Full,
    /// `half-bye`: a requested half-point bye.
    Half,
    /// `zero-bye`: a requested zero-point bye.
    Zero,
}

/// One entry of an event's game list: a game between two players, or a bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pairing {
    /// A scheduled game.
    Game {
        /// Round number, from 1.
        round: u32,
        /// White (red in xiangqi), the first mover.
        white: PlayerId,
        /// Black.
        black: PlayerId,
        /// What happened.
        result: GameResult,
    },
    /// A round in which the player had no opponent.
    Bye {
        /// Round number, from 1.
        round: u32,
        /// Who had the bye.
        player: PlayerId,
        /// Full, half or zero point.
        kind: ByeKind,
    },
}

impl Pairing {
    /// The round of this entry.
    pub fn round(&self) -> u32 {
        match *self {
            Pairing::Game { round, .. } | Pairing::Bye { round, .. } => round,
        }
    }
}

/// A player of an event, with what the rating list says about them before it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Player {
    /// Number within the event.
    pub id: PlayerId,
    /// Name as printed on reports.
    pub name: String,
    /// Men and women have different minimums, provisional ratings and titles.
    pub sex: Sex,
    /// Published rating, `None` for an unrated player (无等级分棋手).
    pub rating: Option<Decimal>,
    /// Title code (e.g. `GM`, `NM`, `WGM`, `IM`, `FM`) as the profile's
    /// tables name it. On an unrated player it is a former title, which
    /// raises the provisional rating in some profiles.
    pub title: Option<String>,
    /// Valid (rated) games on the list so far; decides K.
    pub rated_games: u32,
    /// Rated events so far, where a profile's K depends on it (cxa-legacy).
    pub rated_events: Option<u32>,
    /// Highest rating ever reached (K 10 for life above a threshold).
    pub ever_reached: Option<Decimal>,
    /// Year of birth, where K depends on age (FIDE juniors).
    pub birth_year: Option<i32>,
    /// Final rank in the event, where known (decides the champion when
    /// several players share the top score).
    pub rank: Option<u32>,
    /// Club, province or unit (单位).
    pub unit: Option<String>,
    /// Board (台次) in a team event, where known (cca-chess 八(十四): the best
    /// score on each board of a national team event keeps its rating).
    #[serde(default)]
    pub board: Option<u32>,
}

impl Player {
    /// A player with the given id, name, sex and rating and no other data.
    ///
    /// ```
    /// use qiyuan_rating::model::{Player, PlayerId, Sex};
    /// use rust_decimal_macros::dec;
    /// let p = Player::new(PlayerId(1), "王天一", Sex::Male, Some(dec!(2700)));
    /// assert_eq!(p.rated_games, 0);
    /// ```
    pub fn new(id: PlayerId, name: impl Into<String>, sex: Sex, rating: Option<Decimal>) -> Self {
        Player {
            id,
            name: name.into(),
            sex,
            rating,
            title: None,
            rated_games: 0,
            rated_events: None,
            ever_reached: None,
            birth_year: None,
            rank: None,
            unit: None,
            board: None,
        }
    }
}

/// A validated event: every game refers to players of the event, no player
/// appears twice in one round, no player is paired against themself.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Event {
    name: String,
    game: GameKind,
    system: EventSystem,
    start: Option<NaiveDate>,
    end: Option<NaiveDate>,
    players: Vec<Player>,
    pairings: Vec<Pairing>,
    #[serde(skip)]
    index: HashMap<PlayerId, usize>,
}

/// Why an event was refused. Indexes are positions in the input lists (from
/// 0), so that a reader can point at the file's line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EventError {
    /// Two players share an id.
    #[error("player id {id} is used twice (players {first} and {second})")]
    DuplicatePlayer {
        /// The id.
        id: PlayerId,
        /// Index of the first player with it.
        first: usize,
        /// Index of the second.
        second: usize,
    },
    /// A game names a player who is not in the players list.
    #[error("game {game}: {field} is player {id}, who is not in the players list")]
    UnknownPlayer {
        /// Index of the game.
        game: usize,
        /// `white`, `black` or `player` (for a bye).
        field: &'static str,
        /// The unknown id.
        id: PlayerId,
    },
    /// A player is paired against themself.
    #[error("game {game}: player {id} is paired against themself")]
    SelfPairing {
        /// Index of the game.
        game: usize,
        /// The player.
        id: PlayerId,
    },
    /// A player appears twice in one round (a game listed twice, or a game
    /// and a bye).
    #[error("game {game}: player {id} already appears in round {round} (game {first})")]
    TwiceInRound {
        /// Index of the second appearance.
        game: usize,
        /// Index of the first appearance.
        first: usize,
        /// The player.
        id: PlayerId,
        /// The round.
        round: u32,
    },
    /// Round numbers start at 1.
    #[error("game {game}: round must be 1 or more")]
    RoundZero {
        /// Index of the game.
        game: usize,
    },
}

impl EventError {
    /// Index of the game the error is about, if it is about a game.
    pub fn game_index(&self) -> Option<usize> {
        match *self {
            EventError::UnknownPlayer { game, .. }
            | EventError::SelfPairing { game, .. }
            | EventError::TwiceInRound { game, .. }
            | EventError::RoundZero { game } => Some(game),
            EventError::DuplicatePlayer { .. } => None,
        }
    }
}

impl Event {
    /// Checks and builds an event.
    ///
    /// ```
    /// use qiyuan_rating::model::*;
    /// use rust_decimal_macros::dec;
    /// let players = vec![
    ///     Player::new(PlayerId(1), "A", Sex::Male, Some(dec!(2400))),
    ///     Player::new(PlayerId(2), "B", Sex::Male, None),
    /// ];
    /// let games = vec![Pairing::Game {
    ///     round: 1,
    ///     white: PlayerId(1),
    ///     black: PlayerId(3),
    ///     result: GameResult::Played(Outcome::Draw),
    /// }];
    /// let err = Event::new("t", GameKind::Xiangqi, EventSystem::Swiss, None, None, players, games);
    /// assert!(matches!(err, Err(EventError::UnknownPlayer { game: 0, field: "black", .. })));
    /// ```
    pub fn new(
        name: impl Into<String>,
        game: GameKind,
        system: EventSystem,
        start: Option<NaiveDate>,
        end: Option<NaiveDate>,
        players: Vec<Player>,
        pairings: Vec<Pairing>,
    ) -> Result<Event, EventError> {
        let mut index = HashMap::with_capacity(players.len());
        for (i, p) in players.iter().enumerate() {
            if let Some(first) = index.insert(p.id, i) {
                return Err(EventError::DuplicatePlayer {
                    id: p.id,
                    first,
                    second: i,
                });
            }
        }
        let mut seen: HashMap<(PlayerId, u32), usize> = HashMap::with_capacity(pairings.len() * 2);
        for (g, pairing) in pairings.iter().enumerate() {
            let round = pairing.round();
            if round == 0 {
                return Err(EventError::RoundZero { game: g });
            }
            let ids: &[(&'static str, PlayerId)] = match *pairing {
                Pairing::Game { white, black, .. } => {
                    if white == black {
                        return Err(EventError::SelfPairing { game: g, id: white });
                    }
                    &[("white", white), ("black", black)]
                }
                Pairing::Bye { player, .. } => &[("player", player)],
            };
            for &(field, id) in ids {
                if !index.contains_key(&id) {
                    return Err(EventError::UnknownPlayer { game: g, field, id });
                }
                if let Some(first) = seen.insert((id, round), g) {
                    return Err(EventError::TwiceInRound {
                        game: g,
                        first,
                        id,
                        round,
                    });
                }
            }
        }
        Ok(Event {
            name: name.into(),
            game,
            system,
            start,
            end,
            players,
            pairings,
            index,
        })
    }

    /// The same event with each player replaced by `player(old)` — another
    /// id (a desk's pairing numbers → list ids), a sex the desk did not
    /// know — and the games following the ids, checked as [`Event::new`]
    /// checks.
    ///
    /// ```
    /// use qiyuan_rating::model::*;
    /// let e = Event::new("t", GameKind::Xiangqi, EventSystem::Swiss, None, None,
    ///     vec![Player::new(PlayerId(1), "A", Sex::Male, None), Player::new(PlayerId(2), "B", Sex::Male, None)],
    ///     vec![Pairing::Game { round: 1, white: PlayerId(1), black: PlayerId(2), result: GameResult::Played(Outcome::Draw) }])?;
    /// let r = e.with_players(|p| Player { id: PlayerId(p.id.0 + 100), ..p.clone() })?;
    /// assert_eq!(r.players()[1].id, PlayerId(102));
    /// assert!(matches!(r.pairings()[0], Pairing::Game { white: PlayerId(101), .. }));
    /// assert!(e.with_players(|p| Player { id: PlayerId(7), ..p.clone() }).is_err()); // two players, one id
    /// # Ok::<(), EventError>(())
    /// ```
    pub fn with_players(&self, player: impl Fn(&Player) -> Player) -> Result<Event, EventError> {
        let players: Vec<Player> = self.players.iter().map(player).collect();
        let ids: HashMap<PlayerId, PlayerId> = self
            .players
            .iter()
            .zip(&players)
            .map(|(old, new)| (old.id, new.id))
            .collect();
        let id = |p: PlayerId| ids.get(&p).copied().unwrap_or(p);
        let pairings = self
            .pairings
            .iter()
            .map(|p| match *p {
                Pairing::Game {
                    round,
                    white,
                    black,
                    result,
                } => Pairing::Game {
                    round,
                    white: id(white),
                    black: id(black),
                    result,
                },
                Pairing::Bye {
                    round,
                    player,
                    kind,
                } => Pairing::Bye {
                    round,
                    player: id(player),
                    kind,
                },
            })
            .collect();
        Event::new(
            self.name.clone(),
            self.game,
            self.system,
            self.start,
            self.end,
            players,
            pairings,
        )
    }

    /// The event's name.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// Xiangqi or chess.
    pub fn game(&self) -> GameKind {
        self.game
    }
    /// How it was paired.
    pub fn system(&self) -> EventSystem {
        self.system
    }
    /// First day, if known.
    pub fn start(&self) -> Option<NaiveDate> {
        self.start
    }
    /// Last day, if known (decides the rating period of a continuous event).
    pub fn end(&self) -> Option<NaiveDate> {
        self.end
    }
    /// Players in input order.
    pub fn players(&self) -> &[Player] {
        &self.players
    }
    /// Games and byes in input order.
    pub fn pairings(&self) -> &[Pairing] {
        &self.pairings
    }
    /// The player with this id.
    pub fn player(&self, id: PlayerId) -> Option<&Player> {
        self.index.get(&id).map(|&i| &self.players[i])
    }
    /// Position of the player with this id in [`Event::players`].
    pub fn player_index(&self, id: PlayerId) -> Option<usize> {
        self.index.get(&id).copied()
    }
}
