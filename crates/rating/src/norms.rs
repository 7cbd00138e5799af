//! Title norms (等级称号标准分) and title applications: the norm check of
//! an event (cxa-legacy 六, cca-chess 八(十三), the norm tables
//! `tables/norms-*.csv`), title applications (cca-chess 九, 十; cxa-legacy
//! 十; the requirements live in the title rules, see [`crate::titles`])
//! and the title-event conditions of cca-chess 六(一)(二) and cxa-legacy 六.
//!
//! ```
//! use qiyuan_rating::norms::{required_points, PointsRule};
//! use rust_decimal_macros::dec;
//! // cxa-legacy 六(三): 11 games at 57% = 6.27 → 6.5; at 64% = 7.04 → 7.
//! assert_eq!(required_points(PointsRule::XiangqiHalves, 11, 57), dec!(6.5));
//! assert_eq!(required_points(PointsRule::XiangqiHalves, 11, 64), dec!(7));
//! ```

use chrono::NaiveDate;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::conditions::{CheckStatus, ConditionCheck, arbiter_check, schedule_checks};
use crate::event::{RateError, rate};
use crate::model::{ArbiterGrade, Event, GameKind, PlayerId, Sex};
use crate::profile::{Fraction, Profile};
use crate::table::{NormBand, NormTitle, norm_band, xiangqi_required_points};
use crate::titles::{TitleEventCheck, TitleRules};

/// How the required points (games × percentage) are rounded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PointsRule {
    /// cxa-legacy 六(三): a fractional part in [0.1, 0.6) counts as .5, in
    /// [0.6, 1) as the next integer, below 0.1 is dropped.
    XiangqiHalves,
    /// The exact product; a score (a multiple of ½) must reach it
    /// (**Choice** for chess, where the seed does not round).
    Exact,
}

/// Which average decides the category (比赛等级) of a player's norm.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NormAverage {
    /// The event's average rating (all players, unrated at Ru), published
    /// before the start (cxa-legacy 六(三)).
    Event,
    /// The candidate's opponents and their own rating, ÷ (opponents + 1)
    /// (cca-chess 八(十三)).
    OpponentsAndOwn,
}

/// The conditions of a title event and how a norm is had.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NormRules {
    /// Which table.
    pub game: GameKind,
    /// At least this many players.
    pub min_players: Option<u32>,
    /// At least this many rounds.
    pub min_rounds: Option<u32>,
    /// No unit with more than this share of the players.
    pub max_unit_share: Option<Fraction>,
    /// At most this share of unrated players (0.2 = 20%).
    pub max_unrated_share: Option<Decimal>,
    /// The average used.
    pub average: NormAverage,
    /// Rounding of the required points.
    pub points: PointsRule,
    /// The article.
    pub article: String,
    /// The title rules of the field of title events (`titles/*.toml`).
    pub titles: Option<String>,
    /// At least this many arbiters of `arbiter_grade` or higher.
    pub min_arbiters: Option<u32>,
    /// Their grade.
    pub arbiter_grade: ArbiterGrade,
    /// At most this many days with two rounds (cca-chess 六(二)).
    pub max_double_days: Option<u32>,
    /// The last this-many rounds one a day (cca-chess 六(二)).
    pub last_rounds_single: Option<u32>,
    /// The article of the schedule rules.
    pub schedule_article: String,
}

impl NormRules {
    /// The rules of a profile: its `[norms]` section, on the norm table of
    /// its game. A profile without `[norms]` gets its game's defaults
    /// ([`NormRules::default_for`]).
    ///
    /// ```
    /// use qiyuan_rating::norms::{NormAverage, NormRules};
    /// use qiyuan_rating::profile::Profile;
    /// let r = NormRules::for_profile(&Profile::builtin("cxa-legacy").unwrap());
    /// assert_eq!((r.min_players, r.average), (Some(12), NormAverage::Event));
    /// ```
    pub fn for_profile(profile: &Profile) -> NormRules {
        match &profile.norms {
            Some(n) => NormRules {
                game: profile.game,
                min_players: n.min_players,
                min_rounds: n.min_rounds,
                max_unit_share: n.max_unit_share,
                max_unrated_share: n.max_unrated_share,
                average: n.average,
                points: n.points,
                article: n.article.clone(),
                titles: n.titles.clone(),
                min_arbiters: n.min_arbiters,
                arbiter_grade: n.arbiter_grade.unwrap_or(ArbiterGrade::National),
                max_double_days: n.max_double_days,
                last_rounds_single: n.last_rounds_single,
                schedule_article: n.schedule_article.clone(),
            },
            None => NormRules::default_for(profile.game),
        }
    }

