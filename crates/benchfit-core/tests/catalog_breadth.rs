//! Accelerators added for issue 12 (item 5): Apple silicon, Gaudi, TPUs, MI355X, B300/GB300,
//! RTX 3090/5090, A30, V100. A claim on one of them gets the physics check instead of "not in the
//! catalog", and the planner searches them only when asked.

use benchfit_core::analysis::PlausibilityStatus;
use benchfit_core::catalog::{gpu, GPUS};
use benchfit_core::check;

/// Llama 3 70B in FP16 is 70.554e9 × 2 B = 141.1 GB of weights, all read once per decode step at
/// batch 1; an M2 Ultra reads unified memory at 800 GB/s (Apple's spec). So 20 tok/s needs
/// 20 × 141.1 / 800 = 3.53 × the bandwidth (more with the step's fixed costs): impossible; 4 tok/s
/// needs 0.71 of it: possible.
#[test]
fn apple_silicon_decode_is_bounded_by_unified_memory_bandwidth() {
    let at = |tps: u32| {
        check(&format!(
            "Llama 3 70B FP16 on one Apple M2 Ultra (192 GB): {tps} tokens/s at batch size 1 with llama.cpp, 512-token prompt, 128 output tokens"
        ))
    };
    let fast = at(20);
    assert_eq!(fast.plausibility.status, PlausibilityStatus::Implausible);
    let mbu = fast.plausibility.implied_mbu.expect("an implied MBU");
    assert!((3.53..4.0).contains(&mbu), "{mbu}");
    let slow = at(4);
    assert_eq!(slow.plausibility.status, PlausibilityStatus::Plausible);
    let mbu = slow.plausibility.implied_mbu.expect("an implied MBU");
    assert!((0.70..0.80).contains(&mbu), "{mbu}");
    let hw = &fast.checklist[5];
    assert!(
        !hw.note
            .as_deref()
            .unwrap_or("")
            .contains("not in the catalog"),
        "{hw:?}"
    );
}

#[test]
fn new_accelerators_carry_their_datasheet_figures() {
    // Intel Gaudi 3 white paper: 128 GB HBM2e at 3.7 TB/s, 1,835 BF16 TFLOPS.
    let g = gpu("gaudi3").unwrap();
    assert_eq!((g.hbm_tb_per_s, g.bf16_tflops), (3.7, 1835.0));
    // Google's TPU v6e page: 918 BF16 TFLOPS, 1,638 GB/s, 32 GB.
    let t = gpu("tpu-v6e").unwrap();
    assert_eq!((t.hbm_tb_per_s, t.bf16_tflops), (1.638, 918.0));
    // AMD: MI355X 8 TB/s, 5.0 PF FP8 dense (twice the FP16 rate).
    let m = gpu("mi355x").unwrap();
    assert_eq!(m.fp8_tflops, Some(2.0 * m.bf16_tflops));
    for id in [
        "rtx-3090", "rtx-5090", "a30", "v100", "b300", "gb300", "gaudi2", "tpu-v5e", "m1-max",
        "m2-max", "m3-max", "m3-ultra", "m4-max",
    ] {
        assert!(gpu(id).is_some(), "{id}");
    }
}

#[test]
fn the_planner_searches_only_serving_gpus_unless_asked() {
    // Apple silicon, TPUs and Gaudi are in the catalog for claims and projections, but the
    // runtimes' efficiencies were measured on GPUs: the planner leaves them out by default.
    for g in GPUS {
        let other_stack = g.id.starts_with("tpu-")
            || g.id.starts_with("gaudi")
            || (g.id.starts_with('m') && g.id[1..].starts_with(|c: char| c.is_ascii_digit()));
        assert_eq!(g.plan_default, !other_stack, "{}", g.id);
    }
}

/// A claim whose engine is outside the catalog (`ktransformers`, kept as its own id by the
/// reader) is projected with another runtime's scheduling and memory defaults; the estimate says
/// which, instead of swapping the engine silently.
#[test]
fn an_engine_outside_the_catalog_is_named_in_the_assumptions() {
    use benchfit_core::{estimate, Scenario};
    let s = Scenario {
        benchmark: "Using ktransformers, Llama 3.1 8B runs at 33 tokens/s on one RTX 4090".into(),
        model: None,
        gpu: None,
        runtime: None,
        ..Scenario::worked_example()
    };
    let e = estimate(&s).expect("an estimate").estimate;
    let a = e
        .assumptions
        .iter()
        .find(|a| a.field == "benchmark.runtime")
        .expect("the benchmark's runtime is an assumption");
    assert_eq!(a.value, "vllm");
    assert!(
        a.reason.contains("`ktransformers` is not in the catalog"),
        "{a:?}"
    );
}
