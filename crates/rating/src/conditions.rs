//! Conditions of a rated event (等级分赛必须具备的条件) and the schedule and
//! arbiter conditions of a title event, as data of the profile, checked
//! with a warning (the product warns, it does not refuse).
//!
//! Articles implemented here:
//! - cca-chess 四(一) rated share in round robins, 四(二) units (舍文宁根制除外),
//!   四(三) two national arbiters, 四(四) at most two rounds a day and the time
//!   control (两小时不超过46着), 四(五) registered before the event;
//! - cca-chess 六(一) rounds and unrated share of a title event, 六(二) one game
//!   a day except one or two days with two, the last three rounds one a day
//!   (through [`schedule_checks`], called by [`crate::norms`]);
//! - cxa-2019 第三条 rapid events rated only if declared, 第三条(一) two thirds
//!   rated (with 第十一条), (二) four units, (三) two national-level arbiters,
//!   (五) registration two months ahead;
//! - cxa-legacy 四(一)(二)(三), 六(二) arbiters of a title event;
//! - cca-amateur 七(二) rounds by field size, 七(三) the time controls.
//!
//! Every condition is reported ([`ConditionCheck`]): met, failed (a warning,
//! naming its article) or not checked because the event does not give the
//! fact it needs (no unit, no round dates, no arbiters, no time control).
//! Desk, office and CLI call the same [`check_event`].

use std::collections::BTreeMap;

use chrono::{Months, NaiveDate};
use rust_decimal::Decimal;
use serde::Serialize;

use crate::model::{ArbiterGrade, Event, EventSystem, Player};
use crate::profile::{ConditionScope, EventCondition, Fraction, Profile};

/// What a check found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CheckStatus {
    /// The event meets the condition.
    Met,
    /// The event does not meet it (a warning).
    Failed,
    /// The event does not give the fact the condition needs.
    Unknown,
}

/// One condition checked on one event, worded in English and in Chinese.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ConditionCheck {
    /// The article (e.g. `四(三)`).
    pub article: String,
    /// What the condition asks, in words.
    pub condition: String,
    /// The same in Chinese.
    pub condition_zh: String,
    /// Met, failed or not checked.
    pub status: CheckStatus,
    /// What the event has (for a failure: the warning without the article).
    pub detail: String,
    /// The same in Chinese.
    pub detail_zh: String,
}

/// A text in English and in Chinese.
type Words = (String, String);

impl ConditionCheck {
    fn new(article: &str, condition: Words, status: CheckStatus, detail: Words) -> Self {
        ConditionCheck {
            article: article.to_string(),
            condition: condition.0,
            condition_zh: condition.1,
            status,
            detail: detail.0,
            detail_zh: detail.1,
        }
    }

    /// `article: detail`, the form of a warning.
    pub fn warning(&self) -> String {
        format!("{}: {}", self.article, self.detail)
    }

    /// The warning in Chinese: `article：detail`.
    pub fn warning_zh(&self) -> String {
        format!("{}：{}", self.article, self.detail_zh)
    }
}

/// Words in both languages from two `format!` strings.
macro_rules! both {
    ($en:expr, $zh:expr $(,)?) => {
        ($en.to_string(), $zh.to_string())
    };
}

/// True when the player counts as rated for a condition: a published
/// rating at or above the profile's unrated line (cxa-2019 第十一条).
pub fn counts_as_rated(profile: &Profile, p: &Player) -> bool {
    let below = profile.unrated.unrated_below.map(|b| b.get(p.sex));
    p.rating.is_some_and(|r| below.is_none_or(|b| r >= b))
}

/// The profile's rated-event conditions checked on an event.
pub fn check_event(event: &Event, profile: &Profile) -> Vec<ConditionCheck> {
    let mut out = Vec::new();
    for c in &profile.conditions {
        check_one(event, profile, c, &mut out);
    }
    out
}

/// The warnings: the failed checks as `article: detail`.
pub fn warnings(checks: &[ConditionCheck]) -> Vec<String> {
    checks
        .iter()
        .filter(|c| c.status == CheckStatus::Failed)
        .map(ConditionCheck::warning)
        .collect()
}

fn per_day(x: u32) -> Words {
    both!(
        format!("at most {x} rounds a day"),
        format!("每天至多 {x} 轮")
    )
}

fn no_date(round: u32) -> Words {
    both!(
        format!("round {round} has no date"),
        format!("第 {round} 轮没有日期")
    )
}

