//! JSON output. The shapes here are contracts (DESIGN.md): fields are only ever added.

use super::diff::DiffOutcome;
use super::scripts::{self, ScriptStatus, Verification};
use super::{End, RuleCount, Sink, Summary};
use crate::card_db::{Card, CardStr, Colours, Game};
use crate::check::DeckOutcome;
use crate::check::LintOutcome;
use crate::db_diff::{CatalogDiff, Change};
use crate::diagnostic::Problem;
use crate::edit::fix::{FileFixes, Fix};
use crate::engine::play::RunResult;
use crate::engine::random::{BatchGame, BatchTally};
use crate::engine::transcript::Transcript;
use crate::engine::transcript::{Golden, Verified};
use crate::validate::format::Format;
use crate::validate::Finding;
use serde::Serialize;
use std::collections::BTreeMap;

#[derive(Serialize)]
struct DeckJson<'a> {
    path: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<&'a str>,
    #[serde(flatten)]
    verdict: &'a crate::validate::Verdict,
}

#[derive(Serialize)]
struct FileFixesJson<'a> {
    path: &'a str,
    /// The fixes made (none when the file needed none or could not be fixed).
    fixed: &'a [Fix],
    /// Why the file could not be fixed.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
}

#[derive(Serialize)]
struct SummaryJson {
    #[serde(flatten)]
    counts: Summary,
    /// Files a folder search found that are not deck lists.
    #[serde(skip_serializing_if = "is_zero")]
    skipped: usize,
    /// Findings per rule id across the batch, in the documented rule order.
    rules: Vec<RuleJson>,
}

#[derive(Serialize)]
struct RuleJson {
    rule: &'static str,
    #[serde(flatten)]
    count: RuleCount,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// `validate`'s document, `{ "fixes"?: [...], "decks": [...], "summary": {...} }`, pretty
/// printed, written deck by deck.
pub struct Json<'a> {
    /// What `--fix` fixed, when it was given.
    fixes: Option<&'a [FileFixes]>,
    decks: usize,
}

impl<'a> Json<'a> {
    pub fn new(fixes: Option<&'a [FileFixes]>) -> Self {
        Json { fixes, decks: 0 }
    }
}

impl Sink<DeckOutcome> for Json<'_> {
    /// The document up to its first deck: `--fix`'s fixes, then the opening of `decks`.
    fn begin(&mut self) -> String {
        let mut out = String::from("{\n");
        if let Some(files) = self.fixes {
            let files: Vec<FileFixesJson> = files
                .iter()
                .map(|f| FileFixesJson {
                    path: &f.path,
                    fixed: f.result.as_deref().unwrap_or_default(),
                    error: f.result.as_ref().err().map(String::as_str),
                })
                .collect();
            out.push_str(&format!("  \"fixes\": {},\n", nested(&files, "  ")));
        }
        out.push_str("  \"decks\": [");
        out
    }

    /// The deck as an item of the `decks` list; whether a comma goes before it is known only
    /// in order, in `push`.
    fn piece(&self, deck: &DeckOutcome) -> String {
        let item = DeckJson {
            path: &deck.path,
            name: deck.name.as_deref(),
            verdict: &deck.verdict,
        };
        format!("\n    {}", nested(&item, "    "))
    }

    fn push(&mut self, _: &DeckOutcome, piece: String) -> String {
        self.decks += 1;
        match self.decks {
            1 => piece,
            _ => format!(",{piece}"),
        }
    }

    /// The end of `decks` and the summary.
    fn finish(self: Box<Self>, end: &End) -> String {
        let summary = SummaryJson {
            counts: end.tally.summary,
            skipped: end.skipped,
            rules: (end.tally.rule_counts())
                .map(|(rule, count)| RuleJson { rule, count })
                .collect(),
        };
        let close = if self.decks == 0 { "]" } else { "\n  ]" };
        format!("{close},\n  \"summary\": {}\n}}\n", nested(&summary, "  "))
    }
}

