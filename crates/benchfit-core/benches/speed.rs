//! Speed targets (issue 4 / 6): the simulator's 10,000 requests of 1,800/400 tokens at
//! concurrency 64 in ≤ 100 ms natively; the page's default recompute (check + estimate with its
//! simulation) well inside a 16 ms frame. Run: `cargo bench -p benchfit-core`.

use benchfit_core::{check, estimate, sim, Scenario};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

fn speed(c: &mut Criterion) {
    let cfg = sim::bench_config(10_000, 64);
    c.bench_function("simulate 10k requests 1800/400 at concurrency 64", |b| {
        b.iter(|| sim::simulate(black_box(&cfg)))
    });
    let s = Scenario::worked_example();
    c.bench_function("check worked example", |b| {
        b.iter(|| check(black_box(&s.benchmark)))
    });
    c.bench_function("estimate worked example (default simulation)", |b| {
        b.iter(|| estimate(black_box(&s)).unwrap())
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = speed
}
criterion_main!(benches);
