//! One entry point per reader, taking raw bytes the way a fuzzer hands them over. The fuzz
//! targets in `fuzz/` call [`Target::run`], and so does the corpus replay test, so every input
//! fuzzing ever found keeps going through exactly the code it once broke (docs/fuzzing.md).
//!
//! Each entry point goes as far as the command that reads such a file would: a deck is read,
//! checked against its format, put in canonical form and written in every encoding, and its
//! report rendered in every output; card data and formats are built and linted as `db check`
//! does; a match script is loaded with its decks and played. Nothing here may panic, but
//! where two ways of computing one answer must agree: a text deck checked with only the cards
//! it spells and with every card, and "did you mean" by length and by a scan of every name.

use crate::card_db::{Card, Game};
use crate::catalog::{Catalog, FileKind, Sources};
use crate::check::{self, DeckOutcome, LintOutcome};
use crate::collection::{self, need, Collection};
use crate::date::Date;
use crate::deck::Deck;
use crate::diagnostic::{render as render_problems, Problem, SourceFile};
use crate::encoding::{self, Encoding};
use crate::engine::play::{self, Prepared};
use crate::engine::registry;
use crate::lint;
use crate::names;
use crate::pool;
use crate::report::validate::Validated;
use crate::report::{self, human, Outcome, ReportOutput};
use crate::validate::format::Format;
use std::collections::BTreeSet;
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
    /// A collection CSV, counted for every game and held against a shipped deck of each.
    CollectionCsv,
    /// A Cockatrice card database, mapped for every game that maps one and its cards built
    /// and linted as `db import` output is.
    CockatriceDb,
    /// A LackeyCCG set file (`sets/*.txt`), any bytes, through Force of Will's mapping to the
    /// card files an import writes, which must read back without an error.
    LackeySet,
    /// A LackeyCCG `formats.txt`, any bytes, to the format files an import writes.
    LackeyFormats,
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
            Target::CollectionCsv,
            Target::CockatriceDb,
            Target::LackeySet,
            Target::LackeyFormats,
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
            Target::CollectionCsv => "collection_csv",
            Target::CockatriceDb => "cockatrice_db",
            Target::LackeySet => "lackey-set",
            Target::LackeyFormats => "lackey-formats",
        }
    }

    /// Feeds one input to the reader; whether it went the whole way (a deck read, data built
    /// without an error, a script played), which every seed must. Inputs that are not UTF-8
    /// are dropped: every file is read as UTF-8 first, and refused before any reader sees it
    /// when it is not.
    pub fn run(self, data: &[u8]) -> bool {
        // Other tools' files are read from any bytes (not UTF-8: Windows-1252).
        match self {
            Target::LackeySet => return lackey_set(data),
            Target::LackeyFormats => return lackey_formats(data),
            _ => {}
        }
        let Ok(text) = std::str::from_utf8(data) else {
            return false;
        };
        match self {
            Target::Deck(encoding) => deck(encoding, text),
            Target::Database => data_file(database_kind(text), text),
            Target::Format => data_file(FileKind::Format, text),
            Target::Script => script(text),
            Target::CollectionCsv => collection_csv(text),
            Target::CockatriceDb => cockatrice_db(text),
            Target::LackeySet | Target::LackeyFormats => false,
        }
    }
}

/// A collection CSV read as `need` and `validate --have` read it: its rows counted for each game,
/// its warnings rendered, and a deck of each game held against it (the not-owned findings and
/// the shortfall must say the same copies).
fn collection_csv(text: &str) -> bool {
    let catalog = catalog();
    let source = SourceFile::new("fuzz.csv", text);
    let Ok((rows, warnings)) = collection::csv::parse(text) else {
        return false;
    };
    let collection = Collection {
        source,
        rows,
        warnings,
    };
    let games: Vec<&Game> = catalog.games.values().collect();
    let _ = render_problems(&collection.problems(&games), false);
    for game in games {
        let owned = collection.owned(game);
        let _ = owned.per_card(game.cards.len());
        let Some(deck) = example_deck(game) else {
            continue;
        };
        let deck = deck.borrowed();
        let (wants, _) = need::wants(&deck, game);
        let short = need::short(&wants, &owned);
        let (findings, copies) = need::not_owned(&deck, game, &owned);
        assert_eq!(copies, need::copies(&short), "not-owned and need disagree");
        assert_eq!(findings.len(), short.len());
    }
    true
}

