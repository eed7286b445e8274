//! Accelerators: memory as the driver reports it, HBM bandwidth, dense tensor peaks, links.

use super::dtype::ComputeClass;
use crate::units::{Bytes, BytesPerSecond, FlopsPerSecond, UsdPerGpuHour};
use serde::Serialize;

/// The link tensor-parallel all-reduces cross.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum LinkKind {
    /// NVIDIA NVLink (SXM boards, NVL bridges).
    Nvlink,
    /// PCIe only.
    Pcie,
    /// AMD Infinity Fabric (xGMI).
    Xgmi,
    /// Ethernet ports on the accelerator running RDMA (RoCE v2): Intel Gaudi's scale-up links.
    Roce,
    /// Google TPU inter-chip interconnect.
    Ici,
    /// Unified memory / single device (Apple silicon).
    None,
}

/// A default rental price and where it comes from.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct PricePreset {
    /// USD per GPU-hour.
    pub usd_per_gpu_hour: f64,
    /// Who lists it, which tier, and when it was read.
    pub source: &'static str,
}

/// Multiplier from an on-demand price to a typical 1-year commitment: 0.65 (reserved / committed
/// GPU capacity is commonly listed 30–40% below on-demand by neoclouds and hyperscalers, 2025).
/// An assumption, always shown with the price and editable.
pub const COMMITTED_DISCOUNT: f64 = 0.65;

impl PricePreset {
    /// The preset for a pricing tier, with its source.
    pub fn for_tier(&self, tier: PriceTier) -> (f64, String) {
        match tier {
            PriceTier::OnDemand => (self.usd_per_gpu_hour, self.source.to_string()),
            PriceTier::Committed => (
                (self.usd_per_gpu_hour * COMMITTED_DISCOUNT * 100.0).round() / 100.0,
                format!("1-year commitment: on-demand × {COMMITTED_DISCOUNT} (typical 30–40% discount, 2025); on-demand: {}", self.source),
            ),
        }
    }
}

/// Which preset price to use when none is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, serde::Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "snake_case")]
pub enum PriceTier {
    /// On-demand list price.
    #[default]
    OnDemand,
    /// A typical 1-year commitment.
    Committed,
}

/// One accelerator model. Peaks are dense (no 2:4 sparsity) tensor-core rates.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct Gpu {
    /// Id as in DESIGN §5.2 (`h100-sxm`).
    pub id: &'static str,
    /// Display name.
    pub name: &'static str,
    /// Memory as the driver reports it (`nvidia-smi` total), MiB.
    pub memory_mib: f64,
    /// HBM/GDDR bandwidth, TB/s (spec sheet).
    pub hbm_tb_per_s: f64,
    /// Dense BF16/FP16 tensor TFLOPS.
    pub bf16_tflops: f64,
    /// Dense FP8 tensor TFLOPS (None: no FP8 tensor cores; FP8 weights run as W8A16).
    pub fp8_tflops: Option<f64>,
    /// Dense INT8 tensor TOPS.
    pub int8_tops: f64,
    /// Dense FP4 tensor TFLOPS (Blackwell).
    pub fp4_tflops: Option<f64>,
    /// GPU-to-GPU link kind.
    pub link: LinkKind,
    /// Per-GPU unidirectional link bandwidth, GB/s (NVLink 4: 900 GB/s bidirectional = 450).
    pub link_gb_per_s: f64,
    /// Default on-demand price.
    pub price: PricePreset,
    /// Spec-sheet source.
    pub source: &'static str,
    /// The GPU's max-achievable dense matmul throughput as a share of its datasheet peak,
    /// relative to the H100 SXM's share (the GPU the MFU prior [`crate::model::Efficiency::PRIOR`]
    /// describes): the compute term runs at `peak × MFU × this`. 1 where no public measurement
    /// says otherwise. A datasheet peak assumes the boost clock; under a dense GEMM an AMD
    /// Instinct GPU holds about 1.2 GHz of its 2.1 GHz (AMD's own measurement), an H100 far more
    /// of its boost: the H100 SXM reaches 80.3 % of its BF16 and 70.9 % of its FP8 peak
    /// (S. Bekman, *Machine Learning Engineering*, "Maximum Achievable Matmul FLOPS comparison
    /// table").
    pub achievable_matmul: f64,
    /// In the planner's search when the user names no GPU: rentable data-centre and consumer
    /// GPUs that the catalog's runtimes serve on (not Apple silicon, TPUs or Gaudi, whose
    /// serving stacks the runtimes' efficiencies were not measured on; name them to plan on them).
    pub plan_default: bool,
}

