//! The planner (issue 13): hand-worked cases and the capacity property.
//!
//! Small models, few GPUs and 100-request probes keep each plan fast in a debug build.

use benchfit_core::analysis::make_setup;
use benchfit_core::catalog::{dtype, gpu, model, runtime};
use benchfit_core::input::Arrival;
use benchfit_core::input::{LengthDist, Slo};
use benchfit_core::model::Efficiency;
use benchfit_core::plan::capacity::{simulated_capacity, Shape};
use benchfit_core::plan::{
    plan, Candidate, Method, Percentile, Plan, PlanError, PlanInput, PriceOverride, Traffic,
};
use proptest::prelude::*;

/// Llama 3.1 8B, no claim (every row on the prior), 1,800/400 tokens, on the given GPUs at one
/// GPU per replica, every fitting candidate simulated.
fn small(gpus: &[&str], rate: f64) -> PlanInput {
    let mut p = PlanInput::worked_example();
    p.scenario.benchmark = String::new();
    p.scenario.model = Some("llama-3.1-8b".into());
    p.gpus = gpus.iter().map(|g| g.to_string()).collect();
    p.max_gpus_per_replica = 1;
    p.traffic = Traffic::Rate {
        requests_per_s: rate,
    };
    p.slo = Slo {
        ttft_ms: Some(1000.0),
        tpot_ms: Some(30.0),
        e2e_ms: None,
    };
    p.sim_requests = 100;
    p.max_contenders = 1000;
    p.confirm_top = 1000;
    p
}

fn row<'a>(p: &'a Plan, like: &Candidate) -> &'a Candidate {
    p.candidates
        .iter()
        .find(|c| {
            c.gpu == like.gpu
                && c.tp == like.tp
                && c.weights == like.weights
                && c.kv_dtype == like.kv_dtype
        })
        .expect("same candidate in both plans")
}

#[test]
fn weights_that_do_not_fit_are_rejected_with_the_reason() {
    // Llama 3 70B on one L4 (23,034 MiB ≈ 24.2 GB): BF16 weights are 70.6 B × 2 B ≈ 141 GB, FP8
    // ≈ 72 GB, AWQ INT4 ≈ 0.53 B × 70.6 B ≈ 38 GB: none fits in 0.9 × 24.2 GB − 2 GiB ≈ 19.6 GB.
    let mut p = small(&["l4"], 1.0);
    p.scenario.model = Some("llama-3-70b".into());
    let plan = plan(&p).unwrap();
    assert_eq!(plan.candidates.len(), 6, "3 weight formats × 2 KV dtypes");
    for c in &plan.candidates {
        assert!(!c.fits && c.rank.is_none() && c.cost.is_none(), "{c:?}");
        let reason = c.reason.as_deref().unwrap();
        assert!(
            reason.contains("weights") && reason.contains("do not fit in 1 × L4"),
            "{reason}"
        );
    }
    assert_eq!(plan.counts.fitting, 0);
    assert!(plan.warnings.iter().any(|w| w.contains("No candidate")));
}

#[test]
fn a_request_longer_than_the_cache_is_rejected_with_the_reason() {
    // Llama 3.1 8B BF16 on an L4: 16 GB of weights leave ~2.5 GB of KV cache = ~20,000 tokens at
    // 128 KiB per token; a 30,000 + 2,000-token request cannot be held.
    let mut p = small(&["l4"], 0.1);
    p.scenario.prompt_tokens = 30_000;
    p.scenario.output_tokens = 2_000;
    let plan = plan(&p).unwrap();
    let c = plan
        .candidates
        .iter()
        .find(|c| c.weights == "bf16" && c.kv_dtype == "bf16")
        .unwrap();
    assert!(!c.fits);
    assert!(
        c.reason
            .as_deref()
            .unwrap()
            .contains("the longest request (32000 tokens)"),
        "{:?}",
        c.reason
    );
}

#[test]
fn doubling_the_rate_doubles_replicas_when_one_replicas_capacity_is_fixed() {
    let base = plan(&small(&["l40s"], 1.0)).unwrap();
    let first = base.candidates.iter().find(|c| c.serves()).unwrap();
    let cap = first.capacity_rps_per_replica.unwrap();
    assert!(cap > 0.0);
    // 1.8 × capacity needs 2 replicas; 3.6 × capacity needs 4.
    let a = plan(&small(&["l40s"], 1.8 * cap)).unwrap();
    let b = plan(&small(&["l40s"], 3.6 * cap)).unwrap();
    let (ra, rb) = (row(&a, first), row(&b, first));
    assert_eq!(ra.capacity_rps_per_replica, Some(cap));
    assert_eq!(rb.capacity_rps_per_replica, Some(cap));
    assert_eq!((ra.replicas, rb.replicas), (Some(2), Some(4)));
    assert_eq!(
        (ra.total_gpus, rb.total_gpus),
        (Some(2 * first.tp), Some(4 * first.tp))
    );
    // The capacity of every row is a property of the replica, not of the rate.
    for c in a
        .candidates
        .iter()
        .filter(|c| c.method == Method::Simulated)
    {
        assert_eq!(
            c.capacity_rps_per_replica,
            row(&b, c).capacity_rps_per_replica
        );
    }
}

