//! Rough timing of the worked example and the simulator's speed scenario (the criterion
//! benchmarks in `benches/` are the reference).
fn main() {
    // The criterion benchmark's 100 KB of mixed claim text (benches/speed.rs).
    let text = claim_text_100kb();
    let t = std::time::Instant::now();
    for _ in 0..5 {
        std::hint::black_box(benchfit_core::claim::read(&text));
    }
    println!(
        "read 100 KB: {:.1} ms",
        t.elapsed().as_secs_f64() * 1e3 / 5.0
    );
    let s = benchfit_core::Scenario::worked_example();
    let _ = benchfit_core::check(&s.benchmark);
    let n = 200;
    let t = std::time::Instant::now();
    for _ in 0..n {
        std::hint::black_box(benchfit_core::check(&s.benchmark));
    }
    println!(
        "check: {:.3} ms",
        t.elapsed().as_secs_f64() * 1e3 / n as f64
    );
    let t = std::time::Instant::now();
    for _ in 0..n {
        std::hint::black_box(benchfit_core::estimate(&s).unwrap());
    }
    println!(
        "estimate: {:.3} ms",
        t.elapsed().as_secs_f64() * 1e3 / n as f64
    );
    let cfg = benchfit_core::model::sim::bench_config(10_000, 64);
    let t = std::time::Instant::now();
    let r = benchfit_core::model::sim::simulate(&cfg);
    println!(
        "simulate 10k × 1800/400 at C=64: {:.1} ms ({} steps, mean batch {:.1}, {} preemptions)",
        t.elapsed().as_secs_f64() * 1e3,
        r.steps,
        r.mean_batch,
        r.preemptions
    );
}

include!("../benches/support/claim_text.rs");
