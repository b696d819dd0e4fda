//! The one diagnostic type decksmith shows people: a message about a place in a file they
//! wrote, with a label, an optional help line and a severity. Deck findings, database lint
//! results and load errors all become `Problem`s at the edge, so they all look alike.

use crate::line_index::{floor_char_boundary, LineIndex};
use crate::names;
use miette::{
    Diagnostic, LabeledSpan, MietteError, MietteSpanContents, Severity, SourceCode, SourceSpan,
    SpanContents,
};
use std::fmt;
use std::ops::Range;
use std::sync::{Arc, OnceLock};

/// A file as read from disk or from the embedded data, kept for pointing into it.
#[derive(Debug, Clone)]
pub struct SourceFile {
    pub name: String,
    pub text: Arc<str>,
    /// Built the first time a line is asked for, then shared by every finding in the file.
    lines: OnceLock<LineIndex>,
}

impl SourceFile {
    pub fn new(name: impl Into<String>, text: impl Into<Arc<str>>) -> Arc<Self> {
        Arc::new(SourceFile {
            name: name.into(),
            text: text.into(),
            lines: OnceLock::new(),
        })
    }

    pub fn lines(&self) -> &LineIndex {
        self.lines.get_or_init(|| LineIndex::new(&self.text))
    }

    /// 1-based line and column of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        self.lines().line_col(&self.text, offset)
    }
}

/// miette's own `SourceCode` for text walks from the first byte to every span it shows, which
/// makes a report of many findings quadratic. This one starts the walk a few lines above the
/// span, found through the line index, and numbers lines from there: the same snippet, in time
/// that does not grow with the span's offset.
impl SourceCode for SourceFile {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let lines = self.lines();
        // One line more than the context asks for, so that the walk starts in the same state
        // as a walk from the first byte would be in when it reaches the context (miette ends a
        // snippet differently when the span starts the text it is given).
        let line = lines.line(span.offset()) as usize;
        let start = match line.checked_sub(context_lines_before + 1) {
            Some(first) if first >= 1 => lines.line_start(first, &self.text),
            _ => 0,
        };
        let window = &self.text.as_bytes()[start..];
        let shifted = SourceSpan::new((span.offset() - start).into(), span.len());
        let inner = window.read_span(&shifted, context_lines_before, context_lines_after)?;
        if inner.data().len() > MAX_SNIPPET {
            return Ok(Box::new(self.cropped(span, context_lines_before)));
        }
        let before = lines.breaks_before(start);
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            SourceSpan::new((inner.span().offset() + start).into(), inner.span().len()),
            inner.line() + before,
            inner.column(),
            inner.line_count() + before,
        )))
    }
}

/// The most characters of one piece of input a message echoes: a card name, a line.
pub const MAX_ECHO: usize = 100;

/// `message` with every `quoted` piece (messages quote what was written in backticks) longer
/// than [`MAX_ECHO`] characters cut short with an ellipsis, so that a 4 MB card name is not
/// echoed whole in every message about it. The line itself is in the snippet.
pub fn shorten_echoes(message: String) -> String {
    let long = |piece: &str| piece.len() > MAX_ECHO && piece.chars().count() > MAX_ECHO;
    if !message.split('`').skip(1).step_by(2).any(long) {
        return message;
    }
    let mut out = String::with_capacity(message.len().min(1024));
    for (i, piece) in message.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        if i % 2 == 1 && long(piece) {
            out.extend(piece.chars().take(MAX_ECHO - 1));
            out.push('…');
        } else {
            out.push_str(piece);
        }
    }
    out
}

/// A diagnostic about a place in a file.
#[derive(Debug, Clone)]
pub struct Problem {
    pub code: String,
    pub severity: Severity,
    pub message: String,
    pub help: Option<String>,
    pub file: Option<Arc<SourceFile>>,
    /// Labelled byte ranges in `file`; the first is the primary one.
    pub labels: Vec<(Range<usize>, String)>,
}

impl Problem {
    pub fn error(code: impl Into<String>, message: impl Into<String>) -> Self {
        Problem {
            code: code.into(),
            severity: Severity::Error,
            message: shorten_echoes(message.into()),
            help: None,
            file: None,
            labels: Vec::new(),
        }
    }

