//! The measurement file (DESIGN §5.3): what `benchfit measure` writes, `benchfit import`
//! converts other tools' results into, and the page reads.
//!
//! Pure like the rest of the core: the caller passes times (milliseconds from the run's start,
//! and wall-clock strings it formatted itself) and bytes; nothing here reads a clock or a file.
//!
//! ```
//! use benchfit_core::measurement::{summarize, Chunk, RequestRecord, RequestStatus};
//!
//! // One request sent at 0 ms: first token at 100 ms, then 4 tokens in two chunks.
//! let r = RequestRecord {
//!     chunks: vec![
//!         Chunk { t_ms: 100.0, tokens: 1 },
//!         Chunk { t_ms: 120.0, tokens: 2 },
//!         Chunk { t_ms: 160.0, tokens: 2 },
//!     ],
//!     ttft_ms: Some(100.0),
//!     e2e_ms: Some(160.0),
//!     output_tokens: 5,
//!     status: RequestStatus::Ok,
//!     ..RequestRecord::default()
//! };
//! let s = summarize(&[r]);
//! assert_eq!(s.latency_ms.tpot.unwrap().mean, 15.0); // (160 − 100) / (5 − 1)
//! assert_eq!(s.latency_ms.itl.unwrap().p90, 20.0); // gaps 10, 10, 20, 20
//! ```

mod as_claim;
pub mod engine;
mod gpu_id;
pub mod import;
pub mod stages;
mod summary;

pub use as_claim::as_claim;
pub use engine::{prompt_reuse, EngineTime, PromptReuse};
pub use gpu_id::gpu_catalog_id;
pub use import::{import, ImportError, SourceTool};
pub use summary::summarize;

use crate::stats::Percentiles;
use serde::{Deserialize, Serialize};

/// The `schema` value of files this version writes and reads.
pub const SCHEMA_VERSION: u32 = 1;

/// One measurement file (DESIGN §5.3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Measurement {
    /// Schema version ([`SCHEMA_VERSION`]).
    pub schema: u32,
    /// How the run was made.
    pub run: RunInfo,
    /// Exactly one record per counted request (warm-up excluded), in the order they ended.
    /// Empty for imports of summary-only files.
    pub requests: Vec<RequestRecord>,
    /// The `estimate` keys, measured, plus request counts and failure reasons.
    pub summary: Summary,
    /// Samples of the server's Prometheus metrics.
    pub server_metrics: ServerMetrics,
    /// NVML samples of the local GPUs.
    pub gpu: GpuTelemetry,
    /// Where an imported file came from and how that tool defines its metrics (None for
    /// files `measure` wrote).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<ImportSource>,
    /// The stages of a multi-stage run (`--sweep`, `--find-max-rate`, `--runs`): each with its
    /// load, steady-state window and own summary ([`stages`]); absent in single-stage files.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stages: Vec<stages::Stage>,
    /// What the stages were for, the headline stage the top-level `summary` and `run.load`
    /// describe, the SLO search's result and the per-load intervals; absent in single-stage
    /// files.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub multi_stage: Option<stages::MultiStage>,
    /// Where the time went, from the engine's own `/metrics` series read before and after each
    /// stage ([`engine`]): mean queue, prefill, decode and inference time, the TTFT split, the
    /// prefix-cache hit rate and preemptions; one entry per stage (`stage` None in a
    /// single-stage file). Absent when the server exported none of them, in imported files and
    /// in files written before this key existed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub engine_time: Vec<EngineTime>,
}

/// How a run was made.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct RunInfo {
    /// Tool that measured (`benchfit`, or the imported tool's name).
    pub tool: String,
    /// Its version, when known.
    pub tool_version: Option<String>,
    /// Start, RFC 3339 UTC, as the caller formatted it.
    pub started_at: Option<String>,
    /// End, RFC 3339 UTC.
    pub ended_at: Option<String>,
    /// API base URL (ending in `/v1`); never carries credentials.
    pub endpoint: Option<String>,
    /// `completions` or `chat`.
    pub api: Option<String>,
    /// Model name as sent.
    pub model: Option<String>,
    /// Runtime id (DESIGN §5.2) when known (from the metric families found).
    pub runtime: Option<String>,
    /// Requested prompt and output lengths.
    pub traffic: Option<TrafficProfile>,
    /// Closed or open loop.
    pub load: Option<LoadMode>,
    /// Warm-up requests sent before counting (not in `requests`).
    pub warmup_requests: u32,
    /// True when the run ended before its plan: interrupted (Ctrl-C) or stopped because the
    /// server stopped answering (`partial_reason` says which).
    pub partial: bool,
    /// Why the run is partial, one line (`interrupted (Ctrl-C) at 3.2 s`, `the server stopped
    /// answering at 3.1 s: 20 requests in a row got no answer`); None for a whole run and in
    /// files written before this key existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partial_reason: Option<String>,
    /// Prompt-length calibration against the server's own token count.
    pub prompt_calibration: Option<PromptCalibration>,
    /// Notes a reader should see (client was the bottleneck, no usage from the server, …).
    pub notes: Vec<String>,
}

