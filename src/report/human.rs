//! Output for people: a miette diagnostic per finding against the deck's own lines, then a
//! table per deck; and the tables other commands' reports share.

use super::edit::fix_lines;
use super::{finding_problem, End, IllegalDeck, Sink, Tally};
use crate::check::DeckOutcome;
use crate::diagnostic::{render, Problem};
use crate::edit::fix::FileFixes;
use crate::error::plural;
use crate::validate::Severity;
use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{Cell, Color, ColumnConstraint, ContentArrangement, Table, Width};

/// `validate`'s report for people. A lone deck gets its diagnostics and its table; several
/// get the diagnostics of every deck with findings, then one summary (the illegal decks, and
/// how often each rule fired) instead of a table per deck, which would bury the few illegal
/// decks of a thousand-deck run.
pub struct Human<'a> {
    colour: bool,
    /// What `--fix` fixed, shown first.
    fixes: &'a [FileFixes],
    decks: usize,
    /// The first deck waits: its diagnostics, and the deck alone with its table, which is
    /// what is shown if no other deck follows.
    held: Option<(String, String)>,
}

impl<'a> Human<'a> {
    pub fn new(colour: bool, fixes: &'a [FileFixes]) -> Self {
        Human {
            colour,
            fixes,
            decks: 0,
            held: None,
        }
    }
}

impl Sink<DeckOutcome> for Human<'_> {
    fn begin(&mut self) -> String {
        fix_lines(self.fixes)
    }

    /// The deck's diagnostics, as a batch shows them.
    fn piece(&self, deck: &DeckOutcome) -> String {
        let problems: Vec<Problem> = (deck.verdict.findings.iter())
            .map(|f| finding_problem(&deck.source, f))
            .collect();
        render(&problems, self.colour)
    }

    fn push(&mut self, deck: &DeckOutcome, piece: String) -> String {
        self.decks += 1;
        if self.decks == 1 {
            // Only the first deck can turn out to be alone: its table is made once.
            let table = deck_table(deck, self.colour);
            self.held = Some((piece.clone(), format!("{piece}{table}\n")));
            return String::new();
        }
        let mut out = self.held.take().map(|(batch, _)| batch).unwrap_or_default();
        out.push_str(&piece);
        out
    }

    fn finish(self: Box<Self>, end: &End) -> String {
        let mut text = match (self.held, end.tally.summary.not_owned) {
            (Some((_, single)), 0) => single,
            (Some((_, single)), n) => format!("{single}{} not owned\n", plural(n, "card")),
            (None, _) if self.decks == 0 => String::new(),
            (None, _) => batch_summary(end.tally, self.colour),
        };
        text.push_str(&skipped_line(end.skipped));
        text
    }
}

/// `skipped 2 files that are not deck lists`, when a search skipped any.
pub fn skipped_line(skipped: usize) -> String {
    match skipped {
        0 => String::new(),
        1 => "skipped 1 file that is not a deck list (by content); name a file to check it anyway\n"
            .to_owned(),
        n => format!(
            "skipped {n} files that are not deck lists (by content); name a file to check it anyway\n"
        ),
    }
}

/// The closing summary of a batch: illegal decks, findings per rule id, the counts.
fn batch_summary(tally: &Tally, colour: bool) -> String {
    let mut text = String::new();
    if !tally.illegal.is_empty() {
        text.push_str(&illegal_table(&tally.illegal, colour));
    }
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
    text
}

/// Rows of the illegal-deck table drawn at a time: comfy-table holds every cell of a table it
/// draws several times over, and a batch may have any number of illegal decks.
const CHUNK: usize = 1024;

/// Every illegal deck of a batch, its format, its errors and the rules it broke: the table
/// comfy-table would draw whole, line for line, drawn [`CHUNK`] rows at a time with each
/// column as wide as its widest cell.
fn illegal_table(decks: &[IllegalDeck], colour: bool) -> String {
    let mut widths = [0u16; 4];
    for chunk in decks.chunks(CHUNK) {
        let drawn = illegal_rows(chunk, colour, None).column_max_content_widths();
        for (width, max) in widths.iter_mut().zip(drawn) {
            *width = (*width).max(max);
        }
    }
    let chunks = decks.len().div_ceil(CHUNK);
    let mut out = String::new();
    for (i, chunk) in decks.chunks(CHUNK).enumerate() {
        let text = illegal_rows(chunk, colour, Some(&widths)).to_string();
        let lines: Vec<&str> = text.split('\n').collect();
        // The top border, the header and its rule open only the first chunk, and the bottom
        // border closes only the last.
        let from = if i == 0 { 0 } else { 3 };
        let to = if i + 1 == chunks {
            lines.len()
        } else {
            lines.len() - 1
        };
        for line in &lines[from.min(to)..to] {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// `decks` as rows of the illegal-deck table, each column `widths` wide when given, else as
/// wide as its cells.
fn illegal_rows(decks: &[IllegalDeck], colour: bool, widths: Option<&[u16; 4]>) -> Table {
    let mut table = new_table(colour);
    table.set_header(vec!["illegal deck", "format", "errors", "rules broken"]);
    // A wrapped path cannot be copied: this table grows past the terminal instead.
    table.set_content_arrangement(ContentArrangement::Disabled);
    for deck in decks {
        table.add_row(vec![
            Cell::new(&deck.path),
            Cell::new(deck.format.as_deref().unwrap_or("?")),
            Cell::new(deck.errors),
            Cell::new(deck.rules.join(", ")).fg(Color::Red),
        ]);
    }
    if let Some(widths) = widths {
        for (column, width) in table.column_iter_mut().zip(widths) {
            let padded = width.saturating_add(column.padding_width());
            column.set_constraint(ColumnConstraint::Absolute(Width::Fixed(padded)));
        }
    }
    table
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

/// The line a result of play gives the cards played by their stats alone (`--vanilla`), or
/// nothing when there are none.
pub fn vanilla(cards: &[String]) -> String {
    if cards.is_empty() {
        return String::new();
    }
    let names: Vec<String> = cards.iter().map(|c| format!("`{c}`")).collect();
    format!(
        "vanilla: {} played by stats alone, text not modelled: {}\n",
        plural(cards.len(), "card"),
        names.join(", ")
    )
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Drawn a chunk at a time, the illegal-deck table is the one comfy-table draws whole: the
    /// widest cell in a late chunk, wide characters, a cell of two lines, with colour and
    /// without.
    #[test]
    fn drawn_in_chunks_the_illegal_deck_table_is_the_one_drawn_whole() {
        let decks: Vec<IllegalDeck> = (0..2 * CHUNK + 300)
            .map(|i| IllegalDeck {
                path: match i {
                    7 => "decks/two\nlines.deck".to_owned(),
                    1500 => format!("decks/{}.deck", "長い名前".repeat(12)),
                    _ => format!("decks/deck-{i}.deck"),
                },
                format: (i % 9 != 0).then(|| ["jforce-standard", "fow"][i % 2].to_owned()),
                errors: i % 4 + 1,
                rules: ["deck-size", "copy-limit", "hero"][..i % 3 + 1].to_vec(),
            })
            .collect();
        for colour in [false, true] {
            let whole = illegal_rows(&decks, colour, None).to_string() + "\n";
            assert!(illegal_table(&decks, colour) == whole, "colour: {colour}");
        }
    }
}
