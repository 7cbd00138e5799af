//! Same-unit avoidance (同单位回避, issue 11, item 10): in the rounds the
//! arbiter chooses, players of one unit do not meet; in the other rounds,
//! and with the option off, the pairing is the Dutch engine's alone.
//!
//! The hand-checked figures follow C.04.3 (2026): round 1 splits the field
//! into S1 (the upper half by pairing number) and S2 (the lower half),
//! pairs S1[i] with S2[i], and when a pair is not allowed tries the
//! transpositions of S2 in lexicographic order (Art. 4.2, D.1).

use std::collections::{BTreeSet, HashMap};

use qiyuan_desk::prelude::*;

fn pairs(r: &ProposedRound) -> BTreeSet<(u32, u32)> {
    r.boards
        .iter()
        .map(|b| (b.white.0.min(b.black.0), b.white.0.max(b.black.0)))
        .collect()
}

/// An event of `players` (name, rating, unit), numbered by rating.
fn event(players: &[(&str, u32, &str)], rounds: u32, avoid: Option<UnitAvoidance>) -> DeskEvent {
    let mut s = EventSettings::swiss("同单位回避", GameKind::Xiangqi, rounds);
    s.same_unit_avoidance = avoid;
    let mut e = DeskEvent::new(s).unwrap();
    for &(name, rating, unit) in players {
        e.add_player(PlayerInfo::new(name).rating(rating).club(unit))
            .unwrap();
    }
    e.seed_by_rating().unwrap();
    e
}

/// A result for every board that does not depend on the pairing engine:
/// Red wins on odd boards, even boards are drawn.
fn play(e: &mut DeskEvent, p: &ProposedRound) {
    let r = e.apply_round(p).unwrap();
    for b in 1..=p.boards.len() {
        let res = if b % 2 == 1 {
            GameResult::WhiteWins
        } else {
            GameResult::Draw
        };
        e.set_result(r, b, res, "").unwrap();
    }
}

/// The demo field of 16 (ratings in pairing-number order): units 北京 (6, 8,
/// 14), 上海 (9, 10, 13), 湖北 (5, 11, 16), 广东 (3, 12), 浙江 (4, 15), and
/// three players alone in theirs.
const FIELD: [(&str, u32, &str); 16] = [
    ("王天一", 2650, "杭州"),
    ("郑惟桐", 2630, "成都"),
    ("许银川", 2600, "广东"),
    ("赵鑫鑫", 2580, "浙江"),
    ("洪智", 2560, "湖北"),
    ("蒋川", 2540, "北京"),
    ("孟辰", 2520, "四川"),
    ("唐丹", 2500, "北京"),
    ("王琳娜", 2470, "上海"),
    ("谢靖", 2450, "上海"),
    ("汪洋", 2430, "湖北"),
    ("陈幸琳", 2400, "广东"),
    ("孙勇征", 2380, "上海"),
    ("刘欢", 2350, "北京"),
    ("黄竹风", 2320, "浙江"),
    ("左文静", 2300, "湖北"),
];

fn units() -> HashMap<u32, &'static str> {
    FIELD
        .iter()
        .enumerate()
        .map(|(i, p)| (i as u32 + 1, p.2))
        .collect()
}

#[test]
fn four_players_two_units_hand_checked() {
    let field = [
        ("A", 2400, "X"),
        ("B", 2300, "Y"),
        ("C", 2200, "X"),
        ("D", 2100, "Y"),
    ];
    // Without the option: S1 = {1, 2}, S2 = {3, 4}: 1-3 and 2-4, both
    // same-unit pairs.
    let off = event(&field, 3, None);
    assert_eq!(
        pairs(&off.pair_next_round().unwrap()),
        BTreeSet::from([(1, 3), (2, 4)])
    );
    // With it: S2 transposed to {4, 3}: 1-4 and 2-3.
    let on = event(&field, 3, Some(UnitAvoidance::Rounds { first: 1, last: 1 }));
    let r1 = on.pair_next_round().unwrap();
    assert_eq!(pairs(&r1), BTreeSet::from([(1, 4), (2, 3)]));
    assert_eq!(
        on.same_unit_pairs(1),
        [(PlayerId(1), PlayerId(3)), (PlayerId(2), PlayerId(4))]
    );
    assert_eq!(on.same_unit_pairs(2), []);
    // Pairing a same-unit board by hand in a round of avoidance warns.
    let mut manual = r1.clone();
    let w = on
        .pair_players(&mut manual, PlayerId(1), PlayerId(3))
        .unwrap();
    assert!(
        w.iter().any(|w| matches!(w, PairingWarning::SameUnit { white: PlayerId(1), black: PlayerId(3), unit, .. } if unit == "X")),
        "{w:?}"
    );
    let zh = w
        .iter()
        .find(|w| matches!(w, PairingWarning::SameUnit { .. }))
        .unwrap();
    assert!(
        zh.text(qiyuan_rating::Lang::Zh)
            .ends_with("1号与3号同属X，本轮同单位回避"),
        "{}",
        zh.text(qiyuan_rating::Lang::Zh)
    );
}

