//! Rating one event under a profile: every player's 等级分计算表 line.
//!
//! ```
//! use qiyuan_rating::event::rate;
//! use qiyuan_rating::model::*;
//! use qiyuan_rating::profile::Profile;
//! use rust_decimal_macros::dec;
//! let players = vec![
//!     Player::new(PlayerId(1), "甲", Sex::Male, Some(dec!(2450))),
//!     Player::new(PlayerId(2), "乙", Sex::Male, Some(dec!(2350))),
//! ];
//! let games = vec![Pairing::Game {
//!     round: 1,
//!     white: PlayerId(1),
//!     black: PlayerId(2),
//!     result: GameResult::BlackWins,
//! }];
//! let event = Event::new("t", GameKind::Xiangqi, EventSystem::Swiss, None, None, players, games).unwrap();
//! let report = rate(&event, &Profile::builtin("cxa-2019").unwrap()).unwrap();
//! // D = 100 → P = 0.64 (table); K = 25 (no games on the list); ΔR = 25 × (0 − 0.64) = −16.0
//! assert_eq!(report.players[0].change, Some(dec!(-16.0)));
//! assert_eq!(report.players[1].change, Some(dec!(16.0)));
//! ```

use qiyuan_vocab::RatingFigure;
use rust_decimal::Decimal;
use serde::Serialize;

use crate::model::{ByeKind, Event, EventSystem, GameKind, PlayerId, Sex};
use crate::profile::{ExpectedFormula, Profile, UnratedRule, event_year};
use crate::unrated::Standing;
use crate::{champion, expected, games, k, unrated};

/// Why an event could not be rated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RateError {
    /// The profile is for the other game.
    #[error("the event is {event:?} but profile `{profile}` is for {expected:?}")]
    GameMismatch {
        /// The event's game.
        event: GameKind,
        /// The profile's name.
        profile: String,
        /// The profile's game.
        expected: GameKind,
    },
    /// A rating is negative.
    #[error("player {id}: rating {rating} is negative")]
    NegativeRating {
        /// The player.
        id: PlayerId,
        /// The rating.
        rating: Decimal,
    },
    /// A rating is beyond any rating scale (above 100000).
    #[error("player {id}: rating {rating} is out of range (at most 100000)")]
    RatingOutOfRange {
        /// The player.
        id: PlayerId,
        /// The rating.
        rating: Decimal,
    },
}

impl RateError {
    /// The message in `lang`: [`Lang::En`](crate::Lang::En) is the
    /// `Display` text.
    #[must_use]
    pub fn text(&self, lang: crate::Lang) -> String {
        if lang == crate::Lang::En {
            return self.to_string();
        }
        match self {
            RateError::GameMismatch {
                event,
                profile,
                expected,
            } => format!(
                "赛事为{}，但等级分规则 `{profile}` 用于{}",
                event.label(lang),
                expected.label(lang)
            ),
            RateError::NegativeRating { id, rating } => {
                format!("棋手 {id}：等级分 {rating} 为负数")
            }
            RateError::RatingOutOfRange { id, rating } => {
                format!("棋手 {id}：等级分 {rating} 超出范围（最多 100000）")
            }
        }
    }
}

/// Which colour a player had (the vocabulary's: `White` is red in xiangqi,
/// the first mover).
pub use qiyuan_vocab::Colour;

/// What kind of entry a game line is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LineKind {
    /// Played over the board.
    Played,
    /// Won by forfeit.
    ForfeitWin,
    /// Lost by forfeit.
    ForfeitLoss,
    /// Neither player appeared.
    DoubleForfeit,
    /// A round without an opponent.
    Bye(ByeKind),
}

/// Why a game does not count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NotCounted {
    /// Byes never count (§1.4).
    Bye,
    /// A double forfeit is not a game.
    DoubleForfeit,
    /// Unplayed games do not count in this profile.
    Unplayed,
    /// Games between two unrated players never count.
    BothUnrated,
    /// The opponent is unrated and this profile (or event system) does not
    /// count such games for a rated player.
    OpponentUnrated,
    /// The opponent is unrated and scored 0 in the event.
    OpponentScoredZero,
    /// This unrated player scored 0 in the event.
    ScoredZero,
    /// This unrated player met too few rated opponents in the event.
    TooFewRatedOpponents,
    /// A game of or against a chess program (cca-chess 八(十二)).
    Computer,
}

impl NotCounted {
    /// Short description in English.
    pub fn describe_en(self) -> &'static str {
        match self {
            NotCounted::Bye => "bye",
            NotCounted::DoubleForfeit => "double forfeit",
            NotCounted::Unplayed => "unplayed game not counted in this profile",
            NotCounted::BothUnrated => "both players unrated",
            NotCounted::OpponentUnrated => "opponent unrated (not counted for a rated player here)",
            NotCounted::OpponentScoredZero => "unrated opponent who scored 0",
            NotCounted::ScoredZero => "unrated player who scored 0",
            NotCounted::TooFewRatedOpponents => "too few rated opponents in the event",
            NotCounted::Computer => "a game with a computer",
        }
    }

    /// Short description in Chinese.
    pub fn describe_zh(self) -> &'static str {
        match self {
            NotCounted::Bye => "轮空",
            NotCounted::DoubleForfeit => "双方弃权",
            NotCounted::Unplayed => "未对弈，本办法不计",
            NotCounted::BothUnrated => "双方均无等级分",
            NotCounted::OpponentUnrated => "对手无等级分，本办法不计",
            NotCounted::OpponentScoredZero => "对手为得0分的无分棋手",
            NotCounted::ScoredZero => "无分棋手全赛得0分",
            NotCounted::TooFewRatedOpponents => "与有分棋手对局不足",
            NotCounted::Computer => "与电脑的对局",
        }
    }
}

