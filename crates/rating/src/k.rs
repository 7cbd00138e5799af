//! The conversion factor K (换算系数).
//!
//! Articles implemented here: cxa-2019 第十条 (25 below 30 valid games, the
//! 2019 list markers 25*1 / 25*2 as 10 / 20 games, 15 from 30, 10 for ever
//! once 2500 is reached; fixed within a period); cca-chess 八(一) (25 for the
//! first 30 games, then 15, 10 for ever from 2400; the next event uses the new
//! K); cxa-legacy 八 (25 for the first three events or 30 games, 10 from
//! 2500); cca-amateur 六(一) (K = 10 for everyone); fide-2024 8.3.3 (40 / 20 /
//! 10, juniors, K × n ≤ 700). The rules are the profile's `[[k.rules]]`, the
//! first that holds gives K; an event ([`k_for`]) and a list row for the next
//! period ([`k_of`]) evaluate the same rules ([`first_rule`]).

use crate::event::{Detail, Flag};
use crate::model::Player;
use crate::period::ListRow;
use crate::profile::{KChoice, KRule, Profile};
use rust_decimal::Decimal;

/// What the K rules look at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KFacts {
    /// The highest rating ever (or the current one, if higher).
    pub highest: Option<Decimal>,
    /// The rating before the event.
    pub rating: Option<Decimal>,
    /// Valid games on the list.
    pub games: u32,
    /// Rated events so far, when the list records them.
    pub events: Option<u32>,
    /// Age in the event's year.
    pub age: Option<i32>,
}

/// True when every condition of `rule` holds.
pub fn rule_holds(rule: &KRule, f: &KFacts) -> bool {
    rule.ever_reached_at_least
        .is_none_or(|t| f.highest.is_some_and(|h| h >= t))
        && rule
            .rating_below
            .is_none_or(|t| f.rating.is_none_or(|r| r < t))
        && rule.rated_games_below.is_none_or(|t| f.games < t)
        && rule
            .rated_events_below
            .is_none_or(|t| f.events.is_some_and(|e| e < t))
        && rule.age_below.is_none_or(|t| f.age.is_some_and(|a| a < t))
}

/// The first of the profile's K rules that holds.
pub fn first_rule<'p>(profile: &'p Profile, f: &KFacts) -> Option<&'p KRule> {
    profile.k.rules.iter().find(|r| rule_holds(r, f))
}

/// K of a list row for the next period (a million rows per list: no reason
/// text is built).
pub fn k_of(profile: &Profile, row: &ListRow, year: i32) -> u32 {
    let unrated = !row.is_rated();
    if let (true, Some(k)) = (unrated, profile.unrated.k) {
        return k;
    }
    let rating = row.rating.filter(|_| !unrated);
    let facts = KFacts {
        highest: row.highest.max(rating),
        rating,
        games: row.rated_games,
        events: Some(row.rated_events),
        age: row.birth_year.map(|b| year - b),
    };
    first_rule(profile, &facts).map_or(profile.k.default, |r| r.k)
}

/// The facts K's rules read of an event's player.
fn player_facts(player: &Player, event_year: Option<i32>) -> KFacts {
    let rating = player.rating;
    let highest = match (player.ever_reached, rating) {
        (Some(a), Some(b)) => Some(a.max(b)),
        (a, b) => a.or(b),
    };
    KFacts {
        highest,
        rating,
        games: player.rated_games,
        events: player.rated_events,
        age: player.birth_year.zip(event_year).map(|(b, y)| y - b),
    }
}

/// K for a player of an event of `event_year` and the reason, before the
/// K × n limit; `unrated` players take the `[unrated] k` where given.
pub fn k_for(
    profile: &Profile,
    player: &Player,
    unrated: bool,
    event_year: Option<i32>,
) -> KChoice {
    if let (true, Some(k)) = (unrated, profile.unrated.k) {
        let (reason, reason_zh) = if profile.unrated.article.is_empty() {
            ("unrated player".to_string(), "无等级分棋手".to_string())
        } else {
            let a = profile.unrated.article.clone();
            (a.clone(), format!("{a}：无等级分棋手"))
        };
        return KChoice {
            k,
            reason,
            reason_zh,
        };
    }
    let facts = player_facts(player, event_year);
    match first_rule(profile, &facts) {
        Some(rule) => {
            let (en, zh) = crate::profile::k_reasons(rule, &facts);
            KChoice {
                k: rule.k,
                reason: format!("{} ({})", rule.article, en.join(", ")),
                reason_zh: format!(
                    "{}（{}）",
                    crate::profile::zh_reason(&rule.article_zh, &rule.article, rule.k),
                    zh.join("，")
                ),
            }
        }
        None => KChoice {
            k: profile.k.default,
            reason: profile.k.default_article.clone(),
            reason_zh: crate::profile::zh_reason(
                &profile.k.default_article_zh,
                &profile.k.default_article,
                profile.k.default,
            ),
        },
    }
}

/// K for a player in an event, without the words ([`k_for`]'s `k`).
fn k_value(profile: &Profile, player: &Player, unrated: bool, event_year: Option<i32>) -> u32 {
    if let (true, Some(k)) = (unrated, profile.unrated.k) {
        return k;
    }
    first_rule(profile, &player_facts(player, event_year)).map_or(profile.k.default, |r| r.k)
}

/// K for a player, with the K × n limit; the reasons (English, Chinese)
/// only when the line is explained.
pub(crate) fn k_choice(
    profile: &Profile,
    player: &crate::model::Player,
    unrated: bool,
    year: Option<i32>,
    n: u32,
    detail: Detail,
    flags: &mut Vec<Flag>,
) -> (u32, Option<String>, Option<String>) {
    let (mut k, mut reasons) = match detail {
        Detail::Explained => {
            let kc = k_for(profile, player, unrated, year);
            (kc.k, Some((kc.reason, kc.reason_zh)))
        }
        Detail::Figures => (k_value(profile, player, unrated, year), None),
    };
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
        if let Some((reason, reason_zh)) = &mut reasons {
            *reason = format!("{reason}; K × n ≤ {max}: {k} × {n} > {max} → K = {limited}");
            *reason_zh = format!("{reason_zh}；K × n ≤ {max}：{k} × {n} > {max} → K = {limited}");
        }
        k = limited;
    }
    match reasons {
        Some((reason, reason_zh)) => (k, Some(reason), Some(reason_zh)),
        None => (k, None, None),
    }
}
