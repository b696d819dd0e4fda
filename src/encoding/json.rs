//! The deck as JSON: top-level `format`, `name`, `description`, `tags`, `banner` and `zones`,
//! where `zones` maps each zone id to its entries `{"count", "id", "name", "set", "number",
//! "tags"}` in deck order, and the optional `plans`, each `{"name", "swaps"}` with swaps
//! `{"in" or "out", "card"}` in plan order. Zones keep the order they are written in, and each
//! entry and swap keeps its place in the file, so findings point at its line.

use super::{add_plan, quoted, quoted_list, EntryFile, Ordered, SwapFile};
use crate::deck::{Deck, Located, ParseProblem, Zone};
use crate::diagnostic::unknown_field_help;
use crate::line_index::LineIndex;
use serde::Deserialize;
use serde_json::value::RawValue;
use std::fmt::Write as _;
use std::ops::Range;

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct File<'a> {
    #[serde(default, borrow)]
    format: Option<&'a RawValue>,
    #[serde(default, borrow)]
    name: Option<&'a RawValue>,
    #[serde(default, borrow)]
    description: Option<&'a RawValue>,
    #[serde(default)]
    tags: Vec<String>,
    #[serde(default)]
    banner: Option<String>,
    #[serde(borrow)]
    zones: Ordered<String, Vec<&'a RawValue>>,
    #[serde(default, borrow)]
    plans: Vec<PlanFile<'a>>,
}

/// A sideboard plan; its swaps are read one by one, as zone entries are.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlanFile<'a> {
    #[serde(borrow)]
    name: &'a RawValue,
    #[serde(default, borrow)]
    swaps: Vec<&'a RawValue>,
}

/// Reads a JSON deck. A file that is not JSON, or not shaped like a deck, is refused whole; a
/// bad entry becomes a problem of the deck and reading goes on.
pub fn parse(text: &str) -> Result<Deck, ParseProblem> {
    let lines = LineIndex::new(text);
    let error = |e: serde_json::Error| {
        let message = without_location(&e);
        let offset = lines.offset(text, e.line(), e.column());
        ParseProblem {
            help: help(&message),
            message,
            span: Some(offset..offset),
            line: Some(lines.line(offset)),
        }
    };
    let file: File = serde_json::from_str(text).map_err(error)?;
    let place = |raw: &RawValue| {
        let start = offset_in(text, raw.get());
        (start..start + raw.get().len(), lines.line(start))
    };
    let located = |raw: &RawValue| -> Result<Located<String>, ParseProblem> {
        let start = offset_in(text, raw.get());
        let span = start..start + raw.get().len();
        let value: String = serde_json::from_str(raw.get()).map_err(|_| ParseProblem {
            message: format!("`{}` is not a string", raw.get()),
            help: Some("write it in double quotes".into()),
            span: Some(span.clone()),
            line: Some(lines.line(start)),
        })?;
        Ok(Located {
            value,
            span: Some(span),
            line: Some(lines.line(start)),
        })
    };
    let mut deck = Deck {
        format: file.format.map(located).transpose()?,
        name: file.name.map(located).transpose()?,
        description: file.description.map(located).transpose()?,
        tags: file.tags,
        banner: file.banner,
        ..Deck::default()
    };
    let mut search_from = 0;
    for (zone_name, entries) in file.zones.0 {
        // The key's own place: the first time it is written after the previous zone.
        let key = quoted(&zone_name);
        let key_at = text
            .get(search_from..)
            .and_then(|rest| rest.find(&key))
            .map(|i| search_from + i);
        let mut zone = Zone {
            name: zone_name,
            span: key_at.map(|k| k..k + key.len()),
            line: key_at.map(|k| lines.line(k)),
            entries: Vec::with_capacity(entries.len()),
        };
        for raw in entries {
            let (span, line) = place(raw);
            search_from = span.end;
            match item::<EntryFile>(raw, &span, line).and_then(|e| e.into_entry(span, line)) {
                Ok(entry) => zone.entries.push(entry),
                Err(p) => deck.problems.push(p),
            }
        }
        deck.zones.push(zone);
    }
    for plan in file.plans {
        let name = located(plan.name)?;
        let mut swaps = Vec::with_capacity(plan.swaps.len());
        for raw in plan.swaps {
            let (span, line) = place(raw);
            match item::<SwapFile>(raw, &span, line).and_then(|s| s.into_swap(span, line)) {
                Ok(swap) => swaps.push(swap),
                Err(p) => deck.problems.push(p),
            }
        }
        add_plan(&mut deck, name, swaps);
    }
    Ok(deck)
}

