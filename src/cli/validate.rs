//! `decksmith validate DECK...`

use super::{emit, Context, Output, Status};
use crate::catalog::{parse_toml, Catalog};
use crate::date::Date;
use crate::deck::encoding::text;
use crate::diagnostic::SourceFile;
use crate::error::{read_text, Error};
use crate::format::{self, Format, FormatFile};
use crate::report::{self, DeckOutcome};
use crate::validate::{validate, Finding, Report};
use clap::Args;
use std::path::{Path, PathBuf};

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// Deck list files.
    #[arg(required = true, value_name = "DECK")]
    pub decks: Vec<PathBuf>,
    /// Format id or format file to check against, instead of each deck's `format:` header.
    #[arg(long, value_name = "ID|PATH")]
    pub format: Option<String>,
    /// Day whose ban and limited lists apply (YYYY-MM-DD); default today.
    #[arg(long, value_parser = parse_date)]
    pub date: Option<Date>,
    #[arg(long, value_enum, default_value_t)]
    pub output: Output,
}

fn parse_date(s: &str) -> Result<Date, String> {
    s.parse()
}

pub fn run(ctx: &Context, args: ValidateArgs, out: &mut dyn Write) -> Result<Status, Error> {
    let catalog = ctx.catalog()?;
    let forced = match &args.format {
        Some(f) => Some(resolve_format_arg(&catalog, f)?),
        None => None,
    };
    let date = args.date.unwrap_or_else(Date::today);
    let mut outcomes = Vec::with_capacity(args.decks.len());
    for path in &args.decks {
        let text = read_text(path)?;
        let source = SourceFile::new(path.display().to_string(), text);
        outcomes.push(check_deck(&catalog, forced.as_ref(), &source, date)?);
    }
    let rendered = match args.output {
        Output::Human => report::human::validate(&outcomes, ctx.colour),
        Output::Json => report::json::validate(&outcomes),
    };
    emit(out, &rendered)?;
    Ok(if outcomes.iter().all(|o| o.report.legal) {
        Status::Success
    } else {
        Status::Failed
    })
}

use std::io::Write;

/// Parses and validates one deck list. A deck naming no format (and no `--format`) cannot be
/// checked at all: that is an error listing the formats.
pub fn check_deck(
    catalog: &Catalog,
    forced: Option<&Format>,
    source: &std::sync::Arc<SourceFile>,
    date: Date,
) -> Result<DeckOutcome, Error> {
    let deck = text::parse(&source.text);
    let name = deck.name.as_ref().map(|n| n.value.clone());
    let outcome = |report| DeckOutcome {
        path: source.name.clone(),
        name: name.clone(),
        source: source.clone(),
        report,
    };
    let format = match (forced, &deck.format) {
        (Some(f), _) => f,
        (None, Some(header)) => match catalog.format(&header.value) {
            Some(f) => f,
            None => {
                let mut finding =
                    Finding::error("parse", format!("unknown format `{}`", header.value))
                        .help(catalog.format_help(&header.value));
                finding.span = header.span.clone();
                finding.line = header.line;
                return Ok(outcome(Report::unchecked(finding)));
            }
        },
        (None, None) => {
            let ids: Vec<&str> = catalog.formats.keys().map(String::as_str).collect();
            return Err(Error::usage_with_help(
                format!("`{}` names no format", source.name),
                format!(
                    "add a line `format: <id>` to the deck, or pass `--format <id>`; the formats are: {}",
                    ids.join(", ")
                ),
            ));
        }
    };
    let game = catalog.game(&format.game)?;
    Ok(outcome(validate(&deck, format, game, date)))
}

/// `--format` takes a format id, or the path of a format file (which may extend a known one).
fn resolve_format_arg(catalog: &Catalog, arg: &str) -> Result<Format, Error> {
    if let Some(f) = catalog.format(arg) {
        return Ok(f.clone());
    }
    let path = Path::new(arg);
    if path.extension().is_some_and(|e| e == "toml") || path.is_file() {
        let source = SourceFile::new(arg, read_text(path)?);
        let file: FormatFile = parse_toml(&source).map_err(|p| Error::Data(vec![p]))?;
        let id = file.id.get_ref().clone();
        let (formats, problems) = format::resolve(vec![(file, source)], &catalog.formats);
        let mut problems = problems;
        let mut with = catalog.clone();
        with.formats = formats;
        problems.extend(
            crate::card_db::lint::check_formats(&with, &with.formats)
                .into_iter()
                .filter(|p| p.file.as_ref().is_some_and(|f| f.name == arg)),
        );
        if problems.iter().any(|p| p.is_error()) {
            return Err(Error::Data(problems));
        }
        return with
            .formats
            .remove(&id)
            .ok_or_else(|| Error::usage(format!("`{arg}` defines no format")));
    }
    Err(Error::usage_with_help(
        format!("no format `{arg}`"),
        catalog.format_help(arg),
    ))
}
