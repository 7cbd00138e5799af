//! Knockout events (淘汰赛) and matches (对抗赛).
//!
//! * [`seeding_order`] — the standard bracket order of seeds: in a bracket of
//!   2ⁿ places seed `s` meets seed `2ⁿ + 1 − s` in the first round, and the
//!   top two seeds can meet only in the final, the top four only from the
//!   semi-finals, and so on.
//! * [`Bracket`] — a seeded bracket. When the field is not a power of two the
//!   missing places are byes (轮空), and they go to the top seeds: seed `s`
//!   has a bye when `2ⁿ + 1 − s` exceeds the number of entrants. Winners
//!   advance round by round.
//! * [`Match`] — a match between two sides (two players, or two teams, one
//!   game per board) over a configurable sequence of [`Phase`]s: e.g. two
//!   classical games, then pairs of rapid games, then an armageddon game
//!   (超快棋 / 决胜局) in which a draw counts for Black — the same rule as the
//!   xiangqi 红先和负 (Red must win; a draw goes to Black).
//!
//! ```
//! use qiyuan_tournament::knockout::*;
//! use qiyuan_tournament::model::{GameResult, PlayerId};
//! // Six entrants: a bracket of eight, seeds 1 and 2 have byes.
//! let seeds: Vec<PlayerId> = (1..=6).map(PlayerId).collect();
//! let mut b = Bracket::new(seeds).unwrap();
//! assert_eq!(b.rounds().len(), 3);
//! assert_eq!(b.rounds()[0][0].winner, Some(PlayerId(1))); // 1 – bye
//! assert_eq!(b.rounds()[0][1].top, Slot::Player(PlayerId(4))); // 4 – 5
//! assert_eq!(b.rounds()[0][1].bottom, Slot::Player(PlayerId(5)));
//!
//! // A match: 2 classical games, then an armageddon game (a draw goes to Black).
//! let rules = MatchRules::new(vec![Phase::games("classical", 2), Phase::armageddon()]);
//! let mut m = Match::new(rules).unwrap();
//! m.record(MatchGame { white: Side::A, result: GameResult::WhiteWins }).unwrap();
//! m.record(MatchGame { white: Side::B, result: GameResult::WhiteWins }).unwrap();
//! // 1 : 1 — the armageddon game: A has Black and draws, so A goes through.
//! let s = m.record(MatchGame { white: Side::B, result: GameResult::Draw }).unwrap();
//! assert_eq!(s, MatchStatus::Won { winner: Side::A, phase: 1 });
//! b.record_match(1, 2, &m).unwrap(); // tie 2: A is the top place, 4 beats 5
//! assert_eq!(b.rounds()[1][0].bottom, Slot::Player(PlayerId(4)));
//! ```

use std::collections::HashSet;

use qiyuan_vocab::Lang;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::model::{Colour, GameResult, GameScore, Outcome, PlayerId};
use crate::scoring::ScoringSystem;

/// Errors of brackets and matches.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KnockoutError {
    /// A bracket needs two entrants at least.
    #[error("a knockout needs at least 2 entrants, got {0}")]
    TooFewEntrants(usize),
    /// Too many entrants for a bracket.
    #[error("a knockout takes at most 2^20 entrants, got {0}")]
    TooManyEntrants(usize),
    /// An entrant seeded twice.
    #[error("player {0} is seeded twice")]
    DuplicateEntrant(PlayerId),
    /// A bracket size that is not a power of two.
    #[error("a bracket has a power of two places (2, 4, 8 …), not {0}")]
    NotPowerOfTwo(u32),
    /// No such round or tie.
    #[error("round {round}, tie {tie}: no such tie in the bracket")]
    NoSuchTie {
        /// Round (1-based).
        round: u32,
        /// Tie (1-based, top to bottom).
        tie: u32,
    },
    /// The two sides of the tie are not known yet.
    #[error("round {round}, tie {tie}: the opponents are not known yet")]
    TieNotReady {
        /// Round.
        round: u32,
        /// Tie.
        tie: u32,
    },
    /// The winner given is not in the tie.
    #[error("round {round}, tie {tie}: player {player} does not play in this tie")]
    NotInTie {
        /// Round.
        round: u32,
        /// Tie.
        tie: u32,
        /// Player.
        player: PlayerId,
    },
    /// The winner of a tie cannot change once the next round has used it.
    #[error("round {round}, tie {tie}: the winner already plays a decided tie of the next round")]
    AlreadyAdvanced {
        /// Round.
        round: u32,
        /// Tie.
        tie: u32,
    },
    /// A match given to the bracket is not decided.
    #[error("round {round}, tie {tie}: the match has no winner yet")]
    MatchUndecided {
        /// Round.
        round: u32,
        /// Tie.
        tie: u32,
    },
    /// Match rules without phases, or a phase without games.
    #[error("match rules: {0}")]
    BadRules(String),
    /// A game recorded after the match was decided (or after every game of
    /// every phase was played).
    #[error("game {0}: the match is already over")]
    MatchOver(usize),
    /// A game result a match cannot use.
    #[error("game {game}: {what}")]
    BadGame {
        /// Game number in the match (1-based).
        game: usize,
        /// What is wrong.
        what: String,
    },
}

