//! Other tools' result files → [`Measurement`].
//!
//! Formats, detected from the keys (each written from the tool's documented output; the tests
//! hold one sample of each with its source):
//! - vLLM `vllm bench serve --save-result` (and `benchmarks/benchmark_serving.py`): flat keys
//!   `mean_ttft_ms`, `median_ttft_ms`, `p99_ttft_ms`, …, `request_throughput`,
//!   `output_throughput`, `total_token_throughput`; with `--save-detailed` also per-request
//!   `ttfts` (s), `itls` (s, one list per request), `input_lens`, `output_lens`, `errors`.
//! - genai-perf `profile_export_genai_perf.json` and AIPerf `profile_export_aiperf.json`:
//!   one object per metric, `{unit, avg, p50, p90, p95, p99, min, max, std}`.
//! - GuideLLM `benchmarks.json`: `benchmarks[].metrics.<name>.successful` distribution
//!   summaries (`mean`, `median`, `percentiles.p50…p99`), `request_totals`.
//! - SGLang `bench_serving --output-file`: vLLM's flat keys with `*_e2e_latency_ms`,
//!   `total_throughput` and `total_output_tokens_retokenized`, one run a line (JSON lines; the
//!   last line is read, vLLM's `--append-result` files too).
//! - llmperf `*_summary.json`: flat keys `results_ttft_s_mean`, `results_ttft_s_quantiles_p50`,
//!   … (seconds).
//! - benchfit's own measurement file (`schema`, `run`, `summary`), checked and passed through.
//!
//! Every path returns a typed error on bad input; no input bytes make it panic.

use super::{Chunk, FailureReason, ImportSource};
use super::{
    LatencySummary, LoadMode, Measurement, RequestCounts, RequestRecord, RequestStatus, RunInfo,
    SampleCounts, Summary, ThroughputSummary, SCHEMA_VERSION,
};
use crate::stats::Percentiles;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::fmt;

mod guidellm;
mod inference_perf;
mod llmperf;
mod nvidia;
mod sglang;
mod vllm;

/// The tool a result file came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SourceTool {
    /// benchfit's own measurement file.
    Benchfit,
    /// vLLM `bench serve --save-result`.
    VllmBench,
    /// NVIDIA genai-perf `profile_export_genai_perf.json`.
    GenaiPerf,
    /// NVIDIA AIPerf `profile_export_aiperf.json`.
    Aiperf,
    /// GuideLLM `benchmarks.json`.
    Guidellm,
    /// Ray llmperf `*_summary.json`.
    Llmperf,
    /// kubernetes-sigs inference-perf `summary_lifecycle_metrics.json` / `stage_N_…`.
    InferencePerf,
    /// SGLang `python -m sglang.bench_serving --output-file` (JSON lines).
    SglangBench,
}

impl fmt::Display for SourceTool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SourceTool::Benchfit => "benchfit measurement",
            SourceTool::VllmBench => "vLLM bench serve result",
            SourceTool::GenaiPerf => "genai-perf profile export",
            SourceTool::Aiperf => "AIPerf profile export",
            SourceTool::Guidellm => "GuideLLM benchmarks",
            SourceTool::Llmperf => "llmperf summary",
            SourceTool::InferencePerf => "inference-perf lifecycle report",
            SourceTool::SglangBench => "SGLang bench_serving result",
        })
    }
}

/// Why a file could not be imported.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ImportError {
    /// No bytes, or only whitespace.
    #[error("the file is empty")]
    Empty,
    /// Not a JSON document.
    #[error("the file is not JSON ({reason}); benchfit imports the JSON result files of vLLM bench serve, SGLang bench_serving (JSON lines), genai-perf, AIPerf, GuideLLM, inference-perf and llmperf")]
    NotJson {
        /// The parser's message (line and column).
        reason: String,
    },
    /// JSON, but none of the known formats.
    #[error("not a result file benchfit knows (vLLM bench serve --save-result, SGLang bench_serving --output-file, genai-perf/AIPerf profile_export*.json, GuideLLM benchmarks.json, inference-perf *_lifecycle_metrics.json, llmperf *_summary.json, benchfit measurement): {reason}")]
    UnknownFormat {
        /// What was found instead.
        reason: String,
    },
    /// A known format with missing or bad values.
    #[error("{tool} file: {reason}")]
    Invalid {
        /// The format it was recognised as.
        tool: SourceTool,
        /// What is wrong.
        reason: String,
    },
}

