//! The form as typed (raw strings) and its parse into a [`Scenario`]: pure, tested natively.

use benchfit_core::catalog::PriceTier;
use benchfit_core::input::Slo;
use benchfit_core::input::{Arrival, Load, Scenario};
use benchfit_core::limits;

/// Every input as the user typed it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Form {
    /// Benchmark claim text.
    pub benchmark: String,
    /// Model id or "" for the claim's.
    pub model: String,
    /// GPU id or "" for the claim's.
    pub gpu: String,
    /// GPU count.
    pub gpus: String,
    /// Weight dtype id or "".
    pub weights: String,
    /// KV dtype id or "".
    pub kv_dtype: String,
    /// Runtime id or "".
    pub runtime: String,
    /// Prompt tokens.
    pub prompt_tokens: String,
    /// Output tokens.
    pub output_tokens: String,
    /// `concurrency` or `rate`.
    pub mode: String,
    /// Concurrency.
    pub concurrency: String,
    /// Request rate, requests per second.
    pub rate: String,
    /// `constant`, `poisson` or `gamma`.
    pub arrival: String,
    /// Gamma burstiness.
    pub burstiness: String,
    /// Prompt length spread (sd, tokens), "" = fixed.
    pub prompt_sd: String,
    /// Output length spread (sd, tokens), "" = fixed.
    pub output_sd: String,
    /// p95 TTFT SLO, ms, "" = none.
    pub slo_ttft: String,
    /// p95 TPOT SLO, ms, "" = none.
    pub slo_tpot: String,
    /// Price, USD per GPU-hour, or "" for the preset.
    pub price: String,
    /// Busy hours per day.
    pub busy_hours: String,
    /// `on_demand` or `committed`: which preset price applies when `price` is empty.
    pub price_tier: String,
    /// Fields the form does not show, carried from the URL.
    pub hidden: Hidden,
}

/// Scenario fields the page carries but does not edit (they come from a shared URL).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Hidden {
    /// GPUs per TP group.
    pub tp: Option<u32>,
    /// Memory fraction.
    pub mem_fraction: Option<f64>,
    /// Simulated requests.
    pub requests: u32,
    /// Seed.
    pub seed: u64,
    /// E2E SLO, ms.
    pub slo_e2e: Option<f64>,
    /// Engine max_num_seqs.
    pub max_num_seqs: Option<u32>,
    /// Engine max_num_batched_tokens.
    pub max_batched_tokens: Option<u32>,
    /// Block size.
    pub block_size: Option<u32>,
    /// Shared prefix tokens.
    pub prefix_tokens: Option<u32>,
    /// Distinct prompts re-sent (prefix cache).
    pub prompt_pool: Option<u32>,
    /// Corrections of the claim as read (edited in the chips).
    pub overrides: benchfit_core::overrides::Overrides,
}

/// One invalid field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    /// The field (`prompt_tokens`).
    pub field: &'static str,
    /// What is wrong, with the allowed range.
    pub message: String,
}

fn opt(s: &str) -> Option<String> {
    let t = s.trim();
    (!t.is_empty()).then(|| t.to_ascii_lowercase())
}

fn fmt_f(v: f64) -> String {
    format!("{v}")
}

/// Collects field errors while parsing.
#[derive(Default)]
struct Parser {
    errors: Vec<FieldError>,
}

impl Parser {
    fn fail(&mut self, field: &'static str, message: String) {
        self.errors.push(FieldError { field, message });
    }

    fn int(&mut self, field: &'static str, raw: &str, lo: u32, hi: u32, what: &str) -> Option<u32> {
        match raw.trim().replace([',', '_', ' '], "").parse::<u32>() {
            Ok(n) if (lo..=hi).contains(&n) => Some(n),
            _ => {
                let hi = benchfit_core::format::thousands(hi as f64);
                self.fail(
                    field,
                    format!("{what} must be a whole number from {lo} to {hi}"),
                );
                None
            }
        }
    }

    fn float(
        &mut self,
        field: &'static str,
        raw: &str,
        lo: f64,
        hi: f64,
        what: &str,
    ) -> Option<f64> {
        match raw.trim().replace(['$', ','], "").parse::<f64>() {
            Ok(v) if v.is_finite() && v >= lo && v <= hi => Some(v),
            _ => {
                self.fail(field, format!("{what} must be a number from {lo} to {hi}"));
                None
            }
        }
    }

