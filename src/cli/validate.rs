//! `decksmith validate DECK...`

use super::{emit, Context};
use crate::catalog::Catalog;
use crate::check::{check_deck_as, check_file, Pool, Validators};
use crate::date::Date;
use crate::diagnostic::SourceFile;
use crate::edit::fix::FixMode;
use crate::edit::{commit, DeckFile};
use crate::encoding::{self, Encoding};
use crate::error::Error;
use crate::paths::{self, Found};
use crate::report::edit::FileFixes;
use crate::report::validate::Stream;
use crate::report::{ReportOutput, Status};
use crate::spill::Place;
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::collections::BTreeSet;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Mutex;

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// Deck list files, `-` for standard input, folders (searched recursively for deck files:
    /// .deck, .json, .toml, .csv, .code, .txt, .cod, .xml; files that are not deck lists by
    /// their content are skipped and counted) and quoted glob patterns (`'decks/**/*.deck'`).
    /// Any deck encoding is read (text, json, toml, csv, code, arena, cod).
    #[arg(value_name = "PATH")]
    pub decks: Vec<PathBuf>,
    /// Encoding of the decks: text, json, toml, csv, code, arena or cod. Without it, each
    /// file's extension and content decide.
    #[arg(long, value_name = "ENC", value_parser = super::offer::encoding())]
    pub from: Option<Encoding>,
    /// Leave out files and folders a search finds that match this glob (repeatable): `*.bak`,
    /// `drafts/**`. A file named on the command line is always read.
    #[arg(long, value_name = "GLOB")]
    pub exclude: Vec<String>,
    /// A deck code to check (repeatable).
    #[arg(long = "code", value_name = "CODE")]
    pub code: Vec<String>,
    /// Format id or format file to check against, instead of each deck's `format:` header.
    #[arg(long, value_name = "ID|PATH", value_parser = super::offer::format(), hide_possible_values = true)]
    pub format: Option<String>,
    /// Day whose ban and limited lists apply (YYYY-MM-DD); default today.
    #[arg(long, value_parser = parse_date)]
    pub date: Option<Date>,
    /// Decks validated at once; default one per core.
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<usize>,
    #[arg(long, value_enum, default_value_t)]
    pub output: ReportOutput,
    /// Fix what needs no choosing, in place, before checking: an unknown card name with
    /// exactly one close match becomes that card; `--fix names` also writes card ids as
    /// names. Each fix is printed; everything else is reported as usual.
    #[arg(long, value_name = "names", num_args = 0..=1, default_missing_value = "")]
    pub fix: Option<String>,
}

fn parse_date(s: &str) -> Result<Date, String> {
    s.parse()
}