/// One round of a player: a game or a bye, and whether it counted.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameLine {
    /// Round.
    pub round: u32,
    /// The opponent, `None` for a bye.
    pub opponent: Option<PlayerId>,
    /// Colour, `None` for a bye.
    pub colour: Option<Colour>,
    /// Played, forfeit, bye …
    pub kind: LineKind,
    /// Points the player got (`None` for a double forfeit).
    pub score: Option<Decimal>,
    /// The opponent's rating as this player's calculation uses it
    /// (provisional for an unrated opponent, the mixed-sex floor …).
    pub opponent_rating: Option<Decimal>,
    /// True when the game counts for this player.
    pub counted: bool,
    /// Why not, when it does not.
    pub not_counted: Option<NotCounted>,
    /// Per-game expected score, where the profile uses the per-game formula.
    pub expected: Option<Decimal>,
    /// True when the per-game difference was capped.
    pub difference_capped: bool,
}

/// How a player's figures were computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// We = N × P(Ro − Ra).
    NTimesP,
    /// We = M × Pa − ½.
    MTimesPaMinusHalf,
    /// We = ΣP, per game.
    PerGame,
    /// An unrated player's performance Rp (cca-chess 八(九), cxa-legacy 九).
    Performance,
    /// FIDE first rating Ru = Ra + dp with imaginary opponents.
    FideInitial,
    /// No game counted.
    NoGames,
}

impl From<ExpectedFormula> for Method {
    fn from(f: ExpectedFormula) -> Method {
        match f {
            ExpectedFormula::NTimesP => Method::NTimesP,
            ExpectedFormula::MTimesPaMinusHalf => Method::MTimesPaMinusHalf,
            ExpectedFormula::PerGame => Method::PerGame,
        }
    }
}

/// Where the rating used in the calculation came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RatingSource {
    /// The published rating.
    Published,
    /// An unrated player's provisional rating (暂定等级分).
    Provisional,
    /// An unrated player's base rating (基础等级分, cca-amateur).
    Base,
    /// An unrated player's first rating from the tournament average
    /// (cca-chess 八(六)).
    TournamentAverage,
    /// Imaginary-opponent formula (FIDE).
    Imaginary,
}

/// Something a reader of the report must notice.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "flag", rename_all = "snake_case")]
pub enum Flag {
    /// |D| was above the cap and counted as the cap.
    DifferenceCapped {
        /// D before the cap.
        from: Decimal,
        /// D used.
        to: Decimal,
    },
    /// The champion's negative change became 0.
    ChampionProtected {
        /// The change before the rule.
        change: Decimal,
    },
    /// An unrated player gets a first rating.
    FirstRating {
        /// The rating.
        rating: Decimal,
    },
    /// An unrated player does not have enough games yet.
    NotYetRated {
        /// Games against rated players so far (list + this event).
        games: u32,
        /// Games needed.
        minimum: u32,
    },
    /// The rating is below the published minimum (the player becomes or
    /// stays unrated).
    BelowMinimum {
        /// The rating.
        rating: Decimal,
        /// The minimum.
        minimum: Decimal,
    },
    /// The performance is at or below the provisional rating: void.
    PerformanceVoid {
        /// The performance.
        performance: Decimal,
        /// The provisional rating.
        provisional: Decimal,
    },
    /// A first rating above the cap was cut to it.
    FirstRatingCapped {
        /// Before.
        from: Decimal,
        /// After.
        to: Decimal,
    },
    /// K was lowered so that K × n stays within the limit.
    KLimited {
        /// K before.
        from: u32,
        /// K used.
        to: u32,
        /// The limit of K × n.
        max: u32,
    },
    /// The unrated player scored 0: no rating.
    ScoredZero,
    /// The unrated player met fewer rated opponents than required.
    TooFewRatedOpponents {
        /// Games against rated opponents.
        games: u32,
        /// Needed.
        minimum: u32,
    },
    /// A foreign player of an international event, counted at this
    /// (international) rating and not rated on the national list
    /// (cca-chess 八(十五)).
    Foreign {
        /// The rating the others' calculations use.
        rating: Decimal,
    },
    /// A chess program: its games count for no one (cca-chess 八(十二)).
    Computer,
    /// The player started from a base rating.
    BaseRating {
        /// The base rating.
        rating: Decimal,
    },
}

