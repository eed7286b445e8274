//! A scenario: every input of one estimate, and its URL query form (DESIGN §5.4).
//!
//! Keys: `v` version (1), `b` benchmark text, `model`, `gpu`, `n` GPUs, `tp`, `w` weight dtype,
//! `kv` KV dtype, `rt` runtime, `mem` memory fraction, `pin`/`pout` prompt/output tokens, `c`
//! concurrency or `rate` requests/s (`arrival`, `burst`), `price` USD per GPU-hour, `busy` busy
//! hours per day. Unknown keys are ignored; bad values are reported and replaced by defaults.

use crate::catalog::PriceTier;
use crate::input::{Arrival, Field, InputError, Load, Slo};
use crate::overrides::Overrides;
use serde::{Deserialize, Serialize};

/// The URL format version written by [`Scenario::to_query`].
pub const URL_VERSION: u32 = 1;

/// The default benchmark text: the worked example of the seed.
pub const WORKED_EXAMPLE: &str = "3,200 tokens/sec aggregate for Llama 3 70B on a single H100, batch size 32, 512-token prompts, 256-token outputs, FP8, under vLLM.";

/// Every input of one estimate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct Scenario {
    /// The pasted benchmark claim (may be empty).
    pub benchmark: String,
    /// Your model id (default: the claim's).
    pub model: Option<String>,
    /// Your GPU id (default: the claim's).
    pub gpu: Option<String>,
    /// Your GPU count (default: the claim's, else 1).
    pub gpus: Option<u32>,
    /// Your tensor-parallel degree (default: all GPUs in one group, or the claim's).
    pub tp: Option<u32>,
    /// Your weight dtype id (default: the claim's).
    pub weights: Option<String>,
    /// Your KV dtype id (default: what the benchmark used, stated or inferred).
    pub kv_dtype: Option<String>,
    /// Your runtime id (default: the claim's).
    pub runtime: Option<String>,
    /// Your memory fraction (default: what the benchmark used, or the runtime default).
    pub mem_fraction: Option<f64>,
    /// Prompt tokens per request.
    pub prompt_tokens: u32,
    /// Output tokens per request.
    pub output_tokens: u32,
    /// Offered load.
    pub load: Load,
    /// Price in USD per GPU-hour (default: the GPU's preset).
    pub price_usd_per_gpu_hour: Option<f64>,
    /// Hours per day the traffic runs (1–24).
    pub busy_hours: f64,
    /// Standard deviation of prompt lengths (lognormal around `prompt_tokens`); None = fixed.
    #[serde(default)]
    pub prompt_sd: Option<f64>,
    /// Standard deviation of output lengths (lognormal around `output_tokens`); None = fixed.
    #[serde(default)]
    pub output_sd: Option<f64>,
    /// Requests to simulate.
    #[serde(default = "default_requests")]
    pub requests: u32,
    /// Simulation seed.
    #[serde(default = "default_seed")]
    pub seed: u64,
    /// Latency targets for goodput and the highest concurrency that meets them.
    #[serde(default)]
    pub slo: Slo,
    /// Engine: `max_num_seqs` (default: the runtime's).
    #[serde(default)]
    pub max_num_seqs: Option<u32>,
    /// Engine: `max_num_batched_tokens` (default: the runtime's).
    #[serde(default)]
    pub max_batched_tokens: Option<u32>,
    /// Engine: KV block size in tokens (default: the runtime's).
    #[serde(default)]
    pub block_size: Option<u32>,
    /// Prompt tokens every request shares, served from the prefix cache.
    #[serde(default)]
    pub prefix_tokens: Option<u32>,
    /// Distinct prompts the requests are drawn from (a benchmark re-sending a dataset of N
    /// prompts); the simulator's prefix cache serves a re-sent prompt's blocks. None: every
    /// prompt is new.
    #[serde(default)]
    pub prompt_pool: Option<u32>,
    /// The user's corrections of the claim as read.
    #[serde(default)]
    pub claim_overrides: Overrides,
    /// Which preset price applies when no price is given.
    #[serde(default)]
    pub price_tier: PriceTier,
}

/// Requests the page simulates by default.
pub const DEFAULT_REQUESTS: u32 = 2000;

fn default_requests() -> u32 {
    DEFAULT_REQUESTS
}

fn default_seed() -> u64 {
    1
}

