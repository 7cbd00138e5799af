//! The arithmetic of the `elo` rule kind (regulations §6.3):
//! change = trunc(K × (Res − Exp)), Exp = 1 / (10^(Dr/scale) + 1).
//!
//! # Why the truncation is exact
//!
//! Binary floating point is NOT used. Write g(D) = 1 / (1 + 10^(D/scale))
//! for D ≥ 0 (so Exp = g(Dr) when Dr ≥ 0 and Exp = 1 − g(−Dr) when Dr < 0)
//! and q = K × g(|Dr|), 0 < q ≤ K/2. The change is c − q (Dr ≥ 0) or
//! c − K + q (Dr < 0) with c = K × Res, a multiple of ½; its truncation
//! depends only on the integer part of q and on where the fraction of q lies
//! against 0 and ½. Adding c to a tiny q would round it away (a player 7000
//! points above the opponent must lose K − 1, not K), so q is never added:
//! its integer part and the class of its fraction are combined by hand.
//!
//! * Dr a multiple of `scale` (Dr = k × scale): q = K / (10^k + 1) is a
//!   rational, classified exactly with integer division (u128).
//! * Otherwise 10^(Dr/scale) is irrational (10 is no perfect power), so q
//!   is never an integer or a half. It is computed in `Decimal` (28
//!   fractional digits): 10^(r/scale) for 0 ≤ r < scale by the exponential
//!   series of r × ln 10 / scale (absolute error below 1e-26), times 10^k,
//!   then g = 1 / (1 + u). The error of q is below 1e-24 (K ≤ 10^4 is
//!   enforced when loading a system). For the built-in K values (120, 60,
//!   30, 25, 20, 15, 10) and every 0 < |Dr| < 26 × 400 that is not a
//!   multiple of 400, the smallest distance from q to a positive multiple
//!   of ½ is 7.6e-5 (Dr = 478, K = 25; computed independently with Python's
//!   decimal module at 50 digits, and re-checked by the test
//!   `elo_truncation_margin` in this crate) — twenty orders of magnitude
//!   above the error, so no truncation can be affected.
//! * |Dr| ≥ 26 × scale: 0 < q < K × 10^-26 < ½; only its sign matters, and
//!   it is positive.
//!
//! The table of g(|Dr|) for |Dr| < 26 × scale is built once per system, on
//! first use; a game then costs a table look-up and one multiplication.

use std::sync::OnceLock;

use rust_decimal::Decimal;

/// ln 10 to 28 decimal places (2.302585092994045684017991454684364...).
const LN_10: Decimal = rust_decimal_macros::dec!(2.3025850929940456840179914547);

/// Powers of ten beyond which q is below 10^-26 and only its sign matters.
const TABLE_DECADES: u32 = 26;

/// Where the fraction of q lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Frac {
    Zero,
    BelowHalf,
    Half,
    AboveHalf,
}

/// The g table of one `scale`, and for each K of the system the
/// classified q = K × g(d) of every d in the table (built on first use).
#[derive(Debug, Clone, Default)]
pub(crate) struct ExpTable {
    scale: u32,
    table: OnceLock<Vec<Decimal>>,
    by_k: Vec<(u32, OnceLock<Classes>)>,
}

/// For each d of the table, q's integer part and the class of its fraction.
type Classes = Vec<(i32, Frac)>;

/// e^x by its series, for 0 ≤ x < 2.31, to about 1e-26 absolute.
pub(crate) fn exp_series(x: Decimal) -> Decimal {
    let mut sum = Decimal::ONE;
    let mut term = Decimal::ONE;
    let mut n = Decimal::ONE;
    loop {
        term = term * x / n;
        if term.is_zero() {
            break;
        }
        sum += term;
        n += Decimal::ONE;
    }
    sum
}

/// 10^(r/scale) for 0 ≤ r < scale.
pub(crate) fn ten_pow_fraction(r: u32, scale: u32) -> Decimal {
    exp_series(LN_10 * Decimal::from(r) / Decimal::from(scale))
}

impl ExpTable {
    /// The table of `scale` for the K values `ks` (at most 10 000 each).
    pub(crate) fn new(scale: u32, ks: &[u32]) -> Self {
        let mut by_k: Vec<(u32, OnceLock<Classes>)> = Vec::new();
        for &k in ks {
            if !by_k.iter().any(|(x, _)| *x == k) {
                by_k.push((k, OnceLock::new()));
            }
        }
        ExpTable {
            scale,
            table: OnceLock::new(),
            by_k,
        }
    }

    fn table(&self) -> &[Decimal] {
        self.table.get_or_init(|| {
            let scale = self.scale;
            let roots: Vec<Decimal> = (0..scale).map(|r| ten_pow_fraction(r, scale)).collect();
            let len = (scale * TABLE_DECADES) as usize;
            let mut g = Vec::with_capacity(len);
            let mut decade = Decimal::ONE;
            for k in 0..TABLE_DECADES {
                if k > 0 {
                    decade *= Decimal::TEN;
                }
                for root in &roots {
                    g.push(Decimal::ONE / (Decimal::ONE + decade * root));
                }
            }
            g
        })
    }

