//! FIDE title norms (GM, IM, WGM, WIM) of a chess event, after the FIDE
//! Title Regulations (Handbook B.01) effective from 1 January 2024, the
//! edition in force in 2026: what the chief arbiter's title-result
//! certificate states, beside the national norms of [`crate::norms`].
//!
//! The figures are data (`norms/fide-b01-2024.toml`, [`FideNormRules`]); this
//! module reads like the articles it applies:
//!
//! - 1.1.3 no more than two rounds a day (from the round dates, when given);
//! - 1.4.1a at least nine games; 1.4.1b fewer in a team championship or the
//!   World Cup (the arbiter declares the event's kind, [`FideEventFacts`]);
//!   1.4.1c eight games and a forfeit win or pairing-allocated bye in a
//!   nine-round event; 1.7 a norm counts as at most 13 games;
//! - 1.4.2b games against an unrated opponent who scores zero against the
//!   rated players of a round robin, and 1.4.2c games not played over the
//!   board, are not included; 1.4.2a a `FID` opponent is not a foreigner;
//! - 1.4.3 two federations other than the applicant's, with the exemptions
//!   of 1.4.3a–c (declared) and 1.4.3d (a large Swiss, counted here);
//!   1.4.4 at most 3/5 of the opponents from the applicant's federation and
//!   2/3 from one federation, maximum numbers rounded down;
//! - 1.4.5a half the opponents title-holders (CM, WCM not), 1.4.5b–e a
//!   third, at least three, of the norm's titles, minimum numbers rounded
//!   up; a double round robin of at least six players;
//! - 1.4.6 the ratings of the event's list, an unrated opponent at 1400,
//!   the lowest-rated opponent (one only) raised to the adjusted floor;
//!   1.4.7 their average rounded to the nearest whole number, 0.5 up;
//! - 1.4.8 Rp = Ra + dp at least the title's level, Ra at least its
//!   minimum average, a score of at least 35%; 1.4.9 dp by the percentage
//!   rounded to a whole number, 0.5% up (the table of B.02 8.1.1, which
//!   [`crate::table::difference_for_score`] holds).
//!
//! Left to the arbiter and the title application: 1.1.1, 1.1.2, 1.1.5,
//! 1.1.6 (registration, hours of play, arbiters), 1.1.4 (ratings of events
//! longer than 30 days), 1.4.1d–f (extra games for extra points, games a
//! player chooses to leave out: this check judges every game), 1.4.2a's
//! non-member federations (a federation code is taken as a member's),
//! 1.4.2d–e (altered events, formats needing approval), 1.4.3e and 1.5
//! (the application).
//!
//! ```
//! use qiyuan_rating::fide_norms::{FideNormRules, dp};
//! let rules = FideNormRules::builtin();
//! // 1.4.9: 6.5 of 9 is 72.2% → 72% → dp 166.
//! assert_eq!(dp(&rules, rust_decimal_macros::dec!(6.5), 9), (72, rust_decimal_macros::dec!(166)));
//! ```

use std::collections::{BTreeMap, BTreeSet};

use rust_decimal::{Decimal, RoundingStrategy};
use serde::{Deserialize, Serialize};

use crate::conditions::{CheckStatus, ConditionCheck, rounds_by_day};
use crate::model::{ByeKind, Event, EventSystem, GameResult, Pairing, Player, PlayerId, Sex};
use crate::profile::{Fraction, ProfileError};
use crate::table::difference_for_score;
use qiyuan_vocab::Message;

const BUILTIN: &str = include_str!("../norms/fide-b01-2024.toml");

/// The kind of event, as the arbiter declares it: it decides the exceptions
/// of 1.4.1b and the exemptions of 1.4.3a–c.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FideEventKind {
    /// Any other FIDE-rated event.
    #[default]
    Ordinary,
    /// The final stage of a national championship (1.4.3a).
    NationalChampionship,
    /// A national team championship (1.4.3b).
    NationalTeamChampionship,
    /// A zonal or sub-zonal tournament (1.4.3c).
    Zonal,
    /// A world or continental team or club championship (1.4.1b).
    TeamChampionship,
    /// The World Cup or Women's World Cup (1.4.1b).
    WorldCup,
}

impl FideEventKind {
    /// Every kind.
    pub const ALL: [FideEventKind; 6] = [
        FideEventKind::Ordinary,
        FideEventKind::NationalChampionship,
        FideEventKind::NationalTeamChampionship,
        FideEventKind::Zonal,
        FideEventKind::TeamChampionship,
        FideEventKind::WorldCup,
    ];

    /// The kind's code (`ordinary`, `national-championship`, …).
    pub fn code(self) -> &'static str {
        match self {
            FideEventKind::Ordinary => "ordinary",
            FideEventKind::NationalChampionship => "national-championship",
            FideEventKind::NationalTeamChampionship => "national-team-championship",
            FideEventKind::Zonal => "zonal",
            FideEventKind::TeamChampionship => "team-championship",
            FideEventKind::WorldCup => "world-cup",
        }
    }

    /// The kind in words, with the article that names it.
    pub fn label(self, lang: crate::Lang) -> &'static str {
        match self {
            FideEventKind::Ordinary => lang.t("Any other event", "其他赛事"),
            FideEventKind::NationalChampionship => lang.t(
                "Final stage of a national championship (1.4.3a)",
                "全国锦标赛决赛阶段（1.4.3a）",
            ),
            FideEventKind::NationalTeamChampionship => lang.t(
                "National team championship (1.4.3b)",
                "全国团体锦标赛（1.4.3b）",
            ),
            FideEventKind::Zonal => lang.t(
                "Zonal or sub-zonal tournament (1.4.3c)",
                "分区赛或次分区赛（1.4.3c）",
            ),
            FideEventKind::TeamChampionship => lang.t(
                "World or continental team or club championship (1.4.1b)",
                "世界或洲际团体、俱乐部锦标赛（1.4.1b）",
            ),
            FideEventKind::WorldCup => lang.t(
                "World Cup or Women's World Cup (1.4.1b)",
                "世界杯或女子世界杯（1.4.1b）",
            ),
        }
    }

    /// The kind of a code as [`FideEventKind::code`] writes it.
    ///
    /// ```
    /// use qiyuan_rating::fide_norms::FideEventKind;
    /// assert_eq!(FideEventKind::from_code("zonal"), Some(FideEventKind::Zonal));
    /// assert_eq!(FideEventKind::from_code("swiss"), None);
    /// ```
    pub fn from_code(code: &str) -> Option<FideEventKind> {
        Self::ALL.into_iter().find(|k| k.code() == code)
    }
}

