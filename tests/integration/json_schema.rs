//! A small JSON Schema (draft-07) checker for the tests: enough to check decksmith's SARIF
//! against the published SARIF 2.1.0 schema (shipped in tests/schemas/) and the shipped data
//! against `decksmith schema`. It implements the keywords those schemas use and panics on a
//! keyword it does not implement when that keyword would apply, so it can never pass a document
//! by ignoring a rule.

use serde_json::Value;

/// Every place where `doc` breaks `schema`, as `path: reason` lines; empty when it conforms.
pub fn check(schema: &Value, doc: &Value) -> Vec<String> {
    let mut errors = Vec::new();
    Checker { root: schema }.check(schema, doc, "$", &mut errors);
    errors
}

struct Checker<'a> {
    root: &'a Value,
}

impl<'a> Checker<'a> {
    fn resolve(&self, reference: &str) -> &'a Value {
        let pointer = reference
            .strip_prefix('#')
            .unwrap_or_else(|| panic!("only local $refs are supported, not {reference}"));
        self.root
            .pointer(pointer)
            .unwrap_or_else(|| panic!("$ref {reference} points nowhere"))
    }

    fn check(&self, schema: &'a Value, doc: &Value, path: &str, errors: &mut Vec<String>) {
        let schema = match schema {
            Value::Bool(true) => return,
            Value::Bool(false) => {
                errors.push(format!("{path}: not allowed here"));
                return;
            }
            Value::Object(map) => map,
            other => panic!("a schema must be an object or a boolean, not {other}"),
        };
        for (keyword, value) in schema {
            match keyword.as_str() {
                "$ref" => {
                    let target = self.resolve(value.as_str().expect("$ref is a string"));
                    self.check(target, doc, path, errors);
                }
                "type" => {
                    let types: Vec<&str> = match value {
                        Value::String(t) => vec![t],
                        Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
                        _ => panic!("bad type keyword"),
                    };
                    if !types.iter().any(|t| has_type(doc, t)) {
                        errors.push(format!("{path}: expected {}, found {doc}", types.join("|")));
                    }
                }
                "enum" => {
                    if !value.as_array().expect("enum").contains(doc) {
                        errors.push(format!("{path}: {doc} is not one of {value}"));
                    }
                }
                "const" => {
                    if value != doc {
                        errors.push(format!("{path}: {doc} is not {value}"));
                    }
                }
                "properties" => {
                    if let Value::Object(obj) = doc {
                        for (name, sub) in value.as_object().expect("properties") {
                            if let Some(v) = obj.get(name) {
                                self.check(sub, v, &format!("{path}.{name}"), errors);
                            }
                        }
                    }
                }
                "additionalProperties" => {
                    if let Value::Object(obj) = doc {
                        let known = schema.get("properties").and_then(Value::as_object);
                        for (name, v) in obj {
                            if known.is_some_and(|k| k.contains_key(name)) {
                                continue;
                            }
                            if schema.contains_key("patternProperties") {
                                panic!("patternProperties is not supported");
                            }
                            self.check(value, v, &format!("{path}.{name}"), errors);
                        }
                    }
                }
                "required" => {
                    if let Value::Object(obj) = doc {
                        for name in value.as_array().expect("required") {
                            let name = name.as_str().expect("required names");
                            if !obj.contains_key(name) {
                                errors.push(format!("{path}: missing `{name}`"));
                            }
                        }
                    }
                }
                "items" => {
                    if let Value::Array(items) = doc {
                        let sub = match value {
                            Value::Array(_) => panic!("tuple items are not supported"),
                            sub => sub,
                        };
                        for (i, item) in items.iter().enumerate() {
                            self.check(sub, item, &format!("{path}[{i}]"), errors);
                        }
                    }
                }
                "minItems" => {
                    if let Value::Array(items) = doc {
                        if (items.len() as u64) < value.as_u64().expect("minItems") {
                            errors.push(format!("{path}: fewer than {value} items"));
                        }
                    }
                }
                "maxItems" => {
                    if let Value::Array(items) = doc {
                        if (items.len() as u64) > value.as_u64().expect("maxItems") {
                            errors.push(format!("{path}: more than {value} items"));
                        }
                    }
                }
                "uniqueItems" => {
                    if let (Value::Array(items), Value::Bool(true)) = (doc, value) {
                        for (i, a) in items.iter().enumerate() {
                            if items[..i].contains(a) {
                                errors.push(format!("{path}[{i}]: duplicate item"));
                            }
                        }
                    }
                }
                "minimum" | "maximum" => {
                    if let Some(n) = doc.as_f64() {
                        let bound = value.as_f64().expect("numeric bound");
                        let ok = if keyword == "minimum" {
                            n >= bound
                        } else {
                            n <= bound
                        };
                        if !ok {
                            errors.push(format!("{path}: {n} breaks {keyword} {bound}"));
                        }
                    }
                }
                "anyOf" | "oneOf" => {
                    let passing = value
                        .as_array()
                        .expect("anyOf/oneOf")
                        .iter()
                        .filter(|sub| {
                            let mut e = Vec::new();
                            self.check(sub, doc, path, &mut e);
                            e.is_empty()
                        })
                        .count();
                    if passing == 0 || (keyword == "oneOf" && passing > 1) {
                        errors.push(format!(
                            "{path}: {passing} of the {keyword} alternatives match {doc}"
                        ));
                    }
                }
                "allOf" => {
                    for sub in value.as_array().expect("allOf") {
                        self.check(sub, doc, path, errors);
                    }
                }
                "format" => check_format(value.as_str().expect("format"), doc, path, errors),
                "pattern" => {
                    if doc.is_string() {
                        panic!("{path}: `pattern` is not supported, and it applies here");
                    }
                }
                // Annotations and containers that assert nothing by themselves.
                "$schema" | "$id" | "title" | "description" | "default" | "definitions"
                | "$defs" | "examples" | "deprecated" | "readOnly" | "writeOnly" => {}
                other => panic!("{path}: keyword `{other}` is not supported"),
            }
        }
    }
}

