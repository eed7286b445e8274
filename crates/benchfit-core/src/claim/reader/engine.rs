//! Engines outside the reader's list, found by the role their name plays in the text rather
//! than by the name itself (CLAIMS.md §3 Runtime: "an engine outside the list keeps its own name
//! as id; there is no catch-all `other`").
//!
//! Asked only when no listed engine, no engine's output shape and no baseline-only engine was
//! found. Six roles, strongest first:
//! 1. a record's engine key (`"engineID" : "mlx-swift-lm"`, `backend: foo`, `Inference engine:
//!    foo`), with `engineVersion` beside it;
//! 2. a name before "inference engine/system/server/framework" (`our latest FireAttention V4
//!    inference engine`), when it looks like a product name (an inner capital, a digit, a hyphen
//!    or a dot: `FireAttention`, `TileRT`, not "fast" or "open-source");
//! 3. a name set beside what it is (`using MTPLX, a native MTP runtime for macOS`);
//! 4. a name with a `v`-version after "from/with/using/via/on/running" (`Results from vllm-mlx
//!    v0.3.0`), when the name is no model, language or system software;
//! 5. a name built like a serving library's (`BigDL-LLM`, `bigdl-llm[xpu]=20230827`, `QServe`,
//!    `OpenLLM`: a prefix then `-LLM`/`LLM`/`Serve`), and a plain PyTorch run (`Running LLMs on
//!    PyTorch`: a framework, no engine, so partial like JAX);
//! 6. a release page's title: the first line a name and a three-part version only (`Speedy
//!    0.3.0`).
//!
//! Inside an identifier, path or file name (`qserve_benchmark.py`) the engine is only implied
//! (partial), as for the listed engines. [`compound_engine`] asks roles 1 and 4 around a listed
//! engine's match: a longer name there (`vllm-mlx v0.3.0`) is another project.

use super::*;
use crate::claim::pattern::captures_near_in;

/// An engine found by its role: its id (the name as written, lowercased), where, its version
/// when written beside it, and whether it is only implied (CLAIMS.md §3 Runtime: partial).
pub(super) struct NamedEngine {
    pub id: String,
    pub span: Span,
    pub version: Option<(String, Span)>,
    pub implied: bool,
}

/// Values of an engine-like key that name no serving engine: compute backends, kernels,
/// transports, systems, dtypes, placeholders.
const NOT_ENGINES: &[&str] = &[
    "cuda",
    "cublas",
    "cudnn",
    "rocm",
    "hip",
    "hipblas",
    "rocblas",
    "vulkan",
    "metal",
    "mps",
    "cpu",
    "gpu",
    "gpus",
    "npu",
    "tpu",
    "opencl",
    "sycl",
    "oneapi",
    "blas",
    "openblas",
    "mkl",
    "openai",
    "openai-chat",
    "openai-completions",
    "python",
    "default",
    "none",
    "null",
    "nil",
    "auto",
    "true",
    "false",
    "yes",
    "no",
    "n/a",
    "na",
    "unknown",
    "flash_attn",
    "flash-attn",
    "flashattention",
    "flashinfer",
    "xformers",
    "triton",
    "torch_sdpa",
    "sdpa",
    "eager",
    "native",
    "fa2",
    "fa3",
    "nccl",
    "rccl",
    "gloo",
    "ray",
    "mp",
    "uni",
    "local",
    "remote",
    "http",
    "https",
    "grpc",
    "docker",
    "podman",
    "kubernetes",
    "k8s",
    "linux",
    "windows",
    "macos",
    "ubuntu",
    "cutlass",
    "fp16",
    "bf16",
    "fp8",
    "fp32",
    "int8",
    "int4",
    "float16",
    "bfloat16",
    "async",
    "sync",
    "static",
    "dynamic",
    "inflight",
    "in-flight",
    "tp",
    "pp",
    "ep",
    "tensor",
    "pipeline",
    "ms",
    "sec",
    "seconds",
    "minutes",
    "hours",
    "s",
    "min",
    "h",
    "the",
    "a",
    "an",
    "custom",
    "proprietary",
    "internal",
    "in-house",
    "own",
    "our",
    "other",
    "same",
    "new",
    "old",
    // API gateways, proxies and routers in front of an engine: they serve no model themselves.
    "litellm",
    "openrouter",
    "tensorzero",
    "portkey",
    "bifrost",
    "helicone",
];

