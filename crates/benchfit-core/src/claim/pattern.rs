//! Patterns with a prefilter: a cheap byte scan finds where a match can start, and the regex runs
//! anchored there only.
//!
//! regex-lite has no literal prefilter: an unanchored search starts a thread at every byte and
//! pays the pattern's whole start state there (a large alternation costs its state count per
//! byte). Every claim pattern begins with a digit or with one of a few words, so [`Pat`] scans
//! for those (see [`Starts`]) and runs `^(?s:.)\d*?(PATTERN)` on the text from the character
//! before each candidate. The leading character keeps `\b` at the start seeing what is really
//! there; the lazy `\d*?` tries every start inside a run of digits in one pass, leftmost first,
//! as the unanchored search would. Results are the same as the plain regex's (the tests compare
//! them), at a cost proportional to the candidates rather than to the text.

use crate::claim::re::Regex;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::OnceLock;

/// Where a digit can start a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Digits {
    /// No match starts with a digit.
    No,
    /// Any digit, even inside a word (`h100`, `8xh100`).
    Any,
    /// A digit at a word start (the pattern begins `\b\d`).
    WordStart,
}

/// The places a pattern's matches can start. Must cover every start the regex could match at:
/// a missing word loses matches (the tests compare against the plain regex).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Starts {
    pub digits: Digits,
    /// Literals the match starts with, at a word start (after `\b`).
    pub words: &'static [&'static str],
    /// Literals the match starts with, anywhere.
    pub anywhere: &'static [&'static str],
    /// What must come after the digits a match starts with (digit candidates only).
    pub follow: Option<Follow>,
}

/// After the digits a match starts with: bytes of `filler` (digits always, a space standing for
/// any ASCII whitespace, and every non-ASCII byte when `non_ascii`), then one of `heads`. For a
/// match the heads must cover every way the part after the filler can begin, and no head may
/// begin with a filler byte; a candidate without it is skipped without running the regex.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Follow {
    pub filler: &'static str,
    pub non_ascii: bool,
    pub heads: &'static [&'static str],
}

impl Follow {
    /// Whether a match can start with the digits at `c`, and where the filler after them ends:
    /// every digit before that end gets the same answer.
    fn admits(&self, b: &[u8], c: usize) -> (bool, usize) {
        let space = self.filler.contains(' ');
        let mut i = c;
        while i < b.len() {
            let x = b[i];
            let filler = x.is_ascii_digit()
                || if x >= 0x80 {
                    self.non_ascii
                } else if x.is_ascii_whitespace() || x == 0x0b {
                    space
                } else {
                    self.filler.as_bytes().contains(&x)
                };
            if !filler {
                break;
            }
            i += 1;
        }
        (
            self.heads
                .iter()
                .any(|h| starts_with(&b[i..], h.as_bytes())),
            i,
        )
    }
}

/// A pattern that runs only where its [`Starts`] say a match can begin.
pub(crate) struct Pat {
    /// The pattern as written.
    #[cfg_attr(not(test), allow(dead_code))]
    pub src: String,
    /// `^(?s:.)\d*?(PATTERN)`: run from the character before a candidate.
    next: Regex,
    /// `^\d*?(PATTERN)`: run at the start of the text.
    first: OnceLock<Regex>,
    starts: Starts,
    /// Literals one of which every match contains (empty: no such list).
    needs: &'static [&'static str],
    /// For each byte, what a candidate starting with it can be: [`DIGIT`], [`WORD`], [`ANYWHERE`].
    lead: [u8; 256],
    /// Regex runs at candidates so far, and how many matched (see [`Pat::at`]).
    runs: AtomicU32,
    hits: AtomicU32,
    /// Words and anywhere literals by first byte.
    by_lead: Vec<Literals>,
    /// For each lead byte, its entry in `by_lead`.
    lead_index: [u8; 256],
}

/// A match: byte offsets in the haystack the pattern ran on.
#[derive(Debug, Clone, Copy)]
pub(crate) struct M<'h> {
    hay: &'h str,
    start: usize,
    end: usize,
}

