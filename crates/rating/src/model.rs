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
use qiyuan_tournament::model as tm;
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use serde::{Deserialize, Serialize};

/// A player's number within one event (the event file's `id`: the list
/// id) and a player's sex (`m` / `f`), terms of the vocabulary crate.
pub use qiyuan_vocab::{PlayerId, Sex};

/// Which game an event is played in (a term of the vocabulary crate).
pub use qiyuan_vocab::GameKind;

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
    /// Every system.
    pub const ALL: [EventSystem; 6] = [
        EventSystem::Swiss,
        EventSystem::RoundRobin,
        EventSystem::DoubleRoundRobin,
        EventSystem::Knockout,
        EventSystem::Match,
        EventSystem::Team,
    ];

    /// The system's code in the event file, the API and `--system`:
    /// `swiss`, `round-robin`, `double-round-robin`, `knockout`, `match`,
    /// `team` (as serde writes it).
    ///
    /// ```
    /// use qiyuan_rating::model::EventSystem;
    /// assert_eq!(EventSystem::DoubleRoundRobin.code(), "double-round-robin");
    /// assert_eq!(EventSystem::from_code("round-robin"), Some(EventSystem::RoundRobin));
    /// assert_eq!(EventSystem::from_code("round_robin"), None);
    /// ```
    pub fn code(self) -> &'static str {
        match self {
            EventSystem::Swiss => "swiss",
            EventSystem::RoundRobin => "round-robin",
            EventSystem::DoubleRoundRobin => "double-round-robin",
            EventSystem::Knockout => "knockout",
            EventSystem::Match => "match",
            EventSystem::Team => "team",
        }
    }

    /// The system of a code as [`EventSystem::code`] writes it.
    pub fn from_code(code: &str) -> Option<EventSystem> {
        EventSystem::ALL.into_iter().find(|s| s.code() == code)
    }

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

    /// The kind of tournament an event of this system is ranked as (the
    /// kind decides how some tie-breaks treat unplayed games): a round
    /// robin for single and double round robins, else a Swiss.
    ///
    /// ```
    /// use qiyuan_rating::model::EventSystem;
    /// use qiyuan_tournament::model::EventKind;
    /// assert_eq!(EventSystem::DoubleRoundRobin.tournament_kind(), EventKind::RoundRobin);
    /// assert_eq!(EventSystem::Knockout.tournament_kind(), EventKind::Swiss);
    /// ```
    pub fn tournament_kind(self) -> tm::EventKind {
        if self.is_round_robin() {
            tm::EventKind::RoundRobin
        } else {
            tm::EventKind::Swiss
        }
    }
}

/// The result of a game and the kind of a bye are the vocabulary's: a rated
/// event holds no pending game and no absence ([`Event::new`] refuses
/// them).
pub use qiyuan_vocab::{ByeKind, GameResult};

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

    /// The first mover of a game (white, red), or the player of a bye: the
    /// `white` (`red`) field of the event file.
    pub fn first(&self) -> PlayerId {
        match *self {
            Pairing::Game { white, .. } => white,
            Pairing::Bye { player, .. } => player,
        }
    }

    /// The second player of a game; `None` for a bye.
    pub fn second(&self) -> Option<PlayerId> {
        match *self {
            Pairing::Game { black, .. } => Some(black),
            Pairing::Bye { .. } => None,
        }
    }

    /// The entry's result as the event file and the database write it: a
    /// game's result code (`1-0`, `+-` …) or the bye's (`bye`, `half-bye` …).
    ///
    /// ```
    /// use qiyuan_rating::model::{ByeKind, Pairing, PlayerId};
    /// let bye = Pairing::Bye { round: 2, player: PlayerId(5), kind: ByeKind::HalfPoint };
    /// assert_eq!((bye.first(), bye.second(), bye.code()), (PlayerId(5), None, "half-bye"));
    /// ```
    pub fn code(&self) -> &'static str {
        match *self {
            Pairing::Game { result, .. } => result.code(),
            Pairing::Bye { kind, .. } => kind.code(),
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
    /// The team (its name in [`EventDetails::teams`]) in a team event, for
    /// titles by the team's place (cca-chess 第一条).
    #[serde(default)]
    pub team: Option<String>,
    /// A chess program, not a person (cca-chess 八(十二): 与国际象棋电脑比赛的成绩
    /// 也不能获得等级分和称号): its games never count, for anyone.
    #[serde(default)]
    pub computer: bool,
    /// In an international event (cca-chess 八(十五)): the player's
    /// international (FIDE) rating, beside the national `rating`.
    #[serde(default)]
    pub international_rating: Option<Decimal>,
    /// In an international event: a foreign player (国外对手), counted at
    /// the international rating and not rated on the national list.
    #[serde(default)]
    pub foreign: bool,
    /// The amateur grade held (棋士等级称号, e.g. `五级棋士`), for grade
    /// promotion; when absent, a `title` that is a grade of the ladder.
    #[serde(default)]
    pub grade: Option<String>,
    /// The player's FIDE federation (the three-letter code of the TRF,
    /// e.g. `CHN`; `FID` for a player registered with FIDE itself), for
    /// the federation mix of a FIDE title norm (B.01 1.4.3, 1.4.4).
    #[serde(default)]
    pub federation: Option<String>,
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
            team: None,
            computer: false,
            international_rating: None,
            foreign: false,
            grade: None,
            federation: None,
        }
    }
}

