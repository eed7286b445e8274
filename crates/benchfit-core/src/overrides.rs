//! What the user corrected in the claim as read (the page's editable chips, the URL's `o.*`
//! keys). An edit wins over what the reader found; the field then carries an empty span (no
//! highlight: it was not read from the text).

use crate::claim::{Claim, FigureKind, Found, Span};
use serde::{Deserialize, Serialize};

/// User corrections of a claim's conditions. `None` keeps what was read.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct Overrides {
    /// Model id.
    pub model: Option<String>,
    /// GPU id.
    pub gpu: Option<String>,
    /// GPU count.
    pub gpu_count: Option<u32>,
    /// Batch size (or concurrency) of the benchmark.
    pub batch_size: Option<u32>,
    /// Prompt tokens.
    pub prompt_tokens: Option<u32>,
    /// Output tokens.
    pub output_tokens: Option<u32>,
    /// Weight dtype id.
    pub weight_dtype: Option<String>,
    /// Runtime id.
    pub runtime: Option<String>,
    /// What the headline figure counts: `output` or `total` tokens.
    pub metric: Option<MetricOverride>,
    /// The figure to take as the headline, by its `index` as read (`claim.figures[].index`);
    /// its attached settings replace the claim's, so the checklist and estimate follow it.
    /// Applied before the other corrections. An index the claim does not have is ignored.
    #[serde(default)]
    pub headline: Option<usize>,
}

/// Output or total tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum MetricOverride {
    /// Generated tokens per second.
    Output,
    /// Input + output tokens per second.
    Total,
}

const USER: Span = Span { start: 0, end: 0 };

fn set<T>(slot: &mut Option<Found<T>>, v: &Option<T>)
where
    T: Clone,
{
    if let Some(v) = v {
        *slot = Some(Found {
            value: v.clone(),
            span: USER,
        });
    }
}

impl Overrides {
    /// True when nothing is overridden.
    pub fn is_empty(&self) -> bool {
        *self == Overrides::default()
    }

    /// Applies the corrections to a claim as read.
    pub fn apply(&self, c: &mut Claim) {
        if let Some(i) = self.headline {
            if crate::claim::headline::choose(&mut c.figures, i) {
                let s = c.figures[0].settings.clone();
                let keep = |slot: &mut Option<Found<_>>, v: Option<Found<_>>| {
                    if v.is_some() {
                        *slot = v;
                    }
                };
                keep(&mut c.model, s.model);
                keep(&mut c.gpu, s.gpu);
                let keep_n = |slot: &mut Option<Found<u32>>, v: Option<Found<u32>>| {
                    if v.is_some() {
                        *slot = v;
                    }
                };
                keep_n(&mut c.gpu_count, s.gpu_count);
                keep_n(&mut c.tp, s.tp);
                if s.batch_size.is_some() || s.concurrency.is_some() {
                    c.batch_size = s.batch_size;
                    c.concurrency = s.concurrency;
                }
                keep_n(&mut c.prompt_tokens, s.prompt_tokens);
                keep_n(&mut c.output_tokens, s.output_tokens);
                keep(&mut c.weight_dtype, s.weight_dtype);
                keep(&mut c.runtime, s.runtime);
            }
        }
        set(&mut c.model, &self.model);
        set(&mut c.gpu, &self.gpu);
        set(&mut c.gpu_count, &self.gpu_count);
        if self.batch_size.is_some() {
            c.concurrency = None;
        }
        set(&mut c.batch_size, &self.batch_size);
        set(&mut c.prompt_tokens, &self.prompt_tokens);
        set(&mut c.output_tokens, &self.output_tokens);
        set(&mut c.weight_dtype, &self.weight_dtype);
        if self.runtime.is_some() {
            c.runtime_from_shape = false;
        }
        set(&mut c.runtime, &self.runtime);
        if let (Some(m), Some(h)) = (self.metric, c.figures.first_mut()) {
            if h.kind.is_throughput() && h.kind != FigureKind::ThroughputPerUser {
                h.kind = match m {
                    MetricOverride::Output => FigureKind::ThroughputOutput,
                    MetricOverride::Total => FigureKind::ThroughputTotal,
                };
            }
        }
    }

