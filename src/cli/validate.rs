//! `decksmith validate DECK...`

use super::progress::Progress;
use super::{emit, Context};
use crate::card_db::Game;
use crate::check::{check_source, lone_deck_format, Batch, Validators};
use crate::date::Date;
use crate::diagnostic::SourceFile;
use crate::edit::fix::{fix_file, FileFixes, FixMode};
use crate::encoding::Encoding;
use crate::error::Error;
use crate::paths;
use crate::report::validate::BatchReport;
use crate::report::{ReportOutput, Status};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// Deck list files, `-` for standard input, folders (searched recursively for deck files:
    /// .deck, .json, .toml, .csv, .code, .txt, .cod, .xml; files that are not deck lists by
    /// their content are skipped and counted) and quoted glob patterns (`'decks/**/*.deck'`).
    /// Any deck encoding is read (text, json, toml, csv, code, arena, cod, lackey).
    #[arg(value_name = "PATH")]
    pub decks: Vec<PathBuf>,
    /// Encoding of the decks: text, json, toml, csv, code, arena, cod or lackey. Without it, each
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
    /// Hold each deck against a collection (a collection CSV or a card list in any deck
    /// encoding, docs/collection.md): a `not-owned` warning per card short, and the count
    /// missing in the summary. The decks' verdicts and the exit status stay as they are.
    #[arg(long, value_name = "COLLECTION")]
    pub have: Option<PathBuf>,
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
    // A lone deck's header names the one game and the formats loaded; `--fix`, `--code` and
    // `--have` (a collection may hold any game's cards) reach beyond that deck, so they load
    // every game.
    let lone =
        (fix.is_none() && args.code.is_empty() && args.have.is_none() && args.format.is_none())
            .then(|| lone_deck_format(&args.decks, args.from))
            .flatten();
    let catalog = match &lone {
        Some(format) => ctx.catalog_for_deck(format)?,
        None => ctx.catalog_for(args.format.as_deref())?,
    };
    let forced = match &args.format {
        Some(f) => Some(catalog.format_from_arg(f)?),
        None => None,
    };
    let games: Vec<&Game> = catalog.games.values().collect();
    let have = (args.have.as_deref())
        .map(|path| super::have(path, &catalog, &games, ctx.colour))
        .transpose()?;
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
    let progress = Progress::new(
        "{bar:40} {pos}/{len} decks  {per_sec}  {eta} left",
        PROGRESS_MIN_DECKS,
        || search.walk().try_fold(0, |n, f| f.map(|_| n + 1)),
    )?;
    let mut report = BatchReport::new(args.output, ctx.colour, fix.map(|_| fixes.as_slice()));
    let mut skipped = 0;
    let validators = Validators::new(&catalog, forced.as_ref(), date)
        .for_every_format()
        .having(have.as_ref());
    let mut batch = Batch::new(&validators, &search, args.from, args.jobs)?;
    let render = |report: &BatchReport, deck: &_| {
        progress.step();
        report.render(deck)
    };
    while let Some(checked) = batch.next(|deck| render(&report, deck))? {
        for deck in checked {
            let Some((outcome, rendered)) = deck else {
                skipped += 1;
                continue;
            };
            let text = report.push(&outcome, rendered);
            progress.suspend(|| emit(out, &text))?;
        }
    }
    progress.finish();
    for code in &args.code {
        let source = SourceFile::new(code.trim(), code.trim());
        let outcome = check_source(&validators, &source, Some(Encoding::Code))?;
        let rendered = report.render(&outcome);
        let text = report.push(&outcome, rendered);
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
    emit(out, &report.finish(skipped))?;
    Ok(status)
}

/// Below this many decks a run is over before a bar would be worth drawing.
const PROGRESS_MIN_DECKS: u64 = 200;
