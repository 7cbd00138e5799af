//! One online game and one Glicko-2 period (criterion prints the figures).
//!
//! `cargo bench -p qiyuan-rating --bench online`

use std::hint::black_box;
use std::time::Duration;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use qiyuan_rating::online::glicko2::{Glicko2, Outcome, Rating};
use qiyuan_rating::online::{GameResult, OnlineGame, PlayerStore, PointSystem};
use rust_decimal_macros::dec;

fn points(c: &mut Criterion) {
    for (name, red, black) in [
        ("qq-xiangqi-elo", dec!(1676), dec!(2076)),
        ("qq-chess-levels", dec!(1234.5), dec!(1300)),
    ] {
        let system = PointSystem::builtin(name).unwrap();
        let mut store = PlayerStore::new();
        store.set_points("red", red);
        store.set_points("black", black);
        let game = OnlineGame::new("1", "red", "black", GameResult::BlackWins).with_plies(80);
        // Build the elo tables before timing.
        system.apply(&mut store.clone(), &game).unwrap();
        c.bench_function(&format!("{name}: apply one game"), |b| {
            b.iter_batched_ref(
                || store.clone(),
                |s| {
                    black_box(system.apply(s, black_box(&game)).unwrap());
                },
                BatchSize::SmallInput,
            )
        });
    }
}

fn glicko2(c: &mut Criterion) {
    let system = Glicko2::builtin();
    let r = |rating, rd| Rating {
        rating,
        rd,
        volatility: 0.06,
    };
    let player = r(1500.0, 200.0);
    let games = [
        Outcome {
            opponent: r(1400.0, 30.0),
            score: 1.0,
        },
        Outcome {
            opponent: r(1550.0, 100.0),
            score: 0.0,
        },
        Outcome {
            opponent: r(1700.0, 300.0),
            score: 0.0,
        },
    ];
    c.bench_function(
        "glicko2: one period of three games (Glickman's example)",
        |b| b.iter(|| black_box(system.rate(black_box(player), black_box(&games)).unwrap())),
    );
    c.bench_function("glicko2: one period without games", |b| {
        b.iter(|| black_box(system.rate(black_box(player), &[]).unwrap()))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = points, glicko2
}
criterion_main!(benches);
