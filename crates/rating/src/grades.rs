//! Amateur grades (棋士等级称号): promotion by an event's score rate, from
//! an editable table (`grades/*.toml`).
//!
//! Articles implemented here: seed 003 国际象棋等级赛晋级规则 — 得分率 = 得分
//! ÷ 轮次 × 100%; the points needed rounded up to the next half point (7
//! rounds: 50% → 3.5, 40% → 3, 55% → 4, 65% → 5, 70% → 5); 七级以上就不能
//! 跳级 (one grade at a time from 七级); regulations.md §5.1 for the ladders
//! and the event conditions per target grade (not in the seeds). The
//! federation's table of rates (下表) is not in the seeds: its rows are
//! data ([`GradeTable::promotion`]) a federation fills in.
//!
//! ```
//! use qiyuan_rating::grades::{PointsRounding, points_needed};
//! use rust_decimal_macros::dec;
//! assert_eq!(points_needed(PointsRounding::UpToHalf, 7, dec!(40)), dec!(3));
//! assert_eq!(points_needed(PointsRounding::UpToHalf, 7, dec!(65)), dec!(5));
//! ```

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::model::{Event, GameKind, Pairing, PlayerId};
use crate::profile::ProfileError;
use qiyuan_vocab::Message;

const BUILTIN: &[(&str, &str)] = &[
    ("cca-chess", include_str!("../grades/cca-chess.toml")),
    ("cxa", include_str!("../grades/cxa.toml")),
];

/// How rate × rounds becomes the points needed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PointsRounding {
    /// Up to the next half point (seed 003).
    UpToHalf,
    /// The exact product.
    Exact,
}

/// The points needed in `rounds` rounds at `pct` percent.
pub fn points_needed(rule: PointsRounding, rounds: u32, pct: Decimal) -> Decimal {
    let x = Decimal::from(rounds) * pct / Decimal::ONE_HUNDRED;
    match rule {
        PointsRounding::UpToHalf => (x * Decimal::TWO).ceil() / Decimal::TWO,
        PointsRounding::Exact => x,
    }
}

/// One row of the federation's table: from a grade to a grade at a rate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PromotionRow {
    /// The current grade; absent: a player without a grade.
    #[serde(default)]
    pub from: Option<String>,
    /// The grade reached.
    pub to: String,
    /// The score rate in percent.
    pub rate: Decimal,
    /// Where the figure comes from.
    #[serde(default)]
    pub source: String,
}

/// Conditions of an event for promotions to some grades.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GradeCondition {
    /// The target grades.
    pub grades: Vec<String>,
    /// At least this many rounds.
    #[serde(default)]
    pub min_rounds: Option<u32>,
    /// Both players' time together for 60 moves, in minutes, at least.
    #[serde(default)]
    pub min_game_minutes: Option<Decimal>,
    /// Where it comes from.
    #[serde(default)]
    pub source: String,
}

/// A grade ladder and its promotion rules.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GradeTable {
    /// Short name.
    pub name: String,
    /// What it is.
    pub title: String,
    /// Where it comes from.
    pub source: String,
    /// Xiangqi or chess.
    pub game: GameKind,
    /// Rounding of the points needed.
    pub points_rounding: PointsRounding,
    /// Its article.
    #[serde(default)]
    pub rounding_article: String,
    /// From this grade up, one grade at a time.
    #[serde(default)]
    pub no_skip_from: Option<String>,
    /// Its article.
    #[serde(default)]
    pub no_skip_article: String,
    /// The grades, lowest first.
    pub ladder: Vec<String>,
    /// Where the ladder comes from.
    #[serde(default)]
    pub ladder_source: String,
    /// Event conditions per target grade.
    #[serde(default)]
    pub conditions: Vec<GradeCondition>,
    /// The federation's table of rates.
    #[serde(default)]
    pub promotion: Vec<PromotionRow>,
}

