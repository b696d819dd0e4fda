//! Turning results into output: miette diagnostics and tables for people, JSON for scripts,
//! and the CI formats (GitHub workflow commands, JUnit XML, SARIF) built on [`ci`].

pub mod ci;
pub mod diff;
pub mod github;
pub mod human;
pub mod json;
pub mod junit;
pub mod sarif;

use crate::diagnostic::SourceFile;
use crate::validate::{Severity, Verdict};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The verdict on one deck file, as the `validate` command reports it.
#[derive(Debug, Clone)]
pub struct DeckOutcome {
    /// The path as given on the command line.
    pub path: String,
    pub name: Option<String>,
    pub source: Arc<SourceFile>,
    pub report: Verdict,
}

/// Counts for the closing line and the JSON summary.
#[derive(Debug, Clone, Copy, Default, serde::Serialize)]
pub struct Summary {
    pub decks: usize,
    pub legal: usize,
    pub illegal: usize,
}

impl Summary {
    pub fn of(outcomes: &[DeckOutcome]) -> Summary {
        let legal = outcomes.iter().filter(|o| o.report.legal).count();
        Summary {
            decks: outcomes.len(),
            legal,
            illegal: outcomes.len() - legal,
        }
    }
}

/// How often one rule fired across a batch.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct RuleCount {
    /// Decks with at least one finding of the rule.
    pub decks: usize,
    pub findings: usize,
    #[serde(skip)]
    pub severity: Option<Severity>,
}

/// Findings per rule id, in the documented rule order (unknown ids last, by name).
pub fn rule_counts(outcomes: &[DeckOutcome]) -> Vec<(&'static str, RuleCount)> {
    let mut counts: BTreeMap<(usize, &'static str), RuleCount> = BTreeMap::new();
    for outcome in outcomes {
        let mut seen: Vec<&str> = Vec::new();
        for f in &outcome.report.findings {
            let order = crate::validate::RULE_IDS
                .iter()
                .position(|r| *r == f.rule)
                .unwrap_or(usize::MAX);
            let count = counts.entry((order, f.rule)).or_default();
            count.findings += 1;
            count.severity = match (count.severity, f.severity) {
                (Some(Severity::Error), _) | (_, Severity::Error) => Some(Severity::Error),
                _ => Some(Severity::Warning),
            };
            if !seen.contains(&f.rule) {
                seen.push(f.rule);
                count.decks += 1;
            }
        }
    }
    counts.into_iter().map(|((_, id), c)| (id, c)).collect()
}
