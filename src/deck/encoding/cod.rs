//! Cockatrice's `.cod` deck files: XML with a `<cockatrice_deck>` root, `<deckname>`,
//! `<comments>`, and `<zone name="main">` elements holding `<card number="3" name="…"/>`.
//!
//! Cockatrice knows the zones `main` and `side`; decksmith's other zones (a Hero, a ruler, a
//! magic stone deck) travel as zones under their own ids, which Cockatrice keeps as they are.
//! The format id rides in the comments as a line `format: <id>`, where Cockatrice shows it and
//! keeps it on saving. XML is read with quick-xml: entity and character references, CDATA and
//! comments are easy to get subtly wrong by hand.

use super::LineIndex;
use crate::card_db::{Game, ZoneDef};
use crate::deck::{Deck, Entry, Located, ParseProblem, Zone, MAX_COUNT};
use quick_xml::escape::{escape, resolve_predefined_entity};
use quick_xml::events::{BytesStart, Event};
use quick_xml::{Reader, XmlVersion};
use std::fmt::Write as _;
use std::ops::Range;

/// Elements newer Cockatrice versions write that carry nothing decksmith keeps.
const IGNORED: &[&str] = &["bannerCard", "tags", "lastLoadedTimestamp"];
/// Card attributes Cockatrice writes besides `number` and `name` (the printing it chose).
const CARD_EXTRAS: &[&str] = &["price", "setShortName", "collectorNumber", "uuid"];

/// Reads a `.cod` file. Broken XML or a foreign root refuses the file; a bad card or an element
/// decksmith does not know becomes a problem of the deck.
pub fn parse(text: &str) -> Result<Deck, ParseProblem> {
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
    // Text gathered inside <deckname> or <comments>.
    let mut gathered = String::new();
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
        let problem = |message: String, help: &str| ParseProblem {
            message,
            help: Some(help.to_owned()),
            span: Some(span.clone()),
            line: Some(lines.line(start)),
        };
        match event {
            Event::Eof => break,
            Event::Start(e) if !seen_root => {
                check_root(&e, &problem)?;
                seen_root = true;
                open.push(tag(&e));
            }
            Event::Empty(e) if !seen_root => {
                check_root(&e, &problem)?;
                seen_root = true;
            }
            Event::Start(e) => {
                let name = tag(&e);
                match (open.len(), name.as_str()) {
                    (1, "deckname" | "comments") => gathered.clear(),
                    (1, "zone") => deck.zones.push(zone(&e, span.clone(), lines.line(start))?),
                    (1, other) if IGNORED.contains(&other) => {
                        let _ = reader.read_to_end(e.name());
                        continue;
                    }
                    (2, "card") if open.get(1).is_some_and(|o| o == "zone") => {
                        // A card with content: read its attributes, skip the rest.
                        card(&e, &mut deck, &span, lines.line(start));
                        let _ = reader.read_to_end(e.name());
                        continue;
                    }
                    _ => {
                        deck.problems.push(problem(
                            format!("unexpected element <{name}>"),
                            "a Cockatrice deck holds <deckname>, <comments> and <zone> elements with <card> elements in them",
                        ));
                        let _ = reader.read_to_end(e.name());
                        continue;
                    }
                }
                open.push(name);
            }
            Event::Empty(e) => {
                let name = tag(&e);
                match (open.len(), name.as_str()) {
                    (1, "zone") => deck.zones.push(zone(&e, span.clone(), lines.line(start))?),
                    (1, "deckname" | "comments") => {}
                    (1, other) if IGNORED.contains(&other) => {}
                    (2, "card") if open.get(1).is_some_and(|o| o == "zone") => {
                        card(&e, &mut deck, &span, lines.line(start));
                    }
                    _ => deck.problems.push(problem(
                        format!("unexpected element <{name}/>"),
                        "a Cockatrice deck holds <deckname>, <comments> and <zone> elements with <card> elements in them",
                    )),
                }
            }
            Event::End(_) => {
                if let Some(closed) = open.pop() {
                    match closed.as_str() {
                        "deckname" => {
                            let name = gathered.trim();
                            if !name.is_empty() {
                                deck.name = Some(Located {
                                    value: name.to_owned(),
                                    span: Some(span.clone()),
                                    line: Some(lines.line(start)),
                                });
                            }
                        }
                        "comments" => {
                            for l in gathered.lines() {
                                if let Some(id) = l.trim().strip_prefix("format:") {
                                    if !id.trim().is_empty() && deck.format.is_none() {
                                        deck.format = Some(Located {
                                            value: id.trim().to_owned(),
                                            span: Some(span.clone()),
                                            line: Some(lines.line(start)),
                                        });
                                    }
                                }
                            }
                        }
                        _ => {}
                    }
                }
            }
            Event::Text(t) => {
                let raw = t.decode().unwrap_or_default();
                if gathering(&open) {
                    gathered.push_str(&raw);
                } else if !raw.trim().is_empty() {
                    deck.problems.push(problem(
                        format!("unexpected text `{}`", raw.trim()),
                        "card names go in the `name` attribute of a <card> element",
                    ));
                }
            }
            Event::CData(t) => {
                if gathering(&open) {
                    gathered.push_str(&t.decode().unwrap_or_default());
                }
            }
            Event::GeneralRef(r) => {
                let resolved = match r.resolve_char_ref() {
                    Ok(Some(c)) => Some(c.to_string()),
                    Ok(None) => r
                        .decode()
                        .ok()
                        .and_then(|n| resolve_predefined_entity(&n))
                        .map(str::to_owned),
                    Err(_) => None,
                };
                match resolved {
                    Some(s) if gathering(&open) => gathered.push_str(&s),
                    Some(_) => {}
                    None => deck.problems.push(problem(
                        "unknown entity reference".into(),
                        "XML knows &lt; &gt; &amp; &quot; &apos; and &#NN; only",
                    )),
                }
            }
            Event::Decl(_) | Event::PI(_) | Event::Comment(_) | Event::DocType(_) => {}
        }
    }
    if !seen_root {
        return Err(fail(
            "there is no <cockatrice_deck> element".into(),
            0,
            "this is not a Cockatrice deck",
        ));
    }
    Ok(deck)
}

