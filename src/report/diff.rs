//! `db diff` results and their output: the card changes, and for each deck checked how its
//! verdict moves between the old and the new card data, with the findings that explain it.

use super::ci::{problem_annotation, Annotation, Case, CiRun, Level, Location};
use super::human::new_table;
use super::{finding_problem, json, Outcome, Status};
use crate::check::DeckOutcome;
use crate::db_diff::{show, CardChange, CatalogDiff, Change};
use crate::error::plural;
use crate::validate::{only_in, Finding};
use comfy_table::{Cell, Color};
use serde::Serialize;

/// How one deck fares under the old and the new data.
#[derive(Debug, Clone)]
pub struct DeckImpact {
    pub before: DeckOutcome,
    pub after: DeckOutcome,
    /// Findings only the new data gives.
    pub added: Vec<Finding>,
    /// Findings only the old data gave.
    pub removed: Vec<Finding>,
}

impl DeckImpact {
    pub fn new(before: DeckOutcome, after: DeckOutcome) -> DeckImpact {
        let same = |f: &Finding, g: &Finding| {
            (f.rule, f.severity, &f.message, f.line) == (g.rule, g.severity, &g.message, g.line)
        };
        let (old, new) = (&before.verdict.findings, &after.verdict.findings);
        let (added, removed) = (only_in(new, old, same), only_in(old, new, same));
        DeckImpact {
            before,
            after,
            added,
            removed,
        }
    }

    pub fn verdict_changed(&self) -> bool {
        self.before.verdict.legal != self.after.verdict.legal
    }

    pub fn changed(&self) -> bool {
        !self.added.is_empty() || !self.removed.is_empty()
    }
}

/// How one match script plays under the old and the new data.
#[derive(Debug, Clone)]
pub struct ScriptImpact {
    pub path: String,
    /// The golden transcript beside the script, where annotations about a change point.
    pub golden: String,
    /// The transcript under the old data, or why it could not be played.
    pub before: Result<String, String>,
    pub after: Result<String, String>,
}

impl ScriptImpact {
    pub fn changed(&self) -> bool {
        self.before != self.after
    }

    /// What changed, for people: a transcript diff, or what stopped one side from playing.
    pub fn explain(&self) -> String {
        match (&self.before, &self.after) {
            (Ok(a), Ok(b)) => crate::engine::transcript::diff(a, b),
            (Ok(_), Err(why)) => format!("no longer plays: {why}\n"),
            (Err(why), Ok(_)) => format!("now plays (before: {why})\n"),
            (Err(a), Err(b)) => format!("does not play: {b} (before: {a})\n"),
        }
    }
}

/// Everything `db diff` found.
#[derive(Debug, Clone)]
pub struct DiffOutcome {
    pub old: String,
    pub new: String,
    pub catalog: CatalogDiff,
    /// Every deck checked, in argument order.
    pub decks: Vec<DeckImpact>,
    /// Every match script played, in the order found.
    pub scripts: Vec<ScriptImpact>,
}

impl DiffOutcome {
    pub fn verdicts_changed(&self) -> usize {
        self.decks.iter().filter(|d| d.verdict_changed()).count()
    }

    pub fn transcripts_changed(&self) -> usize {
        self.scripts.iter().filter(|s| s.changed()).count()
    }

    /// `1 card changed, 1 added; 2 of 14 decks change verdict`.
    pub fn summary(&self) -> String {
        let c = &self.catalog;
        let mut parts = Vec::new();
        for change in [
            Change::Added,
            Change::Removed,
            Change::Renamed,
            Change::Changed,
        ] {
            let n = c.count(change);
            if n > 0 {
                parts.push(format!("{} {}", plural(n, "card"), change.as_str()));
            }
        }
        for (n, what) in [(c.games.len(), "game"), (c.formats.len(), "format")] {
            if n > 0 {
                parts.push(format!("{} changed", plural(n, what)));
            }
        }
        let mut text = if parts.is_empty() {
            "no card data changed".to_owned()
        } else {
            parts.join(", ")
        };
        if !self.decks.is_empty() {
            text.push_str(&format!(
                "; {} of {} change verdict",
                self.verdicts_changed(),
                plural(self.decks.len(), "deck")
            ));
        }
        if !self.scripts.is_empty() {
            text.push_str(&format!(
                "; {} of {} change transcript",
                self.transcripts_changed(),
                plural(self.scripts.len(), "script")
            ));
        }
        text.push('\n');
        text
    }
}