/// Words before an engine-like key that make it another component's key (`attention backend:
/// FLASH_ATTN`, `sampling backend`, `kv cache backend`).
const OTHER_COMPONENTS: &[&str] = &[
    "attention",
    "attn",
    "sampling",
    "sampler",
    "kv",
    "cache",
    "compile",
    "compilation",
    "graph",
    "distributed",
    "dist",
    "executor",
    "communication",
    "tokenizer",
    "device",
    "hardware",
    "container",
    "python",
    "torch",
    "moe",
    "gemm",
    "quantization",
    "quant",
    "lora",
    "guided",
    "decoding",
    "grammar",
    "storage",
    "network",
];

/// Names after "with/using/on … v1.2" that are no serving engine: languages, system software,
/// drivers, client tools, model families.
const NOT_ENGINE_NAMES: &[&str] = &[
    "python",
    "cuda",
    "rocm",
    "hip",
    "pytorch",
    "torch",
    "ubuntu",
    "driver",
    "drivers",
    "macos",
    "windows",
    "linux",
    "kernel",
    "node",
    "nodejs",
    "transformers",
    "accelerate",
    "triton",
    "docker",
    "rust",
    "go",
    "java",
    "gcc",
    "clang",
    "nccl",
    "cudnn",
    "flashinfer",
    "flash-attn",
    "xformers",
    "openai",
    "guidellm",
    "genai-perf",
    "aiperf",
    "locust",
    "k6",
    "wrk",
    "chrome",
    "firefox",
    "ios",
    "android",
    "xcode",
    "swift",
    "homebrew",
    "conda",
    "pip",
    "numpy",
    "jax",
    "tensorflow",
    "onnx",
    "onnxruntime",
    "opencl",
    "vulkan",
    "metal",
    "sycl",
    "oneapi",
    "mkl",
    "intel",
    "amd",
    "nvidia",
    "apple",
    "google",
    "github",
    "huggingface",
    "hf",
    "api",
    "the",
    "release",
    "version",
    "branch",
    "tag",
    "commit",
    "build",
    "patch",
    "update",
    "firmware",
    "bios",
    "tahoe",
    "sequoia",
    "sonoma",
    "ventura",
    "fedora",
    "debian",
    "centos",
    "rhel",
];

/// Model families: a `v`-version after one is the model's release (`Mistral v0.3`).
const MODEL_WORDS: &[&str] = &[
    "llama",
    "mistral",
    "mixtral",
    "qwen",
    "gemma",
    "phi",
    "deepseek",
    "falcon",
    "gpt",
    "claude",
    "yi",
    "internlm",
    "baichuan",
    "chatglm",
    "glm",
    "olmo",
    "granite",
    "command",
    "dbrx",
    "jamba",
    "nemotron",
    "minicpm",
    "kimi",
    "codellama",
    "starcoder",
    "vicuna",
    "opt",
    "bloom",
    "t5",
    "whisper",
    "stable",
    "sdxl",
    "flux",
    "bert",
    "gpt-oss",
    "smollm",
    "tinyllama",
    "hermes",
    "orca",
    "zephyr",
    "solar",
    "aquila",
    "exaone",
    "hunyuan",
    "ernie",
    "step",
    "seed",
];

/// Prefixes of a `…-LLM` / `…LLM` word that make it a kind of model, not a library
/// (`multi-LLM`, `Vision-LLM`, `on-device LLM`).
const LLM_KINDS: &[&str] = &[
    "multi",
    "vision",
    "code",
    "local",
    "tiny",
    "large",
    "small",
    "base",
    "chat",
    "domain",
    "video",
    "audio",
    "speech",
    "med",
    "medical",
    "any",
    "your",
    "my",
    "the",
    "our",
    "ondevice",
    "on-device",
    "edge",
    "mobile",
    "single",
    "multimodal",
    "mm",
    "sea",
    "open-source",
    "opensource",
    "self-hosted",
    "hosted",
    "cloud",
    "moe",
    "dense",
    "quantized",
    "quantised",
];