    /// The defaults of a game, for a profile without `[norms]`: xiangqi
    /// from cxa-legacy 六 (≥ 12 players, ≤ ⅓ from one unit, ≤ 20% unrated,
    /// two national arbiters, event average, the .5 rounding, who may
    /// enter), chess from cca-chess 六 and 八(十三) (≥ 9 rounds, ≤ 20%
    /// unrated, one game a day but for one or two days, the last three
    /// rounds one a day, the field of 六(四), own rating in the average,
    /// exact points).
    pub fn default_for(game: GameKind) -> NormRules {
        match game {
            GameKind::Xiangqi => NormRules {
                game: GameKind::Xiangqi,
                min_players: Some(12),
                min_rounds: None,
                max_unit_share: Some(Fraction { num: 1, den: 3 }),
                max_unrated_share: Some(Decimal::new(2, 1)),
                average: NormAverage::Event,
                points: PointsRule::XiangqiHalves,
                article: "cxa-legacy 六".to_string(),
                titles: Some("cxa-legacy".into()),
                min_arbiters: Some(2),
                arbiter_grade: ArbiterGrade::National,
                max_double_days: None,
                last_rounds_single: None,
                schedule_article: String::new(),
            },
            GameKind::Chess => NormRules {
                game: GameKind::Chess,
                min_players: None,
                min_rounds: Some(9),
                max_unit_share: None,
                max_unrated_share: Some(Decimal::new(2, 1)),
                average: NormAverage::OpponentsAndOwn,
                points: PointsRule::Exact,
                article: "cca-chess 六(一)".to_string(),
                titles: Some("cca-chess".into()),
                min_arbiters: None,
                arbiter_grade: ArbiterGrade::National,
                max_double_days: Some(2),
                last_rounds_single: Some(3),
                schedule_article: "cca-chess 六(二)".to_string(),
            },
        }
    }
}

/// Required points for a norm: `games × pct / 100`, rounded by `rule`.
pub fn required_points(rule: PointsRule, games: u32, pct: u32) -> Decimal {
    match rule {
        PointsRule::XiangqiHalves => xiangqi_required_points(games, pct),
        PointsRule::Exact => Decimal::from(games) * Decimal::from(pct) / Decimal::ONE_HUNDRED,
    }
}

/// The titles whose norms a player of this sex may earn (women's results
/// count for the men's titles too, cxa-legacy 六(四)).
pub fn titles_for(sex: Sex) -> &'static [NormTitle] {
    match sex {
        Sex::Male => &[NormTitle::Master, NormTitle::Grandmaster],
        Sex::Female => &[
            NormTitle::WomanMaster,
            NormTitle::WomanGrandmaster,
            NormTitle::Master,
            NormTitle::Grandmaster,
        ],
    }
}

/// One title's norm for one player.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NormResult {
    /// The title.
    pub title: NormTitle,
    /// Required percentage from the table, if the band allows this norm.
    pub required_pct: Option<u32>,
    /// Required points.
    pub required_points: Option<Decimal>,
    /// True when the norm is achieved.
    pub achieved: bool,
    /// Why not, when not.
    pub reason: Option<String>,
}

