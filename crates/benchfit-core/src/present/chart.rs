//! Chart geometry as pure functions: the page draws these as SVG; tests check them natively.

use crate::project::Factor;
use serde::Serialize;

/// What a waterfall bar stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub enum BarKind {
    /// The headline (calibrated benchmark value).
    Start,
    /// A factor that raises the value.
    Up,
    /// A factor that lowers it.
    Down,
    /// The effective value for your traffic.
    End,
}

/// One bar in SVG user units (origin top-left, y down).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct Bar {
    /// Label under the bar.
    pub label: String,
    /// Value text on the bar (`×0.36` for factors, the value for start/end).
    pub value_label: String,
    /// Left edge.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Width.
    pub width: f64,
    /// Height (at least 1 so a ×1.00 step stays visible).
    pub height: f64,
    /// Kind.
    pub kind: BarKind,
}

/// Waterfall layout: `headline` then each factor, then the effective value, in a `width` ×
/// `height` plot area (the labels go below `height`). Values are scaled linearly from 0 to the
/// largest running value.
pub fn waterfall(headline: f64, factors: &[Factor], width: f64, height: f64) -> Vec<Bar> {
    let mut values = vec![headline];
    for f in factors {
        let last = *values.last().expect("non-empty");
        values.push(last * f.ratio);
    }
    let max = values
        .iter()
        .cloned()
        .filter(|v| v.is_finite())
        .fold(0.0_f64, f64::max);
    if max.is_nan() || max <= 0.0 {
        return vec![];
    }
    let n = factors.len() + 2;
    let slot = width / n as f64;
    let bar_w = slot * 0.7;
    let y_of = |v: f64| height - (v / max).clamp(0.0, 1.0) * height;
    let mut bars = Vec::with_capacity(n);
    let column = |i: usize| i as f64 * slot + (slot - bar_w) / 2.0;
    let fmt = |v: f64| crate::format::sig(v);
    bars.push(Bar {
        label: "headline".into(),
        value_label: fmt(headline),
        x: column(0),
        y: y_of(headline),
        width: bar_w,
        height: (height - y_of(headline)).max(1.0),
        kind: BarKind::Start,
    });
    for (i, f) in factors.iter().enumerate() {
        let (a, b) = (values[i], values[i + 1]);
        let top = y_of(a.max(b));
        let bottom = y_of(a.min(b));
        bars.push(Bar {
            label: f.name.clone(),
            value_label: format!("×{:.2}", f.ratio),
            x: column(i + 1),
            y: top,
            width: bar_w,
            height: (bottom - top).max(1.0),
            kind: if b >= a { BarKind::Up } else { BarKind::Down },
        });
    }
    let end = *values.last().expect("non-empty");
    bars.push(Bar {
        label: "your traffic".into(),
        value_label: fmt(end),
        x: column(n - 1),
        y: y_of(end),
        width: bar_w,
        height: (height - y_of(end)).max(1.0),
        kind: BarKind::End,
    });
    bars
}

/// "Nice" tick values from 0 to at least `max`: 1, 2 or 5 × 10^k steps, about `n` of them.
pub fn nice_ticks(max: f64, n: usize) -> Vec<f64> {
    if !(max.is_finite() && max > 0.0) || n == 0 {
        return vec![0.0];
    }
    let raw = max / n as f64;
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * mag);
    let count = (max / step).ceil() as usize;
    (0..=count).map(|i| i as f64 * step).collect()
}

/// A plotted line: points in SVG units.
pub type Path = Vec<(f64, f64)>;

/// The throughput–latency curve layout: concurrency on a log₂ x axis, output tok/s on the left
/// axis, p95 TPOT (ms) on the right axis.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct CurveLayout {
    /// Throughput line.
    pub throughput: Path,
    /// p95 TPOT line.
    pub tpot: Path,
    /// x of each concurrency tick, with its label.
    pub x_ticks: Vec<(f64, String)>,
    /// Left-axis ticks (y, label in tok/s).
    pub left_ticks: Vec<(f64, String)>,
    /// Right-axis ticks (y, label in ms).
    pub right_ticks: Vec<(f64, String)>,
    /// x of the KV-cache ceiling, if within the plotted range.
    pub kv_x: Option<f64>,
    /// y of the TPOT SLO on the right axis, if set and within range.
    pub slo_y: Option<f64>,
    /// The user's operating point on the throughput line.
    pub user: Option<(f64, f64)>,
    /// Measured stages (a `--sweep` over concurrency) within the plotted range: (x, y of output
    /// tok/s on the left axis, y of p95 TPOT on the right axis when measured).
    pub measured: Vec<(f64, f64, Option<f64>)>,
}

