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
        let game = deck.game;
        for l in deck.lines {
            // The ladder positions, lines and bases are numbers found once per game.
            let Some(step) = game.evolution_step(l.card) else {
                continue;
            };
            let present = match step.previous {
                None => {
                    (step.base).is_some_and(|b| deck.lines.iter().any(|o| o.card == b as usize))
                }
                Some(previous) => deck.lines.iter().any(|o| {
                    game.evolution_step(o.card)
                        .is_some_and(|s| s.line == step.line && s.level == previous)
                }),
            };
            if present {
                continue;
            }
            // Worded only for a finding: most decks hold every level they need.
            let card = deck.card(l.card);
            let Some(evo) = &card.evolution else { continue };
            let (evo, ladder) = (evo.get_ref(), &game.def.evolution_levels);
            let needed = match step.level {
                0 => format!("`{}`", evo.base),
                pos => format!("a level {} `{}` card", ladder[pos as usize - 1], evo.line),
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
