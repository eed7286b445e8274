//! The table of every scenario input: its URL key, CLI flag, page label, unit, allowed range and
//! default, in one place ([`FIELDS`]). The URL codec ([`Scenario::to_query`] /
//! [`Scenario::from_query`]) and the range checks of the estimate read their keys and ranges
//! from here, and errors name a [`Field`], never a spelling: each shell maps the field to its
//! own word.
//!
//! ```
//! use benchfit_core::input::Field;
//!
//! assert_eq!(Field::PromptTokens.flag(), Some("--prompt-tokens")); // the CLI
//! assert_eq!(Field::PromptTokens.label(), "Prompt tokens"); // the page
//! assert_eq!(Field::PromptTokens.key(), "pin"); // the URL
//! assert_eq!(Field::Concurrency.json_key(), "load.concurrency"); // JSON and the JS package
//! assert_eq!(Field::from_key("c"), Some(Field::Concurrency));
//! let e = Field::Concurrency.parse_whole("0").unwrap_err();
//! assert_eq!(e.to_string(), "Concurrency: must be a whole number from 1 to 100,000");
//! assert_eq!(e.with_name(|f| f.flag().unwrap_or("")), "--concurrency: must be a whole number from 1 to 100,000");
//! ```
//!
//! [`Scenario::to_query`]: crate::input::Scenario::to_query
//! [`Scenario::from_query`]: crate::input::Scenario::from_query

use crate::format::{bound, grouped};
use crate::limits;

/// One input of a scenario.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Field {
    /// The pasted benchmark claim.
    Benchmark,
    /// The user's model id.
    Model,
    /// The user's GPU id.
    Gpu,
    /// GPU count.
    Gpus,
    /// Tensor-parallel degree.
    Tp,
    /// Weight dtype id.
    Weights,
    /// KV-cache dtype id.
    KvDtype,
    /// Runtime id.
    Runtime,
    /// Share of GPU memory the runtime may use.
    MemFraction,
    /// Prompt tokens per request.
    PromptTokens,
    /// Output tokens per request.
    OutputTokens,
    /// Standard deviation of prompt lengths.
    PromptSd,
    /// Standard deviation of output lengths.
    OutputSd,
    /// Requests in flight (closed loop).
    Concurrency,
    /// Requests per second (open loop).
    Rate,
    /// Arrival process of the open loop.
    Arrival,
    /// Gamma burstiness of the open loop.
    Burstiness,
    /// Price per GPU-hour.
    Price,
    /// Which preset price (on-demand or committed).
    PriceTier,
    /// Hours a day the traffic runs.
    BusyHours,
    /// Requests to simulate.
    Requests,
    /// Simulation seed.
    Seed,
    /// SLO on time to first token.
    SloTtftMs,
    /// SLO on time per output token.
    SloTpotMs,
    /// SLO on end-to-end latency.
    SloE2eMs,
    /// Engine: sequences per step.
    MaxNumSeqs,
    /// Engine: token budget per step.
    MaxBatchedTokens,
    /// Engine: KV block size.
    BlockSize,
    /// Prompt tokens every request shares.
    PrefixTokens,
    /// Distinct prompts the traffic re-sends (a prefix-cache pool).
    PromptPool,
}

/// The values an input accepts.
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub enum Bound {
    /// A whole number in `min..=max`.
    Whole {
        /// Lowest accepted.
        min: u64,
        /// Highest accepted.
        max: u64,
    },
    /// A finite number in `min..=max`.
    Number {
        /// Lowest accepted.
        min: f64,
        /// Highest accepted.
        max: f64,
    },
    /// A catalog id (letters, digits, `-`, `.`, `_`, at most 64).
    Id,
    /// Free text.
    Text,
    /// One of these words.
    Choice(&'static [&'static str]),
}

/// One row of the table.
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub struct Spec {
    /// The input.
    pub field: Field,
    /// Its URL query key (DESIGN §5.4; a public contract).
    pub key: &'static str,
    /// Its path in the scenario's JSON (`prompt_tokens`, `load.concurrency`): how the JS package
    /// and `--json` users name it.
    pub json: &'static str,
    /// Its `benchfit estimate` flag (None where the CLI has none).
    pub flag: Option<&'static str>,
    /// Its label on the page.
    pub label: &'static str,
    /// Its unit, as the page writes it (empty for none).
    pub unit: &'static str,
    /// What it accepts.
    pub bound: Bound,
    /// Its default as the page and the CLI show it (empty: taken from the claim, or none).
    pub default: &'static str,
}

