//! Reading rules of CLAIMS.md, one small text each, with the reading worked out by hand from the
//! rule (not from the reader's output).

use benchfit_core::claim::{read, FigureKind, Scope};

/// The prompt and output lengths read from `t`.
fn lens(t: &str) -> (Option<u32>, Option<u32>) {
    let c = read(t);
    (
        c.prompt_tokens.map(|f| f.value),
        c.output_tokens.map(|f| f.value),
    )
}

/// §1 rule 6: the end of a chain of improvements is the best tuned result, even when a later
/// line holds another arrow (`38 → 31 GB`).
#[test]
fn chain_of_improvements_ends_where_it_stops() {
    let c = read(
        "Baseline: 1820 tokens/s.\n- Throughput: 1820 → 3120 tokens/s\n\
         - Throughput: 3120 → 4520 tokens/s\n- Per-card weight footprint: 38 → 31 GB",
    );
    assert_eq!(c.figures[0].value, 4520.0);
}

/// §1 rule 3: with no token throughput, the mean TPOT before the request rate; "latency per
/// output token" is a time per output token.
#[test]
fn latency_per_output_token_is_tpot() {
    let c = read(
        "Throughput: 5.99 requests/s\nAverage latency: 67.59 s\n\
         Average latency per output token: 1.10 s",
    );
    assert_eq!(c.figures[0].kind, FigureKind::Tpot);
    assert_eq!(c.figures[0].value, 1.1);
}

/// §2: a throughput measured at saturation (requests at an infinite rate) is the whole load's.
#[test]
fn saturation_run_is_aggregate() {
    let c = read(
        "Requests are fed at an infinite rate. Llama 3.1 8B on one H100 reached 9000 tokens/s.",
    );
    assert_eq!(c.figures[0].value, 9000.0);
    assert_eq!(c.figures[0].scope, Some(Scope::Aggregate));
}

/// §2: Chinese kind words: 输出吞吐 is output throughput, 解码速度 a decode rate.
#[test]
fn chinese_kind_words() {
    let c = read("单节点上输出吞吐达到每秒 1200 tokens/s");
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    let c = read("解码速度 35 tokens/s");
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
}

/// §3 Hardware: a JSON record's `gpu_type` names the one device the run used.
#[test]
fn gpu_type_record_is_one_device() {
    let c = read(
        r#"{"current_gpu_type": "NVIDIA H100 80GB HBM3", "throughput": 812.5} 812.5 tokens/s"#,
    );
    assert_eq!(c.gpu_count.as_ref().map(|g| g.value), Some(1));
}

/// §1 rule 3 on a rich-console table (genai-perf's `LLM Metrics`, drawn with box characters):
/// the aggregate output token throughput row is the headline, its `avg` cell the value.
#[test]
fn genai_perf_box_table() {
    let c = read(
        "genai-perf profile -m llama3-8b --concurrency 16\n\
         ┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━┳━━━━━━━━┓\n\
         ┃                         Statistic ┃    avg ┃    min ┃\n\
         ┡━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━╇━━━━━━━━┩\n\
         │          Time to first token (ms) │  40.14 │  29.61 │\n\
         │ Output token throughput (per sec) │ 1,412.33 │    N/A │\n\
         │      Request throughput (per sec) │  14.12 │    N/A │\n\
         └───────────────────────────────────┴────────┴────────┘",
    );
    assert_eq!(c.figures[0].value, 1412.33);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    assert_eq!(c.figures[0].scope, Some(Scope::Aggregate));
    assert_eq!(c.concurrency.as_ref().map(|n| n.value), Some(16));
}

/// §3 Load: GuideLLM's `--rate-type concurrent --rate N` keeps N requests in flight; a list of
/// rates is a sweep, read at its last point (§1.5).
#[test]
fn guidellm_concurrent_profile_is_a_concurrency() {
    let c = read(
        "guidellm benchmark --target http://localhost:8000 --rate-type concurrent --rate 4,16 \
         --data prompt_tokens=256,output_tokens=128",
    );
    assert_eq!(c.concurrency.as_ref().map(|n| n.value), Some(16));
    assert_eq!(c.prompt_tokens.as_ref().map(|n| n.value), Some(256));
    assert_eq!(c.output_tokens.as_ref().map(|n| n.value), Some(128));
}

/// §3 Load: a concurrency the client set (`--max-concurrency 32`, echoed as `Maximum request
/// concurrency`) stays stated beside what the summary observed (a peak count, the request
/// total).
#[test]
fn set_concurrency_beside_observed_counts_is_stated() {
    let r = benchfit_core::check(
        "vllm bench serve --model meta-llama/Llama-3.1-8B-Instruct --max-concurrency 32\n\
         ============ Serving Benchmark Result ============\n\
         Successful requests:                     500\n\
         Maximum request concurrency:             32\n\
         Output token throughput (tok/s):         1550.78\n\
         Peak concurrent requests:                64.00\n",
    );
    let v = serde_json::to_value(&r).unwrap();
    assert_eq!(v["checklist"][0]["status"], "stated");
    assert_eq!(v["claim"]["concurrency"], 32);
}

/// §2: a tokens/s figure printed beside the run's request rate (vLLM's offline
/// `Throughput: 12.28 requests/s, 7859.20 tokens/s`) is the run's summary: aggregate, output
/// or total not said.
#[test]
fn offline_summary_line_is_aggregate() {
    let c = read("Throughput: 12.28 requests/s, 7859.20 tokens/s");
    assert_eq!(c.figures[0].value, 7859.2);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputUnspecified);
    assert_eq!(c.figures[0].scope, Some(Scope::Aggregate));
}

/// §1 rules 3–4 and §2: a line's leading label names the phase of its figures (SGLang's
/// `bench_one_batch`: `Prefill.` lines are prefill, `Decode.` lines decode); the decode rate
/// heads.
#[test]
fn line_label_names_the_phase() {
    let c = read(
        "Prefill. latency: 0.18200 s, throughput:  45010.99 token/s\n\
         Decode.  median latency: 0.01320 s, median throughput:   2424.24 token/s\n\
         Total. latency:  0.591 s, throughput:  15589.12 token/s",
    );
    assert_eq!(c.figures[0].value, 2424.24);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    let pre = c.figures.iter().find(|f| f.value == 45010.99).unwrap();
    assert_eq!(pre.kind, FigureKind::PrefillThroughput);
}

/// §2: a median (or percentile) of output tokens per second is taken over requests: each
/// request's own rate, one user's (LLMPerf's and provider dashboards' "Median output
/// tokens/second").
#[test]
fn median_token_rate_is_per_user() {
    let c = read("Median output tokens/second: 55.2\nTime to first token (median): 180 ms");
    assert_eq!(c.figures[0].value, 55.2);
    assert_eq!(c.figures[0].scope, Some(Scope::PerUser));
}

/// §1 rule 1: a round number named as a barrier is a threshold; the measured figure heads.
#[test]
fn barrier_is_a_threshold() {
    let c = read(
        "Nvidia broke the 1,000 tokens per second barrier per user, reaching 1,038 \
         tokens/s per user.",
    );
    assert_eq!(c.figures[0].value, 1038.0);
}

/// §2: a request rate per minute stays per minute.
#[test]
fn requests_per_minute_as_written() {
    let c = read("The service sustained 112 req/min.");
    assert_eq!(c.figures[0].value, 112.0);
    assert_eq!(c.figures[0].unit, "req/min");
    assert_eq!(c.figures[0].kind, FigureKind::RequestRate);
}

/// §1 rule 8 and §2: the same rate said twice (a title, then its sentence) is one figure; the
/// place that says which tokens gives the kind.
#[test]
fn a_figure_said_twice_takes_the_fuller_kind() {
    let c = read(
        "Qwen-72B hits 1200 tokens/s\nOn one node the output throughput reached 1200 tokens/s.",
    );
    assert_eq!(c.figures[0].value, 1200.0);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
}

/// §1.5 and §4: the engine named in the headline's own sentence is the one behind it; an
/// engine named earlier for another point is another setup.
#[test]
fn runtime_of_the_headline_sentence() {
    let c = read(
        "We first tried vLLM 0.6 last year. Today SGLang reaches 16,215 tok/s on one H100 for \
         Llama 3.1 8B.",
    );
    assert_eq!(c.figures[0].value, 16215.0);
    assert_eq!(c.runtime.as_ref().map(|r| r.value.as_str()), Some("sglang"));
    assert!(c.runtime_version.is_none());
}

/// §1.3 order within one setup: a rate whose words say which tokens (decode, output) heads
/// before a bare tokens/s; `70+` is a rounded threshold (§1.1).
#[test]
fn a_named_rate_before_a_bare_one() {
    let c = read(
        "Prefill runs at 1417 t/s on long prompts. Others quote 70+ tokens per second. \
         Decode speed is steady at 67-81 t/s.",
    );
    assert_eq!(c.figures[0].value, 67.0);
    assert_eq!(c.figures[0].value_high, Some(81.0));
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
}

/// §3 Lengths: "3000 output tokens/s" is a rate, not an output length.
#[test]
fn a_rate_is_not_a_length() {
    let c = read("Llama 3.1 70B, 4 x A100 80GB, vLLM: 3000 output tokens/s.");
    assert_eq!(c.figures[0].value, 3000.0);
    assert!(c.output_tokens.is_none());
}

/// §3 Hardware: counts written as words or before a plural name, and NVIDIA DGX systems
/// (eight GPUs each).
#[test]
fn gpu_counts_in_words() {
    let count = |t: &str| read(t).gpu_count.map(|g| g.value);
    assert_eq!(
        count("Llama 3.1 8B on dual RTX 3090s gets 45 tokens/s."),
        Some(2)
    );
    assert_eq!(
        count("Llama 3.1 8B on two H100s: 4500 output tokens/s."),
        Some(2)
    );
    assert_eq!(
        count("On a DGX H100 we measured 8000 output tokens/s."),
        Some(8)
    );
    assert_eq!(
        count("Our 8-GPU H200 server delivers 12,000 output tok/s."),
        Some(8)
    );
    assert_eq!(
        count("A quad-A100 box runs Llama 2 70B at 1800 output tokens/s."),
        Some(4)
    );
    assert_eq!(
        count("Llama 3 8B on an RTX 4090: 120 tok/s decode."),
        Some(1)
    );
}

/// §3 Runtime: "TensorRT" without "-LLM" names the family, not the serving engine: partial.
#[test]
fn bare_tensorrt_is_partial() {
    let r =
        benchfit_core::check("Optimised with TensorRT, Llama 3 8B reaches 900 output tokens/s.");
    let v = serde_json::to_value(&r).unwrap();
    assert_eq!(v["claim"]["runtime"], "tensorrt-llm");
    assert_eq!(v["checklist"][3]["status"], "partial");
}

/// §3 Quantisation: "4 bits" with no type is int4; weights compressed with the cache are the
/// weights' precision too.
#[test]
fn weights_compressed_to_four_bits() {
    let c =
        read("It compresses the weights and the attention cache to 4 bits, reaching 1 token/s.");
    assert_eq!(
        c.weight_dtype.as_ref().map(|d| d.value.as_str()),
        Some("int4")
    );
}

/// §3 Load and §2: SGLang's scheduler log `#running-req: 28` is an observed concurrency (row
/// partial), and it does not make a user's bare figure aggregate; vLLM's periodic stats line
/// (`Avg generation throughput`) is engine-wide, aggregate.
#[test]
fn observed_running_requests() {
    let r = benchfit_core::check(
        "[TP0] Prefill batch. #new-seq: 2, #running-req: 28, #queue-req: 0\n\
         but the throughput is around 140 t/s",
    );
    let v = serde_json::to_value(&r).unwrap();
    assert_eq!(v["claim"]["concurrency"], 28);
    assert_eq!(v["checklist"][0]["status"], "partial");
    assert!(v["claim"]["figures"][0]["scope"].is_null());
    let c = read(
        "INFO Engine 000: Avg prompt throughput: 1254.4 tokens/s, Avg generation throughput: \
         29.2 tokens/s, Running: 10 reqs, Waiting: 4 reqs",
    );
    assert_eq!(c.figures[0].value, 29.2);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    assert_eq!(c.figures[0].scope, Some(Scope::Aggregate));
}

/// §1.3 order and §2: words after a figure's unit are its own (`5,900 tokens/s total
/// throughput`); the output rate heads; "of total throughput" says total.
#[test]
fn words_after_the_unit_belong_to_their_figure() {
    let c =
        read("DeepSeek-R1 on 8x MI300X: 5,900 tokens/s total throughput, 2,200 tokens/s output.");
    assert_eq!(c.figures[0].value, 2200.0);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    let c =
        read("We achieved 25,000 tokens per second of total throughput with 256 concurrent users.");
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputTotal);
}

/// §1 rule 6: "from X to Y" is a change whose result is Y; §1.5: "X vs Y tok/s" compares two
/// setups and the first is the subject.
#[test]
fn changes_and_comparisons_are_not_ranges() {
    let c =
        read("Throughput improves from 1,200 to 1,900 tokens/s after enabling chunked prefill.");
    assert_eq!(c.figures[0].value, 1900.0);
    assert_eq!(c.figures[0].value_high, None);
    let c = read("H100 vs A100: 3,100 vs 1,400 tokens/s on Llama 2 13B.");
    assert_eq!(c.figures[0].value, 3100.0);
    assert_eq!(c.figures[0].value_high, None);
}

/// §3 Lengths: `ISL 2048, OSL 256` are the prompt and output lengths.
#[test]
fn isl_osl_keywords() {
    let c = read("We got 1,850 output tok/s (ISL 2048, OSL 256) on one H100.");
    assert_eq!(c.prompt_tokens.as_ref().map(|n| n.value), Some(2048));
    assert_eq!(c.output_tokens.as_ref().map(|n| n.value), Some(256));
}

/// §1.3 and §3 on a serving benchmark's saved JSON (vLLM / SGLang `--save-result` keys): the
/// output throughput is the aggregate headline, `request_throughput` a request rate,
/// `max_concurrency` the load set, totals give the lengths only by division (partial).
#[test]
fn serving_result_json() {
    let r = benchfit_core::check(
        r#"{"backend": "vllm", "num_prompts": 1000, "request_rate": "inf", "max_concurrency": 64, "completed": 1000, "total_input_tokens": 1024000, "total_output_tokens": 128000, "request_throughput": 19.19, "output_throughput": 2456.8, "total_token_throughput": 22111.3, "mean_ttft_ms": 310.2}"#,
    );
    let v = serde_json::to_value(&r).unwrap();
    let h = &v["claim"]["figures"][0];
    assert_eq!(h["value"], 2456.8);
    assert_eq!(h["kind"], "throughput_output");
    assert_eq!(h["scope"], "aggregate");
    assert_eq!(v["claim"]["concurrency"], 64);
    assert_eq!(v["checklist"][1]["status"], "partial");
    let figs = v["claim"]["figures"].as_array().unwrap();
    assert!(figs
        .iter()
        .any(|f| f["value"] == 19.19 && f["kind"] == "request_rate"));
}

/// §3 Model: outside the catalog the name is the id, every part that changes the weights kept
/// (distill base and size, release names without a size in them).
#[test]
fn model_names_kept_whole() {
    let model = |t: &str| read(t).model.map(|m| m.value);
    assert_eq!(
        model("DeepSeek-R1-Distill-Llama-70B: 900 output tokens/s").as_deref(),
        Some("deepseek-r1-distill-llama-70b")
    );
    assert_eq!(
        model("DeepSeek-R1-Distill-Qwen-32B: 900 output tokens/s").as_deref(),
        Some("deepseek-r1-distill-qwen-32b")
    );
    assert_eq!(
        model("Llama 4 Maverick at 1,038 TPS/user").as_deref(),
        Some("llama-4-maverick")
    );
    assert_eq!(model("Phi-4 runs at 90 tok/s").as_deref(), Some("phi-4"));
    assert_eq!(
        model("Mistral Small 3.1 24B: 80 tok/s").as_deref(),
        Some("mistral-small-3.1-24b")
    );
}

/// §3 Hardware: GPUs outside the old list keep their ids (T4, A40, RTX A6000, Jetson AGX
/// Orin); nvidia-smi's "H100 80GB HBM3" is the SXM part (the PCIe card carries HBM2e).
#[test]
fn more_gpu_names() {
    let gpu = |t: &str| read(t).gpu.map(|g| g.value);
    assert_eq!(
        gpu("GPU: NVIDIA H100 80GB HBM3, 2,000 tok/s").as_deref(),
        Some("h100-sxm")
    );
    assert_eq!(
        gpu("on one RTX A6000: 40 tok/s").as_deref(),
        Some("rtx-a6000")
    );
    assert_eq!(gpu("on one NVIDIA A40: 40 tok/s").as_deref(), Some("a40"));
    assert_eq!(gpu("on a T4 we get 20 tok/s").as_deref(), Some("t4"));
    assert_eq!(
        gpu("Jetson AGX Orin: 12 tok/s").as_deref(),
        Some("jetson-agx-orin")
    );
}

/// §1.3 order: input (prefill) throughput is not the output rate written after it; the words
/// after a unit stop where the next figure's words begin.
#[test]
fn input_and_output_throughput_in_one_sentence() {
    let c = read("Input throughput 9,000 tok/s and output throughput 1,100 tok/s at batch 64.");
    assert_eq!(c.figures[0].value, 1100.0);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    let i = c.figures.iter().find(|f| f.value == 9000.0).unwrap();
    assert_eq!(i.kind, FigureKind::PrefillThroughput);
}

/// §3 Load and §1.5: a list of loads is a sweep read at its last point; "N requests
/// concurrently" and "a request rate of R req/s" are loads the text sets; an average QPS is
/// observed, not set.
#[test]
fn loads_in_words() {
    let c = read("Batch 1 / 8 / 32: 40 / 280 / 900 output tok/s on an A100 80GB.");
    assert_eq!(c.batch_size.as_ref().map(|b| b.value), Some(32));
    let c = read("We tested concurrency levels of 1, 8, 32 and 64; at 64 the output throughput was 3,100 tok/s.");
    assert_eq!(c.concurrency.as_ref().map(|b| b.value), Some(64));
    let c = read("Sending 100 requests concurrently, we got 2,500 output tokens/s.");
    assert_eq!(c.concurrency.as_ref().map(|b| b.value), Some(100));
    let c = read("At a request rate of 4 req/s, output throughput was 800 tok/s.");
    assert_eq!(c.request_rate.as_ref().map(|r| r.value), Some(4.0));
    let c = read("Average QPS: 0.587\nThroughput(average output tokens per second): 537.683");
    assert!(c.request_rate.is_none());
    let c = read("GPT-J with BS = 64 and 128 output tokens: 10,907 tokens/s");
    assert_eq!(c.batch_size.as_ref().map(|b| b.value), Some(64));
}

/// §1 rule 8 and §3 in Chinese text: 万 is ten thousand; `8 卡` is eight cards; `每秒 40 个
/// token` is a rate; a TTFT word (首字) before a comma does not make the next figure prefill.
#[test]
fn chinese_numbers_and_cards() {
    let c = read("在 8 卡 H800 上,DeepSeek-V3 的输出吞吐达到 1.2万 tokens/s,并发 256。");
    assert_eq!(c.figures[0].value, 12000.0);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    assert_eq!(c.gpu_count.as_ref().map(|g| g.value), Some(8));
    let c = read("Qwen3-32B 的推理速度为每秒 40 个 token。");
    assert_eq!(c.figures[0].value, 40.0);
    let c = read("平均首字延迟 350ms，TPOT 45ms，输出吞吐 1800 tok/s。");
    assert_eq!(c.figures[0].value, 1800.0);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
}

/// §2 in Chinese: the words before the number. 每秒输出 token 数 is an output rate; 首字延迟 /
/// 首 token 延迟 a TTFT (毫秒 and 秒 as units, a P99 between words and number kept as the
/// percentile); 每个 token 的生成时间 a time per output token; 端到端延迟 an end-to-end latency.
#[test]
fn chinese_words_before_the_number() {
    let c = read("vLLM 0.6.3，并发64，每秒输出token数达到2150。");
    assert_eq!(c.figures[0].value, 2150.0);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    let c = read("单卡推理 Qwen-7B，batch size 32，每秒生成 token 数为 1,050。");
    assert_eq!(c.figures[0].value, 1050.0);
    let lat = |t: &str, kind: FigureKind| {
        let c = read(t);
        let f = c.figures.into_iter().find(|f| f.kind == kind)?;
        Some((f.value, f.unit, f.percentile))
    };
    assert_eq!(
        lat(
            "并发128时，首token延迟(TTFT) P99 为 1.8 秒。",
            FigureKind::Ttft
        ),
        Some((1.8, "s".to_string(), Some("p99".to_string())))
    );
    assert_eq!(
        lat("平均每个请求的首字延迟 85 毫秒。", FigureKind::Ttft),
        Some((85.0, "ms".to_string(), Some("mean".to_string())))
    );
    assert_eq!(
        lat("每个 token 的生成时间为 18 ms，并发 16。", FigureKind::Tpot),
        Some((18.0, "ms".to_string(), None))
    );
    assert_eq!(
        lat("端到端延迟约 12.5 秒。", FigureKind::E2eLatency),
        Some((12.5, "s".to_string(), None))
    );
    // A time that is no latency word's (`耗时` of a download) is no figure.
    assert_eq!(lat("模型下载耗时 35 秒。", FigureKind::E2eLatency), None);
}

/// §1 rule 5: two points of one sentence each state their load (`12.4 tok/s per user at batch
/// 1, 220 tok/s at batch 32`); the headline's is its own point's, not the sentence's first.
#[test]
fn headline_point_of_a_sentence_keeps_its_own_load() {
    let c = read(
        "Mistral-7B with TGI 2.0.4 on an L4: 12.4 tokens/s per user at batch 1, 220 tokens/s at batch 32.",
    );
    assert_eq!(c.figures[0].value, 220.0);
    assert_eq!(c.batch_size.as_ref().map(|b| b.value), Some(32));
    // One figure: the sentence's load is its own.
    let c = read("At batch 16, Llama 3 8B on an L4 gives 180 tokens/s.");
    assert_eq!(c.batch_size.as_ref().map(|b| b.value), Some(16));
}

/// §3 Quantisation: a precision before a KV word is a KV cache's, also when it is the baseline's
/// (`37% more than BF16 KV`): not the weights'.
#[test]
fn precision_before_kv_is_never_the_weights() {
    let c = read(
        "With FP8 KV cache, Llama 3.1 70B on 4x H100 SXM (TensorRT-LLM 0.12) reaches 3,150 output tokens/s at 64 concurrent requests; that is 37% more than BF16 KV.",
    );
    assert_eq!(c.kv_dtype.as_ref().map(|k| k.value.as_str()), Some("fp8"));
    assert!(c.weight_dtype.is_none());
    let c = read("Llama 3 8B FP8 with an FP16 KV cache on one H100: 9,000 output tok/s.");
    assert_eq!(
        c.weight_dtype.as_ref().map(|k| k.value.as_str()),
        Some("fp8")
    );
}

/// A tool that pads its values to a column (trtllm-bench's `Total Latency (ms):` then 31
/// spaces) still gives the whole number.
#[test]
fn padded_values_are_read_whole() {
    for pad in [1, 28, 31, 60] {
        let t = format!("Total Latency (ms):{}77944.05", " ".repeat(pad));
        assert_eq!(read(&t).figures[0].value, 77944.05, "padding {pad}");
    }
}

/// §3 Hardware: a count of devices is the number right before the device word, not one that
/// another setting's words separate from it (`at BS 32 on 8 GPUs` is 8); a model number between
/// count and word (`2 RTX 4090 GPUs`) is part of the name.
#[test]
fn device_count_is_not_another_settings_number() {
    let n = |t: &str| read(t).gpu_count.map(|g| g.value);
    assert_eq!(n("Falcon 180B — 702 tok/s at BS 32 on 8 GPUs."), Some(8));
    assert_eq!(n("Llama 3 70B Q4 on 2 RTX 4090 GPUs: 19 tok/s."), Some(2));
    assert_eq!(n("Served with 4 NVIDIA H100 GPUs: 3,000 tok/s."), Some(4));
}

/// §1 rule 6 and §3 Lengths: a chain of changes ends at its last link (`from 1,900 to 2,600 to
/// 3,100 tok/s`, each link with its unit or not); a range stays its low end; a bare pair before
/// "tokens" (`512/256 tokens`) is input/output, a pair of rates is not; Qwen3-Next named
/// without its size is the family's id.
#[test]
fn chains_pairs_and_family_names() {
    let v = |t: &str| read(t).figures[0].value;
    assert_eq!(
        v("Throughput went from 1,900 to 2,600 to 3,100 output tokens/s on an A100."),
        3100.0
    );
    assert_eq!(
        v("Improved from 1,900 tok/s to 2,600 tok/s to 3,100 tok/s on an A100."),
        3100.0
    );
    assert_eq!(
        v("Throughput went from 1,900 to 2,600 output tokens/s on an A100."),
        2600.0
    );
    assert_eq!(
        v("We see 2,600 to 3,100 output tokens/s on an A100 depending on load."),
        2600.0
    );
    let c = read(
        "Llama 3 8B, vLLM 0.5.4, 256 concurrent requests, 512/256 tokens: 3,100 output tokens/s.",
    );
    assert_eq!(c.prompt_tokens.map(|p| p.value), Some(512));
    assert_eq!(c.output_tokens.map(|p| p.value), Some(256));
    let c = read("Before/after: 3100/3500 tokens/s on one H100.");
    assert!(c.prompt_tokens.is_none());
    let c = read("Qwen3-Next on 4x H200 with SGLang: 12,400 tokens/s total throughput.");
    assert_eq!(c.model.map(|m| m.value).as_deref(), Some("qwen3-next"));
}

/// §3 Hardware: a GPU named once in the singular is 1 when it is the device the run used ("on
/// X", "with X", "on the same X", a `GPU:` record), vendor words between or not; it names the
/// product in general as the subject of a sentence or after an article with no word of use
/// ("NVIDIA H100 SXM reaches…", "an H100 can generate…"): no count.
#[test]
fn singular_gpu_only_when_it_is_the_device_used() {
    let count = |t: &str| read(t).gpu_count.map(|g| g.value);
    assert_eq!(
        count("Llama 3 8B on a single NVIDIA RTX 4090: 120 tokens/s"),
        Some(1)
    );
    assert_eq!(
        count("We ran it on the same H100 80GB: 2,400 tokens/s"),
        Some(1)
    );
    assert_eq!(
        count("GPU: NVIDIA GeForce RTX 3090\neval rate: 45 tokens/s"),
        Some(1)
    );
    assert_eq!(
        count("For Llama 2 70B, NVIDIA H100 SXM reaches ~85 tokens/sec"),
        None
    );
    assert_eq!(
        count("An H100 can generate 3,000 tokens/s for an 8B model"),
        None
    );
    // A flag or key that names GPUs (`--gpus all`) is no plural of the run's devices.
    assert_eq!(
        count(
            "Tested on 1 H100 GPU.\n`docker run --gpus all --shm-size 1g`\nAbout 1500 tokens/sec."
        ),
        Some(1)
    );
    assert_eq!(
        count("Tested on an H100, one of our GPUs: about 1500 tokens/sec."),
        None
    );
}

/// §3 Hardware: the device the headline's own sentence names, not one the text asks about
/// elsewhere, is the one the singular rule counts.
#[test]
fn singular_count_follows_the_headlines_device() {
    let c =
        read("Which A100 are you using?\n\nWe measured 13.2 tokens/s on a single RTX 4090 GPU.");
    assert_eq!(c.gpu.as_ref().map(|g| g.value.as_str()), Some("rtx-4090"));
    assert_eq!(c.gpu_count.map(|g| g.value), Some(1));
}

/// §2 kind: a metric defined once in the text ("Throughput: Output tokens generated per
/// second") gives its kind to the bare tok/s figures; a line with a figure of its own is a
/// result, not a definition.
#[test]
fn a_defined_metric_gives_its_kind() {
    let c = read(
        "- Throughput: Output tokens generated per second in batch inference mode.\n\
         SGLang (16,215 tok/s) leads vLLM (12,553 tok/s).",
    );
    assert_eq!(c.figures[0].value, 16215.0);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    let c = read(
        "Throughput figures are measured at batch size 16, decode phase only.\n\
         | Model | GPU | Tok/s |\n|---|---|---|\n| Llama 3.1 70B | 1× H100 80GB | 1,800 |",
    );
    assert_eq!(c.figures[0].value, 1800.0);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    // A result line is no definition: the rate stays unspecified.
    let c = read("Throughput: 900 tokens/s on one H100 with Llama 3 8B, outputs of 400 tokens.");
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputUnspecified);
}

/// §1 rule 3 on evalscope/llmuses' summary (`Throughput(average output tokens per second):`):
/// the labelled output throughput, with a unit of more than 24 characters in its parentheses,
/// heads over a peak quoted in prose.
#[test]
fn long_unit_in_label_parentheses() {
    let c = read(
        "I can achieve maximum 900 TPS on 16 A100.\nBenchmarking summary:\n \
         Throughput(average output tokens per second): 537.683\n Average QPS: 0.587",
    );
    assert_eq!(c.figures[0].value, 537.683);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    assert_eq!(c.figures[0].scope, Some(Scope::Aggregate));
}

/// §2 scope: a node makes a throughput per node only when the figure's own passage names it; a
/// node mentioned far from the figure (a later plan) does not.
#[test]
fn per_node_only_from_the_figures_own_passage() {
    let c = read("On a single node with 8 H800 GPUs, the model reaches 50,000 tokens per second.");
    assert_eq!(c.figures[0].scope, Some(Scope::PerNode));
    let far = format!(
        "Llama 3 70B on 8 H100 GPUs reaches 12,000 tokens/s.\n{}\nNext we will try a multi-node setup.",
        "We used the default settings of the engine and a warm cache for every run. ".repeat(4)
    );
    assert_ne!(read(&far).figures[0].scope, Some(Scope::PerNode));
}

/// §3 Hardware in Chinese: 昇腾 glued to the word before it (在昇腾910B上, "on Ascend 910B") is
/// read, and "N 张" (N cards of) before a device is its count.
#[test]
fn ascend_glued_to_chinese_and_counted_in_cards() {
    let c = read("在昇腾910B上，Qwen2-7B 推理吞吐达到 1200 tokens/s");
    assert_eq!(
        c.gpu.as_ref().map(|g| g.value.as_str()),
        Some("ascend-910b")
    );
    assert_eq!(c.gpu_count.as_ref().map(|g| g.value), Some(1));
    let c = read("硬件配置为 Atlas 300T Pro，搭载 4 张昇腾 910B 加速卡。吞吐 95 tokens/s");
    assert_eq!(c.gpu_count.as_ref().map(|g| g.value), Some(4));
}

/// §2 scope: a bullet's leading label (单卡吞吐量, per-card throughput) covers every figure on
/// its line; §1.5: a batch written beside another figure on another line is that figure's, not
/// the headline's.
#[test]
fn lead_label_scope_and_a_load_beside_another_figure() {
    let c = read(
        "搭载 4 张昇腾 910B 加速卡。\n\
         • 单卡吞吐量:文本生成场景下达到 128 tokens/s,多轮对话场景稳定在 95 tokens/s\n\
         • 端到端时延:128 token 生成平均时延 1.3ms/token(batch_size=8 时)",
    );
    assert!(c
        .figures
        .iter()
        .filter(|f| f.unit == "tok/s" && !f.derived)
        .all(|f| f.scope == Some(Scope::PerGpu)));
    assert!(c.batch_size.is_none());
}

/// llama.cpp's timing lines (llama_print_timings / llama-server `print_timing`): `eval time`
/// is the request's decode rate (one stream: per user) and heads; `prompt eval time` is
/// prefill; `sample time` is the sampler, no token throughput; a `n_decoded = …, tg = …`
/// progress line is a running estimate that ranks after the request's own summary.
#[test]
fn llama_cpp_timing_lines() {
    let c = read(
        "llama_print_timings:      sample time =      12.34 ms /   128 runs   (    0.10 ms per token, 10372.77 tokens per second)\n\
         llama_print_timings: prompt eval time =     456.78 ms /    64 tokens (    7.14 ms per token,   140.11 tokens per second)\n\
         llama_print_timings:        eval time =    3456.78 ms /   127 runs   (   27.22 ms per token,    36.74 tokens per second)",
    );
    assert_eq!(c.figures[0].value, 36.74);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    assert_eq!(c.figures[0].scope, Some(Scope::PerUser));
    assert!(c.figures.iter().all(|f| f.value != 10372.77));
    // Only the eval line's ms per token is a time per output token (not the sampler's, not
    // the prompt's).
    assert!(c
        .figures
        .iter()
        .filter(|f| f.kind == FigureKind::Tpot)
        .all(|f| f.value == 27.22));
    let p = c
        .figures
        .iter()
        .find(|f| f.value == 140.11)
        .expect("prefill read");
    assert_eq!(p.kind, FigureKind::PrefillThroughput);
    let c = read(
        "slot print_timing: id  0 | task 9 | n_decoded =    501, tg =  32.79 t/s\n\
         slot print_timing: id  0 | task 9 |        eval time =   24270.43 ms /   784 tokens (   30.96 ms per token,    32.30 tokens per second)",
    );
    assert_eq!(c.figures[0].value, 32.3);
}

/// §2 scope words: "each user" / "per session" is one user's rate; "in total" across the users
/// is the whole load's, and (§1.3 order) the aggregate heads the per-user rate.
#[test]
fn each_user_and_in_total() {
    let c = read(
        "Each user sees about 40 tokens/s while the server pushes 3,200 tokens/s in total across 80 users.",
    );
    assert_eq!(c.figures[0].value, 3200.0);
    assert_eq!(c.figures[0].scope, Some(Scope::Aggregate));
    let u = c
        .figures
        .iter()
        .find(|f| f.value == 40.0)
        .expect("per-user figure");
    assert_eq!(u.scope, Some(Scope::PerUser));
    assert_eq!(
        read("about 25 tokens/s per session").figures[0].scope,
        Some(Scope::PerUser)
    );
}

/// LLMPerf's summary: `request_output_throughput_token_per_s` (mean and quantiles) is each
/// request's rate, per user; `mean_output_throughput_token_per_s` is the run's output throughput
/// and heads (§1.3).
#[test]
fn llmperf_request_rate_is_per_user() {
    let c = read(
        r#"{"num_concurrent_requests": 10,
        "results_request_output_throughput_token_per_s_quantiles_p50": 42.1,
        "results_request_output_throughput_token_per_s_mean": 41.7,
        "results_mean_output_throughput_token_per_s": 388.2}"#,
    );
    assert_eq!(c.figures[0].value, 388.2);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    let m = c
        .figures
        .iter()
        .find(|f| f.value == 41.7)
        .expect("per-request mean");
    assert_eq!(m.scope, Some(Scope::PerUser));
}

/// §2 kind vs §3 lengths: "output 256" beside a figure is the run's output length, not a word
/// saying the figure counts output tokens; the figure's kind stays unspecified, and (§1.3) a
/// tool block's labelled output throughput heads over it.
#[test]
fn a_length_beside_a_figure_is_no_kind_word() {
    let c = read("batch 8, input 128, output 256: **206.32 token/s**");
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputUnspecified);
    let c = read("46 tok/s with output 256 on an A100");
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputUnspecified);
    let c = read(
        "batch 1, input 128, output 256: **30.29 token/s**\n\
         ============ Serving Benchmark Result ============\n\
         Output token throughput (tok/s):         2673.55\n\
         Total Token throughput (tok/s):          5803.76",
    );
    assert_eq!(c.figures[0].value, 2673.55);
    // A kind word that is not a length still counts.
    let c = read("output throughput: 1,100 tok/s");
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
}

/// §1 rule 2: a result the author marks as their own ("I got", then the tool's line) is the
/// headline over a table quoted from elsewhere (rule 5), and the report names the rule.
#[test]
fn author_marked_result_beats_a_quoted_table() {
    let c = read(
        "According to the benchmark info on the project frontpage:\n\n\
         Llama2 | EXL2 4.0 bpw | 7B | - | - | 164 t/s | 197 t/s\n-- | -- | -- | -- | -- | -- | --\n\n\
         I ran it on a A100-SXM4-80GB GPU. I got\n\n```\n\
         Response generated in 8.56 seconds, 1024 tokens, 119.64 tokens/second\n```",
    );
    assert_eq!(c.figures[0].value, 119.64);
    assert!(c.figures[0].headline_reason.contains("§1.2"));
    // With no mark, a later figure of the same kind does not jump ahead of the first.
    let c = read("vLLM reaches 3,100 tokens/s on H100; TGI reaches 2,400 tokens/s on H100.");
    assert_eq!(c.figures[0].value, 3100.0);
}

/// §1 rule 5 on a log: the same tool summary printed once per load point is read at its last
/// block; a statistic between the unit and the colon (`(tokens/second) avg:`) belongs to the
/// label, and a timestamp's colons before it do not cut the number; "generation throughput" is
/// output tokens (§2).
#[test]
fn repeated_summary_blocks_read_at_the_last() {
    let c = read(
        "2024/07/12 02:23:54 Running load test with concurrency 1...\n\
         2024/07/12 02:25:54 Request throughput (req/sec): 5.459\n\
         2024/07/12 02:25:54 Generation throughput (tokens/second) avg: 21.834\n\
         2024/07/12 02:25:54 Running load test with concurrency 5...\n\
         2024/07/12 02:27:55 Request throughput (req/sec): 20.196\n\
         2024/07/12 02:27:55 Generation throughput (tokens/second) avg: 80.786\n",
    );
    assert_eq!(c.figures[0].value, 80.786);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    assert_eq!(c.figures[0].scope, Some(Scope::Aggregate));
}

/// §2 kind across a hard wrap: a quoted paragraph wrapped inside its sentence ("a generation
/// throughput\n> exceeding 50K tokens per second") keeps the kind word of the line before; a
/// heading line before a figure's line does not lend its words.
#[test]
fn kind_word_across_a_hard_wrapped_line() {
    let c = read(
        "> On a single node with 8 H800 GPUs, DeepSeek-V2 achieves a generation throughput\n\
         > exceeding 50K tokens per second, which is 5.76 times the maximum.",
    );
    assert_eq!(c.figures[0].value, 50000.0);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    let c = read("Output\nLlama 3 8B on one H100: 2,000 tokens/s");
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputUnspecified);
}

/// A clock's colons (`02:25:54`) before a `label: value` record are no label's colon: the
/// record's number is read whole, not cut where a window from the clock ends.
#[test]
fn clock_colons_do_not_cut_a_record() {
    let c = read("2024/07/12 02:27:55 Generation throughput (tokens/second) avg: 80.786\n");
    assert_eq!(c.figures[0].value, 80.786);
}

/// §1 rule 5 and §2 on a table: a throughput column whose header states the load it ran at
/// (`Throughput (50 req)`) is a token-rate column (not a request rate), read at its last row,
/// and aggregate (a load above 1); a row's free-text cell ("Max throughput, fixed model") is no
/// metric row.
#[test]
fn throughput_column_with_its_load_in_the_header() {
    let c = read(
        "| Engine | Best For | Throughput (50 req) | TTFT p50 (10 req) |\n\
         |---|---|---|---|\n\
         | vLLM | General use | 1,850 tok/s | 120 ms |\n\
         | TensorRT-LLM | Max throughput, fixed model | 2,100 tok/s | 105 ms |\n\
         | SGLang | Shared-prefix workloads | 1,920 tok/s | 112 ms |",
    );
    assert_eq!(c.figures[0].value, 1920.0);
    assert_eq!(c.figures[0].scope, Some(Scope::Aggregate));
}

/// §2 scope in Chinese: 每张卡 / `/卡` (per card) is per GPU; 单路 / 每用户 (one stream, per
/// user) is per user.
#[test]
fn chinese_scope_words() {
    assert_eq!(
        read("每张卡输出吞吐 1,200 tokens/s").figures[0].scope,
        Some(Scope::PerGpu)
    );
    assert_eq!(
        read("输出吞吐 1,200 tokens/s/卡").figures[0].scope,
        Some(Scope::PerGpu)
    );
    assert_eq!(
        read("单路输出速度 35 tokens/s").figures[0].scope,
        Some(Scope::PerUser)
    );
}

/// §2: a token rate given as a distribution over requests (a median beside the mean of the same
/// label) is each request's rate: the mean is per user too, not the run's aggregate.
#[test]
fn mean_beside_a_median_is_per_request() {
    let c = read("Median output tokens/second: 45.2\nMean output tokens/second: 44.8");
    assert!(c
        .figures
        .iter()
        .all(|f| f.scope == Some(Scope::PerUser) && f.kind == FigureKind::ThroughputPerUser));
    // A mean alone keeps the run's reading.
    let c = read("Mean output tokens/second: 44.8");
    assert_eq!(c.figures[0].scope, Some(Scope::Aggregate));
}

/// §1 rule 5 (comparison) and §4: a figure whose clause opens with a comparison word
/// ("whereas", "vs", "compared to") is another setup's, even when its kind ranks higher than the subject's.
#[test]
fn figure_after_a_comparison_word_is_another_setups() {
    let c = read(
        "On our LPU cluster Mixtral 8x22B streams 61.5 tokens per second per user, whereas \
         typical GPU clouds average 24 tokens/s.",
    );
    assert_eq!(c.figures[0].value, 61.5);
    assert_eq!(c.figures[0].scope, Some(Scope::PerUser));
    let c = read("Our build serves 1,310 tok/s per user; compared to stock vLLM at 2,000 tok/s.");
    assert_eq!(c.figures[0].value, 1310.0);
}

/// §1 rule 2: a figure in the title heads; when the body states the same result with more
/// digits, the body's precise figure heads instead.
#[test]
fn title_figure_heads_and_yields_to_its_precise_form() {
    let c = read(
        "Reaching ~180 tok/s per user with speculative decoding\n\n\
         We serve Llama 3.1 8B on one L40S. The baseline ran at 3,050 tokens/s aggregate at \
         concurrency 64; the per-user rate at concurrency 1 is what this post is about.",
    );
    assert_eq!(c.figures[0].value, 180.0);
    let c = read(
        "Pushing SGLang past 3000 tokens/s on 4x L40S\n\
         Setup: Qwen2.5-32B, FP8.\n- Throughput: 2,010 tokens/s (stock)\n\
         - Throughput: 3,046 tokens/s (tuned)",
    );
    assert_eq!(c.figures[0].value, 3046.0);
}

/// §1 rule 6: an arrow from a setting to a figure (`conc=4 → 219 tok/s/GPU`) maps a
/// configuration to its result; it is not an improvement over a baseline.
#[test]
fn arrow_from_a_setting_is_not_an_improvement() {
    let c = read(
        "We measured 3,200 tokens/s at concurrency 64 on 2x L40S. Extra point: mode=eager → \
         900 tokens/s.",
    );
    assert_eq!(c.figures[0].value, 3200.0);
    // An arrow from a figure still marks the improved result.
    let c = read("Throughput went 2,100 → 2,750 tokens/s after enabling chunked prefill.");
    assert_eq!(c.figures[0].value, 2750.0);
}

/// §3 Load: concurrency written after its number or as a labelled record ("at 64
/// concurrency", "100 users simultaneously", "Concurrent users: 48") is the load; a throughput
/// of that run is aggregate (§2).
#[test]
fn concurrency_phrasings() {
    let c = read("Qwen2.5-14B on one L40S: output throughput 1,480 tokens/s at 64 concurrency.");
    assert_eq!(c.concurrency.as_ref().map(|x| x.value), Some(64));
    assert_eq!(c.figures[0].scope, Some(Scope::Aggregate));
    let c = read("We kept 100 users simultaneously busy and measured 1,900 tokens/s.");
    assert_eq!(c.concurrency.as_ref().map(|x| x.value), Some(100));
    let c = read("Concurrent users: 48\nOutput throughput: 2,210 tok/s");
    assert_eq!(c.concurrency.as_ref().map(|x| x.value), Some(48));
}

/// §2: "a total of" / "in total" sum the rate over the load (scope aggregate); they do not say
/// input + output tokens (`throughput_total` is "total token throughput").
#[test]
fn a_total_of_is_summed_not_total_tokens() {
    let c = read("Across the fleet we served a total of 41,000 tokens/s.");
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputUnspecified);
    assert_eq!(c.figures[0].scope, Some(Scope::Aggregate));
    let c = read("Total token throughput: 9,120 tok/s");
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputTotal);
}

/// §3 Hardware: a GeForce card written by its number alone, with a sign that it is one (a
/// count, a `GPU:` label, `Ti`, a memory size), is `rtx-NNNN`; a bare number is not a card.
#[test]
fn bare_geforce_numbers() {
    let c = read("My box: 2x 3090, exllamav2, 21 t/s generation.");
    assert_eq!(c.gpu.as_ref().map(|g| g.value.as_str()), Some("rtx-3090"));
    assert_eq!(c.gpu_count.as_ref().map(|g| g.value), Some(2));
    let c = read("GPU: 4070 12GB, 44 tokens/s on a 7B model.");
    assert_eq!(c.gpu.as_ref().map(|g| g.value.as_str()), Some("rtx-4070"));
    let c = read("Tested on a 4060 Ti: 31 tokens/s.");
    assert_eq!(
        c.gpu.as_ref().map(|g| g.value.as_str()),
        Some("rtx-4060-ti")
    );
    let c = read("The run produced 3090 tokens in 60 s.");
    assert!(c.gpu.is_none());
}

/// §3 Model: an ollama tag (`qwen2.5:14b`, `llama3:70b`) names the model and size; a release
/// digit glued to a size Llama was released in is the size (`CodeLlama 34B`, `Llama 13B`), else
/// a lost space (`Llama 270B` is Llama 2 70B).
#[test]
fn model_tags_and_glued_sizes() {
    let m = |t: &str| read(t).model.map(|m| m.value);
    assert_eq!(
        m("ollama run qwen2.5:14b gives 40 tok/s").as_deref(),
        Some("qwen2.5-14b")
    );
    assert_eq!(m("llama3:70b at 9 tok/s").as_deref(), Some("llama-3-70b"));
    assert_eq!(
        m("CodeLlama 34B at 20 tok/s").as_deref(),
        Some("codellama-34b")
    );
    assert_eq!(m("Llama 13B at 50 tok/s").as_deref(), Some("llama-13b"));
    assert_eq!(
        m("Llama 270B at 1,000 tok/s").as_deref(),
        Some("llama-2-70b")
    );
}

/// §1 rule 1: a Chinese bound after the figure ("都不到", not even; "以上", or more) makes it a
/// threshold, not the measured result.
#[test]
fn chinese_bounds_are_thresholds() {
    let c = read("decode 速度 0.5 tokens/s 都不到\n\n实测: eval rate: 2.4 tokens/s");
    assert_eq!(c.figures[0].value, 2.4);
}

/// §1 rules 1, 2 and 6: evaluative words tied to one figure ("best", "record") mark the
/// author's result; a figure its sentence calls projected, estimated, preliminary or not yet
/// certified ranks after a measured one; praise of others across a clause break does not count.
#[test]
fn praised_and_discounted_figures() {
    let c = read(
        "Stock config: 2,150 tok/s. Best tuned config: FP8 + chunked prefill (2,890 tok/s). \
         Projected with 2 more GPUs: 5,600 tok/s.",
    );
    assert_eq!(c.figures[0].value, 2890.0);
    let c = read(
        "Our node did 31,000 tokens/s. Results for the 405B model are on par with the best \
         vendors, cloud and on-prem, with 690 tokens/s.",
    );
    assert_eq!(c.figures[0].value, 31000.0);
    let c = read("A preliminary run hit 4,100 tokens/s; the final run measured 3,700 tokens/s.");
    assert_eq!(c.figures[0].value, 3700.0);
}

/// §4: a batch size written in advice ("start with a batch size of 16", "you should try batch
/// 64") is not the load the figure ran at.
#[test]
fn batch_in_advice_is_not_the_load() {
    let c = read(
        "The T4 reaches about 40 tokens/sec on Mistral 7B. Start with a batch size of 16 and \
         raise it until memory runs out.",
    );
    assert!(c.batch_size.is_none());
    assert_eq!(c.figures[0].scope, None);
    let c = read("We ran batch size 16 and got 410 tokens/sec on one T4.");
    assert_eq!(c.batch_size.as_ref().map(|b| b.value), Some(16));
}

/// §1 rule 2 (title) is not for output: a first line that is a log or `key = value` line, or
/// that the next line repeats the start of, is no title (llama.cpp's timing lines: the `eval
/// time` line's decode rate heads, §1.4).
#[test]
fn log_first_line_is_no_title() {
    let c = read(
        "llama_print_timings: prompt eval time =   90.10 ms /   12 tokens (    7.51 ms per token,   133.18 tokens per second)\n\
         llama_print_timings:        eval time =  6120.55 ms /   300 runs   (   20.40 ms per token,    49.02 tokens per second)",
    );
    assert_eq!(c.figures[0].value, 49.02);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
}

/// §2: "(prompt + completion)" after a rate says it counts input and output tokens: total.
#[test]
fn prompt_plus_completion_is_total() {
    let c = read("Mistral-Small on 1x L40S: 2,410 tokens/s (prompt + completion) at 32 users.");
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputTotal);
}

/// §3 Load: "N concurrent sequences" is the concurrency.
#[test]
fn concurrent_sequences_are_the_load() {
    let c =
        read("Throughput is 5,300 generated tokens/s with 96 concurrent sequences on one H200.");
    assert_eq!(c.concurrency.as_ref().map(|x| x.value), Some(96));
}

/// §1.5: a table copied from a web page with its header words and cells run together by single
/// spaces is still a table: the last row's rate, with that row's lengths.
#[test]
fn flattened_web_table() {
    let c = read(
        "Table 3 lists measured throughput on 4x L40S.\n\
         Input Length Output Length Throughput (tokens/sec)\n\
         256 256 3,920\n\
         256 1,024 3,110\n\
         1,024 1,024 2,480\n",
    );
    assert_eq!(c.figures[0].value, 2480.0);
    assert_eq!(c.prompt_tokens.as_ref().map(|x| x.value), Some(1024));
    assert_eq!(c.output_tokens.as_ref().map(|x| x.value), Some(1024));
}

/// §1 rule 3: never the peak — a figure its clause calls the peak (or the maximum speed) ranks
/// after the steady result.
#[test]
fn peak_ranks_after_steady_state() {
    let c = read(
        "Qwen2-57B on 4x A100 with vLLM: peak throughput 6,900 tok/s; sustained 5,850 tok/s \
         over the hour.",
    );
    assert_eq!(c.figures[0].value, 5850.0);
}

/// §2 scope: the words of the next clause that holds another rate belong to that rate (`系统吞吐
/// 2,300 tokens/s，单用户 35 tokens/s`: only the second is per user); a clause without one still
/// speaks of the figure (`…, measured on one NVL72 rack`).
#[test]
fn next_clause_scope_stays_with_its_rate() {
    let c = read("在 4 张 A800 上，系统吞吐 2,300 tokens/s，单用户 35 tokens/s。");
    let agg = c.figures.iter().find(|f| f.value == 2300.0).unwrap();
    assert_ne!(agg.scope, Some(Scope::PerUser));
    let one = c.figures.iter().find(|f| f.value == 35.0).unwrap();
    assert_eq!(one.scope, Some(Scope::PerUser));
    let c = read("Our record: 610,000 tokens/sec, measured on one GB200 NVL72 rack.");
    assert_eq!(c.figures[0].scope, Some(Scope::System));
}

/// §2 kind in a table: a row named for a phase (`Decode`, `Prefill`) says what an unqualified
/// rate column counts in that row.
#[test]
fn table_row_named_for_a_phase() {
    let c = read(
        "| Phase | Batch | Throughput (tok/s) |\n|---|---|---|\n| Prefill | 16 | 9,870 |\n\
         | Decode | 16 | 610 |",
    );
    assert_eq!(c.figures[0].value, 610.0);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
}

/// §3 Runtime: a version written as an image tag (`vllm-openai:v0.8.4`), after "software
/// release version" or "build", keeps its release parts and the case it was written in, and
/// stops before a build suffix (`+cu124`).
#[test]
fn runtime_versions_as_written() {
    let v = |t: &str| read(t).runtime_version.map(|v| v.value);
    assert_eq!(
        v("Ran the image vllm/vllm-openai:v0.8.4 on one L40S: 2,000 tok/s").as_deref(),
        Some("0.8.4")
    );
    assert_eq!(
        v("MindIE version 2.0.RC1 on Atlas 800I A2: 900 tok/s").as_deref(),
        Some("2.0.RC1")
    );
    assert_eq!(
        v("SynapseAI software release version 1.17.1, 1,500 tok/s").as_deref(),
        Some("1.17.1")
    );
    assert_eq!(v("llama.cpp build b4123: 61 t/s").as_deref(), Some("b4123"));
    assert_eq!(
        v("sglang 0.3.6.post3+cu121 reached 3,000 tok/s").as_deref(),
        Some("0.3.6.post3")
    );
}

/// §3 Quantisation: GGUF i-quants and `_K_XL` mixes, MLC's `q4f16_1` and EXL2 bit rates are
/// weight formats of their own, lowercase as GGUF types are.
#[test]
fn quantisation_formats_of_their_own() {
    let w = |t: &str| read(t).weight_dtype.map(|v| v.value);
    assert_eq!(
        w("Mistral-Large IQ4_XS on 2x 3090: 9 t/s").as_deref(),
        Some("iq4_xs")
    );
    assert_eq!(
        w("Qwen3-32B-UD-Q4_K_XL.gguf runs at 30 t/s").as_deref(),
        Some("q4_k_xl")
    );
    assert_eq!(
        w("MLC with q4f16_1 on an Orin: 12 tok/s").as_deref(),
        Some("q4f16_1")
    );
    assert_eq!(
        w("ExLlamaV2, Llama-3-70B EXL2 at 4.65 bpw: 14 tok/s").as_deref(),
        Some("exl2-4.65bpw")
    );
}

/// §3 Lengths: "1k/1k" is 1000/1000 unless the text writes the binary form for that side
/// (`--random-input-len 1024`): then 1024.
#[test]
fn shorthand_k_yields_to_a_written_binary_length() {
    let c = read("Qwen2.5-7B, 1k/1k, 300 tok/s on one L4.");
    assert_eq!(c.prompt_tokens.as_ref().map(|x| x.value), Some(1000));
    let c = read(
        "Qwen2.5-7B, 1k/2k, 300 tok/s on one L4.\n\
         vllm bench serve --random-input-len 1024 --random-output-len 2048",
    );
    assert_eq!(c.prompt_tokens.as_ref().map(|x| x.value), Some(1024));
    assert_eq!(c.output_tokens.as_ref().map(|x| x.value), Some(2048));
}

/// §3 Hardware: a setup record that lists the device (`Test Setting: Mistral-7B, NVIDIA
/// L40S(48G)`) names the one device the run used.
#[test]
fn setup_record_names_the_device() {
    let c = read("Test Setting: Mistral-7B, NVIDIA L40S(48G)\n\nThe engine reached 2,900 tok/s.");
    assert_eq!(c.gpu.as_ref().map(|g| g.value.as_str()), Some("l40s"));
    assert_eq!(c.gpu_count.as_ref().map(|g| g.value), Some(1));
}

/// §2 scope words: "per device" / "per H100" (a device named by its model) are per GPU; a
/// server named by its GPU count ("the 8-GPU server") is per node; a pod is a system.
#[test]
fn scope_words_for_devices_servers_and_pods() {
    let s = |t: &str| read(t).figures[0].scope;
    assert_eq!(
        s("Throughput per device: 980 tok/s on Gaudi 2."),
        Some(Scope::PerGpu)
    );
    assert_eq!(
        s("It does 2,450 tokens per second per H200."),
        Some(Scope::PerGpu)
    );
    assert_eq!(
        s("The 8-GPU server delivers 19,000 tok/s."),
        Some(Scope::PerNode)
    );
    assert_eq!(
        s("A TPU v5p pod generates 900,000 tokens/s."),
        Some(Scope::System)
    );
}

/// §2: a change written with two figures ("single-stream speed went from 40 tok/s to 77
/// tok/s") names what both measure before "from": the improved figure is per user too. An engine
/// feature named for a phase ("speculative decoding", "chunked prefill") is no kind word.
#[test]
fn change_subject_and_feature_names() {
    let c = read("With speculative decoding, single-stream speed went from 40 tok/s to 77 tok/s.");
    assert_eq!(c.figures[0].value, 77.0);
    assert_eq!(c.figures[0].scope, Some(Scope::PerUser));
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputPerUser);
    let c = read("Chunked prefill on: 3,400 tok/s.");
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputUnspecified);
}

/// §3 Lengths in Chinese with the word first (`输入 1024 输出 256`): input 1024, output 256 (the
/// number-first form `15K输入` must not read `1024 输出` as the output); a rate after the word
/// (`输出 900 tokens/s`) is no length.
#[test]
fn chinese_lengths_word_first() {
    let c = read("并发 16，输入 1024 输出 256，输出吞吐 900 tokens/s。");
    assert_eq!(c.prompt_tokens.as_ref().map(|x| x.value), Some(1024));
    assert_eq!(c.output_tokens.as_ref().map(|x| x.value), Some(256));
}

/// §2 / §1.4: llama.cpp's shorthand after a rate (`92 t/s tg`, `2,300 t/s pp`) names the phase.
#[test]
fn tg_pp_shorthand_after_the_rate() {
    let c = read("Gemma-3-12B Q4_K_M on RTX 4070: 2,300 t/s pp, 48 t/s tg");
    assert_eq!(c.figures[0].value, 48.0);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
}

/// §1.5, a sweep written in prose: points listed in one sentence, each with its own setting
/// (`batch 1: 140 tok/s, batch 8: 960 tok/s, batch 32: 2,900 tok/s`) — the last point heads,
/// with its own batch; settings shared by the sentence (the model, the device) stay.
#[test]
fn prose_list_sweep_reads_its_last_point() {
    let c = read(
        "Mistral 7B on one L40S (vLLM): batch 1: 140 tok/s, batch 8: 960 tok/s, batch 32: \
         2,900 tok/s.",
    );
    assert_eq!(c.figures[0].value, 2900.0);
    assert_eq!(c.batch_size.as_ref().map(|b| b.value), Some(32));
    assert_eq!(c.gpu.as_ref().map(|g| g.value.as_str()), Some("l40s"));
    // A shared setting after the list still belongs to every point.
    let c = read("It averages 12.5 tokens/s, with a peak of 30 tokens/s, on a single RTX 3090.");
    assert_eq!(c.figures[0].value, 12.5);
    assert_eq!(c.gpu_count.as_ref().map(|g| g.value), Some(1));
}

/// §1 rules 7 and 8: tokens per minute (`TPM`, "tokens per minute") stay in their own unit; a
/// range with one suffix (`150-250K TPM`) is 150,000 to 250,000.
#[test]
fn tokens_per_minute_in_their_own_unit() {
    let c = read("Our 8-GPU node only gets 150-250K TPM on DeepSeek-V3.");
    assert_eq!(c.figures[0].unit, "tok/min");
    assert_eq!(c.figures[0].value, 150_000.0);
    assert_eq!(c.figures[0].value_high, Some(250_000.0));
    let c = read("It sustains 90,000 tokens per minute.");
    assert_eq!(c.figures[0].value, 90_000.0);
}

/// §1.3 order in a table with abbreviated headers (`Out Tok/sec`, `Tot Tok/sec`): the output
/// column heads even when the total one comes after it.
#[test]
fn abbreviated_output_and_total_headers() {
    let c = read(
        "| Rate | Out Tok/sec | Tot Tok/sec |\n|---|---|---|\n| constant@2 | 410.5 | 990.2 |\n\
         | constant@6 | 1,150.0 | 2,780.9 |",
    );
    assert_eq!(c.figures[0].value, 1150.0);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
}

/// §1.5 on a table of two columns (a setting and a rate): still a table, read at its last row
/// with that row's setting.
#[test]
fn two_column_table() {
    let c = read("| Batch | Throughput (tok/s) |\n|---|---|\n| 4 | 310 |\n| 16 | 1,020 |");
    assert_eq!(c.figures[0].value, 1020.0);
    assert_eq!(c.batch_size.as_ref().map(|b| b.value), Some(16));
}

/// §3 Load: a setting's number is whole; the start of a longer number after a load label
/// (`concurrent requests: 3,450 tok/s`) is the figure, the load the number before the label.
#[test]
fn load_label_before_a_figure() {
    let c = read("Qwen2 7B on one L4, 64 concurrent requests: 3,450 tok/s");
    assert_eq!(c.concurrency.as_ref().map(|b| b.value), Some(64));
    assert_eq!(c.figures[0].value, 3450.0);
}

/// §2: `TPS/user` followed by its number (`is`, `:`, `=`) is one user's token rate.
#[test]
fn tps_per_user_label() {
    let c = read("For Llama 3.1 8B the TPS/user is 42 at 32 concurrent requests.");
    assert_eq!(c.figures[0].value, 42.0);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputPerUser);
    assert_eq!(c.figures[0].scope, Some(Scope::PerUser));
}

/// §3 Hardware: a count written with `*` (`8*A100`) is the device count.
#[test]
fn star_count_is_the_device_count() {
    let c = read("4*L40S, Llama 3 8B, vLLM: 5,100 tok/s output");
    assert_eq!(c.gpu.as_ref().map(|g| g.value.as_str()), Some("l40s"));
    assert_eq!(c.gpu_count.as_ref().map(|g| g.value), Some(4));
}

/// §3 Model: the first Gemma release has no number in its name (`Gemma 2B`): the name as
/// written, with its size.
#[test]
fn first_gemma_keeps_its_size() {
    let c = read("Gemma 2B runs at 95 tokens/s on a T4.");
    assert_eq!(c.model.as_ref().map(|m| m.value.as_str()), Some("gemma-2b"));
}

/// §3 Hardware: a bare GeForce number after an article or possessive (`my 3080`, `a 4070`) is
/// the device the run used.
#[test]
fn bare_geforce_number_after_an_article() {
    let c = read("On my 3080 I get 48 tok/s with Mistral 7B in ollama.");
    assert_eq!(c.gpu.as_ref().map(|g| g.value.as_str()), Some("rtx-3080"));
}

/// §3 Lengths in prose: "an input of N tokens and an output of M tokens" are the lengths (a
/// count of tokens is not a rate); totals of a run ("number of completion tokens: N") are not.
#[test]
fn prose_lengths_of_n_tokens() {
    let c = read(
        "With an input of 120 tokens and an output of 400 tokens, Llama 2 13B on one A100 \
         reaches 38 tokens/s per user.",
    );
    assert_eq!(c.prompt_tokens.as_ref().map(|t| t.value), Some(120));
    assert_eq!(c.output_tokens.as_ref().map(|t| t.value), Some(400));
    let c = read(
        "number of prompt tokens: 52000\nnumber of completion tokens: 61000\n\
         token throughput (completion token): 812.5 token/s",
    );
    assert!(c.output_tokens.is_none());
}

/// §2: a line that opens with the metric and names the setup before its colon
/// (`Generation throughput of … on … with …: N tokens/sec`) gives the figure its kind.
#[test]
fn metric_named_at_the_line_start() {
    let c = read("Generation throughput of Qwen2 7B on two L40S with TGI: 2,200 tokens/sec");
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
}

/// §1.5 prose sweep joined by `and`: each point's clause starts after the previous point's
/// figure, so the last point keeps its own batch.
#[test]
fn prose_sweep_last_point_after_and() {
    let c = read(
        "Llama 3 8B on an A10G: batch 2 gave 70 tok/s, batch 4 130 tok/s and batch 16 410 tok/s.",
    );
    assert_eq!(c.figures[0].value, 410.0);
    assert_eq!(c.batch_size.as_ref().map(|b| b.value), Some(16));
}

/// §3 Hardware: the RTX A-series workstation cards are often written without `RTX` (`2x
/// A5000`): still the device, with its count.
#[test]
fn rtx_a_series_without_rtx() {
    let c = read("Falcon 7B on 2x A5000 with TGI: 610 tokens/s.");
    assert_eq!(c.gpu.as_ref().map(|g| g.value.as_str()), Some("rtx-a5000"));
    assert_eq!(c.gpu_count.as_ref().map(|g| g.value), Some(2));
}

/// §2: a tool summary's labels (`Output token throughput:`) name the whole load's rate, even
/// when the summary is pasted without its header.
#[test]
fn summary_label_is_aggregate() {
    let c = read("Median TTFT: 120 ms\nOutput token throughput: 980.4 tok/s\nMean ITL: 18 ms");
    assert_eq!(c.figures[0].value, 980.4);
    assert_eq!(c.figures[0].scope, Some(Scope::Aggregate));
}

/// §2: "single-batch" (one sequence at a time) is one user's rate.
#[test]
fn single_batch_is_per_user() {
    let c = read("Phi-3 mini reaches 210 tok/s single-batch on an L4.");
    assert_eq!(c.figures[0].scope, Some(Scope::PerUser));
}

/// §3 Hardware: a setup list under its own heading (`Test system: …, A100 80GB, …`) names the
/// one device the run used.
#[test]
fn setup_list_under_a_heading_is_one_device() {
    let c = read(
        "Test system: Llama 2 13B, TGI 2.0, H100 80GB, 50 concurrent users.\n\
         Output throughput was 2,100 tok/s.",
    );
    assert_eq!(c.gpu_count.as_ref().map(|g| g.value), Some(1));
}

/// Tables flattened onto one line (`| a | b | |---|---| | c | d |`, a copy from a web page) are
/// read row by row; §1.3: a median heads, a p10 / p90 row is its spread, not the figure.
#[test]
fn flattened_pipe_table_with_percentiles() {
    let c = read(
        "| Metric | Value | |---|---| | Median output tokens/second | 145 | \
         | p90 output tokens/second | 171 | | Errors | 0 |",
    );
    assert_eq!(c.figures[0].value, 145.0);
    assert_eq!(c.figures[0].scope, Some(Scope::PerUser));
}

/// §2: one response's report on its own line (`Response generated in 6.1 s, 512 tokens, 83.9
/// tokens/s`) is one user's rate, even with commas between its words and the figure.
#[test]
fn one_response_line_is_per_user() {
    let c = read("Output generated in 6.10 seconds, 512 tokens, 83.93 tokens/s (single request)");
    assert_eq!(c.figures[0].scope, Some(Scope::PerUser));
    let c = read("Response generated in 6.10 seconds, 512 tokens, 83.93 tokens/second");
    assert_eq!(c.figures[0].scope, Some(Scope::PerUser));
}

/// §3 Hardware: Gaudi HPUs (and other accelerators' own words: NPUs, LPUs, RDUs, TPUs) are
/// counted like GPUs; §3 Runtime: an engine outside the list keeps its name (Optimum Habana).
#[test]
fn accelerator_words_count_devices() {
    let c = read("Falcon 180B on Gaudi 2 with Optimum Habana, 8 HPUs, BF16: 950 tokens/s.");
    assert_eq!(c.gpu_count.as_ref().map(|g| g.value), Some(8));
    assert_eq!(
        c.runtime.as_ref().map(|r| r.value.as_str()),
        Some("optimum-habana")
    );
}

/// §3 Load: a request rate written in prose (`at request rate 6`, `a request rate of 2.5`) is
/// the arrivals the client set.
#[test]
fn request_rate_in_prose() {
    let c = read("Mean TPOT 31 ms at request rate 6 for Mistral 7B on an L4 with vLLM.");
    assert_eq!(c.request_rate.as_ref().map(|r| r.value), Some(6.0));
    let c = read("With a request rate of 2.5, Llama 3 8B on one A10G gave 410 tok/s.");
    assert_eq!(c.request_rate.as_ref().map(|r| r.value), Some(2.5));
}

/// §3 Load: users written plainly beside a run (`at 24 users`, `, 16 users)`) are the
/// concurrency.
#[test]
fn plain_users_are_the_concurrency() {
    let c = read("Result: 870 tokens/s (Qwen2 7B, one L4, TGI, 24 users)");
    assert_eq!(c.concurrency.as_ref().map(|r| r.value), Some(24));
    let c = read("Llama 3 8B on an A100 reaches 2,400 tokens/s at 64 users.");
    assert_eq!(c.concurrency.as_ref().map(|r| r.value), Some(64));
}

/// §4: an engine named as the other side of a comparison (`faster than vLLM`, `vs TGI`,
/// `outperforms llama.cpp`) is another setup's, not the claim's runtime; §3 Runtime:
/// TurboMind, named on its own, is LMDeploy's engine.
#[test]
fn compared_engine_is_not_the_runtime() {
    let c =
        read("Our engine serves OPT-30B at 1,900 tokens/s on an A100 80GB, 1.8x faster than vLLM.");
    assert!(c.runtime.is_none());
    let c = read("TurboMind reaches 2,400 tokens/s on Llama 2 13B, about 20% more than vLLM.");
    assert_eq!(
        c.runtime.as_ref().map(|r| r.value.as_str()),
        Some("lmdeploy")
    );
}

/// §2: a label that spells its unit (`Median output tokens per second: 88`, `Completion
/// tokens per second: 512`, `token/s/user: 34.5`) is a token rate with the kind and scope its
/// words give (a median is over requests: one user's).
#[test]
fn labels_that_spell_their_unit() {
    let c = read("Median output tokens per second: 74, Llama 3 8B on one L4, vLLM.");
    assert_eq!(c.figures[0].value, 74.0);
    assert_eq!(c.figures[0].scope, Some(Scope::PerUser));
    let c = read("Completion tokens per second: 640 (Mistral 7B, TGI, 1x A10G, concurrency 8)");
    assert_eq!(c.figures[0].value, 640.0);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    let c = read("token/s/user: 21.5 at 64 concurrent requests");
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputPerUser);
}

/// §2: a label with a slash right before its figure (`Output tput/GPU 1,450 tok/s`) names both
/// the tokens and the scope.
#[test]
fn slashed_label_before_the_figure() {
    let c = read("Output tput/GPU 2,050 tok/s at 32 concurrency, 8x H200.");
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    assert_eq!(c.figures[0].scope, Some(Scope::PerGpu));
}

/// §1.2 and §1.5: hearsay first ("some reports claim …"), then the author's own hedged result
/// ("but I only get …"): the author's is the headline.
#[test]
fn hedged_own_result_beats_hearsay() {
    let c = read("People say 140 tok/s on a 4090, but I only get 85 tok/s with Mistral 7B Q8.");
    assert_eq!(c.figures[0].value, 85.0);
}

/// §1.6: the baseline a text improves on ("Before tuning: …") is not the headline; the tuned
/// result is.
#[test]
fn before_tuning_is_the_baseline() {
    let c =
        read("Before tuning: 800 tok/s. After raising max-num-seqs: 1,150 tok/s (Llama 3 8B, L4).");
    assert_eq!(c.figures[0].value, 1150.0);
}

/// §1.3: the peak is never the headline, and its word speaks only of its own figure: a
/// sustained rate after it in the same sentence still heads.
#[test]
fn peak_word_speaks_of_its_own_figure() {
    let c =
        read("Peak throughput hit 3,900 tok/s, but the steady rate was 3,200 tok/s on 2x A100.");
    assert_eq!(c.figures[0].value, 3200.0);
}

/// §1.5 on a table turned on its side (settings as columns): the last column's setting comes
/// with the figure.
#[test]
fn sideways_table_column_setting() {
    let c = read(
        "| Batch size | 4 | 16 | 64 |\n|---|---|---|---|\n| Output tok/s | 300 | 1,050 | 3,300 |",
    );
    assert_eq!(c.figures[0].value, 3300.0);
    assert_eq!(c.batch_size.as_ref().map(|b| b.value), Some(64));
}

/// §3 Hardware: a family sold in several configurations (Apple M-series memory and GPU cores,
/// V100 16/32 GB, RTX 3080 10/12 GB) is partial unless the configuration is written beside the
/// name.
#[test]
fn configurable_families_need_their_configuration() {
    use benchfit_core::check;
    use benchfit_core::checklist::Status;
    let hw = |t: &str| check(t).checklist[5].status;
    assert_eq!(
        hw("On my M2 Pro, Llama 3 8B Q4_K_M runs at 28 tok/s."),
        Status::Partial
    );
    assert_eq!(
        hw("On my M2 Pro (32 GB), Llama 3 8B Q4_K_M runs at 28 tok/s."),
        Status::Stated
    );
    assert_eq!(
        hw("Mistral 7B on a single V100 gives 40 tok/s."),
        Status::Partial
    );
    assert_eq!(
        hw("Mistral 7B on a single V100 32GB gives 40 tok/s."),
        Status::Stated
    );
}

/// §3 Model: GPT-J without its size is the family as written (`gpt-j`); with it, `gpt-j-6b`.
/// Names in identifiers keep their parts across underscores (`llama_7b` → `llama-7b`).
#[test]
fn model_names_as_written() {
    let m = |t: &str| read(t).model.map(|m| m.value);
    assert_eq!(
        m("GPT-J serves 300 tok/s on an A10G.").as_deref(),
        Some("gpt-j")
    );
    assert_eq!(
        m("GPT-J 6B serves 300 tok/s on an A10G.").as_deref(),
        Some("gpt-j-6b")
    );
    assert_eq!(
        m("python bench.py llama_7b --tp 1: 410 tok/s").as_deref(),
        Some("llama-7b")
    );
}

/// §2 and §1.5: words after one figure's unit are that figure's up to the conjunction that
/// starts the next (`85 tok/s for a single user and about 900 tok/s with 32 requests`): the
/// second is not per user, and the load sweep heads at its last point.
#[test]
fn words_after_a_unit_stay_with_their_figure() {
    let c = read(
        "Qwen2 72B on 4x A100 with vLLM: 30 tokens/s for a single user and about 640 tokens/s \
         with 24 parallel requests.",
    );
    assert_eq!(c.figures[0].value, 640.0);
    assert_ne!(c.figures[0].scope, Some(Scope::PerUser));
}

/// §3 Load: a list of one setting keeps one separator; `batch 128, 1024/256` is a batch, then
/// lengths. §3 Runtime: a ratio after an engine's name (`SGLang 2.4x faster`) is no version.
#[test]
fn lists_keep_one_separator_and_ratios_are_no_version() {
    let c = read("Llama 2 13B on one H100 (vLLM, batch 128, 1024/256): 4,100 tokens/s.");
    assert_eq!(c.batch_size.as_ref().map(|b| b.value), Some(128));
    let c = read("SGLang 2.4x faster than vLLM: 4,400 output tok/s on Llama 3 8B, one H100.");
    assert!(c.runtime_version.is_none());
}

/// §3 Hardware in Chinese: number words before 张 / 块 / 卡 count cards (两张 A100 = 2); a bare
/// GeForce number after a card count (单卡 4090) is the device; 显卡 ("graphics card") names one
/// device, not several.
#[test]
fn chinese_card_counts_and_labels() {
    let c = read("Qwen2 7B 在两张 L40S 上，vLLM，生成吞吐 3,100 token/s。");
    assert_eq!(c.gpu_count.as_ref().map(|g| g.value), Some(2));
    let c = read("单卡 3090 跑 Llama 3 8B，约 90 tokens/s。");
    assert_eq!(c.gpu.as_ref().map(|g| g.value.as_str()), Some("rtx-3090"));
    let c = read("平均输出速度 40 tokens/s，模型 Qwen2-7B，显卡 RTX 4080。");
    assert_eq!(c.gpu_count.as_ref().map(|g| g.value), Some(1));
}

/// §1.5: `label: number` lines under a heading that gives their unit (`Results (tokens/sec):`)
/// are token rates; the last line shown heads, with the precision its own line names.
#[test]
fn unit_heading_over_a_list() {
    let c = read(
        "Results (tokens/sec):\nMistral-7B fp16: 61\nMistral-7B q8_0: 88\nMistral-7B q4_K_M: 117\n\
         GPU: RTX 3060 12GB, llama.cpp",
    );
    assert_eq!(c.figures[0].value, 117.0);
    assert_eq!(
        c.weight_dtype.as_ref().map(|w| w.value.as_str()),
        Some("q4_k_m")
    );
}

/// §2: "the total is …" sums over the load (a scope), it does not say input + output tokens.
#[test]
fn the_total_as_a_noun_is_a_sum() {
    let c = read("With 16 concurrent requests the total is about 700 tok/s on one L4.");
    assert_ne!(c.figures[0].kind, FigureKind::ThroughputTotal);
}

/// §2: a scope word between the number and its unit (`5,000 aggregate tokens/s`) is still a
/// token rate, with that scope; "time-to-first-token" with hyphens is a TTFT.
#[test]
fn scope_word_before_the_unit() {
    let c = read("We serve Falcon-40B on 4x A100 at 2,600 aggregate tokens/s.");
    assert_eq!(c.figures[0].value, 2600.0);
    assert_eq!(c.figures[0].scope, Some(Scope::Aggregate));
    let c = read("Llama 3 8B: 95 ms time-to-first-token on one L4.");
    assert_eq!(c.figures[0].kind, FigureKind::Ttft);
}

/// §3 Quantisation: a spec rating (`275 TOPS INT8`, `989 TFLOPS FP16`) is not the weights'
/// precision; the one the run names is.
#[test]
fn spec_rating_is_not_the_precision() {
    let c = read("An L4 (485 TFLOPS FP8) runs Mistral 7B in int4 (AWQ) at 70 tok/s.");
    assert_ne!(
        c.weight_dtype.as_ref().map(|w| w.value.as_str()),
        Some("fp8")
    );
    let c = read("The Orin (275 TOPS INT8) runs Phi-2 at 22 tok/s.");
    assert!(c.weight_dtype.is_none());
}

/// A `label: value` record's label starts after the sentence before it: `… 3,100 tokens/s.
/// System: 8x L40S` is a figure, then a device record (not a token rate of 8).
#[test]
fn record_label_starts_after_a_sentence_break() {
    let c = read("Batch 16: 1,200 tokens/s. Batch 64: 3,100 tokens/s. System: 8x L40S, vLLM.");
    assert!(c.figures.iter().any(|f| f.value == 3100.0));
    assert!(c.figures.iter().all(|f| f.value != 8.0));
}

/// §1.5 for logs: a tool summary printed once per load point is read at its last block, with
/// the load that block states (not the first block's).
#[test]
fn repeated_block_keeps_its_own_load() {
    let c = read(
        "Running with concurrency 2...\n=== Result ===\nConcurrency: 2\n\
         Generation throughput (tokens/second) avg: 40.5\n\
         Running with concurrency 8...\n=== Result ===\nConcurrency: 8\n\
         Generation throughput (tokens/second) avg: 150.25\n",
    );
    assert_eq!(c.figures[0].value, 150.25);
    assert_eq!(c.concurrency.as_ref().map(|x| x.value), Some(8));
}

/// §3 Load: a load written in the rate column's header (`Throughput (32 req)`) is the figure's
/// concurrency; as a bare count of requests (concurrent or in total, not said) the batch row
/// is at most partial.
#[test]
fn load_in_a_rate_header() {
    use benchfit_core::check;
    use benchfit_core::checklist::Status;
    let t = "| Engine | Throughput (32 req) |\n|---|---|\n| vLLM | 1,400 tok/s |\n| TGI | 1,150 tok/s |";
    let c = read(t);
    assert_eq!(c.concurrency.as_ref().map(|x| x.value), Some(32));
    assert_eq!(check(t).checklist[0].status, Status::Partial);
}

/// §2 kind words: tokens "generated per second" are output tokens; "input+output tokens per
/// second" and "prompt + generation throughput" are totals; "per-request" is one user's; "each
/// GPU" is per GPU.
#[test]
fn more_kind_and_scope_words() {
    let c = read("We got 5,200 tokens generated per second at 128 concurrent requests on 4x A100.");
    assert_eq!(c.figures[0].value, 5200.0);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    let c = read("Each GPU processes 2,900 input+output tokens per second.");
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputTotal);
    assert_eq!(c.figures[0].scope, Some(Scope::PerGpu));
    let c = read("Prompt + generation throughput: 8,800 tokens/s on one H100.");
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputTotal);
    let c = read("Per-request generation speed averaged 35 tok/s with 8 concurrent users.");
    assert_eq!(c.figures[0].scope, Some(Scope::PerUser));
}

/// §3 Runtime: llama-cpp-python is llama.cpp's Python binding: the same engine.
#[test]
fn llama_cpp_python_is_llama_cpp() {
    let c = read("Using llama-cpp-python on an RTX 3060: Mistral 7B Q4_K_M at 48 tok/s.");
    assert_eq!(
        c.runtime.as_ref().map(|r| r.value.as_str()),
        Some("llama.cpp")
    );
}

/// §3 Runtime: llama.cpp's build line (`build: 1a2b3c4d (4567)`, as llama-bench prints it) is
/// its version as written.
#[test]
fn llama_cpp_build_line_is_the_version() {
    let c = read("| model | test | t/s |\n| llama 8B Q4_0 | tg128 | 88.10 ± 0.20 |\n\nbuild: 1a2b3c4d (4567)");
    assert_eq!(
        c.runtime_version.as_ref().map(|v| v.value.as_str()),
        Some("1a2b3c4d (4567)")
    );
}

/// §1 rule 6 for latencies: a change written with two (`TPOT from 48 ms to 39 ms`) ends at the
/// tuned result.
#[test]
fn latency_change_ends_at_the_tuned_result() {
    let c = read("The patch cuts TPOT from 48 ms to 39 ms for Llama 3 8B on one L4.");
    assert_eq!(c.figures[0].value, 39.0);
    assert_eq!(c.figures[0].kind, FigureKind::Tpot);
}

/// §2 scope: a throughput on a DGX (one server of eight GPUs) is the node's.
#[test]
fn dgx_throughput_is_per_node() {
    let c = read("On a DGX A100, Falcon-40B with TGI reaches 7,500 tokens/s.");
    assert_eq!(c.figures[0].scope, Some(Scope::PerNode));
    assert_eq!(c.gpu_count.as_ref().map(|g| g.value), Some(8));
}

/// §3 Load words: "single user" and "sequential requests" are one request in flight; "N
/// virtual users" (a load tester's) are the concurrency; `at 12 QPS: 2,900 tok/s` sets 12
/// requests per second (the number after the colon is the figure).
#[test]
fn more_load_words() {
    let c = read("Single user, Qwen2 7B on an RTX 4080 with vLLM: 95 tok/s.");
    assert_eq!(c.concurrency.as_ref().map(|x| x.value), Some(1));
    let c = read("Sequential requests: Llama 2 7B at 40 tok/s on an A10G with TGI.");
    assert_eq!(c.concurrency.as_ref().map(|x| x.value), Some(1));
    let c = read("With 40 virtual users in k6 we measured 1,500 tokens/s on one L40S.");
    assert_eq!(c.concurrency.as_ref().map(|x| x.value), Some(40));
    let c = read("Mistral 7B on one H100 at 12 QPS: 2,900 tok/s output.");
    assert_eq!(c.request_rate.as_ref().map(|x| x.value), Some(12.0));
}

/// §3 Model: more families keep their name and size (`Yi-1.5-34B`, `MPT-30B`, `Vicuna-13B`,
/// `internlm2-chat-20b` without its chat suffix), and a derivative named after its base keeps
/// the base (`Llama-3.1-Nemotron-70B`).
#[test]
fn more_model_families() {
    let m = |t: &str| read(t).model.map(|m| m.value);
    assert_eq!(m("Yi-1.5-9B-Chat: 400 tok/s").as_deref(), Some("yi-1.5-9b"));
    assert_eq!(m("MPT-7B: 400 tok/s").as_deref(), Some("mpt-7b"));
    assert_eq!(m("Vicuna-7B: 400 tok/s").as_deref(), Some("vicuna-7b"));
    assert_eq!(
        m("internlm2-chat-7b: 400 tok/s").as_deref(),
        Some("internlm2-7b")
    );
    assert_eq!(
        m("Llama-3.1-Nemotron-51B-Instruct: 400 tok/s").as_deref(),
        Some("llama-3.1-nemotron-51b")
    );
}

/// §3 Quantisation: a precision named as the weights' (`FP8 weights`) is the weights', before a
/// baseline's or another setting's; a generic FP4 then its specific format (NVFP4) is the
/// specific one.
#[test]
fn precision_named_as_the_weights() {
    let c =
        read("Baseline BF16: 900 tok/s. Tuned: FP8 weights with an FP16 KV cache, 1,300 tok/s.");
    assert_eq!(
        c.weight_dtype.as_ref().map(|w| w.value.as_str()),
        Some("fp8")
    );
    let c = read("Using FP4 (in particular MXFP4) on B200: 9,000 tok/s for gpt-oss-120b.");
    assert_eq!(
        c.weight_dtype.as_ref().map(|w| w.value.as_str()),
        Some("mxfp4")
    );
}

/// §3 Hardware: TP written as a record (`TP Size: 4`, `tp_size=2`) or a table column (`| TP |`)
/// is the tensor-parallel degree, and the device count when nothing else counts them.
#[test]
fn tp_records_and_columns() {
    let c =
        read("TP Size:                4\nPP Size:                1\nThroughput: 3,300 tokens/sec");
    assert_eq!(c.tp.as_ref().map(|t| t.value), Some(4));
    let c =
        read("| Model | TP | Throughput |\n|---|---|---|\n| Llama 2 70B | 2 | 1,900 tokens/sec |");
    assert_eq!(c.tp.as_ref().map(|t| t.value), Some(2));
    assert_eq!(c.gpu_count.as_ref().map(|t| t.value), Some(2));
}

/// §3 Hardware: a record of the device count (`Number of GPUs: 4`, `num_gpus=2`, `world_size
/// 8`) counts the devices the run used.
#[test]
fn device_count_records() {
    let g = |t: &str| read(t).gpu_count.map(|g| g.value);
    assert_eq!(
        g("Number of GPUs: 4\nThroughput: 2,000 tokens/sec"),
        Some(4)
    );
    assert_eq!(g("num_gpus=2, model llama_7b: 900 tokens/sec"), Some(2));
    assert_eq!(g("world_size 8 ... 12,000 tokens/sec"), Some(8));
}

/// §1.3: a summary's token throughput stays a figure when the next line starts with a request
/// rate's words (a unit on the next line is that line's, not this number's).
#[test]
fn next_line_unit_is_not_this_numbers() {
    let c = read(
        "Output Throughput (tokens/sec): 3,456.7\nRequest Throughput (req/sec): 2.1\n\
         Total Latency (ms): 99000.5",
    );
    assert_eq!(c.figures[0].value, 3456.7);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
}

/// Tool outputs: `mlx_lm.generate`'s `Generation: N tokens, R tokens-per-sec` (a line led by
/// its phase word; the `Prompt:` line is prefill), `ollama run --verbose` timings (runtime
/// recognised from its shape), TensorRT-LLM's `token_throughput(token/sec) R` with no colon.
#[test]
fn more_tool_outputs() {
    let c = read(
        "Prompt: 64 tokens, 980.5 tokens-per-sec\nGeneration: 200 tokens, 55.1 tokens-per-sec",
    );
    assert_eq!(c.figures[0].value, 55.1);
    assert_eq!(c.runtime.as_ref().map(|r| r.value.as_str()), Some("mlx"));
    let c = read("load duration:        1.1s\neval count:           300 token(s)\neval rate:            38.20 tokens/s");
    assert_eq!(c.runtime.as_ref().map(|r| r.value.as_str()), Some("ollama"));
    let c = read(
        "[BENCHMARK] seq_throughput(seq/sec) 6.1\n[BENCHMARK] token_throughput(token/sec) 3100.2",
    );
    assert_eq!(c.figures[0].value, 3100.2);
}

/// Tables in CSV (a tool's export, `Metric,avg,min,max`) are read like any other table: the
/// output token throughput row heads.
#[test]
fn csv_table() {
    let c = read(
        "Metric,avg,min,max\nTime To First Token (ms),52.1,40.0,80.2\n\
         Output Token Throughput (tokens/sec),980.5,,\nRequest Throughput (per sec),3.9,,",
    );
    assert_eq!(c.figures[0].value, 980.5);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
}

/// §3 Hardware: a GPU named once in the singular as an element of the run's setup list in
/// parentheses (`(Mistral 7B AWQ, A10G, vLLM, 32 users)`) is the one device it used.
#[test]
fn gpu_in_a_setup_list_is_one_device() {
    let c = read("Result: 1.1k tokens/s (Mistral-7B AWQ, L4, vLLM, 16 users)");
    assert_eq!(c.gpu_count.as_ref().map(|g| g.value), Some(1));
}

/// §3 Hardware: a cloud GPU instance (AWS, Google Cloud) named instead of its GPUs gives the device and the
/// instance's count (worked out from AWS's instance tables: p5.48xlarge holds 8 × H100 SXM,
/// p4de.24xlarge 8 × A100 80 GB, g5.12xlarge 4 × A10G, g5.2xlarge one); a size the family
/// does not have names nothing.
#[test]
fn aws_gpu_instances_name_the_device_and_count() {
    let hw = |t: &str| {
        let c = read(t);
        (c.gpu.map(|g| g.value), c.gpu_count.map(|n| n.value))
    };
    assert_eq!(
        hw("On a p5.48xlarge, Llama 3.1 70B with vLLM serves 9,000 output tokens/s."),
        (Some("h100-sxm".to_string()), Some(8))
    );
    assert_eq!(
        hw("Mixtral on AWS p4de.24xlarge: 5200 tokens/s aggregate."),
        (Some("a100-80gb".to_string()), Some(8))
    );
    assert_eq!(
        hw("We ran Llama 2 13B on a g5.12xlarge and got 640 tok/s."),
        (Some("a10g".to_string()), Some(4))
    );
    assert_eq!(
        hw("Mistral 7B on g5.2xlarge: 38 tokens/s per user."),
        (Some("a10g".to_string()), Some(1))
    );
    assert_eq!(hw("A c5.9xlarge CPU box does 12 tokens/s.").0, None);
    // Azure: the VM size names the GPU and its count; an ND series has one size of eight.
    assert_eq!(
        hw("Benchmarked on Standard_ND96isr_H100_v5: Llama 3.1 405B, 2,900 output tokens/s."),
        (Some("h100-sxm".to_string()), Some(8))
    );
    assert_eq!(
        hw("Phi-3 on an Azure NC24ads_A100_v4 VM reached 1,150 tokens/s."),
        (Some("a100-pcie".to_string()), Some(1))
    );
    assert_eq!(
        hw("Mixtral 8x7B on Standard_ND96amsr_A100_v4: 6,100 tok/s."),
        (Some("a100-80gb".to_string()), Some(8))
    );
    assert_eq!(
        hw("Llama 2 70B on ND96asr_v4 did 3,000 tokens/s."),
        (Some("a100-40gb".to_string()), Some(8))
    );
    assert_eq!(
        hw("Azure ND MI300X v5 VMs serve Llama 3.1 405B at 3,400 tokens/s."),
        (Some("mi300x".to_string()), Some(8))
    );
    assert_eq!(
        hw("On the NC80adis_H100_v5 we measured 4,000 tok/s for Llama 3 8B."),
        (Some("h100-nvl".to_string()), Some(2))
    );
    assert_eq!(hw("A Standard_D8s_v5 CPU VM does 9 tokens/s.").0, None);
    // Google Cloud: the `-Ng` suffix is the count.
    assert_eq!(
        hw("Llama 3 70B on an a3-highgpu-8g VM: 7,800 output tokens/s."),
        (Some("h100-sxm".to_string()), Some(8))
    );
    assert_eq!(
        hw("Gemma 7B on a2-ultragpu-2g: 2100 tok/s."),
        (Some("a100-80gb".to_string()), Some(2))
    );
}

/// §1 rule 8: "million" and "thousand" written out are number suffixes, as `M` and `k` are.
#[test]
fn number_words_are_suffixes() {
    let c = read("We achieve 1.2 million tokens per second on a GB200 NVL72 rack.");
    assert_eq!(c.figures[0].value, 1_200_000.0);
    let c = read("Our cluster sustains 450 thousand tokens per second.");
    assert_eq!(c.figures[0].value, 450_000.0);
}

/// §1 rule 3: a latency named before its percentile (`TTFT p50 42 ms`) is still a latency;
/// with no throughput, the ITL heads (not the TTFT).
#[test]
fn latency_with_percentile_after_its_name() {
    let c =
        read("Llama 3.1 8B on an L40S: TTFT p50 42 ms, ITL p50 11.8 ms at 16 concurrent requests.");
    assert_eq!(c.figures[0].kind, FigureKind::Itl);
    assert_eq!(c.figures[0].value, 11.8);
    assert_eq!(c.concurrency.as_ref().map(|v| v.value), Some(16));
}

/// §3 Load and Lengths: "128 concurrent" without a noun is the concurrency; vLLM's dataset
/// shorthand `random 1000/1000` gives input then output length.
#[test]
fn bare_concurrent_and_random_pair() {
    let c = read(
        "Gemma 3 27B on H100: output throughput 3,412 tok/s with 128 concurrent, random 1024/256.",
    );
    assert_eq!(c.concurrency.as_ref().map(|v| v.value), Some(128));
    assert_eq!(c.prompt_tokens.as_ref().map(|v| v.value), Some(1024));
    assert_eq!(c.output_tokens.as_ref().map(|v| v.value), Some(256));
}

/// §3 Model: a model no family pattern knows, named with its size, keeps its name as the id; a
/// word that is not a name ("a huge 70B AI") does not beat a name elsewhere in the text.
#[test]
fn sized_names_outside_the_families() {
    let c = read("TinyLlama 1.1B Q4_0 runs at 9 tokens per second on a Raspberry Pi 5.");
    assert_eq!(
        c.model.as_ref().map(|m| m.value.as_str()),
        Some("tinyllama-1.1b")
    );
    let c = read("Hermes 3 8B does 95 tok/s on one RTX 4090.");
    assert_eq!(
        c.model.as_ref().map(|m| m.value.as_str()),
        Some("hermes-3-8b")
    );
    let c = read(
        "Title: Llama 3.1 70B from disk\n\nIt streams a huge 70B AI from SSD at 0.2 tokens/sec.",
    );
    assert_eq!(
        c.model.as_ref().map(|m| m.value.as_str()),
        Some("llama-3.1-70b")
    );
    let c = read("Running a 7B model at 40 tok/s.");
    assert_eq!(c.model, None);
}

/// §1 rules 2 and 5: "I get X for a single user and Y aggregate with 32 requests" marks both
/// as the author's; the sweep over load ends at the aggregate point.
#[test]
fn author_mark_covers_a_joined_sweep() {
    let c = read("With vLLM on 2x RTX 3090 I get about 35 t/s for a single user and ~600 t/s aggregate with 32 concurrent requests.");
    assert_eq!(c.figures[0].value, 600.0);
    assert_eq!(c.figures[0].scope, Some(Scope::Aggregate));
    // A contrast is not a join: the marked figure stays.
    let c = read("I get 35 t/s on my card, but a friend gets 60 t/s on his.");
    assert_eq!(c.figures[0].value, 35.0);
}

/// §1 rule 4 written inline (`pp512 = 145 t/s, tg128 = 12.8 t/s`): the tg rate heads.
#[test]
fn inline_bench_rows_with_equals() {
    let c = read(
        "On my M2 Ultra with llama.cpp, Llama 3 70B Q5_K_M: pp512 = 145 t/s, tg128 = 12.8 t/s.",
    );
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    assert_eq!(c.figures[0].value, 12.8);
}

/// §3 Lengths and Load: `input 2k output 512, QPS 2` — the comma after a length ends it, and
/// a rate written after "QPS" is the offered rate; a throughput at a set rate is aggregate (§2).
#[test]
fn lengths_before_commas_and_qps_first() {
    let c = read("Qwen2.5-72B, vLLM 0.7.3, 4×A100-80G, TP=4, input 2k output 512, QPS 2: mean TTFT 380 ms, throughput 1,010 tokens/s.");
    assert_eq!(c.output_tokens.as_ref().map(|v| v.value), Some(512));
    assert_eq!(c.prompt_tokens.as_ref().map(|v| v.value), Some(2000));
    assert_eq!(c.request_rate.as_ref().map(|v| v.value), Some(2.0));
    assert_eq!(c.figures[0].value, 1010.0);
    assert_eq!(c.figures[0].scope, Some(Scope::Aggregate));
}

/// §3 Model: a count of tokens after a verb is not a model's size.
#[test]
fn token_counts_are_not_model_sizes() {
    let c = read("Our H100 cluster (64 GPUs) processed 2.5B tokens per day serving our chatbot.");
    assert_eq!(c.model, None);
}

/// §1 rule 3 and §3 Load in a `Metric | Value` table: each row is a `label: value` record.
#[test]
fn key_value_table_rows_are_records() {
    let c = read(
        "Benchmark | Value\nOutput token throughput | 3,012 tok/s\nMean TTFT | 182 ms\n\
         Concurrency | 64\nGPU | 1x A100 80GB SXM",
    );
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    assert_eq!(c.figures[0].value, 3012.0);
    assert_eq!(c.concurrency.as_ref().map(|v| v.value), Some(64));
}

/// §2 and §3 in Chinese: a latency in the next clause (首字延迟) is not the throughput's kind
/// word; `batch size 为 16` is a batch of 16.
#[test]
fn chinese_clauses_and_wei() {
    let c =
        read("4 卡 A100 80G，vLLM 0.6.3。并发 32 时，吞吐量达到 1580 tokens/s，首字延迟 0.8 秒。");
    assert_eq!(c.figures[0].value, 1580.0);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputUnspecified);
    assert_eq!(c.figures[0].scope, Some(Scope::Aggregate));
    let c = read("单卡 RTX 4090 运行 GLM-4-9B，batch size 为 16，生成速度约 650 tokens/s。");
    assert_eq!(c.batch_size.as_ref().map(|v| v.value), Some(16));
    let c = read("单卡 A100 上并发为 32，吞吐 1200 tokens/s。");
    assert_eq!(c.concurrency.as_ref().map(|v| v.value), Some(32));
}

/// §3 Quantisation: a KV flag inside parentheses names the cache, not the weights.
#[test]
fn kv_flag_in_parentheses() {
    let c = read("TPOT went from 48 ms to 31 ms on H100 after enabling FP8 KV cache (--kv-cache-dtype fp8) for Llama 3.1 70B.");
    assert_eq!(c.kv_dtype.as_ref().map(|v| v.value.as_str()), Some("fp8"));
    assert_eq!(c.weight_dtype, None);
}

/// §3 Hardware: servers counted before the device (`2× H200 nodes (16 GPUs)`) are not the
/// device count; a Mac named with its chip is the chip; a table's device cell is one device
/// unless it counts them.
#[test]
fn nodes_macs_and_device_cells() {
    let c = read("DeepSeek-V3 on 2× H200 nodes (16 GPUs) with SGLang: decode 2.8k tok/s per node.");
    assert_eq!(c.gpu_count.as_ref().map(|v| v.value), Some(16));
    let c = read("Llama 3.2 3B on a MacBook Air M3 (16 GB) via MLX runs at 52 tok/s.");
    assert_eq!(c.gpu.as_ref().map(|v| v.value.as_str()), Some("m3"));
    let table = "Model          GPU     Batch   Throughput (tok/s)\n\
                 Llama-3.1-8B   L40S    64      4,210\n\
                 Llama-3.1-8B   H100    64      9,870";
    let c = read(table);
    assert_eq!(c.figures[0].value, 9870.0);
    assert_eq!(c.gpu_count.as_ref().map(|v| v.value), Some(1));
    let c = read("| GPU | Batch | Throughput (tok/s) |\n|---|---|---|\n| 8x H100 | 64 | 9,870 |");
    assert_eq!(c.gpu_count.as_ref().map(|v| v.value), Some(8));
}

/// §2: a line's own label (`Output tput/GPU:`) says the scope before a rack named after the
/// figure (`GB200 NVL72`).
#[test]
fn line_label_scope_beats_words_after() {
    let c = read("Output tput/GPU: 2,950 tok/s (DeepSeek-R1 FP4, GB200 NVL72, ISL/OSL 1k/1k)");
    assert_eq!(c.figures[0].scope, Some(Scope::PerGpu));
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
}

/// §1 rule 5 and §2 on GuideLLM's sweep table: the last row heads; its observed concurrency
/// (`18.20`) is a load of several requests, so its output rate is the whole load's.
#[test]
fn guidellm_sweep_last_row_is_aggregate() {
    let c = read(
        "| Benchmark     | Per Second | Concurrency | Out Tok/sec | Tot Tok/sec |\n\
         | synchronous   | 0.45       | 1.00        | 115.2       | 345.6       |\n\
         | throughput    | 14.80      | 210.34      | 3790.1      | 11370.3     |\n\
         | constant@7.63 | 7.40       | 18.20       | 1894.4      | 5683.2      |",
    );
    assert_eq!(c.figures[0].value, 1894.4);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    assert_eq!(c.figures[0].scope, Some(Scope::Aggregate));
    assert_eq!(c.concurrency.as_ref().map(|v| v.value), Some(18));
    // The row's label names the rate the client sent at (§3 Load: a set rate).
    assert_eq!(c.request_rate.as_ref().map(|v| v.value), Some(7.63));
}

/// §3 Model and Hardware: a hyphenated name outside the families keeps every part
/// (`Mistral-Nemo-12B`); a DGX H100 holds the SXM part.
#[test]
fn hyphenated_names_and_dgx_boards() {
    let c =
        read("With llama-server and Mistral-Nemo-12B Q6_K on an RX 6800 XT I measured 110 tok/s.");
    assert_eq!(
        c.model.as_ref().map(|m| m.value.as_str()),
        Some("mistral-nemo-12b")
    );
    let c = read("Our stack serves Llama 3.1 70B at 4,100 tokens/s on a DGX H100.");
    assert_eq!(c.gpu.as_ref().map(|g| g.value.as_str()), Some("h100-sxm"));
    assert_eq!(c.gpu_count.as_ref().map(|g| g.value), Some(8));
}

/// §1 rule 5, a sweep over load written in prose: "at 8 users" is that point's load, so the
/// sweep ends at its last point (not at the single user's per-user rate).
#[test]
fn sweep_over_users_in_prose() {
    let c = read("At 1 concurrent user the H200 produces 180 tok/s; at 8 users 1,100 tok/s; at 64 users 5,400 tok/s (Llama 3.1 8B, FP8, TRT-LLM).");
    assert_eq!(c.figures[0].value, 5400.0);
    assert_eq!(c.figures[0].scope, Some(Scope::Aggregate));
    assert_eq!(c.concurrency.as_ref().map(|v| v.value), Some(64));
    // A user base is no load.
    let c = read("Our chatbot has 1000 users and runs Llama 3 8B at 90 tok/s on one L4.");
    assert_eq!(c.concurrency, None);
}

/// §1 rule 2 and §4: the author's own measured number beats a vendor's claim set against it,
/// and takes the device written in its own clause.
#[test]
fn own_number_against_a_vendor_claim() {
    let c = read("For comparison, NVIDIA claims 30,000 tokens/s on H100 for the same model, but our measured number on 8x MI300X was 21,400 tokens/s (Llama 2 70B, vLLM, FP8).");
    assert_eq!(c.figures[0].value, 21400.0);
    assert_eq!(c.gpu.as_ref().map(|g| g.value.as_str()), Some("mi300x"));
    assert_eq!(c.gpu_count.as_ref().map(|g| g.value), Some(8));
}

/// §3 on llama-bench output: the model column's `llama 8B` yields to the release the command's
/// file names, and `Q4_K - Medium` is `q4_k_m`; a load tester's "50 VUs" are 50 in flight.
#[test]
fn llama_bench_names_and_virtual_users() {
    let c = read(
        "./llama-bench -m models/Meta-Llama-3-8B-Instruct-Q4_K_M.gguf -ngl 99 -p 512 -n 128\n\
         | model                  |       size | backend | ngl |  test |            t/s |\n\
         | llama 8B Q4_K - Medium |   4.58 GiB | CUDA    |  99 | pp512 | 5122.41 ± 12.02 |\n\
         | llama 8B Q4_K - Medium |   4.58 GiB | CUDA    |  99 | tg128 |  128.33 ± 0.51 |",
    );
    assert_eq!(c.figures[0].value, 128.33);
    assert_eq!(
        c.model.as_ref().map(|m| m.value.as_str()),
        Some("llama-3-8b")
    );
    assert_eq!(
        c.weight_dtype.as_ref().map(|m| m.value.as_str()),
        Some("q4_k_m")
    );
    let c = read("k6 run: 50 VUs, 5 min, total throughput 1,890 tokens/s on an A10G with TGI.");
    assert_eq!(c.concurrency.as_ref().map(|v| v.value), Some(50));
}

/// §1 rule 5 and §4 on a paper's two-column table written with one bar per line: the last row
/// heads, and the systems of the other rows are not its runtime.
#[test]
fn one_bar_table_and_other_rows_systems() {
    let c = read(
        "Table 3: Throughput (tokens/s) serving OPT-13B on one A100-40GB with ShareGPT.\n\
         System      | Throughput\nHF          | 120\nTGI         | 380\nvLLM        | 920\n\
         Ours        | 1,310",
    );
    assert_eq!(c.figures[0].value, 1310.0);
    assert_eq!(c.runtime, None);
}

/// §1 rule 7: a "range" whose low end is a name's digits (`8x H200 — 34,864 tokens/s`) is no
/// range; the figure is the number alone.
#[test]
fn name_digits_are_no_range_end() {
    let c = read("MLPerf Inference v4.1, Llama 2 70B, Offline: 8x H200 — 34,864 tokens/s; 8x MI300X — 23,514 tokens/s.");
    assert_eq!(c.figures[0].value, 34864.0);
    assert_eq!(c.figures[0].value_high, None);
}

/// §3 Lengths in Chinese: `输入 512 tokens，输出 512 tokens` counts tokens (a length), unlike
/// `输出 1450 tokens/s` (a rate).
#[test]
fn chinese_lengths_counted_in_tokens() {
    let c = read("RTX 4090 单卡，vLLM 0.6.1，Qwen2-7B-Instruct，输入 512 tokens，输出 256 tokens，并发 16 时输出吞吐约 1,100 tokens/s。");
    assert_eq!(c.prompt_tokens.as_ref().map(|v| v.value), Some(512));
    assert_eq!(c.output_tokens.as_ref().map(|v| v.value), Some(256));
    assert_eq!(c.figures[0].value, 1100.0);
}

/// §3 Load: vLLM's offline throughput benchmark (`Throughput: N requests/s, M total tokens/s`)
/// sends every prompt at once: saturation, described, so the batch row is partial.
#[test]
fn vllm_offline_throughput_line_is_saturation() {
    let c = benchfit_core::check(
        "Throughput: 3.41 requests/s, 3492.27 total tokens/s, 436.53 output tokens/s\n\
         Model: Mixtral-8x7B-Instruct, tp=2, 2x A100-SXM4-80GB, vLLM 0.4.2, input_len=1024, output_len=128",
    );
    let json = serde_json::to_value(&c).unwrap();
    assert_eq!(json["claim"]["figures"][0]["value"], 436.53);
    assert_eq!(json["checklist"][0]["condition"], "batch_size");
    assert_eq!(json["checklist"][0]["status"], "partial");
}

/// §3 Lengths: `1k in / 1k out` is 1000 and 1000; §1 rule 5 on a space-aligned sweep table.
#[test]
fn k_lengths_in_out_and_space_aligned_sweep() {
    let c = read(
        "Results (H200, SGLang 0.4, DeepSeek-V3, FP8, 1k in / 1k out)\n\
         concurrency   output tok/s   median TTFT (ms)\n\
         1             42             180\n\
         64            1510           410\n\
         256           2890           1900",
    );
    assert_eq!(c.figures[0].value, 2890.0);
    assert_eq!(c.concurrency.as_ref().map(|v| v.value), Some(256));
    assert_eq!(c.prompt_tokens.as_ref().map(|v| v.value), Some(1000));
    assert_eq!(c.output_tokens.as_ref().map(|v| v.value), Some(1000));
}

/// §2 and §3 Runtime: a count of something else per request (`2 images per request`) does not
/// make a throughput per user; "MLC" alone is MLC LLM.
#[test]
fn counts_per_request_and_mlc() {
    let c = read("Benchmark: Llama-3.2-11B-Vision on 1x L40S with vLLM 0.6.2: 620 output tokens/s, 2 images per request, 16 concurrent.");
    assert_eq!(c.figures[0].scope, Some(Scope::Aggregate));
    let c = read(
        "I was able to serve Llama-3-8B-Instruct on Jetson AGX Orin 64GB with MLC at 38 tok/s.",
    );
    assert_eq!(
        c.runtime.as_ref().map(|r| r.value.as_str()),
        Some("mlc-llm")
    );
}

/// §3 Load: a tool's JSON record of the rate it sent at (`"request_rate": 1.0`) is the offered
/// rate, as the `--request-rate` flag is.
#[test]
fn json_request_rate_record() {
    let c = read(
        r#"{"metrics": {"num_prompts_attempted": 5, "request_rate": 1.0, "throughput": 33.89}}"#,
    );
    assert_eq!(c.request_rate.as_ref().map(|r| r.value), Some(1.0));
}

/// §1 rule 5 on a metric-row table whose columns are different devices: a comparison, so the
/// first device's column is the subject (not the last column, as in a sweep).
#[test]
fn device_columns_compare_setups() {
    let c = read(
        "| Metric | H200 (8 GPU, SGLang) | MI300X (8 GPU, SGLang) |\n|---|---|---|\n\
         | Output token throughput | 4,100 tok/s | 3,300 tok/s |",
    );
    assert_eq!(c.figures[0].value, 4100.0);
    // A sweep over another setting still ends on its last column.
    let c = read(
        "| Metric | TP 1 | TP 2 | TP 4 |\n|---|---|---|---|\n| Output token throughput | 900 tok/s | 1,600 tok/s | 2,800 tok/s |",
    );
    assert_eq!(c.figures[0].value, 2800.0);
}

/// §1 rule 5 on a table whose rows compare devices: the rows of the device the title names
/// first are the subject; the last of those rows heads. A service's accelerator cell (Groq's
/// LPUs) counts no devices.
#[test]
fn rows_of_the_titled_device() {
    let c = read(
        "Output Tokens Per Second — Groq LPU vs NVIDIA GPU\n\n\
         | Model | Platform | Output T/s | TTFT |\n|---|---|---|---|\n\
         | Llama 3.1 8B | Groq LPU | 750 | 80ms |\n| Llama 3.1 8B | NVIDIA H100 | 130 | 280ms |\n\
         | Llama 3.3 70B | Groq LPU | 270 | 180ms |\n| Llama 3.3 70B | NVIDIA H100 | 48 | 520ms |",
    );
    assert_eq!(c.figures[0].value, 270.0);
    assert_eq!(c.gpu.as_ref().map(|g| g.value.as_str()), Some("groq-lpu"));
    assert_eq!(c.gpu_count, None);
}

/// §1 rule 5 on a table whose continuation rows leave out the merged model cell and end on an
/// empty cell: their cells belong one column right, so the last row's throughput heads with
/// its own batch and lengths.
#[test]
fn continuation_rows_shift_right() {
    let c = read(
        "Model | # HPU | Precision | Input Length | Output Length | Batch Size | Throughput (tokens/sec) |\n\
         ---|---|---|---|---|---|---|\n\
         LLaMA 2 70b | 2 | fp8 | 128 | 128 | 1,750 | 2,844 |\n\
         4 | fp8 | 128 | 2,048 | 327 | 3,211 | |\n\
         2 | fp8 | 2,048 | 2,048 | 78 | 1,438 | |",
    );
    assert_eq!(c.figures[0].value, 1438.0);
    assert_eq!(c.batch_size.as_ref().map(|v| v.value), Some(78));
    assert_eq!(c.prompt_tokens.as_ref().map(|v| v.value), Some(2048));
}

/// §1 rules 3–6 with full-width punctuation: `Decode token/s（最高）：10.11` is a labelled decode
/// rate (no load stated, so no scope); the project's official figures printed after it
/// (官方速度) are another source, not a later block of the same run.
#[test]
fn fullwidth_records_and_official_figures() {
    let c = read(
        "测试结果：\nPrefill token/s（最高）：13.35\nDecode token/s（最高）：10.11\n\n\
         官方速度：V0.2.1\nPrefill token/s：88.2\nDecode token/s：13.5",
    );
    assert_eq!(c.figures[0].value, 10.11);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    // Nothing says how many streams ran (no timing output, no batch): the scope is not said.
    assert_eq!(c.figures[0].scope, None);
}

/// §1 rule 6: an aggregate computed from the per-user rate (`476.49 tok/s throughput` =
/// 14.89 tok/s/user × batch 32) is derived; the measured per-user rate heads.
#[test]
fn aggregate_computed_from_per_user_is_derived() {
    let c = read("Batch=32: Average Time to First Token (TTFT): 195.39ms Average speed: 67.16ms @ 14.89 tok/s/user (476.49 tok/s throughput)");
    assert_eq!(c.figures[0].value, 14.89);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputPerUser);
    assert!(c.figures.iter().any(|f| f.value == 476.49 && f.derived));
}

/// §3 Hardware, Runtime and tables: a rack-scale NVLink domain counts its GPUs (`GH200 NVL32`:
/// 32); a runtime's version inside a container tag (`_vllm_0.10.2_`); footnote digits glued to
/// headers (`TP1 Size` is the TP column); an A100 named by its memory only is partial.
#[test]
fn nvl_domains_tags_footnotes_and_a100_memory() {
    let c = read(
        "A single GH200 NVL32 system achieves a TTFT of just 472 milliseconds on Llama 3.1 70B.",
    );
    assert_eq!(c.gpu_count.as_ref().map(|g| g.value), Some(32));
    let c = read(
        "vLLM\n- Docker container: rocm/vllm:rocm7.0.0_vllm_0.10.2_20251006\n\
         | Model | Precision | TP1 Size | Input | Output | Throughput2 (tok/s) |\n\
         | Llama 3.1 70B | FP8 | 8 | 128 | 2048 | 13212.5 |",
    );
    assert_eq!(
        c.runtime_version.as_ref().map(|v| v.value.as_str()),
        Some("0.10.2")
    );
    assert_eq!(c.tp.as_ref().map(|v| v.value), Some(8));
    let r = benchfit_core::check(
        "LMDeploy on one NVIDIA A100(80G): LLaMA-7B output token throughput exceeds 2000 tokens/s.",
    );
    let j = serde_json::to_value(&r).unwrap();
    assert_eq!(j["claim"]["gpu"], "a100-80gb");
    assert_eq!(j["checklist"][5]["condition"], "hardware");
    assert_eq!(j["checklist"][5]["status"], "partial");
    let r = benchfit_core::check(
        "vLLM on one A100-SXM4-80GB: Llama 2 7B at 2,000 output tokens/s, batch 64.",
    );
    let j = serde_json::to_value(&r).unwrap();
    assert_eq!(j["checklist"][5]["status"], "stated");
}

/// Red-team cases (fresh claims written by a reviewer from CLAIMS.md), each reading worked out
/// from the rule named.
#[test]
fn reviewer_cases() {
    // §3 Load: `batch size 64, 2,048 input` — the thousands group is the next number's.
    let c = read("Llama 2 70B delivers 1,150 output tokens/s at batch size 64, 2,048 input and 128 output tokens.");
    assert_eq!(c.batch_size.as_ref().map(|v| v.value), Some(64));
    // A concurrency before a colon is not the figure's digits after it.
    let c = read("64 concurrent: 2.4M tokens/min on Llama 3 8B.");
    assert_eq!(c.concurrency.as_ref().map(|v| v.value), Some(64));
    assert_eq!(c.figures[0].value, 2_400_000.0);
    // §2: a per-minute rate of a cluster is the system's.
    let c = read(
        "Throughput: 2.4M tokens/min on a 64×H100 cluster serving Llama 405B with vLLM + Ray.",
    );
    assert_eq!(
        (c.figures[0].value, c.figures[0].scope),
        (2_400_000.0, Some(Scope::System))
    );
    // §3 Load and Lengths in LLMPerf's summary JSON.
    let c = read("llmperf on 2x A100:\n{\"mean_input_tokens\": 550, \"mean_output_tokens\": 150, \"num_concurrent_requests\": 10, \"results_mean_output_throughput_token_per_s\": 402.3}");
    assert_eq!(c.concurrency.as_ref().map(|v| v.value), Some(10));
    assert_eq!(c.prompt_tokens.as_ref().map(|v| v.value), Some(550));
    // §1.8: a record's thousands separator (`3,000.00`).
    let c = read("Input Sequence Length (tokens)     | 3,000.00 |\nOutput Sequence Length (tokens)    |   512.00 |\nOutput Token Throughput (tokens/sec) | 3,402.18 |");
    assert_eq!(c.prompt_tokens.as_ref().map(|v| v.value), Some(3000));
    // §1.7: a range after a name's digits and "to" is a range (`FP8 to 1.8k–2.1k`); the
    // version in parentheses after the engine's platform is its version.
    let c =
        read("vLLM ROCm (0.6.4) pushes Llama-3.1-405B FP8 to 1.8k–2.1k output tok/s on 8x MI300X.");
    assert_eq!(c.figures[0].value, 1800.0);
    assert_eq!(c.figures[0].value_high, Some(2100.0));
    assert_eq!(
        c.runtime_version.as_ref().map(|v| v.value.as_str()),
        Some("0.6.4")
    );
    // §3 Model: ollama's `gemma3:27b` tag; two releases joined (`DeepSeek V3/R1`) are none.
    let c = read("$ ollama run gemma3:27b --verbose\neval rate:            21.43 tokens/s");
    assert_eq!(
        c.model.as_ref().map(|m| m.value.as_str()),
        Some("gemma-3-27b")
    );
    let c = read(
        "GB200 NVL72 delivers 1,000 TPS/GPU for DeepSeek V3/R1 at 50 tok/s/user interactivity.",
    );
    assert_eq!(c.model, None);
    // §1.2: a bold row is the author's mark; §2: a caption per GPU scopes a bare rate column.
    let c = read("| Model | GPU | Framework | Batch | tok/s |\n|---|---|---|---|---|\n| Llama-2-7B | A100 | vLLM 0.2.1 | 32 | 1,203 |\n| **Llama-2-7B** | **A100** | **PowerInfer** | **32** | **1,912** |\n| Llama-2-7B | A100 | TGI 1.1 | 32 | 987 |");
    assert_eq!(c.figures[0].value, 1912.0);
    // Bold is emphasis: the bold device cell still counts one device.
    assert_eq!(c.gpu_count.as_ref().map(|g| g.value), Some(1));
    let c = read("H200 FP8 results (tokens/s per GPU), measured with NIM 1.8 on 8x H200\nModel            ISL/OSL    Concurrency   Throughput\nLlama 3.1 8B     1k/1k      256           11,820\nLlama 3.1 70B    1k/1k      256           2,415");
    assert_eq!(c.figures[0].scope, Some(Scope::PerGpu));
    // §1.5: a sweep's point before "and" keeps its own batch.
    let c = read("Phi-3-mini on Jetson AGX Orin 64GB with MLC-LLM: 22 tok/s at batch 1, 61 at batch 4 and 118 tok/s at batch 16 (int4, 128-token prompts, 128 output).");
    assert_eq!(c.figures[0].value, 118.0);
    assert_eq!(c.batch_size.as_ref().map(|v| v.value), Some(16));
}

/// A second reviewer's fresh claims, each reading worked out from the rule named.
#[test]
fn reviewer_cases_2() {
    // §1.3: a time row of a genai-perf table is no throughput; the summary line below heads.
    let c = read("| Statistic | avg | min | max |\n| Time to first token (ms) | 21.31 | 17.49 | 42.05 |\n| Inter token latency (ms) | 6.94 | 6.80 | 7.33 |\nOutput token throughput (per sec): 142.49");
    assert_eq!(
        (c.figures[0].value, c.figures[0].kind),
        (142.49, FigureKind::ThroughputOutput)
    );
    // §1.3: LLMPerf's `key = value` summary.
    let c =
        read("results_ttft_s_mean = 0.3921\nresults_mean_output_throughput_token_per_s = 412.9");
    assert_eq!(c.figures[0].value, 412.9);
    // A latency named, its setup, then "is" and the value.
    let c = read("p99 TTFT on our Llama-3.1-70B endpoint (4×H100 SXM, TensorRT-LLM 0.12, FP8) is 740 ms at 20 req/s.");
    assert_eq!(
        (c.figures[0].value, c.figures[0].kind),
        (740.0, FigureKind::Ttft)
    );
    // §1.1 and §3: an interactivity target is a setting; the per-GPU result heads.
    let c = read(
        "GB200 NVL72: 116 tokens/s/GPU at an interactivity of 50 tokens/s/user, FP4, TensorRT-LLM.",
    );
    assert_eq!(
        (c.figures[0].value, c.figures[0].scope),
        (116.0, Some(Scope::PerGpu))
    );
    // §2: a prompt "processed at" a rate is prefill; the generation rate heads.
    let c = read("mlx-lm 0.19.0 on M2 Ultra: Llama-3.3-70B-4bit generates 14.8 tok/s for a single request; the 512-token prompt is processed at 210 tok/s.");
    assert_eq!(c.figures[0].value, 14.8);
    // §2: "next-token latency" is the time per output token.
    let c = read("Intel Arc A770 16GB, Llama-2-7b-chat INT4: next-token latency 19.8 ms at batch 1. First-token latency 410 ms.");
    assert_eq!(
        (c.figures[0].value, c.figures[0].kind),
        (19.8, FigureKind::Tpot)
    );
    // §1.5 for logs: vLLM's periodic stats lines are read at the last one.
    let c = read("INFO metrics.py:341] Avg prompt throughput: 1823.4 tokens/s, Avg generation throughput: 412.7 tokens/s, Running: 24 reqs\nINFO metrics.py:341] Avg prompt throughput: 0.0 tokens/s, Avg generation throughput: 455.1 tokens/s, Running: 26 reqs");
    assert_eq!(c.figures[0].value, 455.1);
    // §1.5: a Chinese sweep over 并发 ends at its last point.
    let c = read("结果：\n- 并发 16：输出吞吐 720 tokens/s\n- 并发 64：输出吞吐 1850 tokens/s\n- 并发 128：输出吞吐 2600 tokens/s");
    assert_eq!(c.figures[0].value, 2600.0);
    assert_eq!(c.concurrency.as_ref().map(|v| v.value), Some(128));
}

/// More of the second reviewer's claims: devices outside the catalog keep their own ids
/// (§3 Hardware), a Chinese total (`共 16 卡`) is the count, `单并发` is one request, `输入约 4k`
/// is a length, "per instance" is a node's, `t/s/u` one user's, and a vendor stack named before
/// the serving engine (`SynapseAI 1.16, TGI-Gaudi 2.0.1`) yields to the engine and its version.
#[test]
fn reviewer_cases_3() {
    let gpu = |t: &str| read(t).gpu.map(|g| g.value);
    assert_eq!(
        gpu("Intel Arc A770 16GB, IPEX-LLM: 19.8 ms next-token latency."),
        Some("arc-a770".into())
    );
    assert_eq!(
        gpu("On my RX 7900 XTX I get 55 t/s with llama.cpp."),
        Some("rx-7900-xtx".into())
    );
    // The suffix written glued is the same card.
    assert_eq!(
        gpu("for home fun, I went with a 7800XT: 40 t/s"),
        Some("rx-7800-xt".into())
    );
    assert_eq!(
        gpu("tt-metal v0.56.0 on a single Tenstorrent n300 card: 23.1 t/s/u."),
        Some("tt-n300".into())
    );
    let c = read("tt-metal on a Tenstorrent n300 card: Llama 3.1 8B at 23.1 t/s/u, batch 32.");
    assert_eq!(c.figures[0].scope, Some(Scope::PerUser));
    let c = read(
        "DeepSeek-V3 在 2 台 8 卡 H100（共 16 卡）上用 SGLang 0.4.3 部署，总吞吐 9600 tokens/s。",
    );
    assert_eq!(c.gpu_count.as_ref().map(|g| g.value), Some(16));
    let c = read(
        "单卡 RTX 4090 跑 Qwen2.5-32B，单并发生成速度 38 tokens/s，输入约 4k tokens，输出 1k。",
    );
    assert_eq!(c.concurrency.as_ref().map(|g| g.value), Some(1));
    assert_eq!(c.prompt_tokens.as_ref().map(|g| g.value), Some(4000));
    assert_eq!(c.output_tokens.as_ref().map(|g| g.value), Some(1000));
    let c = read("On a p5e instance, Llama 3.1 405B FP8 reaches 2,900 output tokens per second per instance.");
    assert_eq!(c.figures[0].scope, Some(Scope::PerNode));
    let c = read("Llama 2 70B on 8 Gaudi2 HPUs, FP8, SynapseAI 1.16, TGI-Gaudi 2.0.1: throughput 7,422 tokens/sec.");
    assert_eq!(c.runtime.as_ref().map(|r| r.value.as_str()), Some("tgi"));
    assert_eq!(
        c.runtime_version.as_ref().map(|r| r.value.as_str()),
        Some("2.0.1")
    );
    let c = read(
        "Intel Arc A770 16GB, IPEX-LLM 2.2.0, Llama-2-7b-chat INT4: next-token latency 19.8 ms.",
    );
    assert_eq!(
        c.runtime.as_ref().map(|r| r.value.as_str()),
        Some("ipex-llm")
    );
    assert_eq!(
        c.runtime_version.as_ref().map(|r| r.value.as_str()),
        Some("2.2.0")
    );
}

/// §3 Lengths and Quantisation: `a 32k prompt` is 32,000 prompt tokens, an engine's chunk size
/// (`chunked prefill 8192`) is no length, a rate in thousands (`52.3k input tokens per
/// second`) is no length either; vLLM's `--dtype half` is fp16.
#[test]
fn k_prompts_chunks_and_dtype_half() {
    let c = read("TTFT for a 32k prompt with Llama 3.1 8B on one H200 is 1.9 s with SGLang (chunked prefill 8192), batch 1.");
    assert_eq!(c.prompt_tokens.as_ref().map(|v| v.value), Some(32000));
    assert_eq!(
        (c.figures[0].value, c.figures[0].kind),
        (1.9, FigureKind::Ttft)
    );
    let c = read("Prefill reached 52.3k input tokens per second on 8x H100.");
    assert_eq!(c.prompt_tokens, None);
    let c = read("vllm serve meta-llama/Llama-2-13b-chat-hf --dtype half on one A10G gives 38 tok/s for a single request.");
    assert_eq!(
        c.weight_dtype.as_ref().map(|v| v.value.as_str()),
        Some("fp16")
    );
}

/// §3 Load and Lengths in inference-perf's files: the stage's `"requested_rate"` is the rate
/// the client set; the data config's `input_distribution: {mean: 1000}` is a stated mean length.
#[test]
fn inference_perf_rate_and_distributions() {
    let c = read(
        "data: {type: synthetic, input_distribution: {mean: 1000, std_dev: 0}, output_distribution: {mean: 200, std_dev: 0}}\n\
         {\"load_summary\": {\"count\": 1200, \"requested_rate\": 20.0, \"achieved_rate\": 19.6},\n\
         \"throughput\": {\"output_tokens_per_sec\": 3915.7, \"total_tokens_per_sec\": 23495.9}}",
    );
    assert_eq!(c.request_rate.as_ref().map(|v| v.value), Some(20.0));
    assert_eq!(c.prompt_tokens.as_ref().map(|v| v.value), Some(1000));
    assert_eq!(c.output_tokens.as_ref().map(|v| v.value), Some(200));
    assert_eq!(c.figures[0].value, 3915.7);
}

/// §1 rule 5 on output printed in blocks (SGLang's `bench_one_batch` with two batch sizes): each
/// block's figures have the load of the line that heads it, so the sweep ends at batch 64.
#[test]
fn blocks_headed_by_their_load() {
    let c = read(
        "$ python -m sglang.bench_one_batch --model-path Qwen/Qwen2.5-7B-Instruct --batch-size 1 64 --input-len 512 --output-len 128\n\
         batch_size=1\n\
         Decode.  median latency: 0.00905 s, median throughput:    110.50 token/s\n\
         batch_size=64\n\
         Decode.  median latency: 0.01520 s, median throughput:   4210.53 token/s",
    );
    assert_eq!(c.figures[0].value, 4210.53);
    assert_eq!(c.batch_size.as_ref().map(|v| v.value), Some(64));
    // §3 Lengths: answers forced to a length (`150-token answers (--ignore-eos)`).
    let c = read("Llama 3.1 8B on one L40S with vLLM: 900 output tok/s with 150-token answers (--ignore-eos).");
    assert_eq!(c.output_tokens.as_ref().map(|v| v.value), Some(150));
}

/// §1.5: figures of one setup over several workloads (scenarios, tasks, datasets) are a sweep
/// over one setting, read at the last point shown; figures over different GPUs stay a
/// comparison, read at the first.
#[test]
fn workload_list_is_a_sweep_read_at_its_last_point() {
    let c = read(
        "Llama 3.1 8B on one L40S with vLLM 0.6.3, batch 16: chat scenario 1,450 tokens/s, \
         summarization scenario 1,120 tokens/s, code completion scenario 990 tokens/s.",
    );
    assert_eq!(c.figures[0].value, 990.0);
    assert!(c.figures[0].headline_reason.contains("sweep"));
    // The one setup stays the claim's.
    assert_eq!(c.batch_size.as_ref().map(|b| b.value), Some(16));
    let c = read("Qwen2-7B 在单张 A10 上：对话场景 62 tokens/s，摘要场景 48 tokens/s。");
    assert_eq!(c.figures[0].value, 48.0);
    // Different GPUs: a comparison, the first is the subject.
    let c = read(
        "Chat workload: Llama 3 8B reaches 1,450 tokens/s on an H100 and 820 tokens/s on an A100.",
    );
    assert_eq!(c.figures[0].value, 1450.0);
    // No workload word before each point: not a workload sweep.
    let c = read("We measured 1,450 tokens/s; the chat scenario was at 1,120 tokens/s.");
    assert_eq!(c.figures[0].value, 1450.0);
}

/// §2: the metric a sentence names before its figures is their kind ("higher decode throughput
/// than vLLM: 3,450 vs 1,820 tok/s"; "the decoding throughput … 412 tok/s with TP=4, …").
#[test]
fn sentence_metric_gives_its_figures_their_kind() {
    let c = read(
        "SGLang v0.4 delivers 1.9x higher decode throughput than vLLM 0.6.3 on Llama 3.1 8B \
         on one H100 SXM: 3,450 vs 1,820 tok/s.",
    );
    assert_eq!(c.figures[0].value, 3450.0);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    let c = read(
        "The decoding throughput of Falcon-180B grows with TP: 412 tok/s with TP=4, 780 tok/s \
         with TP=8.",
    );
    assert_eq!(c.figures[0].value, 780.0);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    // A metric in an earlier sentence is not this sentence's metric: prefill named before
    // leaves the figure open. (The decode phase named anywhere as what the text measures does
    // give a bare rate its kind: `the_decode_phase_as_the_texts_topic`, from blind labels that
    // read "TRT wins decode throughput" after the figures as their kind.)
    let c = read("We tuned prefill throughput last week. Now Llama 3 8B serves 900 tok/s.");
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputUnspecified);
    // An engine feature before the comma is no metric ("speculative decoding").
    let c = read("With speculative decoding, single-stream speed went from 40 tok/s to 77 tok/s.");
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputPerUser);
}

/// §1.4 / §2 in tables: a llama-bench test name in a column header (`tg128 t/s`) makes the
/// column a decode rate, `pp512 t/s` a prefill rate; a Chinese header's 输出吞吐 is output.
#[test]
fn table_headers_name_their_kind() {
    let c = read(
        "llama.cpp, Llama 2 7B Q4_0, all single GPU:\n\n| GPU | pp512 t/s | tg128 t/s |\n\
         |---|--:|--:|\n| RTX 3090 | 4,880 | 158.6 |\n| RTX 4090 | 11,120 | 186.9 |",
    );
    assert_eq!(c.figures[0].value, 186.9);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    let c = read(
        "| GPU | 卡数 | 输出吞吐 (tokens/s) |\n|---|---|---|\n| A800 80G SXM | 2 (TP=2) | 1,120 |\n\
         | L20 48G | 4 (TP=4) | 610 |",
    );
    assert_eq!(c.figures[0].value, 610.0);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    // 卡数 counts the row's cards; `(TP=4)` beside it is the row's TP.
    assert_eq!(c.gpu_count.as_ref().map(|g| g.value), Some(4));
    assert_eq!(c.tp.as_ref().map(|g| g.value), Some(4));
}

/// §1.5: a table comparing devices is read at the row of the device its conclusion after the
/// table names first, when the words before it name none.
#[test]
fn a_conclusion_after_the_table_names_its_row() {
    let c = read(
        "| GPU | 卡数 | 输出吞吐 (tokens/s) |\n|---|---|---|\n| A800 80G SXM | 2 (TP=2) | 1,120 |\n\
         | H20 96G | 2 (TP=2) | 980 |\n| L20 48G | 4 (TP=4) | 610 |\n\n\
         结论：H20 的吞吐只比 A800 低 12%，但价格便宜不少，我们最后上了 H20。",
    );
    assert_eq!(c.figures[0].value, 980.0);
    assert_eq!(c.gpu.as_ref().map(|g| g.value.as_str()), Some("h20"));
    assert_eq!(c.tp.as_ref().map(|g| g.value), Some(2));
    // No conclusion: the last row.
    let c = read(
        "| GPU | Output tok/s |\n|---|---|\n| A800 80G SXM | 1,120 |\n| H20 96G | 980 |\n\
         | L20 48G | 610 |",
    );
    assert_eq!(c.figures[0].value, 610.0);
}

/// §1.5 in tables: a caption right above a table that gives the unit makes its value columns
/// rates when no header names one; the last row and last column are read, and a column header
/// written as lengths gives the lengths. A record of metric rows is not such a table.
#[test]
fn a_caption_gives_value_columns_their_unit() {
    let c = read(
        "Throughput (output tokens/s), Llama 3.1 70B FP8:\n\n| GPU | TP | 128/2048 | 2048/2048 |\n\
         |---|---:|---:|---:|\n| H100 SXM 80GB | 2 | 6,395 | 4,210 |\n| B200 180GB | 1 | 10,760 | 6,730 |",
    );
    assert_eq!(c.figures[0].value, 6730.0);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    assert_eq!(c.gpu.as_ref().map(|g| g.value.as_str()), Some("b200"));
    assert_eq!(c.tp.as_ref().map(|g| g.value), Some(1));
    assert_eq!(c.prompt_tokens.as_ref().map(|g| g.value), Some(2048));
    assert_eq!(c.output_tokens.as_ref().map(|g| g.value), Some(2048));
    let c = read(
        "Results in tokens/s:\n\n| Metric | Value |\n|---|---|\n\
         | Median output tokens/second | 812 |\n| Errors | 0 |",
    );
    assert_eq!(c.figures[0].value, 812.0);
}

/// §1 rule 6: a line led by `before:` or `baseline:` (or `main:` against a `this PR:` line) is
/// the baseline, for every figure on it; the changed line's figure heads.
#[test]
fn a_baseline_line_covers_its_figures() {
    let c = read(
        "before: Throughput: 7.84 requests/s, 15680.32 total tokens/s, 7840.16 output tokens/s\n\
         after:  Throughput: 9.21 requests/s, 18420.77 total tokens/s, 9210.39 output tokens/s",
    );
    assert_eq!(c.figures[0].value, 9210.39);
    let c = read("main: 7840 output tokens/s\nthis PR: 9210 output tokens/s");
    assert_eq!(c.figures[0].value, 9210.0);
    // `main:` alone is no baseline.
    let c = read("main: 7840 output tokens/s");
    assert_eq!(c.figures[0].value, 7840.0);
}

/// §3 Hardware: a device written as an identifier (`NVIDIA_H100_80GB_HBM3`) is read as its
/// name (HBM3: the SXM part); a variant named elsewhere refines the family in the headline's
/// sentence.
#[test]
fn device_identifiers_and_later_variants() {
    let gpu = |t: &str| read(t).gpu.map(|g| g.value);
    assert_eq!(
        gpu("Tuned config for `NVIDIA_H100_80GB_HBM3`: 900 output tok/s."),
        Some("h100-sxm".into())
    );
    assert_eq!(
        gpu("Llama 3.1 8B on a single H100: 900 tok/s output. Card is an H100 PCIe."),
        Some("h100-pcie".into())
    );
}

/// §1.8: a latency written with its spread (`28.4 ± 1.2 ms`) is the mean; a latency metric
/// that heads a line naming the setup before the colon (`TPOT with vLLM, 8x H100 SXM, TP=8:
/// 28.4 ms`) names the figure after it.
#[test]
fn latency_with_spread_and_setup_before_the_colon() {
    for t in [
        "Mean TPOT: 28.4 ± 1.2 ms",
        "TPOT on Llama 3.1 8B: 28.4 ± 1.2 ms at concurrency 8.",
        "TPOT on Llama-3.1-405B-Instruct-FP8 with vLLM 0.6.0, 8x H100 SXM, TP=8: 28.4 ± 1.2 ms \
         at concurrency 8 (input 1024, output 512, ignore_eos).",
    ] {
        let c = read(t);
        assert_eq!(c.figures.first().map(|f| f.value), Some(28.4), "{t}");
        assert_eq!(c.figures[0].kind, FigureKind::Tpot, "{t}");
    }
}

/// §3 Lengths in prose with their qualifiers: "prompts were around 500 tokens", "random prompts
/// of 3,200 tokens, outputs fixed at 800 tokens", "about 300 tokens of prompt each", 输出固定 512;
/// a cap is not a length, and a rate is not either.
#[test]
fn lengths_in_prose_with_qualifiers() {
    assert_eq!(
        lens("Prompts were around 500 tokens, generation capped at max_tokens=1024. 18 tok/s."),
        (Some(500), None)
    );
    assert_eq!(
        lens("Workload: random prompts of 3,200 tokens, outputs fixed at 800 tokens. 7,420 output tokens/s."),
        (Some(3200), Some(800))
    );
    assert_eq!(
        lens("Requests come from our app (about 300 tokens of prompt each). 400 tok/s."),
        (Some(300), None)
    );
    assert_eq!(
        lens("并发 16，输入约 1000 tokens，输出固定 512 tokens，输出吞吐大概 420 tokens/s"),
        (Some(1000), Some(512))
    );
    assert_eq!(
        lens("Prompts at 900 tokens/s and 40 tok/s decode."),
        (None, None)
    );
}

/// §1.5 for logs: an engine's stats lines are read at the last one, its observed load too.
/// §3 Hardware: the author's own GeForce written as its number (`my 2x 3090 rig`) is the
/// device when the catalog name comes later as someone else's ("for comparison my friend's
/// M3 Max").
#[test]
fn last_stats_line_load_and_own_bare_geforce() {
    let c = read(
        "INFO metrics.py:345] Avg prompt throughput: 1204.5 tokens/s, Avg generation throughput: \
         236.8 tokens/s, Running: 6 reqs, Pending: 0 reqs\nINFO metrics.py:345] Avg prompt \
         throughput: 0.0 tokens/s, Avg generation throughput: 412.3 tokens/s, Running: 11 reqs, \
         Pending: 0 reqs",
    );
    assert_eq!(c.figures[0].value, 412.3);
    assert_eq!(c.concurrency.as_ref().map(|n| n.value), Some(11));
    let c = read(
        "Finally got my 2x 3090 rig running Llama 3.3 70B AWQ on vLLM with tp=2: ~18 tok/s \
         single request. For comparison my friend's M3 Max does like 7 tok/s on the Q4 GGUF.",
    );
    assert_eq!(c.gpu.as_ref().map(|g| g.value.as_str()), Some("rtx-3090"));
    assert_eq!(c.gpu_count.as_ref().map(|n| n.value), Some(2));
}

/// §1.5: a sweep over the context written in prose ("38 tok/s at 4K, 31 tok/s at 16K, 22 tok/s
/// at 32K" as "the context fills") is read at its last point, whose prompt length it states.
#[test]
fn context_sweep_in_prose_ends_at_its_last_point() {
    let c = read(
        "Qwen2.5-Coder-32B Q5_K_M on a single RTX 6000 Ada with llama.cpp: generation speed \
         drops as the context fills: 38 tok/s at 4K, 31 tok/s at 16K, 22 tok/s at 32K.",
    );
    assert_eq!(c.figures[0].value, 22.0);
    assert_eq!(c.prompt_tokens.as_ref().map(|n| n.value), Some(32000));
    // Without a word of context, `at 4K` is not a length.
    let c = read("Llama 3 8B on one H100: 38 tok/s at 4K users.");
    assert_eq!(c.prompt_tokens, None);
}

/// §4: settings written in a hypothetical ("如果换成两张卡 TP=2，理论上可以到 800") are another
/// setup's. §3 Load: a load the text sets in Chinese (并发 16) is stated; an engine limit beside
/// it (`--max-num-seqs 32`) does not lower the row.
#[test]
fn hypothetical_settings_and_a_set_chinese_load() {
    let c = read(
        "实测：单卡 RTX 4090 跑 Qwen2.5-32B-Instruct-AWQ，vLLM 0.6.3，--max-num-seqs 32。\n\
         压测：并发 16，输出吞吐大概 420 tokens/s。\n如果换成两张卡 TP=2，理论上可以到 800 tokens/s 左右。",
    );
    assert_eq!(c.figures[0].value, 420.0);
    assert_eq!(c.tp, None);
    assert_eq!(c.concurrency.as_ref().map(|n| n.value), Some(16));
    let rows = benchfit_core::checklist::grade(&c);
    let batch = rows.iter().find(|r| r.condition == "batch_size").unwrap();
    assert_eq!(batch.status, benchfit_core::checklist::Status::Stated);
    // The sentence of the run itself keeps its TP.
    let c = read("Llama 3 70B on 2x H100 with TP=2: 1,900 output tok/s.");
    assert_eq!(c.tp.as_ref().map(|n| n.value), Some(2));
}

/// §1.5: rate columns that are different devices compare setups: the column of the device the
/// title names (else the first) is read, at the last row.
#[test]
fn device_rate_columns_read_the_subject() {
    let c = read(
        "AMD Instinct MI300X: Llama 3.1 405B with vLLM 0.6.4, 8x MI300X, FP8.\n\n\
         | Batch size | H100 SXM (tok/s) | MI300X (tok/s) |\n|---|---|---|\n\
         | 1 | 35.1 | 38.2 |\n| 256 | 2,637.9 | 3,204.7 |",
    );
    assert_eq!(c.figures[0].value, 3204.7);
    assert_eq!(c.batch_size.as_ref().map(|b| b.value), Some(256));
    let c = read(
        "| Batch size | MI300X (tok/s) | H100 SXM (tok/s) |\n|---|---|---|\n\
         | 1 | 38.2 | 35.1 |\n| 256 | 3,204.7 | 2,637.9 |",
    );
    assert_eq!(c.figures[0].value, 3204.7);
}

/// §2 and §3 Load: "for single chats" is one stream: a per-user rate at concurrency 1.
#[test]
fn single_chats_are_one_stream() {
    let c = read(
        "I run Llama 3.1 8B Q8_0 on a single RTX 3060 12GB with llama.cpp server, getting \
         ~45–50 tok/s for single chats.",
    );
    assert_eq!(c.figures[0].value, 45.0);
    assert_eq!(c.figures[0].scope, Some(Scope::PerUser));
    assert_eq!(c.concurrency.as_ref().map(|n| n.value), Some(1));
}

/// §3 Model: a `-Lite` release is its own model (DeepSeek-V2-Lite is 16B, DeepSeek-V2 236B).
#[test]
fn lite_release_is_its_own_model() {
    let m = |t: &str| read(t).model.map(|m| m.value);
    assert_eq!(
        m("deepseek-ai/DeepSeek-V2-Lite-Chat on one H100: 3,450 tok/s"),
        Some("deepseek-v2-lite".into())
    );
    assert_eq!(
        m("DeepSeek V2 on 8x H800: 50,000 tok/s"),
        Some("deepseek-v2".into())
    );
}

/// §3 Hardware: Intel's Gaudi software version (`+Gaudi-1.19.0`, "Gaudi software 1.19") is no
/// device; the accelerator named after it is.
#[test]
fn gaudi_software_version_is_no_device() {
    let c = read(
        "Running the HabanaAI vLLM fork (v0.6.4+Gaudi-1.19.0) with Intel Gaudi software 1.19, a \
         single Intel Gaudi 3 accelerator serves Llama 3.1 8B at 21,500 tokens per second.",
    );
    assert_eq!(c.gpu.as_ref().map(|g| g.value.as_str()), Some("gaudi3"));
    assert_eq!(c.gpu_count.as_ref().map(|n| n.value), Some(1));
}

/// §2: a kind word between the number and its unit (`2,950 output tok/s/GPU`) is the figure's
/// kind even after a label (`Per-GPU throughput:`); a count (`128 output tokens`) stays a length.
/// §3 Load: an interactivity target is the load only implicitly: the row is partial.
#[test]
fn kind_word_before_the_unit_and_interactivity_load() {
    let c = read(
        "Per-GPU throughput: 2,950 output tok/s/GPU on DeepSeek-R1 (NVFP4) with TensorRT-LLM \
         1.0 on GB200 NVL72, ISL 8K / OSL 1K, at an interactivity of 50 tok/s/user.",
    );
    assert_eq!(c.figures[0].value, 2950.0);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    assert_eq!(c.figures[0].scope, Some(Scope::PerGpu));
    let rows = benchfit_core::checklist::grade(&c);
    let batch = rows.iter().find(|r| r.condition == "batch_size").unwrap();
    assert_eq!(batch.status, benchfit_core::checklist::Status::Partial);
    let c = read("GPT-J with BS = 64 and 128 output tokens: 10,907 tokens/s.");
    assert_eq!(c.output_tokens.as_ref().map(|n| n.value), Some(128));
}

/// §3 Hardware and TP: `RTX 4080 Super` keeps its Super; a Radeon written without `RX` (`my
/// 7900 XTX`); TGI's `--num-shard N` is the TP degree.
#[test]
fn super_cards_bare_radeons_and_num_shard() {
    let gpu = |t: &str| read(t).gpu.map(|g| g.value);
    assert_eq!(
        gpu("RTX 4080 Super 16GB: 100 tok/s"),
        Some("rtx-4080-super".into())
    );
    assert_eq!(
        gpu("Finally got my 7900 XTX working: 50 tok/s"),
        Some("rx-7900-xtx".into())
    );
    let c = read("TGI 2.3.1 on 4x L40S (`--num-shard 4`): 900 output tok/s");
    assert_eq!(c.tp.as_ref().map(|n| n.value), Some(4));
}

/// §1.4 / §2: llama-bench's test words in prose (`tg:`, `pp at 32K`) give the kind, and points
/// of one list share it, so the list is a sweep read at its last point.
#[test]
fn llama_bench_words_and_list_kinds() {
    let c = read(
        "Llama 3.3 70B Q4_K_M, llama.cpp (b4600), M3 Max 128GB.\n\n\
         tg: 8.9 t/s at 4K context, 7.2 t/s at 16K, 5.1 t/s at 32K.\n\n\
         pp at 32K depth is ~60 t/s so long prompts are painful.",
    );
    assert_eq!(c.figures[0].value, 5.1);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    assert_eq!(c.prompt_tokens.as_ref().map(|n| n.value), Some(32000));
    let pp = c.figures.iter().find(|f| f.value == 60.0).unwrap();
    assert_eq!(pp.kind, FigureKind::PrefillThroughput);
}

/// §1.1 / §4: a figure the reader is told they "should be able to hit" is a suggestion; the
/// author's own measurement heads, with the settings of its own sentence. §3 Hardware: a GPU in
/// a setup list after the engine (`llama.cpp b4321, RTX 4080 Super 16GB, …`) is one device.
#[test]
fn suggestions_and_setup_lists() {
    let c = read(
        "If you run Llama-3-8B with TensorRT-LLM on an L4 you should be able to hit ~1,500 \
         tok/s at batch 64 with FP8. Right now on that same L4 I'm running llama.cpp and getting \
         38 tok/s single stream with the Q8_0 8B.",
    );
    assert_eq!(c.figures[0].value, 38.0);
    assert_eq!(
        c.runtime.as_ref().map(|r| r.value.as_str()),
        Some("llama.cpp")
    );
    assert_eq!(
        c.weight_dtype.as_ref().map(|r| r.value.as_str()),
        Some("q8_0")
    );
    let c = read(
        "Numbers: llama.cpp b4321, RTX 4080 Super 16GB, Llama-3.1-8B-Instruct Q6_K: 116 t/s tg.",
    );
    assert_eq!(c.gpu_count.as_ref().map(|n| n.value), Some(1));
}

/// §3 Hardware: AWS's accelerators keep vendor-first ids; an Inf2 instance counts chips (Neuron
/// docs: inf2.48xlarge holds 12 Inferentia2 chips), not the NeuronCores its TP degree counts;
/// Neuron's libraries are runtimes.
#[test]
fn aws_neuron_devices_count_chips() {
    let c = read(
        "Using Neuron SDK 2.20 with vLLM on an inf2.48xlarge (12 Inferentia2 chips, 24 \
         NeuronCores, tensor parallel degree 24), Llama-3.1-8B in BF16 at batch size 8 reaches \
         1,200 output tokens/s.",
    );
    assert_eq!(
        c.gpu.as_ref().map(|g| g.value.as_str()),
        Some("aws-inferentia2")
    );
    assert_eq!(c.gpu_count.as_ref().map(|n| n.value), Some(12));
    assert_eq!(c.tp.as_ref().map(|n| n.value), Some(24));
    let c = read(
        "Llama-3.1-8B on inf2.xlarge (one Inferentia2 chip) with NxD Inference, TP=2 across the \
         two NeuronCores, batch 8: 410 output tok/s.",
    );
    assert_eq!(c.gpu_count.as_ref().map(|n| n.value), Some(1));
    assert_eq!(
        c.runtime.as_ref().map(|r| r.value.as_str()),
        Some("nxd-inference")
    );
}

/// §1.5 in tables: a `Bits` column is the precision, never a rate; columns per load (`Batch 1 |
/// Batch 4 | Batch 16`) under a caption that gives the unit are rates at that load, read at the
/// last row and column.
#[test]
fn bits_columns_and_columns_per_load() {
    let c = read(
        "Table 5 reports decode throughput (tokens/s) of our 2-bit Llama-2-70B on a single RTX \
         4090.\n\n| Method | Bits | GPU | Batch 1 | Batch 4 | Batch 16 |\n|---|--:|---|--:|--:|--:|\n\
         | FP16 | 16 | 2x A100-80G | 21.8 | 78.4 | 270.1 |\n| Ours | 2 | RTX 4090 | 17.3 | 61.9 | 198.4 |",
    );
    assert_eq!(c.figures[0].value, 198.4);
    assert_eq!(c.batch_size.as_ref().map(|n| n.value), Some(16));
    assert_eq!(
        c.weight_dtype.as_ref().map(|d| d.value.as_str()),
        Some("int2")
    );
}

/// §1.5 for logs / §1.6: the same summary printed again under `Before (old version):` is the
/// baseline of a regression report, not the last block to read.
#[test]
fn a_later_before_block_is_the_baseline() {
    let c = read(
        "Now (0.4.3):\nOutput token throughput (tok/s):          1901.65\nConcurrency: 25.73\n\n\
         Before (0.4.1):\nOutput token throughput (tok/s):          2015.11\nConcurrency: 84.10\n",
    );
    assert_eq!(c.figures[0].value, 1901.65);
    // The fraction of `1901.65` before a `Concurrency:` line is no load of 65.
    assert!(c.figures.iter().all(|f| f.settings.concurrency.is_none()));
}

/// §3 Hardware: the author's own card named once ("got my 7900 XTX working") is one device.
#[test]
fn my_card_is_one_device() {
    let c = read("Finally got my 7900 XTX working with ROCm for llama.cpp: tg128 56.83 t/s.");
    assert_eq!(c.gpu_count.as_ref().map(|n| n.value), Some(1));
}

/// §3 in Japanese and Korean: counts after the name (`1枚`, `2장`, `한 장`), input and output
/// (入力/出力, 입력/출력), the concurrency (同時リクエスト数, 동시 요청) and 出力スループット as an
/// output throughput.
#[test]
fn japanese_and_korean_terms() {
    let c = read(
        "RTX 4090 1枚で vLLM 0.6.3 を使いました。入力 512 トークン、出力 256 トークン、\
         同時リクエスト数 8 で、出力スループットは 402 tokens/s でした。",
    );
    assert_eq!(c.figures[0].value, 402.0);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    assert_eq!(c.gpu_count.as_ref().map(|n| n.value), Some(1));
    assert_eq!(c.concurrency.as_ref().map(|n| n.value), Some(8));
    assert_eq!(c.prompt_tokens.as_ref().map(|n| n.value), Some(512));
    assert_eq!(c.output_tokens.as_ref().map(|n| n.value), Some(256));
    let c = read(
        "H100 80GB 2장(TP=2)에서 vLLM 0.6.4로 서빙했을 때, 동시 요청 50개 기준 총 처리량이 약 \
         3,400 tok/s 였습니다 (입력 1K, 출력 512).",
    );
    assert_eq!(c.gpu_count.as_ref().map(|n| n.value), Some(2));
    assert_eq!(c.concurrency.as_ref().map(|n| n.value), Some(50));
    assert_eq!(c.prompt_tokens.as_ref().map(|n| n.value), Some(1000));
    let c = read("A100 40GB 한 장에서 Ollama로 gemma2:27b 돌려보니 eval rate 가 약 21 tokens/s.");
    assert_eq!(c.gpu_count.as_ref().map(|n| n.value), Some(1));
}

/// §3: a fork's version (`vLLM fork (v0.6.4)`), `QPS=inf` as saturation (load row partial), the
/// chip written before the Mac (`M2 MacBook Air`), and a caption's unit per GPU
/// (`output tokens/second/GPU`) scoping the table's columns.
#[test]
fn fork_versions_saturation_macs_and_per_gpu_captions() {
    let c = read("On Intel Gaudi 3, Llama 3.1 8B with the HabanaAI vLLM fork (v0.6.4) achieves 21,453 tokens/s.");
    assert_eq!(
        c.runtime_version.as_ref().map(|v| v.value.as_str()),
        Some("0.6.4")
    );
    let c =
        read("8x H100 SXM, Llama 3 70B, ShareGPT (500 prompts), QPS=inf: vLLM 4,512 output tok/s.");
    let rows = benchfit_core::checklist::grade(&c);
    let batch = rows.iter().find(|r| r.condition == "batch_size").unwrap();
    assert_eq!(batch.status, benchfit_core::checklist::Status::Partial);
    let c = read("eval rate: 10.80 tokens/s\n\nthat's on my M2 MacBook Air 16GB");
    assert_eq!(c.gpu.as_ref().map(|g| g.value.as_str()), Some("m2"));
    let c = read(
        "Table 1. Llama 3.1 405B maximum throughput, output tokens/second/GPU, 8 GPUs, TP8\n\n\
         | Input length | Output length | H100 SXM | H200 |\n|--:|--:|--:|--:|\n\
         | 2,048 | 128 | 525 | 763 |\n| 120,000 | 2,048 | 65 | 102 |",
    );
    assert_eq!(c.figures[0].scope, Some(Scope::PerGpu));
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
}

/// §3 Model: llama-bench's model column names the GGUF architecture (`qwen2 14B` for
/// Qwen2.5-14B): the release named in the text wins.
#[test]
fn llama_bench_architecture_yields_to_the_release() {
    let c = read(
        "Numbers for anyone curious (Qwen2.5-14B-Instruct):\n\n\
         | model | size | params | backend | ngl | test | t/s |\n|---|--:|--:|---|--:|--:|--:|\n\
         | qwen2 14B Q4_K - Medium | 8.37 GiB | 14.77 B | ROCm | 99 | pp512 | 1198.42 ± 3.17 |\n\
         | qwen2 14B Q4_K - Medium | 8.37 GiB | 14.77 B | ROCm | 99 | tg128 | 56.83 ± 0.09 |",
    );
    assert_eq!(
        c.model.as_ref().map(|m| m.value.as_str()),
        Some("qwen2.5-14b")
    );
    assert_eq!(c.figures[0].value, 56.83);
}

/// An issue template's examples (`Device (e.g. MacBook Pro M2, PC+RTX 3080): orin 64GB`) name
/// no setup; `orin` alone is the Jetson AGX Orin; a hedged value after a label (`Decode speed
/// (Token/s): approximately 6`) is read; an engine named after the figure with a number of its
/// own (`and ollama is 20`) is another setup's.
#[test]
fn template_examples_hedged_values_and_later_engines() {
    let c = read(
        "[Speed] MLC is much slower than Ollama when running Qwen Coder 30b\n\n\
         - The model configuration: q4f16_1.\n\
         - Device (e.g. MacBook Pro M2, PC+RTX 3080): orin 64GB\n\
         - Decode speed (Token/s): approximately 6, and ollama is 20, the prompt len is 1024*16,",
    );
    assert_eq!(
        c.gpu.as_ref().map(|g| g.value.as_str()),
        Some("jetson-agx-orin-64gb")
    );
    assert_eq!(c.figures[0].value, 6.0);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    assert_eq!(
        c.runtime.as_ref().map(|r| r.value.as_str()),
        Some("mlc-llm")
    );
}

/// §3 Hardware counts: a bare count before the name (`11 nodes/87 MI355X`), never a version's
/// tail (`vLLM 0.6.3 H100`); NVLink domains counted (`4 GB300 NVL72 systems` = 288 GPUs).
#[test]
fn bare_counts_and_nvl_domains() {
    let n = |t: &str| read(t).gpu_count.map(|g| g.value);
    assert_eq!(n("At 11 nodes/87 MI355X: 1,042,110 tokens/s"), Some(87));
    assert_eq!(
        n("4 GB300 NVL72 systems running 288 GPUs processed 2.49 million tokens per second."),
        Some(288)
    );
    assert_ne!(n("vLLM 0.6.3 H100 run: 2,000 output tok/s"), Some(3));
}

/// §1.2: a mark after the figure ("~27 t/s is what I'm getting day to day") picks it, or the
/// precise figure it rounds; `with TP: 19.6 t/s` is no TP degree; llama-bench's depth (`tg128 @
/// d4096`) is the prompt the test runs after.
#[test]
fn summary_marks_tp_labels_and_bench_depth() {
    let c = read(
        "Numbers (single user):\n- without TP: 14.8 t/s gen\n- with TP: 19.6 t/s gen\n\
         - with TP + speculative decoding: 27.3 t/s gen\n\nSo yeah, ~27 t/s is what I'm getting day to day.",
    );
    assert_eq!(c.figures[0].value, 27.3);
    assert_ne!(c.tp.as_ref().map(|t| t.value), Some(19));
    let c = read(
        "| model | size | params | backend | ngl | test | t/s |\n|---|--:|--:|---|--:|--:|--:|\n\
         | llama 8B Q4_K_M | 4.58 GiB | 8.03 B | Vulkan | 99 | pp512 @ d4096 | 1841.37 ± 12.40 |\n\
         | llama 8B Q4_K_M | 4.58 GiB | 8.03 B | Vulkan | 99 | tg128 @ d4096 | 96.52 ± 0.31 |",
    );
    assert_eq!(c.figures[0].value, 96.52);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    assert_eq!(c.prompt_tokens.as_ref().map(|n| n.value), Some(4096));
}

/// §1.5: a list of loads is a sweep read at its last point, for the claim and for the figure's
/// own settings alike (`at batch 1/8/32: 7,240 tokens/s` is aggregate at batch 32); "…
/// respectively" ends such a list (`at batch sizes 16, 64 and 128 respectively`).
#[test]
fn load_lists_end_at_their_last_point() {
    let c = read("Llama-3-8B at batch 1/8/32: 7,240 tokens/s");
    assert_eq!(c.batch_size.as_ref().map(|b| b.value), Some(32));
    assert_eq!(c.figures[0].scope, Some(Scope::Aggregate));
    let c = read(
        "Llama-3-8B: 3,150, 5,870 and 7,240 tokens/s at batch sizes 16, 64 and 128 respectively.",
    );
    assert_eq!(c.figures[0].value, 7240.0);
    assert_eq!(c.batch_size.as_ref().map(|b| b.value), Some(128));
    // A suggested batch is no load.
    let c = read(
        "Start with a batch size of 20, as suggested. The estimated throughput is 93 tokens/sec.",
    );
    assert_ne!(c.batch_size.as_ref().map(|b| b.value), Some(20));
}

/// §1.2 / §1.6 in tables: a row labelled as the author's (`This work`, `Ours`) is marked; a
/// column per device that is the system column divided by a whole number is derived, so the
/// measured column heads. A figure after "换成 …" (switching to another setting) is another
/// configuration's.
#[test]
fn own_rows_derived_per_device_columns_and_switched_configs() {
    let c = read(
        "| System | Accelerators | Tokens/s | Tokens/s per accelerator |\n|---|---|---|---|\n\
         | This work | 8× H200 | 68,112 | 8,514 |\n| Submitter B | 8× MI300X | 49,870 | 6,234 |",
    );
    assert_eq!(c.figures[0].value, 68112.0);
    let c = read(
        "llama-bench 结果（Q4_K_M）：\n\n| test | t/s |\n| --- | ---: |\n| pp512 | 1105.62 ± 3.27 |\n\
         | tg128 | 28.41 ± 0.05 |\n\n换成 Q8_0 之后 tg128 掉到 17.9 t/s 左右。",
    );
    assert_eq!(c.figures[0].value, 28.41);
    assert_eq!(
        c.weight_dtype.as_ref().map(|d| d.value.as_str()),
        Some("q4_k_m")
    );
}

/// §1.5: the row a conclusion after the table names by its label ("the g6e.12xlarge result …
/// is the configuration we use") heads; a label merely mentioned later does not. Also the
/// Pascal Teslas (`4x Tesla P40s`), 并发数 as a concurrency column and 单用户 as one user.
#[test]
fn concluded_rows_teslas_and_chinese_loads() {
    let c = read(
        "| Instance | GPUs | TP | Output tok/s |\n|---|---|---|---|\n\
         | g6e.xlarge | 1x L40S | 1 | 1,046 |\n| g6e.12xlarge | 4x L40S | 4 | 2,985 |\n\
         | g6e.48xlarge | 8x L40S | 8 | 4,406 |\n\n\
         For most customers the g6e.12xlarge result offers the best balance of cost and latency.",
    );
    assert_eq!(c.figures[0].value, 2985.0);
    assert_eq!(c.tp.as_ref().map(|n| n.value), Some(4));
    let c = read(
        "| Engine | Throughput (tok/s) |\n|---|---|\n| vLLM | 1,850 |\n| SGLang | 1,920 |\n\n\
         vLLM and SGLang run CUDA 13.0 containers.",
    );
    assert_eq!(c.figures[0].value, 1920.0);
    let c =
        read("I'm running Llama 3.1 70B through Ollama on 4x Tesla P40s: eval rate: 6.8 tokens/s");
    assert_eq!(c.gpu.as_ref().map(|g| g.value.as_str()), Some("p40"));
    assert_eq!(c.gpu_count.as_ref().map(|n| n.value), Some(4));
    let c = read("| 并发数 | 输出吞吐 (tokens/s) |\n|---|---|\n| 16 | 548.9 |\n| 128 | 2031.6 |");
    assert_eq!(c.concurrency.as_ref().map(|n| n.value), Some(128));
    let c = read("在 RTX 4090 上 eval rate 大约 38 tokens/s，单用户体验非常流畅。");
    assert_eq!(c.concurrency.as_ref().map(|n| n.value), Some(1));
}

/// §3 Model: a speculative-decoding draft (`Llama 3.2 1B draft`) is not the model served, even
/// in the headline's own sentence.
#[test]
fn draft_models_are_not_the_model() {
    let c = read(
        "Llama 3.3 70B on 2x RTX 3090 with exllamav2: with TP + speculative decoding (Llama 3.2 \
         1B draft): 27.3 t/s gen.",
    );
    assert_eq!(
        c.model.as_ref().map(|m| m.value.as_str()),
        Some("llama-3.3-70b")
    );
}

/// §3 Lengths and load in prose: "input and output sequence lengths were both 2,048 tokens",
/// `~600 in / ~150 out`, "256 new tokens each time", a `context` column as the prompt, and
/// "all docs submitted at once" as saturation (aggregate, load row partial); Intel Arc B cards.
#[test]
fn more_prose_lengths_and_saturation() {
    assert_eq!(
        lens("1,578 output tokens/s. Input and output sequence lengths were both 2,048 tokens."),
        (Some(2048), Some(2048))
    );
    let c = read(
        "Our nightly batch job pushed 2.1M tokens/min through Llama-3.1-8B on a single H100 SXM \
         with vLLM (bf16, ~600 in / ~150 out per doc, all docs submitted at once).",
    );
    assert_eq!(c.prompt_tokens.as_ref().map(|n| n.value), Some(600));
    assert_eq!(c.output_tokens.as_ref().map(|n| n.value), Some(150));
    assert_eq!(c.figures[0].scope, Some(Scope::Aggregate));
    let c = read(
        "Single request, 256 new tokens each time.\n\n| context | MLX gen t/s |\n|---|---|\n\
         | 0 | 17.9 |\n| 32k | 9.1 |",
    );
    assert_eq!(c.output_tokens.as_ref().map(|n| n.value), Some(256));
    assert_eq!(c.figures[0].value, 9.1);
    let gpu = read("Gemma 3 12B on my Arc B580 with llama.cpp SYCL gets ~38-42 t/s.").gpu;
    assert_eq!(gpu.map(|g| g.value), Some("arc-b580".into()));
}

/// §1: a rounded figure (an abstract's `9.1K output tokens/s`) yields to its precise form in
/// the results (`9,137`), which carries its sentence's load; a range's round low end (`10-15`)
/// or a different reading (`32.3` against `32.79`) is no rounding. Also `LLaMA2-Chat-70B`.
#[test]
fn precise_forms_beat_rounded_summaries() {
    let c = read(
        "Abstract. On 8×MI300X, FlashServe serves Llama-3.1-405B in FP8 at 9.1K output tokens/s.\n\n\
         6.1 Main results. With 256 concurrent requests of 2,048 input and 512 output tokens, \
         FlashServe reaches 9,137 output tokens/s on the 8×MI300X node.",
    );
    assert_eq!(c.figures[0].value, 9137.0);
    assert_eq!(c.concurrency.as_ref().map(|n| n.value), Some(256));
    let m = read("| Model | Ours |\n|---|---|\n| LLaMA2-Chat-70B | 19.5 |").model;
    assert_eq!(m.map(|m| m.value), Some("llama-2-70b".into()));
}

/// §1.5 / §4: "prior work reports" is another source; "in our setting (…)" marks the author's
/// result, with its own setup.
#[test]
fn prior_work_and_our_setting() {
    let c = read(
        "Prior work reports 1,200 tokens/s for Mixtral-8x7B on 2×A100 with DeepSpeed-FastGen \
         [12]. In our setting (4×RTX 4090, 4-bit GPTQ weights, batch 32, 256 input / 256 output \
         tokens), ExLlamaV2 reaches 1,436 tokens/s.",
    );
    assert_eq!(c.figures[0].value, 1436.0);
    assert_eq!(c.gpu.as_ref().map(|g| g.value.as_str()), Some("rtx-4090"));
    assert_eq!(c.gpu_count.as_ref().map(|n| n.value), Some(4));
}

/// §1.1 / §1.3: a latency written as a bound (`TPOT < 50 ms`, "below the 100 ms threshold") is
/// an SLO, not the result; a table of latency rows and statistic columns gives the mean TPOT.
#[test]
fn latency_bounds_and_latency_tables() {
    let c = read(
        "Under latency constraints of TTFT < 1 s and TPOT < 50 ms, with 4k-token prompts and \
         512-token outputs, the node sustained 31.5 requests per second.",
    );
    assert_eq!(c.figures[0].value, 31.5);
    let c = read(
        "| Metric | Mean | P50 | P90 | P99 |\n|---|---|---|---|---|\n\
         | TTFT (ms) | 612 | 540 | 1,010 | 1,880 |\n| TPOT (ms) | 41.3 | 39.8 | 52.6 | 71.0 |\n\n\
         TPOT stays well below the 100 ms interactivity threshold.",
    );
    assert_eq!(c.figures[0].value, 41.3);
    assert_eq!(c.figures[0].kind, FigureKind::Tpot);
    assert_eq!(c.figures[0].percentile.as_deref(), Some("mean"));
}

/// §3 Lengths: trtllm-bench's prepared dataset names its lengths (`synthetic_128_2048.txt`);
/// "a ~500-token coding prompt, generating 1,000 tokens"; `输入 2048 tokens / 输出 512 tokens`
/// (the slash separates the two, it is no rate). §3 Hardware: `4090 跑 …` is the device run on.
#[test]
fn dataset_names_prose_and_slashed_chinese_lengths() {
    assert_eq!(
        lens("trtllm-bench throughput --tp 4 --dataset /tmp/synthetic_128_2048.txt: 5,120 output tok/s"),
        (Some(128), Some(2048))
    );
    assert_eq!(
        lens("Test: same ~500-token coding prompt, generating 1,000 tokens: 18.9 t/s eval."),
        (Some(500), Some(1000))
    );
    assert_eq!(
        lens("输入 2048 tokens / 输出 512 tokens，不同并发下吞吐 830 tokens/s"),
        (Some(2048), Some(512))
    );
    let gpu = read("4090 跑 Qwen2.5-32B-Instruct-GPTQ-Int4，vLLM，单并发大概 38 tokens/s。").gpu;
    assert_eq!(gpu.map(|g| g.value), Some("rtx-4090".into()));
}

/// §3: a machine written as its parts (`Win11 + RTX 4070 Super`) names one device; "raising
/// concurrency to 256" sets the load.
#[test]
fn machine_parts_and_concurrency_to() {
    let c = read("Win11 + RTX 4070 Super（12GB），Ollama 0.6.2：eval rate: 41.2 tokens/s");
    assert_eq!(c.gpu_count.as_ref().map(|n| n.value), Some(1));
    let c = read("Llama 3 8B on one H100 with vLLM: raising concurrency to 256, we measured 4,310 output tokens/s.");
    assert_eq!(c.concurrency.as_ref().map(|n| n.value), Some(256));
}

/// §1.2: a figure its clause calls a record after it ("— a world record —") is marked; §1.3: a
/// "maximum throughput of" is a peak, after the marked result.
#[test]
fn records_after_the_figure_and_maximum_throughput() {
    let c = read(
        "A single DGX B200 with eight Blackwell GPUs now delivers over 250 tokens per second per \
         user on DeepSeek-R1 — a world record — running TensorRT-LLM. The same system also \
         reaches a maximum throughput of over 30,000 tokens per second.",
    );
    assert_eq!(c.figures[0].value, 250.0);
}

/// §2 / §3: a `Decoding throughput` header is a decode rate; "Text Generation Inference 2.2"
/// is TGI 2.2; `4090 跑 …` is one card.
#[test]
fn decoding_headers_spelled_out_tgi_and_one_chinese_card() {
    let c = read("| GPU | Decoding throughput (tok/s) |\n|---|---|\n| H100 | 120 |");
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    let c = read("Text Generation Inference 2.2 on one A100 80GB: 900 output tok/s");
    assert_eq!(c.runtime.as_ref().map(|r| r.value.as_str()), Some("tgi"));
    assert_eq!(
        c.runtime_version.as_ref().map(|r| r.value.as_str()),
        Some("2.2")
    );
    let c = read("4090 跑 Qwen2.5-32B-Instruct-GPTQ-Int4，vLLM，单并发大概 38 tokens/s。");
    assert_eq!(c.gpu_count.as_ref().map(|n| n.value), Some(1));
}

/// §2 vs §3: lengths written number-first (`512 input / 128 output tokens:`) or after 输出
/// before a bare 吞吐 are the run's lengths, not the figure's kind; `1,800 output tokens/s`
/// still is.
#[test]
fn number_first_lengths_are_not_kind_words() {
    let c = read("Static batching with 512 input / 128 output tokens: batch 8 gives 310 tok/s.");
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputUnspecified);
    let c = read("Static batching with 512 input tokens: batch 8 gives 310 tok/s.");
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputUnspecified);
    let c = read("并发 32，输入 2K 输出 512，吞吐 1,800 tokens/s。");
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputUnspecified);
    let c = read("With 128 input tokens we get 1,800 output tokens/s at batch 32.");
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
}

/// §2 / §3: llama.cpp's bare `eval` after `prompt eval` is the decode rate; "one prompt at a
/// time" is a load of one.
#[test]
fn bare_eval_is_decode_and_one_prompt_at_a_time() {
    let c = read("RTX 3090, llama.cpp, Mistral 7B Q8_0, one prompt at a time: prompt eval 900 t/s, eval 60 t/s.");
    assert_eq!(c.figures[0].value, 60.0);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    assert_eq!(c.concurrency.as_ref().map(|n| n.value), Some(1));
}

/// §3 Hardware: a server written with its chips after it (`Atlas 800I A2 (8×910B4)`) ran on
/// those chips, eight of them; a bare `910B4` is an Ascend.
#[test]
fn server_with_its_chips_in_parentheses() {
    let c = read(
        "Atlas 800I A2 (8×910B4), MindIE, Qwen2.5-72B W8A8: 1,800 tokens/s at concurrency 32.",
    );
    assert_eq!(
        c.gpu.as_ref().map(|g| g.value.as_str()),
        Some("ascend-910b4")
    );
    assert_eq!(c.gpu_count.as_ref().map(|n| n.value), Some(8));
}

/// §3 Hardware: devices outside the catalog keep their ids (Jetson Thor, Tenstorrent P150,
/// MI50 (with its memory when written: sold with 16 and 32 GB), the base Apple M2, the Strix Halo APU, `910B2` glued to Chinese) and a GeForce number
/// a run was "on" is that card.
#[test]
fn more_devices_outside_the_catalog() {
    let gpu = |t: &str| read(t).gpu.map(|g| g.value);
    assert_eq!(
        gpu("NVIDIA Jetson Thor, vLLM, Qwen3-8B: 120 output tok/s").as_deref(),
        Some("jetson-thor")
    );
    assert_eq!(
        gpu("Single-P150 Llama-3.1-8B batch-1 decode: 51.5 tok/s/u").as_deref(),
        Some("tt-p150")
    );
    assert_eq!(
        gpu("2x AMD Instinct MI50 32GB, llama.cpp: 28 t/s generation").as_deref(),
        Some("mi50-32gb")
    );
    assert_eq!(
        gpu("dual AMD MI50 GPUs, llama.cpp: 28 t/s generation").as_deref(),
        Some("mi50")
    );
    assert_eq!(
        gpu("Apple M2 (8-core GPU), Llama 3 8B Q4: 15 tok/s").as_deref(),
        Some("m2")
    );
    assert_eq!(
        gpu("Apple M3 Max (64 GB), Llama 3 8B Q4: 45 tok/s").as_deref(),
        Some("m3-max")
    );
    assert_eq!(
        gpu("AMD Ryzen AI Max+ 395, llama.cpp: 40 t/s").as_deref(),
        Some("ryzen-ai-max-plus-395")
    );
    assert_eq!(
        gpu("910B2推理qwen-30B-A3B速度 29.21 token/s").as_deref(),
        Some("ascend-910b2")
    );
    assert_eq!(
        gpu("llama 7B on 3090: 50.71 tok/sec").as_deref(),
        Some("rtx-3090")
    );
}

/// §2 kind in tables: a caption line that introduces the table (`… decode throughput:`) names
/// an unqualified `tok/s` column's tokens; `out tok/s` in a header is output; a cell the prose
/// repeats with its kind ("129 output tokens/second/user") takes that kind.
#[test]
fn table_kinds_from_captions_abbreviations_and_prose_twins() {
    let c = read("BS1 ISL8000/OSL1000 decode throughput:\n\n| build | tok/s |\n|---|---|\n| base | 68.3 |\n| + this PR | 118.3 |\n");
    assert_eq!(c.figures[0].value, 118.3);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    let c = read("| Model | Batch Size | TP | Throughput (out tok/s/GPU) |\n|---|---|---|---|\n| Llama 3.1 8B | 1024 | 1 | 27,000 |\n");
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    assert_eq!(c.figures[0].scope, Some(Scope::PerGpu));
    let c = read(
        "Model | Acme (16-bit) | Other (8-bit)\nLlama 3.1 Instruct 405B | 129 | 72\nLlama 3.1 Instruct 70B | 457 | 250\n\n\
         On the largest 405B model, Acme reaches 129 output tokens/second/user.",
    );
    assert_eq!(c.figures[0].value, 129.0);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputPerUser);
    assert_eq!(
        c.model.as_ref().map(|m| m.value.as_str()),
        Some("llama-3.1-405b")
    );
}

/// §1.5: a table whose rows are other providers or engines is read at the row the words before
/// it name first (the text's subject), not at its last row.
#[test]
fn table_of_providers_read_at_the_subject_row() {
    let c = read(
        "We ran Acme's API on Mixtral 8x7B and compared it to other providers.\n\n\
         | Provider | Median tokens/sec | TTFT |\n|---|---|---|\n| Acme | 812 | 18ms |\n\
         | Fireworks AI | 142 | 87ms |\n| Self-hosted (A100, vLLM) | 55 | 43ms |\n",
    );
    assert_eq!(c.figures[0].value, 812.0);
    let c = read("| Batch | Median tokens/sec |\n|---|---|\n| 1 | 60 |\n| 8 | 300 |\n");
    assert_eq!(c.figures[0].value, 300.0);
}

/// §1.5: tool summaries printed once per engine, each under a line naming it (`SGLang` …
/// `LMDeploy` …), compare setups: the first is the subject, and the next engine's name is not
/// the first block's runtime.
#[test]
fn summaries_per_engine_read_at_the_first() {
    let c = read(
        "SGLang\nRequest throughput (req/s): 44.28\nOutput token throughput (tok/s): 9050.05\n\
         LMDeploy\nRequest throughput (req/s): 37.52\nOutput token throughput (tok/s): 7652.77\n",
    );
    assert_eq!(c.figures[0].value, 9050.05);
    assert_eq!(c.runtime.as_ref().map(|r| r.value.as_str()), Some("sglang"));
    let c = read(
        "concurrency 1\nOutput token throughput (tok/s): 60.1\n\
         concurrency 8\nOutput token throughput (tok/s): 410.7\n",
    );
    assert_eq!(c.figures[0].value, 410.7);
}

/// §1.7 ranges written with a tilde (`2,300~2,500 tokens/s`) are read at the low end; §3 a
/// batch written as a word ("with a batch size of one") is 1; "20 times faster than Nvidia
/// GPUs" counts no devices.
#[test]
fn tilde_ranges_word_batches_and_ratios_are_no_counts() {
    let c = read("On one H100, Llama 3.1 8B reaches 2,300~2,500 tokens/s.");
    assert_eq!(c.figures[0].value, 2300.0);
    assert_eq!(c.figures[0].value_high, Some(2500.0));
    let c = read("Llama 3 70B decodes at 250 tokens/s (with a batch size of one) on 8 H100 GPUs.");
    assert_eq!(c.batch_size.as_ref().map(|b| b.value), Some(1));
    let c = read("Acme Inference runs Llama 3.1 70B at 450 tokens/s, about 20 times faster than Nvidia GPUs.");
    assert_eq!(c.gpu_count, None);
}

/// §1.2 over §1.5: a table row whose value the author marks outside the table (in bold in the
/// prose, or rounded in the title) is the headline, with that row's settings.
#[test]
fn table_row_marked_in_title_or_bold() {
    let c = read(
        "# H200 achieves nearly 12,000 tokens/sec on Llama2-13B\n\n\
         The new GPU achieves **11,819 tokens/s on Llama2-13B** on a single GPU.\n\n\
         | Model | Batch Size(1) | TP(2) | Input Length | Output Length | Throughput (out tok/s) |\n\
         |---|---|---|---|---|---|\n\
         | llama_13b | 1024 | 1 | 128 | 128 | 11,819 |\n\
         | llama_13b | 128 | 1 | 128 | 2048 | 4,750 |\n\
         | llama_70b | 32 | 1 | 2048 | 128 | 303 |\n",
    );
    assert_eq!(c.figures[0].value, 11819.0);
    assert_eq!(c.batch_size.as_ref().map(|b| b.value), Some(1024));
    assert_eq!(c.prompt_tokens.as_ref().map(|b| b.value), Some(128));
    assert_eq!(c.tp.as_ref().map(|b| b.value), Some(1));
}

/// §1.2: a figure in the text's stated conclusion (`結論`, "TL;DR", "Key results") is the
/// author's result over a table's last row; the family there takes the variant the text names
/// elsewhere, and 同時32 (32 at once) is the load.
#[test]
fn conclusion_figures_head_and_keep_the_variant() {
    let c = read(
        "A100×4 vs H100 NVL×4 (vLLM / Qwen2.5-7B)\n結論（3行）\n\
         - 同時32の出力スループット：H100×4 = 5414 tok/s, A100×4 = 3723 tok/s（1.45×）\n\
         - GPU：H100 NVL 94GB×4 vs A100 80GB×4\n\n\
         | Concurrency | H100 tok/s | A100 tok/s |\n|---|---|---|\n| 1 | 247.20 | 176.56 |\n| 32 | 5414.05 | 3723.32 |\n",
    );
    assert_eq!(c.figures[0].value, 5414.0);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    assert_eq!(c.gpu.as_ref().map(|g| g.value.as_str()), Some("h100-nvl"));
    assert_eq!(c.concurrency.as_ref().map(|n| n.value), Some(32));
}

/// §1.5: a conclusion after a table that names a row by its model's short name ("The Surprise
/// Winner: LFM2-24B") picks that row; §3 Model: a row's model no pattern knows keeps its
/// active-parameter suffix (`lfm2-24b-a2b`).
#[test]
fn winner_named_by_short_name_and_unknown_row_models() {
    let c = read(
        "| Model | Params | Prefill tok/s | Gen tok/s |\n|---|---|---|---|\n\
         | LFM2-24B-A2B Q4_K_M | 24B | 1190 | 109 |\n| gpt-oss-20b Q8_0 | 20B | 1040 | 70 |\n\
         | Devstral-Small-2 Q4_K_M | 24B | 281 | 14 |\n\n\
         The Surprise Winner: LFM2-24B\nLFM2-24B hit 109 tok/s generation.",
    );
    assert_eq!(c.figures[0].value, 109.0);
    assert_eq!(
        c.model.as_ref().map(|m| m.value.as_str()),
        Some("lfm2-24b-a2b")
    );
}

/// §1.5 / §1.6: a table whose cells carry their unit (`2.35 toks/sec`) and whose rows name
/// phases with their lengths (`prompt (16 toks)`, `generation (100 toks)`) is read at the
/// improved last column's generation row, with those lengths.
#[test]
fn unit_in_cell_tables_and_phase_lengths() {
    let c = read(
        "On an M2 Ultra the numbers for Llama 3.1 70B in 16-bit look like:\n\n \
         | | not wired | wired\n---  | --- | ---\n\
         prompt (16 toks)  | 2.35 toks/sec |  27.8 toks/sec\n\
         generation (100 toks) | 0.23 toks/sec | 4.7 toks/sec\n",
    );
    assert_eq!(c.figures[0].value, 4.7);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    assert_eq!(c.prompt_tokens.as_ref().map(|n| n.value), Some(16));
    assert_eq!(c.output_tokens.as_ref().map(|n| n.value), Some(100));
}

/// §3 Hardware: a title's loose "on an H200" over a body that counts eight GPUs is not a count
/// said two ways: the row is stated. Versions written `[v0.11.4]`, `(Ver. 0.3.23)` and
/// "release v0.4.7" are read.
#[test]
fn title_singular_is_no_count_conflict_and_more_version_forms() {
    let c = read(
        "Llama 405B 506 tokens/second on an H200\n\n\
         In the table above, tensor parallelism is compared to pipeline parallelism with each across eight GPUs, FP8, TensorRT-LLM, batch 1.",
    );
    assert_eq!(c.gpu_count.as_ref().map(|n| n.value), Some(8));
    assert!(!c.gpu_count_conflict);
    let v = |t: &str| read(t).runtime_version.map(|v| v.value);
    assert_eq!(
        v("ollama [v0.11.4] on RTX 4090: 40 tok/s").as_deref(),
        Some("0.11.4")
    );
    assert_eq!(
        v("LM Studio (Ver. 0.3.23) on RTX 4090: 40 tok/s").as_deref(),
        Some("0.3.23")
    );
    assert_eq!(
        v("SGLang release v0.4.7 on H100: 4000 tok/s").as_deref(),
        Some("0.4.7")
    );
}

/// §3 Model: a model named only as an example of several ("across various LLMs (including
/// OPT-175B)") is no one model's figure: the model is left open.
#[test]
fn example_models_of_several_leave_the_model_open() {
    let c = read("It attains an average token generation rate of 13.20 tokens/s across various LLMs (including OPT-175B) on a single NVIDIA RTX 4090 GPU.");
    assert_eq!(c.model, None);
    let c = read("It attains 13.20 tokens/s with OPT-175B on a single NVIDIA RTX 4090 GPU.");
    assert_eq!(c.model.as_ref().map(|m| m.value.as_str()), Some("opt-175b"));
}

/// §3: a DeepSeek checkpoint's date (`DeepSeek-R1-0528`) changes the weights; `W4AFP8` is a
/// precision; a QAT checkpoint (`-qat`) is quantised without a type (partial); "nVidia 3090"
/// is an RTX 3090.
#[test]
fn checkpoint_dates_w4afp8_qat_and_vendor_numbers() {
    let c = read("DeepSeek-R1-0528 on 8x H200 with SGLang: 4000 tok/s");
    assert_eq!(
        c.model.as_ref().map(|m| m.value.as_str()),
        Some("deepseek-r1-0528")
    );
    let c = read("Qwen3-30B-A3B W4AFP8 on one H100: 3000 tok/s");
    assert_eq!(
        c.weight_dtype.as_ref().map(|m| m.value.as_str()),
        Some("w4afp8")
    );
    let c = read("gemma-3-27b-it-qat on one RTX 4090 with ollama: eval rate 40 tok/s");
    assert!(c.weight_dtype.is_none() && c.quantised_untyped.is_some());
    let c = read("nVidia 3090, ollama, llama 8b: 90 tok/s");
    assert_eq!(c.gpu.as_ref().map(|g| g.value.as_str()), Some("rtx-3090"));
}

/// §1.2: "one of the leading inference numbers" after a figure marks it, over a later figure of
/// another model whose verb ("can output") reads as a kind word, even when the text holds no
/// other praise word.
#[test]
fn one_of_the_leading_marks_without_other_praise() {
    let c = read(
        "Serving the Mixtral 8x7B model at 480 tokens per second, the Groq LPU is providing one of \
         the leading inference numbers in the industry. In smaller Llama 2 7B, Groq LPU can output \
         750 tokens/s.",
    );
    assert_eq!(c.figures[0].value, 480.0);
}

/// §3 Load: an idle engine's stats line (`Running: 0 reqs`) observes no load: no concurrency of 0.
#[test]
fn idle_engine_line_is_no_load() {
    let c = read("Avg generation throughput: 0.0 tokens/s, Running: 0 reqs, Swapped: 0 reqs, Pending: 0 reqs\nLlama 3 8B on one A10: 40 tok/s");
    assert_eq!(c.concurrency, None);
}

/// §1.5 comparison: figures listed under a caption that opens with a comparison word (`对比`,
/// "compared with") are another setup's, and rank after every figure of the text's own setup,
/// whatever their kind; a latency written `20+ms` is the measurement, not a threshold.
#[test]
fn listed_under_a_comparison_caption_is_another_setup() {
    let c = read(
        "Qwen3-30B-A3B TPOT=20+ms\nQwen3-32B TPOT=38ms\n\n对比H20 SGLang thoughout :\n\
         Qwen3-32B 20.72 tokens/s\nQwen3-30B-A3B 137.18 tokens/s\n",
    );
    assert_eq!(c.figures[0].value, 20.0);
    assert_eq!(c.figures[0].kind, FigureKind::Tpot);
    let c = read(
        "Our engine on one H100: TPOT 12 ms.\nCompared with the public API:\n- vLLM: 2,400 tok/s\n",
    );
    assert_eq!(c.figures[0].value, 12.0);
    // Without the caption the throughput ranks first (§1.3 order).
    let c = read("Our engine on one H100: TPOT 12 ms.\nResults:\n- vLLM: 2,400 tok/s\n");
    assert_eq!(c.figures[0].value, 2400.0);
}

/// §1.5 / §4: a pipe table scraped onto one line (`| A | B | |---|---| | … |`) is read as the
/// table it was: a competitor's row (`Self-hosted (A100, vLLM)`) names that row's engine, not
/// the headline's, and an elided row (` ... `) between rows does not end the table.
#[test]
fn flattened_table_rows_are_rows() {
    let c = read(
        "I sent 100 requests to Groq's API running Mixtral 8x7B.\n| Provider | Median tokens/sec | vs Groq | \
         |----------|------|------| | Groq (LPU) | 812 | 1.0x | | Fireworks AI | 142 | 5.7x slower | \
         ... | Self-hosted (A100, vLLM) | 55 | 14.8x slower |",
    );
    assert_eq!(c.figures[0].value, 812.0);
    assert_eq!(c.runtime, None);
}

/// §1.5: a table whose continuation rows leave out the cells the row above named (model,
/// precision, TP) and end on as many empty cells, the last row dropping even those, is read at
/// its last row, with the model, precision and TP carried down to it.
#[test]
fn continuation_rows_carry_their_leading_cells_to_the_last_row() {
    let c = read(
        "Results on 8x MI300X with vLLM.\n\
         | Model | Precision | TP | Input | Output | Throughput (tok/s) |\n\
         | Llama 3.1 70B | FP8 | 8 | 128 | 2048 | 13212.5 |\n\
         | 2048 | 2048 | 7252.1 | |||\n\
         | Llama 3.1 405B | FP8 | 8 | 128 | 2048 | 4201.7 |\n\
         | 500 | 2000 | 2992.0 | |||\n\
         | 2048 | 2048 | 2153.7 |\n",
    );
    assert_eq!(c.figures[0].value, 2153.7);
    assert_eq!(
        c.model.as_ref().map(|m| m.value.as_str()),
        Some("llama-3.1-405b")
    );
    assert_eq!(c.prompt_tokens.as_ref().map(|v| v.value), Some(2048));
    assert_eq!(c.tp.as_ref().map(|v| v.value), Some(8));
}

/// §2 scope: "per prompt" (and "/stream", "per sequence") after a rate is one stream's; "batch-1"
/// at a sentence's end is a batch of one; a company's "Systems" is no system scope.
#[test]
fn per_prompt_batch_one_and_company_systems() {
    let c = read("Qwen2.5-32B on 8 NPUs (Ascend 910B) in TP8 achieved only 9 tokens/s per prompt.");
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputPerUser);
    assert_eq!(c.figures[0].scope, Some(Scope::PerUser));
    let c = read("My M4 Max served Llama 3 8B at roughly 95 tokens/sec. The 4090 with vLLM did around 70 tokens/sec for batch-1.");
    assert_eq!(c.figures[1].scope, Some(Scope::PerUser));
    let c = read("Llama 3 8B on one A10 at batch 16: 400 tok/s");
    assert_ne!(c.figures[0].scope, Some(Scope::PerUser));
    let c = read("SambaNova Systems has demonstrated 2.4 tokens per millisecond with the Llama 3.2 1B model.");
    assert_eq!(c.figures[0].scope, None);
}

/// §3 Load: a later `单并发` (one concurrent request) still sets the load when an earlier
/// anchor word (`高并发场景`) states none.
#[test]
fn a_later_load_word_after_one_that_states_none() {
    let c = read("面向高并发场景的推理优化。\n测试：单并发，GLM-4.5V 在 910B4 上 40 tokens/s");
    assert_eq!(c.concurrency.as_ref().map(|v| v.value), Some(1));
}

/// §3 Hardware: devices people paste keep ids: Apple's M5, the DGX Spark's GB10, an MI325
/// written without its X, Polaris Radeons (`RX 580`), Intel's Arc laptop parts with or
/// without the A (`ARC770m`), a laptop RTX (another chip than the desktop card), a Raspberry Pi.
#[test]
fn more_devices_keep_ids() {
    let gpu = |t: &str| read(t).gpu.map(|g| g.value);
    assert_eq!(gpu("Apple M5 Max: 80 tok/s").as_deref(), Some("m5-max"));
    assert_eq!(
        gpu("DGX Spark (GB10, 128 GB): 50 tok/s").as_deref(),
        Some("gb10")
    );
    assert_eq!(
        gpu("8x MI325 with vLLM: 5000 tok/s").as_deref(),
        Some("mi325x")
    );
    assert_eq!(
        gpu("AMD Radeon RX 580 Series: 10 tok/s").as_deref(),
        Some("rx-580")
    );
    assert_eq!(
        gpu("my ARC770m GPU: 20 tok/s").as_deref(),
        Some("arc-a770m")
    );
    assert_eq!(
        gpu("Intel Arc A770 16GB: 30 tok/s").as_deref(),
        Some("arc-a770")
    );
    assert_eq!(
        gpu("RTX 5090 24GB laptop: 350 tok/s").as_deref(),
        Some("rtx-5090-laptop")
    );
    assert_eq!(gpu("RTX 5090: 350 tok/s").as_deref(), Some("rtx-5090"));
    assert_eq!(
        gpu("Raspberry Pi 5 - 4 GB: 3 tok/s").as_deref(),
        Some("raspberry-pi-5")
    );
    // Not a GB100 or a GB200.
    assert_eq!(gpu("GB200 NVL72: 1000 tok/s").as_deref(), Some("gb200"));
}

/// §2: a line led by the generation phase (`mlx_lm.generate`'s `Generation: 1000 tokens, 23.1
/// tokens-per-sec` under its `Prompt:` line) is a decode rate; a table column of ollama's
/// `Eval Rate` is one request's decode rate.
#[test]
fn generation_phase_lines_and_eval_rate_columns_are_decode() {
    let c = read("Prompt: 128 tokens, 1450.3 tokens-per-sec\nGeneration: 1000 tokens, 23.146 tokens-per-sec\nPeak memory: 40 GB");
    assert_eq!(c.figures[0].value, 23.146);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    let c = read("ollama on an RTX 4090:\n| Run | Eval Rate (Tokens/Second) |\n|---|---|\n| 1 | 80.21 |\n| 2 | 80.17 |");
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    assert_eq!(c.figures[0].scope, Some(Scope::PerUser));
}

/// §3 Model: a dated checkpoint keeps its date and variant (`Qwen3-4B-Instruct-2507`,
/// `…-Thinking-2507`: different weights), an active suffix keeps its version
/// (`Nano-31B-A3-v3`); an undated instruct tune stays its base id.
#[test]
fn dated_checkpoints_and_suffix_versions_are_kept() {
    let model = |t: &str| read(t).model.map(|m| m.value);
    assert_eq!(
        model("Qwen3-4B-Instruct-2507 on RTX 4090: 100 tok/s").as_deref(),
        Some("qwen3-4b-instruct-2507")
    );
    assert_eq!(
        model("Qwen3-235B-A22B-Thinking-2507 on 8x H100: 100 tok/s").as_deref(),
        Some("qwen3-235b-a22b-thinking-2507")
    );
    assert_eq!(
        model("NVIDIA-Nemotron-Nano-31B-A3-v3-Mcore-FP8-HF: 100 tok/s").as_deref(),
        Some("nemotron-nano-31b-a3-v3")
    );
    assert_eq!(
        model("Qwen2.5-7B-Instruct on H100: 100 tok/s").as_deref(),
        Some("qwen2.5-7b")
    );
}

/// A checkpoint the reader keeps by its full name is checked against its base's architecture
/// instead of "not in the catalog": 2,000 output tok/s of DeepSeek-R1 on 8 × H200 at batch 64
/// is 31 decode steps a second, well under the HBM's reach.
#[test]
fn a_checkpoint_is_checked_as_its_base() {
    let r = benchfit_core::report::check(
        "DeepSeek-R1-0528 on 8x H200 with SGLang, FP8, batch 64, 1k/1k: 2000 tok/s output",
    );
    let s = serde_json::to_string(&r.plausibility).unwrap();
    assert!(s.contains("\"status\":\"plausible\""), "{s}");
}

/// §3 Runtime: tool output names its engine by its shape (partial): trtllm-bench's
/// `= PERFORMANCE OVERVIEW`, TensorRT-LLM's `[BENCHMARK] model_name …` record, LMDeploy's
/// `token throughput (completion token)`.
#[test]
fn more_tool_shapes_name_their_engine() {
    let rt = |t: &str| read(t).runtime.map(|r| r.value);
    assert_eq!(
        rt("=====\n= PERFORMANCE OVERVIEW\n=====\nTotal Output Throughput (tokens/sec): 6957.3")
            .as_deref(),
        Some("tensorrt-llm")
    );
    assert_eq!(
        rt("[BENCHMARK] model_name llama_13b world_size 2 batch_size 1 tokens_per_sec 43.09")
            .as_deref(),
        Some("tensorrt-llm")
    );
    assert_eq!(
        rt("concurrency: 256\ntoken throughput (completion token): 2353.993 token/s").as_deref(),
        Some("lmdeploy")
    );
}

/// §1.6: a tool's output printed under a caption naming the baseline (`main branch:`) and again
/// under the change's (`pr:`) is read at the change, even when the text holds no comparison
/// word; under captions naming no baseline the first block stays the subject.
#[test]
fn a_block_under_a_baseline_caption_is_the_baseline() {
    let t = |a: &str, b: &str| {
        format!(
            "{a}:\n\n```shell\nLatency: 83.593 s\nOutput throughput: 1676.993 token/s\n```\n\n{b}:\n\n```shell\nLatency: 78.651 s\nOutput throughput: 1782.633 token/s\n```\n"
        )
    };
    assert_eq!(read(&t("main branch", "pr")).figures[0].value, 1782.633);
    assert_eq!(read(&t("Before", "After")).figures[0].value, 1782.633);
    assert_eq!(read(&t("SGLang", "vLLM")).figures[0].value, 1676.993);
}

/// §1.5: a table whose columns are devices and whose cells write their unit (`~157 tokens/秒`)
/// is read at its last device column (a row left `-` there states nothing), with that column's
/// device, even when a row's note names the other one (`H20 约是 NPU 的 4倍`).
#[test]
fn device_columns_with_units_in_cells() {
    let c = read(
        "GLM on 4x 910B4 vs 4x H20\n\n| 并发数 | H20 GPU 性能 | 910B4 NPU 性能 | 性能差距 |\n| :--- | :--- | :--- | :--- |\n\
         | **单并发** | **~157 tokens/秒** | **~40 tokens/秒** | H20 约是 NPU 的 **4倍** |\n\
         | **10并发** | - | - | H20 约是 NPU 的 **3倍** |\n",
    );
    assert_eq!(c.figures[0].value, 40.0);
    assert_eq!(
        c.gpu.as_ref().map(|g| g.value.as_str()),
        Some("ascend-910b4")
    );
}

/// §3 Quantisation: a precision the hardware or software is said to support or enable (`H800
/// GPUs, which support FP8 and BF16`, "optimizations enable FP4/FP6 inference") is a
/// capability, not the run's; the H200 NVL keeps its variant; ExLlama (v1) is an engine;
/// `Q4KM` is `q4_k_m`; a version after a full-width comma (`sglang，0.4.0.post2`) is read.
#[test]
fn capabilities_variants_and_spellings() {
    let c = read("DeepSeek-V3 on H800 GPUs, which support FP8 and BF16: 14.8k output tokens per second per node");
    assert_eq!(c.weight_dtype, None);
    let c =
        read("ROCm optimizations enable FP4/FP6 inference. Llama 3.1 70B on MI355X: 3000 tok/s");
    assert_eq!(c.weight_dtype, None);
    let c = read("Llama 3.1 70B FP8 on H200 NVL: 3000 tok/s");
    assert_eq!(c.gpu.as_ref().map(|g| g.value.as_str()), Some("h200-nvl"));
    assert_eq!(
        c.weight_dtype.as_ref().map(|g| g.value.as_str()),
        Some("fp8")
    );
    let c = read("ExLlama on one RTX 3090, Q4KM: 30 tok/s");
    assert_eq!(
        c.runtime.as_ref().map(|g| g.value.as_str()),
        Some("exllama")
    );
    assert_eq!(
        c.weight_dtype.as_ref().map(|g| g.value.as_str()),
        Some("q4_k_m")
    );
    let c = read("sglang，0.4.0.post2，H100: 3000 tok/s");
    assert_eq!(
        c.runtime_version.as_ref().map(|g| g.value.as_str()),
        Some("0.4.0.post2")
    );
    let c = read("Generation speed: 36.62 tokens/s on one RTX 4090");
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
}

/// §3 Hardware and lengths: a GeForce written glued (`RTX4070Ti`) is the spaced id, and a later
/// `RTX 4070 Ti SUPER` is another card, not its variant; a TPU slice (`v6e-1`) is the TPU;
/// Unicode hyphens (`512‑token`, U+2011) read as ASCII ones.
#[test]
fn glued_geforce_tpu_slices_and_unicode_hyphens() {
    let gpu = |t: &str| read(t).gpu.map(|g| g.value);
    assert_eq!(
        gpu("RTX4070Ti(VRAM12GB): 12.64 tokens/s\n| RTX 4070 Ti SUPER(16GB) | 85 |").as_deref(),
        Some("rtx-4070-ti")
    );
    assert_eq!(
        gpu("rtx 4070 ti super: 40 tok/s").as_deref(),
        Some("rtx-4070-ti-super")
    );
    assert_eq!(
        gpu("## v6e-1 (single chip): 945 output tok/s").as_deref(),
        Some("tpu-v6e")
    );
    let c = read("a 512\u{2011}token input prompt and 128\u{2011}token output: Llama\u{2011}3\u{2011}8B on one H100 at 100 tok/s");
    assert_eq!(c.prompt_tokens.as_ref().map(|v| v.value), Some(512));
    assert_eq!(c.output_tokens.as_ref().map(|v| v.value), Some(128));
    assert_eq!(
        c.model.as_ref().map(|m| m.value.as_str()),
        Some("llama-3-8b")
    );
}

/// §3 Runtime: a version written apart from the engine's name is read when the text names an
/// engine and no version beside it: bracketed in the title (`(v0.9.1)`), "Bump version to v…",
/// after 版本 (`版本: main源码编译, 0.2.1.post1+cu124`) or before it (`v0.2版本`); a model's
/// `V3.2` in the title is no engine version.
#[test]
fn versions_written_apart_from_the_engine() {
    let v = |t: &str| read(t).runtime_version.map(|r| r.value);
    assert_eq!(v("# Slow on 1x A100 with Qwen3-14B-AWQ (v0.9.1)\nvllm serve Qwen/Qwen3-14B-AWQ\nOutput token throughput (tok/s): 500").as_deref(), Some("0.9.1"));
    assert_eq!(v("ktransformers\n* 版本: main源码编译, 0.2.1.post1+cu124torch25avx2\neval rate: 2.86 tokens/s").as_deref(), Some("0.2.1.post1"));
    assert_eq!(
        v("ktransformers 测试\n求助：v0.2版本，测出来只有0.6 token/s").as_deref(),
        Some("0.2")
    );
    assert_eq!(
        v("Running DeepSeek V3.2 on MI308x with vLLM: 200K TPM").as_deref(),
        None
    );
}

/// §1.3 / §1.6: TensorRT-LLM's benchmark record (`[BENCHMARK] … tokens_per_sec 43.09 …
/// generation_tokens_per_second 50.379`) heads on its end-to-end output rate; the generation-only
/// rate is a decode rate. GGUF types and the engine written glued (`llamacpp/qwen3-27b-q8kxl`)
/// are read, the engine as named (an engine then its model).
#[test]
fn trt_benchmark_records_and_glued_llamacpp_names() {
    let c = read("[BENCHMARK] model_name llama_13b world_size 2 batch_size 1 input_length 710 output_length 190 tokens_per_sec 43.09 latency(ms) 4409.816 generation_tokens_per_second 50.379\n");
    assert_eq!(c.figures[0].value, 43.09);
    // At batch 1 one stream's rate (CLAIMS.md §2).
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputPerUser);
    assert_eq!(c.figures[1].kind, FigureKind::DecodeThroughput);
    let c = read("[bench] 2x3090 / llamacpp/qwen3.8-27b-dual-q8kxl\neval time = 24270.43 ms / 784 tokens (30.96 ms per token, 32.30 tokens per second)");
    assert_eq!(
        c.weight_dtype.as_ref().map(|w| w.value.as_str()),
        Some("q8_k_xl")
    );
    assert_eq!(
        c.runtime.as_ref().map(|w| w.value.as_str()),
        Some("llama.cpp")
    );
    assert!(!c.runtime_from_shape);
}

/// §3 Model: the model a serving command loads (`--model-path meta-llama/Meta-Llama-3.1-8B-…`)
/// is the model served, over one the title names for another reason.
#[test]
fn the_served_model_beats_a_title_model() {
    let c = read(
        "fix: temporary solution for DeepSeek V2 layout conversion issue\n\
         python -m sglang.launch_server --model-path meta-llama/Meta-Llama-3.1-8B-Instruct --enable-torch-compile\n\
         Output token throughput (tok/s): 26.75\n",
    );
    assert_eq!(
        c.model.as_ref().map(|m| m.value.as_str()),
        Some("llama-3.1-8b")
    );
    // A command whose argument names no known model changes nothing.
    let c = read("Llama 3 8B on one A10\nvllm serve /models/my-finetune --port 8000\nOutput token throughput (tok/s): 900\n");
    assert_eq!(
        c.model.as_ref().map(|m| m.value.as_str()),
        Some("llama-3-8b")
    );
}

/// §2: a tool's step line above a bare `Speed:` line gives it its phase (ExLlama's benchmark:
/// `-- Inference, first pass.` is prefill, `-- Generating 128 tokens...` decode), so the
/// generation speed heads.
#[test]
fn step_lines_give_speed_lines_their_phase() {
    let c = read(" -- Loading model\n -- Inference, first pass.\n ** Time, Inference: 0.90 seconds\n ** Speed: 1423.20 tokens/second\n -- Generating 128 tokens...\n ** Speed: 36.62 tokens/second\n");
    assert_eq!(c.figures[0].value, 36.62);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
}

/// §3 Model: a dated DeepSeek distill keeps its base (`DeepSeek-R1-0528-Qwen3-8B`: Qwen3 8B's
/// weights, not R1's).
#[test]
fn dated_deepseek_distills_keep_their_base() {
    let model = |t: &str| read(t).model.map(|m| m.value);
    assert_eq!(
        model("DeepSeek-R1-0528-Qwen3-8B on one RTX 4090: 49 tok/s").as_deref(),
        Some("deepseek-r1-0528-qwen3-8b")
    );
    assert_eq!(
        model("DeepSeek-R1-0528 on 8x H200: 3000 tok/s").as_deref(),
        Some("deepseek-r1-0528")
    );
}

/// §3 Load: `vllm bench serve`'s `Request rate configured (RPS): 4.00` is the offered rate, and
/// under it `Peak concurrent requests: 5.00` is what the run saw, not its concurrency.
#[test]
fn configured_request_rate_over_peak_concurrency() {
    let c = read("============ Serving Benchmark Result ============\nSuccessful requests: 100\nRequest rate configured (RPS): 4.00\nBenchmark duration (s): 26.1\nOutput token throughput (tok/s): 980.2\nPeak concurrent requests: 5.00\n");
    assert_eq!(c.request_rate.as_ref().map(|r| r.value), Some(4.0));
    assert_eq!(c.concurrency, None);
    let c = read("Successful requests: 100\nRequest rate configured (RPS): inf\nOutput token throughput (tok/s): 980.2\nPeak concurrent requests: 100.00\n");
    assert_eq!(c.request_rate, None);
}

/// §2 and §3: "milliseconds per token" is a time per output token; `GPU(8卡)` counts eight
/// devices; Ascend's `Atlas A2` server names keep ids.
#[test]
fn milliseconds_per_token_card_counts_and_atlas_a2() {
    let c = read("Llama 2 70B: 29 milliseconds per token for individual requests");
    assert_eq!(c.figures[0].kind, FigureKind::Tpot);
    let c = read("DeepSeek-R1 on H200 GPU(8卡): 3000 tok/s");
    assert_eq!(c.gpu_count.as_ref().map(|n| n.value), Some(8));
    let c = read("Qwen3-32B on atlas A2 64G * 4: 500 tok/s");
    assert_eq!(
        c.gpu.as_ref().map(|g| g.value.as_str()),
        Some("ascend-atlas-a2")
    );
    assert_eq!(c.gpu_count.as_ref().map(|n| n.value), Some(4));
}

/// §2: `mlx_lm.benchmark`'s averages (`prompt_tps=…, generation_tps=…`) are figures, the
/// prompt's a prefill rate and the generation's a decode rate; printed once per run, the last
/// run heads (§1.5).
#[test]
fn keyed_tps_averages_are_phase_rates() {
    let c = read("mlx_lm.benchmark -p 128 -g 128 -b 1\nAverages: prompt_tps=1077.563, generation_tps=133.149, peak_memory=4.074\nmlx_lm.benchmark -p 128 -g 128 -b 32\nAverages: prompt_tps=2317.876, generation_tps=809.770, peak_memory=6.375\n");
    assert_eq!(c.figures[0].value, 809.77);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    assert!(c
        .figures
        .iter()
        .any(|f| f.value == 1077.563 && f.kind == FigureKind::PrefillThroughput));
}

/// §3 Lengths and load: `mlx_lm.benchmark`'s short flags (`-p 128 -g 128 -b 32`) give the
/// lengths and the batch; the same letters on another command (`-p 8000`, a port) give none.
#[test]
fn mlx_benchmark_flags() {
    let c = read("mlx_lm.benchmark --model mlx-community/granite-4.0-tiny-preview-4bit -p 128 -g 256 -n 2 -b 32\nAverages: prompt_tps=2317.876, generation_tps=809.770\n");
    assert_eq!(c.prompt_tokens.as_ref().map(|v| v.value), Some(128));
    assert_eq!(c.output_tokens.as_ref().map(|v| v.value), Some(256));
    assert_eq!(c.batch_size.as_ref().map(|v| v.value), Some(32));
    let c = read("python server.py -p 8000 -g 2\nLlama 3 8B on one A10: 40 tok/s\n");
    assert_eq!(c.prompt_tokens, None);
}

/// §3 Hardware: a Tenstorrent card named once in the singular (`on one n300`) is one device, like
/// any GPU; a QuietBox is a system and counts none.
#[test]
fn tenstorrent_cards_count_like_gpus() {
    let c = read("Llama 3.1 8B on one n300 with tt-metal: 25 tok/s/user");
    assert_eq!(c.gpu_count.as_ref().map(|n| n.value), Some(1));
    let c = read("Llama 3.1 70B on a QuietBox with tt-metal: 15 tok/s/user");
    assert_eq!(c.gpu_count, None);
}

/// §3 Load: `conc N` (the abbreviation, with a space) is a concurrency; §1.2: a headline in
/// the title is not the first point of a sweep that a later baseline would end.
#[test]
fn conc_abbreviation_is_a_concurrency() {
    let c = read("gpt-oss-120b on 8x MI300X with vLLM: peak throughput ~1,047 tok/s at conc 256");
    assert_eq!(c.concurrency.as_ref().map(|n| n.value), Some(256));
    let c = read(
        "Extend the TP=8 search to concurrency 1 (extends the frontier to ~249 tps/user)\n\n\
         The current best single-user point is ~234 tokens/sec/user (TP=8, concurrency 4).\n",
    );
    assert_eq!(c.figures[0].value, 249.0);
}

/// §2: a tool record's bare `Output throughput:` key is the run's summary (aggregate); "tokens
/// per second (TPS) per user" is per user with the abbreviation between.
#[test]
fn bare_output_throughput_record_and_parenthesised_unit() {
    let c = read("python3 bench_sglang.py --num-questions 2000 --parallel 2000\nLatency: 78.651 s\nOutput throughput: 1782.633 token/s\n");
    assert_eq!(c.figures[0].value, 1782.633);
    assert_eq!(c.figures[0].scope, Some(Scope::Aggregate));
    let c = read("Eight Blackwell GPUs reach over 1,000 tokens per second (TPS) per user on Llama 4 Maverick.");
    assert_eq!(c.figures[0].value, 1000.0);
    assert_eq!(c.figures[0].scope, Some(Scope::PerUser));
}

/// §3 Hardware: a MoE name's active-parameter suffix (`-A10B`) is no A10 GPU; a real A10 still
/// reads.
#[test]
fn active_suffix_is_not_a_gpu() {
    let c = read("Qwen3.5-122B-A10B in BF16 with vLLM on eight GPUs: 307.8 output tok/s");
    assert_eq!(c.gpu, None);
    let c = read("Llama 3 8B on an A10 with vLLM: 40 tok/s");
    assert_eq!(c.gpu.as_ref().map(|g| g.value.as_str()), Some("a10"));
}

/// §3 Quantisation: a GGUF type before "KV" is the cache's, and LMDeploy's `--quant-policy 8`
/// is an 8-bit KV cache (LMDeploy docs, "KV Cache Quantization": 4 and 8 bits), not the weights'.
#[test]
fn gguf_kv_and_lmdeploy_quant_policy() {
    let c = read("Qwen3 30B A3B UD-Q4_K_XL with q8_0 KV on an RTX 4090, llama.cpp: 150 t/s tg");
    assert_eq!(c.kv_dtype.as_ref().map(|v| v.value.as_str()), Some("q8_0"));
    let c = read("lmdeploy serve api_server internlm2-chat-7b --quant-policy 8\nA100 80GB: 2,400 tok/s output");
    assert_eq!(c.kv_dtype.as_ref().map(|v| v.value.as_str()), Some("int8"));
    let c = read("lmdeploy serve api_server internlm2-chat-7b --quant-policy 0\nA100: 2,400 tok/s");
    assert_eq!(c.kv_dtype, None);
}

/// §1.5: a bare rate, then the same rate under a load in the same sentence, is a load sweep
/// (one stream, then N): the last point heads, with its own concurrency (`100并发` counts before
/// the word as well as after it).
#[test]
fn bare_rate_then_loaded_rate_is_a_sweep() {
    let c = read("我这里4卡运行llama70b，每秒9token，100并发下每秒700token。");
    assert_eq!(c.figures[0].value, 700.0);
    assert_eq!(c.concurrency.as_ref().map(|n| n.value), Some(100));
    let c = read("Llama 70B on 4 cards: 9 tok/s, and 700 tok/s at 100 concurrent requests.");
    assert_eq!(c.figures[0].value, 700.0);
    let c =
        read("Llama 70B on 4 cards gets 9 tok/s. Next week we will try 100 concurrent requests.");
    assert_eq!(c.figures[0].value, 9.0);
}

/// §1.8: a decimal comma (`82,40 tokens per second`, a cell `111,62`) is a decimal point; a
/// thousands separator (`1,234`) and a list (`1,2,4`) are not.
#[test]
fn decimal_comma() {
    let c = read("llama_print_timings:        eval time =  3084.36 ms /   254 runs   (   12.14 ms per token,    82,40 tokens per second)");
    assert_eq!(c.figures[0].value, 82.4);
    let c = read("RX 9070 XT, gpt-oss-20b:\n\n| Runtime | Try | TPS |\n|---|---|---|\n| Vulkan | 1 | 132,75 |\n| ROCm | 4 | 111,62 |\n");
    assert_eq!(c.figures[0].value, 111.62);
    let c = read("Llama 3 8B on an H100: 1,234 tokens per second");
    assert_eq!(c.figures[0].value, 1234.0);
}

/// §3 Model: a verb or a quantifier before a size (`distributes 70B models`, `sub-1B`) is no
/// model's name.
#[test]
fn verbs_before_a_size_are_not_names() {
    let c = read("JAX parallelism distributes 70B models across TPU v5p chips: 400 tok/s");
    assert_eq!(c.model, None);
    let c = read("For sub-1B models on a phone we see 40 tok/s");
    assert_eq!(c.model, None);
}

/// §2: "total token throughput of 36.9 for single requests" is a total rate, per user; the
/// single requests are a concurrency of one (§3 Load), as is "performance on 1 query".
#[test]
fn unitless_throughput_words_and_single_requests() {
    let c = read("2xMI100 has total token throughput of 36.9 for single requests and 147.4 for batch requests.");
    assert_eq!(c.figures[0].value, 36.9);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputTotal);
    assert_eq!(c.figures[0].scope, Some(Scope::PerUser));
    assert_eq!(c.concurrency.as_ref().map(|n| n.value), Some(1));
    let c = read("That comparison is only for performance on 1 query: Llama 4 Maverick at 2,500 tokens per second on a Cerebras WSE.");
    assert_eq!(c.concurrency.as_ref().map(|n| n.value), Some(1));
}

/// §2: a line led by `Prompt tokens:` / `Decoded tokens:` (after an emoji) is that phase's rate.
#[test]
fn token_count_lines_name_their_phase() {
    let c = read("Qwen3-30B-A3B:\n⏱️ Prompt tokens: 7530 in 6.51s (1156.15 tokens/s)\n⏱️ Decoded tokens: 2441 in 61.40s (39.76 tokens/s)\n");
    assert_eq!(c.figures[0].value, 39.76);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
}

/// §1.5 for logs: a tool summary printed once per model, under headings the title does not
/// name, is read at its last block; when the title names the first block's heading, that one.
#[test]
fn repeated_summary_blocks_and_the_title() {
    let block = |v: &str| {
        format!("```\nconcurrency: 256\ntoken throughput (completion token): {v} token/s\ntoken throughput (prompt + completion token): 5000.0 token/s\n```\n")
    };
    let text = format!(
        "Optimize moe\n\ndeepseek-moe-16b-chat\n\n{}\nMixtral 8x7b TP=2\n\n{}",
        block("2665.019"),
        block("1797.565")
    );
    assert_eq!(read(&text).figures[0].value, 1797.565);
    let text = "Update benchmark script to easily test llama-3\n\nLLAMA 3:\nSuccessful requests: 1780\nOutput token throughput: 1412.49 tokens/s\n\nLLAMA 2:\nSuccessful requests: 100\nOutput token throughput: 1038.35 tokens/s\n";
    assert_eq!(read(text).figures[0].value, 1412.49);
}

/// §3 Hardware: a device named once in the singular counts 1 at any mention that is the run's
/// (a later "on MI300x" after a general one), after "Single", before "(single GPU", or in a
/// line listing one machine's parts; a rate per GPU speaks of several.
#[test]
fn singular_device_at_any_mention() {
    let c = read("This adds MI300X as a verified hardware target.\nTested Ministral 8B on MI300x with vLLM: 45 tok/s output.");
    assert_eq!(c.gpu_count.as_ref().map(|n| n.value), Some(1));
    let c = read("Single AMD Radeon RX 7900 XTX 24GB, Vulkan backend: Qwen3 30B at 85.4 tok/s");
    assert_eq!(c.gpu_count.as_ref().map(|n| n.value), Some(1));
    let c = read("Real benchmark data from MI300X (single GPU, ROCm + llama.cpp): Llama 3 8B tg128 at 120 t/s");
    assert_eq!(c.gpu_count.as_ref().map(|n| n.value), Some(1));
    let c = read("Ryzen 5700G, 64 Gb RAM, Radeon RX 9070 XT 16 Gb.\nModel: gpt-oss-20b. Vulkan: 132.75 tok/s");
    assert_eq!(c.gpu_count.as_ref().map(|n| n.value), Some(1));
    let c = read("MI355X DeepSeek-V4-Pro on SGLang hits 2,256 tok/s/GPU at 9.4 tok/s/user.");
    assert_eq!(c.gpu_count, None);
}

/// §2: SGLang's decode-batch log (`gen throughput (token/s)`) is a decode rate.
#[test]
fn sglang_gen_throughput_is_decode() {
    let c = read("[2025-01-01 10:00:00] Decode batch. #running-req: 1, #token: 300, gen throughput (token/s): 49.02");
    assert_eq!(c.figures[0].value, 49.02);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
}

/// §4: an engine on the other side of a comparison written the CJK way (`Ollama 대비`,
/// `比 Ollama`, `Ollamaより`) is not the runtime; a precision said to be possible or supported
/// (`AWQ/GPTQ 양자화 모델도 서빙 가능`, `支持 AWQ`) is a capability, not the weights'.
#[test]
fn cjk_comparison_and_capability_words() {
    let c = read("vLLM 서빙: Ollama 대비 20배 빠른 처리량. AWQ/GPTQ 양자화 모델도 서빙 가능. Llama 3 8B on H100: 2000 tok/s");
    assert_eq!(c.runtime.as_ref().map(|r| r.value.as_str()), Some("vllm"));
    assert_eq!(c.weight_dtype, None);
    let c = read("Qwen2.5 7B 在 4090 上比 Ollama 快三倍，达到 120 tokens/s");
    assert_eq!(c.runtime, None);
    let c = read("Llama 3 8B, FP8, on an H100 with vLLM: 2000 tok/s");
    assert_eq!(
        c.weight_dtype.as_ref().map(|w| w.value.as_str()),
        Some("fp8")
    );
}

/// §3 Model: a dated checkpoint with its variant (`Ministral-3-8B-Reasoning-2512`) keeps both.
#[test]
fn dated_reasoning_checkpoint_kept_whole() {
    let c = read("Tested Ministral-3-8B-Reasoning-2512 on MI300x with vLLM: 45 tok/s output");
    assert_eq!(
        c.model.as_ref().map(|m| m.value.as_str()),
        Some("ministral-3-8b-reasoning-2512")
    );
}

/// §1.6: `compare-llama-bench.py`'s table (`t/s master | t/s <branch> | Speedup`) is read in
/// the change's column; §1.8: the number after `±` is the error, the figure the one before.
#[test]
fn compare_bench_column_and_error_bars() {
    let c = read("| CPU | Model | Test | t/s master | t/s gg/metal-fa-f16 | Speedup |\n|:--|:--|:--|--:|--:|--:|\n| Apple M3 Max | llama 1B Q8_0 | pp4096 | 3857.10 | 4108.20 | 1.07 |\n| Apple M3 Max | llama 1B Q8_0 | tg128 | 169.28 | 170.57 | 1.01 |\n");
    assert_eq!(c.figures[0].value, 170.57);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    let c = read("Llama 7B on an RTX 3090: 40.96 ± 0.37 t/s in float16");
    assert_eq!(c.figures[0].value, 40.96);
    assert!(c.figures.iter().all(|f| f.value != 0.37));
}

/// §1.5: a llama-bench table read at its last `tg` row takes that row's output length (`tg512`:
/// 512), not the first `tg` row's; a per-card measure (`单卡激活内存`) is no count of one.
#[test]
fn llama_bench_headline_row_length_and_per_card_measure() {
    let c = read("| model | backend | test | t/s |\n| --- | --- | --- | --- |\n| llama 7B Q4_0 | Metal | pp512 | 500.1 ± 1.2 |\n| llama 7B Q4_0 | Metal | tg128 | 40.2 ± 0.1 |\n| llama 7B Q4_0 | Metal | tg512 | 38.9 ± 0.1 |\n");
    assert_eq!(c.figures[0].value, 38.9);
    assert_eq!(c.output_tokens.as_ref().map(|n| n.value), Some(512));
    let c = read("- 硬件:NVIDIA H200 GPU(8卡)\n在batch_size=32时,vLLM的吞吐量达到12,400 tokens/sec。单卡激活内存稳定在182GB。");
    assert_eq!(c.gpu_count.as_ref().map(|n| n.value), Some(8));
}

/// §1.5: two tables of output throughput (a latency sweep, then the workloads): the last table's
/// last row heads, with its own lengths; a table of a lower-ranked kind after it does not.
#[test]
fn last_of_several_tables_heads() {
    let t = "Llama 3.1 405B FP8 on 8x MI300X with vLLM.\n\nEach test had input size 128 and an output size 128 tokens.\n| Batch Size | Output throughput in token per second (TPS) | Average latency in seconds |\n| 1 | 36 | 3.530 |\n| 256 | 1846 | 17.750 |\n\nThroughput measurements\n| Scenario | Input size in tokens | Output size in tokens | Output throughput in TPS |\n| Typical chatbot online scenario | 128 | 128 | 1993 |\n| Generation heavy use case | 128 | 2048 | 2794 |\n";
    let c = read(t);
    assert_eq!(c.figures[0].value, 2794.0);
    assert_eq!(c.output_tokens.as_ref().map(|n| n.value), Some(2048));
    let t = "Llama 3 8B on an H100 with vLLM.\n| Batch | Output tok/s |\n| 1 | 90 |\n| 64 | 3200 |\n\n| Batch | Prefill tok/s |\n| 1 | 9000 |\n| 64 | 12000 |\n";
    assert_eq!(read(t).figures[0].value, 3200.0);
}

/// §1.2: a table row whose label cell praises it (`LFM2 系列最快`, "fastest") is the author's
/// mark, over the last row.
#[test]
fn praised_row_in_a_table() {
    let t = "llama.cpp on an AVX512 CPU:\n| Model | Quant | tg128 (t/s) | Note |\n| --- | --- | --- | --- |\n| LFM2 1.2B | Q2_K | 18.1 | LFM2 系列最快 |\n| LFM2 1.2B | Q4_K_XL | 14.8 | |\n";
    assert_eq!(read(t).figures[0].value, 18.1);
}

/// §3 Model: a fine-tune named before its Llama base (`Hermes-3-Llama-3.1-8B`) keeps its name;
/// the vendor in `Meta-Llama-3-8B` is no fine-tune.
#[test]
fn fine_tune_before_its_llama_base() {
    let c = read("Hermes-3-Llama-3.1-8B on an RTX 4090 with vLLM: 90 tok/s");
    assert_eq!(
        c.model.as_ref().map(|m| m.value.as_str()),
        Some("hermes-3-llama-3.1-8b")
    );
    let c = read("Meta-Llama-3-8B-Instruct on an H100 with vLLM: 90 tok/s");
    assert_eq!(
        c.model.as_ref().map(|m| m.value.as_str()),
        Some("llama-3-8b")
    );
}

/// §1.7: a range in milliseconds per token (`71-72ms/token`, `20–40ms per token`) is read as a
/// range, its low end the value; §3 Model: a list's `13B` on the next line is no `token-13b`.
#[test]
fn ms_per_token_range_and_names_stay_on_their_line() {
    let c = read("llama.cpp, 4-bit:\n- 7B: 71-72ms/token\n- 13B: 134-140ms/token");
    assert_eq!(c.figures[0].value, 71.0);
    assert_eq!(c.figures[0].value_high, Some(72.0));
    assert_eq!(c.figures[0].kind, FigureKind::Tpot);
    assert_eq!(c.model, None);
    let c = read("On a Pi 5, expect 20–40ms per token with the 1B model.");
    assert_eq!(
        (c.figures[0].value, c.figures[0].value_high),
        (20.0, Some(40.0))
    );
}

/// §3 Quantisation: a GGUF width without its subtype is `q4`, when no typed precision is
/// written; not a quarter, not a cache's type, not a typed one's stand-in, not what a dense
/// model "wouldn't" fit at.
#[test]
fn bare_gguf_width() {
    let w = |t: &str| read(t).weight_dtype.map(|w| w.value);
    assert_eq!(
        w("9654+4090，q4，8k上下文，最高14tps。").as_deref(),
        Some("q4")
    );
    assert_eq!(
        w("deepseek-v3-q4 on a 4090: 14 tok/s").as_deref(),
        Some("q4")
    );
    assert_eq!(w("By Q2 we expect 14 tok/s on a 4090").as_deref(), None);
    assert_eq!(w("Shipped in Q4 2024: 14 tok/s on a 4090").as_deref(), None);
    assert_eq!(
        w("TabbyAPI, Q8 cache, 32k context: 14 tok/s on a 4090").as_deref(),
        None
    );
    assert_eq!(
        w("# Llama 3 70B Q4 on a 4090\nModel file: llama-3-70b.Q4_K_M.gguf\n14 tok/s").as_deref(),
        Some("q4_k_m")
    );
    assert_eq!(
        w("An RTX 4090 runs Qwen3-30B-A3B at 196 tok/s. A dense 30B model wouldn't even fit in 24GB at Q4.").as_deref(),
        None
    );
    assert_eq!(
        w("`DeepSeek-V4-Flash-IQ2XXS.gguf`: 14 tok/s").as_deref(),
        Some("iq2_xxs")
    );
}

/// §3 Hardware: device names seen in fresh claims: the Ada workstation card written after its
/// Ampere predecessor, the Jetson Orin NX with its memory, an A100's memory in GiB with a count
/// after it, a GeForce joined to a CPU by `+`; TP written `tensor para`; ARM-repacked GGUF types.
#[test]
fn more_device_and_type_spellings() {
    let c = read("AMD EPYC 7713 / 2xA6000ada (2x48Gb vram): eval 4.25 tokens per second");
    assert_eq!(
        c.gpu.as_ref().map(|g| g.value.as_str()),
        Some("rtx-6000-ada")
    );
    assert_eq!(c.gpu_count.as_ref().map(|n| n.value), Some(2));
    let c = read("Jetson Orin NX 16GB running Llama 3.2 3B: 12 tok/s");
    assert_eq!(
        c.gpu.as_ref().map(|g| g.value.as_str()),
        Some("jetson-orin-nx-16gb")
    );
    let c = read("A100(40GiB)x8, with tensor para = 8, Llama 70B: 1500 tok/s");
    assert_eq!(c.gpu.as_ref().map(|g| g.value.as_str()), Some("a100-40gb"));
    assert_eq!(c.gpu_count.as_ref().map(|n| n.value), Some(8));
    assert_eq!(c.tp.as_ref().map(|n| n.value), Some(8));
    let c = read("9654+4090，q4，8k上下文，最高14tps。");
    assert_eq!(c.gpu.as_ref().map(|g| g.value.as_str()), Some("rtx-4090"));
    let c = read("llama 8B Q4_0_4_8 on Snapdragon: tg128 20 t/s");
    assert_eq!(
        c.weight_dtype.as_ref().map(|w| w.value.as_str()),
        Some("q4_0_4_8")
    );
}

/// §3 Lengths: a benchmark's parsed arguments (`Namespace(… random_input_len=30000, …)`) are the
/// run's lengths; a prose `4K input` is 4096 when the command writes `--random-input-len 4096`.
#[test]
fn lengths_from_parsed_arguments_and_binary_shorthand() {
    let c = read("Namespace(backend='vllm', model='meta-llama/Llama-3.1-8B-Instruct', num_prompts=200, max_concurrency=48, random_input_len=30000, random_output_len=100, random_range_ratio=1.0)\nOutput token throughput (tok/s):         350.2");
    assert_eq!(c.prompt_tokens.as_ref().map(|n| n.value), Some(30000));
    assert_eq!(c.output_tokens.as_ref().map(|n| n.value), Some(100));
    let c = read("python3 benchmark_serving.py --random-input-len 4096 --random-output-len 1024\n# 131.55 TPS with concurrency 16, 4K input & 1K output");
    assert_eq!(c.prompt_tokens.as_ref().map(|n| n.value), Some(4096));
    let c = read("131.55 TPS with concurrency 16, 4K input");
    assert_eq!(c.prompt_tokens.as_ref().map(|n| n.value), Some(4000));
}

/// §1.4/§2: a table whose speed columns leave out the unit (`Token Generation Speed`) is read at
/// the decode column's last row, not at a length column; a rate column no row fills (`n/a`)
/// holds no figure; a glued Apple chip (`M3Max`) is `m3-max`.
#[test]
fn speed_columns_without_units_and_empty_rate_columns() {
    let t = "| Machine | Engine | Prompt Tokens | Prompt Processing Speed | Generated Tokens | Token Generation Speed | Total Execution Time |\n| ------- | ------ | --- | --- | --- | --- | --- |\n| 2x3090 | LCPP | 680 | 794.85 | 1087 | 82.68 | 23s |\n| M3Max | LCPP | 680 | 320.66 | 1255 | 57.26 | 38s |\n";
    let c = read(t);
    assert_eq!(c.figures[0].value, 57.26);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    assert_eq!(c.gpu.as_ref().map(|g| g.value.as_str()), Some("m3-max"));
    let t = "| ISL | OSL | Concurrency | Tput User (TPS) | Tput Decode (TPS) | Total Token Throughput (tokens/duration) |\n|---|---|---|---|---|---|\n| 128 | 128 | 1 | 30.38 | 30.4 | n/a |\n| 128 | 1024 | 32 | 28.33 | 906.6 | n/a |\n";
    let c = read(t);
    // The empty `Total Token Throughput` column holds no figure; `Tput Decode` is `Tput User` ×
    // concurrency (28.33 × 32 = 906.56 ≈ 906.6), computed (CLAIMS.md §1.6): the per-user rate
    // heads and the aggregate is listed as derived.
    assert_eq!(c.figures[0].value, 28.33);
    assert!(c
        .figures
        .iter()
        .any(|f| f.derived && (f.value - 906.56).abs() < 0.01));
    assert_eq!(c.concurrency.as_ref().map(|n| n.value), Some(32));
    // A speed-up ratio is no rate.
    let t = "| Model | Speedup |\n|---|---|\n| 7B | 1.8 |\n| 13B | 2.1 |\n";
    assert!(read(t)
        .figures
        .iter()
        .all(|f| f.value != 2.1 || f.unit != "tok/s"));
}

/// §1.7/§1.8: a `tps` range (`~440k-457k tps`) is read with its low end as the value; Chinese
/// rates with the token word glued (`5.7k输出token/s`, an output rate, not an output length)
/// and after 每秒 with a verb and a bound (`每秒处理超过30个token`).
#[test]
fn tps_ranges_and_chinese_rate_forms() {
    let c = read("we hit ~440k-457k tps on the pod");
    assert_eq!(
        (c.figures[0].value, c.figures[0].value_high),
        (440_000.0, Some(457_000.0))
    );
    let c = read("H20 集群实现 5.7k输出token/s");
    assert_eq!(c.figures[0].value, 5700.0);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    assert_eq!(c.output_tokens, None);
    let c = read("在T4级别的GPU上，每秒处理超过30个token");
    assert_eq!(c.figures[0].value, 30.0);
    let c = read("输入 2048 tokens，输出 512，吞吐 3000 tokens/s");
    assert_eq!(c.output_tokens.as_ref().map(|n| n.value), Some(512));
}

/// §3 Hardware: edge parts outside the catalog keep vendor-first ids (`rockchip-rk3588`); the
/// Jetson Orin Nano Super is its own module.
#[test]
fn edge_devices_keep_their_ids() {
    let c = read("Qwen2.5 1.5B on Rockchip RK3588 NPU with RKLLM: 15.59 tokens/s");
    assert_eq!(
        c.gpu.as_ref().map(|g| g.value.as_str()),
        Some("rockchip-rk3588")
    );
    let c = read("Jetson Orin Nano Super 8GB: Llama 3.2 3B at 21 tok/s");
    assert_eq!(
        c.gpu.as_ref().map(|g| g.value.as_str()),
        Some("jetson-orin-nano-super")
    );
}

/// §1.2 and §1.6: "best" in Chinese praises a figure (`解码速度最佳是维持在6.5tokens/s` over a
/// later follow-up's `也只有10tokens/s`); an estimate in Korean, Chinese or Japanese is
/// discounted; a line led by an older release's name is the baseline.
#[test]
fn cjk_praise_and_estimates_and_old_releases() {
    let c = read("llama.cpp 上 deepseek-r1 q4_k_m，解码速度最佳是维持在6.5tokens/s。\n后来使用multi-gpu-4，测试也只有10tokens/s");
    assert_eq!(c.figures[0].value, 6.5);
    let c = read("RTX 3060 한 장으로 실측 30 t/s. 두 장이면 80 t/s 예상.");
    assert_eq!(c.figures[0].value, 30.0);
    let c = read("llama2-7b  (old version): prefill ~160 tok/s, decode 7.5 tok/s\nllama2-7b (latest version): prefill ~80 tok/s, decode: 13.3 tok/s");
    assert_eq!(c.figures[0].value, 13.3);
}

/// §1.6: a change written in words ends on the tuned result (`improved to 21 tokens/s`); in
/// Chinese the figure after 从 ("from") is the baseline (`从每秒1.2个token跃升至每秒4.8个token`);
/// a runs table's `Average` row is its summary, over the last run.
#[test]
fn changes_in_words_and_average_rows() {
    let c = read("The default performance is approximately 12 tokens/s. After enabling the NPU cores it improved to 21 tokens/s.");
    assert_eq!(c.figures[0].value, 21.0);
    let c = read("优化后吞吐量从每秒1.2个token跃升至每秒4.8个token");
    assert_eq!(c.figures[0].value, 4.8);
    let t = "## Deepseek R1 14b\n\n| Run | Eval Rate (Tokens/Second) |\n|-----|-----------------------------|\n| 1 | 5.98 tokens/s |\n| 2 | 5.76 tokens/s |\n| 3 | 5.77 tokens/s |\n|**Average Eval Rate**| 5.83 tokens/second |\n";
    let c = read(t);
    assert_eq!(c.figures[0].value, 5.83);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
}

/// §3 Model and Hardware: `qwen1.8b` is Qwen 1.8B (no `qwen1.-8b`); "I use A800" and
/// `一張 7900 XTX` are one device the run used.
#[test]
fn glued_sizes_and_one_device_in_use() {
    let c = read("qwen1.8b on a 4090: 10 tok/s");
    assert_eq!(
        c.model.as_ref().map(|m| m.value.as_str()),
        Some("qwen-1.8b")
    );
    let c = read("internlm2.5-7b on a 4090: 10 tok/s");
    assert_eq!(
        c.model.as_ref().map(|m| m.value.as_str()),
        Some("internlm2.5-7b")
    );
    let c = read("I use A800, the speed is 100 tokens/s");
    assert_eq!(c.gpu_count.as_ref().map(|n| n.value), Some(1));
    let c = read("一張 7900 XTX 跑 qwen，100 tok/s");
    assert_eq!(c.gpu_count.as_ref().map(|n| n.value), Some(1));
}

/// §1.8 and §3: `3100~ tokens/sec` is 3,100; `two $1,500 workstation GPUs` counts no 500 GPUs;
/// `decode 37–51 tok/s` gives no output length of 37; a header's `token / sec` is a rate.
#[test]
fn approximate_marks_prices_and_spaced_units() {
    let c = read("We get 3100~ tokens/sec on 8xH100");
    assert_eq!(c.figures[0].value, 3100.0);
    let c = read("buy two $1,500 workstation GPUs and get 40 tok/s");
    assert_eq!(c.gpu_count, None);
    let c = read("decode 37–51 tok/s on an RX 7900 XTX");
    assert_eq!(c.output_tokens, None);
    let t = "| branch | 7B (ms / token) | 7B (token / sec) |\n|---|---|---|\n| old | 20.1 | 49.7 |\n| new | 16.0 | 62.5 |\n";
    assert_eq!(read(t).figures[0].value, 62.5);
}

/// §1.6: a table whose rows are a change's sides (`new` above `old`) is read at the changed
/// side, wherever it stands.
#[test]
fn changed_side_row_of_a_table() {
    let t = "| branch | 7B (token / sec) | 13B (token / sec) |\n| --- | --- | --- |\n| new | 63 | 40 |\n| old | 45 | 28 |\n";
    assert_eq!(read(t).figures[0].value, 40.0);
    // Without a baseline row, `new` is just a label: the last row.
    let t = "| model | tok/s |\n| --- | --- |\n| new | 63 |\n| other | 45 |\n";
    assert_eq!(read(t).figures[0].value, 45.0);
}

/// §3 Quantisation: INT8 weights with INT8 activations is `w8a8`.
#[test]
fn int8_weights_and_activations_are_w8a8() {
    let c = read("Llama 3 8B with INT8 weights + INT8 activations on an H100: 3000 tok/s");
    assert_eq!(
        c.weight_dtype.as_ref().map(|w| w.value.as_str()),
        Some("w8a8")
    );
    let c = read("Llama 3 8B with INT8 weights on an H100: 3000 tok/s");
    assert_eq!(
        c.weight_dtype.as_ref().map(|w| w.value.as_str()),
        Some("int8")
    );
}

/// §3 Quantisation: a precision written with a space (`FP 16`) is `fp16`.
#[test]
fn spaced_precision() {
    let c = read("Llama 3 8B (FP 16 no speculative decoding) on an MI300X: 410 toks/s/user");
    assert_eq!(
        c.weight_dtype.as_ref().map(|w| w.value.as_str()),
        Some("fp16")
    );
}

/// §3 Runtime and §2 scope: TGI's launcher names TGI; a column `per card` is per GPU.
#[test]
fn tgi_launcher_and_per_card_columns() {
    let c = read(
        "text-generation-launcher --model-id meta-llama/Llama-2-7b on an A100 80GB SXM: 1200 tok/s",
    );
    assert_eq!(c.runtime.as_ref().map(|r| r.value.as_str()), Some("tgi"));
    let c = read("| Model | Output TPS(per card) |\n|---|---|\n| DeepSeek-R1 | 1200 |\n");
    assert_eq!(c.figures[0].scope, Some(Scope::PerGpu));
}

/// §3 Runtime and §4: `基准测试` is "benchmark"; an engine named after it is the claim's own,
/// while `基准` alone ("baseline") still marks another setup's engine.
#[test]
fn benchmark_in_chinese_is_not_a_baseline() {
    let c = read(
        "性能基准测试分析\n\n部署模型\nvllm serve /models/Qwen/Qwen3-8B\n\
         Qwen3-8B 在 H100 上输出吞吐 1500 tokens/s",
    );
    assert_eq!(c.runtime.as_ref().map(|r| r.value.as_str()), Some("vllm"));
    let c = read("基准(vLLM): 1000 tokens/s；优化后 H100 上 Qwen3-8B 输出吞吐 1500 tokens/s");
    assert_eq!(c.runtime.as_ref().map(|r| r.value.as_str()), None);
}

/// §3 Runtime: an engine recognised only from its output's shape is partial — an ollama model
/// tag (`llama3.2:3b`), SGLang's scheduler log (`#running-req:`), vLLM's `SamplingParams(`.
#[test]
fn engines_recognised_from_their_shape() {
    let cases = [
        (
            "Running benchmark 3 times using model: llama3.2:3b\nAverage Eval Rate: 5.55 tokens/second",
            "ollama",
        ),
        (
            "RTX 5090\n[2025-09-11 02:52:03] Decode batch. #running-req: 20, #token: 157401, \
             gen throughput (token/s): 2238.83, #queue-req: 0,",
            "sglang",
        ),
        (
            "llm = LLM(model=MODEL_PATH, tensor_parallel_size=2)\n\
             sampling_params = SamplingParams(max_tokens=512)\nabout 8 tokens/s on 2x A100",
            "vllm",
        ),
    ];
    for (text, id) in cases {
        let c = read(text);
        assert_eq!(
            c.runtime.as_ref().map(|r| r.value.as_str()),
            Some(id),
            "{text}"
        );
        assert!(c.runtime_from_shape, "{text}");
    }
    // A time of day or a ratio is no tag.
    let c = read("At 10:30 the H100 served Llama 3 8B at 1:2b ratio: 3000 tok/s");
    assert_eq!(c.runtime, None);
}

/// CJK forms read as their English ones: `每秒 10.2 個詞元`, `초당 500개 이상 토큰` and
/// `毎秒 40 トークン` are token rates; `4 位量化`, `4ビット` a 4-bit weight (`int4`); `通义千问`
/// is Qwen.
#[test]
fn cjk_rates_bit_widths_and_qwen() {
    let c = read("在 M4 Max 上，Qwen2.5-7B 使用 4 位量化，每秒 10.2 個詞元");
    assert_eq!(c.figures[0].value, 10.2);
    assert_eq!(c.figures[0].unit, "tok/s");
    assert_eq!(
        c.weight_dtype.as_ref().map(|w| w.value.as_str()),
        Some("int4")
    );
    let c = read("RNGD 에서 Llama 3.1 8B 초당 500개 이상 토큰 처리 성능");
    assert_eq!(c.figures[0].value, 500.0);
    let c = read("M2 Ultra で Llama 3 8B 4ビット 毎秒 40 トークン");
    assert_eq!(c.figures[0].value, 40.0);
    assert_eq!(
        c.weight_dtype.as_ref().map(|w| w.value.as_str()),
        Some("int4")
    );
    let c = read("我们在 H100 上运行通义千问2.5-7B-Instruct，输出速度 35 tokens/s");
    assert_eq!(
        c.model.as_ref().map(|m| m.value.as_str()),
        Some("qwen2.5-7b")
    );
    // 位 alone is no bit width (`4 位用户`: four users).
    let c = read("4 位用户在 H100 上运行 Qwen2.5-7B，输出速度 35 tokens/s");
    assert_eq!(c.weight_dtype, None);
}

/// §3 Hardware: one machine (`同一台 RTX 3060 服务器`) is one card, and 卡顿 ("stalls") or 板卡
/// ("board") speak of no count of cards.
#[test]
fn one_machine_and_stalls_in_chinese() {
    let c = read("所有数据都来自同一台RTX 3060(12GB)服务器：Qwen2.5-7B 输出速度 35 tokens/s");
    assert_eq!(c.gpu_count.as_ref().map(|n| n.value), Some(1));
    let c = read("推理不再卡顿：在RTX 4090上 Qwen2.5-7B 输出速度 35 tokens/s");
    assert_eq!(c.gpu_count.as_ref().map(|n| n.value), Some(1));
    let c = read("在两张RTX 4090上 Qwen2.5-7B 输出速度 35 tokens/s，多卡并行");
    assert_ne!(c.gpu_count.as_ref().map(|n| n.value), Some(1));
}

/// §3 Hardware: a Chinese count of GPUs (`8 个 GPU`, `8 个 MI300X GPU`) is the device count.
#[test]
fn chinese_count_of_gpus() {
    for text in [
        "在由 8 个 GPU 组成的单个 MI300X 节点上运行 DeepSeek-V3，吞吐 5000 tokens/s",
        "在 8 个 MI300X GPU 上运行 DeepSeek-V3，吞吐 5000 tokens/s",
    ] {
        let c = read(text);
        assert_eq!(c.gpu_count.as_ref().map(|n| n.value), Some(8), "{text}");
    }
}

/// §1.5 and §4: a naive fallback is the path beaten, not the claim; an unoptimised baseline in
/// the sentence before an engine's does not make that engine a baseline's.
#[test]
fn naive_fallback_is_the_other_side() {
    let c = read(
        "Running Llama 3.1 8B on an M2 Pro, the naive CPU fallback yields ~8 tok/s and uses \
         14 GB. With unoptimized layouts it stalls. Native execution via llama.cpp with Q4_K_M \
         delivers ~48 tok/s.",
    );
    assert_eq!(c.figures[0].value, 48.0);
    assert_eq!(
        c.runtime.as_ref().map(|r| r.value.as_str()),
        Some("llama.cpp")
    );
    // In the engine's own sentence the baseline word still marks it (CLAIMS.md §4).
    let c = read("Unoptimized baseline (vLLM): 1000 tok/s. Ours on an H100: 1500 tok/s.");
    assert_eq!(c.runtime, None);
    // A sentence that ends in a CJK full stop (three bytes) right before the engine.
    let c = read("未做优化。vLLM 在 H100 上输出 1000 tok/s");
    assert_eq!(c.runtime.as_ref().map(|r| r.value.as_str()), Some("vllm"));
}

/// §3 Hardware: inference cards outside the catalog (FuriosaAI RNGD and Warboy, Qualcomm Cloud
/// AI 100, Hailo NPUs) keep vendor-first ids instead of leaving the hardware unstated.
#[test]
fn inference_cards_keep_their_ids() {
    let gpu = |t: &str| read(t).gpu.map(|g| g.value);
    assert_eq!(
        gpu("Llama 3.1 8B on FuriosaAI RNGD: 3,000 tokens/s at batch 64").as_deref(),
        Some("furiosa-rngd")
    );
    assert_eq!(
        gpu("Warboy runs the model at 120 tokens/s").as_deref(),
        Some("furiosa-warboy")
    );
    assert_eq!(
        gpu("Qualcomm Cloud AI 100 Ultra serves Llama 2 7B at 1,200 tokens/s").as_deref(),
        Some("qualcomm-cloud-ai-100")
    );
    assert_eq!(
        gpu("Hailo-10H runs Qwen2 1.5B at 8 tokens/s").as_deref(),
        Some("hailo-10h")
    );
}

/// §2 Scope: a sweep written on one line (`Batch size 1: 45 tok/s; batch size 32: 980 tok/s`)
/// gives each point its own label: the batch-1 words are the 45's, and the 980 at batch 32 is
/// aggregate, not one user's rate.
#[test]
fn a_sweep_point_has_its_own_label() {
    let c = read("Batch size 1: 45 tok/s; batch size 32: 980 tok/s (Llama 2 13B, A10G)");
    assert_eq!(c.figures[0].value, 980.0);
    assert_eq!(c.figures[0].scope, Some(Scope::Aggregate));
    assert_eq!(c.batch_size.as_ref().map(|n| n.value), Some(32));
    let per_user = c
        .figures
        .iter()
        .find(|f| f.value == 45.0)
        .expect("the 45 is read");
    assert_eq!(per_user.scope, Some(Scope::PerUser));
}

/// §2 Kind and §1.7 ranges in a metric table: a row label names the phase anywhere in it
/// (`TG (Decode)`, `PP (Prefill)`), and a range cell (`16.3-17.5 tok/s`) is a figure at its low
/// end, so the decode row heads over the prefill row.
#[test]
fn metric_table_rows_name_their_phase() {
    let c = read(
        "| Metric | Measured | Notes |\n|---|---|---|\n| PP (Prefill) | ~40 tok/s | short prompts |\n\
         | TG (Decode) | 16.3-17.5 tok/s | 16 cores |",
    );
    assert_eq!(c.figures[0].value, 16.3);
    assert_eq!(c.figures[0].value_high, Some(17.5));
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    let prefill = c
        .figures
        .iter()
        .find(|f| f.value == 40.0)
        .expect("the 40 is read");
    assert_eq!(prefill.kind, FigureKind::PrefillThroughput);
}

/// §1.5 on a table pasted with single spaces between its cells: the header's unit words group
/// into columns (`PP (t/s)`, `TG (t/s)`), the values align to the last columns, and the last
/// row's rate heads.
#[test]
fn single_space_tables_are_tables() {
    let c = read(
        "Gemma 3 4B on an RTX 3060, llama.cpp\nQuant PP (t/s) TG (t/s)\nQ4_0 442.16 73.40\n\
         Q8_0 512.17 52.08\nBF16 125.06 32.24\n",
    );
    assert_eq!(c.figures[0].value, 32.24);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    // Ratios, shares and spreads are cells too: the rate column stays aligned.
    let c = read(
        "Config Mean t/s Speedup Mean acceptance Variance\nNo MTP (baseline) 68.07 1.00x n/a \
         ±0.02\nn=2 73.04 1.07x 86.16% ±1.2\nn=6 73.68 1.08x 66.26% ±5.4\n",
    );
    assert_eq!(c.figures[0].value, 73.68);
    // Prose that ends in a number is no table.
    let c = read("We measured 45 tok/s on an A10G\nthe run took 12 s\nand used 20 GB");
    assert_eq!(c.figures[0].value, 45.0);
}

/// §3 Load: a count of prompts with no rate or concurrency (`number of prompts 3000`,
/// `--num-prompts 500`) is a saturating run, and so is trtllm-bench's unbounded issue rate: the
/// batch row is partial, the load fields null.
#[test]
fn a_count_of_prompts_is_a_saturating_load() {
    let row = |t: &str| {
        let r = benchfit_core::check(t);
        r.checklist[0].status
    };
    use benchfit_core::checklist::Status;
    assert_eq!(
        row("Llama 3.1 8B on one H100, number of prompts 3000: 3,396 output tokens/s"),
        Status::Partial
    );
    assert_eq!(
        row("Issue Rate (req/sec): 2.3129E+15\nTotal Output Throughput (tokens/sec): 6957.30 on H100"),
        Status::Partial
    );
    // A stated concurrency still states the load.
    assert_eq!(
        row("Llama 3.1 8B on one H100, --num-prompts 500 --max-concurrency 8: 900 output tokens/s"),
        Status::Stated
    );
}

/// §3 Hardware: with no GPU or accelerator named, the CPU or integrated GPU a run used keeps a
/// vendor-first id; a GPU named anywhere wins over a host CPU.
#[test]
fn cpus_and_integrated_gpus_keep_their_ids() {
    let gpu = |t: &str| read(t).gpu.map(|g| g.value);
    assert_eq!(
        gpu("On an AWS Graviton4 instance, Llama 3 8B Q4 runs at 4.6 tok/s").as_deref(),
        Some("aws-graviton4")
    );
    assert_eq!(
        gpu("Radeon 780M iGPU, llama3:8b: eval rate 17.23 tokens/s").as_deref(),
        Some("radeon-780m")
    );
    assert_eq!(
        gpu("Dual Intel Xeon 6980P, DeepSeek-R1 INT8 with SGLang: TPOT 67.99 ms").as_deref(),
        Some("xeon-6980p")
    );
    assert_eq!(
        gpu("Host: AMD EPYC 9654, GPU: 8x H100 SXM; Llama 3 70B at 3,000 tok/s").as_deref(),
        Some("h100-sxm")
    );
    // "Power" as a word is no CPU.
    assert_eq!(gpu("Power 10 users at 45 tok/s each"), None);
}

/// §3 Lengths in a table whose headers are Chinese (`输入长度 | 输出长度`): the headline row's
/// lengths, `8K` as 8000.
#[test]
fn cjk_length_columns() {
    let c = read(
        "RTX 3090 + vLLM 0.4.0：\n| 输入长度 | 输出长度 | 平均延迟 | 吞吐量(token/s) |\n|---|---|---|---|\n\
         | 512 | 128 | ~85ms | 32 |\n| 8K | 512 | ~650ms | 23 |",
    );
    assert_eq!(c.figures[0].value, 23.0);
    assert_eq!(c.prompt_tokens.as_ref().map(|n| n.value), Some(8000));
    assert_eq!(c.output_tokens.as_ref().map(|n| n.value), Some(512));
}

/// §1.8: `tk/s` is a token rate as written (`270.2 tk/s`), in prose and in table cells.
#[test]
fn tk_per_second_is_a_token_rate() {
    let c = read("Qwen3 27B on 2x RX 7900 XTX: 445.7 tk/s");
    assert_eq!(c.figures[0].value, 445.7);
    assert_eq!(c.figures[0].unit, "tok/s");
    let c = read("| Kernel | dtype | seqs=32 |\n| -- | -- | -- |\n| A | fp16 | 382.5 tk/s |\n| B | fp16 | 445.7 tk/s |");
    assert_eq!(c.figures[0].value, 445.7);
}

/// §1.6 and §1.5: an arrow to a worse value (`210.8 tok/s (1K context) → 152.8 tok/s (256K
/// context)`) is a sweep, not the improved result, so the system throughput of the same table
/// still heads; an arrow to a better value still marks the tuned result. Text with multibyte
/// characters right before the earlier value reads without a panic.
#[test]
fn an_arrow_to_a_worse_value_is_no_improvement() {
    let c = read(
        "Qwen3 on 1x H200 SXM.\n| Metric | Result |\n|---|---|\n| Peak System Throughput | 852.6 \
         tok/s @ 10 concurrent requests |\n| Generation Speed Single Request | 210.8 tok/s (1K \
         context) → 152.8 tok/s (256K context) |",
    );
    assert_eq!(c.figures[0].value, 852.6);
    let c = read("After the fix decode went 48 tok/s → 61 tok/s on an RTX 4090");
    assert_eq!(c.figures[0].value, 61.0);
    let c = read("吞吐量实测提升52%（从14.3 req/s → 21.7 req/s），RTX 4090");
    assert_eq!(c.figures[0].value, 21.7);
}

/// §1.5, §1.4: an arrow with no `from` keeps the words before the value it leads from
/// (`prefill 214 t/s peak → 158 t/s`: both prefill), so a context sweep of two phases heads
/// on the generation curve's last point, and the report names it a sweep, not an improvement.
#[test]
fn an_arrow_target_keeps_its_source_label() {
    let c = read(
        "Highlights: prefill 214 t/s peak → 158 t/s @ 65k; generation 16.1 → 13.3 t/s. \
         Ryzen AI Max+ 395, llama.cpp.",
    );
    assert_eq!(c.figures[0].value, 13.3);
    assert!(c.figures[0].headline_reason.contains("sweep"));
    let prefill = c
        .figures
        .iter()
        .find(|f| f.value == 158.0)
        .expect("158 is read");
    assert_eq!(prefill.kind, FigureKind::PrefillThroughput);
    // A name's digits before the arrow are no figure: nothing is inherited.
    let c = read("Upgrading H100 → H200 gave 3,100 tok/s");
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputUnspecified);
}

/// §1.2: a title may hold one bar as a separator (`… to ~28 t/s generation │ 295 t/s prefill`,
/// box drawing read as `|`); the body's precise range of the title's figure takes its mark.
#[test]
fn a_title_with_one_bar_is_still_a_title() {
    let c = read(
        "Dual MI50 for local LLM: Tuning Qwen3.6-27B to ~28 t/s generation │ 295 t/s prefill!\n\
         I wanted to share my recent experience and benchmarks.\n\
         * **Generation Speed (Decode)**: **27.96 - 28.57 tokens/sec**\n",
    );
    assert_eq!(c.figures[0].value, 27.96);
    assert_eq!(c.figures[0].value_high, Some(28.57));
    // A table's header line is no title.
    let c = read("| GPU | tok/s |\n|---|---|\n| A100 | 1,200 |\n| H100 | 2,400 |");
    assert_eq!(c.figures[0].value, 2400.0);
}

/// §3 Load: llama-server's slot count (`-np 1`) and ollama's `OLLAMA_NUM_PARALLEL` are engine
/// limits like `--max-num-seqs`: no load field, the batch row partial.
#[test]
fn server_slot_limits_are_not_the_load() {
    use benchfit_core::checklist::{grade, Status};
    for text in [
        "llama-server -m qwen3-8b-Q4_K_M.gguf -np 1 -c 65536 on RTX 4090: 95 tok/s generation",
        "OLLAMA_NUM_PARALLEL=4 ollama run llama3.1:8b on an RTX 4090: 95 tok/s",
    ] {
        let c = read(text);
        assert_eq!(c.concurrency, None, "{text}");
        assert_eq!(c.batch_size, None, "{text}");
        assert_eq!(grade(&c)[0].status, Status::Partial, "{text}");
    }
}

/// §1.5: numbers listed before a rate's unit share it (`15,944 and 15,343 tok/s respectively`):
/// a comparison of setups heads on the first; over a setting's values (`at batch sizes 1, 8
/// and 32`) it is a sweep, read at its last point. A name's digits and a setting's number are
/// not listed.
#[test]
fn numbers_listed_before_a_unit_share_it() {
    let c = read("Llama-3.1-405B and DeepSeek V3.2 achieve comparable throughput at 15,944 and 15,343 tok/s respectively on 8x MI325X.");
    assert_eq!(c.figures[0].value, 15944.0);
    assert!(c.figures.iter().any(|f| f.value == 15343.0));
    let c = read("At batch sizes 1, 8 and 32 it reaches 120, 340 and 910 tok/s on an H100.");
    assert_eq!(c.figures[0].value, 910.0);
    assert!(c.figures.iter().any(|f| f.value == 120.0));
    let c = read("Upgrading to an H100 and 400 tok/s came easily; batch 32 and 500 tok/s later.");
    assert!(c
        .figures
        .iter()
        .all(|f| f.value != 100.0 && f.value != 32.0));
}

/// §3 Hardware with no GPU named: Intel Core and AMD Ryzen hosts keep vendor-first ids
/// (`core-ultra-9-185h`, `core-i9-13900k`, `ryzen-9-3950x`); an AMD GPU named only by its LLVM
/// target (`gfx1100`) is that target, partial (cards share it), unless a product is named
/// anywhere (`Radeon 8060S`); Battlemage's two-digit Arc cards are the Pro ones.
#[test]
fn hosts_targets_and_arc_pro() {
    use benchfit_core::checklist::{grade, Status};
    let gpu = |t: &str| read(t).gpu.map(|g| g.value);
    assert_eq!(
        gpu("on an i9-13900K with 64GB: 6.6 t/s").as_deref(),
        Some("core-i9-13900k")
    );
    assert_eq!(
        gpu("Intel Core Ultra 9 185H iGPU: 6.6 t/s").as_deref(),
        Some("core-ultra-9-185h")
    );
    assert_eq!(
        gpu("CPU only on a Ryzen 9 3950X: 6.6 t/s").as_deref(),
        Some("ryzen-9-3950x")
    );
    assert_eq!(
        gpu("Core i9-13900K host, one RTX 4090: 6.6 t/s").as_deref(),
        Some("rtx-4090")
    );
    let c = read("GEMM tuning on gfx1100 (Navi31) for Llama-3.1-8B: 1625 output tok/s");
    assert_eq!(c.gpu.as_ref().map(|g| g.value.as_str()), Some("gfx1100"));
    assert_eq!(grade(&c)[5].status, Status::Partial);
    assert_eq!(
        gpu("built for gfx1151 and run on the Radeon 8060S: 40 t/s").as_deref(),
        Some("radeon-8060s")
    );
    assert_eq!(
        gpu("Qwen3.5-9B on single Arc Pro B70: 26 tok/s").as_deref(),
        Some("arc-pro-b70")
    );
    assert_eq!(
        gpu("Qwen3.5-9B on an Intel Arc B70: 26 tok/s").as_deref(),
        Some("arc-pro-b70")
    );
    assert_eq!(gpu("Intel Arc B580: 26 tok/s").as_deref(), Some("arc-b580"));
}

/// §3 Quantisation: a bare GGUF width above 4 is never a quarter (`in Q8`), and a precision
/// read only from a sentence about another model (`… switch to Qwen3 32B: to run it in Q8 …`)
/// is that model's, not the headline's.
#[test]
fn widths_above_four_and_other_models_precisions() {
    let dtype = |t: &str| read(t).weight_dtype.map(|d| d.value);
    assert_eq!(
        dtype("Qwen3 8B runs at 82 tokens per second on one RTX 3090, in Q8.").as_deref(),
        Some("q8")
    );
    assert_eq!(
        dtype("Llama 3 8B on an RTX 3090 in Q4 2024: 82 tok/s").as_deref(),
        None
    );
    assert_eq!(
        dtype(
            "Qwen3 8B runs at 82 tokens per second on one RTX 3090. Next, we switch to Qwen3 \
             32B: to run it in Q8 you need more than one card."
        )
        .as_deref(),
        None
    );
}

/// §3 Load and §2 scope: `@ c=64` and `concurrency-4` set a concurrency (so the throughput is
/// aggregate); a run over a count of prompts sent at once (`vllm bench throughput`, `1000
/// prompts`) serves many requests at a time, so its unscoped throughput is aggregate too.
#[test]
fn shorthand_concurrency_and_saturating_scope() {
    let c = read("vLLM AWQ: 976 tok/s @ c=64 on a single L4");
    assert_eq!(c.concurrency.as_ref().map(|n| n.value), Some(64));
    assert_eq!(c.figures[0].scope, Some(Scope::Aggregate));
    let c = read("the 8K-input, concurrency-4 GuideLLM workload: 55.3 output tokens/s");
    assert_eq!(c.concurrency.as_ref().map(|n| n.value), Some(4));
    let c = read(
        "End-to-end vLLM throughput (vllm bench throughput, Llama-3.1-8B, sharegpt, 1000 \
         prompts, bf16, tp=1): 1625 output tok/s",
    );
    assert_eq!(c.figures[0].scope, Some(Scope::Aggregate));
    // llama.cpp's context flag is no load.
    let c = read("llama-server -c 65536 on RTX 4090: 50 tok/s");
    assert_eq!(c.concurrency, None);
}

/// §3 Lengths: hyphenated lengths (`8K-input, 512-output`, `1024-input/128-output`) are the
/// prompt and output lengths; a count of prompts (`19-prompt suite`) is not.
#[test]
fn hyphenated_lengths() {
    let c = read("the 8K-input, 512-output workload: 55.3 output tokens/s");
    assert_eq!(c.prompt_tokens.as_ref().map(|n| n.value), Some(8000));
    assert_eq!(c.output_tokens.as_ref().map(|n| n.value), Some(512));
    let c = read("1024-input/128-output: 55.3 output tokens/s");
    assert_eq!(c.prompt_tokens.as_ref().map(|n| n.value), Some(1024));
    assert_eq!(c.output_tokens.as_ref().map(|n| n.value), Some(128));
    let c = read("A 19-prompt suite covering code and reasoning: 55 tok/s");
    assert_eq!(c.prompt_tokens, None);
}

/// §2: beside a prefill rate, a rate named only "generation" (`generation 16.1 → 13.3 t/s`,
/// a JSON `generationTPS`) is the decode phase's, per user; column padding (`Generation  Speed`)
/// reads as one space; vLLM's "generation throughput" stays the load's output.
#[test]
fn generation_beside_prefill_is_decode() {
    let c = read("Highlights: prefill 214 t/s peak → 158 t/s @ 65k; generation 16.1 → 13.3 t/s.");
    assert_eq!(c.figures[0].value, 13.3);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    assert_eq!(c.figures[0].scope, Some(Scope::PerUser));
    let c = read("{\n  \"generationTPS\" : 81.83,\n  \"promptTPS\" : 4919.4,\n  \"runs\" : 3\n}");
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    let c = read("Prefill Speed       :   4.58 t/s\nGeneration  Speed   :   4.14 t/s");
    assert_eq!(c.figures[0].value, 4.14);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    let c =
        read("Avg prompt throughput: 1520.3 tokens/s, Avg generation throughput: 2204.1 tokens/s");
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
}

/// §1.4 and §3 Hardware in prose: a llama-bench test named in a rate's clause (`914 t/s for a
/// 512-token prompt (pp512) and about 46.8 t/s for 128-token generation (tg128)`) gives each
/// its phase, the decode rate heads, and the words before `and` stay with the earlier figure;
/// a setup that "included an RTX 3060" ran on one.
#[test]
fn bench_tests_in_prose_and_included_devices() {
    let c = read(
        "The test setup included an NVIDIA RTX 3060 GPU with 12GB of VRAM. Benchmarks with \
         llama-bench reached approximately 914 tokens per second (t/s) for a 512-token prompt \
         (pp512) and about 46.8 t/s for 128-token generation (tg128).",
    );
    assert_eq!(c.figures[0].value, 46.8);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    assert_eq!(c.gpu_count.as_ref().map(|n| n.value), Some(1));
    let pp = c
        .figures
        .iter()
        .find(|f| f.value == 914.0)
        .expect("914 read");
    assert_eq!(pp.kind, FigureKind::PrefillThroughput);
}

/// §1.8, §2 cost: `$0.82/M tokens` is a price per million tokens; under a title that names a
/// cost ("Cost Per Token Breakdown"), the text's price heads before the throughput it is worked
/// out from (§1.2).
#[test]
fn prices_per_m_tokens_under_a_cost_title() {
    let c = read("Llama 3 70B on H100: $0.82/M tokens");
    assert_eq!(c.figures[0].kind, FigureKind::Cost);
    assert_eq!(c.figures[0].value, 0.82);
    let c = read(
        "Cost Per Token Breakdown\n\nFor a vLLM deployment of Llama 3 70B on 4× H100 (FP8):\n\
         Per GPU: ~850 tok/s\nCost per million tokens: $10 / 12.24 = $0.82/M tokens\n",
    );
    assert_eq!(c.figures[0].kind, FigureKind::Cost);
    assert_eq!(c.figures[0].value, 0.82);
    // Without such a title the throughput still heads.
    let c = read("Llama 3 70B on 4x H100: 3,400 tok/s, about $0.82/M tokens");
    assert_eq!(c.figures[0].value, 3400.0);
}

/// §1.3 in a metric-row table: a `Peak …` row is never the headline beside the run's own
/// rate, even when it comes later; the changed column heads (§1.6).
#[test]
fn a_peak_row_is_not_the_headline() {
    let c = read(
        "100 requests at concurrency level 10:\n\
         | Metric | With DeepGEMM | Without DeepGEMM | Improvement |\n\
         |--------|---------------|------------------|-------------|\n\
         | **Output Token Throughput** | 288.31 tok/s | 566.84 tok/s | **+96.6%** |\n\
         | **Peak Output Throughput** | 320.00 tok/s | 650.00 tok/s | **+103.1%** |\n\
         | **Request Throughput** | 0.30 req/s | 0.60 req/s | **+100%** |",
    );
    assert_eq!(c.figures[0].value, 566.84);
}

/// §1.3, §1.6: a baseline caption (`Before:`) covers its whole tool block, however long, so a
/// block's output throughput still heads over its total; under a later `After:` the changed
/// run heads.
#[test]
fn a_baseline_caption_covers_its_whole_block() {
    let block = |out: &str, total: &str| {
        format!(
            "```\n============ Serving Benchmark Result ============\nSuccessful requests: 64\n\
             Failed requests: 0\nMaximum request concurrency: 8\nBenchmark duration (s): 36.56\n\
             Total input tokens: 65536\nTotal generated tokens: 32768\n\
             Request throughput (req/s): 1.75\nOutput token throughput (tok/s): {out}\n\
             Peak output token throughput (tok/s): 960.00\nPeak concurrent requests: 16.00\n\
             Total token throughput (tok/s): {total}\n-----Time to First Token-----\n\
             Mean TTFT (ms): 120.5\nMedian TTFT (ms): 118.2\nP99 TTFT (ms): 200.1\n```\n"
        )
    };
    let before = format!(
        "Commands on 4xH100, a +10% improvement at low batch.\n\nBefore:\n{}",
        block("896.22", "2688.66")
    );
    assert_eq!(read(&before).figures[0].value, 896.22);
    let both = format!("{before}\nAfter:\n{}", block("985.10", "2950.40"));
    assert_eq!(read(&both).figures[0].value, 985.10);
}

/// §3 Model on llama-bench output: llama.cpp names a Qwen MoE architecture `qwen3moe` and writes
/// its active parameters after a dot (`30B.A3B`); the release is `qwen3-30b-a3b`, its MoE
/// suffix kept (a `qwen3moe-30b` id names no release).
#[test]
fn llama_cpp_moe_architecture_names() {
    let c = read(
        "| model | size | params | backend | ngl | test | t/s |\n\
         | --- | ---: | ---: | --- | --: | ---: | ---: |\n\
         | qwen3moe 30B.A3B Q4_K - Medium | 17.28 GiB | 30.53 B | ROCm | 99 | pp512 | 1823.44 ± 9.12 |\n\
         | qwen3moe 30B.A3B Q4_K - Medium | 17.28 GiB | 30.53 B | ROCm | 99 | tg128 | 92.13 ± 0.41 |",
    );
    assert_eq!(c.figures[0].value, 92.13);
    assert_eq!(
        c.model.as_ref().map(|m| m.value.as_str()),
        Some("qwen3-30b-a3b")
    );
    let c = read("qwen2moe 57B.A14B Q4_0: tg128 31.2 t/s on two RTX 3090s");
    assert_eq!(
        c.model.as_ref().map(|m| m.value.as_str()),
        Some("qwen2-57b-a14b")
    );
    // A dense Qwen keeps its plain name.
    let c = read("qwen3 8B Q8_0 | CUDA | tg128 | 101.5 ± 0.3");
    assert_eq!(c.model.as_ref().map(|m| m.value.as_str()), Some("qwen3-8b"));
}

/// §3 Load: "single-batch" is one sequence (batch 1) and `batch-8` is batch 8; the batch nearest
/// before the headline is its own, a later one is another setup's.
#[test]
fn single_batch_and_hyphenated_batch() {
    let c = read(
        "My Mac ran Qwen3 8B 4-bit single-batch at 61 tokens/sec. At batch-8 a desktop GPU would pull ahead.",
    );
    assert_eq!(c.figures[0].value, 61.0);
    assert_eq!(c.batch_size.as_ref().map(|b| b.value), Some(1));
    let c = read("Mistral 7B on an L4 with vLLM at batch-8: 410 tokens/s.");
    assert_eq!(c.batch_size.as_ref().map(|b| b.value), Some(8));
}

/// §3 Runtime: a framework serving with its own code (JAX) or a vendor's hosted service
/// (GroqCloud) names no serving engine: the id is kept and the row is partial.
#[test]
fn frameworks_and_hosted_services_are_partial_runtimes() {
    for (text, id) in [
        (
            "With jax.pmap data parallelism, Llama 2 7B reaches 400 tokens/second on a TPU v5e-8.",
            "jax",
        ),
        (
            "On GroqCloud, Llama 3.1 8B streams 750 output tokens per second.",
            "groq",
        ),
    ] {
        let v = serde_json::to_value(benchfit_core::check(text)).unwrap();
        assert_eq!(v["claim"]["runtime"], id, "{text}");
        assert_eq!(v["checklist"][3]["status"], "partial", "{text}");
    }
}

/// §3 Model: a Qwen version written apart from its name (`Qwen 3 Coder 30B`, `Qwen 2.5 7B`)
/// is the same release as `Qwen3-Coder-30B`; a size right after the name is not a version
/// (`Qwen 72B` is Qwen 1's 72B).
#[test]
fn qwen_version_written_apart() {
    let model = |t: &str| read(t).model.map(|m| m.value);
    assert_eq!(
        model("Qwen 3 Coder 30B runs at 71 tokens/s in LM Studio.").as_deref(),
        Some("qwen3-coder-30b")
    );
    assert_eq!(
        model("Qwen 2.5 7B: 95 tokens/s on an RTX 4090.").as_deref(),
        Some("qwen2.5-7b")
    );
    assert_eq!(
        model("Qwen 72B Chat serves 20 tokens/s on two A100s.").as_deref(),
        Some("qwen-72b")
    );
}

/// §2: 生成速度 ("generation speed", Chinese and Japanese) labels token generation: decode, as
/// "generation speed" does in English.
#[test]
fn cjk_generation_speed_is_decode() {
    let c = read("M3 UltraでLlama 3.3 70Bを動かすと、生成速度はわずか9.3トークン/秒。");
    assert_eq!(c.figures[0].value, 9.3);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
}

/// §1.5: in a comparison of setups (each sentence names its own model) the first result stated
/// heads, even when a later one carries the `output` kind word that would rank it first among
/// the metrics of one configuration.
#[test]
fn comparison_of_models_heads_on_the_first() {
    let c = read(
        "Community results: gpt-oss-120b hits 74.3 tok/s on an M4 Max 128GB. Another run sustains 102 tok/s output on gemma 3 4b.",
    );
    assert_eq!(c.figures[0].value, 74.3);
    // One configuration with both metrics: output first (rule 3's order).
    let c = read(
        "Llama 3.1 8B on one H100 with vLLM: 9,800 tokens/s overall. Of those, 4,100 tok/s output.",
    );
    assert_eq!(c.figures[0].value, 4100.0);
}

/// §3 Model and Runtime: a release version after the size changes the weights
/// (`Mistral-7B-Instruct-v0.3`), except the one the catalog's plain id already is (`mistral-7b`
/// is v0.1); a git short hash after the engine is its version (`llama.cpp 59778f0`).
#[test]
fn release_versions_and_engine_hashes() {
    let c = read("Mistral-7B-Instruct-v0.3 on one RTX 4090 with vLLM: 1,190 output tokens/s.");
    assert_eq!(
        c.model.as_ref().map(|m| m.value.as_str()),
        Some("mistral-7b-v0.3")
    );
    let c = read("Mistral-7B-v0.1 on one RTX 4090 with vLLM: 1,190 output tokens/s.");
    assert_eq!(
        c.model.as_ref().map(|m| m.value.as_str()),
        Some("mistral-7b")
    );
    let c = read("Qwen3 8B Q4_K_M on an RTX 3090 with llama.cpp 59778f0 (cuda): 120 tokens/s.");
    assert_eq!(
        c.runtime_version.as_ref().map(|v| v.value.as_str()),
        Some("59778f0")
    );
    // A run of digits alone after the engine is no hash.
    let c = read("vLLM 20250101 nightly serves Llama 3 8B at 900 tokens/s on an L40S.");
    assert_ne!(
        c.runtime_version.as_ref().map(|v| v.value.as_str()),
        Some("20250101")
    );
}

/// §3 Lengths: a price's basis (`入力1Mあたり0.59ドル`, per million input tokens) is no prompt
/// length.
#[test]
fn price_basis_is_no_length() {
    let c = read(
        "M3 MaxでLlama3-70Bは24tpsくらい。API料金は入力1Mあたり0.59ドル、出力1Mあたり0.79ドル。",
    );
    assert_eq!(c.figures[0].value, 24.0);
    assert!(c.prompt_tokens.is_none() && c.output_tokens.is_none());
    // A length written the same way stays one.
    let c = read("Qwen2.5-7B 在 4090 上，输入 1024 输出 512，输出吞吐 1,800 tokens/s。");
    assert_eq!(c.prompt_tokens.as_ref().map(|v| v.value), Some(1024));
}

/// §1.5 and §3 on vendor records: a sentence that opens with "Previously" tells an earlier
/// result (a former record), not the text's own; SambaNova's chip family without its generation
/// is `sambanova-rdu`, and its hosted service, like GroqCloud, names no engine (partial).
#[test]
fn previous_records_and_sambanova() {
    let c = read(
        "Their Llama 3 8B model achieved 1000 tokens per second on SambaNova's RDU. Previously, Groq held the record with 800 tokens per second.",
    );
    assert_eq!(c.figures[0].value, 1000.0);
    assert_eq!(
        c.gpu.as_ref().map(|g| g.value.as_str()),
        Some("sambanova-rdu")
    );
    let v = serde_json::to_value(benchfit_core::check(
        "SambaNova Cloud serves Llama 3.3 70B on the SN40L at 580 output tokens/s.",
    ))
    .unwrap();
    assert_eq!(v["claim"]["runtime"], "sambanova");
    assert_eq!(v["claim"]["gpu"], "sambanova-sn40l");
    assert_eq!(v["checklist"][3]["status"], "partial");
}

/// §3 Hardware: "on a single GPU" with the device named elsewhere, and a JSON device record's
/// `"count"`, give the count.
#[test]
fn single_gpu_phrase_and_json_device_count() {
    let c = read("H200 achieves 11,819 tokens/s on Llama2-13B on a single GPU with TensorRT-LLM.");
    assert_eq!(c.gpu_count.as_ref().map(|g| g.value), Some(1));
    let c = read(
        r#""chip": {"name": "NVIDIA A100-SXM4-40GB", "vendor": "NVIDIA", "count": 2}, "framework": "SGLang", "best_throughput_tokens_per_sec": 3160.74"#,
    );
    assert_eq!(c.gpu.as_ref().map(|g| g.value.as_str()), Some("a100-40gb"));
    assert_eq!(c.gpu_count.as_ref().map(|g| g.value), Some(2));
}

/// §2 Scope: "per <device> node" and "per <device> GPU" are per node and per GPU with the
/// device named between (`per H800 node`, `per H100 GPU`); "per second" is no scope.
#[test]
fn per_named_device_scopes() {
    let c =
        read("DeepSeek-V3 on H800: throughput per H800 node is 14.8k output tokens per second.");
    assert_eq!(c.figures[0].scope, Some(Scope::PerNode));
    let c = read("Llama 3 70B FP8: 1,250 output tokens/s per H100 GPU with TensorRT-LLM.");
    assert_eq!(c.figures[0].scope, Some(Scope::PerGpu));
}

/// §3 Hardware: Etched's Sohu keeps an id (an accelerator outside the catalog), with its count.
#[test]
fn etched_sohu_is_an_accelerator() {
    let c = read("One 8xSohu server runs over 500,000 Llama 70B tokens per second.");
    assert_eq!(
        c.gpu.as_ref().map(|g| g.value.as_str()),
        Some("etched-sohu")
    );
    assert_eq!(c.gpu_count.as_ref().map(|g| g.value), Some(8));
}

/// §1.5 on a pipe table flattened onto one line after its caption: the caption is not the
/// header's first cell, so the columns line up and the cell the author marks heads (before,
/// the caption took the first column and the batch column's 1024 was read as the rate).
#[test]
fn flattened_table_after_a_caption() {
    let c = read(
        "H200 reaches **11,819 tokens/s on Llama2-13B** on one GPU. **H200 FP8 Max throughput** |Model | Batch Size | TP | Input Length | Output Length | Throughput (out tok/s) | |:---|:---|:---|:---|:---|---:| | llama_13b | 1024 | 1 | 128 | 128 | 11,819 | | llama_70b | 512 | 4 | 128 | 2048 | 6,616 |",
    );
    assert_eq!(c.figures[0].value, 11819.0);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
}

/// §3 Load: a load only described ("under extreme concurrency", "under heavy load") is a
/// saturating run with no number: the batch row is partial, not unstated.
#[test]
fn described_heavy_load_is_partial() {
    let r = benchfit_core::check(
        "Gemma 3 27B on a TPU v6e-4 with vLLM hits 46,000 prefill tokens per second under extreme concurrency.",
    );
    let v = serde_json::to_value(&r).unwrap();
    assert_eq!(v["checklist"][0]["condition"], "batch_size");
    assert_eq!(v["checklist"][0]["status"], "partial");
}

/// §3 Runtime: an engine outside the reader's list keeps its own name when the text names it by
/// its role: a record's engine key, a name before "inference engine", a name with a version after
/// "served by", a library built like `…-LLM`/`…Serve` with its pip pin; a plain PyTorch run is a
/// framework (partial). Words in those roles that are no engine (a compute backend, a model's
/// release, a kind of LLM, "custom") give none.
#[test]
fn engines_outside_the_list_by_their_role() {
    let rt = |t: &str| {
        let c = read(t);
        (
            c.runtime.map(|r| r.value),
            c.runtime_version.map(|v| v.value),
            c.runtime_from_shape,
        )
    };
    let s = |v: &str| Some(v.to_string());
    assert_eq!(
        rt("{\n  \"engineID\" : \"mlx-swift-lm\",\n  \"engineVersion\" : \"mlx-swift-lm 3.31.3\",\n  \"generationTPS\" : 81.8\n}"),
        (s("mlx-swift-lm"), s("3.31.3"), false)
    );
    assert_eq!(
        rt("OS: Ubuntu22.04\nbigdl-llm[xpu]=20230827\nArc A730M: 2nd token latency 64 ms"),
        (s("bigdl-llm"), s("20230827"), false)
    );
    assert_eq!(
        rt("Served by TorchServe v0.9.0, Llama 2 7B reaches 520 tokens/s on an A10G."),
        (s("torchserve"), s("0.9.0"), false)
    );
    assert_eq!(
        rt("Results from vllm-mlx v0.3.0 with Python 3.14.5: 274 tokens/s on an M4 Pro."),
        (s("vllm-mlx"), s("0.3.0"), false)
    );
    assert_eq!(
        rt("Over 250 tokens/second on B200 GPUs using our latest FireAttention V4 inference engine."),
        (s("fireattention"), s("V4"), false)
    );
    assert_eq!(
        rt("> python qserve_benchmark.py --precision w4a8kv4\nI get ~60 tokens/s on an L40S."),
        (None, None, false)
    );
    assert_eq!(
        rt("Running LLMs on PyTorch with ROCm: 11.6 tokens/s on a Ryzen AI Max+."),
        (s("pytorch"), None, true)
    );
    for none in [
        "Backend: CUDA\nModel: llama 7B\n30 tok/s on a 4090",
        "Runtime: 35 minutes. Throughput was 1200 tokens/s on 8x H100.",
        "I ran it with Python v3.11 on my RTX 4090: 40 tok/s with Llama 3 8B.",
        "We tested on Mistral v0.3 with an A100 and got 95 tokens/s.",
        "Our multi-LLM inference system achieves 3,000 tokens/s on H100.",
        "Engine: custom. 500 tok/s decode on a single H100 for Llama 3 8B.",
        "attention backend: FLASH_ATTN\nLlama 3 8B, 1 x A100: output throughput 2450 tok/s",
        "Settings: batch 1 on BHx31 (vLLM not used): 15.81 tok/s/user",
    ] {
        assert_eq!(rt(none).0, None, "{none}");
    }
}

/// §1.6 on a table of metric rows and setup columns (`| Metric | Stock | With L0 + L1 | Δ |`,
/// box-drawn by a console tool, cells with their `ms`): the tuned column heads, the change
/// column is derived, and among one metric's statistics the mean row.
#[test]
fn metric_rows_with_setup_columns() {
    let c = read(
        "  ┌───────────┬────────────────────┬──────────────┬─────────┐
  │  Metric   │ Stock (caches off) │ With L0 + L1 │    Δ    │
  ├───────────┼────────────────────┼──────────────┼─────────┤
  │ TTFT p50  │           378.7 ms │     249.5 ms │ −34.1 % │
  ├───────────┼────────────────────┼──────────────┼─────────┤
  │ TTFT p99  │           436.2 ms │     339.6 ms │ −22.1 % │
  ├───────────┼────────────────────┼──────────────┼─────────┤
  │ TTFT mean │           361.1 ms │     263.3 ms │ −27.1 % │
  └───────────┴────────────────────┴──────────────┴─────────┘",
    );
    assert_eq!(c.figures[0].value, 263.3);
    assert_eq!(c.figures[0].kind, FigureKind::Ttft);
    assert_eq!(c.figures[0].unit, "ms");
}

/// §2: a count after a key's value and its unit (`Decode TPS S:11.6 tokens/sec Output tokens :
/// 169`) is no rate: the unit was the earlier value's.
#[test]
fn a_count_after_a_rate_is_no_rate() {
    let c = read("Performance Metrics:\nTTFT :691.2 ms\nDecode TPS S:11.6 tokens/sec Output tokens : 169\nTotal latency : 15112.5ms");
    assert_eq!(c.figures[0].value, 11.6);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    assert!(c.figures.iter().all(|f| f.value != 169.0));
}

/// §1.6: the value a change brought a rate to heads ("from 28 tokens per second to 63", "the
/// rate jumped to 39 tokens per second"); a change that only could happen ("could climb to
/// about 0.5 tokens/sec") does not.
#[test]
fn the_value_a_change_brought_heads() {
    let c = read(
        "A 2.24x decode-speed gain, from 28 tokens per second to 63, using Qwen3-32B on an M4 Max.",
    );
    assert_eq!(c.figures[0].value, 63.0);
    let c = read("On CPU alone the model ran at 17 tokens per second. With the GPU enabled, the rate jumped to 39 tokens per second.");
    assert_eq!(c.figures[0].value, 39.0);
    let c = read("The 8B version spits ~49 tokens/sec. With a beefier connection, this could climb to about 0.5 tokens/sec.");
    assert_eq!(c.figures[0].value, 49.0);
}

/// §3 Model: a model written as its code's class name keeps the release's hyphen (`DeepseekV3`
/// → `deepseek-v3`, `Qwen3Next 80B A3B` → `qwen3-next-80b-a3b`); a release named elsewhere
/// with its dated checkpoint takes the date (`DeepSeek-R1-0528`), a distill on it does not.
#[test]
fn class_names_and_dated_checkpoints() {
    let m = |t: &str| read(t).model.map(|m| m.value);
    let s = |v: &str| Some(v.to_string());
    assert_eq!(
        m("Model: DeepseekV3-q4km (int4): 13.69 token/s decode on a 4090D"),
        s("deepseek-v3")
    );
    assert_eq!(
        m("Qwen3Next 80B A3B runs at 15 tok/s on an RTX 3090"),
        s("qwen3-next-80b-a3b")
    );
    assert_eq!(
        m("### DeepSeek R1 FP8 H200 SGLang Benchmark Results\n**Config:** DeepSeek-R1-0528 | SGLang v0.5.7 | FP8 | TP=8\nOutput throughput: 3,500 tok/s"),
        s("deepseek-r1-0528")
    );
    assert_ne!(
        m("DeepSeek R1 on 8x H200: 3,500 tok/s. The small DeepSeek-R1-0528-Qwen3-8B runs at 90 tok/s."),
        s("deepseek-r1-0528")
    );
}

/// §3 Load and lengths in a vLLM summary: "Peak concurrent requests" is a load only observed
/// (batch row partial), 高并发 (high concurrency) a load only described; `-pp 1` on `vllm serve`
/// is pipeline parallelism, not a llama-bench prompt test.
#[test]
fn observed_and_described_loads_and_the_pp_flag() {
    let status = |t: &str, row: usize| {
        let v = serde_json::to_value(benchfit_core::check(t)).unwrap();
        v["checklist"][row]["status"].as_str().unwrap().to_string()
    };
    assert_eq!(
        status("Successful requests: 1\nOutput token throughput (tok/s): 19.15\nPeak concurrent requests: 1.00", 0),
        "partial"
    );
    assert_eq!(
        status("在A100实例上部署Qwen-7B,SGLang实现10,248 tokens/s的持续吞吐表现——这是高并发压力测试下的稳定输出。", 0),
        "partial"
    );
    let c = read("vllm serve M -pp 1 -tp 4\nOutput token throughput (tok/s): 19.15");
    assert_eq!(c.prompt_tokens, None);
}

/// §2 scope from the load: a rate under a load only described as heavy (`under extreme
/// concurrency`, 高并发) is summed over many requests (aggregate), and so is a prefill rate at a
/// stated concurrency above 1.
#[test]
fn heavy_and_stated_loads_make_rates_aggregate() {
    let c = read("Gemma 3 27B on a TPU v6e-4 with vLLM hits 46,000 prefill tokens per second under extreme concurrency.");
    assert_eq!(c.figures[0].kind, FigureKind::PrefillThroughput);
    assert_eq!(c.figures[0].scope, Some(Scope::Aggregate));
    let c = read("在A100实例上部署Qwen-7B,SGLang实现10,248 tokens/s的持续吞吐表现——这是高并发压力测试下的稳定输出。");
    assert_eq!(c.figures[0].scope, Some(Scope::Aggregate));
    let c = read("Llama 3 70B on 8x H100, concurrency 64: prefill throughput 48,000 tokens/s.");
    assert_eq!(c.figures[0].scope, Some(Scope::Aggregate));
}

/// §4: a device on the other side of a comparison (`compared to A100 benchmarks`, `faster than
/// the single 6000 Ada setup`) is another setup's, not the claim's.
#[test]
fn a_compared_device_is_another_setups() {
    let c = read("Running vLLM on MI210. Getting ~400 tok/s with Llama 3 8B which seems low compared to A100 benchmarks (1200 tok/s).");
    assert_eq!(c.gpu.map(|g| g.value), Some("mi210".to_string()));
    let c = read("I ran a 65B test on a dual 4090 box and saw 25.00 tps, considerably faster than the single 6000 Ada setup.");
    assert_eq!(c.gpu.map(|g| g.value), Some("rtx-4090".to_string()));
    assert_eq!(c.gpu_count.map(|n| n.value), Some(2));
}

/// §3 Runtime: a listed engine named as a likeness (`a simplified vLLM-like command`, `the
/// runtime is MLX-native`) describes another engine; a name set beside what it is (`using
/// MTPLX, a native MTP runtime for macOS`) is the engine.
#[test]
fn likenesses_and_apposed_engines() {
    let rt = |t: &str| read(t).runtime.map(|r| r.value);
    assert_eq!(
        rt("# This is a simplified vLLM-like command. GPUStack maps arguments to the MindIE JSON configuration.\nmindie serve Qwen3-8B\nTotal TPS: 7835.01"),
        Some("mindie".to_string())
    );
    assert_eq!(
        rt("Qwen3.6-27B ran twice as fast on an M5 Max using MTPLX, a native MTP runtime for macOS: from 28 tokens per second to 63. Its documentation says the runtime is MLX-native."),
        Some("mtplx".to_string())
    );
}

/// §2: seconds per token (`0.8 s/token`, `延迟降至0.8秒/token`) are a time per output token in
/// their own unit; a Python dict's one-number list (`'Inference speed in tokens/sec':
/// [17.6]`) is a labelled rate.
#[test]
fn seconds_per_token_and_dict_lists() {
    let c = read("关闭后显存占用降至12GB,延迟降至0.8秒/token");
    assert_eq!(c.figures[0].kind, FigureKind::Tpot);
    assert_eq!(
        (c.figures[0].value, c.figures[0].unit.as_str()),
        (0.8, "s/token")
    );
    let c = read("Decode takes 2.5 s per token on a Raspberry Pi 5.");
    assert_eq!(
        (c.figures[0].value, c.figures[0].unit.as_str()),
        (2.5, "s/token")
    );
    let c = read("# {'Inference speed in tokens/sec': [17.617540650112936],\n#  'Seconds to first token': [0.65]}");
    assert_eq!(c.figures[0].value, 17.617540650112936);
}

/// §3 Hardware: a dated release in a model's name before the device (`DeepSeek-R1-0528 NVIDIA
/// H200 GPUs`) is no device count (it had read 528 GPUs); a count has no leading zero and is no
/// identifier's tail.
#[test]
fn a_release_date_is_no_device_count() {
    for t in [
        "DeepSeek-R1-0528 NVIDIA H200 GPUs: Total TPS: 16091.68",
        "Model-0528 H200 GPUs: Total TPS: 16091.68",
        "Model\ndeepseek-ai/DeepSeek-R1-0528\nHardware\nNVIDIA H200 GPUs\nTotal TPS: 16091.68",
    ] {
        assert_eq!(read(t).gpu_count.map(|n| n.value), None, "{t}");
    }
    assert_eq!(
        read("8 H200 GPUs: Total TPS: 16091.68")
            .gpu_count
            .map(|n| n.value),
        Some(8)
    );
}

/// §1.5 on a tool's metric rows under statistic columns (AIPerf: `| Metric | avg | min | max |
/// p99 | … | std |`): the rate is read in the mean's column, not the last one (a spread).
#[test]
fn metric_rows_under_statistic_columns_read_the_mean() {
    let c = read(
        "NVIDIA AIPerf | LLM Metrics
┃ Metric ┃ avg ┃ min ┃ max ┃ p99 ┃ std ┃
│ Inter Token Latency (ms) │ 11.23 │ 8.80 │ 13.17 │ 12.48 │ 0.45 │
│ Output Token Throughput Per User (tokens/sec/user) │ 89.23 │ 75.93 │ 113.60 │ 102.28 │ 3.70 │",
    );
    assert_eq!(c.figures[0].value, 89.23);
}

/// §3 Load / §2 scope: a rate measured "on a single prompt" is one stream's (concurrency 1,
/// per user), like "a single request".
#[test]
fn a_single_prompt_is_one_stream() {
    let c = read("Throughput, measured as token-per-second on a single prompt, lands at 17 t/s on the Snapdragon's NPU path.");
    assert_eq!(c.concurrency.map(|n| n.value), Some(1));
    assert_eq!(c.figures[0].scope, Some(Scope::PerUser));
}

/// §2: 预处理速度 ("preprocessing speed") in a Chinese post is the prompt phase's rate (prefill),
/// so the generation rate beside it heads (§1.3 order).
#[test]
fn chinese_preprocessing_speed_is_prefill() {
    let c = read("它支持24G显存在本地运行DeepSeek-R1的671B满血版,预处理速度最高达286tokens/s,推理生成速度最高能到14 tokens/s。");
    assert_eq!(c.figures[0].value, 14.0);
    let pre = c.figures.iter().find(|f| f.value == 286.0).unwrap();
    assert_eq!(pre.kind, FigureKind::PrefillThroughput);
}

/// §1.5: a table whose columns are different serving engines compares setups: the first column
/// is the text's subject, the others are competitors, a ratio column is derived.
#[test]
fn engine_columns_compare_setups() {
    let c = read(
        "| Metric | vLLM (AWQ) | Ollama (Q4_K_M GGUF) | Delta |\n| --- | --- | --- | --- |\n\
         | Prompt processing | 5,847 tok/s | 1,268 tok/s | 4.6x |\n\
         | Generation throughput | 82 tok/s | 47 tok/s | 1.7x |",
    );
    assert_eq!(c.figures[0].value, 82.0);
    // Columns of one engine's settings (before / after tuning) still end on the tuned one.
    let c = read(
        "| Metric | vLLM default | vLLM tuned |\n| --- | --- | --- |\n\
         | Output throughput | 1,200 tok/s | 1,650 tok/s |",
    );
    assert_eq!(c.figures[0].value, 1650.0);
}

/// §3 Hardware: the device a run used, in the singular, written the ways Chinese, Korean and
/// tool-card prose write it: 在NVIDIA A800上 (the vendor glued to 在, "on"), H100에서 (the word of
/// use after the name), "single card Gaudi2" (the count, then what it counts): one device.
#[test]
fn singular_device_in_other_word_orders() {
    let count = |t: &str| read(t).gpu_count.map(|g| g.value);
    assert_eq!(
        count("在NVIDIA A800-SXM4-80GB上使用的vllm版本为0.10.2\nThroughput: 24145.12tok/s"),
        Some(1)
    );
    assert_eq!(
        count("2025년 현재 H100에서 Llama 8B 기준 2,300 tokens/s의 처리량을 기록하며"),
        Some(1)
    );
    assert_eq!(
        count("Inference performance:\nsingle card Gaudi2\nThroughput: 33.9 tokens/second"),
        Some(1)
    );
    // A Russian record of the machine's card (`Видеокарта: …`, "videocard").
    assert_eq!(
        count("- Видеокарта: NVIDIA RTX 5060Ti (16 ГБ VRAM)\nСкорость: 9.5 tok/s"),
        Some(1)
    );
    // GB10 (DGX Spark) is one device.
    assert_eq!(
        count("Reproduced the figure with my GB10: 59.5 tok/s decode"),
        Some(1)
    );
    // A Korean sentence about the product in general names no device used.
    assert_eq!(count("H100은 빠른 GPU입니다. 2,300 tokens/s"), None);
}

/// §2 kind: the metric the text names once for all its figures gives their kind: in
/// parentheses after the name ("throughput (output tokens per second)"), or named as what the
/// text is about in a clause with no number ("reproduce the Total Output Throughput"); a table
/// header's unit (`throughput (token/s)`) or "(total tokens/second of a server)" does not.
#[test]
fn metric_named_once_gives_the_kind() {
    let c = read(
        "We see a drop in throughput (output tokens per second) with Triton.\n\
         - Native throughput: 1421.18 tokens per second\n- Triton throughput: 43.65 tokens per second",
    );
    assert_eq!(c.figures[0].value, 1421.18);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    let c = read(
        "I attempted to reproduce the Total Output Throughput (tokens/sec) reported here:\n\
         the expected throughput is 27,688.36 tokens/sec, but I only achieved 7099.53 tokens/sec.",
    );
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    let c = read(
        "Balancing speed and throughput (total tokens/second of an AI server) matters.\n\
         The server delivers 2,500 tokens/second.",
    );
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputUnspecified);
}

/// §2 kind: a phase named as a phase (`Generation phase:`, `Text Gen:`, a `Generation 階段:`
/// heading over `速度:` lines) labels a decode rate, `Prompt 階段` a prefill rate; a bare
/// "generation throughput" stays output throughput.
#[test]
fn phase_labels_name_decode_and_prefill() {
    let c = read(
        "Prompt 階段:\n輸入:13,140 token。\n速度:59.562 tokens/s。\n\
         Generation 階段:\n輸出:720 token。\n速度:6.385 tokens/s。",
    );
    assert_eq!(c.figures[0].value, 6.385);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    let c = read("  • Text Gen: 46.06 tok/s (512 tokens generated in ~11.1s)");
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    let c = read("Generation throughput: 1,200 tok/s at 64 concurrent requests");
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    // A phase with its token count, as `mlx_lm.benchmark` prints it.
    let c = read("- Prompt (2048 tokens): 615.28 tok/s\n- Generation (128 tokens): 44.62 tok/s");
    assert_eq!(c.figures[0].value, 44.62);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
}

/// §1.6: a change written "lifting X into Y" ends on Y, the tuned result, even with the point's
/// own setting between (`20 tok/s/GPU at 2.4 tok/s/user into 2,256 tok/s/GPU`).
#[test]
fn lifted_into_ends_on_the_new_value() {
    let c = read(
        "31 PRs, lifting first-light 20 tok/s/GPU at 2.4 tok/s/user into 2,256 tok/s/GPU \
         at 9.4 tok/s/user on 8K/1K.",
    );
    assert_eq!(c.figures[0].value, 2256.0);
    let c = read("The PRs boosted 20 tok/s into 2,256 tok/s.");
    assert_eq!(c.figures[0].value, 2256.0);
}

/// §3 Model: a release's dot dropped in a file or architecture name (`qwen35-397b`, llama.cpp's
/// `qwen35moe`) is that release (`qwen3.5`), and the MoE active suffix the text writes with the
/// same name elsewhere (`Qwen3.5-397B-A17B`) is part of it.
#[test]
fn dotless_release_and_active_suffix_elsewhere() {
    let model = |t: &str| read(t).model.map(|m| m.value);
    assert_eq!(
        model(
            "Raw data attached: qwen35-397b-tp4-bench.txt\n\
             Qwen3.5-397B-A17B INT4 on 4x GB10: 37.94 tok/s"
        )
        .as_deref(),
        Some("qwen3.5-397b-a17b")
    );
    assert_eq!(
        model("| qwen35moe 35B.A3B Q4_K - Medium | SYCL | tg128 | 50.29 ± 0.12 |").as_deref(),
        Some("qwen3.5-35b-a3b")
    );
    // A size glued to the family is no release (`qwen72b` stays Qwen at 72B).
    assert_ne!(
        model("qwen72b on 2x H100: 40 tok/s").as_deref(),
        Some("qwen7.2b")
    );
}

/// §3 Lengths: lengths written in traditional Chinese (輸入/輸出, thousands separators kept), a
/// bare 序列长度 beside the output's 输出序列长度 (the input's), and a phase's token count noted
/// beside its rate (`(1220 tokens evaluated in ~2.2s)`, `(512 tokens generated in ~11.1s)`).
#[test]
fn lengths_in_more_written_forms() {
    assert_eq!(
        lens("輸入:13,140 token。\n輸出:720 token。\n速度:6.385 tokens/s。"),
        (Some(13140), Some(720))
    );
    assert_eq!(
        lens("配置如下:序列长度为2048,输出序列长度为128,最大并发数为8。输出 911.5 token/秒"),
        (Some(2048), Some(128))
    );
    assert_eq!(
        lens(
            "Prompt Processing: 549.27 tok/s (1220 tokens evaluated in ~2.2s).\n\
             Text Gen: 46.06 tok/s (512 tokens generated in ~11.1s)."
        ),
        (Some(1220), Some(512))
    );
    // A count told in a sentence, beside no rate of its own, is no length.
    assert_eq!(
        lens("247 tokens generated in 0.31 seconds. 797 tokens/s."),
        (None, None)
    );
}

/// §3 Load: a concurrency written as a level ("at concurrency level 10"), as `conc=4` in prose,
/// or as a table's load-point columns (`| Metric | conc=8 | … | conc=64 |`: the headline's
/// column gives its load).
#[test]
fn concurrency_levels_and_load_point_columns() {
    let conc = |t: &str| read(t).concurrency.map(|c| c.value);
    assert_eq!(
        conc("Benchmark with 100 requests at concurrency level 10: 566.84 output tok/s"),
        Some(10)
    );
    assert_eq!(
        conc("### Results (1k1k, conc=4, TP=4/EP=4)\nOutput tput/GPU: 72.2 tok/s/GPU"),
        Some(4)
    );
    let c = read(
        "| Metric | conc=8 | conc=16 | conc=64 |\n|---|---:|---:|---:|\n\
         | **Output tput/GPU (tok/s)** | 74.6 | 111.9 | 223.6 |\n| Mean TTFT (ms) | 330.6 | 356.0 | 423.1 |",
    );
    assert_eq!(c.figures[0].value, 223.6);
    assert_eq!(c.concurrency.map(|c| c.value), Some(64));
}

/// §2 kind: a rate in the title that the body repeats as "single-stream decode" is one
/// stream's decode rate, labelled decode (not only per user).
#[test]
fn title_twin_of_a_single_stream_decode_rate_is_decode() {
    let c = read(
        "vLLM TP=4 on 4xRTX 3090: 76.9 tok/s, no marketing spin\n\n\
         The headline number is 76.9 tok/s single-stream decode, measured by vLLM.",
    );
    assert_eq!(c.figures[0].value, 76.9);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    assert_eq!(c.figures[0].scope, Some(Scope::PerUser));
}

/// §3 Load: a server's cap on concurrent requests (TGI's `--max-concurrent-requests 5000`) is
/// an engine limit, not the load; a client's `--max-concurrency 32` is the load.
#[test]
fn server_concurrency_cap_is_no_load() {
    let conc = |t: &str| read(t).concurrency.map(|c| c.value);
    assert_eq!(
        conc(
            "text-generation-inference:0.8 --max-concurrent-requests 5000 --max-input-length 1024\n\
             Throughput: 2.20 requests/s\nAverage latency per output token: 5.81 s"
        ),
        None
    );
    assert_eq!(
        conc("vllm bench serve --max-concurrency 32\nOutput token throughput (tok/s): 2,100"),
        Some(32)
    );
}

/// §3 Load and Hardware: an engine feature named for one batch (SGLang's "Single-Batch
/// Overlap") is no batch of one and no per-user scope; a text that speaks of nodes (每节点,
/// 单节点TP-8) runs on no single GPU.
#[test]
fn batch_overlap_feature_and_nodes_in_chinese() {
    let c = read(
        "包括单节点TP-8预填充、Single-Batch Overlap(SBO)等调度机制。\
         实验显示,每节点在4096 token输入序列上实现16.5k输入token/s和5.7k输出token/s,在H20-96G上。",
    );
    assert_eq!(c.figures[0].value, 5700.0);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    assert!(c.batch_size.is_none());
    assert_ne!(c.gpu_count.map(|g| g.value), Some(1));
}

/// §1.5 and §4: in a table of rows that are different engines (an "Inference Engine" column,
/// not necessarily the first), the row the text names first is its subject, but not a name on
/// the far side of a comparison ("lower than Llama.cpp"); a `token generation` header over cells
/// in t/s is a decode rate column.
#[test]
fn engine_rows_subject_skips_the_compared_side() {
    let c = read(
        "Token generation consistently 50% lower than Llama.cpp\n\n\
         I use MLX and GGUF through LM Studio. Results:\n\n\
         | Model | Inference Engine | 30K token generation | 146k token generation |\n\
         |---|---|---|---|\n\
         | Minimax-m2.1-4bit | MLX | 25 t/s | 5.95 t/s |\n\
         | Minimax-m2.1-4bit | Llama.cpp with flash attention | 32 t/s | 12.12 t/s |",
    );
    assert_eq!(c.figures[0].value, 5.95);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
}

/// §1.3 and §2: IPEX-LLM's "1st token latency" is the TTFT and its "2nd token latency" the time
/// per output token, which heads before the whole request's "Inference latency".
#[test]
fn first_and_second_token_latency() {
    let c = read(
        "IPEX.LLM 2.2 results for Llama-2-7B:\n> Inference latency: 67.475 s\n\
         > 1st token latency: 0.432 s\n> 2nd token latency: 0.263 s",
    );
    assert_eq!(c.figures[0].kind, FigureKind::Tpot);
    assert_eq!(c.figures[0].value, 0.263);
    assert!(c
        .figures
        .iter()
        .any(|f| f.kind == FigureKind::Ttft && f.value == 0.432));
}

/// §3 Hardware: nodes times GPUs each written before the device (`2*8 H800 GPUs`) count every
/// GPU; §2: a 出字率 ("output rate") column is output token throughput.
#[test]
fn node_product_count_and_output_rate_column() {
    let c = read("I have tested it on a TP16 with 2*8 H800 GPUs: 266 tok/s.");
    assert_eq!(c.gpu_count.map(|g| g.value), Some(16));
    let c = read("并发 | QPS | 出字率\n-- | -- | --\n96 | 2.45 | 622.05\n32 | 1.05 | 266.11");
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
}

/// §3 Model: a name written with non-breaking hyphens (`gpt‑oss‑120B`, U+2011) is the same name.
#[test]
fn non_breaking_hyphens_keep_a_name_whole() {
    let c = read("gpt\u{2011}oss\u{2011}120B 在 AMD Ryzen AI Max+ 395 上:速度 30 tok/s");
    assert_eq!(c.model.map(|m| m.value).as_deref(), Some("gpt-oss-120b"));
    let c = read("Llama\u{2011}3\u{2011}8B on one H100, 512\u{2011}token prompts: 90 tok/s");
    assert_eq!(c.model.map(|m| m.value).as_deref(), Some("llama-3-8b"));
    assert_eq!(c.prompt_tokens.map(|p| p.value), Some(512));
}

/// §3 Model: GLM releases named without a size, GLM-4.5 to GLM-5.x, glued or not
/// (`GLM4.5` is `glm-4.5`), and MiniMax's later releases.
#[test]
fn glm_and_minimax_releases() {
    let model = |t: &str| read(t).model.map(|m| m.value);
    assert_eq!(
        model("[GLM-5.2 MXFP4] Retune fused-MoE on MI355X: 4940.7 tok/s").as_deref(),
        Some("glm-5.2")
    );
    assert_eq!(
        model("GLM4.5 on 16 H20: ITL 30 ms").as_deref(),
        Some("glm-4.5")
    );
    assert_eq!(
        model("zai-org/GLM-5.1-FP8 on 8x H200: 1200 tok/s").as_deref(),
        Some("glm-5.1")
    );
    assert_eq!(
        model("MiniMax-M3 on 8x H200: 900 tok/s").as_deref(),
        Some("minimax-m3")
    );
}

/// §3 Quantisation: the OCP microscaling formats beyond MXFP4 (`MXFP8`, `MXFP6`) are the
/// weights' precision.
#[test]
fn microscaling_formats() {
    let dtype = |t: &str| read(t).weight_dtype.map(|d| d.value);
    assert_eq!(
        dtype("Model: openai/gpt-oss-20b (GGUF MXFP8).\nTPS 111.62").as_deref(),
        Some("mxfp8")
    );
    assert_eq!(
        dtype("Llama 3.1 8B in MXFP6 on one MI355X: 9000 tok/s").as_deref(),
        Some("mxfp6")
    );
}

/// §3 Hardware: AMD's MI350X and China's RTX 4090 D (`RTX 4090D`, `RTX 4090 D`) keep their
/// own ids; a plain RTX 4090 stays `rtx-4090`.
#[test]
fn mi350x_and_rtx_4090d() {
    let gpu = |t: &str| read(t).gpu.map(|g| g.value);
    assert_eq!(
        gpu("GLM-5.3 on 8x MI350X: 7569 tok/s").as_deref(),
        Some("mi350x")
    );
    assert_eq!(
        gpu("On an RTX 4090D: 4.21 tok/s").as_deref(),
        Some("rtx-4090d")
    );
    assert_eq!(
        gpu("On one RTX 4090 D: 4.21 tok/s").as_deref(),
        Some("rtx-4090d")
    );
    assert_eq!(
        gpu("RTX 4090 DDR5 system: 40 tok/s").as_deref(),
        Some("rtx-4090")
    );
}

/// §3 Model and Runtime: a size glued to Qwen with no release (`Qwen14B`) is the size
/// (`qwen-14b`, not release 1 at 4B); a lowercase compound adjective before "inference server"
/// (`always-on`) names no engine.
#[test]
fn glued_qwen_size_and_adjective_before_server() {
    let model = |t: &str| read(t).model.map(|m| m.value);
    assert_eq!(
        model("model: Qwen14B GPU: A100 throughput 353 tok/s").as_deref(),
        Some("qwen-14b")
    );
    assert_eq!(
        model("Qwen2-7B on A100: 353 tok/s").as_deref(),
        Some("qwen2-7b")
    );
    let c = read("a dedicated, always-on inference server for local LLMs: 20 tok/s");
    assert!(c.runtime.is_none());
}

/// §1.1: a memory's or a link's megatransfers per second (`Speed: 4800 MT/s`) are no figure;
/// "1.2M t/s" is a million tokens per second.
#[test]
fn megatransfers_are_no_token_rate() {
    let c = read("output time: 1104.15 ms / 32 tokens (34.504 ms/token)\n        Speed: 4800 MT/s");
    assert_eq!(c.figures[0].value, 34.504);
    assert!(c.figures.iter().all(|f| f.value < 1e6));
    let c = read("We reach 1.2M t/s on the cluster");
    assert_eq!(c.figures[0].value, 1_200_000.0);
}

/// §3 Lengths and Hardware: BigDL `llm-cli`'s timings (`prompt time: … ms / 46 tokens`, `output
/// time: … ms / 32 tokens`) give the lengths as llama.cpp's do; a CPU host written with its
/// trademark (`Xeon(R) Platinum 8470N`) is the device, its tier kept.
#[test]
fn llm_cli_timings_and_trademarked_xeon() {
    let c = read(
        "My device is Xeon(R) Platinum 8470N\n\
         prompt time: 686.695 ms / 46 tokens (14.928 ms/token)\n\
         output time: 1104.15 ms / 32 tokens (34.504 ms/token)\ntotal time: 1790.85 ms",
    );
    assert_eq!(c.prompt_tokens.map(|p| p.value), Some(46));
    assert_eq!(c.output_tokens.map(|p| p.value), Some(32));
    assert_eq!(
        c.gpu.map(|g| g.value).as_deref(),
        Some("xeon-platinum-8470n")
    );
}

/// §3 Runtime: an engine recognised only from its own flags or output (partial): llama.cpp's
/// offload flags, LM Studio's response stats, Optimum Habana's HPU-graph run, OpenVINO's
/// exported model names. A word that only resembles them names nothing.
#[test]
fn engines_recognised_from_their_flags_and_stats() {
    for (text, id) in [
        ("| -t 7 -ngl 2000000 | 8.5 |\nllama-2-13b q4_0 on an A6000: 8.5 tokens/second", "llama.cpp"),
        ("./main -m model.gguf --n-gpu-layers 40 on an RTX 3060: 30 t/s", "llama.cpp"),
        ("Llama(model_path=..., n_gpu_layers=-1) on a 4090: 95 tok/s", "llama.cpp"),
        ("--n-cpu-moe 30 on a 3090: 24 tok/s", "llama.cpp"),
        ("13.45 tok/sec • 335 tokens • 0.26s to first token • Stop reason: EOS Token Found", "lm-studio"),
        ("single card Gaudi2\nThroughput (including tokenization) = 33.99 tokens/second\nNumber of HPU graphs = 5", "optimum-habana"),
        ("Test Model: DeepSeek-R1-Distill-Qwen-7B-ov-int4\nOutput: 5.31 tokens/s", "openvino"),
    ] {
        let c = read(text);
        assert_eq!(c.runtime.as_ref().map(|r| r.value.as_str()), Some(id), "{text}");
        assert!(c.runtime_from_shape, "{text}");
    }
    assert!(read("the angle was 12 degrees; we got 30 tok/s on an A100")
        .runtime
        .is_none());
}

/// §3 Lengths: a numbered example (`input 1: (…)`, `output 1: (…)`) labels the example; its
/// number is no length.
#[test]
fn numbered_examples_are_no_lengths() {
    let c = read(
        "input 1: ('DeepSpeed is a machine learning framework',)\n\
         output 1: ('DeepSpeed is a machine learning framework for deep learning.',)\n\
         Throughput (including tokenization) = 33.99 tokens/second",
    );
    assert!(c.prompt_tokens.is_none());
    assert!(c.output_tokens.is_none());
    let c = read("input: 512, output: 128 on an A100: 3,000 tok/s");
    assert_eq!(c.prompt_tokens.map(|p| p.value), Some(512));
    assert_eq!(c.output_tokens.map(|p| p.value), Some(128));
}

/// §3 Hardware and Model: a price before the device (`the $450 RTX 5060 Ti`) is no count of
/// them; GLM's Flash and Air releases are their own models (`glm-4.7-flash`, `glm-4.5-air`).
#[test]
fn price_before_device_and_glm_flash() {
    let c = read("The $450 RTX 5060 Ti generates 1,259 tokens per second with vLLM.");
    assert_eq!(c.gpu.map(|g| g.value).as_deref(), Some("rtx-5060-ti"));
    assert_ne!(c.gpu_count.map(|n| n.value), Some(450));
    assert_eq!(
        read("8 H100 SXM: 3,000 tok/s").gpu_count.map(|n| n.value),
        Some(8)
    );
    let model = |t: &str| read(t).model.map(|m| m.value);
    assert_eq!(
        model("Getting 40 tok/s on GLM-4.7-flash q8_0 (30B)").as_deref(),
        Some("glm-4.7-flash")
    );
    assert_eq!(
        model("GLM-5.3-Flash UD-IQ4_XS on llama.cpp: 17.73 tok/s").as_deref(),
        Some("glm-5.3-flash")
    );
    assert_eq!(
        model("GLM-4.5-Air on a 4090: 20 tok/s").as_deref(),
        Some("glm-4.5-air")
    );
    assert_eq!(
        model("GLM-4.6 on 8x H200: 1,822 tok/s").as_deref(),
        Some("glm-4.6")
    );
}

/// §1.1 and §2: a space-aligned record line with its unit in parentheses and no colon
/// (`Token QPS (token/s)            1587.65`) is a labelled token rate, and a token unit outweighs
/// a label word like QPS.
#[test]
fn space_aligned_record_with_unit_in_parentheses() {
    let c = read(
        "qserve result:\n\nSuccessful Request             359\nBatch Size                     64\n\
         Time_to_First_Token_AVG (s)    9.957\nToken QPS (token/s)            1587.65\n\
         Service QPS (req/s)            1.59\n",
    );
    let h = &c.figures[0];
    assert_eq!(h.value, 1587.65);
    assert_eq!(h.kind, FigureKind::ThroughputUnspecified);
    assert!(c
        .figures
        .iter()
        .any(|f| f.value == 1.59 && f.kind == FigureKind::RequestRate));
}

/// §1.6: a before-and-after pair (`Pre/Post`, then the same kind of figure twice) heads with the
/// second, the change's result, and says why.
#[test]
fn pre_post_pair_heads_with_the_post_figure() {
    let c = read(
        "Pre/Post for 4-bit Mistral 7B on M2 Ultra\n\nPrompt: 33898 tokens, 676.212 tokens-per-sec\n\
         Peak memory: 12.257 GB\n\nPrompt: 33898 tokens, 869.279 tokens-per-sec\nPeak memory: 9.111 GB",
    );
    assert_eq!(c.figures[0].value, 869.279);
    assert!(c.figures[0].headline_reason.contains("§1.6"));
    // Without the marker the first of two equal readings heads (§1.5).
    let c = read(
        "Prompt: 33898 tokens, 676.212 tokens-per-sec\nPrompt: 33898 tokens, 869.279 tokens-per-sec",
    );
    assert_eq!(c.figures[0].value, 676.212);
}

/// §1.2 and §2: a title's loose range (`5-6 token/s`) over the body's precise figure of a stated
/// kind (`eval rate: 6.149 tokens/s`) is that figure: it takes the body's kind and scope.
#[test]
fn title_range_takes_the_kind_of_the_figure_it_rounds() {
    let c = read(
        "A100 slow: only 5-6 token/s\n\neval count:           1000 token(s)\n\
         eval duration:        162.6s\neval rate:            6.149277563422422 tokens/s\n",
    );
    let h = &c.figures[0];
    assert_eq!((h.value, h.value_high), (5.0, Some(6.0)));
    assert_eq!(h.kind, FigureKind::DecodeThroughput);
    assert_eq!(h.scope, Some(Scope::PerUser));
    // A range that does not hold it stays unqualified.
    let c =
        read("A100 slow: only 2-3 token/s\n\neval rate:            6.149277563422422 tokens/s\n");
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputUnspecified);
}

/// §3 Hardware: `CPU/GPU` (one or the other) speaks of no rate per GPU, and one node of a device
/// that is a whole machine (GB10) is that device; a GPU named in the singular is then one.
#[test]
fn cpu_or_gpu_and_a_single_gb10_node_are_no_plural() {
    let n = |t: &str| read(t).gpu_count.map(|c| c.value);
    assert_eq!(
        n("Model comparison in CPU/GPU environments (GPU: GCP L4): 35 tok/s"),
        Some(1)
    );
    assert_eq!(
        n("Model comparison, throughput per GPU (GPU: GCP L4): 35 tok/s"),
        None
    );
    assert_eq!(
        n("Hardware: single ASUS Ascent GX10 node (GB10 superchip): 35 tok/s"),
        Some(1)
    );
    assert_eq!(n("An H100 node serves Llama 3 70B at 900 tok/s"), None);
}

/// §3 Model: a title's shorthand (`Running llama-70b on 4 A100 40Gb`) gives way to the body's
/// fuller name of the same family and size (`Llama2-70b-Instruct`); a later point release of
/// another line (`Qwen2.5-0.5B` after `Qwen2-0.5B`) does not replace it.
#[test]
fn title_shorthand_gives_way_to_the_fuller_name() {
    let model = |t: &str| read(t).model.map(|m| m.value);
    assert_eq!(
        model(
            "[Performance]: Running llama-70b on 4 A100 40Gb\n\nWe are running Llama2-70b-Instruct \
             on 4 A100 GPU 40Gb VRAM; the average response time is about 7s."
        )
        .as_deref(),
        Some("llama-2-70b")
    );
    assert_eq!(
        model("Qwen2-0.5B on an A100: 300 tok/s. Next we try Qwen2.5-0.5B.").as_deref(),
        Some("qwen2-0.5b")
    );
}

/// §3 Hardware: llama-bench's model type writes the MoE active suffix after a dot
/// (`qwen35moe 122B.A10B`): no A10 GPU.
#[test]
fn dotted_active_suffix_is_no_a10() {
    let c = read(
        "| qwen35moe 122B.A10B Q4_K - Medium |  71.73 GiB | ROCm | 99 | pp128 | 176.54 ± 4.67 |",
    );
    assert!(c.gpu.is_none());
    let c = read("Llama 3 8B on one A10: 35 tok/s");
    assert_eq!(c.gpu.map(|g| g.value).as_deref(), Some("a10"));
}

/// §3 Runtime: LM Studio is recognised by its stats line's own shape (`tok/sec •`), not by a
/// prose "seconds to first token".
#[test]
fn lm_studio_stats_line_not_prose_ttft() {
    let c = read("13.45 tok/sec • 335 tokens • 0.26s to first token");
    assert_eq!(c.runtime.map(|r| r.value).as_deref(), Some("lm-studio"));
    let c = read("On an RTX 4090 the model answers at 40 tok/s with 0.3s to first token.");
    assert!(c.runtime.is_none());
}

/// §1.1: a bold number before its unit (`**300.9** TPS`) is the figure; a table the line before
/// introduces as times (`e2e latency(us)`) holds no token rate, even in a text that states one.
#[test]
fn bold_number_and_a_latency_table_without_units() {
    let c = read(
        "In case of num_tokens=4, the e2e performance are below table **e2e latency(us)**\n\n\
         | kernel name   | ours | previous(cublas)   |\n| :---        |    :----:   |          ---: |\n\
         | router_gemm |  3.9    |     11.3          |\n| fuse_a_gemm |  7.6    |     11.6          |\n\n\
         - **Model benchmark performance**:  **300.9** TPS, while previous version(cublas) is 279 TPS.",
    );
    assert_eq!(c.figures[0].value, 300.9);
    assert!(c.figures.iter().all(|f| f.value != 3.9 && f.value != 7.6));
}

/// §1.5 for a pasted CSV file (AWS Neuron's benchmark data): its rows are a table, read as one;
/// the last row heads and its own columns give its setup (batch 1: one stream's rate).
#[test]
fn csv_rows_are_a_table() {
    let c = read(
        "Model,Framework,Inst. Type,Throughput (tokens/second),Latency P50 (ms),TP Degree,Batch Size,Model Data Type\n\
         opt-13b,Transformers Neuron,Inf2.48xlarge,2830.3,76.2,8,256,FP16\n\
         opt-30b,Transformers Neuron,Inf2.48xlarge,1587.3,141.8,8,256,FP16\n\
         Llama-2-13b,Transformers Neuron,Inf2.48xlarge,303.6,419.5,24,1,FP16\n",
    );
    let h = &c.figures[0];
    assert_eq!(h.value, 303.6);
    assert_eq!(h.kind, FigureKind::ThroughputPerUser);
    assert_eq!(c.batch_size.map(|b| b.value), Some(1));
    // A log of `key: value, …` lines is no CSV.
    let c = read(
        "Decode batch. #running-req: 1, #token: 1069, token usage: 0.00, gen throughput (token/s): 81.99, #queue-req: 0\n\
         Decode batch. #running-req: 1, #token: 1109, token usage: 0.00, gen throughput (token/s): 81.97, #queue-req: 0\n\
         Decode batch. #running-req: 1, #token: 1149, token usage: 0.00, gen throughput (token/s): 83.90, #queue-req: 0\n",
    );
    assert!(c
        .figures
        .iter()
        .any(|f| f.value == 83.90 || f.value == 81.99));
    assert_eq!(c.concurrency.map(|n| n.value), Some(1));
}

/// §3 Hardware, a GPU named once in the singular is 1 when it is the device the run used: GPUs
/// in the plural elsewhere in the text are GPUs in general, not the run's count; only a plural
/// beside the name is ("on H100 GPUs", "on ASCEND 910B NPUs").
#[test]
fn plural_gpus_elsewhere_are_no_count() {
    let n = |t: &str| read(t).gpu_count.map(|g| g.value);
    assert_eq!(
        n(
            "I patched it to support Turing architecture GPUs (2xxx, Tesla T4, etc.).\n\
           I've been able to run qwen3-30b-a3b on my old RTX 2070 at 21 tok/s."
        ),
        Some(1)
    );
    assert_eq!(
        n("Llama 3 8B on H100 GPUs: 3,000 tok/s output throughput."),
        None
    );
    assert_eq!(
        n("Throughput of Qwen3-8B on ASCEND 910B NPUs: 7835.01 tokens/s"),
        None
    );
    assert_eq!(n("Throughput on a Gaudi2: 7835.01 tokens/s"), Some(1));
}

/// §3 Hardware: the device on a line of its own in a setup list is the run's: under a record
/// label on the line above (`硬件:`), as a list item with its memory among the machine's parts,
/// as a table cell under a device column (`| Card |`, llama-bench's `cpu_info`), beside the
/// machine's operating system, or as "single socket" / 单台 (one unit).
#[test]
fn device_lines_and_cells_count_one() {
    let n = |t: &str| read(t).gpu_count.map(|g| g.value);
    assert_eq!(
        n("SGLang\n硬件:\nNVIDIA H20 96GB\n软件环境:\nSGLang 0.4.6\n| Qwen3-8B | 1 | 81.3 tokens/s |"),
        Some(1)
    );
    assert_eq!(
        n("My box:\n- EPYC 9355 with 512GB DDR5\n- RTX 4090D 48GB VRAM\n\neval: 25.3 tokens per second"),
        Some(1)
    );
    assert_eq!(
        n("## Result\n\n| Card | Baseline | With flag |\n|---|---|---|\n| RX 7900 XT 20GB (ROCm) | 30.8 | 54.0 |\n\n54.0 tok/s with the flag."),
        Some(1)
    );
    assert_eq!(
        n("_Ubuntu, AMD, nVidia 3090_\n\neval rate: 25.03 tokens/s"),
        Some(1)
    );
    assert_eq!(
        n("The testing bench is:\n- Single socket AMD EPYC 9554 CPU – 64 core\nPhi-4 14B Q4: 21.4 tokens per second"),
        Some(1)
    );
    // A device column of a table that compares two GPUs still names one device per row, but a
    // heading over a table is no device cell.
    assert_eq!(
        n("## H100 results\n| Model | tok/s |\n|---|---|\n| Llama 3 8B | 3,000 |"),
        None
    );
}

/// §1.3/§1.5 for a table whose cells pack several metrics joined by `/` under a header that
/// names each with its unit: the cells split into columns, the last row heads and its output
/// token rate is chosen over the request and input rates beside it. A runtime named inside a
/// link (`notion.site/vLLM-benchmark-…14604b`) takes no version from the link.
#[test]
fn packed_cells_and_a_runtime_inside_a_link() {
    let c = read(
        "Results: https://example.notion.site/vLLM-benchmark-455e830910034635839e356bcb14604b?pvs=4\n\n\
         |  | Offline Request throughput (req/s)/ Token throughput (tok/s) | Online Request throughput (req/s)/ Input token throughput (tok/s)/ Output token throughput (tok/s) |\n\
         | --- | --- | --- |\n\
         | 1GPU, Llama 7B, v0.4.2 | 14.33/6895.75 | 12.29/3024.07/2396.00 |\n\
         | 1GPU, Llama 7B, v0.4.3 | 15.62/7516.03 | 13.18/3241.44/2566.47 |\n",
    );
    let h = &c.figures[0];
    assert_eq!(h.value, 2566.47);
    assert_eq!(h.kind, FigureKind::ThroughputOutput);
    // The link's hash is no version (nothing else names vLLM's).
    assert_eq!(c.runtime_version.map(|v| v.value), None);
    assert_eq!(c.gpu_count.map(|g| g.value), Some(1));
}

/// §1.6 for a latency written as a change (`TTFT 4612 → 1663 ms`, `E2E 16.8 -> 11.5 s`): the
/// figure after the arrow, the change's result, is read; the one before it is its baseline.
#[test]
fn latency_written_as_a_change_reads_its_result() {
    let c = read("With the shared KV store the multi-turn run improves (TTFT 4612 → 1663 ms, E2E 16.8 -> 11.5 s).");
    let vals: Vec<(f64, FigureKind)> = c.figures.iter().map(|f| (f.value, f.kind)).collect();
    assert!(vals.contains(&(1663.0, FigureKind::Ttft)), "{vals:?}");
    assert!(vals.contains(&(11.5, FigureKind::E2eLatency)), "{vals:?}");
    assert!(
        !vals.iter().any(|v| v.0 == 4612.0 || v.0 == 16.8),
        "{vals:?}"
    );
}

/// §2: a response time is the whole request's time, an end-to-end latency ("the average
/// response time is about 7s").
#[test]
fn response_time_is_end_to_end() {
    let c = read(
        "With 1500 input tokens and 50–100 output tokens, the average response time is about 7s.",
    );
    let h = &c.figures[0];
    assert_eq!((h.value, h.kind), (7.0, FigureKind::E2eLatency));
    assert_eq!(h.unit, "s");
}

/// §3 Lengths: "generating 60 tokens per second" is a rate, no output length; "generating 128
/// tokens" is one.
#[test]
fn generating_a_rate_is_no_length() {
    let out = |t: &str| read(t).output_tokens.map(|o| o.value);
    assert_eq!(
        out("A 122B model generating 60 tokens per second on battery."),
        None
    );
    assert_eq!(
        out("Generating 128 tokens took 2.1 s on the M2 (61 tok/s)."),
        Some(128)
    );
}

/// §1.2 over §1.5: a line that states the author's pick (`Operating point: conc 256 (~4040
/// tok/s …)`) marks that row of a sweep, not its last one; the row's precise cell is read.
#[test]
fn an_operating_point_line_marks_its_row() {
    let c = read(
        " conc  reqs  ttft_p50  tpot_p50   tok/s\n\
         \x20  64   512     0.087    0.0275  2127.6\n\
         \x20 128   512     0.126    0.0360  3138.1\n\
         \x20 256   512     0.299    0.0531  4039.9\n\
         \x20 512   512     1.043    0.0564  3896.1\n\n\
         Operating point: conc 256 (~4040 tok/s at 100% goodput). Throughput falls at conc 512.",
    );
    assert_eq!(c.figures[0].value, 4039.9);
    assert_eq!(c.concurrency.map(|n| n.value), Some(256));
}

/// §3 Hardware, §1.5: the headline row's own label counts its GPUs (`| 4GPU, Llama 70B |`),
/// over a count another row gives.
#[test]
fn a_row_label_counts_its_gpus() {
    let c = read(
        "| setup | Output token throughput (tok/s) |\n| --- | --- |\n\
         | 1GPU, Llama 7B, v0.4.3 | 2566.47 |\n| 4GPU, Llama 70B, v0.4.3 | 1749.05 |\n",
    );
    assert_eq!(c.figures[0].value, 1749.05);
    assert_eq!(c.gpu_count.map(|g| g.value), Some(4));
    // A word that merely holds the letters is no count (`multigpu4`).
    let c = read("| setup | tok/s |\n| --- | --- |\n| multigpu4 | 120.5 |\n");
    assert_eq!(c.gpu_count.map(|g| g.value), None);
}

/// §3 Hardware, a GPU named once in the singular is 1 when the run used it, however the text
/// writes the name again: the first reading (`A100 80GB SXM` in a reply) and an earlier "My
/// hardware is an A100 GPU" are one device; `Arc B70` in a title and "on single B70" too. A
/// count of one written after the name (`96GB 1枚`, `950PR*1`), past an arrow (`Single GPU →
/// NVIDIA GeForce RTX 4090`), glued in Chinese (`我A100显卡`, "my A100 card"; `用的是V100显卡`,
/// "what I use is a V100 card"), one machine written as its parts (`RX6800XT + 5950X`) and a
/// CPU-only run's `CPU:` record each name the run's device. A count beside a shortened name in
/// another setup's sentence stays that setup's ("H100 SXM reaches ~85 … a single H100 gives
/// ~190 with INT4").
#[test]
fn the_device_under_its_other_names_counts_one() {
    let n = |t: &str| read(t).gpu_count.map(|g| g.value);
    assert_eq!(
        n(
            "My hardware is an A100 GPU. I reached about 2000 tokens per second.\n\n\
           > what's your A100 memory size?\n\nA100 80GB SXM"
        ),
        Some(1)
    );
    assert_eq!(
        n("Arc B70 impossible to get qwen3.5-27b running.\n\
           I tried Qwen3.5-9B on single B70 w/ vllm 0.14.0, I am seeing 54 tok/s"),
        Some(1)
    );
    assert_eq!(
        n("Gemma 4 31B ITをRTX PRO 6000 Blackwell 96GB 1枚に載せて、vLLM 0.21.0 で 93.8 tok/s。"),
        Some(1)
    );
    assert_eq!(
        n("Parameters:\n  • Single GPU → NVIDIA GeForce RTX 4090 (24 GB)\n  • Output: 58.7 tok/s"),
        Some(1)
    );
    assert_eq!(
        n("### 环境信息\n我A100显卡，内存512G。推理速度只有5-6 token/s"),
        Some(1)
    );
    assert_eq!(
        n("我是用的是V100显卡，运行qwen1.5-14b-int4，速度大约5 tokens/s"),
        Some(1)
    );
    assert_eq!(
        n("Results for AMD RX6800XT + 5950X. Kernel 6.4.\nStatistics: prefill: 48.7 tok/s, decode: 52.8 tok/s"),
        Some(1)
    );
    assert_eq!(
        n("Model: llama2 13b\nPlatform:\n- CPU: Intel(R) Xeon(R) Gold 6430\n- Mem: 1TB\n\n2nd token latency: 95 ms"),
        Some(1)
    );
    assert_eq!(
        n(
            "For Llama 2 70B, NVIDIA H100 SXM reaches ~85 tokens/sec under vLLM (FP16, batch=1). \
           With INT4 quantization, a single H100 gives ~190 tokens/sec."
        ),
        None
    );
}

/// §1.3/§1.5 for a pipe table whose row the paste cut off (no closing `|`, its last cells
/// missing): its cells are still the header's first columns, so the output token rate is read
/// under `Output tok/s`, not shifted onto `Req/s`.
#[test]
fn a_cut_off_table_row_keeps_its_columns() {
    let c = read(
        "| Scenario | Candidate | Req/s | Output tok/s | Total tok/s | P99 TTFT ms | GPUs | Server command | Artifacts |\n\
         | --- | --- | ---: | ---: | ---: | ---: | ---: | --- | --- |\n\
         | chat | candidate_1 | 0.84 | 28.01 | 245.44 | 189.76 | 2 | python -m sglang.launch_server --tp-size 2 ...\n",
    );
    let h = &c.figures[0];
    assert_eq!(h.value, 28.01);
    assert_eq!(h.kind, FigureKind::ThroughputOutput);
}

/// §2 and §3 Load for a concurrency sweep whose header names the scope (`Agg tok/s` is the
/// whole load's, `Per-req tok/s` one request's) and whose load cells are written as multiples
/// (`**×16**`): the last row's aggregate rate heads (not the per-request one, §1.3 order), at
/// concurrency 16.
#[test]
fn aggregate_and_per_request_columns_and_a_load_written_as_a_multiple() {
    let c = read(
        "| Concurrency | Agg tok/s | Per-req tok/s | TTFT p50 | ITL mean |\n\
         |-------------|-----------|---------------|----------|----------|\n\
         | **×1** | 16.5 | 41.1 | 475ms | 24.3ms |\n\
         | **×16** | 152.1 | 13.4 | 331ms | 72.7ms |\n",
    );
    let h = &c.figures[0];
    assert_eq!(h.value, 152.1);
    assert_eq!(h.scope, Some(Scope::Aggregate));
    assert_eq!(c.concurrency.map(|n| n.value), Some(16));
}

/// §3 Runtime and §4: a baseline named in the sentence before the engine's is another setup's,
/// also when that sentence ends in a question mark ("… for your baselines? With no special
/// arguments in vllm I get 80tok/s"): the engine is the poster's own. §1.5: the figure after
/// "2x the" is the base of a ratio, another setup's.
#[test]
fn a_baseline_in_the_question_before_leaves_the_engine() {
    let c = read(
        "Could you specify whether you use a 40GB or 80GB A100 for your baselines? With no special \
         arguments in vllm I get 80tok/s (2x the 40 tok/s you quote in the blogpost) on ~8b models.",
    );
    assert_eq!(c.runtime.map(|r| r.value), Some("vllm".to_string()));
    assert_eq!(c.figures[0].value, 80.0);
}

/// §3 Runtime: engines outside the list keep their own names as ids, on-device and CPU
/// engines included (ONNX Runtime GenAI, Core ML, ExecuTorch, T-MAC, bitnet.cpp,
/// distributed-llama, oMLX, LocalAI); none of them is read as a listed engine.
#[test]
fn on_device_and_cpu_engines_keep_their_names() {
    let rt = |t: &str| read(t).runtime.map(|r| r.value);
    let id = |s: &str| Some(s.to_string());
    assert_eq!(
        rt("Phi-3 mini with ONNX Runtime GenAI on a Snapdragon X: 25 tok/s"),
        id("onnxruntime")
    );
    assert_eq!(
        rt("Using Apple's Core ML framework, Llama 3.1 8B decodes at 33 tokens/s on an M1 Max"),
        id("core-ml")
    );
    assert_eq!(
        rt("Llama 3.2 1B on ExecuTorch: 40 tok/s on a Galaxy S24"),
        id("executorch")
    );
    assert_eq!(
        rt("T-MAC gets 20 tokens/s for BitNet 3B on a Raspberry Pi 5"),
        id("t-mac")
    );
    assert_eq!(
        rt("bitnet.cpp runs the 100B model at 6 tokens/s on one CPU"),
        id("bitnet.cpp")
    );
    assert_eq!(
        rt("Llama 3.1 8B on distributed-llama across 4 Raspberry Pis: 2.1 tok/s"),
        id("distributed-llama")
    );
    assert_eq!(
        rt("oMLX - LLM inference, optimized for your Mac: 80 tok/s"),
        id("omlx")
    );
    assert_eq!(
        rt("LocalAI serving Mistral 7B on an RTX 3060: 35 tok/s"),
        id("localai")
    );
}

/// §3 Model: the same name written again with more of it gives the fuller id (a title's
/// `GLM-5.3`, the setup's `GLM-5.3-Flash`; `DeepSeek-R1` then ollama's `deepseek-r1:14b`), but
/// another model of the family is no extension (`Qwen3-8B` after `Qwen3-Next`).
#[test]
fn a_fuller_name_later_names_the_weights() {
    let m = |t: &str| read(t).model.map(|m| m.value);
    assert_eq!(
        m("[Config] Add GLM-5.3 BF16 GEMM configs for gfx950\n\nMeasured on 8x MI350X: 2,328 tok/s generated.\n\nSetup: `zai-org/GLM-5.3-Flash`, vLLM, TP8."),
        Some("glm-5.3-flash".to_string())
    );
    assert_eq!(
        m("Running DeepSeek-R1 locally with ollama: deepseek-r1:14b gives 25 tok/s on an RTX 4070."),
        Some("deepseek-r1-14b".to_string())
    );
    assert_ne!(
        m("Qwen3-Next is slow here; Qwen3-8B on the same box: 90 tok/s."),
        Some("qwen3-next-8b".to_string())
    );
}

/// §1.6: a per-GPU figure in prose that is a measured throughput of the same text divided by a
/// GPU count (661.46 tokens/s/gpu = the block's 5291.69 total / 8) is derived; the tool block's
/// output token throughput heads.
#[test]
fn a_per_gpu_figure_divided_from_the_block_is_derived() {
    let c = read(
        "conc 64, 1k1k, TPUT 501.29->661.46 tokens/s/gpu, 31.95% boost.\n\
         ============ Serving Benchmark Result ============\n\
         Backend:                                 sglang\n\
         Max request concurrency:                 64\n\
         Successful requests:                     640\n\
         Benchmark duration (s):                  222.97\n\
         Request throughput (req/s):              2.87\n\
         Input token throughput (tok/s):          2649.88\n\
         Output token throughput (tok/s):         2641.81\n\
         Total token throughput (tok/s):          5291.69\n",
    );
    let h = &c.figures[0];
    assert_eq!(h.value, 2641.81);
    assert_eq!(h.kind, FigureKind::ThroughputOutput);
    assert!(c.figures.iter().any(|f| f.value == 661.46 && f.derived));
}

/// §2 `reqs/s` and `queries/sec` are request rates; §3 Load: `vllm bench serve` with neither `--request-rate`
/// nor `--max-concurrency` sends every prompt at once (the rate defaults to inf): saturation,
/// the batch row partial, no load field set.
#[test]
fn reqs_per_second_and_a_bench_serve_without_a_rate() {
    let c = read(
        "# Benchmarking\n* Llama 3-8: 12.89 -> 14.64 reqs/s (**1.14x**)\n\n\
         ```\nvllm bench serve --backend vllm --model meta-llama/Llama-3.1-8B-Instruct --dataset-name random \
         --random-input-len 1800 --random-output-len 128\n```",
    );
    let h = &c.figures[0];
    assert_eq!((h.value, h.kind), (14.64, FigureKind::RequestRate));
    assert!(c.batch_described.is_some());
    assert!(c.concurrency.is_none() && c.request_rate.is_none());
    let c = read(
        "vllm bench serve --model m --max-concurrency 8\nOutput token throughput (tok/s): 900.5",
    );
    assert!(c.batch_described.is_none());
    // Queries per second are requests per second.
    let c = read("At the same SLA, DeepSpeed-FastGen achieved 1.42 queries/sec.");
    assert_eq!(
        (c.figures[0].value, c.figures[0].kind),
        (1.42, FigureKind::RequestRate)
    );
}

/// §3 Model: a size written before a family's name sizes that model, not the word before it
/// (`Resources 671B DeepSeek-R1/V3-q4` is no model `resources-671b`; the two releases joined
/// leave the model null).
#[test]
fn a_size_before_a_family_name_is_not_the_word_before_it() {
    let c =
        read("Resources 671B DeepSeek-R1/V3-q4 on a Single Machine (2× Xeon + 24GB GPU): 14 tok/s");
    assert_eq!(c.model.map(|m| m.value), None);
    let c = read("TinyLlama 1.1B on a Raspberry Pi 5: 9 tok/s");
    assert_eq!(c.model.map(|m| m.value), Some("tinyllama-1.1b".to_string()));
}

/// §2: a tool summary record's token rate with the run's request rate after it on the same line
/// (`Throughput:   2348 token/s, 6.5324 req/s`, mini-sglang's bench log) is the whole load's.
#[test]
fn a_summary_record_with_its_request_rate_after_is_aggregate() {
    let c = read(
        "INFO     TTFT: 126.89 ms (p50: 109.70 ms)\nINFO     Duration: 153.08 s\n\
         INFO     Throughput:   2348 token/s, 6.5324 req/s",
    );
    let h = &c.figures[0];
    assert_eq!((h.value, h.scope), (2348.0, Some(Scope::Aggregate)));
    // A prose sentence is not a record: no label before the figure, no scope from a rate after.
    let c = read("Llama 3 8B on an L4 gives 45 tok/s while the server handled 2 req/s overall");
    assert_eq!(c.figures[0].value, 45.0);
    assert_ne!(c.figures[0].scope, Some(Scope::Aggregate));
}

/// §3 Load: "8 request threads" is a client load of 8; "under 4x concurrent load" is 4;
/// "TPS@1" is a rate at one request in flight (per user, §2).
#[test]
fn request_threads_multiples_and_tps_at_one_are_loads() {
    let c = read("i set the 8 request threads, tp 8, with a 70b model: the final throughput is about 500 tokens/second");
    assert_eq!(c.concurrency.map(|x| x.value), Some(8));
    assert_eq!(c.figures[0].scope, Some(Scope::Aggregate));
    let c = read("Qwen3 32B on one H100 reaches 70 tok/s under 4x concurrent load");
    assert_eq!(c.concurrency.map(|x| x.value), Some(4));
    let c = read("with cuda-graph on H20, TPS@1 is 37token/s");
    assert_eq!(c.concurrency.map(|x| x.value), Some(1));
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputPerUser);
    // A CPU thread count is not a load.
    let c = read("llama.cpp with 7 threads on a Ryzen 7950X: 8.5 tok/s");
    assert_eq!(c.concurrency, None);
}

/// §2: 单次 ("a single call") names one request's speed: per user.
#[test]
fn a_single_call_in_chinese_is_per_user() {
    let c = read("我的服务器是8张910B，单次吞吐速度在6tokens/s，这种情况正常吗？");
    assert_eq!(c.figures[0].scope, Some(Scope::PerUser));
}

/// §3 Load: 并发 read wherever the text writes a count with it, not only at its first
/// mention (异步并发引擎, "an asynchronous concurrent engine", states none).
#[test]
fn a_later_chinese_concurrency_is_the_load() {
    let c = read(
        "本文通过异步并发引擎、GPU同步监控及容器化技术部署评估平台;其次,重点对Qwen3-30B-A3B-Instruct模型开展实证测试,\
         成功定位128并发场景下的性能拐点,此时系统字符吞吐量饱和在1935.79 token/s",
    );
    assert_eq!(c.concurrency.map(|x| x.value), Some(128));
}

/// §3 Load: engine limits written as vLLM's python flags (`--max_num_seqs 1`, `max_num_seqs=1`)
/// and llama-server's `--parallel 8` are not the load (row partial); llama.cpp's `--batch-size`
/// is the prompt-processing batch, not a load; a limit beside a batch the text states does not
/// lower the row.
#[test]
fn engine_limits_in_other_spellings() {
    let c = read(
        "vllm serve m --tensor-parallel-size 4 --max_num_seqs 1\nI get 15 tokens/s on 4x MI50",
    );
    assert!(c.load_observed.is_some());
    assert_eq!((c.batch_size, c.concurrency), (None, None));
    let c = read("llama-server -m q.gguf --batch-size 2048 --parallel 1\nllama-server gives 62 t/s on an RX 9070 XT");
    assert_eq!(c.batch_size, None);
    assert!(c.batch_described.is_some());
    let c = read(
        "vllm serve m --max_num_seqs 128\nothers reach 900 tokens/s on 8xA800 with a batch size of 32",
    );
    assert_eq!(c.batch_size.map(|b| b.value), Some(32));
    assert!(c.load_observed.is_none());
}

/// §1.5 on tables flattened by a copy from a web page, with multi-word column names whose units
/// close each column: rows on their own lines, one value per line under one name per line, or
/// everything on the header's own line. The last row heads, with its concurrency; a stated mean
/// of a length distribution is the length (§3 Lengths).
#[test]
fn web_tables_flattened_three_ways() {
    let prose = "The prompt length follows a normal distribution with a mean of 480 tokens and a standard deviation of 240 tokens. \
                 The response length follows a normal distribution with a mean of 300 tokens.\n";
    let header = "Concurrency Token-level Inference Speed (token/second) Token-level Throughput (token/second) \
                  Request-level Latency (second) Request-level Throughput (Request per minute) (RPM)";
    let rows = [
        "1 27.44 26.84 11.66 5.10",
        "2 26.56 51.93 11.44 10.39",
        "4 25.66 100.31 11.97 19.89",
    ];
    let lines = format!("{prose}{header}\n{}\n", rows.join("\n"));
    let one_per_line = format!(
        "{prose}Concurrency\nToken-level Inference Speed (token/second)\nToken-level Throughput (token/second)\n\
         Request-level Latency (second)\nRequest-level Throughput (Request per minute) (RPM)\n{}\n",
        rows.join(" ").replace(' ', "\n")
    );
    let one_line = format!("{prose}{header} {}", rows.join(" "));
    for t in [lines, one_per_line, one_line] {
        let c = read(&t);
        let h = &c.figures[0];
        assert_eq!((h.value, h.scope), (100.31, Some(Scope::Aggregate)), "{t}");
        assert_eq!(c.concurrency.as_ref().map(|x| x.value), Some(4));
        assert_eq!(c.prompt_tokens.as_ref().map(|x| x.value), Some(480));
        assert_eq!(c.output_tokens.as_ref().map(|x| x.value), Some(300));
    }
    // Values that do not start rows of a rising load are no table.
    let c = read(&format!(
        "{header} 4 27.44 26.84 11.66 5.10 2 26.56 51.93 11.44 10.39"
    ));
    assert_eq!(c.concurrency, None);
}

/// §3 Lengths: two rates written as one `k/k` pair (`Server + Offline 53.4k/60.2k
/// tokens/second`) are figures, not an input/output pair; `8k/1k` before words stays a pair.
#[test]
fn a_pair_of_rates_is_not_a_length_pair() {
    let c = read("GPT-OSS 120B NVIDIA GB300 Closed Server + Offline 53.4k/60.2k tokens/second");
    assert_eq!((c.prompt_tokens, c.output_tokens), (None, None));
    let c = read("Llama 3 70B at 8k/1k on 8xH100: 9,000 tokens/second");
    assert_eq!(c.prompt_tokens.map(|x| x.value), Some(8000));
}

/// §3 Runtime: a company's "Inference Stack" (any case) names the serving software only
/// through its vendor: its id, partial; a product-like name before "inference engine" is stated.
#[test]
fn a_vendors_inference_stack_is_a_partial_runtime() {
    let c = read("Using the Baseten Inference Stack, we run Kimi K2 Thinking on a single 8xB200 node at 140+ tokens per second.");
    assert_eq!(
        c.runtime.as_ref().map(|r| r.value.as_str()),
        Some("baseten")
    );
    let rows = benchfit_core::checklist::grade(&c);
    let row = rows.iter().find(|r| r.condition == "runtime").unwrap();
    assert_eq!(row.status, benchfit_core::checklist::Status::Partial);
}

/// §2: a latency word, then its figure in parentheses past other numbers ("faster TTFT at
/// 4096-token inputs (61 ms vs 1,443 ms at QPS=4)"): the figure is that latency.
#[test]
fn a_latency_in_parentheses_after_its_word() {
    let c =
        read("TPU v6e-8 is 23.6 faster on TTFT at 4096-token inputs (61 ms vs 1,443 ms at QPS=4).");
    let h = &c.figures[0];
    assert_eq!((h.value, h.kind), (61.0, FigureKind::Ttft));
}

/// §1.3/§1.5/§1.6 on a table of latency columns and no token rate: the TPOT column before TTFT,
/// the tuned column before the baseline's, the last row, its unit from the cell or the header.
#[test]
fn a_table_of_latency_columns() {
    let c = read(
        "| Model & Sequence Length | Baseline TTFT | LightInferra TTFT | Improvement |\n|---|---|---|---|\n\
         | DeepSeek-R1-70B @ 131 k tokens | 70.8 s | 465 ms | 152× |\n\
         | Qwen 2.5-7B @ 410 k tokens | 72.6 s | 711 ms | 102× |\n",
    );
    let h = &c.figures[0];
    assert_eq!(
        (h.value, h.unit.as_str(), h.kind),
        (711.0, "ms", FigureKind::Ttft)
    );
    let c = read(
        "| Model | TTFT (ms) | TPOT (ms) |\n|---|---|---|\n| Llama 3 8B | 120 | 9.5 |\n| Llama 3 70B | 410 | 31.2 |\n",
    );
    let h = &c.figures[0];
    assert_eq!(
        (h.value, h.unit.as_str(), h.kind),
        (31.2, "ms", FigureKind::Tpot)
    );
}

/// §1.4/§2: a phase named with a bare number (`TOKEN GENERATION IS 1.7`, `tg: 45`) is that
/// phase's tokens per second by the llama.cpp convention; `PP=1` (pipeline parallelism) and a
/// number followed by another unit are not.
#[test]
fn a_phase_with_a_bare_number() {
    let c = read("MacBook M5 128G\nPROMPT PROCESSING IS 250\nTOKEN GENERATION IS 1.7\n");
    let h = &c.figures[0];
    assert_eq!((h.value, h.kind), (1.7, FigureKind::DecodeThroughput));
    assert!(c
        .figures
        .iter()
        .any(|f| f.value == 250.0 && f.kind == FigureKind::PrefillThroughput));
    let c = read("Qwen3 30B on M4 Max: pp: 250, tg: 45");
    assert_eq!(
        (c.figures[0].value, c.figures[0].kind),
        (45.0, FigureKind::DecodeThroughput)
    );
    assert!(read("Enable PrefillDelayer on TP/DCP (DP=1, PP=1)")
        .figures
        .is_empty());
    assert!(read("tg: 45 tokens").figures.is_empty());
}

/// §3 Load: "only one parallel request", "a single concurrent request" and "1 parallel request"
/// are a concurrency of 1 (the rate per user, §2).
#[test]
fn one_parallel_or_concurrent_request() {
    for t in [
        "with only one parallel request, gemma-4 31B does 210 tok/s on a B300",
        "At a single concurrent request, Llama 3 8B on a single A100 gives 95 tok/s",
        "1 parallel request: 50 tok/s on an RTX 4090",
    ] {
        let c = read(t);
        assert_eq!(c.concurrency.as_ref().map(|x| x.value), Some(1), "{t}");
        assert_eq!(c.figures[0].scope, Some(Scope::PerUser), "{t}");
    }
}

/// §3 Hardware: Tenstorrent's T3000 (`t3k`) is a system of Wormhole cards: id `tt-t3k`, its
/// chip count unwritten (no count of 1 from the singular).
#[test]
fn tenstorrent_t3k_is_a_system() {
    let c = read("Llama 3.1 70B on t3k with vLLM, concurrency 32: Tput User 14.16, Total Token Throughput (tokens/duration) 680.11");
    assert_eq!(c.gpu.as_ref().map(|g| g.value.as_str()), Some("tt-t3k"));
    assert_eq!(c.gpu_count, None);
}

/// §3 Runtime: antirez's ds4 engine keeps its id; its bench tool alone (`./ds4-bench`) names it
/// by its output's shape (partial, like llama-bench); `DS4.1`, a model's version, is no engine.
#[test]
fn the_ds4_engine() {
    let c = read(
        "ds4: Metal device Apple M5 Max, 128.00 GiB RAM\nds4 built from main: gen 35.66 tok/s",
    );
    assert_eq!(c.runtime.as_ref().map(|r| r.value.as_str()), Some("ds4"));
    assert!(!c.runtime_from_shape);
    let c = read("./ds4-bench -m ds4flash.gguf --gen-tokens 128\n2048,2048,313.21,128,35.66");
    assert_eq!(c.runtime.as_ref().map(|r| r.value.as_str()), Some("ds4"));
    assert!(c.runtime_from_shape);
    let c = read("MiaAI-Lab's DS4.1 TP4 profile on SGLang: 48 tok/s");
    assert_eq!(c.runtime.as_ref().map(|r| r.value.as_str()), Some("sglang"));
}

/// §2/§3 Load: a use case named for one user ("enough for most single-user applications") says
/// what a speed suffices for: no concurrency of 1, no per-user scope.
#[test]
fn a_single_user_use_case_is_no_load() {
    let c = read("The RTX 5060 Ti hit 1,259 tokens/second with vLLM, enough for most single-user applications.");
    assert_eq!(c.concurrency, None);
    assert_ne!(c.figures[0].scope, Some(Scope::PerUser));
    let c = read("Single-user chat on an RTX 4090: 120 tok/s");
    assert_eq!(c.figures[0].scope, Some(Scope::PerUser));
}

/// §1.5 on a pipe table copied one cell per line (`Concurrency |`, `1 |`, the separator row on
/// its own): read as the table it was, at its last row.
#[test]
fn a_pipe_table_copied_one_cell_per_line() {
    let t = "Benchmark of Llama 3 70B with NIM on 4 H100 GPUs.\nConcurrency |\n\
             Average Output Token Throughput (tokens/sec) |\nAverage Time to first token (s) |\n\
             |---|---|---|\n1 |\n14.92 |\n1.26 |\n5 |\n22.24 |\n2.36 |\n25 |\n23.43 |\n14.06 |\n";
    let c = read(t);
    let h = &c.figures[0];
    assert_eq!((h.value, h.kind), (23.43, FigureKind::ThroughputOutput));
    assert_eq!(c.concurrency.as_ref().map(|x| x.value), Some(25));
}

/// §1.2: a number glued to letters in the title (`90B`, `H100`) names a thing, not a rounded
/// mark of one row's figure: the table is read at its last row (§1.5).
#[test]
fn a_model_size_in_the_title_marks_no_row() {
    let c = read(
        "Meta Llama 3.2 90B Vision\n\nReview performance benchmarks for the model on OCI.\n\
         | Concurrency | Token-level Throughput (token/second) |\n|---|---|\n\
         | 1 | 47.98 |\n| 2 | 92.89 |\n| 4 | 176.53 |\n",
    );
    assert_eq!(c.figures[0].value, 176.53);
    // A figure written in the title still marks its row.
    let c = read(
        "Llama 3.2 90B at 92.89 tokens/s on one H100\n\nReview performance benchmarks for the model on OCI.\n\
         | Concurrency | Token-level Throughput (token/second) |\n|---|---|\n\
         | 1 | 47.98 |\n| 2 | 92.89 |\n| 4 | 176.53 |\n",
    );
    assert_eq!(c.figures[0].value, 92.89);
}

/// §1.5/§3 Load: a table column named `c` alone is the client's concurrency; the headline row's
/// value is its load (aggregate above 1), over a `bs=1` said of another comparison.
#[test]
fn a_column_named_c_is_the_concurrency() {
    let c = read(
        "DSPARK is ~2.7x faster than greedy at bs=1.\n\n| cell | c | TTFT ms | TPOT ms | tok/s |\n|---|---|---|---|---|\n\
         | dspark | 1 | 2172 | 9.48 | 580 |\n| off | 16 | 21650 | 106.51 | 1129 |\n",
    );
    let h = &c.figures[0];
    assert_eq!((h.value, h.scope), (1129.0, Some(Scope::Aggregate)));
    assert_eq!(c.concurrency.as_ref().map(|x| x.value), Some(16));
}

/// §3 Lengths: a tool's field named for one side is that side's length: OpenVINO llm_bench's
/// `Input token size: 128` and `Output size`, llama-server's timings (`prompt_n 16`,
/// `"predicted_n": 220`) and its web page's stats line (`23 predicted, 54 cached`).
#[test]
fn one_sided_tool_length_fields() {
    assert_eq!(
        lens("[ INFO ] [Average] P[0] Input token size: 128, 1st token latency: 91.54 ms/16tokens, 2nd tokens throughput: 229.18 tokens/s"),
        (Some(128), None)
    );
    assert_eq!(
        lens("[ INFO ] [1] Input token size: 1024, Output size: 128, Infer count: 128, 2nd token latency: 20.1 ms/token"),
        (Some(1024), Some(128))
    );
    assert_eq!(
        lens(
            r#"Qwen3 27B on an RTX 5090, llama-server: "timings": {"prompt_n": 16, "predicted_n": 220, "predicted_per_second": 71.05}"#
        ),
        (Some(16), Some(220))
    );
    assert_eq!(
        lens("Open browser, chat \"Hi\":\n23 predicted, 54 cached, 3695ms per token, 0.27 tokens per second"),
        (None, Some(23))
    );
}

/// §3 Lengths in prose: "256 generated tokens per reply" is each request's output; "a prompt
/// containing approximately 16,000 tokens" and "prompt ~102 tok" are the input.
#[test]
fn lengths_per_reply_and_prompts_containing() {
    let c = read(
        "Aggregate decode throughput at n_parallel=10, 256 generated tokens per reply: 178.9 tok/s",
    );
    assert_eq!(c.output_tokens.map(|x| x.value), Some(256));
    let c = read("Submit a prompt containing approximately 16,000 tokens. The eval rate drops to around 6.25 tokens/second.");
    assert_eq!(c.prompt_tokens.map(|x| x.value), Some(16000));
    let c = read("Production methodology (medium prompt ~102 tok, streaming): 880 tok/s at c=16");
    assert_eq!(c.prompt_tokens.map(|x| x.value), Some(102));
    // Not a rate: prompts processed at 900 tokens per second are no length.
    let c = read("prompt ~900 tok/s, decode 45 tok/s on an M2 Max");
    assert_eq!(c.prompt_tokens, None);
}

/// §3 Lengths: a table column of each request's generated tokens (`Avg completion tokens`) is
/// the output length; a total (`Total completion tokens`) is not.
#[test]
fn a_completion_tokens_column_is_the_output_length() {
    let c = read(
        "| Batch | Avg completion tokens | Aggregate tok/s |\n|---|---|---|\n| 1 | 256 | 17.0 |\n| 4 | 256 | 36.4 |\n",
    );
    assert_eq!(c.output_tokens.map(|x| x.value), Some(256));
    let c = read(
        "| Batch | Total completion tokens | Aggregate tok/s |\n|---|---|---|\n| 1 | 2560 | 17.0 |\n| 4 | 10240 | 36.4 |\n",
    );
    assert_eq!(c.output_tokens, None);
}

/// §3 Load: a latency target ("under 50ms TPOT SLA", `(<50 ms TPOT)`) sets the load only
/// implicitly: load fields null, row partial, and the row says why.
#[test]
fn a_latency_target_is_a_described_load() {
    for t in [
        "Our implementation on Hopper GPUs achieves a decoding throughput of up to 4,039 tokens per second per GPU under 50ms TPOT SLA (4K context, FP8).",
        "decode throughput of 1,943 tokens/s per NPU (<50 ms TPOT) on Ascend 910C",
    ] {
        let c = read(t);
        assert!(c.batch_size.is_none() && c.concurrency.is_none() && c.request_rate.is_none());
        let row = &benchfit_core::checklist::grade(&c)[0];
        assert_eq!(row.status, benchfit_core::checklist::Status::Partial, "{t}");
        assert_eq!(row.value.as_deref(), Some("set by a latency target"));
    }
    // A TPOT figure is no target.
    let c = read("Llama 3 8B on one H100: TPOT 12 ms at 200 tok/s");
    assert!(c.batch_described.is_none());
}

/// §3 Load: `trtllm-bench … throughput` with no concurrency is an offline run of every prompt at
/// once (saturation): row partial, the figure aggregate (§2).
#[test]
fn trtllm_bench_throughput_is_saturation() {
    let c = read(
        "trtllm-bench --model nvidia/Llama-3.1-8B-Instruct-FP8 throughput --dataset 128_128_30000.jsonl --backend pytorch\n\
         Total Output Throughput (tokens/sec): 7099.5345",
    );
    assert!(c.batch_described.is_some() && c.concurrency.is_none());
    assert_eq!(c.figures[0].scope, Some(Scope::Aggregate));
    // With its own `--concurrency`, the load is stated.
    let c = read(
        "trtllm-bench --model m throughput --dataset d.jsonl --concurrency 64\nTotal Output Throughput (tokens/sec): 7099.5",
    );
    assert_eq!(c.concurrency.map(|x| x.value), Some(64));
}

/// §3 Load in more spellings: "4× concurrent load" (the multiplication sign), "a single
/// sequence runs at …" (one request), `batch size 设置为1` ("set to 1").
#[test]
fn loads_with_a_times_sign_single_sequence_and_set_to() {
    let c = read("puts Slack traffic at 533ms median TTFT under 4× concurrent load and 70 aggregate tokens/sec");
    assert_eq!(c.concurrency.map(|x| x.value), Some(4));
    let c =
        read("A single sequence runs at only order 13 tokens/sec for long generation on 8*H200.");
    assert_eq!(c.concurrency.map(|x| x.value), Some(1));
    assert_eq!(c.figures[0].scope, Some(Scope::PerUser));
    let c = read("batch size 设置为1,吞吐 3577.42 tokens/s");
    assert_eq!(c.batch_size.map(|x| x.value), Some(1));
}

/// §1.5 on a PR's list under a heading that names the unit and the load (`bs1 tps`, then
/// `- baseline: 118` … `- + dense decode (\`FLAG=1\`): 167.7`): the list's figures in that unit,
/// the last the headline, at batch 1 (per user, §2); a label may hold `=` and run long.
#[test]
fn a_list_under_a_unit_heading_with_its_load() {
    let c = read(
        "## Speed Tests and Profiling\nbs1 tps\n- baseline: 118\n- trtllm: 122\n\
         - + dense sparse decode (`SGLANG_OPT_USE_MINIMAX_DENSE_SPARSE_DECODE=1`): 167.7\n",
    );
    let h = &c.figures[0];
    assert_eq!((h.value, h.scope), (167.7, Some(Scope::PerUser)));
    assert_eq!(c.batch_size.map(|x| x.value), Some(1));
    // A number apart from its word before a rate unit is still the rate (`batch 8 at 1 tps`).
    let c = read("Llama 3 8B on a Raspberry Pi 5: 1 tps");
    assert_eq!(c.figures[0].value, 1.0);
}

/// §3 Hardware: a GPU named once in the singular as the device a run used is 1, in more
/// spellings: Chinese 在 … 上 past vendor words (`在 NVIDIA GeForce RTX 4090 上`), "on this 250W
/// RTX 3090", a spec in full-width parentheses before 上で (`ホスト（RTX 5070 Ti 16GB / 128GB
/// RAM）上で実測`), a setup list in parentheses holding a version's dot (`(Llama-3.3-70B-FP8,
/// H200, v1.2.1)`); a cluster written in traditional Chinese (集羣) is several.
#[test]
fn one_device_used_in_more_spellings() {
    let count = |t: &str| read(t).gpu_count.map(|x| x.value);
    assert_eq!(
        count("我们在 NVIDIA GeForce RTX 4090 上使用 profile_generation.py 测试了 token 生成速度: 112.9 token/s"),
        Some(1)
    );
    assert_eq!(
        count("That makes n-max 3 a +69% improvement on this 250W RTX 3090: 52.9 tok/s"),
        Some(1)
    );
    assert_eq!(
        count("Windows ホスト（RTX 5070 Ti 16GB / 128GB RAM）上で実測: 51.78 tok/s"),
        Some(1)
    );
    assert_eq!(
        count("MAX_UTILIZATION causes a drop (Llama-3.3-70B-FP8, H200, v1.2.1): 96.2 tok/s"),
        Some(1)
    );
    assert_eq!(
        count("經過調優的 DeepSeek-V3.2 在 NVIDIA H200 集羣上實現了 3703.98 tokens/s 的吞吐量"),
        None
    );
}

/// §2: the decode phase named as what the whole text measures (a title or sentence with no
/// rate figure: "Token generation speed less than 1/minute on A6000", "to show the difference
/// in token generation per second") gives a bare tok/s its kind, when the text names no other
/// phase; a text that also speaks of prompt processing leaves it open, and so does "token
/// generation" named as a subject ("token generation is inefficient on GPUs").
#[test]
fn the_decode_phase_as_the_texts_topic() {
    let t = "Token generation speed less than 1/minute on A6000 machine\n\nRunning with 7 threads did the trick!\n\n\
             | command | tokens/second |\n| - | - |\n| -t 7 | 1.6 |\n| -t 7 -ngl 2000000 | 8.5 |\n";
    assert_eq!(read(t).figures[0].kind, FigureKind::DecodeThroughput);
    let t = "The article shows the difference in token generation per second across quantisations.\n\n\
             | model | quant | tokens/s |\n|---|---|---|\n| Phi-4 14B | Q4_K_M | 28.74 |\n| Phi-4 14B | Q8_0 | 19.194 |\n";
    assert_eq!(read(t).figures[0].kind, FigureKind::DecodeThroughput);
    let t = "Token generation speed and prompt processing on A6000\n\n| command | tokens/second |\n| - | - |\n| -t 7 | 8.5 |\n";
    assert_eq!(read(t).figures[0].kind, FigureKind::ThroughputUnspecified);
    let t = "However, token generation is inefficient on GPUs. A rack of 16 SN40L RDUs serves DeepSeek-R1 at 198 tokens/s.";
    assert_eq!(read(t).figures[0].kind, FigureKind::ThroughputUnspecified);
}

/// §3 Lengths: stated means in more record shapes: a list item with `~` (`- Input tokens: ~82
/// tokens average`), a bare side named with its tokens (`• Input: ~2048 tokens`), a tool's
/// `prompt_token_count_mean` / `completion_token_count_mean`, and the connective in other
/// languages ("95 prompt token ve 1329 completion token").
#[test]
fn length_records_in_more_shapes() {
    assert_eq!(
        lens("- **Token Output Throughput**: 1,112 tokens/sec\n- Input tokens: ~82 tokens average\n- Output tokens: ~309 tokens average\n"),
        (Some(82), Some(309))
    );
    assert_eq!(
        lens("Workload:\n  • Input: ~2048 tokens\n  • Output: ~128 tokens\n  • C8: ~96 tok/s\n"),
        (Some(2048), Some(128))
    );
    assert_eq!(
        lens("| prompt_token_count_mean | 3424 |\n| completion_token_count_mean | 15 |\n| completion_token_throughput | 20 |\n"),
        (Some(3424), Some(15))
    );
    assert_eq!(
        lens("testte, 95 prompt token ve 1329 completion token çıktısı için 49.37 saniye. Ortalama hız 26.92 tokens/sec"),
        (Some(95), Some(1329))
    );
    // A bare side without its tokens is no length (`Output: 45 tok/s`).
    assert_eq!(lens("Output: 45 tok/s on one H100"), (None, None));
}

/// §1 rule 6/7: two ends with a signed percentage right after (`69.3 to 82.3 tok/s (+18.8%)`)
/// are before and after, a change whose result is the figure; without it they stay a range
/// (the low end the value).
#[test]
fn a_signed_percentage_makes_two_ends_a_change() {
    let h = read("qwen3-vl-30b-a3b text path: 69.3 to 82.3 tok/s (+18.8%)").figures[0].clone();
    assert_eq!((h.value, h.value_high), (82.3, None));
    let h = read("qwen3 text path: 69.3-82.3 tok/s (−12%)").figures[0].clone();
    assert_eq!(h.value, 82.3);
    let h = read("about 60 to 80 tok/s (depending on the prompt)").figures[0].clone();
    assert_eq!((h.value, h.value_high), (60.0, Some(80.0)));
}

/// §3 Hardware: the trademark sign inside a product name (`Intel® Arc™ Pro B60`) is read past.
#[test]
fn a_trademark_sign_inside_a_device_name() {
    let c = read("a system configured with 8 Intel® Arc™ Pro B60 GPU cards: 619.1 toks/s");
    assert_eq!(c.gpu.map(|g| g.value).as_deref(), Some("arc-pro-b60"));
    assert_eq!(c.gpu_count.map(|x| x.value), Some(8));
}

/// §3 on a two-cell settings table whose keys are bold (`| **Decode Batch Size** | 480 |`): read
/// as the plain `key: value` rows it is.
#[test]
fn bold_keys_of_a_settings_table() {
    let c = read(
        "| Setting | Value |\n|---|---|\n| **Input Length** | 2000 tokens |\n| **Output Length** | 100 tokens |\n\
         | **Decode Batch Size** | 480 |\n| **Throughput** | 3000 tokens/s |\n",
    );
    assert_eq!(c.batch_size.map(|x| x.value), Some(480));
    assert_eq!(c.prompt_tokens.map(|x| x.value), Some(2000));
}

/// §3 Hardware: AWS's instance families named for their chips (`Trn2`, `Inf2`) are those chips'
/// ids; a count of instances (`a single Trn2 instance`) is not the count of chips in each.
#[test]
fn aws_instance_families_name_their_chips() {
    let c = read("Llama 3.1 405B on a single Trn2 instance with NxD Inference: 3000 tok/s");
    assert_eq!(c.gpu.map(|g| g.value).as_deref(), Some("aws-trainium2"));
    assert_eq!(c.gpu_count, None);
    let c = read("16 Trainium2 chips serve Llama 3.1 405B at 3000 tok/s");
    assert_eq!(c.gpu_count.map(|x| x.value), Some(16));
}

/// §1: "tokens per second" written in other languages is the rate unit, and the thousands those
/// languages group with a dot or a space are thousands (`5.800 tokens por segundo`: 5,800;
/// `335 000 токенов в секунду`: 335,000); a decimal stays one (`23.5 tokens por segundo`).
#[test]
fn tokens_per_second_in_other_languages() {
    let v = |t: &str| read(t).figures.first().map(|f| f.value);
    assert_eq!(
        v("atteint une vitesse de 50 tokens par seconde sur un Mac M3 Ultra"),
        Some(50.0)
    );
    assert_eq!(
        v("O autor obteve um benchmark de 5.800 tokens por segundo"),
        Some(5800.0)
    );
    assert_eq!(v("Цифры: 335 000 токенов в секунду"), Some(335000.0));
    assert_eq!(
        v("Llama 3 erreicht 45 Tokens pro Sekunde auf einer RTX 4090"),
        Some(45.0)
    );
    assert_eq!(v("logrando 23.5 tokens por segundo con MLX"), Some(23.5));
}

/// §2: "generation speed" and "decoding" written in other languages name the decode phase, as
/// their English words do ("vitesse de génération de 50 tokens par seconde").
#[test]
fn decode_words_in_other_languages() {
    let c = read("atteint une vitesse de génération de 50 tokens par seconde sur un Mac M3 Ultra");
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    let c = read("скорость генерации: 42 tok/s на RTX 4090");
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
}

/// §2: llama-bench's test names as a table's only headers (`| … | pp512 | tg128 |` over bare
/// numbers) are its prompt-processing and token-generation rates in t/s, as in its own output.
#[test]
fn llama_bench_test_names_as_bare_headers() {
    let c = read(
        "| gemma Q4_0 | pp512 | tg128 |\n|---|---:|---:|\n| healthy | 3868 | 157.2 |\n\
         | degraded | 821 | 144.3 |\n",
    );
    let f = &c.figures[0];
    assert_eq!(f.kind, FigureKind::DecodeThroughput);
    assert_eq!(f.scope, Some(Scope::PerUser));
    assert_eq!(f.value, 144.3);
}

/// §3 Runtime: an engine's own server arguments with no engine named (`mem-fraction-static`,
/// `chunked-prefill-size` are SGLang's; `gpu-memory-utilization` vLLM's) recognise it from its
/// shape: the id, row partial.
#[test]
fn engine_server_arguments_imply_the_engine() {
    let c = read(
        "Adjust `mem-fraction-static` and `chunked-prefill-size` for the decode workers.\n\
         Output token throughput (tok/s): 2012.18",
    );
    assert_eq!(c.runtime.map(|r| r.value).as_deref(), Some("sglang"));
    assert!(c.runtime_from_shape);
    let c = read("--gpu-memory-utilization 0.9 gives 1500 output tok/s");
    assert_eq!(c.runtime.map(|r| r.value).as_deref(), Some("vllm"));
}

/// §3 Quantisation: the fused-MoE kernels' dtype names (`fp8_w8a8`, `int8_w8a8`, `w8a8 block
/// fp8`) are the run's 8-bit weights: `fp8`, `w8a8`, `fp8`.
#[test]
fn fused_moe_kernel_dtype_names() {
    let c = read("Add H20 `fp8_w8a8` fused MoE configs. Output token throughput (tok/s): 165.63");
    assert_eq!(c.weight_dtype.map(|d| d.value).as_deref(), Some("fp8"));
    let c = read("--dtype int8_w8a8 on A100: 900 output tok/s");
    assert_eq!(c.weight_dtype.map(|d| d.value).as_deref(), Some("w8a8"));
    let c = read("Tune Triton w8a8 block fp8 kernel for L40s: 1200 output tok/s");
    assert_eq!(c.weight_dtype.map(|d| d.value).as_deref(), Some("fp8"));
}

/// §3 Quantisation: a precision glued to a model's name (`support DeepSeek-R1-W4AFP8 model`) is
/// the checkpoint the text runs, not a capability named after "support".
#[test]
fn a_precision_in_a_supported_models_name() {
    let c = read(
        "feat: support DeepSeek-R1-W4AFP8 model with ep-moe mode\n\n\
         Output token throughput (tok/s): 74.20\n",
    );
    assert_eq!(c.weight_dtype.map(|d| d.value).as_deref(), Some("w4afp8"));
    let c = read("H800 GPUs, which support FP8: 1200 tok/s");
    assert_eq!(c.weight_dtype, None);
}

/// §3 Hardware: Apple's chips named through an iPad (`iPad Pro M5`) or as an id
/// (`apple-m2-max-32gb`) are the chip, as through a Mac; Intel's Battlemage cards named
/// without `Arc` (`a B580`, `one B70`) are `arc-b580`, `arc-pro-b70`.
#[test]
fn ipad_chips_and_battlemage_without_arc() {
    let c = read("LFM2.5 1.2B at 4-bit hits 124 tokens/sec on iPad Pro M5");
    assert_eq!(c.gpu.map(|g| g.value).as_deref(), Some("m5"));
    let c = read("Confirmed that a B580 works. It did 50 t/s on Vulkan");
    assert_eq!(c.gpu.map(|g| g.value).as_deref(), Some("arc-b580"));
    let c = read("works out-of-the-box (+55%) on Intel vLLM-XPU, one B70: 31 tok/s");
    assert_eq!(c.gpu.map(|g| g.value).as_deref(), Some("arc-pro-b70"));
    let c = read("granite-4.2-3b / mlx-4bit on apple-m2-max-32gb: 102.91 output tok/s");
    assert_eq!(c.gpu.map(|g| g.value).as_deref(), Some("m2-max"));
}

/// §3 Hardware: the Jetson Thor named with its `AGX` (`Jetson AGX Thor Dev Kit`) is
/// `jetson-agx-thor`, one module.
#[test]
fn jetson_agx_thor() {
    let c = read("Jetson AGX Thor + vLLM (26.02): C8: ~96 tok/s");
    assert_eq!(c.gpu.map(|g| g.value).as_deref(), Some("jetson-agx-thor"));
    assert_eq!(c.gpu_count.map(|x| x.value), Some(1));
}

/// §3 Hardware: an AMD APU named with its own Radeon GPU (`Ryzen AI Max+ 395 / Radeon 8060S`)
/// ran the model on that GPU (`radeon-8060s`); named only by its codename (`Strix Halo`) it is
/// the family, `strix-halo`, partial (385/390/395 differ); the numbered part wins over the
/// codename written first.
#[test]
fn amd_apus_their_gpu_and_their_codename() {
    let c = read("AMD Ryzen AI Max+ 395 / Radeon 8060S iGPU (gfx1151), 128 GB: 40 tok/s");
    assert_eq!(c.gpu.map(|g| g.value).as_deref(), Some("radeon-8060s"));
    let c = read("My Strix Halo box runs Qwen3 30B at 40 tok/s");
    assert_eq!(c.gpu.map(|g| g.value).as_deref(), Some("strix-halo"));
    assert_eq!(
        benchfit_core::check("My Strix Halo box runs Qwen3 30B at 40 tok/s").checklist[5].status,
        benchfit_core::checklist::Status::Partial
    );
    let c = read("I built a Strix Halo desktop: AMD Ryzen AI Max+ 395, 128GB. 40 tok/s");
    assert_eq!(
        c.gpu.map(|g| g.value).as_deref(),
        Some("ryzen-ai-max-plus-395")
    );
}

/// §3 Runtime: a release page's title, a name and a three-part version alone on the first line
/// (`Speedy 0.3.0`), names the engine released and its version; a model's name there does not.
#[test]
fn a_release_title_names_its_engine() {
    let c = read("Speedy 0.3.0\n\nQwen3 125B MoE on 2× RTX 3080: ~190 tok/s decode (Q2_0).");
    assert_eq!(c.runtime.map(|r| r.value).as_deref(), Some("speedy"));
    assert_eq!(c.runtime_version.map(|r| r.value).as_deref(), Some("0.3.0"));
    let c = read("Llama 3.1.0\n\n~190 tok/s decode on an RTX 3080.");
    assert_eq!(c.runtime, None);
}

/// §3 Quantisation: a bare bit width names an integer precision at every width written, not
/// only 4 and 8, in digits or words (`2-bit quantized`: `int2`; `-6bit` in an MLX model's
/// name: `int6`; `eight-bit weights`: `int8`).
#[test]
fn bare_bit_widths_of_two_three_and_six() {
    let c = read("an M5 Max can push 35-40 t/s decoding on the same model when 2-bit quantized");
    assert_eq!(c.weight_dtype.map(|d| d.value).as_deref(), Some("int2"));
    let c = read("MTP benchmark on qwen3-next-80b-a3b-instruct-6bit (M3 Ultra): 61 tok/s");
    assert_eq!(c.weight_dtype.map(|d| d.value).as_deref(), Some("int6"));
    let c = read("serves it at 4,945 total tokens per second per chip at eight-bit weights");
    assert_eq!(c.weight_dtype.map(|d| d.value).as_deref(), Some("int8"));
}

/// §2: a llama-server run with one request slot (`--parallel 1`, `-np 1`) and no load written
/// runs one stream at a time: a bare tok/s is that stream's rate (per user); a set load keeps
/// its own reading.
#[test]
fn one_slot_llama_server_rates_are_per_user() {
    let c =
        read("RTX 3090, Unsloth Q4_K_M\n--parallel 1\nRepeated median result: 31.9 → 52.8 tok/s");
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputPerUser);
    assert_eq!(c.figures[0].scope, Some(Scope::PerUser));
    let c = read("RTX 3090, Unsloth Q4_K_M\n--parallel 4\nRepeated median result: 52.8 tok/s");
    assert_eq!(c.figures[0].scope, None);
}

/// §3 Lengths: llama.cpp's generation timing without its prompt line (`eval time = … ms / 808
/// tokens`) gives the output length, the last request's of several; so does a count told with
/// its time (`256 tokens in 23 sec : 11,13 t/sec`), but not a prompt's (`encoded 10 tokens in`).
#[test]
fn output_counts_from_eval_lines_and_tokens_in_time() {
    let c = read(
        "       eval time =   37021.31 ms /   276 tokens (  134.14 ms per token,     7.46 tokens per second)\n\
         \x20      eval time =   36929.08 ms /   269 tokens (  137.28 ms per token,     7.28 tokens per second)\n",
    );
    assert_eq!(c.output_tokens.map(|x| x.value), Some(269));
    let c = read("318 tokens in 25 sec : 12,72 t/sec\n256 tokens in 23 sec : 11,13 t/sec");
    assert_eq!(c.output_tokens.map(|x| x.value), Some(256));
    let c = read("40.2 tok/s is a wall-clock division (~482 tokens over ~12 seconds)");
    assert_eq!(c.output_tokens.map(|x| x.value), Some(482));
    let c = read("prompt processed 2048 tokens in 1.9 s; decode 40 tok/s");
    assert_eq!(c.output_tokens, None);
}

/// §3 Hardware: AMD's Radeons of the 5000, 6000 and 9000 series written without `RX` (`8
/// 6700xt`, `my 9070 XT`) are those cards, as the 7000 series already were.
#[test]
fn radeons_without_rx() {
    let c = read("ROCM give me 70t/s, VULKAN 30t/S, I'm using 8  6700xt, so");
    assert_eq!(c.gpu.map(|g| g.value).as_deref(), Some("rx-6700-xt"));
    assert_eq!(c.gpu_count.map(|x| x.value), Some(8));
    let c = read("my 9070 XT does 40 tok/s");
    assert_eq!(c.gpu.map(|g| g.value).as_deref(), Some("rx-9070-xt"));
}

/// §1: a list item whose key is bold (`- **long bucket decode_tps (median)**: 103.74`) is the
/// `key: value` record it would be without the stars; German `Tokens/Sekunde` is tokens/s.
#[test]
fn bold_keys_of_list_records_and_tokens_per_sekunde() {
    let c = read("- **chip**: Apple M3 Ultra\n- **long bucket decode_tps (median)**: 103.74\n");
    assert_eq!(c.figures[0].value, 103.74);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    let c = read("gemessen in Tokens pro Sekunde (z.B. 2.12 Tokens/Sekunde)");
    assert_eq!(c.figures.first().map(|f| f.value), Some(2.12));
}

/// §3 Runtime: more engine marks with no engine named: vLLM's Python arguments
/// (`max_num_batched_tokens=16000`, `use_v2_block_manager=True`), llama.cpp's
/// `--spec-draft-n-max`; "the ROCm software stack" is a vendor stack without an engine. All
/// partial.
#[test]
fn more_engine_marks() {
    let c = read("max_num_batched_tokens=16000\nTTFT is around 10 s at 300 tok/s");
    assert_eq!(c.runtime.map(|r| r.value).as_deref(), Some("vllm"));
    assert!(c.runtime_from_shape);
    let c = read("With `--spec-draft-n-max 2`: 52.5 tok/s");
    assert_eq!(c.runtime.map(|r| r.value).as_deref(), Some("llama.cpp"));
    let c = read("The results emphasize the maturity of the ROCm software stack: 785k tokens/sec");
    assert_eq!(c.runtime.map(|r| r.value).as_deref(), Some("rocm"));
    assert!(c.runtime_from_shape);
}

/// §3 Load: `mc=32` (a max-concurrency setting written short, as `c=32` is) is the concurrency.
#[test]
fn max_concurrency_written_mc() {
    let c = read("| mc=32 | 9.78 | 10,757 tok/s | 25.54 ms |");
    assert_eq!(c.concurrency.map(|x| x.value), Some(32));
}

/// §3 Quantisation: a precision ruled out ("It is not an AWQ/GGUF path", "without FP8") is not
/// the run's.
#[test]
fn a_precision_ruled_out() {
    let c = read("It is not an AWQ/GGUF path. 90+ tokens/sec sustained on 4x MI50");
    assert_eq!(c.weight_dtype, None);
    let c = read("An AWQ path: 90+ tokens/sec sustained on 4x MI50");
    assert_eq!(c.weight_dtype.map(|d| d.value).as_deref(), Some("awq-int4"));
}

/// §2/§3 Tables: llama-bench's test names as rate headers (`PP/s`, `TG/s`) are prefill and
/// decode rates, read at the last row with that row's lengths; `Concur` is the concurrency
/// column.
#[test]
fn pp_tg_rate_headers_and_concur_columns() {
    let c = read(
        "| GPU | Prompt Tokens | PP/s | Generated Tokens | TG/s |\n| --- | --- | --- | --- | --- |\n\
         | RTX 4090 | 483 | 1113.13 | 579 | 20.02 |\n| RTX 4090 | 4096 | 967.49 | 462 | 18.49 |\n",
    );
    let f = &c.figures[0];
    assert_eq!((f.value, f.kind), (18.49, FigureKind::DecodeThroughput));
    assert_eq!(c.prompt_tokens.map(|x| x.value), Some(4096));
    assert_eq!(c.output_tokens.map(|x| x.value), Some(462));
    let c = read(
        "| ISL | OSL | Concur | N | Tok/s |\n|---|---|---|---|---|\n| 128 | 128 | 1 | 8 | 24.33 |\n\
         | 128 | 128 | 32 | 256 | 567.28 |\n",
    );
    assert_eq!(c.concurrency.map(|x| x.value), Some(32));
}

/// §3 Quantisation: the weight/activation width `W4A4` is read like `W8A8`.
#[test]
fn w4a4() {
    let c = read("vllm bench serve --model qwen3-32b-w4a4: Output token throughput (tok/s): 812.5");
    assert_eq!(c.weight_dtype.map(|d| d.value).as_deref(), Some("w4a4"));
}

/// §1.2 "a bold row": the one figure of the prose written in bold (`≈ **5.4 tok/s**`) is the
/// author's marked result; with two bold figures neither is marked.
#[test]
fn one_bold_figure_in_prose_is_marked() {
    let t = "Matches your reported 234-259 tok/s prefill range closely.\n\n**Decode**: one HTTP request: \
             300 completion tokens in 55.8s ≈ **5.4 tok/s**. Lower than your 8.8-14.7 tok/s.";
    assert_eq!(read(t).figures[0].value, 5.4);
    let t = "The first run gave 40 tok/s. The second run gave **55 tok/s**.";
    assert_eq!(read(t).figures[0].value, 55.0);
    let t = "The first run gave **40 tok/s**. The second run gave **55 tok/s**.";
    assert_eq!(read(t).figures[0].value, 40.0);
}

/// §3 Model: the fuller name found later counts whatever separators it is written with (a
/// title's `DeepSeek V4`, the command's `deepseek-ai/DeepSeek-V4-Flash`); a release's variant
/// that names other weights is kept (`Kimi K2 Thinking`, `Kimi K2.6`, `Qwen3-Coder-Next`).
#[test]
fn a_release_keeps_its_variant_and_a_later_fuller_name() {
    let m = |t: &str| read(t).model.map(|m| m.value);
    assert_eq!(
        m("Support DeepSeek V4 on Hopper\n\nvllm serve deepseek-ai/DeepSeek-V4-Flash --tensor-parallel-size 4\n\nDecode: 41 tok/s on 4x H100."),
        Some("deepseek-v4-flash".to_string())
    );
    assert_eq!(
        m("We serve Kimi K2 Thinking on 8x B200 at 150 tokens per second per user."),
        Some("kimi-k2-thinking".to_string())
    );
    assert_eq!(
        m("Kimi K2.6 on a Mac Studio M3 Ultra: 21 tok/s generation."),
        Some("kimi-k2.6".to_string())
    );
    assert_eq!(
        m("llama-server -m Qwen3-Coder-Next-Q4_K_M.gguf -ngl 99\n\neval: 38 tokens per second on an RTX 5090"),
        Some("qwen3-coder-next".to_string())
    );
}

/// §3 Model: the second of a list of one family's models (`Qwen3 Coder and Qwen3 Coder Next`)
/// is not the claim's model; the figure's own named model is.
#[test]
fn the_second_of_a_list_of_models_is_not_the_model() {
    let m = |t: &str| read(t).model.map(|m| m.value);
    assert_eq!(
        m("I benchmarked Qwen3 Coder and Qwen3 Coder Next on my cards.\n\nRTX 5090, Qwen3-Coder-30B-A3B-Instruct-AWQ with vLLM: 540 tok/s output throughput."),
        Some("qwen3-coder-30b-a3b".to_string())
    );
}

/// §3 Hardware: a device named once as the one the run used counts 1 in the claim's own
/// language too (Chinese `在 A10 上`, Russian `на L40S`, German `auf einer RTX 4090`) and under
/// an environment list's bare `GPU` key.
#[test]
fn a_device_used_counts_one_in_other_languages_and_env_lists() {
    let n = |t: &str| read(t).gpu_count.map(|c| c.value);
    assert_eq!(
        n("我在A10上用vllm部署Qwen2.5-7B，输出速度约 45 tokens/s。"),
        Some(1)
    );
    assert_eq!(
        n("vLLM на L40S выдает 2100 tok/s на Llama 3.1 8B при 32 параллельных запросах."),
        Some(1)
    );
    assert_eq!(
        n("Ich habe Llama 3.1 8B auf einer RTX 4090 getestet: 120 Token/s."),
        Some(1)
    );
    assert_eq!(n("Environment\n\nGPU\n NVIDIA L40S\nModel: Qwen3-8B\n\nOutput throughput: 1,850 tok/s at concurrency 16"), Some(1));
    // Two cards written out (两张, "two") are two, not one.
    assert_eq!(
        n("我在两张A10上部署，Qwen2.5-7B 输出约 80 tokens/s。"),
        Some(2)
    );
}

/// §2: tokens per second in Korean (`토큰/초`) and a Chinese key counting the tokens replied each
/// second (`每秒回复token数量`) are throughput figures.
#[test]
fn korean_tokens_per_second_and_chinese_reply_rate_keys() {
    let c = read("RTX 4070에서 Qwen3-8B Q4 실행: 생성 속도 52.3 토큰/초");
    assert_eq!(c.figures.first().map(|f| f.value), Some(52.3));
    let c = read("总请求数: 1\n平均首字回复时间: 0.41秒\n平均每秒回复token数量: 61.5");
    assert!(c
        .figures
        .iter()
        .any(|f| f.value == 61.5 && f.unit == "tok/s"));
}

/// §1.5: a web table pasted with single spaces whose rows start with their load and carry the
/// rate unit in the cell (`Concurrent Throughput p99 Latency` over `10 1,090 tok/s 16.17s`) is a
/// table: the last row heads, its concurrency comes with it.
#[test]
fn single_spaced_rows_with_units_in_cells_are_a_table() {
    let c = read(
        "Qwen2.5-72B on 4x MI300X, vLLM\n\nConcurrent Throughput p99 Latency Status\n\
         8 610 tok/s 5.02s OK\n32 2,140 tok/s 6.80s OK\n128 4,975 tok/s 9.91s SATURATED\n\n\
         Multi-run means.",
    );
    let h = &c.figures[0];
    assert_eq!(h.value, 4975.0);
    assert_eq!(h.scope, Some(Scope::Aggregate));
    assert_eq!(c.concurrency.map(|x| x.value), Some(128));
}

/// §1.4, §1.5: a single-spaced llama-bench summary whose row labels end in a number (`RTX 3090
/// 1138 36.24` under `GPU pp512 (t/s) tg128 (t/s)`) is read as a table: the tg column heads.
#[test]
fn single_spaced_rows_whose_label_ends_in_a_number() {
    let c = read("GPU pp512 (t/s) tg128 (t/s)\nRTX 4080 2410 61.5\nRTX 3060 980 33.8\n");
    let h = &c.figures[0];
    assert_eq!(h.value, 33.8);
    assert_eq!(h.kind, FigureKind::DecodeThroughput);
}

/// §1.4, §1.5: a table whose rows are named `pp4096/tg128` (a prompt test and a generation test
/// of one scenario) is another tool's table, not llama-bench rows: the last row's decode column
/// heads and its label gives the lengths.
#[test]
fn rows_named_by_both_tests_are_scenarios_not_bench_rows() {
    let c = read(
        "Test            TTFT(ms)   pp TPS        tg TPS       Peak Mem\n\
         pp1024/tg128      310.5   3297.9 tok/s   71.2 tok/s   20.1 GB\n\
         pp8192/tg128     2544.0   3220.1 tok/s   64.0 tok/s   22.7 GB\n",
    );
    let h = &c.figures[0];
    assert_eq!(h.value, 64.0);
    assert_eq!(h.kind, FigureKind::DecodeThroughput);
    assert_eq!(c.prompt_tokens.map(|p| p.value), Some(8192));
    assert_eq!(c.output_tokens.map(|p| p.value), Some(128));
}

/// §3 Lengths: a table's prompt-length cell with its unit word (`512 tokens`) and a Russian
/// prompt length (`промпт из 512 токенов`, "a prompt of 512 tokens") are the prompt length; a
/// Russian context size (`Контекст 8192 токенов`) stays a limit.
#[test]
fn length_cells_with_units_and_russian_prompt_lengths() {
    let c = read("| GPU | Model | Prompt Length | TTFT |\n|---|---|---|---|\n| H100 SXM | Llama 3.1 8B | 1024 tokens | 21ms |\n");
    assert_eq!(c.prompt_tokens.map(|p| p.value), Some(1024));
    let c = read(
        "Тест на RTX 4090. Контекст 8192 токенов, промпт из 512 токенов. Генерация: 41 токенов/с.",
    );
    assert_eq!(c.prompt_tokens.map(|p| p.value), Some(512));
}

/// §3 Quantisation: llama.cpp's short KV flags (`-ctk q8_0 -ctv q8_0`) set the cache, not the
/// weights; a spec sheet's rating written after the precision (`FP8 Tensor TFLOPs`) and two
/// precisions given as alternatives (`bf16 or fp16`) name no run's precision.
#[test]
fn short_kv_flags_ratings_and_alternative_precisions() {
    let c = read("llama-server -m model.gguf -c 32768 -ctk q8_0 -ctv q8_0 -ngl 99\n\ngen: 41 tok/s on an RTX 4090");
    assert_eq!(c.kv_dtype.as_ref().map(|k| k.value.as_str()), Some("q8_0"));
    assert!(c.weight_dtype.is_none());
    let c = read("| Spec | B200 |\n|---|---|\n| FP8 Tensor TFLOPs | 4,500 |\n\nLlama 3.3 70B on 8x B200: 9,800 tok/s output throughput.");
    assert!(c.weight_dtype.is_none());
    let c = read(
        "The model takes 55 GB of VRAM in bf16 or fp16, so I ran it on two RTX 3090s: 18 tok/s.",
    );
    assert!(c.weight_dtype.is_none());
}

/// §3 Load: `B=8` is a batch, 并发度为 150 ("a degree of concurrency of 150") a concurrency; a
/// batch written right after another figure (`78.3 tok/s B=1`) is that figure's, not the
/// headline's; a capacity (`支持最大 16 并发`, "supports up to 16 concurrent") is no load, while a
/// benchmark's 最大并发数为8 (its client's max concurrency) is.
#[test]
fn batch_shorthand_chinese_concurrency_degree_and_limits() {
    let c = read("Llama 3.1 8B on an RTX 4090: B=8 gives 75.2 tok/s.");
    assert_eq!(c.batch_size.map(|b| b.value), Some(8));
    let c = read("在 H100 上，并发度为 150 时输出吞吐可达到 5.5 万 toks/sec。");
    assert_eq!(c.concurrency.map(|b| b.value), Some(150));
    let c = read("Gemma on TPU v6e-4: 16,794 tok/s peak throughput, 78.3 tok/s B=1.");
    assert!(c.batch_size.is_none());
    let c = read("单卡吞吐量 95 tokens/s；动态批处理支持最大 16 并发。");
    assert!(c.concurrency.is_none());
    let c =
        read("基准测试配置如下:输入长度为2048,输出长度为128,最大并发数为8。吞吐 911 token/秒。");
    assert_eq!(c.concurrency.map(|b| b.value), Some(8));
}

/// §1.5: a table whose caption gives its cells' units as a pair (`decode tokens per second /
/// time to first token in milliseconds`) over cells `43.1 / 185`: each cell's first number is
/// the decode rate, and the last row and column head.
#[test]
fn caption_pairs_of_rate_and_latency_in_cells() {
    let c = read(
        "All numbers are on one Strix Halo box. Values are decode tokens per second / time to first token in milliseconds.\n\
         | Tool | Gemma 4 E2B | Qwen3.6 35B MoE |\n|---|---|---|\n\
         | raw llama-server | 81.0 / 51 | 43.1 / 185 |\n| Ollama 0.24.0 | 50.8 / 224 | 12.2 / 484 |\n",
    );
    let h = &c.figures[0];
    assert_eq!(h.value, 12.2);
    assert_eq!(h.kind, FigureKind::DecodeThroughput);
}

/// §3 Load: Korean `50명 사용자` ("50 users") and `32명의 동시 사용자` ("32 concurrent users") are
/// a concurrency.
#[test]
fn korean_user_counts_are_a_concurrency() {
    let n = |t: &str| read(t).concurrency.map(|c| c.value);
    assert_eq!(
        n("RTX 5090에서 vLLM: 50명 사용자에서 최대 2,832 tok/s"),
        Some(50)
    );
    assert_eq!(
        n("H100 한 장, 32명의 동시 사용자: 출력 처리량 3,100 tok/s"),
        Some(32)
    );
}

/// §1.8 and §3 Load: a German table (`Nebenläufigkeit`, "concurrency"; `Gesamtdurchsatz
/// (Token/Sekunde)`, total throughput) with numbers grouped by dots and a decimal comma
/// (`9.461,31`): the last row's total throughput at its concurrency.
#[test]
fn german_table_headers_and_number_format() {
    let c = read(
        "| Nebenläufigkeit | Gesamtdurchsatz (Token/Sekunde) |\n|---|---|\n\
         | 1 | 703,41 |\n| 64 | 9.094,38 |\n| 256 | 9.461,31 |\n",
    );
    let h = &c.figures[0];
    assert_eq!(h.value, 9461.31);
    assert_eq!(h.kind, FigureKind::ThroughputTotal);
    assert_eq!(c.concurrency.map(|x| x.value), Some(256));
}

/// §2: columns whose cells carry their unit (`1490 tokens/s`) under headers that name a phase
/// (`Prompt processing`, `Generation`, `… tg128`) are that phase's rates: the generation column
/// is a decode rate, the prompt column a prefill rate that never heads.
#[test]
fn phase_named_columns_with_units_in_cells() {
    let c = read(
        "I tried both with the same prompt.\n\
         |           | Prompt processing |  Generation |\n|---|---|---|\n\
         | Engine A |     1490 tokens/s | 30 tokens/s |\n| Engine B |       34 tokens/s |  5 tokens/s |\n",
    );
    let h = &c.figures[0];
    assert_eq!(h.value, 5.0);
    assert_eq!(h.kind, FigureKind::DecodeThroughput);
    let c = read(
        "| Setup | model-a Q4_K_M tg128 |\n|---|---|\n| old build | ~34 t/s |\n| new build | 52.3 t/s |\n",
    );
    assert_eq!(c.figures[0].value, 52.3);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
}

/// §1.2: a title's token rate that no table of the body holds is the author's result; a table
/// below it (another comparison's rows) does not take the headline. A rate followed by "input"
/// is the prompt's (§2), so the title's second figure heads.
#[test]
fn title_rate_beats_a_side_table() {
    let c = read(
        "Model-X on one Strix Halo box: v0.6 reaches 130.63 tok/s input and 22.43 tok/s generation at 122,879 tokens\n\n\
         This report tests the full model end to end. Generation rose from 18.50 to 22.43 tok/s with the draft.\n\n\
         ### q8_0 versus q4_0 KV\n\n\
         | KV type | 128K input tok/s | Generation tok/s |\n|---|---:|---:|\n\
         | **q8_0** | **130.435** | **18.502** |\n| q4_0 | 128.757 | 18.368 |\n",
    );
    assert_eq!(c.figures[0].value, 22.43);
    // An approximate title figure is a rounded summary: the table's row stays the headline.
    let c = read(
        "Model-X low throughput on an integrated GPU (~10 tok/s)\n\n\
         Here are my runs with llama.cpp.\n\n\
         | run | tok/s |\n|---|---|\n| a | 12.1 |\n| b | 3.6 |\n",
    );
    assert_eq!(c.figures[0].value, 3.6);
}

/// §3 Model and Hardware: a sentence that shortens the model (`DeepSeek-V4`) or names the APU
/// by codename (`Strix Halo`) does not replace the full release name (`DeepSeek-V4-Flash-0731`)
/// or the GPU (`Radeon 8060S`) the text states elsewhere.
#[test]
fn headline_sentence_short_names_keep_the_full_ones() {
    let c = read(
        "DeepSeek-V4 on a Strix Halo box reaches 22.43 tok/s generation\n\n\
         The report tests the whole model end to end with llama.cpp.\n\n\
         | Component | Configuration |\n|---|---|\n| GPU | Radeon 8060S |\n\
         | Target | DeepSeek-V4-Flash-0731 UD-IQ3_XXS |\n",
    );
    assert_eq!(c.figures[0].value, 22.43);
    assert_eq!(
        c.model.map(|m| m.value).as_deref(),
        Some("deepseek-v4-flash-0731")
    );
    assert_eq!(c.gpu.map(|m| m.value).as_deref(), Some("radeon-8060s"));
}

/// §1.3, §3 Load and Lengths: `TPS 60.9` (the unit as a label, no colon) is a token rate that
/// ranks before a TTFT; in `(2048 input, 3072 max, batch 1)` the batch is 1 (the `max` closes the
/// setting before it, it does not qualify the batch) and the prompt is 2,048 tokens.
#[test]
fn label_first_tps_and_a_settings_list() {
    let c = read(
        "## Performance (Model-1.7B, L4 GPU, 2048 input, 3072 max, batch 1)\n\n\
         - Engine A: TTFT 25.7ms / TPS 60.9\n- Engine B: TTFT 25.0ms / TPS 59.2\n",
    );
    assert_eq!(c.figures[0].value, 60.9);
    assert!(c.figures[0].kind.is_throughput());
    assert_eq!(c.batch_size.map(|b| b.value), Some(1));
    assert_eq!(c.prompt_tokens.map(|b| b.value), Some(2048));
    // TPS after a number is that number's unit: `1000 TPS 50 users` holds no rate of 50.
    let c = read("We hit 1000 TPS 50 users on one H100 with vLLM.");
    assert!(c.figures.iter().all(|f| f.value != 50.0));
    assert_eq!(
        lens("L4 (512 input, 128 output): 60 tok/s"),
        (Some(512), Some(128))
    );
}

/// §1.5: blocks headed by a precision (`**FP16:**`, then `**FP8:**`) over the same engines'
/// lines are a sweep of that one setting: the last block's first engine, at that block's
/// precision.
#[test]
fn precision_blocks_are_a_sweep() {
    let c = read(
        "## Performance (Model-1.7B, L4 GPU, batch 1)\n\n\
         **FP16:**\n- Engine A: TTFT 25.7ms / TPS 60.9\n- Engine B: TTFT 25.0ms / TPS 59.2\n\n\
         **FP8:**\n- Engine A: TTFT 18.3ms / TPS 104.9\n- Engine B: TTFT 20.6ms / TPS 80.2\n",
    );
    assert_eq!(c.figures[0].value, 104.9);
    assert_eq!(c.weight_dtype.map(|d| d.value).as_deref(), Some("fp8"));
}

/// §1.6 over §1.5: prose that states a change ending on one row's value (`throughput climb
/// from 122 → 1384 tok/s`, rounded) marks that row, not the table's last.
#[test]
fn prose_change_end_marks_its_row() {
    let c = read(
        "Recipe: concurrency sweep\n\n\
         Sweep concurrency over 1, 4, 16, 64 and watch throughput climb from 122 → 1384 tok/s.\n\n\
         | conc | throughput_tok_per_s | ttft_p50_ms |\n|---|---|---|\n\
         | 1 | 122.2 | 13.98 |\n| 4 | 580.3 | 22.75 |\n| 16 | 1,384.2 | 41.69 |\n| 64 | 1,312.3 | 86.92 |\n",
    );
    assert_eq!(c.figures[0].value, 1384.2);
    assert_eq!(c.concurrency.map(|x| x.value), Some(16));
}

/// §1.5 and §3 Load: a row label that states its load (`…, concurrency 16`) gives the headline
/// row's concurrency; an engine setting in the prose (`the batch-256 verify graph`) is then no
/// batch of the run.
#[test]
fn row_label_states_its_load() {
    let c = read(
        "`--mem-fraction-static 0.90` leaves headroom for the batch-256 verify graph.\n\n\
         | Workload | P50 TTFT | Total tok/s/GPU |\n|---|---:|---:|\n\
         | Random, input cap 8192, concurrency 1 | 468.93 ms | 930 |\n\
         | Random, input cap 8192, concurrency 16 | 726.81 ms | 2711 |\n",
    );
    assert_eq!(c.figures[0].value, 2711.0);
    assert_eq!(c.concurrency.map(|x| x.value), Some(16));
    assert_eq!(c.batch_size.map(|x| x.value), None);
}

/// §1.1: a latency written as a bound with `sub-` (`Latency: Sub-20ms per token`) is no
/// measurement; the run's measured request rate heads.
#[test]
fn sub_bound_latency_is_not_the_result() {
    let c = read(
        "OPTIMIZED RESULTS (RTX 4060 Laptop)\n- > Throughput: 49.66 requests/second\n\
         - > Latency: Sub-20ms per token (Amortized)\n",
    );
    assert_eq!(c.figures[0].value, 49.66);
    assert_eq!(c.figures[0].kind, FigureKind::RequestRate);
}

/// §1.4 and §1.6: `PP-512(LLaMA-3.1-8B) = 254 t/s` names llama-bench's prompt test (with a
/// hyphen, its model in parentheses): a prefill rate, and the baseline after it ("up from 224
/// t/s") measures the same, so the improved prefill rate heads.
#[test]
fn hyphenated_bench_test_before_its_model() {
    let c =
        read("We now get PP-512(LLaMA-3.1-8B) = 254 t/s on a Ryzen-7950X CPU, up from 224 t/s.");
    assert_eq!(c.figures[0].value, 254.0);
    assert_eq!(c.figures[0].kind, FigureKind::PrefillThroughput);
    let c = read("tg-128: 41.5 t/s");
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
}

/// §1.5 for logs: llama-server's progress lines (`slot print_timing: … n_gen = N, tg = X t/s,
/// tg_3s = Y t/s`) are running averages: the last line's `tg`, not its 3-second window.
#[test]
fn llama_server_progress_lines_read_last_average() {
    let c = read(
        "slot print_timing: id  0 | task 0 | n_gen =    240, tg =  79.36 t/s, tg_3s =  79.70 t/s\n\
         slot print_timing: id  0 | task 0 | n_gen =    477, tg =  79.10 t/s, tg_3s =  78.83 t/s\n\
         slot print_timing: id  0 | task 0 | n_gen =   2778, tg =  76.98 t/s, tg_3s =  74.85 t/s\n",
    );
    assert_eq!(c.figures[0].value, 76.98);
}

/// §3 Model: a verb before a size (`activates 18.6B–31.3B per token`) is no model name.
#[test]
fn verb_before_a_size_is_no_model() {
    let c =
        read("The MoE activates 18.6B-31.3B (27B on average) per token and reaches 100 tokens/s.");
    assert_eq!(c.model.map(|m| m.value), None);
}

/// §1.5: two `mlx_lm.benchmark` runs (`-b 1`, then `-b 32`) are a sweep read at the last run,
/// with that run's batch.
#[test]
fn mlx_benchmark_sweep_takes_the_last_commands_batch() {
    let c = read(
        "Benchmarks with and without batching:\n\n```\n\
         > mlx_lm.benchmark --model mlx-community/some-model-4bit -p 128 -g 128 -n 2 -b 1\n\
         Averages: prompt_tps=1077.563, generation_tps=133.149, peak_memory=4.074\n```\n\n```\n\
         > mlx_lm.benchmark --model mlx-community/some-model-4bit -p 128 -g 128 -n 2 -b 32\n\
         Averages: prompt_tps=2317.876, generation_tps=809.770, peak_memory=6.375\n```\n",
    );
    assert_eq!(c.figures[0].value, 809.77);
    assert_eq!(c.batch_size.map(|b| b.value), Some(32));
}

/// §1.5 for a table copied from a web page one cell to a line: the header's cells, then rows of
/// as many lines; the last row is the headline, with its own device and batch.
#[test]
fn one_cell_per_line_table_reads_its_last_row() {
    let c = read(
        "Throughput results, vLLM 0.8, FP8\n\
         GPU\nModel\nBatch size\nOutput tokens/s\n\
         H100 SXM\nLlama 3 70B\n32\n2,450\n\
         H200\nLlama 3 70B\n64\n3,120\n",
    );
    assert_eq!(c.figures[0].value, 3120.0);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    assert_eq!(c.gpu.map(|g| g.value), Some("h200".to_string()));
    assert_eq!(c.batch_size.map(|b| b.value), Some(64));
    // Some pages copy with a blank line after every cell.
    let c = read("Test\n\nTokens/s\n\npp512\n\n5,812.4\n\ntg128\n\n142.3\n");
    assert_eq!(c.figures[0].value, 142.3);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    // Short lines that are no table (a list of names and a number) stay prose.
    let c = read("Tested on:\nH100\nA100\nL40S\nRTX 4090\n\nBest: 1,200 tokens/s on the H100.");
    assert_eq!(c.figures[0].value, 1200.0);
}

/// §4: a question ends its sentence, so the figure asked about keeps its own model; the next
/// sentence's hoped-for figure of another model is that model's (QServe's `W4A8KV4` names the
/// weights' and the KV cache's precision; an environment variable sets the batch).
#[test]
fn a_question_ends_the_figures_sentence() {
    let c = read(
        "Expected speed for llama3-70b-instruct\n\nI ran the benchmark on an L40s:\n```\n\
         export GLOBAL_BATCH_SIZE=4 NUM_GPU_PAGE_BLOCKS=100\n\
         python qserve_benchmark.py --precision w4a8kv4 --group-size 128\n```\n\
         I get ~60 tokens/s, is this the expected throughput? I was hoping for a bit closer to \
         llama2-70b at ~280 tokens/s.",
    );
    assert_eq!(c.figures[0].value, 60.0);
    assert_eq!(c.model.map(|m| m.value).as_deref(), Some("llama-3-70b"));
    assert_eq!(c.batch_size.map(|b| b.value), Some(4));
    assert_eq!(c.weight_dtype.map(|w| w.value).as_deref(), Some("w4a8"));
    assert_eq!(c.kv_dtype.map(|w| w.value).as_deref(), Some("int4"));
}

/// §3 Lengths: a summary's mean lengths written as "Average length of prompt / response" are
/// the lengths (ai-on-gke's benchmark summary); §3 Load: trtllm-bench's "Number of concurrent
/// requests" is the load it observed (an average, rounded here); forum shorthand `36ts` is a
/// rate, not an output length.
#[test]
fn summary_records_of_lengths_and_observed_load() {
    let c = read(
        "Output_tokens/min: 19362.55\nAverage length of prompt: 17.00\n\
         Average length of response: 117.58\n",
    );
    assert_eq!(c.prompt_tokens.map(|t| t.value), Some(17));
    assert_eq!(c.output_tokens.map(|t| t.value), Some(118));
    let c = read(
        "Total Output Throughput (tokens/sec):   7517.2584\n\
         Number of concurrent requests:  1018.8281\nAverage Input Length (tokens):  1024.0000\n",
    );
    assert_eq!(c.concurrency.map(|t| t.value), Some(1019));
    let c = read("The output 36ts is this a normal generation rate for qwen3-8b?");
    assert_eq!(c.output_tokens.map(|t| t.value), None);
}

/// §3 Model: llama-bench's `deepseek2 671B` is llama.cpp's architecture name for DeepSeek V2,
/// V3 and R1: the release the title names is the model.
#[test]
fn gguf_architecture_yields_to_the_named_release() {
    let c = read(
        "Benchmarking DeepSeek R1 - 16x3090\n\n\
         | model | size | params | backend | ngl | test | t/s |\n\
         | --- | ---: | ---: | --- | --: | ---: | ---: |\n\
         | deepseek2 671B Q8_0 | 307.20 GiB | 672.05 B | CUDA | 63 | tg128 | 17.22 ± 0.05 |\n",
    );
    assert_eq!(c.figures[0].value, 17.22);
    assert_eq!(c.model.map(|m| m.value).as_deref(), Some("deepseek-r1"));
}

/// §1.5: a table's rows take the model its caption names when the rows name none (Lambda's
/// vLLM report: "`Llama 3.1 70B`: `tp=4`, …" over the table, after a sentence naming 8B and 70B);
/// §3 Lengths: `num-prompt=5000` counts prompts and `max-seq-len=2048` is a limit, neither is
/// a length; the last row is the headline.
#[test]
fn table_rows_take_their_captions_model() {
    let c = read(
        "Our tests confirm that v0.6.0 more than doubles output throughput for Llama 3.1 8B and \
         70B models. For all tests, we set `max-num-seq=256` and `max-seq-len=2048`.\n\n\
         `Llama 3.1 70B`: `tp=4`, `rps=inf`, `num-prompt=5000`, `max-num-seq=256`, \
         `max-seq-len=2048`\n\
         | vLLM version | Scheduler Steps | Output Throughput (tokens/sec) | Median TPOT (ms) |\n\
         |---|---|---|---|\n\
         | v0.5.4 | N/A | 1491.93 | 125.78 |\n\
         | v0.6.0 | 10 | 3542.88 | 61.10 |\n",
    );
    assert_eq!(c.figures[0].value, 3542.88);
    assert_eq!(c.model.map(|m| m.value).as_deref(), Some("llama-3.1-70b"));
    assert_eq!(c.prompt_tokens.map(|t| t.value), None);
    assert_eq!(c.tp.map(|t| t.value), Some(4));
}

/// §3 Load: `--request-rate inf` with no concurrency cap sends every prompt at once: the
/// summary's "Peak concurrent requests" is the prompt count, not a concurrency.
#[test]
fn peak_concurrency_under_an_infinite_rate_is_no_load() {
    let c = read(
        "vllm bench serve --model m --dataset-name random --num-prompts 100 \
         --random-input-len 2048 --random-output-len 1024 --request-rate inf\n\
         ============ Serving Benchmark Result ============\n\
         Successful requests:                     100\n\
         Output token throughput (tok/s):         1382.92\n\
         Peak concurrent requests:                100.00\n",
    );
    assert_eq!(c.figures[0].value, 1382.92);
    assert_eq!(c.concurrency.map(|t| t.value), None);
    assert_eq!(c.prompt_tokens.map(|t| t.value), Some(2048));
}

/// §1.2: a date on the first line (`March 31, 2026`) is no figure the author marks: the table's
/// last row stays the headline even when a cell holds the day's number.
#[test]
fn a_dated_first_line_marks_no_cell() {
    let c = read(
        "March 31, 2026\nI got a Mac mini M4 and benchmarked Qwen 3.5 sizes across runtimes.\n\
         | Model | Quant | Runtime | PP (t/s) | TG (t/s) |\n|---|---|---|---|---|\n\
         | 2B | Q4_K_M | Ollama | 258 | 31 |\n| 9B | Q4_K_M | Ollama | 114 | 14 |\n\
         Bold = winner for that metric at that model size.\n",
    );
    assert_eq!(c.figures[0].value, 14.0);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
}

/// §4: a device named after "over" or "than" in the figure's own sentence is the baseline's:
/// the figure keeps the device the text names for its own setup.
#[test]
fn a_device_after_over_is_the_baselines() {
    let c = read(
        "SGLang published early benchmarks of the GB200 NVL72 system. In decoding benchmarks \
         using a 2,000-token prompt, SGLang achieved 7,583 tokens per second per GPU, a 2.7× \
         improvement over H100 HGX systems.",
    );
    assert_eq!(c.figures[0].value, 7583.0);
    assert_eq!(c.gpu.map(|g| g.value).as_deref(), Some("gb200"));
}

/// §3 Quantisation: a precision the text only asks about ("是AWQ还是GPTQ？", "AWQ or GPTQ?") is
/// not stated; §3 Lengths: a run's totals (`总输入token:49851`) are no lengths per request, its
/// means (`平均输入token:99.7`) are.
#[test]
fn asked_dtypes_and_totals_are_not_settings() {
    let c = read(
        "我使用vllm推理最多只能达到1500tokens/s，batch_size为1024。\n\
         如果需要量化的话，可以提供一下量化方式，是AWQ还是GPTQ？\n",
    );
    assert_eq!(c.figures[0].value, 1500.0);
    assert_eq!(c.weight_dtype.map(|d| d.value), None);
    let c = read("Is the 1500 tokens/s I see normal, or should I quantise with AWQ or GPTQ?");
    assert_eq!(c.weight_dtype.map(|d| d.value), None);
    let c = read(
        "总输入token:49851,总输出2574919,总请求数:500,平均输入token:99.7,平均输出token:5149.8\n\
         sglang tp=8 吞吐 876.83 tokens/s\n",
    );
    assert_eq!(c.prompt_tokens.map(|t| t.value), Some(100));
    assert_eq!(c.output_tokens.map(|t| t.value), Some(5150));
}

/// §1.5 and §2: a table of statistics (`Average | P50 | P99`) whose metric only the words above
/// it name ("latency per token (in ms)") holds times per output token in ms: the last row's
/// mean, with that row's device and count; requests "sent non-concurrently" are a load of one.
#[test]
fn a_stat_table_takes_its_metric_from_the_words_above() {
    let c = read(
        "All of the requests are sent **non-concurrently**, and the metric of interest here is \
         simply **latency per token (in ms) for each request**.\n\n\
         | GPU      | #GPU | Average | P50   | P99   |\n\
         | -------- | ---- | ------- | ----- | ----- |\n\
         | A100-80G | 1    | 46.79   | 46.07 | 55.25 |\n\
         | H100     | 4    | 31.77   | 30.50 | 47.52 |\n",
    );
    assert_eq!(c.figures[0].value, 31.77);
    assert_eq!(c.figures[0].kind, FigureKind::Tpot);
    assert_eq!(c.figures[0].unit, "ms");
    assert_eq!(c.gpu.map(|g| g.value).as_deref(), Some("h100"));
    assert_eq!(c.gpu_count.map(|g| g.value), Some(4));
    assert_eq!(c.concurrency.map(|g| g.value), Some(1));
    // Without the words naming a latency, the statistics are no time per output token.
    let c = read(
        "| GPU | #GPU | Average | P50 |\n| --- | --- | --- | --- |\n| H100 | 4 | 31.77 | 30.50 |\n",
    );
    assert!(c.figures.iter().all(|f| f.kind != FigureKind::Tpot));
}

/// §3 Hardware: a count of cards written before a bare GeForce number (`8卡4090`) is the count;
/// a TP of 16 runs on at least 16 GPUs (`2*H100 … --tp 16`: two servers).
#[test]
fn card_counts_and_tp_bound_the_gpu_count() {
    let c = read("使用8卡4090部署deepseek 32B模型，单次请求推理速度在30t/s");
    assert_eq!(c.gpu.map(|g| g.value).as_deref(), Some("rtx-4090"));
    assert_eq!(c.gpu_count.map(|g| g.value), Some(8));
    let c = read(
        "2*H100 部署DeepSeek R1, 推理速度只有19tokens/s\n\
         python3 -m sglang.launch_server --model-path /data/models/DeepSeek-R1 --tp 16 --nnodes 2",
    );
    assert_eq!(c.tp.map(|t| t.value), Some(16));
    assert_eq!(c.gpu_count.map(|g| g.value), Some(16));
}

/// §3 Runtime: engines recognised by their tools' output (OpenVINO GenAI's `benchmark_genai`,
/// ExLlamaV2's `-- Measuring token speed...`) are partial; §3 Quantisation: `q4-k-m` written
/// with hyphens is Q4_K_M.
#[test]
fn engines_by_their_tools_and_hyphenated_gguf_types() {
    let c = read(
        "how to understand the benchmark_genai's results?\nTTFT: 20.88 ± 0.47 ms\n\
         TPOT: 20.88 ± 0.47 ms\nThroughput : 47.89 ± 1.07 tokens/s\n",
    );
    assert_eq!(c.runtime.map(|r| r.value).as_deref(), Some("openvino"));
    let c = read(" -- Measuring token speed...\n ** Position     1 + 127 tokens:   35.9594 t/s\n");
    assert_eq!(c.runtime.map(|r| r.value).as_deref(), Some("exllamav2"));
    let c = read("安装完Deepseek-r1-q4-k-m后，解码速度最佳是维持在6.5tokens/s");
    assert_eq!(c.weight_dtype.map(|d| d.value).as_deref(), Some("q4_k_m"));
}

/// §2: a tool's step line names the phase of every result line under it (ExLlamaV2's
/// `-- Measuring prompt speed...` over prefill rates, `-- Measuring token speed...` over decode
/// rates).
#[test]
fn a_step_line_names_the_phase_of_its_results() {
    let c = read(
        " -- Measuring prompt speed...\n ** Length   128 tokens:    355.7812 t/s\n\
         ** Length   256 tokens:    604.9509 t/s\n -- Measuring token speed...\n\
         ** Position     1 + 127 tokens:   35.9594 t/s\n\
         ** Position   128 + 128 tokens:   35.5533 t/s\n\
         ** Position   256 + 128 tokens:   34.5516 t/s\n",
    );
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    assert!(c
        .figures
        .iter()
        .filter(|f| f.value > 300.0)
        .all(|f| f.kind == FigureKind::PrefillThroughput));
    assert!(c
        .figures
        .iter()
        .filter(|f| f.value < 100.0)
        .all(|f| f.kind == FigureKind::DecodeThroughput));
}

/// §3 Hardware: a memory size glued after the name with an `x` (`Single A100x80GB`) is no
/// count of devices.
#[test]
fn a_memory_size_after_x_is_no_count() {
    let c = read("Single A100x80GB, 1k context, output 512 tokens, batch size=16, 38.57 s");
    assert_eq!(c.gpu_count.map(|g| g.value), Some(1));
    // The size is the variant (CLAIMS.md §3: the configuration when written).
    assert_eq!(c.gpu.map(|g| g.value), Some("a100-80gb".to_string()));
    let c = read("On Llama-2 70B with 4 A100x80GB, 1.36 rps at 9 seconds of latency");
    assert_eq!(c.gpu.map(|g| g.value), Some("a100-80gb".to_string()));
    assert_eq!(c.gpu_count.map(|g| g.value), Some(4));
    let c = read("Llama 3 70B on H100x8 reaches 2,400 output tokens/s");
    assert_eq!(c.gpu_count.map(|g| g.value), Some(8));
}

/// §1.5: a column header that names the device (`| 4090实测速度 |`, "speed measured on the
/// 4090") gives the column's figures their device, over a device the prose names as too dear.
#[test]
fn a_column_header_names_its_device() {
    let c = read(
        "Qwen3-14B低成本部署\n想跑一个真正好用的大模型，但A100太贵租不起。\n\
         | 格式 | 显存占用 | 4090实测速度 | 是否推荐 |\n|---|---|---|---|\n\
         | BF16(vLLM加载) | 26.5 GB | 68 token/s | 可行但未达最优 |\n\
         | FP8(AWQ量化) | 14.2 GB | 80.3 token/s | 推荐首选 |\n",
    );
    assert_eq!(c.figures[0].value, 80.3);
    assert_eq!(c.gpu.map(|g| g.value).as_deref(), Some("rtx-4090"));
}

/// §3 Hardware: "the two chips" refers to devices already named (the run's and a comparison's),
/// not a second count of the run's: one Mac Studio M1 Ultra with its memory stays stated.
#[test]
fn the_two_chips_is_no_second_count() {
    let c = read(
        "- Mac Studio M1 Ultra, 128 GB, macOS 26.1\n\n| ctx | prefill t/s | gen steady t/s |\n\
         |---:|---:|---:|\n| 2048 | 225.23 | 23.54 |\n| 65536 | 150.06 | 18.53 |\n\n\
         Generation is very close to the existing M2 Ultra CSV, which matches the two chips \
         sharing the same 800 GB/s memory bandwidth.",
    );
    assert_eq!(c.gpu_count.as_ref().map(|g| g.value), Some(1));
    assert!(!c.gpu_count_conflict);
}

/// §3 Hardware: a title naming the one device benchmarked ("Benchmark Nvidia RTX 4090") is
/// that device, one of it.
#[test]
fn a_benchmark_title_names_one_device() {
    let c = read(
        "Benchmark Nvidia RTX 4090\n\n| model | size | params | backend | ngl | test | t/s |\n\
         | --- | ---: | ---: | --- | --: | ---: | ---: |\n\
         | llama 1B Q4_K - Medium | 636.18 MiB | 1.10 B | Vulkan | 99 | tg128 | 762.37 ± 4.41 |\n",
    );
    assert_eq!(c.figures[0].value, 762.37);
    assert_eq!(c.gpu.map(|g| g.value).as_deref(), Some("rtx-4090"));
    assert_eq!(c.gpu_count.map(|g| g.value), Some(1));
}

/// §3 Hardware: a device named in the singular as the machine the run used is one device —
/// "RTX 4070マシン" ("an RTX 4070 machine"), "测试硬件为 A100" ("the test hardware is an A100"),
/// "on our … RTX PRO 6000 Blackwell setup"; a server may hold several, so it counts nothing.
#[test]
fn a_device_named_as_the_machine_is_one() {
    let count = |t: &str| read(t).gpu_count.map(|g| g.value);
    assert_eq!(
        count("RTX 4070マシンでgpt-oss-20bを動かした。13.45 tok/sec で生成。"),
        Some(1)
    );
    assert_eq!(
        count("测试硬件为 A100-SXM4-80G，生成速度 30.06 token/s。"),
        Some(1)
    );
    assert_eq!(
        count("On our EPYC 9175F + RTX PRO 6000 Blackwell setup, decode runs at 66.84 t/s."),
        Some(1)
    );
    assert_eq!(count("Our H100 server decodes at 2,000 tok/s."), None);
}

/// §3 Runtime: engines outside the list keep their own names — quantisation toolkits that run
/// their own kernels (AutoAWQ, AutoGPTQ), QServe, llama.cpp's ik fork, gpt-fast and NVIDIA's
/// edge engine — instead of nothing or the engine family (TensorRT).
#[test]
fn engines_outside_the_list_keep_their_names() {
    let rt = |t: &str| read(t).runtime.map(|r| r.value);
    assert_eq!(
        rt("AutoAWQ benchmark, Mistral 7B on an RTX 4090: decode 153 tokens/s.").as_deref(),
        Some("autoawq")
    );
    assert_eq!(
        rt("auto-gptq 4-bit LLaMA 7B on A100: 25 tokens/s").as_deref(),
        Some("autogptq")
    );
    assert_eq!(
        rt("ik_llama.cpp build 4192 on an RTX 4090: tg128 99.4 t/s").as_deref(),
        Some("ik_llama.cpp")
    );
    assert_eq!(
        rt("TensorRT Edge-LLM on Jetson Thor: generation 52 tokens/s").as_deref(),
        Some("tensorrt-edge-llm")
    );
}

/// §1.5 and §2: a table whose unit is named only in a quoted caption (`> … speed metric is
/// tokens/s`) reads its precision columns as the rates, not the `num_beams` setting; a column
/// with an OOM cell holds no figure for that row; the caption's "batch size of input is 1" and
/// "generate 512 tokens" are the batch and output length.
#[test]
fn quoted_caption_names_the_unit_and_a_beam_column_is_a_setting() {
    let c = read(
        "### Inference Speed\n> The result is generated using this script, batch size of input \
         is 1, decode strategy is beam search and enforce the model to generate 512 tokens, \
         speed metric is tokens/s (the larger, the better).\n>\n\n\
         | model | GPU | num_beams | fp16 | gptq-int4 |\n|---|---|---|---|---|\n\
         | llama-7b | 1xA100-40G | 1 | 18.87 | 25.53 |\n\
         | gpt-j 6b | 1xRTX3060-12G | 4 | OOM | 47.36 |\n",
    );
    assert_eq!(c.figures[0].value, 47.36);
    assert_eq!(
        c.weight_dtype.map(|w| w.value).as_deref(),
        Some("gptq-int4")
    );
    assert_eq!(c.batch_size.map(|b| b.value), Some(1));
    assert_eq!(c.output_tokens.map(|o| o.value), Some(512));
}

/// §1.5 and §2: a docs table copied one cell to a line, each cell with its column's closing
/// pipe and the header's rule kept (`Model |` … `|---|---|`): its last row is read; a generation
/// column beside a prefill column is the decode rate; `INT4 AWQ` is AWQ at 4 bits.
#[test]
fn piped_one_cell_lines_table() {
    let c = read(
        "LLM — Vanilla Decoding#\nModel |\nPrecision |\nBatch |\nPrefill (tok/s) |\n\
         Generation (tok/s) |\n|---|---|---|---|---|\n\
         Llama-3.1-8B-Instruct |\nINT4 AWQ |\n1 |\n1,777 |\n50.8 |\n\
         Llama-3.1-8B-Instruct |\nNVFP4 |\n8 |\n7,905 |\n308.7 |\n\
         Qwen3-4B-Instruct-2507 |\nINT4 AWQ |\n8 |\n1,938 |\n240.3 |\n",
    );
    assert_eq!(c.figures[0].value, 240.3);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    assert_eq!(c.batch_size.map(|b| b.value), Some(8));
    assert_eq!(c.weight_dtype.map(|w| w.value).as_deref(), Some("awq-int4"));
    assert_eq!(
        c.model.map(|m| m.value).as_deref(),
        Some("qwen3-4b-instruct-2507")
    );
}

/// §1 and §3: a tool's metric named with its unit in a sentence, the value after "约为" or "is
/// about" (`Output token throughput (tok/s) 约为 20`), is that metric; `GPTQ-Int8` in a model
/// name is GPTQ at 8 bits, not the 4-bit default.
#[test]
fn metric_with_unit_then_about_value_and_gptq_width() {
    let c = read(
        "我在压测由vllm启动的Qwen2.5-32B-Instruct-GPTQ-Int8模型。输出指标中，TTFT约为 0.25，\
         Output token throughput (tok/s) 约为 20。",
    );
    assert_eq!(c.figures[0].value, 20.0);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    assert_eq!(
        c.weight_dtype.map(|w| w.value).as_deref(),
        Some("gptq-int8")
    );
    let c = read("Output token throughput (tok/s) is about 1,250 on an H100.");
    assert_eq!(c.figures[0].value, 1250.0);
}

/// §2: `Gen tok/s` beside `Prefill tok/s` is the decode phase's rate (llama.cpp tables).
#[test]
fn gen_column_beside_prefill_is_decode() {
    let c = read(
        "| Model | Prefill tok/s | Gen tok/s | Wall time |\n|---|---|---|---|\n\
         | gpt-oss-20b Q8_0 | 1040 | 70 | 24s |\n| LFM2-24B-A2B Q4_K_M | 1190 | 109 | 20s |\n",
    );
    assert_eq!(c.figures[0].value, 109.0);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
}

/// §3 Hardware: a part sold with two memory sizes is read with the size written — `A800-SXM4-80GB`
/// is `a800-80gb`, `V100 16GB` is `v100-16gb` (a catalog part: 16 GB at the 32 GB part's 900
/// GB/s), `4060ti 16GB` is `rtx-4060-ti-16gb`.
#[test]
fn memory_size_picks_the_part() {
    let gpu = |t: &str| read(t).gpu.map(|g| g.value);
    assert_eq!(
        gpu("在A800-SXM4-80GB上测试，吞吐 1200 token/s").as_deref(),
        Some("a800-80gb")
    );
    assert_eq!(
        gpu("4x V100 16GB with LMDeploy: 80 token/s").as_deref(),
        Some("v100-16gb")
    );
    assert_eq!(
        gpu("On an RTX 4060 Ti 16GB ollama gives 38.37 tokens/s").as_deref(),
        Some("rtx-4060-ti-16gb")
    );
    let v = benchfit_core::catalog::gpu("v100-16gb").unwrap();
    assert_eq!((v.hbm_tb_per_s, v.memory_mib), (0.9, 16_160.0));
}

/// §3: "Input length): 100 tokens" after a Chinese key with the English in brackets is the
/// length; `8x GPUs` counts eight, but beside a count already read it is another setup's, no
/// conflict.
#[test]
fn bracketed_length_keys_and_times_gpus() {
    let c = read(
        "- 输入长度(Input length): 100 tokens\n- 输出长度(Output length): 600 tokens\n\
         H100 output: 1191 tokens/s",
    );
    assert_eq!(
        (
            c.prompt_tokens.map(|p| p.value),
            c.output_tokens.map(|o| o.value)
        ),
        (Some(100), Some(600))
    );
    let c = read("Platform: NVIDIA HGX B200, 8x GPUs, single node.\nGLM-5: 2,132 tok/s");
    assert_eq!(c.gpu_count.map(|g| g.value), Some(8));
    let c = read(
        "Llama 3 8B now reaches 410 toks/s/user with 4x MI300x. We are still CPU limited, \
         especially at 8x GPUs.",
    );
    assert_eq!(c.gpu_count.map(|g| g.value), Some(4));
    assert!(!c.gpu_count_conflict);
}

/// §3: a concurrency cell with its lengths glued in a note (`128(1K TO 1K)`) is the load 128
/// and lengths 1,000/1,000.
#[test]
fn concurrency_cell_with_glued_length_note() {
    let c = read(
        "并发数量 | 首Token中位数（TTFT） (ms) | Token吞吐量 (tok/s)\n-- | -- | --\n\
         128(1K TO 1K) | 364.66 | 2059.97\n",
    );
    assert_eq!(c.figures[0].value, 2059.97);
    assert_eq!(c.concurrency.map(|x| x.value), Some(128));
    assert_eq!(
        (
            c.prompt_tokens.map(|p| p.value),
            c.output_tokens.map(|o| o.value)
        ),
        (Some(1000), Some(1000))
    );
}

/// §3 Lengths: a named input/output pair written with thousands separators (`Input/Output
/// tokens: 2,048 / 512`) is 2,048 in and 512 out.
#[test]
fn named_length_pair_with_thousands() {
    let c = read("Input/Output tokens: 2,048 / 512 (random synthetic)\nGLM-5 on B200: 2,132 tok/s");
    assert_eq!(
        (
            c.prompt_tokens.map(|p| p.value),
            c.output_tokens.map(|o| o.value)
        ),
        (Some(2048), Some(512))
    );
}

/// §1.4 and §2: llama-bench's JSON output (`-o json`) gives a prefill rate for the object whose
/// `n_gen` is 0 and a decode rate for the one whose `n_prompt` is 0 (`avg_ts`, tokens/s): the
/// decode rate heads, with the tests' 512 and 128 tokens as lengths.
#[test]
fn llama_bench_json_output() {
    let c = read(
        "[\n  {\n    \"gpu_info\": \"NVIDIA GeForce RTX 4080\",\n    \"n_prompt\": 512,\n    \
         \"n_gen\": 0,\n    \"avg_ts\": 7100.002165\n  },\n  {\n    \"gpu_info\": \"NVIDIA GeForce \
         RTX 4080\",\n    \"n_prompt\": 0,\n    \"n_gen\": 128,\n    \"avg_ts\": 118.881588\n  }\n]",
    );
    assert_eq!(c.figures[0].value, 118.881588);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    assert_eq!(
        (
            c.prompt_tokens.map(|p| p.value),
            c.output_tokens.map(|o| o.value)
        ),
        (Some(512), Some(128))
    );
}

/// §2: a rate labelled with the generation phase is a decode rate, in a table column of its own
/// (`| Gen tok/s |`, no prefill column beside it) and in prose ("11 t/s generation").
#[test]
fn generation_phase_label_is_decode() {
    let t = read(
        "| Variant | Quant | Backend | Conc. | Gen tok/s |\n|---|---|---|---|---|\n\
         | 8b | Q4_K_M | llama.cpp | 1 | 91.5 |",
    );
    assert_eq!(t.figures[0].value, 91.5);
    assert_eq!(t.figures[0].kind, FigureKind::DecodeThroughput);
    let p = read("I can't get gemma 3 27b q4_k_m on my RTX 3090 past 11 t/s generation.");
    assert_eq!(p.figures[0].value, 11.0);
    assert_eq!(p.figures[0].kind, FigureKind::DecodeThroughput);
}

/// §2: "time between tokens (TBT)" is the inter-token latency, in the unit written.
#[test]
fn time_between_tokens_is_itl() {
    let c = read(
        "Sequoia can serve Llama2-70B on a single RTX-4090 with an average time between tokens \
         (TBT) as low as 0.57s, which is 8X faster than offloading.",
    );
    assert_eq!(c.figures[0].value, 0.57);
    assert_eq!(c.figures[0].unit, "s");
    assert_eq!(c.figures[0].kind, FigureKind::Itl);
}

/// §1 and §2: Chinese posts name the rate by its unit and then say "is" (`自回归tokens/s仅为
/// 40.24`, "the autoregressive tokens/s is only 40.24": a decode rate) or give tokens generated
/// each second "at about" a value in backticks (`每秒生成 token 数量在 \`1500~2000\` 左右`: the
/// low end, 1,500, output tokens).
#[test]
fn chinese_unit_then_is_value() {
    let a = read("A100的自回归tokens/s仅为40.24是否太慢了？");
    assert_eq!(a.figures[0].value, 40.24);
    assert_eq!(a.figures[0].kind, FigureKind::DecodeThroughput);
    let b = read("128 并发进行推理时，每秒生成 token 数量在 `1500~2000` 左右。");
    assert_eq!(b.figures[0].value, 1500.0);
    assert_eq!(b.figures[0].kind, FigureKind::ThroughputOutput);
}

/// §2: one request's inference time (`Average inference time | 0.78 seconds`) is its
/// end-to-end latency; a run's total inference time is no request's latency.
#[test]
fn inference_time_is_e2e_latency() {
    let c = read(
        "| Category | Metric | Value |\n|---|---|---|\n| **Inference Statistics** | Average \
         inference time | 0.78 seconds |\n| | Min inference time | 0.75 seconds |",
    );
    assert_eq!(c.figures[0].value, 0.78);
    assert_eq!(c.figures[0].kind, FigureKind::E2eLatency);
    let t = read("Total inference time: 310 s for 500 prompts on one L4.");
    assert!(t.figures.iter().all(|f| f.kind != FigureKind::E2eLatency));
}

/// §3 Runtime: engines outside the list keep their own ids: mistral.rs by its binaries'
/// names, candle, Rockchip's RKLLM, Petals and Chitu (赤兔).
#[test]
fn more_engines_keep_their_ids() {
    let rt = |t: &str| read(t).runtime.map(|r| r.value);
    assert_eq!(
        rt("Ran mistralrs-server on one A10: Mistral 7B decode 73.8 tok/s").as_deref(),
        Some("mistral.rs")
    );
    assert_eq!(
        rt("With Candle on an M2 Ultra, Mistral 7B q4k: 31 tokens/s").as_deref(),
        Some("candle")
    );
    assert_eq!(
        rt("RK3588 NPU, qwen3 0.6b rkllm model: 16.02 tokens/s").as_deref(),
        Some("rkllm")
    );
    assert_eq!(
        rt("「赤兔」Chitu 框架实测: Qwen3-32B 在 H20 上 1,200 tokens/s").as_deref(),
        Some("chitu")
    );
}

/// §1.5 and §1.6: vLLM's progress bars: a finished bar (`100%| 500/500`) gives the run's rate,
/// ahead of a later bar still running (`71%| 337/477`), whose rate is an estimate.
#[test]
fn finished_progress_bar_beats_running_one() {
    let c = read(
        "Processed prompts: 100%|████| 500/500 [39:42<00:00,  4.25s/it, est. speed input: 78.87 \
         toks/s, output: 76.87 toks/s]\n-----\nProcessed prompts:  71%|███  | 337/477 \
         [12:31:19<5:40:32, 145.95s/it, est. speed input: 122.79 toks/s, output: 4.98 toks/s]",
    );
    assert_eq!(c.headline().unwrap().value, 76.87);
    assert_eq!(c.headline().unwrap().kind, FigureKind::ThroughputOutput);
}

/// §1.2 and §1.6: a change written in bold before a before/after table (`**106.71 → 118.42
/// tok/s**`) marks the table's "after" row, not its baseline.
#[test]
fn bold_change_marks_the_after_row() {
    let c = read(
        "Restoring depth 3 takes **dspark-decode@4k 106.71 → 118.42 tok/s (1.110x)**.\n\n\
         | | decode tok/s |\n|---|--:|\n| before (main) | 106.71 |\n| after (this PR) | 118.42 |",
    );
    assert_eq!(c.headline().unwrap().value, 118.42);
}

/// §2 Scope: a decode rate is one stream's when something says so (a llama.cpp or ollama
/// timing, llama.cpp's `t/s`, words for one stream); one with nothing said of its load is left
/// unscoped (null), not guessed per user.
#[test]
fn decode_rate_scope_needs_a_sign_of_one_stream() {
    let eval = read("eval rate:            2.863244102057046 tokens/s");
    assert_eq!(eval.figures[0].scope, Some(Scope::PerUser));
    let short = read("KoboldCpp on a 3090: generation 3.76T/s");
    assert_eq!(short.figures[0].scope, Some(Scope::PerUser));
    let single = read("Qwen3 32B AWQ on one L40S, single-stream decode speed 31.2 tok/s");
    assert_eq!(single.figures[0].scope, Some(Scope::PerUser));
    // `bs16` is no batch of 1.
    let sixteen = read("Tested with bs16 on an L40S: the decode speed is 31.2 tok/s.");
    assert_ne!(sixteen.figures[0].scope, Some(Scope::PerUser));
    let bare = read("The decode speed of Qwen3 32B AWQ on an L40S is 31.2 tok/s.");
    assert_eq!(bare.figures[0].kind, FigureKind::DecodeThroughput);
    assert_eq!(bare.figures[0].scope, None);
}

/// §3 Runtime: more engines with their own ids: vLLM's Rust port (`vllm.rs`, not vLLM),
/// WebLLM, wllama, LiteRT-LM, MindFormers, TabbyAPI, Optimum-NVIDIA and oobabooga's
/// text-generation-webui.
#[test]
fn engines_named_like_others_keep_their_ids() {
    let rt = |t: &str| read(t).runtime.map(|r| r.value);
    assert_eq!(
        rt("vllm.rs on one A100: Qwen3-8B, 256 concurrent requests, 5,120 tokens/s").as_deref(),
        Some("vllm.rs")
    );
    assert_eq!(
        rt("WebLLM in Chrome on an RTX 4050 laptop: Llama 3.2 1B at ~46 tok/s").as_deref(),
        Some("web-llm")
    );
    assert_eq!(
        rt("TabbyAPI on 3x RTX 3090, 4.5 bpw: 10.38 tokens/s").as_deref(),
        Some("tabbyapi")
    );
    assert_eq!(
        rt("MindFormers 在 910B 上 token生成速度 6tokens/s").as_deref(),
        Some("mindformers")
    );
}

/// §1.6: a change "from approximately X in February to Y" starts at X: Y, where it ends, heads.
#[test]
fn hedged_from_is_the_baseline() {
    let c = read(
        "Performance increased from approximately 2000 TPS/GPU in February to 4600 TPS/GPU on \
         ISL/OSL 1K/2K dataset.",
    );
    assert_eq!(c.headline().unwrap().value, 4600.0);
}

/// §3 Hardware: a desktop card or Apple chip named once, with nothing plural, is one device
/// even where the sentence does not say it was used ("Thanks for sharing the RTX 4090 run");
/// a data-centre GPU named as a product in general keeps no count.
#[test]
fn one_desktop_device_is_one() {
    let c = read("Thanks for sharing the RTX 4090 run: Qwen3 8B Q4_K_M decodes at 128 tok/s.");
    assert_eq!(c.gpu.map(|g| g.value).as_deref(), Some("rtx-4090"));
    assert_eq!(c.gpu_count.map(|g| g.value), Some(1));
    let m = read("The M3 Max gets 35 tokens/s on Llama 3.1 8B Q4_K_M with llama.cpp.");
    assert_eq!(m.gpu_count.map(|g| g.value), Some(1));
    let dc = read("Per the article, an H100 can generate 900,000 token/s per MW.");
    assert_eq!(dc.gpu_count, None);
    let two = read("Two RTX 3090s with llama.cpp: 18 tok/s on Llama 3 70B Q4_K_M.");
    assert_eq!(two.gpu_count.map(|g| g.value), Some(2));
}

/// §3 Lengths: a count of generated tokens written in Chinese or Japanese (生成2048个token,
/// 8192個の新しいトークンを生成) is the output length; a rate (每秒生成 40 个 token) is not.
#[test]
fn cjk_generated_counts_are_output_lengths() {
    let zh = read("我们测算了在生成2048个token时的平均推理速度：Qwen-72B Int4 为 17.6 tokens/s。");
    assert_eq!(zh.output_tokens.map(|o| o.value), Some(2048));
    let ja =
        read("1コンテクスト・トークンで8192個の新しいトークンを生成している。Int4: 33.83 tokens/s");
    assert_eq!(ja.output_tokens.map(|o| o.value), Some(8192));
    let rate = read("在 RTX 4090 上每秒生成 40 个 token。");
    assert_eq!(rate.output_tokens, None);
}

/// §3 Lengths: LM Studio's stats line (`16.91 tok/sec • 1514 tokens • 3.49s to first token`)
/// gives the reply's generated tokens; of several replies, the last one shown (§1.5).
#[test]
fn lm_studio_stats_give_the_output_length() {
    let one = read(
        "ROCm : 16.91 tok/sec • 1514 tokens • 3.49s to first token • Stop reason: EOS Token Found",
    );
    assert_eq!(one.output_tokens.map(|o| o.value), Some(1514));
    let two = read(
        "Vulkan: 30.2 tok/sec, 637 tokens, 0.41s to first token\n\
         ROCm: 22.4 tok/sec, 77 tokens, 0.35s to first token",
    );
    assert_eq!(two.output_tokens.map(|o| o.value), Some(77));
}

/// §1.5: a table under a caption that gives the rate's unit takes that unit for its bare
/// columns, but not for a column that names another measure (`Acceptance`, `VRAM (GB)`):
/// an acceptance rate of 0.60 is no token rate.
#[test]
fn caption_unit_skips_columns_of_other_measures() {
    let c = read(
        "Draft-length sweep, decode speed in tok/s:\n\n\
         | n-max | Overall | Acceptance |\n|---|---|---|\n\
         | 2 | 43.9 | 0.60 |\n| 3 | 42.0 | 0.42 |",
    );
    let values: Vec<f64> = c.figures.iter().map(|f| f.value).collect();
    assert!(!values.contains(&0.42), "{values:?}");
    assert!(!values.contains(&0.60), "{values:?}");
    assert_eq!(c.headline().unwrap().value, 42.0);
}

/// §1.5: a space-separated table whose cells write a unit after a space (`2.1 s`, `18.9 GB`)
/// keeps each value with its unit, so the rows still line up with the header's columns and
/// the last row heads.
#[test]
fn space_table_cells_keep_their_units() {
    let c = read(
        "On one RTX 4090, Qwen3-8B FP8:\n\n\
         Users Context Output tok/s Prefill tok/s TTFT\n\
         1 8K 96.1 5210 1.6 s\n\
         4 8K 301.5 5102 3.9 s\n\
         1 64K 71.0 2901 22.4 s\n",
    );
    let h = c.headline().unwrap();
    assert_eq!(h.value, 71.0);
    assert_eq!(c.concurrency.map(|x| x.value), Some(1));
    assert_eq!(c.prompt_tokens.map(|x| x.value), Some(64000));
}

/// §3 Lengths: "N tokens" followed on the next line by a row named `Input` is no "N-token
/// input": a line break ends the phrase (`Generated 2419 tokens` / `Input 23 tokens`).
#[test]
fn a_line_break_ends_a_length_phrase() {
    let c = read("Speed 44.4 tok/s\nTime 54.48 s\nGenerated 2419 tokens\nInput 23 tokens\n");
    assert_eq!(c.prompt_tokens.map(|x| x.value), Some(23));
    assert_eq!(c.output_tokens.map(|x| x.value), Some(2419));
}

/// §1.3 / §2: keyed records of two more tools. llama-server's `timings` block gives one
/// request's decode (`predicted_per_second`, per user) and prefill (`prompt_per_second`) rates,
/// and names llama.cpp by its shape; mistral.rs's `Usage` record gives completion tokens per
/// second (output). A prose "tokens-per-second" is no `mlx_lm` stats line.
#[test]
fn llama_server_timings_and_mistral_rs_usage() {
    let c = read(
        "I want to see tokens-per-second speed in the UI.\n\"timings\": {\n  \"prompt_n\": 1,\n  \
         \"prompt_per_second\": 66.31,\n  \"predicted_n\": 5,\n  \"predicted_per_second\": 102.07\n}",
    );
    let h = c.headline().unwrap();
    assert_eq!(h.value, 102.07);
    assert_eq!(h.kind, FigureKind::DecodeThroughput);
    assert_eq!(h.scope, Some(Scope::PerUser));
    assert_eq!(c.runtime.map(|r| r.value).as_deref(), Some("llama.cpp"));
    let m = read(
        "Usage { completion_tokens: 501, prompt_tokens: 28, avg_tok_per_sec: 16.98, \
         avg_prompt_tok_per_sec: 76.08, avg_compl_tok_per_sec: 16.27 }",
    );
    let h = m.headline().unwrap();
    assert_eq!(h.value, 16.27);
    assert_eq!(h.kind, FigureKind::ThroughputOutput);
}

/// §1.3: SGLang's `bench_one_batch` prints every decode step's rate and then their median, for
/// a warm-up block and a benchmark block: the last median line heads, not the warm-up's first
/// (slow) step.
#[test]
fn bench_one_batch_takes_the_last_median() {
    let c = read(
        "python3 -m sglang.bench_one_batch --batch-size 1 --input 128 --output 256\n\
         Prefill. latency: 1.91032 s, throughput:     67.00 token/s\n\
         Decode.  latency: 1.04900 s, throughput:      0.95 token/s\n\
         Decode.  latency: 0.02175 s, throughput:     45.99 token/s\n\
         Decode.  median latency: 0.02097 s, median throughput:     47.68 token/s\n\
         Total. latency:  3.086 s, throughput:     44.07 token/s\n\
         Benchmark ...\n\
         Prefill. latency: 0.19635 s, throughput:    651.90 token/s\n\
         Decode.  latency: 0.02100 s, throughput:     47.62 token/s\n\
         Decode.  median latency: 0.02098 s, median throughput:     47.67 token/s\n\
         Total. latency:  5.537 s, throughput:     69.35 token/s\n",
    );
    assert_eq!(c.headline().unwrap().value, 47.67);
}

/// §3 Hardware: Huawei's Atlas 300I inference cards keep their own id
/// (`ascend-atlas-300i-a2`), and an `NPU:` record names the run's one device.
#[test]
fn atlas_300i_card_in_an_npu_record() {
    let c =
        read("测试配置：\n- 服务器型号：Atlas 2UP\n- NPU：Atlas 300I A2\n- decode 16.48 tokens/s");
    assert_eq!(
        c.gpu.map(|g| g.value).as_deref(),
        Some("ascend-atlas-300i-a2")
    );
    assert_eq!(c.gpu_count.map(|g| g.value), Some(1));
}

/// §3 Quantisation: a precision named as what the hardware can do after it ("native FP8
/// support") or as a peak's format in parentheses (`23 PFLOPS (Block FP8)`) is no run's
/// weight precision.
#[test]
fn capability_and_spec_precisions_are_not_the_weights() {
    let c = read(
        "Our bench uses 8xA100s at 1,200 tok/s. I know H100s have an advantage due to native \
         FP8 support via specialized tensor cores.",
    );
    assert_eq!(c.weight_dtype, None);
    let s =
        read("A rack of 32 Blackhole chips delivering 23 PFLOPS (Block FP8) serves 5,000 tok/s.");
    assert_eq!(s.weight_dtype, None);
    let run = read("Llama 3.1 70B FP8 on one H100: 2,100 tok/s output at concurrency 64.");
    assert_eq!(run.weight_dtype.map(|w| w.value).as_deref(), Some("fp8"));
}

/// §2: a request's response time written in Chinese (`平均响应速度是143秒`, "the average
/// response time is 143 s"; `响应时间 41s`) is its end-to-end latency, per user; a first
/// token's response time (`首字响应时间`) stays TTFT.
#[test]
fn chinese_response_time_is_e2e() {
    let c = read("8张昆仑芯P800，现在的平均响应速度是143秒，怎么提高？");
    let h = c.headline().unwrap();
    assert_eq!((h.value, h.kind), (143.0, FigureKind::E2eLatency));
    assert_eq!(h.unit, "s");
    let t = read("vLLM 上首字响应时间 850 ms。");
    assert_eq!(t.headline().unwrap().kind, FigureKind::Ttft);
}

/// §3 Hardware: the base Apple chips are sold with several memory sizes and GPU-core counts
/// (an M4 with 16, 24 or 32 GB), and the A800 (40/80 GB), P100 (12/16 GB), Jetson AGX Orin
/// (32/64 GB) and RTX PRO 6000 Blackwell (Workstation, Max-Q, Server) in several
/// configurations: partial unless the configuration is written.
#[test]
fn more_families_need_their_configuration() {
    use benchfit_core::check;
    use benchfit_core::checklist::Status;
    let hw = |t: &str| check(t).checklist[5].status;
    assert_eq!(
        hw("On a Mac mini M4, Qwen3 8B 4-bit runs at 24 tok/s with MLX."),
        Status::Partial
    );
    assert_eq!(
        hw("On a Mac mini M4 (24 GB), Qwen3 8B 4-bit runs at 24 tok/s with MLX."),
        Status::Stated
    );
    assert_eq!(
        hw("8*A800 with vLLM: Qwen2-72B AWQ reaches 2,300 tok/s at batch 64."),
        Status::Partial
    );
    assert_eq!(
        hw("On one RTX PRO 6000, gpt-oss-120b decodes at 180 tok/s."),
        Status::Partial
    );
    assert_eq!(
        hw("On one RTX 4090, gpt-oss-20b decodes at 180 tok/s."),
        Status::Stated
    );
}

/// §3 Runtime: engines outside the list keep their names, also as their own tables shorten
/// them (`KTrans Decode token/s` is KTransformers) and as their CLI names them (`ftllm` is
/// fastllm).
#[test]
fn engine_abbreviations_and_cli_names() {
    let rt = |t: &str| read(t).runtime.map(|r| r.value);
    assert_eq!(
        rt("| Prompt length | 1K | 4K |\n|---|---|---|\n| KTrans Decode token/s | 16.07 | 16.48 |")
            .as_deref(),
        Some("ktransformers")
    );
    assert_eq!(
        rt("ftllm server /models/qwen --device cuda\nDecode 84.6 tok/s on one RTX 5090").as_deref(),
        Some("fastllm")
    );
}

/// §3 Lengths in Chinese: a side named as a length (`输出长度为 1024`, "the output length is
/// 1024"; `输出token长度均设置1k`, "output token lengths all set to 1k") fills that side even
/// when a table gives the other; `输入/输出均为 128 token` ("input and output are both 128
/// tokens") gives both.
#[test]
fn chinese_length_settings() {
    assert_eq!(
        lens("在 Batchsize=4、输出长度为 1024 的条件下：DeepSeek-R1 decode 16 token/s"),
        (None, Some(1024))
    );
    assert_eq!(
        lens("基准测试结果(输出token长度均设置1k, 单并发)：decode 11 token/s"),
        (None, Some(1000))
    );
    assert_eq!(
        lens("单张 RTX 5090、batch=1、输入/输出均为 128 token：decode 84.59 tok/s"),
        (Some(128), Some(128))
    );
    // A bare side with no length word is not a length on its own.
    assert_eq!(lens("这次输出 300 多字，decode 16 token/s"), (None, None));
}

/// §4: a length written beside another setup's figure (the single-card run's `输入长度512`,
/// "input length 512") is not the multi-card headline's.
#[test]
fn another_setups_length_is_not_the_headlines() {
    let c = read(
        "单卡推理性能\n在Ascend 910B单卡环境下,Llama-2-7b的吞吐量可达85 tokens/sec(输入长度512)。\n\
         多卡并行优化\n采用4卡张量并行时,吞吐量提升至320 tokens/sec。\n",
    );
    assert_eq!(c.headline().unwrap().value, 320.0);
    assert_eq!(c.prompt_tokens.map(|p| p.value), None);
    let one = read("在Ascend 910B单卡环境下,Llama-2-7b的吞吐量可达85 tokens/sec(输入长度512)。");
    assert_eq!(one.prompt_tokens.map(|p| p.value), Some(512));
}

/// §2: a time named after its number (`14.8 ms TPOT`, `54ms decoding latency`, `12 ms ITL`) is
/// that latency, per user: decoding latency is the time per output token.
#[test]
fn latency_named_after_its_number() {
    let c = read("DeepSeek-V3 achieves 14.8 ms TPOT on H800.");
    let h = c.headline().unwrap();
    assert_eq!(
        (h.value, h.kind, h.unit.as_str()),
        (14.8, FigureKind::Tpot, "ms")
    );
    let d =
        read("MagicPIG can achieve 54ms decoding latency on a single RTX 4090 for Llama-3.1-8B.");
    assert_eq!(d.headline().unwrap().kind, FigureKind::Tpot);
    assert_eq!(d.headline().unwrap().scope, Some(Scope::PerUser));
    let i = read("On one H100 the server keeps 12 ms ITL for Llama 3 8B.");
    assert_eq!(i.headline().unwrap().kind, FigureKind::Itl);
}

/// §3 Hardware: GPU names as people write them: `RTX-4080` and `RTX-4070-Ti` with hyphens,
/// `Quadro P6000`, AMD's `Radeon AI PRO R9700` (also without `Radeon`), and an Apple chip
/// beside a bare `mac` (`mac m1`, `M1 mac book pro`).
#[test]
fn gpu_names_as_written() {
    let gpu = |t: &str| read(t).gpu.map(|g| g.value);
    assert_eq!(
        gpu("sweep bench for LLaMA-3-8B on RTX-4080: TG 193 t/s").as_deref(),
        Some("rtx-4080")
    );
    assert_eq!(
        gpu("community results for nvidia-geforce-rtx-4070-ti: 52 tok/s").as_deref(),
        Some("rtx-4070-ti")
    );
    assert_eq!(
        gpu("On 8 x nVIDIA Quadro P6000, 40 tokens/s").as_deref(),
        Some("quadro-p6000")
    );
    assert_eq!(
        gpu("ai pro r9700 * 1, output speed 8 t/s").as_deref(),
        Some("radeon-ai-pro-r9700")
    );
    assert_eq!(
        gpu("tokens/second with llama-cpp on mac m1: 11 tok/s").as_deref(),
        Some("m1")
    );
    assert_eq!(
        gpu("Same M1 mac book pro, gemma2-9B at 11 tps").as_deref(),
        Some("m1")
    );
}

/// §2: rows named for throughput in a column of requests per second (`| Tput (req/s) |`) are
/// request rates of the whole server, not token rates.
#[test]
fn throughput_rows_in_requests_per_second() {
    let c = read(
        "Throughput tests\n\
         Test name | GPU | Tput (req/s) |\n---|---|---|\n\
         throughput_llama70B_tp4 | H200 | 9.83905 |\n\
         throughput_llama8B_tp1 | H200 | 22.5674 |\n\
         throughput_mixtral8x7B_tp2 | H200 | 8.06251 |\n",
    );
    let h = c.headline().unwrap();
    assert_eq!((h.value, h.kind), (8.06251, FigureKind::RequestRate));
    assert_eq!(h.unit, "req/s");
    assert_eq!(h.scope, Some(Scope::Aggregate));
}

/// §3 Quantisation: a precision column's cell that names no format (`none`, a backend such as
/// vLLM-Ascend's `--quantization ascend`) is not the weights' precision; §3 Hardware: AMD
/// Instinct cards in the plural (`four MI50s`) are that card, four of them.
#[test]
fn quantisation_flag_backends_and_instinct_plurals() {
    let c = read(
        "checkpoint | quantization flag | output tok/s\n-- | -- | --\n\
         Qwen3.8-27B (BF16) | none | 45.31\nQwen3.8-27B | ascend | 92.26\n",
    );
    assert_ne!(c.weight_dtype.map(|w| w.value).as_deref(), Some("ascend"));
    let m = read("the speed is very low, 1.5 tokens/s on four MI50s.");
    assert_eq!(m.gpu.map(|g| g.value).as_deref(), Some("mi50"));
    assert_eq!(m.gpu_count.map(|g| g.value), Some(4));
}

/// §3 Model: a Qwen point release named by its line and no size (`Qwen3.5-Plus`,
/// `Qwen3.8-Flash-Next`, also written `Qwen 3.8 Flash-Next`) is its id as written.
#[test]
fn qwen_point_releases_by_line() {
    let model = |t: &str| read(t).model.map(|m| m.value);
    assert_eq!(
        model("Qwen3.8-Flash-Next on one RTX 3090: 40 tok/s").as_deref(),
        Some("qwen3.8-flash-next")
    );
    assert_eq!(
        model("Running Qwen 3.8 Flash-Next (125B MoE) on one RTX 3090: 40 tok/s").as_deref(),
        Some("qwen3.8-flash-next")
    );
    assert_eq!(
        model("Qwen3.5-Plus through the API: 60 tok/s").as_deref(),
        Some("qwen3.5-plus")
    );
}

/// §3 Hardware: an Azure VM size with a count glued before it (`1xStandard_NC24ads_A100_v4`,
/// vLLM's nightly benchmark tables) still names its GPU and count (one A100 80 GB PCIe).
#[test]
fn azure_vm_size_after_a_glued_count() {
    let c = read(
        "test | GPU | QPS | output tok/s\n---|---|---|---\n\
         serving_phi-4_qps_4 | 1xStandard_NC24ads_A100_v4 x 1 | 3.28 | 325.2\n",
    );
    assert_eq!(c.gpu.map(|g| g.value).as_deref(), Some("a100-pcie"));
    assert_eq!(c.gpu_count.map(|n| n.value), Some(1));
}

/// §2 units: milliseconds per token written `ms/T` (KoboldCpp's timing line) is a time per
/// output token; its `Processing:` time per token is prompt processing, no TPOT. The line's
/// shape names KoboldCpp, which the text does not (§3 Runtime: recognised by shape, partial).
#[test]
fn koboldcpp_ms_per_token_lines() {
    let c = read(
        "Llama 2 70B split across three P40s, 6k prompt:\n\
         Processing:136.17s (20.0ms/T), Generation:214.71s (419.3ms/T)",
    );
    let h = &c.figures[0];
    assert_eq!((h.value, h.kind), (419.3, FigureKind::Tpot));
    assert!(c.figures.iter().all(|f| f.value != 20.0));
    assert_eq!(
        c.runtime.as_ref().map(|r| r.value.as_str()),
        Some("koboldcpp")
    );
    let rows = benchfit_core::checklist::grade(&c);
    let row = rows.iter().find(|r| r.condition == "runtime").unwrap();
    assert_eq!(row.status, benchfit_core::checklist::Status::Partial);
    let p = read("It now generates at ~580 ms/T on my RTX 4090; prompt ingestion went from 21ms/T to 23ms/T.");
    assert_eq!(
        (p.figures[0].value, p.figures[0].kind),
        (580.0, FigureKind::Tpot)
    );
    assert!(p.figures.iter().all(|f| f.value != 21.0 && f.value != 23.0));
}

/// §3 Hardware: GeForce GTX cards are read (`GTX 1050 Ti`), a GTX name with an RTX-era number
/// (`GTX4090`: every GeForce from the 20 series on is RTX) is the RTX card, and trademark marks
/// inside a name (`Intel(R) Arc(TM) A770`, `RTX™ 4090`) do not hide it.
#[test]
fn gtx_cards_and_trademark_marks() {
    let gpu = |t: &str| read(t).gpu.map(|g| g.value);
    assert_eq!(
        gpu("GTX4090, Ryzen 9 3950X, 64GB RAM: Llama 2 70B at 5 tok/s").as_deref(),
        Some("rtx-4090")
    );
    assert_eq!(
        gpu("Llama 3.2 1B on a GTX 1050 Ti: 30 tok/s").as_deref(),
        Some("gtx-1050-ti")
    );
    assert_eq!(
        gpu("\"cpu\": \"12th Gen Intel(R) Core(TM) i5-12600KF\", \"gpu\": \"Intel(R) Arc(TM) A770 Graphics\", \"tg128\": 6.1 t/s").as_deref(),
        Some("arc-a770")
    );
    assert_eq!(
        gpu("NVIDIA GeForce RTX™ 4090: Llama 3.1 8B at 120 tok/s").as_deref(),
        Some("rtx-4090")
    );
}

/// §1.5/§1.6 and §3 Lengths: a per-user unit heading each point of a concurrency sweep
/// (`c=64 tokens/s/user: 254 -> 256`) labels the numbers after the colon (the last point's tuned
/// value heads), the `c=64` before it is the load, and `ISL=OSL=1000` sets both lengths.
#[test]
fn unit_headed_sweep_lines_and_isl_equals_osl() {
    let c = read(
        "On B200 TP=2, ISL=OSL=1000:\n\
         - c=1   tokens/s/user: 347 -> 418 (PT: 427)\n\
         - c=8   tokens/s/user: 351 -> 397 (PT: 418)\n\
         - c=64  tokens/s/user: 254 -> 256 (PT: 260)\n",
    );
    let h = &c.figures[0];
    assert_eq!((h.value, h.kind), (256.0, FigureKind::ThroughputPerUser));
    assert!(c
        .figures
        .iter()
        .all(|f| ![1.0, 8.0, 64.0].contains(&f.value)));
    assert_eq!(c.concurrency.map(|n| n.value), Some(64));
    assert_eq!(
        lens("ISL=OSL=1000, one H100: 3000 tok/s"),
        (Some(1000), Some(1000))
    );
}

/// §2 scope: trtllm-bench's "system" throughput (`system_output_throughput_tok_s` in its JSON
/// report) is the whole load's rate, aggregate, not a rack's; its `_per_user_` and `_per_gpu_`
/// keys carry their scopes; the report's keys name TensorRT-LLM by shape (partial).
#[test]
fn trtllm_bench_report_keys() {
    let c = read(
        "```\n\"request_throughput_req_s\": 5.499496802664509,\n\
         \"system_output_throughput_tok_s\": 11262.969451856914,\n\
         \"system_total_throughput_tok_s\": 16762.46625452142,\n\
         \"output_throughput_per_user_tok_s\": 11.170453560906088,\n\
         \"output_throughput_per_gpu_tok_s\": 1407.8711814821142,\n```",
    );
    let h = &c.figures[0];
    assert_eq!(h.value, 11262.969451856914);
    assert_eq!(h.scope, Some(Scope::Aggregate));
    let per_gpu = c
        .figures
        .iter()
        .find(|f| f.value == 1407.8711814821142)
        .unwrap();
    assert_eq!(per_gpu.scope, Some(Scope::PerGpu));
    assert_eq!(
        c.runtime.as_ref().map(|r| r.value.as_str()),
        Some("tensorrt-llm")
    );
}

/// §3 Hardware: phone and laptop SoCs keep their product names as ids (`Snapdragon 8 Gen 3`,
/// written `8gen3` too; `Snapdragon 8 Plus Gen 1`; `Adreno 830`; `iPhone 15 Pro`), one device;
/// a Snapdragon X Elite is a line of several SKUs, so the hardware row is partial.
#[test]
fn phone_and_laptop_socs() {
    let gpu = |t: &str| read(t).gpu.map(|g| g.value);
    assert_eq!(
        gpu("Xiaomi 14 Pro (Snapdragon 8gen3, 16GB memory): Qwen2.5 1.5B decodes at 20 tok/s")
            .as_deref(),
        Some("snapdragon-8-gen-3")
    );
    assert_eq!(
        gpu("a phone with a Snapdragon 8 Plus Gen 1 and 12 GB of RAM: 9 tok/s").as_deref(),
        Some("snapdragon-8-plus-gen-1")
    );
    assert_eq!(
        gpu("With Adreno 830, Llama 3.2 1B decodes at 30 t/s").as_deref(),
        Some("adreno-830")
    );
    let c = read("On iPhone 15 Pro we reach 25 tok/s with Llama 3.2 1B");
    assert_eq!(
        c.gpu.as_ref().map(|g| g.value.as_str()),
        Some("iphone-15-pro")
    );
    assert_eq!(c.gpu_count.map(|n| n.value), Some(1));
    let x = read("Tested on Snapdragon X Elite with LM Studio: Llama 3.2 1B at 60 tok/s");
    assert_eq!(
        x.gpu.as_ref().map(|g| g.value.as_str()),
        Some("snapdragon-x-elite")
    );
    let rows = benchfit_core::checklist::grade(&x);
    let row = rows.iter().find(|r| r.condition == "hardware").unwrap();
    assert_eq!(row.status, benchfit_core::checklist::Status::Partial);
}

/// §3 Runtime: a number after an engine's name that is a figure, not its release: a rate with
/// its unit (`Rapid-MLX 35.6 eff tok/s`) or a step of a chain (`KTransformers: 54.21 (32 cores)
/// → 74.362`), leaves the version unset.
#[test]
fn a_figure_after_an_engine_name_is_no_version() {
    let v = |t: &str| read(t).runtime_version.map(|v| v.value);
    assert_eq!(
        v("Prefill Speed (tokens/s): KTransformers: 54.21 (32 cores) → 74.362 (dual-socket) → 255.26"),
        None
    );
    assert_eq!(
        v("On an M1 Max: llama.cpp 41.4 eff tok/s, MLX 35.6 eff tok/s"),
        None
    );
    assert_eq!(
        v("vLLM 0.6.3 on one H100: 1200 tok/s").as_deref(),
        Some("0.6.3")
    );
}

/// §1.3/§1.5 on a table of times per token and no token rate: the `decode (ms/token)` column
/// is a time per output token in ms (the `prefill (ms/token)` column is not), its last row.
#[test]
fn a_table_of_decode_times_per_token() {
    let c = read(
        "| Bit | prefill (ms/token) | decode (ms/token) |\n|---|---|---|\n\
         | 4 | 2.27 | 7.13 |\n| 3 | 3.57 | 8.73 |\n| 2 | 2.96 | 7.93 |\n",
    );
    let h = &c.figures[0];
    assert_eq!(
        (h.value, h.kind, h.unit.as_str()),
        (7.93, FigureKind::Tpot, "ms")
    );
}

/// §3 Load and Hardware: EvalScope's `evalscope perf --parallel 1` keeps one request in flight
/// (a concurrency, stated; llama-server's `--parallel` slots are an engine limit and stay out),
/// and the H20-3e (141 GB HBM3e) is its own part, not the H20.
#[test]
fn evalscope_parallel_and_h20_3e() {
    let c = read(
        "CUDA_VISIBLE_DEVICES=0,1 evalscope perf \\\n --parallel 1 \\\n --model Qwen/QwQ-32B-Preview \\\n \
         --max-tokens 2048 --min-tokens 2048\n\nOutput: 30.2 tokens/s on 2 × A100 80GB",
    );
    assert_eq!(c.concurrency.map(|n| n.value), Some(1));
    let s = read("llama-server -m qwen.gguf --parallel 4\n\n40 tok/s on one RTX 4090");
    assert_eq!(s.concurrency.map(|n| n.value), None);
    let h = read("16 × NVIDIA H20-3e with SGLang: TTFT 1200 ms");
    assert_eq!(h.gpu.map(|g| g.value).as_deref(), Some("h20-3e"));
}

/// §3 Hardware: China's RTX 4090 D written by its number alone (`GPU: 4090D 24G`) is the D
/// card, and an A100 whose memory is written before its name or glued after it (`two 80GB A100
/// cards`, `8xA100-80GBs`) is the 80 GB part.
#[test]
fn bare_4090d_and_a100_memory_around_the_name() {
    let gpu = |t: &str| read(t).gpu.map(|g| g.value);
    assert_eq!(
        gpu("GPU: 4090D 24G 显存, Qwen2.5-7B 80 tok/s").as_deref(),
        Some("rtx-4090d")
    );
    assert_eq!(
        gpu("Llama 2 70B on two 80GB A100 cards: 300 tok/s").as_deref(),
        Some("a100-80gb")
    );
    assert_eq!(
        gpu("Intra node: 8xA100-80GBs, 900 tok/s").as_deref(),
        Some("a100-80gb")
    );
    assert_eq!(gpu("One A100 at 40 tok/s").as_deref(), Some("a100"));
}

/// §3 Model: a dated checkpoint keeps its date, whatever the form: Cohere's month-year
/// (`command-r-08-2024`), Mistral's with `Instruct` before the date
/// (`Mistral-Large-Instruct-2407` is `mistral-large-2407`); Qwen's variant stays
/// (`qwen3-4b-instruct-2507`).
#[test]
fn dated_checkpoints_of_cohere_and_mistral() {
    let model = |t: &str| read(t).model.map(|m| m.value);
    assert_eq!(
        model("CohereForAI/c4ai-command-r-08-2024 on one H100: 50 tok/s").as_deref(),
        Some("command-r-08-2024")
    );
    assert_eq!(
        model("Mistral-Large-Instruct-2407 on 4 H100: 50 tok/s").as_deref(),
        Some("mistral-large-2407")
    );
    assert_eq!(
        model("Qwen3-4B-Instruct-2507 on one H100: 50 tok/s").as_deref(),
        Some("qwen3-4b-instruct-2507")
    );
}

/// §3 Model: a model named on the headline's own table row is the headline's, even when a
/// serving command below loads another row's model (`vllm serve Qwen/Qwen3-32B-AWQ`).
#[test]
fn row_model_over_another_rows_command() {
    let c = read(
        "Qwen3 throughput, almost 1000 tok/s using 4B model\n\n\
         | Model name | Quantization | Output token throughput (TG) |\n|---|---|---|\n\
         | qwen3-4b | W8A8 | 981 |\n| qwen3-32b | W8A8 | 67 |\n\n\
         vllm serve Qwen/Qwen3-32B-AWQ -tp 2\n",
    );
    assert_eq!(c.figures[0].value, 981.0);
    assert_eq!(c.model.map(|m| m.value).as_deref(), Some("qwen3-4b"));
    // Without a table row naming it, the command's model still wins over a title's.
    let c = read("DeepSeek V2 layout fix\n\nvllm serve meta-llama/Llama-3.1-8B\nOutput token throughput (tok/s): 1500");
    assert_eq!(c.model.map(|m| m.value).as_deref(), Some("llama-3.1-8b"));
}

/// §1.3 Kind: a heading that states the lengths (`5000 Input Tokens / 500 Output Tokens`) does
/// not make an unqualified `Throughput(Tokens/s)` column a prefill rate; `input tokens/s` still
/// names one.
#[test]
fn lengths_heading_is_not_a_phase() {
    let table = "| Concurrency | TTFT (ms) | Throughput(Tokens/s) |\n| --- | --- | --- |\n\
                 | 1 | 406.77 | 51.67 |\n| 250 | 88605.32 | 920.12 |";
    let c = read(&format!(
        "#### 5000 Input Tokens / 500 Output Tokens\n\n{table}"
    ));
    assert_eq!(c.figures[0].value, 920.12);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputUnspecified);
    assert_eq!(
        (
            c.prompt_tokens.map(|t| t.value),
            c.output_tokens.map(|t| t.value)
        ),
        (Some(5000), Some(500))
    );
    let c = read("Prefill on one H100: 12,000 input tokens/s");
    assert_eq!(c.figures[0].kind, FigureKind::PrefillThroughput);
}

/// §3 Runtime: a version given as its own record or heading under the engine's name (NIM's
/// benchmark pages: `* NIM Container: …` then `### Version: 1.8.0`) is the engine's; a
/// `Version:` line far from any engine name is not.
#[test]
fn version_heading_under_the_engine() {
    let sweep =
        "| Concurrency | Throughput(Tokens/s) |\n| --- | --- |\n| 1 | 51.67 |\n| 250 | 920.12 |";
    let c = read(&format!(
        "## Llama-3.3-70b-instruct Results\n\n* NIM Container: Llama-3.3-70b-Instruct\n\n\
         ### Version: 1.8.0\n\n#### 2 x H100 80G\n\n{sweep}"
    ));
    assert_eq!(c.runtime.map(|r| r.value).as_deref(), Some("nim"));
    assert_eq!(c.runtime_version.map(|v| v.value).as_deref(), Some("1.8.0"));
    let filler = "Other notes about the page layout and its readers. ".repeat(6);
    let c = read(&format!(
        "Served with NIM on 2 x H100.\n{filler}\nVersion: 2.1\n\n{sweep}"
    ));
    assert_eq!(c.runtime_version, None);
}

/// §3 Model: a model named in a sentence about an earlier post ("In a previous blog post, we
/// discussed … Llama 2 70B") is that post's; the text's own is the one after it.
#[test]
fn earlier_posts_model_is_not_this_ones() {
    let c = read(
        "In a previous blog post, we discussed MI300X performance serving Llama 2 70B. \
         This post covers Llama 3.1 405B FP8 on eight MI300X.\n\
         Output throughput: 2794 tokens/s",
    );
    assert_eq!(c.model.map(|m| m.value).as_deref(), Some("llama-3.1-405b"));
    // Without such words, the first model named stays.
    let c = read("We discussed Llama 2 70B serving. Llama 3.1 405B is next.\nOutput throughput: 2794 tokens/s");
    assert_eq!(c.model.map(|m| m.value).as_deref(), Some("llama-2-70b"));
}

/// Tables: a footnote mark in HTML glued to a header (`TP<sup>(2)</sup>`, `Batch
/// Size<sup>(1)</sup>`) leaves the column's role; the row's TP 1 wins over a `TP8` setup the
/// prose names for another model.
#[test]
fn html_footnote_in_header() {
    let c = read(
        "|Model | Batch Size<sup>(1)</sup> | TP<sup>(2)</sup> | Input Length | Output Length | Throughput (out tok/s/GPU) |\n\
         |:--|:--|:--|:--|:--|--:|\n| llama_13b | 1024 | 1 | 128 | 128 | 11,819 |\n\
         | llama_70b | 32 | 1 | 2048 | 128 | 303 |\n\n\
         Max Throughput TP8: GPT3-175B on a full HGX (TP8) H200 is 1.6x more performant than H100.\n",
    );
    assert_eq!(c.figures[0].value, 303.0);
    assert_eq!(c.tp.map(|t| t.value), Some(1));
    assert_eq!(c.gpu_count.map(|t| t.value), Some(1));
    assert_eq!(c.batch_size.map(|t| t.value), Some(32));
}

/// §3 Hardware: Huawei's Ascend 950PR / 950DT (announced 2025) are read as their own parts.
#[test]
fn ascend_950() {
    let gpu = |t: &str| read(t).gpu.map(|g| g.value);
    assert_eq!(
        gpu("Add Ascend 950PR support: 64 tok/s").as_deref(),
        Some("ascend-950pr")
    );
    assert_eq!(
        gpu("昇腾 Ascend 950DT 单卡 120 tok/s").as_deref(),
        Some("ascend-950dt")
    );
}

/// §3 Runtime: llama.cpp's `--version` line (`version: 2999 (42b4109e)`, build number and
/// commit, as its issue template asks for it) is the runtime's version; not for another engine.
#[test]
fn llama_cpp_version_line() {
    let v = |t: &str| read(t).runtime_version.map(|v| v.value);
    assert_eq!(
        v("./llama-cli --version\nversion: 2999 (42b4109e)\nbuilt with cc 11.4.0\n\nllama-bench on RX 7900 XTX: tg128 167 t/s").as_deref(),
        Some("2999 (42b4109e)")
    );
    assert_eq!(
        v("vLLM serving run\nversion: 2999 (42b4109e)\n\nOutput token throughput (tok/s): 1500"),
        None
    );
}

/// §1.5: `sglang.bench_one_batch` prints each decode step and then their median; the median is
/// the run's result, the steps its samples.
#[test]
fn bench_one_batch_median_over_steps() {
    let c = read(
        "python -m sglang.bench_one_batch --model-path Qwen/Qwen3-8B --batch 1 --input-len 256 --output-len 512\n\
         Prefill. latency: 0.07989 s, throughput:   3204.27 token/s\n\
         Decode 0. Batch size: 1, latency: 0.00602 s, throughput:    166.22 token/s\n\
         Decode 1. Batch size: 1, latency: 0.00560 s, throughput:    178.45 token/s\n\
         Decode.  median latency: 0.00556 s, median throughput:    179.77 token/s\n\
         Total. latency:  2.936 s",
    );
    assert_eq!(c.figures[0].value, 179.77);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
}

/// §3 Runtime: the engine's version written again with more of it (`TensorRT-LLM v0.5`, then
/// `TensorRT-LLM v0.5.0`) is the fuller one; another engine's (`TensorRT v9.1.0.4`) is not.
#[test]
fn fuller_engine_version() {
    let c = read(
        "Note: the data below uses TensorRT-LLM v0.5.\n\
         H200 achieves 11,819 tokens/s on Llama2-13B.\n\
         Preliminary measured performance. TensorRT-LLM v0.5.0, TensorRT v9.1.0.4 | H200.",
    );
    assert_eq!(c.runtime.map(|r| r.value).as_deref(), Some("tensorrt-llm"));
    assert_eq!(c.runtime_version.map(|v| v.value).as_deref(), Some("0.5.0"));
}

/// §1.3 Kind: a generation column, or a plain token throughput, beside a total-throughput column
/// (Lambda's `| Generation throughput (tok/s) | Total throughput (tok/s) |`, OCI's `Token-level
/// Throughput` beside `Total Throughput`) is the output rate, the complement of the total; a
/// generation column beside a prefill column stays the decode phase's.
#[test]
fn throughput_beside_total_is_output() {
    let c = read(
        "| Hardware | Generation throughput (tok/s) | Total throughput (tok/s) | TTFT (ms) |\n|---|---|---|---|\n\
         | 2x B200 | 896 | 8,062 | 3,091 |\n| 4x H100 | 849 | 7,644 | 13,131 |",
    );
    assert_eq!(c.figures[0].value, 849.0);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    let c = read(
        "Concurrency | Token-level Inference Speed (tokens/second) | Token-level Throughput (tokens/second) | Total Throughput (tokens/second)\n\
         1 | 58.64 | 58.02 | 143.72\n256 | 15.27 | 1,976.65 | 5,691.50\n",
    );
    assert_eq!(c.figures[0].value, 1976.65);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    let c = read(
        "| Model | Prefill (tok/s) | Generation (tok/s) |\n|---|---|---|\n| Llama 3 8B | 1200 | 45 |",
    );
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
}

/// §3 Lengths: token counts beside a count of prompts (`| Prompts | Tokens in | Tokens out |`:
/// 512, 4,194,304, 524,288) are the run's totals, not each request's lengths; the command's
/// `--random-input-len` gives them.
#[test]
fn token_totals_beside_prompt_count() {
    let c = read(
        "| Hardware | Generation throughput (tok/s) | Total throughput (tok/s) | Prompts | Tokens in | Tokens out |\n\
         |---|---|---|---|---|---|\n| 4x H100 | 849 | 7,644 | 512 | 4,194,304 | 524,288 |\n\
         vllm bench serve --random-input-len 8192 --random-output-len 1024 --num-prompts 512\n",
    );
    assert_eq!(
        (
            c.prompt_tokens.map(|t| t.value),
            c.output_tokens.map(|t| t.value)
        ),
        (Some(8192), Some(1024))
    );
    // Without a prompt count, a `Tokens in` column is each request's.
    let c = read("| Tokens in | Tokens out | Output tok/s |\n|---|---|---|\n| 1024 | 128 | 900 |");
    assert_eq!(c.prompt_tokens.map(|t| t.value), Some(1024));
}

/// §3 Model: a device's name is not a model (`910B机器`: Ascend's 910B, not a model of 910
/// billion parameters).
#[test]
fn device_name_is_no_model() {
    let c = read("910B机器\nAscend 910B\n单次推理时间74s，token生成速度6tokens/s");
    assert_eq!(c.gpu.map(|g| g.value).as_deref(), Some("ascend-910b"));
    assert_eq!(c.model, None);
    let c = read("Qwen2.5-72B on Ascend 910B: 6 tokens/s");
    assert_eq!(c.model.map(|m| m.value).as_deref(), Some("qwen2.5-72b"));
}

/// §1.5 Tables: columns that are statistics of one measure (text-generation-benchmark's
/// `| Step | Batch Size | Average | Lowest | Highest |`) give their mean, not the last column's
/// maximum; with the decode row, the decode phase's mean (CLAIMS.md §1.3: the decode rate
/// before prefill).
#[test]
fn statistics_columns_give_the_mean() {
    let head = "| Step    | Batch Size | Average            | Lowest             | Highest            |\n\
                |---------|------------|--------------------|--------------------|--------------------|\n\
                | Prefill | 4          | 3.32 tokens/secs   | 3.30 tokens/secs   | 3.34 tokens/secs   |\n";
    let c = read(&format!(
        "{head}| Decode  |            | 281.43 tokens/secs | 275.81 tokens/secs | 289.24 tokens/secs |\n"
    ));
    assert_eq!(c.figures[0].value, 281.43);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    // The decode row's blank batch cell is the prefill row's (a merged cell).
    assert_eq!(c.batch_size.map(|b| b.value), Some(4));
    // The median when no mean is given.
    let c = read(
        "| Step | p50 | p90 | p99 |\n|---|---|---|---|\n| Decode | 900 tokens/secs | 950 tokens/secs | 1000 tokens/secs |",
    );
    assert_eq!(c.figures[0].value, 900.0);
}

/// §3 Model: llama.cpp's `-hf org/Name-GGUF:QUANT` names the model a llama-bench run loads; the
/// table's model column is the GGUF's architecture (`qwen35 27B`), not the release.
#[test]
fn llama_bench_hf_flag_names_the_model() {
    let c = read(
        "llama-bench -hf mradermacher/Qwen3.6-27B-i1-GGUF:IQ3_M -fa 1\n\
         | model                          |       size |     params | backend    | ngl |            test |                  t/s |\n\
         | ------------------------------ | ---------: | ---------: | ---------- | --: | --------------: | -------------------: |\n\
         | qwen35 27B IQ3_S mix - 3.66 bpw |  11.71 GiB |    26.90 B | Vulkan     |  99 |           pp512 |        181.37 ± 5.55 |\n\
         | qwen35 27B IQ3_S mix - 3.66 bpw |  11.71 GiB |    26.90 B | Vulkan     |  99 |           tg128 |         19.41 ± 0.02 |\n",
    );
    assert_eq!(c.figures[0].value, 19.41);
    assert_eq!(c.model.map(|m| m.value).as_deref(), Some("qwen3.6-27b"));
    // `-hf` inside a word (`Llama-2-7b-hf is`) is no flag.
    let c = read("Llama-2-7b-hf is served at 40 tok/s on one A100");
    assert_eq!(c.model.map(|m| m.value).as_deref(), Some("llama-2-7b"));
}

/// §3 Runtime: a device after the engine's name (`SGLang B200 Benchmark Sweep`) is no version
/// (llama.cpp's builds are written `b4500`, a GPU `b200`); the version written later is read.
#[test]
fn device_after_engine_is_no_version() {
    let c = read(
        "SGLang B200 Benchmark Sweep\nFramework: SGLang v0.5.8.post1\n\
         Output token throughput (tok/s): 6830",
    );
    assert_eq!(
        c.runtime_version.map(|v| v.value).as_deref(),
        Some("0.5.8.post1")
    );
    let c = read("llama.cpp b4500 on RTX 4090: tg128 150 t/s");
    assert_eq!(c.runtime_version.map(|v| v.value).as_deref(), Some("b4500"));
}

/// §3 Hardware: the number of a device's name before "GPUs" (`on RTX 3090 GPUs`) is no count;
/// a count before the name still is (`two RTX 3090 GPUs`, `2 RTX 4090 GPUs`).
#[test]
fn device_number_is_no_count() {
    let count = |t: &str| read(t).gpu_count.map(|c| c.value);
    assert_eq!(
        count("Inference is conducted on RTX 3090 GPUs at fp16 precision: 40 tok/s"),
        None
    );
    assert_eq!(count("two RTX 3090 GPUs: 40 tok/s"), Some(2));
    assert_eq!(count("2 RTX 4090 GPUs: 40 tok/s"), Some(2));
}

/// §3 Quantisation: an EXL2/EXL3 bit rate glued to the model's name (`…-exl2_4.25bpw`) is read
/// whole (`exl2-4.25bpw`, not `25bpw`), and EXL3's keeps its format.
#[test]
fn exl_bit_rate_glued_to_the_name() {
    let dtype = |t: &str| read(t).weight_dtype.map(|d| d.value);
    assert_eq!(
        dtype("model: turboderp_Mistral-Large-Instruct-2407-123B-exl2_4.25bpw\nExLlamaV2 on 3x RTX 3090: 4.34 t/s").as_deref(),
        Some("exl2-4.25bpw")
    );
    assert_eq!(
        dtype("model: MikeRoz_Mistral-Large-Instruct-2407-exl3_4.00bpw_H6\nExLlamaV3: 3.23 t/s")
            .as_deref(),
        Some("exl3-4.00bpw")
    );
    assert_eq!(
        dtype("EXL2 4.0 bpw on one 4090: 40 tok/s").as_deref(),
        Some("exl2-4.0bpw")
    );
}

/// §3 Model: a result file's own `"model": "org/Name"` (llmperf's, vLLM's JSON) names the model
/// served, over a run name that mangles it (`tinyLlama-TinyLlama-1-1B-Chat-v1-0_256_100_summary`);
/// a name no pattern knows is read as a sized name.
#[test]
fn result_file_model_key() {
    let c = read(
        "{\n \"name\": \"tinyLlama-TinyLlama-1-1B-Chat-v1-0_256_100_summary\",\n \
         \"model\": \"tinyLlama/TinyLlama-1.1B-Chat-v1.0\",\n \
         \"results_mean_output_throughput_token_per_s\": 335.4\n}\n",
    );
    assert_eq!(c.model.map(|m| m.value).as_deref(), Some("tinyllama-1.1b"));
}

/// §3 Model: a name with a release number between its words (`Nemotron-3-Nano-30B-A3B`) keeps
/// every part, without the maker's prefix (`NVIDIA-…`); the active-parameter suffix stays.
#[test]
fn name_with_a_release_number_inside() {
    let model = |t: &str| read(t).model.map(|m| m.value);
    assert_eq!(
        model("nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-FP8 on H200: 5000 tok/s").as_deref(),
        Some("nemotron-3-nano-30b-a3b")
    );
    assert_eq!(
        model("Nemotron-3-Nano-4B NVFP4 on Jetson Thor: 126 tok/s").as_deref(),
        Some("nemotron-3-nano-4b")
    );
    assert_eq!(
        model("LFM2-24B-A2B Q4_K_M at 50 tok/s").as_deref(),
        Some("lfm2-24b-a2b")
    );
}

/// §2 Kind: a results table whose cells link to their source (`[GB10](https://…/issues/34)`)
/// is read like one without links: the last row's `Eval Rate` column is a decode rate.
#[test]
fn linked_table_cells_keep_their_column() {
    let c = read(
        "| System | CPU/GPU | Eval Rate | Power (Peak) |\n| :--- | :--- | :--- | :--- |\n\
         | [Mac Studio (M3 Ultra 512GB)](https://github.com/o/r/issues/42) | GPU | 14.08 Tokens/s | 243W |\n\
         | [Dell Pro Max with GB10 (Nvidia Spark)](https://github.com/o/r/issues/34) | GPU | 4.71 Tokens/s | 156W |\n",
    );
    let p = &c.figures[0];
    assert_eq!(p.value, 4.71);
    assert_eq!(p.kind, FigureKind::DecodeThroughput);
    assert_eq!(c.gpu.map(|g| g.value).as_deref(), Some("gb10"));
}

/// §2 Kind: Ollama's eval rate written out ("evaluation rate") is the generation rate.
#[test]
fn evaluation_rate_is_decode() {
    let c = read("With an RTX 5090 using Ollama 0.5.13-rc1 with Gemma 2 9B Q4, the evaluation rate dropped from 149 tokens/s to 35 tokens/s.");
    let p = &c.figures[0];
    assert_eq!(p.kind, FigureKind::DecodeThroughput);
    assert_eq!(p.value, 35.0);
}

/// §3 Lengths: "decoding 256 tokens" forces the output length as "generating 256 tokens"
/// does; "at 1024 prompt length" gives the prompt length (a context length would be a limit).
#[test]
fn decoding_n_tokens_and_n_prompt_length() {
    assert_eq!(
        lens("On one RTX 4090 it keeps decoding 60 tokens per second.").1,
        None
    );
    assert_eq!(
        lens("All experiments are based on fp16 activation, decoding 256 tokens with a prompt \"What is the meaning of life?\".\n\n| Model | GPU | MLC LLM (tok/sec) |\n|---|---|---|\n| Llama2-7B | RTX 4090 | 186.7 |\n"),
        (None, Some(256))
    );
    assert_eq!(
        lens(
            "Prefill throughput improved from ~5,000 tps back to ~5,900 tps at 1024 prompt length."
        ),
        (Some(1024), None)
    );
    assert_eq!(
        lens("Qwen3-8B at a 32K context length: 41 tok/s decode on one 4090."),
        (None, None)
    );
}

/// §4 and §1.5: a sentence about an earlier run of the author's ("In our earlier sequential
/// benchmark …") holds that run's figures, its comparison's first side too; the text's own
/// result, at the load its own sentence states, heads.
#[test]
fn earlier_run_is_another_setup() {
    let c = read(
        "We benchmarked v0.16 against v0.15 on an RTX PRO 6000. The results: a 20% throughput \
         gain at 128 concurrent requests, where v0.16 pushes nearly 7,900 tokens per second.\n\
         Methodology: we sent requests at concurrency levels 1, 2, 4, 16 and 64.\n\
         In our earlier sequential benchmark (one request at a time), v0.16 produced 259.3 tok/s \
         versus 241.0 tok/s for v0.15.",
    );
    assert_eq!(c.figures[0].value, 7900.0);
    assert_eq!(c.concurrency.map(|f| f.value), Some(128));
}

/// §1.5, the setup the words are about: a title naming one column's precision (`W4A8`) picks
/// that column over the last one; a title naming one side of a `vs` list (`EAGLE-3`) picks it.
#[test]
fn title_names_the_column_or_side() {
    let c = read(
        "Performance of W4A8 throughput on Hopper GPU.\n\nI compare the throughput of w4a8, FP8 and FP16 on one H800.\n\nThroughput (tokens/sec)\n\
         | Model | TP | FP8 | W4A8_AWQ | FP16 |\n|---|---|---|---|---|\n| Llama-2-7b | 1 | 14522 | 10146 | 11116 |\n",
    );
    assert_eq!(c.figures[0].value, 10146.0);
    let c = read(
        "EAGLE-3: Scaling up Inference Acceleration of Large Language Models\n\nHighlights\n\
         - SGLang + H100, batch size 1: SGLang base 158 tokens/s vs EAGLE-2 244 tokens/s vs EAGLE-3 373 tokens/s\n",
    );
    assert_eq!(c.figures[0].value, 373.0);
}

/// §3 Hardware: a count written with another device (`a single B200 versus four H100 GPUs`)
/// is the comparison's, not a second count of the run's: the hardware row stays stated.
#[test]
fn another_devices_count_is_no_conflict() {
    let c = read(
        "A Blackwell B200 GPU delivers 10,755 tokens/second on a single GPU in the server test \
         with Llama 2 70B in FP4 on TensorRT-LLM. Nvidia compares a single B200 versus four H100 GPUs.",
    );
    assert_eq!(c.gpu_count.map(|f| f.value), Some(1));
    assert!(!c.gpu_count_conflict);
}

/// §1.6 in one sentence: a rate in a "before" clause and a later one in an "after" clause
/// (`在量化之前 … 670token/s， 但是awq量化之后 … 770token/s`): the changed setup's result heads,
/// and the measure said on one side is the other's.
#[test]
fn before_and_after_clauses_in_one_sentence() {
    let c = read(
        "我用4张A800测试了llama2-70b量化前后的吞吐量。\n1、在量化之前(batchsize=64)的吞吐量(completion token)大概是670token/s， \
         但是awq量化之后(batchsize=64)的吞吐量只有770token/s，为什么提升不大？",
    );
    assert_eq!(c.figures[0].value, 770.0);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    let c = read("Before the fix the server ran at 31 tok/s on one 4090, and after the fix it reaches 38 tok/s.");
    assert_eq!(c.figures[0].value, 38.0);
}

/// §2 Kind: a rate whose unit carries a statistic word before its kind (`6,986 peak output
/// tok/s`, "3,100 average output tokens/s") is a figure of that kind.
#[test]
fn statistic_word_before_the_unit() {
    let c = read(
        "On 16 H100s with Qwen3-32B the k8s Service baseline reached 6,986 peak output tok/s.",
    );
    assert_eq!(c.figures[0].value, 6986.0);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    let c = read("One H200 serves Llama 3.1 8B at 3,100 average output tokens/s.");
    assert_eq!(c.figures[0].value, 3100.0);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
}

/// §3 Hardware: phones keep their own ids without the maker (`Pixel 8 Pro` → `pixel-8-pro`,
/// `Samsung Galaxy S23 Ultra` → `galaxy-s23-ultra`).
#[test]
fn phones_as_devices() {
    let gpu = |t: &str| read(t).gpu.map(|g| g.value);
    assert_eq!(
        gpu("On a Pixel 8 Pro with MLC: decode 11.2 tok/s").as_deref(),
        Some("pixel-8-pro")
    );
    assert_eq!(
        gpu("Samsung Galaxy S23 Ultra runs Llama 3.2 1B at 8.1 tok/s").as_deref(),
        Some("galaxy-s23-ultra")
    );
}

/// §3 Hardware: a phone named with its chipset in the next cell (`Samsung Galaxy S23 Ultra |
/// Snapdragon® 8 Gen 2`) gives way to the chipset, which computes.
#[test]
fn phone_with_its_chipset_is_the_chipset() {
    let c = read(
        "Device | Chipset | Target Runtime | Inference Time (ms) |\n---|---|---|---|\n\
         Samsung Galaxy S23 Ultra (Android 13) | Snapdragon® 8 Gen 2 | QNN | 104.953 ms |\n",
    );
    assert_eq!(
        c.gpu.map(|g| g.value).as_deref(),
        Some("snapdragon-8-gen-2")
    );
}

/// §1 rule 5: the device a Markdown heading names above the headline's block (`### FP8
/// Benchmark on 16xH200`) is the run's, over a device named in an earlier section.
#[test]
fn heading_names_the_blocks_device() {
    let c = read(
        "## Running Kimi-K2 with FP8 on 16xH800\n\nThe H800 platform is a cluster with 16 GPUs.\n\n\
         ### FP8 Benchmark on 16xH200\n\n```\nvllm bench serve --model moonshotai/Kimi-K2-Instruct\n```\n\n\
         ============ Serving Benchmark Result ============\nSuccessful requests:                     1000\n\
         Output token throughput (tok/s):         1523.50\n",
    );
    assert_eq!(c.figures[0].value, 1523.5);
    assert_eq!(c.gpu.map(|g| g.value).as_deref(), Some("h200"));
    assert_eq!(c.gpu_count.map(|g| g.value), Some(16));
}

/// §1.3 / §1.4: a table whose cells pair two phases of one run, named prefill first
/// (`(Prefill tps / Decode tps)` over `| 4007 / 33.1 |`), heads on the decode side.
#[test]
fn prefill_decode_pair_cell_heads_on_decode() {
    let c = read(
        "### Throughput (tokens/s)\n\nMeasured with single concurrency (Prefill tps / Decode tps):\n\n\
         | GPU | 2048 tokens | 32768 tokens |\n|---|---|---|\n\
         | 1 x RTX 5090 | 408 / 32.1 | 2540 / 27.6 |\n| 2 x RTX 5090 | 414 / 35.9 | 4007 / 33.1 |\n",
    );
    assert_eq!(c.figures[0].value, 33.1);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
}

/// §3 hardware: a device named once in the singular is one device even where the text speaks
/// of GPUs elsewhere ("GPUs needed = …" in a capacity formula is no count).
#[test]
fn singular_device_with_gpus_elsewhere_is_one() {
    let c = read(
        "In our production benchmarks, a fine-tuned 0.6B model on an A40 delivers 30-40 req/s. \
         Capacity planning: GPUs needed = (daily volume / 86,400) / throughput per GPU.",
    );
    assert_eq!(c.gpu.map(|g| g.value).as_deref(), Some("a40"));
    assert_eq!(c.gpu_count.map(|g| g.value), Some(1));
}

/// §3 hardware: the device alone in brackets after what ran on it (`(A100 80GB)`,
/// `(an A100-40G)`), or after "one GPU" (`with one GPU - RTX 5880`), is one device.
#[test]
fn bracketed_or_one_gpu_device_is_one() {
    for t in [
        "Tested on Llama 3 8B (A100 80GB): vLLM 1,840 tokens/s",
        "pdf: concurrency ~2500tokens/s(an A100-40G)",
        "NOTE: the sample output is done on a single node with one GPU - RTX 5880 (48GB GPU \
         memory). Output token throughput (tok/s): 812.4",
    ] {
        let c = read(t);
        assert_eq!(c.gpu_count.map(|g| g.value), Some(1), "{t}");
    }
}

/// §3 hardware: a chip that powers a rack-scale system (`SambaRack, powered by our RDU chip`)
/// is the system's part, not one device.
#[test]
fn chip_powering_a_system_is_no_count() {
    let c = read(
        "SambaRack, powered by our Reconfigurable Dataflow Unit (RDU) chip, delivers over 4500 \
         tokens per second with 256 concurrent users.",
    );
    assert_eq!(c.gpu_count, None);
}

/// §3 quantisation: an EXL3 model card names its bit rate before the format (`4.06 bpw
/// EXL3`): `exl3-4.06bpw`, not ExLlamaV2's format.
#[test]
fn exl3_rate_before_format() {
    let c = read(
        "Qwen3-Coder-30B-A3B-Instruct — 4.06 bpw EXL3\n\nPerformance (RTX 3090, single GPU)\n\
         Throughput 106 t/s\n\nMeasured with exllamav3.",
    );
    assert_eq!(
        c.weight_dtype.map(|w| w.value).as_deref(),
        Some("exl3-4.06bpw")
    );
}

/// §2: llama.cpp's timing lines pasted flat onto one line: each rate belongs to the nearest
/// label before it (`… eval time = … ( 39.03 ms per token, 25.62 tokens per second)` is the
/// decode rate, though `prompt eval time` stands earlier on the line).
#[test]
fn flattened_llama_timings_take_the_nearest_label() {
    let c = read(
        "prompt eval time = 94593.62 ms / 12717 tokens ( 7.44 ms per token, 134.44 tokens per \
         second) eval time = 76741.17 ms / 1966 tokens ( 39.03 ms per token, 25.62 tokens per \
         second)\n",
    );
    let f = c
        .figures
        .iter()
        .find(|f| f.value == 25.62)
        .expect("the decode rate");
    assert_eq!(f.kind, FigureKind::DecodeThroughput);
    let p = c
        .figures
        .iter()
        .find(|f| f.value == 134.44)
        .expect("the prefill rate");
    assert_eq!(p.kind, FigureKind::PrefillThroughput);
}

/// §3 runtime: Hugging Face Transformers named as the library a run used, when no serving
/// engine is named, is the runtime; the architecture's plural and other projects holding the
/// word are not.
#[test]
fn transformers_library_is_the_runtime() {
    let rt = |t: &str| read(t).runtime.map(|r| r.value);
    for t in [
        "These benchmarks use the `transformers` library. On one A100 the model generates 42 \
         tokens/s.",
        "Tudo rodando localmente via **Transformers + bitsandbytes (4-bit)**: 39 tokens/s.",
        "We used transformers==4.46.3 and accelerate==1.1.1; throughput was 812 tokens/s.",
        "Speculative decoding (baked in Hugging Face Transformers) gives 55 tokens/s.",
    ] {
        assert_eq!(rt(t).as_deref(), Some("transformers"), "{t}");
    }
    for t in [
        "Transformers are the backbone of LLMs; this one decodes at 30 tokens/s.",
        "KTransformers runs DeepSeek-R1 at 14 tokens/s on one RTX 4090.",
    ] {
        assert_ne!(rt(t).as_deref(), Some("transformers"), "{t}");
    }
    // A serving engine named anywhere wins.
    assert_eq!(
        rt("vLLM serves it at 900 tokens/s (the `transformers` baseline: 40 tokens/s).").as_deref(),
        Some("vllm")
    );
}

/// §3 runtime: the system a paper presents under a coined name (a `Name: subtitle` title, "we
/// propose Name") is the runtime, kept as its own id; plain words, acronyms and model names
/// are not.
#[test]
fn paper_system_under_its_coined_name_is_the_runtime() {
    let rt = |t: &str| read(t).runtime.map(|r| r.value);
    assert_eq!(
        rt(
            "TriForce: Lossless Acceleration of Long Sequence Generation\n\nOn an A100 it decodes \
            Llama 2 7B at 0.22 s per token."
        )
        .as_deref(),
        Some("triforce")
    );
    assert_eq!(
        rt(
            "To fully leverage CloudMatrix384, we propose CloudMatrix-Infer, an LLM serving \
            solution that reaches 6,688 tokens/s per NPU."
        )
        .as_deref(),
        Some("cloudmatrix-infer")
    );
    for t in [
        "CUDA: fix slow decode\n\nNow 45 tokens/s on an RTX 4090.",
        "Llama-v2-7B-Chat: 12.9 tokens/s on the phone.",
        "Results: we evaluate Llama 3 at 40 tokens/s.",
    ] {
        assert_eq!(rt(t), None, "{t}");
    }
}

/// §3 runtime: serving systems outside the usual list keep their own ids (LoRAX, llm-d, exo,
/// LitGPT, TinyChat); a framework wrapping an engine (NVIDIA Dynamo, FastChat) is the runtime
/// only when no engine is named.
#[test]
fn more_serving_systems_by_their_own_names() {
    let rt = |t: &str| read(t).runtime.map(|r| r.value);
    for (t, id) in [
        (
            "LoRAX 0.7.0 served 20 adapters at 2.3 requests/s on one A10G.",
            "lorax",
        ),
        (
            "Serving GLM on llm-d: 3.21 requests/s at 64 users.",
            "llm-d",
        ),
        (
            "Running DeepSeek V3 671B on an M4 Mac Mini cluster with EXO: 5.4 tokens/s.",
            "exo",
        ),
        (
            "litgpt generate phi-2: 85 tokens in 1.2 s, 70.8 tokens/sec.",
            "litgpt",
        ),
        (
            "NVIDIA Dynamo served the agent at 88.37 output tokens/s.",
            "dynamo",
        ),
        (
            "We integrated AWQ into FastChat: 45 tokens/s on an RTX 4090.",
            "fastchat",
        ),
        (
            "DeepSpeed ZeRO-Inference runs OPT-30B at 43 tokens/s on one V100.",
            "deepspeed",
        ),
        (
            "candle-vllm serves Qwen3 at 72 tokens/s on an H100.",
            "candle-vllm",
        ),
    ] {
        assert_eq!(rt(t).as_deref(), Some(id), "{t}");
    }
    assert_eq!(
        rt("NVIDIA Dynamo with vLLM 0.9 as its backend: 7,900 tokens/s.").as_deref(),
        Some("vllm")
    );
}

/// §3 lengths: more ways the lengths are written. EvalScope's summary keys (`"Average input
/// tokens per request": 28.3` with the quote after "per request"), a key after an emoji
/// (`📝 Generated tokens: 550`), Chinese keys in table cells (`| 输入长度 | 1024 tokens |`),
/// prose with "context"/"generation"/"decoding" (`input context length is 1024 tokens, output
/// generation length is 512 tokens`, `decoding length 256 tokens`), an arrow between the two
/// (`128 prompt tokens → 256 generation tokens`), bold keys (`**Outputs:** 150 tokens`) and
/// "N output tokens per prompt".
#[test]
fn more_length_phrasings() {
    assert_eq!(
        lens("\"Average input tokens per request\": 28.3,\n\"Average output tokens per request\": 1057.2,\n\"Output token throughput (tok/s)\": 36.6"),
        (Some(28), Some(1057))
    );
    assert_eq!(
        lens("⏱️ Total time: 18.2s\n📝 Generated tokens: 550\n⚡ Tokens/second: 30.2"),
        (None, Some(550))
    );
    assert_eq!(
        lens("| 数据集 | Random |\n| 输入长度 | 1024 tokens |\n| 输出长度 | 128 tokens |\n| 输出吞吐 | 812 tokens/s |"),
        (Some(1024), Some(128))
    );
    assert_eq!(
        lens("The input context length is 1024 tokens, output generation length is 512 tokens. QServe reaches 3,348 tokens/s."),
        (Some(1024), Some(512))
    );
    assert_eq!(
        lens(
            "Prompt length 512 tokens, decoding length 256 tokens. Decode throughput 17 tokens/s."
        ),
        (Some(512), Some(256))
    );
    assert_eq!(
        lens("Test Pattern: 128 prompt tokens → 256 generation tokens. 41 tokens/s."),
        (Some(128), Some(256))
    );
    assert_eq!(
        lens("**Inputs:** 2000 tokens\n**Outputs:** 150 tokens\nGoodput 12 QPS"),
        (Some(2000), Some(150))
    );
    assert_eq!(
        lens("packed fixed K=4; 128 output tokens per prompt; 21.46 tok/s"),
        (None, Some(128))
    );
}

/// §3 model: a size written in brackets after the model's name (`Gemma 4 (12B)`, `LLAMA 3.1
/// (70B)`, `Mixtral (8x7B)`) is the model's size.
#[test]
fn bracketed_size_is_the_models() {
    let m = |t: &str| read(t).model.map(|m| m.value);
    assert_eq!(
        m("The benchmark results for the Gemma 4 (12B) model on one RTX PRO 6000: 88 tokens/s")
            .as_deref(),
        Some("gemma-4-12b")
    );
    assert_eq!(
        m("Performance results for LLAMA 3.1 (70B) with FP8: 7421 tokens/s").as_deref(),
        Some("llama-3.1-70b")
    );
}

/// §2: a table whose header names only times (`FP16 latency (ms)`, `ms/token`) holds no token
/// rate: its cells are not read as tokens per second.
#[test]
fn latency_table_is_no_token_rate() {
    let c = read(
        "| Model | FP16 latency (ms) | INT4 latency (ms) | Speedup |\n|---|---|---|---|\n\
         | LLaMA-3-8B | 17.07 | 6.66 | 2.56x |\n| LLaMA-2-7B | 16.17 | 6.02 | 2.68x |\n",
    );
    assert!(
        c.figures.iter().all(|f| f.unit != "tok/s"),
        "{:?}",
        c.figures
            .iter()
            .map(|f| (f.value, &f.unit))
            .collect::<Vec<_>>()
    );
    // A row named for milliseconds per token likewise.
    let c = read(
        "|  | Q4_0 | Q8_0 | F16 |\n|---|---|---|---|\n\
         | ms/token (CPU @ Platinum 8260) | 105 | 158 | 279 |\n| file size | 5.0G | 9.4G | 18G |\n",
    );
    assert!(c.figures.iter().all(|f| f.unit != "tok/s"));
}

/// §3 lengths: llama-batched-bench's settings written out (`PP=512 TG=128`) are the prompt and
/// output lengths of each sequence.
#[test]
fn batched_bench_pp_tg_settings_are_lengths() {
    assert_eq!(
        lens("(MXFP4_MOE, `-fa 1 -b 2048`, `llama-batched-bench`, PP=512 TG=128): 83 tokens/s"),
        (Some(512), Some(128))
    );
    assert_eq!(
        lens("S_TG 48 t/s at pp=2048, tg=256"),
        (Some(2048), Some(256))
    );
}

/// §3 load: a number after a load's label that carries a rate's unit (`2 concurrent requests:
/// 96 tok/s`) is the figure, not the concurrency; a key after it (`c=8 tps/user=85.8`) is none.
#[test]
fn rate_after_a_load_label_is_no_load() {
    let conc = |t: &str| read(t).concurrency.map(|c| c.value);
    assert_eq!(
        conc("prefill throughput collapses at exactly 2 concurrent requests: 96 tok/s"),
        Some(2)
    );
    assert_eq!(conc("1600 concurrent requests: 5000 tokens/s"), Some(1600));
    assert_eq!(
        conc("qwen3-32b-5090  io=1K/512 c=8    tps/user=85.8 ttft=368ms"),
        Some(8)
    );
}

/// §1.3 tool output: a JSON summary's quoted key with its unit in brackets (EvalScope's
/// `"Output token throughput (tok/s)": 36.605`) is a labelled figure like the unquoted one.
#[test]
fn quoted_json_key_with_unit_is_a_figure() {
    let c = read(
        "\"Output token throughput (tok/s)\": 36.605,\n\"Total token throughput (tok/s)\": 37.5848,\n\
         \"Average latency (s)\": 112.7879,\n",
    );
    let f = &c.figures[0];
    assert_eq!((f.value, f.kind), (36.605, FigureKind::ThroughputOutput));
    assert_eq!(f.scope, Some(Scope::Aggregate));
}

/// §1.3 tool output: a record key carries its unit as one of its words (vLLM's `--save-result`
/// `mean_tpot_ms`, LLMPerf's `results_ttft_s_mean`); with no throughput in the block, the mean
/// TPOT or ITL heads, and LLMPerf's quantiles (`_p25` … `_p99`) before it are one run's
/// distribution, not a sweep whose last point heads.
#[test]
fn latency_record_keys_with_unit_words() {
    let c = read("{\"mean_ttft_ms\": 45.2, \"median_tpot_ms\": 12.5, \"p99_tpot_ms\": 30.1}");
    let tpot: Vec<_> = c
        .figures
        .iter()
        .filter(|f| f.kind == FigureKind::Tpot)
        .map(|f| (f.value, f.unit.as_str(), f.percentile.as_deref()))
        .collect();
    assert_eq!(tpot, [(12.5, "ms", Some("p50")), (30.1, "ms", Some("p99"))]);
    let c = read(
        "\"results_inter_token_latency_s_quantiles_p25\": 0.0405,\n\
         \"results_inter_token_latency_s_quantiles_p99\": 0.0494,\n\
         \"results_inter_token_latency_s_mean\": 0.0420,\n\
         \"results_inter_token_latency_s_stddev\": 0.0023,\n\
         \"results_ttft_s_mean\": 0.4035,\n",
    );
    let f = &c.figures[0];
    assert_eq!(
        (f.value, f.kind, f.unit.as_str()),
        (0.0420, FigureKind::Itl, "s")
    );
    // A standard deviation is no latency.
    assert!(c.figures.iter().all(|f| f.value != 0.0023));
}

/// §3 model: OpenAI's gpt-oss written with a space (`GPT OSS 120B`) is the family, not a model
/// named `oss`.
#[test]
fn gpt_oss_with_a_space() {
    let c = read("When I am running GPT OSS 120B 8bit MLX on my M3 Ultra, I get 60 tok/s");
    assert_eq!(c.model.map(|m| m.value).as_deref(), Some("gpt-oss-120b"));
}

/// §2 kind: a log line's prefix (time, level, source, a `[Seq 1]` tag) before its phase label
/// leaves the label the line's own: `Prompt:` is prefill, `Decoded:` decode.
#[test]
fn phase_label_after_a_log_prefix() {
    let c = read(
        "2026-04-18T04:56:38.721497Z  INFO vllm_rs::server::server: [Seq 1] Prompt: 14354 tokens in 2.05s (7019.07 t/s)\n\
         2026-04-18T04:56:38.721510Z  INFO vllm_rs::server::server: [Seq 1] Decoded: 179 tokens in 2.78s (64.37 t/s)\n",
    );
    let kinds: Vec<_> = c.figures.iter().map(|f| (f.value, f.kind)).collect();
    assert_eq!(
        kinds,
        [
            (64.37, FigureKind::DecodeThroughput),
            (7019.07, FigureKind::PrefillThroughput)
        ]
    );
}

/// §3 lengths: "N input tokens per request" is each request's prompt length, and its "per
/// request" says nothing of whose rate the figure is; a length written out in full (`~4000`)
/// stays itself beside a binary limit (`max_input_len 4096`), which only a shorthand (`4K`)
/// takes.
#[test]
fn input_tokens_per_request_is_a_length() {
    let c = read(
        "| `max_input_len` | 4096 |\n- ~4000 input tokens per request\n- throughput 900 tok/s\n",
    );
    assert_eq!(c.prompt_tokens.map(|f| f.value), Some(4000));
    let c = read("4000 input tokens per request, 100 tok/s");
    assert_eq!(c.prompt_tokens.map(|f| f.value), Some(4000));
    assert_eq!(c.figures[0].scope, None);
    // A rate per second is no length.
    assert_eq!(
        lens("prefill runs at 4000 input tokens per second"),
        (None, None)
    );
}

/// §3 quantisation: a precision given to the keys and values (`FP8 quantization for key and
/// value tensors`) is the KV cache's, not the weights'.
#[test]
fn precision_for_keys_and_values_is_the_kv_cache() {
    let c = read(
        "| quantization_type | fp8_kv | FP8 quantization for key and value tensors |\n1,200 tok/s",
    );
    assert_eq!(c.kv_dtype.map(|d| d.value).as_deref(), Some("fp8"));
    assert_eq!(c.weight_dtype, None);
}

/// §3 hardware: with no GPU named, an AI-PC chip is the machine: AMD's Ryzen AI laptop chips
/// (`Ryzen AI 9 HX 370`, `Ryzen AI 5 340`) and Intel's Core Ultra written with its marks
/// (`Intel(R) Core(TM) Ultra 9 285H`).
#[test]
fn ai_pc_chips_are_the_host() {
    let gpu = |t: &str| read(t).gpu.map(|g| g.value);
    assert_eq!(
        gpu("Ryzen AI 9 HX 370 laptop, NPU: 12 tok/s").as_deref(),
        Some("ryzen-ai-9-hx-370")
    );
    assert_eq!(
        gpu("Benchmark Ryzen AI 5 340 (Framework 13): 9 tok/s").as_deref(),
        Some("ryzen-ai-5-340")
    );
    assert_eq!(
        gpu("CPU: Intel(R) Core(TM) Ultra 9 285H\nNPU decode: 8.1 tok/s").as_deref(),
        Some("core-ultra-9-285h")
    );
}

/// §3 model: a count or an example before a size (`two 7B models`, `models like 8B, 70B`)
/// names no model; a Hugging Face cache folder (`models--meta-llama--Meta-Llama-3-8B-Instruct`)
/// names the repository it holds.
#[test]
fn sizes_after_counts_and_hub_cache_folders() {
    let model = |t: &str| read(t).model.map(|m| m.value);
    assert_eq!(
        model("I ran the same test against two 7B models: 40 tok/s"),
        None
    );
    assert_eq!(
        model("Llama models like 8B, 70B and 405B serve 20 tok/s"),
        None
    );
    assert_eq!(
        model("./main -m models/models--meta-llama--Meta-Llama-3-8B-Instruct/snapshots/1/m.gguf\n50 tok/s")
            .as_deref(),
        Some("llama-3-8b")
    );
}

/// §2 kind: a table row written without its outer bars (`Fastest decode result | … 65.3
/// tok/s`, as GitHub's tables allow) is named by its first cell like a barred row.
#[test]
fn row_without_outer_bars_names_its_figure() {
    let c = read(
        "Question | Answer\n---|---\nFastest decode result | UD-Q4_K_M — 65.3 tok/s\n\
         Fastest prompt / prefill result | MXFP4_MOE — 2,496 tok/s\n",
    );
    let kinds: Vec<_> = c.figures.iter().map(|f| (f.value, f.kind)).collect();
    assert!(
        kinds.contains(&(65.3, FigureKind::DecodeThroughput)),
        "{kinds:?}"
    );
    assert!(
        kinds.contains(&(2496.0, FigureKind::PrefillThroughput)),
        "{kinds:?}"
    );
}

/// §3 runtime: a sentence after an engine word's colon (`not a wrapper around another
/// runtime: it is completely self-contained`) names no engine.
#[test]
fn sentence_after_runtime_colon_is_no_engine() {
    let c = read(
        "It is not a wrapper around another\nruntime: it is completely self-contained. 13 tok/s",
    );
    assert_eq!(c.runtime, None);
    assert_eq!(
        read("runtime: vllm\n13 tok/s")
            .runtime
            .map(|r| r.value)
            .as_deref(),
        Some("vllm")
    );
}

/// §1 figures: a number set as code in a results table (`` `3261.60` ``) is read as the number.
#[test]
fn numbers_set_as_code_are_numbers() {
    let c = read("| Experiment | Tokens/sec |\n|---|---|\n| `exp_a` | `3149.65` |\n| `exp_b` | `3261.60` |\n");
    let vals: Vec<f64> = c.figures.iter().map(|f| f.value).collect();
    assert!(vals.contains(&3261.6), "{vals:?}");
}

/// §2 kind: llama.cpp's phase shorthand between the number and the unit (`63.5 gen t/s`,
/// `1200 pp t/s`) names the phase: generation is a decode rate, pp prompt processing.
#[test]
fn phase_shorthand_before_the_unit() {
    let c = read("- Baseline: ~61 gen t/s\n- With -ffast-math: ~63.5 gen t/s (+4%)");
    assert_eq!(
        (c.figures[0].value, c.figures[0].kind),
        (63.5, FigureKind::DecodeThroughput)
    );
    let c = read("1200 pp t/s, 63.5 tg t/s");
    let kinds: Vec<_> = c.figures.iter().map(|f| (f.value, f.kind)).collect();
    assert!(
        kinds.contains(&(1200.0, FigureKind::PrefillThroughput)),
        "{kinds:?}"
    );
    assert!(
        kinds.contains(&(63.5, FigureKind::DecodeThroughput)),
        "{kinds:?}"
    );
}

/// §3 lengths: a phase's rate after its llama.cpp shorthand (`pp 1200 t/s`) is no test length;
/// `pp 512 tokens` still is.
#[test]
fn rate_after_pp_is_no_length() {
    assert_eq!(lens("pp 1200 t/s, tg 63 t/s"), (None, None));
    assert_eq!(lens("pp 512 tokens, 1200 t/s").0, Some(512));
}

/// §3 hardware: a CPU host's id as written: a Xeon keeps its tier (`Xeon(R) Platinum 8260`:
/// `xeon-platinum-8260`), a Ryzen written without its tier stays without one (`Ryzen-7950X`).
#[test]
fn cpu_host_ids_as_written() {
    let gpu = |t: &str| read(t).gpu.map(|g| g.value);
    assert_eq!(
        gpu("Intel(R) Xeon(R) Platinum 8260 CPU: 10 tok/s").as_deref(),
        Some("xeon-platinum-8260")
    );
    assert_eq!(
        gpu("on a Ryzen-7950X CPU: 12 tok/s").as_deref(),
        Some("ryzen-7950x")
    );
    assert_eq!(
        gpu("AMD Ryzen 9 5900X 12-Core: 9 tok/s").as_deref(),
        Some("ryzen-9-5900x")
    );
    assert_eq!(
        gpu("Ryzen AI 9 HX370 laptop: 9 tok/s").as_deref(),
        Some("ryzen-ai-9-hx-370")
    );
}

/// §2 kinds: a rate unit in brackets heading a list of named phases (KTransformers' log line
/// `Performance(T/s): prefill 0.07, decode 0.21`) gives one figure per phase in that unit; the
/// numbers are no lengths.
#[test]
fn rate_unit_heads_a_list_of_phases() {
    let c = read(
        "balance_serve.py[97]: Performance(T/s): prefill 0.0709, decode 0.2152. Time(s): \
         tokenize 0.54, prefill 126.99, decode 362.44",
    );
    let kinds: Vec<_> = c.figures.iter().map(|f| (f.value, f.kind)).collect();
    assert!(
        kinds.contains(&(0.0709, FigureKind::PrefillThroughput)),
        "{kinds:?}"
    );
    assert!(
        kinds.contains(&(0.2152, FigureKind::DecodeThroughput)),
        "{kinds:?}"
    );
    assert_eq!(
        lens("Throughput (tok/s): prompt 1200, generation 35"),
        (None, None)
    );
    // Still a length where no rate unit heads the list.
    assert_eq!(lens("Lengths: prompt 1200, generation 35").0, Some(1200));
}

/// §2 scope: TGS, "tokens per GPU per second", is a per-device rate.
#[test]
fn tgs_is_per_gpu() {
    let c = read("In a mixed scenario (ISL=2k, OSL=1k) the output throughput is 2816 TGS.");
    let h = c.headline().unwrap();
    assert_eq!(h.value, 2816.0);
    assert_eq!(h.scope, Some(Scope::PerGpu));
}

/// §1 values: prose in a language that groups thousands with a dot (Indonesian, Vietnamese,
/// Turkish, German, Spanish, …) writes 3,500 as `3.500`; English prose and tool records keep
/// the decimal point, and a number opening with 0 is a decimal anywhere.
#[test]
fn dot_grouped_thousands_in_languages_that_write_them() {
    let v = |t: &str| read(t).headline().map(|h| h.value);
    assert_eq!(
        v(
            "Pada Llama 3.1 8B dengan prompt 1K, SGLang mencapai ~16.200 tok/s dan ini adalah \
           hasil yang lebih baik dari vLLM untuk semua ukuran batch di H100."
        ),
        Some(16200.0)
    );
    assert_eq!(
        v(
            "vLLM đạt 3.500 tok/s trên A100 80GB cho Llama 70B, cao hơn 40% so với baseline của \
           các và là không được với nhiều."
        ),
        Some(3500.0)
    );
    assert_eq!(
        v("We got 3.500 tok/s on the H100 with the new kernel and it is fast for this model."),
        Some(3.5)
    );
    assert_eq!(
        v(
            "Na GB200 z Dynamo zmierzono $0.012 per million tokens, że jest przez dla nie się \
           jak czy oraz jest tańszy."
        ),
        Some(0.012)
    );
}

/// §2 kinds: a token rate divided by a resource (`tok/s per GB/s` of bandwidth, `tok/s/W`) is an
/// efficiency ratio, no token rate, in prose and as a table column; per GPU stays a scope.
#[test]
fn rate_per_resource_is_a_ratio() {
    let c = read("NVIDIA averages 0.13 tok/s per GB/s of memory bandwidth. AMD averages 0.06.");
    assert!(c.figures.is_empty(), "{:?}", c.figures);
    let c = read(
        "GPU | Bandwidth | Llama 3 8B Q4 | tok/s per GB/s | Price\n\
         RTX 3060 | 360 GB/s | 51 tok/s | 0.14 | $275\n",
    );
    assert_eq!(c.headline().map(|h| h.value), Some(51.0));
    let c = read("It does 4.2 tok/s/W on the M4 and 900 tok/s per GPU on H100");
    let h = c.headline().unwrap();
    assert_eq!((h.value, h.scope), (900.0, Some(Scope::PerGpu)));
}

/// §3 lengths: a length named by its words before its number (`input sequence length is 1024`,
/// `Output lenght = 100`, `Response tokens: 1122`, `'completion_tokens': 216`), `200 tokens in /
/// 200 out`, `4096-in/1024-out`, `4K in + 2K out`, `ISL/OSL=1024`, text-generation-webui's
/// `(… tokens/s, 365 tokens, context 3036`. Not a total, a cap or a limit.
#[test]
fn lengths_named_by_their_words() {
    assert_eq!(
        lens("when request is 16, input sequence length is 1024, output sequence length is 512, the TTFT is 120 ms"),
        (Some(1024), Some(512))
    );
    assert_eq!(
        lens("Input length = 640, Output lenght = 100, GPU = 1 A100, 35 tok/s"),
        (Some(640), Some(100))
    );
    assert_eq!(
        lens("Stats:\n Prompt tokens: 42\n Response tokens: 1122\n Response rate: 35.1 tokens/s"),
        (Some(42), Some(1122))
    );
    assert_eq!(
        lens("usage: {'prompt_tokens': 95, 'completion_tokens': 216} at 40 tok/s"),
        (Some(95), Some(216))
    );
    assert_eq!(
        lens("synthetic chat requests, 200 tokens in / 200 out, closed loop: 900 tok/s"),
        (Some(200), Some(200))
    );
    assert_eq!(
        lens("canonical bench (random 4096-in/1024-out, 384 prompts): 1200 tok/s"),
        (Some(4096), Some(1024))
    );
    assert_eq!(
        lens("Long context (4K in + 2K out, 10 reqs): 50.2 tok/s output"),
        (Some(4000), Some(2000))
    );
    assert_eq!(
        lens("Tested locally (ISL/OSL=1024): conc 8 -> 507 tok/s"),
        (Some(1024), Some(1024))
    );
    assert_eq!(
        lens("Output generated in 81.62 seconds (4.47 tokens/s, 365 tokens, context 3036, seed 1)"),
        (Some(3036), Some(365))
    );
    // Totals, caps and limits are no lengths.
    assert_eq!(
        lens(
            "Total num prompt tokens:  5014\nTotal num output tokens:  1500\n 1072 output tokens/s"
        ),
        (None, None)
    );
    assert_eq!(
        lens("Short: ≤256 in, 128 out (chat). 90 tok/s"),
        (None, None)
    );
    assert_eq!(lens("max input length 4096, 30 tok/s"), (None, None));
}

/// §3 hardware: cards sold with two memory sizes keep the size written: the RTX 5060 Ti (8 or
/// 16 GB), the GTX 1060 (3 or 6 GB); the RTX 3060 is the 12 GB card unless 8 GB is written.
#[test]
fn memory_variants_of_consumer_cards() {
    let gpu = |t: &str| read(t).gpu.map(|g| g.value);
    assert_eq!(
        gpu("RTX 5060 Ti 16GB: 40 tok/s").as_deref(),
        Some("rtx-5060-ti-16gb")
    );
    assert_eq!(
        gpu("on a GTX 1060 (3GB): 5 tok/s").as_deref(),
        Some("gtx-1060-3gb")
    );
    assert_eq!(
        gpu("RTX 3060 8GB: 20 tok/s").as_deref(),
        Some("rtx-3060-8gb")
    );
    assert_eq!(gpu("RTX 3060 12GB: 20 tok/s").as_deref(), Some("rtx-3060"));
}

/// §3 runtime: a commit subject's `Component: lower-case change` names the part changed, not a
/// system the text presents (`TriForce: Lossless Acceleration …` still does).
#[test]
fn commit_subject_component_is_no_runtime() {
    let rt = |t: &str| read(t).runtime.map(|r| r.value);
    assert_eq!(
        rt("BatchGenerator: optional prefer_prefill_when_pending scheduler\n\nOn Apple M4 Max the \
            aggregate is 163 tok/s with three concurrent requests."),
        None
    );
    assert_eq!(
        rt(
            "TriForce: Lossless Acceleration of Long Sequence Generation\n\nTriForce serves \
            Llama2-7B-128K at 0.22 s per token on two RTX 4090s."
        ),
        Some("triforce".to_string())
    );
}

/// §2 kinds: the decode phase named in Korean ("토큰 생성 속도", token generation speed; "디코딩",
/// decoding) or Japanese ("デコード").
#[test]
fn decode_named_in_korean_and_japanese() {
    let kind = |t: &str| read(t).headline().map(|h| h.kind);
    assert_eq!(
        kind("| 지표 | 수치 |\n|---|---|\n| 토큰 생성 속도 | 51.35 tok/s |"),
        Some(FigureKind::DecodeThroughput)
    );
    assert_eq!(
        kind("단일 DGX Spark에서 약 43 tokens/sec의 디코딩 속도를 보인다."),
        Some(FigureKind::DecodeThroughput)
    );
}

/// §2 kinds: a table column of a bare latency with its unit (`avg latency (ms)`, `Gaudi2
/// latency (seconds)`) holds one request's end-to-end latency, a per-token one a time per
/// output token; among device columns the first is the subject (§1.5), and a table that gives a
/// request rate is read for that rate first (§1.3).
#[test]
fn bare_latency_columns() {
    let head = |t: &str| {
        read(t)
            .headline()
            .map(|h| (h.value, h.kind, h.unit.clone()))
    };
    assert_eq!(
        head(
            "| model | accuracy (%) | avg latency (ms) | p95 (ms) |\n|---|---|---|---|\n\
              | gemma3:4b | 50.00 | 833 | 1507 |\n| qwen3.5:9b | 82.00 | 1149 | 1231 |"
        ),
        Some((1149.0, FigureKind::E2eLatency, "ms".to_string()))
    );
    assert_eq!(
        head(
            "| Model | Devices | Gaudi2 latency (seconds) | A100-80GB latency (seconds) |\n\
              |---|---|---|---|\n| BLOOMZ | 8 | 3.717 | 4.402 |"
        ),
        Some((3.717, FigureKind::E2eLatency, "s".to_string()))
    );
    assert_eq!(
        head("| Batch | Per-token latency (ms) |\n|---|---|\n| 1 | 21.5 |\n| 4 | 24.0 |"),
        Some((24.0, FigureKind::Tpot, "ms".to_string()))
    );
    assert_eq!(
        head(
            "| Device | Phi-3-mini Latency (ms/token) |\n|---|---|\n| RTX 4050 | 142 |\n\
             | X Elite | 51 |"
        )
        .map(|h| (h.0, h.1)),
        Some((51.0, FigureKind::Tpot))
    );
    // A prompt phase's latency is no request's whole time.
    assert_eq!(
        head("| model | Prefill latency (ms) |\n|---|---|\n| a | 120 |"),
        None
    );
    assert_eq!(
        head("| Backend | Throughput | Latency |\n|---|---|---|\n| srt | 5.82 requests/s | 343.54 s |\n\
              | vllm | 3.93 requests/s | 509.08 s |")
        .map(|h| h.1),
        Some(FigureKind::RequestRate)
    );
}

/// §3 Runtime: an API gateway or proxy in front of an engine (LiteLLM, OpenRouter) serves no
/// model and is no runtime; llm-d routes to an engine, which is the runtime when the text names
/// it, and llm-d alone is a stack without its engine: partial.
#[test]
fn gateways_and_routers_are_not_the_engine() {
    use benchfit_core::check;
    use benchfit_core::checklist::Status;
    let rt = |t: &str| read(t).runtime.map(|r| r.value);
    assert_eq!(
        rt("LiteLLM proxy benchmark: 1,170 RPS at 8 ms median overhead on 4 instances"),
        None
    );
    assert_eq!(
        rt("llm-d with vLLM 0.11 on 16x H100: Qwen3-32B at 28.6K output tok/s"),
        Some("vllm".to_string())
    );
    let t = "llm-d precise prefix-cache routing on 16x H100: Qwen3-32B at 28.6K output tok/s";
    assert_eq!(rt(t), Some("llm-d".to_string()));
    assert_eq!(check(t).checklist[3].status, Status::Partial);
}

/// §3 Load: a count of users written with thousands separators (`3,000 users`, `100,000 users
/// daily`) is never read from its last group as a concurrency of 0; a plain `, 8 streams` is 8.
#[test]
fn grouped_user_counts_are_no_zero_concurrency() {
    let conc = |t: &str| read(t).concurrency.map(|c| c.value);
    assert_eq!(
        conc("3,000 users at one request per second each: 30 tok/s"),
        None
    );
    assert_eq!(conc("We serve over 100,000 users daily at 30 tok/s"), None);
    assert_eq!(conc("We tested 1,000 concurrent users at 30 tok/s"), None);
    assert_eq!(conc("Qwen 7B (vLLM, 8 streams): 30 tok/s"), Some(8));
}

/// §3 Load: llama.cpp's `--threads-batch N` (`-tb`) counts CPU threads for prompt processing,
/// and a training flag's batch is the training run's: neither is the load.
#[test]
fn threads_batch_is_no_batch_size() {
    let batch = |t: &str| read(t).batch_size.map(|b| b.value);
    assert_eq!(
        batch("llama-server -m glm.gguf --threads 13 --threads-batch 23 -c 131072: 66.84 t/s"),
        None
    );
    assert_eq!(batch("llama-server --threads_batch=8: 40 t/s"), None);
    // A training run's batch (`--train.micro_batch_size`) is no load of the inference run.
    assert_eq!(
        batch("litgpt finetune --train.micro_batch_size 2 --train.epochs 1\nGeneration: 7.65 tokens/sec"),
        None
    );
    assert_eq!(batch("batch size 16: 400 tok/s"), Some(16));
    // A multi-byte space before the word (U+3000) is read, not cut inside.
    assert_eq!(batch("测试\u{3000}batch 4: 30 tok/s"), Some(4));
}

/// §3 Hardware: a size or a quantifier between a number and "GPUs" (`~950 MB Most discrete
/// GPUs`) makes it no count of devices; `8 discrete GPUs` and `2 24GB GPUs` still count.
#[test]
fn sizes_and_quantifiers_are_no_gpu_count() {
    let n = |t: &str| read(t).gpu_count.map(|c| c.value);
    assert_eq!(
        n("1B model ~950 MB Most discrete GPUs, some iGPUs: 74 tok/s"),
        None
    );
    assert_eq!(n("needs 24 GB on all GPUs we tried: 30 tok/s"), None);
    assert_eq!(n("8 discrete GPUs: 30 tok/s"), Some(8));
    assert_eq!(n("Llama 70B on 2 24GB GPUs: 30 tok/s"), Some(2));
}

/// §3 Lengths: a one-digit count of a kernel's inputs (`a 2-input LayerNorm`) is no prompt
/// length; `2000-Input, 100-Output` still is.
#[test]
fn kernel_input_counts_are_no_prompt_length() {
    let p = |t: &str| read(t).prompt_tokens.map(|x| x.value);
    assert_eq!(
        p("Merges Add and LayerNorm into a 2-input LayerNorm. Decode: 7.06 → 8.23 tok/s"),
        None
    );
    assert_eq!(p("2000-Input, 100-Output Benchmark: 30 tok/s"), Some(2000));
}

/// §3 Model: releases named without a parameter count keep their name as the id: Microsoft's
/// Phi-1.5 and Phi-2 (also as Hugging Face writes them, `phi-1_5`, and glued, `phi2`) like
/// Phi-3/4, and Kimi's releases after K2.
#[test]
fn phi_and_kimi_releases_without_a_size_are_models() {
    let m = |t: &str| read(t).model.map(|x| x.value);
    assert_eq!(
        m("microsoft/phi-2 on an A10G: 80 s for 2048 tokens").as_deref(),
        Some("phi-2")
    );
    assert_eq!(
        m("microsoft/phi-1_5: 28 ms per token on A100").as_deref(),
        Some("phi-1.5")
    );
    assert_eq!(m("Phi 1.5 at 28 ms per token").as_deref(), Some("phi-1.5"));
    assert_eq!(m("phi2 runs at 40 tok/s").as_deref(), Some("phi-2"));
    assert_eq!(
        m("Kimi K3 at 100 tok/s on 8x MI355X").as_deref(),
        Some("kimi-k3")
    );
    assert_eq!(m("Phi-3-mini at 20 tok/s").as_deref(), Some("phi-3-mini"));
    assert_eq!(
        m("Kimi K2 Thinking at 30 tok/s").as_deref(),
        Some("kimi-k2-thinking")
    );
}

/// Robustness: a multi-byte space (U+3000) right before a version record's token or before a
/// precision joined by 或 ("or") is stepped over whole, not sliced inside (both panicked).
#[test]
fn ideographic_spaces_before_versions_and_precisions_are_read_whole() {
    let c = read("version\u{3000}:\u{3000}1.0er.pkg.dev/x/pytorch-vllm-serve:2025 at 30 tok/s");
    assert_eq!(c.runtime.map(|r| r.value).as_deref(), Some("vllm"));
    let c = read("x\u{3000}bf16或fp16 on an H100: 30 tok/s");
    assert_eq!(
        c.weight_dtype.map(|d| d.value),
        None,
        "either of two precisions: none"
    );
}

/// §1 and §2: a text whose only figure is a duration written with a verb of taking reads that
/// duration as one request's latency, its kind from the words after it: the first token is a
/// TTFT, anything else end to end; minutes stay minutes, a range gives its low end (rule 7).
/// Loading and compiling times are no request's latency.
#[test]
fn durations_written_with_a_verb_of_taking_are_latencies() {
    let c =
        read("Running Mistral 7B with Ollama on a GTX 1080, every answer took about 12 seconds.");
    assert_eq!(c.figures[0].value, 12.0);
    assert_eq!(c.figures[0].unit, "s");
    assert_eq!(c.figures[0].kind, FigureKind::E2eLatency);
    assert_eq!(c.figures[0].scope, Some(Scope::PerUser));
    let c =
        read("With a 30k-token document it can take over 4.5 seconds to generate the first token.");
    assert_eq!(c.figures[0].value, 4.5);
    assert_eq!(c.figures[0].kind, FigureKind::Ttft);
    let c = read("On my laptop the reply takes 3-4 minutes to arrive.");
    assert_eq!(c.figures[0].value, 3.0);
    assert_eq!(c.figures[0].value_high, Some(4.0));
    assert_eq!(c.figures[0].unit, "min");
    let c = read("The engine build takes about 20 minutes on an H100.");
    assert!(c.figures.is_empty(), "{:?}", c.figures);
    // Another figure in the text outranks the prose: the duration is not read at all.
    let c = read("Loading took 40 seconds; decoding then ran at 55 tokens/s.");
    assert_eq!(c.figures.len(), 1);
    assert_eq!(c.figures[0].value, 55.0);
}

/// §2: `tks/s` is tokens per second, and so are "tokens processed per second".
#[test]
fn tks_and_tokens_processed_are_token_rates() {
    let c = read("QwQ-32B Q4_K_M on an M2 Max: 36 tks/s");
    assert_eq!(c.figures[0].value, 36.0);
    assert_eq!(c.figures[0].unit, "tok/s");
    let c = read("The model handled 79 tokens processed per second on one A10.");
    assert_eq!(c.figures[0].value, 79.0);
}

/// §1 rule 7 and §2: a latency written as a range after its name (`ITL … (4.8-6.1ms)`) is read,
/// its low end the value; TGI's log field `time_per_token="43.6ms"` and a bare "token latency"
/// are times per output token ("first token latency" stays a TTFT).
#[test]
fn latency_ranges_tgi_time_per_token_and_token_latency() {
    let c = read("On one A10 with vLLM the ITL stays low (4.8-6.1ms) as requests grow.");
    assert_eq!(c.figures[0].kind, FigureKind::Itl);
    assert_eq!(c.figures[0].value, 4.8);
    let c = read(
        "text_generation_router: inference_time=\"610.4ms\" time_per_token=\"43.6ms\" seed=\"None\"",
    );
    assert_eq!(c.figures[0].kind, FigureKind::Tpot);
    assert_eq!(c.figures[0].value, 43.6);
    let c = read("The new kernels cut token latency to 21 ms on eight H100s.");
    assert_eq!(c.figures[0].kind, FigureKind::Tpot);
    assert_eq!(c.figures[0].value, 21.0);
    let c = read("Our first token latency is 120 ms on an H100.");
    assert_eq!(c.figures[0].kind, FigureKind::Ttft);
}

/// §1 rule 6: a change written in words ends at the tuned result: a rate that rose (`rose to`,
/// 提升到) or a time that fell (`reduced TTFT to`, the verb a few words before its `to`).
#[test]
fn changes_written_in_words_end_at_the_tuned_result() {
    let c = read("测试在rk3588上的推理速度为11.3tokens/s，超频后提升到16.1tokens/s");
    assert_eq!(c.figures[0].value, 16.1);
    let c = read("Decode ran at 90 tok/s on a 4090, and after the fix it rose to 120 tok/s.");
    assert_eq!(c.figures[0].value, 120.0);
    let c = read("TTFT was 400 ms on an H100; prefix caching reduced TTFT to 90 ms.");
    assert_eq!(c.figures[0].value, 90.0);
    // A rate that "dropped to" is a regression, not an improvement: the first figure heads.
    let c = read("Decode ran at 90 tok/s on a 4090; after the update it dropped to 60 tok/s.");
    assert_eq!(c.figures[0].value, 90.0);
}

/// §3 Hardware: a count of zero devices (`0x H100`) or a zero-way TP is no count at all.
#[test]
fn zero_devices_are_no_count() {
    let c = read("Llama 3 8B on 0x H100 with TP=0: 3200 tokens/s");
    assert_eq!(c.gpu_count, None);
    assert_eq!(c.tp, None);
    let c = read("Llama 3 8B on 2x H100 with TP=2: 3200 tokens/s");
    assert_eq!(c.gpu_count.map(|g| g.value), Some(2));
    assert_eq!(c.tp.map(|t| t.value), Some(2));
}

/// §1: a rate written negative (`-3200 tokens/s`) or as a negative power of ten (`1e-320
/// tokens/s`) is no figure; a `-` between two numbers is still a range (rule 7: its low end).
#[test]
fn negative_numbers_are_no_figures() {
    assert!(read("Llama 3 8B on H100: -3200 tokens/s")
        .figures
        .is_empty());
    assert!(read("Llama 3 8B on H100: 1e-320 tokens/s")
        .figures
        .is_empty());
    let c = read("Llama 3 8B on H100: 100-3200 tokens/s");
    assert_eq!(c.figures[0].value, 100.0);
}

/// A figure kept in the text's time unit converts by hand: 2 minutes are 120,000 ms, 3 s are
/// 3,000 ms, 1,800 tokens per minute are 30 tok/s.
#[test]
fn figures_convert_from_the_unit_they_were_written_in() {
    let c = read("Running Mistral 7B on a GTX 1080, the reply took 2 minutes.");
    assert_eq!(c.figures[0].in_ms(), 120_000.0);
    let c = read("Running Mistral 7B on a GTX 1080, every answer took about 3 seconds.");
    assert_eq!(c.figures[0].in_ms(), 3_000.0);
    let c = read("Llama 3 8B on one L4 sustains 1,800 tokens per minute.");
    assert_eq!(c.figures[0].per_second(), 30.0);
}

/// §1 rule 6: a table cell that writes a change (`5.49 → 10.79`) is read at the value it ends
/// at, and the figure's span covers that value alone; GuideLLM's `Streams` column is the
/// concurrency (§1.5: settings from the same row).
#[test]
fn a_change_in_a_table_cell_ends_at_the_tuned_value() {
    let text = "Qwen3 8B on one H100, vLLM, 2,048 prompt and 512 output tokens.\n\n\
| Streams | Output tok/s, baseline → candidate | Mean TTFT (ms), baseline → candidate |\n\
|---:|---:|---:|\n\
| 1 | 5.49 → 10.79 | 8,424 → 6,878 |\n\
| 8 | 2.77 → **5.22** | 63,995 → 34,987 |\n";
    let c = read(text);
    let f = &c.figures[0];
    assert_eq!(f.value, 5.22);
    assert_eq!(&text[f.span.start..f.span.end], "5.22");
    assert_eq!(c.concurrency.as_ref().map(|n| n.value), Some(8));
    // A header with an arrow between words stays one header.
    let c = read("| Setup | tok/s |\n|---|---|\n| base → tuned | 120 |\n| tuned → final | 140 |\n");
    assert_eq!(c.figures[0].value, 140.0);
}

/// §1.5 with §1.6: a list of changes over one setting (llama-batched-bench's prompt lengths) is
/// a sweep of tuned results, read at its last point; a change to a worse value is no point of
/// it. A list over other GPUs is a comparison (its first result is the subject), and a peak
/// after an average is not the headline.
#[test]
fn a_list_of_changes_is_read_at_its_last_tuned_point() {
    let c = read(
        "Qwen3 30B-A3B on one H100, llama-batched-bench -npl 32:\n\
  -npp 512  S_PP 2208.96 -> 2286.5 t/s  (+3.5%)\n\
  -npp 2048 S_PP 2021.5  -> 2379.8 t/s  (+17.7%)\n",
    );
    assert_eq!(c.figures[0].value, 2379.8);
    let c = read(
        "Token generation on a 7800 XT, Qwen2.5-1.5B, tg128:\n\
    IQ4_KS   16.30 -> 255.88 t/s\n\
    IQ4_XS   17.28 -> 268.05 t/s\n\
    IQ4_KT  201.76 -> 195.68 t/s\n",
    );
    assert_eq!(c.figures[0].value, 268.05);
    let c = read(
        "Llama 2 7B Q4_0 generation, before and after:\n\
GTX 1660: 29.5 ms/t -> 25.6 ms/t\n\
RTX 4080: 8.40 ms/t -> 8.25 ms/t\n",
    );
    assert_eq!(c.figures[0].value, 25.6);
    let c = read(
        "Benchmarked on Llama3.1-8B-Instruct: on average\n\
+2.50% throughput gain (+558.14 tok/s, ~21594 tok/s -> ~22152 tok/s) can\n\
be observed across all prefill buckets on G2, with up to +4.40% (+956.79\n\
tok/s, ~25031 -> ~25988 tok/s) throughput increase in compute-bound\n\
scenarios.",
    );
    assert_eq!(c.figures[0].value, 22152.0);
}

/// §1.3 with a header over two rows (GuideLLM 0.2's `Benchmarks Stats`): the group row's
/// `Out Tok/sec` names the column under it, so the figure is the output throughput; the last
/// row (`constant@3.89`, past an excerpt's `...`) is the headline, its label's rate the load
/// and the column's observed concurrency an observed one (§3).
#[test]
fn a_header_written_over_two_rows_names_its_columns() {
    let c = read(
        "Llama 3.1 8B on 2x L40S with vLLM\n\
guidellm benchmark --rate-type sweep --data \"prompt_tokens=512,output_tokens=256\"\n\
Benchmarks Stats:\n\
==========================================================\n\
Metadata     | Request Stats         || Out Tok/sec| Tot Tok/sec| TTFT (ms)          |||\n\
    Benchmark| Per Second| Concurrency|        mean|        mean|  mean| median|    p99\n\
-------------|-----------|------------|------------|------------|------|-------|-------\n\
  synchronous|       0.23|        1.00|        58.7|       293.7|  59.8|   59.1|   63.1\n\
   throughput|       3.89|       29.65|       996.1|      4979.5| 817.7|  784.0| 1387.9\n\
...\n\
constant@3.43|       2.31|       13.84|       590.9|      2953.9|  82.9|   77.9|  163.9\n\
constant@3.89|       2.47|       15.13|       632.6|      3162.2|  81.5|   75.8|  166.9\n",
    );
    let f = &c.figures[0];
    assert_eq!(f.value, 632.6);
    assert_eq!(f.kind, FigureKind::ThroughputOutput);
    assert_eq!(c.request_rate.as_ref().map(|r| r.value), Some(3.89));
    // The concurrency the run observed beside it goes in `concurrency` (§3 Load).
    assert_eq!(c.concurrency.as_ref().map(|n| n.value), Some(15));
}

/// The same over three rows (GuideLLM 0.4's `Server Throughput Statistics`, groups spanning
/// with `||`): `Output Tokens` / `Per Sec` / `Mean` is the output throughput, and a
/// `concurrent@8` row's load is the 8 streams it set, not the concurrency it observed.
#[test]
fn a_header_written_over_three_rows_names_its_columns() {
    let c = read(
        "Qwen3 8B, one H100, vLLM 0.11\n\
|=============|=====|======|=======|======|========|=======|\n\
| Benchmark   | Requests               |||| Output Tokens ||\n\
| Strategy    | Per Sec   || Concurrency || Per Sec       ||\n\
|             | Mdn | Mean | Mdn   | Mean | Mdn    | Mean  |\n\
|-------------|-----|------|-------|------|--------|-------|\n\
| concurrent@1| 0.1 | 0.1  | 1.0   | 1.0  | 25.6   | 25.9  |\n\
| concurrent@8| 0.7 | 0.7  | 6.0   | 5.8  | 170.2  | 171.4 |\n\
|=============|=====|======|=======|======|========|=======|\n",
    );
    let f = &c.figures[0];
    assert_eq!(f.value, 171.4);
    assert_eq!(f.kind, FigureKind::ThroughputOutput);
    assert_eq!(c.concurrency.as_ref().map(|n| n.value), Some(8));
}

/// §1 rule 6 in words: a change written `from … to …` ends at the tuned result, whether both
/// ends carry the unit (`from 17 tokens/s to 40 tokens/s`), only the last does (`from ~11 to
/// ~24.7 tok/s`), or a latency's name stands before it (`TPOT … reducing from 26.44ms to
/// 12.44ms`); `ranging from 0.03 to 0.05` is a range (rule 7: its low end).
#[test]
fn a_change_from_one_value_to_another_ends_at_the_tuned_value() {
    let c = read(
        "KTransformers on a Xeon 6: by increasing concurrency, the total output throughput \
         increased from 17 tokens/s to 40 tokens/s.",
    );
    assert_eq!(c.figures[0].value, 40.0);
    let c = read(
        "Mistral 128B on 2x RTX 3090: tensor split doubled throughput from ~11 to ~24.7 tok/s.",
    );
    assert_eq!(c.figures[0].value, 24.7);
    let c = read(
        "Qwen3-235B on 8x MI300X with SGLang: the (Time per Output Token) TPOT has improved by \
         2.12x, reducing from 26.44ms to 12.44ms.",
    );
    assert_eq!(c.figures[0].value, 12.44);
    assert_eq!(c.figures[0].kind, FigureKind::Tpot);
    let c = read(
        "- TPOT improved from ~10.3ms to ~8.36ms (~19% improvement)\n\
- Throughput improved from ~100 to ~125 tokens/sec (~25% improvement)\n",
    );
    assert_eq!(c.figures[0].value, 125.0);
    let c = read("DeepSeek-R1 Q4_K_M on 4x RTX 4090: ranging from 0.03 to 0.05 tokens per second.");
    assert_eq!(c.figures[0].value, 0.03);
}

/// §3 Runtime with §4: the engine a change leaves (`switching from standard llama.cpp to the
/// ik_llama.cpp branch`) is another setup's; the claim ran on the one it moved to.
#[test]
fn the_engine_a_change_leaves_is_not_the_claims() {
    let c = read(
        "Qwen3 30B-A3B Q4_K_M on an RTX 4070 Super: switching from standard llama.cpp to the \
         ik_llama.cpp branch gave 38 tok/s generation.",
    );
    assert_eq!(
        c.runtime.as_ref().map(|r| r.value.as_str()),
        Some("ik_llama.cpp")
    );
}

/// §1.3 with §1.5: a caption that only names a rate (`Output throughput:`) introduces the table
/// under it, whose header names setups (`| Main | #8278 | #8279 |`): the last column of its row
/// is the output throughput.
#[test]
fn a_caption_naming_a_rate_introduces_its_table() {
    let c = read(
        "DeepSeek-V3 on 8x H200 with SGLang, TP 8:\n\nOutput throughput:\n\n\
| Main | #8278 | #8279 |\n|---|---|---|\n| 4154.71 | 4163.29 | 4261.29 |\n",
    );
    let f = &c.figures[0];
    assert_eq!(f.value, 4261.29);
    assert_eq!(f.kind, FigureKind::ThroughputOutput);
}

/// §2: `toks/s` in a header (inference-perf's `Output toks/s`) is a token rate like `tok/s`.
#[test]
fn toks_per_second_in_a_header_is_a_token_rate() {
    let c = read(
        "Qwen3-32B on 8x H100 with vLLM:\n\n| Experiment | Output toks/s | Requests/s | ITL mean (s) |\n\
|---|---:|---:|---:|\n| precise | 8730.0 | 35.562 | 0.026 |\n| random | 4428.7 | 35.671 | 0.025 |\n",
    );
    let f = &c.figures[0];
    assert_eq!(f.value, 4428.7);
    assert_eq!(f.kind, FigureKind::ThroughputOutput);
}

/// §1.5 on an HTML table (a model card's `<table>`): its rows read as a table's, the last row's
/// rate is the headline, and the figure's span is the value in the pasted markup.
#[test]
fn an_html_table_reads_as_a_table() {
    let text = "Qwen2.5-7B on one RTX 4090, vLLM:\n<table>\n<tr>\n  <th>Batch</th>\n  \
<th>Decode speed (tokens/s)</th>\n</tr>\n<tr>\n  <td align=\"center\">1</td>\n  \
<td align=\"center\">61.2</td>\n</tr>\n<tr>\n  <td align=\"center\">8</td>\n  \
<td align=\"center\"><b>402.5</b></td>\n</tr>\n</table>\n";
    let c = read(text);
    let f = &c.figures[0];
    assert_eq!(f.value, 402.5);
    assert_eq!(&text[f.span.start..f.span.end], "402.5");
    assert_eq!(c.batch_size.as_ref().map(|b| b.value), Some(8));
}

/// The same with a first cell spanning rows (`<td rowspan="2">`): the row under it keeps its
/// columns, so the last row's `Decoding Speed` cell is the headline.
#[test]
fn an_html_row_under_a_rowspan_keeps_its_columns() {
    let text = "<table>\n<tr><th>Model</th><th>Format</th><th>Decoding Speed (tokens/s)</th>\
<th>Memory (GB)</th></tr>\n<tr><td rowspan=\"2\">MiniCPM-o 4.5</td><td>bf16</td>\
<td>154.3</td><td>19.0</td></tr>\n<tr><td>int4</td><td><b>212.3</b></td><td>11.0</td></tr>\n\
</table>\nMeasured on one RTX 4090.";
    let c = read(text);
    let f = &c.figures[0];
    assert_eq!(f.value, 212.3);
    assert_eq!(&text[f.span.start..f.span.end], "212.3");
}

/// A table cell giving a mean with its interval in brackets and a sample count (`5838 [5820
/// 5854] N=15`) is the mean.
#[test]
fn a_cell_with_its_interval_in_brackets_is_its_number() {
    let c = read(
        "Llama 3.1 8B, vLLM, 1x to 4x H100:\n\n| GPUs | output tok/s | speedup |\n|---|---|---|\n\
| 1 | 2184 [2176 2186] N=8 | 1.00x |\n| 4 | 5838 [5820 5854] N=15 | 2.67x |\n",
    );
    assert_eq!(c.figures[0].value, 5838.0);
}

/// §1 rule 1: a rate of zero (`Throughput: 0.0 tokens/s`, a script that failed to count) is no
/// measured result, so it is no figure and another figure of the run heads.
#[test]
fn a_rate_of_zero_is_no_figure() {
    let c = read(
        "Llama-2-7b on Gaudi2, TGI 2.0.0, 50 concurrent requests:\n\
Throughput: 0.0 tokens/s\nThroughput: 0.0 queries/s\nTTFT: 18783.24 ms\n",
    );
    assert!(c.figures.iter().all(|f| f.value != 0.0));
    assert_eq!(c.figures[0].value, 18783.24);
    assert_eq!(c.figures[0].kind, FigureKind::Ttft);
}

/// §3 Load: MLPerf LoadGen's summary of a Server run sets its query rate (`target_qps`); an
/// Offline run's `target_qps` only sizes one burst, so it is no rate (saturation).
#[test]
fn loadgen_server_target_qps_is_the_request_rate() {
    let summary = |scenario: &str| {
        format!(
            "================================================\nMLPerf Results Summary\n\
================================================\nSUT name : PySUT\nScenario : {scenario}\n\
Mode     : PerformanceOnly\nCompleted tokens per second: 2154.31\nResult is : VALID\n\n\
================================================\nTest Parameters Used\n\
================================================\nsamples_per_query : 1\ntarget_qps : 12.5\n"
        )
    };
    let server = read(&summary("Server"));
    assert_eq!(server.request_rate.as_ref().map(|r| r.value), Some(12.5));
    let offline = read(&summary("Offline"));
    assert!(offline.request_rate.is_none());
}

/// §3 Load: a result record's `"req_rate"` key (S-LoRA's and Punica's JSON lines) is the rate
/// the client sent at.
#[test]
fn a_req_rate_key_is_the_request_rate() {
    let c = read(
        "{\"config\": {\"num_adapters\": 4, \"req_rate\": 2.5, \"duration\": 300}, \
\"result\": {\"avg_latency\": 3.21, \"throughput\": 2.4}}",
    );
    assert_eq!(c.request_rate.as_ref().map(|r| r.value), Some(2.5));
}

/// §3 Load: `bsz` is the batch size's usual abbreviation (`bsz=16`, `bsz = 32`).
#[test]
fn bsz_is_the_batch_size() {
    let c = read("OPT-30B on one A100 40GB, FlexGen: 7.32 tokens/s (bsz=16, cpu offload)");
    assert_eq!(c.batch_size.as_ref().map(|b| b.value), Some(16));
    let c = read("I get 780 TPS on 8x H800 using bsz = 32 with SGLang.");
    assert_eq!(c.batch_size.as_ref().map(|b| b.value), Some(32));
}

/// §3 Load and §1.5: `llama-batched-bench -npl 1,4,16` decodes that many sequences together, a
/// batch per point; the sweep reads at its last point.
#[test]
fn batched_bench_npl_is_the_batch_at_its_last_point() {
    let c = read(
        "llama-batched-bench -m qwen2.5-7b-q4_k_m.gguf -ngl 99 -npp 512 -ntg 128 -npl 1,4,16\n\
On the RX 7900 XTX decode went from 71.2 to 84.9 t/s.",
    );
    assert_eq!(c.batch_size.as_ref().map(|b| b.value), Some(16));
}

/// §3 Load: "the 256-concurrency run" names its concurrency with a hyphen, and the Chinese
/// `单batch` (a single batch) is batch 1.
#[test]
fn hyphenated_concurrency_and_single_batch_in_chinese() {
    let c = read("On 8x H100 with vLLM, the 256-concurrency run reached 9,120 output tokens/s.");
    assert_eq!(c.concurrency.as_ref().map(|b| b.value), Some(256));
    let c = read("Qwen2.5-72B BF16，tp4，单batch 测得 TPOT 在 31ms 左右。");
    assert_eq!(c.batch_size.as_ref().map(|b| b.value), Some(1));
}

/// §3 Load: llama.cpp's prompt-batch settings (a llama-bench `n_ubatch` column, a log's
/// `n_batch = 2048`) are engine limits, as `--max-num-seqs` is: no load is stated, so the batch
/// row is partial, not unstated; a batch the text does state keeps the row stated.
#[test]
fn llama_cpp_batch_settings_make_the_load_row_partial() {
    use benchfit_core::check;
    use benchfit_core::checklist::Status;
    let load = |t: &str| check(t).checklist[0].status;
    let table = "| model | size | params | backend | ngl | n_ubatch | fa | test | t/s |\n\
| --- | ---: | ---: | --- | --: | --: | -: | --: | --: |\n\
| qwen3 8B Q4_K - Medium | 4.68 GiB | 8.19 B | ROCm | 99 | 2048 | 1 | pp512 | 2411.50 ± 3.10 |\n\
| qwen3 8B Q4_K - Medium | 4.68 GiB | 8.19 B | ROCm | 99 | 2048 | 1 | tg128 | 87.21 ± 0.12 |\n";
    assert_eq!(load(table), Status::Partial);
    assert_eq!(
        load("llama_new_context_with_model: n_ctx = 4096\nllama_new_context_with_model: n_batch = 2048\neval time = 1201.33 ms / 127 runs (9.46 ms per token, 105.72 tokens per second)"),
        Status::Partial
    );
    assert_eq!(
        load("main: n_kv_max = 8192, n_batch = 2048, n_ubatch = 512\nAt batch size 8 the RTX 4090 decodes 410 t/s."),
        Status::Stated
    );
}

/// §3 Lengths: a client cap is no length, unless the reply is forced to it: a floor equal to
/// the cap (`min_tokens=128, max_tokens=128`) or end-of-sequence ignored.
#[test]
fn a_cap_with_an_equal_floor_or_ignored_eos_forces_the_output_length() {
    let t = "llm = LLM(model=\"Qwen/Qwen2.5-7B-Instruct\")\nparams = SamplingParams(\n    \
min_tokens=128,\n    max_tokens=128,\n)\nThroughput on one L4: 812.4 tokens/s";
    assert_eq!(lens(t).1, Some(128));
    let t = "genai-perf profile -m llama3 --concurrency 8 --extra-inputs max_tokens:512 \
--extra-inputs ignore_eos:true\nOutput token throughput (per sec): 1,204.55";
    assert_eq!(lens(t).1, Some(512));
    // A cap alone is a limit (CLAIMS.md §3), not the output length.
    let t =
        "SamplingParams(temperature=0.8, max_tokens=256)\nThroughput: 640.2 tokens/s on an A10G";
    assert_eq!(lens(t).1, None);
    // End-of-sequence turned off (`ignore_eos=False`) forces nothing.
    let t =
        "SamplingParams(max_tokens=256, ignore_eos=False)\nThroughput: 640.2 tokens/s on an A10G";
    assert_eq!(lens(t).1, None);
    // A floor below the cap still lets replies vary.
    let t = "SamplingParams(min_tokens=64, max_tokens=256)\nThroughput: 640.2 tokens/s on an A10G";
    assert_eq!(lens(t).1, None);
}

/// §3 Lengths: a run's count of generated tokens printed with its rate in parentheses (candle's
/// and llama2.c's `31 tokens generated (28.77 token/s)`) is that run's output length.
#[test]
fn generated_count_with_its_rate_is_the_output_length() {
    let t = "loaded the model in 3.7s\nstarting the inference loop\n\
Paris is the capital of France.\n\n64 tokens generated (41.25 token/s)";
    assert_eq!(lens(t).1, Some(64));
}

/// §2: a rate whose own label or leading word names the generation phase by a short word (`|
/// Gen |`, `gen_tps`, `decode 5.35 -> 17.38 tok/s`) is a decode rate; a method or a kind of
/// work (`speculative decoding`, `code generation`) names no phase.
#[test]
fn short_phase_words_make_a_decode_rate() {
    let c = read(
        "Gemma 3n E2B on a Pixel 9, ExecuTorch:\n\n| Model | Load | Prefill | Gen |\n|---|---|---|---|\n\
| gemma-3n-e2b | 2.1 s | 95.0 tok/s | 11.2 tok/s |\n",
    );
    assert_eq!(c.figures[0].value, 11.2);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    let c = read("Measured on an M3 Max with mlx-lm 0.26: mtp k=2 decode 6.10 -> 18.02 tok/s.");
    assert_eq!(c.figures[0].value, 18.02);
    assert_eq!(c.figures[0].kind, FigureKind::DecodeThroughput);
    let c = read(
        "With EAGLE-3 speculative decoding we reached about 650 tokens per second on GPT-OSS 120B.",
    );
    assert_eq!(c.figures[0].value, 650.0);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputUnspecified);
}

/// §3 Hardware: a chip that comes one to a machine (a laptop's Core Ultra or Snapdragon, a
/// Raspberry Pi board) named for the run is one device, however the sentence names it.
#[test]
fn one_per_machine_chips_count_one() {
    let count = |t: &str| read(t).gpu_count.map(|g| g.value);
    assert_eq!(
        count("## Bench results (Intel Core Ultra 7 258V, Lunar Lake)\nPhi-3.5 mini INT4, OpenVINO 2024.4: 18.2 tokens/s."),
        Some(1)
    );
    assert_eq!(
        count("Intel Core Ultra 9 185H NPU, openarc bench Qwen3-8B-int4: 9.4 tokens/s"),
        Some(1)
    );
}

/// §3 Runtime: engines outside the list keep their own names, and nano-vllm (a separate small
/// engine) is not vLLM.
#[test]
fn more_engines_keep_their_own_names() {
    let rt = |t: &str| read(t).runtime.map(|r| r.value);
    assert_eq!(
        rt("Gemma 3 1B int4 with MediaPipe LLM Inference on a Pixel 8: 28 tokens/s decode."),
        Some("mediapipe".into())
    );
    assert_eq!(
        rt(
            "| Inference Engine | Tokens | Time (s) | Throughput (tokens/s) |\n|---|---|---|---|\n\
| Nano-vLLM | 133,966 | 93.41 | 1434.13 |\n"
        ),
        Some("nano-vllm".into())
    );
    assert_eq!(
        rt("Llama 3.2 3B on a Galaxy S24 with MNN: decode 21.4 tok/s."),
        Some("mnn".into())
    );
    assert_eq!(
        rt("TorchChat : 1.85 tokens/sec on my M1 with llama3 8B FP16"),
        Some("torchchat".into())
    );
}

/// §3 Load: "single-request" and "single concurrency" name a load of one request in flight.
#[test]
fn single_request_and_single_concurrency_are_one_in_flight() {
    let conc = |t: &str| read(t).concurrency.map(|c| c.value);
    assert_eq!(
        conc("> Single-request decode speed (input 4k, output 1k, on H100 80G)\n\n| Model | tok/s |\n|---|---|\n| Qwen3-32B | 41.2 |\n"),
        Some(1)
    );
    assert_eq!(
        conc("Measured with single concurrency at a 32768-token prompt: 1,060 tok/s prefill on 2x RTX 4090."),
        Some(1)
    );
}

/// §3 Hardware: the original Jetson Nano is its own part (not the Orin Nano), sold in 4 and 2
/// GB (partial without the size); a GeForce number after "the" (`on the 4090`) is the card.
#[test]
fn jetson_nano_and_the_bare_card_number() {
    use benchfit_core::check;
    use benchfit_core::checklist::Status;
    let c = read("It seems the GPU is used on the Jetson Nano: TinyLlama runs at 4.9 tok/s.");
    assert_eq!(
        c.gpu.as_ref().map(|g| g.value.as_str()),
        Some("jetson-nano")
    );
    assert_eq!(
        check("TinyLlama on a Jetson Nano: 4.9 tok/s.").checklist[5].status,
        Status::Partial
    );
    let c = read("Jetson Nano 4GB, llama.cpp, TinyLlama Q4_0: 4.9 tok/s.");
    assert_eq!(
        c.gpu.as_ref().map(|g| g.value.as_str()),
        Some("jetson-nano-4gb")
    );
    let c = read("V4-Flash 3.00bpw decodes at 85.1 tok/s on the 4090, past 65536 tokens.");
    assert_eq!(c.gpu.as_ref().map(|g| g.value.as_str()), Some("rtx-4090"));
}

/// §2: output tokens by their short names: an `OP tokens/sec` row of a load-test summary and
/// a `Gen. throughput` column are output token throughputs.
#[test]
fn short_names_of_output_throughput() {
    let c = read(
        "+----------------------+----------+\n|         Stat         |  Value   |\n\
+----------------------+----------+\n|     Requests/Sec     |   2.16   |\n\
|    OP tokens/sec     |  804.54  |\n+----------------------+----------+\n",
    );
    assert_eq!(c.figures[0].value, 804.54);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
    let c = read(
        "| Hardware | Gen. throughput | TTFT |\n|---|---|---|\n| 4× NVIDIA H100 GPUs | 2,180 tok/s | 933ms |\n",
    );
    assert_eq!(c.figures[0].value, 2180.0);
    assert_eq!(c.figures[0].kind, FigureKind::ThroughputOutput);
}

/// §3 Hardware: Google's TPU7x (Ironwood) and v6e (Trillium) by their names; a GKE slice's
/// topology counts its chips (`2x2x1` is four), and a TPU7x tensor-parallel degree counts
/// TensorCores, two to a chip, so TP 8 is no count of 8.
#[test]
fn tpu_names_and_slice_topology() {
    let c = read(
        "cloud.google.com/gke-tpu-accelerator: tpu7x\ncloud.google.com/gke-tpu-topology: 2x2x1\n\
         - --tensor-parallel-size=8\nQwen3-Coder-480B output token throughput: 1053.10 tok/s\n",
    );
    assert_eq!(c.gpu.as_ref().map(|g| g.value.as_str()), Some("tpu7x"));
    assert_eq!(c.gpu_count.as_ref().map(|n| n.value), Some(4));
    assert_eq!(c.tp.as_ref().map(|n| n.value), Some(8));
    let c = read("Serving Llama 3.1 8B on Ironwood: 2,000 tok/s output throughput.");
    assert_eq!(c.gpu.as_ref().map(|g| g.value.as_str()), Some("tpu7x"));
    let c = read("Llama 3.1 8B on 8 Trillium chips: 1,900 tok/s output throughput.");
    assert_eq!(c.gpu.as_ref().map(|g| g.value.as_str()), Some("tpu-v6e"));
    assert_eq!(c.gpu_count.as_ref().map(|n| n.value), Some(8));
    // A topology with no TPU named counts nothing: `topology` alone is no device.
    let c = read("Mesh topology 4x4 on 8x H100: 2,000 tok/s output throughput.");
    assert_eq!(c.gpu_count.as_ref().map(|n| n.value), Some(8));
}

/// §2: a latency named right after its unit is that latency, whatever latency the sentence
/// named before it (`40% lower latency on SDXL, sub-200 ms time to first token on Mixtral`).
#[test]
fn latency_named_after_its_unit_wins() {
    let c = read(
        "We've seen 40% lower latency on SDXL, sub-200 ms time to first token on Mixtral 8x7B.",
    );
    assert_eq!(c.figures[0].value, 200.0);
    assert_eq!(c.figures[0].kind, FigureKind::Ttft);
    let c = read("Latency dropped on our H100s: 35 ms TPOT at batch 8.");
    assert_eq!(c.figures[0].kind, FigureKind::Tpot);
    // Without a name after the unit, the name before it holds.
    let c = read("Our p50 latency on the H100 is 850 ms for 256 output tokens.");
    assert_eq!(c.figures[0].kind, FigureKind::E2eLatency);
}

/// §3 Model: IBM's Granite 4.0 is named by its sizes, not a parameter count
/// (`granite-4.0-h-small`, `Granite 4.0 Micro`); a Granite with its count keeps the count.
#[test]
fn granite_four_by_its_size_names() {
    let c = read(
        "mlx_lm.benchmark --model mlx-community/granite-4.0-h-small-4bit -p 2048 -g 2\n\
         Averages: prompt_tps=500.388, generation_tps=83.726, peak_memory=23.501",
    );
    assert_eq!(
        c.model.as_ref().map(|m| m.value.as_str()),
        Some("granite-4.0-h-small")
    );
    let c = read("Granite 4.0 Micro on an RTX 4090: 150 tok/s decode.");
    assert_eq!(
        c.model.as_ref().map(|m| m.value.as_str()),
        Some("granite-4.0-micro")
    );
    let c = read("Granite 3.3 8B on an RTX 4090: 80 tok/s decode.");
    assert_eq!(
        c.model.as_ref().map(|m| m.value.as_str()),
        Some("granite-3.3-8b")
    );
}

/// §3 Runtime: a record whose engine value is a library file (koboldcpp's benchmark record,
/// `Backend: koboldcpp_cublas.dll`) names the engine by the file's stem, not the file; `Benchmark Completed - v1.78` is its version.
#[test]
fn engine_named_by_its_library_file() {
    let c = read(
        "Benchmark Completed - v1.78 Results:\n======\nBackend: koboldcpp_cublas.dll\n\
         Layers: 59\nModel: Cydonia-22B-v1.3.i1-IQ4_XS\nMaxCtx: 16384\nGenAmount: 100\n\
         GenerationSpeed: 4.30T/s\n",
    );
    assert_eq!(
        c.runtime.as_ref().map(|r| r.value.as_str()),
        Some("koboldcpp")
    );
    // Its version is the one the benchmark's result line prints.
    assert_eq!(
        c.runtime_version.as_ref().map(|r| r.value.as_str()),
        Some("1.78")
    );
    // Named by its own file, the engine is stated, not only implied as an identifier is.
    assert!(!c.runtime_from_shape);
}

/// §3 Lengths: koboldcpp's progress lines count each phase's tokens done of its total
/// (`Processing Prompt [BLAS] (16284 / 16284 tokens)`, `Generating (100 / 100 tokens)`): a
/// 16,284-token prompt and 100 output tokens, not an input/output pair.
#[test]
fn koboldcpp_progress_lines_are_each_phase() {
    assert_eq!(
        lens(
            "Processing Prompt [BLAS] (16284 / 16284 tokens)\nGenerating (100 / 100 tokens)\n\
             CtxLimit:16384/16384, Amt:100/100, Generate:23.24s (232.4ms/T = 4.30T/s)\n"
        ),
        (Some(16284), Some(100))
    );
    // A bare pair before "tokens" is still input then output.
    assert_eq!(
        lens("Llama 3 8B, 512/256 tokens: 90 tok/s decode."),
        (Some(512), Some(256))
    );
}

/// §1.4 and §2: a rate named by the prompt phase and only rate words after it (`prompt speed =`,
/// `19 prompt tokens processed:`) is prefill, and yields the headline to the generation rate
/// (fastllm's `./benchmark` output); a prompt named earlier in the clause does not make one.
#[test]
fn prompt_phase_rates_are_prefill() {
    let c = read(
        "batch: 13\nprompt token number = 2207\nprompt use 0.590404 s\n\
         prompt speed = 3738.118408 tokens / s\noutput 889 tokens\nuse 5.107274 s\n\
         speed = 174.065460 tokens / s\n",
    );
    assert_eq!(c.figures[0].value, 174.06546);
    let pp = c.figures.iter().find(|f| f.value == 3738.118408).unwrap();
    assert_eq!(pp.kind, FigureKind::PrefillThroughput);
    let c = read("On my RTX 2080:\n  19 prompt tokens processed: 74.91 token/s\n");
    assert_eq!(c.figures[0].kind, FigureKind::PrefillThroughput);
    // A prompt length named before the rate's own words is not its phase.
    let c = read("Llama 3 8B on one H100 with a 512-token prompt, throughput 3,000 tok/s.");
    assert_ne!(c.figures[0].kind, FigureKind::PrefillThroughput);
}

/// §3 Hardware: a TP degree beyond any deployment (`TP=999999`) is not a setting; the stated
/// count stands.
#[test]
fn an_impossible_tp_degree_is_not_read() {
    let c = read("Llama 3 70B on 8 H100 with TP=999999, vLLM, FP8, batch 64: 3,000 tok/s");
    assert_eq!(c.tp, None);
    assert_eq!(c.gpu_count.as_ref().map(|g| g.value), Some(8));
    let c = read("Llama 3 70B on 8 H100 with TP=8, vLLM, FP8, batch 64: 3,000 tok/s");
    assert_eq!(c.tp.as_ref().map(|t| t.value), Some(8));
}

#[test]
fn a_load_written_past_a_quoted_figure_is_that_figures() {
    // The author's run, then a figure quoted from the project's documentation with its own
    // batch: the batch is the documentation's (CLAIMS.md §4, another setup), the run keeps its
    // flag's concurrency.
    let c = read(
        "I ran `bench.py --concurrency 16 --input-len 128 --output-len 1024` on an A100 and got \
         throughput: 120 token/s while the README says it reaches 900 token/s with batch=32.",
    );
    assert_eq!(c.headline().map(|h| h.value), Some(120.0));
    assert_eq!(c.concurrency.as_ref().map(|x| x.value), Some(16));
    assert_eq!(c.batch_size, None);
    let quoted = c.figures.iter().find(|f| f.value == 900.0).unwrap();
    assert!(quoted.settings.other_setup.is_some());
    assert!(c.headline().unwrap().settings.other_setup.is_none());
    // A batch written before the headline, beside a baseline, stays (a tuned run that kept the
    // baseline's batch).
    let c = read(
        "Reference baseline: BF16, BS=16, stock defaults (~1,085 tok/s). Best certified config: \
         FP8 weights (1,544.29 tok/s, +41.8% vs baseline).",
    );
    assert_eq!(c.headline().map(|h| h.value), Some(1544.29));
    assert_eq!(c.batch_size.as_ref().map(|x| x.value), Some(16));
}

#[test]
fn a_result_stated_twice_takes_the_setup_of_its_fuller_statement() {
    // A summary line states the result with little of its setup; the body restates the same
    // number with the run's model, precision, device and load (CLAIMS.md §1: one figure stated
    // twice). The summary's mention of another model (a feature's name) is not the run's.
    let c = read(
        "Fused MoE kernels for Mixtral lift decode from 410 to 655 tok/s/GPU.\n\n\
         On 8x H200, Llama 4 Maverick FP8 reaches 655 tok/s/GPU at concurrency 16 with vLLM, \
         up from 410 tok/s/GPU before the change.",
    );
    let h = c.headline().unwrap();
    assert_eq!(h.value, 655.0);
    assert_eq!(
        c.model.as_ref().map(|m| m.value.as_str()),
        Some("llama-4-maverick")
    );
    assert_eq!(c.concurrency.as_ref().map(|x| x.value), Some(16));
    assert_eq!(
        c.weight_dtype.as_ref().map(|x| x.value.as_str()),
        Some("fp8")
    );
    // A later figure with the same number but another measure is not a restatement.
    let c = read(
        "Our server reaches 655 tok/s per GPU.\n\nThe Llama 3.1 8B FP8 run at batch 64 on one \
         H100 had a median TTFT of 655 ms.",
    );
    let h = c.headline().unwrap();
    assert_eq!(h.value, 655.0);
    assert!(h.settings.batch_size.is_none() && h.settings.model.is_none());
}

#[test]
fn chinese_latency_alone_is_a_latency() {
    // `延迟` / `时延` ("latency") with a time, as the English `latency 800ms` reads: an end-to-end
    // latency, one user's; the words for TTFT and TPOT keep their own kinds.
    let c = read("压测报告：并发50用户下延迟<800ms");
    let h = c.headline().unwrap();
    assert_eq!(
        (h.value, h.unit.as_str(), h.kind),
        (800.0, "ms", FigureKind::E2eLatency)
    );
    assert_eq!(c.concurrency.as_ref().map(|x| x.value), Some(50));
    let c = read("平均时延 1.2 秒");
    assert_eq!(
        c.headline().map(|h| (h.value, h.kind)),
        Some((1.2, FigureKind::E2eLatency))
    );
    let c = read("首字延迟 85 ms，token间延迟 20 ms");
    let kinds: Vec<_> = c.figures.iter().map(|f| (f.value, f.kind)).collect();
    assert!(kinds.contains(&(85.0, FigureKind::Ttft)) && kinds.contains(&(20.0, FigureKind::Tpot)));
}

#[test]
fn an_abbreviated_header_keeps_its_role() {
    // `Conc.` is the concurrency column with an abbreviation's full stop: the headline's row
    // holds one request in flight, so its decode rate is one user's (CLAIMS.md §2).
    let c = read(
        "| Model | Quant | Hardware | Conc. | Gen tok/s |\n|---|---|---|---|---|\n\
         | Llama 3.1 8B | Q4_K_M | RTX 4090 | 1 | 127.4 |\n",
    );
    let h = c.headline().unwrap();
    assert_eq!(h.value, 127.4);
    assert_eq!(c.concurrency.as_ref().map(|x| x.value), Some(1));
    assert_eq!(h.scope, Some(Scope::PerUser));
}

#[test]
fn a_quoted_comment_is_another_persons_setup() {
    // A reply quotes an earlier comment (`> …`) and then gives its own result: the quoted figures
    // are the quoted person's (CLAIMS.md §4), and a quoted first line is no title.
    let c = read(
        "> > about 22ms/token (batch-1), roughly 45 tokens/s on an A100\n\n\
         The speed does not match. My self-tested throughput for Llama 13B is 1409.75 \
         tokens/sec with input len=512, output_len=250.",
    );
    let h = c.headline().unwrap();
    assert_eq!(h.value, 1409.75);
    assert!(h.settings.other_setup.is_none());
    assert_eq!(c.batch_size, None);
    assert_eq!(
        (
            c.prompt_tokens.map(|x| x.value),
            c.output_tokens.map(|x| x.value)
        ),
        (Some(512), Some(250))
    );
    let quoted = c.figures.iter().find(|f| f.value == 45.0).unwrap();
    assert_eq!(
        quoted
            .settings
            .other_setup
            .as_ref()
            .map(|m| m.value.as_str()),
        Some(">")
    );
    // A text that is all quote keeps its figures: nobody else's words are there.
    let c = read("> Llama 3 8B on an RTX 4090: 127 tokens/s\n> with llama.cpp");
    assert_eq!(c.headline().map(|h| h.value), Some(127.0));
}

/// §1 rule 2: a list line its author labels "headline", or the one list line set whole in bold,
/// is the headline over the list's first improved line.
#[test]
fn a_labelled_or_bold_list_line_is_the_headline() {
    let labelled = "Speculative decoding on one RTX 4090, llama.cpp:\n\
         - spec-off baseline: 40.9 / 41.1, overall 41.0 tok/s\n\
         - draft 2, ungated: 83.6 / 65.4, overall 76.9 tok/s (+88%)\n\
         - draft 3 (headline row): overall 85.4 tok/s (+108%)\n\
         - draft 4: overall 70.8 tok/s (+73%)";
    assert_eq!(read(labelled).headline().map(|h| h.value), Some(85.4));
    let bold = "Speculative decoding on one RTX 4090, llama.cpp:\n\
         - spec-off baseline: 40.9 / 41.1, overall 41.0 tok/s\n\
         - draft 2, ungated: 83.6 / 65.4, overall 76.9 tok/s (+88%)\n\
         - **draft 3: overall 85.4 tok/s (+108%)**\n\
         - draft 4: overall 70.8 tok/s (+73%)";
    assert_eq!(read(bold).headline().map(|h| h.value), Some(85.4));
    // Bold that closes before the figure marks a label, not the figure.
    let label = "Speculative decoding on one RTX 4090, llama.cpp:\n\
         - **draft off**: overall 41.0 tok/s\n\
         - draft 2: overall 76.9 tok/s (+88%)\n\
         - draft 3: overall 85.4 tok/s (+108%)";
    assert_ne!(read(label).headline().map(|h| h.value), Some(41.0));
}

/// §1 rule 5: a table whose cells set their numbers in bold beside a unit
/// (`**90.19** tokens/s`) is still a table: its last row is the headline, with that row's model.
#[test]
fn bold_numbers_in_table_cells_keep_the_table() {
    let c = read(
        "## CUDA (A100 40GB)\n\n| Model | Format | Decoding Speed |\n|---|---|---|\n\
         | Llama-3.1-8B | BF16 | **90.19** tokens/s |\n\
         | QwQ-32B | Q4_K_M | **35.69** tokens/s |\n\
         | Qwen3-30B-A3B | Q4_K_M | **75.91** tokens/s |",
    );
    let h = c.headline().unwrap();
    assert_eq!(h.value, 75.91);
    assert_eq!(c.model.map(|m| m.value).as_deref(), Some("qwen3-30b-a3b"));
}

/// §1 rule 6: a column computed as the per-user rate times the row's concurrency (`Tput Decode`
/// = `Tput User` × `Concurrency`) is derived; the per-user column heads, from the last row.
#[test]
fn a_rate_column_that_is_per_user_times_concurrency_is_derived() {
    let c = read(
        "Llama 3.1 70B on 8 H100, vLLM\n\n\
         | ISL | OSL | Concurrency | TTFT (ms) | Tput User (TPS) | Tput Decode (TPS) |\n\
         |---|---|---|---|---|---|\n\
         | 128 | 128 | 1 | 40.1 | 45.20 | 45.2 |\n\
         | 128 | 128 | 8 | 55.3 | 40.10 | 320.8 |\n\
         | 128 | 128 | 32 | 90.0 | 30.50 | 976.0 |",
    );
    let h = c.headline().unwrap();
    assert_eq!(h.value, 30.5);
    assert_eq!(h.scope, Some(Scope::PerUser));
    // A decode column that is not the product (measured on its own) keeps its rank.
    let c = read(
        "Llama 3.1 70B on 8 H100, vLLM\n\n\
         | ISL | OSL | Concurrency | TTFT (ms) | Tput User (TPS) | Tput Decode (TPS) |\n\
         |---|---|---|---|---|---|\n\
         | 128 | 128 | 8 | 55.3 | 40.10 | 301.0 |\n\
         | 128 | 128 | 32 | 90.0 | 30.50 | 911.0 |",
    );
    assert_eq!(c.headline().map(|h| h.value), Some(911.0));
}

/// §2: Chinese "average time taken" (`平均耗时`) and "one inference's time" (`单次推理时间`) with a
/// time are a request's end-to-end latency, as `推理耗时` is.
#[test]
fn chinese_time_taken_is_an_end_to_end_latency() {
    let c = read("显卡：V100\n输入：664个字符\n输出：82个字符\n\n平均耗时：2s");
    let h = c.headline().unwrap();
    assert_eq!((h.value, h.unit.as_str()), (2.0, "s"));
    assert_eq!(h.kind, FigureKind::E2eLatency);
    let c = read("Qwen1.5 在 Ascend 910B 上推理，单次推理时间74s");
    let h = c.headline().unwrap();
    assert_eq!((h.value, h.kind), (74.0, FigureKind::E2eLatency));
}

/// §3 Runtime: a heading naming the run's backend (`## Backend: transformers`) names Hugging
/// Face Transformers as the runtime, stated.
#[test]
fn a_backend_heading_names_the_runtime() {
    let c = read(
        "## Backend: transformers\n### Model: llama-2-7b-chat\n\
         | bits | gpus | generation speed [tokens/sec] |\n|---:|:---|---:|\n\
         | 16 | 1 x NVIDIA GeForce RTX 4090 (24564 MiB) | 40.93 |",
    );
    assert_eq!(c.runtime.map(|r| r.value).as_deref(), Some("transformers"));
}

/// §1: one figure stated twice takes the settings of its fuller statement, also when the fuller
/// one comes first and the headline is its bare restatement.
#[test]
fn a_bare_restatement_takes_the_settings_stated_before_it() {
    let c = read(
        "Slow Qwen3-235B on my 8x A100 80GB with vLLM 0.9.0\n\n\
         Someone achieved over 900 tokens/s using vLLM 0.8.5 on 8x H200 with a batch size of 32. \
         Why am I so much slower? Has anyone else managed 900+ tokens/s?",
    );
    let h = c.headline().unwrap();
    assert_eq!(h.value, 900.0);
    assert_eq!(h.settings.batch_size.as_ref().map(|b| b.value), Some(32));
    assert_eq!(c.gpu.map(|g| g.value).as_deref(), Some("h200"));
}
