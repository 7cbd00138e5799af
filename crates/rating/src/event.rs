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
//!     result: GameResult::Played(Outcome::BlackWins),
//! }];
//! let event = Event::new("t", GameKind::Xiangqi, EventSystem::Swiss, None, None, players, games).unwrap();
//! let report = rate(&event, &Profile::builtin("cxa-2019").unwrap()).unwrap();
//! // D = 100 → P = 0.64 (table); K = 25 (no games on the list); ΔR = 25 × (0 − 0.64) = −16.0
//! assert_eq!(report.players[0].change, Some(dec!(-16.0)));
//! assert_eq!(report.players[1].change, Some(dec!(16.0)));
//! ```

use rust_decimal::Decimal;
use serde::Serialize;

use crate::model::{ByeKind, Event, EventSystem, GameKind, GameResult, Pairing, PlayerId, Sex};
use crate::profile::{
    ExpectedFormula, Profile, RatedVsUnrated, UnratedRule, ZeroScoreVoid, event_year,
};

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

/// Which colour a player had.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    /// White (red in xiangqi), the first mover.
    White,
    /// Black.
    Black,
}

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

/// Imaginary opponents added to an unrated player's games (FIDE 8.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ImaginaryOpponents {
    /// How many (all drawn).
    pub count: u32,
    /// Their rating.
    pub rating: Decimal,
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
    /// Remarks on the whole event.
    pub notes: Vec<String>,
    /// Rated-event conditions the event does not meet (a warning: the
    /// event is rated all the same).
    pub warnings: Vec<String>,
    /// Every rated-event condition of the profile checked: met, failed (the
    /// warnings) or not checked for want of data.
    pub conditions: Vec<crate::conditions::ConditionCheck>,
    /// Players in input order.
    pub players: Vec<PlayerReport>,
}

#[derive(Clone, Copy, PartialEq)]
enum Status {
    Rated(Decimal),
    Unrated(Decimal),
    Base(Decimal),
}

impl Status {
    fn counts_as_rated(self) -> bool {
        !matches!(self, Status::Unrated(_))
    }
    fn rating(self) -> Decimal {
        match self {
            Status::Rated(r) | Status::Unrated(r) | Status::Base(r) => r,
        }
    }
}

struct Raw {
    round: u32,
    opp: Option<usize>,
    colour: Option<Colour>,
    kind: LineKind,
    score: Option<Decimal>,
}

/// Figures of one K(W − We) calculation.
#[derive(Default)]
struct Elo {
    n: u32,
    w: Decimal,
    ra: Option<Decimal>,
    rall: Option<Decimal>,
    m: Option<u32>,
    d: Option<Decimal>,
    d_raw: Option<Decimal>,
    capped: bool,
    p: Option<Decimal>,
    we: Option<Decimal>,
}

/// The largest rating accepted (keeps every sum far from `Decimal`'s range).
const MAX_RATING: Decimal = Decimal::from_parts(100_000, 0, 0, false, 0);

