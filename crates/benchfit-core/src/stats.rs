//! Latency summaries: mean and the p50/p90/p95/p99 percentiles.

use serde::{Deserialize, Serialize};

/// Mean and percentiles of one latency, in milliseconds (field names carry no unit because the
/// enclosing key does: `latency_ms.ttft.p95`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct Percentiles {
    /// Arithmetic mean.
    pub mean: f64,
    /// Median.
    pub p50: f64,
    /// 90th percentile.
    pub p90: f64,
    /// 95th percentile.
    pub p95: f64,
    /// 99th percentile.
    pub p99: f64,
}

impl Percentiles {
    /// Every statistic equal to `v`.
    pub fn constant(v: f64) -> Self {
        Self {
            mean: v,
            p50: v,
            p90: v,
            p95: v,
            p99: v,
        }
    }

    /// A value uniformly distributed on `[lo, hi]`: quantile q is `lo + q (hi − lo)`.
    pub fn uniform(lo: f64, hi: f64) -> Self {
        let q = |p: f64| lo + p * (hi - lo);
        Self {
            mean: q(0.5),
            p50: q(0.5),
            p90: q(0.9),
            p95: q(0.95),
            p99: q(0.99),
        }
    }

    /// `low` with probability `1 − f`, `high` with probability `f` (in either order of size:
    /// the percentiles are those of the smaller and the larger value).
    pub fn two_point(low: f64, high: f64, f: f64) -> Self {
        let f = f.clamp(0.0, 1.0);
        let (small, large, f_large) = if high >= low {
            (low, high, f)
        } else {
            (high, low, 1.0 - f)
        };
        let q = |p: f64| if p <= 1.0 - f_large { small } else { large };
        Self {
            mean: low * (1.0 - f) + high * f,
            p50: q(0.5),
            p90: q(0.9),
            p95: q(0.95),
            p99: q(0.99),
        }
    }

    /// Every statistic plus `d`.
    pub fn shifted(self, d: f64) -> Self {
        Self {
            mean: self.mean + d,
            p50: self.p50 + d,
            p90: self.p90 + d,
            p95: self.p95 + d,
            p99: self.p99 + d,
        }
    }

    /// True when every statistic is finite.
    pub fn is_finite(&self) -> bool {
        [self.mean, self.p50, self.p90, self.p95, self.p99]
            .iter()
            .all(|v| v.is_finite())
    }
}

/// The q-quantile (0–1) of sorted values, linear interpolation between order statistics
/// (numpy's default, "type 7"): position `q (n − 1)`. NaN for an empty slice.
pub fn quantile_sorted(sorted: &[f64], q: f64) -> f64 {
    let n = sorted.len();
    if n == 0 {
        return f64::NAN;
    }
    let pos = q.clamp(0.0, 1.0) * (n - 1) as f64;
    let lo = pos.floor() as usize;
    let hi = pos.ceil() as usize;
    sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo as f64)
}

/// The indices `0..n` in the stable order `cmp` gives (`cmp` is called with two indices; ties
/// keep their index order). Pair it with [`apply_order`] to sort a vector:
/// `let o = stable_order(v.len(), &|a, b| v[a].x.total_cmp(&v[b].x)); apply_order(&mut v, &o);`
///
/// One non-generic sort serves every call site: each `sort_by` with its own closure would
/// instantiate the standard library's driftsort again (about 5 KB of wasm each; nine of them
/// were 45 KB of the page's code before this helper). The comparison goes through a `dyn`
/// call, which costs nothing measurable at the sizes sorted here (at most a few 10,000 items).
pub(crate) fn stable_order(
    n: usize,
    cmp: &dyn Fn(usize, usize) -> std::cmp::Ordering,
) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    sort_usizes(&mut order, &|a, b| cmp(a, b).then(a.cmp(&b)));
    order
}

/// Sorts `v` by `cmp`, not stably: the one instantiation of the standard library's unstable sort
/// (with [`stable_order`]; `sort_unstable()` on a `Vec<usize>` elsewhere would be another 3 KB
/// of the page's wasm). `sort_usizes(v, &|a, b| a.cmp(&b))` sorts ascending.
pub(crate) fn sort_usizes(v: &mut [usize], cmp: &dyn Fn(usize, usize) -> std::cmp::Ordering) {
    v.sort_unstable_by(|&a, &b| cmp(a, b));
}

