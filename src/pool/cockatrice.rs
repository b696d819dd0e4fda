//! Cockatrice card databases: `cards.xml` and custom sets, XML with a
//! `<cockatrice_carddatabase version="4">` (or the older `version="3"`) root holding `<sets>`
//! (`<set>` with `<name>`, `<longname>`, `<settype>`, `<releasedate>`) and `<cards>`.
//!
//! A `<card>` has a `<name>` and a `<text>`; its properties are the children of `<prop>` in
//! version 4 (`<type>`, `<maintype>`, `<manacost>`, `<cmc>`, `<colors>`, `<pt>`, any name a
//! custom set gives), and direct children in version 3 (`<type>`, `<manacost>`, `<cmc>`,
//! `<color>` once per colour, `<pt>`, `<loyalty>`), where Cockatrice derives `maintype` from
//! the type line. Each `<set>` child is one printing: the set code as its text, `num` and
//! `rarity` among its attributes. A card becomes one [`Row`] of named values with its
//! printings, for the game's `[game.import.cockatrice]` mapping.
//!
//! Read as tolerantly as Cockatrice reads it (its `CockatriceXml3Parser` and
//! `CockatriceXml4Parser` skip what they do not know and keep going): an element or attribute
//! decksmith has no place for is a note, once per kind, naming the line where it first stood;
//! broken XML keeps what came before the break, with a note. Cockatrice's own bookkeeping is
//! passed over quietly: the `<info>` header, and a printing's `uuid`, `muid` and `picurl`,
//! which identify the printing's picture, not the card.

use super::{Note, Row, RowPrinting, Site};
use crate::card_db::SetDef;
use crate::error::Error;
use crate::line_index::LineIndex;
use crate::xml::{self, tag};
use quick_xml::events::Event;
use quick_xml::{Reader, XmlVersion};
use rustc_hash::FxHashSet;
use std::path::Path;

/// The root element of a Cockatrice card database.
const ROOT: &str = "cockatrice_carddatabase";

/// A card's properties in version 3, each a direct child of `<card>` (`<color>` apart).
const V3_PROPERTIES: &[&str] = &["type", "manacost", "cmc", "pt", "loyalty"];

/// Children of `<card>` in either version that are kept as values of the same name: a mapping
/// may name them, as it names a property.
const CARD_VALUES: &[&str] = &["name", "text", "tablerow", "token", "cipt", "upsidedown"];

/// A printing's attributes that say which picture Cockatrice shows, skipped without a word.
const PRINTING_BOOKKEEPING: &[&str] = &["uuid", "muid", "picurl"];

/// A card database, read: its sets, one row per card, and what was noted while reading.
#[derive(Debug, Default)]
pub struct Database {
    /// The `version` attribute as written.
    pub version: Option<String>,
    /// The `<sets>` declared: code and long name.
    pub sets: Vec<SetDef>,
    pub rows: Vec<Row>,
    pub notes: Vec<Note>,
}

/// Whether `path` is a file whose first element is `<cockatrice_carddatabase>`.
pub fn is_database(path: &Path) -> bool {
    use std::io::Read;
    let Ok(file) = std::fs::File::open(path) else {
        return false;
    };
    // The root comes after at most a declaration and a few comments.
    let mut head = Vec::new();
    if file.take(64 * 1024).read_to_end(&mut head).is_err() {
        return false;
    }
    let head = String::from_utf8_lossy(head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&head));
    let mut reader = Reader::from_str(&head);
    loop {
        match reader.read_event() {
            Ok(Event::Start(e) | Event::Empty(e)) => return tag(&e) == ROOT,
            Ok(Event::Decl(_) | Event::Comment(_) | Event::PI(_) | Event::DocType(_)) => {}
            Ok(Event::Text(t)) if t.decode().is_ok_and(|t| t.trim().is_empty()) => {}
            _ => return false,
        }
    }
}

/// Reads the card database at `path`. A file that is not UTF-8 is read with the bytes that
/// are not replaced, with a note; a file that is not a Cockatrice card database is refused.
pub fn read(path: &Path) -> Result<Database, Error> {
    let bytes = std::fs::read(path).map_err(|source| Error::Read {
        path: path.to_owned(),
        source,
    })?;
    let file = path.display().to_string();
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
    let (text, bad_at) = match std::str::from_utf8(bytes) {
        Ok(text) => (std::borrow::Cow::Borrowed(text), None),
        Err(e) => (String::from_utf8_lossy(bytes), Some(e.valid_up_to())),
    };
    let mut db = parse(&file, &text).map_err(|message| {
        Error::usage_with_help(
            format!("`{file}` is not a Cockatrice card database: {message}"),
            "point at a Cockatrice cards.xml or custom set file (its root element is <cockatrice_carddatabase>)",
        )
    })?;
    if let Some(at) = bad_at {
        let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        db.notes.insert(
            0,
            Note {
                site: Some(Site { file, line }),
                field: None,
                skipped: false,
                message: "the file is not UTF-8 from here; bytes that are not were read as �"
                    .into(),
            },
        );
    }
    Ok(db)
}

