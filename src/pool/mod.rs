//! Foreign card pools: the card databases other tools keep (a LackeyCCG plugin's `sets/*.txt`,
//! a Cockatrice `cards.xml`), turned into decksmith card files through the mapping the game
//! declares in `game.toml` (`[game.import.<tool>]`, `card_db/mapping.rs`).
//!
//! There is one path: a reader turns the tool's file into [`Row`]s (named values, where they
//! stood, and the printings a tool lists apart); [`map_row`] turns a row into a [`PoolCard`];
//! [`Pool`] merges reprints into one card with several printings and writes each set's cards
//! as the card-file TOML a person would write. `db import` saves those texts, and `--db` on the
//! tool's own files parses the same texts in memory through the normal card reader, so both
//! read exactly the same cards. A row that cannot be mapped is a [`Note`] naming its file and
//! line, and is skipped; what is guessed is a note too.

pub mod cockatrice;
pub mod import;
pub mod lackey;

use crate::card_db::{GameDef, Mapping, SetDef, Source};
use crate::names;
use std::collections::BTreeMap;
use std::fmt;
use std::fmt::Write as _;

/// Where a row was read: the file as shown to people, and the line (from 1).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Site {
    pub file: String,
    pub line: usize,
}

impl fmt::Display for Site {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}:{}", self.file, self.line)
    }
}

/// One card as another tool lists it: its values by the names the tool gives them (a
/// LackeyCCG row's column headers, a Cockatrice card's element and property names), and the
/// printings a tool lists apart from the values (Cockatrice's `<set>` elements). A tool that
/// lists one printing per row (LackeyCCG) leaves `printings` empty and the mapping's `set` and
/// `number` fields name the values that hold it.
#[derive(Debug, Clone, Default)]
pub struct Row {
    pub site: Option<Site>,
    pub values: Vec<(String, String)>,
    pub printings: Vec<RowPrinting>,
}

/// A printing as a tool lists it: the set code, the collector number and rarity as written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RowPrinting {
    pub set: String,
    pub number: Option<String>,
    pub rarity: Option<String>,
}

impl Row {
    /// The value named `key`, ignoring ASCII case, trimmed; `None` when absent or empty.
    pub fn get(&self, key: &str) -> Option<&str> {
        (self.values.iter())
            .find(|(k, _)| k.trim().eq_ignore_ascii_case(key))
            .map(|(_, v)| v.trim())
            .filter(|v| !v.is_empty())
    }

    /// The part of the value a source names (`None` when absent, empty or short of parts).
    fn source(&self, source: &Source) -> Option<&str> {
        (self.get(&source.from))
            .and_then(|v| source.pick(v))
            .map(str::trim)
            .filter(|v| !v.is_empty())
    }
}

/// What the import says about a row: it was skipped, or something in it was guessed or
/// dropped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    pub site: Option<Site>,
    /// The column or property the note is about.
    pub field: Option<String>,
    pub skipped: bool,
    pub message: String,
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        if let Some(site) = &self.site {
            write!(f, "{site}: ")?;
        }
        if let Some(field) = &self.field {
            write!(f, "[{field}] ")?;
        }
        let what = if self.skipped { "skipped" } else { "note" };
        write!(f, "{what}: {}", self.message)
    }
}

/// A card mapped from a row, before reprints are merged.
#[derive(Debug, Clone, PartialEq)]
pub struct PoolCard {
    pub site: Option<Site>,
    pub id: String,
    pub name: String,
    pub kind: String,
    pub basic: bool,
    /// The first is the card's own; reprints add more.
    pub printings: Vec<PoolPrinting>,
    pub race: Option<String>,
    pub attribute_cost: Vec<String>,
    /// The game's stats, in the mapping's order.
    pub stats: Vec<(String, i64)>,
    pub attribute: Vec<String>,
    pub colour: Vec<String>,
    pub text: Option<String>,
    pub back: Option<Back>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PoolPrinting {
    pub set: String,
    pub number: Option<u32>,
    pub rarity: Option<String>,
}

/// A two-faced card's back face: a Force of Will J-ruler, written as `[cards.judgment]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Back {
    pub name: String,
    pub attribute_cost: Vec<String>,
    pub free_cost: i64,
    pub atk: i64,
    pub def: i64,
    pub text: Option<String>,
}

/// A value split into its faces: the front, and the back when the value has one.
fn faces<'v>(mapping: &Mapping, value: &'v str) -> (&'v str, Option<&'v str>) {
    // Split at the separator without its spaces: an empty front face (`| 1200`) is trimmed
    // away from its separator's space when the value is read.
    let sep = mapping
        .faces
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty());
    match sep.and_then(|sep| value.split_once(sep)) {
        Some((front, back)) => (front.trim(), Some(back.trim())),
        None => (value.trim(), None),
    }
}

/// The last run of ASCII digits in a collector number (`SDR1-010` → 10, `TTW-001` → 1).
pub fn collector_number(text: &str) -> Option<u32> {
    // By bytes: the byte after the last non-digit is a digit, so a character boundary, which
    // the byte after a character that is not ASCII (`½`) need not be.
    let bytes = text.as_bytes();
    let end = bytes.iter().rposition(u8::is_ascii_digit)? + 1;
    let start = bytes[..end]
        .iter()
        .rposition(|b| !b.is_ascii_digit())
        .map_or(0, |i| i + 1);
    text[start..end].parse().ok()
}

/// The key a mapping table is looked up by: case and spacing ignored.
fn table_get<'m>(table: &'m BTreeMap<String, String>, word: &str) -> Option<&'m str> {
    let key = names::key(word);
    (table.iter())
        .find(|(k, _)| names::key(k) == key)
        .map(|(_, v)| v.as_str())
}

/// A parsed cost: attribute symbols and the sum of its numbers, with the symbols not in the
/// mapping.
struct Cost {
    attributes: Vec<String>,
    free: i64,
    unknown: Vec<String>,
}

/// Reads `{w}{w}{1}` or `2WW`: a braced group or a single character is a symbol, a run of
/// digits a number; spaces and commas separate.
fn parse_cost(mapping: &Mapping, text: &str) -> Cost {
    let symbols = mapping.cost.as_ref().map(|c| &c.symbols);
    let mut cost = Cost {
        attributes: Vec::new(),
        free: 0,
        unknown: Vec::new(),
    };
    let mut rest = text.trim();
    while let Some(c) = rest.chars().next() {
        let (token, after) = if c == '{' {
            match rest.find('}') {
                Some(end) => (&rest[1..end], &rest[end + 1..]),
                None => (&rest[1..], ""),
            }
        } else if c.is_ascii_digit() {
            let end = rest
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len());
            (&rest[..end], &rest[end..])
        } else {
            rest.split_at(c.len_utf8())
        };
        rest = after;
        let token = token.trim();
        if token.is_empty() || token == "," {
            continue;
        }
        if let Ok(n) = token.parse::<i64>() {
            cost.free = cost.free.saturating_add(n);
        } else if let Some(attr) = symbols.and_then(|s| table_get(s, token)) {
            cost.attributes.push(attr.to_owned());
        } else {
            cost.unknown.push(format!("{{{token}}}"));
        }
    }
    cost
}

