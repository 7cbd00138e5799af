//! DE as a table shows it: the points among the tied (FIDE C.07, 2024,
//! art. 6), beside the place it sorts by. Every figure below is worked by
//! hand from the games listed, not from the code:
//!
//! - 6.1: each tied participant's points in the games among the tied make
//!   "separate standings";
//! - 6.2: when all the tied met, those standings rank them, and a tie
//!   within them is broken by applying art. 6 again to the smaller group;
//! - 6.3 (Swiss): when not all met, a participant is ranked first only if
//!   he is alone at the top whatever the results of the missing games
//!   (each missing game counted as a win for the other side), then the
//!   same for the next place; the rest go through art. 6 again.
//!
//! A figure is marked (`*`) where the points would suggest an order (or a
//! tie) that the procedure did not give.

use qiyuan_tournament::model::*;
use qiyuan_tournament::scoring::ScoringSystem;
use qiyuan_tournament::standings::{Shown, Standings};
use qiyuan_tournament::tiebreak::parse_list;
use qiyuan_tournament::{StandingsConfig, compute_standings};
use rust_decimal::Decimal;
use rust_decimal_macros::dec;

/// Players 1…n named A, B, C … by pairing number.
fn event(kind: EventKind, players: u32, rounds: &[&[(u32, u32, GameResult)]]) -> Event {
    let mut e = Event::new(kind, rounds.len() as u32);
    for i in 1..=players {
        let name = char::from(b'A' + (i - 1) as u8).to_string();
        e.add_player(Player::new(i, name)).unwrap();
    }
    for games in rounds {
        let r = e.add_round();
        for &(w, b, res) in *games {
            e.add_game(r, Game::new(w, b, res)).unwrap();
        }
    }
    e
}

fn standings(e: &Event, list: &str, scoring: ScoringSystem) -> Standings {
    let cfg = StandingsConfig {
        scoring,
        tiebreaks: parse_list(list).unwrap(),
        ..Default::default()
    };
    compute_standings(e, &cfg).unwrap()
}

/// The DE column (the first tie-break) of player `p`: (place sorted by,
/// figure shown, marked).
fn de(s: &Standings, p: u32) -> (Decimal, Option<Decimal>, bool) {
    let row = s.row(PlayerId(p)).unwrap();
    (
        row.values[0].unwrap(),
        row.shown[0].value,
        row.shown[0].marked,
    )
}

fn rank(s: &Standings, p: u32) -> u32 {
    s.row(PlayerId(p)).unwrap().rank
}

use GameResult::{BlackWins as L, Draw as D, WhiteWins as W};

/// A five-player round robin (A … E), every pair once:
///
/// | round | games |
/// |---|---|
/// | 1 | A–B ½-½, C–D 1-0 (E free) |
/// | 2 | A–C 1-0, B–E 0-1 (D free) |
/// | 3 | A–D 0-1, C–E 0-1 (B free) |
/// | 4 | A–E 0-1, B–D ½-½ (C free) |
/// | 5 | B–C ½-½, D–E ½-½ (A free) |
///
/// Totals: A ½+1+0+0 = 1½; B ½+0+½+½ = 1½; C 1+0+0+½ = 1½; D 0+1+½+½ = 2;
/// E 1+1+1+½ = 3½.
fn round_robin_three_tied() -> Event {
    event(
        EventKind::RoundRobin,
        5,
        &[
            &[(1, 2, D), (3, 4, W)],
            &[(1, 3, W), (2, 5, L)],
            &[(1, 4, L), (3, 5, L)],
            &[(1, 5, L), (2, 4, D)],
            &[(2, 3, D), (4, 5, D)],
        ],
    )
}

