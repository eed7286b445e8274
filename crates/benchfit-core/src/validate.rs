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

/// Maps one row, or says why it cannot be.
fn map_row(line: usize, get: &dyn Fn(&str) -> String) -> Result<Case, String> {
    let mut notes = Vec::new();
    let model_raw = get("model");
    let model = crate::claim::read(&model_raw)
        .model
        .map(|m| m.value)
        .ok_or_else(|| format!("model {model_raw:?} not recognised"))?;
    let model = match model.as_str() {
        "llama-7b" => {
            notes.push("LLaMA 7B taken as Llama 2 7B (same shapes)".into());
            "llama-2-7b".to_string()
        }
        m => m.to_string(),
    };
    let model_entry =
        catalog::model(&model).ok_or_else(|| format!("model {model} not in the catalog"))?;
    let gpu_raw = get("gpu");
    let gpu = crate::claim::read(&gpu_raw)
        .gpu
        .map(|g| g.value)
        .ok_or_else(|| format!("GPU {gpu_raw:?} not in the catalog"))?;
    let gpu = match catalog::gpu_variants(&gpu).as_slice() {
        [] => return Err(format!("GPU {gpu} not in the catalog")),
        [one] => one.id.to_string(),
        [first, ..] => {
            notes.push(format!("{gpu} taken as {}", first.id));
            first.id.to_string()
        }
    };
    let gpus = leading_number(&get("gpu_count")).ok_or("GPU count not a number")? as u32;
    let tp_raw = get("tp");
    if tp_raw.contains("PP=") || tp_raw.contains("layer split") || tp_raw.contains("not itemised") {
        return Err(format!(
            "parallelism {tp_raw:?} not modelled (pipeline / layer split)"
        ));
    }
    let tp = leading_number(&tp_raw).ok_or_else(|| format!("TP {tp_raw:?} not a number"))? as u32;
    if tp == 0 || gpus % tp != 0 {
        return Err(format!("TP {tp} does not divide {gpus} GPUs"));
    }
    let rt_raw = get("runtime").to_ascii_lowercase();
    let runtime = if rt_raw.contains("tensorrt") {
        "tensorrt-llm"
    } else if rt_raw.contains("vllm") {
        "vllm"
    } else if rt_raw.contains("lmdeploy") {
        "lmdeploy"
    } else if rt_raw.contains("llama.cpp") {
        "llama.cpp"
    } else if rt_raw.contains("tgi") {
        "tgi"
    } else {
        return Err(format!("runtime {rt_raw:?} not in the catalog"));
    };
    let w_raw = get("weight_dtype").to_ascii_lowercase();
    let weights = if w_raw.starts_with("fp8") {
        "fp8"
    } else if w_raw.starts_with("fp16")
        || w_raw.starts_with("f16")
        || w_raw.starts_with("bf16/fp16")
    {
        "fp16"
    } else if w_raw.starts_with("bf16") {
        "bf16"
    } else if w_raw.starts_with("q4_k_m") {
        "q4_k_m"
    } else if w_raw.starts_with("q4_0") {
        "q4_0"
    } else if w_raw.starts_with("fp4") {
        "nvfp4"
    } else {
        return Err(format!("weight precision {w_raw:?} not stated clearly"));
    };
    let kv_raw = get("kv_dtype").to_ascii_lowercase();
    let kv = if kv_raw.starts_with("fp8") {
        Some("fp8".to_string())
    } else if kv_raw.contains("modelopt") && weights == "fp8" {
        notes.push("ModelOpt FP8 checkpoint: FP8 KV cache (kv_cache_quant_algo FP8 in its hf_quant_config.json)".into());
        Some("fp8".to_string())
    } else {
        None
    };
    let (pin, pout) = (get("input_len"), get("output_len"));
    let sharegpt = |s: &str| s.to_ascii_lowercase().contains("sharegpt");
    let prompt = if sharegpt(&pin) {
        notes.push(
            "ShareGPT prompts: mean 202 input tokens (vLLM v0.6.0 blog's dataset stats)".into(),
        );
        202.0
    } else {
        leading_number(&pin).ok_or_else(|| format!("input length {pin:?} not a number"))?
    };
    let output = if sharegpt(&pout) || pout == "dataset" {
        notes.push("ShareGPT outputs: mean 179 tokens (vLLM v0.6.0 blog's dataset stats)".into());
        179.0
    } else if let Some(i) = pout.find("mean ~") {
        leading_number(&pout[i + 6..]).ok_or("output mean not a number")?
    } else {
        leading_number(&pout).ok_or_else(|| format!("output length {pout:?} not a number"))?
    };
    // A dataset of real prompts has a heavy-tailed length spread; and a fixed set of N prompts
    // sent at once ends with a drain at small batch. Both shape offline throughput.
    let spread = sharegpt(&pin);
    if spread {
        notes.push("ShareGPT lengths spread: lognormal with sd = mean".into());
    }
    let prompt_count = pin
        .find('(')
        .and_then(|i| leading_number(&pin[i + 1..]))
        .map(|n| n as u32);
    let prompt = (prompt.round() as u32).max(1);
    let output = (output.round() as u32).max(1);
    if prompt + output > model_entry.context {
        return Err(format!(
            "{prompt} + {output} tokens exceed {}'s context",
            model_entry.id
        ));
    }

    let conc_raw = get("concurrency_or_batch").to_ascii_lowercase();
    let rate_raw = get("request_rate").to_ascii_lowercase();
    let stated_batch = leading_number(
        conc_raw
            .trim_start_matches("up to ")
            .trim_start_matches("gpu_batch_size "),
    )
    .map(|b| b as u32);
    let rate = if rate_raw.contains("qps") && !rate_raw.contains("1000 qps") {
        leading_number(rate_raw.trim_start_matches("poisson, target ")).filter(|r| *r > 0.0)
    } else {
        None
    };
    let per_instance = conc_raw.contains("per instance") || conc_raw.contains("per gpu");
    let (load, saturated, max_num_seqs) = if let Some(r) = rate {
        (
            Load::Rate {
                requests_per_s: r,
                arrival: Arrival::Poisson,
                burstiness: 1.0,
            },
            false,
            stated_batch,
        )
    } else if let (Some(n), true) = (prompt_count, !rate_raw.contains("qps")) {
        notes.push(format!(
            "{n} prompts sent at once: concurrency {n}, {n} requests"
        ));
        (Load::Concurrency { concurrency: n }, false, None)
    } else if conc_raw.starts_with("unbounded")
        || conc_raw == "dynamic"
        || conc_raw.starts_with("up to")
        || conc_raw.starts_with("gpu_batch_size")
        || conc_raw == "not stated"
        || rate_raw.contains("1000 qps")
    {
        (Load::Concurrency { concurrency: 1 }, true, stated_batch)
    } else if let Some(b) = stated_batch.filter(|b| *b > 0) {
        let b = if per_instance { b * (gpus / tp) } else { b };
        (
            Load::Concurrency { concurrency: b },
            false,
            Some(b.div_ceil(gpus / tp)),
        )
    } else {
        return Err(format!("load {conc_raw:?} / {rate_raw:?} not understood"));
    };

    let metric_raw = get("metric").to_ascii_lowercase();
    let unit = get("unit").to_ascii_lowercase();
    let metric = if metric_raw.contains("ttft") {
        RowMetric::TtftMs
    } else if metric_raw.contains("tpot") {
        RowMetric::TpotMs
    } else if metric_raw.contains("itl") {
        RowMetric::ItlMs
    } else if metric_raw.contains("e2e") {
        RowMetric::E2eMs
    } else if metric_raw.contains("request throughput") || unit == "req/s" {
        RowMetric::RequestsPerS
    } else if metric_raw.contains("prompt") {
        RowMetric::PrefillTokensPerS
    } else if metric_raw.contains("tg")
        || metric_raw.contains("eval (decode)")
        || (metric_raw.contains("generation") && !metric_raw.contains("aggregate"))
    {
        RowMetric::PerUserTokensPerS
    } else {
        RowMetric::OutputTokensPerS
    };
    let mut measured = leading_number(&get("value")).ok_or("value not a number")?;
    if unit.contains("/gpu") || unit.contains("per gpu") {
        measured *= gpus as f64;
        notes.push(format!("per-GPU figure × {gpus} GPUs"));
    }
    if metric.is_latency() && unit == "s" {
        measured *= 1e3;
    }
    let scenario = Scenario {
        benchmark: String::new(),
        model: Some(model.clone()),
        gpu: Some(gpu.clone()),
        gpus: Some(gpus),
        tp: Some(tp),
        weights: Some(weights.into()),
        kv_dtype: kv,
        runtime: Some(runtime.into()),
        mem_fraction: None,
        prompt_tokens: prompt,
        output_tokens: output,
        load,
        price_usd_per_gpu_hour: None,
        busy_hours: 24.0,
        prompt_sd: spread.then_some(prompt as f64),
        output_sd: spread.then_some(output as f64),
        requests: prompt_count.unwrap_or(600),
        seed: 1,
        slo: Default::default(),
        max_num_seqs,
        max_batched_tokens: None,
        block_size: None,
        prefix_tokens: None,
        prompt_pool: None,
        claim_overrides: Default::default(),
        price_tier: Default::default(),
    };
    Ok(Case {
        line,
        label: format!(
            "{model} {gpus}×{gpu} TP{tp} {runtime} {weights} {prompt}/{output} {}",
            match load {
                Load::Concurrency { concurrency } if !saturated => format!("C={concurrency}"),
                Load::Rate { requests_per_s, .. } => format!("{requests_per_s} req/s"),
                _ => "saturated".into(),
            }
        ),
        key: format!("{model}|{gpu}|{runtime}|{weights}"),
        scenario,
        saturated,
        metric,
        measured,
        notes,
        stateable: !spread && prompt_count.is_none(),
    })
}

