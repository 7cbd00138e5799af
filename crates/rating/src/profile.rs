//! Rating profiles: one regulation as data (regulations.md §2–§5, §6.5).
//!
//! A profile is a TOML document. The built-in ones live in
//! `crates/rating/profiles/*.toml` and are embedded at build time; a rating
//! officer can write their own (a provincial variant, a changed **Choice**)
//! and load it with [`Profile::from_toml_str`]. Every **Choice** of the spec
//! is a named field here; the few rules that data cannot say are named
//! hooks ([`UnratedRule`]).
//!
//! ```
//! use qiyuan_rating::profile::Profile;
//! let p = Profile::builtin("cxa-2019").unwrap();
//! assert_eq!(p.name, "cxa-2019");
//! assert!(Profile::builtin("cxa-2090").unwrap_err().to_string().contains("cxa-2019"));
//! ```

use std::fmt;

use chrono::Datelike;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::model::{GameKind, Player, Sex};
use crate::rounding::RoundingMode;
use crate::table;
use qiyuan_vocab::Message;

/// The built-in profiles: (name, TOML text).
const BUILTIN: &[(&str, &str)] = &[
    ("cxa-2019", include_str!("../profiles/cxa-2019.toml")),
    ("cxa-legacy", include_str!("../profiles/cxa-legacy.toml")),
    ("cca-chess", include_str!("../profiles/cca-chess.toml")),
    ("cca-amateur", include_str!("../profiles/cca-amateur.toml")),
    ("fide-2024", include_str!("../profiles/fide-2024.toml")),
];

/// Why a profile could not be had.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProfileError {
    /// No built-in profile has this name.
    #[error("unknown rating profile `{name}`; known profiles: {known}")]
    Unknown {
        /// The name asked for.
        name: String,
        /// The known names, comma separated.
        known: String,
    },
    /// The TOML text is not a valid profile (syntax, a missing or unknown
    /// field, a wrong value); the message names the field and the line.
    #[error("profile TOML: {0}")]
    Parse(String),
    /// A field has a value the engine cannot use.
    #[error("profile field `{field}`: {reason}")]
    Invalid {
        /// Dotted path of the field, e.g. `k.rules[1].k`.
        field: String,
        /// What is wrong with it.
        reason: Message,
    },
}

impl ProfileError {
    /// The message in `lang`: [`Lang::En`](crate::Lang::En) is the
    /// `Display` text.
    ///
    /// ```
    /// use qiyuan_rating::{Lang, Profile};
    /// let e = Profile::builtin("cxa-2000").unwrap_err();
    /// assert_eq!(e.text(Lang::En), e.to_string());
    /// assert!(e.text(Lang::Zh).starts_with("未知的等级分规则 `cxa-2000`；可用的规则：`cxa-2019`、"));
    /// let e = Profile::from_toml_str("name = 1").unwrap_err();
    /// assert_eq!(e.text(Lang::Zh), "规则文件 TOML：第 1 行第 8 列：值 `1` 的类型不对");
    /// ```
    #[must_use]
    pub fn text(&self, lang: crate::Lang) -> String {
        if lang == crate::Lang::En {
            return self.to_string();
        }
        match self {
            ProfileError::Unknown { name, known } => format!(
                "未知的等级分规则 `{name}`；可用的规则：{}",
                known
                    .split(", ")
                    .map(|k| format!("`{k}`"))
                    .collect::<Vec<_>>()
                    .join("、")
            ),
            ProfileError::Parse(message) => {
                format!("规则文件 TOML：{}", crate::zh::toml_error(message))
            }
            ProfileError::Invalid { field, reason } => {
                format!("规则字段 `{field}`：{}", reason.text(lang))
            }
        }
    }
}

/// A value that differs for men and women.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BySex<T> {
    /// 男子.
    pub male: T,
    /// 女子.
    pub female: T,
}

impl<T: Copy> BySex<T> {
    /// The value for a sex.
    pub fn get(&self, sex: Sex) -> T {
        match sex {
            Sex::Male => self.male,
            Sex::Female => self.female,
        }
    }
}

/// How the expected score fraction P is had from a rating difference (§1.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ExpectedMethod {
    /// `tables/expected-score.csv` (附表3).
    Table,
    /// P = 1 / (1 + 10^(−D/400)).
    Logistic,
}

/// How the expected points We are formed (§1.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ExpectedFormula {
    /// We = N × P(Ro − Ra), Ra the average of the counted opponents.
    NTimesP,
    /// We = M × Pa − ½, Pa = P(Ro − Rall), Rall the average of all M
    /// players including the player (scaled by games per opponent in a
    /// double round robin).
    MTimesPaMinusHalf,
    /// We = Σ P(Ro − Ri) over the counted games, one lookup per game.
    PerGame,
}

impl fmt::Display for ExpectedFormula {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ExpectedFormula::NTimesP => "We = N × P",
            ExpectedFormula::MTimesPaMinusHalf => "We = M × Pa − ½",
            ExpectedFormula::PerGame => "We = ΣP",
        })
    }
}

