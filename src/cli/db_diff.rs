//! `decksmith db diff OLD NEW [--decks PATH...] [--matches PATH...]`

use super::{emit, Context};
use crate::catalog::Catalog;
use crate::check::{check_deck, Pool};
use crate::date::Date;
use crate::db_diff::{diff, load_side};
use crate::diagnostic::SourceFile;
use crate::engine::{script, transcript};
use crate::error::{read_text, Error};
use crate::git::Spec;
use crate::paths;
use crate::report::diff::{DeckImpact, DiffOutcome, ScriptImpact};
use crate::report::{render, Outcome, ReportOutput, Status};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct DiffArgs {
    /// The card data before: a card file, a card database folder, a data folder (holding
    /// card-db/ and formats/), or `git:REV:PATH` read from the git repository (`git cat-file`).
    #[arg(value_name = "OLD")]
    pub old: String,
    /// The card data after, in the same forms.
    #[arg(value_name = "NEW")]
    pub new: String,
    /// Deck files, folders or glob patterns to validate against both sides.
    #[arg(long, value_name = "PATH", num_args = 1..)]
    pub decks: Vec<PathBuf>,
    /// Match scripts, or folders to search for `*.match.toml`, to play against both sides;
    /// the scripts whose transcripts change are listed.
    #[arg(long, value_name = "PATH", num_args = 1..)]
    pub matches: Vec<PathBuf>,
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
    let old_spec = Spec::parse(&args.old)?;
    let new_spec = Spec::parse(&args.new)?;
    let old = load_side(&old_spec, &base)?;
    let new = load_side(&new_spec, &base)?;
    let catalog = diff(&old, &new);
    let date = args.date.unwrap_or_else(Date::today);
    let decks = if args.decks.is_empty() {
        Vec::new()
    } else {
        let files = paths::expand(&args.decks, paths::DECK_EXTENSIONS)?;
        Pool::new(args.jobs, files.len())?.map(&files, |path| {
            let source = SourceFile::new(path.display().to_string(), read_text(path)?);
            let before = check_deck(&old, None, &source, date)?;
            let after = check_deck(&new, None, &source, date)?;
            Ok(DeckImpact::new(before, after))
        })?
    };
    let scripts = scripts(&args.matches, &old, &new)?;
    let outcome = DiffOutcome {
        old: old_spec.to_string(),
        new: new_spec.to_string(),
        catalog,
        decks,
        scripts,
    };
    emit(out, &render(&outcome, args.output, ctx.colour))?;
    Ok(outcome.status())
}

/// Plays every script found under `paths` against both sides.
fn scripts(paths: &[PathBuf], old: &Catalog, new: &Catalog) -> Result<Vec<ScriptImpact>, Error> {
    let found = if paths.is_empty() {
        Vec::new()
    } else {
        script::find(paths)?
    };
    found
        .iter()
        .map(|path| {
            Ok(ScriptImpact {
                path: path.display().to_string(),
                golden: transcript::golden_path(path).display().to_string(),
                before: transcript::of_script(old, path)?,
                after: transcript::of_script(new, path)?,
            })
        })
        .collect()
}
