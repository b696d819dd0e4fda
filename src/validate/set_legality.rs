//! `set-legality`: only cards from the format's sets.

use super::finding::Finding;
use super::resolved::{Check, ResolvedDeck, RuleSite};
use super::rule_id::RuleId;
use crate::diagnostic::Problem;
use serde::{Deserialize, Serialize};

/// Only cards from these set codes.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SetLegality {
    pub sets: Vec<String>,
}

impl Check for SetLegality {
    fn check(&self, deck: &ResolvedDeck, out: &mut Vec<Finding>) {
        for l in &deck.lines {
            let card = deck.card(l.card);
            if self.sets.iter().any(|s| s == card.set()) {
                continue;
            }
            let (name, format) = (card.name(), deck.format_name);
            let message = format!("`{name}` is from set {}, not legal in {format}", card.set());
            let help = format!("{format} allows the sets {}", self.sets.join(", "));
            out.push(deck.at_line(Finding::new(RuleId::SetLegality, message).help(help), l));
        }
    }

    fn lint(&self, site: &RuleSite, out: &mut Vec<Problem>) {
        let codes: Vec<&str> = site.game.def.sets.iter().map(|s| s.code.as_str()).collect();
        for set in &self.sets {
            if !codes.contains(&set.as_str()) {
                out.push(site.unknown("set", set, &codes));
            }
        }
    }
}
