//! `limited`: no more copies of a limited card than the revision in force allows. Limited
//! cards are claimed after banned ones and before Legendary ones.

use super::finding::Finding;
use super::resolved::{Check, ResolvedDeck, RuleSite};
use super::rule_id::RuleId;
use crate::card_db::Game;
use crate::diagnostic::Problem;
use std::collections::BTreeMap;
use toml::Spanned;

/// Rank in the pre-pass that gives each card to one rule (see `Check::claim`).
const RANK: u8 = 1;

/// The limited cards, resolved, with the most copies each allows.
pub(crate) struct Limited(pub Vec<(usize, u32)>);

impl Limited {
    pub fn new(list: &BTreeMap<Spanned<String>, u32>, game: &Game) -> Limited {
        Limited(
            (list.iter())
                .filter_map(|(n, &max)| Some((game.find(n.get_ref())?, max)))
                .collect(),
        )
    }

    pub fn lint(list: &BTreeMap<Spanned<String>, u32>, site: &RuleSite, out: &mut Vec<Problem>) {
        for card in list.keys() {
            site.card(card.get_ref(), Some(card.span()), out);
        }
    }
}

impl Check for Limited {
    fn claims_cards(&self) -> bool {
        !self.0.is_empty()
    }

    fn claim(&self, _game: &Game, card: usize) -> Option<u8> {
        self.0.iter().any(|(c, _)| *c == card).then_some(RANK)
    }

    fn check(&self, deck: &ResolvedDeck, out: &mut Vec<Finding>) {
        if self.0.is_empty() {
            return; // most revisions limit nothing: no card to count
        }
        deck.totals(RANK, &[], |card_index, count, last| {
            let Some(&(_, max)) = self.0.iter().find(|(c, _)| *c == card_index) else {
                return;
            };
            if count > max {
                let message = format!(
                    "{count} copies of `{}`, which {} limits to {max}",
                    deck.card(card_index).name(),
                    deck.format_name
                );
                out.push(deck.too_many(RuleId::Limited, message, count - max, last));
            }
        });
    }
}