/// `v` when it is within the game's range for `stat` (or the game bounds it not), else the
/// note that it is left out.
fn within(def: &GameDef, stat: &str, name: &str, v: i64) -> Result<i64, String> {
    match def.stats.get(stat) {
        Some(range) if v < range.min || v > range.max => Err(format!(
            "`{name}`: {stat} {v} is outside {}'s range {}..{}; left out",
            def.name, range.min, range.max
        )),
        _ => Ok(v),
    }
}

/// The words of an attribute or colour field (`Fire/Darkness`, `R, G`), each through `table`;
/// a word mapped to `""` stands for none (Force of Will's `Void`).
fn words(table: &BTreeMap<String, String>, text: &str, unknown: &mut Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for word in text.split(['/', ',', ' ', '\t']).filter(|w| !w.is_empty()) {
        match table_get(table, word) {
            Some("") => {}
            Some(mapped) if !out.iter().any(|o| o == mapped) => out.push(mapped.to_owned()),
            Some(_) => {}
            None => unknown.push(word.to_owned()),
        }
    }
    out
}

/// The game's type for a tool's type string: listed (ignoring case), or else the longest
/// listed type the string begins with, followed by a separator (a guess, reported).
fn map_type<'m>(mapping: &'m Mapping, text: &str) -> Option<(&'m str, bool)> {
    if let Some(kind) = table_get(&mapping.types, text) {
        return Some((kind, false));
    }
    let key = names::key(text);
    (mapping.types.iter())
        .filter(|(k, _)| {
            let k = names::key(k);
            key.len() > k.len()
                && key.starts_with(&k)
                && key[k.len()..].starts_with(['/', ':', '-', ' ', '('])
        })
        .max_by_key(|(k, _)| k.len())
        .map(|(_, v)| (v.as_str(), true))
}