impl<'h> M<'h> {
    pub(crate) fn start(&self) -> usize {
        self.start
    }
    pub(crate) fn end(&self) -> usize {
        self.end
    }
    pub(crate) fn as_str(&self) -> &'h str {
        &self.hay[self.start..self.end]
    }
}

/// Capture groups of one match, numbered as in the pattern as written.
pub(crate) struct Caps<'h> {
    hay: &'h str,
    base: usize,
    inner: crate::claim::re::Captures<'h>,
}

impl<'h> Caps<'h> {
    pub(crate) fn get(&self, i: usize) -> Option<M<'h>> {
        let m = self.inner.get(i + 1)?;
        Some(M {
            hay: self.hay,
            start: self.base + m.start(),
            end: self.base + m.end(),
        })
    }
}

impl std::ops::Index<usize> for Caps<'_> {
    type Output = str;
    fn index(&self, i: usize) -> &str {
        self.inner
            .get(i + 1)
            .map(|m| m.as_str())
            .unwrap_or_else(|| panic!("no group at index '{i}'"))
    }
}

/// A lead byte, the words and the anywhere literals that start with it.
type Literals = (u8, Vec<&'static [u8]>, Vec<&'static [u8]>);

const DIGIT: u8 = 1;
const WORD: u8 = 2;
const ANYWHERE: u8 = 4;

