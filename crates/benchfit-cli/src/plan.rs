//! `benchfit plan`: the cheapest deployment that serves your traffic within your SLOs, across
//! every catalog GPU (issue 13). A thin shell over `benchfit_core::plan`.

use benchfit_core::catalog::PriceTier;
use benchfit_core::format::{sig, usd};
use benchfit_core::input::{Arrival, Load, Scenario, Slo};
use benchfit_core::plan::{
    self, Binding, Candidate, Method, Percentile, Plan, PlanField, PlanInput, PriceOverride,
    Traffic, DEFAULT_SIM_REQUESTS, DEFAULT_SLO,
};
use clap::ValueEnum;
use std::fmt::Write;
use std::time::Instant;

/// Arrival process of the traffic.
#[derive(Clone, Copy, ValueEnum)]
pub enum ArrivalArg {
    /// Evenly spaced.
    Constant,
    /// Poisson.
    Poisson,
    /// Gamma with --burstiness.
    Gamma,
}

/// Which preset prices apply.
#[derive(Clone, Copy, ValueEnum)]
pub enum TierArg {
    /// On-demand list prices.
    OnDemand,
    /// A typical 1-year commitment (on-demand × 0.65).
    Commitment,
}

/// The percentile SLOs are judged at.
#[derive(Clone, Copy, ValueEnum)]
pub enum PercentileArg {
    /// p95 (`p95` also accepted, as `measure` spells it).
    #[value(name = "95", alias = "p95")]
    P95,
    /// p99 (`p99` also accepted).
    #[value(name = "99", alias = "p99")]
    P99,
}

