//! `compute_period`: a rating period from the list before it and its
//! events to the list after it (Rn = Ro + ΣΔR, cxa-2019 第九条(六),
//! cca-chess 八(四), cxa-legacy 八).

use qiyuan_vocab::RatingFigure;
use std::collections::HashMap;

use chrono::{Datelike, NaiveDate};
use rust_decimal::Decimal;
use serde::Serialize;

use super::admission::period_date;
use super::calendar::{CalendarError, Period, period_for, period_of_date, previous_list_date};
use super::list::{Carried, ListRow, RatingList, Status};
use super::note::PeriodNote;
use crate::event::{Detail, Flag, NotCounted, RateError, RatingSource, rate_with};
pub use crate::k::k_of;
use crate::model::{Event, EventError, Pairing, Player, PlayerId};
use crate::profile::{CarryWindow, Profile, SpanningRule, UnratedRule};

/// An event given to a period, with what the calendar needs to place it.
#[derive(Debug, Clone, PartialEq)]
pub struct PeriodEvent {
    /// The event (its players are named by their list ids).
    pub event: Event,
    /// A continuous event counts wholly in the period of its end date; a
    /// non-continuous one (a league, 象甲联赛) is split by round dates when
    /// the profile says so (cxa-2019 第五条).
    pub continuous: bool,
    /// Date of each round, needed for a league that is split.
    pub round_dates: Vec<(u32, NaiveDate)>,
}

impl PeriodEvent {
    /// A continuous event (placed by its end date).
    pub fn new(event: Event) -> PeriodEvent {
        PeriodEvent {
            event,
            continuous: true,
            round_dates: Vec::new(),
        }
    }

    /// A league whose rounds are dated.
    pub fn league(event: Event, round_dates: Vec<(u32, NaiveDate)>) -> PeriodEvent {
        PeriodEvent {
            event,
            continuous: false,
            round_dates,
        }
    }
}

/// The period engine's choices, read from the profile's data
/// (`[k] updated_between_events`, `[unrated] carry_window`); a caller may
/// change them for one computation with [`compute_period_with`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PeriodRules {
    /// K follows the player within the period: after passing a K threshold
    /// (games, 2400) the next event uses the new K (cca-chess 八(一)).
    /// `false`: K is fixed by the list for the whole period (cxa-2019 第十条).
    pub k_updated_between_events: bool,
    /// An unrated player's games accumulate over this many consecutive
    /// calendar years (cxa-2019 第十三条: 1, the same year; cxa-legacy 九:
    /// 2); `None`: without limit (or counted in periods).
    pub unrated_window_years: Option<u32>,
    /// An unrated player's games accumulate over this many consecutive
    /// rating periods (cca-chess 八(八): 2, the same period and the next);
    /// `None`: counted in years, or without limit. The list before a period
    /// then carries the games of the period it closes only.
    pub unrated_window_periods: Option<u32>,
    /// The article of these choices.
    pub article: String,
}

impl PeriodRules {
    /// The rules of a profile, from its `[k] updated_between_events` and
    /// `[unrated] carry_window` (whatever the profile's name).
    ///
    /// ```
    /// use qiyuan_rating::period::PeriodRules;
    /// use qiyuan_rating::profile::Profile;
    /// let r = PeriodRules::for_profile(&Profile::builtin("cca-chess").unwrap());
    /// assert!(r.k_updated_between_events);
    /// let text = Profile::builtin_toml("cca-chess")
    ///     .unwrap()
    ///     .replace("name = \"cca-chess\"", "name = \"my-chess\"")
    ///     .replace("updated_between_events = true", "updated_between_events = false");
    /// let mine = Profile::from_toml_str(&text).unwrap();
    /// assert!(!PeriodRules::for_profile(&mine).k_updated_between_events);
    /// ```
    pub fn for_profile(profile: &Profile) -> PeriodRules {
        let k = profile.k.updated_between_events;
        let window = profile.unrated.carry_window;
        let k_article = match (profile.k.updated_between_events_article.as_str(), k) {
            ("", true) => "K updated between events",
            ("", false) => "K fixed in the period",
            (a, _) => a,
        };
        let w_article = match (profile.unrated.carry_window_article.as_str(), window) {
            ("", CarryWindow::CalendarYear) => "unrated games within one calendar year",
            ("", CarryWindow::TwoConsecutiveYears) => "unrated games within two consecutive years",
            ("", CarryWindow::SameOrNextPeriod) => {
                "unrated games within the same or the next period"
            }
            ("", CarryWindow::Unlimited) => "unrated games carried without limit",
            (a, _) => a,
        };
        PeriodRules {
            k_updated_between_events: k,
            unrated_window_years: window.years(),
            unrated_window_periods: window.periods(),
            article: format!("{k_article}, {w_article}"),
        }
    }
}

/// Why a period could not be computed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PeriodError {
    /// The list date or an event date does not fit the calendar.
    #[error(transparent)]
    Calendar(#[from] CalendarError),
    /// An event (or all its rounds) falls in another period.
    #[error("event `{event}` ({date}) belongs to the period {found}, not to the period {period}")]
    EventOutsidePeriod {
        /// Event name.
        event: String,
        /// The date that places it.
        date: NaiveDate,
        /// Its period.
        found: Period,
        /// The period computed.
        period: Period,
    },
    /// A continuous event without an end date
    /// ([`period_date`](crate::period::admission::period_date)).
    #[error("event `{event}` has no end date, which places it in a period")]
    NoDate {
        /// Event name.
        event: String,
    },
    /// A league to be split lacks a round's date.
    #[error("event `{event}`: round {round} has no date (a league is split by round dates)")]
    MissingRoundDate {
        /// Event name.
        event: String,
        /// The round.
        round: u32,
    },
    /// No round of a league falls in the period.
    #[error("event `{event}`: none of its rounds is dated in the period {period}")]
    NoRoundInPeriod {
        /// Event name.
        event: String,
        /// The period.
        period: Period,
    },
    /// An event's player is not on the list.
    #[error("event `{event}`: player {id} ({name}) is not on the rating list")]
    NotOnList {
        /// Event name.
        event: String,
        /// The player's id.
        id: PlayerId,
        /// The name in the event.
        name: String,
    },
    /// The event could not be rated.
    #[error("event `{event}`: {source}")]
    Rate {
        /// Event name.
        event: String,
        /// Why.
        source: RateError,
    },
    /// The event's rounds in the period do not form a valid event.
    #[error("event `{event}`: {source}")]
    Event {
        /// Event name.
        event: String,
        /// Why.
        source: EventError,
    },
}

