//! What a rating period did to a row or noticed in an event, as a typed
//! value: [`PeriodNote`]. Its `Display` is the English the period has always
//! written (stored lists hold it, tests read it); [`PeriodNote::text`] words
//! it in either language from the same figures.

use std::fmt;

use chrono::NaiveDate;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::Lang;
use crate::event::EventNote;
use crate::model::PlayerId;
use crate::period::list::TitleRoute;

/// One note of a rating period: on a row of the new list (first rating,
/// games carried, title adjustment, inactivity…) or on an event (list data
/// used, the event's own notes, a rated-event condition not met).
///
/// Stored as JSON: a typed note as `{"kind": {fields}}`, a note written
/// before notes were typed as its English string ([`PeriodNote::Legacy`]),
/// so that stored lists read back as they were.
///
/// ```
/// use qiyuan_rating::Lang;
/// use qiyuan_rating::period::PeriodNote;
/// use rust_decimal_macros::dec;
/// let n = PeriodNote::FirstRating { rating: dec!(1530) };
/// assert_eq!(n.to_string(), "first rating 1530");
/// assert_eq!(n.text(Lang::Zh), "首次获得等级分 1530");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PeriodNote {
    /// An unrated player's carried games are older than the profile's window.
    CarriedExpired {
        /// Games carried.
        games: u32,
        /// Year of the first carried game.
        since: i32,
        /// The profile's article.
        article: String,
    },
    /// An event's games do not count towards a first rating.
    NotTowardsFirstRating {
        /// The event.
        event: String,
        /// The profile's article.
        article: String,
    },
    /// The list's carried games are older than the period before this one.
    CarriedTooOld {
        /// Games carried.
        games: u32,
        /// Year of the first carried game.
        since: i32,
        /// First day of the period before this one.
        start: NaiveDate,
        /// The profile's article.
        article: String,
    },
    /// An unrated player rated from the base rating.
    RatedFromBase {
        /// The base rating.
        base: Decimal,
        /// The profile's article.
        article: String,
    },
    /// Games carried from the period before lapse (same-or-next-period window).
    CarriedLapse {
        /// Games that lapse.
        games: u32,
        /// The profile's article.
        article: String,
    },
    /// A first rating by the provisional rule: Ru + ΣK(W − We).
    FirstRatingProvisional {
        /// Ru.
        provisional: Decimal,
        /// ΣK(W − We).
        sum: Decimal,
        /// Games.
        games: u32,
        /// The profile's article.
        article: String,
    },
    /// A first rating by performance: Σ(performance × games) / games.
    FirstRatingPerformance {
        /// Σ(performance × games).
        sum: Decimal,
        /// Games.
        games: u32,
        /// The profile's article.
        article: String,
    },
    /// A first rating below the published minimum: not published.
    FirstRatingBelowMinimum {
        /// The first rating.
        rating: Decimal,
        /// The published minimum.
        minimum: Decimal,
    },
    /// A first rating, published.
    FirstRating {
        /// The rating.
        rating: Decimal,
    },
    /// Too few games for a first rating: carried over.
    CarriedOver {
        /// Games carried.
        games: u32,
        /// Games needed.
        need: u32,
    },
    /// A rating below the published minimum: unrated.
    BelowMinimum {
        /// The rating.
        rating: Decimal,
        /// The published minimum.
        minimum: Decimal,
        /// The profile's article.
        article: String,
    },
    /// A new title won by a route the profile does not raise.
    TitleOtherRoute {
        /// The title.
        title: String,
        /// How it was won.
        by: TitleRoute,
        /// The only route raised.
        route: TitleRoute,
        /// The profile's article.
        article: String,
    },
    /// A new title whose route is not recorded, where only one route is raised.
    TitleRouteUnknown {
        /// The title.
        title: String,
        /// The only route raised.
        route: TitleRoute,
        /// The profile's article.
        article: String,
    },
    /// A new title; the rating is already at or above its figure.
    TitleAlreadyAbove {
        /// The title.
        title: String,
        /// The rating.
        rating: Decimal,
        /// The title's figure.
        target: Decimal,
        /// The profile's article.
        article: String,
    },
    /// A new title whose figure was reached before: rating kept.
    TitleReachedBefore {
        /// The title.
        title: String,
        /// The title's figure.
        target: Decimal,
        /// The profile's article.
        article: String,
    },
    /// A new title: the rating raised to its figure.
    TitleRaised {
        /// The title.
        title: String,
        /// The title's figure.
        target: Decimal,
        /// The profile's article.
        article: String,
    },
    /// Years without a rated game: the rating cancelled.
    RatingCancelled {
        /// Calendar years without a rated game.
        years: u32,
        /// The profile's limit.
        after: u32,
        /// The player restarts from the base rating.
        restart: bool,
        /// The profile's article.
        article: String,
    },
    /// A year of inactivity's deduction.
    InactiveYear {
        /// The year of inactivity (1, 2…).
        year: u32,
        /// The deduction.
        deduction: Decimal,
        /// The profile's article.
        article: String,
    },
    /// Inactive.
    Inactive {
        /// Calendar years without a rated game.
        years: u32,
        /// The profile's article.
        article: String,
    },
    /// Inactive and below the minimum of the title: rating lost.
    InactiveBelowMinimum {
        /// The minimum.
        minimum: Decimal,
        /// The player's title, if any.
        title: Option<String>,
        /// The profile's article.
        article: String,
    },
    /// The event file's rating differs from the list's; the list's is used.
    ListRatingUsed {
        /// The player.
        id: PlayerId,
        /// The player's name.
        name: String,
        /// The event file's rating.
        event: Decimal,
        /// The list's (`None`: unrated).
        list: Option<Decimal>,
    },
    /// A note of the rating of an event.
    Event(EventNote),
    /// A rated-event condition the event does not meet.
    Condition {
        /// The article.
        article: String,
        /// What the event has, in English.
        detail: String,
        /// The same in Chinese.
        detail_zh: String,
    },
    /// A note stored as English text before notes were typed (or a remark
    /// a caller added): shown as stored.
    #[serde(untagged)]
    Legacy(String),
}