impl KnockoutError {
    /// The message in `lang`: [`Lang::En`] is the `Display` text.
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            KnockoutError::TooFewEntrants(n) => format!("淘汰赛至少需要 2 名参赛者，实有 {n} 名"),
            KnockoutError::TooManyEntrants(n) => {
                format!("淘汰赛最多 2^20 名参赛者，实有 {n} 名")
            }
            KnockoutError::DuplicateEntrant(p) => format!("{p} 号棋手被排了两次种子"),
            KnockoutError::NotPowerOfTwo(n) => {
                format!("对阵表的位置数应为 2 的乘方（2、4、8 ……），不能是 {n}")
            }
            KnockoutError::NoSuchTie { round, tie } => {
                format!("第 {round} 轮第 {tie} 组：对阵表中没有这一组")
            }
            KnockoutError::TieNotReady { round, tie } => {
                format!("第 {round} 轮第 {tie} 组：对手尚未产生")
            }
            KnockoutError::NotInTie { round, tie, player } => {
                format!("第 {round} 轮第 {tie} 组：{player} 号棋手不在这一组")
            }
            KnockoutError::AlreadyAdvanced { round, tie } => {
                format!("第 {round} 轮第 {tie} 组：胜者已参加下一轮已决出胜负的一组")
            }
            KnockoutError::MatchUndecided { round, tie } => {
                format!("第 {round} 轮第 {tie} 组：这场比赛尚未决出胜者")
            }
            KnockoutError::BadRules(what) => format!("比赛规则：{}", rules_zh(what)),
            KnockoutError::MatchOver(g) => format!("第 {g} 局：这场比赛已经结束"),
            KnockoutError::BadGame { game, what } => format!("第 {game} 局：{}", game_zh(what)),
        }
    }
}

/// The Chinese of a [`KnockoutError::BadRules`] description.
fn rules_zh(what: &str) -> String {
    match what {
        "no phase" => "没有任何阶段".to_string(),
        "a team match needs boards" => "团体比赛需要台数".to_string(),
        "a win must be worth more than a loss" => "胜局的分值必须高于负局".to_string(),
        _ => match what
            .strip_prefix("phase `")
            .and_then(|w| w.strip_suffix("` has no game"))
        {
            Some(phase) => format!("阶段 `{phase}` 没有对局"),
            None => "规则有误".to_string(),
        },
    }
}

/// The Chinese of a [`KnockoutError::BadGame`] description.
fn game_zh(what: &str) -> &'static str {
    match what {
        "the result is not known yet" => "尚无成绩",
        "a double forfeit cannot decide a match game" => "双方弃权不能决定比赛中的一局",
        _ => "成绩不能用于这场比赛",
    }
}

// ---------------------------------------------------------------- bracket --

/// The seeds in bracket order, top to bottom, for a bracket of `size` places
/// (a power of two): `[1, 2]`, `[1, 4, 2, 3]`, `[1, 8, 4, 5, 2, 7, 3, 6]` …
/// Built by doubling: each seed `s` of the order for `size / 2` becomes the
/// pair `s, size + 1 − s`.
///
/// ```
/// use qiyuan_tournament::knockout::seeding_order;
/// assert_eq!(seeding_order(8).unwrap(), vec![1, 8, 4, 5, 2, 7, 3, 6]);
/// assert!(seeding_order(6).is_err());
/// ```
pub fn seeding_order(size: u32) -> Result<Vec<u32>, KnockoutError> {
    if size < 2 || !size.is_power_of_two() {
        return Err(KnockoutError::NotPowerOfTwo(size));
    }
    let mut order = vec![1u32];
    let mut n = 1u32;
    while n < size {
        n *= 2;
        order = order.iter().flat_map(|&s| [s, n + 1 - s]).collect();
    }
    Ok(order)
}