/// Lays out the curve in a `width` × `height` plot area. `points` are (concurrency, output
/// tok/s, p95 TPOT ms), in increasing concurrency; `measured` are measured stages in the same
/// units (TPOT None where not measured), drawn on the same scales (which grow to hold them) when
/// their concurrency is within the curve's.
#[allow(clippy::too_many_arguments)] // one chart's inputs, each named at the call site
pub fn curve(
    points: &[(f64, f64, f64)],
    kv_ceiling: Option<f64>,
    slo_tpot_ms: Option<f64>,
    user: Option<(f64, f64)>,
    measured: &[(f64, f64, Option<f64>)],
    width: f64,
    height: f64,
) -> Option<CurveLayout> {
    let ok = |v: f64| v.is_finite() && v >= 0.0;
    let pts: Vec<_> = points
        .iter()
        .copied()
        .filter(|(c, t, l)| *c >= 1.0 && ok(*t) && ok(*l))
        .collect();
    if pts.len() < 2 {
        return None;
    }
    let (c_min, c_max) = (pts[0].0.log2(), pts[pts.len() - 1].0.log2());
    if c_max.is_nan() || c_min.is_nan() || c_max <= c_min {
        return None;
    }
    let x = |c: f64| (c.log2() - c_min) / (c_max - c_min) * width;
    let shown: Vec<_> = measured
        .iter()
        .copied()
        .filter(|(c, t, l)| {
            *c >= pts[0].0 && *c <= pts[pts.len() - 1].0 && ok(*t) && l.is_none_or(ok)
        })
        .collect();
    let t_ticks = nice_ticks(
        pts.iter()
            .map(|p| p.1)
            .chain(shown.iter().map(|m| m.1))
            .fold(0.0, f64::max),
        4,
    );
    let l_ticks = nice_ticks(
        pts.iter()
            .map(|p| p.2)
            .chain(shown.iter().filter_map(|m| m.2))
            .chain(slo_tpot_ms)
            .fold(0.0, f64::max),
        4,
    );
    let (t_top, l_top) = (
        *t_ticks.last().unwrap_or(&1.0),
        *l_ticks.last().unwrap_or(&1.0),
    );
    let yt = |v: f64| height - v / t_top.max(1e-12) * height;
    let yl = |v: f64| height - v / l_top.max(1e-12) * height;
    let in_x = |c: f64| (c >= pts[0].0 && c <= pts[pts.len() - 1].0).then(|| x(c));
    Some(CurveLayout {
        throughput: pts.iter().map(|p| (x(p.0), yt(p.1))).collect(),
        tpot: pts.iter().map(|p| (x(p.0), yl(p.2))).collect(),
        x_ticks: pts.iter().map(|p| (x(p.0), format!("{}", p.0))).collect(),
        left_ticks: t_ticks
            .iter()
            .map(|v| (yt(*v), crate::format::thousands(*v)))
            .collect(),
        right_ticks: l_ticks
            .iter()
            .map(|v| (yl(*v), crate::format::sig(*v)))
            .collect(),
        kv_x: kv_ceiling.and_then(in_x),
        slo_y: slo_tpot_ms.filter(|v| *v <= l_top).map(yl),
        user: user.and_then(|(c, t)| in_x(c).map(|xx| (xx, yt(t)))),
        measured: shown
            .iter()
            .map(|&(c, t, l)| (x(c), yt(t), l.map(yl)))
            .collect(),
    })
}

