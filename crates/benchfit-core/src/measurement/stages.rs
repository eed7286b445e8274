//! Multi-stage measurement files: a sweep over request rates or concurrencies, the search for
//! the highest rate that meets SLOs, and repeated runs (`benchfit measure --sweep`,
//! `--find-max-rate`, `--runs`).
//!
//! A multi-stage file is a [`super::Measurement`] whose `requests` carry their stage number
//! ([`super::RequestRecord::stage`]), with every stage listed in `stages` (its load, its
//! steady-state window, its own summary, its SLO verdict) and `multi_stage` saying what the
//! stages were for. Its top-level `summary` and `run.load` are those of the headline stage
//! ([`MultiStage::headline_stage`]), so a reader of single-stage files still reads one
//! consistent load point from it. Single-stage files have none of these keys.
//!
//! Pure: records in, verdicts and intervals out.

use super::{summarize, LoadMode, RequestRecord, RequestStatus, Summary};
use serde::{Deserialize, Serialize};

/// Share of a stage's send span at its start treated as ramp-up and left out of its summary
/// (a choice: the first requests of a stage meet an idle server or an empty queue, the
/// cold-start effect AIPerf's warm-up phase exists for; a stage here has no separate warm-up).
pub const RAMP_UP_FRACTION: f64 = 0.1;

/// The rule [`steady_state`] applies, as written into each stage.
pub const STEADY_STATE_RULE: &str =
    "requests sent from 10 % into the stage's send span (first send to last send) to its last send";

/// One stage of a multi-stage run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Stage {
    /// Stage number, 0-based, in the order the stages ran (the `stage` of its requests).
    pub index: u32,
    /// The load the stage offered.
    pub load: LoadMode,
    /// Which of the `--runs` repetitions of this load it is (0-based; 0 without `--runs`).
    #[serde(default)]
    pub repeat: u32,
    /// First send of the stage, ms after the run's start (the run clock of every record).
    pub started_ms: f64,
    /// When its last request ended, ms after the run's start.
    pub ended_ms: f64,
    /// The requests its summary covers.
    pub steady_state: SteadyState,
    /// Summary of the stage's steady-state requests ([`summarize`]).
    pub summary: Summary,
    /// Requests of the stage in the file, steady state or not.
    pub requests: u64,
    /// True when the stage ended before its plan (Ctrl-C, the server stopped answering).
    #[serde(default)]
    pub partial: bool,
    /// Whether the stage met the SLOs (None without SLOs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slo: Option<SloVerdict>,
}

/// A stage's steady-state window ([`steady_state`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SteadyState {
    /// Window start, ms after the run's start.
    pub from_ms: f64,
    /// Window end (the stage's last send), ms after the run's start.
    pub to_ms: f64,
    /// Requests sent in the window.
    pub requests: u64,
    /// The rule ([`STEADY_STATE_RULE`]).
    pub rule: String,
}

/// The percentile an SLO is judged at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SloPercentile {
    /// 95 % of requests.
    P95,
    /// 99 % of requests.
    P99,
}

impl SloPercentile {
    /// The percent (95 or 99).
    pub fn percent(self) -> u64 {
        match self {
            Self::P95 => 95,
            Self::P99 => 99,
        }
    }
}

/// Latency SLOs per request, judged at a percentile.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Slo {
    /// Time to first token, ms.
    pub ttft_ms: Option<f64>,
    /// Time per output token `(E2E − TTFT)/(out − 1)`, ms (AIPerf's and genai-perf's
    /// per-request `inter_token_latency`).
    pub tpot_ms: Option<f64>,
    /// End-to-end latency, ms.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub e2e_ms: Option<f64>,
    /// The share of requests that must meet each SLO.
    pub percentile: SloPercentile,
}

