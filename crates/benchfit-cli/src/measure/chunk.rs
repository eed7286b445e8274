//! One streamed chunk of the OpenAI completions or chat completions API, read in one pass
//! over its text as far as benchfit needs it: whether a choice carries text, the finish
//! reason, the usage counts, an error. Nothing is allocated unless a finish reason or an error
//! is present (issue 14, client cost: a chunk arrives for every token).
//!
//! Every field is optional and lenient: servers differ in what they send, and a field of an
//! unexpected type is read as absent rather than failing the request (a float token count, a
//! number where text was expected, `choices` that is not an array of objects). Within an
//! object a repeated key counts once, the last time. Only text that is not JSON at all, or a
//! top-level key given twice, fails the chunk.

use serde::de::{Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use serde_json::Value;
use std::fmt;

/// What benchfit reads of one chunk.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub(super) struct StreamChunk {
    /// `choices[]` (empty or absent in a usage-only chunk).
    pub(super) choices: Choices,
    /// `usage` (vLLM's `continuous_usage_stats`: on every chunk; else on the last one).
    pub(super) usage: Usage,
    /// An `error` object or string some servers put in the stream (absent when null).
    pub(super) error: Option<Value>,
}

impl StreamChunk {
    /// Reads one event's data.
    pub(super) fn read(data: &str) -> serde_json::Result<Self> {
        serde_json::from_str(data)
    }
}

/// `choices[]` as read: `None` when absent, null, or not an array of objects (then none of
/// its entries counts).
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct Choices(pub(super) Option<ChoicesRead>);

/// The entries of `choices[]` together.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct ChoicesRead {
    /// How many entries.
    pub(super) count: usize,
    /// Some entry has non-empty `text` (completions) or a `delta` with non-empty `content`,
    /// `reasoning_content` (DeepSeek, vLLM reasoning models) or `reasoning` (newer vLLM,
    /// OpenRouter).
    pub(super) has_text: bool,
    /// The last entry's `finish_reason` that is a string.
    pub(super) finish_reason: Option<String>,
}

/// `usage`: the token counts that are unsigned integers.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct Usage {
    /// `prompt_tokens`.
    pub(super) prompt_tokens: Option<u64>,
    /// `completion_tokens`.
    pub(super) completion_tokens: Option<u64>,
}

/// The scalar visits of a lenient reader: any of them reads as the default (absent).
macro_rules! scalars_as_default {
    () => {
        fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> {
            Ok(Default::default())
        }
        fn visit_i64<E>(self, _: i64) -> Result<Self::Value, E> {
            Ok(Default::default())
        }
        fn visit_f64<E>(self, _: f64) -> Result<Self::Value, E> {
            Ok(Default::default())
        }
        fn visit_unit<E>(self) -> Result<Self::Value, E> {
            Ok(Default::default())
        }
        fn visit_none<E>(self) -> Result<Self::Value, E> {
            Ok(Default::default())
        }
    };
}

/// Reads (and drops) the rest of an array.
fn skip_seq<'de, A: SeqAccess<'de>>(mut seq: A) -> Result<(), A::Error> {
    while seq.next_element::<IgnoredAny>()?.is_some() {}
    Ok(())
}

/// Reads (and drops) the rest of an object.
fn skip_map<'de, A: MapAccess<'de>>(mut map: A) -> Result<(), A::Error> {
    while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
    Ok(())
}

/// Whether a value is a non-empty string (escapes decoded in serde_json's scratch buffer).
#[derive(Default)]
struct HasText(bool);

impl<'de> Deserialize<'de> for HasText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = HasText;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("any JSON value")
            }
            scalars_as_default!();
            fn visit_u64<E>(self, _: u64) -> Result<HasText, E> {
                Ok(HasText(false))
            }
            fn visit_str<E>(self, s: &str) -> Result<HasText, E> {
                Ok(HasText(!s.is_empty()))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<HasText, A::Error> {
                skip_seq(seq).map(|()| HasText(false))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<HasText, A::Error> {
                skip_map(map).map(|()| HasText(false))
            }
        }
        d.deserialize_any(V)
    }
}

/// A string value, else absent.
#[derive(Default)]
struct Text(Option<String>);

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Text;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("any JSON value")
            }
            scalars_as_default!();
            fn visit_u64<E>(self, _: u64) -> Result<Text, E> {
                Ok(Text(None))
            }
            fn visit_str<E>(self, s: &str) -> Result<Text, E> {
                Ok(Text(Some(s.to_string())))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Text, A::Error> {
                skip_seq(seq).map(|()| Text(None))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Text, A::Error> {
                skip_map(map).map(|()| Text(None))
            }
        }
        d.deserialize_any(V)
    }
}

/// An unsigned integer, else absent (a float, a negative number, a string).
#[derive(Default)]
struct Count(Option<u64>);