/// A, B and C tie on 1½ and all met (6.2). Among them: A ½ (B) + 1 (C) =
/// 1½; B ½ (A) + ½ (C) = 1; C 0 (A) + ½ (B) = ½. Those points rank them:
/// A, B, C — places 1, 2, 3 inside the group, shown as 1½, 1, ½ unmarked.
/// D (2) and E (3½) are tied with nobody: nothing is shown.
#[test]
fn all_met_shows_the_points_among_the_tied() {
    let s = standings(&round_robin_three_tied(), "DE", ScoringSystem::fide());
    assert_eq!(de(&s, 1), (dec!(1), Some(dec!(1.5)), false));
    assert_eq!(de(&s, 2), (dec!(2), Some(dec!(1)), false));
    assert_eq!(de(&s, 3), (dec!(3), Some(dec!(0.5)), false));
    assert_eq!(s.row(PlayerId(4)).unwrap().shown[0], Shown::default());
    assert_eq!(s.row(PlayerId(5)).unwrap().shown[0], Shown::default());
    // The ranks: E 3½, D 2, then A, B, C by DE.
    let order: Vec<u32> = s.rows.iter().map(|r| r.player.0).collect();
    assert_eq!(order, [5, 4, 1, 2, 3]);
    assert_eq!((rank(&s, 1), rank(&s, 2), rank(&s, 3)), (3, 4, 5));
    let text = |p: u32| s.row(PlayerId(p)).unwrap().shown[0].text(|d| d.normalize().to_string());
    assert_eq!(
        [text(1), text(2), text(3), text(4)],
        ["1.5", "1", "0.5", ""]
    );
}

/// The same games scored 2 / 1 / 0 (象棋竞赛规则 2011 13.1): DE shows the
/// event's own points — A 1 + 2 = 3, B 1 + 1 = 2, C 0 + 1 = 1.
#[test]
fn points_among_the_tied_on_the_events_scale() {
    let s = standings(
        &round_robin_three_tied(),
        "DE",
        ScoringSystem::xiangqi_2011(),
    );
    assert_eq!(de(&s, 1), (dec!(1), Some(dec!(3)), false));
    assert_eq!(de(&s, 2), (dec!(2), Some(dec!(2)), false));
    assert_eq!(de(&s, 3), (dec!(3), Some(dec!(1)), false));
}

/// An eight-player Swiss of four rounds (A … H):
///
/// | round | games |
/// |---|---|
/// | 1 | A–B 1-0, C–D 1-0, E–F 1-0, G–H 0-1 |
/// | 2 | C–A 0-1, B–E 1-0, D–G 1-0, F–H 0-1 |
/// | 3 | A–D 0-1, B–F 1-0, C–G 1-0, E–H 1-0 |
/// | 4 | E–A 1-0, B–G 0-1, C–H 0-1, D–F 1-0 |
///
/// Totals: A 1+1+0+0 = 2, B 0+1+1+0 = 2, C 1+0+1+0 = 2, D 0+1+1+1 = 3,
/// E 1+0+1+1 = 3, F 0, G 0+0+0+1 = 1, H 1+1+0+1 = 3.
fn swiss() -> Event {
    event(
        EventKind::Swiss,
        8,
        &[
            &[(1, 2, W), (3, 4, W), (5, 6, W), (7, 8, L)],
            &[(3, 1, L), (2, 5, W), (4, 7, W), (6, 8, L)],
            &[(1, 4, L), (2, 6, W), (3, 7, W), (5, 8, W)],
            &[(5, 1, W), (2, 7, L), (3, 8, L), (4, 6, W)],
        ],
    )
}

/// Not all the tied met (6.3).
///
/// D, E and H tie on 3. Of their three games only E–H was played (E won):
/// among them E 1, D 0, H 0. With the missing games E could reach 1 + 1
/// (beating D) = 2, D 0 + 2 = 2, H 0 + 1 = 1: E is not alone at the top
/// whatever those results (D could reach 2 > 1), so nobody is placed and
/// all three stay tied (places 1, 1, 1). The points 1, 0, 0 would say E is
/// ahead: all three are marked.
///
/// A, B and C tie on 2. A beat B and C; B and C did not meet: A 2, B 0,
/// C 0. B and C could reach at most 0 + 1 = 1 < 2: A is first whatever the
/// missing game (place 1). B and C, again through art. 6: no game between
/// them, each could reach 1 — not separated (places 2, 2). The points 2,
/// 0, 0 say exactly that order: shown unmarked.
#[test]
fn not_all_met_marks_the_points_the_procedure_did_not_follow() {
    let s = standings(&swiss(), "DE", ScoringSystem::fide());
    let totals: Vec<Decimal> = (1..=8)
        .map(|p| s.row(PlayerId(p)).unwrap().points)
        .collect();
    assert_eq!(
        totals,
        [
            dec!(2),
            dec!(2),
            dec!(2),
            dec!(3),
            dec!(3),
            dec!(0),
            dec!(1),
            dec!(3)
        ]
    );
    // D, E, H: nobody placed by 6.3; every figure marked.
    assert_eq!(de(&s, 5), (dec!(1), Some(dec!(1)), true));
    assert_eq!(de(&s, 4), (dec!(1), Some(dec!(0)), true));
    assert_eq!(de(&s, 8), (dec!(1), Some(dec!(0)), true));
    assert_eq!((rank(&s, 4), rank(&s, 5), rank(&s, 8)), (1, 1, 1));
    // A first by 6.3, B and C tied: the points show it.
    assert_eq!(de(&s, 1), (dec!(1), Some(dec!(2)), false));
    assert_eq!(de(&s, 2), (dec!(2), Some(dec!(0)), false));
    assert_eq!(de(&s, 3), (dec!(2), Some(dec!(0)), false));
    assert_eq!((rank(&s, 1), rank(&s, 2), rank(&s, 3)), (4, 5, 5));
    // G (1) and F (0) are tied with nobody.
    assert_eq!(s.row(PlayerId(7)).unwrap().shown[0].value, None);
    assert_eq!(s.row(PlayerId(6)).unwrap().shown[0].value, None);
    let text = |p: u32| s.row(PlayerId(p)).unwrap().shown[0].text(|d| d.normalize().to_string());
    assert_eq!([text(5), text(4), text(1), text(2)], ["1*", "0*", "2", "0"]);
}