/// How a stage fared against the SLOs.
///
/// A stage meets an SLO at p95 when at least 95 % of its steady-state requests that ended
/// (completed or failed; requests still running at a stop are left out) got that metric within
/// the SLO; a failed request misses every SLO, a one-token output meets the TPOT SLO (it has
/// no decode). That is the nearest-rank p95 of the metric, with failures counted as infinitely
/// slow, at most the SLO. Goodput is as AIPerf and genai-perf define it (after DistServe):
/// completed requests meeting every SLO, per second of the stage's window.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SloVerdict {
    /// Every SLO met.
    pub met: bool,
    /// Requests judged (steady state, completed or failed).
    pub requests: u64,
    /// Requests with TTFT within its SLO (None without a TTFT SLO).
    pub ttft_within: Option<u64>,
    /// Requests with TPOT within its SLO (None without a TPOT SLO).
    pub tpot_within: Option<u64>,
    /// Requests with E2E within its SLO (None without an E2E SLO).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub e2e_within: Option<u64>,
    /// Completed requests within every SLO.
    pub good_requests: u64,
    /// `good_requests / requests` (AIPerf's `good_request_fraction`; 0 without requests).
    pub good_fraction: f64,
    /// `good_requests` per second of the stage summary's window (0 without a window).
    pub goodput_requests_per_s: f64,
}

/// What the stages of a file were for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MultiStage {
    /// `sweep` (the listed loads in order), `find_max_rate` (the SLO search), or `runs` (one
    /// load repeated).
    pub kind: String,
    /// The stage the top-level `summary` and `run.load` describe: the highest rate that met
    /// the SLOs for `find_max_rate` (over several searches, the answer nearest their mean; the
    /// lowest probed when none met), else the last stage.
    pub headline_stage: u32,
    /// Times each load was run (`--runs`).
    pub runs: u32,
    /// The SLOs the stages were judged against.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slo: Option<Slo>,
    /// The search's result (`find_max_rate` with one run).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search: Option<RateSearch>,
    /// Every search's result, in order (`find_max_rate` with `--runs` above 1: the search is
    /// run that many times, its stages' `repeat` saying which).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub searches: Vec<RateSearch>,
    /// Mean and 95 % interval of `max_rate` over `searches` (metric `max_rate_requests_per_s`,
    /// over the searches that found one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_rate_interval: Option<MetricInterval>,
    /// Mean and 95 % interval per metric over the repetitions of each load (`runs` > 1).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aggregates: Vec<RunsAggregate>,
}

/// The search for the highest request rate that meets the SLOs ([`next_rate`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RateSearch {
    /// First rate probed, requests/s.
    pub start_rate: f64,
    /// Absolute resolution, requests/s (None: relative, [`DEFAULT_RELATIVE_RESOLUTION`]).
    pub resolution: Option<f64>,
    /// Highest probed rate that met every SLO below the lowest that missed (None: none met).
    pub max_rate: Option<f64>,
    /// Its stage.
    pub max_rate_stage: Option<u32>,
    /// Lowest probed rate that missed an SLO (None: none missed up to the last probe).
    pub lowest_missed_rate: Option<f64>,
    /// Rates probed, in order.
    pub probes: Vec<f64>,
    /// Why the search stopped, one line.
    pub stopped: String,
}

/// One metric over the repetitions of one load.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MetricInterval {
    /// The metric (`ttft_ms_p50`, `output_tokens_per_s`, …).
    pub metric: String,
    /// Repetitions that had it.
    pub n: u32,
    /// Mean over them.
    pub mean: f64,
    /// Sample standard deviation (None for n < 2).
    pub sd: Option<f64>,
    /// Lower end of the 95 % confidence interval of the mean, Student t with n − 1 degrees of
    /// freedom (None for n < 2).
    pub ci95_low: Option<f64>,
    /// Upper end.
    pub ci95_high: Option<f64>,
}

/// The metrics of the repetitions of one load.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunsAggregate {
    /// The load.
    pub load: LoadMode,
    /// Its stages.
    pub stages: Vec<u32>,
    /// One interval per metric.
    pub metrics: Vec<MetricInterval>,
}