    pub fn warning(code: impl Into<String>, message: impl Into<String>) -> Self {
        Problem {
            severity: Severity::Warning,
            ..Problem::error(code, message)
        }
    }

    pub fn in_file(mut self, file: &Arc<SourceFile>) -> Self {
        self.file = Some(Arc::clone(file));
        self
    }

    pub fn label(mut self, span: Range<usize>, text: impl Into<String>) -> Self {
        self.labels.push((span, text.into()));
        self
    }

    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(shorten_echoes(help.into()));
        self
    }

    pub fn maybe_help(self, help: Option<String>) -> Self {
        match help {
            Some(help) => self.help(help),
            None => self,
        }
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// `file:line:col` of the primary label, for one-line listings.
    pub fn location(&self) -> Option<(String, usize, usize)> {
        let file = self.file.as_ref()?;
        let (span, _) = self.labels.first()?;
        let (line, col) = file.line_col(span.start);
        Some((file.name.clone(), line, col))
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Problem {}

/// A snippet longer than this (a 200 KB line of brackets, a 4 MB card name) is not echoed:
/// only the span is shown, with [`MARGIN`] bytes of its line either side.
const MAX_SNIPPET: usize = 4096;
const MARGIN: usize = 60;
/// A label over more than [`MAX_SNIPPET`] bytes is cut to this many, so that its snippet is
/// cropped short too.
const MAX_LABEL: usize = 240;

impl SourceFile {
    /// The span's own line, cut to the span and a margin either side, numbered as miette would.
    fn cropped(&self, span: &SourceSpan, context_lines_before: usize) -> MietteSpanContents<'_> {
        let text = &*self.text;
        let lines = self.lines();
        let at = floor_char_boundary(text, span.offset().min(text.len()));
        let end = floor_char_boundary(text, (span.offset() + span.len()).min(text.len())).max(at);
        let line_start = lines.break_start(at);
        let from = if context_lines_before == 0 {
            at
        } else {
            floor_char_boundary(text, at.saturating_sub(MARGIN)).max(line_start)
        };
        let line_end = text[end..]
            .find(['\n', '\r'])
            .map_or(text.len(), |i| end + i);
        let mut to = (end + MARGIN).min(line_end);
        while !text.is_char_boundary(to) {
            to += 1;
        }
        MietteSpanContents::new_named(
            self.name.clone(),
            &text.as_bytes()[from..to],
            SourceSpan::new(from.into(), to - from),
            lines.breaks_before(from),
            from - line_start,
            lines.breaks_before(to),
        )
    }
}

/// `Problem` carries its own source, so it implements `Diagnostic` by hand rather than derive.
pub struct Rendered<'a> {
    problem: &'a Problem,
}

impl<'a> Rendered<'a> {
    pub fn new(problem: &'a Problem) -> Self {
        Rendered { problem }
    }
}

impl fmt::Debug for Rendered<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.problem, f)
    }
}

impl fmt::Display for Rendered<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.problem.message)
    }
}

impl std::error::Error for Rendered<'_> {}

impl Diagnostic for Rendered<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        Some(Box::new(&self.problem.code))
    }

    fn severity(&self) -> Option<Severity> {
        Some(self.problem.severity)
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.problem
            .help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.problem.file.as_deref().map(|f| f as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if self.problem.file.is_none() || self.problem.labels.is_empty() {
            return None;
        }
        let text = self.problem.file.as_ref().map_or("", |f| &*f.text);
        let len = text.len();
        Some(Box::new(self.problem.labels.iter().enumerate().map(
            move |(i, (span, text))| {
                let start = span.start.min(len);
                let mut end = span.end.clamp(start, len);
                if end - start > MAX_SNIPPET {
                    end = floor_char_boundary(text, start + MAX_LABEL).max(start);
                }
                let span = SourceSpan::from(start..end);
                let text = (!text.is_empty()).then(|| text.clone());
                if i == 0 {
                    LabeledSpan::new_primary_with_span(text, span)
                } else {
                    LabeledSpan::new_with_span(text, span)
                }
            },
        )))
    }
}

