//! `decksmith db diff OLD NEW [--decks PATH...]`

use super::validate::{check_deck, thread_pool};
use super::{emit, Context, ReportOutput, Status};
use crate::card_db::diff::{diff, load_side, DataSpec};
use crate::date::Date;
use crate::diagnostic::SourceFile;
use crate::error::{read_text, Error};
use crate::paths;
use crate::report::diff::{ci_run, DeckImpact, DiffOutcome};
use crate::report::{self, DeckOutcome};
use clap::Args;
use rayon::prelude::*;
use std::io::Write;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct DiffArgs {
    /// The card data before: a card file, a card database folder, a data folder (holding
    /// card-db/ and formats/), or `git:REV:PATH` read through `git show`.
    #[arg(value_name = "OLD")]
    pub old: String,
    /// The card data after, in the same forms.
    #[arg(value_name = "NEW")]
    pub new: String,
    /// Deck files, folders or glob patterns to validate against both sides.
    #[arg(long, value_name = "PATH", num_args = 1..)]
    pub decks: Vec<PathBuf>,
    /// Day whose ban and limited lists apply (YYYY-MM-DD); default today.
    #[arg(long, value_parser = |s: &str| s.parse::<Date>())]
    pub date: Option<Date>,
    /// Decks validated at once; default one per core.
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<usize>,
    #[arg(long, value_enum, default_value_t)]
    pub output: ReportOutput,
}

pub fn run(ctx: &Context, args: DiffArgs, out: &mut dyn Write) -> Result<Status, Error> {
    let base = ctx.catalog()?;
    let old_spec = DataSpec::parse(&args.old)?;
    let new_spec = DataSpec::parse(&args.new)?;
    let old = load_side(&old_spec, &base)?;
    let new = load_side(&new_spec, &base)?;
    let catalog = diff(&old, &new);
    let date = args.date.unwrap_or_else(Date::today);
    let decks = if args.decks.is_empty() {
        Vec::new()
    } else {
        let files = paths::expand(&args.decks, paths::DECK_EXTENSIONS)?;
        let pool = thread_pool(args.jobs)?;
        let results: Vec<Result<DeckImpact, Error>> = pool.install(|| {
            files
                .par_iter()
                .map(|path| {
                    let source = SourceFile::new(path.display().to_string(), read_text(path)?);
                    let before: DeckOutcome = check_deck(&old, None, &source, date)?;
                    let after = check_deck(&new, None, &source, date)?;
                    Ok(DeckImpact::new(before, after))
                })
                .collect()
        });
        results.into_iter().collect::<Result<Vec<_>, _>>()?
    };
    let outcome = DiffOutcome {
        old: old_spec.to_string(),
        new: new_spec.to_string(),
        catalog,
        decks,
    };
    let rendered = match args.output {
        ReportOutput::Human => report::diff::human(&outcome, ctx.colour),
        ReportOutput::Json => report::diff::json(&outcome),
        ReportOutput::Github => report::github::render(&ci_run(&outcome), &outcome.summary()),
        ReportOutput::Junit => report::junit::render(&ci_run(&outcome)),
        ReportOutput::Sarif => report::sarif::render(&ci_run(&outcome)),
    };
    emit(out, &rendered)?;
    Ok(if outcome.verdicts_changed() > 0 {
        Status::Failed
    } else {
        Status::Success
    })
}
