//! `stats --output svg`: the curve, the type and colour split and the odds by turn as one SVG
//! picture a browser opens.
//!
//! Written by hand rather than with a plotting crate: three simple charts need only rectangles,
//! polylines and text, and the well-kept plotting crates (plotters and its kin) bring font
//! loading and raster back ends this needs none of. The picture uses no scripts, no external
//! fonts and no CSS beyond presentation attributes, so any viewer shows it the same.

use crate::stats::{Count, Odds, Stats};
use std::fmt::Write;

const WIDTH: f64 = 760.0;
const FONT: &str = "font-family=\"DejaVu Sans, Verdana, sans-serif\"";
/// Line colours of the odds chart, one per row shown.
const PALETTE: [&str; 8] = [
    "#1b6ca8", "#d1495b", "#2e933c", "#edae49", "#6a4c93", "#00798c", "#8c564b", "#555555",
];
/// Rows of the odds chart: the groups asked for, then the cards with most copies.
const MAX_LINES: usize = 6;

pub fn render(stats: &Stats, title: &str) -> String {
    let odds_rows = stats
        .odds
        .as_ref()
        .map_or(0, |o| o.rows.len().min(MAX_LINES));
    let height = if odds_rows > 0 { 600.0 } else { 320.0 };
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{height}\" \
         viewBox=\"0 0 {WIDTH} {height}\" {FONT} font-size=\"12\">"
    );
    let _ = writeln!(
        s,
        "<rect width=\"{WIDTH}\" height=\"{height}\" fill=\"#ffffff\"/>"
    );
    let _ = writeln!(
        s,
        "<text x=\"20\" y=\"30\" font-size=\"18\" font-weight=\"bold\">{}</text>",
        escape(&format!(
            "{title} · {} · {} cards",
            stats.format, stats.cards
        ))
    );
    curve(&mut s, stats);
    let y = split(&mut s, "Types", &stats.types, 70.0, type_colour);
    let colours = if stats.colour_kind == "attribute" {
        "Attributes"
    } else {
        "Colours"
    };
    let y = if stats.colours.is_empty() {
        y
    } else {
        split(&mut s, colours, &stats.colours, y, |id, _| colour_fill(id))
    };
    split(&mut s, "Sets", &stats.sets, y, type_colour);
    if let Some(odds) = stats.odds.as_ref().filter(|_| odds_rows > 0) {
        odds_chart(&mut s, odds);
    }
    s.push_str("</svg>\n");
    s
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The curve: a bar per value, counts on top, values below.
fn curve(s: &mut String, stats: &Stats) {
    let (x0, y0, w, h) = (30.0, 70.0, 340.0, 190.0);
    let c = &stats.curve;
    let mut head = format!("Curve by {}", c.stat);
    if let Some(avg) = c.average {
        let _ = write!(head, " (average {avg:.2})");
    }
    let _ = writeln!(
        s,
        "<text x=\"{x0}\" y=\"{}\" font-size=\"14\" font-weight=\"bold\">{}</text>",
        y0 - 10.0,
        escape(&head)
    );
    let base = y0 + h;
    let _ = writeln!(
        s,
        "<line x1=\"{x0}\" y1=\"{base}\" x2=\"{}\" y2=\"{base}\" stroke=\"#333\"/>",
        x0 + w
    );
    if c.bars.is_empty() {
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\" fill=\"#666\">no card has a {}</text>",
            x0 + 10.0,
            y0 + h / 2.0,
            escape(&c.stat)
        );
        return;
    }
    let most = f64::from(c.bars.iter().map(|b| b.cards).max().unwrap_or(1).max(1));
    let slot = w / c.bars.len() as f64;
    let bar_w = (slot * 0.7).min(40.0);
    for (i, bar) in c.bars.iter().enumerate() {
        let cx = x0 + slot * (i as f64 + 0.5);
        let bh = (h - 20.0) * f64::from(bar.cards) / most;
        let _ = writeln!(
            s,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{bar_w:.1}\" height=\"{bh:.1}\" fill=\"#1b6ca8\"/>",
            cx - bar_w / 2.0,
            base - bh
        );
        if bar.cards > 0 {
            let _ = writeln!(
                s,
                "<text x=\"{cx:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
                base - bh - 4.0,
                bar.cards
            );
        }
        let _ = writeln!(
            s,
            "<text x=\"{cx:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#333\">{}</text>",
            base + 15.0,
            bar.value
        );
    }
}

/// One stacked bar of counts with a label per part, from `y0` down; gives where the next
/// one can start.
fn split(
    s: &mut String,
    what: &str,
    counts: &[Count],
    y0: f64,
    fill: impl Fn(&str, usize) -> &'static str,
) -> f64 {
    let (x0, w) = (420.0, 310.0);
    let _ = writeln!(
        s,
        "<text x=\"{x0}\" y=\"{}\" font-size=\"14\" font-weight=\"bold\">{what}</text>",
        y0 - 10.0
    );
    let total: u32 = counts.iter().map(|c| c.cards).sum();
    if total == 0 {
        let _ = writeln!(
            s,
            "<text x=\"{x0}\" y=\"{}\" fill=\"#666\">none</text>",
            y0 + 14.0
        );
        return y0 + 50.0;
    }
    let mut x = x0;
    for (i, c) in counts.iter().enumerate() {
        let part = w * f64::from(c.cards) / f64::from(total);
        let _ = writeln!(
            s,
            "<rect x=\"{x:.1}\" y=\"{y0}\" width=\"{part:.1}\" height=\"22\" fill=\"{}\" stroke=\"#fff\"/>",
            fill(&c.id, i)
        );
        x += part;
    }
    // Labels under the bar, in a row that wraps.
    let (mut lx, mut ly) = (x0, y0 + 38.0);
    for (i, c) in counts.iter().enumerate() {
        let label = format!("{} {}", c.label, c.cards);
        let lw = 14.0 + 6.5 * label.chars().count() as f64;
        if lx + lw > x0 + w + 20.0 {
            lx = x0;
            ly += 16.0;
        }
        let _ = writeln!(
            s,
            "<rect x=\"{lx:.1}\" y=\"{:.1}\" width=\"10\" height=\"10\" fill=\"{}\"/>\
             <text x=\"{:.1}\" y=\"{ly:.1}\">{}</text>",
            ly - 9.0,
            fill(&c.id, i),
            lx + 13.0,
            escape(&label)
        );
        lx += lw + 8.0;
    }
    ly + 36.0
}

