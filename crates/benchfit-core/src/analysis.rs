//! From a claim to benchmark setups and calibrated readings (DESIGN §1 resolve → calibrate,
//! §4.1 memory inference, §4.5 plausibility).

use crate::catalog::{self, Dtype, Gpu, MemoryPolicy, Model, Runtime};
use crate::claim::{Claim, Figure, FigureKind, Scope};
use crate::model::setup::MAX_INFERRED_MEM_FRACTION;
use crate::model::step::step_work;
use crate::model::{calibrate, Calibration, Metric, Setup, StepLoad, Workload};
use serde::Serialize;

mod benchmark;
use benchmark::{resolve_benchmark, Benchmark};

/// A value the tool filled in, and why.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct Assumption {
    /// The input it stands for (`benchmark.kv_dtype`, `price_usd_per_gpu_hour`, …).
    pub field: String,
    /// The value used, as text.
    pub value: String,
    /// Why.
    pub reason: String,
}

pub(crate) fn assume(
    list: &mut Vec<Assumption>,
    field: &str,
    value: impl ToString,
    reason: impl ToString,
) {
    list.push(Assumption {
        field: field.into(),
        value: value.to_string(),
        reason: reason.to_string(),
    });
}

/// What the user's scenario offers to fill what the claim leaves out.
#[derive(Debug, Clone, Default)]
pub struct Hints {
    /// Model id.
    pub model: Option<String>,
    /// GPU id.
    pub gpu: Option<String>,
    /// Runtime id.
    pub runtime: Option<String>,
    /// Weight format id.
    pub weights: Option<String>,
    /// Prompt tokens.
    pub prompt_tokens: Option<u32>,
    /// Output tokens.
    pub output_tokens: Option<u32>,
}

/// The benchmark's setup as benchfit reconstructs it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct BenchSetup {
    /// The deployment.
    pub setup: Setup,
    /// The workload it ran.
    pub workload: Workload,
    /// KV tokens its running batch needed in one replica.
    pub needed_kv_tokens: f64,
    /// KV capacity of one replica at the inferred memory setup, tokens.
    pub kv_capacity_tokens: f64,
    /// KV-limited concurrency for the benchmark's own request size.
    pub max_concurrent_sequences: u32,
    /// What had to be inferred about memory for the benchmark to fit, if anything.
    pub memory_note: Option<String>,
}

/// One way of reading the headline figure, calibrated.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct Reading {
    /// What the figure is taken to measure.
    pub metric: Metric,
    /// GPU variant taken.
    pub gpu: &'static str,
    /// The figure in the metric's unit for the whole deployment.
    pub target: f64,
    /// The reconstructed benchmark.
    pub bench: BenchSetup,
    /// The calibration (None when the setup could not run).
    pub calibration: Option<Calibration>,
    /// One sentence on this reading.
    pub note: String,
}

/// Plausibility verdict (DESIGN §5.2 `plausibility.status`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum PlausibilityStatus {
    /// At least one reading is within the hardware ceiling.
    Plausible,
    /// No reading is.
    Implausible,
    /// Model or GPU unknown, or no figure.
    Unknown,
}

/// The analysis of a claim.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct Analysis {
    /// Readings tried, in order.
    pub readings: Vec<Reading>,
    /// Index of the reading used to calibrate (first plausible; else the closest).
    pub chosen: Option<usize>,
    /// Verdict.
    pub status: PlausibilityStatus,
    /// A summary sentence.
    pub note: String,
    /// What was filled in.
    pub assumptions: Vec<Assumption>,
}

impl Analysis {
    /// The chosen reading.
    pub fn chosen(&self) -> Option<&Reading> {
        self.chosen.map(|i| &self.readings[i])
    }
    /// Readings within the ceiling.
    pub fn plausible(&self) -> impl Iterator<Item = &Reading> {
        self.readings
            .iter()
            .filter(|r| r.calibration.as_ref().is_some_and(|c| c.plausible))
    }
}