impl Scenario {
    /// The worked example: the seed's claim, 1,800/400 tokens, concurrency 8 during business
    /// hours (10 h a day), one H100, the preset price.
    #[must_use]
    pub fn worked_example() -> Self {
        Scenario {
            benchmark: WORKED_EXAMPLE.into(),
            model: None,
            gpu: Some("h100".into()),
            gpus: Some(1),
            tp: None,
            weights: None,
            kv_dtype: None,
            runtime: None,
            mem_fraction: None,
            prompt_tokens: 1800,
            output_tokens: 400,
            load: Load::Concurrency { concurrency: 8 },
            price_usd_per_gpu_hour: None,
            busy_hours: 10.0,
            prompt_sd: None,
            output_sd: None,
            requests: DEFAULT_REQUESTS,
            seed: 1,
            slo: Slo::default(),
            max_num_seqs: None,
            max_batched_tokens: None,
            block_size: None,
            prefix_tokens: None,
            prompt_pool: None,
            claim_overrides: Overrides::default(),
            price_tier: PriceTier::OnDemand,
        }
    }
}

impl Default for Scenario {
    fn default() -> Self {
        Self::worked_example()
    }
}

/// A URL value that was rejected and replaced by the default.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct UrlIssue {
    /// The key.
    pub key: String,
    /// The rejected value (truncated to 80 characters).
    pub value: String,
    /// Why it was rejected.
    pub reason: String,
}

/// Longest benchmark text a URL may carry (characters); longer text is cut and reported. The
/// reader's own size target (100 KB read in ≤ 30 ms, issue 11), so any claim a link carries
/// reads at the page's pace; the page writes long links into the fragment, which no server sees.
pub const MAX_URL_BENCHMARK_CHARS: usize = 100_000;

fn id_ok(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 64
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-._".contains(c))
}

impl Scenario {
    /// The query string (without `?`), keys in a fixed order.
    #[must_use]
    pub fn to_query(&self) -> String {
        let mut q = form_urlencoded::Serializer::new(String::new());
        q.append_pair("v", &URL_VERSION.to_string());
        q.append_pair("b", &self.benchmark);
        let opt = |q: &mut form_urlencoded::Serializer<String>, k: &str, v: &Option<String>| {
            if let Some(v) = v {
                q.append_pair(k, v);
            }
        };
        opt(&mut q, "model", &self.model);
        // GPU and count default to the worked example's: "none" is written as an empty value.
        q.append_pair("gpu", self.gpu.as_deref().unwrap_or(""));
        q.append_pair("n", &self.gpus.map(|n| n.to_string()).unwrap_or_default());
        opt(&mut q, "tp", &self.tp.map(|n| n.to_string()));
        opt(&mut q, "w", &self.weights);
        opt(&mut q, "kv", &self.kv_dtype);
        opt(&mut q, "rt", &self.runtime);
        opt(&mut q, "mem", &self.mem_fraction.map(|m| m.to_string()));
        q.append_pair("pin", &self.prompt_tokens.to_string());
        q.append_pair("pout", &self.output_tokens.to_string());
        match self.load {
            Load::Concurrency { concurrency } => {
                q.append_pair("c", &concurrency.to_string());
            }
            Load::Rate {
                requests_per_s,
                arrival,
                burstiness,
            } => {
                q.append_pair("rate", &requests_per_s.to_string());
                q.append_pair("arrival", arrival.word());
                q.append_pair("burst", &burstiness.to_string());
            }
        }
        opt(
            &mut q,
            "price",
            &self.price_usd_per_gpu_hour.map(|p| p.to_string()),
        );
        q.append_pair("busy", &self.busy_hours.to_string());
        opt(&mut q, "psd", &self.prompt_sd.map(|v| v.to_string()));
        opt(&mut q, "osd", &self.output_sd.map(|v| v.to_string()));
        if self.requests != DEFAULT_REQUESTS {
            q.append_pair("req", &self.requests.to_string());
        }
        if self.seed != 1 {
            q.append_pair("seed", &self.seed.to_string());
        }
        opt(&mut q, "sttft", &self.slo.ttft_ms.map(|v| v.to_string()));
        opt(&mut q, "stpot", &self.slo.tpot_ms.map(|v| v.to_string()));
        opt(&mut q, "se2e", &self.slo.e2e_ms.map(|v| v.to_string()));
        opt(&mut q, "mns", &self.max_num_seqs.map(|v| v.to_string()));
        opt(
            &mut q,
            "mbt",
            &self.max_batched_tokens.map(|v| v.to_string()),
        );
        opt(&mut q, "bs", &self.block_size.map(|v| v.to_string()));
        opt(&mut q, "prefix", &self.prefix_tokens.map(|v| v.to_string()));
        opt(&mut q, "pool", &self.prompt_pool.map(|v| v.to_string()));
        if self.price_tier == PriceTier::Committed {
            q.append_pair("tier", "committed");
        }
        for (k, v) in self.claim_overrides.to_pairs() {
            q.append_pair(k, &v);
        }
        q.finish()
    }