/// The profile articles a report cites (not part of the JSON).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Articles {
    /// Profile name.
    pub profile: String,
    /// ΔR = K(W − We).
    pub change: String,
    /// Expected score.
    pub expected: String,
    /// Rounding.
    pub rounding: String,
    /// Unrated players.
    pub unrated: String,
    /// Champion rule.
    pub champion: String,
    /// Which games count.
    pub games: String,
    /// Decimals shown for exact values.
    pub display: u32,
    /// Decimals of the published rating.
    pub published: u32,
    /// Decimals the total change is rounded to before it is added (FIDE).
    pub total_change: Option<u32>,
    /// The mark of points won without playing (★, ※).
    pub unplayed_mark: Option<String>,
}

/// One player's calculation (a line of the 等级分计算表).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerReport {
    /// Player id.
    pub id: PlayerId,
    /// Name.
    pub name: String,
    /// Sex.
    pub sex: Sex,
    /// The published rating before the event (Ro); `None` when unrated.
    pub rating_before: Option<Decimal>,
    /// The rating the calculation uses for the player (Ro, Ru, base, Rp).
    pub rating_used: Decimal,
    /// Where `rating_used` comes from.
    pub rating_source: RatingSource,
    /// Every round of the player (`rounds` in JSON).
    #[serde(rename = "rounds")]
    pub games: Vec<GameLine>,
    /// N: games that count (`games` in JSON, as the event report's readers
    /// expect).
    #[serde(rename = "games")]
    pub games_counted: u32,
    /// W: points in the games that count.
    pub score: Decimal,
    /// Points in the event, byes and forfeits included (for standings and
    /// the champion).
    pub event_score: Decimal,
    /// Of those, the points won without playing (forfeits, byes): marked
    /// with the profile's `[games] unplayed_mark` in the event report
    /// (cca-chess 七 未对局的得分应用记号★标出; cxa-legacy 七 ※).
    pub unplayed_points: Decimal,
    /// Ra: average rating of the counted opponents (Rc for an unrated
    /// player's performance; with the imaginary opponents for FIDE).
    pub opponents_average: Option<Decimal>,
    /// Rall: average of all M players including the player (M × Pa − ½).
    pub all_players_average: Option<Decimal>,
    /// M for the round-robin formula.
    pub players_m: Option<u32>,
    /// D as used (after the cap): Ro − Ra, or Ro − Rall.
    pub difference: Option<Decimal>,
    /// True when D was capped.
    pub difference_capped: bool,
    /// P (or Pa; for FIDE first ratings the score fraction p).
    pub expected_fraction: Option<Decimal>,
    /// How We (or the rating) was formed.
    pub method: Method,
    /// We.
    pub expected_score: Option<Decimal>,
    /// K.
    pub k: Option<u32>,
    /// Why that K.
    pub k_reason: Option<String>,
    /// Why that K, in Chinese (for [`Lang::Zh`](crate::explain::Lang) explanations).
    pub k_reason_zh: Option<String>,
    /// dp used for a performance or a first rating.
    pub dp: Option<Decimal>,
    /// ΔR for this event, rounded where the profile rounds it.
    pub change: Option<Decimal>,
    /// The rating after this event alone, rounded for publication; for an
    /// unrated player the first rating, when one is published.
    pub rating_after: Option<Decimal>,
    /// Performance: Ra + dp(W/N) for rated players; Rp (+ ΔR) for unrated.
    pub performance: Option<Decimal>,
    /// The imaginary opponents of a FIDE first rating.
    pub imaginary_opponents: Option<ImaginaryOpponents>,
    /// Flags.
    pub flags: Vec<Flag>,
    /// Articles cited by [`PlayerReport::explain`](crate::explain).
    #[serde(skip)]
    pub articles: Articles,
}

