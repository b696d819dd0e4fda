//! One entry point per reader, taking raw bytes the way a fuzzer hands them over. The fuzz
//! targets in `fuzz/` call [`Target::run`], and so does the corpus replay test, so every input
//! fuzzing ever found keeps going through exactly the code it once broke (docs/fuzzing.md).
//!
//! Each entry point goes as far as the command that reads such a file would: a deck is read,
//! checked against its format, put in canonical form and written in every encoding, and its
//! report rendered in every output; card data and formats are built and linted as `db check`
//! does; a match script is loaded with its decks and played. Nothing here may panic.

use crate::card_db::Game;
use crate::catalog::{Catalog, FileKind, Sources};
use crate::check::{self, LintOutcome};
use crate::date::Date;
use crate::deck::Deck;
use crate::diagnostic::{render as render_problems, Problem, SourceFile};
use crate::encoding::{self, Encoding};
use crate::engine::registry;
use crate::engine::scripted::{self, Prepared};
use crate::lint;
use crate::report::validate::Validated;
use crate::report::{self, human, Outcome, ReportOutput};
use crate::validate::format::Format;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A reader under fuzzing. The name is the fuzz target's and its corpus folder's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// A deck in one encoding.
    Deck(Encoding),
    /// A card file, or a game definition when it has a `[game]` table, through `db check`.
    Database,
    /// A format file through `db check`.
    Format,
    /// A match script, loaded and played with at most [`MAX_STEPS`] steps a game.
    Script,
}

/// A fuzzed script plays no more steps than this in each game: the engines' cost per step is
/// benchmarked elsewhere, and a long script would only slow the fuzzer down.
pub const MAX_STEPS: usize = 200;

/// The date decks are checked on, so that a fuzz run does not change with the calendar.
const DATE: (i32, u8, u8) = (2026, 1, 1);

impl Target {
    /// Every target: one per deck encoding, so a new encoding has one (and the replay test
    /// wants its seeds and its fuzz target file), then the data files and scripts.
    pub fn all() -> impl Iterator<Item = Target> {
        (Encoding::ALL.into_iter().map(Target::Deck)).chain([
            Target::Database,
            Target::Format,
            Target::Script,
        ])
    }

    /// The fuzz target's name, which is also its folder under `fuzz/corpus/` and
    /// `fuzz/regressions/`.
    pub fn name(self) -> &'static str {
        match self {
            Target::Deck(e) => e.name(),
            Target::Database => "database",
            Target::Format => "format",
            Target::Script => "script",
        }
    }

    /// Feeds one input to the reader; whether it went the whole way (a deck read, data built
    /// without an error, a script played), which every seed must. Inputs that are not UTF-8
    /// are dropped: every file is read as UTF-8 first, and refused before any reader sees it
    /// when it is not.
    pub fn run(self, data: &[u8]) -> bool {
        let Ok(text) = std::str::from_utf8(data) else {
            return false;
        };
        match self {
            Target::Deck(encoding) => deck(encoding, text),
            Target::Database => data_file(database_kind(text), text),
            Target::Format => data_file(FileKind::Format, text),
            Target::Script => script(text),
        }
    }
}

fn catalog() -> &'static Catalog {
    Catalog::embedded().expect("the embedded data loads (a test keeps it so)")
}

fn date() -> Date {
    Date::new(DATE.0, DATE.1, DATE.2).expect("a real date")
}

fn deck(encoding: Encoding, text: &str) -> bool {
    let catalog = catalog();
    let source = SourceFile::new(format!("fuzz.{}", encoding.extension()), text);
    let read = encoding::read_as(&source, encoding, catalog);
    let forced = (read.as_ref().ok())
        .filter(|deck| deck.format.is_none())
        .and_then(|deck| likely_format(deck, catalog));
    let checked = check::check_deck_as(catalog, forced, &source, date(), Some(encoding));
    let whole = checked.is_ok();
    let outcome = checked.unwrap_or_else(|e| check::unreadable(Arc::clone(&source), &e));
    if let Ok(deck) = &read {
        round_trip(deck, forced, catalog);
    }
    render_all(&Validated {
        decks: vec![outcome],
        skipped: 0,
        fixes: None,
    });
    whole
}