#[test]
fn a_tighter_tpot_slo_never_lowers_the_cost() {
    let cost = |c: &Candidate| c.cost.map_or(f64::INFINITY, |c| c.fleet.per_request_usd);
    let mut prev: Option<Plan> = None;
    for tpot in [60.0, 30.0, 20.0, 12.0] {
        let mut p = small(&["l40s", "a10g"], 3.0);
        p.slo.tpot_ms = Some(tpot);
        let now = plan(&p).unwrap();
        if let Some(loose) = &prev {
            for c in &now.candidates {
                let l = row(loose, c);
                assert!(
                    cost(c) >= cost(l),
                    "{} at TPOT {tpot}: {c:?} vs {l:?}",
                    c.label()
                );
                assert!(
                    c.capacity_rps_per_replica.unwrap_or(0.0)
                        <= l.capacity_rps_per_replica.unwrap_or(0.0)
                );
            }
            assert!(cost(&now.candidates[0]) >= cost(&loose.candidates[0]));
        }
        prev = Some(now);
    }
}

#[test]
fn at_equal_throughput_the_cheaper_gpu_ranks_first() {
    // The H800 is the H100 SXM die with a slower NVLink: at one GPU per replica both serve the
    // same rate. Whichever is priced lower ranks above its twin.
    for (h100, h800, first) in [(3.0, 2.0, "h800"), (2.0, 3.0, "h100-sxm")] {
        let mut p = small(&["h100-sxm", "h800"], 4.0);
        p.prices = vec![
            PriceOverride {
                gpu: "h100-sxm".into(),
                usd_per_gpu_hour: h100,
            },
            PriceOverride {
                gpu: "h800".into(),
                usd_per_gpu_hour: h800,
            },
        ];
        let plan = plan(&p).unwrap();
        for c in plan.candidates.iter().filter(|c| c.serves()) {
            let twin = plan
                .candidates
                .iter()
                .find(|t| {
                    t.gpu != c.gpu
                        && t.weights == c.weights
                        && t.kv_dtype == c.kv_dtype
                        && t.tp == c.tp
                })
                .unwrap();
            assert_eq!(c.capacity_rps_per_replica, twin.capacity_rps_per_replica);
            let (winner, loser) = if c.gpu == first { (c, twin) } else { (twin, c) };
            assert!(winner.rank < loser.rank, "{winner:?} vs {loser:?}");
            assert_eq!(winner.price_source, "your price");
        }
        assert_eq!(plan.candidates[0].gpu, first);
    }
}

#[test]
fn whole_day_cost_is_busy_hour_cost_times_24_over_busy_hours() {
    let mut p = small(&["l40s"], 2.0);
    p.scenario.busy_hours = 10.0;
    let plan = plan(&p).unwrap();
    assert!(plan.counts.serving > 0);
    for c in plan.candidates.iter().filter_map(|c| c.cost) {
        let want = c.fleet.per_request_usd * 24.0 / 10.0;
        assert!((c.fleet.per_request_whole_day_usd - want).abs() < 1e-15);
        // And the busy-hour cost is the fleet's hourly price spread over 2 req/s × 3,600 s.
        assert!((c.fleet.per_request_usd - c.fleet.fleet_usd_per_hour / 7200.0).abs() < 1e-15);
    }
}

#[test]
fn users_become_a_rate() {
    // 1,000 users × 2 req/min ÷ 60 × peak 1.5 = 50 req/s.
    let t = Traffic::Users {
        users: 1000.0,
        requests_per_user_per_min: 2.0,
        peak_factor: 1.5,
    };
    assert!((t.requests_per_s() - 50.0).abs() < 1e-12);
    assert_eq!(
        t.describe(),
        "1,000 users × 2.00 req/min ÷ 60 × peak 1.50 = 50.0 req/s"
    );
}

#[test]
fn bad_input_names_the_input() {
    type Edit = Box<dyn Fn(&mut PlanInput)>;
    let cases: Vec<(Edit, &str)> = vec![
        (
            Box::new(|p| {
                p.traffic = Traffic::Rate {
                    requests_per_s: f64::NAN,
                }
            }),
            "--rate",
        ),
        (
            Box::new(|p| {
                p.traffic = Traffic::Users {
                    users: 10.0,
                    requests_per_user_per_min: 1.0,
                    peak_factor: 0.5,
                }
            }),
            "--peak-factor",
        ),
        (
            Box::new(|p| p.max_gpus_per_replica = 3),
            "--max-gpus-per-replica",
        ),
        (Box::new(|p| p.headroom_pct = -5.0), "--headroom"),
        (Box::new(|p| p.gpus = vec!["tpu-v5".into()]), "--gpus-from"),
        (
            Box::new(|p| {
                p.prices = vec![PriceOverride {
                    gpu: "h100".into(),
                    usd_per_gpu_hour: -1.0,
                }]
            }),
            "--price-for",
        ),
        (Box::new(|p| p.slo.tpot_ms = Some(0.0)), "--slo-tpot-ms"),
        (Box::new(|p| p.scenario.busy_hours = 25.0), "--busy-hours"),
        (
            Box::new(|p| p.scenario.model = Some("nope".into())),
            "--model",
        ),
    ];
    for (edit, input) in cases {
        let mut p = small(&["l40s"], 1.0);
        edit(&mut p);
        match plan(&p) {
            Err(PlanError::BadInput { input: got, .. }) => assert_eq!(got.flag(), input),
            other => panic!("{input}: {other:?}"),
        }
    }
}

