//! The Arena-style text list that many deck builders import and export: an optional `About`
//! section (`Name …`, and decksmith's `Format …`), section headers on lines of their own
//! (`Deck`, `Sideboard`), and card lines `4 Name (SET) 123`, where the printing in brackets is
//! optional.
//!
//! Arena has no zone for a Hero, a ruler or a magic stone deck, so those travel as sections of
//! their own, under the zone's header (`Hero`, `Ruler`, `Stones`): see docs/encodings.md for the
//! mapping of each game. A blank line does not start a sideboard here (some exports do that):
//! every section is named.

use super::text::parse_card_line;
use crate::card_db::{Game, ZoneDef};
use crate::deck::{Deck, Entry, Located, ParseProblem, Zone};
use std::fmt::Write as _;

/// Reads an Arena list. Never fails: lines that are not Arena lines become problems.
pub fn parse(text: &str) -> Deck {
    let mut deck = Deck::default();
    let mut in_about = false;
    for (line_no, content, span) in super::content_lines(text) {
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
                    let (name, _) = split_printing(content[at..].trim());
                    let entry = Entry {
                        count,
                        card: name.to_owned(),
                        id: None,
                        span: Some(span.clone()),
                        line: Some(line_no),
                    };
                    match deck.zones.last_mut() {
                        Some(zone) => zone.entries.push(entry),
                        None => deck.zones.push(Zone {
                            name: "main".into(),
                            span: None,
                            line: None,
                            entries: vec![entry],
                        }),
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
        if content.contains(':') || content.starts_with(['#', '/', '[']) {
            deck.problems.push(problem(
                format!("`{content}` is not an Arena line"),
                "Arena lists have section names on their own (`Deck`, `Sideboard`) and card lines like `4 Name (SET) 12`",
            ));
            continue;
        }
        deck.zones.push(Zone {
            name: content.to_owned(),
            span: Some(span),
            line: Some(line_no),
            entries: Vec::new(),
        });
    }
    deck
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

/// Writes a canonical deck. A known card carries its printing (`(SET) number`); an unknown
/// card whose name itself ends like a printing cannot be told from one, and is refused.
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
        let header = game
            .zone(&zone.name)
            .map_or_else(|| zone.name.clone(), section);
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
            if let Some(card) = card {
                let _ = write!(text, " ({})", card.set());
                if let Some(n) = card.number {
                    let _ = write!(text, " {n}");
                }
            }
            if split_printing(&text).0 != e.card {
                problems.push(ParseProblem {
                    message: format!(
                        "`{}`{} ends like an Arena printing `(SET) 123`, so an Arena list cannot hold it",
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
    fn text_list_headers_are_not_arena() {
        let deck = parse("format: x\nMain:\n1 A\n# note\n");
        assert_eq!(deck.problems.len(), 3);
    }
}
