//! `decksmith validate DECK...`

use super::{emit, Context, ReportOutput, Status};
use crate::catalog::{parse_toml, Catalog};
use crate::date::Date;
use crate::deck::encoding::{self, Encoding};
use crate::diagnostic::SourceFile;
use crate::error::{plural, read_text, Error};
use crate::format::{self, Format, FormatFile};
use crate::paths;
use crate::report::{self, DeckOutcome};
use crate::validate::{validate, Finding, Verdict};
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// Deck list files, folders (searched recursively for deck files: .deck, .json, .toml,
    /// .csv, .code, .txt, .cod, .xml) and quoted glob patterns (`'decks/**/*.deck'`).
    /// Any deck encoding is read (text, json, toml, csv, code, arena, cod).
    #[arg(required_unless_present = "code", value_name = "PATH")]
    pub decks: Vec<PathBuf>,
    /// A deck code to check (repeatable).
    #[arg(long = "code", value_name = "CODE")]
    pub code: Vec<String>,
    /// Format id or format file to check against, instead of each deck's `format:` header.
    #[arg(long, value_name = "ID|PATH")]
    pub format: Option<String>,
    /// Day whose ban and limited lists apply (YYYY-MM-DD); default today.
    #[arg(long, value_parser = parse_date)]
    pub date: Option<Date>,
    /// Decks validated at once; default one per core.
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<usize>,
    #[arg(long, value_enum, default_value_t)]
    pub output: ReportOutput,
}

fn parse_date(s: &str) -> Result<Date, String> {
    s.parse()
}

pub fn run(ctx: &Context, args: ValidateArgs, out: &mut dyn Write) -> Result<Status, Error> {
    let catalog = ctx.catalog()?;
    let forced = match &args.format {
        Some(f) => Some(resolve_format_arg(&catalog, f)?),
        None => None,
    };
    let date = args.date.unwrap_or_else(Date::today);
    let paths = paths::expand(&args.decks, paths::DECK_EXTENSIONS)?;
    let progress = progress_bar(paths.len());
    let check = |path: &PathBuf| {
        let text = read_text(path)?;
        let source = SourceFile::new(path.display().to_string(), text);
        let outcome = check_deck(&catalog, forced.as_ref(), &source, date);
        progress.inc(1);
        outcome
    };
    // One deck (the everyday case) is checked on this thread: starting a pool would cost
    // more than the check.
    let pool = if paths.len() > 1 {
        Some(thread_pool(args.jobs)?)
    } else {
        None
    };
    let (outcomes, rendered) = with_pool(pool.as_ref(), || -> Result<_, Error> {
        let results: Vec<Result<DeckOutcome, Error>> = match pool {
            Some(_) => paths.par_iter().map(check).collect(),
            None => paths.iter().map(check).collect(),
        };
        progress.finish_and_clear();
        // The first failure in argument order, so the error does not depend on scheduling.
        let mut outcomes = results.into_iter().collect::<Result<Vec<_>, _>>()?;
        for code in &args.code {
            let source = SourceFile::new(code.trim(), code.trim());
            let hint = Some(Encoding::Code);
            outcomes.push(check_deck_as(
                &catalog,
                forced.as_ref(),
                &source,
                date,
                hint,
            )?);
        }
        let rendered = render(&outcomes, args.output, ctx.colour);
        Ok((outcomes, rendered))
    })?;
    emit(out, &rendered)?;
    Ok(if outcomes.iter().all(|o| o.report.legal) {
        Status::Success
    } else {
        Status::Failed
    })
}

fn render(outcomes: &[DeckOutcome], output: ReportOutput, colour: bool) -> String {
    let ci_run = || report::ci::CiRun {
        command: "validate",
        cases: outcomes.iter().map(report::ci::deck_case).collect(),
    };
    match output {
        ReportOutput::Human => report::human::validate(outcomes, colour),
        ReportOutput::Json => report::json::validate(outcomes),
        ReportOutput::Github => {
            let s = report::Summary::of(outcomes);
            let summary = format!(
                "{}: {} legal, {} illegal\n",
                plural(s.decks, "deck"),
                s.legal,
                s.illegal
            );
            report::github::render(&ci_run(), &summary)
        }
        ReportOutput::Junit => report::junit::render(&ci_run()),
        ReportOutput::Sarif => report::sarif::render(&ci_run()),
    }
}

/// Runs `f` inside the pool when there is one.
fn with_pool<T: Send>(pool: Option<&rayon::ThreadPool>, f: impl FnOnce() -> T + Send) -> T {
    match pool {
        Some(pool) => pool.install(f),
        None => f(),
    }
}

/// A pool of `jobs` threads (0 or none: rayon's default, one per core or `RAYON_NUM_THREADS`).
pub(crate) fn thread_pool(jobs: Option<usize>) -> Result<rayon::ThreadPool, Error> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.unwrap_or(0))
        .build()
        .map_err(|e| Error::usage(format!("cannot start {} threads: {e}", jobs.unwrap_or(0))))
}

