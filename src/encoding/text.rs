//! The native `.deck` list: `format:` and `name:` headers, zone headers (`Main:` or `[Main]`),
//! card lines `3 Name` or `3x Name`, `#` comments and blank lines. The comments before the
//! first other line are the deck's description. A `Plan: <name>` line opens a sideboard plan
//! of `+2 Name` / `-2 Name` lines, which ends at the next plan, zone header or the end.

use crate::deck::{
    Deck, DeckRef, Description, EntryRef, Located, ParseProblem, Plan, Swap, ZoneRef, MAX_COUNT,
};
use std::fmt::Write as _;
use std::ops::Range;

/// Reads a deck list into an owned deck: [`parse_borrowed`], every name then copied.
pub fn parse(text: &str) -> Deck {
    parse_borrowed(text).into_owned()
}

/// Reads a deck list, every name a slice of `text`. Never fails: unreadable lines become
/// `deck.problems`, and reading goes on so every problem is reported at once.
pub fn parse_borrowed(text: &str) -> DeckRef<'_> {
    let mut deck = DeckRef {
        // About one card line in every 16 bytes of a list: one allocation for most lists,
        // and no more than a long list needs ahead for a big file that may be all comments.
        entries: Vec::with_capacity((text.len() / 16 + 1).min(1024)),
        ..DeckRef::default()
    };
    let is_comment = |content: &str| content.starts_with('#') || content.starts_with("//");
    let mut lines = super::content_lines(text);
    // The opening comments' first line number and the span of them all.
    let mut opening: Option<(u32, Range<usize>)> = None;
    let mut first_other = None;
    for (line_no, content, span) in lines.by_ref() {
        if !is_comment(content) {
            first_other = Some((line_no, content, span));
            break;
        }
        match &mut opening {
            None => opening = Some((line_no, span)),
            Some((_, all)) => all.end = span.end,
        }
    }
    deck.description = description(text, opening);
    let mut in_plan = Section::Zone;
    if let Some((line_no, content, span)) = first_other {
        parse_line(&mut deck, &mut in_plan, content, span, line_no);
    }
    for (line_no, content, span) in lines {
        if !is_comment(content) {
            parse_line(&mut deck, &mut in_plan, content, span, line_no);
        }
    }
    deck
}

/// Where the lines being read go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Section {
    Zone,
    /// The last plan of the deck.
    Plan,
    /// A plan refused (no name, a name given twice): its lines are read, and kept nowhere.
    RefusedPlan,
}

/// The description the opening comment lines make, pointing at all of them.
fn description(text: &str, first: Option<(u32, Range<usize>)>) -> Option<Located<Description<'_>>> {
    let (line, span) = first?;
    Some(Located {
        value: Description::Comments(&text[span.clone()]),
        span: Some(span),
        line: Some(line),
    })
}