impl GradeTable {
    /// The built-in tables' names.
    pub fn builtin_names() -> Vec<&'static str> {
        BUILTIN.iter().map(|(n, _)| *n).collect()
    }

    /// A built-in table's TOML.
    pub fn builtin_toml(name: &str) -> Option<&'static str> {
        BUILTIN.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
    }

    /// A built-in table.
    pub fn builtin(name: &str) -> Result<GradeTable, ProfileError> {
        match Self::builtin_toml(name) {
            Some(t) => Self::from_toml_str(t),
            None => Err(ProfileError::Unknown {
                name: name.into(),
                known: Self::builtin_names().join(", "),
            }),
        }
    }

    /// The built-in table of a game.
    pub fn for_game(game: GameKind) -> GradeTable {
        Self::builtin(match game {
            GameKind::Chess => "cca-chess",
            GameKind::Xiangqi => "cxa",
        })
        .expect("built-in grade tables parse")
    }

    /// Parses and checks a table: every grade named is on the ladder, rates
    /// between 0 and 100, promotions go up.
    pub fn from_toml_str(text: &str) -> Result<GradeTable, ProfileError> {
        let t: GradeTable = toml::from_str(text).map_err(|e| ProfileError::Parse(e.to_string()))?;
        let bad = |field: String, reason: Message| Err(ProfileError::Invalid { field, reason });
        for (i, r) in t.promotion.iter().enumerate() {
            let to = t.index(&r.to);
            let from = r.from.as_deref().map(|f| t.index(f));
            if to.is_none() || from.is_some_and(|f| f.is_none()) {
                return bad(
                    format!("promotion[{i}]"),
                    Message::new("names a grade not on the ladder", "所指等级不在等级序列中"),
                );
            }
            if from.flatten().is_some_and(|f| Some(f) >= to) {
                return bad(
                    format!("promotion[{i}]"),
                    Message::new("does not go up the ladder", "没有沿等级序列向上"),
                );
            }
            if r.rate < Decimal::ZERO || r.rate > Decimal::ONE_HUNDRED {
                return bad(
                    format!("promotion[{i}].rate"),
                    Message::new("a percentage, 0 to 100", "为百分比，0 至 100"),
                );
            }
        }
        for (i, c) in t.conditions.iter().enumerate() {
            if let Some(g) = c.grades.iter().find(|g| t.index(g).is_none()) {
                return bad(
                    format!("conditions[{i}]"),
                    Message::new(
                        format!("{g} is not on the ladder"),
                        format!("“{g}”不在等级序列中"),
                    ),
                );
            }
        }
        if let Some(g) = t.no_skip_from.as_deref().filter(|g| t.index(g).is_none()) {
            return bad(
                "no_skip_from".into(),
                Message::new(
                    format!("{g} is not on the ladder"),
                    format!("“{g}”不在等级序列中"),
                ),
            );
        }
        Ok(t)
    }

    /// The position of a grade on the ladder (0 = lowest).
    pub fn index(&self, grade: &str) -> Option<usize> {
        self.ladder.iter().position(|g| g == grade.trim())
    }
}

/// One target considered for a player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TargetCheck {
    /// The grade.
    pub to: String,
    /// The rate of the table.
    pub rate: Decimal,
    /// Points needed in this event.
    pub points_needed: Decimal,
    /// Reached (points and conditions).
    pub reached: bool,
    /// Conditions of the event not met for this grade (English).
    pub conditions_failed: Vec<String>,
    /// The same, as data ([`GradeConditionFailure::text`] words each).
    #[serde(skip)]
    pub failures: Vec<GradeConditionFailure>,
}

/// A condition of the event a promotion asks and the event does not meet
/// (regulations.md §5.1): data, worded in either language by
/// [`GradeConditionFailure::text`] (English by `Display`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GradeConditionFailure {
    /// Fewer rounds than the condition asks.
    Rounds {
        /// The event's rounds.
        rounds: u32,
        /// The minimum.
        min: u32,
        /// Where the condition comes from.
        source: String,
    },
    /// The event gives no time control; the condition asks minutes a game.
    NoTimeControl {
        /// The minutes a game asked.
        min: Decimal,
        /// Where the condition comes from.
        source: String,
    },
    /// The time control gives fewer minutes a game (60 moves) than asked.
    TimeControl {
        /// The time control as written (`90+30`).
        control: String,
        /// Its minutes a game for 60 moves, both players.
        minutes: Decimal,
        /// The minimum.
        min: Decimal,
        /// Where the condition comes from.
        source: String,
    },
}

impl GradeConditionFailure {
    /// The failure in words, citing its source.
    ///
    /// ```
    /// use qiyuan_rating::Lang;
    /// use qiyuan_rating::grades::GradeConditionFailure;
    /// let f = GradeConditionFailure::Rounds { rounds: 5, min: 7, source: "§5.1".into() };
    /// assert_eq!(f.text(Lang::En), "5 rounds, at least 7 (§5.1)");
    /// assert_eq!(f.text(Lang::Zh), "5 轮，至少须 7 轮（§5.1）");
    /// ```
    pub fn text(&self, lang: crate::Lang) -> String {
        match self {
            GradeConditionFailure::Rounds {
                rounds,
                min,
                source,
            } => lang.pick(
                format!("{rounds} rounds, at least {min} ({source})"),
                format!("{rounds} 轮，至少须 {min} 轮（{source}）"),
            ),
            GradeConditionFailure::NoTimeControl { min, source } => lang.pick(
                format!("no time control given; at least {min} minutes a game ({source})"),
                format!("未给出用时规定；每局至少须 {min} 分钟（{source}）"),
            ),
            GradeConditionFailure::TimeControl {
                control,
                minutes,
                min,
                source,
            } => lang.pick(
                format!(
                    "time control {control}: {minutes} minutes a game for 60 moves, at least {min} ({source})"
                ),
                format!(
                    "用时 {control}：60 回合每局 {minutes} 分钟，至少须 {min} 分钟（{source}）"
                ),
            ),
        }
    }
}

