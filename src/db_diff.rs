//! `db diff`: what changed between two versions of the card data. Each side is a file, a
//! folder, or `git:REV:PATH` read through git (`git.rs`); it is layered on the data in use (as
//! `--db` would be), so formats and untouched games stay the same on both sides and only the
//! change itself shows. Cards are matched by id: a card whose name changes is renamed, not
//! removed and added.

use crate::catalog::{Catalog, FileKind, Sources};
use crate::diagnostic::{Problem, SourceFile};
use crate::error::Error;
use crate::git::{self, Spec};
use crate::validate::format::Format;
use serde::Serialize;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;
use std::path::Path;
use std::sync::Arc;

/// Reads a side's data files. A folder holding `card-db/` is a data folder: its `card-db/`
/// and `formats/` are read, and nothing else (so `.` works for a data repo).
fn read_side(spec: &Spec) -> Result<Sources, Error> {
    match spec {
        Spec::Path(path) => {
            if path.join("card-db").is_dir() {
                Sources::data_dir(path)
            } else {
                Sources::read(path, None)
            }
        }
        Spec::Git { rev, path } => read_git(rev, path),
    }
}

/// The `*.toml` files under `path` at `rev`, named by their path (so annotations about them
/// land on the same file in the working tree).
fn read_git(rev: &str, path: &Path) -> Result<Sources, Error> {
    let path_str = path.to_string_lossy();
    let listing = git::run(&["ls-tree", "-r", "--name-only", rev, "--", &path_str])?;
    let mut names: Vec<&str> = listing.lines().filter(|l| l.ends_with(".toml")).collect();
    if names.is_empty() {
        return Err(Error::usage_with_help(
            format!("`{path_str}` holds no .toml files at `{rev}`"),
            format!("check the path with `git ls-tree -r {rev} -- {path_str}`"),
        ));
    }
    // `git ls-tree` names files relative to the current folder, without a leading `./`.
    let clean = path_str.trim_start_matches("./").trim_end_matches('/');
    let prefix = if clean.is_empty() || clean == "." {
        String::new()
    } else {
        format!("{clean}/")
    };
    let data_dir = format!("{prefix}card-db/");
    let is_data_dir = names.iter().any(|n| n.starts_with(&data_dir));
    if is_data_dir {
        let formats = format!("{prefix}formats/");
        names.retain(|n| n.starts_with(&data_dir) || n.starts_with(&formats));
    }
    let mut files = Vec::new();
    for name in names {
        let text = git::show(rev, name)?;
        let p = Path::new(name);
        let kind = if p
            .ancestors()
            .skip(1)
            .any(|a| a.file_name().is_some_and(|n| n == "formats"))
        {
            FileKind::Format
        } else if p.file_name().is_some_and(|n| n == "game.toml") {
            FileKind::Game
        } else {
            FileKind::Cards
        };
        files.push((kind, SourceFile::new(name, text)));
    }
    Ok(Sources { files })
}

/// Builds one side on top of `base`; any problem that stops a file from loading is an error,
/// since a diff against half-read data would mislead.
pub fn load_side(spec: &Spec, base: &Catalog) -> Result<Catalog, Error> {
    let sources = read_side(spec)?;
    let (catalog, problems) = Catalog::build(&sources, Some(base));
    if problems.iter().any(Problem::is_error) {
        return Err(Error::Data(problems));
    }
    Ok(catalog)
}

