//! A deck's numbers (`decksmith stats`): counts by zone, type, colour or attribute and set, the
//! curve, where the deck stands against its format's count requirements, and exact draw odds
//! following the game's deal (`[game.setup]`). Everything is computed from the game and format
//! data, so a game added as data alone gets all of it.
//!
//! The result is a plain serialisable value: its JSON is a documented contract
//! (docs/stats.md), and the terminal and SVG renderings only read it.

mod counts;
pub mod odds;
mod resolve;
mod standing;
mod table;
pub mod wilson;

pub use resolve::{resolve, Resolved, ResolvedZone};
pub use standing::Requirement;
pub use table::{Odds, OddsRow, TurnOdds};

use crate::card_db::Game;
use crate::validate::format::Format;
use serde::Serialize;

/// What to compute odds for, besides each card.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Odds up to this turn (0: the opening hand only).
    pub turns: u32,
    /// The odds of at least this many (1 when 0 is given).
    pub at_least: u32,
    /// Groups of cards (`--odds QUERY`), by index into the game's cards.
    pub groups: Vec<Group>,
}

#[derive(Debug, Clone)]
pub struct Group {
    /// The query as the user wrote it.
    pub query: String,
    pub cards: Vec<usize>,
}

/// Everything `stats` reports about one deck.
#[derive(Debug, Clone, Serialize)]
pub struct Stats {
    pub format: String,
    pub game: String,
    /// Cards in every zone the format counts.
    pub cards: u32,
    pub zones: Vec<Count>,
    /// Cards by type, colour or attribute and set, over the zones that are dealt (the deck
    /// proper: not a Hero, ruler or side deck).
    pub types: Vec<Count>,
    /// `colour` or `attribute`: what [`Stats::colours`] counts.
    pub colour_kind: &'static str,
    pub colours: Vec<Count>,
    pub sets: Vec<Count>,
    pub curve: Curve,
    pub requirements: Vec<Requirement>,
    /// Absent when the game declares no deal (`[game.setup]`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub odds: Option<Odds>,
    /// Deck lines whose card the database does not know; they are left out of every number.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unknown: Vec<String>,
}

/// How many cards have one value of something (a zone, a type, a colour, a set).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Count {
    pub id: String,
    pub label: String,
    pub cards: u32,
}

/// Cards per value of one stat (`cost`; `value` in the red/blue/green duel).
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Curve {
    pub stat: String,
    /// One bar per value from the lowest to the highest, gaps included.
    pub bars: Vec<Bar>,
    /// Mean over the cards that have the stat.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub average: Option<f64>,
    /// Cards without the stat (magic stones, most Heroes).
    pub without: u32,
}

#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
pub struct Bar {
    pub value: i64,
    pub cards: u32,
}

/// Computes a deck's numbers. `deck` must be resolved against `game`, the game of `format`.
pub fn compute(deck: &Resolved, game: &Game, format: &Format, options: &Options) -> Stats {
    let dealt = counts::dealt_zones(game);
    Stats {
        format: format.id.clone(),
        game: game.id().to_owned(),
        cards: deck.zones.iter().map(ResolvedZone::total).sum(),
        zones: counts::zones(deck, game),
        types: counts::types(deck, game, &dealt),
        colour_kind: if game.def.colours.is_empty() && !game.def.attributes.is_empty() {
            "attribute"
        } else {
            "colour"
        },
        colours: counts::colours(deck, game, &dealt),
        sets: counts::sets(deck, game, &dealt),
        curve: counts::curve(deck, game, &dealt),
        requirements: standing::requirements(deck, game, format),
        odds: table::odds(deck, game, options),
        unknown: deck.unknown.clone(),
    }
}

#[cfg(test)]
pub(crate) mod tests;
