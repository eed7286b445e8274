//! `benchfit`: read a benchmark claim, grade it, and re-project it onto your traffic.
//!
//! Exit codes: 0 success, 2 bad input (stderr names the input and why), 1 other failure.

// A binary: `pub` in its modules marks what main uses; `unreachable_pub` guards the libraries.
#![allow(unreachable_pub)]

mod import;
mod measure;
mod render;

use anyhow::Context;
use benchfit_core::check;
use benchfit_core::input::{Arrival, Load, Scenario};
use benchfit_core::project::{estimate_with, PricePolicy};
use clap::{Parser, Subcommand, ValueEnum};
use std::io::Read;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "benchfit",
    version,
    about = "Turn a pasted LLM benchmark claim into an honest cost per request for your traffic."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Grade a claim on the six-condition checklist and check it against physics.
    Check {
        /// The claim text; `-` or nothing reads standard input.
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
    Measure(Box<measure::MeasureArgs>),
    /// Convert a vLLM bench / genai-perf / AIPerf / GuideLLM / llmperf result file.
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

#[derive(Clone, Copy, ValueEnum)]
enum ArrivalArg {
    Constant,
    Poisson,
    Gamma,
}

#[derive(clap::Args)]
struct EstimateArgs {
    /// The benchmark claim (model, GPU, dtypes, runtime and setup are taken from it).
    #[arg(long, value_name = "TEXT")]
    benchmark: Option<String>,
    /// Your model id (e.g. llama-3-70b); overrides the claim's.
    #[arg(long, value_name = "ID")]
    model: Option<String>,
    /// Your GPU id (e.g. h100-sxm, a100-80gb); overrides the claim's.
    #[arg(long, value_name = "ID")]
    gpu: Option<String>,
    /// Your GPU count (1–4096).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=4096), allow_hyphen_values = true)]
    gpus: Option<u32>,
    /// Your tensor-parallel degree (1–64; default: all GPUs in one group).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=64), allow_hyphen_values = true)]
    tp: Option<u32>,
    /// Your weight dtype (bf16, fp8, awq-int4, q4_k_m, …).
    #[arg(long, value_name = "DTYPE")]
    weights: Option<String>,
    /// Your KV-cache dtype (default: what the benchmark used).
    #[arg(long, value_name = "DTYPE")]
    kv_dtype: Option<String>,
    /// Your runtime id (vllm, sglang, tensorrt-llm, tgi, lmdeploy, llama.cpp, ollama, mlx).
    #[arg(long, value_name = "ID")]
    runtime: Option<String>,
    /// Your memory fraction (vLLM gpu_memory_utilization; 0.05–1).
    #[arg(long, value_name = "F", allow_hyphen_values = true)]
    mem_fraction: Option<f64>,
    /// Prompt tokens per request (1–10,000,000).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=10_000_000), allow_hyphen_values = true)]
    prompt_tokens: u32,
    /// Output tokens per request (1–10,000,000).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=10_000_000), allow_hyphen_values = true)]
    output_tokens: u32,
    /// Requests in flight (closed loop; 1–100,000).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100_000), conflicts_with = "rate", required_unless_present = "rate", allow_hyphen_values = true)]
    concurrency: Option<u32>,
    /// Requests per second (open loop; 0.000001–1,000,000).
    #[arg(long, value_name = "REQ_PER_S", allow_hyphen_values = true)]
    rate: Option<f64>,
    /// Arrival process for --rate.
    #[arg(long, value_enum, default_value = "poisson", requires = "rate")]
    arrival: ArrivalArg,
    /// Gamma burstiness for --rate (1 = Poisson; 0.01–100).
    #[arg(
        long,
        value_name = "K",
        default_value_t = 1.0,
        requires = "rate",
        allow_hyphen_values = true
    )]
    burstiness: f64,
    /// Price in USD per GPU-hour (0–1,000; default: the GPU's preset, with its source).
    #[arg(long, value_name = "USD_PER_GPU_HOUR", allow_hyphen_values = true)]
    price: Option<f64>,
    /// Hours a day the traffic runs (for the whole-day cost per request; 0.1–24).
    #[arg(
        long,
        value_name = "H",
        default_value_t = 24.0,
        allow_hyphen_values = true
    )]
    busy_hours: f64,
    /// Spread of prompt lengths: standard deviation in tokens (lognormal around --prompt-tokens).
    #[arg(long, value_name = "TOKENS", allow_hyphen_values = true)]
    prompt_sd: Option<f64>,
    /// Spread of output lengths: standard deviation in tokens (lognormal around --output-tokens).
    #[arg(long, value_name = "TOKENS", allow_hyphen_values = true)]
    output_sd: Option<f64>,
    /// Requests to simulate (1–100,000).
    #[arg(long, value_name = "N", default_value_t = 2000, value_parser = clap::value_parser!(u32).range(1..=100_000), allow_hyphen_values = true)]
    requests: u32,
    /// Simulation seed (same seed, same result).
    #[arg(
        long,
        value_name = "N",
        default_value_t = 1,
        allow_hyphen_values = true
    )]
    seed: u64,
    /// SLO: time to first token per request, ms (for goodput).
    #[arg(long, value_name = "MS", allow_hyphen_values = true)]
    slo_ttft_ms: Option<f64>,
    /// SLO: time per output token per request, ms.
    #[arg(long, value_name = "MS", allow_hyphen_values = true)]
    slo_tpot_ms: Option<f64>,
    /// SLO: end-to-end latency per request, ms.
    #[arg(long, value_name = "MS", allow_hyphen_values = true)]
    slo_e2e_ms: Option<f64>,
    /// Engine: sequences per step (vLLM max_num_seqs; default: the runtime's).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=65_536), allow_hyphen_values = true)]
    max_num_seqs: Option<u32>,
    /// Engine: token budget per step (vLLM max_num_batched_tokens; default: the runtime's).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=10_000_000), allow_hyphen_values = true)]
    max_batched_tokens: Option<u32>,
    /// Engine: KV block size in tokens (default: the runtime's).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024), allow_hyphen_values = true)]
    block_size: Option<u32>,
    /// Prompt tokens every request shares (served from the prefix cache).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    prefix_tokens: Option<u32>,
    /// Distinct prompts the requests are drawn from; re-sent prompts hit the prefix cache.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=10_000_000), allow_hyphen_values = true)]
    prompt_pool: Option<u32>,
    /// Print one JSON document on stdout.
    #[arg(long)]
    json: bool,
}

