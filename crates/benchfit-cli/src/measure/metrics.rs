//! Server metrics: a minimal Prometheus text-format reader (only the `name{labels} value`
//! sample lines are needed) and the metric families of vLLM, SGLang, TGI and llama.cpp.

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

/// Reads one scrape: the sample at `t_ms` and the families of interest found in it. Values of
/// a family with several label sets (one per model or engine) are added up; KV usage is
/// averaged over them instead.
pub fn parse(text: &str, t_ms: f64) -> (MetricSample, BTreeSet<String>) {
    let mut sample = MetricSample {
        t_ms,
        ..MetricSample::default()
    };
    let mut found = BTreeSet::new();
    let mut kv = (0.0, 0u32);
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let name_end = line.find(['{', ' ', '\t']).unwrap_or(line.len());
        let name = &line[..name_end];
        let Some(&(family, role)) = FAMILIES.iter().find(|(f, _)| *f == name) else {
            continue;
        };
        let rest = &line[name_end..];
        let after_labels = match rest.strip_prefix('{') {
            Some(r) => match r.find('}') {
                Some(p) => &r[p + 1..],
                None => continue,
            },
            None => rest,
        };
        let Some(value) = after_labels
            .split_whitespace()
            .next()
            .and_then(|v| v.parse::<f64>().ok())
            .filter(|v| v.is_finite())
        else {
            continue;
        };
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