// One argument per column of the table below, in its order.
#[allow(clippy::too_many_arguments)]
const fn row(
    field: Field,
    key: &'static str,
    json: &'static str,
    flag: Option<&'static str>,
    label: &'static str,
    unit: &'static str,
    bound: Bound,
    default: &'static str,
) -> Spec {
    Spec {
        field,
        key,
        json,
        flag,
        label,
        unit,
        bound,
        default,
    }
}

const fn whole(min: u64, max: u64) -> Bound {
    Bound::Whole { min, max }
}

const fn number(min: f64, max: f64) -> Bound {
    Bound::Number { min, max }
}

const MAX_TOKENS: u64 = limits::MAX_TOKENS as u64;

/// Every scenario input, in the order of the URL. Ranges come from [`crate::limits`].
#[rustfmt::skip]
pub const FIELDS: [Spec; 30] = {
    use Field as F;
    [
        row(F::Benchmark, "b", "benchmark", Some("--benchmark"), "Benchmark claim", "", Bound::Text, ""),
        row(F::Model, "model", "model", Some("--model"), "Model", "", Bound::Id, ""),
        row(F::Gpu, "gpu", "gpu", Some("--gpu"), "GPU", "", Bound::Id, "h100"),
        row(F::Gpus, "n", "gpus", Some("--gpus"), "GPUs", "GPUs", whole(1, limits::MAX_GPUS as u64), "1"),
        row(F::Tp, "tp", "tp", Some("--tp"), "Tensor parallelism", "GPUs", whole(1, 64), ""),
        row(F::Weights, "w", "weights", Some("--weights"), "Weights", "", Bound::Id, ""),
        row(F::KvDtype, "kv", "kv_dtype", Some("--kv-dtype"), "KV cache", "", Bound::Id, ""),
        row(F::Runtime, "rt", "runtime", Some("--runtime"), "Runtime", "", Bound::Id, ""),
        row(F::MemFraction, "mem", "mem_fraction", Some("--mem-fraction"), "Memory fraction", "", number(0.05, 1.0), ""),
        row(F::PromptTokens, "pin", "prompt_tokens", Some("--prompt-tokens"), "Prompt tokens", "tokens", whole(1, MAX_TOKENS), "1800"),
        row(F::OutputTokens, "pout", "output_tokens", Some("--output-tokens"), "Output tokens", "tokens", whole(1, MAX_TOKENS), "400"),
        row(F::Concurrency, "c", "load.concurrency", Some("--concurrency"), "Concurrency", "requests in flight", whole(1, limits::MAX_CONCURRENCY as u64), "8"),
        row(F::Rate, "rate", "load.requests_per_s", Some("--rate"), "Request rate", "req/s", number(limits::MIN_RATE, limits::MAX_RATE), ""),
        row(F::Arrival, "arrival", "load.arrival", Some("--arrival"), "Arrivals", "", Bound::Choice(&["constant", "poisson", "gamma"]), "poisson"),
        row(F::Burstiness, "burst", "load.burstiness", Some("--burstiness"), "Burstiness", "1 = Poisson", number(limits::MIN_BURSTINESS, limits::MAX_BURSTINESS), "1"),
        row(F::Price, "price", "price_usd_per_gpu_hour", Some("--price"), "Price", "USD/GPU-h", number(0.0, limits::MAX_PRICE_USD_PER_GPU_HOUR), ""),
        row(F::BusyHours, "busy", "busy_hours", Some("--busy-hours"), "Busy hours", "h/day", number(limits::MIN_BUSY_HOURS, 24.0), "10"),
        row(F::PromptSd, "psd", "prompt_sd", Some("--prompt-sd"), "Prompt spread (sd)", "tokens", number(0.0, 1e7), ""),
        row(F::OutputSd, "osd", "output_sd", Some("--output-sd"), "Output spread (sd)", "tokens", number(0.0, 1e7), ""),
        row(F::Requests, "req", "requests", Some("--requests"), "Simulated requests", "", whole(1, limits::MAX_REQUESTS as u64), "2000"),
        row(F::Seed, "seed", "seed", Some("--seed"), "Seed", "", whole(0, u64::MAX), "1"),
        row(F::SloTtftMs, "sttft", "slo.ttft_ms", Some("--slo-ttft-ms"), "TTFT SLO", "ms", number(limits::MIN_SLO_MS, limits::MAX_SLO_MS), ""),
        row(F::SloTpotMs, "stpot", "slo.tpot_ms", Some("--slo-tpot-ms"), "TPOT SLO", "ms", number(limits::MIN_SLO_MS, limits::MAX_SLO_MS), ""),
        row(F::SloE2eMs, "se2e", "slo.e2e_ms", Some("--slo-e2e-ms"), "E2E SLO", "ms", number(limits::MIN_SLO_MS, limits::MAX_SLO_MS), ""),
        row(F::MaxNumSeqs, "mns", "max_num_seqs", Some("--max-num-seqs"), "max_num_seqs", "", whole(1, 65_536), ""),
        row(F::MaxBatchedTokens, "mbt", "max_batched_tokens", Some("--max-batched-tokens"), "max_num_batched_tokens", "tokens", whole(1, MAX_TOKENS), ""),
        row(F::BlockSize, "bs", "block_size", Some("--block-size"), "KV block size", "tokens", whole(1, 1024), ""),
        row(F::PrefixTokens, "prefix", "prefix_tokens", Some("--prefix-tokens"), "Shared prefix", "tokens", whole(0, MAX_TOKENS), ""),
        row(F::PromptPool, "pool", "prompt_pool", Some("--prompt-pool"), "Distinct prompts re-sent", "prompts", whole(1, MAX_TOKENS), ""),
        row(F::PriceTier, "tier", "price_tier", None, "Price preset", "", Bound::Choice(&["on_demand", "committed"]), "on_demand"),
    ]
};