impl std::fmt::Display for GradeConditionFailure {
    /// The failure in English ([`GradeConditionFailure::text`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(crate::Lang::En))
    }
}

/// A remark of a grade report, on the event or on one player: data,
/// worded in either language by [`GradeNote::text`] (English by `Display`
/// and in JSON).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GradeNote {
    /// The table has no promotion rows (the seeds do not print the rates).
    NoPromotionRows {
        /// The table's name.
        table: String,
    },
    /// The player's grade is not on the table's ladder.
    NotOnLadder {
        /// The grade.
        grade: String,
    },
    /// A grade more than one above was reached, but from `from` up one
    /// grade at a time: `to` is given.
    OneAtATime {
        /// The grade reached by the score.
        reached: String,
        /// The player's grade.
        from: String,
        /// The article of the rule.
        article: String,
        /// The grade given.
        to: String,
    },
    /// No row of the table starts from the player's grade (`None`: no grade).
    NoRowFrom {
        /// The player's grade.
        grade: Option<String>,
    },
}

impl GradeNote {
    /// The remark in words.
    ///
    /// ```
    /// use qiyuan_rating::Lang;
    /// use qiyuan_rating::grades::GradeNote;
    /// let n = GradeNote::NoRowFrom { grade: None };
    /// assert_eq!(n.text(Lang::En), "no row of the table starts from no grade");
    /// assert_eq!(n.text(Lang::Zh), "表中没有从无等级起算的晋级行");
    /// ```
    pub fn text(&self, lang: crate::Lang) -> String {
        match self {
            GradeNote::NoPromotionRows { table } => lang.pick(
                format!(
                    "the table `{table}` has no promotion rows: the seeds do not print the federation's \
                     table; give one with the rows (current grade, target grade, rate)"
                ),
                format!(
                    "等级称号表 `{table}` 没有晋级行：原始文件未载明协会的得分率表；请给出含晋级行（原等级、目标等级、得分率）的表"
                ),
            ),
            GradeNote::NotOnLadder { grade } => lang.pick(
                format!("grade {grade} is not on the ladder"),
                format!("等级 {grade} 不在等级序列中"),
            ),
            GradeNote::OneAtATime {
                reached,
                from,
                article,
                to,
            } => lang.pick(
                format!("{reached} reached, but from {from} one grade at a time ({article}): {to}"),
                format!("得分达到{reached}，但自{from}起须逐级晋升（{article}）：晋升为{to}"),
            ),
            GradeNote::NoRowFrom { grade } => match grade {
                Some(g) => lang.pick(
                    format!("no row of the table starts from {g}"),
                    format!("表中没有从{g}起算的晋级行"),
                ),
                None => lang.pick(
                    "no row of the table starts from no grade".to_string(),
                    "表中没有从无等级起算的晋级行".to_string(),
                ),
            },
        }
    }
}

impl std::fmt::Display for GradeNote {
    /// The remark in English ([`GradeNote::text`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(crate::Lang::En))
    }
}

/// One player's grade report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerGrade {
    /// Id.
    pub id: PlayerId,
    /// Name.
    pub name: String,
    /// The grade before the event.
    pub grade_before: Option<String>,
    /// Points in the event (byes and forfeits included).
    pub score: Decimal,
    /// Score rate in percent (exact).
    pub rate: Decimal,
    /// Every row of the table from the player's grade.
    pub targets: Vec<TargetCheck>,
    /// The grade earned, if any.
    pub grade_after: Option<String>,
    /// Remarks (no row for the grade, the no-skip rule), in English.
    pub notes: Vec<String>,
    /// The same, as data ([`GradeNote::text`] words each).
    #[serde(skip)]
    pub remarks: Vec<GradeNote>,
}

/// An event's grade report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GradeReport {
    /// Event name.
    pub event: String,
    /// The table used.
    pub table: String,
    /// Rounds of the event (the divisor of the rate).
    pub rounds: u32,
    /// Remarks on the whole event, in English.
    pub notes: Vec<String>,
    /// The same, as data ([`GradeNote::text`] words each).
    #[serde(skip)]
    pub remarks: Vec<GradeNote>,
    /// Players in event order.
    pub players: Vec<PlayerGrade>,
}