/// `[expected]`: the expected-score method and formulas.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectedConfig {
    /// Table or logistic.
    pub method: ExpectedMethod,
    /// Formula for Swiss, team, match and knockout events.
    pub swiss: ExpectedFormula,
    /// Formula for single and double round robins.
    pub round_robin: ExpectedFormula,
    /// A |D| above this counts as this (cca-chess §3.3 (18): 350 on the
    /// average difference; FIDE: 400 per game).
    #[serde(default)]
    pub difference_cap: Option<Decimal>,
    /// A player rated at or above this is not protected by the cap (FIDE:
    /// 2650 from October 2025).
    #[serde(default)]
    pub cap_exempt_from: Option<Decimal>,
    /// dp for a score fraction of 1 (and −dp for 0), undefined in the seeds
    /// (§1.2 **Choice**: 800).
    pub dp_at_extremes: Decimal,
    /// Rows of the rating-difference table where this regulation's own
    /// text prints another figure than the published table
    /// (`tables/score-to-difference.csv`): `{ p = "0.68", dp = 138 }`.
    #[serde(default)]
    pub dp_table: Vec<DpRow>,
    /// The article this section implements.
    #[serde(default)]
    pub article: String,
}

/// One row of the rating-difference table as a regulation prints it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DpRow {
    /// The score fraction, two decimals.
    pub p: Decimal,
    /// The rating difference.
    pub dp: Decimal,
}

/// `[rounding]`: where the regulation rounds (decimals), nowhere else.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundingConfig {
    /// The rule used where rounding happens.
    #[serde(default)]
    pub mode: RoundingMode,
    /// Decimals of Ra (and Rall); absent: exact.
    #[serde(default)]
    pub opponents_average: Option<u32>,
    /// Decimals of P; absent: as the method gives it (the table has 2).
    #[serde(default)]
    pub expected_fraction: Option<u32>,
    /// Decimals of ΔR of one event; absent: exact.
    #[serde(default)]
    pub change: Option<u32>,
    /// Decimals of a published rating (Rn, first ratings).
    pub published: u32,
    /// Decimals the period's total change ΣΔR is rounded to before it is
    /// added to Ro (FIDE: 0 — a total of −2.5 is published as −3); absent:
    /// Rn = Ro + ΣΔR is rounded as one figure (`published`).
    #[serde(default)]
    pub total_change: Option<u32>,
    /// Decimals shown for exact values in reports.
    pub display: u32,
    /// The article this section implements.
    #[serde(default)]
    pub article: String,
}

impl RoundingConfig {
    /// A figure of a report under this profile as the report's tables show
    /// it ([`Articles::shown`](crate::event::Articles::shown)): at most the
    /// display decimals, never fewer than two; for pages that hold the
    /// profile rather than the report's articles.
    ///
    /// ```
    /// use qiyuan_rating::Profile;
    /// use rust_decimal_macros::dec;
    /// let cxa = Profile::builtin("cxa-2019").unwrap();
    /// assert_eq!(cxa.rounding.shown(dec!(5.47)), dec!(5.47));
    /// assert_eq!(cxa.rounding.shown(dec!(2383.3333333)), dec!(2383.33));
    /// ```
    #[must_use]
    pub fn shown(&self, figure: Decimal) -> Decimal {
        crate::rounding::shown(figure, self.display)
    }
}

/// Whether a rated player's games against an unrated player count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RatedVsUnrated {
    /// They count, the unrated player at their provisional rating.
    Count,
    /// They count in round robins only; in Swiss-style events a rated
    /// player is rated on games against rated opponents only.
    RoundRobinOnly,
    /// They never count for the rated player.
    Never,
}

/// When an unrated player who scored 0 voids the games against them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ZeroScoreVoid {
    /// Never: the games count.
    Never,
    /// In round robins.
    RoundRobin,
    /// In every event.
    Always,
}

/// `[games]`: which games count (§1.4).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GamesConfig {
    /// Forfeit wins and losses count (as games against the scheduled
    /// opponent, in N, Ra and W). Double forfeits and byes never count.
    pub unplayed_count: bool,
    /// A rated player's games against unrated players.
    pub rated_vs_unrated: RatedVsUnrated,
    /// Games against an unrated player who scored 0 in the event.
    pub unrated_zero_score_voids: ZeroScoreVoid,
    /// The mark of points won without playing in the event report
    /// (cca-chess 七 ★, cxa-legacy 七 ※).
    #[serde(default)]
    pub unplayed_mark: Option<String>,
    /// The article this section implements.
    #[serde(default)]
    pub article: String,
}

/// One rule for K; the first rule whose every condition holds gives K.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KRule {
    /// The K this rule gives.
    pub k: u32,
    /// The player's highest rating ever (or current, if higher) is at least this.
    #[serde(default)]
    pub ever_reached_at_least: Option<Decimal>,
    /// The rating before the event is below this.
    #[serde(default)]
    pub rating_below: Option<Decimal>,
    /// Fewer valid games on the list than this.
    #[serde(default)]
    pub rated_games_below: Option<u32>,
    /// Fewer rated events than this (when the list records events).
    #[serde(default)]
    pub rated_events_below: Option<u32>,
    /// Age in the event's year (year − birth year) below this.
    #[serde(default)]
    pub age_below: Option<i32>,
    /// The article this rule implements, shown as the reason for K.
    pub article: String,
    /// The same reason in Chinese, for Chinese explanations; when empty,
    /// the article's reference (the text before `:`) and `K = k` are shown.
    #[serde(default)]
    pub article_zh: String,
}

