//! Quantities with their units in their types.
//!
//! Every value that crosses a public API of the core is one of these types (or a named field whose
//! name carries the unit). Conversions between units live here and nowhere else. The number is
//! private: build one with `new` or a `from_…` conversion, read it with `value()` or a unit
//! accessor (`gb()`, `ms()`). Each serializes as the bare number (`#[serde(transparent)]`).

use serde::{Deserialize, Serialize};
use std::ops::{Add, Div, Mul, Sub};

macro_rules! quantity {
    ($(#[$doc:meta])* $name:ident, $unit:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Default, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(tsify::Tsify))]
        #[serde(transparent)]
        pub struct $name(f64);

        impl $name {
            /// The quantity of `v` in [`Self::UNIT`].
            #[must_use]
            pub const fn new(v: f64) -> Self {
                Self(v)
            }
            /// The unit this quantity is expressed in, as shown to users.
            pub const UNIT: &'static str = $unit;
            /// The raw number in [`Self::UNIT`].
            pub fn value(self) -> f64 {
                self.0
            }
            /// True when the value is finite (not NaN, not ±inf).
            pub fn is_finite(self) -> bool {
                self.0.is_finite()
            }
            /// The smaller of two quantities.
            pub fn min(self, other: Self) -> Self {
                Self(self.0.min(other.0))
            }
            /// The larger of two quantities.
            pub fn max(self, other: Self) -> Self {
                Self(self.0.max(other.0))
            }
        }
        impl Add for $name {
            type Output = Self;
            fn add(self, o: Self) -> Self {
                Self(self.0 + o.0)
            }
        }
        impl Sub for $name {
            type Output = Self;
            fn sub(self, o: Self) -> Self {
                Self(self.0 - o.0)
            }
        }
        impl Mul<f64> for $name {
            type Output = Self;
            fn mul(self, k: f64) -> Self {
                Self(self.0 * k)
            }
        }
        impl Div<f64> for $name {
            type Output = Self;
            fn div(self, k: f64) -> Self {
                Self(self.0 / k)
            }
        }
        impl Div for $name {
            type Output = f64;
            fn div(self, o: Self) -> f64 {
                self.0 / o.0
            }
        }
    };
}

quantity!(
    /// A size in bytes (SI prefixes for GB/TB, binary for GiB/MiB, see the constructors).
    Bytes,
    "B"
);
quantity!(
    /// A duration in seconds.
    Seconds,
    "s"
);
quantity!(
    /// Floating-point (or integer tensor) operations; peak rates are [`FlopsPerSecond`].
    Flops,
    "FLOP"
);
quantity!(
    /// A compute rate in FLOP/s.
    FlopsPerSecond,
    "FLOP/s"
);
quantity!(
    /// A bandwidth in bytes per second.
    BytesPerSecond,
    "B/s"
);
quantity!(
    /// A count of tokens (prompt, output, context, KV capacity); fractional for means.
    Tokens,
    "tokens"
);
quantity!(
    /// US dollars.
    Usd,
    "USD"
);
quantity!(
    /// A GPU rental price in US dollars per GPU-hour.
    UsdPerGpuHour,
    "USD/GPU-h"
);

impl Bytes {
    /// Bytes from decimal gigabytes (1 GB = 10^9 B), as spec sheets state HBM sizes.
    pub fn from_gb(gb: f64) -> Self {
        Bytes(gb * 1e9)
    }
    /// Bytes from mebibytes (1 MiB = 2^20 B), as `nvidia-smi` reports memory.
    pub fn from_mib(mib: f64) -> Self {
        Bytes(mib * 1_048_576.0)
    }
    /// Bytes from gibibytes (1 GiB = 2^30 B).
    pub fn from_gib(gib: f64) -> Self {
        Bytes(gib * 1_073_741_824.0)
    }
    /// This size in decimal gigabytes.
    pub fn gb(self) -> f64 {
        self.0 / 1e9
    }
    /// This size in gibibytes.
    pub fn gib(self) -> f64 {
        self.0 / 1_073_741_824.0
    }
}

impl Seconds {
    /// Seconds from milliseconds.
    pub fn from_ms(ms: f64) -> Self {
        Seconds(ms / 1e3)
    }
    /// Seconds from microseconds.
    pub fn from_us(us: f64) -> Self {
        Seconds(us / 1e6)
    }
    /// This duration in milliseconds.
    pub fn ms(self) -> f64 {
        self.0 * 1e3
    }
}

impl FlopsPerSecond {
    /// FLOP/s from TFLOP/s (10^12), the unit of GPU spec sheets.
    pub fn from_tflops(t: f64) -> Self {
        FlopsPerSecond(t * 1e12)
    }
    /// This rate in TFLOP/s.
    pub fn tflops(self) -> f64 {
        self.0 / 1e12
    }
}

impl BytesPerSecond {
    /// B/s from TB/s (10^12 B/s), the unit of HBM bandwidth on spec sheets.
    pub fn from_tb_per_s(t: f64) -> Self {
        BytesPerSecond(t * 1e12)
    }
    /// B/s from GB/s (10^9 B/s).
    pub fn from_gb_per_s(g: f64) -> Self {
        BytesPerSecond(g * 1e9)
    }
    /// This bandwidth in TB/s.
    pub fn tb_per_s(self) -> f64 {
        self.0 / 1e12
    }
}

impl Div<BytesPerSecond> for Bytes {
    type Output = Seconds;
    fn div(self, bw: BytesPerSecond) -> Seconds {
        Seconds(self.0 / bw.0)
    }
}

impl Div<FlopsPerSecond> for Flops {
    type Output = Seconds;
    fn div(self, rate: FlopsPerSecond) -> Seconds {
        Seconds(self.0 / rate.0)
    }
}

impl Div<Seconds> for Bytes {
    type Output = BytesPerSecond;
    fn div(self, t: Seconds) -> BytesPerSecond {
        BytesPerSecond(self.0 / t.0)
    }
}

impl UsdPerGpuHour {
    /// The cost of `gpu_seconds` GPU-seconds at this price.
    pub fn cost_of(self, gpu_seconds: Seconds) -> Usd {
        Usd(self.0 * gpu_seconds.0 / 3600.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mib_and_gb_conversions() {
        // 81,559 MiB (H100 driver value) = 85,520,809,984 bytes = 85.52 GB.
        assert_eq!(Bytes::from_mib(81_559.0).0, 85_520_809_984.0);
        assert!((Bytes::from_gib(1.0).gb() - 1.073_741_824).abs() < 1e-12);
    }

    #[test]
    fn transfer_time_is_bytes_over_bandwidth() {
        // 70 GB at 3.35 TB/s = 20.9 ms.
        let t = Bytes::from_gb(70.0) / BytesPerSecond::from_tb_per_s(3.35);
        assert!((t.ms() - 20.895_522).abs() < 1e-3);
    }

    #[test]
    fn gpu_hour_cost() {
        // 1,800 GPU-seconds at $2/GPU-h = half an hour = $1.
        assert!((UsdPerGpuHour(2.0).cost_of(Seconds(1800.0)).0 - 1.0).abs() < 1e-12);
    }
}
