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
use crate::claim::re::{Captures, Regex};
use std::sync::OnceLock;

mod engine;
mod figure;
mod hardware;
mod ids;
mod marks;
mod model;
mod settings;
mod words;
use figure::*;
pub(in crate::claim) use hardware::compared_side;
use hardware::*;
use ids::*;
pub(in crate::claim) use marks::*;
pub(in crate::claim) use model::*;
use settings::*;
pub(in crate::claim) use words::*;

/// A number as people write it: `3,200`, `3200`, `3.5`.
const NUM: &str = r"(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)";

/// GPU and accelerator names the reader knows, longest first within a family.
///
/// Accelerators outside the GPU catalog (Gaudi, Ascend and its Atlas servers, TPU, Groq's LPU,
/// SambaNova's SN40L / RDU, A30, V100, MI308X/MI250) keep their own ids (CLAIMS.md §3).
const GPU_NAMES: &str = r"(?:rtx\s*)?a6000\s*ada|(?:rtx\s*)?a[2456]000|gb300|gb200|gh200|h100|h200|h800|h20[\s-]*3e\b|h20|b200|b300|a100|a10g|a10|a30|a40|a800|v100|t4|l40s|l40|l20|l4|rtx\s*a\d{4}|jetson[\s-]*(?:agx[\s-]*)?orin(?:[\s-]*(?:nano(?:[\s-]*super)?|nx))?|jetson[\s-]*nano\b|(?:agx[\s-]*)?orin(?:[\s-]*(?:nano|nx))?\b|(?:tesla\s*)?p(?:40|100)s?\b|mi210|mi300x|mi308x|mi325x?|v[4-7][ep]-\d+\b|gb10\b|dgx[\s-]*spark|raspberry[\s-]*pi[\s-]*\d|mi355x|mi350x|mi250x?|rtx\s*pro\s*6000|rtx\s*6000\s*ada|rtx(?:™)?[\s-]*\d{4}(?:[\s-]*ti)?(?:[\s-]*super)?(?:\s?d\b)?|quadro\s*(?:rtx\s*)?[a-z]{0,2}\d{3,4}\b|(?:radeon\s*)?ai\s*pro\s*r9[67]00\b|(?:79|78|77|76)00\s*xtx?\b|(?:6[5-9][05]0|5[67]00|90[67]0)\s*xtx?\b|m[1-5]\s*(?:ultra|max|pro)|(?:mac\s*book(?:\s*(?:air|pro))?|mac(?:\s*(?:mini|studio))?|imac)\s+m[1-5](?:\s*(?:ultra|max|pro))?\b|m[1-5]\s+(?:mac\s*book(?:\s*(?:air|pro))?|mac(?:\s*(?:mini|studio))?|imac)\b|ipad(?:\s*(?:pro|air|mini))?\s+m[1-5](?:\s*(?:ultra|max|pro))?\b|b5[78]0\b|b[67]0\b|bhx\d+|blackhole|quietbox|t3k\b|t3000\b|wafer[\s-]*scale[\s-]*engine|cerebras|gaudi(?:®)?[\s-]?[23]|gaudi|ascend[\s-]*910[bc]?\d?|910[bc]\d?(?-u:\b)|(?:ascend[\s-]*)?9[5-9]0(?:pr|dt)\b|atlas[\s-]*800[it]?(?:[\s-]*a[23])?|atlas[\s-]*300[iv](?:[\s-]*(?:a2|pro|duo))?|atlas[\s-]*a[23]\b|tpu[\s-]*v\d+[a-z]*|tpu[\s-]*7x\b|ironwood\b|trillium\b|groq(?:[\s-]*lpu)?|sn40l|sambanova(?:'s)?\s+rdus?\b|(?:etched\s+)?sohu\b|reconfigurable\s+dataflow\s+units?\b|rx\s*\d{3,4}(?:\s*xtx|\s*xt)?|arc(?:\(tm\)|™)?\s*[ab]?\d{3}m?\b|arc(?:\(tm\)|™)?\s*(?:pro\s*)?b\d{2}\b|gtx[\s-]*\d{3,4}(?:[\s-]*ti)?(?:[\s-]*super)?\b|inferentia[\s-]?2|trainium[\s-]?2|trainium|trn[12]\b|inf2\b|n300|n150|p150[ab]?\b|p300[ab]?\b|jetson[\s-]*(?:agx[\s-]*)?thor|mi50s?\b|mi60s?\b|mi100s?\b|apple[\s-]+m[1-5](?:[\s-]*(?:ultra|max|pro))?\b|ryzen\s+ai\s+max\+?\s*(?:pro\s+)?\d{3}|strix\s+halo|昇腾\s*910b?\d?|(?:rockchip\s*)?rk3588s?\b|(?:furiosa(?:ai)?\s*)?rngd\b|warboy\b|(?:qualcomm\s*)?cloud\s*ai\s*100\b|hailo[\s-]*\d+h?\b|snapdragon(?:®)?\s*(?:8\s*(?:\+|plus)?\s*(?:gen\s*\d|elite(?:\s*gen\s*\d)?)|x\s*(?:elite|plus)|x\d?)|adreno\s*(?:gpu\s*)?\d{3}\b|iphone\s*\d{1,2}(?:\s*pro(?:\s*max)?|\s*plus)?\b|(?:google\s*)?pixel\s*\d{1,2}(?:\s*pro(?:\s*xl)?|a)?\b|(?:samsung\s*)?galaxy\s*s\d{2}(?:\s*(?:ultra|plus|\+|fe))?";

