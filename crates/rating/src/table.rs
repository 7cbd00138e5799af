//! The normative tables of `tables/*.csv` (regulations §1.1, §1.2, §3.5,
//! §4): expected score by rating difference (附表3 由等级分差查预期得分率),
//! rating difference by score fraction (附表4 由得分率查等级分差), the
//! logistic form, and the title-norm tables (等级称号赛应有胜率表).
//!
//! The CSV files are embedded with `include_str!` and parsed once into
//! lookup arrays; lookups never allocate.

use std::sync::OnceLock;

use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;

use crate::model::{GameKind, Sex};

const EXPECTED_CSV: &str = include_str!("../tables/expected-score.csv");
const SCORE_TO_DIFF_CSV: &str = include_str!("../tables/score-to-difference.csv");
const NORMS_CHESS_CSV: &str = include_str!("../tables/norms-chess.csv");
const NORMS_XIANGQI_CSV: &str = include_str!("../tables/norms-xiangqi.csv");

/// The largest rating difference listed in the expected-score table; a
/// larger |D| gives 1.00 / 0.00.
pub const TABLE_MAX_DIFFERENCE: u32 = 735;

struct Tables {
    /// `p_high` in hundredths for |D| = 0..=735.
    p_high: [u8; TABLE_MAX_DIFFERENCE as usize + 1],
    /// dp for p = 0.01..=0.99 (index = hundredths), index 0 and 100 unused.
    dp: [i16; 101],
    chess: Vec<NormBand>,
    xiangqi: Vec<NormBand>,
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        // The embedded files are part of the build; `tests/tables.rs` checks
        // every row against the spec's copies, so a failure here is a bug in
        // the crate, not bad user input.
        Tables {
            p_high: parse_expected(EXPECTED_CSV).expect("tables/expected-score.csv is well formed"),
            dp: parse_score_to_difference(SCORE_TO_DIFF_CSV)
                .expect("tables/score-to-difference.csv is well formed"),
            chess: parse_norms(NORMS_CHESS_CSV).expect("tables/norms-chess.csv is well formed"),
            xiangqi: parse_norms(NORMS_XIANGQI_CSV)
                .expect("tables/norms-xiangqi.csv is well formed"),
        }
    })
}

/// Data lines of a CSV table: comments (`#`) and blank lines dropped, the
/// header returned apart.
fn data_lines(text: &str) -> (Vec<&str>, impl Iterator<Item = Vec<&str>>) {
    let mut lines = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'));
    let header = lines
        .next()
        .map(|h| h.split(',').collect())
        .unwrap_or_default();
    (header, lines.map(|l| l.split(',').map(str::trim).collect()))
}

fn hundredths(s: &str) -> Option<u8> {
    let d: Decimal = s.parse().ok()?;
    (d * Decimal::ONE_HUNDRED).to_u8()
}

fn parse_expected(text: &str) -> Option<[u8; TABLE_MAX_DIFFERENCE as usize + 1]> {
    let mut out = [u8::MAX; TABLE_MAX_DIFFERENCE as usize + 1];
    let (_, rows) = data_lines(text);
    for row in rows {
        let lo: usize = row.first()?.parse().ok()?;
        let high = hundredths(row.get(2)?)?;
        if row.get(1)?.is_empty() {
            // the open "above 735" row
            if lo != TABLE_MAX_DIFFERENCE as usize + 1 || high != 100 {
                return None;
            }
            continue;
        }
        let hi: usize = row[1].parse().ok()?;
        for slot in out.get_mut(lo..=hi)? {
            *slot = high;
        }
    }
    out.iter().all(|&p| p != u8::MAX).then_some(out)
}

fn parse_score_to_difference(text: &str) -> Option<[i16; 101]> {
    let mut out = [i16::MIN; 101];
    let (_, rows) = data_lines(text);
    for row in rows {
        let p = hundredths(row.first()?)? as usize;
        *out.get_mut(p)? = row.get(1)?.parse().ok()?;
    }
    out[1..100].iter().all(|&d| d != i16::MIN).then_some(out)
}

