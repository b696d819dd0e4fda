//! One thing wrong with a deck: its rule id, card, zone and deck line.

use super::rule_id::{RuleId, Severity};
use crate::deck::{EntryRef, ZoneRef};
use crate::diagnostic::shorten_echoes;
use serde::Serialize;
use std::ops::Range;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    pub rule: RuleId,
    pub severity: Severity,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zone: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
    /// Byte range in the deck source of the line the finding is about.
    #[serde(skip)]
    pub span: Option<Range<usize>>,
    /// Other lines involved (the other half of a combination ban, extra Heroes).
    #[serde(skip)]
    pub related: Vec<(Range<usize>, String)>,
}

impl Finding {
    /// A finding with its rule's severity.
    pub fn new(rule: RuleId, message: String) -> Finding {
        Finding {
            rule,
            severity: rule.severity(),
            message: shorten_echoes(message),
            help: None,
            card: None,
            zone: None,
            line: None,
            span: None,
            related: Vec::new(),
        }
    }

    pub fn help(mut self, help: String) -> Self {
        self.help = Some(shorten_echoes(help));
        self
    }

    pub(super) fn at(mut self, entry: &EntryRef) -> Self {
        self.span = entry.span.clone();
        self.line = entry.line;
        self
    }

    /// Points at a zone header line, when the deck has one.
    pub(super) fn at_header(mut self, header: Option<&ZoneRef>) -> Self {
        if let Some(h) = header {
            self.span = h.span.clone();
            self.line = h.line;
        }
        self
    }

    pub(super) fn card(mut self, name: &str) -> Self {
        self.card = Some(name.to_owned());
        self
    }

    pub(super) fn zone(mut self, zone: &str) -> Self {
        self.zone = Some(zone.to_owned());
        self
    }
}

/// The findings of `a` that `b` lacks, `same` telling which findings are one.
pub fn only_in(
    a: &[Finding],
    b: &[Finding],
    same: impl Fn(&Finding, &Finding) -> bool,
) -> Vec<Finding> {
    a.iter()
        .filter(|f| !b.iter().any(|g| same(f, g)))
        .cloned()
        .collect()
}
