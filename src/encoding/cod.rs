//! Cockatrice's `.cod` deck files: XML with a `<cockatrice_deck>` root holding `<deckname>`,
//! `<format>`, `<comments>`, `<bannerCard>`, `<tags>` and `<zone name="main">` elements, whose
//! `<card number="3" name="…" setShortName="…" collectorNumber="…"/>` elements are the cards.
//!
//! Read as tolerantly as Cockatrice reads it (`DeckList::readElement` skips what it does not
//! know): an element or attribute decksmith has no place for is skipped with a warning, never
//! refused; Cockatrice's bookkeeping (`lastLoadedTimestamp`, a card's `uuid` and `price`, which
//! the printing determines) is skipped quietly. `<format>` holds Cockatrice's format name: a
//! decksmith format id is taken, anything else is a warning. Older decksmith files carry the
//! format as a comment line `format: <id>`, which is still read.
//!
//! Cockatrice knows the zones `main` and `side`; decksmith's other zones (a Hero, a ruler, a
//! magic stone deck) travel as zones under their own ids, which Cockatrice keeps as they are,
//! and the `maybe` zone as `maybeboard`. XML is read with quick-xml: entity and character
//! references, CDATA and comments are easy to get subtly wrong by hand.

use crate::card_db::{Game, ZoneDef};
use crate::deck::{Deck, Entry, Located, ParseProblem, Printing, MAX_COUNT, MAYBE};
use crate::line_index::LineIndex;
use crate::xml::{self, attributes, tag};
use quick_xml::escape::escape;
use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;
use rustc_hash::FxHashSet;
use std::fmt::Write as _;
use std::ops::Range;

/// Elements Cockatrice writes for its own bookkeeping, skipped without a word.
const BOOKKEEPING: &[&str] = &["lastLoadedTimestamp"];
/// Card attributes Cockatrice writes that the printing determines, skipped without a word.
const CARD_BOOKKEEPING: &[&str] = &["price", "uuid"];

