//! What decks lack of a collection: per deck, and in total for several decks, either built one
//! at a time (`max`: the decks share the collection's copies) or all at once (`sum`).
//!
//! Printings (docs/rulings.md, "need and printings"): a deck line naming no printing is
//! covered by owned copies of any printing; a line naming one only by owned copies of that
//! printing (a copy whose collector number is not written counts for its set). A copy owned in
//! another printing is not counted, but said: the shortfall keeps how many such copies lie
//! unused.

use super::{covers, same, Collection, Owned};
use crate::card_db::Game;
use crate::catalog::Catalog;
use crate::deck::{is_maybe, Deck, DeckRef, Entry, Located, ParseProblem, Printing, Zone};
use crate::diagnostic::{Problem, SourceFile};
use crate::encoding;
use crate::error::{read_text, Error};
use crate::validate::{Finding, RuleId};
use std::path::PathBuf;

/// Copies of a card (of one printing, if named) a deck asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Want {
    pub card: usize,
    pub printing: Option<Printing>,
    pub copies: u32,
    /// The deck's first entry asking for it (an index in [`DeckRef::entries`]).
    pub entry: usize,
}

/// Copies missing of a card (of one printing, if named).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Short {
    pub card: usize,
    pub printing: Option<Printing>,
    pub copies: u32,
    /// For a printing asked for: copies of the card owned in other printings (or none named)
    /// that nothing else used, which would do if the printing does not matter.
    pub elsewhere: u32,
    pub entry: usize,
}

/// How several decks share the collection in a total.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Allocate {
    /// Built one at a time: per card, the most any one deck lacks.
    #[default]
    Max,
    /// Built all at once: the decks' wants summed, less what is owned.
    Sum,
}

/// What a deck asks for, by card and printing in the order first written: every zone but the
/// `maybe` zone. A line naming a card the game lacks is returned as a warning with its line.
pub fn wants(deck: &DeckRef, game: &Game) -> (Vec<Want>, Vec<ParseProblem>) {
    let mut wants: Vec<Want> = Vec::new();
    let mut unknown = Vec::new();
    let mut buf = String::new();
    for zone in &deck.zones {
        if is_maybe(zone.name) && game.zone_for_header(zone.name).is_none() {
            continue;
        }
        for at in zone.entries.clone() {
            let e = &deck.entries[at];
            let Some(card) = game.find_line(e.id, e.card, &mut buf) else {
                unknown.push(ParseProblem {
                    message: format!("unknown card `{}`: it is not counted", e.card),
                    help: game.suggest(e.card).map(|s| format!("did you mean `{s}`?")),
                    span: e.span.clone(),
                    line: e.line,
                });
                continue;
            };
            add(
                &mut wants,
                Want {
                    card,
                    printing: e.printing.cloned(),
                    copies: e.count,
                    entry: at,
                },
            );
        }
    }
    (wants, unknown)
}

/// Adds a want to a list, to the copies of the same card and printing if it holds them.
fn add(wants: &mut Vec<Want>, want: Want) {
    let one = |w: &&mut Want| {
        w.card == want.card
            && match (&w.printing, &want.printing) {
                (Some(a), Some(b)) => same(a, b),
                (None, None) => true,
                _ => false,
            }
    };
    match wants.iter_mut().find(one) {
        Some(w) => w.copies = w.copies.saturating_add(want.copies),
        None => wants.push(want),
    }
}

/// Several decks' wants as one list, summed by card and printing (for [`Allocate::Sum`]).
pub fn summed<'a>(decks: impl IntoIterator<Item = &'a [Want]>) -> Vec<Want> {
    let mut all = Vec::new();
    for want in decks.into_iter().flatten() {
        add(&mut all, want.clone());
    }
    all
}

