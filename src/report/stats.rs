//! `stats` for people: the counts on a line each, the curve as a bar chart, the standing
//! against the format, and the odds as tables. Unicode blocks and box drawing by default;
//! plain ASCII (`--ascii`) for terminals and logs that cannot show them.

use super::human::new_table;
use crate::stats::{Count, Curve, Odds, Requirement, Stats};
use comfy_table::presets::ASCII_FULL_CONDENSED;
use comfy_table::{Cell, CellAlignment, Color};
use std::fmt::Write;

/// Widest bar of the curve, in character cells.
const BAR_WIDTH: u32 = 32;

pub fn human(stats: &Stats, title: &str, colour: bool, ascii: bool) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{title} · {} · {}",
        stats.format,
        crate::error::plural(stats.cards as usize, "card")
    );
    out.push('\n');
    counts_line(&mut out, "Zones", &stats.zones, false);
    counts_line(&mut out, "Types", &stats.types, false);
    let colours = if stats.colour_kind == "attribute" {
        "Attributes"
    } else {
        "Colours"
    };
    if !stats.colours.is_empty() {
        counts_line(&mut out, colours, &stats.colours, false);
    }
    counts_line(&mut out, "Sets", &stats.sets, true);
    if !stats.unknown.is_empty() {
        let _ = writeln!(
            out,
            "{:<11}{} (left out; `decksmith validate` says more)",
            "Unknown",
            stats.unknown.join(", ")
        );
    }
    out.push('\n');
    curve(&mut out, &stats.curve, colour, ascii);
    if !stats.requirements.is_empty() {
        out.push('\n');
        out.push_str("Requirements\n");
        for r in &stats.requirements {
            let (mark, paint) = match (r.met(), ascii) {
                (true, false) => ("✓", "\x1b[32m"),
                (false, false) => ("✗", "\x1b[31m"),
                (true, true) => ("ok", "\x1b[32m"),
                (false, true) => ("NO", "\x1b[31m"),
            };
            let mark = if colour {
                format!("{paint}{mark}\x1b[0m")
            } else {
                mark.to_owned()
            };
            let _ = writeln!(out, "  {mark} {}", requirement(r, ascii));
        }
    }
    if let Some(odds) = &stats.odds {
        out.push('\n');
        odds_tables(&mut out, odds, colour, ascii);
    }
    out
}

