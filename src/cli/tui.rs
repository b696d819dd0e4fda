//! `decksmith edit DECK [--format F]`: the interactive builder (`crate::tui`).

use super::Context;
use crate::check::lone_deck_format;
use crate::date::Date;
use crate::error::Error;
use crate::report::Status;
use crate::tui::{self, App};
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct TuiArgs {
    /// The deck list file to edit (text, json, toml, csv or code). One that does not exist is
    /// started for --format and written on the first save.
    #[arg(value_name = "DECK")]
    pub deck: PathBuf,
    /// The format of a new deck (needed when DECK does not exist).
    #[arg(long, value_name = "ID", value_parser = super::offer::format(), hide_possible_values = true)]
    pub format: Option<String>,
    /// Day whose ban and limited lists apply to the verdict and to `legal:` (YYYY-MM-DD);
    /// default today.
    #[arg(long, value_parser = |s: &str| s.parse::<Date>())]
    pub date: Option<Date>,
}

pub fn run(ctx: &Context, args: TuiArgs) -> Result<Status, Error> {
    tui::term::require_terminal()?;
    let date = args.date.unwrap_or_else(Date::today);
    let path = &args.deck;
    if path.exists() {
        let format = lone_deck_format(std::slice::from_ref(path), None);
        if let (Some(asked), Some(named)) = (&args.format, &format) {
            if asked != named {
                return Err(Error::usage_with_help(
                    format!("`{}` is a {named} deck, not {asked}", path.display()),
                    "--format is for a new deck; change an existing deck's `format:` line in the file",
                ));
            }
        }
        let catalog = ctx.catalog_for(format.as_deref())?;
        let mut app = App::open(&catalog, path, date)?;
        tui::term::run(&mut app, ctx.colour)?;
    } else {
        let Some(format) = &args.format else {
            return Err(Error::usage_with_help(
                format!("`{}` does not exist", path.display()),
                "to start a new deck there, say its format: `decksmith edit DECK --format ID` (`decksmith formats` lists them)",
            ));
        };
        super::new::text_deck_path(path, "edit")?;
        let catalog = ctx.catalog_for(Some(format))?;
        let text = super::new::new_deck(&catalog, format, None)?;
        let mut app = App::create(&catalog, path, text, date)?;
        tui::term::run(&mut app, ctx.colour)?;
    }
    Ok(Status::Success)
}
