//! Summary of per-request records: percentiles, pooled ITL, per-request TPOT, throughput over
//! the measured window, failures by reason.

use super::{
    ClientLag, FailureClass, FailureClasses, FailureReason, LatencySummary, RequestCounts,
    RequestRecord, RequestStatus, SampleCounts, Summary, ThroughputSummary,
};
use crate::stats::Percentiles;

/// Mean and p50/p90/p95/p99 (numpy's linear interpolation, [`crate::stats::summarize`]).
fn percentiles(values: &mut Vec<f64>) -> Option<Percentiles> {
    crate::stats::summarize(values)
}

/// The inter-token gaps of one request, ms: a chunk carrying k tokens after a gap g contributes
/// k gaps of g/k; the first chunk's extra k − 1 tokens arrived with the first token (gaps of
/// 0), so the gaps of a request add up to last token − first token.
pub(crate) fn token_gaps_ms(r: &RequestRecord) -> Vec<f64> {
    let mut chunks: Vec<_> = r.chunks.iter().filter(|c| c.tokens > 0).collect();
    let order = crate::stats::stable_order(chunks.len(), &|a, b| {
        chunks[a].t_ms.total_cmp(&chunks[b].t_ms)
    });
    crate::stats::apply_order(&mut chunks, &order);
    let mut gaps = Vec::new();
    let mut prev: Option<f64> = None;
    for c in chunks {
        match prev {
            None => gaps.extend(std::iter::repeat_n(0.0, (c.tokens - 1) as usize)),
            Some(p) => {
                let g = (c.t_ms - p) / c.tokens as f64;
                gaps.extend(std::iter::repeat_n(g, c.tokens as usize));
            }
        }
        prev = Some(c.t_ms);
    }
    gaps
}

/// Per-request TPOT, ms: `(E2E − TTFT)/(out − 1)`; None for fewer than 2 output tokens.
pub(crate) fn tpot_ms(r: &RequestRecord) -> Option<f64> {
    match (r.ttft_ms, r.e2e_ms) {
        (Some(t), Some(e)) if r.output_tokens >= 2 => Some((e - t) / (r.output_tokens - 1) as f64),
        _ => None,
    }
}

/// The stable part of an error message: the text before the first `": "`.
fn reason_of(error: Option<&str>) -> String {
    let e = error.unwrap_or("unknown");
    e.split(": ").next().unwrap_or(e).to_string()
}

/// Summary of counted requests (DESIGN §5.3).
///
/// Latencies cover successful requests only. Throughput counts the tokens of successful
/// requests over the window from the first send (any counted request) to the last token of a
/// successful request; it is zero when none succeeded. Prompt tokens are the server's counts,
/// or the requested ones where the server gave none.
#[must_use]
pub fn summarize(records: &[RequestRecord]) -> Summary {
    let mut tally = Tally::new();
    for r in records {
        tally.add(r);
    }
    tally.summary()
}

/// What one pass over the records gathers: counts, the latency samples, failures by class and
/// reason, the window's ends and the token totals.
struct Tally {
    counts: RequestCounts,
    ttft: Vec<f64>,
    itl: Vec<f64>,
    tpot: Vec<f64>,
    e2e: Vec<f64>,
    /// Each request's send lag behind its schedule, ms.
    lag: Vec<f64>,
    reasons: Vec<FailureReason>,
    /// The first send of any counted request, ms.
    first_send: f64,
    /// The last token of a successful request, ms.
    last_token: f64,
    out_tokens: u64,
    prompt_tokens: u64,
    classes: FailureClasses,
    retried: u64,
}

impl Tally {
    /// Nothing counted yet.
    fn new() -> Self {
        Self {
            counts: RequestCounts::default(),
            ttft: Vec::new(),
            itl: Vec::new(),
            tpot: Vec::new(),
            e2e: Vec::new(),
            lag: Vec::new(),
            reasons: Vec::new(),
            first_send: f64::INFINITY,
            last_token: f64::NEG_INFINITY,
            out_tokens: 0,
            prompt_tokens: 0,
            classes: FailureClasses::default(),
            retried: 0,
        }
    }

    /// Counts one request.
    fn add(&mut self, r: &RequestRecord) {
        self.first_send = self.first_send.min(r.sent_ms);
        if r.retried > 0 {
            self.retried += 1;
        }
        self.lag.push(r.sent_ms - r.scheduled_ms);
        match r.status {
            RequestStatus::Ok => self.succeeded(r),
            RequestStatus::Failed => self.failed(r),
            RequestStatus::Incomplete => self.counts.incomplete += 1,
        }
    }

