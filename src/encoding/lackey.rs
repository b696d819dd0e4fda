//! LackeyCCG's `.dek` deck files: XML with a `<deck version="0.8">` root holding `<meta>`
//! (`<game>`, the plugin's name) and `<superzone name="…">` elements, each holding one
//! `<card><name id="CMF-001">Name</name><set>CMF</set></card>` per copy of a card.
//!
//! Copies become a count: the cards of a superzone with the same name and the same printing
//! add up into one entry, where the first copy stands, whether the copies are next to each
//! other or not. Different printings of one name stay separate entries. A card's `<set>` is its
//! printing's set; its `id` (Lackey's image id, `SET-number` in the plugins, two images joined
//! by a comma for a two-faced card) gives the collector number, with the `SET-` in front and a
//! face's or file's ending taken off; an id of another shape is the number as it stands.
//! decksmith's own format and deck name travel in `<meta>` as `<format>` and `<name>` (Lackey
//! names a deck by its file name).
//!
//! Read as tolerantly as Lackey reads it: an element, attribute or text decksmith has no place
//! for is skipped with a warning at its line, never refused. A superzone keeps its name; the
//! game's zone headers and aliases (`Stone deck`, `Side deck`) say which zone it is, and
//! validation reports one that names no zone. XML is read with quick-xml, as in `cod.rs`.

use crate::card_db::{Game, ZoneDef};
use crate::deck::{Deck, Entry, Located, ParseProblem, Printing, MAX_COUNT, MAYBE};
use crate::line_index::LineIndex;
use crate::xml::{self, attributes, tag};
use quick_xml::escape::escape;
use quick_xml::events::Event;
use quick_xml::Reader;
use rustc_hash::{FxHashMap, FxHashSet};
use std::fmt::Write as _;
use std::ops::Range;

/// What the open elements are, outermost first (the root is not in it): which text is kept
/// and what a closing tag completes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Open {
    Meta,
    /// `<game>`: the Lackey plugin's name, which the format already says for decksmith.
    Game,
    Format,
    DeckName,
    Superzone,
    Card,
    CardName,
    CardSet,
}

impl Open {
    fn gathers(self) -> bool {
        matches!(
            self,
            Open::Game | Open::Format | Open::DeckName | Open::CardName | Open::CardSet
        )
    }
}

/// The card being read: its `<name>`, the name's `id` and its `<set>`.
#[derive(Default)]
struct CardRead {
    name: Option<String>,
    id: Option<String>,
    set: Option<String>,
    span: Range<usize>,
    line: u32,
}

