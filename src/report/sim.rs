//! `sim` results for people (tables: one pairing in detail, or a gauntlet's matrix and
//! ranking), for spreadsheets (CSV, one row per pairing) and as a heat map (SVG).

use super::human::new_table;
use crate::sim::{overall, MatchTally, Record, SimResult, Tally};
use crate::stats::wilson::wilson;
use serde::Serialize;
use std::fmt::Write as _;

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// `wins/games` as a rate with its 95% interval: `56.0% (46.2–65.3%)`.
fn rate(wins: u64, games: u64) -> String {
    if games == 0 {
        return "–".to_owned();
    }
    let (lo, hi) = wilson(wins, games);
    format!(
        "{} ({:.1}–{:.1}%)",
        pct(wins as f64 / games as f64),
        100.0 * lo,
        100.0 * hi
    )
}

fn heading(r: &SimResult) -> String {
    let p = &r.plan;
    let per = match p.best_of {
        1 => crate::error::plural(p.games as usize, "game"),
        n => format!(
            "{} match{} of the best of {n}",
            p.games,
            if p.games == 1 { "" } else { "es" }
        ),
    };
    let mut s = format!(
        "{}: {per} per pairing, {} (first deck) vs {} (second deck), seed {}",
        p.game, p.players[0], p.players[1], p.seed
    );
    if !r.complete() {
        let covered: Vec<String> = r
            .covered
            .iter()
            .map(|k| format!("{k}/{}", p.shards))
            .collect();
        let _ = write!(s, ", shard {} only", covered.join(", "));
    }
    s.push('\n');
    s.push_str(&super::human::vanilla(&p.vanilla));
    s
}

fn details(r: &SimResult, pairing: usize, t: &Tally, colour: bool) -> String {
    let [a, b] = r.plan.pairings[pairing];
    let mut table = new_table(colour);
    table.set_header(vec![
        "deck",
        "win rate (95% interval)",
        "on the play",
        "on the draw",
    ]);
    for (side, deck) in [(0, a), (1, b)] {
        let s = t.side(side);
        table.add_row(vec![
            r.plan.decks[deck].clone(),
            rate(s.wins, s.games),
            rate(s.on_play_wins, s.on_play),
            rate(s.on_draw_wins, s.on_draw),
        ]);
    }
    let (mean, sd) = t.length();
    let endings: Vec<String> = t.endings.iter().map(|(k, n)| format!("{k} {n}")).collect();
    format!(
        "{table}\n{} drawn, {} unfinished; length {mean:.1} ± {sd:.1} turns; endings: {}\n",
        t.draws,
        t.unfinished,
        endings.join(", ")
    )
}

/// Per pairing and side: the match win rate, and the game win rates before sideboarding
/// (game 1) and after (the later games), each with its 95% interval; then the scores.
fn matches(r: &SimResult, colour: bool) -> String {
    let mut table = new_table(colour);
    table.set_header(vec![
        "deck",
        "vs",
        "match win rate (95% interval)",
        "game 1 (pre-board)",
        "later games (post-board)",
    ]);
    let mut scores = Vec::new();
    for (&[a, b], m) in r.plan.pairings.iter().zip(&r.matches) {
        for (side, deck, other) in [(0, a, b), (1, b, a)] {
            let (one, later) = (m.game_one.side(side), m.later.side(side));
            table.add_row(vec![
                r.plan.decks[deck].clone(),
                r.plan.decks[other].clone(),
                rate(m.wins[side], m.matches),
                rate(one.wins, one.games),
                rate(later.wins, later.games),
            ]);
        }
        let each: Vec<String> = m.scores.iter().map(|(k, n)| format!("{k} {n}")).collect();
        scores.push(format!(
            "{} vs {}: {} drawn; scores (won-lost-drawn games): {}",
            r.plan.decks[a],
            r.plan.decks[b],
            m.draws,
            each.join(", ")
        ));
    }
    format!("{table}\n{}\n", scores.join("\n"))
}