/// |D| rounded half-up to an integer (§1.1), saturating at `u32::MAX`.
///
/// ```
/// use qiyuan_rating::table::rounded_difference;
/// use rust_decimal_macros::dec;
/// assert_eq!(rounded_difference(dec!(-3.5)), 4);
/// assert_eq!(rounded_difference(dec!(3.49)), 3);
/// ```
pub fn rounded_difference(d: Decimal) -> u32 {
    let m = d.mantissa().unsigned_abs();
    if let Ok(m) = u64::try_from(m) {
        // constant divisors for the usual scales (ratings, Ra to 1 or 2 decimals)
        let (q, r, half) = match d.scale() {
            0 => return u32::try_from(m).unwrap_or(u32::MAX),
            1 => (m / 10, m % 10, 5),
            2 => (m / 100, m % 100, 50),
            s if s <= 19 => {
                let pow = 10u64.pow(s);
                (m / pow, m % pow, pow / 2)
            }
            _ => return slow_rounded_difference(d),
        };
        let q = if r >= half { q + 1 } else { q };
        return u32::try_from(q).unwrap_or(u32::MAX);
    }
    slow_rounded_difference(d)
}

fn slow_rounded_difference(d: Decimal) -> u32 {
    d.abs()
        .round_dp_with_strategy(0, rust_decimal::RoundingStrategy::MidpointAwayFromZero)
        .to_u32()
        .unwrap_or(u32::MAX)
}

/// The higher-rated side's expected score, in hundredths, for a rounded
/// |D| (table 附表3): 50..=100.
///
/// ```
/// use qiyuan_rating::table::expected_hundredths;
/// assert_eq!(expected_hundredths(0), 50);
/// assert_eq!(expected_hundredths(4), 51);
/// assert_eq!(expected_hundredths(736), 100);
/// ```
#[inline]
pub fn expected_hundredths(abs_d: u32) -> u8 {
    match tables().p_high.get(abs_d as usize) {
        Some(&p) => p,
        None => 100,
    }
}

/// Expected score fraction P by the table for the side whose rating
/// difference (own − opponent, or own − average) is `d`: the higher-rated
/// side gets `p_high`, the lower `p_low` = 1 − `p_high`.
///
/// ```
/// use qiyuan_rating::table::expected_score;
/// use rust_decimal_macros::dec;
/// assert_eq!(expected_score(dec!(92)), dec!(0.63));
/// assert_eq!(expected_score(dec!(-92)), dec!(0.37));
/// assert_eq!(expected_score(dec!(-800)), dec!(0.00));
/// ```
#[inline]
pub fn expected_score(d: Decimal) -> Decimal {
    let high = i64::from(expected_hundredths(rounded_difference(d)));
    let p = if d.is_sign_negative() && !d.is_zero() {
        100 - high
    } else {
        high
    };
    Decimal::new(p, 2)
}

/// Expected score fraction by the logistic form P = 1 / (1 + 10^(−D/400))
/// (§1.1). Computed in binary floating point and kept to 6 decimals; a
/// profile that uses it rounds P further where its article says.
///
/// ```
/// use qiyuan_rating::table::logistic;
/// use rust_decimal_macros::dec;
/// assert_eq!(logistic(dec!(0)), dec!(0.5));
/// assert_eq!(logistic(dec!(400)), dec!(0.909091));
/// ```
pub fn logistic(d: Decimal) -> Decimal {
    let d = d.to_f64().unwrap_or(0.0);
    let p = 1.0 / (1.0 + 10f64.powf(-d / 400.0));
    Decimal::from_f64_retain(p)
        .unwrap_or(Decimal::ZERO)
        .round_dp_with_strategy(6, rust_decimal::RoundingStrategy::MidpointAwayFromZero)
        .normalize()
}

