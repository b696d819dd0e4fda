//! `diff`: what changed between two deck lists, card by card and zone by zone, and how each
//! side fares under its format; `log` ([`log`]): a deck file's history in git, a line per
//! revision.
//!
//! Cards are the cards the database resolves, so `Iron Guard`, `iron guard` and its id are
//! one card; a name the database does not know is kept as written (its spelling normalised,
//! as lookups do). Copies that leave one zone and join another are a move, not a removal and
//! an addition.

pub mod log;

use crate::card_db::Game;
use crate::catalog::Catalog;
use crate::check::DeckOutcome;
use crate::deck::Deck;
use crate::error::Error;
use crate::names;
use crate::validate::{only_in, Finding};
use serde::Serialize;
use std::collections::BTreeMap;

/// A card as the diff counts it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum CardKey {
    /// The card's index in the game.
    Known(usize),
    /// A name the database does not know, normalised.
    Unknown(String),
}

/// A zone as the diff counts it: the game's zones in the game's order, then any other.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum ZoneKey {
    Known(usize),
    Unknown(String),
}

/// A card and a number of its copies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Copies {
    pub count: u32,
    /// The card's name in the database, or as written where the database does not know it.
    pub card: String,
    /// The card's id, when the database knows the card.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
}

/// The copies added to one zone and removed from it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ZoneChange {
    pub zone: String,
    pub added: Vec<Copies>,
    pub removed: Vec<Copies>,
}

/// Copies of a card that left one zone for another.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Move {
    #[serde(flatten)]
    pub copies: Copies,
    pub from: String,
    pub to: String,
}

/// What changed between two decks' cards.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CardDiff {
    /// Per zone with a change, in the game's zone order.
    pub zones: Vec<ZoneChange>,
    pub moves: Vec<Move>,
}

/// Copies in all (saturating: a hostile list cannot overflow it).
fn total<'a>(copies: impl Iterator<Item = &'a Copies>) -> u32 {
    copies.fold(0, |n, c| n.saturating_add(c.count))
}

impl CardDiff {
    /// Copies added to the deck (moves aside).
    pub fn added(&self) -> u32 {
        total(self.zones.iter().flat_map(|z| &z.added))
    }

    /// Copies removed from the deck (moves aside).
    pub fn removed(&self) -> u32 {
        total(self.zones.iter().flat_map(|z| &z.removed))
    }

    pub fn moved(&self) -> u32 {
        total(self.moves.iter().map(|m| &m.copies))
    }

    pub fn is_empty(&self) -> bool {
        self.zones.is_empty() && self.moves.is_empty()
    }
}

/// One deck's cards, counted per zone and card, with the order they first appear in.
struct Counted {
    copies: BTreeMap<(ZoneKey, CardKey), u32>,
    order: Vec<(ZoneKey, CardKey)>,
}

/// How the diff names cards and zones: through the game where there is one.
struct Namer<'g> {
    game: Option<&'g Game>,
    cards: BTreeMap<CardKey, Copies>,
    zones: BTreeMap<ZoneKey, String>,
    buf: String,
}

impl Namer<'_> {
    fn count(&mut self, deck: &Deck) -> Counted {
        let mut counted = Counted {
            copies: BTreeMap::new(),
            order: Vec::new(),
        };
        for zone in &deck.zones {
            let index = self.game.and_then(|g| zone.index_in(g, &mut self.buf));
            let zone_key = match index {
                Some(i) => ZoneKey::Known(i),
                None => ZoneKey::Unknown(names::key(&zone.name)),
            };
            self.zones
                .entry(zone_key.clone())
                .or_insert_with(|| match (index, self.game) {
                    (Some(i), Some(g)) => g.def.zones[i].id.clone(),
                    _ => zone.name.clone(),
                });
            for entry in &zone.entries {
                let found = self.game.and_then(|g| {
                    g.find_line(entry.id.as_deref(), &entry.card, &mut self.buf)
                        .map(|i| (i, g))
                });
                let card_key = match found {
                    Some((i, _)) => CardKey::Known(i),
                    None => CardKey::Unknown(names::key(&entry.card)),
                };
                self.cards
                    .entry(card_key.clone())
                    .or_insert_with(|| match found {
                        Some((i, g)) => Copies {
                            count: 0,
                            card: g.cards[i].name().to_owned(),
                            id: Some(g.cards[i].id().to_owned()),
                        },
                        None => Copies {
                            count: 0,
                            card: entry.card.to_string(),
                            id: entry.id.as_ref().map(ToString::to_string),
                        },
                    });
                let key = (zone_key.clone(), card_key);
                let n = counted.copies.entry(key.clone()).or_insert(0);
                if *n == 0 {
                    counted.order.push(key);
                }
                *n = n.saturating_add(entry.count);
            }
        }
        counted
    }

    fn copies(&self, card: &CardKey, count: u32) -> Copies {
        Copies {
            count,
            ..self.cards[card].clone()
        }
    }
}