/// The steady-state requests of one stage's records: those sent at or after
/// `first send + RAMP_UP_FRACTION × (last send − first send)` ([`STEADY_STATE_RULE`]). All of
/// them when every request went out at once; none for no records.
pub fn steady_state<'a>(records: &[&'a RequestRecord]) -> (SteadyState, Vec<&'a RequestRecord>) {
    let first = records
        .iter()
        .map(|r| r.sent_ms)
        .fold(f64::INFINITY, f64::min);
    let last = records
        .iter()
        .map(|r| r.sent_ms)
        .fold(f64::NEG_INFINITY, f64::max);
    if !(first.is_finite() && last.is_finite()) {
        return (
            SteadyState {
                from_ms: 0.0,
                to_ms: 0.0,
                requests: 0,
                rule: STEADY_STATE_RULE.into(),
            },
            Vec::new(),
        );
    }
    let from = first + RAMP_UP_FRACTION * (last - first);
    let kept: Vec<&RequestRecord> = records
        .iter()
        .copied()
        .filter(|r| r.sent_ms >= from)
        .collect();
    (
        SteadyState {
            from_ms: from,
            to_ms: last,
            requests: kept.len() as u64,
            rule: STEADY_STATE_RULE.into(),
        },
        kept,
    )
}

/// A stage from its records (all of them; the steady state is taken here), with its SLO
/// verdict when `slo` is given.
pub fn stage(
    index: u32,
    repeat: u32,
    load: LoadMode,
    records: &[&RequestRecord],
    partial: bool,
    slo: Option<&Slo>,
) -> Stage {
    let (window, kept) = steady_state(records);
    let owned: Vec<RequestRecord> = kept.iter().map(|r| (*r).clone()).collect();
    let summary = summarize(&owned);
    let started_ms = records
        .iter()
        .map(|r| r.sent_ms)
        .fold(f64::INFINITY, f64::min);
    let ended_ms = records
        .iter()
        .map(|r| r.sent_ms + r.e2e_ms.unwrap_or(0.0))
        .fold(f64::NEG_INFINITY, f64::max);
    let verdict = slo.map(|s| judge(&kept, s, summary.window_s));
    Stage {
        index,
        load,
        repeat,
        started_ms: if started_ms.is_finite() {
            started_ms
        } else {
            0.0
        },
        ended_ms: if ended_ms.is_finite() { ended_ms } else { 0.0 },
        steady_state: window,
        summary,
        requests: records.len() as u64,
        partial,
        slo: verdict,
    }
}

/// Judges `records` (a stage's steady state) against `slo` ([`SloVerdict`] says how);
/// `window_s` is the stage summary's window, for goodput.
pub fn judge(records: &[&RequestRecord], slo: &Slo, window_s: f64) -> SloVerdict {
    let judged: Vec<&&RequestRecord> = records
        .iter()
        .filter(|r| r.status != RequestStatus::Incomplete)
        .collect();
    let n = judged.len() as u64;
    let ok = |r: &RequestRecord| r.status == RequestStatus::Ok;
    let ttft_ok = |r: &RequestRecord, max: f64| ok(r) && r.ttft_ms.is_some_and(|t| t <= max);
    let tpot_ok =
        |r: &RequestRecord, max: f64| ok(r) && super::summary::tpot_ms(r).is_none_or(|t| t <= max);
    let e2e_ok = |r: &RequestRecord, max: f64| ok(r) && r.e2e_ms.is_some_and(|t| t <= max);
    let count = |f: &dyn Fn(&RequestRecord) -> bool| judged.iter().filter(|r| f(r)).count() as u64;
    let ttft_within = slo.ttft_ms.map(|max| count(&|r| ttft_ok(r, max)));
    let tpot_within = slo.tpot_ms.map(|max| count(&|r| tpot_ok(r, max)));
    let e2e_within = slo.e2e_ms.map(|max| count(&|r| e2e_ok(r, max)));
    let good = count(&|r| {
        ok(r)
            && slo.ttft_ms.is_none_or(|max| ttft_ok(r, max))
            && slo.tpot_ms.is_none_or(|max| tpot_ok(r, max))
            && slo.e2e_ms.is_none_or(|max| e2e_ok(r, max))
    });
    let pct = slo.percentile.percent();
    // Integer comparison: within / n ≥ pct / 100 without rounding.
    let meets = |within: Option<u64>| within.is_none_or(|w| w * 100 >= pct * n);
    SloVerdict {
        met: n > 0 && meets(ttft_within) && meets(tpot_within) && meets(e2e_within),
        requests: n,
        ttft_within,
        tpot_within,
        e2e_within,
        good_requests: good,
        good_fraction: if n > 0 { good as f64 / n as f64 } else { 0.0 },
        goodput_requests_per_s: if window_s > 0.0 {
            good as f64 / window_s
        } else {
            0.0
        },
    }
}