/// The KV dtype a runtime uses when nobody says: the model's activation dtype (BF16, or FP16 for
/// FP16 checkpoints). FP8 weights do not imply an FP8 KV cache (DESIGN §4.1).
pub fn default_kv(weights: &Dtype) -> &'static Dtype {
    if weights.id == "fp16" {
        catalog::dtype("fp16").expect("catalog has fp16")
    } else {
        catalog::dtype("bf16").expect("catalog has bf16")
    }
}

fn default_fraction(rt: &Runtime) -> f64 {
    match rt.memory {
        MemoryPolicy::FractionOfTotal(f) | MemoryPolicy::FractionOfFree(f) => f,
    }
}

/// Builds a setup with the runtime's defaults (its batch limits as it picks them on `gpu`).
#[allow(clippy::too_many_arguments)]
pub fn make_setup(
    model: &'static Model,
    gpu: &'static Gpu,
    tp: u32,
    replicas: u32,
    weights: &'static Dtype,
    kv: &'static Dtype,
    runtime: &'static Runtime,
    mem_fraction: Option<f64>,
) -> Setup {
    let (max_num_seqs, max_batched_tokens) = runtime.batch_defaults(gpu);
    Setup {
        model,
        gpu,
        tp,
        replicas,
        weights,
        kv,
        runtime,
        mem_fraction: mem_fraction.unwrap_or(default_fraction(runtime)),
        max_num_seqs,
        max_batched_tokens,
        block_tokens: runtime.block_tokens,
    }
}

/// Finds the least change to the runtime's memory defaults under which `needed` KV tokens fit:
/// the defaults; an FP8 KV cache; a higher memory fraction (≤ 0.95) at the default KV dtype; both
/// (fraction ≤ 0.98). Returns the setup and what was inferred, or why nothing fits.
pub fn infer_memory(
    base: Setup,
    needed: f64,
    kv_stated: bool,
) -> Result<(Setup, Option<String>), String> {
    let fits = |s: &Setup| s.kv_capacity_tokens().map(|c| c >= needed).unwrap_or(false);
    if fits(&base) {
        return Ok((base, None));
    }
    let fp8 = catalog::dtype("fp8").expect("catalog has fp8");
    let frac_needed = |s: &Setup| -> f64 {
        let total = s.gpu.memory() * s.tp as f64;
        let weights = s.model.weight_bytes(s.weights);
        let kv = s.kv_bytes_per_token() * needed;
        match s.runtime.memory {
            MemoryPolicy::FractionOfTotal(_) => {
                ((weights + s.reserve() + kv) / total * 100.0).ceil() / 100.0
            }
            MemoryPolicy::FractionOfFree(_) => {
                (kv / (total - weights - s.reserve()) * 100.0).ceil() / 100.0
            }
        }
    };
    let gib = |s: &Setup| (s.kv_bytes_per_token() * needed).gb();
    let mut tries: Vec<(Setup, String)> = Vec::new();
    if !kv_stated && base.kv.id != "fp8" {
        let s = Setup { kv: fp8, ..base };
        tries.push((s, format!(
            "its batch needs {} KV tokens ({:.1} GB at {}), more than the {} default leaves; an FP8 KV cache ({:.1} GB) fits",
            crate::format::thousands(needed), gib(&base), base.kv.name, fraction_name(&base), gib(&s))));
    }
    let f = frac_needed(&base);
    if f <= 0.95 && f > base.mem_fraction {
        let s = Setup {
            mem_fraction: f,
            ..base
        };
        tries.push((
            s,
            format!(
                "its batch needs {} KV tokens ({:.1} GB at {}); that fits only with {} ≥ {:.2}",
                crate::format::thousands(needed),
                gib(&base),
                base.kv.name,
                fraction_key(&base),
                f
            ),
        ));
    }
    if !kv_stated && base.kv.id != "fp8" {
        let s8 = Setup { kv: fp8, ..base };
        let f8 = frac_needed(&s8);
        if f8 <= MAX_INFERRED_MEM_FRACTION && f8 > base.mem_fraction {
            let s = Setup {
                mem_fraction: f8,
                ..s8
            };
            tries.push((s, format!(
                "its batch needs {} KV tokens: {:.1} GB at {}, which does not fit; it must have used an FP8 KV cache ({:.1} GB) and {} ≥ {:.2}",
                crate::format::thousands(needed), gib(&base), base.kv.name, gib(&s), fraction_key(&base), f8)));
        }
    }
    for (s, note) in tries {
        if fits(&s) {
            return Ok((s, Some(note)));
        }
    }
    Err(format!(
        "its batch needs {} KV tokens ({:.1} GB at {}), which cannot fit in {} × {} next to {:.1} GB of weights",
        crate::format::thousands(needed), gib(&base), base.kv.name, base.tp, base.gpu.name, base.model.weight_bytes(base.weights).gb()))
}

