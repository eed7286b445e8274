//! Speed target of the planner (issue 13): the default plan (the worked example's traffic at
//! 10 req/s under p95 TTFT 450 ms / TPOT 40 ms) across the whole catalog in ≤ 300 ms in the page;
//! natively it should take well under that. The page runs it in slices (`Planner::step`), each
//! under 50 ms: the second benchmark is the slowest slice's shape (one contender's simulations).
//! Run: `cargo bench -p benchfit-core --bench plan`.

use benchfit_core::plan::{plan, PlanInput, Planner};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

fn speed(c: &mut Criterion) {
    let input = PlanInput::worked_example();
    c.bench_function("plan worked example, whole catalog", |b| {
        b.iter(|| plan(black_box(&input)).unwrap())
    });
    c.bench_function("plan: screen only (Planner::new)", |b| {
        b.iter(|| Planner::new(black_box(&input)).unwrap())
    });
    c.bench_function("plan: screen + first contender (one slice)", |b| {
        b.iter(|| {
            let mut p = Planner::new(black_box(&input)).unwrap();
            p.step();
            p
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = speed
}
criterion_main!(benches);