/// `benchfit plan` flags.
#[derive(clap::Args)]
pub struct PlanArgs {
    /// A benchmark claim: model and runtime come from it, and its calibrated efficiency applies
    /// to its own GPU and runtime.
    #[arg(long, value_name = "TEXT")]
    benchmark: Option<String>,
    /// Model id (e.g. llama-3-70b); overrides the claim's.
    #[arg(long, value_name = "ID")]
    model: Option<String>,
    /// Runtime id (default: the claim's, else vllm).
    #[arg(long, value_name = "ID")]
    runtime: Option<String>,
    /// Memory fraction (vLLM gpu_memory_utilization; 0.05–1).
    #[arg(long, value_name = "F", allow_hyphen_values = true)]
    mem_fraction: Option<f64>,
    /// Prompt tokens per request (1–10,000,000).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=10_000_000), allow_hyphen_values = true)]
    prompt_tokens: u32,
    /// Output tokens per request (1–10,000,000).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=10_000_000), allow_hyphen_values = true)]
    output_tokens: u32,
    /// Spread of prompt lengths: standard deviation in tokens (lognormal).
    #[arg(long, value_name = "TOKENS", allow_hyphen_values = true)]
    prompt_sd: Option<f64>,
    /// Spread of output lengths: standard deviation in tokens (lognormal).
    #[arg(long, value_name = "TOKENS", allow_hyphen_values = true)]
    output_sd: Option<f64>,
    /// Peak requests per second to serve (0.000001–1,000,000).
    #[arg(
        long,
        value_name = "REQ_PER_S",
        allow_hyphen_values = true,
        conflicts_with = "users",
        required_unless_present = "users"
    )]
    rate: Option<f64>,
    /// Active users (with --req-per-user-min and --peak-factor instead of --rate).
    #[arg(
        long,
        value_name = "N",
        allow_hyphen_values = true,
        requires = "req_per_user_min"
    )]
    users: Option<f64>,
    /// Requests per user per minute.
    #[arg(
        long,
        visible_alias = "requests-per-user-min",
        value_name = "M",
        allow_hyphen_values = true,
        requires = "users"
    )]
    req_per_user_min: Option<f64>,
    /// Peak ÷ average load for --users (1–100).
    #[arg(
        long,
        value_name = "K",
        default_value_t = 1.0,
        allow_hyphen_values = true
    )]
    peak_factor: f64,
    /// Arrival process.
    #[arg(long, value_enum, default_value = "poisson")]
    arrival: ArrivalArg,
    /// Gamma burstiness (1 = Poisson; 0.01–100).
    #[arg(
        long,
        value_name = "K",
        default_value_t = 1.0,
        allow_hyphen_values = true
    )]
    burstiness: f64,
    /// SLO: time to first token, ms. Without any --slo-* flag: TTFT 450 ms and TPOT 40 ms.
    #[arg(long, value_name = "MS", allow_hyphen_values = true)]
    slo_ttft_ms: Option<f64>,
    /// SLO: time per output token, ms.
    #[arg(long, value_name = "MS", allow_hyphen_values = true)]
    slo_tpot_ms: Option<f64>,
    /// SLO: end-to-end latency, ms.
    #[arg(long, value_name = "MS", allow_hyphen_values = true)]
    slo_e2e_ms: Option<f64>,
    /// The percentile the SLOs are judged at.
    #[arg(long, value_enum, default_value = "95")]
    percentile: PercentileArg,
    /// GPU ids to consider, comma-separated (default: the whole catalog).
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    gpus_from: Vec<String>,
    /// Most GPUs per replica tried (1, 2, 4 or 8).
    #[arg(
        long,
        value_name = "N",
        default_value_t = 8,
        allow_hyphen_values = true
    )]
    max_gpus_per_replica: u32,
    /// Spare capacity on top of the rate, percent (0–1,000).
    #[arg(
        long,
        value_name = "PCT",
        default_value_t = 0.0,
        allow_hyphen_values = true
    )]
    headroom: f64,
    /// Preset prices: on-demand or a 1-year commitment.
    #[arg(long, value_enum, default_value = "on-demand")]
    tier: TierArg,
    /// Your price for a GPU, USD per GPU-hour (repeatable): --price-for h100-sxm=2.10.
    #[arg(long, value_name = "GPU=USD")]
    price_for: Vec<String>,
    /// Hours a day the traffic runs (0.1–24).
    #[arg(
        long,
        value_name = "H",
        default_value_t = 24.0,
        allow_hyphen_values = true
    )]
    busy_hours: f64,
    /// Requests per simulated capacity probe (50–10,000).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_SIM_REQUESTS, allow_hyphen_values = true)]
    requests: u32,
    /// Simulation seed.
    #[arg(
        long,
        value_name = "N",
        default_value_t = 1,
        allow_hyphen_values = true
    )]
    seed: u64,
    /// Engine: sequences per step (default: the runtime's).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    max_num_seqs: Option<u32>,
    /// Engine: token budget per step (default: the runtime's).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    max_batched_tokens: Option<u32>,
    /// Engine: KV block size in tokens (default: the runtime's).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    block_size: Option<u32>,
    /// Prompt tokens every request shares (prefix cache).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    prefix_tokens: Option<u32>,
    /// Distinct prompts the requests are drawn from; re-sent prompts hit the prefix cache.
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    prompt_pool: Option<u32>,
    /// Rows shown on the terminal (the JSON has every row).
    #[arg(long, value_name = "N", default_value_t = 10)]
    top: usize,
    /// Print one JSON document on stdout.
    #[arg(long)]
    json: bool,
}

/// A bad input (exit 2) with its message.
pub struct BadInput(pub String);

/// `--gpus-from`'s ids, trimmed and lower-cased; given but naming none (`''`, `,`) is an error,
/// not the whole catalog.
fn gpu_list(given: &[String]) -> Result<Vec<String>, BadInput> {
    let ids: Vec<String> = given
        .iter()
        .map(|g| g.trim().to_ascii_lowercase())
        .filter(|g| !g.is_empty())
        .collect();
    if !given.is_empty() && ids.is_empty() {
        return Err(BadInput(
            "--gpus-from: must name at least one catalog GPU id (e.g. h100-sxm,h200)".into(),
        ));
    }
    Ok(ids)
}

fn price_override(s: &str) -> Result<PriceOverride, BadInput> {
    let (gpu, usd) = s.split_once('=').ok_or_else(|| {
        BadInput(format!(
            "--price-for: {s:?} is not GPU=USD (e.g. h100-sxm=2.10)"
        ))
    })?;
    let usd_per_gpu_hour = usd.trim().parse::<f64>().map_err(|_| {
        BadInput(format!(
            "--price-for: {usd:?} is not a number of USD per GPU-hour (0 to 1,000)"
        ))
    })?;
    Ok(PriceOverride {
        gpu: gpu.trim().to_ascii_lowercase(),
        usd_per_gpu_hour,
    })
}

