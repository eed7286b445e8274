//! The claim reader: free text in, [`Claim`] out. Pattern-based over an ASCII-lowercased copy of
//! the text (same byte offsets), so every value keeps the span it was read from.
//!
//! Figures come from several shapes: a number followed by its unit (`3,200 tok/s`,
//! `~420k tokens/s`, `1,500-2,500 t/s`, `29.5 ms / token`, `118.5 samples/s`), tool summaries
//! (`Output token throughput (tok/s): 10777.64`, `Output_tokens/min: 13539.97`), label-unit-value
//! records (`Decode tok/s 1480`, `TTFT p50 ms 220`), llama-bench rows (`tg128 | 165.76 ± 1.50`),
//! pipe tables (the cell the headline belongs to, see [`super::table`]). The headline is the
//! first output/total/unspecified throughput, before per-user rates, prefill, request rates and
//! latencies; a figure marked as the gain of a comparison (`5770.24 (+47.1%)`) or the current
//! one (`currently 29.5 ms/token`) goes first; among running estimates (a progress bar) the last.

use super::pattern::{captures_near, Caps, Digits, Pat, Starts, M};
use super::table;
use super::{Claim, Figure, FigureKind, Found, Scope, Span};
use regex_lite::{Captures, Regex};
use std::sync::OnceLock;

/// A number as people write it: `3,200`, `3200`, `3.5`.
const NUM: &str = r"(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)";

/// GPU and accelerator names the reader knows, longest first within a family.
///
/// Accelerators outside the GPU catalog (Gaudi, Ascend and its Atlas servers, TPU, Groq's LPU,
/// SambaNova's SN40L / RDU, A30, V100, MI308X/MI250) keep their own ids (CLAIMS.md §3).
const GPU_NAMES: &str = r"(?:rtx\s*)?a[2456]000|gb300|gb200|gh200|h100|h200|h800|h20|b200|b300|a100|a10g|a10|a30|a40|a800|v100|t4|l40s|l40|l20|l4|rtx\s*a\d{4}|jetson[\s-]*(?:agx[\s-]*)?orin(?:[\s-]*nano)?|(?:agx[\s-]*)?orin(?:[\s-]*nano)?\b|(?:tesla\s*)?p(?:40|100)s?\b|mi210|mi300x|mi308x|mi325x|mi355x|mi250x?|rtx\s*pro\s*6000|rtx\s*6000\s*ada|rtx\s*\d{4}(?:\s*ti)?(?:\s*super)?|(?:79|78|77|76)00\s*xtx?\b|m[1-4]\s*(?:ultra|max|pro)|(?:macbook(?:\s*(?:air|pro))?|mac\s*(?:mini|studio)|imac)\s+m[1-4](?:\s*(?:ultra|max|pro))?\b|m[1-4]\s+(?:macbook(?:\s*(?:air|pro))?|mac\s*(?:mini|studio)|imac)\b|bhx\d+|blackhole|quietbox|wafer[\s-]*scale[\s-]*engine|cerebras|gaudi(?:®)?[\s-]?[23]|gaudi|ascend[\s-]*910[bc]?\d?|910[bc]\d?(?-u:\b)|atlas[\s-]*800[it]?(?:[\s-]*a[23])?|tpu[\s-]*v\d+[a-z]*|groq(?:[\s-]*lpu)?|sn40l|rx\s*\d{4}(?:\s*xtx|\s*xt)?|arc\s*[ab]\d{3}|inferentia[\s-]?2|trainium[\s-]?2|trainium|n300|n150|p150[ab]?\b|p300[ab]?\b|jetson[\s-]*thor|mi50\b|mi60\b|mi100\b|apple\s+m[1-4](?:\s*(?:ultra|max|pro))?\b|ryzen\s+ai\s+max\+?\s*(?:pro\s+)?\d{3}|strix\s+halo|昇腾\s*910b?\d?";

/// The words a GPU name (or `single`/`one`/`nvidia` before it) starts with, for [`Pat`]'s scan.
const GPU_STARTS: &[&str] = &[
    "rx",
    "p40",
    "p100",
    "tesla",
    "orin",
    "agx",
    "inferentia",
    "trainium",
    "7900",
    "7800",
    "7700",
    "7600",
    "arc",
    "n300",
    "n150",
    "p150",
    "p300",
    "910b",
    "910c",
    "mi5",
    "mi6",
    "mi1",
    "apple",
    "ryzen",
    "strix",
    "macbook",
    "mac ",
    "imac",
    "gb3",
    "gb2",
    "t4",
    "a4",
    "a2",
    "a5",
    "a6",
    "a8",
    "l2",
    "jetson",
    "gh2",
    "h1",
    "h2",
    "h8",
    "b2",
    "b3",
    "a1",
    "l4",
    "mi3",
    "rtx",
    "m1",
    "m2",
    "m3",
    "m4",
    "bhx",
    "blackhole",
    "quietbox",
    "wafer",
    "cerebras",
    "a3",
    "v1",
    "mi2",
    "gaudi",
    "ascend",
    "atlas",
    "tpu",
    "groq",
    "sn4",
    "amd",
    "intel",
    "huawei",
    "google",
    "single",
    "one",
    "nvidia",
];

/// A `label (unit): value` record is a label, `[a-z][a-z0-9_ .\[\]/-]{0,60}?` (shortest first),
/// then this; see [`labelled_matches`].
const LABEL_TAIL: &str = r#""?\s*(?:\(([^()]{1,40})\))?(?:\s*(?:avg|mean|median|average|p\d{2}))?\s*:\s*"?(?:(?:approximately|approx\.?|about|around|roughly|~)\s*)?NUM(?:\s*(?:±|\+/-)\s*[\d.,]+)?(?:\s*(ms\b|s\b))?"#;

/// The claim patterns. All but two run through [`Pat`]: the regex only where a match can start.
struct Patterns {
    throughput: Pat,
    tps: Pat,
    per_second_of: Pat,
    label_tail: Regex,
    label_unit_value: Pat,
    rate_units: Pat,
    request_rate: Pat,
    latency_before: Pat,
    latency_is: Pat,
    latency_after: Pat,
    ms_per_token: Pat,
    unitless_throughput: Pat,
    bench_row: Pat,
    glued_gguf: Pat,
    batch: Pat,
    concurrency: Pat,
    concurrency_after: Pat,
    batch_described: Pat,
    isl_osl: Pat,
    b_i_o: Pat,
    tokens_prompt: Pat,
    tokens_output: Pat,
    tokens_output_before: Pat,
    tokens_prompt_before: Pat,
    input_kw: Pat,
    output_kw: Pat,
    seq_len: Pat,
    pp_tg: Pat,
    in_out: Pat,
    gpu: Pat,
    gpus_word: Pat,
    tp: Pat,
    kv_dtype: Pat,
    dtype: Pat,
    quantised: Pat,
    runtime: Pat,
    version: Regex,
    llama: Pat,
    mixtral: Pat,
    other_model: Pat,
    named_model: Pat,
    interconnect: Pat,
    request_count: Pat,
    lengths_described: Pat,
    observed_load: Pat,
    shape_vllm: Pat,
    shape_trtllm: Pat,
    ascend_cn: Pat,
}

