//! A shipped card file read from its compiled form straight into the data model. A card is
//! most of what start-up reads (J Force ships 71), and through serde each of its strings went
//! through `Spanned`'s three-key protocol and each key through a set-aside check: about 13,000
//! instructions a card. Here a card's fields are filled as their keys come, effects,
//! abilities and evolutions too (serde read an internally tagged effect by buffering it
//! first); only a colour and a ruler's judgment still go through serde (`de.rs`). Every other
//! key is one of the game's stats, kept in the card when it is a whole number and set aside
//! otherwise, as the text path does (`card_db/read.rs`).
//!
//! A value of the wrong type, a required field missing, or a key the value does not have
//! gives `None`, and then the text is parsed, which says why (this reader may refuse what
//! serde would take, never the other way round). Which keys are card fields is `Card`'s serde derive; a test reads a
//! card holding every one of them both ways, so a field added to `Card` and not here (which
//! this reader would set aside as a stat) fails it, and another checks that every shipped card
//! file reads here as its text parses.

use super::de::{self, Items, Node, Value};
use crate::card_db::read::{ParsedCards, SetAside, StatEntry};
use crate::card_db::{Ability, Card, CardStat, CardStr, Effect, Evolution, Target};
use serde::Deserialize;
use toml::Spanned;

/// A compiled card file, its cards appended to `cards` with their stats in place and the keys
/// that are not whole numbers set aside; `None` if it does not read (`cards` may then hold
/// some of its cards).
pub(crate) fn read(compiled: &'static [u8], cards: &mut Vec<Card>) -> Option<ParsedCards> {
    let mut top = table(de::root(compiled).ok()?)?;
    let (mut game, mut invented) = (None, false);
    let (mut spans, mut set_aside) = (Vec::new(), Vec::new());
    // A card's stats as they come, then boxed at their size.
    let mut stats = Vec::new();
    while let Some((key, value)) = top.entry().ok()? {
        match *key.get_ref() {
            "game" => game = Some(string(value)?),
            "invented" => invented = boolean(value)?,
            "cards" => {
                let mut list = array(value)?;
                cards.reserve(list.len());
                spans.reserve_exact(list.len());
                while let Some(node) = list.item().ok()? {
                    spans.push(node.span.clone());
                    let index = spans.len() - 1;
                    // Filled where it is kept: a card is 424 bytes, and moved in it was
                    // copied once more.
                    cards.push(blank());
                    let card = cards.last_mut()?;
                    fill(card, node, index, &mut stats, &mut set_aside)?;
                }
            }
            _ => return None,
        }
    }
    Some(ParsedCards {
        game: game?,
        invented,
        spans,
        set_aside,
    })
}

/// How many cards a compiled card file holds, read without reading them.
pub(crate) fn count(compiled: &'static [u8]) -> Option<usize> {
    let mut top = table(de::root(compiled).ok()?)?;
    while let Some((key, value)) = top.entry().ok()? {
        if *key.get_ref() == "cards" {
            return Some(array(value)?.len());
        }
    }
    Some(0)
}

/// A card with nothing read yet.
fn blank() -> Card {
    let unset = || Spanned::new(0..0, CardStr::default());
    Card {
        id: unset(),
        name: unset(),
        kind: unset(),
        set: unset(),
        number: None,
        attribute_cost: Box::default(),
        attribute: Box::default(),
        colour: None,
        legendary: false,
        basic: false,
        keywords: Box::default(),
        race: None,
        evolution: None,
        judgment: None,
        revolution_order: false,
        text: None,
        ability: None,
        effects: Vec::new(),
        at_turn_start: Box::default(),
        abilities: Box::default(),
        invented: false,
        stats: Box::default(),
    }
}

