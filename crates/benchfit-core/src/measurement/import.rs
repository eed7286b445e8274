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
//! - llmperf `*_summary.json`: flat keys `results_ttft_s_mean`, `results_ttft_s_quantiles_p50`,
//!   … (seconds).
//! - benchfit's own measurement file (`schema`, `run`, `summary`), checked and passed through.
//!
//! Every path returns a typed error on bad input; no input bytes make it panic.

use super::{Chunk, FailureReason, ImportSource};
use super::{
    LatencySummary, LoadMode, Measurement, RequestCounts, RequestRecord, RequestStatus, RunInfo,
    Summary, ThroughputSummary, SCHEMA_VERSION,
};
use crate::stats::Percentiles;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::fmt;

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
    #[error("the file is not JSON ({reason}); benchfit imports the JSON result files of vLLM bench serve, genai-perf, AIPerf, GuideLLM and llmperf")]
    NotJson {
        /// The parser's message (line and column).
        reason: String,
    },
    /// JSON, but none of the known formats.
    #[error("not a result file benchfit knows (vLLM bench serve --save-result, genai-perf/AIPerf profile_export*.json, GuideLLM benchmarks.json, llmperf *_summary.json, benchfit measurement): {reason}")]
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
    if bytes.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(ImportError::Empty);
    }
    let v: Value = serde_json::from_slice(bytes).map_err(|e| ImportError::NotJson {
        reason: e.to_string(),
    })?;
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
        return guidellm(obj);
    }
    if obj.keys().any(|k| k.starts_with("results_")) {
        return llmperf(obj);
    }
    if has("mean_ttft_ms") || has("mean_e2el_ms") || (has("request_throughput") && has("completed"))
    {
        return vllm(obj);
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
        let aiperf = has("benchmark_duration")
            || has("was_cancelled")
            || has("error_summary")
            || cli.contains("aiperf");
        return nvidia(
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

fn measurement(
    tool: SourceTool,
    run: RunInfo,
    summary: Summary,
    defs: Vec<String>,
    missing: Vec<String>,
) -> Measurement {
    let mut m = Measurement::new(run);
    m.summary = summary;
    m.source = Some(ImportSource {
        tool,
        metric_definitions: defs,
        missing,
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
    Ok(())
}

// ---------------------------------------------------------------- vLLM

fn vllm(o: &Map<String, Value>) -> Result<Measurement, ImportError> {
    let tool = SourceTool::VllmBench;
    let mut missing = Vec::new();
    let stat = |metric: &str, missing: &mut Vec<String>, name: &str| {
        let mut known = Vec::new();
        for (k, v) in o {
            let Some(rest) = k.strip_suffix(&format!("_{metric}_ms")) else {
                continue;
            };
            let Some(x) = num(Some(v)) else { continue };
            if rest == "median" {
                known.push((0.5, x));
            } else if let Some(p) = rest.strip_prefix('p').and_then(|p| p.parse::<f64>().ok()) {
                if (0.0..=100.0).contains(&p) {
                    known.push((p / 100.0, x));
                }
            }
        }
        complete(
            name,
            num(o.get(&format!("mean_{metric}_ms"))),
            known,
            missing,
        )
    };
    let latency = LatencySummary {
        ttft: stat("ttft", &mut missing, "ttft"),
        itl: stat("itl", &mut missing, "itl"),
        tpot: stat("tpot", &mut missing, "tpot"),
        e2e: stat("e2el", &mut missing, "e2e"),
    };
    let completed = count(o.get("completed")).ok_or_else(|| ImportError::Invalid {
        tool,
        reason: "no `completed` count".into(),
    })?;
    let failed = count(o.get("failed"))
        .unwrap_or_else(|| count(o.get("num_prompts")).map_or(0, |n| n.saturating_sub(completed)));
    let duration_s = num(o.get("duration"));
    let throughput = ThroughputSummary {
        output_tokens_per_s: num(o.get("output_throughput")).unwrap_or(0.0),
        total_tokens_per_s: num(o.get("total_token_throughput")).unwrap_or(0.0),
        requests_per_s: num(o.get("request_throughput")).unwrap_or(0.0),
    };
    let mut run = run_info(
        "vllm bench serve",
        str_of(o.get("vllm_version")),
        str_of(o.get("model_id")).or_else(|| str_of(o.get("model"))),
    );
    run.started_at = str_of(o.get("date"));
    run.load = match (num(o.get("max_concurrency")), o.get("request_rate")) {
        (Some(c), _) => Some(LoadMode::Concurrency {
            concurrency: to_u32(c),
        }),
        (None, Some(r)) => num(Some(r)).map(|r| LoadMode::Rate {
            requests_per_s: r,
            arrival: if num(o.get("burstiness")).unwrap_or(1.0) == 1.0 {
                "poisson"
            } else {
                "gamma"
            }
            .into(),
            burstiness: num(o.get("burstiness")).unwrap_or(1.0),
        }),
        _ => None,
    };
    let mut summary = Summary {
        throughput,
        latency_ms: latency,
        requests: RequestCounts {
            completed,
            failed,
            incomplete: 0,
        },
        window_s: duration_s.unwrap_or(0.0),
        output_tokens: count(o.get("total_output_tokens")).unwrap_or(0),
        prompt_tokens: count(o.get("total_input_tokens")).unwrap_or(0),
        ..Summary::default()
    };
    let mut m_requests = Vec::new();
    // Per-request arrays (--save-detailed): ttfts and itls in seconds.
    if let (Some(ttfts), Some(outs)) = (
        o.get("ttfts").and_then(Value::as_array),
        o.get("output_lens").and_then(Value::as_array),
    ) {
        let itls = o.get("itls").and_then(Value::as_array);
        let ins = o.get("input_lens").and_then(Value::as_array);
        let errs = o.get("errors").and_then(Value::as_array);
        for (i, t) in ttfts.iter().enumerate() {
            let err = errs
                .and_then(|e| e.get(i))
                .and_then(Value::as_str)
                .filter(|s| !s.is_empty())
                .map(str::to_string);
            let ttft_ms = num(Some(t)).map(|s| s * 1000.0);
            let out = to_u32(num(outs.get(i)).unwrap_or(0.0));
            let mut chunks = Vec::new();
            let mut t_ms = ttft_ms.unwrap_or(0.0);
            if err.is_none() && out > 0 {
                chunks.push(Chunk { t_ms, tokens: 1 });
                for g in itls
                    .and_then(|l| l.get(i))
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                {
                    t_ms += num(Some(g)).unwrap_or(0.0) * 1000.0;
                    chunks.push(Chunk { t_ms, tokens: 1 });
                }
            }
            m_requests.push(RequestRecord {
                index: i as u64,
                ttft_ms: if err.is_none() { ttft_ms } else { None },
                e2e_ms: if err.is_none() { Some(t_ms) } else { None },
                chunks,
                output_tokens: out,
                prompt_tokens: ins.and_then(|l| num(l.get(i))).map(to_u32),
                token_source: "usage_final".into(),
                status: if err.is_some() {
                    RequestStatus::Failed
                } else {
                    RequestStatus::Ok
                },
                error: err,
                ..RequestRecord::default()
            });
        }
        let mut reasons: Vec<FailureReason> = Vec::new();
        for r in m_requests
            .iter()
            .filter(|r| r.status == RequestStatus::Failed)
        {
            let reason = r.error.clone().unwrap_or_default();
            match reasons.iter_mut().find(|f| f.reason == reason) {
                Some(f) => f.count += 1,
                None => reasons.push(FailureReason { reason, count: 1 }),
            }
        }
        summary.failure_reasons = reasons;
    }
    let defs = vec![
        "TTFT: request sent → first streamed chunk".into(),
        "ITL: one gap per streamed chunk, pooled (a chunk carrying k tokens is one gap, not k)"
            .into(),
        "TPOT: (E2E − TTFT)/(output tokens − 1) per request, excluding the first token".into(),
        "throughput: tokens of successful requests over the whole benchmark duration".into(),
        "per-request e2e_ms, where present, is TTFT + the sum of that request's ITLs".into(),
    ];
    let mut m = measurement(tool, run, summary, defs, missing);
    m.requests = m_requests;
    Ok(m)
}

// ---------------------------------------------------------------- genai-perf / AIPerf

fn unit_to_ms(unit: &str) -> Option<f64> {
    match unit.trim().to_ascii_lowercase().as_str() {
        "ms" | "milliseconds" => Some(1.0),
        "ns" | "nanoseconds" => Some(1e-6),
        "us" | "µs" | "microseconds" => Some(1e-3),
        "s" | "sec" | "seconds" => Some(1000.0),
        _ => None,
    }
}

fn nvidia(o: &Map<String, Value>, tool: SourceTool) -> Result<Measurement, ImportError> {
    let mut missing = Vec::new();
    // Some AIPerf versions nest the metrics under `records`.
    let metrics = o.get("records").and_then(Value::as_object).unwrap_or(o);
    let lat = |key: &str,
               name: &str,
               missing: &mut Vec<String>|
     -> Result<Option<Percentiles>, ImportError> {
        let Some(m) = metrics.get(key).and_then(Value::as_object) else {
            missing.push(format!("{name} (no `{key}`)"));
            return Ok(None);
        };
        let unit = m.get("unit").and_then(Value::as_str).unwrap_or("ms");
        let k = unit_to_ms(unit).ok_or_else(|| ImportError::Invalid {
            tool,
            reason: format!("`{key}` has unit {unit:?}, not a time unit"),
        })?;
        let known = [
            ("p50", 0.5),
            ("p90", 0.9),
            ("p95", 0.95),
            ("p99", 0.99),
            ("p75", 0.75),
            ("p25", 0.25),
        ]
        .iter()
        .filter_map(|(p, q)| num(m.get(*p)).map(|v| (*q, v)))
        .chain(num(m.get("min")).map(|v| (0.0, v)))
        .chain(num(m.get("max")).map(|v| (1.0, v)))
        .collect();
        Ok(scaled(complete(name, num(m.get("avg")), known, missing), k))
    };
    let avg = |key: &str| num(metrics.get(key).and_then(|m| m.get("avg")));
    let latency = LatencySummary {
        ttft: lat("time_to_first_token", "ttft", &mut missing)?,
        itl: None,
        tpot: lat("inter_token_latency", "tpot", &mut missing)?,
        e2e: lat("request_latency", "e2e", &mut missing)?,
    };
    missing.push("itl (the tool reports no pooled inter-token gaps)".into());
    let requests_per_s = avg("request_throughput").unwrap_or(0.0);
    let output_tokens_per_s = avg("output_token_throughput").unwrap_or(0.0);
    let isl = avg("input_sequence_length");
    let total_tokens_per_s = match isl {
        Some(isl) => output_tokens_per_s + requests_per_s * isl,
        None => {
            missing.push("throughput.total_tokens_per_s (no input_sequence_length)".into());
            output_tokens_per_s
        }
    };
    let errors = count(o.get("error_request_count")).or_else(|| {
        o.get("error_summary").and_then(Value::as_array).map(|a| {
            a.iter()
                .filter_map(|e| count(e.get("count")))
                .fold(0u64, u64::saturating_add)
        })
    });
    let completed = avg("request_count").map(|c| to_u32(c) as u64).unwrap_or(0);
    let failure_reasons = o
        .get("error_summary")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|e| {
                    let d = e.get("error_details")?;
                    let reason = match (num(d.get("code")), d.get("type").and_then(Value::as_str)) {
                        (Some(c), Some(t)) => format!("http {c} {t}"),
                        (Some(c), None) => format!("http {c}"),
                        (None, Some(t)) => t.to_string(),
                        (None, None) => "unknown".into(),
                    };
                    Some(FailureReason {
                        reason,
                        count: count(e.get("count"))?,
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    let cfg = o.get("input_config");
    let model = cfg
        .and_then(|c| {
            c.get("endpoint")
                .and_then(|e| e.get("model_names"))
                .or_else(|| c.get("model_names"))
        })
        .and_then(|m| m.get(0))
        .and_then(Value::as_str)
        .map(str::to_string);
    let name = if tool == SourceTool::Aiperf {
        "aiperf"
    } else {
        "genai-perf"
    };
    let mut run = run_info(name, str_of(o.get("aiperf_version")), model);
    run.started_at = str_of(o.get("start_time"));
    run.ended_at = str_of(o.get("end_time"));
    run.partial = o
        .get("was_cancelled")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let conc = cfg.and_then(|c| {
        c.get("loadgen")
            .and_then(|l| l.get("concurrency"))
            .or_else(|| c.get("concurrency"))
    });
    run.load = num(conc).map(|c| LoadMode::Concurrency {
        concurrency: to_u32(c),
    });
    let window_s = num(metrics.get("benchmark_duration").and_then(|m| m.get("avg"))).unwrap_or(0.0);
    let summary = Summary {
        throughput: ThroughputSummary {
            output_tokens_per_s,
            total_tokens_per_s,
            requests_per_s,
        },
        latency_ms: latency,
        requests: RequestCounts {
            completed,
            failed: errors.unwrap_or(0),
            incomplete: 0,
        },
        failure_reasons,
        window_s,
        output_tokens: avg("total_osl").map(|x| x as u64).unwrap_or(0),
        prompt_tokens: avg("total_isl").map(|x| x as u64).unwrap_or(0),
        ..Summary::default()
    };
    let defs = vec![
        format!("{name} inter_token_latency is per request (E2E − TTFT)/(output tokens − 1): imported as benchfit's TPOT"),
        "TTFT: request sent → first response chunk with content".into(),
        "total_tokens_per_s derived: output tokens/s + requests/s × mean input sequence length".into(),
    ];
    Ok(measurement(tool, run, summary, defs, missing))
}

// ---------------------------------------------------------------- GuideLLM

fn guidellm(o: &Map<String, Value>) -> Result<Measurement, ImportError> {
    let tool = SourceTool::Guidellm;
    let benchmarks = o
        .get("benchmarks")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or(&[]);
    let Some(b) = benchmarks.first() else {
        return Err(ImportError::Invalid {
            tool,
            reason: "`benchmarks` is empty".into(),
        });
    };
    let Some(metrics) = b.get("metrics").and_then(Value::as_object) else {
        return Err(ImportError::Invalid {
            tool,
            reason: "benchmarks[0] has no `metrics` object".into(),
        });
    };
    let mut missing = Vec::new();
    let dist = |key: &str| {
        metrics
            .get(key)
            .and_then(|m| m.get("successful"))
            .and_then(Value::as_object)
    };
    let lat = |key: &str, name: &str, k: f64, missing: &mut Vec<String>| {
        let Some(d) = dist(key) else {
            missing.push(format!("{name} (no `{key}.successful`)"));
            return None;
        };
        let pct = d.get("percentiles");
        let mut known: Vec<(f64, f64)> = [
            ("p50", 0.5),
            ("p90", 0.9),
            ("p95", 0.95),
            ("p99", 0.99),
            ("p75", 0.75),
            ("p25", 0.25),
        ]
        .iter()
        .filter_map(|(p, q)| num(pct.and_then(|x| x.get(*p))).map(|v| (*q, v)))
        .collect();
        if !known.iter().any(|(q, _)| *q == 0.5) {
            if let Some(m) = num(d.get("median")) {
                known.push((0.5, m));
            }
        }
        known.extend(num(d.get("min")).map(|v| (0.0, v)));
        known.extend(num(d.get("max")).map(|v| (1.0, v)));
        scaled(complete(name, num(d.get("mean")), known, missing), k)
    };
    let latency = LatencySummary {
        ttft: lat("time_to_first_token_ms", "ttft", 1.0, &mut missing),
        itl: None,
        tpot: lat("inter_token_latency_ms", "tpot", 1.0, &mut missing),
        e2e: lat("request_latency", "e2e", 1000.0, &mut missing),
    };
    missing.push("itl (GuideLLM reports per-request means, not pooled gaps)".into());
    let totals = b.get("request_totals");
    let completed = count(totals.and_then(|t| t.get("successful"))).unwrap_or(0);
    let failed = count(totals.and_then(|t| t.get("errored"))).unwrap_or(0);
    let incomplete = count(totals.and_then(|t| t.get("incomplete"))).unwrap_or(0);
    let duration = num(b.get("duration")).or_else(|| {
        match (num(b.get("start_time")), num(b.get("end_time"))) {
            (Some(s), Some(e)) if e > s => Some(e - s),
            _ => None,
        }
    });
    let sum_of = |key: &str| num(dist(key).and_then(|d| d.get("total_sum")));
    let out_sum = sum_of("output_token_count");
    let in_sum = sum_of("prompt_token_count");
    let throughput = match (duration, out_sum) {
        (Some(d), Some(out)) if d > 0.0 => ThroughputSummary {
            output_tokens_per_s: out / d,
            total_tokens_per_s: (out + in_sum.unwrap_or(0.0)) / d,
            requests_per_s: completed as f64 / d,
        },
        _ => {
            missing
                .push("throughput (no duration or token totals: the rate means were used)".into());
            let mean = |k: &str| num(dist(k).and_then(|d| d.get("mean"))).unwrap_or(0.0);
            ThroughputSummary {
                output_tokens_per_s: mean("output_tokens_per_second"),
                total_tokens_per_s: mean("tokens_per_second"),
                requests_per_s: mean("requests_per_second"),
            }
        }
    };
    let args = b.get("args").or_else(|| o.get("args"));
    let model = args
        .and_then(|a| a.get("model"))
        .or_else(|| b.get("worker").and_then(|w| w.get("backend_model")))
        .and_then(Value::as_str)
        .map(str::to_string);
    let mut run = run_info("guidellm", None, model);
    if benchmarks.len() > 1 {
        run.notes.push(format!(
            "the file holds {} benchmarks (a sweep); this is the first",
            benchmarks.len()
        ));
    }
    let strategy = args
        .and_then(|a| a.get("strategy"))
        .or_else(|| b.get("scheduler").and_then(|s| s.get("strategy")));
    let stype = strategy
        .and_then(|s| s.get("type_"))
        .and_then(Value::as_str)
        .unwrap_or("");
    run.load = match stype {
        "concurrent" => {
            num(strategy.and_then(|s| s.get("streams"))).map(|c| LoadMode::Concurrency {
                concurrency: to_u32(c),
            })
        }
        "synchronous" => Some(LoadMode::Concurrency { concurrency: 1 }),
        "constant" | "poisson" => {
            num(strategy.and_then(|s| s.get("rate"))).map(|r| LoadMode::Rate {
                requests_per_s: r,
                arrival: stype.into(),
                burstiness: 1.0,
            })
        }
        _ => None,
    };
    let mut requests = Vec::new();
    let successful = b
        .get("requests")
        .and_then(|r| r.get("successful"))
        .and_then(Value::as_array);
    for (i, r) in successful.into_iter().flatten().enumerate() {
        let e2e = num(r.get("request_latency")).map(|s| s * 1000.0);
        requests.push(RequestRecord {
            index: i as u64,
            ttft_ms: num(r.get("time_to_first_token_ms")),
            e2e_ms: e2e,
            output_tokens: to_u32(num(r.get("output_tokens")).unwrap_or(0.0)),
            prompt_tokens: num(r.get("prompt_tokens")).map(to_u32),
            token_source: "usage_final".into(),
            status: RequestStatus::Ok,
            ..RequestRecord::default()
        });
    }
    let summary = Summary {
        throughput,
        latency_ms: latency,
        requests: RequestCounts {
            completed,
            failed,
            incomplete,
        },
        window_s: duration.unwrap_or(0.0),
        output_tokens: out_sum.map(|x| x as u64).unwrap_or(0),
        prompt_tokens: in_sum.map(|x| x as u64).unwrap_or(0),
        ..Summary::default()
    };
    let defs = vec![
        "GuideLLM time_per_output_token_ms includes the first token (E2E / output tokens): not imported as TPOT".into(),
        "GuideLLM inter_token_latency_ms is per request (E2E − TTFT)/(output tokens − 1): imported as benchfit's TPOT".into(),
        "request_latency is in seconds in the file (converted to ms)".into(),
    ];
    let mut m = measurement(tool, run, summary, defs, missing);
    m.requests = requests;
    Ok(m)
}

// ---------------------------------------------------------------- llmperf

fn llmperf(o: &Map<String, Value>) -> Result<Measurement, ImportError> {
    let tool = SourceTool::Llmperf;
    let mut missing = Vec::new();
    let lat = |metric: &str, name: &str, missing: &mut Vec<String>| {
        let prefix = format!("results_{metric}_quantiles_p");
        let known = o
            .iter()
            .filter_map(|(k, v)| {
                let p = k.strip_prefix(&prefix)?.parse::<f64>().ok()?;
                Some((p / 100.0, num(Some(v))?))
            })
            .chain(num(o.get(&format!("results_{metric}_min"))).map(|v| (0.0, v)))
            .chain(num(o.get(&format!("results_{metric}_max"))).map(|v| (1.0, v)))
            .collect();
        scaled(
            complete(
                name,
                num(o.get(&format!("results_{metric}_mean"))),
                known,
                missing,
            ),
            1000.0,
        )
    };
    let latency = LatencySummary {
        ttft: lat("ttft_s", "ttft", &mut missing),
        itl: None,
        tpot: None,
        e2e: lat("end_to_end_latency_s", "e2e", &mut missing),
    };
    missing.push("itl, tpot (llmperf's inter_token_latency_s is E2E / output tokens, TTFT included; not converted)".into());
    let completed =
        count(o.get("results_num_completed_requests")).ok_or_else(|| ImportError::Invalid {
            tool,
            reason: "no `results_num_completed_requests`".into(),
        })?;
    let failed = count(o.get("results_number_errors")).unwrap_or(0);
    let out_tps = num(o.get("results_mean_output_throughput_token_per_s")).unwrap_or(0.0);
    let mean_in =
        num(o.get("results_number_input_tokens_mean")).or_else(|| num(o.get("mean_input_tokens")));
    let mean_out = num(o.get("results_number_output_tokens_mean"))
        .or_else(|| num(o.get("mean_output_tokens")));
    let total_tps = match (mean_in, mean_out) {
        (Some(i), Some(out)) if out > 0.0 => out_tps * (i + out) / out,
        _ => {
            missing.push("throughput.total_tokens_per_s (no mean token counts)".into());
            out_tps
        }
    };
    let mut run = run_info("llmperf", str_of(o.get("version")), str_of(o.get("model")));
    run.load = num(o.get("num_concurrent_requests")).map(|c| LoadMode::Concurrency {
        concurrency: to_u32(c),
    });
    let summary = Summary {
        throughput: ThroughputSummary {
            output_tokens_per_s: out_tps,
            total_tokens_per_s: total_tps,
            requests_per_s: num(o.get("results_num_completed_requests_per_min"))
                .map_or(0.0, |x| x / 60.0),
        },
        latency_ms: latency,
        requests: RequestCounts {
            completed,
            failed,
            incomplete: 0,
        },
        ..Summary::default()
    };
    let defs = vec![
        "llmperf counts output tokens client-side with a Llama tokenizer, not the server's usage"
            .into(),
        "llmperf inter_token_latency_s = E2E / output tokens (includes TTFT): not imported".into(),
        "total_tokens_per_s derived: output tokens/s × (mean input + mean output) / mean output"
            .into(),
    ];
    Ok(measurement(tool, run, summary, defs, missing))
}