impl Gpu {
    /// Memory as the driver reports it.
    pub fn memory(&self) -> Bytes {
        Bytes::from_mib(self.memory_mib)
    }
    /// Memory bandwidth.
    pub fn hbm_bandwidth(&self) -> BytesPerSecond {
        BytesPerSecond::from_tb_per_s(self.hbm_tb_per_s)
    }
    /// Link bandwidth, one direction.
    pub fn link_bandwidth(&self) -> BytesPerSecond {
        BytesPerSecond::from_gb_per_s(self.link_gb_per_s)
    }
    /// Dense peak for a compute class, falling back to BF16 where the GPU lacks that format
    /// (FP8 weights on an A100 run as weight-only W8A16, Marlin kernels).
    pub fn peak(&self, class: ComputeClass) -> FlopsPerSecond {
        let t = match class {
            ComputeClass::Bf16 => self.bf16_tflops,
            ComputeClass::Fp8 => self.fp8_tflops.unwrap_or(self.bf16_tflops),
            ComputeClass::Int8 => self.int8_tops,
            ComputeClass::Fp4 => self
                .fp4_tflops
                .or(self.fp8_tflops)
                .unwrap_or(self.bf16_tflops),
        };
        FlopsPerSecond::from_tflops(t)
    }
    /// Default price as a quantity.
    pub fn default_price(&self) -> UsdPerGpuHour {
        UsdPerGpuHour::new(self.price.usd_per_gpu_hour)
    }
}

const H100_SRC: &str = "https://www.nvidia.com/en-us/data-center/h100/ (datasheet: SXM 3.35 TB/s, 989 BF16 / 1,979 FP8 dense TFLOPS; PCIe 2.0 TB/s, 756 / 1,513); 81,559 MiB from nvidia-smi";
const PRICE_H100: PricePreset = PricePreset {
    usd_per_gpu_hour: 2.99,
    source: "Lambda on-demand 8× H100 SXM, per GPU-hour (lambda.ai/pricing, 2025); edit for your contract",
};

/// Apple silicon: the GPU's FP16 rate, unified memory bandwidth and the largest memory each
/// chip ships with; every id stands for that top configuration (CLAIMS.md §3: the memory and core
/// count a text names pick the machine, and the hardware row is partial without them).
const APPLE_SRC: &str = "https://www.apple.com/mac/compare/ (tech specs: unified memory bandwidth: M1 Max, M2 Max, M3 Max with the 16-core CPU 400 GB/s; M2 Ultra 800 GB/s; M3 Ultra 819 GB/s; M4 Max with the 16-core CPU 546 GB/s; largest memory 64/96/192/128/512/128 GB). FP16 peak = GPU cores × 128 ALUs × 2 × clock, FP16 at the FP32 rate (Apple's own figure for the 32-core M1 Max: 10.4 TFLOPS, October 2021; clocks about 1.4 GHz for M1–M3 and 1.58 GHz for M4: estimates, not Apple's). Memory is the GPU's share, about three quarters of unified memory (Metal's recommendedMaxWorkingSetSize, which llama.cpp's Metal backend logs at start-up). No INT8 or FP8 matrix units: quantised weights run at the FP16 rate";