/// Rating difference dp for a score fraction p (table 附表4): p is rounded
/// half-up to two decimals; p = 1 and p = 0, undefined in the seeds, give
/// `+extreme` / `−extreme` (the spec's **Choice** is 800, a profile
/// parameter). `p` outside 0..=1 is clamped.
///
/// ```
/// use qiyuan_rating::table::difference_for_score;
/// use rust_decimal_macros::dec;
/// assert_eq!(difference_for_score(dec!(0.575), dec!(800)), dec!(57));
/// assert_eq!(difference_for_score(dec!(0.3), dec!(800)), dec!(-149));
/// assert_eq!(difference_for_score(dec!(1), dec!(800)), dec!(800));
/// assert_eq!(difference_for_score(dec!(0.004), dec!(800)), dec!(-800));
/// ```
pub fn difference_for_score(p: Decimal, extreme: Decimal) -> Decimal {
    let h = p
        .round_dp_with_strategy(2, rust_decimal::RoundingStrategy::MidpointAwayFromZero)
        .max(Decimal::ZERO)
        .min(Decimal::ONE);
    let idx = (h * Decimal::ONE_HUNDRED).to_usize().unwrap_or(0);
    match idx {
        0 => -extreme,
        100 => extreme,
        i => Decimal::from(tables().dp[i]),
    }
}

/// A title whose norm the norm tables give a required percentage for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NormTitle {
    /// 女子大师.
    WomanMaster,
    /// 女子特级大师.
    WomanGrandmaster,
    /// (男子)大师.
    Master,
    /// (男子)特级大师.
    Grandmaster,
}

impl NormTitle {
    /// The title's name in `lang`.
    ///
    /// ```
    /// use qiyuan_rating::Lang;
    /// use qiyuan_rating::table::NormTitle;
    /// assert_eq!(NormTitle::WomanGrandmaster.name(Lang::Zh), "女子特级大师");
    /// assert_eq!(NormTitle::Master.name(Lang::En), "Master");
    /// ```
    pub fn name(self, lang: crate::Lang) -> &'static str {
        match self {
            NormTitle::WomanMaster => lang.t("Woman master", "女子大师"),
            NormTitle::WomanGrandmaster => lang.t("Woman grandmaster", "女子特级大师"),
            NormTitle::Master => lang.t("Master", "大师"),
            NormTitle::Grandmaster => lang.t("Grandmaster", "特级大师"),
        }
    }
}

/// One band of a norm table: tournament average rating `band_low..=band_high`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NormBand {
    /// Lowest average of the band.
    pub band_low: u32,
    /// Highest average of the band.
    pub band_high: u32,
    /// 比赛等级 in the women's scale.
    pub women_category: Option<u32>,
    /// 比赛等级 in the men's scale.
    pub men_category: Option<u32>,
    /// Required percentages (应有胜率) for the four titles, in the order of
    /// [`NormTitle`].
    pub pct: [Option<u32>; 4],
    /// True for rows the spec extrapolated beyond the seed's cut-off.
    pub extrapolated: bool,
}

impl NormBand {
    /// The required score percentage for a title in this band, if the band
    /// allows that title's norm.
    pub fn required_pct(&self, title: NormTitle) -> Option<u32> {
        self.pct[title as usize]
    }

    /// The event's category (比赛等级) in the men's or women's scale.
    pub fn category(&self, sex: Sex) -> Option<u32> {
        match sex {
            Sex::Male => self.men_category,
            Sex::Female => self.women_category,
        }
    }
}