/// Reads a `.dek` file. Broken XML or a foreign root refuses the file; a bad card becomes a
/// problem of the deck, and what decksmith does not keep a warning.
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
    // Whether the root is open: quick-xml checks that end tags match, not that the file ends
    // with every element closed.
    let mut in_root = false;
    let mut open: Vec<Open> = Vec::new();
    let mut gathered = String::new();
    let mut gathered_at = 0;
    let mut card = CardRead::default();
    // Where each name and printing of the current superzone went, by `name\0set\0number`.
    let mut merged: FxHashMap<String, (usize, bool)> = FxHashMap::default();
    // What was warned about, once each: a set, since a hostile file names thousands.
    let mut skipped: FxHashSet<String> = FxHashSet::default();
    loop {
        let start = reader.buffer_position() as usize;
        let event = reader.read_event().map_err(|e| {
            fail(
                format!("not well-formed XML: {e}"),
                reader.error_position() as usize,
                "a .dek file is XML as LackeyCCG writes it",
            )
        })?;
        let end = reader.buffer_position() as usize;
        let span = start..end;
        let line = lines.line(start);
        // Where a warning points: the element being read, or the card given.
        let mut skip = |what: String, card: Option<(Range<usize>, u32)>, warnings: &mut Vec<_>| {
            let message = format!("{what} is not kept");
            let at = card.unwrap_or_else(|| (span.clone(), line));
            if skipped.insert(what) {
                warnings.push(ParseProblem {
                    message,
                    help: Some(
                        "decksmith keeps a deck's superzones and their cards with each card's \
                         name, set and the collector number in its id (and its own <format> \
                         and <name> in <meta>)"
                            .into(),
                    ),
                    span: Some(at.0),
                    line: Some(at.1),
                });
            }
        };
        let problem = |message: String, help: &str| ParseProblem {
            message,
            help: Some(help.to_owned()),
            span: Some(span.clone()),
            line: Some(line),
        };
        let (element, empty) = match event {
            Event::Eof if in_root => {
                return Err(fail(
                    "not well-formed XML: the file ends inside an element".into(),
                    start,
                    "a .dek file is XML as LackeyCCG writes it: close every element",
                ))
            }
            Event::Eof => break,
            Event::Start(e) => (e, false),
            Event::Empty(e) => (e, true),
            Event::End(_) => {
                let value = || Located {
                    value: gathered.trim().to_owned(),
                    span: Some(gathered_at..end),
                    line: Some(lines.line(gathered_at)),
                };
                let nonempty = |s: &str| Some(s.trim().to_owned()).filter(|s| !s.is_empty());
                match open.pop() {
                    None => in_root = false,
                    Some(Open::Format) if !gathered.trim().is_empty() => {
                        deck.format = Some(value());
                    }
                    Some(Open::DeckName) if !gathered.trim().is_empty() => {
                        deck.name = Some(value());
                    }
                    Some(Open::CardName) => card.name = nonempty(&gathered),
                    Some(Open::CardSet) => card.set = nonempty(&gathered),
                    Some(Open::Card) => {
                        card.span.end = end;
                        let done = std::mem::take(&mut card);
                        let at = (done.span.clone(), done.line);
                        if let Some(lost) = add_card(&mut deck, &mut merged, done) {
                            skip(lost, Some(at), &mut deck.warnings);
                        }
                    }
                    _ => {}
                }
                gathered.clear();
                continue;
            }
            Event::Text(t) => {
                let raw = t.decode().unwrap_or_default();
                if open.last().is_some_and(|o| o.gathers()) {
                    gathered.push_str(&raw);
                } else if !raw.trim().is_empty() {
                    skip(
                        format!("the text `{}`", raw.trim()),
                        None,
                        &mut deck.warnings,
                    );
                }
                continue;
            }
            Event::CData(t) => {
                if open.last().is_some_and(|o| o.gathers()) {
                    gathered.push_str(&t.decode().unwrap_or_default());
                }
                continue;
            }
            Event::GeneralRef(r) => {
                match xml::reference(&r) {
                    Some(s) if open.last().is_some_and(|o| o.gathers()) => gathered.push_str(&s),
                    Some(_) => {}
                    None => deck.problems.push(problem(
                        "unknown entity reference".into(),
                        xml::REFERENCES_KNOWN,
                    )),
                }
                continue;
            }
            Event::Decl(_) | Event::PI(_) | Event::Comment(_) | Event::DocType(_) => continue,
        };
        let name = tag(&element);
        if !seen_root {
            if name != "deck" {
                return Err(fail(
                    format!("the root element is <{name}>, not <deck>"),
                    start,
                    "this is not a LackeyCCG deck",
                ));
            }
            seen_root = true;
            for (k, _) in attributes(&element).unwrap_or_default() {
                if k != "version" {
                    skip(
                        format!("the <deck> attribute `{k}`"),
                        None,
                        &mut deck.warnings,
                    );
                }
            }
            in_root = !empty;
            continue;
        }
        let entered = match (open.last(), name.as_str()) {
            (None, "meta") => Some(Open::Meta),
            (Some(Open::Meta), "game") => Some(Open::Game),
            (Some(Open::Meta), "format") => Some(Open::Format),
            (Some(Open::Meta), "name") => Some(Open::DeckName),
            (None, "superzone") => {
                let zone = xml::zone(
                    &element,
                    &span,
                    line,
                    &mut |w| skip(w, None, &mut deck.warnings),
                    "Deck",
                );
                match zone {
                    Ok(mut z) => {
                        z.name = z.name.trim().to_owned();
                        deck.zones.push(z);
                        merged.clear();
                        Some(Open::Superzone)
                    }
                    Err(p) => {
                        deck.problems.push(p);
                        None
                    }
                }
            }
            (Some(Open::Superzone), "card") => {
                card = CardRead {
                    span: span.clone(),
                    line,
                    ..CardRead::default()
                };
                if empty {
                    deck.problems
                        .push(card_problem(&card, "a <card> without a <name>"));
                }
                Some(Open::Card)
            }
            (Some(Open::Card), "name") => {
                match attributes(&element) {
                    Ok(attrs) => {
                        for (k, v) in attrs {
                            match k.as_str() {
                                "id" => card.id = Some(v.trim().to_owned()).filter(|v| !v.is_empty()),
                                other => skip(
                                    format!("the <name> attribute `{other}`"),
                                    None,
                                    &mut deck.warnings,
                                ),
                            }
                        }
                    }
                    Err(m) => deck.problems.push(problem(
                        m,
                        "write the card as <card><name id=\"CMF-001\">Name</name><set>CMF</set></card>",
                    )),
                }
                Some(Open::CardName)
            }
            (Some(Open::Card), "set") => Some(Open::CardSet),
            _ => {
                skip(format!("the element <{name}>"), None, &mut deck.warnings);
                None
            }
        };
        match entered {
            _ if empty => {}
            Some(o) => {
                gathered.clear();
                gathered_at = end;
                open.push(o);
            }
            None => {
                let _ = reader.read_to_end(element.name());
            }
        }
    }
    if !seen_root {
        return Err(fail(
            "there is no <deck> element".into(),
            0,
            "this is not a LackeyCCG deck",
        ));
    }
    Ok(deck)
}

