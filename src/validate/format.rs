//! Format definitions (`formats/*.toml`): declarative deck-construction rule sets.
//!
//! A format names its game, the size of each zone, and a list of typed rules, one kind per rule
//! id. Ban, limited and combination-ban lists come in dated revisions: the revision in force on
//! the validation date is the latest whose `effective` date is not after it.

use crate::date::Date;
use crate::diagnostic::{Problem, SourceFile};
use crate::names;
use crate::validate::Rule;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;
use std::sync::Arc;
use toml::Spanned;

#[derive(Debug, Clone, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct FormatFile {
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    #[schemars(with = "String")]
    pub game: Spanned<String>,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Id of a format whose zones, rules and revisions this one starts from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<String>")]
    pub extends: Option<Spanned<String>>,
    /// Size limits per zone id. A deck zone not listed here may not hold cards.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, ZoneLimit>")]
    pub zones: BTreeMap<Spanned<String>, ZoneLimit>,
    #[serde(default)]
    #[schemars(with = "Vec<Rule>")]
    pub rules: Vec<Spanned<Rule>>,
    #[serde(default)]
    pub revisions: Vec<Revision>,
}

#[derive(
    Debug, Clone, Copy, Default, Deserialize, Serialize, PartialEq, Eq, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ZoneLimit {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exact: Option<u32>,
}

/// A published ban/limited list, in force from `effective` until the next revision, and the
/// sets that rotate in or out on that date.
#[derive(Debug, Clone, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Revision {
    #[schemars(with = "String")]
    pub effective: Spanned<toml::value::Datetime>,
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub banned: Vec<Spanned<String>>,
    /// Card name → the most copies allowed.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, u32>")]
    pub limited: BTreeMap<Spanned<String>, u32>,
    /// Pairs (or larger groups) of cards that may not appear in one deck together.
    #[serde(default)]
    #[schemars(with = "Vec<Vec<String>>")]
    pub combination_banned: Vec<Vec<Spanned<String>>>,
    /// Set codes legal from this date on (a new set, or one rotating back in), added to the
    /// `set-legality` rule's sets as changed by earlier revisions. Unlike the lists above,
    /// rotations add up: a revision that names no sets leaves them as they were.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(with = "Vec<String>")]
    pub rotate_in: Vec<Spanned<String>>,
    /// Set codes no longer legal from this date on.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(with = "Vec<String>")]
    pub rotate_out: Vec<Spanned<String>>,
}

/// A format with its `extends` chain applied: everything validation needs, with the place in
/// a file each rule came from.
#[derive(Debug, Clone)]
pub struct Format {
    pub id: String,
    pub game: String,
    pub name: String,
    pub description: Option<String>,
    /// Ids of the formats this one extends, nearest first.
    pub parents: Vec<String>,
    pub zones: BTreeMap<String, ZoneLimit>,
    /// Where this format's own file names each zone it sizes (inherited zones are the
    /// parent's to answer for).
    pub zone_spans: BTreeMap<String, Range<usize>>,
    /// Where the file names the format's game.
    pub game_span: Range<usize>,
    pub rules: Vec<FormatRule>,
    /// Sorted by effective date, oldest first.
    pub revisions: Vec<DatedRevision>,
    pub file: Arc<SourceFile>,
}

#[derive(Debug, Clone)]
pub struct FormatRule {
    pub rule: Rule,
    pub file: Arc<SourceFile>,
    pub span: Range<usize>,
}

#[derive(Debug, Clone)]
pub struct DatedRevision {
    pub effective: Date,
    pub revision: Revision,
    pub file: Arc<SourceFile>,
}

impl Format {
    /// The ban/limited list in force on `date`: the latest revision effective on or before it.
    pub fn revision_on(&self, date: Date) -> Option<&DatedRevision> {
        self.revisions.iter().rev().find(|r| r.effective <= date)
    }

    pub fn rule_kinds(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.rules.iter().map(|r| r.rule.id().id())
    }
}

/// Applies `extends` chains. `files` are parsed format files with their sources; formats
/// already in `base` may be extended too (a `--formats` file extending a shipped format).
/// `broken` are the ids of format files that did not parse: their own error is reported, so a
/// format extending one fails quietly instead of claiming its parent does not exist.
pub fn resolve(
    files: Vec<(FormatFile, Arc<SourceFile>)>,
    broken: &BTreeSet<String>,
    base: &BTreeMap<String, Format>,
) -> (BTreeMap<String, Format>, Vec<Problem>) {
    let mut problems = Vec::new();
    let mut pending: BTreeMap<String, (FormatFile, Arc<SourceFile>)> = BTreeMap::new();
    for (file, src) in files {
        let id = file.id.get_ref().clone();
        if let Some((_, first)) = pending.get(&id) {
            problems.push(
                Problem::error(
                    "duplicate-format",
                    format!("format `{id}` is defined twice"),
                )
                .in_file(&src)
                .label(file.id.span(), "second definition")
                .help(format!(
                    "the first is in {}; rename one of them",
                    first.name
                )),
            );
            continue;
        }
        pending.insert(id, (file, src));
    }
    let mut done = base.clone();
    let ids: Vec<String> = pending.keys().cloned().collect();
    for id in ids {
        let mut stack = Vec::new();
        resolve_one(&id, &pending, broken, &mut done, &mut stack, &mut problems);
    }
    (done, problems)
}

