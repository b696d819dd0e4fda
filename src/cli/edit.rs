//! `decksmith add DECK [COUNT] CARD` and `decksmith remove DECK [COUNT] CARD`

use super::{emit, Context, Output};
use crate::date::Date;
use crate::edit::{Action, DeckFile, Request};
use crate::error::Error;
use crate::report::{render, ReportOutput, Status};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct EditArgs {
    /// The deck list file to edit (text, json, toml, csv or code).
    #[arg(value_name = "DECK")]
    pub deck: PathBuf,
    /// How many copies (default 1), then the card's name or id; the name's words need no
    /// quotes.
    #[arg(value_name = "[COUNT] CARD", required = true, num_args = 1..)]
    pub words: Vec<String>,
    /// The zone (`main`, `side`, `maybe`, a header like `Magic Stones`). Without it, `add`
    /// uses the first zone that holds the card's type and `remove` the zone holding the card.
    #[arg(long, value_name = "ZONE")]
    pub zone: Option<String>,
    /// Print the change to the file as a diff instead of writing it.
    #[arg(long)]
    pub dry_run: bool,
    /// Day whose ban and limited lists apply to the verdict (YYYY-MM-DD); default today.
    #[arg(long, value_parser = |s: &str| s.parse::<Date>())]
    pub date: Option<Date>,
    #[arg(long, value_enum, default_value_t)]
    pub output: Output,
}

pub fn run(
    ctx: &Context,
    action: Action,
    args: EditArgs,
    out: &mut dyn Write,
) -> Result<Status, Error> {
    let catalog = ctx.catalog()?;
    let file = DeckFile::open(&args.deck, &catalog)?;
    let request = request(action, args.words, args.zone)?;
    let edited = file.apply(&request)?;
    let mut outcome = file.outcome(&catalog, edited, args.date.unwrap_or_else(Date::today))?;
    if !args.dry_run {
        outcome.write(&file)?;
    }
    let output = match args.output {
        Output::Human => ReportOutput::Human,
        Output::Json => ReportOutput::Json,
    };
    emit(out, &render(&outcome, output, ctx.colour))?;
    Ok(Status::Success)
}

/// `[COUNT] CARD…`: a leading number is the count when a name follows it.
fn request(action: Action, words: Vec<String>, zone: Option<String>) -> Result<Request, Error> {
    let (count, name) = match words.split_first() {
        Some((first, rest)) if !rest.is_empty() && first.bytes().all(|b| b.is_ascii_digit()) => {
            let count = first
                .parse::<u32>()
                .map_err(|_| Error::usage(format!("count {first} is too large")))?;
            (count, rest.join(" "))
        }
        _ => (1, words.join(" ")),
    };
    Ok(Request {
        action,
        count,
        card: name,
        zone,
    })
}
