//! The deck as TOML: top-level `format`, `name`, `description`, `tags` and `banner`, and a
//! `[zones]` table mapping each zone id to an array of inline tables `{ count, id, name, set,
//! number, tags }` in deck order, and the optional `[[plans]]`, each with a `name` and
//! `swaps = [{ in or out, card }]` in plan order.

use super::{add_plan, EntryFile, Ordered, SwapFile};
use crate::deck::{Deck, Located, ParseProblem, Zone};
use crate::diagnostic::unknown_field_help;
use crate::line_index::LineIndex;
use ::toml::Spanned;
use serde::Deserialize;
use std::fmt::Write as _;

/// A TOML deck list.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct File {
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    format: Option<Spanned<String>>,
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    name: Option<Spanned<String>>,
    /// Free text about the deck.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    description: Option<Spanned<String>>,
    #[serde(default)]
    tags: Vec<String>,
    /// The card shown for the deck in a deck browser.
    #[serde(default)]
    banner: Option<String>,
    #[schemars(with = "std::collections::BTreeMap<String, Vec<EntryFile>>")]
    zones: Ordered<Spanned<String>, Vec<Spanned<EntryFile>>>,
    /// Sideboard plans (docs/plans.md).
    #[serde(default)]
    plans: Vec<PlanFile>,
}

/// A sideboard plan: the swaps made at once between games for one matchup.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct PlanFile {
    /// The matchup, such as `vs Titan Wall`.
    #[schemars(with = "String")]
    name: Spanned<String>,
    #[serde(default)]
    #[schemars(with = "Vec<SwapFile>")]
    swaps: Vec<Spanned<SwapFile>>,
}

/// Reads a TOML deck. TOML is read whole, so any error refuses the file, pointing at its place.
pub fn parse(text: &str) -> Result<Deck, ParseProblem> {
    let lines = LineIndex::new(text);
    let file: File = ::toml::from_str(text).map_err(|e| {
        let message = e.message().trim().to_owned();
        let span = e.span();
        ParseProblem {
            help: unknown_field_help(&message).or_else(|| {
                Some("a TOML deck has `format = \"…\"`, `name = \"…\"` and `[zones]` with `main = [{ count = 3, id = \"…\", name = \"…\" }]`".into())
            }),
            line: span.as_ref().map(|s| lines.line(s.start)),
            span,
            message,
        }
    })?;
    let located = |s: Spanned<String>| {
        let span = s.span();
        Located {
            line: Some(lines.line(span.start)),
            span: Some(span),
            value: s.into_inner(),
        }
    };
    let mut deck = Deck {
        format: file.format.map(located),
        name: file.name.map(located),
        description: file.description.map(located),
        tags: file.tags,
        banner: file.banner,
        ..Deck::default()
    };
    // The TOML reader hands tables over sorted by key; the key spans give the written order.
    let mut zones = file.zones.0;
    zones.sort_by_key(|(name, _)| name.span().start);
    for (name, entries) in zones {
        let name = located(name);
        let mut zone = Zone {
            name: name.value,
            span: name.span,
            line: name.line,
            entries: Vec::with_capacity(entries.len()),
        };
        for e in entries {
            let span = e.span();
            let line = lines.line(span.start);
            match e.into_inner().into_entry(span, line) {
                Ok(entry) => zone.entries.push(entry),
                Err(p) => deck.problems.push(p),
            }
        }
        deck.zones.push(zone);
    }
    for plan in file.plans {
        let mut swaps = Vec::with_capacity(plan.swaps.len());
        for s in plan.swaps {
            let span = s.span();
            let line = lines.line(span.start);
            match s.into_inner().into_swap(span, line) {
                Ok(swap) => swaps.push(swap),
                Err(p) => deck.problems.push(p),
            }
        }
        add_plan(&mut deck, located(plan.name), swaps);
    }
    Ok(deck)
}

fn string(s: &str) -> String {
    ::toml::Value::String(s.to_owned()).to_string()
}

fn list(items: &[String]) -> String {
    let strings: Vec<String> = items.iter().map(|s| string(s)).collect();
    format!("[{}]", strings.join(", "))
}

fn key(s: &str) -> String {
    if !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        s.to_owned()
    } else {
        string(s)
    }
}