/// `rest` starts with `w` (a short literal: a plain loop beats a `memcmp` call).
fn starts_with(rest: &[u8], w: &[u8]) -> bool {
    rest.len() >= w.len() && rest.iter().zip(w).all(|(a, b)| a == b)
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

impl Pat {
    pub(crate) fn new(src: &str, starts: Starts) -> Pat {
        let next = crate::claim::re::compile(&format!(r"^(?s:.)\d*?({src})"))
            .expect("static pattern compiles");
        let mut lead = [0u8; 256];
        if starts.digits != Digits::No {
            for b in b'0'..=b'9' {
                lead[b as usize] |= DIGIT;
            }
        }
        let mut by_lead: Vec<Literals> = Vec::new();
        for (list, flag) in [(starts.words, WORD), (starts.anywhere, ANYWHERE)] {
            for w in list {
                let w = w.as_bytes();
                lead[w[0] as usize] |= flag;
                let i = match by_lead.iter().position(|e| e.0 == w[0]) {
                    Some(i) => i,
                    None => {
                        by_lead.push((w[0], Vec::new(), Vec::new()));
                        by_lead.len() - 1
                    }
                };
                if flag == WORD {
                    by_lead[i].1.push(w);
                } else {
                    by_lead[i].2.push(w);
                }
            }
        }
        let mut lead_index = [0u8; 256];
        for (i, e) in by_lead.iter().enumerate() {
            lead_index[e.0 as usize] = u8::try_from(i).expect("under 256 lead bytes");
        }
        Pat {
            src: src.to_string(),
            next,
            first: OnceLock::new(),
            starts,
            needs: &[],
            lead,
            by_lead,
            lead_index,
            runs: AtomicU32::new(0),
            hits: AtomicU32::new(0),
        }
    }

    /// Sets literals one of which every match contains: text without any of them has no match.
    pub(crate) fn needs(mut self, needs: &'static [&'static str]) -> Pat {
        self.needs = needs;
        self
    }

    /// Whether the text can hold a match at all.
    fn possible(&self, hay: &str) -> bool {
        self.needs.is_empty() || self.needs.iter().any(|n| hay.contains(n))
    }

    /// Sets what must follow a digit candidate (see [`Follow`]).
    pub(crate) fn then(
        mut self,
        filler: &'static str,
        non_ascii: bool,
        heads: &'static [&'static str],
    ) -> Pat {
        self.starts.follow = Some(Follow {
            filler,
            non_ascii,
            heads,
        });
        self
    }

    /// The first candidate start at or after `from`. `seen` carries [`Follow::admits`]'s last
    /// answer and how far it holds, so a long run of digits and filler is scanned once.
    fn candidate(&self, hay: &str, from: usize, seen: &mut (usize, bool)) -> Option<usize> {
        let b = hay.as_bytes();
        let s = &self.starts;
        let mut i = from;
        while i < b.len() {
            let x = b[i];
            let kinds = self.lead[x as usize];
            if kinds != 0 {
                let word_start = i == 0 || !is_word(b[i - 1]);
                if kinds & DIGIT != 0 && (s.digits == Digits::Any || word_start) {
                    let ok = match s.follow {
                        None => true,
                        Some(_) if i < seen.0 => seen.1,
                        Some(f) => {
                            let (ok, end) = f.admits(b, i);
                            *seen = (end, ok);
                            ok
                        }
                    };
                    if ok {
                        return Some(i);
                    }
                }
                // Words only at a word start: inside a word the literals need not be looked up.
                let words_here = kinds & WORD != 0 && word_start;
                if words_here || kinds & ANYWHERE != 0 {
                    let rest = &b[i..];
                    let (_, words, anywhere) = &self.by_lead[self.lead_index[x as usize] as usize];
                    if words_here && words.iter().any(|w| starts_with(rest, w))
                        || anywhere.iter().any(|w| starts_with(rest, w))
                    {
                        return Some(i);
                    }
                }
            }
            i += 1;
        }
        None
    }

    /// The leftmost match starting in the candidate cluster at `c` (the run of digits there).
    fn at<'h>(&self, hay: &'h str, c: usize) -> Option<Caps<'h>> {
        let (base, re) = if c == 0 {
            (
                0,
                self.first.get_or_init(|| {
                    crate::claim::re::compile(&format!(r"^\d*?({})", self.src))
                        .expect("static pattern compiles")
                }),
            )
        } else {
            let mut b = c - 1;
            while !hay.is_char_boundary(b) {
                b -= 1;
            }
            (b, &self.next)
        };
        let h = &hay[base..];
        // A match-only run is cheaper than one that keeps the groups, so a pattern that mostly
        // misses at its candidates checks first; one that mostly matches (`pp512 | 4918`)
        // keeps the groups at once rather than run twice. Either way the answer is the same.
        let runs = self.runs.fetch_add(1, Ordering::Relaxed);
        let hits = self.hits.load(Ordering::Relaxed);
        let check_first = runs < 16 || hits.saturating_mul(2) < runs;
        if check_first && !re.is_match(h) {
            return None;
        }
        let caps = re.captures(h);
        if caps.is_some() {
            self.hits.fetch_add(1, Ordering::Relaxed);
        }
        caps.map(|inner| Caps { hay, base, inner })
    }

    /// Where to look after a cluster at `c` gave no match: past its run of digits.
    fn past(hay: &str, c: usize) -> usize {
        let b = hay.as_bytes();
        let mut i = c + 1;
        while i < b.len() && b[i].is_ascii_digit() && b[c].is_ascii_digit() {
            i += 1;
        }
        i
    }

    /// Successive non-overlapping matches, as `Regex::captures_iter` gives them.
    pub(crate) fn captures_iter<'a, 'h>(
        &'a self,
        hay: &'h str,
    ) -> impl Iterator<Item = Caps<'h>> + 'a
    where
        'h: 'a,
    {
        let mut pos = if self.possible(hay) { 0 } else { hay.len() + 1 };
        let mut seen = (0, false);
        std::iter::from_fn(move || {
            while pos <= hay.len() {
                let c = self.candidate(hay, pos, &mut seen)?;
                if let Some(caps) = self.at(hay, c) {
                    let m = caps.get(0).expect("group 0 is the match");
                    pos = if m.end() > m.start() {
                        m.end()
                    } else {
                        // No pattern matches the empty string; step on regardless.
                        hay[m.end()..]
                            .chars()
                            .next()
                            .map(|ch| m.end() + ch.len_utf8())
                            .unwrap_or(hay.len() + 1)
                    };
                    return Some(caps);
                }
                pos = Self::past(hay, c);
            }
            None
        })
    }

    pub(crate) fn captures<'h>(&self, hay: &'h str) -> Option<Caps<'h>> {
        self.captures_iter(hay).next()
    }

    pub(crate) fn find<'h>(&self, hay: &'h str) -> Option<M<'h>> {
        self.captures(hay).and_then(|c| c.get(0))
    }

    pub(crate) fn find_iter<'a, 'h>(&'a self, hay: &'h str) -> impl Iterator<Item = M<'h>> + 'a
    where
        'h: 'a,
    {
        self.captures_iter(hay).filter_map(|c| c.get(0))
    }

    pub(crate) fn is_match(&self, hay: &str) -> bool {
        if !self.possible(hay) {
            return false;
        }
        let mut pos = 0;
        let mut seen = (0, false);
        while let Some(c) = self.candidate(hay, pos, &mut seen) {
            let base = if c == 0 {
                if self.at(hay, 0).is_some() {
                    return true;
                }
                pos = Self::past(hay, c);
                continue;
            } else {
                let mut b = c - 1;
                while !hay.is_char_boundary(b) {
                    b -= 1;
                }
                b
            };
            if self.next.is_match(&hay[base..]) {
                return true;
            }
            pos = Self::past(hay, c);
        }
        false
    }
}

