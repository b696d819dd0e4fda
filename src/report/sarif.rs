//! SARIF 2.1.0 for code-scanning views: one run of the `decksmith` tool, its rules (the rule
//! ids and problem codes that occur), and one result per finding with its region. Columns
//! count Unicode scalar values, which the run declares (`columnKind`).
//!
//! Code scanning tracks a result across runs by its file, its region and its
//! `partialFingerprints`, so every result has all three: a finding about a whole deck (`hero`,
//! `deck-size` without a zone header) points at line 1, and the fingerprint is made of the rule,
//! the file and the text of the line the result is about (or its message), never the line
//! number, so it stays when unrelated lines move. Paths are relative to the working directory,
//! under the base `%SRCROOT%`, which code scanning resolves to the checkout.

use super::ci::{rule_summary, Annotation, AsCase, Location};
use super::{End, Sink};
use serde_json::{json, Map, Value};

pub const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// A SARIF document written as its cases come. The document's keys are in order, so a run's
/// results come before its tool and the rules the results met: each case's results are
/// written when it comes, and only the rules met and a count for each fingerprint are kept,
/// not the results, which would grow with the batch.
#[derive(Default)]
pub struct Writer {
    rule_ids: Vec<String>,
    /// How often each fingerprint's text occurred so far.
    seen: std::collections::HashMap<String, usize>,
    /// The working folder, looked up at the first result: a run without one never asks.
    base: Option<Option<std::path::PathBuf>>,
    results: usize,
}

/// The results' indentation: inside the document, its `runs` and the run.
const RESULT_INDENT: &str = "        ";

impl<T: AsCase> Sink<T> for Writer {
    /// The document up to its first result.
    fn begin(&mut self) -> String {
        format!(
            "{{\n  \"$schema\": {},\n  \"runs\": [\n    {{\n      \"columnKind\": \"unicodeCodePoints\",\n      \"results\": [",
            json!(SCHEMA)
        )
    }

    /// The results of `item`'s case, to follow those before.
    fn push(&mut self, item: &T, _: String) -> String {
        let case = item.case();
        let mut out = String::new();
        for a in &case.annotations {
            let index = match self.rule_ids.iter().position(|r| *r == a.rule) {
                Some(index) => index,
                None => {
                    self.rule_ids.push(a.rule.clone());
                    self.rule_ids.len() - 1
                }
            };
            let base = self
                .base
                .get_or_insert_with(|| std::env::current_dir().ok());
            let mut r = result(a, index, base.as_deref());
            // The same text twice in a file (two identical lines) needs two fingerprints.
            let key = fingerprint_key(a);
            let occurrence = self.seen.entry(key.clone()).or_insert(0);
            *occurrence += 1;
            r["partialFingerprints"] = json!({
                "decksmithFinding/v1": format!("{:08x}:{}", crate::encoding::code::crc32(key.as_bytes()), occurrence),
            });
            out.push_str(if self.results == 0 { "\n" } else { ",\n" });
            out.push_str(RESULT_INDENT);
            self.results += 1;
            push_indented(&mut out, &super::json::to_string(&r), RESULT_INDENT);
        }
        out
    }

    /// The rest of the document: the end of the results, the tool and its rules.
    fn finish(self: Box<Self>, _: &End) -> String {
        let rules: Vec<Value> = self
            .rule_ids
            .iter()
            .map(|id| {
                json!({
                    "id": id,
                    "shortDescription": { "text": rule_summary(id) },
                })
            })
            .collect();
        let tool = json!({ "driver": {
            "name": "decksmith",
            "rules": rules,
            "semanticVersion": env!("CARGO_PKG_VERSION"),
            "version": env!("CARGO_PKG_VERSION"),
        }});
        let mut out = String::from(if self.results == 0 { "]" } else { "\n      ]" });
        out.push_str(",\n      \"tool\": ");
        push_indented(&mut out, &super::json::to_string(&tool), "      ");
        out.push_str("\n    }\n  ],\n  \"version\": \"2.1.0\"\n}\n");
        out
    }
}

/// Pushes `json` (pretty, one or more lines, with a final line end) indented by `indent`
/// after its first line, which continues the line `out` ends with. A JSON string holds no
/// line end, so this is exactly the value printed in place.
fn push_indented(out: &mut String, json: &str, indent: &str) {
    for (i, line) in json.trim_end_matches('\n').split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
            out.push_str(indent);
        }
        out.push_str(line);
    }
}

/// What a result's fingerprint is made of: rule, file name, and the text it points at (or its
/// message when it points at no text).
fn fingerprint_key(a: &Annotation) -> String {
    // The file's name, not its path: the same check run from another folder (or on a
    // temporary copy) gives the same fingerprints; the artifact location tells files apart.
    let file = a.location.as_ref().map_or("", |l| {
        let path = std::path::Path::new(&l.file);
        path.file_name().and_then(|n| n.to_str()).unwrap_or(&l.file)
    });
    let text = match a.anchor.as_deref() {
        Some(t) if !t.is_empty() => t,
        _ => a.message.as_str(),
    };
    format!("{}\u{0}{file}\u{0}{text}", a.rule)
}

