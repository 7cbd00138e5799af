//! Knockout brackets and matches, hand-worked from the seeding rule.
//!
//! The seeding rule: in a bracket of 2ⁿ places, the first-round pairs are
//! seed s against seed 2ⁿ + 1 − s, ordered so that the order for 2ⁿ is the
//! order for 2ⁿ⁻¹ with every seed s replaced by the pair (s, 2ⁿ + 1 − s):
//!   2:  1 2
//!   4:  1 4 | 2 3
//!   8:  1 8 | 4 5 | 2 7 | 3 6
//!   16: 1 16 | 8 9 | 4 13 | 5 12 | 2 15 | 7 10 | 3 14 | 6 11
//! A seed above the number of entrants is a bye, so the byes go to the top
//! seeds (their partners 2ⁿ + 1 − s are the largest numbers).

use qiyuan_tournament::knockout::*;
use qiyuan_tournament::model::{Colour, GameResult, PlayerId};
use qiyuan_tournament::scoring::ScoringSystem;
use rust_decimal_macros::dec;

fn ids(n: u32) -> Vec<PlayerId> {
    (1..=n).map(PlayerId).collect()
}

fn p(n: u32) -> Slot {
    Slot::Player(PlayerId(n))
}

/// The first round as (top, bottom) pairs of numbers, 0 for a bye.
fn first_round(b: &Bracket) -> Vec<(u32, u32)> {
    let n = |s: Slot| match s {
        Slot::Player(p) => p.0,
        _ => 0,
    };
    b.rounds()[0]
        .iter()
        .map(|t| (n(t.top), n(t.bottom)))
        .collect()
}

