//! `match verify` results: for each script, whether it played as its golden transcript says,
//! failed (an expectation, an illegal action, a changed transcript, an illegal deck) or could
//! not be played at all.

use super::ci::{
    finding_annotation, problem_annotation, transcript_annotation, Annotation, Case, CiRun, Level,
    Location,
};
use super::{human, json, DeckOutcome, Outcome, Status};
use crate::diagnostic::{render, Problem};
use crate::engine::runner::RunResult;
use crate::engine::script::{Script, StepKind};
use crate::engine::scripted::{Golden, Verified};
use crate::error::plural;
use serde::Serialize;

/// `match run` for people: the transcript, the failures, and a closing line.
pub fn run(script: &Script, result: &RunResult, colour: bool) -> String {
    let mut s = result.transcript.render();
    s.push('\n');
    s.push_str(&render(&result.failures, colour));
    if result.failures.is_empty() {
        let expectations = (script.games.iter())
            .flat_map(|g| &g.steps)
            .filter(|s| !matches!(s.kind, StepKind::Action(_)))
            .count();
        let expectations = plural(expectations, "expectation");
        s.push_str(&format!("ok: {expectations} checked, all hold\n"));
    } else {
        let failures = plural(result.failures.len(), "failure");
        s.push_str(&format!("FAILED: {failures}\n"));
    }
    s
}

/// `match run` for people when a deck is not legal in the script's format.
pub fn not_played(outcomes: &[DeckOutcome], colour: bool) -> String {
    let mut s = human::validate(outcomes, colour);
    s.push_str("a deck is not legal in the script's format: the match was not played\n");
    s
}

/// Every script `match verify` played, in the order found.
pub struct Verification(pub Vec<(String, Verified)>);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ScriptStatus {
    Ok,
    Failed,
    Broken,
}

pub fn status(v: &Verified) -> ScriptStatus {
    match v {
        Verified::Broken(_) => ScriptStatus::Broken,
        Verified::IllegalDeck(_) => ScriptStatus::Failed,
        Verified::Played {
            failures, golden, ..
        } => match golden {
            Golden::Same | Golden::Blessed if failures.is_empty() => ScriptStatus::Ok,
            _ => ScriptStatus::Failed,
        },
    }
}

/// The script's game, or `scripts` when it was not played.
fn group(v: &Verified) -> String {
    match v {
        Verified::Played { game, .. } => game.clone(),
        _ => "scripts".to_owned(),
    }
}

/// What the human output prints for one script.
fn human_one(name: &str, v: &Verified, colour: bool) -> String {
    let (failures, golden_path, golden) = match v {
        Verified::Broken(_) => return format!("BROKEN  {name}\n"),
        Verified::IllegalDeck(outcomes) => {
            return format!(
                "FAILED  {name}: a deck is not legal in the script's format\n{}",
                human::validate(outcomes, colour)
            )
        }
        Verified::Played {
            failures,
            golden_path,
            golden,
            ..
        } => (failures, golden_path.display(), golden),
    };
    let notes = match golden {
        Golden::Same => String::new(),
        Golden::Blessed => format!("  blessed {golden_path}\n"),
        Golden::Missing => format!("  {}\n", missing_golden(name, v)),
        Golden::Differs { diff, .. } => {
            let mut notes =
                format!("  the transcript differs from {golden_path} (- golden, + now):\n");
            for line in diff.lines() {
                notes.push_str(&format!("  {line}\n"));
            }
            notes
        }
    };
    match status(v) {
        ScriptStatus::Ok => format!("ok      {name}\n{notes}"),
        _ => format!("FAILED  {name}\n{notes}{}", render(failures, colour)),
    }
}

fn missing_golden(name: &str, v: &Verified) -> String {
    let golden = match v {
        Verified::Played { golden_path, .. } => golden_path.display().to_string(),
        _ => String::new(),
    };
    format!(
        "no golden transcript {golden}: run `decksmith match verify --bless {name}` and review it"
    )
}

/// One script's findings as CI annotations.
pub fn annotations(name: &str, v: &Verified) -> Vec<Annotation> {
    match v {
        Verified::Broken(problems) => problems.iter().map(problem_annotation).collect(),
        Verified::IllegalDeck(outcomes) => outcomes
            .iter()
            .flat_map(|o| {
                o.report
                    .findings
                    .iter()
                    .map(|f| finding_annotation(&o.source, f))
            })
            .collect(),
        Verified::Played {
            failures,
            transcript,
            golden_path,
            golden,
            ..
        } => {
            let mut annotations: Vec<Annotation> =
                failures.iter().map(problem_annotation).collect();
            match golden {
                Golden::Same | Golden::Blessed => {}
                Golden::Differs { golden, diff } => annotations.push(transcript_annotation(
                    &golden_path.display().to_string(),
                    golden,
                    transcript,
                    diff,
                )),
                Golden::Missing => annotations.push(Annotation {
                    rule: "transcript".to_owned(),
                    level: Level::Error,
                    message: missing_golden(name, v),
                    help: None,
                    location: Some(Location::file(name)),
                    related: Vec::new(),
                }),
            }
            annotations
        }
    }
}

impl Verification {
    fn count(&self, s: ScriptStatus) -> usize {
        self.0.iter().filter(|(_, v)| status(v) == s).count()
    }

    /// The problems of every script that could not be played, in order.
    pub fn broken(&self) -> Vec<Problem> {
        self.0
            .iter()
            .flat_map(|(_, v)| match v {
                Verified::Broken(problems) => problems.clone(),
                _ => Vec::new(),
            })
            .collect()
    }
}

impl Outcome for Verification {
    fn human(&self, colour: bool) -> String {
        let mut text: String = (self.0.iter())
            .map(|(name, v)| human_one(name, v, colour))
            .collect();
        text.push_str(&self.summary());
        text
    }

    fn json(&self) -> String {
        json::verify(self)
    }

    fn ci(&self) -> CiRun {
        CiRun {
            command: "match verify",
            cases: (self.0.iter())
                .map(|(name, v)| Case {
                    name: name.clone(),
                    group: group(v),
                    annotations: annotations(name, v),
                })
                .collect(),
        }
    }

    /// `3 scripts: 2 ok, 1 failed`, then the count of problems in broken scripts if any.
    fn summary(&self) -> String {
        let broken = self.broken().len();
        format!(
            "{}: {} ok, {} failed{}\n",
            plural(self.0.len(), "script"),
            self.count(ScriptStatus::Ok),
            self.count(ScriptStatus::Failed),
            if broken == 0 {
                String::new()
            } else {
                format!(", {broken} broken")
            }
        )
    }

    fn status(&self) -> Status {
        Status::passed_if(self.count(ScriptStatus::Failed) == 0)
    }
}