/// Rearranges `items` in place so that position k holds the item that was at `order[k]`, by
/// following each cycle of the permutation once (n swaps at most). `order` is a permutation of
/// `0..items.len()` (from [`stable_order`]); a cycle that leaves the slice stops there instead
/// of panicking.
pub(crate) fn apply_order<T>(items: &mut [T], order: &[usize]) {
    let n = items.len().min(order.len());
    let mut done = vec![false; n];
    for start in 0..n {
        let mut k = start;
        while !done[k] {
            done[k] = true;
            let src = order[k];
            if src == start || src >= n {
                break;
            }
            items.swap(k, src);
            k = src;
        }
    }
}

/// Mean and p50/p90/p95/p99 of the values (sorted in place; NaNs are dropped first). None when
/// there are no values.
pub fn summarize(values: &mut Vec<f64>) -> Option<Percentiles> {
    values.retain(|v| !v.is_nan());
    if values.is_empty() {
        return None;
    }
    // Unstable is exact here (values equal under `total_cmp` are the same bits) and saves the
    // page a stable-sort instantiation (issue 13's size budget).
    values.sort_unstable_by(f64::total_cmp);
    let mean = values.iter().sum::<f64>() / values.len() as f64;
    let q = |p| quantile_sorted(values, p);
    Some(Percentiles {
        mean,
        p50: q(0.5),
        p90: q(0.9),
        p95: q(0.95),
        p99: q(0.99),
    })
}

/// Values with integer multiplicities: a million equal inter-token gaps cost one entry.
/// Quantiles are those of the expanded multiset (same interpolation as [`quantile_sorted`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct WeightedSamples {
    items: Vec<(f64, u64)>,
    total: u64,
    sum: f64,
}