pub fn run(ctx: &Context, mut args: ValidateArgs, out: &mut dyn Write) -> Result<Status, Error> {
    // `--fix` takes an optional word, so in `validate --fix deck.deck` clap gives it the
    // deck: a word other than `names` is a deck path.
    let fix = args.fix.take().map(|word| match word.as_str() {
        "names" => FixMode::Names,
        "" => FixMode::Typos,
        _ => {
            args.decks.insert(0, PathBuf::from(word));
            FixMode::Typos
        }
    });
    if args.decks.is_empty() && args.code.is_empty() {
        return Err(Error::usage_with_help(
            "no deck to validate",
            "name deck files or folders, or pass --code CODE",
        ));
    }
    // Only a run with neither `--format` nor `--fix` reads its lone deck ahead.
    let lone = (args.format.is_none() && fix.is_none())
        .then(|| lone_deck(&args))
        .flatten();
    let catalog = match lone.as_ref().and_then(|l| l.header.as_ref()) {
        Some((format, spelt)) => ctx.catalog_for_deck(format, spelt),
        None => ctx.catalog_for(args.format.as_deref()),
    }?;
    let forced = match &args.format {
        Some(f) => Some(catalog.format_from_arg(f)?),
        None => None,
    };
    let date = args.date.unwrap_or_else(Date::today);
    let exclude = paths::exclude_patterns(&args.exclude)?;
    let search = paths::Search::new(&args.decks, paths::DECK_EXTENSIONS, &exclude)?;
    let fixes: Vec<FileFixes> = match fix {
        Some(mode) => search
            .walk()
            .filter_map(|f| f.and_then(|f| fix_file(&catalog, &f, mode)).transpose())
            .collect::<Result<_, _>>()?,
        None => Vec::new(),
    };
    let progress = progress_bar(|| search.walk().try_fold(0, |n, f| f.map(|_| n + 1)))?;
    let mut report = Stream::new(
        args.output,
        ctx.colour,
        fix.map(|_| fixes.as_slice()),
        Place::System,
    );
    let mut skipped = 0;
    let validators = Validators::new(&catalog, forced.as_ref(), date).for_every_format();
    // Files are found as they are checked, a slice at a time, each slice checked and rendered
    // in parallel and then written in order: memory holds one slice of decks and a few
    // thousand names, however many decks the run checks.
    let mut found = search.walk();
    let (mut slice, mut stopped) = next_slice(&mut found);
    let pool = Pool::new(args.jobs, slice.len())?;
    // The lone deck is checked as it was read ahead, not opened and read a second time.
    let ahead = Mutex::new(lone.filter(|l| matches!(slice.as_slice(), [f] if f.path == l.path)));
    loop {
        let pieces = pool.map(&slice, |file| {
            let read = ahead.lock().ok().and_then(|mut l| l.take()).map(|l| l.text);
            let outcome = check_file(&validators, file, args.from, read)?;
            if let Some(bar) = &progress {
                bar.inc(1);
            }
            Ok(outcome.map(|o| {
                let piece = report.piece(&o);
                (o, piece)
            }))
        })?;
        for piece in pieces {
            match piece {
                Some((outcome, piece)) => {
                    let text = report.push(&outcome, piece)?;
                    match &progress {
                        Some(bar) => bar.suspend(|| emit(out, &text))?,
                        None => emit(out, &text)?,
                    }
                }
                None => skipped += 1,
            }
        }
        if let Some(error) = stopped {
            return Err(error);
        }
        if slice.is_empty() {
            break;
        }
        (slice, stopped) = next_slice(&mut found);
    }
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    for code in &args.code {
        let source = SourceFile::new(code.trim(), code.trim());
        let outcome = check_deck_as(
            &catalog,
            forced.as_ref(),
            &source,
            date,
            Some(Encoding::Code),
        )?;
        let piece = report.piece(&outcome);
        let text = report.push(&outcome, piece)?;
        emit(out, &text)?;
    }
    if report.decks() == 0 {
        return Err(Error::usage_with_help(
            format!(
                "found no deck lists: {} skipped, as not deck lists by their content",
                crate::error::plural(skipped, "file")
            ),
            "name a file on the command line to check it anyway",
        ));
    }
    let status = report.status();
    report.finish(skipped, &mut |bytes| {
        out.write_all(bytes).map_err(super::write_error)
    })?;
    // The process ends with this command: the OS takes the catalog's pages back at once,
    // where dropping a 20,000-card database card by card was 7 % of a batch.
    std::mem::forget(catalog);
    Ok(status)
}

/// The next [`SLICE`] files `walk` finds, and the error that stopped it if one did: the files
/// found before a folder that cannot be read are still checked and reported, then the run
/// stops with the error.
fn next_slice(
    walk: &mut impl Iterator<Item = Result<Found, Error>>,
) -> (Vec<Found>, Option<Error>) {
    let mut slice = Vec::new();
    for found in walk.take(SLICE) {
        match found {
            Ok(found) => slice.push(found),
            Err(error) => return (slice, Some(error)),
        }
    }
    (slice, None)
}

/// Decks checked (and held) at once: enough to keep every thread busy, few enough that memory
/// stays flat however many decks a run checks.
const SLICE: usize = 512;

