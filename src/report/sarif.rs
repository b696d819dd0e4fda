//! SARIF 2.1.0 for code-scanning views: one run of the `decksmith` tool, its rules (the rule
//! ids and problem codes that occur), and one result per finding with its region. Columns
//! count Unicode scalar values, which the run declares (`columnKind`).

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
    let results: Vec<Value> = run
        .cases
        .iter()
        .flat_map(|c| &c.annotations)
        .map(|a| {
            let index = rule_ids.iter().position(|r| *r == a.rule).unwrap_or(0);
            result(a, index)
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

fn result(a: &Annotation, rule_index: usize) -> Value {
    let mut r = Map::new();
    r.insert("ruleId".into(), json!(a.rule));
    r.insert("ruleIndex".into(), json!(rule_index));
    r.insert("level".into(), json!(a.level.as_str()));
    r.insert("message".into(), json!({ "text": a.full_message() }));
    if let Some(loc) = &a.location {
        r.insert(
            "locations".into(),
            json!([{ "physicalLocation": physical(loc) }]),
        );
    }
    if !a.related.is_empty() {
        let related: Vec<Value> = a
            .related
            .iter()
            .enumerate()
            .map(|(i, (loc, text))| {
                let mut v = json!({ "id": i, "physicalLocation": physical(loc) });
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

fn physical(loc: &Location) -> Value {
    let mut v = json!({ "artifactLocation": { "uri": uri(&loc.file) } });
    if let Some(r) = &loc.region {
        v["region"] = json!({
            "startLine": r.line,
            "startColumn": r.column,
            "endLine": r.end_line,
            "endColumn": r.end_column,
        });
    }
    v
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
