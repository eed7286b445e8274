//! `benchfit measure`: drive a real OpenAI-compatible server and write the measurement file
//! (DESIGN §5.3, issue 5).
//!
//! Flow: probe the server once (which optional body fields it accepts, prompt length
//! calibration through `/tokenize` or `usage.prompt_tokens`), run the warm-up requests, then the
//! counted run (closed loop at `--concurrency` or open loop at `--rate`) while scraping
//! `/metrics` and NVML; every finished request is appended to `FILE.jsonl` at once, the summary
//! and the file are written at the end (also after Ctrl-C, marked partial).
//!
//! By stage: [`plan`](mod@plan) (the flags checked into a plan), [`probe`](mod@probe) (the server's fields and
//! tokenizer), [`run`](mod@run) (the stages in order and the file), [`drive`] (arrivals, jobs, one
//! stage's load, the stop on a dead server), [`request`] (one streamed request), [`wire`] (its own HTTP/1.1 reader
//! for a plain `http://` endpoint), [`chunk`](mod@chunk)
//! (one streamed chunk read), [`scrape`](mod@scrape)
//! (`/metrics` and NVML during a stage), [`render`](mod@render) (the terminal summary); the types they share
//! are here.

mod chunk;
mod cpu;
mod drive;
pub mod gpu;
pub mod metrics;
mod plan;
mod probe;
mod render;
pub mod request;
mod run;
mod scrape;
pub mod sse;
mod wire;

use drive::*;
use plan::*;
use probe::*;
use render::*;
use run::*;
use scrape::*;

use anyhow::Context as _;
use benchfit_core::measurement::engine::{self, EngineCounters, EngineTime};
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
    /// 95 % of requests (`95` also accepted, as `plan` spells it).
    #[value(alias = "95")]
    P95,
    /// 99 % of requests (`99` also accepted).
    #[value(alias = "99")]
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

/// Most bytes of one `/metrics` scrape read (vLLM's, with histograms, is a few hundred KB).
pub const MAX_METRICS_BODY_BYTES: usize = 16 << 20;

/// What the server's `/tokenize` said about a text.
struct Tokenized {
    /// Token count.
    count: u32,
    /// The token ids, when listed (llama.cpp and vLLM list them).
    ids: Vec<u32>,
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

/// What a request needs to be sent.
struct Job {
    base: RequestRecord,
    prompt: Prompt,
    max_tokens: u32,
}

/// Live state the progress bar shows: counts and an HDR histogram of TTFT (µs, 3 significant
/// digits: the p50 shown is within 0.1 % of the exact one).
struct Live {
    done: u64,
    failed: u64,
    /// None only if hdrhistogram rejected the constant bounds below (it does not).
    ttft_us: Option<hdrhistogram::Histogram<u64>>,
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

/// Requests in a row (in the order they ended) that got no answer at all.
#[derive(Default)]
struct NoAnswerStreak {
    len: u32,
    since_ms: f64,
}

/// Exit status after Ctrl-C, once the partial file is written (128 + SIGINT, as shells do).
pub const EXIT_INTERRUPTED: i32 = 130;

/// Runs `benchfit measure`. Bad flags → [`BadInput`] (exit 2); a failure to write the file →
/// other errors (exit 1); failed requests are results, not errors. After Ctrl-C the partial
/// file and summary are written and the process exits [`EXIT_INTERRUPTED`].
pub fn run(a: MeasureArgs) -> Result<(), MeasureError> {
    let plan = plan(&a).map_err(|BadInput(m)| MeasureError::BadInput(m))?;
    // One thread drives every request: the work per streamed chunk is a few µs, far below the
    // time between chunks, and a multi-threaded runtime spends more CPU handing wake-ups
    // between its workers (futex calls) than it saves (issue 14, client cost).
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| {
            MeasureError::Failed(anyhow::anyhow!("cannot start the async runtime: {e}"))
        })?;
    match rt.block_on(measure(a, plan)) {
        Ok(Ended::Interrupted) => {
            drop(rt);
            let _ = std::io::stdout().flush();
            std::process::exit(EXIT_INTERRUPTED);
        }
        Ok(Ended::Normally) => Ok(()),
        Err(e) => Err(MeasureError::Failed(e)),
    }
}

/// Why `benchfit measure` did not finish: the flags (exit 2, before anything was sent) or the run
/// (exit 1: the server, the network or a file).
#[derive(Debug)]
pub enum MeasureError {
    /// A flag is out of range or the flags do not fit together.
    BadInput(String),
    /// The run failed.
    Failed(anyhow::Error),
}

/// How a measurement ended.
enum Ended {
    /// The plan ran out, `--duration` passed, or the server stopped answering.
    Normally,
    /// Ctrl-C.
    Interrupted,
}

/// `--json` of a multi-stage run: the headline summary, every stage, and what they were for.
#[derive(serde::Serialize)]
struct MultiStageJson<'a> {
    summary: &'a benchfit_core::measurement::Summary,
    stages: &'a [stages::Stage],
    multi_stage: Option<&'a stages::MultiStage>,
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
    /// The Prometheus endpoint read before and after each stage ([`engine`]).
    metrics_url: String,
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
    /// Where the time went in each stage, from the engine's series.
    engine_time: Vec<EngineTime>,
    /// False once a read before a stage found no engine series (or no endpoint): the later
    /// stages are not read.
    engine_scrapes: bool,
    /// The read before the first stage, made before the run's clock started (None once used).
    first_engine_read: Option<Result<(f64, EngineCounters), ReadError>>,
    /// Engine reads that failed although the endpoint exists (a busy server): the stages left
    /// without `engine_time`, said in `server_metrics.notes`.
    engine_notes: Vec<String>,
}

/// One stage's outcome.
struct StageRun {
    records: Vec<RequestRecord>,
    partial_reason: Option<String>,
    interrupted: bool,
    write_error: Option<std::io::Error>,
    jsonl: Option<JsonlWriter>,
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
