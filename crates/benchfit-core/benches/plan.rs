//! Speed target of the planner (issue 13): the default plan (the worked example's traffic at
//! 10 req/s under p95 TTFT 450 ms / TPOT 40 ms) across the whole catalog in ≤ 300 ms in the page;
//! natively it should take well under that. The page runs it in slices (`Planner::step`), each
//! under 50 ms: the second benchmark is the slowest slice's shape (one contender's simulations).
//! Run: `cargo bench -p benchfit-core --bench plan`.

use benchfit_core::plan::{plan, PlanInput, Planner};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::time::{Duration, Instant};

fn speed(c: &mut Criterion) {
    let input = PlanInput::worked_example();
    c.bench_function("plan worked example, whole catalog", |b| {
        b.iter(|| plan(black_box(&input)).unwrap())
    });
    c.bench_function("plan: enumerate and fit-check (Planner::new)", |b| {
        b.iter(|| Planner::new(black_box(&input)).unwrap())
    });
    // The slowest single `Planner::step` of the whole plan (what blocks the page at once):
    // reported as if every iteration took that long.
    c.bench_function("plan: slowest slice (one Planner::step)", |b| {
        b.iter_custom(|iters| {
            let mut worst = Duration::ZERO;
            for _ in 0..iters.min(3) {
                let mut p = Planner::new(&input).unwrap();
                loop {
                    let t = Instant::now();
                    let more = p.step();
                    worst = worst.max(t.elapsed());
                    if !more {
                        break;
                    }
                }
            }
            worst * iters as u32
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = speed
}
criterion_main!(benches);
