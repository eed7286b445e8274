//! NVML device name → catalog GPU id (DESIGN §5.2).

use crate::catalog::slug;

/// The catalog id for a GPU as NVML names it (`NVIDIA H100 80GB HBM3` → `h100-sxm`,
/// `NVIDIA A100-SXM4-40GB` → `a100-40gb`, `NVIDIA GeForce RTX 4090` → `rtx-4090`).
/// `memory_mib` (NVML total memory) separates the 40 and 80 GB A100s when the name does not.
/// A GPU outside the catalog gets an id formed the same way from its name.
pub fn gpu_catalog_id(nvml_name: &str, memory_mib: f64) -> String {
    let n = nvml_name.to_ascii_lowercase();
    let has = |s: &str| n.contains(s);
    if has("h100") {
        // NVML names the SXM part "H100 80GB HBM3" and the PCIe one "H100 PCIe"; NVL is PCIe.
        return if has("pcie") || has("nvl") {
            "h100-pcie"
        } else {
            "h100-sxm"
        }
        .into();
    }
    if has("h200") {
        return "h200".into();
    }
    if has("b200") {
        return "b200".into();
    }
    if has("a100") {
        let big = has("80gb") || (!has("40gb") && memory_mib > 60_000.0);
        return if big { "a100-80gb" } else { "a100-40gb" }.into();
    }
    if has("l40s") {
        return "l40s".into();
    }
    if has("a10g") {
        return "a10g".into();
    }
    if has("mi300x") {
        return "mi300x".into();
    }
    let trimmed = nvml_name
        .split_whitespace()
        .filter(|w| {
            !matches!(
                w.to_ascii_lowercase().as_str(),
                "nvidia" | "geforce" | "amd"
            )
        })
        .collect::<Vec<_>>()
        .join(" ");
    slug(&trimmed)
}

#[cfg(test)]
mod tests {
    use super::gpu_catalog_id;

    #[test]
    fn nvml_names_map_to_catalog_ids() {
        assert_eq!(gpu_catalog_id("NVIDIA H100 80GB HBM3", 81559.0), "h100-sxm");
        assert_eq!(gpu_catalog_id("NVIDIA H100 PCIe", 81559.0), "h100-pcie");
        assert_eq!(gpu_catalog_id("NVIDIA H200", 143771.0), "h200");
        assert_eq!(
            gpu_catalog_id("NVIDIA A100-SXM4-80GB", 81920.0),
            "a100-80gb"
        );
        assert_eq!(
            gpu_catalog_id("NVIDIA A100-SXM4-40GB", 40960.0),
            "a100-40gb"
        );
        assert_eq!(
            gpu_catalog_id("NVIDIA A100-PCIE-40GB", 40960.0),
            "a100-40gb"
        );
        assert_eq!(gpu_catalog_id("NVIDIA L40S", 46068.0), "l40s");
        assert_eq!(gpu_catalog_id("NVIDIA L4", 23034.0), "l4");
        assert_eq!(
            gpu_catalog_id("NVIDIA GeForce RTX 4090", 24564.0),
            "rtx-4090"
        );
        assert_eq!(
            gpu_catalog_id("NVIDIA GeForce RTX 3090", 24576.0),
            "rtx-3090"
        );
    }
}