impl PeriodError {
    /// The message in `lang`: [`Lang::En`](crate::Lang::En) is the
    /// `Display` text.
    #[must_use]
    pub fn text(&self, lang: crate::Lang) -> String {
        if lang == crate::Lang::En {
            return self.to_string();
        }
        match self {
            PeriodError::Calendar(e) => e.text(lang),
            PeriodError::EventOutsidePeriod {
                event,
                date,
                found,
                period,
            } => format!(
                "赛事 `{event}`（{date}）属于周期 {}，而不属于周期 {}",
                found.zh(),
                period.zh()
            ),
            PeriodError::NoDate { event } => {
                format!("赛事 `{event}` 没有结束日期，无法确定所属周期")
            }
            PeriodError::MissingRoundDate { event, round } => {
                format!("赛事 `{event}`：第 {round} 轮没有日期（联赛按各轮日期拆分）")
            }
            PeriodError::NoRoundInPeriod { event, period } => {
                format!("赛事 `{event}`：没有一轮的日期在周期 {} 内", period.zh())
            }
            PeriodError::NotOnList { event, id, name } => {
                format!("赛事 `{event}`：棋手 {id}（{name}）不在等级分名单上")
            }
            PeriodError::Rate { event, source } => {
                format!("赛事 `{event}`：{}", source.text(lang))
            }
            PeriodError::Event { event, source } => {
                format!("赛事 `{event}`：{}", source.text(lang))
            }
        }
    }
}

/// What one event gave one player: its place in the period's report and
/// its figures.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Contribution {
    /// Position of the event in [`PeriodReport::events`].
    pub event: usize,
    /// The figures (written beside `event`, not nested, in JSON).
    #[serde(flatten)]
    pub figures: EventFigures,
}

/// The figures of one event for one player, every one the rating change
/// of the 等级分计算表 is made of: what the period's report shows, and what
/// the office stores of a period (a row of `rating_changes`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EventFigures {
    /// Games that counted (N).
    pub games: u32,
    /// Points in them (W).
    pub score: Decimal,
    /// Rating the event used for the player (Ro, Ru or a base).
    pub rating_used: Decimal,
    /// K used.
    pub k: Option<u32>,
    /// ΔR of the event (after the champion rule).
    pub change: Option<Decimal>,
    /// Performance, for an unrated player rated by performance.
    pub performance: Option<Decimal>,
    /// The champion's negative ΔR became 0.
    pub champion_protected: bool,
    /// Ra: the opponents' average as the event used it.
    pub opponents_average: Option<Decimal>,
    /// D as used (after the cap).
    pub difference: Option<Decimal>,
    /// P (expected fraction).
    pub expected_fraction: Option<Decimal>,
    /// We (expected score).
    pub expected_score: Option<Decimal>,
}

impl EventFigures {
    /// The value of `figure` as the period's report kept it: Ro is the
    /// rating the event used (Ro, Ru or a base); a new rating (Rn) is the
    /// period's, not one event's (`None`).
    ///
    /// ```
    /// use qiyuan_rating::period::EventFigures;
    /// use qiyuan_vocab::RatingFigure;
    /// use rust_decimal_macros::dec;
    /// let f = EventFigures { games: 9, score: dec!(5.5), rating_used: dec!(2100), k: Some(15),
    ///     change: Some(dec!(7.5)), performance: None, champion_protected: false,
    ///     opponents_average: Some(dec!(2080.3)), difference: Some(dec!(20)),
    ///     expected_fraction: Some(dec!(0.53)), expected_score: Some(dec!(4.77)) };
    /// assert_eq!(f.figure(RatingFigure::RatingBefore), Some(dec!(2100)));
    /// assert_eq!(f.figure(RatingFigure::Games), Some(dec!(9)));
    /// assert_eq!(f.figure(RatingFigure::RatingAfter), None);
    /// ```
    #[must_use]
    pub fn figure(&self, figure: RatingFigure) -> Option<Decimal> {
        match figure {
            RatingFigure::RatingBefore => Some(self.rating_used),
            RatingFigure::OpponentsAverage => self.opponents_average,
            RatingFigure::Difference => self.difference,
            RatingFigure::ExpectedFraction => self.expected_fraction,
            RatingFigure::Games => Some(self.games.into()),
            RatingFigure::ExpectedScore => self.expected_score,
            RatingFigure::Score => Some(self.score),
            RatingFigure::K => self.k.map(Into::into),
            RatingFigure::Change => self.change,
            RatingFigure::RatingAfter => None,
            RatingFigure::Performance => self.performance,
        }
    }
}

/// One event of the period and how it was placed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EventSummary {
    /// Name.
    pub name: String,
    /// The date that placed it (end date, or the last round in the period).
    pub date: NaiveDate,
    /// For a split league, the rounds counted in this period.
    pub rounds: Option<Vec<u32>>,
    /// Notes and warnings of the event (conditions, list data used).
    pub notes: Vec<PeriodNote>,
}

/// One row of the new list with how it was reached.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PeriodRow {
    /// Rating on the list before the period.
    pub rating_before: Option<Decimal>,
    /// Status before.
    pub status_before: Status,
    /// ΣΔR of rated games (exact, before the one rounding).
    pub change: Option<Decimal>,
    /// The events that made the figure.
    pub contributions: Vec<Contribution>,
    /// What else happened (first rating, inactivity, title adjustment…).
    pub notes: Vec<PeriodNote>,
    /// The new row.
    pub row: ListRow,
}

/// The result of a period.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PeriodReport {
    /// Profile name.
    pub profile: String,
    /// The period.
    pub period: Period,
    /// The list it was computed after (`None` when the calendar has a gap).
    pub previous_list: Option<NaiveDate>,
    /// Events in the order they were rated (by date).
    pub events: Vec<EventSummary>,
    /// Every row of the new list, in the old list's order.
    pub rows: Vec<PeriodRow>,
}