/// What `wants` lacks of `owned`, in the order of `wants`. Per card, the copies owned go first
/// to lines naming a printing with a collector number, then to those naming a set, then to the
/// rest: a specific want takes only what fits it, any copy fits the rest.
pub fn short(wants: &[Want], owned: &Owned) -> Vec<Short> {
    let mut out: Vec<Short> = Vec::new();
    let mut done: Vec<usize> = Vec::new();
    for (i, first) in wants.iter().enumerate() {
        if done.contains(&first.card) {
            continue;
        }
        done.push(first.card);
        let of_card: Vec<&Want> = wants[i..].iter().filter(|w| w.card == first.card).collect();
        let (mut printed, mut loose) = match owned.holding(first.card) {
            Some(h) => {
                let printed: Vec<(Printing, u32)> = h.printed.clone();
                let named = saturating_sum(printed.iter().map(|(_, n)| *n));
                (printed, h.total.saturating_sub(named))
            }
            None => (Vec::new(), 0),
        };
        let rank = |w: &Want| match &w.printing {
            Some(p) if p.number.is_some() => 0,
            Some(_) => 1,
            None => 2,
        };
        let mut order: Vec<usize> = (0..of_card.len()).collect();
        order.sort_by_key(|&k| rank(of_card[k]));
        let mut lacking = vec![0u32; of_card.len()];
        for k in order {
            let want = of_card[k];
            let mut left = want.copies;
            match &want.printing {
                Some(p) => {
                    for (_, n) in printed.iter_mut().filter(|(h, _)| covers(h, p)) {
                        let take = left.min(*n);
                        (*n, left) = (*n - take, left - take);
                    }
                }
                None => {
                    let take = left.min(loose);
                    (loose, left) = (loose - take, left - take);
                    for (_, n) in printed.iter_mut() {
                        let take = left.min(*n);
                        (*n, left) = (*n - take, left - take);
                    }
                }
            }
            lacking[k] = left;
        }
        let unused = saturating_sum(printed.iter().map(|(_, n)| *n)).saturating_add(loose);
        for (want, lacking) in of_card.iter().zip(lacking) {
            if lacking > 0 {
                out.push(Short {
                    card: want.card,
                    printing: want.printing.clone(),
                    copies: lacking,
                    elsewhere: if want.printing.is_some() { unused } else { 0 },
                    entry: want.entry,
                });
            }
        }
    }
    out
}

/// The total of several decks' shortfalls built one at a time: per card and printing, the
/// most any one deck lacks, in the order first met.
pub fn most(decks: &[Vec<Short>]) -> Vec<Short> {
    let mut total: Vec<Short> = Vec::new();
    for s in decks.iter().flatten() {
        let one = |t: &&mut Short| {
            t.card == s.card
                && match (&t.printing, &s.printing) {
                    (Some(a), Some(b)) => same(a, b),
                    (None, None) => true,
                    _ => false,
                }
        };
        match total.iter_mut().find(one) {
            Some(t) => {
                t.copies = t.copies.max(s.copies);
                t.elsewhere = t.elsewhere.max(s.elsewhere);
            }
            None => total.push(s.clone()),
        }
    }
    total
}

/// The total of several decks' wants against `owned`, as `allocate` shares it.
pub fn total(
    allocate: Allocate,
    wants: &[Vec<Want>],
    shorts: &[Vec<Short>],
    owned: &Owned,
) -> Vec<Short> {
    match allocate {
        Allocate::Max => most(shorts),
        Allocate::Sum => short(&summed(wants.iter().map(Vec::as_slice)), owned),
    }
}

/// One deck's wants and what it lacks on its own.
#[derive(Debug, Clone)]
pub struct DeckNeed {
    /// The path as given.
    pub path: String,
    pub name: Option<String>,
    pub wants: Vec<Want>,
    pub short: Vec<Short>,
}

/// What `need` found: each deck's shortfall, and the total as `allocate` shares the
/// collection.
#[derive(Debug, Clone)]
pub struct Need<'c> {
    pub game: &'c Game,
    /// The first deck's format: the buy list names it, so that it reads back.
    pub format: String,
    pub allocate: Allocate,
    /// The collection's name as given.
    pub collection: String,
    pub decks: Vec<DeckNeed>,
    pub total: Vec<Short>,
    /// Everything skipped with a warning: collection rows, deck lines, unknown cards.
    pub warnings: Vec<Problem>,
}

