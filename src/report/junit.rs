//! JUnit XML for CI dashboards: one `<testsuite>` per group (a deck's format, `card-db`,
//! `formats`), one `<testcase>` per thing checked. A case with errors carries one `<failure>`
//! listing every finding; warnings alone do not fail it and go to `<system-out>`.
//!
//! The shape is small and fixed, so it is written with `format!`; quick-xml escapes. XML 1.0
//! forbids most control characters even when escaped, so they are dropped first.

use super::ci::{Annotation, AsCase, Case, Level};
use super::{End, Sink};
use crate::error::plural;
use std::fmt::Write as _;

/// A JUnit document written as its cases come. It opens with totals and gathers the cases by
/// group, so each case is rendered when it comes and kept as its group's text until the end.
#[derive(Default)]
pub struct Writer {
    groups: Vec<Group>,
    totals: Totals,
}

struct Group {
    name: String,
    totals: Totals,
    text: String,
}

/// Cases, failed cases, and the seconds of those whose time was measured.
#[derive(Default)]
struct Totals {
    cases: usize,
    failures: usize,
    seconds: Option<f64>,
}

impl Totals {
    fn of(case: &Case) -> Totals {
        let mut totals = Totals::default();
        totals.add(case);
        totals
    }

    fn add(&mut self, case: &Case) {
        self.cases += 1;
        self.failures += usize::from(case.failed());
        if let Some(s) = case.seconds {
            self.seconds = Some(self.seconds.unwrap_or(0.0) + s);
        }
    }

    /// ` name="…" tests="3" failures="1" errors="0"`: what the suites and each suite open with.
    fn counts(&self, name: &str) -> String {
        format!(
            " name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"0\"",
            escape(name),
            self.cases,
            self.failures
        )
    }

    /// ` time="0.012"` where a time was measured; nothing otherwise.
    fn time(&self) -> String {
        self.seconds
            .map(|s| format!(" time=\"{s:.3}\""))
            .unwrap_or_default()
    }
}

impl<T: AsCase> Sink<T> for Writer {
    fn push(&mut self, item: &T, _: String) -> String {
        self.case(&item.case());
        String::new()
    }

    /// The document.
    fn finish(self: Box<Self>, end: &End) -> String {
        let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        let _ = writeln!(
            out,
            "<testsuites{}{}>",
            self.totals.counts(&format!("decksmith {}", end.command)),
            self.totals.time()
        );
        for group in self.groups {
            let _ = writeln!(
                out,
                "  <testsuite{} skipped=\"0\"{}>",
                group.totals.counts(&group.name),
                group.totals.time()
            );
            out.push_str(&group.text);
            out.push_str("  </testsuite>\n");
        }
        out.push_str("</testsuites>\n");
        out
    }
}

impl Writer {
    fn case(&mut self, case: &Case) {
        self.totals.add(case);
        let at = match self.groups.iter().position(|g| g.name == case.group) {
            Some(at) => at,
            None => {
                self.groups.push(Group {
                    name: case.group.clone(),
                    totals: Totals::default(),
                    text: String::new(),
                });
                self.groups.len() - 1
            }
        };
        let group = &mut self.groups[at];
        group.totals.add(case);
        write_case(&mut group.text, case);
    }
}

fn write_case(out: &mut String, case: &Case) {
    let _ = write!(
        out,
        "    <testcase name=\"{}\" classname=\"{}\" file=\"{}\"{}",
        escape(&case.name),
        escape(&case.group),
        escape(&case.name),
        Totals::of(case).time(),
    );
    if case.annotations.is_empty() {
        out.push_str("/>\n");
        return;
    }
    out.push_str(">\n");
    let (errors, others): (Vec<&Annotation>, Vec<&Annotation>) = case
        .annotations
        .iter()
        .partition(|a| a.level == Level::Error);
    if let Some(first) = errors.first() {
        let mut rules: Vec<&str> = Vec::new();
        for a in &errors {
            if !rules.contains(&a.rule.as_str()) {
                rules.push(&a.rule);
            }
        }
        let message = format!("{}: {}", plural(errors.len(), "error"), rules.join(", "));
        let _ = writeln!(
            out,
            "      <failure message=\"{}\" type=\"{}\">{}</failure>",
            escape(&message),
            escape(&first.rule),
            text(&listing(&errors)),
        );
    }
    if !others.is_empty() {
        let _ = writeln!(
            out,
            "      <system-out>{}</system-out>",
            text(&listing(&others))
        );
    }
    out.push_str("    </testcase>\n");
}

/// `file:line:col: error[rule]: message` lines, with help indented below.
fn listing(annotations: &[&Annotation]) -> String {
    let mut text = String::new();
    for a in annotations {
        let place = match &a.location {
            Some(loc) => match &loc.region {
                Some(r) => format!("{}:{}:{}: ", loc.file, r.line, r.column),
                None => format!("{}: ", loc.file),
            },
            None => String::new(),
        };
        let _ = writeln!(
            text,
            "{place}{}[{}]: {}",
            a.level.as_str(),
            a.rule,
            a.message
        );
        if let Some(help) = &a.help {
            let _ = writeln!(text, "  help: {help}");
        }
    }
    text
}

/// Escapes an attribute value; line breaks and tabs become character references so they
/// survive attribute-value normalisation.
fn escape(s: &str) -> String {
    quick_xml::escape::escape(xml_chars(s))
        .replace('\n', "&#10;")
        .replace('\r', "&#13;")
        .replace('\t', "&#9;")
}

/// Escapes element text, keeping line breaks as they are.
fn text(s: &str) -> String {
    quick_xml::escape::partial_escape(xml_chars(s)).into_owned()
}

/// `s` without the characters XML 1.0 cannot hold at all.
fn xml_chars(s: &str) -> String {
    s.chars()
        .filter(|&c| {
            matches!(c, '\n' | '\r' | '\t') || !(c < ' ' || c == '\u{FFFE}' || c == '\u{FFFF}')
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_drops_characters_xml_cannot_hold() {
        assert_eq!(
            escape("a<b & \"c\"\u{1}\n"),
            "a&lt;b &amp; &quot;c&quot;&#10;"
        );
        assert_eq!(text("a<b\u{1b}[31m\n"), "a&lt;b[31m\n");
    }
}