/// The concurrency a saturated row runs at: the deployment's KV ceiling (capped by
/// `max_num_seqs`), across replicas.
fn saturate(s: &Scenario) -> Result<Scenario, String> {
    let probe = estimate_with(s, PricePolicy::OnlyGiven)
        .map_err(|e| e.to_string())?
        .estimate;
    let c = probe.kv.max_concurrent_sequences.max(1) * probe.deployment.replicas;
    let mut out = s.clone();
    out.load = Load::Concurrency { concurrency: c };
    out.requests = (4 * c).clamp(600, 4000);
    Ok(out)
}

fn predict(case: &Case, benchmark: Option<&Case>) -> Result<f64, String> {
    let mut s = if case.saturated {
        saturate(&case.scenario)?
    } else {
        case.scenario.clone()
    };
    if let Some(b) = benchmark {
        s.benchmark = claim_text(b)?;
    }
    let e = estimate_with(&s, PricePolicy::OnlyGiven)
        .map_err(|e| e.to_string())?
        .estimate;
    if benchmark.is_some() && e.calibration.source != "claim" {
        return Err(format!(
            "benchmark line {} did not calibrate ({})",
            benchmark.map(|b| b.line).unwrap_or(0),
            e.calibration.note
        ));
    }
    let v = case.metric.of(&e, s.prompt_tokens as f64);
    if v.is_finite() && v > 0.0 {
        Ok(v)
    } else {
        Err("the model produced no value".into())
    }
}

