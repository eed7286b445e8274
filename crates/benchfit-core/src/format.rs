//! Number formatting shared by the CLI and the page.

/// Magnitudes from here up print in scientific notation (`1.00e23`): 16 digits is where an
/// f64 stops holding every integer, and a row of digit groups says nothing to a reader.
const SCIENTIFIC_FROM: f64 = 1e15;

/// `3200.0` → `"3,200"`; rounds to an integer first; from 10¹⁵ up `"1.00e23"`.
pub fn thousands(v: f64) -> String {
    if !v.is_finite() {
        return "–".into();
    }
    if v.abs() >= SCIENTIFIC_FROM {
        return format!("{v:.2e}");
    }
    let neg = v < 0.0;
    let digits = format!("{:.0}", v.abs());
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    if neg {
        format!("-{out}")
    } else {
        out
    }
}

/// A whole number with thousands separators: `18446744073709551615` → `"18,446,744,073,709,551,615"`.
pub fn grouped(v: u64) -> String {
    let digits = v.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// A range bound as written in messages: whole numbers grouped (`1,000,000`), others as they
/// are (`0.05`, `0.000001`).
pub fn bound(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        thousands(v)
    } else {
        format!("{v}")
    }
}

/// A dollar amount with enough significant digits for small per-request costs:
/// `0.000123` → `"$0.000123"`, `12.5` → `"$12.50"`.
pub fn usd(v: f64) -> String {
    if !v.is_finite() {
        return "–".into();
    }
    if v >= 1.0 {
        format!("${v:.2}")
    } else if v >= 0.01 {
        format!("${v:.3}")
    } else {
        format!("${v:.6}")
    }
}

/// A count or rate that may be small: whole from 10 up (`42`), else two significant digits
/// (`2.5`, `0.042`), so a slow run's numbers never round to `0`.
pub fn small(v: f64) -> String {
    if v.abs() >= SCIENTIFIC_FROM && v.is_finite() {
        thousands(v)
    } else if v >= 10.0 || v <= 0.0 || !v.is_finite() {
        format!("{v:.0}")
    } else {
        let decimals = (1.0 - v.log10().floor()).clamp(0.0, 12.0) as usize;
        format!("{v:.decimals$}")
    }
}

/// A value with up to `n` significant decimals for display (`0.4183` → `"0.42"`).
pub fn sig(v: f64) -> String {
    if !v.is_finite() {
        "–".into()
    } else if v.abs() >= 100.0 {
        thousands(v)
    } else if v.abs() >= 10.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn separators() {
        assert_eq!(thousands(3200.0), "3,200");
        assert_eq!(thousands(1234567.4), "1,234,567");
        assert_eq!(thousands(999.0), "999");
        // Beyond f64's exact integers, digits would be noise: 1e23 is not 99,999,…,991,611,392.
        assert_eq!(thousands(99_999_999_999_999_999_999_999.0), "1.00e23");
        assert_eq!(thousands(-2.5e18), "-2.50e18");
        assert_eq!(thousands(999_999_999_999_999.0), "999,999,999,999,999");
        assert_eq!(small(1.25e22), "1.25e22");
        assert_eq!(usd(0.004321), "$0.004321");
        assert_eq!(usd(2.5), "$2.50");
        assert_eq!(grouped(u64::MAX), "18,446,744,073,709,551,615");
        assert_eq!(
            (bound(1e9), bound(0.000001), bound(0.05)),
            ("1,000,000,000".into(), "0.000001".into(), "0.05".into())
        );
    }

    /// Small rates keep two significant digits (a slow claim's 0.039 steps/s is not `0`); from
    /// ten up they are whole.
    #[test]
    fn small_rates_keep_their_digits() {
        assert_eq!(small(42.17), "42");
        assert_eq!(small(2.54), "2.5");
        assert_eq!(small(0.039), "0.039");
        assert_eq!(small(0.0), "0");
    }
}
