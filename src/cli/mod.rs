//! The command line: clap types, and one handler file per command. Handlers receive resolved
//! values (the loaded catalog, the output mode) and write to the given output; they never
//! print errors themselves — `main` does that once.

mod cards;
mod completions;
mod convert;
mod db;
mod db_diff;
mod diff;
mod draw;
mod edit;
mod formats;
mod log;
mod man;
mod match_cmd;
mod need;
mod new;
mod progress;
mod schema;
mod sim;
mod stats;
mod tui;
mod validate;

use crate::catalog::{Catalog, DataOptions};
use crate::error::Error;
use crate::report::Status;
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
    /// The game: whose mapping reads another tool's pool (`db import`, or a LackeyCCG plugin
    /// or Cockatrice database given to `--db`; default: the game whose mapping names it), the
    /// only one `cards` and `formats` list, the one `match random` plays. Naming no game is an
    /// error on every command that reads the data.
    #[arg(long, global = true, value_parser = offer::game(), hide_possible_values = true)]
    pub game: Option<String>,
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

impl ColorChoice {
    /// Whether to colour a stream: `auto` colours a terminal unless `NO_COLOR` is set to a
    /// non-empty value (no-color.org: an empty `NO_COLOR` does not count).
    pub fn enabled(self, terminal: bool) -> bool {
        self.enabled_with(terminal, std::env::var_os("NO_COLOR").as_deref())
    }

    fn enabled_with(self, terminal: bool, no_color: Option<&std::ffi::OsStr>) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => terminal && no_color.is_none_or(|v| v.is_empty()),
        }
    }
}

/// Value parsers that offer shell completion the values decksmith knows (the encodings, the
/// shipped games and format ids) while reading what is given as before: a format may also be
/// a file, a game may come from `--db`, and a wrong value gets decksmith's own did-you-mean.
pub(crate) mod offer {
    use crate::catalog::Catalog;
    use crate::encoding::Encoding;
    use clap::builder::{PossibleValue, StringValueParser, TypedValueParser};

    #[derive(Clone, Copy)]
    pub(crate) struct Offer(fn() -> Vec<&'static str>);

    impl TypedValueParser for Offer {
        type Value = String;

        fn parse_ref(
            &self,
            cmd: &clap::Command,
            arg: Option<&clap::Arg>,
            value: &std::ffi::OsStr,
        ) -> Result<String, clap::Error> {
            StringValueParser::new().parse_ref(cmd, arg, value)
        }

        fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
            Some(Box::new((self.0)().into_iter().map(PossibleValue::new)))
        }
    }

    /// The encodings, read into an [`Encoding`].
    pub(crate) fn encoding() -> impl TypedValueParser<Value = Encoding> {
        Offer(|| Encoding::ALL.iter().map(|e| e.name()).collect()).try_map(|s| s.parse())
    }

    fn shipped() -> Option<&'static Catalog> {
        Catalog::embedded().ok()
    }

    /// The shipped format ids (a format file's path is read too).
    pub(crate) fn format() -> Offer {
        Offer(|| {
            shipped().map_or_else(Vec::new, |c| c.formats.keys().map(String::as_str).collect())
        })
    }

    /// The shipped game ids (a game added with `--db` is read too).
    pub(crate) fn game() -> Offer {
        Offer(|| shipped().map_or_else(Vec::new, |c| c.games.keys().map(String::as_str).collect()))
    }
}

/// How results are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum Output {
    /// Text and tables for people.
    #[default]
    Human,
    /// One JSON document for scripts.
    Json,
}

