//! The simulation's summaries, once the loop has stopped: the completed requests' latencies
//! and goodput, the measured window and the engine's counters.

use super::super::{downsample, Req, RequestCounts, SimResult};
use super::Sim;
use crate::stats::summarize;

/// What the completed requests add up to.
struct Completed {
    /// TTFT of each, ms (from when it was sent).
    ttft: Vec<f64>,
    /// TPOT of each with at least 2 output tokens, ms.
    tpot: Vec<f64>,
    /// E2E of each, ms (from when it was sent).
    e2e: Vec<f64>,
    /// Time each waited for admission, ms.
    queue: Vec<f64>,
    /// Those within the SLO.
    good: u32,
    /// Output tokens.
    out_tokens: u64,
    /// Prompt tokens.
    in_tokens: u64,
}

/// The requests still unfinished and the window the rates are over.
struct Window {
    /// Sent (finite arrival) but not all tokens out, and not rejected.
    incomplete: u32,
    /// The tokens those produced.
    incomplete_output_tokens: u64,
    /// From the first send to the last token (or to now, when requests are unfinished), s.
    window_s: f64,
}

impl Sim<'_> {
    /// The summaries: latency percentiles of the completed requests (TTFT and E2E from when
    /// each was sent), goodput under the SLO, throughput over the window from the first send to
    /// the last token (or to now, when requests are unfinished), KV usage.
    pub(in crate::model::sim) fn result(mut self) -> SimResult {
        let cfg = self.cfg;
        let Completed {
            mut ttft,
            mut tpot,
            mut e2e,
            mut queue,
            good,
            out_tokens,
            in_tokens,
        } = self.completed_requests();
        let Window {
            incomplete,
            incomplete_output_tokens,
            window_s,
        } = self.window();
        let per_s = |x: f64| if window_s > 0.0 { x / window_s } else { 0.0 };
        let has_slo =
            cfg.slo.ttft_ms.is_some() || cfg.slo.tpot_ms.is_some() || cfg.slo.e2e_ms.is_some();
        let peak_kv_usage = self.kv_trace.iter().map(|p| p.1).fold(0.0, f64::max);
        SimResult {
            requests: RequestCounts {
                completed: self.completed.len() as u32,
                incomplete,
                rejected: self.rejected,
                over_budget: self.over_budget,
            },
            ttft_ms: summarize(&mut ttft),
            itl_ms: self.itl.summarize(),
            tpot_ms: summarize(&mut tpot),
            e2e_ms: summarize(&mut e2e),
            queue_ms: summarize(&mut queue),
            output_tokens_per_s: per_s(out_tokens as f64),
            total_tokens_per_s: per_s((out_tokens + in_tokens) as f64),
            requests_per_s: per_s(self.completed.len() as f64),
            goodput_requests_per_s: has_slo.then(|| per_s(good as f64)),
            window_s,
            preemptions: self.preemptions,
            incomplete_output_tokens,
            steps: self.steps,
            mean_batch: if self.steps > 0 {
                self.batch_sum as f64 / self.steps as f64
            } else {
                0.0
            },
            kv_usage: downsample(&self.kv_trace, 400),
            peak_kv_usage,
            prompt_pool_hit_tokens: self.cache.hit_tokens,
        }
    }

    /// Each completed request's latencies and tokens, and whether it met the SLO.
    fn completed_requests(&self) -> Completed {
        let cfg = self.cfg;
        let frontend = self.frontend;
        let mut c = Completed {
            ttft: Vec::with_capacity(self.completed.len()),
            tpot: Vec::with_capacity(self.completed.len()),
            e2e: Vec::with_capacity(self.completed.len()),
            queue: Vec::with_capacity(self.completed.len()),
            good: 0,
            out_tokens: 0,
            in_tokens: 0,
        };
        for &r in &self.completed {
            let q = &self.reqs[r];
            let first = q.first_token.unwrap_or(q.last_token);
            let sent = q.arrival - frontend;
            let ttft_ms = (first - sent) * 1e3;
            let e2e_ms = (q.last_token - sent) * 1e3;
            let tpot_ms = (q.output > 1).then(|| (e2e_ms - ttft_ms) / (q.output - 1) as f64);
            c.ttft.push(ttft_ms);
            c.e2e.push(e2e_ms);
            if let Some(t) = tpot_ms {
                c.tpot.push(t);
            }
            c.queue
                .push((q.admitted.unwrap_or(q.arrival) - q.arrival) * 1e3);
            c.out_tokens += q.output as u64;
            c.in_tokens += q.prompt as u64;
            let ok = cfg.slo.ttft_ms.is_none_or(|s| ttft_ms <= s)
                && cfg.slo.e2e_ms.is_none_or(|s| e2e_ms <= s)
                && cfg
                    .slo
                    .tpot_ms
                    .is_none_or(|s| tpot_ms.is_none_or(|t| t <= s));
            if ok {
                c.good += 1;
            }
        }
        c
    }

    /// The unfinished requests and the window from the first send to the last token (to now
    /// when requests are unfinished).
    fn window(&self) -> Window {
        let frontend = self.frontend;
        // Unfinished: sent (finite arrival) but not all tokens out, and not rejected.
        let incomplete: Vec<&Req> = self
            .reqs
            .iter()
            .filter(|q| q.generated < q.output && q.arrival.is_finite() && !q.rejected)
            .collect();
        let incomplete_output_tokens = incomplete.iter().map(|q| q.generated as u64).sum();
        let start = self
            .reqs
            .iter()
            .map(|q| q.arrival - frontend)
            .filter(|a| a.is_finite())
            .fold(f64::INFINITY, f64::min);
        let end = if incomplete.is_empty() {
            self.last_token_time
        } else {
            self.now
        };
        let window_s = if start.is_finite() {
            (end - start).max(0.0)
        } else {
            0.0
        };
        Window {
            incomplete: incomplete.len() as u32,
            incomplete_output_tokens,
            window_s,
        }
    }
}