/// `value` pretty printed as it stands inside a document at `indent`: each line after the
/// first indented (JSON strings escape their line breaks, so every line break is layout).
fn nested<T: Serialize>(value: &T, indent: &str) -> String {
    let text = serde_json::to_string_pretty(value).unwrap_or_default();
    text.replace('\n', &format!("\n{indent}"))
}

/// A problem with its file, line and column where it has one. The fields are in name order:
/// these lists were first written through `serde_json::Value`, which sorts keys.
#[derive(Serialize)]
struct ProblemJson<'a> {
    code: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    help: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    message: &'a str,
    severity: &'static str,
}

fn problems(problems: &[Problem]) -> Vec<ProblemJson<'_>> {
    problems
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
        .collect()
}

/// `db check`. Keys in name order, as first written through `serde_json::Value`.
#[derive(Serialize)]
struct LintJson<'a> {
    problems: Vec<ProblemJson<'a>>,
    summary: LintSummaryJson,
}

#[derive(Serialize)]
struct LintSummaryJson {
    cards: usize,
    errors: usize,
    formats: usize,
    games: usize,
    warnings: usize,
}

pub fn lint(outcome: &LintOutcome) -> String {
    let errors = outcome.errors();
    to_string(&LintJson {
        problems: problems(&outcome.problems),
        summary: LintSummaryJson {
            cards: outcome.cards,
            errors,
            formats: outcome.formats,
            games: outcome.games,
            warnings: outcome.problems.len() - errors,
        },
    })
}

/// `match run`.
#[derive(Serialize)]
struct RunJson<'a> {
    script: &'a str,
    passed: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    transcript: Option<&'a Transcript>,
    failures: Vec<ProblemJson<'a>>,
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
pub fn run(script: &str, result: &RunResult, vanilla: &[String]) -> String {
    to_string(&RunJson {
        script,
        passed: result.failures.is_empty(),
        transcript: Some(&result.transcript),
        failures: problems(&result.failures),
        illegal_decks: Vec::new(),
        vanilla,
    })
}