impl<'de> Deserialize<'de> for Count {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Count;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("any JSON value")
            }
            scalars_as_default!();
            fn visit_u64<E>(self, v: u64) -> Result<Count, E> {
                Ok(Count(Some(v)))
            }
            fn visit_str<E>(self, _: &str) -> Result<Count, E> {
                Ok(Count(None))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Count, A::Error> {
                skip_seq(seq).map(|()| Count(None))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Count, A::Error> {
                skip_map(map).map(|()| Count(None))
            }
        }
        d.deserialize_any(V)
    }
}

/// The keys read in `choices[]` entries, `delta` and `usage` (serde's field matcher: no
/// allocation, escapes decoded).
#[derive(Deserialize)]
#[serde(field_identifier, rename_all = "snake_case")]
enum Key {
    Text,
    Delta,
    FinishReason,
    Content,
    ReasoningContent,
    Reasoning,
    PromptTokens,
    CompletionTokens,
    #[serde(other)]
    Other,
}

/// A `delta`: whether it carries text (false when it is not an object).
#[derive(Default)]
struct Delta(bool);

impl<'de> Deserialize<'de> for Delta {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Delta;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("any JSON value")
            }
            scalars_as_default!();
            fn visit_u64<E>(self, _: u64) -> Result<Delta, E> {
                Ok(Delta(false))
            }
            fn visit_str<E>(self, _: &str) -> Result<Delta, E> {
                Ok(Delta(false))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Delta, A::Error> {
                skip_seq(seq).map(|()| Delta(false))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Delta, A::Error> {
                // Each key's last value counts.
                let (mut content, mut reasoning_content, mut reasoning) = (false, false, false);
                while let Some(k) = map.next_key::<Key>()? {
                    match k {
                        Key::Content => content = map.next_value::<HasText>()?.0,
                        Key::ReasoningContent => {
                            reasoning_content = map.next_value::<HasText>()?.0;
                        }
                        Key::Reasoning => reasoning = map.next_value::<HasText>()?.0,
                        _ => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                Ok(Delta(content || reasoning_content || reasoning))
            }
        }
        d.deserialize_any(V)
    }
}

/// One `choices[]` entry: `None` when it is not an object.
#[derive(Default)]
struct Choice(Option<(bool, Option<String>)>);

impl<'de> Deserialize<'de> for Choice {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Choice;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("any JSON value")
            }
            scalars_as_default!();
            fn visit_u64<E>(self, _: u64) -> Result<Choice, E> {
                Ok(Choice(None))
            }
            fn visit_str<E>(self, _: &str) -> Result<Choice, E> {
                Ok(Choice(None))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Choice, A::Error> {
                skip_seq(seq).map(|()| Choice(None))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Choice, A::Error> {
                let (mut text, mut delta, mut finish) = (false, false, None);
                while let Some(k) = map.next_key::<Key>()? {
                    match k {
                        Key::Text => text = map.next_value::<HasText>()?.0,
                        Key::Delta => delta = map.next_value::<Delta>()?.0,
                        Key::FinishReason => finish = map.next_value::<Text>()?.0,
                        _ => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                Ok(Choice(Some((text || delta, finish))))
            }
        }
        d.deserialize_any(V)
    }
}

impl<'de> Deserialize<'de> for Choices {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Choices;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("any JSON value")
            }
            scalars_as_default!();
            fn visit_u64<E>(self, _: u64) -> Result<Choices, E> {
                Ok(Choices(None))
            }
            fn visit_str<E>(self, _: &str) -> Result<Choices, E> {
                Ok(Choices(None))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Choices, A::Error> {
                let mut read = Some(ChoicesRead::default());
                while let Some(Choice(c)) = seq.next_element::<Choice>()? {
                    // One entry that is not an object: the array does not count (its rest is
                    // still read, to go on with the chunk).
                    match (c, read.as_mut()) {
                        (Some((has_text, finish)), Some(r)) => {
                            r.count += 1;
                            r.has_text |= has_text;
                            if finish.is_some() {
                                r.finish_reason = finish;
                            }
                        }
                        _ => read = None,
                    }
                }
                Ok(Choices(read))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Choices, A::Error> {
                skip_map(map).map(|()| Choices(None))
            }
        }
        d.deserialize_any(V)
    }
}

impl<'de> Deserialize<'de> for Usage {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Usage;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("any JSON value")
            }
            scalars_as_default!();
            fn visit_u64<E>(self, _: u64) -> Result<Usage, E> {
                Ok(Usage::default())
            }
            fn visit_str<E>(self, _: &str) -> Result<Usage, E> {
                Ok(Usage::default())
            }
            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Usage, A::Error> {
                skip_seq(seq).map(|()| Usage::default())
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Usage, A::Error> {
                let mut u = Usage::default();
                while let Some(k) = map.next_key::<Key>()? {
                    match k {
                        Key::PromptTokens => u.prompt_tokens = map.next_value::<Count>()?.0,
                        Key::CompletionTokens => {
                            u.completion_tokens = map.next_value::<Count>()?.0;
                        }
                        _ => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                Ok(u)
            }
        }
        d.deserialize_any(V)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(s: &str) -> StreamChunk {
        StreamChunk::read(s).unwrap()
    }

    fn choices(count: usize, has_text: bool, finish: Option<&str>) -> Choices {
        Choices(Some(ChoicesRead {
            count,
            has_text,
            finish_reason: finish.map(str::to_string),
        }))
    }

    #[test]
    fn llama_cpp_completion_chunks() {
        // As llama.cpp's server sends them (a token, then the last chunk with usage).
        let c = read(
            r#"{"choices":[{"text":"ak","index":0,"logprobs":null,"finish_reason":null}],"created":1796153607,"model":"tiny","system_fingerprint":"b1-0c1e570","object":"text_completion","id":"chatcmpl-SsO3"}"#,
        );
        assert_eq!(c.choices, choices(1, true, None));
        assert_eq!(c.usage, Usage::default());
        assert!(c.error.is_none());
        let c = read(
            r#"{"choices":[{"text":"","index":0,"logprobs":null,"finish_reason":"length"}],"usage":{"completion_tokens":5,"prompt_tokens":8,"total_tokens":13,"prompt_tokens_details":{"cached_tokens":0}},"timings":{"prompt_n":8,"prompt_ms":1.145}}"#,
        );
        assert_eq!(c.choices, choices(1, false, Some("length")));
        assert_eq!(
            c.usage,
            Usage {
                prompt_tokens: Some(8),
                completion_tokens: Some(5)
            }
        );
    }

    #[test]
    fn chat_deltas_escapes_and_reasoning() {
        let c = read(r#"{"choices":[{"delta":{"role":"assistant","content":""}}]}"#);
        assert_eq!(c.choices, choices(1, false, None));
        // "\n" decoded is one character: text.
        let c = read(r#"{"choices":[{"delta":{"content":"\n"}}]}"#);
        assert_eq!(c.choices, choices(1, true, None));
        let c = read(r#"{"choices":[{"delta":{"reasoning_content":"hm","content":null}}]}"#);
        assert_eq!(c.choices, choices(1, true, None));
        let c = read(r#"{"choices":[{"delta":{"reasoning":"\u0068"}}]}"#);
        assert_eq!(c.choices, choices(1, true, None));
        // A key written with an escape is the same key.
        let c = read(r#"{"choices":[{"t\u0065xt":"x"}]}"#);
        assert_eq!(c.choices, choices(1, true, None));
    }

    #[test]
    fn odd_shapes_read_as_absent() {
        // A float or negative count, text that is a number, an object where text was
        // expected, choices that is not an array of objects, usage that is not an object.
        let c = read(
            r#"{"choices":[{"text":7,"finish_reason":3},{"text":{"a":[1]},"delta":"x"}],"usage":{"completion_tokens":1.5,"prompt_tokens":-3}}"#,
        );
        assert_eq!(c.choices, choices(2, false, None));
        assert_eq!(c.usage, Usage::default());
        assert_eq!(
            read(r#"{"choices":[{"text":"a"},5]}"#).choices,
            Choices(None)
        );
        assert_eq!(read(r#"{"choices":{"text":"a"}}"#).choices, Choices(None));
        assert_eq!(
            read(r#"{"choices":null,"usage":null}"#).choices,
            Choices(None)
        );
        assert_eq!(read(r#"{"usage":[5,7]}"#).usage, Usage::default());
        assert_eq!(read(r#"{"choices":[]}"#).choices, choices(0, false, None));
    }

    #[test]
    fn the_last_of_a_repeated_key_and_the_last_finish_reason_count() {
        let c = read(
            r#"{"choices":[{"text":"a","text":"","finish_reason":"stop"},{"finish_reason":null}],"usage":{"completion_tokens":2,"completion_tokens":4}}"#,
        );
        assert_eq!(c.choices, choices(2, false, Some("stop")));
        assert_eq!(c.usage.completion_tokens, Some(4));
        let c = read(r#"{"choices":[{"finish_reason":"stop"},{"finish_reason":"length"}]}"#);
        assert_eq!(c.choices, choices(2, false, Some("length")));
    }

    #[test]
    fn errors_are_kept_as_sent_and_broken_json_fails() {
        let c = read(r#"{"error":{"message":"out of memory","code":500}}"#);
        assert_eq!(
            c.error,
            Some(serde_json::json!({"message": "out of memory", "code": 500}))
        );
        assert!(read(r#"{"error":null}"#).error.is_none());
        assert!(StreamChunk::read("{oops").is_err());
        assert!(StreamChunk::read(r#"{"choices":[{"text":"a"}"#).is_err());
    }
}
