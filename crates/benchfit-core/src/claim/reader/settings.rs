//! Settings beside the figures: lengths, weight and KV-cache precision, runtime and version (CLAIMS.md §3).

use super::*;

/// Prompt and output lengths (CLAIMS.md §3 Lengths): pairs and records first, then
/// [`read_lengths`].
pub(super) fn read_setup_lengths(part: &str, offset: usize, claim: &mut Claim, p: &Patterns) {
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
pub(super) fn read_precision(part: &str, offset: usize, claim: &mut Claim, p: &Patterns) {
    let at = |s: Span| shift(s, offset);
    // Precision.
    let mut kv_span: Option<Span> = None;
    if claim.kv_dtype.is_none() {
        if let Some(c) = p.kv_dtype.captures(part) {
            let m = c
                .get(1)
                .or(c.get(2))
                .or(c.get(3))
                // `FP8 quantization for key and value tensors`: the KV cache's.
                .or(c.get(4))
                .expect("one alternative matched");
            // QServe's `W4A8KV4`: the KV cache's bits after `kv`, in integers.
            let v = if c.get(3).is_some() {
                format!("int{}", m.as_str())
            } else {
                m.as_str().to_string()
            };
            claim.kv_dtype = found(v, at(whole(&c)));
            kv_span = Some(at(Span {
                start: m.start(),
                end: m.end(),
            }));
        }
    }
    // INT8 weights with INT8 activations (`INT8 weights + INT8 activations`) is W8A8.
    if claim.weight_dtype.is_none() && part.contains("activation") {
        static W8A8: OnceLock<Regex> = OnceLock::new();
        let re = W8A8.get_or_init(|| {
            crate::claim::re::compile(
                r"\bint8[\s-]+weights?\s*(?:\+|and|,|&)\s*int8[\s-]+activations?\b",
            )
            .expect("static pattern compiles")
        });
        if let Some(m) = re.find(part) {
            claim.weight_dtype = found(
                "w8a8".to_string(),
                at(Span {
                    start: m.start(),
                    end: m.end(),
                }),
            );
        }
    }
    // A precision named as the weights' (`FP8 weights`, `weights in int4`) is the weights'
    // precision, before any other the text names (a baseline's BF16, a KV cache's FP8).
    if claim.weight_dtype.is_none() && part.contains("weight") {
        static NAMED: OnceLock<Regex> = OnceLock::new();
        let re = NAMED.get_or_init(|| {
            crate::claim::re::compile(r"\b(fp16|bf16|fp8|int8|int4|w8a8|w4a16|nvfp4|mxfp4|fp4)[\s-]+weights?\b|\bweights?\s+(?:in|at|as)\s+(fp16|bf16|fp8|int8|int4|nvfp4|mxfp4|fp4)\b")
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
            // And with the format in parentheses (`23 PFLOPS (Block FP8)`).
            let pre = pre.strip_suffix("block").unwrap_or(pre).trim_end();
            let pre = pre.strip_suffix('(').unwrap_or(pre).trim_end();
            if pre.ends_with("tops") || pre.ends_with("flops") {
                continue;
            }
            // The rating written after the precision (`FP8 Tensor TFLOPs | 9 petaFLOPs`).
            let next = part[m.end..].trim_start_matches([' ', '-', '_']);
            if [
                "tflops",
                "tops",
                "tensor tflops",
                "tensor core tflops",
                "petaflops",
                "pflops",
            ]
            .iter()
            .any(|w| next.starts_with(w))
            {
                continue;
            }
            // Alternatives (`55 Go de VRAM en bf16 ou fp16`, `from FP16 or BF16 precision`):
            // either of two precisions joined by "or" names no run's precision.
            let dtype_first = |s: &str| p.dtype.find(s).is_some_and(|d| d.start() == 0);
            if ["or ", "ou ", "o ", "或"]
                .iter()
                .find_map(|w| next.strip_prefix(w))
                .is_some_and(|r| dtype_first(r.trim_start()))
            {
                continue;
            }
            if let Some(head) = [" or", " ou", "或"]
                .iter()
                .find_map(|w| pre.strip_suffix(w))
            {
                let head = head.trim_end();
                let from = head
                    .char_indices()
                    .rfind(|&(_, c)| c.is_whitespace() || c == '(' || c == ',')
                    .map_or(0, |(k, c)| k + c.len_utf8());
                if dtype_first(&head[from..]) {
                    continue;
                }
            }
            // A precision ruled out (`It is not an AWQ/GGUF path`, "without FP8"): not the run's.
            if [
                " not",
                " not a",
                " not an",
                " no",
                " without",
                " instead of",
            ]
            .iter()
            .any(|w| pre.ends_with(w))
            {
                continue;
            }
            // What the hardware or software can do (`H800 GPUs, which support FP8 and BF16`,
            // "optimizations enable FP4/FP6 inference"), in the same clause: a capability, not
            // the run's precision.
            let clause = &part[floor_boundary(part, m.start.saturating_sub(40))..m.start];
            let clause = clause
                .char_indices()
                .rfind(|(_, ch)| matches!(ch, '.' | ';' | '\n' | ',' | '，' | '。'))
                .map_or(clause, |(k, ch)| &clause[k + ch.len_utf8()..]);
            // The rest of the clause after it, where Korean and Japanese say it (`AWQ/GPTQ 양자화
            // 모델도 서빙 가능`: "can also serve", `FP8にも対応`: "also supported").
            let rest = &part[m.end..floor_boundary(part, (m.end + 60).min(part.len()))];
            let rest = rest
                .char_indices()
                .find(|(_, ch)| matches!(ch, '.' | ';' | '\n' | ',' | '，' | '。'))
                .map_or(rest, |(k, _)| &rest[..k]);
            // A precision glued to a model's name by a hyphen (`support DeepSeek-R1-W4AFP8
            // model`) names that checkpoint, which the text runs: not a capability.
            let in_name = part[..m.start].ends_with('-')
                && part[..m.start - 1]
                    .chars()
                    .next_back()
                    .is_some_and(|ch| ch.is_ascii_alphanumeric());
            if !in_name
                && [
                    "support",
                    "enable",
                    "capable of",
                    "compatible with",
                    "支持",
                    "兼容",
                ]
                .iter()
                .any(|w| clause.contains(w))
                || ["가능", "지원", "対応", "サポート", "支持"]
                    .iter()
                    .any(|w| rest.contains(w))
                // A capability written after the precision ("native FP8 support").
                || !in_name && rest.trim_start().starts_with("support")
            {
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
            // Likewise a precision the clause gives the keys and values (`FP8 quantization for
            // key and value tensors`).
            let clause = &part[m.end..floor_boundary(part, (m.end + 40).min(part.len()))];
            let clause = clause.split(['.', '\n', '|', ';']).next().unwrap_or(clause);
            if ["key and value", "key-value", "key/value"]
                .iter()
                .any(|w| clause.contains(w))
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
            // A method with its width after it (`GPTQ-Int8`, `AWQ_INT4`, `gptq 8bit`).
            let width = matches!(&c[1], "gptq" | "awq")
                .then(|| part[m.end..].trim_start_matches(['-', '_', ' ']))
                .and_then(|r| {
                    [
                        "int8", "int4", "int3", "int2", "8bit", "4bit", "3bit", "8-bit", "4-bit",
                    ]
                    .into_iter()
                    .find(|w| r.starts_with(w))
                })
                .and_then(|w| w.chars().find(|ch| ch.is_ascii_digit()));
            let id = match (sub, width) {
                (Some(t), _) if c[1].ends_with("_k") => format!("{}{t}", &c[1]),
                (_, Some(n)) => format!("{}-int{n}", &c[1]),
                _ => dtype_id(&c[1]),
            };
            // `w8a8 block fp8`, `W8A8-FP8`: 8-bit weights and activations in FP8.
            let after = &part[m.end..floor_boundary(part, (m.end + 12).min(part.len()))];
            let id = if id == "w8a8"
                && ["fp8", "-fp8", " block fp8", "_fp8", " fp8"]
                    .iter()
                    .any(|w| after.starts_with(w))
            {
                "fp8".to_string()
            } else {
                id
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
    // llama.cpp's short form `-ctk q8_0 -ctv q8_0` too.
    if let Some(i) = part
        .find("--cache-type-k")
        .or(part.find("--kv-cache-dtype"))
        .or(part
            .match_indices("-ctk ")
            .map(|(i, _)| i)
            .find(|&i| !part[..i].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '-')))
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
    // LMDeploy's `--quant-policy 8` / `quant_policy=4`: an 8- or 4-bit KV cache (LMDeploy's
    // docs, "KV Cache Quantization": "quant_policy=4 for 4-bit, 8 for 8-bit").
    if claim.kv_dtype.is_none() {
        if let Some(i) = part.find("quant-policy").or(part.find("quant_policy")) {
            let rest = part[i + "quant-policy".len()..].trim_start_matches([' ', '=', ':']);
            let v = if rest.starts_with('8') && !rest[1..].starts_with(|c: char| c.is_ascii_digit())
            {
                Some("int8")
            } else if rest.starts_with('4') && !rest[1..].starts_with(|c: char| c.is_ascii_digit())
            {
                Some("int4")
            } else {
                None
            };
            if let Some(v) = v {
                let end = part.len() - rest.len() + 1;
                claim.kv_dtype = found(v.to_string(), at(Span { start: i, end }));
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
    // Bit widths, in digits or words, and spelled-out floats (`4-bit`, `2-bit`, `eight-bit`,
    // `16-bit`, `bfloat16`), not next to a KV word.
    if claim.weight_dtype.is_none() {
        static BITS: OnceLock<Regex> = OnceLock::new();
        let re = BITS.get_or_init(|| {
            crate::claim::re::compile(r"\b([2-46]|8|16|two|three|four|six|eight|sixteen)(?:[\s-]?bits?\b|\s*(?:位(?:量化|精度|整数|权重)|比特|비트|ビット))|\b(bfloat16|float16|half[\s-]precision)\b")
                .expect("static pattern compiles")
        });
        // (In CJK: `4 位量化`, `4比特`, `4비트`, `4ビット`.)
        if [
            "bit",
            "float16",
            "precision",
            "位",
            "比特",
            "비트",
            "ビット",
        ]
        .iter()
        .any(|w| part.contains(w))
        {
            for c in re.captures_iter(part) {
                let m = c.get(0).expect("group 0");
                let pre = &part[floor_boundary(part, m.start().saturating_sub(24))..m.start()];
                let wide = &part[floor_boundary(part, m.start().saturating_sub(48))..m.start()];
                // "the weights and the attention cache to 4 bits": the weights too.
                if (pre.contains("kv") || pre.contains("cache")) && !wide.contains("weight") {
                    continue;
                }
                let id = match (c.get(1).map(|g| g.as_str()), c.get(2).map(|g| g.as_str())) {
                    (Some("4" | "four"), _) => "int4",
                    (Some("8" | "eight"), _) => "int8",
                    (Some("2" | "two"), _) => "int2",
                    (Some("3" | "three"), _) => "int3",
                    (Some("6" | "six"), _) => "int6",
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
    // mixed-bit format of its own, `exl2-4.0bpw` (not int4); ExLlamaV3's EXL3 likewise. The
    // rate may be glued to the name (`…-exl2_4.25bpw`): the whole number is read.
    if claim.weight_dtype.is_none() && part.contains("bpw") && part.contains("exl") {
        static EXL2: OnceLock<Regex> = OnceLock::new();
        let re = EXL2.get_or_init(|| {
            crate::claim::re::compile(r"(?:^|[^\d.])(\d+(?:\.\d+)?)\s*bpw(?:[^a-z]|$)")
                .expect("static pattern compiles")
        });
        if let Some(c) = re.captures(part) {
            let rate = c.get(1).expect("group 1 is the rate");
            let before = &part[floor_boundary(part, rate.start().saturating_sub(24))..rate.start()];
            // The format may follow the rate (`4.06 bpw EXL3`); a text naming only EXL3 is EXL3.
            let after = &part[rate.end()..floor_boundary(part, rate.end() + 16)];
            let format = if before.contains("exl3")
                || (after.contains("exl3") && !before.contains("exl2"))
                || (part.contains("exl3") && !part.contains("exl2"))
            {
                "exl3"
            } else {
                "exl2"
            };
            claim.weight_dtype = found(
                format!("{format}-{}bpw", rate.as_str()),
                at(Span {
                    start: rate.start(),
                    end: rate.end(),
                }),
            );
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
pub(super) fn read_runtime(part: &str, offset: usize, claim: &mut Claim, p: &Patterns) {
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
            // A model's version after a short engine name (`DS4.1`) is no engine.
            if id == "ds4"
                && (next == Some('.') || prev.is_some_and(|ch| ch.is_ascii_alphanumeric()))
            {
                continue;
            }
            // (`llamacpp/qwen3-27b`, an engine then its model, names the engine.)
            let engine_then_model = next == Some('/')
                && prev.is_none_or(|ch| ch.is_whitespace() || ch == '(' || ch == '[')
                && !part[s1.end..].starts_with(&format!("/{}", &part[s1.start..s1.end]));
            // The engine's own library file (`koboldcpp_cublas.dll`, a benchmark record's
            // backend) names it, where an identifier (`VLLM_USE_V1`) only implies it.
            let library_file = next == Some('_') && {
                let token = part[s1.end..]
                    .split(|ch: char| ch.is_whitespace() || ch == '"' || ch == '\'')
                    .next()
                    .unwrap_or("");
                [".dll", ".so", ".dylib", ".exe"]
                    .iter()
                    .any(|ext| token.ends_with(ext))
            };
            let implied = !library_file
                && (next.is_some_and(|ch| ch == '_' || (ch == '/' && !engine_then_model))
                    || prev.is_some_and(|ch| ch == '/' || ch == '_' || ch == '.'));
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
            .any(|w| pre.ends_with(w))
                // Chinese writes the comparison before the name (`比 Ollama 快`, `相比 vLLM`),
                // Korean and Japanese after it (`Ollama 대비 20배`, `Ollama보다`, `Ollamaと比べ`,
                // `Ollamaより`), Chinese also `与 vLLM 相比`.
                || ["比", "相比", "对比", "相较"].iter().any(|w| pre.ends_with(w))
                || {
                    let post = part[s1.end..].trim_start();
                    ["대비", "보다", "と比", "より", "相比", "对比"]
                        .iter()
                        .any(|w| post.starts_with(w))
                };
            // The engine a change leaves (`switching from standard llama.cpp to the
            // ik_llama.cpp branch`): not the engine the claim ran on. Another engine must be
            // named after the `to` (`numbers from vLLM to compare` leaves nothing).
            let left_behind = pre.split_whitespace().rev().take(3).any(|w| w == "from") && {
                let after: String = part[s1.end..].chars().take(48).collect();
                after.split_once(" to ").is_some_and(|(_, rest)| {
                    let rest: String = rest.chars().take(32).collect();
                    let named = p.runtime.captures_iter(&rest).next().is_some();
                    named
                })
            };
            if baseline || left_behind {
                continue;
            }
            // A likeness (`a vLLM-like command`, `MLX-native`, `OpenAI`-style `vLLM-compatible
            // API`): the engine describes another one, it does not run the claim.
            if [
                "-like",
                "-style",
                "-compatible",
                "-native",
                "-inspired",
                "-esque",
            ]
            .iter()
            .any(|w| part[s1.end..].starts_with(w))
            {
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
                // A listed name inside a longer one in an engine's role (`"engineID" :
                // "mlx-swift-lm"`, `from vllm-mlx v0.3.0`): another project, its own id.
                if let Some(e) = super::engine::compound_engine(part, s1) {
                    claim.runtime = found(e.id, at(e.span));
                    claim.runtime_from_shape = e.implied;
                    claim.runtime_version = e.version.map(|(v, s)| Found {
                        value: v,
                        span: at(s),
                    });
                    break;
                }
                claim.runtime = found(id.to_string(), at(s1));
                claim.runtime_from_shape = from_shape || implied;
            }
            if claim.runtime.as_ref().is_some_and(|r| r.value == id) {
                let end = whole(&c).end;
                // A ratio after the name (`SGLang 3.1x faster`) is no version.
                let ratio = |v: &Captures| {
                    let e = end + v.get(0).map_or(0, |m| m.end());
                    // A figure after the name, not its release: a ratio (`2.1x`), a rate with
                    // its unit (`Rapid-MLX 35.6 eff tok/s`), or a step of a chain (`KTransformers:
                    // 54.21 (32 cores) → 74.362`).
                    let rest = part[e..].trim_start();
                    let rest = rest.strip_prefix("eff").map_or(rest, str::trim_start);
                    let unit = ["tok", "t/s", "tps", "token", "ms", "it/s"]
                        .iter()
                        .any(|u| rest.starts_with(u));
                    let next = rest
                        .strip_prefix('(')
                        .and_then(|r| r.find(')').map(|i| r[i + 1..].trim_start()))
                        .unwrap_or(rest);
                    let chain = next.starts_with('→') || next.starts_with("->");
                    part[e..].starts_with(['x', '×', '%']) || unit || chain
                };
                // A git short hash (`llama.cpp 59778f0`) has letters and digits; a bare run
                // of either is something else (a count, a word).
                let hashlike = |v: &Captures| {
                    let t = v.get(1).map_or("", |m| m.as_str());
                    let h = t.split(' ').next().unwrap_or("");
                    !(h.len() >= 7 && h.bytes().all(|b| b.is_ascii_hexdigit()))
                        || (h.bytes().any(|b| b.is_ascii_digit())
                            && h.bytes().any(|b| b.is_ascii_alphabetic()))
                };
                // A name inside a link (`kuntai.notion.site/vLLM-benchmark-455e…14604b`): the
                // link's own words and hashes are no version.
                let start = whole(&c).start;
                // (Past the whole space: U+3000 and its kin are several bytes long.)
                let token_from = part[..start]
                    .char_indices()
                    .rfind(|(_, ch)| ch.is_whitespace())
                    .map_or(0, |(i, ch)| i + ch.len_utf8());
                let token_to = part[start..]
                    .find(char::is_whitespace)
                    .map_or(part.len(), |i| start + i);
                let in_link = part[token_from..token_to].contains("://");
                // A device after the engine's name (`SGLang B200 Benchmark`) is no build number.
                let device = |v: &Captures| {
                    v.get(1)
                        .is_some_and(|m| whole_device(m.as_str().split(' ').next().unwrap_or("")))
                };
                let ratio = |v: &Captures| in_link || ratio(v) || !hashlike(v) || device(v);
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
            claim.runtime_version = tag_version(part, &r.value)
                .or_else(|| written_version(part))
                .or_else(|| version_record(part, &r.value))
                .or_else(|| tool_version_line(part, &r.value))
                .map(|(v, s)| Found {
                    value: v,
                    span: at(s),
                });
        }
    }
}

/// A version line an engine's own tool prints, by engine: llama.cpp's `--version` line
/// (`version: 2999 (42b4109e)`: build number and commit, as its issue template asks for it) and
/// koboldcpp's `--benchmark` result line (`Benchmark Completed - v1.78 Results:`). Written as
/// the tool prints it; only for the engine the text runs.
fn tool_version_line(part: &str, runtime: &str) -> Option<(String, Span)> {
    static RES: OnceLock<[Regex; 2]> = OnceLock::new();
    let [llama, kobold] = RES.get_or_init(|| {
        [
            r"(?m)^\s*version:\s*(\d+\s*\([0-9a-f]{7,40}\))",
            r"(?i)\bbenchmark completed\s*-\s*v(\d+\.\d+(?:\.\d+)?)\b",
        ]
        .map(|p| crate::claim::re::compile(p).expect("static pattern compiles"))
    });
    let re = if runtime.contains("llama.cpp") {
        llama
    } else if runtime == "koboldcpp" && part.contains("enchmark completed") {
        kobold
    } else {
        return None;
    };
    re.captures(part)?.get(1).map(written_at)
}

/// A captured version as written, with its span.
fn written_at(m: crate::claim::re::Match<'_>) -> (String, Span) {
    (
        m.as_str().to_string(),
        Span {
            start: m.start(),
            end: m.end(),
        },
    )
}

/// A version given as its own record or heading under the engine's name (NIM's benchmark pages:
/// `* NIM Container: …` then `### Version: 1.8.0`): the engine's, when the engine's id is
/// written in the 200 bytes before the line.
fn version_record(part: &str, runtime: &str) -> Option<(String, Span)> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        crate::claim::re::compile(r"(?m)^[#*\-\s]*version\s*[:：]\s*v?(\d+\.\d+(?:\.\d+)?)\s*$")
            .expect("static pattern compiles")
    });
    // The literal every match holds: most texts have none, and skip the scan.
    if !part.contains("version") {
        return None;
    }
    let c = re.captures(part)?;
    let m = c.get(1)?;
    let line = c.get(0)?.start();
    let before = &part[floor_boundary(part, line.saturating_sub(200))..line];
    let named = before.contains(runtime) || before.contains(&runtime.replace('-', " "));
    named.then(|| written_at(m))
}

/// A release written apart from the engine's name, where a reader of the text takes it for the
/// engine's: a `v`-prefixed version in the title, bracketed or after "version"/"bump" (`… at >1
/// concurrency (v0.9.1)`, `[v0.9.1rc1] FAQ`, "Bump version to v0.4.3"; not a model's `V3.2`),
/// or after 版本 (version: `版本: 0.2.1.post1+cu124`, `v0.2版本`). Only asked when the text
/// names an engine and no version beside it.
fn written_version(part: &str) -> Option<(String, Span)> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        crate::claim::re::compile(r"(?:[\[(]v|\bversion\s+(?:to\s+)?v|\bbump\s+v|版本\s*[:：=][^\d\n]{0,12}?v?)(\d+\.\d+(?:\.\d+)?(?:(?:\.post|rc)\d+)?)")
            .expect("static pattern compiles")
    });
    let title_end = part.find('\n').unwrap_or(part.len());
    let title = &part[..title_end];
    if title.len() <= 200 {
        if let Some(m) = re.captures(title).and_then(|c| c.get(1)) {
            return Some((
                m.as_str().to_string(),
                Span {
                    start: m.start(),
                    end: m.end(),
                },
            ));
        }
    }
    // `版本` with the version after it, or `v0.2版本` before it.
    let at = part.find("版本")?;
    let from = floor_boundary(part, at.saturating_sub(16));
    let to = floor_boundary(part, (at + 48).min(part.len()));
    let window = &part[from..to];
    let c = re.captures(window).or_else(|| {
        static BEFORE: OnceLock<Regex> = OnceLock::new();
        BEFORE
            .get_or_init(|| {
                crate::claim::re::compile(r"\bv(\d+\.\d+(?:\.\d+)?(?:(?:\.post|rc)\d+)?)\s*版本")
                    .expect("static pattern compiles")
            })
            .captures(window)
    })?;
    let m = c.get(1)?;
    Some((
        m.as_str().to_string(),
        Span {
            start: from + m.start(),
            end: from + m.end(),
        },
    ))
}

/// A runtime's version inside a container tag or file name, joined by underscores the word
/// boundary does not see (`rocm/vllm:rocm7.0.0_vllm_0.10.2_20251006`): the digits after
/// `_<runtime>_`.
pub(super) fn tag_version(part: &str, runtime: &str) -> Option<(String, Span)> {
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
pub(super) fn read_lengths(part: &str, claim: &mut Claim, p: &Patterns) {
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
            // A count of prompts (`num-prompt=5000`, `--num_prompts 100`) is no length.
            let count = ["num-", "num_", "num ", "number of "]
                .iter()
                .any(|w| pre.ends_with(w));
            if pre.ends_with("total ") || pre.contains("max") || pre.contains("number of") || count
            {
                return None;
            }
            // An engine's chunk size (`chunked prefill 8192`, `prefill chunk 2048`) is a setting.
            let matched = &part[whole(&c).start..whole(&c).end];
            if pre.contains("chunk") || matched.contains("chunk") {
                return None;
            }
            // A numbered item (`input 1: ('DeepSpeed is …',)`, `Prompt 2:`): the number labels
            // the example, it is no length.
            if kw
                && !part[whole(&c).start..m.start()].contains([':', '='])
                && part[end..].trim_start_matches([' ', '\t']).starts_with(':')
            {
                return None;
            }
            let v = num(m.as_str())? * kilo(c.get(2));
            // A one-digit count of a kernel's or gate's inputs (`a 2-input LayerNorm`): no
            // prompt length.
            if v < 10.0 && matched.contains("-input") {
                return None;
            }
            found(token_count(v)?, at(whole(&c)))
        })
    };
    // `a 32k prompt`, `8k-token inputs`: a size in thousands names the prompt even without the
    // word "tokens" (a bare `8 prompts` is a count of prompts, not a length).
    if claim.prompt_tokens.is_none() {
        static K_PROMPT: OnceLock<Regex> = OnceLock::new();
        let re = K_PROMPT.get_or_init(|| {
            crate::claim::re::compile(
                r"\b(\d+(?:\.\d+)?)\s*k[\s-]*(?:tokens?[\s-]*)?(?:prompts?|inputs?)\b",
            )
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
        // A command's flag (`vllm serve … -pp 1`: pipeline parallel) is no llama-bench test.
        if part[..whole(&c).start].ends_with('-') {
            continue;
        }
        // A phase's rate written after its shorthand (`pp 1200 t/s`, `tg 63.5 tok/s`) is no
        // test's length.
        let after = &part[whole(&c).end..];
        // A decimal (`pp 3.8K`) is no test name's count either.
        let decimal = (after.starts_with('.') || after.starts_with(','))
            && after[1..].starts_with(|ch: char| ch.is_ascii_digit());
        let rate = decimal
            || [
                "t/s",
                "tok/s",
                "tok/sec",
                "token/s",
                "tokens/s",
                "tokens/sec",
                "tps",
                "t/sec",
                "tokens per s",
            ]
            .iter()
            .any(|u| after.trim_start().starts_with(u));
        if rate {
            continue;
        }
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
        // Not a limit (`max-seq-len=2048`, `max_seq_len`: CLAIMS.md §3 Lengths).
        let limit = |c: &crate::claim::pattern::Caps| {
            part[..whole(c).start]
                .trim_end_matches(['-', '_', ' '])
                .ends_with("max")
        };
        if let Some(c) = p.seq_len.captures_iter(part).find(|c| !limit(c)) {
            if let Some(n) = num(&c[1]).and_then(token_count) {
                claim.prompt_tokens = found(n, at(whole(&c)));
            }
        }
    }
}

/// A GGUF width without its subtype (`Q4`, `deepseek-v3-q4`, `，q4，`): `q4`, stated (CLAIMS.md
/// §3 Quantisation). Read last, once no typed precision was found anywhere (a title's bare `Q4`
/// must not win over the run's `Q4_K_M`); not a quarter (`by Q2`, `Q4 2024`) or a cache's type
/// (`Q8 cache`). `part` starts at byte `offset` of the claim text.
pub(super) fn read_bare_width(part: &str, offset: usize, claim: &mut Claim) {
    let at = |s: Span| shift(s, offset);
    if claim.weight_dtype.is_none() && part.contains('q') {
        static WIDTH: OnceLock<Regex> = OnceLock::new();
        let re = WIDTH.get_or_init(|| {
            crate::claim::re::compile(r"\bq([1-8])\b").expect("static pattern compiles")
        });
        for c in re.captures_iter(part) {
            let m = c.get(0).expect("group 0");
            let next = &part[m.end()..];
            let pre =
                part[floor_boundary(part, m.start().saturating_sub(12))..m.start()].trim_end();
            // A year has four quarters: `in Q6` is a width.
            let quarter = ("1"..="4").contains(&&c[1])
                && ["by", "in", "later", "during", "of", "fy", "early", "late"]
                    .iter()
                    .any(|w| {
                        pre.strip_suffix(w)
                            .is_some_and(|r| !r.ends_with(|ch: char| ch.is_alphanumeric()))
                    })
                || next.trim_start_matches([' ', '\'', ',']).starts_with("20");
            // Part of a longer name (`q4_0_4_8`, `q4.5`) is not a bare width.
            let longer = next.starts_with('_')
                || next.starts_with('.') && next[1..].starts_with(|ch: char| ch.is_ascii_digit());
            let cache = ["cache", "kv", "-kv", "_kv"]
                .iter()
                .any(|w| next.trim_start().starts_with(w));
            if quarter || longer || cache {
                continue;
            }
            claim.weight_dtype = found(format!("q{}", &c[1]), at(whole(&c)));
            break;
        }
    }
}