/// A shipped legal deck of `game` (`examples/decks/<game>/legal-*`, the first by name), read
/// once for every game.
fn example_deck(game: &Game) -> Option<&'static Deck> {
    static DECKS: std::sync::OnceLock<Vec<(String, Deck)>> = std::sync::OnceLock::new();
    let decks = DECKS.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/decks");
        (catalog().games.keys())
            .filter_map(|id| {
                let mut paths: Vec<PathBuf> = (std::fs::read_dir(root.join(id)).ok()?)
                    .flatten()
                    .map(|e| e.path())
                    .filter(|p| {
                        p.file_name()
                            .is_some_and(|n| n.to_string_lossy().starts_with("legal-"))
                    })
                    .collect();
                paths.sort();
                let text = std::fs::read_to_string(paths.first()?).ok()?;
                Some((id.clone(), encoding::text::parse(&text)))
            })
            .collect()
    });
    decks.iter().find(|(id, _)| id == game.id()).map(|(_, d)| d)
}

/// A set file's rows mapped for Force of Will; the card files written from them must build
/// without an error problem (what `db import` writes, `db check` passes). Whether any row was
/// read.
fn lackey_set(data: &[u8]) -> bool {
    use crate::pool::{lackey, Pool};
    let game = &catalog().games["fow"];
    let Some(mapping) = &game.def.import.lackey else {
        return false;
    };
    let mut notes = Vec::new();
    let text = lackey::decode("fuzz.txt", data, &mut notes);
    let mut rows = Vec::new();
    lackey::read_set_file(
        "fuzz.txt",
        &text,
        &mapping.fields.name.from,
        &mut rows,
        &mut notes,
    );
    let read = !rows.is_empty();
    let pool = Pool::build(mapping, &game.def, rows, notes);
    let files = pool.card_files("fow", "fuzz");
    let written: usize = (files.iter())
        .map(|(_, text)| text.lines().filter(|l| *l == "[[cards]]").count())
        .sum();
    assert_eq!(
        written,
        pool.cards.len(),
        "an import left cards out of its files"
    );
    let sources = Sources {
        files: (files.iter())
            .map(|(name, text)| {
                (
                    FileKind::Cards,
                    SourceFile::new(name.as_str(), text.as_str()),
                )
            })
            .collect(),
    };
    let (built, problems) = Catalog::build(&sources, Some(catalog()));
    let errors: Vec<&Problem> = problems.iter().filter(|p| p.is_error()).collect();
    assert!(
        errors.is_empty(),
        "an import wrote files that do not read: {errors:?}"
    );
    let lint = lint::lint(&built.games, &Default::default());
    let errors: Vec<&Problem> = lint.problems.iter().filter(|p| p.is_error()).collect();
    assert!(
        errors.is_empty(),
        "an import wrote cards db check rejects: {errors:?}"
    );
    read
}

