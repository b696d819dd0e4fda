//! `validate`'s report. The command writes it deck by deck as the decks are checked
//! ([`BatchReport`]), through the output format's [`Sink`], so a batch of any size holds only
//! its [`Tally`], never the decks themselves. What must wait for the end is kept as it comes:
//! JUnit's cases (its document opens with totals) and the rows of the human report's closing
//! table of illegal decks. SARIF keeps a count for each finding's fingerprint.
//! [`Validated`] is the same report over decks already in hand.

use super::human::{skipped_line, Human};
use super::json::Json;
use super::{ci, github, junit, sarif, End, Outcome, ReportOutput, Sink, Status, Tally};
use crate::check::DeckOutcome;
use crate::edit::fix::FileFixes;

/// Decks `validate` checked, in argument order, how many files a folder search found that
/// were not deck lists, and with `--fix` what was fixed first.
pub struct Validated<'a> {
    pub decks: &'a [DeckOutcome],
    pub skipped: usize,
    pub fixes: Option<&'a [FileFixes]>,
}

impl<'a> Validated<'a> {
    /// Decks checked as they are, none skipped, nothing fixed (the illegal decks a match or a
    /// simulation refuses to play).
    pub fn of(decks: &'a [DeckOutcome]) -> Self {
        Validated {
            decks,
            skipped: 0,
            fixes: None,
        }
    }

    fn write(&self, output: ReportOutput, colour: bool) -> String {
        let mut report = BatchReport::new(output, colour, self.fixes);
        let mut out = String::new();
        for deck in self.decks {
            let rendered = report.render(deck);
            out.push_str(&report.push(deck, rendered));
        }
        out + &report.finish(self.skipped)
    }
}

impl Outcome for Validated<'_> {
    fn human(&self, colour: bool) -> String {
        self.write(ReportOutput::Human, colour)
    }

    fn json(&self) -> String {
        self.write(ReportOutput::Json, false)
    }

    fn ci(&self) -> ci::CiRun {
        ci::CiRun {
            command: "validate",
            cases: self.decks.iter().map(ci::deck_case).collect(),
        }
    }

    fn summary(&self) -> String {
        Tally::of(self.decks).summary.line() + &skipped_line(self.skipped)
    }

    fn status(&self) -> Status {
        Status::passed_if(self.decks.iter().all(|o| o.verdict.legal))
    }
}

/// What one deck adds to the report, made apart from the report's state so that a batch's
/// decks are rendered in parallel; [`BatchReport::push`] then takes them in order.
pub struct RenderedDeck {
    /// The output format's piece of the deck ([`Sink::piece`]).
    text: String,
    tally: Tally,
}

/// The report being written: feed it each deck's [`RenderedDeck`] in order, write what
/// [`BatchReport::push`] returns, then what [`BatchReport::finish`] returns.
pub struct BatchReport<'a> {
    sink: Box<dyn Sink<DeckOutcome> + 'a>,
    /// Only the human report lists the illegal decks at its end: kept for the other outputs,
    /// their rows would grow with the batch.
    lists_illegal: bool,
    tally: Tally,
}

impl<'a> BatchReport<'a> {
    pub fn new(output: ReportOutput, colour: bool, fixes: Option<&'a [FileFixes]>) -> Self {
        let sink: Box<dyn Sink<DeckOutcome> + 'a> = match output {
            ReportOutput::Human => Box::new(Human::new(colour, fixes.unwrap_or_default())),
            ReportOutput::Json => Box::new(Json::new(fixes)),
            ReportOutput::Github => Box::new(github::Github),
            ReportOutput::Junit => Box::new(junit::Writer::default()),
            ReportOutput::Sarif => Box::new(sarif::Writer::default()),
        };
        BatchReport {
            sink,
            lists_illegal: output == ReportOutput::Human,
            tally: Tally::default(),
        }
    }

    /// What the deck adds to the report; it depends on the deck alone.
    pub fn render(&self, deck: &DeckOutcome) -> RenderedDeck {
        let mut tally = Tally::default();
        if self.lists_illegal {
            tally.add(deck);
        } else {
            tally.count(deck);
        }
        RenderedDeck {
            text: self.sink.piece(deck),
            tally,
        }
    }

    /// Takes the next deck and what [`BatchReport::render`] made of it; returns the text to
    /// write now.
    pub fn push(&mut self, deck: &DeckOutcome, rendered: RenderedDeck) -> String {
        let mut out = match self.tally.summary.decks {
            0 => self.sink.begin(),
            _ => String::new(),
        };
        self.tally.merge(rendered.tally);
        out.push_str(&self.sink.push(deck, rendered.text));
        out
    }

    /// The rest of the report, once every deck is in.
    pub fn finish(mut self, skipped: usize) -> String {
        let out = match self.tally.summary.decks {
            0 => self.sink.begin(),
            _ => String::new(),
        };
        let end = End {
            command: "validate",
            summary: self.tally.summary.line() + &skipped_line(skipped),
            tally: &self.tally,
            skipped,
        };
        out + &self.sink.finish(&end)
    }

    /// Whether every deck so far is legal.
    pub fn status(&self) -> Status {
        Status::passed_if(self.tally.summary.illegal == 0)
    }

    pub fn decks(&self) -> usize {
        self.tally.summary.decks
    }
}

#[cfg(test)]
mod tests {
    use super::{BatchReport, ReportOutput};
    use crate::catalog::Catalog;
    use crate::check::check_deck_as;
    use crate::date::Date;
    use crate::diagnostic::SourceFile;

    /// Only the human report lists the illegal decks at its end: a batch written for any other
    /// output keeps its counts, not a row for each illegal deck.
    #[test]
    fn only_the_human_report_keeps_a_row_per_illegal_deck() {
        let catalog = Catalog::embedded().unwrap();
        let text = "format: jforce-standard\n\nMain\n3 Ember Striker\n";
        let source = SourceFile::new("short.deck", text);
        let date: Date = "2026-12-02".parse().unwrap();
        let deck = check_deck_as(catalog, None, &source, date, None).unwrap();
        assert!(!deck.verdict.legal);
        for output in [ReportOutput::Human, ReportOutput::Json, ReportOutput::Sarif] {
            let mut report = BatchReport::new(output, false, None);
            for _ in 0..3 {
                let rendered = report.render(&deck);
                report.push(&deck, rendered);
            }
            assert_eq!(report.tally.summary.illegal, 3, "{output:?}");
            let rows = if output == ReportOutput::Human { 3 } else { 0 };
            assert_eq!(report.tally.illegal.len(), rows, "{output:?}");
        }
    }
}
