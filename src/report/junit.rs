//! JUnit XML for CI dashboards: one `<testsuite>` per group (a deck's format, `card-db`,
//! `formats`), one `<testcase>` per thing checked. A case with errors carries one `<failure>`
//! listing every finding; warnings alone do not fail it and go to `<system-out>`.
//!
//! The shape is small and fixed, so it is written with `format!`; quick-xml escapes. XML 1.0
//! forbids most control characters even when escaped, so they are dropped first.

use super::ci::{Annotation, Case, CiRun, Level};
use crate::error::plural;
use std::fmt::Write as _;

pub fn render(run: &CiRun) -> String {
    let mut groups: Vec<(&str, Vec<&Case>)> = Vec::new();
    for case in &run.cases {
        match groups.iter_mut().find(|(g, _)| *g == case.group) {
            Some((_, cases)) => cases.push(case),
            None => groups.push((&case.group, vec![case])),
        }
    }
    let failures = run.cases.iter().filter(|c| c.failed()).count();
    let title = format!("decksmith {}", run.command);
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<testsuites name=\"{}\" tests=\"{}\" failures=\"{failures}\" errors=\"0\"{}>",
        escape(&title),
        run.cases.len(),
        time(run.cases.iter()),
    );
    for (group, cases) in groups {
        let failures = cases.iter().filter(|c| c.failed()).count();
        let _ = writeln!(
            out,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{failures}\" errors=\"0\" skipped=\"0\"{}>",
            escape(group),
            cases.len(),
            time(cases.iter().copied()),
        );
        for case in cases {
            write_case(&mut out, case);
        }
        out.push_str("  </testsuite>\n");
    }
    out.push_str("</testsuites>\n");
    out
}

fn write_case(out: &mut String, case: &Case) {
    let _ = write!(
        out,
        "    <testcase name=\"{}\" classname=\"{}\" file=\"{}\"{}",
        escape(&case.name),
        escape(&case.group),
        escape(&case.name),
        time(std::iter::once(case)),
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

/// ` time="0.012"`: the seconds the cases took, when they were measured; nothing otherwise.
fn time<'c>(cases: impl Iterator<Item = &'c Case>) -> String {
    let measured: Vec<f64> = cases.filter_map(|c| c.seconds).collect();
    if measured.is_empty() {
        return String::new();
    }
    format!(" time=\"{:.3}\"", measured.iter().sum::<f64>())
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
    use super::{escape, text};

    #[test]
    fn escape_drops_characters_xml_cannot_hold() {
        assert_eq!(
            escape("a<b & \"c\"\u{1}\n"),
            "a&lt;b &amp; &quot;c&quot;&#10;"
        );
        assert_eq!(text("a<b\u{1b}[31m\n"), "a&lt;b[31m\n");
    }
}
