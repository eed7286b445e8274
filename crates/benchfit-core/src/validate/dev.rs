//! The developers' table (`measured_dev.tsv`): each row mapped to a scenario, predicted with the
//! prior and leave-one-out calibrated from another row, and scored.

use super::*;

/// Maps one row, or says why it cannot be: the deployment, the lengths, the load and the
/// metric, each read by its own function below.
pub(super) fn map_row(line: usize, get: &dyn Fn(&str) -> String) -> Result<Case, String> {
    let mut notes = Vec::new();
    let (model, gpu) = row_model_gpu(get, &mut notes)?;
    let model_entry =
        catalog::model(&model).ok_or_else(|| format!("model {model} not in the catalog"))?;
    let (gpus, tp) = row_parallelism(get)?;
    let runtime = row_runtime(get)?;
    let (weights, kv) = row_precision(get, &mut notes)?;
    let lengths = row_lengths(get, &mut notes)?;
    let RowLengths {
        prompt,
        output,
        spread,
        prompt_count,
    } = lengths;
    if prompt + output > model_entry.context {
        return Err(format!(
            "{prompt} + {output} tokens exceed {}'s context",
            model_entry.id
        ));
    }
    let (load, saturated, max_num_seqs) = row_load(get, gpus, tp, prompt_count, &mut notes)?;
    let (metric, measured) = row_metric(get, gpus, &mut notes)?;
    let scenario = row_scenario(
        RowDeployment {
            model: &model,
            gpu: &gpu,
            gpus,
            tp,
            weights,
            kv,
            runtime,
        },
        RowTraffic {
            prompt,
            output,
            prompt_sd: spread.then_some(prompt as f64),
            output_sd: spread.then_some(output as f64),
            load,
            requests: prompt_count.unwrap_or(600),
        },
        max_num_seqs,
    );
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

/// The row's model and GPU as catalog ids (read through the claim reader, as a paste would be).
fn row_model_gpu(
    get: &dyn Fn(&str) -> String,
    notes: &mut Vec<String>,
) -> Result<(String, String), String> {
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
    Ok((model, gpu))
}

/// (GPUs, TP); pipeline or layer splits are not modelled.
fn row_parallelism(get: &dyn Fn(&str) -> String) -> Result<(u32, u32), String> {
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
    Ok((gpus, tp))
}

/// The runtime's catalog id.
fn row_runtime(get: &dyn Fn(&str) -> String) -> Result<&'static str, String> {
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
    Ok(runtime)
}

/// (weights dtype id, KV dtype id if stated).
fn row_precision(
    get: &dyn Fn(&str) -> String,
    notes: &mut Vec<String>,
) -> Result<(&'static str, Option<String>), String> {
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
    Ok((weights, kv))
}

/// A row's lengths: mean prompt and output tokens, whether they spread (a dataset of real
/// prompts), and how many prompts a fixed set had.
struct RowLengths {
    prompt: u32,
    output: u32,
    spread: bool,
    prompt_count: Option<u32>,
}

fn row_lengths(
    get: &dyn Fn(&str) -> String,
    notes: &mut Vec<String>,
) -> Result<RowLengths, String> {
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
    Ok(RowLengths {
        prompt,
        output,
        spread,
        prompt_count,
    })
}

/// (load, saturated, max_num_seqs): a Poisson rate, a fixed set of prompts sent at once, a
/// saturated (KV-limited) batch, or a stated concurrency.
fn row_load(
    get: &dyn Fn(&str) -> String,
    gpus: u32,
    tp: u32,
    prompt_count: Option<u32>,
    notes: &mut Vec<String>,
) -> Result<(Load, bool, Option<u32>), String> {
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

    Ok((load, saturated, max_num_seqs))
}

/// (metric, measured value in the metric's unit: per-GPU figures × GPUs, seconds → ms).
fn row_metric(
    get: &dyn Fn(&str) -> String,
    gpus: u32,
    notes: &mut Vec<String>,
) -> Result<(RowMetric, f64), String> {
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
    Ok((metric, measured))
}

/// The concurrency a saturated row runs at: the deployment's KV ceiling (capped by
/// `max_num_seqs`), across replicas.
pub(super) fn saturate(s: &Scenario) -> Result<Scenario, String> {
    let probe = estimate_with(s, PricePolicy::OnlyGiven)
        .map_err(|e| e.to_string())?
        .estimate;
    let c = probe.kv.max_concurrent_sequences.max(1) * probe.deployment.replicas;
    let mut out = s.clone();
    out.load = Load::Concurrency { concurrency: c };
    out.requests = (4 * c).clamp(600, 4000);
    Ok(out)
}

pub(super) fn predict(case: &Case, benchmark: Option<&Case>) -> Result<f64, String> {
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
pub(super) fn claim_text(b: &Case) -> Result<String, String> {
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

pub(super) fn stats(errors: &mut [f64]) -> Option<ErrorStats> {
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
        rows.push(scored_row(c, &cases));
    }
    rows.sort_by_key(|r| r.line);
    Ok(report(rows))
}

/// Leave one out: another row of the same model, GPU, runtime and weights whose shape a claim
/// can state (fixed lengths, steady load), measuring the same kind of quantity (throughput
/// calibrates throughput, latency latency), nearest in lengths.
fn leave_one_out<'c>(c: &Case, cases: &'c [Case]) -> Option<&'c Case> {
    let distance = |b: &Case| {
        let d = |x: u32, y: u32| ((x.max(1) as f64).ln() - (y.max(1) as f64).ln()).abs();
        let (bs, cs) = (&b.scenario, &c.scenario);
        ((d(bs.prompt_tokens, cs.prompt_tokens) + d(bs.output_tokens, cs.output_tokens)) * 1000.0)
            as u64
    };
    cases
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
        })
}

/// One row predicted uncalibrated and calibrated on its [`leave_one_out`] bench row.
fn scored_row(c: &Case, cases: &[Case]) -> RowResult {
    let predicted = predict(c, None);
    let bench = leave_one_out(c, cases);
    let calibrated = bench.and_then(|b| predict(c, Some(b)).ok().map(|v| (v, b.line)));
    RowResult {
        line: c.line,
        label: c.label.clone(),
        metric: Some(c.metric),
        measured: Some(c.measured),
        predicted: predicted.as_ref().ok().copied(),
        calibrated,
        skipped: predicted.err(),
        notes: c.notes.clone(),
    }
}

/// The rows' error statistics, throughput and latency apart, uncalibrated and calibrated.
fn report(rows: Vec<RowResult>) -> ValidationReport {
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
    ValidationReport {
        throughput_uncalibrated: stats(&mut collect(false, false, false)),
        latency_uncalibrated: stats(&mut collect(true, false, false)),
        throughput_calibrated: stats(&mut collect(false, true, true)),
        latency_calibrated: stats(&mut collect(true, true, true)),
        throughput_uncalibrated_paired: stats(&mut collect(false, false, true)),
        latency_uncalibrated_paired: stats(&mut collect(true, false, true)),
        rows,
    }
}

// ------------------------------------------------------------------------------------------
// Online serving rows (`measured_online.tsv`): latencies and throughput at a fixed concurrency
// or request rate, as a benchmark client measured them.
// ------------------------------------------------------------------------------------------