fn patterns() -> &'static Patterns {
    static P: OnceLock<Patterns> = OnceLock::new();
    P.get_or_init(|| {
        let expand = |s: &str| s.replace("NUM", NUM).replace("GPUS", GPU_NAMES);
        let re = |s: &str| Regex::new(&expand(s)).expect("static pattern compiles");
        type Words = &'static [&'static str];
        let pat = |digits: Digits, words: Words, anywhere: Words, s: &str| {
            let starts = Starts {
                digits,
                words,
                anywhere,
                follow: None,
            };
            Pat::new(&expand(s), starts)
        };
        use Digits::{Any as ANY, No as NO, WordStart as WORD};
        Patterns {
            throughput: pat(ANY, &[], &[],
                r"NUM\s*(million|thousand|[km]|万)?(\+)?(?:\s*(?:-|–|—|~|～|〜|to|vs\.?)\s*~?NUM\s*(million|thousand|[km]|万)?)?\s*((?:output|total|generated|generation|input|prompt|completion|decode|prefill|aggregate|combined|input\s*\+\s*output|prompt\s*\+\s*completion)\s+)?(?:tokens?|toks?|t)(?:\s+(?:generated|produced|decoded))?\s*(?:/|\bper\s|-per-)\s*(?:s|secs?|seconds?)\b(\s*(?:/|\bper\s)\s*(?:user|u|gpu|node|req(?:uest)?|mw)\b|\s+1/req\b)?",
            )
                .then(" .,km+-~", true, &["t", "o", "g", "i", "p", "c", "d", "v", "a", "万"]),
            tps: pat(ANY, &[], &[], r"NUM\s*(k)?(\+)?\s*tps\b(\s*(?:/|\bper\s)\s*(?:user|gpu|node|req(?:uest)?)\b)?")
                .then(" .,k+", false, &["tps"]),
            per_second_of: pat(NO, &["token"], &[], r"\btoken\s+rate\s+of\s+NUM\s+per\s+second\b"),
            label_tail: re(&format!("^{LABEL_TAIL}")),
            label_unit_value: pat(NO, &["decode", "prefill", "output", "total", "input", "generation", "ttft", "tbt", "itl", "tpot", "e2e"], &[],
                r"\b(decode|prefill|output|total|input|generation)\s+(?:tok(?:en)?s?/s|tps)\s+NUM|\b(ttft|tbt|itl|tpot|e2e)\s+(p\d{2}|mean|avg|median)?\s*(ms|s)\s+NUM",
            ),
            rate_units: pat(ANY, &[], &[], r"NUM\s*(samples?|prompts?|queries|it)\s*(?:/|\bper\s)\s*(?:s|sec|second)\b")
                .then(" .,", false, &["sample", "prompt", "queries", "it"]),
            request_rate: pat(ANY, &["at"], &[], r"(\bat\s+)?NUM\s*(?:req(?:uests?)?\s*/\s*s(?:ec)?|requests? per second|qps|rps|(req(?:uests?)?\s*/\s*min(?:ute)?|requests? per minute|rpm))\b")
                .then(" .,", false, &["req", "qps", "rps", "rpm"]),
            latency_before: pat(NO, &["ttft", "time", "itl", "inter", "tpot", "e2e", "end-to-end", "latency"], &[],
                r"\b(ttft|time[\s-]to[\s-]first[\s-]token|itl|inter[\s-]token latency|tpot|time per output token|e2e(?:\s*latency)?|end-to-end latency|latency)\b(?:[^0-9\n]{0,12}\bp\d{2}(?:\.\d+)?\b)?(?:[^0-9\n]{0,30}?|[^\n:|]{0,80}:\s*)NUM(?:\s*(?:±|\+/-|\+-)\s*[\d.,]+)?\s*(ms|milliseconds?|s|sec|seconds)\b",
            ),
            // `p99 TTFT on our Llama-3.1-70B endpoint (4×H100, FP8) is 740 ms`: a latency named,
            // then its setup, then "is" and the value.
            latency_is: pat(NO, &["ttft", "time", "itl", "inter", "tpot", "e2e", "end-to-end", "latency"], &[],
                r"\b(ttft|time[\s-]to[\s-]first[\s-]token|itl|inter[\s-]token latency|tpot|time per output token|e2e(?:\s*latency)?|end-to-end latency|latency)\b[^\n;]{0,100}?\b(?:is|was|are|were)\s+(?:about\s+|around\s+|~\s*)?NUM(?:\s*(?:±|\+/-|\+-)\s*[\d.,]+)?\s*(ms|milliseconds?|s|sec|seconds)\b",
            ),
            latency_after: pat(ANY, &[], &[],
                r"NUM\s*(ms|milliseconds?|s|sec|seconds)\s+(?:of\s+)?(end-to-end latency|e2e latency|ttft|time[\s-]to[\s-]first[\s-]token)",
            )
                .then(" .,", false, &["m", "s"]),
            ms_per_token: pat(ANY, &[], &[], r"NUM\s*ms\s*(?:/|\bper\s)\s*(?:output\s+)?tok(?:en)?s?\b")
                .then(" .,", false, &["ms"]),
            unitless_throughput: pat(NO, &["throughput", "tps"], &[], r"\b(?:throughput\s+(?:of|is|=)|tps(?:\s*(?:/|\bper\s)\s*(user|gpu))?\s*(?:of\b|is\b|=|:))\s*NUM\b"),
            bench_row: pat(NO, &["pp", "tg"], &[], r"\b(pp\d+\+tg\d+|pp\s?\d+|tg\s?\d+)\b(?:\s*@\s*d\d+)?[\s|:=]*NUM(?:\s*±\s*NUM)?"),
            glued_gguf: pat(NO, &["q"], &[], r"\b(q\d_k_[msl]|q\d_k|q\d_\d)(\d+\.\d)"),
            batch: pat(NO, &["b"], &[], r#"\b(?:batch[\s_-]*size|batch|bs|b)"?\s*(?:of\s*|=|:|为|[：=]\s*)?\s*(\d+|one)\b"#),
            concurrency: pat(NO, &["max", "concurren"], &[], r#"\b(?:max[\s_-]*)?(?:concurrency|concurrent(?:[\s_-]*(?:users|requests|clients))?)"?\s*(?:of\s*|to\s+|=|:|为|[：=]\s*)?\s*(\d+)\b"#),
            // "32 concurrent users", "at 64 concurrency", "100 users simultaneously".
            concurrency_after: pat(WORD, &[], &[], r"\b(\d+)\s*(?:(?:concurrent|parallel|simultaneous|virtual)\s*(?:requests|users|clients|streams|sequences)|vus\b|concurrency\b|(?:users|requests|clients|streams)\s+(?:simultaneously|concurrently|in parallel)\b|concurrent\b|(?:users|clients|streams)\b)")
                .then(" ", false, &["concurrent", "parallel", "simultaneous", "virtual", "vus", "concurrency", "users", "requests", "clients", "streams"]),
            // Loads only described (CLAIMS.md §3 Load: saturation, an unlimited request rate,
            // "Concurrency MAX", an MLPerf scenario): the batch row is partial.
            batch_described: pat(NO, &["saturat", "max", "offline", "benchmark_throughput", "bench", "request", "concurrency", "all", "server", "interactive", "throughput:", "interactivity", "qps", "every"], &[], r"\b(saturat\w*|interactivity|max(?:imum)?[\s-]*batch|max(?:imum)?[\s-]*throughput|offline|benchmark_throughput|bench throughput|request[\s_-]*rate\x22?[\s=:]+\x22?inf|qps\s*[=:]\s*inf|concurrency[\s=:]+max|all (?:the )?prompts at once|(?:all|every) (?:\w+ )?submitted at once|server scenario|interactive scenario|throughput:\s*[\d.]+\s*requests/s)\b"),
            isl_osl: pat(NO, &["isl"], &[], r"\bisl\s*/\s*osl\s*(?:of\s*|=|:)?\s*(\d+)\s*(k)?\s*/\s*(\d+)\s*(k)?"),
            b_i_o: pat(NO, &["b:"], &[], r"\bb:\s*(\d+)\s+i:\s*(\d+)\s*(k)?\s+o:\s*(\d+)\s*(k)?"),
            tokens_prompt: pat(WORD, &[], &[], r"\b(\d[\d,]*)\s*(k)?[\s-]*tokens?[\s-]*(?:long\s+)?(?:prompts?|inputs?|input\s+prompts?)\b")
                .then(" ,k-", false, &["token"]),
            tokens_output: pat(WORD, &[], &[], r"\b(\d[\d,]*)\s*(k)?[\s-]*tokens?[\s-]*(?:long\s+)?(?:outputs?|completions?|generations?|responses?|answers?|replies|decode)\b")
                .then(" ,k-", false, &["token"]),
            tokens_output_before: pat(WORD, &[], &[], r"\b(\d[\d,]*)\s*(k)?\s+(?:output|generated|completion)\s+tokens\b")
                .then(" ,k", false, &["output", "generated", "completion"]),
            tokens_prompt_before: pat(WORD, &[], &[], r"\b(\d[\d,]*)\s*(k)?\s+(?:input|prompt)\s+tokens\b")
                .then(" ,k", false, &["input", "prompt"]),
            input_kw: pat(NO, &["input", "prompt", "prefill", "isl"], &[], r#"\b(?:input|prompt|prefill|isl)(?:[\s_-]*(?:length|len|tokens|size|seq(?:uence)?(?:\s*len(?:gth)?)?))?(?:[_-]mean)?"?\s*(?:of\s*|=|:)?\s*(\d{1,3}(?:,\d{3})+|\d+)\s*(k)?"#),
            output_kw: pat(NO, &["output", "completion", "generation", "decode", "osl"], &[], r#"\b(?:output|completion|generation|decode|osl)(?:[\s_-]*(?:length|len|tokens|size|seq(?:uence)?(?:\s*len(?:gth)?)?))?(?:[_-]mean)?"?\s*(?:of\s*|=|:)?\s*(\d{1,3}(?:,\d{3})+|\d+)\s*(k)?"#),
            seq_len: pat(NO, &["seq"], &[], r"\bseq(?:uence)?[\s_-]*len(?:gth)?\s*(?:=|:)?\s*(\d+)\b"),
            pp_tg: pat(NO, &["pp", "tg"], &[], r"\b(pp|tg)\s?(\d+)\b"),
            in_out: pat(WORD, &[], &[], r"\b(\d+(?:\.\d+)?)\s*(k)?\s*(?:in|input)\s*/\s*(\d+(?:\.\d+)?)\s*(k)?\s*(?:out|output)\b")
                .then(" .k", false, &["in"]),
            gpu: pat(ANY, GPU_STARTS, &["昇腾"],
                r"(?:(\d+)\s*(?:[x×*]|张|块|颗)\s*|\b(single|one)\s+|\b)(?:(?:nvidia|amd|intel|huawei|google)(?:®)?\s+(?:instinct\s+|habana\s+|cloud\s+|geforce\s+)?)?(GPUS)((?:[\s-]*(?:sxm\d?|pcie|nvl\d*|hbm\d?e?|\d+\s*gb?\b|\(\s*\d+\s*gb?\s*\)))*)(?:\s*\((\d+)\s*[x×]\)|\s*[x×*]\s*(\d+)|\s+(\d+)\s*张)?",
            )
                .then(" ", false, &["x", "×", "*", "张", "块", "颗"]),
            gpus_word: pat(WORD, &["two", "three", "four", "six", "eight", "sixteen", "dual", "quad"], &[], r"\b(\d+|two|three|four|six|eight|sixteen|dual|quad)(?:\s+(?:[\w-]+\s+){0,4}?(?:gpus|accelerators|npus|hpus|lpus|rdus|tpus|chips|cards|devices)\b|-gpu\b)")
                .needs(&["gpus", "accelerators", "npus", "hpus", "lpus", "rdus", "tpus", "chips", "cards", "devices", "-gpu"]),
            tp: pat(NO, &["tp"], &["tensor", "num-shard", "num_shard"], r"(?:\btp(?:[\s_-]*size)?\s*(?:=|:)?\s*|tensor[\s_-]parallel(?:ism|[\s_-]size|[\s_-]degree)?\s*(?:of\s*|=|:)?\s*|num[_-]shard(?:\s*=\s*|\s+))(\d+)\b"),
            kv_dtype: pat(NO, &["fp", "bf", "int", "kv"], &[], r"\b(fp8|fp16|bf16|int8|int4)[\s_]*-?kv\b|\bkv[\s_-]*cache[^.\n]{0,20}?\b(fp8|fp16|bf16|int8|int4)\b"),
            // GGUF types include the i-quants (`IQ1_S`, `IQ4_XS`) and the `_K_XL` mixes; MLC's
            // `q4f16_1` keeps its own name.
            dtype: pat(NO, &["fp", "bf", "int", "w8a8", "w4a", "awq", "gptq", "nvfp4", "mxfp4", "q", "iq"], &[],
                r"\b(fp16|bf16|fp8|int8|int4|w8a8|w4a16|w4afp8|w4a8|awq|gptq|nvfp4|mxfp4|fp4|q\df(?:16|32)_(?:\d|ft)|q\d_k_xl|q\d_k_[msl]|q\d_k|q\d_\d|iq\d_(?:xxs|xs|nl|s|m))(?:\b|\d)",
            ),
            // A quantisation-aware-trained checkpoint (`gemma-3-27b-it-qat`) is quantised without
            // a type.
            quantised: pat(NO, &["quanti", "qat"], &["量子化"], r"\bquanti[sz](?:ed|ation)\b|量子化(?:済|された)|\bqat\b"),
            runtime: pat(NO, &["vllm", "tensorrt", "trt", "sglang", "llama", "text-generation", "text generation", "tgi", "lmdeploy", "ollama", "mlx", "tt-metal", "cerebras", "ktransformers", "mlc", "exllama", "powerinfer", "flexgen", "mindie", "jetstream", "lm", "deepspeed", "synapse", "nim", "mistral.rs", "koboldcpp", "aphrodite", "openvino", "ctranslate2", "xinference", "rtp-llm", "optimum", "lightllm", "fastertransformer", "turbomind", "ipex", "transformers-neuronx", "nxd", "neuronx", "optimum-neuron"], &[],
                r"\b(vllm|tensorrt[\s-]?llm|trt[\s-]?llm|sglang|llama\.cpp|llama-cpp-python|llama-server|llama-bench|llamafile|text[\s-]generation[\s-]inference|tgi|lmdeploy|ollama|mlx(?:[_-]lm)?|tt-metal|cerebras inference|ktransformers|mlc[\s-]?llm|mlc\b|exllama[\s-]?v?2|powerinfer|flexgen|mindie|jetstream(?:-pytorch)?|lm[\s-]studio|deepspeed[\s-]?(?:mii|fastgen)|synapse[\s-]?ai|nim\b|mistral\.rs|koboldcpp|aphrodite(?:[\s-]engine)?|openvino(?:[\s-]model[\s-]server)?|ctranslate2|xinference|rtp-llm|optimum[\s-]habana|lightllm|fastertransformer|turbomind|ipex[\s-]?llm|transformers[\s-]neuronx|nxd[\s-]inference|neuronx[\s-]distributed[\s-]inference|optimum[\s-]neuron|tensorrt\b)",
            ),
            // After the engine's name: `0.6.3`, `v0.4.1.post2`, `version 1.0.RC3`, `build b9455`,
            // `software release version 1.18.0`, an image tag (`vllm-openai-rocm:v0.17.0`,
            // `vllm_0.10.2_20251006`). The version ends at its last release part (`.post1`,
            // `rc3`, a git hash `+g676db55ee`), not at a build suffix (`+cu124`, `-cu121`, `_20251006`).
            version: re(r#"^(?:-[a-z][a-z0-9-]*:?|[*\s_]*(?:software\s+)?(?:release\s+)?version|\s+release|\s+build|\s+(?:rocm|cuda)|\s+fork)?["\s:=_(\[]*(?:v(?:er(?:sion)?\.?)?\s*)?(\d+\.\d+(?:\.\d+)?(?:[.-]?(?:post|rc|dev|alpha|beta|a|b)\d*)*(?:\+g[0-9a-f]{6,})?|b\d{3,5}\b)"#),
            llama: pat(NO, &["meta", "code", "llama"], &[], r"\b(?:meta[\s_-]*)?(?:code)?llama[\s_-]*v?([123](?:\.\d)?)?(?:[\s_-]*(?:chat|instruct))?[\s:_-]*(\d+(?:\.\d+)?)\s*b\b"),
            mixtral: pat(NO, &["mixtral"], &[], r"\bmixtral[\s-]*(\d+)\s*x\s*(\d+)\s*b\b"),
            other_model: pat(NO, &["mistral", "qwen", "deepseek", "gpt-oss", "phi", "falcon", "yi", "codellama", "opt", "glm", "nemotron", "internlm", "baichuan", "granite", "olmo", "bloom", "starcoder", "minicpm", "dbrx", "jamba", "mpt", "vicuna"], &[],
                r"\b(mistral|qwen[\d.]*(?:[\s-]*coder)?|deepseek(?:-v\d(?:\.\d)?|-r1)?|gpt-oss|phi-?[\d.]*|falcon|yi(?:-\d\.\d)?|codellama|opt|glm-?[\d.]*|nemotron(?:[\s-]*nano)?|internlm[\d.]*|baichuan[\d.]*|granite(?:-[\d.]+)?|olmo(?:-\d)?|bloom|starcoder[\d.]*|minicpm[\d.]*|dbrx|jamba|mpt|vicuna)(?:[\s_-]*(?:chat|instruct|base))?[\s:_-]*(\d+(?:\.\d+)?)\s*b(?:[\s-]*(a\d+(?:\.\d+)?b))?\b",
            ),
            named_model: pat(NO, &["deepseek", "gpt-j", "gemma"], &[],
                r"\b(deepseek[\s-]*(?:r1|v\d(?:\.\d)?(?:[\s-]*(?:lite|flash|pro))?)(?:-(?:0[1-9]|1[0-2])[0-3]\d)?|gpt-j|gemma[\s-]*(?:(\d(?:\.\d)?)[\s:-]*)??(e?\d+b(?:-a\d+b)?))\b",
            ),
            interconnect: pat(NO, &["nvlink", "nvswitch", "pcie", "infiniband", "xgmi", "ib-hdr", "ib-ndr"], &[], r"\b(nvlink|nvswitch|pcie|infiniband|xgmi|ib-hdr|ib-ndr)"),
            request_count: pat(NO, &["num", "successful", "processed prompts"], &[], r#"\b(?:num[\s_-]*prompts"?\s*:\s*\d+|successful(?:/total)?\s+requests\s*:\s*\d+|processed prompts\s*:)"#),
            // Totals (by division) and per-minute rates only: a dataset named without lengths
            // ("ShareGPT", "short prompts") is unstated (CLAIMS.md §3 Lengths).
            lengths_described: pat(NO, &["total", "number", "input_tokens/min", "output_tokens/min"], &[], r#"\btotal[ _](?:input|generated|output)[ _]tokens"?\s*:|\bnumber of (?:prompt|completion|input|output|generated) tokens\s*:|\b(?:input|output)_tokens/min\b"#),
            observed_load: pat(NO, &["peak concurrent requests", "single", "1/req"], &["--max-num-seqs"], r"\bpeak concurrent requests\s*:\s*(\d+)|\bsingle[\s-]flight\b|\b(1)/req\b|--max-num-seqs\s+(\d+)"),
            shape_vllm: pat(NO, &[], &["processed prompts:", "successful requests:", "--max-num-seqs", "avg prompt throughput:"], r"processed prompts:|successful requests:[\s\S]{0,400}?benchmark duration|--max-num-seqs|avg prompt throughput:")
                .needs(&["processed prompts:", "benchmark duration", "--max-num-seqs", "avg prompt throughput:"]),
            shape_trtllm: pat(NO, &[], &["per user output speed [1/tpot]", "per gpu output throughput (tokens/sec/gpu)"], r"per user output speed \[1/tpot\]|per gpu output throughput \(tokens/sec/gpu\)"),
            // 昇腾 (Ascend) glued to the Chinese before it (`在昇腾910B上`): no word boundary
            // there, so `gpu`'s `\b` cannot start it.
            ascend_cn: pat(NO, &[], &["昇腾"], r"昇腾\s*910b?\d?"),
        }
    })
}

fn num(s: &str) -> Option<f64> {
    let v: f64 = s.replace(',', "").parse().ok()?;
    v.is_finite().then_some(v)
}

/// Capture groups of either kind of pattern.
trait Groups {
    fn span(&self, i: usize) -> Option<Span>;
}

impl Groups for Captures<'_> {
    fn span(&self, i: usize) -> Option<Span> {
        self.get(i).map(|m| Span {
            start: m.start(),
            end: m.end(),
        })
    }
}

impl Groups for Caps<'_> {
    fn span(&self, i: usize) -> Option<Span> {
        self.get(i).map(|m| Span {
            start: m.start(),
            end: m.end(),
        })
    }
}

fn span_of(c: &impl Groups, i: usize) -> Span {
    c.span(i).expect("group exists")
}

fn whole(c: &impl Groups) -> Span {
    span_of(c, 0)
}

fn found<T>(value: T, span: Span) -> Option<Found<T>> {
    Some(Found { value, span })
}

fn kilo(k: Option<M>) -> f64 {
    match k.map(|m| m.as_str()) {
        Some("k") => 1000.0,
        Some("m" | "million") => 1e6,
        Some("thousand") => 1000.0,
        Some("万") => 1e4,
        _ => 1.0,
    }
}

/// Token counts are whole, positive and below 10 million; anything else is not a length.
fn token_count(v: f64) -> Option<u32> {
    (1.0..1e7).contains(&v).then_some(v.round() as u32)
}

pub(super) fn floor_boundary(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The text just before `start` within the same clause (cut at `.`, `;`, `|`, newline, `/`), at
/// most `max` bytes.
fn before(lower: &str, start: usize, max: usize) -> &str {
    let from = floor_boundary(lower, start.saturating_sub(max));
    let s = &lower[from..start];
    let cut = s
        .rfind(['.', ';', '|', '\n', '/'])
        .map(|i| i + 1)
        .unwrap_or(0);
    &s[cut..]
}

/// The text from the last of `breaks` before `start` (or the text's start) up to `start`,
/// looking back at most `max` bytes; None when no break lies in that window and the window
/// does not reach the text's start (the line is longer than `max`).
fn line_to<'a>(lower: &'a str, start: usize, max: usize, breaks: &[char]) -> Option<&'a str> {
    let window = floor_boundary(lower, start.saturating_sub(max));
    let from = lower[window..start]
        .rfind(breaks)
        .map(|i| window + i + 1)
        .or((window == 0).then_some(0))?;
    Some(&lower[from..start])
}

/// The label a line gives the figures on it: the text from the line's start (or the last `|`)
/// to `start` when it ends in `:` and is at most 64 bytes (`Output tput/GPU:`, `Prefill.
/// latency: 0.18 s, throughput:`), else empty. Read after the clause before the figure, so a
/// nearer word wins.
fn line_label(lower: &str, start: usize) -> &str {
    // Only the 80 bytes before the figure are looked at (a label is at most 64).
    let Some(s) = line_to(lower, start, 80, &['\n', '|']) else {
        return "";
    };
    let t = s.trim_end_matches([' ', '*', '"', '~', '\t']);
    if s.len() <= 64 && t.ends_with(':') {
        t
    } else {
        ""
    }
}

/// A bullet's leading label, which covers every figure of its line for scope (`单卡吞吐量:…
/// 128 tokens/s，… 95 tokens/s`: both per card): a label of words with no digit, ending in `:` or
/// `：` within the first 40 bytes of the line, the line up to `start` at most 200 bytes. Only
/// the scope is read from it: a lead-in such as "Generation vs. generation:" names a topic, not
/// which tokens are counted.
fn lead_label(lower: &str, start: usize) -> &str {
    let Some(line) = line_to(lower, start, 200, &['\n']) else {
        return "";
    };
    let lead = line.trim_start_matches([' ', '\t', '-', '*', '•', '·']);
    match lead.char_indices().find(|&(_, c)| c == ':' || c == '：') {
        Some((i, c)) if i <= 40 && !lead[..i].contains(|c: char| c.is_ascii_digit()) => {
            &lead[..i + c.len_utf8()]
        }
        _ => "",
    }
}

/// A line that opens with the metric and then names the setup before a colon (`Generation
/// throughput of Mixtral-8x22B on 8x MI325X with vLLM: 12,800 tokens/sec`): the opening noun
/// phrase (up to its first `of`, `for`, `on`, `with`, `at` or `(`, at most 40 bytes), which
/// names what the figure after the colon counts. Empty unless the line up to `start` (at most
/// 200 bytes) ends in `:` and holds no other figure's digits after its opening phrase.
fn metric_head(lower: &str, start: usize) -> &str {
    let Some(line) = line_to(lower, start, 200, &['\n']) else {
        return "";
    };
    let t = line.trim_end_matches([' ', '*', '"', '~', '\t']);
    if !(t.ends_with(':') || t.ends_with('：')) {
        return "";
    }
    let t = t.trim_start_matches([' ', '\t', '-', '*', '#']);
    let cut = [" of ", " for ", " on ", " with ", " at ", "("]
        .iter()
        .filter_map(|w| t.find(w))
        .min()
        .unwrap_or(t.len());
    if cut > 40 || t[..cut].contains(|c: char| c.is_ascii_digit()) {
        return "";
    }
    &t[..cut]
}

/// The metric a sentence names before its figures (`SGLang delivers 1.9x higher decode
/// throughput than vLLM on one H100: 3,450 vs 1,820 tok/s`, "the decoding throughput of
/// Falcon-180B as TP grows: 412 tok/s with TP=4, 780 tok/s with TP=8"): the last `throughput`,
/// `speed`, 吞吐 or 速度 in the sentence up to `start` (cut at a line end or at `. `, `; `, `! `,
/// `? `, at most 200 bytes) with the two words before it. Empty when there is none.
fn sentence_metric(lower: &str, start: usize) -> &str {
    let from = floor_boundary(lower, start.saturating_sub(200));
    let seg = &lower[from..start];
    let cut = ["\n", ". ", "; ", "! ", "? ", "。", "；"]
        .iter()
        .filter_map(|w| seg.rfind(w).map(|i| i + w.len()))
        .max()
        .unwrap_or(0);
    let sent = &seg[cut..];
    let Some(at) = ["throughput", "speed", "吞吐", "速度"]
        .iter()
        .filter_map(|w| sent.rfind(w).map(|i| i + w.len()))
        .max()
    else {
        return "";
    };
    let head = &sent[..at];
    // The metric's noun phrase does not run past a comma ("With speculative decoding,
    // single-stream speed …": the phrase is "single-stream speed").
    let head = head
        .rsplit_once([',', '(', ':', '，', '：'])
        .map_or(head, |(_, h)| h);
    let words: Vec<(usize, &str)> = head
        .split_whitespace()
        .map(|w| (w.as_ptr() as usize - head.as_ptr() as usize, w))
        .collect();
    let begin = words.len().saturating_sub(3);
    words.get(begin).map_or("", |(i, _)| &head[*i..])
}

/// The line before a figure when it holds no other figure (`Response generated in 8.56 seconds,
/// 1024 tokens, 119.64 tokens/second`: one response's rate): its words describe this figure
/// even past a comma. At most 160 bytes; empty when the line is longer or already holds a rate
/// (`/s`, "per second") or a table's `|`.
fn line_lead_alone(lower: &str, start: usize) -> &str {
    let Some(line) = line_to(lower, start, 160, &['\n']) else {
        return "";
    };
    if line.contains("/s") || line.contains("per second") || line.contains('|') {
        return "";
    }
    line
}

/// A label written with a slash just before the figure (`Output tput/GPU 1,450 tok/s`,
/// `Gen tok/s/user: 35`): the clause before the figure without [`before`]'s cut at `/`, at
/// most 40 bytes, cut after the last `, ` and empty when it holds a digit (another figure's).
fn slashed_label(lower: &str, start: usize) -> &str {
    let from = floor_boundary(lower, start.saturating_sub(40));
    let s = &lower[from..start];
    let s = s
        .rfind(['.', ';', '|', '\n', '(', ')'])
        .map_or(s, |i| &s[i + 1..]);
    let s = s.rsplit_once(", ").map_or(s, |(_, t)| t);
    if !s.contains('/') || s.contains(|c: char| c.is_ascii_digit()) {
        return "";
    }
    s
}

/// The text just after `end` within the same clause, at most `max` bytes.
fn after(lower: &str, end: usize, max: usize) -> &str {
    let to = floor_boundary(lower, end + max);
    let s = &lower[end..to];
    let cut = s.find(['.', ';', '|', '\n']).unwrap_or(s.len());
    &s[..cut]
}

/// True when a number ending at `end` is followed by a rate unit (so it is a figure, not a length).
fn followed_by_rate(lower: &str, end: usize) -> bool {
    // A unit on the next line is another line's (`Token Throughput (tokens/sec): 9876.54` then
    // `Request Throughput (req/sec): 4.57`).
    let rest = lower[end..].trim_start_matches([' ', '\t']);
    if rest.starts_with(['\n', '\r']) {
        return false;
    }
    // A `k`/`m` suffix before the unit (`2.4m tokens/min`) is still the number's.
    let rest = match rest.strip_prefix(['k', 'm']) {
        Some(r) if r.starts_with([' ', '\t']) || r.starts_with("tok") => r.trim_start(),
        _ => rest,
    };
    if rest.starts_with('.') && rest[1..].starts_with(|c: char| c.is_ascii_digit()) {
        return true;
    }
    // A kind word between the number and its unit (`2,950 output tok/s/GPU`).
    let rest = [
        "output ",
        "total ",
        "input ",
        "prompt ",
        "generated ",
        "generation ",
        "decode ",
        "completion ",
        "aggregate ",
    ]
    .iter()
    .find_map(|w| rest.strip_prefix(w))
    .filter(|r| {
        // Only a rate (`tok/s`, `tokens per second`), never a count (`128 output tokens`).
        let word = r.len()
            - r.trim_start_matches(|c: char| c.is_ascii_alphabetic())
                .len();
        r.starts_with("tok") && {
            let after = r[word..].trim_start();
            after.starts_with('/') || after.starts_with("per ")
        }
    })
    .unwrap_or(rest);
    [
        "tok",
        "t/s",
        "tps",
        "token/s",
        "tokens/s",
        "tokens per",
        "req",
        "ms",
        "qps",
        "it/s",
        "per second",
        "per sec",
        "/s",
        "/ s",
        "/秒",
    ]
    .iter()
    .any(|u| rest.starts_with(u))
}

/// True when the digits ending at `end` are only the start of a longer number (`5,600`,
/// `12.5`): a setting's slot (`256 concurrent users: 5,600 tok/s`) never holds such a prefix.
fn continues_number(lower: &str, end: usize) -> bool {
    let b = lower.as_bytes();
    match b.get(end) {
        Some(b',') => b.len() >= end + 4 && b[end + 1..end + 4].iter().all(u8::is_ascii_digit),
        Some(b'.') => b.get(end + 1).is_some_and(u8::is_ascii_digit),
        _ => false,
    }
}

/// True when a number ending at `end` is followed by a plain count of tokens (`35 tokens and`),
/// not a rate (`35 tokens/s`, `35 tokens per second`): a length, even though [`followed_by_rate`]
/// sees its `tok`.
fn counts_tokens(lower: &str, end: usize) -> bool {
    let rest = lower[end..].trim_start_matches([' ', '\t']);
    let Some(word) = ["tokens", "token", "toks", "tok"]
        .iter()
        .find_map(|w| rest.strip_prefix(w))
    else {
        return false;
    };
    if word.starts_with(|c: char| c.is_ascii_alphanumeric()) {
        return false;
    }
    let next = word.trim_start();
    !(next.starts_with('/') || next.starts_with("per ") || next.starts_with("ps"))
}

/// Tasks named for a phase's words: beside "scenario", "task", "workload" or "use case" they
/// name what was served, not which tokens a figure counts.
const TASKS: &[&str] = &[
    "code completion",
    "code-completion",
    "text generation",
    "text-generation",
    "code generation",
    "code-generation",
];

/// The kind a figure's own words give it (CLAIMS.md §2): prefill words first (a "prompt eval
/// rate" is prefill even though it holds "eval rate"), then total, then decode words ("token
/// generation", "eval rate", "decode speed", `tg`, 解码), then output words ("generation
/// throughput", "completion", 输出, 生成速度/生成吞吐). A bare 生成 is not enough: it names a
/// task as often as a phase (文本生成场景, "the text-generation scenario").
fn kind_from_words(words: &str) -> Option<FigureKind> {
    // "In total", "a total of", "totaling" say the rate is summed (a scope), not that it counts
    // input and output tokens (CLAIMS.md §2: `throughput_total` is "total token throughput").
    // Engine features named for a phase ("chunked prefill") say how the run was set up, not
    // which tokens a figure counts.
    let summed;
    let words = if words.contains("total") || words.contains("prefill") || words.contains("decod") {
        summed = SUMMED
            .iter()
            .chain(FEATURES)
            .fold(words.to_string(), |w, s| w.replace(s, " "));
        summed.as_str()
    } else {
        words
    };
    // A task named with a workload word ("code completion scenario", "text generation task")
    // names the workload, not which tokens the figure counts.
    let untasked;
    let words = if ["scenario", "task", "workload", "use case"]
        .iter()
        .any(|w| words.contains(w))
    {
        untasked = TASKS
            .iter()
            .fold(words.to_string(), |w, s| w.replace(s, " "));
        untasked.as_str()
    } else {
        words
    };
    let has = |w: &str| words.contains(w);
    // llama-bench's test names as words (`tg: 8.9 t/s`, `pp at 32K depth`, `tg128`).
    let test = |p: &str| {
        words.contains(p)
            && words.split(|c: char| !c.is_ascii_alphanumeric()).any(|w| {
                w.strip_prefix(p)
                    .is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
            })
    };
    if has("prefill")
        || test("pp")
        || has("prompt processing")
        || (has("prompt") && has("processed"))
        || has("prompt throughput")
        || has("prompt eval")
        || has("encode speed")
        || has("input tok")
        || has("input throughput")
        || has("input:")
        || has("预填充")
        || has("首字")
    {
        Some(FigureKind::PrefillThroughput)
    } else if has("total")
        || has("input+output")
        || has("input + output")
        || has("prompt+completion")
        || has("prompt + completion")
        || has("prompt + generation")
        || has("prompt+generation")
        || has("input and output tokens")
        || has("总吞吐")
        || has("总token")
    {
        Some(FigureKind::ThroughputTotal)
    } else if has("token generation")
        || test("tg")
        || has("eval rate")
        // llama.cpp's and ollama's bare `eval` (after `prompt eval`, which is prefill above).
        || words
            .split(|c: char| c.is_whitespace() || matches!(c, ':' | '=' | ','))
            .any(|w| w == "eval")
        || has("decode speed")
        || has("decode rate")
        || has("decoding speed")
        || has("decoding")
        || has("decode phase")
        || has("tg =")
        || has("s_tg")
        || has("解码")
    {
        Some(FigureKind::DecodeThroughput)
    } else if has("output")
        || has("generat")
        || has("completion")
        || has("输出")
        // Japanese: 出力 (output), 出力されたトークン.
        || has("出力")
        || has("生成速")
        || has("生成吞吐")
    {
        Some(FigureKind::ThroughputOutput)
    } else if has("decode") {
        Some(FigureKind::DecodeThroughput)
    } else {
        None
    }
}

/// Phrases in which "total" means summed over the load (a scope), not input + output tokens.
const SUMMED: &[&str] = &[
    "in total",
    "a total of",
    "totaling",
    "totalling",
    "totals ",
    "for a total",
    // "the total" as a noun: the sum over the load ("the total is about 110 tok/s").
    "the total is",
    "the total was",
    "the total comes",
    "the total reaches",
];

/// Engine features whose names hold a phase word ("chunked prefill", "speculative decoding").
const FEATURES: &[&str] = &[
    "chunked prefill",
    "chunked-prefill",
    "chunked_prefill",
    "disaggregated prefill",
    "speculative decoding",
    "speculative-decoding",
    "spec decoding",
    "lookahead decoding",
];

fn scope_from_words(words: &str) -> Option<Scope> {
    let has = |w: &str| words.contains(w);
    if has("per user")
        || has("/user")
        || words.trim_end().ends_with("/u")
        || has("single request")
        || has("one request")
        || has("a single prompt")
        || has("response generated")
        || has("单请求")
        || has("单用户")
        || has("per request")
        || has("per-request")
        || has("per-user")
        || has("1/req")
        || has("single-stream")
        || has("single stream")
        || has("single chat")
        || has("single conversation")
        || has("one chat at a time")
        || has("single user")
        || has("single-user")
        || has("single-batch")
        || has("single batch")
        || has("batch-1 ")
        || has("single-request")
        || has("per stream")
        || has("per-stream")
        || has("/stream")
        || has("per sequence")
        || has("per session")
        || has("each user")
        || has("every user")
        || has("each session")
        || has("each stream")
        || has("每用户")
        || has("每个用户")
        || has("单路")
        || has("每路")
    {
        Some(Scope::PerUser)
    } else if has("per gpu")
        || has("/gpu")
        || has("per-gpu")
        || has("per card")
        || has("/card")
        || has("per chip")
        || has("/chip")
        || has("per accelerator")
        || has("each gpu")
        || has("each card")
        || has("per device")
        || has("per-device")
        || has("/device")
        || has("per npu")
        || has("/npu")
        || has("per hpu")
        || has("/hpu")
        || has("每卡")
        || has("单卡吞吐")
        || has("单卡性能")
        || has("/卡")
        || has("每张卡")
        || has("每gpu")
        || has("每 gpu")
    {
        Some(Scope::PerGpu)
    } else if has("per instance")
        || has("/instance")
        || has("per server")
        || has("per node")
        || has("/node")
        || has("per-replica")
        || has("per replica")
        || has("single node")
        || has("one node")
        || has("per machine")
        || has("per server")
        // A server named by its GPU count (`the 8-GPU server`, `an 8-GPU node`).
        || has("-gpu server")
        || has("-gpu node")
        || has("-gpu machine")
        || has("-gpu box")
        || has("-gpu system")
        || has("单机")
        || has("单节点")
        || has("每个节点")
        || has("每节点")
        || has("每台")
    {
        Some(Scope::PerNode)
    } else if has("aggregate")
        || SUMMED.iter().any(|w| has(w))
        || has("combined")
        || has("across all")
        || has("summed")
    {
        Some(Scope::Aggregate)
    } else if has("cluster")
        || has("system")
        || has("rack")
        || has(" pod")
        || has("superpod")
        || has("nvl72")
        || has("hgx")
        || has("per mw")
    {
        Some(Scope::System)
    } else {
        None
    }
}

/// `words` without the phrases that count something per request or prompt (`2 images per
/// request`): the count's, not a figure's scope. Tokens per request still speak of one request.
fn without_counts_per(words: &str) -> String {
    let mut out = words.to_string();
    for key in [" per request", " per prompt"] {
        let mut from = 0;
        while let Some(i) = out[from..].find(key).map(|i| from + i) {
            let head = out[..i].trim_end();
            let noun_start = head.rfind(' ').map_or(0, |k| k + 1);
            let noun = &head[noun_start..];
            let number = head[..noun_start]
                .trim_end()
                .ends_with(|c: char| c.is_ascii_digit());
            if number && !noun.starts_with("tok") {
                let end = i + key.len();
                out.replace_range(noun_start..end, &" ".repeat(end - noun_start));
            }
            from = i + key.len();
        }
    }
    out
}

/// `words` without the lengths written in them (`output 256`, `input: 128`, `output len=512`,
/// `输出 256`): a length setting beside a figure names the run's lengths, not which tokens the
/// figure counts (CLAIMS.md §3 Lengths vs §2 kind).
fn without_lengths(words: &str) -> String {
    let mut out = String::with_capacity(words.len());
    let mut rest = words;
    while let Some(i) = ["output", "input", "prompt", "输出", "输入"]
        .iter()
        .filter_map(|w| rest.find(w).map(|i| (i, w.len())))
        .min()
        .map(|(i, n)| (i, i + n))
    {
        let (start, end) = i;
        let sep = |c: char| matches!(c, ' ' | ':' | '=' | '_' | '-');
        let tail = rest[end..].trim_start_matches(sep);
        let tail = ["length", "len", "tokens", "toks"]
            .iter()
            .find_map(|w| tail.strip_prefix(w))
            .unwrap_or(tail)
            .trim_start_matches(sep);
        // The number before the word (`512 input / 128 output tokens`) is a length too, unless
        // the word goes on into a rate's unit (`1,800 output tokens/s`).
        let head = rest[..start].trim_end_matches([' ', '/']);
        let head = head
            .strip_suffix(['k', 'K'])
            .filter(|h| h.ends_with(|c: char| c.is_ascii_digit()))
            .unwrap_or(head);
        let rate = {
            let t = rest[end..].trim_start_matches([' ', '-']);
            let t = ["tokens", "token", "toks", "tok"]
                .iter()
                .find_map(|w| t.strip_prefix(w))
                .unwrap_or(t)
                .trim_start();
            t.starts_with('/') || t.starts_with("per ") || t.starts_with("每秒")
        };
        let number_before = head.ends_with(|c: char| c.is_ascii_digit()) && !rate;
        out.push_str(&rest[..start]);
        if !tail.starts_with(|c: char| c.is_ascii_digit()) && !number_before {
            out.push_str(&rest[start..end]);
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// Hard-wrapped prose (a quoted paper, an e-mail: `… achieves a generation throughput\n>
/// exceeding 50K tokens per second`): the end of the previous line when the figure's line
/// continues its sentence. The previous line must be long (at least 50 bytes, as wrapped prose
/// is) and end inside a sentence (a letter, not `.`, `:` or a table's `|`), and the figure's
/// line up to the figure must hold no sentence break; returns the previous line's last clause
/// (after its last `,` `.` `;`), else empty.
fn wrapped_clause(lower: &str, start: usize) -> &str {
    // Both lines are looked at over at most 61 and 400 bytes (linear on a long paste).
    let near = floor_boundary(lower, start.saturating_sub(61));
    let Some(nl) = lower[near..start].rfind('\n').map(|i| near + i) else {
        return "";
    };
    let own = &lower[nl + 1..start];
    if own.contains(['.', ';', '|', ':']) {
        return "";
    }
    let far = floor_boundary(lower, nl.saturating_sub(400));
    let prev_start = lower[far..nl].rfind('\n').map_or(far, |i| far + i + 1);
    let prev = lower[prev_start..nl].trim_end();
    if prev.len() < 50 || !prev.ends_with(|c: char| c.is_ascii_alphabetic()) || prev.contains('|') {
        return "";
    }
    let cut = prev.rfind([',', '.', ';']).map_or(0, |i| i + 1);
    &prev[floor_boundary(prev, cut.max(prev.len().saturating_sub(48)))..]
}

/// The end of a change written with two figures (`single-stream speed improved from 48 tok/s
/// to 91 tok/s`): the words before the change's first figure, which name what both measure
/// (its sentence up to `from`, at most 100 bytes); empty when the figure at `start` does not
/// follow `… from <figure> to`.
fn change_subject(lower: &str, start: usize) -> &str {
    let near = before(lower, start, 16);
    if !near.trim_end().ends_with(" to") && !near.trim_end().ends_with("→") {
        return "";
    }
    let from = floor_boundary(lower, start.saturating_sub(100));
    let s = &lower[from..start];
    let s = s.rsplit_once(['\n', ';', '|']).map_or(s, |(_, t)| t);
    let s = s.rsplit_once(". ").map_or(s, |(_, t)| t);
    match s.rfind(" from ") {
        Some(i) => &s[..i],
        None => "",
    }
}

/// The kind a table's caption line gives its unqualified rate columns (`BS1 ISL8000/OSL1000
/// decode throughput:` over `| build | tok/s |`): the caption's own words, its lengths left out.
pub(super) fn caption_kind(caption: &str) -> Option<FigureKind> {
    kind_from_words(&without_lengths(caption))
}

/// [`settle`] for the other stages.
pub(super) fn settle_figure(f: Figure) -> Figure {
    settle(f)
}

fn settle(mut f: Figure) -> Figure {
    if f.scope == Some(Scope::PerUser)
        && f.kind.is_throughput()
        && f.kind != FigureKind::DecodeThroughput
    {
        f.kind = FigureKind::ThroughputPerUser;
    }
    if f.kind == FigureKind::ThroughputPerUser && f.scope.is_none() {
        f.scope = Some(Scope::PerUser);
    }
    f
}

fn throughput_figure(lower: &str, c: &Caps, tps: bool) -> Option<Figure> {
    let (k1, k2, qual, per) = if tps { (2, 99, 99, 4) } else { (2, 5, 6, 7) };
    let mut lo = num(c.get(1)?.as_str())?;
    let mut hi = if tps {
        None
    } else {
        c.get(4).and_then(|m| num(m.as_str()))
    };
    // A "low end" glued to letters is a name's digits, not a number (`8x H200 — 34,864
    // tokens/s`): the figure is the high end alone.
    let glued = c
        .get(1)
        .is_some_and(|m| lower[..m.start()].ends_with(|ch: char| ch.is_ascii_alphabetic()));
    let k_lo = c.get(k1);
    let k_hi = c.get(k2);
    lo *= kilo(k_lo);
    if let Some(h) = hi.as_mut() {
        if k_hi.is_some() {
            *h *= kilo(k_hi);
            if k_lo.is_none() && lo * kilo(k_hi) <= *h {
                // "2–3k": the k belongs to both ends.
                lo *= kilo(k_hi);
            }
        }
    }
    if glued {
        lo = hi.take()?;
    }
    let span = whole(c);
    // Words before a `, ` belong to the figure before it (`5,900 tokens/s total throughput,
    // 2,200 tokens/s output`).
    let pre = before(lower, span.start, 48);
    let pre = pre.rsplit_once(", ").map_or(pre, |(_, p)| p);
    let pre = pre.rsplit_once(['，', '、', '；']).map_or(pre, |(_, p)| p);
    let pre = match pre.rfind(',') {
        Some(i) if !pre[i + 1..].starts_with(|c: char| c.is_ascii_digit()) => &pre[i + 1..],
        _ => pre,
    };
    // Words before an earlier figure belong to it (`85 tokens/s for a single user and about
    // 900 tokens/s with 32 requests`: "single user" is the 85's).
    let pre = ["tokens/s", "tok/s", "t/s", "tokens per second", "tps"]
        .iter()
        .filter_map(|u| pre.rfind(u).map(|i| i + u.len()))
        .max()
        .map_or(pre, |i| &pre[i..]);
    // [`before`] cut at an earlier figure's unit (`tokens/s for a single user and about`): its
    // trailing words are that figure's up to the conjunction that starts this one.
    let raw = &lower[floor_boundary(lower, span.start.saturating_sub(48))..span.start];
    let after_unit = raw.len() > pre.len() && {
        let cut = &raw[..raw.len() - pre.len()];
        cut.ends_with("/") && (pre.starts_with("s ") || pre.starts_with("sec"))
    };
    let pre = if after_unit {
        [" and ", " while ", " but ", " whereas "]
            .iter()
            .filter_map(|w| pre.rfind(w).map(|i| i + w.len()))
            .max()
            .map_or("", |i| &pre[i..])
    } else {
        pre
    };
    let post = after(lower, span.end, 48);
    // The next clause (after `, ` or a Chinese comma) that holds another rate is the next
    // figure's words (`系统吞吐 2,560 tokens/s，单用户 40 tokens/s`: 单用户 is the second
    // figure's scope); one without (`, measured on one NVL72`) still speaks of this one.
    let cut = [", ", "，", "、", "；"]
        .iter()
        .filter_map(|w| post.find(w))
        .min()
        .filter(|&i| {
            let rest = &post[i..];
            // Or another figure of any kind (`，首字延迟 0.8 秒`: a latency's words).
            [
                "tok", "/s", "延迟", "时延", "latency", "ttft", "itl", "tpot",
            ]
            .iter()
            .any(|w| rest.contains(w))
        });
    let post = cut.map_or(post, |i| &post[..i]);
    // A count of something else per request (`2 images per request`) says nothing of the
    // figure's scope.
    let counted_per;
    let post = if post.contains(" per request") || post.contains(" per prompt") {
        counted_per = without_counts_per(post);
        counted_per.as_str()
    } else {
        post
    };
    // `from 1,200 to 1,900 tokens/s` is a change, not a range: the result is where it ends
    // (CLAIMS.md §1 rule 6); `3,100 vs 1,400 tokens/s` compares two setups, the first is the
    // subject (§1.5).
    let between = c
        .get(1)
        .zip(c.get(4))
        .map_or("", |(a, b)| &lower[a.end()..b.start()]);
    // So is the last link of a chain (`from 1,900 to 2,600 to 3,100 tokens/s`: this match is
    // `2,600 to 3,100`, after `1,900 to`).
    let lead = before(lower, span.start, 16).trim_end();
    // The link before must be a number, not a name's digits (`Llama-3.1-405B FP8 to 1.8k–2.1k`).
    let chained = lead
        .strip_suffix(" to")
        .or_else(|| lead.strip_suffix('→'))
        .is_some_and(|b| {
            let b = b.trim_end();
            let num = b.trim_end_matches(|ch: char| ch.is_ascii_digit() || ch == '.' || ch == ',');
            num.len() < b.len() && !num.ends_with(|ch: char| ch.is_ascii_alphabetic())
        });
    if hi.is_some() && (lead.ends_with("from") || chained) {
        lo = hi.take().unwrap_or(lo);
    } else if between.contains("vs") {
        hi = None;
    }
    let qual = c.get(qual).map(|m| m.as_str()).unwrap_or("");
    let per = c.get(per).map(|m| m.as_str()).unwrap_or("");
    // `5,000 aggregate tokens/s`: the word before the unit says the scope.
    let unit_scope = scope_from_words(per).or_else(|| scope_from_words(qual));
    let label = line_label(lower, span.start);
    // The line's own label (`Output tput/GPU:`) is the figure's name: before the words after it.
    let scope = unit_scope
        .or_else(|| scope_from_words(pre))
        .or_else(|| scope_from_words(label))
        .or_else(|| scope_from_words(post))
        .or_else(|| scope_from_words(lead_label(lower, span.start)))
        .or_else(|| scope_from_words(change_subject(lower, span.start)))
        // Only one user's words carry that far: "system" or "aggregate" at a line's start
        // names a company or a topic as often as the figure's scope.
        .or_else(|| {
            scope_from_words(line_lead_alone(lower, span.start)).filter(|s| *s == Scope::PerUser)
        })
        .or_else(|| scope_from_words(slashed_label(lower, span.start)));
    let pre_words = without_lengths(pre);
    let word_kind = if qual.contains('+') {
        // `input+output tokens per second`: both.
        Some(FigureKind::ThroughputTotal)
    } else if qual.starts_with("input") || qual.starts_with("prompt") {
        Some(FigureKind::PrefillThroughput)
    } else {
        kind_from_words(qual)
            .or_else(|| kind_from_words(&pre_words))
            .or_else(|| kind_from_words(&without_lengths(wrapped_clause(lower, span.start))))
            .or_else(|| kind_from_words(&without_lengths(change_subject(lower, span.start))))
            // After the unit, a phase word ("tok/s decode"); a trailing "total" is as often
            // "in total" (summed) as input + output, so it is left unread.
            .or_else(|| {
                // Lengths in the words after it (`… tok/s with output 256`) are settings.
                let post = without_lengths(post);
                let near = &post[..floor_boundary(&post, post.len().min(28))];
                // Up to the next figure's words (`9,000 tok/s and output throughput 1,100`).
                let cut = [", ", " and ", " vs", " while "]
                    .iter()
                    .filter_map(|w| near.find(w))
                    .chain(near.find(|c: char| c.is_ascii_digit()))
                    .min()
                    .unwrap_or(near.len());
                let near = &near[..cut];
                // llama.cpp's shorthand after the rate (`185 t/s tg`, `4,900 t/s pp`).
                let t = near.trim_start().trim_start_matches('(');
                let short = |w: &str| {
                    t.strip_prefix(w)
                        .is_some_and(|r| !r.starts_with(|c: char| c.is_ascii_alphabetic()))
                };
                if short("tg") {
                    return Some(FigureKind::DecodeThroughput);
                }
                if short("pp") {
                    return Some(FigureKind::PrefillThroughput);
                }
                kind_from_words(near).filter(|k| {
                    *k != FigureKind::ThroughputTotal
                        || near.contains("total throughput")
                        || near.contains("total token")
                        || post.contains(" + ")
                        || post.contains("+output")
                        || post.contains("+completion")
                })
            })
            .or_else(|| kind_from_words(&without_lengths(label)))
            .or_else(|| kind_from_words(&without_lengths(metric_head(lower, span.start))))
            .or_else(|| kind_from_words(&without_lengths(slashed_label(lower, span.start))))
            // A line led by one phase word (`Prompt: 128 tokens, 1450.3 tokens-per-sec`,
            // `Generation: …`): that phase's rate.
            .or_else(|| {
                let lead = lead_label(lower, span.start)
                    .trim_end_matches([':', '：'])
                    .trim();
                match lead {
                    "prompt" | "prefill" | "prompt processing" => {
                        Some(FigureKind::PrefillThroughput)
                    }
                    "generation" | "decode" | "decoding" | "completion" | "output" => {
                        kind_from_words(lead)
                    }
                    _ => None,
                }
            })
            // The metric the sentence names before its figures (`… higher decode throughput
            // than vLLM: 3,450 vs 1,820 tok/s`); a bare "total" there is as often a sum.
            .or_else(|| {
                let m = without_lengths(sentence_metric(lower, span.start));
                let m = m.as_str();
                kind_from_words(m).filter(|k| {
                    *k != FigureKind::ThroughputTotal
                        || m.contains("total throughput")
                        || m.contains("total token")
                })
            })
    };
    // A token rate on the same line as the run's request rate (`Throughput: 12.28 requests/s,
    // 7859.20 tokens/s`) is the run's summary: the whole load's (CLAIMS.md §2).
    let near = floor_boundary(lower, span.start.saturating_sub(120));
    let line_start = lower[near..span.start]
        .rfind('\n')
        .map_or(near, |i| near + i + 1);
    let line = &lower[line_start..span.start];
    let summary_line = ["requests/s", "req/s", "requests per second"]
        .iter()
        .any(|w| line.contains(w));
    // An engine's periodic stats line (vLLM's `Avg generation throughput: … tokens/s,
    // Running: N reqs`) counts every running request: the engine's whole load.
    let engine_stats = pre.contains("avg generation throughput");
    // Each of the engine's periodic stats lines is one print of the same summary: labelled as
    // such, a later line is read as the later block (CLAIMS.md §1.5 for logs).
    let engine_label = engine_stats.then(|| "avg generation throughput".to_string());
    // A tool summary's label (`Output token throughput:`, `Total token throughput:`) names
    // the run's whole load (CLAIMS.md §2), as it does in a summary table.
    let summary_label = label.contains("token throughput");
    let scope =
        scope.or((summary_line || engine_stats || summary_label).then_some(Scope::Aggregate));
    // `on 72× GB300`: more GPUs than one node holds is a whole system.
    // Only a count written `N×` / `Nx` / `N*` can say so: the GPU pattern runs only then.
    let counted = post.contains('×') || post.bytes().any(|b| b == b'x' || b == b'*');
    let many = counted
        && patterns()
            .gpu
            .captures(post)
            .and_then(|g| g.get(1)?.as_str().parse::<u32>().ok())
            .is_some_and(|n| n > 8);
    let scope = if scope.is_none() && many {
        Some(Scope::System)
    } else {
        scope
    };
    // `tokens per second per H100`, `tok/s/MI300X`: per device named by its model.
    let scope = scope.or_else(|| {
        let rest = post.trim_start();
        let rest = rest
            .strip_prefix("per ")
            .or_else(|| rest.strip_prefix('/'))?
            .trim_start_matches("nvidia ")
            .trim_start_matches("amd ");
        let g = patterns().gpu.captures(rest)?;
        (whole(&g).start == 0 && g.get(1).is_none()).then_some(Scope::PerGpu)
    });
    // `tokens generated per second`: the verb inside the unit names the tokens.
    let inner = &lower[span.start..span.end];
    let word_kind = word_kind.or(if inner.contains(" decoded") {
        Some(FigureKind::DecodeThroughput)
    } else if inner.contains(" generated") || inner.contains(" produced") {
        Some(FigureKind::ThroughputOutput)
    } else {
        None
    });
    let mut f = Figure::new(
        lo,
        "tok/s",
        word_kind.unwrap_or(FigureKind::ThroughputUnspecified),
        span,
    );
    f.value_high = hi;
    f.scope = scope;
    f.kind_stated = word_kind.is_some();
    f.scope_stated = scope.is_some();
    if f.label.is_none() {
        f.label = engine_label;
    }
    let window = &lower[floor_boundary(lower, span.start.saturating_sub(80))..span.start];
    if window.contains("est. speed") {
        // A progress bar's running estimate: summed over the batch, not said so.
        f.scope = Some(Scope::Aggregate);
        f.scope_stated = false;
    }
    Some(settle(f))
}

/// What a llama.cpp timing line says its rate counts.
enum LlamaTiming {
    /// `sample time = … tokens per second`: the sampler's speed, not a token throughput.
    Sampling,
    /// `prompt eval time` (prefill) or `eval time` (decode), with the label shown.
    Phase(FigureKind, &'static str),
    /// llama-server's progress line (`n_decoded = 501, tg = 32.79 t/s`) while a request runs.
    Running,
}

/// llama.cpp's per-request timings (`llama_print_timings:` / `llama_perf_context_print:` and
/// llama-server's `print_timing`): `prompt eval time = 456.78 ms / 64 tokens ( 7.14 ms per
/// token, 140.11 tokens per second)` is prefill, `eval time = …` the request's generation
/// (decode) phase, `sample time = …` the sampler; a `n_decoded = …, tg = …` line is a running
/// estimate. Each line is one request's: a per-user rate.
/// Read from the line before the figure at `start`.
fn llama_timing(lower: &str, start: usize) -> Option<LlamaTiming> {
    let from = floor_boundary(lower, start.saturating_sub(200));
    let line = &lower[from..start];
    let line = line.rfind('\n').map_or(line, |i| &line[i + 1..]);
    if line.contains("n_decoded") {
        return Some(LlamaTiming::Running);
    }
    if !line.contains("ms per token") {
        return None;
    }
    if line.contains("prompt eval time") {
        Some(LlamaTiming::Phase(
            FigureKind::PrefillThroughput,
            "prompt eval time",
        ))
    } else if line.contains("eval time") {
        Some(LlamaTiming::Phase(
            FigureKind::DecodeThroughput,
            "eval time",
        ))
    } else if line.contains("sample time") {
        Some(LlamaTiming::Sampling)
    } else {
        None
    }
}

/// A `label (unit): value` line from a tool summary or a JSON record.
fn labelled_figure(
    label: &str,
    unit: &str,
    after_unit: &str,
    v: f64,
    span: Span,
) -> Option<Figure> {
    let l = label.trim().trim_matches('"');
    let key = format!("{l} ({unit}) {after_unit}");
    let has = |w: &str| key.contains(w);
    let pct = if has("mean") || has("average") || has("avg") {
        Some("mean")
    } else if has("median") || has("p50") {
        Some("p50")
    } else if has("p90") {
        Some("p90")
    } else if has("p95") {
        Some("p95")
    } else if has("p99") {
        Some("p99")
    } else {
        None
    };
    let latency_unit = if unit == "ms" || after_unit == "ms" {
        Some("ms")
    } else if unit == "s" || after_unit == "s" {
        Some("s")
    } else {
        None
    };
    let latency_kind = if has("ttft") || has("time to first token") || has("time-to-first-token") {
        Some(FigureKind::Ttft)
    } else if has("tpot") || has("time per output token") || has("time-per-output-token") {
        Some(FigureKind::Tpot)
    } else if has("itl") || has("inter-token") || has("tbt") {
        Some(FigureKind::Itl)
    } else if has("e2e") || has("end-to-end") || has("request latency") {
        Some(FigureKind::E2eLatency)
    } else {
        None
    };
    if let (Some(k), Some(u)) = (latency_kind, latency_unit) {
        let mut f = Figure::new(v, u, k, span);
        f.scope = Some(Scope::PerUser);
        f.percentile = pct.map(str::to_string);
        f.label = Some(l.to_string());
        f.kind_stated = true;
        f.scope_stated = true;
        return Some(f);
    }
    let per_min = has("/min");
    let request = has("request throughput")
        || has("request_throughput")
        || has("requests/min")
        || has("req/s")
        || has("req/sec")
        || has("_rps")
        || has(" rps")
        || has("qps");
    if request {
        let mut f = Figure::new(
            v,
            if per_min { "req/min" } else { "req/s" },
            FigureKind::RequestRate,
            span,
        );
        f.scope = Some(Scope::Aggregate);
        f.label = Some(l.to_string());
        f.kind_stated = true;
        f.scope_stated = true;
        return Some(f);
    }
    let spelled_unit = has("tokens per second")
        || has("tokens per sec")
        || has("token/s")
        || has("toks/s")
        || has("tok/sec")
        || has("tokens_per_second");
    let tokens = has("throughput")
        || has("tps")
        || has("tokens/")
        || has("tok/s")
        || spelled_unit
        || has("token generation")
        || has("prompt evaluation")
        || has("decode speed")
        || has("tokens_per_sec");
    if !tokens || has("peak") {
        return None;
    }
    let with_unit = !unit.is_empty() || per_min || has("tokens/") || has("tok/s") || spelled_unit;
    let kind = if has("input") || has("prefill") || has("prompt") {
        Some(FigureKind::PrefillThroughput)
    } else if has("token generation") || has("decode") {
        Some(FigureKind::DecodeThroughput)
    } else if has("total") && !has("output") {
        Some(FigureKind::ThroughputTotal)
    } else if has("output")
        || has("generation throughput")
        || has("generation only")
        || has("generation speed")
        || has("generated tokens")
        || has("completion")
    {
        // CLAIMS.md §2: output, generation or completion tokens of the whole load.
        Some(FigureKind::ThroughputOutput)
    } else if has("decode") {
        Some(FigureKind::DecodeThroughput)
    } else {
        None
    };
    // A median or percentile of a token rate is taken over requests: each request's own rate,
    // one user's (a whole run's throughput has one value, no distribution).
    let over_requests = pct.is_some_and(|p| p != "mean");
    // A tool's JSON record key (`output_throughput`, `total_token_throughput`: vLLM and SGLang
    // `--save-result`) is the run summary's: aggregate.
    let record_key = [
        "output_throughput",
        "output_token_throughput",
        "total_token_throughput",
    ]
    .contains(&l);
    // LLMPerf's `request_output_throughput_token_per_s` (its mean and quantiles) is each
    // request's own output rate: one user's (its run-wide rate is
    // `mean_output_throughput_token_per_s`).
    let per_request = has("request_output_throughput") || has("request output throughput");
    let scope = scope_from_words(&key)
        .or(per_request.then_some(Scope::PerUser))
        .or(over_requests.then_some(Scope::PerUser))
        .or(record_key.then_some(Scope::Aggregate))
        // A decode rate's record says nothing of the load: its scope comes from the run's
        // batch or concurrency (one stream's when there is none above 1).
        .or(
            ((with_unit || has("tps")) && kind != Some(FigureKind::DecodeThroughput))
                .then_some(Scope::Aggregate),
        );
    let mut f = Figure::new(
        v,
        if per_min { "tok/min" } else { "tok/s" },
        kind.unwrap_or(FigureKind::ThroughputUnspecified),
        span,
    );
    f.scope = scope;
    f.label = Some(l.to_string());
    f.kind_stated = kind.is_some();
    f.scope_stated = scope.is_some()
        && (with_unit && has("throughput") || per_min || scope != Some(Scope::Aggregate));
    Some(settle(f))
}

fn gpu_id(family: &str, variant: &str) -> String {
    let family: String = family.split_whitespace().collect::<Vec<_>>().join("-");
    let v = variant;
    match family.as_str() {
        "h100" if v.contains("sxm") => "h100-sxm".into(),
        "h100" if v.contains("pcie") => "h100-pcie".into(),
        "h100" if v.contains("nvl") => "h100-nvl".into(),
        // nvidia-smi's names: the 80 GB HBM3 part is the SXM, the HBM2e one the PCIe card.
        "h100" if v.contains("hbm3") => "h100-sxm".into(),
        "h100" if v.contains("hbm2") => "h100-pcie".into(),
        "a100" if v.contains("80") => "a100-80gb".into(),
        "a100" if v.contains("40") => "a100-40gb".into(),
        "a100" if v.contains("pcie") => "a100-pcie".into(),
        "wafer-scale-engine" | "cerebras" => "cerebras-wse".into(),
        "quietbox" => "tt-quietbox".into(),
        "blackhole" => "tt-blackhole".into(),
        f if f.starts_with("bhx") => "tt-blackhole".into(),
        f if f.starts_with("gaudi") => f.replace(['-', '®'], ""),
        f if f.starts_with("ascend") => f.replace("ascend-", "ascend").replace("ascend", "ascend-"),
        f if f.starts_with("atlas") => format!("ascend-{f}"),
        // Ascend chips written without the brand (`Atlas 800I A2（8×910B4）`).
        f if f.starts_with("910") => format!("ascend-{f}"),
        f if f.starts_with("昇腾") => format!(
            "ascend-{}",
            f.trim_start_matches("昇腾").trim_start_matches('-')
        ),
        f if f.starts_with("tpu") => f.replace("tpu", "tpu-").replace("--", "-"),
        f if f.starts_with("groq") => "groq-lpu".into(),
        // The Pascal Teslas (`4x Tesla P40s`).
        f if f.contains("p100") => "p100".into(),
        f if f.contains("p40") => "p40".into(),
        // NVIDIA's Jetson modules: the AGX Orin (32 or 64 GB) unless the Nano is named; written
        // with or without `Jetson`.
        f if f.contains("orin") && f.contains("nano") => "jetson-orin-nano".into(),
        f if f.contains("orin") && v.contains("64") => "jetson-agx-orin-64gb".into(),
        f if f.contains("orin") && v.contains("32") => "jetson-agx-orin-32gb".into(),
        f if f.contains("orin") => "jetson-agx-orin".into(),
        // AWS's accelerators, vendor first (CLAIMS.md §3 Hardware).
        f if f.starts_with("inferentia") => "aws-inferentia2".into(),
        f if f.starts_with("trainium") && f.ends_with('2') => "aws-trainium2".into(),
        f if f.starts_with("trainium") => "aws-trainium".into(),
        // AMD's Radeon written without `RX` (`my 7900 XTX`).
        f if f.starts_with(|c: char| c.is_ascii_digit()) && f.contains("xt") => {
            format!("rx-{}", f.replace(' ', "-"))
        }
        // The RTX A-series workstation cards, often written without `RTX` (`2x A6000`).
        f if f.starts_with("rtx-a") || f.starts_with("rtxa") => {
            format!("rtx-a{}", &f[f.len() - 4..])
        }
        f if f.len() == 5 && f.starts_with('a') && f.ends_with("000") => format!("rtx-{f}"),
        "sn40l" => "sambanova-sn40l".into(),
        // Tenstorrent's Wormhole cards keep their vendor first (CLAIMS.md §3 Hardware ids).
        "n300" | "n150" => format!("tt-{family}"),
        // Tenstorrent's Blackhole cards (`P150`, `P300`), the letter suffix dropped.
        f if f.starts_with("p150") || f.starts_with("p300") => format!("tt-{}", &f[..4]),
        // Apple's base chip (`Apple M2`): the chip.
        f if f.starts_with("apple-m") => f.trim_start_matches("apple-").to_string(),
        // AMD's Strix Halo APU (`Ryzen AI Max+ 395`).
        f if f.starts_with("ryzen") || f.starts_with("strix") => {
            let n: String = f.chars().filter(|c| c.is_ascii_digit()).collect();
            if n.is_empty() {
                "ryzen-ai-max".into()
            } else {
                format!("ryzen-ai-max-{n}")
            }
        }
        // A Mac named with its chip (`MacBook Air M3`, `Mac mini M4 Pro`): the chip.
        // The chip before the Mac (`M2 MacBook Air`): the chip.
        f if f.contains("mac")
            && f.starts_with('m')
            && f[1..].starts_with(|c: char| c.is_ascii_digit()) =>
        {
            f[..2].to_string()
        }
        f if f.contains("mac") => f
            .match_indices("-m")
            .find(|(i, _)| f[i + 2..].starts_with(|c: char| c.is_ascii_digit()))
            .map_or_else(|| f.to_string(), |(i, _)| f[i + 1..].to_string()),
        f => f.replace("-generation", ""),
    }
}

/// A device count written before a GPU name (CLAIMS.md §3 Hardware): a number word ("two
/// H100s", "dual RTX 3090s", "quad-A100"), digits before a plural ("8 H100s", "8 H100 GPUs"),
/// or an NVIDIA DGX system, which holds eight of its GPU (DGX A100, H100, H200, B200, B300).
fn lead_count(part: &str, start: usize, end: usize, id: &str) -> Option<u32> {
    let pre =
        part[floor_boundary(part, start.saturating_sub(16))..start].trim_end_matches([' ', '-']);
    let word = pre
        .rsplit(|c: char| !c.is_ascii_alphanumeric())
        .next()
        .unwrap_or("");
    let rest = &part[end..floor_boundary(part, end + 6)];
    let plural = rest.starts_with('s') || rest.trim_start().starts_with("gpus");
    let n = match word {
        "two" | "dual" | "twin" => 2,
        "three" => 3,
        "four" | "quad" => 4,
        "six" => 6,
        "eight" => 8,
        "sixteen" => 16,
        "dgx"
            if ["a100", "h100", "h200", "b200", "b300"]
                .iter()
                .any(|g| id.starts_with(g)) =>
        {
            8
        }
        d if plural && !d.is_empty() && d.len() <= 4 && d.bytes().all(|b| b.is_ascii_digit()) => {
            d.parse().ok()?
        }
        // A count of two or more written bare before the name (`11 nodes/87 MI355X`, `8
        // H100 SXM`), not the end of a version (`0.6.3 H100`) or a year.
        d if !d.is_empty()
            && d.len() <= 3
            && d.bytes().all(|b| b.is_ascii_digit())
            && !pre[..pre.len() - d.len()].ends_with(['.', ',', '-'])
            && d.parse::<u32>().is_ok_and(|n| n >= 2) =>
        {
            d.parse().ok()?
        }
        _ => return None,
    };
    // The number word must end right before the name (`two H100s`, `quad-A100`), not earlier
    // in the clause.
    let gap = &part[floor_boundary(part, start.saturating_sub(16))..start];
    let tail = gap.trim_end_matches([' ', '-']);
    (gap.len() - tail.len() <= 2 && n > 0).then_some(n)
}

/// Devices that come one to a machine (Apple silicon, a Jetson Thor module, AMD's Strix Halo
/// APU): the count is 1 when the chip is named.
fn single_chip(id: &str) -> bool {
    let apple = id.starts_with('m') && id[1..].starts_with(|c: char| c.is_ascii_digit());
    apple
        && (id.len() == 2 || id.ends_with("max") || id.ends_with("ultra") || id.ends_with("pro"))
        && id.len() <= 8
        || id == "jetson-thor"
        || id.starts_with("ryzen-ai-max")
}

fn dtype_id(word: &str) -> String {
    match word {
        "awq" => "awq-int4".into(),
        "gptq" => "gptq-int4".into(),
        "w4a16" => "int4".into(),
        w => w.to_string(),
    }
}

fn runtime_id(word: &str) -> (&'static str, bool) {
    let w = word.replace(['-', ' '], "");
    match w.as_str() {
        "vllm" => ("vllm", false),
        "tensorrtllm" | "trtllm" => ("tensorrt-llm", false),
        "sglang" => ("sglang", false),
        // llama-cpp-python: llama.cpp's Python bindings, the same engine.
        "llama.cpp" | "llamaserver" | "llamacpppython" => ("llama.cpp", false),
        "llamabench" => ("llama.cpp", true),
        "textgenerationinference" | "tgi" => ("tgi", false),
        "lmdeploy" => ("lmdeploy", false),
        "ollama" => ("ollama", false),
        "ttmetal" => ("tt-metal", false),
        // A vendor's hosted service names the vendor, not a serving engine (CLAIMS.md §3
        // Runtime: "only through its vendor": partial).
        "cerebrasinference" => ("cerebras", true),
        // Engines outside the list keep their own names (CLAIMS.md §3 Runtime).
        "ktransformers" => ("ktransformers", false),
        "mlcllm" | "mlc" => ("mlc-llm", false),
        "exllamav2" | "exllama2" => ("exllamav2", false),
        "powerinfer" => ("powerinfer", false),
        "flexgen" => ("flexgen", false),
        "mindie" => ("mindie", false),
        "jetstream" | "jetstreampytorch" => ("jetstream-pytorch", false),
        "lmstudio" => ("lm-studio", false),
        "deepspeedmii" => ("deepspeed-mii", false),
        "deepspeedfastgen" => ("deepspeed-fastgen", false),
        // AWS Neuron's inference libraries.
        "transformersneuronx" => ("transformers-neuronx", false),
        "nxdinference" | "neuronxdistributedinference" => ("nxd-inference", false),
        "optimumneuron" => ("optimum-neuron", false),
        // A vendor's software stack without a serving engine: partial (CLAIMS.md §3).
        "synapseai" => ("synapseai", true),
        // TensorRT without "-LLM": the family, not the serving engine (CLAIMS.md §3: partial).
        "tensorrt" => ("tensorrt-llm", true),
        "nim" => ("nim", false),
        "llamafile" => ("llamafile", false),
        "mistral.rs" => ("mistral.rs", false),
        "koboldcpp" => ("koboldcpp", false),
        "aphrodite" | "aphroditeengine" => ("aphrodite", false),
        "openvino" | "openvinomodelserver" => ("openvino", false),
        "ctranslate2" => ("ctranslate2", false),
        "xinference" => ("xinference", false),
        "rtpllm" => ("rtp-llm", false),
        "optimumhabana" => ("optimum-habana", false),
        // LMDeploy's engine, named on its own.
        "turbomind" => ("lmdeploy", false),
        "lightllm" => ("lightllm", false),
        "fastertransformer" => ("fastertransformer", false),
        // Intel's LLM library on Arc and Xeon (IPEX-LLM).
        "ipexllm" => ("ipex-llm", false),
        _ => ("mlx", false),
    }
}

struct Cand {
    fig: Figure,
    /// Lower goes first.
    prio: i32,
}

fn prio_of(f: &Figure) -> i32 {
    use FigureKind::*;
    match (f.kind, f.scope) {
        (
            ThroughputOutput | ThroughputTotal | ThroughputUnspecified | DecodeThroughput,
            Some(Scope::PerUser),
        ) => 1,
        (ThroughputOutput | ThroughputTotal | ThroughputUnspecified | DecodeThroughput, _) => 0,
        (ThroughputPerUser, _) => 1,
        (PrefillThroughput, _) => 2,
        // CLAIMS.md §1 rule 3: with no throughput, TPOT or ITL; never the request rate unless
        // nothing else; TTFT or E2E only when nothing else is given.
        (Tpot | Itl, _) => 3,
        (RequestRate, _) => 4,
        _ => 5,
    }
}

/// A match of an anchored pattern run `base` bytes into the haystack.
struct Tail<'h> {
    base: usize,
    caps: Captures<'h>,
}

impl<'h> Tail<'h> {
    fn str(&self, i: usize) -> Option<&'h str> {
        self.caps.get(i).map(|m| m.as_str())
    }
}

impl Groups for Tail<'_> {
    fn span(&self, i: usize) -> Option<Span> {
        self.caps.get(i).map(|m| Span {
            start: self.base + m.start(),
            end: self.base + m.end(),
        })
    }
}

/// The matches of `label` + [`LABEL_TAIL`] in `hay`, as the regex would find them one after the
/// other: each as where its label starts and the tail's groups (on `hay`).
///
/// The lazy, bounded label makes that regex slow (a thread per start and count). Found directly:
/// the tail runs anchored only where a label can end (a label byte before it, a `(` or `:` after
/// optional `"` and spaces); for a label ending at `q` the earliest start is the first `[a-z]`
/// from `max(from, q - 61, start of the label-byte run ending at q)`, a bound that never falls
/// as `q` grows, so the first `q` that has a start gives the leftmost match, with the shortest
/// label, as the regex's leftmost-first rule picks.
fn labelled_matches<'h>(
    hay: &'h str,
    tail: &'h Regex,
) -> impl Iterator<Item = (usize, Tail<'h>)> + 'h {
    let b = hay.as_bytes();
    let label_byte =
        |x: u8| x.is_ascii_lowercase() || x.is_ascii_digit() || b"_ .[]/-".contains(&x);
    let mut from = 0;
    std::iter::from_fn(move || {
        for q in from + 1..=b.len() {
            if !label_byte(b[q - 1]) {
                continue;
            }
            let mut j = q;
            if b.get(j) == Some(&b'"') {
                j += 1;
            }
            while b
                .get(j)
                .is_some_and(|&x| x.is_ascii_whitespace() || x == 0x0b)
            {
                j += 1;
            }
            if !matches!(b.get(j), Some(b'(' | b':')) {
                continue;
            }
            let mut lo = q - 1;
            while lo > from && lo + 61 > q && label_byte(b[lo - 1]) {
                lo -= 1;
            }
            let Some(start) = (lo..q).find(|&i| b[i].is_ascii_lowercase()) else {
                continue;
            };
            let Some(caps) = tail.captures(&hay[q..]) else {
                continue;
            };
            let t = Tail { base: q, caps };
            from = whole(&t).end;
            return Some((start, t));
        }
        from = b.len();
        None
    })
}

/// Spans already read as figures: none of them overlap, so the one starting last before a span's
/// end is the only one that can overlap it.
#[derive(Default)]
struct Taken(std::collections::BTreeMap<usize, usize>);

impl Taken {
    /// Takes `s` unless it overlaps a span already taken.
    fn take(&mut self, s: Span) -> bool {
        if self
            .0
            .range(..s.end)
            .next_back()
            .is_some_and(|(_, &end)| s.start < end)
        {
            return false;
        }
        let end = self.0.entry(s.start).or_insert(s.end);
        *end = (*end).max(s.end);
        true
    }
}

/// Every figure in the text, headline first.
fn read_figures(lower: &str) -> Vec<Figure> {
    let p = patterns();
    let mut cands: Vec<Cand> = Vec::new();
    let mut taken = Taken::default();
    let push = |cands: &mut Vec<Cand>, taken: &mut Taken, f: Figure, bonus: i32| {
        if !taken.take(f.span) {
            return;
        }
        // Half steps: among figures of one rank, an output rate before a total one (CLAIMS.md
        // §1 rule 3: output, then total).
        let half = i32::from(matches!(
            f.kind,
            FigureKind::ThroughputTotal | FigureKind::ThroughputUnspecified
        ));
        let prio = 2 * (prio_of(&f) + bonus + standing(lower, f.span)) + half;
        cands.push(Cand { fig: f, prio });
    };

    // llama-bench rows: pp = prompt processing, tg = generation, pp+tg = both phases averaged.
    for c in p.bench_row.captures_iter(lower) {
        let Some(v) = num(&c[2]) else { continue };
        let test = &c[1];
        let (kind, bonus) = if test.contains('+') {
            (FigureKind::ThroughputTotal, 2)
        } else if test.starts_with("pp") {
            (FigureKind::PrefillThroughput, 0)
        } else {
            (FigureKind::DecodeThroughput, 0)
        };
        let mut f = Figure::new(v, "tok/s", kind, whole(&c));
        f.scope = Some(Scope::PerUser);
        f.label = Some(test.to_string());
        f.kind_stated = true;
        push(&mut cands, &mut taken, f, bonus);
    }
    for c in p.label_unit_value.captures_iter(lower) {
        let span = whole(&c);
        if let Some(word) = c.get(1) {
            let Some(v) = num(&c[2]) else { continue };
            let k = kind_from_words(word.as_str()).unwrap_or(FigureKind::ThroughputUnspecified);
            let mut f = Figure::new(v, "tok/s", k, span);
            f.kind_stated = true;
            f.label = Some(
                lower[span.start..span.end]
                    .rsplit_once(' ')
                    .map(|x| x.0)
                    .unwrap_or("")
                    .to_string(),
            );
            if k != FigureKind::PrefillThroughput {
                f.scope = Some(Scope::Aggregate);
            }
            push(&mut cands, &mut taken, f, 0);
        } else {
            let Some(v) = num(&c[6]) else { continue };
            let kind = match &c[3] {
                "ttft" => FigureKind::Ttft,
                "tpot" => FigureKind::Tpot,
                "e2e" => FigureKind::E2eLatency,
                _ => FigureKind::Itl,
            };
            let mut f = Figure::new(v, &c[5], kind, span);
            f.scope = Some(Scope::PerUser);
            f.percentile = c
                .get(4)
                .map(|m| m.as_str().replace("avg", "mean").replace("median", "p50"));
            f.kind_stated = true;
            f.scope_stated = true;
            push(&mut cands, &mut taken, f, 0);
        }
    }
    // `label: value` lines: the pattern runs only in a window before each `:` that a number
    // follows (a lazy label over the whole text is slow with a backtracking-free engine).
    let mut prev_end = 0;
    for (colon, _) in lower.match_indices(':') {
        let rest = lower[colon + 1..].trim_start_matches([' ', '"']);
        // A hedge before the value (`: approximately 6`, `: ~40`) as the label tail allows.
        let rest = [
            "approximately",
            "approx.",
            "approx",
            "about",
            "around",
            "roughly",
            "~",
        ]
        .iter()
        .find_map(|w| rest.strip_prefix(w))
        .map_or(rest, str::trim_start);
        if !rest.starts_with(|ch: char| ch.is_ascii_digit()) || colon < prev_end {
            continue;
        }
        // A colon between digits is a clock or a ratio (`02:25:54`, `16:9`), not a label's:
        // read as one, its window would end inside the number of the label after it.
        if lower[..colon].ends_with(|ch: char| ch.is_ascii_digit())
            && lower[colon + 1..].starts_with(|ch: char| ch.is_ascii_digit())
        {
            continue;
        }
        let ws = floor_boundary(lower, colon.saturating_sub(96)).max(prev_end);
        let we = floor_boundary(lower, colon + 48);
        let window = &lower[ws..we];
        let Some((label_start, c)) =
            labelled_matches(window, &p.label_tail).find(|(_, c)| ws + whole(c).end > colon)
        else {
            continue;
        };
        let Some(v) = c.str(2).and_then(num) else {
            continue;
        };
        // A run of words longer than a label (61 bytes) that ends in a colon is a sentence
        // ("SGLang delivers 1.9x higher decode throughput than vLLM on one H100: 3,450 vs …"),
        // not a label: its figures are read by their units.
        let label_end = ws + span_of(&c, 0).start;
        let run = lower.as_bytes()[..label_end]
            .iter()
            .rev()
            .take(62)
            .take_while(|&&x| {
                x.is_ascii_lowercase() || x.is_ascii_digit() || b"_ .[]/-".contains(&x)
            })
            .count();
        if run > 61 {
            continue;
        }
        // A label starts after the last sentence break before it (`24,300 tokens/s. System: 8x
        // H200`: the label is `system`, not the previous sentence's unit).
        let label_start = window[label_start..span_of(&c, 0).start]
            .rfind(". ")
            .map_or(label_start, |i| label_start + i + 2);
        let label = &window[label_start..span_of(&c, 0).start];
        // A statistic between the unit and the colon (`Generation throughput (tokens/second)
        // avg: 80.786`) belongs to the label.
        let head = &window[span_of(&c, 0).start..span_of(&c, 2).start];
        let stat = head
            .rsplit_once(')')
            .map_or(head, |(_, t)| t)
            .trim_matches([' ', ':', '"']);
        let with_stat;
        let label = if stat.is_empty() || stat.contains(':') {
            label
        } else {
            with_stat = format!("{} {stat}", label.trim_end());
            with_stat.as_str()
        };
        let unit = c.str(1).unwrap_or("");
        let after_unit = c.str(3).unwrap_or("");
        let span = Span {
            start: ws + label_start,
            end: ws + whole(&c).end,
        };
        prev_end = span.end;
        // After the number itself (the tail's trailing spaces may run onto the next line).
        let number_end = ws + span_of(&c, 2).end;
        if after_unit.is_empty() && followed_by_rate(lower, number_end) {
            continue; // the unit follows the number: read by the unit patterns
        }
        if let Some(f) = labelled_figure(label, unit, after_unit, v, span) {
            let bonus = gain_bonus(lower, span.end);
            push(&mut cands, &mut taken, f, bonus);
        }
    }
    // `label(unit) value` with no colon, as TensorRT-LLM's C++ benchmark prints its summary
    // (`[BENCHMARK] token_throughput(token/sec) 4266.5`): a labelled record all the same.
    if lower.contains("throughput(") {
        static BARE: OnceLock<Regex> = OnceLock::new();
        let re = BARE.get_or_init(|| {
            Regex::new(&format!(
                r"\b([a-z_]*throughput[a-z_]*)\(([a-z/]{{1,16}})\)[ \t]+{NUM}"
            ))
            .expect("static pattern compiles")
        });
        for c in captures_near(lower, re, &["throughput("], 48, 64)
            .into_iter()
            .take(64)
        {
            let (Some(label), Some(unit), Some(n)) = (c.get(1), c.get(2), c.get(3)) else {
                continue;
            };
            let Some(v) = num(n.as_str()) else { continue };
            let span = Span {
                start: label.start(),
                end: n.end(),
            };
            if let Some(f) = labelled_figure(label.as_str(), unit.as_str(), "", v, span) {
                push(&mut cands, &mut taken, f, 0);
            }
        }
    }
    for c in p.throughput.captures_iter(lower) {
        if let Some(mut f) = throughput_figure(lower, &c, false) {
            let mut bonus = gain_bonus(lower, f.span.end);
            if before(lower, f.span.start, 40).contains("currently") {
                bonus -= 1;
            }
            if author_marked(lower, f.span) {
                bonus -= 1;
            }
            // The author's tuned result after a change they made ("I increased batch size and
            // reached 5500 tokens per second"): the best tuned result beats the first one
            // (CLAIMS.md §1.6).
            let clause = before(lower, f.span.start, 80);
            let clause = clause.rsplit(['.', '\n']).next().unwrap_or(clause);
            if [
                "i increased",
                "we increased",
                "after increasing",
                "by increasing",
                "i raised",
                "we raised",
                "after tuning",
                "i tuned",
                "we tuned",
                "with tuning",
            ]
            .iter()
            .any(|w| clause.contains(w))
            {
                bonus -= 2;
            }
            // An interactivity target (`at an interactivity of 50 tokens/s/user`, `at 50
            // tok/s/user interactivity`) is a setting, not the result (CLAIMS.md §1.1, §3 Load).
            if before(lower, f.span.start, 32).contains("interactivity")
                || after(lower, f.span.end, 24)
                    .trim_start()
                    .starts_with("interactivity")
            {
                bonus += 2;
            }
            match llama_timing(lower, f.span.start) {
                Some(LlamaTiming::Sampling) => continue,
                // A rate printed while the request still ran ranks after its final summary.
                Some(LlamaTiming::Running) => bonus += 1,
                Some(LlamaTiming::Phase(kind, label)) => {
                    f.kind = kind;
                    f.kind_stated = true;
                    f.scope = Some(Scope::PerUser);
                    f.scope_stated = true;
                    f.label = Some(label.into());
                    // The request's own summary over its whole decode beats a running estimate
                    // (`tg = 32.79 t/s` printed while it ran): CLAIMS.md §1.6.
                    bonus -= 1;
                }
                None => {}
            }
            push(&mut cands, &mut taken, f, bonus);
        }
    }
    for c in p.tps.captures_iter(lower) {
        if let Some(f) = throughput_figure(lower, &c, true) {
            let bonus = gain_bonus(lower, f.span.end);
            push(&mut cands, &mut taken, f, bonus);
        }
    }
    for c in p.per_second_of.captures_iter(lower) {
        let Some(v) = num(&c[1]) else { continue };
        let span = whole(&c);
        let mut f = Figure::new(v, "tok/s", FigureKind::ThroughputUnspecified, span);
        // Paired with a time to first token: one request's view.
        if after(lower, span.end, 80).contains("first-token")
            || after(lower, span.end, 80).contains("first token")
        {
            f.kind = FigureKind::ThroughputPerUser;
            f.scope = Some(Scope::PerUser);
            f.kind_stated = true;
        }
        push(&mut cands, &mut taken, f, 0);
    }
    // Chinese per-second forms: `63.33 tokens / 秒`, `每秒1200 Token`, `8 token/秒`.
    if lower.contains('秒') {
        static ZH: OnceLock<Regex> = OnceLock::new();
        let re = ZH.get_or_init(|| {
            Regex::new(&format!(
                r"{NUM}\s*(k)?\s*(?:tokens?|toks?|トークン)\s*/\s*秒|每秒\s*(?:输出|生成)?\s*{NUM}\s*(k)?\s*(?:tokens?|个?\s*tokens?)|每秒\s*(?:输出|生成)?\s*(?:的)?\s*tokens?\s*(?:数|数量)?\s*(?:为|达到|达|是|超过|:|：|=)?\s*约?\s*{NUM}\s*(k)?"
            ))
            .expect("static pattern compiles")
        });
        for c in captures_near(lower, re, &["秒"], 64, 64) {
            // The number after the unit (`63.33 tokens / 秒`), after 每秒 (`每秒1200 Token`) or
            // after the words (`每秒输出 token 数为 1,050`).
            let (v, k) = match (c.get(1), c.get(3), c.get(5)) {
                (Some(v), _, _) => (v.as_str(), c.get(2)),
                (None, Some(v), _) => (v.as_str(), c.get(4)),
                (None, None, Some(v)) => (v.as_str(), c.get(6)),
                _ => continue,
            };
            let Some(mut v) = num(v) else { continue };
            if k.is_some() {
                v *= 1000.0;
            }
            let m = c.get(0).expect("group 0");
            let span = Span {
                start: m.start(),
                end: m.end(),
            };
            let pre = &lower[floor_boundary(lower, span.start.saturating_sub(40))..span.start];
            let mut f = Figure::new(v, "tok/s", FigureKind::ThroughputUnspecified, span);
            if pre.contains("输出") || m.as_str().contains("输出") || m.as_str().contains("生成")
            {
                f.kind = FigureKind::ThroughputOutput;
                f.kind_stated = true;
            }
            if pre.contains("总吞吐") {
                f.scope = Some(Scope::Aggregate);
                f.scope_stated = true;
            }
            f.scope = f.scope.or(scope_from_words(pre));
            push(&mut cands, &mut taken, settle(f), 0);
        }
    }
    for c in p.rate_units.captures_iter(lower) {
        let Some(v) = num(&c[1]) else { continue };
        let span = whole(&c);
        let mut f = Figure::new(v, "req/s", FigureKind::RequestRate, span);
        let samples = c[2].starts_with("sample");
        let said = scope_from_words(after(lower, span.end, 80));
        f.scope = said.or(Some(Scope::Aggregate));
        f.kind_stated = !samples;
        f.scope_stated = !samples || said.is_some();
        f.label = Some(c[2].to_string());
        // Progress-bar it/s is a running estimate; it never heads the claim.
        push(&mut cands, &mut taken, f, if &c[2] == "it" { 5 } else { 0 });
    }
    for c in p.ms_per_token.captures_iter(lower) {
        let Some(v) = num(&c[1]) else { continue };
        let span = whole(&c);
        // llama.cpp's `sample time` line: the sampler's cost per token, no decode latency;
        // its `prompt eval time` line: prefill time per prompt token, no TPOT either.
        let timing_line = {
            let from = floor_boundary(lower, span.start.saturating_sub(200));
            let line = &lower[from..span.start];
            line.rfind('\n').map_or(line, |i| &line[i + 1..])
        };
        if timing_line.contains("sample time") || timing_line.contains("prompt eval time") {
            continue;
        }
        let mut f = Figure::new(v, "ms/token", FigureKind::Tpot, span);
        f.scope = Some(Scope::PerUser);
        f.kind_stated = true;
        f.scope_stated = true;
        let bonus = if before(lower, span.start, 40).contains("currently") {
            -1
        } else {
            0
        };
        push(&mut cands, &mut taken, f, bonus);
    }
    for c in p
        .latency_before
        .captures_iter(lower)
        .chain(p.latency_is.captures_iter(lower))
    {
        let span = Span {
            start: span_of(&c, 2).start,
            end: whole(&c).end,
        };
        let Some(v) = num(&c[2]) else { continue };
        let kind = match &c[1] {
            k if k.starts_with("ttft") || k.starts_with("time") && k.contains("first") => {
                FigureKind::Ttft
            }
            k if k.starts_with("itl") || k.starts_with("inter") => FigureKind::Itl,
            k if k.starts_with("tpot") || k.starts_with("time per") => FigureKind::Tpot,
            // "Average latency per output token: 1.10 s" is a time per output token.
            _ if lower[c.get(1).map_or(0, |m| m.end())..span.start]
                .contains("per output token") =>
            {
                FigureKind::Tpot
            }
            // "next-token latency" is the time per output token, "first-token latency" the TTFT
            // (Intel's and others' names for them).
            "latency"
                if before(lower, whole(&c).start, 16).ends_with("next-token ")
                    || before(lower, whole(&c).start, 16).ends_with("next token ") =>
            {
                FigureKind::Tpot
            }
            "latency"
                if before(lower, whole(&c).start, 16).ends_with("first-token ")
                    || before(lower, whole(&c).start, 16).ends_with("first token ") =>
            {
                FigureKind::Ttft
            }
            _ => FigureKind::E2eLatency,
        };
        let unit = if c[3].starts_with('m') { "ms" } else { "s" };
        let mut f = Figure::new(v, unit, kind, span);
        f.scope = Some(Scope::PerUser);
        f.kind_stated = true;
        f.scope_stated = true;
        let pre = before(lower, span.start, 40);
        f.percentile = if pre.contains("average") || pre.contains("mean") {
            Some("mean".into())
        } else {
            None
        };
        // A change written with two latencies (`TPOT from 42 ms to 35 ms`): the end of the
        // change is a figure of the same kind (CLAIMS.md §1 rule 6: the tuned result).
        static TO: OnceLock<Regex> = OnceLock::new();
        let to = TO.get_or_init(|| {
            Regex::new(&format!(
                r"^\s*(?:to|→|->)\s*~?{NUM}\s*(ms|milliseconds?|s|sec|seconds)\b"
            ))
            .expect("static pattern compiles")
        });
        let end_of_change = to.captures(&lower[span.end..]).and_then(|t| {
            let n = t.get(1)?;
            let v = num(n.as_str())?;
            let u = if t[2].starts_with('m') { "ms" } else { "s" };
            let mut g = Figure::new(
                v,
                u,
                f.kind,
                Span {
                    start: span.end + n.start(),
                    end: span.end + t.get(0)?.end(),
                },
            );
            g.scope = f.scope;
            g.kind_stated = true;
            g.scope_stated = true;
            g.percentile = f.percentile.clone();
            Some(g)
        });
        push(&mut cands, &mut taken, f, 0);
        if let Some(g) = end_of_change {
            push(&mut cands, &mut taken, g, 0);
        }
    }
    for f in chinese_latencies(lower) {
        push(&mut cands, &mut taken, f, 0);
    }
    for c in p.latency_after.captures_iter(lower) {
        let span = whole(&c);
        let Some(v) = num(&c[1]) else { continue };
        let kind = if c[3].contains("first") || &c[3] == "ttft" {
            FigureKind::Ttft
        } else {
            FigureKind::E2eLatency
        };
        let unit = if c[2].starts_with('m') { "ms" } else { "s" };
        let mut f = Figure::new(v, unit, kind, span);
        f.scope = Some(Scope::PerUser);
        f.kind_stated = true;
        push(&mut cands, &mut taken, f, 0);
    }
    // Tokens per minute (`200-300K TPM`, `12,000 tokens per minute`): kept in their own unit,
    // `tok/min` (CLAIMS.md §1 rule 8), a range's low end as the value (rule 7).
    if lower.contains("tpm") || lower.contains("per minute") || lower.contains("/min") {
        static TPM: OnceLock<Regex> = OnceLock::new();
        let re = TPM.get_or_init(|| {
            Regex::new(&format!(
                r"{NUM}\s*(k|m)?(?:\s*(?:-|–|to)\s*{NUM}\s*(k|m)?)?\s*(?:tpm\b|tokens?\s*(?:/|per)\s*min(?:ute)?\b|toks?/min\b)"
            ))
            .expect("static pattern compiles")
        });
        for c in captures_near(lower, re, &["tpm", "per minute", "/min"], 48, 16) {
            let Some(lo) = c.get(1).and_then(|g| num(g.as_str())) else {
                continue;
            };
            let hi = c.get(3).and_then(|g| num(g.as_str()));
            let mult = |g: Option<regex_lite::Match>| match g.map(|m| m.as_str()) {
                Some("k") => 1000.0,
                Some("m") => 1e6,
                _ => 1.0,
            };
            let k_hi = mult(c.get(4));
            // `200-300K`: the suffix belongs to both ends.
            let k_lo = if c.get(2).is_some() {
                mult(c.get(2))
            } else {
                k_hi
            };
            let m = c.get(0).expect("group 0");
            let span = Span {
                start: m.start(),
                end: m.end(),
            };
            let mut f = Figure::new(
                lo * k_lo,
                "tok/min",
                FigureKind::ThroughputUnspecified,
                span,
            );
            f.value_high = hi.map(|h| h * k_hi);
            let pre = before(lower, span.start, 48);
            if let Some(k) = kind_from_words(pre) {
                f.kind = k;
                f.kind_stated = true;
            }
            // The words after it up to the next clause (`2.4M tokens/min on a 64×H100 cluster`).
            let post = after(lower, span.end, 48);
            let post = post.split([',', ';', '.']).next().unwrap_or(post);
            f.scope = scope_from_words(pre).or_else(|| scope_from_words(post));
            f.scope_stated = f.scope.is_some();
            push(&mut cands, &mut taken, settle(f), 0);
        }
    }
    // Tokens per millisecond (kept in their own unit, CLAIMS.md §1 rule 8) and prices per
    // million tokens (`$0.59 per 1M tokens`, kind `cost`).
    if lower.contains("/ms")
        || lower.contains("per ms")
        || lower.contains("millisecond")
        || lower.contains('$')
    {
        static OTHER: OnceLock<Regex> = OnceLock::new();
        let re = OTHER.get_or_init(|| {
            Regex::new(&format!(
                r"{NUM}\s*(?:tokens?|toks?)\s*(?:/|per)\s*(?:ms|millisecond)\b|\$\s*{NUM}\s*(?:/|per)\s*(?:1\s*m|1\s*million|million|1,000,000)\s*(?:output |input )?tokens?"
            ))
            .expect("static pattern compiles")
        });
        for c in captures_near(lower, re, &["/ms", "per ms", "millisecond", "$"], 48, 64) {
            let m = c.get(0).expect("group 0");
            let span = Span {
                start: m.start(),
                end: m.end(),
            };
            let f = if let Some(v) = c.get(1).and_then(|g| num(g.as_str())) {
                let mut f = Figure::new(v, "tok/ms", FigureKind::ThroughputUnspecified, span);
                let pre = before(lower, span.start, 48);
                if let Some(k) = kind_from_words(pre) {
                    f.kind = k;
                    f.kind_stated = true;
                }
                f.scope = scope_from_words(pre);
                settle(f)
            } else if let Some(v) = c.get(2).and_then(|g| num(g.as_str())) {
                let mut f = Figure::new(v, "usd/1M tokens", FigureKind::Cost, span);
                f.label = Some(m.as_str().to_string());
                f
            } else {
                continue;
            };
            push(&mut cands, &mut taken, f, 0);
        }
    }
    // Space-separated records (`tokens_per_sec 43.09`, `generation_tokens_per_second: 12.5`):
    // the key holds the unit.
    if lower.contains("_per_s") {
        static KEYED: OnceLock<Regex> = OnceLock::new();
        let re = KEYED.get_or_init(|| {
            Regex::new(&format!(
                r"\b((?:[a-z]+_)*tokens?_per_s(?:ec(?:ond)?)?)\b\s*[:=]?\s*{NUM}"
            ))
            .expect("static pattern compiles")
        });
        for c in captures_near(lower, re, &["_per_s"], 64, 40) {
            let Some(v) = num(&c[2]) else { continue };
            let m = c.get(0).expect("group 0");
            let key = c[1].replace('_', " ");
            let kind = kind_from_words(&key);
            let mut f = Figure::new(
                v,
                "tok/s",
                kind.unwrap_or(FigureKind::ThroughputUnspecified),
                Span {
                    start: m.start(),
                    end: m.end(),
                },
            );
            f.kind_stated = kind.is_some();
            f.label = Some(c[1].to_string());
            push(&mut cands, &mut taken, settle(f), 0);
        }
    }
    // `latency(ms) 432.51`, `TTFT (ms) 220`: the unit in parentheses before the number.
    if lower.contains("(ms)") || lower.contains("(s)") {
        static PAREN: OnceLock<Regex> = OnceLock::new();
        let re = PAREN.get_or_init(|| {
            Regex::new(&format!(
                r"\b(ttft|tpot|itl|e2e(?:[\s_]latency)?|latency)\s*\((ms|s)\)\s*[:=]?\s*{NUM}"
            ))
            .expect("static pattern compiles")
        });
        // Only around each `(ms)` / `(s)` (at most 64), not over the whole paste.
        let mut hits: Vec<usize> = lower
            .match_indices("(ms)")
            .chain(lower.match_indices("(s)"))
            .map(|(i, _)| i)
            .take(64)
            .collect();
        crate::stats::sort_usizes(&mut hits, &|a, b| a.cmp(&b));
        let mut last_end = 0;
        for h in hits {
            let from = floor_boundary(lower, h.saturating_sub(24)).max(last_end);
            let mut to = floor_boundary(lower, (h + 40).min(lower.len()));
            // Never inside the number, nor short of it when the gap is all padding (a tool
            // that pads its values to a column, trtllm-bench's `Total Latency (ms):` + 31
            // spaces + `77944.05`, would be read as 7794).
            let b = lower.as_bytes();
            if b[h..to].iter().all(|x| !x.is_ascii_digit()) {
                while b
                    .get(to)
                    .is_some_and(|x| matches!(x, b' ' | b'\t' | b':' | b'='))
                {
                    to += 1;
                }
            }
            while b
                .get(to)
                .is_some_and(|x| x.is_ascii_digit() || *x == b'.' || *x == b',')
            {
                to += 1;
            }
            if from >= to {
                continue;
            }
            let Some(c) = re.captures(&lower[from..to]) else {
                continue;
            };
            let Some(v) = num(&c[3]) else { continue };
            let m = c.get(0).expect("group 0");
            let m = Span {
                start: from + m.start(),
                end: from + m.end(),
            };
            last_end = m.end;
            let kind = match &c[1] {
                "ttft" => FigureKind::Ttft,
                "tpot" => FigureKind::Tpot,
                "itl" => FigureKind::Itl,
                _ => FigureKind::E2eLatency,
            };
            let mut f = Figure::new(
                v,
                &c[2],
                kind,
                Span {
                    start: m.start,
                    end: m.end,
                },
            );
            f.scope = Some(Scope::PerUser);
            f.kind_stated = true;
            push(&mut cands, &mut taken, f, 0);
        }
    }
    for c in p.request_rate.captures_iter(lower) {
        let span = whole(&c);
        if c.get(1).is_some() {
            continue; // "at 2 QPS": a condition, read with the setup.
        }
        let Some(v) = num(&c[2]) else { continue };
        // Per minute stays per minute (CLAIMS.md §2: req/s or req/min as written).
        let unit = if c.get(3).is_some() {
            "req/min"
        } else {
            "req/s"
        };
        let mut f = Figure::new(v, unit, FigureKind::RequestRate, span);
        f.scope = Some(Scope::Aggregate);
        f.kind_stated = true;
        push(&mut cands, &mut taken, f, 0);
    }
    // A throughput written without a unit, defined by a formula elsewhere in the text.
    for c in p.unitless_throughput.captures_iter(lower) {
        let Some(v) = c.get(2).and_then(|m| num(m.as_str())) else {
            continue;
        };
        let mut f = Figure::new(v, "tok/s", FigureKind::ThroughputUnspecified, whole(&c));
        // `TPS/user is 95`, `TPS per GPU: 2,100`: tokens per second with the scope it names.
        match c.get(1).map(|m| m.as_str()) {
            Some("user") => {
                f.kind = FigureKind::ThroughputPerUser;
                f.kind_stated = true;
                f.scope = Some(Scope::PerUser);
                f.scope_stated = true;
            }
            Some("gpu") => {
                f.scope = Some(Scope::PerGpu);
                f.scope_stated = true;
            }
            _ => {}
        }
        if let Some(i) = lower.find("throughput =") {
            let def = after(lower, i, 100);
            if def.contains("output tokens") {
                f.kind = FigureKind::ThroughputOutput;
                f.kind_stated = true;
            }
            if def.contains("batch") {
                f.scope = Some(Scope::Aggregate);
                f.scope_stated = true;
            }
        }
        push(&mut cands, &mut taken, f, 0);
    }
    // `label: number` lines under a heading that gives their unit (CLAIMS.md §1.5: the last
    // line shown heads, as in a table).
    let listed = unit_heading_list(lower);
    let n_listed = listed.len();
    for (k, f) in listed.into_iter().enumerate() {
        push(&mut cands, &mut taken, f, i32::from(k + 1 < n_listed));
    }
    // Table cells run together (`Q4_K_M108.3593.8 GB`): the first cell after the quant type, split
    // by the header's `Decode (t/s)`.
    if lower.contains("decode (t/s)") {
        for c in p.glued_gguf.captures_iter(lower) {
            let Some(v) = num(&c[2]) else { continue };
            let mut f = Figure::new(v, "tok/s", FigureKind::DecodeThroughput, span_of(&c, 2));
            f.scope = Some(Scope::PerUser);
            f.kind_stated = true;
            f.label = Some("decode (t/s)".into());
            push(&mut cands, &mut taken, f, 0);
        }
    }

    introduced_as_other(lower, &mut cands);
    title_marked(lower, &mut cands);
    summary_marked(lower, &mut cands);
    precise_twins(&mut cands);
    let discounted = Marks::new(lower, DISCOUNTED);
    let praised = Marks::new(lower, PRAISED);
    for c in cands.iter_mut() {
        c.prio += 2 * appraisal(lower, c.fig.span, &discounted, &praised);
        // A latency written as a bound (`TPOT < 50 ms`, `P99 TPOT ≤ 100 ms`, "below the 100 ms
        // threshold") is an SLO, not a result (CLAIMS.md §1.1): it heads only when the text
        // holds nothing else.
        if c.fig.kind.is_latency() && latency_bound(lower, c.fig.span) {
            c.prio += 6;
        }
    }
    // Running estimates (a progress bar): the last one is the closest to steady state.
    let running = lower.contains("est. speed");
    let key = |c: &Cand| {
        (
            c.prio,
            if running {
                usize::MAX - c.fig.span.start
            } else {
                c.fig.span.start
            },
        )
    };
    let order =
        crate::stats::stable_order(cands.len(), &|a, b| key(&cands[a]).cmp(&key(&cands[b])));
    crate::stats::apply_order(&mut cands, &order);
    let figures: Vec<Figure> = cands.into_iter().map(|c| c.fig).collect();
    // The same number said twice, once with its scope: keep the fuller one, merged.
    let mut figures = merge_unscoped_twins(figures);
    share_twin_kinds(&mut figures);
    mean_over_requests(&mut figures);
    figures
}

/// Where the words of a list occur in the text, found once in one pass over its bytes, so each
/// figure asks about its own window by binary search instead of searching it word by word
/// (a 100 KB paste holds thousands of figures).
struct Marks(Vec<(usize, usize)>);

impl Marks {
    fn new(lower: &str, words: &[&str]) -> Marks {
        // At each byte that starts some word, the words starting with it are compared there.
        let mut by_first: [u64; 256] = [0; 256];
        for (k, w) in words.iter().enumerate().take(64) {
            if let Some(&b) = w.as_bytes().first() {
                by_first[b as usize] |= 1 << k;
            }
        }
        let bytes = lower.as_bytes();
        let mut at = Vec::new();
        for (i, &b) in bytes.iter().enumerate() {
            let mut set = by_first[b as usize];
            while set != 0 {
                let k = set.trailing_zeros() as usize;
                set &= set - 1;
                let w = words[k].as_bytes();
                // The second byte first: most starts fail there, without a call to compare.
                if w.get(1).is_none_or(|c| bytes.get(i + 1) == Some(c)) && bytes[i..].starts_with(w)
                {
                    at.push((i, i + w.len()));
                }
            }
        }
        Marks(at)
    }
    /// The start of the last word lying wholly in `[from, to)`.
    fn last_in(&self, from: usize, to: usize) -> Option<usize> {
        let k = self.0.partition_point(|&(s, _)| s < to);
        self.0[..k]
            .iter()
            .rev()
            .take_while(|&&(s, _)| s >= from)
            .find(|&&(_, e)| e <= to)
            .map(|&(s, _)| s)
    }
}

/// Words that, in the clause just before a figure, introduce another setup's result: the other
/// side of a comparison ("vs", "compared to", "than", "whereas", "while"), a baseline or a
/// competitor, hearsay ("someone", "reportedly"), an official figure (官方) (CLAIMS.md §1.5:
/// in a comparison the first result stated is the subject; §4).
const OTHER_SIDE: &[&str] = &[
    " vs",
    "versus",
    "compared to",
    "compared with",
    "comparison",
    " than ",
    "whereas",
    "baseline",
    "competitor",
    "instead of",
    "someone",
    "reportedly",
    "对比",
    "相比",
    "官方",
];

/// CLAIMS.md §1.5 (comparison) and §4: a figure whose own clause (the words after the figure or
/// clause break before it: `,`, `;`, `. `, a line end) opens with a comparison, baseline or
/// hearsay word is another setup's result and ranks one step after the text's own (`58 tok/s
/// on X, whereas GPU providers average 25 tok/s`: 25 is not the subject). "While" is not one:
/// it joins two metrics of one setup as often ("40 tok/s per user while the server pushes
/// 3,200 in total"). Linear: the figures
/// are sorted once and each looks back at most 100 bytes.
fn introduced_as_other(lower: &str, cands: &mut [Cand]) {
    let marks = Marks::new(lower, OTHER_SIDE);
    if marks.0.is_empty() {
        return;
    }
    let order = crate::stats::stable_order(cands.len(), &|a, b| {
        cands[a].fig.span.start.cmp(&cands[b].fig.span.start)
    });
    let mut prev_end = 0;
    for &i in &order {
        let span = cands[i].fig.span;
        let start = span.start.min(lower.len());
        let from = floor_boundary(lower, start.saturating_sub(100)).max(prev_end.min(start));
        let from = floor_boundary(lower, from);
        let window = &lower[from..start];
        let clause_at = window
            .rfind([',', ';', '\n', '，', '；', '。'])
            .map_or(from, |j| from + j);
        let clause_at = lower[clause_at..start]
            .rfind(". ")
            .map_or(clause_at, |j| clause_at + j + 1);
        // The clause's own words (a leading space of ` vs` may sit just before it).
        if marks.last_in(clause_at.saturating_sub(1), start).is_some() {
            cands[i].prio += 2;
        }
        prev_end = prev_end.max(span.end);
    }
}

/// The text's title: its first line when that reads as one (a single phrase or sentence of at
/// most 200 bytes with no `. ` inside, not a table row or a label ending in `:`) and more text
/// follows it. Returns its byte range.
pub(super) fn title_span(lower: &str) -> Option<Span> {
    let first_end = lower.find('\n')?;
    let line = &lower[..first_end];
    let t = line.trim();
    let rest = &lower[first_end..];
    let one_phrase = !t.trim_end_matches('.').contains(". ") && !t.contains("。");
    let body = rest.trim().len() >= 40;
    // A record line (`Throughput: 5.99 requests/s`, `batch 1, input 128: **30 tok/s**`): a
    // label of a few words or settings with its value right after the colon.
    let record = t.split_once(':').is_some_and(|(label, value)| {
        let value = value.trim_start_matches([' ', '*', '~']);
        value.starts_with(|c: char| c.is_ascii_digit())
            && (label.split_whitespace().count() <= 3 || label.contains(','))
    });
    // What follows a title is a blank line or prose (a subtitle, a paragraph), not a tool's
    // block or a table; elided lines (`...`) are skipped.
    let next = rest
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.chars().all(|c| c == '.' || c == '…' || c == ' '));
    let blank_after = rest.trim_start_matches([' ', '\t']).starts_with("\n\n")
        || rest.starts_with("\n\n")
        || rest.starts_with("\r\n\r\n");
    let prose_after = next.is_some_and(|l| {
        l.starts_with(|c: char| c.is_alphabetic() || c == '#' || c == '>') && !l.contains('|')
    });
    // A log or listing line (`llama_perf_context_print: prompt eval time = …`, `INFO: …`,
    // `key = value`; a title's `TP=8` is no such line), or a first line the next one repeats the start of, is output, not a title.
    let head = t.split(':').next().unwrap_or("");
    let log = t.contains(" =")
        || (t.contains(':') && (head.contains('_') || !head.contains(' ')) && head.len() < t.len())
        || next.is_some_and(|l| {
            let n = t.len().min(l.len()).min(8);
            n >= 4 && t.get(..n).is_some() && t.get(..n) == l.get(..n)
        });
    (!record
        && !log
        && (blank_after || prose_after)
        && t.len() >= 8
        && line.len() <= 200
        && one_phrase
        && body
        && !t.contains('|')
        && !t.contains('\t')
        && !t.ends_with(':')
        && !t.ends_with('：'))
    .then_some(Span {
        start: 0,
        end: first_end,
    })
}

/// True when `v` is written with fewer significant digits than `precise` and lies within 5% of
/// it: the same result rounded (`4500` for 4,520; `2.5 million` for 2.49 million).
pub(super) fn rounds_to(v: f64, precise: f64) -> bool {
    let digits = |x: f64| {
        let mut m = x.abs();
        if m == 0.0 || !m.is_finite() {
            return 0;
        }
        while m >= 1.0 && (m / 10.0).fract() == 0.0 {
            m /= 10.0;
        }
        let s = format!("{m}");
        s.chars().filter(|c| c.is_ascii_digit()).count()
    };
    precise > 0.0 && (v - precise).abs() <= 0.05 * precise && digits(v) < digits(precise)
}

/// CLAIMS.md §1 rule 2: a figure in the text's title is the one its author marks (one step
/// ahead). When the body states the same result more precisely (a token rate of the same unit
/// within 5% of the title's, written with more digits: "4500 tokens/s" in the title, 4,520 in
/// the body; "surpasses 1M" and 1,042,110), or repeats it with the words around it, the body's
/// figure takes the mark instead.
fn title_marked(lower: &str, cands: &mut [Cand]) {
    let Some(title) = title_span(lower) else {
        return;
    };
    let in_title: Vec<usize> = (0..cands.len())
        .filter(|&i| cands[i].fig.span.end <= title.end)
        .collect();
    // Only a title with one figure of a kind marks it (several are a comparison or a list).
    if in_title.is_empty() || in_title.len() > 2 {
        return;
    }
    for &i in &in_title {
        let t = cands[i].fig.clone();
        let twin = (0..cands.len())
            .filter(|&j| {
                let f = &cands[j].fig;
                f.span.start >= title.end
                    && f.unit == t.unit
                    && f.kind.is_throughput() == t.kind.is_throughput()
                    && !f.derived
                    && (rounds_to(t.value, f.value) || t.value == f.value)
            })
            .min_by_key(|&j| cands[j].prio);
        match twin {
            Some(j) => cands[j].prio -= 2,
            None => cands[i].prio -= 2,
        }
    }
}

/// True when `v` is `precise` rounded to `v`'s own last digit (9,100 from 9,137; 2.5 million
/// from 2.49 million; not 32.3 from 32.79) and within 2% of it.
fn rounds_exactly(v: f64, precise: f64) -> bool {
    if !(v > 0.0 && precise > 0.0) || v == precise || (v - precise).abs() > 0.02 * precise {
        return false;
    }
    // The place of `v`'s last significant digit; a one-digit figure (`10`, `2K`) is a round
    // number, not a rounding.
    let mut step = 1e-6;
    for e in (-6..=9).rev() {
        let m = 10f64.powi(e);
        if ((v / m).round() * m - v).abs() <= 1e-9 * v.max(1.0) {
            step = m;
            break;
        }
    }
    if v / step < 10.0 {
        return false;
    }
    ((precise / step).round() * step - v).abs() <= 1e-9 * v.max(1.0)
}

/// True when the words just before a latency's number bound it (`<`, `≤`, `<=`, "under",
/// "below", "at most", "within", "less than", "no more than") or the words after name it a
/// threshold, an SLO or a target.
fn latency_bound(lower: &str, span: Span) -> bool {
    let start = span.start.min(lower.len());
    let pre = lower[floor_boundary(lower, start.saturating_sub(60))..start].trim_end();
    // The number itself may be inside the span (`TPOT < 50 ms`: the span starts at `tpot`).
    let inner = &lower[start..span.end.min(lower.len())];
    let digit = inner.find(|c: char| c.is_ascii_digit()).unwrap_or(0);
    let head = format!("{pre} {}", inner[..digit].trim_end());
    let head = head.trim_end();
    let bounded = [
        "<",
        "≤",
        "<=",
        "under",
        "below",
        "at most",
        "within",
        "less than",
        "no more than",
        "up to",
        "under the",
        "below the",
        "within the",
    ]
    .iter()
    .any(|w| head.ends_with(w));
    let end = span.end.min(lower.len());
    let post = &lower[end..floor_boundary(lower, (end + 40).min(lower.len()))];
    let post = post.split(['.', ';', '\n', ',']).next().unwrap_or("");
    let named = ["threshold", "slo", "target", "budget", "limit"]
        .iter()
        .any(|w| post.contains(w));
    bounded || named
}

/// A rounded figure (`9.1K output tokens/s` in an abstract) and its precise form elsewhere
/// (`9,137 output tokens/s` in the results): the precise one is the measurement, with its own
/// sentence's setup (CLAIMS.md §1: a rounded summary vs the precise body). The rounded one
/// yields its rank to its twin.
fn precise_twins(cands: &mut [Cand]) {
    for a in 0..cands.len() {
        if cands[a].fig.value_high.is_some() {
            continue;
        }
        let twin = (0..cands.len()).find(|&b| {
            let (x, y) = (&cands[a].fig, &cands[b].fig);
            // Cheap tests first: a twin is within 2% (the loop is over every pair).
            b != a
                && (x.value - y.value).abs() <= 0.02 * y.value.abs()
                && x.value != y.value
                && x.unit == y.unit
                && x.kind == y.kind
                && !y.derived
                && x.value_high.is_none()
                && rounds_exactly(x.value, y.value)
        });
        if let Some(b) = twin {
            let p = cands[a].prio;
            cands[b].prio = cands[b].prio.min(p);
            cands[a].prio = p + 1;
        }
    }
}

/// CLAIMS.md §1 rule 2, the mark after the figure: "~27 t/s is what I'm getting day to day",
/// "40 tok/s is what we see in production". The marked figure, or the precise figure it rounds
/// (27.3 for "~27"), takes the mark.
fn summary_marked(lower: &str, cands: &mut [Cand]) {
    const MARKS: &[&str] = &[
        "is what i'm getting",
        "is what i am getting",
        "is what i get",
        "is what we get",
        "is what we're getting",
        "is what we are getting",
        "is what i see",
        "is what we see",
    ];
    let marked: Vec<usize> = (0..cands.len())
        .filter(|&i| {
            let end = cands[i].fig.span.end.min(lower.len());
            let after = &lower[end..floor_boundary(lower, (end + 40).min(lower.len()))];
            let after = after.trim_start();
            // The unit may stand between (`~27 t/s is what…`).
            let after = after
                .split_once(" is what")
                .filter(|(unit, _)| unit.len() <= 12 && !unit.contains(['.', ',', '\n']))
                .map_or(after, |(_, rest)| {
                    &after[after.len() - rest.len() - " is what".len()..]
                });
            MARKS.iter().any(|m| after.starts_with(m))
        })
        .collect();
    for i in marked {
        let t = cands[i].fig.clone();
        let twin = (0..cands.len())
            .filter(|&j| {
                let f = &cands[j].fig;
                j != i
                    && f.unit == t.unit
                    && f.kind.is_throughput() == t.kind.is_throughput()
                    && !f.derived
                    && rounds_to(t.value, f.value)
            })
            .min_by_key(|&j| cands[j].prio);
        match twin {
            Some(j) => cands[j].prio -= 2,
            None => cands[i].prio -= 2,
        }
    }
}

/// A label's words without its statistic (`Median output tokens/second` and `Mean output
/// tokens/second` share `output tokens second`).
fn label_stem(label: &str) -> String {
    const STATS: &[&str] = &[
        "mean", "average", "avg", "median", "p50", "p90", "p95", "p99", "min", "max", "std",
    ];
    label
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty() && !STATS.contains(w))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A token rate given as a distribution (a median or percentile beside the mean of the same
/// label) is over requests, each request's own rate (CLAIMS.md §2: per user); its mean is then
/// the mean request's rate, not the run's throughput, and per user too.
fn mean_over_requests(figures: &mut [Figure]) {
    let spread: Vec<String> = figures
        .iter()
        .filter(|f| f.kind.is_throughput() && f.scope == Some(Scope::PerUser))
        .filter_map(|f| f.label.as_deref())
        .filter(|l| {
            ["median", "p50", "p90", "p95", "p99"]
                .iter()
                .any(|w| l.contains(w))
        })
        .map(label_stem)
        .collect();
    if spread.is_empty() {
        return;
    }
    for f in figures.iter_mut() {
        let Some(l) = f.label.as_deref() else {
            continue;
        };
        let mean = ["mean", "average", "avg"].iter().any(|w| l.contains(w));
        if mean
            && f.kind.is_throughput()
            && f.scope != Some(Scope::PerUser)
            && spread.contains(&label_stem(l))
        {
            f.scope = Some(Scope::PerUser);
            f.scope_stated = true;
            *f = settle(f.clone());
        }
    }
}

/// The same token rate written twice (a title and its sentence, `每秒1200 Token` then
/// `输出吞吐 … 每秒1200 Token`) is one figure: where one place says which tokens (output,
/// total, decode…) and the other does not, the unqualified one takes the kind (and, if it has
/// none, the scope) that the other place gives.
fn share_twin_kinds(figures: &mut [Figure]) {
    for i in 0..figures.len().min(64) {
        if figures[i].kind != FigureKind::ThroughputUnspecified || figures[i].kind_stated {
            continue;
        }
        let twin = figures.iter().enumerate().find(|(j, g)| {
            *j != i
                && g.kind_stated
                && g.kind.is_throughput()
                && g.kind != FigureKind::ThroughputUnspecified
                && g.value == figures[i].value
                && g.value_high == figures[i].value_high
                && g.unit == figures[i].unit
                && !g.derived
        });
        if let Some((_, g)) = twin {
            let (kind, scope) = (g.kind, g.scope);
            let f = &mut figures[i];
            f.kind = kind;
            f.kind_stated = true;
            if f.scope.is_none() {
                f.scope = scope;
            }
        }
    }
}

/// Each unscoped throughput figure with the same value and unit as a scoped one is merged into
/// the first such scoped figure, which takes the place of the earliest of them.
fn merge_unscoped_twins(figures: Vec<Figure>) -> Vec<Figure> {
    use std::collections::HashMap;
    let key = |f: &Figure| (f.value.to_bits(), f.unit.clone());
    // The first scoped throughput figure of each value and unit.
    let mut keep_of: HashMap<(u64, String), usize> = HashMap::new();
    for (j, f) in figures.iter().enumerate() {
        if f.scope.is_some() && f.kind.is_throughput() {
            keep_of.entry(key(f)).or_insert(j);
        }
    }
    if keep_of.is_empty() {
        return figures;
    }
    // For each unscoped twin, the figure it merges into; for each kept figure, where it goes.
    let twin_of: Vec<Option<usize>> = figures
        .iter()
        .map(|f| {
            (f.scope.is_none() && f.kind.is_throughput())
                .then(|| keep_of.get(&key(f)).copied())
                .flatten()
        })
        .collect();
    let mut slot: HashMap<usize, usize> = keep_of.values().map(|&j| (j, j)).collect();
    for (i, t) in twin_of.iter().enumerate() {
        if let Some(j) = t {
            let s = slot.get_mut(j).expect("kept figure has a slot");
            *s = (*s).min(i);
        }
    }
    let mut figures: Vec<Option<Figure>> = figures.into_iter().map(Some).collect();
    for i in 0..figures.len() {
        if let Some(j) = twin_of[i] {
            let gone = figures[i].take().expect("each twin merges once");
            let keep = figures[j].as_mut().expect("kept figures stay");
            if gone.kind_stated && !keep.kind_stated {
                keep.kind_stated = true;
                if keep.kind == FigureKind::ThroughputUnspecified {
                    keep.kind = gone.kind;
                }
            }
            if keep.scope == Some(Scope::PerUser) && keep.kind.is_throughput() {
                keep.kind = FigureKind::ThroughputPerUser;
            }
        }
    }
    let mut at_slot: HashMap<usize, usize> = slot.iter().map(|(&j, &s)| (s, j)).collect();
    let mut out = Vec::with_capacity(figures.len());
    for i in 0..figures.len() {
        if let Some(j) = at_slot.remove(&i) {
            out.push(figures[j].take().expect("kept figure placed once"));
        } else if let Some(f) = figures[i].take() {
            out.push(f);
        }
    }
    out
}

/// Tool names, log lines and flags that belong to one engine, for a text that never names it:
/// (marker, runtime id). Each is the engine's own (its benchmark tool, its log format, a flag
/// no other engine has).
const ENGINE_MARKS: &[(&str, &str)] = &[
    ("print_timing", "llama.cpp"),
    ("llama_print_timings", "llama.cpp"),
    ("llama_perf_context_print", "llama.cpp"),
    ("batched-bench", "llama.cpp"),
    ("gptsessionbenchmark", "tensorrt-llm"),
    ("gptmanagerbenchmark", "tensorrt-llm"),
    ("trtllm-bench", "tensorrt-llm"),
    ("--cpu_infer", "ktransformers"),
    ("bench_one_batch", "sglang"),
    // llama.cpp's `llama-batched-bench` table columns.
    ("s_tg t/s", "llama.cpp"),
    // vLLM's offline benchmark scripts (`benchmark_serving.py` is not one: JetStream and
    // others ship their own under that name).
    ("benchmark_throughput.py", "vllm"),
    ("benchmark_latency.py", "vllm"),
    // LMDeploy's benchmark script and its TurboMind engine.
    ("profile_throughput.py", "lmdeploy"),
    ("profile_restful_api.py", "lmdeploy"),
    ("turbomind", "lmdeploy"),
    // `ollama run --verbose` prints its timings as `load duration:` … `eval rate:`.
    ("load duration:", "ollama"),
    // `mlx_lm.generate` prints `Generation: N tokens, R tokens-per-sec`.
    ("tokens-per-sec", "mlx"),
];

/// How the words around a figure place it (CLAIMS.md §1), as a priority step (lower heads):
/// after an arrow it is the improved result (rule 6, -1); before an arrow it is the baseline
/// (+1); a rounded threshold ("over 4,500", "1000+", "more than"), a limit or target ("SLO",
/// "target", "limit") or a peak is not the measured result when another is given (rules 1, 3:
/// +1).
fn standing(lower: &str, span: Span) -> i32 {
    let start = span.start.min(lower.len());
    let end = span.end.min(lower.len()).max(start);
    let pre = lower[floor_boundary(lower, start.saturating_sub(24))..start].trim_end();
    let pre = pre.trim_end_matches(['~', '*', '"', ':', ' ']);
    let post = lower[end..].trim_start();
    // What the arrow leads from: a setting (`conc=4 → 219 TPS/GPU`) maps a configuration to
    // its result, not a baseline to an improvement.
    let from_setting = || {
        let head = pre
            .trim_end_matches(['→', '-', '=', '>'])
            .trim_end()
            .rsplit([' ', '('])
            .next()
            .unwrap_or("");
        head.contains('=') || head.contains(':')
    };
    if (pre.ends_with('→') || pre.ends_with("->") || pre.ends_with("=>")) && !from_setting() {
        // The end of a chain of improvements (`1820 → 3120`, later `3120 → 4520`) is the best
        // tuned result.
        // The chain goes on when this value starts a later link (`3120 → 4520`).
        let written = &lower[start..end];
        let n = written
            .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
            .unwrap_or(written.len());
        let number = &written[..n];
        let later = !number.is_empty()
            && lower[end..].match_indices(number).any(|(i, _)| {
                let rest = lower[end + i + n..].trim_start_matches([' ', '~']);
                let rest = rest
                    .trim_start_matches(|c: char| c.is_ascii_alphabetic() || c == '/' || c == ' ');
                rest.starts_with('→') || rest.starts_with("->")
            });
        return if later { -1 } else { -2 };
    }
    let mut step = 0;
    // Before an arrow, or before `to` and another number (`from 1,900 tok/s to 2,600 tok/s`):
    // the baseline or a step of a change, not where it ends (rule 6).
    let to_number = post.strip_prefix("to ").is_some_and(|r| {
        r.trim_start_matches(['~', ' '])
            .starts_with(|ch: char| ch.is_ascii_digit())
    });
    if post.starts_with('→') || post.starts_with("->") || to_number {
        step += 1;
    }
    // `up from 2,907 tokens/s`, `from 1,200 tokens/s to …`: the baseline of a change (rule 6).
    if pre.ends_with(" from") || pre == "from" {
        step += 1;
    }
    let threshold = [
        "over",
        "more than",
        "surpasses",
        "surpassing",
        "exceeds",
        "exceeding",
        "above",
        "beyond",
        "up to",
        "nearly",
        "almost",
        "under",
        "less than",
        "at least",
        "<",
        ">",
        "peak",
        "target",
        "slo",
        "limit",
    ];
    // A round number named as a barrier or mark to pass ("breaking the 1,000 tokens per
    // second barrier") is a threshold too.
    let post_words = &post[..floor_boundary(post, post.len().min(24))];
    let barrier = ["barrier", "mark", "milestone"]
        .iter()
        .any(|w| post_words.contains(w));
    // `70+ tokens per second`: the `+` is inside the figure's own match.
    let written = &lower[start..end];
    let digits = written
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
        .unwrap_or(written.len());
    let plus = written[digits..].trim_start().starts_with('+');
    // Chinese "not even" / "or more" after the figure (`0.1 tokens/s都不到`, `1000 tokens/s以上`).
    let cn_bound = ["都不到", "不到", "以上"]
        .iter()
        .any(|w| post.starts_with(w));
    if threshold.iter().any(|w| pre.ends_with(w))
        || cn_bound
        || barrier
        || plus
        || post.starts_with('+') && !post.starts_with("+%")
    {
        step += 1;
    }
    step
}

/// The 400 bytes before `start` (a 100 KB paste on one line stays linear), or None when the
/// figure's own line up to it is a table row (holds a `|`): its words are the table's.
fn prose_before(lower: &str, start: usize) -> Option<&str> {
    let back = &lower[floor_boundary(lower, start.saturating_sub(400))..start];
    let line_from = back.rfind('\n').map_or(0, |i| i + 1);
    (!back[line_from..].contains('|')).then_some(back)
}

/// True when a figure stands in the text's stated conclusion (CLAIMS.md §1.2, "result"): on a
/// prose line (no table `|`) under or after a conclusion word within the three lines before it
/// (`結論（3行）`, `结论：`, "TL;DR", "Summary", "Key results", "Bottom line").
fn in_conclusion(lower: &str, span: Span) -> bool {
    const WORDS: &[&str] = &[
        "結論",
        "结论",
        "总结",
        "まとめ",
        "결론",
        "요약",
        "tl;dr",
        "tldr",
        "conclusion",
        "summary:",
        "## summary",
        "key result",
        "key takeaway",
        "bottom line",
    ];
    let start = span.start.min(lower.len());
    let Some(back) = prose_before(lower, start) else {
        return false;
    };
    // The figure's line and the two lines above it.
    let near = back
        .rmatch_indices('\n')
        .nth(2)
        .map_or(back, |(i, _)| &back[i..]);
    WORDS.iter().any(|w| near.contains(w))
}

/// CLAIMS.md §1 rule 2: the author marks a figure as their own result ("I got", "we get",
/// "we achieved", "we measured", "we reached") in the words just before it (at most 120 bytes,
/// across a line break into a pasted output block), with no other rate figure between the mark
/// and it. A figure on a table line (`|`) is left to the table rules.
pub(super) fn author_marked(lower: &str, span: Span) -> bool {
    const MARKS: &[&str] = &[
        "i got",
        "i get",
        "we got",
        "we get",
        "we achieved",
        "we achieve",
        "i achieved",
        "we measured",
        "i measured",
        "we reached",
        "i reached",
        // The same marks with a hedge or in the progressive ("I only get", "we are getting").
        "i only get",
        "i only got",
        "we only get",
        "we only got",
        "i'm getting",
        "i am getting",
        "i'm only getting",
        "i am only getting",
        "we're getting",
        "we are getting",
        "we observed",
        "i observed",
        "we obtained",
        "we saw",
        "i saw",
        // The author's own number set against someone else's ("NVIDIA claims X, but our
        // measured number was Y").
        "our measured",
        "our measurement",
        "our result",
        "our number",
        "my measured",
        "my result",
        // The author's own setup named before the result ("In our setting (4×RTX 4090, …),
        // ExLlamaV2 reaches 1,436 tokens/s").
        "in our setting",
        "in our setup",
        "in our tests",
        "in our experiments",
    ];
    let start = span.start.min(lower.len());
    if prose_before(lower, start).is_none() {
        return false;
    }
    let from = floor_boundary(lower, start.saturating_sub(120));
    let window = &lower[from..start];
    let Some(end) = MARKS
        .iter()
        .filter_map(|m| {
            window
                .rfind(m)
                .filter(|&i| {
                    // A whole word: not "ai got", "we getting".
                    let before_ok =
                        i == 0 || !window[..i].ends_with(|c: char| c.is_ascii_alphanumeric());
                    let after_ok =
                        !window[i + m.len()..].starts_with(|c: char| c.is_ascii_alphanumeric());
                    before_ok && after_ok
                })
                .map(|i| i + m.len())
        })
        .max()
    else {
        return false;
    };
    let between = &window[end..];
    let last_rate = between.char_indices().rfind(|&(j, c)| {
        if !c.is_ascii_digit() {
            return false;
        }
        let rest = between[j + 1..].trim_start();
        !between[j + 1..].starts_with(|d: char| d.is_ascii_digit() || d == '.' || d == ',')
            && [
                "tok/s",
                "tokens/s",
                "tokens per s",
                "t/s",
                "tps",
                "tok/sec",
                "tokens/sec",
            ]
            .iter()
            .any(|u| rest.starts_with(u))
    });
    // A rate between the mark and the figure: the figure shares the mark when the two are
    // joined by "and" in one sentence ("I get 35 t/s for a single user and ~600 t/s aggregate
    // with 32 requests"); the usual order then chooses between them.
    last_rate.is_none_or(|(j, _)| {
        let joint = &between[j..];
        joint.contains(" and ")
            && !joint.contains(['\n', ';'])
            && !joint.contains(". ")
            && ![" but ", " while ", " whereas ", " vs", "compared"]
                .iter()
                .any(|w| joint.contains(w))
    })
}

/// Words that make a sentence advice, not a report of the run (CLAIMS.md §4: a suggestion, "try
/// TP=4", is not the claim's condition).
const ADVICE: &[&str] = &[
    "suggest",
    "recommend",
    "start with",
    "try ",
    "should",
    "consider ",
    "experiment with",
    "aim to",
];

/// True when the sentence around `span` (80 bytes before, 60 after, within its clause breaks)
/// gives advice ([`ADVICE`], found once in `marks`): a setting written there is not the load
/// the figure ran at.
fn advice(lower: &str, span: Span, marks: &Marks) -> bool {
    if marks.0.is_empty() {
        return false;
    }
    let start = span.start.min(lower.len());
    let end = span.end.min(lower.len()).max(start);
    let from = start - before(lower, start, 80).len();
    let to = end + after(lower, end, 60).len();
    marks.last_in(from, start).is_some() || marks.last_in(end, to).is_some()
}

/// Words before a figure, in its sentence, that mark it as the author's own result (CLAIMS.md
/// §1 rule 2: evaluative words tied to one figure).
const PRAISED: &[&str] = &["best ", "record", "fastest", "headline", "key result"];

/// Words around a figure, in its sentence, that mark it as not measured or not yet valid: an
/// estimate, a projection, an expectation, a result its author does not stand behind (CLAIMS.md
/// §1 rules 1 and 6: a measured result beats a target, an extrapolation or a derived value).
const DISCOUNTED: &[&str] = &[
    "not yet certified",
    "not certified",
    "uncertified",
    "directional",
    "preliminary",
    "projected",
    "projection",
    "extrapolat",
    "theoretical",
    "expected",
    "estimate",
    "would ",
    // Someone else's earlier result ("Prior work reports 1,200 tokens/s … [12]").
    "prior work",
    "previous work",
    "related work",
    // Another configuration tried after the first (`换成 Q8_0 之后 tg128 掉到 17.9`).
    "换成",
    "switching to",
    "switched to",
    // A suggestion to the reader ("you should be able to hit ~1,500 tok/s").
    "should be able to",
    "you should see",
    "you should get",
    "you could get",
    "you'd get",
    // CLAIMS.md §1 rule 3: never the peak.
    "maximum throughput of",
    "max throughput of",
    "peak output",
    "peak throughput",
    "peak token",
    "peak tok",
    "peak speed",
    "peak decode",
    "peak generation",
    "maximum speed",
    "max speed",
    // CLAIMS.md §1 rule 6: the baseline a text improves on.
    "before tuning",
    "before optimiz",
    "before optimis",
    "before the fix",
    "before the change",
    "before:",
];

/// How the words of a figure's sentence appraise it, as a priority step: -1 when they praise it
/// as the result ([`PRAISED`], at most 100 bytes before it, in its clause), +1 when they discount it
/// ([`DISCOUNTED`], 100 bytes before or 40 after), else 0. A figure both praised and discounted
/// ("best projected") is discounted.
fn appraisal(lower: &str, span: Span, discounted: &Marks, praised: &Marks) -> i32 {
    if baseline_line(lower, span.start) {
        return 1;
    }
    if discounted.0.is_empty() && praised.0.is_empty() {
        // A record or a leading number named after the figure needs no praise word of the list.
        return -i32::from(record_after(lower, span.end.min(lower.len())));
    }
    let start = span.start.min(lower.len());
    let end = span.end.min(lower.len()).max(start);
    // A labelled figure's match may take the line break after its value: the words after it
    // start on its own line, never the next one (`Output token throughput: 1125.41` then `Peak
    // output token throughput: 1376` does not discount the 1125.41).
    let end = start + lower[start..end].trim_end().len();
    let from = floor_boundary(lower, start.saturating_sub(100));
    let pre = &lower[from..start];
    let from = pre.rfind(['\n', '|', ';']).map_or(from, |j| from + j + 1);
    let pre = &lower[from..start];
    // The sentence: cut after the last `.`, `?` or `!` that a space follows.
    let from = pre
        .rmatch_indices(['.', '?', '!'])
        .find(|(i, _)| pre[i + 1..].starts_with(' '))
        .map_or(from, |(i, _)| from + i + 1);
    let post = &lower[end..floor_boundary(lower, end + 40)];
    let post = post.split(['\n', '|', ';']).next().unwrap_or("");
    let stop = post
        .match_indices(['.', '?', '!'])
        .find(|(i, _)| post[i + 1..].starts_with(' '))
        .map_or(post.len(), |(i, _)| i);
    // A discounting word before the figure speaks of it only when no other rate figure stands
    // between them ("peak throughput was 5,100 tok/s but the sustained rate was 4,300 tok/s":
    // the peak is the 5,100).
    let discounted_before = discounted
        .last_in(from, start)
        .is_some_and(|i| !holds_rate(&lower[i..start]));
    if discounted_before || discounted.last_in(end, end + stop).is_some() {
        1
    } else if praised.last_in(from, start).is_some_and(|i| {
        // Tied to this figure: no clause break (`,`) between the word and it ("at par with the
        // best submitters, …, with 847 tokens/s" praises others).
        !lower[i..start].contains([',', '，', ';'])
    }) || record_after(lower, end)
    {
        -1
    } else {
        0
    }
}

/// True when the figure's line is led by a label that names the baseline of a comparison
/// (CLAIMS.md §1 rule 6), which covers every figure on the line: `before:` or `baseline:`
/// always; `main:`, `master:`, `old:` or `original:` when another line is led by the change
/// (`after:`, `this pr:`, `pr:`, `new:`, `patched:`, `optimized:`, `branch:`).
fn baseline_line(lower: &str, start: usize) -> bool {
    // The line's label: the words before a colon in its first 24 bytes.
    fn lead(line: &str) -> Option<&str> {
        let t = line.trim_start_matches([' ', '\t', '-', '*', '`', '>']);
        let head = &t[..floor_boundary(t, t.len().min(24))];
        let (label, _) = head.split_once(':')?;
        (label.len() <= 20).then(|| label.trim().trim_matches('*'))
    }
    // The line up to the figure, at most 240 bytes back (a longer line is no `before:` record).
    let Some(line) = line_to(lower, start.min(lower.len()), 240, &['\n']) else {
        return false;
    };
    let Some(label) = lead(line) else {
        return false;
    };
    match label {
        "before" | "baseline" => true,
        "main" | "master" | "old" | "original" => lower.lines().take(400).any(|l| {
            lead(l).is_some_and(|o| {
                [
                    "after",
                    "this pr",
                    "pr",
                    "new",
                    "patched",
                    "optimized",
                    "optimised",
                    "branch",
                ]
                .contains(&o)
            })
        }),
        _ => false,
    }
}

/// True when the figure's own clause calls it a record after it ("250 tokens per second per user
/// on the full model — a world record —"): within 80 bytes, before any other number.
fn record_after(lower: &str, end: usize) -> bool {
    let end = end.min(lower.len());
    let post = &lower[end..floor_boundary(lower, (end + 80).min(lower.len()))];
    let clause = post
        .split(['.', ';', '\n'])
        .next()
        .unwrap_or("")
        .split(|c: char| c.is_ascii_digit())
        .next()
        .unwrap_or("");
    [
        "world record",
        "a new record",
        "record-breaking",
        "record performance",
        // CLAIMS.md §1.2's own example: "one of the leading numbers".
        "one of the leading",
        "industry-leading",
    ]
    .iter()
    .any(|w| clause.contains(w))
}

/// True when `s` holds a number followed by a token or request rate unit (another figure).
fn holds_rate(s: &str) -> bool {
    let b = s.as_bytes();
    (0..b.len()).any(|i| {
        b[i].is_ascii_digit()
            && b.get(i + 1)
                .is_none_or(|c| !(c.is_ascii_digit() || *c == b'.' || *c == b','))
            && followed_by_rate(s, i + 1)
    })
}

/// A figure followed by its gain over a baseline (`5770.24 (+47.1%)`) is the claimed result.
fn gain_bonus(lower: &str, end: usize) -> i32 {
    let rest = lower[end..].trim_start();
    if rest.starts_with("(+") || rest.starts_with("（+") {
        -1
    } else {
        0
    }
}

/// Preference among GPUs when a table compares several: the most widely deployed first, since
/// that is what a capacity model is most often built on.
const GPU_PREFERENCE: &[&str] = &["h100", "a100", "h200", "l40s", "b200", "gb200", "mi300x"];

/// Reads a claim. Never fails: text with nothing recognisable gives an empty [`Claim`].
pub fn read(text: &str) -> Claim {
    let lower = super::text::prepare(text);
    let lower = lower.as_str();
    let p = patterns();
    let mut claim = Claim::default();
    let mut figures = read_figures(lower);

    // A pipe table: its chosen cell heads the claim; its column header and row label are the
    // setup read first.
    let mut focus: Vec<Span> = Vec::new();
    let mut table_headline = false;
    let bench_rows = figures.iter().any(|f| {
        f.label
            .as_deref()
            .is_some_and(|l| l.starts_with("tg") || l.starts_with("pp"))
    });
    // A result the author marks as theirs outside any table (CLAIMS.md §1 rule 2) beats the
    // table rules (rule 5): a quoted table is then another setup's.
    let marked = figures.iter().take(16).any(|f| {
        f.unit == "tok/s" && (author_marked(lower, f.span) || in_conclusion(lower, f.span))
    });
    let grid = if bench_rows || marked {
        None
    } else {
        super::grid::headline(lower)
    };
    let mut grid_row = None;
    // A latency table's figure heads only when the text states no token rate (CLAIMS.md §1.3
    // order); else it is one more figure.
    let grid = match grid {
        Some((f, _)) if f.kind.is_latency() && figures.iter().any(|g| g.kind.is_throughput()) => {
            if !figures
                .iter()
                .any(|g| g.span.start < f.span.end && f.span.start < g.span.end)
            {
                figures.push(f);
            }
            None
        }
        g => g,
    };
    if let Some((f, row)) = grid {
        grid_row = Some((f.span, row.clone()));
        figures.retain(|g| !(g.span.start < f.span.end && f.span.start < g.span.end));
        figures.insert(0, f);
        table_headline = true;
        claim.prompt_tokens = row.prompt_tokens;
        claim.output_tokens = row.output_tokens;
        claim.batch_size = row.batch_size;
        claim.concurrency = row.concurrency;
        if row.request_rate.is_some() {
            claim.request_rate = row.request_rate;
        }
        claim.gpu_count = row.gpu_count;
        claim.tp = row.tp;
        claim.weight_dtype = row.weight_dtype;
        if let Some(s) = row.load_unsure {
            claim.load_observed.get_or_insert(s);
        }
    } else if !bench_rows && !marked {
        if let Some(t) = table::find(lower) {
            if let Some(f) = table_figure(lower, &t, &mut focus) {
                figures.retain(|g| !(g.span.start < f.span.end && f.span.start < g.span.end));
                figures.insert(0, f);
                table_headline = true;
            }
        }
    }

    apply_defined_kind(lower, &mut figures);
    inherit_list_kind(lower, &mut figures);
    // A table cell the prose repeats with its kind (`| 129 |` and "129 output
    // tokens/second/user") is that kind.
    if table_headline {
        share_twin_kinds(&mut figures);
    }

    // Lengths written as pairs, records or shorthand, before the older patterns.
    super::lengths::read(lower, &mut claim);
    // Setup: read in the focus cells first, then in the whole text.
    for s in &focus {
        let part = &lower[s.start..s.end];
        read_setup(part, s.start, &mut claim, p);
    }
    // Settings written in a hypothetical ("如果换成两张卡 TP=2，理论上可以到 800", "if you used
    // FP8 KV cache you could…") are another setup's (CLAIMS.md §4): the setup is read with
    // those sentences blanked; only the model, device and engine, which such a sentence rarely
    // names alone, fall back to the whole text.
    let base = blank_examples(lower);
    let masked = mask_hypotheticals(&base);
    read_setup(&masked, 0, &mut claim, p);
    if masked != base {
        let mut full = Claim::default();
        read_setup(&base, 0, &mut full, p);
        if claim.model.is_none() {
            claim.model = full.model;
        }
        if claim.gpu.is_none() {
            claim.gpu = full.gpu;
        }
        if claim.runtime.is_none() {
            claim.runtime = full.runtime;
            claim.runtime_version = claim.runtime_version.take().or(full.runtime_version);
        }
    }
    if claim.model.is_none() {
        // Last: a name no pattern knows, read from the whole text (a part's "a huge 70B AI"
        // must not win over the title's "Llama 3.1 70B").
        claim.model = sized_name(lower);
    }
    let head_start = figures.first().map(|f| f.span.start).unwrap_or(0);

    // Batch: the one stated nearest before the headline, else the first.
    if claim.batch_size.is_none() {
        let advice_marks = Marks::new(lower, ADVICE);
        let mut first = None;
        let mut last_before = None;
        for c in p.batch.captures_iter(lower) {
            let span = whole(&c);
            let head = &lower[span.start..span.end];
            if head.starts_with('b')
                && !head.starts_with("batch")
                && !head.starts_with("bs")
                && !head.contains(':')
            {
                continue;
            }
            if followed_by_rate(lower, span.end) || continues_number(lower, span.end) {
                continue;
            }
            // An engine limit (`max batch size`, `max_batch_size`, `Max Runtime Batch Size`) is
            // not the load (CLAIMS.md §3).
            let pre = &lower[floor_boundary(lower, span.start.saturating_sub(16))..span.start];
            if pre.contains("max") {
                claim.batch_described.get_or_insert(span);
                continue;
            }
            let Some(n) = batch_number(&c[1]) else {
                continue;
            };
            if n == 0 || advice(lower, span, &advice_marks) {
                continue;
            }
            // `batch 1 / 8 / 32`: a sweep, read at its last point (CLAIMS.md §1.5).
            let (n, span) = match super::flags::list_tail(lower, span.end) {
                Some((last, end)) => (
                    last,
                    Span {
                        start: span.start,
                        end,
                    },
                ),
                None => (n, span),
            };
            if first.is_none() {
                first = found(n, span);
            }
            if span.start < head_start {
                last_before = found(n, span);
            }
        }
        claim.batch_size = last_before.or(first);
    }
    // A concurrency the text sets (a flag, a `concurrency: N` record, "N concurrent users"):
    // a stated load, which an observed count or an engine limit beside it does not lower
    // (CLAIMS.md §3 Load).
    let mut set_concurrency = false;
    if claim.concurrency.is_none() {
        // A number with thousands separators after the label (`concurrent users: 5,600
        // tok/s`) is a figure, not the load.
        let load = |c: &Caps| {
            let end = whole(c).end;
            !continues_number(lower, end) && users_led(lower, c)
        };
        if let Some(c) = p
            .concurrency
            .captures_iter(lower)
            .find(load)
            .or_else(|| p.concurrency_after.captures_iter(lower).find(load))
        {
            if let Ok(n) = c[1].parse::<u32>() {
                claim.concurrency = found(n, whole(&c));
                // `Concurrency: 451.36` in a summary is an average the run saw, not a setting.
                let fraction = lower[whole(&c).end..].starts_with('.')
                    && lower[whole(&c).end + 1..].starts_with(|ch: char| ch.is_ascii_digit());
                set_concurrency = n > 0 && !fraction;
                if fraction {
                    claim.load_observed.get_or_insert(whole(&c));
                }
            }
        }
    }
    set_concurrency |= super::flags::read_load(lower, &mut claim);
    set_concurrency |= super::flags::read_prose_load(lower, &mut claim);
    for c in p.observed_load.captures_iter(lower) {
        let span = whole(&c);
        claim.load_observed.get_or_insert(span);
        if let Some(m) = c.get(1).or(c.get(2)) {
            if claim.concurrency.is_none() {
                if let Ok(n) = m.as_str().parse() {
                    claim.concurrency = found(n, span);
                }
            }
        } else if c.get(3).is_some() {
            // `--max-num-seqs N` is an engine limit, not the load (CLAIMS.md §3 Load): the
            // fields stay empty and the row is at most partial.
        } else if claim.concurrency.is_none() {
            claim.concurrency = found(1, span); // single-flight
        }
    }
    // Load words the patterns above leave: a log's `Running: 10 reqs` (observed), Chinese
    // `1并发` / `并发数 8`, and a single request (CLAIMS.md §3 Load).
    if claim.concurrency.is_none() && claim.batch_size.is_none() {
        set_concurrency |= load_words(text, lower, &mut claim);
    }
    // The arrival rate the client set (CLAIMS.md §3 Load): `--request-rate 4`, `at 2 QPS`.
    if claim.request_rate.is_none() {
        claim.request_rate = offered_rate(lower, p);
    }
    if let Some(m) = p.request_count.find(lower) {
        claim.load_observed.get_or_insert(Span {
            start: m.start(),
            end: m.end(),
        });
    }
    if set_concurrency {
        claim.load_observed = None;
    }
    let both_scenarios = lower.contains("server scenario") && lower.contains("offline");
    for m in p.batch_described.find_iter(lower) {
        if both_scenarios && m.as_str() == "offline" {
            continue;
        }
        claim.batch_described = Some(Span {
            start: m.start(),
            end: m.end(),
        });
        break;
    }
    if let Some(m) = p.lengths_described.find(lower) {
        claim.lengths_described = Some(Span {
            start: m.start(),
            end: m.end(),
        });
    }

    // Runtime named only as the baseline, or as not used.
    if let Some(r) = &claim.runtime {
        let pre = before(lower, r.span.start, 60);
        let post = after(lower, r.span.end, 16);
        if post.trim_start().starts_with("not used") || pre.ends_with("without ") {
            claim.runtime = None;
            claim.runtime_version = None;
        } else if text.get(..r.span.start).is_some_and(|t| {
            let t = &t[floor_boundary(t, t.len().saturating_sub(60))..];
            t.contains("基准")
                || t.contains("未做")
                || t.contains("baseline")
                || t.contains("unoptimi")
        }) {
            claim.runtime_baseline_only = Some(r.span);
            claim.runtime = None;
            claim.runtime_version = None;
        }
    }
    if claim.runtime.is_none() && claim.runtime_baseline_only.is_none() {
        let sp = |m: Option<M>| {
            m.map(|m| Span {
                start: m.start(),
                end: m.end(),
            })
        };
        let shape = if p.shape_trtllm.is_match(lower) {
            Some(("tensorrt-llm", sp(p.shape_trtllm.find(lower))))
        } else if p.shape_vllm.is_match(lower) {
            Some(("vllm", sp(p.shape_vllm.find(lower))))
        } else if bench_rows {
            Some(("llama.cpp", sp(p.pp_tg.find(lower))))
        } else {
            // An engine's own tools, log lines and flags: recognised by their shape only
            // (CLAIMS.md §3 Runtime: partial).
            ENGINE_MARKS.iter().find_map(|(w, id)| {
                lower.find(w).map(|i| {
                    (
                        *id,
                        Some(Span {
                            start: i,
                            end: i + w.len(),
                        }),
                    )
                })
            })
        };
        if let Some((id, Some(span))) = shape {
            claim.runtime = found(id.to_string(), span);
            claim.runtime_from_shape = true;
        }
    }

    // A per-GPU figure equal to the aggregate one: a single GPU.
    if claim.gpu_count.is_none() {
        let per_gpu = figures
            .iter()
            .find(|f| f.scope == Some(Scope::PerGpu) && !f.derived);
        if let Some(g) = per_gpu {
            if figures.iter().any(|f| {
                f.scope == Some(Scope::Aggregate) && f.kind == g.kind && f.value == g.value
            }) {
                claim.gpu_count = found(1, g.span);
            }
        }
    }

    // Derived totals: per GPU × GPUs, per user × batch.
    let gpus = claim
        .tp
        .as_ref()
        .map(|t| t.value)
        .or(claim.gpu_count.as_ref().map(|g| g.value));
    // A concurrency only observed (a log's running count) does not make a figure aggregate
    // (CLAIMS.md §2: a *stated* batch or concurrency above 1 does).
    let observed = claim
        .concurrency
        .as_ref()
        .is_some_and(|c| claim.load_observed == Some(c.span));
    let batch = claim
        .batch_size
        .as_ref()
        .or(claim.concurrency.as_ref().filter(|_| !observed))
        .map(|b| b.value);
    // An unqualified figure equal to batch × a per-user decode speed is the decode rate summed.
    if let (Some(b), Some(h)) = (batch, figures.first()) {
        if h.kind == FigureKind::ThroughputUnspecified && b > 1 {
            let per_user = figures.iter().find(|f| {
                f.kind == FigureKind::ThroughputPerUser
                    && ((f.value * b as f64) / h.value - 1.0).abs() < 0.02
            });
            if per_user.is_some() {
                // CLAIMS.md §1.6: computed from the per-user rate (`476.49 tok/s throughput`
                // beside `14.89 tok/s/user` at batch 32), it is derived; the measured rate heads.
                let mut h = figures.remove(0);
                h.kind = FigureKind::DecodeThroughput;
                h.scope = Some(Scope::Aggregate);
                h.scope_stated = true;
                h.derived = true;
                figures.push(h);
            }
        }
    }
    // One device named, and nothing in the text speaks of several (no plural, no count, no
    // node or cluster): the run used one (CLAIMS.md §3: a GPU named in the singular with no
    // number is 1), unless it names the product in general ("an H100 can …", "the H100 …").
    let mut singular_from = None;
    if claim.gpu_count.is_none() && claim.gpu_lumped.is_none() {
        claim.gpu_count = singular_count(lower, &claim);
        singular_from = claim.gpu_count.as_ref().map(|c| c.span);
    }
    // TP (× PP) when that is all the text gives (CLAIMS.md §3 Hardware).
    if claim.gpu_count.is_none() {
        if let Some(t) = &claim.tp {
            claim.gpu_count = Some(t.clone());
        }
    }
    // Settings attached to each figure (its row or sentence); a sweep's last point heads.
    claim.figures = figures;
    // At any mention of the device as written (the first one read may be a bare heading).
    claim.gpu_configuration = claim.gpu.as_ref().and_then(|g| {
        let name = lower
            .get(g.span.start..g.span.end)
            .filter(|n| !n.is_empty())?;
        lower.match_indices(name).take(16).find_map(|(i, _)| {
            configuration_beside(
                lower,
                Span {
                    start: i,
                    end: i + name.len(),
                },
            )
        })
    });
    super::attach::attach(lower, &mut claim);
    // A flattened table's cell: its settings are its column header and row label, not the
    // whole line.
    if !focus.is_empty() {
        if let Some(h) = claim.figures.first_mut() {
            let mut c = Claim::default();
            for s in &focus {
                read_setup_into(&lower[s.start..s.end], s.start, &mut c);
            }
            let other = h.settings.other_setup.take();
            h.settings = super::FigureSettings {
                model: c.model,
                gpu: c.gpu,
                gpu_count: c.gpu_count,
                tp: c.tp,
                batch_size: c.batch_size,
                concurrency: c.concurrency,
                prompt_tokens: c.prompt_tokens,
                output_tokens: c.output_tokens,
                weight_dtype: c.weight_dtype,
                runtime: c.runtime,
                other_setup: other,
                own_clause: false,
            };
        }
    }
    // A table headline's row settings, by its columns' roles, are its own.
    if let Some((span, row)) = grid_row {
        if let Some(f) = claim.figures.iter_mut().find(|f| f.span == span) {
            let s = &mut f.settings;
            s.prompt_tokens = row.prompt_tokens.or(s.prompt_tokens.take());
            s.output_tokens = row.output_tokens.or(s.output_tokens.take());
            s.batch_size = row.batch_size.or(s.batch_size.take());
            s.concurrency = row.concurrency.or(s.concurrency.take());
            s.gpu_count = row.gpu_count.or(s.gpu_count.take());
            s.tp = row.tp.or(s.tp.take());
            s.weight_dtype = row.weight_dtype.or(s.weight_dtype.take());
        }
    }
    // A sweep over workloads keeps the one setup the text describes (its points differ in
    // nothing the settings hold), so only the order changes.
    let sweep = super::headline::sweep_end(&mut claim.figures)
        || (!table_headline && super::headline::repeated_block_last(lower, &mut claim.figures));
    let workloads =
        !sweep && !table_headline && super::headline::workload_sweep_end(lower, &mut claim.figures);
    let gpu_before = claim.gpu.as_ref().map(|g| g.span);
    if sweep {
        adopt_headline_settings(&mut claim);
    } else {
        adopt_own_setup(lower, &mut claim);
    }
    prefer_full_name(lower, p, &mut claim);
    drop_example_model(lower, &mut claim);
    neuron_chips(lower, &mut claim);
    if table_headline {
        release_other_rows_runtime(lower, &mut claim);
    }
    release_foreign_load(lower, &mut claim);
    if sweep && !table_headline {
        adopt_block_load(lower, &mut claim);
    }
    // The headline's own device replaced the text's first one: the singular rule is asked again
    // of the device the headline was measured on (CLAIMS.md §1.5: settings from its own row or
    // sentence).
    let gpu_after = claim.gpu.as_ref().map(|g| g.span);
    let count_open = claim.gpu_count.is_none()
        || claim.gpu_count.as_ref().map(|c| c.span) == singular_from && singular_from.is_some();
    if gpu_after != gpu_before && count_open && claim.gpu_lumped.is_none() && claim.tp.is_none() {
        claim.gpu_count = singular_count(lower, &claim);
    }
    let mut figures = std::mem::take(&mut claim.figures);
    infer_scopes(&mut figures, batch, claim.request_rate.is_some());
    infer_hardware_scope(lower, &mut figures, gpus);
    let mut derived = Vec::new();
    for f in figures.iter().take(12) {
        let own = f
            .settings
            .batch_size
            .as_ref()
            .or(f.settings.concurrency.as_ref())
            .map(|b| b.value)
            .or(batch);
        let (factor, kind) = match (f.scope, gpus, own) {
            (Some(Scope::PerGpu), Some(n), _) if n > 1 => (n as f64, f.kind),
            (Some(Scope::PerUser), _, Some(b))
                if b > 1 && f.kind == FigureKind::ThroughputPerUser =>
            {
                (b as f64, FigureKind::ThroughputOutput)
            }
            _ => continue,
        };
        let mut d = Figure::new(f.value * factor, &f.unit, kind, f.span);
        d.value_high = f.value_high.map(|h| h * factor);
        d.scope = Some(Scope::Aggregate);
        d.derived = true;
        derived.push(d);
    }
    figures.extend(derived);
    for (i, f) in figures.iter_mut().enumerate() {
        f.index = i;
    }
    claim.figures = figures;
    super::headline::explain(
        lower,
        &mut claim.figures,
        table_headline || sweep || workloads,
        sweep || workloads,
    );
    // llama.cpp's build line (`build: 93bc3839 (3622)`, printed by llama-bench and quoted
    // after the name): its version as written, a commit and a build number (CLAIMS.md §3
    // Runtime: the version when written).
    if claim
        .runtime
        .as_ref()
        .is_some_and(|r| r.value == "llama.cpp")
        && claim.runtime_version.is_none()
    {
        static BUILD: OnceLock<Regex> = OnceLock::new();
        let re = BUILD.get_or_init(|| {
            Regex::new(r"\bbuild:?\s*([0-9a-f]{7,10}\s*\(\d{2,6}\))")
                .expect("static pattern compiles")
        });
        if let Some(m) = re.captures(lower).and_then(|c| c.get(1)) {
            claim.runtime_version = found(
                m.as_str().to_string(),
                Span {
                    start: m.start(),
                    end: m.end(),
                },
            );
        }
    }
    // A version keeps the case it was written in (`1.0.RC3`): read from the original text at
    // the same bytes (the lowercased copy keeps every offset).
    if let Some(v) = claim.runtime_version.as_mut() {
        if let Some(orig) = text.get(v.span.start..v.span.end) {
            v.value = orig.to_string();
        }
    }
    claim
}

/// A load written only in another figure's stretch of text (`1.3 ms/token (batch_size=8)` on
/// the line below a throughput) is that figure's setting, not the headline's (CLAIMS.md §1.5:
/// settings written beside another figure belong to that figure unless the text ties them to
/// the headline). When the headline's own stretch states no load, a claim-wide batch or
/// concurrency found only inside another figure's stretch, on another line, is dropped.
/// A list of `label: number` lines (at least two, bare numbers) right under a heading line that
/// names their unit and holds no number (`Benchmark results (tokens/sec, higher is better):`
/// then `Llama-3-8B q8_0: 128`): each line's number is a token rate in the heading's unit, with
/// the kind and scope the heading's words give and the line's label as its label.
fn unit_heading_list(lower: &str) -> Vec<Figure> {
    static ROW: OnceLock<Regex> = OnceLock::new();
    let row = ROW.get_or_init(|| {
        Regex::new(
            r"^[\s\-*•]*([^:=\n]{1,60}?)\s*[:=]\s*(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s*$",
        )
        .expect("static pattern compiles")
    });
    const UNITS: &[&str] = &[
        "tokens/sec",
        "tokens/s",
        "tok/s",
        "t/s",
        "tokens per second",
        "tok/sec",
    ];
    let mut out = Vec::new();
    let mut lines: Vec<(usize, &str)> = Vec::new();
    let mut at = 0;
    for l in lower.split_inclusive('\n') {
        lines.push((at, l.trim_end_matches(['\n', '\r'])));
        at += l.len();
        if lines.len() > 4000 {
            break;
        }
    }
    let mut i = 0;
    while i + 2 < lines.len() {
        let head = lines[i].1;
        let unit_head = head.len() <= 120
            && UNITS.iter().any(|u| head.contains(u))
            && !head.contains(|c: char| c.is_ascii_digit());
        if !unit_head {
            i += 1;
            continue;
        }
        let kind = kind_from_words(head);
        let scope = scope_from_words(head);
        let mut rows = Vec::new();
        let mut j = i + 1;
        while let Some(&(start, l)) = lines.get(j) {
            let Some(c) = row.captures(l) else { break };
            let (Some(label), Some(v)) = (c.get(1), c.get(2)) else {
                break;
            };
            let Some(value) = num(v.as_str()) else { break };
            let mut f = Figure::new(
                value,
                "tok/s",
                kind.unwrap_or(FigureKind::ThroughputUnspecified),
                Span {
                    start: start + v.start(),
                    end: start + v.end(),
                },
            );
            f.scope = scope;
            f.kind_stated = kind.is_some();
            f.scope_stated = scope.is_some();
            f.label = Some(label.as_str().to_string());
            rows.push(settle(f));
            j += 1;
        }
        if rows.len() >= 2 {
            out.extend(rows);
            return out;
        }
        i = j.max(i + 1);
    }
    out
}

/// A device's configuration written beside its name (CLAIMS.md §3 Hardware): a memory size
/// (`M3 Max, 64 GB`, `RTX 3080 with 12GB VRAM`, `V100 32GB`) or a GPU core count (`30-core M2
/// Max`) within 24 bytes before the name or 32 after it, in the same line.
fn configuration_beside(lower: &str, name: Span) -> Option<Span> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(r"\b\d{1,3}\s*(?:gb|gib|g)\b|\b\d{1,3}[\s-]*cores?\b")
            .expect("static pattern compiles")
    });
    let start = name.start.min(lower.len());
    let end = name.end.min(lower.len()).max(start);
    let from = floor_boundary(lower, start.saturating_sub(24));
    let to = floor_boundary(lower, end + 32);
    let from = lower[from..start]
        .rfind('\n')
        .map_or(from, |i| from + i + 1);
    let to = lower[end..to].find('\n').map_or(to, |i| end + i);
    re.find_iter(&lower[from..to])
        .map(|m| Span {
            start: from + m.start(),
            end: from + m.end(),
        })
        .next()
}

