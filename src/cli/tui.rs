//! `decksmith edit DECK [--format F] [--have COLLECTION]`: the interactive builder.

use super::Context;
use crate::card_db::Game;
use crate::catalog::Catalog;
use crate::check::lone_deck_format;
use crate::collection::Have;
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
    /// A collection (a collection CSV or a card list in any deck encoding,
    /// docs/collection.md): the search's term `owned` (`owned>=1`) and the owned count in
    /// the highlighted card's record.
    #[arg(long, value_name = "COLLECTION")]
    pub have: Option<PathBuf>,
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
        let have = read_have(ctx, &args, &catalog)?;
        let mut app = App::open(&catalog, path, date, have.as_ref())?;
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
        let have = read_have(ctx, &args, &catalog)?;
        let mut app = App::create(&catalog, path, text, date, have.as_ref())?;
        tui::term::run(&mut app, ctx.colour)?;
    }
    Ok(Status::Success)
}

/// The `--have` collection, counted for the games the catalog holds (the deck's game is known
/// only once the editor reads it); what it skips is told before the editor takes the screen.
fn read_have(ctx: &Context, args: &TuiArgs, catalog: &Catalog) -> Result<Option<Have>, Error> {
    let games: Vec<&Game> = catalog.games.values().collect();
    (args.have.as_deref())
        .map(|path| super::have(path, catalog, &games, ctx.colour))
        .transpose()
}