fn fraction_key(s: &Setup) -> &'static str {
    match s.runtime.id {
        "vllm" => "gpu_memory_utilization",
        "sglang" => "mem_fraction_static",
        "tensorrt-llm" => "kv_cache_free_gpu_mem_fraction",
        "lmdeploy" => "cache_max_entry_count",
        _ => "memory fraction",
    }
}

fn fraction_name(s: &Setup) -> String {
    format!("{} {:.2}", fraction_key(s), s.mem_fraction)
}

/// The figure in a metric's unit for the whole deployment.
fn target_value(f: &Figure, metric: Metric, total_gpus: u32) -> f64 {
    // Latencies in ms, rates per second, whatever time unit the text wrote.
    let v = if f.kind.is_latency() {
        f.in_ms()
    } else {
        f.per_second()
    };
    if f.scope == Some(Scope::PerGpu) && !matches!(metric, Metric::PerUserTokensPerS) {
        v * total_gpus as f64
    } else {
        v
    }
}

fn fmt_sig(v: f64) -> String {
    if v >= 100.0 {
        crate::format::thousands(v.round())
    } else {
        format!("{v:.2}")
    }
}

/// The decode-only roofline in words: every output token of the running batch needs one decode
/// step, and every step reads the weights and the batch's KV cache.
fn decode_bound(setup: &Setup, w: &Workload, output_tokens_per_s: f64) -> String {
    let busy = setup.busy_replicas(w.concurrency);
    let running = (w.concurrency / busy).max(1.0);
    let steps_per_s = output_tokens_per_s / busy / running;
    let ctx = setup
        .model
        .kv_tokens(w.prompt_tokens + w.output_tokens / 2.0);
    let (_, bytes) = step_work(
        setup,
        &StepLoad {
            decode_seqs: running,
            decode_context: running * ctx,
            ..Default::default()
        },
    );
    let need = bytes.value() * steps_per_s / setup.tp as f64 / 1e12;
    // Under 0.1 TB/s the need reads in GB/s (`0.0 TB/s` would say nothing).
    let need = if need < 0.1 {
        format!("{} GB/s", crate::format::small(need * 1e3))
    } else {
        format!("{} TB/s", crate::format::sig(need))
    };
    format!(
        ". Decode alone: batch {:.0} at {} tok/s is {} steps/s, each reading {:.1} GB (weights + KV), i.e. {need} per GPU against {:.2} TB/s of HBM",
        running, fmt_sig(output_tokens_per_s / busy), crate::format::small(steps_per_s), bytes.gb() / setup.tp as f64, setup.gpu.hbm_tb_per_s
    )
}

/// Resolves the benchmark behind a claim and calibrates every reading of its headline figure.
///
/// Three phases: [`resolve_benchmark`] (the claim's conditions, with an [`Assumption`] for each
/// one taken from the user's hints or a default), [`readings`] (every metric × GPU variant the
/// figure can mean, each calibrated), and [`verdict`] (the first plausible reading, else the
/// closest impossible one).
pub fn analyse(claim: &Claim, hints: &Hints) -> Analysis {
    let mut assumptions = Vec::new();
    let unknown = |note: String, assumptions: Vec<Assumption>| Analysis {
        readings: vec![],
        chosen: None,
        status: PlausibilityStatus::Unknown,
        note,
        assumptions,
    };
    let Some(figure) = claim.headline().cloned() else {
        return unknown("no figure to check".into(), assumptions);
    };
    let bench = match resolve_benchmark(claim, hints, &mut assumptions) {
        Ok(b) => b,
        Err(note) => return unknown(note, assumptions),
    };
    let readings = readings(claim, &figure, &bench, &mut assumptions);
    let (status, chosen, note) = verdict(&readings);
    Analysis {
        readings,
        chosen,
        status,
        note,
        assumptions,
    }
}

