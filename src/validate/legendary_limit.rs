//! `legendary-limit`: at most `max` copies of each Legendary card. It claims the Legendary
//! cards the ban lists leave, so `copy-limit` does not count them too.

use super::finding::Finding;
use super::resolved::{Check, ResolvedDeck};
use super::rule_id::RuleId;
use crate::card_db::Game;
use serde::{Deserialize, Serialize};

/// Rank in the pre-pass that gives each card to one rule (see `Check::claim`).
const RANK: u8 = 2;

/// At most `max` copies of each Legendary card.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct LegendaryLimit {
    pub max: u32,
}

impl Check for LegendaryLimit {
    fn claims_cards(&self) -> bool {
        true
    }

    fn claim(&self, game: &Game, card: usize) -> Option<u8> {
        game.is_legendary_at(card).then_some(RANK)
    }

    fn check(&self, deck: &ResolvedDeck, out: &mut Vec<Finding>) {
        let max = self.max;
        deck.totals(RANK, &[], |card_index, count, last| {
            if count > max {
                let name = deck.card(card_index).name();
                let message =
                    format!("{count} copies of Legendary `{name}`; a deck may hold {max}");
                out.push(deck.too_many(RuleId::LegendaryLimit, message, count - max, last));
            }
        });
    }
}