/// A token length as requested: fixed, or uniform on a range.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TokenLength {
    /// Every request the same.
    Fixed {
        /// Tokens.
        tokens: u32,
    },
    /// Uniform on `[min, max]`.
    Uniform {
        /// Fewest tokens.
        min: u32,
        /// Most tokens.
        max: u32,
    },
}

/// Requested prompt and output lengths.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct TrafficProfile {
    /// Prompt tokens per request.
    pub prompt_tokens: TokenLength,
    /// Output tokens per request (sent as `max_tokens`).
    pub output_tokens: TokenLength,
}

/// How load was offered.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "snake_case")]
pub enum LoadMode {
    /// Closed loop: this many requests in flight.
    Concurrency {
        /// Requests in flight.
        concurrency: u32,
    },
    /// Open loop.
    Rate {
        /// Arrivals per second.
        requests_per_s: f64,
        /// `constant`, `poisson` or `gamma`.
        arrival: String,
        /// Gamma shape's inverse (1 = Poisson).
        burstiness: f64,
    },
}

/// Requested vs actual prompt length.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PromptCalibration {
    /// How prompts were made: `token_ids` (exact: token-id prompts drawn from the server's
    /// own ids, completions API; the server's extra tokens such as a BOS are counted in),
    /// `tokenize` (words, calibrated once with the server's `/tokenize`: right on average),
    /// `usage` (words, calibrated with the probe's `usage.prompt_tokens`), or `none` (neither
    /// offered: one token per word assumed).
    pub method: String,
    /// Mean requested prompt tokens.
    pub requested_mean_tokens: f64,
    /// Mean prompt tokens the server reported over counted requests (None without usage).
    pub actual_mean_tokens: Option<f64>,
}

/// A group of tokens that arrived together.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Chunk {
    /// Arrival, ms after the request's actual send time.
    pub t_ms: f64,
    /// Tokens it carried (server count where the server gave one).
    pub tokens: u32,
}

/// Outcome of one request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RequestStatus {
    /// Stream ended properly with at least one token.
    #[default]
    Ok,
    /// HTTP error, transport error, cut stream, error event or zero tokens (see `error`).
    Failed,
    /// Still running when the run stopped.
    Incomplete,
}

/// One counted request.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct RequestRecord {
    /// Sequence number among counted requests (0-based, in send order).
    pub index: u64,
    /// When the load generator meant to send it, ms after the run's start.
    pub scheduled_ms: f64,
    /// When it actually went out, ms after the run's start (≥ `scheduled_ms`; the gap is the
    /// client's own lag).
    pub sent_ms: f64,
    /// Actual send → first token on any channel (content or reasoning), ms.
    pub ttft_ms: Option<f64>,
    /// Actual send → end of the response, ms (None while incomplete).
    pub e2e_ms: Option<f64>,
    /// Token-carrying chunks, in arrival order.
    pub chunks: Vec<Chunk>,
    /// Output tokens (the server's `usage.completion_tokens` where given).
    pub output_tokens: u32,
    /// Prompt tokens the server reported (None without usage).
    pub prompt_tokens: Option<u32>,
    /// Prompt tokens requested.
    pub requested_prompt_tokens: Option<u32>,
    /// Output tokens requested (`max_tokens`).
    pub requested_output_tokens: Option<u32>,
    /// Where the token counts came from: `usage_per_chunk` (continuous usage stats),
    /// `usage_final` (final usage; chunk counts one per non-empty chunk), or `chunks` (no
    /// usage: one token per non-empty chunk, a labelled fallback); in imported files also
    /// `tool_count` (the source tool's own count, possibly re-tokenised: see the import's
    /// definitions).
    pub token_source: String,
    /// The server's `finish_reason`, when sent.
    pub finish_reason: Option<String>,
    /// Outcome.
    pub status: RequestStatus,
    /// Why it failed (short, stable reason first: `http 500: …`, `stream cut`, `no tokens`,
    /// `timeout`, `error event: …`).
    pub error: Option<String>,
    /// Which class of failure (None for requests that did not fail, and in files written
    /// before this key existed: [`FailureClass::of_reason`] derives it from `error`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure_class: Option<FailureClass>,
    /// Times the request was re-sent (0 or 1). `benchfit measure` re-sends a request once, on a
    /// new connection, when it failed before any byte of its response because the pooled
    /// keep-alive connection it went out on had been closed by the server: it never reached the
    /// engine. Its times are measured from the re-send.
    #[serde(default)]
    pub retried: u32,
    /// Why it was re-sent (the first attempt's error), when `retried` > 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_reason: Option<String>,
    /// The stage it belongs to in a multi-stage file (an index into `stages`); absent in
    /// single-stage files.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stage: Option<u32>,
}

