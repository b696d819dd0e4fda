//! `decksmith new --format F [--name N] [-o FILE]`

use super::{emit, Context};
use crate::edit::skeleton::skeleton;
use crate::error::{write_atomic, Error};
use crate::report::Status;
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

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
    let format = catalog.format(&args.format).ok_or_else(|| {
        Error::usage_with_help(
            format!("no format `{}`", args.format),
            catalog.format_help(&args.format),
        )
    })?;
    if let Some(name) = &args.name {
        if name.trim().is_empty() || name.chars().any(char::is_control) {
            return Err(Error::usage("a deck name is one line of text"));
        }
    }
    let game = catalog.game(&format.game)?;
    let text = skeleton(format, game, args.name.as_deref().map(str::trim));
    match &args.out {
        Some(path) => {
            let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("deck");
            if !matches!(ext, "deck" | "txt") {
                return Err(Error::usage_with_help(
                    format!("`new` writes a text deck list, not `.{ext}`"),
                    "name the file NAME.deck; `decksmith convert` turns it into other encodings",
                ));
            }
            write_atomic(path, &text, args.force)?;
            Ok(Status::Success)
        }
        None => {
            emit(out, &text)?;
            Ok(Status::Success)
        }
    }
}
