//! The deck list model shared by every encoding: an optional format and name, and zones of
//! counted card entries in the order they were written.

pub mod encoding;

use std::ops::Range;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Deck {
    /// Format id from the deck's own header, with where it was written.
    pub format: Option<Located<String>>,
    pub name: Option<Located<String>>,
    pub zones: Vec<Zone>,
    /// Lines that could not be read; they become `parse` findings.
    pub problems: Vec<ParseProblem>,
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

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub count: u32,
    /// The card's name (or id) as written.
    pub card: String,
    /// The card id, where the encoding carries one.
    pub id: Option<String>,
    /// Byte range of the whole line, and of the card name within the source.
    pub span: Option<Range<usize>>,
    pub line: Option<u32>,
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
    pub fn card_count(&self) -> u64 {
        self.zones
            .iter()
            .flat_map(|z| &z.entries)
            .map(|e| u64::from(e.count))
            .sum()
    }

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
        for zone in &mut self.zones {
            zone.span = None;
            zone.line = None;
            for entry in &mut zone.entries {
                entry.span = None;
                entry.line = None;
            }
        }
        for problem in &mut self.problems {
            problem.span = None;
            problem.line = None;
        }
        self
    }
}
