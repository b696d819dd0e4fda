//! JSON output. The shapes here are contracts (DESIGN.md): fields are only ever added.

use super::{rule_counts, DeckOutcome, RuleCount, Summary};
use crate::diagnostic::Problem;
use serde::Serialize;

#[derive(Serialize)]
struct DeckJson<'a> {
    path: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<&'a str>,
    #[serde(flatten)]
    report: &'a crate::validate::Verdict,
}

#[derive(Serialize)]
struct ValidateJson<'a> {
    decks: Vec<DeckJson<'a>>,
    summary: SummaryJson,
}

#[derive(Serialize)]
struct SummaryJson {
    #[serde(flatten)]
    counts: Summary,
    /// Findings per rule id across the batch, in the documented rule order.
    rules: Vec<RuleJson>,
}

#[derive(Serialize)]
struct RuleJson {
    rule: &'static str,
    #[serde(flatten)]
    count: RuleCount,
}

pub fn validate(outcomes: &[DeckOutcome]) -> String {
    let doc = ValidateJson {
        decks: outcomes
            .iter()
            .map(|o| DeckJson {
                path: &o.path,
                name: o.name.as_deref(),
                report: &o.report,
            })
            .collect(),
        summary: SummaryJson {
            counts: Summary::of(outcomes),
            rules: rule_counts(outcomes)
                .into_iter()
                .map(|(rule, count)| RuleJson { rule, count })
                .collect(),
        },
    };
    to_string(&doc)
}

#[derive(Serialize)]
struct ProblemJson<'a> {
    code: &'a str,
    severity: &'static str,
    message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    help: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<usize>,
}

/// A list of problems (`db check`), each with its file, line and column where it has one.
pub fn problems(problems: &[Problem]) -> serde_json::Value {
    let list: Vec<ProblemJson> = problems
        .iter()
        .map(|p| {
            let location = p.location();
            ProblemJson {
                code: &p.code,
                severity: if p.is_error() { "error" } else { "warning" },
                message: &p.message,
                help: p.help.as_deref(),
                file: location
                    .as_ref()
                    .map(|l| l.0.clone())
                    .or_else(|| p.file.as_ref().map(|f| f.name.clone())),
                line: location.as_ref().map(|l| l.1),
                column: location.as_ref().map(|l| l.2),
            }
        })
        .collect();
    serde_json::to_value(list).unwrap_or_default()
}

/// Pretty JSON with a trailing newline.
pub fn to_string<T: Serialize>(value: &T) -> String {
    // Serialising plain structs into a String cannot fail.
    let mut s = serde_json::to_string_pretty(value).unwrap_or_default();
    s.push('\n');
    s
}