impl PlayerReport {
    /// The value of `figure` in this report, exact (`None` where the
    /// calculation has none: no Ra without games, no ΔR for an unrated
    /// player …).
    ///
    /// ```
    /// use qiyuan_rating::{Profile, rate};
    /// use qiyuan_rating::model::*;
    /// use qiyuan_vocab::RatingFigure;
    /// use rust_decimal_macros::dec;
    /// let e = Event::new("t", GameKind::Xiangqi, EventSystem::Swiss, None, None,
    ///     vec![Player::new(PlayerId(1), "甲", Sex::Male, Some(dec!(2450))),
    ///          Player::new(PlayerId(2), "乙", Sex::Male, Some(dec!(2350)))],
    ///     vec![Pairing::Game { round: 1, white: PlayerId(1), black: PlayerId(2),
    ///                          result: GameResult::BlackWins }])?;
    /// let r = rate(&e, &Profile::builtin("cxa-2019")?)?;
    /// // D = 100 → P = 0.64 (table); K = 25; ΔR = 25 × (0 − 0.64) = −16.0
    /// let a = &r.players[0];
    /// assert_eq!(a.figure(RatingFigure::OpponentsAverage), Some(dec!(2350)));
    /// assert_eq!(a.figure(RatingFigure::ExpectedFraction), Some(dec!(0.64)));
    /// assert_eq!(a.figure(RatingFigure::Score), Some(dec!(0)));
    /// assert_eq!(a.figure(RatingFigure::Change), Some(dec!(-16.0)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn figure(&self, figure: RatingFigure) -> Option<Decimal> {
        match figure {
            RatingFigure::RatingBefore => self.rating_before,
            RatingFigure::OpponentsAverage => self.opponents_average,
            RatingFigure::Difference => self.difference,
            RatingFigure::ExpectedFraction => self.expected_fraction,
            RatingFigure::Games => Some(self.games_counted.into()),
            RatingFigure::ExpectedScore => self.expected_score,
            RatingFigure::Score => Some(self.score),
            RatingFigure::K => self.k.map(Into::into),
            RatingFigure::Change => self.change,
            RatingFigure::RatingAfter => self.rating_after,
            RatingFigure::Performance => self.performance,
        }
    }

    /// `figure` as every table of the report shows it: a figure the
    /// profile computes with more decimals than it displays (Ro, Ra, D, We,
    /// ΔR, Rn, Rp) by [`Articles::shown`]; P, N, W and K as they are.
    #[must_use]
    pub fn shown(&self, figure: RatingFigure) -> Option<Decimal> {
        let value = self.figure(figure)?;
        Some(match figure {
            RatingFigure::ExpectedFraction
            | RatingFigure::Games
            | RatingFigure::Score
            | RatingFigure::K => value,
            _ => self.articles.shown(value),
        })
    }
}

/// Imaginary opponents added to an unrated player's games (FIDE 8.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ImaginaryOpponents {
    /// How many (all drawn).
    pub count: u32,
    /// Their rating.
    pub rating: Decimal,
}

/// A remark on a whole event ([`EventReport::notes`]): `Display` is the
/// English, [`EventNote::text`] either language from the same figures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventNote {
    /// A rating below the profile's unrated line: the player counts as
    /// unrated at the provisional rating.
    CountedAsUnrated {
        /// The player.
        id: PlayerId,
        /// The player's rating.
        rating: Decimal,
        /// The unrated line.
        below: Decimal,
        /// The provisional rating used.
        provisional: Decimal,
        /// The profile's article.
        article: String,
    },
    /// cca-chess 八(六): the tournament average of a round robin with too
    /// many unrated players, Ra = Rar − dpa × (n/m) (figures as shown).
    TournamentAverage {
        /// The unrated share.
        share: Decimal,
        /// The profile's limit of the share.
        threshold: Decimal,
        /// Rar, the rated players' average.
        rated_average: Decimal,
        /// dpa.
        dpa: Decimal,
        /// n, the opponents.
        opponents: Decimal,
        /// m, the players.
        players: Decimal,
        /// Ra.
        average: Decimal,
        /// The profile's article.
        article: String,
    },
}

impl EventNote {
    /// The note in `lang` (`text(Lang::En) == to_string()`).
    pub fn text(&self, lang: crate::Lang) -> String {
        if lang == crate::Lang::En {
            return self.to_string();
        }
        match self {
            EventNote::CountedAsUnrated {
                id,
                rating,
                below,
                provisional,
                article,
            } => format!(
                "棋手 {id}：等级分 {rating} 低于 {below}（{article}）：按无等级分计，以 {provisional} 计算"
            ),
            EventNote::TournamentAverage {
                share,
                threshold,
                rated_average,
                dpa,
                opponents,
                players,
                average,
                article,
            } => format!(
                "无分棋手比例 {share} > {threshold}：比赛平均等级分 \
                 Ra = Rar − dpa × (n/m) = {rated_average} − {} × ({opponents}/{players}) = {average}（{article}）",
                signed_dpa(*dpa)
            ),
        }
    }

    /// Whether the English words contain `pat` (a search, and the tests'
    /// way to find a note).
    pub fn contains(&self, pat: &str) -> bool {
        self.to_string().contains(pat)
    }
}

/// dpa as the note shows it: in brackets when negative.
fn signed_dpa(dpa: Decimal) -> String {
    if dpa.is_sign_negative() {
        format!("({dpa})")
    } else {
        dpa.to_string()
    }
}

impl std::fmt::Display for EventNote {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EventNote::CountedAsUnrated {
                id,
                rating,
                below,
                provisional,
                article,
            } => write!(
                f,
                "player {id}: rating {rating} is below {below} ({article}): counted as unrated at {provisional}"
            ),
            EventNote::TournamentAverage {
                share,
                threshold,
                rated_average,
                dpa,
                opponents,
                players,
                average,
                article,
            } => write!(
                f,
                "unrated share {share} > {threshold}: tournament average \
                 Ra = Rar − dpa × (n/m) = {rated_average} − {} × ({opponents}/{players}) = {average} ({article})",
                signed_dpa(*dpa)
            ),
        }
    }
}

impl PartialEq<String> for EventNote {
    /// Compares the English words.
    fn eq(&self, other: &String) -> bool {
        self.to_string().as_str() == other.as_str()
    }
}

/// Notes serialized as their English words (the JSON of a report).
fn english<S: serde::Serializer>(notes: &[EventNote], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(notes.iter().map(ToString::to_string))
}

