//! `benchfit measure`: drive a real OpenAI-compatible server and write the measurement file
//! (DESIGN §5.3, issue 5).
//!
//! Flow: probe the server once (which optional body fields it accepts, prompt length
//! calibration through `/tokenize` or `usage.prompt_tokens`), run the warm-up requests, then the
//! counted run (closed loop at `--concurrency` or open loop at `--rate`) while scraping
//! `/metrics` and NVML; every finished request is appended to `FILE.jsonl` at once, the summary
//! and the file are written at the end (also after Ctrl-C, marked partial).

pub mod gpu;
pub mod metrics;
pub mod request;
pub mod sse;

use anyhow::Context as _;
use benchfit_core::measurement::stages::{self, Slo, SloPercentile};
use benchfit_core::measurement::{
    summarize, FailureClass, LoadMode, Measurement, PromptCalibration, RequestRecord,
    RequestStatus, RunInfo, ServerMetrics, TokenLength, TrafficProfile,
};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rand::{Rng, SeedableRng};
use request::{Api, BodyFeatures, Ctx, Prompt};
use std::collections::BTreeSet;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};
use tokio::sync::{mpsc, watch};

/// Which API to call.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum ApiArg {
    /// `/v1/completions`.
    Completions,
    /// `/v1/chat/completions`.
    Chat,
}

/// Arrival process for `--rate`.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum ArrivalArg {
    /// Evenly spaced.
    Constant,
    /// Exponential gaps.
    Poisson,
    /// Gamma gaps, shape `--burstiness`.
    Gamma,
}

/// `--percentile`.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum PercentileArg {
    /// 95 % of requests.
    P95,
    /// 99 % of requests.
    P99,
}

/// Flags of `benchfit measure`.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("open_loop").args(["rate", "sweep", "find_max_rate"]).multiple(true)))]
pub struct MeasureArgs {
    /// API base URL ending in /v1 (e.g. http://127.0.0.1:8000/v1).
    #[arg(long, value_name = "BASE_URL")]
    pub url: String,
    /// Model name, sent as given.
    #[arg(long, value_name = "NAME")]
    pub model: String,
    /// Which API: /v1/completions or /v1/chat/completions.
    #[arg(long, value_enum, default_value = "completions")]
    pub api: ApiArg,
    /// Prompt tokens per request: N, or MIN-MAX (uniform).
    #[arg(
        long,
        value_name = "N|MIN-MAX",
        default_value = "128",
        allow_hyphen_values = true
    )]
    pub prompt_tokens: String,
    /// Output tokens per request (max_tokens, with ignore_eos/min_tokens where supported): N,
    /// or MIN-MAX (uniform).
    #[arg(
        long,
        value_name = "N|MIN-MAX",
        default_value = "128",
        allow_hyphen_values = true
    )]
    pub output_tokens: String,
    /// Requests in flight (closed loop; 1–100,000).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100_000), conflicts_with = "rate", allow_hyphen_values = true)]
    pub concurrency: Option<u32>,
    /// Requests per second (open loop).
    #[arg(long, value_name = "REQ_PER_S", allow_hyphen_values = true)]
    pub rate: Option<f64>,
    /// Arrival process for --rate, --sweep rate=… and --find-max-rate [default: poisson].
    #[arg(long, value_enum, requires = "open_loop")]
    pub arrival: Option<ArrivalArg>,
    /// Gamma shape for --arrival gamma (1 = Poisson; below 1 burstier) [default: 1].
    #[arg(
        long,
        value_name = "K",
        requires = "open_loop",
        allow_hyphen_values = true
    )]
    pub burstiness: Option<f64>,
    /// Run one stage per load, in order, into one file: `rate=1,2,4,8` (requests/s, open
    /// loop) or `concurrency=1,2,4` (closed loop). Each stage has its own steady-state
    /// summary; --requests and --duration apply per stage.
    #[arg(long, value_name = "rate=R1,R2,…|concurrency=C1,C2,…", conflicts_with_all = ["rate", "concurrency", "find_max_rate"])]
    pub sweep: Option<String>,
    /// Search for the highest request rate whose stage meets every SLO (--slo-ttft-ms,
    /// --slo-tpot-ms, --slo-e2e-ms at --percentile): bracketing by doubling or halving from --rate (default
    /// 1 req/s), then bisection down to --rate-resolution. Every probed stage is in the file.
    #[arg(long, conflicts_with = "concurrency")]
    pub find_max_rate: bool,
    /// SLO: time to first token per request, ms (judged per stage at --percentile).
    #[arg(long, value_name = "MS", allow_hyphen_values = true)]
    pub slo_ttft_ms: Option<f64>,
    /// SLO: time per output token per request, (E2E − TTFT)/(output tokens − 1), ms.
    #[arg(long, value_name = "MS", allow_hyphen_values = true)]
    pub slo_tpot_ms: Option<f64>,
    /// SLO: end-to-end latency per request, ms.
    #[arg(long, value_name = "MS", allow_hyphen_values = true)]
    pub slo_e2e_ms: Option<f64>,
    /// The share of a stage's requests that must meet each SLO [default: p95].
    #[arg(long, value_enum)]
    pub percentile: Option<PercentileArg>,
    /// --find-max-rate stops when the lowest rate that missed is at most this far (requests/s)
    /// above the highest that met (default: 10 % of the met rate).
    #[arg(
        long,
        value_name = "REQ_PER_S",
        requires = "find_max_rate",
        allow_hyphen_values = true
    )]
    pub rate_resolution: Option<f64>,
    /// Run each load (with --find-max-rate: the whole search) this many times (1–100); with
    /// more than one, the file gives each metric's (the found rate's) mean and 95 % Student t
    /// interval over the runs.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100), allow_hyphen_values = true)]
    pub runs: u32,
    /// Counted requests (default 100 unless --duration is given).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=10_000_000), allow_hyphen_values = true)]
    pub requests: Option<u64>,
    /// Stop sending after S seconds; requests still running then are reported incomplete.
    #[arg(long, value_name = "S", allow_hyphen_values = true)]
    pub duration: Option<f64>,
    /// Warm-up requests before counting (not in the file).
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=100_000), allow_hyphen_values = true)]
    pub warmup: u32,
    /// Prometheus metrics URL (default: the server's /metrics).
    #[arg(long, value_name = "URL")]
    pub metrics_url: Option<String>,
    /// Write the measurement file here (and each request to FILE.jsonl as it ends).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Print the summary as one JSON document on stdout.
    #[arg(long)]
    pub json: bool,
    /// Environment variable holding the API key.
    #[arg(long, value_name = "NAME", default_value = "OPENAI_API_KEY")]
    pub api_key_env: String,
    /// File holding the API key (first line), instead of the environment.
    #[arg(long, value_name = "FILE")]
    pub api_key_file: Option<PathBuf>,
    /// Extra JSON body fields (an object), merged into every request.
    #[arg(long, value_name = "JSON")]
    pub extra_body: Option<String>,
    /// Per-request time limit, seconds.
    #[arg(
        long,
        value_name = "S",
        default_value_t = 600.0,
        allow_hyphen_values = true
    )]
    pub timeout: f64,
    /// Stop the run when this many requests in a row got no answer at all (connect error,
    /// connection closed before the response, timeout before the response): the server
    /// stopped answering. The file is marked partial with the reason.
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = clap::value_parser!(u32), allow_hyphen_values = true)]
    pub max_connection_failures: u32,
    /// Seed for prompts, lengths and arrivals.
    #[arg(
        long,
        value_name = "N",
        default_value_t = 0,
        allow_hyphen_values = true
    )]
    pub seed: u64,
}

/// A bad flag: exit code 2 with this message.
#[derive(Debug)]
pub struct BadInput(pub String);

fn parse_length(flag: &str, s: &str) -> Result<TokenLength, BadInput> {
    let bad = || {
        BadInput(format!(
            "{flag}: {s:?} is not N or MIN-MAX with 1 ≤ MIN ≤ MAX ≤ 1,000,000"
        ))
    };
    let n = |x: &str| {
        x.trim()
            .parse::<u32>()
            .ok()
            .filter(|v| (1..=1_000_000).contains(v))
    };
    match s.split_once('-') {
        None => n(s)
            .map(|tokens| TokenLength::Fixed { tokens })
            .ok_or_else(bad),
        Some((a, b)) => match (n(a), n(b)) {
            (Some(min), Some(max)) if min <= max => Ok(TokenLength::Uniform { min, max }),
            _ => Err(bad()),
        },
    }
}

fn draw(len: TokenLength, rng: &mut impl Rng) -> u32 {
    match len {
        TokenLength::Fixed { tokens } => tokens,
        TokenLength::Uniform { min, max } => rng.random_range(min..=max),
    }
}

