//! The command line: clap's declarations, and their conversion into the core's [`Scenario`].

use benchfit_core::input::{Arrival, Load, Scenario};
use benchfit_core::project::EstimateError;
use clap::{Parser, Subcommand, ValueEnum};

/// `benchfit`.
#[derive(Parser)]
#[command(
    name = "benchfit",
    version,
    about = "Turn a pasted LLM benchmark claim into an honest cost per request for your traffic."
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
}

/// The subcommands.
#[derive(Subcommand)]
pub(crate) enum Command {
    /// Grade a claim on the six-condition checklist and check it against physics.
    Check {
        /// The claim text, or a file holding it; `-` or nothing reads standard input.
        text: Option<String>,
        /// Print one JSON document on stdout.
        #[arg(long)]
        json: bool,
    },
    /// Re-project a claim onto your traffic, GPU and price.
    #[command(allow_negative_numbers = true)]
    Estimate(Box<EstimateArgs>),
    /// Measure a real OpenAI-compatible server and write the measurement file.
    #[command(allow_negative_numbers = true)]
    Measure(Box<crate::measure::MeasureArgs>),
    /// The cheapest deployment that serves your traffic within your SLOs, across every GPU.
    #[command(allow_negative_numbers = true)]
    Plan(Box<crate::plan::PlanArgs>),
    /// Convert a vLLM bench / SGLang bench_serving / genai-perf / AIPerf / GuideLLM / llmperf result file.
    Import {
        /// The result file.
        file: String,
        /// Print the measurement file (JSON) on stdout.
        #[arg(long)]
        json: bool,
    },
    /// List local GPUs (NVML) with their catalog ids.
    Gpu {
        /// Print one JSON document on stdout.
        #[arg(long)]
        json: bool,
    },
    /// Run the model on every row of a measurements table (TSV shaped like measured_dev.tsv)
    /// and report predicted vs measured, uncalibrated and leave-one-out calibrated.
    Validate {
        /// The TSV file.
        file: String,
        /// Print one JSON document on stdout.
        #[arg(long)]
        json: bool,
    },
}

/// `--arrival`: the open-loop arrival process.
#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum ArrivalArg {
    Constant,
    Poisson,
    Gamma,
}

/// `benchfit estimate`'s flags.
#[derive(clap::Args)]
pub(crate) struct EstimateArgs {
    /// The benchmark claim (model, GPU, dtypes, runtime and setup are taken from it).
    #[arg(long, value_name = "TEXT")]
    pub(crate) benchmark: Option<String>,
    /// Your model id (e.g. llama-3-70b); overrides the claim's.
    #[arg(long, value_name = "ID")]
    pub(crate) model: Option<String>,
    /// Your GPU id (e.g. h100-sxm, a100-80gb); overrides the claim's.
    #[arg(long, value_name = "ID")]
    pub(crate) gpu: Option<String>,
    /// Your GPU count (1–4096).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=4096), allow_hyphen_values = true)]
    pub(crate) gpus: Option<u32>,
    /// Your tensor-parallel degree (1–64; default: all GPUs in one group).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=64), allow_hyphen_values = true)]
    pub(crate) tp: Option<u32>,
    /// Your weight dtype (bf16, fp8, awq-int4, q4_k_m, …).
    #[arg(long, value_name = "DTYPE")]
    pub(crate) weights: Option<String>,
    /// Your KV-cache dtype (default: what the benchmark used).
    #[arg(long, value_name = "DTYPE")]
    pub(crate) kv_dtype: Option<String>,
    /// Your runtime id (vllm, sglang, tensorrt-llm, nim, tgi, lmdeploy, llama.cpp, ollama, mlx; ID@VERSION for a release, e.g. vllm@0.7, vllm@0.13).
    #[arg(long, value_name = "ID")]
    pub(crate) runtime: Option<String>,
    /// Your memory fraction (vLLM gpu_memory_utilization; 0.05–1).
    #[arg(long, value_name = "F", allow_hyphen_values = true)]
    pub(crate) mem_fraction: Option<f64>,
    /// Prompt tokens per request (1–10,000,000).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=10_000_000), allow_hyphen_values = true)]
    pub(crate) prompt_tokens: u32,
    /// Output tokens per request (1–10,000,000).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=10_000_000), allow_hyphen_values = true)]
    pub(crate) output_tokens: u32,
    /// Requests in flight (closed loop; 1–100,000).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100_000), conflicts_with = "rate", required_unless_present = "rate", allow_hyphen_values = true)]
    pub(crate) concurrency: Option<u32>,
    /// Requests per second (open loop; 0.000001–1,000,000).
    #[arg(long, value_name = "REQ_PER_S", allow_hyphen_values = true)]
    pub(crate) rate: Option<f64>,
    /// Arrival process for --rate.
    #[arg(long, value_enum, default_value = "poisson", requires = "rate")]
    pub(crate) arrival: ArrivalArg,
    /// Gamma burstiness for --rate (1 = Poisson; 0.01–100).
    #[arg(
        long,
        value_name = "K",
        default_value_t = 1.0,
        requires = "rate",
        allow_hyphen_values = true
    )]
    pub(crate) burstiness: f64,
    /// Price in USD per GPU-hour (0–1,000; default: the GPU's preset, with its source).
    #[arg(long, value_name = "USD_PER_GPU_HOUR", allow_hyphen_values = true)]
    pub(crate) price: Option<f64>,
    /// Hours a day the traffic runs (for the whole-day cost per request; 0.1–24).
    #[arg(
        long,
        value_name = "H",
        default_value_t = 24.0,
        allow_hyphen_values = true
    )]
    pub(crate) busy_hours: f64,
    /// Spread of prompt lengths: standard deviation in tokens (lognormal around --prompt-tokens).
    #[arg(long, value_name = "TOKENS", allow_hyphen_values = true)]
    pub(crate) prompt_sd: Option<f64>,
    /// Spread of output lengths: standard deviation in tokens (lognormal around --output-tokens).
    #[arg(long, value_name = "TOKENS", allow_hyphen_values = true)]
    pub(crate) output_sd: Option<f64>,
    /// Requests to simulate (1–100,000).
    #[arg(long, value_name = "N", default_value_t = 2000, value_parser = clap::value_parser!(u32).range(1..=100_000), allow_hyphen_values = true)]
    pub(crate) requests: u32,
    /// Simulation seed (same seed, same result).
    #[arg(
        long,
        value_name = "N",
        default_value_t = 1,
        allow_hyphen_values = true
    )]
    pub(crate) seed: u64,
    /// SLO: time to first token per request, ms (for goodput).
    #[arg(long, value_name = "MS", allow_hyphen_values = true)]
    pub(crate) slo_ttft_ms: Option<f64>,
    /// SLO: time per output token per request, ms.
    #[arg(long, value_name = "MS", allow_hyphen_values = true)]
    pub(crate) slo_tpot_ms: Option<f64>,
    /// SLO: end-to-end latency per request, ms.
    #[arg(long, value_name = "MS", allow_hyphen_values = true)]
    slo_e2e_ms: Option<f64>,
    /// Engine: sequences per step (vLLM max_num_seqs; default: the runtime's on the GPU).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=65_536), allow_hyphen_values = true)]
    pub(crate) max_num_seqs: Option<u32>,
    /// Engine: token budget per step (vLLM max_num_batched_tokens; default: the runtime's on
    /// the GPU).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=10_000_000), allow_hyphen_values = true)]
    pub(crate) max_batched_tokens: Option<u32>,
    /// Engine: KV block size in tokens (default: the runtime's).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024), allow_hyphen_values = true)]
    pub(crate) block_size: Option<u32>,
    /// Prompt tokens every request shares (served from the prefix cache).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub(crate) prefix_tokens: Option<u32>,
    /// Distinct prompts the requests are drawn from; re-sent prompts hit the prefix cache.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=10_000_000), allow_hyphen_values = true)]
    pub(crate) prompt_pool: Option<u32>,
    /// Print one JSON document on stdout.
    #[arg(long)]
    pub(crate) json: bool,
}

