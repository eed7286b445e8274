//! Where the time goes: the engine's own request-phase histograms, prefix-cache counters and
//! preemptions over one stage, beside what the client measured in the same stage.
//!
//! `benchfit measure` reads the engine's Prometheus `/metrics` just before and just after each
//! stage; the difference of each cumulative series (a histogram's `_sum` and `_count`, a
//! counter) covers the requests the engine finished in between. This module is the pure part:
//! two [`EngineCounters`] (what one scrape said) and the client's side in, an [`EngineTime`]
//! out. Which series each runtime exports, and under which name, is the CLI's reader's business
//! (`benchfit-cli/src/measure/metrics.rs`, with the sources it was taken from).
//!
//! The TTFT split: the engine's mean queue time (arrival in the engine's waiting queue → first
//! scheduled) and mean prefill time (first scheduled → first token), and the rest of the
//! client's mean TTFT: HTTP, tokenisation, the API server, the network, detokenisation and the
//! delivery of the first token. The rest is never clamped: when the engine's parts exceed the
//! client's TTFT (other clients' requests in the engine's means, or requests the engine finished
//! outside the window) it is left out and a note says by how much.
//!
//! Pure: numbers in, numbers out.

use super::Measurement;
use serde::{Deserialize, Serialize};

/// A histogram's (or a time counter's) running totals at one scrape.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Totals {
    /// Sum of the observed values, seconds (a histogram's `_sum`, or a counter of seconds).
    pub sum_s: f64,
    /// Observations (a histogram's `_count`); None for a counter of seconds that counts no
    /// requests (llama.cpp's `prompt_seconds_total`).
    pub count: Option<f64>,
}

/// The cumulative engine series of one `/metrics` scrape that [`engine_time`] reads; None where
/// the engine exports no such series.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct EngineCounters {
    /// Runtime id (DESIGN §5.2): `vllm`, `sglang`, `tgi`, `llama.cpp`.
    pub runtime: Option<String>,
    /// Time each request waited in the engine's queue before it was first scheduled.
    pub queue: Option<Totals>,
    /// Time from first scheduled to the first token.
    pub prefill: Option<Totals>,
    /// Time from the first token to the last.
    pub decode: Option<Totals>,
    /// Time from first scheduled to the last token (prefill + decode).
    pub inference: Option<Totals>,
    /// Prompt tokens served from the prefix cache.
    pub cache_hit_tokens: Option<f64>,
    /// Prompt tokens looked up in the prefix cache (the denominator of the hit rate).
    pub cache_query_tokens: Option<f64>,
    /// Preemptions (vLLM) or retractions (SGLang): a running request's KV blocks taken back.
    pub preemptions: Option<f64>,
    /// The metric names these values were read from.
    pub metrics: Vec<String>,
}

/// What the client measured over the same stage.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ClientSide {
    /// Requests of the stage that completed (the divisor where the engine counts no requests).
    pub completed: u64,
    /// Mean TTFT of those requests, ms.
    pub ttft_mean_ms: Option<f64>,
}

/// The client's mean TTFT split into the engine's queue and prefill and the rest.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct TtftSplit {
    /// Mean TTFT the client measured over the stage's completed requests, ms.
    pub measured_ms: f64,
    /// The engine's mean queue time, ms (None where it exports none).
    pub queue_ms: Option<f64>,
    /// The engine's mean prefill time, ms (None where it exports none).
    pub prefill_ms: Option<f64>,
    /// `measured_ms − queue_ms − prefill_ms` (a part the engine does not export counts 0, so
    /// it is in here): HTTP, tokenisation, the network, delivery. None when negative (the
    /// stage's `notes` say by how much).
    pub rest_ms: Option<f64>,
}

/// Prefix-cache use over a stage, in prompt tokens.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PrefixCacheUse {
    /// Prompt tokens served from the cache.
    pub hit_tokens: f64,
    /// Prompt tokens looked up.
    pub query_tokens: f64,
    /// `hit_tokens / query_tokens` (0–1).
    pub hit_rate: f64,
}