    /// Reads a query string (with or without `?`). Never fails: missing keys keep the worked
    /// example's values, bad values are listed in the issues and replaced by those defaults.
    /// A query with no scenario keys at all gives the worked example. Keys and ranges come from
    /// [`FIELDS`](crate::input::FIELDS); other keys are claim overrides (`o.…`) or ignored.
    #[must_use]
    pub fn from_query(query: &str) -> (Scenario, Vec<UrlIssue>) {
        let query = query.strip_prefix('?').unwrap_or(query);
        let mut s = Scenario::worked_example();
        let mut issues = Vec::new();
        let mut load = LoadParts::default();
        for (k, raw) in form_urlencoded::parse(query.as_bytes()) {
            let result = match (k.as_ref(), Field::from_key(&k)) {
                ("v", _) if raw.trim() == "1" => Ok(()),
                ("v", _) => Err("unknown URL version; read as version 1".to_string()),
                (_, Some(f)) => s.set(f, &raw, &mut load),
                (other, None) => s.claim_overrides.set_pair(other, raw.trim()).map(drop),
            };
            if let Err(reason) = result {
                issues.push(UrlIssue {
                    key: k.to_string(),
                    value: raw.trim().chars().take(80).collect(),
                    reason,
                });
            }
        }
        load.apply(&mut s);
        (s, issues)
    }

    /// Sets one input from its URL text (load inputs gather in `load` until every key is read).
    fn set(&mut self, f: Field, raw: &str, load: &mut LoadParts) -> Result<(), String> {
        use Field as F;
        let v = raw.trim();
        let why = |e: InputError| e.to_string();
        let whole = || f.parse_whole(v).map(|n| n as u32).map_err(why);
        let number = || f.parse_number(v).map_err(why);
        match f {
            F::Benchmark => {
                // Untrimmed: the text round-trips as pasted.
                self.benchmark = raw.chars().take(MAX_URL_BENCHMARK_CHARS).collect();
                if raw.chars().count() > MAX_URL_BENCHMARK_CHARS {
                    return Err(format!(
                        "benchmark text longer than {} characters; cut",
                        crate::format::thousands(MAX_URL_BENCHMARK_CHARS as f64)
                    ));
                }
            }
            F::Model | F::Gpu | F::Weights | F::KvDtype | F::Runtime => {
                let id = match v {
                    "" => None,
                    _ if id_ok(v) => Some(v.to_ascii_lowercase()),
                    _ => return Err(why(f.out_of_range())),
                };
                // A well-formed id the catalog does not hold is replaced like a malformed one
                // (the estimate could only refuse it).
                if let Some(id) = &id {
                    let known = match f {
                        F::Model => crate::catalog::model(id).is_some(),
                        F::Gpu => !crate::catalog::gpu_variants(id).is_empty(),
                        F::Weights | F::KvDtype => crate::catalog::dtype(id).is_some(),
                        _ => crate::catalog::runtime(id).is_some(),
                    };
                    if !known {
                        return Err(format!("{id:?} is not an id benchfit knows"));
                    }
                }
                match f {
                    F::Model => self.model = id,
                    F::Gpu => self.gpu = id,
                    F::Weights => self.weights = id,
                    F::KvDtype => self.kv_dtype = id,
                    _ => self.runtime = id,
                }
            }
            F::Gpus if v.is_empty() => self.gpus = None,
            F::Gpus => self.gpus = Some(whole()?),
            F::Tp => self.tp = Some(whole()?),
            F::MemFraction => self.mem_fraction = Some(number()?),
            F::PromptTokens => self.prompt_tokens = whole()?,
            F::OutputTokens => self.output_tokens = whole()?,
            F::Concurrency => load.concurrency = Some(whole()?),
            F::Rate => load.rate = Some(number()?),
            F::Arrival => {
                load.arrival = Arrival::from_word(v).ok_or_else(|| why(f.out_of_range()))?
            }
            F::Burstiness => load.burstiness = number()?,
            F::Price => self.price_usd_per_gpu_hour = Some(number()?),
            F::BusyHours => self.busy_hours = number()?,
            F::PromptSd => self.prompt_sd = Some(number()?),
            F::OutputSd => self.output_sd = Some(number()?),
            F::Requests => self.requests = whole()?,
            F::Seed => self.seed = f.parse_whole(v).map_err(why)?,
            F::SloTtftMs => self.slo.ttft_ms = Some(number()?),
            F::SloTpotMs => self.slo.tpot_ms = Some(number()?),
            F::SloE2eMs => self.slo.e2e_ms = Some(number()?),
            F::MaxNumSeqs => self.max_num_seqs = Some(whole()?),
            F::MaxBatchedTokens => self.max_batched_tokens = Some(whole()?),
            F::BlockSize => self.block_size = Some(whole()?),
            F::PrefixTokens => self.prefix_tokens = Some(whole()?),
            F::PromptPool => self.prompt_pool = Some(whole()?),
            F::PriceTier => {
                self.price_tier = match v {
                    "committed" => PriceTier::Committed,
                    "on_demand" | "" => PriceTier::OnDemand,
                    _ => return Err(why(f.out_of_range())),
                }
            }
        }
        Ok(())
    }
}

