//! The event model: players, rounds, games, byes, withdrawals and result
//! corrections with an audit trail.
//!
//! The model stores *what happened* (who met whom with which colour, and
//! the result); what it is worth is decided by a [`ScoringSystem`]
//! (`crate::scoring`) when standings are computed.
//!
//! ```
//! use qiyuan_tournament::model::*;
//! let mut event = Event::new(EventKind::Swiss, 3);
//! event.add_player(Player::new(1, "王天一")).unwrap();
//! event.add_player(Player::new(2, "郑惟桐")).unwrap();
//! event.add_player(Player::new(3, "许银川")).unwrap();
//! let r = event.add_round();
//! event.add_game(r, Game::new(1, 2, GameResult::Draw)).unwrap();
//! event.add_bye(r, PlayerId(3), ByeKind::PairingAllocated).unwrap();
//! assert_eq!(event.outcome(PlayerId(3), 1).unwrap(), Outcome::Bye(ByeKind::PairingAllocated));
//! ```
//!
//! [`ScoringSystem`]: crate::scoring::ScoringSystem

use std::collections::HashMap;

use qiyuan_vocab::Lang;
use serde::{Deserialize, Serialize};

/// A player's pairing number (start number, 序号), 1-based, and a
/// player's sex: terms of the vocabulary crate.
pub use qiyuan_vocab::{PlayerId, Sex};

/// The side a player had (the vocabulary's: for xiangqi `White` is Red,
/// 红方, the first mover).
pub use qiyuan_vocab::Colour;

/// The kind of event, which changes how some tie-breaks treat unplayed games
/// (FIDE C.07 art. 16.5: round robins use no dummy opponent).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EventKind {
    /// Swiss system (积分编排制).
    Swiss,
    /// Round robin, single or multiple cycles (循环制).
    RoundRobin,
}

/// A participant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Player {
    /// Pairing number.
    pub id: PlayerId,
    /// Name as printed.
    pub name: String,
    /// Rating (FIDE or national), if rated.
    pub rating: Option<u32>,
    /// Title (GM, IM, 特级大师 …), free text.
    pub title: Option<String>,
    /// Unit or club (单位).
    pub club: Option<String>,
    /// Federation (three letters in FIDE files).
    pub federation: Option<String>,
    /// Sex.
    pub sex: Option<Sex>,
    /// First round the player takes part in (late entry; 1 for everyone else).
    pub first_round: u32,
    /// Last round the player took part in before withdrawing (退赛), if any.
    pub withdrawn_after: Option<u32>,
    /// Rule infringements recorded against the player (犯规, 象棋竞赛规则
    /// 2011 art. 14: fewer is better).
    pub infringements: u32,
}

impl Player {
    /// A player with only a pairing number and a name.
    pub fn new(id: u32, name: impl Into<String>) -> Player {
        Player {
            id: PlayerId(id),
            name: name.into(),
            rating: None,
            title: None,
            club: None,
            federation: None,
            sex: None,
            first_round: 1,
            withdrawn_after: None,
            infringements: 0,
        }
    }

    /// Builder: sets the rating.
    pub fn with_rating(mut self, rating: u32) -> Player {
        self.rating = Some(rating);
        self
    }

    /// Whether the player takes part in `round` (entered and not withdrawn).
    pub fn active_in(&self, round: u32) -> bool {
        round >= self.first_round && self.withdrawn_after.is_none_or(|w| round <= w)
    }
}

/// The result of a paired game, and why a player has no opponent: terms of
/// the vocabulary crate, with their wordings ([`GameResult::label`],
/// [`ByeKind::label`]).
pub use qiyuan_vocab::{ByeKind, GameResult, ResultWording};

/// A paired game of one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    /// Player with White (Red).
    pub white: PlayerId,
    /// Player with Black.
    pub black: PlayerId,
    /// Result.
    pub result: GameResult,
}

impl Game {
    /// A game between pairing numbers `white` and `black`.
    pub fn new(white: u32, black: u32, result: GameResult) -> Game {
        Game {
            white: PlayerId(white),
            black: PlayerId(black),
            result,
        }
    }
}