/// Maps one row to a card through `mapping`, for the game `def`. Returns the card and what
/// was guessed or dropped, or the reason the row is skipped.
pub fn map_row<'r>(
    mapping: &Mapping,
    def: &GameDef,
    row: &'r Row,
) -> Result<(PoolCard, Vec<Note>), Note> {
    let fields = &mapping.fields;
    let note = |field: Option<&Source>, skipped: bool, message: String| Note {
        site: row.site.clone(),
        field: field.map(|f| f.from.clone()),
        skipped,
        message,
    };
    let mut notes = Vec::new();
    let Some(name) = row.source(&fields.name) else {
        return Err(note(Some(&fields.name), true, "the row has no name".into()));
    };
    let (name, back_name) = faces(mapping, name);

    let Some(type_text) = row.source(&fields.kind) else {
        return Err(note(
            Some(&fields.kind),
            true,
            format!("`{name}` has no type"),
        ));
    };
    let (type_front, _) = faces(mapping, type_text);
    if (mapping.skip.iter()).any(|t| names::key(t) == names::key(type_front)) {
        return Err(note(
            Some(&fields.kind),
            true,
            format!("`{name}` is a `{type_front}`, which the mapping skips"),
        ));
    }
    let Some((kind, guessed)) = map_type(mapping, type_front) else {
        let listed = mapping.types.keys().map(String::as_str);
        let hint = match names::suggest(type_front, listed) {
            Some(s) => format!("; did you mean `{s}`?"),
            None => "; add it to the mapping's `types`".to_owned(),
        };
        return Err(note(
            Some(&fields.kind),
            true,
            format!("`{name}` has type `{type_front}`, which the mapping does not list{hint}"),
        ));
    };
    if guessed {
        notes.push(note(
            Some(&fields.kind),
            false,
            format!("`{name}`: type `{type_front}` is not listed; read as `{kind}`"),
        ));
    }
    let Some(card_type) = def.types.iter().find(|t| t.id == kind) else {
        return Err(note(
            Some(&fields.kind),
            true,
            format!(
                "the mapping maps `{type_front}` to `{kind}`, which {} does not define",
                def.name
            ),
        ));
    };

    let printings: Vec<PoolPrinting> = if row.printings.is_empty() {
        let set = fields.set.as_ref().and_then(|s| row.source(s));
        let number = fields.number.as_ref().and_then(|s| row.source(s));
        let rarity = fields.rarity.as_ref().and_then(|s| row.source(s));
        set.map(|set| PoolPrinting {
            set: set.to_owned(),
            number: number.and_then(collector_number),
            rarity: rarity.map(str::to_owned),
        })
        .into_iter()
        .collect()
    } else {
        (row.printings.iter())
            .filter(|p| !p.set.trim().is_empty())
            .map(|p| PoolPrinting {
                set: p.set.trim().to_owned(),
                number: p.number.as_deref().and_then(collector_number),
                rarity: p.rarity.clone().filter(|r| !r.is_empty()),
            })
            .collect()
    };
    let Some(first) = printings.first() else {
        return Err(note(
            fields.set.as_ref(),
            true,
            format!("`{name}` has no set"),
        ));
    };

    let id = match fields.id.as_ref().and_then(|s| row.source(s)) {
        Some(id) => id.to_owned(),
        None => {
            let id = match first.number {
                Some(n) => format!("{}-{n:03}", first.set),
                None => format!("{}-{}", first.set, kebab(name)),
            };
            if fields.id.is_some() {
                notes.push(note(
                    fields.id.as_ref(),
                    false,
                    format!("`{name}` has no id; gave it `{id}`"),
                ));
            }
            id
        }
    };

    let two_faced = back_name.is_some();
    // The front face of a field a card has once (race, attribute, colour): the whole value on
    // a one-faced row; on a two-faced one its front, with a note when the back says otherwise.
    let front_of = |source: &Source, text: &'r str, notes: &mut Vec<Note>| -> &'r str {
        if !two_faced {
            return text.trim();
        }
        let (front, back) = faces(mapping, text);
        if let Some(back) = back.filter(|b| !b.is_empty() && *b != front) {
            let message = format!("`{name}`: the back face's `{back}` is not kept");
            notes.push(note(Some(source), false, message));
        }
        front
    };
    let mut card = PoolCard {
        site: row.site.clone(),
        id,
        name: name.to_owned(),
        kind: kind.to_owned(),
        basic: mapping
            .basic
            .iter()
            .any(|b| names::key(b) == names::key(type_front)),
        printings,
        race: (fields.race.as_ref())
            .and_then(|s| Some(front_of(s, row.source(s)?, &mut notes)))
            .map(str::to_owned),
        attribute_cost: Vec::new(),
        stats: Vec::new(),
        attribute: Vec::new(),
        colour: Vec::new(),
        text: None,
        back: None,
    };
    let mut back = back_name.map(|b| Back {
        name: b.to_owned(),
        attribute_cost: Vec::new(),
        free_cost: 0,
        atk: 0,
        def: 0,
        text: None,
    });

    // A stat the front's type has neither required nor optional is left out (a zero, the
    // tool's blank for a face without it, without a word). A two-faced row's one value is
    // the back's where the front has no such stat: a ruler row's one cost turns it over
    // (its Judgment), and its one ATK is its J-ruler's.
    let free_stat = mapping.cost.as_ref().and_then(|c| c.free.as_deref());
    if let Some(source) = &fields.cost {
        if let Some(text) = row.source(source) {
            let (front, back_cost) = faces(mapping, text);
            let front_has_cost = free_stat.is_some_and(|stat| card_type.uses(stat));
            let (front, back_cost) = match (two_faced, back_cost) {
                (true, None) if !front_has_cost => (None, Some(front)),
                (_, b) => (Some(front), b),
            };
            if let Some(text) = front.filter(|t| !t.is_empty()) {
                let cost = parse_cost(mapping, text);
                unknown_symbols(&cost, name, &mut notes, &note, source);
                match free_stat {
                    None => card.attribute_cost = cost.attributes,
                    Some(stat) if card_type.uses(stat) => {
                        card.attribute_cost = cost.attributes;
                        match within(def, stat, name, cost.free) {
                            Ok(v) => card.stats.push((stat.to_owned(), v)),
                            Err(message) => notes.push(note(Some(source), false, message)),
                        }
                    }
                    Some(_) if cost.free == 0 && cost.attributes.is_empty() => {}
                    Some(_) => notes.push(note(
                        Some(source),
                        false,
                        format!(
                            "`{name}`: a {} has no cost; `{text}` left out",
                            card_type.label
                        ),
                    )),
                }
            }
            match (back_cost, back.as_mut()) {
                (Some(text), Some(back)) => {
                    let cost = parse_cost(mapping, text);
                    unknown_symbols(&cost, name, &mut notes, &note, source);
                    back.attribute_cost = cost.attributes;
                    let free =
                        free_stat.map_or(Ok(cost.free), |stat| within(def, stat, name, cost.free));
                    match free {
                        Ok(v) => back.free_cost = v,
                        Err(message) => notes.push(note(Some(source), false, message)),
                    }
                }
                (Some(text), None) if !text.is_empty() => {
                    notes.push(one_face(&note, source, name, "cost", text));
                }
                _ => {}
            }
        }
    }

    for (stat, source) in &mapping.stats {
        let Some(text) = row.source(source) else {
            continue;
        };
        let (front, back_value) = faces(mapping, text);
        let declared = card_type.uses(stat);
        let (front, back_value) = match (two_faced, back_value) {
            (true, None) if !declared => ("", Some(front)),
            (_, b) => (front, b),
        };
        let mut whole = |text: &str| -> Option<i64> {
            if let Ok(v) = text.parse::<i64>() {
                return Some(v);
            }
            if varies(text) {
                notes.push(note(
                    Some(source),
                    false,
                    format!("`{name}`: {stat} `{text}` varies in play; read as 0"),
                ));
                return Some(0);
            }
            if !text.is_empty() {
                notes.push(note(
                    Some(source),
                    false,
                    format!("`{name}`: {stat} `{text}` is not a whole number; left out"),
                ));
            }
            None
        };
        let front_value = whole(front);
        let back_value = back_value.map(|text| (text, whole(text)));
        if let Some(v) = front_value {
            match within(def, stat, name, v) {
                Err(message) => notes.push(note(Some(source), false, message)),
                Ok(0) if !declared => {}
                Ok(v) if !declared => notes.push(note(
                    Some(source),
                    false,
                    format!(
                        "`{name}`: a {} has no {stat}; {v} left out",
                        card_type.label
                    ),
                )),
                Ok(v) => card.stats.push((stat.clone(), v)),
            }
        }
        match (back_value, back.as_mut()) {
            (Some((_, Some(v))), Some(back)) => {
                let v = match within(def, stat, name, v) {
                    Ok(v) => v,
                    Err(message) => {
                        notes.push(note(Some(source), false, message));
                        continue;
                    }
                };
                match stat.as_str() {
                    "atk" => back.atk = v,
                    "def" => back.def = v,
                    _ => notes.push(note(
                        Some(source),
                        false,
                        format!("`{name}`: the back face's {stat} is not kept"),
                    )),
                }
            }
            (Some((text, _)), None) if !text.is_empty() => {
                notes.push(one_face(&note, source, name, stat, text));
            }
            _ => {}
        }
    }

    let mut unknown = Vec::new();
    if let Some(source) = &fields.attribute {
        if let Some(text) = row.source(source) {
            let text = front_of(source, text, &mut notes);
            card.attribute = words(&mapping.attributes, text, &mut unknown);
        }
    }
    let attribute_words = std::mem::take(&mut unknown);
    if let Some(source) = &fields.colour {
        if let Some(text) = row.source(source) {
            let text = front_of(source, text, &mut notes);
            card.colour = words(&mapping.colours, text, &mut unknown);
        }
    }
    for (field, what, unknown) in [
        (&fields.attribute, "attribute", attribute_words),
        (&fields.colour, "colour", unknown),
    ] {
        if !unknown.is_empty() {
            notes.push(note(
                field.as_ref(),
                false,
                format!(
                    "`{name}`: {what} `{}` is not in the mapping; left out",
                    unknown.join("`, `")
                ),
            ));
        }
    }

    // A one-faced card's text is kept whole: the plugins also use the separator between
    // abilities.
    if let Some(text) = fields.text.as_ref().and_then(|s| row.source(s)) {
        let (front, back_text) = match two_faced {
            true => faces(mapping, text),
            false => (text.trim(), None),
        };
        card.text = Some(front.to_owned()).filter(|t| !t.is_empty());
        if let (Some(text), Some(back)) = (back_text, back.as_mut()) {
            back.text = Some(text.to_owned()).filter(|t| !t.is_empty());
        }
        // Only for a type that must have an attribute (a magic stone): a regalia that
        // produces will is still void.
        let needs_attribute = card_type.requires.iter().any(|r| r == "attribute");
        if card.attribute.is_empty() && needs_attribute {
            if let Some(word) = &mapping.attribute_from_text {
                card.attribute = produced(mapping, word, front);
            }
        }
    }
    card.back = back;

    for need in &card_type.requires {
        let present = match need.as_str() {
            "attribute" => !card.attribute.is_empty(),
            "colour" => !card.colour.is_empty(),
            "judgment" => card.back.is_some(),
            stat => card.stats.iter().any(|(s, _)| s == stat),
        };
        if !present {
            let field = match need.as_str() {
                "attribute" => fields.attribute.as_ref(),
                "colour" => fields.colour.as_ref(),
                stat => mapping.stats.get(stat).or(fields.cost.as_ref()),
            };
            let has = match field.and_then(|f| row.source(f)) {
                Some(v) => format!("`{v}` is not one"),
                None => "the row has none".to_owned(),
            };
            return Err(note(
                field,
                true,
                format!(
                    "`{name}`: every {} needs `{need}`, and {has}",
                    card_type.label
                ),
            ));
        }
    }
    Ok((card, notes))
}