/// Reads the decks (each against `format`, or the one its header names) and says what they
/// lack of the collection. The decks must be of one game: a buy list is one game's.
pub fn need<'c>(
    catalog: &'c Catalog,
    decks: &[PathBuf],
    format: Option<&str>,
    have: &Collection,
    allocate: Allocate,
) -> Result<Need<'c>, Error> {
    let mut read: Vec<(std::sync::Arc<SourceFile>, Deck, String)> = Vec::new();
    for path in decks {
        let source = SourceFile::new(path.display().to_string(), read_text(path)?);
        let deck = encoding::read(&source, None, catalog)?;
        let id = match (format, &deck.format) {
            (Some(id), _) => id.to_owned(),
            (None, Some(header)) => header.value.clone(),
            (None, None) => {
                return Err(Error::usage_with_help(
                    format!(
                        "`{}` names no format, so its cards cannot be looked up",
                        source.name
                    ),
                    "pass `--format <id>` (a decksmith list may name it in a line \
                     `format: <id>`)",
                ))
            }
        };
        if catalog.format(&id).is_none() {
            return Err(Error::usage_with_help(
                format!("`{}`: no format `{id}`", source.name),
                catalog.format_help(&id),
            ));
        }
        read.push((source, deck, id));
    }
    let Some((_, _, first)) = read.first() else {
        return Err(Error::usage("no deck to check"));
    };
    let first = first.clone();
    let game_of = |id: &str| {
        catalog
            .format(id)
            .map(|f| f.game.clone())
            .unwrap_or_default()
    };
    let game_id = game_of(&first);
    if let Some((source, _, id)) = read.iter().find(|(_, _, id)| game_of(id) != game_id) {
        return Err(Error::usage_with_help(
            format!(
                "`{}` is a {} deck and `{}` a {game_id} deck",
                source.name,
                game_of(id),
                read[0].0.name
            ),
            "a buy list is for one game: run `need` once per game",
        ));
    }
    let game = catalog.game(&game_id)?;
    let owned = have.owned(game);
    let mut warnings = have.problems(&[game]);
    let mut needs = Vec::new();
    for (source, deck, _) in &read {
        let borrowed = deck.borrowed();
        let (wants, unknown) = wants(&borrowed, game);
        let skipped = deck.problems.iter().map(|p| ParseProblem {
            message: format!("{}; the line is not counted", p.message),
            ..p.clone()
        });
        warnings.extend(
            skipped
                .chain(unknown)
                .map(|p| encoding::to_warning(source, "need", &p)),
        );
        let short = short(&wants, &owned);
        needs.push(DeckNeed {
            path: source.name.clone(),
            name: deck.name.as_ref().map(|n| n.value.clone()),
            wants,
            short,
        });
    }
    let wants: Vec<Vec<Want>> = needs.iter().map(|d| d.wants.clone()).collect();
    let shorts: Vec<Vec<Short>> = needs.iter().map(|d| d.short.clone()).collect();
    Ok(Need {
        game,
        format: first,
        allocate,
        collection: have.source.name.clone(),
        total: total(allocate, &wants, &shorts, &owned),
        decks: needs,
        warnings,
    })
}

impl Need<'_> {
    /// The total as a deck list (a buy list): every card in the game's default zone, under its
    /// database name and id, with the printing the decks named.
    pub fn buy_list(&self) -> Deck {
        let zone = self.game.default_zone().map_or("main", |z| z.id.as_str());
        Deck {
            format: Some(Located::bare(self.format.clone())),
            name: Some(Located::bare("Buy list".to_owned())),
            zones: vec![Zone {
                name: zone.to_owned(),
                span: None,
                line: None,
                entries: (self.total.iter())
                    .map(|s| {
                        let card = &self.game.cards[s.card];
                        Entry {
                            count: s.copies,
                            card: card.name().into(),
                            id: Some(card.id().into()),
                            printing: s.printing.clone(),
                            ..Entry::default()
                        }
                    })
                    .collect(),
            }],
            ..Deck::default()
        }
    }
}

/// The `not-owned` findings of a deck (one per card and printing short, at its first line),
/// and the copies they add up to.
pub fn not_owned(deck: &DeckRef, game: &Game, owned: &Owned) -> (Vec<Finding>, u32) {
    let (wants, _) = wants(deck, game);
    let short = short(&wants, owned);
    let findings = (short.iter())
        .map(|s| {
            let card = game.cards[s.card].name();
            let printing = s.printing.as_ref().map_or(String::new(), |p| format!(" {p}"));
            let have = match &s.printing {
                Some(p) => owned.holding(s.card).map_or(0, |h| {
                    saturating_sum(
                        (h.printed.iter())
                            .filter(|(q, _)| covers(q, p))
                            .map(|(_, n)| *n),
                    )
                }),
                None => owned.copies(s.card),
            };
            let message = format!(
                "{} of `{card}`{printing} not owned: the collection has {have}",
                copies_text(s.copies)
            );
            let help = match s.elsewhere {
                0 => "`decksmith need DECK --have COLLECTION` writes what to buy as a deck list".to_owned(),
                n => format!(
                    "{n} more owned in another printing (or none named): leave the printing out of the deck line if it does not matter"
                ),
            };
            let entry = &deck.entries[s.entry];
            let mut f = Finding::new(RuleId::NotOwned, message).help(help);
            f.card = Some(card.to_owned());
            f.span = entry.span.clone();
            f.line = entry.line;
            f
        })
        .collect();
    (findings, copies(&short))
}