/// For a deck that names no format (an Arena export, most Cockatrice files): a format of the
/// game that knows most of its cards, as a user would pass with `--format`.
fn likely_format<'c>(deck: &Deck, catalog: &'c Catalog) -> Option<&'c Format> {
    let known = |game: &Game| {
        (deck.zones.iter().flat_map(|z| &z.entries))
            .filter(|e| game.find(&e.card).is_some())
            .count()
    };
    let game = catalog.games.values().max_by_key(|g| known(g))?;
    catalog.formats.values().find(|f| f.game == game.id())
}

/// Canonical form and every writer, then every reader again on what was written.
fn round_trip(deck: &Deck, forced: Option<&Format>, catalog: &Catalog) {
    let named = || catalog.format(&deck.format.as_ref()?.value);
    let Some(format) = forced.or_else(named) else {
        return;
    };
    let Ok(game) = catalog.game(&format.game) else {
        return;
    };
    let Ok(canonical) = encoding::canonical(deck, &format.id, game) else {
        return;
    };
    for to in Encoding::ALL {
        let _ = encoding::dropped(&canonical, to);
        if let Ok(written) = encoding::write(&canonical, to, game) {
            let again = SourceFile::new(format!("again.{}", to.extension()), written);
            let _ = encoding::read_as(&again, to, catalog);
        }
    }
}

fn render_all(outcome: &dyn Outcome) {
    for output in [
        ReportOutput::Human,
        ReportOutput::Json,
        ReportOutput::Github,
        ReportOutput::Junit,
        ReportOutput::Sarif,
    ] {
        let _ = report::render(outcome, output, false);
    }
}

/// A game definition holds a `[game]` table; any other card-db file is a card file.
fn database_kind(text: &str) -> FileKind {
    if text.lines().any(|l| l.trim() == "[game]") {
        FileKind::Game
    } else {
        FileKind::Cards
    }
}

/// One data file built over the embedded data and linted, as `db check FILE` does.
fn data_file(kind: FileKind, text: &str) -> bool {
    let base = catalog();
    let sources = Sources {
        files: vec![(kind, SourceFile::new("fuzz.toml", text))],
    };
    let (built, mut problems) = Catalog::build(&sources, Some(base));
    let read = !problems.iter().any(Problem::is_error);
    problems.extend(lint::lint(&built.games, &built.formats).problems);
    render_all(&LintOutcome {
        files: vec!["fuzz.toml".into()],
        problems,
        games: built.games.len(),
        cards: 0,
        formats: built.formats.len(),
    });
    read
}

/// Where fuzzed scripts find the decks and format files their paths name: the example
/// scripts' own folder for the script's game (the seeds are those scripts).
fn script_dir(text: &str) -> PathBuf {
    let matches = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/matches");
    let named = registry::GAMES
        .iter()
        .find(|g| text.contains(&format!("game = \"{g}\"")));
    match named {
        Some(game) => matches.join(game),
        None => matches,
    }
}

fn script(text: &str) -> bool {
    let catalog = catalog();
    let file = SourceFile::new("fuzz.match.toml", text);
    let prepared = match scripted::prepare_source(catalog, &file, &script_dir(text)) {
        Ok(p) => p,
        Err(e) => {
            let _ = human::error(&e, false);
            return false;
        }
    };
    let mut ready = match prepared {
        Prepared::Ready(m) => m,
        Prepared::IllegalDeck(decks) => {
            render_all(&Validated {
                decks,
                skipped: 0,
                fixes: None,
            });
            return false;
        }
        Prepared::Broken(problems) => {
            let _ = render_problems(&problems, false);
            return false;
        }
    };
    for game in &mut ready.script.games {
        game.steps.truncate(MAX_STEPS);
    }
    match scripted::play(&ready) {
        Ok(result) => {
            let _ = result.transcript.render();
            let _ = render_problems(&result.failures, false);
            true
        }
        Err(problems) => {
            let _ = render_problems(&problems, false);
            false
        }
    }
}