impl PeriodReport {
    /// The new list.
    pub fn new_list(&self) -> RatingList {
        RatingList::new(self.rows.iter().map(|r| r.row.clone()).collect())
            .expect("ids were unique on the old list")
    }
}

/// What the period's events gave one player so far; a player without
/// events has an empty one (no allocation). Kept small: there is one for
/// every row of the list.
#[derive(Default)]
struct Work {
    games: u32,
    events: u32,
    sum: Decimal,
    rated_change: bool,
    last_active: Option<NaiveDate>,
    /// One per event (allocated at the player's number of events).
    contributions: Vec<Contribution>,
    /// An unrated player's games towards a first rating.
    unrated: Option<Box<UnratedWork>>,
}

impl Work {
    /// The work of a player who has played in the period so far.
    fn played(&self) -> Option<&Work> {
        (!self.contributions.is_empty()).then_some(self)
    }
}

/// An unrated player's games towards a first rating in the period.
struct UnratedWork {
    /// The games carried from the list, and this period's.
    carried: Carried,
    /// The part of `carried` played in this period (what a same-or-next
    /// period window lets the next period use).
    fresh: Carried,
    /// What happened to the games.
    notes: Vec<PeriodNote>,
}

/// Computes a period with the profile's [`PeriodRules`].
pub fn compute_period(
    profile: &Profile,
    list: &RatingList,
    events: &[PeriodEvent],
    list_date: NaiveDate,
) -> Result<PeriodReport, PeriodError> {
    compute_period_with(
        profile,
        &PeriodRules::for_profile(profile),
        list,
        events,
        list_date,
    )
}

/// Places an event: the pairings that count in `period` and its date.
fn place(
    profile: &Profile,
    period: &Period,
    pe: &PeriodEvent,
) -> Result<(NaiveDate, Option<Vec<u32>>), PeriodError> {
    let ev = &pe.event;
    let name = || ev.name().to_string();
    if !pe.continuous && profile.list.spanning == SplitLeaguesByRound {
        let dates: HashMap<u32, NaiveDate> = pe.round_dates.iter().copied().collect();
        let mut rounds: Vec<u32> = ev.pairings().iter().map(Pairing::round).collect();
        rounds.sort_unstable();
        rounds.dedup();
        let mut kept = Vec::new();
        let mut last = None;
        for r in rounds {
            let d = *dates.get(&r).ok_or_else(|| PeriodError::MissingRoundDate {
                event: name(),
                round: r,
            })?;
            period_of_date(profile, d)?;
            if period.contains(d) {
                kept.push(r);
                last = last.max(Some(d));
            }
        }
        return match last {
            Some(d) => Ok((d, Some(kept))),
            None => Err(PeriodError::NoRoundInPeriod {
                event: name(),
                period: *period,
            }),
        };
    }
    let date = period_date(ev).ok_or_else(|| PeriodError::NoDate { event: name() })?;
    let found = period_of_date(profile, date)?;
    if found != *period {
        return Err(PeriodError::EventOutsidePeriod {
            event: name(),
            date,
            found,
            period: *period,
        });
    }
    Ok((date, None))
}

use SpanningRule::SplitLeaguesByRound;

/// Full calendar years without a rated game before `date` for a player last
/// active on `last` (cxa-2019 第七条: 1 Jan – 31 Dec without a game).
fn idle_years(last: NaiveDate, date: NaiveDate) -> u32 {
    (date.year() - 1 - last.year()).max(0) as u32
}

/// What the period keeps of one player's [`crate::event::PlayerReport`].
struct Extract {
    pos: usize,
    source: RatingSource,
    games: u32,
    score: Decimal,
    rating_used: Decimal,
    k: Option<u32>,
    change: Option<Decimal>,
    performance: Option<Decimal>,
    protected: bool,
    void: bool,
    opponents_average: Option<Decimal>,
    difference: Option<Decimal>,
    expected_fraction: Option<Decimal>,
    expected_score: Option<Decimal>,
}

/// An event placed in the period.
struct Placed {
    /// The date that placed it.
    date: NaiveDate,
    /// Its position in the caller's events.
    index: usize,
    /// For a split league, the rounds counted.
    rounds: Option<Vec<u32>>,
    /// Its players' positions on the list.
    positions: Vec<usize>,
}

/// How the work of a period is divided among threads; the result does not
/// depend on it.
#[derive(Debug, Clone, Copy)]
struct Split {
    /// Events rated at a time when they are rated in parallel: enough to
    /// keep the threads busy, few enough that their lines take little memory.
    batch: usize,
    /// Threads at most.
    cores: usize,
    /// Items (events, rows) a thread must have at least.
    per_thread: usize,
}

impl Split {
    /// Batches of 2048 events on the available cores.
    fn of_machine() -> Split {
        Split {
            batch: 2048,
            cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
            per_thread: 64,
        }
    }

    /// The number of threads to use for `items`.
    fn threads(self, items: usize) -> usize {
        self.cores.min(items / self.per_thread.max(1)).max(1)
    }
}

/// What adding up an event's lines reads.
struct AddCx<'a> {
    profile: &'a Profile,
    rules: &'a PeriodRules,
    rows: &'a [ListRow],
    events: &'a [PeriodEvent],
    /// Each player's number of events in the period.
    entries: &'a [u32],
    previous_start: Option<NaiveDate>,
}

