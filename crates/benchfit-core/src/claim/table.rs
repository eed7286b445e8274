//! Pipe tables, as pasted or flattened to one line: `| h1 | h2 | h3 | | row | 1 | 2 |`.
//!
//! The reader finds the header, the rows, and the one cell the headline belongs to (the column
//! with the largest batch, else the most widely deployed GPU, else the first; the first row).

use super::Span;

/// One cell: its trimmed text's span in the claim.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Cell {
    pub span: Span,
}

/// A table read from the text.
#[derive(Debug, Clone)]
pub(crate) struct Table {
    /// Column headers (the first one labels the row-label column).
    pub header: Vec<Cell>,
    /// Rows: a label and one cell per value column.
    pub rows: Vec<Vec<Cell>>,
    /// Byte where the table (its first pipe) starts.
    pub start: usize,
}

fn cells(lower: &str) -> Vec<Cell> {
    let mut out = Vec::new();
    let mut from = 0;
    for (i, _) in lower
        .match_indices('|')
        .chain(std::iter::once((lower.len(), "")))
    {
        let raw = &lower[from..i];
        let lead = raw.len() - raw.trim_start().len();
        let t = raw.trim();
        out.push(Cell {
            span: Span {
                start: from + lead,
                end: from + lead + t.len(),
            },
        });
        from = (i + 1).min(lower.len());
    }
    out
}

/// A cell that holds a value: a number (with `~`, thousands separators, `± sd`) or `OOM`/`n/a`.
pub(crate) fn is_value(t: &str) -> bool {
    let t = t.trim().trim_start_matches('~');
    if matches!(t, "oom" | "n/a" | "na" | "-" | "–") {
        return true;
    }
    let t = t.split('±').next().unwrap_or("").trim();
    !t.is_empty()
        && t.chars().next().is_some_and(|c| c.is_ascii_digit())
        && t.chars()
            .all(|c| c.is_ascii_digit() || c == ',' || c == '.')
}

/// Finds the first table with at least two value columns.
pub(crate) fn find(lower: &str) -> Option<Table> {
    if lower.matches('|').count() < 4 {
        return None;
    }
    let cs = cells(lower);
    let text = |c: &Cell| &lower[c.span.start..c.span.end];
    // First run of ≥ 2 value cells preceded by a non-empty label.
    let mut i = 1;
    while i < cs.len() {
        if is_value(text(&cs[i])) && !text(&cs[i - 1]).is_empty() && !is_value(text(&cs[i - 1])) {
            let mut j = i;
            while j < cs.len() && is_value(text(&cs[j])) {
                j += 1;
            }
            let values = j - i;
            if values >= 2 {
                let width = values + 1;
                let label = i - 1;
                let header: Vec<Cell> = cs[..label]
                    .iter()
                    .rev()
                    .filter(|c| !text(c).is_empty())
                    .take(width)
                    .copied()
                    .collect::<Vec<_>>()
                    .into_iter()
                    .rev()
                    .collect();
                if header.len() < width {
                    return None;
                }
                let mut rows = Vec::new();
                let mut k = label;
                loop {
                    while k < cs.len() && text(&cs[k]).is_empty() {
                        k += 1;
                    }
                    if k + width > cs.len() || is_value(text(&cs[k])) {
                        break;
                    }
                    let row = &cs[k..k + width];
                    if !row[1..].iter().all(|c| is_value(text(c))) {
                        break;
                    }
                    rows.push(row.to_vec());
                    k += width;
                }
                return Some(Table {
                    header,
                    rows,
                    start: cs[0].span.end.min(cs[1].span.start.saturating_sub(1)),
                });
            }
            i = j;
        }
        i += 1;
    }
    None
}
