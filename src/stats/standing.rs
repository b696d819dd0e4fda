//! Where a deck stands against its format's count requirements: zone sizes, the Hero or ruler,
//! colour minimums and ratios (`Red 14 / 15: 1 short`, `ratio 15:10:5 ✓`).

use super::Resolved;
use crate::card_db::Game;
use crate::validate::format::Format;
use crate::validate::{ColourMinimum, ColourRatio, Hero, Rule};
use serde::Serialize;
use std::collections::BTreeMap;

/// One count requirement and the deck's standing. The `rule` tag is the validate rule id that
/// reports a deck breaking it.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(tag = "rule", rename_all = "kebab-case")]
pub enum Requirement {
    DeckSize {
        zone: String,
        label: String,
        cards: u32,
        #[serde(skip_serializing_if = "Option::is_none")]
        min: Option<u32>,
        #[serde(skip_serializing_if = "Option::is_none")]
        max: Option<u32>,
        met: bool,
    },
    Hero {
        zone: String,
        label: String,
        cards: u32,
        need: u32,
        met: bool,
    },
    ColourMinimum {
        colour: String,
        cards: u32,
        need: u32,
        met: bool,
    },
    ColourRatio {
        /// In the game's colour order.
        colours: Vec<String>,
        cards: Vec<u32>,
        ratio: Vec<u32>,
        met: bool,
    },
}

impl Requirement {
    pub fn met(&self) -> bool {
        match self {
            Requirement::DeckSize { met, .. }
            | Requirement::Hero { met, .. }
            | Requirement::ColourMinimum { met, .. }
            | Requirement::ColourRatio { met, .. } => *met,
        }
    }
}

pub(super) fn requirements(deck: &Resolved, game: &Game, format: &Format) -> Vec<Requirement> {
    let zone_cards = |id: &str| {
        game.def
            .zones
            .iter()
            .position(|z| z.id == id)
            .and_then(|i| deck.zone(i))
            .map_or(0, |z| z.total())
    };
    let label = |id: &str| game.zone(id).map_or(id, |z| z.label()).to_owned();
    let hero_zones: Vec<&str> = format
        .rules
        .iter()
        .filter_map(|r| match &r.rule {
            Rule::Hero(Hero { zone, .. }) => Some(zone.as_str()),
            _ => None,
        })
        .collect();
    let mut out = Vec::new();
    // Zone sizes in the game's zone order; the Hero's zone is the `hero` rule's, as in validate.
    for zone in &game.def.zones {
        let Some(limit) = format.zones.get(&zone.id) else {
            continue;
        };
        if hero_zones.contains(&zone.id.as_str()) {
            continue;
        }
        let cards = zone_cards(&zone.id);
        let (min, max) = match limit.exact {
            Some(n) => (Some(n), Some(n)),
            None => (limit.min.filter(|&m| m > 0), limit.max),
        };
        out.push(Requirement::DeckSize {
            zone: zone.id.clone(),
            label: label(&zone.id),
            cards,
            min,
            max,
            met: min.is_none_or(|m| cards >= m) && max.is_none_or(|m| cards <= m),
        });
    }
    for rule in &format.rules {
        match &rule.rule {
            Rule::Hero(Hero { zone, count }) => {
                // Only cards of the zone's type are Heroes, as `hero` counts them in validate:
                // a card of another type there is a `zone-type` mistake, not a second Hero.
                let index = game.def.zones.iter().position(|z| z.id == *zone);
                let cards = index
                    .and_then(|i| Some((i, deck.zone(i)?)))
                    .map_or(0, |(i, z)| {
                        (z.cards.iter())
                            .filter(|&&(card, _)| game.zone_holds(i, card))
                            .map(|&(_, n)| n)
                            .sum()
                    });
                out.push(Requirement::Hero {
                    zone: zone.clone(),
                    label: label(zone),
                    cards,
                    need: *count,
                    met: cards == *count,
                });
            }
            Rule::ColourMinimum(ColourMinimum { zone, minimum }) => {
                let counts = colour_counts(deck, game, zone);
                for (colour, need) in ordered(game, minimum) {
                    let cards = counts.get(colour.as_str()).copied().unwrap_or(0);
                    out.push(Requirement::ColourMinimum {
                        colour,
                        cards,
                        need,
                        met: cards >= need,
                    });
                }
            }
            Rule::ColourRatio(ColourRatio { zone, ratio }) => {
                let counts = colour_counts(deck, game, zone);
                let (colours, ratio): (Vec<String>, Vec<u32>) =
                    ordered(game, ratio).into_iter().unzip();
                let cards: Vec<u32> = colours
                    .iter()
                    .map(|c| counts.get(c.as_str()).copied().unwrap_or(0))
                    .collect();
                let met = proportional(&cards, &ratio);
                out.push(Requirement::ColourRatio {
                    colours,
                    cards,
                    ratio,
                    met,
                });
            }
            _ => {}
        }
    }
    out
}

/// A rule's colour map in the game's colour order (unlisted colours last, by name).
fn ordered(game: &Game, map: &BTreeMap<String, u32>) -> Vec<(String, u32)> {
    let mut v: Vec<(String, u32)> = map.iter().map(|(c, &n)| (c.clone(), n)).collect();
    let order: Vec<&str> = game.colour_bucket_names().collect();
    v.sort_by_key(|(c, _)| order.iter().position(|g| g == c).unwrap_or(usize::MAX));
    v
}

fn colour_counts<'g>(deck: &Resolved, game: &'g Game, zone: &str) -> BTreeMap<&'g str, u32> {
    let mut counts = BTreeMap::new();
    let Some(index) = game.def.zones.iter().position(|z| z.id == zone) else {
        return counts;
    };
    for &(card, n) in deck.zone(index).map_or(&[][..], |z| &z.cards) {
        for c in game.colour_buckets(&game.cards[card]) {
            *counts.entry(c).or_insert(0) += n;
        }
    }
    counts
}

/// Counts in exactly the ratio, a whole multiple of it (15:10:5 and 18:12:6 pass 3:2:1), as
/// validate's `colour-ratio` rule reads it (SK-A12 (a)); a ratio with a zero part checks nothing.
fn proportional(cards: &[u32], ratio: &[u32]) -> bool {
    if ratio.is_empty() || ratio.contains(&0) {
        return true;
    }
    // u64: ratio parts come from a format file and may be huge; products must not wrap.
    let k = u64::from(cards[0]) / u64::from(ratio[0]);
    k > 0
        && cards
            .iter()
            .zip(ratio)
            .all(|(&c, &r)| u64::from(c) == u64::from(r) * k)
}