fn card_problem(card: &CardRead, message: &str) -> ParseProblem {
    ParseProblem {
        message: message.to_owned(),
        help: Some(
            "write the card as <card><name id=\"CMF-001\">Name</name><set>CMF</set></card>".into(),
        ),
        span: Some(card.span.clone()),
        line: Some(card.line),
    }
}

/// One copy read: counted into the entry of the same name and printing in its superzone, or
/// a new entry after the others. Says what of the card is not kept, if anything.
fn add_card(
    deck: &mut Deck,
    merged: &mut FxHashMap<String, (usize, bool)>,
    card: CardRead,
) -> Option<String> {
    let zone = deck.zones.last_mut()?;
    let Some(name) = card.name.clone() else {
        deck.problems
            .push(card_problem(&card, "a <card> without a <name>"));
        return None;
    };
    let mut lost = None;
    let printing = match (card.set.clone(), card.id.clone()) {
        (Some(set), id) => {
            let number = id.as_deref().map(|id| number_of(id, &set));
            if let (Some(id), Some(n)) = (id.as_deref(), number) {
                if id != n && !id.eq_ignore_ascii_case(&format!("{set}-{n}")) {
                    lost = Some(format!("the end of the id `{id}` after its number {n}"));
                }
            }
            let number = number.map(str::to_owned);
            Some(Printing { set, number })
        }
        (None, Some(_)) => {
            lost = Some("the id of a card without a <set>".to_owned());
            None
        }
        (None, None) => None,
    };
    let key = match &printing {
        Some(p) => format!("{name}\0{}\0{}", p.set, p.number.as_deref().unwrap_or("")),
        None => format!("{name}\0\0"),
    };
    if let Some((at, told)) = merged.get_mut(&key) {
        let entry = &mut zone.entries[*at];
        if entry.count < MAX_COUNT {
            entry.count += 1;
        } else if !*told {
            *told = true;
            deck.problems.push(card_problem(
                &card,
                &format!("more than {MAX_COUNT} copies of `{name}` in one superzone"),
            ));
        }
        return lost;
    }
    merged.insert(key, (zone.entries.len(), false));
    zone.entries.push(Entry {
        count: 1,
        card: name.as_str().into(),
        printing,
        span: Some(card.span),
        line: Some(card.line),
        ..Entry::default()
    });
    lost
}

/// The collector number in a Lackey id, which names the card's image: the first image where
/// the id joins several (a two-faced card's `SDL1-009-r,SDL1-009-j`), without its `SET-` (in
/// any case) and without what follows the number's digits after a `-` or `.` (a face's `-r`,
/// a file's `.png`). An id of another shape is the number as it stands.
fn number_of<'a>(id: &'a str, set: &str) -> &'a str {
    let first = id.split(',').next().unwrap_or(id).trim();
    let prefixed = first.len() > set.len() + 1
        && first.is_char_boundary(set.len())
        && first[..set.len()].eq_ignore_ascii_case(set)
        && first[set.len()..].starts_with('-');
    if !prefixed {
        return first;
    }
    let number = &first[set.len() + 1..];
    let digits = number.bytes().take_while(u8::is_ascii_digit).count();
    match number.as_bytes().get(digits) {
        Some(b'-' | b'.') if digits > 0 => &number[..digits],
        _ => number,
    }
}

