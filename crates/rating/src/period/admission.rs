//! What may enter a rating period: the office's rules, one function each
//! for the database office (`qiyuan office`, the web office) and the
//! stateless `qiyuan period`.
//!
//! **The event** ([`admit_event`]): it is played in the game the profile
//! rates; its end date ([`period_date`]) places it — a continuous event
//! counts wholly in the period of its end date (cxa-2019 第五条; every
//! profile's `[list] spanning`) — and that date falls in a period of the profile's calendar
//! that is not yet closed, i.e. whose list is not yet published.
//!
//! **Its players** ([`admit_players`]): an event file names its players by their list id. Every player must be
//! on the list (or be entered as a new player by the office), and be the
//! player the list has under that id: a sex that differs from the list's
//! means the file has the wrong id, and the event is refused rather than
//! rated against someone else. (The list's data win over the file's for
//! everything else — rating, games, title — in the period itself.)

use chrono::NaiveDate;

use crate::model::{Event, GameKind, PlayerId, Sex};
use crate::period::{CalendarError, Period, period_of_date};
use crate::profile::Profile;

/// The date that places a continuous event in a rating period: its last
/// day. An event without one cannot be placed (its first day alone does
/// not say in which period a several-day event ends).
///
/// ```
/// use chrono::NaiveDate;
/// use qiyuan_rating::model::{Event, EventSystem, GameKind};
/// use qiyuan_rating::period::admission::period_date;
/// let d = |m, day| NaiveDate::from_ymd_opt(2025, m, day).unwrap();
/// let event = |start, end| {
///     Event::new("例", GameKind::Xiangqi, EventSystem::Swiss, start, end, vec![], vec![]).unwrap()
/// };
/// assert_eq!(period_date(&event(Some(d(6, 28)), Some(d(7, 2)))), Some(d(7, 2)));
/// assert_eq!(period_date(&event(Some(d(6, 28)), None)), None);
/// ```
pub fn period_date(event: &Event) -> Option<NaiveDate> {
    event.end()
}

/// The latest rating period whose list is published: an event ending on
/// or before its last day falls in a closed period.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClosedPeriod {
    /// The last day of the period.
    pub end: NaiveDate,
    /// The date of the list published for it.
    pub list_date: NaiveDate,
}

/// Why an event cannot enter a rating period (its players aside).
#[derive(Debug, Clone, PartialEq)]
pub enum EventRefusal {
    /// The event is played in a game the profile does not rate.
    WrongGame {
        /// The event's game.
        event: GameKind,
        /// The profile's game.
        profile: GameKind,
    },
    /// The event has no end date ([`period_date`]).
    NoEndDate,
    /// The end date falls in no period of the profile's calendar.
    OutsidePeriods(CalendarError),
    /// The end date falls in a period already rated and published.
    ClosedPeriod {
        /// The event's end date.
        end: NaiveDate,
        /// The published list of that period.
        published: NaiveDate,
    },
}

/// Checks an event against the profile and the office's calendar, in this
/// order: game, end date, calendar, closed period (`closed`: the latest
/// published period, `None` where nothing is published, as in the
/// stateless `qiyuan period`). Returns the period the event enters.
///
/// ```
/// use chrono::NaiveDate;
/// use qiyuan_rating::model::{Event, EventSystem, GameKind};
/// use qiyuan_rating::period::admission::{ClosedPeriod, EventRefusal, admit_event};
/// use qiyuan_rating::profile::Profile;
/// let profile = Profile::builtin("cxa-2019").unwrap();
/// let d = |y, m, day| NaiveDate::from_ymd_opt(y, m, day).unwrap();
/// let end = d(2025, 7, 2);
/// let event =
///     Event::new("例", GameKind::Xiangqi, EventSystem::Swiss, None, Some(end), vec![], vec![])
///         .unwrap();
/// let period = admit_event(&profile, &event, None).unwrap();
/// assert!(period.contains(end));
/// let closed = ClosedPeriod { end: period.end, list_date: d(2025, 10, 1) };
/// assert_eq!(
///     admit_event(&profile, &event, Some(closed)),
///     Err(EventRefusal::ClosedPeriod { end, published: d(2025, 10, 1) })
/// );
/// ```
///
/// # Errors
/// [`EventRefusal`] as above.
pub fn admit_event(
    profile: &Profile,
    event: &Event,
    closed: Option<ClosedPeriod>,
) -> Result<Period, EventRefusal> {
    if event.game() != profile.game {
        return Err(EventRefusal::WrongGame {
            event: event.game(),
            profile: profile.game,
        });
    }
    let end = period_date(event).ok_or(EventRefusal::NoEndDate)?;
    let period = period_of_date(profile, end).map_err(EventRefusal::OutsidePeriods)?;
    if let Some(c) = closed
        && end <= c.end
    {
        return Err(EventRefusal::ClosedPeriod {
            end,
            published: c.list_date,
        });
    }
    Ok(period)
}

/// Why an event's players cannot enter the period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayerRefusal {
    /// Players the list does not have (id, name in the file), in the
    /// file's order.
    NotOnList(Vec<(PlayerId, String)>),
    /// A player whose sex in the file differs from the list's.
    SexDiffers {
        /// The id.
        id: PlayerId,
        /// The name in the event file.
        name_in_file: String,
        /// The name on the list.
        name_on_list: String,
        /// The sex in the event file.
        sex_in_file: Sex,
        /// The sex on the list.
        sex_on_list: Sex,
    },
}

/// Checks the event's players against the list: `on_list` gives the name
/// and sex the list has under an id; `new_players` are ids the office
/// enters as new players (not yet on any list). The first refusal found:
/// the players missing from the list, else the first whose sex differs.
///
/// ```
/// use qiyuan_rating::model::{Event, EventSystem, GameKind, Player, PlayerId, Sex};
/// use qiyuan_rating::period::admission::{PlayerRefusal, admit_players};
/// let players = vec![
///     Player::new(PlayerId(1), "甲", Sex::Male, None),
///     Player::new(PlayerId(2), "乙", Sex::Female, None),
/// ];
/// let event =
///     Event::new("例", GameKind::Xiangqi, EventSystem::Swiss, None, None, players, vec![]).unwrap();
/// let list = |id: PlayerId| (id.0 == 1).then(|| ("甲".to_string(), Sex::Male));
/// assert_eq!(
///     admit_players(&event, list, &[]),
///     Err(PlayerRefusal::NotOnList(vec![(PlayerId(2), "乙".into())]))
/// );
/// assert_eq!(admit_players(&event, list, &[2]), Ok(()));
/// ```
///
/// # Errors
/// [`PlayerRefusal`] as above.
pub fn admit_players(
    event: &Event,
    on_list: impl Fn(PlayerId) -> Option<(String, Sex)>,
    new_players: &[u32],
) -> Result<(), PlayerRefusal> {
    let mut missing = Vec::new();
    let mut differs = None;
    for p in event.players() {
        match on_list(p.id) {
            None if new_players.contains(&p.id.0) => {}
            None => missing.push((p.id, p.name.clone())),
            Some((name_on_list, sex_on_list)) => {
                if differs.is_none() && sex_on_list != p.sex {
                    differs = Some(PlayerRefusal::SexDiffers {
                        id: p.id,
                        name_in_file: p.name.clone(),
                        name_on_list,
                        sex_in_file: p.sex,
                        sex_on_list,
                    });
                }
            }
        }
    }
    if !missing.is_empty() {
        return Err(PlayerRefusal::NotOnList(missing));
    }
    differs.map_or(Ok(()), Err)
}