/// The class of a failed request: whose fault it most likely is and how far it got.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FailureClass {
    /// No response at all: connect error, connection closed or reset before the response
    /// head (after the one re-send on a new connection), timeout before the response head.
    /// The request never got an answer.
    Transport,
    /// The server answered with a non-2xx HTTP status.
    Http,
    /// The stream started (2xx) but was cut: connection closed or reset, timeout, or the body
    /// ended with neither `[DONE]` nor a `finish_reason`.
    StreamCut,
    /// The stream carried an error: an `error` event or object, a malformed or oversized event.
    StreamError,
    /// The stream ended properly without any output token.
    Empty,
}

impl FailureClass {
    /// The class of an error message as `benchfit measure` writes them (its stable first part,
    /// see [`RequestRecord::error`]); imported tools' reasons that match none of them are
    /// [`FailureClass::Transport`] when they name a connection, else [`FailureClass::StreamError`].
    pub fn of_reason(error: &str) -> Self {
        let e = error.trim_start().to_ascii_lowercase();
        if e.starts_with("http ") {
            Self::Http
        } else if e.starts_with("stream cut") {
            Self::StreamCut
        } else if e.starts_with("no tokens") {
            Self::Empty
        } else if e.starts_with("error event")
            || e.starts_with("malformed event")
            || e.starts_with("body error")
        {
            Self::StreamError
        } else if e.starts_with("connect")
            || e.starts_with("request error")
            || e.starts_with("transport error")
            || e.starts_with("timeout")
            || e.contains("connection")
        {
            Self::Transport
        } else {
            Self::StreamError
        }
    }
}

/// Failed requests per [`FailureClass`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct FailureClasses {
    /// No response at all: these requests never got an answer.
    pub transport: u64,
    /// Non-2xx HTTP status.
    pub http: u64,
    /// Stream started, then cut.
    pub stream_cut: u64,
    /// Error or malformed event in the stream.
    pub stream_error: u64,
    /// Stream ended without any output token.
    pub empty: u64,
}

/// Mean and percentiles of the four latencies, ms; None where no request had that value.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct LatencySummary {
    /// Time to first token.
    pub ttft: Option<Percentiles>,
    /// Inter-token latency, every gap pooled over successful requests.
    pub itl: Option<Percentiles>,
    /// Per-request `(E2E − TTFT)/(out − 1)`; one-token outputs have none.
    pub tpot: Option<Percentiles>,
    /// End-to-end latency.
    pub e2e: Option<Percentiles>,
}

/// Measured throughput over the window from first send to last token.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct ThroughputSummary {
    /// Output tokens of successful requests per second.
    pub output_tokens_per_s: f64,
    /// Prompt + output tokens of successful requests per second.
    pub total_tokens_per_s: f64,
    /// Successful requests per second.
    pub requests_per_s: f64,
}

/// Request counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct RequestCounts {
    /// Ended with tokens.
    pub completed: u64,
    /// Failed (see `failure_reasons`).
    pub failed: u64,
    /// Still running when the run stopped.
    pub incomplete: u64,
}

/// How many requests failed for one reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FailureReason {
    /// Reason (the stable part of the error: `http 500`, `stream cut`, …).
    pub reason: String,
    /// Requests.
    pub count: u64,
}

/// How many values each latency statistic was computed from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct SampleCounts {
    /// Requests with a TTFT.
    pub ttft: u64,
    /// Pooled inter-token gaps.
    pub itl: u64,
    /// Requests with a TPOT (≥ 2 output tokens).
    pub tpot: u64,
    /// Requests with an E2E.
    pub e2e: u64,
}