/// A row written as the benchmark claim a user would paste.
fn claim_text(b: &Case) -> Result<String, String> {
    let s = &b.scenario;
    let model = catalog::model(s.model.as_deref().unwrap_or("")).ok_or("no model")?;
    let gpu = catalog::gpu(s.gpu.as_deref().unwrap_or("")).ok_or("no GPU")?;
    let batch = match (b.saturated, s.load) {
        (true, _) => "max throughput (saturated)".to_string(),
        (false, Load::Concurrency { concurrency }) => format!("batch size {concurrency}"),
        (false, Load::Rate { requests_per_s, .. }) => format!("at {requests_per_s} QPS"),
    };
    let kv = if s.kv_dtype.as_deref() == Some("fp8") {
        " with FP8 KV cache"
    } else {
        ""
    };
    Ok(format!(
        "{} for {} on {}x {}, TP={}, {}, ISL/OSL {}/{}, {}{kv}, under {}.",
        b.metric.phrase(b.measured),
        model.name,
        s.gpus.unwrap_or(1),
        gpu.name,
        s.tp.unwrap_or(1),
        batch,
        s.prompt_tokens,
        s.output_tokens,
        s.weights.as_deref().unwrap_or("bf16").to_ascii_uppercase(),
        catalog::runtime(s.runtime.as_deref().unwrap_or("vllm"))
            .map(|r| r.name)
            .unwrap_or("vLLM"),
    ))
}

