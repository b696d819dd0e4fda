//! Counts by zone, type, colour or attribute and set, and the curve.

use super::{Bar, Count, Curve, Resolved};
use crate::card_db::{Card, Game};

/// The zones the game deals from (the deck proper), or its default zone when it declares no
/// deal.
pub(super) fn dealt_zones(game: &Game) -> Vec<usize> {
    let zones = &game.def.zones;
    match &game.def.setup {
        Some(setup) => zones
            .iter()
            .enumerate()
            .filter(|(_, z)| setup.piles.iter().any(|p| p.zone == z.id))
            .map(|(i, _)| i)
            .collect(),
        None => zones.iter().position(|z| z.default).into_iter().collect(),
    }
}

/// Every card of the dealt zones with its copies.
fn dealt<'a>(
    deck: &'a Resolved,
    game: &'a Game,
    dealt: &'a [usize],
) -> impl Iterator<Item = (&'a Card, u32)> + 'a {
    deck.zones
        .iter()
        .filter(|z| dealt.contains(&z.zone))
        .flat_map(|z| &z.cards)
        .map(|&(card, n)| (&game.cards[card], n))
}

pub(super) fn zones(deck: &Resolved, game: &Game) -> Vec<Count> {
    deck.zones
        .iter()
        .map(|z| {
            let def = &game.def.zones[z.zone];
            Count {
                id: def.id.clone(),
                label: def.label().to_owned(),
                cards: z.total(),
            }
        })
        .collect()
}

/// Adds `n` to the count of `id`, keeping first-seen order.
fn add(counts: &mut Vec<Count>, id: &str, label: impl FnOnce() -> String, n: u32) {
    match counts.iter_mut().find(|c| c.id == id) {
        Some(c) => c.cards = c.cards.saturating_add(n),
        None => counts.push(Count {
            id: id.to_owned(),
            label: label(),
            cards: n,
        }),
    }
}

/// Puts counts in the order the game lists the values, unlisted ones last.
fn in_order(mut counts: Vec<Count>, order: &[&str]) -> Vec<Count> {
    counts.sort_by_key(|c| order.iter().position(|o| *o == c.id).unwrap_or(usize::MAX));
    counts
}

pub(super) fn types(deck: &Resolved, game: &Game, zones: &[usize]) -> Vec<Count> {
    let mut counts = Vec::new();
    for (card, n) in dealt(deck, game, zones) {
        add(&mut counts, card.kind(), || game.type_label(card.kind()), n);
    }
    let order: Vec<&str> = game.def.types.iter().map(|t| t.id.as_str()).collect();
    in_order(counts, &order)
}

/// Colours where the game has them, else attributes (a card with two attributes counts for
/// both, a multi-colour card as its game's `multicolour` says; one with none counts as `none`).
pub(super) fn colours(deck: &Resolved, game: &Game, zones: &[usize]) -> Vec<Count> {
    if game.def.colours.is_empty() && game.def.attributes.is_empty() {
        return Vec::new();
    }
    let mut counts = Vec::new();
    for (card, n) in dealt(deck, game, zones) {
        let mut any = false;
        for v in game.colour_buckets(card) {
            add(&mut counts, v, || capitalise(v), n);
            any = true;
        }
        if !any {
            add(&mut counts, "none", || "none".to_owned(), n);
        }
    }
    let order: Vec<&str> = game.colour_bucket_names().collect();
    in_order(counts, &order)
}

pub(super) fn sets(deck: &Resolved, game: &Game, zones: &[usize]) -> Vec<Count> {
    let mut counts = Vec::new();
    for (card, n) in dealt(deck, game, zones) {
        let name = || {
            game.def
                .sets
                .iter()
                .find(|s| s.code == card.set())
                .map_or_else(|| card.set().to_owned(), |s| s.name.clone())
        };
        add(&mut counts, card.set(), name, n);
    }
    let order: Vec<&str> = game.def.sets.iter().map(|s| s.code.as_str()).collect();
    in_order(counts, &order)
}

/// The widest curve drawn with a bar for every value in between.
const MAX_GAPLESS: i64 = 30;

pub(super) fn curve(deck: &Resolved, game: &Game, zones: &[usize]) -> Curve {
    let stat = game.def.curve.clone().unwrap_or_else(|| "cost".to_owned());
    // `db check` holds the curve stat to the game's; an unknown one gives an empty curve.
    let mut values: Vec<(i64, u32)> = Vec::new();
    let mut without = 0u32;
    for (card, n) in dealt(deck, game, zones) {
        match card.number(&stat) {
            Some(v) => values.push((v, n)),
            None => without = without.saturating_add(n),
        }
    }
    // Bars from 0 (or a negative lowest value) with the gaps, so curves of two decks line up;
    // only the values present when the range is too wide to draw.
    let mut present: Vec<i64> = values.iter().map(|&(v, _)| v).collect();
    present.sort_unstable();
    present.dedup();
    let axis: Vec<i64> = match (present.first(), present.last()) {
        (Some(&lo), Some(&hi)) if hi.saturating_sub(lo.min(0)) <= MAX_GAPLESS => {
            (lo.min(0)..=hi).collect()
        }
        _ => present,
    };
    let bars = axis
        .into_iter()
        .map(|value| Bar {
            value,
            cards: values
                .iter()
                .filter(|&&(v, _)| v == value)
                .map(|&(_, n)| n)
                .fold(0, u32::saturating_add),
        })
        .collect();
    let total: u64 = values.iter().map(|&(_, n)| u64::from(n)).sum();
    let weighted: i128 = values
        .iter()
        .map(|&(v, n)| i128::from(v) * i128::from(n))
        .sum();
    Curve {
        stat,
        bars,
        average: (total > 0).then(|| weighted as f64 / total as f64),
        without,
    }
}

fn capitalise(s: &str) -> String {
    let mut chars = s.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}