fn share_rule(f: Fraction) -> Words {
    both!(
        format!("no unit with more than {f} of the players"),
        format!("同一单位的棋手不超过 {f}")
    )
}

fn share_ok(count: u32, total: u32, f: Fraction) -> bool {
    u64::from(count) * u64::from(f.den) >= u64::from(f.num) * u64::from(total)
}

fn status(ok: bool) -> CheckStatus {
    if ok {
        CheckStatus::Met
    } else {
        CheckStatus::Failed
    }
}

fn check_one(event: &Event, profile: &Profile, c: &EventCondition, out: &mut Vec<ConditionCheck>) {
    let players = event.players();
    let m = players.len() as u32;
    let in_scope = match c.scope {
        ConditionScope::Any => true,
        ConditionScope::RoundRobin => event.rated_as_round_robin(),
        ConditionScope::DoubleRoundRobin => event.system() == EventSystem::DoubleRoundRobin,
    };
    if !in_scope || c.min_players.is_some_and(|x| m < x) || c.max_players.is_some_and(|x| m > x) {
        return;
    }
    let a = c.article.as_str();
    let rated = players
        .iter()
        .filter(|p| counts_as_rated(profile, p))
        .count() as u32;
    if let Some(f) = c.min_rated_share {
        let ok = share_ok(rated, m, f);
        out.push(ConditionCheck::new(
            a,
            both!(
                format!("at least {f} of the players rated"),
                format!("有等级分的棋手不少于 {f}")
            ),
            status(ok),
            if ok {
                both!(
                    format!("{rated} of {m} players are rated"),
                    format!("{m} 名棋手中 {rated} 名有等级分")
                )
            } else {
                both!(
                    format!("only {rated} of {m} players are rated, at least {f} needed"),
                    format!("{m} 名棋手中仅 {rated} 名有等级分，至少需要 {f}")
                )
            },
        ));
    }
    if let Some(x) = c.min_rated {
        let ok = rated >= x;
        out.push(ConditionCheck::new(
            a,
            both!(
                format!("at least {x} rated players"),
                format!("有等级分的棋手不少于 {x} 名")
            ),
            status(ok),
            if ok {
                both!(
                    format!("{rated} rated players"),
                    format!("{rated} 名棋手有等级分")
                )
            } else {
                both!(
                    format!("only {rated} rated players, at least {x} needed"),
                    format!("仅 {rated} 名棋手有等级分，至少需要 {x} 名")
                )
            },
        ));
    }
    if let Some(x) = c.min_rounds {
        let r = event.rounds();
        let ok = r >= x;
        out.push(ConditionCheck::new(
            a,
            both!(format!("at least {x} rounds"), format!("不少于 {x} 轮")),
            status(ok),
            if ok {
                both!(format!("{r} rounds"), format!("{r} 轮"))
            } else {
                both!(
                    format!("{r} rounds, at least {x} needed ({m} players)"),
                    format!("{r} 轮，至少需要 {x} 轮（{m} 名棋手）")
                )
            },
        ));
    }
    if c.min_units.is_some() || c.max_unit_share.is_some() {
        unit_checks(event, c, out);
    }
    if let Some(n) = c.min_arbiters {
        out.push(arbiter_check(
            event,
            a,
            n,
            c.arbiter_grade.unwrap_or(ArbiterGrade::National),
        ));
    }
    if let Some(x) = c.max_rounds_per_day {
        out.push(match rounds_by_day(event) {
            Err(missing) => {
                ConditionCheck::new(a, per_day(x), CheckStatus::Unknown, no_date(missing))
            }
            Ok(days) => {
                let worst = days.iter().max_by_key(|(_, r)| r.len());
                match worst {
                    Some((day, rounds)) if rounds.len() as u32 > x => ConditionCheck::new(
                        a,
                        per_day(x),
                        CheckStatus::Failed,
                        both!(
                            format!("{} rounds on {day}, at most {x} a day", rounds.len()),
                            format!("{day} 赛 {} 轮，每天至多 {x} 轮", rounds.len())
                        ),
                    ),
                    _ => ConditionCheck::new(
                        a,
                        per_day(x),
                        CheckStatus::Met,
                        both!(
                            format!("{} days of play", days.len()),
                            format!("比赛 {} 天", days.len())
                        ),
                    ),
                }
            }
        });
    }
    if c.min_first_period_minutes.is_some()
        || c.max_first_period_moves.is_some()
        || c.min_minutes_for_60_moves.is_some()
    {
        out.push(time_check(event, c));
    }
    if c.rapid_must_be_declared {
        let d = event.details();
        let rapid = d.is_rapid();
        let ok = !rapid || d.rapid_rated;
        out.push(ConditionCheck::new(
            a,
            both!(
                "a rapid event is rated only if its rules say so before it starts",
                "快棋赛须在赛前由竞赛规程说明计算等级分"
            ),
            status(ok),
            match (rapid, ok) {
                (false, _) => both!("not a rapid event", "不是快棋赛"),
                (true, true) => both!(
                    "a rapid event declared rated before the start",
                    "快棋赛，赛前已说明计算等级分"
                ),
                (true, false) => both!(
                    "a rapid event whose rules did not declare it rated before the start",
                    "快棋赛，竞赛规程赛前未说明计算等级分"
                ),
            },
        ));
    }
    if let Some(months) = c.registered_months_before {
        out.push(registration_check(event, a, Some(months)));
    }
    if c.registered_before_start {
        out.push(registration_check(event, a, None));
    }
}