/// One round: its games (in board order) and its byes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Round {
    /// Games in board order.
    pub games: Vec<Game>,
    /// Players without an opponent.
    pub byes: Vec<(PlayerId, ByeKind)>,
}

/// A player's score in a game from his own point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameScore {
    /// Won.
    Win,
    /// Drawn.
    Draw,
    /// Lost.
    Loss,
}

/// What a round was for one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// Game played over the board.
    Played {
        /// Opponent.
        opponent: PlayerId,
        /// Own colour.
        colour: Colour,
        /// Own result.
        score: GameScore,
    },
    /// Paired, opponent did not play: won by forfeit.
    ForfeitWin {
        /// Scheduled opponent.
        opponent: PlayerId,
        /// Scheduled colour.
        colour: Colour,
    },
    /// Paired, did not play: lost by forfeit.
    ForfeitLoss {
        /// Scheduled opponent.
        opponent: PlayerId,
        /// Scheduled colour.
        colour: Colour,
    },
    /// Paired, neither played.
    DoubleForfeit {
        /// Scheduled opponent.
        opponent: PlayerId,
        /// Scheduled colour.
        colour: Colour,
    },
    /// Paired, result not yet known.
    Pending {
        /// Opponent.
        opponent: PlayerId,
        /// Colour.
        colour: Colour,
    },
    /// No opponent.
    Bye(ByeKind),
}

impl Outcome {
    /// The (scheduled) opponent, if paired.
    pub fn opponent(self) -> Option<PlayerId> {
        match self {
            Outcome::Played { opponent, .. }
            | Outcome::ForfeitWin { opponent, .. }
            | Outcome::ForfeitLoss { opponent, .. }
            | Outcome::DoubleForfeit { opponent, .. }
            | Outcome::Pending { opponent, .. } => Some(opponent),
            Outcome::Bye(_) => None,
        }
    }

    /// The (scheduled) colour, if paired.
    pub fn colour(self) -> Option<Colour> {
        match self {
            Outcome::Played { colour, .. }
            | Outcome::ForfeitWin { colour, .. }
            | Outcome::ForfeitLoss { colour, .. }
            | Outcome::DoubleForfeit { colour, .. }
            | Outcome::Pending { colour, .. } => Some(colour),
            Outcome::Bye(_) => None,
        }
    }

    /// Whether the round was a game played over the board.
    pub fn is_played(self) -> bool {
        matches!(self, Outcome::Played { .. })
    }

    /// Voluntary unplayed round (FIDE C.07 2024 art. 16.2.5): half- or
    /// zero-point bye, forfeit loss, double forfeit, absence. Played games,
    /// the pairing-allocated bye, forfeit wins and full-point byes are not.
    pub fn is_voluntary_unplayed(self) -> bool {
        matches!(
            self,
            Outcome::ForfeitLoss { .. }
                | Outcome::DoubleForfeit { .. }
                | Outcome::Bye(ByeKind::HalfPoint | ByeKind::ZeroPoint | ByeKind::Absent)
        )
    }
}

/// A result changed after it was first entered (成绩更正), kept for the audit trail.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Correction {
    /// Round (1-based).
    pub round: u32,
    /// White player of the game.
    pub white: PlayerId,
    /// Black player of the game.
    pub black: PlayerId,
    /// Result before.
    pub before: GameResult,
    /// Result after.
    pub after: GameResult,
    /// Why (arbiter's note).
    pub reason: String,
}