/// Adds the lines of the `ei`-th event of the period to the work of its
/// players at positions `offset..offset + work.len()` of the list (the
/// others are another thread's): the contribution, ΣΔR of rated players
/// (cxa-2019 第九条(六)), an unrated player's games towards a first rating
/// (第十二条, 第十三条).
fn add_up(
    cx: &AddCx<'_>,
    ei: usize,
    pl: &Placed,
    extracts: &[Extract],
    work: &mut [Work],
    offset: usize,
) {
    let (profile, rules) = (cx.profile, cx.rules);
    let year = pl.date.year();
    for x in extracts {
        let Some(w) = x.pos.checked_sub(offset).and_then(|i| work.get_mut(i)) else {
            continue;
        };
        if w.contributions.is_empty() {
            w.contributions.reserve_exact(cx.entries[x.pos] as usize);
        }
        let mut c = Contribution {
            event: ei,
            figures: EventFigures {
                games: x.games,
                score: x.score,
                rating_used: x.rating_used,
                k: x.k,
                change: x.change,
                performance: None,
                champion_protected: x.protected,
                opponents_average: x.opponents_average,
                difference: x.difference,
                expected_fraction: x.expected_fraction,
                expected_score: x.expected_score,
            },
        };
        let n = x.games;
        if n > 0 {
            w.last_active = w.last_active.max(Some(pl.date));
        }
        match x.source {
            RatingSource::Published | RatingSource::Base => {
                if n > 0 {
                    w.games += n;
                    w.events += 1;
                    w.sum += x.change.unwrap_or_default();
                    w.rated_change = true;
                }
            }
            RatingSource::Provisional
            | RatingSource::TournamentAverage
            | RatingSource::Imaginary => {
                let u = w.unrated.get_or_insert_with(|| {
                    let mut notes = Vec::new();
                    let carried =
                        list_carried(rules, &cx.rows[x.pos], cx.previous_start, &mut notes);
                    Box::new(UnratedWork {
                        carried,
                        fresh: Carried::default(),
                        notes,
                    })
                });
                let carried = &mut u.carried;
                if expired(rules, carried, year) {
                    u.notes.push(PeriodNote::CarriedExpired {
                        games: carried.games,
                        since: carried.since.unwrap_or_default(),
                        article: rules.article.clone(),
                    });
                    *carried = Carried::default();
                }
                if n > 0 && !x.void {
                    let add = match profile.unrated.rule {
                        UnratedRule::Provisional | UnratedRule::BaseRating => {
                            x.change.unwrap_or_default()
                        }
                        UnratedRule::Performance | UnratedRule::FideInitial => {
                            let perf = x.performance.unwrap_or(x.rating_used);
                            c.figures.performance = Some(perf);
                            perf * Decimal::from(n)
                        }
                    };
                    carried.games += n;
                    carried.sum += add;
                    carried.since = carried.since.or(Some(year));
                    u.fresh.games += n;
                    u.fresh.sum += add;
                    u.fresh.since = u.fresh.since.or(Some(year));
                    w.events += 1;
                } else if n > 0 {
                    u.notes.push(PeriodNote::NotTowardsFirstRating {
                        event: cx.events[pl.index].event.name().to_string(),
                        article: profile.unrated.article.clone(),
                    });
                }
            }
        }
        w.contributions.push(c);
    }
}

/// One rated event.
struct Rated {
    extracts: Vec<Extract>,
    notes: Vec<PeriodNote>,
}

/// Computes a period: every event placed and rated with the list's data,
/// ΣΔR per player rounded once, unrated players' games carried over,
/// inactivity, title adjustments.
///
/// Data of the list win over the event file's (rating, games, title, sex);
/// a disagreement is noted on the event. When K is fixed for the period
/// (`rules.k_updated_between_events == false`) every event sees the list as
/// published, and the events are rated in parallel; otherwise they are rated
/// one after the other in date order, each seeing the games and ΔR before
/// it. The result does not depend on the number of threads.
pub fn compute_period_with(
    profile: &Profile,
    rules: &PeriodRules,
    list: &RatingList,
    events: &[PeriodEvent],
    list_date: NaiveDate,
) -> Result<PeriodReport, PeriodError> {
    compute_split(profile, rules, list, events, list_date, Split::of_machine())
}

