//! A card's numeric stats by the names the games use (`cost`, `attack`, `atk`, `value`), so
//! search terms, sorting and the `stats` curve are driven by names from the game data.

use super::Card;
use toml::Spanned;

/// Every numeric stat a card can have, by its name in card files and queries.
pub const STATS: &[&str] = &["cost", "attack", "hp", "atk", "def", "free-cost", "value"];

/// Reads one stat of a card.
pub type StatFn = fn(&Card) -> Option<i64>;

fn get(s: &Option<Spanned<i64>>) -> Option<i64> {
    s.as_ref().map(|v| *v.get_ref())
}

impl Card {
    /// The reader of the stat called `name`, looked up once so a search over many cards
    /// compares no strings per card. `cost` is a J Force card's Charge cost or a Force of
    /// Will card's total will cost.
    pub fn stat_of(name: &str) -> Option<StatFn> {
        Some(match name {
            "cost" => |c: &Card| c.cost().or_else(|| c.will_cost()),
            "attack" => |c: &Card| get(&c.attack),
            "hp" => |c: &Card| get(&c.hp),
            "atk" => |c: &Card| get(&c.atk),
            "def" => |c: &Card| get(&c.def),
            "free-cost" => |c: &Card| get(&c.free_cost),
            "value" => |c: &Card| get(&c.value),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_stat_has_a_reader() {
        for name in STATS {
            assert!(Card::stat_of(name).is_some(), "{name}");
        }
        assert!(Card::stat_of("colour").is_none());
    }
}