/// Where the time went in one stage, from the engine's own series (the `engine_time` section
/// of the measurement file; absent where the server exported none of them).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EngineTime {
    /// The stage (an index into `stages`); None in a single-stage file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stage: Option<u32>,
    /// Runtime id the series belong to.
    pub runtime: String,
    /// The scrape before the stage, ms after the run's start.
    pub from_ms: f64,
    /// The scrape after it, ms after the run's start.
    pub to_ms: f64,
    /// Requests the engine finished between the two scrapes (a phase histogram's count); None
    /// where it counts none (llama.cpp).
    pub engine_requests: Option<f64>,
    /// Requests of the stage benchfit saw complete.
    pub client_requests: u64,
    /// Mean time a request waited in the engine's queue, ms.
    pub queue_ms: Option<f64>,
    /// Mean prefill time (first scheduled → first token), ms.
    pub prefill_ms: Option<f64>,
    /// Mean decode time (first token → last), ms.
    pub decode_ms: Option<f64>,
    /// Mean inference time (first scheduled → last token), ms.
    pub inference_ms: Option<f64>,
    /// The client's mean TTFT split into queue, prefill and the rest (None without a TTFT or
    /// without either engine part).
    pub ttft: Option<TtftSplit>,
    /// Prefix-cache hits over queries, in prompt tokens.
    pub prefix_cache: Option<PrefixCacheUse>,
    /// Preemptions (vLLM) or retractions (SGLang) during the stage.
    pub preemptions: Option<f64>,
    /// The metric names read.
    pub metrics: Vec<String>,
    /// What a reader should know (a part the engine does not export, other clients' requests,
    /// a counter that went back).
    pub notes: Vec<String>,
}

/// The increase of a cumulative value; None when either side lacks it or it went back (the
/// server restarted, resetting it).
fn delta(
    before: Option<f64>,
    after: Option<f64>,
    name: &str,
    notes: &mut Vec<String>,
) -> Option<f64> {
    let (b, a) = (before?, after?);
    let d = a - b;
    if !d.is_finite() {
        return None;
    }
    if d < 0.0 {
        notes.push(format!(
            "{name} went back from {b} to {a} (the server restarted?): left out"
        ));
        return None;
    }
    Some(d)
}

/// [`EngineTime`] of a stage from the scrapes before and after it and what the client saw; None
/// when the scrapes carry no series of one runtime.
///
/// Means are per request: a histogram's Δ`_sum` / Δ`_count`; a counter of seconds without a
/// request count (llama.cpp) is divided by the client's completed requests, and a note says so.
pub fn engine_time(
    stage: Option<u32>,
    (from_ms, to_ms): (f64, f64),
    before: &EngineCounters,
    after: &EngineCounters,
    client: ClientSide,
) -> Option<EngineTime> {
    let runtime = after.runtime.clone()?;
    if before.runtime.as_deref() != Some(runtime.as_str()) {
        return None;
    }
    let mut notes = Vec::new();
    let mut engine_requests = None;
    let mut mean = |name: &str, b: Option<Totals>, a: Option<Totals>, notes: &mut Vec<String>| {
        per_request_mean(name, (b, a), client.completed, &mut engine_requests, notes)
    };
    let queue_ms = mean("queue", before.queue, after.queue, &mut notes);
    let prefill_ms = mean("prefill", before.prefill, after.prefill, &mut notes);
    let decode_ms = mean("decode", before.decode, after.decode, &mut notes);
    let inference_ms = mean("inference", before.inference, after.inference, &mut notes);
    let ttft = ttft_split(
        &runtime,
        client.ttft_mean_ms,
        queue_ms,
        prefill_ms,
        &mut notes,
    );
    let prefix_cache = prefix_cache(before, after, &mut notes);
    let preemptions = delta(
        before.preemptions,
        after.preemptions,
        "preemptions",
        &mut notes,
    );
    if let Some(n) = engine_requests {
        compare_request_counts(n, client.completed, &mut notes);
    }
    let out = EngineTime {
        stage,
        runtime,
        from_ms,
        to_ms,
        engine_requests,
        client_requests: client.completed,
        queue_ms,
        prefill_ms,
        decode_ms,
        inference_ms,
        ttft,
        prefix_cache,
        preemptions,
        metrics: after.metrics.clone(),
        notes,
    };
    let any = [
        out.queue_ms,
        out.prefill_ms,
        out.decode_ms,
        out.inference_ms,
        out.preemptions,
    ]
    .iter()
    .any(Option::is_some)
        || out.prefix_cache.is_some();
    any.then_some(out)
}

