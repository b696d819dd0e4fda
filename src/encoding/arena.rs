//! The Arena-style text list that many deck builders import and export: an optional `About`
//! section (`Name …`, and decksmith's `Format …`), section headers on lines of their own
//! (`Deck`, `Sideboard`, `Commander`, `Companion`, `Maybeboard`, with or without a trailing
//! colon), and card lines `4 Name (SET) 123`, where the printing in brackets is optional.
//!
//! Arena has no zone for a Hero, a ruler or a magic stone deck, so those travel as sections of
//! their own, under the zone's header (`Hero`, `Ruler`, `Stones`): see docs/encodings.md for the
//! mapping of each game. Foreign section names (`Commander`) find a zone through the game's
//! zone `aliases`.
//!
//! What other tools add is read as they mean it: a list with no section headers at all whose
//! cards fall into two groups separated by a blank line has its sideboard in the second group
//! (MTG Arena's own export, and what Cockatrice's import assumes); Moxfield's foil markers
//! (`*F*`, `*E*`) are dropped; Archidekt's categories `[Ramp,Removal{noDeck}]` and tags
//! `^Combo,#37d67a^` become the entry's tags (without the flags and colours), and a category
//! naming a section (`[Maybeboard]`, `[Sideboard]`) puts the card in it; a card whose other
//! category Archidekt keeps out of the deck (`{noDeck}`) goes to the `maybe` zone.

use super::text::parse_card_line;
use crate::card_db::{Game, ZoneDef};
use crate::deck::{is_maybe, Deck, Entry, Located, ParseProblem, Printing, Zone, MAYBE};
use std::fmt::Write as _;
use std::ops::Range;

/// Reads an Arena list. Never fails: lines that are not Arena lines become problems.
pub fn parse(text: &str) -> Deck {
    parse_marked(text).0
}

/// Reads an Arena list, and says whether it holds anything only an Arena-style list means (a
/// foil marker, a category or tag), which a text list would take as part of a card name.
pub fn parse_marked(text: &str) -> (Deck, bool) {
    let mut deck = Deck::default();
    let mut marked = false;
    let mut in_about = false;
    // Cards before any section header, in groups separated by blank lines.
    let mut groups: Vec<Vec<Entry>> = Vec::new();
    let mut headed = false;
    let mut previous_line = 0;
    for (line_no, content, span) in super::content_lines(text) {
        let after_blank = line_no > previous_line + 1 && previous_line > 0;
        previous_line = line_no;
        let problem = |message: String, help: &str| ParseProblem {
            message,
            help: Some(help.to_owned()),
            span: Some(span.clone()),
            line: Some(line_no),
        };
        if content.starts_with(|c: char| c.is_ascii_digit()) {
            in_about = false;
            match parse_card_line(content) {
                Ok((count, at)) => {
                    let (entry, section, marks) = card(count, content[at..].trim(), span, line_no);
                    marked |= marks;
                    let section = section.filter(|_| !headed);
                    if let Some(name) = section {
                        section_zone(&mut deck, name).entries.push(entry);
                    } else if let Some(zone) = deck.zones.iter_mut().rfind(|z| z.span.is_some()) {
                        zone.entries.push(entry);
                    } else {
                        match groups.last_mut() {
                            Some(group) if !after_blank => group.push(entry),
                            _ => groups.push(vec![entry]),
                        }
                    }
                }
                Err((message, help)) => deck.problems.push(ParseProblem {
                    message,
                    help,
                    span: Some(span),
                    line: Some(line_no),
                }),
            }
            continue;
        }
        if content.eq_ignore_ascii_case("about") {
            in_about = true;
            continue;
        }
        if in_about {
            let (key, value) = content.split_once(' ').unwrap_or((content, ""));
            let slot = if key.eq_ignore_ascii_case("name") {
                Some(&mut deck.name)
            } else if key.eq_ignore_ascii_case("format") {
                Some(&mut deck.format)
            } else {
                None
            };
            if let Some(slot) = slot {
                let value = value.trim();
                if value.is_empty() || slot.is_some() {
                    deck.problems.push(problem(
                        format!("`{content}` gives no value, or gives it twice"),
                        "write `Name <deck name>` and `Format <format id>` once each",
                    ));
                } else {
                    *slot = Some(Located {
                        value: value.to_owned(),
                        span: Some(span.end - value.len()..span.end),
                        line: Some(line_no),
                    });
                }
                continue;
            }
            in_about = false;
        }
        let header = content.strip_suffix(':').unwrap_or(content).trim_end();
        if header.is_empty() || header.contains(':') || content.starts_with(['#', '/', '[']) {
            deck.problems.push(problem(
                format!("`{content}` is not an Arena line"),
                "Arena lists have section names on their own (`Deck`, `Sideboard`) and card lines like `4 Name (SET) 12`",
            ));
            continue;
        }
        headed = true;
        deck.zones.push(Zone {
            name: header.to_owned(),
            span: Some(span),
            line: Some(line_no),
            entries: Vec::new(),
        });
    }
    place_groups(&mut deck, groups, headed);
    (deck, marked)
}