/// The note for the back face of a value in a row that names one face (`0 | 1500` for a
/// ruler whose J-ruler the row does not name): there is no back face to keep it on.
fn one_face(
    note: &impl Fn(Option<&Source>, bool, String) -> Note,
    source: &Source,
    name: &str,
    what: &str,
    text: &str,
) -> Note {
    let message =
        format!("`{name}`: the row names one face, so the back face's {what} `{text}` is not kept");
    note(Some(source), false, message)
}

/// Whether a printed stat varies in play (`X`, `*`, `X00`): digits with an `X` or a `*`.
fn varies(text: &str) -> bool {
    text.contains(['X', 'x', '*'])
        && (text.chars()).all(|c| c.is_ascii_digit() || matches!(c, 'X' | 'x' | '*'))
}

/// The attributes of the cost symbols that follow `word` in `text`, up to the end of each
/// sentence (`[Rest] Produce {w} or {r}.` → light, fire); symbols the mapping lacks are passed
/// over (they stay in the card's text).
fn produced(mapping: &Mapping, word: &str, text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for (_, after) in text
        .match_indices(word)
        .map(|(at, w)| text.split_at(at + w.len()))
    {
        let sentence = after.split('.').next().unwrap_or_default();
        let braced = sentence
            .split('{')
            .skip(1)
            .filter_map(|s| s.split_once('}'));
        for (symbol, _) in braced {
            let attr = mapping
                .cost
                .as_ref()
                .and_then(|c| table_get(&c.symbols, symbol));
            if let Some(attr) = attr.filter(|a| !out.iter().any(|o| o == a)) {
                out.push(attr.to_owned());
            }
        }
    }
    out
}

fn unknown_symbols(
    cost: &Cost,
    name: &str,
    notes: &mut Vec<Note>,
    note: &impl Fn(Option<&Source>, bool, String) -> Note,
    source: &Source,
) {
    if !cost.unknown.is_empty() {
        notes.push(note(
            Some(source),
            false,
            format!(
                "`{name}`: cost symbol {} is not in the mapping; left out",
                cost.unknown.join(", ")
            ),
        ));
    }
}

/// `Light Magic Stone` → `light-magic-stone`: file names and made-up ids.
pub fn kebab(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            out.push(c);
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    out
}

/// A TOML basic string.
pub fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A TOML key: bare when it can be.
fn key(text: &str) -> String {
    let bare = !text.is_empty()
        && (text.bytes()).all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if bare {
        text.to_owned()
    } else {
        quote(text)
    }
}

/// Text for a TOML comment, which may hold no control character but a tab: a foreign set code
/// or site can.
fn comment(text: &str) -> String {
    (text.chars())
        .map(|c| {
            if c.is_control() && c != '\t' {
                '\u{fffd}'
            } else {
                c
            }
        })
        .collect()
}

fn list(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|i| quote(i)).collect();
    format!("[{}]", quoted.join(", "))
}

/// The card-file TOML of one set's cards: `game`, the set declared, and one `[[cards]]`
/// table per card, as a person would write them.
pub fn card_file(game: &str, header: &str, sets: &[SetDef], cards: &[&PoolCard]) -> String {
    let mut out = String::new();
    for line in header.lines() {
        let _ = writeln!(out, "# {}", comment(line));
    }
    let _ = writeln!(out, "\ngame = {}", quote(game));
    for set in sets {
        let _ = writeln!(
            out,
            "\n[[sets]]\ncode = {}\nname = {}",
            quote(&set.code),
            quote(&set.name)
        );
    }
    for card in cards {
        write_card(&mut out, card);
    }
    out
}

fn write_card(out: &mut String, card: &PoolCard) {
    let own = &card.printings[0];
    let _ = writeln!(out, "\n[[cards]]");
    let mut line = |k: &str, v: String| {
        let _ = writeln!(out, "{} = {v}", key(k));
    };
    line("id", quote(&card.id));
    line("name", quote(&card.name));
    line("type", quote(&card.kind));
    line("set", quote(&own.set));
    if let Some(n) = own.number {
        line("number", n.to_string());
    }
    if let Some(r) = &own.rarity {
        line("rarity", quote(r));
    }
    if card.basic {
        line("basic", "true".into());
    }
    if !card.attribute_cost.is_empty() {
        line("attribute-cost", list(&card.attribute_cost));
    }
    for (stat, v) in &card.stats {
        line(stat, v.to_string());
    }
    if !card.attribute.is_empty() {
        line("attribute", list(&card.attribute));
    }
    match card.colour.as_slice() {
        [] => {}
        [one] => line("colour", quote(one)),
        many => line("colour", list(many)),
    }
    if let Some(race) = &card.race {
        line("race", quote(race));
    }
    // A basic's text is what its type does (a basic magic stone's `Produce {w}` is its
    // attribute), which the engines play (docs/rulings.md, "Imported rules text").
    let text = card.text.is_some() || card.back.as_ref().is_some_and(|b| b.text.is_some());
    if text && !card.basic {
        line("unmodelled", "true".into());
    }
    if let Some(t) = &card.text {
        line("text", quote(t));
    }
    if card.printings.len() > 1 {
        let others: Vec<String> = (card.printings[1..].iter())
            .map(|p| {
                let mut fields = vec![format!("set = {}", quote(&p.set))];
                fields.extend(p.number.map(|n| format!("number = {n}")));
                fields.extend(p.rarity.as_ref().map(|r| format!("rarity = {}", quote(r))));
                format!("{{ {} }}", fields.join(", "))
            })
            .collect();
        line("printings", format!("[{}]", others.join(", ")));
    }
    if let Some(back) = &card.back {
        let _ = writeln!(out, "\n[cards.judgment]");
        let mut line = |k: &str, v: String| {
            let _ = writeln!(out, "{k} = {v}");
        };
        if !back.attribute_cost.is_empty() {
            line("attribute-cost", list(&back.attribute_cost));
        }
        line("free-cost", back.free_cost.to_string());
        line("j-name", quote(&back.name));
        line("atk", back.atk.to_string());
        line("def", back.def.to_string());
        if let Some(t) = &back.text {
            line("text", quote(t));
        }
    }
}

/// A tool's cards mapped and merged: the same name in several sets (or again in one) is one
/// card with several printings; a basic's name suffixed by a set code (`Light Magic Stone
/// (SDL1)`) is that card's printing.
#[derive(Debug, Default)]
pub struct Pool {
    pub cards: Vec<PoolCard>,
    /// What was skipped or guessed, in reading order.
    pub notes: Vec<Note>,
    /// Rows read, mapped or not.
    pub rows: usize,
    /// The names the tool gives its sets (a Cockatrice `<longname>`); a set not listed is
    /// named by its code.
    pub set_names: Vec<SetDef>,
}