/// Reads a `.cod` file. Broken XML or a foreign root refuses the file; a bad card becomes a
/// problem of the deck, and what decksmith does not keep a warning. `known_format` says
/// whether a `<format>` value is a decksmith format id.
pub fn parse(text: &str, known_format: &dyn Fn(&str) -> bool) -> Result<Deck, ParseProblem> {
    let lines = LineIndex::new(text);
    let fail = |message: String, at: usize, help: &str| ParseProblem {
        message,
        help: Some(help.to_owned()),
        span: Some(at..at),
        line: Some(lines.line(at)),
    };
    let mut reader = Reader::from_str(text);
    let mut deck = Deck::default();
    let mut seen_root = false;
    let mut open: Vec<String> = Vec::new();
    // Text gathered inside a metadata element, and where that element starts.
    let mut gathered = String::new();
    let mut gathered_at = 0..0;
    let mut cockatrice_format: Option<Located<String>> = None;
    // What was warned about, once each: a set, since a hostile file names thousands.
    let mut skipped: FxHashSet<String> = FxHashSet::default();
    loop {
        let start = reader.buffer_position() as usize;
        let event = reader.read_event().map_err(|e| {
            fail(
                format!("not well-formed XML: {e}"),
                reader.error_position() as usize,
                "a .cod file is XML as Cockatrice writes it",
            )
        })?;
        let end = reader.buffer_position() as usize;
        let span = start..end;
        let line = lines.line(start);
        let mut skip = |what: String, warnings: &mut Vec<ParseProblem>| {
            let message = format!("{what} is not kept");
            if skipped.insert(what) {
                warnings.push(ParseProblem {
                    message,
                    help: Some("decksmith keeps a deck's name, format, comments, banner card, tags, zones and cards with their printings".into()),
                    span: Some(span.clone()),
                    line: Some(line),
                });
            }
        };
        let (element, empty) = match event {
            Event::Eof => break,
            Event::Start(e) => (e, false),
            Event::Empty(e) => (e, true),
            Event::End(_) => {
                let closed = open.pop().unwrap_or_default();
                let value = || Located {
                    value: gathered.trim().to_owned(),
                    span: Some(gathered_at.start..end),
                    line: Some(lines.line(gathered_at.start)),
                };
                match (open.len(), closed.as_str()) {
                    (1, "deckname") if !gathered.trim().is_empty() => deck.name = Some(value()),
                    (1, "format") if !gathered.trim().is_empty() => {
                        cockatrice_format = Some(value());
                    }
                    (1, "bannerCard") if !gathered.trim().is_empty() => {
                        deck.banner = Some(value().value);
                    }
                    (1, "comments") => comments(&mut deck, &gathered, value()),
                    (2, "tag") if !gathered.trim().is_empty() => deck.tags.push(value().value),
                    _ => {}
                }
                continue;
            }
            Event::Text(t) => {
                let raw = t.decode().unwrap_or_default();
                if gathering(&open) {
                    gathered.push_str(&raw);
                } else if !raw.trim().is_empty() {
                    skip(format!("the text `{}`", raw.trim()), &mut deck.warnings);
                }
                continue;
            }
            Event::CData(t) => {
                if gathering(&open) {
                    gathered.push_str(&t.decode().unwrap_or_default());
                }
                continue;
            }
            Event::GeneralRef(r) => {
                match xml::reference(&r) {
                    Some(s) if gathering(&open) => gathered.push_str(&s),
                    Some(_) => {}
                    None => deck.problems.push(ParseProblem {
                        message: "unknown entity reference".into(),
                        help: Some(xml::REFERENCES_KNOWN.into()),
                        span: Some(span.clone()),
                        line: Some(line),
                    }),
                }
                continue;
            }
            Event::Decl(_) | Event::PI(_) | Event::Comment(_) | Event::DocType(_) => continue,
        };
        let name = tag(&element);
        if !seen_root {
            if name != "cockatrice_deck" {
                return Err(fail(
                    format!("the root element is <{name}>, not <cockatrice_deck>"),
                    start,
                    "this is not a Cockatrice deck",
                ));
            }
            seen_root = true;
            if !empty {
                open.push(name);
            }
            continue;
        }
        let parent = open.last().map(String::as_str);
        let known = match (open.len(), parent, name.as_str()) {
            (1, _, "deckname" | "format" | "comments" | "bannerCard" | "tags") => {
                gathered.clear();
                gathered_at = span.clone();
                true
            }
            (2, Some("tags"), "tag") => {
                gathered.clear();
                gathered_at = span.clone();
                true
            }
            (1, _, "zone") => {
                match xml::zone(
                    &element,
                    &span,
                    line,
                    &mut |w| skip(w, &mut deck.warnings),
                    "main",
                ) {
                    Ok(z) => {
                        deck.zones.push(z);
                        true
                    }
                    Err(p) => {
                        deck.problems.push(p);
                        false
                    }
                }
            }
            (2, Some("zone"), "card") => {
                let mut warnings = std::mem::take(&mut deck.warnings);
                card(&element, &mut deck, &span, line, &mut |w| {
                    skip(w, &mut warnings)
                });
                deck.warnings = warnings;
                // A card element's content means nothing to Cockatrice either.
                if !empty {
                    let _ = reader.read_to_end(element.name());
                }
                continue;
            }
            (1, _, other) if BOOKKEEPING.contains(&other) => false,
            _ => {
                skip(format!("the element <{name}>"), &mut deck.warnings);
                false
            }
        };
        if empty {
            continue;
        }
        if known {
            open.push(name);
        } else {
            let _ = reader.read_to_end(element.name());
        }
    }
    if !seen_root {
        return Err(fail(
            "there is no <cockatrice_deck> element".into(),
            0,
            "this is not a Cockatrice deck",
        ));
    }
    // Cockatrice's own format name wins when decksmith knows it; the comment line of older
    // decksmith files stays otherwise.
    if let Some(f) = cockatrice_format {
        if known_format(&f.value) {
            deck.format = Some(f);
        } else {
            deck.warnings.push(ParseProblem {
                message: format!(
                    "Cockatrice's format `{}` is not a decksmith format",
                    f.value
                ),
                help: Some("pass `--format <id>`; `decksmith formats` lists the format ids".into()),
                span: f.span,
                line: f.line,
            });
        }
    }
    Ok(deck)
}