/// The result of rating an event.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EventReport {
    /// The event's name.
    pub event: String,
    /// The profile's name.
    pub profile: String,
    /// The profile's title.
    pub profile_title: String,
    /// The event's system.
    pub system: EventSystem,
    /// The formula the profile uses for this system.
    pub formula: Method,
    /// The champion, when the profile protects one and it is known.
    pub champion: Option<PlayerId>,
    /// In a team event, the best score fraction on each board (protected
    /// like the champion, cca-chess 八(十四)).
    pub board_champions: Vec<PlayerId>,
    /// Share of unrated players.
    pub unrated_share: Decimal,
    /// cca-chess 八(六): the tournament average Ra = Rar − dpa(n/m), when used.
    pub tournament_average: Option<Decimal>,
    /// Remarks on the whole event (serialized as their English words).
    #[serde(serialize_with = "english")]
    pub notes: Vec<EventNote>,
    /// Rated-event conditions the event does not meet (a warning: the
    /// event is rated all the same).
    pub warnings: Vec<String>,
    /// Every rated-event condition of the profile checked: met, failed (the
    /// warnings) or not checked for want of data.
    pub conditions: Vec<crate::conditions::ConditionCheck>,
    /// Players in input order.
    pub players: Vec<PlayerReport>,
}

impl EventReport {
    /// The warnings in `lang`: the failed rated-event conditions worded in
    /// it (they come first in [`EventReport::warnings`]), then the
    /// remarks a caller added after the rating, as written.
    pub fn warnings_in(&self, lang: crate::Lang) -> Vec<String> {
        let failed: Vec<String> = self
            .conditions
            .iter()
            .filter(|c| c.status == crate::conditions::CheckStatus::Failed)
            .map(|c| match lang {
                crate::Lang::En => c.warning(),
                crate::Lang::Zh => c.warning_zh(),
            })
            .collect();
        let rest = self.warnings.iter().skip(failed.len()).cloned();
        failed.into_iter().chain(rest).collect()
    }
}

/// The largest rating accepted (keeps every sum far from `Decimal`'s range).
const MAX_RATING: Decimal = Decimal::from_parts(100_000, 0, 0, false, 0);

/// Rates one event under a profile: a short pipeline whose steps follow the
/// columns of the 等级分计算表 (Ro, Ra, D, P, N, We, W, K, ΔR, Rn), each step
/// in the module of its rule.
pub fn rate(event: &Event, profile: &Profile) -> Result<EventReport, RateError> {
    rate_with(event, profile, Detail::Explained)
}

/// How much of a [`PlayerReport`] to build.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Detail {
    /// Everything [`PlayerReport::explain`] needs: names, K's reasons, the
    /// profile's articles ([`rate`]).
    Explained,
    /// The figures a period adds up: `name`, `k_reason`, `k_reason_zh` and
    /// `articles` are left empty, and so is `performance` where it is only
    /// told (Ra + dp(W/N) of a player rated by ΔR); a rating period keeps
    /// the figures of millions of lines and explains none.
    Figures,
}

/// [`rate`], building the lines in the given [`Detail`]; the figures are
/// the same in both.
pub(crate) fn rate_with(
    event: &Event,
    profile: &Profile,
    detail: Detail,
) -> Result<EventReport, RateError> {
    check_input(event, profile)?;
    let np = event.players().len();
    // cca-chess 八(六): a team event whose teams play a round robin is a
    // round robin (循环赛（包括团体赛中的循环赛）).
    let rr = event.rated_as_round_robin();
    // Each player's rounds (the card the table is filled from).
    let rounds = games::player_rounds(event);
    // Ro, or Ru for an unrated player (原等级分 / 暂定等级分).
    let (standing, mut notes) = unrated::standings(event, profile);
    // N and W: which games count.
    let voided = games::zero_score_voided(profile, rr, &standing, &rounds);
    let decisions = games::decide(event, profile, rr, &standing, &voided, &rounds);
    let nw: Vec<(u32, Decimal)> = (0..np)
        .map(|i| games::counted(&rounds[i], &decisions[i]))
        .collect();
    // Ra of a round robin with too many unrated players (cca-chess 八(六)).
    let many = unrated::many_unrated_round_robin(profile, rr, &standing, &voided, &nw);
    if let Some(m) = &many {
        notes.push(m.note.clone());
    }
    let first_rp = many
        .as_ref()
        .map_or_else(|| vec![None; np], |m| m.first_rp.clone());
    // Whom the champion rule protects.
    let scores = games::event_scores(&rounds);
    let (champion, board_champions) = champion::protected_players(event, profile, &rounds, &scores);
    let formula = if many.is_some() {
        ExpectedFormula::NTimesP
    } else {
        expected::formula_for(profile, rr)
    };
    let cx = Ctx {
        event,
        profile,
        rr,
        rounds: &rounds,
        standing: &standing,
        voided: &voided,
        decisions: &decisions,
        nw: &nw,
        first_rp: &first_rp,
        scores: &scores,
        protected: champion
            .into_iter()
            .chain(board_champions.iter().copied())
            .collect(),
        formula,
        year: event_year(event),
        articles: match detail {
            Detail::Explained => Articles::of(profile),
            Detail::Figures => Articles::default(),
        },
        detail,
    };
    // Ra, D, P, We, K, ΔR and Rn of every player.
    let players = (0..np).map(|i| rate_player(&cx, i)).collect();
    let conditions = crate::conditions::check_event(event, profile);
    Ok(EventReport {
        event: event.name().to_string(),
        profile: profile.name.clone(),
        profile_title: profile.title.clone(),
        system: event.system(),
        formula: formula.into(),
        champion,
        board_champions,
        unrated_share: unrated::unrated_share(&standing),
        tournament_average: many.map(|m| m.tournament_average),
        notes,
        warnings: crate::conditions::warnings(&conditions),
        conditions,
        players,
    })
}