/// Errors raised when building or changing an event.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ModelError {
    /// Two players with the same pairing number.
    #[error("pairing number {0} is used twice")]
    DuplicatePlayer(PlayerId),
    /// Pairing number 0 is reserved for "no opponent".
    #[error("pairing number 0 is not allowed")]
    ZeroId,
    /// A reference to a player who is not registered.
    #[error("round {round}: player {player} is not registered")]
    UnknownPlayer {
        /// Round.
        round: u32,
        /// Player.
        player: PlayerId,
    },
    /// A round number that does not exist yet.
    #[error("round {0} does not exist (add it first)")]
    UnknownRound(u32),
    /// More rounds than the event has.
    #[error("the event has only {0} rounds")]
    TooManyRounds(u32),
    /// A player paired against himself.
    #[error("round {round}: player {player} paired against himself")]
    SelfPairing {
        /// Round.
        round: u32,
        /// Player.
        player: PlayerId,
    },
    /// A player already has a game or bye in this round.
    #[error("round {round}: player {player} already has a game or a bye")]
    AlreadyPaired {
        /// Round.
        round: u32,
        /// Player.
        player: PlayerId,
    },
    /// A player paired in a round before his entry or after his withdrawal.
    #[error(
        "round {round}: player {player} does not take part in this round (late entry or withdrawn)"
    )]
    Inactive {
        /// Round.
        round: u32,
        /// Player.
        player: PlayerId,
    },
    /// No such game to correct.
    #[error("round {round}: no game with White {white}")]
    NoSuchGame {
        /// Round.
        round: u32,
        /// White player.
        white: PlayerId,
    },
    /// Invalid first round or withdrawal round.
    #[error("player {player}: {what}")]
    BadParticipation {
        /// Player.
        player: PlayerId,
        /// Description.
        what: String,
    },
}

impl ModelError {
    /// The message in `lang`: [`Lang::En`] is the `Display` text.
    ///
    /// ```
    /// use qiyuan_tournament::model::ModelError;
    /// use qiyuan_tournament::PlayerId;
    /// use qiyuan_vocab::Lang;
    /// let e = ModelError::AlreadyPaired { round: 3, player: PlayerId(7) };
    /// assert_eq!(e.text(Lang::En), "round 3: player 7 already has a game or a bye");
    /// assert_eq!(e.text(Lang::Zh), "第 3 轮：7 号棋手已有对局或轮空、请假");
    /// ```
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            ModelError::DuplicatePlayer(id) => format!("序号 {id} 被使用了两次"),
            ModelError::ZeroId => "不能使用序号 0".to_string(),
            ModelError::UnknownPlayer { round, player } => {
                format!("第 {round} 轮：{player} 号棋手未登记")
            }
            ModelError::UnknownRound(r) => format!("第 {r} 轮不存在（请先添加该轮）"),
            ModelError::TooManyRounds(n) => format!("本赛事只有 {n} 轮"),
            ModelError::SelfPairing { round, player } => {
                format!("第 {round} 轮：{player} 号棋手与自己配对")
            }
            ModelError::AlreadyPaired { round, player } => {
                format!("第 {round} 轮：{player} 号棋手已有对局或轮空、请假")
            }
            ModelError::Inactive { round, player } => {
                format!("第 {round} 轮：{player} 号棋手不参加本轮（迟到报名或已退赛）")
            }
            ModelError::NoSuchGame { round, white } => {
                format!("第 {round} 轮：没有 {white} 号棋手先走（执红或执白）的对局")
            }
            ModelError::BadParticipation { player, what } => {
                format!("{player} 号棋手：{}", participation_zh(what))
            }
        }
    }
}

/// The Chinese of a [`ModelError::BadParticipation`] description: those
/// this crate gives, and the desk's (`…; record that game as a forfeit
/// first`).
fn participation_zh(what: &str) -> String {
    if what == "first round must be at least 1" {
        return "首轮至少为第 1 轮".to_string();
    }
    if let Some(rest) = what.strip_prefix("already paired in round ")
        && let Some((round, tail)) = rest.split_once(", after the withdrawal")
        && round.parse::<u32>().is_ok()
    {
        let mut out = format!("退赛之后仍在第 {round} 轮被编排");
        if tail == "; record that game as a forfeit first" {
            out.push_str("；请先将该局记为弃权");
        } else if !tail.is_empty() {
            out.push_str(&format!("（{}）", tail.trim_start_matches([';', ' '])));
        }
        return out;
    }
    "参赛轮次有误".to_string()
}

/// A tournament: players, the rounds played so far, corrections.
///
/// Deserialising validates the data the same way the building methods do
/// (unknown or duplicate players, double pairings, inactive players).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "EventData")]
pub struct Event {
    kind: EventKind,
    total_rounds: u32,
    players: Vec<Player>,
    #[serde(skip)]
    index: HashMap<PlayerId, usize>,
    rounds: Vec<Round>,
    corrections: Vec<Correction>,
}