/// What an import wrote, or would write: file names (relative to the database folder) and
/// their texts.
#[derive(Debug, Default, Clone)]
pub struct PoolFiles {
    pub cards: Vec<(String, String)>,
    pub formats: Vec<(String, String)>,
}

/// A format another tool defines: its label, its sets, where it was read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ForeignFormat {
    pub label: String,
    pub sets: Vec<String>,
    pub site: Option<Site>,
}

impl Pool {
    /// Maps `rows` for the game `def` and merges reprints. Notes already found while reading
    /// the rows' files come first (`notes`).
    pub fn build(mapping: &Mapping, def: &GameDef, rows: Vec<Row>, notes: Vec<Note>) -> Pool {
        let mut pool = Pool {
            rows: rows.len(),
            notes,
            ..Pool::default()
        };
        let mut mapped = Vec::with_capacity(rows.len());
        for row in &rows {
            match map_row(mapping, def, row) {
                Ok((card, notes)) => {
                    pool.notes.extend(notes);
                    mapped.push(card);
                }
                Err(note) => pool.notes.push(note),
            }
        }
        // A set is one set whatever the case of its code (it is declared, and its file named,
        // once): a printing that spells it otherwise than where it first stood is written as
        // there, with a note.
        let mut spelt = rustc_hash::FxHashMap::<String, String>::default();
        for card in &mut mapped {
            for printing in &mut card.printings {
                let first = (spelt.entry(printing.set.to_ascii_lowercase()))
                    .or_insert_with(|| printing.set.clone());
                if *first != printing.set {
                    pool.notes.push(Note {
                        site: card.site.clone(),
                        field: mapping.fields.set.as_ref().map(|f| f.from.clone()),
                        skipped: false,
                        message: format!(
                            "set `{}` of `{}` is taken as set `{first}`, as it is first written",
                            printing.set, card.name
                        ),
                    });
                    printing.set = first.clone();
                }
            }
        }
        let sets: rustc_hash::FxHashSet<String> = spelt.into_keys().collect();
        let mut by_name = names::KeyMap::<usize>::default();
        let mut ids = names::KeyMap::<usize>::default();
        for mut card in mapped {
            if let Some(base) = unsuffixed(&card.name, &sets) {
                card.name = base.to_owned();
            }
            let key = names::key(&card.name);
            if let Some(&first) = by_name.get(&key) {
                pool.reprint(first, card);
                continue;
            }
            let id = names::key(&card.id);
            if let Some(&other) = ids.get(&id) {
                let other = &pool.cards[other];
                pool.notes.push(Note {
                    site: card.site.clone(),
                    field: mapping.fields.id.as_ref().map(|f| f.from.clone()),
                    skipped: true,
                    message: format!(
                        "`{}` has id `{}`, which `{}`{} has already",
                        card.name,
                        card.id,
                        other.name,
                        at(&other.site)
                    ),
                });
                continue;
            }
            ids.insert(id, pool.cards.len());
            by_name.insert(key, pool.cards.len());
            pool.cards.push(card);
        }
        // In reading order: a file's notes by line, whichever step found them.
        pool.notes.sort_by(|a, b| a.site.cmp(&b.site));
        pool
    }

    /// Adds `card`'s printing to the card at `first`, which has its name.
    fn reprint(&mut self, first: usize, card: PoolCard) {
        let kept = &mut self.cards[first];
        let mut differs = Vec::new();
        if kept.kind != card.kind {
            differs.push("type");
        }
        if kept.attribute_cost != card.attribute_cost || kept.stats != card.stats {
            differs.push("cost or stats");
        }
        if kept.attribute != card.attribute || kept.colour != card.colour {
            differs.push("attribute or colour");
        }
        if kept.back.as_ref().map(|b| &b.name) != card.back.as_ref().map(|b| &b.name) {
            differs.push("the back face");
        }
        let note = |skipped: bool, message: String| Note {
            site: card.site.clone(),
            field: None,
            skipped,
            message,
        };
        let mut notes = Vec::new();
        if !differs.is_empty() {
            notes.push(note(
                false,
                format!(
                    "`{}` is a reprint of the card{}, but differs in {}; the first is kept",
                    card.name,
                    at(&kept.site),
                    differs.join(", ")
                ),
            ));
        }
        for printing in card.printings {
            let same = |p: &PoolPrinting| p.set == printing.set && p.number == printing.number;
            if kept.printings.iter().any(same) {
                notes.push(note(
                    true,
                    format!(
                        "`{}` is listed again in set {}{}",
                        card.name,
                        printing.set,
                        at(&kept.site)
                    ),
                ));
            } else {
                kept.printings.push(printing);
            }
        }
        self.notes.extend(notes);
    }

    pub fn printings(&self) -> usize {
        self.cards.iter().map(|c| c.printings.len()).sum()
    }

    pub fn two_faced(&self) -> usize {
        self.cards.iter().filter(|c| c.back.is_some()).count()
    }

    /// Every set a card is printed in, in order of first appearance ([`Pool::build`] gave each
    /// set one spelling).
    pub fn sets(&self) -> Vec<&str> {
        let mut seen = rustc_hash::FxHashSet::default();
        (self.cards.iter())
            .flat_map(|c| &c.printings)
            .map(|p| p.set.as_str())
            .filter(|s| seen.insert(*s))
            .collect()
    }

    /// The card files: one per set, holding the cards first printed there and declaring the
    /// set, so every set a printing names is declared once. `header` opens each file.
    pub fn card_files(&self, game: &str, header: &str) -> Vec<(String, String)> {
        let mut taken = rustc_hash::FxHashSet::default();
        (self.sets().into_iter())
            .map(|set| {
                let cards: Vec<&PoolCard> = (self.cards.iter())
                    .filter(|c| c.printings[0].set == set)
                    .collect();
                let named = self
                    .set_names
                    .iter()
                    .find(|s| s.code.eq_ignore_ascii_case(set));
                let def = SetDef {
                    code: set.to_owned(),
                    name: named.map_or(set, |s| s.name.as_str()).to_owned(),
                };
                let mut stem = kebab(set);
                if stem.is_empty() {
                    stem = "set".into();
                }
                let mut name = format!("{stem}.toml");
                let mut n = 2;
                while !taken.insert(name.clone()) {
                    name = format!("{stem}-{n}.toml");
                    n += 1;
                }
                let header = format!(
                    "{header}\nSet {set}: {} cards first printed here.",
                    cards.len()
                );
                (name, card_file(game, &header, &[def], &cards))
            })
            .collect()
    }