    /// Empty means "not set"; anything else must parse.
    fn optional(
        &mut self,
        field: &'static str,
        raw: &str,
        lo: f64,
        hi: f64,
        what: &str,
    ) -> Option<Option<f64>> {
        if raw.trim().is_empty() {
            Some(None)
        } else {
            self.float(field, raw, lo, hi, what).map(Some)
        }
    }
}

impl Form {
    /// The form showing a scenario.
    pub fn from_scenario(s: &Scenario) -> Self {
        let (mode, concurrency, rate, arrival, burstiness) = match s.load {
            Load::Concurrency { concurrency } => (
                "concurrency",
                concurrency.to_string(),
                "1".to_string(),
                "poisson",
                "1".to_string(),
            ),
            Load::Rate {
                requests_per_s,
                arrival,
                burstiness,
            } => (
                "rate",
                "8".to_string(),
                fmt_f(requests_per_s),
                match arrival {
                    Arrival::Constant => "constant",
                    Arrival::Poisson => "poisson",
                    Arrival::Gamma => "gamma",
                },
                fmt_f(burstiness),
            ),
        };
        Form {
            benchmark: s.benchmark.clone(),
            model: s.model.clone().unwrap_or_default(),
            gpu: s.gpu.clone().unwrap_or_default(),
            gpus: s.gpus.map(|n| n.to_string()).unwrap_or_default(),
            weights: s.weights.clone().unwrap_or_default(),
            kv_dtype: s.kv_dtype.clone().unwrap_or_default(),
            runtime: s.runtime.clone().unwrap_or_default(),
            prompt_tokens: s.prompt_tokens.to_string(),
            output_tokens: s.output_tokens.to_string(),
            mode: mode.into(),
            concurrency,
            rate,
            arrival: arrival.into(),
            burstiness,
            prompt_sd: s.prompt_sd.map(fmt_f).unwrap_or_default(),
            output_sd: s.output_sd.map(fmt_f).unwrap_or_default(),
            slo_ttft: s.slo.ttft_ms.map(fmt_f).unwrap_or_default(),
            slo_tpot: s.slo.tpot_ms.map(fmt_f).unwrap_or_default(),
            price: s.price_usd_per_gpu_hour.map(fmt_f).unwrap_or_default(),
            busy_hours: fmt_f(s.busy_hours),
            price_tier: match s.price_tier {
                PriceTier::Committed => "committed".into(),
                PriceTier::OnDemand => "on_demand".into(),
            },
            hidden: Hidden {
                tp: s.tp,
                mem_fraction: s.mem_fraction,
                requests: s.requests,
                seed: s.seed,
                slo_e2e: s.slo.e2e_ms,
                max_num_seqs: s.max_num_seqs,
                max_batched_tokens: s.max_batched_tokens,
                block_size: s.block_size,
                prefix_tokens: s.prefix_tokens,
                prompt_pool: s.prompt_pool,
                overrides: s.claim_overrides.clone(),
            },
        }
    }

