//! The rule kinds a format file declares under `[[rules]]`, by `kind`.

use super::colour_identity::ColourIdentity;
use super::colour_minimum::ColourMinimum;
use super::colour_ratio::ColourRatio;
use super::copy_limit::CopyLimit;
use super::evolution::Evolution;
use super::hero::Hero;
use super::legendary_limit::LegendaryLimit;
use super::resolved::{Check, RuleSite};
use super::rule_id::RuleId;
use super::set_legality::SetLegality;
use crate::diagnostic::Problem;
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

impl Rule {
    pub(crate) fn check(&self) -> &dyn Check {
        match self {
            Rule::CopyLimit(r) => r,
            Rule::LegendaryLimit(r) => r,
            Rule::Hero(r) => r,
            Rule::ColourMinimum(r) => r,
            Rule::ColourRatio(r) => r,
            Rule::ColourIdentity(r) => r,
            Rule::SetLegality(r) => r,
            Rule::Evolution(r) => r,
        }
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
        self.check().lint(site, out);
    }
}
