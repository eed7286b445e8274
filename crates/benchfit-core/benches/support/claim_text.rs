// Shared by benches/speed.rs and examples/timing.rs (`include!`), so both time the same text.

/// 100 KB of mixed claim text: sentences, tool summaries, table rows (target < 50 ms, issue 3).
fn claim_text_100kb() -> String {
    let parts = [
        "3,200 tokens/sec aggregate for Llama 3 70B on a single H100, batch size 32, 512-token prompts, 256-token outputs, FP8, under vLLM. ",
        "Output token throughput (tok/s): 10777.64 / Mean TTFT (ms): 9408.20 / ",
        "| llama 7B Q4_0 | CUDA | pp512 | 4918.36 ± 132.23 | tg128 | 165.76 ± 1.50 | ",
        "The weather was nice and nobody measured anything at all today. ",
    ];
    let mut s = String::new();
    let mut i = 0;
    while s.len() < 100_000 {
        s.push_str(parts[i % parts.len()]);
        i += 1;
    }
    s
}
