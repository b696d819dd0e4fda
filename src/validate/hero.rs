//! `hero`: exactly `count` cards in the zone of the Hero (J Force) or ruler (Force of Will).
//! It reports that zone's size itself, in better words than `deck-size`, and in the game's
//! own: the zone's label (`Leader`, `Ruler`).

use super::finding::Finding;
use super::resolved::{plural, Check, Line, ResolvedDeck, RuleSite};
use super::rule_id::RuleId;
use crate::diagnostic::Problem;
use serde::{Deserialize, Serialize};

/// Exactly `count` cards of the zone's type in `zone` (one Hero, one ruler).
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Hero {
    pub zone: String,
    #[serde(default = "one")]
    pub count: u32,
}

fn one() -> u32 {
    1
}

impl Check for Hero {
    fn claims_zone(&self, zone: &str) -> bool {
        zone == self.zone
    }

    fn check(&self, deck: &ResolvedDeck, out: &mut Vec<Finding>) {
        let (zone, count) = (self.zone.as_str(), self.count);
        let Some(zone_index) = deck.zone_index(zone) else {
            return;
        };
        // The game's own word for the card: the zone's label (`Leader`, `Ruler`, `Hero`).
        let what = deck.zone_label(zone_index);
        // Only cards of the zone's types are counted: a card of another type there is
        // `zone-type`'s to report, and it neither makes a second Hero nor leaves the slot
        // empty.
        let of_type = |l: &&Line| l.zone == zone_index && deck.game.zone_holds(zone_index, l.card);
        let typed = deck.typed_totals[zone_index];
        let all = deck.zone_totals[zone_index];
        if typed == count || (typed < count && all >= count) {
            return;
        }
        let total = typed;
        let in_zone: Vec<&Line> = deck.lines.iter().filter(of_type).collect();
        let message = format!("the deck has {total} {what} cards; it needs exactly {count}");
        let mut f = Finding::new(RuleId::Hero, message)
            .help(if total < count {
                format!(
                    "add a `{what}:` section with {count} {what} card{}",
                    plural(count)
                )
            } else {
                format!("keep exactly {count} under `{what}:`")
            })
            .zone(zone);
        match in_zone.split_last() {
            Some((last, others)) => {
                f = f.at(deck.entry(last)).card(deck.card(last.card).name());
                for other in others {
                    if let Some(span) = &deck.entry(other).span {
                        f.related.push((span.clone(), format!("{what} here too")));
                    }
                }
            }
            None => f = f.at_header(deck.header(zone_index)),
        }
        out.push(f);
    }

    fn lint(&self, site: &RuleSite, out: &mut Vec<Problem>) {
        site.zone(&self.zone, out);
    }
}