/// Renders problems as miette's graphical report, in colour when `colour` is set.
pub fn render(problems: &[Problem], colour: bool) -> String {
    use miette::{GraphicalReportHandler, GraphicalTheme};
    // A legal deck has none: not making a handler for nothing spares start-up the code pages
    // of miette's themes.
    if problems.is_empty() {
        return String::new();
    }
    let theme = if colour {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    // Ids are hyphenated: wrapped at a hyphen, one cannot be copied back whole.
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_width(100)
        .with_word_splitter(textwrap::WordSplitter::NoHyphenation);
    let mut out = String::new();
    for problem in problems {
        // Writing into a String cannot fail.
        let _ = handler.render_report(&mut out, &Rendered::new(problem));
    }
    out
}

/// A TOML syntax error or a field serde refused, as a `Problem` at its place.
pub(crate) fn toml_problem(e: &toml::de::Error, file: &Arc<SourceFile>) -> Problem {
    let message = e.message().trim().to_owned();
    let help = unknown_field_help(&message);
    let mut problem = Problem::error("toml", message).in_file(file);
    if let Some(span) = e.span() {
        problem = problem.label(span, "here");
    }
    problem.maybe_help(help)
}

/// serde says "unknown field `legandary`, expected one of `id`, `name`, …"; offer the closest.
pub(crate) fn unknown_field_help(message: &str) -> Option<String> {
    let rest = message.strip_prefix("unknown field `")?;
    let (field, rest) = rest.split_once('`')?;
    let expected: Vec<&str> = rest.split('`').skip(1).step_by(2).collect();
    match names::suggest(field, expected.iter().copied()) {
        Some(s) => Some(format!("did you mean `{s}`?")),
        None if !expected.is_empty() => Some(format!(
            "remove `{field}`; the fields allowed here are {}",
            expected.join(", ")
        )),
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_from_one_and_handles_multibyte() {
        let f = SourceFile::new("x", "ab\nc’d\n");
        assert_eq!(f.line_col(0), (1, 1));
        assert_eq!(f.line_col(3), (2, 1));
        // Offset inside the three-byte apostrophe rounds down to it.
        assert_eq!(f.line_col(5), (2, 2));
        assert_eq!(f.line_col(999), (3, 1));
    }

    #[test]
    fn long_echoes_are_cut_and_the_rest_kept() {
        let name = "Ab".repeat(1000);
        let short = shorten_echoes(format!("unknown card `{name}` in `main`"));
        assert_eq!(short, format!("unknown card `{}…` in `main`", &name[..99]));
        let kept = "a `short` message, and an `unclosed quote";
        assert_eq!(shorten_echoes(kept.into()), kept);
        let open = format!("`{name}");
        assert_eq!(shorten_echoes(open).chars().count(), 101);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
        /// The indexed snippet is byte for byte the one miette reads from the whole text, so
        /// reports stay as they were: any text of short lines (`\n`, `\r\n` and lone `\r`
        /// among them), any span, any context.
        #[test]
        fn snippets_match_miettes_own(
            text in "[ab\n\r é]{0,60}",
            at in 0usize..64,
            len in 0usize..8,
            before in 0usize..4,
            after in 0usize..4,
        ) {
            let file = SourceFile::new("x", text.as_str());
            let at = at.min(text.len());
            let len = len.min(text.len() - at);
            let span = SourceSpan::new(at.into(), len);
            let ours = file.read_span(&span, before, after);
            let theirs = text.as_str().read_span(&span, before, after);
            match (ours, theirs) {
                (Ok(o), Ok(t)) => {
                    proptest::prop_assert_eq!(o.data(), t.data());
                    proptest::prop_assert_eq!(o.span(), t.span());
                    proptest::prop_assert_eq!(o.line(), t.line());
                    proptest::prop_assert_eq!(o.column(), t.column());
                    proptest::prop_assert_eq!(o.line_count(), t.line_count());
                }
                (o, t) => proptest::prop_assert_eq!(o.is_ok(), t.is_ok()),
            };
        }
    }
}
