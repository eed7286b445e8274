//! Price presets: on-demand and the 1-year commitment tier.

use benchfit_core::catalog::{gpu, PriceTier, COMMITTED_DISCOUNT};
use benchfit_core::{estimate, Scenario};

#[test]
fn committed_tier_scales_the_preset_and_the_cost() {
    let mut s = Scenario::worked_example();
    let on_demand = estimate(&s).unwrap().estimate;
    s.price_tier = PriceTier::Committed;
    let committed = estimate(&s).unwrap().estimate;
    // $2.99 × 0.65 = $1.9435 → $1.94 (rounded to cents).
    assert_eq!(committed.cost.price_usd_per_gpu_hour, Some(1.94));
    assert!(committed
        .cost
        .price_source
        .as_deref()
        .unwrap()
        .starts_with("1-year commitment"));
    let ratio = committed.cost.per_request_usd.unwrap() / on_demand.cost.per_request_usd.unwrap();
    assert!((ratio - 1.94 / 2.99).abs() < 1e-9, "{ratio}");
    assert_eq!(COMMITTED_DISCOUNT, 0.65);
    // A given price wins over either preset.
    s.price_usd_per_gpu_hour = Some(5.0);
    assert_eq!(
        estimate(&s).unwrap().estimate.cost.price_usd_per_gpu_hour,
        Some(5.0)
    );
    // Every catalog GPU has both tiers.
    let (p, src) = gpu("h200").unwrap().price.for_tier(PriceTier::Committed);
    assert!(p > 0.0 && src.contains("on-demand"));
}