/// What the event does not say and the check needs: its kind and the
/// federation that registered it (the host federation of 1.4.3a, b, d).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FideEventFacts {
    /// The kind of event.
    #[serde(default)]
    pub kind: FideEventKind,
    /// The host federation's code (e.g. `CHN`); `None`: not known, and the
    /// exemptions that need it are not applied.
    #[serde(default)]
    pub host_federation: Option<String>,
}

/// One title of the norm route (0.5, 1.4.5, 1.4.6b, 1.4.8).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FideTitleNorm {
    /// `GM`, `IM`, `WGM` or `WIM`.
    pub code: String,
    /// 1.4.8: the lowest Rp after rounding.
    pub performance: u32,
    /// 1.4.8a: the lowest rating average of the opponents.
    pub average: u32,
    /// 1.4.6b: the adjusted rating floor.
    pub floor: u32,
    /// 1.4.5b–e: the titles of which a third of the opponents hold one.
    pub titled: Vec<String>,
    /// Its article.
    pub titled_article: String,
    /// A women's title (0.3).
    pub women_only: bool,
}

impl FideTitleNorm {
    /// The title's name in `lang`.
    pub fn name(&self, lang: crate::Lang) -> String {
        let zh = match self.code.as_str() {
            "GM" => "国际特级大师",
            "IM" => "国际大师",
            "WGM" => "女子国际特级大师",
            "WIM" => "女子国际大师",
            other => other,
        };
        match lang {
            crate::Lang::En => self.code.clone(),
            crate::Lang::Zh => format!("{zh}（{}）", self.code),
        }
    }
}

/// 1.4.1b: fewer games for a kind of event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GamesException {
    /// The kind.
    pub kind: FideEventKind,
    /// The event's rounds it applies to (inclusive), all when absent.
    #[serde(default)]
    pub rounds: Option<[u32; 2]>,
    /// Games enough.
    pub minimum: u32,
    /// The article.
    pub article: String,
}

/// 1.4.1, 1.7.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GamesRules {
    /// 1.4.1a.
    pub minimum: u32,
    /// Its article.
    pub article: String,
    /// 1.4.1c: the rounds of an event where one game short counts.
    pub short_by_one_rounds: Option<u32>,
    /// Its article.
    pub short_by_one_article: String,
    /// 1.7: a norm counts as at most this many games.
    pub counted_at_most: u32,
    /// Its article.
    pub counted_article: String,
    /// 1.4.1b.
    #[serde(default)]
    pub exceptions: Vec<GamesException>,
}

/// 1.4.3a–c: an exempt kind of event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FederationExemption {
    /// The kind.
    pub kind: FideEventKind,
    /// Only players of the host federation are exempt.
    pub host_only: bool,
    /// The article.
    pub article: String,
}

/// 1.4.3d: the large-Swiss exemption.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SwissExemptionRules {
    /// FIDE-rated players not of the host federation, at least.
    pub players: u32,
    /// Their federations, at least.
    pub federations: u32,
    /// Of them holding one of `titles`, at least.
    pub titled: u32,
    /// The titles.
    pub titles: Vec<String>,
    /// A player counts if they miss at most this many rounds.
    pub missed_rounds: u32,
    /// The article.
    pub article: String,
}

/// 1.4.2a, 1.4.3, 1.4.4.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FederationRules {
    /// 1.4.3: federations other than the applicant's, at least.
    pub foreign_minimum: u32,
    /// Its article.
    pub foreign_article: String,
    /// 1.4.4: share from the applicant's federation, at most.
    pub own_maximum: Fraction,
    /// 1.4.4: share from one federation, at most.
    pub one_maximum: Fraction,
    /// Their article.
    pub maximum_article: String,
    /// 1.4.2a: codes that are no federation of the mix (`FID`).
    pub not_a_federation: Vec<String>,
    /// 1.4.3a–c.
    #[serde(default)]
    pub exemptions: Vec<FederationExemption>,
    /// 1.4.3d.
    pub swiss: Option<SwissExemptionRules>,
}

/// 1.4.2b, c, 1.4.5.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpponentRules {
    /// 1.4.5a: the titles of a title-holder.
    pub title_holders: Vec<String>,
    /// 1.4.5a: their share, at least.
    pub title_holder_share: Fraction,
    /// Its article.
    pub title_holder_article: String,
    /// 1.4.5b–e: the share of the norm's titles, at least …
    pub titled_share: Fraction,
    /// … and at least this many.
    pub titled_minimum: u32,
    /// 1.4.5: players of a double round robin, at least.
    pub double_round_robin_players: u32,
    /// Its article.
    pub double_round_robin_article: String,
    /// 1.4.2b.
    pub unrated_zero_article: String,
    /// 1.4.2c.
    pub forfeit_article: String,
}

/// 1.4.6, 1.4.7.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RatingRules {
    /// 1.4.6d: the rating of an unrated opponent.
    pub unrated: u32,
    /// Its article.
    pub unrated_article: String,
    /// 1.4.6c: opponents raised to the floor, at most.
    pub raised_at_most: u32,
    /// Its article.
    pub floor_article: String,
    /// 1.4.7.
    pub average_article: String,
}