/// Puts the cards read before any section header in their zones: all in the main deck, except
/// that a list without headers whose cards form two groups has its sideboard in the second. A
/// list without headers in more groups is read into the main deck, with a warning saying so.
fn place_groups(deck: &mut Deck, groups: Vec<Vec<Entry>>, headed: bool) {
    let count = groups.len();
    let mut groups = groups.into_iter();
    let mut main: Vec<Entry> = Vec::new();
    if !headed && count == 2 {
        main = groups.next().unwrap_or_default();
        let side = groups.next().unwrap_or_default();
        deck.zones.push(Zone {
            name: "Sideboard".into(),
            span: None,
            line: None,
            entries: side,
        });
    } else {
        if !headed && count > 2 {
            let first = groups.clone().nth(2).and_then(|g| g.first().cloned());
            deck.warnings.push(ParseProblem {
                message: format!(
                    "blank lines split this list into {count} groups of cards; with no section headers, all of them were read into the main deck"
                ),
                help: Some(
                    "put `Deck` and `Sideboard` on lines of their own above the cards they hold"
                        .into(),
                ),
                span: first.as_ref().and_then(|e| e.span.clone()),
                line: first.as_ref().and_then(|e| e.line),
            });
        }
        main.extend(groups.flatten());
    }
    if !main.is_empty() {
        deck.zones.insert(
            0,
            Zone {
                name: "main".into(),
                span: None,
                line: None,
                entries: main,
            },
        );
    }
}

/// The zone a category names (`[Sideboard]`), made on first use at the end of the deck.
fn section_zone<'d>(deck: &'d mut Deck, name: &str) -> &'d mut Zone {
    let at = match deck
        .zones
        .iter()
        .position(|z| z.span.is_none() && z.name == name)
    {
        Some(at) => at,
        None => {
            deck.zones.push(Zone {
                name: name.to_owned(),
                span: None,
                line: None,
                entries: Vec::new(),
            });
            deck.zones.len() - 1
        }
    };
    &mut deck.zones[at]
}

/// The section names a category may carry a card into.
const SECTIONS: &[&str] = &["Sideboard", "Commander", "Companion"];