fn mean_of(len: TokenLength) -> f64 {
    match len {
        TokenLength::Fixed { tokens } => f64::from(tokens),
        TokenLength::Uniform { min, max } => (f64::from(min) + f64::from(max)) / 2.0,
    }
}

/// Checked inputs.
struct Plan {
    ctx: Arc<Ctx>,
    root: String,
    metrics_url: String,
    traffic: TrafficProfile,
    mode: Mode,
    /// Times each load runs (`--runs`).
    runs: u32,
    /// The SLOs stages are judged against.
    slo: Option<Slo>,
    requests: u64,
    duration: Option<Duration>,
}

/// What stages a run has.
enum Mode {
    /// One load (`--rate`, `--concurrency`, or neither: concurrency 1).
    Single(LoadMode),
    /// `--sweep`: these loads in order.
    Sweep(Vec<LoadMode>),
    /// `--find-max-rate`.
    FindMaxRate {
        start_rate: f64,
        resolution: Option<f64>,
        arrival: String,
        burstiness: f64,
    },
}

impl Mode {
    /// The first load the run offers (for the warm-up's concurrency).
    fn first_load(&self) -> LoadMode {
        match self {
            Mode::Single(l) => l.clone(),
            Mode::Sweep(ls) => ls
                .first()
                .cloned()
                .unwrap_or(LoadMode::Concurrency { concurrency: 1 }),
            Mode::FindMaxRate {
                start_rate,
                arrival,
                burstiness,
                ..
            } => LoadMode::Rate {
                requests_per_s: *start_rate,
                arrival: arrival.clone(),
                burstiness: *burstiness,
            },
        }
    }
}

/// Parses `--sweep`: `rate=R1,R2,…` or `concurrency=C1,C2,…` (2–64 values, each within its
/// flag's range, no value twice).
fn parse_sweep(s: &str, arrival: &str, burstiness: f64) -> Result<Vec<LoadMode>, BadInput> {
    let bad = |why: &str| {
        BadInput(format!(
            "--sweep: {s:?} {why} (write rate=1,2,4 or concurrency=1,2,4)"
        ))
    };
    let (kind, list) = s
        .split_once('=')
        .ok_or_else(|| bad("has no kind= before the values"))?;
    let values: Vec<&str> = list.split(',').map(str::trim).collect();
    if !(2..=64).contains(&values.len()) {
        return Err(bad("must list 2 to 64 values"));
    }
    let loads = match kind.trim() {
        "rate" => values
            .iter()
            .map(|v| match v.parse::<f64>() {
                Ok(r) if r.is_finite() && r > 0.0 && r <= 100_000.0 => Ok(LoadMode::Rate {
                    requests_per_s: r,
                    arrival: arrival.into(),
                    burstiness,
                }),
                _ => Err(bad(&format!(
                    "has {v:?}, not a rate more than 0 and at most 100,000 requests/s"
                ))),
            })
            .collect::<Result<Vec<_>, _>>()?,
        "concurrency" => values
            .iter()
            .map(|v| match v.parse::<u32>() {
                Ok(c) if (1..=100_000).contains(&c) => Ok(LoadMode::Concurrency { concurrency: c }),
                _ => Err(bad(&format!(
                    "has {v:?}, not a concurrency from 1 to 100,000"
                ))),
            })
            .collect::<Result<Vec<_>, _>>()?,
        other => return Err(bad(&format!("has kind {other:?}, not rate or concurrency"))),
    };
    if loads
        .iter()
        .enumerate()
        .any(|(i, l)| loads[..i].contains(l))
    {
        return Err(bad("lists a value twice"));
    }
    Ok(loads)
}

fn read_key(a: &MeasureArgs) -> Result<Option<String>, BadInput> {
    if let Some(path) = &a.api_key_file {
        let text = std::fs::read_to_string(path).map_err(|e| {
            BadInput(format!(
                "--api-key-file: cannot read {}: {e}",
                path.display()
            ))
        })?;
        let key = text.lines().next().unwrap_or("").trim().to_string();
        if key.is_empty() {
            return Err(BadInput(format!(
                "--api-key-file: {} is empty",
                path.display()
            )));
        }
        return Ok(Some(key));
    }
    Ok(std::env::var(&a.api_key_env)
        .ok()
        .filter(|k| !k.trim().is_empty()))
}

fn plan(a: &MeasureArgs) -> Result<Plan, BadInput> {
    let url = a.url.trim().trim_end_matches('/').to_string();
    let parsed = reqwest::Url::parse(&url)
        .map_err(|e| BadInput(format!("--url: {url:?} is not a URL ({e})")))?;
    if !matches!(parsed.scheme(), "http" | "https") {
        return Err(BadInput(format!(
            "--url: {url:?} must start with http:// or https://"
        )));
    }
    if !parsed.username().is_empty() || parsed.password().is_some() {
        return Err(BadInput(
            "--url: must not carry credentials; pass the key with --api-key-env or --api-key-file"
                .into(),
        ));
    }
    let Some(root) = url.strip_suffix("/v1") else {
        return Err(BadInput(format!(
            "--url: {url:?} must be the API base ending in /v1 (e.g. http://127.0.0.1:8000/v1)"
        )));
    };
    let traffic = TrafficProfile {
        prompt_tokens: parse_length("--prompt-tokens", &a.prompt_tokens)?,
        output_tokens: parse_length("--output-tokens", &a.output_tokens)?,
    };
    let arrival: String = match a.arrival.unwrap_or(ArrivalArg::Poisson) {
        ArrivalArg::Constant => "constant",
        ArrivalArg::Poisson => "poisson",
        ArrivalArg::Gamma => "gamma",
    }
    .into();
    let burstiness = a.burstiness.unwrap_or(1.0);
    if let Some(r) = a.rate {
        if !(r.is_finite() && r > 0.0 && r <= 100_000.0) {
            return Err(BadInput(
                "--rate: must be more than 0 and at most 100,000 requests/s".into(),
            ));
        }
    }
    if (a.rate.is_some() || a.sweep.is_some() || a.find_max_rate)
        && !(burstiness.is_finite() && burstiness > 0.0 && burstiness <= 100.0)
    {
        return Err(BadInput(
            "--burstiness: must be more than 0 and at most 100".into(),
        ));
    }
    let mode = if let Some(s) = &a.sweep {
        let loads = parse_sweep(s, &arrival, burstiness)?;
        if loads
            .iter()
            .all(|l| matches!(l, LoadMode::Concurrency { .. }))
            && (a.arrival.is_some() || a.burstiness.is_some())
        {
            return Err(BadInput(
                "--arrival/--burstiness: only for open loop (--rate, --sweep rate=…, --find-max-rate)"
                    .into(),
            ));
        }
        Mode::Sweep(loads)
    } else if a.find_max_rate {
        if let Some(r) = a.rate_resolution {
            if !(r.is_finite() && r > 0.0 && r <= 100_000.0) {
                return Err(BadInput(
                    "--rate-resolution: must be more than 0 and at most 100,000 requests/s".into(),
                ));
            }
        }
        Mode::FindMaxRate {
            start_rate: a.rate.unwrap_or(1.0),
            resolution: a.rate_resolution,
            arrival: arrival.clone(),
            burstiness,
        }
    } else {
        Mode::Single(match (a.concurrency, a.rate) {
            (_, Some(r)) => LoadMode::Rate {
                requests_per_s: r,
                arrival: arrival.clone(),
                burstiness,
            },
            (Some(c), None) => LoadMode::Concurrency { concurrency: c },
            (None, None) => LoadMode::Concurrency { concurrency: 1 },
        })
    };
    // The estimate's and plan's SLO range.
    use benchfit_core::limits::{MAX_SLO_MS, MIN_SLO_MS};
    let slo_ms = |flag: &str, v: Option<f64>| match v {
        Some(x) if !(x.is_finite() && (MIN_SLO_MS..=MAX_SLO_MS).contains(&x)) => Err(BadInput(
            format!("{flag}: must be from {MIN_SLO_MS} to {MAX_SLO_MS:e} ms"),
        )),
        _ => Ok(v),
    };
    let (ttft, tpot, e2e) = (
        slo_ms("--slo-ttft-ms", a.slo_ttft_ms)?,
        slo_ms("--slo-tpot-ms", a.slo_tpot_ms)?,
        slo_ms("--slo-e2e-ms", a.slo_e2e_ms)?,
    );
    let slo = (ttft.is_some() || tpot.is_some() || e2e.is_some()).then_some(Slo {
        ttft_ms: ttft,
        tpot_ms: tpot,
        e2e_ms: e2e,
        percentile: match a.percentile.unwrap_or(PercentileArg::P95) {
            PercentileArg::P95 => SloPercentile::P95,
            PercentileArg::P99 => SloPercentile::P99,
        },
    });
    if a.percentile.is_some() && slo.is_none() {
        return Err(BadInput(
            "--percentile: judges SLOs; give --slo-ttft-ms, --slo-tpot-ms or --slo-e2e-ms".into(),
        ));
    }
    if a.find_max_rate && slo.is_none() {
        return Err(BadInput(
            "--find-max-rate: needs an SLO (--slo-ttft-ms, --slo-tpot-ms, --slo-e2e-ms)".into(),
        ));
    }
    if slo.is_some() && matches!(mode, Mode::Single(_)) && a.runs == 1 {
        return Err(BadInput(
            "--slo-ttft-ms/--slo-tpot-ms/--slo-e2e-ms: judge stages, so they need --sweep, --find-max-rate or --runs"
                .into(),
        ));
    }
    let duration = match a.duration {
        None => None,
        Some(d) if d.is_finite() && d > 0.0 && d <= 7.0 * 86_400.0 => {
            Some(Duration::from_secs_f64(d))
        }
        Some(_) => {
            return Err(BadInput(
                "--duration: must be more than 0 and at most 604,800 s".into(),
            ))
        }
    };
    if !(a.timeout.is_finite() && a.timeout > 0.0 && a.timeout <= 86_400.0) {
        return Err(BadInput(
            "--timeout: must be more than 0 and at most 86,400 s".into(),
        ));
    }
    let extra = match &a.extra_body {
        None => serde_json::Map::new(),
        Some(s) => match serde_json::from_str::<serde_json::Value>(s) {
            Ok(serde_json::Value::Object(m)) => m,
            Ok(_) => return Err(BadInput("--extra-body: must be a JSON object".into())),
            Err(e) => return Err(BadInput(format!("--extra-body: not JSON ({e})"))),
        },
    };
    let requests = a
        .requests
        .unwrap_or(if duration.is_some() { 10_000_000 } else { 100 });
    let api = match a.api {
        ApiArg::Completions => Api::Completions,
        ApiArg::Chat => Api::Chat,
    };
    let endpoint = format!(
        "{url}/{}",
        match api {
            Api::Completions => "completions",
            Api::Chat => "chat/completions",
        }
    );
    let client = |max_idle: usize| {
        request::http_client(max_idle)
            .map_err(|e| BadInput(format!("--url: cannot build an HTTP client ({e})")))
    };
    if a.max_connection_failures == 0 {
        return Err(BadInput(
            "--max-connection-failures: must be at least 1".into(),
        ));
    }
    Ok(Plan {
        ctx: Arc::new(Ctx {
            client: client(usize::MAX)?,
            // No idle connection kept: every request on it opens a new one.
            fresh: client(0)?,
            endpoint,
            api,
            model: a.model.clone(),
            api_key: read_key(a)?,
            extra,
            timeout: Duration::from_secs_f64(a.timeout),
        }),
        metrics_url: a
            .metrics_url
            .clone()
            .unwrap_or_else(|| format!("{root}/metrics")),
        root: root.to_string(),
        traffic,
        mode,
        runs: a.runs,
        slo,
        requests,
        duration,
    })
}

