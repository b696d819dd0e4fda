//! Running a query over the card databases, and ordering what it finds (`--sort`).

use super::Query;
use crate::card_db::{Card, Game, StatFn, STATS};
use crate::catalog::Catalog;
use crate::date::Date;
use crate::names;
use std::cmp::Ordering;

/// A card found: its game and its index in that game's cards.
#[derive(Debug, Clone, Copy)]
pub struct Hit<'g> {
    pub game: &'g Game,
    pub card: usize,
}

impl<'g> Hit<'g> {
    pub fn card(&self) -> &'g Card {
        &self.game.cards[self.card]
    }
}

/// Every card of `games` the query matches, in database order (games by id).
pub fn find<'g>(query: &Query, games: &[&'g Game], catalog: &Catalog, date: Date) -> Vec<Hit<'g>> {
    let mut buf = String::new();
    let mut hits = Vec::new();
    for &game in games {
        let matcher = query.matcher(game, catalog, date);
        hits.extend(
            (0..game.cards.len())
                .filter(|&i| matcher.matches(i, &mut buf))
                .map(|card| Hit { game, card }),
        );
    }
    hits
}

/// What `--sort` orders by.
#[derive(Debug, Clone, Copy)]
pub enum SortKey {
    Name,
    Id,
    Set,
    Type,
    Game,
    Stat(StatFn),
}

impl SortKey {
    /// The key a `--sort` word names, or a help line with the closest one.
    pub fn named(name: &str) -> Result<SortKey, String> {
        let key = name.to_ascii_lowercase();
        Ok(match key.as_str() {
            "name" => SortKey::Name,
            "id" => SortKey::Id,
            "set" => SortKey::Set,
            "type" => SortKey::Type,
            "game" => SortKey::Game,
            _ => match Card::stat_of(&key) {
                Some(read) => SortKey::Stat(read),
                None => {
                    let all = ["name", "id", "set", "type", "game"]
                        .into_iter()
                        .chain(STATS.iter().copied());
                    return Err(match names::suggest(name, all.clone()) {
                        Some(s) => format!("did you mean `{s}`?"),
                        None => format!("sort by {}", all.collect::<Vec<_>>().join(", ")),
                    });
                }
            },
        })
    }
}

/// Sorts hits by `key`, reversed with `reverse`; ties by name, then id, always ascending.
/// Cards without a sorted stat come last either way, since "no cost" is not a low cost.
pub fn sort(hits: &mut [Hit], key: SortKey, reverse: bool) {
    let by_key = |a: &Hit, b: &Hit| -> Ordering {
        let (x, y) = (a.card(), b.card());
        let name = || names::key(x.name()).cmp(&names::key(y.name()));
        let primary = match key {
            SortKey::Name => name(),
            SortKey::Id => x.id().cmp(y.id()),
            SortKey::Set => x.set().cmp(y.set()),
            SortKey::Type => x.kind().cmp(y.kind()),
            SortKey::Game => a.game.id().cmp(b.game.id()),
            SortKey::Stat(read) => match (read(x), read(y)) {
                (Some(p), Some(q)) => p.cmp(&q),
                (Some(_), None) => return Ordering::Less,
                (None, Some(_)) => return Ordering::Greater,
                (None, None) => Ordering::Equal,
            },
        };
        let primary = if reverse { primary.reverse() } else { primary };
        primary.then_with(name).then_with(|| x.id().cmp(y.id()))
    };
    hits.sort_by(by_key);
}
