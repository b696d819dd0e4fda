//! `deck-size`: each zone holds the number of cards the format's zone table asks for; a zone
//! the table leaves out holds none.

use super::finding::Finding;
use super::resolved::{Check, ResolvedDeck, RuleSite};
use super::rule_id::RuleId;
use crate::diagnostic::Problem;
use crate::validate::format::ZoneLimit;
use std::collections::BTreeMap;
use std::ops::Range;

pub(crate) struct DeckSize<'a>(pub &'a BTreeMap<String, ZoneLimit>);

impl DeckSize<'_> {
    /// Each zone the format's own file sizes must exist; the problem points at its name.
    pub fn lint(zones: &BTreeMap<String, Range<usize>>, site: &RuleSite, out: &mut Vec<Problem>) {
        for (zone, span) in zones {
            let at = RuleSite {
                span: span.clone(),
                ..*site
            };
            at.zone(zone, out);
        }
    }
}

impl Check for DeckSize<'_> {
    fn check(&self, deck: &ResolvedDeck, out: &mut Vec<Finding>) {
        let format = deck.format_name;
        for (i, def) in deck.game.def.zones.iter().enumerate() {
            let total = deck.zone_totals[i];
            let label = deck.zone_label(i);
            let mut finding = |message: String, help: String| {
                out.push(
                    Finding::new(RuleId::DeckSize, message)
                        .help(help)
                        .zone(&def.id)
                        .at_header(deck.header(i)),
                );
            };
            let Some(limit) = self.0.get(&def.id) else {
                if total > 0 {
                    finding(
                        format!(
                            "{format} has no {label} zone, but the deck puts {total} cards there"
                        ),
                        format!("remove the `{label}:` section"),
                    );
                }
                continue;
            };
            if deck.claimed_zones.contains(&i) {
                continue; // another rule (`hero`) reports this zone, with better words
            }
            let (min, max) = match (limit.exact, limit.min, limit.max) {
                (Some(e), _, _) => (e, e),
                (None, min, max) => (min.unwrap_or(0), max.unwrap_or(u32::MAX)),
            };
            // Worded only for a finding.
            let wanted = || match (limit.exact, min, max) {
                (Some(e), _, _) => format!("exactly {e}"),
                (None, lo, u32::MAX) => format!("at least {lo}"),
                (None, 0, hi) => format!("at most {hi}"),
                (None, lo, hi) => format!("{lo} to {hi}"),
            };
            if total < min {
                finding(
                    format!("{label} has {total} cards; {format} needs {}", wanted()),
                    format!("add {}", cards(min - total)),
                );
            } else if total > max {
                finding(
                    format!("{label} has {total} cards; {format} allows {}", wanted()),
                    format!("remove {}", cards(total - max)),
                );
            }
        }
    }
}

fn cards(n: u32) -> String {
    if n == 1 {
        "1 card".into()
    } else {
        format!("{n} cards")
    }
}