/// Reads a result file of any supported tool (detected from its keys) into a measurement.
///
/// The summary carries what the file states, converted to ms and per-second units; statistics
/// the file lacks are listed in `source.missing` (a missing percentile is interpolated between
/// the nearest stated ones and said so). `source.metric_definitions` says where the tool's
/// definitions differ from benchfit's (DESIGN §6).
///
/// # Errors
/// [`ImportError`] naming the file kind and the reason.
pub fn import(bytes: &[u8]) -> Result<Measurement, ImportError> {
    let m = read_any(bytes)?;
    if let Err(reason) = plausible(&m) {
        let tool = m.source.as_ref().map_or(SourceTool::Benchfit, |s| s.tool);
        return Err(ImportError::Invalid { tool, reason });
    }
    Ok(m)
}

/// The most requests or tokens one result file can count: 10^12. A larger count is no run's
/// (it is what a float such as `1e308` becomes when cast to a whole number).
const MAX_COUNT: u64 = 1_000_000_000_000;

/// Values no benchmark can produce, named by their place in the summary: a count above
/// [`MAX_COUNT`], a negative or non-finite throughput, window or latency.
fn plausible(m: &Measurement) -> Result<(), String> {
    let mut summaries = vec![("summary", &m.summary)];
    summaries.extend(m.stages.iter().map(|s| ("a stage's summary", &s.summary)));
    for (place, s) in summaries {
        let counts = [
            ("requests.completed", s.requests.completed),
            ("requests.failed", s.requests.failed),
            ("requests.incomplete", s.requests.incomplete),
            ("output_tokens", s.output_tokens),
            ("prompt_tokens", s.prompt_tokens),
        ];
        if let Some((k, v)) = counts.iter().find(|(_, v)| *v > MAX_COUNT) {
            let shown = if *v == u64::MAX {
                "too large to be a count".to_string()
            } else {
                format!("{v}")
            };
            return Err(format!(
                "{place}: {k} is {shown}, more than any run counts (at most 10^12)"
            ));
        }
        let t = &s.throughput;
        let rates = [
            ("window_s (the run's duration)", s.window_s),
            ("output tokens/s", t.output_tokens_per_s),
            ("total tokens/s", t.total_tokens_per_s),
            ("requests/s", t.requests_per_s),
        ];
        if let Some((k, v)) = rates.iter().find(|(_, v)| !v.is_finite() || *v < 0.0) {
            return Err(format!(
                "{place}: {k} is {v}; it must be a number of 0 or more"
            ));
        }
        let l = &s.latency_ms;
        for (k, p) in [
            ("ttft", &l.ttft),
            ("itl", &l.itl),
            ("tpot", &l.tpot),
            ("e2e", &l.e2e),
        ] {
            let Some(p) = p else { continue };
            let stats = [p.mean, p.p50, p.p90, p.p95, p.p99];
            if stats.iter().any(|v| !v.is_finite() || *v < 0.0) {
                return Err(format!(
                    "{place}: a {k} statistic is negative or not a number (ms: mean {}, p50 {}, p99 {})",
                    p.mean, p.p50, p.p99
                ));
            }
        }
    }
    Ok(())
}

/// [`import`] before the plausibility check: detect the format and read it.
fn read_any(bytes: &[u8]) -> Result<Measurement, ImportError> {
    if bytes.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(ImportError::Empty);
    }
    let bytes = python_literals_as_null(bytes);
    let v: Value = match serde_json::from_slice(&bytes) {
        Ok(v) => v,
        Err(e) => {
            return match json_lines(&bytes) {
                Some(records) => last_record(records),
                None => Err(ImportError::NotJson {
                    reason: e.to_string(),
                }),
            }
        }
    };
    from_value(v)
}

/// The objects of a JSON-lines file (SGLang's `--output-file`, vLLM's `--append-result`: one
/// run appended per line), when it has two or more lines and each is a JSON object; `None`
/// otherwise.
fn json_lines(bytes: &[u8]) -> Option<Vec<Value>> {
    let text = std::str::from_utf8(bytes).ok()?;
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    if lines.len() < 2 {
        return None;
    }
    lines
        .iter()
        .map(|l| {
            serde_json::from_str::<Value>(l)
                .ok()
                .filter(Value::is_object)
        })
        .collect()
}