fn unit_checks(event: &Event, c: &EventCondition, out: &mut Vec<ConditionCheck>) {
    let players = event.players();
    let m = players.len() as u32;
    let a = c.article.as_str();
    let units = || both!("units (every player's unit)", "参赛单位（每名棋手的单位）");
    if c.except_scheveningen && event.details().scheveningen {
        out.push(ConditionCheck::new(
            a,
            units(),
            CheckStatus::Met,
            both!(
                "a Scheveningen event: the units rule does not apply",
                "舍文宁根制比赛：不适用单位条件"
            ),
        ));
        return;
    }
    if !players.iter().all(|p| p.unit.is_some()) {
        out.push(ConditionCheck::new(
            a,
            units(),
            CheckStatus::Unknown,
            both!("not every player has a unit", "并非每名棋手都有单位"),
        ));
        return;
    }
    let mut counts: BTreeMap<&str, u32> = BTreeMap::new();
    for p in players {
        *counts
            .entry(p.unit.as_deref().unwrap_or_default())
            .or_default() += 1;
    }
    if let Some(x) = c.min_units {
        let n = counts.len() as u32;
        out.push(ConditionCheck::new(
            a,
            both!(format!("at least {x} units"), format!("不少于 {x} 个单位")),
            status(n >= x),
            if n >= x {
                both!(format!("{n} units"), format!("{n} 个单位"))
            } else {
                both!(
                    format!("{n} units, at least {x} needed"),
                    format!("{n} 个单位，至少需要 {x} 个")
                )
            },
        ));
    }
    if let Some(f) = c.max_unit_share {
        let mut any = false;
        for (name, n) in &counts {
            if u64::from(*n) * u64::from(f.den) > u64::from(f.num) * u64::from(m) {
                any = true;
                out.push(ConditionCheck::new(
                    a,
                    share_rule(f),
                    CheckStatus::Failed,
                    both!(
                        format!("unit {name} has {n} of {m} players, more than {f}"),
                        format!("单位 {name} 占 {m} 名棋手中的 {n} 名，超过 {f}")
                    ),
                ));
            }
        }
        if !any {
            out.push(ConditionCheck::new(
                a,
                share_rule(f),
                CheckStatus::Met,
                both!(
                    format!(
                        "at most {} of {m} players from one unit",
                        counts.values().max().unwrap_or(&0)
                    ),
                    format!(
                        "同一单位至多 {} 名（共 {m} 名）",
                        counts.values().max().unwrap_or(&0)
                    )
                ),
            ));
        }
    }
}

/// At least `n` arbiters of `grade` or higher (国家级（含以上级别）).
pub fn arbiter_check(event: &Event, article: &str, n: u32, grade: ArbiterGrade) -> ConditionCheck {
    let arbiters = &event.details().arbiters;
    let g = grade.zh();
    let condition = both!(
        format!("at least {n} arbiters of grade {g} or higher"),
        format!("{g}（含以上级别）裁判不少于 {n} 名")
    );
    if arbiters.is_empty() {
        return ConditionCheck::new(
            article,
            condition,
            CheckStatus::Unknown,
            both!("the event lists no arbiters", "赛事未列出裁判"),
        );
    }
    let have = arbiters.iter().filter(|x| x.grade >= grade).count() as u32;
    ConditionCheck::new(
        article,
        condition,
        status(have >= n),
        if have >= n {
            both!(
                format!("{have} arbiters of grade {g} or higher"),
                format!("{g}（含以上级别）裁判 {have} 名")
            )
        } else {
            both!(
                format!(
                    "{have} arbiters of grade {g} ({}) or higher, at least {n} needed",
                    grade.as_str()
                ),
                format!("{g}（含以上级别）裁判 {have} 名，至少需要 {n} 名")
            )
        },
    )
}

