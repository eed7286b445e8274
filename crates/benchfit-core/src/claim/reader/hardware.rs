//! Hardware: the device (catalog id or kept id, CLAIMS.md §3), its variant and how many ran, from prose, instance names and counts.

use super::*;

/// `s` moved `offset` bytes on (a span in a part to a span in the claim text).
pub(super) fn shift(s: Span, offset: usize) -> Span {
    Span {
        start: s.start + offset,
        end: s.end + offset,
    }
}

/// The device, its count (written, in words, Chinese 卡, TP × PP), TP and the interconnect
/// (CLAIMS.md §3 Hardware).
pub(super) fn read_hardware(part: &str, offset: usize, claim: &mut Claim, p: &Patterns) {
    read_device(part, offset, claim, p);
    read_device_count(part, offset, claim, p);
}

/// The device the run used: the first GPU or accelerator named (a later mention of the same
/// family with its variant says which one), with a count written beside it.
/// The GPUs of a rack-scale NVLink domain written after the device (`nvl72`, `nvl32`, `nvl36`):
/// the number itself (NVIDIA's names count the GPUs of the domain). `nvl` alone (H100 NVL, a
/// PCIe card pair) counts nothing.
pub(super) fn nvl_domain(variant: &str) -> Option<u32> {
    let i = variant.find("nvl")?;
    let rest = &variant[i + 3..];
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    rest[..digits].parse::<u32>().ok().filter(|&n| n >= 8)
}

/// The most device mentions [`read_device`] looks at.
pub(super) const MAX_DEVICE_MENTIONS: usize = 48;

pub(super) fn read_device(part: &str, offset: usize, claim: &mut Claim, p: &Patterns) {
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
            // A MoE model's active-parameter suffix (`Qwen3.5-122B-A10B`, llama-bench's
            // `qwen35moe 122B.A10B`) is no A10: the name goes on with `b` after a hyphen or dot.
            let fam_span = span_of(&c, 3);
            if part[..fam_span.start].ends_with(['-', '.', '_'])
                && part[fam_span.end..].starts_with('b')
                && !part[fam_span.end + 1..].starts_with(|ch: char| ch.is_ascii_alphanumeric())
            {
                continue;
            }
            // The other side of a comparison (`seems low compared to A100 benchmarks`, `faster
            // than the single 6000 Ada setup`): another setup's device (CLAIMS.md §4).
            if compared_side(part, whole(&c).start) {
                continue;
            }
            // A phone named with its chipset (`Samsung Galaxy S23 Ultra (Android 13) |
            // Snapdragon® 8 Gen 2`): the chipset computes, so the phone gives way to it.
            if (fam.contains("pixel") || fam.contains("galaxy")) && {
                let end = whole(&c).end;
                let near = &part[end..floor_boundary(part, (end + 80).min(part.len()))];
                near.contains("snapdragon") || near.contains("tensor g") || near.contains("exynos")
            } {
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
            } else if fam == "a100" && variant.trim().is_empty() {
                // The memory written before the name or glued after it (`two 80GB A100
                // cards`, `A100x80GB`, `8xA100-80GBs`).
                // From the name's end: the pattern may have taken `x80` for a count after it.
                let glued = part[gpu_span.end..]
                    .strip_prefix(['x', '-', '_'])
                    .and_then(|a| {
                        ["80", "40"].into_iter().find(|m| {
                            a.strip_prefix(m)
                                .is_some_and(|r| r.trim_start().starts_with('g'))
                        })
                    });
                let front = board
                    .strip_suffix("gb")
                    .or_else(|| board.strip_suffix("g"))
                    .map(str::trim_end)
                    .filter(|b| b.ends_with("80") || b.ends_with("40"))
                    .map(|b| &b[b.len() - 2..]);
                match glued.or(front) {
                    Some(m) => gpu_id(&fam, &format!("{m}gb")),
                    None => gpu_id(&fam, variant),
                }
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
            // A memory size glued after an `x` (`A100x80GB`) is no count.
            let after_count = c
                .get(6)
                .filter(|m| !part[m.end()..].trim_start().starts_with(['g', 'G']));
            let count = c
                .get(1)
                .or(c.get(5))
                .or(after_count)
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
                // (A GeForce's `-super` or `-ti` names another card, not a variant of it.)
                Some((first, _))
                    if !first.is_empty()
                        && id.starts_with(&format!("{first}-"))
                        && !id.ends_with("-super")
                        && !id.ends_with("-ti") =>
                {
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
        // No GPU or accelerator named: a CPU or an integrated GPU the run was on (CLAIMS.md §3
        // Hardware: parts outside the catalog keep vendor-first ids).
        if chosen.is_none() {
            chosen = host_device(part);
        } else if chosen
            .as_ref()
            .is_some_and(|(id, _)| id.starts_with("ryzen-ai-max") || id == "strix-halo")
        {
            if let Some(better) = apu_part(part) {
                chosen = Some(better);
            }
        }
        if let Some((id, span)) = chosen {
            if !id.is_empty() {
                let written = &part[span.start.min(part.len())..span.end.min(part.len())];
                claim.gpu_form_factor = written.contains("sxm") || written.contains("pcie");
                // A TPU slice's topology counts its chips (GKE's `gke-tpu-topology: 2x2x1` is
                // four; Google Cloud TPU docs, "TPU topologies"), before a tensor-parallel degree
                // stands in for a count (a TPU7x chip holds two TensorCores, so TP 8 runs on 4).
                if id.starts_with("tpu") && claim.gpu_count.is_none() {
                    if let Some((n, s)) = tpu_topology(part) {
                        claim.gpu_count = found(n, at(s));
                    }
                }
                claim.gpu = found(id, at(span));
            }
        }
    }
}

/// A TPU topology written as its chips per axis (`topology: 2x2x1`, `--topology=4x4`,
/// `gke-tpu-topology: 2x4`): their product and the span of the dimensions. `None` without the
/// word `topology` before it, or with an axis of 0 or a product over 100,000.
fn tpu_topology(part: &str) -> Option<(u32, Span)> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        crate::claim::re::compile(
            r#"\btopology["']?\s*[:=]?\s*["']?(\d{1,3})x(\d{1,3})(?:x(\d{1,3}))?\b"#,
        )
        .expect("static pattern compiles")
    });
    let c = re.captures(part)?;
    let mut n: u32 = 1;
    for i in 1..=3 {
        if let Some(m) = c.get(i) {
            let d: u32 = m.as_str().parse().ok()?;
            n = n.checked_mul(d)?;
        }
    }
    let m = c.get(1)?;
    let end = c.get(0)?.end();
    (n > 0 && n <= 100_000).then_some((
        n,
        Span {
            start: m.start(),
            end,
        },
    ))
}