fn parse_line<'a>(
    deck: &mut DeckRef<'a>,
    in_plan: &mut Section,
    content: &'a str,
    span: Range<usize>,
    line: u32,
) {
    let problem = |message: String, help: Option<String>| ParseProblem {
        message,
        help,
        span: Some(span.clone()),
        line: Some(line),
    };
    let first = content.as_bytes()[0];
    if first.is_ascii_digit() && *in_plan != Section::Zone {
        let message = problem(
            format!("`{content}` is a card line inside a plan"),
            Some(format!(
                "a plan's lines start with `+` (board in) or `-` (board out): `+{content}`; to list cards, open a zone first (`Main:`) or move the plan after the zones"
            )),
        );
        deck.problems.to_mut().push(message);
        return;
    }
    if first.is_ascii_digit() {
        match parse_card_line(content) {
            Ok((count, name_offset)) => {
                // `content` is trimmed, and the count's white space is not the name's.
                let card = &content[name_offset..];
                if deck.zones.is_empty() {
                    // Cards before any zone header go to a zone named `main`, which
                    // validation maps to the game's default zone.
                    open_zone(deck, "main", None, None);
                }
                deck.entries.push(EntryRef::new(count, card, span, line));
                let end = deck.entries.len();
                deck.zones.last_mut().expect("just ensured").entries.end = end;
            }
            Err((message, help)) => deck.problems.to_mut().push(problem(message, help)),
        }
        return;
    }
    if (first == b'-' || first == b'+') && *in_plan != Section::Zone {
        let rest = &content[1..];
        match parse_card_line(rest) {
            Ok((count, name_offset)) => {
                let swap = Swap {
                    count,
                    card: rest[name_offset..].into(),
                    into_main: first == b'+',
                    span: Some(span),
                    line: Some(line),
                };
                if *in_plan == Section::Plan {
                    if let Some(plan) = deck.plans.to_mut().last_mut() {
                        plan.swaps.push(swap);
                    }
                }
            }
            Err((message, _)) => deck.problems.to_mut().push(problem(
                message,
                Some("a plan line is a sign, a count, a space and a card name: `+2 Storm Falcon` or `-2 Ash Hound`".into()),
            )),
        }
        return;
    }
    if first == b'-' || first == b'+' {
        deck.problems.to_mut().push(problem(
            format!("`{content}`: a count must be a whole number from 1 to {MAX_COUNT}"),
            Some("write the count without a sign, like `3 Ember Striker`; `+`/`-` lines belong under a `Plan: <name>` line".into()),
        ));
        return;
    }
    if let Some(inner) = content.strip_prefix('[').and_then(|c| c.strip_suffix(']')) {
        *in_plan = Section::Zone;
        open_zone(deck, trim(inner), Some(span), Some(line));
        return;
    }
    // Header lines are short: a byte loop finds the colon sooner than a string search.
    if let Some(colon) = content.bytes().position(|b| b == b':') {
        let (key, value) = (&content[..colon], &content[colon + 1..]);
        let value = trim(value);
        let key = trim(key);
        if key.eq_ignore_ascii_case("plan") {
            open_plan(deck, in_plan, value, span, line);
            return;
        }
        if value.is_empty() {
            *in_plan = Section::Zone;
            open_zone(deck, key, Some(span), Some(line));
            return;
        }
        let slot = if key.eq_ignore_ascii_case("format") {
            &mut deck.format
        } else if key.eq_ignore_ascii_case("name") {
            &mut deck.name
        } else {
            deck.problems.to_mut().push(problem(
                    format!("unknown header `{}`", key.to_ascii_lowercase()),
                    Some(
                        "a deck list has `format: <id>` and `name: <text>` headers; start other notes with `#`"
                            .into(),
                    ),
                ));
            return;
        };
        if let Some(previous) = slot {
            let was = previous
                .line
                .map_or(String::new(), |l| format!(" (line {l})"));
            let message = problem(
                format!("`{}` is given twice", key.trim()),
                Some(format!("keep one; the first{was} is `{}`", previous.value)),
            );
            deck.problems.to_mut().push(message);
            return;
        }
        let value_start = span.end - value.len();
        *slot = Some(Located {
            value,
            span: Some(value_start..span.end),
            line: Some(line),
        });
        return;
    }
    deck.problems.to_mut().push(problem(
        format!("`{content}` is not a card line"),
        Some(format!(
            "card lines start with a count, like `1 {content}`; zone headers end with `:`"
        )),
    ));
}

/// Opens the plan a `Plan: <name>` line names.
fn open_plan(deck: &mut DeckRef, in_plan: &mut Section, name: &str, span: Range<usize>, line: u32) {
    let problem = |message: String, help: String| ParseProblem {
        message,
        help: Some(help),
        span: Some(span.clone()),
        line: Some(line),
    };
    // The lines up to the next header are this plan's, even when it is refused: they are
    // not cards of the zone above.
    *in_plan = Section::RefusedPlan;
    if name.is_empty() {
        let message = problem(
            "a plan needs a name".into(),
            "name the matchup after the colon: `Plan: vs Titan Wall`".into(),
        );
        deck.problems.to_mut().push(message);
        return;
    }
    let key = crate::names::key(name);
    if let Some(was) = (deck.plans.iter()).find(|p| crate::names::key(&p.name.value) == key) {
        let at = was
            .name
            .line
            .map_or(String::new(), |l| format!(" on line {l}"));
        let message = problem(
            format!("plan `{name}` is given twice"),
            format!("merge the two into the first{at}, or give this one another name"),
        );
        deck.problems.to_mut().push(message);
        return;
    }
    deck.plans.to_mut().push(Plan {
        name: Located {
            value: name.to_owned(),
            span: Some(span.end - name.len()..span.end),
            line: Some(line),
        },
        swaps: Vec::new(),
    });
    *in_plan = Section::Plan;
}

/// `s` without white space around it; most headers have none, or one ASCII space.
fn trim(s: &str) -> &str {
    let s = s.strip_prefix(' ').unwrap_or(s);
    match (s.as_bytes().first(), s.as_bytes().last()) {
        (Some(a), Some(z)) if a.is_ascii_graphic() && z.is_ascii_graphic() => s,
        _ => s.trim(),
    }
}

