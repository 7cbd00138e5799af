//! FIDE rating tables (Handbook B.02 8.1a/8.1b), as transcribed in
//! the rating crate's `tables/expected-score.csv` and `score-to-difference.csv`.

/// Lower bounds of rating-difference bands and the expected score (in
/// hundredths) of the higher-rated player: difference ≥ bound → value.
const EXPECTED_BANDS: [(u32, u32); 51] = [
    (0, 50),
    (4, 51),
    (11, 52),
    (18, 53),
    (26, 54),
    (33, 55),
    (40, 56),
    (47, 57),
    (54, 58),
    (62, 59),
    (69, 60),
    (77, 61),
    (84, 62),
    (92, 63),
    (99, 64),
    (107, 65),
    (114, 66),
    (122, 67),
    (130, 68),
    (138, 69),
    (146, 70),
    (154, 71),
    (163, 72),
    (171, 73),
    (180, 74),
    (189, 75),
    (198, 76),
    (207, 77),
    (216, 78),
    (226, 79),
    (236, 80),
    (246, 81),
    (257, 82),
    (268, 83),
    (279, 84),
    (291, 85),
    (303, 86),
    (316, 87),
    (329, 88),
    (345, 89),
    (358, 90),
    (375, 91),
    (392, 92),
    (412, 93),
    (433, 94),
    (457, 95),
    (485, 96),
    (518, 97),
    (560, 98),
    (620, 99),
    (736, 100),
];

/// Expected score in hundredths of a player rated `own` against `opp`
/// (difference capped at 800, as FIDE C.07 art. 10.3 prescribes).
pub(crate) fn expected_hundredths(own: i64, opp: i64) -> i64 {
    let d = (own - opp).clamp(-800, 800);
    let abs = d.unsigned_abs() as u32;
    let mut pd = 50;
    for &(lo, v) in EXPECTED_BANDS.iter() {
        if abs >= lo {
            pd = v;
        }
    }
    let pd = pd as i64;
    if d >= 0 { pd } else { 100 - pd }
}

/// Rating difference dp for a percentage score 0..=100 (B.02 8.1a; 0 % → −800,
/// 100 % → +800, the FIDE C.07 convention).
const SCORE_TO_DP: [i32; 101] = [
    -800, -677, -589, -538, -501, -470, -444, -422, -401, -383, -366, -351, -336, -322, -309, -296,
    -284, -273, -262, -251, -240, -230, -220, -211, -202, -193, -184, -175, -166, -158, -149, -141,
    -133, -125, -117, -110, -102, -95, -87, -80, -72, -65, -57, -50, -43, -36, -29, -21, -14, -7,
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158,
    166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
    383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
];

/// dp for a percentage (clamped to 0..=100).
pub(crate) fn dp_for_percentage(p: i64) -> i64 {
    i64::from(SCORE_TO_DP[p.clamp(0, 100) as usize])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spot_values_from_the_tables() {
        // expected-score.csv: 0-3 → .50, 4-10 → .51, 620-735 → .99, 736+ → 1.00.
        assert_eq!(expected_hundredths(1603, 1600), 50);
        assert_eq!(expected_hundredths(1604, 1600), 51);
        assert_eq!(expected_hundredths(1600, 1604), 49);
        assert_eq!(expected_hundredths(2335, 1600), 99);
        assert_eq!(expected_hundredths(2336, 1600), 100);
        assert_eq!(expected_hundredths(1600, 2600), 0);
        // score-to-difference.csv: .50 → 0, .68 → 133, .34 → −117, .99 → 677.
        assert_eq!(dp_for_percentage(50), 0);
        assert_eq!(dp_for_percentage(68), 133);
        assert_eq!(dp_for_percentage(34), -117);
        assert_eq!(dp_for_percentage(99), 677);
        assert_eq!(dp_for_percentage(100), 800);
    }
}
