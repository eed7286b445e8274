//! Server metrics: a Prometheus text exposition format (0.0.4) sample-line reader and the
//! metric families of vLLM, SGLang, TGI and llama.cpp.
//!
//! The reader follows the format's grammar
//! (<https://prometheus.io/docs/instrumenting/exposition_formats/#text-based-format>): metric
//! names `[a-zA-Z_:][a-zA-Z0-9_:]*`, label values in double quotes with the escapes `\\`, `\"`
//! and `\n` (so a `}` or `,` inside a value is just a character), an optional trailing comma
//! in the label set, Go float values (`NaN`, `+Inf`, `-Inf`), an optional integer timestamp.
//! The `prometheus-parse` crate (0.2.5) was tried and not kept: its sample regex reads names as
//! `\w+` (no `:`, so no `vllm:` or `llamacpp:` family) and labels as `[^}]+`.

use benchfit_core::measurement::engine::{EngineCounters, Totals};
use benchfit_core::measurement::MetricSample;
use std::collections::BTreeSet;

/// What one family means.
#[derive(Clone, Copy)]
enum Role {
    /// Fraction 0–1 (vLLM's `kv_cache_usage_perc` is a fraction despite its name).
    KvUsage,
    Running,
    Waiting,
    Preemptions,
}

/// The metric families read, per runtime (names as each runtime exports them).
const FAMILIES: &[(&str, Role)] = &[
    ("vllm:kv_cache_usage_perc", Role::KvUsage),
    ("vllm:gpu_cache_usage_perc", Role::KvUsage),
    ("vllm:num_requests_running", Role::Running),
    ("vllm:num_requests_waiting", Role::Waiting),
    ("vllm:num_preemptions_total", Role::Preemptions),
    ("sglang:token_usage", Role::KvUsage),
    ("sglang:num_running_reqs", Role::Running),
    ("sglang:num_queue_reqs", Role::Waiting),
    ("tgi_batch_current_size", Role::Running),
    ("tgi_queue_size", Role::Waiting),
    ("llamacpp:kv_cache_usage_ratio", Role::KvUsage),
    ("llamacpp:requests_processing", Role::Running),
    ("llamacpp:requests_deferred", Role::Waiting),
];

/// The runtime id (DESIGN §5.2) a metric family belongs to.
pub fn runtime_of(family: &str) -> Option<&'static str> {
    if family.starts_with("vllm:") {
        Some("vllm")
    } else if family.starts_with("sglang:") {
        Some("sglang")
    } else if family.starts_with("tgi_") {
        Some("tgi")
    } else if family.starts_with("llamacpp:") {
        Some("llama.cpp")
    } else {
        None
    }
}

/// One sample line: `name{label="value",...} value [timestamp]`.
#[derive(Debug, Clone, PartialEq)]
pub struct SampleLine<'a> {
    /// Metric name.
    pub name: &'a str,
    /// Label pairs in order, values unescaped.
    pub labels: Vec<(&'a str, String)>,
    /// The value (may be NaN or infinite, as the format allows).
    pub value: f64,
    /// Milliseconds since the epoch, when given.
    pub timestamp_ms: Option<i64>,
}

fn is_name_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || c == b':'
}

fn is_name_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b':'
}

/// A Go `strconv.ParseFloat` value as the format writes it: decimal or exponent notation,
/// `NaN`, `+Inf`, `-Inf`, `Inf` (any case).
fn parse_value(s: &str) -> Option<f64> {
    match s.to_ascii_lowercase().as_str() {
        "nan" => Some(f64::NAN),
        "+inf" | "inf" => Some(f64::INFINITY),
        "-inf" => Some(f64::NEG_INFINITY),
        l if l.contains("inf") || l.contains("nan") => None,
        _ => s.parse::<f64>().ok(),
    }
}