fn rx(cell: &'static OnceLock<Regex>, pattern: &str) -> &'static Regex {
    cell.get_or_init(|| crate::claim::re::compile(pattern).expect("static pattern compiles"))
}

fn span(m: crate::claim::re::Match<'_>) -> Span {
    Span {
        start: m.start(),
        end: m.end(),
    }
}

/// Inside an identifier, path or file name: `qserve_benchmark.py`, `/bigdl/`.
fn inside_identifier(text: &str, s: Span) -> bool {
    let next = text[s.end..].chars().next();
    let prev = text[..s.start].chars().next_back();
    next.is_some_and(|c| c == '_' || c == '/')
        || prev.is_some_and(|c| c == '/' || c == '_' || c == '.')
        || text[s.end..].starts_with(".py")
}

/// A name that reads as a product's: an inner capital, a digit, a dot or a hyphen beside a
/// capital, and not all capitals (`LLM`, `GPU`).
fn product_like(name: &str) -> bool {
    let inner_capital = name.chars().skip(1).any(|c| c.is_ascii_uppercase());
    // A hyphen marks a name only beside a capital (`Fire-Attention`), not in a lowercase
    // compound adjective (`always-on`, `low-latency`, `self-hosted`).
    let capital = name.chars().any(|c| c.is_ascii_uppercase());
    let marked = (name.contains('-') && capital)
        || name.contains('.')
        || name.chars().any(|c| c.is_ascii_digit());
    let all_caps = name
        .chars()
        .filter(|c| c.is_ascii_alphabetic())
        .all(|c| c.is_ascii_uppercase());
    (inner_capital || marked) && !all_caps
}

fn clean_id(name: &str) -> String {
    name.trim_end_matches(['.', ',', ':', ';', '-'])
        .to_ascii_lowercase()
}

fn is_model_name(id: &str) -> bool {
    MODEL_WORDS.iter().any(|w| {
        id.strip_prefix(w).is_some_and(|rest| {
            rest.is_empty() || rest.starts_with(|c: char| !c.is_ascii_alphabetic())
        })
    })
}

/// The version written right after an engine's name: ` v0.3.0`, ` 3.31.3`, `==1.2`, `[xpu]=20230827`.
fn version_after(text: &str, end: usize) -> Option<(String, Span)> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = rx(
        &RE,
        r"^(?:\[[A-Za-z0-9_,]+\])?(?:\s*==?\s*|\s+\(?)[vV]?(\d+(?:\.\d+)+(?:[.-]?(?:post|rc|dev)\d*)?|\d{8})\b",
    );
    // The version sits within a few bytes of the name: no need to look further.
    let c = re.captures(&text[end..floor_boundary(text, (end + 48).min(text.len()))])?;
    let m = c.get(1)?;
    Some((
        m.as_str().to_string(),
        Span {
            start: end + m.start(),
            end: end + m.end(),
        },
    ))
}

/// The engine named by its role in `text`, or `None` (see the module's doc for the roles).
///
/// Each role's pattern runs only around its words (`engine`, `inference`, ` v1`, `llm`…): the
/// fallback is asked of texts that name no engine, long pastes included.
pub(super) fn named_engine(text: &str) -> Option<NamedEngine> {
    let lower = text.to_ascii_lowercase();
    let lower = lower.as_str();
    record_engine(text, lower)
        .or_else(|| phrase_engine(text, lower))
        .or_else(|| apposed_engine(text, lower))
        .or_else(|| versioned_engine(text, lower))
        .or_else(|| library_engine(text, lower))
        .or_else(|| release_title(text))
}

/// Role 6: a release page's title, the text's first line being a name and a three-part version
/// and nothing else (`Speedy 0.3.0`): the software released, which the figures below measure.
fn release_title(text: &str) -> Option<NamedEngine> {
    let start = text.len() - text.trim_start().len();
    let line = text[start..].lines().next()?.trim_end();
    let (name, version) = line.split_once(' ')?;
    let version = version.strip_prefix(['v', 'V']).unwrap_or(version);
    let parts: Vec<&str> = version.split('.').collect();
    let numeric = parts.len() == 3
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    let id = clean_id(name);
    let named = name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if !numeric
        || !named
        || is_model_name(&id)
        || LLM_KINDS.contains(&id.as_str())
        || NOT_ENGINES.contains(&id.as_str())
    {
        return None;
    }
    let v_start = start + line.len() - version.len();
    Some(NamedEngine {
        id,
        span: Span {
            start,
            end: start + name.len(),
        },
        version: Some((
            version.to_string(),
            Span {
                start: v_start,
                end: v_start + version.len(),
            },
        )),
        implied: false,
    })
}