/// Below this many decks a run is over before a bar would be worth drawing.
const PROGRESS_MIN_DECKS: usize = 200;

/// A progress bar on standard error for long runs on a terminal; hidden otherwise, so CI logs
/// and piped output never hold bar frames.
fn progress_bar(decks: usize) -> ProgressBar {
    let ci = std::env::var_os("CI").is_some_and(|v| !v.is_empty() && v != "false" && v != "0");
    if !progress_wanted(std::io::stderr().is_terminal(), ci, decks) {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(decks as u64), ProgressDrawTarget::stderr());
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} decks  {per_sec}  {eta} left")
    {
        bar.set_style(style);
    }
    bar
}

/// Whether to draw progress: only on a terminal, never under CI, and only for long runs.
pub fn progress_wanted(stderr_is_terminal: bool, ci: bool, decks: usize) -> bool {
    stderr_is_terminal && !ci && decks >= PROGRESS_MIN_DECKS
}

/// Parses and validates one deck list. A deck naming no format (and no `--format`) cannot be
/// checked at all: that is an error listing the formats.
pub fn check_deck(
    catalog: &Catalog,
    forced: Option<&Format>,
    source: &std::sync::Arc<SourceFile>,
    date: Date,
) -> Result<DeckOutcome, Error> {
    check_deck_as(catalog, forced, source, date, None)
}

/// [`check_deck`] for a deck in a known encoding (`None`: tell it from the name and content).
pub fn check_deck_as(
    catalog: &Catalog,
    forced: Option<&Format>,
    source: &std::sync::Arc<SourceFile>,
    date: Date,
    encoding: Option<Encoding>,
) -> Result<DeckOutcome, Error> {
    let deck = encoding::read(source, encoding, catalog)?;
    let name = deck.name.as_ref().map(|n| n.value.clone());
    let outcome = |report| DeckOutcome {
        path: source.name.clone(),
        name: name.clone(),
        source: source.clone(),
        report,
    };
    let format = match (forced, &deck.format) {
        (Some(f), _) => f,
        (None, Some(header)) => match catalog.format(&header.value) {
            Some(f) => f,
            None => {
                let mut finding =
                    Finding::error("parse", format!("unknown format `{}`", header.value))
                        .help(catalog.format_help(&header.value));
                finding.span = header.span.clone();
                finding.line = header.line;
                return Ok(outcome(Verdict::unchecked(finding)));
            }
        },
        (None, None) => {
            let ids: Vec<&str> = catalog.formats.keys().map(String::as_str).collect();
            return Err(Error::usage_with_help(
                format!("`{}` names no format", source.name),
                format!(
                    "add a line `format: <id>` to the deck, or pass `--format <id>`; the formats are: {}",
                    ids.join(", ")
                ),
            ));
        }
    };
    let game = catalog.game(&format.game)?;
    Ok(outcome(validate(&deck, format, game, date)))
}

/// `--format` takes a format id, or the path of a format file (which may extend a known one).
pub(super) fn resolve_format_arg(catalog: &Catalog, arg: &str) -> Result<Format, Error> {
    if let Some(f) = catalog.format(arg) {
        return Ok(f.clone());
    }
    let path = Path::new(arg);
    if path.extension().is_some_and(|e| e == "toml") || path.is_file() {
        let source = SourceFile::new(arg, read_text(path)?);
        let file: FormatFile = parse_toml(&source).map_err(|p| Error::Data(vec![p]))?;
        let id = file.id.get_ref().clone();
        let (formats, problems) = format::resolve(vec![(file, source)], &catalog.formats);
        let mut problems = problems;
        let mut with = catalog.clone();
        with.formats = formats;
        problems.extend(
            crate::card_db::lint::check_formats(&with, &with.formats)
                .into_iter()
                .filter(|p| p.file.as_ref().is_some_and(|f| f.name == arg)),
        );
        if problems.iter().any(|p| p.is_error()) {
            return Err(Error::Data(problems));
        }
        return with
            .formats
            .remove(&id)
            .ok_or_else(|| Error::usage(format!("`{arg}` defines no format")));
    }
    Err(Error::usage_with_help(
        format!("no format `{arg}`"),
        catalog.format_help(arg),
    ))
}

#[cfg(test)]
mod tests {
    use super::progress_wanted;

    #[test]
    fn progress_only_on_a_terminal_outside_ci_for_long_runs() {
        assert!(progress_wanted(true, false, 10_000));
        assert!(!progress_wanted(false, false, 10_000), "piped");
        assert!(!progress_wanted(true, true, 10_000), "CI");
        assert!(!progress_wanted(true, false, 3), "short run");
    }
}