/// Words prompts are made of; any server tokenizer splits them into a stable number of tokens.
const WORDS: &[&str] = &[
    "time", "year", "people", "way", "day", "man", "thing", "woman", "life", "child", "world",
    "school", "state", "family", "student", "group", "country", "problem", "hand", "part", "place",
    "case", "week", "company", "system", "program", "question", "work", "number", "night", "point",
    "home", "water", "room", "mother", "area", "money", "story", "fact", "month", "lot", "right",
    "study", "book", "eye", "job", "word", "business", "issue", "side", "kind", "head", "house",
    "service", "friend", "father", "power", "hour", "game", "line", "end", "member", "law", "car",
];

fn words(n: usize, rng: &mut impl Rng) -> String {
    let mut s = String::with_capacity(n * 7);
    for i in 0..n {
        if i > 0 {
            s.push(' ');
        }
        s.push_str(WORDS[rng.random_range(0..WORDS.len())]);
    }
    s
}

/// Most bytes of a `/tokenize` answer read (a token list of the 200-word probe is a few KB).
const MAX_TOKENIZE_BODY_BYTES: usize = 1 << 20;

/// Most bytes of one `/metrics` scrape read (vLLM's, with histograms, is a few hundred KB).
pub const MAX_METRICS_BODY_BYTES: usize = 16 << 20;

/// What the server's `/tokenize` said about a text.
struct Tokenized {
    /// Token count.
    count: u32,
    /// The token ids, when listed (llama.cpp and vLLM list them).
    ids: Vec<u32>,
}

/// Tokenizes `text` with the server's `/tokenize` (llama.cpp: `content`, vLLM: `prompt`;
/// no special tokens added), if it offers one.
async fn tokenize(ctx: &Ctx, root: &str, text: &str) -> Option<Tokenized> {
    let body = serde_json::json!({"model": ctx.model, "prompt": text, "content": text, "add_special": false});
    let build = |c: &reqwest::Client| {
        let req = c
            .post(format!("{root}/tokenize"))
            .timeout(Duration::from_secs(10))
            .json(&body);
        match &ctx.api_key {
            Some(k) => req.bearer_auth(k),
            None => req,
        }
    };
    // llama.cpp's server closes the connection after the probe's streamed response.
    let resp = request::send_with_fresh_retry(ctx, build)
        .await
        .ok()?
        .error_for_status()
        .ok()?;
    let (body, whole) = request::read_limited(resp, MAX_TOKENIZE_BODY_BYTES)
        .await
        .ok()?;
    if !whole {
        return None;
    }
    let v: serde_json::Value = serde_json::from_slice(&body).ok()?;
    // `tokens` is a list of ids (or, with llama.cpp's `with_pieces`, of {id, piece}).
    let ids: Vec<u32> = v
        .get("tokens")
        .and_then(serde_json::Value::as_array)
        .map(|t| {
            t.iter()
                .filter_map(|x| x.as_u64().or_else(|| x.get("id")?.as_u64()))
                .filter_map(|x| u32::try_from(x).ok())
                .collect()
        })
        .unwrap_or_default();
    let count = v
        .get("count")
        .and_then(serde_json::Value::as_u64)
        .or_else(|| {
            v.get("tokens")
                .and_then(serde_json::Value::as_array)
                .map(|t| t.len() as u64)
        })?;
    Some(Tokenized {
        count: u32::try_from(count).ok()?,
        ids,
    })
}

/// How prompts of a requested token length are made.
#[derive(Clone)]
pub enum Prompts {
    /// Exact: token ids drawn from `pool` (the server's own ids of the probe words), sent as
    /// a token-id prompt (completions API of vLLM, SGLang, llama.cpp); the server adds `added`
    /// tokens of its own (a BOS), so `length − added` ids are sent.
    Ids {
        /// Distinct ids to draw from.
        pool: Arc<Vec<u32>>,
        /// Tokens the server adds to an id prompt (0 or 1 seen).
        added: u32,
    },
    /// Approximate: words, `tokens_per_word` as calibrated (None: one token per word).
    Words {
        /// Server tokens per probe word.
        tokens_per_word: Option<f64>,
    },
}

/// What the probe found.
struct Probe {
    features: BodyFeatures,
    prompts: Prompts,
    method: &'static str,
    notes: Vec<String>,
}