/// The cards that differ between `old` and `new`, resolved through `game` where given.
pub fn card_diff(old: &Deck, new: &Deck, game: Option<&Game>) -> CardDiff {
    let mut namer = Namer {
        game,
        cards: BTreeMap::new(),
        zones: BTreeMap::new(),
        buf: String::new(),
    };
    let (a, b) = (namer.count(old), namer.count(new));
    // New copies less old copies, per card, then per zone.
    let mut delta: BTreeMap<&CardKey, BTreeMap<&ZoneKey, i64>> = BTreeMap::new();
    for ((zone, card), &n) in &b.copies {
        *delta.entry(card).or_default().entry(zone).or_default() += i64::from(n);
    }
    for ((zone, card), &n) in &a.copies {
        *delta.entry(card).or_default().entry(zone).or_default() -= i64::from(n);
    }
    let mut moves = Vec::new();
    for (card, zones) in &mut delta {
        // Copies gone from one zone and come to another moved, first zone to first zone.
        let sided = |sign: i64| -> Vec<(&ZoneKey, i64)> {
            (zones.iter().filter(|z| *z.1 * sign > 0))
                .map(|(z, n)| (*z, n * sign))
                .collect()
        };
        let (mut from, mut to) = (sided(-1), sided(1));
        for (f, out) in &mut from {
            for (t, came) in &mut to {
                let n = (*out).min(*came);
                if n > 0 {
                    *out -= n;
                    *came -= n;
                    moves.push(Move {
                        copies: namer.copies(card, n as u32),
                        from: namer.zones[*f].clone(),
                        to: namer.zones[*t].clone(),
                    });
                }
            }
        }
        for (z, n) in from {
            zones.insert(z, -n);
        }
        for (z, n) in to {
            zones.insert(z, n);
        }
    }
    let change = |key: &(ZoneKey, CardKey), sign: i64| {
        let n = delta[&key.1][&key.0] * sign;
        (n > 0).then(|| namer.copies(&key.1, n as u32))
    };
    let mut zones = Vec::new();
    for (zone, name) in &namer.zones {
        let in_zone = |order: &[(ZoneKey, CardKey)], sign| -> Vec<Copies> {
            (order.iter().filter(|k| k.0 == *zone))
                .filter_map(|k| change(k, sign))
                .collect()
        };
        let (added, removed) = (in_zone(&b.order, 1), in_zone(&a.order, -1));
        if !added.is_empty() || !removed.is_empty() {
            zones.push(ZoneChange {
                zone: name.clone(),
                added,
                removed,
            });
        }
    }
    CardDiff { zones, moves }
}

/// Everything `diff` found between two decks.
#[derive(Debug, Clone)]
pub struct DeckDiff {
    pub old: DeckOutcome,
    pub new: DeckOutcome,
    pub cards: CardDiff,
    /// Findings only the new side has.
    pub gained: Vec<Finding>,
    /// Findings only the old side had.
    pub lost: Vec<Finding>,
}

/// The game two checked decks share: `None` when neither names a known format; an error when
/// they are decks of two games.
pub fn shared_game<'c>(
    catalog: &'c Catalog,
    old: &DeckOutcome,
    new: &DeckOutcome,
) -> Result<Option<&'c Game>, Error> {
    let (a, b) = (old.verdict.game.as_deref(), new.verdict.game.as_deref());
    if let (Some(a), Some(b)) = (a, b) {
        if a != b {
            return Err(Error::usage_with_help(
                format!(
                    "`{}` is a deck of `{a}` and `{}` one of `{b}`: there is nothing to compare",
                    old.path, new.path
                ),
                "diff two decks of one game (a deck's game is its format's)",
            ));
        }
    }
    a.or(b).map(|id| catalog.game(id)).transpose()
}

/// Compares two decks read and checked (by `check::read_and_check_source`).
pub fn diff(
    catalog: &Catalog,
    (old_deck, old): (Deck, DeckOutcome),
    (new_deck, new): (Deck, DeckOutcome),
) -> Result<DeckDiff, Error> {
    let game = shared_game(catalog, &old, &new)?;
    let cards = card_diff(&old_deck, &new_deck, game);
    // A finding is the same on both sides whatever line it is on: the lines move as cards do.
    let same = |f: &Finding, g: &Finding| {
        (f.rule, f.severity, &f.message) == (g.rule, g.severity, &g.message)
    };
    let (was, is) = (&old.verdict.findings, &new.verdict.findings);
    let (gained, lost) = (only_in(is, was, same), only_in(was, is, same));
    Ok(DeckDiff {
        old,
        new,
        cards,
        gained,
        lost,
    })
}

#[cfg(test)]
mod tests;