fn parse_norms(text: &str) -> Option<Vec<NormBand>> {
    let (header, rows) = data_lines(text);
    let col = |name: &str| header.iter().position(|h| *h == name);
    let (lo, hi, wc, mc) = (
        col("band_low")?,
        col("band_high")?,
        col("women_category")?,
        col("men_category")?,
    );
    let pct_cols = [
        col("woman_master_pct")?,
        col("woman_grandmaster_pct")?,
        col("master_pct")?,
        col("grandmaster_pct")?,
    ];
    let note = col("note");
    let opt = |row: &Vec<&str>, i: usize| -> Option<Option<u32>> {
        match row.get(i).copied().unwrap_or("") {
            "" => Some(None),
            s => s.parse().ok().map(Some),
        }
    };
    let mut out = Vec::new();
    for row in rows {
        out.push(NormBand {
            band_low: row.get(lo)?.parse().ok()?,
            band_high: row.get(hi)?.parse().ok()?,
            women_category: opt(&row, wc)?,
            men_category: opt(&row, mc)?,
            pct: [
                opt(&row, pct_cols[0])?,
                opt(&row, pct_cols[1])?,
                opt(&row, pct_cols[2])?,
                opt(&row, pct_cols[3])?,
            ],
            extrapolated: note
                .and_then(|i| row.get(i))
                .is_some_and(|n| *n == "extrapolated"),
        });
    }
    Some(out)
}

/// Every band of the norm table of a game (`norms-chess.csv` for chess,
/// `norms-xiangqi.csv` for xiangqi), lowest first.
pub fn norm_bands(game: GameKind) -> &'static [NormBand] {
    match game {
        GameKind::Chess => &tables().chess,
        GameKind::Xiangqi => &tables().xiangqi,
    }
}

/// The band of a tournament average rating; the average is first rounded
/// to an integer, half-up (平均等级分取接近的整数, 四舍五入).
///
/// ```
/// use qiyuan_rating::model::GameKind;
/// use qiyuan_rating::table::{norm_band, NormTitle};
/// use rust_decimal_macros::dec;
/// let band = norm_band(GameKind::Xiangqi, dec!(2400.5)).unwrap();
/// assert_eq!(band.band_low, 2401);
/// assert_eq!(band.required_pct(NormTitle::Grandmaster), Some(76));
/// ```
pub fn norm_band(game: GameKind, average: Decimal) -> Option<&'static NormBand> {
    if average.is_sign_negative() {
        return None;
    }
    let r = rounded_difference(average);
    norm_bands(game)
        .iter()
        .find(|b| b.band_low <= r && r <= b.band_high)
}

/// Required points for a xiangqi norm (cxa-legacy, seed 003 六(三)):
/// games × percentage, then a fractional part in [0.1, 0.6) counts as .5,
/// in [0.6, 1) as the next integer, below 0.1 is dropped.
///
/// ```
/// use qiyuan_rating::table::xiangqi_required_points;
/// use rust_decimal_macros::dec;
/// assert_eq!(xiangqi_required_points(11, 57), dec!(6.5)); // 6.27
/// assert_eq!(xiangqi_required_points(11, 64), dec!(7)); // 7.04
/// ```
pub fn xiangqi_required_points(games: u32, pct: u32) -> Decimal {
    let x = Decimal::from(games) * Decimal::from(pct) / Decimal::ONE_HUNDRED;
    let int = x.trunc();
    let frac = x - int;
    if frac < Decimal::new(1, 1) {
        int
    } else if frac < Decimal::new(6, 1) {
        int + Decimal::new(5, 1)
    } else {
        int + Decimal::ONE
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal_macros::dec;

    #[test]
    fn rounded_difference_handles_scales_and_signs() {
        assert_eq!(rounded_difference(dec!(0)), 0);
        assert_eq!(rounded_difference(dec!(2.5)), 3);
        assert_eq!(rounded_difference(dec!(-2.5)), 3);
        assert_eq!(rounded_difference(dec!(2.4999)), 2);
        assert_eq!(rounded_difference(dec!(735.50)), 736);
        assert_eq!(rounded_difference(Decimal::MAX), u32::MAX);
    }

    #[test]
    fn p_high_plus_p_low_is_one() {
        for d in 0..=800 {
            let d = Decimal::from(d);
            assert_eq!(expected_score(d) + expected_score(-d), Decimal::ONE);
        }
    }
}