impl PeriodNote {
    /// The note in `lang` (`text(Lang::En) == to_string()`); a
    /// [`PeriodNote::Legacy`] note is shown as stored in both.
    pub fn text(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Zh => self.zh(),
        }
    }

    /// Whether the English words contain `pat` (a search, and the tests'
    /// way to find a note).
    pub fn contains(&self, pat: &str) -> bool {
        self.to_string().contains(pat)
    }

    fn zh(&self) -> String {
        use PeriodNote as N;
        match self {
            N::CarriedExpired {
                games,
                since,
                article,
            } => format!("自 {since} 年累计的 {games} 局已过期（{article}）"),
            N::NotTowardsFirstRating { event, article } => {
                format!("{event}：对局不计入首次等级分（{article}）")
            }
            N::CarriedTooOld {
                games,
                since,
                start,
                article,
            } => format!(
                "自 {since} 年累计的 {games} 局早于上一统计期（{start} 起）：不再计入（{article}）"
            ),
            N::RatedFromBase { base, article } => {
                format!("以基础等级分 {base} 起算（{article}）")
            }
            N::CarriedLapse { games, article } => format!(
                "上一统计期累计的 {games} 局不再计入：只有同一统计期或下一统计期的对局合并计算（{article}）"
            ),
            N::FirstRatingProvisional {
                provisional,
                sum,
                games,
                article,
            } => format!(
                "首次等级分 Ru + ΣK(W − We) = {provisional} + {sum}，共 {games} 局（{article}）"
            ),
            N::FirstRatingPerformance {
                sum,
                games,
                article,
            } => format!("首次等级分 Σ(表现分 × 局数) / 局数 = {sum} / {games}（{article}）"),
            N::FirstRatingBelowMinimum { rating, minimum } => {
                format!("首次等级分 {rating} 低于公布的最低数字 {minimum}：不予公布")
            }
            N::FirstRating { rating } => format!("首次获得等级分 {rating}"),
            N::CarriedOver { games, need } => {
                format!("与有分棋手对局 {games} 局，需 {need} 局：累计到以后的统计期")
            }
            N::BelowMinimum {
                rating,
                minimum,
                article,
            } => format!("等级分 {rating} 低于公布的最低数字 {minimum}：改为无等级分（{article}）"),
            N::TitleOtherRoute {
                title,
                by,
                route,
                article,
            } => format!(
                "新称号 {title} 通过{}获得：只有通过{}获得的称号才提高等级分（{article}）",
                route_zh(*by),
                route_zh(*route)
            ),
            N::TitleRouteUnknown {
                title,
                route,
                article,
            } => format!(
                "新称号 {title}：未记录获得途径，而只有通过{}获得的称号才提高等级分（{article}）：不提高",
                route_zh(*route)
            ),
            N::TitleAlreadyAbove {
                title,
                rating,
                target,
                article,
            } => {
                format!("新称号 {title}：等级分 {rating} 已不低于 {target}，保持不变（{article}）")
            }
            N::TitleReachedBefore {
                title,
                target,
                article,
            } => format!("新称号 {title}：曾达到 {target}，等级分保持不变（{article}）"),
            N::TitleRaised {
                title,
                target,
                article,
            } => format!("新称号 {title}：等级分提高到 {target}（{article}）"),
            N::RatingCancelled {
                years,
                after,
                restart,
                article,
            } => format!(
                "{years} 年没有计分对局（满 {after} 年取消）：取消等级分{}（{article}）",
                if *restart {
                    "，以后从基础等级分重新起算"
                } else {
                    ""
                }
            ),
            N::InactiveYear {
                year,
                deduction,
                article,
            } => format!("不活跃第 {year} 年：−{deduction}（{article}）"),
            N::Inactive { years, article } => {
                format!("不活跃：{years} 个日历年没有计分对局（{article}）")
            }
            N::InactiveBelowMinimum {
                minimum,
                title,
                article,
            } => format!(
                "不活跃且低于最低数字 {minimum}（称号：{}）：失去等级分（{article}）",
                title.as_deref().unwrap_or("无")
            ),
            N::ListRatingUsed {
                id,
                name,
                event,
                list,
            } => format!(
                "棋手 {id}（{name}）：赛事文件中等级分为 {event}，名单中为 {}；以名单为准",
                list.map_or("无等级分".into(), |r| r.to_string())
            ),
            N::Event(e) => e.text(Lang::Zh),
            N::Condition {
                article, detail_zh, ..
            } => format!("{article}：{detail_zh}"),
            N::Legacy(s) => legacy_zh(s).unwrap_or_else(|| s.clone()),
        }
    }
}