fn stats(errors: &mut [f64]) -> Option<ErrorStats> {
    if errors.is_empty() {
        return None;
    }
    errors.sort_by(f64::total_cmp);
    Some(ErrorStats {
        n: errors.len(),
        median_ape: quantile_sorted(errors, 0.5),
        p90_ape: quantile_sorted(errors, 0.9),
    })
}

/// Validates every row of a measurements TSV.
///
/// # Errors
/// [`ValidateError`] when the header lacks a needed column or there are no rows; bad rows are
/// reported as skipped, not errors.
pub fn validate(tsv: &str) -> Result<ValidationReport, ValidateError> {
    let table = Tsv::read(tsv, &COLUMNS)?;
    let mut cases = Vec::new();
    let mut rows = Vec::new();
    for (i, line) in table.rows() {
        let get = |name: &str| table.cell(line, name);
        match map_row(i + 2, &get) {
            Ok(c) => cases.push(c),
            Err(why) => rows.push(RowResult {
                line: i + 2,
                label: format!("{} / {}", get("model"), get("gpu")),
                metric: None,
                measured: None,
                predicted: None,
                calibrated: None,
                skipped: Some(why),
                notes: vec![],
            }),
        }
    }
    if cases.is_empty() && rows.is_empty() {
        return Err(ValidateError::Empty);
    }
    for c in &cases {
        let predicted = predict(c, None);
        // Leave one out: another row of the same model, GPU, runtime and weights whose shape a
        // claim can state (fixed lengths, steady load), measuring the same kind of quantity
        // (throughput calibrates throughput, latency latency), nearest in lengths.
        let distance = |b: &Case| {
            let d = |x: u32, y: u32| ((x.max(1) as f64).ln() - (y.max(1) as f64).ln()).abs();
            let (bs, cs) = (&b.scenario, &c.scenario);
            ((d(bs.prompt_tokens, cs.prompt_tokens) + d(bs.output_tokens, cs.output_tokens))
                * 1000.0) as u64
        };
        let bench = cases
            .iter()
            .filter(|b| {
                b.line != c.line
                    && b.key == c.key
                    && b.stateable
                    && b.metric.is_latency() == c.metric.is_latency()
            })
            .filter(|b| !matches!(b.metric, RowMetric::PrefillTokensPerS))
            .min_by_key(|b| {
                (
                    b.metric != c.metric,
                    b.saturated != c.saturated,
                    distance(b),
                )
            });
        let calibrated = bench.and_then(|b| predict(c, Some(b)).ok().map(|v| (v, b.line)));
        rows.push(RowResult {
            line: c.line,
            label: c.label.clone(),
            metric: Some(c.metric),
            measured: Some(c.measured),
            predicted: predicted.as_ref().ok().copied(),
            calibrated,
            skipped: predicted.err(),
            notes: c.notes.clone(),
        });
    }
    rows.sort_by_key(|r| r.line);
    let ape = |p: f64, m: f64| (p / m - 1.0).abs() * 100.0;
    // `paired`: only rows that have a calibrated prediction.
    let collect = |latency: bool, calibrated: bool, paired: bool| -> Vec<f64> {
        rows.iter()
            .filter(|r| r.metric.is_some_and(|m| m.is_latency() == latency))
            .filter(|r| !paired || r.calibrated.is_some())
            .filter_map(|r| {
                let m = r.measured?;
                let p = if calibrated {
                    r.calibrated.map(|c| c.0)
                } else {
                    r.predicted
                }?;
                Some(ape(p, m))
            })
            .collect()
    };
    Ok(ValidationReport {
        throughput_uncalibrated: stats(&mut collect(false, false, false)),
        latency_uncalibrated: stats(&mut collect(true, false, false)),
        throughput_calibrated: stats(&mut collect(false, true, true)),
        latency_calibrated: stats(&mut collect(true, true, true)),
        throughput_uncalibrated_paired: stats(&mut collect(false, false, true)),
        latency_uncalibrated_paired: stats(&mut collect(true, false, true)),
        rows,
    })
}

// ------------------------------------------------------------------------------------------
// Online serving rows (`measured_online.tsv`): latencies and throughput at a fixed concurrency
// or request rate, as a benchmark client measured them.
// ------------------------------------------------------------------------------------------