/// The plan's input from the flags.
pub fn input(a: &PlanArgs) -> Result<PlanInput, BadInput> {
    let traffic = match (a.rate, a.users, a.req_per_user_min) {
        (Some(r), _, _) => Traffic::Rate { requests_per_s: r },
        (None, Some(users), Some(m)) => Traffic::Users {
            users,
            requests_per_user_per_min: m,
            peak_factor: a.peak_factor,
        },
        _ => {
            return Err(BadInput(
                "--rate, or --users with --req-per-user-min, is required".into(),
            ))
        }
    };
    let arrival = match a.arrival {
        ArrivalArg::Constant => Arrival::Constant,
        ArrivalArg::Poisson => Arrival::Poisson,
        ArrivalArg::Gamma => Arrival::Gamma,
    };
    let mut scenario = Scenario {
        benchmark: a.benchmark.clone().unwrap_or_default(),
        model: a.model.as_ref().map(|s| s.to_ascii_lowercase()),
        runtime: a.runtime.as_ref().map(|s| s.to_ascii_lowercase()),
        mem_fraction: a.mem_fraction,
        prompt_tokens: a.prompt_tokens,
        output_tokens: a.output_tokens,
        prompt_sd: a.prompt_sd,
        output_sd: a.output_sd,
        busy_hours: a.busy_hours,
        seed: a.seed,
        max_num_seqs: a.max_num_seqs,
        max_batched_tokens: a.max_batched_tokens,
        block_size: a.block_size,
        prefix_tokens: a.prefix_tokens,
        prompt_pool: a.prompt_pool,
        price_tier: match a.tier {
            TierArg::OnDemand => PriceTier::OnDemand,
            TierArg::Commitment => PriceTier::Committed,
        },
        ..Scenario::worked_example()
    };
    scenario.load = Load::Rate {
        requests_per_s: traffic.requests_per_s(),
        arrival,
        burstiness: a.burstiness,
    };
    let slo = if a.slo_ttft_ms.is_none() && a.slo_tpot_ms.is_none() && a.slo_e2e_ms.is_none() {
        DEFAULT_SLO
    } else {
        Slo {
            ttft_ms: a.slo_ttft_ms,
            tpot_ms: a.slo_tpot_ms,
            e2e_ms: a.slo_e2e_ms,
        }
    };
    Ok(PlanInput {
        scenario,
        traffic,
        slo,
        percentile: match a.percentile {
            PercentileArg::P95 => Percentile::P95,
            PercentileArg::P99 => Percentile::P99,
        },
        gpus: gpu_list(&a.gpus_from)?,
        max_gpus_per_replica: a.max_gpus_per_replica,
        headroom_pct: a.headroom,
        prices: a
            .price_for
            .iter()
            .map(|s| price_override(s))
            .collect::<Result<_, _>>()?,
        sim_requests: a.requests,
        ..PlanInput::worked_example()
    })
}

/// Runs `benchfit plan`: the plan as JSON or as a table.
pub fn run(a: &PlanArgs) -> Result<String, BadInput> {
    let input = input(a)?;
    let start = Instant::now();
    let p = plan::plan(&input).map_err(|e| BadInput(e.with_name(PlanField::flag)))?;
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    if a.json {
        Ok(serde_json::to_string_pretty(&p).expect("a plan serialises") + "\n")
    } else {
        Ok(render(&p, a.top, ms))
    }
}

fn binding(c: &Candidate) -> String {
    match c.binding_limit {
        Some(Binding::Slo) => format!("SLO {}", c.binding_slo.join("+")),
        Some(Binding::KvCache) => "KV cache".into(),
        Some(Binding::Compute) => "compute".into(),
        None => "–".into(),
    }
}

/// The plan as a table for the terminal.
pub fn render(p: &Plan, top: usize, ms: f64) -> String {
    let mut o = String::new();
    header(&mut o, p, ms);
    table(&mut o, p, top);
    not_serving(&mut o, p);
    if let Some(cal) = &p.calibration {
        let _ = writeln!(
            o,
            "\nThe claim calibrates {} + {} ({} weights) at MBU {:.2} / MFU {:.2}; other rows say what they assume (\"how\").",
            cal.gpu, cal.runtime, cal.weights, cal.mbu, cal.mfu
        );
    }
    for w in &p.warnings {
        let _ = writeln!(o, "Note: {w}");
    }
    o
}

