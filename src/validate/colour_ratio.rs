//! `colour-ratio`: colour counts in a zone in exactly the format's ratio (skirmish's 3:2:1).

use super::colour_minimum::lint_colours;
use super::finding::Finding;
use super::resolved::{title, Check, ResolvedDeck, RuleSite};
use super::rule_id::RuleId;
use crate::diagnostic::Problem;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Colour counts in `zone` in exactly this ratio.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ColourRatio {
    pub zone: String,
    pub ratio: BTreeMap<String, u32>,
}

impl Check for ColourRatio {
    fn check(&self, deck: &ResolvedDeck, out: &mut Vec<Finding>) {
        let Some(z) = deck.zone_index(&self.zone) else {
            return;
        };
        let counts = deck.colour_counts(z);
        // u64: ratio parts come from a format file and may be huge; products must not wrap.
        let have = |c: &str| u64::from(counts.get(c).copied().unwrap_or(0));
        // Parts in the game's colour order (red, blue, green), not alphabetical.
        let colours: Vec<&str> = deck.game.colour_bucket_names().collect();
        let mut parts: Vec<(&str, u64)> = (self.ratio.iter())
            .map(|(c, &r)| (c.as_str(), u64::from(r)))
            .collect();
        parts.sort_by_key(|(c, _)| colours.iter().position(|x| x == c).unwrap_or(usize::MAX));
        if parts.is_empty() || parts.iter().any(|&(_, r)| r == 0) {
            return;
        }
        let Some(&(first, r0)) = parts.first() else {
            return;
        };
        let k = have(first) / r0;
        if k > 0 && parts.iter().all(|&(c, r)| have(c) == r * k) {
            return;
        }
        let join = |f: &dyn Fn(&str, u64) -> String| {
            parts
                .iter()
                .map(|&(c, r)| f(c, r))
                .collect::<Vec<_>>()
                .join(":")
        };
        let shape = |k: u64| join(&|_, r| (r * k).to_string());
        let actual = join(&|c, _| have(c).to_string());
        let wanted = join(&|_, r| r.to_string());
        let names = join(&|c, _| title(c));
        // The nearest exact ratios: scale up to cover every colour, or down to fit inside.
        let up = (parts.iter().map(|&(c, r)| have(c).div_ceil(r)).max())
            .unwrap_or(1)
            .max(1);
        let down = parts.iter().map(|&(c, r)| have(c) / r).min().unwrap_or(0);
        let change = |k: u64| {
            parts
                .iter()
                .filter(|&&(c, r)| have(c) != r * k)
                .map(|&(c, r)| {
                    let (verb, n) = if r * k > have(c) {
                        ("add", r * k - have(c))
                    } else {
                        ("remove", have(c) - r * k)
                    };
                    format!("{verb} {n} {}", title(c))
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut help = format!("{} ({})", change(up), shape(up));
        if down >= 1 && down != up {
            help = format!("{} ({}), or {help}", change(down), shape(down));
        }
        let message = format!(
            "{names} is {actual}; {} needs exactly {wanted}",
            deck.format_name
        );
        out.push(
            Finding::new(RuleId::ColourRatio, message)
                .help(help)
                .zone(&self.zone)
                .at_header(deck.header(z)),
        );
    }

    fn lint(&self, site: &RuleSite, out: &mut Vec<Problem>) {
        lint_colours(&self.zone, &self.ratio, site, out);
        if self.ratio.values().any(|&r| r == 0) {
            out.push(site.problem("a colour ratio part is 0", "ratio parts must be 1 or more"));
        }
    }
}
