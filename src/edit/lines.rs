//! Lossless edits of a native text deck list: each edit is a splice of a byte range of the
//! file, so every line no edit touches stays byte for byte as it was (comments, blank lines,
//! order, `3x` counts, CRLF line ends, indentation).

use crate::encoding::text::parse_card_line;
use std::ops::Range;

/// Replacements of byte ranges of one text, applied together.
#[derive(Debug, Default)]
pub struct Splices {
    edits: Vec<(Range<usize>, String)>,
}

impl Splices {
    pub fn replace(&mut self, range: Range<usize>, with: String) {
        self.edits.push((range, with));
    }

    pub fn insert(&mut self, at: usize, text: String) {
        self.edits.push((at..at, text));
    }

    /// The text with every splice made. Splices never overlap: each touches its own line.
    pub fn apply(mut self, text: &str) -> String {
        self.edits.sort_by_key(|(r, _)| (r.start, r.end));
        let mut out = String::with_capacity(text.len() + 64);
        let mut at = 0;
        for (range, with) in self.edits {
            out.push_str(&text[at..range.start]);
            out.push_str(&with);
            at = range.end;
        }
        out.push_str(&text[at..]);
        out
    }
}

/// How the file writes lines, so that a new line looks like its neighbours.
#[derive(Debug, Clone)]
pub struct Style {
    pub newline: &'static str,
    /// `x` or `X` after the count, when the list writes `3x Name`.
    pub count_suffix: String,
}

impl Style {
    pub fn of(text: &str, first_entry: Option<&str>) -> Style {
        let count_suffix = first_entry
            .and_then(|line| {
                let digits = line.bytes().take_while(u8::is_ascii_digit).count();
                line[digits..]
                    .chars()
                    .next()
                    .filter(|c| matches!(c, 'x' | 'X'))
            })
            .map(String::from)
            .unwrap_or_default();
        Style {
            newline: if text.contains("\r\n") { "\r\n" } else { "\n" },
            count_suffix,
        }
    }

    pub fn card_line(&self, indent: &str, count: u32, name: &str) -> String {
        format!("{indent}{count}{} {name}", self.count_suffix)
    }
}

/// The range of a card line's count digits, given the span of the line's content.
pub fn count_range(text: &str, span: &Range<usize>) -> Range<usize> {
    let digits = text[span.clone()]
        .bytes()
        .take_while(u8::is_ascii_digit)
        .count();
    span.start..span.start + digits
}

/// The range of the card name on a card line, given the span of the line's content.
pub fn name_range(text: &str, span: &Range<usize>) -> Option<Range<usize>> {
    let content = &text[span.clone()];
    let (_, offset) = parse_card_line(content).ok()?;
    let name = content[offset..].trim_end();
    Some(span.start + offset..span.start + offset + name.len())
}

/// The whole line holding `span`, with its line end: what deleting the line removes.
pub fn whole_line(text: &str, span: &Range<usize>) -> Range<usize> {
    let start = text[..span.start].rfind('\n').map_or(0, |i| i + 1);
    let end = text[span.end..]
        .find('\n')
        .map_or(text.len(), |i| span.end + i + 1);
    start..end
}

/// The white space before the content of the line holding `span`.
pub fn indent<'t>(text: &'t str, span: &Range<usize>) -> &'t str {
    let line = whole_line(text, span);
    let before = &text[line.start..span.start];
    if before.trim().is_empty() {
        before
    } else {
        ""
    }
}

/// Where a line inserted after the line holding `span` starts, and the line break to put
/// before it when that line is the last and has none.
pub fn after_line(text: &str, span: &Range<usize>, style: &Style) -> (usize, &'static str) {
    let line = whole_line(text, span);
    if text[..line.end].ends_with('\n') {
        (line.end, "")
    } else {
        (line.end, style.newline)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splices_keep_everything_else() {
        let text = "a\n3x B\n# c\n";
        let span = 2..6;
        let mut s = Splices::default();
        s.replace(count_range(text, &span), "4".into());
        assert_eq!(s.apply(text), "a\n4x B\n# c\n");
        let mut s = Splices::default();
        s.replace(whole_line(text, &span), String::new());
        assert_eq!(s.apply(text), "a\n# c\n");
    }

    #[test]
    fn names_and_lines_are_found_in_crlf_files() {
        let text = "Main:\r\n  2 Iron Guard\r\n";
        let span = 9..21;
        assert_eq!(&text[span.clone()], "2 Iron Guard");
        assert_eq!(&text[name_range(text, &span).unwrap()], "Iron Guard");
        assert_eq!(indent(text, &span), "  ");
        assert_eq!(whole_line(text, &span), 7..23);
        let style = Style::of(text, Some("2 Iron Guard"));
        assert_eq!(style.newline, "\r\n");
        assert_eq!(style.card_line("  ", 1, "X"), "  1 X");
    }

    #[test]
    fn a_last_line_without_a_break_gets_one_before_the_new_line() {
        let text = "Main:\n1 A";
        let style = Style::of(text, Some("1 A"));
        assert_eq!(after_line(text, &(6..9), &style), (9, "\n"));
    }
}
