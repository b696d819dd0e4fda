//! Output for people: a miette diagnostic per finding against the deck's own lines, then a
//! table per deck.

use super::illegal_table::IllegalTable;
use super::{finding_problem, Tally};
use crate::check::DeckOutcome;
use crate::diagnostic::{render, Problem};
use crate::engine::random::{BatchGame, BatchTally};
use crate::error::{plural, Error};
use crate::validate::Severity;
use comfy_table::{presets::UTF8_FULL_CONDENSED, Cell, Color, ContentArrangement, Table};

/// Findings as `Problem`s about the deck file.
pub fn finding_problems(outcome: &DeckOutcome) -> Vec<Problem> {
    (outcome.verdict.findings.iter())
        .map(|f| finding_problem(&outcome.source, f))
        .collect()
}

/// One deck: its diagnostics and its table. Several: the diagnostics of every deck with
/// findings, then one summary (the illegal decks, and how often each rule fired) instead of a
/// table per deck, which would bury the few illegal decks of a thousand-deck run.
pub fn validate(outcomes: &[DeckOutcome], colour: bool) -> String {
    use rayon::prelude::*;
    if let [outcome] = outcomes {
        return single_deck(outcome, colour);
    }
    let diagnostics: Vec<String> = outcomes
        .par_iter()
        .map(|o| diagnostics(o, colour))
        .collect();
    let mut out = diagnostics.concat();
    out.push_str(&batch_summary(&Tally::of(outcomes), colour));
    out
}

/// A lone deck: its diagnostics and its table.
pub fn single_deck(outcome: &DeckOutcome, colour: bool) -> String {
    let mut out = diagnostics(outcome, colour);
    out.push_str(&deck_table(outcome, colour).to_string());
    out.push('\n');
    out
}

/// A deck's diagnostics, as a batch shows them.
pub fn diagnostics(outcome: &DeckOutcome, colour: bool) -> String {
    render(&finding_problems(outcome), colour)
}

/// The closing summary of a batch: illegal decks, findings per rule id, the counts.
pub fn batch_summary(tally: &Tally, colour: bool) -> String {
    let mut table = IllegalTable::default();
    super::in_memory(|out| {
        for deck in &tally.illegal {
            table.push(deck)?;
        }
        write_batch_summary(tally, &table, colour, out)
    })
}

/// [`batch_summary`] with the illegal decks' rows in `table`, written to `out`.
pub fn write_batch_summary(
    tally: &Tally,
    table: &IllegalTable,
    colour: bool,
    out: &mut dyn FnMut(&[u8]) -> Result<(), Error>,
) -> Result<(), Error> {
    if !table.is_empty() {
        table.write(colour, out)?;
    }
    let mut text = String::new();
    let mut counts = tally.rule_counts().peekable();
    if counts.peek().is_some() {
        let mut table = new_table(colour);
        table.set_header(vec!["rule", "severity", "decks", "findings"]);
        for (rule, count) in counts {
            let severity = match count.severity {
                Some(Severity::Error) => Cell::new("error").fg(Color::Red),
                _ => Cell::new("warning").fg(Color::Yellow),
            };
            table.add_row(vec![
                Cell::new(rule),
                severity,
                Cell::new(count.decks),
                Cell::new(count.findings),
            ]);
        }
        text.push_str(&table.to_string());
        text.push('\n');
    }
    text.push_str(&tally.summary.line());
    out(text.as_bytes())
}

pub fn new_table(colour: bool) -> Table {
    let mut table = Table::new();
    table
        .load_preset(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_width(100);
    if !colour {
        table.force_no_tty();
    } else {
        table.enforce_styling();
    }
    table
}

fn deck_table(outcome: &DeckOutcome, colour: bool) -> Table {
    let report = &outcome.verdict;
    let mut table = new_table(colour);
    let title = match &outcome.name {
        Some(name) => format!("{} ({name})", outcome.path),
        None => outcome.path.clone(),
    };
    table.set_header(vec![Cell::new(title), Cell::new("")]);
    table.add_row(vec![
        "format".to_owned(),
        report.format.as_deref().unwrap_or("?").to_owned(),
    ]);
    for zone in &report.zones {
        let value = match &zone.limit {
            Some(limit) => format!("{} (needs {limit})", zone.cards),
            None => zone.cards.to_string(),
        };
        table.add_row(vec![format!("{} cards", zone.zone), value]);
    }
    if !report.colours.is_empty() {
        let colours = report
            .colours
            .iter()
            .map(|c| format!("{} {}", c.cards, c.colour))
            .collect::<Vec<_>>()
            .join(", ");
        table.add_row(vec!["colours".to_owned(), colours]);
    }
    let errors = report
        .findings
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .count();
    let warnings = report.findings.len() - errors;
    let mut verdict = if report.legal {
        "legal".to_owned()
    } else {
        format!("ILLEGAL: {}", plural(errors, "error"))
    };
    if warnings > 0 {
        verdict.push_str(&format!(", {}", plural(warnings, "warning")));
    }
    let cell = Cell::new(verdict).fg(if report.legal {
        Color::Green
    } else {
        Color::Red
    });
    table.add_row(vec![Cell::new("verdict"), cell]);
    table
}

/// Above this many games, `match random` keeps to the summary.
const ROWS_SHOWN: usize = 100;

/// `match random`: a row per game (up to `ROWS_SHOWN`), then the tally.
pub fn random(games: &[BatchGame], colour: bool) -> String {
    let t = BatchTally::of(games);
    let mut tally = format!(
        "{}: p1 won {}, p2 won {}, {} drawn",
        plural(t.games, "game"),
        t.p1,
        t.p2,
        t.draws
    );
    if t.unfinished > 0 {
        tally.push_str(&format!(", {} unfinished", t.unfinished));
    }
    if games.len() > ROWS_SHOWN {
        return format!("{tally} (one row per game: --output json)\n");
    }
    let mut table = new_table(colour);
    table.set_header(vec!["game", "seed", "winner", "reason", "turns", "actions"]);
    for g in games {
        let winner = match g.winner {
            Some(p) => p.to_string(),
            None if g.unfinished() => "unfinished".to_owned(),
            None => "draw".to_owned(),
        };
        table.add_row(vec![
            g.game.to_string(),
            g.seed.to_string(),
            winner,
            g.reason.clone(),
            g.turns.to_string(),
            g.actions.to_string(),
        ]);
    }
    format!("{table}\n{tally}\n")
}

/// An error that stopped a command, for standard error.
pub fn error(error: &crate::error::Error, colour: bool) -> String {
    match error {
        crate::error::Error::Data(problems)
        | crate::error::Error::Formats(problems)
        | crate::error::Error::Script(problems) => {
            let mut out = render(problems, colour);
            out.push_str(&format!("error: {error}\n"));
            out
        }
        crate::error::Error::Deck { message, problems } => {
            let mut out = render(problems, colour);
            out.push_str(&format!("error: {message}\n"));
            out
        }
        crate::error::Error::Query(problem) => render(std::slice::from_ref(problem), colour),
        crate::error::Error::Usage { message, help } => {
            let mut p = Problem::error("usage", message.clone());
            p.help = help.clone();
            render(&[p], colour)
        }
        other => render(&[Problem::error("error", other.to_string())], colour),
    }
}
