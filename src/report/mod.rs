//! Turning results into output: miette diagnostics and tables for people, JSON for scripts.

pub mod human;
pub mod json;

use crate::diagnostic::SourceFile;
use crate::validate::Report;
use std::sync::Arc;

/// The verdict on one deck file, as the `validate` command reports it.
#[derive(Debug, Clone)]
pub struct DeckOutcome {
    /// The path as given on the command line.
    pub path: String,
    pub name: Option<String>,
    pub source: Arc<SourceFile>,
    pub report: Report,
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