/// An arbiter's grade (裁判员技术等级), highest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ArbiterGrade {
    /// 三级裁判.
    Third,
    /// 二级裁判.
    Second,
    /// 一级裁判.
    First,
    /// 国家级裁判.
    National,
    /// 国际级裁判.
    International,
}

impl ArbiterGrade {
    /// Parses the English word (`national`) or the Chinese name (`国家级`).
    ///
    /// ```
    /// use qiyuan_rating::model::ArbiterGrade;
    /// assert_eq!(ArbiterGrade::parse("国家级"), Some(ArbiterGrade::National));
    /// assert!(ArbiterGrade::International > ArbiterGrade::National);
    /// ```
    pub fn parse(s: &str) -> Option<ArbiterGrade> {
        Some(match s.trim() {
            "international" | "国际级" | "国际级裁判" => ArbiterGrade::International,
            "national" | "国家级" | "国家级裁判" => ArbiterGrade::National,
            "first" | "一级" | "一级裁判" => ArbiterGrade::First,
            "second" | "二级" | "二级裁判" => ArbiterGrade::Second,
            "third" | "三级" | "三级裁判" => ArbiterGrade::Third,
            _ => return None,
        })
    }

    /// The English word, as event files write it.
    pub fn as_str(self) -> &'static str {
        match self {
            ArbiterGrade::International => "international",
            ArbiterGrade::National => "national",
            ArbiterGrade::First => "first",
            ArbiterGrade::Second => "second",
            ArbiterGrade::Third => "third",
        }
    }

    /// The Chinese name (国家级 …).
    pub fn zh(self) -> &'static str {
        match self {
            ArbiterGrade::International => "国际级",
            ArbiterGrade::National => "国家级",
            ArbiterGrade::First => "一级",
            ArbiterGrade::Second => "二级",
            ArbiterGrade::Third => "三级",
        }
    }
}

/// An arbiter of the event (裁判员) with their grade.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Arbiter {
    /// Name.
    pub name: String,
    /// Grade.
    pub grade: ArbiterGrade,
}

/// One period of a time control: `minutes` for `moves` moves, or for the
/// rest of the game when `moves` is `None`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimePeriod {
    /// Minutes for each player.
    pub minutes: u32,
    /// Moves to be made in them; `None`: all remaining moves.
    pub moves: Option<u32>,
}

/// A time control (比赛时限): periods, the last repeating when it has a move
/// count (以后每15分钟内必须走满10着，直至对局结束), and an increment per move.
///
/// Written `90/40, 15/10` (90 minutes for 40 moves, then 15 minutes for each 10),
/// `25+5` (25 minutes for the game, 5 seconds added per move), `30`, or a
/// preset's name ([`TimeControl::PRESETS`]).
///
/// ```
/// use qiyuan_rating::model::TimeControl;
/// let t = TimeControl::parse("90/40, 15/10").unwrap();
/// // 40 moves in 90 minutes, moves 41–60 in two more periods of 15.
/// assert_eq!(t.minutes_for_moves(60), rust_decimal::Decimal::from(120));
/// let amateur = TimeControl::parse("amateur-25+5").unwrap();
/// assert_eq!(amateur.to_string(), "25+5");
/// assert_eq!(amateur.minutes_for_moves(60), rust_decimal::Decimal::from(30));
/// assert!(TimeControl::parse("xiangqi-6.4").unwrap().rapid);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControl {
    /// The periods, in order.
    pub periods: Vec<TimePeriod>,
    /// Seconds added per move.
    pub increment_seconds: u32,
    /// The preset it was named by, if any.
    pub preset: Option<String>,
    /// The preset is one the rules name for rapid events (快棋赛).
    pub rapid: bool,
}

