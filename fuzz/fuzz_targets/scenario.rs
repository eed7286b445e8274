//! The URL scenario decoder, then an estimate of what it returns: no panic, no endless run, and
//! whatever the decoder accepts either estimates to finite numbers or is refused with a reason.
#![no_main]

use benchfit_core::{estimate, Scenario};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|query: &str| {
    let (s, _issues) = Scenario::from_query(query);
    // The decoder's output encodes and decodes to itself.
    let (back, issues) = Scenario::from_query(&s.to_query());
    assert!(issues.is_empty(), "re-decoding gave {issues:?}");
    assert_eq!(back, s);
    // A short simulation keeps the run fast (the decoder, the analysis and the model run in
    // full; 50 simulated requests exercise every scheduler path).
    let mut s = s;
    s.requests = s.requests.min(50);
    if let Ok(r) = estimate(&s) {
        let e = &r.estimate;
        assert!(e.throughput.output_tokens_per_s.is_finite());
        assert!(e.throughput.requests_per_s.is_finite() && e.throughput.requests_per_s > 0.0);
        for p in [&e.latency_ms.ttft, &e.latency_ms.itl, &e.latency_ms.tpot, &e.latency_ms.e2e] {
            assert!(p.is_finite(), "{p:?}");
        }
        if let Some(c) = e.cost.per_request_usd {
            assert!(c.is_finite() && c >= 0.0, "{c}");
        }
    }
});