fn release_foreign_load(lower: &str, c: &mut Claim) {
    let Some(h) = c.figures.first() else { return };
    if h.settings.batch_size.is_some() || h.settings.concurrency.is_some() {
        return;
    }
    // The headline's own line: a load on it (a one-line record) is never another figure's.
    let at = h.span.start.min(lower.len());
    let line_start = lower[..at].rfind('\n').map_or(0, |i| i + 1);
    let line_end = lower[at..].find('\n').map_or(lower.len(), |i| at + i);
    let foreign = |span: Span, get: fn(&Figure) -> Option<Span>| {
        !(line_start..line_end).contains(&span.start)
            && c.figures[1..]
                .iter()
                .any(|f| !f.derived && get(f) == Some(span))
    };
    let batch_foreign = c
        .batch_size
        .as_ref()
        .is_some_and(|b| foreign(b.span, |f| f.settings.batch_size.as_ref().map(|x| x.span)));
    let conc_foreign = c
        .concurrency
        .as_ref()
        .is_some_and(|b| foreign(b.span, |f| f.settings.concurrency.as_ref().map(|x| x.span)));
    if batch_foreign {
        c.batch_size = None;
    }
    if conc_foreign {
        c.concurrency = None;
    }
}

/// A GPU named once in the singular with no number is 1 (CLAIMS.md §3 Hardware) when nothing in
/// the text speaks of several (no plural, node or cluster), the name is the device a run used
/// ([`names_product_in_general`]), it is not a whole system (`gb…`, Cerebras, Groq, SambaNova,
/// Tenstorrent) and no TP above 1 is given.
fn singular_count(lower: &str, claim: &Claim) -> Option<Found<u32>> {
    let g = claim.gpu.as_ref()?;
    let plural = [
        "gpus",
        "cards",
        "devices",
        "accelerators",
        "nodes",
        "node",
        "cluster",
        "卡",
        "servers",
        "chips",
        "multi-gpu",
    ]
    .iter()
    // 显卡 ("graphics card") is one card: its 卡 speaks of no count.
    .any(|w| lower.contains(w) && (*w != "卡" || lower.replace("显卡", "").contains(w)));
    let start = g.span.start.min(lower.len());
    let line_from = lower[..start].rfind('\n').map_or(0, |i| i + 1);
    let general = names_product_in_general(before(lower, start, 40), &lower[line_from..start]);
    let system = g.value.starts_with("tt-")
        || g.value.starts_with("cerebras")
        || g.value.starts_with("groq")
        || g.value.starts_with("sambanova")
        || g.value.starts_with("gb");
    if !plural && !general && !system && claim.tp.as_ref().is_none_or(|t| t.value == 1) {
        found(1, g.span)
    } else {
        None
    }
}