/// An element read whole: its attributes, its own text, its children, and its line.
#[derive(Debug, Default)]
struct Element {
    name: String,
    attributes: Vec<(String, String)>,
    text: String,
    children: Vec<Element>,
    line: usize,
}

impl Element {
    /// Its text with its children's, as Cockatrice's `readElementText(IncludeChildElements)`.
    fn all_text(&self) -> String {
        let mut out = self.text.clone();
        for child in &self.children {
            out.push_str(&child.all_text());
        }
        out
    }
}

/// Reads a card database's text. `file` names it in notes. Refuses (with the reason) text
/// whose first element is not `<cockatrice_carddatabase>`.
pub fn parse(file: &str, text: &str) -> Result<Database, String> {
    let mut notes = Notes::new(file);
    let root = tree(text, &mut notes)?;
    let mut db = Database {
        version: attribute(&root, "version").map(str::to_owned),
        ..Database::default()
    };
    let v3 = match db.version.as_deref().map(str::trim) {
        Some("3") => true,
        Some("4") => false,
        other => {
            notes.note(
                root.line,
                None,
                format!(
                    "{} is not a version decksmith knows (3 or 4); read as version 4",
                    other.map_or("no version".to_owned(), |v| format!("version `{v}`"))
                ),
            );
            false
        }
    };
    notes.attributes(&root, &["version", "xmlns:xsi", "xsi:schemaLocation"]);
    notes.stray_text(&root);
    for section in &root.children {
        match section.name.as_str() {
            "sets" => read_sets(section, &mut db.sets, &mut notes),
            "cards" => {
                notes.stray_text(section);
                for card in &section.children {
                    if card.name == "card" {
                        db.rows.extend(read_card(card, v3, &mut notes));
                    } else {
                        notes.element(card, "<cards>");
                    }
                }
            }
            "info" => {}
            _ => notes.element(section, "the database"),
        }
    }
    db.notes = notes.notes;
    Ok(db)
}

fn read_sets(sets: &Element, out: &mut Vec<SetDef>, notes: &mut Notes) {
    notes.stray_text(sets);
    for set in &sets.children {
        if set.name != "set" {
            notes.element(set, "<sets>");
            continue;
        }
        notes.stray_text(set);
        let (mut code, mut long) = (String::new(), String::new());
        for field in &set.children {
            match field.name.as_str() {
                "name" => code = field.all_text().trim().to_owned(),
                "longname" => long = field.all_text().trim().to_owned(),
                // What kind of set and when it came out: nothing a deck's legality reads.
                "settype" | "releasedate" => {}
                _ => notes.element(field, "a <set> of <sets>"),
            }
        }
        if code.is_empty() {
            notes.skip(
                set.line,
                None,
                "a set without a <name> is passed over".into(),
            );
            continue;
        }
        if out.iter().any(|s| s.code.eq_ignore_ascii_case(&code)) {
            notes.skip(set.line, None, format!("set `{code}` is declared again"));
            continue;
        }
        let name = if long.is_empty() { code.clone() } else { long };
        out.push(SetDef { code, name });
    }
}

/// One `<card>` as a row, or nothing for a token (not a card a deck holds).
fn read_card(card: &Element, v3: bool, notes: &mut Notes) -> Option<Row> {
    notes.stray_text(card);
    let mut row = Row {
        site: Some(notes.site(card.line)),
        ..Row::default()
    };
    let mut colours: Vec<String> = Vec::new();
    for child in &card.children {
        let name = child.name.as_str();
        match name {
            "set" => printing(child, &mut row, notes),
            "prop" if !v3 => {
                notes.stray_text(child);
                for prop in &child.children {
                    row.values.push((prop.name.clone(), prop.all_text()));
                }
            }
            "color" if v3 => colours.push(child.all_text().trim().to_owned()),
            _ if CARD_VALUES.contains(&name) || (v3 && V3_PROPERTIES.contains(&name)) => {
                let value = child.all_text();
                if v3 && name == "type" {
                    row.values.push(("maintype".into(), main_type(&value)));
                }
                row.values.push((name.to_owned(), value));
            }
            "related" | "reverse-related" => notes.once(
                child.line,
                format!("<{name}> (the cards a card makes or turns into) is not kept"),
            ),
            _ => notes.element(child, "a <card>"),
        }
    }
    if v3 {
        colours.retain(|c| !c.is_empty());
        row.values.push(("colors".into(), colours.join("/")));
    }
    if row
        .get("token")
        .is_some_and(|t| t.parse::<i64>().is_ok_and(|t| t != 0))
    {
        let name = row.get("name").unwrap_or("a card").to_owned();
        notes.skip(
            card.line,
            Some("token".into()),
            format!("`{name}` is a token, not a card a deck holds"),
        );
        return None;
    }
    Some(row)
}