/// `[k]`: the conversion factor K (换算系数).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KConfig {
    /// K when no rule matches.
    pub default: u32,
    /// The article giving the default.
    #[serde(default)]
    pub default_article: String,
    /// The same in Chinese; when empty, the article's reference (the text
    /// before `:`) and `K = default` are shown.
    #[serde(default)]
    pub default_article_zh: String,
    /// Rules in order; the first match wins.
    #[serde(default)]
    pub rules: Vec<KRule>,
    /// K × n may not exceed this (FIDE: 700): K becomes the largest whole
    /// number with K × n ≤ this.
    #[serde(default)]
    pub max_k_times_games: Option<u32>,
    /// Within a rating period, does K follow the player from event to
    /// event? `true`: after passing a K threshold (30 games, 2400) the next
    /// event of the same period uses the new K (cca-chess 八(一)); `false`:
    /// K is fixed by the list for the whole period (cxa-2019 第十条).
    ///
    /// **Default when omitted: `false`** (K fixed within the period), which
    /// also lets the events of a period be rated in parallel.
    #[serde(default)]
    pub updated_between_events: bool,
    /// The article behind `updated_between_events`, cited in period notes.
    #[serde(default)]
    pub updated_between_events_article: String,
}

/// How long an unrated player's games against rated players may be
/// carried from event to event (and period to period) towards a first
/// rating, counted in calendar years of the events' dates.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CarryWindow {
    /// Events of the same calendar year only; carried games expire on
    /// 1 January (cxa-2019 第十三条).
    CalendarYear,
    /// Events of two consecutive calendar years (cxa-legacy 九).
    TwoConsecutiveYears,
    /// Events of the same rating period or of the next one (cca-chess
    /// 八(八): 在同一计算周期或下一计算周期内): games of a period lapse when
    /// the period after the next begins. The list carries only the games
    /// of the period it closes.
    SameOrNextPeriod,
    /// Without limit. **The default when `carry_window` is omitted.**
    #[default]
    Unlimited,
}

impl CarryWindow {
    /// The number of consecutive calendar years, `None` without limit.
    ///
    /// ```
    /// use qiyuan_rating::profile::CarryWindow;
    /// assert_eq!(CarryWindow::CalendarYear.years(), Some(1));
    /// assert_eq!(CarryWindow::TwoConsecutiveYears.years(), Some(2));
    /// assert_eq!(CarryWindow::Unlimited.years(), None);
    /// ```
    pub fn years(self) -> Option<u32> {
        match self {
            CarryWindow::CalendarYear => Some(1),
            CarryWindow::TwoConsecutiveYears => Some(2),
            CarryWindow::SameOrNextPeriod | CarryWindow::Unlimited => None,
        }
    }

    /// The number of consecutive rating periods, `None` when the window is
    /// counted in years or unlimited.
    ///
    /// ```
    /// use qiyuan_rating::profile::CarryWindow;
    /// assert_eq!(CarryWindow::SameOrNextPeriod.periods(), Some(2));
    /// assert_eq!(CarryWindow::CalendarYear.periods(), None);
    /// ```
    pub fn periods(self) -> Option<u32> {
        match self {
            CarryWindow::SameOrNextPeriod => Some(2),
            _ => None,
        }
    }
}

/// The hook for unrated players: the part of each regulation data cannot say.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UnratedRule {
    /// cxa-2019 第十三/十四条: rated as Ru + K × (W − We) over games
    /// against rated players, from the provisional rating.
    Provisional,
    /// cca-chess §3.4 / cxa-legacy: a performance from the rated opponents'
    /// average (Rc + dp at or below 50%, Rc + K(w − n/2) above), and in a
    /// round robin with too many unrated players Ra = Rar − dpa(n/m).
    Performance,
    /// cca-amateur: a base rating by sex and grade; rated from the first
    /// event like a rated player.
    BaseRating,
    /// FIDE B.02 8.2: Ru = Ra + dp with imaginary draws against fixed
    /// opponents, a floor and a cap.
    FideInitial,
}

/// A rating tied to a title, by sex (provisional ratings of former
/// masters, title adjustments, inactive minimums).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TitleRating {
    /// Title code as in [`Player::title`] (e.g. `NM`, `GM`).
    pub title: String,
    /// Men's value.
    pub male: Decimal,
    /// Women's value.
    pub female: Decimal,
}