/// Relative resolution of the rate search when no absolute one is given: it stops when the
/// lowest missed rate is within 10 % above the highest met one.
pub const DEFAULT_RELATIVE_RESOLUTION: f64 = 0.1;

/// Most stages one search probes.
pub const MAX_PROBES: usize = 30;

/// Highest rate the search probes, requests/s (`benchfit measure --rate`'s own limit).
pub const MAX_RATE: f64 = 100_000.0;

/// The rate search's next probe, or why it stops.
#[derive(Debug, Clone, PartialEq)]
pub enum NextRate {
    /// Probe this rate, requests/s.
    Probe(f64),
    /// Done, with the reason.
    Stop(String),
}

/// The highest probed rate that met the SLOs below the lowest that missed them, and that
/// lowest missed rate. With noisy stages a met rate above a missed one is ignored: the search
/// keeps the bracket `[met, missed]` that bisection needs.
pub fn bracket(probes: &[(f64, bool)]) -> (Option<f64>, Option<f64>) {
    let missed = probes
        .iter()
        .filter(|p| !p.1)
        .map(|p| p.0)
        .fold(None, |m: Option<f64>, r| Some(m.map_or(r, |m| m.min(r))));
    let met = probes
        .iter()
        .filter(|p| p.1 && missed.is_none_or(|m| p.0 < m))
        .map(|p| p.0)
        .fold(None, |m: Option<f64>, r| Some(m.map_or(r, |m| m.max(r))));
    (met, missed)
}

/// The next rate to probe given the probes so far (`(rate, met every SLO)`, in order).
///
/// Bracketing, then bisection: the first probe is `start`; while every probe met the SLOs the
/// next doubles the highest (up to [`MAX_RATE`]); while every probe missed, the next halves the
/// lowest (down to `start / 1024`); once a met rate lies below a missed one, the next is their
/// midpoint, until they are at most `resolution` apart (absolute, requests/s), or without one
/// until the missed rate is at most [`DEFAULT_RELATIVE_RESOLUTION`] above the met one. At most
/// [`MAX_PROBES`] probes. The answer is the met end of the last bracket ([`bracket`]).
pub fn next_rate(start: f64, resolution: Option<f64>, probes: &[(f64, bool)]) -> NextRate {
    if probes.is_empty() {
        return NextRate::Probe(start);
    }
    if probes.len() >= MAX_PROBES {
        return NextRate::Stop(format!(
            "{MAX_PROBES} stages probed (the most one search runs)"
        ));
    }
    match bracket(probes) {
        (Some(met), None) => {
            let next = 2.0 * probes.iter().map(|p| p.0).fold(met, f64::max);
            if next > MAX_RATE {
                NextRate::Stop(format!(
                    "every rate up to {met} requests/s met the SLOs; the search probes at most {MAX_RATE} requests/s"
                ))
            } else {
                NextRate::Probe(next)
            }
        }
        (None, Some(missed)) => {
            let next = missed / 2.0;
            if next < start / 1024.0 {
                NextRate::Stop(format!("no rate down to {missed} requests/s met the SLOs"))
            } else {
                NextRate::Probe(next)
            }
        }
        (Some(met), Some(missed)) => {
            let done = match resolution {
                Some(r) => missed - met <= r,
                None => missed - met <= DEFAULT_RELATIVE_RESOLUTION * met,
            };
            if done {
                NextRate::Stop(format!(
                    "bracket [{met}, {missed}] requests/s within the resolution"
                ))
            } else {
                NextRate::Probe((met + missed) / 2.0)
            }
        }
        // Unreachable with at least one probe; stop rather than loop.
        (None, None) => NextRate::Stop("no probe".into()),
    }
}