/// The rounds played on each day, or the first round without a date.
pub fn rounds_by_day(event: &Event) -> Result<BTreeMap<NaiveDate, Vec<u32>>, u32> {
    let d = event.details();
    let mut days: BTreeMap<NaiveDate, Vec<u32>> = BTreeMap::new();
    for r in 1..=event.rounds() {
        let date = d.round_date(r).ok_or(r)?;
        days.entry(date).or_default().push(r);
    }
    Ok(days)
}

/// cca-chess 六(二): "除一、两天安排一天两局棋外，其余轮次及最后三轮都是每天下一局棋" —
/// at most `max_double_days` days with two rounds, no day with more, and the
/// last `last_single` rounds each alone on its day.
pub fn schedule_checks(
    event: &Event,
    article: &str,
    max_double_days: Option<u32>,
    last_single: Option<u32>,
) -> Vec<ConditionCheck> {
    let mut out = Vec::new();
    let days = match rounds_by_day(event) {
        Ok(days) => days,
        Err(missing) => {
            if max_double_days.is_some() {
                out.push(ConditionCheck::new(
                    article,
                    both!(
                        "one game a day, except one or two days with two",
                        "每天一局，可有一两天每天两局"
                    ),
                    CheckStatus::Unknown,
                    no_date(missing),
                ));
            }
            if last_single.is_some() {
                out.push(ConditionCheck::new(
                    article,
                    both!("the last rounds one a day", "最后几轮每天一局"),
                    CheckStatus::Unknown,
                    no_date(missing),
                ));
            }
            return out;
        }
    };
    if let Some(max) = max_double_days {
        let condition = both!(
            format!("one game a day, except at most {max} days with two"),
            format!("每天一局，至多 {max} 天每天两局")
        );
        let over: Vec<_> = days.iter().filter(|(_, r)| r.len() > 2).collect();
        let doubles = days.values().filter(|r| r.len() == 2).count() as u32;
        out.push(if let Some((day, r)) = over.first() {
            ConditionCheck::new(
                article,
                condition,
                CheckStatus::Failed,
                both!(
                    format!("{} rounds on {day}, at most two a day", r.len()),
                    format!("{day} 赛 {} 轮，每天至多两轮", r.len())
                ),
            )
        } else if doubles > max {
            ConditionCheck::new(
                article,
                condition,
                CheckStatus::Failed,
                both!(
                    format!("{doubles} days with two rounds, at most {max}"),
                    format!("{doubles} 天每天两轮，至多 {max} 天")
                ),
            )
        } else {
            ConditionCheck::new(
                article,
                condition,
                CheckStatus::Met,
                both!(
                    format!("{doubles} days with two rounds"),
                    format!("{doubles} 天每天两轮")
                ),
            )
        });
    }
    if let Some(k) = last_single {
        let condition = both!(
            format!("the last {k} rounds one a day"),
            format!("最后 {k} 轮每天一局")
        );
        let rounds = event.rounds();
        let shared: Vec<u32> = (rounds.saturating_sub(k) + 1..=rounds)
            .filter(|&r| days.values().any(|day| day.contains(&r) && day.len() > 1))
            .collect();
        out.push(if shared.is_empty() {
            ConditionCheck::new(
                article,
                condition,
                CheckStatus::Met,
                both!(
                    format!(
                        "rounds {}–{rounds} each on a day of its own",
                        rounds.saturating_sub(k) + 1
                    ),
                    format!(
                        "第 {}–{rounds} 轮各占一天",
                        rounds.saturating_sub(k) + 1
                    )
                ),
            )
        } else {
            ConditionCheck::new(
                article,
                condition,
                CheckStatus::Failed,
                both!(
                    format!(
                        "round {} shares its day with another round; the last {k} rounds are one a day",
                        shared[0]
                    ),
                    format!(
                        "第 {} 轮与另一轮同日进行；最后 {k} 轮应每天一局",
                        shared[0]
                    )
                ),
            )
        });
    }
    out
}

