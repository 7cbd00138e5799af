//! Hand-worked FIDE C.07 (2024) examples for what the Tie-Break Server
//! reference files do not cover: APRO, APPO and PTP values with rounding,
//! /C2, /P, the VUR-first cut (14.6), the withdrawal-tail adjustment
//! (16.3.2), KS with /L, PS/C1. Definitions: FIDE Handbook C.07 (2024);
//! tables: FIDE B.02 8.1a/8.1b (`crates/rating/tables/expected-score.csv`,
//! `score-to-difference.csv`).

use qiyuan_tournament::model::*;
use qiyuan_tournament::tiebreak::parse_list;
use qiyuan_tournament::{StandingsConfig, compute_standings};
use rust_decimal::Decimal;
use rust_decimal_macros::dec;

fn values(e: &Event, list: &str) -> Vec<Vec<Decimal>> {
    let cfg = StandingsConfig {
        tiebreaks: parse_list(list).unwrap(),
        ..Default::default()
    };
    let s = compute_standings(e, &cfg).unwrap();
    e.players()
        .iter()
        .map(|p| {
            s.row(p.id)
                .unwrap()
                .values
                .iter()
                .map(|v| v.unwrap())
                .collect()
        })
        .collect()
}

/// Four rated players, two rounds: r1 1-3 1-0, 2-4 ½-½; r2 1-2 ½-½, 3-4 ½-½.
/// Ratings 2000, 1900, 1800, 1700. Scores: P1 1½, P2 1, P3 ½, P4 1.
///
/// ARO: every player's two opponents average 1850.
/// TPR = ARO + dp(p): P1 75 % → +193 = 2043; P2 50 % → 1850; P3 25 % → −193
/// = 1657; P4 50 % → 1850.
/// APRO (mean opponents' TPR, rounded half up): P1 (1657 + 1850)/2 = 1753.5 →
/// 1754; P2 (1850 + 2043)/2 = 1946.5 → 1947; P3 (2043 + 1850)/2 → 1947;
/// P4 (1850 + 1657)/2 → 1754.
/// PTP (lowest R with Σ expected ≥ score, table 8.1b):
///   P1 vs 1800, 1900, 1½: R = 2046 gives d 246 → .81 and 146 → .70 = 1.51;
///      R = 2045 gives 245 → .80 and 145 → .69 = 1.49 → PTP 2046.
///   P2 vs 1700, 2000, 1: R = 1847: 147 → .70, −153 → .30 = 1.00; R = 1846:
///      146 → .70, −154 → .29 = .99 → 1847.
///   P3 vs 2000, 1700, ½: R = 1626: −374 → .10, −74 → .40 = .50; R = 1625:
///      −375 → .09, −75 → .40 = .49 → 1626.
///   P4 vs 1900, 1800, 1: R = 1847: −53 → .43, 47 → .57 = 1.00; R = 1846:
///      −54 → .42, 46 → .56 = .98 → 1847.
/// APPO: P1 (1626 + 1847)/2 = 1736.5 → 1737; P2 (1847 + 2046)/2 = 1946.5 →
/// 1947; P3 (2046 + 1847)/2 → 1947; P4 (1847 + 1626)/2 → 1737.
#[test]
fn rating_tie_breaks() {
    let mut e = Event::new(EventKind::Swiss, 2);
    for (i, r) in [(1, 2000), (2, 1900), (3, 1800), (4, 1700)] {
        e.add_player(Player::new(i, format!("P{i}")).with_rating(r))
            .unwrap();
    }
    let r = e.add_round();
    e.add_game(r, Game::new(1, 3, GameResult::WhiteWins))
        .unwrap();
    e.add_game(r, Game::new(2, 4, GameResult::Draw)).unwrap();
    let r = e.add_round();
    e.add_game(r, Game::new(1, 2, GameResult::Draw)).unwrap();
    e.add_game(r, Game::new(3, 4, GameResult::Draw)).unwrap();
    let v = values(&e, "ARO,TPR,APRO,PTP,APPO");
    let col = |i: usize| v.iter().map(|r| r[i]).collect::<Vec<_>>();
    assert_eq!(col(0), [dec!(1850); 4]);
    assert_eq!(col(1), [dec!(2043), dec!(1850), dec!(1657), dec!(1850)]);
    assert_eq!(col(2), [dec!(1754), dec!(1947), dec!(1947), dec!(1754)]);
    assert_eq!(col(3), [dec!(2046), dec!(1847), dec!(1626), dec!(1847)]);
    assert_eq!(col(4), [dec!(1737), dec!(1947), dec!(1947), dec!(1737)]);
}

