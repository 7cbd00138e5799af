//! Properties of the standings on random Swiss events: cuts never raise a
//! Buchholz, ranks follow points, every participant appears once, and the
//! drawing of lots only reorders participants tied on everything.

use proptest::prelude::*;
use qiyuan_tournament::model::*;
use qiyuan_tournament::tiebreak::parse_list;
use qiyuan_tournament::{StandingsConfig, compute_standings};

fn event(players: u32, rounds: u32, results: &[u8]) -> Event {
    let mut e = Event::new(EventKind::Swiss, rounds);
    for i in 1..=players {
        e.add_player(Player::new(i, format!("P{i}")).with_rating(1500 + 10 * i))
            .unwrap();
    }
    let mut k = 0;
    for r in 0..rounds {
        let round = e.add_round();
        // Rotate so that pairings differ by round.
        let mut order: Vec<u32> = (1..=players).collect();
        order.rotate_left((r as usize * 3) % players as usize);
        if players % 2 == 1 {
            let p = order.pop().unwrap();
            let kind = [
                ByeKind::PairingAllocated,
                ByeKind::HalfPoint,
                ByeKind::ZeroPoint,
            ][results[k % results.len()] as usize % 3];
            e.add_bye(round, PlayerId(p), kind).unwrap();
        }
        for pair in order.chunks(2) {
            let res = match results[k % results.len()] % 6 {
                0 | 1 => GameResult::WhiteWins,
                2 | 3 => GameResult::Draw,
                4 => GameResult::BlackWins,
                _ => GameResult::BlackForfeitWin,
            };
            k += 1;
            e.add_game(round, Game::new(pair[0], pair[1], res)).unwrap();
        }
    }
    e
}

proptest! {
    #[test]
    fn standings_invariants(players in 2u32..14, rounds in 1u32..6, results in proptest::collection::vec(0u8..12, 1..40), seed in any::<u64>()) {
        let e = event(players, rounds, &results);
        let cfg = StandingsConfig { tiebreaks: parse_list("BH,BH/C1,BH/M1,BH/C2,SB,SB/C1,PS,PS/C1,DE,WIN").unwrap(), ..Default::default() };
        let s = compute_standings(&e, &cfg).unwrap();
        prop_assert_eq!(s.rows.len() as u32, players);
        for row in &s.rows {
            let v: Vec<_> = row.values.iter().map(|v| v.unwrap()).collect();
            prop_assert!(v[1] <= v[0] && v[2] <= v[1] && v[3] <= v[1], "cuts: {:?}", v);
            prop_assert!(v[7] <= v[6]);
        }
        for w in s.rows.windows(2) {
            prop_assert!(w[0].points >= w[1].points);
            prop_assert!(w[0].rank <= w[1].rank);
        }
        let lots = StandingsConfig { lots_seed: Some(seed), ..cfg };
        let d = compute_standings(&e, &lots).unwrap();
        let mut ranks: Vec<u32> = d.rows.iter().map(|r| r.rank).collect();
        ranks.dedup();
        prop_assert_eq!(ranks.len() as u32, players);
        for row in &d.rows {
            let shared = s.row(row.player).unwrap();
            // Same values; the drawn rank lies inside the shared place's block.
            prop_assert_eq!(&row.values, &shared.values);
            let tied = s.rows.iter().filter(|r| r.rank == shared.rank).count() as u32;
            prop_assert!(row.rank >= shared.rank && row.rank < shared.rank + tied);
        }
    }
}