/// Cockatrice's comments: the deck's description, except a line `format: <id>`, where older
/// decksmith versions kept the format.
fn comments(deck: &mut Deck, text: &str, at: Located<String>) {
    let mut kept: Vec<&str> = Vec::new();
    for l in text.lines() {
        match l.trim().strip_prefix("format:").map(str::trim) {
            Some(id) if !id.is_empty() && deck.format.is_none() => {
                deck.format = Some(Located {
                    value: id.to_owned(),
                    ..at.clone()
                });
            }
            _ => kept.push(l),
        }
    }
    let description = super::description_text(&kept.join("\n"));
    if !description.is_empty() {
        deck.description = Some(Located {
            value: description,
            ..at
        });
    }
}

/// Whether text read now belongs to a metadata element (`open` holds the root first).
fn gathering(open: &[String]) -> bool {
    match open {
        [_, one] => matches!(
            one.as_str(),
            "deckname" | "format" | "comments" | "bannerCard"
        ),
        [_, tags, tag] => tags == "tags" && tag == "tag",
        _ => false,
    }
}

fn card(
    e: &BytesStart<'_>,
    deck: &mut Deck,
    span: &Range<usize>,
    line: u32,
    skip: &mut dyn FnMut(String),
) {
    let problem = |message: String| ParseProblem {
        message,
        help: Some("write the card as <card number=\"3\" name=\"Ember Striker\"/>".into()),
        span: Some(span.clone()),
        line: Some(line),
    };
    let attrs = match attributes(e) {
        Ok(a) => a,
        Err(m) => return deck.problems.push(problem(m)),
    };
    let (mut number, mut name, mut set, mut collector) = (None, None, None, None);
    for (k, v) in attrs {
        match k.as_str() {
            "number" => number = Some(v),
            "name" => name = Some(v),
            "setShortName" => set = Some(v),
            "collectorNumber" => collector = Some(v),
            other if CARD_BOOKKEEPING.contains(&other) => {}
            other => skip(format!("the <card> attribute `{other}`")),
        }
    }
    let count = match number.as_deref().map(|n| n.trim().parse::<u32>()) {
        Some(Ok(n)) if (1..=MAX_COUNT).contains(&n) => n,
        _ => {
            return deck.problems.push(problem(format!(
                "<card> needs a `number` from 1 to {MAX_COUNT}, not {}",
                number.map_or("none".into(), |n| format!("`{n}`"))
            )))
        }
    };
    let Some(name) = name.filter(|n| !n.trim().is_empty()) else {
        return deck.problems.push(problem("<card> needs a `name`".into()));
    };
    let nonempty = |v: Option<String>| v.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
    let entry = Entry {
        count,
        card: name.trim().into(),
        printing: nonempty(set).map(|set| Printing {
            set,
            number: nonempty(collector),
        }),
        span: Some(span.clone()),
        line: Some(line),
        ..Entry::default()
    };
    if let Some(zone) = deck.zones.last_mut() {
        zone.entries.push(entry);
    }
}

/// The zone name a zone is written under: Cockatrice's `main` for the default zone, `side`
/// for a side deck, `maybeboard` for the `maybe` zone, the zone's own id for the rest.
pub fn zone_name<'z>(zone: Option<&'z ZoneDef>, id: &'z str) -> &'z str {
    match zone {
        Some(z) if z.default => "main",
        Some(z) => &z.id,
        None if id == MAYBE => "maybeboard",
        None => id,
    }
}