/// A series' mean per request over the stage, ms: Δ`_sum` / Δ`_count` (the first such count is
/// kept as the engine's requests), or, for a counter of seconds without a count, Δ`_sum` over
/// the `completed` requests the client saw (with a note).
fn per_request_mean(
    name: &str,
    (b, a): (Option<Totals>, Option<Totals>),
    completed: u64,
    engine_requests: &mut Option<f64>,
    notes: &mut Vec<String>,
) -> Option<f64> {
    let (b, a) = (b?, a?);
    let sum = delta(Some(b.sum_s), Some(a.sum_s), name, notes)?;
    match (b.count, a.count) {
        (Some(cb), Some(ca)) => {
            let n = delta(Some(cb), Some(ca), name, notes)?;
            engine_requests.get_or_insert(n);
            (n > 0.0).then(|| sum / n * 1000.0)
        }
        _ => {
            if completed == 0 {
                return None;
            }
            notes.push(format!(
                "{name}: the engine counts no requests; its seconds are divided by the {} requests benchfit saw complete",
                completed
            ));
            Some(sum / completed as f64 * 1000.0)
        }
    }
}

/// A note when the engine finished more requests in the stage than the client (other clients'
/// or the previous stage's) or had counted fewer when read.
fn compare_request_counts(n: f64, completed: u64, notes: &mut Vec<String>) {
    let sent = completed as f64;
    if n > sent {
        notes.push(format!(
            "the engine finished {n} requests in the stage, benchfit completed {sent}: other clients' requests (or the previous stage's last ones) are in the engine's means"
        ));
    } else if n < sent {
        notes.push(format!(
            "the engine had counted {n} of the {sent} requests benchfit completed when it was read after the stage"
        ));
    }
}

/// The client's mean TTFT `measured` split into the engine's `queue` and `prefill` means and the
/// rest (None without a TTFT or without either part). A negative rest is left out, and a part
/// the engine does not export is said to be in the rest.
fn ttft_split(
    runtime: &str,
    measured: Option<f64>,
    queue_ms: Option<f64>,
    prefill_ms: Option<f64>,
    notes: &mut Vec<String>,
) -> Option<TtftSplit> {
    let measured = measured?;
    if queue_ms.is_none() && prefill_ms.is_none() {
        return None;
    }
    let engine = queue_ms.unwrap_or(0.0) + prefill_ms.unwrap_or(0.0);
    let rest = measured - engine;
    if rest < 0.0 {
        notes.push(format!(
            "the engine's queue + prefill ({engine:.3} ms) exceed the measured TTFT ({measured:.3} ms) by {:.3} ms: the engine's means include requests benchfit did not send or that ended outside the stage; the rest is left out",
            -rest
        ));
    }
    for (part, v) in [("queue", queue_ms), ("prefill", prefill_ms)] {
        if v.is_none() {
            notes.push(format!(
                "{runtime} exports no per-request {part} time: it is in the rest of the TTFT"
            ));
        }
    }
    Some(TtftSplit {
        measured_ms: measured,
        queue_ms,
        prefill_ms,
        rest_ms: (rest >= 0.0).then_some(rest),
    })
}

/// Prefix-cache hits over queries between the reads (None without both, with no query, or
/// with more hits than queries, which a note says).
fn prefix_cache(
    before: &EngineCounters,
    after: &EngineCounters,
    notes: &mut Vec<String>,
) -> Option<PrefixCacheUse> {
    let hits = delta(
        before.cache_hit_tokens,
        after.cache_hit_tokens,
        "prefix-cache hits",
        notes,
    );
    let queries = delta(
        before.cache_query_tokens,
        after.cache_query_tokens,
        "prefix-cache queries",
        notes,
    );
    match (hits, queries) {
        (Some(h), Some(q)) if q > 0.0 && h <= q => Some(PrefixCacheUse {
            hit_tokens: h,
            query_tokens: q,
            hit_rate: h / q,
        }),
        (Some(h), Some(q)) if h > q => {
            notes.push(format!(
                "prefix-cache hits ({h}) exceed queries ({q}): no hit rate"
            ));
            None
        }
        _ => None,
    }
}