/// One card line after its count: the entry, the section its categories name (if any), and
/// whether the line carried a foil marker, category or tag.
fn card(
    count: u32,
    rest: &str,
    span: Range<usize>,
    line: u32,
) -> (Entry, Option<&'static str>, bool) {
    let mut rest = rest;
    let mut tags: Vec<String> = Vec::new();
    let mut section = None;
    let mut marked = false;
    // Markers come last, in any order: `*F*`, `[Category]`, `^Tag^`.
    loop {
        let trimmed = rest.trim_end();
        if let Some(inner) = enclosed(trimmed, '[', ']') {
            // `{top}`, `{noPrice}`: Archidekt's display flags; `{noDeck}`: not in the deck.
            let categories: Vec<&str> = inner
                .split(',')
                .map(|c| c.split('{').next().unwrap_or("").trim())
                .collect();
            for category in &categories {
                if is_maybe(category) {
                    section = Some(MAYBE);
                } else if let Some(s) = SECTIONS.iter().find(|s| s.eq_ignore_ascii_case(category)) {
                    section = Some(*s);
                }
            }
            if section.is_none() && inner.contains("{noDeck}") {
                section = Some(MAYBE);
            }
            tags.splice(0..0, categories.into_iter().map(str::to_owned));
            rest = &trimmed[..trimmed.len() - inner.len() - 2];
        } else if let Some(inner) = enclosed(trimmed, '^', '^') {
            // `^Combo,#37d67a^`: a tag and its colour.
            let named = inner
                .split(',')
                .map(str::trim)
                .filter(|t| !t.starts_with('#'))
                .map(str::to_owned);
            tags.splice(0..0, named);
            rest = &trimmed[..trimmed.len() - inner.len() - 2];
        } else if let Some(inner) = enclosed(trimmed, '*', '*')
            .filter(|m| (1..=4).contains(&m.len()) && m.bytes().all(|b| b.is_ascii_alphabetic()))
        {
            rest = &trimmed[..trimmed.len() - inner.len() - 2];
        } else {
            break;
        }
        marked = true;
    }
    tags.retain(|t| !t.is_empty());
    let (name, printing) = split_printing(rest.trim());
    let entry = Entry {
        count,
        card: name.into(),
        printing: printing.map(|(set, number)| Printing {
            set: set.to_owned(),
            number: number.map(str::to_owned),
        }),
        tags,
        span: Some(span),
        line: Some(line),
        ..Entry::default()
    };
    (entry, section, marked)
}

/// The text between `open` and `close` at the end of `s`, after a space (so that a card name
/// merely ending in a bracket keeps it).
fn enclosed(s: &str, open: char, close: char) -> Option<&str> {
    let body = s.strip_suffix(close)?;
    let at = body.rfind(open)?;
    let inner = &body[at + open.len_utf8()..];
    let before = &body[..at];
    (before.ends_with(' ') && !before.trim().is_empty() && !inner.trim().is_empty())
        .then_some(inner)
}

/// Whether an Arena card line naming `card` as written (`text`, printing and all) reads back
/// as that card.
fn reads_back(text: &str, card_name: &str) -> bool {
    let (entry, section, marked) = card(1, text, 0..0, 0);
    entry.card == card_name && section.is_none() && !marked
}

/// Whether an Arena list can hold a card of this name written without a printing.
pub fn holds_name(name: &str) -> bool {
    reads_back(name, name)
}

/// Splits `Name (SET) 123` or `Name (SET)` into the name and the printing. A bracket that is
/// not at the end, or holds white space, is part of the name.
pub fn split_printing(s: &str) -> (&str, Option<(&str, Option<&str>)>) {
    let plain = (s, None);
    let Some(open) = s.rfind(" (") else {
        return plain;
    };
    let tail = &s[open + 2..];
    let Some(close) = tail.find(')') else {
        return plain;
    };
    let set = &tail[..close];
    let after = &tail[close + 1..];
    let clean =
        |t: &str| !t.is_empty() && !t.contains(|c: char| c.is_whitespace() || c == '(' || c == ')');
    if !clean(set) {
        return plain;
    }
    let number = if after.is_empty() {
        None
    } else if after.starts_with(' ') && clean(after.trim_start()) {
        Some(after.trim_start())
    } else {
        return plain;
    };
    let name = s[..open].trim_end();
    if name.is_empty() {
        return plain;
    }
    (name, Some((set, number)))
}

/// The section a zone is written under: the default zone is Arena's `Deck`, a `side` zone is
/// `Sideboard`, and every other zone goes under its own header.
pub fn section(zone: &ZoneDef) -> String {
    if zone.default {
        "Deck".into()
    } else if zone.id == "side" {
        "Sideboard".into()
    } else {
        zone.headers
            .first()
            .cloned()
            .unwrap_or_else(|| zone.id.clone())
    }
}