/// All met, but the separate standings tie two who met (6.2 applied again).
/// A round robin of six, A … F, five rounds:
///
/// | round | games |
/// |---|---|
/// | 1 | A–B 1-0, C–D 1-0, E–F 1-0 |
/// | 2 | A–C ½-½, B–E 1-0, D–F 1-0 |
/// | 3 | A–D 1-0, B–F 0-1, C–E 0-1 |
/// | 4 | A–E 0-1, B–D ½-½, C–F 1-0 |
/// | 5 | A–F 0-1, B–C 1-0, D–E 1-0 |
///
/// Totals: A 1+½+1+0+0 = 2½, B 0+1+0+½+1 = 2½, C 1+½+0+1+0 = 2½,
/// D 0+1+0+½+1 = 2½, E 1+0+1+1+0 = 3, F 0+0+1+0+1 = 2.
///
/// A, B, C, D tie on 2½ and all met. Among them: A 1 (B) + ½ (C) + 1 (D)
/// = 2½; B 0 + ½ (D) + 1 (C) = 1½; C 1 (D) + ½ (A) + 0 (B) = 1½;
/// D 0 + ½ + 0 = ½. Separate standings: A 1st, D 4th, B and C level on
/// 1½; art. 6 again on {B, C}: B beat C → B 2nd, C 3rd. Against each
/// other B's and C's figures (1½, 1½) say a tie the procedure broke: both
/// marked. A's and D's say the order given against everyone: unmarked.
#[test]
fn a_tie_broken_by_reapplying_art_6_is_marked() {
    let e = event(
        EventKind::RoundRobin,
        6,
        &[
            &[(1, 2, W), (3, 4, W), (5, 6, W)],
            &[(1, 3, D), (2, 5, W), (4, 6, W)],
            &[(1, 4, W), (2, 6, L), (3, 5, L)],
            &[(1, 5, L), (2, 4, D), (3, 6, W)],
            &[(1, 6, L), (2, 3, W), (4, 5, W)],
        ],
    );
    let s = standings(&e, "DE", ScoringSystem::fide());
    let totals: Vec<Decimal> = (1..=6)
        .map(|p| s.row(PlayerId(p)).unwrap().points)
        .collect();
    assert_eq!(
        totals,
        [dec!(2.5), dec!(2.5), dec!(2.5), dec!(2.5), dec!(3), dec!(2)]
    );
    assert_eq!(de(&s, 1), (dec!(1), Some(dec!(2.5)), false));
    assert_eq!(de(&s, 2), (dec!(2), Some(dec!(1.5)), true));
    assert_eq!(de(&s, 3), (dec!(3), Some(dec!(1.5)), true));
    assert_eq!(de(&s, 4), (dec!(4), Some(dec!(0.5)), false));
    let order: Vec<u32> = s.rows.iter().map(|r| r.player.0).collect();
    assert_eq!(order, [5, 1, 2, 3, 4, 6]);
}

/// Every other tie-break shows what it sorts by.
#[test]
fn other_tie_breaks_show_their_values() {
    let s = standings(&swiss(), "BH,SB,WIN,DE", ScoringSystem::fide());
    for row in &s.rows {
        for t in 0..3 {
            assert_eq!(row.shown[t], Shown::plain(row.values[t]));
        }
    }
}