/// A time series (seconds, fraction 0–1) as a path in a `width` × `height` area.
pub fn fraction_series(points: &[(f64, f64)], width: f64, height: f64) -> Path {
    let t_max = points.iter().map(|p| p.0).fold(0.0, f64::max);
    if t_max.is_nan() || t_max <= 0.0 {
        return vec![];
    }
    points
        .iter()
        .filter(|p| p.0.is_finite() && p.1.is_finite())
        .map(|(t, f)| (t / t_max * width, height - f.clamp(0.0, 1.0) * height))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(name: &str, ratio: f64) -> Factor {
        Factor {
            name: name.into(),
            from: String::new(),
            to: String::new(),
            ratio,
        }
    }

    #[test]
    fn halving_then_doubling() {
        // 100 → ×0.5 → 50 → ×1.5 → 75, in a 400 × 200 area: 4 slots of 100, bars 70 wide.
        let bars = waterfall(100.0, &[f("a", 0.5), f("b", 1.5)], 400.0, 200.0);
        assert_eq!(bars.len(), 4);
        assert_eq!((bars[0].x, bars[0].y, bars[0].height), (15.0, 0.0, 200.0));
        // The 0.5 step spans 100 → 50: y from 0 to 100.
        assert_eq!(
            (bars[1].y, bars[1].height, bars[1].kind),
            (0.0, 100.0, BarKind::Down)
        );
        // The 1.5 step spans 50 → 75: y from 50 to 100.
        assert_eq!(
            (bars[2].y, bars[2].height, bars[2].kind),
            (50.0, 50.0, BarKind::Up)
        );
        assert_eq!(
            (bars[3].y, bars[3].height, bars[3].value_label.as_str()),
            (50.0, 150.0, "75.0")
        );
    }

    #[test]
    fn ticks_are_round_numbers() {
        assert_eq!(
            nice_ticks(1_507.0, 4),
            vec![0.0, 500.0, 1000.0, 1500.0, 2000.0]
        );
        assert_eq!(nice_ticks(28.8, 4), vec![0.0, 10.0, 20.0, 30.0]);
        assert_eq!(nice_ticks(f64::NAN, 4), vec![0.0]);
    }

    #[test]
    fn curve_on_a_log_axis() {
        // Concurrency 1, 4, 16 on a 200-wide log₂ axis: x = 0, 100, 200.
        let pts = [(1.0, 100.0, 20.0), (4.0, 300.0, 25.0), (16.0, 400.0, 40.0)];
        let c = curve(
            &pts,
            Some(8.0),
            Some(30.0),
            Some((4.0, 300.0)),
            &[],
            200.0,
            100.0,
        )
        .unwrap();
        assert_eq!(
            c.throughput.iter().map(|p| p.0).collect::<Vec<_>>(),
            vec![0.0, 100.0, 200.0]
        );
        // Left axis: 400 / 4 ticks = steps of 100, so it tops at 400 and the 400 point touches it.
        assert_eq!(c.left_ticks.last().unwrap().1, "400");
        assert_eq!(c.throughput[2].1, 0.0);
        assert_eq!(c.kv_x, Some(150.0));
        // TPOT axis tops at 40: the 30 ms SLO sits at a quarter of the height.
        assert_eq!(c.slo_y, Some(25.0));
        assert_eq!(c.user, Some((100.0, 25.0)));
        assert!(curve(&pts[..1], None, None, None, &[], 200.0, 100.0).is_none());
    }

    #[test]
    fn measured_stages_share_the_scales_and_grow_them() {
        // The same curve with measured stages at concurrency 2 (250 tok/s, TPOT 50 ms), 16
        // (500 tok/s, TPOT not measured) and 32 (outside the curve: dropped). The axes grow to
        // hold 500 tok/s and 50 ms; each point sits at its value's fraction of the axis top.
        let pts = [(1.0, 100.0, 20.0), (4.0, 300.0, 25.0), (16.0, 400.0, 40.0)];
        let m = [
            (2.0, 250.0, Some(50.0)),
            (16.0, 500.0, None),
            (32.0, 900.0, Some(1.0)),
        ];
        let c = curve(&pts, None, None, None, &m, 200.0, 100.0).unwrap();
        let top_t: f64 = c
            .left_ticks
            .last()
            .unwrap()
            .1
            .replace(',', "")
            .parse()
            .unwrap();
        let top_l: f64 = c.right_ticks.last().unwrap().1.parse().unwrap();
        assert!(top_t >= 500.0 && top_l >= 50.0, "{top_t} {top_l}");
        assert_eq!(c.measured.len(), 2);
        // Concurrency 2 on the log₂ axis from 1 to 16 (200 wide): x = 50.
        assert_eq!(c.measured[0].0, 50.0);
        assert_eq!(c.measured[0].1, 100.0 - 250.0 / top_t * 100.0);
        assert_eq!(c.measured[0].2, Some(100.0 - 50.0 / top_l * 100.0));
        assert_eq!(c.measured[1], (200.0, 100.0 - 500.0 / top_t * 100.0, None));
    }

    #[test]
    fn degenerate_input_draws_nothing() {
        assert!(waterfall(0.0, &[], 100.0, 100.0).is_empty());
        assert!(waterfall(f64::NAN, &[], 100.0, 100.0).is_empty());
    }
}
