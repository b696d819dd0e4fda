//! `colour-minimum`: at least so many cards of each colour in a zone.

use super::finding::Finding;
use super::resolved::{plural, title, Check, ResolvedDeck, RuleSite};
use super::rule_id::RuleId;
use crate::diagnostic::Problem;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// At least so many cards of each colour in `zone`.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ColourMinimum {
    pub zone: String,
    pub minimum: BTreeMap<String, u32>,
}

impl Check for ColourMinimum {
    fn check(&self, deck: &ResolvedDeck, out: &mut Vec<Finding>) {
        let Some(z) = deck.zone_index(&self.zone) else {
            return;
        };
        let counts = deck.colour_counts(z);
        for (colour, &min) in &self.minimum {
            let have = counts.get(colour.as_str()).copied().unwrap_or(0);
            if have < min {
                let name = title(colour);
                let message = format!(
                    "{have} {name} cards; {} needs at least {min}",
                    deck.format_name
                );
                out.push(
                    Finding::new(RuleId::ColourMinimum, message)
                        .help(format!(
                            "add {} {name} card{}",
                            min - have,
                            plural(min - have)
                        ))
                        .zone(&self.zone)
                        .at_header(deck.header(z)),
                );
            }
        }
    }

    fn lint(&self, site: &RuleSite, out: &mut Vec<Problem>) {
        lint_colours(&self.zone, &self.minimum, site, out);
    }
}

/// The zone and colours a colour rule names must exist.
pub(crate) fn lint_colours(
    zone: &str,
    colours: &BTreeMap<String, u32>,
    site: &RuleSite,
    out: &mut Vec<Problem>,
) {
    site.zone(zone, out);
    let known: Vec<&str> = site.game.colour_bucket_names().collect();
    for colour in colours.keys() {
        if !known.contains(&colour.as_str()) {
            out.push(site.unknown("colour", colour, &known));
        }
    }
}
