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

use super::ci::{rule_summary, Annotation, CiRun, Location};
use serde_json::{json, Map, Value};

pub const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

pub fn render(run: &CiRun) -> String {
    let mut rule_ids: Vec<&str> = Vec::new();
    for a in run.cases.iter().flat_map(|c| &c.annotations) {
        if !rule_ids.contains(&a.rule.as_str()) {
            rule_ids.push(&a.rule);
        }
    }
    let rules: Vec<Value> = rule_ids
        .iter()
        .map(|id| {
            json!({
                "id": id,
                "shortDescription": { "text": rule_summary(id) },
            })
        })
        .collect();
    let base = std::env::current_dir().ok();
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let results: Vec<Value> = run
        .cases
        .iter()
        .flat_map(|c| &c.annotations)
        .map(|a| {
            let index = rule_ids.iter().position(|r| *r == a.rule).unwrap_or(0);
            let mut r = result(a, index, base.as_deref());
            // The same text twice in a file (two identical lines) needs two fingerprints.
            let key = fingerprint_key(a);
            let occurrence = seen.entry(key.clone()).or_insert(0);
            *occurrence += 1;
            r["partialFingerprints"] = json!({
                "decksmithFinding/v1": format!("{:08x}:{}", crate::encoding::code::crc32(key.as_bytes()), occurrence),
            });
            r
        })
        .collect();
    let doc = json!({
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": { "driver": {
                "name": "decksmith",
                "semanticVersion": env!("CARGO_PKG_VERSION"),
                "version": env!("CARGO_PKG_VERSION"),
                "rules": rules,
            }},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    });
    super::json::to_string(&doc)
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
    use super::uri;

    #[test]
    fn uris_are_percent_encoded_and_absolute_paths_get_a_scheme() {
        assert_eq!(uri("decks/my deck#1.deck"), "decks/my%20deck%231.deck");
        assert_eq!(uri("/tmp/ä.deck"), "file:///tmp/%C3%A4.deck");
        assert_eq!(uri("C:\\decks\\a.deck"), "file:///C:/decks/a.deck");
    }
}