impl Field {
    /// Its row of [`FIELDS`].
    #[must_use]
    pub fn spec(self) -> &'static Spec {
        FIELDS
            .iter()
            .find(|s| s.field == self)
            .expect("every field has a row in FIELDS (checked by a test)")
    }

    /// Its URL query key.
    #[must_use]
    pub fn key(self) -> &'static str {
        self.spec().key
    }

    /// Its path in the scenario's JSON (`load.concurrency`): the JS package's name for it.
    #[must_use]
    pub fn json_key(self) -> &'static str {
        self.spec().json
    }

    /// Its `benchfit estimate` flag, with the dashes (None where the CLI has none).
    #[must_use]
    pub fn flag(self) -> Option<&'static str> {
        self.spec().flag
    }

    /// Its label on the page.
    #[must_use]
    pub fn label(self) -> &'static str {
        self.spec().label
    }

    /// Its unit (empty for none).
    #[must_use]
    pub fn unit(self) -> &'static str {
        self.spec().unit
    }

    /// What it accepts.
    #[must_use]
    pub fn bound(self) -> Bound {
        self.spec().bound
    }

    /// The field of a URL key.
    #[must_use]
    pub fn from_key(key: &str) -> Option<Field> {
        FIELDS.iter().find(|s| s.key == key).map(|s| s.field)
    }

    /// The field of a CLI flag (`--prompt-tokens`).
    #[must_use]
    pub fn from_flag(flag: &str) -> Option<Field> {
        FIELDS
            .iter()
            .find(|s| s.flag == Some(flag))
            .map(|s| s.field)
    }

    /// What the input must be, as a sentence end (`must be a whole number from 1 to 64`).
    #[must_use]
    pub fn requirement(self) -> String {
        let unit = match self.unit() {
            "tokens" => " of tokens",
            "ms" => " of milliseconds",
            "req/s" => " of requests/s",
            "USD/GPU-h" => " of USD per GPU-hour",
            _ => "",
        };
        match self.bound() {
            Bound::Whole { min, max } => format!(
                "must be a whole number{unit} from {} to {}",
                grouped(min),
                grouped(max)
            ),
            Bound::Number { min, max } => format!(
                "must be a number{unit} from {} to {}",
                bound(min),
                bound(max)
            ),
            Bound::Id => "must be an id (letters, digits, '-', '.', '_', at most 64)".into(),
            Bound::Text => "must be text".into(),
            Bound::Choice(words) => format!("must be one of {}", words.join(", ")),
        }
    }

    /// The error of a value out of this input's range.
    #[must_use]
    pub fn out_of_range(self) -> InputError {
        InputError {
            field: self,
            reason: self.requirement(),
        }
    }

    /// Checks a whole number against the range.
    ///
    /// # Errors
    /// [`InputError`] with the range when it is outside, or the input is not a whole number.
    pub fn check_whole(self, v: u64) -> Result<u64, InputError> {
        match self.bound() {
            Bound::Whole { min, max } if (min..=max).contains(&v) => Ok(v),
            _ => Err(self.out_of_range()),
        }
    }

    /// Checks a number against the range (NaN and infinities are out of every range).
    ///
    /// # Errors
    /// [`InputError`] with the range when it is outside, or the input is not a number.
    pub fn check_number(self, v: f64) -> Result<f64, InputError> {
        match self.bound() {
            // `-0` is 0 (never a "$-0.00" price).
            Bound::Number { min, max } if v.is_finite() && (min..=max).contains(&v) => Ok(v + 0.0),
            _ => Err(self.out_of_range()),
        }
    }

    /// Parses and checks a whole number (surrounding space ignored).
    ///
    /// # Errors
    /// As [`Field::check_whole`].
    pub fn parse_whole(self, text: &str) -> Result<u64, InputError> {
        let v = text
            .trim()
            .parse::<u64>()
            .map_err(|_| self.out_of_range())?;
        self.check_whole(v)
    }

    /// Parses and checks a number (surrounding space ignored).
    ///
    /// # Errors
    /// As [`Field::check_number`].
    pub fn parse_number(self, text: &str) -> Result<f64, InputError> {
        let v = text
            .trim()
            .parse::<f64>()
            .map_err(|_| self.out_of_range())?;
        self.check_number(v)
    }
}

