//! `decksmith need DECK... --have COLLECTION [--allocate max|sum] [--to ENC] [-o OUT]`

use super::{emit, Context, Output};
use crate::collection::need::{self, Allocate};
use crate::collection::Collection;
use crate::diagnostic::{render, Problem};
use crate::encoding::{self, Encoding};
use crate::error::{refuse_existing, write_atomic, Error};
use crate::report::Status;
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

/// What decks lack of a collection, per deck and in total, written as a buy list in any deck
/// encoding (docs/collection.md).
///
/// Exit status: 0 whenever the buy list could be made, cards missing or not (`--output json`
/// has the counts); 2 when a deck or the collection cannot be read, the decks are of two games,
/// or OUT exists without --force.
#[derive(Debug, Args)]
pub struct NeedArgs {
    /// Deck list files of one game, in any encoding.
    #[arg(value_name = "DECK", required = true)]
    pub decks: Vec<PathBuf>,
    /// The cards owned: a collection CSV (`count,name[,set,number]` in any order, or a
    /// Moxfield or Deckbox export) or a card list in any deck encoding, all zones summed;
    /// `-` for standard input.
    #[arg(long, value_name = "COLLECTION")]
    pub have: PathBuf,
    /// How several decks share the collection in the total.
    #[arg(long, value_enum, default_value_t)]
    pub allocate: Allocate,
    /// Encoding of the buy list: text, json, toml, csv, code, arena, cod or lackey; default
    /// text, or what the extension of OUT says.
    #[arg(long, value_name = "ENC", value_parser = super::offer::encoding())]
    pub to: Option<Encoding>,
    /// Write the buy list to this file instead of standard output. The file appears whole or
    /// not at all, and an existing file is only replaced with --force.
    #[arg(short = 'o', long = "out", value_name = "OUT")]
    pub out: Option<PathBuf>,
    /// Replace OUT if it exists.
    #[arg(long, requires = "out")]
    pub force: bool,
    /// Format id for decks that name none, or to replace the ones they name.
    #[arg(long, value_name = "ID", value_parser = super::offer::format(), hide_possible_values = true)]
    pub format: Option<String>,
    /// `human`: the buy list on standard output (or OUT), what each deck lacks on standard
    /// error; `json`: one document on standard output.
    #[arg(long, value_enum, default_value_t)]
    pub output: Output,
}

pub fn run(ctx: &Context, args: NeedArgs, out: &mut dyn Write) -> Result<Status, Error> {
    let to = match (args.to, &args.out) {
        (Some(to), _) => to,
        (None, Some(path)) => (path.extension().and_then(|e| e.to_str()))
            .and_then(Encoding::from_extension)
            .unwrap_or(Encoding::Text),
        (None, None) => Encoding::Text,
    };
    refuse_existing(args.out.as_deref(), args.force)?;
    let catalog = ctx.catalog_for(args.format.as_deref())?;
    let have = Collection::read(&args.have, &catalog)?;
    let need = need::need(
        &catalog,
        &args.decks,
        args.format.as_deref(),
        &have,
        args.allocate,
    )?;
    let buy_list = need.buy_list();
    let list = encoding::write(&buy_list, to, need.game).map_err(|problems| {
        Error::usage(format!(
            "cannot write the buy list as {to}: {}",
            problems.first().map_or("", |p| p.message.as_str())
        ))
    })?;
    // What the encoding cannot hold of the buy list (its printings, in text) is said, as
    // `convert` says it.
    let dropped = encoding::dropped(&buy_list, to);
    let lost: Vec<Problem> = (!dropped.is_empty())
        .then(|| {
            let message = format!(
                "{to} cannot hold {}, so the buy list leaves them out",
                dropped.join(", ")
            );
            Problem::warning("need", message)
                .help("pass --to arena, json, toml or csv to keep them")
        })
        .into_iter()
        .collect();
    match args.output {
        Output::Human => {
            let mut warnings = need.warnings.clone();
            warnings.extend(lost);
            match &args.out {
                Some(path) => write_atomic(path, &list, args.force)?,
                None => {
                    emit(out, &list)?;
                    // Shown after the list, so that a terminal shows them in one order.
                    out.flush().map_err(|source| Error::Write {
                        path: PathBuf::from("<stdout>"),
                        source,
                    })?;
                }
            }
            let report = crate::report::need::human(&need);
            super::warn(&(render(&warnings, ctx.colour) + &report))?;
        }
        Output::Json => {
            if let Some(path) = &args.out {
                super::warn(&render(&lost, ctx.colour))?;
                write_atomic(path, &list, args.force)?;
            }
            emit(out, &crate::report::need::json(&need))?;
        }
    }
    Ok(Status::Success)
}