    /// The format files for `formats`: each extends the mapping's base format with a
    /// `set-legality` rule over its sets that hold cards; a set no card is printed in is left
    /// out, with a note (a format may name only sets its game has).
    pub fn format_files(
        &self,
        game: &str,
        extends: &str,
        formats: &[ForeignFormat],
        notes: &mut Vec<Note>,
    ) -> Vec<(String, String)> {
        let sets = self.sets();
        let mut taken = rustc_hash::FxHashSet::default();
        let mut out = Vec::new();
        for format in formats {
            let label = kebab(&format.label);
            let id = format!(
                "{game}-lackey-{}",
                if label.is_empty() { "format" } else { &label }
            );
            let note = |message: String| Note {
                site: format.site.clone(),
                field: None,
                skipped: true,
                message,
            };
            if !taken.insert(id.clone()) {
                notes.push(note(format!("format `{}` is defined again", format.label)));
                continue;
            }
            let (kept, unknown): (Vec<&String>, Vec<&String>) =
                (format.sets.iter()).partition(|s| sets.iter().any(|k| k.eq_ignore_ascii_case(s)));
            if !unknown.is_empty() {
                let unknown: Vec<&str> = unknown.iter().map(|s| s.as_str()).collect();
                notes.push(Note {
                    skipped: false,
                    ..note(format!(
                        "format `{}` names {} no card is printed in: {}; left out",
                        format.label,
                        if unknown.len() == 1 { "a set" } else { "sets" },
                        unknown.join(", ")
                    ))
                });
            }
            let kept: Vec<String> = (kept.into_iter())
                .map(|s| {
                    let code = sets.iter().find(|k| k.eq_ignore_ascii_case(s));
                    code.map_or_else(|| s.clone(), |c| (*c).to_owned())
                })
                .collect();
            let mut text = String::new();
            let _ = writeln!(
                text,
                "# Imported by `decksmith db import` from a LackeyCCG plugin's formats.txt{}.",
                format
                    .site
                    .as_ref()
                    .map_or(String::new(), |s| format!(" ({})", comment(&s.to_string())))
            );
            let _ = writeln!(text, "id = {}", quote(&id));
            let _ = writeln!(text, "game = {}", quote(game));
            let _ = writeln!(text, "name = {}", quote(&format.label));
            let _ = writeln!(
                text,
                "description = {}",
                quote(&format!("{extends} with only the sets of {}", format.label))
            );
            let _ = writeln!(text, "extends = {}", quote(extends));
            let _ = writeln!(
                text,
                "\n[[rules]]\nkind = \"set-legality\"\nsets = {}",
                list(&kept)
            );
            out.push((format!("{id}.toml"), text));
        }
        out
    }
}

/// ` (at file:line)`, or nothing for a card read from nowhere in particular.
fn at(site: &Option<Site>) -> String {
    site.as_ref().map_or(String::new(), |s| format!(" at {s}"))
}

