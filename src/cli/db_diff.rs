//! `decksmith db diff OLD NEW [--decks PATH...] [--matches PATH...]`

use super::match_cmd::{play_script, Played};
use super::validate::{check_deck, thread_pool};
use super::{emit, Context, ReportOutput, Status};
use crate::card_db::diff::{diff, load_side, DataSpec};
use crate::catalog::Catalog;
use crate::date::Date;
use crate::diagnostic::SourceFile;
use crate::engine::script;
use crate::error::{read_text, Error};
use crate::paths;
use crate::report::diff::{ci_run, DeckImpact, DiffOutcome, ScriptImpact};
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
    let scripts = scripts(&args.matches, &old, &new)?;
    let outcome = DiffOutcome {
        old: old_spec.to_string(),
        new: new_spec.to_string(),
        catalog,
        decks,
        scripts,
    };
    let rendered = match args.output {
        ReportOutput::Human => report::diff::human(&outcome, ctx.colour),
        ReportOutput::Json => report::diff::json(&outcome),
        ReportOutput::Github => report::github::render(&ci_run(&outcome), &outcome.summary()),
        ReportOutput::Junit => report::junit::render(&ci_run(&outcome)),
        ReportOutput::Sarif => report::sarif::render(&ci_run(&outcome)),
    };
    emit(out, &rendered)?;
    Ok(
        if outcome.verdicts_changed() > 0 || outcome.transcripts_changed() > 0 {
            Status::Failed
        } else {
            Status::Success
        },
    )
}

/// Plays every script found under `paths` against both sides.
fn scripts(paths: &[PathBuf], old: &Catalog, new: &Catalog) -> Result<Vec<ScriptImpact>, Error> {
    let mut found = Vec::new();
    for path in paths {
        script::find_scripts(path, &mut found).map_err(|source| Error::Read {
            path: path.clone(),
            source,
        })?;
    }
    if !paths.is_empty() && found.is_empty() {
        return Err(Error::usage_with_help(
            "no match scripts found",
            format!("scripts are files named *{}", script::SCRIPT_SUFFIX),
        ));
    }
    let side =
        |catalog: &Catalog, path: &std::path::Path| -> Result<Result<String, String>, Error> {
            Ok(match play_script(catalog, path)? {
                Played::Transcript(t) => Ok(t),
                Played::NotPlayed(why) => Err(why),
            })
        };
    found
        .iter()
        .map(|path| {
            Ok(ScriptImpact {
                path: path.display().to_string(),
                golden: script::transcript_path(path).display().to_string(),
                before: side(old, path)?,
                after: side(new, path)?,
            })
        })
        .collect()
}