/// The client's own lag: actual minus scheduled send time, ms.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct ClientLag {
    /// Send lag over all counted requests (None without requests).
    pub send_lag_ms: Option<Percentiles>,
}

/// Summary of a run (the `estimate` keys, measured).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Summary {
    /// Throughput over the measured window.
    pub throughput: ThroughputSummary,
    /// Latencies of successful requests.
    pub latency_ms: LatencySummary,
    /// Values behind each latency.
    pub samples: SampleCounts,
    /// Completed, failed, incomplete.
    pub requests: RequestCounts,
    /// Failures by reason, most frequent first.
    pub failure_reasons: Vec<FailureReason>,
    /// Failures by class (they add up to `requests.failed`).
    #[serde(default)]
    pub failure_classes: FailureClasses,
    /// Requests that were re-sent once on a new connection (see [`RequestRecord::retried`]),
    /// whatever their outcome.
    #[serde(default)]
    pub retried: u64,
    /// First send → last token of a successful request, s (0 when none).
    pub window_s: f64,
    /// Output tokens of successful requests.
    pub output_tokens: u64,
    /// Prompt tokens of successful requests (server counts; requested where none).
    pub prompt_tokens: u64,
    /// Client lag.
    pub client: ClientLag,
}

/// Server metric samples.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ServerMetrics {
    /// The URL scraped (None when not scraped).
    pub url: Option<String>,
    /// Metric families of interest that were found (e.g. `llamacpp:requests_processing`).
    pub families_found: Vec<String>,
    /// Notes (no metrics endpoint, no KV-usage gauge, …).
    pub notes: Vec<String>,
    /// Samples, in time order.
    pub samples: Vec<MetricSample>,
}

/// One scrape.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct MetricSample {
    /// ms after the run's start.
    pub t_ms: f64,
    /// KV-cache usage, fraction 0–1 (vLLM `kv_cache_usage_perc`, SGLang `token_usage`,
    /// llama.cpp `kv_cache_usage_ratio`).
    pub kv_usage: Option<f64>,
    /// Requests running (in a batch).
    pub running: Option<f64>,
    /// Requests waiting (queued, deferred).
    pub waiting: Option<f64>,
    /// Cumulative preemptions (vLLM).
    pub preemptions_total: Option<f64>,
}

/// NVML telemetry.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct GpuTelemetry {
    /// True when NVML answered.
    pub available: bool,
    /// Why not, in one line, when not available.
    pub note: Option<String>,
    /// Local GPUs.
    pub devices: Vec<GpuDevice>,
    /// Samples, in time order, one per GPU per tick.
    pub samples: Vec<GpuSample>,
}

/// One local GPU.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GpuDevice {
    /// NVML index.
    pub index: u32,
    /// NVML name (`NVIDIA H100 80GB HBM3`).
    pub name: String,
    /// Catalog id (DESIGN §5.2) from [`gpu_catalog_id`].
    pub catalog_id: String,
    /// Total memory, MiB.
    pub memory_total_mib: f64,
}

/// One NVML sample of one GPU.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct GpuSample {
    /// ms after the run's start.
    pub t_ms: f64,
    /// NVML index.
    pub index: u32,
    /// GPU utilisation, percent.
    pub utilization_pct: Option<f64>,
    /// Memory used, MiB.
    pub memory_used_mib: Option<f64>,
    /// Power draw, W.
    pub power_w: Option<f64>,
    /// SM clock, MHz.
    pub sm_clock_mhz: Option<f64>,
    /// Temperature, °C.
    pub temperature_c: Option<f64>,
}

/// Where an imported file came from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ImportSource {
    /// The tool.
    pub tool: SourceTool,
    /// How that tool defines the metrics it reports, where it differs from benchfit's.
    pub metric_definitions: Vec<String>,
    /// Statistics the file did not have (left at null or derived as stated).
    pub missing: Vec<String>,
    /// The metric Rosetta: each imported metric's definition in the tool and how it was
    /// converted to benchfit's ([`import::MetricDefinition`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub definitions: Vec<import::MetricDefinition>,
}

impl Measurement {
    /// An empty measurement (no requests, zero summary) for `run`.
    pub fn new(run: RunInfo) -> Self {
        Self {
            schema: SCHEMA_VERSION,
            run,
            requests: Vec::new(),
            summary: Summary::default(),
            server_metrics: ServerMetrics::default(),
            gpu: GpuTelemetry::default(),
            source: None,
            stages: Vec::new(),
            multi_stage: None,
            engine_time: Vec::new(),
        }
    }
}