    /// `(key, value)` pairs for the URL (`o.model`, …), in a fixed order.
    pub fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let mut v = Vec::new();
        let mut push = |k: &'static str, x: Option<String>| {
            if let Some(x) = x {
                v.push((k, x));
            }
        };
        push("o.model", self.model.clone());
        push("o.gpu", self.gpu.clone());
        push("o.n", self.gpu_count.map(|n| n.to_string()));
        push("o.batch", self.batch_size.map(|n| n.to_string()));
        push("o.pin", self.prompt_tokens.map(|n| n.to_string()));
        push("o.pout", self.output_tokens.map(|n| n.to_string()));
        push("o.w", self.weight_dtype.clone());
        push("o.rt", self.runtime.clone());
        push("o.fig", self.headline.map(|n| n.to_string()));
        push(
            "o.metric",
            self.metric.map(|m| match m {
                MetricOverride::Output => "output".to_string(),
                MetricOverride::Total => "total".to_string(),
            }),
        );
        v
    }

    /// Sets one field from its URL key; Err(reason) for a bad value, Ok(false) for a key that is
    /// not an override.
    pub fn set_pair(&mut self, key: &str, value: &str) -> Result<bool, String> {
        let id = |v: &str| -> Result<Option<String>, String> {
            if v.is_empty() {
                Ok(None)
            } else if v.len() <= 64
                && v.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-._".contains(c))
            {
                Ok(Some(v.to_ascii_lowercase()))
            } else {
                Err("not an id (letters, digits, '-', '.', '_', at most 64)".into())
            }
        };
        let int = |v: &str, hi: u32| -> Result<Option<u32>, String> {
            if v.is_empty() {
                return Ok(None);
            }
            v.parse::<u32>()
                .ok()
                .filter(|n| (1..=hi).contains(n))
                .map(Some)
                .ok_or_else(|| format!("must be a whole number from 1 to {hi}"))
        };
        match key {
            "o.model" => self.model = id(value)?,
            "o.gpu" => self.gpu = id(value)?,
            "o.n" => self.gpu_count = int(value, crate::limits::MAX_GPUS)?,
            "o.batch" => self.batch_size = int(value, crate::limits::MAX_CONCURRENCY)?,
            "o.pin" => self.prompt_tokens = int(value, crate::limits::MAX_TOKENS)?,
            "o.pout" => self.output_tokens = int(value, crate::limits::MAX_TOKENS)?,
            "o.w" => self.weight_dtype = id(value)?,
            "o.rt" => self.runtime = id(value)?,
            "o.fig" => {
                self.headline = if value.is_empty() {
                    None
                } else {
                    Some(
                        value
                            .parse::<usize>()
                            .ok()
                            .filter(|n| *n < 1000)
                            .ok_or("must be a figure index from 0 to 999")?,
                    )
                }
            }
            "o.metric" => {
                self.metric = match value {
                    "" => None,
                    "output" => Some(MetricOverride::Output),
                    "total" => Some(MetricOverride::Total),
                    _ => return Err("must be output or total".into()),
                }
            }
            _ => return Ok(false),
        }
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::WORKED_EXAMPLE;

    #[test]
    fn edits_win_over_what_was_read() {
        let mut c = crate::claim::read(WORKED_EXAMPLE);
        let o = Overrides {
            gpu: Some("h100-pcie".into()),
            batch_size: Some(16),
            metric: Some(MetricOverride::Output),
            ..Default::default()
        };
        o.apply(&mut c);
        assert_eq!(c.gpu.as_ref().unwrap().value, "h100-pcie");
        assert_eq!(c.batch_size.as_ref().unwrap().value, 16);
        assert_eq!(c.headline().unwrap().kind, FigureKind::ThroughputOutput);
        // Not highlighted: the edited value was not read from the text.
        assert!(c.evidence().iter().all(|e| e.field != "gpu"));
    }

    #[test]
    fn a_headline_index_the_text_lacks_is_said_not_ignored() {
        // Two figures (0 and 1): a link asking for figure 5 keeps the headline as read and
        // says why.
        let text = "Llama 3 8B on one H100: 2,000 tok/s output at batch size 8. \
                    On two H100s we measured 3,500 tok/s output at batch size 64.";
        let o = Overrides {
            headline: Some(5),
            ..Default::default()
        };
        let r = crate::report::check_with(text, &o);
        let read = crate::claim::read(text);
        assert_eq!(read.figures.len(), 2);
        assert_eq!(
            r.claim.headline().unwrap().value,
            read.headline().unwrap().value
        );
        assert!(
            r.warnings
                .iter()
                .any(|w| w.contains("figure 5") && w.contains("figures 0 to 1")),
            "{:?}",
            r.warnings
        );
        // A valid choice warns of nothing.
        let ok = crate::report::check_with(
            text,
            &Overrides {
                headline: Some(1),
                ..Default::default()
            },
        );
        assert!(ok
            .warnings
            .iter()
            .all(|w| !w.contains("chosen as the headline")));
    }

    #[test]
    fn headline_override_takes_its_own_row() {
        // Two setups side by side: the reader heads with the first; the user picks the second,
        // whose own batch replaces the claim's, and the checklist follows.
        let text = "Llama 3 8B on one H100: 2,000 tok/s output at batch size 8. \
                    On two H100s we measured 3,500 tok/s output at batch size 64.";
        let read = crate::claim::read(text);
        let second = read
            .figures
            .iter()
            .find(|f| f.value == 3500.0)
            .unwrap()
            .index;
        let mut c = read.clone();
        Overrides {
            headline: Some(second),
            ..Default::default()
        }
        .apply(&mut c);
        assert_eq!(c.headline().unwrap().value, 3500.0);
        assert_eq!(c.batch_size.as_ref().unwrap().value, 64);
        assert!(c
            .headline()
            .unwrap()
            .headline_reason
            .contains("chosen by the user"));
        let r = crate::report::check_with(
            text,
            &Overrides {
                headline: Some(second),
                ..Default::default()
            },
        );
        assert_eq!(r.checklist[0].value.as_deref(), Some("batch 64"));
        // An index the claim does not have changes nothing.
        let mut d = read.clone();
        Overrides {
            headline: Some(999),
            ..Default::default()
        }
        .apply(&mut d);
        assert_eq!(d, read);
    }

    #[test]
    fn url_pairs_round_trip() {
        let o = Overrides {
            model: Some("llama-3.1-70b".into()),
            gpu_count: Some(8),
            metric: Some(MetricOverride::Total),
            headline: Some(2),
            ..Default::default()
        };
        let mut back = Overrides::default();
        for (k, v) in o.to_pairs() {
            assert_eq!(back.set_pair(k, &v), Ok(true));
        }
        assert_eq!(back, o);
        assert!(back.set_pair("o.n", "0").is_err());
        assert!(back.set_pair("o.metric", "<b>").is_err());
        assert!(back.set_pair("o.fig", "-1").is_err());
        assert_eq!(back.set_pair("c", "3"), Ok(false));
    }
}