/// Reads the card table `node`, the `index`th of its file, into `card`; its keys that are
/// not card fields go to its stats (through `stats`, emptied) when whole numbers, else to
/// `set_aside`.
fn fill(
    card: &mut Card,
    node: Node<'static>,
    index: usize,
    stats: &mut Vec<CardStat>,
    set_aside: &mut Vec<SetAside>,
) -> Option<()> {
    let mut entries = table(node)?;
    // One bit per required field (`id`, `name`, `type`, `set`) once it is read.
    let mut required = 0u8;
    while let Some((key, value)) = entries.entry().ok()? {
        match *key.get_ref() {
            "id" => (card.id, required) = (string(value)?, required | 1),
            "name" => (card.name, required) = (string(value)?, required | 2),
            "type" => (card.kind, required) = (string(value)?, required | 4),
            "set" => (card.set, required) = (string(value)?, required | 8),
            "number" => card.number = Some(u32::try_from(integer(value)?).ok()?),
            "attribute-cost" => card.attribute_cost = strings(value)?,
            "attribute" => card.attribute = strings(value)?,
            "keywords" => card.keywords = strings(value)?,
            "legendary" => card.legendary = boolean(value)?,
            "basic" => card.basic = boolean(value)?,
            "revolution-order" => card.revolution_order = boolean(value)?,
            "invented" => card.invented = boolean(value)?,
            "race" => card.race = Some(string(value)?.into_inner()),
            "text" => card.text = Some(string(value)?.into_inner()),
            "ability" => card.ability = Some(string(value)?.into_inner()),
            "colour" => card.colour = Some(serde(value)?),
            "evolution" => card.evolution = Some(evolution(value)?),
            "judgment" => card.judgment = Some(serde(value)?),
            "effects" => card.effects = list(value, spanned_effect)?,
            "at-turn-start" => card.at_turn_start = list(value, spanned_effect)?.into(),
            "abilities" => card.abilities = list(value, ability)?.into(),
            name => {
                let name = Spanned::new(key.span(), CardStr::const_new(name));
                let span = value.span.clone();
                match value.value {
                    Value::Integer(v) => stats.push(CardStat {
                        name,
                        value: Spanned::new(span, v),
                    }),
                    other => set_aside.push(SetAside {
                        card: index,
                        at: stats.len(),
                        entry: StatEntry {
                            name,
                            value: Spanned::new(span, other.type_str()),
                        },
                    }),
                }
            }
        }
    }
    card.stats = Box::from(stats.as_slice());
    stats.clear();
    (required == 0b1111).then_some(())
}

/// An effect table, read as serde reads [`Effect`]: `kind` names the variant, and every other
/// key must be one of its fields.
fn effect(node: Node<'static>) -> Option<Effect> {
    let mut entries = table(node)?;
    let mut kind = None;
    let mut target = None;
    let (mut amount, mut attack, mut atk, mut def) = (None, None, None, None);
    let mut permanent = None;
    // One bit per field present, to refuse one the variant does not have.
    let mut present = 0u8;
    while let Some((key, value)) = entries.entry().ok()? {
        let bit = match *key.get_ref() {
            "kind" => {
                kind = Some(str(value)?);
                0
            }
            "target" => {
                let name = str(value)?;
                target = Some(Target::ALL.into_iter().find(|t| t.as_str() == name)?);
                TARGET
            }
            "amount" => {
                amount = Some(integer(value)?);
                AMOUNT
            }
            "attack" => {
                attack = Some(integer(value)?);
                ATTACK
            }
            "atk" => {
                atk = Some(integer(value)?);
                ATK
            }
            "def" => {
                def = Some(integer(value)?);
                DEF
            }
            "permanent" => {
                permanent = Some(boolean(value)?);
                PERMANENT
            }
            _ => return None,
        };
        present |= bit;
    }
    let (effect, fields) = match kind? {
        "damage" => (
            Effect::Damage {
                target: target?,
                amount: amount?,
            },
            TARGET | AMOUNT,
        ),
        "heal" => (
            Effect::Heal {
                target: target?,
                amount: amount?,
            },
            TARGET | AMOUNT,
        ),
        "draw" => (Effect::Draw { amount: amount? }, AMOUNT),
        "charge" => (Effect::Charge { amount: amount? }, AMOUNT),
        "boost" => (
            Effect::Boost {
                target: target?,
                attack: attack.unwrap_or_default(),
                atk: atk.unwrap_or_default(),
                def: def.unwrap_or_default(),
                permanent: permanent.unwrap_or_default(),
            },
            TARGET | ATTACK | ATK | DEF | PERMANENT,
        ),
        "destroy" => (Effect::Destroy { target: target? }, TARGET),
        "attach" => (
            Effect::Attach {
                target: target?,
                attack: attack.unwrap_or_default(),
            },
            TARGET | ATTACK,
        ),
        "hand-limit" => (Effect::HandLimit { amount: amount? }, AMOUNT),
        "pierce" => (Effect::Pierce, 0),
        "reflect" => (Effect::Reflect, 0),
        _ => return None,
    };
    (present & !fields == 0).then_some(effect)
}

const TARGET: u8 = 1;
const AMOUNT: u8 = 2;
const ATTACK: u8 = 4;
const ATK: u8 = 8;
const DEF: u8 = 16;
const PERMANENT: u8 = 32;