/// Which half of the online rows a row belongs to: the part the model's structure was built
/// from, or the part only scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Part {
    /// Rows the physics may be built and checked against while developing.
    Tune,
    /// Rows only scored, never looked at while choosing the structure.
    Check,
}

/// FNV-1a, 64 bit: a stable hash (the same on every platform and Rust version).
fn fnv1a(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The part of an online row, decided by a hash of its source, model and GPU (about 70% tune,
/// 30% check). The source alone would be too coarse: one source holds 190 of the 277 rows,
/// so the hash keys on source + model + GPU, holding out whole model × GPU sweeps.
pub fn online_part(source: &str, model: &str, gpu: &str) -> Part {
    if fnv1a(&format!("{source}|{model}|{gpu}")) % 10 < 7 {
        Part::Tune
    } else {
        Part::Check
    }
}

/// The quantities an online row can state; each is `None` where the row does not give it.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
pub struct OnlineFigures {
    /// Time to first token, ms (the mean, or the median where the row gives only that).
    pub ttft_ms: Option<f64>,
    /// Inter-token latency / TPOT, ms (mean, or median where only that is given).
    pub itl_ms: Option<f64>,
    /// Output tokens per second, whole deployment.
    pub output_tokens_per_s: Option<f64>,
    /// Mean end-to-end latency, ms.
    pub e2e_ms: Option<f64>,
}

/// One online row and its prediction.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OnlineRow {
    /// Line in the file (header = 1).
    pub line: usize,
    /// A short name of the source.
    pub source: String,
    /// Tune or check.
    pub part: Part,
    /// Short description of the setup and load.
    pub label: String,
    /// Serving engine id.
    pub runtime: String,
    /// Load band: `c=1`, `c=2-16`, `c=17-64`, `c>64` or `rate`.
    pub band: String,
    /// True when the row gives medians rather than means (TTFT p50, ITL p50).
    pub medians: bool,
    /// What was measured.
    pub measured: OnlineFigures,
    /// What benchfit predicts (empty when skipped).
    pub predicted: OnlineFigures,
    /// Why the row is not scored.
    pub skipped: Option<String>,
}

/// Error statistics of one metric over a group of rows, in percent.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct MetricErrors {
    /// Rows.
    pub n: usize,
    /// Median of |predicted / measured − 1|.
    pub median_ape: f64,
    /// 90th percentile of the same.
    pub p90_ape: f64,
    /// Median of predicted / measured − 1 (negative: benchfit predicts low).
    pub signed_median: f64,
}

/// The errors of one group of rows (a part, a source, an engine or a load band).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OnlineGroup {
    /// The group's name, e.g. `tune`, `check`, `source S1`, `band c>64`.
    pub name: String,
    /// TTFT errors.
    pub ttft: Option<MetricErrors>,
    /// ITL / TPOT errors.
    pub itl: Option<MetricErrors>,
    /// Output tokens per second errors.
    pub output_tokens_per_s: Option<MetricErrors>,
    /// Mean E2E latency errors.
    pub e2e: Option<MetricErrors>,
}

/// The online validation report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OnlineReport {
    /// Every row.
    pub rows: Vec<OnlineRow>,
    /// Groups: `tune`, `check`, then per source, per engine and per load band (each of those
    /// split into tune and check).
    pub groups: Vec<OnlineGroup>,
}

impl OnlineReport {
    /// The group of this name.
    pub fn group(&self, name: &str) -> Option<&OnlineGroup> {
        self.groups.iter().find(|g| g.name == name)
    }
}

impl std::fmt::Display for OnlineReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let cell = |m: &Option<MetricErrors>| match m {
            Some(m) => format!(
                "{:>4} {:>6.1}% {:>6.1}% {:>+7.1}%",
                m.n, m.median_ape, m.p90_ape, m.signed_median
            ),
            None => format!("{:>4} {:>7} {:>7} {:>8}", 0, "-", "-", "-"),
        };
        writeln!(
            f,
            "{:<34} | {:^28} | {:^28} | {:^28} | {:^28}",
            "group",
            "TTFT n med p90 signed",
            "ITL/TPOT n med p90 signed",
            "out tok/s n med p90 signed",
            "E2E n med p90 signed"
        )?;
        for g in &self.groups {
            writeln!(
                f,
                "{:<34} | {} | {} | {} | {}",
                g.name,
                cell(&g.ttft),
                cell(&g.itl),
                cell(&g.output_tokens_per_s),
                cell(&g.e2e)
            )?;
        }
        let skipped = self.rows.iter().filter(|r| r.skipped.is_some()).count();
        writeln!(f, "{skipped} of {} rows not scored:", self.rows.len())?;
        let mut reasons: Vec<(String, usize)> = Vec::new();
        for r in self.rows.iter().filter_map(|r| r.skipped.as_ref()) {
            match reasons.iter_mut().find(|(s, _)| s == r) {
                Some((_, n)) => *n += 1,
                None => reasons.push((r.clone(), 1)),
            }
        }
        for (why, n) in reasons {
            writeln!(f, "  {n:>3} × {why}")?;
        }
        Ok(())
    }
}