/// A player's norm check.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerNorms {
    /// Id.
    pub id: PlayerId,
    /// Name.
    pub name: String,
    /// Sex.
    pub sex: Sex,
    /// Games that count.
    pub games: u32,
    /// Points in them.
    pub score: Decimal,
    /// The average deciding the category (exact).
    pub average: Option<Decimal>,
    /// Its band.
    pub band: Option<(u32, u32)>,
    /// 比赛等级 in the player's scale.
    pub category: Option<u32>,
    /// One result per title the player may earn.
    pub results: Vec<NormResult>,
}

/// The norm check of an event.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NormReport {
    /// Event name.
    pub event: String,
    /// The rules used.
    pub rules: NormRules,
    /// The event's average rating (all players, unrated at Ru).
    pub event_average: Option<Decimal>,
    /// True when the event meets the title-event conditions.
    pub qualifies: bool,
    /// The conditions it does not meet.
    pub reasons: Vec<String>,
    /// The schedule and arbiter conditions checked: met, failed (also in
    /// `reasons`) or not checked for want of data.
    pub checks: Vec<ConditionCheck>,
    /// The field of each title's title event (cca-chess 六(四), cxa-legacy
    /// 六(四)); a title whose field fails gives no norm.
    pub title_events: Vec<TitleEventCheck>,
    /// Players in event order.
    pub players: Vec<PlayerNorms>,
}

/// Checks an event's norms with the profile's [`NormRules`].
pub fn check_norms(event: &Event, profile: &Profile) -> Result<NormReport, RateError> {
    check_norms_with(event, profile, &NormRules::for_profile(profile))
}