/// True when the words before a GPU name do not make it the device a run used (CLAIMS.md §3
/// Hardware: a GPU named once in the singular is 1 when it is the device the run used, "on X",
/// "with X", "GPU: X"; not when it names the product in general, "an H100 can generate…",
/// "NVIDIA H100 SXM reaches…", or heads a title or heading). `pre` is the clause before the name,
/// `line` the line before it. A word of use (`on`, `with`, `using`, `onto`, `via`, `ran`, `run`,
/// `runs`, `running`, `in`) must come before the name with nothing between but vendor and line
/// words (`nvidia`, `amd`, `tesla`, `geforce`, `instinct`), articles, "same", "single", "one",
/// a count of 1 and at most one other word (a provider, "on a single Spheron H100"), or in
/// Chinese glued to the name (在, 用, 使用, 采用, 基于, 于); or the line is a device or setup record
/// (`GPU: X`, `device 0: X`, `Hardware: X`, `Test Setting: model, X`, 测试环境: X).
fn names_product_in_general(pre: &str, line: &str) -> bool {
    const SKIP: &[&str] = &[
        "nvidia", "amd", "tesla", "geforce", "instinct", "intel", "nvidia's", "amd's", "a", "an",
        "the", "same", "single", "one", "1", "1x", "1×", "1*",
    ];
    const USE: &[&str] = &[
        "on", "with", "using", "onto", "via", "ran", "run", "runs", "running", "in",
        // The author's own card ("got my 7900 XTX working").
        "my",
    ];
    let words: Vec<&str> = pre.split_whitespace().collect();
    let used = words
        .iter()
        .rposition(|w| USE.contains(w))
        .is_some_and(|k| words[k + 1..].iter().filter(|w| !SKIP.contains(w)).count() <= 1);
    // Chinese writes the word of use glued to the name: 在 (on), 用 / 使用 / 采用 (with),
    // 基于 (based on), 于 (on).
    let last_word = words.last().copied().unwrap_or("");
    let used = used
        || ["在", "用", "基于", "于"]
            .iter()
            .any(|w| last_word.ends_with(w))
        // A device label written without its colon (`显卡 RTX 3090`, `GPU H100`).
        || ["显卡", "gpu"].iter().any(|w| last_word.ends_with(w))
        // An element of a setup list in parentheses (`(Mistral 7B AWQ, A10 24GB, vLLM)`).
        || (pre.trim_end().ends_with(',') && pre.contains('(') && !pre.contains(')'))
        // A machine written as its parts (`Win11 + RTX 4070 Super`).
        || pre.trim_end().ends_with('+')
        // The author's device said in a sentence ("My hardware is an A100 GPU").
        || {
            let p = pre.trim_end();
            let p = p
                .strip_suffix(" an")
                .or_else(|| p.strip_suffix(" a"))
                .unwrap_or(p);
            ["hardware is", "gpu is", "card is", "device is", "machine is"]
                .iter()
                .any(|w| p.ends_with(w))
        }
        // An element of a setup list after an engine and its build (`llama.cpp b4321, RTX 4080
        // Super 16GB, Llama-3.1-8B Q6_K`).
        || (pre.trim_end().ends_with(',')
            && ["llama.cpp", "vllm", "sglang", "tensorrt", "tgi", "ollama", "mlx", "lmdeploy"]
                .iter()
                .any(|r| line.contains(r)));
    let record = line.split_once(':').is_some_and(|(label, _)| {
        label.len() <= 48
            && [
                "gpu",
                "device",
                "hardware",
                "card",
                "accelerator",
                // A setup record listing the run's device (`Test Setting: LLaMA-7B, NVIDIA
                // A100(80G)`, `Environment: …`, 测试环境 / 配置).
                "setting",
                "setup",
                "environment",
                // A list of the run's setup under a heading of its own (`Our benchmark:
                // Qwen2.5-7B, vLLM 0.6.1, H100 80GB`, `Test system: …`, `Platform: …`).
                "benchmark",
                "test",
                "system",
                "platform",
                "machine",
                "server",
                "config",
                "显卡",
                "硬件",
                "环境",
                "配置",
            ]
            .iter()
            .any(|w| label.contains(w))
    });
    !(used || record)
}

