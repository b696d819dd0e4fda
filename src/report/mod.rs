//! Turning results into output: miette diagnostics and tables for people, JSON for scripts,
//! and the CI formats (GitHub workflow commands, JUnit XML, SARIF) built on [`ci`]. A command's
//! result implements [`Outcome`] once, and [`render`] writes it in any [`ReportOutput`]. Each
//! output format is a [`Sink`], written once in its own file: the CI formats take any
//! command's [`ci::Case`]s, and every format takes `validate`'s decks as they are checked.

pub mod ci;
pub mod deck_diff;
pub mod diff;
pub mod draw;
pub mod edit;
pub mod github;
pub mod human;
pub mod json;
pub mod junit;
pub mod lint;
pub mod need;
pub mod random;
pub mod sarif;
pub mod scripts;
pub mod sim;
pub mod stats;
pub mod svg;
pub mod validate;

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
    let sink: Box<dyn Sink<ci::Case>> = match output {
        ReportOutput::Human => return outcome.human(colour),
        ReportOutput::Json => return outcome.json(),
        ReportOutput::Github => Box::new(github::Github),
        ReportOutput::Junit => Box::new(junit::Writer::default()),
        ReportOutput::Sarif => Box::new(sarif::Writer::default()),
    };
    let run = outcome.ci();
    let end = End {
        command: run.command,
        tally: &Tally::default(),
        skipped: 0,
        summary: outcome.summary(),
    };
    write_all(sink, &run.cases, &end)
}

/// One output format, written as its items come: what an item alone decides is made first
/// ([`Sink::piece`], on whichever thread checked the item), then the items are taken in order
/// ([`Sink::push`]) between the report's opening and its end. Every method returns the text
/// to write at once, so a report of any length streams.
pub trait Sink<T>: Sync {
    /// The report's opening, written before the first item (or before the end, when there is
    /// none): a run that fails before its first item leaves nothing half written.
    fn begin(&mut self) -> String {
        String::new()
    }
    /// What `item` adds that depends on it alone, handed to [`Sink::push`] in its turn.
    fn piece(&self, _item: &T) -> String {
        String::new()
    }
    /// Takes the next item and its piece.
    fn push(&mut self, item: &T, piece: String) -> String;
    /// The rest of the report, once every item is in.
    fn finish(self: Box<Self>, end: &End) -> String;
}

/// What a report's end says.
pub struct End<'a> {
    /// The command, for titles (`validate`, `db check`).
    pub command: &'static str,
    /// `validate`'s counts, findings per rule and illegal decks (empty for other commands).
    pub tally: &'a Tally,
    /// Files a folder search passed over as not deck lists.
    pub skipped: usize,
    /// The closing lines, which also end the GitHub log.
    pub summary: String,
}

/// `items` through `sink`, whole.
fn write_all<T>(mut sink: Box<dyn Sink<T> + '_>, items: &[T], end: &End) -> String {
    let mut out = sink.begin();
    for item in items {
        let piece = sink.piece(item);
        out.push_str(&sink.push(item, piece));
    }
    out + &sink.finish(end)
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
    /// With `--have`: copies the collection lacks, over every deck.
    #[serde(skip_serializing_if = "is_zero")]
    pub not_owned: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl Summary {
    /// `12 decks: 10 legal, 2 illegal` (`, 1 of them unreadable` when one is).
    pub fn line(&self) -> String {
        let unreadable = match self.unreadable {
            0 => String::new(),
            n => format!(" ({n} of them unreadable)"),
        };
        let not_owned = match self.not_owned {
            0 => String::new(),
            n => format!("; {} not owned", plural(n, "card")),
        };
        format!(
            "{}: {} legal, {} illegal{unreadable}{not_owned}\n",
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

/// The graver of two severities (a rule that was an error once is an error in the counts).
fn worse(a: Option<Severity>, b: Option<Severity>) -> Option<Severity> {
    match (a, b) {
        (Some(Severity::Error), _) | (_, Some(Severity::Error)) => Some(Severity::Error),
        (None, None) => None,
        _ => Some(Severity::Warning),
    }
}

/// What a batch's closing lines need, gathered deck by deck: the counts, the findings per rule
/// and the illegal decks, so a report need not hold the decks themselves.
#[derive(Debug, Default)]
pub struct Tally {
    pub summary: Summary,
    rules: BTreeMap<RuleId, RuleCount>,
    pub illegal: Vec<IllegalDeck>,
}

/// An illegal deck, as the batch summary lists it.
#[derive(Debug)]
pub struct IllegalDeck {
    pub path: String,
    pub format: Option<String>,
    pub errors: usize,
    /// The rules its errors broke, in the order they were found.
    pub rules: Vec<&'static str>,
}

impl Tally {
    pub fn of(outcomes: &[DeckOutcome]) -> Tally {
        let mut tally = Tally::default();
        outcomes.iter().for_each(|o| tally.add(o));
        tally
    }

    /// Counts `outcome` and, if it is illegal, keeps its row for the closing table.
    pub fn add(&mut self, outcome: &DeckOutcome) {
        self.count(outcome);
        if !outcome.verdict.legal {
            let errors =
                (outcome.verdict.findings.iter()).filter(|f| f.severity == Severity::Error);
            let mut rules: Vec<&'static str> = Vec::new();
            for f in errors.clone() {
                if !rules.contains(&f.rule.id()) {
                    rules.push(f.rule.id());
                }
            }
            self.illegal.push(IllegalDeck {
                path: outcome.path.clone(),
                format: outcome.verdict.format.as_deref().map(str::to_owned),
                errors: errors.count(),
                rules,
            });
        }
    }

    /// [`Tally::add`] without the illegal deck's row: only the human report lists the illegal
    /// decks at the end, and kept for the other outputs the rows would grow with the batch.
    pub fn count(&mut self, outcome: &DeckOutcome) {
        let findings = &outcome.verdict.findings;
        self.summary.decks += 1;
        if outcome.verdict.legal {
            self.summary.legal += 1;
        } else {
            self.summary.illegal += 1;
        }
        if findings.iter().any(|f| f.rule == RuleId::Unreadable) {
            self.summary.unreadable += 1;
        }
        self.summary.not_owned += outcome.verdict.not_owned as usize;
        let mut seen: Vec<RuleId> = Vec::new();
        for f in findings {
            let count = self.rules.entry(f.rule).or_default();
            count.findings += 1;
            count.severity = worse(count.severity, Some(f.severity));
            if !seen.contains(&f.rule) {
                seen.push(f.rule);
                count.decks += 1;
            }
        }
    }

    /// Adds another tally's decks after this one's.
    pub fn merge(&mut self, other: Tally) {
        self.summary.decks += other.summary.decks;
        self.summary.legal += other.summary.legal;
        self.summary.illegal += other.summary.illegal;
        self.summary.unreadable += other.summary.unreadable;
        self.summary.not_owned += other.summary.not_owned;
        for (rule, count) in other.rules {
            let mine = self.rules.entry(rule).or_default();
            mine.decks += count.decks;
            mine.findings += count.findings;
            mine.severity = worse(mine.severity, count.severity);
        }
        self.illegal.extend(other.illegal);
    }

    /// Findings per rule id, in the documented rule order.
    pub fn rule_counts(&self) -> impl Iterator<Item = (&'static str, RuleCount)> + '_ {
        self.rules.iter().map(|(id, c)| (id.id(), *c))
    }
}