/// A card's `<set>` element: one printing.
fn printing(set: &Element, row: &mut Row, notes: &mut Notes) {
    let code = set.all_text().trim().to_owned();
    let mut printing = RowPrinting {
        set: code.clone(),
        ..RowPrinting::default()
    };
    for (key, value) in &set.attributes {
        let lower = key.to_ascii_lowercase();
        match lower.as_str() {
            "num" => printing.number = Some(value.clone()),
            "rarity" => printing.rarity = Some(value.trim().to_owned()),
            _ if PRINTING_BOOKKEEPING.contains(&lower.as_str()) => {}
            _ => notes.once(
                set.line,
                format!("the <set> attribute `{key}` of a card is not kept"),
            ),
        }
    }
    let again = row
        .printings
        .iter()
        .any(|p| p.set.eq_ignore_ascii_case(&printing.set) && p.number == printing.number);
    if again && !code.is_empty() {
        let name = row.get("name").unwrap_or("the card").to_owned();
        notes.skip(
            set.line,
            None,
            format!("`{name}` lists its printing in set {code} again; the first is kept"),
        );
        return;
    }
    row.printings.push(printing);
}

/// The main type of a type line, as Cockatrice derives it for version 3: the last word before
/// any `-`, `—` or `//` (`Legendary Strike — Dragon` → `Strike`).
fn main_type(type_line: &str) -> String {
    let cut = [
        type_line.find('-'),
        type_line.find('—'),
        type_line.find("//"),
    ]
    .into_iter()
    .flatten()
    .min()
    .unwrap_or(type_line.len());
    let head = type_line[..cut].trim();
    head.rsplit(char::is_whitespace)
        .next()
        .unwrap_or_default()
        .to_owned()
}

/// What is noted while reading, with each kind of skipped element or attribute named once.
struct Notes {
    file: String,
    notes: Vec<Note>,
    /// A set: a hostile file names thousands of kinds.
    seen: FxHashSet<String>,
}

impl Notes {
    fn new(file: &str) -> Notes {
        Notes {
            file: file.to_owned(),
            notes: Vec::new(),
            seen: FxHashSet::default(),
        }
    }

    fn site(&self, line: usize) -> Site {
        Site {
            file: self.file.clone(),
            line,
        }
    }

    fn push(&mut self, line: usize, field: Option<String>, skipped: bool, message: String) {
        let site = Some(self.site(line));
        self.notes.push(Note {
            site,
            field,
            skipped,
            message,
        });
    }

    fn note(&mut self, line: usize, field: Option<String>, message: String) {
        self.push(line, field, false, message);
    }

    fn skip(&mut self, line: usize, field: Option<String>, message: String) {
        self.push(line, field, true, message);
    }

    /// A note about something passed over, the first time it is met.
    fn once(&mut self, line: usize, message: String) {
        if self.seen.insert(message.clone()) {
            self.note(line, None, format!("{message} (first here)"));
        }
    }

    fn element(&mut self, e: &Element, inside: &str) {
        self.once(
            e.line,
            format!("the element <{}> in {inside} is not kept", e.name),
        );
    }

    fn attributes(&mut self, e: &Element, known: &[&str]) {
        for (key, _) in &e.attributes {
            if !known.contains(&key.as_str()) {
                self.once(
                    e.line,
                    format!("the <{}> attribute `{key}` is not kept", e.name),
                );
            }
        }
    }

    fn stray_text(&mut self, e: &Element) {
        if !e.text.trim().is_empty() {
            self.once(
                e.line,
                format!("text directly inside <{}> is not kept", e.name),
            );
        }
    }
}

fn attribute<'e>(e: &'e Element, key: &str) -> Option<&'e str> {
    (e.attributes.iter())
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