/// Reads one line of the text format; None for comments, blank lines and malformed lines.
pub fn parse_line(line: &str) -> Option<SampleLine<'_>> {
    let line = line.trim_matches([' ', '\t', '\r']);
    let b = line.as_bytes();
    if b.is_empty() || b[0] == b'#' || !is_name_start(b[0]) {
        return None;
    }
    let mut i = 1;
    while i < b.len() && is_name_char(b[i]) {
        i += 1;
    }
    let name = &line[..i];
    let name_end = i;
    skip_ws(b, &mut i);
    let has_labels = i < b.len() && b[i] == b'{';
    if !has_labels && i == name_end {
        // A bare name must be followed by whitespace before its value.
        return None;
    }
    let labels = if has_labels {
        i += 1;
        parse_labels(line, &mut i)?
    } else {
        Vec::new()
    };
    let (value, timestamp_ms) = parse_value_and_time(&line[i..])?;
    Some(SampleLine {
        name,
        labels,
        value,
        timestamp_ms,
    })
}

/// Moves `i` past spaces and tabs.
fn skip_ws(b: &[u8], i: &mut usize) {
    while *i < b.len() && (b[*i] == b' ' || b[*i] == b'\t') {
        *i += 1;
    }
}

/// The label pairs from `i` (just after the `{`) to the closing `}`, `i` moved past it; None
/// when they are malformed.
fn parse_labels<'a>(line: &'a str, i: &mut usize) -> Option<Vec<(&'a str, String)>> {
    let b = line.as_bytes();
    let mut labels = Vec::new();
    loop {
        skip_ws(b, i);
        if *i < b.len() && b[*i] == b'}' {
            *i += 1;
            return Some(labels);
        }
        // label name
        let start = *i;
        if *i >= b.len() || !(b[*i].is_ascii_alphabetic() || b[*i] == b'_') {
            return None;
        }
        while *i < b.len() && (b[*i].is_ascii_alphanumeric() || b[*i] == b'_') {
            *i += 1;
        }
        let label = &line[start..*i];
        skip_ws(b, i);
        if *i >= b.len() || b[*i] != b'=' {
            return None;
        }
        *i += 1;
        skip_ws(b, i);
        if *i >= b.len() || b[*i] != b'"' {
            return None;
        }
        *i += 1;
        let value = parse_label_value(line, i)?;
        labels.push((label, value));
        skip_ws(b, i);
        match b.get(*i) {
            Some(b',') => *i += 1,
            Some(b'}') => {
                *i += 1;
                return Some(labels);
            }
            _ => return None,
        }
    }
}

/// A quoted label value from `i` (just after the opening quote), unescaped, `i` moved past the
/// closing quote; None when it is not closed.
fn parse_label_value(line: &str, i: &mut usize) -> Option<String> {
    let mut value = String::new();
    let mut chars = line[*i..].char_indices();
    while let Some((k, c)) = chars.next() {
        match c {
            '"' => {
                *i += k + 1;
                return Some(value);
            }
            '\\' => match chars.next() {
                Some((_, 'n')) => value.push('\n'),
                Some((_, '\\')) => value.push('\\'),
                Some((_, '"')) => value.push('"'),
                // Unknown escapes are kept as written (Prometheus does the same).
                Some((_, other)) => {
                    value.push('\\');
                    value.push(other);
                }
                None => return None,
            },
            c => value.push(c),
        }
    }
    None
}

/// The value and the optional timestamp after the name and labels; None when malformed or
/// followed by anything else.
fn parse_value_and_time(rest: &str) -> Option<(f64, Option<i64>)> {
    let mut fields = rest.split([' ', '\t']).filter(|f| !f.is_empty());
    let value = parse_value(fields.next()?)?;
    let timestamp_ms = match fields.next() {
        None => None,
        Some(t) => Some(t.parse::<i64>().ok()?),
    };
    if fields.next().is_some() {
        return None;
    }
    Some((value, timestamp_ms))
}