/// Writes a canonical deck the way today's Cockatrice saves one (`DeckList::write`: four-space
/// indent, `version="1"`, the metadata elements before the zones), leaving out the elements
/// it would write empty except the name and comments.
pub fn write(deck: &Deck, game: &Game) -> String {
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<cockatrice_deck version=\"1\">\n",
    );
    let text = |v: &str| escape(v).into_owned();
    let _ = writeln!(
        out,
        "    <deckname>{}</deckname>",
        deck.name.as_ref().map_or(String::new(), |n| text(&n.value))
    );
    if let Some(f) = &deck.format {
        let _ = writeln!(out, "    <format>{}</format>", text(&f.value));
    }
    if let Some(banner) = &deck.banner {
        let _ = writeln!(
            out,
            "    <bannerCard providerId=\"\">{}</bannerCard>",
            text(banner)
        );
    }
    let _ = writeln!(
        out,
        "    <comments>{}</comments>",
        deck.description
            .as_ref()
            .map_or(String::new(), |d| text(&d.value))
    );
    if !deck.tags.is_empty() {
        out.push_str("    <tags>\n");
        for t in &deck.tags {
            let _ = writeln!(out, "        <tag>{}</tag>", text(t));
        }
        out.push_str("    </tags>\n");
    }
    for zone in &deck.zones {
        let name = zone_name(game.zone(&zone.name), &zone.name);
        let _ = writeln!(out, "    <zone name=\"{}\">", text(name));
        for e in &zone.entries {
            let _ = write!(
                out,
                "        <card number=\"{}\" name=\"{}\"",
                e.count,
                text(&e.card)
            );
            if let Some(p) = &e.printing {
                let _ = write!(out, " setShortName=\"{}\"", text(&p.set));
                if let Some(n) = &p.number {
                    let _ = write!(out, " collectorNumber=\"{}\"", text(n));
                }
            }
            out.push_str("/>\n");
        }
        out.push_str("    </zone>\n");
    }
    out.push_str("</cockatrice_deck>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<cockatrice_deck version="1">
    <deckname>Fish &amp; Chips</deckname>
    <comments>Good deck.
format: fow-standard</comments>
    <bannerCard providerId="">x</bannerCard>
    <zone name="main">
        <card number="4" name="Flame Soldier of Ma&apos;at" setShortName="FW1"/>
        <card number="2" name="&quot;Q&quot; &#x263A;"></card>
    </zone>
    <zone name="side"/>
</cockatrice_deck>
"#;

    #[test]
    fn reads_names_entities_format_and_zones() {
        let deck = parse(SAMPLE, &|id| id == "fow-standard").unwrap();
        assert!(deck.problems.is_empty(), "{:?}", deck.problems);
        assert_eq!(deck.name.unwrap().value, "Fish & Chips");
        assert_eq!(deck.format.unwrap().value, "fow-standard");
        let cards: Vec<_> = deck.zones[0]
            .entries
            .iter()
            .map(|e| (e.count, e.card.as_str(), e.line))
            .collect();
        assert_eq!(
            cards,
            [
                (4, "Flame Soldier of Ma'at", Some(8)),
                (2, "\"Q\" ☺", Some(9))
            ]
        );
        assert_eq!(deck.zones[1].name, "side");
    }

    #[test]
    fn broken_xml_and_foreign_roots_are_refused() {
        let err = parse(
            "<cockatrice_deck>\n<zone name=\"main\">\n</cockatrice_deck>",
            &|_| true,
        )
        .unwrap_err();
        assert!(err.message.contains("not well-formed"), "{}", err.message);
        assert_eq!(err.line, Some(3));
        assert!(parse("<deck/>", &|_| true).is_err());
        let deck = parse("<cockatrice_deck><zone name=\"main\"><card number=\"x\" name=\"A\"/></zone></cockatrice_deck>", &|_| true).unwrap();
        assert_eq!(deck.problems.len(), 1);
    }
}