/// One small streamed request per body variant, richest first, until the server accepts one;
/// then the prompt-length calibration.
async fn probe(ctx: &Ctx, root: &str, start: Instant) -> Probe {
    const PROBE_WORDS: usize = 200;
    let mut rng = rand_pcg::Pcg64::seed_from_u64(u64::MAX);
    let text = words(PROBE_WORDS, &mut rng);
    // The request itself is short, to fit any context; /tokenize gets the long text.
    let short = words(8, &mut rng);
    let (_tx, rx) = watch::channel(false);
    let mut notes = Vec::new();
    let mut chosen = None;
    let mut first_error = None;
    let mut usage = None;
    for f in [
        BodyFeatures::Full,
        BodyFeatures::UsageOnly,
        BodyFeatures::Plain,
    ] {
        let r = request::run(
            ctx,
            RequestRecord::default(),
            &Prompt::Text(short.clone()),
            2,
            f,
            start,
            rx.clone(),
        )
        .await;
        let rejected = r
            .error
            .as_deref()
            .is_some_and(|e| e.starts_with("http 400") || e.starts_with("http 422"));
        if !rejected {
            usage = r.prompt_tokens;
            if let Some(e) = &r.error {
                notes.push(format!("the probe request failed ({e}); going on"));
            }
            chosen = Some(f);
            break;
        }
        first_error.get_or_insert(r.error);
    }
    let chosen = match chosen {
        Some(f) => f,
        None => {
            notes.push(format!(
                "the server rejected every probe request ({}); going on with the full body",
                first_error.flatten().unwrap_or_default()
            ));
            BodyFeatures::Full
        }
    };
    let usage_prompt = usage.map(|n| (n, 8usize));
    match chosen {
        BodyFeatures::Full => {}
        BodyFeatures::UsageOnly => notes.push(
            "the server rejected ignore_eos/min_tokens/continuous_usage_stats: output length is max_tokens at most, and multi-token chunks are counted from the final usage".into(),
        ),
        BodyFeatures::Plain => notes.push(
            "the server rejected stream_options: no usage from the server, tokens are counted one per streamed chunk (labelled fallback)".into(),
        ),
    }
    let tokenized = tokenize(ctx, root, &text).await;
    // Token-id prompts: only with the completions API, a listed vocabulary sample, and a
    // probe whose usage.prompt_tokens shows how many tokens the server adds.
    if let (Api::Completions, Some(t)) = (ctx.api, &tokenized) {
        let mut pool = t.ids.clone();
        pool.sort_unstable();
        pool.dedup();
        if pool.len() >= 8 {
            let sent: Vec<u32> = t.ids.iter().copied().take(8).collect();
            let r = request::run(
                ctx,
                RequestRecord::default(),
                &Prompt::Ids(sent.clone()),
                2,
                chosen,
                start,
                rx.clone(),
            )
            .await;
            let n = sent.len() as u32;
            match (r.status, r.prompt_tokens) {
                (RequestStatus::Ok, Some(u)) if (n..=n + 2).contains(&u) => {
                    return Probe {
                        features: chosen,
                        prompts: Prompts::Ids {
                            pool: Arc::new(pool),
                            added: u - n,
                        },
                        method: "token_ids",
                        notes,
                    };
                }
                (status, u) => notes.push(format!(
                    "token-id prompts not used (the probe with {n} ids: {}, usage.prompt_tokens {}): prompt lengths are calibrated with /tokenize, approximate",
                    r.error.as_deref().unwrap_or(match status {
                        RequestStatus::Ok => "ok",
                        _ => "not ok",
                    }),
                    u.map_or("absent".to_string(), |u| u.to_string())
                )),
            }
        }
    }
    let (tokens_per_word, method) = match tokenized {
        Some(t) if t.count > 0 => (Some(f64::from(t.count) / PROBE_WORDS as f64), "tokenize"),
        _ => match usage_prompt {
            Some((n, w)) if n > 0 => (Some(f64::from(n) / w as f64), "usage"),
            _ => {
                notes.push("prompt length could not be calibrated (no /tokenize, no usage.prompt_tokens): prompts use the synthesized length of one token per word".into());
                (None, "none")
            }
        },
    };
    Probe {
        features: chosen,
        prompts: Prompts::Words { tokens_per_word },
        method,
        notes,
    }
}

/// Arrival offsets from the run's start, seconds, for open loop: the core's generator
/// ([`benchfit_core::input::arrival_times`], the one the estimate simulates with), seeded from
/// `seed`.
fn arrivals(n: u64, rate: f64, arrival: &str, k: f64, seed: u64) -> Vec<f64> {
    use benchfit_core::input::{arrival_times, Arrival};
    let mut rng = rand_pcg::Pcg64::seed_from_u64(seed ^ 0xA881_7A15);
    let arrival = match arrival {
        "constant" => Arrival::Constant,
        "gamma" => Arrival::Gamma,
        _ => Arrival::Poisson,
    };
    arrival_times(arrival, rate, k, &mut rng, n.min(10_000_000) as usize)
}

/// What a request needs to be sent.
struct Job {
    base: RequestRecord,
    prompt: Prompt,
    max_tokens: u32,
}

/// Makes the `i`-th job (deterministic in seed and index): prompt length and output length
/// drawn from the traffic profile, a unique prompt of that many tokens.
fn job(i: u64, seed: u64, traffic: &TrafficProfile, prompts: &Prompts) -> Job {
    let mut rng = rand_pcg::Pcg64::seed_from_u64(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ i);
    let p = draw(traffic.prompt_tokens, &mut rng);
    let o = draw(traffic.output_tokens, &mut rng);
    let prompt = match prompts {
        Prompts::Ids { pool, added } => Prompt::Ids(
            (0..p.saturating_sub(*added).max(1))
                .map(|_| pool[rng.random_range(0..pool.len())])
                .collect(),
        ),
        Prompts::Words { tokens_per_word } => {
            let n_words = match tokens_per_word {
                Some(r) if *r > 0.0 => ((f64::from(p) / r).round() as usize).max(1),
                _ => p as usize,
            };
            Prompt::Text(words(n_words, &mut rng))
        }
    };
    Job {
        base: RequestRecord {
            index: i,
            requested_prompt_tokens: Some(p),
            requested_output_tokens: Some(o),
            ..RequestRecord::default()
        },
        prompt,
        max_tokens: o,
    }
}

fn rfc3339(t: SystemTime) -> String {
    humantime::format_rfc3339_millis(t).to_string()
}

/// Live state the progress bar shows: counts and an HDR histogram of TTFT (µs, 3 significant
/// digits: the p50 shown is within 0.1 % of the exact one).
struct Live {
    done: u64,
    failed: u64,
    /// None only if hdrhistogram rejected the constant bounds below (it does not).
    ttft_us: Option<hdrhistogram::Histogram<u64>>,
}

impl Default for Live {
    fn default() -> Self {
        Self {
            done: 0,
            failed: 0,
            // 1 µs to 1 h; values outside are clamped (saturating_record).
            ttft_us: hdrhistogram::Histogram::new_with_bounds(1, 3_600_000_000, 3).ok(),
        }
    }
}

impl Live {
    fn push(&mut self, r: &RequestRecord) {
        self.done += 1;
        match r.status {
            RequestStatus::Failed => self.failed += 1,
            RequestStatus::Ok => {
                if let (Some(t), Some(h)) = (
                    r.ttft_ms.filter(|t| t.is_finite() && *t >= 0.0),
                    self.ttft_us.as_mut(),
                ) {
                    h.saturating_record((t * 1000.0).round() as u64);
                }
            }
            RequestStatus::Incomplete => {}
        }
    }

    fn message(&self, elapsed_s: f64) -> String {
        let p50 = match &self.ttft_us {
            Some(h) if !h.is_empty() => h.value_at_quantile(0.5) as f64 / 1000.0,
            _ => f64::NAN,
        };
        format!(
            "failed {} · {:.1} req/s · TTFT p50 {:.0} ms",
            self.failed,
            self.done as f64 / elapsed_s.max(1e-9),
            p50
        )
    }
}

/// Stops the run when the server stopped answering (see [`NoAnswerStreak`]).
struct ServerWatch {
    streak: std::sync::Mutex<NoAnswerStreak>,
    /// `--max-connection-failures`.
    limit: u32,
    /// Set when the limit is reached: no request is sent after that.
    stop: Arc<AtomicBool>,
    /// The reason, once.
    dead_tx: mpsc::Sender<String>,
}

impl ServerWatch {
    /// Counts a record as it ends.
    fn see(&self, r: &RequestRecord) {
        let hit = self
            .streak
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(r, self.limit);
        if let Some(since_ms) = hit {
            self.stop.store(true, Ordering::Relaxed);
            let _ = self.dead_tx.try_send(format!(
                "the server stopped answering at {:.1} s: {} requests in a row got no answer",
                since_ms / 1000.0,
                self.limit
            ));
        }
    }
}

/// Requests in a row (in the order they ended) that got no answer at all.
#[derive(Default)]
struct NoAnswerStreak {
    len: u32,
    since_ms: f64,
}

impl NoAnswerStreak {
    /// Counts `r`; returns the send time (ms from the run's start) of the streak's first
    /// request when the streak reaches `limit` (once).
    fn push(&mut self, r: &RequestRecord, limit: u32) -> Option<f64> {
        match (r.status, r.failure_class) {
            (RequestStatus::Failed, Some(FailureClass::Transport)) => {
                self.since_ms = if self.len == 0 {
                    r.sent_ms
                } else {
                    self.since_ms.min(r.sent_ms)
                };
                self.len += 1;
                (self.len == limit).then_some(self.since_ms)
            }
            // Still running when the run stopped: says nothing about the server.
            (RequestStatus::Incomplete, _) => None,
            _ => {
                self.len = 0;
                None
            }
        }
    }
}

/// Exit status after Ctrl-C, once the partial file is written (128 + SIGINT, as shells do).
pub const EXIT_INTERRUPTED: i32 = 130;