/// Anchors of a `v`-version (` v0.3.0`, `(v2`).
const VERSION_ANCHORS: &[&str] = &[
    " v0", " v1", " v2", " v3", " v4", " v5", " v6", " v7", " v8", " v9", "(v0", "(v1", "(v2",
    "(v3", "(v4", "(v5", "(v6", "(v7", "(v8", "(v9",
];

/// A longer name around a listed engine's match, in the role of an engine (`"engineID" :
/// "mlx-swift-lm"`, `Results from vllm-mlx v0.3.0`): another project built on the listed one,
/// which keeps its own name (CLAIMS.md §3 Runtime).
/// Only a window around the listed name is searched: a record's key and "from" sit just before
/// the value, the version just after it.
pub(super) fn compound_engine(text: &str, listed: Span) -> Option<NamedEngine> {
    let from = floor_boundary(text, listed.start.saturating_sub(64));
    let mut to = (listed.end + 64).min(text.len());
    while !text.is_char_boundary(to) {
        to -= 1;
    }
    let window = &text[from..to];
    let shift = |mut e: NamedEngine| {
        e.span = Span {
            start: e.span.start + from,
            end: e.span.end + from,
        };
        e.version = e.version.map(|(v, s)| {
            (
                v,
                Span {
                    start: s.start + from,
                    end: s.end + from,
                },
            )
        });
        e
    };
    [
        record_engine(window, window),
        versioned_engine(window, window),
    ]
    .into_iter()
    .flatten()
    .map(shift)
    .find(|e| {
        // A benchmark client's backend for the engine's API (`Backend: vllm-chat`,
        // `sglang-oai`) names the listed engine.
        let rest = &e.id[(listed.end - e.span.start).min(e.id.len())..];
        let client = [
            "-chat",
            "-oai",
            "-oai-chat",
            "-openai",
            "-openai-chat",
            "-completions",
            "-generate",
            "-native",
            "-server",
        ]
        .contains(&rest);
        !client
            && e.span.start <= listed.start
            && listed.end <= e.span.end
            && e.span.end - e.span.start > listed.end - listed.start
    })
}

/// Role 1: a record's engine key.
fn record_engine(text: &str, lower: &str) -> Option<NamedEngine> {
    static KEY: OnceLock<Regex> = OnceLock::new();
    static VERSION: OnceLock<Regex> = OnceLock::new();
    let key = rx(
        &KEY,
        r#"(?im)(?:^|[\s"'{,*|(-])((?:inference[ _-]?)?(?:engine(?:[ _-]?(?:id|name))?|backend|runtime|serving[ _-](?:engine|framework|stack|system)|inference[ _-](?:framework|server|stack|system)))\**["']?[ \t]*[:=][ \t]*\**["'`]?([A-Za-z][A-Za-z0-9._+-]{1,40})"#,
    );
    let anchors = ["engine", "backend", "runtime", "serving", "inference"];
    for c in captures_near_in(text, lower, key, &anchors, 24, 80) {
        let k = c.get(1)?;
        let v = c.get(2)?;
        let before = text[..k.start()]
            .trim_end_matches(['"', '\'', ' ', '*', '-', '_'])
            .rsplit(|ch: char| !ch.is_ascii_alphanumeric())
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        if OTHER_COMPONENTS.contains(&before.as_str()) {
            continue;
        }
        let mut id = clean_id(v.as_str());
        // A library file as the value (koboldcpp's benchmark record `Backend:
        // koboldcpp_cublas.dll`): the engine is the file's stem before its build suffix.
        if let Some(stem) = [".dll", ".so", ".dylib", ".exe"]
            .iter()
            .find_map(|ext| id.strip_suffix(ext))
        {
            id = stem.split('_').next().unwrap_or(stem).to_string();
        }
        // A sentence after the colon (`…another runtime: it is completely self-contained`)
        // names no engine: its first word is a pronoun, article or placeholder.
        let sentence_word = [
            "it", "its", "the", "a", "an", "this", "that", "these", "we", "you", "they", "our",
            "none", "not", "no", "yes", "same", "default", "any", "all", "unknown", "tbd",
        ]
        .contains(&id.as_str());
        if id.len() < 2
            || sentence_word
            || NOT_ENGINES.contains(&id.as_str())
            || NOT_ENGINE_NAMES.contains(&id.as_str())
            || (id.starts_with('v') && id[1..].starts_with(|ch: char| ch.is_ascii_digit()))
            || is_model_name(&id)
        {
            continue;
        }
        let s = Span {
            start: v.start(),
            end: v.start() + id.len(),
        };
        let version = version_after(text, s.end).or_else(|| {
            let re = rx(
                &VERSION,
                r#"(?i)engine[ _-]?version["']?\s*[:=]\s*["']?(?:[A-Za-z][\w.+-]*\s+)?v?(\d+(?:\.\d+)+)"#,
            );
            let c = captures_near_in(text, lower, re, &["engine"], 2, 80)
                .into_iter()
                .next()?;
            let m = c.get(1)?;
            Some((m.as_str().to_string(), span(m)))
        });
        return Some(NamedEngine {
            id,
            span: s,
            version,
            implied: false,
        });
    }
    None
}

