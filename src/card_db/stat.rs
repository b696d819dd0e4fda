//! A card's stats by the names its game declares (`[game.stats]` in `game.toml`), and the
//! numbers that search, sorting and the `stats` curve read by name, so a game added as data
//! with a stat of its own (`power`) is searched, sorted and shown by it.

use super::{Card, GameDef};
use toml::Spanned;

/// One stat of a card, as its card file gives it.
#[derive(Debug, Clone, PartialEq)]
pub struct CardStat {
    pub name: Spanned<super::CardStr>,
    pub value: Spanned<i64>,
}

/// The number every game may be asked for, stat or not: a card's cost, which for a card paid in
/// will (Force of Will: attribute icons plus a free cost) is its total will.
const COST: &str = "cost";

impl Card {
    /// The stat `name` as the card file gives it.
    pub fn stat(&self, name: &str) -> Option<i64> {
        self.stat_spanned(name).map(|v| *v.get_ref())
    }

    /// The stat `name` with where the card file gives it.
    pub fn stat_spanned(&self, name: &str) -> Option<&Spanned<i64>> {
        (self.stats.iter())
            .find(|s| s.name.get_ref() == name)
            .map(|s| &s.value)
    }

    /// The number a search term, a sort or the curve reads as `name`: the stat, except that a
    /// card with no `cost` stat but a will cost has that as its cost.
    pub fn number(&self, name: &str) -> Option<i64> {
        match self.stat(name) {
            None if name == COST => self.will_cost(),
            found => found,
        }
    }
}

impl GameDef {
    /// The names [`Card::number`] answers for this game's cards: its stats, and `cost` when
    /// its cards are paid in will.
    pub fn numbers(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self.stats.keys().map(String::as_str).collect();
        if !self.attributes.is_empty() && !names.contains(&COST) {
            names.push(COST);
            names.sort_unstable();
        }
        names
    }

    pub fn has_number(&self, name: &str) -> bool {
        self.stats.contains_key(name) || (name == COST && !self.attributes.is_empty())
    }
}