/// `Light Magic Stone` for `Light Magic Stone (SDL1)` when `SDL1` is one of `sets` (lower
/// case); `None` for a name without such a suffix.
pub fn unsuffixed<'n>(name: &'n str, sets: &rustc_hash::FxHashSet<String>) -> Option<&'n str> {
    let (base, code) = name.trim_end().strip_suffix(')')?.rsplit_once(" (")?;
    let base = base.trim_end();
    (!base.is_empty() && sets.contains(&code.trim().to_ascii_lowercase())).then_some(base)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card_db::GameFile;

    fn fow() -> GameDef {
        let text = include_str!("../../card-db/fow/game.toml");
        toml::from_str::<GameFile>(text)
            .expect("fow's game.toml reads")
            .game
    }

    fn row(values: &[(&str, &str)]) -> Row {
        Row {
            site: Some(Site {
                file: "sets/test.txt".into(),
                line: 2,
            }),
            values: (values.iter())
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            printings: Vec::new(),
        }
    }

    #[test]
    fn a_lackey_row_becomes_the_card_a_person_would_write() {
        let def = fow();
        let mapping = def.import.lackey.clone().expect("fow maps LackeyCCG");
        let resonator = row(&[
            ("Name", "Test Knight"),
            ("Set", "TST"),
            ("SetID", "TST-007"),
            ("Type", "Resonator"),
            ("Subtype/Race", "Human"),
            ("Cost", "{r}{r}{1}"),
            ("ATK", "700"),
            ("DEF", "600"),
            ("Attribute", "Fire"),
            ("Rarity", "R"),
            ("Cardtext", "[Swiftness]"),
        ]);
        let (card, notes) = map_row(&mapping, &def, &resonator).unwrap();
        assert_eq!(notes, []);
        let text = card_file("fow", "a test", &[], &[&card]);
        assert_eq!(
            text,
            "# a test\n\ngame = \"fow\"\n\n[[cards]]\nid = \"TST-007\"\nname = \"Test Knight\"\n\
             type = \"resonator\"\nset = \"TST\"\nnumber = 7\nrarity = \"R\"\n\
             attribute-cost = [\"fire\", \"fire\"]\nfree-cost = 1\natk = 700\ndef = 600\n\
             attribute = [\"fire\"]\nrace = \"Human\"\nunmodelled = true\ntext = \"[Swiftness]\"\n"
        );
        let src = crate::diagnostic::SourceFile::new("tst.toml", text);
        let mut cards = Vec::new();
        let parsed = crate::card_db::read::parse_card_file(&src, &mut cards).unwrap();
        let mut problems = Vec::new();
        assert!(crate::card_db::read::check_stats(
            &def,
            &cards,
            &parsed.set_aside,
            &src,
            &mut problems
        ));
        assert_eq!(
            (cards[0].will_cost(), cards[0].stat("atk")),
            (Some(3), Some(700))
        );
    }

    #[test]
    fn a_set_code_in_another_case_is_the_set_as_first_written() {
        let def = fow();
        let mapping = def.import.lackey.clone().expect("fow maps LackeyCCG");
        let resonator = |name: &str, set: &str, id: &str, line: usize| {
            let mut r = row(&[
                ("Name", name),
                ("Set", set),
                ("SetID", id),
                ("Type", "Resonator"),
                ("Cost", "{w}"),
                ("ATK", "300"),
                ("DEF", "300"),
                ("Attribute", "Light"),
            ]);
            r.site.as_mut().unwrap().line = line;
            r
        };
        let rows = vec![
            resonator("Lumen Squire", "TS1", "TS1-002", 2),
            // First printed in `ts1`: its card must land in TS1's file, not in none.
            resonator("Lumen Archer", "ts1", "TS1-003", 3),
            resonator("Lumen Squire", "TS2", "TS2-002", 4),
            // A reprint in `tS2`: its printing must name the set TS2 declares.
            resonator("Lumen Squire", "tS2", "TS2-009", 5),
        ];
        let pool = Pool::build(&mapping, &def, rows, Vec::new());
        let files = pool.card_files("fow", "a test");
        let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["ts1.toml", "ts2.toml"]);
        let written: String = files.iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(written.matches("[[cards]]").count(), 2, "{written}");
        assert!(
            written.contains("name = \"Lumen Archer\"\ntype = \"resonator\"\nset = \"TS1\""),
            "{written}"
        );
        assert!(
            !written.contains("\"ts1\"") && !written.contains("\"tS2\""),
            "{written}"
        );
        let squire = &pool.cards[0];
        let sets: Vec<&str> = squire.printings.iter().map(|p| p.set.as_str()).collect();
        assert_eq!(sets, ["TS1", "TS2", "TS2"]);
        let notes: Vec<String> = pool.notes.iter().map(|n| n.to_string()).collect();
        assert!(
            notes.iter().any(|n| n.contains("sets/test.txt:3")
                && n.contains("set `ts1` of `Lumen Archer` is taken as set `TS1`")),
            "{notes:?}"
        );
        assert!(
            notes
                .iter()
                .any(|n| n.contains("sets/test.txt:5") && n.contains("`tS2`")),
            "{notes:?}"
        );
    }

    #[test]
    fn a_ruler_row_with_two_faces_is_one_ruler_with_its_judgment() {
        let def = fow();
        let mapping = def.import.lackey.clone().unwrap();
        let ruler = row(&[
            ("Name", "Test Queen | Test Queen, Crowned"),
            ("Set", "TST"),
            ("SetID", "TST-001"),
            ("Type", "Ruler | J-Ruler"),
            ("Cost", "{w}{w}{1}"),
            ("ATK", "800"),
            ("DEF", "1000"),
            ("Attribute", "Light"),
            ("Cardtext", "Front text | Back text"),
        ]);
        let (card, notes) = map_row(&mapping, &def, &ruler).unwrap();
        assert_eq!(notes, []);
        assert_eq!(card.kind, "ruler");
        assert!(card.attribute_cost.is_empty());
        let back = card.back.unwrap();
        assert_eq!(
            (back.name.as_str(), back.atk, back.def),
            ("Test Queen, Crowned", 800, 1000)
        );
        assert_eq!((back.attribute_cost.len(), back.free_cost), (2, 1));
        assert_eq!(back.text.as_deref(), Some("Back text"));
    }

    /// A J-ruler's ATK is held to the game's range like any other (5000 is Force of Will's
    /// most): 5001 is left out with a note, so the card file passes `db check`.
    #[test]
    fn a_j_rulers_stat_outside_the_range_is_left_out_with_a_note() {
        let def = fow();
        let mapping = def.import.lackey.clone().unwrap();
        let ruler = |atk: &str| {
            row(&[
                ("Name", "Test Queen | Test Queen, Crowned"),
                ("Set", "TST"),
                ("SetID", "TST-001"),
                ("Type", "Ruler | J-Ruler"),
                ("Cost", "{w}{w}{1}"),
                ("ATK", atk),
                ("DEF", "1000"),
                ("Attribute", "Light"),
            ])
        };
        let (card, notes) = map_row(&mapping, &def, &ruler("5000")).unwrap();
        assert_eq!(notes, []);
        assert_eq!(card.back.unwrap().atk, 5000);
        let (card, notes) = map_row(&mapping, &def, &ruler("5001")).unwrap();
        assert_eq!(card.back.unwrap().atk, 0);
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(
            (notes[0].message).contains("atk 5001 is outside Force of Will's range 0..5000"),
            "{notes:?}"
        );
    }

    #[test]
    fn a_row_that_cannot_be_mapped_says_why_with_its_place() {
        let def = fow();
        let mapping = def.import.lackey.clone().unwrap();
        let bad = row(&[("Name", "Oddity"), ("Set", "TST"), ("Type", "Resonatr")]);
        let skipped = map_row(&mapping, &def, &bad).unwrap_err();
        assert!(skipped.skipped);
        assert_eq!(
            skipped.to_string(),
            "sets/test.txt:2: [Type] skipped: `Oddity` has type `Resonatr`, which the mapping \
             does not list; did you mean `Resonator`?"
        );
        let no_attribute = row(&[
            ("Name", "Grey Stone"),
            ("Set", "TST"),
            ("Type", "Magic Stone"),
            ("Cardtext", "[Rest]: Produce {1}."),
        ]);
        let skipped = map_row(&mapping, &def, &no_attribute).unwrap_err();
        assert_eq!(
            skipped.message,
            "`Grey Stone`: every Magic Stone needs `attribute`, and the row has none"
        );
        let token = row(&[("Name", "Fairy"), ("Set", "TST"), ("Type", "token")]);
        let skipped = map_row(&mapping, &def, &token).unwrap_err();
        assert!(skipped.skipped);
        assert_eq!(
            skipped.message,
            "`Fairy` is a `token`, which the mapping skips"
        );
    }

    /// The shapes of the Force of Will plugin's later sets: a chant typed `Spell`, darkness
    /// as `{d}`, a void resonator, a regalia, and text whose abilities are parted by `|`.
    #[test]
    fn the_plugins_later_rows_read_as_the_cards_they_are() {
        let def = fow();
        let mapping = def.import.lackey.clone().unwrap();
        let read = |values: &[(&str, &str)]| map_row(&mapping, &def, &row(values)).unwrap();
        let (chant, notes) = read(&[
            ("Name", "Dark Pulse"),
            ("Set", "TST"),
            ("SetID", "TST-001"),
            ("Type", "Spell"),
            ("Subtype/Race", "Chant - Instant"),
            ("Cost", "{d}{2}"),
            ("Attribute", "Dark"),
        ]);
        assert_eq!(notes, []);
        assert_eq!(chant.kind, "chant");
        assert_eq!(chant.attribute_cost, ["darkness"]);
        assert_eq!(chant.attribute, ["darkness"]);
        let (void, notes) = read(&[
            ("Name", "Grey Golem"),
            ("Set", "TST"),
            ("SetID", "TST-001"),
            ("Type", "Resonator"),
            ("Cost", "{3}"),
            ("ATK", "600"),
            ("DEF", "600"),
            ("Attribute", "Void"),
        ]);
        assert_eq!(notes, []);
        assert!(void.attribute.is_empty());
        let (regalia, notes) = read(&[
            ("Name", "Test Sword"),
            ("Set", "TST"),
            ("SetID", "TST-001"),
            ("Type", "Regalia"),
            ("Cost", "{0}"),
        ]);
        assert_eq!(notes, []);
        assert_eq!(regalia.kind, "regalia");
        let (stone, notes) = read(&[
            ("Name", "Twin Stone"),
            ("Set", "TST"),
            ("SetID", "TST-001"),
            ("Type", "Special Magic Stone"),
            (
                "Cardtext",
                "[Continuous] Treat this card as two stones.|[Rest]: Produce {d} or {u}.",
            ),
        ]);
        assert_eq!(notes, []);
        assert_eq!(stone.attribute, ["darkness", "water"]);
        assert_eq!(
            stone.text.as_deref(),
            Some("[Continuous] Treat this card as two stones.|[Rest]: Produce {d} or {u}.")
        );
    }

    /// A value that belongs on a face the card lacks: a zero is the plugin's blank and goes
    /// without a word; anything else is left out with a note, never lost silently.
    #[test]
    fn a_value_for_a_face_the_card_lacks_is_left_out_with_a_note_unless_it_is_zero() {
        let def = fow();
        let mapping = def.import.lackey.clone().unwrap();
        let read = |values: &[(&str, &str)]| map_row(&mapping, &def, &row(values)).unwrap();
        // A ruler row that names no J-ruler, with the J-ruler's stats behind its zeros.
        let (ruler, notes) = read(&[
            ("Name", "Old King"),
            ("Set", "TST"),
            ("SetID", "TST-001"),
            ("Type", "Ruler"),
            ("Cost", "0"),
            ("ATK", "0 | 1500"),
            ("DEF", "0 | 800"),
        ]);
        assert!(ruler.stats.is_empty() && ruler.back.is_none());
        let notes: Vec<&str> = notes.iter().map(|n| n.message.as_str()).collect();
        assert_eq!(
            notes,
            [
                "`Old King`: the row names one face, so the back face's atk `1500` is not kept",
                "`Old King`: the row names one face, so the back face's def `800` is not kept",
            ]
        );
        let (ruler, notes) = read(&[
            ("Name", "Young King"),
            ("Set", "TST"),
            ("SetID", "TST-001"),
            ("Type", "Ruler"),
            ("Cost", "{w}"),
            ("ATK", "700"),
        ]);
        assert!(ruler.stats.is_empty() && ruler.attribute_cost.is_empty());
        let notes: Vec<&str> = notes.iter().map(|n| n.message.as_str()).collect();
        assert_eq!(
            notes,
            [
                "`Young King`: a Ruler has no cost; `{w}` left out",
                "`Young King`: a Ruler has no atk; 700 left out",
            ]
        );
    }

    /// A two-faced resonator (a Shift card) has a cost and stats of its own: a single value
    /// is the front's, where a ruler's is its J-ruler's.
    #[test]
    fn a_two_faced_rows_one_value_is_the_face_that_has_the_stat() {
        let def = fow();
        let mapping = def.import.lackey.clone().unwrap();
        let shift = row(&[
            ("Name", "Gate Keeper | Gate Breaker"),
            ("Set", "TST"),
            ("SetID", "TST-001"),
            ("Type", "Resonator (Shift)"),
            ("Subtype/Race", "Wizard | Moon Princess"),
            ("Cost", "{d}{d}{1}"),
            ("ATK", "600"),
            ("DEF", "700"),
            ("Attribute", "Dark"),
        ]);
        let (card, notes) = map_row(&mapping, &def, &shift).unwrap();
        assert_eq!(card.kind, "resonator");
        assert_eq!(card.attribute_cost, ["darkness", "darkness"]);
        let stats = [
            ("free-cost".to_owned(), 1),
            ("atk".into(), 600),
            ("def".into(), 700),
        ];
        assert_eq!(card.stats, stats);
        assert_eq!(card.race.as_deref(), Some("Wizard"));
        let notes: Vec<&str> = notes.iter().map(|n| n.message.as_str()).collect();
        assert_eq!(
            notes,
            [
                "`Gate Keeper`: type `Resonator (Shift)` is not listed; read as `resonator`",
                "`Gate Keeper`: the back face's `Moon Princess` is not kept",
            ]
        );
    }

    /// A stat printed as `X` or `*` is worked out in play: the card is kept, at 0, with a
    /// note; a value that is no number at all is left out.
    #[test]
    fn a_stat_that_varies_in_play_is_read_as_zero_with_a_note() {
        let def = fow();
        let mapping = def.import.lackey.clone().unwrap();
        let read = |atk: &str| {
            let values = [
                ("Name", "Hand Counter"),
                ("Set", "TST"),
                ("SetID", "TST-001"),
                ("Type", "Resonator"),
                ("ATK", atk),
                ("DEF", "400"),
            ];
            map_row(&mapping, &def, &row(&values))
        };
        for atk in ["X", "*", "x00"] {
            let (card, notes) = read(atk).unwrap();
            assert_eq!(card.stats[0], ("atk".to_owned(), 0), "{atk}");
            assert_eq!(
                notes[0].message,
                format!("`Hand Counter`: atk `{atk}` varies in play; read as 0")
            );
        }
        let skipped = read("many").unwrap_err();
        assert!(skipped.message.contains("needs `atk`"), "{skipped}");
    }

    /// A cost's numbers add up to the free cost, which is a stat like the others: 10 is
    /// within Force of Will's range, 11 is left out with a note, so the card file passes
    /// `db check` (fuzz/regressions/lackey-set/a-free-cost-outside-the-range).
    #[test]
    fn a_free_cost_outside_the_games_range_is_left_out_with_a_note() {
        let def = fow();
        let mapping = def.import.lackey.clone().expect("fow maps LackeyCCG");
        let chant = |cost: &str| {
            row(&[
                ("Name", "Test Burst"),
                ("Set", "TST"),
                ("SetID", "TST-001"),
                ("SetID", "TST-001"),
                ("Type", "Chant"),
                ("Cost", cost),
                ("Attribute", "Fire"),
            ])
        };
        let (card, notes) = map_row(&mapping, &def, &chant("{r}{4}{6}")).unwrap();
        assert_eq!(notes, []);
        assert!(
            card.stats.contains(&("free-cost".to_owned(), 10)),
            "{:?}",
            card.stats
        );
        let (card, notes) = map_row(&mapping, &def, &chant("{r}{5}{6}")).unwrap();
        assert!(
            !card.stats.iter().any(|(s, _)| s == "free-cost"),
            "{:?}",
            card.stats
        );
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(
            (notes[0].message).contains("free-cost 11 is outside Force of Will's range 0..10"),
            "{notes:?}"
        );
    }

    #[test]
    fn costs_read_braced_and_bare_symbols() {
        let mapping = fow().import.lackey.unwrap();
        let cost = parse_cost(&mapping, "{w}{u}{12}");
        assert_eq!(
            (cost.attributes, cost.free),
            (vec!["light".to_owned(), "water".to_owned()], 12)
        );
        let cost = parse_cost(&mapping, "2WX");
        assert_eq!(
            (cost.attributes.len(), cost.free, cost.unknown),
            (1, 2, vec!["{X}".to_owned()])
        );
        assert_eq!(collector_number("SDR1-010"), Some(10));
        assert_eq!(collector_number("VIN001-080.png"), Some(80));
        assert_eq!(collector_number("PR"), None);
        // A character of several bytes before the digits (a fuzz finding).
        assert_eq!(collector_number("TS½1"), Some(1));
        assert_eq!(collector_number("½"), None);
    }
}
