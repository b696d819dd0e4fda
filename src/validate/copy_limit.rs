//! `copy-limit`: at most `max` copies of a card name. It counts the cards no other rule claims.

use super::finding::Finding;
use super::resolved::{Check, Line, ResolvedDeck, RuleSite};
use super::rule_id::RuleId;
use crate::card_db::Game;
use crate::diagnostic::Problem;
use serde::{Deserialize, Serialize};

/// Rank in the pre-pass that gives each card to one rule (see `Check::claim`).
const RANK: u8 = 3;

/// At most `max` copies of a card name, counted across `zones` (all zones when empty).
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct CopyLimit {
    pub max: u32,
    #[serde(default)]
    pub zones: Vec<String>,
    /// Basic cards (basic magic stones) are not limited.
    #[serde(default)]
    pub exempt_basic: bool,
    /// Per-card exceptions.
    #[serde(default)]
    pub overrides: Vec<CopyOverride>,
}

#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct CopyOverride {
    pub card: String,
    /// A number, or `"any"` for no limit.
    pub max: CopyMax,
}

#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq, schemars::JsonSchema)]
#[serde(untagged)]
pub enum CopyMax {
    Count(u32),
    Any(AnyWord),
}

#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum AnyWord {
    Any,
}

impl CopyLimit {
    pub(crate) fn prepare(&self, game: &Game) -> PreparedCopyLimit<'_> {
        let zone = |id: &String| game.def.zones.iter().position(|z| z.id == *id);
        PreparedCopyLimit {
            rule: self,
            zones: self.zones.iter().filter_map(zone).collect(),
            overrides: (self.overrides.iter())
                .filter_map(|o| Some((game.find(&o.card)?, o.max)))
                .collect(),
        }
    }

    pub(crate) fn lint(&self, site: &RuleSite, out: &mut Vec<Problem>) {
        for z in &self.zones {
            site.zone(z, out);
        }
        for o in &self.overrides {
            site.card(&o.card, None, out);
            if o.max == CopyMax::Count(0) {
                out.push(
                    site.problem(
                        format!("override for `{}` allows 0 copies", o.card),
                        "max = 0",
                    )
                    .help("ban the card in a revision instead"),
                );
            }
        }
    }
}

/// A `copy-limit` made ready for its game: the zones it counts and the cards it makes
/// exceptions for, found once per format (a deck used to look each up by name).
pub(crate) struct PreparedCopyLimit<'f> {
    rule: &'f CopyLimit,
    zones: Vec<usize>,
    overrides: Vec<(usize, CopyMax)>,
}

impl PreparedCopyLimit<'_> {
    /// The finding for a card with more copies than `allowed`, unless it is an exempt basic
    /// card. Kept apart from the walk over the cards, which then stays small enough to be
    /// compiled into it: most cards are within the limit.
    #[cold]
    fn over(
        &self,
        deck: &ResolvedDeck,
        card_index: usize,
        (count, allowed): (u32, u32),
        last: &Line,
        out: &mut Vec<Finding>,
    ) {
        let card = deck.card(card_index);
        if self.rule.exempt_basic && card.basic {
            return;
        }
        let message = format!(
            "{count} copies of `{}`; {} allows {allowed}",
            card.name(),
            deck.format_name
        );
        out.push(deck.too_many(RuleId::CopyLimit, message, count - allowed, last));
    }
}

impl Check for PreparedCopyLimit<'_> {
    fn claims_cards(&self) -> bool {
        true
    }

    fn claim(&self, _game: &Game, _card: usize) -> Option<u8> {
        Some(RANK)
    }

    fn check(&self, deck: &ResolvedDeck, out: &mut Vec<Finding>) {
        deck.totals(RANK, &self.zones, |card_index, count, last| {
            let allowed = match self.overrides.iter().find(|(c, _)| *c == card_index) {
                Some((_, CopyMax::Any(_))) => return,
                Some(&(_, CopyMax::Count(n))) => n,
                None => self.rule.max,
            };
            if count > allowed {
                self.over(deck, card_index, (count, allowed), last, out);
            }
        });
    }
}
