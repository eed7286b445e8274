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