fn type_colour(_: &str, i: usize) -> &'static str {
    PALETTE[i % PALETTE.len()]
}

/// The colours and Force of Will attributes drawn as themselves; anything else grey.
fn colour_fill(id: &str) -> &'static str {
    match id {
        "red" | "fire" => "#d1495b",
        "blue" | "water" => "#1b6ca8",
        "green" | "wind" => "#2e933c",
        "light" => "#edae49",
        "darkness" => "#6a4c93",
        _ => "#999999",
    }
}

/// Odds by turn: a line per row (on the play solid, on the draw dashed), the y axis 0–100%.
fn odds_chart(s: &mut String, odds: &Odds) {
    let (x0, y0, w, h) = (60.0, 350.0, 440.0, 210.0);
    let _ = writeln!(
        s,
        "<text x=\"30\" y=\"{}\" font-size=\"14\" font-weight=\"bold\">{}</text>",
        y0 - 24.0,
        escape(&format!(
            "Odds of at least {} by turn{}",
            odds.at_least,
            if odds.simultaneous {
                ""
            } else {
                " (solid: on the play, dashed: on the draw)"
            }
        ))
    );
    for pct in [0, 25, 50, 75, 100] {
        let y = y0 + h - h * f64::from(pct) / 100.0;
        let _ = writeln!(
            s,
            "<line x1=\"{x0}\" y1=\"{y:.1}\" x2=\"{}\" y2=\"{y:.1}\" stroke=\"#ddd\"/>\
             <text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\" fill=\"#333\">{pct}%</text>",
            x0 + w,
            x0 - 6.0,
            y + 4.0
        );
    }
    let turns = odds.turns.max(1);
    let x_of = |t: u32| x0 + w * f64::from(t) / f64::from(turns);
    for t in 0..=odds.turns {
        let label = if t == 0 {
            "open".to_owned()
        } else {
            format!("T{t}")
        };
        let _ = writeln!(
            s,
            "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\" fill=\"#333\">{label}</text>",
            x_of(t),
            y0 + h + 16.0
        );
    }
    let y_of = |p: f64| y0 + h - h * p;
    let mut rows: Vec<&crate::stats::OddsRow> =
        odds.rows.iter().filter(|r| r.kind == "query").collect();
    let mut cards: Vec<&crate::stats::OddsRow> =
        odds.rows.iter().filter(|r| r.kind == "card").collect();
    // Most copies first; the sort is stable, so deck order breaks ties.
    cards.sort_by_key(|r| std::cmp::Reverse(r.copies));
    rows.extend(cards);
    // Cards with as many copies in the same pile have the same curve: draw it once, saying
    // how many cards it stands for.
    let mut lines: Vec<(&crate::stats::OddsRow, usize)> = Vec::new();
    for row in rows {
        match lines.iter().position(|(l, _)| l.by_turn == row.by_turn) {
            Some(at) => lines[at].1 += 1,
            None if lines.len() < MAX_LINES => lines.push((row, 0)),
            None => {}
        }
    }
    for (i, &(row, alike)) in lines.iter().enumerate() {
        let colour = PALETTE[i % PALETTE.len()];
        let sides: &[(bool, &str)] = if odds.simultaneous {
            &[(true, "")]
        } else {
            &[(true, ""), (false, " stroke-dasharray=\"6 4\"")]
        };
        for &(on_the_play, dash) in sides {
            let points: Vec<String> = row
                .by_turn
                .iter()
                .map(|t| {
                    let p = if on_the_play {
                        t.on_the_play
                    } else {
                        t.on_the_draw
                    };
                    format!("{:.1},{:.1}", x_of(t.turn), y_of(p))
                })
                .collect();
            let _ = writeln!(
                s,
                "<polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\"{dash}/>",
                points.join(" ")
            );
        }
        let ly = y0 + 10.0 + 20.0 * i as f64;
        let _ = writeln!(
            s,
            "<line x1=\"{}\" y1=\"{ly}\" x2=\"{}\" y2=\"{ly}\" stroke=\"{colour}\" stroke-width=\"3\"/>\
             <text x=\"{}\" y=\"{}\">{}</text>",
            x0 + w + 20.0,
            x0 + w + 40.0,
            x0 + w + 46.0,
            ly + 4.0,
            escape(&if alike > 0 {
                format!("{} ×{} (+{alike} alike)", shorten(&row.label, 18), row.copies)
            } else {
                format!("{} ×{}", shorten(&row.label, 26), row.copies)
            })
        );
    }
}

fn shorten(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let mut s: String = text.chars().take(max - 1).collect();
    s.push('…');
    s
}