    /// A successful request: its latencies, tokens and last token.
    fn succeeded(&mut self, r: &RequestRecord) {
        self.counts.completed += 1;
        self.ttft.extend(r.ttft_ms);
        self.e2e.extend(r.e2e_ms);
        self.tpot.extend(tpot_ms(r));
        self.itl.extend(token_gaps_ms(r));
        self.out_tokens = self.out_tokens.saturating_add(u64::from(r.output_tokens));
        self.prompt_tokens += u64::from(r.prompt_tokens.or(r.requested_prompt_tokens).unwrap_or(0));
        let last = r
            .chunks
            .iter()
            .map(|c| c.t_ms)
            .fold(f64::NEG_INFINITY, f64::max);
        if last.is_finite() {
            self.last_token = self.last_token.max(r.sent_ms + last);
        }
    }

    /// A failed request: its class and its reason.
    fn failed(&mut self, r: &RequestRecord) {
        self.counts.failed += 1;
        let class = r
            .failure_class
            .unwrap_or_else(|| FailureClass::of_reason(r.error.as_deref().unwrap_or("unknown")));
        let classes = &mut self.classes;
        *match class {
            FailureClass::Transport => &mut classes.transport,
            FailureClass::Http => &mut classes.http,
            FailureClass::StreamCut => &mut classes.stream_cut,
            FailureClass::StreamError => &mut classes.stream_error,
            FailureClass::Empty => &mut classes.empty,
        } += 1;
        let reason = reason_of(r.error.as_deref());
        match self.reasons.iter_mut().find(|f| f.reason == reason) {
            Some(f) => f.count += 1,
            None => self.reasons.push(FailureReason { reason, count: 1 }),
        }
    }

