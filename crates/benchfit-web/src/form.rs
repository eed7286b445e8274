//! The form as typed (raw strings) and its parse into a [`Scenario`]: pure, tested natively.

use benchfit_core::catalog::PriceTier;
use benchfit_core::input::Slo;
use benchfit_core::input::{Arrival, Load, Scenario};
use benchfit_core::input::{Field as Input, InputError};

use crate::state::Field;

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
    /// Prompt tokens every request shares (a cached system prompt), "" = none.
    pub prefix_tokens: String,
    /// Distinct prompts the traffic re-sends (prefix cache), "" = every prompt new.
    pub prompt_pool: String,
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
    /// Corrections of the claim as read (edited in the chips).
    pub overrides: benchfit_core::overrides::Overrides,
}

/// One invalid field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    /// The field's key: its URL key for a scenario input (`pin`), `o.<name>` for an override.
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

/// The core's input behind a numeric form field (None for the text and choice fields). Its
/// label, range and message come from the core's table (`benchfit_core::input::FIELDS`), the
/// same the URL codec and the CLI check against.
fn input(field: Field) -> Option<Input> {
    Some(match field {
        Field::PromptTokens => Input::PromptTokens,
        Field::OutputTokens => Input::OutputTokens,
        Field::Concurrency => Input::Concurrency,
        Field::Gpus => Input::Gpus,
        Field::Rate => Input::Rate,
        Field::Burstiness => Input::Burstiness,
        Field::Price => Input::Price,
        Field::BusyHours => Input::BusyHours,
        Field::PromptSd => Input::PromptSd,
        Field::OutputSd => Input::OutputSd,
        Field::PrefixTokens => Input::PrefixTokens,
        Field::PromptPool => Input::PromptPool,
        Field::SloTtft => Input::SloTtftMs,
        Field::SloTpot => Input::SloTpotMs,
        Field::Benchmark
        | Field::Model
        | Field::Gpu
        | Field::Weights
        | Field::KvDtype
        | Field::Runtime
        | Field::Mode
        | Field::Arrival
        | Field::PriceTier => return None,
    })
}

/// The error key of a numeric field (its URL key, `pin`), for the view to find its message.
pub fn error_key(field: Field) -> &'static str {
    input(field).map_or("", Input::key)
}

/// The text as typed, without the separators the page accepts (`,` `_` spaces, and `$`).
fn cleaned(raw: &str) -> String {
    let t = raw.trim().replace(['_', ' ', '$'], "");
    // A comma is a thousands separator only between a digit and three digits that end the
    // number's whole part (`1,500`, `12,345.5`); `1,5` is no number here (a decimal comma is
    // not read as 15, it is refused).
    let b = t.as_bytes();
    let separators = b
        .iter()
        .enumerate()
        .filter(|(_, &c)| c == b',')
        .all(|(i, _)| {
            i > 0
                && b[i - 1].is_ascii_digit()
                && b.len() >= i + 4
                && b[i + 1..i + 4].iter().all(u8::is_ascii_digit)
                && b.get(i + 4).is_none_or(|c| !c.is_ascii_digit())
        });
    if separators {
        t.replace(',', "")
    } else {
        t
    }
}

/// Collects field errors while parsing.
#[derive(Default)]
struct Parser {
    errors: Vec<FieldError>,
}

impl Parser {
    /// The value, or None with the error (the core's message, naming the field by its label).
    fn record<T>(&mut self, r: Result<T, InputError>) -> Option<T> {
        r.map_err(|e| {
            self.errors.push(FieldError {
                field: e.field.key(),
                message: e.to_string(),
            });
        })
        .ok()
    }

    fn number(&mut self, field: Field, raw: &str) -> Option<f64> {
        let input = input(field)?;
        self.record(input.parse_number(&cleaned(raw)))
    }

    /// A whole-number field.
    fn int(&mut self, field: Field, raw: &str) -> Option<u32> {
        let input = input(field)?;
        let r = input
            .parse_whole(&cleaned(raw))
            .and_then(|v| u32::try_from(v).map_err(|_| input.out_of_range()));
        self.record(r)
    }

    /// A whole-number field where empty means "not set".
    fn optional_int(&mut self, field: Field, raw: &str) -> Option<Option<u32>> {
        if raw.trim().is_empty() {
            Some(None)
        } else {
            self.int(field, raw).map(Some)
        }
    }

    /// Empty means "not set"; anything else must parse.
    fn optional(&mut self, field: Field, raw: &str) -> Option<Option<f64>> {
        if raw.trim().is_empty() {
            Some(None)
        } else {
            self.number(field, raw).map(Some)
        }
    }
}

/// The form's slot of each [`Field`] (one list for [`Form::slot`] and [`Form::get`]).
macro_rules! slots {
    ($form:ident, $field:expr, $($borrow:tt)+) => {
        match $field {
            Field::Benchmark => $($borrow)+ $form.benchmark,
            Field::Model => $($borrow)+ $form.model,
            Field::Gpu => $($borrow)+ $form.gpu,
            Field::Gpus => $($borrow)+ $form.gpus,
            Field::Weights => $($borrow)+ $form.weights,
            Field::KvDtype => $($borrow)+ $form.kv_dtype,
            Field::Runtime => $($borrow)+ $form.runtime,
            Field::PromptTokens => $($borrow)+ $form.prompt_tokens,
            Field::OutputTokens => $($borrow)+ $form.output_tokens,
            Field::Concurrency => $($borrow)+ $form.concurrency,
            Field::Price => $($borrow)+ $form.price,
            Field::BusyHours => $($borrow)+ $form.busy_hours,
            Field::Mode => $($borrow)+ $form.mode,
            Field::Rate => $($borrow)+ $form.rate,
            Field::Arrival => $($borrow)+ $form.arrival,
            Field::Burstiness => $($borrow)+ $form.burstiness,
            Field::PromptSd => $($borrow)+ $form.prompt_sd,
            Field::OutputSd => $($borrow)+ $form.output_sd,
            Field::PrefixTokens => $($borrow)+ $form.prefix_tokens,
            Field::PromptPool => $($borrow)+ $form.prompt_pool,
            Field::SloTtft => $($borrow)+ $form.slo_ttft,
            Field::SloTpot => $($borrow)+ $form.slo_tpot,
            Field::PriceTier => $($borrow)+ $form.price_tier,
        }
    };
}