/// 1.4.8, 1.4.9.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerformanceRules {
    /// 1.4.8b.
    pub minimum_score_percent: u32,
    /// Its article.
    pub minimum_score_article: String,
    /// 1.4.9: dp at 100% (and its negative at 0%).
    pub dp_at_extremes: u32,
    /// 1.4.8.
    pub performance_article: String,
    /// 1.4.8a.
    pub average_minimum_article: String,
    /// 1.4.9.
    pub table_article: String,
}

/// 1.1.3.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScheduleRules {
    /// Rounds on one day, at most.
    pub rounds_a_day: u32,
    /// The article.
    pub article: String,
}

/// The figures of the FIDE title-norm route, as `norms/fide-b01-2024.toml`
/// writes them (a rating officer's copy may change any of them).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FideNormRules {
    /// Short name.
    pub name: String,
    /// The regulation, in English.
    pub title: String,
    /// The same in Chinese.
    pub title_zh: String,
    /// Where it was read.
    pub source: String,
    /// The titles, best first.
    pub titles: Vec<FideTitleNorm>,
    /// 1.4.1, 1.7.
    pub games: GamesRules,
    /// 1.4.3, 1.4.4.
    pub federations: FederationRules,
    /// 1.4.2, 1.4.5.
    pub opponents: OpponentRules,
    /// 1.4.6, 1.4.7.
    pub ratings: RatingRules,
    /// 1.4.8, 1.4.9.
    pub performance: PerformanceRules,
    /// 1.1.3.
    pub schedule: ScheduleRules,
}

impl FideNormRules {
    /// The built-in rules (B.01, 2024).
    pub fn builtin() -> FideNormRules {
        Self::from_toml_str(BUILTIN).expect("norms/fide-b01-2024.toml is well formed")
    }

    /// The text of the built-in rules, to print and edit.
    pub fn builtin_toml() -> &'static str {
        BUILTIN
    }

    /// Rules from a TOML text of the built-in file's form.
    pub fn from_toml_str(text: &str) -> Result<FideNormRules, ProfileError> {
        let r: FideNormRules =
            toml::from_str(text).map_err(|e| ProfileError::Parse(e.to_string()))?;
        let invalid = |field: &str, reason: Message| {
            Err(ProfileError::Invalid {
                field: field.to_string(),
                reason,
            })
        };
        if r.titles.is_empty() {
            return invalid("titles", Message::new("at least one title", "至少一个称号"));
        }
        if r.games.minimum == 0 {
            return invalid(
                "games.minimum",
                Message::new("at least one game", "至少一局"),
            );
        }
        if r.performance.minimum_score_percent > 100 {
            return invalid(
                "performance.minimum_score_percent",
                Message::new("at most 100", "最多为 100"),
            );
        }
        Ok(r)
    }

    fn is_federation(&self, code: &str) -> bool {
        !self
            .federations
            .not_a_federation
            .iter()
            .any(|c| c.eq_ignore_ascii_case(code))
    }
}

/// A FIDE title code of a title as events write it: the code itself in any
/// case (`GM`, `wim`); `None` for anything else (a national title).
///
/// ```
/// use qiyuan_rating::fide_norms::fide_title;
/// assert_eq!(fide_title("wgm"), Some("WGM"));
/// assert_eq!(fide_title("特级大师"), None);
/// ```
pub fn fide_title(title: &str) -> Option<&'static str> {
    const CODES: [&str; 8] = ["GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"];
    let t = title.trim();
    CODES.into_iter().find(|c| c.eq_ignore_ascii_case(t))
}

/// The FIDE rating the check takes for a player (1.4.6a: the list in
/// effect at the start): the international rating of an international
/// event where given, else the event's rating.
pub fn fide_rating(p: &Player) -> Option<Decimal> {
    p.international_rating.or(p.rating)
}

fn federation_of(p: &Player) -> Option<String> {
    p.federation
        .as_deref()
        .map(str::trim)
        .filter(|f| !f.is_empty())
        .map(str::to_ascii_uppercase)
}

/// `count × share`, rounded up: a minimum number (1.4.4).
fn minimum_of(count: u32, share: Fraction) -> u32 {
    (u64::from(count) * u64::from(share.num)).div_ceil(u64::from(share.den)) as u32
}

/// `count × share`, rounded down: a maximum number (1.4.4).
fn maximum_of(count: u32, share: Fraction) -> u32 {
    (u64::from(count) * u64::from(share.num) / u64::from(share.den)) as u32
}

/// 1.4.9: the percentage of `score` in `games` rounded to a whole number
/// (0.5% up) and its dp.
pub fn dp(rules: &FideNormRules, score: Decimal, games: u32) -> (u32, Decimal) {
    if games == 0 {
        return (0, Decimal::ZERO);
    }
    let p = score / Decimal::from(games);
    let pct = (p * Decimal::ONE_HUNDRED)
        .round_dp_with_strategy(0, RoundingStrategy::MidpointAwayFromZero)
        .try_into()
        .unwrap_or(0u32);
    let dp = difference_for_score(p, Decimal::from(rules.performance.dp_at_extremes));
    (pct, dp)
}

