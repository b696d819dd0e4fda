//! `evolution` (a warning): an evolution level whose previous level the deck lacks can never
//! be played.

use super::finding::Finding;
use super::resolved::{Check, ResolvedDeck};
use super::rule_id::RuleId;
use serde::{Deserialize, Serialize};

/// Warn when an evolution level's previous level is missing from the deck.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Evolution {}

impl Check for Evolution {
    fn check(&self, deck: &ResolvedDeck, out: &mut Vec<Finding>) {
        let ladder = &deck.game.def.evolution_levels;
        for l in deck.lines {
            let card = deck.card(l.card);
            let Some(evo) = &card.evolution else { continue };
            let evo = evo.get_ref();
            let Some(pos) = ladder.iter().position(|x| *x == evo.level) else {
                continue;
            };
            let present = if pos == 0 {
                let base = deck.game.find(&evo.base);
                deck.lines.iter().any(|o| Some(o.card) == base)
            } else {
                let prev = &ladder[pos - 1];
                deck.lines.iter().any(|o| {
                    (deck.card(o.card).evolution.as_ref())
                        .is_some_and(|e| e.get_ref().line == evo.line && &e.get_ref().level == prev)
                })
            };
            if !present {
                // Worded only for a finding: most decks hold every level they need.
                let needed = match pos {
                    0 => format!("`{}`", evo.base),
                    _ => format!("a level {} `{}` card", ladder[pos - 1], evo.line),
                };
                let message = format!(
                    "`{}` (level {}) needs {needed} in play first, and the deck has none",
                    card.name(),
                    evo.level
                );
                let help = format!("add {needed}, or this card can never be played");
                out.push(deck.at_line(Finding::new(RuleId::Evolution, message).help(help), l));
            }
        }
    }
}
