//! The deck list `decksmith new` writes: the format and name headers, then a section for each
//! zone the format asks for, with a comment saying what the zone needs. Everything comes from
//! the format and the game's data, so a game added as data gets skeletons too.

use crate::card_db::Game;
use crate::validate::format::{Format, ZoneLimit};
use crate::validate::{ColourMinimum, ColourRatio, Hero, Rule};
use std::collections::BTreeMap;

/// A text deck list with no cards yet, for `format` (of `game`), named `name` if given.
pub fn skeleton(format: &Format, game: &Game, name: Option<&str>) -> String {
    let mut out = format!("format: {}\n", format.id);
    if let Some(name) = name {
        out.push_str(&format!("name: {name}\n"));
    }
    if let Some(description) = &format.description {
        out.push_str(&format!("# {}: {description}\n", format.name));
    }
    for zone in &game.def.zones {
        let needs = needs(format, game, &zone.id);
        if needs.is_empty() && !zone.default {
            continue;
        }
        let header = zone.headers.first().unwrap_or(&zone.id);
        let types: Vec<String> = zone.types.iter().map(|t| game.type_label(t)).collect();
        let mut what = needs.join("; ");
        if !what.is_empty() {
            what.push_str(". ");
        }
        what.push_str(&format!("Holds {}.", types.join(", ")));
        out.push_str(&format!("\n{header}:\n# {what}\n"));
    }
    out
}

/// What the format asks of a zone, one phrase each: its size, its Hero, its colours.
fn needs(format: &Format, game: &Game, zone: &str) -> Vec<String> {
    let colours = &game.def.colours;
    // The game's colour order (red, blue, green), not the map's alphabetical one.
    let in_order = |counts: &BTreeMap<String, u32>| -> Vec<(String, u32)> {
        let mut v: Vec<(String, u32)> = counts.iter().map(|(c, n)| (c.clone(), *n)).collect();
        v.sort_by_key(|(c, _)| colours.iter().position(|k| k == c).unwrap_or(usize::MAX));
        v
    };
    let mut out = Vec::new();
    if let Some(limit) = format.zones.get(zone).and_then(size) {
        out.push(limit);
    }
    for rule in &format.rules {
        match &rule.rule {
            Rule::Hero(Hero { zone: z, count })
                if z == zone && !format.zones.contains_key(zone) =>
            {
                out.push(format!("exactly {}", cards(*count)));
            }
            Rule::ColourMinimum(ColourMinimum { zone: z, minimum }) if z == zone => {
                let parts: Vec<String> = in_order(minimum)
                    .iter()
                    .map(|(c, n)| format!("{n} {c}"))
                    .collect();
                out.push(format!("at least {}", parts.join(", ")));
            }
            Rule::ColourRatio(ColourRatio { zone: z, ratio }) if z == zone => {
                let ratio = in_order(ratio);
                let names: Vec<&str> = ratio.iter().map(|(c, _)| c.as_str()).collect();
                let parts: Vec<String> = ratio.iter().map(|(_, n)| n.to_string()).collect();
                out.push(format!(
                    "{} in the ratio {}",
                    names.join(":"),
                    parts.join(":")
                ));
            }
            _ => {}
        }
    }
    out
}

fn size(limit: &ZoneLimit) -> Option<String> {
    Some(match (limit.exact, limit.min, limit.max) {
        (Some(n), _, _) => format!("exactly {}", cards(n)),
        (None, Some(0) | None, Some(hi)) => format!("at most {}", cards(hi)),
        (None, Some(lo), Some(hi)) => format!("{lo} to {hi} cards"),
        (None, Some(lo), None) => format!("at least {}", cards(lo)),
        (None, None, None) => return None,
    })
}

fn cards(n: u32) -> String {
    crate::error::plural(n as usize, "card")
}