/// Why a result is not a norm: data, each with its article, worded by
/// [`FideNormFailure::text`] (English by `Display`; in JSON as
/// `{"article", "reason"}`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FideNormFailure {
    /// 1.4.1: too few games.
    Games {
        /// Games counted.
        games: u32,
        /// Needed.
        minimum: u32,
        /// The article.
        article: String,
    },
    /// 1.4.3: too few federations other than the applicant's.
    ForeignFederations {
        /// Federations other than the applicant's among the opponents.
        federations: u32,
        /// Needed.
        minimum: u32,
        /// The article.
        article: String,
    },
    /// 1.4.4: too many opponents of the applicant's federation.
    OwnFederation {
        /// The federation.
        federation: String,
        /// Opponents of it.
        count: u32,
        /// At most.
        maximum: u32,
        /// Opponents.
        opponents: u32,
        /// The article.
        article: String,
    },
    /// 1.4.4: too many opponents of one federation.
    OneFederation {
        /// The federation.
        federation: String,
        /// Opponents of it.
        count: u32,
        /// At most.
        maximum: u32,
        /// Opponents.
        opponents: u32,
        /// The article.
        article: String,
    },
    /// 1.4.3, 1.4.4 cannot be checked: federations missing.
    FederationsUnknown {
        /// Opponents without a federation.
        opponents: u32,
        /// The player has none.
        own: bool,
        /// The article.
        article: String,
    },
    /// 1.4.5a: too few title-holders.
    TitleHolders {
        /// Title-holders among the opponents.
        count: u32,
        /// Needed.
        minimum: u32,
        /// Opponents.
        opponents: u32,
        /// The article.
        article: String,
    },
    /// 1.4.5b–e: too few opponents holding the norm's titles.
    Titled {
        /// The titles.
        titles: Vec<String>,
        /// Opponents holding one.
        count: u32,
        /// Needed.
        minimum: u32,
        /// The article.
        article: String,
    },
    /// 1.4.5: a double round robin of too few players.
    DoubleRoundRobin {
        /// Players.
        players: u32,
        /// Needed.
        minimum: u32,
        /// The article.
        article: String,
    },
    /// 1.1.3 and other conditions of the event.
    Condition(ConditionCheck),
    /// 1.4.8a: the rating average below the title's minimum.
    Average {
        /// Ra (1.4.7).
        average: Decimal,
        /// Needed.
        minimum: u32,
        /// The article.
        article: String,
    },
    /// 1.4.8b: the score below 35%.
    Score {
        /// The percentage (1.4.9 rounding).
        percent: u32,
        /// Needed.
        minimum: u32,
        /// The article.
        article: String,
    },
    /// 1.4.8: the performance below the title's level.
    Performance {
        /// Ra.
        average: Decimal,
        /// dp.
        dp: Decimal,
        /// The percentage.
        percent: u32,
        /// Rp.
        performance: Decimal,
        /// Needed.
        minimum: u32,
        /// The article.
        article: String,
    },
}

impl FideNormFailure {
    /// The article the requirement is in.
    pub fn article(&self) -> &str {
        match self {
            FideNormFailure::Games { article, .. }
            | FideNormFailure::ForeignFederations { article, .. }
            | FideNormFailure::OwnFederation { article, .. }
            | FideNormFailure::OneFederation { article, .. }
            | FideNormFailure::FederationsUnknown { article, .. }
            | FideNormFailure::TitleHolders { article, .. }
            | FideNormFailure::Titled { article, .. }
            | FideNormFailure::DoubleRoundRobin { article, .. }
            | FideNormFailure::Average { article, .. }
            | FideNormFailure::Score { article, .. }
            | FideNormFailure::Performance { article, .. } => article,
            FideNormFailure::Condition(c) => &c.article,
        }
    }

    /// What failed, without the article, in `lang`.
    pub fn reason(&self, lang: crate::Lang) -> String {
        let en = lang == crate::Lang::En;
        match self {
            FideNormFailure::Games { games, minimum, .. } if en => {
                format!("{games} games count, at least {minimum} needed")
            }
            FideNormFailure::Games { games, minimum, .. } => {
                format!("计入 {games} 局，至少需要 {minimum} 局")
            }
            FideNormFailure::ForeignFederations {
                federations,
                minimum,
                ..
            } if en => format!(
                "opponents from {federations} federations other than the player's, at least {minimum} needed"
            ),
            FideNormFailure::ForeignFederations {
                federations,
                minimum,
                ..
            } => format!("对手来自本人协会以外的 {federations} 个协会，至少需要 {minimum} 个"),
            FideNormFailure::OwnFederation {
                federation,
                count,
                maximum,
                opponents,
                ..
            } if en => format!(
                "{count} of {opponents} opponents from the player's federation {federation}, at most {maximum}"
            ),
            FideNormFailure::OwnFederation {
                federation,
                count,
                maximum,
                opponents,
                ..
            } => format!(
                "{opponents} 名对手中 {count} 名来自本人协会 {federation}，至多 {maximum} 名"
            ),
            FideNormFailure::OneFederation {
                federation,
                count,
                maximum,
                opponents,
                ..
            } if en => format!(
                "{count} of {opponents} opponents from federation {federation}, at most {maximum} from one federation"
            ),
            FideNormFailure::OneFederation {
                federation,
                count,
                maximum,
                opponents,
                ..
            } => format!(
                "{opponents} 名对手中 {count} 名来自协会 {federation}，同一协会至多 {maximum} 名"
            ),
            FideNormFailure::FederationsUnknown { opponents, own, .. } if en => {
                let mut s = String::from("the federation mix cannot be checked:");
                if *own {
                    s.push_str(" the player has no federation");
                }
                if *opponents > 0 {
                    if *own {
                        s.push(',');
                    }
                    s.push_str(&format!(" opponents without a federation: {opponents}"));
                }
                s
            }
            FideNormFailure::FederationsUnknown { opponents, own, .. } => {
                let mut s = String::from("无法核对对手所属协会：");
                if *own {
                    s.push_str("棋手本人没有协会");
                }
                if *opponents > 0 {
                    if *own {
                        s.push('，');
                    }
                    s.push_str(&format!("没有协会的对手 {opponents} 名"));
                }
                s
            }
            FideNormFailure::TitleHolders {
                count,
                minimum,
                opponents,
                ..
            } if en => format!(
                "{count} of {opponents} opponents hold a title (CM and WCM not counted), at least {minimum} needed"
            ),
            FideNormFailure::TitleHolders {
                count,
                minimum,
                opponents,
                ..
            } => format!(
                "{opponents} 名对手中 {count} 名有称号（CM、WCM 不计），至少需要 {minimum} 名"
            ),
            FideNormFailure::Titled {
                titles,
                count,
                minimum,
                ..
            } if en => format!(
                "{count} opponents hold {}, at least {minimum} needed",
                titles.join("/")
            ),
            FideNormFailure::Titled {
                titles,
                count,
                minimum,
                ..
            } => format!(
                "持有 {} 称号的对手 {count} 名，至少需要 {minimum} 名",
                titles.join("/")
            ),
            FideNormFailure::DoubleRoundRobin {
                players, minimum, ..
            } if en => {
                format!("a double round robin of {players} players, at least {minimum} needed")
            }
            FideNormFailure::DoubleRoundRobin {
                players, minimum, ..
            } => format!("双循环赛 {players} 名棋手，至少需要 {minimum} 名"),
            FideNormFailure::Condition(c) if en => c.detail.clone(),
            FideNormFailure::Condition(c) => c.detail_zh.clone(),
            FideNormFailure::Average {
                average, minimum, ..
            } if en => format!("rating average of the opponents {average}, at least {minimum}"),
            FideNormFailure::Average {
                average, minimum, ..
            } => format!("对手平均等级分 {average}，至少 {minimum}"),
            FideNormFailure::Score {
                percent, minimum, ..
            } if en => format!("score {percent}%, at least {minimum}%"),
            FideNormFailure::Score {
                percent, minimum, ..
            } => format!("得分率 {percent}%，至少 {minimum}%"),
            FideNormFailure::Performance {
                average,
                dp,
                percent,
                performance,
                minimum,
                ..
            } if en => format!(
                "performance {average} + dp({percent}%) {dp} = {performance}, at least {minimum}"
            ),
            FideNormFailure::Performance {
                average,
                dp,
                percent,
                performance,
                minimum,
                ..
            } => format!(
                "等级分表现 {average} + dp({percent}%) {dp} = {performance}，至少 {minimum}"
            ),
        }
    }

