//! Rough timing of the worked example (the criterion benchmarks are the reference).
fn main() {
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
}