impl From<ArrivalArg> for Arrival {
    fn from(a: ArrivalArg) -> Self {
        match a {
            ArrivalArg::Constant => Arrival::Constant,
            ArrivalArg::Poisson => Arrival::Poisson,
            ArrivalArg::Gamma => Arrival::Gamma,
        }
    }
}

/// Neither `--concurrency` nor `--rate` was given (clap requires one, so this is a guard).
#[derive(Debug)]
pub(crate) struct NoLoad;

impl std::fmt::Display for NoLoad {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("--concurrency or --rate is required")
    }
}

impl TryFrom<&EstimateArgs> for Scenario {
    type Error = NoLoad;

    /// The scenario the flags describe. Ranges are checked by the core's estimate (one place);
    /// ids are lower-cased like the URL decoder does.
    fn try_from(a: &EstimateArgs) -> Result<Self, NoLoad> {
        let load = match (a.concurrency, a.rate) {
            (Some(concurrency), _) => Load::Concurrency { concurrency },
            (None, Some(requests_per_s)) => Load::Rate {
                requests_per_s,
                arrival: a.arrival.into(),
                burstiness: a.burstiness,
            },
            (None, None) => return Err(NoLoad),
        };
        let id = |s: &Option<String>| s.as_deref().map(str::to_ascii_lowercase);
        Ok(Scenario {
            benchmark: a.benchmark.clone().unwrap_or_default(),
            model: id(&a.model),
            gpu: id(&a.gpu),
            gpus: a.gpus,
            tp: a.tp,
            weights: id(&a.weights),
            kv_dtype: id(&a.kv_dtype),
            runtime: id(&a.runtime),
            mem_fraction: a.mem_fraction,
            prompt_tokens: a.prompt_tokens,
            output_tokens: a.output_tokens,
            load,
            price_usd_per_gpu_hour: a.price,
            busy_hours: a.busy_hours,
            prompt_sd: a.prompt_sd,
            output_sd: a.output_sd,
            requests: a.requests,
            seed: a.seed,
            slo: benchfit_core::input::Slo {
                ttft_ms: a.slo_ttft_ms,
                tpot_ms: a.slo_tpot_ms,
                e2e_ms: a.slo_e2e_ms,
            },
            max_num_seqs: a.max_num_seqs,
            max_batched_tokens: a.max_batched_tokens,
            block_size: a.block_size,
            prefix_tokens: a.prefix_tokens,
            prompt_pool: a.prompt_pool,
            claim_overrides: Default::default(),
            price_tier: Default::default(),
        })
    }
}

/// An estimate error as the CLI says it: the input it names, spelt as its flag, and why.
pub(crate) fn describe(e: &EstimateError) -> String {
    // Input errors name a field; the CLI names it by its flag.
    e.with_name(|f| f.flag().unwrap_or(f.key()))
}