/// The plan's inputs in one line and what planning did.
fn header(o: &mut String, p: &Plan, ms: f64) {
    let slo: Vec<String> = [
        ("TTFT", p.slo.ttft_ms),
        ("TPOT", p.slo.tpot_ms),
        ("E2E", p.slo.e2e_ms),
    ]
    .iter()
    .filter_map(|(name, v)| v.map(|v| format!("{name} ≤ {} ms", sig(v))))
    .collect();
    let _ = writeln!(
        o,
        "Plan: {} on {} ({}), {} in / {} out tokens, {} at {}, headroom {}%, {} busy h/day",
        p.model,
        p.runtime,
        p.traffic,
        sig(p.prompt_tokens),
        sig(p.output_tokens),
        if slo.is_empty() {
            "no SLO".into()
        } else {
            slo.join(", ")
        },
        p.percentile.label(),
        sig(p.headroom_pct),
        sig(p.busy_hours)
    );
    let _ = writeln!(
        o,
        "Planned {} candidates in {:.0} ms: {} fit, {} serve the traffic, {} simulated.\n",
        p.counts.candidates, ms, p.counts.fitting, p.counts.serving, p.counts.simulated
    );
}

/// One line of the table: the header and every row share these column widths.
fn table_line(o: &mut String, cells: [&str; 13]) {
    let [rank, gpus, weights, kv, repl, total, ttft, tpot, req, day, out, binding, how] = cells;
    let _ = writeln!(
        o,
        "{rank:>3}  {gpus:<28} {weights:>8} {kv:>6} {repl:>5} {total:>9} {ttft:>7} {tpot:>7} {req:>11} {day:>11} {out:>10}  {binding:<12} {how}"
    );
}

/// The `top` cheapest deployments that serve the traffic.
fn table(o: &mut String, p: &Plan, top: usize) {
    table_line(
        o,
        [
            "#",
            "GPUs per replica",
            "weights",
            "kv",
            "repl",
            "GPUs",
            "TTFT",
            "TPOT",
            "$/request",
            "$/req day",
            "$/1M out",
            "binding",
            "how",
        ],
    );
    for c in p.candidates.iter().filter(|c| c.serves()).take(top) {
        let lat = c.latency_ms_at_operating_point;
        let cost = c.cost.expect("ranked rows have a cost");
        let how = match c.method {
            Method::Simulated => format!("simulated, {}", source(c.efficiency.source)),
            _ => format!("screen, {}", source(c.efficiency.source)),
        };
        table_line(
            o,
            [
                &c.rank.unwrap_or(0).to_string(),
                &format!("{} × {}", c.gpus_per_replica, c.gpu),
                c.weights,
                c.kv_dtype,
                &c.replicas.unwrap_or(0).to_string(),
                &c.total_gpus.unwrap_or(0).to_string(),
                &lat.map_or("–".into(), |l| sig(l.ttft)),
                &lat.map_or("–".into(), |l| sig(l.tpot)),
                &usd(cost.fleet.per_request_usd),
                &usd(cost.fleet.per_request_whole_day_usd),
                &usd(cost.fleet.per_million_output_tokens_usd),
                &binding(c),
                &how,
            ],
        );
    }
    if p.counts.serving as usize > top {
        let _ = writeln!(
            o,
            "  … {} more (--top N, or --json for every row)",
            p.counts.serving as usize - top
        );
    }
}

/// How many candidates do not serve the traffic, and why, for the first three.
fn not_serving(o: &mut String, p: &Plan) {
    let no_slo = p
        .candidates
        .iter()
        .filter(|c| c.fits && !c.serves())
        .count();
    let no_fit = p.candidates.iter().filter(|c| !c.fits).count();
    let _ = writeln!(
        o,
        "\nNot serving: {no_fit} do not fit, {no_slo} fit but meet no SLO at any load. For example:"
    );
    for c in p.candidates.iter().filter(|c| !c.serves()).take(3) {
        let _ = writeln!(
            o,
            "  {} × {} {} / kv {}: {}",
            c.gpus_per_replica,
            c.gpu,
            c.weights,
            c.kv_dtype,
            c.reason.as_deref().unwrap_or("–")
        );
    }
}

fn source(s: plan::EfficiencySource) -> &'static str {
    match s {
        plan::EfficiencySource::Claim => "claim",
        plan::EfficiencySource::ClaimSameRuntimePrecision => {
            "claim's eff. (same runtime+precision)"
        }
        plan::EfficiencySource::Prior => "prior",
    }
}