const ONLINE_COLUMNS: [&str; 14] = [
    "source",
    "model",
    "gpu",
    "gpu_count",
    "tp",
    "runtime",
    "weight_dtype",
    "input_len",
    "output_len",
    "len_note",
    "load_kind",
    "load_value",
    "ttft_mean_ms",
    "output_tok_s",
];

/// A short, stable name of an online row's source.
fn short_source(source: &str) -> String {
    let s = source.to_ascii_lowercase();
    let name = if s.contains("ai-performance-engineering") {
        "S1 NIM genai-perf"
    } else if s.contains("inference_results_v5.1") {
        "MLPerf v5.1"
    } else if s.contains("inference_results_v4.1") {
        "MLPerf v4.1"
    } else if s.contains("inference_results_v5.0") || s.contains("mlperf_inference_res") {
        "MLPerf v5.0"
    } else if s.contains("sgl-project") {
        "SGLang v0.3 README"
    } else if s.contains("datacrunch") {
        "DataCrunch H200 SGLang"
    } else if s.contains("argonne") {
        "Argonne (offline)"
    } else {
        return source.split_whitespace().next().unwrap_or("?").to_string();
    };
    name.to_string()
}

/// The number after `key` in free text ("median ITL 13.64 ms" → 13.64).
fn number_after(text: &str, key: &str) -> Option<f64> {
    let i = text.find(key)?;
    leading_number(&text[i + key.len()..])
}