/// Rates one event under a profile.
pub fn rate(event: &Event, profile: &Profile) -> Result<EventReport, RateError> {
    if event.game() != profile.game {
        return Err(RateError::GameMismatch {
            event: event.game(),
            profile: profile.name.clone(),
            expected: profile.game,
        });
    }
    let players = event.players();
    for p in players {
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
    let np = players.len();
    // cca-chess 八(六): a team event whose teams play a round robin is a
    // round robin (循环赛（包括团体赛中的循环赛）).
    let rr = event.rated_as_round_robin();
    // cca-chess 八(十五): in an international event foreign players count at
    // their international rating, Chinese opponents at the higher of the two.
    let international = event.details().international;
    let half = Decimal::new(5, 1);
    let year = event_year(event);

    // 1. Rounds of every player, from the pairings.
    let mut raws: Vec<Vec<Raw>> = (0..np).map(|_| Vec::new()).collect();
    let idx = |id: PlayerId| event.player_index(id).expect("validated by Event::new");
    for pairing in event.pairings() {
        match *pairing {
            Pairing::Game {
                round,
                white,
                black,
                result,
            } => {
                let (w, b) = (idx(white), idx(black));
                let ws = result.white_score();
                let (wk, bk) = match result {
                    GameResult::Played(_) => (LineKind::Played, LineKind::Played),
                    GameResult::WhiteWinsByForfeit => (LineKind::ForfeitWin, LineKind::ForfeitLoss),
                    GameResult::BlackWinsByForfeit => (LineKind::ForfeitLoss, LineKind::ForfeitWin),
                    GameResult::DoubleForfeit => (LineKind::DoubleForfeit, LineKind::DoubleForfeit),
                };
                raws[w].push(Raw {
                    round,
                    opp: Some(b),
                    colour: Some(Colour::White),
                    kind: wk,
                    score: ws,
                });
                raws[b].push(Raw {
                    round,
                    opp: Some(w),
                    colour: Some(Colour::Black),
                    kind: bk,
                    score: ws.map(|s| Decimal::ONE - s),
                });
            }
            Pairing::Bye {
                round,
                player,
                kind,
            } => {
                let score = match kind {
                    ByeKind::Full => Decimal::ONE,
                    ByeKind::Half => half,
                    ByeKind::Zero => Decimal::ZERO,
                };
                raws[idx(player)].push(Raw {
                    round,
                    opp: None,
                    colour: None,
                    kind: LineKind::Bye(kind),
                    score: Some(score),
                });
            }
        }
    }
    for r in &mut raws {
        r.sort_by_key(|x| x.round);
    }

    // 2. Status, event scores, points in played games.
    let status: Vec<Status> = players
        .iter()
        .map(|p| match p.rating {
            _ if international && p.foreign => match p.international_rating.or(p.rating) {
                Some(r) => Status::Rated(r),
                None => Status::Unrated(profile.provisional_rating(p)),
            },
            Some(r) if u_below(profile, p).is_none_or(|b| r >= b) => Status::Rated(r),
            Some(_) => Status::Unrated(profile.provisional_rating(p)),
            None if profile.unrated.rule == UnratedRule::BaseRating => {
                Status::Base(profile.provisional_rating(p))
            }
            None => Status::Unrated(profile.provisional_rating(p)),
        })
        .collect();
    let mut notes = Vec::new();
    for (p, st) in players.iter().zip(&status) {
        if let (Some(r), Status::Unrated(ru), Some(below)) = (p.rating, *st, u_below(profile, p)) {
            notes.push(format!(
                "player {}: rating {r} is below {below} ({}): counted as unrated at {ru}",
                p.id, profile.unrated.article
            ));
        }
    }
    let event_score: Vec<Decimal> = raws
        .iter()
        .map(|r| r.iter().filter_map(|x| x.score).sum())
        .collect();
    let zero_void = match profile.games.unrated_zero_score_voids {
        ZeroScoreVoid::Never => false,
        ZeroScoreVoid::RoundRobin => rr,
        ZeroScoreVoid::Always => true,
    };
    // An unrated player "scored 0" when they played games over the board and
    // won no point in them (Choice: byes and forfeits do not rescue them).
    let voided: Vec<bool> = (0..np)
        .map(|i| {
            zero_void
                && !status[i].counts_as_rated()
                && raws[i].iter().any(|x| x.kind == LineKind::Played)
                && raws[i]
                    .iter()
                    .filter(|x| x.kind == LineKind::Played)
                    .all(|x| x.score == Some(Decimal::ZERO))
        })
        .collect();
    let unrated_count = status.iter().filter(|s| !s.counts_as_rated()).count();
    let unrated_share = if np == 0 {
        Decimal::ZERO
    } else {
        Decimal::from(unrated_count as u64) / Decimal::from(np as u64)
    };

    // 3. Which games count.
    let decide = |i: usize, x: &Raw| -> Result<usize, NotCounted> {
        let j = match (x.kind, x.opp) {
            (LineKind::Bye(_), _) | (_, None) => return Err(NotCounted::Bye),
            (LineKind::DoubleForfeit, _) => return Err(NotCounted::DoubleForfeit),
            (_, Some(j)) => j,
        };
        if matches!(x.kind, LineKind::ForfeitWin | LineKind::ForfeitLoss)
            && !profile.games.unplayed_count
        {
            return Err(NotCounted::Unplayed);
        }
        // cca-chess 八(十二): 与国际象棋电脑比赛的成绩也不能获得等级分和称号.
        if players[i].computer || players[j].computer {
            return Err(NotCounted::Computer);
        }
        let (ri, rj) = (status[i].counts_as_rated(), status[j].counts_as_rated());
        if !ri && !rj {
            return Err(NotCounted::BothUnrated);
        }
        if voided[i] {
            return Err(NotCounted::ScoredZero);
        }
        if voided[j] {
            return Err(NotCounted::OpponentScoredZero);
        }
        if ri && !rj {
            match profile.games.rated_vs_unrated {
                RatedVsUnrated::Count => {}
                RatedVsUnrated::RoundRobinOnly if rr => {}
                RatedVsUnrated::RoundRobinOnly | RatedVsUnrated::Never => {
                    return Err(NotCounted::OpponentUnrated);
                }
            }
        }
        Ok(j)
    };
    let mut decisions: Vec<Vec<Result<usize, NotCounted>>> = (0..np)
        .map(|i| raws[i].iter().map(|x| decide(i, x)).collect())
        .collect();
    let u = &profile.unrated;
    if u.rule == UnratedRule::Performance && !rr && u.min_games_in_event > 0 {
        for i in 0..np {
            if status[i].counts_as_rated() {
                continue;
            }
            let n = decisions[i].iter().filter(|d| d.is_ok()).count() as u32;
            if n > 0 && n < u.min_games_in_event {
                for d in decisions[i].iter_mut().filter(|d| d.is_ok()) {
                    *d = Err(NotCounted::TooFewRatedOpponents);
                }
            }
        }
    }

    let counted_w = |i: usize| -> (u32, Decimal) {
        let mut n = 0;
        let mut w = Decimal::ZERO;
        for (x, d) in raws[i].iter().zip(&decisions[i]) {
            if d.is_ok() {
                n += 1;
                w += x.score.unwrap_or_default();
            }
        }
        (n, w)
    };

    // 4. cca-chess 八(六): a round robin with too many unrated players.
    let mut tournament_average = None;
    let mut first_rp: Vec<Option<Decimal>> = vec![None; np];
    let special_rr = u.rule == UnratedRule::Performance
        && rr
        && u.round_robin_share.is_some_and(|s| unrated_share > s)
        && status.iter().any(|s| s.counts_as_rated());
    if special_rr {
        let rated: Vec<usize> = (0..np).filter(|&i| status[i].counts_as_rated()).collect();
        let rar: Decimal = rated.iter().map(|&i| status[i].rating()).sum::<Decimal>()
            / Decimal::from(rated.len() as u64);
        let mut dps = Decimal::ZERO;
        for &i in &rated {
            let (n, w) = counted_w(i);
            if n > 0 {
                dps += profile.difference_for_score(w / Decimal::from(n));
            }
        }
        let dpa = dps / Decimal::from(rated.len() as u64);
        let m = Decimal::from(np as u64);
        let n_opp = m - Decimal::ONE;
        let ra = profile.round(rar - dpa * n_opp / m, profile.rounding.opponents_average);
        tournament_average = Some(ra);
        let dpa_text = if dpa.is_sign_negative() {
            format!("({})", dpa.round_dp(2))
        } else {
            dpa.round_dp(2).to_string()
        };
        notes.push(format!(
            "unrated share {} > {}: tournament average \
             Ra = Rar − dpa × (n/m) = {} − {} × ({}/{}) = {} ({})",
            unrated_share.round_dp(4).normalize(),
            u.round_robin_share.unwrap_or_default(),
            rar.round_dp(2),
            dpa_text,
            n_opp,
            m,
            ra.round_dp(2),
            u.article
        ));
        for i in 0..np {
            if status[i].counts_as_rated() || voided[i] {
                continue;
            }
            let (n, w) = counted_w(i);
            if n == 0 {
                continue;
            }
            let (nd, md) = (Decimal::from(n), Decimal::from(n + 1));
            let p = w / nd;
            let rp = if p < half {
                ra + profile.difference_for_score(p) * nd / md
            } else {
                ra
            };
            first_rp[i] = Some(rp);
        }
    }

    // The rating player i's calculation uses for player j.
    let view = |i: usize, j: usize| -> Decimal {
        let mut r = first_rp[j].unwrap_or_else(|| status[j].rating());
        if international
            && !players[j].foreign
            && let (Some(n), Some(x)) = (players[j].rating, players[j].international_rating)
            && status[j].counts_as_rated()
        {
            // 中国对手在国际和国内两个等级分中选择较高的一个为准.
            r = n.max(x);
        }
        if let Some(mx) = &profile.mixed_sex
            && players[i].sex == Sex::Male
            && players[j].sex == Sex::Female
            && r < mx.floor
        {
            r = mx.floor;
        }
        r
    };

    // 5. Champion.
    let champion = if profile.champion.protected && event.system() != EventSystem::Team {
        find_champion(event, &event_score)
    } else {
        None
    };
    let board_champions = if profile.champion.protected && event.system() == EventSystem::Team {
        find_board_champions(players, &raws)
    } else {
        Vec::new()
    };
    let protected: Vec<PlayerId> = champion
        .into_iter()
        .chain(board_champions.iter().copied())
        .collect();

    let formula_for_system = if rr {
        profile.expected.round_robin
    } else {
        profile.expected.swiss
    };
    let articles = Articles {
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
    };

    // 6. Every player.
    let mut reports = Vec::with_capacity(np);
    for i in 0..np {
        let player = &players[i];
        let mut flags = Vec::new();
        let games: Vec<GameLine> = raws[i]
            .iter()
            .zip(&decisions[i])
            .map(|(x, d)| GameLine {
                round: x.round,
                opponent: x.opp.map(|j| players[j].id),
                colour: x.colour,
                kind: x.kind,
                score: x.score,
                opponent_rating: x.opp.map(|j| view(i, j)),
                counted: d.is_ok(),
                not_counted: d.err(),
                expected: None,
                difference_capped: false,
            })
            .collect();
        let mut report = PlayerReport {
            id: player.id,
            name: player.name.clone(),
            sex: player.sex,
            rating_before: player.rating,
            rating_used: status[i].rating(),
            rating_source: match status[i] {
                Status::Rated(_) => RatingSource::Published,
                Status::Unrated(_) => RatingSource::Provisional,
                Status::Base(_) => RatingSource::Base,
            },
            games,
            games_counted: 0,
            score: Decimal::ZERO,
            event_score: event_score[i],
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
            articles: articles.clone(),
        };
        let (n, w) = counted_w(i);
        report.games_counted = n;
        report.score = w;
        if let Status::Base(b) = status[i] {
            flags.push(Flag::BaseRating { rating: b });
        }
        if voided[i] {
            flags.push(Flag::ScoredZero);
        }

        let unrated_rule = match status[i] {
            Status::Unrated(_) => Some(u.rule),
            _ => None,
        };
        let formula = if special_rr {
            ExpectedFormula::NTimesP
        } else {
            formula_for_system
        };
        match unrated_rule {
            None | Some(UnratedRule::Provisional) | Some(UnratedRule::BaseRating) => {
                let unrated = unrated_rule.is_some();
                let ro = status[i].rating();
                if n == 0 {
                    report.change = Some(Decimal::ZERO);
                    if !unrated {
                        report.rating_after = Some(profile.publish(ro));
                    }
                } else {
                    report.method = formula.into();
                    let elo = expected(profile, &mut report.games, ro, formula);
                    let kc = k_choice(profile, player, unrated, year, n, &mut flags);
                    apply_elo(profile, &mut report, &elo, kc);
                    if report.difference_capped {
                        flags.push(Flag::DifferenceCapped {
                            from: elo.d_raw.unwrap_or_default(),
                            to: elo.d.unwrap_or_default(),
                        });
                    }
                    if let (Some(ra), Some(nn)) = (elo.ra, (n > 0).then_some(n)) {
                        report.performance =
                            Some(ra + profile.difference_for_score(w / Decimal::from(nn)));
                    }
                    protect_champion(profile, &protected, &mut report, &mut flags);
                    let after = ro + report.change.unwrap_or_default();
                    if unrated {
                        let games = player.rated_games.saturating_add(n);
                        publish_first(profile, player.sex, after, games, &mut report, &mut flags);
                    } else {
                        report.rating_after =
                            Some(profile.new_rating(ro, report.change.unwrap_or_default()));
                    }
                }
                if !unrated {
                    below_minimum(profile, player.sex, &mut report, &mut flags);
                }
            }
            Some(UnratedRule::Performance) => {
                let ru = status[i].rating();
                if let Some(rp) = first_rp[i] {
                    // 八(六): first rating from the tournament average, then ΔR by 八(二).
                    report.rating_used = rp;
                    report.rating_source = RatingSource::TournamentAverage;
                    report.method = Method::NTimesP;
                    let elo = expected(profile, &mut report.games, rp, ExpectedFormula::NTimesP);
                    let kc = k_choice(profile, player, true, year, n, &mut flags);
                    apply_elo(profile, &mut report, &elo, kc);
                    protect_champion(profile, &protected, &mut report, &mut flags);
                    let perf = rp + report.change.unwrap_or_default();
                    report.performance = Some(perf);
                    finish_performance(profile, player, ru, perf, n, &mut report, &mut flags);
                } else if n > 0 {
                    report.method = Method::Performance;
                    let sum: Decimal = report
                        .games
                        .iter()
                        .filter(|g| g.counted)
                        .filter_map(|g| g.opponent_rating)
                        .sum();
                    let nd = Decimal::from(n);
                    let rc = profile.round(sum / nd, profile.rounding.opponents_average);
                    report.opponents_average = Some(rc);
                    let p = w / nd;
                    report.expected_fraction = None;
                    let perf = if p <= half {
                        let dp = profile.difference_for_score(p);
                        report.dp = Some(dp);
                        rc + dp
                    } else {
                        let k = u.k.unwrap_or(profile.k.default);
                        report.k = Some(k);
                        report.k_reason =
                            Some(format!("{}: Rp = Rc + K(w − n/2) above 50%", u.article));
                        report.k_reason_zh = Some(format!(
                            "{}：得分率超过50%，Rp = Rc + K(w − n/2)",
                            u.article
                        ));
                        rc + Decimal::from(k) * (w - nd * half)
                    };
                    report.performance = Some(perf);
                    finish_performance(profile, player, ru, perf, n, &mut report, &mut flags);
                } else if !voided[i] {
                    let games = player.rated_games;
                    flags.push(Flag::NotYetRated {
                        games,
                        minimum: u.games_for_rating,
                    });
                }
                if let Some(min) = (!rr && u.min_games_in_event > 0).then_some(u.min_games_in_event)
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
                fide_initial(profile, player, n, w, &mut report, &mut flags);
            }
        }
        if international && player.foreign {
            // A foreign player is not rated on the national list.
            flags.push(Flag::Foreign {
                rating: status[i].rating(),
            });
            report.change = None;
            report.rating_after = None;
        }
        if player.computer {
            flags.push(Flag::Computer);
        }
        report.flags = flags;
        reports.push(report);
    }

    let conditions = crate::conditions::check_event(event, profile);
    Ok(EventReport {
        event: event.name().to_string(),
        profile: profile.name.clone(),
        profile_title: profile.title.clone(),
        system: event.system(),
        formula: if special_rr {
            Method::NTimesP
        } else {
            formula_for_system.into()
        },
        champion,
        board_champions,
        unrated_share,
        tournament_average,
        notes,
        warnings: crate::conditions::warnings(&conditions),
        conditions,
        players: reports,
    })
}

/// The profile's rated-event conditions that the event does not meet, as
/// warnings naming their articles ([`crate::conditions::check_event`]).
pub fn check_conditions(event: &Event, profile: &Profile) -> Vec<String> {
    crate::conditions::warnings(&crate::conditions::check_event(event, profile))
}

/// The line below which a rating counts as none, for this player.
fn u_below(profile: &Profile, p: &crate::model::Player) -> Option<Decimal> {
    profile.unrated.unrated_below.map(|b| b.get(p.sex))
}

/// In a team event, the player with the best score fraction on each board
/// (unique), for boards that players' data give.
fn find_board_champions(players: &[crate::model::Player], raws: &[Vec<Raw>]) -> Vec<PlayerId> {
    let mut boards: Vec<u32> = players.iter().filter_map(|p| p.board).collect();
    boards.sort_unstable();
    boards.dedup();
    let mut out = Vec::new();
    for b in boards {
        let mut best: Option<(Decimal, usize, bool)> = None;
        for (i, p) in players.iter().enumerate() {
            let lines = || {
                raws[i]
                    .iter()
                    .filter(|x| x.opp.is_some() && x.score.is_some())
            };
            let games = lines().count();
            let points: Decimal = lines().filter_map(|x| x.score).sum();
            if p.board != Some(b) || games == 0 {
                continue;
            }
            let fraction = points / Decimal::from(games as u64);
            best = match best {
                Some((f, _, _)) if fraction < f => best,
                Some((f, j, _)) if fraction == f => Some((f, j, true)),
                _ => Some((fraction, i, false)),
            };
        }
        if let Some((_, i, false)) = best {
            out.push(players[i].id);
        }
    }
    out
}

/// The champion: the player ranked 1 when ranks are given, else the unique
/// top scorer.
fn find_champion(event: &Event, scores: &[Decimal]) -> Option<PlayerId> {
    let players = event.players();
    if players.iter().any(|p| p.rank.is_some()) {
        let mut firsts = players.iter().filter(|p| p.rank == Some(1));
        let first = firsts.next()?;
        return firsts.next().is_none().then_some(first.id);
    }
    let best = scores.iter().copied().max()?;
    let mut top = (0..players.len()).filter(|&i| scores[i] == best);
    let first = top.next()?;
    top.next().is_none().then_some(players[first].id)
}

/// Ra / Rall / D / P / We for a player rated `ro`, over the counted lines.
fn expected(
    profile: &Profile,
    games: &mut [GameLine],
    ro: Decimal,
    formula: ExpectedFormula,
) -> Elo {
    let mut e = Elo::default();
    let mut sum = Decimal::ZERO;
    for g in games.iter().filter(|g| g.counted) {
        e.n += 1;
        e.w += g.score.unwrap_or_default();
        sum += g.opponent_rating.unwrap_or_default();
    }
    if e.n == 0 {
        return e;
    }
    let nd = Decimal::from(e.n);
    let ra = profile.round(sum / nd, profile.rounding.opponents_average);
    e.ra = Some(ra);
    match formula {
        ExpectedFormula::NTimesP => {
            let (d, capped) = profile.capped_difference(ro, ra);
            let p = profile.expected_fraction(d);
            e.d_raw = Some(ro - ra);
            e.d = Some(d);
            e.capped = capped;
            e.p = Some(p);
            e.we = Some(nd * p);
        }
        ExpectedFormula::MTimesPaMinusHalf => {
            // M = the player and their distinct counted opponents; Rall their
            // average. In a double round robin (every opponent met twice) the
            // single-round-robin value is scaled by N / (M − 1).
            let mut opps: Vec<(PlayerId, Decimal)> = games
                .iter()
                .filter(|g| g.counted)
                .filter_map(|g| g.opponent.zip(g.opponent_rating))
                .collect();
            opps.sort_by_key(|o| o.0);
            opps.dedup_by_key(|o| o.0);
            let m = opps.len() as u32 + 1;
            let total = ro + opps.iter().map(|o| o.1).sum::<Decimal>();
            let md = Decimal::from(m);
            let rall = profile.round(total / md, profile.rounding.opponents_average);
            let (d, capped) = profile.capped_difference(ro, rall);
            let pa = profile.expected_fraction(d);
            let single = md * pa - Decimal::new(5, 1);
            e.rall = Some(rall);
            e.m = Some(m);
            e.d_raw = Some(ro - rall);
            e.d = Some(d);
            e.capped = capped;
            e.p = Some(pa);
            e.we = Some(single * nd / (md - Decimal::ONE));
        }
        ExpectedFormula::PerGame => {
            let mut we = Decimal::ZERO;
            for g in games.iter_mut().filter(|g| g.counted) {
                let (d, capped) =
                    profile.capped_difference(ro, g.opponent_rating.unwrap_or_default());
                let p = profile.expected_fraction(d);
                g.expected = Some(p);
                g.difference_capped = capped;
                e.capped |= capped;
                we += p;
            }
            e.d_raw = Some(ro - ra);
            e.d = Some(ro - ra);
            e.we = Some(we);
        }
    }
    e
}

/// K for a player, with the K × n limit.
fn k_choice(
    profile: &Profile,
    player: &crate::model::Player,
    unrated: bool,
    year: Option<i32>,
    n: u32,
    flags: &mut Vec<Flag>,
) -> (u32, String, String) {
    let kc = profile.k_for(player, unrated, year);
    let mut k = kc.k;
    let mut reason = kc.reason;
    let mut reason_zh = kc.reason_zh;
    if let Some(max) = profile.k.max_k_times_games
        && n > 0
        && u64::from(k) * u64::from(n) > u64::from(max)
    {
        let limited = (max / n).max(1);
        flags.push(Flag::KLimited {
            from: k,
            to: limited,
            max,
        });
        reason = format!("{reason}; K × n ≤ {max}: {k} × {n} > {max} → K = {limited}");
        reason_zh = format!("{reason_zh}；K × n ≤ {max}：{k} × {n} > {max} → K = {limited}");
        k = limited;
    }
    (k, reason, reason_zh)
}

fn apply_elo(
    profile: &Profile,
    report: &mut PlayerReport,
    elo: &Elo,
    (k, reason, reason_zh): (u32, String, String),
) {
    report.opponents_average = elo.ra;
    report.all_players_average = elo.rall;
    report.players_m = elo.m;
    report.difference = elo.d;
    report.difference_capped = elo.capped;
    report.expected_fraction = elo.p;
    report.expected_score = elo.we;
    report.k = Some(k);
    report.k_reason = Some(reason);
    report.k_reason_zh = Some(reason_zh);
    let raw = crate::elo::change(k, elo.w, elo.we.unwrap_or_default());
    report.change = Some(profile.round(raw, profile.rounding.change));
}

fn protect_champion(
    profile: &Profile,
    champions: &[PlayerId],
    report: &mut PlayerReport,
    flags: &mut Vec<Flag>,
) {
    if profile.champion.protected
        && champions.contains(&report.id)
        && let Some(c) = report
            .change
            .filter(|c| c.is_sign_negative() && !c.is_zero())
    {
        flags.push(Flag::ChampionProtected { change: c });
        report.change = Some(Decimal::ZERO);
    }
}

fn below_minimum(profile: &Profile, sex: Sex, report: &mut PlayerReport, flags: &mut Vec<Flag>) {
    if let (Some(min), Some(after)) = (profile.minimum_published(sex), report.rating_after)
        && after < min
    {
        flags.push(Flag::BelowMinimum {
            rating: after,
            minimum: min,
        });
    }
}

/// An unrated player's first rating: enough games, then the minimum.
fn publish_first(
    profile: &Profile,
    sex: Sex,
    rating: Decimal,
    games: u32,
    report: &mut PlayerReport,
    flags: &mut Vec<Flag>,
) {
    let need = profile.unrated.games_for_rating;
    if games < need {
        flags.push(Flag::NotYetRated {
            games,
            minimum: need,
        });
        return;
    }
    let r = profile.publish(rating);
    match profile.minimum_published(sex) {
        Some(min) if r < min => flags.push(Flag::BelowMinimum {
            rating: r,
            minimum: min,
        }),
        _ => {
            report.rating_after = Some(r);
            flags.push(Flag::FirstRating { rating: r });
        }
    }
}

fn finish_performance(
    profile: &Profile,
    player: &crate::model::Player,
    ru: Decimal,
    perf: Decimal,
    n: u32,
    report: &mut PlayerReport,
    flags: &mut Vec<Flag>,
) {
    if profile.unrated.void_at_or_below_provisional && perf <= ru {
        flags.push(Flag::PerformanceVoid {
            performance: perf,
            provisional: ru,
        });
        return;
    }
    publish_first(
        profile,
        player.sex,
        perf,
        player.rated_games.saturating_add(n),
        report,
        flags,
    );
}

/// FIDE B.02 8.2: Ru = Ra + dp with imaginary drawn opponents.
fn fide_initial(
    profile: &Profile,
    player: &crate::model::Player,
    n: u32,
    w: Decimal,
    report: &mut PlayerReport,
    flags: &mut Vec<Flag>,
) {
    let u = &profile.unrated;
    if n == 0 {
        if !flags.contains(&Flag::ScoredZero) {
            flags.push(Flag::NotYetRated {
                games: player.rated_games,
                minimum: u.games_for_rating,
            });
        }
        return;
    }
    report.method = Method::FideInitial;
    report.imaginary_opponents = Some(ImaginaryOpponents {
        count: u.imaginary_opponents,
        rating: u.imaginary_rating,
    });
    report.rating_source = RatingSource::Imaginary;
    let sum: Decimal = report
        .games
        .iter()
        .filter(|g| g.counted)
        .filter_map(|g| g.opponent_rating)
        .sum();
    let imag = Decimal::from(u.imaginary_opponents);
    let total = Decimal::from(n) + imag;
    let ra = profile.round(
        (sum + imag * u.imaginary_rating) / total,
        profile.rounding.opponents_average,
    );
    let p = (w + imag * Decimal::new(5, 1)) / total;
    let dp = profile.difference_for_score(p);
    report.opponents_average = Some(ra);
    report.expected_fraction = Some(p);
    report.dp = Some(dp);
    let mut ru = ra + dp;
    report.performance = Some(ru);
    report.rating_used = ru;
    if let Some(cap) = u.cap.filter(|&c| ru > c) {
        flags.push(Flag::FirstRatingCapped { from: ru, to: cap });
        ru = cap;
    }
    let games = player.rated_games.saturating_add(n);
    if games < u.games_for_rating {
        flags.push(Flag::NotYetRated {
            games,
            minimum: u.games_for_rating,
        });
        return;
    }
    let r = profile.publish(ru);
    match u.floor {
        Some(floor) if r < floor => flags.push(Flag::BelowMinimum {
            rating: r,
            minimum: floor,
        }),
        _ => {
            report.rating_after = Some(r);
            flags.push(Flag::FirstRating { rating: r });
        }
    }
}