fn verdict(legal: bool) -> &'static str {
    if legal {
        "legal"
    } else {
        "ILLEGAL"
    }
}

fn fields_text(card: &CardChange) -> String {
    card.fields
        .iter()
        .map(|f| format!("{}: {} → {}", f.field, show(&f.old), show(&f.new)))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A finding after a `mark`: `+`/`-` in `db diff` (a contract), `new:`/`fixed:` in the
/// deck edits and `diff`, where a bare `-` read like a problem still there.
pub(crate) fn finding_line(mark: &str, f: &Finding) -> String {
    match f.line {
        Some(line) => format!("{mark} {} (line {line}): {}", f.rule, f.message),
        None => format!("{mark} {}: {}", f.rule, f.message),
    }
}

fn human(outcome: &DiffOutcome, colour: bool) -> String {
    let mut out = format!("old: {}\nnew: {}\n", outcome.old, outcome.new);
    let c = &outcome.catalog;
    if !c.cards.is_empty() {
        let mut table = new_table(colour);
        table.set_header(vec!["game", "id", "card", "change", "fields: old → new"]);
        for card in &c.cards {
            let colour = match card.change {
                Change::Added => Color::Green,
                Change::Removed => Color::Red,
                Change::Renamed | Change::Changed => Color::Yellow,
            };
            table.add_row(vec![
                Cell::new(&card.game),
                Cell::new(&card.id),
                Cell::new(&card.name),
                Cell::new(card.change.as_str()).fg(colour),
                Cell::new(fields_text(card)),
            ]);
        }
        out.push_str(&table.to_string());
        out.push('\n');
    }
    for (what, defs) in [("game", &c.games), ("format", &c.formats)] {
        for d in defs {
            out.push_str(&format!("{what} `{}` {}", d.id, d.change.as_str()));
            if !d.fields.is_empty() {
                out.push_str(&format!(": {}", d.fields.join(", ")));
            }
            out.push('\n');
        }
    }
    let changed: Vec<&DeckImpact> = outcome.decks.iter().filter(|d| d.changed()).collect();
    if !changed.is_empty() {
        let mut table = new_table(colour);
        table.set_header(vec!["deck", "before", "after", "why"]);
        if let Some(column) = table.column_mut(0) {
            column.set_constraint(comfy_table::ColumnConstraint::ContentWidth);
        }
        for d in changed {
            let why: Vec<String> = d
                .added
                .iter()
                .map(|f| finding_line("+", f))
                .chain(d.removed.iter().map(|f| finding_line("-", f)))
                .collect();
            let after = Cell::new(verdict(d.after.verdict.legal));
            let after = if d.verdict_changed() {
                after.fg(if d.after.verdict.legal {
                    Color::Green
                } else {
                    Color::Red
                })
            } else {
                after
            };
            table.add_row(vec![
                Cell::new(&d.after.path),
                Cell::new(verdict(d.before.verdict.legal)),
                after,
                Cell::new(why.join("\n")),
            ]);
        }
        out.push_str(&table.to_string());
        out.push('\n');
    }
    let changed: Vec<&ScriptImpact> = outcome.scripts.iter().filter(|s| s.changed()).collect();
    if !changed.is_empty() {
        let mut table = new_table(colour);
        table.set_header(vec!["script", "what changes (- old data, + new data)"]);
        if let Some(column) = table.column_mut(0) {
            column.set_constraint(comfy_table::ColumnConstraint::ContentWidth);
        }
        for s in changed {
            table.add_row(vec![Cell::new(&s.path), Cell::new(s.explain().trim_end())]);
        }
        out.push_str(&table.to_string());
        out.push('\n');
    }
    out.push_str(&outcome.summary());
    out
}

/// For the CI renderers: each changed card is a note on its line in the new data (grouped
/// by file); each deck checked is a case, failed when its verdict changes, with the findings
/// that change it annotated on the deck's lines.
fn ci_run(outcome: &DiffOutcome) -> CiRun {
    let mut cases: Vec<Case> = Vec::new();
    for card in &outcome.catalog.cards {
        let file = card.file.as_ref().map(|f| f.name.clone());
        let name = file.clone().unwrap_or_else(|| card.game.clone());
        let annotation = Annotation {
            rule: format!("card-{}", card.change.as_str()),
            level: Level::Note,
            message: match card.change {
                Change::Added => format!("card `{}` ({}) added", card.name, card.id),
                Change::Removed => format!("card `{}` ({}) removed", card.name, card.id),
                Change::Renamed | Change::Changed => format!(
                    "card `{}` ({}) {}: {}",
                    card.name,
                    card.id,
                    card.change.as_str(),
                    fields_text(card).replace('\n', "; ")
                ),
            },
            help: None,
            location: card.file.as_ref().map(|f| match &card.span {
                Some(span) => Location::span(f, span),
                None => Location::file(&f.name),
            }),
            related: Vec::new(),
            anchor: None,
        };
        match cases.iter_mut().find(|c| c.name == name) {
            Some(case) => case.annotations.push(annotation),
            None => cases.push(Case {
                seconds: None,
                name,
                group: "card-db".to_owned(),
                annotations: vec![annotation],
            }),
        }
    }
    for d in &outcome.decks {
        let source = &d.after.source;
        let mut annotations = Vec::new();
        // Only a changed verdict is annotated: GitHub shows a few annotations per step, and
        // they belong to the decks this change breaks or mends.
        if d.verdict_changed() {
            for f in &d.added {
                let mut a = problem_annotation(&finding_problem(source, f));
                a.message = format!("with the new card data: {}", a.message);
                annotations.push(a);
            }
            if d.after.verdict.legal {
                let fixed: Vec<&str> = d.removed.iter().map(|f| f.rule.id()).collect();
                annotations.push(Annotation {
                    rule: "verdict".to_owned(),
                    level: Level::Error,
                    message: format!(
                        "deck becomes legal with the new card data (no more {})",
                        fixed.join(", ")
                    ),
                    help: None,
                    location: Some(Location::file(&source.name)),
                    related: Vec::new(),
                    anchor: None,
                });
            }
        }
        cases.push(Case {
            seconds: None,
            name: d.after.path.clone(),
            group: d
                .after
                .verdict
                .format
                .as_deref()
                .unwrap_or("unknown-format")
                .to_owned(),
            annotations,
        });
    }
    for s in &outcome.scripts {
        let mut annotations = Vec::new();
        if s.changed() {
            let annotation = match (&s.before, &s.after) {
                (Ok(a), Ok(b)) => {
                    let mut a = super::ci::transcript_annotation(&s.golden, a, b, &s.explain());
                    a.message = format!("with the new card data, {}", a.message);
                    a.help = Some(
                        "if the change is intended, run `decksmith match verify --bless` on the script and commit the transcript"
                            .to_owned(),
                    );
                    a
                }
                _ => Annotation {
                    rule: "transcript".to_owned(),
                    level: Level::Error,
                    message: format!(
                        "with the new card data, the script {}",
                        s.explain().trim_end()
                    ),
                    help: None,
                    location: Some(Location::file(&s.path)),
                    related: Vec::new(),
                    anchor: None,
                },
            };
            annotations.push(annotation);
        }
        cases.push(Case {
            seconds: None,
            name: s.path.clone(),
            group: "scripts".to_owned(),
            annotations,
        });
    }
    CiRun {
        command: "db diff",
        cases,
    }
}

impl Outcome for DiffOutcome {
    fn human(&self, colour: bool) -> String {
        human(self, colour)
    }

    /// The JSON document; only decks whose findings change are listed, all are counted.
    fn json(&self) -> String {
        let c = &self.catalog;
        let doc = DiffJson {
            old: &self.old,
            new: &self.new,
            catalog: c,
            decks: self
                .decks
                .iter()
                .filter(|d| d.changed())
                .map(|d| DeckImpactJson {
                    path: &d.after.path,
                    before: verdict_json(&d.before),
                    after: verdict_json(&d.after),
                    verdict_changed: d.verdict_changed(),
                    added: &d.added,
                    removed: &d.removed,
                })
                .collect(),
            scripts: self
                .scripts
                .iter()
                .filter(|s| s.changed())
                .map(|s| ScriptImpactJson {
                    path: &s.path,
                    change: s.explain(),
                    played_before: s.before.is_ok(),
                    played_after: s.after.is_ok(),
                })
                .collect(),
            summary: DiffSummaryJson {
                cards_added: c.count(Change::Added),
                cards_removed: c.count(Change::Removed),
                cards_renamed: c.count(Change::Renamed),
                cards_changed: c.count(Change::Changed),
                games_changed: c.games.len(),
                formats_changed: c.formats.len(),
                decks: self.decks.len(),
                decks_changed: self.decks.iter().filter(|d| d.changed()).count(),
                verdicts_changed: self.verdicts_changed(),
                scripts: self.scripts.len(),
                transcripts_changed: self.transcripts_changed(),
            },
        };
        json::to_string(&doc)
    }

    fn ci(&self) -> CiRun {
        ci_run(self)
    }

    fn summary(&self) -> String {
        self.summary()
    }

    fn status(&self) -> Status {
        Status::passed_if(self.verdicts_changed() == 0 && self.transcripts_changed() == 0)
    }
}

/// `db diff`.
#[derive(Serialize)]
struct DiffJson<'a> {
    old: &'a str,
    new: &'a str,
    #[serde(flatten)]
    catalog: &'a CatalogDiff,
    decks: Vec<DeckImpactJson<'a>>,
    /// Only scripts whose transcript changes are listed, all are counted.
    scripts: Vec<ScriptImpactJson<'a>>,
    summary: DiffSummaryJson,
}

#[derive(Serialize)]
struct ScriptImpactJson<'a> {
    path: &'a str,
    /// `- old data`, `+ new data` lines, or what stopped a side from playing.
    change: String,
    played_before: bool,
    played_after: bool,
}

#[derive(Serialize)]
struct DeckImpactJson<'a> {
    path: &'a str,
    before: VerdictJson<'a>,
    after: VerdictJson<'a>,
    verdict_changed: bool,
    /// Findings only the new data gives.
    added: &'a [Finding],
    /// Findings only the old data gave.
    removed: &'a [Finding],
}

#[derive(Serialize)]
struct VerdictJson<'a> {
    legal: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    format: Option<&'a str>,
}

#[derive(Serialize)]
struct DiffSummaryJson {
    cards_added: usize,
    cards_removed: usize,
    cards_renamed: usize,
    cards_changed: usize,
    games_changed: usize,
    formats_changed: usize,
    decks: usize,
    decks_changed: usize,
    verdicts_changed: usize,
    scripts: usize,
    transcripts_changed: usize,
}

fn verdict_json(o: &DeckOutcome) -> VerdictJson<'_> {
    VerdictJson {
        legal: o.verdict.legal,
        format: o.verdict.format.as_deref(),
    }
}