/// The serialised form of an [`Event`], validated into one on reading.
#[derive(Deserialize)]
struct EventData {
    kind: EventKind,
    total_rounds: u32,
    players: Vec<Player>,
    rounds: Vec<Round>,
    #[serde(default)]
    corrections: Vec<Correction>,
}

impl TryFrom<EventData> for Event {
    type Error = ModelError;

    fn try_from(d: EventData) -> Result<Event, ModelError> {
        let mut e = Event::new(d.kind, d.total_rounds);
        for p in d.players {
            e.add_player(p)?;
        }
        for round in d.rounds {
            let r = e.add_round();
            for g in round.games {
                e.add_game(r, g)?;
            }
            for (id, kind) in round.byes {
                e.add_bye(r, id, kind)?;
            }
        }
        e.corrections = d.corrections;
        Ok(e)
    }
}

impl Event {
    /// An empty event of `total_rounds` rounds.
    pub fn new(kind: EventKind, total_rounds: u32) -> Event {
        Event {
            kind,
            total_rounds,
            players: Vec::new(),
            index: HashMap::new(),
            rounds: Vec::new(),
            corrections: Vec::new(),
        }
    }

    /// Swiss or round robin.
    pub fn kind(&self) -> EventKind {
        self.kind
    }

    /// The same event, of another kind (a Swiss's file ranked as a round
    /// robin): the kind decides how some tie-breaks treat unplayed games.
    #[must_use]
    pub fn with_kind(mut self, kind: EventKind) -> Event {
        self.kind = kind;
        self
    }

    /// The event as it stood after round `round`: the rounds entered up to
    /// it and their corrections (what may be published while later rounds
    /// are not).
    ///
    /// ```
    /// use qiyuan_tournament::model::{Event, EventKind, Game, GameResult, Player};
    /// let mut e = Event::new(EventKind::Swiss, 3);
    /// e.add_player(Player::new(1, "A"))?;
    /// e.add_player(Player::new(2, "B"))?;
    /// for _ in 0..2 {
    ///     let r = e.add_round();
    ///     e.add_game(r, Game::new(1, 2, GameResult::Draw))?;
    /// }
    /// let first = e.through(1);
    /// assert_eq!((first.rounds().len(), first.total_rounds()), (1, 3));
    /// assert_eq!(e.through(5), e);
    /// # Ok::<(), qiyuan_tournament::model::ModelError>(())
    /// ```
    #[must_use]
    pub fn through(&self, round: u32) -> Event {
        let kept = self.rounds.len().min(round as usize);
        Event {
            kind: self.kind,
            total_rounds: self.total_rounds,
            players: self.players.clone(),
            index: self.index.clone(),
            rounds: self.rounds[..kept].to_vec(),
            corrections: self
                .corrections
                .iter()
                .filter(|c| c.round <= round)
                .cloned()
                .collect(),
        }
    }

    /// Number of rounds the event is scheduled for.
    pub fn total_rounds(&self) -> u32 {
        self.total_rounds
    }

    /// Registered players, in registration order.
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// The rounds entered so far.
    pub fn rounds(&self) -> &[Round] {
        &self.rounds
    }

    /// Result corrections, oldest first.
    pub fn corrections(&self) -> &[Correction] {
        &self.corrections
    }

    /// The player with pairing number `id`.
    pub fn player(&self, id: PlayerId) -> Option<&Player> {
        self.index.get(&id).map(|&i| &self.players[i])
    }

    /// Index of `id` in [`Event::players`].
    pub fn player_index(&self, id: PlayerId) -> Option<usize> {
        self.index.get(&id).copied()
    }

    /// Registers a player (late entries: set [`Player::first_round`]).
    pub fn add_player(&mut self, player: Player) -> Result<(), ModelError> {
        if player.id.0 == 0 {
            return Err(ModelError::ZeroId);
        }
        if self.index.contains_key(&player.id) {
            return Err(ModelError::DuplicatePlayer(player.id));
        }
        if player.first_round == 0 {
            return Err(ModelError::BadParticipation {
                player: player.id,
                what: "first round must be at least 1".into(),
            });
        }
        self.index.insert(player.id, self.players.len());
        self.players.push(player);
        Ok(())
    }

