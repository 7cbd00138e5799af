//! TRF reading and writing speed on the reference files
//! (`testdata/swiss`): the 1000- and 5000-player synthetic histories and
//! the 200 `rtg` tournaments. Criterion prints the time per iteration; the
//! throughput line gives bytes per second.

use std::fs;
use std::hint::black_box;
use std::path::{Path, PathBuf};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use qiyuan_formats::trf::parse_trf;

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/swiss")
        .join(rel)
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("trf");
    for name in ["s1000", "s5000"] {
        let text = fs::read_to_string(data(&format!("large/{name}.trf"))).unwrap();
        let file = parse_trf(&text).unwrap();
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(format!("parse {name}"), |b| {
            b.iter(|| parse_trf(black_box(&text)).unwrap())
        });
        group.bench_function(format!("write {name}"), |b| {
            b.iter(|| black_box(&file).write_trf2026().unwrap())
        });
        group.bench_function(format!("check {name}"), |b| {
            b.iter(|| black_box(&file).check())
        });
    }
    let mut rtg: Vec<String> = fs::read_dir(data("rtg"))
        .unwrap()
        .map(|e| fs::read_to_string(e.unwrap().path()).unwrap())
        .collect();
    rtg.sort();
    group.throughput(Throughput::Bytes(rtg.iter().map(|t| t.len() as u64).sum()));
    group.bench_function("parse+write 200 rtg files", |b| {
        b.iter(|| {
            for t in &rtg {
                black_box(parse_trf(t).unwrap().write_trf2026().unwrap());
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