/// `[unrated]`: players without a rating (无等级分棋手).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnratedConfig {
    /// The hook.
    pub rule: UnratedRule,
    /// Provisional (暂定) or base (基础) rating Ru.
    pub provisional: BySex<Decimal>,
    /// Higher provisional ratings for former title holders.
    #[serde(default)]
    pub former_titles: Vec<TitleRating>,
    /// Base-rating rule: amateur grades, lowest first; holding the i-th
    /// (from 1) adds i × `grade_step`.
    #[serde(default)]
    pub grades: Vec<String>,
    /// Base-rating rule: points per grade.
    #[serde(default)]
    pub grade_step: Decimal,
    /// Games against rated players needed before a rating is published.
    #[serde(default)]
    pub games_for_rating: u32,
    /// Games against rated players needed in one event for it to count at all.
    #[serde(default)]
    pub min_games_in_event: u32,
    /// K used for an unrated player's calculation.
    #[serde(default)]
    pub k: Option<u32>,
    /// Performance rule: in a round robin with a larger share of unrated
    /// players than this, Ra = Rar − dpa × (n/m) (cca-chess: 0.2).
    #[serde(default)]
    pub round_robin_share: Option<Decimal>,
    /// Performance rule: a performance at or below the provisional rating is void.
    #[serde(default)]
    pub void_at_or_below_provisional: bool,
    /// A player whose rating is below this is unrated (cxa-2019 第十一条:
    /// men below 2300, women below 2100).
    #[serde(default)]
    pub unrated_below: Option<BySex<Decimal>>,
    /// FIDE rule: imaginary opponents (drawn) added to the real ones.
    #[serde(default)]
    pub imaginary_opponents: u32,
    /// FIDE rule: their rating.
    #[serde(default)]
    pub imaginary_rating: Decimal,
    /// A first rating below this is not published.
    #[serde(default)]
    pub floor: Option<Decimal>,
    /// A first rating above this is cut to it.
    #[serde(default)]
    pub cap: Option<Decimal>,
    /// Over which calendar years or periods an unrated player's games
    /// accumulate (`"calendar-year"`, `"two-consecutive-years"`,
    /// `"same-or-next-period"`, `"unlimited"`).
    /// **Default when omitted: `"unlimited"`.**
    #[serde(default)]
    pub carry_window: CarryWindow,
    /// The article behind `carry_window`, cited when carried games expire.
    #[serde(default)]
    pub carry_window_article: String,
    /// The article this section implements.
    #[serde(default)]
    pub article: String,
}

/// `[champion]`: the champion never loses rating (cca-chess (14), cxa-legacy 八).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChampionConfig {
    /// A negative ΔR of the individual champion becomes 0.
    pub protected: bool,
    /// The article.
    #[serde(default)]
    pub article: String,
}

/// cxa-legacy 九: in mixed events a woman rated below `floor` counts as
/// `floor` when playing a man.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MixedSexConfig {
    /// 2300.
    pub floor: Decimal,
    /// The article.
    #[serde(default)]
    pub article: String,
}

/// A month and day ("MM-DD") in the period calendar.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct MonthDay {
    /// 1..=12.
    pub month: u32,
    /// 1..=31.
    pub day: u32,
}

impl TryFrom<String> for MonthDay {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        let bad = || format!("`{s}` is not a month-day like \"06-01\"");
        let (m, d) = s.split_once('-').ok_or_else(bad)?;
        let (month, day): (u32, u32) =
            (m.parse().map_err(|_| bad())?, d.parse().map_err(|_| bad())?);
        if chrono::NaiveDate::from_ymd_opt(2000, month, day).is_none() {
            return Err(bad());
        }
        Ok(MonthDay { month, day })
    }
}

impl From<MonthDay> for String {
    fn from(m: MonthDay) -> String {
        format!("{:02}-{:02}", m.month, m.day)
    }
}

/// One rating period of the yearly calendar.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PeriodSpec {
    /// First day (may fall in the previous year when after `end`).
    pub start: MonthDay,
    /// Last day.
    pub end: MonthDay,
    /// The list it is published in.
    pub published: MonthDay,
}

/// How an event that spans two periods is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SpanningRule {
    /// Wholly in the period of its last day.
    EndDate,
    /// A non-continuous event (a league) split by round dates; a
    /// continuous one in the period of its last day (cxa-2019 第五条).
    SplitLeaguesByRound,
}

/// `[list]`: publication, periods, minimums (data for the period engine).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListConfig {
    /// Lowest rating published; a player below is unrated.
    #[serde(default)]
    pub minimum_published: Option<BySex<Decimal>>,
    /// The periods of a year.
    pub periods: Vec<PeriodSpec>,
    /// Events spanning two periods.
    pub spanning: SpanningRule,
    /// The article.
    #[serde(default)]
    pub article: String,
}

/// `[inactivity]`: players without rated games.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InactivityConfig {
    /// Years without a rated game before a player is listed inactive.
    #[serde(default)]
    pub inactive_after_years: Option<u32>,
    /// Deduction at the end of each inactive year (first year first).
    #[serde(default)]
    pub deduction_by_year: Vec<Decimal>,
    /// Years without a rated game after which the rating is cancelled.
    #[serde(default)]
    pub cancelled_after_years: Option<u32>,
    /// An inactive player below their minimum loses the rating; the entry
    /// with an empty title is for players without a title.
    #[serde(default)]
    pub minimums: Vec<TitleRating>,
    /// A cancelled player restarts from the base rating.
    #[serde(default)]
    pub restart_from_base: bool,
    /// The article.
    #[serde(default)]
    pub article: String,
}

/// `[[title_adjustments]]`: a newly titled player is raised at the next list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TitleAdjustment {
    /// Title code.
    pub title: String,
    /// Rating a man is raised to.
    pub male: Decimal,
    /// Rating a woman is raised to.
    pub female: Decimal,
    /// Also kept when the player had ever reached it (cxa-legacy 十一).
    #[serde(default)]
    pub keep_if_ever_reached: bool,
    /// Only titles won this way are raised (cxa-legacy 十一: `"placement"`,
    /// 通过名次的途径); absent: every new title (cxa-2019 第六条).
    #[serde(default)]
    pub only_by: Option<crate::period::TitleRoute>,
    /// The article.
    #[serde(default)]
    pub article: String,
}