impl TimeControl {
    /// The time controls the seeds name, as `(name, control, rapid, source)`:
    /// 象棋竞赛规则 6.1–6.4 (quoted in seed 003; 6.5, 每方时间包干使用, needs its
    /// minutes: write e.g. `60`), cca-amateur 七(三), cca-chess 四(四).
    pub const PRESETS: &'static [(&'static str, &'static str, bool, &'static str)] = &[
        (
            "xiangqi-6.1",
            "90/40, 15/10",
            false,
            "象棋竞赛规则 6.1 (seed 003): 90 分钟 40 着，以后每 15 分钟 10 着",
        ),
        (
            "xiangqi-6.2",
            "60/30, 10/10",
            false,
            "象棋竞赛规则 6.2 (seed 003): 60 分钟 30 着，以后每 10 分钟 10 着",
        ),
        (
            "xiangqi-6.3",
            "10/40, 5/30",
            true,
            "象棋竞赛规则 6.3 (seed 003): 10 分钟 40 着，以后每 5 分钟 30 着，适用于快棋赛",
        ),
        (
            "xiangqi-6.4",
            "5/30",
            true,
            "象棋竞赛规则 6.4 (seed 003): 每 5 分钟 30 着，适用于快棋赛",
        ),
        (
            "amateur-30",
            "30",
            false,
            "cca-amateur 七(三): 每方30分钟一局",
        ),
        (
            "amateur-25+5",
            "25+5",
            false,
            "cca-amateur 七(三): 每方25分钟每步加5秒一局",
        ),
        (
            "amateur-45",
            "45",
            false,
            "cca-amateur 七(三): 每方45分钟一局",
        ),
        (
            "amateur-60",
            "60",
            false,
            "cca-amateur 七(三): 每方60分钟一局",
        ),
        (
            "cca-chess-4.4",
            "120/46",
            false,
            "cca-chess 四(四): 时限为两小时不超过46着",
        ),
    ];

    /// Parses a control (`90/40, 15/10`, `25+5`, `30`) or a preset's name.
    ///
    /// # Errors
    /// [`TimeControlError`] when the text is neither.
    pub fn parse(text: &str) -> Result<TimeControl, TimeControlError> {
        let text = text.trim();
        if let Some(&(name, control, rapid, _)) = Self::PRESETS.iter().find(|(n, ..)| *n == text) {
            let mut t = Self::parse_control(control)?;
            t.preset = Some(name.to_string());
            t.rapid = rapid;
            return Ok(t);
        }
        Self::parse_control(text)
    }

    fn parse_control(text: &str) -> Result<TimeControl, TimeControlError> {
        let bad = || TimeControlError {
            text: text.to_string(),
        };
        let (body, inc) = match text.split_once('+') {
            Some((b, i)) => (b, i.trim().parse::<u32>().map_err(|_| bad())?),
            None => (text, 0),
        };
        let mut periods = Vec::new();
        for part in body.split(',').map(str::trim) {
            let (m, n) = match part.split_once('/') {
                Some((m, n)) => (m, Some(n.trim().parse::<u32>().map_err(|_| bad())?)),
                None => (part, None),
            };
            let minutes = m.trim().parse::<u32>().map_err(|_| bad())?;
            if n == Some(0) || minutes > 100_000 || n.is_some_and(|n| n > 100_000) {
                return Err(bad());
            }
            periods.push(TimePeriod { minutes, moves: n });
        }
        if periods.iter().rev().skip(1).any(|p| p.moves.is_none()) || inc > 3600 {
            return Err(bad());
        }
        Ok(TimeControl {
            periods,
            increment_seconds: inc,
            preset: None,
            rapid: false,
        })
    }

    /// Each player's time for the first `moves` moves, in minutes: the
    /// periods reached (the last one repeating when it has a move count),
    /// plus the increment of every move.
    pub fn minutes_for_moves(&self, moves: u32) -> Decimal {
        let mut total = 0u64;
        let mut done = 0u32;
        let mut i = 0;
        while done < moves && !self.periods.is_empty() {
            let p = self.periods[i.min(self.periods.len() - 1)];
            total += u64::from(p.minutes);
            match p.moves {
                Some(m) => done = done.saturating_add(m),
                None => break,
            }
            i += 1;
        }
        Decimal::from(total)
            + Decimal::from(u64::from(self.increment_seconds) * u64::from(moves))
                / Decimal::from(60)
    }

    /// The first period's minutes and moves.
    pub fn first_period(&self) -> Option<TimePeriod> {
        self.periods.first().copied()
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.periods.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            match p.moves {
                Some(m) => write!(f, "{}/{m}", p.minutes)?,
                None => write!(f, "{}", p.minutes)?,
            }
        }
        if self.increment_seconds > 0 {
            write!(f, "+{}", self.increment_seconds)?;
        }
        Ok(())
    }
}