#[test]
fn seeding_orders_by_doubling() {
    assert_eq!(seeding_order(2).unwrap(), vec![1, 2]);
    assert_eq!(seeding_order(4).unwrap(), vec![1, 4, 2, 3]);
    assert_eq!(
        seeding_order(16).unwrap(),
        vec![1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
    );
    assert_eq!(seeding_order(12), Err(KnockoutError::NotPowerOfTwo(12)));
    assert_eq!(seeding_order(1), Err(KnockoutError::NotPowerOfTwo(1)));
}

#[test]
fn eight_players_no_byes() {
    // 8 entrants: a full bracket, 3 rounds (quarter-final, semi-final, final).
    let mut b = Bracket::new(ids(8)).unwrap();
    assert_eq!(b.size(), 8);
    assert_eq!(first_round(&b), vec![(1, 8), (4, 5), (2, 7), (3, 6)]);
    assert!(b.rounds()[0].iter().all(|t| t.winner.is_none()));
    assert_eq!(b.round_name(1, false), "Quarter-final");
    assert_eq!(b.round_name(2, true), "半决赛");
    assert_eq!(b.round_name(3, true), "决赛");
    // Favourites win: semi-finals 1–4 and 2–3, final 1–2.
    for (tie, w) in [(1, 1), (2, 4), (3, 2), (4, 3)] {
        b.set_winner(1, tie, PlayerId(w)).unwrap();
    }
    assert_eq!(b.rounds()[1][0].top, p(1));
    assert_eq!(b.rounds()[1][0].bottom, p(4));
    assert_eq!(b.rounds()[1][1].top, p(2));
    assert_eq!(b.rounds()[1][1].bottom, p(3));
    b.set_winner(2, 1, PlayerId(1)).unwrap();
    b.set_winner(2, 2, PlayerId(2)).unwrap();
    assert_eq!(
        (b.rounds()[2][0].top, b.rounds()[2][0].bottom),
        (p(1), p(2))
    );
    assert_eq!(b.champion(), None);
    b.set_winner(3, 1, PlayerId(2)).unwrap();
    assert_eq!(b.champion(), Some(PlayerId(2)));
    // Places: champion 2, finalist 1, semi-final losers 4 and 3 share 3rd,
    // quarter-final losers 8, 5, 7, 6 share 5th.
    let mut places = b.placings();
    places.sort_by_key(|&(p, place)| (place, p));
    let expected: Vec<(PlayerId, u32)> = [
        (2, 1),
        (1, 2),
        (3, 3),
        (4, 3),
        (5, 5),
        (6, 5),
        (7, 5),
        (8, 5),
    ]
    .into_iter()
    .map(|(p, place)| (PlayerId(p), place))
    .collect();
    assert_eq!(places, expected);
}

#[test]
fn twelve_players_top_four_have_byes() {
    // 12 entrants: 16 places, 4 byes. Seeds 13–16 do not exist, so their
    // partners 1 (16), 4 (13), 2 (15), 3 (14) have byes. First round games:
    // 8–9, 5–12, 7–10, 6–11.
    let mut b = Bracket::new(ids(12)).unwrap();
    assert_eq!(b.size(), 16);
    assert_eq!(b.rounds().len(), 4);
    assert_eq!(
        first_round(&b),
        vec![
            (1, 0),
            (8, 9),
            (4, 0),
            (5, 12),
            (2, 0),
            (7, 10),
            (3, 0),
            (6, 11)
        ]
    );
    assert_eq!(b.ready(1), vec![2, 4, 6, 8]);
    // The bye players already stand in round 2, opponents still pending.
    let r2 = &b.rounds()[1];
    assert_eq!((r2[0].top, r2[0].bottom), (p(1), Slot::Pending));
    assert_eq!((r2[1].top, r2[1].bottom), (p(4), Slot::Pending));
    assert_eq!((r2[2].top, r2[2].bottom), (p(2), Slot::Pending));
    assert_eq!((r2[3].top, r2[3].bottom), (p(3), Slot::Pending));
    assert!(b.ready(2).is_empty());
    // Underdogs 9 and 12 win, 7 and 6 win: round 2 is 1–9, 4–12, 2–7, 3–6.
    b.set_winner(1, 2, PlayerId(9)).unwrap();
    b.set_winner(1, 4, PlayerId(12)).unwrap();
    b.set_winner(1, 6, PlayerId(7)).unwrap();
    b.set_winner(1, 8, PlayerId(6)).unwrap();
    let r2 = &b.rounds()[1];
    assert_eq!((r2[0].top, r2[0].bottom), (p(1), p(9)));
    assert_eq!((r2[1].top, r2[1].bottom), (p(4), p(12)));
    assert_eq!((r2[2].top, r2[2].bottom), (p(2), p(7)));
    assert_eq!((r2[3].top, r2[3].bottom), (p(3), p(6)));
    assert_eq!(b.ready(2), vec![1, 2, 3, 4]);
    // Losers of round 1 (8 ties) share 9th; bye players lost nothing yet.
    let mut places = b.placings();
    places.sort();
    assert_eq!(
        places,
        vec![
            (PlayerId(5), 9),
            (PlayerId(8), 9),
            (PlayerId(10), 9),
            (PlayerId(11), 9)
        ]
    );
    // A bye tie cannot be given to anyone else.
    assert_eq!(
        b.set_winner(1, 1, PlayerId(16)),
        Err(KnockoutError::TieNotReady { round: 1, tie: 1 })
    );
}

#[test]
fn sixteen_players_round_two() {
    // 16 entrants: first round 1–16, 8–9, 4–13, 5–12, 2–15, 7–10, 3–14, 6–11.
    let mut b = Bracket::new(ids(16)).unwrap();
    assert_eq!(
        first_round(&b),
        vec![
            (1, 16),
            (8, 9),
            (4, 13),
            (5, 12),
            (2, 15),
            (7, 10),
            (3, 14),
            (6, 11)
        ]
    );
    // Higher seed wins every tie: round 2 is 1–8, 4–5, 2–7, 3–6 (the
    // 8-player bracket again), and 1 and 2 can only meet in the final.
    for (tie, &(a, b2)) in first_round(&b).iter().enumerate() {
        b.set_winner(1, tie as u32 + 1, PlayerId(a.min(b2)))
            .unwrap();
    }
    let r2: Vec<(Slot, Slot)> = b.rounds()[1].iter().map(|t| (t.top, t.bottom)).collect();
    assert_eq!(
        r2,
        vec![(p(1), p(8)), (p(4), p(5)), (p(2), p(7)), (p(3), p(6))]
    );
    assert_eq!(b.round_name(1, false), "Round 1");
    assert_eq!(b.round_name(1, true), "第1轮");
}

#[test]
fn five_and_six_players() {
    // 5 entrants: 8 places, seeds 6, 7, 8 missing → byes for 3, 2, 1;
    // the only game is 4–5, whose winner meets 1.
    let b = Bracket::new(ids(5)).unwrap();
    assert_eq!(first_round(&b), vec![(1, 0), (4, 5), (2, 0), (3, 0)]);
    assert_eq!(b.rounds()[1][1].top, p(2));
    assert_eq!(b.rounds()[1][1].bottom, p(3));
    // 3 entrants: 4 places, seed 1 has the bye, 2 plays 3.
    let b = Bracket::new(ids(3)).unwrap();
    assert_eq!(first_round(&b), vec![(1, 0), (2, 3)]);
}

#[test]
fn bracket_errors() {
    assert_eq!(
        Bracket::new(ids(1)).unwrap_err(),
        KnockoutError::TooFewEntrants(1)
    );
    assert_eq!(
        Bracket::new(vec![PlayerId(3), PlayerId(5), PlayerId(3)]).unwrap_err(),
        KnockoutError::DuplicateEntrant(PlayerId(3))
    );
    let mut b = Bracket::new(ids(4)).unwrap();
    assert_eq!(
        b.set_winner(1, 1, PlayerId(2)),
        Err(KnockoutError::NotInTie {
            round: 1,
            tie: 1,
            player: PlayerId(2)
        })
    );
    assert_eq!(
        b.set_winner(2, 1, PlayerId(1)),
        Err(KnockoutError::TieNotReady { round: 2, tie: 1 })
    );
    assert_eq!(
        b.set_winner(3, 1, PlayerId(1)),
        Err(KnockoutError::NoSuchTie { round: 3, tie: 1 })
    );
    // 1–4 and 2–3; 4 and 2 win; a correction before the final is allowed …
    b.set_winner(1, 1, PlayerId(4)).unwrap();
    b.set_winner(1, 2, PlayerId(2)).unwrap();
    b.set_winner(1, 1, PlayerId(1)).unwrap();
    assert_eq!(b.rounds()[1][0].top, p(1));
    // … but not once the final is decided.
    b.set_winner(2, 1, PlayerId(1)).unwrap();
    assert_eq!(
        b.set_winner(1, 1, PlayerId(4)),
        Err(KnockoutError::AlreadyAdvanced { round: 1, tie: 1 })
    );
}

fn g(white: Side, result: GameResult) -> MatchGame {
    MatchGame { white, result }
}

#[test]
fn classical_then_rapid_then_armageddon() {
    // 2 classical, 2 rapid, armageddon (a draw counts for Black).
    let rules = MatchRules::new(vec![
        Phase::games("classical", 2),
        Phase::games("rapid", 2),
        Phase::armageddon(),
    ]);
    assert!(rules.always_decisive());
    let mut m = Match::new(rules).unwrap();
    // Colours alternate: A, B, A, B, A …
    assert_eq!(m.next_white(), Some(Side::A));
    m.record(g(Side::A, GameResult::Draw)).unwrap();
    assert_eq!(m.next_white(), Some(Side::B));
    // Classical 1 : 1 (½ + ½) → rapid.
    assert_eq!(
        m.record(g(Side::B, GameResult::Draw)).unwrap(),
        MatchStatus::InProgress { phase: 1 }
    );
    // Rapid: A wins with White, B wins with White → 1 : 1 → armageddon.
    m.record(g(Side::A, GameResult::WhiteWins)).unwrap();
    assert_eq!(
        m.record(g(Side::B, GameResult::WhiteWins)).unwrap(),
        MatchStatus::InProgress { phase: 2 }
    );
    assert_eq!(
        m.phase_points(),
        vec![(dec!(1), dec!(1)), (dec!(1), dec!(1)), (dec!(0), dec!(0))]
    );
    // Armageddon: A has White, draws → Black (B) goes through.
    assert_eq!(
        m.record(g(Side::A, GameResult::Draw)).unwrap(),
        MatchStatus::Won {
            winner: Side::B,
            phase: 2
        }
    );
    assert_eq!(m.next_white(), None);
    // 1 + 1 + ½ each.
    assert_eq!(m.points(), (dec!(2.5), dec!(2.5)));
    assert_eq!(
        m.record(g(Side::B, GameResult::Draw)),
        Err(KnockoutError::MatchOver(6))
    );
}

#[test]
fn xiangqi_red_must_win() {
    // 红先和负: Red (White) must win; a draw is a win for Black.
    let rules = MatchRules::new(vec![Phase::games("慢棋", 2), Phase::red_must_win()]);
    let level = [
        g(Side::A, GameResult::WhiteWins),
        g(Side::B, GameResult::WhiteWins),
    ];
    let mut m = Match::new(rules.clone()).unwrap();
    for x in level {
        m.record(x).unwrap();
    }
    // A has Red and wins → A.
    assert_eq!(
        m.record(g(Side::A, GameResult::WhiteWins)).unwrap(),
        MatchStatus::Won {
            winner: Side::A,
            phase: 1
        }
    );
    let mut m = Match::new(rules.clone()).unwrap();
    for x in level {
        m.record(x).unwrap();
    }
    // A has Red and draws → B (Black).
    assert_eq!(
        m.record(g(Side::A, GameResult::Draw)).unwrap(),
        MatchStatus::Won {
            winner: Side::B,
            phase: 1
        }
    );
    // A variant where a draw goes to the first mover instead.
    let mut r = rules;
    r.phases[1].kind = PhaseKind::Armageddon {
        draw_goes_to: Colour::White,
    };
    let mut m = Match::new(r).unwrap();
    for x in level {
        m.record(x).unwrap();
    }
    assert_eq!(
        m.record(g(Side::A, GameResult::Draw)).unwrap(),
        MatchStatus::Won {
            winner: Side::A,
            phase: 1
        }
    );
}

#[test]
fn early_decision_and_played_out_match() {
    // Best of 4, stop when decided: after A wins games 1–3 the lead is 3 with
    // 1 game left (at most 1 point to gain) → A has won.
    let mut m = Match::new(MatchRules::new(vec![Phase::games("classical", 4)])).unwrap();
    m.record(g(Side::A, GameResult::WhiteWins)).unwrap();
    m.record(g(Side::B, GameResult::BlackWins)).unwrap();
    // Lead 2, 2 left: not decided (B could still level).
    assert_eq!(m.status(), MatchStatus::InProgress { phase: 0 });
    assert_eq!(
        m.record(g(Side::A, GameResult::WhiteWins)).unwrap(),
        MatchStatus::Won {
            winner: Side::A,
            phase: 0
        }
    );
    assert_eq!(
        m.record(g(Side::B, GameResult::Draw)),
        Err(KnockoutError::MatchOver(4))
    );
    // 对抗赛 of 4 games played in full, no tie-break: 2 : 2 is a drawn match.
    let mut m = Match::new(MatchRules::new(vec![Phase::games_played_out("对抗赛", 4)])).unwrap();
    assert!(!m.rules().always_decisive());
    m.record(g(Side::A, GameResult::WhiteWins)).unwrap();
    m.record(g(Side::B, GameResult::BlackWins)).unwrap();
    m.record(g(Side::A, GameResult::WhiteWins)).unwrap();
    // Played out: lead 3 with 1 left is not the end.
    assert_eq!(m.status(), MatchStatus::InProgress { phase: 0 });
    assert_eq!(m.games_in_phase(), 3);
    assert_eq!(
        m.record(g(Side::B, GameResult::WhiteWins)).unwrap(),
        MatchStatus::Won {
            winner: Side::A,
            phase: 0
        }
    );
    assert_eq!(m.points(), (dec!(3), dec!(1)));
    let mut m = Match::new(MatchRules::new(vec![Phase::games_played_out("对抗赛", 2)])).unwrap();
    m.record(g(Side::A, GameResult::WhiteWins)).unwrap();
    assert_eq!(
        m.record(g(Side::B, GameResult::WhiteWins)).unwrap(),
        MatchStatus::Drawn
    );
}

#[test]
fn sudden_death_and_forfeits() {
    // Sudden death of at most 2 games, then armageddon.
    let rules = MatchRules::new(vec![
        Phase {
            name: "sudden death".into(),
            kind: PhaseKind::SuddenDeath { max_games: Some(2) },
        },
        Phase::armageddon(),
    ]);
    let mut m = Match::new(rules.clone()).unwrap();
    m.record(g(Side::A, GameResult::Draw)).unwrap();
    assert_eq!(
        m.record(g(Side::B, GameResult::Draw)).unwrap(),
        MatchStatus::InProgress { phase: 1 }
    );
    let mut m = Match::new(rules).unwrap();
    m.record(g(Side::A, GameResult::Draw)).unwrap();
    // B, with White, loses by forfeit → A wins the sudden death.
    assert_eq!(
        m.record(g(Side::B, GameResult::BlackForfeitWin)).unwrap(),
        MatchStatus::Won {
            winner: Side::A,
            phase: 0
        }
    );
    let mut m = Match::new(MatchRules::new(vec![Phase::games("x", 2)])).unwrap();
    assert!(matches!(
        m.record(g(Side::A, GameResult::DoubleForfeit)),
        Err(KnockoutError::BadGame { game: 1, .. })
    ));
    assert!(matches!(
        m.record(g(Side::A, GameResult::Pending)),
        Err(KnockoutError::BadGame { game: 1, .. })
    ));
    assert!(matches!(
        Match::new(MatchRules::new(vec![])),
        Err(KnockoutError::BadRules(_))
    ));
    assert!(matches!(
        Match::new(MatchRules::new(vec![Phase::games("x", 0)])),
        Err(KnockoutError::BadRules(_))
    ));
}

#[test]
fn colour_dependent_match_scoring() {
    // 象棋竞赛规则 2011 13.3 scoring in a match: win 3, draw 1 for Red, 2 for
    // Black. Game 1: A Red wins → A 3, B 0. Game 2: B Red draws → B 1, A 2.
    // A 5 : B 1.
    let mut rules = MatchRules::new(vec![Phase::games_played_out("慢棋", 2)]);
    rules.scoring = ScoringSystem::xiangqi_colour_draw(dec!(3), dec!(1), dec!(2));
    let mut m = Match::new(rules.clone()).unwrap();
    m.record(g(Side::A, GameResult::WhiteWins)).unwrap();
    m.record(g(Side::B, GameResult::Draw)).unwrap();
    assert_eq!(m.points(), (dec!(5), dec!(1)));
    // Two draws: A Red (1) + A Black (2) = 3, B the same = 3 → level.
    let mut m = Match::new(rules).unwrap();
    m.record(g(Side::A, GameResult::Draw)).unwrap();
    assert_eq!(
        m.record(g(Side::B, GameResult::Draw)).unwrap(),
        MatchStatus::Drawn
    );
    assert_eq!(m.points(), (dec!(3), dec!(3)));
}

#[test]
fn team_match_colours_by_board() {
    // Team match on 4 boards, 2 rounds, team A Red on board 1 of round 1:
    // round 1 boards A B A B, round 2 every board changes: B A B A.
    let mut rules = MatchRules::new(vec![Phase::games_played_out("团体对抗", 8)]);
    rules.colours = ColourRule::Boards(4);
    let m = Match::new(rules).unwrap();
    let whites: Vec<Side> = (0..8).map(|i| m.white_of(i)).collect();
    use Side::*;
    assert_eq!(whites, vec![A, B, A, B, B, A, B, A]);
}

#[test]
fn match_decides_a_bracket_tie() {
    let mut b = Bracket::new(ids(4)).unwrap();
    let mut m = Match::new(MatchRules::new(vec![
        Phase::games("classical", 2),
        Phase::armageddon(),
    ]))
    .unwrap();
    assert_eq!(
        b.record_match(1, 2, &m),
        Err(KnockoutError::MatchUndecided { round: 1, tie: 2 })
    );
    // Tie 2 is 2 (top, side A) – 3 (bottom, side B); B wins 0 : 2.
    m.record(g(Side::A, GameResult::BlackWins)).unwrap();
    m.record(g(Side::B, GameResult::WhiteWins)).unwrap();
    b.record_match(1, 2, &m).unwrap();
    assert_eq!(b.rounds()[1][0].bottom, p(3));
}

#[test]
fn bracket_invariants_for_every_field_size() {
    // For every field of 2 to 64 entrants, from the seeding rule:
    // * the bracket has 2ⁿ places, 2ⁿ⁻¹ < N ≤ 2ⁿ, and 2ⁿ − N byes;
    // * the byes go to seeds 1 … 2ⁿ − N;
    // * every entrant appears once in the first round;
    // * when the better seed always wins, the ties of round k hold exactly
    //   seeds 1 … 2ⁿ⁻ᵏ⁺¹ (the top seeds meet as late as possible), and
    //   seeds 1 and 2 meet in the final.
    for n in 2..=64u32 {
        let mut b = Bracket::new(ids(n)).unwrap();
        let size = b.size();
        assert!(size.is_power_of_two() && size / 2 < n && n <= size, "{n}");
        let first = first_round(&b);
        let byes: Vec<u32> = first
            .iter()
            .filter(|(t, u)| *t == 0 || *u == 0)
            .map(|(t, u)| t.max(u).to_owned())
            .collect();
        let mut sorted = byes.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (1..=size - n).collect::<Vec<_>>(), "{n}");
        let mut all: Vec<u32> = first
            .iter()
            .flat_map(|&(t, u)| [t, u])
            .filter(|&x| x > 0)
            .collect();
        all.sort_unstable();
        assert_eq!(all, (1..=n).collect::<Vec<_>>(), "{n}");
        for round in 1..=b.rounds().len() as u32 {
            let ties = b.rounds()[round as usize - 1].clone();
            let mut seen: Vec<u32> = ties
                .iter()
                .flat_map(|t| [t.top, t.bottom])
                .filter_map(Slot::player)
                .map(|p| p.0)
                .collect();
            seen.sort_unstable();
            if round > 1 {
                let expected = size >> (round - 1);
                assert_eq!(
                    seen,
                    (1..=expected).collect::<Vec<_>>(),
                    "{n} round {round}"
                );
            }
            for (i, t) in ties.iter().enumerate() {
                if t.winner.is_none() {
                    let best = t.top.player().unwrap().0.min(t.bottom.player().unwrap().0);
                    b.set_winner(round, i as u32 + 1, PlayerId(best)).unwrap();
                }
            }
        }
        let last = b.rounds().last().unwrap()[0];
        assert_eq!((last.top, last.bottom), (p(1), p(2)), "{n}");
        assert_eq!(b.champion(), Some(PlayerId(1)));
    }
}
