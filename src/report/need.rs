//! `need` for people and for scripts: what each deck lacks of the collection, and the total.

use crate::collection::need::{copies, copies_text, Allocate, Need, Short};
use crate::error::plural;
use serde::Serialize;
use std::fmt::Write;

/// What each deck lacks and the total, for standard error (the buy list itself goes to
/// standard output or OUT).
pub fn human(need: &Need) -> String {
    let mut out = String::new();
    for deck in &need.decks {
        let title = deck
            .name
            .as_deref()
            .map_or(String::new(), |n| format!(" ({n})"));
        let _ = writeln!(out, "{}{title}: {}", deck.path, missing(&deck.short));
        lines(need, &deck.short, &mut out);
    }
    if need.decks.len() > 1 {
        let how = match need.allocate {
            Allocate::Max => "to build the decks one at a time (--allocate max)",
            Allocate::Sum => "to build every deck at once (--allocate sum)",
        };
        let _ = writeln!(out, "total {how}: {}", missing(&need.total));
        lines(need, &need.total, &mut out);
    }
    out
}

fn missing(short: &[Short]) -> String {
    match copies(short) {
        0 => "nothing missing".into(),
        n => format!(
            "{} missing ({})",
            plural(n as usize, "card"),
            plural(short.len(), "line")
        ),
    }
}

fn lines(need: &Need, short: &[Short], out: &mut String) {
    for s in short {
        let card = need.game.cards[s.card].name();
        let printing = s
            .printing
            .as_ref()
            .map_or(String::new(), |p| format!(" {p}"));
        let elsewhere = match s.elsewhere {
            0 => String::new(),
            n => format!(
                " ({} owned in another printing, or none named)",
                copies_text(n)
            ),
        };
        let _ = writeln!(out, "  {} {card}{printing}{elsewhere}", s.copies);
    }
}

#[derive(Serialize)]
struct NeedJson<'a> {
    game: &'a str,
    format: &'a str,
    collection: &'a str,
    allocate: Allocate,
    decks: Vec<DeckJson<'a>>,
    total: ShortfallJson<'a>,
    warnings: Vec<WarningJson>,
}

#[derive(Serialize)]
struct DeckJson<'a> {
    path: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<&'a str>,
    #[serde(flatten)]
    short: ShortfallJson<'a>,
}

#[derive(Serialize)]
struct ShortfallJson<'a> {
    /// Copies missing in all.
    missing: u32,
    cards: Vec<CardJson<'a>>,
}

#[derive(Serialize)]
struct CardJson<'a> {
    id: &'a str,
    name: &'a str,
    count: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    set: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    number: Option<&'a str>,
    /// Copies owned in another printing (or none named) that the printing asked for leaves.
    #[serde(skip_serializing_if = "is_zero")]
    owned_elsewhere: u32,
}

#[derive(Serialize)]
struct WarningJson {
    file: Option<String>,
    line: Option<usize>,
    message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    help: Option<String>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn shortfall<'a>(need: &'a Need, short: &'a [Short]) -> ShortfallJson<'a> {
    ShortfallJson {
        missing: copies(short),
        cards: (short.iter())
            .map(|s| {
                let card = &need.game.cards[s.card];
                CardJson {
                    id: card.id(),
                    name: card.name(),
                    count: s.copies,
                    set: s.printing.as_ref().map(|p| p.set.as_str()),
                    number: s.printing.as_ref().and_then(|p| p.number.as_deref()),
                    owned_elsewhere: s.elsewhere,
                }
            })
            .collect(),
    }
}

/// The JSON document (docs/collection.md).
pub fn json(need: &Need) -> String {
    let doc = NeedJson {
        game: need.game.id(),
        format: &need.format,
        collection: &need.collection,
        allocate: need.allocate,
        decks: (need.decks.iter())
            .map(|d| DeckJson {
                path: &d.path,
                name: d.name.as_deref(),
                short: shortfall(need, &d.short),
            })
            .collect(),
        total: shortfall(need, &need.total),
        warnings: (need.warnings.iter())
            .map(|w| {
                let location = w.location();
                WarningJson {
                    file: w.file.as_ref().map(|f| f.name.clone()),
                    line: location.as_ref().map(|l| l.1),
                    message: w.message.clone(),
                    help: w.help.clone(),
                }
            })
            .collect(),
    };
    super::json::to_string(&doc)
}
