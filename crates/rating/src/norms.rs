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

/// Why an event is not a title event, or why a player has no norm: data,
/// worded in either language by [`NormReason::text`] (English by
/// `Display` and in JSON).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NormReason {
    /// Fewer players than the rules ask.
    FewPlayers {
        /// Players.
        players: u32,
        /// The minimum.
        min: u32,
        /// The article.
        article: String,
    },
    /// Fewer rounds than the rules ask.
    FewRounds {
        /// Rounds.
        rounds: u32,
        /// The minimum.
        min: u32,
        /// The article.
        article: String,
    },
    /// Too many unrated players.
    Unrated {
        /// Unrated players.
        unrated: u32,
        /// Players.
        players: u32,
        /// The largest share allowed, in percent.
        max_percent: Decimal,
        /// The article.
        article: String,
    },
    /// A player has no unit, so the share of one unit cannot be checked.
    UnitsMissing {
        /// The largest share of one unit.
        share: Fraction,
        /// The article.
        article: String,
    },
    /// Too many players from one unit.
    UnitShare {
        /// Players from the unit.
        count: u32,
        /// Players.
        players: u32,
        /// The unit.
        unit: String,
        /// The largest share allowed.
        share: Fraction,
        /// The article.
        article: String,
    },
    /// A schedule or arbiter condition failed.
    Condition(ConditionCheck),
    /// The event is not a title event (the reasons), so no norm is had.
    NotTitleEvent(Vec<NormReason>),
    /// The band is beyond the seed's norm table (an extrapolated row).
    Extrapolated {
        /// The band's lowest average.
        low: u32,
        /// Its highest.
        high: u32,
    },
    /// The field is not a title event of this title (cca-chess 六(四),
    /// cxa-legacy 六(四)).
    Field {
        /// The title.
        title: NormTitle,
        /// The article.
        article: String,
        /// What the field has, per clause (English).
        details: Vec<String>,
    },
    /// No game of the player counts.
    NoGame,
    /// Fewer points than required.
    Scored {
        /// Points.
        score: Decimal,
        /// Required.
        need: Decimal,
    },
    /// The average's band gives no norm of this title.
    NoNormInBand {
        /// The title.
        title: NormTitle,
        /// The average.
        average: Decimal,
        /// The band's lowest average.
        low: u32,
        /// Its highest.
        high: u32,
    },
    /// The average is outside the norm table.
    OutsideTable {
        /// The average.
        average: Decimal,
    },
    /// No average (no opponent).
    NoAverage,
}

impl NormReason {
    /// The reason in words, citing its article.
    ///
    /// ```
    /// use qiyuan_rating::Lang;
    /// use qiyuan_rating::norms::NormReason;
    /// let r = NormReason::FewPlayers { players: 11, min: 12, article: "cxa-legacy 六".into() };
    /// assert_eq!(r.text(Lang::En), "11 players, fewer than 12 (cxa-legacy 六)");
    /// assert_eq!(r.text(Lang::Zh), "棋手 11 名，少于 12 名（cxa-legacy 六）");
    /// ```
    pub fn text(&self, lang: crate::Lang) -> String {
        let en = lang == crate::Lang::En;
        let title = |t: &NormTitle| t.name(crate::Lang::Zh);
        match self {
            NormReason::FewPlayers {
                players,
                min,
                article,
            } if en => {
                format!("{players} players, fewer than {min} ({article})")
            }
            NormReason::FewPlayers {
                players,
                min,
                article,
            } => {
                format!("棋手 {players} 名，少于 {min} 名（{article}）")
            }
            NormReason::FewRounds {
                rounds,
                min,
                article,
            } if en => {
                format!("{rounds} rounds, fewer than {min} ({article})")
            }
            NormReason::FewRounds {
                rounds,
                min,
                article,
            } => {
                format!("{rounds} 轮，少于 {min} 轮（{article}）")
            }
            NormReason::Unrated {
                unrated,
                players,
                max_percent,
                article,
            } if en => format!(
                "{unrated} of {players} players unrated, more than {}% ({article})",
                max_percent.normalize()
            ),
            NormReason::Unrated {
                unrated,
                players,
                max_percent,
                article,
            } => format!(
                "{players} 名棋手中 {unrated} 名无等级分，超过 {}%（{article}）",
                max_percent.normalize()
            ),
            NormReason::UnitsMissing { share, article } if en => format!(
                "not every player has a unit: the share of one unit (at most {share}) cannot be checked ({article})"
            ),
            NormReason::UnitsMissing { share, article } => format!(
                "并非每名棋手都登记了单位：无法检查同一单位所占的比例（至多 {share}）（{article}）"
            ),
            NormReason::UnitShare {
                count,
                players,
                unit,
                share,
                article,
            } if en => {
                format!("{count} of {players} players from {unit}, more than {share} ({article})")
            }
            NormReason::UnitShare {
                count,
                players,
                unit,
                share,
                article,
            } => {
                format!("{players} 名棋手中 {count} 名来自{unit}，超过 {share}（{article}）")
            }
            NormReason::Condition(c) if en => format!("{} ({})", c.detail, c.article),
            NormReason::Condition(c) => format!("{}（{}）", c.detail_zh, c.article),
            NormReason::NotTitleEvent(rs) => {
                let each: Vec<String> = rs.iter().map(|r| r.text(lang)).collect();
                if en {
                    format!("the event is not a title event: {}", each.join("; "))
                } else {
                    format!("本赛事不是称号赛事：{}", each.join("；"))
                }
            }
            NormReason::Extrapolated { low, high } if en => format!(
                "band {low}–{high} is beyond the seed's norm table (the row is extrapolated, not the regulation's)"
            ),
            NormReason::Extrapolated { low, high } => {
                format!("{low}–{high} 分段超出规定的标准分表（该行为推算，不是规定的数字）")
            }
            NormReason::Field {
                title: t,
                article,
                details,
            } if en => format!(
                "the field is not a {t:?} title event ({article}): {}",
                details.join("; ")
            ),
            NormReason::Field {
                title: t, article, ..
            } => {
                format!("参赛阵容不符合{}称号赛的规定（{article}）", title(t))
            }
            NormReason::NoGame if en => "no game counts".into(),
            NormReason::NoGame => "没有计分的对局".into(),
            NormReason::Scored { score, need } if en => {
                format!("scored {score} of {need} required")
            }
            NormReason::Scored { score, need } => format!("得分 {score}，需 {need}"),
            NormReason::NoNormInBand {
                title: t,
                average,
                low,
                high,
            } if en => format!(
                "average {} (band {low}–{high}) gives no {t:?} norm",
                average.round_dp(2)
            ),
            NormReason::NoNormInBand {
                title: t,
                average,
                low,
                high,
            } => format!(
                "平均等级分 {}（{low}–{high} 分段）不设{}标准分",
                average.round_dp(2),
                title(t)
            ),
            NormReason::OutsideTable { average } if en => {
                format!("average {} is outside the norm table", average.round_dp(2))
            }
            NormReason::OutsideTable { average } => {
                format!("平均等级分 {} 不在标准分表内", average.round_dp(2))
            }
            NormReason::NoAverage if en => "no average".into(),
            NormReason::NoAverage => "没有平均等级分".into(),
        }
    }
}