/// Refuses an event of the other game and impossible ratings.
fn check_input(event: &Event, profile: &Profile) -> Result<(), RateError> {
    if event.game() != profile.game {
        return Err(RateError::GameMismatch {
            event: event.game(),
            profile: profile.name.clone(),
            expected: profile.game,
        });
    }
    for p in event.players() {
        if let Some(r) = p.rating.filter(|r| r.is_sign_negative() && !r.is_zero()) {
            return Err(RateError::NegativeRating {
                id: p.id,
                rating: r,
            });
        }
        if let Some(r) = p.rating.or(p.ever_reached).filter(|&r| r > MAX_RATING) {
            return Err(RateError::RatingOutOfRange {
                id: p.id,
                rating: r,
            });
        }
    }
    Ok(())
}

/// What every player's line is computed from.
struct Ctx<'a> {
    event: &'a Event,
    profile: &'a Profile,
    rr: bool,
    rounds: &'a [Vec<games::Round>],
    standing: &'a [Standing],
    voided: &'a [bool],
    decisions: &'a [Vec<Result<usize, NotCounted>>],
    nw: &'a [(u32, Decimal)],
    first_rp: &'a [Option<Decimal>],
    scores: &'a [Decimal],
    protected: Vec<PlayerId>,
    formula: ExpectedFormula,
    year: Option<i32>,
    articles: Articles,
    detail: Detail,
}

impl Articles {
    /// A figure of the report as its tables show it — the desk's and the
    /// public pages, the CLI's table, CSV and xlsx: a figure with at most
    /// the profile's display decimals, and never fewer than two, as it is
    /// (what the regulation rounded is shown as it rounded it; We, a sum of
    /// the table's two-decimal P, whole); one the regulation keeps exact
    /// (an average of many ratings, a performance) rounded there, a half
    /// away from zero (四舍五入). The report itself keeps every figure exact.
    ///
    /// ```
    /// use qiyuan_rating::event::Articles;
    /// use rust_decimal_macros::dec;
    /// let a = Articles { display: 1, ..Articles::default() };
    /// assert_eq!(a.shown(dec!(5.47)), dec!(5.47)); // We under cxa-2019 (display 1)
    /// assert_eq!(a.shown(dec!(2383.3333333)), dec!(2383.33));
    /// assert_eq!(a.shown(dec!(0.125)), dec!(0.13));
    /// let three = Articles { display: 3, ..Articles::default() };
    /// assert_eq!(three.shown(dec!(0.12345)), dec!(0.123));
    /// ```
    #[must_use]
    pub fn shown(&self, figure: Decimal) -> Decimal {
        crate::rounding::shown(figure, self.display)
    }

    fn of(profile: &Profile) -> Articles {
        Articles {
            profile: profile.name.clone(),
            change: profile.article.clone(),
            expected: profile.expected.article.clone(),
            rounding: profile.rounding.article.clone(),
            unrated: profile.unrated.article.clone(),
            champion: profile.champion.article.clone(),
            games: profile.games.article.clone(),
            display: profile.rounding.display,
            published: profile.rounding.published,
            total_change: profile.rounding.total_change,
            unplayed_mark: profile.games.unplayed_mark.clone(),
        }
    }
}