/// The last run of a JSON-lines file (the tools append, so the last line is the newest run),
/// with a note of how many the file holds.
fn last_record(mut records: Vec<Value>) -> Result<Measurement, ImportError> {
    let n = records.len();
    let last = records.pop().expect("json_lines returns two or more");
    let mut m = from_value(last)?;
    m.run.notes.push(format!(
        "the file holds {n} runs (JSON lines, one appended per run); this is the last"
    ));
    Ok(m)
}

/// A parsed result file's value → its tool's reading.
fn from_value(v: Value) -> Result<Measurement, ImportError> {
    let Some(obj) = v.as_object() else {
        return Err(ImportError::UnknownFormat {
            reason: format!("the top level is {}, not an object", kind_of(&v)),
        });
    };
    let has = |k: &str| obj.contains_key(k);
    if has("schema") && has("summary") && has("run") {
        return benchfit(v);
    }
    if obj.get("benchmarks").is_some_and(Value::is_array) {
        return guidellm::guidellm(obj);
    }
    if obj.get("experiments").is_some_and(Value::is_array) {
        return Err(ImportError::Invalid {
            tool: SourceTool::GenaiPerf,
            reason: "this is genai-perf's raw profile_export.json (per-request timestamps, no \
                     summary); import the profile_export_genai_perf.json written beside it"
                .into(),
        });
    }
    if inference_perf::detect(obj) {
        return inference_perf::inference_perf(obj);
    }
    if obj.keys().any(|k| k.starts_with("results_")) {
        return llmperf::llmperf(obj);
    }
    if sglang::detect(obj) {
        return sglang::sglang(obj);
    }
    if has("mean_ttft_ms") || has("mean_e2el_ms") || (has("request_throughput") && has("completed"))
    {
        return vllm::vllm(obj);
    }
    if [
        "time_to_first_token",
        "request_latency",
        "inter_token_latency",
    ]
    .iter()
    .any(|k| obj.get(*k).is_some_and(Value::is_object))
    {
        let cli = obj
            .get("input_config")
            .and_then(|c| c.get("cli_command"))
            .and_then(Value::as_str)
            .unwrap_or("");
        let aiperf = has("aiperf_version")
            || has("benchmark_duration")
            || has("was_cancelled")
            || has("error_summary")
            || cli.contains("aiperf");
        return nvidia::nvidia(
            obj,
            if aiperf {
                SourceTool::Aiperf
            } else {
                SourceTool::GenaiPerf
            },
        );
    }
    let keys: Vec<&str> = obj.keys().take(8).map(String::as_str).collect();
    Err(ImportError::UnknownFormat {
        reason: if keys.is_empty() {
            "the object is empty".into()
        } else {
            format!("top-level keys {}", keys.join(", "))
        },
    })
}

/// Python's `json.dump` writes a statistic it could not compute as a bare `NaN`, `Infinity` or
/// `-Infinity` (vLLM's `--save-result` with one request: `std_ttft_ms: NaN`), which is not JSON.
/// Outside strings those tokens become `null`, so the file reads with that statistic missing
/// instead of being refused whole; everything else is left byte for byte.
fn python_literals_as_null(bytes: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    const TOKENS: [&[u8]; 3] = [b"-Infinity", b"Infinity", b"NaN"];
    let (mut out, mut in_str, mut esc, mut i, mut last) = (Vec::new(), false, false, 0, 0);
    while i < bytes.len() {
        let b = bytes[i];
        if in_str {
            match (esc, b) {
                (true, _) => esc = false,
                (false, b'\\') => esc = true,
                (false, b'"') => in_str = false,
                _ => {}
            }
            i += 1;
            continue;
        }
        if b == b'"' {
            in_str = true;
            i += 1;
            continue;
        }
        let word = |t: &[u8]| {
            bytes[i..].starts_with(t)
                && !bytes
                    .get(i + t.len())
                    .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
        };
        if let Some(t) = TOKENS.iter().find(|t| word(t)) {
            out.extend_from_slice(&bytes[last..i]);
            out.extend_from_slice(b"null");
            i += t.len();
            last = i;
            continue;
        }
        i += 1;
    }
    if last == 0 {
        return std::borrow::Cow::Borrowed(bytes);
    }
    out.extend_from_slice(&bytes[last..]);
    std::borrow::Cow::Owned(out)
}

fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn num(v: Option<&Value>) -> Option<f64> {
    v.and_then(Value::as_f64).filter(|x| x.is_finite())
}

fn count(v: Option<&Value>) -> Option<u64> {
    num(v).filter(|x| *x >= 0.0).map(|x| x.round() as u64)
}

fn to_u32(x: f64) -> u32 {
    if x.is_finite() && x > 0.0 {
        x.round().min(u32::MAX as f64) as u32
    } else {
        0
    }
}

/// Builds mean/p50/p90/p95/p99 from stated quantiles `(q in 0..=1, value)` and a mean, filling
/// missing percentiles by linear interpolation between the nearest stated ones (the nearest one
/// at the ends) and recording each filled one in `missing` as `name.pXX`.
fn complete(
    name: &str,
    mean: Option<f64>,
    mut known: Vec<(f64, f64)>,
    missing: &mut Vec<String>,
) -> Option<Percentiles> {
    known.retain(|(q, v)| q.is_finite() && v.is_finite());
    let order = crate::stats::stable_order(known.len(), &|a, b| known[a].0.total_cmp(&known[b].0));
    crate::stats::apply_order(&mut known, &order);
    if known.is_empty() && mean.is_none() {
        missing.push(format!("{name} (not in the file)"));
        return None;
    }
    let mut filled = Vec::new();
    let mut at = |q: f64, label: &str| -> f64 {
        if let Some(&(_, v)) = known.iter().find(|(k, _)| (k - q).abs() < 1e-9) {
            return v;
        }
        filled.push(label.to_string());
        let below = known.iter().rev().find(|(k, _)| *k < q);
        let above = known.iter().find(|(k, _)| *k > q);
        match (below, above) {
            (Some(&(q0, v0)), Some(&(q1, v1))) => v0 + (q - q0) / (q1 - q0) * (v1 - v0),
            (Some(&(_, v)), None) | (None, Some(&(_, v))) => v,
            (None, None) => mean.unwrap_or(f64::NAN),
        }
    };
    let p = Percentiles {
        mean: f64::NAN,
        p50: at(0.5, "p50"),
        p90: at(0.9, "p90"),
        p95: at(0.95, "p95"),
        p99: at(0.99, "p99"),
    };
    let mean = match mean {
        Some(m) => m,
        None => {
            filled.push("mean (set to p50)".into());
            p.p50
        }
    };
    if !filled.is_empty() {
        missing.push(format!(
            "{name}.{} (interpolated between stated percentiles)",
            filled.join("/")
        ));
    }
    let p = Percentiles { mean, ..p };
    p.is_finite().then_some(p)
}

fn scaled(p: Option<Percentiles>, k: f64) -> Option<Percentiles> {
    p.map(|p| Percentiles {
        mean: p.mean * k,
        p50: p.p50 * k,
        p90: p.p90 * k,
        p95: p.p95 * k,
        p99: p.p99 * k,
    })
}

/// One metric of an imported file in the metric Rosetta: what the tool calls it, how the tool
/// defines it, and how its value was converted to benchfit's definition (DESIGN §6: TTFT request
/// sent → first content token; ITL every gap between consecutive tokens, a chunk of k tokens
/// counting as k gaps; TPOT per request (E2E − TTFT)/(output tokens − 1); throughput over the
/// window from the first send to the last token; token counts the server's usage counts).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MetricDefinition {
    /// benchfit's metric: `ttft`, `itl`, `tpot`, `e2e`, `throughput`, `output_tokens` or
    /// `prompt_tokens`.
    pub metric: String,
    /// The tool's own name (its file key, or its column for a derived value).
    pub tool_metric: String,
    /// How the tool defines it (from the tool's source, named in the importer).
    pub tool_definition: String,
    /// What was done to the value: "same definition", the conversion applied, or why the value
    /// still differs from benchfit's.
    pub conversion: String,
    /// Whether the imported value has benchfit's definition (after the conversion).
    pub same_as_benchfit: bool,
}

