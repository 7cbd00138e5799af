//! Rating periods (统计期限) and lists (等级分名单): the calendar of a
//! profile, the list model and [`compute_period`], which turns the list
//! before a period and the period's events into the next list, every new
//! figure traced to the events and ΔR that made it.
//!
//! Pure: the caller reads the list and the events.
//!
//! ```
//! use chrono::NaiveDate;
//! use qiyuan_rating::model::*;
//! use qiyuan_rating::period::{compute_period, list::{ListRow, RatingList}, PeriodEvent};
//! use qiyuan_rating::profile::Profile;
//! use rust_decimal_macros::dec;
//! let profile = Profile::builtin("cca-amateur").unwrap();
//! let list = RatingList::new(vec![
//!     ListRow::rated(PlayerId(1), "A", Sex::Male, dec!(1600)),
//!     ListRow::rated(PlayerId(2), "B", Sex::Male, dec!(1600)),
//! ]).unwrap();
//! let d = NaiveDate::from_ymd_opt(2025, 3, 15).unwrap();
//! let players = vec![Player::new(PlayerId(1), "A", Sex::Male, None), Player::new(PlayerId(2), "B", Sex::Male, None)];
//! let games = vec![Pairing::Game { round: 1, white: PlayerId(1), black: PlayerId(2), result: GameResult::WhiteWins }];
//! let event = Event::new("e", GameKind::Chess, EventSystem::Swiss, Some(d), Some(d), players, games).unwrap();
//! let report = compute_period(&profile, &list, &[PeriodEvent::new(event)], NaiveDate::from_ymd_opt(2025, 4, 1).unwrap()).unwrap();
//! // Equal ratings: P = 0.50, ΔR = 10 × (1 − 0.5) = 5.
//! assert_eq!(report.rows[0].row.rating, Some(dec!(1605)));
//! ```

pub mod admission;
pub mod calendar;
mod compute;
pub mod list;
mod note;
pub mod qualification;

pub use calendar::{CalendarError, Period, period_for, period_of_date, previous_list_date};
pub use compute::{
    Contribution, EventFigures, EventSummary, PeriodError, PeriodEvent, PeriodReport, PeriodRow,
    PeriodRules, compute_period, compute_period_with, k_of,
};
pub use list::{Carried, ListError, ListRow, RatingList, Status, TitleHeld, TitleRoute};
pub use note::PeriodNote;