/// Everything that differs between two catalogs.
#[derive(Debug, Clone, Default, Serialize)]
pub struct CatalogDiff {
    pub cards: Vec<CardChange>,
    /// Games whose definition (`game.toml`) differs, with the fields that changed.
    pub games: Vec<DefChange>,
    pub formats: Vec<DefChange>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Change {
    Added,
    Removed,
    Renamed,
    Changed,
}

impl Change {
    pub fn as_str(self) -> &'static str {
        match self {
            Change::Added => "added",
            Change::Removed => "removed",
            Change::Renamed => "renamed",
            Change::Changed => "changed",
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct CardChange {
    pub game: String,
    pub id: String,
    /// The name on the new side (the old side's for a removed card).
    pub name: String,
    pub change: Change,
    /// Every field that differs, `name` included for a renamed card.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<FieldChange>,
    /// Where the card is: on the new side, or the old for a removed card.
    #[serde(skip)]
    pub file: Option<Arc<SourceFile>>,
    /// The byte range to point at: the first changed field, or the whole card.
    #[serde(skip)]
    pub span: Option<Range<usize>>,
}

#[derive(Debug, Clone, Serialize)]
pub struct FieldChange {
    pub field: String,
    /// `null` when the field is absent on that side.
    pub old: Value,
    pub new: Value,
}

#[derive(Debug, Clone, Serialize)]
pub struct DefChange {
    pub id: String,
    pub change: Change,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<String>,
}

impl CatalogDiff {
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty() && self.games.is_empty() && self.formats.is_empty()
    }

    pub fn count(&self, change: Change) -> usize {
        self.cards.iter().filter(|c| c.change == change).count()
    }
}

pub fn diff(old: &Catalog, new: &Catalog) -> CatalogDiff {
    let mut out = CatalogDiff::default();
    let game_ids: BTreeSet<&String> = old.games.keys().chain(new.games.keys()).collect();
    for id in game_ids {
        match (old.games.get(id), new.games.get(id)) {
            (Some(a), Some(b)) => {
                let fields = changed_fields(&to_value(&a.def), &to_value(&b.def));
                if !fields.is_empty() {
                    out.games.push(DefChange {
                        id: id.clone(),
                        change: Change::Changed,
                        fields: fields.into_iter().map(|f| f.field).collect(),
                    });
                }
                diff_cards(a, b, &mut out.cards);
            }
            (None, Some(b)) => {
                out.games.push(DefChange {
                    id: id.clone(),
                    change: Change::Added,
                    fields: Vec::new(),
                });
                diff_cards(&empty_like(b), b, &mut out.cards);
            }
            (Some(a), None) => {
                out.games.push(DefChange {
                    id: id.clone(),
                    change: Change::Removed,
                    fields: Vec::new(),
                });
                diff_cards(a, &empty_like(a), &mut out.cards);
            }
            (None, None) => {}
        }
    }
    let format_ids: BTreeSet<&String> = old.formats.keys().chain(new.formats.keys()).collect();
    for id in format_ids {
        let change = match (old.formats.get(id), new.formats.get(id)) {
            (Some(a), Some(b)) => {
                let fields = changed_fields(&format_value(a), &format_value(b));
                if fields.is_empty() {
                    continue;
                }
                DefChange {
                    id: id.clone(),
                    change: Change::Changed,
                    fields: fields.into_iter().map(|f| f.field).collect(),
                }
            }
            (None, Some(_)) => DefChange {
                id: id.clone(),
                change: Change::Added,
                fields: Vec::new(),
            },
            (Some(_), None) => DefChange {
                id: id.clone(),
                change: Change::Removed,
                fields: Vec::new(),
            },
            (None, None) => continue,
        };
        out.formats.push(change);
    }
    out
}

fn empty_like(game: &crate::card_db::Game) -> crate::card_db::Game {
    let mut g = game.clone();
    g.clear_cards();
    g
}

fn diff_cards(old: &crate::card_db::Game, new: &crate::card_db::Game, out: &mut Vec<CardChange>) {
    let game = new.id().to_owned();
    let old_by_id: BTreeMap<&str, usize> = old
        .cards
        .iter()
        .enumerate()
        .map(|(i, c)| (c.id(), i))
        .collect();
    let new_ids: BTreeSet<&str> = new.cards.iter().map(|c| c.id()).collect();
    for (i, card) in new.cards.iter().enumerate() {
        let origin = &new.origins[i];
        let Some(&j) = old_by_id.get(card.id()) else {
            out.push(CardChange {
                game: game.clone(),
                id: card.id().to_owned(),
                name: card.name().to_owned(),
                change: Change::Added,
                fields: Vec::new(),
                file: Some(Arc::clone(&origin.file)),
                span: Some(origin.span.clone()),
            });
            continue;
        };
        let before = &old.cards[j];
        let fields = changed_fields(&card_value(before), &card_value(card));
        if fields.is_empty() {
            continue;
        }
        let span = fields
            .iter()
            .find_map(|f| field_span(card, &f.field))
            .unwrap_or_else(|| origin.span.clone());
        out.push(CardChange {
            game: game.clone(),
            id: card.id().to_owned(),
            name: card.name().to_owned(),
            change: if before.name() != card.name() {
                Change::Renamed
            } else {
                Change::Changed
            },
            fields,
            file: Some(Arc::clone(&origin.file)),
            span: Some(span),
        });
    }
    for (i, card) in old.cards.iter().enumerate() {
        if !new_ids.contains(card.id()) {
            out.push(CardChange {
                game: game.clone(),
                id: card.id().to_owned(),
                name: card.name().to_owned(),
                change: Change::Removed,
                fields: Vec::new(),
                file: old.origins.get(i).map(|o| Arc::clone(&o.file)),
                span: None,
            });
        }
    }
}

fn to_value<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// A card as comparable data: its fields and its stats, each under its name.
fn card_value(card: &crate::card_db::Card) -> Value {
    let mut value = to_value(card);
    if let Value::Object(fields) = &mut value {
        for stat in &card.stats {
            fields.insert(
                stat.name.get_ref().to_string(),
                (*stat.value.get_ref()).into(),
            );
        }
    }
    value
}

/// A resolved format as comparable data: what validation reads, not where it came from.
fn format_value(f: &Format) -> Value {
    serde_json::json!({
        "name": f.name,
        "game": f.game,
        "description": f.description,
        "extends": f.parents,
        "zones": to_value(&f.zones),
        "rules": f.rules.iter().map(|r| to_value(&r.rule)).collect::<Vec<_>>(),
        "revisions": f.revisions.iter().map(|r| serde_json::json!({
            "effective": r.effective.to_string(),
            "banned": r.revision.banned.iter().map(|b| b.get_ref().clone()).collect::<Vec<_>>(),
            "limited": to_value(&r.revision.limited),
            "combination-banned": r.revision.combination_banned,
            "rotate-in": r.revision.rotate_in,
            "rotate-out": r.revision.rotate_out,
        })).collect::<Vec<_>>(),
    })
}

/// Top-level fields whose values differ, in the order the new side lists them.
fn changed_fields(old: &Value, new: &Value) -> Vec<FieldChange> {
    let empty = serde_json::Map::new();
    let a = old.as_object().unwrap_or(&empty);
    let b = new.as_object().unwrap_or(&empty);
    let mut keys: Vec<&String> = Vec::new();
    for k in b.keys().chain(a.keys()) {
        if !keys.contains(&k) {
            keys.push(k);
        }
    }
    keys.into_iter()
        .filter_map(|k| {
            let (x, y) = (a.get(k), b.get(k));
            (x != y).then(|| FieldChange {
                field: k.clone(),
                old: x.cloned().unwrap_or_else(|| absent_like(y)),
                new: y.cloned().unwrap_or_else(|| absent_like(x)),
            })
        })
        .collect()
}

/// What a field left out of a card means, judging by the other side: flags are false and
/// lists empty (serialisation skips both); other fields are simply absent.
fn absent_like(other: Option<&Value>) -> Value {
    match other {
        Some(Value::Bool(_)) => Value::Bool(false),
        Some(Value::Array(_)) => Value::Array(Vec::new()),
        _ => Value::Null,
    }
}

/// Where a field is written in the card's TOML, for the fields that keep their span.
fn field_span(card: &crate::card_db::Card, field: &str) -> Option<Range<usize>> {
    match field {
        "id" => Some(card.id.span()),
        "name" => Some(card.name.span()),
        "type" => Some(card.kind.span()),
        "set" => Some(card.set.span()),
        "colour" => card.colour.as_ref().map(|s| s.span()),
        "evolution" => card.evolution.as_ref().map(|s| s.span()),
        "attribute-cost" => span_of_all(&card.attribute_cost),
        "attribute" => span_of_all(&card.attribute),
        "keywords" => span_of_all(&card.keywords),
        "effects" => span_of_all(&card.effects),
        stat => card.stat_spanned(stat).map(|s| s.span()),
    }
}

fn span_of_all<T>(items: &[toml::Spanned<T>]) -> Option<Range<usize>> {
    let first = items.first()?.span();
    let last = items.last()?.span();
    Some(first.start..last.end)
}

/// A value as people read it in a diff: strings bare, everything else as compact JSON.
pub fn show(value: &Value) -> String {
    match value {
        Value::Null => "(none)".to_owned(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changed_fields_lists_added_removed_and_changed_keys() {
        let a = serde_json::json!({"id": "X", "cost": 2, "text": "t"});
        let b = serde_json::json!({"id": "X", "cost": 3, "race": "Elf"});
        let fields: Vec<String> = changed_fields(&a, &b)
            .into_iter()
            .map(|f| format!("{} {} {}", f.field, show(&f.old), show(&f.new)))
            .collect();
        assert_eq!(fields, ["cost 2 3", "race (none) Elf", "text t (none)"]);
        let flag = changed_fields(&serde_json::json!({}), &serde_json::json!({"basic": true}));
        assert_eq!(flag[0].old, serde_json::json!(false));
    }
}
