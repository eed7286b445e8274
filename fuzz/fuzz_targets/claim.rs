//! The claim reader and the checklist: any text gives a report, never a panic, and every span
//! the page highlights lies inside the text on character boundaries.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let report = benchfit_core::check(text);
    for e in &report.evidence {
        assert!(
            e.span.start <= e.span.end && text.get(e.span.start..e.span.end).is_some(),
            "{} span {:?} outside the text",
            e.field,
            e.span
        );
    }
});
