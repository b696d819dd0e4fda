//! `diff` and `log` output: a deck diff per zone (`+2 Iron Guard`, `-1 Ash Hound`), the moves
//! between zones, each side's verdict and the findings gained (`new:`) and lost (`fixed:`);
//! a deck's history a line per revision.

use super::ci::{deck_case, CiRun};
use super::diff::finding_line;
use super::{json, Outcome, Status};
use crate::check::DeckOutcome;
use crate::deck_diff::log::{Revision, State};
use crate::deck_diff::{Copies, DeckDiff, Move, ZoneChange};
use crate::error::plural;
use crate::validate::Finding;
use serde::Serialize;

fn verdict(legal: bool) -> &'static str {
    if legal {
        "legal"
    } else {
        "ILLEGAL"
    }
}

/// `a.deck: legal (jforce-standard)`.
fn side_line(mark: &str, side: &DeckOutcome) -> String {
    let v = &side.verdict;
    match &v.format {
        Some(format) => format!("{mark} {}: {} ({format})\n", side.path, verdict(v.legal)),
        None => format!("{mark} {}: not checked\n", side.path),
    }
}

fn copies_line(sign: char, c: &Copies) -> String {
    format!("  {sign}{} {}\n", c.count, c.card)
}

/// `Ash Hound: 2 main → side`.
fn move_line(m: &Move) -> String {
    format!(
        "  {}: {} {} → {}\n",
        m.copies.card, m.copies.count, m.from, m.to
    )
}

/// `+3/-1 cards, 2 moved; verdict legal → ILLEGAL`.
fn summary(d: &DeckDiff) -> String {
    let c = &d.cards;
    let cards = if c.is_empty() {
        "no card changed".to_owned()
    } else {
        let mut s = format!("+{}/-{} cards", c.added(), c.removed());
        if !c.moves.is_empty() {
            s.push_str(&format!(", {} moved", c.moved()));
        }
        s
    };
    let (was, is) = (d.old.verdict.legal, d.new.verdict.legal);
    let verdict = if was == is {
        format!("verdict still {}", verdict(is))
    } else {
        format!("verdict {} → {}", verdict(was), verdict(is))
    };
    format!("{cards}; {verdict}\n")
}

fn human(d: &DeckDiff) -> String {
    let mut out = side_line("---", &d.old);
    out.push_str(&side_line("+++", &d.new));
    for zone in &d.cards.zones {
        out.push_str(&format!("{}\n", zone.zone));
        for c in &zone.added {
            out.push_str(&copies_line('+', c));
        }
        for c in &zone.removed {
            out.push_str(&copies_line('-', c));
        }
    }
    if !d.cards.moves.is_empty() {
        out.push_str("moved\n");
        for m in &d.cards.moves {
            out.push_str(&move_line(m));
        }
    }
    for f in &d.gained {
        out.push_str(&finding_line("new:", f));
        out.push('\n');
    }
    for f in &d.lost {
        out.push_str(&finding_line("fixed:", f));
        out.push('\n');
    }
    out.push_str(&summary(d));
    out
}

#[derive(Serialize)]
struct SideJson<'a> {
    path: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<&'a str>,
    /// `null` when the deck's format is unknown (it was not checked).
    format: Option<&'a str>,
    game: Option<&'a str>,
    legal: bool,
}

fn side_json(side: &DeckOutcome) -> SideJson<'_> {
    SideJson {
        path: &side.path,
        name: side.name.as_deref(),
        format: side.verdict.format.as_deref(),
        game: side.verdict.game.as_deref(),
        legal: side.verdict.legal,
    }
}

#[derive(Serialize)]
struct DiffJson<'a> {
    old: SideJson<'a>,
    new: SideJson<'a>,
    zones: &'a [ZoneChange],
    moves: &'a [Move],
    /// Copies added and removed (moves aside), and copies moved.
    added: u32,
    removed: u32,
    moved: u32,
    gained: &'a [Finding],
    lost: &'a [Finding],
}

impl Outcome for DeckDiff {
    fn human(&self, _colour: bool) -> String {
        human(self)
    }

    fn json(&self) -> String {
        json::to_string(&DiffJson {
            old: side_json(&self.old),
            new: side_json(&self.new),
            zones: &self.cards.zones,
            moves: &self.cards.moves,
            added: self.cards.added(),
            removed: self.cards.removed(),
            moved: self.cards.moved(),
            gained: &self.gained,
            lost: &self.lost,
        })
    }

    /// The new side, as `validate` would annotate it.
    fn ci(&self) -> CiRun {
        CiRun {
            command: "diff",
            cases: vec![deck_case(&self.new)],
        }
    }

    fn summary(&self) -> String {
        summary(self)
    }

    /// A diff is a report, whatever it finds.
    fn status(&self) -> Status {
        Status::Success
    }
}

fn state_word(state: &State) -> &'static str {
    match state {
        State::Legal { .. } => "legal",
        State::Illegal { .. } => "ILLEGAL",
        State::Deleted => "deleted",
        State::Unreadable { .. } => "unreadable",
    }
}

/// `4e1f2a9  2026-11-30  legal    +2/-2  Swap Ash Hound for Iron Guard`, newest first.
pub fn log_human(revisions: &[Revision]) -> String {
    let counts: Vec<String> = revisions
        .iter()
        .map(|r| format!("+{}/-{}", r.added, r.removed))
        .collect();
    let width = counts.iter().map(String::len).max().unwrap_or(0);
    let mut out = String::new();
    for (r, count) in revisions.iter().zip(&counts) {
        let word = state_word(&r.state);
        out.push_str(&format!(
            "{}  {}  {word:<10}  {count:<width$}  {}\n",
            r.short, r.date, r.subject
        ));
    }
    out.push_str(&format!("{}\n", plural(revisions.len(), "revision")));
    out
}

pub fn log_json(revisions: &[Revision]) -> String {
    json::to_string(&revisions)
}