/// A deck file named alone on the command line (the everyday `validate deck.deck`), read
/// before any card data is loaded.
struct LoneDeck {
    path: PathBuf,
    text: String,
    /// For a text deck, its `format:` header and how its lines spell their cards, so that only
    /// that format's game and formats, and of the game only those cards, are loaded.
    header: Option<(String, BTreeSet<String>)>,
}

fn lone_deck(args: &ValidateArgs) -> Option<LoneDeck> {
    let ([path], []) = (args.decks.as_slice(), args.code.as_slice()) else {
        return None;
    };
    if path.as_os_str() == "-" {
        return None;
    }
    // Read within the file size limit, as the check reads it: a huge file is refused there,
    // not read whole here first.
    let text = crate::error::read_text(path).ok()?;
    let text_deck = match args.from {
        Some(encoding) => encoding == Encoding::Text,
        None => encoding::detect(path.to_str(), &text).ok() == Some(Encoding::Text),
    };
    let header = text_deck.then(|| {
        let deck = encoding::text::parse_borrowed(&text);
        Some((deck.format.as_ref()?.value.to_owned(), deck.spelt()))
    });
    Some(LoneDeck {
        path: path.clone(),
        header: header.flatten(),
        text,
    })
}

/// Makes the fixes `mode` allows in one deck file. A file named on the command line that
/// cannot be edited is reported as not fixed (and validated as it is); one a search found is
/// passed over, as it may not be a deck list at all.
fn fix_file(catalog: &Catalog, file: &Found, mode: FixMode) -> Result<Option<FileFixes>, Error> {
    let path = &file.path;
    let fixed = if path.as_os_str() == "-" {
        Err(Error::usage("standard input cannot be fixed in place"))
    } else {
        DeckFile::open(path, catalog).and_then(|deck| {
            let Some(fixed) = deck.fix(mode)? else {
                return Ok(Vec::new());
            };
            commit(path, &deck.source.text, &fixed.text)?;
            Ok(fixed.fixes)
        })
    };
    let result = match fixed {
        Ok(fixes) => Ok(fixes),
        // A file that cannot be written is an error of the run.
        Err(e @ Error::Write { .. }) => return Err(e),
        Err(_) if !file.named => return Ok(None),
        Err(e) => Err(e.to_string()),
    };
    Ok(Some(FileFixes {
        path: path.display().to_string(),
        result,
    }))
}

/// Below this many decks a run is over before a bar would be worth drawing.
const PROGRESS_MIN_DECKS: usize = 200;

/// A progress bar on standard error for long runs on a terminal; none otherwise, so CI logs
/// and piped output never hold bar frames. None rather than indicatif's hidden bar: a hidden
/// bar still keeps its rate estimate at every tick, which costs a one-deck run indicatif's and
/// libm's code pages. The decks are counted (by `count`, a walk of their folders) only for a
/// terminal.
fn progress_bar(
    count: impl FnOnce() -> Result<usize, Error>,
) -> Result<Option<ProgressBar>, Error> {
    let ci = std::env::var_os("CI").is_some_and(|v| !v.is_empty() && v != "false" && v != "0");
    let terminal = std::io::stderr().is_terminal();
    let decks = if terminal && !ci { count()? } else { 0 };
    if !progress_wanted(terminal, ci, decks) {
        return Ok(None);
    }
    let bar = ProgressBar::with_draw_target(Some(decks as u64), ProgressDrawTarget::stderr());
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} decks  {per_sec}  {eta} left")
    {
        bar.set_style(style);
    }
    Ok(Some(bar))
}

/// Whether to draw progress: only on a terminal, never under CI, and only for long runs.
pub fn progress_wanted(stderr_is_terminal: bool, ci: bool, decks: usize) -> bool {
    stderr_is_terminal && !ci && decks >= PROGRESS_MIN_DECKS
}

#[cfg(test)]
mod tests {
    use super::{next_slice, progress_wanted, SLICE};
    use crate::catalog::{Catalog, DataOptions};
    use crate::check::check_deck_as;
    use crate::date::Date;
    use crate::diagnostic::SourceFile;
    use crate::encoding::{self, Encoding};
    use crate::error::Error;
    use crate::paths::Found;

