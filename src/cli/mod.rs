//! The command line: clap types, and one handler file per command. Handlers receive resolved
//! values (the loaded catalog, the output mode) and write to the given output; they never
//! print errors themselves — `main` does that once.

mod cards;
mod completions;
mod convert;
mod db;
mod db_diff;
mod formats;
mod man;
mod match_cmd;
mod schema;
mod validate;

use crate::catalog::{Catalog, DataOptions};
use crate::error::Error;
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

/// decksmith: build, validate and convert trading-card-game deck lists; lint card databases;
/// play scripted matches.
///
/// Exit status: 0 success (every deck legal), 1 a checked thing failed (an illegal deck, a
/// lint error, a failed expectation or illegal action in a match script), 2 decksmith could
/// not do its job (bad arguments, unreadable or broken files).
#[derive(Debug, Parser)]
#[command(name = "decksmith", version, max_term_width = 100)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,
    #[command(subcommand)]
    pub command: Command,
}

/// Flags every command takes.
#[derive(Debug, Args)]
pub struct GlobalArgs {
    /// Card database file or folder to use instead of the shipped one for the games it holds
    /// (repeatable).
    #[arg(long, global = true, value_name = "PATH")]
    pub db: Vec<PathBuf>,
    /// Format file or folder to add to the shipped formats; a format with a shipped id
    /// replaces it (repeatable).
    #[arg(long = "formats", global = true, value_name = "PATH")]
    pub formats_path: Vec<PathBuf>,
    /// Data folder holding card-db/ and formats/, used instead of the shipped data.
    #[arg(long, env = "DECKSMITH_DATA", global = true, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// When to colour the output.
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

/// How results are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum Output {
    /// Diagnostics and tables for people.
    #[default]
    Human,
    /// One JSON document for scripts.
    Json,
}

/// How the results of a check are written: for people, for scripts, or for a CI service.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum ReportOutput {
    /// Diagnostics and tables for people.
    #[default]
    Human,
    /// One JSON document for scripts.
    Json,
    /// GitHub Actions workflow commands: findings become annotations on the pull request.
    Github,
    /// JUnit XML, one test case per file checked, for CI dashboards.
    Junit,
    /// SARIF 2.1.0, for code-scanning views.
    Sarif,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check deck lists against their format.
    Validate(validate::ValidateArgs),
    /// Card database tools.
    #[command(subcommand)]
    Db(db::DbCommand),
    /// List the known formats.
    Formats(formats::FormatsArgs),
    /// Search the card databases.
    Cards(cards::CardsArgs),
    /// Print the JSON Schema of a data file kind, for editors.
    Schema(schema::SchemaArgs),
    /// Print a shell completion script.
    Completions(completions::CompletionsArgs),
    /// Print the manual page (roff).
    Man(man::ManArgs),
    /// Convert a deck list between encodings (text, json, toml, csv, code, arena, cod).
    Convert(convert::ConvertArgs),
    /// Play scripted matches and random self-play with the rules engines.
    #[command(subcommand)]
    Match(match_cmd::MatchCommand),
}

/// How a command ended, when it could do its job.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Everything checked passed.
    Success,
    /// Something checked failed (exit 1).
    Failed,
}

/// Everything a handler needs from the global flags.
pub struct Context {
    pub data: DataOptions,
    pub colour: bool,
}

impl Context {
    fn from_args(global: &GlobalArgs) -> Context {
        let colour = match global.color {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
            }
        };
        Context {
            data: DataOptions {
                data_dir: global.data.clone(),
                db: global.db.clone(),
                formats: global.formats_path.clone(),
            },
            colour,
        }
    }

    pub fn catalog(&self) -> Result<std::borrow::Cow<'static, Catalog>, Error> {
        Catalog::load(&self.data)
    }
}

/// Runs a parsed command line, writing results to `out`.
pub fn run(cli: Cli, out: &mut dyn Write) -> Result<Status, Error> {
    let ctx = Context::from_args(&cli.global);
    let status = match cli.command {
        Command::Validate(args) => validate::run(&ctx, args, out),
        Command::Db(cmd) => db::run(&ctx, cmd, out),
        Command::Formats(args) => formats::run(&ctx, args, out),
        Command::Cards(args) => cards::run(&ctx, args, out),
        Command::Schema(args) => schema::run(&ctx, args, out),
        Command::Completions(args) => completions::run(&ctx, args, out),
        Command::Man(args) => man::run(&ctx, args, out),
        Command::Convert(args) => convert::run(&ctx, args, out),
        Command::Match(cmd) => match_cmd::run(&ctx, cmd, out),
    }?;
    out.flush().map_err(write_error)?;
    Ok(status)
}

/// Writes command output; a closed pipe (`decksmith cards | head`) is not worth a panic.
pub(crate) fn emit(out: &mut dyn Write, text: &str) -> Result<(), Error> {
    out.write_all(text.as_bytes()).map_err(write_error)
}

fn write_error(source: std::io::Error) -> Error {
    Error::Write {
        path: PathBuf::from("<stdout>"),
        source,
    }
}
