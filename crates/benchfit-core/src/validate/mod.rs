//! Validation against published measurements: run the model on every row of a measurements
//! table (the TSV shape of `../shared/data/measured_dev.tsv`) and compare.
//!
//! Two modes. *Uncalibrated*: the runtime's prior efficiencies. *Calibrated* (leave one out):
//! each row is predicted from another row of the same model, GPU, runtime and weights, written
//! as a benchmark claim and read back through the claim reader, exactly as a user's paste would.

use crate::catalog;
use crate::input::{Arrival, Load, Scenario};
use crate::project::{estimate_with, Estimate, PricePolicy};
use crate::stats::quantile_sorted;
use serde::Serialize;

mod dev;
mod online;

pub use dev::validate;
pub use online::{
    online_part, validate_online, MetricErrors, OnlineFigures, OnlineGroup, OnlineReport,
    OnlineRow, Part,
};

/// A table row's deployment, as catalog ids.
pub(super) struct RowDeployment<'a> {
    /// Model id.
    pub model: &'a str,
    /// GPU id.
    pub gpu: &'a str,
    /// GPUs in all.
    pub gpus: u32,
    /// GPUs in one tensor-parallel group.
    pub tp: u32,
    /// Weight format id.
    pub weights: &'a str,
    /// KV format id, where the row states one.
    pub kv: Option<String>,
    /// Runtime id.
    pub runtime: &'a str,
}

/// A table row's traffic: lengths (mean tokens, and their spread where the dataset has one),
/// the load and how many requests to simulate.
pub(super) struct RowTraffic {
    /// Mean prompt tokens.
    pub prompt: u32,
    /// Mean output tokens.
    pub output: u32,
    /// Standard deviation of the prompt tokens (`None`: fixed).
    pub prompt_sd: Option<f64>,
    /// Standard deviation of the output tokens (`None`: fixed).
    pub output_sd: Option<f64>,
    /// Concurrency or rate.
    pub load: Load,
    /// Requests to simulate.
    pub requests: u32,
}

/// The scenario of a measurements-table row (dev and online tables alike): its deployment and
/// traffic at the engine's defaults (but an explicit `max_num_seqs`), seed 1, no price, no
/// claim and no prompt reuse.
pub(super) fn row_scenario(
    d: RowDeployment<'_>,
    t: RowTraffic,
    max_num_seqs: Option<u32>,
) -> Scenario {
    Scenario {
        benchmark: String::new(),
        model: Some(d.model.into()),
        gpu: Some(d.gpu.into()),
        gpus: Some(d.gpus),
        tp: Some(d.tp),
        weights: Some(d.weights.into()),
        kv_dtype: d.kv,
        runtime: Some(d.runtime.into()),
        mem_fraction: None,
        prompt_tokens: t.prompt,
        output_tokens: t.output,
        load: t.load,
        price_usd_per_gpu_hour: None,
        busy_hours: 24.0,
        prompt_sd: t.prompt_sd,
        output_sd: t.output_sd,
        requests: t.requests,
        seed: 1,
        slo: Default::default(),
        max_num_seqs,
        max_batched_tokens: None,
        block_size: None,
        prefix_tokens: None,
        prompt_pool: None,
        claim_overrides: Default::default(),
        price_tier: Default::default(),
    }
}

/// What a row measures, in the units the model reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RowMetric {
    /// Output tokens per second, whole deployment.
    OutputTokensPerS,
    /// Requests per second.
    RequestsPerS,
    /// One stream's decode speed, tokens per second (1 / TPOT).
    PerUserTokensPerS,
    /// One prompt's prefill speed, tokens per second.
    PrefillTokensPerS,
    /// Mean TTFT, ms.
    TtftMs,
    /// Mean TPOT, ms.
    TpotMs,
    /// Mean ITL, ms.
    ItlMs,
    /// Mean E2E latency, ms.
    E2eMs,
}

impl RowMetric {
    /// Throughput-like (rates) vs latency.
    pub fn is_latency(self) -> bool {
        matches!(
            self,
            Self::TtftMs | Self::TpotMs | Self::ItlMs | Self::E2eMs
        )
    }

    fn of(self, e: &Estimate, prompt_tokens: f64) -> f64 {
        match self {
            Self::OutputTokensPerS => e.throughput.output_tokens_per_s,
            Self::RequestsPerS => e.throughput.requests_per_s,
            Self::PerUserTokensPerS => 1e3 / e.latency_ms.tpot.mean,
            Self::PrefillTokensPerS => prompt_tokens / e.latency_ms.ttft.mean * 1e3,
            Self::TtftMs => e.latency_ms.ttft.mean,
            Self::TpotMs => e.latency_ms.tpot.mean,
            Self::ItlMs => e.latency_ms.itl.mean,
            Self::E2eMs => e.latency_ms.e2e.mean,
        }
    }