#[test]
fn no_same_unit_game_in_the_rounds_asked() {
    let units = units();
    let mut e = event(&FIELD, 7, Some(UnitAvoidance::Rounds { first: 1, last: 5 }));
    for round in 1..=7u32 {
        let p = e.pair_next_round().unwrap();
        let same: Vec<(u32, u32)> = pairs(&p)
            .into_iter()
            .filter(|(a, b)| units[a] == units[b])
            .collect();
        if round <= 5 {
            assert_eq!(same, [], "round {round}");
        }
        if round == 1 {
            // Hand-checked: 6-14 (北京) is the only same-unit pair of
            // S1[i]-S2[i]; the first transposition of S2 that avoids it,
            // 9 10 11 12 13 15 14 16, gives 6-15, 7-14, 8-16.
            assert_eq!(
                pairs(&p),
                BTreeSet::from([
                    (1, 9),
                    (2, 10),
                    (3, 11),
                    (4, 12),
                    (5, 13),
                    (6, 15),
                    (7, 14),
                    (8, 16)
                ])
            );
        }
        play(&mut e, &p);
    }
}

#[test]
fn rounds_not_asked_and_the_option_off_pair_as_the_dutch_engine() {
    // With the option off, round 1 is S1[i]-S2[i] as C.04.3 pairs it,
    // 6-14 (both 北京) included.
    let off = event(&FIELD, 7, None);
    let r1 = off.pair_next_round().unwrap();
    assert_eq!(
        pairs(&r1),
        (1..=8).map(|i| (i, i + 8)).collect::<BTreeSet<_>>()
    );

    let avoid = Some(UnitAvoidance::Rounds { first: 1, last: 3 });
    let mut on = event(&FIELD, 7, avoid);
    let mut off = event(&FIELD, 7, None);
    for round in 1..=7u32 {
        let p_on = on.pair_next_round().unwrap();
        // The same history without the option.
        let mut plain = on.clone();
        let mut s = plain.settings().clone();
        s.same_unit_avoidance = None;
        plain.set_settings(s).unwrap();
        let p_plain = plain.pair_next_round().unwrap();
        let input = plain.swiss_input().unwrap();
        assert!(input.forbidden.is_empty());
        let engine = qiyuan_swiss::pair_round(&input).unwrap();
        let engine_boards: Vec<(u32, u32)> = p_plain
            .boards
            .iter()
            .map(|b| (b.white.0, b.black.0))
            .collect();
        assert_eq!(engine_boards, engine.boards, "round {round}");
        if round > 3 {
            assert!(on.swiss_input().unwrap().forbidden.is_empty());
            assert_eq!(p_on, p_plain, "round {round}");
        } else if round == 1 {
            // The option bites where the plain pairing has 6-14.
            assert_ne!(p_on, p_plain);
        }
        play(&mut on, &p_on);
        // An event that never had the option pairs as the engine, round
        // after round.
        let p_off = off.pair_next_round().unwrap();
        let input = off.swiss_input().unwrap();
        let engine = qiyuan_swiss::pair_round(&input).unwrap();
        let boards: Vec<(u32, u32)> = p_off
            .boards
            .iter()
            .map(|b| (b.white.0, b.black.0))
            .collect();
        assert_eq!(boards, engine.boards, "round {round}");
        play(&mut off, &p_off);
    }
}

#[test]
fn permanent_forbidden_pairs_still_hold_in_every_round() {
    let units = units();
    let mut e = event(&FIELD, 5, Some(UnitAvoidance::Rounds { first: 1, last: 2 }));
    // 1 and 9 would meet in round 1 (S1[1]-S2[1]).
    e.forbid_pair(PlayerId(1), PlayerId(9)).unwrap();
    for round in 1..=5u32 {
        let p = e.pair_next_round().unwrap();
        assert!(!pairs(&p).contains(&(1, 9)), "round {round}");
        if round <= 2 {
            assert!(pairs(&p).iter().all(|(a, b)| units[a] != units[b]));
        }
        play(&mut e, &p);
    }
}

#[test]
fn avoidance_that_leaves_no_pairing_is_refused_by_round() {
    let field = [
        ("A", 2400, "X"),
        ("B", 2300, "X"),
        ("C", 2200, "X"),
        ("D", 2100, "Y"),
    ];
    let e = event(&field, 3, Some(UnitAvoidance::All));
    assert!(matches!(
        e.pair_next_round(),
        Err(DeskError::NoValidPairing { round: 1 })
    ));
    // Players without a unit are never held back.
    let field = [
        ("A", 2400, ""),
        ("B", 2300, ""),
        ("C", 2200, " "),
        ("D", 2100, ""),
    ];
    let e = event(&field, 3, Some(UnitAvoidance::All));
    assert_eq!(e.same_unit_pairs(1), []);
    assert_eq!(
        pairs(&e.pair_next_round().unwrap()),
        BTreeSet::from([(1, 3), (2, 4)])
    );
}