/// A `formats.txt`'s formats written as format files over the shipped Force of Will cards'
/// sets, which must parse. Whether a format was read.
fn lackey_formats(data: &[u8]) -> bool {
    use crate::pool::{lackey, Pool};
    let mut notes = Vec::new();
    let text = lackey::decode("formats.txt", data, &mut notes);
    let formats = lackey::read_formats("formats.txt", &text, &mut notes);
    let game = &catalog().games["fow"];
    let Some(mapping) = &game.def.import.lackey else {
        return false;
    };
    let pool = Pool::build(mapping, &game.def, Vec::new(), Vec::new());
    for (name, text) in pool.format_files("fow", "fow-standard", &formats, &mut notes) {
        let src = SourceFile::new(name, text);
        let parsed = crate::catalog::parse_toml::<crate::validate::format::FormatFile>(&src);
        assert!(
            parsed.is_ok(),
            "an import wrote a format that does not parse: {parsed:?}"
        );
    }
    !formats.is_empty()
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
    let (outcome, whole) = checked(catalog, forced, &source, encoding);
    let decks = [outcome];
    if let Ok(deck) = &read {
        let named = || catalog.format(&deck.format.as_ref()?.value);
        if let Some(format) = forced.or_else(named) {
            if let Ok(game) = catalog.game(&format.game) {
                round_trip(deck, format, game, catalog);
                suggestions_as_scanned(deck, game);
            }
        }
    }
    render_all(&Validated::of(&decks));
    whole
}

/// The deck checked as `validate` checks it (an error made the outcome `validate` reports),
/// and whether it was read without one.
fn checked(
    catalog: &Catalog,
    forced: Option<&Format>,
    source: &Arc<SourceFile>,
    encoding: Encoding,
) -> (DeckOutcome, bool) {
    match check::check_deck_as(catalog, forced, source, date(), Some(encoding)) {
        Ok(outcome) => (outcome, true),
        Err(e) => (check::unreadable(Arc::clone(source), &e), false),
    }
}

/// "did you mean" for each card the game does not know, from the sketches scanned by length
/// ([`Game::suggest`], [`Game::only_match`]), must be what scanning every name in card order
/// gives.
fn suggestions_as_scanned(deck: &Deck, game: &Game) {
    let every = || game.cards.iter().map(Card::name);
    let unknown: BTreeSet<&str> = (deck.zones.iter().flat_map(|z| &z.entries))
        .map(|e| e.card.as_str())
        .filter(|name| game.find(name).is_none())
        .collect();
    for name in unknown {
        assert_eq!(
            game.suggest(name),
            names::suggest(name, every()),
            "the suggestion for {name:?} differs from a scan of every name"
        );
        assert_eq!(
            game.only_match(name),
            names::only_close_scanning(name, every()).map(|i| game.cards[i].name()),
            "the only close match for {name:?} differs from a scan of every name"
        );
    }
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
fn round_trip(deck: &Deck, format: &Format, game: &Game, catalog: &Catalog) {
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

/// A Cockatrice database read, each row mapped for every game with a Cockatrice mapping, and
/// the card file it becomes built over the embedded data and linted; whether the file was a
/// database and every card file it became read without an error.
fn cockatrice_db(text: &str) -> bool {
    let Ok(db) = pool::cockatrice::parse("fuzz.xml", text) else {
        return false;
    };
    let mut whole = true;
    for game in catalog().games.values() {
        let Some(mapping) = &game.def.import.cockatrice else {
            continue;
        };
        let cards: Vec<pool::PoolCard> = (db.rows.iter())
            .filter_map(|row| pool::map_row(mapping, &game.def, row).ok())
            .map(|(card, _)| card)
            .collect();
        let cards: Vec<&pool::PoolCard> = cards.iter().collect();
        let toml = pool::card_file(game.id(), "fuzz", &db.sets, &cards);
        whole &= data_file(FileKind::Cards, &toml);
    }
    for note in &db.notes {
        let _ = note.to_string();
    }
    whole
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
    let prepared = match play::prepare_source(catalog, &file, &script_dir(text), false) {
        Ok(p) => p,
        Err(e) => {
            let _ = human::error(&e, false);
            return false;
        }
    };
    let mut ready = match prepared {
        Prepared::Ready(m) => m,
        Prepared::IllegalDeck(decks) => {
            render_all(&Validated::of(&decks));
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
    match play::run(&ready) {
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

#[cfg(test)]
mod replay;