/// A rating regulation as data.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    /// Short name (`cxa-2019`).
    pub name: String,
    /// The regulation's title, as published.
    pub title: String,
    /// The title in Chinese, when the published one is not (FIDE's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title_zh: Option<String>,
    /// The title in English, when the published one is not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title_en: Option<String>,
    /// Where it comes from (seed, section of regulations.md).
    pub source: String,
    /// Xiangqi or chess.
    pub game: GameKind,
    /// The change formula's article (ΔR = K(W − We)).
    #[serde(default)]
    pub article: String,
    /// Expected score.
    pub expected: ExpectedConfig,
    /// Rounding.
    pub rounding: RoundingConfig,
    /// Which games count.
    pub games: GamesConfig,
    /// K.
    pub k: KConfig,
    /// Unrated players.
    pub unrated: UnratedConfig,
    /// The champion rule.
    pub champion: ChampionConfig,
    /// The mixed-sex rule, where the profile has it.
    #[serde(default)]
    pub mixed_sex: Option<MixedSexConfig>,
    /// Lists and periods.
    pub list: ListConfig,
    /// Inactivity.
    #[serde(default)]
    pub inactivity: Option<InactivityConfig>,
    /// Title adjustments.
    #[serde(default)]
    pub title_adjustments: Vec<TitleAdjustment>,
    /// Conditions of a rated event (checked with a warning, never refused).
    #[serde(default)]
    pub conditions: Vec<EventCondition>,
    /// Title-norm conditions (等级称号标准分); when omitted, the game's
    /// defaults ([`crate::norms::NormRules::default_for`]).
    #[serde(default)]
    pub norms: Option<NormsConfig>,
    /// Qualification by rating (cca-chess 八(十七)); when omitted, the mean
    /// of the last two published ratings, whatever their K.
    #[serde(default)]
    pub qualification: Option<QualificationConfig>,
}

/// `[qualification]`: the rating compared when a rating qualifies for an
/// event (cca-chess 八(十七): 最近两次公布的等级分（k不等于25）的平均值).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QualificationConfig {
    /// How many published ratings are averaged.
    pub lists: u32,
    /// Ratings published with this K do not count.
    #[serde(default)]
    pub exclude_k: Option<u32>,
    /// The article.
    #[serde(default)]
    pub article: String,
}

/// `[norms]`: the conditions of a title event and how a norm is had, on
/// the norm table of the profile's game (`tables/norms-*.csv`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NormsConfig {
    /// At least this many players; omitted: no minimum.
    #[serde(default)]
    pub min_players: Option<u32>,
    /// At least this many rounds; omitted: no minimum.
    #[serde(default)]
    pub min_rounds: Option<u32>,
    /// No unit with more than this share of the players ("1/3").
    #[serde(default)]
    pub max_unit_share: Option<Fraction>,
    /// At most this share of unrated players (0.2 = 20%), between 0 and 1.
    #[serde(default)]
    pub max_unrated_share: Option<Decimal>,
    /// Which average decides the category: `"event"` (all players, the
    /// unrated at Ru) or `"opponents-and-own"`.
    pub average: crate::norms::NormAverage,
    /// Rounding of the required points: `"xiangqi-halves"` or `"exact"`.
    pub points: crate::norms::PointsRule,
    /// The article, cited in the reasons.
    #[serde(default)]
    pub article: String,
    /// The built-in title rules (`titles/*.toml`) of the ladder, the field
    /// of title events and title applications; omitted: the game's
    /// (chess `cca-chess`, xiangqi `cxa-legacy`).
    #[serde(default)]
    pub titles: Option<String>,
    /// At least this many arbiters of `arbiter_grade` or higher (cxa-legacy
    /// 六(二)).
    #[serde(default)]
    pub min_arbiters: Option<u32>,
    /// The grade of `min_arbiters`; default national.
    #[serde(default)]
    pub arbiter_grade: Option<crate::model::ArbiterGrade>,
    /// At most this many days with two rounds, every other day one round
    /// (cca-chess 六(二)).
    #[serde(default)]
    pub max_double_days: Option<u32>,
    /// The last this-many rounds one a day (cca-chess 六(二): 3).
    #[serde(default)]
    pub last_rounds_single: Option<u32>,
    /// Articles of the schedule rules (for the reasons).
    #[serde(default)]
    pub schedule_article: String,
}

/// A fraction written "a/b" in TOML (e.g. `"2/3"`), compared exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Fraction {
    /// Numerator.
    pub num: u32,
    /// Denominator (not 0).
    pub den: u32,
}

impl TryFrom<String> for Fraction {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        let bad = || format!("`{s}` is not a fraction like \"2/3\"");
        let (a, b) = s.split_once('/').ok_or_else(bad)?;
        let num: u32 = a.trim().parse().map_err(|_| bad())?;
        let den: u32 = b.trim().parse().map_err(|_| bad())?;
        if den == 0 || num > den {
            return Err(bad());
        }
        Ok(Fraction { num, den })
    }
}

impl From<Fraction> for String {
    fn from(f: Fraction) -> String {
        format!("{}/{}", f.num, f.den)
    }
}

impl fmt::Display for Fraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
}

/// Which events a condition applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ConditionScope {
    /// Every event.
    Any,
    /// Single and double round robins.
    RoundRobin,
    /// Double round robins.
    DoubleRoundRobin,
}