/// The kind the text gives its token rates in a definition of its metric (a legend, a
/// methodology note): "Throughput: Output tokens generated per second", "Throughput figures are
/// … decode phase only (output tokens)", "tok/s = total tokens / duration". A figure whose own
/// words say nothing takes the defined kind (CLAIMS.md §2: the kind is what the text says the
/// number counts, wherever it says it). The definition is a clause that starts at `throughput`
/// or `tok/s`, goes on with a defining word (`:`, `=`, "is", "are", "means", "refers to",
/// "measures", "counts") and holds no rate figure of its own (so `Throughput: 7859.20 tokens/s`
/// is a figure, not a definition). Two definitions that disagree define nothing.
fn defined_kind(lower: &str) -> Option<FigureKind> {
    let mut found: Option<FigureKind> = None;
    for clause in lower.split(['\n', ';']) {
        for key in [
            "throughput",
            "tok/sec",
            "tok/s",
            "tokens/sec",
            "tokens/s",
            "tokens per second",
        ] {
            let Some(i) = clause.find(key) else { continue };
            let rest = &clause[i + key.len()..];
            let rest = rest.trim_start_matches([' ', '*', ')', '」', '"', '`']);
            let rest = rest
                .strip_prefix("figures")
                .or_else(|| rest.strip_prefix("numbers"))
                .or_else(|| rest.strip_prefix("values"))
                .map_or(rest, str::trim_start);
            let defining = [
                ":",
                "=",
                "is ",
                "are ",
                "means ",
                "refers to ",
                "measures ",
                "counts ",
                // Japanese: `「13.45 tok/sec」は1秒あたりに出力されたトークン数を意味し`.
                "とは",
                "は",
            ]
            .iter()
            .find_map(|w| rest.strip_prefix(w));
            let Some(def) = defining else { continue };
            // A rate figure in the clause makes it a result line, not a definition.
            let has_figure = def.char_indices().any(|(j, c)| {
                c.is_ascii_digit()
                    && !def[j + 1..]
                        .starts_with(|d: char| d.is_ascii_digit() || d == '.' || d == ',')
                    && followed_by_rate(def, j + 1)
            });
            if has_figure {
                continue;
            }
            let Some(kind) = kind_from_words(def) else {
                continue;
            };
            match found {
                Some(k) if k != kind => return None,
                _ => found = Some(kind),
            }
            break;
        }
    }
    found
}

/// Points of one list in one sentence share their kind (`tg: 8.9 t/s at 4K context, 7.2 t/s at
/// 16K, 5.1 t/s at 32K`: all decode rates): a token rate whose own words leave the kind open
/// takes the stated kind of the rate just before it in the same sentence, when only a comma
/// or "and" and its own setting words lie between them (no other number with a unit).
fn inherit_list_kind(lower: &str, figures: &mut [Figure]) {
    let mut order: Vec<usize> = (0..figures.len())
        .filter(|&i| figures[i].unit == "tok/s" && !figures[i].derived)
        .collect();
    order.sort_by_key(|&i| figures[i].span.start);
    for w in order.windows(2) {
        let (a, b) = (w[0], w[1]);
        let (prev, next) = (&figures[a], &figures[b]);
        if !prev.kind_stated
            || next.kind_stated
            || next.kind != FigureKind::ThroughputUnspecified
            || prev.kind == FigureKind::ThroughputUnspecified
        {
            continue;
        }
        let (from, to) = (
            prev.span.end.min(lower.len()),
            next.span.start.min(lower.len()),
        );
        let Some(between) = lower.get(from..to) else {
            continue;
        };
        if between.len() > 60
            || between.contains(". ")
            || between.contains('\n')
            || between.contains(';')
            || !(between.contains(',') || between.contains(" and "))
        {
            continue;
        }
        let (kind, scope) = (prev.kind, prev.scope);
        let f = &mut figures[b];
        f.kind = kind;
        f.kind_stated = true;
        if f.scope.is_none() {
            f.scope = scope;
        }
        *f = settle(f.clone());
    }
}

/// Gives every token rate whose own words leave the kind open the kind the text defines
/// ([`defined_kind`]).
fn apply_defined_kind(lower: &str, figures: &mut [Figure]) {
    if !figures
        .iter()
        .any(|f| f.kind == FigureKind::ThroughputUnspecified && !f.kind_stated)
    {
        return;
    }
    let Some(kind) = defined_kind(lower) else {
        return;
    };
    if kind == FigureKind::PrefillThroughput {
        return;
    }
    for f in figures.iter_mut() {
        if f.kind == FigureKind::ThroughputUnspecified && !f.kind_stated && f.unit == "tok/s" {
            f.kind = kind;
            f.kind_stated = true;
            *f = settle(f.clone());
        }
    }
}

fn offered_rate(lower: &str, p: &Patterns) -> Option<Found<f64>> {
    // Flags, and the same key in a JSON or YAML record (`"request_rate": 1.0`).
    for flag in [
        "--request-rate",
        "--request_rate",
        "request_rate=",
        "\"request_rate\":",
        "request_rate:",
        // inference-perf's stage summary: the rate the client was asked to send at.
        "\"requested_rate\":",
    ] {
        if let Some(i) = lower.find(flag) {
            let rest = lower[i + flag.len()..].trim_start_matches([' ', '=', ':']);
            let n = rest.len()
                - rest
                    .trim_start_matches(|c: char| c.is_ascii_digit() || c == '.')
                    .len();
            if let Some(v) = rest[..n]
                .parse::<f64>()
                .ok()
                .filter(|v| *v > 0.0 && v.is_finite())
            {
                let start = i;
                let end = lower.len() - rest.len() + n;
                return found(v, Span { start, end });
            }
        }
    }
    // In prose: `at request rate 10`, `a request rate of 4`, `request rate = 2.5`.
    static PROSE: OnceLock<Regex> = OnceLock::new();
    let prose = PROSE.get_or_init(|| {
        Regex::new(r"\brequest[\s-]rate\s*(?:of\s+|=\s*|:\s*)?(\d+(?:\.\d+)?)(?:\s*(?:req(?:uests?)?\s*/\s*s(?:ec)?|requests? per second|qps|rps))?\b")
            .expect("static pattern compiles")
    });
    if lower.contains("request rate") || lower.contains("request-rate") {
        for c in captures_near(lower, prose, &["request rate", "request-rate"], 4, 64) {
            let m = c.get(0).expect("group 0");
            if continues_number(lower, m.end()) || lower[m.end()..].trim_start().starts_with('%') {
                continue;
            }
            if let Some(v) = c.get(1).and_then(|v| num(v.as_str())).filter(|v| *v > 0.0) {
                return found(
                    v,
                    Span {
                        start: m.start(),
                        end: m.end(),
                    },
                );
            }
        }
    }
    for c in p.request_rate.captures_iter(lower) {
        if c.get(1).is_some() && c.get(3).is_none() {
            if let Some(v) = num(&c[2]).filter(|v| *v > 0.0) {
                return found(v, whole(&c));
            }
        }
    }
    None
}

/// Returns true when the words set the load (`并发 16`, "at 32 users", a single request), false
/// when they only observed it (`Running: 10 reqs`) or say nothing.
fn load_words(text: &str, lower: &str, claim: &mut Claim) -> bool {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(r"(?:running:\s*|#running-req:\s*)(\d+)(?:\s*reqs?\b|,)|(\d+)\s*并发|(?:并发数?|同時)\s*[:：=为是]?\s*(\d+)|(?:\b(?:at|with|for)\s+|[,(]\s*)(\d+)\s+(?:users|clients|streams)\b|\b(?:a |one )?single[\s-](?:request|user|stream|chats?|conversations?)\b|\bone (?:request|user|stream|prompt|query) at a time\b|\bsequential requests\b|单请求|单并发|单用户(?:体验|场景|使用|下)")
            .expect("static pattern compiles")
    });
    let _ = text;
    let anchors = [
        "running:",
        "#running-req:",
        "并发",
        // Japanese: 同時32 (32 at once).
        "同時",
        "single request",
        "one request at",
        "one user at",
        "one stream at",
        "one prompt at",
        "one query at",
        "single user",
        "single-user",
        "single stream",
        "single-stream",
        "single chat",
        "single conversation",
        "sequential requests",
        "单请求",
        "单并发",
        "单用户",
        // A load of users written plainly (`at 32 users`, `with 100 clients`, `, 8 streams)`).
        " users",
        " clients",
        " streams",
    ];
    // An engine's periodic stats lines (`Running: 6 reqs` … `Running: 11 reqs`) are read at
    // the last one, as their throughput is (CLAIMS.md §1.5 for logs).
    let at = |a: &&str| {
        if a.contains("running") {
            lower.rfind(*a)
        } else {
            lower.find(*a)
        }
    };
    let Some(start) = anchors.iter().filter_map(at).min() else {
        return false;
    };
    let from = floor_boundary(lower, start.saturating_sub(16));
    let to = floor_boundary(lower, (start + 64).min(lower.len()));
    let Some(c) = re.captures(&lower[from..to]) else {
        return false;
    };
    let m = c.get(0).expect("group 0");
    let span = Span {
        start: from + m.start(),
        end: from + m.end(),
    };
    if let Some(n) = c.get(1) {
        // An idle engine's line (`Running: 0 reqs`) observed no load at all.
        if let Some(n) = n.as_str().parse::<u32>().ok().filter(|n| *n > 0) {
            claim.concurrency = found(n, span);
            claim.load_observed.get_or_insert(span);
        }
        false
    } else if let Some(n) = c.get(2).or(c.get(3)).or(c.get(4)) {
        match n.as_str().parse() {
            Ok(n) => {
                claim.concurrency = found(n, span);
                true
            }
            Err(_) => false,
        }
    } else {
        claim.concurrency = found(1, span);
        true
    }
}