/// Two-sided 95 % Student t quantiles `t(0.975, df)` for df = 1…30, then df = 40, 60, 120, and
/// the normal limit 1.95996 (standard table values, e.g. NIST/SEMATECH e-Handbook of
/// Statistical Methods §1.3.6.7.2, to 4 decimals).
const T975: [(u32, f64); 34] = [
    (1, 12.7062),
    (2, 4.3027),
    (3, 3.1824),
    (4, 2.7764),
    (5, 2.5706),
    (6, 2.4469),
    (7, 2.3646),
    (8, 2.3060),
    (9, 2.2622),
    (10, 2.2281),
    (11, 2.2010),
    (12, 2.1788),
    (13, 2.1604),
    (14, 2.1448),
    (15, 2.1314),
    (16, 2.1199),
    (17, 2.1098),
    (18, 2.1009),
    (19, 2.0930),
    (20, 2.0860),
    (21, 2.0796),
    (22, 2.0739),
    (23, 2.0687),
    (24, 2.0639),
    (25, 2.0595),
    (26, 2.0555),
    (27, 2.0518),
    (28, 2.0484),
    (29, 2.0452),
    (30, 2.0423),
    (40, 2.0211),
    (60, 2.0003),
    (120, 1.9799),
    (u32::MAX, 1.95996),
];

/// `t(0.975, df)`: the table value, linear in 1/df between tabulated df above 30 (the table's
/// own interpolation rule); None for df = 0.
pub fn t975(df: u32) -> Option<f64> {
    if df == 0 {
        return None;
    }
    let i = T975.iter().position(|&(d, _)| d >= df)?;
    let (d1, t1) = T975[i];
    if d1 == df || i == 0 {
        return Some(t1);
    }
    let (d0, t0) = T975[i - 1];
    let inv = |d: u32| {
        if d == u32::MAX {
            0.0
        } else {
            1.0 / f64::from(d)
        }
    };
    let f = (inv(d0) - inv(df)) / (inv(d0) - inv(d1));
    Some(t0 + f * (t1 - t0))
}

/// Mean, sample standard deviation and 95 % Student t interval of `values` (non-finite ones
/// are dropped); None when none is left.
pub fn interval(metric: &str, values: &[f64]) -> Option<MetricInterval> {
    let v: Vec<f64> = values.iter().copied().filter(|x| x.is_finite()).collect();
    if v.is_empty() {
        return None;
    }
    let n = v.len();
    let mean = v.iter().sum::<f64>() / n as f64;
    let (sd, lo, hi) = match t975(n as u32 - 1) {
        Some(t) => {
            let sd = (v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64).sqrt();
            let half = t * sd / (n as f64).sqrt();
            (Some(sd), Some(mean - half), Some(mean + half))
        }
        None => (None, None, None),
    };
    Some(MetricInterval {
        metric: metric.into(),
        n: n as u32,
        mean,
        sd,
        ci95_low: lo,
        ci95_high: hi,
    })
}

/// The metrics [`aggregate`] gives an interval for, and how each is read from a stage.
fn metric_values(s: &Stage) -> Vec<(&'static str, Option<f64>)> {
    let l = &s.summary.latency_ms;
    vec![
        (
            "output_tokens_per_s",
            Some(s.summary.throughput.output_tokens_per_s),
        ),
        ("requests_per_s", Some(s.summary.throughput.requests_per_s)),
        ("ttft_ms_mean", l.ttft.map(|p| p.mean)),
        ("ttft_ms_p50", l.ttft.map(|p| p.p50)),
        ("ttft_ms_p95", l.ttft.map(|p| p.p95)),
        ("ttft_ms_p99", l.ttft.map(|p| p.p99)),
        ("tpot_ms_mean", l.tpot.map(|p| p.mean)),
        ("tpot_ms_p50", l.tpot.map(|p| p.p50)),
        ("tpot_ms_p95", l.tpot.map(|p| p.p95)),
        ("tpot_ms_p99", l.tpot.map(|p| p.p99)),
        ("itl_ms_p50", l.itl.map(|p| p.p50)),
        ("itl_ms_p99", l.itl.map(|p| p.p99)),
        ("e2e_ms_p50", l.e2e.map(|p| p.p50)),
        ("e2e_ms_p99", l.e2e.map(|p| p.p99)),
        (
            "goodput_requests_per_s",
            s.slo.map(|v| v.goodput_requests_per_s),
        ),
    ]
}