/// One condition a rated event must meet (cca-chess 四, cxa-2019 第三条,
/// cxa-legacy 四). Every field given must hold when the event has between
/// `min_players` and `max_players` players.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventCondition {
    /// Which events.
    pub scope: ConditionScope,
    /// Applies from this many players.
    #[serde(default)]
    pub min_players: Option<u32>,
    /// Applies up to this many players.
    #[serde(default)]
    pub max_players: Option<u32>,
    /// At least this share of the players rated.
    #[serde(default)]
    pub min_rated_share: Option<Fraction>,
    /// At least this many rated players.
    #[serde(default)]
    pub min_rated: Option<u32>,
    /// At least this many units (单位), when every player has one.
    #[serde(default)]
    pub min_units: Option<u32>,
    /// No unit with more than this share of the players.
    #[serde(default)]
    pub max_unit_share: Option<Fraction>,
    /// The units conditions do not apply to a Scheveningen event (cca-chess
    /// 四(二) 舍文宁根制除外).
    #[serde(default)]
    pub except_scheveningen: bool,
    /// At least this many rounds (cca-amateur 七(二)).
    #[serde(default)]
    pub min_rounds: Option<u32>,
    /// At least this many arbiters of `arbiter_grade` or higher.
    #[serde(default)]
    pub min_arbiters: Option<u32>,
    /// The grade of `min_arbiters`; default `national` (国家级).
    #[serde(default)]
    pub arbiter_grade: Option<crate::model::ArbiterGrade>,
    /// At most this many rounds on one day (cca-chess 四(四) 每天不超过两轮).
    #[serde(default)]
    pub max_rounds_per_day: Option<u32>,
    /// The first period of the time control gives at least this many
    /// minutes (cca-chess 四(四): 两小时).
    #[serde(default)]
    pub min_first_period_minutes: Option<u32>,
    /// … for at most this many moves (cca-chess 四(四): 不超过46着).
    #[serde(default)]
    pub max_first_period_moves: Option<u32>,
    /// Each player's time for 60 moves (base + 60 × increment) is at least
    /// this many minutes (cca-amateur 七(三)).
    #[serde(default)]
    pub min_minutes_for_60_moves: Option<Decimal>,
    /// A rapid event is rated only if its rules declared it before the
    /// start (cxa-2019 第三条).
    #[serde(default)]
    pub rapid_must_be_declared: bool,
    /// Registered with the federation at least this many months before the
    /// start (cxa-2019 第三条(五): 两个月).
    #[serde(default)]
    pub registered_months_before: Option<u32>,
    /// Registered before the start (cca-chess 四(五) 赛前上报).
    #[serde(default)]
    pub registered_before_start: bool,
    /// The article.
    pub article: String,
}

/// The K of a player and the reason for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct KChoice {
    /// K.
    pub k: u32,
    /// Why (the article, and the condition that held).
    pub reason: String,
    /// The same reason in Chinese (中文说明).
    pub reason_zh: String,
}

impl Profile {
    /// The regulation's title in `lang` (the published title where no
    /// translation is given).
    ///
    /// ```
    /// use qiyuan_rating::{Lang, Profile};
    /// let p = Profile::builtin("cxa-2019").unwrap();
    /// assert_eq!(p.title_in(Lang::Zh), "象棋棋手等级分计算与实施办法（中国象棋协会，2019）");
    /// assert!(p.title_in(Lang::En).starts_with("Xiangqi Player Rating"));
    /// ```
    pub fn title_in(&self, lang: crate::Lang) -> &str {
        match lang {
            crate::Lang::Zh => self.title_zh.as_deref().unwrap_or(&self.title),
            crate::Lang::En => self.title_en.as_deref().unwrap_or(&self.title),
        }
    }