/// `3 Name` / `3x Name`: the count and where the name starts.
pub(crate) fn parse_card_line(content: &str) -> Result<(u32, usize), (String, Option<String>)> {
    let digits = content.bytes().take_while(u8::is_ascii_digit).count();
    let number = &content[..digits];
    let mut rest = &content[digits..];
    if let Some(r) = rest.strip_prefix(['x', 'X']) {
        rest = r;
    }
    let spaced = match rest.as_bytes().first() {
        Some(b' ') => true,
        Some(&b) if b.is_ascii() => (b as char).is_whitespace(),
        _ => rest.starts_with(char::is_whitespace),
    };
    if !spaced {
        return Err((
            format!("`{content}` is not a card line"),
            Some("write the count, a space, then the card name: `3 Ember Striker` or `3x Ember Striker`".into()),
        ));
    }
    let trimmed = match rest.as_bytes().get(1) {
        // One space, then the name: the usual line.
        Some(b) if b.is_ascii_graphic() => &rest[1..],
        _ => rest.trim_start(),
    };
    if trimmed.is_empty() {
        return Err((
            format!("`{content}` has a count but no card name"),
            Some("write the card name after the count".into()),
        ));
    }
    // The count as `u32::from_str` reads it (leading zeros and all, nothing past a `u32`),
    // without its sign and radix handling: the digits are known to be digits.
    let value = match digits {
        0 => None,
        _ => (number.bytes()).try_fold(0u32, |n, d| {
            n.checked_mul(10)?.checked_add(u32::from(d - b'0'))
        }),
    };
    let count = match value {
        Some(n) if (1..=MAX_COUNT).contains(&n) => n,
        Some(0) => {
            return Err((
                "a count of 0 adds no card".into(),
                Some("remove the line, or give a count of 1 or more".into()),
            ))
        }
        _ => {
            return Err((
                format!("count {number} is too large"),
                Some(format!("counts go from 1 to {MAX_COUNT}")),
            ))
        }
    };
    Ok((count, content.len() - trimmed.len()))
}

fn open_zone<'a>(
    deck: &mut DeckRef<'a>,
    name: &'a str,
    span: Option<Range<usize>>,
    line: Option<u32>,
) {
    let at = deck.entries.len();
    deck.zones.push(ZoneRef {
        name,
        span,
        line,
        entries: at..at,
    });
}

/// Writes a deck list that [`parse`] reads back to the same deck.
pub fn write(deck: &Deck) -> String {
    let mut out = String::new();
    if let Some(description) = &deck.description {
        for line in description.value.lines() {
            let _ = writeln!(out, "#{}{line}", if line.is_empty() { "" } else { " " });
        }
    }
    if let Some(format) = &deck.format {
        let _ = writeln!(out, "format: {}", format.value);
    }
    if let Some(name) = &deck.name {
        let _ = writeln!(out, "name: {}", name.value);
    }
    for zone in &deck.zones {
        if !out.is_empty() {
            out.push('\n');
        }
        let _ = writeln!(out, "{}:", capitalise(&zone.name));
        for entry in &zone.entries {
            let _ = writeln!(out, "{} {}", entry.count, entry.card);
        }
    }
    for plan in &deck.plans {
        if !out.is_empty() {
            out.push('\n');
        }
        let _ = writeln!(out, "Plan: {}", plan.name.value);
        for swap in &plan.swaps {
            let sign = if swap.into_main { '+' } else { '-' };
            let _ = writeln!(out, "{sign}{} {}", swap.count, swap.card);
        }
    }
    out
}