/// [`compute_period_with`], the work divided as `split` says.
fn compute_split(
    profile: &Profile,
    rules: &PeriodRules,
    list: &RatingList,
    events: &[PeriodEvent],
    list_date: NaiveDate,
    split: Split,
) -> Result<PeriodReport, PeriodError> {
    let period = period_for(profile, list_date)?;
    let previous_list = previous_list_date(profile, &period);
    // The first day of the period before this one: games carried from
    // earlier lapse under a same-or-next-period window (cca-chess 八(八)).
    let previous_start = previous_list
        .and_then(|d| period_for(profile, d).ok())
        .map(|p| p.start);
    let rows = list.rows();

    // 1. Place every event; find its players on the list (in parallel:
    // a million lookups; the first error in the caller's order wins).
    let indices: Vec<usize> = (0..events.len()).collect();
    let mut placed = parallel_map(
        split.threads(indices.len()),
        &indices,
        |&i| -> Result<Placed, PeriodError> {
            let pe = &events[i];
            let (date, rounds) = place(profile, &period, pe)?;
            let mut positions = Vec::with_capacity(pe.event.players().len());
            for p in pe.event.players() {
                match list.position(p.id) {
                    Some(ri) => positions.push(ri),
                    None => {
                        return Err(PeriodError::NotOnList {
                            event: pe.event.name().to_string(),
                            id: p.id,
                            name: p.name.clone(),
                        });
                    }
                }
            }
            Ok(Placed {
                date,
                index: i,
                rounds,
                positions,
            })
        },
    )
    .into_iter()
    .collect::<Result<Vec<Placed>, PeriodError>>()?;
    placed.sort_by_key(|p| (p.date, p.index));

    // Each player's number of events, so that the contributions are
    // allocated once, at their size.
    let mut entries = vec![0u32; rows.len()];
    for pl in &placed {
        for &ri in &pl.positions {
            entries[ri] += 1;
        }
    }
    let cx = AddCx {
        profile,
        rules,
        rows,
        events,
        entries: &entries,
        previous_start,
    };

    // Rates one placed event given each player's work so far (None: the list).
    let rate_one = |pl: &Placed, work: Option<&[Work]>| -> Result<Rated, PeriodError> {
        let ev = &events[pl.index].event;
        let year = pl.date.year();
        let mut notes = Vec::new();
        // The players as the list has them; `None` where the event's
        // player already agrees (no copy).
        let views: Vec<Option<Player>> = ev
            .players()
            .iter()
            .zip(&pl.positions)
            .map(|(p, &ri)| {
                let w = work.and_then(|w| w[ri].played());
                event_player(rules, p, &rows[ri], w, (year, previous_start), &mut notes)
            })
            .collect();
        let same = pl.rounds.is_none() && views.iter().all(Option::is_none);
        let rebuilt;
        let event = if same {
            ev
        } else {
            let players: Vec<Player> = ev
                .players()
                .iter()
                .zip(views)
                .map(|(p, v)| v.unwrap_or_else(|| p.clone()))
                .collect();
            let pairings: Vec<Pairing> = match &pl.rounds {
                Some(keep) => ev
                    .pairings()
                    .iter()
                    .filter(|x| keep.binary_search(&x.round()).is_ok())
                    .copied()
                    .collect(),
                None => ev.pairings().to_vec(),
            };
            rebuilt = Event::new(
                ev.name(),
                ev.game(),
                ev.system(),
                ev.start(),
                ev.end(),
                players,
                pairings,
            )
            .and_then(|e| e.with_details(ev.details().clone()))
            .map_err(|source| PeriodError::Event {
                event: ev.name().to_string(),
                source,
            })?;
            &rebuilt
        };
        let report =
            rate_with(event, profile, Detail::Figures).map_err(|source| PeriodError::Rate {
                event: ev.name().to_string(),
                source,
            })?;
        notes.extend(report.notes.into_iter().map(PeriodNote::Event));
        // The failed conditions first (typed), then any remark as written.
        let failed: Vec<PeriodNote> = report
            .conditions
            .iter()
            .filter(|c| c.status == crate::conditions::CheckStatus::Failed)
            .map(|c| PeriodNote::Condition {
                article: c.article.clone(),
                detail: c.detail.clone(),
                detail_zh: c.detail_zh.clone(),
            })
            .collect();
        let rest = report.warnings.into_iter().skip(failed.len());
        notes.extend(failed);
        notes.extend(rest.map(PeriodNote::Legacy));
        let extracts = report
            .players
            .into_iter()
            .zip(&pl.positions)
            .map(|(pr, &pos)| Extract {
                pos,
                source: pr.rating_source,
                games: pr.games_counted,
                score: pr.score,
                rating_used: pr.rating_used,
                k: pr.k,
                change: pr.change,
                performance: pr.performance,
                opponents_average: pr.opponents_average,
                difference: pr.difference,
                expected_fraction: pr.expected_fraction,
                expected_score: pr.expected_score,
                protected: pr
                    .flags
                    .iter()
                    .any(|f| matches!(f, Flag::ChampionProtected { .. })),
                void: pr
                    .flags
                    .iter()
                    .any(|f| matches!(f, Flag::PerformanceVoid { .. } | Flag::ScoredZero))
                    || pr
                        .games
                        .iter()
                        .any(|g| g.not_counted == Some(NotCounted::TooFewRatedOpponents)),
            })
            .collect();
        Ok(Rated { extracts, notes })
    };

    // 2. Rate and add up in date order. When K is fixed the events are
    // rated in parallel, a batch at a time (so that the lines of all the
    // events are never held at once), and each thread adds up the players
    // of its share of the list; otherwise one event after the other.
    let mut work: Vec<Work> = Vec::new();
    work.resize_with(rows.len(), Work::default);
    let mut summaries = Vec::with_capacity(placed.len());
    let mut summarise = |pl: &Placed, notes: Vec<PeriodNote>| {
        summaries.push(EventSummary {
            name: events[pl.index].event.name().to_string(),
            date: pl.date,
            rounds: pl.rounds.clone(),
            notes,
        });
    };
    if rules.k_updated_between_events {
        for (ei, pl) in placed.iter().enumerate() {
            let rated = rate_one(pl, Some(&work))?;
            add_up(&cx, ei, pl, &rated.extracts, &mut work, 0);
            summarise(pl, rated.notes);
        }
    } else {
        let t = split.threads(placed.len());
        for (b, batch) in placed.chunks(split.batch.max(1)).enumerate() {
            let rated = parallel_map(split.threads(batch.len()), batch, |pl| rate_one(pl, None))
                .into_iter()
                .collect::<Result<Vec<Rated>, PeriodError>>()?;
            let first = b * split.batch.max(1);
            let share = rows.len().div_ceil(t).max(1);
            let add = |work: &mut [Work], offset: usize| {
                for (i, (pl, r)) in batch.iter().zip(&rated).enumerate() {
                    add_up(&cx, first + i, pl, &r.extracts, work, offset);
                }
            };
            if t <= 1 {
                add(&mut work, 0);
            } else {
                std::thread::scope(|s| {
                    for (c, w) in work.chunks_mut(share).enumerate() {
                        let add = &add;
                        s.spawn(move || add(w, c * share));
                    }
                });
            }
            for (pl, r) in batch.iter().zip(rated) {
                summarise(pl, r.notes);
            }
        }
    }

    // 3. The new list.
    let out = parallel_map_indexed(split.threads(rows.len()), rows, &mut work, |row, w| {
        finish_row(profile, rules, row, w, &period, previous_list, list_date)
    });
    Ok(PeriodReport {
        profile: profile.name.clone(),
        period,
        previous_list,
        events: summaries,
        rows: out,
    })
}

/// The games a list row carries into the period. Under a period window
/// the list carries the games of the period it closes; games dated (by the
/// list's `carried_since`) before that period began are too old and lapse.
fn list_carried(
    rules: &PeriodRules,
    row: &ListRow,
    previous_start: Option<NaiveDate>,
    notes: &mut Vec<PeriodNote>,
) -> Carried {
    let c = row.carried;
    if let (Some(_), Some(since), Some(start)) =
        (rules.unrated_window_periods, c.since, previous_start)
        && c.games > 0
        && since < start.year()
    {
        notes.push(PeriodNote::CarriedTooOld {
            games: c.games,
            since,
            start,
            article: rules.article.clone(),
        });
        return Carried::default();
    }
    c
}

/// True when an unrated player's carried games are too old for an event of
/// `year` (the profile's window).
fn expired(rules: &PeriodRules, c: &Carried, year: i32) -> bool {
    match (c.since, rules.unrated_window_years) {
        (Some(since), Some(window)) => c.games > 0 && year - since >= window as i32,
        _ => false,
    }
}