/// Four players, three rounds:
/// r1 1-2 1-0, 3-4 1-0; r2 1-3 forfeit (+/−), 2-4 ½-½; r3 P1 half-point bye,
/// 2-3 1-0, P4 zero-point bye.
/// Scores: P1 1 + 1 + ½ = 2½; P2 0 + ½ + 1 = 1½; P3 1 + 0 + 0 = 1; P4 0 + ½ + 0 = ½.
///
/// Adjusted scores for opponents' BH (16.3.2: unpaired voluntary unplayed
/// rounds after the last round that was not one count as draws): P1 r3 H →
/// ½ (same) = 2½; P2 1½; P3 (his forfeit loss had an opponent: face value) 1;
/// P4 r3 Z after his last played round → ½: 0 + ½ + ½ = 1.
///
/// BH (own unplayed rounds: dummy opponent with the own final score, 16.3):
///   P1 1½ (P2) + 2½ (forfeit) + 2½ (H) = 6½; P2 2½ + 1 (P4) + 1 (P3) = 4½;
///   P3 1 (P4) + 1 (forfeit, own) + 1½ (P2) = 3½; P4 1 + 1½ + ½ (Z, own) = 3.
/// BH/C1, voluntary unplayed rounds cut first (14.6): P1 cuts the H (2½, not
/// the lower 1½) → 4; P2 (none) cuts 1 → 3½; P3 cuts the forfeit loss → 2½;
/// P4 cuts the Z → 2½.
/// BH/C2: P1 2½; P2 2½; P3 1½; P4 1½.
/// BH/P (forfeit counted against the scheduled opponent): P1 1½ + 1 (P3) + 2½
/// = 5; P3 1 + 2½ (P1) + 1½ = 5; P2 4½; P4 3.
/// SB: P1 1½·1 + 2½·1 + 2½·½ = 5¼; P2 1·½ + 1·1 = 1½; P3 1·1 + 1·0 = 1;
///   P4 1½·½ + ½·0 = ¾.
/// PS: P1 1 + 2 + 2½ = 5½, PS/C1 4½; P2 0 + ½ + 1½ = 2, /C1 2.
/// WIN (with or without playing): P1 2, WON (over the board) 1; REP (played
/// or win-valued): P1 2 (r1, r2), P2 3, P3 2, P4 2.
/// KS: limit ½ × 3 rounds × 1 = 1½. P2: only P1 (2½) qualifies, lost → 0.
/// KS/L-1 (limit 1): P2 + P3 (1) qualifies, won → 1. P4: P2 (1½) drawn → ½.
#[test]
fn unplayed_rounds_cuts_and_modifiers() {
    let mut e = Event::new(EventKind::Swiss, 3);
    for i in 1..=4 {
        e.add_player(Player::new(i, format!("P{i}"))).unwrap();
    }
    let r = e.add_round();
    e.add_game(r, Game::new(1, 2, GameResult::WhiteWins))
        .unwrap();
    e.add_game(r, Game::new(3, 4, GameResult::WhiteWins))
        .unwrap();
    let r = e.add_round();
    e.add_game(r, Game::new(1, 3, GameResult::WhiteForfeitWin))
        .unwrap();
    e.add_game(r, Game::new(2, 4, GameResult::Draw)).unwrap();
    let r = e.add_round();
    e.add_bye(r, PlayerId(1), ByeKind::HalfPoint).unwrap();
    e.add_game(r, Game::new(2, 3, GameResult::WhiteWins))
        .unwrap();
    e.add_bye(r, PlayerId(4), ByeKind::ZeroPoint).unwrap();
    let v = values(&e, "BH,BH/C1,BH/C2,BH/P,SB,PS,PS/C1,WIN,WON,REP,KS,KS/L-1");
    let col = |i: usize| v.iter().map(|r| r[i]).collect::<Vec<_>>();
    assert_eq!(col(0), [dec!(6.5), dec!(4.5), dec!(3.5), dec!(3)], "BH");
    assert_eq!(col(1), [dec!(4), dec!(3.5), dec!(2.5), dec!(2.5)], "BH/C1");
    assert_eq!(
        col(2),
        [dec!(2.5), dec!(2.5), dec!(1.5), dec!(1.5)],
        "BH/C2"
    );
    assert_eq!(col(3), [dec!(5), dec!(4.5), dec!(5), dec!(3)], "BH/P");
    assert_eq!(col(4), [dec!(5.25), dec!(1.5), dec!(1), dec!(0.75)], "SB");
    assert_eq!(
        (v[0][5], v[0][6], v[1][5], v[1][6]),
        (dec!(5.5), dec!(4.5), dec!(2), dec!(2)),
        "PS"
    );
    assert_eq!((v[0][7], v[0][8]), (dec!(2), dec!(1)), "WIN, WON");
    assert_eq!(col(9), [dec!(2), dec!(3), dec!(2), dec!(2)], "REP");
    assert_eq!(
        (v[1][10], v[1][11], v[3][11]),
        (dec!(0), dec!(1), dec!(0.5)),
        "KS"
    );
}

