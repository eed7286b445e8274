//! The SSE parser of `benchfit measure`: never panics, and the events do not depend on how the
//! body was split into reads (the first byte picks the read sizes
//! and whether empty reads come between them).
#![no_main]

#[allow(dead_code)]
#[path = "../../crates/benchfit-cli/src/measure/sse.rs"]
mod sse;

use libfuzzer_sys::fuzz_target;

fn events(reads: &[&[u8]]) -> Vec<sse::Event> {
    let mut p = sse::Parser::default();
    let mut out = Vec::new();
    for r in reads {
        p.feed_with(r, |e| out.push(e.to_event()));
    }
    out.extend(p.finish());
    out
}

fuzz_target!(|data: &[u8]| {
    let Some((&step, body)) = data.split_first() else {
        return;
    };
    let whole = events(&[body]);
    let size = usize::from(step % 7) + 1;
    // A transport may also hand over empty reads between the others.
    let empty = step >= 128;
    let mut split: Vec<&[u8]> = Vec::new();
    for c in body.chunks(size) {
        split.push(c);
        if empty {
            split.push(&[]);
        }
    }
    assert_eq!(events(&split), whole, "reads of {size} bytes, empty reads {empty}");
});
