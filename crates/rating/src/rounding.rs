//! Where and how a profile rounds (regulations §1.5).
//!
//! Every figure is exact [`Decimal`] arithmetic; a profile names the few
//! places where its regulation rounds, and the rule used there.

use rust_decimal::{Decimal, RoundingStrategy};
use serde::{Deserialize, Serialize};

/// How a value is rounded where a profile rounds it.
///
/// ```
/// use qiyuan_rating::rounding::RoundingMode;
/// use rust_decimal_macros::dec;
/// assert_eq!(RoundingMode::HalfAwayFromZero.round(dec!(-2.25), 1), dec!(-2.3));
/// assert_eq!(RoundingMode::HalfEven.round(dec!(2.25), 1), dec!(2.2));
/// assert_eq!(RoundingMode::Truncate.round(dec!(-2.29), 1), dec!(-2.2));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RoundingMode {
    /// 四舍五入: a half goes away from zero (the default of §1.5).
    #[default]
    HalfAwayFromZero,
    /// Banker's rounding: a half goes to the even digit.
    HalfEven,
    /// Cut towards zero.
    Truncate,
}

impl RoundingMode {
    /// `x` rounded to `decimals` places with this rule.
    pub fn round(self, x: Decimal, decimals: u32) -> Decimal {
        let strategy = match self {
            RoundingMode::HalfAwayFromZero => RoundingStrategy::MidpointAwayFromZero,
            RoundingMode::HalfEven => RoundingStrategy::MidpointNearestEven,
            RoundingMode::Truncate => RoundingStrategy::ToZero,
        };
        x.round_dp_with_strategy(decimals, strategy)
    }

    /// `x` rounded to `decimals` places, or `x` itself when the profile does
    /// not round there (`None`).
    pub fn round_opt(self, x: Decimal, decimals: Option<u32>) -> Decimal {
        match decimals {
            Some(d) => self.round(x, d),
            None => x,
        }
    }
}
/// A rating as the whole number a table or a file holds where it has no
/// decimals — the tournament model's ratings, a TRF's four digits, the
/// desk's —: 四舍五入, a half away from zero (the rounding of §1.5), so
/// that 2100.5 is 2101 on every page and in every file.
///
/// ```
/// use qiyuan_rating::rounding::whole_rating;
/// use rust_decimal_macros::dec;
/// assert_eq!(whole_rating(dec!(2100.5)), dec!(2101));
/// assert_eq!(whole_rating(dec!(2100.49)), dec!(2100));
/// ```
pub fn whole_rating(rating: Decimal) -> Decimal {
    RoundingMode::HalfAwayFromZero.round(rating, 0)
}

/// A report's figure as its tables show it, under a profile that displays
/// `display` decimals ([`crate::event::Articles::shown`],
/// [`crate::profile::RoundingConfig::shown`]).
pub(crate) fn shown(figure: Decimal, display: u32) -> Decimal {
    let decimals = display.max(2);
    if figure.scale() > decimals {
        RoundingMode::HalfAwayFromZero.round(figure, decimals)
    } else {
        figure
    }
}