/// The words a GPU name (or `single`/`one`/`nvidia` before it) starts with, for [`Pat`]'s scan.
const GPU_STARTS: &[&str] = &[
    "rx",
    "gtx",
    "p40",
    "p100",
    "tesla",
    "orin",
    "agx",
    "inferentia",
    "trainium",
    // AWS's instance families named for their chips (`Trn2`, `Inf2`).
    "trn",
    "inf2",
    "7900",
    "7800",
    "7700",
    "7600",
    // AMD's RDNA 1/2/4 Radeons written without `RX` (`8 6700xt`).
    "6950",
    "6900",
    "6800",
    "6750",
    "6700",
    "6650",
    "6600",
    "5700",
    "5600",
    "9070",
    "9060",
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
    "quadro",
    "radeon",
    "ai pro",
    "ipad",
    // Intel's Battlemage cards named without `Arc` (`a B580`, `one B70`).
    "b580",
    "b570",
    "b70",
    "b60",
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
    "rk3588",
    "rockchip",
    "rngd",
    "furiosa",
    "warboy",
    "qualcomm",
    "cloud",
    "hailo",
    "snapdragon",
    "adreno",
    "iphone",
    "pixel",
    "galaxy",
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
    "m5",
    "v4",
    "v5",
    "v6",
    "v7",
    "gb10",
    "dgx",
    "raspberry",
    "bhx",
    "blackhole",
    "quietbox",
    "t3k",
    "t3000",
    "wafer",
    "cerebras",
    "a3",
    "v1",
    "mi2",
    "gaudi",
    "ascend",
    "atlas",
    "tpu",
    "ironwood",
    "trillium",
    "groq",
    "sambanova",
    "reconfigurable",
    "etched",
    "sohu",
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
const LABEL_TAIL: &str = r#"["']?\s*(?:\(([^()]{1,40})\)["']?)?(?:\s*(?:avg|mean|median|average|p\d{2}))?\s*:\s*["']?\[?(?:(?:approximately|approx\.?|about|around|roughly|~)\s*)?NUM(?:\s*(?:±|\+/-)\s*[\d.,]+)?(?:\s*(ms\b|s\b))?"#;

/// The claim patterns. All but two run through [`Pat`]: the regex only where a match can start.
struct Patterns {
    throughput: Pat,
    tps: Pat,
    per_second_of: Pat,
    label_tail: Regex,
    label_unit_value: Pat,
    unit_colon_value: Pat,
    phase_bare: Pat,
    rate_units: Pat,
    request_rate: Pat,
    latency_before: Pat,
    latency_is: Pat,
    latency_from_to: Pat,
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
        let re = |s: &str| crate::claim::re::compile(&expand(s)).expect("static pattern compiles");
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
                r"NUM\**\s*(million|thousand|[km]|万)?(\+)?~?(?:\s*(?:-|–|—|~|～|〜|to|vs\.?)\s*~?NUM\s*(million|thousand|[km]|万)?)?\s*(?:(?:peak|sustained|average|mean|median)\s+)?((?:output|total|generated|generation|input|prompt|completion|decode|prefill|aggregate|combined|input\s*\+\s*output|prompt\s*\+\s*completion|gen|tg|pp)\s+|(?:输出|输入|生成|总)\s*)?(?:tokens?|toks?|tks?|t)(?:\s+(?:generated|produced|decoded|processed))?\s*(?:/|\bper\s|-per-)\s*(?:s|secs?|seconds?)\b(?:\s*\((?:tps|tok/s|t/s)\))?(\s*(?:/|\bper\s)\s*(?:user|u|gpu|node|req(?:uest)?|prompt|stream|sequence|mw)\b|\s+1/req\b)?",
            )
                // `*`: a bold number before its unit (`**300.9** TPS`).
                .then(" .,km+-~*", true, &["t", "o", "g", "i", "p", "c", "d", "v", "a", "万"]),
            tps: pat(ANY, &[], &[], r"NUM\**\s*(k)?(\+)?(?:\s*(?:-|–|—|~)\s*~?NUM\s*(k)?)?\s*(?:tps|tgs)\b(\s*(?:/|\bper\s)\s*(?:user|gpu|node|req(?:uest)?)\b)?")
                .then(" .,k+-~*", true, &["tps", "tgs"]),
            per_second_of: pat(NO, &["token"], &[], r"\btoken\s+rate\s+of\s+NUM\s+per\s+second\b"),
            label_tail: re(&format!("^{LABEL_TAIL}")),
            // A phase named with a bare number (`TOKEN GENERATION IS 1.7`, `tg: 45`): that phase's
            // rate in tokens per second by convention (the unit checked after). `PP=1` is a
            // pipeline-parallel degree, so the short names take only `:` or "is".
            phase_bare: pat(NO, &["token generation", "prompt processing", "tg", "pp"], &[], r"\b(?:(token generation|prompt processing)\s*(?:is|:|=)|(tg|pp)\s*(?:is|:))\s*(\d+(?:\.\d+)?)\b"),
            label_unit_value: pat(NO, &["decode", "prefill", "output", "total", "input", "generation", "ttft", "tbt", "itl", "tpot", "e2e"], &[],
                r"\b(decode|prefill|output|total|input|generation)\s+(?:tok(?:en)?s?/s|tps)\s+NUM|\b(ttft|tbt|itl|tpot|e2e)\s+(p\d{2}|mean|avg|median)?\s*(ms|s)\s+NUM",
            ),
            // A unit heading a list item, its values after a colon, a change as an arrow
            // chain (`c=64 tokens/s/user: 254 -> 256 (PT: 260)`).
            unit_colon_value: pat(NO, &["tok", "tps"], &[],
                r"\b(tok(?:en)?s?/s(?:ec)?(?:/user|/gpu)?|tps(?:/user|/gpu)?)[ \t]*:[ \t]*~?NUM((?:[ \t]*(?:->|→|=>)[ \t]*~?(?:\d[\d,.]*))*)",
            ),
            rate_units: pat(ANY, &[], &[], r"NUM\s*(samples?|prompts?|queries|it)\s*(?:/|\bper\s)\s*(?:s|sec|second)\b")
                .then(" .,", false, &["sample", "prompt", "queries", "it"]),
            request_rate: pat(ANY, &["at"], &[], r"(\bat\s+)?NUM\s*(?:reqs?(?:uests?)?\s*/\s*s(?:ec(?:ond)?)?|requests? per second|quer(?:y|ies)\s*/\s*s(?:ec)?|quer(?:y|ies) per second|qps|rps|(reqs?(?:uests?)?\s*/\s*min(?:ute)?|requests? per minute|rpm))\b")
                .then(" .,", false, &["req", "qps", "rps", "rpm"]),
            latency_before: pat(NO, &["ttft", "time", "itl", "inter", "tbt", "tpot", "e2e", "end-to-end", "latency", "response", "inference time", "inference-time"], &[],
                r"\b(ttft|time[\s-]to[\s-]first[\s-]token|itl|inter[\s-]token latency|tbt|time between tokens|tpot|time per output token|time_per_token|e2e(?:\s*latency)?|end-to-end latency|latency|response[\s-]times?|inference[\s-]times?)\b(?:[^0-9\n]{0,12}\bp\d{2}(?:\.\d+)?\b)?(?:[^0-9\n]{0,30}?|[^\n:|]{0,80}:\s*|[^\n():|]{0,50}\(\s*)(?:\d[\d,]*(?:\.\d+)?\s*(?:→|->|=>)\s*)?NUM(?:\s*(?:±|\+/-|\+-)\s*[\d.,]+|\s*(?:-|–)\s*\d[\d,]*(?:\.\d+)?)?\+?\s*(ms|milliseconds?|s|sec|seconds)\b",
            ),
            // `p99 TTFT on our Llama-3.1-70B endpoint (4×H100, FP8) is 740 ms`: a latency named,
            // then its setup, then "is" and the value.
            latency_is: pat(NO, &["ttft", "time", "itl", "inter", "tbt", "tpot", "e2e", "end-to-end", "latency", "response", "inference time", "inference-time"], &[],
                r"\b(ttft|time[\s-]to[\s-]first[\s-]token|itl|inter[\s-]token latency|tbt|time between tokens|tpot|time per output token|e2e(?:\s*latency)?|end-to-end latency|latency|response[\s-]times?|inference[\s-]times?)\b[^\n;]{0,100}?\b(?:is|was|are|were)\s+(?:about\s+|around\s+|~\s*)?NUM(?:\s*(?:±|\+/-|\+-)\s*[\d.,]+)?\s*(ms|milliseconds?|s|sec|seconds)\b",
            ),
            // `TPOT has improved by 2.12x, reducing from 26.44ms to 12.44ms`: a latency named,
            // then a change written in words; the value where it ends (CLAIMS.md §1 rule 6).
            latency_from_to: pat(NO, &["ttft", "time", "itl", "inter", "tbt", "tpot", "e2e", "end-to-end", "latency", "response"], &[],
                r"\b(ttft|time[\s-]to[\s-]first[\s-]token|itl|inter[\s-]token latency|tbt|time between tokens|tpot|time per output token|e2e(?:\s*latency)?|end-to-end latency|latency|response[\s-]times?)\b[^\n;]{0,80}?\bfrom\s+~?\d[\d,]*(?:\.\d+)?\s*(?:ms|milliseconds?|s|sec|seconds)?\s+to\s+~?NUM\s*(ms|milliseconds?|s|sec|seconds)\b",
            ),
            latency_after: pat(ANY, &[], &[],
                r"NUM\s*(ms|milliseconds?|s|sec|seconds)\s+(?:of\s+)?(end-to-end latency|e2e latency|ttft|time[\s-]to[\s-]first[\s-]token|tpot\b|itl\b|tbt\b|inter[\s-]token latency|time[\s-]per[\s-]output[\s-]token|(?:decoding|decode|per[\s-]token) latency)",
            )
                .then(" .,", false, &["m", "s"]),
            ms_per_token: pat(ANY, &[], &[], r"NUM(?:\s*(?:-|–|—|~|to)\s*NUM)?\s*(ms|milliseconds?|s|secs?|seconds?|秒)\s*(?:/|\bper\s)\s*(?:output\s+)?(?:tok(?:en)?s?|t)\b")
                // `/t` after filler: seconds written as 秒 (`0.8秒/token`; non-ASCII bytes are filler).
                .then(" .,-~to", true, &["ms", "milli", "s", "/t"]),
            unitless_throughput: pat(NO, &["throughput", "tps"], &[], r"\b(?:throughput\s+(?:of|is|=)|tps(?:\s*(?:/|\bper\s)\s*(user|gpu))?\s*(?:of\b|is\b|=|:))\s*NUM\b"),
            bench_row: pat(NO, &["pp", "tg"], &[], r"\b(pp\d+\+tg\d+|pp\s?\d+|tg\s?\d+)\b(?:\s*@\s*d\d+)?[\s|:=]*NUM(?:\s*±\s*NUM)?"),
            glued_gguf: pat(NO, &["q"], &[], r"\b(q\d_k_[msl]|q\d_k|q\d_\d)(\d+\.\d)"),
            // `batch-8`, and "single-batch" (one sequence).
            batch: pat(NO, &["b", "single"], &["_batch", "单"], r#"(?:(?:(?:\b|_)batch[\s_-]*size|\bbatch|\bbsz|\bbs|\bb)"?\s*(?:of\s+(?:the\s+)?(?:inputs?|prompts?|requests?)\s+)?(?:is\s+|was\s+|of\s*|=|:|-|为|设置为|设为|[：=]\s*)?\s*(\d+|one)|\bsingle[\s-]batch|单\s*batch)\b"#),
            // `c=64`: the shorthand of benchmark posts (`976 tok/s @ c=64`); `concurrency-4`.
            concurrency: pat(NO, &["max", "c", "tps", "mc"], &[], r#"\b(?:max[\s_-]*)?(?:concurrency(?:\s+level)?|concurrent(?:[\s_-]*(?:users|requests|clients))?|conc\s|conc\s*=|c\s*=|mc\s*=|tps\s*@)"?\s*(?:of\s*|to\s+|=|:|为|-|[：=]\s*)?\s*(\d+)\b"#),
            // "32 concurrent users", "at 64 concurrency", "100 users simultaneously", "the
            // 512-concurrency benchmark".
            concurrency_after: pat(WORD, &[], &[], r"\b(\d+)(?:\s*|-)(?:[x×]\s*)?(?:(?:concurrent|parallel|simultaneous|virtual)\s*(?:requests?|users?|clients?|streams?|sequences?)|vus\b|concurrency\b|request\s+threads\b|(?:users|requests|clients|streams)\s+(?:simultaneously|concurrently|in parallel)\b|concurrent\b|(?:users|clients|streams)\b)")
                .then(" x-", true, &["concurrent", "parallel", "simultaneous", "virtual", "vus", "concurrency", "users", "requests", "request", "clients", "streams"]),
            // Loads only described (CLAIMS.md §3 Load: saturation, an unlimited request rate,
            // "Concurrency MAX", an MLPerf scenario, a count of prompts sent with no rate or
            // limit, which `vllm bench serve` and `trtllm-bench` release at once — the latter's
            // `Issue Rate (req/sec): 2.3E+15`): the batch row is partial.
            batch_described: pat(NO, &["saturat", "max", "offline", "benchmark_throughput", "bench", "request", "concurrency", "all", "server", "interactive", "throughput:", "interactivity", "qps", "every", "num", "issue", "under", "peak concurrent", "高并发", "trtllm-bench", "tpot", "ttft", "itl", "tbt", "sla", "slo"], &["("], r"\b(saturat\w*|trtllm-bench\b[^\n]*?\sthroughput\b|(?:tpot|ttft|itl|tbt)\s+(?:sla|slo)s?|(?:sla|slo)\s+of\s+<?\s*\d+\s*ms|num[\s_-]*prompts?\b|number\s+of\s+prompts?\b|issue\s+rate\s*\(req/sec\):\s*[\d.]+e\+\d+|interactivity|max(?:imum)?[\s-]*batch|max(?:imum)?[\s-]*throughput|offline|benchmark_throughput|bench throughput|request[\s_-]*rate\x22?[\s=:]+\x22?inf|qps\s*[=:]\s*inf|concurrency[\s=:]+max|all (?:the )?prompts at once|(?:all|every) (?:\w+ )?submitted at once|server scenario|interactive scenario|throughput:\s*[\d.]+\s*requests/s|under\s+(?:extreme|heavy|high|massive|full)\s+(?:concurrency|load)|peak\s+concurrent\s+requests)\b|高并发|\(\s*<\s*\d+\s*ms\s+(?:tpot|ttft|itl|tbt)\s*\)"),
            isl_osl: pat(NO, &["isl"], &[], r"\bisl\s*/\s*osl\s*(?:of\s*|=|:)?\s*(\d+)\s*(k)?\s*/\s*(\d+)\s*(k)?"),
            b_i_o: pat(NO, &["b:"], &[], r"\bb:\s*(\d+)\s+i:\s*(\d+)\s*(k)?\s+o:\s*(\d+)\s*(k)?"),
            tokens_prompt: pat(WORD, &[], &[], r"\b(\d[\d,]*)[ \t]*(k)?(?:(?:[ \t-]*tokens?[ \t-]*(?:long\s+)?(?:prompts?|inputs?|input\s+prompts?)|-inputs?)\b|[ \t]+input\s*[,;)])")
                .then(" ,k-", false, &["token", "input"]),
            tokens_output: pat(WORD, &[], &[], r"\b(\d[\d,]*)[ \t]*(k)?(?:(?:[ \t-]*tokens?[ \t-]*(?:long\s+)?(?:outputs?|completions?|generations?|responses?|answers?|replies|decode)|-outputs?)\b|[ \t]+output\s*[,;)])")
                .then(" ,k-", false, &["token", "output"]),
            tokens_output_before: pat(WORD, &[], &[], r"\b(\d[\d,]*)\s*(k)?\s+(?:output|generated|completion)\s+tokens\b")
                .then(" ,k", false, &["output", "generated", "completion"]),
            tokens_prompt_before: pat(WORD, &[], &[], r"\b(\d[\d,]*)\s*(k)?\s+(?:input|prompt)\s+tokens\b")
                .then(" ,k", false, &["input", "prompt"]),
            input_kw: pat(NO, &["input", "prompt", "prefill", "isl"], &[], r#"\b(?:input|prompt|prefill|isl)(?:[\s_-]*(?:length|len|tokens|size|seq(?:uence)?(?:\s*len(?:gth)?)?))?(?:[_-]mean)?"?\)?\s*(?:of\s*|=|:)?\s*(\d{1,3}(?:,\d{3})+|\d+)\s*(k)?"#),
            output_kw: pat(NO, &["output", "completion", "generation", "decode", "osl"], &[], r#"\b(?:output|completion|generation|decode|osl)(?:[\s_-]*(?:length|len|tokens|size|seq(?:uence)?(?:\s*len(?:gth)?)?))?(?:[_-]mean)?"?\)?\s*(?:of\s*|=|:)?\s*(\d{1,3}(?:,\d{3})+|\d+)\s*(k)?"#),
            seq_len: pat(NO, &["seq"], &[], r"\bseq(?:uence)?[\s_-]*len(?:gth)?\s*(?:=|:)?\s*(\d+)\b"),
            pp_tg: pat(NO, &["pp", "tg"], &[], r"\b(pp|tg)\s?(\d+)\b"),
            in_out: pat(WORD, &[], &[], r"\b(\d+(?:\.\d+)?)\s*(k)?\s*(?:in|input)\s*/\s*(\d+(?:\.\d+)?)\s*(k)?\s*(?:out|output)\b")
                .then(" .k", false, &["in"]),
            gpu: pat(ANY, GPU_STARTS, &["昇腾"],
                r"(?:(\d+)\s*(?:[x×*]|张|块|颗)\s*|\b(single|one)\s+|\b)(?:(?:nvidia|amd|intel|huawei|google)(?:®)?\s+(?:instinct\s+|habana\s+|cloud\s+|geforce\s+)?)?(GPUS)((?:[\s-]*(?:sxm\d?|pcie|nvl\d*|hbm\d?e?|laptop|mobile|\d+\s*gi?b?\b|\(\s*\d+\s*gi?b?\s*\)))*)(?:\s*\((\d+)\s*(?:[x×]|卡|张)\)|\s*[x×*]\s*(\d+)|\s+(\d+)\s*张)?",
            )
                .then(" ", false, &["x", "×", "*", "张", "块", "颗"]),
            gpus_word: pat(WORD, &["two", "three", "four", "six", "eight", "sixteen", "dual", "quad"], &[], r"\b(\d+|two|three|four|six|eight|sixteen|dual|quad)(?:\s+(?:[\w-]+\s+){0,4}?(?:gpus|accelerators|npus|hpus|lpus|rdus|tpus|chips|cards|devices)\b|-gpu\b|gpus?\b|[x×]\s*gpus\b|\s*(?:个|個)\s*(?:[\w-]+\s*){0,3}?(?:gpu|npu)\b)")
                // `4GPU` glued (vLLM's release tables: `| 4GPU, Llama 70B, v0.4.3 |`).
                .needs(&["gpu", "accelerators", "npus", "hpus", "lpus", "rdus", "tpus", "chips", "cards", "devices", "个", "個"]),
            tp: pat(NO, &["tp"], &["tensor", "num-shard", "num_shard"], r"(?:\btp(?:[\s_-]*size)?\s*(?:=|:)?\s*|tensor[\s_-]para(?:llel)?(?:ism|[\s_-]size|[\s_-]degree)?\s*(?:of\s*|=|:)?\s*|num[_-]shard(?:\s*=\s*|\s+))(\d+)\b"),
            kv_dtype: pat(NO, &["fp", "bf", "int", "kv", "q", "iq", "w4a", "w8a"], &[], r"\b(fp8|fp16|bf16|int8|int4|q8_0|q4_0|q4_1|q5_0|q5_1|iq4_nl)[\s_]*-?kv\b|\bkv[\s_-]*cache[^.\n]{0,20}?\b(fp8|fp16|bf16|int8|int4)\b|\bw\da\d{1,2}kv(4|8)\b|\b(fp8|fp16|bf16|int8|int4)\b[^.\n]{0,30}?\bkey(?: and |-|/)values?\b"),
            // GGUF types include the i-quants (`IQ1_S`, `IQ4_XS`) and the `_K_XL` mixes; MLC's
            // `q4f16_1` keeps its own name.
            dtype: pat(NO, &["fp", "bf", "int", "w8a8", "w4a", "awq", "gptq", "nvfp4", "mxfp", "q", "iq"], &[],
                r"\b(fp8_w8a8|int8_w8a8|fp16|bf16|fp8|int8|int4|fp 16|bf 16|fp 8|w8a8|w4a16|w4afp8|w4a8(?:kv[48])?|w4a4|awq|gptq|nvfp4|mxfp4|mxfp6|mxfp8|fp4|q\df(?:16|32)_(?:\d|ft)|q\d_k_xl|q\d_k_[msl]|q\d-k-[msl]|q\d_k|q\d_\d_\d_\d|q\d_\d|q\dk(?:xl|[msl])|iq\d_(?:xxs|xs|nl|s|m)|iq\d(?:xxs|xs|nl))(?:\b|\d)",
            ),
            // A quantisation-aware-trained checkpoint (`gemma-3-27b-it-qat`) is quantised without
            // a type.
            quantised: pat(NO, &["quanti", "qat"], &["量子化"], r"\bquanti[sz](?:ed|ation)\b|量子化(?:済|された)|\bqat\b"),
            runtime: pat(NO, &["vllm", "tensorrt", "trt", "sglang", "llama", "text-generation", "text generation", "tgi", "lmdeploy", "ollama", "mlx", "tt-metal", "cerebras", "ktrans", "fastllm", "ftllm", "mlc", "exllama", "powerinfer", "flexgen", "mindie", "jetstream", "lm", "deepspeed", "synapse", "nim", "mistral.rs", "koboldcpp", "aphrodite", "openvino", "ctranslate2", "xinference", "rtp-llm", "optimum", "lightllm", "fastertransformer", "turbomind", "ipex", "transformers-neuronx", "nxd", "neuronx", "optimum-neuron", "jax", "groqcloud", "groq cloud", "sambanova cloud", "onnx", "core ml", "coreml", "executorch", "t-mac", "bitnet", "distributed-llama", "omlx", "localai", "ds4", "qserve", "autoawq", "autogptq", "auto-awq", "auto-gptq", "auto awq", "auto gptq", "ik_llama", "gpt-fast", "tinygrad", "mistralrs", "candle", "rkllm", "petals", "chitu", "赤兔", "web-llm", "webllm", "wllama", "litert", "mindformers", "tabbyapi", "optimum-nvidia", "optimum nvidia", "text-generation-webui", "text generation webui", "oobabooga", "lorax", "exo", "djl", "xllm", "tinychat", "litgpt", "nano", "mediapipe", "mnn", "torchchat", "genie", "deepsparse"], &[],
                r"\b(vllm\.rs\b|vllm[\s-]mlx\b|nano[\s-]?vllm\b|vllm|tensorrt[\s-]edge[\s-]llm|ik_llama\.cpp|qserve\b|auto[\s-]?awq\b|auto[\s-]?gptq\b|gpt-fast\b|tinygrad\b|tensorrt[\s-]?llm|trt[\s-]?llm|sglang|llama\.cpp|llamacpp|llama-cpp-python|llama-server|llama-bench|llamafile|text[\s-]generation[\s-](?:inference|launcher)|tgi|lmdeploy|ollama|mlx(?:[_-]lm)?|tt-metal|cerebras inference|ktrans(?:formers)?\b|fastllm\b|ftllm\b|mlc[\s-]?llm|mlc\b|exllama(?:[\s-]?v?[23])?|powerinfer|flexgen|mindie|jetstream(?:-pytorch)?|lm[\s-]studio|deepspeed[\s-]?(?:mii|fastgen)|synapse[\s-]?ai|nim\b|mistral\.rs|koboldcpp|aphrodite(?:[\s-]engine)?|openvino(?:[\s-]model[\s-]server)?|ctranslate2|xinference|rtp-llm|optimum[\s-]habana|lightllm|fastertransformer|turbomind|ipex[\s-]?llm|transformers[\s-]neuronx|nxd[\s-]inference|neuronx[\s-]distributed[\s-]inference|optimum[\s-]neuron|jax\b|groq\s?cloud\b|sambanova\s+cloud\b|tensorrt\b|onnx\s?runtime(?:[\s-]genai)?|core\s?ml\b|executorch\b|t-mac\b|bitnet\.cpp|distributed-llama\b|omlx\b|localai\b|ds4(?:-bench)?\b|mistralrs(?:-bench|-server)?\b|candle[\s-]vllm\b|candle\b|rkllm\b|petals\b|chitu\b|赤兔|web[\s-]?llm\b|wllama\b|litert[\s-]lm\b|mindformers\b|tabbyapi\b|optimum[\s-]nvidia\b|text[\s-]generation[\s-]webui\b|oobabooga\b|lorax\b|llm-d\b|exo\b|djl[\s-]serving\b|xllm\b|tinychat\b|litgpt\b|mediapipe\b|mnn(?:-llm)?\b|torchchat\b|genie[\s-](?:t2t(?:-run)?|sdk)\b|deepsparse\b)",
            ),
            // After the engine's name: `0.6.3`, `v0.4.1.post2`, `version 1.0.RC3`, `build b9455`,
            // `software release version 1.18.0`, an image tag (`vllm-openai-rocm:v0.17.0`,
            // `vllm_0.10.2_20251006`). The version ends at its last release part (`.post1`,
            // `rc3`, a git hash `+g676db55ee`), not at a build suffix (`+cu124`, `-cu121`, `_20251006`).
            version: re(r#"^(?:-[a-z][a-z0-9-]*:?|[*\s_]*(?:software\s+)?(?:release\s+)?version|\s+release|\s+build|\s+(?:rocm|cuda)|\s+fork)?["\s:=_(\[，]*(?:v(?:er(?:sion)?\.?)?\s*)?(\d+\.\d+(?:\.\d+)?(?:[.-]?(?:post|rc|dev|alpha|beta|a|b)\d*)*(?:\+g[0-9a-f]{6,})?|b\d{3,5}\b|[0-9a-f]{7,40}\b(?:\s\(\d+\))?)"#),
            llama: pat(NO, &["meta", "code", "llama"], &[], r"\b(?:meta[\s_-]*)?(?:code)?llama[\s_-]*v?([123](?:\.\d)?)?(?:[\s_-]*(?:chat|instruct))?[\s:_-]*(\d+(?:\.\d+)?)\s*b\b"),
            mixtral: pat(NO, &["mixtral"], &[], r"\bmixtral[\s-]*(\d+)\s*x\s*(\d+)\s*b\b"),
            other_model: pat(NO, &["mistral", "qwen", "deepseek", "gpt-oss", "phi", "falcon", "yi", "codellama", "opt", "glm", "nemotron", "internlm", "baichuan", "granite", "olmo", "bloom", "starcoder", "minicpm", "dbrx", "jamba", "mpt", "vicuna"], &[],
                r"\b(mistral|qwen(?:\d+(?:\.\d+)?|[\s-]\d(?:\.\d)?\b)?(?:moe)?(?:[\s-]*coder)?|deepseek(?:-v\d(?:\.\d)?|-r1)?|gpt-oss|phi-?(?:\d+(?:\.\d+)?)?|falcon|yi(?:-\d\.\d)?|codellama|opt|glm-?(?:\d+(?:\.\d+)?)?|nemotron(?:[\s-]*nano)?|internlm(?:\d+(?:\.\d+)?)?|baichuan(?:\d+(?:\.\d+)?)?|granite(?:-[\d.]+)?|olmo(?:-\d)?|bloom|starcoder(?:\d+(?:\.\d+)?)?|minicpm(?:\d+(?:\.\d+)?)?|dbrx|jamba|mpt|vicuna)(?:[\s_-]*(?:chat|instruct|base))?[\s:_-]*(\d+(?:\.\d+)?)\s*b(?:[\s.-]*(a\d+(?:\.\d+)?b?)(-v\d+)?)?(?:-(?:(instruct|thinking|reasoning)-)?(2[3-9](?:0[1-9]|1[0-2])))?(?:(?:-(?:instruct|chat))?(-v\d+\.\d+))?\b",
            ),
            named_model: pat(NO, &["deepseek", "gpt-j", "gemma"], &[],
                r"\b(deepseek[\s-]*(?:r1|v\d(?:\.\d)?(?:[\s-]*(?:lite|flash|pro))?)(?:-(?:0[1-9]|1[0-2])[0-3]\d)?(?:-(?:qwen[\d.]*|llama[\d.]*)-\d+(?:\.\d+)?b)?|gpt-j|gemma[\s-]*(?:(\d(?:\.\d)?)[\s:-]*)??(e?\d+b(?:-a\d+b)?))\b",
            ),
            interconnect: pat(NO, &["nvlink", "nvswitch", "pcie", "infiniband", "xgmi", "ib-hdr", "ib-ndr"], &[], r"\b(nvlink|nvswitch|pcie|infiniband|xgmi|ib-hdr|ib-ndr)"),
            request_count: pat(NO, &["num", "successful", "processed prompts"], &[], r#"\b(?:num[\s_-]*prompts"?\s*:\s*\d+|successful(?:/total)?\s+requests\s*:\s*\d+|processed prompts\s*:)"#),
            // Totals (by division) and per-minute rates only: a dataset named without lengths
            // ("ShareGPT", "short prompts") is unstated (CLAIMS.md §3 Lengths).
            lengths_described: pat(NO, &["total", "number", "input_tokens/min", "output_tokens/min"], &[], r#"\btotal[ _](?:input|generated|output)[ _]tokens"?\s*:|\bnumber of (?:prompt|completion|input|output|generated) tokens\s*:|\b(?:input|output)_tokens/min\b"#),
            // Engine limits (group 3): vLLM's `--max-num-seqs`, llama-server's `-np` (slots),
            // ollama's `OLLAMA_NUM_PARALLEL`.
            observed_load: pat(NO, &["peak concurrent requests", "number of concurrent requests", "single", "1/req"], &["--max-num-seqs", "--max_num_seqs", "max_num_seqs", "-np", "--parallel", "ollama_num_parallel"], r"\b(?:peak|number of) concurrent requests\s*:\s*(\d+(?:\.\d+)?)|\bsingle[\s-]flight\b|\b(1)/req\b|(?:--max[-_]num[-_]seqs[\s=]+|\bmax_num_seqs\s*=\s*|-np\s+|--parallel[\s=]+|ollama_num_parallel\s*=\s*)(\d+)\b"),
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

/// Where each line of a text starts (byte offsets, the first 0): the line around a figure in
/// O(log lines) rather than a scan back to the previous newline, which on a long one-line paste
/// (minified JSON, a flattened table) is the whole text before it, once per figure.
pub(super) struct LineStarts(Vec<usize>);

impl LineStarts {
    pub(super) fn new(text: &str) -> LineStarts {
        let mut v = vec![0];
        v.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
        LineStarts(v)
    }

    /// The start of the line that holds byte `at`: `text[..at].rfind('\n') + 1`, or 0.
    pub(super) fn start_of(&self, at: usize) -> usize {
        let k = self.0.partition_point(|&s| s <= at);
        self.0[k.saturating_sub(1)]
    }
}

pub(in crate::claim) fn floor_boundary(s: &str, mut i: usize) -> usize {
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

/// The system a paper or project presents under a coined name (CLAIMS.md §3 Runtime: an engine
/// outside the list keeps its own name as id): a title `Name: Subtitle` (`TriForce: Lossless
/// Acceleration of …`, `# TailorKV: A Hybrid Framework …`; not a commit subject's lower-case
/// `Component: change`) or "we propose / present / introduce /
/// evaluate Name" (`we propose CloudMatrix-Infer`). Only a coined name counts: one word in
/// mixed case with at least two capitals and no digit (`SpecExec`, `FlexLLMGen`), so plain
/// words, acronyms (`CUDA`, `AI`) and model names (`Llama-v2-7B`) do not. The id is the name in
/// lower case, spanning its first mention.
fn presented_system(text: &str, lower: &str) -> Option<Found<String>> {
    fn coined(w: &str) -> bool {
        let upper = w.chars().filter(|c| c.is_ascii_uppercase()).count();
        let lower = w.chars().filter(|c| c.is_ascii_lowercase()).count();
        upper >= 2
            && lower >= 2
            && w.starts_with(|c: char| c.is_ascii_uppercase())
            && w.chars().all(|c| c.is_ascii_alphabetic() || c == '-')
            && !w.ends_with('-')
    }
    fn word_at(s: &str) -> &str {
        let end = s
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .unwrap_or(s.len());
        &s[..end]
    }
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let head = first.trim_start_matches(|c: char| c == '#' || c.is_whitespace());
    // A paper's or project's subtitle opens with a capital (`TriForce: Lossless …`); a commit
    // subject's with a lower-case word (`BatchGenerator: optional prefer_prefill scheduler`):
    // there the name is the component changed, not a system.
    let title = {
        let w = word_at(head);
        let rest = head[w.len()..].trim_start();
        let subtitle = rest
            .strip_prefix(':')
            .or_else(|| rest.strip_prefix('：'))
            .map(str::trim_start);
        subtitle
            .filter(|t| !t.starts_with(|c: char| c.is_ascii_lowercase()))
            .map(|_| w)
    };
    let presented = || {
        [
            "we propose ",
            "we present ",
            "we introduce ",
            "we evaluate ",
            "We propose ",
            "We present ",
            "We introduce ",
            "We evaluate ",
            "This paper presents ",
        ]
        .iter()
        .flat_map(|m| text.match_indices(m))
        .map(|(i, m)| word_at(&text[i + m.len()..]))
        .find(|w| coined(w))
    };
    let name = title.filter(|w| coined(w)).or_else(presented)?;
    let id = name.to_ascii_lowercase();
    let start = lower.find(&id)?;
    let end = start + id.len();
    found(id, Span { start, end })
}

/// A runtime the engine patterns leave out, for a text that names no serving engine, in this
/// order (CLAIMS.md §3 Runtime: an engine outside the list keeps its name): Hugging Face
/// Transformers named as the library a run used ([`transformers_library`]); the system a paper
/// or project presents under its own name ([`presented_system`]); last, frameworks that wrap a
/// serving engine (NVIDIA Dynamo over vLLM, SGLang or TensorRT-LLM; llm-d's router over vLLM
/// or SGLang; FastChat over vLLM or Transformers) and DeepSpeed named without MII or FastGen
/// (its ZeRO-Inference runs), each as a whole word.
fn unlisted_runtime(text: &str, lower: &str) -> Option<(Found<String>, bool)> {
    // (words, id, whether the words name a stack without its serving engine: CLAIMS.md §3
    // Runtime, partial). llm-d routes to an engine it does not name; Dynamo, FastChat and
    // DeepSpeed are graded as engines of their own.
    const WRAPPERS: [(&str, &str, bool); 5] = [
        ("nvidia dynamo", "dynamo", false),
        ("dynamo", "dynamo", false),
        ("llm-d", "llm-d", true),
        ("fastchat", "fastchat", false),
        ("deepspeed", "deepspeed", false),
    ];
    if let Some(span) = transformers_library(lower) {
        return found("transformers".to_string(), span).map(|f| (f, false));
    }
    presented_system(text, lower)
        .map(|f| (f, false))
        .or_else(|| {
            WRAPPERS.iter().find_map(|(w, id, partial)| {
                let start = lower.match_indices(w).map(|(i, _)| i).find(|&i| {
                    !lower[..i]
                        .ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '.')
                        && !lower[i + w.len()..]
                            .starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
                })?;
                let f = found(
                    id.to_string(),
                    Span {
                        start,
                        end: start + w.len(),
                    },
                )?;
                Some((f, *partial))
            })
        })
}

/// Hugging Face Transformers written as the library a run used (`the transformers library`,
/// `` `transformers` ``, `transformers==4.46.3`, `from transformers import`, "Hugging Face
/// Transformers", `Transformers + bitsandbytes`, "on the transformers backend", `Backend:
/// transformers`): the span of the
/// first such mention. The plural noun for the architecture ("Transformers are …") and other
/// projects holding the word (KTransformers, sentence-transformers, Transformers NeuronX) are not.
fn transformers_library(lower: &str) -> Option<Span> {
    const AFTER: [&str; 10] = [
        "`",
        "==",
        ">=",
        " library",
        " backend",
        " import",
        " + ",
        " v4",
        " 4.",
        ".autotokenizer",
    ];
    const BEFORE: [&str; 9] = [
        // A heading or key naming the run's backend (`## Backend: transformers`).
        "backend: ",
        "backend = ",
        "hugging face ",
        "huggingface ",
        "hf ",
        "🤗 ",
        "from ",
        "import ",
        "`",
    ];
    for (i, w) in lower.match_indices("transformers") {
        let pre = &lower[..i];
        let post = &lower[i + w.len()..];
        let glued_before = pre.ends_with(|c: char| c.is_alphanumeric() || c == '-' || c == '_');
        let glued_after = post.starts_with(|c: char| c.is_alphanumeric() || c == '-' || c == '_')
            || post.starts_with(" neuronx");
        if glued_before || glued_after {
            continue;
        }
        let pre_t = pre.trim_end_matches(['*', '[']);
        if BEFORE.iter().any(|b| pre_t.ends_with(b)) || AFTER.iter().any(|a| post.starts_with(a)) {
            return Some(Span {
                start: i,
                end: i + w.len(),
            });
        }
    }
    None
}

/// Whether a rate's unit follows byte `end` (`concurrent requests: 96 tok/s`): the number
/// before it is a figure, not the load a label names. A key after it (`c=8 tps/user=85.8`) or a
/// unit that heads the values after a colon (`c=64 tokens/s/user: 254 -> 256`) is no figure's.
fn rate_follows(hay: &str, end: usize) -> bool {
    let rest = hay[end.min(hay.len())..].trim_start_matches([' ', '\t']);
    [
        "tok/s",
        "tokens/s",
        "tokens per",
        "token/s",
        "t/s",
        "req/s",
        "requests/s",
    ]
    .iter()
    .find(|u| rest.starts_with(**u))
    .is_some_and(|u| {
        let after = &rest[u.len()..];
        let heading = after
            .trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '/' || c == ' ')
            .starts_with(':');
        !heading && !after.starts_with('/')
    })
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
    // A label holding an earlier figure starts after that figure's clause (`Batch size 1: 45
    // tok/s; batch size 32:`: the 980's label is `batch size 32:`, not the earlier point's words).
    let s = if s.contains("/s") || s.contains("per second") {
        [";", "；", ". "]
            .iter()
            .filter_map(|w| s.rfind(w).map(|i| i + w.len()))
            .max()
            .map_or(s, |i| &s[i..])
    } else {
        s
    };
    let t = s.trim_end_matches([' ', '*', '"', '~', '\t']);
    if s.len() <= 64 && t.ends_with(':') {
        t
    } else {
        ""
    }
}

/// The first cell of the pipe-table row a figure sits in, when the figure is in a later cell
/// (`| TG (Decode) | 16.3 tok/s | … |`: the row names the metric, CLAIMS.md §2); empty when the
/// line is not a table row, the figure is in the first cell, or that cell holds no letter.
pub(super) fn row_label(lower: &str, start: usize) -> &str {
    let Some(line) = line_to(lower, start, 200, &['\n']) else {
        return "";
    };
    let Some(rest) = line.trim_start().strip_prefix('|') else {
        // A row written without its outer bars (`Fastest decode result | 65.3 tok/s`, as
        // GitHub's tables allow): a first cell of words (no digit, at most 60 bytes).
        return match line.split_once('|') {
            Some((first, _))
                if first.len() <= 60
                    && first.contains(|c: char| c.is_alphabetic())
                    && !first.contains(|c: char| c.is_ascii_digit()) =>
            {
                first.trim()
            }
            _ => "",
        };
    };
    match rest.split_once('|') {
        Some((first, _)) if first.contains(|c: char| c.is_alphabetic()) => first.trim(),
        _ => "",
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
    // The label of `line`: its words up to the first colon, after bullets and emoji (`⏱️
    // Prompt tokens: …`), at most 40 bytes and no digit.
    fn label(line: &str) -> Option<&str> {
        let lead = line.trim_start_matches(|c: char| {
            [' ', '\t', '-', '*', '•', '·'].contains(&c) || (!c.is_alphanumeric() && !c.is_ascii())
        });
        match lead.char_indices().find(|&(_, c)| c == ':' || c == '：') {
            Some((i, c)) if i <= 40 && !lead[..i].contains(|c: char| c.is_ascii_digit()) => {
                Some(&lead[..i + c.len_utf8()])
            }
            _ => None,
        }
    }
    // Else, a log line's prefix (time, level, source, `[Seq 1]` tag) before the label: the
    // label after its last bracketed tag (`… server: [Seq 1] ⏱️ Prompt: 14354 tokens in 2.05s`).
    label(line)
        .or_else(|| line.rfind(']').and_then(|tag| label(&line[tag + 1..])))
        .unwrap_or("")
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
    // A range's high end before the unit (`37–51 tok/s`): the low end is a rate too.
    let rest = match rest
        .strip_prefix(['-', '~'])
        .or_else(|| rest.strip_prefix('–'))
        .or_else(|| rest.strip_prefix('—'))
        .map(str::trim_start)
    {
        Some(r) if r.starts_with(|c: char| c.is_ascii_digit()) => r
            .trim_start_matches(|c: char| c.is_ascii_digit() || c == '.' || c == ',')
            .trim_start(),
        _ => rest,
    };
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
        // Forum shorthand for tokens per second (`The output 36ts`), as a word of its own.
        || rest
            .strip_prefix("ts")
            .is_some_and(|r| !r.starts_with(|c: char| c.is_alphanumeric()))
}

/// True when a number starting at `start` is the tail of a longer one (`000` in `3,000 users`,
/// `5` in `2.5 users`): a digit and a separator come right before it.
fn number_tail(lower: &str, start: usize) -> bool {
    let b = lower.as_bytes();
    start >= 2 && matches!(b[start - 1], b',' | b'.') && b[start - 2].is_ascii_digit()
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

/// Preference among GPUs when a table compares several: the most widely deployed first, since
/// that is what a capacity model is most often built on.
const GPU_PREFERENCE: &[&str] = &["h100", "a100", "h200", "l40s", "b200", "gb200", "mi300x"];

/// True when the text's title ([`title_span`]) holds a token rate (not a prefill rate, not an
/// approximate one, not a baseline the title says it cannot reproduce) whose number no table
/// line of the body writes, exactly or more precisely (`22.43 tok/s generation` in a report's
/// title over a table of another comparison's rows). Prose may repeat it.
fn title_rate_alone(lower: &str, figures: &[Figure]) -> bool {
    let Some(t) = title_span(lower) else {
        return false;
    };
    let title = &lower[t.start..t.end];
    if ["reproduc", "复现", "claimed", "claims"]
        .iter()
        .any(|w| title.contains(w))
    {
        return false;
    }
    let titled: Vec<&Figure> = figures
        .iter()
        .filter(|f| {
            f.span.end <= t.end
                && f.unit == "tok/s"
                && f.kind.is_throughput()
                && f.kind != FigureKind::PrefillThroughput
                && !lower[f.span.end..t.end].trim_start().starts_with("baseline")
                // An approximate figure (`~10 tok/s`, "almost 1000") is a rounded summary.
                && !["~", "about ", "around ", "almost ", "nearly ", "over ", "up to ", "约"]
                    .iter()
                    .any(|w| lower[..f.span.start].ends_with(w))
        })
        .collect();
    if titled.is_empty() {
        return false;
    }
    // The numbers of the body's table lines: a table that holds the title's figure is left to
    // the table rules (they read the row the title marks).
    let numbers: Vec<f64> = lower[t.end..]
        .lines()
        .filter(|l| l.contains('|') || l.contains('\t') || l.trim().contains("   "))
        .flat_map(|l| l.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == ',')))
        .filter_map(|w| {
            w.trim_matches(['.', ','])
                .replace(',', "")
                .parse::<f64>()
                .ok()
        })
        .collect();
    titled.iter().any(|f| {
        !numbers
            .iter()
            .any(|&x| x == f.value || rounds_to(f.value, x))
    })
}

/// `sglang.bench_one_batch` prints each decode step (`Decode 0. Batch size: 1, latency: 0.00602
/// s, throughput: 166.22 token/s`) and then their median (`Decode.  median latency: …, median
/// throughput: 179.77 token/s`): the steps are the summary's samples, not results of their own.
fn drop_step_samples(lower: &str, figures: &mut Vec<Figure>) {
    if !lower.contains("median throughput") {
        return;
    }
    // The step's figure sits within a short line (`Decode 0. Batch size: 1, latency: …`): the
    // line start is looked for in the 160 bytes before it, not the whole text.
    let step_line = |at: usize| {
        let at = at.min(lower.len());
        let from = floor_boundary(lower, at.saturating_sub(160));
        let start = match lower[from..at].rfind('\n') {
            Some(i) => from + i + 1,
            None if from == 0 => 0,
            None => return false,
        };
        step_label(lower[start..].trim_start())
    };
    fn step_label(line: &str) -> bool {
        line.strip_prefix("decode ").is_some_and(|r| {
            let digits = r.len() - r.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            digits > 0 && r[digits..].starts_with('.')
        })
    }
    figures.retain(|f| !step_line(f.span.start));
}

/// Reads a claim. Never fails: text with nothing recognisable gives an empty [`Claim`].
pub fn read(text: &str) -> Claim {
    let lower = super::text::prepare(text);
    let lower = lower.as_str();
    let p = patterns();
    let mut claim = Claim::default();
    let mut figures = read_figures(lower);
    drop_step_samples(lower, &mut figures);

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
    // A token rate in the title that no table of the body holds (neither the same number nor a
    // more precise form of it) is the author's result (CLAIMS.md §1.2); a table below it is then
    // a side experiment.
    let marked = marked || title_rate_alone(lower, &figures);
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
        claim.model = row.model;
        claim.gpu = row.gpu;
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

    phase_word_kind(lower, &mut figures);
    if !table_headline {
        figure::prefill_yields(&mut figures);
    }
    apply_defined_kind(lower, &mut figures);
    inherit_list_kind(lower, &mut figures);
    // A table cell the prose repeats with its kind (`| 129 |` and "129 output
    // tokens/second/user") is that kind.
    if table_headline {
        share_twin_kinds(&mut figures);
    }

    // Lengths written as pairs, records or shorthand, before the older patterns.
    // On the text with a template's examples and a rate list's phases blanked.
    let base = blank_examples(lower);
    super::lengths::read(&base, &mut claim);
    super::flags::mlx_benchmark_command(lower, &mut claim);
    // Setup: read in the focus cells first, then in the whole text.
    for s in &focus {
        let part = &lower[s.start..s.end];
        read_setup(part, s.start, &mut claim, p);
    }
    // Settings written in a hypothetical ("如果换成两张卡 TP=2，理论上可以到 800", "if you used
    // FP8 KV cache you could…") are another setup's (CLAIMS.md §4): the setup is read with
    // those sentences blanked; only the model, device and engine, which such a sentence rarely
    // names alone, fall back to the whole text.
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
    // Last: a runtime outside the engine patterns, when no engine is named anywhere.
    if claim.runtime.is_none() {
        if let Some((r, partial)) = unlisted_runtime(text, lower) {
            claim.runtime = Some(r);
            claim.runtime_from_shape = partial;
        }
    }
    if claim.weight_dtype.is_none() {
        for s in &focus {
            read_bare_width(&masked[s.start..s.end], s.start, &mut claim);
        }
        read_bare_width(&masked, 0, &mut claim);
    }
    if claim.model.is_none() {
        // Last: a name no pattern knows, read from the whole text (a part's "a huge 70B AI"
        // must not win over the title's "Llama 3.1 70B").
        claim.model = sized_name(lower);
    }
    // Last: lengths named by their words (`input sequence length is 1024`, `200 tokens in /
    // 200 out`) where no other form gave them.
    super::lengths::named_fallback(&masked, figures.first().map(|f| f.span), &mut claim);
    let head_start = figures.first().map(|f| f.span.start).unwrap_or(0);

    // Batch: the one stated nearest before the headline, else the first; not when the table
    // row the headline comes from states its own load (`…, concurrency 16 |`).
    let row_load = grid_row
        .as_ref()
        .is_some_and(|(_, r)| r.concurrency.is_some() || r.batch_size.is_some());
    if claim.batch_size.is_none() && !row_load {
        let advice_marks = Marks::new(lower, ADVICE);
        let mut first = None;
        let mut last_before = None;
        for c in p.batch.captures_iter(lower) {
            let span = whole(&c);
            let head = &lower[span.start..span.end];
            if no_load_key(lower, span.start) {
                continue;
            }
            // A bare `b` only as a record (`b: 8`) or a setting (`B=8`).
            if head.starts_with('b')
                && !head.starts_with("batch")
                && !head.starts_with("bs")
                && !head.contains(':')
                && !head.starts_with("b=")
            {
                continue;
            }
            // A count glued to its word (`bs1 tps`) is the batch whatever follows; a number
            // standing apart before a rate unit (`batch: 1 tps`) may be the rate.
            let glued = c
                .get(1)
                .is_some_and(|m| lower[..m.start()].ends_with(|ch: char| ch.is_ascii_alphabetic()));
            if no_batch_size(lower, span.end) && (!glued || continues_number(lower, span.end)) {
                continue;
            }
            // An engine limit (`max batch size`, `max_batch_size`, `Max Runtime Batch Size`) is
            // not the load (CLAIMS.md §3).
            let pre = &lower[floor_boundary(lower, span.start.saturating_sub(16))..span.start];
            // llama.cpp's `--batch-size N` / `-b N` (llama-server, llama-cli, llama-bench) is the
            // logical batch a prompt is processed in: an engine setting, not the load.
            let llama_flag = (pre.ends_with("--") || pre.ends_with(" -"))
                && [
                    "llama-server",
                    "llama-cli",
                    "llama-bench",
                    "llama.cpp",
                    "./main",
                ]
                .iter()
                .any(|t| lower.contains(t));
            // Only a `max` that qualifies this batch (`max batch`, `max_batch_size`, `Max
            // Runtime Batch Size`), not one closing a setting before it (`3072 max, batch 1`).
            let limit = {
                let p = pre.trim_end_matches([' ', '_', '-']);
                p.ends_with("max") || p.ends_with("maximum") || p.ends_with("max runtime")
            };
            if limit || llama_flag {
                claim.batch_described.get_or_insert(span);
                continue;
            }
            let Some(n) = batch_number(c.get(1).map_or("one", |m| m.as_str())) else {
                continue;
            };
            if n == 0 || advice(lower, span, &advice_marks) {
                continue;
            }
            // Written right after another figure (`16,794 tok/s peak, 78.3 tok/s B=1`): that
            // figure's setting, not the headline's (CLAIMS.md §1.5).
            if figures.iter().skip(1).any(|f| {
                f.span.end <= span.start
                    && lower[f.span.end..span.start]
                        .chars()
                        .all(|c| c == ' ' || c == '(')
                    && figures.first().is_some_and(|h| h.span != f.span)
            }) {
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
            !continues_number(lower, end)
                && !c.get(1).is_some_and(|n| number_tail(lower, n.start()))
                && users_led(lower, c)
                && !rate_follows(lower, end)
        };
        if let Some(c) = p
            .concurrency
            .captures_iter(lower)
            .filter(|c| !server_cap(lower, c))
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
        // An engine limit beside a batch the text states does not lower the row (CLAIMS.md §3
        // Load: "MAX_SEQS=8" with single requests is stated).
        if c.get(3).is_some() && claim.batch_size.is_some() {
            continue;
        }
        claim.load_observed.get_or_insert(span);
        if let Some(m) = c.get(1).or(c.get(2)) {
            if claim.concurrency.is_none() {
                // trtllm-bench's `Number of concurrent requests: 1018.8281` is an average.
                if let Ok(n) = m.as_str().parse::<f64>() {
                    if n >= 0.5 && n < f64::from(u32::MAX) {
                        claim.concurrency = found(n.round() as u32, span);
                    }
                }
            }
        } else if c.get(3).is_some() {
            // `--max-num-seqs N`, `-np N` are engine limits, not the load (CLAIMS.md §3 Load): the
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
    // Under a set arrival rate the peak of requests in flight is what the run saw, not its load
    // (`Request rate configured (RPS): 4.00` … `Peak concurrent requests: 5.00`).
    // Under an infinite rate with no cap it is the number of prompts sent at once, which is no
    // concurrency (CLAIMS.md §3 Load: fields null, row partial).
    let unbounded = [
        "--request-rate inf",
        "--request-rate=inf",
        "--request_rate inf",
    ]
    .iter()
    .any(|f| lower.contains(f))
        && !lower.contains("--max-concurrency")
        && !lower.contains("--max_concurrency");
    if (claim.request_rate.is_some() || unbounded)
        && claim
            .concurrency
            .as_ref()
            .and_then(|c| lower.get(c.span.start..c.span.end))
            .is_some_and(|t| t.starts_with("peak concurrent"))
    {
        claim.concurrency = None;
    }
    if let Some(m) = p.request_count.find(lower) {
        claim.load_observed.get_or_insert(Span {
            start: m.start(),
            end: m.end(),
        });
    }
    // llama.cpp's batch settings (`n_batch = 2048`, `n_ubatch` columns of llama-bench, `-ub
    // 512`): how many prompt tokens one pass takes, engine limits like `--max-num-seqs`, not
    // the load (llama.cpp's `--batch-size`/`--ubatch-size` help; CLAIMS.md §3 Load: at most
    // partial).
    if claim.batch_size.is_none() && claim.concurrency.is_none() && claim.request_rate.is_none() {
        if let Some(span) = llama_batch_setting(lower) {
            claim.load_observed.get_or_insert(span);
        }
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
        claim.load_by_target = ["sla", "slo", "tpot", "ttft", "itl", "tbt", "interactivity"]
            .iter()
            .any(|w| m.as_str().contains(w));
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
            // Only the engine's own sentence: a baseline in the sentence before is another
            // setup's ("… unoptimized tensor layout. Native GGUF execution via llama.cpp …").
            let t = [". ", "? ", "! ", "。", "？", "！", "\n"]
                .iter()
                .filter_map(|w| t.rfind(w).map(|i| i + w.len()))
                .max()
                .map_or(t, |i| &t[i..]);
            // (`基准测试`, `基准评测` is "benchmark", not a baseline.)
            t.match_indices("基准")
                .any(|(i, w)| !t[i + w.len()..].starts_with(['测', '评']))
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
            ENGINE_MARKS
                .iter()
                .find_map(|(w, id)| {
                    // A mark ending in a letter is a whole word (`tokens-per-sec`, not the
                    // prose's `tokens-per-second`).
                    let glued = |i: usize| {
                        w.ends_with(|c: char| c.is_ascii_alphabetic())
                            && lower[i + w.len()..].starts_with(|c: char| c.is_ascii_alphabetic())
                    };
                    lower
                        .match_indices(w)
                        .map(|(i, _)| i)
                        .find(|&i| !glued(i))
                        .map(|i| {
                            (
                                *id,
                                Some(Span {
                                    start: i,
                                    end: i + w.len(),
                                }),
                            )
                        })
                })
                .or_else(|| ollama_tag(lower).map(|s| ("ollama", Some(s))))
        };
        if let Some((id, Some(span))) = shape {
            claim.runtime = found(id.to_string(), span);
            claim.runtime_from_shape = true;
        }
    }
    // An engine outside the list, named by its role (`"engineID": "mlx-swift-lm"`, `our
    // FireAttention V4 inference engine`, `bigdl-llm[xpu]=20230827`): CLAIMS.md §3 Runtime.
    if claim.runtime.is_none() && claim.runtime_baseline_only.is_none() {
        if let Some(e) = engine::named_engine(text) {
            claim.runtime = found(e.id, e.span);
            claim.runtime_from_shape = e.implied;
            if claim.runtime_version.is_none() {
                claim.runtime_version = e.version.map(|(v, s)| Found { value: v, span: s });
            }
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
    // A per-GPU headline that is a measured throughput of the same text divided by a GPU
    // count (`TPUT 661.46 tokens/s/gpu` over a tool block's `Total token throughput: 5291.69`,
    // 8 × 661.46): computed from it, so derived (CLAIMS.md §1.6: per GPU × GPUs is derived, the
    // measured rate heads). Counts of 2 to 72 GPUs, within 0.5 %.
    if let Some(h) = figures.first() {
        if h.scope == Some(Scope::PerGpu) && !h.derived && h.value > 0.0 {
            let measured_over = figures.iter().skip(1).any(|f| {
                !f.derived
                    && f.unit == h.unit
                    && f.scope != Some(Scope::PerGpu)
                    && f.scope != Some(Scope::PerUser)
                    && {
                        let n = f.value / h.value;
                        (1.5..=72.5).contains(&n) && (n / n.round() - 1.0).abs() < 0.005
                    }
            });
            if measured_over {
                let mut h = figures.remove(0);
                h.derived = true;
                figures.push(h);
            }
        }
    }
    // One device named, and nothing in the text speaks of several (no plural, no count, no
    // node or cluster): the run used one (CLAIMS.md §3: a GPU named in the singular with no
    // number is 1), unless it names the product in general ("an H100 can …", "the H100 …").
    let mut singular_from = None;
    // "On a single GPU", "single-GPU", 单卡 with the device named elsewhere in the text: one
    // (CLAIMS.md §3: "single", "a", "one" = 1).
    if claim.gpu_count.is_none() && claim.gpu_lumped.is_none() && claim.gpu.is_some() {
        const ONE: &[&str] = &[
            "on a single gpu",
            "on one gpu",
            "single-gpu",
            "a single gpu",
            "one single gpu",
            "单卡",
            "单张",
            "単一のgpu",
        ];
        if let Some((i, w)) = ONE
            .iter()
            .filter_map(|w| lower.find(w).map(|i| (i, *w)))
            .min_by_key(|x| x.0)
        {
            claim.gpu_count = found(
                1,
                Span {
                    start: i,
                    end: i + w.len(),
                },
            );
        }
    }
    // A JSON record of the device with its count (`"chip": {"name": "NVIDIA A100…", "count": 1}`).
    if claim.gpu_count.is_none() && claim.gpu_lumped.is_none() {
        if let Some(g) = &claim.gpu {
            let end = g.span.end.min(lower.len());
            let rest = &lower[end..floor_boundary(lower, (end + 200).min(lower.len()))];
            let rest = &rest[..rest.find('}').unwrap_or(rest.len())];
            if let Some(k) = rest.find("\"count\"") {
                let v = rest[k + 7..]
                    .trim_start()
                    .trim_start_matches(':')
                    .trim_start();
                let d = v.len() - v.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                if let Ok(n) = v[..d].parse::<u32>() {
                    let at = end + k;
                    claim.gpu_count = found(
                        n,
                        Span {
                            start: at,
                            end: at + 7 + d,
                        },
                    );
                }
            }
        }
    }
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
            };
        }
    }
    // A table headline's row settings, by its columns' roles, are its own.
    if let Some((span, row)) = grid_row {
        if let Some(f) = claim.figures.iter_mut().find(|f| f.span == span) {
            // The column's device beats a device the row's other cells mention (`| H20 约是 NPU
            // 的 4倍 |` beside the 910B4 column's figure).
            f.settings.overlay(super::FigureSettings {
                model: row.model,
                gpu: row.gpu,
                gpu_count: row.gpu_count,
                tp: row.tp,
                batch_size: row.batch_size,
                concurrency: row.concurrency,
                prompt_tokens: row.prompt_tokens,
                output_tokens: row.output_tokens,
                weight_dtype: row.weight_dtype,
                ..Default::default()
            });
        }
    }
    // A sweep over workloads keeps the one setup the text describes (its points differ in
    // nothing the settings hold), so only the order changes.
    // A headline in the text's title is the result the text presents (CLAIMS.md §1.2): later
    // points of the same kind are not read as a sweep that ends past it.
    let title_headline = title_span(lower).is_some_and(|t| {
        claim
            .figures
            .first()
            .is_some_and(|f| f.span.start >= t.start && f.span.end <= t.end)
    });
    // The statistics of one run's distribution are not a sweep's points.
    let distribution = super::headline::distribution_centre(&mut claim.figures);
    let changes = !title_headline
        && !table_headline
        && super::headline::change_list_end(lower, &mut claim.figures);
    let sweep = changes
        || (!title_headline && !distribution && super::headline::sweep_end(&mut claim.figures))
        || (!table_headline && super::headline::repeated_block_last(lower, &mut claim.figures));
    let workloads =
        !sweep && !table_headline && super::headline::workload_sweep_end(lower, &mut claim.figures);
    let gpu_before = claim.gpu.as_ref().map(|g| g.span);
    if sweep {
        adopt_headline_settings(&mut claim);
        if let Some(d) = block_precision(lower, &claim) {
            claim.weight_dtype = Some(d);
        }
        if let Some(h) = claim.figures.first().map(|f| f.span.start) {
            super::flags::mlx_command_before(lower, h, &mut claim);
        }
    } else {
        if !table_headline {
            take_restated_settings(&mut claim.figures);
        }
        adopt_own_setup(lower, &mut claim);
    }
    adopt_heading_device(lower, &mut claim);
    prefer_full_name(lower, p, &mut claim);
    prefer_release_over_arch(lower, p, &mut claim);
    served_model(lower, p, &mut claim);
    fuller_version(lower, &mut claim);
    drop_example_model(lower, &mut claim);
    // A device's name read as a model (`910B机器`: Ascend's 910B, not a 910-billion-parameter
    // model) names no model.
    if claim
        .model
        .as_ref()
        .is_some_and(|m| whole_device(&m.value.replace('-', " ")))
    {
        claim.model = None;
    }
    drop_asked_dtype(lower, &mut claim);
    if !table_headline {
        release_foreign_dtype(lower, &mut claim);
    }
    neuron_chips(lower, &mut claim);
    if table_headline {
        release_other_rows_runtime(lower, &mut claim);
    }
    release_foreign_load(lower, &mut claim);
    release_foreign_lengths(lower, &mut claim);
    // Tensor parallelism over N GPUs runs on at least N (`2*H100 … --tp 16`: the `2` counts
    // servers, the TP the GPUs). Not on AWS Neuron devices, whose TP degree counts NeuronCores
    // (two or more to a chip), nor on TPU7x, whose chip holds two TensorCores that JAX and
    // vLLM count as devices (Google Cloud TPU docs, "TPU7x (Ironwood)").
    let neuron = claim
        .gpu
        .as_ref()
        .is_some_and(|g| g.value.starts_with("aws-") || g.value == "tpu7x");
    if let (Some(t), Some(n), false) = (&claim.tp, &claim.gpu_count, neuron) {
        if t.value > n.value {
            claim.gpu_count = Some(t.clone());
        }
    }
    if sweep && !table_headline {
        adopt_block_load(lower, &mut claim);
    }
    // A llama-bench headline's own test names its output length (`tg512`: 512 tokens), over the
    // first `tg` row the patterns read (CLAIMS.md §1.5: settings from the same row).
    if let Some(h) = claim.figures.first() {
        let own = h
            .label
            .as_deref()
            .and_then(|l| l.strip_prefix("tg"))
            .and_then(|n| n.trim_start().parse::<u32>().ok());
        if let Some(n) = own.filter(|n| *n > 0) {
            if claim.output_tokens.as_ref().is_some_and(|o| o.value != n) {
                claim.output_tokens = found(n, h.span);
            }
        }
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
    // An AWS instance family named for its chips (`a single Trn2 instance`, `2 Inf2
    // instances`) counts instances, not the chips in each (a trn2.48xlarge holds 16): the
    // device count is not written (CLAIMS.md §3 Hardware).
    if claim.gpu.as_ref().is_some_and(|g| {
        lower
            .get(g.span.start..g.span.end)
            .is_some_and(|n| n.starts_with("trn") || n.starts_with("inf2"))
            && lower
                .get(g.span.end..)
                .is_some_and(|rest| rest.trim_start().starts_with("instance"))
    }) {
        claim.gpu_count = None;
    }
    let mut figures = std::mem::take(&mut claim.figures);
    // A saturating load (a count of prompts sent at once, an offline run, an unlimited rate)
    // serves many requests at a time, as a set rate does.
    let saturating = claim.batch_described.is_some_and(|s| {
        let w = &lower[s.start.min(lower.len())..s.end.min(lower.len())];
        [
            "saturat",
            "num",
            "number",
            "offline",
            "bench",
            "inf",
            "max",
            "all",
            "every",
            "issue",
            "under",
            "高并发",
            "trtllm-bench",
        ]
        .iter()
        .any(|k| w.starts_with(k) || w.contains(" inf"))
            && !w.starts_with("max batch")
            && !w.starts_with("maximum batch")
            && !w.starts_with("max-batch")
    });
    infer_scopes(lower, &mut figures, batch, claim.request_rate.is_some());
    // A llama-server run with one request slot (`--parallel 1`, `-np 1`) and no load written:
    // its token rate is one stream's (CLAIMS.md §2 "single-stream rates are per user"); the
    // batch row stays partial (a limit). (vLLM's `--max-num-seqs 1` is left out: the blind
    // labels read its bare tok/s as unspecified.)
    if batch.is_none() && claim.request_rate.is_none() && one_slot_server(lower) {
        for f in figures.iter_mut().filter(|f| f.scope.is_none()) {
            if f.kind == FigureKind::ThroughputUnspecified {
                f.kind = FigureKind::ThroughputPerUser;
                f.scope = Some(Scope::PerUser);
            }
        }
    }
    infer_hardware_scope(lower, &mut figures, gpus);
    if saturating && batch.is_none() {
        for f in figures.iter_mut().filter(|f| f.scope.is_none()) {
            if f.kind.is_throughput() {
                f.scope = Some(Scope::Aggregate);
            }
        }
    }
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
            crate::claim::re::compile(r"\bbuild:?\s*([0-9a-f]{7,10}\s*\(\d{2,6}\))")
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
    // A shorthand length (`4K input`) read from prose is the binary one when the text writes
    // that as the same side's length (`--random-input-len 4096`; CLAIMS.md §3 Lengths).
    for (len, side) in [
        (&mut claim.prompt_tokens, "in"),
        (&mut claim.output_tokens, "out"),
    ] {
        if let Some(l) = len.as_mut() {
            // Only a shorthand: a length written out in full (`~4000 input tokens`) is that.
            let full = lower
                .get(l.span.start..l.span.end)
                .is_some_and(|w| w.replace(',', "").contains(&l.value.to_string()));
            if full {
                continue;
            }
            if let Some(b) = super::lengths::binary_form(lower, l.value, side) {
                l.value = b;
            }
        }
    }
    // A version keeps the case it was written in (`1.0.RC3`): read from the original text at
    // the same bytes (the lowercased copy keeps every offset).
    if let Some(v) = claim.runtime_version.as_mut() {
        if let Some(orig) = text.get(v.span.start..v.span.end) {
            v.value = orig.to_string();
        }
    }
    // No run uses zero devices or a zero-way split (`0x H100`, `TP=0`): such a count is no count.
    if claim.gpu_count.as_ref().is_some_and(|g| g.value == 0) {
        claim.gpu_count = None;
    }
    if claim.tp.as_ref().is_some_and(|t| t.value == 0) {
        claim.tp = None;
    }
    claim
}

/// A load written only in another figure's stretch of text (`1.3 ms/token (batch_size=8)` on
/// the line below a throughput) is that figure's setting, not the headline's (CLAIMS.md §1.5:
/// settings written beside another figure belong to that figure unless the text ties them to
/// the headline). When the headline's own stretch states no load, a claim-wide batch or
/// concurrency found only inside another figure's stretch, on another line, is dropped.
/// A list of `label: number` lines (at least two, bare numbers) right under a heading line that
/// names their unit and holds no number but the load (`Benchmark results (tokens/sec, higher
/// is better):` then `Llama-3-8B q8_0: 128`; `bs1 tps` then `- baseline: 118`): each line's number is a token rate in the heading's unit, with
/// the kind and scope the heading's words give and the line's label as its label.
fn unit_heading_list(lower: &str) -> Vec<Figure> {
    static ROW: OnceLock<Regex> = OnceLock::new();
    let row = ROW.get_or_init(|| {
        crate::claim::re::compile(
            r"^[\s\-*•]*([^\n]{1,120}?)\s*[:=]\s*(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s*$",
        )
        .expect("static pattern compiles")
    });
    static LOAD: OnceLock<Regex> = OnceLock::new();
    let load = LOAD.get_or_init(|| {
        crate::claim::re::compile(
            r"\b(?:bs|batch(?:[ _]size)?|c|conc|concurrency)\s*[=:@]?\s*\d+\b",
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
        // The heading may name the load the list ran at (`bs1 tps`, `tok/s at c=8`), no other
        // number.
        let unloaded = load.replace_all(head, "");
        let unit_head = head.len() <= 120
            && (UNITS.iter().any(|u| head.contains(u))
                || head
                    .split(|c: char| !c.is_ascii_alphanumeric())
                    .any(|w| w == "tps"))
            && !unloaded.contains(|c: char| c.is_ascii_digit());
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
        crate::claim::re::compile(r"\b\d{1,3}\s*(?:gb|gib|g)\b|\b\d{1,3}[\s-]*cores?\b")
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

/// A length written in the sentence of another figure whose own sentence names another device
/// count than the headline's (`单卡 … 85 tokens/sec(输入长度512)` beside a 4-card headline) is
/// that setup's (CLAIMS.md §4), not the headline's: the field is released.
fn release_foreign_lengths(lower: &str, c: &mut Claim) {
    let Some(h) = c.figures.first() else { return };
    let own = super::attach::stretch(lower, h.span);
    let Some(h_count) = h.settings.gpu_count.as_ref().map(|n| n.value) else {
        return;
    };
    let foreign = |span: Span| {
        !(own.start..own.end).contains(&span.start)
            && c.figures[1..].iter().any(|f| {
                let st = super::attach::stretch(lower, f.span);
                !f.derived
                    && (st.start..st.end).contains(&span.start)
                    && f.settings
                        .gpu_count
                        .as_ref()
                        .is_some_and(|n| n.value != h_count)
            })
    };
    if c.prompt_tokens.as_ref().is_some_and(|p| foreign(p.span)) {
        c.prompt_tokens = None;
    }
    if c.output_tokens.as_ref().is_some_and(|o| foreign(o.span)) {
        c.output_tokens = None;
    }
}

fn release_foreign_load(lower: &str, c: &mut Claim) {
    let Some(h) = c.figures.first() else { return };
    if h.settings.batch_size.is_some() || h.settings.concurrency.is_some() {
        return;
    }
    // The headline's own line: a load on it (a one-line record) is another figure's only when
    // it is written after the headline, past that figure's marker of another setup (`I get
    // 70.98 token/s while the document shows 640 token/s with batch=8`).
    let at = h.span.start.min(lower.len());
    let line_start = lower[..at].rfind('\n').map_or(0, |i| i + 1);
    let line_end = lower[at..].find('\n').map_or(lower.len(), |i| at + i);
    let foreign = |span: Span, get: fn(&Figure) -> Option<Span>| {
        let off_line = !(line_start..line_end).contains(&span.start);
        c.figures[1..].iter().any(|f| {
            let past_marker = f
                .settings
                .other_setup
                .as_ref()
                .is_some_and(|m| m.span.start >= h.span.end && span.start >= m.span.end);
            !f.derived && get(f) == Some(span) && (off_line || past_marker)
        })
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

/// Whether a batch match ending at `end` is something else: a rate (`batch 8 tok/s`), part of
/// a longer number, or an engine feature named for batches (SGLang's "Single-Batch Overlap").
fn no_batch_size(text: &str, end: usize) -> bool {
    followed_by_rate(text, end)
        || continues_number(text, end)
        || text[end..].trim_start().starts_with("overlap")
}

/// A server's cap on concurrent requests written as its flag or key (TGI's
/// `--max-concurrent-requests 5000`, `max_concurrent_requests: 128`): an engine limit, not the
/// load (CLAIMS.md §3 Load).
fn server_cap(text: &str, c: &Caps) -> bool {
    let w = whole(c);
    let t = &text[w.start..w.end];
    t.starts_with("max_concurrent_requests")
        || (t.starts_with("max-concurrent-requests") && text[..w.start].ends_with("--"))
}

/// A GPU named once in the singular with no number is 1 (CLAIMS.md §3 Hardware) when nothing in
/// the text speaks of several (no plural, node or cluster), the name is the device a run used
/// ([`names_product_in_general`]), it is not a whole system (`gb…`, Cerebras, Groq, SambaNova,
/// Tenstorrent) and no TP above 1 is given.
fn singular_count(lower: &str, claim: &Claim) -> Option<Found<u32>> {
    let g = claim.gpu.as_ref()?;
    let one_per_node = g.value == "gb10" || single_chip(&g.value);
    // Any mention of the device as the run's (a later "on MI300x" after "adds MI300X as a
    // target"), at most the first 16.
    let name = lower.get(g.span.start..g.span.end).filter(|n| n.len() >= 2);
    // Each mention as (start, length): the name as read, and the other ways the same device is
    // written ([`name_forms`]: `rtx4060` / `rtx 4060`, `a100 80gb sxm` / `a100`, `arc b70` /
    // `b70`).
    let mut found_at: Vec<(usize, usize)> = match name {
        Some(name) => name_forms(name)
            .iter()
            .enumerate()
            .flat_map(|(k, form)| {
                lower
                    .match_indices(form.as_str())
                    .filter(move |&(i, f)| k == 0 || whole_name_at(lower, i, f.len()))
                    .take(16)
                    .map(|(i, f)| (i, f.len()))
            })
            .collect(),
        None => vec![(g.span.start.min(lower.len()), 0)],
    };
    // The longest form where two start together (the name as read over its shortened form).
    found_at.sort_unstable_by_key(|&(i, len)| (i, std::cmp::Reverse(len)));
    found_at.dedup_by(|b, a| b.0 < a.0 + a.1.max(1));
    found_at.truncate(16);
    let mentions: Vec<usize> = found_at.iter().map(|&(i, _)| i).collect();
    let line_of = |i: usize| lower[..i].rfind('\n').map_or(0, |k| k + 1);
    // Devices in the plural speak of the run's count only near the device's name, on its line
    // ("2x RTX 3090 GPUs", "H100 GPUs", "on 910B NPUs"); elsewhere they are GPUs in general
    // ("support all RTX 20x0 GPUs", "if you have two or more GPUs", "on these GPUs:" over one
    // table per GPU).
    let near_mention = |i: usize| {
        mentions
            .iter()
            .any(|&m| m.abs_diff(i) <= 80 && line_of(m) == line_of(i))
    };
    // Devices in the plural, other accelerators' included ("Ascend 910B NPUs", "Gaudi HPUs").
    const ON_ITS_LINE: &[&str] = &[
        "gpus",
        "npus",
        "tpus",
        "hpus",
        "cards",
        "devices",
        "accelerators",
        "chips",
    ];
    // Machines of several devices, and a rate per GPU (which speaks of several), wherever they
    // stand.
    const ANYWHERE: &[&str] = &[
        "nodes",
        "node",
        "cluster",
        "节点",
        "集群",
        "節點",
        "集羣",
        "卡",
        "servers",
        "multi-gpu",
        "/gpu",
        "per gpu",
    ];
    let plural = ON_ITS_LINE
        .iter()
        .chain(ANYWHERE)
        // 显卡 ("graphics card"), 板卡 ("board"), 加速卡 ("accelerator card") and 单卡 ("one card")
        // name one card, and 卡顿 / 卡住 / 卡在 ("stalls", "stuck") none: their 卡 speaks of no
        // count.
        .any(|w| {
            // A command-line flag or a key (`docker run --gpus all`, `num_gpus`) speaks of no
            // count of its own.
            lower.match_indices(w).any(|(i, _)| {
                let pre = &lower[..i];
                // `CPU/GPU` is one or the other, not a rate per GPU; one node of a device that is a
                // whole machine (GB10: DGX Spark, Ascent GX10) is that one device.
                let not_plural = pre.ends_with(['-', '_'])
                    || (*w == "/gpu" && pre.ends_with("cpu"))
                    || (*w == "node" && one_per_node)
                    || (ON_ITS_LINE.contains(w) && !near_mention(i));
                !not_plural
            }) && (*w != "卡" || {
                let mut rest = lower.to_string();
                for one in ["显卡", "板卡", "加速卡", "单卡", "卡顿", "卡住", "卡在"]
                {
                    rest = rest.replace(one, "");
                }
                rest.contains(w)
            })
        });
    // A desktop device named once is the run's, however the sentence names it.
    let general = !desktop_device(&g.value)
        && found_at.iter().all(|&(start, len)| {
            let line_from = lower[..start].rfind('\n').map_or(0, |i| i + 1);
            let line_to = lower[start..].find('\n').map_or(lower.len(), |i| start + i);
            let end = (start + len).min(line_to);
            // A count beside another form of the name may be another setup's ("H100 SXM reaches
            // ~85 … a single H100 gives ~190 with INT4"): only the name as read takes it.
            let as_read = name.is_some_and(|n| lower[start..].starts_with(n));
            let one = as_read && counted_one(before(lower, start, 40), &lower[end..line_to]);
            names_product_in_general(before(lower, start, 40), &lower[line_from..start])
                && !one
                && !used_after(&lower[end..line_to])
                && !machine_spec(&lower[line_from..line_to])
                && !device_line(lower, line_from, start, end, line_to)
                && !device_cell(lower, line_from, start, line_to)
        });
    // Tenstorrent's boxes (QuietBox, Galaxy) are systems; its cards (n150, n300, p150, p300)
    // are single devices.
    let system = g.value == "tt-quietbox"
        || g.value == "tt-t3k"
        || g.value == "tt-galaxy"
        || g.value == "tt-blackhole"
        || g.value.starts_with("cerebras")
        || g.value.starts_with("groq")
        || g.value.starts_with("sambanova")
        // A GB200/GB300 superchip holds two GPUs; GB10 (DGX Spark) is one.
        || (g.value.starts_with("gb") && g.value != "gb10");
    if !plural && !general && !system && claim.tp.as_ref().is_none_or(|t| t.value == 1) {
        found(1, g.span)
    } else {
        None
    }
}

/// A device people own one of (GeForce, Radeon and Arc cards, Apple M chips, Jetson and
/// other single-chip boxes).
fn desktop_device(id: &str) -> bool {
    let card = ["rtx-", "gtx-", "rx-", "radeon-", "arc-", "jetson-"]
        .iter()
        .any(|p| id.starts_with(p))
        && !id.starts_with("rtx-pro")
        && !id.starts_with("rtx-a");
    card || single_chip(id)
}

/// The ways a device's name is written in one text, the name as read first: with or without
/// the space between its line and its number (`rtx4060`, `rtx 4060`), without the memory or
/// form factor that follows (`a100 80gb sxm` → `a100`), without a vendor or line word before it
/// (`arc b70` → `b70`). Forms other than the name hold a digit and at least 3 bytes, so a bare
/// line word (`arc`) is never one.
fn name_forms(name: &str) -> Vec<String> {
    let mut forms = vec![name.to_string()];
    let mut push = |f: String| {
        if f.len() >= 3 && f.bytes().any(|b| b.is_ascii_digit()) && !forms.contains(&f) {
            forms.push(f);
        }
    };
    // Up to the memory or form factor.
    let core = name
        .split(' ')
        .take_while(|w| {
            let mem = w.ends_with("gb") && w[..w.len() - 2].bytes().all(|b| b.is_ascii_digit());
            !mem && !w.starts_with('(') && !matches!(*w, "sxm" | "sxm4" | "sxm5" | "pcie" | "nvl")
        })
        .collect::<Vec<_>>()
        .join(" ");
    // Past vendor and line words.
    const LINE: &[&str] = &[
        "nvidia", "amd", "intel", "apple", "radeon", "geforce", "instinct", "tesla", "arc",
    ];
    let bare = core
        .split(' ')
        .skip_while(|w| LINE.contains(w))
        .collect::<Vec<_>>()
        .join(" ");
    for f in [core, bare] {
        // The space between the line's letters and its number, taken out or put in.
        let b = f.as_bytes();
        let joined = f.replacen(' ', "", 1);
        let split = (1..b.len())
            .find(|&i| b[i - 1].is_ascii_alphabetic() && b[i].is_ascii_digit())
            .map(|i| format!("{} {}", &f[..i], &f[i..]));
        push(f.clone());
        push(joined);
        if let Some(s) = split {
            push(s);
        }
    }
    forms
}

/// `lower[i..i + len]` is a whole device name: no letter or digit glued before it, no digit
/// after it (`a100` is not in `ga100` or `a1000`; `我a100显卡` is).
fn whole_name_at(lower: &str, i: usize, len: usize) -> bool {
    let before_ok = lower[..i]
        .chars()
        .next_back()
        .is_none_or(|c| !c.is_ascii_alphanumeric());
    let after_ok = lower[i + len..]
        .chars()
        .next()
        .is_none_or(|c| !c.is_ascii_digit());
    before_ok && after_ok
}

/// A label that lists the run's device or setup (`GPU:`, `Hardware:`, `Test Setting:`, 测试环境,
/// `Видеокарта:`): at most 48 bytes and holding one of the words below.
fn record_label(label: &str) -> bool {
    label.len() <= 48
        && [
            "gpu",
            // An NPU's record (`- NPU：Atlas 300I A2`).
            "npu",
            "device",
            "hardware",
            "card",
            "accelerator",
            // A CPU-only run's processor (`- CPU: Intel(R) Xeon(R) Gold 6430`): only ever the
            // device when the text names no GPU.
            "cpu",
            "processor",
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
            // Russian: "videocard", "graphics" (`Видеокарта: NVIDIA RTX 5060Ti`; ASCII lowercasing
            // leaves Cyrillic capitals, so the word without its first letter).
            "идеокарта",
            "графический",
        ]
        .iter()
        .any(|w| label.contains(w))
}

/// Words that may stand before a device's name in its own line or cell (vendor and line
/// names, list markers).
fn only_vendor_words(pre: &str) -> bool {
    const VENDOR: &[&str] = &[
        "nvidia", "amd", "intel", "apple", "radeon", "geforce", "instinct", "tesla", "arc",
    ];
    pre.trim_start_matches(['-', '*', '•', ' ', '\t'])
        .split_whitespace()
        .all(|w| VENDOR.contains(&w))
}

/// The device on a line of its own in a setup list: under a record label on the line above
/// (`硬件:` then `NVIDIA H20 96GB`, `Hardware:` then `- RTX 4090`), or as a list item with its
/// memory (`- RTX 4090D 48GB VRAM` among the machine's parts). `lower[line_from..line_to]` is
/// the name's line, `start..end` the name.
fn device_line(lower: &str, line_from: usize, start: usize, end: usize, line_to: usize) -> bool {
    let end = end.min(line_to);
    let pre = &lower[line_from..start];
    if !only_vendor_words(pre) {
        return false;
    }
    let above = lower[..line_from]
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| !l.is_empty());
    let under_label = above.is_some_and(|l| {
        l.strip_suffix(':')
            .or_else(|| l.strip_suffix('：'))
            .is_some_and(|label| record_label(label.trim_start_matches(['#', '-', '*', ' '])))
    });
    // The name and the rest of its line (the name may hold the memory: `rtx 4090d 48gb`).
    let rest = &lower[start..line_to];
    let list_item = pre.trim_start().starts_with(['-', '*', '•'])
        && (rest.contains("gb") || rest.contains("vram"))
        && lower[end..line_to].len() <= 40;
    under_label || list_item
}

/// The device as a cell of a table whose header has a device column (`| Card | Baseline |` over
/// `| RX 7900 XT 20GB | 30.8 |`, llama-bench's `cpu_info`, `| 디바이스 |`): CLAIMS.md §3's
/// "device cell". The header is the line above the table's `---` separator, within 60 lines.
fn device_cell(lower: &str, line_from: usize, start: usize, line_to: usize) -> bool {
    let line = &lower[line_from..line_to];
    if !line.contains('|') {
        return false;
    }
    let cell_from = lower[line_from..start]
        .rfind('|')
        .map_or(line_from, |i| line_from + i + 1);
    if !only_vendor_words(&lower[cell_from..start]) {
        return false;
    }
    let above: Vec<&str> = lower[..line_from].lines().rev().take(60).collect();
    let Some(sep) = above.iter().position(|l| {
        let t = l.trim();
        t.contains("---") && t.chars().all(|c| matches!(c, '|' | '-' | ':' | ' ' | '\t'))
    }) else {
        return false;
    };
    above.get(sep + 1).is_some_and(|header| {
        header.contains('|')
            && [
                "gpu",
                "device",
                "hardware",
                "card",
                "cpu",
                "accelerator",
                "platform",
                "chip",
                "디바이스",
                "设备",
                "硬件",
                "显卡",
                "デバイス",
            ]
            .iter()
            .any(|w| header.contains(w))
    })
}

/// A device written with a count of one right beside it: "single" or "one" just before (past
/// vendor and line words: `Single AMD Radeon RX 7900 XTX`), or "(single GPU" just after
/// (`MI300X (single GPU, ROCm)`). `pre` is the text before the name, `post` the rest of its line.
fn counted_one(pre: &str, post: &str) -> bool {
    const VENDOR: &[&str] = &[
        "nvidia", "amd", "intel", "radeon", "geforce", "instinct", "tesla", "arc", "a", "an",
    ];
    // The word before the vendor words and what the count counts ("single card Gaudi2", "one
    // GPU H100").
    // Also past an arrow or a colon between the count and the name (`Single GPU → NVIDIA
    // GeForce RTX 4090`).
    let count = pre
        .split_whitespace()
        .rev()
        .skip_while(|w| VENDOR.contains(w))
        .find(|w| {
            !matches!(
                *w,
                "card" | "gpu" | "device" | "accelerator" | "socket" | "→" | "->" | "=>" | ":"
            )
        });
    let post = post.trim_start();
    // A count of one written after the name, past at most two words of its variant or memory
    // (`RTX PRO 6000 Blackwell 96GB 1枚`, `950PR*1`, `H100 x1`): 枚 / 张 / 장 count cards in
    // Japanese, Chinese and Korean.
    let variant_word = |w: &str| {
        w.bytes().all(|b| b.is_ascii_alphabetic())
            || (w.ends_with("gb")
                && w.len() > 2
                && w[..w.len() - 2].bytes().all(|b| b.is_ascii_digit()))
    };
    let mut at = post;
    let mut one_after = false;
    for _ in 0..3 {
        one_after = ["1枚", "1张", "1張", "1장", "一张", "一張", "*1", "×1", "x1"]
            .iter()
            .any(|w| {
                at.strip_prefix(w).is_some_and(|rest| {
                    !rest.starts_with(|c: char| c.is_ascii_digit() || c == '.' || c == ',')
                })
            });
        match at.split_once(' ') {
            Some((w, rest)) if !one_after && variant_word(w) => at = rest.trim_start(),
            _ => break,
        }
    }
    count.is_some_and(|w| matches!(w, "single" | "one" | "1x" | "1×"))
        || post.starts_with("(single")
        || post.starts_with("(1 gpu")
        || post.starts_with("single gpu")
        || one_after
}

/// A word of use written after the name, as Korean and Japanese do (`H100에서`, "on H100";
/// `RTX 4090で`), or the device first in a machine written as its parts (`RX6800XT + 5950X`).
fn used_after(post: &str) -> bool {
    // One machine written as its parts, the device first (`RX6800XT + 5950X`).
    if post.trim_start().starts_with('+') {
        return true;
    }
    // Past the rest of the name (`RTX 4090 24GB에서`), at most 16 bytes of it.
    let skip = post
        .bytes()
        .take(16)
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b' ')
        .count();
    let post = &post[skip..];
    // Chinese 上 ("on": `RTX 4090 上使用`), and the same after the rest of a spec in
    // parentheses (`ホスト（RTX 5070 Ti 16GB / 128GB RAM）上で実測`).
    const AFTER: &[&str] = &["에서", "으로", "で", "上"];
    AFTER.iter().any(|w| post.starts_with(w))
        || post
            .char_indices()
            .take_while(|&(i, _)| i <= 48)
            .find(|&(_, c)| c == '）' || c == ')')
            .is_some_and(|(i, c)| {
                // Full-width brackets reach here as ASCII padded with spaces.
                let rest = post[i + c.len_utf8()..].trim_start();
                AFTER.iter().any(|w| rest.starts_with(w))
            })
}

/// A line listing one machine's parts (`Ryzen 5700G, 64 Gb RAM, Radeon RX 9070 XT 16 Gb`,
/// `RTX 3090 24GB, AMD EPYC 7313 16-Core Processor`): its GPU is the one the machine has.
fn machine_spec(line: &str) -> bool {
    line.len() <= 160
        && line.contains(',')
        && [
            " ram",
            "ryzen",
            "epyc",
            "xeon",
            "core i",
            "processor",
            "motherboard",
            "ddr4",
            "ddr5",
            // The machine's operating system beside its parts (`Ubuntu, AMD, nVidia 3090`).
            "ubuntu",
            "debian",
            "fedora",
            "windows",
            "win11",
            "win10",
            "linux",
            "macos",
        ]
        .iter()
        .any(|w| line.contains(w))
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
    // Vendor and line words, articles and determiners ("on this 250W RTX 3090"), a count of one.
    const SKIP: &[&str] = &[
        "nvidia", "amd", "tesla", "geforce", "instinct", "intel", "nvidia's", "amd's", "a", "an",
        "the", "same", "single", "one", "1", "1x", "1×", "1*", "this", "that", "our", "its",
    ];
    const USE: &[&str] = &[
        "on",
        "with",
        "using",
        "onto",
        "via",
        "ran",
        "run",
        "runs",
        "running",
        "in",
        // The author's own card ("got my 7900 XTX working"), the card used ("I use A800").
        "my",
        "use",
        "uses",
        "used",
        // A setup that holds the device ("the test setup included an RTX 3060").
        "included",
        "includes",
        "featuring",
        "features",
        "has",
        "had",
    ];
    let words: Vec<&str> = pre.split_whitespace().collect();
    let used = words
        .iter()
        .rposition(|w| USE.contains(w))
        .is_some_and(|k| words[k + 1..].iter().filter(|w| !SKIP.contains(w)).count() <= 1);
    // Chinese writes the word of use glued to the name: 在 (on), 用 / 使用 / 采用 (with),
    // 基于 (based on), 于 (on), 用的是 ("what I use is"), 我 ("my": `我A100显卡`).
    // A vendor glued to the word of use (`在NVIDIA A800`): the word before the vendor.
    // The last word that is not a vendor or line word (`在 NVIDIA GeForce RTX 4090`: `在`).
    let last_word = words
        .iter()
        .rev()
        .find(|w| !SKIP.contains(w))
        .copied()
        .unwrap_or("");
    let last_word = ["nvidia", "amd", "intel", "huawei"]
        .iter()
        .find_map(|v| last_word.strip_suffix(v))
        .filter(|w| !w.is_empty())
        .unwrap_or(last_word);
    let used = used
        || ["在", "用", "基于", "于", "用的是", "我"]
            .iter()
            .any(|w| last_word.ends_with(w))
        // One card counted in Chinese (`一張 7900 XTX`, `一块 4090`), or one machine
        // (`同一台 RTX 3060 服务器`).
        || ["一张", "一張", "一块", "一塊", "单张", "單張", "一台", "单台", "單台"]
            .iter()
            .any(|w| last_word.ends_with(w))
        // A device label written without its colon (`显卡 RTX 3090`, `GPU H100`).
        || ["显卡", "gpu"].iter().any(|w| last_word.ends_with(w))
        // An element of a setup list in parentheses (`(Mistral 7B AWQ, A10 24GB, vLLM)`).
        // (on the whole line: `before` stops at a version's dot, `(Llama-3.3-70B-FP8, H200`).
        || (pre.trim_end().ends_with(',')
            && line
                .rfind('(')
                .is_some_and(|o| line.rfind(')').is_none_or(|c| c < o)))
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
    let record = line
        .split_once(':')
        .is_some_and(|(label, _)| record_label(label));
    !(used || record)
}

/// The kind the text gives its token rates in a definition of its metric (a legend, a
/// methodology note): "Throughput: Output tokens generated per second", "Throughput figures are
/// … decode phase only (output tokens)", "tok/s = total tokens / duration". A figure whose own
/// words say nothing takes the defined kind (CLAIMS.md §2: the kind is what the text says the
/// number counts, wherever it says it). The definition is a clause that starts at `throughput`
/// or `tok/s`, goes on with a defining word (`:`, `=`, "is", "are", "means", "refers to",
/// "measures", "counts") and holds no rate figure of its own (so `Throughput: 7859.20 tokens/s`
/// is a figure, not a definition). Also a definition: the phase in parentheses after the name
/// (`throughput (output tokens per second)`), and a metric named with its phase in a clause with
/// no number, as what the text is about (`reproduce the Total Output Throughput (tokens/sec)
/// reported here`). Two definitions that disagree define nothing.
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
                // A unit in parentheses after the name (`throughput (output tokens per
                // second)`).
                "(",
            ]
            .iter()
            .find_map(|w| rest.strip_prefix(w))
            // In parentheses only the tokens' phase defines (`(output tokens per second)`);
            // "(total tokens/second of an AI server)" may say summed, `(token/s)` nothing.
            .filter(|d| {
                !rest.starts_with('(')
                    || ["output", "generat", "completion", "decod"]
                        .iter()
                        .any(|w| d.starts_with(w))
            });
            // A metric named with its kind as what the text is about, in a clause with no
            // number (`reproduce the Total Output Throughput (tokens/sec) reported here`).
            let named = || {
                if key != "throughput" || clause.bytes().any(|b| b.is_ascii_digit() || b == b'|') {
                    return None;
                }
                let pre = clause[..i].trim_end();
                ["output", "generation", "completion"]
                    .iter()
                    .any(|w| pre.ends_with(w))
                    .then_some(FigureKind::ThroughputOutput)
            };
            let Some(kind) = defining
                // A rate figure in the clause makes it a result line, not a definition.
                .filter(|d| !holds_rate_figure(d))
                .and_then(kind_from_words)
                .or_else(named)
            else {
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

/// The decode phase as what the whole text measures: a sentence or title with no rate figure
/// of its own names token generation ("Token generation speed less than 1/minute on A6000",
/// "to show the difference in token generation per second", 量化了token生成速度(tokens/sec)),
/// and the text names no other phase (prompt processing, prefill, input or total tokens). CLAIMS.md
/// §2: the kind is what the text says the number counts, wherever it says it.
fn topic_decode(lower: &str) -> Option<FigureKind> {
    const DECODE: &[&str] = &[
        "token generation per second",
        "generation speed",
        "generation throughput",
        "generation rate",
        "decode speed",
        "decoding speed",
        "decode throughput",
        "decoding throughput",
        "tokens generated per second",
        "token output rate",
        "生成速度",
        "解码速度",
    ];
    const OTHER: &[&str] = &[
        "prompt processing",
        "prompt eval",
        "prefill",
        "pp512",
        "pp128",
        "input tokens",
        "input token",
        "total tokens",
        "total token",
        "total throughput",
        "output throughput",
        "request throughput",
        "预填充",
        "首字",
    ];
    if OTHER.iter().any(|w| lower.contains(w)) {
        return None;
    }
    // Sentences (a dot inside a number is no end), not table rows.
    let named = lower
        .split(['\n', ';', '。'])
        .flat_map(|l| l.split(". "))
        .any(|clause| {
            !clause.contains('|')
                && DECODE.iter().any(|w| clause.contains(w))
                && !holds_rate_figure(clause)
        });
    named.then_some(FigureKind::DecodeThroughput)
}

/// Whether `clause` holds a rate figure: a number (its last digit) followed by a rate unit. A
/// clause with one is a result line, not a definition or a statement of what is measured.
fn holds_rate_figure(clause: &str) -> bool {
    clause.char_indices().any(|(j, c)| {
        c.is_ascii_digit()
            && !clause[j + 1..].starts_with(|d: char| d.is_ascii_digit() || d == '.' || d == ',')
            && followed_by_rate(clause, j + 1)
    })
}

/// Gives a token rate whose kind is still open the decode kind when its own label or the
/// words just before it in its clause name the generation phase by a short word: `gen`,
/// `generate`, `decode`, `decoding`, `tg` (`| Gen |`, `gen_tps`, `gen 43.31 -> 44.20 t/s`,
/// Spanish `decodificación` / `generación`). CLAIMS.md §2: the kind is what the figure's own
/// words say it counts; a phase's rate is the decode rate. Words of the prompt phase or of
/// other token counts in the same place (prompt, prefill, `pp`, input, output, total,
/// throughput) leave it open.
fn phase_word_kind(lower: &str, figures: &mut [Figure]) {
    const DECODE: &[&str] = &[
        "gen",
        "generate",
        "generation",
        "decode",
        "decoding",
        "tg",
        "decodificación",
        "generación",
    ];
    const OTHER: &[&str] = &[
        "prompt",
        "prefill",
        "pp",
        "input",
        "output",
        "total",
        "eval",
        "prefilling",
        // A generation *throughput* left open by the figure's own reading (a record key with
        // no unit, `token_generation_throughput_sync`) stays open.
        "throughput",
    ];
    // A prompt-phase rate by its own words: a prefill word followed only by words of a rate
    // (`prompt speed =`, `19 prompt tokens processed:`, `Avg prompt throughput:`), so that a
    // prompt named earlier in the clause (`a 512-token prompt, throughput`) does not count.
    const PREFILL: &[&str] = &["prompt", "prefill", "prefilling", "pp"];
    const RATE: &[&str] = &[
        "speed",
        "throughput",
        "rate",
        "processing",
        "processed",
        "tokens",
        "token",
        "tok",
        "eval",
        "evaluation",
        "tps",
    ];
    let prefill = |words: &[&str]| {
        words
            .iter()
            .rposition(|w| PREFILL.contains(w))
            .is_some_and(|i| i + 1 < words.len() && words[i + 1..].iter().all(|w| RATE.contains(w)))
    };
    let names = |words: &[&str]| {
        let mut decode = false;
        // (Prose words keep their dots, `gen.`; a dot parts words here as elsewhere.)
        for w in words.iter().flat_map(|w| w.split('.')) {
            let stem = w.trim_end_matches(|c: char| c.is_ascii_digit());
            if OTHER.contains(&stem) {
                return false;
            }
            decode |= DECODE.contains(&stem);
        }
        decode
    };
    for f in figures.iter_mut() {
        if f.kind != FigureKind::ThroughputUnspecified || f.kind_stated || f.unit != "tok/s" {
            continue;
        }
        let kind = match &f.label {
            Some(label) => {
                let words: Vec<&str> = label
                    .split(|c: char| !c.is_alphanumeric())
                    .filter(|w| !w.is_empty())
                    .collect();
                // Output tokens by their short names: `OP tokens/sec` (an "output tokens" column
                // of load-test summaries), `Gen. throughput` (a generation throughput: the output
                // tokens of the whole load, CLAIMS.md §2).
                let output = matches!(words.as_slice(), ["op", "tokens", ..])
                    || words
                        .windows(2)
                        .any(|w| matches!(w, ["gen" | "generated", "throughput"]));
                if output {
                    Some(FigureKind::ThroughputOutput)
                } else if prefill(&words) {
                    Some(FigureKind::PrefillThroughput)
                } else {
                    names(&words).then_some(FigureKind::DecodeThroughput)
                }
            }
            None => {
                let start = floor_boundary(lower, f.span.start.min(lower.len()));
                let from = floor_boundary(lower, start.saturating_sub(80));
                let before = &lower[from..start];
                let cut = |t: &'_ str| {
                    t.char_indices()
                        .rfind(|(_, c)| ['\n', '|', ';', '。', ':', '('].contains(c))
                        .map(|(i, c)| (i, c.len_utf8()))
                };
                let mut clause = cut(before).map_or(before, |(i, n)| &before[i + n..]);
                // A `label: value` line: the label is the clause (`19 prompt tokens
                // processed: 74.91 token/s`).
                if clause.trim().is_empty() {
                    if let Some((i, _)) = cut(before).filter(|&(i, _)| before[i..].starts_with(':'))
                    {
                        let head = &before[..i];
                        clause = cut(head).map_or(head, |(j, n)| &head[j + n..]);
                    }
                }
                let clause = clause.rsplit(". ").next().unwrap_or(clause);
                // In prose the word must lead the number closely (`decode 5.35 -> 17.38
                // tok/s`, `gen 43.31 t/s`), and name the phase, not a kind of work or method
                // (`speculative decoding`, `code generation`, `parallel decoding`).
                let words: Vec<&str> = clause
                    .split(|c: char| !c.is_alphanumeric() && c != '.')
                    .filter(|w| !w.is_empty() && !w.starts_with(|c: char| c.is_ascii_digit()))
                    .collect();
                let n = words.len();
                let from = n.saturating_sub(4);
                let modifier = |i: usize| {
                    i > 0
                        && [
                            "speculative",
                            "code",
                            "text",
                            "parallel",
                            "image",
                            "video",
                            "structured",
                            "constrained",
                            "guided",
                            "lookahead",
                            "retrieval",
                        ]
                        .contains(&words[i - 1])
                };
                let named = (from..n)
                    .any(|i| words[i] != "generate" && DECODE.contains(&words[i]) && !modifier(i))
                    && names(&words[from..]);
                // The phase word in the rate's own phrase: after the clause's last comma.
                let own: Vec<&str> = clause
                    .rsplit(',')
                    .next()
                    .unwrap_or(clause)
                    .split(|c: char| !c.is_alphanumeric())
                    .filter(|w| !w.is_empty() && !w.starts_with(|c: char| c.is_ascii_digit()))
                    .collect();
                if prefill(&own[own.len().saturating_sub(4)..]) {
                    Some(FigureKind::PrefillThroughput)
                } else {
                    named.then_some(FigureKind::DecodeThroughput)
                }
            }
        };
        if let Some(kind) = kind {
            f.kind = kind;
            f.kind_stated = true;
            *f = settle(f.clone());
        }
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
    let Some(kind) = defined_kind(lower).or_else(|| topic_decode(lower)) else {
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

/// Where `lower` shows one of llama.cpp's prompt-batch settings: the `n_batch` / `n_ubatch`
/// keys of its logs, JSON and llama-bench columns, or the `-ub` / `--ubatch-size` flags. Each
/// must stand as a whole word (`"n_batch": 512`, `| n_ubatch |`, `-ub 512`).
fn llama_batch_setting(lower: &str) -> Option<Span> {
    ["n_batch", "n_ubatch", " -ub ", "--ubatch-size"]
        .iter()
        .filter_map(|key| {
            lower.match_indices(key).find(|(i, _)| {
                let end = i + key.len();
                let before_ok = !lower[..*i]
                    .chars()
                    .next_back()
                    .is_some_and(|c| c.is_alphanumeric() || c == '_');
                let after_ok = !lower[end..]
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_alphanumeric() || c == '_');
                before_ok && after_ok
            })
        })
        .map(|(i, key)| Span {
            start: i,
            end: i + key.len(),
        })
        .min_by_key(|s| s.start)
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
        // `vllm bench serve`'s summary (v0.10 on): `Request rate configured (RPS): 4.00`.
        "request rate configured (rps):",
        // S-LoRA's and Punica's result records (`{"config": {"req_rate": 4, …}}`).
        "\"req_rate\":",
        // MLPerf LoadGen's summary of a Server run (`Scenario : Server` … `target_qps : 21.9`):
        // the rate LoadGen sends queries at (MLPerf Inference rules, Server scenario). An
        // Offline run's `target_qps` only sizes its one burst (saturation, CLAIMS.md §3 Load).
        "target_qps :",
    ] {
        if flag == "target_qps :" && !lower.contains("scenario : server") {
            continue;
        }
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
        crate::claim::re::compile(r"\brequest[\s-]rate\s*(?:of\s+|=\s*|:\s*)?(\d+(?:\.\d+)?)(?:\s*(?:req(?:uests?)?\s*/\s*s(?:ec)?|requests? per second|qps|rps))?\b")
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
        crate::claim::re::compile(r"(?:running:\s*|#running-req:\s*)(\d+)(?:\s*reqs?\b|,)|(\d+)\s*并发|(?:并发[数度]?|同時)\s*[:：=为是]?\s*(\d+)|(\d+)\s*명의?\s*(?:동시\s*)?(?:사용자|유저|요청)|(?:\b(?:at|with|for)\s+|,\s+|\(\s*)(\d+)\s+(?:users|clients|streams)\b|\b(?:a |one )?single[\s-](?:(?:concurrent|parallel) )?(?:requests?|users?|callers?|streams?|chats?|conversations?|prompts?|sequences?)\b|\bsingle[\s-]concurrency\b|\bone (?:request|user|stream|prompt|query) at a time\b|\bone (?:parallel|concurrent) (?:request|user|stream)\b|\b(?:on|for) (?:1|one) (?:query|request|prompt)\b|\bsequential requests\b|\b(?:sent|send|sending|run|ran|issued)\s+(?:\*\*)?(?:non-concurrently|sequentially|one after another)\b|单请求|单并发|单用户(?:体验|场景|使用|下)")
            .expect("static pattern compiles")
    });
    let _ = text;
    let anchors = [
        "running:",
        "#running-req:",
        "并发",
        // Japanese: 同時32 (32 at once).
        "同時",
        // Korean: 50명 사용자 (50 users).
        "명",
        "single request",
        "single-request",
        "single concurrency",
        "single-concurrency",
        "one request at",
        "one user at",
        "one stream at",
        "one prompt at",
        "one query at",
        "one parallel",
        "one concurrent",
        "single concurrent",
        "single parallel",
        "single user",
        "single-user",
        "single stream",
        "single-stream",
        "single sequence",
        "single chat",
        "single conversation",
        "single prompt",
        "single-prompt",
        "sequential requests",
        "non-concurrently",
        "sequentially",
        "one after another",
        "on 1 query",
        "on one query",
        "for 1 request",
        "for one request",
        "on 1 request",
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
    // Each anchor in text order, until one's window holds a load (an earlier `高并发` or
    // "users" that states none does not hide a later `单并发`).
    // Every place 并发 is written, not only the first: a paper's 异步并发引擎 ("asynchronous
    // concurrent engine") states no load, a later 128并发 does.
    let mut starts: Vec<usize> = anchors.iter().filter_map(at).collect();
    starts.extend(lower.match_indices("并发").skip(1).map(|(i, _)| i));
    starts.sort_unstable();
    let Some((from, c)) = starts.iter().find_map(|&start| {
        let from = floor_boundary(lower, start.saturating_sub(16));
        let to = floor_boundary(lower, (start + 64).min(lower.len()));
        re.captures(&lower[from..to])
            // A use case named for one user ("single-user applications") is no load.
            .filter(|c| {
                let m = c.get(0).expect("group 0");
                let after = &lower[from + m.end()..];
                // A limit (`支持最大 16 并发`, "up to 64 users") is no load (CLAIMS.md §3 Load);
                // a benchmark's `最大并发数为8` is its client's max concurrency, the load.
                let at = from + m.start();
                let pre = lower[floor_boundary(lower, at.saturating_sub(12))..at].trim_end();
                let limit = m.as_str().starts_with(|ch: char| ch.is_ascii_digit())
                    && ["最大", "最多", "上限", "max", "maximum", "up to"]
                        .iter()
                        .any(|w| pre.ends_with(w));
                let use_case = m.as_str().ends_with("user")
                    && words::ONE_USER_USE_CASES
                        .iter()
                        .any(|w| after.starts_with(w));
                !(limit || use_case)
            })
            .map(|c| (from, c))
    }) else {
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
    } else if let Some(n) = c.get(2).or(c.get(3)).or(c.get(4)).or(c.get(5)) {
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

/// The models read where `word` starts a word of `lower` (its first 16 places, each read over
/// the 64 bytes from there, the name starting there), except at `skip` (the mention already
/// taken): later mentions that may name the model more fully.
fn models_named_at<'a>(
    lower: &'a str,
    p: &'a Patterns,
    word: &'a str,
    skip: usize,
) -> impl Iterator<Item = Found<String>> + 'a {
    lower
        .match_indices(word)
        .take(16)
        .filter(move |(i, _)| {
            *i != skip && !lower[..*i].ends_with(|c: char| c.is_ascii_alphanumeric())
        })
        .filter_map(move |(i, _)| {
            let to = floor_boundary(lower, (i + 64).min(lower.len()));
            read_model(&lower[i..to], p)
                .filter(|f| f.span.start == 0)
                .map(|f| Found {
                    value: f.value,
                    span: shift(f.span, i),
                })
        })
}

/// llama.cpp's GGUF architecture `deepseek2` (llama-bench's `deepseek2 671B` model column) is
/// the architecture of DeepSeek V2, V2.5, V3 and R1 alike: a DeepSeek release the text names
/// elsewhere (`Benchmarking DeepSeek R1`) is the model (CLAIMS.md §3 Model).
fn prefer_release_over_arch(lower: &str, p: &Patterns, claim: &mut Claim) {
    let Some(m) = claim.model.as_ref() else {
        return;
    };
    if !m.value.starts_with("deepseek2-") {
        return;
    }
    let release = models_named_at(lower, p, "deepseek", m.span.start)
        .find(|f| f.value.starts_with("deepseek-"));
    if release.is_some() {
        claim.model = release;
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
    let fuller = |f: &Found<String>| {
        // The same family, or a point release of it (llama-bench's `qwen2 14B` is the GGUF
        // architecture of `Qwen2.5-14B`).
        f.value.len() > m.value.len()
            && (f.value.starts_with(&format!("{fam}-")) || f.value.starts_with(&format!("{fam}.")))
            && f.value.ends_with(&format!("-{size}"))
    };
    // The text's first model, else a later mention of the family (`Running llama-70b` in a title
    // over `Llama2-70b-Instruct` in the body).
    let full = read_model(lower, p).filter(fuller).or_else(|| {
        models_named_at(lower, p, fam, m.span.start)
            // A later mention adds a release, never a point release of another one.
            .find(|f| fuller(f) && f.value.starts_with(&format!("{fam}-")))
    });
    if full.is_some() {
        claim.model = full;
    }
}

/// The engine's version written again with more of it (`TensorRT-LLM v0.5` in a note,
/// `TensorRT-LLM v0.5.0` in the table's footer): the fuller one, after the engine's id.
fn fuller_version(lower: &str, claim: &mut Claim) {
    let (Some(r), Some(v)) = (claim.runtime.as_ref(), claim.runtime_version.as_ref()) else {
        return;
    };
    if !v.value.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return;
    }
    let longer = format!("{}.", v.value);
    let mut best: Option<Found<String>> = None;
    for (i, _) in lower.match_indices(r.value.as_str()).take(16) {
        let from = i + r.value.len();
        let rest = lower[from..].trim_start_matches([' ', 'v']);
        if !rest.starts_with(&longer) {
            continue;
        }
        let len = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        let token = rest[..len].trim_end_matches('.');
        if token.len() > longer.len() && best.as_ref().is_none_or(|b| token.len() > b.value.len()) {
            let start = lower.len() - rest.len();
            best = Some(Found {
                value: token.to_string(),
                span: Span {
                    start,
                    end: start + token.len(),
                },
            });
        }
    }
    if let Some(b) = best {
        claim.runtime_version = Some(b);
    }
}

/// The model a serving command loads (`--model-path meta-llama/Meta-Llama-3.1-8B-Instruct`,
/// `--model X`, `vllm serve X`) is the model served: it replaces a model named only elsewhere
/// (a title's "DeepSeek V2 layout fix" over a run of Llama 3.1 8B; CLAIMS.md §3 Model). The
/// first such command decides; one whose argument names no model changes nothing.
fn served_model(lower: &str, p: &Patterns, claim: &mut Claim) {
    let Some(at) = [
        "--model-path",
        "--model_path",
        "--model ",
        "--model=",
        "vllm serve ",
        // llama.cpp's Hugging Face flag (`llama-bench -hf org/Qwen3.6-27B-GGUF:IQ3_M`), whose
        // table names only the GGUF's architecture (`qwen35 27B`).
        " -hf ",
        "--hf-repo ",
        // A result file's own record of it (llmperf's and vLLM's JSON: `"model": "org/Name"`).
        "\"model\": \"",
        "\"model\":\"",
    ]
    .iter()
    .filter_map(|k| lower.find(k).map(|i| i + k.len()))
    .min() else {
        return;
    };
    let rest = lower[at..].trim_start_matches([' ', '=', '"', '\'']);
    let start = lower.len() - rest.len();
    let arg_len = rest
        .find(|c: char| c.is_whitespace() || c == '"' || c == '\'' || c == '\\')
        .unwrap_or(rest.len());
    if arg_len == 0 || arg_len > 200 {
        return;
    }
    // The last path part names the weights (`/models/Qwen2.5-7B`, `org/Name`).
    let arg = &rest[..arg_len];
    let name_from = arg.rfind('/').map_or(0, |k| k + 1);
    let name = &arg[name_from..];
    let offset = start + name_from;
    // A name no pattern knows is read as a sized name (`TinyLlama-1.1B-Chat-v1.0`).
    let Some(m) = read_model(name, p)
        .or_else(|| sized_name(name))
        .map(|f| Found {
            value: f.value,
            span: shift(f.span, offset),
        })
    else {
        return;
    };
    // A model named on the headline's own line (a table row's `| qwen3-4b | W8A8 | dp2 | 981 |`
    // under a command that serves another row's model) is the headline's.
    // Not a llama-bench row, whose model column is the GGUF's architecture (`qwen35 27B`), not
    // the release the command loads.
    let own_line = |c: &Found<String>| {
        claim.figures.first().is_some_and(|f| {
            if f.label
                .as_deref()
                .is_some_and(|l| l.starts_with("tg") || l.starts_with("pp"))
            {
                return false;
            }
            let (a, b) = (
                c.span.start.min(f.span.start),
                c.span.start.max(f.span.start),
            );
            lower
                .get(a..b)
                .is_some_and(|between| !between.contains('\n'))
        })
    };
    if claim
        .model
        .as_ref()
        .is_none_or(|c| c.value != m.value && !own_line(c))
    {
        claim.model = Some(m);
    }
}

/// A precision named as one of the options a question asks between ("is it AWQ or GPTQ?",
/// `是AWQ还是GPTQ？`) is not the run's (CLAIMS.md §3 Quantisation: not stated).
fn drop_asked_dtype(lower: &str, claim: &mut Claim) {
    let Some(d) = &claim.weight_dtype else { return };
    let (start, end) = (d.span.start.min(lower.len()), d.span.end.min(lower.len()));
    if start > end || !lower.is_char_boundary(start) || !lower.is_char_boundary(end) {
        return;
    }
    let stops = ['.', '!', '\n', '。', '！', '?', '？'];
    let from = lower[..start].rfind(stops).map_or(0, |i| {
        i + lower[i..].chars().next().map_or(1, char::len_utf8)
    });
    let Some(to) = lower[end..].find(stops).map(|i| end + i) else {
        return;
    };
    if !lower[to..].starts_with(['?', '？']) {
        return;
    }
    let sentence = &lower[from..to];
    let options = [
        "awq", "gptq", "fp8", "int8", "int4", "fp16", "bf16", "gguf", "exl2",
    ];
    let named = options.iter().filter(|o| sentence.contains(*o)).count();
    if named >= 2 && (sentence.contains("还是") || sentence.contains(" or ")) {
        claim.weight_dtype = None;
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
        // A GeForce's `-super` or `-ti` is another card, not a variant.
        if id.starts_with(&prefix) && !id.ends_with("-super") && !id.ends_with("-ti") {
            match &found {
                Some(f) if *f != id => return None,
                _ => found = Some(id),
            }
        }
    }
    found
}

/// The device a Markdown heading above the headline names (`### FP8 Benchmark on 16xH200` over
/// a tool's block, after `## Running Kimi-K2 with FP8 on 16xH800` higher up): the section's
/// run used it (CLAIMS.md §1 rule 5, settings from the figure's own block). Only the nearest
/// `#` heading within 60 lines counts, and only when the headline's own row or sentence names
/// no device; its count comes along when written.
fn adopt_heading_device(lower: &str, c: &mut Claim) {
    let Some(h) = c.figures.first() else { return };
    if h.settings.gpu.is_some() {
        return;
    }
    let at = floor_boundary(lower, h.span.start.min(lower.len()));
    let Some(line_start) = lower[..at].rfind('\n') else {
        return;
    };
    let mut end = line_start;
    for _ in 0..60 {
        let from = lower[..end].rfind('\n').map_or(0, |i| i + 1);
        let line = &lower[from..end];
        if line.trim_start().starts_with('#') {
            let mut named = Claim::default();
            read_setup_into(line, from, &mut named);
            if let Some(g) = named.gpu {
                if c.gpu.as_ref().is_none_or(|old| old.value != g.value) {
                    c.gpu = Some(g);
                    c.gpu_count = named.gpu_count.or(c.gpu_count.take());
                }
            }
            return;
        }
        if from == 0 {
            return;
        }
        end = from - 1;
    }
}

/// The settings of the headline's fullest restatement. A text that states its result twice (a
/// title or summary `from 508 to 907 tok/s/GPU`, then the body `DeepSeek R1 NVFP4 reaches 907
/// tok/s/GPU at concurrency 4`) states one figure (CLAIMS.md §1: the same number of the same
/// measure is one figure), and the statement that names more of its setup describes the run:
/// where another statement, before or after it ("someone got over 900 tokens/s on 8×A800 with
/// batch 32 … has anyone managed 900+ tokens/s?"), has the headline's value, unit, kind and
/// scope, is not derived and not
/// marked as another setup, and its own sentence names more settings than the headline's, its
/// settings replace the headline's where it names them.
fn take_restated_settings(figures: &mut [Figure]) {
    let Some((h, rest)) = figures.split_first_mut() else {
        return;
    };
    if h.derived || h.settings.other_setup.is_some() {
        return;
    }
    let Some(twin) = rest
        .iter()
        .filter(|f| {
            (f.span.start > h.span.end || f.span.end < h.span.start)
                && !f.derived
                && f.settings.other_setup.is_none()
                && f.value.to_bits() == h.value.to_bits()
                && f.value_high.map(f64::to_bits) == h.value_high.map(f64::to_bits)
                && f.unit == h.unit
                && f.kind == h.kind
                && f.scope == h.scope
        })
        .max_by_key(|f| f.settings.named())
        .filter(|f| f.settings.named() > h.settings.named())
    else {
        return;
    };
    h.settings.overlay(twin.settings.clone());
}

/// Outside a sweep, the model and the device written in the headline's own row or sentence
/// replace the claim-wide ones (CLAIMS.md §1 rule 5: settings are read from the same row as the
/// figure; a table of several models or GPUs names the headline's in its row).
fn adopt_own_setup(lower: &str, c: &mut Claim) {
    let Some(h) = c.figures.first() else { return };
    let s = h.settings.clone();
    // The name as the sentence shortens it (`DeepSeek-V4` in a title) when the text names the
    // release in full elsewhere (`DeepSeek-V4-Flash-0731`): the full name stays.
    let fuller = |own: &Found<String>| {
        c.model
            .as_ref()
            .is_some_and(|m| m.value.starts_with(&format!("{}-", own.value)))
    };
    if s.model.as_ref().is_some_and(|m| !fuller(m)) {
        c.model = s.model;
    }
    // The family alone in the headline's sentence (`on a single H100`) when the text names its
    // variant elsewhere (`Card is an H100 PCIe`): the variant stays.
    // So does an APU's codename or part (`Strix Halo`) when the text names the GPU inside it
    // (`GPU: Radeon 8060S`, what the reader takes for such a machine).
    let refines = |own: &Found<String>| {
        c.gpu.as_ref().is_some_and(|g| {
            g.value.starts_with(&format!("{}-", own.value))
                || ((own.value == "strix-halo" || own.value.starts_with("ryzen-ai-max"))
                    && (g.value.starts_with("radeon-") || g.value.starts_with("ryzen-ai-max")))
        })
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
    // So is the load its own sentence or its own point of a list in one sentence states
    // (`12.4 tok/s per user at batch 1, 220 tok/s at batch 32`: the headline's batch is 32; "a
    // 20% gain at 128 concurrent requests, where v0.16 pushes 7,900 tokens per second" after
    // a methodology that lists 1 … 64).
    if (s.batch_size.is_some() || s.concurrency.is_some()) && s.other_setup.is_none() {
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

/// A precision read from a sentence that names another model than the headline's (`to run Qwen3
/// 32B in Q8 …` when the headline is Qwen3 8B's; `Qwen3.5-27B-AWQ` as the baseline of a
/// MoE's result) is that model's, not the headline's (CLAIMS.md §3 Quantisation: not another
/// configuration in the same text): the field is released. The headline's own sentence, a
/// table row, or a sentence that also names the headline's model keeps it.
fn release_foreign_dtype(lower: &str, c: &mut Claim) {
    let (Some(d), Some(m)) = (&c.weight_dtype, &c.model) else {
        return;
    };
    let own = c
        .figures
        .first()
        .and_then(|h| h.settings.weight_dtype.as_ref())
        .is_some_and(|w| w.span == d.span);
    if own {
        return;
    }
    let st = super::attach::stretch(lower, d.span);
    let sentence = &lower[st.start..st.end];
    if sentence.contains('|') || (m.span.start >= st.start && m.span.end <= st.end) {
        return;
    }
    let mut there = Claim::default();
    read_setup_into(sentence, st.start, &mut there);
    let Some(other) = there.model else { return };
    let related = other.value.starts_with(&m.value) || m.value.starts_with(&other.value);
    if !related {
        c.weight_dtype = None;
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

/// The precision heading the headline's block of list lines (`**FP8:**` over `- Engine: TPS
/// 104.9`), when the headline is the last block of a sweep (CLAIMS.md §1.5: settings from the
/// same point). None when the line above the block is anything but a precision alone.
fn block_precision(lower: &str, c: &Claim) -> Option<Found<String>> {
    const PRECISIONS: &[&str] = &[
        "fp32", "fp16", "bf16", "fp8", "fp6", "fp4", "nvfp4", "mxfp4", "int8", "int4", "w8a8",
        "w4a16", "awq", "gptq",
    ];
    let h = c.figures.first()?;
    let mut end = lower[..h.span.start.min(lower.len())].rfind('\n')?;
    for _ in 0..12 {
        let from = lower[..end].rfind('\n').map_or(0, |i| i + 1);
        let line = lower[from..end].trim();
        end = from.checked_sub(1)?;
        if line.is_empty() || line.starts_with("- ") || line.starts_with("* ") {
            continue;
        }
        let word = line.trim_matches(|ch: char| "*#:：_ ".contains(ch));
        let at = from + lower[from..].find(word)?;
        return PRECISIONS.contains(&word).then(|| Found {
            value: dtype_id(word),
            span: Span {
                start: at,
                end: at + word.len(),
            },
        });
    }
    None
}

/// True when `lower` sets llama-server to one request slot: `--parallel 1`, `-np 1`,
/// `--n-parallel 1`.
fn one_slot_server(lower: &str) -> bool {
    static RE: OnceLock<Regex> = OnceLock::new();
    if !["parallel", "-np"].iter().any(|w| lower.contains(w)) {
        return false;
    }
    RE.get_or_init(|| {
        crate::claim::re::compile(
            r"(?:^|[\s`(])(?:--parallel|--n-parallel|-np)(?:\s*=\s*|\s+)1\b(?:[^.\d]|$)",
        )
        .expect("static pattern compiles")
    })
    .is_match(lower)
}

/// Scopes the text leaves to its shape (CLAIMS.md §2): a latency is one request's view; a
/// llama-bench `tg` row is one stream's decode; a throughput of a run whose stated batch or
/// concurrency is above 1 is aggregate, and at batch 1 it is one user's rate. A run at a request
/// rate the client set (`rate_set`) and no batch serves many requests at once: aggregate too.
fn infer_scopes(lower: &str, figures: &mut [Figure], claim_batch: Option<u32>, rate_set: bool) {
    // Words that say one stream was measured (CLAIMS.md §2: "batch-1 and single-stream rates
    // are per user").
    let one_stream = [
        "single stream",
        "single-stream",
        "single user",
        "single-user",
        "single request",
        "one request at a time",
        "one user",
        "batch size 1",
        "batch size of 1",
        "batch 1",
        "bs=1",
        "bs 1",
        "bs1",
        "单并发",
        "单用户",
    ]
    .iter()
    // A whole number: `batch 1`, not `batch 16`.
    .any(|w| {
        lower.match_indices(w).any(|(i, _)| {
            !lower[i + w.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
    })
        // llama.cpp's and ollama's per-request timings in the text: one generation's rates.
        || ["eval rate", "eval time", "llama_print_timings", "llama_perf_context_print"]
            .iter()
            .any(|w| lower.contains(w));
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
            // A decode rate with no batch above 1 is one stream's when something says so: a
            // batch of 1, words for one stream, or a llama.cpp / ollama timing (`eval rate`,
            // `eval time`, a `tg` test). A decode rate with nothing said of its load is left
            // unscoped (CLAIMS.md §2: null when the text does not say).
            let line = line_at(lower, f.span.start);
            let label = f.label.as_deref().unwrap_or("");
            // The shorthand unit of llama.cpp and its front ends (`3.76T/s`).
            let after = &lower[floor_boundary(lower, f.span.start.min(lower.len()))..];
            let t_per_s = after
                .trim_start_matches(|c: char| {
                    c.is_ascii_digit() || matches!(c, '.' | ',' | '-' | '–' | '~' | ' ')
                })
                .trim_start()
                .starts_with("t/s");
            if batch == Some(1)
                || one_stream
                || t_per_s
                || ["eval", "predicted", "tokens-per-sec", "generation:"]
                    .iter()
                    .any(|w| line.contains(w) || label.contains(w))
                // llama-bench's test (`tg128`, `tg 128`, `| tg |`), not "tg" inside a word.
                || [line, label].iter().any(|t| {
                    t.match_indices("tg").any(|(i, _)| {
                        !t[..i].ends_with(|c: char| c.is_ascii_alphabetic())
                            && !t[i + 2..].starts_with(|c: char| c.is_ascii_alphabetic())
                    })
                })
            {
                f.scope = Some(Scope::PerUser);
            }
        } else if f.kind == FigureKind::PrefillThroughput {
            // Prompts prefilled for many requests at once are summed over them (CLAIMS.md §2).
            if several {
                f.scope = Some(Scope::Aggregate);
            }
        } else if f.kind.is_throughput() {
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

/// The line of `lower` that holds byte `at`.
pub(super) fn line_at(lower: &str, at: usize) -> &str {
    let at = floor_boundary(lower, at.min(lower.len()));
    let start = lower[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = lower[at..].find('\n').map_or(lower.len(), |i| at + i);
    &lower[start..end]
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
    if [
        "latency", "(ms)", "(s)", "time to", "ttft", "itl", "tpot", "ms/tok", "s/tok",
    ]
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
    // A table the line just before introduces as times (`the e2e performance are below table
    // **e2e latency(us)**`) holds no token rate.
    let intro = &lower[floor_boundary(lower, t.start.saturating_sub(120))..t.start.max(from)];
    let intro = intro
        .trim_end()
        .rsplit('\n')
        .find(|l| !l.trim().is_empty())
        .unwrap_or("");
    // So does one whose own header lines name only times (`| Model | FP16 latency (ms) | INT4
    // latency (ms) |` over its separator row, which the table takes as its header).
    let head_lines =
        &lower[t.start.min(row[0].span.start)..floor_boundary(lower, row[0].span.start)];
    let times = |s: &str| {
        [
            "latency",
            "(us)",
            "(µs)",
            "(ms)",
            "(s)",
            "time to first",
            "ms/tok",
            "s/tok",
        ]
        .iter()
        .any(|w| s.contains(w))
            && !["tok/s", "tokens/s", "tokens per second", "tps", "t/s"]
                .iter()
                .any(|w| s.contains(w))
    };
    if times(intro) || times(head_lines) {
        return None;
    }
    let kind = kind_from_words(&pre).filter(|_| unit_words);
    let scope = scope_from_words(&pre).filter(|_| unit_words);
    // A column of requests per second (`| Tput (req/s) |`): a request rate, the whole
    // server's (CLAIMS.md §2).
    let head = cell(t.header[col].span);
    let (unit, kind, scope) = if super::grid::in_requests_per_second(head) {
        (
            "req/s",
            Some(FigureKind::RequestRate),
            Some(Scope::Aggregate),
        )
    } else {
        ("tok/s", kind, scope)
    };
    let mut f = Figure::new(
        v,
        unit,
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

/// Whether `word` is a device's name and nothing else (`910b`, `b200`, `h100`).
pub(super) fn whole_device(word: &str) -> bool {
    patterns()
        .gpu
        .find(word)
        .is_some_and(|g| g.start() == 0 && g.end() == word.len())
}

/// The precision a short cell is and nothing else (a table's column header: `fp16`,
/// `gptq-int4`, `AWQ`), as written; None for longer words or none.
pub(super) fn dtype_cell(cell: &str) -> Option<String> {
    let t = cell.trim().trim_matches('*').trim();
    let short = !t.is_empty()
        && t.len() <= 12
        && t.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    patterns()
        .dtype
        .find(t)
        .filter(|m| short && m.start() == 0)?;
    Some(t.replace("bfloat16", "bf16").replace("float16", "fp16"))
}

/// The serving engine a short text (a table header cell: `vLLM (AWQ Marlin)`, `SGLang`) names,
/// as its id; None when it names none.
pub(super) fn engine_named(cell: &str) -> Option<&'static str> {
    let c = patterns().runtime.captures(cell)?;
    Some(runtime_id(&c[1]).0)
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

/// True when the batch word at `start` ends a threads flag (llama.cpp's `--threads-batch 23`,
/// `threads_batch`: CPU threads for prompt processing, not a batch size) or a training
/// setting's key (`--train.micro_batch_size 2`, `per_device_train_batch_size`): no load of the
/// inference run.
fn no_load_key(lower: &str, start: usize) -> bool {
    let before = lower[..start].trim_end_matches(['-', '_']);
    // The key the word ends: back to the last ASCII space or line break.
    let key = &before[before
        .rfind(|c: char| c.is_ascii_whitespace())
        .map_or(0, |i| i + 1)..];
    before.ends_with("threads")
        || before.ends_with("thread")
        || key.ends_with("train")
        || key.contains("train.")
        || key.contains("training")
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
            if no_load_key(part, span.start) {
                continue;
            }
            if head.starts_with('b')
                && !head.starts_with("batch")
                && !head.starts_with("bs")
                && !head.starts_with("b=")
            {
                continue;
            }
            if no_batch_size(part, span.end) {
                continue;
            }
            if let Some(n) = batch_number(c.get(1).map_or("one", |m| m.as_str())) {
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
            // 并发数 / 并发度 ("degree of concurrency").
            let rest = rest
                .strip_prefix("数")
                .or(rest.strip_prefix("度"))
                .unwrap_or(rest);
            let rest = rest.trim_start_matches([' ', ':', '：', '=', '为', '是']);
            let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            if let Some(n) = rest[..digits].parse::<u32>().ok().filter(|n| *n > 0) {
                let start = i;
                let end = part.len() - rest.len() + digits;
                claim.concurrency = found(n, at(Span { start, end }));
            } else {
                // The count before the word: `100并发下`, `64 并发`.
                let head = part[..i].trim_end_matches(' ');
                let lead = head.len() - head.trim_end_matches(|c: char| c.is_ascii_digit()).len();
                let start = head.len() - lead;
                let glued = start > 0 && part.as_bytes()[start - 1].is_ascii_alphanumeric();
                if let Some(n) = head[start..]
                    .parse::<u32>()
                    .ok()
                    .filter(|n| *n > 0 && !glued)
                {
                    let end = i + "并发".len();
                    claim.concurrency = found(n, at(Span { start, end }));
                }
            }
        }
    }
    if claim.concurrency.is_none() {
        // A number that goes on (`concurrent users: 5,600 tok/s`) is a figure, not the load.
        let load = |c: &Caps| {
            let end = whole(c).end;
            !continues_number(part, end)
                && !c.get(1).is_some_and(|n| number_tail(part, n.start()))
                && users_led(part, c)
                && !rate_follows(part, end)
        };
        if let Some(c) = p
            .concurrency
            .captures_iter(part)
            .filter(|c| !server_cap(part, c))
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
    // What would not happen (`a dense 30B model wouldn't even fit … at Q4`).
    "wouldn't ",
    "wouldn’t ",
    "would not ",
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
/// PC+RTX 3080): orin 64GB`): they name no setup of the run; so are a rate list's named
/// phases ([`figure::phase_list`]). Each byte a space, so spans hold.
fn blank_examples(lower: &str) -> std::borrow::Cow<'_, str> {
    // A rate list's phase names (`(tok/s): prompt 1200, generation 35`) are rates' names: its
    // numbers are no prompt or output length.
    let lists = if lower.contains("/s):") || lower.contains("/s) :") {
        figure::phase_list(lower)
    } else {
        Vec::new()
    };
    if !lower.contains("(e.g.") && !lower.contains("(eg.") && lists.is_empty() {
        return std::borrow::Cow::Borrowed(lower);
    }
    let mut text = lower.to_string();
    for f in &lists {
        let blank = " ".repeat(f.span.end - f.span.start);
        text.replace_range(f.span.start..f.span.end, &blank);
    }
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
            unit_colon_value,
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
                .map(|(_, p)| crate::claim::re::compile(&p.src).unwrap())
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
        let data = include_str!("../../../tests/data/claims_dev.jsonl");
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
            // The search starts the tail at a `(` or `:`, so a percentile word before the colon
            // with no note in parentheses (`ttft p99: 5`, `…sp00:0`) stays in the label: the
            // reference allows the word only after the note.
            let tail = LABEL_TAIL.replacen(
                r#"(?:\(([^()]{1,40})\)["']?)?(?:\s*(?:avg|mean|median|average|p\d{2}))?"#,
                r#"(?:\(([^()]{1,40})\)["']?(?:\s*(?:avg|mean|median|average|p\d{2}))?)?"#,
                1,
            );
            assert_ne!(
                tail, LABEL_TAIL,
                "the tail's note and percentile are where expected"
            );
            let src = format!(r"([a-z][a-z0-9_ .\[\]/-]{{0,60}}?){tail}").replace("NUM", NUM);
            crate::claim::re::compile(&src).unwrap()
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
            "1/req x1/req peak concurrent requests: 12 --max-num-seqs 64 single-flight -np 4 x-np 2 ollama_num_parallel=8 @ c=64 c = 8 concurrency-4 -c=5 8k-input 512-output 19-prompt",
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
                // A phase's rate keeps its label (`76.9 tok/s single-stream decode`: a decode rate,
                // one stream's, CLAIMS.md §2).
                if keep.scope == Some(Scope::PerUser)
                    && keep.kind.is_throughput()
                    && !matches!(
                        keep.kind,
                        FigureKind::DecodeThroughput | FigureKind::PrefillThroughput
                    )
                {
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

    #[test]
    fn line_starts_agree_with_a_scan_back() {
        let t = "ab\ncd\n\nx 万\n";
        let lines = LineStarts::new(t);
        for at in 0..=t.len() {
            let want = t.as_bytes()[..at]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
            assert_eq!(lines.start_of(at), want, "at {at}");
        }
        // By hand: the third line is empty (its newline at 6), the fourth starts at 7.
        assert_eq!(lines.start_of(6), 6);
        assert_eq!(lines.start_of(9), 7);
        assert_eq!(LineStarts::new("").start_of(0), 0);
    }

    /// Every pair tried, first twin in list order: what `precise_twins` did before it searched
    /// by value.
    fn twins_reference(cands: &mut [Cand]) {
        for a in 0..cands.len() {
            if cands[a].fig.value_high.is_some() {
                continue;
            }
            let twin =
                (0..cands.len()).find(|&b| b != a && rounds_twin(&cands[a].fig, &cands[b].fig));
            if let Some(b) = twin {
                let p = cands[a].prio;
                cands[b].prio = cands[b].prio.min(p);
                cands[a].prio = p + 1;
            }
        }
    }

    #[test]
    fn precise_twin_by_hand() {
        // 3,200 rounds 3,187.4 (0.4 % apart): the precise figure takes the rounded one's rank
        // and the rounded one drops behind it; 3,000 is 6 % away and no twin.
        let f = |v: f64, n: usize| Cand {
            fig: Figure::new(
                v,
                "tok/s",
                FigureKind::ThroughputOutput,
                Span {
                    start: n,
                    end: n + 1,
                },
            ),
            prio: 5 - n as i32,
        };
        let mut c = vec![f(3200.0, 0), f(3000.0, 1), f(3187.4, 2)];
        precise_twins(&mut c);
        assert_eq!(c.iter().map(|c| c.prio).collect::<Vec<_>>(), [6, 4, 3]);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        #[test]
        fn precise_twins_same_as_every_pair(
            fs in proptest::collection::vec((1u32..60, 0u8..3, 0u8..2, any::<bool>(), any::<bool>(), -3i32..3), 0..30)
        ) {
            use FigureKind::*;
            let kinds = [ThroughputOutput, ThroughputTotal, Ttft];
            let cands: Vec<Cand> = fs
                .iter()
                .enumerate()
                .map(|(n, &(v, k, u, derived, high, prio))| {
                    // Values 1,000–1,059 and their tenths: many within 2 % of each other, some
                    // rounding others exactly.
                    let v = if v % 2 == 0 { 1000.0 + v as f64 } else { 1000.0 + v as f64 / 10.0 };
                    let mut f = Figure::new(v, ["tok/s", "ms"][u as usize], kinds[k as usize], Span { start: n, end: n + 1 });
                    f.derived = derived;
                    f.value_high = high.then_some(v + 1.0);
                    Cand { fig: f, prio }
                })
                .collect();
            let mut want = cands.clone();
            twins_reference(&mut want);
            let mut got = cands;
            precise_twins(&mut got);
            let prios = |c: &[Cand]| c.iter().map(|c| c.prio).collect::<Vec<_>>();
            prop_assert_eq!(prios(&want), prios(&got));
        }
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