/// GPUs benchfit knows.
pub static GPUS: &[Gpu] = &[
    Gpu {
        id: "h100-sxm",
        name: "H100 SXM 80GB",
        memory_mib: 81_559.0,
        hbm_tb_per_s: 3.35,
        bf16_tflops: 989.4,
        fp8_tflops: Some(1978.9),
        int8_tops: 1978.9,
        fp4_tflops: None,
        link: LinkKind::Nvlink,
        link_gb_per_s: 450.0,
        price: PRICE_H100,
        source: H100_SRC,
        achievable_matmul: 1.0,
        plan_default: true,
    },
    Gpu {
        id: "h100-pcie",
        name: "H100 PCIe 80GB",
        memory_mib: 81_559.0,
        hbm_tb_per_s: 2.0,
        bf16_tflops: 756.5,
        fp8_tflops: Some(1513.0),
        int8_tops: 1513.0,
        fp4_tflops: None,
        link: LinkKind::Pcie,
        link_gb_per_s: 64.0,
        price: PricePreset {
            usd_per_gpu_hour: 2.49,
            source: "Lambda on-demand 1× H100 PCIe (lambda.ai/pricing, 2025); edit for your contract",
        },
        source: H100_SRC,
        achievable_matmul: 1.0,
        plan_default: true,
    },
    Gpu {
        id: "h200",
        name: "H200 141GB",
        memory_mib: 143_771.0,
        hbm_tb_per_s: 4.8,
        bf16_tflops: 989.4,
        fp8_tflops: Some(1978.9),
        int8_tops: 1978.9,
        fp4_tflops: None,
        link: LinkKind::Nvlink,
        link_gb_per_s: 450.0,
        price: PricePreset {
            usd_per_gpu_hour: 3.79,
            source: "typical neocloud on-demand H200 SXM rate, 2025 (e.g. Lambda, Nebius list prices); edit for your contract",
        },
        source: "https://www.nvidia.com/en-us/data-center/h200/ (141 GB HBM3e, 4.8 TB/s; H100 SXM compute); 143,771 MiB from nvidia-smi",
        achievable_matmul: 1.0,
        plan_default: true,
    },
    Gpu {
        id: "a100-80gb",
        name: "A100 SXM4 80GB",
        memory_mib: 81_920.0,
        hbm_tb_per_s: 2.039,
        bf16_tflops: 312.0,
        fp8_tflops: None,
        int8_tops: 624.0,
        fp4_tflops: None,
        link: LinkKind::Nvlink,
        link_gb_per_s: 300.0,
        price: PricePreset {
            usd_per_gpu_hour: 1.79,
            source: "Lambda on-demand 8× A100 SXM 80GB (lambda.ai/pricing, 2025); edit for your contract",
        },
        source: "https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/a100/pdf/nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf (2,039 GB/s, 312 BF16 TFLOPS, NVLink 600 GB/s)",
        achievable_matmul: 1.0,
        plan_default: true,
    },
    Gpu {
        id: "a100-40gb",
        name: "A100 SXM4 40GB",
        memory_mib: 40_960.0,
        hbm_tb_per_s: 1.555,
        bf16_tflops: 312.0,
        fp8_tflops: None,
        int8_tops: 624.0,
        fp4_tflops: None,
        link: LinkKind::Nvlink,
        link_gb_per_s: 300.0,
        price: PricePreset {
            usd_per_gpu_hour: 1.29,
            source: "Lambda on-demand 1× A100 40GB (lambda.ai/pricing, 2025); edit for your contract",
        },
        source: "https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/a100/pdf/nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf (1,555 GB/s, 312 BF16 TFLOPS)",
        achievable_matmul: 1.0,
        plan_default: true,
    },
    Gpu {
        id: "l40s",
        name: "L40S 48GB",
        memory_mib: 46_068.0,
        hbm_tb_per_s: 0.864,
        bf16_tflops: 362.05,
        fp8_tflops: Some(733.0),
        int8_tops: 733.0,
        fp4_tflops: None,
        link: LinkKind::Pcie,
        link_gb_per_s: 32.0,
        price: PricePreset {
            usd_per_gpu_hour: 1.25,
            source: "typical on-demand L40S rate, 2025 (neocloud list prices); edit for your contract",
        },
        source: "https://resources.nvidia.com/en-us-l40s/l40s-datasheet-28413 (48 GB GDDR6, 864 GB/s, 362 BF16 / 733 FP8 dense TFLOPS)",
        achievable_matmul: 1.0,
        plan_default: true,
    },
    Gpu {
        id: "l4",
        name: "L4 24GB",
        memory_mib: 23_034.0,
        hbm_tb_per_s: 0.3,
        bf16_tflops: 121.0,
        fp8_tflops: Some(242.5),
        int8_tops: 242.5,
        fp4_tflops: None,
        link: LinkKind::Pcie,
        link_gb_per_s: 32.0,
        price: PricePreset {
            usd_per_gpu_hour: 0.80,
            source: "GCP g2-standard-4 on-demand, us-central1 (cloud.google.com/compute/gpus-pricing, 2025); edit for your contract",
        },
        source: "https://www.nvidia.com/en-us/data-center/l4/ (24 GB GDDR6, 300 GB/s, 121 BF16 / 242.5 FP8 dense TFLOPS)",
        achievable_matmul: 1.0,
        plan_default: true,
    },
    Gpu {
        id: "a10g",
        name: "A10G 24GB",
        memory_mib: 23_028.0,
        hbm_tb_per_s: 0.6,
        bf16_tflops: 70.0,
        fp8_tflops: None,
        int8_tops: 140.0,
        fp4_tflops: None,
        link: LinkKind::Pcie,
        link_gb_per_s: 32.0,
        price: PricePreset {
            usd_per_gpu_hour: 1.01,
            source: "AWS g5.xlarge on-demand, us-east-1 (aws.amazon.com/ec2/instance-types/g5, 2025); edit for your contract",
        },
        source: "https://aws.amazon.com/ec2/instance-types/g5/ (A10G 24 GB, 600 GB/s); ~70 dense BF16 TFLOPS per NVIDIA A10G product brief",
        achievable_matmul: 1.0,
        plan_default: true,
    },
    Gpu {
        id: "b200",
        name: "B200 180GB",
        memory_mib: 183_359.0,
        hbm_tb_per_s: 8.0,
        bf16_tflops: 2250.0,
        fp8_tflops: Some(4500.0),
        int8_tops: 4500.0,
        fp4_tflops: Some(9000.0),
        link: LinkKind::Nvlink,
        link_gb_per_s: 900.0,
        price: PricePreset {
            usd_per_gpu_hour: 5.99,
            source: "typical neocloud on-demand B200 rate, 2025; edit for your contract",
        },
        source: "https://www.nvidia.com/en-us/data-center/hgx/ (HGX B200: 180 GB HBM3e, 8 TB/s, 2.25 PF BF16 / 4.5 PF FP8 / 9 PF FP4 dense, NVLink 5 1.8 TB/s)",
        achievable_matmul: 1.0,
        plan_default: true,
    },
    Gpu {
        id: "mi300x",
        name: "MI300X 192GB",
        memory_mib: 196_592.0,
        hbm_tb_per_s: 5.3,
        bf16_tflops: 1307.4,
        fp8_tflops: Some(2614.9),
        int8_tops: 2614.9,
        fp4_tflops: None,
        link: LinkKind::Xgmi,
        link_gb_per_s: 448.0,
        price: PricePreset {
            usd_per_gpu_hour: 2.49,
            source: "typical neocloud on-demand MI300X rate, 2025; edit for your contract",
        },
        source: "https://www.amd.com/en/products/accelerators/instinct/mi300/mi300x.html (192 GB HBM3, 5.3 TB/s, 1,307 BF16 / 2,615 FP8 dense TFLOPS, 896 GB/s Infinity Fabric)",
        // AMD's max-achievable FLOPs (ROCm blogs, "Measuring Max-Achievable FLOPs – Part 2",
        // 2025-02, hipBLASLt, ROCm 6.3): 708 BF16 / 1,273 FP8 TFLOPS at 1.2 GHz, 54.2 % / 48.7 %
        // of the datasheet; against the H100 SXM's 80.3 % / 70.9 %: 0.674 / 0.687, mean 0.68.
        achievable_matmul: 0.68,
        plan_default: true,
    },
    Gpu {
        id: "h100-nvl",
        name: "H100 NVL 94GB",
        memory_mib: 89_645.0,
        hbm_tb_per_s: 3.9,
        bf16_tflops: 835.5,
        fp8_tflops: Some(1670.5),
        int8_tops: 1670.5,
        fp4_tflops: None,
        link: LinkKind::Nvlink,
        link_gb_per_s: 300.0,
        price: PricePreset { usd_per_gpu_hour: 2.79, source: "typical on-demand H100 NVL rate, 2025 (neocloud list prices); edit for your contract" },
        source: "https://www.nvidia.com/en-us/data-center/h100/ (H100 NVL: 94 GB, 3.9 TB/s, 1,671 BF16 / 3,341 FP8 TFLOPS with sparsity, halved here; NVLink bridge 600 GB/s); memory is the nominal 94 GB",
        achievable_matmul: 1.0,
        plan_default: true,
    },
    Gpu {
        id: "h800",
        name: "H800 SXM 80GB",
        memory_mib: 81_559.0,
        hbm_tb_per_s: 3.35,
        bf16_tflops: 989.4,
        fp8_tflops: Some(1978.9),
        int8_tops: 1978.9,
        fp4_tflops: None,
        link: LinkKind::Nvlink,
        link_gb_per_s: 200.0,
        price: PricePreset { usd_per_gpu_hour: 2.99, source: "no public list price outside China; the H100 SXM rate is used; edit for your contract" },
        source: "H800 SXM: the H100 SXM die with NVLink cut to 400 GB/s (NVIDIA export-compliant part; see the DeepSeek-V3 technical report, §3.1)",
        achievable_matmul: 1.0,
        plan_default: true,
    },
    Gpu {
        id: "h20",
        name: "H20 96GB",
        memory_mib: 97_871.0,
        hbm_tb_per_s: 4.0,
        bf16_tflops: 148.0,
        fp8_tflops: Some(296.0),
        int8_tops: 296.0,
        fp4_tflops: None,
        link: LinkKind::Nvlink,
        link_gb_per_s: 450.0,
        price: PricePreset { usd_per_gpu_hour: 1.50, source: "rough rental rate in China, 2025 (no public list price); edit for your contract" },
        source: "NVIDIA HGX H20 product brief (96 GB HBM3, 4.0 TB/s, 148 BF16 / 296 FP8 dense TFLOPS, NVLink 900 GB/s); memory is the nominal 96 GiB less driver reserve, not checked",
        achievable_matmul: 1.0,
        plan_default: true,
    },
    Gpu {
        id: "gh200",
        name: "GH200 96GB",
        memory_mib: 97_871.0,
        hbm_tb_per_s: 4.0,
        bf16_tflops: 989.4,
        fp8_tflops: Some(1978.9),
        int8_tops: 1978.9,
        fp4_tflops: None,
        link: LinkKind::Nvlink,
        link_gb_per_s: 450.0,
        price: PricePreset { usd_per_gpu_hour: 1.49, source: "Lambda on-demand 1× GH200 (lambda.ai/pricing, 2025); edit for your contract" },
        source: "https://www.nvidia.com/en-us/data-center/grace-hopper-superchip/ (GH200 96 GB HBM3, 4 TB/s, H100 compute); memory is nominal, not checked",
        achievable_matmul: 1.0,
        plan_default: true,
    },
    Gpu {
        id: "gb200",
        name: "GB200 (per Blackwell GPU)",
        memory_mib: 177_381.0,
        hbm_tb_per_s: 8.0,
        bf16_tflops: 2500.0,
        fp8_tflops: Some(5000.0),
        int8_tops: 5000.0,
        fp4_tflops: Some(10000.0),
        link: LinkKind::Nvlink,
        link_gb_per_s: 900.0,
        price: PricePreset { usd_per_gpu_hour: 6.99, source: "typical GB200 NVL72 rental per GPU, 2025; edit for your contract" },
        source: "https://www.nvidia.com/en-us/data-center/gb200-nvl72/ (per GPU: 186 GB HBM3e, 8 TB/s, 2.5 PF BF16 / 5 PF FP8 / 10 PF FP4 dense, NVLink 5 1.8 TB/s); memory is nominal",
        achievable_matmul: 1.0,
        plan_default: true,
    },
    Gpu {
        id: "a100-pcie",
        name: "A100 PCIe 80GB",
        memory_mib: 81_920.0,
        hbm_tb_per_s: 1.935,
        bf16_tflops: 312.0,
        fp8_tflops: None,
        int8_tops: 624.0,
        fp4_tflops: None,
        link: LinkKind::Pcie,
        link_gb_per_s: 32.0,
        price: PricePreset { usd_per_gpu_hour: 1.79, source: "typical on-demand A100 80GB rate, 2025; edit for your contract" },
        source: "https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/a100/pdf/nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf (A100 80GB PCIe: 1,935 GB/s, 312 BF16 TFLOPS)",
        achievable_matmul: 1.0,
        plan_default: true,
    },
    Gpu {
        id: "rtx-4090",
        name: "GeForce RTX 4090 24GB",
        memory_mib: 24_564.0,
        hbm_tb_per_s: 1.008,
        bf16_tflops: 165.2,
        fp8_tflops: Some(330.3),
        int8_tops: 660.6,
        fp4_tflops: None,
        link: LinkKind::Pcie,
        link_gb_per_s: 32.0,
        price: PricePreset { usd_per_gpu_hour: 0.40, source: "typical community-cloud RTX 4090 rate, 2025; edit for your contract" },
        source: "NVIDIA Ada GPU architecture whitepaper, RTX 4090: 1,008 GB/s GDDR6X, 165.2 FP16 (FP16 accumulate) / 330.3 FP8 dense tensor TFLOPS; 24,564 MiB from nvidia-smi",
        achievable_matmul: 1.0,
        plan_default: true,
    },
    Gpu {
        id: "rtx-6000-ada",
        name: "RTX 6000 Ada 48GB",
        memory_mib: 49_140.0,
        hbm_tb_per_s: 0.96,
        bf16_tflops: 364.2,
        fp8_tflops: Some(728.5),
        int8_tops: 728.5,
        fp4_tflops: None,
        link: LinkKind::Pcie,
        link_gb_per_s: 32.0,
        price: PricePreset { usd_per_gpu_hour: 0.80, source: "typical on-demand RTX 6000 Ada rate, 2025; edit for your contract" },
        source: "https://www.nvidia.com/en-us/design-visualization/rtx-6000/ (48 GB GDDR6, 960 GB/s, 1,457 FP8 TFLOPS with sparsity, halved here)",
        achievable_matmul: 1.0,
        plan_default: true,
    },
    Gpu {
        id: "mi325x",
        name: "MI325X 256GB",
        memory_mib: 262_128.0,
        hbm_tb_per_s: 6.0,
        bf16_tflops: 1307.4,
        fp8_tflops: Some(2614.9),
        int8_tops: 2614.9,
        fp4_tflops: None,
        link: LinkKind::Xgmi,
        link_gb_per_s: 448.0,
        price: PricePreset { usd_per_gpu_hour: 2.99, source: "typical neocloud on-demand MI325X rate, 2025; edit for your contract" },
        source: "https://www.amd.com/en/products/accelerators/instinct/mi300/mi325x.html (256 GB HBM3e, 6 TB/s, 1,307 BF16 / 2,615 FP8 dense TFLOPS)",
        // AMD's max-achievable FLOPs (same source as the MI300X): 843 BF16 / 1,519 FP8 TFLOPS,
        // 64.5 % / 58.1 % of the datasheet; against the H100 SXM's: 0.803 / 0.819, mean 0.81.
        achievable_matmul: 0.81,
        plan_default: true,
    },
    Gpu {
        id: "mi355x",
        name: "MI355X 288GB",
        memory_mib: 294_912.0,
        hbm_tb_per_s: 8.0,
        bf16_tflops: 2516.6,
        fp8_tflops: Some(5033.2),
        int8_tops: 5033.2,
        fp4_tflops: Some(10066.3),
        link: LinkKind::Xgmi,
        link_gb_per_s: 537.6,
        price: PricePreset { usd_per_gpu_hour: 3.49, source: "rough neocloud on-demand MI355X rate, 2026 (few public list prices); edit for your contract" },
        source: "https://www.amd.com/en/products/accelerators/instinct/mi350/mi355x.html (288 GB HBM3E, 8 TB/s; 2.5 PF FP16 / 5.0 PF FP8 / 10 PF MXFP4 dense, 1,075 GB/s Infinity Fabric peak); memory is the nominal 288 GiB, as the MI300X's 192 GB reports 192 GiB",
        achievable_matmul: 1.0,
        plan_default: true,
    },
    Gpu {
        id: "b300",
        name: "B300 288GB",
        memory_mib: 293_376.0,
        hbm_tb_per_s: 8.0,
        bf16_tflops: 2250.0,
        fp8_tflops: Some(4500.0),
        int8_tops: 125.0,
        fp4_tflops: Some(13500.0),
        link: LinkKind::Nvlink,
        link_gb_per_s: 900.0,
        price: PricePreset { usd_per_gpu_hour: 6.99, source: "rough neocloud on-demand B300 rate, 2026; edit for your contract" },
        source: "https://www.nvidia.com/en-us/data-center/hgx/ (HGX B300, 8 GPUs: 2.3 TB HBM3e, 8 TB/s each; FP4 144 | 108 PF sparse | dense, FP8 72 PF, FP16/BF16 36 PF, INT8 2 POPS, all sparse but FP4: halved here; NVLink 5 1.8 TB/s); memory scaled from the B200's 180 GB = 183,359 MiB",
        achievable_matmul: 1.0,
        plan_default: true,
    },
    Gpu {
        id: "gb300",
        name: "GB300 (Blackwell Ultra, NVL72) 288GB",
        memory_mib: 293_376.0,
        hbm_tb_per_s: 8.0,
        bf16_tflops: 2500.0,
        fp8_tflops: Some(5000.0),
        int8_tops: 160.0,
        fp4_tflops: Some(15000.0),
        link: LinkKind::Nvlink,
        link_gb_per_s: 900.0,
        price: PricePreset { usd_per_gpu_hour: 7.49, source: "rough neocloud GB300 NVL72 rate per GPU, 2026; edit for your contract" },
        source: "https://www.nvidia.com/en-us/data-center/gb300-nvl72/ (72 GPUs: FP4 1,440 | 1,080 PF sparse | dense, FP8 720 PF, FP16/BF16 360 PF, INT8 23 POPS, sparse: halved here; up to 21 TB HBM3e at 576 TB/s = 288 GB and 8 TB/s a GPU; NVLink 5 130 TB/s = 1.8 TB/s a GPU); memory as for b300",
        achievable_matmul: 1.0,
        plan_default: true,
    },
    Gpu {
        id: "rtx-3090",
        name: "GeForce RTX 3090 24GB",
        memory_mib: 24_576.0,
        hbm_tb_per_s: 0.936,
        bf16_tflops: 71.0,
        fp8_tflops: None,
        int8_tops: 284.0,
        fp4_tflops: None,
        link: LinkKind::Pcie,
        link_gb_per_s: 32.0,
        price: PricePreset { usd_per_gpu_hour: 0.22, source: "typical community-cloud RTX 3090 rate, 2025; edit for your contract" },
        source: "NVIDIA Ampere GA102 GPU architecture whitepaper, RTX 3090: 936 GB/s GDDR6X, 71 FP16/BF16 (FP32 accumulate) / 284 INT8 dense tensor TFLOPS; 24 GiB",
        achievable_matmul: 1.0,
        plan_default: true,
    },
    Gpu {
        id: "rtx-5090",
        name: "GeForce RTX 5090 32GB",
        memory_mib: 32_607.0,
        hbm_tb_per_s: 1.792,
        bf16_tflops: 209.5,
        fp8_tflops: Some(419.0),
        int8_tops: 838.0,
        fp4_tflops: Some(1676.0),
        link: LinkKind::Pcie,
        link_gb_per_s: 64.0,
        price: PricePreset { usd_per_gpu_hour: 0.69, source: "typical community-cloud RTX 5090 rate, 2025; edit for your contract" },
        source: "NVIDIA RTX Blackwell GPU architecture whitepaper, RTX 5090: 32 GB GDDR7, 1,792 GB/s; FP32-accumulate tensor rates 209.5 FP16/BF16, 419 FP8 dense, FP4 3,352 AI TOPS sparse = 1,676 dense; PCIe 5.0 x16; 32,607 MiB from nvidia-smi",
        achievable_matmul: 1.0,
        plan_default: true,
    },
    Gpu {
        id: "a30",
        name: "A30 24GB",
        memory_mib: 24_576.0,
        hbm_tb_per_s: 0.933,
        bf16_tflops: 165.0,
        fp8_tflops: None,
        int8_tops: 330.0,
        fp4_tflops: None,
        link: LinkKind::Pcie,
        link_gb_per_s: 32.0,
        price: PricePreset { usd_per_gpu_hour: 0.60, source: "rough cloud A30 rate, 2025; edit for your contract" },
        source: "https://www.nvidia.com/en-us/data-center/products/a30-gpu/ (24 GB HBM2, 933 GB/s, 165 BF16 / 330 INT8 dense tensor TFLOPS, PCIe Gen4 64 GB/s, NVLink bridge for two cards 200 GB/s); memory is the nominal 24 GiB",
        achievable_matmul: 1.0,
        plan_default: true,
    },
    Gpu {
        id: "v100-16gb",
        name: "V100 16GB",
        memory_mib: 16_160.0,
        hbm_tb_per_s: 0.9,
        bf16_tflops: 125.0,
        fp8_tflops: None,
        int8_tops: 62.8,
        fp4_tflops: None,
        link: LinkKind::Nvlink,
        link_gb_per_s: 150.0,
        price: PricePreset { usd_per_gpu_hour: 0.30, source: "rough community-cloud V100 16GB rate, 2025; edit for your contract" },
        source: "https://images.nvidia.com/content/technologies/volta/pdf/volta-v100-datasheet-update-us-1165301-r5.pdf (V100 SXM2 16 GB: the 32 GB part's 900 GB/s HBM2, 125 FP16 tensor TFLOPS and NVLink 300 GB/s with half the memory); 16,160 MiB from nvidia-smi",
        achievable_matmul: 1.0,
        plan_default: true,
    },
    Gpu {
        id: "v100",
        name: "V100 SXM2 32GB",
        memory_mib: 32_510.0,
        hbm_tb_per_s: 0.9,
        bf16_tflops: 125.0,
        fp8_tflops: None,
        int8_tops: 62.8,
        fp4_tflops: None,
        link: LinkKind::Nvlink,
        link_gb_per_s: 150.0,
        price: PricePreset { usd_per_gpu_hour: 0.40, source: "rough community-cloud V100 rate, 2025; edit for your contract" },
        source: "https://images.nvidia.com/content/technologies/volta/pdf/volta-v100-datasheet-update-us-1165301-r5.pdf (V100 SXM2: 32 GB HBM2, 900 GB/s, 125 FP16 tensor TFLOPS (no BF16: 16-bit weights run as FP16), NVLink 300 GB/s; no INT8 tensor cores: DP4A at 4 × 15.7 FP32 TFLOPS); 32,510 MiB from nvidia-smi",
        achievable_matmul: 1.0,
        plan_default: true,
    },
    Gpu {
        id: "gaudi2",
        name: "Intel Gaudi 2 96GB",
        memory_mib: 98_304.0,
        hbm_tb_per_s: 2.46,
        bf16_tflops: 432.0,
        fp8_tflops: Some(865.0),
        int8_tops: 865.0,
        fp4_tflops: None,
        link: LinkKind::Roce,
        link_gb_per_s: 262.5,
        price: PricePreset { usd_per_gpu_hour: 1.30, source: "rough cloud Gaudi 2 rate, 2025 (few public list prices); edit for your contract" },
        source: "Intel Gaudi 3 AI Accelerator white paper (2024), Gaudi 2 column: 96 GB HBM2e, 2.46 TB/s, 432 BF16 / 865 FP8 MME TFLOPS, 24 × 100 GbE RoCE of which 21 scale up inside a node (262.5 GB/s a direction); INT8 taken as FP8",
        achievable_matmul: 1.0,
        plan_default: false,
    },
    Gpu {
        id: "gaudi3",
        name: "Intel Gaudi 3 128GB",
        memory_mib: 131_072.0,
        hbm_tb_per_s: 3.7,
        bf16_tflops: 1835.0,
        fp8_tflops: Some(1835.0),
        int8_tops: 1835.0,
        fp4_tflops: None,
        link: LinkKind::Roce,
        link_gb_per_s: 525.0,
        price: PricePreset { usd_per_gpu_hour: 2.50, source: "rough cloud Gaudi 3 rate, 2025 (few public list prices); edit for your contract" },
        source: "Intel Gaudi 3 AI Accelerator white paper (2024): 128 GB HBM2e, 3.7 TB/s, 1,835 BF16 and FP8 MME TFLOPS, 24 × 200 GbE RoCE of which 21 scale up inside a node (525 GB/s a direction); INT8 taken as FP8",
        achievable_matmul: 1.0,
        plan_default: false,
    },
    Gpu {
        id: "tpu-v5e",
        name: "Google TPU v5e 16GB",
        memory_mib: 16_384.0,
        hbm_tb_per_s: 0.819,
        bf16_tflops: 197.0,
        fp8_tflops: None,
        int8_tops: 393.0,
        fp4_tflops: None,
        link: LinkKind::Ici,
        link_gb_per_s: 200.0,
        price: PricePreset { usd_per_gpu_hour: 1.20, source: "Google Cloud TPU v5e on-demand price per chip-hour (cloud.google.com/tpu/pricing, 2025); edit for your contract" },
        source: "https://cloud.google.com/tpu/docs/v5e (per chip: 197 BF16 TFLOPS, 393 INT8 TOPS, 16 GB HBM2 at 819 GB/s, 400 GB/s bidirectional ICI)",
        achievable_matmul: 1.0,
        plan_default: false,
    },
    Gpu {
        id: "tpu-v6e",
        name: "Google TPU v6e (Trillium) 32GB",
        memory_mib: 32_768.0,
        hbm_tb_per_s: 1.638,
        bf16_tflops: 918.0,
        fp8_tflops: None,
        int8_tops: 1836.0,
        fp4_tflops: None,
        link: LinkKind::Ici,
        link_gb_per_s: 400.0,
        price: PricePreset { usd_per_gpu_hour: 2.70, source: "Google Cloud TPU v6e on-demand price per chip-hour (cloud.google.com/tpu/pricing, 2025); edit for your contract" },
        source: "https://cloud.google.com/tpu/docs/v6e (per chip: 918 BF16 TFLOPS, 1,836 INT8 TOPS, 32 GB HBM at 1,638 GB/s, 800 GB/s bidirectional ICI)",
        achievable_matmul: 1.0,
        plan_default: false,
    },
    Gpu {
        id: "m1-max",
        name: "Apple M1 Max (32-core GPU, 64 GB)",
        memory_mib: 49_152.0,
        hbm_tb_per_s: 0.4,
        bf16_tflops: 10.4,
        fp8_tflops: None,
        int8_tops: 10.4,
        fp4_tflops: None,
        link: LinkKind::None,
        link_gb_per_s: 0.0,
        price: PricePreset { usd_per_gpu_hour: 0.15, source: "no rental market: a 64 GB M1 Max machine (~$3,900) over 3 years, power not counted; edit for yours" },
        source: APPLE_SRC,
        achievable_matmul: 1.0,
        plan_default: false,
    },
    Gpu {
        id: "m2-max",
        name: "Apple M2 Max (38-core GPU, 96 GB)",
        memory_mib: 73_728.0,
        hbm_tb_per_s: 0.4,
        bf16_tflops: 13.6,
        fp8_tflops: None,
        int8_tops: 13.6,
        fp4_tflops: None,
        link: LinkKind::None,
        link_gb_per_s: 0.0,
        price: PricePreset { usd_per_gpu_hour: 0.16, source: "no rental market: a 96 GB M2 Max machine (~$4,300) over 3 years, power not counted; edit for yours" },
        source: APPLE_SRC,
        achievable_matmul: 1.0,
        plan_default: false,
    },
    Gpu {
        id: "m2-ultra",
        name: "Apple M2 Ultra (76-core GPU, 192 GB)",
        memory_mib: 147_456.0,
        hbm_tb_per_s: 0.8,
        bf16_tflops: 27.2,
        fp8_tflops: None,
        int8_tops: 27.2,
        fp4_tflops: None,
        link: LinkKind::None,
        link_gb_per_s: 0.0,
        price: PricePreset { usd_per_gpu_hour: 0.25, source: "no rental market: a 192 GB M2 Ultra Mac Studio (~$6,600) over 3 years, power not counted; edit for yours" },
        source: APPLE_SRC,
        achievable_matmul: 1.0,
        plan_default: false,
    },
    Gpu {
        id: "m3-max",
        name: "Apple M3 Max (40-core GPU, 128 GB)",
        memory_mib: 98_304.0,
        hbm_tb_per_s: 0.4,
        bf16_tflops: 14.1,
        fp8_tflops: None,
        int8_tops: 14.1,
        fp4_tflops: None,
        link: LinkKind::None,
        link_gb_per_s: 0.0,
        price: PricePreset { usd_per_gpu_hour: 0.19, source: "no rental market: a 128 GB M3 Max machine (~$5,000) over 3 years, power not counted; edit for yours" },
        source: APPLE_SRC,
        achievable_matmul: 1.0,
        plan_default: false,
    },
    Gpu {
        id: "m3-ultra",
        name: "Apple M3 Ultra (80-core GPU, 512 GB)",
        memory_mib: 393_216.0,
        hbm_tb_per_s: 0.819,
        bf16_tflops: 28.3,
        fp8_tflops: None,
        int8_tops: 28.3,
        fp4_tflops: None,
        link: LinkKind::None,
        link_gb_per_s: 0.0,
        price: PricePreset { usd_per_gpu_hour: 0.36, source: "no rental market: a 512 GB M3 Ultra Mac Studio (~$9,500) over 3 years, power not counted; edit for yours" },
        source: APPLE_SRC,
        achievable_matmul: 1.0,
        plan_default: false,
    },
    Gpu {
        id: "m4-max",
        name: "Apple M4 Max (40-core GPU, 128 GB)",
        memory_mib: 98_304.0,
        hbm_tb_per_s: 0.546,
        bf16_tflops: 16.2,
        fp8_tflops: None,
        int8_tops: 16.2,
        fp4_tflops: None,
        link: LinkKind::None,
        link_gb_per_s: 0.0,
        price: PricePreset { usd_per_gpu_hour: 0.18, source: "no rental market: a 128 GB M4 Max machine (~$4,700) over 3 years, power not counted; edit for yours" },
        source: APPLE_SRC,
        achievable_matmul: 1.0,
        plan_default: false,
    },
];

