//! A deck list resolved against its game: card indices and counts per game zone, each card once
//! per zone, in the order the list first names it.

use crate::card_db::Game;
use crate::deck::Deck;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Resolved {
    pub zones: Vec<ResolvedZone>,
    /// Names of the cards the database does not know, as written.
    pub unknown: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResolvedZone {
    /// Index into the game's zones.
    pub zone: usize,
    /// (card index, copies), each card once.
    pub cards: Vec<(usize, u32)>,
}

impl ResolvedZone {
    pub fn total(&self) -> u32 {
        self.cards
            .iter()
            .map(|&(_, n)| n)
            .fold(0, u32::saturating_add)
    }
}

impl Resolved {
    /// The cards of one game zone, if the deck has it.
    pub fn zone(&self, zone: usize) -> Option<&ResolvedZone> {
        self.zones.iter().find(|z| z.zone == zone)
    }
}

/// Resolves every line it can. A zone the game does not have (a `maybe` zone of cards under
/// consideration, a misspelt header) is left out: `validate` is where such problems are told.
pub fn resolve(deck: &Deck, game: &Game) -> Resolved {
    let mut out = Resolved::default();
    let mut buf = String::new();
    for zone in &deck.zones {
        let Some(index) = zone.index_in(game, &mut buf) else {
            continue;
        };
        let at = match out.zones.iter().position(|z| z.zone == index) {
            Some(at) => at,
            None => {
                out.zones.push(ResolvedZone {
                    zone: index,
                    cards: Vec::new(),
                });
                out.zones.len() - 1
            }
        };
        for entry in &zone.entries {
            let Some(card) = game.find_line(entry.id.as_deref(), &entry.card, &mut buf) else {
                out.unknown.push(entry.card.to_string());
                continue;
            };
            let cards = &mut out.zones[at].cards;
            match cards.iter_mut().find(|(c, _)| *c == card) {
                Some((_, n)) => *n = n.saturating_add(entry.count),
                None => cards.push((card, entry.count)),
            }
        }
    }
    out.zones.sort_by_key(|z| z.zone);
    out
}