/// The more exact name of an AMD APU the text also writes: its own Radeon GPU (`Ryzen AI Max+
/// 395 (Radeon 8060S)`: the GPU that ran the model, `radeon-8060s`), else its numbered part
/// where the text named it by codename first (`Strix Halo` … `Ryzen AI Max+ 395`).
fn apu_part(part: &str) -> Option<(String, Span)> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        crate::claim::re::compile(
            r"\bradeon\s*(?:tm\s*)?(\d{4}s)\b|\b(ryzen\s+ai\s+max\+?\s*(?:pro\s+)?\d{3})\b",
        )
        .expect("static pattern compiles")
    });
    let mut sku = None;
    for c in re.captures_iter(part) {
        if let Some(m) = c.get(1) {
            return Some((format!("radeon-{}", m.as_str()), whole(&c)));
        }
        if let (Some(m), None) = (c.get(2), &sku) {
            sku = Some((gpu_id(m.as_str(), ""), whole(&c)));
        }
    }
    sku
}

/// A CPU or an integrated GPU named as the machine a run used when the text names no GPU or
/// accelerator: Intel Xeon (`xeon-6980p`), AMD EPYC (`epyc-9175f`), AWS Graviton
/// (`aws-graviton4`), Arm Neoverse (`arm-neoverse-v2`), IBM Power10 (`ibm-power10`), Intel Core
/// (`core-ultra-9-185h`, `core-i9-13900k`), AMD Ryzen (`ryzen-9-3950x`, `ryzen-ai-9-hx-370`), AMD's Radeon iGPUs
/// (`Radeon 8060S`, `Radeon 780M`: `radeon-8060s`) and, last, an AMD GPU named only by its LLVM
/// target (`gfx1100`). Returns the id and its span.
fn host_device(part: &str) -> Option<(String, Span)> {
    if ![
        "xeon", "epyc", "graviton", "neoverse", "power", "radeon", "core", "ryzen", "gfx", "i3-",
        "i5-", "i7-", "i9-",
    ]
    .iter()
    .any(|w| part.contains(w))
    {
        return None;
    }
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        crate::claim::re::compile(
            r"\b(?:intel(?:\(r\)|®)?\s+)?xeon(?:\(r\)|®)?(?:\s*(?:platinum|gold|silver|bronze|max|w))?\s*(\d{4}[a-z+]*)\b|\b(?:amd\s+)?epyc\s*(\d{4}[a-z]*)\b|\b(?:aws\s+)?graviton\s*([1-4])\b|\b(?:arm\s+)?neoverse[\s-]*([nv][1-3])\b|\b(?:ibm\s+)?power\s*(1[01])\b|\bradeon\s*(?:tm\s*)?(\d{3,4}[ms])\b|\b(?:intel(?:\(r\))?\s+)?core(?:\(tm\))?\s+ultra\s*([3579])\s*(\d{3}[a-z]*)\b|\b(?:intel\s+)?(?:core\s*(?:tm\s*)?(i[3579])[\s-]*|(i[3579])-)(\d{4,5}[a-z]*)\b|\b(?:amd\s+)?ryzen[\s-]*(?:([3579])\s+)?(?:pro\s*)?(\d{4}[a-z0-9]*)\b|\bgfx(\d{3,4}[a-z]?)\b|\b(?:amd\s+)?ryzen\s*(?:\(tm\)|™)?\s*ai\s+([579])\s+(?:pro\s+)?(hx\s*)?(\d{3})\b",
        )
        .expect("static pattern compiles")
    });
    // A product named anywhere beats an LLVM target (`gfx1151 … Radeon 8060S`).
    let mut target = None;
    for c in re.captures_iter(part) {
        match host_id(&c) {
            Some(hit) if hit.0.starts_with("gfx") => {
                target.get_or_insert(hit);
            }
            Some(hit) => return Some(hit),
            None => {}
        }
    }
    target
}