/// DE in a Swiss where not everyone met (C.07 6.2: a participant is ranked
/// first only if he would be first whatever the missing games' outcome).
/// r1: A-B 1-0, C-D ½-½, E-F ½-½; r2: A-E 0-1, B-D 1-0, C half-point bye,
/// F zero-point bye. Scores: A 1, B 1, C 1, D ½, E 1½, F ½.
/// Tied A, B, C: A has 1 point against the group (beat B) and could reach 2;
/// B has 0 (at most 1, vs C); C has 0 but could reach 2 (vs A and B). A is not
/// sure to be first (C could reach 2 > 1), so nobody is separated: DE 1, 1, 1.
/// Then B and C alone (a second event: A 2 points clear): never met → tied.
#[test]
fn direct_encounter_when_not_all_met() {
    let mut e = Event::new(EventKind::Swiss, 2);
    for i in 1..=6 {
        e.add_player(Player::new(i, format!("P{i}"))).unwrap();
    }
    let r = e.add_round();
    e.add_game(r, Game::new(1, 2, GameResult::WhiteWins))
        .unwrap();
    e.add_game(r, Game::new(3, 4, GameResult::Draw)).unwrap();
    e.add_game(r, Game::new(5, 6, GameResult::Draw)).unwrap();
    let r = e.add_round();
    e.add_game(r, Game::new(1, 5, GameResult::BlackWins))
        .unwrap();
    e.add_game(r, Game::new(2, 4, GameResult::WhiteWins))
        .unwrap();
    e.add_bye(r, PlayerId(3), ByeKind::HalfPoint).unwrap();
    e.add_bye(r, PlayerId(6), ByeKind::ZeroPoint).unwrap();
    let cfg = StandingsConfig {
        tiebreaks: parse_list("DE").unwrap(),
        ..Default::default()
    };
    let s = compute_standings(&e, &cfg).unwrap();
    let pts = |p| s.row(PlayerId(p)).unwrap().points;
    assert_eq!(
        (pts(1), pts(2), pts(3), pts(5)),
        (dec!(1), dec!(1), dec!(1), dec!(1.5))
    );
    let de = |p| s.row(PlayerId(p)).unwrap().values[0].unwrap();
    assert_eq!((de(1), de(2), de(3)), (dec!(1), dec!(1), dec!(1)));

    // A beats B (r1) and C (r2); B and C score their other game: A 2, B 1, C 1.
    let mut e2 = Event::new(EventKind::Swiss, 2);
    for i in 1..=5 {
        e2.add_player(Player::new(i, format!("P{i}"))).unwrap();
    }
    let r = e2.add_round();
    e2.add_game(r, Game::new(1, 2, GameResult::WhiteWins))
        .unwrap();
    e2.add_game(r, Game::new(3, 4, GameResult::WhiteWins))
        .unwrap();
    e2.add_bye(r, PlayerId(5), ByeKind::ZeroPoint).unwrap();
    let r = e2.add_round();
    e2.add_game(r, Game::new(3, 1, GameResult::BlackWins))
        .unwrap();
    e2.add_game(r, Game::new(2, 5, GameResult::WhiteWins))
        .unwrap();
    e2.add_bye(r, PlayerId(4), ByeKind::ZeroPoint).unwrap();
    let s = compute_standings(&e2, &cfg).unwrap();
    let de = |p| s.row(PlayerId(p)).unwrap().values[0].unwrap();
    assert_eq!((de(2), de(3)), (dec!(1), dec!(1)));
    assert_eq!(
        s.row(PlayerId(2)).unwrap().rank,
        s.row(PlayerId(3)).unwrap().rank
    );
}

/// Degenerate inputs give values, not panics: no players, a round robin of
/// one, a team event without boards.
#[test]
fn degenerate_events() {
    let all =
        "DE,WIN,WON,BPG,BWG,PS,REP,BH,AOB,FB,SB,KS,ARO,TPR,PTP,APRO,APPO,XBH,XF,XMB,LR1,PTS,MMP";
    let cfg = StandingsConfig {
        tiebreaks: parse_list(all).unwrap(),
        ..Default::default()
    };
    let empty = Event::new(EventKind::RoundRobin, 0);
    assert!(compute_standings(&empty, &cfg).unwrap().rows.is_empty());
    let mut one = Event::new(EventKind::RoundRobin, 1);
    one.add_player(Player::new(1, "solo")).unwrap();
    one.add_round();
    let s = compute_standings(&one, &cfg).unwrap();
    assert_eq!(s.rows[0].rank, 1);
    // Ratings missing: rating tie-breaks are not available.
    assert_eq!(s.rows[0].values[12], None);
    let after = StandingsConfig {
        after_round: Some(2),
        ..cfg
    };
    assert!(compute_standings(&one, &after).is_err());
}