/// Maps an online row onto a scenario, or says why it cannot be scored.
fn map_online(
    get: &dyn Fn(&str) -> String,
) -> Result<(Scenario, OnlineFigures, bool, String), String> {
    if get("load_kind") == "offline" {
        return Err("offline static batch (not online serving)".into());
    }
    let num = |c: &str| leading_number(&get(c)).filter(|v| v.is_finite() && *v > 0.0);
    let input = num("input_len").ok_or_else(|| {
        if get("source").contains("mlcommons") || get("source").contains("mlperf") {
            "MLPerf: the dataset's mean input length is not published in the sources read"
                .to_string()
        } else {
            "no input length stated".to_string()
        }
    })?;
    let output = num("output_len").ok_or("no output length stated")?;
    let model = get("model");
    catalog::model(&model).ok_or_else(|| format!("model {model:?} not in the catalog"))?;
    let gpu_raw = get("gpu");
    let gpu = gpu_raw.split_whitespace().next().unwrap_or("").to_string();
    if catalog::gpu(&gpu).is_none() || gpu_raw.contains("variant not stated") {
        return Err(format!("GPU {gpu_raw:?} not a catalog id"));
    }
    let gpus = num("gpu_count").ok_or("no GPU count")? as u32;
    let tp = num("tp").ok_or("no TP stated")? as u32;
    if gpus % tp != 0 {
        return Err(format!("TP {tp} does not divide {gpus} GPUs"));
    }
    let runtime = match get("runtime").as_str() {
        "nim-trtllm" | "tensorrt-llm" => "tensorrt-llm",
        "vllm" => "vllm",
        "sglang" => "sglang",
        other => return Err(format!("runtime {other:?} not in the catalog")),
    };
    let w = get("weight_dtype").to_ascii_lowercase();
    let weights = ["fp8", "fp16", "bf16"]
        .into_iter()
        .find(|d| w.starts_with(d))
        .ok_or_else(|| format!("weights {w:?} not stated clearly"))?;
    let kv = get("kv_dtype")
        .to_ascii_lowercase()
        .starts_with("fp8")
        .then(|| "fp8".to_string());
    let load_value = num("load_value").ok_or("no load value")?;
    let (load, band) = match get("load_kind").as_str() {
        "concurrency" => {
            let c = load_value.round() as u32;
            let band = match c {
                1 => "c=1",
                2..=16 => "c=2-16",
                17..=64 => "c=17-64",
                _ => "c>64",
            };
            (Load::Concurrency { concurrency: c }, band.to_string())
        }
        "rate" => (
            Load::Rate {
                requests_per_s: load_value,
                arrival: Arrival::Poisson,
                burstiness: 1.0,
            },
            "rate".to_string(),
        ),
        other => return Err(format!("load kind {other:?} not understood")),
    };
    // Length spread: genai-perf's synthetic prompts are fixed (sd 0, output forced); the random
    // dataset of sglang.bench_serving draws uniform [1, 1024] lengths (sd 1024/√12 ≈ 296);
    // ShareGPT is heavy-tailed (sd ≈ mean, as for the dev rows).
    let note = get("len_note").to_ascii_lowercase();
    let sd = |mean: f64| {
        if note.starts_with("random") {
            Some(1024.0 / 12f64.sqrt())
        } else if note.contains("sharegpt") {
            Some(mean)
        } else {
            None
        }
    };
    let notes = get("notes");
    let ttft_mean = num("ttft_mean_ms");
    let medians = ttft_mean.is_none();
    let measured = OnlineFigures {
        ttft_ms: ttft_mean.or_else(|| num("ttft_p50_ms")),
        itl_ms: num("itl_mean_ms")
            .or_else(|| num("tpot_mean_ms"))
            .or_else(|| number_after(&notes, "median ITL ")),
        output_tokens_per_s: num("output_tok_s"),
        e2e_ms: num("e2e_mean_ms"),
    };
    let requests = match load {
        Load::Concurrency { concurrency } => (4 * concurrency).clamp(400, 1200),
        Load::Rate { requests_per_s, .. } => ((requests_per_s * 120.0) as u32).clamp(400, 1200),
    };
    let scenario = Scenario {
        benchmark: String::new(),
        model: Some(model.clone()),
        gpu: Some(gpu.clone()),
        gpus: Some(gpus),
        tp: Some(tp),
        weights: Some(weights.into()),
        kv_dtype: kv,
        runtime: Some(runtime.into()),
        mem_fraction: None,
        prompt_tokens: input.round() as u32,
        output_tokens: output.round() as u32,
        load,
        price_usd_per_gpu_hour: None,
        busy_hours: 24.0,
        prompt_sd: sd(input),
        output_sd: sd(output),
        requests,
        seed: 1,
        slo: Default::default(),
        max_num_seqs: None,
        max_batched_tokens: None,
        block_size: None,
        prefix_tokens: None,
        prompt_pool: None,
        claim_overrides: Default::default(),
        price_tier: Default::default(),
    };
    Ok((scenario, measured, medians, band))
}

fn metric_errors(pairs: &[(f64, f64)]) -> Option<MetricErrors> {
    if pairs.is_empty() {
        return None;
    }
    let mut signed: Vec<f64> = pairs.iter().map(|(p, m)| (p / m - 1.0) * 100.0).collect();
    let mut abs: Vec<f64> = signed.iter().map(|e| e.abs()).collect();
    signed.sort_by(f64::total_cmp);
    abs.sort_by(f64::total_cmp);
    Some(MetricErrors {
        n: pairs.len(),
        median_ape: quantile_sorted(&abs, 0.5),
        p90_ape: quantile_sorted(&abs, 0.9),
        signed_median: quantile_sorted(&signed, 0.5),
    })
}

fn online_group(name: String, rows: &[&OnlineRow]) -> OnlineGroup {
    let pairs = |f: fn(&OnlineFigures) -> Option<f64>| -> Vec<(f64, f64)> {
        rows.iter()
            .filter(|r| r.skipped.is_none())
            .filter_map(|r| Some((f(&r.predicted)?, f(&r.measured)?)))
            .filter(|(p, m)| p.is_finite() && *p > 0.0 && *m > 0.0)
            .collect()
    };
    OnlineGroup {
        name,
        ttft: metric_errors(&pairs(|f| f.ttft_ms)),
        itl: metric_errors(&pairs(|f| f.itl_ms)),
        output_tokens_per_s: metric_errors(&pairs(|f| f.output_tokens_per_s)),
        e2e: metric_errors(&pairs(|f| f.e2e_ms)),
    }
}

