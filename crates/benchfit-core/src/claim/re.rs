//! The claim reader's regular expressions, with one meaning on every target and the engine each
//! target can afford.
//!
//! In the browser the page ships `regex-lite` (small code, a PikeVM for every search). Natively
//! (the CLI, `cargo test`, `cargo bench`) the `regex` crate runs the same patterns with literal
//! prefilters and a lazy DFA: reading 100 KB of claim text takes about half the time (criterion,
//! `read 100 KB of claim text`: 36.7 ms on regex-lite, 17.6 ms on regex, 2026-12-07).
//!
//! The two engines differ in what a few pattern items mean, so every pattern is written for
//! `regex-lite` and [`compile`] rewrites it for `regex` before it is built ([`lite_to_regex`]):
//! `\d`, `\s`, `\w` and their negations are ASCII classes (`[0-9]`, `[\t\n\v\f\r ]`,
//! `[0-9A-Za-z_]`), `\b` and `\B` are ASCII word boundaries, and `(?i)` folds ASCII letters only
//! (Unicode folding would also let `k` match U+212A KELVIN SIGN and `s` match U+017F LONG S).
//! `.` and negated classes match any Unicode scalar value in both. The test below builds every
//! pattern the reader compiles with both engines and compares every match and group on real
//! claim texts.

#[cfg(not(target_arch = "wasm32"))]
pub(crate) use regex::{Captures, Match, Regex};
#[cfg(target_arch = "wasm32")]
pub(crate) use regex_lite::{Captures, Match, Regex};

/// Builds a pattern written in `regex-lite`'s syntax with the target's engine.
///
/// # Errors
/// The engine's message when the pattern does not build: never for the reader's static patterns
/// (the tests build each of them with both engines), which callers `expect`.
pub(crate) fn compile(src: &str) -> Result<Regex, String> {
    #[cfg(test)]
    tests::record(src);
    #[cfg(not(target_arch = "wasm32"))]
    {
        Regex::new(&lite_to_regex(src)).map_err(|e| e.to_string())
    }
    #[cfg(target_arch = "wasm32")]
    {
        Regex::new(src).map_err(|e| e.to_string())
    }
}

#[cfg(not(target_arch = "wasm32"))]
/// `regex-lite`'s `\s` as class members: `[\t\n\v\f\r ]`.
const SPACE: &str = r"\t\n\x0B\x0C\r ";
#[cfg(not(target_arch = "wasm32"))]
/// `regex-lite`'s `\w` as class members.
const WORD: &str = "0-9A-Za-z_";

