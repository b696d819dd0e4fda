//! A deck list that borrows its names: what the text reader makes (every name a slice of the
//! source, no copy) and what validation reads. An owned [`Deck`] lends itself as one
//! ([`Deck::borrowed`]) and one is made from it ([`DeckRef::into_owned`]), so reading text has
//! one parser and validation one input, whatever the encoding.
//!
//! The entries of all zones sit in one list, each zone a range of it: reading a list makes two
//! vectors (zones, entries), not one per zone, and no string per line.

use super::{Deck, Entry, Located, ParseProblem, Plan, Printing, Zone};
use std::borrow::Cow;
use std::ops::Range;

#[derive(Debug, Clone, Default)]
pub struct DeckRef<'a> {
    pub format: Option<Located<&'a str>>,
    pub name: Option<Located<&'a str>>,
    pub description: Option<Located<Description<'a>>>,
    pub tags: &'a [String],
    pub banner: Option<&'a str>,
    pub zones: Vec<ZoneRef<'a>>,
    /// Every zone's entries, zone after zone (see [`ZoneRef::entries`]).
    pub entries: Vec<EntryRef<'a>>,
    pub plans: Cow<'a, [Plan]>,
    pub problems: Cow<'a, [ParseProblem]>,
    pub warnings: Cow<'a, [ParseProblem]>,
}

/// A deck's description: text as written, or a text list's opening comment lines, joined only
/// when someone reads them (validation never does).
#[derive(Debug, Clone, Copy)]
pub enum Description<'a> {
    Text(&'a str),
    /// The source from the first opening comment to the last, comment markers included.
    Comments(&'a str),
}

impl Description<'_> {
    /// The text: comment lines without their `#` or `//` and one space after it, joined by
    /// line breaks (blank lines between them left out).
    pub fn text(&self) -> Cow<'_, str> {
        match *self {
            Description::Text(text) => Cow::Borrowed(text),
            Description::Comments(lines) => {
                let mut text = String::with_capacity(lines.len());
                for content in lines.lines().map(str::trim).filter(|l| !l.is_empty()) {
                    let comment = (content.strip_prefix('#'))
                        .or_else(|| content.strip_prefix("//"))
                        .unwrap_or(content);
                    if !text.is_empty() {
                        text.push('\n');
                    }
                    text.push_str(comment.strip_prefix(' ').unwrap_or(comment));
                }
                Cow::Owned(text)
            }
        }
    }
}

#[derive(Debug, Clone)]
pub struct ZoneRef<'a> {
    pub name: &'a str,
    pub span: Option<Range<usize>>,
    pub line: Option<u32>,
    /// Where the zone's entries are in [`DeckRef::entries`].
    pub entries: Range<usize>,
}

#[derive(Debug, Clone)]
pub struct EntryRef<'a> {
    pub count: u32,
    pub line: Option<u32>,
    pub card: &'a str,
    pub id: Option<&'a str>,
    pub printing: Option<&'a Printing>,
    pub tags: &'a [String],
    pub span: Option<Range<usize>>,
}

impl<'a> EntryRef<'a> {
    /// An entry of `count` copies of `card`, with nothing but its place.
    pub fn new(count: u32, card: &'a str, span: Range<usize>, line: u32) -> Self {
        EntryRef {
            count,
            line: Some(line),
            card,
            id: None,
            printing: None,
            tags: &[],
            span: Some(span),
        }
    }
}

impl ZoneRef<'_> {
    /// Index of the game zone this deck zone is, if any: a zone the encoding made up without
    /// a header (`main`, no span) is the default zone, others go by their header.
    pub fn index_in(&self, game: &crate::card_db::Game, buf: &mut String) -> Option<usize> {
        super::zone_index(self.name, self.span.is_some(), game, buf)
    }
}

impl<'a> DeckRef<'a> {
    /// The entries of one of this deck's zones.
    pub fn entries_of(&self, zone: &ZoneRef) -> &[EntryRef<'a>] {
        &self.entries[zone.entries.clone()]
    }

