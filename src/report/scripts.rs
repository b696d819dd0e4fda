//! `match verify` results: for each script, whether it played as its golden transcript says,
//! failed (an expectation, an illegal action, a changed transcript, an illegal deck) or could
//! not be played at all.

use super::ci::{
    problem_annotation, transcript_annotation, Annotation, Case, CiRun, Level, Location,
};
use super::validate::Validated;
use super::{finding_problem, human, json, Outcome, Status};
use crate::check::DeckOutcome;
use crate::diagnostic::{render, Problem};
use crate::engine::play::RunResult;
use crate::engine::script::{Script, StepKind};
use crate::engine::transcript::{Golden, Played, Verified};
use crate::error::plural;
use serde::Serialize;

/// `match run` for people: the transcript, the failures, and a closing line.
pub fn run(script: &Script, result: &RunResult, vanilla: &[String], colour: bool) -> String {
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
    s.push_str(&human::vanilla(vanilla));
    s
}

/// `match run` for people when a deck is not legal in the script's format.
pub fn not_played(outcomes: &[DeckOutcome], colour: bool) -> String {
    let mut s = Validated::of(outcomes).human(colour);
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
        Verified::Played(p) if p.failures.is_empty() => match p.golden {
            Golden::Same | Golden::Blessed => ScriptStatus::Ok,
            Golden::Missing | Golden::Differs { .. } => ScriptStatus::Failed,
        },
        Verified::IllegalDeck(_) | Verified::Played(_) => ScriptStatus::Failed,
    }
}

/// What the human output prints for one script.
fn human_one(name: &str, v: &Verified, colour: bool) -> String {
    let p = match v {
        Verified::Broken(_) => return format!("BROKEN  {name}\n"),
        Verified::IllegalDeck(outcomes) => {
            let decks = Validated::of(outcomes).human(colour);
            return format!("FAILED  {name}: a deck is not legal in the script's format\n{decks}");
        }
        Verified::Played(p) => p,
    };
    let mut notes = String::new();
    match &p.golden {
        Golden::Same => {}
        Golden::Blessed => notes = format!("  blessed {}\n", p.golden_path),
        Golden::Missing => notes = format!("  {}\n", missing_golden(name, p)),
        Golden::Differs { diff, .. } => {
            notes = format!(
                "  the transcript differs from {} (- golden, + now):\n",
                p.golden_path
            );
            for line in diff.lines() {
                notes.push_str(&format!("  {line}\n"));
            }
        }
    }
    match status(v) {
        ScriptStatus::Ok => format!("ok      {name}\n{notes}"),
        _ => format!("FAILED  {name}\n{notes}{}", render(&p.failures, colour)),
    }
}

fn missing_golden(name: &str, p: &Played) -> String {
    let golden = &p.golden_path;
    format!(
        "no golden transcript {golden}: run `decksmith match verify --bless {name}` and review it"
    )
}

/// One script's findings as CI annotations.
pub fn annotations(name: &str, v: &Verified) -> Vec<Annotation> {
    let p = match v {
        Verified::Broken(problems) => return problems.iter().map(problem_annotation).collect(),
        Verified::IllegalDeck(outcomes) => {
            let findings = outcomes.iter().flat_map(|o| {
                (o.verdict.findings.iter())
                    .map(|f| problem_annotation(&finding_problem(&o.source, f)))
            });
            return findings.collect();
        }
        Verified::Played(p) => p,
    };
    let mut annotations: Vec<Annotation> = p.failures.iter().map(problem_annotation).collect();
    match &p.golden {
        Golden::Same | Golden::Blessed => {}
        Golden::Differs { golden, diff } => annotations.push(transcript_annotation(
            &p.golden_path,
            golden,
            &p.transcript,
            diff,
        )),
        Golden::Missing => annotations.push(Annotation {
            rule: "transcript".to_owned(),
            level: Level::Error,
            message: missing_golden(name, p),
            help: None,
            location: Some(Location::file(name)),
            related: Vec::new(),
            anchor: None,
        }),
    }
    annotations
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
                    seconds: None,
                    name: name.clone(),
                    // The script's game, or `scripts` when it was not played.
                    group: match v {
                        Verified::Played(p) => p.game.clone(),
                        _ => "scripts".to_owned(),
                    },
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