#[cfg(not(target_arch = "wasm32"))]
/// Rewrites a `regex-lite` pattern into the `regex` pattern that matches the same strings (see
/// the module's doc). Perl classes become explicit ASCII classes, inside brackets too; `\b`/`\B`
/// become `(?-u:\b)`/`(?-u:\B)`; under an `i` flag each ASCII letter outside a class becomes
/// `[xX]` and each one inside a class gains its other case, and the flag is dropped. Flags set
/// in a group (`(?i:…)`) keep their scope: the rewrite tracks groups.
pub(crate) fn lite_to_regex(src: &str) -> String {
    let mut out = String::with_capacity(src.len() * 2);
    let chars: Vec<char> = src.chars().collect();
    // Per open group: whether `i` was on when it opened (restored at its close).
    let mut stack: Vec<bool> = Vec::new();
    let mut fold = false;
    let mut class = 0usize; // bracket depth
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\\' && i + 1 < chars.len() {
            let n = chars[i + 1];
            let rep: Option<String> = match (n, class > 0) {
                ('d', false) => Some("[0-9]".into()),
                ('d', true) => Some("0-9".into()),
                ('s', false) => Some(format!("[{SPACE}]")),
                ('s', true) => Some(SPACE.into()),
                ('w', false) => Some(format!("[{WORD}]")),
                ('w', true) => Some(WORD.into()),
                ('D', false) => Some("[^0-9]".into()),
                ('S', false) => Some(format!("[^{SPACE}]")),
                ('W', false) => Some(format!("[^{WORD}]")),
                ('b', false) => Some(r"(?-u:\b)".into()),
                ('B', false) => Some(r"(?-u:\B)".into()),
                _ => None,
            };
            match rep {
                Some(r) => out.push_str(&r),
                None => {
                    out.push(c);
                    out.push(n);
                    // `\x0B`, `\u{…}`: copy the escape's argument whole.
                    if matches!(n, 'x' | 'u' | 'U') {
                        let mut j = i + 2;
                        if chars.get(j) == Some(&'{') {
                            while j < chars.len() && chars[j] != '}' {
                                out.push(chars[j]);
                                j += 1;
                            }
                            if j < chars.len() {
                                out.push('}');
                            }
                        } else {
                            let end = (j + 2).min(chars.len());
                            while j < end {
                                out.push(chars[j]);
                                j += 1;
                            }
                            j -= 1;
                        }
                        i = j + 1;
                        continue;
                    }
                }
            }
            i += 2;
            continue;
        }
        if class > 0 {
            match c {
                '[' => class += 1,
                ']' => class -= 1,
                _ => {}
            }
            out.push(c);
            if fold && c.is_ascii_alphabetic() {
                // `a-z` under `i`: the range's other case comes with its first letter.
                let range = chars.get(i + 1) == Some(&'-')
                    && chars.get(i + 2).is_some_and(|e| e.is_ascii_alphabetic());
                if range {
                    let e = chars[i + 2];
                    out.push('-');
                    out.push(e);
                    out.push(swap(c));
                    out.push('-');
                    out.push(swap(e));
                    i += 3;
                    continue;
                }
                out.push(swap(c));
            }
            i += 1;
            continue;
        }
        match c {
            '[' => {
                class = 1;
                out.push(c);
                // A leading `]` or `^]` is a literal member, not the close.
                if chars.get(i + 1) == Some(&'^') {
                    out.push('^');
                    i += 1;
                }
                if chars.get(i + 1) == Some(&']') {
                    out.push(']');
                    i += 1;
                }
            }
            '(' if chars.get(i + 1) == Some(&'?') => {
                // A flag group: `(?flags)` sets them to the enclosing group's end, `(?flags:`
                // opens a group with them.
                let mut j = i + 2;
                let mut flags = String::new();
                while chars
                    .get(j)
                    .is_some_and(|c| c.is_ascii_alphabetic() || *c == '-')
                {
                    flags.push(chars[j]);
                    j += 1;
                }
                let next = chars.get(j).copied();
                if matches!(next, Some(')') | Some(':')) && !flags.is_empty() {
                    let neg = flags.find('-').unwrap_or(flags.len());
                    let on = flags[..neg].contains('i');
                    let off = flags[neg..].contains('i');
                    let kept: String = flags.chars().filter(|&f| f != 'i').collect();
                    let kept = kept.trim_end_matches('-').to_string();
                    if next == Some(':') {
                        stack.push(fold);
                    }
                    if on {
                        fold = true;
                    }
                    if off {
                        fold = false;
                    }
                    match (next, kept.is_empty()) {
                        (Some(')'), true) => {}
                        (Some(')'), false) => out.push_str(&format!("(?{kept})")),
                        (_, true) => out.push_str("(?:"),
                        (_, false) => out.push_str(&format!("(?{kept}:")),
                    }
                    i = j + 1;
                    continue;
                }
                // `(?:`, `(?P<name>`: an ordinary group.
                stack.push(fold);
                out.push(c);
            }
            '(' => {
                stack.push(fold);
                out.push(c);
            }
            ')' => {
                fold = stack.pop().unwrap_or(fold);
                out.push(c);
            }
            c if fold && c.is_ascii_alphabetic() => {
                out.push('[');
                out.push(c);
                out.push(swap(c));
                out.push(']');
            }
            _ => out.push(c),
        }
        i += 1;
    }
    out
}