/// Role 2: a product-like name before "inference engine/system/…".
fn phrase_engine(text: &str, lower: &str) -> Option<NamedEngine> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = rx(
        &RE,
        r"\b([A-Za-z][A-Za-z0-9.+-]*[A-Za-z0-9])(?:\s+([Vv]\d+(?:\.\d+)*))?,?\s+(?:(?:its|our|a|the)\s+)?(?:dedicated\s+)?(?:LLM\s+)?(?i:inference|serving)\s+(?i:(engine|system|server|framework|runtime|library)|(stack|software))\b",
    );
    for c in captures_near_in(text, lower, re, &[" inference ", " serving "], 96, 32) {
        let n = c.get(1)?;
        let name = n.as_str();
        let id = clean_id(name);
        // A plain capitalised name counts after an article or "using" (`the Hyperion inference
        // engine`), where a sentence's first word cannot be.
        let led = text[..n.start()]
            .trim_end()
            .rsplit(char::is_whitespace)
            .next()
            .is_some_and(|w| ["the", "our", "its", "their", "using", "with", "via"].contains(&w));
        let named = product_like(name)
            || (led
                && name.len() >= 3
                && name.starts_with(|ch: char| ch.is_ascii_uppercase())
                && ![
                    "Fast",
                    "High",
                    "Efficient",
                    "Open",
                    "New",
                    "Custom",
                    "Proprietary",
                ]
                .contains(&name));
        let kind = id.trim_end_matches("llm").trim_end_matches(['-', '_']);
        if !named
            || LLM_KINDS.contains(&kind)
            || NOT_ENGINE_NAMES.contains(&id.as_str())
            || is_model_name(&id)
            || LLM_KINDS.contains(&id.as_str())
            || [
                "open-source",
                "high-performance",
                "state-of-the-art",
                "end-to-end",
                "moe",
            ]
            .contains(&id.as_str())
        {
            continue;
        }
        let s = span(n);
        let version = c.get(2).map(|v| (v.as_str().to_string(), span(v)));
        // A company's "inference stack" / "inference software" (`the Baseten Inference Stack`)
        // names the serving software only through its vendor (CLAIMS.md §3 Runtime: "MK1's
        // inference software", partial).
        let vendor_stack = c.get(4).is_some() && !product_like(name);
        return Some(NamedEngine {
            id,
            implied: inside_identifier(text, s) || vendor_stack,
            span: s,
            version,
        });
    }
    None
}

