//! Chart geometry as pure functions: the page draws these as SVG; tests check them natively.

use crate::estimate::Factor;
use serde::Serialize;

/// What a waterfall bar stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
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
    if !(max > 0.0) {
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
    fn degenerate_input_draws_nothing() {
        assert!(waterfall(0.0, &[], 100.0, 100.0).is_empty());
        assert!(waterfall(f64::NAN, &[], 100.0, 100.0).is_empty());
    }
}