    /// `article: reason` in `lang`.
    pub fn text(&self, lang: crate::Lang) -> String {
        match lang {
            crate::Lang::En => format!("{}: {}", self.article(), self.reason(lang)),
            crate::Lang::Zh => format!("{}：{}", self.article(), self.reason(lang)),
        }
    }
}

impl std::fmt::Display for FideNormFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(crate::Lang::En))
    }
}

impl Serialize for FideNormFailure {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("FideNormFailure", 2)?;
        st.serialize_field("article", self.article())?;
        st.serialize_field("reason", &self.reason(crate::Lang::En))?;
        st.end()
    }
}

/// Why a game of a player is left out of the norm.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Excluded {
    /// 1.4.2c: decided by forfeit.
    Forfeit,
    /// 1.4.2b: an unrated opponent who scored zero against the rated
    /// players of a round robin.
    UnratedZero,
}

/// A game left out, for the report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ExcludedGame {
    /// The round.
    pub round: u32,
    /// The opponent.
    pub opponent: PlayerId,
    /// Why.
    pub why: Excluded,
    /// The article.
    pub article: String,
}

/// 1.4.6c: the opponent whose rating was raised to the floor.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Raised {
    /// The opponent.
    pub opponent: PlayerId,
    /// The rating taken before (1400 for an unrated opponent, 1.4.6d).
    pub from: Decimal,
    /// The floor.
    pub to: Decimal,
}

/// One title's norm for one player.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FideNormResult {
    /// `GM`, `IM`, `WGM`, `WIM`.
    pub title: String,
    /// Games needed (1.4.1).
    pub games_needed: u32,
    /// Games the norm counts as (1.4.1c, 1.7), when it is one.
    pub counts_as_games: u32,
    /// The exemption from 1.4.3 and 1.4.4 applied (its article); 1.4.3e:
    /// one norm of a title application must be had without one.
    pub exemption: Option<String>,
    /// Ra (1.4.6, 1.4.7).
    pub average: Option<Decimal>,
    /// The opponent raised to the floor (1.4.6c).
    pub raised: Option<Raised>,
    /// The score percentage (1.4.9 rounding).
    pub percent: Option<u32>,
    /// dp (1.4.9).
    pub dp: Option<Decimal>,
    /// Rp (1.4.8).
    pub performance: Option<Decimal>,
    /// True when every requirement is met.
    pub achieved: bool,
    /// The requirements not met, each with its article.
    pub failures: Vec<FideNormFailure>,
}

/// A player's FIDE norm check.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FidePlayerNorms {
    /// Id.
    pub id: PlayerId,
    /// Name.
    pub name: String,
    /// Sex.
    pub sex: Sex,
    /// Federation.
    pub federation: Option<String>,
    /// FIDE title held.
    pub title: Option<String>,
    /// FIDE rating.
    pub rating: Option<Decimal>,
    /// Games that count (1.4.2).
    pub games: u32,
    /// Points in them.
    pub score: Decimal,
    /// Games left out.
    pub excluded: Vec<ExcludedGame>,
    /// Opponents per federation (`?` for none given).
    pub federations: BTreeMap<String, u32>,
    /// Title-holders among the opponents (1.4.5a).
    pub title_holders: u32,
    /// Unrated opponents (taken at 1400, 1.4.6d).
    pub unrated: u32,
    /// One result per title the player may earn.
    pub results: Vec<FideNormResult>,
}

/// 1.4.3d counted on the event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SwissExemption {
    /// Players counted (FIDE-rated, not of the host federation, missing at
    /// most the allowed rounds).
    pub players: u32,
    /// Their federations.
    pub federations: u32,
    /// Those holding one of the titles.
    pub titled: u32,
    /// The exemption holds.
    pub met: bool,
}

/// The FIDE norm check of an event.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FideNormReport {
    /// Event name.
    pub event: String,
    /// The regulation.
    pub rules: String,
    /// The facts declared.
    pub facts: FideEventFacts,
    /// Conditions of the event (1.1.3): met, failed or not checked.
    pub checks: Vec<ConditionCheck>,
    /// 1.4.3d, for a Swiss event with a known host federation.
    pub swiss_exemption: Option<SwissExemption>,
    /// Players in event order.
    pub players: Vec<FidePlayerNorms>,
}