/// One place of a tie.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Slot {
    /// A known player.
    Player(PlayerId),
    /// No opponent (轮空): the other player goes through.
    Bye,
    /// The winner of a tie of the previous round, not decided yet.
    Pending,
}

impl Slot {
    /// The player, if known.
    pub fn player(self) -> Option<PlayerId> {
        match self {
            Slot::Player(p) => Some(p),
            _ => None,
        }
    }
}

/// A tie (one pairing of the bracket, decided by one game or a match).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tie {
    /// Upper place (side A of a [`Match`]).
    pub top: Slot,
    /// Lower place (side B).
    pub bottom: Slot,
    /// Who went through, once known (at once for a bye).
    pub winner: Option<PlayerId>,
}

/// A seeded knockout bracket (淘汰赛对阵表).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Bracket {
    seeds: Vec<PlayerId>,
    rounds: Vec<Vec<Tie>>,
}

impl Bracket {
    /// A bracket for `seeds`, best seed first. Its size is the smallest power
    /// of two not below the number of entrants; the places of the missing
    /// seeds are byes, which fall to the top seeds.
    pub fn new(seeds: Vec<PlayerId>) -> Result<Bracket, KnockoutError> {
        let n = seeds.len();
        if n < 2 {
            return Err(KnockoutError::TooFewEntrants(n));
        }
        if n > 1 << 20 {
            return Err(KnockoutError::TooManyEntrants(n));
        }
        let mut seen = HashSet::new();
        for &p in &seeds {
            if !seen.insert(p) {
                return Err(KnockoutError::DuplicateEntrant(p));
            }
        }
        let size = (n as u32).next_power_of_two();
        let order = seeding_order(size)?;
        let slot = |s: u32| {
            seeds
                .get(s as usize - 1)
                .map_or(Slot::Bye, |&p| Slot::Player(p))
        };
        let first: Vec<Tie> = order
            .chunks(2)
            .map(|pair| {
                let (top, bottom) = (slot(pair[0]), slot(pair[1]));
                let winner = match (top, bottom) {
                    (Slot::Player(p), Slot::Bye) | (Slot::Bye, Slot::Player(p)) => Some(p),
                    _ => None,
                };
                Tie {
                    top,
                    bottom,
                    winner,
                }
            })
            .collect();
        let mut rounds = vec![first];
        while rounds.last().is_some_and(|r| r.len() > 1) {
            let len = rounds.last().map_or(0, Vec::len) / 2;
            rounds.push(vec![
                Tie {
                    top: Slot::Pending,
                    bottom: Slot::Pending,
                    winner: None,
                };
                len
            ]);
        }
        let mut b = Bracket { seeds, rounds };
        // Byes of round 1 advance at once.
        for t in 0..b.rounds[0].len() {
            b.propagate(0, t);
        }
        Ok(b)
    }

    /// The entrants, best seed first.
    pub fn seeds(&self) -> &[PlayerId] {
        &self.seeds
    }

    /// Number of places (a power of two).
    pub fn size(&self) -> u32 {
        self.rounds[0].len() as u32 * 2
    }

    /// The rounds, first round first; each round's ties top to bottom. Tie
    /// `t` of round `r + 1` takes the winners of ties `2t` and `2t + 1` of
    /// round `r` (0-based).
    pub fn rounds(&self) -> &[Vec<Tie>] {
        &self.rounds
    }

    /// The tie of `round` and `tie` (both 1-based).
    pub fn tie(&self, round: u32, tie: u32) -> Result<&Tie, KnockoutError> {
        round
            .checked_sub(1)
            .and_then(|r| self.rounds.get(r as usize))
            .and_then(|ties| tie.checked_sub(1).and_then(|t| ties.get(t as usize)))
            .ok_or(KnockoutError::NoSuchTie { round, tie })
    }