    /// The names of the built-in profiles.
    ///
    /// ```
    /// assert!(qiyuan_rating::profile::Profile::builtin_names().contains(&"cca-chess"));
    /// ```
    pub fn builtin_names() -> Vec<&'static str> {
        BUILTIN.iter().map(|(n, _)| *n).collect()
    }

    /// The TOML text of a built-in profile (to print or copy as a start
    /// for one's own).
    pub fn builtin_toml(name: &str) -> Option<&'static str> {
        BUILTIN.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
    }

    /// A built-in profile by name.
    pub fn builtin(name: &str) -> Result<Profile, ProfileError> {
        match Profile::builtin_toml(name) {
            Some(text) => Profile::from_toml_str(text),
            None => Err(ProfileError::Unknown {
                name: name.to_string(),
                known: Profile::builtin_names().join(", "),
            }),
        }
    }

    /// Parses and checks a profile written in TOML.
    ///
    /// ```
    /// use qiyuan_rating::profile::Profile;
    /// let text = Profile::builtin_toml("cca-chess").unwrap().replace("default = 15", "default = 0");
    /// let err = Profile::from_toml_str(&text).unwrap_err();
    /// assert!(err.to_string().contains("k.default"));
    /// ```
    pub fn from_toml_str(text: &str) -> Result<Profile, ProfileError> {
        let p: Profile = toml::from_str(text).map_err(|e| ProfileError::Parse(e.to_string()))?;
        p.validate()?;
        Ok(p)
    }

    fn validate(&self) -> Result<(), ProfileError> {
        let invalid = |field: &str, reason: Message| {
            Err(ProfileError::Invalid {
                field: field.to_string(),
                reason,
            })
        };
        if self.name.trim().is_empty() {
            return invalid("name", Message::new("must not be empty", "不能为空"));
        }
        let r = &self.rounding;
        for (field, d) in [
            ("rounding.opponents_average", r.opponents_average),
            ("rounding.expected_fraction", r.expected_fraction),
            ("rounding.change", r.change),
            ("rounding.total_change", r.total_change),
            ("rounding.published", Some(r.published)),
            ("rounding.display", Some(r.display)),
        ] {
            if d.is_some_and(|d| d > 10) {
                return invalid(field, Message::new("at most 10 decimals", "最多 10 位小数"));
            }
        }
        if self.k.default == 0 {
            return invalid(
                "k.default",
                Message::new("K must be at least 1", "K 至少为 1"),
            );
        }
        for (i, rule) in self.k.rules.iter().enumerate() {
            if rule.k == 0 {
                return invalid(
                    &format!("k.rules[{i}].k"),
                    Message::new("K must be at least 1", "K 至少为 1"),
                );
            }
        }
        if self.k.max_k_times_games == Some(0) {
            return invalid(
                "k.max_k_times_games",
                Message::new("must be at least 1", "至少为 1"),
            );
        }
        if self
            .expected
            .difference_cap
            .is_some_and(|c| c <= Decimal::ZERO)
        {
            return invalid(
                "expected.difference_cap",
                Message::new("must be positive", "必须为正数"),
            );
        }
        if self.expected.dp_at_extremes <= Decimal::ZERO {
            return invalid(
                "expected.dp_at_extremes",
                Message::new("must be positive", "必须为正数"),
            );
        }
        let u = &self.unrated;
        if u.rule == UnratedRule::BaseRating && u.grade_step < Decimal::ZERO {
            return invalid(
                "unrated.grade_step",
                Message::new("must not be negative", "不能为负数"),
            );
        }
        if u.rule == UnratedRule::FideInitial && u.imaginary_rating <= Decimal::ZERO {
            return invalid(
                "unrated.imaginary_rating",
                Message::new(
                    "must be positive for the fide-initial rule",
                    "采用 `fide-initial` 规则时必须为正数",
                ),
            );
        }
        if u.round_robin_share
            .is_some_and(|s| s < Decimal::ZERO || s > Decimal::ONE)
        {
            return invalid(
                "unrated.round_robin_share",
                Message::new("must be between 0 and 1", "必须在 0 与 1 之间"),
            );
        }
        let limit = Decimal::from(100_000);
        let mut numbers = vec![
            ("unrated.provisional.male", u.provisional.male),
            ("unrated.provisional.female", u.provisional.female),
            ("unrated.grade_step", u.grade_step),
            ("unrated.imaginary_rating", u.imaginary_rating),
            ("expected.dp_at_extremes", self.expected.dp_at_extremes),
        ];
        numbers.extend(u.floor.map(|x| ("unrated.floor", x)));
        numbers.extend(u.cap.map(|x| ("unrated.cap", x)));
        numbers.extend(
            self.expected
                .difference_cap
                .map(|x| ("expected.difference_cap", x)),
        );
        for t in &u.former_titles {
            numbers.push(("unrated.former_titles", t.male));
            numbers.push(("unrated.former_titles", t.female));
        }
        for (field, x) in numbers {
            if x.abs() > limit {
                return invalid(
                    field,
                    Message::new("out of range (at most 100000)", "超出范围（最多 100000）"),
                );
            }
        }
        if u.grades.len() > 1000 {
            return invalid(
                "unrated.grades",
                Message::new("at most 1000 grades", "最多 1000 个等级"),
            );
        }
        if let Some(share) = self.norms.as_ref().and_then(|n| n.max_unrated_share)
            && (share < Decimal::ZERO || share > Decimal::ONE)
        {
            return invalid(
                "norms.max_unrated_share",
                Message::new("must be between 0 and 1", "必须在 0 与 1 之间"),
            );
        }
        if self.list.periods.is_empty() {
            return invalid(
                "list.periods",
                Message::new("at least one period", "至少一个周期"),
            );
        }
        Ok(())
    }

    /// Rounds `x` where the profile rounds (`decimals`), with its rule.
    pub fn round(&self, x: Decimal, decimals: Option<u32>) -> Decimal {
        self.rounding.mode.round_opt(x, decimals)
    }

    /// A rating rounded for publication.
    pub fn publish(&self, x: Decimal) -> Decimal {
        self.rounding.mode.round(x, self.rounding.published)
    }

    /// The new rating Rn from Ro and the total change ΣΔR, rounded where the
    /// profile rounds: Ro + ΣΔR as one figure, or, with
    /// `[rounding] total_change`, Ro + ΣΔR rounded first (FIDE).
    ///
    /// ```
    /// use qiyuan_rating::profile::Profile;
    /// use rust_decimal_macros::dec;
    /// // FIDE: the change −2.5 is rounded half away from zero to −3 first.
    /// assert_eq!(Profile::builtin("fide-2024").unwrap().new_rating(dec!(2400), dec!(-2.5)), dec!(2397));
    /// // cca-chess: 2397.5 is rounded as one figure.
    /// assert_eq!(Profile::builtin("cca-chess").unwrap().new_rating(dec!(2400), dec!(-2.5)), dec!(2398));
    /// ```
    pub fn new_rating(&self, ro: Decimal, total_change: Decimal) -> Decimal {
        let change = self.round(total_change, self.rounding.total_change);
        self.publish(ro + change)
    }

    /// Expected score fraction for a rating difference `d` already capped
    /// (the method, then the profile's P rounding).
    pub fn expected_fraction(&self, d: Decimal) -> Decimal {
        let p = match self.expected.method {
            ExpectedMethod::Table => table::expected_score(d),
            ExpectedMethod::Logistic => table::logistic(d),
        };
        self.round(p, self.rounding.expected_fraction)
    }

    /// The difference `own − other` after the profile's cap; `true` when
    /// the cap changed it. `own` is the player's own rating (decides the
    /// exemption).
    ///
    /// ```
    /// use qiyuan_rating::profile::Profile;
    /// use rust_decimal_macros::dec;
    /// let fide = Profile::builtin("fide-2024").unwrap();
    /// assert_eq!(fide.capped_difference(dec!(2000), dec!(2500)), (dec!(-400), true));
    /// assert_eq!(fide.capped_difference(dec!(2700), dec!(2200)), (dec!(500), false));
    /// ```
    pub fn capped_difference(&self, own: Decimal, other: Decimal) -> (Decimal, bool) {
        let d = own - other;
        match self.expected.difference_cap {
            Some(cap) if d.abs() > cap && self.expected.cap_exempt_from.is_none_or(|e| own < e) => {
                (if d.is_sign_negative() { -cap } else { cap }, true)
            }
            _ => (d, false),
        }
    }

    /// dp for a score fraction, with the profile's value at p = 1 / 0.
    pub fn difference_for_score(&self, p: Decimal) -> Decimal {
        if !self.expected.dp_table.is_empty() {
            let h =
                p.round_dp_with_strategy(2, rust_decimal::RoundingStrategy::MidpointAwayFromZero);
            if let Some(row) = self.expected.dp_table.iter().find(|r| r.p == h) {
                return row.dp;
            }
        }
        table::difference_for_score(p, self.expected.dp_at_extremes)
    }

    /// The provisional (or base) rating Ru of an unrated player.
    pub fn provisional_rating(&self, player: &Player) -> Decimal {
        let u = &self.unrated;
        let mut r = u.provisional.get(player.sex);
        if let Some(title) = player.title.as_deref() {
            if let Some(t) = u.former_titles.iter().find(|t| t.title == title) {
                r = match player.sex {
                    Sex::Male => t.male,
                    Sex::Female => t.female,
                };
            }
            if let Some(i) = u.grades.iter().position(|g| g == title) {
                r += u.grade_step * Decimal::from(i as u32 + 1);
            }
        }
        r
    }

    /// The published minimum for a sex, if the profile has one.
    pub fn minimum_published(&self, sex: Sex) -> Option<Decimal> {
        self.list.minimum_published.map(|m| m.get(sex))
    }

    /// K for a rated player (or an unrated one, when `unrated`) in an event
    /// of `event_year`, before the K × n limit ([`crate::k::k_for`]).
    pub fn k_for(&self, player: &Player, unrated: bool, event_year: Option<i32>) -> KChoice {
        crate::k::k_for(self, player, unrated, event_year)
    }
}