/// Runs `benchfit measure`. Bad flags → [`BadInput`] (exit 2); a failure to write the file →
/// other errors (exit 1); failed requests are results, not errors. After Ctrl-C the partial
/// file and summary are written and the process exits [`EXIT_INTERRUPTED`].
pub fn run(a: MeasureArgs) -> Result<Result<(), anyhow::Error>, BadInput> {
    let plan = plan(&a)?;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| BadInput(format!("cannot start the async runtime: {e}")))?;
    match rt.block_on(measure(a, plan)) {
        Ok(Ended::Interrupted) => {
            drop(rt);
            let _ = std::io::stdout().flush();
            std::process::exit(EXIT_INTERRUPTED);
        }
        Ok(Ended::Normally) => Ok(Ok(())),
        Err(e) => Ok(Err(e)),
    }
}

/// How a measurement ended.
enum Ended {
    /// The plan ran out, `--duration` passed, or the server stopped answering.
    Normally,
    /// Ctrl-C.
    Interrupted,
}

async fn measure(a: MeasureArgs, plan: Plan) -> anyhow::Result<Ended> {
    let ctx = plan.ctx.clone();
    let started_at = SystemTime::now();
    let probe_start = Instant::now();
    let probe = probe(&ctx, &plan.root, probe_start).await;
    let features = probe.features;
    let tpw = Arc::new(probe.prompts.clone());

    // Warm-up: closed loop, not counted.
    if a.warmup > 0 {
        let conc = match plan.mode.first_load() {
            LoadMode::Concurrency { concurrency } => concurrency,
            LoadMode::Rate { .. } => 8,
        }
        .min(a.warmup);
        let next = Arc::new(AtomicU64::new(0));
        let (_tx, rx) = watch::channel(false);
        let mut set = tokio::task::JoinSet::new();
        for _ in 0..conc {
            let (ctx, next, rx, traffic, tpw) = (
                ctx.clone(),
                next.clone(),
                rx.clone(),
                plan.traffic,
                tpw.clone(),
            );
            let (warm, seed) = (u64::from(a.warmup), a.seed);
            set.spawn(async move {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= warm {
                        break;
                    }
                    let j = job(u64::MAX - i, seed, &traffic, &tpw);
                    let start = Instant::now();
                    request::run(
                        &ctx,
                        j.base,
                        &j.prompt,
                        j.max_tokens,
                        features,
                        start,
                        rx.clone(),
                    )
                    .await;
                }
            });
        }
        while set.join_next().await.is_some() {}
    }

    // Output files.
    let jsonl_path = a.out.as_ref().map(|p| {
        let mut s = p.clone().into_os_string();
        s.push(".jsonl");
        PathBuf::from(s)
    });
    let jsonl = match &jsonl_path {
        Some(p) => Some(std::io::BufWriter::new(
            std::fs::File::create(p).with_context(|| format!("creating {}", p.display()))?,
        )),
        None => None,
    };

    let start = Instant::now();
    // Telemetry, over every stage on the run's clock.
    let stop_telemetry = Arc::new(AtomicBool::new(false));
    let gpu_thread = gpu::spawn_sampler(start, Duration::from_millis(400), stop_telemetry.clone());
    let scraper = tokio::spawn(scrape(
        ctx.clone(),
        plan.metrics_url.clone(),
        start,
        stop_telemetry.clone(),
    ));
    let env = StageEnv {
        ctx: ctx.clone(),
        features,
        prompts: tpw,
        traffic: plan.traffic,
        seed: a.seed,
        requests: plan.requests,
        duration: plan.duration,
        max_connection_failures: a.max_connection_failures,
        start,
    };
    let mut runner = Runner {
        env: &env,
        slo: plan.slo,
        jsonl,
        records: Vec::new(),
        stages: Vec::new(),
        partial_reason: None,
        interrupted: false,
        write_error: None,
    };
    let mut searches: Vec<stages::RateSearch> = Vec::new();
    match &plan.mode {
        Mode::Single(load) if plan.runs == 1 => {
            runner.stage(load.clone(), 0, false).await;
        }
        Mode::Single(load) => {
            for repeat in 0..plan.runs {
                if !runner.stage(load.clone(), repeat, true).await {
                    break;
                }
            }
        }
        Mode::Sweep(loads) => {
            'sweep: for load in loads {
                for repeat in 0..plan.runs {
                    if !runner.stage(load.clone(), repeat, true).await {
                        break 'sweep;
                    }
                }
            }
        }
        Mode::FindMaxRate {
            start_rate,
            resolution,
            arrival,
            burstiness,
        } => {
            'runs: for repeat in 0..plan.runs {
                let first_stage = runner.stages.len();
                let mut probes: Vec<(f64, bool)> = Vec::new();
                let mut cut = false;
                let stopped = loop {
                    let rate = match stages::next_rate(*start_rate, *resolution, &probes) {
                        stages::NextRate::Probe(r) => r,
                        stages::NextRate::Stop(why) => break why,
                    };
                    let load = LoadMode::Rate {
                        requests_per_s: rate,
                        arrival: arrival.clone(),
                        burstiness: *burstiness,
                    };
                    if !runner.stage(load, repeat, true).await {
                        cut = true;
                        break "the run stopped before the search ended".to_string();
                    }
                    let met = runner
                        .stages
                        .last()
                        .and_then(|s| s.slo)
                        .is_some_and(|v| v.met);
                    eprintln!(
                        "benchfit: stage {}: {rate} requests/s {} the SLOs",
                        runner.stages.len() - 1,
                        if met { "met" } else { "missed" }
                    );
                    probes.push((rate, met));
                };
                let (met, missed) = stages::bracket(&probes);
                searches.push(stages::RateSearch {
                    start_rate: *start_rate,
                    resolution: *resolution,
                    max_rate: met,
                    // The search's stages and probes are in the same order.
                    max_rate_stage: met
                        .and_then(|m| probes.iter().position(|p| p.0 == m))
                        .map(|i| (first_stage + i) as u32),
                    lowest_missed_rate: missed,
                    probes: probes.iter().map(|p| p.0).collect(),
                    stopped,
                });
                if cut {
                    break 'runs;
                }
            }
        }
    }
    // Several searches: the mean found rate and its interval; the headline is the answer
    // nearest the mean.
    let max_rate_interval = (searches.len() > 1)
        .then(|| {
            let found: Vec<f64> = searches.iter().filter_map(|s| s.max_rate).collect();
            stages::interval("max_rate_requests_per_s", &found)
        })
        .flatten();
    let search = match (&max_rate_interval, searches.len()) {
        (_, 0) => None,
        (_, 1) => searches.pop(),
        (Some(mi), _) => searches
            .iter()
            .filter(|s| s.max_rate.is_some())
            .min_by(|a, b| {
                let d = |s: &&stages::RateSearch| (s.max_rate.unwrap_or(f64::NAN) - mi.mean).abs();
                d(a).total_cmp(&d(b))
            })
            .cloned(),
        (None, _) => searches.first().cloned(),
    };
    let Runner {
        mut records,
        stages: stage_list,
        partial_reason,
        interrupted,
        write_error,
        ..
    } = runner;
    stop_telemetry.store(true, Ordering::Relaxed);
    let server_metrics = scraper.await.unwrap_or_default();
    let gpu = gpu_thread.join().unwrap_or_default();
    if let Some(note) = &gpu.note {
        eprintln!("benchfit: {note}");
    }
    if let Some(e) = write_error {
        return Err(anyhow::anyhow!(
            "writing {}: {e}",
            jsonl_path
                .as_deref()
                .map(|p| p.display().to_string())
                .unwrap_or_default()
        ));
    }

    records.sort_by_key(|r| r.index);
    // The headline stage: the search's answer (or its lowest probe), else the last stage.
    let headline = match &search {
        Some(s) => s.max_rate_stage.unwrap_or_else(|| {
            stage_list
                .iter()
                .min_by(|x, y| rate_of(&x.load).total_cmp(&rate_of(&y.load)))
                .map_or(0, |s| s.index)
        }),
        None => stage_list.len().saturating_sub(1) as u32,
    };
    let (summary, load) = match stage_list.get(headline as usize) {
        Some(s) => (s.summary.clone(), s.load.clone()),
        None => (summarize(&records), plan.mode.first_load()),
    };
    let multi_stage = (!stage_list.is_empty()).then(|| stages::MultiStage {
        kind: match plan.mode {
            Mode::Single(_) => "runs",
            Mode::Sweep(_) => "sweep",
            Mode::FindMaxRate { .. } => "find_max_rate",
        }
        .into(),
        headline_stage: headline,
        runs: plan.runs,
        slo: plan.slo,
        // One search: `search`; several: all in `searches`, with the interval.
        search: if searches.is_empty() { search } else { None },
        searches,
        max_rate_interval,
        aggregates: if plan.runs > 1 && !matches!(plan.mode, Mode::FindMaxRate { .. }) {
            stages::aggregate(&stage_list)
        } else {
            Vec::new()
        },
    });
    let mut notes = probe.notes;
    if let Some(lag) = summarize(&records).client.send_lag_ms {
        if lag.p99 > 5.0 {
            notes.push(format!(
                "the client was the bottleneck: requests went out late (send lag p99 {:.1} ms, mean {:.1} ms)",
                lag.p99, lag.mean
            ));
        }
    }
    let counted_prompts: Vec<f64> = records
        .iter()
        .filter_map(|r| r.prompt_tokens)
        .map(f64::from)
        .collect();
    let runtime = server_metrics
        .families_found
        .iter()
        .find_map(|f| metrics::runtime_of(f))
        .map(str::to_string);
    let run = RunInfo {
        tool: "benchfit".into(),
        tool_version: Some(env!("CARGO_PKG_VERSION").into()),
        started_at: Some(rfc3339(started_at)),
        ended_at: Some(rfc3339(SystemTime::now())),
        endpoint: Some(ctx.redact(&a.url)),
        api: Some(match ctx.api {
            Api::Completions => "completions".into(),
            Api::Chat => "chat".into(),
        }),
        model: Some(ctx.redact(&a.model)),
        runtime,
        traffic: Some(plan.traffic),
        load: Some(load),
        warmup_requests: a.warmup,
        partial: partial_reason.is_some(),
        partial_reason,
        prompt_calibration: Some(PromptCalibration {
            method: probe.method.into(),
            requested_mean_tokens: mean_of(plan.traffic.prompt_tokens),
            actual_mean_tokens: (!counted_prompts.is_empty())
                .then(|| counted_prompts.iter().sum::<f64>() / counted_prompts.len() as f64),
        }),
        notes,
    };
    let mut m = Measurement::new(run);
    m.requests = records;
    m.summary = summary;
    m.server_metrics = server_metrics;
    m.gpu = gpu;
    m.stages = stage_list;
    m.multi_stage = multi_stage;
    for n in &m.run.notes {
        eprintln!("benchfit: note: {n}");
    }
    if let Some(path) = &a.out {
        let text = serde_json::to_string_pretty(&m).context("serialising the measurement")?;
        let tmp = path.with_extension("tmp");
        std::fs::write(&tmp, ctx.redact(&text))
            .with_context(|| format!("writing {}", tmp.display()))?;
        std::fs::rename(&tmp, path).with_context(|| format!("writing {}", path.display()))?;
    }
    if a.json {
        let text = if m.multi_stage.is_some() {
            serde_json::to_string_pretty(&MultiStageJson {
                summary: &m.summary,
                stages: &m.stages,
                multi_stage: m.multi_stage.as_ref(),
            })
        } else {
            serde_json::to_string_pretty(&m.summary)
        };
        println!("{}", text.context("serialising the summary")?);
    } else {
        print!("{}", render(&m));
    }
    Ok(if interrupted {
        Ended::Interrupted
    } else {
        Ended::Normally
    })
}