/// Reads one scrape: the sample at `t_ms` and the families of interest found in it. Values of
/// a family with several label sets (one per model or engine) are added up; KV usage is
/// averaged over them instead. Non-finite values are skipped.
pub fn parse(text: &str, t_ms: f64) -> (MetricSample, BTreeSet<String>) {
    let mut sample = MetricSample {
        t_ms,
        ..MetricSample::default()
    };
    let mut found = BTreeSet::new();
    let mut kv = (0.0, 0u32);
    for line in text.lines() {
        let Some(l) = parse_line(line) else {
            continue;
        };
        let Some(&(family, role)) = FAMILIES.iter().find(|(f, _)| *f == l.name) else {
            continue;
        };
        let value = l.value;
        if !value.is_finite() {
            continue;
        }
        found.insert(family.to_string());
        let add = |slot: &mut Option<f64>| *slot = Some(slot.unwrap_or(0.0) + value);
        match role {
            Role::KvUsage => {
                kv.0 += value;
                kv.1 += 1;
            }
            Role::Running => add(&mut sample.running),
            Role::Waiting => add(&mut sample.waiting),
            Role::Preemptions => add(&mut sample.preemptions_total),
        }
    }
    if kv.1 > 0 {
        sample.kv_usage = Some(kv.0 / f64::from(kv.1));
    }
    // Finite values can add up past f64::MAX; such a sum says nothing.
    for slot in [
        &mut sample.kv_usage,
        &mut sample.running,
        &mut sample.waiting,
        &mut sample.preemptions_total,
    ] {
        *slot = slot.filter(|v| v.is_finite());
    }
    (sample, found)
}

/// Where each runtime exports the series of [`EngineCounters`] (names as they appear on
/// `/metrics`; a histogram's `_sum` and `_count` are read, its buckets are not).
///
/// - vLLM 0.33 (`vllm/v1/metrics/loggers.py`, read in the installed wheel): histograms
///   `vllm:request_queue_time_seconds` (WAITING phase), `vllm:request_prefill_time_seconds`
///   (first scheduled → first token), `vllm:request_decode_time_seconds` (first → last token),
///   `vllm:request_inference_time_seconds` (RUNNING phase); counters `vllm:prefix_cache_hits`
///   and `vllm:prefix_cache_queries` (tokens; `prometheus_client` adds `_total`), and
///   `vllm:num_preemptions`. Earlier v1 releases named the cache counters
///   `vllm:gpu_prefix_cache_hits` / `vllm:gpu_prefix_cache_queries`: read too.
/// - SGLang (`python/sglang/srt/metrics/collector.py`, sgl-project/sglang at 00ae9c1):
///   histogram `sglang:queue_time_seconds`; counters `sglang:cached_tokens_total` over
///   `sglang:prompt_tokens_total` (the hit rate), `sglang:num_retracted_requests_total`
///   (retractions: SGLang's preemption). No per-request prefill or decode histogram.
/// - TGI (`docs/source/reference/metrics.md`, huggingface/text-generation-inference at
///   53fdbe6): histograms `tgi_request_queue_duration` and `tgi_request_inference_duration`
///   (seconds). No per-request prefill, no prefix-cache or preemption series.
/// - llama.cpp `llama-server --metrics` (the build of `scripts/llama-server.sh`, read from its
///   `/metrics`): counters `llamacpp:prompt_seconds_total` (prompt processing) and
///   `llamacpp:tokens_predicted_seconds_total` (generation), seconds summed over requests
///   without a request count; `llamacpp:prompt_tokens_cached_total` over it plus
///   `llamacpp:prompt_tokens_total` (which excludes cached tokens). No queue time (a deferred
///   request's wait is in the rest of the TTFT), no preemptions.
pub const ENGINE_SERIES: &[(&str, &str)] = &[
    ("vllm", "vllm:request_queue_time_seconds"),
    ("vllm", "vllm:request_prefill_time_seconds"),
    ("vllm", "vllm:request_decode_time_seconds"),
    ("vllm", "vllm:request_inference_time_seconds"),
    ("vllm", "vllm:prefix_cache_hits_total"),
    ("vllm", "vllm:prefix_cache_queries_total"),
    ("vllm", "vllm:gpu_prefix_cache_hits_total"),
    ("vllm", "vllm:gpu_prefix_cache_queries_total"),
    ("vllm", "vllm:num_preemptions_total"),
    ("sglang", "sglang:queue_time_seconds"),
    ("sglang", "sglang:cached_tokens_total"),
    ("sglang", "sglang:prompt_tokens_total"),
    ("sglang", "sglang:num_retracted_requests_total"),
    ("tgi", "tgi_request_queue_duration"),
    ("tgi", "tgi_request_inference_duration"),
    ("llama.cpp", "llamacpp:prompt_seconds_total"),
    ("llama.cpp", "llamacpp:tokens_predicted_seconds_total"),
    ("llama.cpp", "llamacpp:prompt_tokens_cached_total"),
    ("llama.cpp", "llamacpp:prompt_tokens_total"),
];