#[cfg(not(target_arch = "wasm32"))]
fn swap(c: char) -> char {
    if c.is_ascii_lowercase() {
        c.to_ascii_uppercase()
    } else {
        c.to_ascii_lowercase()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::sync::Mutex;

    static SEEN: Mutex<Vec<String>> = Mutex::new(Vec::new());

    /// Every match's groups as byte ranges (None: the group took no part).
    type Groups = Vec<Vec<Option<(usize, usize)>>>;

    pub(crate) fn record(src: &str) {
        let mut s = SEEN.lock().unwrap_or_else(|e| e.into_inner());
        if !s.iter().any(|x| x == src) {
            s.push(src.to_string());
        }
    }

    #[test]
    fn perl_classes_and_boundaries_become_ascii() {
        assert_eq!(lite_to_regex(r"\d+"), "[0-9]+");
        assert_eq!(lite_to_regex(r"[\d,]"), "[0-9,]");
        assert_eq!(lite_to_regex(r"\bx\b"), r"(?-u:\b)x(?-u:\b)");
        assert_eq!(lite_to_regex(r"\x0B\u{3000}"), r"\x0B\u{3000}");
        assert_eq!(lite_to_regex(r"(?i)ab[c-d]"), "[aA][bB][c-dC-D]");
        assert_eq!(lite_to_regex(r"(?im)^k"), "(?m)^[kK]");
        assert_eq!(lite_to_regex(r"x(?i:k)k"), "x(?:[kK])k");
        // Unicode digits, spaces and letters are no `\d`, `\s`, `\w` or boundary to regex-lite.
        let r = Regex::new(&lite_to_regex(r"\b\d+\s\w")).unwrap();
        assert!(!r.is_match("٣\u{3000}é"));
        assert!(
            r.is_match("é1 a"),
            "é is no word character: a boundary sits before 1"
        );
        assert!(!r.is_match("x1 a"), "no boundary inside x1");
        let k = Regex::new(&lite_to_regex(r"(?i)kb")).unwrap();
        assert!(k.is_match("KB") && !k.is_match("\u{212A}B"));
    }

    /// Every pattern the reader compiled while reading the dev claims, built by both engines,
    /// gives the same matches and groups on those texts (as written and lowercased) and on
    /// strings of the characters where the engines' defaults differ.
    #[test]
    fn both_engines_read_alike() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
        let mut texts: Vec<String> = Vec::new();
        for f in [
            "claims_dev.jsonl",
            "claims_dev_b.jsonl",
            "claims_dev_c.jsonl",
        ] {
            let body = std::fs::read_to_string(format!("{dir}/{f}")).expect("dev claims");
            for line in body.lines().filter(|l| !l.trim().is_empty()) {
                let v: serde_json::Value = serde_json::from_str(line).expect("json line");
                let t = v["text"].as_str().expect("text").to_string();
                crate::claim::read(&t);
                texts.push(t.to_lowercase());
                texts.push(t);
            }
        }
        texts.push("8\u{3000}gpus ٣٢ tok/s \u{212A}B ſ 2×h100 é1 batch\u{a0}32 ms".into());
        let seen = SEEN.lock().unwrap_or_else(|e| e.into_inner()).clone();
        assert!(
            seen.len() > 50,
            "the reader compiled {} patterns",
            seen.len()
        );
        for src in &seen {
            let lite = regex_lite::Regex::new(src).expect("regex-lite builds it");
            let full = Regex::new(&lite_to_regex(src)).expect("regex builds it");
            for t in &texts {
                let a: Groups = lite
                    .captures_iter(t)
                    .map(|c| c.iter().map(|m| m.map(|m| (m.start(), m.end()))).collect())
                    .collect();
                let b: Groups = full
                    .captures_iter(t)
                    .map(|c| c.iter().map(|m| m.map(|m| (m.start(), m.end()))).collect())
                    .collect();
                assert_eq!(
                    a,
                    b,
                    "pattern {src:?} on {:?}",
                    t.chars().take(80).collect::<String>()
                );
            }
        }
    }
}