    /// Records that `id` withdrew after round `after` (he plays no later round).
    pub fn withdraw(&mut self, id: PlayerId, after: u32) -> Result<(), ModelError> {
        let i = self.player_index(id).ok_or(ModelError::UnknownPlayer {
            round: after,
            player: id,
        })?;
        for (r, round) in self.rounds.iter().enumerate() {
            let r = r as u32 + 1;
            if r > after && Self::round_has(round, id) {
                return Err(ModelError::BadParticipation {
                    player: id,
                    what: format!("already paired in round {r}, after the withdrawal"),
                });
            }
        }
        self.players[i].withdrawn_after = Some(after);
        Ok(())
    }

    /// Appends an empty round and returns its number.
    pub fn add_round(&mut self) -> u32 {
        self.rounds.push(Round::default());
        self.rounds.len() as u32
    }

    fn round_has(round: &Round, id: PlayerId) -> bool {
        round.games.iter().any(|g| g.white == id || g.black == id)
            || round.byes.iter().any(|(p, _)| *p == id)
    }

    fn check_free(&self, round: u32, id: PlayerId) -> Result<(), ModelError> {
        let p = self
            .player(id)
            .ok_or(ModelError::UnknownPlayer { round, player: id })?;
        if !p.active_in(round) {
            return Err(ModelError::Inactive { round, player: id });
        }
        if Self::round_has(&self.rounds[round as usize - 1], id) {
            return Err(ModelError::AlreadyPaired { round, player: id });
        }
        Ok(())
    }

    fn check_round(&self, round: u32) -> Result<(), ModelError> {
        if round == 0 || round as usize > self.rounds.len() {
            return Err(ModelError::UnknownRound(round));
        }
        if round > self.total_rounds {
            return Err(ModelError::TooManyRounds(self.total_rounds));
        }
        Ok(())
    }

    /// Adds a game to `round` (1-based), after the games already there.
    pub fn add_game(&mut self, round: u32, game: Game) -> Result<(), ModelError> {
        self.check_round(round)?;
        if game.white == game.black {
            return Err(ModelError::SelfPairing {
                round,
                player: game.white,
            });
        }
        self.check_free(round, game.white)?;
        self.check_free(round, game.black)?;
        self.rounds[round as usize - 1].games.push(game);
        Ok(())
    }

    /// Gives `id` a bye (or records his absence) in `round`.
    pub fn add_bye(&mut self, round: u32, id: PlayerId, kind: ByeKind) -> Result<(), ModelError> {
        self.check_round(round)?;
        let p = self
            .player(id)
            .ok_or(ModelError::UnknownPlayer { round, player: id })?;
        // An absence may be recorded for an inactive player; a bye may not.
        if kind != ByeKind::Absent && !p.active_in(round) {
            return Err(ModelError::Inactive { round, player: id });
        }
        if Self::round_has(&self.rounds[round as usize - 1], id) {
            return Err(ModelError::AlreadyPaired { round, player: id });
        }
        self.rounds[round as usize - 1].byes.push((id, kind));
        Ok(())
    }

    /// Sets the result of the game of `round` where `white` had White, for the
    /// first time (from [`GameResult::Pending`]) or as a correction; a change of
    /// a known result is recorded in [`Event::corrections`] with `reason`.
    pub fn set_result(
        &mut self,
        round: u32,
        white: PlayerId,
        result: GameResult,
        reason: &str,
    ) -> Result<(), ModelError> {
        self.check_round(round)?;
        let game = self.rounds[round as usize - 1]
            .games
            .iter_mut()
            .find(|g| g.white == white)
            .ok_or(ModelError::NoSuchGame { round, white })?;
        let before = game.result;
        game.result = result;
        let black = game.black;
        if before != GameResult::Pending && before != result {
            self.corrections.push(Correction {
                round,
                white,
                black,
                before,
                after: result,
                reason: reason.to_string(),
            });
        }
        Ok(())
    }

    /// What round `round` (1-based) was for player `id`. A player with neither
    /// game nor bye in an entered round was absent.
    pub fn outcome(&self, id: PlayerId, round: u32) -> Result<Outcome, ModelError> {
        self.check_round(round)?;
        if self.player(id).is_none() {
            return Err(ModelError::UnknownPlayer { round, player: id });
        }
        Ok(Self::outcome_in(&self.rounds[round as usize - 1], id))
    }