/// A Rosetta entry (see [`MetricDefinition`]).
fn def(
    metric: &str,
    tool_metric: &str,
    tool_definition: &str,
    conversion: &str,
    same_as_benchfit: bool,
) -> MetricDefinition {
    MetricDefinition {
        metric: metric.into(),
        tool_metric: tool_metric.into(),
        tool_definition: tool_definition.into(),
        conversion: conversion.into(),
        same_as_benchfit,
    }
}

fn measurement(
    tool: SourceTool,
    run: RunInfo,
    summary: Summary,
    defs: Vec<MetricDefinition>,
    missing: Vec<String>,
) -> Measurement {
    let mut m = Measurement::new(run);
    m.summary = summary;
    m.source = Some(ImportSource {
        tool,
        metric_definitions: defs
            .iter()
            .map(|d| {
                format!(
                    "{}: `{}` = {}; {}",
                    d.metric, d.tool_metric, d.tool_definition, d.conversion
                )
            })
            .collect(),
        missing,
        definitions: defs,
    });
    m
}

fn run_info(tool: &str, version: Option<String>, model: Option<String>) -> RunInfo {
    RunInfo {
        tool: tool.into(),
        tool_version: version,
        model,
        ..RunInfo::default()
    }
}

/// (year, month, day) of the day `days` after 1970-01-01 (proleptic Gregorian; H. Hinnant's
/// `civil_from_days`, <https://howardhinnant.github.io/date_algorithms.html>).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

fn str_of(v: Option<&Value>) -> Option<String> {
    v.and_then(Value::as_str).map(str::to_string)
}

// ---------------------------------------------------------------- benchfit

fn benchfit(v: Value) -> Result<Measurement, ImportError> {
    let tool = SourceTool::Benchfit;
    let schema = v.get("schema").and_then(Value::as_u64);
    if schema != Some(u64::from(SCHEMA_VERSION)) {
        return Err(ImportError::Invalid {
            tool,
            reason: format!(
                "schema {} is not supported (this version reads schema {SCHEMA_VERSION})",
                v.get("schema").map(Value::to_string).unwrap_or_default()
            ),
        });
    }
    let m: Measurement = serde_json::from_value(v).map_err(|e| ImportError::Invalid {
        tool,
        reason: e.to_string(),
    })?;
    check_stages(&m).map_err(|reason| ImportError::Invalid { tool, reason })?;
    Ok(m)
}

/// A multi-stage file's stages are numbered 0, 1, … in order, its headline stage and every
/// record's stage name one of them; a single-stage file has no stage anywhere.
fn check_stages(m: &Measurement) -> Result<(), String> {
    let n = m.stages.len();
    if let Some((i, s)) = m
        .stages
        .iter()
        .enumerate()
        .find(|(i, s)| s.index as usize != *i)
    {
        return Err(format!("stages[{i}] has index {}", s.index));
    }
    match &m.multi_stage {
        Some(ms) if ms.headline_stage as usize >= n => {
            return Err(format!(
                "multi_stage.headline_stage {} but {n} stages",
                ms.headline_stage
            ))
        }
        None if n > 0 => return Err(format!("{n} stages but no multi_stage")),
        _ => {}
    }
    if let Some(r) = m
        .requests
        .iter()
        .find(|r| r.stage.map_or(n > 0, |s| s as usize >= n))
    {
        return Err(match r.stage {
            Some(s) => format!(
                "request {} is in stage {s} but there are {n} stages",
                r.index
            ),
            None => format!("request {} has no stage in a {n}-stage file", r.index),
        });
    }
    for (i, e) in m.engine_time.iter().enumerate() {
        if e.stage.map_or(n > 0, |s| s as usize >= n) {
            return Err(match e.stage {
                Some(s) => format!("engine_time[{i}] is for stage {s} but there are {n} stages"),
                None => format!("engine_time[{i}] has no stage in a {n}-stage file"),
            });
        }
        if let Some(c) = e.prefix_cache {
            if !(0.0..=1.0).contains(&c.hit_rate) {
                return Err(format!(
                    "engine_time[{i}].prefix_cache.hit_rate {} is not between 0 and 1",
                    c.hit_rate
                ));
            }
        }
    }
    Ok(())
}