/// Groups `stages` by load (in first-seen order) and gives each metric's mean and 95 % interval
/// over the repetitions of each load.
pub fn aggregate(stages: &[Stage]) -> Vec<RunsAggregate> {
    let mut out: Vec<RunsAggregate> = Vec::new();
    let mut values: Vec<Vec<(&'static str, Vec<f64>)>> = Vec::new();
    for s in stages {
        let i = match out.iter().position(|a| a.load == s.load) {
            Some(i) => i,
            None => {
                out.push(RunsAggregate {
                    load: s.load.clone(),
                    stages: Vec::new(),
                    metrics: Vec::new(),
                });
                values.push(Vec::new());
                out.len() - 1
            }
        };
        out[i].stages.push(s.index);
        for (name, v) in metric_values(s) {
            let slot = match values[i].iter().position(|(n, _)| *n == name) {
                Some(j) => j,
                None => {
                    values[i].push((name, Vec::new()));
                    values[i].len() - 1
                }
            };
            values[i][slot].1.extend(v);
        }
    }
    for (a, vals) in out.iter_mut().zip(values) {
        a.metrics = vals
            .iter()
            .filter_map(|(name, v)| interval(name, v))
            .collect();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measurement::Chunk;

    fn close(a: f64, b: f64) {
        assert!((a - b).abs() < 1e-9, "{a} != {b}");
    }

    fn ok(sent: f64, ttft: f64, e2e: f64, out: u32) -> RequestRecord {
        RequestRecord {
            sent_ms: sent,
            scheduled_ms: sent,
            ttft_ms: Some(ttft),
            e2e_ms: Some(e2e),
            chunks: vec![
                Chunk {
                    t_ms: ttft,
                    tokens: 1,
                },
                Chunk {
                    t_ms: e2e,
                    tokens: out - 1,
                },
            ],
            output_tokens: out,
            status: RequestStatus::Ok,
            ..Default::default()
        }
    }

    #[test]
    fn steady_state_drops_the_first_tenth_of_the_send_span() {
        // Sends at 0, 100, …, 1000 ms: the window starts at 100 ms; the one sent at 0 is out.
        let rs: Vec<RequestRecord> = (0..11)
            .map(|i| ok(100.0 * i as f64, 10.0, 20.0, 2))
            .collect();
        let refs: Vec<&RequestRecord> = rs.iter().collect();
        let (w, kept) = steady_state(&refs);
        close(w.from_ms, 100.0);
        close(w.to_ms, 1000.0);
        assert_eq!(w.requests, 10);
        assert_eq!(kept.len(), 10);
        // Everything sent at once: all kept.
        let same: Vec<RequestRecord> = (0..4).map(|_| ok(5.0, 10.0, 20.0, 2)).collect();
        let refs: Vec<&RequestRecord> = same.iter().collect();
        assert_eq!(steady_state(&refs).1.len(), 4);
        assert_eq!(steady_state(&[]).0.requests, 0);
    }

    #[test]
    fn p95_verdict_counts_failures_as_misses() {
        // 20 requests: TTFT 10 ms except 1 at 100 ms → 19/20 = 95 % within 50 ms: met at p95,
        // missed at p99. TPOT (30 − 10)/(3 − 1) = 10 ms for all.
        let mut rs: Vec<RequestRecord> = (0..20).map(|i| ok(i as f64, 10.0, 30.0, 3)).collect();
        rs[7].ttft_ms = Some(100.0);
        rs[7].e2e_ms = Some(120.0);
        let refs: Vec<&RequestRecord> = rs.iter().collect();
        let slo = |p| Slo {
            ttft_ms: Some(50.0),
            tpot_ms: Some(10.0),
            e2e_ms: None,
            percentile: p,
        };
        let v = judge(&refs, &slo(SloPercentile::P95), 2.0);
        assert!(v.met);
        assert_eq!(
            (v.requests, v.ttft_within, v.tpot_within),
            (20, Some(19), Some(20))
        );
        assert_eq!(v.good_requests, 19);
        close(v.good_fraction, 0.95);
        close(v.goodput_requests_per_s, 9.5);
        assert!(!judge(&refs, &slo(SloPercentile::P99), 2.0).met);
        // One more miss, by failure: 18/20 = 90 % → missed at p95.
        rs[3].status = RequestStatus::Failed;
        let refs: Vec<&RequestRecord> = rs.iter().collect();
        let v = judge(&refs, &slo(SloPercentile::P95), 2.0);
        assert!(!v.met);
        assert_eq!(v.ttft_within, Some(18));
        // Incomplete requests are not judged: 19 judged, 18 within = 94.7 % < 95 %.
        rs[3].status = RequestStatus::Incomplete;
        let refs: Vec<&RequestRecord> = rs.iter().collect();
        let v = judge(&refs, &slo(SloPercentile::P95), 2.0);
        assert_eq!((v.requests, v.ttft_within), (19, Some(18)));
        assert!(!v.met);
        // No requests: not met.
        assert!(!judge(&[], &slo(SloPercentile::P95), 0.0).met);
        // E2E: 30 ms for 18 of the 19 judged, 120 ms for one: 18/19 within 50 ms < 95 %,
        // 19/19 within 120 ms.
        let e2e = |max| Slo {
            ttft_ms: None,
            tpot_ms: None,
            e2e_ms: Some(max),
            percentile: SloPercentile::P95,
        };
        let v = judge(&refs, &e2e(50.0), 2.0);
        assert_eq!(
            (v.e2e_within, v.met, v.ttft_within),
            (Some(18), false, None)
        );
        assert!(judge(&refs, &e2e(120.0), 2.0).met);
    }

    /// Runs the search against a server whose stages meet the SLOs exactly below `knee`.
    fn search(start: f64, resolution: Option<f64>, knee: f64) -> Vec<f64> {
        let mut probes = Vec::new();
        loop {
            match next_rate(start, resolution, &probes) {
                NextRate::Probe(r) => probes.push((r, r <= knee)),
                NextRate::Stop(_) => return probes.iter().map(|p| p.0).collect(),
            }
        }
    }

    #[test]
    fn bracketing_then_bisection_lands_within_the_resolution() {
        // Knee 28.6 from 10 with resolution 2: 10 ✓, 20 ✓, 40 ✗; 30 ✗, 25 ✓, 27.5 ✓,
        // 28.75 ✗: [27.5, 28.75] is 1.25 wide ≤ 2 → answer 27.5.
        let p = search(10.0, Some(2.0), 28.6);
        assert_eq!(p, vec![10.0, 20.0, 40.0, 30.0, 25.0, 27.5, 28.75]);
        let probes: Vec<(f64, bool)> = p.iter().map(|&r| (r, r <= 28.6)).collect();
        assert_eq!(bracket(&probes), (Some(27.5), Some(28.75)));
        // Starting above the knee halves: 100 ✗, 50 ✗, 25 ✓; 37.5 ✗, 31.25 ✗, 28.125 ✓:
        // 31.25 − 28.125 = 3.125 > 2.8125 (10 % of 28.125) → 29.6875 ✗ → [28.125, 29.6875],
        // 1.5625 ≤ 2.8125: stop.
        let p = search(100.0, None, 28.6);
        assert_eq!(p, vec![100.0, 50.0, 25.0, 37.5, 31.25, 28.125, 29.6875]);
    }

    #[test]
    fn search_stops_when_nothing_or_everything_meets() {
        let p = search(1.0, None, 0.0);
        // 1, 1/2, …, 1/1024 all missed: 11 probes.
        assert_eq!(p.len(), 11);
        assert!(matches!(
            next_rate(
                1.0,
                None,
                &p.iter().map(|&r| (r, false)).collect::<Vec<_>>()
            ),
            NextRate::Stop(_)
        ));
        // Everything met: doubles from 1000 to 64,000 (7 probes), then stops below 100,000.
        let p = search(1000.0, None, f64::INFINITY);
        assert_eq!(p.last(), Some(&64_000.0));
        assert_eq!(p.len(), 7);
    }

    #[test]
    fn noisy_met_above_missed_is_ignored_for_the_bracket() {
        // 20 met, 40 missed, 30 met (noise), 35 missed, then 25 missed by noise: the bracket is
        // the highest met below the lowest missed: [20, 25].
        let probes = [
            (20.0, true),
            (40.0, false),
            (30.0, true),
            (35.0, false),
            (25.0, false),
        ];
        assert_eq!(bracket(&probes), (Some(20.0), Some(25.0)));
    }

    #[test]
    fn student_t_interval_by_hand() {
        // 1, 2, 3, 4, 5: mean 3, sd √2.5 = 1.58114, t(0.975, 4) = 2.7764:
        // half-width 2.7764 × 1.58114 / √5 = 2.7764 × √0.5 = 1.963211.
        let i = interval("x", &[1.0, 2.0, 3.0, 4.0, 5.0]).unwrap();
        close(i.mean, 3.0);
        close(i.sd.unwrap(), 2.5f64.sqrt());
        let half = 2.7764 * 2.5f64.sqrt() / 5f64.sqrt();
        close(i.ci95_low.unwrap(), 3.0 - half);
        close(i.ci95_high.unwrap(), 3.0 + half);
        assert!((half - 1.963211).abs() < 1e-6);
        // One value: a mean, no interval.
        let one = interval("x", &[7.0]).unwrap();
        assert_eq!((one.n, one.sd, one.ci95_low), (1, None, None));
        assert!(interval("x", &[f64::NAN]).is_none());
    }

    #[test]
    fn t_quantiles_interpolate_in_one_over_df() {
        assert_eq!(t975(1), Some(12.7062));
        assert_eq!(t975(30), Some(2.0423));
        assert_eq!(t975(0), None);
        // df 50 between 40 (2.0211) and 60 (2.0003): 1/50 is 60 % of the way from 1/40 to
        // 1/60 → 2.0211 − 0.6 × 0.0208 = 2.00862.
        assert!((t975(50).unwrap() - 2.00862).abs() < 1e-9);
        // Large df tends to the normal 1.95996.
        assert!((t975(100_000).unwrap() - 1.96).abs() < 1e-3);
    }

    #[test]
    fn aggregate_groups_repeats_by_load() {
        let rs = |ttft: f64| -> Vec<RequestRecord> {
            (0..3)
                .map(|i| ok(i as f64 * 10.0, ttft, ttft + 10.0, 2))
                .collect()
        };
        let load = |c| LoadMode::Concurrency { concurrency: c };
        let mk = |i, c, ttft| {
            let r = rs(ttft);
            let refs: Vec<&RequestRecord> = r.iter().collect();
            stage(i, 0, load(c), &refs, false, None)
        };
        let stages = vec![mk(0, 1, 10.0), mk(1, 1, 14.0), mk(2, 2, 50.0)];
        let a = aggregate(&stages);
        assert_eq!(a.len(), 2);
        assert_eq!(a[0].stages, vec![0, 1]);
        let p50 = a[0]
            .metrics
            .iter()
            .find(|m| m.metric == "ttft_ms_p50")
            .unwrap();
        // 10 and 14: mean 12, sd 2√2, t(0.975, 1) = 12.7062 → half 12.7062 × 2√2 / √2 = 25.4124.
        close(p50.mean, 12.0);
        assert!((p50.ci95_high.unwrap() - (12.0 + 25.4124)).abs() < 1e-9);
        assert_eq!(
            a[1].metrics
                .iter()
                .find(|m| m.metric == "ttft_ms_p50")
                .unwrap()
                .n,
            1
        );
    }
}