/// Validates the online serving rows (the TSV shape of `../shared/data/measured_online.tsv`):
/// each scorable row is simulated uncalibrated (prior efficiencies, the engine's defaults) at
/// its stated concurrency or Poisson rate, and TTFT, ITL/TPOT and output tokens/s are compared.
///
/// Rows are not scored when they are offline static batches, when their mean input length is
/// not stated (the MLPerf rows), or when the GPU variant or TP is not stated.
///
/// # Errors
/// [`ValidateError`] when the header lacks a needed column or there are no rows.
pub fn validate_online(tsv: &str) -> Result<OnlineReport, ValidateError> {
    let table = Tsv::read(tsv, &ONLINE_COLUMNS)?;
    let mut rows = Vec::new();
    for (i, line) in table.rows() {
        let get = |name: &str| table.cell(line, name);
        let source = get("source");
        let part = online_part(&source, &get("model"), &get("gpu"));
        let mut row = OnlineRow {
            line: i + 2,
            source: short_source(&source),
            part,
            label: format!(
                "{} {}×{} TP{} {} {} {}/{} {}={}",
                get("model"),
                get("gpu_count"),
                get("gpu").split_whitespace().next().unwrap_or(""),
                get("tp"),
                get("runtime"),
                get("weight_dtype").split_whitespace().next().unwrap_or(""),
                get("input_len"),
                get("output_len"),
                get("load_kind"),
                get("load_value")
            ),
            runtime: get("runtime"),
            band: String::new(),
            medians: false,
            measured: OnlineFigures::default(),
            predicted: OnlineFigures::default(),
            skipped: None,
        };
        match map_online(&get) {
            Err(why) => row.skipped = Some(why),
            Ok((scenario, measured, medians, band)) => {
                row.measured = measured;
                row.medians = medians;
                row.band = band;
                match estimate_with(&scenario, PricePolicy::OnlyGiven) {
                    Err(e) => row.skipped = Some(format!("benchfit refused it: {e}")),
                    Ok(r) => {
                        let l = &r.estimate.latency_ms;
                        let pick = |p: &crate::stats::Percentiles| {
                            if medians {
                                p.p50
                            } else {
                                p.mean
                            }
                        };
                        row.predicted = OnlineFigures {
                            ttft_ms: Some(pick(&l.ttft)),
                            // genai-perf's ITL and LoadGen's TPOT are per-request averages
                            // (TPOT); the medians of sglang.bench_serving are of every gap.
                            itl_ms: Some(if medians { l.itl.p50 } else { l.tpot.mean }),
                            output_tokens_per_s: Some(r.estimate.throughput.output_tokens_per_s),
                            e2e_ms: Some(l.e2e.mean),
                        };
                    }
                }
            }
        }
        rows.push(row);
    }
    if rows.is_empty() {
        return Err(ValidateError::Empty);
    }
    let mut groups = Vec::new();
    let parts = [(Part::Tune, "tune"), (Part::Check, "check")];
    for (p, name) in parts {
        let sel: Vec<&OnlineRow> = rows.iter().filter(|r| r.part == p).collect();
        groups.push(online_group(name.to_string(), &sel));
    }
    let mut keys: Vec<(&str, String)> = Vec::new();
    for r in rows.iter().filter(|r| r.skipped.is_none()) {
        for k in [
            ("source", r.source.clone()),
            ("engine", r.runtime.clone()),
            ("band", r.band.clone()),
        ] {
            if !keys.contains(&k) {
                keys.push(k);
            }
        }
    }
    for (kind, value) in keys {
        for (p, pname) in parts {
            let sel: Vec<&OnlineRow> = rows
                .iter()
                .filter(|r| r.part == p)
                .filter(|r| match kind {
                    "source" => r.source == value,
                    "engine" => r.runtime == value,
                    _ => r.band == value,
                })
                .collect();
            if sel.iter().any(|r| r.skipped.is_none()) {
                groups.push(online_group(format!("{kind} {value} [{pname}]"), &sel));
            }
        }
    }
    Ok(OnlineReport { rows, groups })
}