impl std::fmt::Display for NormReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(crate::Lang::En))
    }
}

impl Serialize for NormReason {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
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
    pub reason: Option<NormReason>,
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
    pub reasons: Vec<NormReason>,
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
        reasons.push(NormReason::FewPlayers {
            players: m,
            min,
            article: rules.article.clone(),
        });
    }
    let rounds = event
        .pairings()
        .iter()
        .map(|p| p.round())
        .max()
        .unwrap_or(0);
    if let Some(min) = rules.min_rounds.filter(|&min| rounds < min) {
        reasons.push(NormReason::FewRounds {
            rounds,
            min,
            article: rules.article.clone(),
        });
    }
    if let Some(max) = rules.max_unrated_share {
        let unrated = report
            .players
            .iter()
            .filter(|p| p.rating_source != crate::event::RatingSource::Published)
            .count() as u32;
        if m > 0 && Decimal::from(unrated) > max * Decimal::from(m) {
            reasons.push(NormReason::Unrated {
                unrated,
                players: m,
                max_percent: max * Decimal::ONE_HUNDRED,
                article: rules.article.clone(),
            });
        }
    }
    if let Some(share) = rules.max_unit_share {
        if players.iter().any(|p| p.unit.is_none()) {
            reasons.push(NormReason::UnitsMissing {
                share,
                article: rules.article.clone(),
            });
        } else {
            let mut units: Vec<&str> = players.iter().filter_map(|p| p.unit.as_deref()).collect();
            units.sort_unstable();
            let mut i = 0;
            while i < units.len() {
                let j = units[i..].iter().take_while(|u| **u == units[i]).count();
                if (j as u64) * u64::from(share.den) > u64::from(m) * u64::from(share.num) {
                    reasons.push(NormReason::UnitShare {
                        count: j as u32,
                        players: m,
                        unit: units[i].to_string(),
                        share,
                        article: rules.article.clone(),
                    });
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
        reasons.push(NormReason::Condition(c.clone()));
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
                Some(NormReason::NotTitleEvent(reasons.clone()))
            } else if let Some(b) = band.filter(|b| b.extrapolated && pct.is_some()) {
                // The seed's table stops before this band: the row is the
                // spec's extrapolation, not a figure of the regulation.
                Some(NormReason::Extrapolated {
                    low: b.band_low,
                    high: b.band_high,
                })
            } else if let Some(f) = field.filter(|f| !f.qualifies) {
                Some(NormReason::Field {
                    title,
                    article: f.article.clone(),
                    details: f.details.clone(),
                })
            } else if n == 0 {
                Some(NormReason::NoGame)
            } else if let Some(need) = need {
                (pr.score < need).then_some(NormReason::Scored {
                    score: pr.score,
                    need,
                })
            } else {
                Some(match (average, band) {
                    (Some(a), Some(b)) => NormReason::NoNormInBand {
                        title,
                        average: a,
                        low: b.band_low,
                        high: b.band_high,
                    },
                    (Some(average), None) => NormReason::OutsideTable { average },
                    _ => NormReason::NoAverage,
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
