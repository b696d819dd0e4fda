//! `decksmith diff A B`

use super::{emit, Context};
use crate::check::{header_format, read_and_check_source, Validators};
use crate::date::Date;
use crate::deck_diff::diff;
use crate::diagnostic::SourceFile;
use crate::error::{read_text, Error};
use crate::git::{self, Spec};
use crate::report::{render, Outcome, ReportOutput, Status};
use clap::Args;
use std::io::Write;
use std::sync::Arc;

#[derive(Debug, Args)]
pub struct DiffArgs {
    /// The deck before: a deck list in any encoding, or `git:REV:PATH` (the file as of a
    /// git revision; PATH relative to the current folder).
    #[arg(value_name = "A")]
    pub old: String,
    /// The deck after, in the same forms.
    #[arg(value_name = "B")]
    pub new: String,
    /// Format id or format file to check both decks against, instead of their headers.
    #[arg(long, value_name = "ID|PATH", value_parser = super::offer::format(), hide_possible_values = true)]
    pub format: Option<String>,
    /// Day whose ban and limited lists apply (YYYY-MM-DD); default today.
    #[arg(long, value_parser = |s: &str| s.parse::<Date>())]
    pub date: Option<Date>,
    #[arg(long, value_enum, default_value_t)]
    pub output: ReportOutput,
}

/// A side's text, named as it was given.
fn source(spec: &Spec) -> Result<Arc<SourceFile>, Error> {
    Ok(match spec {
        Spec::Path(path) => SourceFile::new(path.display().to_string(), read_text(path)?),
        Spec::Git { rev, path } => {
            let text = git::show(rev, &path.to_string_lossy())?;
            SourceFile::new(spec.to_string(), text)
        }
    })
}

pub fn run(ctx: &Context, args: DiffArgs, out: &mut dyn Write) -> Result<Status, Error> {
    let old = source(&Spec::parse(&args.old)?)?;
    let new = source(&Spec::parse(&args.new)?)?;
    // Two text lists with one `format:` header need that format's game alone, as a lone
    // deck does in `validate`.
    let header = |s: &SourceFile| header_format(Some(&s.name), &s.text, None);
    let catalog = match (&args.format, header(&old), header(&new)) {
        (None, Some(a), Some(b)) if a == b => ctx.catalog_for_deck(&a)?,
        _ => ctx.catalog_for(args.format.as_deref())?,
    };
    let forced = match &args.format {
        Some(f) => Some(catalog.format_from_arg(f)?),
        None => None,
    };
    let validators = Validators::new(
        &catalog,
        forced.as_ref(),
        args.date.unwrap_or_else(Date::today),
    );
    let outcome = diff(
        &catalog,
        read_and_check_source(&validators, &old)?,
        read_and_check_source(&validators, &new)?,
    )?;
    emit(out, &render(&outcome, args.output, ctx.colour))?;
    Ok(outcome.status())
}
