//! Reading a card file: the fields every card may have are read strictly by serde, and every
//! other key is one of the game's own stats (`[game.stats]` in `game.toml`), checked once the
//! card's game is known. A key that is neither is an unknown field, with a did-you-mean over
//! both, pointing at the key.

use super::{Card, CardFile, CardStat, CardStr, GameDef};
use crate::diagnostic::toml_problem;
use crate::diagnostic::{Problem, SourceFile};
use crate::names;
use serde::de::{self, Deserialize, Visitor};
use std::ops::Range;
use std::sync::{Arc, OnceLock};
use toml::de::{DeTable, DeValue};
use toml::Spanned;

/// A key of a card table that is not a card field and whose value is not a whole number:
/// never a stat, but which problem it is (an unknown field, or a stat that is not a whole
/// number) depends on the game, known only once the file is read.
#[derive(Debug, Clone)]
pub struct StatEntry {
    pub name: Spanned<CardStr>,
    /// The TOML type the value has.
    pub value: Spanned<&'static str>,
}

/// A set-aside key, with where it stood among its card's keys: problems are reported in the
/// order of the keys, whole numbers or not.
#[derive(Debug, Clone)]
pub struct SetAside {
    /// The card's index in its file.
    pub card: usize,
    /// How many of the card's stats come before it.
    pub at: usize,
    pub entry: StatEntry,
}

/// A card file read by [`parse_card_file`], whose cards went to the list it was given. Every
/// key of a card that is not a card field is in the card's `stats` when it is a whole number
/// and set aside otherwise; whether the game declares it is checked by [`check_stats`].
#[derive(Debug)]
pub struct ParsedCards {
    pub game: Spanned<CardStr>,
    pub invented: bool,
    /// The sets the file declares.
    pub sets: Vec<super::SetDef>,
    /// Where each card's table is, in file order.
    pub spans: Vec<Range<usize>>,
    pub set_aside: Vec<SetAside>,
}

/// Reads a card file, appending its cards to `cards` (nothing, if it does not read).
pub fn parse_card_file(
    src: &Arc<SourceFile>,
    cards: &mut Vec<Card>,
) -> Result<ParsedCards, Problem> {
    let mut root = DeTable::parse(&src.text).map_err(|e| toml_problem(&e, src))?;
    let mut stats = Vec::new();
    let mut set_aside = Vec::new();
    if let Some(DeValue::Array(list)) = root.get_mut().get_mut("cards").map(|c| c.get_mut()) {
        for (i, card) in list.iter_mut().enumerate() {
            let mut card_stats = Vec::new();
            if let DeValue::Table(table) = card.get_mut() {
                // Not a table: serde says so below, where the card should be.
                let keys: Vec<Spanned<std::borrow::Cow<str>>> = (table.iter())
                    .map(|(k, _)| k.clone())
                    .filter(|k| !is_card_field(k.get_ref()))
                    .collect();
                for key in keys {
                    let Some((key, value)) = table.remove_entry(key.get_ref().as_ref()) else {
                        continue;
                    };
                    let name = Spanned::new(key.span(), CardStr::from(key.get_ref().as_ref()));
                    let span = value.span();
                    let whole = match value.get_ref() {
                        DeValue::Integer(i) => i64::from_str_radix(i.as_str(), i.radix())
                            .map_err(|_| "an integer too large"),
                        other => Err(other.type_str()),
                    };
                    match whole {
                        Ok(v) => card_stats.push(CardStat {
                            name,
                            value: Spanned::new(span, v),
                        }),
                        Err(found) => set_aside.push(SetAside {
                            card: i,
                            at: card_stats.len(),
                            entry: StatEntry {
                                name,
                                value: Spanned::new(span, found),
                            },
                        }),
                    }
                }
            }
            stats.push(card_stats.into_boxed_slice());
        }
    }
    let file = CardFile::deserialize(toml::de::Deserializer::from(root))
        .map_err(|e| toml_problem(&e, src))?;
    let spans = file.cards.iter().map(Spanned::span).collect();
    let read = file.cards.into_iter().zip(stats).map(|(card, stats)| Card {
        stats,
        ..card.into_inner()
    });
    if cards.is_empty() {
        // Collected in place: the list serde built becomes the cards' list, not a copy.
        *cards = read.collect();
    } else {
        cards.extend(read);
    }
    Ok(ParsedCards {
        game: file.game,
        invented: file.invented,
        sets: file.sets,
        spans,
        set_aside,
    })
}

/// Checks a file's cards against their game: a stat the game does not declare is an unknown
/// field (did-you-mean over the card fields and the game's stats), and a key set aside is one
/// too or a stat that is not a whole number. Problems come card by card, each card's in the
/// order of its keys. Returns whether the file was read without one.
pub fn check_stats(
    game: &GameDef,
    cards: &[Card],
    set_aside: &[SetAside],
    src: &Arc<SourceFile>,
    out: &mut Vec<Problem>,
) -> bool {
    let before = out.len();
    let mut odd = set_aside.iter().peekable();
    for (i, card) in cards.iter().enumerate() {
        for at in 0..=card.stats.len() {
            while let Some(aside) = odd.next_if(|a| a.card == i && a.at == at) {
                out.push(not_a_stat(game, card, &aside.entry, src));
            }
            if let Some(stat) = card.stats.get(at) {
                if !game.stats.contains_key(stat.name.get_ref().as_str()) {
                    out.push(unknown_field(game, &stat.name, src));
                }
            }
        }
    }
    out.len() == before
}

/// The problem with a key whose value is not a whole number.
fn not_a_stat(game: &GameDef, card: &Card, entry: &StatEntry, src: &Arc<SourceFile>) -> Problem {
    let name = entry.name.get_ref();
    if !game.stats.contains_key(name.as_str()) {
        return unknown_field(game, &entry.name, src);
    }
    Problem::error(
        "toml",
        format!(
            "`{name}` of `{}` is {}, but stats are whole numbers",
            card.name(),
            article(entry.value.get_ref())
        ),
    )
    .in_file(src)
    .label(entry.value.span(), "not a whole number")
    .help(format!("write it as `{name} = 3`"))
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