fn has_type(doc: &Value, t: &str) -> bool {
    match t {
        "object" => doc.is_object(),
        "array" => doc.is_array(),
        "string" => doc.is_string(),
        "boolean" => doc.is_boolean(),
        "null" => doc.is_null(),
        "number" => doc.is_number(),
        "integer" => doc.is_i64() || doc.is_u64(),
        other => panic!("unknown type {other}"),
    }
}

/// `uri` and `uri-reference` get a syntax check (no spaces or other characters a URI must
/// escape; `uri` needs a scheme); numeric formats such as schemars' `uint32` are checked for
/// sign; `date-time` is refused, since nothing decksmith writes should carry one.
fn check_format(format: &str, doc: &Value, path: &str, errors: &mut Vec<String>) {
    match (format, doc) {
        ("uri" | "uri-reference", Value::String(s)) => {
            let bad = s
                .chars()
                .any(|c| c.is_whitespace() || c.is_control() || "\"<>\\^`{|}".contains(c));
            let scheme_ok = format == "uri-reference"
                || s.split_once(':').is_some_and(|(scheme, _)| {
                    !scheme.is_empty()
                        && scheme
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
                });
            if bad || !scheme_ok {
                errors.push(format!("{path}: `{s}` is not a valid {format}"));
            }
        }
        (f, Value::Number(n)) if f.starts_with("uint") && n.as_u64().is_none() => {
            errors.push(format!("{path}: {n} is not a {f}"));
        }
        (f, Value::Number(_)) if f.starts_with("uint") => {}
        (f, Value::Number(_)) if f.starts_with("int") || f == "double" || f == "float" => {}
        // A numeric format says nothing about other types (JSON Schema: formats apply to
        // the instance type they are defined for).
        (f, _)
            if f.starts_with("uint") || f.starts_with("int") || f == "double" || f == "float" => {}
        ("date-time", Value::String(_)) => panic!("{path}: date-time is not checked"),
        (_, Value::String(_)) => panic!("{path}: format `{format}` is not supported"),
        _ => {}
    }
}

#[test]
fn checker_catches_what_it_should() {
    let schema = serde_json::json!({
        "type": "object",
        "additionalProperties": false,
        "required": ["a"],
        "properties": {
            "a": { "$ref": "#/definitions/pos" },
            "b": { "type": "array", "items": { "enum": ["x", "y"] }, "uniqueItems": true },
        },
        "definitions": { "pos": { "type": "integer", "minimum": 1 } },
    });
    assert!(check(&schema, &serde_json::json!({"a": 1, "b": ["x", "y"]})).is_empty());
    let errors = check(
        &schema,
        &serde_json::json!({"a": 0, "b": ["x", "x", "z"], "c": 1}),
    );
    assert_eq!(errors.len(), 4, "{errors:#?}");
    assert!(!check(&schema, &serde_json::json!({})).is_empty());
}