    /// A walk that stops with an error gives the files before it, then the error; a walk
    /// gives its files a slice at a time.
    #[test]
    fn files_found_before_an_error_are_kept_for_checking() {
        let file = |i: usize| Found {
            path: format!("deck-{i}.deck").into(),
            named: false,
        };
        let mut walk = (0..3)
            .map(|i| Ok(file(i)))
            .chain([Err(Error::usage("unreadable")), Ok(file(9))]);
        let (slice, stopped) = next_slice(&mut walk);
        assert_eq!(slice, [file(0), file(1), file(2)]);
        assert!(matches!(stopped, Some(Error::Usage { .. })));
        let mut walk = (0..SLICE + 1).map(|i| Ok(file(i)));
        let (first, stopped) = next_slice(&mut walk);
        assert_eq!((first.len(), stopped.is_none()), (SLICE, true));
        let (rest, _) = next_slice(&mut walk);
        assert_eq!(rest, [file(SLICE)]);
        assert!(next_slice(&mut walk).0.is_empty());
    }

    /// A lone deck's catalog holds, when it can, only the cards the deck's lines spell, and
    /// every shipped example deck (each rule broken, cards unknown or misspelt) gets the
    /// verdict it gets against every card; no key of the shipped data is two cards'.
    #[test]
    fn a_lone_deck_gets_the_verdict_of_every_card_from_the_cards_it_spells() {
        let full = Catalog::embedded().expect("shipped data loads");
        let mut paths: Vec<_> =
            std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/decks"))
                .unwrap()
                .map(|entry| entry.unwrap().path())
                .filter(|game| game.is_dir())
                .flat_map(|game| std::fs::read_dir(game).unwrap())
                .map(|deck| deck.unwrap().path())
                .collect();
        paths.sort();
        let mut fewer = 0;
        for path in &paths {
            let text = std::fs::read_to_string(path).unwrap();
            let deck = encoding::text::parse_borrowed(&text);
            let Some(format) = deck.format.as_ref().map(|f| f.value) else {
                continue;
            };
            let spelt = deck.spelt();
            let one = Catalog::load_for_deck(&DataOptions::default(), format, &spelt).unwrap();
            let source = SourceFile::new(path.display().to_string(), text.as_str());
            let verdict = |catalog: &Catalog| {
                let outcome =
                    check_deck_as(catalog, None, &source, Date::today(), Some(Encoding::Text));
                format!("{:?}", outcome.map(|o| o.verdict))
            };
            assert_eq!(verdict(&one), verdict(full), "{}", path.display());
            let game = &full.formats[format].game;
            let (kept, every) = (&one.games[game].cards, &full.games[game].cards);
            if kept.len() < every.len() {
                fewer += 1;
                let spelt_so =
                    |c: &&crate::card_db::Card| spelt.contains(c.id()) || spelt.contains(c.name());
                let wanted: Vec<_> = every.iter().filter(spelt_so).collect();
                assert_eq!(
                    kept.iter().collect::<Vec<_>>(),
                    wanted,
                    "{}",
                    path.display()
                );
            }
        }
        assert!(fewer >= paths.len() / 2, "{fewer} of {}", paths.len());
        // What a format names finds the same card among the spelt ones only if no key (a
        // name or id normalised) belongs to two shipped cards.
        for game in full.games.values() {
            let mut owner = std::collections::HashMap::new();
            for (i, card) in game.cards.iter().enumerate() {
                for key in [card.id(), card.name()].map(crate::names::key) {
                    assert_eq!(*owner.entry(key.clone()).or_insert(i), i, "{key}");
                }
            }
        }
    }

    #[test]
    fn progress_only_on_a_terminal_outside_ci_for_long_runs() {
        assert!(progress_wanted(true, false, 10_000));
        assert!(!progress_wanted(false, false, 10_000), "piped");
        assert!(!progress_wanted(true, true, 10_000), "CI");
        assert!(!progress_wanted(true, false, 3), "short run");
    }
}