    /// The summary: reasons most frequent first, rates over the window, percentiles.
    fn summary(self) -> Summary {
        let Tally {
            counts,
            mut ttft,
            mut itl,
            mut tpot,
            mut e2e,
            mut lag,
            mut reasons,
            first_send,
            last_token,
            out_tokens,
            prompt_tokens,
            classes,
            retried,
        } = self;
        let order = crate::stats::stable_order(reasons.len(), &|a, b| {
            reasons[b]
                .count
                .cmp(&reasons[a].count)
                .then_with(|| reasons[a].reason.cmp(&reasons[b].reason))
        });
        crate::stats::apply_order(&mut reasons, &order);
        let window_s = if last_token.is_finite() && first_send.is_finite() {
            ((last_token - first_send) / 1000.0).max(0.0)
        } else {
            0.0
        };
        let per_s = |x: f64| if window_s > 0.0 { x / window_s } else { 0.0 };
        let samples = SampleCounts {
            ttft: ttft.len() as u64,
            itl: itl.len() as u64,
            tpot: tpot.len() as u64,
            e2e: e2e.len() as u64,
        };
        Summary {
            throughput: ThroughputSummary {
                output_tokens_per_s: per_s(out_tokens as f64),
                total_tokens_per_s: per_s((out_tokens + prompt_tokens) as f64),
                requests_per_s: per_s(counts.completed as f64),
            },
            latency_ms: LatencySummary {
                ttft: percentiles(&mut ttft),
                itl: percentiles(&mut itl),
                tpot: percentiles(&mut tpot),
                e2e: percentiles(&mut e2e),
            },
            samples,
            requests: counts,
            failure_reasons: reasons,
            failure_classes: classes,
            retried,
            window_s,
            output_tokens: out_tokens,
            prompt_tokens,
            client: ClientLag {
                send_lag_ms: percentiles(&mut lag),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measurement::Chunk;

    fn close(a: f64, b: f64) {
        assert!((a - b).abs() < 1e-9, "{a} != {b}");
    }

    // Expected values worked out by hand with numpy's linear rule: rank = q (n − 1); these pin
    // the rule the measurement summary relies on (stats::summarize).
    #[test]
    fn percentiles_of_one_value() {
        let p = percentiles(&mut vec![7.0]).unwrap();
        assert_eq!(p, Percentiles::constant(7.0));
    }

    #[test]
    fn percentiles_of_two_values() {
        let p = percentiles(&mut vec![20.0, 10.0]).unwrap();
        close(p.mean, 15.0);
        close(p.p50, 15.0); // rank 0.5
        close(p.p90, 19.0); // rank 0.9
        close(p.p95, 19.5);
        close(p.p99, 19.9);
    }

    #[test]
    fn percentiles_of_three_values() {
        let p = percentiles(&mut vec![3.0, 1.0, 2.0]).unwrap();
        close(p.mean, 2.0);
        close(p.p50, 2.0); // rank 1
        close(p.p90, 2.8); // rank 1.8
        close(p.p95, 2.9);
        close(p.p99, 2.98);
    }

    #[test]
    fn percentiles_of_four_values() {
        let p = percentiles(&mut vec![10.0, 40.0, 20.0, 30.0]).unwrap();
        close(p.mean, 25.0);
        close(p.p50, 25.0); // rank 1.5
        close(p.p90, 37.0); // rank 2.7
        close(p.p95, 38.5); // rank 2.85
        close(p.p99, 39.7); // rank 2.97
    }

    #[test]
    fn percentiles_of_nothing_is_none() {
        assert_eq!(percentiles(&mut vec![]), None);
        assert_eq!(percentiles(&mut vec![f64::NAN]), None);
    }

    fn ok(sent: f64, chunks: &[(f64, u32)], e2e: f64, out: u32) -> RequestRecord {
        RequestRecord {
            scheduled_ms: sent,
            sent_ms: sent,
            ttft_ms: chunks.first().map(|c| c.0),
            e2e_ms: Some(e2e),
            chunks: chunks
                .iter()
                .map(|&(t_ms, tokens)| Chunk { t_ms, tokens })
                .collect(),
            output_tokens: out,
            prompt_tokens: Some(10),
            status: RequestStatus::Ok,
            ..Default::default()
        }
    }

    #[test]
    fn multi_token_chunks_share_their_gap() {
        let r = ok(0.0, &[(100.0, 2), (130.0, 3)], 130.0, 5);
        assert_eq!(token_gaps_ms(&r), vec![0.0, 10.0, 10.0, 10.0]);
        close(tpot_ms(&r).unwrap(), 7.5);
    }

    #[test]
    fn one_token_output_has_no_tpot() {
        let r = ok(0.0, &[(50.0, 1)], 60.0, 1);
        assert_eq!(tpot_ms(&r), None);
        let s = summarize(&[r]);
        assert_eq!(s.latency_ms.tpot, None);
        assert_eq!(s.latency_ms.itl, None);
        assert_eq!(s.samples.tpot, 0);
    }

    #[test]
    fn window_throughput_and_failures() {
        let a = ok(0.0, &[(100.0, 1), (200.0, 1)], 210.0, 2);
        let b = ok(500.0, &[(100.0, 1), (1500.0, 1)], 1500.0, 2); // last token at 2000 ms
        let f = RequestRecord {
            sent_ms: 10.0,
            scheduled_ms: 5.0,
            status: RequestStatus::Failed,
            error: Some("http 500: boom".into()),
            ..Default::default()
        };
        let s = summarize(&[a, b, f]);
        close(s.window_s, 2.0);
        close(s.throughput.output_tokens_per_s, 2.0); // 4 tokens / 2 s
        close(s.throughput.total_tokens_per_s, 12.0); // (4 + 20) / 2 s
        close(s.throughput.requests_per_s, 1.0);
        assert_eq!(
            s.requests,
            RequestCounts {
                completed: 2,
                failed: 1,
                incomplete: 0
            }
        );
        assert_eq!(
            s.failure_reasons,
            vec![FailureReason {
                reason: "http 500".into(),
                count: 1
            }]
        );
        close(s.client.send_lag_ms.unwrap().p99, 4.9); // lags 0, 0, 5
    }

    #[test]
    fn all_failed_gives_zero_throughput_and_null_latencies() {
        let f = RequestRecord {
            status: RequestStatus::Failed,
            error: Some("no tokens".into()),
            ..Default::default()
        };
        let s = summarize(&[f]);
        assert_eq!(s.throughput, ThroughputSummary::default());
        assert_eq!(s.latency_ms, LatencySummary::default());
        assert_eq!(s.requests.failed, 1);
    }

    #[test]
    fn failures_split_by_class_and_retries_are_counted() {
        let fail = |error: &str, class: Option<FailureClass>| RequestRecord {
            status: RequestStatus::Failed,
            error: Some(error.into()),
            failure_class: class,
            ..Default::default()
        };
        let mut retried_ok = ok(0.0, &[(10.0, 1), (20.0, 1)], 20.0, 2);
        retried_ok.retried = 1;
        retried_ok.retry_reason = Some("request error: connection closed".into());
        let s = summarize(&[
            retried_ok,
            // Classes as measure sets them …
            fail("connect error: refused", Some(FailureClass::Transport)),
            fail("timeout after 5 s", Some(FailureClass::Transport)),
            fail("http 503: busy", Some(FailureClass::Http)),
            fail("stream cut: reset", Some(FailureClass::StreamCut)),
            // … and derived from the reason where a file has none.
            fail("error event: engine died", None),
            fail("no tokens: nothing", None),
            fail("http 500: x", None),
        ]);
        assert_eq!(
            s.failure_classes,
            FailureClasses {
                transport: 2,
                http: 2,
                stream_cut: 1,
                stream_error: 1,
                empty: 1
            }
        );
        assert_eq!(s.requests.failed, 7);
        assert_eq!(s.retried, 1);
    }
}
