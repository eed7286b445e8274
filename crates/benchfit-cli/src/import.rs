//! `benchfit import FILE`: another tool's result file → the measurement file (core importers).

use benchfit_core::measurement::{import, Measurement};

/// Human summary of an imported file.
pub fn render(path: &str, m: &Measurement) -> String {
    let s = &m.summary;
    let mut o = String::new();
    if let Some(src) = &m.source {
        o.push_str(&format!("{path}: {}\n", src.tool));
    }
    if let Some(model) = &m.run.model {
        o.push_str(&format!("model: {model}\n"));
    }
    o.push_str(&format!(
        "requests: {} completed, {} failed, {} incomplete\n",
        s.requests.completed, s.requests.failed, s.requests.incomplete
    ));
    o.push_str(&format!(
        "throughput: {:.1} output tokens/s, {:.1} total tokens/s, {:.2} requests/s\n",
        s.throughput.output_tokens_per_s,
        s.throughput.total_tokens_per_s,
        s.throughput.requests_per_s
    ));
    for (name, p) in [
        ("ttft", s.latency_ms.ttft),
        ("itl", s.latency_ms.itl),
        ("tpot", s.latency_ms.tpot),
        ("e2e", s.latency_ms.e2e),
    ] {
        match p {
            Some(p) => o.push_str(&format!(
                "{name:<5} ms  mean {:.1}  p50 {:.1}  p90 {:.1}  p95 {:.1}  p99 {:.1}\n",
                p.mean, p.p50, p.p90, p.p95, p.p99
            )),
            None => o.push_str(&format!("{name:<5} ms  not in the file\n")),
        }
    }
    if let Some(src) = &m.source {
        for d in &src.metric_definitions {
            o.push_str(&format!("note: {d}\n"));
        }
        for x in &src.missing {
            o.push_str(&format!("missing: {x}\n"));
        }
    }
    for n in &m.run.notes {
        o.push_str(&format!("note: {n}\n"));
    }
    o
}

/// Reads `path` and converts it; the error names the file and the reason.
pub fn read(path: &str) -> Result<Result<Measurement, String>, std::io::Error> {
    let bytes = std::fs::read(path)?;
    Ok(import(&bytes).map_err(|e| format!("import: {path}: {e}")))
}