/// Checks an event's norms: the event's conditions, then every player's
/// score against the table's required percentage.
///
/// The games that count and the ratings used for unrated opponents are
/// the profile's (those of [`crate::event::rate`]).
pub fn check_norms_with(
    event: &Event,
    profile: &Profile,
    rules: &NormRules,
) -> Result<NormReport, RateError> {
    let report = rate(event, profile)?;
    let players = event.players();
    let m = players.len() as u32;
    let mut reasons = Vec::new();
    if let Some(min) = rules.min_players.filter(|&min| m < min) {
        reasons.push(format!("{m} players, fewer than {min} ({})", rules.article));
    }
    let rounds = event
        .pairings()
        .iter()
        .map(|p| p.round())
        .max()
        .unwrap_or(0);
    if let Some(min) = rules.min_rounds.filter(|&min| rounds < min) {
        reasons.push(format!(
            "{rounds} rounds, fewer than {min} ({})",
            rules.article
        ));
    }
    if let Some(max) = rules.max_unrated_share {
        let unrated = report
            .players
            .iter()
            .filter(|p| p.rating_source != crate::event::RatingSource::Published)
            .count() as u32;
        if m > 0 && Decimal::from(unrated) > max * Decimal::from(m) {
            reasons.push(format!(
                "{unrated} of {m} players unrated, more than {}% ({})",
                (max * Decimal::ONE_HUNDRED).normalize(),
                rules.article
            ));
        }
    }
    if let Some(share) = rules.max_unit_share {
        if players.iter().any(|p| p.unit.is_none()) {
            reasons.push(format!(
                "not every player has a unit: the share of one unit (at most {share}) cannot be checked ({})",
                rules.article
            ));
        } else {
            let mut units: Vec<&str> = players.iter().filter_map(|p| p.unit.as_deref()).collect();
            units.sort_unstable();
            let mut i = 0;
            while i < units.len() {
                let j = units[i..].iter().take_while(|u| **u == units[i]).count();
                if (j as u64) * u64::from(share.den) > u64::from(m) * u64::from(share.num) {
                    reasons.push(format!(
                        "{j} of {m} players from {}, more than {share} ({})",
                        units[i], rules.article
                    ));
                }
                i += j;
            }
        }
    }
    let mut checks = Vec::new();
    if let Some(n) = rules.min_arbiters {
        checks.push(arbiter_check(event, &rules.article, n, rules.arbiter_grade));
    }
    checks.extend(schedule_checks(
        event,
        &rules.schedule_article,
        rules.max_double_days,
        rules.last_rounds_single,
    ));
    for c in checks.iter().filter(|c| c.status == CheckStatus::Failed) {
        reasons.push(format!("{} ({})", c.detail, c.article));
    }
    let qualifies = reasons.is_empty();
    let title_rules = rules
        .titles
        .as_deref()
        .and_then(|name| TitleRules::builtin(name).ok());
    let title_events: Vec<TitleEventCheck> = title_rules
        .iter()
        .flat_map(|t| {
            [
                NormTitle::WomanMaster,
                NormTitle::WomanGrandmaster,
                NormTitle::Master,
                NormTitle::Grandmaster,
            ]
            .into_iter()
            .filter_map(|n| t.title_event(event, n))
        })
        .collect();
    let event_average = (m > 0).then(|| {
        report
            .players
            .iter()
            .map(|p| p.rating_used)
            .sum::<Decimal>()
            / Decimal::from(m)
    });

    let mut out = Vec::with_capacity(players.len());
    for pr in &report.players {
        let counted: Vec<_> = pr.games.iter().filter(|g| g.counted).collect();
        let n = counted.len() as u32;
        let average = match rules.average {
            NormAverage::Event => event_average,
            NormAverage::OpponentsAndOwn => (n > 0).then(|| {
                let s: Decimal = counted.iter().filter_map(|g| g.opponent_rating).sum();
                (s + pr.rating_used) / Decimal::from(n + 1)
            }),
        };
        let band: Option<&NormBand> = average.and_then(|a| norm_band(rules.game, a));
        let mut results = Vec::new();
        for &title in titles_for(pr.sex) {
            let pct = band.and_then(|b| b.required_pct(title));
            let need = pct.map(|p| required_points(rules.points, n, p));
            let field = title_events.iter().find(|t| t.norm == title);
            let reason = if !qualifies {
                Some(format!(
                    "the event is not a title event: {}",
                    reasons.join("; ")
                ))
            } else if let Some(b) = band.filter(|b| b.extrapolated && pct.is_some()) {
                // The seed's table stops before this band: the row is the
                // spec's extrapolation, not a figure of the regulation.
                Some(format!(
                    "band {}–{} is beyond the seed's norm table (the row is extrapolated, \
                     not the regulation's)",
                    b.band_low, b.band_high
                ))
            } else if let Some(f) = field.filter(|f| !f.qualifies) {
                Some(format!(
                    "the field is not a {title:?} title event ({}): {}",
                    f.article,
                    f.details.join("; ")
                ))
            } else if n == 0 {
                Some("no game counts".to_string())
            } else if let Some(need) = need {
                (pr.score < need).then(|| format!("scored {} of {need} required", pr.score))
            } else {
                Some(match (average, band) {
                    (Some(a), Some(b)) => format!(
                        "average {} (band {}–{}) gives no {title:?} norm",
                        a.round_dp(2),
                        b.band_low,
                        b.band_high
                    ),
                    (Some(a), None) => {
                        format!("average {} is outside the norm table", a.round_dp(2))
                    }
                    _ => "no average".to_string(),
                })
            };
            results.push(NormResult {
                title,
                required_pct: pct,
                required_points: need,
                achieved: reason.is_none(),
                reason,
            });
        }
        out.push(PlayerNorms {
            id: pr.id,
            name: pr.name.clone(),
            sex: pr.sex,
            games: n,
            score: pr.score,
            average,
            band: band.map(|b| (b.band_low, b.band_high)),
            category: band.and_then(|b| b.category(pr.sex)),
            results,
        });
    }
    Ok(NormReport {
        event: event.name().to_string(),
        rules: rules.clone(),
        event_average,
        qualifies,
        reasons,
        checks,
        title_events,
        players: out,
    })
}

/// A norm a player holds, for a title application.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NormRecord {
    /// The title.
    pub title: NormTitle,
    /// The event it was earned in.
    pub event: String,
    /// The event's last day.
    pub date: NaiveDate,
    /// Games of the player in that event.
    pub games: u32,
}

