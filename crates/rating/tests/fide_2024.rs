//! fide-2024 (regulations.md §6.5, FIDE B.02; beyond the seeds): the rules the
//! issue found wrong. Expected figures are worked by hand in the comments.

mod common;

use common::*;
use qiyuan_rating::model::*;
use qiyuan_rating::period::{PeriodEvent, RatingList, compute_period};
use qiyuan_rating::{Lang, Profile, rate};
use rust_decimal_macros::dec;

/// The published rating is Ro plus the period's total change rounded half away
/// from zero (a total of −2.50 is published as −3), not Ro + ΣΔR rounded as one
/// figure.
///
/// Player 1 is rated 2400 (K 10: 2400 reached, 8.3.3) and draws two opponents rated
/// 2300 (D = 100 → P 0.64, table 99–106) and 2320 (D = 80 → P 0.61, table 77–83):
/// W = 1, We = 0.64 + 0.61 = 1.25, ΔR = 10 × (1 − 1.25) = −2.5.
/// round(−2.5) = −3 → Rn = 2400 − 3 = 2397 (not 2397.5 → 2398).
#[test]
fn the_total_change_is_rounded_before_it_is_added() {
    let fide = Profile::builtin("fide-2024").unwrap();
    let players = vec![
        player(1, Sex::Male, Some(2400), 100),
        player(2, Sex::Male, Some(2300), 100),
        player(3, Sex::Male, Some(2320), 100),
    ];
    let games = vec![game(1, 1, 2, "="), game(2, 3, 1, "=")];
    let r = rate(
        &event(GameKind::Chess, EventSystem::Swiss, players, games.clone()),
        &fide,
    )
    .unwrap();
    let p1 = &r.players[0];
    assert_eq!((p1.k, p1.change), (Some(10), Some(dec!(-2.5))));
    assert_eq!(p1.rating_after, Some(dec!(2397)));
    assert!(
        p1.explain(Lang::En).contains("2400 − 3 = 2397"),
        "{}",
        p1.explain(Lang::En)
    );

    // The same in a monthly period (list of 1 April 2025, games of March).
    let list = RatingList::new(vec![
        list_rated(1, Sex::Male, 2400, 100),
        list_rated(2, Sex::Male, 2300, 100),
        list_rated(3, Sex::Male, 2320, 100),
    ])
    .unwrap();
    let ev = dated_event(
        "March open",
        GameKind::Chess,
        EventSystem::Swiss,
        day(2025, 3, 10),
        games,
    );
    let r = compute_period(&fide, &list, &[PeriodEvent::new(ev)], day(2025, 4, 1)).unwrap();
    assert_eq!(r.rows[0].change, Some(dec!(-2.5)));
    assert_eq!(r.rows[0].row.rating, Some(dec!(2397)));
}