    /// The figure as a claim would state it.
    fn phrase(self, v: f64) -> String {
        match self {
            Self::OutputTokensPerS => format!("{v:.1} output tokens/s aggregate"),
            Self::RequestsPerS => format!("{v:.4} requests per second"),
            Self::PerUserTokensPerS => format!("{v:.2} tokens/s per user"),
            Self::PrefillTokensPerS => format!("{v:.1} prefill tokens/s"),
            Self::TtftMs => format!("TTFT {v:.2} ms"),
            Self::TpotMs => format!("TPOT {v:.3} ms"),
            Self::ItlMs => format!("ITL {v:.3} ms"),
            Self::E2eMs => format!("E2E latency {v:.1} ms"),
        }
    }
}

/// A row mapped onto benchfit's inputs.
#[derive(Debug, Clone, PartialEq)]
pub struct Case {
    /// Line in the file (1-based, header = 1).
    pub line: usize,
    /// Short description.
    pub label: String,
    /// The deployment and traffic (no benchmark claim).
    pub scenario: Scenario,
    /// Saturated (offline / unbounded) load: the concurrency is the deployment's KV ceiling.
    pub saturated: bool,
    /// What was measured.
    pub metric: RowMetric,
    /// The measured value, whole deployment.
    pub measured: f64,
    /// Grouping for leave-one-out: model, GPU, runtime, weights.
    pub key: String,
    /// What benchfit assumed to map the row.
    pub notes: Vec<String>,
    /// A claim can state this row's conditions (fixed lengths, no finite-batch drain), so it
    /// can serve as the benchmark of another row.
    pub stateable: bool,
}

/// One row's outcome.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RowResult {
    /// Line in the file.
    pub line: usize,
    /// Short description.
    pub label: String,
    /// What was measured.
    pub metric: Option<RowMetric>,
    /// The measured value.
    pub measured: Option<f64>,
    /// Uncalibrated prediction.
    pub predicted: Option<f64>,
    /// Leave-one-out calibrated prediction and the line it was calibrated on.
    pub calibrated: Option<(f64, usize)>,
    /// Why the row was skipped, or why a prediction failed.
    pub skipped: Option<String>,
    /// Assumptions made to map the row.
    pub notes: Vec<String>,
}

/// Error statistics of one group of rows.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ErrorStats {
    /// Rows.
    pub n: usize,
    /// Median absolute percentage error.
    pub median_ape: f64,
    /// 90th percentile absolute percentage error.
    pub p90_ape: f64,
}

/// The validation report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ValidationReport {
    /// Every row.
    pub rows: Vec<RowResult>,
    /// Throughput rows, uncalibrated.
    pub throughput_uncalibrated: Option<ErrorStats>,
    /// Latency rows, uncalibrated.
    pub latency_uncalibrated: Option<ErrorStats>,
    /// Throughput rows, calibrated (leave one out).
    pub throughput_calibrated: Option<ErrorStats>,
    /// Latency rows, calibrated (leave one out).
    pub latency_calibrated: Option<ErrorStats>,
    /// Throughput rows that have a calibrated prediction, uncalibrated: the fair comparison
    /// for [`ValidationReport::throughput_calibrated`] (the same rows).
    pub throughput_uncalibrated_paired: Option<ErrorStats>,
    /// Latency rows that have a calibrated prediction, uncalibrated.
    pub latency_uncalibrated_paired: Option<ErrorStats>,
}

/// Why a file cannot be validated at all.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ValidateError {
    /// A required column is missing from the header.
    #[error("the header has no {0:?} column (expected the columns of measured_dev.tsv)")]
    MissingColumn(&'static str),
    /// No rows.
    #[error("the file has a header but no rows")]
    Empty,
}

const COLUMNS: [&str; 14] = [
    "model",
    "gpu",
    "gpu_count",
    "tp",
    "runtime",
    "weight_dtype",
    "kv_dtype",
    "input_len",
    "output_len",
    "concurrency_or_batch",
    "request_rate",
    "metric",
    "value",
    "unit",
];

/// A tab-separated table with a header row, as both measurement tables are written.
struct Tsv<'a> {
    header: Vec<&'a str>,
    body: Vec<&'a str>,
}

impl<'a> Tsv<'a> {
    /// Reads the header and checks it has every column in `required`.
    fn read(text: &'a str, required: &[&'static str]) -> Result<Tsv<'a>, ValidateError> {
        let mut lines = text.lines();
        let header: Vec<&str> = lines
            .next()
            .unwrap_or("")
            .split('\t')
            .map(str::trim)
            .collect();
        if let Some(c) = required.iter().find(|c| !header.contains(c)) {
            return Err(ValidateError::MissingColumn(c));
        }
        Ok(Tsv {
            header,
            body: lines.collect(),
        })
    }

    /// The non-blank rows with their 0-based index in the body (file line = index + 2).
    fn rows(&self) -> impl Iterator<Item = (usize, &'a str)> + '_ {
        self.body
            .iter()
            .copied()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
    }

    /// The trimmed cell of `line` under column `name` ("" when the row is short).
    fn cell(&self, line: &str, name: &str) -> String {
        self.header
            .iter()
            .position(|h| *h == name)
            .and_then(|j| line.split('\t').nth(j))
            .map(|c| c.trim().to_string())
            .unwrap_or_default()
    }
}

fn leading_number(s: &str) -> Option<f64> {
    let t = s.trim().trim_start_matches('~');
    let end = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
        .unwrap_or(t.len());
    t[..end].replace(',', "").parse().ok()
}