/// `f` over `items`, in order, on `t` threads.
fn parallel_map<T: Sync, R: Send>(t: usize, items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    if t <= 1 {
        return items.iter().map(f).collect();
    }
    let chunk = items.len().div_ceil(t);
    std::thread::scope(|s| {
        let handles: Vec<_> = items
            .chunks(chunk)
            .map(|c| {
                let f = &f;
                s.spawn(move || c.iter().map(f).collect::<Vec<R>>())
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a rating thread panicked"))
            .collect()
    })
}

/// `f(row, work)` over the rows, in order, on `t` threads, each
/// thread writing its share of the result in place (the shares are not
/// gathered into a second vector: at a million rows that copy was the
/// period's peak of memory).
fn parallel_map_indexed(
    t: usize,
    rows: &[ListRow],
    work: &mut [Work],
    f: impl Fn(&ListRow, Work) -> PeriodRow + Sync,
) -> Vec<PeriodRow> {
    let chunk = rows.len().div_ceil(t).max(1);
    // Empty rows (no allocation) to be overwritten.
    let mut out = Vec::with_capacity(rows.len());
    out.resize_with(rows.len(), || PeriodRow {
        rating_before: None,
        status_before: Status::Unrated,
        change: None,
        contributions: Vec::new(),
        notes: Vec::new(),
        row: ListRow::new(PlayerId(0), String::new(), crate::model::Sex::Male),
    });
    std::thread::scope(|s| {
        for ((r, w), o) in rows
            .chunks(chunk)
            .zip(work.chunks_mut(chunk))
            .zip(out.chunks_mut(chunk))
        {
            let f = &f;
            s.spawn(move || {
                for ((row, w), o) in r.iter().zip(w.iter_mut()).zip(o.iter_mut()) {
                    *o = f(row, std::mem::take(w));
                }
            });
        }
    });
    out
}

/// The event's view of a list row (list data win; disagreements noted):
/// `None` when the event's player already agrees with it.
/// `w`: the player's games so far in the period, when K follows the player.
fn event_player(
    rules: &PeriodRules,
    p: &Player,
    row: &ListRow,
    w: Option<&Work>,
    (year, previous_start): (i32, Option<NaiveDate>),
    notes: &mut Vec<PeriodNote>,
) -> Option<Player> {
    let rated = row.is_rated();
    let list_rating = if rated { row.rating } else { None };
    if p.rating.is_some() && p.rating != list_rating {
        notes.push(PeriodNote::ListRatingUsed {
            id: p.id,
            name: p.name.clone(),
            event: p.rating.unwrap_or_default(),
            list: list_rating,
        });
    }
    let title = row
        .current_title()
        .filter(|&t| p.title.as_deref() != Some(t));
    let birth_year = row.birth_year.or(p.birth_year);
    let unit = if p.unit.is_none() {
        row.unit.as_ref()
    } else {
        None
    };
    let (games, events, sum) = w.map_or((0, 0, Decimal::ZERO), |w| (w.games, w.events, w.sum));
    let (rated_games, rated_events, ever_reached) = if rated {
        let now = w.and(row.rating.map(|r| r + sum));
        (
            row.rated_games + games,
            Some(row.rated_events + events),
            [row.highest, row.rating, now].into_iter().flatten().max(),
        )
    } else {
        let mut carried = w
            .and_then(|w| w.unrated.as_ref().map(|u| u.carried))
            .unwrap_or_else(|| list_carried(rules, row, previous_start, &mut Vec::new()));
        if expired(rules, &carried, year) {
            carried = Carried::default();
        }
        (carried.games, Some(row.rated_events + events), row.highest)
    };
    let agrees = p.rating == list_rating
        && p.sex == row.sex
        && title.is_none()
        && p.birth_year == birth_year
        && unit.is_none()
        && p.rated_games == rated_games
        && p.rated_events == rated_events
        && p.ever_reached == ever_reached;
    if agrees {
        return None;
    }
    let mut q = p.clone();
    q.rating = list_rating;
    q.sex = row.sex;
    if let Some(t) = title {
        q.title = Some(t.to_string());
    }
    q.birth_year = birth_year;
    if let Some(u) = unit {
        q.unit = Some(u.clone());
    }
    q.rated_games = rated_games;
    q.rated_events = rated_events;
    q.ever_reached = ever_reached;
    Some(q)
}

fn finish_row(
    profile: &Profile,
    rules: &PeriodRules,
    row: &ListRow,
    w: Work,
    period: &Period,
    previous_list: Option<NaiveDate>,
    list_date: NaiveDate,
) -> PeriodRow {
    let (carried, fresh, mut notes) = match w.unrated {
        Some(u) => (Some(u.carried), u.fresh, u.notes),
        None => (None, Carried::default(), Vec::new()),
    };
    let mut new = row.clone();
    new.last_active = row.last_active.max(w.last_active);
    // Events with games that count (for a rating or towards a first one).
    new.rated_events = row.rated_events + w.events;
    let mut change = None;
    let played = w.last_active.is_some();
    if w.rated_change {
        // Rn = Ro + ΣΔR, rounded once (cxa-2019 第九条(六)).
        let ro = row
            .rating
            .filter(|_| row.is_rated())
            .unwrap_or_else(|| profile.provisional_rating(&as_player(row)));
        let rn = profile.new_rating(ro, w.sum);
        change = Some(w.sum);
        new.rated_games += w.games;
        new.rating = Some(rn);
        new.status = Status::Active;
        if !row.is_rated() {
            notes.push(PeriodNote::RatedFromBase {
                base: ro,
                article: profile.unrated.article.clone(),
            });
        }
    } else if played && row.is_rated() {
        new.status = Status::Active;
    }
    let lapsed = |notes: &mut Vec<PeriodNote>, games: u32| {
        notes.push(PeriodNote::CarriedLapse {
            games,
            article: rules.article.clone(),
        });
    };
    let window_periods = rules.unrated_window_periods.is_some();
    if carried.is_none() && window_periods && !row.is_rated() && row.carried.games > 0 {
        // No game this period: the list's games cannot reach the next one.
        lapsed(&mut notes, row.carried.games);
        new.carried = Carried::default();
    }
    if let Some(carried) = carried {
        new.carried = carried;
        let need = profile.unrated.games_for_rating.max(1);
        if !new.is_rated() && carried.games >= need {
            let first = match profile.unrated.rule {
                UnratedRule::Provisional | UnratedRule::BaseRating => {
                    let ru = profile.provisional_rating(&as_player(row));
                    notes.push(PeriodNote::FirstRatingProvisional {
                        provisional: ru,
                        sum: carried.sum,
                        games: carried.games,
                        article: profile.unrated.article.clone(),
                    });
                    ru + carried.sum
                }
                UnratedRule::Performance | UnratedRule::FideInitial => {
                    let avg = carried.sum / Decimal::from(carried.games);
                    notes.push(PeriodNote::FirstRatingPerformance {
                        sum: carried.sum,
                        games: carried.games,
                        article: profile.unrated.article.clone(),
                    });
                    avg
                }
            };
            let first = profile.publish(first);
            new.carried = Carried::default();
            match profile.minimum_published(row.sex) {
                Some(min) if first < min => notes.push(PeriodNote::FirstRatingBelowMinimum {
                    rating: first,
                    minimum: min,
                }),
                _ => {
                    notes.push(PeriodNote::FirstRating { rating: first });
                    new.rating = Some(first);
                    new.status = Status::Active;
                    new.rated_games = carried.games;
                }
            }
        } else if !new.is_rated() && carried.games > 0 {
            if window_periods && carried.games > fresh.games {
                // Same or next period: the next period may use this
                // period's games only.
                lapsed(&mut notes, carried.games - fresh.games);
                new.carried = fresh;
            }
            if new.carried.games > 0 {
                notes.push(PeriodNote::CarriedOver {
                    games: new.carried.games,
                    need,
                });
            }
        }
    }
    // Below the published minimum → unrated (cxa-2019 第四条, 第十一条).
    if w.rated_change
        && let (Some(r), Some(min)) = (new.rating, profile.minimum_published(row.sex))
        && r < min
    {
        notes.push(PeriodNote::BelowMinimum {
            rating: r,
            minimum: min,
            article: profile.list.article.clone(),
        });
        new.rating = None;
        new.status = Status::Unrated;
    }
    // Title adjustments at the next list (cxa-2019 第六条, cxa-legacy 十一).
    let since = previous_list.unwrap_or(period.start);
    for t in &row.titles {
        let Some(date) = t.date else { continue };
        if !(since < date && date <= list_date) {
            continue;
        }
        let Some(adj) = profile
            .title_adjustments
            .iter()
            .find(|a| a.title == t.title)
        else {
            continue;
        };
        let target = match row.sex {
            crate::model::Sex::Male => adj.male,
            crate::model::Sex::Female => adj.female,
        };
        let ever = [row.highest, new.rating].into_iter().flatten().max();
        if let Some(route) = adj.only_by
            && t.by != Some(route)
        {
            notes.push(match t.by {
                Some(by) => PeriodNote::TitleOtherRoute {
                    title: t.title.clone(),
                    by,
                    route,
                    article: adj.article.clone(),
                },
                None => PeriodNote::TitleRouteUnknown {
                    title: t.title.clone(),
                    route,
                    article: adj.article.clone(),
                },
            });
        } else if new.rating.is_some_and(|r| r >= target) {
            notes.push(PeriodNote::TitleAlreadyAbove {
                title: t.title.clone(),
                rating: new.rating.unwrap_or_default(),
                target,
                article: adj.article.clone(),
            });
        } else if adj.keep_if_ever_reached
            && ever.is_some_and(|e| e >= target)
            && new.rating.is_some()
        {
            notes.push(PeriodNote::TitleReachedBefore {
                title: t.title.clone(),
                target,
                article: adj.article.clone(),
            });
        } else {
            notes.push(PeriodNote::TitleRaised {
                title: t.title.clone(),
                target,
                article: adj.article.clone(),
            });
            new.rating = Some(target);
            new.status = Status::Active;
        }
    }
    // Inactivity.
    if let (Some(ina), Some(last), true) = (&profile.inactivity, new.last_active, new.is_rated()) {
        let now = idle_years(last, list_date);
        let before = previous_list.map_or(now, |d| idle_years(last, d).min(now));
        if let Some(c) = ina.cancelled_after_years.filter(|&c| now >= c) {
            notes.push(PeriodNote::RatingCancelled {
                years: now,
                after: c,
                restart: ina.restart_from_base,
                article: ina.article.clone(),
            });
            new.rating = None;
            new.status = Status::Unrated;
        } else if let Some(a) = ina.inactive_after_years.filter(|&a| now >= a) {
            new.status = Status::Inactive;
            for year in before + 1..=now {
                let d = ina
                    .deduction_by_year
                    .get(year as usize - 1)
                    .copied()
                    .unwrap_or_default();
                if let (false, Some(r)) = (d.is_zero(), new.rating) {
                    notes.push(PeriodNote::InactiveYear {
                        year,
                        deduction: d,
                        article: ina.article.clone(),
                    });
                    new.rating = Some(r - d);
                }
            }
            if now > before || a == now {
                notes.push(PeriodNote::Inactive {
                    years: now,
                    article: ina.article.clone(),
                });
            }
            let title = row.current_title().unwrap_or("");
            let min = ina
                .minimums
                .iter()
                .filter(|m| m.title.is_empty() || row.titles.iter().any(|t| t.title == m.title))
                .map(|m| match row.sex {
                    crate::model::Sex::Male => m.male,
                    crate::model::Sex::Female => m.female,
                })
                .max();
            if let (Some(min), Some(r)) = (min, new.rating)
                && r < min
            {
                notes.push(PeriodNote::InactiveBelowMinimum {
                    minimum: min,
                    title: (!title.is_empty()).then(|| title.to_string()),
                    article: ina.article.clone(),
                });
                new.rating = None;
                new.status = Status::Unrated;
            }
        }
    }
    if let Some(r) = new.rating {
        new.highest = new.highest.max(Some(r));
    }
    new.k = Some(k_of(profile, &new, list_date.year()));
    PeriodRow {
        rating_before: row.rating,
        status_before: row.status,
        change,
        contributions: w.contributions,
        notes,
        row: new,
    }
}

/// A row as an event player (for K and provisional ratings).
fn as_player(row: &ListRow) -> Player {
    let mut p = Player::new(
        row.id,
        row.name.clone(),
        row.sex,
        row.rating.filter(|_| row.is_rated()),
    );
    p.title = row.current_title().map(str::to_string);
    p.rated_games = row.rated_games;
    p.rated_events = Some(row.rated_events);
    p.ever_reached = row.highest;
    p.birth_year = row.birth_year;
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{EventSystem, GameResult, Sex};

    /// A list of `n` players (every tenth unrated, some with games carried)
    /// and `events` events of 8 players and 5 rounds in the period of
    /// `list_date`, from a fixed seed.
    fn sample(
        profile: &Profile,
        list_date: NaiveDate,
        n: u32,
        events: u32,
    ) -> (RatingList, Vec<PeriodEvent>) {
        let mut seed = 2025u64;
        let mut next = move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            seed >> 33
        };
        let rows = (0..n)
            .map(|i| {
                let sex = if i % 4 == 0 { Sex::Female } else { Sex::Male };
                if i % 10 == 0 {
                    // List ids start at 1, as an event's player ids do.
                    let mut row = ListRow::new(PlayerId(i + 1), format!("P{i}"), sex);
                    row.carried.games = (next() % 8) as u32;
                    row.carried.sum = Decimal::from(next() % 40) - Decimal::from(20);
                    row.carried.since = Some(list_date.year() - 1);
                    return row;
                }
                let rating = Decimal::from(1300 + next() % 1400);
                let mut row = ListRow::rated(PlayerId(i + 1), format!("P{i}"), sex, rating);
                row.rated_games = (next() % 60) as u32;
                row.rated_events = (next() % 5) as u32;
                row.last_active =
                    NaiveDate::from_ymd_opt(list_date.year() - 1 - (i % 7 == 0) as i32 * 2, 3, 1);
                row
            })
            .collect();
        let list = RatingList::new(rows).unwrap();
        let period = period_for(profile, list_date).unwrap();
        let days = (period.end - period.start).num_days() as u64 + 1;
        let events = (0..events)
            .map(|e| {
                let ids: Vec<u32> = (0..8).map(|j| (e * 5 + j * 3) % n + 1).collect();
                let players = ids
                    .iter()
                    .map(|&i| {
                        let row = list.get(PlayerId(i)).unwrap();
                        let rating = if e % 3 == 0 { None } else { row.rating };
                        let mut p = Player::new(row.id, row.name.clone(), row.sex, rating);
                        p.rated_games = row.rated_games;
                        p.rated_events = Some(row.rated_events);
                        p
                    })
                    .collect();
                let mut games = Vec::new();
                for r in 0..5u32 {
                    // Circle method: player 7 fixed.
                    let mut pairs = vec![(7, r % 7)];
                    for i in 1..4 {
                        pairs.push(((r + i) % 7, (r + 7 - i) % 7));
                    }
                    for (a, b) in pairs {
                        let result = match next() % 7 {
                            0 | 1 => GameResult::WhiteWins,
                            2 | 3 => GameResult::Draw,
                            4 | 5 => GameResult::BlackWins,
                            _ => GameResult::WhiteForfeitWin,
                        };
                        games.push(Pairing::Game {
                            round: r + 1,
                            white: PlayerId(ids[a as usize]),
                            black: PlayerId(ids[b as usize]),
                            result,
                        });
                    }
                }
                let day = period.start + chrono::Days::new(next() % days);
                let system = if e % 4 == 1 {
                    EventSystem::RoundRobin
                } else {
                    EventSystem::Swiss
                };
                let event = Event::new(
                    format!("E{e}"),
                    profile.game,
                    system,
                    Some(day),
                    Some(day),
                    players,
                    games,
                )
                .unwrap();
                PeriodEvent::new(event)
            })
            .collect();
        (list, events)
    }

    /// The period is the same whatever the batches and the threads: one
    /// event and one thread at a time, odd batches on three threads, the
    /// machine's own division; with K fixed and with K following the player.
    #[test]
    fn the_division_of_the_work_does_not_change_the_period() {
        for name in [
            "cxa-2019",
            "cxa-legacy",
            "cca-chess",
            "cca-amateur",
            "fide-2024",
        ] {
            let profile = Profile::builtin(name).unwrap();
            let published = profile.list.periods[0].published;
            let list_date = NaiveDate::from_ymd_opt(2025, published.month, published.day).unwrap();
            let (list, events) = sample(&profile, list_date, 300, 90);
            for k_updated in [false, true] {
                let mut rules = PeriodRules::for_profile(&profile);
                rules.k_updated_between_events = k_updated;
                let one = Split {
                    batch: 1,
                    cores: 1,
                    per_thread: 1,
                };
                let odd = Split {
                    batch: 7,
                    cores: 3,
                    per_thread: 1,
                };
                let want = compute_split(&profile, &rules, &list, &events, list_date, one).unwrap();
                assert!(want.rows.iter().any(|r| r.change.is_some()), "{name}");
                for split in [odd, Split::of_machine()] {
                    let got =
                        compute_split(&profile, &rules, &list, &events, list_date, split).unwrap();
                    assert_eq!(got, want, "{name} {split:?} k updated {k_updated}");
                }
            }
        }
    }

    /// `k_of` gives `Profile::k_for`'s K on a grid of rows, every profile.
    #[test]
    fn k_of_agrees_with_k_for() {
        for name in Profile::builtin_names() {
            let profile = Profile::builtin(name).unwrap();
            for rating in [
                None,
                Some(1500),
                Some(2350),
                Some(2399),
                Some(2400),
                Some(2600),
            ] {
                for highest in [None, Some(2450), Some(2500)] {
                    for games in [0, 9, 29, 30, 100] {
                        for events in [0, 2, 3, 10] {
                            for birth in [None, Some(2000), Some(2010)] {
                                let mut row = ListRow::new(PlayerId(1), "x", Sex::Male);
                                if let Some(r) = rating {
                                    row.rating = Some(Decimal::from(r));
                                    row.status = Status::Active;
                                }
                                row.highest = highest.map(Decimal::from);
                                row.rated_games = games;
                                row.rated_events = events;
                                row.birth_year = birth;
                                let want = profile
                                    .k_for(&as_player(&row), !row.is_rated(), Some(2025))
                                    .k;
                                assert_eq!(k_of(&profile, &row, 2025), want, "{name} {row:?}");
                            }
                        }
                    }
                }
            }
        }
    }
}