fn help(message: &str) -> Option<String> {
    unknown_field_help(message).or_else(|| {
        Some("a JSON deck is {\"format\": …, \"name\": …, \"zones\": {\"main\": [{\"count\": 3, \"id\": …, \"name\": …}]}}".into())
    })
}

/// One zone entry or plan swap: a bad one is a problem at its place, not the file's.
fn item<'a, T: Deserialize<'a>>(
    raw: &'a RawValue,
    span: &Range<usize>,
    line: u32,
) -> Result<T, ParseProblem> {
    serde_json::from_str(raw.get()).map_err(|e| {
        let message = without_location(&e);
        ParseProblem {
            help: help(&message),
            message,
            span: Some(span.clone()),
            line: Some(line),
        }
    })
}

/// serde_json ends its messages with "at line L column C"; the diagnostic shows the place.
fn without_location(e: &serde_json::Error) -> String {
    let message = e.to_string();
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_owned(),
        None => message,
    }
}

/// Where a slice borrowed from `text` starts in it.
fn offset_in(text: &str, part: &str) -> usize {
    (part.as_ptr() as usize)
        .checked_sub(text.as_ptr() as usize)
        .filter(|&o| o <= text.len())
        .unwrap_or(0)
}

/// Writes a canonical deck, one entry per line.
pub fn write(deck: &Deck) -> String {
    let mut out = String::from("{\n");
    if let Some(format) = &deck.format {
        let _ = writeln!(out, "  \"format\": {},", quoted(&format.value));
    }
    if let Some(name) = &deck.name {
        let _ = writeln!(out, "  \"name\": {},", quoted(&name.value));
    }
    if let Some(description) = &deck.description {
        let _ = writeln!(out, "  \"description\": {},", quoted(&description.value));
    }
    if !deck.tags.is_empty() {
        let _ = writeln!(out, "  \"tags\": {},", quoted_list(&deck.tags));
    }
    if let Some(banner) = &deck.banner {
        let _ = writeln!(out, "  \"banner\": {},", quoted(banner));
    }
    out.push_str("  \"zones\": {");
    for (z, zone) in deck.zones.iter().enumerate() {
        let _ = write!(
            out,
            "{}\n    {}: [",
            if z == 0 { "" } else { "," },
            quoted(&zone.name)
        );
        for (i, e) in zone.entries.iter().enumerate() {
            let _ = write!(
                out,
                "{}\n      {{\"count\": {}",
                if i == 0 { "" } else { "," },
                e.count
            );
            if let Some(id) = &e.id {
                let _ = write!(out, ", \"id\": {}", quoted(id));
            }
            let _ = write!(out, ", \"name\": {}", quoted(&e.card));
            if let Some(p) = &e.printing {
                let _ = write!(out, ", \"set\": {}", quoted(&p.set));
                if let Some(n) = &p.number {
                    let _ = write!(out, ", \"number\": {}", quoted(n));
                }
            }
            if !e.tags.is_empty() {
                let _ = write!(out, ", \"tags\": {}", quoted_list(&e.tags));
            }
            out.push('}');
        }
        out.push_str(if zone.entries.is_empty() {
            "]"
        } else {
            "\n    ]"
        });
    }
    out.push_str(if deck.zones.is_empty() { "}" } else { "\n  }" });
    if !deck.plans.is_empty() {
        out.push_str(",\n  \"plans\": [");
        for (p, plan) in deck.plans.iter().enumerate() {
            let _ = write!(
                out,
                "{}\n    {{\"name\": {}, \"swaps\": [",
                if p == 0 { "" } else { "," },
                quoted(&plan.name.value)
            );
            for (i, swap) in plan.swaps.iter().enumerate() {
                let _ = write!(
                    out,
                    "{}\n      {{\"{}\": {}, \"card\": {}}}",
                    if i == 0 { "" } else { "," },
                    if swap.into_main { "in" } else { "out" },
                    swap.count,
                    quoted(&swap.card)
                );
            }
            out.push_str(if plan.swaps.is_empty() {
                "]}"
            } else {
                "\n    ]}"
            });
        }
        out.push_str("\n  ]");
    }
    out.push_str("\n}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_keep_their_lines_and_zone_order() {
        let text = "{\"format\": \"f\", \"zones\": {\n \"side\": [\n  {\"count\": 2, \"name\": \"B\"}],\n \"main\": [{\"count\": 1, \"id\": \"X-1\"}]}}";
        let deck = parse(text).unwrap();
        assert_eq!(deck.zones[0].name, "side");
        assert_eq!(deck.zones[0].line, Some(2));
        assert_eq!(deck.zones[0].entries[0].line, Some(3));
        assert_eq!(deck.zones[1].entries[0].card, "X-1");
        assert_eq!(deck.format.unwrap().line, Some(1));
    }

    #[test]
    fn a_bad_entry_is_a_problem_and_the_rest_is_read() {
        let text = "{\"zones\": {\"main\": [\n{\"count\": 0, \"name\": \"A\"},\n{\"count\": 1, \"nmae\": \"B\"},\n{\"count\": 1, \"name\": \"C\"}]}}";
        let deck = parse(text).unwrap();
        assert_eq!(deck.zones[0].entries.len(), 1);
        let lines: Vec<_> = deck.problems.iter().map(|p| p.line).collect();
        assert_eq!(lines, [Some(2), Some(3)]);
        assert!(deck.problems[1].message.contains("unknown field `nmae`"));
        assert_eq!(
            deck.problems[1].help.as_deref(),
            Some("did you mean `name`?")
        );
    }

    #[test]
    fn syntax_errors_point_at_their_line() {
        let err = parse("{\n\"zones\": {\n\"main\": [}\n}").unwrap_err();
        assert_eq!(err.line, Some(3));
        assert!(!err.message.contains(" at line "), "{}", err.message);
    }

    #[test]
    fn plans_keep_their_swaps_in_order_with_lines() {
        let text = "{\"zones\": {},\n\"plans\": [{\"name\": \"vs X\", \"swaps\": [\n{\"in\": 2, \"card\": \"A\"},\n{\"out\": 1, \"crad\": \"B\"},\n{\"out\": 3, \"card\": \" B \"}]}]}";
        let deck = parse(text).unwrap();
        let plan = &deck.plans[0];
        assert_eq!(
            (plan.name.value.as_str(), plan.name.line),
            ("vs X", Some(2))
        );
        let swaps: Vec<_> = (plan.swaps.iter())
            .map(|s| (s.count, s.card.as_str(), s.into_main, s.line))
            .collect();
        assert_eq!(swaps, [(2, "A", true, Some(3)), (3, "B", false, Some(5))]);
        assert_eq!(deck.problems[0].line, Some(4));
        assert_eq!(
            deck.problems[0].help.as_deref(),
            Some("did you mean `card`?")
        );
        assert_eq!(write(&deck).matches("\"plans\"").count(), 1);
        assert_eq!(parse(&write(&deck)).unwrap().plans.len(), 1);
    }
}
