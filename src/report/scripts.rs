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
use crate::engine::transcript::{Golden, Played, Transcript, Verified};
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

fn status(v: &Verified) -> ScriptStatus {
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
fn annotations(name: &str, v: &Verified) -> Vec<Annotation> {
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
        let scripts: Vec<ScriptJson> = self
            .0
            .iter()
            .map(|(name, v)| ScriptJson {
                path: name,
                status: status(v),
                problems: annotations(name, v)
                    .into_iter()
                    .map(|a| AnnotationJson {
                        severity: a.level.as_str(),
                        line: a.location.as_ref().and_then(|l| l.region).map(|r| r.line),
                        file: a.location.map(|l| l.file),
                        code: a.rule,
                        message: a.message,
                        help: a.help,
                    })
                    .collect(),
                diff: match v {
                    Verified::Played(p) => match &p.golden {
                        Golden::Differs { diff, .. } => Some(diff),
                        _ => None,
                    },
                    _ => None,
                },
            })
            .collect();
        let count = |s: ScriptStatus| scripts.iter().filter(|j| j.status == s).count();
        let summary = VerifySummaryJson {
            scripts: scripts.len(),
            ok: count(ScriptStatus::Ok),
            failed: count(ScriptStatus::Failed),
            broken: count(ScriptStatus::Broken),
        };
        json::to_string(&VerifyJson { scripts, summary })
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

/// `match run`.
#[derive(Serialize)]
struct RunJson<'a> {
    script: &'a str,
    passed: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    transcript: Option<&'a Transcript>,
    failures: Vec<json::ProblemJson<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    illegal_decks: Vec<IllegalDeckJson<'a>>,
    /// The cards played by their stats alone (`--vanilla`).
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    vanilla: &'a [String],
}

/// Keys in name order, as first written through `serde_json::Value`.
#[derive(Serialize)]
struct IllegalDeckJson<'a> {
    /// Through `serde_json::Value` still, so each finding's keys stay in name order.
    findings: serde_json::Value,
    name: Option<&'a str>,
    path: &'a str,
}

/// A played script: its transcript and the expectations that failed.
pub fn run_json(script: &str, result: &RunResult, vanilla: &[String]) -> String {
    json::to_string(&RunJson {
        script,
        passed: result.failures.is_empty(),
        transcript: Some(&result.transcript),
        failures: json::problems(&result.failures),
        illegal_decks: Vec::new(),
        vanilla,
    })
}

/// A script not played because a deck is not legal in its format.
pub fn not_played_json(script: &str, outcomes: &[DeckOutcome]) -> String {
    json::to_string(&RunJson {
        script,
        passed: false,
        transcript: None,
        failures: Vec::new(),
        illegal_decks: outcomes
            .iter()
            .filter(|o| !o.verdict.legal)
            .map(|o| IllegalDeckJson {
                findings: serde_json::to_value(&o.verdict.findings).unwrap_or_default(),
                name: o.name.as_deref(),
                path: &o.path,
            })
            .collect(),
        vanilla: &[],
    })
}

/// `match verify`.
#[derive(Serialize)]
struct VerifyJson<'a> {
    scripts: Vec<ScriptJson<'a>>,
    summary: VerifySummaryJson,
}

#[derive(Serialize)]
struct ScriptJson<'a> {
    path: &'a str,
    status: ScriptStatus,
    problems: Vec<AnnotationJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    diff: Option<&'a str>,
}

#[derive(Serialize)]
struct AnnotationJson {
    code: String,
    severity: &'static str,
    message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    help: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
}

#[derive(Serialize)]
struct VerifySummaryJson {
    scripts: usize,
    ok: usize,
    failed: usize,
    broken: usize,
}
