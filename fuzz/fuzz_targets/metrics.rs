//! The Prometheus text reader of `benchfit measure`: never panics, and every value it reports is
//! finite.
#![no_main]

#[allow(dead_code)]
#[path = "../../crates/benchfit-cli/src/measure/metrics.rs"]
mod metrics;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let (s, found) = metrics::parse(text, 1.0);
    for v in [s.kv_usage, s.running, s.waiting, s.preemptions_total].into_iter().flatten() {
        assert!(v.is_finite(), "{v}");
    }
    // A value reported means its family was found.
    let any = [s.kv_usage, s.running, s.waiting, s.preemptions_total].iter().any(Option::is_some);
    assert!(!any || !found.is_empty());
    for f in &found {
        assert!(metrics::runtime_of(f).is_some(), "{f}");
    }
});