/// Each command's arguments are built only when that command runs (`defer`, as for every
/// subcommand enum here): building all of them was a large share of a short command's start.
#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum Command {
    /// Check deck lists against their format.
    Validate(validate::ValidateArgs),
    /// Card database tools.
    #[command(subcommand)]
    Db(DbCommand),
    /// List the known formats.
    Formats(formats::FormatsArgs),
    /// Search the card databases with a query (`t:strike cost<=2`; docs/search.md).
    Cards(cards::CardsArgs),
    /// A deck's numbers: counts, curve, standing against its format, exact draw odds.
    Stats(stats::StatsArgs),
    /// Deal sample hands from a deck as its game deals them (goldfishing).
    Draw(draw::DrawArgs),
    /// Print the JSON Schema of a data file kind, for editors.
    Schema(schema::SchemaArgs),
    /// Print a shell completion script.
    Completions(completions::CompletionsArgs),
    /// Print the manual page (roff).
    Man(man::ManArgs),
    /// Convert a deck list between encodings (text, json, toml, csv, code, arena, cod, lackey).
    Convert(convert::ConvertArgs),
    /// Start a deck list for a format: its headers and a section per zone, each saying what
    /// the zone needs.
    New(new::NewArgs),
    /// Add cards to a deck list in place, and show how its verdict changes.
    Add(edit::EditArgs),
    /// Remove cards from a deck list in place, and show how its verdict changes.
    Remove(edit::EditArgs),
    /// Build a deck interactively in the terminal: search, the deck, its verdict and its
    /// numbers on one screen (docs/edit.md).
    Edit(tui::TuiArgs),
    /// Compare two deck lists (any encodings, or `git:REV:PATH`): cards added and removed per
    /// zone, moves between zones, each side's verdict and the findings gained and lost.
    /// Exit 0 whatever the difference.
    Diff(diff::DiffArgs),
    /// A deck file's git history: a line per revision, newest first, with its verdict and
    /// the cards it added and removed.
    Log(log::LogArgs),
    /// Play scripted matches and random self-play with the rules engines.
    #[command(subcommand)]
    Match(match_cmd::MatchCommand),
    /// Play decks against each other with AI players: win rates with 95% intervals, on the
    /// play and on the draw; more than two decks play every pair (a gauntlet).
    Sim(sim::SimArgs),
    /// What decks lack of a collection, per deck and in total, written as a buy list in any
    /// deck encoding (docs/collection.md).
    Need(need::NeedArgs),
}

#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum DbCommand {
    /// Lint card databases and formats: duplicate ids or names, missing or out-of-range stats,
    /// Legendaries under their minimum cost, gaps in evolution lines, unknown fields and effect
    /// kinds, formats naming cards that do not exist.
    Check(db::CheckArgs),
    /// Compare two versions of the card data: cards added, removed, renamed (same id) and
    /// changed (field: old → new); with `--decks`, every deck whose verdict changes and why;
    /// with `--matches`, every match script whose transcript changes. Exit 1 when any deck
    /// changes verdict or any transcript changes.
    Diff(db_diff::DiffArgs),
    /// Import another tool's card pool (a LackeyCCG plugin) through the game's mapping: a card
    /// file per set, reprints as printings, two-faced cards as one, its formats as format
    /// files; every row skipped or guessed is listed with its file and line. `--db` reads the
    /// plugin folder the same way without importing it.
    Import(db::ImportArgs),
}

/// The whole command line, for the completion scripts and the manual. Parsing builds only the
/// command it runs (`defer`), and clap copies the commands into `help`'s own tree before it
/// builds them, so the one command whose arguments hold commands of their own (`sim merge`) is
/// built here beforehand: `help sim` would not know `merge` otherwise.
pub(crate) fn full_command() -> clap::Command {
    use clap::CommandFactory;
    Cli::command().mut_subcommand("sim", |sim| {
        sim::SimArgs::augment_args(sim.defer(|sim| sim))
    })
}

/// Everything a handler needs from the global flags.
pub struct Context {
    pub data: DataOptions,
    pub colour: bool,
}

impl Context {
    fn from_args(global: &GlobalArgs) -> Context {
        let colour = global.color.enabled(std::io::stdout().is_terminal());
        Context {
            data: DataOptions {
                data_dir: global.data.clone(),
                db: global.db.clone(),
                formats: global.formats_path.clone(),
                game: global.game.clone(),
            },
            colour,
        }
    }

    /// The game `--game` names.
    pub fn game(&self) -> Option<&str> {
        self.data.game.as_deref()
    }

    pub fn catalog(&self) -> Result<std::borrow::Cow<'static, Catalog>, Error> {
        Catalog::load(&self.data)
    }

    /// The catalog for decks of one format, if known: see [`Catalog::load_for_format`].
    pub fn catalog_for(
        &self,
        format: Option<&str>,
    ) -> Result<std::borrow::Cow<'static, Catalog>, Error> {
        Catalog::load_for_format(&self.data, format)
    }

    /// The catalog for a lone deck whose header names `format`: see [`Catalog::load_for_deck`].
    pub fn catalog_for_deck(
        &self,
        format: &str,
    ) -> Result<std::borrow::Cow<'static, Catalog>, Error> {
        Catalog::load_for_deck(&self.data, format)
    }
}