/// The id and span of one [`host_device`] match.
fn host_id(c: &crate::claim::re::Captures) -> Option<(String, Span)> {
    let m = c.get(0)?;
    let id = if let Some(n) = c.get(1) {
        // The tier as written (`Xeon Platinum 8480L`: `xeon-platinum-8480l`).
        let tier = ["platinum", "gold", "silver", "bronze"]
            .into_iter()
            .find(|t| m.as_str().contains(t))
            .map(|t| format!("{t}-"))
            .unwrap_or_default();
        format!("xeon-{tier}{}", n.as_str().replace('+', "-plus"))
    } else if let Some(n) = c.get(2) {
        format!("epyc-{}", n.as_str())
    } else if let Some(n) = c.get(3) {
        format!("aws-graviton{}", n.as_str())
    } else if let Some(n) = c.get(4) {
        format!("arm-neoverse-{}", n.as_str())
    } else if let Some(n) = c.get(5) {
        // "Power" is a common word: only with IBM's name or glued (`power10`).
        let written = m.as_str();
        if !(written.starts_with("ibm") || written.starts_with("power1")) {
            return None;
        }
        format!("ibm-power{}", n.as_str())
    } else if let Some(n) = c.get(6) {
        format!("radeon-{}", n.as_str())
    } else if let (Some(tier), Some(n)) = (c.get(7), c.get(8)) {
        format!("core-ultra-{}-{}", tier.as_str(), n.as_str())
    } else if let (Some(tier), Some(n)) = (c.get(9).or(c.get(10)), c.get(11)) {
        format!("core-{}-{}", tier.as_str(), n.as_str())
    } else if let Some(n) = c.get(13) {
        // With its tier when written (`Ryzen 9 5900X`), else the model number alone
        // (`Ryzen-7950X`).
        match c.get(12) {
            Some(tier) => format!("ryzen-{}-{}", tier.as_str(), n.as_str()),
            None => format!("ryzen-{}", n.as_str()),
        }
    } else if let (Some(tier), Some(n)) = (c.get(15), c.get(17)) {
        // AMD's Ryzen AI laptop chips (`Ryzen AI 9 HX 370`, `Ryzen AI 7 350`).
        let hx = if c.get(16).is_some() { "hx-" } else { "" };
        format!("ryzen-ai-{}-{hx}{}", tier.as_str(), n.as_str())
    } else {
        // An AMD GPU named only by its LLVM target (`gfx1100`, `gfx906`): an architecture
        // several cards share, so the hardware row stays partial (checklist).
        format!("gfx{}", c.get(14)?.as_str())
    };
    Some((
        id,
        Span {
            start: m.start(),
            end: m.end(),
        },
    ))
}