/// Writes a canonical deck. Every card carries its printing (`(SET) number`): the one the
/// list names, or for a known card the database's; a card whose name itself ends like a
/// printing cannot be told from one, and is refused.
pub fn write(deck: &Deck, game: &Game) -> Result<String, Vec<ParseProblem>> {
    let mut out = String::new();
    let mut problems = Vec::new();
    if deck.name.is_some() || deck.format.is_some() {
        out.push_str("About\n");
        if let Some(name) = &deck.name {
            let _ = writeln!(out, "Name {}", name.value);
        }
        if let Some(format) = &deck.format {
            let _ = writeln!(out, "Format {}", format.value);
        }
    }
    for zone in &deck.zones {
        let header = match game.zone(&zone.name) {
            Some(def) => section(def),
            None if zone.name == MAYBE => "Maybeboard".into(),
            None => zone.name.clone(),
        };
        if !out.is_empty() {
            out.push('\n');
        }
        let _ = writeln!(out, "{header}");
        for e in &zone.entries {
            let card =
                e.id.as_deref()
                    .and_then(|id| game.find(id))
                    .map(|i| &game.cards[i]);
            let mut text = e.card.clone();
            // The list's own printing; a known card without one gets the database's, as an
            // Arena export names one for every card.
            if let Some(p) = &e.printing {
                let _ = write!(text, " {p}");
            } else if let Some(card) = card {
                let _ = write!(text, " ({})", card.set());
                if let Some(n) = card.number {
                    let _ = write!(text, " {n}");
                }
            }
            if !reads_back(&text, &e.card) {
                problems.push(ParseProblem {
                    message: format!(
                        "`{}`{} ends like an Arena printing `(SET) 123`, marker `*F*`, category `[…]` or tag `^…^`, so an Arena list cannot hold it",
                        e.card,
                        e.line.map_or(String::new(), |l| format!(" (line {l})"))
                    ),
                    help: Some("correct the card name, or convert to another encoding".into()),
                    span: e.span.clone(),
                    line: e.line,
                });
            }
            let _ = writeln!(out, "{} {text}", e.count);
        }
    }
    if problems.is_empty() {
        Ok(out)
    } else {
        Err(problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printings_are_split_off_only_at_the_end() {
        assert_eq!(
            split_printing("Bolt (M10) 146"),
            ("Bolt", Some(("M10", Some("146"))))
        );
        assert_eq!(split_printing("Bolt (M10)"), ("Bolt", Some(("M10", None))));
        assert_eq!(
            split_printing("Bolt (two words)"),
            ("Bolt (two words)", None)
        );
        assert_eq!(split_printing("(M10) 1"), ("(M10) 1", None));
        assert_eq!(
            split_printing("A (B) (JF1) 3"),
            ("A (B)", Some(("JF1", Some("3"))))
        );
    }

    #[test]
    fn sections_about_and_cards() {
        let deck = parse("About\nName My Deck\nFormat fow-standard\n\nRuler\n1 Faria (FW1) 1\n\nDeck\n4x 3 Ninjas\nSideboard\n2 Flame Lance (FW1)\n");
        assert!(deck.problems.is_empty(), "{:?}", deck.problems);
        assert_eq!(deck.name.unwrap().value, "My Deck");
        assert_eq!(deck.format.unwrap().value, "fow-standard");
        let zones: Vec<_> = deck.zones.iter().map(|z| z.name.as_str()).collect();
        assert_eq!(zones, ["Ruler", "Deck", "Sideboard"]);
        assert_eq!(deck.zones[1].entries[0].card, "3 Ninjas");
        assert_eq!(deck.zones[1].entries[0].count, 4);
        assert_eq!(deck.zones[2].entries[0].line, Some(11));
    }

    #[test]
    fn text_list_headers_and_comments_are_not_arena() {
        // `Main:` is a section with a colon (Moxfield writes `SIDEBOARD:`); `format: x` and a
        // comment are not Arena lines.
        let deck = parse("format: x\nMain:\n1 A\n# note\n");
        assert_eq!(deck.problems.len(), 2);
        assert_eq!(deck.zones[0].name, "Main");
    }

    /// Each entry as `zone: count name printing tags`.
    fn cards(deck: &Deck) -> Vec<String> {
        deck.zones
            .iter()
            .flat_map(|z| {
                z.entries.iter().map(move |e| {
                    let printing = e.printing.as_ref().map(ToString::to_string);
                    format!(
                        "{}: {} {} {} {:?}",
                        z.name,
                        e.count,
                        e.card,
                        printing.unwrap_or_default(),
                        e.tags
                    )
                })
            })
            .collect()
    }

    #[test]
    fn a_blank_line_starts_the_sideboard_of_a_list_without_headers() {
        let deck = parse("4 A (JF1) 6\n2 B\n\n1 C\n");
        let zones: Vec<_> = deck
            .zones
            .iter()
            .map(|z| (z.name.as_str(), z.entries.len()))
            .collect();
        assert_eq!(zones, [("main", 2), ("Sideboard", 1)]);
        assert_eq!(
            deck.zones[0].entries[0]
                .printing
                .as_ref()
                .unwrap()
                .to_string(),
            "(JF1) 6"
        );
        assert!(deck.warnings.is_empty());
        // With headers, blank lines mean nothing.
        let deck = parse("Deck\n4 A\n\n2 B\nSideboard\n1 C\n");
        let zones: Vec<_> = deck
            .zones
            .iter()
            .map(|z| (z.name.as_str(), z.entries.len()))
            .collect();
        assert_eq!(zones, [("Deck", 2), ("Sideboard", 1)]);
        // Three groups and no headers: all main, and a warning says so.
        let deck = parse("4 A\n\n2 B\n\n1 C\n");
        assert_eq!(deck.zones.len(), 1);
        assert_eq!(deck.zones[0].entries.len(), 3);
        assert_eq!(deck.warnings.len(), 1);
        assert_eq!(deck.warnings[0].line, Some(5));
    }

    #[test]
    fn foil_markers_categories_and_tags() {
        let (deck, marked) = parse_marked(
            "1 A (JF1) 6 *F*\n1x B (jf1) 7 *E* [Removal,Burn{top}] ^Combo,#37d67a^\n1 C [Maybeboard{noDeck}{noPrice}]\n1 D [Commander{top}]\n",
        );
        assert!(marked);
        assert!(deck.problems.is_empty(), "{:?}", deck.problems);
        assert_eq!(
            cards(&deck),
            [
                "main: 1 A (JF1) 6 []",
                "main: 1 B (jf1) 7 [\"Removal\", \"Burn\", \"Combo\"]",
                "maybe: 1 C  [\"Maybeboard\"]",
                "Commander: 1 D  [\"Commander\"]",
            ]
        );
        // A name merely ending in a bracket keeps it.
        let (deck, marked) = parse_marked("1 [Bracketed]\n1 Star*\n");
        assert!(!marked);
        assert_eq!(deck.zones[0].entries[0].card, "[Bracketed]");
        assert_eq!(deck.zones[0].entries[1].card, "Star*");
    }

    #[test]
    fn foreign_sections_and_colons() {
        let deck = parse(
            "Commander\n1 A\n\nCompanion\n1 B\n\nDeck\n3 C\n\nSIDEBOARD:\n1 D\n\nMaybeboard\n1 E\n",
        );
        assert!(deck.problems.is_empty(), "{:?}", deck.problems);
        let zones: Vec<_> = deck.zones.iter().map(|z| z.name.as_str()).collect();
        assert_eq!(
            zones,
            ["Commander", "Companion", "Deck", "SIDEBOARD", "Maybeboard"]
        );
    }
}