/// Runs a parsed command line, writing results to `out`.
pub fn run(cli: Cli, out: &mut dyn Write) -> Result<Status, Error> {
    let ctx = Context::from_args(&cli.global);
    let status = match cli.command {
        Command::Validate(args) => validate::run(&ctx, args, out),
        Command::Db(DbCommand::Check(args)) => db::run(&ctx, args, out),
        Command::Db(DbCommand::Diff(args)) => db_diff::run(&ctx, args, out),
        Command::Db(DbCommand::Import(args)) => db::run_import(&ctx, args, out),
        Command::Formats(args) => formats::run(&ctx, args, out),
        Command::Cards(args) => cards::run(&ctx, args, out),
        Command::Stats(args) => stats::run(&ctx, args, out),
        Command::Draw(args) => draw::run(&ctx, args, out),
        Command::Schema(args) => schema::run(&ctx, args, out),
        Command::Completions(args) => completions::run(&ctx, args, out),
        Command::Man(args) => man::run(&ctx, args, out),
        Command::Convert(args) => convert::run(&ctx, args, out),
        Command::New(args) => new::run(&ctx, args, out),
        Command::Add(args) => edit::run(&ctx, crate::edit::Action::Add, args, out),
        Command::Remove(args) => edit::run(&ctx, crate::edit::Action::Remove, args, out),
        Command::Edit(args) => tui::run(&ctx, args),
        Command::Diff(args) => diff::run(&ctx, args, out),
        Command::Log(args) => log::run(&ctx, args, out),
        Command::Match(cmd) => match_cmd::run(&ctx, cmd, out),
        Command::Sim(args) => sim::run(&ctx, args, out),
        Command::Need(args) => need::run(&ctx, args, out),
    }?;
    out.flush().map_err(write_error)?;
    Ok(status)
}

/// Reads the collection `--have` names, for `games`, telling on standard error what of it was
/// skipped.
pub(crate) fn have(
    path: &std::path::Path,
    catalog: &Catalog,
    games: &[&crate::card_db::Game],
    colour: bool,
) -> Result<crate::collection::Have, Error> {
    let collection = crate::collection::Collection::read(path, catalog)?;
    let problems = collection.problems(games);
    if !problems.is_empty() {
        warn(&crate::diagnostic::render(&problems, colour))?;
    }
    Ok(crate::collection::Have::new(collection, games))
}

/// Writes to standard error what standard output must not carry (a document or a deck list).
pub(crate) fn warn(text: &str) -> Result<(), Error> {
    std::io::stderr()
        .write_all(text.as_bytes())
        .map_err(|source| Error::Write {
            path: PathBuf::from("<stderr>"),
            source,
        })
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

#[cfg(test)]
mod tests {
    use super::ColorChoice;
    use std::ffi::OsStr;

    /// What `help`'s tree offers (in completion scripts and `decksmith help …`) must be every
    /// command's commands, however many of them are built only when run.
    #[test]
    fn the_help_tree_knows_every_nested_command() {
        let mut command = super::full_command();
        command.build();
        let help = command
            .find_subcommand("help")
            .expect("a help command")
            .clone();
        for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
            let nested: Vec<&str> = (sub.get_subcommands())
                .map(|s| s.get_name())
                .filter(|&n| n != "help")
                .collect();
            let offered: Vec<&str> = (help.find_subcommand(sub.get_name()))
                .map(|h| h.get_subcommands().map(|s| s.get_name()).collect())
                .unwrap_or_default();
            assert_eq!(nested, offered, "help {}", sub.get_name());
        }
    }

    #[test]
    fn only_a_non_empty_no_color_turns_colour_off() {
        let auto = ColorChoice::Auto;
        assert!(auto.enabled_with(true, None));
        assert!(auto.enabled_with(true, Some(OsStr::new(""))));
        assert!(!auto.enabled_with(true, Some(OsStr::new("1"))));
        assert!(!auto.enabled_with(false, None));
        assert!(ColorChoice::Always.enabled_with(false, Some(OsStr::new("1"))));
    }
}