/// The Chinese of a route a title is won by.
fn route_zh(r: TitleRoute) -> &'static str {
    match r {
        TitleRoute::Placement => "名次",
        TitleRoute::Norms => "标准分",
    }
}

/// The Chinese of a note stored as English before notes were typed, for
/// the one kind of such note whose shape is read back (an event's player
/// counted as unrated); `None` for any other.
fn legacy_zh(note: &str) -> Option<String> {
    let r = note.strip_prefix("player ")?;
    let (player, r) = r.split_once(": rating ")?;
    let (rating, r) = r.split_once(" is below ")?;
    let (below, r) = r.split_once(" (")?;
    let (article, ru) = r.split_once("): counted as unrated at ")?;
    Some(format!(
        "棋手 {player}：等级分 {rating} 低于 {below}（{article}）：按无等级分计，以 {ru} 计算"
    ))
}

impl fmt::Display for PeriodNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PeriodNote as N;
        match self {
            N::CarriedExpired {
                games,
                since,
                article,
            } => write!(f, "{games} games carried since {since} expired ({article})"),
            N::NotTowardsFirstRating { event, article } => write!(
                f,
                "{event}: the games do not count towards a first rating ({article})"
            ),
            N::CarriedTooOld {
                games,
                since,
                start,
                article,
            } => write!(
                f,
                "{games} games carried since {since} are older than the period before this one \
                 ({start} on): they lapse ({article})"
            ),
            N::RatedFromBase { base, article } => {
                write!(f, "rated from the base rating {base} ({article})")
            }
            N::CarriedLapse { games, article } => write!(
                f,
                "{games} games carried from the period before lapse: only games of the same or \
                 the next period combine ({article})"
            ),
            N::FirstRatingProvisional {
                provisional,
                sum,
                games,
                article,
            } => write!(
                f,
                "first rating Ru + ΣK(W − We) = {provisional} + {sum} over {games} games ({article})"
            ),
            N::FirstRatingPerformance {
                sum,
                games,
                article,
            } => write!(
                f,
                "first rating Σ(performance × games) / games = {sum} / {games} ({article})"
            ),
            N::FirstRatingBelowMinimum { rating, minimum } => write!(
                f,
                "first rating {rating} is below the published minimum {minimum}: not published"
            ),
            N::FirstRating { rating } => write!(f, "first rating {rating}"),
            N::CarriedOver { games, need } => write!(
                f,
                "{games} of {need} games against rated players: carried over"
            ),
            N::BelowMinimum {
                rating,
                minimum,
                article,
            } => write!(
                f,
                "rating {rating} is below the published minimum {minimum}: unrated ({article})"
            ),
            N::TitleOtherRoute {
                title,
                by,
                route,
                article,
            } => write!(
                f,
                "new title {title} won by {}: only titles won by {} are raised ({article})",
                by.as_str(),
                route.as_str()
            ),
            N::TitleRouteUnknown {
                title,
                route,
                article,
            } => write!(
                f,
                "new title {title}: how it was won is not recorded, and only titles won by {} \
                 are raised ({article}): not raised",
                route.as_str()
            ),
            N::TitleAlreadyAbove {
                title,
                rating,
                target,
                article,
            } => write!(
                f,
                "new title {title}: rating {rating} already at or above {target}, kept ({article})"
            ),
            N::TitleReachedBefore {
                title,
                target,
                article,
            } => write!(
                f,
                "new title {title}: {target} was reached before, rating kept ({article})"
            ),
            N::TitleRaised {
                title,
                target,
                article,
            } => write!(
                f,
                "new title {title}: rating raised to {target} ({article})"
            ),
            N::RatingCancelled {
                years,
                after,
                restart,
                article,
            } => write!(
                f,
                "{years} years without a rated game (cancelled after {after}): rating cancelled{} \
                 ({article})",
                if *restart {
                    ", restarts from the base rating"
                } else {
                    ""
                }
            ),
            N::InactiveYear {
                year,
                deduction,
                article,
            } => write!(f, "inactive year {year}: −{deduction} ({article})"),
            N::Inactive { years, article } => write!(
                f,
                "inactive: {years} calendar years without a rated game ({article})"
            ),
            N::InactiveBelowMinimum {
                minimum,
                title,
                article,
            } => write!(
                f,
                "inactive and below the minimum {minimum} (title {}): rating lost ({article})",
                title.as_deref().unwrap_or("none")
            ),
            N::ListRatingUsed {
                id,
                name,
                event,
                list,
            } => write!(
                f,
                "player {id} ({name}): the event file says rating {event}, the list {}; the list's \
                 is used",
                list.map_or("unrated".into(), |r| r.to_string())
            ),
            N::Event(e) => e.fmt(f),
            N::Condition {
                article, detail, ..
            } => write!(f, "{article}: {detail}"),
            N::Legacy(s) => f.write_str(s),
        }
    }
}

