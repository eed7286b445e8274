//! Bad input (issue 3): the reader and `check` never panic and answer clearly on anything.

use benchfit_core::check;
use benchfit_core::checklist::Verdict;
use benchfit_core::claim::read;
use benchfit_core::report::MAX_CLAIM_BYTES;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_utf8_never_panics(s in "\\PC*") {
        let c = read(&s);
        for e in c.evidence() {
            prop_assert!(e.span.start <= e.span.end && e.span.end <= s.len());
            prop_assert!(s.is_char_boundary(e.span.start) && s.is_char_boundary(e.span.end));
        }
        let _ = check(&s);
    }

    #[test]
    fn claim_shaped_noise_never_panics(s in "[0-9a-zA-Z |:/.,×x±~+()\\-]{0,200}") {
        let _ = check(&s);
    }
}

#[test]
fn one_megabyte_paste_is_cut_with_a_warning() {
    let unit = "3,200 tokens/sec for Llama 3 70B on 8x H100, batch 32. ";
    let text = unit.repeat(MAX_CLAIM_BYTES / unit.len() + 100);
    let r = check(&text);
    assert!(
        r.warnings.iter().any(|w| w.starts_with("only the first")),
        "{:?}",
        r.warnings
    );
    assert_eq!(r.claim.figures[0].value, 3200.0);
}

#[test]
fn binary_junk_is_rejected_not_a_panic() {
    let bytes: Vec<u8> = (0..4096u32)
        .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
        .collect();
    let text = String::from_utf8_lossy(&bytes);
    let r = check(&text);
    assert_eq!(r.verdict, Verdict::Reject);
}

#[test]
fn emoji_and_right_to_left_text_keep_spans_on_char_boundaries() {
    let text = "🚀🚀 مرحبا 3,200 tok/s ‏على H100 🔥 batch 32 שלום";
    let c = read(text);
    let h = c.headline().unwrap();
    assert_eq!(&text[h.span.start..h.span.end], "3,200 tok/s");
    assert_eq!(c.gpu.unwrap().value, "h100");
    assert_eq!(c.batch_size.unwrap().value, 32);
}

/// A multi-byte character right where a dated checkpoint's date would end (`08-202é`) or after
/// a name the hardware reader looks past (`A100-8é`): no slice may split it.
#[test]
fn multi_byte_characters_inside_a_date_or_a_gpu_suffix_are_no_panic() {
    let c = read("command-r-08-202é on one H100: 50 tok/s");
    assert_eq!(c.headline().unwrap().value, 50.0);
    assert_eq!(c.model.unwrap().value, "command-r");
    let g = read("A100-8é and A100x4é: 40 tok/s");
    assert_eq!(g.gpu.unwrap().value, "a100");
}

#[test]
fn a_400_digit_number_is_no_figure_and_no_panic() {
    let big = "9".repeat(400);
    let r = check(&format!(
        "{big} tokens/s with batch {big} and {big}-token prompts"
    ));
    // 1e400 overflows f64 to infinity: not a number the reader keeps.
    assert!(r.claim.figures.is_empty(), "{:?}", r.claim.figures);
    assert!(r.claim.batch_size.is_none() && r.claim.prompt_tokens.is_none());
    assert!(r
        .warnings
        .iter()
        .any(|w| w.contains("no throughput or latency figure")));
}
