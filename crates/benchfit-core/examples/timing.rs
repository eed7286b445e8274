//! Rough timing of the worked example and the simulator's speed scenario (the criterion
//! benchmarks in `benches/` are the reference).
fn main() {
    // The criterion benchmark's 100 KB of mixed claim text (benches/speed.rs).
    let parts = [
        "3,200 tokens/sec aggregate for Llama 3 70B on a single H100, batch size 32, 512-token prompts, 256-token outputs, FP8, under vLLM. ",
        "Output token throughput (tok/s): 10777.64 / Mean TTFT (ms): 9408.20 / ",
        "| llama 7B Q4_0 | CUDA | pp512 | 4918.36 ± 132.23 | tg128 | 165.76 ± 1.50 | ",
        "The weather was nice and nobody measured anything at all today. ",
    ];
    let mut text = String::new();
    let mut i = 0;
    while text.len() < 100_000 {
        text.push_str(parts[i % parts.len()]);
        i += 1;
    }
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