/// Role 3: a name set beside what it is (`using MTPLX, a native MTP runtime for macOS`, `Foo,
/// an open-source inference engine`).
fn apposed_engine(text: &str, lower: &str) -> Option<NamedEngine> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = rx(
        &RE,
        r"\b([A-Za-z][A-Za-z0-9.+-]*[A-Za-z0-9]),\s+(?:a|an|the|our|its)\s+(?:[A-Za-z0-9+/-]+\s+){0,4}?(?:runtime|engine|inference\s+server|serving\s+framework|inference\s+framework|inference\s+system)\b",
    );
    // The match starts at the name, before ", a": anchored on the comma's article.
    for c in captures_near_in(
        text,
        lower,
        re,
        &[", a ", ", an ", ", the ", ", our ", ", its "],
        48,
        72,
    ) {
        let n = c.get(1)?;
        let name = n.as_str();
        let id = clean_id(name);
        let caps = name.len() >= 4
            && name
                .chars()
                .all(|ch| ch.is_ascii_uppercase() || ch.is_ascii_digit());
        if !(product_like(name) || caps)
            || NOT_ENGINE_NAMES.contains(&id.as_str())
            || NOT_ENGINES.contains(&id.as_str())
            || is_model_name(&id)
        {
            continue;
        }
        let s = span(n);
        return Some(NamedEngine {
            id,
            implied: inside_identifier(text, s),
            version: version_after(text, s.end),
            span: s,
        });
    }
    None
}

/// Role 4: a name with a `v`-version after "from/with/using/via/on/running".
fn versioned_engine(text: &str, lower: &str) -> Option<NamedEngine> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = rx(
        &RE,
        r"(?i)\b(?:from|with|using|via|on|running|served\s+by)\s+([a-z][a-z0-9._+-]*[a-z0-9])\s+\(?(v\d+(?:\.\d+)+(?:[.-]?(?:post|rc|dev)\d*)?)\b",
    );
    for c in captures_near_in(text, lower, re, VERSION_ANCHORS, 64, 32) {
        let n = c.get(1)?;
        let id = clean_id(n.as_str());
        if id.len() < 2
            || NOT_ENGINE_NAMES.contains(&id.as_str())
            || NOT_ENGINES.contains(&id.as_str())
            || is_model_name(&id)
            // A GPU or a size (`H100`, `7b`): digits in a short name are a device's or model's.
            || (id.len() <= 6 && id.chars().any(|ch| ch.is_ascii_digit()))
        {
            continue;
        }
        let v = c.get(2)?;
        let version = v.as_str().trim_start_matches(['v', 'V']).to_string();
        let s = span(n);
        return Some(NamedEngine {
            id,
            implied: inside_identifier(text, s),
            span: s,
            version: Some((
                version,
                Span {
                    start: v.start() + 1,
                    end: v.end(),
                },
            )),
        });
    }
    None
}

/// Role 5: a name built like a serving library's, or a plain PyTorch run.
fn library_engine(text: &str, lower: &str) -> Option<NamedEngine> {
    static RE: OnceLock<Regex> = OnceLock::new();
    static TORCH: OnceLock<Regex> = OnceLock::new();
    let re = rx(
        &RE,
        r"(?:^|[^A-Za-z0-9_./-])([A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*?(?:-?LLM|[-_]llm|Serve))\b",
    );
    for c in captures_near_in(text, lower, re, &["llm", "serve"], 48, 16) {
        let n = c.get(1)?;
        let name = n.as_str();
        let prefix = name
            .trim_end_matches("LLM")
            .trim_end_matches("llm")
            .trim_end_matches("Serve")
            .trim_end_matches(['-', '_'])
            .to_ascii_lowercase();
        // A listed engine (`vLLM not used`) was weighed by the list's reader already.
        let listed = ["v", "tensorrt", "trt", "mlc", "ipex", "rtp", "light"];
        if prefix.is_empty()
            || NOT_ENGINES.contains(&clean_id(name).as_str())
            || listed.contains(&prefix.as_str())
            || LLM_KINDS.contains(&prefix.as_str())
            || is_model_name(&prefix)
        {
            continue;
        }
        let s = span(n);
        return Some(NamedEngine {
            id: clean_id(name),
            implied: inside_identifier(text, s),
            version: version_after(text, s.end),
            span: s,
        });
    }
    let torch = rx(
        &TORCH,
        r"(?i)\b(?:on|with|using|in|via|pure|native|plain|eager)\s+(pytorch)\b",
    );
    let c = captures_near_in(text, lower, torch, &["pytorch"], 12, 16)
        .into_iter()
        .next()?;
    let m = c.get(1)?;
    Some(NamedEngine {
        id: "pytorch".into(),
        span: span(m),
        version: None,
        // A framework running the model with its own code: no serving engine (partial, as JAX).
        implied: true,
    })
}