/// Writes a canonical deck, one entry per line.
pub fn write(deck: &Deck) -> String {
    let mut out = String::new();
    if let Some(format) = &deck.format {
        let _ = writeln!(out, "format = {}", string(&format.value));
    }
    if let Some(name) = &deck.name {
        let _ = writeln!(out, "name = {}", string(&name.value));
    }
    if let Some(description) = &deck.description {
        let _ = writeln!(out, "description = {}", string(&description.value));
    }
    if !deck.tags.is_empty() {
        let _ = writeln!(out, "tags = {}", list(&deck.tags));
    }
    if let Some(banner) = &deck.banner {
        let _ = writeln!(out, "banner = {}", string(banner));
    }
    if !out.is_empty() {
        out.push('\n');
    }
    out.push_str("[zones]\n");
    for zone in &deck.zones {
        let _ = writeln!(out, "{} = [", key(&zone.name));
        for e in &zone.entries {
            let _ = write!(out, "    {{ count = {}", e.count);
            if let Some(id) = &e.id {
                let _ = write!(out, ", id = {}", string(id));
            }
            let _ = write!(out, ", name = {}", string(&e.card));
            if let Some(p) = &e.printing {
                let _ = write!(out, ", set = {}", string(&p.set));
                if let Some(n) = &p.number {
                    let _ = write!(out, ", number = {}", string(n));
                }
            }
            if !e.tags.is_empty() {
                let _ = write!(out, ", tags = {}", list(&e.tags));
            }
            out.push_str(" },\n");
        }
        out.push_str("]\n");
    }
    for plan in &deck.plans {
        let _ = writeln!(out, "\n[[plans]]\nname = {}", string(&plan.name.value));
        if plan.swaps.is_empty() {
            out.push_str("swaps = []\n");
            continue;
        }
        out.push_str("swaps = [\n");
        for swap in &plan.swaps {
            let _ = writeln!(
                out,
                "    {{ {} = {}, card = {} }},",
                if swap.into_main { "in" } else { "out" },
                swap.count,
                string(&swap.card)
            );
        }
        out.push_str("]\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zones_keep_document_order_and_entries_their_lines() {
        let text = "format = \"f\"\n[zones]\nside = [\n  { count = 2, name = \"B\" },\n]\nmain = [{ count = 1, id = \"X-1\" }]\n";
        let deck = parse(text).unwrap();
        let zones: Vec<_> = deck
            .zones
            .iter()
            .map(|z| (z.name.as_str(), z.line))
            .collect();
        assert_eq!(zones, [("side", Some(3)), ("main", Some(6))]);
        assert_eq!(deck.zones[0].entries[0].line, Some(4));
        assert_eq!(deck.zones[1].entries[0].card, "X-1");
    }

    #[test]
    fn unknown_fields_are_refused_with_a_suggestion() {
        let err = parse("[zones]\nmain = [{ count = 1, nmae = \"A\" }]\n").unwrap_err();
        assert_eq!(err.line, Some(2));
        assert_eq!(err.help.as_deref(), Some("did you mean `name`?"));
    }

    #[test]
    fn plans_keep_their_swaps_in_order_with_lines() {
        let text = "[zones]\n\n[[plans]]\nname = \"vs X\"\nswaps = [\n{ in = 2, card = \"A\" },\n{ out = 0, card = \"B\" },\n{ out = 3, card = \"B\" },\n]\n";
        let deck = parse(text).unwrap();
        let plan = &deck.plans[0];
        assert_eq!(
            (plan.name.value.as_str(), plan.name.line),
            ("vs X", Some(4))
        );
        let swaps: Vec<_> = (plan.swaps.iter())
            .map(|s| (s.count, s.card.as_str(), s.into_main, s.line))
            .collect();
        assert_eq!(swaps, [(2, "A", true, Some(6)), (3, "B", false, Some(8))]);
        assert_eq!(deck.problems[0].line, Some(7));
        let again = parse(&write(&deck)).unwrap();
        assert_eq!(again.plans[0].swaps.len(), 2);
        let err = parse("[zones]\n[[plans]]\nname = \"x\"\nswaps = [{ in = 1, crad = \"A\" }]\n")
            .unwrap_err();
        assert_eq!(err.help.as_deref(), Some("did you mean `card`?"));
    }
}
