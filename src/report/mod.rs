//! Turning results into output: miette diagnostics and tables for people, JSON for scripts,
//! and the CI formats (GitHub workflow commands, JUnit XML, SARIF) built on [`ci`]. A command's
//! result implements [`Outcome`] once, and [`render`] writes it in any [`ReportOutput`].

pub mod ci;
pub mod diff;
pub mod draw;
pub mod edit;
pub mod github;
pub mod human;
pub mod json;
pub mod junit;
pub mod lint;
pub mod sarif;
pub mod scripts;
pub mod sim;
pub mod stats;
pub mod svg;

use crate::check::DeckOutcome;
use crate::diagnostic::{Problem, SourceFile};
use crate::error::plural;
use crate::validate::{Finding, RuleId, Severity};
use std::collections::BTreeMap;
use std::sync::Arc;

/// How the results of a check are written: for people, for scripts, or for a CI service.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, Default)]
pub enum ReportOutput {
    /// Diagnostics and tables for people.
    #[default]
    Human,
    /// One JSON document for scripts.
    Json,
    /// GitHub Actions workflow commands: findings become annotations on the pull request.
    Github,
    /// JUnit XML, one test case per file checked, for CI dashboards.
    Junit,
    /// SARIF 2.1.0, for code-scanning views.
    Sarif,
}

/// How a command ended, when it could do its job.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Everything checked passed.
    Success,
    /// Something checked failed (exit 1).
    Failed,
}

impl Status {
    pub fn passed_if(ok: bool) -> Status {
        if ok {
            Status::Success
        } else {
            Status::Failed
        }
    }
}

/// A command's result, in every way it can be written.
pub trait Outcome {
    /// Diagnostics and tables for people.
    fn human(&self, colour: bool) -> String;
    /// The JSON document (its shape is in [`json`]).
    fn json(&self) -> String;
    /// The things checked and their annotations, for the CI formats.
    fn ci(&self) -> ci::CiRun;
    /// The closing lines, which also end the GitHub log.
    fn summary(&self) -> String;
    fn status(&self) -> Status;
}

/// Writes `outcome` as `output` asks.
pub fn render(outcome: &dyn Outcome, output: ReportOutput, colour: bool) -> String {
    match output {
        ReportOutput::Human => outcome.human(colour),
        ReportOutput::Json => outcome.json(),
        ReportOutput::Github => github::render(&outcome.ci(), &outcome.summary()),
        ReportOutput::Junit => junit::render(&outcome.ci()),
        ReportOutput::Sarif => sarif::render(&outcome.ci()),
    }
}

/// The decks `validate` checked, in argument order, and how many files a folder search found
/// that were not deck lists.
pub struct Validated {
    pub decks: Vec<DeckOutcome>,
    pub skipped: usize,
}

impl Validated {
    /// `skipped 2 files that are not deck lists`, when a search skipped any.
    fn skipped_line(&self) -> String {
        if self.skipped == 0 {
            return String::new();
        }
        let what = if self.skipped == 1 {
            "1 file that is not a deck list"
        } else {
            "files that are not deck lists"
        };
        let count = if self.skipped == 1 {
            String::new()
        } else {
            format!("{} ", self.skipped)
        };
        format!("skipped {count}{what} (by content); name a file to check it anyway\n")
    }
}

impl Outcome for Validated {
    fn human(&self, colour: bool) -> String {
        let mut out = human::validate(&self.decks, colour);
        out.push_str(&self.skipped_line());
        out
    }

    fn json(&self) -> String {
        json::validate(&self.decks, self.skipped, None)
    }

    fn ci(&self) -> ci::CiRun {
        ci::CiRun {
            command: "validate",
            cases: self.decks.iter().map(ci::deck_case).collect(),
        }
    }

    fn summary(&self) -> String {
        Summary::of(&self.decks).line() + &self.skipped_line()
    }

    fn status(&self) -> Status {
        Status::passed_if(self.decks.iter().all(|o| o.verdict.legal))
    }
}

/// A deck finding as a `Problem` about the deck file: the one conversion every output uses
/// (diagnostics for people, annotations for CI).
pub fn finding_problem(source: &Arc<SourceFile>, f: &Finding) -> Problem {
    let mut p = match f.severity {
        Severity::Error => Problem::error(f.rule.id(), &f.message),
        Severity::Warning => Problem::warning(f.rule.id(), &f.message),
    }
    .in_file(source)
    .maybe_help(f.help.clone());
    if let Some(span) = &f.span {
        p = p.label(span.clone(), "");
    }
    for (span, text) in &f.related {
        p = p.label(span.clone(), text.clone());
    }
    p
}

/// Counts for the closing line and the JSON summary.
#[derive(Debug, Clone, Copy, Default, serde::Serialize)]
pub struct Summary {
    pub decks: usize,
    pub legal: usize,
    pub illegal: usize,
    /// Files among the illegal ones that could not be read or parsed (`unreadable`).
    #[serde(skip_serializing_if = "is_zero")]
    pub unreadable: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl Summary {
    pub fn of(outcomes: &[DeckOutcome]) -> Summary {
        let legal = outcomes.iter().filter(|o| o.verdict.legal).count();
        let unreadable = outcomes
            .iter()
            .filter(|o| {
                o.verdict
                    .findings
                    .iter()
                    .any(|f| f.rule == RuleId::Unreadable)
            })
            .count();
        Summary {
            decks: outcomes.len(),
            legal,
            illegal: outcomes.len() - legal,
            unreadable,
        }
    }

    /// `12 decks: 10 legal, 2 illegal` (`, 1 of them unreadable` when one is).
    pub fn line(&self) -> String {
        let unreadable = match self.unreadable {
            0 => String::new(),
            n => format!(" ({n} of them unreadable)"),
        };
        format!(
            "{}: {} legal, {} illegal{unreadable}\n",
            plural(self.decks, "deck"),
            self.legal,
            self.illegal
        )
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

/// Findings per rule id, in the documented rule order.
pub fn rule_counts(outcomes: &[DeckOutcome]) -> Vec<(&'static str, RuleCount)> {
    let mut counts: BTreeMap<RuleId, RuleCount> = BTreeMap::new();
    for outcome in outcomes {
        let mut seen: Vec<RuleId> = Vec::new();
        for f in &outcome.verdict.findings {
            let count = counts.entry(f.rule).or_default();
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
    counts.into_iter().map(|(id, c)| (id.id(), c)).collect()
}