/// Reads the document into elements. A first element that is not the root refuses the text;
/// broken XML after it ends the reading there, with a note, keeping what came before.
fn tree(text: &str, notes: &mut Notes) -> Result<Element, String> {
    let lines = LineIndex::new(text);
    let mut reader = Reader::from_str(text);
    let mut open: Vec<Element> = Vec::new();
    let mut root: Option<Element> = None;
    loop {
        let start = reader.buffer_position() as usize;
        let line = lines.line(start) as usize;
        let event = match reader.read_event() {
            Ok(event) => event,
            Err(e) => {
                let at = lines.line(reader.error_position() as usize) as usize;
                if open.is_empty() && root.is_none() {
                    return Err(format!("not well-formed XML at line {at}: {e}"));
                }
                notes.skip(
                    at,
                    None,
                    format!("the XML is broken here ({e}); nothing after it is read"),
                );
                break;
            }
        };
        let (element, empty) = match event {
            Event::Eof => break,
            Event::Start(e) => (e, false),
            Event::Empty(e) => (e, true),
            Event::End(_) => {
                if let Some(done) = open.pop() {
                    match open.last_mut() {
                        Some(parent) => parent.children.push(done),
                        None => root = Some(done),
                    }
                }
                continue;
            }
            Event::Text(t) => {
                if let Some(e) = open.last_mut() {
                    e.text.push_str(&t.decode().unwrap_or_default());
                }
                continue;
            }
            Event::CData(t) => {
                if let Some(e) = open.last_mut() {
                    e.text.push_str(&t.decode().unwrap_or_default());
                }
                continue;
            }
            Event::GeneralRef(r) => {
                match (xml::reference(&r), open.last_mut()) {
                    (Some(s), Some(e)) => e.text.push_str(&s),
                    (None, _) => notes.once(
                        line,
                        format!("an unknown entity reference ({})", xml::REFERENCES_KNOWN),
                    ),
                    (Some(_), None) => {}
                }
                continue;
            }
            Event::Decl(_) | Event::PI(_) | Event::Comment(_) | Event::DocType(_) => continue,
        };
        let name = tag(&element);
        if root.is_some() {
            // After the root closes, Cockatrice reads no further either.
            notes.once(
                line,
                format!("the element <{name}> after the root is not read"),
            );
            break;
        }
        if open.is_empty() && name != ROOT {
            return Err(format!("the root element is <{name}>, not <{ROOT}>"));
        }
        let mut e = Element {
            name,
            line,
            ..Element::default()
        };
        for a in element.attributes() {
            match a {
                Ok(a) => {
                    let key = String::from_utf8_lossy(a.key.as_ref()).into_owned();
                    let value = match a.normalized_value(XmlVersion::Implicit1_0) {
                        Ok(v) => v.into_owned(),
                        Err(_) => String::from_utf8_lossy(&a.value).into_owned(),
                    };
                    e.attributes.push((key, value));
                }
                Err(err) => notes.once(line, format!("a broken attribute of <{}> ({err})", e.name)),
            }
        }
        if empty {
            match open.last_mut() {
                Some(parent) => parent.children.push(e),
                None => root = Some(e),
            }
        } else {
            open.push(e);
        }
    }
    // What is still open at a break or at the end is closed where it stands.
    while let Some(done) = open.pop() {
        match open.last_mut() {
            Some(parent) => parent.children.push(done),
            None => root = Some(done),
        }
    }
    root.ok_or_else(|| format!("there is no <{ROOT}> element"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(row: &Row) -> Vec<(&str, &str)> {
        (row.values.iter())
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect()
    }

    #[test]
    fn a_version_4_card_is_its_properties_and_its_printings() {
        let text = r#"<?xml version="1.0" encoding="UTF-8"?>
<cockatrice_carddatabase version="4">
  <info><author>someone</author></info>
  <sets>
    <set><name>TST</name><longname>Test &amp; Trial</longname><settype>Custom</settype></set>
  </sets>
  <cards>
    <card>
      <name>Gale Rider</name>
      <text>Draw a card.</text>
      <prop><type>Strike — Bird</type><maintype>Strike</maintype><cmc>3</cmc><pt>2/1</pt></prop>
      <set rarity="common" num="7" uuid="x" picurl="http://x">TST</set>
      <set rarity="rare" num="T-12">PRM</set>
      <tablerow>2</tablerow>
    </card>
  </cards>
</cockatrice_carddatabase>
"#;
        let db = parse("t.xml", text).unwrap();
        assert_eq!(db.notes, []);
        assert_eq!(db.version.as_deref(), Some("4"));
        assert_eq!(
            (db.sets[0].code.as_str(), db.sets[0].name.as_str()),
            ("TST", "Test & Trial")
        );
        let row = &db.rows[0];
        assert_eq!(row.site.as_ref().unwrap().line, 8);
        assert_eq!(
            values(row),
            [
                ("name", "Gale Rider"),
                ("text", "Draw a card."),
                ("type", "Strike — Bird"),
                ("maintype", "Strike"),
                ("cmc", "3"),
                ("pt", "2/1"),
                ("tablerow", "2"),
            ]
        );
        assert_eq!(
            row.printings,
            [
                RowPrinting {
                    set: "TST".into(),
                    number: Some("7".into()),
                    rarity: Some("common".into())
                },
                RowPrinting {
                    set: "PRM".into(),
                    number: Some("T-12".into()),
                    rarity: Some("rare".into())
                }
            ]
        );
    }

    #[test]
    fn a_version_3_card_has_its_properties_as_children() {
        let text = "<cockatrice_carddatabase version=\"3\"><cards><card>\n\
            <name>Twin Flame</name><type>Legendary Red - Spell</type><color>R</color>\n\
            <color>G</color><pt>3</pt><set muId=\"1\" rarity=\"U\">SK9</set>\n\
            </card></cards></cockatrice_carddatabase>";
        let db = parse("t.xml", text).unwrap();
        assert_eq!(db.notes, []);
        let row = &db.rows[0];
        assert_eq!(row.get("maintype"), Some("Red"));
        assert_eq!(row.get("colors"), Some("R/G"));
        assert_eq!(row.get("pt"), Some("3"));
        assert_eq!(row.printings[0].rarity.as_deref(), Some("U"));
    }

    #[test]
    fn the_main_type_is_the_last_word_before_the_subtypes() {
        assert_eq!(main_type("Legendary Artifact Creature - Golem"), "Creature");
        assert_eq!(main_type("Strike — Bird"), "Strike");
        assert_eq!(main_type("Instant // Instant"), "Instant");
        assert_eq!(main_type("Hero"), "Hero");
        assert_eq!(main_type(""), "");
    }

    #[test]
    fn what_is_not_kept_is_noted_once_per_kind_with_its_line() {
        let text = "<cockatrice_carddatabase version=\"4\" flavour=\"x\">\n\
            <cards>\n\
            <card><name>A</name><art>1</art><set foo=\"1\">S</set></card>\n\
            <card><name>B</name><art>2</art><set foo=\"2\">S</set><set>S</set></card>\n\
            <card><name>T</name><token>1</token><related>A</related></card>\n\
            </cards><extras/></cockatrice_carddatabase>";
        let db = parse("t.xml", text).unwrap();
        let notes: Vec<String> = db.notes.iter().map(ToString::to_string).collect();
        assert_eq!(
            notes,
            [
                "t.xml:1: note: the <cockatrice_carddatabase> attribute `flavour` is not kept (first here)",
                "t.xml:3: note: the element <art> in a <card> is not kept (first here)",
                "t.xml:3: note: the <set> attribute `foo` of a card is not kept (first here)",
                "t.xml:4: skipped: `B` lists its printing in set S again; the first is kept",
                "t.xml:5: note: <related> (the cards a card makes or turns into) is not kept (first here)",
                "t.xml:5: [token] skipped: `T` is a token, not a card a deck holds",
                "t.xml:6: note: the element <extras> in the database is not kept (first here)",
            ]
        );
        assert_eq!(db.rows.len(), 2);
    }

    #[test]
    fn broken_xml_keeps_what_came_before_and_a_foreign_root_is_refused() {
        let text = "<cockatrice_carddatabase version=\"4\"><cards>\n\
            <card><name>A</name><set>S</set></card>\n\
            <card><name>B</name></wrong>\n";
        let db = parse("t.xml", text).unwrap();
        assert_eq!(db.rows.len(), 2);
        assert!(
            db.notes[0]
                .to_string()
                .starts_with("t.xml:3: skipped: the XML is broken here"),
            "{:?}",
            db.notes
        );
        assert_eq!(
            parse("t.xml", "<cockatrice_deck/>").unwrap_err(),
            "the root element is <cockatrice_deck>, not <cockatrice_carddatabase>"
        );
        assert!(parse("t.xml", "").is_err());
        assert!(parse("t.xml", "<<<").is_err());
    }

    #[test]
    fn an_unknown_version_is_read_as_version_4_with_a_note() {
        let db = parse("t.xml", "<cockatrice_carddatabase version=\"5\"/>").unwrap();
        assert_eq!(
            db.notes[0].message,
            "version `5` is not a version decksmith knows (3 or 4); read as version 4"
        );
    }
}