/// Ids that name a GPU family without its variant, and the variants they may mean (the first is
/// assumed when nothing else decides).
pub static AMBIGUOUS_GPUS: &[(&str, &[&str])] = &[
    ("h100", &["h100-sxm", "h100-pcie"]),
    ("a100", &["a100-80gb", "a100-40gb", "a100-pcie"]),
];

/// The ambiguous family ids alone.
pub static AMBIGUOUS_GPUS_IDS: &[&str] = &["h100", "a100"];

/// Looks a GPU up by exact id (case-insensitive).
pub fn gpu(id: &str) -> Option<&'static Gpu> {
    GPUS.iter().find(|g| g.id.eq_ignore_ascii_case(id))
}

/// A GPU as a table cell or a note names it: the first word as an exact id (`h100-sxm (nvidia-smi
/// …)`), or a family id ([`AMBIGUOUS_GPUS`]) whose variant the rest of the text names
/// (`a100 (… A100-SXM4-40GB, inferred)` → `a100-40gb`: the part of the variant's id after the
/// family, `40gb`, `pcie`, `sxm`, found in the text with its dashes and spaces removed) or,
/// when nothing names one, the family's first variant, as [`AMBIGUOUS_GPUS`] assumes. The flag
/// is true when the variant was chosen rather than written. `None` for an unknown first word.
pub fn gpu_in_text(text: &str) -> Option<(&'static Gpu, bool)> {
    let text = text.trim_start();
    let first = text.split_whitespace().next()?;
    if let Some(g) = gpu(first) {
        return Some((g, false));
    }
    let (family, variants) = AMBIGUOUS_GPUS
        .iter()
        .find(|(fam, _)| fam.eq_ignore_ascii_case(first))?;
    let squashed: String = text[first.len()..]
        .to_ascii_lowercase()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect();
    let named = variants.iter().find(|v| {
        let suffix: String = v[family.len()..]
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .collect();
        !suffix.is_empty() && squashed.contains(&suffix)
    });
    Some((gpu(named.unwrap_or(&variants[0]))?, true))
}

/// The variants an id may mean: itself when exact, the family's variants when ambiguous,
/// empty when unknown.
pub fn gpu_variants(id: &str) -> Vec<&'static Gpu> {
    if let Some(g) = gpu(id) {
        return vec![g];
    }
    AMBIGUOUS_GPUS
        .iter()
        .find(|(fam, _)| fam.eq_ignore_ascii_case(id))
        .map(|(_, vs)| vs.iter().filter_map(|v| gpu(v)).collect())
        .unwrap_or_default()
}