/// A team of a team event and its final place (cca-chess 第一条: titles by
/// the team's place go to a share of its players).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Team {
    /// Name; players name it in [`Player::team`].
    pub name: String,
    /// Final place (名次), where known.
    pub rank: Option<u32>,
}

/// What the regulations ask of an event beyond its players and games: its
/// kind, schedule, arbiters, time control and declarations. Every field is
/// optional; a condition whose data is missing is reported as not checked.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventDetails {
    /// The kind of event for titles by placement, a key of the federation's
    /// placement table (e.g. `national-individual`).
    #[serde(default)]
    pub kind: Option<String>,
    /// Not an official event of any level (邀请赛, 职工赛 …): its places give
    /// no title (cca-chess 第二条 2).
    #[serde(default)]
    pub invitational: bool,
    /// The date of each round (rounds per day, the last three rounds, a
    /// league split by rounds).
    #[serde(default)]
    pub round_dates: Vec<(u32, NaiveDate)>,
    /// The arbiters and their grades.
    #[serde(default)]
    pub arbiters: Vec<Arbiter>,
    /// The time control.
    #[serde(default)]
    pub time_control: Option<TimeControl>,
    /// A rapid event (快棋赛); also true when the time control is a rapid
    /// preset.
    #[serde(default)]
    pub rapid: bool,
    /// The event's rules said before its start that it is rated (cxa-2019
    /// 第三条: 快棋赛是否计算等级分…由主办单位于赛前…明确).
    #[serde(default)]
    pub rapid_rated: bool,
    /// The day the event was registered with the federation (申报).
    #[serde(default)]
    pub registered: Option<NaiveDate>,
    /// A Scheveningen event (舍文宁根制): excepted from the units rule of
    /// cca-chess 四(二); rated as a Swiss-style event.
    #[serde(default)]
    pub scheveningen: bool,
    /// A team event whose teams play a round robin: rated as a round robin
    /// (cca-chess 八(六): 循环赛（包括团体赛中的循环赛）).
    #[serde(default)]
    pub team_round_robin: bool,
    /// An international event: cca-chess 八(十五) (national and international
    /// ratings).
    #[serde(default)]
    pub international: bool,
    /// The host unit (主办单位).
    #[serde(default)]
    pub host: Option<String>,
    /// The teams of a team event with their places.
    #[serde(default)]
    pub teams: Vec<Team>,
}

impl EventDetails {
    /// The event is a rapid event: declared so, or played at a rapid
    /// preset.
    pub fn is_rapid(&self) -> bool {
        self.rapid || self.time_control.as_ref().is_some_and(|t| t.rapid)
    }

    /// The date of a round.
    pub fn round_date(&self, round: u32) -> Option<NaiveDate> {
        self.round_dates
            .iter()
            .find(|(r, _)| *r == round)
            .map(|(_, d)| *d)
    }
}