impl From<EventNote> for PeriodNote {
    fn from(n: EventNote) -> Self {
        PeriodNote::Event(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal_macros::dec;

    /// One note of every kind, with its English as the period wrote it
    /// before notes were typed.
    fn examples() -> Vec<(PeriodNote, &'static str)> {
        let a = || "第十一条".to_string();
        let day = NaiveDate::from_ymd_opt(2024, 7, 1).unwrap();
        vec![
            (
                PeriodNote::CarriedExpired {
                    games: 4,
                    since: 2021,
                    article: a(),
                },
                "4 games carried since 2021 expired (第十一条)",
            ),
            (
                PeriodNote::NotTowardsFirstRating {
                    event: "春季赛".into(),
                    article: a(),
                },
                "春季赛: the games do not count towards a first rating (第十一条)",
            ),
            (
                PeriodNote::CarriedTooOld {
                    games: 3,
                    since: 2015,
                    start: day,
                    article: a(),
                },
                "3 games carried since 2015 are older than the period before this one \
                 (2024-07-01 on): they lapse (第十一条)",
            ),
            (
                PeriodNote::RatedFromBase {
                    base: dec!(1400),
                    article: a(),
                },
                "rated from the base rating 1400 (第十一条)",
            ),
            (
                PeriodNote::CarriedLapse {
                    games: 4,
                    article: a(),
                },
                "4 games carried from the period before lapse: only games of the same or the \
                 next period combine (第十一条)",
            ),
            (
                PeriodNote::FirstRatingProvisional {
                    provisional: dec!(1400),
                    sum: dec!(-12.5),
                    games: 9,
                    article: a(),
                },
                "first rating Ru + ΣK(W − We) = 1400 + -12.5 over 9 games (第十一条)",
            ),
            (
                PeriodNote::FirstRatingPerformance {
                    sum: dec!(23440),
                    games: 10,
                    article: a(),
                },
                "first rating Σ(performance × games) / games = 23440 / 10 (第十一条)",
            ),
            (
                PeriodNote::FirstRatingBelowMinimum {
                    rating: dec!(1180),
                    minimum: dec!(1200),
                },
                "first rating 1180 is below the published minimum 1200: not published",
            ),
            (
                PeriodNote::FirstRating { rating: dec!(1530) },
                "first rating 1530",
            ),
            (
                PeriodNote::CarriedOver { games: 4, need: 9 },
                "4 of 9 games against rated players: carried over",
            ),
            (
                PeriodNote::BelowMinimum {
                    rating: dec!(1190),
                    minimum: dec!(1200),
                    article: a(),
                },
                "rating 1190 is below the published minimum 1200: unrated (第十一条)",
            ),
            (
                PeriodNote::TitleOtherRoute {
                    title: "大师".into(),
                    by: TitleRoute::Norms,
                    route: TitleRoute::Placement,
                    article: a(),
                },
                "new title 大师 won by norms: only titles won by placement are raised (第十一条)",
            ),
            (
                PeriodNote::TitleRouteUnknown {
                    title: "大师".into(),
                    route: TitleRoute::Placement,
                    article: a(),
                },
                "new title 大师: how it was won is not recorded, and only titles won by \
                 placement are raised (第十一条): not raised",
            ),
            (
                PeriodNote::TitleAlreadyAbove {
                    title: "大师".into(),
                    rating: dec!(2460),
                    target: dec!(2450),
                    article: a(),
                },
                "new title 大师: rating 2460 already at or above 2450, kept (第十一条)",
            ),
            (
                PeriodNote::TitleReachedBefore {
                    title: "大师".into(),
                    target: dec!(2450),
                    article: a(),
                },
                "new title 大师: 2450 was reached before, rating kept (第十一条)",
            ),
            (
                PeriodNote::TitleRaised {
                    title: "大师".into(),
                    target: dec!(2450),
                    article: a(),
                },
                "new title 大师: rating raised to 2450 (第十一条)",
            ),
            (
                PeriodNote::RatingCancelled {
                    years: 6,
                    after: 5,
                    restart: true,
                    article: a(),
                },
                "6 years without a rated game (cancelled after 5): rating cancelled, restarts \
                 from the base rating (第十一条)",
            ),
            (
                PeriodNote::InactiveYear {
                    year: 2,
                    deduction: dec!(25),
                    article: a(),
                },
                "inactive year 2: −25 (第十一条)",
            ),
            (
                PeriodNote::Inactive {
                    years: 2,
                    article: a(),
                },
                "inactive: 2 calendar years without a rated game (第十一条)",
            ),
            (
                PeriodNote::InactiveBelowMinimum {
                    minimum: dec!(2300),
                    title: Some("大师".into()),
                    article: a(),
                },
                "inactive and below the minimum 2300 (title 大师): rating lost (第十一条)",
            ),
            (
                PeriodNote::ListRatingUsed {
                    id: PlayerId(7),
                    name: "王五".into(),
                    event: dec!(2100),
                    list: None,
                },
                "player 7 (王五): the event file says rating 2100, the list unrated; the list's \
                 is used",
            ),
            (
                PeriodNote::Event(EventNote::CountedAsUnrated {
                    id: PlayerId(1),
                    rating: dec!(2280),
                    below: dec!(2300),
                    provisional: dec!(2300),
                    article: "第十一条–第十四条".into(),
                }),
                "player 1: rating 2280 is below 2300 (第十一条–第十四条): counted as unrated at 2300",
            ),
            (
                PeriodNote::Event(EventNote::TournamentAverage {
                    share: dec!(0.4),
                    threshold: dec!(0.2),
                    rated_average: dec!(2200),
                    dpa: dec!(-1),
                    opponents: dec!(4),
                    players: dec!(5),
                    average: dec!(2200.80),
                    article: "八(六)".into(),
                }),
                "unrated share 0.4 > 0.2: tournament average Ra = Rar − dpa × (n/m) = 2200 − (-1) \
                 × (4/5) = 2200.80 (八(六))",
            ),
            (
                PeriodNote::Condition {
                    article: "四(三)".into(),
                    detail: "at most 2 rounds a day".into(),
                    detail_zh: "每天至多 2 轮".into(),
                },
                "四(三): at most 2 rounds a day",
            ),
            (
                PeriodNote::Legacy(
                    "player 3: rating 1 is below 2 (x): counted as unrated at 2".into(),
                ),
                "player 3: rating 1 is below 2 (x): counted as unrated at 2",
            ),
        ]
    }

    /// Every kind has an example: a new kind fails to compile here.
    fn kind(n: &PeriodNote) -> &'static str {
        match n {
            PeriodNote::CarriedExpired { .. } => "carried_expired",
            PeriodNote::NotTowardsFirstRating { .. } => "not_towards_first_rating",
            PeriodNote::CarriedTooOld { .. } => "carried_too_old",
            PeriodNote::RatedFromBase { .. } => "rated_from_base",
            PeriodNote::CarriedLapse { .. } => "carried_lapse",
            PeriodNote::FirstRatingProvisional { .. } => "first_rating_provisional",
            PeriodNote::FirstRatingPerformance { .. } => "first_rating_performance",
            PeriodNote::FirstRatingBelowMinimum { .. } => "first_rating_below_minimum",
            PeriodNote::FirstRating { .. } => "first_rating",
            PeriodNote::CarriedOver { .. } => "carried_over",
            PeriodNote::BelowMinimum { .. } => "below_minimum",
            PeriodNote::TitleOtherRoute { .. } => "title_other_route",
            PeriodNote::TitleRouteUnknown { .. } => "title_route_unknown",
            PeriodNote::TitleAlreadyAbove { .. } => "title_already_above",
            PeriodNote::TitleReachedBefore { .. } => "title_reached_before",
            PeriodNote::TitleRaised { .. } => "title_raised",
            PeriodNote::RatingCancelled { .. } => "rating_cancelled",
            PeriodNote::InactiveYear { .. } => "inactive_year",
            PeriodNote::Inactive { .. } => "inactive",
            PeriodNote::InactiveBelowMinimum { .. } => "inactive_below_minimum",
            PeriodNote::ListRatingUsed { .. } => "list_rating_used",
            PeriodNote::Event(EventNote::CountedAsUnrated { .. }) => "counted_as_unrated",
            PeriodNote::Event(EventNote::TournamentAverage { .. }) => "tournament_average",
            PeriodNote::Condition { .. } => "condition",
            PeriodNote::Legacy(_) => "legacy",
        }
    }

    /// The figures of a text: its runs of digits.
    fn figures(s: &str) -> Vec<String> {
        s.split(|c: char| !c.is_ascii_digit())
            .filter(|x| !x.is_empty())
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn every_note_in_english_unchanged_and_in_chinese() {
        let examples = examples();
        let mut kinds: Vec<&str> = examples.iter().map(|(n, _)| kind(n)).collect();
        kinds.dedup();
        assert_eq!(kinds.len(), examples.len(), "one example per kind");
        for (note, en) in &examples {
            assert_eq!(note.to_string(), *en);
            assert_eq!(note.text(Lang::En), *en);
            let zh = note.text(Lang::Zh);
            assert!(
                qiyuan_vocab::english_phrases(&zh).is_empty(),
                "{zh}: {:?}",
                qiyuan_vocab::english_phrases(&zh)
            );
            let (mut a, mut b) = (figures(en), figures(&zh));
            a.sort();
            b.sort();
            assert_eq!(a, b, "{en} / {zh}");
            assert!(note.contains(en));
        }
    }

    #[test]
    fn notes_are_stored_typed_and_read_back_and_old_strings_stay_text() {
        for (note, en) in examples() {
            let json = serde_json::to_string(&note).unwrap();
            let back: PeriodNote = serde_json::from_str(&json).unwrap();
            assert_eq!(back, note, "{json}");
            // A note stored as its English string reads back as that string.
            let old: PeriodNote =
                serde_json::from_str(&serde_json::to_string(en).unwrap()).unwrap();
            assert_eq!(old, PeriodNote::Legacy(en.to_string()));
            assert_eq!(old.to_string(), en);
        }
    }
}