/// The most hits of one anchor [`captures_near`] looks around (bounds the work on long pastes).
const MAX_ANCHOR_HITS: usize = 128;

/// Every match of `re` that starts in a window around a hit of one of `anchors` (`back` bytes
/// before the hit, `fwd` after it), in text order, without overlaps; positions are `lower`'s.
/// regex-lite has no literal prefilter, so a pattern run over a whole 200 KB paste walks every
/// byte; around its literals it walks a few hundred.
pub(crate) fn captures_near<'h>(
    lower: &'h str,
    re: &Regex,
    anchors: &[&str],
    back: usize,
    fwd: usize,
) -> Vec<crate::claim::re::Captures<'h>> {
    captures_near_in(lower, lower, re, anchors, back, fwd)
}

/// [`captures_near`] with the anchors found in `lower` and the pattern run over `hay`, a text of
/// the same bytes' positions (the pasted text, whose ASCII lowercasing `lower` is): for patterns
/// that read letter case (a product name's capitals).
pub(crate) fn captures_near_in<'h>(
    hay: &'h str,
    lower: &str,
    re: &Regex,
    anchors: &[&str],
    back: usize,
    fwd: usize,
) -> Vec<crate::claim::re::Captures<'h>> {
    debug_assert_eq!(hay.len(), lower.len());
    let text = hay;
    let floor = |mut i: usize| {
        i = i.min(lower.len());
        while !lower.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let ceil = |mut i: usize| {
        i = i.min(lower.len());
        while !lower.is_char_boundary(i) {
            i += 1;
        }
        i
    };
    let mut hits: Vec<usize> = anchors
        .iter()
        .flat_map(|a| lower.match_indices(a).take(MAX_ANCHOR_HITS).map(|(i, _)| i))
        .collect();
    hits.sort_unstable();
    let mut windows: Vec<(usize, usize)> = Vec::new();
    for h in hits {
        let (s, e) = (floor(h.saturating_sub(back)), ceil(h + fwd));
        match windows.last_mut() {
            Some(last) if s <= last.1 => last.1 = last.1.max(e),
            _ => windows.push((s, e)),
        }
    }
    let mut out = Vec::new();
    let mut done = 0;
    for (s, e) in windows {
        let hay = &text[..e];
        let mut at = s.max(done);
        while at <= e {
            let Some(c) = re.captures_at(hay, at) else {
                break;
            };
            let m = c.get(0).expect("group 0");
            at = if m.end() > m.start() {
                m.end()
            } else {
                ceil(m.start() + 1)
            };
            done = at;
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod near_tests {
    use super::captures_near;

    #[test]
    fn finds_what_a_whole_scan_finds_near_the_anchors() {
        let re = crate::claim::re::compile(r"(\d+)\s*tpm\b").unwrap();
        let text = "filler 12 tpm and more filler; then 30 tpm, 40 tpm. 7 tokens";
        let near: Vec<String> = captures_near(text, &re, &["tpm"], 16, 8)
            .iter()
            .map(|c| c[1].to_string())
            .collect();
        let all: Vec<String> = re.captures_iter(text).map(|c| c[1].to_string()).collect();
        assert_eq!(near, all);
        assert_eq!(near, ["12", "30", "40"]);
        // Positions are the text's own.
        let c = &captures_near(text, &re, &["tpm"], 16, 8)[1];
        assert_eq!(&text[c.get(0).unwrap().range()], "30 tpm");
    }
}
