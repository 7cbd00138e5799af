//! The Elo-style change ΔR = K × (W − We), exact.

use rust_decimal::Decimal;

/// x in hundredths, when x has at most two decimals and fits.
#[inline]
fn hundredths(x: Decimal) -> Option<i64> {
    let scale = x.scale();
    if scale > 2 {
        return None;
    }
    let m = i64::try_from(x.mantissa()).ok()?;
    m.checked_mul([100, 10, 1][scale as usize])
}

/// ΔR = K × (W − We), exact. W and We with at most two decimals (the usual
/// case: points in halves, P from the table) take an integer fast path.
///
/// ```
/// use qiyuan_rating::elo::change;
/// use rust_decimal_macros::dec;
/// assert_eq!(change(15, dec!(2.5), dec!(1.59)), dec!(13.65));
/// assert_eq!(change(25, dec!(0), dec!(1.0625)), dec!(-26.5625));
/// ```
#[inline]
pub fn change(k: u32, w: Decimal, we: Decimal) -> Decimal {
    if let (Some(wh), Some(eh)) = (hundredths(w), hundredths(we))
        && let Some(c) = (wh - eh).checked_mul(i64::from(k))
    {
        return Decimal::new(c, 2);
    }
    Decimal::from(k) * (w - we)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal_macros::dec;

    #[test]
    fn fast_and_slow_paths_agree() {
        for (k, w, we) in [
            (10u32, dec!(1), dec!(0.64)),
            (25, dec!(3.5), dec!(2.76)),
            (40, dec!(0.5), dec!(0.08)),
            (15, dec!(2), dec!(1.333333)),
        ] {
            assert_eq!(change(k, w, we), Decimal::from(k) * (w - we));
        }
    }
}