/// One counted game of a player.
struct Counted<'a> {
    opponent: &'a Player,
    points: Decimal,
}

/// The points of `id` in a game with this result (both sides present).
fn points(result: GameResult, white: bool) -> Option<Decimal> {
    let w = result.white_score()?;
    Some(if white { w } else { Decimal::ONE - w })
}

/// 1.4.2b: an unrated opponent of a round robin who scored zero against
/// the rated players.
fn scored_zero_against_rated(event: &Event, id: PlayerId) -> bool {
    let mut games = 0;
    let mut score = Decimal::ZERO;
    for p in event.pairings() {
        if let Pairing::Game {
            white,
            black,
            result: result @ (GameResult::WhiteWins | GameResult::Draw | GameResult::BlackWins),
            ..
        } = *p
        {
            let (me_white, other) = if white == id {
                (true, black)
            } else if black == id {
                (false, white)
            } else {
                continue;
            };
            if event.player(other).and_then(fide_rating).is_some() {
                games += 1;
                score += points(result, me_white).unwrap_or_default();
            }
        }
    }
    games > 0 && score.is_zero()
}

/// 1.1.3: no more than `rounds_a_day` rounds on any day.
fn schedule_check(event: &Event, rules: &ScheduleRules) -> ConditionCheck {
    let x = rules.rounds_a_day;
    let (condition, condition_zh) = (
        format!("no more than {x} rounds a day"),
        format!("每天不超过 {x} 轮"),
    );
    let (status, detail, detail_zh) = match rounds_by_day(event) {
        Err(r) => (
            CheckStatus::Unknown,
            format!("round {r} has no date"),
            format!("第 {r} 轮没有日期"),
        ),
        Ok(days) => match days.iter().find(|(_, r)| r.len() as u32 > x) {
            Some((day, r)) => (
                CheckStatus::Failed,
                format!("{} rounds on {day}, at most {x}", r.len()),
                format!("{day} 赛 {} 轮，至多 {x} 轮", r.len()),
            ),
            None => (
                CheckStatus::Met,
                format!("at most {x} rounds a day"),
                format!("每天至多 {x} 轮"),
            ),
        },
    };
    ConditionCheck {
        article: rules.article.clone(),
        condition,
        condition_zh,
        status,
        detail,
        detail_zh,
    }
}

/// 1.4.3d counted: FIDE-rated players of other federations than the host's
/// who miss at most the allowed rounds (a round is missed without a game
/// played over the board, a win by forfeit or a pairing-allocated bye).
fn swiss_exemption(event: &Event, rules: &FideNormRules, host: &str) -> Option<SwissExemption> {
    let s = rules.federations.swiss.as_ref()?;
    let rounds = event.rounds();
    let mut present: BTreeMap<PlayerId, u32> = BTreeMap::new();
    for p in event.pairings() {
        match *p {
            Pairing::Game {
                white,
                black,
                result,
                ..
            } => match result {
                GameResult::WhiteWins | GameResult::Draw | GameResult::BlackWins => {
                    *present.entry(white).or_default() += 1;
                    *present.entry(black).or_default() += 1;
                }
                GameResult::WhiteForfeitWin => *present.entry(white).or_default() += 1,
                GameResult::BlackForfeitWin => *present.entry(black).or_default() += 1,
                GameResult::DoubleForfeit | GameResult::Pending => {}
            },
            // A pairing-allocated bye, not a requested one.
            Pairing::Bye {
                player,
                kind: ByeKind::PairingAllocated,
                ..
            } => *present.entry(player).or_default() += 1,
            Pairing::Bye { .. } => {}
        }
    }
    let mut players = 0;
    let mut feds = BTreeSet::new();
    let mut titled = 0;
    for p in event.players() {
        let Some(fed) = federation_of(p) else {
            continue;
        };
        if fed.eq_ignore_ascii_case(host) || !rules.is_federation(&fed) {
            continue;
        }
        if fide_rating(p).is_none() {
            continue;
        }
        let here = present.get(&p.id).copied().unwrap_or(0);
        if rounds.saturating_sub(here) > s.missed_rounds {
            continue;
        }
        players += 1;
        feds.insert(fed);
        if p.title
            .as_deref()
            .and_then(fide_title)
            .is_some_and(|t| s.titles.iter().any(|x| x == t))
        {
            titled += 1;
        }
    }
    let federations = feds.len() as u32;
    Some(SwissExemption {
        players,
        federations,
        titled,
        met: players >= s.players && federations >= s.federations && titled >= s.titled,
    })
}

/// Checks every player of a chess event for the FIDE title norms of
/// `rules`, with the facts the arbiter declares.
pub fn check_fide_norms(
    event: &Event,
    rules: &FideNormRules,
    facts: &FideEventFacts,
) -> FideNormReport {
    let host = facts
        .host_federation
        .as_deref()
        .map(str::trim)
        .filter(|h| !h.is_empty())
        .map(str::to_ascii_uppercase);
    let checks = vec![schedule_check(event, &rules.schedule)];
    let mut event_failures: Vec<FideNormFailure> = checks
        .iter()
        .filter(|c| c.status == CheckStatus::Failed)
        .cloned()
        .map(FideNormFailure::Condition)
        .collect();
    let m = event.players().len() as u32;
    let o = &rules.opponents;
    if event.system() == EventSystem::DoubleRoundRobin && m < o.double_round_robin_players {
        event_failures.push(FideNormFailure::DoubleRoundRobin {
            players: m,
            minimum: o.double_round_robin_players,
            article: o.double_round_robin_article.clone(),
        });
    }
    let swiss = match (&host, event.system()) {
        (Some(h), EventSystem::Swiss) => swiss_exemption(event, rules, h),
        _ => None,
    };
    let rounds = event.rounds();
    let players = event
        .players()
        .iter()
        .map(|p| {
            player_norms(
                event,
                rules,
                facts,
                host.as_deref(),
                swiss.as_ref(),
                &event_failures,
                rounds,
                p,
            )
        })
        .collect();
    FideNormReport {
        event: event.name().to_string(),
        rules: rules.name.clone(),
        facts: FideEventFacts {
            kind: facts.kind,
            host_federation: host,
        },
        checks,
        swiss_exemption: swiss,
        players,
    }
}

