//! Property tests: zero sum in round robins, colours, game order.

mod common;

use common::*;
use proptest::prelude::*;
use qiyuan_rating::event::rate;
use qiyuan_rating::model::*;
use qiyuan_rating::profile::Profile;
use rust_decimal::Decimal;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

const RESULTS: [&str; 6] = ["1-0", "0-1", "=", "1-0", "0-1", "+-"];

fn round_robin(ratings: &[i64], seed: u64, rated_games: u32) -> (Vec<Player>, Vec<Pairing>) {
    let mut rng = Rng(seed | 1);
    let players: Vec<Player> = ratings
        .iter()
        .enumerate()
        .map(|(i, &r)| player(i as u32 + 1, Sex::Male, Some(r), rated_games))
        .collect();
    let n = players.len() as u32;
    let mut games = Vec::new();
    let mut round = 0;
    for a in 1..=n {
        for b in a + 1..=n {
            round += 1; // one game per round keeps Event::new happy
            games.push(game(
                round,
                a,
                b,
                ["1-0", "0-1", "="][rng.below(3) as usize],
            ));
        }
    }
    (players, games)
}

/// A random Swiss-like event: random pairings each round, a bye for the odd
/// player, some unrated players, some forfeits.
fn swiss(n: usize, rounds: u32, seed: u64) -> (Vec<Player>, Vec<Pairing>) {
    let mut rng = Rng(seed | 1);
    let players: Vec<Player> = (0..n)
        .map(|i| {
            let rating = (rng.below(5) != 0).then(|| 1900 + rng.below(700) as i64);
            let sex = if rng.below(3) == 0 {
                Sex::Female
            } else {
                Sex::Male
            };
            player(i as u32 + 1, sex, rating, rng.below(60) as u32)
        })
        .collect();
    let mut games = Vec::new();
    for round in 1..=rounds {
        let mut ids: Vec<u32> = (1..=n as u32).collect();
        for i in (1..ids.len()).rev() {
            ids.swap(i, rng.below(i as u64 + 1) as usize);
        }
        if ids.len() % 2 == 1 {
            games.push(bye(round, ids.pop().unwrap(), ByeKind::PairingAllocated));
        }
        for pair in ids.chunks(2) {
            games.push(game(
                round,
                pair[0],
                pair[1],
                RESULTS[rng.below(6) as usize],
            ));
        }
    }
    (players, games)
}

type Figures = Vec<(
    Option<Decimal>,
    Option<Decimal>,
    Option<Decimal>,
    Option<Decimal>,
    u32,
    Decimal,
)>;

fn figures(r: &qiyuan_rating::EventReport) -> Figures {
    r.players
        .iter()
        .map(|p| {
            (
                p.change,
                p.rating_after,
                p.expected_score,
                p.performance,
                p.games_counted,
                p.score,
            )
        })
        .collect()
}

fn mirror(p: &Pairing) -> Pairing {
    match *p {
        Pairing::Game {
            round,
            white,
            black,
            result,
        } => Pairing::Game {
            round,
            white: black,
            black: white,
            result: match result {
                GameResult::WhiteWins => GameResult::BlackWins,
                GameResult::BlackWins => GameResult::WhiteWins,
                GameResult::WhiteForfeitWin => GameResult::BlackForfeitWin,
                GameResult::BlackForfeitWin => GameResult::WhiteForfeitWin,
                other => other,
            },
        },
        bye => bye,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// fide-2024 (per game, table, symmetric 400-point cap below 2650): with the same K
    /// for everyone the changes of a round robin sum to exactly zero (p_high + p_low = 1).
    #[test]
    fn round_robin_zero_sum_fide(ratings in proptest::collection::vec(1400i64..2399, 3..9), seed in any::<u64>()) {
        let (players, games) = round_robin(&ratings, seed, 100);
        let ev = event(GameKind::Chess, EventSystem::RoundRobin, players, games);
        let r = rate(&ev, &Profile::builtin("fide-2024").unwrap()).unwrap();
        prop_assert!(r.players.iter().all(|p| p.k == Some(20)));
        let sum: Decimal = r.players.iter().map(|p| p.change.unwrap()).sum();
        prop_assert_eq!(sum, Decimal::ZERO);
    }

    /// A per-game variant of cxa-2019 (ΔR rounded to one decimal): the sum is zero up to
    /// the rounding of each player's ΔR (at most 0.05 each).
    #[test]
    fn round_robin_zero_sum_up_to_rounding(ratings in proptest::collection::vec(2300i64..2499, 3..9), seed in any::<u64>()) {
        let text = Profile::builtin_toml("cxa-2019").unwrap()
            .replace("swiss = \"n-times-p\"", "swiss = \"per-game\"")
            .replace("round_robin = \"n-times-p\"", "round_robin = \"per-game\"");
        let profile = Profile::from_toml_str(&text).unwrap();
        let (players, games) = round_robin(&ratings, seed, 100);
        let ev = event(GameKind::Xiangqi, EventSystem::RoundRobin, players, games);
        let r = rate(&ev, &profile).unwrap();
        let sum: Decimal = r.players.iter().map(|p| p.change.unwrap()).sum();
        let bound = Decimal::new(5, 2) * Decimal::from(ratings.len() as u32);
        prop_assert!(sum.abs() <= bound, "sum {}", sum);
    }

    /// Swapping every game's colours (and mirroring its result) changes nobody's figures.
    #[test]
    fn colours_do_not_matter(n in 4usize..12, rounds in 1u32..7, seed in any::<u64>()) {
        for name in Profile::builtin_names() {
            let profile = Profile::builtin(name).unwrap();
            let (players, games) = swiss(n, rounds, seed);
            let swapped: Vec<Pairing> = games.iter().map(mirror).collect();
            let a = rate(&event(profile.game, EventSystem::Swiss, players.clone(), games), &profile).unwrap();
            let b = rate(&event(profile.game, EventSystem::Swiss, players, swapped), &profile).unwrap();
            prop_assert_eq!(figures(&a), figures(&b), "profile {}", name);
        }
    }

    /// The order in which games are listed changes nothing.
    #[test]
    fn game_order_does_not_matter(n in 4usize..12, rounds in 1u32..7, seed in any::<u64>(), shuffle in any::<u64>()) {
        for name in Profile::builtin_names() {
            let profile = Profile::builtin(name).unwrap();
            let (players, games) = swiss(n, rounds, seed);
            let mut shuffled = games.clone();
            let mut rng = Rng(shuffle | 1);
            for i in (1..shuffled.len()).rev() {
                shuffled.swap(i, rng.below(i as u64 + 1) as usize);
            }
            for system in [EventSystem::Swiss, EventSystem::RoundRobin] {
                let a = rate(&event(profile.game, system, players.clone(), games.clone()), &profile).unwrap();
                let b = rate(&event(profile.game, system, players.clone(), shuffled.clone()), &profile).unwrap();
                prop_assert_eq!(figures(&a), figures(&b), "profile {}", name);
            }
        }
    }
}
