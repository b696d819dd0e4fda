//! JSON output. The shapes here are contracts (DESIGN.md): fields are only ever added.

use super::{End, RuleCount, Sink, Summary};
use crate::card_db::{Card, CardStr, Colours, Game};
use crate::check::DeckOutcome;
use crate::diagnostic::Problem;
use crate::edit::fix::{FileFixes, Fix};
use crate::validate::format::Format;
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
pub(super) struct ProblemJson<'a> {
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

pub(super) fn problems(problems: &[Problem]) -> Vec<ProblemJson<'_>> {
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

/// Pretty JSON with a trailing newline.
pub fn to_string<T: Serialize>(value: &T) -> String {
    // Serialising plain structs into a String cannot fail.
    let mut s = serde_json::to_string_pretty(value).unwrap_or_default();
    s.push('\n');
    s
}