#[allow(clippy::too_many_arguments)]
fn player_norms(
    event: &Event,
    rules: &FideNormRules,
    facts: &FideEventFacts,
    host: Option<&str>,
    swiss: Option<&SwissExemption>,
    event_failures: &[FideNormFailure],
    rounds: u32,
    p: &Player,
) -> FidePlayerNorms {
    let o = &rules.opponents;
    let round_robin = event.rated_as_round_robin();
    let mut counted: Vec<Counted> = Vec::new();
    let mut excluded = Vec::new();
    // 1.4.1c: a win by forfeit or a pairing-allocated bye.
    let mut free_points = 0u32;
    for pairing in event.pairings() {
        match *pairing {
            Pairing::Game {
                round,
                white,
                black,
                result,
            } => {
                let (me_white, other) = if white == p.id {
                    (true, black)
                } else if black == p.id {
                    (false, white)
                } else {
                    continue;
                };
                let Some(opponent) = event.player(other) else {
                    continue;
                };
                match result {
                    GameResult::WhiteWins | GameResult::Draw | GameResult::BlackWins => {}
                    _ => {
                        let won = matches!(
                            (result, me_white),
                            (GameResult::WhiteForfeitWin, true)
                                | (GameResult::BlackForfeitWin, false)
                        );
                        free_points += u32::from(won);
                        excluded.push(ExcludedGame {
                            round,
                            opponent: other,
                            why: Excluded::Forfeit,
                            article: o.forfeit_article.clone(),
                        });
                        continue;
                    }
                }
                if round_robin
                    && fide_rating(opponent).is_none()
                    && scored_zero_against_rated(event, other)
                {
                    excluded.push(ExcludedGame {
                        round,
                        opponent: other,
                        why: Excluded::UnratedZero,
                        article: o.unrated_zero_article.clone(),
                    });
                    continue;
                }
                counted.push(Counted {
                    opponent,
                    points: points(result, me_white).unwrap_or_default(),
                });
            }
            Pairing::Bye {
                player,
                kind: ByeKind::PairingAllocated,
                ..
            } if player == p.id => free_points += 1,
            Pairing::Bye { .. } => {}
        }
    }
    let n = counted.len() as u32;
    let score: Decimal = counted.iter().map(|c| c.points).sum();
    let own = federation_of(p);
    let mut federations: BTreeMap<String, u32> = BTreeMap::new();
    for c in &counted {
        let f = federation_of(c.opponent).unwrap_or_else(|| "?".to_string());
        *federations.entry(f).or_default() += 1;
    }
    let opponent_title = |c: &Counted| c.opponent.title.as_deref().and_then(fide_title);
    let title_holders = counted
        .iter()
        .filter(|c| opponent_title(c).is_some_and(|t| o.title_holders.iter().any(|h| h == t)))
        .count() as u32;
    let unrated = counted
        .iter()
        .filter(|c| fide_rating(c.opponent).is_none())
        .count() as u32;

    let results = rules
        .titles
        .iter()
        .filter(|t| !t.women_only || p.sex == Sex::Female)
        .map(|t| {
            let mut failures = event_failures.to_vec();
            // 1.4.1a, b, c.
            let g = &rules.games;
            let (games_needed, games_article) = g
                .exceptions
                .iter()
                .find(|e| {
                    e.kind == facts.kind
                        && e.rounds.is_none_or(|[lo, hi]| (lo..=hi).contains(&rounds))
                })
                .map_or((g.minimum, g.article.clone()), |e| {
                    (e.minimum, e.article.clone())
                });
            let short_by_one = g.short_by_one_rounds == Some(rounds)
                && games_needed == g.minimum
                && n + 1 == games_needed
                && free_points > 0;
            let counts_as = if short_by_one { n + 1 } else { n };
            if !short_by_one && n < games_needed {
                failures.push(FideNormFailure::Games {
                    games: n,
                    minimum: games_needed,
                    article: games_article,
                });
            }
            // 1.4.3, 1.4.4, or an exemption of 1.4.3a–d.
            let exemption = federation_exemption(rules, facts, host, swiss, own.as_deref());
            if exemption.is_none() && n > 0 {
                failures.extend(federation_failures(rules, own.as_deref(), &federations, n));
            }
            // 1.4.5a.
            let need = minimum_of(n, o.title_holder_share);
            if title_holders < need {
                failures.push(FideNormFailure::TitleHolders {
                    count: title_holders,
                    minimum: need,
                    opponents: n,
                    article: o.title_holder_article.clone(),
                });
            }
            // 1.4.5b–e.
            let titled = counted
                .iter()
                .filter(|c| opponent_title(c).is_some_and(|x| t.titled.iter().any(|y| y == x)))
                .count() as u32;
            let need = minimum_of(n, o.titled_share).max(o.titled_minimum);
            if titled < need {
                failures.push(FideNormFailure::Titled {
                    titles: t.titled.clone(),
                    count: titled,
                    minimum: need,
                    article: t.titled_article.clone(),
                });
            }
            // 1.4.6, 1.4.7.
            let (average, raised) = rating_average(rules, t, &counted);
            let (mut percent, mut dp_, mut performance) = (None, None, None);
            if let Some(ra) = average {
                if ra < Decimal::from(t.average) {
                    failures.push(FideNormFailure::Average {
                        average: ra,
                        minimum: t.average,
                        article: rules.performance.average_minimum_article.clone(),
                    });
                }
                // 1.4.8b, 1.4.9, 1.4.8.
                let (pct, d) = dp(rules, score, n);
                if pct < rules.performance.minimum_score_percent {
                    failures.push(FideNormFailure::Score {
                        percent: pct,
                        minimum: rules.performance.minimum_score_percent,
                        article: rules.performance.minimum_score_article.clone(),
                    });
                }
                let rp = ra + d;
                if rp < Decimal::from(t.performance) {
                    failures.push(FideNormFailure::Performance {
                        average: ra,
                        dp: d,
                        percent: pct,
                        performance: rp,
                        minimum: t.performance,
                        article: rules.performance.performance_article.clone(),
                    });
                }
                (percent, dp_, performance) = (Some(pct), Some(d), Some(rp));
            }
            FideNormResult {
                title: t.code.clone(),
                games_needed,
                counts_as_games: counts_as.min(g.counted_at_most),
                exemption,
                average,
                raised,
                percent,
                dp: dp_,
                performance,
                achieved: failures.is_empty(),
                failures,
            }
        })
        .collect();
    FidePlayerNorms {
        id: p.id,
        name: p.name.clone(),
        sex: p.sex,
        federation: own,
        title: p.title.as_deref().and_then(fide_title).map(String::from),
        rating: fide_rating(p),
        games: n,
        score,
        excluded,
        federations,
        title_holders,
        unrated,
        results,
    }
}

