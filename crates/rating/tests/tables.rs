//! Every row of the four normative tables, read from the crate's copies in
//! `tables/` (each checked against the SHA-256 of the table published with
//! the project's regulations, `testdata/README.md`), against the crate's
//! embedded lookups.

use qiyuan_rating::model::{GameKind, Sex};
use qiyuan_rating::table::{
    NormTitle, difference_for_score, expected_score, norm_band, norm_bands, xiangqi_required_points,
};
use rust_decimal::Decimal;
use rust_decimal_macros::dec;

mod published;

fn spec_table(name: &str) -> Vec<Vec<String>> {
    published::table_text(name)
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .skip(1)
        .map(|l| l.split(',').map(|c| c.trim().to_string()).collect())
        .collect()
}

fn dec(s: &str) -> Decimal {
    s.parse().unwrap()
}

#[test]
fn expected_score_every_row_and_boundary() {
    let rows = spec_table("expected-score.csv");
    assert_eq!(rows.len(), 51);
    let mut next = 0;
    for row in &rows {
        let lo: i64 = row[0].parse().unwrap();
        assert_eq!(lo, next, "rows are contiguous");
        let (high, low) = (dec(&row[2]), dec(&row[3]));
        if row[1].is_empty() {
            // "above 735": any larger difference
            for d in [lo, lo + 1, 800, 2000] {
                assert_eq!(expected_score(Decimal::from(d)), high, "D = {d}");
                assert_eq!(expected_score(Decimal::from(-d)), low, "D = -{d}");
            }
            // 735.5 rounds half-up to 736
            assert_eq!(expected_score(dec!(735.5)), high);
            continue;
        }
        let hi: i64 = row[1].parse().unwrap();
        for d in lo..=hi {
            assert_eq!(expected_score(Decimal::from(d)), high, "D = {d}");
            assert_eq!(expected_score(Decimal::from(-d)), low, "D = -{d}");
        }
        // |D| is rounded half-up before the lookup: hi + 0.49 stays, hi + 0.5 goes on
        assert_eq!(expected_score(Decimal::from(hi) + dec!(0.49)), high);
        assert_eq!(expected_score(-(Decimal::from(hi) + dec!(0.49))), low);
        if lo > 0 {
            assert_eq!(
                expected_score(Decimal::from(lo) - dec!(0.5)),
                high,
                "D = {lo} - 0.5"
            );
            assert_eq!(expected_score(-(Decimal::from(lo) - dec!(0.5))), low);
        }
        next = hi + 1;
    }
}

#[test]
fn score_to_difference_every_row() {
    let rows = spec_table("score-to-difference.csv");
    assert_eq!(rows.len(), 99);
    for row in &rows {
        let (p, dp) = (dec(&row[0]), dec(&row[1]));
        assert_eq!(difference_for_score(p, dec!(800)), dp, "p = {p}");
        // p is rounded half-up to two decimals first
        assert_eq!(
            difference_for_score(p - dec!(0.005), dec!(800)),
            dp,
            "p = {p} - 0.005"
        );
        assert_eq!(
            difference_for_score(p + dec!(0.0049), dec!(800)),
            dp,
            "p = {p} + 0.0049"
        );
    }
    // regulations §1.2 Choice: p = 1 and p = 0 give ±800
    assert_eq!(difference_for_score(dec!(1), dec!(800)), dec!(800));
    assert_eq!(difference_for_score(dec!(0.995), dec!(800)), dec!(800));
    assert_eq!(difference_for_score(dec!(0), dec!(800)), dec!(-800));
    assert_eq!(difference_for_score(dec!(0.0049), dec!(800)), dec!(-800));
    assert_eq!(difference_for_score(dec!(1), dec!(700)), dec!(700));
}

fn check_norms(file: &str, game: GameKind) {
    let rows = spec_table(file);
    let header: Vec<String> = {
        published::table_text(file)
            .lines()
            .find(|l| !l.starts_with('#'))
            .unwrap()
            .split(',')
            .map(str::to_string)
            .collect()
    };
    let col = |n: &str| header.iter().position(|h| h == n).unwrap();
    let opt = |row: &Vec<String>, n: &str| -> Option<u32> {
        let s = &row[col(n)];
        if s.is_empty() {
            None
        } else {
            Some(s.parse().unwrap())
        }
    };
    assert_eq!(norm_bands(game).len(), rows.len());
    for row in &rows {
        let lo: u32 = row[col("band_low")].parse().unwrap();
        let hi: u32 = row[col("band_high")].parse().unwrap();
        // both ends of the band and the .5 roundings at its edges
        for avg in [
            Decimal::from(lo),
            Decimal::from(hi),
            Decimal::from(lo) - dec!(0.5),
            Decimal::from(hi) + dec!(0.49),
        ] {
            let band = norm_band(game, avg).unwrap_or_else(|| panic!("{file}: no band for {avg}"));
            assert_eq!(
                (band.band_low, band.band_high),
                (lo, hi),
                "{file} avg {avg}"
            );
            assert_eq!(band.category(Sex::Female), opt(row, "women_category"));
            assert_eq!(band.category(Sex::Male), opt(row, "men_category"));
            assert_eq!(
                band.required_pct(NormTitle::WomanMaster),
                opt(row, "woman_master_pct")
            );
            assert_eq!(
                band.required_pct(NormTitle::WomanGrandmaster),
                opt(row, "woman_grandmaster_pct")
            );
            assert_eq!(band.required_pct(NormTitle::Master), opt(row, "master_pct"));
            assert_eq!(
                band.required_pct(NormTitle::Grandmaster),
                opt(row, "grandmaster_pct")
            );
            let note = header
                .iter()
                .position(|h| h == "note")
                .map(|i| row[i].as_str());
            assert_eq!(band.extrapolated, note == Some("extrapolated"));
        }
    }
    let first: u32 = rows[0][col("band_low")].parse().unwrap();
    let last: u32 = rows[rows.len() - 1][col("band_high")].parse().unwrap();
    assert!(norm_band(game, Decimal::from(first) - dec!(0.51)).is_none());
    assert!(norm_band(game, Decimal::from(last + 1)).is_none());
}

#[test]
fn norms_chess_every_row() {
    check_norms("norms-chess.csv", GameKind::Chess);
}

#[test]
fn norms_xiangqi_every_row() {
    check_norms("norms-xiangqi.csv", GameKind::Xiangqi);
}

#[test]
fn xiangqi_required_points_rule() {
    // seed 003 六(三): fraction ≥ 0.1 and < 0.6 → .5; ≥ 0.6 → next integer; < 0.1 dropped.
    assert_eq!(xiangqi_required_points(13, 50), dec!(6.5)); // 6.50
    assert_eq!(xiangqi_required_points(9, 67), dec!(6)); // 6.03
    assert_eq!(xiangqi_required_points(11, 76), dec!(8.5)); // 8.36
    assert_eq!(xiangqi_required_points(10, 76), dec!(8)); // 7.6
    assert_eq!(xiangqi_required_points(10, 51), dec!(5.5)); // 5.1
    assert_eq!(xiangqi_required_points(12, 50), dec!(6)); // 6.0
}
