//! The planner's arithmetic: replicas for a rate, and what a fleet costs (DESIGN §4.6–4.7).
//!
//! Pure functions of numbers, so every formula is checked by a hand-worked test.

use serde::Serialize;

/// What a fleet costs, for the user's traffic (not for the fleet's capacity: idle headroom is paid
/// for and shows up here).
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct FleetCost {
    /// USD per hour for every GPU of the fleet.
    pub fleet_usd_per_hour: f64,
    /// USD per request while the traffic runs (busy hours).
    pub per_request_usd: f64,
    /// USD per request with the idle hours of the day paid for: busy-hour cost × 24 ÷ busy hours.
    pub per_request_whole_day_usd: f64,
    /// USD per 1M output tokens while busy.
    pub per_million_output_tokens_usd: f64,
    /// USD per 1M prompt + output tokens while busy.
    pub per_million_total_tokens_usd: f64,
}

/// Replicas needed to serve `rate` requests/s when one replica serves `capacity` requests/s under
/// the SLO, with `headroom_pct` percent spare: `⌈rate ÷ capacity × (1 + headroom/100)⌉`, and at
/// least one. `None` when the capacity is not positive (no load meets the SLO) or the count would
/// exceed `u32`.
///
/// A relative slack of 1e-9 keeps an exact multiple (`rate = 3 × capacity`) from rounding up to
/// one replica more through floating-point error.
pub fn replicas_needed(rate: f64, capacity: f64, headroom_pct: f64) -> Option<u32> {
    if !(capacity > 0.0 && capacity.is_finite() && rate.is_finite() && rate > 0.0) {
        return None;
    }
    let need = rate / capacity * (1.0 + headroom_pct.max(0.0) / 100.0);
    let n = (need * (1.0 - 1e-9)).ceil().max(1.0);
    (n <= u32::MAX as f64).then_some(n as u32)
}

/// The cost of `total_gpus` GPUs at `usd_per_gpu_hour` serving `rate` requests/s of
/// `prompt_tokens` + `output_tokens` (means) for `busy_hours` hours a day.
pub fn fleet_cost(
    total_gpus: u32,
    usd_per_gpu_hour: f64,
    rate: f64,
    prompt_tokens: f64,
    output_tokens: f64,
    busy_hours: f64,
) -> FleetCost {
    let fleet = total_gpus as f64 * usd_per_gpu_hour;
    let per_s = fleet / 3600.0;
    let per_request = per_s / rate;
    FleetCost {
        fleet_usd_per_hour: fleet,
        per_request_usd: per_request,
        per_request_whole_day_usd: per_request * 24.0 / busy_hours,
        per_million_output_tokens_usd: per_s / (rate * output_tokens) * 1e6,
        per_million_total_tokens_usd: per_s / (rate * (prompt_tokens + output_tokens)) * 1e6,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replicas_round_up_and_count_headroom() {
        // 10 req/s on replicas of 4 req/s: 2.5 → 3; with 20% headroom 3.0 → 3; with 25% 3.125 → 4.
        assert_eq!(replicas_needed(10.0, 4.0, 0.0), Some(3));
        assert_eq!(replicas_needed(10.0, 4.0, 20.0), Some(3));
        assert_eq!(replicas_needed(10.0, 4.0, 25.0), Some(4));
        // An exact multiple stays exact.
        assert_eq!(replicas_needed(0.3, 0.1, 0.0), Some(3));
        // A trickle still needs one replica; no capacity needs an impossible number.
        assert_eq!(replicas_needed(0.001, 4.0, 0.0), Some(1));
        assert_eq!(replicas_needed(1.0, 0.0, 0.0), None);
        assert_eq!(replicas_needed(1.0, f64::NAN, 0.0), None);
    }

    #[test]
    fn doubling_the_rate_doubles_replicas_at_a_fixed_capacity() {
        // Capacity 1.7 req/s per replica: 5.1 req/s needs 3, 10.2 needs 6; 6.8 needs 4, 13.6 needs 8.
        for (rate, n) in [(5.1, 3), (6.8, 4), (17.0, 10)] {
            assert_eq!(replicas_needed(rate, 1.7, 0.0), Some(n));
            assert_eq!(replicas_needed(2.0 * rate, 1.7, 0.0), Some(2 * n));
        }
    }

    #[test]
    fn costs_by_hand() {
        // 4 GPUs × $2.50 = $10/h = $0.0027778/s; 2 req/s → $0.0013889 per request; 10 busy hours
        // → × 24 / 10 = $0.0033333; 400 output tokens per request → 800 tok/s → $3.4722 per 1M;
        // 2,200 tokens per request → 4,400 tok/s → $0.63131 per 1M.
        let c = fleet_cost(4, 2.5, 2.0, 1800.0, 400.0, 10.0);
        assert_eq!(c.fleet_usd_per_hour, 10.0);
        assert!((c.per_request_usd - 0.001_388_889).abs() < 1e-9);
        assert!((c.per_request_whole_day_usd - 0.003_333_333).abs() < 1e-9);
        assert!((c.per_million_output_tokens_usd - 3.472_222).abs() < 1e-5);
        assert!((c.per_million_total_tokens_usd - 0.631_313).abs() < 1e-5);
    }

    #[test]
    fn whole_day_is_busy_hour_cost_times_24_over_busy_hours() {
        for busy in [0.5, 8.0, 10.0, 24.0] {
            let c = fleet_cost(3, 1.99, 0.7, 1000.0, 200.0, busy);
            let want = c.per_request_usd * 24.0 / busy;
            assert!((c.per_request_whole_day_usd - want).abs() <= 1e-15 * want.max(1.0));
        }
        // Around the clock there is no idle time to pay for.
        let c = fleet_cost(3, 1.99, 0.7, 1000.0, 200.0, 24.0);
        assert_eq!(c.per_request_whole_day_usd, c.per_request_usd);
    }
}