fn gathering(open: &[String]) -> bool {
    open.len() == 2
        && open
            .get(1)
            .is_some_and(|o| o == "deckname" || o == "comments")
}

fn check_root(
    e: &BytesStart<'_>,
    problem: &dyn Fn(String, &str) -> ParseProblem,
) -> Result<(), ParseProblem> {
    let name = tag(e);
    if name == "cockatrice_deck" {
        Ok(())
    } else {
        Err(problem(
            format!("the root element is <{name}>, not <cockatrice_deck>"),
            "this is not a Cockatrice deck",
        ))
    }
}

fn tag(e: &BytesStart<'_>) -> String {
    String::from_utf8_lossy(e.name().as_ref()).into_owned()
}

fn attributes(e: &BytesStart<'_>) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    for a in e.attributes() {
        let a = a.map_err(|e| e.to_string())?;
        let key = String::from_utf8_lossy(a.key.as_ref()).into_owned();
        let value = a
            .normalized_value(XmlVersion::Implicit1_0)
            .map_err(|e| e.to_string())?
            .into_owned();
        out.push((key, value));
    }
    Ok(out)
}

fn zone(e: &BytesStart<'_>, span: Range<usize>, line: u32) -> Result<Zone, ParseProblem> {
    let problem = |message: String| ParseProblem {
        message,
        help: Some("write the zone as <zone name=\"main\">".into()),
        span: Some(span.clone()),
        line: Some(line),
    };
    let attrs = attributes(e).map_err(problem)?;
    let mut name = None;
    for (k, v) in attrs {
        match k.as_str() {
            "name" => name = Some(v),
            other => {
                return Err(problem(format!(
                    "<zone> has an unknown attribute `{other}`"
                )))
            }
        }
    }
    Ok(Zone {
        name: name.ok_or_else(|| problem("a <zone> without a `name`".into()))?,
        span: Some(span.clone()),
        line: Some(line),
        entries: Vec::new(),
    })
}

fn card(e: &BytesStart<'_>, deck: &mut Deck, span: &Range<usize>, line: u32) {
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
    let (mut number, mut name) = (None, None);
    for (k, v) in attrs {
        match k.as_str() {
            "number" => number = Some(v),
            "name" => name = Some(v),
            other if CARD_EXTRAS.contains(&other) => {}
            other => {
                return deck.problems.push(problem(format!(
                    "<card> has an unknown attribute `{other}`"
                )))
            }
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
    let entry = Entry {
        count,
        card: name.trim().to_owned(),
        id: None,
        span: Some(span.clone()),
        line: Some(line),
    };
    if let Some(zone) = deck.zones.last_mut() {
        zone.entries.push(entry);
    }
}

/// The zone name a zone is written under: Cockatrice's `main` for the default zone, `side`
/// for a side deck, the zone's own id for the rest.
pub fn zone_name(zone: &ZoneDef) -> &str {
    if zone.default {
        "main"
    } else {
        &zone.id
    }
}

/// Writes a canonical deck as Cockatrice does (four-space indent, `version="1"`).
pub fn write(deck: &Deck, game: &Game) -> String {
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<cockatrice_deck version=\"1\">\n",
    );
    let _ = writeln!(
        out,
        "    <deckname>{}</deckname>",
        deck.name
            .as_ref()
            .map_or("".into(), |n| escape(n.value.as_str()))
    );
    match &deck.format {
        Some(f) => {
            let _ = writeln!(
                out,
                "    <comments>format: {}</comments>",
                escape(f.value.as_str())
            );
        }
        None => out.push_str("    <comments></comments>\n"),
    }
    for zone in &deck.zones {
        let name = game.zone(&zone.name).map_or(zone.name.as_str(), zone_name);
        let _ = writeln!(out, "    <zone name=\"{}\">", escape(name));
        for e in &zone.entries {
            let _ = writeln!(
                out,
                "        <card number=\"{}\" name=\"{}\"/>",
                e.count,
                escape(e.card.as_str())
            );
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
        let deck = parse(SAMPLE).unwrap();
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
        let err = parse("<cockatrice_deck>\n<zone name=\"main\">\n</cockatrice_deck>").unwrap_err();
        assert!(err.message.contains("not well-formed"), "{}", err.message);
        assert_eq!(err.line, Some(3));
        assert!(parse("<deck/>").is_err());
        let deck = parse("<cockatrice_deck><zone name=\"main\"><card number=\"x\" name=\"A\"/></zone></cockatrice_deck>").unwrap();
        assert_eq!(deck.problems.len(), 1);
    }
}