    fn outcome_in(round: &Round, id: PlayerId) -> Outcome {
        for g in &round.games {
            let (colour, opponent) = if g.white == id {
                (Colour::White, g.black)
            } else if g.black == id {
                (Colour::Black, g.white)
            } else {
                continue;
            };
            let white = colour == Colour::White;
            return match g.result {
                GameResult::Pending => Outcome::Pending { opponent, colour },
                GameResult::Draw => Outcome::Played {
                    opponent,
                    colour,
                    score: GameScore::Draw,
                },
                GameResult::WhiteWins | GameResult::BlackWins => {
                    let won = (g.result == GameResult::WhiteWins) == white;
                    let score = if won { GameScore::Win } else { GameScore::Loss };
                    Outcome::Played {
                        opponent,
                        colour,
                        score,
                    }
                }
                GameResult::WhiteForfeitWin | GameResult::BlackForfeitWin => {
                    if (g.result == GameResult::WhiteForfeitWin) == white {
                        Outcome::ForfeitWin { opponent, colour }
                    } else {
                        Outcome::ForfeitLoss { opponent, colour }
                    }
                }
                GameResult::DoubleForfeit => Outcome::DoubleForfeit { opponent, colour },
            };
        }
        for (p, kind) in &round.byes {
            if *p == id {
                return Outcome::Bye(*kind);
            }
        }
        Outcome::Bye(ByeKind::Absent)
    }

    /// Every player's outcome in every entered round: `result[i][r]` is player
    /// `players()[i]` in round `r + 1`.
    pub fn outcome_table(&self) -> Vec<Vec<Outcome>> {
        let n = self.players.len();
        let mut table = vec![vec![Outcome::Bye(ByeKind::Absent); self.rounds.len()]; n];
        for (r, round) in self.rounds.iter().enumerate() {
            for g in &round.games {
                for id in [g.white, g.black] {
                    if let Some(&i) = self.index.get(&id) {
                        table[i][r] = Self::outcome_in_game(g, id);
                    }
                }
            }
            for (id, kind) in &round.byes {
                if let Some(&i) = self.index.get(id) {
                    table[i][r] = Outcome::Bye(*kind);
                }
            }
        }
        table
    }

