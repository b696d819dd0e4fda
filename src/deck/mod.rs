//! The deck list model shared by every encoding: an optional format and name, what people
//! write about a deck (a description, tags, a banner card), and zones of counted card entries
//! in the order they were written, each with the printing and tags its list gave it.
//!
//! Foreign tools write more than decksmith checks; the model keeps all of it, so that a round
//! trip loses nothing a target encoding can hold and the encodings can name what it
//! cannot. The `maybe` zone (cards under consideration) exists in every game and is never
//! validated. Sideboard plans (see [`Plan`]) name swaps between the side zone and the main deck.

mod borrowed;
mod plan;

pub use borrowed::{DeckRef, Description, EntryRef, ZoneRef};
pub use plan::{Plan, PlanProblem, Swap, SIDE};
use std::ops::Range;

/// A name or id as a deck list writes it: held inline up to 24 bytes (almost every card name
/// and id), so reading a list does not allocate once per line.
pub type Name = compact_str::CompactString;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Deck {
    /// Format id from the deck's own header, with where it was written.
    pub format: Option<Located<String>>,
    pub name: Option<Located<String>>,
    /// Free text about the deck: Cockatrice's comments, a text list's opening `#` lines.
    pub description: Option<Located<String>>,
    /// The deck's own tags (Cockatrice's `<tags>`).
    pub tags: Vec<String>,
    /// The card shown for the deck in a deck browser (Cockatrice's `<bannerCard>`).
    pub banner: Option<String>,
    pub zones: Vec<Zone>,
    /// Sideboard plans, in the order they were written.
    pub plans: Vec<Plan>,
    /// Lines that could not be read; they become `parse` findings.
    pub problems: Vec<ParseProblem>,
    /// What was read but not kept, or read with a guess (an element Cockatrice writes that
    /// decksmith has no place for); they become `parse` warnings, and `convert` prints them.
    pub warnings: Vec<ParseProblem>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Located<T> {
    pub value: T,
    pub span: Option<Range<usize>>,
    pub line: Option<u32>,
}

impl<T> Located<T> {
    pub fn bare(value: T) -> Self {
        Located {
            value,
            span: None,
            line: None,
        }
    }
}

/// A zone as the deck list names it (`Hero`, `main`, `Magic Stones`); validation resolves the
/// name against the game's zones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Zone {
    pub name: String,
    pub span: Option<Range<usize>>,
    pub line: Option<u32>,
    pub entries: Vec<Entry>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Entry {
    pub count: u32,
    /// The card's name (or id) as written.
    pub card: Name,
    /// The card id, where the encoding carries one.
    pub id: Option<Name>,
    /// The printing the list names (`(JF1) 12`), kept as written: validation warns about one
    /// the database does not know, and nothing rewrites it.
    pub printing: Option<Printing>,
    /// Categories and tags the list gives the entry (Archidekt's `[Ramp]`, `^Combo^`).
    pub tags: Vec<String>,
    /// Byte range of the whole line, and of the card name within the source.
    pub span: Option<Range<usize>>,
    pub line: Option<u32>,
}

/// A card's printing: its set code and, where given, its collector number (kept as text:
/// `12a` and `PLST-2094` are collector numbers too).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Printing {
    pub set: String,
    pub number: Option<String>,
}

impl Zone {
    /// Index of the game zone this deck zone is, if any: a zone the encoding made up without
    /// a header (`main`, no span) is the default zone, others go by their header.
    pub fn index_in(&self, game: &crate::card_db::Game, buf: &mut String) -> Option<usize> {
        zone_index(&self.name, self.span.is_some(), game, buf)
    }
}

/// The game zone a deck zone named `name` is: `main` without a header of its own is the
/// default zone, anything else goes by the header.
fn zone_index(
    name: &str,
    headed: bool,
    game: &crate::card_db::Game,
    buf: &mut String,
) -> Option<usize> {
    if !headed && name == "main" {
        game.def.zones.iter().position(|z| z.default)
    } else {
        game.zone_index_for_header(name, buf)
    }
}

impl std::fmt::Display for Printing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({})", self.set)?;
        match &self.number {
            Some(n) => write!(f, " {n}"),
            None => Ok(()),
        }
    }
}

/// The id of the zone of cards under consideration, in every game.
pub const MAYBE: &str = "maybe";

/// Whether a zone name or header names the `maybe` zone: decksmith's `Maybe`, Cockatrice's
/// and Arena-style lists' `Maybeboard`, Moxfield's `Considering`.
pub fn is_maybe(name: &str) -> bool {
    let key = crate::names::key(name);
    matches!(
        key.as_str(),
        "maybe" | "maybeboard" | "maybe board" | "considering"
    )
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseProblem {
    pub message: String,
    pub help: Option<String>,
    pub span: Option<Range<usize>>,
    pub line: Option<u32>,
}

/// Counts above this are typing mistakes, not decks; they are refused before any arithmetic.
pub const MAX_COUNT: u32 = 999;

impl Deck {
    /// The deck with every span and line number cleared: what two readings of a deck in
    /// different encodings have in common when nothing was lost.
    pub fn without_locations(mut self) -> Deck {
        let clear = |l: &mut Option<Located<String>>| {
            if let Some(l) = l {
                l.span = None;
                l.line = None;
            }
        };
        clear(&mut self.format);
        clear(&mut self.name);
        clear(&mut self.description);
        for zone in &mut self.zones {
            zone.span = None;
            zone.line = None;
            for entry in &mut zone.entries {
                entry.span = None;
                entry.line = None;
            }
        }
        for plan in &mut self.plans {
            plan.name.span = None;
            plan.name.line = None;
            for swap in &mut plan.swaps {
                swap.span = None;
                swap.line = None;
            }
        }
        for problem in self.problems.iter_mut().chain(&mut self.warnings) {
            problem.span = None;
            problem.line = None;
        }
        self
    }
}