fn capitalise(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_headers_zones_and_both_count_styles() {
        let deck = parse("format: jforce-standard\nname: Rush\nHero:\n1 Storma\n[Main]\n3 Ember Striker\n2x Iron Guard\n");
        assert_eq!(deck.format.as_ref().unwrap().value, "jforce-standard");
        assert_eq!(deck.name.as_ref().unwrap().value, "Rush");
        assert_eq!(deck.zones.len(), 2);
        assert_eq!(deck.zones[1].name, "Main");
        assert_eq!(deck.zones[1].entries[1].count, 2);
        assert_eq!(deck.zones[1].entries[1].card, "Iron Guard");
        assert_eq!(deck.zones[1].entries[1].line, Some(7));
        assert!(deck.problems.is_empty());
    }

    #[test]
    fn a_name_with_leading_digits_needs_its_count() {
        let deck = parse("1 3 Ninjas\n2 X Wing\n");
        assert_eq!(deck.zones[0].entries[0].card, "3 Ninjas");
        assert_eq!(deck.zones[0].entries[1].card, "X Wing");
    }

    #[test]
    fn bad_counts_are_problems_with_lines() {
        let deck = parse("0 Storma\n-1 Storma\n99999999999 Storma\nthree Storma\n5\n");
        let lines: Vec<u32> = deck.problems.iter().map(|p| p.line.unwrap()).collect();
        assert_eq!(lines, [1, 2, 3, 4, 5]);
        assert!(deck.zones.iter().all(|z| z.entries.is_empty()));
    }

    #[test]
    fn a_byte_order_mark_does_not_hide_the_first_header() {
        let text = "\u{feff}format: skirmish-casual\n3 Ember Jab\n";
        let deck = parse(text);
        assert!(deck.problems.is_empty(), "{:?}", deck.problems);
        assert_eq!(deck.format.unwrap().value, "skirmish-casual");
        let span = deck.zones[0].entries[0].span.clone().unwrap();
        assert_eq!(&text[span], "3 Ember Jab");
    }

    #[test]
    fn spans_cover_the_trimmed_line() {
        let text = "Main:\r\n  3 Ember Striker  \r\n";
        let deck = parse(text);
        let span = deck.zones[0].entries[0].span.clone().unwrap();
        assert_eq!(&text[span], "3 Ember Striker");
    }

    #[test]
    fn written_decks_read_back_the_same() {
        let deck = parse("format: fow-standard\nname: A, \"B\"\nRuler:\n1 Faria\nMain:\n4 Keep the Faith!\n1 3 Ninjas\n");
        let again = parse(&write(&deck));
        assert_eq!(again.format.unwrap().value, "fow-standard");
        let names: Vec<_> = again
            .zones
            .iter()
            .flat_map(|z| &z.entries)
            .map(|e| (e.count, e.card.to_string()))
            .collect();
        assert_eq!(
            names,
            [
                (1, "Faria".to_string()),
                (4, "Keep the Faith!".into()),
                (1, "3 Ninjas".into())
            ]
        );
    }

    const PLANNED: &str = "format: fow-standard\n\nRuler:\n1 Faria\n\nSide:\n2 Storm Falcon\n\nPlan: vs Titan Wall\n+2 Storm Falcon\n-2 Ash Hound\n\nPlan: vs Ember Rush\n+1x Storm Falcon\n";

    #[test]
    fn plans_end_at_the_next_plan_or_zone() {
        let deck = parse(&format!("{PLANNED}Main:\n3 Ash Hound\n"));
        assert!(deck.problems.is_empty(), "{:?}", deck.problems);
        let names: Vec<_> = deck.plans.iter().map(|p| p.name.value.as_str()).collect();
        assert_eq!(names, ["vs Titan Wall", "vs Ember Rush"]);
        let swaps = &deck.plans[0].swaps;
        assert_eq!(
            (swaps[0].count, swaps[0].card.as_str(), swaps[0].into_main),
            (2, "Storm Falcon", true)
        );
        assert_eq!(
            (swaps[1].card.as_str(), swaps[1].into_main, swaps[1].line),
            ("Ash Hound", false, Some(11))
        );
        assert_eq!(deck.plans[1].swaps.len(), 1);
        assert_eq!(deck.zones.last().unwrap().entries[0].card, "Ash Hound");
    }

    #[test]
    fn written_plans_read_back_byte_for_byte() {
        let once = write(&parse(PLANNED));
        assert!(
            once.contains("Plan: vs Titan Wall\n+2 Storm Falcon\n-2 Ash Hound\n"),
            "{once}"
        );
        assert_eq!(write(&parse(&once)), once);
        assert_eq!(
            parse(&once).without_locations(),
            parse(PLANNED).without_locations()
        );
    }

    #[test]
    fn bad_plan_lines_are_problems_with_lines() {
        let deck =
            parse("Plan:\n+1 A\nPlan: x\n3 Ash Hound\n+0 Ash Hound\nPlan: X\n-1 B\n+1 Loose\n");
        let lines: Vec<_> = deck
            .problems
            .iter()
            .map(|p| (p.line.unwrap(), p.message.as_str()))
            .collect();
        assert_eq!(
            lines,
            [
                (1, "a plan needs a name"),
                (4, "`3 Ash Hound` is a card line inside a plan"),
                (5, "a count of 0 adds no card"),
                (6, "plan `X` is given twice"),
            ]
        );
        // The refused plans' lines are kept nowhere.
        assert_eq!(deck.plans.len(), 1);
        assert!(deck.plans[0].swaps.is_empty());
        assert!(deck.zones.is_empty());
    }
}