pub fn human(r: &SimResult, colour: bool) -> String {
    let mut s = heading(r);
    if !r.matches.is_empty() {
        s.push_str(&matches(r, colour));
        s.push_str("every game:\n");
    }
    if r.tallies.len() == 1 {
        s.push_str(&details(r, 0, &r.tallies[0], colour));
        return s;
    }
    // The matrix: the row deck's win rate against the column deck.
    let decks = &r.plan.decks;
    let mut table = new_table(colour);
    let mut header = vec!["deck".to_owned()];
    header.extend((1..=decks.len()).map(|i| format!("vs #{i}")));
    table.set_header(header);
    for (i, name) in decks.iter().enumerate() {
        let mut row = vec![format!("#{} {name}", i + 1)];
        for j in 0..decks.len() {
            row.push(
                cell(r, i, j).map_or_else(|| "–".to_owned(), |(w, g)| pct(w as f64 / g as f64)),
            );
        }
        table.add_row(row);
    }
    let _ = writeln!(s, "{table}");
    let mut ranking: Vec<(usize, Record)> = overall(r).into_iter().enumerate().collect();
    ranking.sort_by(|x, y| {
        let rx = x.1.wins as f64 / x.1.games.max(1) as f64;
        let ry = y.1.wins as f64 / y.1.games.max(1) as f64;
        ry.total_cmp(&rx).then(x.0.cmp(&y.0))
    });
    let mut table = new_table(colour);
    table.set_header(vec!["rank", "deck", "games", "win rate (95% interval)"]);
    for (rank, (i, record)) in ranking.iter().enumerate() {
        table.add_row(vec![
            (rank + 1).to_string(),
            decks[*i].clone(),
            record.games.to_string(),
            rate(record.wins, record.games),
        ]);
    }
    let _ = writeln!(s, "{table}");
    s
}

/// Wins of deck `i` against deck `j` and games between them, when they met.
fn cell(r: &SimResult, i: usize, j: usize) -> Option<(u64, u64)> {
    r.plan
        .pairings
        .iter()
        .zip(&r.tallies)
        .find_map(|(&[a, b], t)| match (a == i && b == j, a == j && b == i) {
            (true, _) => Some((t.wins[0], t.games)),
            (_, true) => Some((t.wins[1], t.games)),
            _ => None,
        })
        .filter(|&(_, g)| g > 0)
}

/// A win rate and its 95% Wilson interval. Draws and unfinished games count as games not won,
/// as in the tables; `null` in place of the whole rate where there were no such games.
#[derive(Serialize)]
struct RateJson {
    wins: u64,
    games: u64,
    rate: f64,
    low: f64,
    high: f64,
}

fn rate_json(wins: u64, games: u64) -> Option<RateJson> {
    (games > 0).then(|| {
        let (low, high) = wilson(wins, games);
        RateJson {
            wins,
            games,
            rate: wins as f64 / games as f64,
            low,
            high,
        }
    })
}

#[derive(Serialize)]
struct DeckRatesJson<'a> {
    deck: &'a str,
    win: Option<RateJson>,
    on_play: Option<RateJson>,
    on_draw: Option<RateJson>,
}

fn deck_rates<'a>(deck: &'a str, s: Record) -> DeckRatesJson<'a> {
    DeckRatesJson {
        deck,
        win: rate_json(s.wins, s.games),
        on_play: rate_json(s.on_play_wins, s.on_play),
        on_draw: rate_json(s.on_draw_wins, s.on_draw),
    }
}

/// The rates that follow from the tallies, for scripts; `sim merge` reads the tallies only.
#[derive(Serialize)]
struct RatesJson<'a> {
    /// Per deck, over all its pairings, in the plan's order.
    decks: Vec<DeckRatesJson<'a>>,
    /// Per pairing, in the plan's order: its first deck, then its second.
    pairings: Vec<[DeckRatesJson<'a>; 2]>,
    /// Matches (best of N): per pairing as `pairings`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    matches: Vec<[MatchRatesJson<'a>; 2]>,
}

/// One side of a pairing's matches: the match win rate, and the game win rates in game 1
/// (before sideboarding) and in the later games (after).
#[derive(Serialize)]
struct MatchRatesJson<'a> {
    deck: &'a str,
    #[serde(rename = "match")]
    won: Option<RateJson>,
    game_one: Option<RateJson>,
    later: Option<RateJson>,
}

