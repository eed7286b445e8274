use super::*;
use crate::analysis::make_setup;
use crate::catalog::{dtype, gpu, model, runtime};
use crate::model::{closed_loop, KvCap, StepLoad, Workload};

fn setup(runtime_id: &str) -> Setup {
    let bf16 = dtype("bf16").unwrap();
    make_setup(
        model("llama-3.1-8b").unwrap(),
        gpu("h100-sxm").unwrap(),
        1,
        1,
        bf16,
        bf16,
        runtime(runtime_id).unwrap(),
        None,
    )
}

fn config(setup: Setup, arrivals: Arrivals, prompt: u32, output: u32, requests: u32) -> SimConfig {
    SimConfig {
        setup,
        efficiency: Efficiency { mbu: 0.7, mfu: 0.5 },
        arrivals,
        prompt: LengthDist::Fixed { tokens: prompt },
        output: LengthDist::Fixed { tokens: output },
        requests,
        seed: 7,
        prefix_tokens: 0,
        prompt_pool: 0,
        slo: Slo::default(),
        max_steps: 10_000_000,
    }
}

#[test]
fn one_request_alone() {
    // TTFT = the frontend plus one prefill step of 1,000 tokens; ITL = the single-sequence decode
    // step time.
    let s = setup("vllm");
    let eff = Efficiency { mbu: 0.7, mfu: 0.5 };
    let r = simulate(&config(s, Arrivals::Closed { concurrency: 1 }, 1000, 11, 1));
    let prefill = step_time(
        &s,
        eff,
        &StepLoad {
            prefill_tokens: 1000.0,
            prefill_pairs: 1000.0 * 1001.0 / 2.0,
            ..Default::default()
        },
    )
    .total
    .ms();
    // Plus the frontend's per-request cost.
    let prefill = prefill + s.runtime.frontend_ms;
    let ttft = r.ttft_ms.unwrap();
    assert!(
        (ttft.p50 - prefill).abs() < 1e-9,
        "{} vs {prefill}",
        ttft.p50
    );
    // Ten decode steps at contexts 1,001 … 1,010.
    let gaps: Vec<f64> = (1001..=1010)
        .map(|c| {
            step_time(
                &s,
                eff,
                &StepLoad {
                    decode_seqs: 1.0,
                    decode_context: c as f64,
                    ..Default::default()
                },
            )
            .total
            .ms()
        })
        .collect();
    let itl = r.itl_ms.unwrap();
    assert!((itl.mean - gaps.iter().sum::<f64>() / 10.0).abs() < 1e-9);
    let e2e = r.e2e_ms.unwrap();
    assert!((e2e.p50 - (prefill + gaps.iter().sum::<f64>())).abs() < 1e-9);
    assert!((r.tpot_ms.unwrap().p50 - itl.mean).abs() < 1e-9);
    assert_eq!(r.requests.completed, 1);
}

#[test]
fn closed_loop_obeys_littles_law_and_matches_the_analytic_steady_state() {
    let s = setup("vllm");
    let c = 16;
    let r = simulate(&config(
        s,
        Arrivals::Closed { concurrency: c },
        512,
        128,
        2000,
    ));
    // Little's law: C = X × mean E2E (closed loop, no queueing outside the engine).
    let x = r.requests_per_s;
    let e2e_s = r.e2e_ms.unwrap().mean / 1e3;
    assert!(
        (x * e2e_s / c as f64 - 1.0).abs() < 0.03,
        "X·E2E = {}",
        x * e2e_s
    );
    // The analytic fixed point agrees within 10%.
    let a = closed_loop(
        &s,
        Efficiency { mbu: 0.7, mfu: 0.5 },
        &Workload {
            prompt_tokens: 512.0,
            output_tokens: 128.0,
            concurrency: c as f64,
        },
        KvCap::Enforce,
    )
    .unwrap();
    assert!(
        (r.output_tokens_per_s / a.output_tokens_per_s - 1.0).abs() < 0.10,
        "sim {} vs analytic {}",
        r.output_tokens_per_s,
        a.output_tokens_per_s
    );
    assert_eq!(r.preemptions, 0);
}

#[test]
fn kv_limit_below_concurrency_queues_and_caps_throughput() {
    // A 70B BF16 model on 2 × H100 leaves room for few long sequences.
    let bf16 = dtype("bf16").unwrap();
    let s = make_setup(
        model("llama-3-70b").unwrap(),
        gpu("h100-sxm").unwrap(),
        2,
        1,
        bf16,
        bf16,
        runtime("vllm").unwrap(),
        None,
    );
    let per_seq = 4096 + 512;
    let max = s.max_concurrent_sequences(per_seq as f64).unwrap();
    assert!(max > 2 && max < 64, "{max}");
    let run = |c: u32| {
        simulate(&config(
            s,
            Arrivals::Closed { concurrency: c },
            4096,
            512,
            300,
        ))
    };
    let at_max = run(max);
    let beyond = run(max * 3);
    // Throughput stops growing (within noise) and the excess waits in the queue.
    assert!(
        beyond.output_tokens_per_s < at_max.output_tokens_per_s * 1.08,
        "{} vs {}",
        beyond.output_tokens_per_s,
        at_max.output_tokens_per_s
    );
    assert!(beyond.queue_ms.unwrap().p50 > 10.0 * at_max.queue_ms.unwrap().p50.max(1.0));
    assert!(beyond.peak_kv_usage > 0.85);
}

