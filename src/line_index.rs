//! Where the lines of a text start, found once, so that turning a byte offset into a line and
//! column costs a binary search rather than a walk from the first byte. Every report that
//! names a line (the human report's source snippets, SARIF and the other CI outputs, a match
//! run's step lines, the readers' own line numbers) goes through one, so reports grow with
//! their input, not with (findings × file size).

/// Byte offsets of the starts of a text's lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineIndex {
    /// The first is 0; each other is one past a `\n`.
    starts: Vec<usize>,
    /// Carriage returns with no `\n` after them: miette's renderer ends a line at one too,
    /// so snippets need them to number lines as it does (see [`LineIndex::breaks_before`]).
    lone_returns: Vec<usize>,
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        let mut lone_returns = Vec::new();
        for (i, &b) in bytes.iter().enumerate() {
            match b {
                b'\n' => starts.push(i + 1),
                b'\r' if bytes.get(i + 1) != Some(&b'\n') => lone_returns.push(i),
                _ => {}
            }
        }
        LineIndex {
            starts,
            lone_returns,
        }
    }

    /// The 1-based line holding byte `offset` (the last line for an offset past the end).
    pub fn line(&self, offset: usize) -> u32 {
        self.starts.partition_point(|&s| s <= offset) as u32
    }

    /// The byte offset where 1-based `line` starts (the text's end past the last line).
    pub fn line_start(&self, line: usize, text: &str) -> usize {
        line.checked_sub(1)
            .and_then(|i| self.starts.get(i))
            .copied()
            .unwrap_or(text.len())
    }

    /// 1-based line and column (in characters) of byte `offset`; an offset inside a character
    /// counts as that character, one past the end as the end.
    pub fn line_col(&self, text: &str, offset: usize) -> (usize, usize) {
        let offset = floor_char_boundary(text, offset.min(text.len()));
        let line = self.line(offset) as usize;
        let start = self.line_start(line, text);
        (line, text[start..offset].chars().count() + 1)
    }

    /// Byte offset of a 1-based line and column (in characters), as serde_json reports them.
    pub fn offset(&self, text: &str, line: usize, column: usize) -> usize {
        let start = self.line_start(line, text);
        let rest = text.get(start..).unwrap_or("");
        start
            + rest
                .char_indices()
                .nth(column.saturating_sub(1))
                .map_or(rest.len(), |(i, _)| i)
    }

    /// Where the line holding byte `offset` starts as miette counts lines (a lone `\r` ends
    /// one too).
    pub fn break_start(&self, offset: usize) -> usize {
        let line = self.starts[self.starts.partition_point(|&s| s <= offset) - 1];
        let cr = self.lone_returns.partition_point(|&r| r < offset);
        match cr.checked_sub(1) {
            Some(i) => line.max(self.lone_returns[i] + 1),
            None => line,
        }
    }

    /// How many line breaks miette counts before byte `offset`: every `\n` (a `\r\n` is one)
    /// and every lone `\r`.
    pub fn breaks_before(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset) - 1
            + self.lone_returns.partition_point(|&r| r < offset)
    }
}

pub(crate) fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns_count_from_one_and_handle_multibyte() {
        let text = "ab\nc’d\n";
        let index = LineIndex::new(text);
        assert_eq!(index.line_col(text, 0), (1, 1));
        assert_eq!(index.line_col(text, 3), (2, 1));
        // Offset inside the three-byte apostrophe rounds down to it.
        assert_eq!(index.line_col(text, 5), (2, 2));
        assert_eq!(index.line_col(text, 999), (3, 1));
        assert_eq!(index.offset(text, 2, 3), 7);
        assert_eq!(index.offset(text, 9, 1), text.len());
    }

    #[test]
    fn miette_breaks_count_crlf_once_and_lone_returns() {
        let text = "a\r\nb\rc\nd";
        let index = LineIndex::new(text);
        assert_eq!(index.breaks_before(0), 0);
        assert_eq!(index.breaks_before(3), 1);
        assert_eq!(index.breaks_before(4), 1);
        assert_eq!(index.breaks_before(5), 2);
        assert_eq!(index.breaks_before(7), 3);
        assert_eq!(index.breaks_before(text.len()), 3);
        assert_eq!(index.break_start(4), 3);
        assert_eq!(index.break_start(6), 5);
        assert_eq!(index.break_start(7), 7);
    }
}
