//! A small incremental Server-Sent Events parser (WHATWG HTML §9.2 "event stream
//! interpretation"), lenient where OpenAI-compatible servers differ.
//!
//! Handles: events split across reads and several events per read; `data:` with or without
//! the space; `\n`, `\r\n` and `\r` line ends (also split between reads); comment lines
//! (`: ping`); multi-line `data`; `event:` names (an `event: error` is reported as such); and a
//! body closed without the final blank line (the pending event is still dispatched, which the
//! standard would drop: servers that close right after `data: [DONE]` are common).

/// One dispatched event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    /// The `event:` field (empty when absent: a "message").
    pub name: String,
    /// The `data:` lines joined by `\n`.
    pub data: String,
}

/// One dispatched event, borrowed from the read or from the parser: valid during the
/// callback of [`Parser::feed_with`] only, so that reading an event copies nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EventRef<'a> {
    /// The `event:` field (empty when absent: a "message").
    pub name: &'a str,
    /// The `data:` lines joined by `\n`.
    pub data: &'a str,
}

impl EventRef<'_> {
    /// An owned copy.
    pub fn to_event(self) -> Event {
        Event {
            name: self.name.to_string(),
            data: self.data.to_string(),
        }
    }
}

/// Most bytes one event may hold while it is read (its unfinished line plus its data so far):
/// a streamed chunk is a few hundred bytes, so a server that sends more without ending the
/// event is broken or hostile, and the request is cut rather than memory filled.
pub const MAX_EVENT_BYTES: usize = 1 << 20;

/// Incremental parser: feed bytes as they arrive, collect events.
///
/// An event read whole within one read (the usual case: a server writes one event per chunk)
/// is handed over borrowed from that read, without a copy or an allocation; only lines and
/// events that span reads are kept in the parser's buffers (which keep their capacity).
#[derive(Debug, Default)]
pub struct Parser {
    /// The unfinished line of the previous reads.
    buf: Vec<u8>,
    /// The previous chunk ended in `\r`: a leading `\n` now belongs to that line end.
    after_cr: bool,
    name: String,
    data: String,
    has_data: bool,
}

/// One line of the stream, as far as the parser reads it.
enum Line<'l> {
    /// The empty line: dispatch.
    Blank,
    /// A `data` field's value.
    Data(&'l [u8]),
    /// An `event` field's value.
    Event(&'l [u8]),
    /// A comment, `id`, `retry` or unknown field.
    Ignored,
}

fn classify(line: &[u8]) -> Line<'_> {
    if line.is_empty() {
        return Line::Blank;
    }
    if line[0] == b':' {
        return Line::Ignored; // comment
    }
    let (field, value) = match line.iter().position(|&c| c == b':') {
        Some(p) => {
            let v = &line[p + 1..];
            (&line[..p], v.strip_prefix(b" ").unwrap_or(v))
        }
        None => (line, &b""[..]),
    };
    match field {
        b"data" => Line::Data(value),
        b"event" => Line::Event(value),
        _ => Line::Ignored, // id, retry, unknown fields
    }
}

/// `b` as text, invalid UTF-8 replaced by U+FFFD (the validating fast path first: valid text,
/// the usual case, is not walked chunk by chunk).
fn lossy(b: &[u8]) -> std::borrow::Cow<'_, str> {
    match std::str::from_utf8(b) {
        Ok(s) => std::borrow::Cow::Borrowed(s),
        Err(_) => String::from_utf8_lossy(b),
    }
}

impl Parser {
    /// Feeds one read; returns the events completed by it, in order (owned copies; see
    /// [`Parser::feed_with`] for the borrowed form).
    #[cfg(test)]
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Event> {
        let mut out = Vec::new();
        self.feed_with(bytes, |e| out.push(e.to_event()));
        out
    }