/// An effect with where the text writes it.
fn spanned_effect(node: Node<'static>) -> Option<Spanned<Effect>> {
    let span = node.span.clone();
    effect(node).map(|e| Spanned::new(span, e))
}

/// An activate ability's table, read as serde reads [`Ability`].
fn ability(node: Node<'static>) -> Option<Ability> {
    let mut entries = table(node)?;
    let mut ability = Ability {
        rest: false,
        attribute_cost: Vec::new(),
        free_cost: 0,
        charge: 0,
        effects: Vec::new(),
        text: None,
    };
    let mut effects_read = false;
    while let Some((key, value)) = entries.entry().ok()? {
        match *key.get_ref() {
            "rest" => ability.rest = boolean(value)?,
            "attribute-cost" => ability.attribute_cost = list(value, |s| Some(str(s)?.to_owned()))?,
            "free-cost" => ability.free_cost = integer(value)?,
            "charge" => ability.charge = integer(value)?,
            "effects" => {
                ability.effects = list(value, effect)?;
                effects_read = true;
            }
            "text" => ability.text = Some(str(value)?.to_owned()),
            _ => return None,
        }
    }
    effects_read.then_some(ability)
}

/// An evolution table, read as serde reads [`Evolution`].
fn evolution(node: Node<'static>) -> Option<Box<Spanned<Evolution>>> {
    let span = node.span.clone();
    let mut entries = table(node)?;
    let (mut line, mut level, mut base) = (None, None, None);
    while let Some((key, value)) = entries.entry().ok()? {
        let field = match *key.get_ref() {
            "line" => &mut line,
            "level" => &mut level,
            "base" => &mut base,
            _ => return None,
        };
        *field = Some(str(value)?.to_owned());
    }
    let evolution = Evolution {
        line: line?,
        level: level?,
        base: base?,
    };
    Some(Box::new(Spanned::new(span, evolution)))
}

fn serde<'de, T: Deserialize<'de>>(node: Node<'de>) -> Option<T> {
    T::deserialize(node).ok()
}

fn table(node: Node) -> Option<Items> {
    match node.value {
        Value::Table(items) => Some(items),
        _ => None,
    }
}

fn array(node: Node) -> Option<Items> {
    match node.value {
        Value::Array(items) => Some(items),
        _ => None,
    }
}

/// A string of the compiled data, borrowed rather than copied.
fn string(node: Node<'static>) -> Option<Spanned<CardStr>> {
    match node.value {
        Value::String(s) => Some(Spanned::new(node.span, CardStr::const_new(s))),
        _ => None,
    }
}

fn strings(node: Node<'static>) -> Option<Box<[Spanned<CardStr>]>> {
    list(node, string).map(Vec::into_boxed_slice)
}

/// An array, each item read by `read`.
fn list<T>(node: Node<'static>, read: impl Fn(Node<'static>) -> Option<T>) -> Option<Vec<T>> {
    let mut items = array(node)?;
    let mut out = Vec::with_capacity(items.len());
    while let Some(item) = items.item().ok()? {
        out.push(read(item)?);
    }
    Some(out)
}