/// Every reading of the headline figure: each metric it can mean on each GPU variant, calibrated.
/// The batch, when not stated, is 1 for a per-user or latency figure, else the KV-limited
/// saturated batch (recorded once as an assumption).
fn readings(
    claim: &Claim,
    figure: &Figure,
    b: &Benchmark,
    assumptions: &mut Vec<Assumption>,
) -> Vec<Reading> {
    let stated_batch = claim
        .batch_size
        .as_ref()
        .or(claim.concurrency.as_ref())
        .map(|b| b.value as f64);
    let single_stream = matches!(figure.kind, FigureKind::ThroughputPerUser)
        || figure.kind.is_latency()
        || (figure.kind == FigureKind::DecodeThroughput && figure.scope == Some(Scope::PerUser));
    let metrics = Metric::readings(figure.kind, figure.scope);
    let tokens = (b.isl + b.osl) as f64;
    let mut readings = Vec::new();
    for gpu in &b.variants {
        let mut base = make_setup(
            b.model, gpu, b.tp, b.replicas, b.weights, b.kv, b.runtime, None,
        );
        // A stated batch above the runtime's default cap on sequences was run with a raised cap
        // (`--max-num-seqs 512` on a release whose default is 256): the benchmark's engine
        // admits it.
        if let Some(x) = stated_batch {
            let per_replica = (x / b.replicas.max(1) as f64).ceil();
            if per_replica.is_finite() && per_replica > base.max_num_seqs as f64 {
                base.max_num_seqs = per_replica.min(u32::MAX as f64) as u32;
            }
        }
        let (batch, batch_assumed) = match stated_batch {
            Some(x) => (x, None),
            None => unstated_batch(&base, single_stream, tokens, b.replicas),
        };
        if let Some(reason) = batch_assumed {
            if readings.is_empty() {
                assume(assumptions, "benchmark.concurrency", batch, reason);
            }
        }
        let workload = Workload {
            prompt_tokens: b.isl as f64,
            output_tokens: b.osl as f64,
            concurrency: batch,
        };
        let per_replica = (batch / b.replicas as f64).max(1.0);
        let needed = per_replica * base.kv_tokens_per_sequence(tokens);
        let inferred = infer_memory(base, needed, b.kv_stated);
        for &metric in &metrics {
            let target = target_value(figure, metric, b.tp * b.replicas);
            let (setup, memory_note, fit_error) = match &inferred {
                Ok((s, note)) => (*s, note.clone(), None),
                Err(e) => (base, None, Some(e.clone())),
            };
            let bench = BenchSetup {
                setup,
                workload,
                needed_kv_tokens: needed,
                kv_capacity_tokens: setup.kv_capacity_tokens().unwrap_or(0.0),
                max_concurrent_sequences: setup.max_concurrent_sequences(tokens).unwrap_or(0),
                memory_note,
            };
            let label = format!("As {} on {}", metric.label(), gpu.name);
            let (calibration, note) =
                calibrated(&label, fit_error, &setup, &workload, metric, target);
            readings.push(Reading {
                metric,
                gpu: gpu.id,
                target,
                bench,
                calibration,
                note,
            });
        }
    }
    readings
}