/// Whether `body` (white space and a byte-order mark trimmed) is XML whose root element is
/// `<deck>`, as a `.dek` file is.
pub fn looks_like_dek(body: &str) -> bool {
    let mut rest = body;
    loop {
        rest = rest.trim_start();
        let skipped = if rest.starts_with("<?") {
            rest.find("?>").map(|at| at + 2)
        } else if rest.starts_with("<!--") {
            rest.find("-->").map(|at| at + 3)
        } else if rest.starts_with("<!") {
            rest.find('>').map(|at| at + 1)
        } else {
            let after = rest.strip_prefix("<deck");
            return after.is_some_and(|a| {
                a.starts_with(|c: char| c.is_whitespace() || c == '>' || c == '/')
            });
        };
        match skipped {
            Some(at) => rest = &rest[at..],
            None => return false,
        }
    }
}

/// The superzone a zone is written under, as Lackey's plugins name them: the default zone as
/// `Deck`, a zone with an alias ending in `deck` under that alias (`Stone deck`, `Side deck`),
/// the `maybe` zone as `Maybe`, any other under its label (`Ruler`).
pub fn superzone_name<'z>(zone: Option<&'z ZoneDef>, id: &'z str) -> &'z str {
    match zone {
        Some(z) if z.default => "Deck",
        Some(z) => z
            .aliases
            .iter()
            .find(|a| a.to_ascii_lowercase().ends_with(" deck"))
            .map_or_else(|| z.label(), String::as_str),
        None if id == MAYBE => "Maybe",
        None => id,
    }
}

