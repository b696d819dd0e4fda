//! The shape every CI renderer (`github`, `junit`, `sarif`) reads: the things a command
//! checked (a deck, a data file, a script), each with its annotations at places in files.
//! Commands translate their own results into this once, so each renderer is written once.

use super::finding_problem;
use crate::check::DeckOutcome;
use crate::diagnostic::{Problem, SourceFile};
use std::borrow::Cow;
use std::ops::Range;

/// One command run, as CI tools see it.
#[derive(Debug, Clone)]
pub struct CiRun {
    /// The command, for titles (`validate`, `db check`).
    pub command: &'static str,
    pub cases: Vec<Case>,
}

/// One thing checked: JUnit's test case. A case fails when it has an error annotation.
#[derive(Debug, Clone)]
pub struct Case {
    /// The file checked, as given on the command line.
    pub name: String,
    /// What the case belongs to (the deck's format, `card-db`, `formats`): JUnit's classname.
    pub group: String,
    pub annotations: Vec<Annotation>,
    /// How long checking it took, where that was measured (JUnit's `time`).
    pub seconds: Option<f64>,
}

impl Case {
    pub fn failed(&self) -> bool {
        self.annotations.iter().any(|a| a.level == Level::Error)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    Error,
    Warning,
    /// Information that fails nothing (a changed card in `db diff`).
    Note,
}

impl Level {
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Error => "error",
            Level::Warning => "warning",
            Level::Note => "note",
        }
    }
}

/// One finding at one place.
#[derive(Debug, Clone)]
pub struct Annotation {
    /// The rule id or problem code (`copy-limit`, `card`).
    pub rule: String,
    pub level: Level,
    pub message: String,
    pub help: Option<String>,
    /// Where it is; `None` when the finding is about no file at all.
    pub location: Option<Location>,
    /// Other places involved, each with what it shows.
    pub related: Vec<(Location, String)>,
    /// The text at the place (the deck line, trimmed), which stays the same when other lines
    /// move: SARIF's fingerprints are made of it. `None` when there is no place.
    pub anchor: Option<String>,
}

impl Annotation {
    /// The message with its help on a second line, for formats with one text field.
    pub fn full_message(&self) -> String {
        match &self.help {
            Some(help) => format!("{}\nhelp: {help}", self.message),
            None => self.message.clone(),
        }
    }
}

/// A file, and optionally a region in it (1-based lines and columns in Unicode scalar values;
/// the end column is exclusive, as SARIF counts).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    pub file: String,
    pub region: Option<Region>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Region {
    pub line: usize,
    pub column: usize,
    pub end_line: usize,
    pub end_column: usize,
}

impl Location {
    pub fn file(file: &str) -> Location {
        Location {
            file: file.to_owned(),
            region: None,
        }
    }

    /// The region a byte range covers in `source`.
    pub fn span(source: &SourceFile, span: &Range<usize>) -> Location {
        let (line, column) = source.line_col(span.start);
        let (end_line, end_column) = source.line_col(span.end.max(span.start));
        Location {
            file: source.name.clone(),
            region: Some(Region {
                line,
                column,
                end_line,
                end_column,
            }),
        }
    }
}

/// What the CI formats read of an item: a command's case, or a deck's verdict.
pub trait AsCase: Sync {
    fn case(&self) -> Cow<'_, Case>;
}

impl AsCase for Case {
    fn case(&self) -> Cow<'_, Case> {
        Cow::Borrowed(self)
    }
}

impl AsCase for DeckOutcome {
    fn case(&self) -> Cow<'_, Case> {
        Cow::Owned(deck_case(self))
    }
}

/// A deck's verdict as a case: one annotation per finding.
pub fn deck_case(outcome: &DeckOutcome) -> Case {
    Case {
        seconds: outcome.seconds,
        name: outcome.path.clone(),
        group: outcome
            .verdict
            .format
            .as_deref()
            .unwrap_or("unknown-format")
            .to_owned(),
        annotations: (outcome.verdict.findings.iter())
            .map(|f| problem_annotation(&finding_problem(&outcome.source, f)))
            .collect(),
    }
}

/// A `Problem` (data lint, load error) as an annotation at its first label.
pub fn problem_annotation(p: &Problem) -> Annotation {
    let location = p.file.as_ref().map(|file| match p.labels.first() {
        Some((span, _)) => Location::span(file, span),
        None => Location::file(&file.name),
    });
    let related = match &p.file {
        Some(file) => p
            .labels
            .iter()
            .skip(1)
            .map(|(span, text)| (Location::span(file, span), text.clone()))
            .collect(),
        None => Vec::new(),
    };
    let anchor = p.file.as_ref().map(|file| match p.labels.first() {
        Some((span, _)) => {
            let start = span.start.min(file.text.len());
            let line_start = file.text[..start].rfind('\n').map_or(0, |i| i + 1);
            let line_end = file.text[start..]
                .find('\n')
                .map_or(file.text.len(), |i| start + i);
            file.text
                .get(line_start..line_end)
                .unwrap_or("")
                .trim()
                .to_owned()
        }
        None => String::new(),
    });
    Annotation {
        anchor,
        rule: p.code.clone(),
        level: if p.is_error() {
            Level::Error
        } else {
            Level::Warning
        },
        message: p.message.clone(),
        help: p.help.clone(),
        location,
        related,
    }
}