impl WeightedSamples {
    /// Empty.
    pub fn new() -> Self {
        Self::default()
    }
    /// Adds `value` `count` times (NaN and zero counts are ignored).
    pub fn add(&mut self, value: f64, count: u64) {
        if count == 0 || value.is_nan() {
            return;
        }
        self.items.push((value, count));
        self.total += count;
        self.sum += value * count as f64;
    }
    /// How many values.
    pub fn count(&self) -> u64 {
        self.total
    }
    /// Mean and percentiles; None when empty.
    pub fn summarize(&mut self) -> Option<Percentiles> {
        if self.total == 0 {
            return None;
        }
        let items = &self.items;
        let order = stable_order(items.len(), &|a, b| items[a].0.total_cmp(&items[b].0));
        apply_order(&mut self.items, &order);
        let n = self.total;
        // The k-th smallest (0-based) of the expanded multiset.
        let nth = |items: &[(f64, u64)], k: u64| -> f64 {
            let mut seen = 0;
            for &(v, c) in items {
                seen += c;
                if k < seen {
                    return v;
                }
            }
            items.last().map(|x| x.0).unwrap_or(f64::NAN)
        };
        let q = |p: f64| {
            let pos = p * (n - 1) as f64;
            let lo = pos.floor() as u64;
            let hi = pos.ceil() as u64;
            let (a, b) = (nth(&self.items, lo), nth(&self.items, hi));
            a + (b - a) * (pos - lo as f64)
        };
        Some(Percentiles {
            mean: self.sum / n as f64,
            p50: q(0.5),
            p90: q(0.9),
            p95: q(0.95),
            p99: q(0.99),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::{apply_order, stable_order, Percentiles};

    #[test]
    fn stable_order_sorts_by_key_and_keeps_ties_in_place() {
        // Keys 3, 1, 3, 2: ascending is b(1), d(2), then a and c (both 3) in their input order.
        let mut v = vec![(3, 'a'), (1, 'b'), (3, 'c'), (2, 'd')];
        let order = stable_order(v.len(), &|a, b| v[a].0.cmp(&v[b].0));
        assert_eq!(order, vec![1, 3, 0, 2]);
        apply_order(&mut v, &order);
        assert_eq!(v, vec![(1, 'b'), (2, 'd'), (3, 'a'), (3, 'c')]);
    }

    #[test]
    fn apply_order_realises_every_permutation_of_five() {
        // All 120 orders of 0..5: position k must receive the item that was at order[k].
        let mut perm: Vec<usize> = (0..5).collect();
        let mut seen = 0;
        loop {
            let mut items: Vec<usize> = (10..15).collect();
            apply_order(&mut items, &perm);
            let want: Vec<usize> = perm.iter().map(|&i| 10 + i).collect();
            assert_eq!(items, want, "order {perm:?}");
            seen += 1;
            // Next permutation in lexicographic order.
            let Some(i) = (0..4).rev().find(|&i| perm[i] < perm[i + 1]) else {
                break;
            };
            let j = (i + 1..5).rev().find(|&j| perm[j] > perm[i]).unwrap();
            perm.swap(i, j);
            perm[i + 1..].reverse();
        }
        assert_eq!(seen, 120);
    }

    #[test]
    fn two_point_orders_its_values_whichever_is_larger() {
        // 10 with probability 0.95, 4 with 0.05: p50..p95 are 10, p99 too; p5 would be 4.
        let p = Percentiles::two_point(10.0, 4.0, 0.05);
        assert_eq!((p.p50, p.p90, p.p95, p.p99), (10.0, 10.0, 10.0, 10.0));
        assert!((p.mean - 9.7).abs() < 1e-12);
        // 10 with probability 0.5, 4 with 0.5: the median is the smaller.
        let p = Percentiles::two_point(10.0, 4.0, 0.5);
        assert_eq!((p.p50, p.p90), (4.0, 10.0));
        assert_eq!(Percentiles::two_point(4.0, 10.0, 0.5), p);
    }

    use super::*;

    #[test]
    fn quantiles_match_numpy_at_small_n() {
        // numpy.percentile(x, [50, 90, 95, 99]) with the default linear method.
        let p = summarize(&mut vec![7.0]).unwrap();
        assert_eq!((p.mean, p.p50, p.p90, p.p99), (7.0, 7.0, 7.0, 7.0));
        let p = summarize(&mut vec![10.0, 0.0]).unwrap();
        // [0, 10]: p50 = 5, p90 = 9, p95 = 9.5, p99 = 9.9.
        assert_eq!((p.p50, p.p90, p.p95), (5.0, 9.0, 9.5));
        assert!((p.p99 - 9.9).abs() < 1e-12);
        let p = summarize(&mut vec![3.0, 1.0, 2.0]).unwrap();
        // [1, 2, 3]: p50 = 2, p90 = 2.8, p95 = 2.9, p99 = 2.98.
        assert_eq!(p.p50, 2.0);
        assert!(
            (p.p90 - 2.8).abs() < 1e-12
                && (p.p95 - 2.9).abs() < 1e-12
                && (p.p99 - 2.98).abs() < 1e-12
        );
        let p = summarize(&mut vec![4.0, 1.0, 3.0, 2.0]).unwrap();
        // [1, 2, 3, 4]: p50 = 2.5, p90 = 3.7, p95 = 3.85, p99 = 3.97, mean 2.5.
        assert_eq!((p.mean, p.p50), (2.5, 2.5));
        assert!(
            (p.p90 - 3.7).abs() < 1e-12
                && (p.p95 - 3.85).abs() < 1e-12
                && (p.p99 - 3.97).abs() < 1e-12
        );
        assert!(summarize(&mut vec![]).is_none());
        assert!(summarize(&mut vec![f64::NAN]).is_none());
    }

    #[test]
    fn weighted_samples_equal_their_expansion() {
        let mut w = WeightedSamples::new();
        w.add(2.0, 3);
        w.add(1.0, 1);
        w.add(5.0, 2);
        let mut expanded = vec![2.0, 2.0, 2.0, 1.0, 5.0, 5.0];
        assert_eq!(w.summarize(), summarize(&mut expanded));
        assert_eq!(w.count(), 6);
    }

    #[test]
    fn two_point_tail() {
        // 2% of gaps at 200 ms, the rest at 30 ms: p50..p95 = 30, p99 = 200, mean = 33.4.
        let p = Percentiles::two_point(30.0, 200.0, 0.02);
        assert_eq!((p.p50, p.p95, p.p99), (30.0, 30.0, 200.0));
        assert!((p.mean - 33.4).abs() < 1e-9);
    }

    #[test]
    fn uniform_quantiles() {
        let p = Percentiles::uniform(100.0, 200.0);
        assert_eq!((p.mean, p.p90, p.p99), (150.0, 190.0, 199.0));
    }
}