/// An input that is out of range, unknown or missing: the field and why. Displays with the
/// field's page label; [`InputError::with_name`] names it another way (the CLI's flag).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}: {reason}", field.label())]
pub struct InputError {
    /// The input.
    pub field: Field,
    /// Why, with the allowed range.
    pub reason: String,
}

impl InputError {
    /// The message with the field named by `name` (`e.with_name(|f| f.flag().unwrap_or(""))`).
    #[must_use]
    pub fn with_name(&self, name: impl Fn(Field) -> &'static str) -> String {
        format!("{}: {}", name(self.field), self.reason)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_has_one_row_and_unique_keys_and_flags() {
        for (i, s) in FIELDS.iter().enumerate() {
            assert_eq!(s.field.spec().key, s.key);
            for t in &FIELDS[i + 1..] {
                assert_ne!(s.field, t.field);
                assert_ne!(s.key, t.key);
                assert!(s.flag.is_none() || s.flag != t.flag, "{:?}", s.flag);
            }
            assert_eq!(Field::from_key(s.key), Some(s.field));
        }
    }

    /// Every JSON path names a key of the scenario's JSON (the load's under either loop).
    #[test]
    fn json_keys_are_paths_of_the_scenario_json() {
        use crate::input::{Arrival, Load, Scenario};
        let mut closed = Scenario::worked_example();
        closed.load = Load::Concurrency { concurrency: 8 };
        let mut open = closed.clone();
        open.load = Load::Rate {
            requests_per_s: 2.0,
            arrival: Arrival::Poisson,
            burstiness: 1.0,
        };
        let jsons = [
            serde_json::to_value(&closed).expect("serialises"),
            serde_json::to_value(&open).expect("serialises"),
        ];
        for s in &FIELDS {
            let found = jsons.iter().any(|v| {
                s.json
                    .split('.')
                    .try_fold(v, |node, k| node.get(k))
                    .is_some()
            });
            assert!(
                found,
                "{:?}: {} is not in the scenario's JSON",
                s.field, s.json
            );
        }
    }

    #[test]
    fn ranges_are_inclusive_and_reject_nan() {
        assert_eq!(Field::Tp.parse_whole("64"), Ok(64));
        assert!(Field::Tp.parse_whole("65").is_err());
        assert!(Field::Tp.parse_whole("0").is_err());
        assert!(Field::Tp.parse_whole("1.5").is_err());
        assert_eq!(Field::MemFraction.parse_number(" 0.05 "), Ok(0.05));
        assert!(Field::MemFraction.check_number(f64::NAN).is_err());
        assert_eq!(
            Field::Price.out_of_range().to_string(),
            "Price: must be a number of USD per GPU-hour from 0 to 1,000"
        );
        assert_eq!(
            Field::Seed.requirement(),
            "must be a whole number from 0 to 18,446,744,073,709,551,615"
        );
    }
}
