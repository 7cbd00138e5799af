//! One Elo-style update: expected score by the table, then K × (W − We).
//! Target: ≤ 40 ns. Run `cargo bench -p qiyuan-rating --bench elo`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use qiyuan_rating::profile::Profile;
use qiyuan_rating::table;
use rust_decimal_macros::dec;

fn elo(c: &mut Criterion) {
    let (own, opp, w, k) = (dec!(2412), dec!(2300.5), dec!(1), 25u32);
    c.bench_function("elo update (table lookup + K(W - We))", |b| {
        b.iter(|| {
            let p = table::expected_score(black_box(own) - black_box(opp));
            qiyuan_rating::elo::change(black_box(k), black_box(w), p)
        })
    });
    c.bench_function("part: sub", |b| b.iter(|| black_box(own) - black_box(opp)));
    let dd = own - opp;
    c.bench_function("part: expected_score", |b| {
        b.iter(|| table::expected_score(black_box(dd)))
    });
    let p = table::expected_score(dd);
    c.bench_function("part: k*(w-p)", |b| {
        b.iter(|| qiyuan_rating::elo::change(black_box(k), black_box(w), black_box(p)))
    });
    let fide = Profile::builtin("fide-2024").unwrap();
    c.bench_function("elo update through a profile (cap, table, rounding)", |b| {
        b.iter(|| {
            let (d, _) = fide.capped_difference(black_box(own), black_box(opp));
            let p = fide.expected_fraction(d);
            fide.round(
                qiyuan_rating::elo::change(black_box(k), black_box(w), p),
                fide.rounding.change,
            )
        })
    });
}

criterion_group!(benches, elo);
criterion_main!(benches);
