//! The odds table: for each card of the dealt zones and each group, the chance of having seen
//! at least K copies by each turn, on the play and on the draw.

use super::odds::{Draw, LnFactorials};
use super::{Options, Resolved};
use crate::card_db::{Game, Pile};
use serde::Serialize;

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Odds {
    /// The chance of at least this many.
    pub at_least: u32,
    pub turns: u32,
    /// Both players take each turn together: on the play and on the draw are the same.
    pub simultaneous: bool,
    /// The piles dealt from, with their sizes in this deck.
    pub piles: Vec<PileSize>,
    pub rows: Vec<OddsRow>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct PileSize {
    pub zone: String,
    pub verb: String,
    pub cards: u32,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct OddsRow {
    /// The card's name, or the query of a group.
    pub label: String,
    /// `card` or `query`.
    pub kind: &'static str,
    /// Copies (of the group's cards, together) in the dealt piles.
    pub copies: u32,
    /// Turn 0 (the opening hand) to `turns`.
    pub by_turn: Vec<TurnOdds>,
}

#[derive(Debug, Clone, Copy, Serialize, PartialEq)]
pub struct TurnOdds {
    pub turn: u32,
    pub on_the_play: f64,
    pub on_the_draw: f64,
}

/// Probabilities are rounded to this many decimals, so the JSON is the same on every platform
/// whatever the last bits of `exp` and `ln`.
const DECIMALS: f64 = 1e6;

pub(super) fn odds(deck: &Resolved, game: &Game, options: &Options) -> Option<Odds> {
    let setup = game.def.setup.as_ref()?;
    let at_least = options.at_least.max(1);
    // Each pile's zone index and size, in the setup's order.
    let piles: Vec<(&Pile, Option<usize>, u32)> = setup
        .piles
        .iter()
        .map(|p| {
            let zone = game.def.zones.iter().position(|z| z.id == p.zone);
            let size = zone.and_then(|z| deck.zone(z)).map_or(0, |z| z.total());
            (p, zone, size)
        })
        .collect();
    let largest = piles
        .iter()
        .map(|&(_, _, n)| u64::from(n))
        .max()
        .unwrap_or(0);
    let table = LnFactorials::up_to(largest);
    // Copies of a set of cards in each pile.
    let hits_in = |wanted: &dyn Fn(usize) -> bool| -> Vec<u64> {
        piles
            .iter()
            .map(|&(_, zone, _)| {
                zone.and_then(|z| deck.zone(z)).map_or(0, |z| {
                    z.cards
                        .iter()
                        .filter(|&&(c, _)| wanted(c))
                        .map(|&(_, n)| u64::from(n))
                        .sum()
                })
            })
            .collect()
    };
    let row = |label: String, kind: &'static str, hits: Vec<u64>| {
        let by_turn = (0..=options.turns)
            .map(|turn| {
                let chance = |on_the_play: bool| {
                    let draws: Vec<Draw> = piles
                        .iter()
                        .zip(&hits)
                        .map(|(&(pile, _, size), &hits)| Draw {
                            size: u64::from(size),
                            hits,
                            taken: pile.taken_by(turn, on_the_play),
                        })
                        .collect();
                    (table.at_least(&draws, u64::from(at_least)) * DECIMALS).round() / DECIMALS
                };
                TurnOdds {
                    turn,
                    on_the_play: chance(true),
                    on_the_draw: chance(false),
                }
            })
            .collect();
        OddsRow {
            label,
            kind,
            copies: u32::try_from(hits.iter().sum::<u64>()).unwrap_or(u32::MAX),
            by_turn,
        }
    };
    let mut rows = Vec::new();
    for group in &options.groups {
        let hits = hits_in(&|c| group.cards.contains(&c));
        rows.push(row(group.query.clone(), "query", hits));
    }
    for &(_, zone, _) in &piles {
        for &(card, _) in zone
            .and_then(|z| deck.zone(z))
            .map_or(&[][..], |z| &z.cards)
        {
            let hits = hits_in(&|c| c == card);
            rows.push(row(game.cards[card].name().to_owned(), "card", hits));
        }
    }
    Some(Odds {
        at_least,
        turns: options.turns,
        simultaneous: setup.simultaneous,
        piles: piles
            .iter()
            .map(|&(p, _, cards)| PileSize {
                zone: p.zone.clone(),
                verb: p.verb.clone(),
                cards,
            })
            .collect(),
        rows,
    })
}