/// Scopes from the hardware and the run's shape (CLAIMS.md §2): a throughput of one server of
/// several GPUs ("a single 8×H100 node", 单节点, 单机) is per node; an offline run or a run
/// with concurrent requests sums over them (aggregate).
fn infer_hardware_scope(lower: &str, figures: &mut [Figure], gpus: Option<u32>) {
    let node = lower
        .match_indices("node")
        .any(|(i, _)| !lower[i + 4..].starts_with('s'))
        || lower.contains("单节点")
        || lower.contains("单机")
        || lower.contains("dgx");
    let several = gpus.is_some_and(|n| (2..=16).contains(&n));
    // A run at saturation (offline, every request at once, an infinite request rate) or a
    // serving benchmark's summary: its throughput is summed over the load (CLAIMS.md §2).
    let offline = [
        "offline",
        "concurrent",
        "infinite rate",
        "maximum load",
        "max load",
        "rate inf",
        "rate=inf",
        "bench serve",
        "serve bench",
        "benchmark_serving",
        "submitted at once",
        "prompts at once",
        "qps=inf",
    ]
    .iter()
    .any(|w| lower.contains(w));
    for f in figures.iter_mut() {
        if f.scope.is_some() || !f.kind.is_throughput() || f.kind == FigureKind::PrefillThroughput {
            continue;
        }
        // The node must be the figure's own: named in its sentence or the few lines around it
        // (a node mentioned elsewhere, "node_modules", a later "multi-node" plan, is not).
        let near = &lower[floor_boundary(lower, f.span.start.saturating_sub(300))
            ..floor_boundary(lower, (f.span.end + 150).min(lower.len()))];
        // A DGX is one server of eight GPUs: a node.
        let node_near = near
            .match_indices("node")
            .any(|(i, _)| !near[i + 4..].starts_with('s'))
            || near.contains("单节点")
            || near.contains("单机")
            || near.contains("dgx");
        if node && node_near && (several || near.contains("单")) {
            f.scope = Some(Scope::PerNode);
        } else if offline {
            f.scope = Some(Scope::Aggregate);
        }
    }
}

/// A runtime read from another row of the headline's table (`| TGI | 380 |` above `| Ours |
/// 1,310 |`) is that row's system, not the headline's (CLAIMS.md §4: a competitor's row).
fn release_other_rows_runtime(lower: &str, claim: &mut Claim) {
    let (Some(r), Some(h)) = (claim.runtime.as_ref(), claim.figures.first()) else {
        return;
    };
    let line_of = |i: usize| {
        let i = i.min(lower.len());
        let s = lower[..i].rfind('\n').map_or(0, |k| k + 1);
        let e = lower[i..].find('\n').map_or(lower.len(), |k| i + k);
        (s, e)
    };
    let (rl, hl) = (line_of(r.span.start), line_of(h.span.start));
    // The runtime must be that row's label: in its first cell.
    let row = &lower[rl.0..rl.1];
    let lead = row.len() - row.trim_start_matches([' ', '|', '\t']).len();
    let first_cell_end = row[lead..].find('|').map_or(row.len(), |k| lead + k);
    let labels_row = (rl.0 + lead..=rl.0 + first_cell_end).contains(&r.span.start);
    if rl != hl && labels_row && row.contains('|') && lower[hl.0..hl.1].contains('|') {
        claim.runtime = None;
        claim.runtime_version = None;
    }
}

/// AWS Neuron devices count chips, while their TP degree counts NeuronCores (two per
/// Inferentia2 or Trainium chip, Neuron docs "Inf2 Architecture"): a device count that only
/// repeats the TP gives way to the chips the instance or the text names (`inf2.48xlarge`, "12
/// Inferentia2 chips").
fn neuron_chips(lower: &str, claim: &mut Claim) {
    let Some(g) = claim.gpu.as_ref().filter(|g| g.value.starts_with("aws-")) else {
        return;
    };
    let from_tp = match (&claim.gpu_count, &claim.tp) {
        (Some(n), Some(t)) => n.value == t.value,
        (None, _) => true,
        _ => false,
    };
    if !from_tp {
        return;
    }
    let id = g.value.clone();
    if let Some((iid, span, n)) = cloud_instance(lower) {
        if iid == id {
            claim.gpu_count = found(n, span);
            return;
        }
    }
    // "12 Inferentia2 chips".
    let name = id.trim_start_matches("aws-");
    if let Some(i) = lower.find(&format!(" {name} chips")) {
        let pre = lower[..i].trim_end();
        let digits = pre.len() - pre.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        if let Ok(n) = pre[pre.len() - digits..].parse::<u32>() {
            claim.gpu_count = found(
                n,
                Span {
                    start: i - digits,
                    end: i + name.len() + 7,
                },
            );
        }
    }
}

/// A bare family and size (llama-bench's `llama 8B` model column) yields to the same model
/// named with its release elsewhere in the text (`Meta-Llama-3-8B-Instruct-Q4_K_M.gguf`):
/// every part of the name is kept (CLAIMS.md §3 Model).
fn prefer_full_name(lower: &str, p: &Patterns, claim: &mut Claim) {
    let Some(m) = claim.model.as_ref() else {
        return;
    };
    let Some((fam, size)) = m.value.split_once('-').filter(|(_, s)| !s.contains('-')) else {
        return;
    };
    let full = read_model(lower, p).filter(|f| {
        // The same family, or a point release of it (llama-bench's `qwen2 14B` is the GGUF
        // architecture of `Qwen2.5-14B`).
        f.value.len() > m.value.len()
            && (f.value.starts_with(&format!("{fam}-")) || f.value.starts_with(&format!("{fam}.")))
            && f.value.ends_with(&format!("-{size}"))
    });
    if full.is_some() {
        claim.model = full;
    }
}

/// A model named only as an example of several ("across various LLMs (including OPT-175B)",
/// "on several models such as …"): the figure is no one model's, so the model is left open
/// (CLAIMS.md §3 Model).
fn drop_example_model(lower: &str, claim: &mut Claim) {
    let Some(m) = &claim.model else { return };
    let pre = before(lower, m.span.start, 60);
    let example = ["including", "such as", "e.g.", "e.g.,"]
        .iter()
        .any(|w| pre.trim_end_matches(['(', ' ']).ends_with(w));
    let several = ["various", "several", "multiple", "different", "a range of"]
        .iter()
        .any(|w| pre.contains(w));
    if example && several {
        claim.model = None;
    }
}

/// The first variant of the GPU family `family` the text names (`h100` → `h100-nvl`), among its
/// first device mentions; none when it names only the family or several variants.
fn variant_named(lower: &str, family: &str) -> Option<String> {
    let prefix = format!("{family}-");
    let mut found: Option<String> = None;
    for c in patterns()
        .gpu
        .captures_iter(lower)
        .take(MAX_DEVICE_MENTIONS)
    {
        let id = gpu_id(&c[3], c.get(4).map_or("", |m| m.as_str()));
        if id.starts_with(&prefix) {
            match &found {
                Some(f) if *f != id => return None,
                _ => found = Some(id),
            }
        }
    }
    found
}

/// Outside a sweep, the model and the device written in the headline's own row or sentence
/// replace the claim-wide ones (CLAIMS.md §1 rule 5: settings are read from the same row as the
/// figure; a table of several models or GPUs names the headline's in its row).
fn adopt_own_setup(lower: &str, c: &mut Claim) {
    let Some(h) = c.figures.first() else { return };
    let s = h.settings.clone();
    if s.model.is_some() {
        c.model = s.model;
    }
    // The family alone in the headline's sentence (`on a single H100`) when the text names its
    // variant elsewhere (`Card is an H100 PCIe`): the variant stays.
    let refines = |own: &Found<String>| {
        c.gpu
            .as_ref()
            .is_some_and(|g| g.value.starts_with(&format!("{}-", own.value)))
    };
    if s.gpu.as_ref().is_some_and(|g| !refines(g)) {
        // The device's count written with it (`8x MI300X`) comes along.
        if s.gpu != c.gpu && s.gpu_count.as_ref().is_some_and(|n| n.value > 1) {
            c.gpu_count = s.gpu_count.clone();
        }
        // The family there, its variant named elsewhere (`H100×4 = 5414 tok/s` … `GPU: H100
        // NVL 94GB×4`): the variant.
        let variant = s.gpu.as_ref().and_then(|g| variant_named(lower, &g.value));
        c.gpu = s.gpu;
        if let (Some(v), Some(g)) = (variant, c.gpu.as_mut()) {
            g.value = v;
        }
    }
    // So is the precision its own row or sentence names (CLAIMS.md §3 Quantisation: not
    // another configuration in the same text).
    if s.weight_dtype.is_some() && s.other_setup.is_none() {
        c.weight_dtype = s.weight_dtype;
    }
    // So is the load its own point of a list in one sentence states (`12.4 tok/s per user at
    // batch 1, 220 tok/s at batch 32`: the headline's batch is 32).
    if s.own_clause
        && (s.batch_size.is_some() || s.concurrency.is_some())
        && s.other_setup.is_none()
    {
        c.batch_size = s.batch_size;
        c.concurrency = s.concurrency;
    }
    // The engine the headline's own sentence or row names is the one behind it (CLAIMS.md
    // §1.5, §4: another engine named elsewhere is another setup). Its version stays only when
    // it is the same engine.
    let marked = s.other_setup.is_some() || c.runtime_baseline_only.is_some();
    // "vLLM not used", "without vLLM": named as absent.
    let absent = |r: &Found<String>| {
        after(lower, r.span.end, 16)
            .trim_start()
            .starts_with("not used")
            || before(lower, r.span.start, 60).ends_with("without ")
    };
    if let Some(r) = s.runtime.filter(|r| !marked && !absent(r)) {
        if c.runtime.as_ref().is_none_or(|old| old.value != r.value) {
            c.runtime_version = None;
            c.runtime_from_shape = false;
        }
        c.runtime = Some(r);
    }
}

/// CLAIMS.md §1.5 for a tool summary printed once per load point: the headline's block (from
/// the end of the previous block's figure of the same label to the next one's start) states its
/// load (`Concurrency: 5`, `--max-concurrency 5`); that load replaces the text's first.
fn adopt_block_load(lower: &str, c: &mut Claim) {
    let Some(h) = c.figures.first() else { return };
    let Some(label) = h.label.as_deref() else {
        return;
    };
    let same = |f: &&Figure| f.label.as_deref() == Some(label) && !f.derived;
    let from = c
        .figures
        .iter()
        .filter(same)
        .filter(|f| f.span.end <= h.span.start)
        .map(|f| f.span.end)
        .max();
    let Some(from) = from else { return };
    let to = c
        .figures
        .iter()
        .filter(same)
        .filter(|f| f.span.start > h.span.end)
        .map(|f| f.span.start)
        .min()
        .unwrap_or(lower.len())
        .min(lower.len());
    let (from, to) = (floor_boundary(lower, from), floor_boundary(lower, to));
    if from >= to {
        return;
    }
    let mut own = Claim::default();
    read_load_into(&lower[from..to], from, &mut own);
    if own.concurrency.is_some() || own.batch_size.is_some() {
        c.concurrency = own.concurrency;
        c.batch_size = own.batch_size;
    }
}

/// The headline's own settings (its row or sentence) replace the claim-wide ones they name
/// (CLAIMS.md §1 rule 5: settings are read from the same row or point as the figure).
pub(super) fn adopt_headline_settings(c: &mut Claim) {
    let Some(h) = c.figures.first() else { return };
    let s = h.settings.clone();
    if s.batch_size.is_some() || s.concurrency.is_some() {
        c.batch_size = s.batch_size;
        c.concurrency = s.concurrency;
    }
    if s.prompt_tokens.is_some() {
        c.prompt_tokens = s.prompt_tokens;
    }
    if s.output_tokens.is_some() {
        c.output_tokens = s.output_tokens;
    }
    if s.gpu_count.is_some() {
        c.gpu_count = s.gpu_count;
    }
    if s.tp.is_some() {
        c.tp = s.tp;
    }
    if s.weight_dtype.is_some() {
        c.weight_dtype = s.weight_dtype;
    }
}

/// Scopes the text leaves to its shape (CLAIMS.md §2): a latency is one request's view; a
/// llama-bench `tg` row is one stream's decode; a throughput of a run whose stated batch or
/// concurrency is above 1 is aggregate, and at batch 1 it is one user's rate. A run at a request
/// rate the client set (`rate_set`) and no batch serves many requests at once: aggregate too.
fn infer_scopes(figures: &mut [Figure], claim_batch: Option<u32>, rate_set: bool) {
    for f in figures.iter_mut() {
        if f.scope.is_some() {
            continue;
        }
        // The figure's own batch or concurrency first (its row or sentence), else the claim's.
        let batch = f
            .settings
            .batch_size
            .as_ref()
            .or(f.settings.concurrency.as_ref())
            .map(|b| b.value)
            .or(claim_batch);
        let several = batch.map_or(rate_set, |b| b > 1);
        if f.kind.is_latency() {
            f.scope = Some(Scope::PerUser);
        } else if f.kind == FigureKind::DecodeThroughput && !several {
            // A decode rate with no batch above 1: one stream's (llama-bench `tg`, ollama's
            // eval rate, a chat's "decode speed").
            f.scope = Some(Scope::PerUser);
        } else if f.kind.is_throughput() && f.kind != FigureKind::PrefillThroughput {
            if batch == Some(1) {
                f.scope = Some(Scope::PerUser);
                if f.kind != FigureKind::DecodeThroughput {
                    f.kind = FigureKind::ThroughputPerUser;
                }
            } else if several {
                f.scope = Some(Scope::Aggregate);
            }
        }
    }
}

/// The cell of a table the headline belongs to; pushes its header and row label to `focus`.
fn table_figure(lower: &str, t: &table::Table, focus: &mut Vec<Span>) -> Option<Figure> {
    let p = patterns();
    let cell = |s: Span| &lower[s.start..s.end];
    let row = t.rows.first()?;
    let cols = t.header.len();
    // Column: the largest batch (`B: 32`), else the most widely deployed GPU, else the first
    // value column; never a prefill column when another exists.
    let mut best: Option<(usize, i64)> = None;
    for (col, rcell) in row.iter().enumerate().take(cols).skip(1) {
        let h = cell(t.header[col].span);
        if h.contains("prefill") && cols > 2 {
            continue;
        }
        if table::is_value(cell(rcell.span))
            && !cell(rcell.span)
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_digit() || c == '~')
        {
            continue; // OOM
        }
        let batch = p.b_i_o.captures(h).and_then(|c| c[1].parse::<i64>().ok());
        let gpu_rank = p.gpu.captures(h).map(|c| {
            let id = c[3].replace(' ', "-");
            GPU_PREFERENCE
                .iter()
                .position(|g| *g == id)
                .unwrap_or(GPU_PREFERENCE.len()) as i64
        });
        let score = match (batch, gpu_rank) {
            (Some(b), _) => b,
            (None, Some(r)) => -r,
            _ => -100 - col as i64,
        };
        if best.is_none_or(|(_, s)| score > s) {
            best = Some((col, score));
        }
    }
    let (col, _) = best?;
    // A row of times (`Time to first token (ms)`, `Inter token latency`) holds no token rate.
    let label = cell(row[0].span);
    if ["latency", "(ms)", "(s)", "time to", "ttft", "itl", "tpot"]
        .iter()
        .any(|w| label.contains(w))
        && !["tok/s", "tokens/s", "per sec", "/sec"]
            .iter()
            .any(|w| label.contains(w))
    {
        return None;
    }
    let vcell = row[col].span;
    let v = num(cell(vcell)
        .trim_start_matches('~')
        .split('±')
        .next()?
        .trim())?;
    focus.push(t.header[col].span);
    focus.push(row[0].span);
    // Unit and scope: what the text before the table (and the corner cell) says.
    let from = floor_boundary(lower, t.start.saturating_sub(300));
    let pre = format!(
        "{} {}",
        &lower[from..t.start.max(from)],
        cell(t.header[0].span)
    );
    let unit_words = pre.contains("tokens per second")
        || pre.contains("tps")
        || pre.contains("tok/s")
        || pre.contains("t/s");
    let kind = kind_from_words(&pre).filter(|_| unit_words);
    let scope = scope_from_words(&pre).filter(|_| unit_words);
    let mut f = Figure::new(
        v,
        "tok/s",
        kind.unwrap_or(FigureKind::ThroughputUnspecified),
        vcell,
    );
    f.scope = scope;
    f.kind_stated = kind.is_some();
    f.scope_stated = scope.is_some();
    f.label = Some(format!(
        "{} / {}",
        cell(row[0].span),
        cell(t.header[col].span)
    ));
    // ISL/OSL in a header with `1000/1000` as the row label.
    if cell(t.header[0].span).contains("isl/osl") {
        focus.push(Span {
            start: t.header[0].span.start,
            end: t.header[0].span.end,
        });
    }
    Some(settle(f))
}

/// The device a short text (a table header cell) names, as its catalog id; None when it names
/// none.
pub(super) fn device_named(cell: &str) -> Option<String> {
    let c = patterns().gpu.captures(cell)?;
    let variant = c.get(4).map(|m| m.as_str()).unwrap_or("");
    Some(gpu_id(&c[3], variant))
}

/// The first device of `among` that `text` names (as catalog ids), if any.
pub(super) fn first_device_in(text: &str, among: &[String]) -> Option<String> {
    patterns().gpu.captures_iter(text).take(32).find_map(|c| {
        let variant = c.get(4).map(|m| m.as_str()).unwrap_or("");
        let id = gpu_id(&c[3], variant);
        among.contains(&id).then_some(id)
    })
}

/// The setup of one stretch of text (`part`, starting at byte `offset` of the claim), with its
/// batch and concurrency: what [`super::attach`] gives one figure.
pub(super) fn read_setup_into(part: &str, offset: usize, claim: &mut Claim) {
    let p = patterns();
    read_setup(part, offset, claim, p);
    read_batch_and_concurrency(part, offset, claim, p);
}

/// The load, device count and lengths `part` states (a point of a list: see `attach`), without
/// the model, device, precision and engine [`read_setup_into`] also reads.
pub(super) fn read_load_into(part: &str, offset: usize, claim: &mut Claim) {
    let p = patterns();
    read_device_count(part, offset, claim, p);
    read_setup_lengths(part, offset, claim, p);
    read_batch_and_concurrency(part, offset, claim, p);
}

/// A batch as written: digits, or the word "one" ("with a batch size of one").
fn batch_number(s: &str) -> Option<u32> {
    if s == "one" {
        Some(1)
    } else {
        s.parse().ok()
    }
}

fn read_batch_and_concurrency(part: &str, offset: usize, claim: &mut Claim, p: &Patterns) {
    let at = |s: Span| Span {
        start: s.start + offset,
        end: s.end + offset,
    };
    if claim.batch_size.is_none() {
        for c in p.batch.captures_iter(part) {
            let span = whole(&c);
            let head = &part[span.start..span.end];
            if head.starts_with('b') && !head.starts_with("batch") && !head.starts_with("bs") {
                continue;
            }
            if followed_by_rate(part, span.end) || continues_number(part, span.end) {
                continue;
            }
            if let Some(n) = batch_number(&c[1]) {
                // `batch 1/8/32`: a sweep, read at its last point (CLAIMS.md §1.5).
                let (n, end) = super::flags::list_tail(part, span.end).unwrap_or((n, span.end));
                if n > 0 {
                    claim.batch_size = found(
                        n,
                        at(Span {
                            start: span.start,
                            end,
                        }),
                    );
                    break;
                }
            }
        }
    }
    if claim.concurrency.is_none() {
        // Chinese: `并发 16`, `并发数：64`, `并发为 8` (a point of a list states its own);
        // `单并发` is one.
        if let Some(i) = part.find("单并发") {
            claim.concurrency = found(
                1,
                at(Span {
                    start: i,
                    end: i + "单并发".len(),
                }),
            );
        } else if let Some(i) = part.find("并发") {
            let rest = &part[i + "并发".len()..];
            let rest = rest.strip_prefix("数").unwrap_or(rest);
            let rest = rest.trim_start_matches([' ', ':', '：', '=', '为', '是']);
            let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            if let Some(n) = rest[..digits].parse::<u32>().ok().filter(|n| *n > 0) {
                let start = i;
                let end = part.len() - rest.len() + digits;
                claim.concurrency = found(n, at(Span { start, end }));
            }
        }
    }
    if claim.concurrency.is_none() {
        // A number that goes on (`concurrent users: 5,600 tok/s`) is a figure, not the load.
        let load = |c: &Caps| !continues_number(part, whole(c).end) && users_led(part, c);
        if let Some(c) = p
            .concurrency
            .captures_iter(part)
            .find(load)
            .or_else(|| p.concurrency_after.captures_iter(part).find(load))
        {
            if let Ok(n) = c[1].parse::<u32>() {
                claim.concurrency = found(n, at(whole(&c)));
            }
        }
    }
}

/// A bare count of users, clients or streams (no "concurrent") is a load only after "at",
/// "with" or "for" (`at 8 users`), not a user base (`1000 users a day`). True for every other
/// match of the concurrency patterns.
fn users_led(hay: &str, c: &Caps) -> bool {
    let w = whole(c);
    // Digits after a decimal point or a thousands separator (`1901.65` then `Concurrency:` on
    // the next line, `1,000 users`) are the tail of another number, not a load.
    let b = hay.as_bytes();
    if w.start >= 2 && matches!(b[w.start - 1], b'.' | b',') && b[w.start - 2].is_ascii_digit() {
        return false;
    }
    let words: Vec<&str> = hay[w.start..w.end].split_whitespace().collect();
    let bare = matches!(words.as_slice(), [_, "users" | "clients" | "streams"]);
    let before = hay[..w.start].trim_end();
    !bare
        || ["at", "with", "for"].iter().any(|l| {
            before.ends_with(l)
                && !before[..before.len() - l.len()]
                    .ends_with(|ch: char| ch.is_ascii_alphanumeric())
        })
}

/// Reads the setup fields that are still empty in `claim` from `part` (which starts at byte
/// `offset` of the claim text), stage by stage.
fn read_setup(part: &str, offset: usize, claim: &mut Claim, p: &Patterns) {
    read_hardware(part, offset, claim, p);
    read_setup_lengths(part, offset, claim, p);
    read_precision(part, offset, claim, p);
    read_runtime(part, offset, claim, p);
    if claim.model.is_none() {
        claim.model = read_model(part, p).map(|m| Found {
            value: m.value,
            span: shift(m.span, offset),
        });
    }
}

/// Words that make a sentence a hypothetical or a suggestion: its settings are not the run's.
const HYPOTHETICAL: &[&str] = &[
    "如果",
    "假如",
    "假设",
    "理论上",
    "if you ",
    "if we ",
    "if i ",
    "if one ",
    "you could ",
    "you should ",
    "you can try",
    "try using",
    "would be able",
    "we would ",
    "i would ",
];

/// The text with every sentence that holds a [`HYPOTHETICAL`] word blanked (each byte a space,
/// so spans hold). Sentences end at a line end, `。`, `！`, `？`, `；`, `; ` or `. `.
fn mask_hypotheticals(lower: &str) -> std::borrow::Cow<'_, str> {
    if !HYPOTHETICAL.iter().any(|w| lower.contains(w)) {
        return std::borrow::Cow::Borrowed(lower);
    }
    let mut out = String::with_capacity(lower.len());
    let mut rest = lower;
    while !rest.is_empty() {
        let end = ["\n", "。", "！", "？", "；", "; ", ". "]
            .iter()
            .filter_map(|b| rest.find(b).map(|i| i + b.len()))
            .min()
            .unwrap_or(rest.len());
        let sentence = &rest[..end];
        if HYPOTHETICAL.iter().any(|w| sentence.contains(w)) {
            out.extend(std::iter::repeat_n(' ', sentence.len()));
        } else {
            out.push_str(sentence);
        }
        rest = &rest[end..];
    }
    std::borrow::Cow::Owned(out)
}

/// The text with a template's examples in parentheses blanked (`Device (e.g. MacBook Pro M2,
/// PC+RTX 3080): orin 64GB`): they name no setup of the run. Each byte a space, so spans hold.
fn blank_examples(lower: &str) -> std::borrow::Cow<'_, str> {
    if !lower.contains("(e.g.") && !lower.contains("(eg.") {
        return std::borrow::Cow::Borrowed(lower);
    }
    let mut text = lower.to_string();
    let mut from = 0;
    while let Some(i) = ["(e.g.", "(eg."]
        .iter()
        .filter_map(|m| text[from..].find(m))
        .min()
        .map(|i| from + i)
    {
        let close = text[i..].find(')').map_or(text.len(), |k| i + k + 1);
        let blank = " ".repeat(close - i);
        text.replace_range(i..close, &blank);
        from = close;
    }
    std::borrow::Cow::Owned(text)
}

/// `s` moved `offset` bytes on (a span in a part to a span in the claim text).
fn shift(s: Span, offset: usize) -> Span {
    Span {
        start: s.start + offset,
        end: s.end + offset,
    }
}

/// The device, its count (written, in words, Chinese 卡, TP × PP), TP and the interconnect
/// (CLAIMS.md §3 Hardware).
fn read_hardware(part: &str, offset: usize, claim: &mut Claim, p: &Patterns) {
    read_device(part, offset, claim, p);
    read_device_count(part, offset, claim, p);
}

/// The device the run used: the first GPU or accelerator named (a later mention of the same
/// family with its variant says which one), with a count written beside it.
/// The GPUs of a rack-scale NVLink domain written after the device (`nvl72`, `nvl32`, `nvl36`):
/// the number itself (NVIDIA's names count the GPUs of the domain). `nvl` alone (H100 NVL, a
/// PCIe card pair) counts nothing.
fn nvl_domain(variant: &str) -> Option<u32> {
    let i = variant.find("nvl")?;
    let rest = &variant[i + 3..];
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    rest[..digits].parse::<u32>().ok().filter(|&n| n >= 8)
}

/// The most device mentions [`read_device`] looks at.
const MAX_DEVICE_MENTIONS: usize = 48;

fn read_device(part: &str, offset: usize, claim: &mut Claim, p: &Patterns) {
    let at = |s: Span| shift(s, offset);
    // Hardware.
    if claim.gpu.is_none() {
        let mut chosen: Option<(String, Span)> = None;
        let count_before = claim.gpu_count.clone();
        // The first mentions decide (a later variant or count of the same device included); a
        // long paste's hundredth mention of it changes nothing and would cost a regex run each.
        for c in p.gpu.captures_iter(part).take(MAX_DEVICE_MENTIONS) {
            let fam = c[3].to_string();
            let variant = c.get(4).map(|m| m.as_str()).unwrap_or("");
            // Intel's Gaudi software stack (`+Gaudi-1.19.0`, "Gaudi software 1.19") is no
            // device: a version follows the name, or the word software.
            if fam.starts_with("gaudi") && variant.is_empty() {
                let rest = &part[whole(&c).end..];
                let versioned = rest.strip_prefix(['-', ' ']).is_some_and(|r| {
                    let d = r.len() - r.trim_start_matches(|ch: char| ch.is_ascii_digit()).len();
                    d > 0 && r[d..].starts_with('.')
                });
                if versioned || rest.trim_start().starts_with("software") {
                    continue;
                }
            }
            // 昇腾 glued before the chip (`在昇腾910B上`) is read whole below.
            if fam.starts_with("910") && before(part, span_of(&c, 3).start, 8).ends_with("昇腾") {
                continue;
            }
            let gpu_span = Span {
                start: span_of(&c, 3).start,
                end: c.get(4).map(|m| m.end()).unwrap_or(span_of(&c, 3).end),
            };
            // A DGX or HGX H100 board holds the SXM part (NVIDIA's DGX H100 datasheet: eight
            // H100 SXM5 modules on the HGX baseboard).
            let board = before(part, span_of(&c, 3).start, 8).trim_end();
            let id = if fam.starts_with("gb200") && variant.contains("nvl72") {
                "gb200".to_string()
            } else if fam == "h100" && (board.ends_with("dgx") || board.ends_with("hgx")) {
                "h100-sxm".to_string()
            } else {
                gpu_id(&fam, variant)
            };
            let lumped = part[whole(&c).end..].starts_with('/');
            // A TPU slice names its chips: `TPU v5e-8` is eight.
            let slice = if id.starts_with("tpu") {
                let rest = &part[whole(&c).end..];
                rest.strip_prefix('-').and_then(|r| {
                    let d = r.len() - r.trim_start_matches(|ch: char| ch.is_ascii_digit()).len();
                    r[..d].parse::<u32>().ok()
                })
            } else {
                None
            };
            let lead = if c.get(1).is_none() && c.get(2).is_none() {
                lead_count(part, whole(&c).start, whole(&c).end, &id)
            } else {
                None
            };
            let count = c
                .get(1)
                .or(c.get(5))
                .or(c.get(6))
                // A count after the name, as Japanese and Korean write it (`RTX 4090 1枚`,
                // `H100 80GB 2장`, read as `张`).
                .or(c.get(7))
                .and_then(|m| m.as_str().parse::<u32>().ok())
                .or(lead)
                // A count of NVLink domains (`4 GB300 NVL72 systems`): their GPUs.
                .map(|n| nvl_domain(variant).map_or(n, |d| n * d))
                .or(slice)
                // A rack-scale NVLink domain names its GPUs (`GB200 NVL72`, `GH200 NVL32`).
                .or(nvl_domain(variant))
                .or(c.get(2).map(|_| 1))
                .or(single_chip(&id).then_some(1));
            match &chosen {
                None => {
                    if let Some(n) = count {
                        if claim.gpu_count.is_none() {
                            claim.gpu_count = found(n, at(whole(&c)));
                        }
                    }
                    if lumped {
                        // `H100/H200`: two GPU models in one row; no single id.
                        claim.gpu_lumped = Some(at(gpu_span));
                        chosen = Some((String::new(), gpu_span));
                        break;
                    }
                    chosen = Some((id, gpu_span));
                }
                Some((first, _)) if *first == id => {
                    if let (Some(n), None) = (count, &claim.gpu_count) {
                        claim.gpu_count = found(n, at(whole(&c)));
                    }
                }
                // A later mention of the same family with its variant (`A100` … `A100-SXM4-80GB`)
                // says which one.
                Some((first, _)) if !first.is_empty() && id.starts_with(&format!("{first}-")) => {
                    chosen = Some((id, gpu_span));
                    if let (Some(n), None) = (count, &claim.gpu_count) {
                        claim.gpu_count = found(n, at(whole(&c)));
                    }
                }
                // A server written with its chips right after it (`Atlas 800I A2（8×910B4）`):
                // the chips are the device, and their count the server's.
                Some((first, s))
                    if first.starts_with("ascend-atlas")
                        && id.starts_with("ascend-910")
                        && part
                            .get(s.end..whole(&c).start)
                            .is_some_and(|gap| gap.len() <= 8 && gap.contains(['(', '（'])) =>
                {
                    chosen = Some((id, gpu_span));
                    if let Some(n) = count {
                        claim.gpu_count = found(n, at(whole(&c)));
                    }
                }
                _ => {}
            }
        }
        // A GeForce written as its number (`my 2x 3090 rig`) before the first catalog name
        // (`my friend's M3 Max`) is the text's first device: the subject (CLAIMS.md §1.5).
        // Only when the catalog name is another setup's (`for comparison my friend's M3 Max`,
        // `vs an H100`) and the number is the author's (`my 2x 3090`); the bare-number search
        // runs only then (it scans the whole text).
        let others = |s: &Span| {
            let pre = before(part, s.start, 48);
            ["comparison", "friend", " vs", "compared", "versus"]
                .iter()
                .any(|w| pre.contains(w))
        };
        let bare = if chosen.as_ref().is_none_or(|(_, s)| others(s)) {
            bare_geforce(part)
        } else {
            None
        };
        if let Some((id, span, n)) = bare {
            let own = {
                let pre = part[..span.start.min(part.len())].trim_end();
                pre.ends_with("my") || pre.ends_with("our") || n.is_some()
            };
            if chosen
                .as_ref()
                .is_none_or(|(_, s)| span.start < s.start && own && others(s))
            {
                if chosen.is_some() {
                    claim.gpu_count = count_before.clone();
                }
                if let (Some(n), None) = (n, &claim.gpu_count) {
                    claim.gpu_count = found(n, at(span));
                }
                chosen = Some((id, span));
            }
        }
        // A cloud instance names the GPU and its count; where the GPU is also written (`ND MI300X
        // v5`), the instance still gives the count.
        if let Some((id, span, n)) = cloud_instance(part) {
            let same = chosen.as_ref().is_none_or(|(c, _)| c == id);
            if same && claim.gpu_count.is_none() {
                claim.gpu_count = found(n, at(span));
            }
            if chosen.is_none() {
                chosen = Some((id.to_string(), span));
            }
        }
        // Ascend written in Chinese right after other Chinese text (`在昇腾910B上`): no word
        // boundary lets `gpu` start there.
        if chosen.is_none() {
            if let Some(c) = p.ascend_cn.captures(part) {
                let m = whole(&c);
                chosen = Some((gpu_id(&part[m.start..m.end], ""), m));
            }
        }
        if let Some((id, span)) = chosen {
            if !id.is_empty() {
                let written = &part[span.start.min(part.len())..span.end.min(part.len())];
                claim.gpu_form_factor = written.contains("sxm") || written.contains("pcie");
                claim.gpu = found(id, at(span));
            }
        }
    }
}

/// Latencies written in Chinese, the words before the number: TTFT (`首字延迟 85 ms`,
/// `首token延迟(TTFT) P99 为 1.8 秒`, `首包时延`), time per output token (`每个token的生成时间 18
/// ms`, `token间延迟`) and end-to-end latency (`端到端延迟`), with 毫秒/秒 as units. Per user, kind
/// and scope stated, like their English forms.
fn chinese_latencies(lower: &str) -> Vec<Figure> {
    let mut out = Vec::new();
    if !lower.contains('延') && !lower.contains("时间") && !lower.contains("耗时") {
        return out;
    }
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(&format!(
            r"(?:(首字|首\s*tokens?|首包)\s*(?:的)?\s*(?:延迟|时延|耗时|响应时间|时间)|(每个?\s*tokens?\s*(?:的)?\s*(?:生成|输出)?\s*(?:时间|耗时|延迟|时延)|tokens?\s*间\s*(?:延迟|时延|隔)|(?:输出|生成)\s*token\s*间隔)|(端到端\s*(?:延迟|时延|耗时)))[^0-9\n。；;]{{0,24}}?(?:(p\d{{2}})[^0-9\n。；;]{{0,8}}?)?{NUM}\s*(ms|毫秒|s\b|秒)"
        ))
        .expect("static pattern compiles")
    });
    for c in captures_near(lower, re, &["延", "时间", "耗时", "间隔"], 40, 80) {
        let Some(n) = c.get(5) else { continue };
        let Some(v) = num(n.as_str()) else { continue };
        let kind = if c.get(1).is_some() {
            FigureKind::Ttft
        } else if c.get(2).is_some() {
            FigureKind::Tpot
        } else {
            FigureKind::E2eLatency
        };
        let unit = if matches!(&c[6], "ms" | "毫秒") {
            "ms"
        } else {
            "s"
        };
        let span = Span {
            start: n.start(),
            end: whole(&c).end,
        };
        let mut f = Figure::new(v, unit, kind, span);
        f.scope = Some(Scope::PerUser);
        f.kind_stated = true;
        f.scope_stated = true;
        let words = &lower[whole(&c).start..n.start()];
        let pre = before(lower, whole(&c).start, 24);
        f.percentile = if let Some(p) = c.get(4) {
            Some(p.as_str().to_string())
        } else if words.contains("平均") || pre.contains("平均") || words.contains("均值") {
            Some("mean".into())
        } else {
            None
        };
        out.push(f);
    }
    out
}

/// A cloud GPU instance named instead of its GPUs (AWS EC2 here, Google Cloud in [`gcp_machine`]) (CLAIMS.md §3 Hardware: the device and
/// the count the run had): the catalog id, the span and the instance's GPU count, like a DGX's
/// eight. Instance contents from the public instance tables: p4d.24xlarge 8 × A100 40 GB,
/// g5.xlarge–16xlarge 1 × A10G, g5.12xlarge/24xlarge 4, g5.48xlarge 8 (AWS's accelerated-
/// computing table as reproduced in gist.github.com/shashankprasanna/10ebe6dc1ba1d8d93db17da4e2cc890e);
/// p4de.24xlarge 8 × A100 80 GB, p5.48xlarge 8 × H100 SXM (data-receipts hyperscalers.json,
/// retrieved 2026-11-09); p5e/p5en.48xlarge 8 × H200 (dstack PR 4110, `gpu=H200:141GB:8`).
fn cloud_instance(part: &str) -> Option<(&'static str, Span, u32)> {
    // Each regex below runs over the whole text: only where its literal can match.
    if !part.contains("xlarge") {
        return gcp_machine(part).or_else(|| azure_vm(part));
    }
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(r"\b(p5en|p5e|p5|p4de|p4d|g5|inf2|trn1n|trn1|trn2)\.(\d{0,2})xlarge\b")
            .expect("static pattern compiles")
    });
    captures_near(part, re, &["xlarge"], 16, 12)
        .into_iter()
        .find_map(|c| {
            let size = &c[2];
            let (id, n) = match (&c[1], size) {
                ("p5", "48") => ("h100-sxm", 8),
                ("p5e" | "p5en", "48") => ("h200", 8),
                ("p4d", "24") => ("a100-40gb", 8),
                ("p4de", "24") => ("a100-80gb", 8),
                ("g5", "" | "2" | "4" | "8" | "16") => ("a10g", 1),
                ("g5", "12" | "24") => ("a10g", 4),
                ("g5", "48") => ("a10g", 8),
                // AWS Neuron instances (Neuron docs, "Inf2 Architecture" and "Trn1
                // Architecture" instance tables): chips, not NeuronCores.
                ("inf2", "" | "8") => ("aws-inferentia2", 1),
                ("inf2", "24") => ("aws-inferentia2", 6),
                ("inf2", "48") => ("aws-inferentia2", 12),
                ("trn1" | "trn1n", "2") => ("aws-trainium", 1),
                ("trn1" | "trn1n", "32") => ("aws-trainium", 16),
                ("trn2", "48") => ("aws-trainium2", 16),
                _ => return None,
            };
            let m = whole(&c);
            Some((id, m, n))
        })
        .or_else(|| gcp_machine(part))
        .or_else(|| azure_vm(part))
}