    /// Parses the form. Every invalid field is reported (not just the first).
    pub fn parse(&self) -> Result<Scenario, Vec<FieldError>> {
        let mut p = Parser::default();
        let prompt = p.int(
            "prompt_tokens",
            &self.prompt_tokens,
            1,
            limits::MAX_TOKENS,
            "Prompt tokens",
        );
        let output = p.int(
            "output_tokens",
            &self.output_tokens,
            1,
            limits::MAX_TOKENS,
            "Output tokens",
        );
        let load = if self.mode == "rate" {
            let rate = p.float("rate", &self.rate, 0.000001, 1e6, "Request rate");
            let burst = p.float("burstiness", &self.burstiness, 0.01, 100.0, "Burstiness");
            let arrival = match self.arrival.as_str() {
                "constant" => Arrival::Constant,
                "gamma" => Arrival::Gamma,
                _ => Arrival::Poisson,
            };
            rate.zip(burst).map(|(r, b)| Load::Rate {
                requests_per_s: r,
                arrival,
                burstiness: b,
            })
        } else {
            p.int(
                "concurrency",
                &self.concurrency,
                1,
                limits::MAX_CONCURRENCY,
                "Concurrency",
            )
            .map(|c| Load::Concurrency { concurrency: c })
        };
        let gpus = if self.gpus.trim().is_empty() {
            Some(None)
        } else {
            p.int("gpus", &self.gpus, 1, limits::MAX_GPUS, "GPU count")
                .map(Some)
        };
        let price = p.optional(
            "price",
            &self.price,
            0.0,
            limits::MAX_PRICE_USD_PER_GPU_HOUR,
            "Price per GPU-hour",
        );
        let busy = p.float(
            "busy_hours",
            &self.busy_hours,
            0.1,
            24.0,
            "Busy hours per day",
        );
        let prompt_sd = p.optional("prompt_sd", &self.prompt_sd, 0.0, 1e7, "Prompt spread");
        let output_sd = p.optional("output_sd", &self.output_sd, 0.0, 1e7, "Output spread");
        let slo_ttft = p.optional("slo_ttft", &self.slo_ttft, 0.001, 1e9, "TTFT SLO");
        let slo_tpot = p.optional("slo_tpot", &self.slo_tpot, 0.001, 1e9, "TPOT SLO");
        if !p.errors.is_empty() {
            return Err(p.errors);
        }
        let (Some(prompt), Some(output), Some(load), Some(gpus), Some(price), Some(busy)) =
            (prompt, output, load, gpus, price, busy)
        else {
            return Err(p.errors);
        };
        let (Some(prompt_sd), Some(output_sd), Some(slo_ttft), Some(slo_tpot)) =
            (prompt_sd, output_sd, slo_ttft, slo_tpot)
        else {
            return Err(p.errors);
        };
        Ok(Scenario {
            benchmark: self.benchmark.clone(),
            model: opt(&self.model),
            gpu: opt(&self.gpu),
            gpus,
            tp: self.hidden.tp,
            weights: opt(&self.weights),
            kv_dtype: opt(&self.kv_dtype),
            runtime: opt(&self.runtime),
            mem_fraction: self.hidden.mem_fraction,
            prompt_tokens: prompt,
            output_tokens: output,
            load,
            price_usd_per_gpu_hour: price,
            busy_hours: busy,
            prompt_sd,
            output_sd,
            requests: self.hidden.requests.max(1),
            seed: self.hidden.seed,
            slo: Slo {
                ttft_ms: slo_ttft,
                tpot_ms: slo_tpot,
                e2e_ms: self.hidden.slo_e2e,
            },
            max_num_seqs: self.hidden.max_num_seqs,
            max_batched_tokens: self.hidden.max_batched_tokens,
            block_size: self.hidden.block_size,
            prefix_tokens: self.hidden.prefix_tokens,
            prompt_pool: self.hidden.prompt_pool,
            claim_overrides: self.hidden.overrides.clone(),
            price_tier: if self.price_tier == "committed" {
                PriceTier::Committed
            } else {
                PriceTier::OnDemand
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn worked_example_round_trips_through_the_form() {
        let s = Scenario::worked_example();
        assert_eq!(Form::from_scenario(&s).parse().unwrap(), s);
        let mut r = s.clone();
        r.load = Load::Rate {
            requests_per_s: 0.5,
            arrival: Arrival::Gamma,
            burstiness: 0.5,
        };
        r.slo.tpot_ms = Some(40.0);
        r.prompt_sd = Some(600.0);
        r.max_num_seqs = Some(64);
        assert_eq!(Form::from_scenario(&r).parse().unwrap(), r);
    }

    #[test]
    fn every_bad_field_is_reported() {
        let mut f = Form::from_scenario(&Scenario::worked_example());
        f.prompt_tokens = "-5".into();
        f.concurrency = "lots".into();
        f.price = "NaN".into();
        f.busy_hours = "25".into();
        f.slo_tpot = "fast".into();
        let fields: Vec<_> = f
            .parse()
            .unwrap_err()
            .into_iter()
            .map(|e| e.field)
            .collect();
        assert_eq!(
            fields,
            vec![
                "prompt_tokens",
                "concurrency",
                "price",
                "busy_hours",
                "slo_tpot"
            ]
        );
    }

    #[test]
    fn separators_are_accepted() {
        let mut f = Form::from_scenario(&Scenario::worked_example());
        f.prompt_tokens = "1,800".into();
        f.price = "$2.50".into();
        let s = f.parse().unwrap();
        assert_eq!(
            (s.prompt_tokens, s.price_usd_per_gpu_hour),
            (1800, Some(2.5))
        );
    }
}
