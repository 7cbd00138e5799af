//! Helpers for unrated players (无等级分棋手) shared by the profiles.

use rust_decimal::Decimal;

/// Combines performances of several events (or periods), weighted by the
/// games each was made over (cca-chess 八(八)): Σ(Rp × n) / Σn. `None`
/// when there are no games.
///
/// ```
/// use qiyuan_rating::unrated::cumulative_performance;
/// use rust_decimal_macros::dec;
/// // the seed's example: (2280×4 + 2360×6) ÷ 10 = 2328
/// assert_eq!(cumulative_performance(&[(dec!(2280), 4), (dec!(2360), 6)]), Some(dec!(2328)));
/// assert_eq!(cumulative_performance(&[]), None);
/// ```
pub fn cumulative_performance(parts: &[(Decimal, u32)]) -> Option<Decimal> {
    let games: u32 = parts.iter().map(|&(_, n)| n).sum();
    if games == 0 {
        return None;
    }
    let total: Decimal = parts.iter().map(|&(rp, n)| rp * Decimal::from(n)).sum();
    Some(total / Decimal::from(games))
}