/// A rated event: the tournament as it was played plus what the rating
/// list holds about its players.
///
/// It is validated: every game refers to players of the event, no player
/// appears twice in one round, no player is paired against themself.
/// Its games and byes ([`Event::pairings`]) are the tournament's rounds
/// less what is not rated (a game without a result, an absence); it is
/// built from an event file's entries ([`Event::new`]) or from the
/// tournament the desk ran ([`Event::from_tournament`]), and is that
/// tournament again ([`Event::tournament`]) for ranking and conversion.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Event {
    name: String,
    game: GameKind,
    system: EventSystem,
    start: Option<NaiveDate>,
    end: Option<NaiveDate>,
    players: Vec<Player>,
    pairings: Vec<Pairing>,
    details: EventDetails,
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
    /// A game without a result or an absence without a bye: neither is
    /// an entry of a rated event.
    #[error("game {game}: `{code}` is not rated (a game needs its result, a bye its kind)")]
    NotRated {
        /// Index of the game.
        game: usize,
        /// The entry's code (`pending`, `absent`).
        code: &'static str,
    },
    /// Round numbers start at 1.
    #[error("game {game}: round must be 1 or more")]
    RoundZero {
        /// Index of the game.
        game: usize,
    },
    /// A round has two dates, or a round number 0.
    #[error("round {round}: {problem}")]
    RoundDate {
        /// The round.
        round: u32,
        /// What is wrong.
        problem: String,
    },
    /// A player's id is 0 (ids start at 1).
    #[error("player {player}: id 0 is not allowed (player ids start at 1)")]
    ZeroId {
        /// Index of the player.
        player: usize,
    },
    /// List data for a player who is not a player of the tournament
    /// ([`Event::from_tournament`]).
    #[error("player {player}: {id} is not a player of the tournament")]
    NotInTournament {
        /// Index of the player.
        player: usize,
        /// His id.
        id: PlayerId,
    },
    /// A player of the tournament without list data
    /// ([`Event::from_tournament`]).
    #[error("player {id} of the tournament has no list data")]
    NoListData {
        /// The player's id.
        id: PlayerId,
    },
    /// A player names a team the event does not list, or two teams share a
    /// name.
    #[error("{0}")]
    Team(String),
}

impl EventError {
    /// The message in `lang`: [`Lang::En`](crate::Lang::En) is the
    /// `Display` text.
    ///
    /// ```
    /// use qiyuan_rating::Lang;
    /// use qiyuan_rating::model::{EventError, PlayerId};
    /// let e = EventError::SelfPairing { game: 4, id: PlayerId(9) };
    /// assert_eq!(e.text(Lang::En), "game 4: player 9 is paired against themself");
    /// assert_eq!(e.text(Lang::Zh), "对局 4：棋手 9 与自己配对");
    /// ```
    #[must_use]
    pub fn text(&self, lang: crate::Lang) -> String {
        if lang == crate::Lang::En {
            return self.to_string();
        }
        match self {
            EventError::DuplicatePlayer { id, first, second } => {
                format!("棋手编号 {id} 用了两次（棋手 {first} 与棋手 {second}）")
            }
            EventError::UnknownPlayer { game, field, id } => {
                format!("对局 {game}：`{field}` 为棋手 {id}，其不在棋手名单中")
            }
            EventError::SelfPairing { game, id } => format!("对局 {game}：棋手 {id} 与自己配对"),
            EventError::TwiceInRound {
                game,
                first,
                id,
                round,
            } => format!("对局 {game}：棋手 {id} 已出现在第 {round} 轮（对局 {first}）"),
            EventError::RoundZero { game } => format!("对局 {game}：轮次至少为 1"),
            EventError::NotRated { game, code } => {
                format!("对局 {game}：`{code}` 不计等级分（对局须有结果，轮空或请假须有类别）")
            }
            EventError::RoundDate { round, problem } => {
                let problem = match problem.as_str() {
                    "round numbers start at 1" => "轮次从 1 开始",
                    "the round has two dates" => "该轮有两个日期",
                    _ => "日期有误",
                };
                format!("第 {round} 轮：{problem}")
            }
            EventError::ZeroId { player } => {
                format!("棋手 {player}：编号不能为 0（棋手编号从 1 开始）")
            }
            EventError::NotInTournament { player, id } => {
                format!("棋手 {player}：{id} 不是该赛事的棋手")
            }
            EventError::NoListData { id } => format!("赛事棋手 {id} 没有等级分名单数据"),
            EventError::Team(what) => team_zh(what),
        }
    }
}