/// An error with its exit code.
struct Failure {
    code: u8,
    message: String,
}

fn bad_input(message: impl Into<String>) -> Failure {
    Failure {
        code: 2,
        message: message.into(),
    }
}

impl From<anyhow::Error> for Failure {
    fn from(e: anyhow::Error) -> Self {
        Failure {
            code: 1,
            message: format!("{e:#}"),
        }
    }
}

fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        Command::Check { text, json } => {
            let text = match text.as_deref() {
                None | Some("-") => {
                    let mut s = String::new();
                    std::io::stdin()
                        .read_to_string(&mut s)
                        .context("reading the claim from standard input")?;
                    s
                }
                Some(t) => t.to_string(),
            };
            if text.trim().is_empty() {
                return Err(bad_input(
                    "check: the claim text is empty; pass it as an argument or on standard input",
                ));
            }
            let report = check(&text);
            if json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&report).context("serialising the report")?
                );
            } else {
                print!("{}", render::check(&text, &report));
            }
            Ok(())
        }
        Command::Estimate(a) => {
            let load = match (a.concurrency, a.rate) {
                (Some(c), _) => Load::Concurrency { concurrency: c },
                (None, Some(r)) => Load::Rate {
                    requests_per_s: r,
                    arrival: match a.arrival {
                        ArrivalArg::Constant => Arrival::Constant,
                        ArrivalArg::Poisson => Arrival::Poisson,
                        ArrivalArg::Gamma => Arrival::Gamma,
                    },
                    burstiness: a.burstiness,
                },
                (None, None) => return Err(bad_input("--concurrency or --rate is required")),
            };
            let scenario = Scenario {
                benchmark: a.benchmark.unwrap_or_default(),
                model: a.model.map(|s| s.to_ascii_lowercase()),
                gpu: a.gpu.map(|s| s.to_ascii_lowercase()),
                gpus: a.gpus,
                tp: a.tp,
                weights: a.weights.map(|s| s.to_ascii_lowercase()),
                kv_dtype: a.kv_dtype.map(|s| s.to_ascii_lowercase()),
                runtime: a.runtime.map(|s| s.to_ascii_lowercase()),
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
            };
            let report = match estimate_with(&scenario, PricePolicy::OnlyGiven) {
                Ok(r) => r,
                // Input errors name a field; the CLI names it by its flag.
                Err(e) => return Err(bad_input(e.with_name(|f| f.flag().unwrap_or(f.key())))),
            };
            if a.json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&report.estimate)
                        .context("serialising the estimate")?
                );
            } else {
                print!("{}", render::estimate(&scenario, &report));
            }
            Ok(())
        }
        Command::Measure(a) => match measure::run(*a) {
            Err(measure::BadInput(m)) => Err(bad_input(format!("measure: {m}"))),
            Ok(r) => Ok(r?),
        },
        Command::Import { file, json } => {
            let m = match import::read(&file) {
                Err(e) => return Err(bad_input(format!("import: cannot read {file}: {e}"))),
                Ok(Err(reason)) => return Err(bad_input(reason)),
                Ok(Ok(m)) => m,
            };
            if json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&m).context("serialising the measurement")?
                );
            } else {
                print!("{}", import::render(&file, &m));
            }
            Ok(())
        }
        Command::Validate { file, json } => {
            let text = std::fs::read_to_string(&file)
                .map_err(|e| bad_input(format!("validate: cannot read {file}: {e}")))?;
            // Online-serving rows (measured_online.tsv's columns): TTFT, ITL, output tok/s per
            // tune/check part, source, engine and load band.
            if text
                .lines()
                .next()
                .is_some_and(|h| h.split('\t').any(|c| c == "load_kind"))
            {
                let report = benchfit_core::validate::validate_online(&text)
                    .map_err(|e| bad_input(format!("validate: {file}: {e}")))?;
                if json {
                    println!(
                        "{}",
                        serde_json::to_string_pretty(&report).context("serialising the report")?
                    );
                } else {
                    print!("{report}");
                }
                return Ok(());
            }
            let report = benchfit_core::validate::validate(&text)
                .map_err(|e| bad_input(format!("validate: {file}: {e}")))?;
            if json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&report).context("serialising the report")?
                );
            } else {
                print!("{}", render::validation(&report));
            }
            Ok(())
        }
        Command::Gpu { json } => {
            let devices = match measure::gpu::open() {
                Ok((_, d)) => d,
                Err(note) => {
                    if json {
                        println!(
                            "{}",
                            serde_json::json!({"available": false, "note": note, "devices": []})
                        );
                    } else {
                        println!("{note}");
                    }
                    return Ok(());
                }
            };
            if json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(
                        &serde_json::json!({"available": true, "note": null, "devices": devices})
                    )
                    .context("serialising the GPU list")?
                );
            } else {
                for d in &devices {
                    println!(
                        "{}: {} ({:.0} MiB) → {}",
                        d.index, d.name, d.memory_total_mib, d.catalog_id
                    );
                }
            }
            Ok(())
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            eprintln!("benchfit: {}", f.message);
            ExitCode::from(f.code)
        }
    }
}
