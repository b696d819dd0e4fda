//! Running a query over the card databases, and ordering what it finds (`--sort`).

use super::Query;
use crate::card_db::{Card, Game};
use crate::catalog::Catalog;
use crate::collection::Have;
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
    find_having(query, games, catalog, date, None)
}

/// [`find`] with the collection `owned` counts in.
pub fn find_having<'g>(
    query: &Query,
    games: &[&'g Game],
    catalog: &Catalog,
    date: Date,
    have: Option<&Have>,
) -> Vec<Hit<'g>> {
    let mut buf = String::new();
    let mut hits = Vec::new();
    for &game in games {
        let owned = (have.and_then(|h| h.owned(game.id())))
            .map_or_else(Vec::new, |o| o.per_card(game.cards.len()));
        let matcher = query.matcher(game, catalog, date, &owned);
        hits.extend(
            (0..game.cards.len())
                .filter(|&i| matcher.matches(i, &mut buf))
                .map(|card| Hit { game, card }),
        );
    }
    hits
}

/// What `--sort` orders by.
#[derive(Debug, Clone)]
pub enum SortKey {
    Name,
    Id,
    Set,
    Type,
    Game,
    /// Any other word: a stat of the games searched ([`SortKey::check`]).
    Stat(String),
}

/// The keys that are not stats.
const KEYS: &[&str] = &["name", "id", "set", "type", "game"];

impl SortKey {
    /// The key a `--sort` word names; a word that is no key is a stat.
    pub fn named(name: &str) -> SortKey {
        let key = name.to_ascii_lowercase();
        match key.as_str() {
            "name" => SortKey::Name,
            "id" => SortKey::Id,
            "set" => SortKey::Set,
            "type" => SortKey::Type,
            "game" => SortKey::Game,
            _ => SortKey::Stat(key),
        }
    }

    /// A stat key must be a stat of one of `games`; the error is a help line with the closest
    /// key or the list.
    pub fn check(&self, games: &[&Game]) -> Result<(), String> {
        let SortKey::Stat(stat) = self else {
            return Ok(());
        };
        if games.iter().any(|g| g.def.has_number(stat)) {
            return Ok(());
        }
        let mut stats: Vec<&str> = games.iter().flat_map(|g| g.def.numbers()).collect();
        stats.sort_unstable();
        stats.dedup();
        let all = KEYS.iter().copied().chain(stats.iter().copied());
        Err(match names::suggest(stat, all) {
            Some(s) => format!("did you mean `{s}`?"),
            None => format!(
                "sort by {}, or a stat: {}",
                KEYS.join(", "),
                stats.join(", ")
            ),
        })
    }
}

/// Sorts hits by `key`, reversed with `reverse`; ties by name, then id, always ascending.
/// Cards without a sorted stat come last either way, since "no cost" is not a low cost.
pub fn sort(hits: &mut [Hit], key: &SortKey, reverse: bool) {
    let by_key = |a: &Hit, b: &Hit| -> Ordering {
        let (x, y) = (a.card(), b.card());
        let name = || names::key(x.name()).cmp(&names::key(y.name()));
        let primary = match key {
            SortKey::Name => name(),
            SortKey::Id => x.id().cmp(y.id()),
            SortKey::Set => x.set().cmp(y.set()),
            SortKey::Type => x.kind().cmp(y.kind()),
            SortKey::Game => a.game.id().cmp(b.game.id()),
            SortKey::Stat(stat) => match (x.number(stat), y.number(stat)) {
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