/// One line of the 等级分计算表.
fn rate_player(cx: &Ctx<'_>, i: usize) -> PlayerReport {
    let (profile, players) = (cx.profile, cx.event.players());
    let player = &players[i];
    let standing = cx.standing[i];
    let mut flags = Vec::new();
    let games: Vec<GameLine> = cx.rounds[i]
        .iter()
        .zip(&cx.decisions[i])
        .map(|(x, d)| GameLine {
            round: x.round,
            opponent: x.opp.map(|j| players[j].id),
            colour: x.colour,
            kind: x.kind,
            score: x.score,
            opponent_rating: x.opp.map(|j| {
                expected::opponent_rating(profile, cx.event, cx.standing, cx.first_rp, i, j)
            }),
            counted: d.is_ok(),
            not_counted: d.err(),
            expected: None,
            difference_capped: false,
        })
        .collect();
    let (n, w) = cx.nw[i];
    let mut report = PlayerReport {
        id: player.id,
        name: match cx.detail {
            Detail::Explained => player.name.clone(),
            Detail::Figures => String::new(),
        },
        sex: player.sex,
        rating_before: player.rating,
        rating_used: standing.rating(),
        rating_source: match standing {
            Standing::Rated(_) => RatingSource::Published,
            Standing::Unrated(_) => RatingSource::Provisional,
            Standing::Base(_) => RatingSource::Base,
        },
        games,
        games_counted: n,
        score: w,
        event_score: cx.scores[i],
        unplayed_points: cx.rounds[i]
            .iter()
            .filter(|x| x.kind != LineKind::Played)
            .filter_map(|x| x.score)
            .sum(),
        opponents_average: None,
        all_players_average: None,
        players_m: None,
        difference: None,
        difference_capped: false,
        expected_fraction: None,
        method: Method::NoGames,
        expected_score: None,
        k: None,
        k_reason: None,
        k_reason_zh: None,
        dp: None,
        change: None,
        rating_after: None,
        performance: None,
        imaginary_opponents: None,
        flags: Vec::new(),
        articles: match cx.detail {
            Detail::Explained => cx.articles.clone(),
            // Empty: nothing to copy.
            Detail::Figures => Articles::default(),
        },
    };
    if let Standing::Base(b) = standing {
        flags.push(Flag::BaseRating { rating: b });
    }
    if cx.voided[i] {
        flags.push(Flag::ScoredZero);
    }
    let u = &profile.unrated;
    let unrated_rule = match standing {
        Standing::Unrated(_) => Some(u.rule),
        _ => None,
    };
    match unrated_rule {
        None | Some(UnratedRule::Provisional) | Some(UnratedRule::BaseRating) => {
            let unrated = unrated_rule.is_some();
            let ro = standing.rating();
            if n == 0 {
                report.change = Some(Decimal::ZERO);
                if !unrated {
                    report.rating_after = Some(profile.publish(ro));
                }
            } else {
                report.method = cx.formula.into();
                let elo = expected::expected(profile, &mut report.games, ro, cx.formula, (n, w));
                let kc = k::k_choice(profile, player, unrated, cx.year, n, cx.detail, &mut flags);
                apply_elo(profile, &mut report, &elo, kc);
                if report.difference_capped {
                    flags.push(Flag::DifferenceCapped {
                        from: elo.d_raw.unwrap_or_default(),
                        to: elo.d.unwrap_or_default(),
                    });
                }
                if let (Some(ra), Detail::Explained) = (elo.ra, cx.detail) {
                    report.performance =
                        Some(ra + profile.difference_for_score(w / Decimal::from(n)));
                }
                champion::protect_champion(profile, &cx.protected, &mut report, &mut flags);
                let after = ro + report.change.unwrap_or_default();
                if unrated {
                    let games = player.rated_games.saturating_add(n);
                    unrated::publish_first(
                        profile,
                        player.sex,
                        after,
                        games,
                        &mut report,
                        &mut flags,
                    );
                } else {
                    report.rating_after =
                        Some(profile.new_rating(ro, report.change.unwrap_or_default()));
                }
            }
            if !unrated {
                unrated::below_minimum(profile, player.sex, &mut report, &mut flags);
            }
        }
        Some(UnratedRule::Performance) => {
            let ru = standing.rating();
            if let Some(rp) = cx.first_rp[i] {
                // 八(六): first rating from the tournament average, then ΔR by 八(二).
                report.rating_used = rp;
                report.rating_source = RatingSource::TournamentAverage;
                report.method = Method::NTimesP;
                let elo = expected::expected(
                    profile,
                    &mut report.games,
                    rp,
                    ExpectedFormula::NTimesP,
                    (n, w),
                );
                let kc = k::k_choice(profile, player, true, cx.year, n, cx.detail, &mut flags);
                apply_elo(profile, &mut report, &elo, kc);
                champion::protect_champion(profile, &cx.protected, &mut report, &mut flags);
                let perf = rp + report.change.unwrap_or_default();
                report.performance = Some(perf);
                unrated::finish_performance(profile, player, ru, perf, n, &mut report, &mut flags);
            } else if n > 0 {
                let perf = unrated::performance(profile, &mut report, n, w);
                unrated::finish_performance(profile, player, ru, perf, n, &mut report, &mut flags);
            } else if !cx.voided[i] {
                flags.push(Flag::NotYetRated {
                    games: player.rated_games,
                    minimum: u.games_for_rating,
                });
            }
            if let Some(min) = (!cx.rr && u.min_games_in_event > 0).then_some(u.min_games_in_event)
            {
                let met = report
                    .games
                    .iter()
                    .filter(|g| g.not_counted == Some(NotCounted::TooFewRatedOpponents))
                    .count() as u32;
                if met > 0 {
                    flags.push(Flag::TooFewRatedOpponents {
                        games: met,
                        minimum: min,
                    });
                }
            }
        }
        Some(UnratedRule::FideInitial) => {
            unrated::fide_initial(profile, player, n, w, &mut report, &mut flags);
        }
    }
    if cx.event.details().international && player.foreign {
        // A foreign player is not rated on the national list (cca-chess 八(十五)).
        flags.push(Flag::Foreign {
            rating: standing.rating(),
        });
        report.change = None;
        report.rating_after = None;
    }
    if player.computer {
        flags.push(Flag::Computer);
    }
    report.flags = flags;
    report
}

