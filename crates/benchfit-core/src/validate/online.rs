//! Online serving (`measured_online.tsv`): each row mapped to a scenario, simulated, and scored
//! per source, engine, GPU and load band, split into tune and check parts.

use super::*;

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
pub(super) fn fnv1a(s: &str) -> u64 {
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

pub(super) const ONLINE_COLUMNS: [&str; 14] = [
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
pub(super) fn short_source(source: &str) -> String {
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
pub(super) fn number_after(text: &str, key: &str) -> Option<f64> {
    let i = text.find(key)?;
    leading_number(&text[i + key.len()..])
}

/// Maps an online row onto a scenario, or says why it cannot be scored.
pub(super) fn map_online(
    get: &dyn Fn(&str) -> String,
) -> Result<(Scenario, OnlineFigures, bool, String), String> {
    if get("load_kind") == "offline" {
        return Err("offline static batch (not online serving)".into());
    }
    let num = |c: &str| positive(get, c);
    let input = num("input_len").ok_or_else(|| {
        if get("source").contains("mlcommons") || get("source").contains("mlperf") {
            "MLPerf: a run tuned to its latency limit with batch settings it does not state \
             (ARCHITECTURE.md, \"The MLPerf rows\")"
                .to_string()
        } else {
            "no input length stated".to_string()
        }
    })?;
    let output = num("output_len").ok_or("no output length stated")?;
    let d = online_deployment(get)?;
    // As many requests as the run sent where the row says (`…, 300 prompts`): an open loop's
    // throughput is its requests over the time from the first arrival to the last completion,
    // so a short run's tail counts as much in the prediction as in the measurement. Otherwise
    // enough that the arrivals' own noise is small (±2% at 2,000).
    let stated = stated_prompts(&get("arrival")).or_else(|| stated_prompts(&get("notes")));
    let kind = get("load_kind").to_ascii_lowercase();
    let infinite = get("load_value").trim().eq_ignore_ascii_case("inf");
    let (load, band) = if infinite && matches!(kind.as_str(), "rate" | "request_rate") {
        // An infinite rate sends every prompt at once: as many in flight as prompts, each sent
        // once (vLLM's `benchmark_serving.py` without `--request-rate`).
        let n = stated.ok_or("an infinite rate without the number of prompts sent")?;
        online_load("concurrency", n as f64)?
    } else {
        let load_value = num("load_value").ok_or("no load value")?;
        online_load(&kind, load_value)?
    };
    let note = get("len_note").to_ascii_lowercase();
    let (measured, medians) = measured_figures(get);
    let requests = match (load, stated) {
        (_, Some(n)) => n,
        (Load::Concurrency { concurrency }, None) => (4 * concurrency).clamp(400, 1200),
        (Load::Rate { requests_per_s, .. }, None) => {
            ((requests_per_s * 600.0) as u32).clamp(2000, 6000)
        }
    };
    let scenario = row_scenario(
        RowDeployment {
            model: &d.model,
            gpu: &d.gpu,
            gpus: d.gpus,
            tp: d.tp,
            weights: d.weights,
            kv: d.kv,
            runtime: d.runtime,
        },
        RowTraffic {
            prompt: input.round() as u32,
            output: output.round() as u32,
            prompt_sd: length_sd(&note, Side::Input, input),
            output_sd: length_sd(&note, Side::Output, output),
            load,
            requests,
        },
        None,
    );
    Ok((scenario, measured, medians, band))
}

/// The prompt count a cell states (`poisson (… --request-rate 2, 600 prompts)`,
/// `--num-prompts 1000`, `num_prompts=1000`), if any, from 1 to 100,000.
fn stated_prompts(cell: &str) -> Option<u32> {
    let count = |digits: &str| -> Option<u32> {
        digits
            .replace(',', "")
            .parse()
            .ok()
            .filter(|n| (1..=100_000).contains(n))
    };
    let lower = cell.to_ascii_lowercase();
    for flag in [
        "--num-prompts",
        "num_prompts",
        "--num_prompts",
        "num-prompts",
    ] {
        if let Some(at) = lower.find(flag) {
            let rest = lower[at + flag.len()..].trim_start_matches([' ', '=', ':']);
            let end = rest
                .find(|c: char| !(c.is_ascii_digit() || c == ','))
                .unwrap_or(rest.len());
            if let Some(n) = count(rest[..end].trim_end_matches(',')) {
                return Some(n);
            }
        }
    }
    let at = lower.find(" prompts")?;
    let head = &lower[..at];
    let start = head
        .char_indices()
        .rfind(|&(_, c)| !(c.is_ascii_digit() || c == ','))
        .map_or(0, |(i, c)| i + c.len_utf8());
    count(&head[start..])
}

/// The cell `column` as a finite positive number, if it starts with one.
fn positive(get: &dyn Fn(&str) -> String, column: &str) -> Option<f64> {
    leading_number(&get(column)).filter(|v| v.is_finite() && *v > 0.0)
}

/// An online row's deployment, each id checked against the catalog.
struct OnlineDeployment {
    /// Model id.
    model: String,
    /// GPU id (the cell's first word).
    gpu: String,
    /// GPUs in all.
    gpus: u32,
    /// GPUs in one tensor-parallel group.
    tp: u32,
    /// Runtime id.
    runtime: &'static str,
    /// Weight format id.
    weights: &'static str,
    /// KV format id, where the row states FP8.
    kv: Option<String>,
}

/// The row's model, GPU, GPU count, TP, runtime and formats, or why they cannot be simulated.
fn online_deployment(get: &dyn Fn(&str) -> String) -> Result<OnlineDeployment, String> {
    // A checkpoint's name (`llama-3.1-405b-instruct`, `deepseek-r1-0528`,
    // `llama-3.1-405b-fp8`) stands for its base's architecture.
    let written = get("model");
    let model = catalog::model(&written)
        .or_else(|| catalog::model::checkpoint_base(&written))
        .ok_or_else(|| format!("model {written:?} not in the catalog"))?
        .id
        .to_string();
    // A family without its variant (`a100`, `h100 (variant not stated)`) is the variant the
    // cell names, else the family's first (the serving part), as the claim reader assumes.
    let gpu_raw = get("gpu");
    let gpu = catalog::gpu::gpu_in_text(&gpu_raw)
        .ok_or_else(|| format!("GPU {gpu_raw:?} not a catalog id"))?
        .0
        .id
        .to_string();
    let gpus = positive(get, "gpu_count").ok_or("no GPU count")? as u32;
    let tp = positive(get, "tp").ok_or("no TP stated")? as u32;
    if gpus % tp != 0 {
        return Err(format!("TP {tp} does not divide {gpus} GPUs"));
    }
    // The engine at the row's version, where the version cell names one (`0.9.2`,
    // `vllm/vllm-openai:v0.9.2`): vLLM before 0.14 schedules synchronously.
    let engine = match get("runtime").to_ascii_lowercase().as_str() {
        "nim-trtllm" | "nim" => "nim".to_string(),
        "trtllm" | "trt-llm" => "tensorrt-llm".to_string(),
        other => other.to_string(),
    };
    let runtime = catalog::runtime_at(&engine, Some(&get("runtime_version")))
        .ok_or_else(|| format!("runtime {engine:?} not in the catalog"))?
        .id;
    // The cell's first word (`fp8 (dynamic, quantization=fp8)`), as a catalog format.
    let w = get("weight_dtype").to_ascii_lowercase();
    let weights = w
        .split(|c: char| c.is_whitespace() || c == '(' || c == ',')
        .next()
        .and_then(catalog::dtype)
        .ok_or_else(|| format!("weights {w:?} not stated clearly"))?
        .id;
    let kv = get("kv_dtype")
        .to_ascii_lowercase()
        .starts_with("fp8")
        .then(|| "fp8".to_string());
    Ok(OnlineDeployment {
        model,
        gpu,
        gpus,
        tp,
        runtime,
        weights,
        kv,
    })
}

/// The row's load (a concurrency or a Poisson rate) and its band for the grouped errors.
fn online_load(kind: &str, value: f64) -> Result<(Load, String), String> {
    Ok(match kind {
        "concurrency" => {
            let c = value.round() as u32;
            let band = match c {
                1 => "c=1",
                2..=16 => "c=2-16",
                17..=64 => "c=17-64",
                _ => "c>64",
            };
            (Load::Concurrency { concurrency: c }, band.to_string())
        }
        "rate" | "request_rate" => (
            Load::Rate {
                requests_per_s: value,
                arrival: Arrival::Poisson,
                burstiness: 1.0,
            },
            "rate".to_string(),
        ),
        other => return Err(format!("load kind {other:?} not understood")),
    })
}

/// Which side of a request a length is: the prompt or the output.
#[derive(Clone, Copy)]
enum Side {
    Input,
    Output,
}

/// A length's spread (sd, tokens) from the row's `len_note` and its measured `mean`.
///
/// - A random dataset (`--random-input-len N`, `--random-input N`; the output side alike) draws
///   lengths uniform in [r·N, N] (`--random-range-ratio r`: vLLM's and SGLang's
///   `bench_serving` random datasets), so the sd is N(1 − r)/√12. Where r is not written, the
///   measured mean says it: a mean of m out of N means a uniform draw from 2m − N to N
///   (SGLang's default ratio 0 gives m ≈ N/2); a mean within 10 % of N is a fixed length
///   (vLLM's default ratio, or outputs forced to their limit).
/// - ShareGPT is heavy-tailed: sd ≈ mean, as for the dev rows.
/// - Anything else (genai-perf's synthetic prompts with stddev 0, fixed lengths): none.
fn length_sd(note: &str, side: Side, mean: f64) -> Option<f64> {
    if note.contains("sharegpt") {
        return Some(mean);
    }
    if !note.contains("random") {
        return None;
    }
    let flags: &[&str] = match side {
        Side::Input => &["--random-input-len", "--random-input"],
        Side::Output => &["--random-output-len", "--random-output"],
    };
    let requested = flags.iter().find_map(|f| flag_number(note, f))?;
    if !(requested.is_finite() && requested > 0.0) {
        return None;
    }
    let low = match flag_number(note, "--random-range-ratio")
        .or_else(|| flag_number(note, "random_range_ratio"))
    {
        Some(r) if (0.0..=1.0).contains(&r) => r * requested,
        _ if mean >= 0.9 * requested => requested,
        _ => (2.0 * mean - requested).max(0.0),
    };
    let sd = (requested - low) / 12f64.sqrt();
    (sd > 0.0).then_some(sd)
}

/// The number after `flag` in `text` (`--random-input 3200`, `random_range_ratio 0.0`,
/// `--random-range-ratio=1`), where the flag stands alone (not the start of a longer flag).
fn flag_number(text: &str, flag: &str) -> Option<f64> {
    let mut from = 0;
    while let Some(at) = text[from..].find(flag) {
        let rest = &text[from + at + flag.len()..];
        from += at + flag.len();
        if rest.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
            continue;
        }
        let rest = rest.trim_start_matches([' ', '=', ':']);
        let end = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        if let Ok(v) = rest[..end].trim_end_matches('.').parse() {
            return Some(v);
        }
    }
    None
}

/// The row's measured figures, and whether they are medians (no mean TTFT stated).
fn measured_figures(get: &dyn Fn(&str) -> String) -> (OnlineFigures, bool) {
    let num = |c: &str| positive(get, c);
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
    (measured, medians)
}

pub(super) fn metric_errors(pairs: &[(f64, f64)]) -> Option<MetricErrors> {
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

pub(super) fn online_group(name: String, rows: &[&OnlineRow]) -> OnlineGroup {
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
        rows.push(online_row(i + 2, &get));
    }
    if rows.is_empty() {
        return Err(ValidateError::Empty);
    }
    let groups = online_groups(&rows);
    Ok(OnlineReport { rows, groups })
}

/// The GPU cell as the row's label shows it: its first word, and the variant scored where the
/// cell names a family (`a100→a100-80gb`).
fn gpu_label(cell: &str) -> String {
    let first = cell.split_whitespace().next().unwrap_or("");
    match catalog::gpu::gpu_in_text(cell) {
        Some((g, true)) => format!("{first}→{}", g.id),
        _ => first.to_string(),
    }
}

/// One row of the table (on line `line`): its label, what it measured and what benchfit
/// predicts for it, or why it was not scored.
fn online_row(line: usize, get: &dyn Fn(&str) -> String) -> OnlineRow {
    let source = get("source");
    let part = online_part(&source, &get("model"), &get("gpu"));
    let mut row = OnlineRow {
        line,
        source: short_source(&source),
        part,
        label: format!(
            "{} {}×{} TP{} {} {} {}/{} {}={}",
            get("model"),
            get("gpu_count"),
            gpu_label(&get("gpu")),
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
    match map_online(get) {
        Err(why) => row.skipped = Some(why),
        Ok((scenario, measured, medians, band)) => {
            row.measured = measured;
            row.medians = medians;
            row.band = band;
            match estimate_with(&scenario, PricePolicy::OnlyGiven) {
                Err(e) => row.skipped = Some(format!("benchfit refused it: {e}")),
                Ok(r) => row.predicted = predicted_figures(&r.estimate, medians),
            }
        }
    }
    row
}

/// The estimate's figures comparable with a row's: means, or medians where the row states
/// medians.
fn predicted_figures(e: &crate::project::Estimate, medians: bool) -> OnlineFigures {
    let l = &e.latency_ms;
    let pick = |p: &crate::stats::Percentiles| {
        if medians {
            p.p50
        } else {
            p.mean
        }
    };
    OnlineFigures {
        ttft_ms: Some(pick(&l.ttft)),
        // genai-perf's ITL and LoadGen's TPOT are per-request averages
        // (TPOT); the medians of sglang.bench_serving are of every gap.
        itl_ms: Some(if medians { l.itl.p50 } else { l.tpot.mean }),
        output_tokens_per_s: Some(e.throughput.output_tokens_per_s),
        e2e_ms: Some(l.e2e.mean),
    }
}

/// The grouped errors: all rows, tune and check, then per source, engine and load band (in first-seen
/// order) within each part, where the group has a scored row.
fn online_groups(rows: &[OnlineRow]) -> Vec<OnlineGroup> {
    let all: Vec<&OnlineRow> = rows.iter().collect();
    let mut groups = vec![online_group("all".to_string(), &all)];
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
    groups
}

#[cfg(test)]
mod tests {
    use super::{length_sd, map_online, stated_prompts, Side};
    use crate::input::Load;

    /// A row's cells by column name, the rest empty.
    fn row<'a>(cells: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> String + 'a {
        move |name: &str| {
            cells
                .iter()
                .find(|(k, _)| *k == name)
                .map_or(String::new(), |(_, v)| v.to_string())
        }
    }

    #[test]
    fn rows_written_as_people_write_them_map_to_the_catalog() {
        // A checkpoint name, a free-text engine version, a described weight format and an
        // infinite request rate with its prompt count (vLLM's benchmark_serving.py without
        // --request-rate: every prompt sent at once).
        let get = row(&[
            ("model", "llama-3.1-405b-instruct-fp8"),
            ("gpu", "h100-sxm"),
            ("gpu_count", "8"),
            ("tp", "8"),
            ("runtime", "vllm"),
            ("runtime_version", "vllm/vllm-openai:v0.9.2"),
            ("weight_dtype", "fp8 (dynamic, quantization=fp8)"),
            ("input_len", "1024"),
            ("output_len", "128"),
            ("load_kind", "request_rate"),
            ("load_value", "inf"),
            ("notes", "10 prompts"),
        ]);
        let (s, _, _, band) = map_online(&get).unwrap();
        assert_eq!(s.model.as_deref(), Some("llama-3.1-405b"));
        // 0.9 schedules synchronously: the entry for releases before 0.14.
        assert_eq!(s.runtime.as_deref(), Some("vllm@0.13"));
        assert_eq!(s.weights.as_deref(), Some("fp8"));
        assert_eq!(s.load, Load::Concurrency { concurrency: 10 });
        assert_eq!(s.requests, 10);
        assert_eq!(band, "c=2-16");
        // An infinite rate without a prompt count cannot be simulated, nor an unknown engine.
        let get = row(&[
            ("model", "llama-3-8b"),
            ("gpu", "h100-sxm"),
            ("gpu_count", "1"),
            ("tp", "1"),
            ("runtime", "vllm"),
            ("weight_dtype", "bf16"),
            ("input_len", "1024"),
            ("output_len", "128"),
            ("load_kind", "request_rate"),
            ("load_value", "inf"),
        ]);
        assert!(map_online(&get).unwrap_err().contains("number of prompts"));
        let get = row(&[
            ("model", "llama-3-8b"),
            ("gpu", "h100-sxm"),
            ("gpu_count", "1"),
            ("tp", "1"),
            ("runtime", "someengine"),
            ("weight_dtype", "bf16"),
            ("input_len", "1024"),
            ("output_len", "128"),
            ("load_kind", "concurrency"),
            ("load_value", "4"),
        ]);
        assert!(map_online(&get).unwrap_err().contains("someengine"));
    }

    #[test]
    fn prompt_counts_are_read_from_the_arrival_cell() {
        assert_eq!(
            stated_prompts("poisson (sglang.bench_serving --request-rate 2, 600 prompts)"),
            Some(600)
        );
        assert_eq!(stated_prompts("poisson (1,200 prompts)"), Some(1200));
        assert_eq!(stated_prompts("poisson (LoadGen Server scenario)"), None);
        assert_eq!(stated_prompts("all prompts at once"), None);
        assert_eq!(stated_prompts("0 prompts"), None);
        assert_eq!(
            stated_prompts("vllm bench serve --num-prompts 1000"),
            Some(1000)
        );
        assert_eq!(stated_prompts("num_prompts=2,000, seed 0"), Some(2000));
        // A multi-byte character right before the count (a cell in Chinese): read, not cut.
        assert_eq!(stated_prompts("约600 prompts"), Some(600));
        assert_eq!(stated_prompts("约 prompts"), None);
    }

    #[test]
    fn a_random_datasets_spread_follows_its_range() {
        let sd =
            |note: &str, side, mean| length_sd(note, side, mean).map(|v| (v * 10.0).round() / 10.0);
        // A stated ratio: uniform in [r·N, N], sd N(1 − r)/√12 (1024/√12 = 295.6).
        let n = "random (sglang.bench_serving --random-input 1024 --random-output 1024, random_range_ratio 0.0)";
        assert_eq!(sd(n, Side::Input, 512.0), Some(295.6));
        // Ratio 1: fixed lengths, whatever the mean.
        let n = "dataset random --random-input 3200 --random-output 800 --random-range-ratio 1";
        assert_eq!(sd(n, Side::Input, 3200.0), None);
        assert_eq!(sd(n, Side::Output, 790.0), None);
        // No ratio written: the mean says it. 500 of 1,000 is uniform in [0, 1000] (288.7);
        // 960 of 1,913 in [7, 1913] (1906/√12 = 550.2); 1,019.5 of 1,024 is fixed.
        let n = "dataset random --random-input-len 1000 --random-output-len 1913 (lengths vary)";
        assert_eq!(sd(n, Side::Input, 500.0), Some(288.7));
        assert_eq!(sd(n, Side::Output, 960.0), Some(550.2));
        let n = "dataset random --random-input-len 1024 --random-output-len 1024";
        assert_eq!(sd(n, Side::Input, 1019.5), None);
        // A longer flag is not the shorter one; ShareGPT is heavy-tailed; fixed prompts none.
        assert_eq!(
            sd("random --random-input-lens 512", Side::Input, 256.0),
            None
        );
        assert_eq!(sd("sharegpt, mean 220", Side::Input, 220.0), Some(220.0));
        assert_eq!(
            sd(
                "fixed: genai-perf synthetic prompts, stddev 0",
                Side::Input,
                200.0
            ),
            None
        );
    }

    #[test]
    fn a_gpu_family_without_its_variant_is_scored_as_the_variant_it_names_or_its_first() {
        let gpu = |cell: &str| {
            let cells = [
                ("model", "llama-3-8b"),
                ("gpu", cell),
                ("gpu_count", "1"),
                ("tp", "1"),
                ("runtime", "vllm"),
                ("weight_dtype", "bf16"),
                ("input_len", "1024"),
                ("output_len", "128"),
                ("load_kind", "concurrency"),
                ("load_value", "4"),
            ];
            let get = row(&cells);
            map_online(&get).map(|(s, ..)| s.gpu.unwrap_or_default())
        };
        assert_eq!(gpu("a100").unwrap(), "a100-80gb");
        assert_eq!(gpu("h100 (variant not stated)").unwrap(), "h100-sxm");
        assert_eq!(
            gpu("a100 (variant not stated; ALCF Polaris = A100-SXM4-40GB, inferred)").unwrap(),
            "a100-40gb"
        );
        assert_eq!(gpu("h100 PCIe").unwrap(), "h100-pcie");
        assert_eq!(
            gpu("h100-sxm (nvidia-smi: H100 80GB HBM3)").unwrap(),
            "h100-sxm"
        );
        assert!(gpu("tpu-v9").unwrap_err().contains("tpu-v9"));
        // Leading wide spaces (three bytes each) before the family: read, not cut mid-character.
        assert_eq!(gpu("\u{3000}\u{3000}a100 40GB").unwrap(), "a100-40gb");
    }
}
