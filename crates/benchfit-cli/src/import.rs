//! `benchfit import FILE`: another tool's result file → the measurement file (core importers).

use benchfit_core::measurement::{import, LoadMode, Measurement, Summary};

/// Human summary of an imported file.
pub fn render(path: &str, m: &Measurement) -> String {
    let mut o = String::new();
    render_run(&mut o, path, m);
    render_summary(&mut o, &m.summary);
    render_engine(&mut o, m);
    render_definitions(&mut o, m);
    o
}

/// The file's tool, model, start and load, and its stages.
fn render_run(o: &mut String, path: &str, m: &Measurement) {
    if let Some(src) = &m.source {
        o.push_str(&format!("{path}: {}\n", src.tool));
    }
    if let Some(model) = &m.run.model {
        o.push_str(&format!("model: {model}\n"));
    }
    let r = &m.run;
    o.push_str(&format!(
        "tool: {}{}\n",
        r.tool,
        r.tool_version
            .as_deref()
            .map(|v| format!(" {v}"))
            .unwrap_or_else(|| " (version not in the file)".into())
    ));
    if let Some(t) = &r.started_at {
        o.push_str(&format!("started: {t}\n"));
    }
    match &r.load {
        Some(LoadMode::Concurrency { concurrency }) => {
            o.push_str(&format!("load: concurrency {concurrency}\n"))
        }
        Some(LoadMode::Rate {
            requests_per_s,
            arrival,
            ..
        }) => o.push_str(&format!("load: {requests_per_s} requests/s ({arrival})\n")),
        None => o.push_str("load: not in the file\n"),
    }
    if let Some(ms) = &m.multi_stage {
        o.push_str(&format!(
            "stages: {} ({}); below: the headline stage {}, steady state\n",
            m.stages.len(),
            ms.kind,
            ms.headline_stage
        ));
    }
}

/// Requests, throughput and the latency percentiles.
fn render_summary(o: &mut String, s: &Summary) {
    o.push_str(&format!(
        "requests: {} completed, {} failed, {} incomplete\n",
        s.requests.completed, s.requests.failed, s.requests.incomplete
    ));
    o.push_str(&format!(
        "throughput: {} output tokens/s, {} total tokens/s, {} requests/s over {} s\n",
        sig(s.throughput.output_tokens_per_s),
        sig(s.throughput.total_tokens_per_s),
        sig(s.throughput.requests_per_s),
        sig(s.window_s)
    ));
    let n = &s.samples;
    for (name, p, samples) in [
        ("ttft", s.latency_ms.ttft, n.ttft),
        ("itl", s.latency_ms.itl, n.itl),
        ("tpot", s.latency_ms.tpot, n.tpot),
        ("e2e", s.latency_ms.e2e, n.e2e),
    ] {
        match p {
            Some(p) => o.push_str(&format!(
                "{name:<5} ms  mean {}  p50 {}  p90 {}  p95 {}  p99 {}  ({})\n",
                sig(p.mean),
                sig(p.p50),
                sig(p.p90),
                sig(p.p95),
                sig(p.p99),
                if samples > 0 {
                    format!("{samples} samples")
                } else {
                    "sample count not in the file".into()
                }
            )),
            None => o.push_str(&format!("{name:<5} ms  not in the file\n")),
        }
    }
}

/// The headline stage's TTFT split by the engine, and the prefix cache's hit rate.
fn render_engine(o: &mut String, m: &Measurement) {
    let headline = m.multi_stage.as_ref().map(|ms| ms.headline_stage);
    if let Some(e) = m.engine_time.iter().find(|e| e.stage == headline) {
        if let Some(t) = e.ttft {
            let ms = |v: Option<f64>| v.map_or("–".to_string(), sig);
            o.push_str(&format!(
                "engine ({}): ttft mean {} ms = queue {} + prefill {} + rest {} ms\n",
                e.runtime,
                sig(t.measured_ms),
                ms(t.queue_ms),
                ms(t.prefill_ms),
                ms(t.rest_ms)
            ));
        }
    }
    if let Some(r) = benchfit_core::measurement::prompt_reuse(m) {
        o.push_str(&format!(
            "prefix cache: {} % of prompt tokens hit → the estimate's prompt reuse: --prefix-tokens {} at the measured mean prompt of {} tokens\n",
            sig(100.0 * r.hit_rate),
            r.prefix_tokens,
            sig(r.mean_prompt_tokens)
        ));
    }
}

/// The tool's metric definitions against benchfit's, what is missing, and the run's notes.
fn render_definitions(o: &mut String, m: &Measurement) {
    if let Some(src) = &m.source {
        if src.definitions.is_empty() {
            for d in &src.metric_definitions {
                o.push_str(&format!("note: {d}\n"));
            }
        } else {
            o.push_str("definitions (the tool's → benchfit's):\n");
            for d in &src.definitions {
                o.push_str(&format!(
                    "  {:<13} {} `{}`: {}\n  {:<13} {} {}\n",
                    d.metric,
                    if d.same_as_benchfit { "=" } else { "≠" },
                    d.tool_metric,
                    d.tool_definition,
                    "",
                    "→",
                    d.conversion
                ));
            }
        }
        for x in &src.missing {
            o.push_str(&format!("missing: {x}\n"));
        }
    }
    for n in &m.run.notes {
        o.push_str(&format!("note: {n}\n"));
    }
}

/// `x` with four significant digits (at least the units; 0.614 → "0.6140", 1234.5 → "1235"),
/// so that sub-millisecond latencies stay distinguishable.
fn sig(x: f64) -> String {
    if !x.is_finite() || x == 0.0 {
        return format!("{x}");
    }
    let decimals = (3 - x.abs().log10().floor() as i32).clamp(0, 9) as usize;
    format!("{x:.decimals$}")
}

/// Why a file was not imported.
#[derive(Debug)]
pub enum ReadError {
    /// The file could not be read.
    Io {
        /// The path given.
        path: String,
        /// The reason.
        source: std::io::Error,
    },
    /// The file was read but is not a result file the importers know.
    Import {
        /// The path given.
        path: String,
        /// The importer's reason.
        reason: String,
    },
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Io { path, source } => write!(f, "import: cannot read {path}: {source}"),
            ReadError::Import { path, reason } => write!(f, "import: {path}: {reason}"),
        }
    }
}

/// Reads `path` and converts it; the error names the file and the reason.
pub fn read(path: &str) -> Result<Measurement, ReadError> {
    let bytes = std::fs::read(path).map_err(|source| ReadError::Io {
        path: path.to_string(),
        source,
    })?;
    import(&bytes).map_err(|e| ReadError::Import {
        path: path.to_string(),
        reason: e.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::sig;

    #[test]
    fn four_significant_digits() {
        // The case: one decimal printed 0.61 and 0.64 ms alike.
        assert_eq!(sig(0.61), "0.6100");
        assert_eq!(sig(0.64), "0.6400");
        assert_eq!(sig(12.3456), "12.35");
        assert_eq!(sig(1776.38), "1776");
        assert_eq!(sig(45_678.9), "45679");
        assert_eq!(sig(0.0), "0");
        assert_eq!(sig(f64::NAN), "NaN");
    }
}