/// The profile's rated-event conditions that the event does not meet, as
/// warnings naming their articles ([`crate::conditions::check_event`]).
pub fn check_conditions(event: &Event, profile: &Profile) -> Vec<String> {
    crate::conditions::warnings(&crate::conditions::check_event(event, profile))
}

/// ΔR = K(W − We), rounded where the profile rounds it (cxa-2019
/// 第九条(五)), with the figures of the expected score.
fn apply_elo(
    profile: &Profile,
    report: &mut PlayerReport,
    elo: &expected::Elo,
    (k, reason, reason_zh): (u32, Option<String>, Option<String>),
) {
    report.opponents_average = elo.ra;
    report.all_players_average = elo.rall;
    report.players_m = elo.m;
    report.difference = elo.d;
    report.difference_capped = elo.capped;
    report.expected_fraction = elo.p;
    report.expected_score = elo.we;
    report.k = Some(k);
    report.k_reason = reason;
    report.k_reason_zh = reason_zh;
    let raw = crate::elo::change(k, elo.w, elo.we.unwrap_or_default());
    report.change = Some(profile.round(raw, profile.rounding.change));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{GameResult, Pairing, Player};

    /// An event of ten players, two unrated and three women, with forfeits,
    /// a double forfeit and a bye.
    fn sample(profile: &Profile, system: EventSystem) -> Event {
        let players = (0..10u32)
            .map(|i| {
                let sex = if i % 3 == 0 { Sex::Female } else { Sex::Male };
                let rating = (i % 5 != 4).then(|| Decimal::from(1900 + 97 * i));
                // Ids start at 1; player i is number i + 1.
                let mut p = Player::new(PlayerId(i + 1), format!("P{i}"), sex, rating);
                p.rated_games = 7 * i;
                p.rated_events = Some(i / 2);
                p
            })
            .collect();
        let mut games = Vec::new();
        for r in 0..6u32 {
            // Circle method with player 9 fixed; player 8 sits out round 6.
            let mut pairs = vec![(9, r % 9)];
            for i in 1..5 {
                pairs.push(((r + i) % 9, (r + 9 - i) % 9));
            }
            for (g, (a, b)) in pairs.into_iter().enumerate() {
                if r == 5 && (a == 8 || b == 8) {
                    let (player, other) = if a == 8 { (a, b) } else { (b, a) };
                    games.push(Pairing::Bye {
                        round: r + 1,
                        player: PlayerId(player + 1),
                        kind: crate::model::ByeKind::PairingAllocated,
                    });
                    games.push(Pairing::Bye {
                        round: r + 1,
                        player: PlayerId(other + 1),
                        kind: crate::model::ByeKind::HalfPoint,
                    });
                    continue;
                }
                let result = match (r as usize * 5 + g) % 9 {
                    0..=2 => GameResult::WhiteWins,
                    3 | 4 => GameResult::Draw,
                    5 | 6 => GameResult::BlackWins,
                    7 => GameResult::BlackForfeitWin,
                    _ if r == 2 => GameResult::DoubleForfeit,
                    _ => GameResult::WhiteForfeitWin,
                };
                games.push(Pairing::Game {
                    round: r + 1,
                    white: PlayerId(a + 1),
                    black: PlayerId(b + 1),
                    result,
                });
            }
        }
        let day = chrono::NaiveDate::from_ymd_opt(2025, 3, 1);
        Event::new("e", profile.game, system, day, day, players, games).unwrap()
    }

    /// The figures-only lines a period adds up are the explained lines of
    /// [`rate`] without their words (and without a rated player's told
    /// performance), for every federation profile.
    #[test]
    fn figures_are_the_explained_figures() {
        for name in [
            "cxa-2019",
            "cxa-legacy",
            "cca-chess",
            "cca-amateur",
            "fide-2024",
        ] {
            let profile = Profile::builtin(name).unwrap();
            for system in [EventSystem::Swiss, EventSystem::RoundRobin] {
                let event = sample(&profile, system);
                let mut explained = rate(&event, &profile).unwrap();
                let figures = rate_with(&event, &profile, Detail::Figures).unwrap();
                assert!(explained.players.iter().any(|p| p.k_reason.is_some()));
                for (e, f) in explained.players.iter_mut().zip(&figures.players) {
                    assert!(f.name.is_empty() && f.k_reason.is_none() && f.k_reason_zh.is_none());
                    e.name = String::new();
                    e.k_reason = None;
                    e.k_reason_zh = None;
                    e.articles = Articles::default();
                    let told = !matches!(e.method, Method::Performance | Method::FideInitial)
                        && e.rating_source != RatingSource::TournamentAverage;
                    if told && f.performance.is_none() {
                        e.performance = None;
                    }
                }
                assert_eq!(figures, explained, "{name} {system:?}");
            }
        }
    }
}