/// A string of the compiled data, as a plain `&str`.
fn str(node: Node<'static>) -> Option<&'static str> {
    match node.value {
        Value::String(s) => Some(s),
        _ => None,
    }
}

fn integer(node: Node) -> Option<i64> {
    match node.value {
        Value::Integer(i) => Some(i),
        _ => None,
    }
}

fn boolean(node: Node) -> Option<bool> {
    match node.value {
        Value::Boolean(b) => Some(b),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::card_db::read::{card_fields, parse_card_file};
    use crate::diagnostic::SourceFile;

    /// A card with every card field (and a stat of each kind) reads from its compiled form as
    /// from its text: a field this reader missed would be set aside as a stat.
    #[test]
    fn a_card_with_every_field_reads_compiled_as_its_text_parses() {
        let text = r#"game = "fow"
invented = true

[[cards]]
id = "X-1"
name = "Everything"
type = "ruler"
set = "X"
number = 7
attribute-cost = ["fire", "water"]
attribute = ["fire"]
colour = ["red", "blue"]
legendary = true
basic = true
keywords = ["swiftness"]
race = "Dragon"
evolution = { line = "L", level = "I", base = "B" }
judgment = { attribute-cost = ["fire"], free-cost = 1, j-name = "J", atk = 1, def = 2, keywords = ["flying"], effects = [{ kind = "draw", amount = 1 }], text = "t" }
revolution-order = true
text = "Some text."
ability = "An ability."
effects = [{ kind = "damage", target = "enemy-player", amount = 2 }, { kind = "pierce" }]
at-turn-start = [{ kind = "heal", target = "own-player", amount = 1 }]
abilities = [{ rest = true, charge = 1, effects = [{ kind = "draw", amount = 1 }], text = "a" }]
invented = false
cost = 3
power = "high"
speed = 1.5

[[cards]]
id = "X-2"
name = "Plain"
type = "resonator"
set = "X"

[[cards]]
id = "X-3"
name = "Every effect"
type = "resonator"
set = "X"
effects = [
    { kind = "charge", amount = 1 },
    { kind = "boost", target = "own-strike", attack = 1, atk = 2, def = 3, permanent = true },
    { kind = "boost", target = "any-resonator" },
    { kind = "destroy", target = "enemy-resonator" },
    { kind = "attach", target = "own-strike", attack = 2 },
    { kind = "hand-limit", amount = 5 },
    { kind = "reflect" },
]
abilities = [{ attribute-cost = ["fire", "fire"], free-cost = 2, effects = [] }]
"#;
        let table: toml::Table = text.parse().unwrap();
        let first = table["cards"][0].as_table().unwrap();
        for field in card_fields() {
            assert!(first.contains_key(*field), "the test card lacks `{field}`");
        }
        let compiled = super::super::compile::compile("t.toml", text)
            .unwrap()
            .leak();
        let (mut tree_cards, mut text_cards) = (Vec::new(), Vec::new());
        let from_tree = super::read(compiled, &mut tree_cards).expect("reads");
        let from_text = parse_card_file(&SourceFile::new("t.toml", text), &mut text_cards).unwrap();
        assert_eq!(
            format!("{from_tree:?} {tree_cards:?}"),
            format!("{from_text:?} {text_cards:?}")
        );
        assert_eq!(tree_cards[0].stats.len(), 1);
        assert_eq!(from_tree.set_aside.len(), 2);
        // A card without a required field, or with a field of the wrong type, does not read,
        // nor does an effect with a field its kind lacks, or an unknown kind or target: the
        // text is then parsed, and says why.
        let card = "id = \"X-3\"\nname = \"N\"\ntype = \"t\"\nset = \"X\"\n";
        for broken in [
            "id = \"X-3\"\n".to_owned(),
            "id = 3\nname = \"N\"\ntype = \"t\"\nset = \"X\"\n".to_owned(),
            format!("{card}effects = [{{ kind = \"draw\", amount = 1, target = \"this\" }}]\n"),
            format!("{card}effects = [{{ kind = \"damage\", target = \"this\" }}]\n"),
            format!("{card}effects = [{{ kind = \"fly\" }}]\n"),
            format!("{card}effects = [{{ kind = \"destroy\", target = \"everyone\" }}]\n"),
            format!("{card}abilities = [{{ charge = 1 }}]\n"),
            format!("{card}evolution = {{ line = \"L\", level = \"I\" }}\n"),
        ] {
            let text = format!("game = \"fow\"\n[[cards]]\n{broken}");
            let compiled = super::super::compile::compile("t.toml", &text)
                .unwrap()
                .leak();
            assert!(super::read(compiled, &mut Vec::new()).is_none(), "{broken}");
        }
    }

    /// The compiled reader knows a target by its name in `Target::ALL`: it must hold every
    /// target serde reads, as the schema lists them.
    #[test]
    fn every_target_is_listed() {
        fn names(value: &serde_json::Value, out: &mut Vec<String>) {
            match value {
                serde_json::Value::Object(map) => {
                    for (key, value) in map {
                        match (key.as_str(), value) {
                            ("const", serde_json::Value::String(s)) => out.push(s.clone()),
                            ("enum", serde_json::Value::Array(list)) => out
                                .extend(list.iter().filter_map(|v| v.as_str().map(str::to_owned))),
                            _ => names(value, out),
                        }
                    }
                }
                serde_json::Value::Array(list) => list.iter().for_each(|v| names(v, out)),
                _ => {}
            }
        }
        let schema = schemars::schema_for!(crate::card_db::Target);
        let mut read = Vec::new();
        names(schema.as_value(), &mut read);
        read.sort();
        let mut listed = crate::card_db::Target::ALL.map(|t| t.as_str().to_owned());
        listed.sort();
        assert_eq!(read, listed);
    }
}