/// `--json` of a multi-stage run: the headline summary, every stage, and what they were for.
#[derive(serde::Serialize)]
struct MultiStageJson<'a> {
    summary: &'a benchfit_core::measurement::Summary,
    stages: &'a [stages::Stage],
    multi_stage: Option<&'a stages::MultiStage>,
}

fn rate_of(l: &LoadMode) -> f64 {
    match l {
        LoadMode::Rate { requests_per_s, .. } => *requests_per_s,
        LoadMode::Concurrency { concurrency } => f64::from(*concurrency),
    }
}

fn load_label(l: &LoadMode) -> String {
    match l {
        LoadMode::Rate { requests_per_s, .. } => format!("{requests_per_s} req/s"),
        LoadMode::Concurrency { concurrency } => format!("concurrency {concurrency}"),
    }
}

type JsonlWriter = std::io::BufWriter<std::fs::File>;

/// What every stage shares.
struct StageEnv {
    ctx: Arc<Ctx>,
    features: BodyFeatures,
    prompts: Arc<Prompts>,
    traffic: TrafficProfile,
    seed: u64,
    /// Counted requests per stage.
    requests: u64,
    /// Sending time per stage.
    duration: Option<Duration>,
    max_connection_failures: u32,
    /// The run's clock: every record's times are from here.
    start: Instant,
}

/// The stages run so far and what stopped them.
struct Runner<'a> {
    env: &'a StageEnv,
    slo: Option<stages::Slo>,
    jsonl: Option<JsonlWriter>,
    records: Vec<RequestRecord>,
    stages: Vec<stages::Stage>,
    partial_reason: Option<String>,
    interrupted: bool,
    write_error: Option<std::io::Error>,
}

impl Runner<'_> {
    /// Runs one stage at `load` and keeps its records (and, in a multi-stage run, its stage);
    /// false when the run must stop (Ctrl-C, the server stopped answering, a write failed).
    async fn stage(&mut self, load: LoadMode, repeat: u32, multi: bool) -> bool {
        let no = self.stages.len() as u32;
        let label = if multi {
            format!("stage {no} · {} · ", load_label(&load))
        } else {
            String::new()
        };
        let out = run_stage(
            self.env,
            &load,
            multi.then_some(no),
            self.records.len() as u64,
            self.jsonl.take(),
            label,
        )
        .await;
        self.jsonl = out.jsonl;
        if let Some(e) = out.write_error {
            self.write_error.get_or_insert(e);
        }
        let cut = out.partial_reason.is_some();
        if let Some(r) = out.partial_reason {
            let r = if multi { format!("stage {no}: {r}") } else { r };
            self.partial_reason.get_or_insert(r);
        }
        self.interrupted |= out.interrupted;
        if multi {
            let refs: Vec<&RequestRecord> = out.records.iter().collect();
            self.stages.push(stages::stage(
                no,
                repeat,
                load,
                &refs,
                cut,
                self.slo.as_ref(),
            ));
        }
        self.records.extend(out.records);
        !cut && self.write_error.is_none()
    }
}

/// One stage's outcome.
struct StageRun {
    records: Vec<RequestRecord>,
    partial_reason: Option<String>,
    interrupted: bool,
    write_error: Option<std::io::Error>,
    jsonl: Option<JsonlWriter>,
}

