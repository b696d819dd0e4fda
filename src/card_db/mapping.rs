//! `[game.import]`: how another tool's card pool becomes this game's cards. A LackeyCCG plugin
//! lists a card as a row of named columns, a Cockatrice database as a record of named
//! properties with one `<set>` element per printing; either is a set of named values, and this
//! mapping says which value is which card field, and how a value is read (types, costs,
//! attributes, stats, two faces). `pool/` applies it.

use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// `[game.import]`: one mapping per tool the game can be read from.
#[derive(Debug, Clone, Default, Deserialize, Serialize, PartialEq, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Imports {
    /// `[game.import.lackey]`: a LackeyCCG plugin's `sets/*.txt` rows, by column header.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lackey: Option<Mapping>,
    /// `[game.import.cockatrice]`: a Cockatrice card database's cards, by property (`name`,
    /// `text`, and the names inside `<prop>`: `type`, `maintype`, `manacost`, `cmc`, `colors`,
    /// `pt`, …); each `<set>` element of a card is one printing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cockatrice: Option<Mapping>,
}

impl Imports {
    pub fn is_empty(&self) -> bool {
        self.lackey.is_none() && self.cockatrice.is_none()
    }
}

/// How one tool's card records become cards. Every value named here is a column header
/// (LackeyCCG) or a property name (Cockatrice), matched ignoring case.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Mapping {
    /// Names the tool knows the game by: a LackeyCCG plugin's folder name, or a Cockatrice
    /// database's file name without `.xml`, so `--db` finds the game without `--game`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub names: Vec<String>,
    /// Where each card field comes from.
    pub fields: Fields,
    /// Where each of the game's stats comes from (`atk = "ATK"`), read as a whole number.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub stats: BTreeMap<String, Source>,
    /// The tool's type strings (`Resonator`, `Spell:Chant-Instant`) → the game's card type
    /// ids. Matched ignoring case; a type string not listed whose beginning is listed
    /// (`Special Magic Stone/True Magic Stone` after `Special Magic Stone`) takes that type,
    /// and the import reports the guess.
    pub types: BTreeMap<String, String>,
    /// Type strings of records that are not cards a deck holds (Force of Will's `Token`):
    /// matched ignoring case, and each such row skipped with a warning that says so.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub skip: Vec<String>,
    /// Type strings whose cards are basic (`Magic Stone`): any number of copies. Each must map
    /// to a type that is a `basic-resource`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub basic: Vec<String>,
    /// How the `cost` field is read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<CostMapping>,
    /// The tool's attribute words (`Light`) → the game's attributes (`light`). An attribute
    /// field holding several is split at `/`, `,` and white space.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub attributes: BTreeMap<String, String>,
    /// The tool's colour words or letters (`R`, `Red`) → the game's colours, for the `colour`
    /// field, split as attributes are.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub colours: BTreeMap<String, String>,
    /// When the attribute field is empty and the card's type requires an attribute: the cost
    /// symbols that follow this word in the card's text are its attributes (a Force of Will
    /// magic stone's `Produce {w}`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attribute_from_text: Option<String>,
    /// Two faces in one record (a Force of Will ruler and its J-ruler): the separator that
    /// joins the faces' values in each field (`" | "`). The back face becomes the card's
    /// `[cards.judgment]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub faces: Option<String>,
    /// What the tool's format lists become (LackeyCCG's `formats.txt`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub formats: Option<FormatMapping>,
}

/// Where each card field comes from: a column or property, or a part of one.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Fields {
    pub name: Source,
    /// The card's id; without one (or when empty) the id is the set code and the number, or
    /// the set code and the name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<Source>,
    /// The set code of the record's printing (a Cockatrice card's printings come from its
    /// `<set>` elements instead).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set: Option<Source>,
    /// The collector number: its last run of digits (`SDR1-010` → 10).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<Source>,
    #[serde(rename = "type")]
    pub kind: Source,
    /// The race or trait line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub race: Option<Source>,
    /// The cost as printed (`{w}{1}`), read by `cost`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<Source>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attribute: Option<Source>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<Source>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rarity: Option<Source>,
    /// The rules text. A card with text is `unmodelled`: the engines cannot play it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<Source>,
}

/// A column or property (`"ATK"`), or a part of one: `{ from = "pt", split = "/", part = 1 }`
/// is what follows the first `/` of `pt` (`2/3` → 3).
#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Source {
    pub from: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub split: Option<String>,
    /// Which part, from 0, when `split` is given.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub part: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// The table form of [`Source`], read strictly.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct SourceTable {
    /// The column or property.
    from: String,
    /// The separator to split its value at.
    #[serde(default)]
    split: Option<String>,
    /// Which part, from 0.
    #[serde(default)]
    part: usize,
}

impl schemars::JsonSchema for Source {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Source".into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let table = generator.subschema_for::<SourceTable>();
        schemars::json_schema!({
            "description": "A column or property, or `{ from, split, part }` for a part of one.",
            "anyOf": [{ "type": "string" }, table]
        })
    }
}

impl<'de> Deserialize<'de> for Source {
    /// A string or a table. Not `untagged`: that would lose the table's own errors (an
    /// unknown key and its did-you-mean) behind "did not match any variant".
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Source, D::Error> {
        struct Visit;
        impl<'de> de::Visitor<'de> for Visit {
            type Value = Source;

            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a column name, or a table `{ from = \"…\", split = \"/\", part = 1 }`")
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<Source, E> {
                Ok(Source::column(v))
            }

            fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<Source, A::Error> {
                let t = SourceTable::deserialize(de::value::MapAccessDeserializer::new(map))?;
                Ok(Source {
                    from: t.from,
                    split: t.split,
                    part: t.part,
                })
            }
        }
        deserializer.deserialize_any(Visit)
    }
}

impl Source {
    pub fn column(name: &str) -> Source {
        Source {
            from: name.to_owned(),
            split: None,
            part: 0,
        }
    }

    /// The part of `value` this source takes; `None` when the value has fewer parts.
    pub fn pick<'v>(&self, value: &'v str) -> Option<&'v str> {
        match &self.split {
            None => Some(value),
            Some(sep) => value.split(sep.as_str()).nth(self.part),
        }
    }
}

/// How a printed cost (`{w}{w}{1}`, `2R`) is read: each symbol, braced or a single letter,
/// is one of the game's attributes, and the numbers add up to a stat.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct CostMapping {
    /// Cost symbol → attribute (`w = "light"`): one `attribute-cost` entry per symbol.
    #[serde(default)]
    pub symbols: BTreeMap<String, String>,
    /// The stat the numbers add up to (`free-cost`); a cost with no number sets it to 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub free: Option<String>,
}

/// What a tool's format (a label and its sets) becomes: a format file `<game>-<label>.toml`
/// extending `extends` with a `set-legality` rule listing the format's sets.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct FormatMapping {
    /// The format whose zones and rules each imported format takes (`fow-standard`).
    pub extends: String,
}