    fn outcome_in_game(g: &Game, id: PlayerId) -> Outcome {
        let round = Round {
            games: vec![*g],
            byes: Vec::new(),
        };
        Self::outcome_in(&round, id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn three() -> Event {
        let mut e = Event::new(EventKind::Swiss, 2);
        for i in 1..=3 {
            e.add_player(Player::new(i, format!("P{i}"))).unwrap();
        }
        e
    }

    #[test]
    fn rejects_bad_pairings() {
        let mut e = three();
        assert_eq!(
            e.add_player(Player::new(2, "x")),
            Err(ModelError::DuplicatePlayer(PlayerId(2)))
        );
        assert_eq!(
            e.add_game(1, Game::new(1, 2, GameResult::Draw)),
            Err(ModelError::UnknownRound(1))
        );
        let r = e.add_round();
        assert_eq!(
            e.add_game(r, Game::new(1, 1, GameResult::Draw)),
            Err(ModelError::SelfPairing {
                round: 1,
                player: PlayerId(1)
            })
        );
        e.add_game(r, Game::new(1, 2, GameResult::Draw)).unwrap();
        assert_eq!(
            e.add_game(r, Game::new(3, 2, GameResult::Draw)),
            Err(ModelError::AlreadyPaired {
                round: 1,
                player: PlayerId(2)
            })
        );
        assert_eq!(
            e.add_game(r, Game::new(3, 9, GameResult::Draw)),
            Err(ModelError::UnknownPlayer {
                round: 1,
                player: PlayerId(9)
            })
        );
        e.add_round();
        assert_eq!(e.add_round(), 3);
        assert_eq!(
            e.add_bye(3, PlayerId(1), ByeKind::HalfPoint),
            Err(ModelError::TooManyRounds(2))
        );
    }

    #[test]
    fn withdrawal_and_late_entry() {
        let mut e = three();
        let mut late = Player::new(4, "late");
        late.first_round = 2;
        e.add_player(late).unwrap();
        let r1 = e.add_round();
        assert_eq!(
            e.add_game(r1, Game::new(4, 1, GameResult::Draw)),
            Err(ModelError::Inactive {
                round: 1,
                player: PlayerId(4)
            })
        );
        e.add_game(r1, Game::new(1, 2, GameResult::WhiteWins))
            .unwrap();
        e.withdraw(PlayerId(3), 0).unwrap();
        let r2 = e.add_round();
        assert_eq!(
            e.add_game(r2, Game::new(3, 4, GameResult::Draw)),
            Err(ModelError::Inactive {
                round: 2,
                player: PlayerId(3)
            })
        );
        e.add_game(r2, Game::new(4, 1, GameResult::BlackForfeitWin))
            .unwrap();
        assert_eq!(
            e.outcome(PlayerId(4), 2).unwrap(),
            Outcome::ForfeitLoss {
                opponent: PlayerId(1),
                colour: Colour::White
            }
        );
        assert_eq!(
            e.outcome(PlayerId(3), 2).unwrap(),
            Outcome::Bye(ByeKind::Absent)
        );
        assert_eq!(
            e.outcome(PlayerId(4), 1).unwrap(),
            Outcome::Bye(ByeKind::Absent)
        );
        // Withdrawing before a round already paired is refused.
        assert!(e.withdraw(PlayerId(1), 1).is_err());
    }

    #[test]
    fn corrections_are_audited() {
        let mut e = three();
        let r = e.add_round();
        e.add_game(r, Game::new(2, 3, GameResult::Pending)).unwrap();
        e.set_result(r, PlayerId(2), GameResult::WhiteWins, "")
            .unwrap();
        assert!(e.corrections().is_empty());
        e.set_result(
            r,
            PlayerId(2),
            GameResult::Draw,
            "scoresheet signed as a draw",
        )
        .unwrap();
        assert_eq!(e.corrections().len(), 1);
        assert_eq!(e.corrections()[0].before, GameResult::WhiteWins);
        assert_eq!(e.corrections()[0].after, GameResult::Draw);
        assert_eq!(
            e.outcome(PlayerId(3), 1).unwrap(),
            Outcome::Played {
                opponent: PlayerId(2),
                colour: Colour::Black,
                score: GameScore::Draw
            }
        );
        assert_eq!(
            e.set_result(r, PlayerId(3), GameResult::Draw, ""),
            Err(ModelError::NoSuchGame {
                round: 1,
                white: PlayerId(3)
            })
        );
    }

    #[test]
    fn serde_round_trip_validates() {
        let mut e = three();
        let r = e.add_round();
        e.add_game(r, Game::new(1, 2, GameResult::Draw)).unwrap();
        e.add_bye(r, PlayerId(3), ByeKind::PairingAllocated)
            .unwrap();
        let json = serde_json::to_string(&e).unwrap();
        let back: Event = serde_json::from_str(&json).unwrap();
        assert_eq!(back, e);
        assert_eq!(back.player(PlayerId(3)).unwrap().name, "P3");
        let bad = json.replace("\"black\":2", "\"black\":9");
        let err = serde_json::from_str::<Event>(&bad).unwrap_err().to_string();
        assert!(err.contains("player 9 is not registered"), "{err}");
    }

    #[test]
    fn voluntary_unplayed_rounds() {
        use ByeKind::*;
        let o = PlayerId(1);
        let c = Colour::White;
        assert!(Outcome::Bye(HalfPoint).is_voluntary_unplayed());
        assert!(Outcome::Bye(ZeroPoint).is_voluntary_unplayed());
        assert!(Outcome::Bye(Absent).is_voluntary_unplayed());
        assert!(
            Outcome::ForfeitLoss {
                opponent: o,
                colour: c
            }
            .is_voluntary_unplayed()
        );
        assert!(!Outcome::Bye(PairingAllocated).is_voluntary_unplayed());
        assert!(!Outcome::Bye(FullPoint).is_voluntary_unplayed());
        assert!(
            !Outcome::ForfeitWin {
                opponent: o,
                colour: c
            }
            .is_voluntary_unplayed()
        );
    }
}
