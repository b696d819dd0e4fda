//! `validate`'s report. The command writes it deck by deck as the decks are checked
//! ([`BatchReport`]), so a batch of any size holds only its [`Tally`], never the decks themselves.
//! What must wait for the end is kept as it comes: JUnit's cases (its document opens with
//! totals) and the rows of the human report's closing table of illegal decks. SARIF keeps a
//! count for each finding's fingerprint.
//! [`Validated`] is the same report over decks already in hand.

use super::ci::{self, Case, CiRun};
use super::edit::fix_lines;
use super::{github, human, json, junit, sarif, Outcome, ReportOutput, Status, Tally};
use crate::check::DeckOutcome;
use crate::edit::fix::FileFixes;

/// The decks `validate` checked, in argument order, how many files a folder search found that
/// were not deck lists, and with `--fix` what was fixed first.
pub struct Validated {
    pub decks: Vec<DeckOutcome>,
    pub skipped: usize,
    pub fixes: Option<Vec<FileFixes>>,
}

impl Validated {
    /// The human report or JSON, of decks already in memory.
    fn write(&self, output: ReportOutput, colour: bool) -> String {
        let mut report = BatchReport::new(output, colour, self.fixes.as_deref());
        let mut out = String::new();
        for deck in &self.decks {
            let rendered = report.render(deck);
            out.push_str(&report.push(deck, rendered));
        }
        out + &report.finish(self.skipped)
    }
}

impl Outcome for Validated {
    fn human(&self, colour: bool) -> String {
        self.write(ReportOutput::Human, colour)
    }

    fn json(&self) -> String {
        self.write(ReportOutput::Json, false)
    }

    fn ci(&self) -> CiRun {
        CiRun {
            command: "validate",
            cases: self.decks.iter().map(ci::deck_case).collect(),
        }
    }

    fn summary(&self) -> String {
        Tally::of(&self.decks).summary.line() + &skipped_line(self.skipped)
    }

    fn status(&self) -> Status {
        Status::passed_if(self.decks.iter().all(|o| o.verdict.legal))
    }
}

/// What one deck adds to the report, made apart from the report's state so that a batch's
/// decks are rendered in parallel; [`BatchReport::push`] then takes them in order.
pub struct RenderedDeck {
    /// The deck's text in a batch (its diagnostics, its JSON, its annotations).
    text: String,
    /// For JUnit and SARIF.
    case: Option<Case>,
    tally: Tally,
}

/// The report being written: feed it each deck's [`RenderedDeck`] in order, write what
/// [`BatchReport::push`] returns, then what [`BatchReport::finish`] returns.
pub struct BatchReport<'a> {
    output: ReportOutput,
    colour: bool,
    fixes: Option<&'a [FileFixes]>,
    tally: Tally,
    /// For the human report, the first deck waits: its batch text, and the deck alone with
    /// its table, which is what is shown if no other deck follows.
    held: Option<(String, String)>,
    junit: junit::Writer,
    sarif: sarif::Writer,
}

impl<'a> BatchReport<'a> {
    pub fn new(output: ReportOutput, colour: bool, fixes: Option<&'a [FileFixes]>) -> Self {
        BatchReport {
            output,
            colour,
            fixes,
            tally: Tally::default(),
            held: None,
            junit: junit::Writer::new("validate"),
            sarif: sarif::Writer::default(),
        }
    }

    /// What the deck adds to the report; it depends on the deck alone.
    pub fn render(&self, deck: &DeckOutcome) -> RenderedDeck {
        let mut rendered = RenderedDeck {
            text: String::new(),
            case: None,
            tally: Tally::default(),
        };
        if self.output == ReportOutput::Human {
            rendered.tally.add(deck);
        } else {
            rendered.tally.count(deck);
        }
        match self.output {
            ReportOutput::Human => rendered.text = human::diagnostics(deck, self.colour),
            // Whether a comma goes before it is known only in order, in `push`.
            ReportOutput::Json => rendered.text = json::validate_deck(deck, true),
            ReportOutput::Github => {
                let case = ci::deck_case(deck);
                rendered.text = case.annotations.iter().map(github::command).collect();
            }
            ReportOutput::Junit | ReportOutput::Sarif => rendered.case = Some(ci::deck_case(deck)),
        }
        rendered
    }

    /// Takes the next deck and what [`BatchReport::render`] made of it; returns the text to
    /// write now.
    pub fn push(&mut self, deck: &DeckOutcome, rendered: RenderedDeck) -> String {
        let first = self.tally.summary.decks == 0;
        self.tally.merge(rendered.tally);
        let mut out = String::new();
        match self.output {
            ReportOutput::Human => {
                if first {
                    out.push_str(&fix_lines(self.fixes.unwrap_or_default()));
                    // Only the first deck can turn out to be alone: its table is made once.
                    self.held = Some((rendered.text, human::single_deck(deck, self.colour)));
                    return out;
                }
                if let Some((batch_text, _)) = self.held.take() {
                    out.push_str(&batch_text);
                }
                out.push_str(&rendered.text);
            }
            ReportOutput::Json => {
                if first {
                    out.push_str(&json::validate_head(self.fixes));
                    out.push_str(&rendered.text);
                } else {
                    out.push(',');
                    out.push_str(&rendered.text);
                }
            }
            ReportOutput::Github => out.push_str(&rendered.text),
            ReportOutput::Junit => {
                if let Some(case) = rendered.case {
                    self.junit.case(&case);
                }
            }
            ReportOutput::Sarif => {
                if first {
                    out.push_str(&self.sarif.head());
                }
                if let Some(case) = rendered.case {
                    out.push_str(&self.sarif.case(&case));
                }
            }
        }
        out
    }

    /// The rest of the report, once every deck is in.
    pub fn finish(self, skipped: usize) -> String {
        let count = skipped;
        let skipped = skipped_line(count);
        match self.output {
            ReportOutput::Human => {
                let mut text = match (self.tally.summary.decks, self.held) {
                    (1, Some((_, single))) => match self.tally.summary.not_owned {
                        0 => single,
                        n => format!("{single}{} not owned\n", crate::error::plural(n, "card")),
                    },
                    (0, _) => fix_lines(self.fixes.unwrap_or_default()),
                    _ => human::batch_summary(&self.tally, self.colour),
                };
                text.push_str(&skipped);
                text
            }
            ReportOutput::Json => {
                let head = match self.tally.summary.decks {
                    0 => json::validate_head(self.fixes),
                    _ => String::new(),
                };
                head + &json::validate_tail(&self.tally, count)
            }
            ReportOutput::Github => self.tally.summary.line() + &skipped,
            ReportOutput::Junit => self.junit.finish(),
            ReportOutput::Sarif => {
                let head = match self.tally.summary.decks {
                    0 => self.sarif.head(),
                    _ => String::new(),
                };
                head + &self.sarif.finish()
            }
        }
    }

    /// Whether every deck so far is legal.
    pub fn status(&self) -> Status {
        Status::passed_if(self.tally.summary.illegal == 0)
    }

    pub fn decks(&self) -> usize {
        self.tally.summary.decks
    }
}

/// `skipped 2 files that are not deck lists`, when a search skipped any.
fn skipped_line(skipped: usize) -> String {
    match skipped {
        0 => String::new(),
        1 => "skipped 1 file that is not a deck list (by content); name a file to check it anyway\n"
            .to_owned(),
        n => format!(
            "skipped {n} files that are not deck lists (by content); name a file to check it anyway\n"
        ),
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
