//! Speed targets (issue 4 / 6): the simulator's 10,000 requests of 1,800/400 tokens at
//! concurrency 64 in ≤ 100 ms natively; the page's default recompute (check + estimate with its
//! simulation) well inside a 16 ms frame; reading 100 KB of claim text under 50 ms (issue 3). Run: `cargo bench -p benchfit-core`.

use benchfit_core::model::sim;
use benchfit_core::{check, estimate, Scenario};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

fn speed(c: &mut Criterion) {
    let cfg = sim::bench_config(10_000, 64);
    c.bench_function("simulate 10k requests 1800/400 at concurrency 64", |b| {
        b.iter(|| sim::simulate(black_box(&cfg)))
    });
    let text = claim_text_100kb();
    c.bench_function("read 100 KB of claim text", |b| {
        b.iter(|| benchfit_core::claim::read(black_box(&text)))
    });
    let s = Scenario::worked_example();
    c.bench_function("check worked example", |b| {
        b.iter(|| check(black_box(&s.benchmark)))
    });
    c.bench_function("estimate worked example (default simulation)", |b| {
        b.iter(|| estimate(black_box(&s)).unwrap())
    });
    // Past the KV ceiling (about 13 sequences of 1,800 + 400 tokens fit): requests queue for
    // blocks, and vLLM's asynchronous scheduler must still take the closed-form decode runs
    // (26 ms natively before they did, ~2 ms after).
    let mut full = Scenario::worked_example();
    full.load = benchfit_core::input::Load::Concurrency { concurrency: 24 };
    c.bench_function(
        "estimate worked example at concurrency 24 (KV-limited)",
        |b| b.iter(|| estimate(black_box(&full)).unwrap()),
    );
}

include!("support/claim_text.rs");

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = speed
}
criterion_main!(benches);
