//! Small derived readouts of a scenario and an estimate that the shells show (the page's KV
//! paragraph, the curve's KV ceiling line, the goodput share): computed here so that no view
//! does arithmetic on the core's numbers. Methods only; the JSON of an estimate is unchanged.

use crate::input::Scenario;
use crate::input::Slo;
use crate::project::Estimate;

impl Scenario {
    /// Tokens one request holds in the KV cache at its end: prompt + output (the size the KV
    /// ceiling [`crate::project::Kv::max_concurrent_sequences`] is computed at).
    #[must_use]
    pub fn request_tokens(&self) -> u64 {
        u64::from(self.prompt_tokens) + u64::from(self.output_tokens)
    }
}

impl Slo {
    /// True when any latency target is given.
    #[must_use]
    pub fn is_set(&self) -> bool {
        self.ttft_ms.is_some() || self.tpot_ms.is_some() || self.e2e_ms.is_some()
    }
}

impl Estimate {
    /// The deployment's KV ceiling: concurrent sequences per replica × replicas.
    #[must_use]
    pub fn kv_ceiling(&self) -> u64 {
        u64::from(self.kv.max_concurrent_sequences) * u64::from(self.deployment.replicas)
    }

    /// The share of completed requests that met the SLOs, 0–1: goodput / request rate (None
    /// without SLOs; 0 when nothing completed).
    #[must_use]
    pub fn goodput_share(&self) -> Option<f64> {
        let g = self.simulation.goodput_requests_per_s?;
        let r = self.throughput.requests_per_s;
        Some(if r > 0.0 { g / r } else { 0.0 })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn readouts_of_the_worked_example() {
        let mut s = Scenario::worked_example();
        // 1,800 + 400 tokens.
        assert_eq!(s.request_tokens(), 2200);
        assert!(!s.slo.is_set());
        // Two single-GPU replicas: each holds the worked example's 13 sequences
        // (estimate.rs `worked_example_projection` works the 13 out by hand).
        s.gpus = Some(2);
        s.tp = Some(1);
        let e = crate::estimate(&s).unwrap().estimate;
        assert_eq!(e.deployment.replicas, 2);
        assert_eq!(e.kv_ceiling(), 26);
        assert_eq!(e.goodput_share(), None);
        // A target every request meets, then one none can.
        s.slo.tpot_ms = Some(1e9);
        assert!(s.slo.is_set());
        let all = crate::estimate(&s)
            .unwrap()
            .estimate
            .goodput_share()
            .unwrap();
        assert!((all - 1.0).abs() < 1e-9, "{all}");
        s.slo.tpot_ms = Some(0.001);
        let none = crate::estimate(&s)
            .unwrap()
            .estimate
            .goodput_share()
            .unwrap();
        assert_eq!(none, 0.0);
    }
}