/// The batch a benchmark that does not state it ran: 1 for a per-user or latency figure, else
/// the KV-limited saturated batch of all replicas; with the assumption's reason.
fn unstated_batch(
    base: &Setup,
    single_stream: bool,
    tokens: f64,
    replicas: u32,
) -> (f64, Option<&'static str>) {
    if single_stream {
        (
            1.0,
            Some("batch not stated; a per-user or latency figure is taken at batch 1"),
        )
    } else {
        let max = base.max_concurrent_sequences(tokens).unwrap_or(1).max(1);
        (
            max as f64 * replicas as f64,
            Some("batch not stated; benchmarks usually report the saturated (KV-limited) batch"),
        )
    }
}

/// A reading's calibration and its note: none when the benchmark cannot have run as stated
/// (`fit_error`) or no efficiency reproduces the figure.
fn calibrated(
    label: &str,
    fit_error: Option<String>,
    setup: &Setup,
    workload: &Workload,
    metric: Metric,
    target: f64,
) -> (Option<Calibration>, String) {
    match fit_error {
        Some(e) => (
            None,
            format!("{label}: the benchmark cannot have run as stated: {e}"),
        ),
        None => match calibrate(setup, workload, metric, target) {
            Ok(c) => {
                let note = reading_note(label, setup, workload, metric, target, &c);
                (Some(c), note)
            }
            Err(e) => (None, format!("{label}: {e}")),
        },
    }
}

/// One reading in words: the efficiency it needs, whether that is possible, the model's ceiling
/// there and, for output tokens/s, the decode-only roofline.
fn reading_note(
    label: &str,
    setup: &Setup,
    workload: &Workload,
    metric: Metric,
    target: f64,
    c: &Calibration,
) -> String {
    let need = match (c.implied_mbu, c.implied_mfu) {
        (Some(b), _) if b > 0.0 && c.plausible => format!(
            "needs MBU {:.2} (MFU {:.2})",
            c.efficiency.mbu, c.efficiency.mfu
        ),
        (Some(b), _) => format!(
            "needs MBU {b:.2} even at MFU {:.1}",
            crate::model::Efficiency::MAX.mfu
        ),
        (None, Some(f)) => format!("needs MFU {f:.2}"),
        (None, None) => "is beyond any efficiency".into(),
    };
    let verdict = if c.plausible {
        "plausible"
    } else {
        "not possible (ceiling MBU 0.9, MFU 0.8)"
    };
    let fig = format!("{} {}", fmt_sig(target), metric.label());
    let mut n = format!(
        "{label}, {fig} {need}: {verdict}; the model's ceiling there is {} {}",
        fmt_sig(c.ceiling_value),
        metric.label()
    );
    if metric == Metric::OutputTokensPerS {
        n.push_str(&decode_bound(setup, workload, target));
    }
    n
}