/// A changed transcript, annotated at the first line of the golden file that differs.
pub fn transcript_annotation(
    golden_name: &str,
    golden: &str,
    actual: &str,
    diff: &str,
) -> Annotation {
    let line = golden
        .lines()
        .zip(actual.lines())
        .position(|(a, b)| a != b)
        .unwrap_or_else(|| golden.lines().count().min(actual.lines().count()))
        + 1;
    let columns = golden
        .lines()
        .nth(line - 1)
        .map_or(0, |l| l.chars().count());
    Annotation {
        rule: "transcript".to_owned(),
        level: Level::Error,
        message: format!("the transcript differs from the golden file (- golden, + now):\n{diff}"),
        help: Some(
            "if the change is intended, run `decksmith match verify --bless` and commit the new transcript"
                .to_owned(),
        ),
        location: Some(Location {
            file: golden_name.to_owned(),
            region: Some(Region {
                line,
                column: 1,
                end_line: line,
                end_column: columns + 1,
            }),
        }),
        related: Vec::new(),
        anchor: golden.lines().nth(line - 1).map(|l| l.trim().to_owned()),
    }
}

/// One line of what a rule id or problem code checks, for SARIF's rule list.
pub fn rule_summary(rule: &str) -> &'static str {
    crate::validate::RuleId::from_id(rule)
        .map(crate::validate::RuleId::summary)
        .or_else(|| crate::lint::code_summary(rule))
        .unwrap_or(match rule {
            "card-added" => "a card the new card data adds",
            "card-removed" => "a card the new card data removes",
            "card-renamed" => "a card whose name the new card data changes (same id)",
            "card-changed" => "a card whose fields the new card data changes",
            "verdict" => "a deck whose verdict the new card data changes",
            "transcript" => "a match script's transcript must match its golden file",
            "script" => "a match script must be readable and playable",
            _ => "a decksmith check",
        })
}

/// `cases` written whole by `sink`, as `validate`'s CI report, for the renderers' tests.
#[cfg(test)]
pub fn write_cases(sink: Box<dyn super::Sink<Case>>, cases: &[Case]) -> String {
    let end = super::End {
        command: "validate",
        tally: &super::Tally::default(),
        skipped: 0,
        summary: String::new(),
    };
    super::write_all(sink, cases, &end)
}

/// Cases of every kind for the renderers' tests: `n` decks in two groups, every third failing
/// with two findings (one at a place, with help and a related place), every fifth with a
/// warning about the whole file, some with a measured time; names repeat across folders.
#[cfg(test)]
pub fn sample_cases(n: usize) -> Vec<Case> {
    (0..n)
        .map(|i| {
            let file = format!("folder-{}/deck-{i}.deck", i % 3);
            let at = Location {
                file: file.clone(),
                region: Some(Region {
                    line: 3,
                    column: 1,
                    end_line: 3,
                    end_column: 9,
                }),
            };
            let mut annotations = Vec::new();
            if i % 3 == 0 {
                annotations.push(Annotation {
                    rule: "copy-limit".into(),
                    level: Level::Error,
                    message: format!("5 copies of `Card {}` <&> \"quoted\"", i % 7),
                    help: Some("remove 1 copy".into()),
                    location: Some(at.clone()),
                    related: vec![(at.clone(), "first here".into())],
                    anchor: Some(format!("4 Card {}", i % 7)),
                });
                annotations.push(Annotation {
                    rule: "deck-size".into(),
                    level: Level::Error,
                    message: "39 cards; the format wants 40".into(),
                    help: None,
                    location: Some(Location::file(&file)),
                    related: Vec::new(),
                    anchor: None,
                });
            }
            if i % 5 == 0 {
                annotations.push(Annotation {
                    rule: "hero".into(),
                    level: Level::Warning,
                    message: "no hero".into(),
                    help: None,
                    location: None,
                    related: Vec::new(),
                    anchor: None,
                });
            }
            Case {
                name: file,
                group: ["jforce-standard", "fow-wanderer"][i % 2].into(),
                annotations,
                seconds: (i % 4 == 0).then_some(i as f64 / 1000.0),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn span_location_is_one_based_with_exclusive_end() {
        let src = SourceFile::new("d.deck", "format: x\n4 Iron Guard\n");
        let loc = Location::span(&src, &(10..22));
        assert_eq!(
            loc.region,
            Some(Region {
                line: 2,
                column: 1,
                end_line: 2,
                end_column: 13
            })
        );
    }
}