/// Writes a canonical deck as Lackey saves one (a tab indent, no XML declaration), one
/// `<card>` per copy. A card without a printing of its own is written with the database's,
/// since Lackey finds a card by its name and set. Refused when one superzone would hold more
/// copies of a card and printing than a count can (they read back as one entry).
pub fn write(deck: &Deck, game: &Game) -> Result<String, Vec<ParseProblem>> {
    let text = |v: &str| escape(v).into_owned();
    let mut out = String::from("<deck version=\"0.8\">\n\t<meta>\n");
    let _ = writeln!(out, "\t\t<game>{}</game>", text(game.id()));
    if let Some(f) = &deck.format {
        let _ = writeln!(out, "\t\t<format>{}</format>", text(&f.value));
    }
    if let Some(n) = &deck.name {
        let _ = writeln!(out, "\t\t<name>{}</name>", text(&n.value));
    }
    out.push_str("\t</meta>\n");
    let mut problems = Vec::new();
    for zone in &deck.zones {
        let name = superzone_name(game.zone(&zone.name), &zone.name);
        let _ = writeln!(out, "\t<superzone name=\"{}\">", text(name));
        // Copies of one name and printing, which read back as one entry.
        let mut copies: FxHashMap<String, u32> = FxHashMap::default();
        for e in &zone.entries {
            let printing = e.printing.clone().or_else(|| {
                let card = &game.cards[e.id.as_deref().and_then(|id| game.find(id))?];
                Some(Printing {
                    set: card.set().to_owned(),
                    number: card.number.map(|n| n.to_string()),
                })
            });
            let key = match &printing {
                Some(p) => format!("{}\0{p}", e.card),
                None => e.card.to_string(),
            };
            let total = copies.entry(key).or_default();
            *total += e.count;
            if *total > MAX_COUNT {
                problems.push(ParseProblem {
                    message: format!(
                        "more than {MAX_COUNT} copies of `{}` in one zone cannot be written as a Lackey deck",
                        e.card
                    ),
                    help: Some(format!("a count goes up to {MAX_COUNT}")),
                    span: e.span.clone(),
                    line: e.line,
                });
            }
            let mut line = String::from("\t\t<card><name");
            if let Some(Printing {
                set,
                number: Some(n),
            }) = &printing
            {
                let _ = write!(line, " id=\"{}-{}\"", text(set), text(n));
            }
            let _ = write!(line, ">{}</name>", text(&e.card));
            if let Some(p) = &printing {
                let _ = write!(line, "<set>{}</set>", text(&p.set));
            }
            line.push_str("</card>\n");
            for _ in 0..e.count {
                out.push_str(&line);
            }
        }
        out.push_str("\t</superzone>\n");
    }
    out.push_str("</deck>\n");
    if problems.is_empty() {
        Ok(out)
    } else {
        Err(problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deck::Zone;

    const SAMPLE: &str = "<deck version=\"0.8\">
\t<meta>
\t\t<game>forceofwill</game>
\t</meta>
\t<superzone name=\"Ruler\">
\t\t<card><name id=\"FW1-001\">Lumen Knight</name><set>FW1</set></card>
\t</superzone>
\t<superzone name=\"Deck\">
\t\t<card><name id=\"FW1-010\">Flame Soldier of Ma&apos;at</name><set>FW1</set></card>
\t\t<card><name id=\"FW2-010\">Flame Soldier of Ma&apos;at</name><set>FW2</set></card>
\t\t<card><name id=\"FW1-010\">Flame Soldier of Ma&apos;at</name><set>FW1</set></card>
\t\t<card><name>Plain</name></card>
\t</superzone>
</deck>
";

    #[test]
    fn copies_add_up_by_name_and_printing_in_first_seen_order() {
        let deck = parse(SAMPLE).unwrap();
        assert!(deck.problems.is_empty(), "{:?}", deck.problems);
        assert!(deck.warnings.is_empty(), "{:?}", deck.warnings);
        let zones: Vec<_> = deck.zones.iter().map(|z| z.name.as_str()).collect();
        assert_eq!(zones, ["Ruler", "Deck"]);
        let cards: Vec<_> = deck.zones[1]
            .entries
            .iter()
            .map(|e| {
                let p = e.printing.as_ref();
                (
                    e.count,
                    e.card.as_str(),
                    p.map(|p| p.set.as_str()),
                    p.and_then(|p| p.number.as_deref()),
                    e.line,
                )
            })
            .collect();
        assert_eq!(
            cards,
            [
                (
                    2,
                    "Flame Soldier of Ma'at",
                    Some("FW1"),
                    Some("010"),
                    Some(9)
                ),
                (
                    1,
                    "Flame Soldier of Ma'at",
                    Some("FW2"),
                    Some("010"),
                    Some(10)
                ),
                (1, "Plain", None, None, Some(12)),
            ]
        );
    }

    #[test]
    fn ids_of_another_shape_are_the_number_as_they_stand() {
        assert_eq!(number_of("CMF-001", "CMF"), "001");
        assert_eq!(number_of("cmf-001", "CMF"), "001");
        assert_eq!(number_of("CMF-CMF-001", "CMF"), "CMF-001");
        assert_eq!(number_of("CMF001", "CMF"), "CMF001");
        assert_eq!(number_of("CMF-", "CMF"), "CMF-");
        assert_eq!(number_of("é-1", "e"), "é-1");
        // The shapes of the Force of Will plugin's image ids.
        assert_eq!(number_of("SDL1-009-r,SDL1-009-j", "SDL1"), "009");
        assert_eq!(number_of("BFA-076,BFA-076B", "BFA"), "076");
        assert_eq!(number_of("VIN01-001.png", "VIN01"), "001");
        assert_eq!(number_of("ACN-005-br,ACN-005-bjr", "ACN"), "005");
        assert_eq!(number_of("CMF-001a", "CMF"), "001a");
        assert_eq!(number_of("X-1,Y-2", "Q"), "X-1");
    }

    #[test]
    fn unknown_things_are_skipped_with_a_warning_at_their_line() {
        let text = "<deck version=\"0.8\" by=\"x\">\n<meta><game>g</game><owner>me</owner></meta>\n<notes>hi</notes>\n<superzone name=\"Deck\" hidden=\"1\">\n<card><name id=\"A-1\" type=\"x\">A</name><set>A</set><rarity>R</rarity></card>\n<card><name id=\"B-2\">B</name></card>\n</superzone>\n</deck>";
        let deck = parse(text).unwrap();
        let warnings: Vec<_> = deck
            .warnings
            .iter()
            .map(|w| (w.line.unwrap(), w.message.as_str()))
            .collect();
        assert_eq!(
            warnings,
            [
                (1, "the <deck> attribute `by` is not kept"),
                (2, "the element <owner> is not kept"),
                (3, "the element <notes> is not kept"),
                (4, "the <superzone> attribute `hidden` is not kept"),
                (5, "the <name> attribute `type` is not kept"),
                (5, "the element <rarity> is not kept"),
                (6, "the id of a card without a <set> is not kept"),
            ]
        );
        assert!(deck.problems.is_empty());
        assert_eq!(deck.zones[0].entries.len(), 2);
    }

    /// What a card loses is said at the card, where its `<name id>` is, not where it ends.
    #[test]
    fn the_rest_of_a_two_faced_id_is_a_warning_at_its_card() {
        let text = "<deck>\n<superzone name=\"Ruler\">\n<card>\n<name id=\"S-009-r,S-009-j\">A | B</name>\n<set>S</set>\n</card>\n</superzone>\n</deck>";
        let deck = parse(text).unwrap();
        let entry = &deck.zones[0].entries[0];
        let printing = entry.printing.as_ref().unwrap();
        assert_eq!(
            (printing.set.as_str(), printing.number.as_deref()),
            ("S", Some("009"))
        );
        let [warning] = &deck.warnings[..] else {
            panic!("{:?}", deck.warnings)
        };
        assert_eq!(
            warning.message,
            "the end of the id `S-009-r,S-009-j` after its number 009 is not kept"
        );
        assert_eq!(warning.line, Some(3));
        assert_eq!(&text[warning.span.clone().unwrap()][..6], "<card>");
    }

    #[test]
    fn broken_xml_foreign_roots_and_nameless_cards() {
        let err = parse("<deck>\n<superzone name=\"Deck\">\n</deck>").unwrap_err();
        assert!(err.message.contains("not well-formed"), "{}", err.message);
        assert_eq!(err.line, Some(3));
        assert!(parse("<cockatrice_deck/>").is_err());
        assert!(parse("").is_err());
        let deck = parse("<deck><superzone name=\"Deck\"><card><set>X</set></card><card/></superzone><superzone><card/></superzone></deck>").unwrap();
        assert_eq!(deck.problems.len(), 3, "{:?}", deck.problems);
    }

    #[test]
    fn zones_are_written_under_lackeys_superzone_names() {
        let catalog = crate::catalog::Catalog::embedded().unwrap();
        let fow = catalog.game("fow").unwrap();
        let names: Vec<&str> = (fow.def.zones.iter())
            .map(|z| superzone_name(Some(z), &z.id))
            .chain([superzone_name(None, MAYBE)])
            .collect();
        assert_eq!(names, ["Ruler", "Deck", "Stone deck", "Side deck", "Maybe"]);
        for name in &names[..4] {
            assert!(fow.zone_for_header(name).is_some(), "{name}");
        }
    }

    #[test]
    fn more_copies_of_a_card_in_a_zone_than_a_count_holds_are_refused() {
        let catalog = crate::catalog::Catalog::embedded().unwrap();
        let game = catalog.game("skirmish").unwrap();
        let entry = |count| Entry {
            count,
            card: "Nobody Knows".into(),
            ..Entry::default()
        };
        let deck = |counts: &[u32]| Deck {
            zones: vec![Zone {
                name: "main".into(),
                span: None,
                line: None,
                entries: counts.iter().map(|&c| entry(c)).collect(),
            }],
            ..Deck::default()
        };
        let written = write(&deck(&[500, 499]), game).unwrap();
        assert_eq!(written.matches("<card>").count(), 999);
        assert_eq!(parse(&written).unwrap().zones[0].entries[0].count, 999);
        let refused = write(&deck(&[500, 500]), game).unwrap_err();
        assert_eq!(refused.len(), 1, "{refused:?}");
        assert!(refused[0].message.contains("more than 999 copies"));
    }

    #[test]
    fn the_root_tells_a_dek_file() {
        assert!(looks_like_dek("<deck version=\"0.8\">"));
        assert!(looks_like_dek(
            "<?xml version=\"1.0\"?>\n<!-- x -->\n<deck>"
        ));
        assert!(!looks_like_dek("<cockatrice_deck>"));
        assert!(!looks_like_dek("<decks>"));
        assert!(!looks_like_dek("<?xml"));
    }
}