fn result(a: &Annotation, rule_index: usize, base: Option<&std::path::Path>) -> Value {
    let mut r = Map::new();
    r.insert("ruleId".into(), json!(a.rule));
    r.insert("ruleIndex".into(), json!(rule_index));
    r.insert("level".into(), json!(a.level.as_str()));
    r.insert("message".into(), json!({ "text": a.full_message() }));
    if let Some(loc) = &a.location {
        r.insert(
            "locations".into(),
            json!([{ "physicalLocation": physical(loc, base) }]),
        );
    }
    if !a.related.is_empty() {
        let related: Vec<Value> = a
            .related
            .iter()
            .enumerate()
            .map(|(i, (loc, text))| {
                let mut v = json!({ "id": i, "physicalLocation": physical(loc, base) });
                if !text.is_empty() {
                    v["message"] = json!({ "text": text });
                }
                v
            })
            .collect();
        r.insert("relatedLocations".into(), Value::Array(related));
    }
    Value::Object(r)
}

/// The base relative artifact URIs resolve against: the checkout, for code scanning.
pub const SRCROOT: &str = "%SRCROOT%";

fn physical(loc: &Location, base: Option<&std::path::Path>) -> Value {
    let path = std::path::Path::new(&loc.file);
    let inside = base
        .filter(|_| path.is_absolute())
        .and_then(|b| path.strip_prefix(b).ok());
    let artifact = match inside {
        Some(rel) => json!({ "uri": uri(&rel.to_string_lossy()), "uriBaseId": SRCROOT }),
        None if path.is_absolute() => json!({ "uri": uri(&loc.file) }),
        None => json!({ "uri": uri(&loc.file), "uriBaseId": SRCROOT }),
    };
    let region = match &loc.region {
        Some(r) => json!({
            "startLine": r.line,
            "startColumn": r.column,
            "endLine": r.end_line,
            "endColumn": r.end_column,
        }),
        // A finding about the whole file: its first line.
        None => json!({ "startLine": 1 }),
    };
    json!({ "artifactLocation": artifact, "region": region })
}

/// A path as a URI reference: relative paths stay relative (code scanning resolves them
/// against the checkout), absolute ones become `file://` URIs; anything outside the unreserved
/// set is percent-encoded.
pub fn uri(path: &str) -> String {
    let path = path.replace('\\', "/");
    let mut out = String::with_capacity(path.len());
    let absolute = path.starts_with('/');
    let bytes = path.as_bytes();
    let windows_drive =
        bytes.first().is_some_and(u8::is_ascii_alphabetic) && bytes.get(1) == Some(&b':');
    if absolute {
        out.push_str("file://");
    } else if windows_drive {
        out.push_str("file:///");
    }
    for (i, b) in path.bytes().enumerate() {
        let keep = b.is_ascii_alphanumeric()
            || matches!(b, b'-' | b'.' | b'_' | b'~' | b'/')
            || (windows_drive && i == 1);
        if keep {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Written as the cases come, the document is the one serde_json prints for it, for no
    /// case, cases without results, and many with results (fingerprints counted across files
    /// of one name, rules in the order met).
    #[test]
    fn the_document_written_as_cases_come_is_the_one_printed_whole() {
        for n in [0, 1, 2, 40] {
            let cases = super::super::ci::sample_cases(n);
            let text = super::super::ci::write_cases(Box::new(Writer::default()), &cases);
            let doc: Value = serde_json::from_str(&text).unwrap();
            assert_eq!(super::super::json::to_string(&doc), text, "{n} cases");
            let results = doc["runs"][0]["results"].as_array().unwrap();
            let findings: usize = cases.iter().map(|c| c.annotations.len()).sum();
            assert_eq!(results.len(), findings);
            let rules = &doc["runs"][0]["tool"]["driver"]["rules"];
            if n == 40 {
                assert_eq!(rules[0]["id"], "copy-limit");
                assert_eq!(rules[2]["id"], "hero");
                assert_eq!(results[2]["ruleIndex"], 2);
                // The warning about no file, the same text each time, is counted on.
                let heroes: Vec<&str> = results
                    .iter()
                    .filter(|r| r["ruleId"] == "hero")
                    .map(|r| {
                        r["partialFingerprints"]["decksmithFinding/v1"]
                            .as_str()
                            .unwrap()
                    })
                    .collect();
                assert_eq!(heroes.len(), 8);
                for (i, print) in heroes.iter().enumerate() {
                    assert!(print.ends_with(&format!(":{}", i + 1)), "{heroes:?}");
                }
            }
        }
    }

    #[test]
    fn uris_are_percent_encoded_and_absolute_paths_get_a_scheme() {
        assert_eq!(uri("decks/my deck#1.deck"), "decks/my%20deck%231.deck");
        assert_eq!(uri("/tmp/ä.deck"), "file:///tmp/%C3%A4.deck");
        assert_eq!(uri("C:\\decks\\a.deck"), "file:///C:/decks/a.deck");
    }
}