/// A script not played because a deck is not legal in its format.
pub fn run_not_played(script: &str, outcomes: &[DeckOutcome]) -> String {
    to_string(&RunJson {
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

pub fn verify(verification: &Verification) -> String {
    let scripts: Vec<ScriptJson> = verification
        .0
        .iter()
        .map(|(name, v)| ScriptJson {
            path: name,
            status: scripts::status(v),
            problems: scripts::annotations(name, v)
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
    to_string(&VerifyJson { scripts, summary })
}

/// `match random`.
#[derive(Serialize)]
struct RandomJson<'a> {
    game: &'a str,
    games: &'a [BatchGame],
    summary: BatchTally,
    /// The cards played by their stats alone (`--vanilla`).
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    vanilla: &'a [String],
}

pub fn random(game: &str, games: &[BatchGame], vanilla: &[String]) -> String {
    to_string(&RandomJson {
        game,
        games,
        summary: BatchTally::of(games),
        vanilla,
    })
}

/// `formats`: one entry per format.
#[derive(Serialize)]
pub struct FormatJson<'a> {
    pub id: &'a str,
    pub game: &'a str,
    pub name: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<&'a str>,
    pub extends: Vec<&'a str>,
    pub zones: String,
    pub rules: Vec<&'static str>,
    pub revisions: Vec<String>,
}

impl<'a> FormatJson<'a> {
    pub fn of(f: &'a Format) -> FormatJson<'a> {
        FormatJson {
            id: &f.id,
            game: &f.game,
            name: &f.name,
            description: f.description.as_deref(),
            extends: f.parents.iter().map(String::as_str).collect(),
            zones: zones(f),
            rules: f.rule_kinds().collect(),
            revisions: (f.revisions.iter())
                .map(|r| r.effective.to_string())
                .collect(),
        }
    }
}

/// `main 40, hero 1`, with ranges as `30–40`, `≥40`, `≤15`.
fn zones(f: &Format) -> String {
    let zones: Vec<String> = f
        .zones
        .iter()
        .map(|(zone, l)| {
            let size = match (l.exact, l.min, l.max) {
                (Some(e), _, _) => e.to_string(),
                (None, Some(lo), Some(hi)) => format!("{lo}–{hi}"),
                (None, Some(lo), None) => format!("≥{lo}"),
                (None, None, Some(hi)) => format!("≤{hi}"),
                (None, None, None) => "any".into(),
            };
            format!("{zone} {size}")
        })
        .collect();
    zones.join(", ")
}

/// `cards`: one entry per card found.
#[derive(Serialize)]
pub struct CardJson<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub game: &'a str,
    #[serde(rename = "type")]
    pub kind: &'a str,
    pub set: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost: Option<i64>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub attribute_cost: Vec<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub free_cost: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attack: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hp: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub atk: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub def: Option<i64>,
    /// A string for a one-colour card, a list for a multi-colour one (as the database says).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub colour: Option<&'a Colours>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<i64>,
    /// The game's other stats, each under its own name (a data-only game's `power`).
    #[serde(flatten)]
    pub stats: BTreeMap<&'a str, i64>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub attribute: Vec<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub basic: Option<bool>,
    pub legendary: bool,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<&'a str>,
    pub invented: bool,
}

/// The stats [`CardJson`] has a field of its own for (the shipped games' stats).
const NAMED_STATS: &[&str] = &["cost", "free-cost", "attack", "hp", "atk", "def", "value"];

impl<'a> CardJson<'a> {
    pub fn of(game: &'a Game, card: &'a Card) -> CardJson<'a> {
        let strs =
            |v: &'a [toml::Spanned<CardStr>]| v.iter().map(|s| s.get_ref().as_str()).collect();
        CardJson {
            id: card.id(),
            name: card.name(),
            game: game.id(),
            kind: card.kind(),
            set: card.set(),
            cost: card.number("cost"),
            attribute_cost: strs(&card.attribute_cost),
            free_cost: card.stat("free-cost"),
            attack: card.stat("attack"),
            hp: card.stat("hp"),
            atk: card.stat("atk"),
            def: card.stat("def"),
            colour: card.colour.as_ref().map(|c| c.get_ref()),
            value: card.stat("value"),
            stats: (card.stats.iter())
                .map(|s| (s.name.get_ref().as_str(), *s.value.get_ref()))
                .filter(|(name, _)| !NAMED_STATS.contains(name))
                .collect(),
            attribute: strs(&card.attribute),
            basic: (card.kind() == "magic-stone").then_some(card.basic),
            legendary: game.is_legendary(card),
            keywords: strs(&card.keywords),
            text: card.text.as_deref().or(card.ability.as_deref()),
            invented: card.invented,
        }
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

/// The JSON document; only decks whose findings change are listed, all are counted.
pub fn diff(outcome: &DiffOutcome) -> String {
    let c = &outcome.catalog;
    let doc = DiffJson {
        old: &outcome.old,
        new: &outcome.new,
        catalog: c,
        decks: outcome
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
        scripts: outcome
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
            decks: outcome.decks.len(),
            decks_changed: outcome.decks.iter().filter(|d| d.changed()).count(),
            verdicts_changed: outcome.verdicts_changed(),
            scripts: outcome.scripts.len(),
            transcripts_changed: outcome.transcripts_changed(),
        },
    };
    to_string(&doc)
}

/// Pretty JSON with a trailing newline.
pub fn to_string<T: Serialize>(value: &T) -> String {
    // Serialising plain structs into a String cannot fail.
    let mut s = serde_json::to_string_pretty(value).unwrap_or_default();
    s.push('\n');
    s
}