/// The conditions of a K rule in words (English, Chinese), with the facts.
pub(crate) fn k_reasons(rule: &KRule, f: &crate::k::KFacts) -> (Vec<String>, Vec<String>) {
    let mut en = Vec::new();
    let mut zh = Vec::new();
    if let Some(t) = rule.ever_reached_at_least {
        let h = fmt_opt(f.highest);
        en.push(format!("highest rating {h} ≥ {t}"));
        zh.push(format!("最高等级分 {} ≥ {t}", zh_unknown(&h)));
    }
    if let Some(t) = rule.rating_below {
        let r = fmt_opt(f.rating);
        en.push(format!("rating {r} < {t}"));
        zh.push(format!("等级分 {} < {t}", zh_unknown(&r)));
    }
    if let Some(t) = rule.rated_games_below {
        let g = f.games;
        en.push(format!("rated games {g} < {t}"));
        zh.push(format!("有效对局 {g} < {t}"));
    }
    if let Some(t) = rule.rated_events_below {
        let e = fmt_opt(f.events);
        en.push(format!("rated events {e} < {t}"));
        zh.push(format!("等级分赛 {} 次 < {t}", zh_unknown(&e)));
    }
    if let Some(t) = rule.age_below {
        let a = fmt_opt(f.age);
        en.push(format!("age {a} < {t}"));
        zh.push(format!("年龄 {} < {t}", zh_unknown(&a)));
    }
    (en, zh)
}

/// The Chinese reason for K: the profile's own text, else the English
/// article's reference (before `:`) with the K it gives.
pub(crate) fn zh_reason(zh: &str, article: &str, k: u32) -> String {
    if !zh.is_empty() {
        return zh.to_string();
    }
    let reference = article.split(':').next().unwrap_or("").trim();
    if reference.is_empty() {
        format!("K = {k}")
    } else {
        format!("{reference}：K = {k}")
    }
}

/// "unknown" as 未知 in Chinese reasons.
fn zh_unknown(s: &str) -> &str {
    if s == "unknown" { "未知" } else { s }
}

fn fmt_opt<T: fmt::Display>(x: Option<T>) -> String {
    x.map_or_else(|| "unknown".to_string(), |x| x.to_string())
}

/// The year of an event's end (or start) date, for age rules.
pub(crate) fn event_year(event: &crate::model::Event) -> Option<i32> {
    event.end().or(event.start()).map(|d| d.year())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_parses() {
        for name in Profile::builtin_names() {
            let p = Profile::builtin(name).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(p.name, name);
        }
    }
}
