//! The rating-period calendar of a profile (`[list] periods`): which
//! period a list closes, which period a date falls in, and how an event is
//! assigned to a period (cxa-2019 第四条, 第五条; cxa-legacy 一; cca-chess 二).
//!
//! Every period of a profile is a yearly pattern (`start`, `end`,
//! `published` as month-days); a period whose `start` comes after its
//! `end` began in the previous year (cxa-legacy 1 Dec – 31 May). A period
//! ending on 28 February also covers 29 February in a leap year.
//!
//! ```
//! use chrono::NaiveDate;
//! use qiyuan_rating::period::calendar::{period_for, period_of_date};
//! use qiyuan_rating::profile::Profile;
//! let cxa = Profile::builtin("cxa-2019").unwrap();
//! let d = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
//! // 第四条: the 1 June list closes the period 1 Jan – 31 May.
//! let p = period_for(&cxa, d(2025, 6, 1)).unwrap();
//! assert_eq!((p.start, p.end), (d(2025, 1, 1), d(2025, 5, 31)));
//! // 1 Nov 2025 is in the period of the 1 Jan 2026 list.
//! assert_eq!(period_of_date(&cxa, d(2025, 11, 1)).unwrap().published, d(2026, 1, 1));
//! ```

use std::fmt;

use chrono::{Datelike, Days, NaiveDate};
use serde::Serialize;

use crate::profile::{MonthDay, PeriodSpec, Profile};

/// One rating period (统计期限) with its dates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Period {
    /// First day.
    pub start: NaiveDate,
    /// Last day.
    pub end: NaiveDate,
    /// The day the list it feeds is published.
    pub published: NaiveDate,
    /// Position of its pattern in the profile's `[list] periods`.
    pub spec: usize,
}

impl Period {
    /// True when `date` lies in the period (both ends included).
    pub fn contains(&self, date: NaiveDate) -> bool {
        self.start <= date && date <= self.end
    }
}

impl fmt::Display for Period {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} – {} (list of {})",
            self.start, self.end, self.published
        )
    }
}

/// Why a date has no period.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CalendarError {
    /// No period of the profile is published on this day.
    #[error("profile `{profile}` publishes no list on {date}; its lists are published on {days}")]
    NotAListDate {
        /// The profile.
        profile: String,
        /// The date asked for.
        date: NaiveDate,
        /// The publication days, "MM-DD" comma separated.
        days: String,
    },
    /// The date lies in no period of the profile (a calendar with gaps).
    #[error("{date} lies in no rating period of profile `{profile}`")]
    OutsideEveryPeriod {
        /// The profile.
        profile: String,
        /// The date.
        date: NaiveDate,
    },
}

impl CalendarError {
    /// The message in `lang`: [`Lang::En`](crate::Lang::En) is the
    /// `Display` text.
    #[must_use]
    pub fn text(&self, lang: crate::Lang) -> String {
        if lang == crate::Lang::En {
            return self.to_string();
        }
        match self {
            CalendarError::NotAListDate {
                profile,
                date,
                days,
            } => format!(
                "等级分规则 `{profile}` 在 {date} 不公布名单；其名单在每年 {} 公布",
                days.split(", ").collect::<Vec<_>>().join("、")
            ),
            CalendarError::OutsideEveryPeriod { profile, date } => {
                format!("{date} 不在等级分规则 `{profile}` 的任何等级分计算周期内")
            }
        }
    }
}

impl Period {
    /// The period in Chinese: its first and last day and the list it
    /// publishes (the `Display` text is the English).
    pub(crate) fn zh(&self) -> String {
        format!("{} – {}（{} 名单）", self.start, self.end, self.published)
    }

    /// The period in `lang` (`text(Lang::En) == to_string()`).
    pub fn text(&self, lang: crate::Lang) -> String {
        match lang {
            crate::Lang::En => self.to_string(),
            crate::Lang::Zh => self.zh(),
        }
    }
}

/// The month-day in `year`, with 28 February standing for the month's
/// last day when `end_of_feb` (leap years).
fn on(year: i32, md: MonthDay, end_of_feb: bool) -> Option<NaiveDate> {
    if end_of_feb && md.month == 2 && md.day == 28 {
        let march = NaiveDate::from_ymd_opt(year, 3, 1)?;
        return march.pred_opt();
    }
    NaiveDate::from_ymd_opt(year, md.month, md.day)
}

/// The period of `spec` whose last day is in `end_year`.
fn instance(spec: &PeriodSpec, index: usize, end_year: i32) -> Option<Period> {
    let end = on(end_year, spec.end, true)?;
    let start_year = if spec.start > spec.end {
        end_year - 1
    } else {
        end_year
    };
    let start = on(start_year, spec.start, false)?;
    // The first publication day after the end.
    let mut published = on(end_year, spec.published, false)?;
    if published <= end {
        published = on(end_year + 1, spec.published, false)?;
    }
    Some(Period {
        start,
        end,
        published,
        spec: index,
    })
}

/// The period whose list is published on `list_date` (the period the list
/// closes).
pub fn period_for(profile: &Profile, list_date: NaiveDate) -> Result<Period, CalendarError> {
    for (i, spec) in profile.list.periods.iter().enumerate() {
        if spec.published.month != list_date.month() || spec.published.day != list_date.day() {
            continue;
        }
        for end_year in [list_date.year(), list_date.year() - 1] {
            if let Some(p) = instance(spec, i, end_year)
                && p.published == list_date
            {
                return Ok(p);
            }
        }
    }
    Err(CalendarError::NotAListDate {
        profile: profile.name.clone(),
        date: list_date,
        days: profile
            .list
            .periods
            .iter()
            .map(|s| String::from(s.published))
            .collect::<Vec<_>>()
            .join(", "),
    })
}

/// The period a date falls in.
pub fn period_of_date(profile: &Profile, date: NaiveDate) -> Result<Period, CalendarError> {
    for (i, spec) in profile.list.periods.iter().enumerate() {
        for end_year in [date.year(), date.year() + 1] {
            if let Some(p) = instance(spec, i, end_year)
                && p.contains(date)
            {
                return Ok(p);
            }
        }
    }
    Err(CalendarError::OutsideEveryPeriod {
        profile: profile.name.clone(),
        date,
    })
}

/// The list published before `period`'s (the one closing the period that
/// ends the day before it starts), or `None` when the calendar has a gap
/// there.
pub fn previous_list_date(profile: &Profile, period: &Period) -> Option<NaiveDate> {
    let day_before = period.start.checked_sub_days(Days::new(1))?;
    period_of_date(profile, day_before)
        .ok()
        .map(|p| p.published)
}
