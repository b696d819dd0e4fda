//! The rule kinds a format file declares under `[[rules]]`, by `kind`.

use super::colour_identity::ColourIdentity;
use super::colour_minimum::ColourMinimum;
use super::colour_ratio::ColourRatio;
use super::copy_limit::{CopyLimit, PreparedCopyLimit};
use super::evolution::Evolution;
use super::hero::Hero;
use super::legendary_limit::LegendaryLimit;
use super::resolved::{Check, RuleSite};
use super::rule_id::RuleId;
use super::set_legality::{PreparedSetLegality, SetLegality};
use crate::card_db::Game;
use crate::date::Date;
use crate::diagnostic::Problem;
use crate::validate::format::DatedRevision;
use serde::{Deserialize, Serialize};

/// One rule of a format. The `kind` is the rule id its findings carry.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, schemars::JsonSchema)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Rule {
    CopyLimit(CopyLimit),
    LegendaryLimit(LegendaryLimit),
    Hero(Hero),
    ColourMinimum(ColourMinimum),
    ColourRatio(ColourRatio),
    ColourIdentity(ColourIdentity),
    SetLegality(SetLegality),
    Evolution(Evolution),
}

/// A rule made ready to check decks of one game. Most check as written; `copy-limit` finds
/// the zones and cards it names, and `set-legality` the sets in force on the date, once, not
/// for every deck.
pub(crate) enum Prepared<'f> {
    AsWritten(&'f dyn Check),
    CopyLimit(PreparedCopyLimit<'f>),
    SetLegality(PreparedSetLegality<'f>),
}

impl Prepared<'_> {
    pub(crate) fn check(&self) -> &dyn Check {
        match self {
            Prepared::AsWritten(check) => *check,
            Prepared::CopyLimit(check) => check,
            Prepared::SetLegality(check) => check,
        }
    }
}

impl Rule {
    /// The rule made ready for decks of `game`, checked on `date` against a format with these
    /// revisions.
    pub(crate) fn prepare<'f>(
        &'f self,
        game: &Game,
        revisions: &'f [DatedRevision],
        date: Date,
    ) -> Prepared<'f> {
        Prepared::AsWritten(match self {
            Rule::CopyLimit(r) => return Prepared::CopyLimit(r.prepare(game)),
            Rule::SetLegality(r) => return Prepared::SetLegality(r.prepare(revisions, date)),
            Rule::LegendaryLimit(r) => r,
            Rule::Hero(r) => r,
            Rule::ColourMinimum(r) => r,
            Rule::ColourRatio(r) => r,
            Rule::ColourIdentity(r) => r,
            Rule::Evolution(r) => r,
        })
    }

    /// The rule id its findings carry.
    pub fn id(&self) -> RuleId {
        match self {
            Rule::CopyLimit(_) => RuleId::CopyLimit,
            Rule::LegendaryLimit(_) => RuleId::LegendaryLimit,
            Rule::Hero(_) => RuleId::Hero,
            Rule::ColourMinimum(_) => RuleId::ColourMinimum,
            Rule::ColourRatio(_) => RuleId::ColourRatio,
            Rule::ColourIdentity(_) => RuleId::ColourIdentity,
            Rule::SetLegality(_) => RuleId::SetLegality,
            Rule::Evolution(_) => RuleId::Evolution,
        }
    }

    /// What in the rule names things its game lacks.
    pub(crate) fn lint(&self, site: &RuleSite, out: &mut Vec<Problem>) {
        match self {
            Rule::CopyLimit(r) => r.lint(site, out),
            Rule::SetLegality(r) => r.lint(site, out),
            Rule::LegendaryLimit(r) => r.lint(site, out),
            Rule::Hero(r) => r.lint(site, out),
            Rule::ColourMinimum(r) => r.lint(site, out),
            Rule::ColourRatio(r) => r.lint(site, out),
            Rule::ColourIdentity(r) => r.lint(site, out),
            Rule::Evolution(r) => r.lint(site, out),
        }
    }
}