    /// Records the winner of a tie (both numbers 1-based) and moves him into
    /// the next round. A winner may be changed (a correction) as long as the
    /// tie he went on to is not decided.
    pub fn set_winner(
        &mut self,
        round: u32,
        tie: u32,
        winner: PlayerId,
    ) -> Result<(), KnockoutError> {
        let t = *self.tie(round, tie)?;
        let (Some(a), Some(b)) = (t.top.player(), t.bottom.player()) else {
            return Err(KnockoutError::TieNotReady { round, tie });
        };
        if winner != a && winner != b {
            return Err(KnockoutError::NotInTie {
                round,
                tie,
                player: winner,
            });
        }
        let (r, i) = (round as usize - 1, tie as usize - 1);
        if let Some(next) = self.rounds.get(r + 1)
            && next[i / 2].winner.is_some()
            && t.winner != Some(winner)
        {
            return Err(KnockoutError::AlreadyAdvanced { round, tie });
        }
        self.rounds[r][i].winner = Some(winner);
        self.propagate(r, i);
        Ok(())
    }

    /// Records the result of a decided [`Match`] for a tie: side A is the
    /// tie's top place, side B its bottom place.
    pub fn record_match(&mut self, round: u32, tie: u32, m: &Match) -> Result<(), KnockoutError> {
        let t = *self.tie(round, tie)?;
        let MatchStatus::Won { winner, .. } = m.status() else {
            return Err(KnockoutError::MatchUndecided { round, tie });
        };
        let slot = match winner {
            Side::A => t.top,
            Side::B => t.bottom,
        };
        let player = slot
            .player()
            .ok_or(KnockoutError::TieNotReady { round, tie })?;
        self.set_winner(round, tie, player)
    }

    /// Puts the winner of tie `i` of round `r` (0-based) into the next round.
    fn propagate(&mut self, r: usize, i: usize) {
        let Some(w) = self.rounds[r][i].winner else {
            return;
        };
        if let Some(next) = self.rounds.get_mut(r + 1) {
            let t = &mut next[i / 2];
            if i % 2 == 0 {
                t.top = Slot::Player(w);
            } else {
                t.bottom = Slot::Player(w);
            }
        }
    }

    /// The winner of the final, once known (冠军).
    pub fn champion(&self) -> Option<PlayerId> {
        self.rounds.last().and_then(|r| r[0].winner)
    }

    /// Final places as far as known, best first: the champion 1st, the
    /// loser of the final 2nd, and the losers of a round with `t` ties share
    /// place `t + 1` (semi-finals 3rd, quarter-finals 5th, …), as knockout
    /// results are printed when no play-off is held. Players still in the
    /// event are not listed.
    ///
    /// ```
    /// use qiyuan_tournament::knockout::Bracket;
    /// use qiyuan_tournament::model::PlayerId;
    /// let mut b = Bracket::new((1..=4).map(PlayerId).collect()).unwrap();
    /// b.set_winner(1, 1, PlayerId(1)).unwrap(); // 1–4
    /// assert_eq!(b.placings(), vec![(PlayerId(4), 3)]);
    /// ```
    pub fn placings(&self) -> Vec<(PlayerId, u32)> {
        let mut out = Vec::new();
        if let Some(champion) = self.champion() {
            out.push((champion, 1));
        }
        for ties in self.rounds.iter().rev() {
            let place = ties.len() as u32 + 1;
            for t in ties {
                let Some(w) = t.winner else { continue };
                let loser = [t.top, t.bottom]
                    .into_iter()
                    .filter_map(Slot::player)
                    .find(|&p| p != w);
                if let Some(l) = loser {
                    out.push((l, place));
                }
            }
        }
        out
    }

    /// The ties of `round` (1-based) ready to be played: both players known,
    /// no winner yet. Returned as 1-based tie numbers.
    pub fn ready(&self, round: u32) -> Vec<u32> {
        let Some(ties) = round
            .checked_sub(1)
            .and_then(|r| self.rounds.get(r as usize))
        else {
            return Vec::new();
        };
        ties.iter()
            .enumerate()
            .filter(|(_, t)| {
                t.winner.is_none() && t.top.player().is_some() && t.bottom.player().is_some()
            })
            .map(|(i, _)| i as u32 + 1)
            .collect()
    }