/// `1 copy`, `2 copies`.
pub fn copies_text(n: u32) -> String {
    match n {
        1 => "1 copy".into(),
        n => format!("{n} copies"),
    }
}

/// Copies in a shortfall.
pub fn copies(short: &[Short]) -> u32 {
    saturating_sum(short.iter().map(|s| s.copies))
}

/// Counts added up, stopping at `u32::MAX`: a collection may claim any number of copies.
fn saturating_sum(counts: impl Iterator<Item = u32>) -> u32 {
    counts.fold(0, u32::saturating_add)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collection::Holding;

    fn want(card: usize, printing: Option<(&str, Option<&str>)>, copies: u32) -> Want {
        Want {
            card,
            printing: printing.map(|(set, n)| Printing {
                set: set.into(),
                number: n.map(Into::into),
            }),
            copies,
            entry: 0,
        }
    }

    /// Copies of a printing (set, collector number) owned.
    type Printed<'a> = (&'a str, Option<&'a str>, u32);

    fn owning(cards: &[(usize, u32, &[Printed])]) -> Owned {
        let mut owned = Owned::default();
        for &(card, total, printed) in cards {
            owned.cards.insert(
                card,
                Holding {
                    total,
                    printed: (printed.iter())
                        .map(|&(set, n, c)| {
                            let p = Printing {
                                set: set.into(),
                                number: n.map(Into::into),
                            };
                            (p, c)
                        })
                        .collect(),
                },
            );
        }
        owned
    }

    #[test]
    fn any_printing_covers_a_line_naming_none() {
        let owned = owning(&[(0, 3, &[("JF1", Some("1"), 2)])]);
        assert!(short(&[want(0, None, 3)], &owned).is_empty());
        let s = short(&[want(0, None, 4)], &owned);
        assert_eq!((s.len(), s[0].copies), (1, 1));
    }

    #[test]
    fn a_printing_asked_for_is_covered_only_by_that_printing_and_the_rest_is_said() {
        // 2 of JF1 #1, 1 of JF2, 1 with no printing named.
        let owned = owning(&[(0, 4, &[("JF1", Some("1"), 2), ("JF2", None, 1)])]);
        let s = short(&[want(0, Some(("JF1", Some("1"))), 3)], &owned);
        assert_eq!((s[0].copies, s[0].elsewhere), (1, 2));
        // The specific line takes its copies first; the loose line takes the others.
        let s = short(
            &[want(0, None, 2), want(0, Some(("JF1", Some("001"))), 2)],
            &owned,
        );
        assert!(s.is_empty(), "{s:?}");
        let s = short(&[want(0, None, 3), want(0, Some(("JF1", None)), 2)], &owned);
        assert_eq!(s.iter().map(|s| s.copies).sum::<u32>(), 1);
        assert_eq!(s[0].printing, None);
    }

    /// A collection may claim any number of copies: the sums stop at the largest count.
    #[test]
    fn huge_counts_saturate() {
        let big = u32::MAX;
        let owned = owning(&[(0, big, &[("JF1", None, big), ("JF2", None, big)])]);
        assert!(short(&[want(0, None, 3), want(0, Some(("JF1", None)), 2)], &owned).is_empty());
        let s = short(&[want(0, Some(("JF3", None)), 2)], &owned);
        assert_eq!((s[0].copies, s[0].elsewhere), (2, big));
    }

    /// Three decks sharing a card: one at a time needs the most any deck lacks, all at once
    /// the sum less what is owned.
    #[test]
    fn max_and_sum_totals_of_three_decks() {
        let owned = owning(&[(0, 2, &[]), (1, 1, &[])]);
        let decks = [
            vec![want(0, None, 4), want(1, None, 1)],
            vec![want(0, None, 3), want(1, None, 2)],
            vec![want(0, None, 1)],
        ];
        let shorts: Vec<Vec<Short>> = decks.iter().map(|d| short(d, &owned)).collect();
        let copies = |s: &[Short], card| s.iter().find(|s| s.card == card).map_or(0, |s| s.copies);
        let max = total(Allocate::Max, &decks, &shorts, &owned);
        assert_eq!((copies(&max, 0), copies(&max, 1)), (4 - 2, 2 - 1));
        let sum = total(Allocate::Sum, &decks, &shorts, &owned);
        assert_eq!(
            (copies(&sum, 0), copies(&sum, 1)),
            (4 + 3 + 1 - 2, 1 + 2 - 1)
        );
    }
}