#[test]
fn same_seed_same_result_and_poisson_rate() {
    let s = setup("vllm");
    let arr = Arrivals::Open {
        requests_per_s: 4.0,
        arrival: Arrival::Poisson,
        burstiness: 1.0,
    };
    let mut cfg = config(s, arr, 256, 64, 2000);
    cfg.output = LengthDist::LogNormal {
        mean: 64.0,
        sd: 32.0,
    };
    let a = simulate(&cfg);
    let b = simulate(&cfg);
    assert_eq!(a, b);
    // Below capacity the engine keeps up: completions ≈ the offered 4 req/s.
    assert!(
        (a.requests_per_s / 4.0 - 1.0).abs() < 0.08,
        "{}",
        a.requests_per_s
    );
    cfg.seed = 8;
    assert_ne!(simulate(&cfg).e2e_ms, a.e2e_ms);
}

#[test]
fn burstier_arrivals_raise_the_ttft_tail() {
    let s = setup("vllm");
    let run = |arrival, burst| {
        let mut cfg = config(
            s,
            Arrivals::Open {
                requests_per_s: 6.0,
                arrival,
                burstiness: burst,
            },
            2048,
            128,
            3000,
        );
        cfg.seed = 3;
        simulate(&cfg).ttft_ms.unwrap().p99
    };
    let constant = run(Arrival::Constant, 1.0);
    let poisson = run(Arrival::Poisson, 1.0);
    let bursty = run(Arrival::Gamma, 0.25);
    assert!(
        constant < poisson && poisson < bursty,
        "{constant} {poisson} {bursty}"
    );
}

#[test]
fn preemption_when_blocks_run_out() {
    // Outputs much longer than prompts: admission sees room, growth runs out of blocks.
    let bf16 = dtype("bf16").unwrap();
    let s = make_setup(
        model("llama-3-70b").unwrap(),
        gpu("h100-sxm").unwrap(),
        2,
        1,
        bf16,
        bf16,
        runtime("vllm").unwrap(),
        None,
    );
    let r = simulate(&config(
        s,
        Arrivals::Closed { concurrency: 64 },
        64,
        4000,
        128,
    ));
    assert!(r.preemptions > 0);
    assert_eq!(r.requests.completed, 128);
}

#[test]
fn step_limit_reports_incomplete_requests() {
    let mut cfg = config(
        setup("vllm"),
        Arrivals::Closed { concurrency: 4 },
        100,
        1000,
        10,
    );
    cfg.max_steps = 50;
    let r = simulate(&cfg);
    assert_eq!(r.requests.completed, 0);
    assert_eq!(r.requests.incomplete, 4);
    assert!(r.incomplete_output_tokens > 0);
}

#[test]
fn goodput_counts_requests_within_slo() {
    let mut cfg = config(
        setup("vllm"),
        Arrivals::Closed { concurrency: 8 },
        512,
        64,
        400,
    );
    cfg.slo = Slo {
        ttft_ms: Some(1e9),
        tpot_ms: None,
        e2e_ms: None,
    };
    let all = simulate(&cfg);
    assert!((all.goodput_requests_per_s.unwrap() - all.requests_per_s).abs() < 1e-9);
    cfg.slo = Slo {
        ttft_ms: Some(0.001),
        tpot_ms: None,
        e2e_ms: None,
    };
    assert_eq!(simulate(&cfg).goodput_requests_per_s, Some(0.0));
}

#[test]
fn a_prompt_pool_reuses_cached_prompts_and_evicts_under_kv_pressure() {
    // One prompt of 2,000 tokens re-sent 50 times, closed loop at 4: after the first cohort
    // every request finds its prompt cached (125 whole blocks of 16) and computes only the last
    // token (1,999 skipped).
    let s = setup("vllm");
    let mut c = config(s, Arrivals::Closed { concurrency: 4 }, 2000, 50, 50);
    let fresh = simulate(&c);
    c.prompt_pool = 1;
    let reused = simulate(&c);
    assert_eq!(fresh.prompt_pool_hit_tokens, 0);
    // The first cohort of 4 all miss (sent at once); the other 46 hit.
    assert_eq!(reused.prompt_pool_hit_tokens, 46 * 1999);
    assert!(reused.ttft_ms.unwrap().p50 < fresh.ttft_ms.unwrap().p50 / 3.0);
    assert!(reused.output_tokens_per_s > fresh.output_tokens_per_s);
    // A pool far larger than the KV cache (10,000 prompts of 2,000 tokens on one H100 holding
    // a few hundred thousand tokens): entries are evicted, every request still completes.
    c.prompt_pool = 10_000;
    c.requests = 400;
    let big = simulate(&c);
    assert_eq!(big.requests.completed, 400);
    assert!(big.peak_kv_usage <= 1.0);
}

#[test]
fn prompts_over_an_unchunked_budget_are_counted_apart_from_kv_rejections() {
    // TensorRT-LLM without chunked context takes a prompt whole in one step of at most
    // `max_batched_tokens` (8,192 by default): a 9,000-token prompt never runs, and that is not
    // a KV shortage (one 9,100-token sequence of Llama 3.1 8B needs ~1.2 GB of an 80 GB card).
    let s = setup("tensorrt-llm");
    assert!(!s.runtime.chunked_prefill && s.max_batched_tokens == 8192);
    let r = simulate(&config(
        s,
        Arrivals::Closed { concurrency: 2 },
        9000,
        100,
        4,
    ));
    assert_eq!(r.requests.over_budget, 4);
    assert_eq!(r.requests.rejected, 0);
    assert_eq!(r.requests.completed, 0);
    // Under the budget they run.
    let r = simulate(&config(
        s,
        Arrivals::Closed { concurrency: 2 },
        8000,
        100,
        4,
    ));
    assert_eq!((r.requests.completed, r.requests.over_budget), (4, 0));
}
