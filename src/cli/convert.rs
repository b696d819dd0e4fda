//! `decksmith convert IN [--from ENC] --to ENC [-o OUT] [--force]`

use super::{emit, Context, Status};
use crate::deck::{Deck, ParseProblem};
use crate::diagnostic::{render, Problem, SourceFile};
use crate::encoding::{self, code, Encoding};
use crate::error::{plural, read_stdin, read_text, refuse_existing, write_atomic, Error};
use clap::Args;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The deck: a deck list file, `-` for standard input, or a deck code.
    #[arg(value_name = "IN")]
    pub input: String,
    /// Encoding of IN: text, json, toml, csv, code, arena, cod or lackey. Without it, the file
    /// extension and the content decide.
    #[arg(long, value_name = "ENC", value_parser = super::offer::encoding())]
    pub from: Option<Encoding>,
    /// Encoding to write: text, json, toml, csv, code, arena, cod or lackey. Without it, the
    /// extension of OUT decides.
    #[arg(long, value_name = "ENC", value_parser = super::offer::encoding())]
    pub to: Option<Encoding>,
    /// Write to this file instead of standard output. The file appears whole or not at all,
    /// and an existing file is only replaced with --force.
    #[arg(short = 'o', long = "out", value_name = "OUT")]
    pub out: Option<PathBuf>,
    /// Replace OUT if it exists.
    #[arg(long, requires = "out")]
    pub force: bool,
    /// Format id for a deck that names none, or to replace the one it names.
    #[arg(long, value_name = "ID", value_parser = super::offer::format(), hide_possible_values = true)]
    pub format: Option<String>,
}

/// `pass --to text|json|…`, every encoding named.
fn to_help() -> String {
    let names: Vec<&str> = Encoding::ALL.iter().map(|e| e.name()).collect();
    format!("pass --to {}", names.join("|"))
}

pub fn run(ctx: &Context, args: ConvertArgs, out: &mut dyn Write) -> Result<Status, Error> {
    let to = match (args.to, &args.out) {
        (Some(to), _) => to,
        (None, Some(path)) => path
            .extension()
            .and_then(|e| e.to_str())
            .and_then(Encoding::from_extension)
            .ok_or_else(|| {
                Error::usage_with_help(
                    format!(
                        "cannot tell the encoding to write from `{}`",
                        path.display()
                    ),
                    to_help(),
                )
            })?,
        (None, None) => {
            return Err(Error::usage_with_help(
                "say which encoding to write",
                to_help(),
            ))
        }
    };
    refuse_existing(args.out.as_deref(), args.force)?;
    let catalog = ctx.catalog()?;
    let (source, hint) = input(&args.input, args.from)?;
    let from = encoding::resolve(&source, hint, &catalog)?;
    // A code to a code: ids in, ids out, no deck of names in between (what is left to the
    // general path below is what it reports or rewrites).
    let recoded = (from == Encoding::Code && to == Encoding::Code)
        .then(|| code::recode(&source.text, args.format.as_deref(), &catalog))
        .flatten();
    if let Some(written) = recoded {
        return finish(&args, out, &written);
    }
    let deck = encoding::read_as(&source, from, &catalog)?;
    let refuse = |problems: Vec<ParseProblem>, what: &str| Error::Deck {
        message: format!(
            "cannot convert `{}`: {} {what}",
            source.name,
            plural(problems.len(), "problem")
        ),
        problems: problems
            .iter()
            .map(|p| encoding::to_problem(&source, "convert", p))
            .collect(),
    };
    let format = match (&args.format, &deck.format) {
        (Some(id), _) => catalog.format(id).ok_or_else(|| {
            Error::usage_with_help(format!("no format `{id}`"), catalog.format_help(id))
        })?,
        (None, Some(header)) => match catalog.format(&header.value) {
            Some(f) => f,
            None => {
                return Err(refuse(
                    vec![ParseProblem {
                        message: format!("unknown format `{}`", header.value),
                        help: Some(catalog.format_help(&header.value)),
                        span: header.span.clone(),
                        line: header.line,
                    }],
                    "in the deck",
                ))
            }
        },
        (None, None) => {
            let ids: Vec<&str> = catalog.formats.keys().map(String::as_str).collect();
            return Err(Error::usage_with_help(
                format!(
                    "`{}` names no format, so its cards cannot be looked up",
                    source.name
                ),
                format!("pass --format <id>; the formats are: {}", ids.join(", ")),
            ));
        }
    };
    let game = catalog.game(&format.game)?;
    let canonical =
        encoding::canonical(&deck, &format.id, game).map_err(|p| refuse(p, "in the deck"))?;
    let written = encoding::write(&canonical, to, game)
        .map_err(|p| refuse(p, &format!("writing it as {to}")))?;
    warn(&source, &canonical, to, ctx.colour)?;
    finish(&args, out, &written)
}

/// Writes the converted deck to OUT or standard output.
fn finish(args: &ConvertArgs, out: &mut dyn Write, written: &str) -> Result<Status, Error> {
    match &args.out {
        Some(path) => write_atomic(path, written, args.force)?,
        None => emit(out, written)?,
    }
    Ok(Status::Success)
}

/// Tells on standard error what was read but not kept, and what `to` cannot hold: a
/// conversion never drops anything silently. (Standard output carries the deck.)
fn warn(source: &Arc<SourceFile>, deck: &Deck, to: Encoding, colour: bool) -> Result<(), Error> {
    let mut warnings: Vec<Problem> = deck
        .warnings
        .iter()
        .map(|w| encoding::to_warning(source, "convert", w))
        .collect();
    let dropped = encoding::dropped(deck, to);
    if !dropped.is_empty() {
        warnings.push(
            Problem::warning(
                "convert",
                format!(
                    "{to} cannot hold {}, so the output leaves {} out",
                    dropped.join(", "),
                    if dropped.len() == 1 { "it" } else { "them" }
                ),
            )
            .help(if deck.plans.is_empty() {
                "json, toml and csv keep everything a deck list holds (docs/encodings.md)"
            } else {
                "json and toml keep everything a deck list holds, sideboard plans too (docs/plans.md)"
            }),
        );
    }
    if warnings.is_empty() {
        return Ok(());
    }
    std::io::stderr()
        .write_all(render(&warnings, colour).as_bytes())
        .map_err(|source| Error::Write {
            path: PathBuf::from("<stderr>"),
            source,
        })
}

/// Where the deck comes from: standard input, a file, or a deck code given as the argument.
fn input(arg: &str, from: Option<Encoding>) -> Result<(Arc<SourceFile>, Option<Encoding>), Error> {
    if arg == "-" {
        return Ok((SourceFile::new("<stdin>", read_stdin()?), from));
    }
    let path = Path::new(arg);
    if path.exists() {
        return Ok((SourceFile::new(arg, read_text(path)?), from));
    }
    let code_like = code::looks_like_code(arg.trim());
    if from == Some(Encoding::Code) || (from.is_none() && code_like) {
        return Ok((SourceFile::new("deck code", arg), Some(Encoding::Code)));
    }
    Err(Error::usage_with_help(
        format!("no file `{arg}`"),
        "IN is a deck list file, `-` for standard input, or a deck code",
    ))
}
