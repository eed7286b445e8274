//! Catalog ids from the words the text uses: GPUs with their variants, dtypes and runtimes.

use super::*;

pub(super) fn gpu_id(family: &str, variant: &str) -> String {
    // Trademark marks inside a name (`Arc(TM) A770`, `RTX™ 4090`) are no part of it.
    let family = family.replace("(tm)", " ").replace(['™', '®'], " ");
    let mut family: String = family.split_whitespace().collect::<Vec<_>>().join("-");
    // A Radeon's suffix written glued (`7900XTX`, `RX 7800XT`): spaced as AMD names it
    // (`rx-7900-xtx`, CLAIMS.md §3 ids in kebab case).
    if family.starts_with("rx") || family.starts_with(|c: char| c.is_ascii_digit()) {
        if let Some(i) = family.find("xt") {
            if i > 0 && family.as_bytes()[i - 1].is_ascii_digit() {
                family.insert(i, '-');
            }
        }
    }
    let v = variant;
    match family.as_str() {
        "h100" if v.contains("sxm") => "h100-sxm".into(),
        "h100" if v.contains("pcie") => "h100-pcie".into(),
        "h100" if v.contains("nvl") => "h100-nvl".into(),
        // nvidia-smi's names: the 80 GB HBM3 part is the SXM, the HBM2e one the PCIe card.
        "h100" if v.contains("hbm3") => "h100-sxm".into(),
        "h100" if v.contains("hbm2") => "h100-pcie".into(),
        // The H200 NVL, a PCIe card with its own clocks and power (CLAIMS.md §3 variants).
        "h200" if v.contains("nvl") => "h200-nvl".into(),
        "a100" if v.contains("80") => "a100-80gb".into(),
        "a100" if v.contains("40") => "a100-40gb".into(),
        "a100" if v.contains("pcie") => "a100-pcie".into(),
        // Parts sold with two memory sizes, the size written (CLAIMS.md §3: the configuration
        // when written): the V100 (16 or 32 GB; the catalog's `v100` is the 32 GB SXM2), the
        // A800 (40 or 80 GB) and the RTX 4060 Ti (8 or 16 GB).
        "v100" if v.contains("16") => "v100-16gb".into(),
        "a800" if v.contains("80") => "a800-80gb".into(),
        "a800" if v.contains("40") => "a800-40gb".into(),
        "rtx-4060-ti" if v.contains("16") => "rtx-4060-ti-16gb".into(),
        "rtx-4060-ti" if v.contains('8') => "rtx-4060-ti-8gb".into(),
        // So are the RTX 5060 Ti (8 or 16 GB) and the GTX 1060 (3 or 6 GB); the RTX 3060 is
        // the 12 GB card unless its 8 GB part is written.
        "rtx-5060-ti" if v.contains("16") => "rtx-5060-ti-16gb".into(),
        "rtx-5060-ti" if v.contains('8') => "rtx-5060-ti-8gb".into(),
        "gtx-1060" if v.contains('6') => "gtx-1060-6gb".into(),
        "gtx-1060" if v.contains('3') => "gtx-1060-3gb".into(),
        "rtx-3060" if v.contains('8') && !v.contains("12") => "rtx-3060-8gb".into(),
        // A plural (`four MI50s`): the card.
        f if f.starts_with("mi")
            && f.ends_with('s')
            && f[2..f.len() - 1].chars().all(|c| c.is_ascii_digit()) =>
        {
            gpu_id(&f[..f.len() - 1], v)
        }
        // AMD's MI50, sold with 16 and 32 GB (CLAIMS.md §3: the configuration when written).
        "mi50" if v.contains("32") => "mi50-32gb".into(),
        "mi50" if v.contains("16") => "mi50-16gb".into(),
        "wafer-scale-engine" | "cerebras" => "cerebras-wse".into(),
        "quietbox" => "tt-quietbox".into(),
        // Tenstorrent's T3000 (`t3k`): a box of Wormhole cards, a system like the QuietBox.
        "t3k" | "t3000" => "tt-t3k".into(),
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
        // Google's seventh TPU is "TPU7x", codenamed Ironwood; its sixth, v6e, Trillium (Google
        // Cloud TPU docs, "TPU7x (Ironwood)" and "TPU v6e"; CLAIMS.md §3 keeps such ids).
        "tpu7x" | "tpu-7x" | "ironwood" => "tpu7x".into(),
        "trillium" => "tpu-v6e".into(),
        f if f.starts_with("tpu") => f.replace("tpu", "tpu-").replace("--", "-"),
        f if f.starts_with("groq") => "groq-lpu".into(),
        // Etched's transformer ASIC.
        f if f.starts_with("etched") || f == "sohu" => "etched-sohu".into(),
        // SambaNova's chip family named without its generation (`SambaNova's RDU`,
        // "Reconfigurable Dataflow Unit").
        f if f.starts_with("sambanova") || f.starts_with("reconfigurable") => {
            "sambanova-rdu".into()
        }
        // The Pascal Teslas (`4x Tesla P40s`).
        f if f.contains("p100") => "p100".into(),
        f if f.contains("p40") => "p40".into(),
        // NVIDIA's Jetson modules: the AGX Orin (32 or 64 GB) unless the Nano is named; written
        // with or without `Jetson`.
        f if f.contains("orin") && f.contains("nano") && f.contains("super") => {
            "jetson-orin-nano-super".into()
        }
        f if f.contains("orin") && f.contains("nano") => "jetson-orin-nano".into(),
        // The original (Maxwell) Jetson Nano of 2019, not the Orin Nano, in 4 and 2 GB.
        f if f.contains("jetson") && f.contains("nano") => match v {
            v if v.contains('4') => "jetson-nano-4gb".into(),
            v if v.contains('2') => "jetson-nano-2gb".into(),
            _ => "jetson-nano".into(),
        },
        // Rockchip's SoC with its NPU, vendor first (CLAIMS.md §3 Hardware).
        f if f.contains("rk3588") => "rockchip-rk3588".into(),
        // The Orin NX module, in 8 and 16 GB.
        f if f.contains("orin") && f.contains("nx") => match v {
            v if v.contains("16") => "jetson-orin-nx-16gb".into(),
            v if v.contains('8') => "jetson-orin-nx-8gb".into(),
            _ => "jetson-orin-nx".into(),
        },
        f if f.contains("orin") && v.contains("64") => "jetson-agx-orin-64gb".into(),
        f if f.contains("orin") && v.contains("32") => "jetson-agx-orin-32gb".into(),
        f if f.contains("orin") => "jetson-agx-orin".into(),
        // FuriosaAI's and Qualcomm's inference cards and Hailo's edge NPUs, vendor first
        // (CLAIMS.md §3 Hardware).
        f if f.ends_with("rngd") => "furiosa-rngd".into(),
        "warboy" => "furiosa-warboy".into(),
        f if f.contains("cloud") && f.contains("100") => "qualcomm-cloud-ai-100".into(),
        // Qualcomm's phone and laptop SoCs, their GPUs and Apple's phones, as the products are
        // named (`Snapdragon 8 Gen 3` → `snapdragon-8-gen-3`, `8gen3` spaced, `8+ Gen 1` →
        // `8-plus-gen-1`; `Adreno 830`; `iPhone 15 Pro`).
        // Google's and Samsung's phones as named (`Pixel 8 Pro` → `pixel-8-pro`, `Galaxy S23
        // Ultra` → `galaxy-s23-ultra`), without the maker.
        f if f.contains("pixel") || f.contains("galaxy") => {
            let f = f
                .trim_start_matches("google")
                .trim_start_matches("samsung")
                .replace('+', " plus");
            f.split_whitespace().collect::<Vec<_>>().join("-")
        }
        f if f.starts_with("snapdragon") || f.starts_with("adreno") || f.starts_with("iphone") => {
            let f = f.replace('+', "-plus-");
            let mut out = String::new();
            let mut prev: Option<char> = None;
            for ch in f.chars() {
                let boundary = prev.is_some_and(|p| {
                    (p.is_ascii_digit() && ch.is_ascii_alphabetic())
                        || (p.is_ascii_alphabetic() && ch.is_ascii_digit())
                });
                if boundary || ch == ' ' {
                    out.push('-');
                }
                if ch != ' ' {
                    out.push(ch);
                }
                prev = Some(ch);
            }
            let out = out.replace("gpu-", "");
            out.split('-')
                .filter(|w| !w.is_empty())
                .collect::<Vec<_>>()
                .join("-")
        }
        f if f.starts_with("hailo") => format!(
            "hailo-{}",
            f.trim_start_matches("hailo").trim_start_matches('-')
        ),
        // AWS's accelerators, vendor first (CLAIMS.md §3 Hardware).
        f if f.starts_with("inferentia") => "aws-inferentia2".into(),
        // AWS's instance families, named for their chips.
        "inf2" => "aws-inferentia2".into(),
        "trn2" => "aws-trainium2".into(),
        "trn1" => "aws-trainium".into(),
        f if f.starts_with("trainium") && f.ends_with('2') => "aws-trainium2".into(),
        f if f.starts_with("trainium") => "aws-trainium".into(),
        // AMD's Radeon written without `RX` (`my 7900 XTX`).
        f if f.starts_with(|c: char| c.is_ascii_digit()) && f.contains("xt") => {
            format!("rx-{}", f.replace(' ', "-"))
        }
        // An Apple chip written glued (`M3Max`): the spaced id.
        f if f.len() > 2
            && f.starts_with('m')
            && f.as_bytes()[1].is_ascii_digit()
            && ["max", "pro", "ultra"].contains(&&f[2..]) =>
        {
            format!("{}-{}", &f[..2], &f[2..])
        }
        // The Ada workstation card, written after its Ampere predecessor (`2xA6000ada`).
        f if f.contains("a6000") && f.ends_with("ada") => "rtx-6000-ada".into(),
        // The RTX A-series workstation cards, often written without `RTX` (`2x A6000`).
        f if f.starts_with("rtx-a") || f.starts_with("rtxa") => {
            format!("rtx-a{}", &f[f.len() - 4..])
        }
        f if f.len() == 5 && f.starts_with('a') && f.ends_with("000") => format!("rtx-{f}"),
        "sn40l" => "sambanova-sn40l".into(),
        // AMD's MI325X, often written without the X.
        "mi325" => "mi325x".into(),
        // NVIDIA's GB10 superchip, sold as the DGX Spark.
        "gb10" => "gb10".into(),
        f if f.starts_with("dgx") && f.contains("spark") => "gb10".into(),
        f if f.starts_with("raspberry") => {
            let n: String = f.chars().filter(|c| c.is_ascii_digit()).collect();
            format!("raspberry-pi-{n}")
        }
        // Intel's Arc cards, the A written or not (`ARC770m`, `Arc A770M`).
        f if f.starts_with("arc") => {
            let rest = f[3..].trim_start_matches('-');
            // Battlemage's workstation cards (`Arc Pro B70`, `Arc B60`) have two digits, the
            // consumer ones three (`B580`).
            let bare = rest.trim_start_matches("pro").trim_start_matches('-');
            if bare.len() == 3 && bare.starts_with('b') {
                return format!("arc-pro-{bare}");
            }
            if rest.starts_with(|c: char| c.is_ascii_digit()) {
                format!("arc-a{rest}")
            } else {
                format!("arc-{rest}")
            }
        }
        // A GTX name with an RTX-era number (`GTX4090`, `gtx 3090`): GeForce cards from the
        // 20 series on are all RTX (NVIDIA's GeForce product pages), so it is a slip for RTX.
        f if f.starts_with("gtx")
            && f[3..].trim_start_matches('-').len() >= 4
            && matches!(
                f[3..].trim_start_matches('-').get(..2),
                Some("20" | "30" | "40" | "50")
            ) =>
        {
            gpu_id(&format!("rtx{}", &f[3..]), variant)
        }
        // A GeForce written glued (`RTX4070Ti`, `rtx-4090super`): the spaced id.
        f if f.starts_with("rtx")
            && f.len() > 3
            && f[3..].trim_start_matches('-').len() >= 4
            && f[3..].trim_start_matches('-')[..4]
                .bytes()
                .all(|b| b.is_ascii_digit())
            && !v.contains("laptop")
            && !v.contains("mobile") =>
        {
            let rest = f[3..].trim_start_matches('-');
            let (num, tail) = rest.split_at(4);
            let tail = tail.trim_start_matches('-');
            let tail = tail.replace("tisuper", "ti-super");
            if tail.is_empty() {
                format!("rtx-{num}")
            } else if tail == "d" {
                // China's RTX 4090 D (`RTX 4090D`, `RTX 4090 D`): one name.
                format!("rtx-{num}d")
            } else {
                format!("rtx-{num}-{}", tail.trim_start_matches('-'))
            }
        }
        // A TPU slice written as its type and chip count (`v6e-1`, `v5e-8`): the TPU.
        f if f.len() >= 5
            && f.starts_with('v')
            && f.as_bytes()[1].is_ascii_digit()
            && matches!(f.as_bytes()[2], b'e' | b'p')
            && f.as_bytes()[3] == b'-' =>
        {
            format!("tpu-{}", &f[..3])
        }
        // A laptop part is another chip than the desktop card of its name (`RTX 5090 24GB
        // laptop`).
        f if f.starts_with("rtx") && (v.contains("laptop") || v.contains("mobile")) => {
            format!("{f}-laptop")
        }
        // Tenstorrent's Wormhole cards keep their vendor first (CLAIMS.md §3 Hardware ids).
        "n300" | "n150" => format!("tt-{family}"),
        // Tenstorrent's Blackhole cards (`P150`, `P300`), the letter suffix dropped.
        f if f.starts_with("p150") || f.starts_with("p300") => format!("tt-{}", &f[..4]),
        // Apple's base chip (`Apple M2`): the chip.
        f if f.starts_with("apple-m") => f.trim_start_matches("apple-").to_string(),
        // AMD's Strix Halo APU (`Ryzen AI Max+ 395`).
        // AMD's Strix Halo named by its codename: the family (Ryzen AI Max 385, 390, 395).
        f if f.starts_with("strix") => "strix-halo".into(),
        f if f.starts_with("ryzen") => {
            let n: String = f.chars().filter(|c| c.is_ascii_digit()).collect();
            // `Max+` is its own part (the Max+ 395 against the Max 390), spelled out as in
            // `xeon-…-plus`.
            let plus = if f.contains('+') { "-plus" } else { "" };
            if n.is_empty() {
                "ryzen-ai-max".into()
            } else {
                format!("ryzen-ai-max{plus}-{n}")
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
        // AMD's Radeon AI PRO cards written without `Radeon` (`ai pro r9700 * 1`).
        f if f.starts_with("ai-pro-r") => format!("radeon-{f}"),
        // Intel's Battlemage cards named without `Arc` (`a B580`, `one B70`).
        "b580" | "b570" => format!("arc-{family}"),
        "b70" | "b60" => format!("arc-pro-{family}"),
        // A Mac or an iPad named with its chip (`iPad Pro M5`): the chip.
        f if f.contains("mac") || f.starts_with("ipad") => f
            .match_indices("-m")
            .find(|(i, _)| f[i + 2..].starts_with(|c: char| c.is_ascii_digit()))
            .map_or_else(|| f.to_string(), |(i, _)| f[i + 1..].to_string()),
        f => f.replace("-generation", ""),
    }
}

/// A device count written before a GPU name (CLAIMS.md §3 Hardware): a number word ("two
/// H100s", "dual RTX 3090s", "quad-A100"), digits before a plural ("8 H100s", "8 H100 GPUs"),
/// or an NVIDIA DGX system, which holds eight of its GPU (DGX A100, H100, H200, B200, B300).
pub(super) fn lead_count(part: &str, start: usize, end: usize, id: &str) -> Option<u32> {
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
        // (Not a release or date in a name, `DeepSeek-R1-0528 H200 GPUs`: no leading zero, no
        // hyphen or point before.)
        d if plural
            && !d.is_empty()
            && d.len() <= 4
            && d.bytes().all(|b| b.is_ascii_digit())
            && !(d.len() > 1 && d.starts_with('0'))
            && !pre[..pre.len() - d.len()].ends_with(['.', ',', '-', '_']) =>
        {
            // Nodes times GPUs each (`2*8 H800 GPUs`, `2x8 H100s`): the product.
            let n: u32 = d.parse().ok()?;
            let head = &pre[..pre.len() - d.len()];
            let nodes = head
                .strip_suffix(['*', 'x', '×'])
                .map(|h| {
                    let k = h.len() - h.trim_end_matches(|c: char| c.is_ascii_digit()).len();
                    &h[h.len() - k..]
                })
                .filter(|k| !k.is_empty() && k.len() <= 3)
                .and_then(|k| k.parse::<u32>().ok())
                .filter(|k| *k > 0);
            nodes.map_or(n, |k| k * n)
        }
        // A count of two or more written bare before the name (`11 nodes/87 MI355X`, `8
        // H100 SXM`), not the end of a version (`0.6.3 H100`), a year or a price (`the $450
        // RTX 5060 Ti`).
        d if !d.is_empty()
            && d.len() <= 3
            && d.bytes().all(|b| b.is_ascii_digit())
            && !pre[..pre.len() - d.len()].ends_with(['.', ',', '-', '$', '€', '£', '¥'])
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
/// APU and Ryzen AI laptop chips, Intel's Core Ultra, Qualcomm's Snapdragon, a phone, a
/// Raspberry Pi board): the count is 1 when the chip is named.
pub(super) fn single_chip(id: &str) -> bool {
    const ONE_PER_MACHINE: [&str; 7] = [
        "ryzen-ai-",
        "core-ultra-",
        "snapdragon-",
        "galaxy-",
        "pixel-",
        "iphone-",
        "raspberry-pi",
    ];
    if ONE_PER_MACHINE.iter().any(|p| id.starts_with(p)) {
        return true;
    }
    let apple = id.starts_with('m') && id[1..].starts_with(|c: char| c.is_ascii_digit());
    apple
        && (id.len() == 2 || id.ends_with("max") || id.ends_with("ultra") || id.ends_with("pro"))
        && id.len() <= 8
        || id == "jetson-thor"
        || id == "jetson-agx-thor"
        || id.starts_with("ryzen-ai-max")
        || id == "strix-halo"
}

pub(super) fn dtype_id(word: &str) -> String {
    // Written with a space (`FP 16`).
    let unspaced = word.replace(' ', "");
    match unspaced.as_str() {
        "awq" => "awq-int4".into(),
        "gptq" => "gptq-int4".into(),
        "w4a16" => "int4".into(),
        // QServe's W4A8 with its KV cache's bits (`w4a8kv4`): the weights' part.
        "w4a8kv4" | "w4a8kv8" => "w4a8".into(),
        // The fused-MoE kernels' dtype names (vLLM's and SGLang's `--dtype fp8_w8a8`): 8-bit
        // weights and activations, in FP8 or INT8.
        "fp8_w8a8" => "fp8".into(),
        "int8_w8a8" => "w8a8".into(),
        // `Q4-K-M` written with hyphens (`Deepseek-r1-q4-k-m`).
        w if w.len() == 6
            && w.is_ascii()
            && w.starts_with('q')
            && w.as_bytes()[1].is_ascii_digit()
            && &w[2..5] == "-k-" =>
        {
            w.replace('-', "_")
        }
        // `Q4KM`, `q8kxl` written without their underscores.
        w if (4..=5).contains(&w.len())
            && w.is_ascii()
            && w.starts_with('q')
            && w.as_bytes()[1].is_ascii_digit()
            && w.as_bytes()[2] == b'k' =>
        {
            format!("q{}_k_{}", &w[1..2], &w[3..])
        }
        // An i-quant written without its underscore (`IQ2XXS` in a file name).
        w if w.starts_with("iq")
            && w.len() > 3
            && w.as_bytes()[2].is_ascii_digit()
            && !w.contains('_') =>
        {
            format!("{}_{}", &w[..3], &w[3..])
        }
        w => w.to_string(),
    }
}

pub(super) fn runtime_id(word: &str) -> (&'static str, bool) {
    let w = word.replace(['-', ' '], "");
    match w.as_str() {
        "vllm" => ("vllm", false),
        // vLLM's port to Apple silicon keeps its own name.
        "vllmmlx" => ("vllm-mlx", false),
        // Serving systems outside the list, by their own names (CLAIMS.md §3 Runtime): LoRAX,
        // llm-d, exo, DJL Serving, xLLM, TinyChat, LitGPT.
        "lorax" => ("lorax", false),
        "llmd" => ("llm-d", false),
        "exo" => ("exo", false),
        "djlserving" => ("djl-serving", false),
        "xllm" => ("xllm", false),
        "tinychat" => ("tinychat", false),
        "litgpt" => ("litgpt", false),
        // candle-vllm, a vLLM-style server on the candle framework (not candle itself).
        "candlevllm" => ("candle-vllm", false),
        "tensorrtllm" | "trtllm" => ("tensorrt-llm", false),
        "sglang" => ("sglang", false),
        // llama-cpp-python: llama.cpp's Python bindings, the same engine.
        "llama.cpp" | "llamacpp" | "llamaserver" | "llamacpppython" => ("llama.cpp", false),
        "llamabench" => ("llama.cpp", true),
        // TGI's launcher binary (`text-generation-launcher --model-id …`).
        "textgenerationinference" | "tgi" | "textgenerationlauncher" => ("tgi", false),
        "lmdeploy" => ("lmdeploy", false),
        "ollama" => ("ollama", false),
        "ttmetal" => ("tt-metal", false),
        // A vendor's hosted service names the vendor, not a serving engine (CLAIMS.md §3
        // Runtime: "only through its vendor": partial).
        "cerebrasinference" => ("cerebras", true),
        "groqcloud" => ("groq", true),
        "sambanovacloud" => ("sambanova", true),
        // Engines outside the list keep their own names (CLAIMS.md §3 Runtime).
        // KTransformers' own tables abbreviate it (`KTrans Decode token/s`).
        "ktransformers" | "ktrans" => ("ktransformers", false),
        // fastllm, a C++ engine, and its Python CLI `ftllm`.
        "fastllm" | "ftllm" => ("fastllm", false),
        "mlcllm" | "mlc" => ("mlc-llm", false),
        "exllamav2" | "exllama2" => ("exllamav2", false),
        "exllamav3" | "exllama3" => ("exllamav3", false),
        "exllama" => ("exllama", false),
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
        // A framework serving with its own code, no engine named (`jax.pmap`): partial.
        "jax" => ("jax", true),
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
        // On-device and CPU engines (CLAIMS.md §3: their own names as ids).
        "onnxruntime" | "onnxruntimegenai" => ("onnxruntime", false),
        "coreml" => ("core-ml", false),
        "executorch" => ("executorch", false),
        "tmac" => ("t-mac", false),
        "bitnet.cpp" => ("bitnet.cpp", false),
        "distributedllama" => ("distributed-llama", false),
        "omlx" => ("omlx", false),
        "localai" => ("localai", false),
        // antirez's DeepSeek engine (github.com/antirez/ds4); its bench tool alone names it by
        // its output's shape (partial, as CLAIMS.md §3 Runtime).
        "ds4" => ("ds4", false),
        "ds4bench" => ("ds4", true),
        // Quantisation toolkits that run their own kernels (their READMEs' speed tables), the
        // QServe system (W4A8KV4), llama.cpp's ik fork, PyTorch's gpt-fast, tinygrad and
        // NVIDIA's edge engine: their own names (CLAIMS.md §3 Runtime).
        "qserve" => ("qserve", false),
        "autoawq" => ("autoawq", false),
        "autogptq" => ("autogptq", false),
        "ik_llama.cpp" => ("ik_llama.cpp", false),
        "gptfast" => ("gpt-fast", false),
        "tinygrad" => ("tinygrad", false),
        "tensorrtedgellm" => ("tensorrt-edge-llm", false),
        // mistral.rs's binaries (`mistralrs-bench`, `mistralrs-server`), Hugging Face's Rust
        // framework candle, Rockchip's NPU runtime, the Petals swarm and the Chitu (赤兔) engine.
        "mistralrs" | "mistralrsserver" => ("mistral.rs", false),
        "mistralrsbench" => ("mistral.rs", true),
        "candle" => ("candle", false),
        "rkllm" => ("rkllm", false),
        "petals" => ("petals", false),
        "chitu" | "赤兔" => ("chitu", false),
        // vLLM's Rust reimplementation, MLC's browser engine, the WebAssembly llama.cpp
        // binding, Google's on-device runtime, MindSpore's LLM suite, exllamav2's API server,
        // Hugging Face's TensorRT-LLM wrapper and oobabooga's web UI: their own names.
        "vllm.rs" => ("vllm.rs", false),
        "webllm" => ("web-llm", false),
        "wllama" => ("wllama", false),
        "litertlm" => ("litert-lm", false),
        "mindformers" => ("mindformers", false),
        "tabbyapi" => ("tabbyapi", false),
        "optimumnvidia" => ("optimum-nvidia", false),
        "textgenerationwebui" | "oobabooga" => ("text-generation-webui", false),
        // nano-vllm (a small vLLM reimplementation, not vLLM), Google's on-device MediaPipe LLM
        // Inference, Alibaba's MNN and its LLM runtime, PyTorch's torchchat, Qualcomm's Genie
        // (`genie-t2t-run`) and Neural Magic's DeepSparse: their own names.
        "nanovllm" => ("nano-vllm", false),
        "mediapipe" => ("mediapipe", false),
        "mnn" => ("mnn", false),
        "mnnllm" => ("mnn-llm", false),
        "torchchat" => ("torchchat", false),
        "geniet2t" | "geniet2trun" | "geniesdk" => ("genie", false),
        "deepsparse" => ("deepsparse", false),
        _ => ("mlx", false),
    }
}