fn time_check(event: &Event, c: &EventCondition) -> ConditionCheck {
    let a = c.article.as_str();
    let (mut asks, mut asks_zh) = (Vec::new(), Vec::new());
    if let Some(m) = c.min_first_period_minutes {
        asks.push(format!("at least {m} minutes"));
        asks_zh.push(format!("不少于 {m} 分钟"));
    }
    if let Some(n) = c.max_first_period_moves {
        asks.push(format!("for at most {n} moves"));
        asks_zh.push(format!("走不超过 {n} 着"));
    }
    if let Some(t) = c.min_minutes_for_60_moves {
        asks.push(format!(
            "at least {t} minutes each for 60 moves (base + 60 × increment)"
        ));
        asks_zh.push(format!(
            "60 着每方不少于 {t} 分钟（基本用时 + 60 × 每着加秒）"
        ));
    }
    let condition = both!(
        format!("time control: {}", asks.join(" ")),
        format!("用时：{}", asks_zh.join("，"))
    );
    let Some(tc) = &event.details().time_control else {
        return ConditionCheck::new(
            a,
            condition,
            CheckStatus::Unknown,
            both!("the event gives no time control", "赛事未给出用时"),
        );
    };
    let first = tc.first_period();
    let (mut problems, mut problems_zh) = (Vec::new(), Vec::new());
    if let (Some(min), Some(p)) = (c.min_first_period_minutes, first)
        && p.minutes < min
    {
        problems.push(format!(
            "{} minutes in the first period, at least {min}",
            p.minutes
        ));
        problems_zh.push(format!("第一阶段 {} 分钟，至少 {min} 分钟", p.minutes));
    }
    if let (Some(max), Some(p)) = (c.max_first_period_moves, first) {
        match p.moves {
            Some(n) if n > max => {
                problems.push(format!("{n} moves in the first period, at most {max}"));
                problems_zh.push(format!("第一阶段 {n} 着，至多 {max} 着"));
            }
            None => {
                problems.push(format!(
                    "the first period is for the whole game, at most {max} moves"
                ));
                problems_zh.push(format!("第一阶段为全局用时，应至多 {max} 着"));
            }
            _ => {}
        }
    }
    if let Some(min) = c.min_minutes_for_60_moves {
        let t = tc.minutes_for_moves(60).normalize();
        if t < min {
            problems.push(format!("{t} minutes for 60 moves, at least {min}"));
            problems_zh.push(format!("60 着 {t} 分钟，至少 {min} 分钟"));
        }
    }
    if problems.is_empty() {
        ConditionCheck::new(
            a,
            condition,
            CheckStatus::Met,
            both!(format!("time control {tc}"), format!("用时 {tc}")),
        )
    } else {
        ConditionCheck::new(
            a,
            condition,
            CheckStatus::Failed,
            both!(
                format!("time control {tc}: {}", problems.join("; ")),
                format!("用时 {tc}：{}", problems_zh.join("；"))
            ),
        )
    }
}

fn registration_check(event: &Event, a: &str, months: Option<u32>) -> ConditionCheck {
    let condition = match months {
        Some(m) => both!(
            format!("registered with the federation at least {m} months before the start"),
            format!("赛前至少 {m} 个月向协会申报")
        ),
        None => both!(
            "registered with the federation before the start",
            "赛前向协会申报"
        ),
    };
    let (Some(reg), Some(start)) = (event.details().registered, event.start()) else {
        return ConditionCheck::new(
            a,
            condition,
            CheckStatus::Unknown,
            both!(
                "the event gives no registration date (or no start)",
                "赛事未给出申报日期（或开赛日期）"
            ),
        );
    };
    let latest = match months {
        Some(m) => start
            .checked_sub_months(Months::new(m))
            .unwrap_or(NaiveDate::MIN),
        None => start.pred_opt().unwrap_or(NaiveDate::MIN),
    };
    let ok = reg <= latest;
    ConditionCheck::new(
        a,
        condition,
        status(ok),
        if ok {
            both!(
                format!("registered on {reg}, the event starts on {start}"),
                format!("{reg} 申报，{start} 开赛")
            )
        } else {
            both!(
                format!("registered on {reg}, the event starts on {start}: {latest} at the latest"),
                format!("{reg} 申报，{start} 开赛：最迟应在 {latest} 申报")
            )
        },
    )
}

/// The share of unrated players, `count / total` (for the title-event rule).
pub fn unrated_share(unrated: u32, total: u32) -> Decimal {
    if total == 0 {
        Decimal::ZERO
    } else {
        Decimal::from(unrated) / Decimal::from(total)
    }
}