/// The measured prefix-cache hit rate as the estimate's prompt-reuse input.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PromptReuse {
    /// Prompt tokens served from the prefix cache over those looked up (0–1).
    pub hit_rate: f64,
    /// The stage it was measured in (the headline stage of a multi-stage file).
    pub stage: Option<u32>,
    /// The measured mean prompt tokens of that stage's completed requests (server counts).
    pub mean_prompt_tokens: f64,
    /// [`PromptReuse::prefix_tokens`] at the measured mean prompt.
    pub prefix_tokens: u32,
}

impl PromptReuse {
    /// The scenario's `prefix_tokens` (prompt tokens every request serves from the prefix cache)
    /// for prompts of `prompt_tokens`: `round(hit_rate × prompt_tokens)`, at most
    /// `prompt_tokens − 1` (the estimate's input must leave one token to prefill).
    pub fn prefix_tokens(&self, prompt_tokens: u32) -> u32 {
        let t = (self.hit_rate.clamp(0.0, 1.0) * f64::from(prompt_tokens)).round() as u32;
        t.min(prompt_tokens.saturating_sub(1))
    }
}

/// The prompt reuse a measurement measured: the headline stage's (or the single stage's)
/// prefix-cache hit rate; None without one (old files, imported files, servers without the
/// counters).
#[must_use]
pub fn prompt_reuse(m: &Measurement) -> Option<PromptReuse> {
    let stage = m.multi_stage.as_ref().map(|ms| ms.headline_stage);
    let e = m.engine_time.iter().find(|e| e.stage == stage)?;
    let hit_rate = e.prefix_cache?.hit_rate;
    let s = match stage {
        Some(i) => &m.stages.get(i as usize)?.summary,
        None => &m.summary,
    };
    let mean = if s.requests.completed > 0 {
        s.prompt_tokens as f64 / s.requests.completed as f64
    } else {
        0.0
    };
    let mut r = PromptReuse {
        hit_rate,
        stage,
        mean_prompt_tokens: mean,
        prefix_tokens: 0,
    };
    r.prefix_tokens = r.prefix_tokens(mean.round() as u32);
    Some(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vllm(
        queue: (f64, f64),
        prefill: (f64, f64),
        hits: f64,
        queries: f64,
        pre: f64,
    ) -> EngineCounters {
        let t = |(sum_s, n): (f64, f64)| {
            Some(Totals {
                sum_s,
                count: Some(n),
            })
        };
        EngineCounters {
            runtime: Some("vllm".into()),
            queue: t(queue),
            prefill: t(prefill),
            decode: t((prefill.0 * 10.0, prefill.1)),
            inference: None,
            cache_hit_tokens: Some(hits),
            cache_query_tokens: Some(queries),
            preemptions: Some(pre),
            metrics: vec!["vllm:request_queue_time_seconds".into()],
        }
    }

    /// Worked by hand: 40 requests between the scrapes; queue sum 1.5 → 3.5 s (2 s / 40 =
    /// 50 ms), prefill 0.4 → 1.2 s (0.8 s / 40 = 20 ms), decode 4 → 12 s (200 ms); client TTFT
    /// mean 95 ms → rest 95 − 50 − 20 = 25 ms; hits 1,000 → 3,560 of queries 4,000 → 9,120
    /// tokens: 2,560 / 5,120 = 0.5; preemptions 3 → 7: 4.
    #[test]
    fn deltas_means_split_and_hit_rate_by_hand() {
        let before = vllm((1.5, 10.0), (0.4, 10.0), 1000.0, 4000.0, 3.0);
        let after = vllm((3.5, 50.0), (1.2, 50.0), 3560.0, 9120.0, 7.0);
        let e = engine_time(
            Some(2),
            (100.0, 900.0),
            &before,
            &after,
            ClientSide {
                completed: 40,
                ttft_mean_ms: Some(95.0),
            },
        )
        .unwrap();
        assert_eq!(e.engine_requests, Some(40.0));
        assert!((e.queue_ms.unwrap() - 50.0).abs() < 1e-9);
        assert!((e.prefill_ms.unwrap() - 20.0).abs() < 1e-9);
        assert!((e.decode_ms.unwrap() - 200.0).abs() < 1e-9);
        let t = e.ttft.unwrap();
        assert!((t.rest_ms.unwrap() - 25.0).abs() < 1e-9);
        let c = e.prefix_cache.unwrap();
        assert_eq!(
            (c.hit_tokens, c.query_tokens, c.hit_rate),
            (2560.0, 5120.0, 0.5)
        );
        assert_eq!(e.preemptions, Some(4.0));
        assert!(e.notes.is_empty(), "{:?}", e.notes);
    }

    #[test]
    fn a_negative_rest_is_left_out_with_a_note_and_a_reset_counter_is_dropped() {
        let before = vllm((0.0, 0.0), (0.0, 0.0), 500.0, 900.0, 9.0);
        // 10 requests, queue 80 ms and prefill 30 ms each, against a 100 ms TTFT: −10 ms.
        let after = vllm((0.8, 10.0), (0.3, 10.0), 100.0, 200.0, 0.0);
        let e = engine_time(
            None,
            (0.0, 1.0),
            &before,
            &after,
            ClientSide {
                completed: 10,
                ttft_mean_ms: Some(100.0),
            },
        )
        .unwrap();
        let t = e.ttft.unwrap();
        assert_eq!(t.rest_ms, None);
        assert!(
            e.notes.iter().any(|n| n.contains("by 10.000 ms")),
            "{:?}",
            e.notes
        );
        // The cache counters and preemptions went back: left out, said.
        assert_eq!((e.prefix_cache, e.preemptions), (None, None));
        assert!(e.notes.iter().any(|n| n.contains("went back")));
    }

    /// llama.cpp: seconds counters without a request count, divided by the client's count;
    /// no queue series, so the split says the queue is in the rest.
    #[test]
    fn seconds_counters_are_divided_by_the_client_count() {
        let c = |p: f64, d: f64, cached: f64, processed: f64| EngineCounters {
            runtime: Some("llama.cpp".into()),
            prefill: Some(Totals {
                sum_s: p,
                count: None,
            }),
            decode: Some(Totals {
                sum_s: d,
                count: None,
            }),
            cache_hit_tokens: Some(cached),
            cache_query_tokens: Some(cached + processed),
            ..EngineCounters::default()
        };
        // 8 requests: prefill 0.2 → 0.6 s (50 ms each), decode 1 → 9 s (1 s each); cached
        // 14 → 22 tokens of 14 + 16 → 22 + 520 looked up: 8 / 512 = 0.015625.
        let e = engine_time(
            None,
            (0.0, 1.0),
            &c(0.2, 1.0, 14.0, 16.0),
            &c(0.6, 9.0, 22.0, 520.0),
            ClientSide {
                completed: 8,
                ttft_mean_ms: Some(70.0),
            },
        )
        .unwrap();
        assert_eq!(e.engine_requests, None);
        assert!((e.prefill_ms.unwrap() - 50.0).abs() < 1e-9);
        assert!((e.decode_ms.unwrap() - 1000.0).abs() < 1e-9);
        assert_eq!(e.queue_ms, None);
        assert!((e.ttft.unwrap().rest_ms.unwrap() - 20.0).abs() < 1e-9);
        assert_eq!(e.prefix_cache.unwrap().hit_rate, 0.015625);
        assert!(e.notes.iter().any(|n| n.contains("no per-request queue")));
        assert!(e
            .notes
            .iter()
            .any(|n| n.contains("divided by the 8 requests")));
    }

    #[test]
    fn nothing_without_a_runtime_or_series() {
        let none = EngineCounters::default();
        assert!(engine_time(None, (0.0, 1.0), &none, &none, ClientSide::default()).is_none());
        let bare = EngineCounters {
            runtime: Some("tgi".into()),
            ..EngineCounters::default()
        };
        assert!(engine_time(None, (0.0, 1.0), &bare, &bare, ClientSide::default()).is_none());
    }

    #[test]
    fn prefix_tokens_follow_the_hit_rate_and_leave_one_to_prefill() {
        let r = PromptReuse {
            hit_rate: 0.25,
            stage: None,
            mean_prompt_tokens: 0.0,
            prefix_tokens: 0,
        };
        assert_eq!(r.prefix_tokens(1800), 450);
        let all = PromptReuse { hit_rate: 1.0, ..r };
        assert_eq!(all.prefix_tokens(512), 511);
        assert_eq!(all.prefix_tokens(0), 0);
    }
}