/// The load keys of a URL, gathered until all are read: concurrency wins over a rate.
struct LoadParts {
    concurrency: Option<u32>,
    rate: Option<f64>,
    arrival: Arrival,
    burstiness: f64,
}

impl Default for LoadParts {
    fn default() -> Self {
        LoadParts {
            concurrency: None,
            rate: None,
            arrival: Arrival::Poisson,
            burstiness: 1.0,
        }
    }
}

impl LoadParts {
    fn apply(self, s: &mut Scenario) {
        if let Some(concurrency) = self.concurrency {
            s.load = Load::Concurrency { concurrency };
        } else if let Some(requests_per_s) = self.rate {
            s.load = Load::Rate {
                requests_per_s,
                arrival: self.arrival,
                burstiness: self.burstiness,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_worked_example() {
        let s = Scenario::worked_example();
        let q = s.to_query();
        assert!(q.starts_with("v=1&b=3%2C200+tokens%2Fsec"));
        let (back, issues) = Scenario::from_query(&q);
        assert!(issues.is_empty(), "{issues:?}");
        assert_eq!(back, s);
    }

    /// A well-formed id the catalog does not hold is listed and replaced by the default, like
    /// a malformed value; known ids (a GPU family, a runtime) stay.
    #[test]
    fn unknown_catalog_ids_are_replaced() {
        let (s, issues) = Scenario::from_query("gpu=abc&model=zzz-9b&w=fp7&kv=q9&rt=nonesuch&c=4");
        let keys: Vec<&str> = issues.iter().map(|i| i.key.as_str()).collect();
        assert_eq!(keys, ["gpu", "model", "w", "kv", "rt"]);
        let d = Scenario::default();
        assert_eq!(
            (&s.gpu, &s.model, &s.weights, &s.kv_dtype, &s.runtime),
            (&d.gpu, &d.model, &d.weights, &d.kv_dtype, &d.runtime)
        );
        assert_eq!(s.load, Load::Concurrency { concurrency: 4 });
        let (s, issues) = Scenario::from_query("gpu=h100&rt=sglang&w=fp8&kv=fp8&model=llama-3-70b");
        assert!(issues.is_empty(), "{issues:?}");
        assert_eq!(s.gpu.as_deref(), Some("h100"));
        assert_eq!(s.runtime.as_deref(), Some("sglang"));
    }

    #[test]
    fn round_trip_every_field() {
        let s = Scenario {
            benchmark: "a & b = c? <script>alert(1)</script> 日本語 100%".into(),
            model: Some("llama-3.1-8b".into()),
            gpu: Some("a100-80gb".into()),
            gpus: Some(8),
            tp: Some(4),
            weights: Some("awq-int4".into()),
            kv_dtype: Some("fp8".into()),
            runtime: Some("sglang".into()),
            mem_fraction: Some(0.85),
            prompt_tokens: 4096,
            output_tokens: 1,
            load: Load::Rate {
                requests_per_s: 2.5,
                arrival: Arrival::Gamma,
                burstiness: 3.0,
            },
            price_usd_per_gpu_hour: Some(1.25),
            busy_hours: 24.0,
            prompt_sd: Some(300.0),
            output_sd: Some(0.0),
            requests: 500,
            seed: 42,
            slo: Slo {
                ttft_ms: Some(500.0),
                tpot_ms: Some(50.0),
                e2e_ms: None,
            },
            max_num_seqs: Some(128),
            max_batched_tokens: Some(2048),
            block_size: Some(32),
            prefix_tokens: Some(100),
            prompt_pool: Some(50),
            claim_overrides: Overrides {
                model: Some("llama-3.1-70b".into()),
                metric: Some(crate::overrides::MetricOverride::Total),
                ..Default::default()
            },
            price_tier: PriceTier::Committed,
        };
        let (back, issues) = Scenario::from_query(&format!("?{}", s.to_query()));
        assert!(issues.is_empty());
        assert_eq!(back, s);
    }

    #[test]
    fn bad_values_are_reported_and_defaulted() {
        let (s, issues) = Scenario::from_query("c=-3&pin=abc&price=NaN&gpu=%3Cimg%3E&zzz=1&pout=0");
        let keys: Vec<_> = issues.iter().map(|i| i.key.as_str()).collect();
        assert_eq!(keys, vec!["c", "pin", "price", "gpu", "pout"]);
        let d = Scenario::worked_example();
        assert_eq!(
            (s.load, s.prompt_tokens, s.output_tokens, s.gpu),
            (d.load, d.prompt_tokens, d.output_tokens, d.gpu)
        );
        assert_eq!(s.price_usd_per_gpu_hour, None);
    }
}