    /// q = K × g(d) for d ≥ 0, as (integer part, class of the fraction):
    /// from the K's precomputed classes when it has them.
    fn q(&self, k: u32, d: u64) -> (i64, Frac) {
        let limit = u64::from(self.scale) * u64::from(TABLE_DECADES);
        if d >= limit {
            // 0 < q < 1/2.
            return (0, Frac::BelowHalf);
        }
        if let Some((_, cell)) = self.by_k.iter().find(|(x, _)| *x == k) {
            let classes = cell.get_or_init(|| {
                (0..limit)
                    .map(|d| {
                        let (qi, qf) = self.q_exact(k, d);
                        (i32::try_from(qi).expect("q ≤ K/2 ≤ 5000"), qf)
                    })
                    .collect()
            });
            let (qi, qf) = classes[d as usize];
            return (i64::from(qi), qf);
        }
        self.q_exact(k, d)
    }

    /// q = K × g(d) for 0 ≤ d < 26 × scale, computed (see the module documentation).
    fn q_exact(&self, k: u32, d: u64) -> (i64, Frac) {
        let scale = u64::from(self.scale);
        if d % scale == 0 {
            // q = K / (10^j + 1) exactly.
            let den = 10u128.pow((d / scale) as u32) + 1;
            let num = u128::from(k);
            let (int, rem) = (num / den, num % den);
            let frac = match (2 * rem).cmp(&den) {
                _ if rem == 0 => Frac::Zero,
                std::cmp::Ordering::Less => Frac::BelowHalf,
                std::cmp::Ordering::Equal => Frac::Half,
                std::cmp::Ordering::Greater => Frac::AboveHalf,
            };
            return (int as i64, frac);
        }
        let q = Decimal::from(k) * self.table()[d as usize];
        let int = q.trunc();
        let fract = q - int;
        let half = Decimal::new(5, 1);
        let frac = if fract.is_zero() {
            // Irrational q: only an underflow can give zero; q > 0.
            if int.is_zero() {
                Frac::BelowHalf
            } else {
                Frac::AboveHalf
            }
        } else {
            match fract.cmp(&half) {
                std::cmp::Ordering::Less => Frac::BelowHalf,
                std::cmp::Ordering::Equal => Frac::Half,
                std::cmp::Ordering::Greater => Frac::AboveHalf,
            }
        };
        (int.try_into().unwrap_or(i64::MAX), frac)
    }

    /// trunc(K × (Res − Exp)) with Res = `score_x2` / 2 and
    /// Exp = 1 / (10^(dr/scale) + 1).
    pub(crate) fn change(&self, k: u32, score_x2: u8, dr: i64) -> i64 {
        let k64 = i64::from(k);
        // c2 = 2 × c where v = c − q (dr ≥ 0) or v = c + q (dr < 0).
        let (c2, plus) = if dr >= 0 {
            (k64 * i64::from(score_x2), false)
        } else {
            (k64 * i64::from(score_x2) - 2 * k64, true)
        };
        let (qi, qf) = self.q(k, dr.unsigned_abs());
        let ci = c2.div_euclid(2);
        let c_half = c2.rem_euclid(2) == 1;
        // v = n + f, f classified as zero, in (0, 1) or in (-1, 0).
        let (n, f) = if plus {
            let n = ci + qi;
            match (c_half, qf) {
                (false, Frac::Zero) => (n, 0),
                (false, _) => (n, 1),
                (true, Frac::Zero) | (true, Frac::BelowHalf) => (n, 1),
                (true, Frac::Half) => (n + 1, 0),
                (true, Frac::AboveHalf) => (n + 1, 1),
            }
        } else {
            let n = ci - qi;
            match (c_half, qf) {
                (false, Frac::Zero) => (n, 0),
                (false, _) => (n, -1),
                (true, Frac::Zero) | (true, Frac::BelowHalf) => (n, 1),
                (true, Frac::Half) => (n, 0),
                (true, Frac::AboveHalf) => (n, -1),
            }
        };
        match f {
            0 => n,
            1 => {
                if n >= 0 {
                    n
                } else {
                    n + 1
                }
            }
            _ => {
                if n >= 1 {
                    n - 1
                } else {
                    n
                }
            }
        }
    }