    /// The owned deck, every name copied.
    pub fn into_owned(self) -> Deck {
        let located = |l: Located<&str>| Located {
            value: l.value.to_owned(),
            span: l.span,
            line: l.line,
        };
        let entry = |e: &EntryRef| Entry {
            count: e.count,
            card: e.card.into(),
            id: e.id.map(Into::into),
            printing: e.printing.cloned(),
            tags: e.tags.to_vec(),
            span: e.span.clone(),
            line: e.line,
        };
        let zones = (self.zones.iter())
            .map(|z| Zone {
                name: z.name.to_owned(),
                span: z.span.clone(),
                line: z.line,
                entries: self.entries_of(z).iter().map(entry).collect(),
            })
            .collect();
        Deck {
            format: self.format.map(located),
            name: self.name.map(located),
            description: self.description.map(|d| Located {
                value: d.value.text().into_owned(),
                span: d.span,
                line: d.line,
            }),
            tags: self.tags.to_vec(),
            banner: self.banner.map(str::to_owned),
            zones,
            plans: self.plans.into_owned(),
            problems: self.problems.into_owned(),
            warnings: self.warnings.into_owned(),
        }
    }
}

impl Deck {
    /// The deck as validation reads it, borrowing every name.
    pub fn borrowed(&self) -> DeckRef<'_> {
        fn located(l: &Option<Located<String>>) -> Option<Located<&str>> {
            l.as_ref().map(|l| Located {
                value: l.value.as_str(),
                span: l.span.clone(),
                line: l.line,
            })
        }
        let mut entries = Vec::with_capacity(self.zones.iter().map(|z| z.entries.len()).sum());
        let zones = (self.zones.iter())
            .map(|z| {
                let start = entries.len();
                entries.extend(z.entries.iter().map(|e| EntryRef {
                    count: e.count,
                    line: e.line,
                    card: &e.card,
                    id: e.id.as_deref(),
                    printing: e.printing.as_ref(),
                    tags: &e.tags,
                    span: e.span.clone(),
                }));
                ZoneRef {
                    name: &z.name,
                    span: z.span.clone(),
                    line: z.line,
                    entries: start..entries.len(),
                }
            })
            .collect();
        DeckRef {
            format: located(&self.format),
            name: located(&self.name),
            description: self.description.as_ref().map(|d| Located {
                value: Description::Text(&d.value),
                span: d.span.clone(),
                line: d.line,
            }),
            tags: &self.tags,
            banner: self.banner.as_deref(),
            zones,
            entries,
            plans: Cow::Borrowed(&self.plans),
            problems: Cow::Borrowed(&self.problems),
            warnings: Cow::Borrowed(&self.warnings),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_owned_deck_lent_and_copied_back_is_the_same() {
        let deck = Deck {
            format: Some(Located::bare("jforce-standard".into())),
            description: Some(Located::bare("two\nlines".into())),
            tags: vec!["aggro".into()],
            banner: Some("Storma".into()),
            zones: vec![Zone {
                name: "main".into(),
                span: None,
                line: None,
                entries: vec![Entry {
                    count: 3,
                    card: "Ember Striker".into(),
                    id: Some("JF1-001".into()),
                    printing: Some(Printing {
                        set: "JF1".into(),
                        number: Some("1".into()),
                    }),
                    tags: vec!["Ramp".into()],
                    span: Some(4..20),
                    line: Some(2),
                }],
            }],
            problems: vec![ParseProblem {
                message: "m".into(),
                help: None,
                span: None,
                line: Some(1),
            }],
            ..Deck::default()
        };
        assert_eq!(deck.borrowed().into_owned(), deck);
    }

    #[test]
    fn comment_lines_join_without_their_markers() {
        let comments = Description::Comments("# one\n\n//two\n#  three");
        assert_eq!(comments.text(), "one\ntwo\n three");
    }
}