/// The Chinese of an [`EventError::Team`] description.
fn team_zh(what: &str) -> String {
    if let Some(name) = what
        .strip_prefix("team ")
        .and_then(|w| w.strip_suffix(" is listed twice"))
    {
        return format!("参赛队“{name}”列出了两次");
    }
    if let Some((player, team)) = what
        .strip_prefix("player ")
        .and_then(|w| w.strip_suffix(", which is not in the teams list"))
        .and_then(|w| w.split_once(" names team "))
    {
        return format!("棋手 {player} 所属的参赛队“{team}”不在参赛队名单中");
    }
    "参赛队有误".to_string()
}

impl EventError {
    /// Index of the game the error is about, if it is about a game.
    pub fn game_index(&self) -> Option<usize> {
        match *self {
            EventError::UnknownPlayer { game, .. }
            | EventError::SelfPairing { game, .. }
            | EventError::TwiceInRound { game, .. }
            | EventError::NotRated { game, .. }
            | EventError::RoundZero { game } => Some(game),
            EventError::DuplicatePlayer { .. }
            | EventError::ZeroId { .. }
            | EventError::NotInTournament { .. }
            | EventError::NoListData { .. }
            | EventError::RoundDate { .. }
            | EventError::Team(_) => None,
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
    ///     result: GameResult::Draw,
    /// }];
    /// let err = Event::new("t", GameKind::Xiangqi, EventSystem::Swiss, None, None, players, games);
    /// assert!(matches!(err, Err(EventError::UnknownPlayer { game: 0, field: "black", .. })));
    /// // A game without its result is not rated.
    /// let players = vec![Player::new(PlayerId(1), "A", Sex::Male, None), Player::new(PlayerId(2), "B", Sex::Male, None)];
    /// let games = vec![Pairing::Game { round: 1, white: PlayerId(1), black: PlayerId(2), result: GameResult::Pending }];
    /// let err = Event::new("t", GameKind::Xiangqi, EventSystem::Swiss, None, None, players, games);
    /// assert!(matches!(err, Err(EventError::NotRated { game: 0, code: "pending" })));
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
            if p.id.0 == 0 {
                return Err(EventError::ZeroId { player: i });
            }
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
                Pairing::Game {
                    result: GameResult::Pending,
                    ..
                } => {
                    return Err(EventError::NotRated {
                        game: g,
                        code: GameResult::Pending.code(),
                    });
                }
                Pairing::Bye {
                    kind: ByeKind::Absent,
                    ..
                } => {
                    return Err(EventError::NotRated {
                        game: g,
                        code: ByeKind::Absent.code(),
                    });
                }
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
            details: EventDetails::default(),
            index,
        })
    }

    /// The rated event of a tournament: `tournament`'s games with a result
    /// and its byes (a pending game and an absence are not rated), round by
    /// round, each round's games in board order and then its byes; and
    /// `players`, the list data (the exact rating, games and events on the
    /// list, the highest rating reached …) of each of the tournament's
    /// players, one each, in the order the report lists them.
    ///
    /// ```
    /// use qiyuan_rating::model::*;
    /// use qiyuan_tournament::model as tm;
    /// let mut t = tm::Event::new(tm::EventKind::Swiss, 2);
    /// for id in 1..=3 {
    ///     t.add_player(tm::Player::new(id, format!("P{id}")))?;
    /// }
    /// let r = t.add_round();
    /// t.add_game(r, tm::Game::new(1, 2, GameResult::Pending))?;
    /// t.add_bye(r, PlayerId(3), ByeKind::HalfPoint)?;
    /// let list = |id| Player::new(PlayerId(id), format!("P{id}"), Sex::Male, None);
    /// let rated = Event::from_tournament("t", GameKind::Chess, EventSystem::Swiss, None, None,
    ///     vec![list(1), list(2), list(3)], &t).unwrap();
    /// assert_eq!(rated.pairings(), [Pairing::Bye { round: 1, player: PlayerId(3), kind: ByeKind::HalfPoint }]);
    /// // Every player of the tournament needs his list data.
    /// let err = Event::from_tournament("t", GameKind::Chess, EventSystem::Swiss, None, None,
    ///     vec![list(1), list(3)], &t);
    /// assert_eq!(err, Err(EventError::NoListData { id: PlayerId(2) }));
    /// # Ok::<(), tm::ModelError>(())
    /// ```
    ///
    /// # Errors
    /// [`EventError::NotInTournament`], [`EventError::NoListData`] when
    /// `players` and the tournament's players differ; as [`Event::new`].
    pub fn from_tournament(
        name: impl Into<String>,
        game: GameKind,
        system: EventSystem,
        start: Option<NaiveDate>,
        end: Option<NaiveDate>,
        players: Vec<Player>,
        tournament: &tm::Event,
    ) -> Result<Event, EventError> {
        for (i, p) in players.iter().enumerate() {
            if tournament.player(p.id).is_none() {
                return Err(EventError::NotInTournament {
                    player: i,
                    id: p.id,
                });
            }
        }
        let listed: std::collections::HashSet<PlayerId> = players.iter().map(|p| p.id).collect();
        if let Some(p) = tournament
            .players()
            .iter()
            .find(|t| !listed.contains(&t.id))
        {
            return Err(EventError::NoListData { id: p.id });
        }
        let mut pairings = Vec::new();
        for (round, r) in (1..).zip(tournament.rounds()) {
            pairings.extend(
                r.games
                    .iter()
                    .filter(|g| g.result != GameResult::Pending)
                    .map(|g| Pairing::Game {
                        round,
                        white: g.white,
                        black: g.black,
                        result: g.result,
                    }),
            );
            pairings.extend(
                r.byes
                    .iter()
                    .filter(|(_, kind)| *kind != ByeKind::Absent)
                    .map(|&(player, kind)| Pairing::Bye {
                        round,
                        player,
                        kind,
                    }),
            );
        }
        Event::new(name, game, system, start, end, players, pairings)
    }

    /// The event as the tournament it was played as (what `qiyuan
    /// standings` ranks, `qiyuan convert` writes as TRF and the desk
    /// enters): of the kind its system is ranked as
    /// ([`EventSystem::tournament_kind`]), its players with their ratings
    /// as whole numbers ([`crate::rounding::whole_rating`]; an unrated or
    /// zero rating: none), title,
    /// unit and sex, and rounds 1 to [`Event::rounds`] holding its games
    /// and then its byes in the order given. [`Event::from_tournament`] of
    /// it gives the same games and byes back.
    ///
    /// ```
    /// use qiyuan_rating::model::*;
    /// use rust_decimal_macros::dec;
    /// let e = Event::new("t", GameKind::Xiangqi, EventSystem::RoundRobin, None, None,
    ///     vec![Player::new(PlayerId(1), "甲", Sex::Male, Some(dec!(2100.5))),
    ///          Player::new(PlayerId(2), "乙", Sex::Female, None)],
    ///     vec![Pairing::Game { round: 2, white: PlayerId(2), black: PlayerId(1), result: GameResult::Draw }])?;
    /// let t = e.tournament();
    /// assert_eq!(t.players()[0].rating, Some(2101)); // 四舍五入
    /// assert_eq!(t.rounds().len(), 2);
    /// assert!(t.rounds()[0].games.is_empty());
    /// let back = Event::from_tournament("t", e.game(), e.system(), None, None, e.players().to_vec(), &t)?;
    /// assert_eq!(back.pairings(), e.pairings());
    /// # Ok::<(), EventError>(())
    /// ```
    #[must_use]
    pub fn tournament(&self) -> tm::Event {
        let rounds = self.rounds();
        let mut t = tm::Event::new(self.system.tournament_kind(), rounds);
        // `Event::new` refused what the tournament model refuses (an id of
        // 0, an unknown player, a player twice in a round, a game against
        // oneself), so nothing below fails (checked in debug builds).
        for p in &self.players {
            let mut player = tm::Player::new(p.id.0, p.name.clone());
            player.rating = p
                .rating
                .and_then(|r| crate::rounding::whole_rating(r).to_u32())
                .filter(|&r| r > 0);
            player.title = p.title.clone();
            player.club = p.unit.clone();
            player.sex = Some(p.sex);
            let added = t.add_player(player);
            debug_assert!(added.is_ok(), "{added:?}");
        }
        for _ in 0..rounds {
            t.add_round();
        }
        for p in &self.pairings {
            let added = match *p {
                Pairing::Game {
                    round,
                    white,
                    black,
                    result,
                } => t.add_game(
                    round,
                    tm::Game {
                        white,
                        black,
                        result,
                    },
                ),
                Pairing::Bye {
                    round,
                    player,
                    kind,
                } => t.add_bye(round, player, kind),
            };
            debug_assert!(added.is_ok(), "{added:?}");
        }
        t
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
    ///     vec![Pairing::Game { round: 1, white: PlayerId(1), black: PlayerId(2), result: GameResult::Draw }])?;
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
        )?
        .with_details(self.details.clone())
    }

    /// The event with its [`EventDetails`], checked: a round has one date
    /// and its number is 1 or more; team names are unique and every
    /// player's `team` is one of them (when teams are listed).
    ///
    /// ```
    /// use qiyuan_rating::model::*;
    /// let ev = Event::new("t", GameKind::Chess, EventSystem::Swiss, None, None, vec![], vec![]).unwrap();
    /// let d = chrono::NaiveDate::from_ymd_opt(2025, 5, 1).unwrap();
    /// let details = EventDetails { round_dates: vec![(1, d), (1, d)], ..Default::default() };
    /// assert!(matches!(ev.with_details(details), Err(EventError::RoundDate { round: 1, .. })));
    /// ```
    pub fn with_details(mut self, details: EventDetails) -> Result<Event, EventError> {
        let mut seen = std::collections::HashSet::new();
        for &(round, _) in &details.round_dates {
            if round == 0 {
                return Err(EventError::RoundDate {
                    round,
                    problem: "round numbers start at 1".into(),
                });
            }
            if !seen.insert(round) {
                return Err(EventError::RoundDate {
                    round,
                    problem: "the round has two dates".into(),
                });
            }
        }
        let mut names = std::collections::HashSet::new();
        for t in &details.teams {
            if !names.insert(t.name.as_str()) {
                return Err(EventError::Team(format!("team {} is listed twice", t.name)));
            }
        }
        if !details.teams.is_empty() {
            for p in &self.players {
                if let Some(t) = p.team.as_deref().filter(|t| !names.contains(t)) {
                    return Err(EventError::Team(format!(
                        "player {} names team {t}, which is not in the teams list",
                        p.id
                    )));
                }
            }
        }
        self.details = details;
        Ok(self)
    }

    /// What the event declares beyond players and games.
    pub fn details(&self) -> &EventDetails {
        &self.details
    }

    /// The number of rounds: the highest round of its games and byes.
    pub fn rounds(&self) -> u32 {
        self.pairings.iter().map(Pairing::round).max().unwrap_or(0)
    }

    /// True when the rating regulations treat the event as a round robin:
    /// a single or double round robin, or a team event whose teams play a
    /// round robin (cca-chess 八(六)).
    pub fn rated_as_round_robin(&self) -> bool {
        self.system.is_round_robin()
            || (self.system == EventSystem::Team && self.details.team_round_robin)
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

/// A text that is not a time control (`TimeControl::parse`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{text}` is not a time control: write MINUTES[/MOVES] periods separated by commas and an \
     optional +SECONDS increment (`90/40, 15/10`, `25+5`), or a preset"
)]
pub struct TimeControlError {
    /// The text given.
    pub text: String,
}

impl TimeControlError {
    /// The message in `lang`: [`Lang::En`](crate::Lang::En) is the `Display` text.
    ///
    /// ```
    /// use qiyuan_rating::model::TimeControl;
    /// use qiyuan_rating::Lang;
    /// let e = TimeControl::parse("90/x").unwrap_err();
    /// assert!(e.text(Lang::Zh).starts_with("`90/x` 不是用时"));
    /// ```
    #[must_use]
    pub fn text(&self, lang: crate::Lang) -> String {
        match lang {
            crate::Lang::En => self.to_string(),
            crate::Lang::Zh => format!(
                "`{}` 不是用时：写作以逗号分隔的 `MINUTES[/MOVES]` 时段，可加 `+SECONDS` 每步加秒\
                 （`90/40, 15/10`、`25+5`），或写预设名",
                self.text
            ),
        }
    }
}
