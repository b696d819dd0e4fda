//! `deck-size`: each zone holds the number of cards the format's zone table asks for; a zone
//! the table leaves out holds none.

use super::finding::Finding;
use super::resolved::{Check, ResolvedDeck, RuleSite};
use super::rule_id::RuleId;
use super::Id;
use crate::card_db::{Game, ZoneDef};
use crate::diagnostic::Problem;
use crate::validate::format::{Format, ZoneLimit};
use compact_str::ToCompactString;
use std::collections::BTreeMap;
use std::ops::Range;

/// Per game zone (by index), what the format asks of it: found once per format, not per deck.
pub(crate) struct DeckSize(pub Vec<ZoneSize>);

pub(crate) struct ZoneSize {
    /// The zone's id, as the verdict names it.
    pub id: Id,
    /// `None`: the format leaves the zone out, so it may hold no card.
    pub limit: Option<ZoneLimit>,
    /// The limit as the verdict words it (`40`, `40–60`, `≤ 15`).
    pub worded: Option<Id>,
}

impl DeckSize {
    pub fn new(format: &Format, game: &Game) -> DeckSize {
        let zone = |z: &ZoneDef| {
            let limit = format.zones.get(&z.id).copied();
            ZoneSize {
                id: Id::new(&z.id),
                limit,
                worded: limit.as_ref().and_then(describe_limit),
            }
        };
        DeckSize(game.def.zones.iter().map(zone).collect())
    }

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

impl Check for DeckSize {
    fn check(&self, deck: &ResolvedDeck, out: &mut Vec<Finding>) {
        let format = deck.format_name;
        for (i, (def, size)) in deck.game.def.zones.iter().zip(&self.0).enumerate() {
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
            let Some(limit) = &size.limit else {
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

/// The size a format asks of a zone, as the verdict words it. Numbers are written without
/// the formatting machinery: a format prepared per deck (`validate DECK`) words them each time.
fn describe_limit(limit: &ZoneLimit) -> Option<Id> {
    let n = |n: u32| n.to_compact_string();
    match (limit.exact, limit.min, limit.max) {
        (Some(e), _, _) => Some(n(e)),
        (None, Some(lo), Some(hi)) => Some(n(lo) + "–" + &n(hi)),
        (None, Some(lo), None) => Some(Id::new("≥ ") + &n(lo)),
        (None, None, Some(hi)) => Some(Id::new("≤ ") + &n(hi)),
        (None, None, None) => None,
    }
}
