//! The one diagnostic type decksmith shows people: a message about a place in a file they
//! wrote, with a label, an optional help line and a severity. Deck findings, database lint
//! results and load errors all become `Problem`s at the edge, so they all look alike.

use miette::{Diagnostic, LabeledSpan, NamedSource, Severity, SourceCode, SourceSpan};
use std::fmt;
use std::ops::Range;
use std::sync::Arc;

/// A file as read from disk or from the embedded data, kept for pointing into it.
#[derive(Debug, Clone)]
pub struct SourceFile {
    pub name: String,
    pub text: Arc<str>,
}

impl SourceFile {
    pub fn new(name: impl Into<String>, text: impl Into<Arc<str>>) -> Arc<Self> {
        Arc::new(SourceFile {
            name: name.into(),
            text: text.into(),
        })
    }

    /// 1-based line and column of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let before = &self.text[..floor_char_boundary(&self.text, offset)];
        let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, col)
    }

    fn named(&self) -> NamedSource<Arc<str>> {
        NamedSource::new(&self.name, Arc::clone(&self.text))
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
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
            message: message.into(),
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
        self.help = Some(help.into());
        self
    }

    pub fn maybe_help(mut self, help: Option<String>) -> Self {
        if help.is_some() {
            self.help = help;
        }
        self
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

/// `Problem` carries its own source, so it implements `Diagnostic` by hand rather than derive.
pub struct Rendered<'a> {
    problem: &'a Problem,
    source: Option<NamedSource<Arc<str>>>,
}

impl<'a> Rendered<'a> {
    pub fn new(problem: &'a Problem) -> Self {
        Rendered {
            problem,
            source: problem.file.as_ref().map(|f| f.named()),
        }
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
        self.source.as_ref().map(|s| s as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if self.source.is_none() || self.problem.labels.is_empty() {
            return None;
        }
        let len = self.problem.file.as_ref().map_or(0, |f| f.text.len());
        Some(Box::new(self.problem.labels.iter().enumerate().map(
            move |(i, (span, text))| {
                let start = span.start.min(len);
                let end = span.end.clamp(start, len);
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
    let theme = if colour {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme).with_width(100);
    let mut out = String::new();
    for problem in problems {
        // Writing into a String cannot fail.
        let _ = handler.render_report(&mut out, &Rendered::new(problem));
    }
    out
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
}