/// Reads the cumulative engine series of one scrape (values of several label sets, one per
/// engine or model, added up). The runtime is the first in [`ENGINE_SERIES`] with a series
/// present; non-finite values are skipped.
pub fn engine_counters(text: &str) -> EngineCounters {
    let v = engine_values(text);
    let runtime = ENGINE_SERIES.iter().find_map(|(rt, n)| {
        (v.contains_key(n) || v.contains_key(format!("{n}_count").as_str())).then_some(*rt)
    });
    let mut c = EngineCounters {
        runtime: runtime.map(str::to_string),
        ..EngineCounters::default()
    };
    let Some(rt) = runtime else {
        return c;
    };
    let mut series = Series {
        v,
        used: Vec::new(),
    };
    read_runtime(rt, &mut series, &mut c);
    let mut used = series.used;
    used.sort();
    used.dedup();
    c.metrics = used;
    c
}

/// The finite values of the [`ENGINE_SERIES`] (a histogram's `_sum` and `_count`) in `text`,
/// by series name, each added up over its label sets.
fn engine_values(text: &str) -> std::collections::BTreeMap<&str, f64> {
    let mut v: std::collections::BTreeMap<&str, f64> = std::collections::BTreeMap::new();
    for line in text.lines() {
        let Some(l) = parse_line(line) else {
            continue;
        };
        if !l.value.is_finite() {
            continue;
        }
        let family = l
            .name
            .strip_suffix("_sum")
            .or_else(|| l.name.strip_suffix("_count"))
            .filter(|f| {
                ENGINE_SERIES
                    .iter()
                    .any(|(_, n)| n == f && !n.ends_with("_total"))
            });
        let known = family.is_some() || ENGINE_SERIES.iter().any(|(_, n)| *n == l.name);
        if known {
            *v.entry(l.name).or_insert(0.0) += l.value;
        }
    }
    v.into_iter().filter(|(_, x)| x.is_finite()).collect()
}

/// One scrape's engine series by name, and the names read from them so far.
struct Series<'a> {
    v: std::collections::BTreeMap<&'a str, f64>,
    used: Vec<String>,
}

impl Series<'_> {
    /// The series `n`, noted as used when present.
    fn get(&mut self, n: &str) -> Option<f64> {
        let x = self.v.get(n).copied()?;
        self.used.push(n.to_string());
        Some(x)
    }

    /// The histogram `family`'s sum and count (None when either is missing).
    fn hist(&mut self, family: &str) -> Option<Totals> {
        let sum_s = self.get(&format!("{family}_sum"))?;
        Some(Totals {
            sum_s,
            count: Some(self.get(&format!("{family}_count"))?),
        })
    }
}