    /// The name of `round` (1-based) as printed: 决赛 / Final, 半决赛 /
    /// Semi-final, 四分之一决赛 / Quarter-final, else 第n轮 / Round n.
    pub fn round_name(&self, round: u32, zh: bool) -> String {
        let ties = round
            .checked_sub(1)
            .and_then(|r| self.rounds.get(r as usize))
            .map_or(0, Vec::len);
        match (ties, zh) {
            (1, true) => "决赛".into(),
            (1, false) => "Final".into(),
            (2, true) => "半决赛".into(),
            (2, false) => "Semi-final".into(),
            (4, true) => "四分之一决赛".into(),
            (4, false) => "Quarter-final".into(),
            (_, true) => format!("第{round}轮"),
            (_, false) => format!("Round {round}"),
        }
    }
}

// ------------------------------------------------------------------ match --

/// One of the two sides of a match (two players, or two teams).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    /// The first side (the top place of a bracket tie).
    A,
    /// The second side.
    B,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }
}

/// How a phase of a match is played and decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PhaseKind {
    /// `count` games; the side with more points over them wins the match.
    /// With `play_out` every game is played even when the match is already
    /// decided (a 对抗赛 played in full); otherwise the match ends as soon as
    /// the trailing side cannot catch up.
    Games {
        /// Number of games.
        count: u32,
        /// Play every game even once decided.
        play_out: bool,
    },
    /// Sudden death: the first decisive game wins; after `max_games` drawn
    /// games (if limited) the next phase follows.
    SuddenDeath {
        /// Limit on the number of games.
        max_games: Option<u32>,
    },
    /// One game that cannot be drawn: a draw counts as a win for the side
    /// with colour `draw_goes_to` (Black in chess armageddon and in the
    /// xiangqi 红先和负 rule).
    Armageddon {
        /// The colour a draw counts for.
        draw_goes_to: Colour,
    },
}

/// A named phase of a match (classical, rapid, blitz, armageddon…).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Phase {
    /// Name as printed (慢棋, 快棋, 超快棋, classical …).
    pub name: String,
    /// How it is played and decided.
    pub kind: PhaseKind,
}

impl Phase {
    /// `count` games, stopping once the match is decided.
    pub fn games(name: impl Into<String>, count: u32) -> Phase {
        Phase {
            name: name.into(),
            kind: PhaseKind::Games {
                count,
                play_out: false,
            },
        }
    }

    /// `count` games, all played even once the match is decided.
    pub fn games_played_out(name: impl Into<String>, count: u32) -> Phase {
        Phase {
            name: name.into(),
            kind: PhaseKind::Games {
                count,
                play_out: true,
            },
        }
    }

    /// Armageddon: one game, a draw counts for Black.
    pub fn armageddon() -> Phase {
        Phase {
            name: "armageddon".into(),
            kind: PhaseKind::Armageddon {
                draw_goes_to: Colour::Black,
            },
        }
    }

    /// 红先和负 (xiangqi): one game, Red must win, a draw counts for Black.
    pub fn red_must_win() -> Phase {
        Phase {
            name: "红先和负".into(),
            kind: PhaseKind::Armageddon {
                draw_goes_to: Colour::Black,
            },
        }
    }
}

/// How colours are given in the games of a [`PhaseKind::Games`] phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ColourRule {
    /// Colours alternate game by game (two players).
    Alternate,
    /// A team match on `boards` boards, games listed round by round, board
    /// by board: in a round, colours alternate by board; from round to
    /// round, every board changes colour.
    Boards(u32),
}

/// The rules of a match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchRules {
    /// Points per game (colour-dependent draws allowed).
    pub scoring: ScoringSystem,
    /// The phases, in order; the next one is played only while the match
    /// is level.
    pub phases: Vec<Phase>,
    /// The side with White (Red) in the first game.
    pub first_white: Side,
    /// How colours follow.
    pub colours: ColourRule,
}

impl MatchRules {
    /// 1 / ½ / 0 scoring, side A White first, colours alternating.
    pub fn new(phases: Vec<Phase>) -> MatchRules {
        MatchRules {
            scoring: ScoringSystem::fide(),
            phases,
            first_white: Side::A,
            colours: ColourRule::Alternate,
        }
    }

    /// Whether every match under these rules ends with a winner: the last
    /// phase is an armageddon game or an unlimited sudden death.
    pub fn always_decisive(&self) -> bool {
        matches!(
            self.phases.last().map(|p| p.kind),
            Some(PhaseKind::Armageddon { .. } | PhaseKind::SuddenDeath { max_games: None })
        )
    }

