//! Standings of a generated 5,000-player, 11-round Swiss event with six
//! tie-breaks (BH/C1, BH, SB, PS, DE, WIN). Target: under 200 ms.
//! Run: `cargo bench -p qiyuan-tournament --bench standings`.

use std::time::Instant;

use qiyuan_tournament::model::*;
use qiyuan_tournament::tiebreak::parse_list;
use qiyuan_tournament::{StandingsConfig, compute_standings};

/// SplitMix64, for a reproducible event.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// A Swiss-like event: each round pairs neighbours in the current order of
/// score (a pairing engine's job is elsewhere; only the shape matters here).
fn generate(players: u32, rounds: u32) -> Event {
    let mut rng = Rng(20_260_301);
    let mut e = Event::new(EventKind::Swiss, rounds);
    for i in 1..=players {
        e.add_player(Player::new(i, format!("P{i}")).with_rating(2800 - i * 2800 / (players + 1)))
            .unwrap();
    }
    let mut score = vec![0u32; players as usize + 1];
    for _ in 0..rounds {
        let r = e.add_round();
        let mut order: Vec<u32> = (1..=players).collect();
        order.sort_by_key(|&p| (std::cmp::Reverse(score[p as usize]), p));
        if players % 2 == 1 {
            let bye = order.pop().unwrap();
            e.add_bye(r, PlayerId(bye), ByeKind::PairingAllocated)
                .unwrap();
            score[bye as usize] += 2;
        }
        for pair in order.chunks(2) {
            let (w, b) = if rng.next() % 2 == 0 {
                (pair[0], pair[1])
            } else {
                (pair[1], pair[0])
            };
            let result = match rng.next() % 20 {
                0..=7 => GameResult::WhiteWins,
                8..=13 => GameResult::Draw,
                14..=18 => GameResult::BlackWins,
                _ => GameResult::WhiteForfeitWin,
            };
            match result {
                GameResult::WhiteWins | GameResult::WhiteForfeitWin => score[w as usize] += 2,
                GameResult::BlackWins => score[b as usize] += 2,
                _ => {
                    score[w as usize] += 1;
                    score[b as usize] += 1;
                }
            }
            e.add_game(r, Game::new(w, b, result)).unwrap();
        }
    }
    e
}

fn main() {
    let t0 = Instant::now();
    let event = generate(5000, 11);
    println!(
        "generated 5000 players × 11 rounds in {:.1} ms",
        t0.elapsed().as_secs_f64() * 1e3
    );
    let cfg = StandingsConfig {
        tiebreaks: parse_list("BH/C1,BH,SB,PS,DE,WIN").unwrap(),
        ..Default::default()
    };
    let mut times = Vec::new();
    for _ in 0..7 {
        let t = Instant::now();
        let s = compute_standings(&event, &cfg).unwrap();
        times.push(t.elapsed().as_secs_f64() * 1e3);
        assert_eq!(s.rows.len(), 5000);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "standings (BH/C1, BH, SB, PS, DE, WIN), 5000 players, 11 rounds: min {:.1} ms, median {:.1} ms, max {:.1} ms (target < 200 ms)",
        times[0],
        times[times.len() / 2],
        times[times.len() - 1]
    );
}