/// Fills `c` from the series runtime `rt` exports (see [`ENGINE_SERIES`]).
fn read_runtime(rt: &str, s: &mut Series<'_>, c: &mut EngineCounters) {
    match rt {
        "vllm" => {
            c.queue = s.hist("vllm:request_queue_time_seconds");
            c.prefill = s.hist("vllm:request_prefill_time_seconds");
            c.decode = s.hist("vllm:request_decode_time_seconds");
            c.inference = s.hist("vllm:request_inference_time_seconds");
            let (h, q) = match (
                s.get("vllm:prefix_cache_hits_total"),
                s.get("vllm:prefix_cache_queries_total"),
            ) {
                (Some(h), Some(q)) => (Some(h), Some(q)),
                _ => (
                    s.get("vllm:gpu_prefix_cache_hits_total"),
                    s.get("vllm:gpu_prefix_cache_queries_total"),
                ),
            };
            (c.cache_hit_tokens, c.cache_query_tokens) = (h, q);
            c.preemptions = s.get("vllm:num_preemptions_total");
        }
        "sglang" => {
            c.queue = s.hist("sglang:queue_time_seconds");
            c.cache_hit_tokens = s.get("sglang:cached_tokens_total");
            c.cache_query_tokens = s.get("sglang:prompt_tokens_total");
            c.preemptions = s.get("sglang:num_retracted_requests_total");
        }
        "tgi" => {
            c.queue = s.hist("tgi_request_queue_duration");
            c.inference = s.hist("tgi_request_inference_duration");
        }
        _ => {
            let secs = |x: Option<f64>| x.map(|sum_s| Totals { sum_s, count: None });
            c.prefill = secs(s.get("llamacpp:prompt_seconds_total"));
            c.decode = secs(s.get("llamacpp:tokens_predicted_seconds_total"));
            let cached = s.get("llamacpp:prompt_tokens_cached_total");
            let processed = s.get("llamacpp:prompt_tokens_total");
            c.cache_hit_tokens = cached;
            c.cache_query_tokens = cached
                .zip(processed)
                .map(|(a, b)| a + b)
                .filter(|x| x.is_finite());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use benchfit_core::measurement::engine::{engine_time, ClientSide};

    #[test]
    fn llama_cpp_metrics() {
        // As llama-server --metrics prints them (tools/server/server.cpp).
        let text = "# HELP llamacpp:prompt_tokens_total Number of prompt tokens processed.\n\
                    # TYPE llamacpp:prompt_tokens_total counter\n\
                    llamacpp:prompt_tokens_total 1024\n\
                    # TYPE llamacpp:requests_processing gauge\n\
                    llamacpp:requests_processing 4\n\
                    llamacpp:requests_deferred 2\n";
        let (s, found) = parse(text, 250.0);
        assert_eq!(
            (s.running, s.waiting, s.kv_usage),
            (Some(4.0), Some(2.0), None)
        );
        assert_eq!(s.t_ms, 250.0);
        assert_eq!(
            found.into_iter().collect::<Vec<_>>(),
            vec!["llamacpp:requests_deferred", "llamacpp:requests_processing"]
        );
    }

    #[test]
    fn vllm_metrics_with_labels() {
        let text = "vllm:kv_cache_usage_perc{engine=\"0\",model_name=\"m\"} 0.25\n\
                    vllm:kv_cache_usage_perc{engine=\"1\",model_name=\"m\"} 0.75\n\
                    vllm:num_requests_running{model_name=\"m\"} 3.0\n\
                    vllm:num_requests_waiting{model_name=\"m\"} 1.0 1700000000000\n\
                    vllm:num_preemptions_total{model_name=\"m\"} 7.0\n\
                    vllm:num_requests_running_other 99\n";
        let (s, found) = parse(text, 0.0);
        assert_eq!(s.kv_usage, Some(0.5));
        assert_eq!(s.running, Some(3.0));
        assert_eq!(s.waiting, Some(1.0));
        assert_eq!(s.preemptions_total, Some(7.0));
        assert_eq!(found.len(), 4);
        assert_eq!(runtime_of("vllm:num_requests_running"), Some("vllm"));
    }

    #[test]
    fn sums_past_f64_max_are_dropped() {
        let (s, found) = parse(
            "vllm:num_requests_running{a=\"1\"} 1e308\nvllm:num_requests_running{a=\"2\"} 1e308\n\
             vllm:kv_cache_usage_perc{a=\"1\"} 1.7e308\nvllm:kv_cache_usage_perc{a=\"2\"} 1.7e308\n\
             vllm:num_requests_waiting 2\n",
            0.0,
        );
        assert_eq!((s.running, s.kv_usage, s.waiting), (None, None, Some(2.0)));
        assert_eq!(found.len(), 3);
    }

    #[test]
    fn garbage_is_ignored() {
        let (s, found) = parse(
            "vllm:num_requests_running{oops 3\nsglang:token_usage NaN\n\u{0}",
            0.0,
        );
        assert!(found.is_empty());
        assert_eq!(s.running, None);
    }

    #[test]
    fn a_brace_or_comma_inside_a_label_value_is_part_of_the_value() {
        let text = "vllm:num_requests_running{model_name=\"a}b,c=\\\"d\\\"\",engine=\"0\",} 3 1700000000000\n\
                    vllm:num_requests_waiting { model_name = \"x\\ny\" } +Inf\n";
        let l = parse_line(text.lines().next().unwrap()).unwrap();
        assert_eq!(l.name, "vllm:num_requests_running");
        assert_eq!(
            l.labels,
            vec![
                ("model_name", "a}b,c=\"d\"".to_string()),
                ("engine", "0".to_string())
            ]
        );
        assert_eq!((l.value, l.timestamp_ms), (3.0, Some(1_700_000_000_000)));
        let w = parse_line(text.lines().nth(1).unwrap()).unwrap();
        assert_eq!(w.labels, vec![("model_name", "x\ny".to_string())]);
        assert_eq!(w.value, f64::INFINITY);
        let (s, found) = parse(text, 0.0);
        // The infinite gauge is skipped; the running one is read.
        assert_eq!((s.running, s.waiting), (Some(3.0), None));
        assert_eq!(found.len(), 1);
    }

    #[test]
    fn malformed_lines_are_rejected() {
        for bad in [
            "x{a=\"1\"",      // unclosed label set
            "x{a=1} 2",       // unquoted value
            "x{a=\"1} 2",     // unclosed quote
            "x{1a=\"1\"} 2",  // label name starting with a digit
            "x 1 2 3",        // too many fields
            "x 1 1.5",        // fractional timestamp
            "x",              // no value
            "x infinity",     // not a Go float
            "9x 1",           // name starting with a digit
            "# TYPE x gauge", // comment
        ] {
            assert_eq!(parse_line(bad), None, "{bad}");
        }
        assert_eq!(parse_line("x{} 1").map(|l| l.value), Some(1.0));
        assert_eq!(parse_line("x\t-2e3").map(|l| l.value), Some(-2000.0));
    }

    fn fixture(name: &str) -> String {
        let p = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/metrics/");
        std::fs::read_to_string(format!("{p}{name}")).unwrap()
    }

    /// vLLM 0.33's exposition (prometheus_client, two engines): the stage's 40 requests queued
    /// 50 ms, prefilled 20 ms, decoded 200 ms each; 2,560 of 5,120 prompt tokens hit; 4
    /// preemptions (the fixture script's numbers).
    #[test]
    fn vllm_engine_series_from_its_own_exposition() {
        let before = engine_counters(&fixture("vllm-0.33-before.txt"));
        let after = engine_counters(&fixture("vllm-0.33-after.txt"));
        assert_eq!(after.runtime.as_deref(), Some("vllm"));
        let q = after.queue.unwrap();
        assert_eq!(q.count, Some(50.0));
        assert!((q.sum_s - 3.5).abs() < 1e-9, "{}", q.sum_s);
        assert_eq!(
            (
                after.cache_hit_tokens,
                after.cache_query_tokens,
                after.preemptions
            ),
            (Some(3560.0), Some(9120.0), Some(7.0))
        );
        assert!(after
            .metrics
            .contains(&"vllm:request_prefill_time_seconds_sum".to_string()));
        let e = engine_time(
            None,
            (0.0, 1.0),
            &before,
            &after,
            ClientSide {
                completed: 40,
                ttft_mean_ms: Some(95.0),
            },
        )
        .unwrap();
        let near = |a: Option<f64>, b: f64| assert!((a.unwrap() - b).abs() < 1e-9, "{a:?} vs {b}");
        near(e.queue_ms, 50.0);
        near(e.prefill_ms, 20.0);
        near(e.decode_ms, 200.0);
        near(e.inference_ms, 220.0);
        near(e.ttft.unwrap().rest_ms, 25.0);
        assert_eq!(e.prefix_cache.unwrap().hit_rate, 0.5);
        assert_eq!(e.preemptions, Some(4.0));
        assert_eq!(e.engine_requests, Some(40.0));
        // The gauges still read as before from the same text.
        let (s, _) = parse(&fixture("vllm-0.33-after.txt"), 0.0);
        assert_eq!((s.running, s.kv_usage), (Some(2.0), Some(0.0625)));
    }

    /// The real llama-server's counters: three requests between the scrapes (see the fixture
    /// README): prompt seconds 0.001542 → 0.003515, generation 0.001614 → 0.010819 (9.205 ms,
    /// the sum of its own per-request timings), 55 cached of 8 + 55 prompt tokens.
    #[test]
    fn llama_cpp_engine_series_from_the_real_server() {
        let before = engine_counters(&fixture("llama-server-0.3.36-before.txt"));
        let after = engine_counters(&fixture("llama-server-0.3.36-after.txt"));
        assert_eq!(after.runtime.as_deref(), Some("llama.cpp"));
        assert_eq!(after.queue, None);
        let e = engine_time(
            None,
            (0.0, 1.0),
            &before,
            &after,
            ClientSide {
                completed: 3,
                ttft_mean_ms: Some(2.0),
            },
        )
        .unwrap();
        assert!((e.prefill_ms.unwrap() - 1.973 / 3.0).abs() < 1e-9);
        assert!((e.decode_ms.unwrap() - 9.205 / 3.0).abs() < 1e-9);
        let c = e.prefix_cache.unwrap();
        assert_eq!((c.hit_tokens, c.query_tokens), (55.0, 63.0));
        assert_eq!(e.queue_ms, None);
        assert_eq!(e.preemptions, None);
    }

    /// SGLang (names of python/sglang/srt/metrics/collector.py) and TGI (its metrics
    /// reference): what each has.
    #[test]
    fn sglang_and_tgi_engine_series() {
        let sg = |q: f64, n: f64, cached: f64, prompt: f64, retracted: f64| {
            engine_counters(&format!(
                "sglang:queue_time_seconds_bucket{{le=\"0.1\",model_name=\"m\"}} {n}\n\
                 sglang:queue_time_seconds_sum{{model_name=\"m\"}} {q}\n\
                 sglang:queue_time_seconds_count{{model_name=\"m\"}} {n}\n\
                 sglang:cached_tokens_total{{model_name=\"m\"}} {cached}\n\
                 sglang:prompt_tokens_total{{model_name=\"m\"}} {prompt}\n\
                 sglang:num_retracted_requests_total{{model_name=\"m\"}} {retracted}\n\
                 sglang:num_running_reqs{{model_name=\"m\"}} 3\n"
            ))
        };
        // 20 requests queued 0.6 s in all (30 ms each); 300 cached of 1,200 prompt tokens.
        let e = engine_time(
            Some(0),
            (0.0, 1.0),
            &sg(0.1, 5.0, 100.0, 400.0, 1.0),
            &sg(0.7, 25.0, 400.0, 1600.0, 1.0),
            ClientSide {
                completed: 20,
                ttft_mean_ms: Some(45.0),
            },
        )
        .unwrap();
        assert_eq!(e.runtime, "sglang");
        assert!((e.queue_ms.unwrap() - 30.0).abs() < 1e-9);
        assert_eq!(e.prefill_ms, None);
        assert_eq!(e.prefix_cache.unwrap().hit_rate, 0.25);
        assert_eq!(e.preemptions, Some(0.0));
        assert!((e.ttft.unwrap().rest_ms.unwrap() - 15.0).abs() < 1e-9);

        let tgi = |q: f64, i: f64, n: f64| {
            engine_counters(&format!(
                "tgi_request_queue_duration_sum {q}\ntgi_request_queue_duration_count {n}\n\
                 tgi_request_inference_duration_sum {i}\ntgi_request_inference_duration_count {n}\n\
                 tgi_queue_size 0\n"
            ))
        };
        // 8 requests: queue 0.08 s (10 ms each), inference 4 s (500 ms each).
        let e = engine_time(
            None,
            (0.0, 1.0),
            &tgi(0.0, 0.0, 0.0),
            &tgi(0.08, 4.0, 8.0),
            ClientSide {
                completed: 8,
                ttft_mean_ms: Some(30.0),
            },
        )
        .unwrap();
        assert_eq!(e.runtime, "tgi");
        assert!((e.queue_ms.unwrap() - 10.0).abs() < 1e-9);
        assert!((e.inference_ms.unwrap() - 500.0).abs() < 1e-9);
        assert_eq!((e.prefix_cache, e.preemptions), (None, None));
        assert!(e.notes.iter().any(|n| n.contains("no per-request prefill")));
    }

    #[test]
    fn llama_cpp_counters_adding_past_f64_max_give_no_query_count() {
        let c = engine_counters(
            "llamacpp:prompt_tokens_cached_total 1e308\nllamacpp:prompt_tokens_total 1e308\n",
        );
        assert_eq!(c.runtime.as_deref(), Some("llama.cpp"));
        assert_eq!(
            (c.cache_hit_tokens, c.cache_query_tokens),
            (Some(1e308), None)
        );
    }

    #[test]
    fn no_engine_series_no_runtime() {
        let c = engine_counters("vllm:num_requests_running 1\nfoo_sum 3\nfoo_count 1\n");
        assert_eq!(c, EngineCounters::default());
    }

    fn escape(v: &str) -> String {
        v.replace('\\', "\\\\")
            .replace('"', "\\\"")
            .replace('\n', "\\n")
    }

    proptest::proptest! {
        /// Whatever the label values hold, a line written by the format's rules reads back.
        #[test]
        fn written_lines_read_back(
            name in "[a-zA-Z_:][a-zA-Z0-9_:]{0,20}",
            labels in proptest::collection::vec(("[a-zA-Z_][a-zA-Z0-9_]{0,8}", "\\PC{0,12}"), 0..4),
            value in -1e12f64..1e12,
            ts in proptest::option::of(0i64..4_000_000_000_000),
            comma in proptest::bool::ANY,
        ) {
            let mut line = name.clone();
            if !labels.is_empty() {
                let parts: Vec<String> =
                    labels.iter().map(|(k, v)| format!("{k}=\"{}\"", escape(v))).collect();
                line.push_str(&format!("{{{}{}}}", parts.join(","), if comma { "," } else { "" }));
            }
            line.push_str(&format!(" {value}"));
            if let Some(t) = ts {
                line.push_str(&format!(" {t}"));
            }
            let l = parse_line(&line).expect("reads back");
            proptest::prop_assert_eq!(l.name, name.as_str());
            let want: Vec<(&str, String)> =
                labels.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
            proptest::prop_assert_eq!(l.labels, want);
            proptest::prop_assert_eq!(l.value, value);
            proptest::prop_assert_eq!(l.timestamp_ms, ts);
        }

        /// Any text: no panic, and only finite values reach the sample and the engine series.
        #[test]
        fn any_text_is_safe(text in "\\PC{0,200}") {
            let c = engine_counters(&text);
            for t in [c.queue, c.prefill, c.decode, c.inference].into_iter().flatten() {
                proptest::prop_assert!(t.sum_s.is_finite() && t.count.is_none_or(f64::is_finite));
            }
            for v in [c.cache_hit_tokens, c.cache_query_tokens, c.preemptions].into_iter().flatten() {
                proptest::prop_assert!(v.is_finite());
            }
            let (s, _) = parse(&text, 0.0);
            for v in [s.kv_usage, s.running, s.waiting, s.preemptions_total].into_iter().flatten() {
                proptest::prop_assert!(v.is_finite());
            }
        }
    }
}