/// Runs one stage: `env.requests` requests (or `env.duration` of sending) at `load`, indices
/// from `first_index`, each record tagged with `stage`, appended to `jsonl` as it ends; stops
/// early on Ctrl-C or when the server stopped answering (`partial_reason`). Every request has
/// ended (or was cancelled and recorded incomplete) when it returns.
async fn run_stage(
    env: &StageEnv,
    load: &LoadMode,
    stage: Option<u32>,
    first_index: u64,
    mut jsonl: Option<JsonlWriter>,
    label: String,
) -> StageRun {
    let start = env.start;
    let stop_sending = Arc::new(AtomicBool::new(false));
    let (cancel_tx, cancel_rx) = watch::channel(false);
    let (rec_tx, mut rec_rx) = mpsc::unbounded_channel::<RequestRecord>();
    // The watch on the server: when `--max-connection-failures` requests in a row got no
    // answer at all, sending stops at once (before the next request of any worker) and the
    // reason goes to `dead_rx`, which cancels those in flight.
    let (dead_tx, mut dead_rx) = mpsc::channel::<String>(1);
    let watch = Arc::new(ServerWatch {
        streak: std::sync::Mutex::new(NoAnswerStreak::default()),
        limit: env.max_connection_failures,
        stop: stop_sending.clone(),
        dead_tx,
    });
    let features = env.features;
    let driver = {
        let (ctx, stop, traffic, tpw) = (
            env.ctx.clone(),
            stop_sending.clone(),
            env.traffic,
            env.prompts.clone(),
        );
        let watch = watch.clone();
        let (seed, total, load) = (env.seed, env.requests, load.clone());
        let cancel_rx = cancel_rx.clone();
        tokio::spawn(async move {
            let mut set = tokio::task::JoinSet::new();
            match load {
                LoadMode::Concurrency { concurrency } => {
                    let next = Arc::new(AtomicU64::new(0));
                    for _ in 0..concurrency {
                        let (ctx, stop, next, tx, rx, watch, tpw) = (
                            ctx.clone(),
                            stop.clone(),
                            next.clone(),
                            rec_tx.clone(),
                            cancel_rx.clone(),
                            watch.clone(),
                            tpw.clone(),
                        );
                        set.spawn(async move {
                            loop {
                                if stop.load(Ordering::Relaxed) {
                                    break;
                                }
                                let i = next.fetch_add(1, Ordering::Relaxed);
                                if i >= total {
                                    break;
                                }
                                let mut j = job(first_index + i, seed, &traffic, &tpw);
                                j.base.stage = stage;
                                j.base.scheduled_ms = start.elapsed().as_secs_f64() * 1000.0;
                                let r = request::run(
                                    &ctx,
                                    j.base,
                                    &j.prompt,
                                    j.max_tokens,
                                    features,
                                    start,
                                    rx.clone(),
                                )
                                .await;
                                watch.see(&r);
                                if tx.send(r).is_err() {
                                    break;
                                }
                            }
                        });
                    }
                }
                LoadMode::Rate {
                    requests_per_s,
                    arrival,
                    burstiness,
                } => {
                    // A single stage's schedule starts at the run's start (offset 0 exactly).
                    let stage_start = if stage.is_none() {
                        start
                    } else {
                        Instant::now()
                    };
                    let offset_ms = (stage_start - start).as_secs_f64() * 1000.0;
                    for (i, at) in arrivals(total, requests_per_s, &arrival, burstiness, seed)
                        .into_iter()
                        .enumerate()
                    {
                        let when = stage_start + Duration::from_secs_f64(at);
                        let mut cancelled = cancel_rx.clone();
                        tokio::select! {
                            _ = tokio::time::sleep_until(when.into()) => {}
                            _ = cancelled.wait_for(|c| *c) => break,
                        }
                        if stop.load(Ordering::Relaxed) {
                            break;
                        }
                        let (ctx, tx, rx, watch) = (
                            ctx.clone(),
                            rec_tx.clone(),
                            cancel_rx.clone(),
                            watch.clone(),
                        );
                        let mut j = job(first_index + i as u64, seed, &traffic, &tpw);
                        j.base.stage = stage;
                        j.base.scheduled_ms = offset_ms + at * 1000.0;
                        set.spawn(async move {
                            let r = request::run(
                                &ctx,
                                j.base,
                                &j.prompt,
                                j.max_tokens,
                                features,
                                start,
                                rx,
                            )
                            .await;
                            watch.see(&r);
                            let _ = tx.send(r);
                        });
                    }
                }
            }
            drop(rec_tx);
            while set.join_next().await.is_some() {}
        })
    };

    // Collector: JSONL as each request ends, live progress.
    let bar = ProgressBar::with_draw_target(
        (env.requests < 10_000_000).then_some(env.requests),
        ProgressDrawTarget::stderr(),
    );
    bar.set_style(
        ProgressStyle::with_template("{prefix}{elapsed_precise} {bar:30} {pos}/{len} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar.set_prefix(label);
    let collector = {
        let bar = bar.clone();
        tokio::spawn(async move {
            let mut records = Vec::new();
            let mut live = Live::default();
            let mut last_draw = Instant::now();
            let mut write_error = None;
            let stage_start = Instant::now();
            while let Some(r) = rec_rx.recv().await {
                if let Some(w) = jsonl.as_mut() {
                    let line = serde_json::to_string(&r).unwrap_or_default();
                    if let Err(e) = writeln!(w, "{line}").and_then(|()| w.flush()) {
                        write_error.get_or_insert(e);
                    }
                }
                live.push(&r);
                bar.set_position(live.done);
                if last_draw.elapsed() > Duration::from_millis(250) {
                    last_draw = Instant::now();
                    bar.set_message(live.message(stage_start.elapsed().as_secs_f64()));
                }
                records.push(r);
            }
            (records, write_error, jsonl)
        })
    };

    // Stop conditions.
    let mut driver = driver;
    let deadline = async {
        match env.duration {
            Some(d) => tokio::time::sleep(d).await,
            None => std::future::pending().await,
        }
    };
    let mut partial_reason = None;
    let mut interrupted = false;
    let stop_now = || {
        stop_sending.store(true, Ordering::Relaxed);
        let _ = cancel_tx.send(true);
    };
    let mut driver_done = false;
    tokio::select! {
        _ = &mut driver => driver_done = true,
        _ = deadline => stop_now(),
        Some(reason) = dead_rx.recv() => {
            stop_now();
            bar.println(format!("stopped: {reason}"));
            partial_reason = Some(reason);
        }
        _ = tokio::signal::ctrl_c() => {
            // The requests in flight are recorded as incomplete with what they received.
            stop_now();
            interrupted = true;
            let reason = format!("interrupted (Ctrl-C) at {:.1} s", start.elapsed().as_secs_f64());
            bar.println(format!("{reason}: in-flight requests are recorded as incomplete"));
            partial_reason = Some(reason);
        }
    }
    if !driver_done {
        let _ = driver.await;
    }
    if partial_reason.is_none() {
        // The driver may have ended (every worker saw the stop) before the reason was read.
        if let Ok(reason) = dead_rx.try_recv() {
            partial_reason = Some(reason);
        }
    }
    let (records, write_error, jsonl) = match collector.await {
        Ok(x) => x,
        Err(e) => (
            Vec::new(),
            Some(std::io::Error::other(format!(
                "collecting the records: {e}"
            ))),
            None,
        ),
    };
    bar.finish_and_clear();
    StageRun {
        records,
        partial_reason,
        interrupted,
        write_error,
        jsonl,
    }
}

/// Scrapes the metrics URL every 400 ms until `stop`. A first answer that is not 2xx, or a
/// refused connection before any sample, ends it with a note; timeouts (a busy server) do not.
async fn scrape(
    ctx: Arc<Ctx>,
    url: String,
    start: Instant,
    stop: Arc<AtomicBool>,
) -> ServerMetrics {
    let shown = ctx.redact(&url);
    let mut out = ServerMetrics {
        url: Some(shown.clone()),
        ..ServerMetrics::default()
    };
    let mut found = BTreeSet::new();
    let mut timeouts = 0u32;
    let mut tick = tokio::time::interval(Duration::from_millis(400));
    // Bounded: one scrape per 400 ms for at most a day.
    for _ in 0..216_000 {
        tick.tick().await;
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let build = |c: &reqwest::Client| {
            let req = c.get(&url).timeout(Duration::from_secs(2));
            match &ctx.api_key {
                Some(k) => req.bearer_auth(k),
                None => req,
            }
        };
        let t_ms = start.elapsed().as_secs_f64() * 1000.0;
        let text = match request::send_with_fresh_retry(&ctx, build).await {
            Ok(r) if r.status().is_success() => {
                match request::read_limited(r, MAX_METRICS_BODY_BYTES).await {
                    Ok((body, true)) => Some(String::from_utf8_lossy(&body).into_owned()),
                    Ok((_, false)) => {
                        out.notes.push(format!(
                            "no server metrics: {shown} answered with more than {} MiB",
                            MAX_METRICS_BODY_BYTES >> 20
                        ));
                        break;
                    }
                    Err(_) => None,
                }
            }
            Ok(r) => {
                if out.samples.is_empty() {
                    out.notes.push(format!(
                        "no server metrics: {shown} answered http {}",
                        r.status().as_u16()
                    ));
                    break;
                }
                None
            }
            // A busy server (llama.cpp: every HTTP thread streaming) may answer a scrape late:
            // keep trying; a refused connection before any sample means no endpoint.
            Err(e) if e.is_timeout() => {
                timeouts += 1;
                None
            }
            Err(_) => {
                if out.samples.is_empty() {
                    out.notes.push(format!(
                        "no server metrics: {shown} did not answer (connection failed)"
                    ));
                    break;
                }
                None
            }
        };
        if let Some(text) = text {
            let (sample, f) = metrics::parse(&text, t_ms);
            found.extend(f);
            out.samples.push(sample);
        }
    }
    if out.samples.is_empty() && timeouts > 0 {
        out.notes.push(format!(
            "no server metrics: {shown} did not answer within 2 s ({timeouts} tries)"
        ));
    }
    out.families_found = found.into_iter().collect();
    if !out.samples.is_empty() {
        if out.families_found.is_empty() {
            out.notes.push("the metrics endpoint answered but none of the vLLM, SGLang, TGI or llama.cpp families benchfit reads were there".into());
        } else if !out.samples.iter().any(|s| s.kv_usage.is_some()) {
            let rt = out
                .families_found
                .iter()
                .find_map(|f| metrics::runtime_of(f))
                .unwrap_or("this server");
            out.notes.push(format!(
                "{rt} exports no KV-cache usage gauge here: kv_usage is null"
            ));
        }
    }
    out.notes.iter_mut().for_each(|n| *n = ctx.redact(n));
    out
}

fn fmt_p(p: Option<benchfit_core::stats::Percentiles>) -> String {
    match p {
        Some(p) => format!(
            "{:>9.2} {:>9.2} {:>9.2} {:>9.2} {:>9.2}",
            p.mean, p.p50, p.p90, p.p95, p.p99
        ),
        None => format!("{:>9}", "–"),
    }
}

/// The human summary printed on stdout.
fn render(m: &Measurement) -> String {
    let s = &m.summary;
    let mut o = String::new();
    if let Some(h) = m
        .multi_stage
        .as_ref()
        .and_then(|ms| m.stages.get(ms.headline_stage as usize))
    {
        o.push_str(&format!(
            "headline: stage {} ({}), steady state ({} of its {} requests):\n",
            h.index,
            load_label(&h.load),
            h.steady_state.requests,
            h.requests
        ));
    }
    o.push_str(&format!(
        "requests: {} completed, {} failed, {} incomplete{}\n",
        s.requests.completed,
        s.requests.failed,
        s.requests.incomplete,
        if m.run.partial { " (partial run)" } else { "" }
    ));
    if let Some(why) = &m.run.partial_reason {
        o.push_str(&format!("  stopped: {why}\n"));
    }
    let c = s.failure_classes;
    if s.requests.failed > 0 {
        o.push_str(&format!(
            "  failed by class: {} never got an answer (transport), {} http error, {} stream cut, {} stream error, {} empty\n",
            c.transport, c.http, c.stream_cut, c.stream_error, c.empty
        ));
    }
    for f in &s.failure_reasons {
        o.push_str(&format!("  failed: {} × {}\n", f.count, f.reason));
    }
    if s.retried > 0 {
        o.push_str(&format!(
            "  re-sent once on a new connection (pooled connection closed before any response): {}\n",
            s.retried
        ));
    }
    o.push_str(&format!(
        "throughput over {:.2} s: {:.1} output tokens/s, {:.1} total tokens/s, {:.2} requests/s\n",
        s.window_s,
        s.throughput.output_tokens_per_s,
        s.throughput.total_tokens_per_s,
        s.throughput.requests_per_s
    ));
    o.push_str(&format!(
        "{:<12} {:>9} {:>9} {:>9} {:>9} {:>9}\n",
        "latency ms", "mean", "p50", "p90", "p95", "p99"
    ));
    for (name, p) in [
        ("ttft", s.latency_ms.ttft),
        ("itl", s.latency_ms.itl),
        ("tpot", s.latency_ms.tpot),
        ("e2e", s.latency_ms.e2e),
    ] {
        o.push_str(&format!("{name:<12} {}\n", fmt_p(p)));
    }
    if let Some(ms) = &m.multi_stage {
        o.push_str(&render_stages(m, ms));
    }
    if !m.server_metrics.families_found.is_empty() {
        o.push_str(&format!(
            "server metrics: {} samples of {}\n",
            m.server_metrics.samples.len(),
            m.server_metrics.families_found.join(", ")
        ));
    }
    o
}

/// The stage table, the search's answer and the per-load intervals of a multi-stage run.
fn render_stages(m: &Measurement, ms: &stages::MultiStage) -> String {
    let mut o = String::new();
    let pct = ms.slo.map_or(SloPercentile::P95, |s| s.percentile);
    let pick = |p: benchfit_core::stats::Percentiles| match pct {
        SloPercentile::P95 => p.p95,
        SloPercentile::P99 => p.p99,
    };
    let name = match pct {
        SloPercentile::P95 => "p95",
        SloPercentile::P99 => "p99",
    };
    o.push_str(&format!(
        "stages ({}; steady state: {}):\n{:>5} {:<18} {:>4} {:>5} {:>6} {:>9} {:>10} {:>11} {:>11} {:>8}\n",
        ms.kind,
        stages::STEADY_STATE_RULE,
        "stage",
        "load",
        "run",
        "done",
        "failed",
        "req/s",
        "out tok/s",
        format!("ttft {name}"),
        format!("tpot {name}"),
        "slo"
    ));
    let ms_or_dash = |v: Option<f64>| v.map_or("–".to_string(), |v| format!("{v:.2}"));
    for st in &m.stages {
        let s = &st.summary;
        o.push_str(&format!(
            "{:>5} {:<18} {:>4} {:>5} {:>6} {:>9.3} {:>10.1} {:>11} {:>11} {:>8}\n",
            st.index,
            load_label(&st.load),
            st.repeat + 1,
            s.requests.completed,
            s.requests.failed,
            s.throughput.requests_per_s,
            s.throughput.output_tokens_per_s,
            ms_or_dash(s.latency_ms.ttft.map(pick)),
            ms_or_dash(s.latency_ms.tpot.map(pick)),
            match st.slo {
                Some(v) if v.met => "met",
                Some(_) => "missed",
                None => "–",
            }
        ));
    }
    for (k, search) in ms.searches.iter().enumerate() {
        o.push_str(&format!(
            "search {}: {} (stopped: {})\n",
            k + 1,
            search
                .max_rate
                .map_or("no probed rate met every SLO".into(), |r| format!(
                    "{r} requests/s met every SLO at {name}, {} missed",
                    search
                        .lowest_missed_rate
                        .map_or("none".into(), |r| r.to_string())
                )),
            search.stopped
        ));
    }
    if let Some(mi) = &ms.max_rate_interval {
        o.push_str(&match (mi.ci95_low, mi.ci95_high) {
            (Some(lo), Some(hi)) => format!(
                "highest rate meeting every SLO at {name}, over {} searches: mean {:.3} requests/s [95 % interval {lo:.3}, {hi:.3}]\n",
                mi.n, mi.mean
            ),
            _ => format!(
                "highest rate meeting every SLO at {name}: {:.3} requests/s (1 search found one)\n",
                mi.mean
            ),
        });
    }
    if ms.search.is_none() && ms.searches.is_empty() && ms.slo.is_some() {
        // A sweep's answer as one reads it off the table: the last load met before the first
        // miss.
        let last_met = m
            .stages
            .iter()
            .take_while(|st| st.slo.is_some_and(|v| v.met))
            .last();
        o.push_str(&match last_met {
            Some(st) => format!(
                "highest load meeting every SLO at {name} before the first miss: {} (stage {})\n",
                load_label(&st.load),
                st.index
            ),
            None => format!("the first stage already missed an SLO at {name}\n"),
        });
    }
    if let Some(search) = &ms.search {
        match search.max_rate {
            Some(r) => o.push_str(&format!(
                "highest rate meeting every SLO at {name}: {r} requests/s (stage {}); lowest missed: {}\n",
                search.max_rate_stage.map_or("?".into(), |s| s.to_string()),
                search
                    .lowest_missed_rate
                    .map_or("none".into(), |r| format!("{r} requests/s"))
            )),
            None => o.push_str(&format!("no probed rate met every SLO at {name}\n")),
        }
        o.push_str(&format!("  search stopped: {}\n", search.stopped));
    }
    for agg in &ms.aggregates {
        o.push_str(&format!(
            "{} over {} runs: mean [95 % interval]\n",
            load_label(&agg.load),
            agg.stages.len()
        ));
        for mi in &agg.metrics {
            match (mi.ci95_low, mi.ci95_high) {
                (Some(lo), Some(hi)) => o.push_str(&format!(
                    "  {:<24} {:>10.3} [{:.3}, {:.3}]\n",
                    mi.metric, mi.mean, lo, hi
                )),
                _ => o.push_str(&format!(
                    "  {:<24} {:>10.3} (n = {})\n",
                    mi.metric, mi.mean, mi.n
                )),
            }
        }
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sweeps_parse() {
        assert_eq!(
            parse_sweep("concurrency=1,2,4", "poisson", 1.0).unwrap(),
            vec![
                LoadMode::Concurrency { concurrency: 1 },
                LoadMode::Concurrency { concurrency: 2 },
                LoadMode::Concurrency { concurrency: 4 }
            ]
        );
        assert_eq!(
            parse_sweep("rate=0.5, 2", "constant", 1.0).unwrap()[0],
            LoadMode::Rate {
                requests_per_s: 0.5,
                arrival: "constant".into(),
                burstiness: 1.0
            }
        );
        for bad in [
            "rate",
            "rate=1",
            "rate=1,x",
            "rate=0,1",
            "rate=1,1",
            "concurrency=0,1",
            "concurrency=1.5,2",
            "qps=1,2",
        ] {
            assert!(parse_sweep(bad, "poisson", 1.0).is_err(), "{bad}");
        }
    }

    #[test]
    fn lengths() {
        assert_eq!(
            parse_length("--x", "128").unwrap(),
            TokenLength::Fixed { tokens: 128 }
        );
        assert_eq!(
            parse_length("--x", "64-256").unwrap(),
            TokenLength::Uniform { min: 64, max: 256 }
        );
        for bad in ["0", "-5", "9-3", "x", "1-", "2000000"] {
            assert!(parse_length("--x", bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn constant_arrivals_are_evenly_spaced() {
        assert_eq!(arrivals(3, 4.0, "constant", 1.0, 0), vec![0.0, 0.25, 0.5]);
        let p = arrivals(20_000, 10.0, "poisson", 1.0, 1);
        let mean_gap = p.last().unwrap() / 19_999.0;
        assert!((mean_gap - 0.1).abs() < 0.005, "{mean_gap}");
    }
}