    fn validate(&self) -> Result<(), KnockoutError> {
        if self.phases.is_empty() {
            return Err(KnockoutError::BadRules("no phase".into()));
        }
        for p in &self.phases {
            match p.kind {
                PhaseKind::Games { count: 0, .. }
                | PhaseKind::SuddenDeath { max_games: Some(0) } => {
                    return Err(KnockoutError::BadRules(format!(
                        "phase `{}` has no game",
                        p.name
                    )));
                }
                _ => {}
            }
        }
        if let ColourRule::Boards(0) = self.colours {
            return Err(KnockoutError::BadRules("a team match needs boards".into()));
        }
        if self.scoring.win <= self.scoring.loss {
            return Err(KnockoutError::BadRules(
                "a win must be worth more than a loss".into(),
            ));
        }
        Ok(())
    }
}

/// One game of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchGame {
    /// The side with White (Red).
    pub white: Side,
    /// The result.
    pub result: GameResult,
}

/// Where a match stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum MatchStatus {
    /// Games are still to be played in `phase` (0-based).
    InProgress {
        /// The phase being played.
        phase: usize,
    },
    /// Decided in `phase` (0-based).
    Won {
        /// The winner.
        winner: Side,
        /// The phase that decided it.
        phase: usize,
    },
    /// Every phase was played and the sides are level (only when the rules
    /// are not [`MatchRules::always_decisive`]).
    Drawn,
}

/// A match between two sides (对抗赛, or a knockout tie played as a match).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Match {
    rules: MatchRules,
    games: Vec<MatchGame>,
}

/// The replay of a match's games through its phases.
struct Replay {
    status: MatchStatus,
    /// Points of A and B in each phase reached.
    phase_points: Vec<(Decimal, Decimal)>,
    /// Games played in the current phase.
    in_phase: u32,
}

impl Match {
    /// A match with no games yet.
    pub fn new(rules: MatchRules) -> Result<Match, KnockoutError> {
        rules.validate()?;
        Ok(Match {
            rules,
            games: Vec::new(),
        })
    }

    /// The rules.
    pub fn rules(&self) -> &MatchRules {
        &self.rules
    }

    /// The games so far.
    pub fn games(&self) -> &[MatchGame] {
        &self.games
    }

    /// Adds the next game and returns the new status. Refused when the
    /// match is over or the result is not a finished game.
    pub fn record(&mut self, game: MatchGame) -> Result<MatchStatus, KnockoutError> {
        let number = self.games.len() + 1;
        if !matches!(self.status(), MatchStatus::InProgress { .. }) {
            return Err(KnockoutError::MatchOver(number));
        }
        match game.result {
            GameResult::Pending => {
                return Err(KnockoutError::BadGame {
                    game: number,
                    what: "the result is not known yet".into(),
                });
            }
            GameResult::DoubleForfeit => {
                return Err(KnockoutError::BadGame {
                    game: number,
                    what: "a double forfeit cannot decide a match game".into(),
                });
            }
            _ => {}
        }
        self.games.push(game);
        Ok(self.status())
    }

    /// Where the match stands.
    pub fn status(&self) -> MatchStatus {
        self.replay().status
    }

    /// Points of sides A and B in each phase reached so far.
    pub fn phase_points(&self) -> Vec<(Decimal, Decimal)> {
        self.replay().phase_points
    }

    /// Points of sides A and B over the whole match (every phase added up;
    /// an armageddon game counts as it was scored, a draw as a draw).
    pub fn points(&self) -> (Decimal, Decimal) {
        self.phase_points()
            .iter()
            .fold((Decimal::ZERO, Decimal::ZERO), |(a, b), (x, y)| {
                (a + x, b + y)
            })
    }

    /// The side due White (Red) in the next game, by the colour rule: the
    /// sequence simply continues through the tie-break phases (whose
    /// colours organisers often draw by lot instead; [`Match::record`]
    /// accepts either). `None` when the match is over.
    pub fn next_white(&self) -> Option<Side> {
        if !matches!(self.status(), MatchStatus::InProgress { .. }) {
            return None;
        }
        Some(self.white_of(self.games.len()))
    }

    /// The side with White in game `i` (0-based) by the colour rule.
    pub fn white_of(&self, i: usize) -> Side {
        let flip = match self.rules.colours {
            ColourRule::Alternate => i % 2 == 1,
            ColourRule::Boards(boards) => {
                let boards = boards.max(1) as usize;
                let (round, board) = (i / boards, i % boards);
                (round + board) % 2 == 1
            }
        };
        if flip {
            self.rules.first_white.other()
        } else {
            self.rules.first_white
        }
    }