/// The event's points per player (1/½/0; byes and forfeits as scored).
fn event_points(event: &Event) -> Vec<Decimal> {
    let mut pts = vec![Decimal::ZERO; event.players().len()];
    for p in event.pairings() {
        match *p {
            Pairing::Game {
                white,
                black,
                result,
                ..
            } => {
                if let Some(w) = result.white_score() {
                    pts[event.player_index(white).expect("validated")] += w;
                    pts[event.player_index(black).expect("validated")] += Decimal::ONE - w;
                }
            }
            Pairing::Bye { player, kind, .. } => {
                pts[event.player_index(player).expect("validated")] += kind.score();
            }
        }
    }
    pts
}

/// The grade report of an event: each player's grade before (`grade`, else
/// a `title` on the ladder), score rate, the points each target needs and
/// the grade earned.
pub fn grade_report(event: &Event, table: &GradeTable) -> GradeReport {
    let rounds = event.rounds();
    let pts = event_points(event);
    let mut remarks = Vec::new();
    if table.promotion.is_empty() {
        remarks.push(GradeNote::NoPromotionRows {
            table: table.name.clone(),
        });
    }
    let tc = event.details().time_control.as_ref();
    let mut players = Vec::new();
    for (i, p) in event.players().iter().enumerate() {
        let before = p
            .grade
            .clone()
            .or_else(|| p.title.clone().filter(|t| table.index(t).is_some()));
        let score = pts[i];
        let rate = if rounds == 0 {
            Decimal::ZERO
        } else {
            score * Decimal::ONE_HUNDRED / Decimal::from(rounds)
        };
        let mut pn = Vec::new();
        let cur = before.as_deref().and_then(|g| table.index(g));
        if before.is_some() && cur.is_none() {
            pn.push(GradeNote::NotOnLadder {
                grade: before.clone().unwrap_or_default(),
            });
        }
        let mut targets = Vec::new();
        for row in table
            .promotion
            .iter()
            .filter(|r| r.from.as_deref().map(str::trim) == before.as_deref().map(str::trim))
        {
            let need = points_needed(table.points_rounding, rounds, row.rate);
            let mut failed = Vec::new();
            for c in table
                .conditions
                .iter()
                .filter(|c| c.grades.contains(&row.to))
            {
                if let Some(m) = c.min_rounds.filter(|&m| rounds < m) {
                    failed.push(GradeConditionFailure::Rounds {
                        rounds,
                        min: m,
                        source: c.source.clone(),
                    });
                }
                if let Some(m) = c.min_game_minutes {
                    match tc {
                        None => failed.push(GradeConditionFailure::NoTimeControl {
                            min: m,
                            source: c.source.clone(),
                        }),
                        Some(t) if t.minutes_for_moves(60) * Decimal::TWO < m => {
                            failed.push(GradeConditionFailure::TimeControl {
                                control: t.to_string(),
                                minutes: (t.minutes_for_moves(60) * Decimal::TWO).normalize(),
                                min: m,
                                source: c.source.clone(),
                            });
                        }
                        _ => {}
                    }
                }
            }
            targets.push(TargetCheck {
                to: row.to.clone(),
                rate: row.rate,
                points_needed: need,
                reached: score >= need && failed.is_empty(),
                conditions_failed: failed.iter().map(ToString::to_string).collect(),
                failures: failed,
            });
        }
        let best = targets
            .iter()
            .filter(|t| t.reached)
            .max_by_key(|t| table.index(&t.to))
            .map(|t| t.to.clone());
        let mut after = best;
        if let (Some(c), Some(a), Some(ns)) = (
            cur,
            after.as_deref().and_then(|g| table.index(g)),
            table.no_skip_from.as_deref().and_then(|g| table.index(g)),
        ) && c >= ns
            && a > c + 1
        {
            pn.push(GradeNote::OneAtATime {
                reached: table.ladder[a].clone(),
                from: table.ladder[c].clone(),
                article: table.no_skip_article.clone(),
                to: table.ladder[c + 1].clone(),
            });
            after = Some(table.ladder[c + 1].clone());
        }
        if targets.is_empty() && !table.promotion.is_empty() {
            pn.push(GradeNote::NoRowFrom {
                grade: before.clone(),
            });
        }
        players.push(PlayerGrade {
            id: p.id,
            name: p.name.clone(),
            grade_before: before,
            score,
            rate,
            targets,
            grade_after: after,
            notes: pn.iter().map(ToString::to_string).collect(),
            remarks: pn,
        });
    }
    GradeReport {
        event: event.name().to_string(),
        table: table.name.clone(),
        rounds,
        notes: remarks.iter().map(ToString::to_string).collect(),
        remarks,
        players,
    }
}
