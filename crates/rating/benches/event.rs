//! Rating a 5,000-player, 11-round Swiss event (generated here). Target:
//! < 100 ms. Run `cargo bench -p qiyuan-rating --bench event`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use qiyuan_rating::event::rate;
use qiyuan_rating::model::*;
use qiyuan_rating::profile::Profile;
use rust_decimal::Decimal;

struct Rng(u64);
impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n
    }
}

/// 5,000 players (one in ten unrated), 11 rounds of random pairings, a few
/// forfeits and a bye each round when needed.
fn big_swiss(game: GameKind) -> Event {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let n = 5000u32;
    let players: Vec<Player> = (1..=n)
        .map(|i| {
            let rating = (rng.below(10) != 0).then(|| Decimal::from(1500 + rng.below(1200) as i64));
            let sex = if rng.below(4) == 0 {
                Sex::Female
            } else {
                Sex::Male
            };
            let mut p = Player::new(PlayerId(i), format!("P{i}"), sex, rating);
            p.rated_games = rng.below(80) as u32;
            p
        })
        .collect();
    let mut pairings = Vec::new();
    for round in 1..=11 {
        let mut ids: Vec<u32> = (1..=n).collect();
        for i in (1..ids.len()).rev() {
            ids.swap(i, rng.below(i as u64 + 1) as usize);
        }
        for pair in ids.chunks(2) {
            let result = match rng.below(40) {
                0 => GameResult::WhiteForfeitWin,
                1..=14 => GameResult::WhiteWins,
                15..=26 => GameResult::BlackWins,
                _ => GameResult::Draw,
            };
            pairings.push(Pairing::Game {
                round,
                white: PlayerId(pair[0]),
                black: PlayerId(pair[1]),
                result,
            });
        }
    }
    Event::new(
        "bench",
        game,
        EventSystem::Swiss,
        None,
        None,
        players,
        pairings,
    )
    .unwrap()
}

fn event(c: &mut Criterion) {
    let mut group = c.benchmark_group("rate 5000 players x 11 rounds Swiss");
    group.sample_size(10);
    for name in ["cxa-2019", "cca-chess", "fide-2024"] {
        let profile = Profile::builtin(name).unwrap();
        let ev = big_swiss(profile.game);
        group.bench_function(name, |b| b.iter(|| rate(black_box(&ev), &profile).unwrap()));
    }
    group.finish();
}

criterion_group!(benches, event);
criterion_main!(benches);
