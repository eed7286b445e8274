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

/// Most bytes one event may hold while it is read (its unfinished line plus its data so far):
/// a streamed chunk is a few hundred bytes, so a server that sends more without ending the
/// event is broken or hostile, and the request is cut rather than memory filled.
pub const MAX_EVENT_BYTES: usize = 1 << 20;

/// Incremental parser: feed bytes as they arrive, collect events.
#[derive(Debug, Default)]
pub struct Parser {
    buf: Vec<u8>,
    /// The previous chunk ended in `\r`: a leading `\n` now belongs to that line end.
    after_cr: bool,
    name: String,
    data: String,
    has_data: bool,
}

impl Parser {
    /// Feeds one read; returns the events completed by it, in order.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Event> {
        let mut out = Vec::new();
        let mut bytes = bytes;
        if bytes.is_empty() {
            // An empty read says nothing about a `\r\n` split across reads.
            return out;
        }
        if self.after_cr {
            if let Some(rest) = bytes.strip_prefix(b"\n") {
                bytes = rest;
            }
            self.after_cr = false;
        }
        let mut start = 0;
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            if b == b'\n' || b == b'\r' {
                self.buf.extend_from_slice(&bytes[start..i]);
                let line = std::mem::take(&mut self.buf);
                self.line(&line, &mut out);
                if b == b'\r' {
                    if i + 1 < bytes.len() {
                        if bytes[i + 1] == b'\n' {
                            i += 1;
                        }
                    } else {
                        self.after_cr = true;
                    }
                }
                start = i + 1;
            }
            i += 1;
        }
        self.buf.extend_from_slice(&bytes[start..]);
        out
    }

    /// Bytes held for the event being read (unfinished line, name and data); compare with
    /// [`MAX_EVENT_BYTES`] after each [`Parser::feed`].
    pub fn pending_bytes(&self) -> usize {
        self.buf.len() + self.name.len() + self.data.len()
    }

    /// The body ended: dispatches a pending line and event, if any.
    pub fn finish(&mut self) -> Option<Event> {
        let mut out = Vec::new();
        if !self.buf.is_empty() {
            let line = std::mem::take(&mut self.buf);
            self.line(&line, &mut out);
        }
        self.dispatch(&mut out);
        out.pop()
    }

    fn line(&mut self, line: &[u8], out: &mut Vec<Event>) {
        if line.is_empty() {
            self.dispatch(out);
            return;
        }
        if line[0] == b':' {
            return; // comment
        }
        let (field, value) = match line.iter().position(|&c| c == b':') {
            Some(p) => {
                let v = &line[p + 1..];
                (&line[..p], v.strip_prefix(b" ").unwrap_or(v))
            }
            None => (line, &b""[..]),
        };
        let value = String::from_utf8_lossy(value);
        match field {
            b"data" => {
                if self.has_data {
                    self.data.push('\n');
                }
                self.data.push_str(&value);
                self.has_data = true;
            }
            b"event" => self.name = value.into_owned(),
            _ => {} // id, retry, unknown fields
        }
    }

    fn dispatch(&mut self, out: &mut Vec<Event>) {
        if self.has_data {
            out.push(Event {
                name: std::mem::take(&mut self.name),
                data: std::mem::take(&mut self.data),
            });
        }
        self.name.clear();
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
    fn close_without_final_blank_line_still_dispatches() {
        let mut p = Parser::default();
        assert!(p.feed(b"data: [DONE]").is_empty());
        assert_eq!(p.finish().unwrap().data, "[DONE]");
        let mut p = Parser::default();
        assert!(p.feed(b"data: x\n").is_empty());
        assert_eq!(p.finish().unwrap().data, "x");
        assert_eq!(Parser::default().finish(), None);
    }
}