/// A cloud GPU instance named instead of its GPUs (AWS EC2 here, Google Cloud in [`gcp_machine`]) (CLAIMS.md §3 Hardware: the device and
/// the count the run had): the catalog id, the span and the instance's GPU count, like a DGX's
/// eight. Instance contents from the public instance tables: p4d.24xlarge 8 × A100 40 GB,
/// g5.xlarge–16xlarge 1 × A10G, g5.12xlarge/24xlarge 4, g5.48xlarge 8 (AWS's accelerated-
/// computing table as reproduced in gist.github.com/shashankprasanna/10ebe6dc1ba1d8d93db17da4e2cc890e);
/// p4de.24xlarge 8 × A100 80 GB, p5.48xlarge 8 × H100 SXM (data-receipts hyperscalers.json,
/// retrieved 2026-11-09); p5e/p5en.48xlarge 8 × H200 (dstack PR 4110, `gpu=H200:141GB:8`).
pub(super) fn cloud_instance(part: &str) -> Option<(&'static str, Span, u32)> {
    // Each regex below runs over the whole text: only where its literal can match.
    if !part.contains("xlarge") {
        return gcp_machine(part).or_else(|| azure_vm(part));
    }
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        crate::claim::re::compile(
            r"\b(p5en|p5e|p5|p4de|p4d|g5|inf2|trn1n|trn1|trn2)\.(\d{0,2})xlarge\b",
        )
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
/// series is 8 × MI300X (learn.microsoft.com, ND-MI300X-v5 series). A count glued before the
/// size (`1xStandard_NC24ads_A100_v4`, vLLM's nightly benchmark tables) does not hide it.
pub(super) fn azure_vm(part: &str) -> Option<(&'static str, Span, u32)> {
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
        crate::claim::re::compile(
            r"(?:\bstandard_|(?-u:\d)x?standard_|\b)(?:(nc24ads|nc48ads|nc96ads)_a100_v4|(nc40ads|nc80adis)_h100_v5|nd96(?:isr|asr|amsr)?_?(h100|h200|mi300x|a100)?_?v[45]|nd[\s_-]?(?:isr[\s_-]?)?(h100|h200|mi300x)[\s_-]?v5)\b",
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
pub(super) fn gcp_machine(part: &str) -> Option<(&'static str, Span, u32)> {
    if !part.contains("gpu-") {
        return None;
    }
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        crate::claim::re::compile(
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
/// `Ti` or `Super`, a memory size (`24G`, `16GB`) or a plural right after. Returns the id, the
/// span and the count when one is written.
pub(super) fn bare_geforce(part: &str) -> Option<(String, Span, Option<u32>)> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        crate::claim::re::compile(
            r"(?:\b(\d{1,2})\s*[x×*]\s*|\b(dual|two|quad|four)\s+|\b(a|my|one|single|our|his|her|their|your|the)\s+|\b)([2345]0[5-9]0)(\s*ti\b)?(\s*super\b)?(\s*(?:\d{2}\s*gb?\b|gpus?\b|cards?\b|s\b))?",
        )
        .expect("static pattern compiles")
    });
    for c in re.captures_iter(part) {
        let m = c.get(4)?;
        let pre = before(part, m.start(), 12);
        // Chinese "runs on" after it (`4090 跑 Qwen2.5-32B`, `4090 上部署`): the one card used.
        let runs_on = ["跑", "上", "运行", "部署", "实测"]
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
            // One machine's parts joined by `+` (`9654+4090`, `7950X + 3090`).
            || pre.trim_end().ends_with('+')
            || runs_on;
        let counted = c.get(1).is_some() || c.get(2).is_some();
        // An article or possessive before the bare number (`a 4090 does…`, `my 3090`, `on the
        // 4090`): one
        // device, not a year or a count.
        let owned = c.get(3).is_some();
        // `Ti`, `Super` (`4080 super`), a memory size or a plural after it.
        if !(labelled
            || counted
            || owned
            || c.get(5).is_some()
            || c.get(6).is_some()
            || c.get(7).is_some())
        {
            continue;
        }
        let ti = if c.get(5).is_some() { "-ti" } else { "" };
        let sup = if c.get(6).is_some() { "-super" } else { "" };
        // China's D edition glued to the number (`4090D`, `5090D`): its own card.
        let d_edition = part[m.end()..].starts_with('d')
            && !part[m.end() + 1..].starts_with(|ch: char| ch.is_ascii_alphanumeric());
        let d = if d_edition { "d" } else { "" };
        let id = format!("rtx-{}{d}{ti}{sup}", m.as_str());
        let end = c.get(6).or(c.get(5)).map_or(m.end() + d.len(), |t| t.end());
        // The count of cards written before it (`8卡4090`, `2张3090`).
        let cards = {
            let p = pre
                .trim_end()
                .trim_end_matches(['卡', '张', '块'])
                .trim_end();
            let d = p.len() - p.trim_end_matches(|ch: char| ch.is_ascii_digit()).len();
            (p.len() < pre.trim_end().len() && (1..=3).contains(&d))
                .then(|| p[p.len() - d..].parse::<u32>().ok())
                .flatten()
        };
        let n = c
            .get(1)
            .and_then(|d| d.as_str().parse().ok())
            .or(c.get(2).map(|w| match w.as_str() {
                "dual" | "two" => 2,
                _ => 4,
            }))
            .or(cards)
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
pub(super) fn read_device_count(part: &str, offset: usize, claim: &mut Claim, p: &Patterns) {
    let at = |s: Span| shift(s, offset);
    // A record of the device count (`Number of GPUs: 8`, `num_gpus=4`, `GPU count: 2`,
    // `world_size: 2`): the devices the run used.
    if claim.gpu_count.is_none()
        && (part.contains("gpu") || part.contains("world") || part.contains("device"))
    {
        static RECORD: OnceLock<Regex> = OnceLock::new();
        let re = RECORD.get_or_init(|| {
            crate::claim::re::compile(r#"\b(?:num(?:ber)?[\s_-]*(?:of[\s_-]*)?(?:gpus|devices)|n[\s_-]?gpus|gpu[\s_-]*count|world[\s_-]*size)"?\s*[:=]?\s*"?(\d{1,4})\b"#)
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
    let mut weak = false;
    while from < part.len() {
        let Some(c) = p.gpus_word.captures(&part[from..]) else {
            break;
        };
        let Some(num) = c.get(1) else { break };
        let w = whole(&c);
        // The tail of a larger number or a price (`two $1,500 workstation GPUs`): no count.
        let lead = &part[..from + num.start()];
        // Nor a date or release in a name (`DeepSeek-R1-0528 … H200 GPUs`): a count has no
        // leading zero and is no identifier's tail.
        // Nor the number of a device's name (`RTX 3090 GPUs`, `RX 7900 cards`).
        let named = || {
            let word = lead.trim_end().rsplit(' ').next().unwrap_or("");
            lead.ends_with(' ')
                && !word.is_empty()
                && whole_device(&format!("{word} {}", num.as_str()))
        };
        if lead.ends_with([',', '.', '$', '-', '_'])
            || (num.as_str().len() > 1 && num.as_str().starts_with('0'))
            || named()
        {
            from += num.end();
            continue;
        }
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
                    // A size (`~950 MB Most discrete GPUs`) or a quantifier over devices
                    // (`most`, `some`, `all`, `any`): no count of them.
                    | "mb"
                    | "mib"
                    | "gb"
                    | "gib"
                    | "tb"
                    | "most"
                    | "some"
                    | "all"
                    | "any"
                    | "many"
            ) || (!t.is_empty() && t.len() <= 2 && t.bytes().all(|b| b.is_ascii_digit()))
        });
        // `8x GPUs`: the x counts them (not a ratio's "2x faster GPUs").
        let times_gpus = gap
            .strip_prefix(['x', '×'])
            .is_some_and(|r| r.trim_start() == "gpus");
        if crosses && !times_gpus {
            from += num.end();
            continue;
        }
        // Such a count only fills a gap: beside another count it is likely another setup's
        // ("especially at 8x GPUs").
        weak = times_gpus;
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
            // "The two chips", "these four GPUs": devices already named (a comparison's), not
            // a second count of the run's.
            let referring = {
                let b = before(part, span.start.min(part.len()), 8);
                ["the ", "these ", "those ", "both "]
                    .iter()
                    .any(|w| b.ends_with(w))
            };
            // A count of another device (`a single B200 versus four H100 GPUs`, the words
            // between naming another GPU) or of a comparison's far side: that setup's, not a
            // second count of the run's.
            let elsewhere = {
                let gap = &part[span.start.min(part.len())..span.end.min(part.len())];
                let other = super::device_named(gap).is_some_and(|d| {
                    claim
                        .gpu
                        .as_ref()
                        .is_some_and(|g| !d.starts_with(&g.value) && !g.value.starts_with(&d))
                });
                let b = before(part, span.start.min(part.len()), 12);
                other
                    || ["versus ", "vs ", "vs. ", "than "]
                        .iter()
                        .any(|w| b.ends_with(w))
            };
            match &claim.gpu_count {
                None => claim.gpu_count = found(n, at(span)),
                Some(g) if g.value != n && of_servers && n > g.value => {
                    claim.gpu_count = found(n, at(span));
                }
                Some(g) if g.value != n && !referring && !weak && !elsewhere => {
                    claim.gpu_count_conflict = true
                }
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
            // No engine shards one model over more devices than the largest deployment a user
            // can enter (`limits::MAX_GPUS`): a larger degree is a typo or a test, not a setup.
            if let Some(n) = n.filter(|n| *n <= crate::limits::MAX_GPUS) {
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
            // `单卡激活内存`, `单卡吞吐`: per card (a measure's scope), not a count of one.
            let per_card = |i: usize| {
                let rest = &part[i + w.len()..];
                [
                    "激活", "内存", "显存", "吞吐", "性能", "算力", "功耗", "带宽", "占用",
                ]
                .iter()
                .any(|m| rest.starts_with(m))
            };
            if let Some(i) = part
                .match_indices(w)
                .map(|(i, _)| i)
                .find(|&i| !per_card(i))
            {
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
    // "GPU: H100", "with a A100", "RTX 4070 machine"): one device (CLAIMS.md §3).
    if claim.gpu_count.is_none() && claim.tp.as_ref().is_none_or(|t| t.value == 1) {
        if let Some(g) = &claim.gpu {
            let local = g.span.start.saturating_sub(offset);
            if local <= part.len() && g.span.start >= offset {
                let end = (g.span.end - offset).min(part.len());
                // Systems of several chips (Tenstorrent boxes, Cerebras, SambaNova racks, Groq
                // LPU systems) are not one device.
                let system = ["tt-", "cerebras", "sambanova", "groq"]
                    .iter()
                    .any(|s| g.value.starts_with(s));
                // GPUs in the plural in the device's own sentence ("on an H100, one of our
                // GPUs") leave the count open; elsewhere ("GPUs needed = …") they do not.
                let sentence = {
                    let from = part[..local].rfind(['.', '\n']).map_or(0, |i| i + 1);
                    let to = part[end..]
                        .find(['.', '\n'])
                        .map_or(part.len(), |i| end + i);
                    &part[from..to]
                };
                if singular_use(part, local, end) && !system && !sentence.contains(" gpus") {
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

/// True when the words right before `start` put what follows on the other side of a
/// comparison: "than", "vs", "versus", "compared to/with", "relative to", with only articles
/// and load words between (`than the single …`, `compared to an …`).
pub(in crate::claim) fn compared_side(part: &str, start: usize) -> bool {
    let mut pre = before(part, start, 40).trim_end();
    for _ in 0..3 {
        let Some((head, word)) = pre.rsplit_once(' ') else {
            break;
        };
        if [
            "the", "a", "an", "single", "one", "our", "their", "nvidia", "amd", "intel", "(",
        ]
        .contains(&word)
        {
            pre = head.trim_end();
        } else {
            break;
        }
    }
    [
        " than",
        " vs",
        " vs.",
        " versus",
        "compared to",
        "compared with",
        "relative to",
    ]
    .iter()
    .any(|w| pre.ends_with(w))
}

/// Whether the device name at `local..end` of `part` is written as the one device a run used
/// (CLAIMS.md §3: "on X", "with X", "GPU: X", "my X", "X setup", Chinese `在 X 上`), and not in
/// the plural ("on 910B NPUs", "4090s").
fn singular_use(part: &str, local: usize, end: usize) -> bool {
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
        // The same "on" / "with a" in the languages the claims come in (Russian
        // `на H100`, German `auf einer RTX 4090`, French `sur une`, Spanish `en
        // una`, `con una`), and the poster's own card (`my RTX 3090`).
        " на",
        " auf",
        " auf einer",
        " mit einer",
        " sur",
        " sur une",
        " sur un",
        " en una",
        " con una",
        " my",
        // A title naming the one device benchmarked (`Benchmark Nvidia RTX 4090`).
        " benchmark",
        " benchmarking",
        // The writer's own machine (`On our EPYC + RTX PRO 6000 setup`), and Chinese "the test
        // hardware / graphics card is X" (`测试硬件为 A100`), "using X" (`使用 RTX 4090`).
        " our",
        "硬件为",
        "硬件是",
        "显卡为",
        "显卡是",
        "使用",
    ]
    .iter()
    .any(|w| format!(" {b}").ends_with(w));
    let rest = part[end..].trim_start();
    // Chinese `在 X 上` ("on X", the card's memory in brackets may sit between), and
    // an environment list's bare `GPU` or 显卡 ("graphics card") key on its own line
    // or the line before.
    // A text that speaks of nodes (每节点, 单节点) runs on no single card.
    let on_zh = b.ends_with('在') && !part.contains("节点") && {
        let r = rest
            .strip_prefix(['(', '（'])
            .and_then(|r| r.split_once([')', '）']).map(|(_, t)| t))
            .unwrap_or(rest);
        r.trim_start().starts_with('上')
    };
    let key_line = {
        let raw = &part[floor_boundary(part, local.saturating_sub(32))..local];
        let raw = raw.trim_end();
        let raw = ["nvidia", "amd", "intel"]
            .iter()
            .find_map(|v| raw.strip_suffix(v))
            .unwrap_or(raw);
        let k = format!("\n{}", raw.trim_end_matches([' ', '\t', '\n', ':', '：']));
        ["\ngpu", "\n- gpu", "显卡", "显卡型号", "| gpu |"]
            .iter()
            .any(|w| k.ends_with(w))
    };
    // The name followed by the one machine it sits in ("RTX 4070 machine", `RTX 4070マシン`,
    // "… RTX PRO 6000 Blackwell setup", "a 4090 rig"); a server or node may hold several.
    let machine = {
        const MACHINE: [&str; 9] = [
            "setup",
            "machine",
            "system",
            "rig",
            "box",
            "pc",
            "laptop",
            "desktop",
            "workstation",
        ];
        // `part` is the lowercased text.
        let mut words = rest
            .split_whitespace()
            .map(|w| w.trim_end_matches([',', '.', ':', ')', ';']));
        let first = words.next().unwrap_or("");
        let second = words.next().unwrap_or("");
        // One short word may sit between (`Blackwell setup`, `24GB rig`).
        let between = first.len() <= 10 && first.chars().all(|c| c.is_ascii_alphanumeric());
        rest.starts_with("マシン")
            || rest.starts_with("搭載")
            || MACHINE.contains(&first)
            || (between && MACHINE.contains(&second))
    };
    // The device alone in brackets after what ran on it (`Tested on Llama 3 8B (A100 80GB):`,
    // `~2500tokens/s(an A100-40G)`), or after "one GPU" (`with one GPU - RTX 5880`).
    let bracketed = {
        let open = b
            .strip_suffix("an")
            .or_else(|| b.strip_suffix('a'))
            .unwrap_or(b)
            .trim_end();
        open.ends_with('(') && rest.starts_with(')')
    };
    let one_gpu = [
        "one gpu -",
        "one gpu:",
        "single gpu -",
        "single gpu:",
        "one gpu –",
    ]
    .iter()
    .any(|w| b.ends_with(w));
    let device = device || on_zh || key_line || machine || bracketed || one_gpu;
    // The name in the plural, other accelerators' included ("on 910B NPUs").
    let plural = [
        "gpus",
        "s ",
        "cards",
        "npus",
        "tpus",
        "hpus",
        "chips",
        "accelerators",
    ]
    .iter()
    .any(|w| rest.starts_with(w));
    // A server, node or cluster of the device may hold several (`our H100 server`).
    let several = ["server", "node", "cluster", "pod", "instance", "服务器"]
        .iter()
        .any(|w| rest.starts_with(w));
    device && !plural && !several
}