/// An Azure GPU VM size (`Standard_ND96isr_H100_v5`, `NC24ads_A100_v4`) or an ND series written
/// as prose (`ND H100 v5`, whose one size holds eight GPUs): its GPU and count. Sizes, GPUs and
/// counts from Microsoft's size tables as reproduced in the Hugging Face Azure docs
/// (huggingface.co/docs/microsoft-azure/azure-ai/hardware: NC24/48/96ads_A100_v4 1/2/4 × A100
/// 80 GB PCIe, NC40ads/NC80adis_H100_v5 1/2 × H100 NVL, ND96asr_v4 8 × A100 40 GB,
/// ND96amsr_A100_v4 8 × A100 80 GB, ND96isr_H100_v5 8 × H100 80 GB) and Aspire's AKS size list
/// (github.com/microsoft/aspire `AksNodeVmSizes.cs`: ND96isr_H200_v5 8 GPUs); the ND MI300X v5
/// series is 8 × MI300X (learn.microsoft.com, ND-MI300X-v5 series).
fn azure_vm(part: &str) -> Option<(&'static str, Span, u32)> {
    let sized = ["ads_", "adis_", "nd96"].iter().any(|w| part.contains(w));
    let series = ["v4", "v5"].iter().any(|w| part.contains(w))
        && ["nd ", "nd_", "nd-", "ndisr", "nd h", "nd mi"]
            .iter()
            .any(|w| part.contains(w));
    if !sized && !series {
        return None;
    }
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(
            r"\b(?:standard_)?(?:(nc24ads|nc48ads|nc96ads)_a100_v4|(nc40ads|nc80adis)_h100_v5|nd96(?:isr|asr|amsr)?_?(h100|h200|mi300x|a100)?_?v[45]|nd[\s_-]?(?:isr[\s_-]?)?(h100|h200|mi300x)[\s_-]?v5)\b",
        )
        .expect("static pattern compiles")
    });
    let anchors = ["ads_", "adis_", "nd96", "nd ", "nd_", "nd-", "ndisr"];
    captures_near(part, re, &anchors, 24, 48)
        .into_iter()
        .find_map(|c| {
            let m = whole(&c);
            let hit = |id, n| Some((id, m, n));
            if let Some(size) = c.get(1) {
                let n = match size.as_str() {
                    "nc24ads" => 1,
                    "nc48ads" => 2,
                    _ => 4,
                };
                return hit("a100-pcie", n);
            }
            if let Some(size) = c.get(2) {
                return hit("h100-nvl", if size.as_str() == "nc40ads" { 1 } else { 2 });
            }
            let gpu = c.get(3).or(c.get(4)).map(|g| g.as_str());
            let text = c.get(0).map_or("", |g| g.as_str());
            match gpu {
                Some("h100") => hit("h100-sxm", 8),
                Some("h200") => hit("h200", 8),
                Some("mi300x") => hit("mi300x", 8),
                // ND96amsr_A100_v4 holds 80 GB A100s; ND96asr_v4 40 GB ones.
                Some("a100") if text.contains("amsr") => hit("a100-80gb", 8),
                None if text.contains("asr_v4") && !text.contains("amsr") => hit("a100-40gb", 8),
                _ => None,
            }
        })
}

/// A Google Cloud A2/A3 machine type (`a3-highgpu-8g`): its `-Ng` suffix is its GPU count
/// (Google: "each A3/A2/G2 machine type has a fixed GPU count"); A3 High and Mega hold H100
/// 80 GB, A3 Ultra H200 (Cluster Toolkit v1.44.1 release notes), A2 High and Mega A100 40 GB,
/// A2 Ultra A100 80 GB (the machine table reproduced in huggingface.co/spaces/Elfsong/gcp_allocator).
fn gcp_machine(part: &str) -> Option<(&'static str, Span, u32)> {
    if !part.contains("gpu-") {
        return None;
    }
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(
            r"\b(a3-highgpu|a3-megagpu|a3-ultragpu|a2-highgpu|a2-megagpu|a2-ultragpu)-(\d{1,2})g\b",
        )
        .expect("static pattern compiles")
    });
    captures_near(part, re, &["gpu-"], 16, 8)
        .into_iter()
        .find_map(|c| {
            let n: u32 = c[2].parse().ok().filter(|&n| n > 0)?;
            let id = match &c[1] {
                "a3-highgpu" | "a3-megagpu" => "h100-sxm",
                "a3-ultragpu" => "h200",
                "a2-ultragpu" => "a100-80gb",
                _ => "a100-40gb",
            };
            Some((id, whole(&c), n))
        })
}

/// A GeForce card written by its number alone (`2x 3090`, `GPU: 4090 24G`, `4060 Ti 16GB`,
/// `1*3090`): `rtx-NNNN`. A bare four-digit number is only a card with a sign that it is one:
/// a device count before it (`2x`, `1*`, `dual`), a `GPU` label or word right before, or a
/// `Ti`, a memory size (`24G`, `16GB`) or a plural right after. Returns the id, the span and
/// the count when one is written.
fn bare_geforce(part: &str) -> Option<(String, Span, Option<u32>)> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(
            r"(?:\b(\d{1,2})\s*[x×*]\s*|\b(dual|two|quad|four)\s+|\b(a|my|one|single|our|his|her|their|your)\s+|\b)([2345]0[5-9]0)(\s*ti\b)?(\s*(?:\d{2}\s*gb?\b|gpus?\b|cards?\b|s\b))?",
        )
        .expect("static pattern compiles")
    });
    for c in re.captures_iter(part) {
        let m = c.get(4)?;
        let pre = before(part, m.start(), 12);
        // Chinese "runs on" after it (`4090 跑 Qwen2.5-32B`, `4090 上部署`): the one card used.
        let runs_on = ["跑", "上", "运行", "部署"]
            .iter()
            .any(|w| part[m.end()..].trim_start().starts_with(w));
        let labelled = pre.trim_end().ends_with("gpu:")
            || pre.trim_end().ends_with("gpu")
            || pre.trim_end().ends_with("geforce")
            || pre.trim_end().ends_with("显卡")
            || pre.trim_end().ends_with("显卡:")
            // A Chinese count of cards before the number (单卡 4090, 两张 3090).
            || pre.trim_end().ends_with(['卡', '张', '块'])
            // The device a run was on (`llama 7B on 3090`), or its vendor (`nVidia 3090`).
            || pre.trim_end().ends_with(" on")
            || pre.trim_end().ends_with("nvidia")
            || runs_on;
        let counted = c.get(1).is_some() || c.get(2).is_some();
        // An article or possessive before the bare number (`a 4090 does…`, `my 3090`): one
        // device, not a year or a count.
        let owned = c.get(3).is_some();
        if !(labelled || counted || owned || c.get(5).is_some() || c.get(6).is_some()) {
            continue;
        }
        let ti = if c.get(5).is_some() { "-ti" } else { "" };
        let id = format!("rtx-{}{ti}", m.as_str());
        let end = c.get(5).map_or(m.end(), |t| t.end());
        let n = c
            .get(1)
            .and_then(|d| d.as_str().parse().ok())
            .or(c.get(2).map(|w| match w.as_str() {
                "dual" | "two" => 2,
                _ => 4,
            }))
            .or(runs_on.then_some(1))
            .filter(|&n| n > 0);
        return Some((
            id,
            Span {
                start: m.start(),
                end,
            },
            n,
        ));
    }
    None
}

/// Device counts written apart from the name (`8 GPUs`, 单卡 / 八卡, TP × PP, a singular
/// mention), TP and the interconnect.
fn read_device_count(part: &str, offset: usize, claim: &mut Claim, p: &Patterns) {
    let at = |s: Span| shift(s, offset);
    // A record of the device count (`Number of GPUs: 8`, `num_gpus=4`, `GPU count: 2`,
    // `world_size: 2`): the devices the run used.
    if claim.gpu_count.is_none()
        && (part.contains("gpu") || part.contains("world") || part.contains("device"))
    {
        static RECORD: OnceLock<Regex> = OnceLock::new();
        let re = RECORD.get_or_init(|| {
            Regex::new(r#"\b(?:num(?:ber)?[\s_-]*(?:of[\s_-]*)?(?:gpus|devices)|n[\s_-]?gpus|gpu[\s_-]*count|world[\s_-]*size)"?\s*[:=]?\s*"?(\d{1,4})\b"#)
                .expect("static pattern compiles")
        });
        if let Some(c) = re.captures(part) {
            let m = c.get(1).expect("group 1");
            if let Ok(n) = m.as_str().parse::<u32>() {
                if n > 0 && !continues_number(part, m.end()) {
                    let w = c.get(0).expect("group 0");
                    claim.gpu_count = found(
                        n,
                        at(Span {
                            start: w.start(),
                            end: w.end(),
                        }),
                    );
                }
            }
        }
    }
    // The first count of devices whose words between number and device name do not cross to
    // another setting (`BS 32 on 8 GPUs` is 8 devices, not 32; `2 RTX 4090 GPUs` is 2).
    let mut from = 0;
    let mut counted: Option<(String, Span)> = None;
    while from < part.len() {
        let Some(c) = p.gpus_word.captures(&part[from..]) else {
            break;
        };
        let Some(num) = c.get(1) else { break };
        let w = whole(&c);
        let gap = &part[from + num.end()..from + w.end];
        let crosses = gap.split(|ch: char| !ch.is_ascii_alphanumeric()).any(|t| {
            matches!(
                t,
                "on" | "at"
                    | "with"
                    | "per"
                    | "in"
                    | "for"
                    | "using"
                    | "across"
                    | "and"
                    | "or"
                    | "of"
                    | "over"
                    // A ratio (`20 times faster than Nvidia GPUs`), not a count.
                    | "times"
                    | "than"
                    | "faster"
                    | "slower"
                    | "x"
            ) || (!t.is_empty() && t.len() <= 2 && t.bytes().all(|b| b.is_ascii_digit()))
        });
        if crosses {
            from += num.end();
            continue;
        }
        counted = Some((
            num.as_str().to_string(),
            Span {
                start: from + w.start,
                end: from + w.end,
            },
        ));
        break;
    }
    if let Some((word, span)) = counted {
        let n = match word.as_str() {
            "one" | "single" => Some(1),
            "two" | "dual" => Some(2),
            "three" => Some(3),
            "four" | "quad" => Some(4),
            "six" => Some(6),
            "eight" => Some(8),
            "sixteen" => Some(16),
            d => d.parse().ok(),
        };
        if let Some(n) = n {
            // A title's loose "on an H200" over a body that counts eight GPUs is no conflict:
            // the body's count stands.
            let in_title = |g: &Found<String>| {
                offset == 0 && title_span(part).is_some_and(|t| g.span.end <= t.end)
            };
            let singular = claim.gpu.as_ref().is_some_and(|g| {
                let b = before(part, g.span.start.saturating_sub(offset), 8);
                (b.ends_with("an ") || b.ends_with("a ")) && !in_title(g)
            });
            // A count of servers read as devices (`2× H200 nodes (16 GPUs)`): the devices.
            let of_servers = claim.gpu_count.as_ref().is_some_and(|g| {
                let end = g.span.end.checked_sub(offset).filter(|&e| e <= part.len());
                end.is_some_and(|e| {
                    let rest = part[e..].trim_start();
                    ["node", "server", "machine", "host", "instance"]
                        .iter()
                        .any(|w| rest.starts_with(w))
                })
            });
            match &claim.gpu_count {
                None => claim.gpu_count = found(n, at(span)),
                Some(g) if g.value != n && of_servers && n > g.value => {
                    claim.gpu_count = found(n, at(span));
                }
                Some(g) if g.value != n => claim.gpu_count_conflict = true,
                _ => {}
            }
            if singular && n > 1 {
                claim.gpu_count_conflict = true;
            }
        }
    }
    if claim.tp.is_none() {
        // A sweep of TP degrees ("TP 2/4/8", "tp=2 or tp=4") is read at its last point
        // (CLAIMS.md §1 rule 5); a suggestion ("try TP=4") is another setup.
        for c in p.tp.captures_iter(part) {
            let span = whole(&c);
            // `with TP: 19.6 t/s`: a figure after the label, not a degree.
            if continues_number(part, span.end) {
                continue;
            }
            let pre = before(part, span.start, 24);
            if pre.contains("try") || pre.contains("would") || pre.contains("suggest") {
                continue;
            }
            let mut n = c[1].parse::<u32>().ok().filter(|n| *n > 0);
            let mut end = span.end;
            // `2/4/8`: the sweep's last value.
            while let Some(rest) = part[end..].strip_prefix('/') {
                let digits =
                    rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                if digits == 0 {
                    break;
                }
                n = rest[..digits].parse().ok().filter(|n| *n > 0).or(n);
                end += 1 + digits;
            }
            if let Some(n) = n {
                claim.tp = found(
                    n,
                    at(Span {
                        start: span.start,
                        end,
                    }),
                );
            }
        }
    }
    // A total written in Chinese (`2 台 8 卡 H100（共 16 卡）`): the devices, over any per-server
    // count read before it.
    if let Some(i) = part.find("共") {
        let rest = part[i + "共".len()..].trim_start();
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let unit = rest[digits..].trim_start();
        if let Some(n) = rest[..digits].parse::<u32>().ok().filter(|n| *n > 0) {
            if ["卡", "张", "块", "gpu"]
                .iter()
                .any(|u| unit.starts_with(u))
            {
                let end = part.len() - unit.len();
                claim.gpu_count = found(n, at(Span { start: i, end }));
                claim.gpu_count_conflict = false;
            }
        }
    }
    // Chinese card counts: 单卡 / 双卡 / 四卡 / 八卡, or a digit before 卡.
    if claim.gpu_count.is_none() {
        // Number words before 卡 / 张 / 块 (cards): 两张 A100 is two.
        for (w, n) in [
            ("十六卡", 16),
            ("十六张", 16),
            ("十六块", 16),
            ("单卡", 1),
            ("单张", 1),
            ("单块", 1),
            ("一张", 1),
            ("一块", 1),
            ("双卡", 2),
            ("两卡", 2),
            ("两张", 2),
            ("两块", 2),
            ("二卡", 2),
            ("三张", 3),
            ("三块", 3),
            ("四卡", 4),
            ("四张", 4),
            ("四块", 4),
            ("六卡", 6),
            ("六张", 6),
            ("八卡", 8),
            ("八张", 8),
            ("八块", 8),
        ] {
            if let Some(i) = part.find(w) {
                claim.gpu_count = found(
                    n,
                    at(Span {
                        start: i,
                        end: i + w.len(),
                    }),
                );
                break;
            }
        }
    }
    // `8 卡`, `8卡 H800`, `16张卡`: digits before 卡 (cards).
    if claim.gpu_count.is_none() {
        for (i, _) in part.match_indices('卡').take(16) {
            let head = part[..i].trim_end_matches([' ', '张']);
            let d = head.len() - head.trim_end_matches(|c: char| c.is_ascii_digit()).len();
            if d == 0 || d > 4 {
                continue;
            }
            if let Ok(n) = head[head.len() - d..].parse::<u32>() {
                if n > 0 {
                    claim.gpu_count = found(
                        n,
                        at(Span {
                            start: head.len() - d,
                            end: i + '卡'.len_utf8(),
                        }),
                    );
                    break;
                }
            }
        }
    }
    // A device named once, in the singular, as the one the run used ("on an RTX 3090",
    // "GPU: H100", "with a A100"): one device (CLAIMS.md §3).
    if claim.gpu_count.is_none() && claim.tp.as_ref().is_none_or(|t| t.value == 1) {
        if let Some(g) = &claim.gpu {
            let local = g.span.start.saturating_sub(offset);
            if local <= part.len() && g.span.start >= offset {
                let b = before(part, local, 24);
                let mut b = b.trim_end_matches([' ', '*', '"']);
                // A vendor word between the marker and the name ("on NVIDIA H100").
                for v in [
                    "nvidia",
                    "amd instinct",
                    "amd",
                    "intel®",
                    "intel",
                    "huawei",
                    "google cloud",
                    "google",
                    "geforce",
                ]
                .iter()
                .cycle()
                .take(18)
                {
                    b = b.strip_suffix(v).unwrap_or(b).trim_end();
                }
                // A quoted value after a key (`"gpu_type": "NVIDIA A100"`).
                let b = b.trim_end_matches([' ', '"']);
                let device = [
                    " on",
                    " on a",
                    " on an",
                    " with a",
                    " with an",
                    " using a",
                    " using an",
                    "gpu:",
                    "gpu =",
                    "device:",
                    "device 0:",
                    "gpu 0:",
                    "gpu0:",
                    "hardware:",
                    "gpu_type:",
                    "gpu_type\":",
                    "gpu type:",
                    " single",
                    " one",
                    "1x",
                    "1 x",
                    "1×",
                    "1*",
                    "one x",
                ]
                .iter()
                .any(|w| format!(" {b}").ends_with(w));
                let end = (g.span.end - offset).min(part.len());
                let rest = part[end..].trim_start();
                let plural =
                    rest.starts_with("gpus") || rest.starts_with("s ") || rest.starts_with("cards");
                // Systems of several chips (Tenstorrent boxes, Cerebras) are not one device.
                let system = g.value.starts_with("tt-") || g.value.starts_with("cerebras");
                if device && !plural && !system && !part.contains(" gpus") {
                    claim.gpu_count = found(1, g.span);
                }
            }
        }
    }
    if claim.gpu_count.is_none() && offset > 0 {
        if let Some(t) = &claim.tp {
            claim.gpu_count = Some(t.clone());
        }
    }
    if claim.interconnect.is_none() {
        if let Some(c) = p.interconnect.captures(part) {
            claim.interconnect = found(c[1].to_string(), at(whole(&c)));
        }
    }
}

/// Prompt and output lengths (CLAIMS.md §3 Lengths): pairs and records first, then
/// [`read_lengths`].
fn read_setup_lengths(part: &str, offset: usize, claim: &mut Claim, p: &Patterns) {
    let at = |s: Span| shift(s, offset);
    // Sequence lengths.
    let pair = |claim: &mut Claim, i: Option<u32>, o: Option<u32>, span: Span| {
        if let (Some(i), Some(o), None, None) = (i, o, &claim.prompt_tokens, &claim.output_tokens) {
            claim.prompt_tokens = found(i, span);
            claim.output_tokens = found(o, span);
        }
    };
    if let Some(c) = p.isl_osl.captures(part) {
        let i = num(&c[1]).map(|v| v * kilo(c.get(2))).and_then(token_count);
        let o = num(&c[3]).map(|v| v * kilo(c.get(4))).and_then(token_count);
        pair(claim, i, o, at(whole(&c)));
    }
    if let Some(c) = p.b_i_o.captures(part) {
        let i = num(&c[2]).map(|v| v * kilo(c.get(3))).and_then(token_count);
        let o = num(&c[4]).map(|v| v * kilo(c.get(5))).and_then(token_count);
        pair(claim, i, o, at(whole(&c)));
        if claim.batch_size.is_none() {
            if let Ok(n) = c[1].parse() {
                claim.batch_size = found(n, at(whole(&c)));
            }
        }
    }
    if offset > 0 {
        // A row label `1000/1000` under an ISL/OSL header.
        let t = part.trim();
        if let Some((a, b)) = t.split_once('/') {
            if let (Some(i), Some(o)) = (num(a).and_then(token_count), num(b).and_then(token_count))
            {
                pair(
                    claim,
                    Some(i),
                    Some(o),
                    at(Span {
                        start: 0,
                        end: part.len(),
                    }),
                );
            }
        }
    } else {
        read_lengths(part, claim, p);
    }
}

/// Weight and KV-cache precision (CLAIMS.md §3 Quantisation): dtypes, KV flags, bit widths,
/// an untyped "quantised".
fn read_precision(part: &str, offset: usize, claim: &mut Claim, p: &Patterns) {
    let at = |s: Span| shift(s, offset);
    // Precision.
    let mut kv_span: Option<Span> = None;
    if claim.kv_dtype.is_none() {
        if let Some(c) = p.kv_dtype.captures(part) {
            let m = c.get(1).or(c.get(2)).expect("one alternative matched");
            claim.kv_dtype = found(m.as_str().to_string(), at(whole(&c)));
            kv_span = Some(at(Span {
                start: m.start(),
                end: m.end(),
            }));
        }
    }
    // A precision named as the weights' (`FP8 weights`, `weights in int4`) is the weights'
    // precision, before any other the text names (a baseline's BF16, a KV cache's FP8).
    if claim.weight_dtype.is_none() && part.contains("weight") {
        static NAMED: OnceLock<Regex> = OnceLock::new();
        let re = NAMED.get_or_init(|| {
            Regex::new(r"\b(fp16|bf16|fp8|int8|int4|w8a8|w4a16|nvfp4|mxfp4|fp4)[\s-]+weights?\b|\bweights?\s+(?:in|at|as)\s+(fp16|bf16|fp8|int8|int4|nvfp4|mxfp4|fp4)\b")
                .expect("static pattern compiles")
        });
        if let Some(m) = re.captures(part).and_then(|c| c.get(1).or(c.get(2))) {
            claim.weight_dtype = found(
                dtype_id(m.as_str()),
                at(Span {
                    start: m.start(),
                    end: m.end(),
                }),
            );
        }
    }
    if claim.weight_dtype.is_none() {
        for c in p.dtype.captures_iter(part) {
            let s = at(span_of(&c, 1));
            if kv_span == Some(s) {
                continue;
            }
            // A spec sheet's rating (`275 TOPS INT8`, `1,979 TFLOPS FP8`) names the unit's
            // peak, not the weights' precision (CLAIMS.md §3 Quantisation).
            let m = span_of(&c, 1);
            let pre = part[floor_boundary(part, m.start.saturating_sub(16))..m.start].trim_end();
            // Also with a preposition (`750 TOPS at INT8`, `188 TeraFLOPS at FP16`).
            let pre = [" at", " in", " for"]
                .iter()
                .find_map(|w| pre.strip_suffix(w))
                .unwrap_or(pre)
                .trim_end();
            if pre.ends_with("tops") || pre.ends_with("flops") {
                continue;
            }
            // Any precision written before a KV word (`than BF16 KV`, `an int8-kv run`) is a KV
            // cache's, the text's own or another setup's, never the weights'.
            if part[m.end..]
                .trim_start_matches([' ', '-', '_'])
                .starts_with("kv")
            {
                continue;
            }
            // llama-bench names K-quant subtypes in words (`Q4_K - Medium`).
            let sub = part[m.end..].strip_prefix(" - ").and_then(|r| {
                [("medium", "_m"), ("small", "_s"), ("large", "_l")]
                    .iter()
                    .find(|(w, _)| r.starts_with(w))
                    .map(|(_, t)| *t)
            });
            let id = match sub {
                Some(t) if c[1].ends_with("_k") => format!("{}{t}", &c[1]),
                _ => dtype_id(&c[1]),
            };
            claim.weight_dtype = found(id, s);
            break;
        }
    }
    // A generic FP4 then its specific format (`FP4 (and specifically NVFP4)`): the specific.
    if claim
        .weight_dtype
        .as_ref()
        .is_some_and(|w| w.value == "fp4")
    {
        if let Some((i, w)) = ["nvfp4", "mxfp4"]
            .iter()
            .filter_map(|w| part.find(w).map(|i| (i, *w)))
            .min()
        {
            claim.weight_dtype = found(
                w.to_string(),
                at(Span {
                    start: i,
                    end: i + w.len(),
                }),
            );
        }
    }
    // KV-cache flags (`--cache-type-k q4_0`, `--kv-cache-dtype fp8`): the cache, never the
    // weights (CLAIMS.md §3 Quantisation).
    let mut kv_flag: Option<Span> = None;
    if let Some(i) = part
        .find("--cache-type-k")
        .or(part.find("--kv-cache-dtype"))
    {
        let rest = &part[i..];
        let flag_end = rest.find([' ', '=']).unwrap_or(rest.len());
        let val = rest[flag_end..].trim_start_matches([' ', '=']);
        // The value ends at a space or at punctuation around the flag (`(--kv-cache-dtype fp8)`).
        let v_len = val
            .find(|c: char| c.is_whitespace() || ")],;\"'`".contains(c))
            .unwrap_or(val.len());
        let v_start = i + (rest.len() - val.len());
        if v_len > 0 && v_len <= 12 {
            kv_flag = Some(at(Span {
                start: v_start,
                end: v_start + v_len,
            }));
            if claim.kv_dtype.is_none() && !val[..v_len].starts_with("auto") {
                claim.kv_dtype = found(
                    val[..v_len].to_string(),
                    at(Span {
                        start: i,
                        end: v_start + v_len,
                    }),
                );
            }
        }
    }
    if let (Some(w), Some(k)) = (&claim.weight_dtype, kv_flag) {
        if w.span == k {
            claim.weight_dtype = None;
        }
    }
    // vLLM's `--dtype half` (and `float16`) is 16-bit floating point: fp16.
    if claim.weight_dtype.is_none() {
        if let Some(i) = part.find("--dtype half").or(part.find("--dtype=half")) {
            claim.weight_dtype = found(
                "fp16".to_string(),
                at(Span {
                    start: i,
                    end: i + "--dtype half".len(),
                }),
            );
        }
    }
    // Bit widths and spelled-out floats (`4-bit`, `16-bit`, `bfloat16`), not next to a KV word.
    if claim.weight_dtype.is_none() {
        static BITS: OnceLock<Regex> = OnceLock::new();
        let re = BITS.get_or_init(|| {
            Regex::new(r"\b(4|8|16)[\s-]?bits?\b|\b(bfloat16|float16|half[\s-]precision)\b")
                .expect("static pattern compiles")
        });
        if part.contains("bit") || part.contains("float16") || part.contains("precision") {
            for c in re.captures_iter(part) {
                let m = c.get(0).expect("group 0");
                let pre = &part[floor_boundary(part, m.start().saturating_sub(24))..m.start()];
                let wide = &part[floor_boundary(part, m.start().saturating_sub(48))..m.start()];
                // "the weights and the attention cache to 4 bits": the weights too.
                if (pre.contains("kv") || pre.contains("cache")) && !wide.contains("weight") {
                    continue;
                }
                let id = match (c.get(1).map(|g| g.as_str()), c.get(2).map(|g| g.as_str())) {
                    (Some("4"), _) => "int4",
                    (Some("8"), _) => "int8",
                    (Some(_), _) => "fp16",
                    (_, Some("bfloat16")) => "bf16",
                    _ => "fp16",
                };
                claim.weight_dtype = found(
                    id.to_string(),
                    at(Span {
                        start: m.start(),
                        end: m.end(),
                    }),
                );
                break;
            }
        }
    }
    // ExLlamaV2's EXL2 at a bit rate (`EXL2 4.0 bpw`, a revision `4.0bpw` of an exl2 model): a
    // mixed-bit format of its own, `exl2-4.0bpw` (not int4).
    if claim.weight_dtype.is_none() && part.contains("bpw") && part.contains("exl") {
        static EXL2: OnceLock<Regex> = OnceLock::new();
        let re = EXL2.get_or_init(|| {
            Regex::new(r"\b(\d+(?:\.\d+)?)\s*bpw\b").expect("static pattern compiles")
        });
        if let Some(c) = re.captures(part) {
            claim.weight_dtype = found(format!("exl2-{}bpw", &c[1]), at(whole(&c)));
        }
    }
    if claim.weight_dtype.is_none() {
        if let Some(m) = p.quantised.find(part) {
            claim.quantised_untyped = Some(at(Span {
                start: m.start(),
                end: m.end(),
            }));
        }
    }
}

/// The serving engine and its version (CLAIMS.md §3 Runtime).
fn read_runtime(part: &str, offset: usize, claim: &mut Claim, p: &Patterns) {
    let at = |s: Span| shift(s, offset);
    // Runtime, and its version at any mention.
    if claim.runtime.is_none() {
        for c in p.runtime.captures_iter(part) {
            let (id, from_shape) = runtime_id(&c[1]);
            // Inside an identifier, path or URL (`VLLM_USE_V1`, `vllm-project/vllm`,
            // `/sglang/`): the engine is only implied (CLAIMS.md §3 Runtime: partial), and a
            // plain mention later still names it.
            let s1 = span_of(&c, 1);
            let next = part[s1.end..].chars().next();
            let prev = part[..s1.start].chars().next_back();
            let implied = next.is_some_and(|ch| ch == '_' || ch == '/')
                || prev.is_some_and(|ch| ch == '/' || ch == '_' || ch == '.');
            // The other side of a comparison (`2.7x higher throughput than vLLM`, `vs TGI`,
            // `outperforms llama.cpp`): another setup's engine, not the claim's (CLAIMS.md §4).
            let pre = part[floor_boundary(part, s1.start.saturating_sub(24))..s1.start]
                .trim_end()
                .trim_end_matches(['(', '"', '`']);
            let baseline = [
                " than",
                " vs",
                " vs.",
                "versus",
                "compared to",
                "compared with",
                "outperforms",
                "outperforming",
                " beats",
                " over",
            ]
            .iter()
            .any(|w| pre.ends_with(w));
            if baseline {
                continue;
            }
            let take = match &claim.runtime {
                None => true,
                Some(_) => claim.runtime_from_shape && !implied && !from_shape,
            };
            if take {
                if claim.runtime.is_some() {
                    // The version read was the replaced stack's.
                    claim.runtime_version = None;
                }
                claim.runtime = found(id.to_string(), at(s1));
                claim.runtime_from_shape = from_shape || implied;
            }
            if claim.runtime.as_ref().is_some_and(|r| r.value == id) {
                let end = whole(&c).end;
                // A ratio after the name (`SGLang 3.1x faster`) is no version.
                let ratio = |v: &Captures| {
                    let e = end + v.get(0).map_or(0, |m| m.end());
                    part[e..].starts_with(['x', '×', '%'])
                };
                if let Some(v) = p.version.captures(&part[end..]).filter(|v| !ratio(v)) {
                    let m = v.get(1).expect("group 1 is the version");
                    claim.runtime_version = found(
                        m.as_str().to_string(),
                        at(Span {
                            start: end + m.start(),
                            end: end + m.end(),
                        }),
                    );
                    // A vendor's stack (`SynapseAI 1.16`) may still be followed by the serving
                    // engine (`TGI-Gaudi 2.0.1`), which is the runtime (CLAIMS.md §3).
                    if !claim.runtime_from_shape {
                        break;
                    }
                }
            }
        }
    }
    if claim.runtime_version.is_none() {
        if let Some(r) = claim.runtime.as_ref() {
            claim.runtime_version = tag_version(part, &r.value).map(|(v, s)| Found {
                value: v,
                span: at(s),
            });
        }
    }
}

/// A runtime's version inside a container tag or file name, joined by underscores the word
/// boundary does not see (`rocm/vllm:rocm7.0.0_vllm_0.10.2_20251006`): the digits after
/// `_<runtime>_`.
fn tag_version(part: &str, runtime: &str) -> Option<(String, Span)> {
    let key = format!("_{runtime}_");
    let i = part.find(&key)? + key.len();
    let rest = part[i..].trim_start_matches('v');
    let skipped = part.len() - i - rest.len();
    let len = rest.len()
        - rest
            .trim_start_matches(|c: char| c.is_ascii_digit() || c == '.')
            .len();
    let v = rest[..len].trim_end_matches('.');
    (v.contains('.') && v.starts_with(|c: char| c.is_ascii_digit())).then(|| {
        let start = i + skipped;
        (
            v.to_string(),
            Span {
                start,
                end: start + v.len(),
            },
        )
    })
}

/// Prompt and output lengths written in the text (`512-token prompts`, `input 1024`, `pp512`).
fn read_lengths(part: &str, claim: &mut Claim, p: &Patterns) {
    let at = |s: Span| s;
    let pair = |claim: &mut Claim, i: Option<u32>, o: Option<u32>, span: Span| {
        if let (Some(i), Some(o), None, None) = (i, o, &claim.prompt_tokens, &claim.output_tokens) {
            claim.prompt_tokens = found(i, span);
            claim.output_tokens = found(o, span);
        }
    };
    if let Some(c) = p.in_out.captures(part) {
        let i = num(&c[1]).map(|v| v * kilo(c.get(2))).and_then(token_count);
        let o = num(&c[3]).map(|v| v * kilo(c.get(4))).and_then(token_count);
        pair(claim, i, o, at(whole(&c)));
    }
    let length = |re: &Pat, kw: bool| -> Option<Found<u32>> {
        re.captures_iter(part).find_map(|c| {
            let m = c.get(1)?;
            let end = c.get(2).map(|k| k.end()).unwrap_or(m.end());
            let rate_after = |e: usize| followed_by_rate(part, e) && !counts_tokens(part, e);
            if kw && (rate_after(end) || rate_after(whole(&c).end)) {
                return None;
            }
            // Part of a larger number (`52.3k`): not a length.
            if part[..m.start()].ends_with(|ch: char| ch == '.' || ch == ',' || ch.is_ascii_digit())
            {
                return None;
            }
            let pre = before(part, whole(&c).start, 12);
            if pre.ends_with("total ") || pre.contains("max") || pre.contains("number of") {
                return None;
            }
            // An engine's chunk size (`chunked prefill 8192`, `prefill chunk 2048`) is a setting.
            let matched = &part[whole(&c).start..whole(&c).end];
            if pre.contains("chunk") || matched.contains("chunk") {
                return None;
            }
            let v = num(m.as_str())? * kilo(c.get(2));
            found(token_count(v)?, at(whole(&c)))
        })
    };
    // `a 32k prompt`, `8k-token inputs`: a size in thousands names the prompt even without the
    // word "tokens" (a bare `8 prompts` is a count of prompts, not a length).
    if claim.prompt_tokens.is_none() {
        static K_PROMPT: OnceLock<Regex> = OnceLock::new();
        let re = K_PROMPT.get_or_init(|| {
            Regex::new(r"\b(\d+(?:\.\d+)?)\s*k[\s-]*(?:tokens?[\s-]*)?(?:prompts?|inputs?)\b")
                .expect("static pattern compiles")
        });
        if part.contains('k') {
            // Not a rate (`52.3k input tokens per second`).
            if let Some(c) = re
                .captures(part)
                .filter(|c| !followed_by_rate(part, c.get(0).map_or(0, |m| m.end())))
            {
                let m = c.get(0).expect("group 0");
                if let Some(v) = num(&c[1]).map(|v| v * 1000.0).and_then(token_count) {
                    claim.prompt_tokens = found(
                        v,
                        at(Span {
                            start: m.start(),
                            end: m.end(),
                        }),
                    );
                }
            }
        }
    }
    if claim.prompt_tokens.is_none() {
        claim.prompt_tokens = length(&p.tokens_prompt, false)
            .or_else(|| length(&p.tokens_prompt_before, true))
            .or_else(|| length(&p.input_kw, true));
    }
    if claim.output_tokens.is_none() {
        claim.output_tokens = length(&p.tokens_output, false)
            .or_else(|| length(&p.tokens_output_before, true))
            .or_else(|| length(&p.output_kw, true));
    }
    // llama-bench's depth (`tg128 @ d4096`): the context the test runs after, its prompt.
    if claim.prompt_tokens.is_none() {
        if let Some(i) = part.find("@ d").or_else(|| part.find("@d")) {
            let rest = part[i..].trim_start_matches(['@', ' ', 'd']);
            let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            let pre = &part[floor_boundary(part, i.saturating_sub(12))..i];
            if pre.contains("tg") || pre.contains("pp") {
                if let Some(n) = rest[..digits].parse::<u32>().ok().filter(|n| *n > 0) {
                    let start = part.len() - rest.len();
                    claim.prompt_tokens = found(
                        n,
                        at(Span {
                            start,
                            end: start + digits,
                        }),
                    );
                }
            }
        }
    }
    for c in p.pp_tg.captures_iter(part) {
        let Some(n) = num(&c[2]).and_then(token_count) else {
            continue;
        };
        if &c[1] == "pp" && claim.prompt_tokens.is_none() {
            claim.prompt_tokens = found(n, at(whole(&c)));
        } else if &c[1] == "tg" && claim.output_tokens.is_none() {
            claim.output_tokens = found(n, at(whole(&c)));
        }
    }
    if claim.prompt_tokens.is_none() && claim.output_tokens.is_none() {
        if let Some(c) = p.seq_len.captures(part) {
            if let Some(n) = num(&c[1]).and_then(token_count) {
                claim.prompt_tokens = found(n, at(whole(&c)));
            }
        }
    }
}

/// A name written with its size where the catalog holds the release without one
/// (`deepseek-r1-671b` → `deepseek-r1`): the catalog id when its parameter count matches the
/// written size within 5% (the size adds nothing; CLAIMS.md §3 Model: catalog id first).
fn catalog_alias(id: String) -> String {
    let Some((base, size)) = id.rsplit_once('-') else {
        return id;
    };
    let Some(b) = size.strip_suffix('b').and_then(|n| n.parse::<f64>().ok()) else {
        return id;
    };
    match crate::catalog::model(base) {
        Some(m) if (m.params_total_b / b - 1.0).abs() < 0.05 => base.to_string(),
        _ => id,
    }
}

fn read_model(lower: &str, p: &Patterns) -> Option<Found<String>> {
    let raw = read_model_raw(lower, p);
    // Two models joined in one name (`DeepSeek V3/R1`, `Llama 3.1 8B/70B`): no single model
    // (CLAIMS.md §3 Model).
    if raw
        .as_ref()
        .is_some_and(|f| joined_release(&lower[f.span.end.min(lower.len())..]))
    {
        return None;
    }
    raw.map(|f| Found {
        value: catalog_alias(f.value),
        span: f.span,
    })
    .or_else(|| family_only(lower))
}

/// Whether `rest` (the text right after a model's name) starts with `/` and another release
/// or size (`/r1`, `/v3`, `/70b`).
fn joined_release(rest: &str) -> bool {
    let Some(r) = rest.strip_prefix('/') else {
        return false;
    };
    let release = r.starts_with(['r', 'v']) && r[1..].starts_with(|c: char| c.is_ascii_digit());
    let digits = r.len()
        - r.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.')
            .len();
    let size = digits > 0 && r[digits..].starts_with('b');
    release || size
}

/// A model outside every family pattern named with its parameter count (`TinyLlama 1.1B`,
/// `Hermes 3 8B`, `SmolLM2-1.7B`): the name as an id with its size (CLAIMS.md §3 Model: the
/// name as an id, every part that changes the weights kept). The first such name wins; a
/// word that is not a name (`a 7B model`, `on 70B`) is not taken.
fn sized_name(lower: &str) -> Option<Found<String>> {
    /// Words before a size that are not a model's name.
    const NOT_NAMES: &str = "a an the with of on for and to at in is vs than from using run runs \
        serve model models size params parameters dense moe our my this that llm base chat \
        instruct about around over under by or per total active largest biggest smallest larger \
        bigger smaller new newer latest huge giant massive full same";
    static SIZED: OnceLock<Regex> = OnceLock::new();
    let re = SIZED.get_or_init(|| {
        Regex::new(
            r"\b([a-z][a-z0-9.]*[a-z0-9](?:-[a-z][a-z0-9.]*[a-z0-9])*)(?:[\s_-]+(\d+(?:\.\d+)?))?[\s_-]+(\d+(?:\.\d+)?)\s*b(?:-(a\d+(?:\.\d+)?b))?\b",
        )
        .expect("static pattern compiles")
    });
    let mut from = 0;
    for (i, _) in lower.match_indices('b').take(256) {
        if i < from || !lower[..i].ends_with(|c: char| c.is_ascii_digit() || c == ' ') {
            continue;
        }
        let start = floor_boundary(lower, i.saturating_sub(40));
        // Up to 8 bytes past the size, for an active-parameter suffix (`-a22b`).
        let window = &lower[start..floor_boundary(lower, (i + 8).min(lower.len()))];
        let Some(c) = re.captures_iter(window).last() else {
            continue;
        };
        from = i + 1;
        let name = &c[1];
        let m = c.get(0).expect("group 0");
        let dtype = ["fp", "bf", "int", "q"].iter().any(|d| {
            name.strip_prefix(d)
                .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
        });
        // A count of something else (`processed 2.5B tokens`, `$1B`), or a verb before it.
        let next = lower[start + m.end()..].trim_start();
        let count = [
            "tok", "req", "user", "row", "word", "sample", "param", "dollar",
        ]
        .iter()
        .any(|w| next.starts_with(w))
            || window[..m.start()].ends_with('$');
        let verb = name.ends_with("ed") || name.ends_with("ing");
        if NOT_NAMES.split_whitespace().any(|w| w == name)
            || name.len() < 3
            || dtype
            || count
            || verb
        {
            continue;
        }
        let version = c
            .get(2)
            .map(|v| format!("-{}", v.as_str()))
            .unwrap_or_default();
        return Some(Found {
            // An MoE's active-parameter suffix (`LFM2-24B-A2B`) changes the weights: kept.
            value: format!(
                "{name}{version}-{}b{}",
                &c[3],
                c.get(4)
                    .map_or(String::new(), |a| format!("-{}", a.as_str()))
            ),
            span: Span {
                start: start + m.start(),
                end: start + m.end(),
            },
        });
    }
    None
}

/// [`sized_name`] for the attach stage: a model no pattern knows, named in a table row's first
/// cell (`| LFM2-24B-A2B Q4_K_M | …`), spans shifted by `offset`.
pub(super) fn row_model(cell: &str, offset: usize) -> Option<Found<String>> {
    sized_name(cell).map(|f| Found {
        value: f.value,
        span: shift(f.span, offset),
    })
}

/// A family named without size or release ("the Mixtral model", "GLM", ollama's `mistral`):
/// its id as written (CLAIMS.md §3 Model). Not a tool's name (`llama.cpp`), not two models
/// joined (`DeepSeek V3/R1`).
fn family_only(lower: &str) -> Option<Found<String>> {
    const FAMILIES: &[&str] = &["mixtral", "mistral", "glm", "deepseek", "falcon", "gpt-j"];
    let mut best: Option<Found<String>> = None;
    for fam in FAMILIES {
        for (i, _) in lower.match_indices(fam).take(16) {
            let end = i + fam.len();
            let before_ok = lower[..i]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_ascii_alphanumeric() && c != '-' && c != '_' && c != '/');
            let rest = &lower[end..];
            let after_ok = rest
                .chars()
                .next()
                .is_none_or(|c| !c.is_ascii_alphanumeric() && !"-_./".contains(c));
            // `DeepSeek V3/R1`: a release follows; the sized patterns decide.
            let release = rest.trim_start().starts_with(['v', 'r'])
                && rest
                    .trim_start()
                    .chars()
                    .nth(1)
                    .is_some_and(|c| c.is_ascii_digit());
            if before_ok && after_ok && !release && best.as_ref().is_none_or(|b| i < b.span.start) {
                best = Some(Found {
                    value: (*fam).to_string(),
                    span: Span { start: i, end },
                });
            }
        }
    }
    best
}