/// The exemption from 1.4.3 and 1.4.4 that applies to a player, if any.
fn federation_exemption(
    rules: &FideNormRules,
    facts: &FideEventFacts,
    host: Option<&str>,
    swiss: Option<&SwissExemption>,
    own: Option<&str>,
) -> Option<String> {
    let declared = rules
        .federations
        .exemptions
        .iter()
        .find(|e| e.kind == facts.kind)
        .filter(|e| {
            !e.host_only || matches!((host, own), (Some(h), Some(o)) if h.eq_ignore_ascii_case(o))
        })
        .map(|e| e.article.clone());
    declared.or_else(|| {
        swiss
            .filter(|s| s.met)
            .and(rules.federations.swiss.as_ref())
            .map(|s| s.article.clone())
    })
}

/// 1.4.3 and 1.4.4 on a player's opponents.
fn federation_failures(
    rules: &FideNormRules,
    own: Option<&str>,
    federations: &BTreeMap<String, u32>,
    n: u32,
) -> Vec<FideNormFailure> {
    let f = &rules.federations;
    let mut out = Vec::new();
    let unknown = federations.get("?").copied().unwrap_or(0);
    let Some(own) = own.filter(|_| unknown == 0) else {
        out.push(FideNormFailure::FederationsUnknown {
            opponents: unknown,
            own: own.is_none(),
            article: format!("{}, {}", f.foreign_article, f.maximum_article),
        });
        return out;
    };
    let foreign = federations
        .keys()
        .filter(|k| !k.eq_ignore_ascii_case(own) && rules.is_federation(k))
        .count() as u32;
    if foreign < f.foreign_minimum {
        out.push(FideNormFailure::ForeignFederations {
            federations: foreign,
            minimum: f.foreign_minimum,
            article: f.foreign_article.clone(),
        });
    }
    let own_count = federations.get(own).copied().unwrap_or(0);
    let max_own = maximum_of(n, f.own_maximum);
    if own_count > max_own {
        out.push(FideNormFailure::OwnFederation {
            federation: own.to_string(),
            count: own_count,
            maximum: max_own,
            opponents: n,
            article: f.maximum_article.clone(),
        });
    }
    let max_one = maximum_of(n, f.one_maximum);
    if let Some((fed, &count)) = federations
        .iter()
        .filter(|(k, _)| rules.is_federation(k))
        .max_by_key(|(_, c)| **c)
        .filter(|(_, c)| **c > max_one)
    {
        out.push(FideNormFailure::OneFederation {
            federation: fed.clone(),
            count,
            maximum: max_one,
            opponents: n,
            article: f.maximum_article.clone(),
        });
    }
    out
}

/// 1.4.6 and 1.4.7: the opponents' ratings (an unrated one at 1400), the
/// lowest raised to the title's floor when below it (one opponent only),
/// and their average rounded to the nearest whole number, 0.5 up.
fn rating_average(
    rules: &FideNormRules,
    title: &FideTitleNorm,
    counted: &[Counted],
) -> (Option<Decimal>, Option<Raised>) {
    if counted.is_empty() {
        return (None, None);
    }
    let unrated = Decimal::from(rules.ratings.unrated);
    let mut ratings: Vec<(PlayerId, Decimal)> = counted
        .iter()
        .map(|c| (c.opponent.id, fide_rating(c.opponent).unwrap_or(unrated)))
        .collect();
    ratings.sort_by_key(|r| r.1);
    let floor = Decimal::from(title.floor);
    let mut raised = None;
    for r in ratings
        .iter_mut()
        .take(rules.ratings.raised_at_most as usize)
        .filter(|r| r.1 < floor)
    {
        raised = Some(Raised {
            opponent: r.0,
            from: r.1,
            to: floor,
        });
        r.1 = floor;
    }
    let sum: Decimal = ratings.iter().map(|r| r.1).sum();
    let average = (sum / Decimal::from(ratings.len() as u32))
        .round_dp_with_strategy(0, RoundingStrategy::MidpointAwayFromZero);
    (Some(average), raised)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_rules_parse() {
        let r = FideNormRules::builtin();
        assert_eq!(r.titles.len(), 4);
        assert_eq!(r.games.minimum, 9);
    }

    #[test]
    fn minimum_numbers_round_up_and_maximum_numbers_down() {
        let third = Fraction { num: 1, den: 3 };
        let three_fifths = Fraction { num: 3, den: 5 };
        assert_eq!(minimum_of(10, third), 4);
        assert_eq!(minimum_of(9, third), 3);
        assert_eq!(maximum_of(9, three_fifths), 5);
        assert_eq!(maximum_of(10, three_fifths), 6);
    }
}