/// The status, the chosen reading (the first plausible one, else the impossible one closest to
/// its ceiling) and the note that says so.
fn verdict(readings: &[Reading]) -> (PlausibilityStatus, Option<usize>, String) {
    let plausible: Vec<usize> = readings
        .iter()
        .enumerate()
        .filter(|(_, r)| r.calibration.as_ref().is_some_and(|c| c.plausible))
        .map(|(i, _)| i)
        .collect();
    let (status, chosen) = if let Some(&i) = plausible.first() {
        (PlausibilityStatus::Plausible, Some(i))
    } else {
        // The closest impossible reading: highest ceiling relative to the figure.
        let best = readings
            .iter()
            .enumerate()
            .filter_map(|(i, r)| {
                let c = r.calibration.as_ref()?;
                let gap = if r.metric.higher_is_better() {
                    c.ceiling_value / r.target
                } else {
                    r.target / c.ceiling_value
                };
                Some((i, gap))
            })
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(i, _)| i);
        match best {
            Some(i) => (PlausibilityStatus::Implausible, Some(i)),
            None => (PlausibilityStatus::Unknown, None),
        }
    };
    let note = match status {
        PlausibilityStatus::Plausible if plausible.len() < readings.len() => format!(
            "Possible only as: {}.",
            plausible.iter().map(|&i| format!("{} on {}", readings[i].metric.label(), readings[i].gpu)).collect::<Vec<_>>().join("; ")
        ),
        PlausibilityStatus::Plausible => "Within what the hardware allows under every reading.".into(),
        PlausibilityStatus::Implausible => "Not possible as written under any reading: check for total rather than output tokens, a per-node or multi-GPU figure, speculative decoding, or a larger batch.".into(),
        PlausibilityStatus::Unknown => readings.first().map(|r| r.note.clone()).unwrap_or_else(|| "could not be checked".into()),
    };
    (status, chosen, note)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::claim::read;

    const WORKED: &str =
        "3,200 tokens/sec aggregate for Llama 3 70B on a single H100, batch size 32, \
        512-token prompts, 256-token outputs, FP8, under vLLM.";

    #[test]
    fn worked_example_plausible_only_as_total_tokens_on_sxm() {
        let a = analyse(&read(WORKED), &Hints::default());
        assert_eq!(a.status, PlausibilityStatus::Plausible);
        let ok: Vec<_> = a.plausible().map(|r| (r.metric, r.gpu)).collect();
        assert_eq!(ok, vec![(Metric::TotalTokensPerS, "h100-sxm")]);
        // As output tokens, each decode step of 32 sequences must read the 72.7 GB of weights and
        // ~3.4 GB of KV in 10 ms: > 7 TB/s against 3.35 TB/s, an MBU above 2.
        let out = a
            .readings
            .iter()
            .find(|r| r.metric == Metric::OutputTokensPerS && r.gpu == "h100-sxm")
            .unwrap();
        let c = out.calibration.as_ref().unwrap();
        assert!(!c.plausible);
        assert!(
            c.implied_mbu.map(|m| m > 2.0).unwrap_or(true),
            "{:?}",
            c.implied_mbu
        );
        // The chosen reading's MBU is high but below the 0.9 ceiling.
        let chosen = a.chosen().unwrap().calibration.as_ref().unwrap();
        assert!(
            chosen.efficiency.mbu > 0.6 && chosen.efficiency.mbu <= 0.9,
            "{:?}",
            chosen.efficiency
        );
    }

    /// A rate written per minute calibrates as the same rate per second: 192,000 tokens per
    /// minute is 3,200 tokens/s (192,000 / 60), so both texts give every reading the same target.
    #[test]
    fn a_rate_per_minute_is_read_per_second() {
        let per_s = analyse(&read(WORKED), &Hints::default());
        let per_min = analyse(
            &read(&WORKED.replace("3,200 tokens/sec", "192,000 tokens per minute")),
            &Hints::default(),
        );
        assert_eq!(per_min.readings.len(), per_s.readings.len());
        for (a, b) in per_s.readings.iter().zip(&per_min.readings) {
            assert!((a.target - 3200.0).abs() < 1e-9 && (b.target - 3200.0).abs() < 1e-9);
        }
    }

    #[test]
    fn worked_example_memory_inference() {
        let a = analyse(&read(WORKED), &Hints::default());
        let b = &a.chosen().unwrap().bench;
        // 32 × 768 = 24,576 tokens; at BF16 (327,680 B/token) that is 8.05 GB, more than the
        // ~2.2 GB that 0.9 × 81,559 MiB leaves after 72.7 GB of weights and a 2 GiB reserve; at
        // FP8 (4.03 GB) it needs gpu_memory_utilization ≥ (72.655 + 2.147 + 4.027) / 85.521 = 0.922.
        assert_eq!(b.needed_kv_tokens, 24_576.0);
        assert_eq!(b.setup.kv.id, "fp8");
        assert!(
            (b.setup.mem_fraction - 0.93).abs() < 1e-9,
            "{}",
            b.setup.mem_fraction
        );
        assert!(b.memory_note.as_ref().unwrap().contains("FP8 KV cache"));
        // Capacity at 0.93: (85.521 × 0.93 − 72.655 − 2.147) GB / 163,840 B = 28,880 tokens → 37 × 768.
        assert!(
            (b.kv_capacity_tokens - 28_880.0).abs() < 40.0,
            "{}",
            b.kv_capacity_tokens
        );
        assert_eq!(b.max_concurrent_sequences, 37);
    }
}
