//! The form as typed (raw strings) and its parse into a [`Scenario`]: pure, tested natively.

use benchfit_core::limits;
use benchfit_core::scenario::{Load, Scenario};

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
    /// Concurrency.
    pub concurrency: String,
    /// Price, USD per GPU-hour, or "" for the preset.
    pub price: String,
    /// Busy hours per day.
    pub busy_hours: String,
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
    let s = format!("{v}");
    s
}

impl Form {
    /// The form showing a scenario.
    pub fn from_scenario(s: &Scenario) -> Self {
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
            concurrency: match s.load {
                Load::Concurrency { concurrency } => concurrency.to_string(),
                Load::Rate { .. } => "8".into(),
            },
            price: s.price_usd_per_gpu_hour.map(fmt_f).unwrap_or_default(),
            busy_hours: fmt_f(s.busy_hours),
        }
    }

    /// Parses the form. Every invalid field is reported (not just the first).
    pub fn parse(&self) -> Result<Scenario, Vec<FieldError>> {
        let mut errors = Vec::new();
        let mut int =
            |field: &'static str, raw: &str, lo: u32, hi: u32, what: &str| -> Option<u32> {
                let t = raw.trim().replace([',', '_', ' '], "");
                match t.parse::<u32>() {
                    Ok(n) if (lo..=hi).contains(&n) => Some(n),
                    _ => {
                        errors.push(FieldError {
                            field,
                            message: format!(
                                "{what} must be a whole number from {lo} to {}",
                                benchfit_core::format::thousands(hi as f64)
                            ),
                        });
                        None
                    }
                }
            };
        let prompt = int(
            "prompt_tokens",
            &self.prompt_tokens,
            1,
            limits::MAX_TOKENS,
            "Prompt tokens",
        );
        let output = int(
            "output_tokens",
            &self.output_tokens,
            1,
            limits::MAX_TOKENS,
            "Output tokens",
        );
        let conc = int(
            "concurrency",
            &self.concurrency,
            1,
            limits::MAX_CONCURRENCY,
            "Concurrency",
        );
        let gpus = if self.gpus.trim().is_empty() {
            Some(None)
        } else {
            int("gpus", &self.gpus, 1, limits::MAX_GPUS, "GPU count").map(Some)
        };
        let mut float =
            |field: &'static str, raw: &str, lo: f64, hi: f64, what: &str| -> Option<f64> {
                match raw.trim().replace(['$', ','], "").parse::<f64>() {
                    Ok(v) if v.is_finite() && v >= lo && v <= hi => Some(v),
                    _ => {
                        errors.push(FieldError {
                            field,
                            message: format!("{what} must be a number from {lo} to {hi}"),
                        });
                        None
                    }
                }
            };
        let price = if self.price.trim().is_empty() {
            Some(None)
        } else {
            float(
                "price",
                &self.price,
                0.0,
                limits::MAX_PRICE_USD_PER_GPU_HOUR,
                "Price per GPU-hour",
            )
            .map(Some)
        };
        let busy = float(
            "busy_hours",
            &self.busy_hours,
            0.1,
            24.0,
            "Busy hours per day",
        );
        match (prompt, output, conc, gpus, price, busy) {
            (Some(p), Some(o), Some(c), Some(g), Some(pr), Some(b)) if errors.is_empty() => {
                Ok(Scenario {
                    benchmark: self.benchmark.clone(),
                    model: opt(&self.model),
                    gpu: opt(&self.gpu),
                    gpus: g,
                    tp: None,
                    weights: opt(&self.weights),
                    kv_dtype: opt(&self.kv_dtype),
                    runtime: opt(&self.runtime),
                    mem_fraction: None,
                    prompt_tokens: p,
                    output_tokens: o,
                    load: Load::Concurrency { concurrency: c },
                    price_usd_per_gpu_hour: pr,
                    busy_hours: b,
                })
            }
            _ => Err(errors),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn worked_example_round_trips_through_the_form() {
        let s = Scenario::worked_example();
        assert_eq!(Form::from_scenario(&s).parse().unwrap(), s);
    }

    #[test]
    fn every_bad_field_is_reported() {
        let mut f = Form::from_scenario(&Scenario::worked_example());
        f.prompt_tokens = "-5".into();
        f.concurrency = "lots".into();
        f.price = "NaN".into();
        f.busy_hours = "25".into();
        let fields: Vec<_> = f
            .parse()
            .unwrap_err()
            .into_iter()
            .map(|e| e.field)
            .collect();
        assert_eq!(
            fields,
            vec!["prompt_tokens", "concurrency", "price", "busy_hours"]
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