fn read_model_raw(lower: &str, p: &Patterns) -> Option<Found<String>> {
    let mut best: Option<Found<String>> = None;
    // A speculative-decoding draft (`Llama 3.2 1B draft`, `draft model Qwen2.5-0.5B`) is not
    // the model served.
    let draft = |span: Span| {
        let end = span.end.min(lower.len());
        let after = &lower[end..floor_boundary(lower, (end + 16).min(lower.len()))];
        let start = span.start.min(end);
        let pre = &lower[floor_boundary(lower, start.saturating_sub(16))..start];
        after.trim_start().starts_with("draft") || pre.contains("draft")
    };
    let mut consider = |id: String, span: Span| {
        if draft(span) {
            return;
        }
        if best
            .as_ref()
            .map(|b| span.start < b.span.start)
            .unwrap_or(true)
        {
            best = Some(Found { value: id, span });
        }
    };
    if let Some(c) = p.llama.captures(lower) {
        // A release digit glued to the size is the size's first digit when together they make
        // a size Llama was released in (`Llama 13B`, `CodeLlama 34B`, LLaMA 30B / 33B), else a
        // lost space (`Llama 270B` is Llama 2 70B).
        let glued = c.get(1).zip(c.get(2)).filter(|(v, s)| {
            v.end() == s.start()
                && ["13", "30", "33", "34"]
                    .contains(&format!("{}{}", v.as_str(), s.as_str()).as_str())
        });
        let joined;
        let (version, size) = match glued {
            Some((v, s)) => {
                joined = format!("{}{}", v.as_str(), s.as_str());
                (None, joined.as_str())
            }
            None => (c.get(1), &c[2]),
        };
        let code = lower[whole(&c).start..whole(&c).end].contains("codellama");
        let id = match (code, version) {
            (true, _) => format!("codellama-{size}b"),
            (false, Some(v)) => format!("llama-{}-{size}b", v.as_str()),
            (false, None) => format!("llama-{size}b"),
        };
        consider(id, whole(&c));
    }
    if let Some(c) = p.mixtral.captures(lower) {
        consider(format!("mixtral-{}x{}b", &c[1], &c[2]), whole(&c));
    }
    // A distill keeps its base (CLAIMS.md §3 Model): `deepseek-r1-distill-llama-70b`.
    if let Some(i) = lower.find("distill") {
        static DISTILL: OnceLock<Regex> = OnceLock::new();
        let re = DISTILL.get_or_init(|| {
            Regex::new(r"\b(deepseek[\s-]*r1)[\s-]*distill[\s-]*(llama|qwen)[\s-]*(?:(\d+(?:\.\d+)?)[\s-]+)?(\d+(?:\.\d+)?)\s*b\b")
                .expect("static pattern compiles")
        });
        let from = floor_boundary(lower, i.saturating_sub(16));
        if let Some(c) = re.captures(&lower[from..]) {
            let m = c.get(0).expect("group 0");
            let ver = c.get(3).map(|v| v.as_str()).filter(|v| !v.is_empty());
            let base = match ver {
                Some(v) => format!("{}-{v}", &c[2]),
                None => c[2].to_string(),
            };
            let id = format!("deepseek-r1-distill-{base}-{}b", &c[4]);
            // Taken first: the distill's name holds its base's name.
            best = Some(Found {
                value: id,
                span: Span {
                    start: from + m.start(),
                    end: from + m.end(),
                },
            });
            return best;
        }
    }
    if let Some(c) = p.other_model.captures(lower) {
        let active = c
            .get(3)
            .map(|a| format!("-{}", a.as_str()))
            .unwrap_or_default();
        let family = c[1]
            .trim_end_matches('-')
            .split_whitespace()
            .collect::<Vec<_>>()
            .join("-");
        // A derivative named after its base (`Llama-3.1-Nemotron-70B`): the base's name is
        // part of the weights' name (CLAIMS.md §3 Model: keep every part that changes them).
        let start = whole(&c).start;
        let near = &lower[floor_boundary(lower, start.saturating_sub(12))..start];
        let base = near
            .rfind("llama")
            .map(|i| &near[i..])
            .filter(|b| {
                b.len() > 5
                    && b[5..]
                        .chars()
                        .all(|ch| ch.is_ascii_digit() || matches!(ch, '.' | '-' | ' '))
            })
            .map(|b| format!("llama-{}-", b[5..].trim_matches([' ', '-'])))
            .unwrap_or_default();
        consider(format!("{base}{family}-{}b{active}", &c[2]), whole(&c));
    }
    // Releases named without a parameter count in their name (CLAIMS.md §3 Model: the name
    // as an id, every part that changes the weights kept): Llama 4 Scout / Maverick, Kimi K2,
    // GLM-4.5(-Air), QwQ-32B, Phi-3/4 (mini, medium…), Mistral Small / Medium / Large with
    // their version and size, Command R(+), MiniMax-M1/M2, Qwen3-Next.
    const RELEASE_WORDS: &[&str] = &[
        "scout", "maverick", "behemoth", "kimi", "glm", "qwq", "phi", "mistral", "command",
        "minimax", "next",
    ];
    if RELEASE_WORDS.iter().any(|w| lower.contains(w)) {
        static RELEASE: OnceLock<Regex> = OnceLock::new();
        let re = RELEASE.get_or_init(|| {
            Regex::new(r"\b(llama[\s-]*4[\s-]*(?:scout|maverick|behemoth)|kimi[\s-]*k2(?:\.5)?|glm[\s-]*4\.[56](?:[\s-]*air)?|qwq[\s-]*32b|phi[\s-]*[34](?:\.5)?(?:[\s-]*(?:mini|medium|small))?|mistral[\s-]*(?:small|medium|large)(?:[\s-]*\d(?:\.\d)?)?(?:[\s-]*\d+b)?|command[\s-]*r(?:[\s-]*plus|\+)?|minimax[\s-]*m[12](?:\.\d)?|qwen[\s-]*3[\s-]*next)(?:\b|$|[^a-z0-9])")
                .expect("static pattern compiles")
        });
        // Only in windows around the words (a large alternation over the whole paste is
        // slow): the earliest match wins.
        let mut starts: Vec<usize> = RELEASE_WORDS
            .iter()
            .flat_map(|w| lower.match_indices(w).take(8).map(|(i, _)| i))
            .collect();
        crate::stats::sort_usizes(&mut starts, &|a, b| a.cmp(&b));
        let hit = starts.into_iter().find_map(|i| {
            let from = floor_boundary(lower, i.saturating_sub(12));
            let to = floor_boundary(lower, i + 48);
            re.captures(&lower[from..to]).map(|c| (from, c))
        });
        if let Some((from, c)) = hit {
            let m = c.get(1).expect("group 1");
            let (start, end) = (from + m.start(), from + m.end());
            let id = m
                .as_str()
                .replace('+', "-plus")
                .split(|ch: char| ch.is_whitespace() || ch == '-')
                .filter(|w| !w.is_empty())
                .collect::<Vec<_>>()
                .join("-");
            consider(id, Span { start, end });
        }
    }
    if let Some(c) = p.named_model.captures(lower) {
        let name = &c[1];
        // GPT-J with its size is the 6B model; without it, the family as written (CLAIMS.md §3
        // Model: `gpt-j`).
        let sized = |rest: &str| {
            rest.trim_start_matches([' ', '-', '_'])
                .strip_prefix("6b")
                .is_some_and(|r| !r.starts_with(|ch: char| ch.is_ascii_alphanumeric()))
        };
        let id = if name == "gpt-j" && sized(&lower[whole(&c).end..]) {
            "gpt-j-6b".to_string()
        } else if name == "gpt-j" {
            "gpt-j".to_string()
        } else if let (Some(v), Some(s)) = (c.get(2), c.get(3)) {
            format!("gemma-{}-{}", v.as_str(), s.as_str())
        } else if let Some(s) = c.get(3) {
            // The first Gemma release is written without a number (`Gemma 7B`).
            format!("gemma-{}", s.as_str())
        } else {
            crate::catalog::slug(name)
        };
        consider(id, whole(&c));
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    const WORKED: &str =
        "3,200 tokens/sec aggregate for Llama 3 70B on a single H100, batch size 32, \
        512-token prompts, 256-token outputs, FP8, under vLLM.";

    #[test]
    fn worked_example() {
        let c = read(WORKED);
        let h = c.headline().unwrap();
        assert_eq!(h.value, 3200.0);
        assert_eq!(h.kind, FigureKind::ThroughputUnspecified);
        assert_eq!(h.scope, Some(Scope::Aggregate));
        assert_eq!(&WORKED[h.span.start..h.span.end], "3,200 tokens/sec");
        assert_eq!(c.model.unwrap().value, "llama-3-70b");
        assert_eq!(c.gpu.unwrap().value, "h100");
        assert_eq!(c.gpu_count.unwrap().value, 1);
        assert_eq!(c.batch_size.unwrap().value, 32);
        assert_eq!(c.prompt_tokens.unwrap().value, 512);
        assert_eq!(c.output_tokens.unwrap().value, 256);
        assert_eq!(c.weight_dtype.unwrap().value, "fp8");
        assert!(c.kv_dtype.is_none());
        assert_eq!(c.runtime.unwrap().value, "vllm");
        assert!(c.runtime_version.is_none());
    }

    #[track_caller]
    fn headline(text: &str) -> (f64, Option<f64>, FigureKind, Option<Scope>) {
        let c = read(text);
        let h = c
            .headline()
            .unwrap_or_else(|| panic!("no figure in {text:?}"));
        (h.value, h.value_high, h.kind, h.scope)
    }

    #[test]
    fn figure_phrasings() {
        use FigureKind::*;
        assert_eq!(
            headline("3.2k tok/s"),
            (3200.0, None, ThroughputUnspecified, None)
        );
        assert_eq!(
            headline("about 1,500-2,500 output tokens per second"),
            (1500.0, Some(2500.0), ThroughputOutput, None)
        );
        assert_eq!(
            headline("2–3k t/s total"),
            (2000.0, Some(3000.0), ThroughputUnspecified, None)
        );
        assert_eq!(
            headline("total throughput 2,209 tok/s/gpu"),
            (2209.0, None, ThroughputTotal, Some(Scope::PerGpu))
        );
        assert_eq!(
            headline("30 tokens/s per user"),
            (30.0, None, ThroughputPerUser, Some(Scope::PerUser))
        );
        assert_eq!(
            headline("1800+ tokens per second"),
            (1800.0, None, ThroughputUnspecified, None)
        );
    }

    #[test]
    fn condition_phrasings() {
        let c = read("Llama-3.1-70B on 8xH100 SXM, TP=8, BS=64, ISL/OSL 1000/1000, BF16, TensorRT-LLM 0.9.0: 9,000 tok/s");
        assert_eq!(c.model.unwrap().value, "llama-3.1-70b");
        assert_eq!(c.gpu.unwrap().value, "h100-sxm");
        assert_eq!(c.gpu_count.unwrap().value, 8);
        assert_eq!(c.tp.unwrap().value, 8);
        assert_eq!(c.batch_size.unwrap().value, 64);
        assert_eq!(
            (
                c.prompt_tokens.unwrap().value,
                c.output_tokens.unwrap().value
            ),
            (1000, 1000)
        );
        assert_eq!(c.weight_dtype.unwrap().value, "bf16");
        assert_eq!(c.runtime.unwrap().value, "tensorrt-llm");
        assert_eq!(c.runtime_version.unwrap().value, "0.9.0");

        let c = read("Meta-Llama-3-8B-Instruct, 8× A100 80GB, input 1024, output 128, concurrency 16, AWQ, SGLang v0.5.2");
        assert_eq!(c.model.unwrap().value, "llama-3-8b");
        assert_eq!(c.gpu.unwrap().value, "a100-80gb");
        assert_eq!(c.gpu_count.unwrap().value, 8);
        assert_eq!(c.concurrency.unwrap().value, 16);
        assert_eq!(
            (
                c.prompt_tokens.unwrap().value,
                c.output_tokens.unwrap().value
            ),
            (1024, 128)
        );
        assert_eq!(c.weight_dtype.unwrap().value, "awq-int4");
        assert_eq!(c.runtime_version.unwrap().value, "0.5.2");

        let c = read("llama 2 13B, FP16 with FP8 KV cache, batch 8");
        assert_eq!(c.model.unwrap().value, "llama-2-13b");
        assert_eq!(c.weight_dtype.unwrap().value, "fp16");
        assert_eq!(c.kv_dtype.unwrap().value, "fp8");
    }

    #[test]
    fn per_gpu_figure_gets_a_derived_total() {
        let c = read("2,209 output tokens per second per GPU on H100 TP2");
        assert_eq!(c.figures.len(), 2);
        assert!(!c.figures[0].derived);
        assert!(c.figures[1].derived);
        assert_eq!(c.figures[1].value, 4418.0);
        assert_eq!(c.figures[1].scope, Some(Scope::Aggregate));
    }

    #[test]
    fn nothing_recognised() {
        let c = read("the weather is nice 🌤 \u{0} ü");
        assert!(c.figures.is_empty() && c.model.is_none() && c.gpu.is_none());
    }

    // Traps named in the dev set (tests/data/claims_dev.jsonl), one check each.

    #[test]
    fn trap_llama_bench_rows_decode_not_prefill_and_sd_not_range() {
        let c = read("| llama 7B Q4_0 | CUDA | 99 | 1 | pp512 | 4918.36 ± 132.23 | tg128 | 165.76 ± 1.50 | pp512+tg128 | 600.22 ± 3.39 |");
        let h = c.headline().unwrap();
        assert_eq!(
            (h.value, h.kind, h.value_high),
            (165.76, FigureKind::DecodeThroughput, None)
        );
        let pp = c.figures.iter().find(|f| f.value == 4918.36).unwrap();
        assert_eq!(pp.kind, FigureKind::PrefillThroughput);
        let mixed = c.figures.iter().find(|f| f.value == 600.22).unwrap();
        assert_ne!(mixed.kind, FigureKind::DecodeThroughput);
        assert!(c.runtime_from_shape && c.gpu.is_none() && c.batch_size.is_none());
    }

    #[test]
    fn trap_per_gpu_table_column_and_derived_total() {
        let c = read("Every performance figure is expressed in `output tokens per second per GPU` ... # LLaMA v3.3 70B | Sequence Length (ISL/OSL) | B200 TP1 (FP4) | GB200 TP1 (FP4) | H200 TP2 (FP8) | H100 TP2 (FP8) | | 1000/1000 | 6,920 | 7,769 | 2,587 | 2,209 |");
        let h = c.headline().unwrap();
        assert_eq!((h.value, h.scope), (2209.0, Some(Scope::PerGpu)));
        assert_eq!(c.gpu.unwrap().value, "h100");
        assert_eq!(c.tp.unwrap().value, 2);
        assert_eq!(c.weight_dtype.unwrap().value, "fp8");
        let d = c.figures.iter().find(|f| f.derived).unwrap();
        assert_eq!(d.value, 4418.0);
    }

    #[test]
    fn trap_two_per_user_rates_and_equal_per_gpu_total() {
        let c = read("Request Throughput (req/sec): 43.2089 / Total Output Throughput (tokens/sec): 5530.7382 / Per User Output Throughput (tokens/sec/user): 2.0563 / Per GPU Output Throughput (tokens/sec/gpu): 5530.7382 / Per User Output Speed [1/TPOT] (tokens/sec/user): 5.4656 / Average time-per-output-token [TPOT] (ms): 182.9639");
        assert_eq!(c.headline().unwrap().value, 5530.7382);
        assert_eq!(c.gpu_count.unwrap().value, 1);
        assert_eq!(c.runtime.unwrap().value, "tensorrt-llm");
        assert!(c.runtime_from_shape);
        let tpot = c
            .figures
            .iter()
            .find(|f| f.kind == FigureKind::Tpot)
            .unwrap();
        assert_eq!(tpot.percentile.as_deref(), Some("mean"));
    }

    #[test]
    fn trap_progress_bar_last_estimate_and_it_per_s() {
        let c = read("Processed prompts:  34%| 174/512 [00:00<00:01, 190.18it/s, est. speed input: 465756.51 toks/s, output: 380.36 toks/s] ... Processed prompts:  44%| 226/512 [00:32<01:46,  2.68it/s, est. speed input: 16807.13 toks/s, output: 14.06 toks/s]");
        let h = c.headline().unwrap();
        assert_eq!((h.value, h.kind), (14.06, FigureKind::ThroughputOutput));
        assert!(c.prompt_tokens.is_none() && c.batch_size.is_none());
        let it = c.figures.iter().find(|f| f.value == 190.18).unwrap();
        assert_eq!(it.kind, FigureKind::RequestRate);
    }

    #[test]
    fn trap_vllm_bench_output_not_total_not_peak() {
        let c = read("Successful requests: 1000 / Benchmark duration (s): 23.73 / Total input tokens: 79807 / Output token throughput (tok/s): 10777.64 / Peak output token throughput (tok/s): 14046.00 / Peak concurrent requests: 1000.00 / Total Token throughput (tok/s): 14141.12");
        assert_eq!(c.headline().unwrap().value, 10777.64);
        assert!(!c.figures.iter().any(|f| f.value == 14046.0));
        let total = c.figures.iter().find(|f| f.value == 14141.12).unwrap();
        assert_eq!(total.kind, FigureKind::ThroughputTotal);
        assert!(c.prompt_tokens.is_none() && c.load_observed.is_some());
    }

    #[test]
    fn trap_k_suffix_system_scope_and_input_output_pools() {
        let c = read("DeepSeek R1 at ~420k tokens/s on 72× GB300, and Llama3.1 405B ~16k tokens/s");
        let h = c.headline().unwrap();
        assert_eq!((h.value, h.scope), (420_000.0, Some(Scope::System)));
        assert_eq!(c.gpu_count.unwrap().value, 72);
        let c = read("reaching throughput of 52.3k input tokens per second and 22.3k output tokens per second.");
        let h = c.headline().unwrap();
        assert_eq!((h.value, h.kind), (22_300.0, FigureKind::ThroughputOutput));
        assert!(c.prompt_tokens.is_none());
    }

    #[test]
    fn trap_units_per_minute_ms_per_token_seconds_and_lower_bounds() {
        let c = read("Requests/min: 62.30 / Output_tokens/min: 13539.97 / Average Time to First Token (s): 0.51");
        let h = c.headline().unwrap();
        assert_eq!((h.value, h.unit.as_str()), (13539.97, "tok/min"));
        let c = read("Q4_0 needs 28 ms/token ... Currently Q4_K needs 29.5 ms / token on M2 Max");
        assert_eq!(c.headline().unwrap().value, 29.5);
        assert_eq!(c.gpu_count.unwrap().value, 1);
        let c =
            read("a token rate of 969 per second with a time-to-first-token of only 0.24 seconds");
        assert_eq!(c.headline().unwrap().kind, FigureKind::ThroughputPerUser);
        let ttft = c
            .figures
            .iter()
            .find(|f| f.kind == FigureKind::Ttft)
            .unwrap();
        assert_eq!((ttft.value, ttft.unit.as_str()), (0.24, "s"));
    }

    #[test]
    fn tokens_per_ms_cost_and_improvement_chains() {
        let c = read("decode at 2.4 tokens per millisecond per user; $0.59 per 1M tokens");
        let h = c.headline().unwrap();
        assert_eq!((h.value, h.unit.as_str()), (2.4, "tok/ms"));
        assert!(c
            .figures
            .iter()
            .any(|f| f.kind == FigureKind::Cost && f.value == 0.59));
        // The end of a chain of improvements heads (CLAIMS §1.6).
        let c = read("Throughput: 1820 → 3120 tokens/s. Later: 3120 → 4520 tokens/s.");
        assert_eq!(c.headline().unwrap().value, 4520.0);
        // A rounded threshold yields to the exact figure (CLAIMS §1.1, §1.3).
        let c = read("over 1,000 tokens per second per user; measured 1,038 tokens/s per user");
        assert_eq!(c.headline().unwrap().value, 1038.0);
    }

    #[test]
    fn trap_gain_over_baseline_and_baseline_only_runtime() {
        let c = read("基准配置(未做任何优化的 vLLM) 优化后 ShareGPT Total TPS: 3922.41 Mean TPOT(ms): 114.34 Total TPS: 5770.24 (+47.1%) Mean TPOT(ms): 260.46");
        let h = c.headline().unwrap();
        assert_eq!((h.value, h.kind), (5770.24, FigureKind::ThroughputTotal));
        assert!(c.runtime.is_none() && c.runtime_baseline_only.is_some());
        // A dataset named without lengths (ShareGPT) leaves them unstated (CLAIMS.md §3).
        assert!(c.lengths_described.is_none());
    }

    #[test]
    fn trap_lumped_gpus_k_lengths_and_oom_cells() {
        let c = read("TPS Per Request | GPU \\ Batch Input Output | B: 1 I: 2 O: 2K | B: 32 I: 4K O: 256 | B: 1 I: 63K O: 2K | Prefill | 8x H100/H200 | 61.5 | 30.1 | 54.3 | 4732.2 | 8x L40S | 46.3 | OOM | OOM | 688.5 |");
        let h = c.headline().unwrap();
        assert_eq!((h.value, h.scope), (30.1, Some(Scope::PerUser)));
        assert!(c.gpu.is_none() && c.gpu_lumped.is_some());
        assert_eq!(c.gpu_count.unwrap().value, 8);
        assert_eq!(c.batch_size.unwrap().value, 32);
        assert_eq!(
            (
                c.prompt_tokens.unwrap().value,
                c.output_tokens.unwrap().value
            ),
            (4000, 256)
        );
        // Per request × batch 32 = 963.2 aggregate, listed as derived.
        assert!(c
            .figures
            .iter()
            .any(|f| f.derived && (f.value - 963.2).abs() < 1e-9));
    }

    #[test]
    fn trap_count_conflict_and_not_used_runtime() {
        let c = read("Headline: 506 tokens/second for Llama 405B on an H200 — it was not \"an H200\"; each spread over eight GPUs");
        // CLAIMS.md §3 Model: a name is completed only from the text's own words.
        assert_eq!(c.model.unwrap().value, "llama-405b");
        assert_eq!(c.gpu_count.unwrap().value, 8);
        assert!(c.gpu_count_conflict);
        let c = read("results recorded on BHx31 (vLLM not used): Batch=32: 14.89 tok/s/user (476.49 tok/s throughput)");
        assert!(c.runtime.is_none());
        assert_eq!(c.gpu.as_ref().unwrap().value, "tt-blackhole");
        // The aggregate is 14.89 × 32: derived (CLAIMS.md §1.6); the per-user rate heads.
        assert_eq!(c.headline().unwrap().kind, FigureKind::ThroughputPerUser);
        assert!(c.figures.iter().any(|f| f.derived && f.value == 476.49));
    }
}

#[cfg(test)]
mod prefilter_tests {
    //! [`Pat`] must give exactly what the plain regex gives: every match, every group.
    use super::*;
    use proptest::prelude::*;

    fn all(p: &Patterns) -> Vec<(&'static str, &Pat)> {
        macro_rules! list { ($($f:ident),*) => { vec![$((stringify!($f), &p.$f)),*] } }
        list!(
            throughput,
            tps,
            per_second_of,
            label_unit_value,
            rate_units,
            request_rate,
            latency_before,
            latency_after,
            ms_per_token,
            unitless_throughput,
            bench_row,
            glued_gguf,
            batch,
            concurrency,
            concurrency_after,
            batch_described,
            isl_osl,
            b_i_o,
            tokens_prompt,
            tokens_output,
            tokens_output_before,
            tokens_prompt_before,
            input_kw,
            output_kw,
            seq_len,
            pp_tg,
            in_out,
            gpu,
            gpus_word,
            tp,
            kv_dtype,
            dtype,
            quantised,
            runtime,
            llama,
            mixtral,
            other_model,
            named_model,
            interconnect,
            request_count,
            lengths_described,
            observed_load,
            shape_vllm,
            shape_trtllm
        )
    }

    fn plain() -> &'static Vec<Regex> {
        static R: OnceLock<Vec<Regex>> = OnceLock::new();
        R.get_or_init(|| {
            all(patterns())
                .iter()
                .map(|(_, p)| Regex::new(&p.src).unwrap())
                .collect()
        })
    }

    type GroupSpans = Vec<Option<(usize, usize)>>;

    fn check_same(text: &str) -> Result<(), String> {
        let lower = text.to_ascii_lowercase();
        for ((name, pat), re) in all(patterns()).into_iter().zip(plain()) {
            let want: Vec<GroupSpans> = re
                .captures_iter(&lower)
                .map(|c| {
                    (0..c.len())
                        .map(|i| c.get(i).map(|m| (m.start(), m.end())))
                        .collect()
                })
                .collect();
            let got: Vec<GroupSpans> = pat
                .captures_iter(&lower)
                .map(|c| {
                    (0..re.captures_len())
                        .map(|i| c.get(i).map(|m| (m.start(), m.end())))
                        .collect()
                })
                .collect();
            if want != got {
                return Err(format!("{name} on {lower:?}: want {want:?}, got {got:?}"));
            }
            if pat.is_match(&lower) != re.is_match(&lower) {
                return Err(format!("{name} is_match on {lower:?}"));
            }
        }
        Ok(())
    }

    #[test]
    fn same_as_plain_regex_on_the_dev_set() {
        let data = include_str!("../../tests/data/claims_dev.jsonl");
        let mut n = 0;
        for line in data.lines().filter(|l| !l.trim().is_empty()) {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let text = v["text"].as_str().unwrap();
            check_same(text).unwrap();
            let lower = text.to_ascii_lowercase();
            for (i, _) in lower.char_indices() {
                let end = floor_boundary(&lower, i + 150);
                labelled_same(&lower[i..end]).unwrap();
            }
            // Every suffix start keeps the first-character and word-boundary cases honest.
            for (i, _) in text.char_indices().step_by(7) {
                check_same(&text[i..]).unwrap();
            }
            n += 1;
        }
        assert!(n > 20);
    }

    fn labelled_same(window: &str) -> Result<(), String> {
        static FULL: OnceLock<Regex> = OnceLock::new();
        let full = FULL.get_or_init(|| {
            let src = format!(r"([a-z][a-z0-9_ .\[\]/-]{{0,60}}?){LABEL_TAIL}").replace("NUM", NUM);
            Regex::new(&src).unwrap()
        });
        let want: Vec<GroupSpans> = full
            .captures_iter(window)
            .map(|c| {
                (0..5)
                    .map(|i| c.get(i).map(|m| (m.start(), m.end())))
                    .collect()
            })
            .collect();
        let got: Vec<GroupSpans> = labelled_matches(window, &patterns().label_tail)
            .map(|(start, t)| {
                let mut g = vec![
                    Some((start, whole(&t).end)),
                    Some((start, span_of(&t, 0).start)),
                ];
                g.extend((1..4).map(|i| t.span(i).map(|s| (s.start, s.end))));
                g
            })
            .collect();
        if want != got {
            return Err(format!(
                "labelled on {window:?}: want {want:?}, got {got:?}"
            ));
        }
        Ok(())
    }

    #[test]
    fn same_as_plain_regex_on_edge_cases() {
        for t in [
            "",
            "1",
            "h100",
            "8xh100 8×H100 2x h200 single a100 one l40s nvidia h100 sxm5",
            "1,2345 tok/s 12,345,6789 t/s 1234,567 tokens/s 1.5.3 tok/s x1000 tok/s",
            "tp8 tp=2 tensor parallel 4 xtensor-parallel 8 tensor-parallelism of 2",
            "ab: 3 b: 32 i: 4k o: 256 b:1 batch=8 bs 16 b 4",
            "1/req x1/req peak concurrent requests: 12 --max-num-seqs 64 single-flight",
            "长提示词 短提示词 total input tokens: 5 sharegpt input_tokens/min",
            "processed prompts: x successful requests: 3 blah benchmark duration",
            "per user output speed [1/tpot] per gpu output throughput (tokens/sec/gpu)",
            "q4_k_m108.35 xq4_0 fp8 kv cache fp8 xfp8kv w4a16 awq gptq nvfp4 mxfp4",
            "meta-llama-3-8b codellama 34b llama3.1 405b mixtral 8x7b qwen3-32b deepseek-r1 gemma-3-27b gpt-j",
            "ttft 200 ms, time to first token 1.2 s, 30 ms of ttft, latency: 3 s, e2e 4 s",
            "at 2 qps 3 req/s 5 requests per second xat 4 rps",
            "512-token prompts 256 tokens output 1k input tokens 128 generated tokens",
            "input 1024 output 128 prompt length of 2k decode tokens 64 1000 in / 200 out",
            "seq len 2048 sequence length: 4096 pp512 tg128 pp512+tg128 | 4918.36 ± 132.23",
            "4 concurrent users, concurrency 16, max concurrency: 32, 8 gpus, eight h100 gpus",
            "nvlink pcie infiniband ib-ndr xgmi quantized quantisation",
            "throughput of 500 throughput = output tokens / time token rate of 969 per second",
            "decode tok/s 1480 ttft p50 ms 220 saturated offline max batch maximum throughput",
            "9999999999999999999999999999999999999 tok/s 0.5 samples/s 3 it/s 29.5 ms / token",
            "the weather was nice and nobody measured anything at all today. output token throughput (tok/s): 10777.64 / mean ttft (ms): 9408.20 /",
            "a: 1 b: 2 x: 5 ms tokens: 3 \"mean_ttft_ms\": 12.5, \"p99\" : \"7\" (a:b): 5 q (s) : 3 s",
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa: 5",
            "9 0123456789012345678901234567890123456789012345678901234567890123456789 x: 5",
            "é: 5 ü latency (ms):\n 7ms x (((: 4) z(): 3 k (1234567890123456789012345): 3",
        ] {
            check_same(t).unwrap();
            labelled_same(t).unwrap();
        }
    }

    const WORDS: &[&str] = &[
        "tok/s",
        "tokens/sec",
        "t/s",
        "tps",
        "per user",
        "/gpu",
        "ms",
        "s",
        "k",
        "x",
        "×",
        "h100",
        "b:",
        "i:",
        "o:",
        "batch",
        "tp",
        "ttft",
        "latency",
        "input",
        "output",
        "tokens",
        "prompts",
        "llama",
        "3",
        "70b",
        "fp8",
        "kv",
        "vllm",
        "0.6.2",
        "pp512",
        "tg128",
        "±",
        "|",
        ":",
        "-",
        "–",
        "to",
        "concurrent",
        "requests",
        "req/s",
        "qps",
        "at",
        "of",
        "=",
        "1/req",
        "8x",
        "single",
        "gpus",
        "in",
        "out",
        "/",
        "samples",
        "per second",
        "seq len",
        "isl/osl",
    ];

    /// The merge as first written (quadratic), for comparison.
    fn merge_reference(mut figures: Vec<Figure>) -> Vec<Figure> {
        let mut i = 0;
        while i < figures.len() {
            let dup = (0..figures.len()).find(|&j| {
                j != i
                    && figures[j].value == figures[i].value
                    && figures[j].unit == figures[i].unit
                    && figures[i].scope.is_none()
                    && figures[j].scope.is_some()
                    && figures[i].kind.is_throughput()
                    && figures[j].kind.is_throughput()
            });
            if let Some(j) = dup {
                let gone = figures.remove(i);
                let j = if j > i { j - 1 } else { j };
                let keep = &mut figures[j];
                if gone.kind_stated && !keep.kind_stated {
                    keep.kind_stated = true;
                    if keep.kind == FigureKind::ThroughputUnspecified {
                        keep.kind = gone.kind;
                    }
                }
                if keep.scope == Some(Scope::PerUser) && keep.kind.is_throughput() {
                    keep.kind = FigureKind::ThroughputPerUser;
                }
                if j > i {
                    let f = figures.remove(j);
                    figures.insert(i, f);
                }
                continue;
            }
            i += 1;
        }
        figures
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        #[test]
        fn merge_same_as_first_written(
            fs in proptest::collection::vec((0u8..4, 0u8..2, 0u8..5, 0u8..4, any::<bool>()), 0..24)
        ) {
            use FigureKind::*;
            let kinds = [ThroughputUnspecified, ThroughputOutput, ThroughputPerUser, Ttft, RequestRate];
            let scopes = [None, Some(Scope::PerUser), Some(Scope::Aggregate), Some(Scope::PerGpu)];
            let figures: Vec<Figure> = fs
                .iter()
                .enumerate()
                .map(|(n, &(v, u, k, sc, stated))| {
                    let mut f = Figure::new(
                        v as f64,
                        ["tok/s", "ms"][u as usize],
                        kinds[k as usize],
                        Span { start: n, end: n + 1 },
                    );
                    f.scope = scopes[sc as usize];
                    f.kind_stated = stated;
                    f
                })
                .collect();
            let want = merge_reference(figures.clone());
            let got = merge_unscoped_twins(figures);
            prop_assert_eq!(format!("{want:?}"), format!("{got:?}"));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn same_as_plain_regex_on_claim_shaped_text(
            words in proptest::collection::vec(prop_oneof![
                4 => proptest::sample::select(WORDS).prop_map(String::from),
                1 => "[0-9]{1,6}",
                1 => "[0-9]{1,3}(,[0-9]{3}){0,2}(\\.[0-9]{1,2})?",
                1 => "[a-z]{1,3}",
                1 => "[ \n._/,()-]{0,2}",
            ], 0..40),
            seps in proptest::collection::vec(prop_oneof![Just(""), Just(" "), Just("  ")], 40),
        ) {
            let mut t = String::new();
            for (w, s) in words.iter().zip(&seps) {
                t.push_str(w);
                t.push_str(s);
            }
            if let Err(e) = check_same(&t).and_then(|_| labelled_same(&t)) {
                prop_assert!(false, "{}", e);
            }
        }
    }
}
