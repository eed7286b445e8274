//! Stage: the text every later stage reads. Lowercased (ASCII only, so every byte offset is the
//! original text's) and with box-drawing characters (U+2500–U+257F, three bytes each in UTF-8)
//! turned into three ASCII bytes: horizontal strokes into `---`, every other piece (verticals,
//! corners, junctions) into ` | `. Rich-console tables (genai-perf, AIPerf, GuideLLM) then read
//! as the pipe tables and rule lines the table stage knows, and spans still point into the
//! pasted text.

/// The lowercased, box-normalised text; the same length as `text`, byte for byte.
pub(super) fn prepare(text: &str) -> String {
    let lower = text.to_ascii_lowercase();
    if !lower.contains(|c: char| ('\u{2500}'..='\u{257f}').contains(&c)) {
        return lower;
    }
    let mut out = String::with_capacity(lower.len());
    for c in lower.chars() {
        if ('\u{2500}'..='\u{257f}').contains(&c) {
            out.push_str(if is_horizontal(c) { "---" } else { " | " });
        } else {
            out.push(c);
        }
    }
    out
}

/// A horizontal stroke of the box-drawing block (light, heavy, double, dashed).
fn is_horizontal(c: char) -> bool {
    matches!(
        c,
        '─' | '━'
            | '═'
            | '┄'
            | '┅'
            | '┈'
            | '┉'
            | '╌'
            | '╍'
            | '╴'
            | '╶'
            | '╸'
            | '╺'
            | '╼'
            | '╾'
    )
}

#[cfg(test)]
mod tests {
    use super::prepare;

    #[test]
    fn boxes_become_pipes_and_rules_of_the_same_length() {
        let t = "┃ Statistic ┃ avg ┃\n┡━━━╇━━┩\n│ Output token throughput (per sec) │ 1,412.33 │";
        let p = prepare(t);
        assert_eq!(p.len(), t.len());
        assert!(p.starts_with(" |  statistic  |  avg  | \n | ---------"));
        assert!(p.contains(" |  output token throughput (per sec)  |  1,412.33  | "));
    }

    #[test]
    fn other_text_is_only_lowercased() {
        assert_eq!(prepare("H100 输出 Tok/s"), "h100 输出 tok/s");
    }
}