/// What a title application by norms needs (the rules' `[[applications]]`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TitleRequirements {
    /// The title.
    pub title: NormTitle,
    /// A rating at or above this, whoever applies: the men's figure for the
    /// men's titles, the women's figure for the women's titles (cca-chess
    /// 九, 十); `None` where none is set (cxa-legacy 十).
    pub min_rating: Option<Decimal>,
    /// Norms needed, each from a different event.
    pub norms: u32,
    /// Events at least.
    pub min_events: u32,
    /// Games in those events at least.
    pub min_games: u32,
    /// Norms older than this many years expire.
    pub window_years: u32,
    /// The article.
    pub article: String,
}

impl TitleRequirements {
    /// The requirements of a title in the built-in title rules of a game:
    /// chess from cca-chess 九, 十 (男子大师 2400, 女子大师 2200, 男子特级大师
    /// 2550, 女子特级大师 2350; 2 events, 24 games, two norms, four years);
    /// xiangqi from cxa-legacy 十 (2 events, 18 games, two norms, four years,
    /// no rating threshold).
    pub fn for_title(game: GameKind, title: NormTitle) -> TitleRequirements {
        let name = match game {
            GameKind::Chess => "cca-chess",
            GameKind::Xiangqi => "cxa-legacy",
        };
        let rules = TitleRules::builtin(name).expect("built-in title rules parse");
        Self::from_rules(&rules, title).expect("the built-in rules have every application")
    }

    /// The requirements of a title in `rules`, if it has an application.
    pub fn from_rules(rules: &TitleRules, title: NormTitle) -> Option<TitleRequirements> {
        let a = rules.application(title)?;
        Some(TitleRequirements {
            title,
            min_rating: a.min_rating,
            norms: a.norms,
            min_events: a.min_events,
            min_games: a.min_games,
            window_years: rules.window_years,
            article: format!("{} {}", rules.name, a.article),
        })
    }
}

/// The decision on a title application.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TitleDecision {
    /// True when every requirement is met.
    pub granted: bool,
    /// The norms that count (in the window, one per event).
    pub norms_used: Vec<NormRecord>,
    /// The requirements not met.
    pub reasons: Vec<String>,
}

/// Decides a title application on `date` for a player of `sex` rated
/// `rating` holding `norms`.
///
/// ```
/// use chrono::NaiveDate;
/// use qiyuan_rating::model::{GameKind, Sex};
/// use qiyuan_rating::norms::{title_application, NormRecord, TitleRequirements};
/// use qiyuan_rating::table::NormTitle;
/// let d = |y| NaiveDate::from_ymd_opt(y, 5, 1).unwrap();
/// let norm = |e: &str, y| NormRecord { title: NormTitle::Master, event: e.into(), date: d(y), games: 9 };
/// let req = TitleRequirements::for_title(GameKind::Xiangqi, NormTitle::Master);
/// let ok = title_application(&req, Sex::Male, None, &[norm("a", 2024), norm("b", 2025)], d(2026));
/// assert!(ok.granted);
/// // One norm is more than four years old.
/// let late = title_application(&req, Sex::Male, None, &[norm("a", 2020), norm("b", 2025)], d(2026));
/// assert!(!late.granted);
/// ```
pub fn title_application(
    req: &TitleRequirements,
    sex: Sex,
    rating: Option<Decimal>,
    norms: &[NormRecord],
    date: NaiveDate,
) -> TitleDecision {
    // The sex decides which titles a player may apply for, not the figure:
    // a woman applying for the men's title needs the men's rating.
    let _ = sex;
    let app = crate::titles::Application {
        norm: req.title,
        title: String::new(),
        min_rating: req.min_rating,
        norms: req.norms,
        min_events: req.min_events,
        min_games: req.min_games,
        article: req.article.clone(),
    };
    let oldest = crate::titles::window_start(date, req.window_years);
    let (reasons, used) =
        crate::titles::check_application(&app, rating, norms, oldest, date, req.window_years);
    TitleDecision {
        granted: reasons.is_empty(),
        norms_used: used,
        reasons,
    }
}