    /// The smallest distance from q = K × g(d) to a positive multiple of ½
    /// over 0 < d < `limit`, d not a multiple of the scale (see the module
    /// documentation).
    #[cfg(test)]
    pub(crate) fn margin(&self, k: u32, limit: u64) -> Decimal {
        let scale = u64::from(self.scale);
        let mut best = Decimal::MAX;
        for d in 1..limit.min(scale * u64::from(TABLE_DECADES)) {
            if d % scale == 0 {
                continue;
            }
            let q2 = Decimal::from(2 * k) * self.table()[d as usize];
            let nearest = q2.round();
            if nearest.is_zero() {
                continue;
            }
            best = best.min((q2 - nearest).abs() / Decimal::TWO);
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    #[test]
    fn ln10_constant() {
        // ln 10 = 2.30258509299404568401799145468436420760... (Python decimal, 60 digits)
        assert_eq!(LN_10, d("2.3025850929940456840179914547"));
    }

    #[test]
    fn powers_of_ten_match_independent_values() {
        // 10^(r/400) from Python's decimal module at 60 digits.
        let cases = [
            (1, "1.00577306300173824273564249004275961696"),
            (100, "1.77827941003892280122542119519268484473"),
            (200, "3.16227766016837933199889354443271853371"),
            (300, "5.62341325190349080394951039776481231468"),
            (399, "9.94260073952956656832945930827799499914"),
        ];
        for (r, want) in cases {
            let got = ten_pow_fraction(r, 400);
            let want = d(&want[..30]);
            assert!((got - want).abs() < d("1e-25"), "r = {r}: {got} vs {want}");
        }
    }

    #[test]
    fn elo_truncation_margin() {
        // See the module documentation: Python found 7.6e-5 at Dr = 478, K = 25.
        let table = ExpTable::new(400, &[]);
        let mut least = Decimal::MAX;
        for k in [120, 60, 30, 25, 20, 15, 10] {
            least = least.min(table.margin(k, 400 * 26));
        }
        assert!(least > d("0.00007"), "{least}");
        assert!(least < d("0.00008"), "{least}");
        assert!(table.margin(25, 479) < d("0.0000760"));
    }

    #[test]
    fn seed_example() {
        // Seed 003: red 1676 (K 30) loses to black 2076 (K 20).
        let t = ExpTable::new(400, &[]);
        // Red: Dr = (2076 − 1676) − 100 = 300; Exp = 1/(10^0.75 + 1) = 0.15098;
        // 30 × (0 − 0.15098) = −4.53 → −4.
        assert_eq!(t.change(30, 0, 300), -4);
        // Black: Dr = (1676 − 2076) + 100 = −300; Exp = 0.84902;
        // 20 × (1 − 0.84902) = 3.02 → 3.
        assert_eq!(t.change(20, 2, -300), 3);
    }

    #[test]
    fn exact_multiples_and_extremes() {
        let t = ExpTable::new(400, &[]);
        // Dr = 0: Exp = 1/2. Win: 60 × 0.5 = 30 exactly; loss −30; draw 0.
        assert_eq!(t.change(60, 2, 0), 30);
        assert_eq!(t.change(60, 0, 0), -30);
        assert_eq!(t.change(60, 1, 0), 0);
        // K 25, Dr = 0, win: 12.5 → 12; loss: −12.5 → −12.
        assert_eq!(t.change(25, 2, 0), 12);
        assert_eq!(t.change(25, 0, 0), -12);
        // K 11 (a user's K), Dr = 400: Exp = 1/11, win: 11 × 10/11 = 10 exactly;
        // loss: −1 exactly. Dr = −400: Exp = 10/11, win: 1, loss: −10.
        assert_eq!(t.change(11, 2, 400), 10);
        assert_eq!(t.change(11, 0, 400), -1);
        assert_eq!(t.change(11, 2, -400), 1);
        assert_eq!(t.change(11, 0, -400), -10);
        // 7000 points below the opponent (Dr = 7000): Exp ≈ 1.8e-18 > 0.
        // Win: 120 × (1 − tiny) → 119; loss: −tiny → 0; draw: 60 − tiny → 59.
        assert_eq!(t.change(120, 2, 7000), 119);
        assert_eq!(t.change(120, 0, 7000), 0);
        assert_eq!(t.change(120, 1, 7000), 59);
        // Far beyond the table (Dr = ±50 000): the same limits.
        assert_eq!(t.change(10, 2, 50_000), 9);
        assert_eq!(t.change(10, 0, -50_000), -9);
        assert_eq!(t.change(10, 2, -50_000), 0);
        assert_eq!(t.change(15, 1, -50_000), -7);
        assert_eq!(t.change(15, 1, 50_000), 7);
    }

    #[test]
    fn agrees_with_floating_point_in_the_common_range() {
        // An independent computation in f64: in |Dr| ≤ 3000 its error (~1e-13)
        // is far below the 7.6e-5 margin, so both must agree everywhere.
        let t = ExpTable::new(400, &[]);
        for k in [120u32, 60, 30, 25, 20, 15, 10] {
            for s in 0..=2u8 {
                for dr in -3000i64..=3000 {
                    let exp = 1.0 / (10f64.powf(dr as f64 / 400.0) + 1.0);
                    let want = (f64::from(k) * (f64::from(s) / 2.0 - exp)).trunc() as i64;
                    assert_eq!(t.change(k, s, dr), want, "K {k} s {s} Dr {dr}");
                }
            }
        }
    }
}