fn match_rates<'a>(deck: &'a str, m: &MatchTally, side: usize) -> MatchRatesJson<'a> {
    let (one, later) = (m.game_one.side(side), m.later.side(side));
    MatchRatesJson {
        deck,
        won: rate_json(m.wins[side], m.matches),
        game_one: rate_json(one.wins, one.games),
        later: rate_json(later.wins, later.games),
    }
}

#[derive(Serialize)]
struct SimJson<'a> {
    #[serde(flatten)]
    result: &'a SimResult,
    rates: RatesJson<'a>,
}

pub fn json(r: &SimResult) -> String {
    let name = |i: usize| r.plan.decks[i].as_str();
    let rates = RatesJson {
        decks: overall(r)
            .into_iter()
            .enumerate()
            .map(|(i, s)| deck_rates(name(i), s))
            .collect(),
        pairings: r
            .plan
            .pairings
            .iter()
            .zip(&r.tallies)
            .map(|(&[a, b], t)| {
                [
                    deck_rates(name(a), t.side(0)),
                    deck_rates(name(b), t.side(1)),
                ]
            })
            .collect(),
        matches: (r.plan.pairings.iter())
            .zip(&r.matches)
            .map(|(&[a, b], m)| [match_rates(name(a), m, 0), match_rates(name(b), m, 1)])
            .collect(),
    };
    let mut s = serde_json::to_string_pretty(&SimJson { result: r, rates }).unwrap_or_default();
    s.push('\n');
    s
}

/// A CSV field, quoted when it needs to be.
fn field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_owned()
    }
}

pub fn csv(r: &SimResult) -> String {
    let mut s = String::from(
        "deck_a,deck_b,games,wins_a,wins_b,draws,unfinished,win_rate_a,low_a,high_a,mean_turns,sd_turns\n",
    );
    for (&[a, b], t) in r.plan.pairings.iter().zip(&r.tallies) {
        let (lo, hi) = wilson(t.wins[0], t.games);
        let (mean, sd) = t.length();
        let _ = writeln!(
            s,
            "{},{},{},{},{},{},{},{:.4},{lo:.4},{hi:.4},{mean:.2},{sd:.2}",
            field(&r.plan.decks[a]),
            field(&r.plan.decks[b]),
            t.games,
            t.wins[0],
            t.wins[1],
            t.draws,
            t.unfinished,
            t.wins[0] as f64 / t.games.max(1) as f64
        );
    }
    s
}

fn xml(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The matrix as a heat map: red where the row deck loses, blue where it wins.
pub fn svg(r: &SimResult) -> String {
    const CELL: usize = 56;
    let decks = &r.plan.decks;
    let label = 12 + 7 * decks.iter().map(|d| d.chars().count()).max().unwrap_or(0);
    let n = decks.len();
    let (w, h) = (label + n * CELL + 10, 30 + n * CELL + 10);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         font-family=\"sans-serif\" font-size=\"12\">\n"
    );
    for (j, _) in decks.iter().enumerate() {
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"20\" text-anchor=\"middle\">#{}</text>",
            label + j * CELL + CELL / 2,
            j + 1
        );
    }
    for (i, name) in decks.iter().enumerate() {
        let y = 30 + i * CELL;
        let _ = writeln!(
            s,
            "<text x=\"4\" y=\"{}\">#{} {}</text>",
            y + CELL / 2 + 4,
            i + 1,
            xml(name)
        );
        for j in 0..n {
            let x = label + j * CELL;
            let (fill, text) = match cell(r, i, j) {
                Some((wins, games)) => {
                    let p = wins as f64 / games as f64;
                    // 0 → red, ½ → white, 1 → blue.
                    let t = (p - 0.5).abs() * 2.0;
                    let fade = |c: u8| (255.0 - (255.0 - f64::from(c)) * t).round() as u8;
                    let (r_, g_, b_) = if p < 0.5 {
                        (214, 39, 40)
                    } else {
                        (31, 119, 180)
                    };
                    (
                        format!("rgb({},{},{})", fade(r_), fade(g_), fade(b_)),
                        format!("{:.0}%", 100.0 * p),
                    )
                }
                None => ("#eeeeee".to_owned(), "–".to_owned()),
            };
            let _ = writeln!(
                s,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\" \
                 stroke=\"white\"/><text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{text}</text>",
                x + CELL / 2,
                y + CELL / 2 + 4
            );
        }
    }
    s.push_str("</svg>\n");
    s
}