impl Form {
    /// The text slot of a field.
    pub fn slot(&mut self, field: Field) -> &mut String {
        slots!(self, field, &mut)
    }

    /// The text of a field, as typed.
    pub fn get(&self, field: Field) -> &str {
        slots!(self, field, &)
    }

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
            prefix_tokens: s.prefix_tokens.map(|n| n.to_string()).unwrap_or_default(),
            prompt_pool: s.prompt_pool.map(|n| n.to_string()).unwrap_or_default(),
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
                overrides: s.claim_overrides.clone(),
            },
        }
    }

    /// Parses the form. Every invalid field is reported (not just the first).
    pub fn parse(&self) -> Result<Scenario, Vec<FieldError>> {
        let mut p = Parser::default();
        let prompt = p.int(Field::PromptTokens, &self.prompt_tokens);
        let output = p.int(Field::OutputTokens, &self.output_tokens);
        let load = self.load(&mut p);
        let gpus = if self.gpus.trim().is_empty() {
            Some(None)
        } else {
            p.int(Field::Gpus, &self.gpus).map(Some)
        };
        let price = p.optional(Field::Price, &self.price);
        let busy = p.number(Field::BusyHours, &self.busy_hours);
        let prompt_sd = p.optional(Field::PromptSd, &self.prompt_sd);
        let output_sd = p.optional(Field::OutputSd, &self.output_sd);
        let slo_ttft = p.optional(Field::SloTtft, &self.slo_ttft);
        let slo_tpot = p.optional(Field::SloTpot, &self.slo_tpot);
        let prefix_tokens = p.optional_int(Field::PrefixTokens, &self.prefix_tokens);
        let prompt_pool = p.optional_int(Field::PromptPool, &self.prompt_pool);
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
        let (Some(prefix_tokens), Some(prompt_pool)) = (prefix_tokens, prompt_pool) else {
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
            prefix_tokens,
            prompt_pool,
            claim_overrides: self.hidden.overrides.clone(),
            price_tier: if self.price_tier == "committed" {
                PriceTier::Committed
            } else {
                PriceTier::OnDemand
            },
        })
    }

    /// The load: a rate with its arrival process and burstiness, or a concurrency (each
    /// number's error reported in `p`).
    fn load(&self, p: &mut Parser) -> Option<Load> {
        if self.mode == "rate" {
            let rate = p.number(Field::Rate, &self.rate);
            let burst = p.number(Field::Burstiness, &self.burstiness);
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
            p.int(Field::Concurrency, &self.concurrency)
                .map(|c| Load::Concurrency { concurrency: c })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commas_are_thousands_separators_only() {
        assert_eq!(cleaned(" 1,500 "), "1500");
        assert_eq!(cleaned("$12,345.5"), "12345.5");
        assert_eq!(cleaned("1,234,567"), "1234567");
        // A decimal comma is kept, so the field refuses it rather than reading 15.
        assert_eq!(cleaned("1,5"), "1,5");
        assert_eq!(cleaned("1,5000"), "1,5000");
        assert_eq!(cleaned(",500"), ",500");
        let price = input(Field::Price).expect("price is a form field");
        assert!(price.parse_number(&cleaned("1,5")).is_err());
        assert_eq!(price.parse_number(&cleaned("1,000")), Ok(1000.0));
        // `-0` is a price of 0, never shown as "$-0.00".
        let zero = price.parse_number(&cleaned("-0")).expect("-0 is 0");
        assert!(zero == 0.0 && zero.is_sign_positive());
    }

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
    fn prompt_reuse_is_a_form_field() {
        let mut s = Scenario::worked_example();
        s.prefix_tokens = Some(500);
        s.prompt_pool = Some(100);
        let f = Form::from_scenario(&s);
        assert_eq!(
            (f.prefix_tokens.as_str(), f.prompt_pool.as_str()),
            ("500", "100")
        );
        assert_eq!(f.parse().unwrap(), s);
        // Empty means none; a pool of 0 prompts is refused with the core's range.
        let mut g = f.clone();
        g.prefix_tokens.clear();
        g.prompt_pool = "0".into();
        let e = g.parse().unwrap_err();
        assert_eq!(e.len(), 1);
        assert_eq!(e[0].field, "pool");
        assert!(
            e[0].message.starts_with("Distinct prompts re-sent:"),
            "{}",
            e[0].message
        );
        g.prompt_pool.clear();
        let parsed = g.parse().unwrap();
        assert_eq!((parsed.prefix_tokens, parsed.prompt_pool), (None, None));
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
        assert_eq!(fields, vec!["pin", "c", "price", "busy", "stpot"]);
        // The messages are the core's table's: the page label, the reason and the range.
        let e = f.parse().unwrap_err();
        assert_eq!(
            e[0].message,
            "Prompt tokens: must be a whole number of tokens from 1 to 10,000,000"
        );
        assert_eq!(e[3].message, "Busy hours: must be a number from 0.1 to 24");
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
