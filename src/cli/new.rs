//! `decksmith new --format F [--name N] [-o FILE]`

use super::{emit, Context};
use crate::catalog::Catalog;
use crate::edit::skeleton::skeleton;
use crate::error::{write_atomic, Error};
use crate::report::Status;
use clap::Args;
use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(Debug, Args)]
pub struct NewArgs {
    /// The format the deck is built for.
    #[arg(long, value_name = "ID")]
    pub format: String,
    /// The deck's name.
    #[arg(long)]
    pub name: Option<String>,
    /// Write the deck list to this file instead of standard output. The file appears whole
    /// or not at all, and an existing file is only replaced with --force.
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Replace FILE if it exists.
    #[arg(long, requires = "out")]
    pub force: bool,
}

pub fn run(ctx: &Context, args: NewArgs, out: &mut dyn Write) -> Result<Status, Error> {
    let catalog = ctx.catalog()?;
    if let Some(name) = &args.name {
        if name.trim().is_empty() || name.chars().any(char::is_control) {
            return Err(Error::usage("a deck name is one line of text"));
        }
    }
    let text = new_deck(&catalog, &args.format, args.name.as_deref().map(str::trim))?;
    match &args.out {
        Some(path) => {
            text_deck_path(path, "new")?;
            write_atomic(path, &text, args.force)?;
            Ok(Status::Success)
        }
        None => {
            emit(out, &text)?;
            Ok(Status::Success)
        }
    }
}

/// The text of a new deck of `format` (`new`, and `edit` on a file that does not exist yet).
pub(super) fn new_deck(
    catalog: &Catalog,
    format: &str,
    name: Option<&str>,
) -> Result<String, Error> {
    let format = catalog.format(format).ok_or_else(|| {
        Error::usage_with_help(format!("no format `{format}`"), catalog.format_help(format))
    })?;
    let game = catalog.game(&format.game)?;
    Ok(skeleton(format, game, name))
}

/// A new deck is a text list: its file must be named so (`command` is who writes it).
pub(super) fn text_deck_path(path: &Path, command: &str) -> Result<(), Error> {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("deck");
    if matches!(ext, "deck" | "txt") {
        return Ok(());
    }
    Err(Error::usage_with_help(
        format!("`{command}` writes a text deck list, not `.{ext}`"),
        "name the file NAME.deck; `decksmith convert` turns it into other encodings",
    ))
}
