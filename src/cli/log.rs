//! `decksmith log DECK`

use super::{emit, Context, Output};
use crate::check::Validators;
use crate::date::Date;
use crate::deck_diff::log::log;
use crate::error::Error;
use crate::report::deck_diff::{log_human, log_json};
use crate::report::Status;
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct LogArgs {
    /// A deck file git tracks, in any encoding; its history is followed across renames.
    #[arg(value_name = "DECK")]
    pub deck: PathBuf,
    /// Format id or format file to check every revision against, instead of its header.
    #[arg(long, value_name = "ID|PATH", value_parser = super::offer::format(), hide_possible_values = true)]
    pub format: Option<String>,
    /// Day whose ban and limited lists apply to every revision (YYYY-MM-DD); default today.
    #[arg(long, value_parser = |s: &str| s.parse::<Date>())]
    pub date: Option<Date>,
    #[arg(long, value_enum, default_value_t)]
    pub output: Output,
}

pub fn run(ctx: &Context, args: LogArgs, out: &mut dyn Write) -> Result<Status, Error> {
    // Revisions may name different formats, of different games: everything is loaded.
    let catalog = ctx.catalog_for(args.format.as_deref())?;
    let forced = match &args.format {
        Some(f) => Some(catalog.format_from_arg(f)?),
        None => None,
    };
    let date = args.date.unwrap_or_else(Date::today);
    let validators = Validators::new(&catalog, forced.as_ref(), date).for_every_format();
    let revisions = log(&catalog, &validators, &args.deck)?;
    emit(
        out,
        &match args.output {
            Output::Human => log_human(&revisions),
            Output::Json => log_json(&revisions),
        },
    )?;
    Ok(Status::Success)
}
