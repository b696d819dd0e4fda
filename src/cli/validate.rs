//! `decksmith validate DECK...`

use super::{emit, Context};
use crate::check::{check_deck, check_deck_as, Pool};
use crate::date::Date;
use crate::deck::encoding::Encoding;
use crate::diagnostic::SourceFile;
use crate::error::{read_text, Error};
use crate::paths;
use crate::report::{render, Outcome, ReportOutput, Status, Validated};
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

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
        Some(f) => Some(catalog.format_from_arg(f)?),
        None => None,
    };
    let date = args.date.unwrap_or_else(Date::today);
    let paths = paths::expand(&args.decks, paths::DECK_EXTENSIONS)?;
    let progress = progress_bar(paths.len());
    let pool = Pool::new(args.jobs, paths.len())?;
    let mut outcomes = pool.map(&paths, |path| {
        let source = SourceFile::new(path.display().to_string(), read_text(path)?);
        let outcome = check_deck(&catalog, forced.as_ref(), &source, date);
        progress.inc(1);
        outcome
    })?;
    progress.finish_and_clear();
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
    let outcome = Validated(outcomes);
    // Rendering is parallel too, on the threads asked for.
    emit(
        out,
        &pool.install(|| render(&outcome, args.output, ctx.colour)),
    )?;
    Ok(outcome.status())
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