/// `Types      Strike 21, Support 13`; sets go by code (`JF1 36`), their names being long.
fn counts_line(out: &mut String, what: &str, counts: &[Count], by_id: bool) {
    let list = if counts.is_empty() {
        "-".to_owned()
    } else {
        counts
            .iter()
            .map(|c| format!("{} {}", if by_id { &c.id } else { &c.label }, c.cards))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let _ = writeln!(out, "{what:<11}{list}");
}

fn curve(out: &mut String, curve: &Curve, colour: bool, ascii: bool) {
    let stat = &curve.stat;
    let mut head = format!("Curve by {stat}");
    if let Some(avg) = curve.average {
        let _ = write!(head, ", average {avg:.2}");
    }
    if curve.without > 0 {
        let _ = write!(head, ", {} without {stat}", curve.without);
    }
    let _ = writeln!(out, "{head}");
    if curve.bars.is_empty() {
        let _ = writeln!(out, "  (no card in the deck has a {stat})");
        return;
    }
    let most = curve.bars.iter().map(|b| b.cards).max().unwrap_or(0).max(1);
    let label_width = curve
        .bars
        .iter()
        .map(|b| b.value.to_string().len())
        .max()
        .unwrap_or(1);
    for bar in &curve.bars {
        // Eighths of a cell, so that close counts still look different.
        let eighths = (u64::from(bar.cards) * u64::from(BAR_WIDTH) * 8).div_ceil(u64::from(most));
        let drawn = if ascii {
            "#".repeat((eighths / 8) as usize + usize::from(eighths % 8 >= 4))
        } else {
            blocks(eighths)
        };
        let drawn = if colour && !drawn.is_empty() {
            format!("\x1b[36m{drawn}\x1b[0m")
        } else {
            drawn
        };
        let axis = if ascii { '|' } else { '│' };
        let _ = writeln!(
            out,
            "  {:>label_width$} {axis}{drawn} {}",
            bar.value, bar.cards
        );
    }
}

/// A bar of `eighths` eighth-cells in Unicode block elements.
fn blocks(eighths: u64) -> String {
    const PARTS: [char; 8] = [' ', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];
    let mut s = "█".repeat((eighths / 8) as usize);
    if eighths % 8 > 0 {
        s.push(PARTS[(eighths % 8) as usize]);
    }
    s
}

/// `Main 38 / 40: 2 short`, `Red 15 / 15`, `Red:Blue:Green 15:10:5, ratio 3:2:1`.
pub fn requirement(r: &Requirement, ascii: bool) -> String {
    let range = |min: Option<u32>, max: Option<u32>| match (min, max) {
        (Some(a), Some(b)) if a == b => a.to_string(),
        (Some(a), Some(b)) if ascii => format!("{a}-{b}"),
        (Some(a), Some(b)) => format!("{a}–{b}"),
        (Some(a), None) => format!("{a}+"),
        (None, Some(b)) => format!("at most {b}"),
        (None, None) => "any".to_owned(),
    };
    let gap = |cards: u32, min: Option<u32>, max: Option<u32>| match (min, max) {
        (Some(m), _) if cards < m => format!(": {} short", m - cards),
        (_, Some(m)) if cards > m => format!(": {} over", cards - m),
        _ => String::new(),
    };
    match r {
        Requirement::DeckSize {
            label,
            cards,
            min,
            max,
            ..
        } => format!(
            "{label} {cards} / {}{}",
            range(*min, *max),
            gap(*cards, *min, *max)
        ),
        Requirement::Hero {
            label, cards, need, ..
        } => format!(
            "{label} {cards} / {need}{}",
            gap(*cards, Some(*need), Some(*need))
        ),
        Requirement::ColourMinimum {
            colour,
            cards,
            need,
            ..
        } => format!(
            "{} {cards} / {need}{}",
            capitalised(colour),
            gap(*cards, Some(*need), None)
        ),
        Requirement::ColourRatio {
            colours,
            cards,
            ratio,
            ..
        } => {
            let join = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(":");
            let names: Vec<String> = colours.iter().map(|c| capitalised(c)).collect();
            format!("{} {}, ratio {}", names.join(":"), join(cards), join(ratio))
        }
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

fn odds_tables(out: &mut String, odds: &Odds, colour: bool, ascii: bool) {
    let piles: Vec<String> = odds
        .piles
        .iter()
        .map(|p| format!("{} {} ({} cards)", p.verb, p.zone, p.cards))
        .collect();
    let _ = writeln!(
        out,
        "Odds of at least {} by turn, exact ({}; turn 0 is the opening hand)",
        odds.at_least,
        piles.join(", ")
    );
    let sides: &[(&str, bool)] = if odds.simultaneous {
        &[("Each round (both players at once)", true)]
    } else {
        &[("On the play", true), ("On the draw", false)]
    };
    for &(title, on_the_play) in sides {
        let mut table = new_table(colour);
        if ascii {
            table.load_preset(ASCII_FULL_CONDENSED);
        }
        let mut header = vec![Cell::new(title), Cell::new("copies")];
        header.extend((0..=odds.turns).map(|t| {
            Cell::new(if t == 0 {
                "open".to_owned()
            } else {
                format!("T{t}")
            })
        }));
        table.set_header(header);
        for row in &odds.rows {
            let mut cells = vec![Cell::new(&row.label), Cell::new(row.copies)];
            for t in &row.by_turn {
                let p = if on_the_play {
                    t.on_the_play
                } else {
                    t.on_the_draw
                };
                let mut cell = Cell::new(format!("{:.1}%", p * 100.0));
                if colour && p >= 0.9 {
                    cell = cell.fg(Color::Green);
                }
                cells.push(cell);
            }
            table.add_row(cells);
        }
        for column in table.column_iter_mut().skip(1) {
            column.set_cell_alignment(CellAlignment::Right);
        }
        let _ = writeln!(out, "{table}");
    }
}

/// `stats --output json`: the numbers with the deck's path and name.
#[derive(serde::Serialize)]
struct StatsJson<'a> {
    path: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<&'a str>,
    #[serde(flatten)]
    stats: &'a Stats,
}

pub fn json(stats: &Stats, path: &str, name: Option<&str>) -> String {
    super::json::to_string(&StatsJson { path, name, stats })
}