fn resolve_one(
    id: &str,
    pending: &BTreeMap<String, (FormatFile, Arc<SourceFile>)>,
    broken: &BTreeSet<String>,
    done: &mut BTreeMap<String, Format>,
    stack: &mut Vec<String>,
    problems: &mut Vec<Problem>,
) -> bool {
    let Some((file, src)) = pending.get(id) else {
        return done.contains_key(id);
    };
    if done.get(id).is_some_and(|f| Arc::ptr_eq(&f.file, src)) {
        return true;
    }
    if stack.iter().any(|s| s == id) {
        let span = file.extends.as_ref().map_or(file.id.span(), |e| e.span());
        problems.push(
            Problem::error(
                "format-cycle",
                format!("format `{id}` extends itself through {}", stack.join(" → ")),
            )
            .in_file(src)
            .label(span, "this `extends` closes the loop"),
        );
        return false;
    }
    stack.push(id.to_owned());
    let mut format = Format {
        id: id.to_owned(),
        game: file.game.get_ref().clone(),
        name: file.name.clone(),
        description: file.description.clone(),
        parents: Vec::new(),
        zones: BTreeMap::new(),
        zone_spans: BTreeMap::new(),
        game_span: file.game.span(),
        rules: Vec::new(),
        revisions: Vec::new(),
        file: Arc::clone(src),
    };
    if let Some(parent_id) = &file.extends {
        let parent_id = parent_id.get_ref();
        if broken.contains(parent_id) {
            stack.pop();
            return false;
        }
        if !pending.contains_key(parent_id) && !done.contains_key(parent_id) {
            let known: Vec<&str> = pending
                .keys()
                .chain(done.keys())
                .map(String::as_str)
                .collect();
            let ext = file.extends.as_ref().map_or(0..0, |e| e.span());
            problems.push(
                Problem::error(
                    "unknown-format",
                    format!("format `{id}` extends `{parent_id}`, which does not exist"),
                )
                .in_file(src)
                .label(ext, "no such format")
                .maybe_help(
                    names::suggest(parent_id, known).map(|s| format!("did you mean `{s}`?")),
                ),
            );
            stack.pop();
            return false;
        }
        if !resolve_one(parent_id, pending, broken, done, stack, problems) {
            stack.pop();
            return false;
        }
        let parent = &done[parent_id];
        format.parents.push(parent_id.clone());
        format.parents.extend(parent.parents.iter().cloned());
        format.zones = parent.zones.clone();
        format.rules = parent.rules.clone();
        format.revisions = parent.revisions.clone();
        if format.description.is_none() {
            format.description = parent.description.clone();
        }
    }
    for (zone, limit) in &file.zones {
        format.zones.insert(zone.get_ref().clone(), *limit);
        format
            .zone_spans
            .insert(zone.get_ref().clone(), zone.span());
    }
    for rule in &file.rules {
        // A child's rule replaces the parent's rules of the same kind, so a format can loosen
        // or tighten an inherited limit; rules of other kinds are inherited as they are.
        let kind = rule.get_ref().id();
        format.rules.retain(|r| r.rule.id() != kind);
    }
    for rule in &file.rules {
        format.rules.push(FormatRule {
            rule: rule.get_ref().clone(),
            file: Arc::clone(src),
            span: rule.span(),
        });
    }
    for revision in &file.revisions {
        match Date::from_toml(revision.effective.get_ref()) {
            Some(effective) => format.revisions.push(DatedRevision {
                effective,
                revision: revision.clone(),
                file: Arc::clone(src),
            }),
            None => problems.push(
                Problem::error(
                    "format-date",
                    "a revision's `effective` must be a plain date",
                )
                .in_file(src)
                .label(revision.effective.span(), "not a date")
                .help("write it as `effective = 2026-03-01` (no time, no quotes)"),
            ),
        }
    }
    format.revisions.sort_by_key(|r| r.effective);
    stack.pop();
    done.insert(id.to_owned(), format);
    true
}

/// The id a format file that failed to parse meant to define, read leniently: from the TOML
/// table when only a field is wrong, else from a top-level `id = "…"` line.
pub fn id_of_broken(text: &str) -> Option<String> {
    if let Ok(table) = text.parse::<toml::Table>() {
        return table.get("id")?.as_str().map(str::to_owned);
    }
    text.lines()
        .take_while(|l| !l.trim_start().starts_with('['))
        .find_map(|l| {
            let value = l
                .trim()
                .strip_prefix("id")?
                .trim_start()
                .strip_prefix('=')?;
            let value = value.trim().strip_prefix('"')?;
            Some(value[..value.find('"')?].to_owned())
        })
}