#[test]
fn the_claim_calibrates_its_own_gpu_and_runtime_only() {
    // The worked example calibrates on H100 SXM + vLLM at FP8 weights: those rows say "claim";
    // H200 rows at FP8 (same runtime and precision) carry its efficiency; H200 BF16 rows use the
    // prior; each row's $ band holds its point value.
    let mut p = PlanInput::worked_example();
    p.gpus = vec!["h100-sxm".into(), "h200".into()];
    p.max_contenders = 2;
    let plan = plan(&p).unwrap();
    let cal = plan.calibration.as_ref().unwrap();
    assert_eq!(
        (cal.gpu, cal.runtime, cal.weights),
        ("h100-sxm", "vllm", "fp8")
    );
    use benchfit_core::plan::EfficiencySource::*;
    for c in &plan.candidates {
        let want = match (c.gpu, c.weights) {
            ("h100-sxm", _) => Claim,
            (_, "fp8") => ClaimSameRuntimePrecision,
            _ => Prior,
        };
        assert_eq!(c.efficiency.source, want, "{c:?}");
        if want == Prior {
            assert_eq!((c.efficiency.mbu, c.efficiency.mfu), (0.7, 0.5));
        } else {
            assert_eq!(c.efficiency.mbu, cal.mbu);
        }
        if let Some(cost) = c.cost {
            assert!(cost.per_request_usd_low <= cost.fleet.per_request_usd);
            assert!(cost.per_request_usd_high >= cost.fleet.per_request_usd);
        }
    }
    assert_eq!(plan.counts.simulated, 2);
    assert!(plan.candidates[0].serves());
}

fn l40s_shape(ttft: f64, tpot: f64) -> Shape {
    Shape {
        prompt: LengthDist::Fixed { tokens: 1800 },
        output: LengthDist::Fixed { tokens: 400 },
        arrival: Arrival::Poisson,
        burstiness: 1.0,
        prefix_tokens: 0,
        prompt_pool: 0,
        requests: 100,
        seed: 7,
        slo: Slo {
            ttft_ms: Some(ttft),
            tpot_ms: Some(tpot),
            e2e_ms: None,
        },
        percentile: Percentile::P95,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    /// Capacity under the SLO is monotone in the SLO: loosening either target never lowers it.
    #[test]
    fn capacity_is_monotone_in_the_slo(
        ttft in 100.0f64..5000.0,
        tpot in 8.0f64..80.0,
        more_ttft in 0.0f64..3000.0,
        more_tpot in 0.0f64..40.0,
    ) {
        let bf16 = dtype("bf16").unwrap();
        let setup = make_setup(
            model("llama-3.1-8b").unwrap(),
            gpu("l40s").unwrap(),
            1,
            1,
            bf16,
            bf16,
            runtime("vllm").unwrap(),
            None,
        );
        let tight = simulated_capacity(&setup, Efficiency::PRIOR, &l40s_shape(ttft, tpot));
        let loose = simulated_capacity(
            &setup,
            Efficiency::PRIOR,
            &l40s_shape(ttft + more_ttft, tpot + more_tpot),
        );
        prop_assert!(tight.requests_per_s <= loose.requests_per_s,
            "{tight:?} vs {loose:?}");
        prop_assert_eq!(tight.saturation_requests_per_s, loose.saturation_requests_per_s);
    }
}

#[test]
fn plan_errors_name_the_input_the_way_each_shell_does() {
    // A rate of 0 req/s is below the 0.000001 floor: the page shows its label, the CLI its flag.
    let mut p = small(&["l40s"], 1.0);
    p.traffic = Traffic::Rate {
        requests_per_s: 0.0,
    };
    let e = plan(&p).unwrap_err();
    assert_eq!(
        e.to_string(),
        "Peak rate: must be a number of requests/s from 0.000001 to 1,000,000"
    );
    assert_eq!(
        e.with_name(benchfit_core::plan::PlanField::flag),
        "--rate: must be a number of requests/s from 0.000001 to 1,000,000"
    );
    // A scenario input is named by its row of the input table (the same range as the estimate).
    let mut p = small(&["l40s"], 1.0);
    p.scenario.busy_hours = 25.0;
    let e = plan(&p).unwrap_err();
    assert_eq!(e.to_string(), "Busy hours: must be a number from 0.1 to 24");
    assert!(e
        .with_name(benchfit_core::plan::PlanField::flag)
        .starts_with("--busy-hours: "));
}