    /// Points of (A, B) for one game.
    fn game_points(&self, g: MatchGame) -> (Decimal, Decimal) {
        let s = &self.rules.scoring;
        let outcome = |colour: Colour, score: GameScore| Outcome::Played {
            opponent: PlayerId(0),
            colour,
            score,
        };
        let (w, b) = match g.result {
            GameResult::WhiteWins => (
                s.points(outcome(Colour::White, GameScore::Win)),
                s.points(outcome(Colour::Black, GameScore::Loss)),
            ),
            GameResult::BlackWins => (
                s.points(outcome(Colour::White, GameScore::Loss)),
                s.points(outcome(Colour::Black, GameScore::Win)),
            ),
            GameResult::Draw => (
                s.points(outcome(Colour::White, GameScore::Draw)),
                s.points(outcome(Colour::Black, GameScore::Draw)),
            ),
            GameResult::WhiteForfeitWin => (s.forfeit_win, s.forfeit_loss),
            GameResult::BlackForfeitWin => (s.forfeit_loss, s.forfeit_win),
            GameResult::Pending | GameResult::DoubleForfeit => (s.double_forfeit, s.double_forfeit),
        };
        match g.white {
            Side::A => (w, b),
            Side::B => (b, w),
        }
    }

    /// The winning side of one game, `None` for a draw.
    fn game_winner(g: MatchGame) -> Option<Side> {
        match g.result {
            GameResult::WhiteWins | GameResult::WhiteForfeitWin => Some(g.white),
            GameResult::BlackWins | GameResult::BlackForfeitWin => Some(g.white.other()),
            _ => None,
        }
    }

    fn replay(&self) -> Replay {
        let mut games = self.games.iter().copied();
        let mut phase_points = Vec::new();
        let max_swing = self.rules.scoring.win - self.rules.scoring.loss;
        for (phase, p) in self.rules.phases.iter().enumerate() {
            let mut pts = (Decimal::ZERO, Decimal::ZERO);
            let mut played = 0u32;
            let lead = |pts: (Decimal, Decimal)| match pts.0.cmp(&pts.1) {
                std::cmp::Ordering::Greater => Some(Side::A),
                std::cmp::Ordering::Less => Some(Side::B),
                std::cmp::Ordering::Equal => None,
            };
            let decided: Option<Side> = loop {
                // Is the phase over?
                match p.kind {
                    PhaseKind::Games { count, play_out } => {
                        if played == count {
                            break lead(pts);
                        }
                        let left = Decimal::from(count - played);
                        if !play_out && (pts.0 - pts.1).abs() > left * max_swing {
                            break lead(pts);
                        }
                    }
                    PhaseKind::SuddenDeath { max_games } => {
                        if max_games == Some(played) {
                            break None;
                        }
                    }
                    PhaseKind::Armageddon { .. } => {
                        if played == 1 {
                            break None; // decided below, on the game itself
                        }
                    }
                }
                let Some(g) = games.next() else {
                    phase_points.push(pts);
                    return Replay {
                        status: MatchStatus::InProgress { phase },
                        phase_points,
                        in_phase: played,
                    };
                };
                played += 1;
                let (a, b) = self.game_points(g);
                pts = (pts.0 + a, pts.1 + b);
                match p.kind {
                    PhaseKind::SuddenDeath { .. } => {
                        if let Some(w) = Self::game_winner(g) {
                            break Some(w);
                        }
                    }
                    PhaseKind::Armageddon { draw_goes_to } => {
                        let black = g.white.other();
                        break Some(Self::game_winner(g).unwrap_or(match draw_goes_to {
                            Colour::White => g.white,
                            Colour::Black => black,
                        }));
                    }
                    PhaseKind::Games { .. } => {}
                }
            };
            phase_points.push(pts);
            if let Some(winner) = decided {
                return Replay {
                    status: MatchStatus::Won { winner, phase },
                    phase_points,
                    in_phase: played,
                };
            }
        }
        Replay {
            status: MatchStatus::Drawn,
            phase_points,
            in_phase: 0,
        }
    }

    /// Games played so far in the phase being played (0 once the match is over
    /// and every phase was level).
    pub fn games_in_phase(&self) -> u32 {
        self.replay().in_phase
    }
}