    /// Feeds one read; calls `on_event` with each event completed by it, in order.
    pub fn feed_with(&mut self, bytes: &[u8], mut on_event: impl FnMut(EventRef<'_>)) {
        let mut bytes = bytes;
        if bytes.is_empty() {
            // An empty read says nothing about a `\r\n` split across reads.
            return;
        }
        if self.after_cr {
            if let Some(rest) = bytes.strip_prefix(b"\n") {
                bytes = rest;
            }
            self.after_cr = false;
        }
        // The event's only data line so far, when it lies in this read (not yet copied).
        let mut span: Option<&[u8]> = None;
        let mut start = 0;
        let mut i = 0;
        while let Some(p) = bytes[i..].iter().position(|&b| b == b'\n' || b == b'\r') {
            i += p;
            if self.buf.is_empty() {
                self.line(&bytes[start..i], &mut span, true, &mut on_event);
            } else {
                // The line began in an earlier read: complete it in the buffer.
                self.buf.extend_from_slice(&bytes[start..i]);
                let line = std::mem::take(&mut self.buf);
                self.line(&line, &mut None, false, &mut on_event);
                self.buf = line;
                self.buf.clear();
            }
            if bytes[i] == b'\r' {
                if i + 1 < bytes.len() {
                    if bytes[i + 1] == b'\n' {
                        i += 1;
                    }
                } else {
                    self.after_cr = true;
                }
            }
            i += 1;
            start = i;
        }
        self.buf.extend_from_slice(&bytes[start..]);
        if let Some(s) = span {
            // The event goes on in the next read: keep its data.
            self.data.push_str(&lossy(s));
        }
    }

    /// Bytes held for the event being read (unfinished line, name and data); compare with
    /// [`MAX_EVENT_BYTES`] after each [`Parser::feed_with`].
    pub fn pending_bytes(&self) -> usize {
        self.buf.len() + self.name.len() + self.data.len()
    }

    /// The body ended: dispatches a pending line and event, if any.
    pub fn finish(&mut self) -> Option<Event> {
        let mut out = None;
        let mut keep = |e: EventRef<'_>| out = Some(e.to_event());
        if !self.buf.is_empty() {
            let line = std::mem::take(&mut self.buf);
            self.line(&line, &mut None, false, &mut keep);
        }
        self.dispatch(None, &mut keep);
        out
    }

    /// Reads one complete line. `span` holds the event's data while it is a single line of
    /// the current read (`borrowed`: `line` is part of that read).
    fn line<'l>(
        &mut self,
        line: &'l [u8],
        span: &mut Option<&'l [u8]>,
        borrowed: bool,
        on_event: &mut impl FnMut(EventRef<'_>),
    ) {
        match classify(line) {
            Line::Blank => {
                let data = span.take().map(lossy);
                self.dispatch(data.as_deref(), on_event);
            }
            Line::Data(value) => {
                if borrowed && !self.has_data {
                    *span = Some(value);
                } else {
                    if let Some(s) = span.take() {
                        self.data.push_str(&lossy(s));
                    }
                    if self.has_data {
                        self.data.push('\n');
                    }
                    self.data.push_str(&lossy(value));
                }
                self.has_data = true;
            }
            Line::Event(value) => {
                self.name.clear();
                self.name.push_str(&lossy(value));
            }
            Line::Ignored => {}
        }
    }

    /// Ends the event: hands it over when it has data (`data`, else the parser's), then
    /// forgets it.
    fn dispatch(&mut self, data: Option<&str>, on_event: &mut impl FnMut(EventRef<'_>)) {
        if self.has_data {
            on_event(EventRef {
                name: &self.name,
                data: data.unwrap_or(&self.data),
            });
        }
        self.name.clear();
        self.data.clear();
        self.has_data = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data(events: &[Event]) -> Vec<&str> {
        events.iter().map(|e| e.data.as_str()).collect()
    }

    #[test]
    fn several_events_in_one_read_with_and_without_space() {
        let mut p = Parser::default();
        let ev = p.feed(b"data: {\"a\":1}\n\ndata:{\"b\":2}\n\n: keep-alive\n\ndata: [DONE]\n\n");
        assert_eq!(data(&ev), vec!["{\"a\":1}", "{\"b\":2}", "[DONE]"]);
    }

    #[test]
    fn event_split_across_reads_at_every_byte() {
        let body = b"data: {\"x\": \"hello\"}\r\n\r\ndata: second\r\n\r\n";
        for cut in 0..body.len() {
            let mut p = Parser::default();
            let mut ev = p.feed(&body[..cut]);
            ev.extend(p.feed(&body[cut..]));
            assert_eq!(
                data(&ev),
                vec!["{\"x\": \"hello\"}", "second"],
                "cut at {cut}"
            );
        }
    }

    #[test]
    fn byte_by_byte_with_cr_line_ends() {
        let body = b"data: a\r\rdata: b\r\r";
        let mut p = Parser::default();
        let ev: Vec<Event> = body.iter().flat_map(|b| p.feed(&[*b])).collect();
        assert_eq!(data(&ev), vec!["a", "b"]);
    }

    #[test]
    fn multi_line_data_and_named_error_event() {
        let mut p = Parser::default();
        let ev = p.feed(b"event: error\ndata: {\"error\":\ndata: \"boom\"}\n\n");
        assert_eq!(ev[0].name, "error");
        assert_eq!(ev[0].data, "{\"error\":\n\"boom\"}");
    }

    #[test]
    fn empty_read_between_cr_and_lf_is_no_line_end() {
        // Fuzz finding (fuzz/fuzz_targets/sse.rs): an empty read after a read ending in `\r`
        // forgot the `\r`, so the `\n` of the next read ended a second, empty line and
        // dispatched the event early, split in two.
        let body = b"data:\r\ndata:\r\n\r\n";
        let mut whole = Parser::default();
        let expect = whole.feed(body);
        assert_eq!(data(&expect), vec!["\n"]);
        let mut p = Parser::default();
        let mut ev = p.feed(b"data:\r");
        ev.extend(p.feed(b""));
        ev.extend(p.feed(b"\ndata:\r"));
        ev.extend(p.feed(b""));
        ev.extend(p.feed(b"\n\r\n"));
        assert_eq!(ev, expect);
    }

    #[test]
    fn pending_bytes_count_the_unfinished_event() {
        let mut p = Parser::default();
        assert!(p.feed(b"data: abc\ndata: de").is_empty());
        // "abc" held as data, "data: de" as the unfinished line.
        assert_eq!(p.pending_bytes(), 3 + 8);
        assert_eq!(p.feed(b"\n\n").len(), 1);
        assert_eq!(p.pending_bytes(), 0);
    }

    #[test]
    fn an_event_whole_in_one_read_is_handed_over_without_a_copy() {
        let read = b"data: {\"a\":1}\n\nevent: e\ndata: x\ndata: y\n\n";
        let range = read.as_ptr_range();
        let mut p = Parser::default();
        let mut seen = Vec::new();
        p.feed_with(read, |e| {
            seen.push((e.to_event(), range.contains(&e.data.as_ptr())));
        });
        let ev = |name: &str, data: &str| Event {
            name: name.into(),
            data: data.into(),
        };
        // One data line: borrowed from the read; two lines are joined in the parser.
        assert_eq!(
            seen,
            vec![(ev("", "{\"a\":1}"), true), (ev("e", "x\ny"), false)]
        );
    }

    #[test]
    fn a_data_line_then_the_rest_of_its_event_in_the_next_read() {
        let mut p = Parser::default();
        assert!(p.feed(b"data: a\ndata: b").is_empty());
        assert_eq!(p.pending_bytes(), 1 + 7);
        assert!(p.feed(b"c\n").is_empty());
        assert_eq!(data(&p.feed(b"\n")), vec!["a\nbc"]);
        // Invalid UTF-8 is replaced line by line, as before.
        assert_eq!(data(&p.feed(b"data: \xff\n\n")), vec!["\u{fffd}"]);
    }

    #[test]
    fn close_without_final_blank_line_still_dispatches() {
        let mut p = Parser::default();
        assert!(p.feed(b"data: [DONE]").is_empty());
        assert_eq!(p.finish().unwrap().data, "[DONE]");
        let mut p = Parser::default();
        assert!(p.feed(b"data: x\n").is_empty());
        assert_eq!(p.finish().unwrap().data, "x");
        assert_eq!(Parser::default().finish(), None);
    }

    /// The reference: the parser fed one byte at a time (every line and event spans reads,
    /// so nothing is borrowed from a read).
    fn byte_by_byte(body: &[u8]) -> Vec<Event> {
        let mut p = Parser::default();
        let mut out: Vec<Event> = body.iter().flat_map(|b| p.feed(&[*b])).collect();
        out.extend(p.finish());
        out
    }

    use proptest::strategy::Strategy as _;

    proptest::proptest! {
        /// The fuzz target's property (fuzz/fuzz_targets/sse.rs) on SSE-shaped bodies: the
        /// events do not depend on how the body was split into reads, so the borrowed fast
        /// path (whole events in one read) and the buffered one agree.
        #[test]
        fn events_do_not_depend_on_the_reads(
            parts in proptest::collection::vec(proptest::prop_oneof![
                proptest::strategy::Just(b"data: ".to_vec()),
                proptest::strategy::Just(b"data:".to_vec()),
                proptest::strategy::Just(b"event: error".to_vec()),
                proptest::strategy::Just(b": ping".to_vec()),
                proptest::strategy::Just(b"\n".to_vec()),
                proptest::strategy::Just(b"\r".to_vec()),
                proptest::strategy::Just(b"\r\n".to_vec()),
                proptest::strategy::Just(b"\xe2\x82".to_vec()),
                proptest::collection::vec(proptest::num::u8::ANY, 0..6),
                "[ -~]{0,12}".prop_map(String::into_bytes),
            ], 0..24),
            cuts in proptest::collection::vec(0usize..200, 0..6),
        ) {
            let body = parts.concat();
            let mut cuts: Vec<usize> = cuts.into_iter().map(|c| c.min(body.len())).collect();
            cuts.sort_unstable();
            let mut p = Parser::default();
            let mut got = Vec::new();
            let mut at = 0;
            for c in cuts.into_iter().chain([body.len()]) {
                got.extend(p.feed(&body[at..c]));
                at = c;
            }
            got.extend(p.finish());
            proptest::prop_assert_eq!(got, byte_by_byte(&body));
        }
    }
}
