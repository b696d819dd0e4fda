//! Reading a card file: the fields every card may have are read strictly by serde, and every
//! other key is one of the game's own stats (`[game.stats]` in `game.toml`), checked once the
//! card's game is known. A key that is neither is an unknown field, with a did-you-mean over
//! both, pointing at the key.

use super::{Card, CardFile, CardStat, CardStr, GameDef};
use crate::diagnostic::toml_problem;
use crate::diagnostic::{Problem, SourceFile};
use crate::names;
use serde::de::{self, Deserialize, Visitor};
use std::sync::{Arc, OnceLock};
use toml::de::{DeTable, DeValue};
use toml::Spanned;

/// A key of a card table that is not a card field: a stat if the game declares it.
#[derive(Debug, Clone)]
pub struct StatEntry {
    pub name: Spanned<CardStr>,
    /// The value when it is a whole number, else the TOML type it has.
    pub value: Spanned<Result<i64, &'static str>>,
}

/// A parsed card file with, per card (in file order), the keys left for the game's stats.
pub struct ParsedCards {
    pub file: CardFile,
    pub stats: Vec<Vec<StatEntry>>,
}

/// Parses a card file, setting aside each card's keys that are not card fields. A shipped file
/// is read from its compiled form.
pub fn parse_card_file(src: &Arc<SourceFile>) -> Result<ParsedCards, Problem> {
    if let Some(parsed) = src.compiled().and_then(crate::shipped::cards::read) {
        return Ok(parsed);
    }
    let mut root = DeTable::parse(&src.text).map_err(|e| toml_problem(&e, src))?;
    let mut stats = Vec::new();
    if let Some(DeValue::Array(cards)) = root.get_mut().get_mut("cards").map(|c| c.get_mut()) {
        for card in cards.iter_mut() {
            let DeValue::Table(table) = card.get_mut() else {
                // Not a table: serde says so below, where the card should be.
                stats.push(Vec::new());
                continue;
            };
            let keys: Vec<Spanned<std::borrow::Cow<str>>> = (table.iter())
                .map(|(k, _)| k.clone())
                .filter(|k| !is_card_field(k.get_ref()))
                .collect();
            let mut entries = Vec::new();
            for key in keys {
                let Some((key, value)) = table.remove_entry(key.get_ref().as_ref()) else {
                    continue;
                };
                let span = value.span();
                let value = match value.get_ref() {
                    DeValue::Integer(i) => i64::from_str_radix(i.as_str(), i.radix())
                        .map_err(|_| "an integer too large"),
                    other => Err(other.type_str()),
                };
                entries.push(StatEntry {
                    name: Spanned::new(key.span(), CardStr::from(key.get_ref().as_ref())),
                    value: Spanned::new(span, value),
                });
            }
            stats.push(entries);
        }
    }
    let file = CardFile::deserialize(toml::de::Deserializer::from(root))
        .map_err(|e| toml_problem(&e, src))?;
    Ok(ParsedCards { file, stats })
}

/// Gives `card` the stats among `entries` that its game declares; every other entry is a
/// problem: an unknown field (did-you-mean over the card fields and the game's stats), or a
/// stat that is not a whole number. Returns whether the card was read without one.
pub fn attach_stats(
    game: &GameDef,
    card: &mut Card,
    entries: Vec<StatEntry>,
    src: &Arc<SourceFile>,
    out: &mut Vec<Problem>,
) -> bool {
    let before = out.len();
    let mut stats = Vec::with_capacity(entries.len());
    for entry in entries {
        let name = entry.name.get_ref();
        if !game.stats.contains_key(name.as_str()) {
            out.push(unknown_field(game, &entry.name, src));
            continue;
        }
        match *entry.value.get_ref() {
            Ok(v) => stats.push(CardStat {
                value: Spanned::new(entry.value.span(), v),
                name: entry.name,
            }),
            Err(found) => out.push(
                Problem::error(
                    "toml",
                    format!(
                        "`{name}` of `{}` is {}, but stats are whole numbers",
                        card.name(),
                        article(found)
                    ),
                )
                .in_file(src)
                .label(entry.value.span(), "not a whole number")
                .help(format!("write it as `{name} = 3`")),
            ),
        }
    }
    card.stats = stats.into_boxed_slice();
    out.len() == before
}

fn unknown_field(game: &GameDef, key: &Spanned<CardStr>, src: &Arc<SourceFile>) -> Problem {
    let name = key.get_ref();
    let fields = card_fields().iter().map(|f| format!("`{f}`"));
    let stats: Vec<String> = game.stats.keys().map(|s| format!("`{s}`")).collect();
    let expected = fields.collect::<Vec<_>>().join(", ");
    let message = if stats.is_empty() {
        format!(
            "unknown field `{name}`, expected one of {expected}; {} declares no stats",
            game.name
        )
    } else {
        format!(
            "unknown field `{name}`, expected one of {expected}, or a stat of {}: {}",
            game.name,
            stats.join(", ")
        )
    };
    let all = (card_fields().iter().copied()).chain(game.stats.keys().map(String::as_str));
    let help = match names::suggest(name, all) {
        Some(s) => format!("did you mean `{s}`?"),
        None => format!(
            "remove it, or, if it is a stat of {}, declare it in game.toml as `[game.stats.{name}]` with its `min` and `max`",
            game.name
        ),
    };
    Problem::error("toml", message)
        .in_file(src)
        .label(key.span(), "here")
        .help(help)
}

/// `a string`, `an array`: TOML type names as the message reads them.
fn article(kind: &str) -> String {
    if kind.starts_with("an ") {
        kind.to_owned()
    } else if kind.starts_with(['a', 'e', 'i', 'o', 'u']) {
        format!("an {kind}")
    } else {
        format!("a {kind}")
    }
}

/// The keys a card table may hold besides stats, as serde reads `Card`: taken from the derived
/// `Deserialize` itself, so the list cannot drift from the struct.
pub fn card_fields() -> &'static [&'static str] {
    static FIELDS: OnceLock<&'static [&'static str]> = OnceLock::new();
    FIELDS.get_or_init(|| {
        let mut fields: &'static [&'static str] = &[];
        let _ = Card::deserialize(FieldNames(&mut fields));
        fields
    })
}

/// Whether `key` is a card field: asked for every key of every card, so a binary search.
pub(crate) fn is_card_field(key: &str) -> bool {
    static SORTED: OnceLock<Vec<&'static str>> = OnceLock::new();
    let sorted = SORTED.get_or_init(|| {
        let mut fields = card_fields().to_vec();
        fields.sort_unstable();
        fields
    });
    sorted.binary_search(&key).is_ok()
}

/// A deserializer that only records the field names a struct asks for.
struct FieldNames<'a>(&'a mut &'static [&'static str]);

impl<'de> de::Deserializer<'de> for FieldNames<'_> {
    type Error = de::value::Error;

    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Self::Error> {
        Err(de::Error::custom("only a struct's field names are read"))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value, Self::Error> {
        *self.0 = fields;
        Err(de::Error::custom("only a struct's field names are read"))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier
        ignored_any
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_card_fields_come_from_serde() {
        let fields = card_fields();
        assert!(fields.contains(&"type") && fields.contains(&"legendary"));
        assert!(!fields.contains(&"stats") && !fields.contains(&"cost"));
    }
}
