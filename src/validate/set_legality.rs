//! `set-legality`: only cards from the format's sets, as rotated by the revisions in force on
//! the validation date (`rotate-in`, `rotate-out`), so `--date` answers "was this deck legal on
//! the day of the event" across rotations too.

use super::finding::Finding;
use super::resolved::{Check, ResolvedDeck, RuleSite};
use super::rule_id::RuleId;
use crate::date::Date;
use crate::diagnostic::Problem;
use crate::validate::format::DatedRevision;
use serde::{Deserialize, Serialize};
use toml::Spanned;

/// Only cards from these set codes (before any revision rotates sets in or out).
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SetLegality {
    pub sets: Vec<String>,
}

/// The sets legal on one date, and the sets rotated out by then with the date of the revision
/// that rotated each out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetsInForce<'a> {
    pub sets: Vec<&'a str>,
    pub rotated_out: Vec<(&'a str, Date)>,
}

impl SetsInForce<'_> {
    pub fn allows(&self, set: &str) -> bool {
        self.sets.contains(&set)
    }

    /// [`SetsInForce::allows`] for a set code as a deck list writes it, in either case.
    pub fn allows_ignoring_case(&self, set: &str) -> bool {
        self.sets.iter().any(|s| s.eq_ignore_ascii_case(set))
    }
}

impl SetLegality {
    /// The rule's sets with the rotations of every revision effective on or before `date`
    /// applied in date order (`revisions` is sorted oldest first).
    pub fn sets_on<'a>(&'a self, revisions: &'a [DatedRevision], date: Date) -> SetsInForce<'a> {
        let mut sets: Vec<&str> = self.sets.iter().map(String::as_str).collect();
        let mut rotated_out: Vec<(&str, Date)> = Vec::new();
        for dated in revisions.iter().take_while(|r| r.effective <= date) {
            for set in &dated.revision.rotate_out {
                let set = set.get_ref().as_str();
                sets.retain(|s| *s != set);
                rotated_out.retain(|(s, _)| *s != set);
                rotated_out.push((set, dated.effective));
            }
            for set in &dated.revision.rotate_in {
                let set = set.get_ref().as_str();
                rotated_out.retain(|(s, _)| *s != set);
                if !sets.contains(&set) {
                    sets.push(set);
                }
            }
        }
        SetsInForce { sets, rotated_out }
    }

    /// Format lint of a revision's rotations: each set must be one of the game's, and a
    /// rotation needs a `set-legality` rule to rotate from (`rule` says whether the format
    /// has one).
    pub(crate) fn lint_rotation(
        rotations: [&[Spanned<String>]; 2],
        rule: bool,
        site: &RuleSite,
        out: &mut Vec<Problem>,
    ) {
        let codes: Vec<&str> = site.game.def.sets.iter().map(|s| s.code.as_str()).collect();
        for set in rotations.into_iter().flatten() {
            let at = RuleSite {
                span: set.span(),
                ..*site
            };
            if !codes.contains(&set.get_ref().as_str()) {
                out.push(at.unknown("set", set.get_ref(), &codes));
            }
        }
        if let Some(first) = rotations.into_iter().flatten().next().filter(|_| !rule) {
            out.push(
                RuleSite {
                    span: first.span(),
                    ..*site
                }
                .problem(
                    format!(
                        "format `{}` rotates sets but has no `set-legality` rule",
                        site.format
                    ),
                    "a rotation with nothing to rotate from",
                )
                .help(
                    "add `[[rules]]` with `kind = \"set-legality\"` and the sets legal before the \
                     first rotation",
                ),
            );
        }
    }
}

/// A `set-legality` made ready for a format and date: the sets in force, worked out once
/// rather than for every deck, and the date (which the help names when no set is in force).
pub(crate) struct PreparedSetLegality<'f>(SetsInForce<'f>, Date);

impl SetLegality {
    pub(crate) fn prepare<'f>(
        &'f self,
        revisions: &'f [DatedRevision],
        date: Date,
    ) -> PreparedSetLegality<'f> {
        PreparedSetLegality(self.sets_on(revisions, date), date)
    }

    pub(crate) fn lint(&self, site: &RuleSite, out: &mut Vec<Problem>) {
        let codes: Vec<&str> = site.game.def.sets.iter().map(|s| s.code.as_str()).collect();
        for set in &self.sets {
            if !codes.contains(&set.as_str()) {
                out.push(site.unknown("set", set, &codes));
            }
        }
    }
}

impl Check for PreparedSetLegality<'_> {
    fn check(&self, deck: &ResolvedDeck, out: &mut Vec<Finding>) {
        let PreparedSetLegality(in_force, date) = self;
        for l in deck.lines {
            let card = deck.card(l.card);
            // The printing the line names, when the card has it; else any of the card's.
            let named = (deck.entry(l).printing.as_ref())
                .map(|p| p.set.as_str())
                .filter(|set| card.printed_in(set));
            let legal = match named {
                Some(set) => in_force.allows_ignoring_case(set),
                None => card.sets().any(|set| in_force.allows(set)),
            };
            if legal {
                continue;
            }
            let set = named.unwrap_or(card.set());
            let (name, format) = (card.name(), deck.format_name);
            let message = match in_force.rotated_out.iter().find(|(s, _)| *s == set) {
                Some((_, since)) => format!(
                    "`{name}` is from set {set}, which the {since} revision of {format} rotated out"
                ),
                None if card.printings.is_empty() || named.is_some() => {
                    format!("`{name}` is from set {set}, not legal in {format}")
                }
                None => {
                    let sets: Vec<&str> = card.sets().collect();
                    format!(
                        "`{name}` is printed in {}, none legal in {format}",
                        sets.join(", ")
                    )
                }
            };
            let help = if in_force.sets.is_empty() {
                format!("{format} allows no set on {date}")
            } else {
                format!("{format} allows the sets {}", in_force.sets.join(", "))
            };
            out.push(deck.at_line(Finding::new(RuleId::SetLegality, message).help(help), l));
        }
    }
}
