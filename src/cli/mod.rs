//! The command line: clap types, and one handler file per command. Handlers receive resolved
//! values (the loaded catalog, the output mode) and write to the given output; they never
//! print errors themselves — `main` does that once.

mod cards;
mod completions;
mod convert;
mod db;
mod db_diff;
mod draw;
mod edit;
mod formats;
mod man;
mod match_cmd;
mod new;
mod progress;
mod schema;
mod sim;
mod stats;
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

impl Cli {
    /// The process's command line, read as [`Parser::parse`] reads it. Building clap's whole
    /// tree (fifteen commands, the global flags copied into each, then freed) was a fifth of
    /// the instructions of an everyday `validate deck` (docs/benchmarks.md, "Start-up,
    /// eleventh pass"), so a line that starts with `validate` is first read against a tree of
    /// that one command. Only a line that tree accepts is taken from it; help, `--version`
    /// and every error are read again against the whole tree, so what clap prints is as before.
    pub fn from_env() -> Cli {
        let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
        Cli::validate_only(&args).unwrap_or_else(|| Cli::parse_from(args))
    }

    /// `args` read against a tree holding only `validate`, when they name it first and that
    /// tree accepts them. The command is built as the derived tree builds it (the same
    /// arguments, flattened the same way), so an accepted line reads to the same [`Cli`].
    fn validate_only(args: &[std::ffi::OsString]) -> Option<Cli> {
        if args.get(1)? != "validate" {
            return None;
        }
        let validate = validate::ValidateArgs::augment_args(clap::Command::new("validate"));
        let tree = GlobalArgs::augment_args(clap::Command::new("decksmith"))
            .subcommand_required(true)
            .subcommand(validate);
        let mut matches = tree.try_get_matches_from(args).ok()?;
        <Cli as clap::FromArgMatches>::from_arg_matches_mut(&mut matches).ok()
    }
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
    /// Diagnostics and tables for people.
    #[default]
    Human,
    /// One JSON document for scripts.
    Json,
}

/// Each command's arguments are built only when that command runs (`defer`, as for every
/// subcommand enum here): building all of them took `decksmith --version` about 0.16 ms, a
/// third of its time above a program that does nothing but start.
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
    /// Convert a deck list between encodings (text, json, toml, csv, code, arena, cod).
    Convert(convert::ConvertArgs),
    /// Start a deck list for a format: its headers and a section per zone, each saying what
    /// the zone needs.
    New(new::NewArgs),
    /// Add cards to a deck list in place, and show how its verdict changes.
    Add(edit::EditArgs),
    /// Remove cards from a deck list in place, and show how its verdict changes.
    Remove(edit::EditArgs),
    /// Play scripted matches and random self-play with the rules engines.
    #[command(subcommand)]
    Match(match_cmd::MatchCommand),
    /// Play decks against each other with AI players: win rates with 95% intervals, on the
    /// play and on the draw; more than two decks play every pair (a gauntlet).
    Sim(sim::SimArgs),
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
            },
            colour,
        }
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
}

/// Runs a parsed command line, writing results to `out`.
pub fn run(cli: Cli, out: &mut dyn Write) -> Result<Status, Error> {
    let ctx = Context::from_args(&cli.global);
    let status = match cli.command {
        Command::Validate(args) => validate::run(&ctx, args, out),
        Command::Db(DbCommand::Check(args)) => db::run(&ctx, args, out),
        Command::Db(DbCommand::Diff(args)) => db_diff::run(&ctx, args, out),
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
        Command::Match(cmd) => match_cmd::run(&ctx, cmd, out),
        Command::Sim(args) => sim::run(&ctx, args, out),
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

#[cfg(test)]
mod tests {
    use super::{Cli, ColorChoice};
    use clap::Parser;
    use std::ffi::{OsStr, OsString};

    fn words(line: &str) -> Vec<OsString> {
        let words = line.split(' ').filter(|w| !w.is_empty());
        std::iter::once("decksmith")
            .chain(words)
            .map(Into::into)
            .collect()
    }

    /// A `validate` line read against the one-command tree reads to what the whole tree reads
    /// it to, and what that tree does not accept (help, version, every error) is left to the
    /// whole tree, which prints what it always printed.
    #[test]
    fn a_validate_line_reads_the_same_against_its_own_tree() {
        let accepted = [
            "validate deck.deck",
            "validate",
            "validate a.deck b.deck --format jforce-standard",
            "validate --db cards.toml --db more --formats f --data d --color never deck.deck",
            "validate -j 2 --output json --from text --exclude *.bak --code ABC decks/",
            "validate --date 2026-01-02 --output sarif deck.deck",
            "validate --fix deck.deck",
            "validate --fix names deck.deck",
            "validate deck.deck --fix",
            "validate -- --odd.deck",
        ];
        for line in accepted {
            let args = words(line);
            let own = Cli::validate_only(&args).unwrap_or_else(|| panic!("refused: {line}"));
            let whole = Cli::try_parse_from(&args).unwrap();
            assert_eq!(format!("{own:?}"), format!("{whole:?}"), "{line}");
        }
        let refused = [
            "validate --help",
            "validate -h",
            "validate --version",
            "validate --output nope deck.deck",
            "validate --jobs many deck.deck",
            "validate --date 2026-13-01 deck.deck",
            "validate --from nope deck.deck",
            "validate --frob deck.deck",
            "--color never validate deck.deck",
            "valid deck.deck",
            "help validate",
            "stats deck.deck",
            "",
        ];
        for line in refused {
            assert!(Cli::validate_only(&words(line)).is_none(), "{line}");
        }
    }

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

    /// Words a `validate` line is made of: every flag, in each of its spellings, with good and
    /// bad values, and words that look like flags.
    const WORDS: &[&str] = &[
        "deck.deck",
        "decks/",
        "-",
        "--",
        "--db",
        "--formats",
        "--data",
        "d",
        "--color",
        "never",
        "always",
        "nope",
        "-j",
        "2",
        "-j2",
        "--jobs",
        "0",
        "--output",
        "json",
        "sarif",
        "--output=junit",
        "--from",
        "text",
        "code",
        "--from=cod",
        "--exclude",
        "*.bak",
        "--code",
        "ABC",
        "--format",
        "jforce-standard",
        "--date",
        "2026-01-02",
        "2026-13-40",
        "--fix",
        "--fix=names",
        "names",
        "--help",
        "-h",
        "--version",
        "-V",
        "--frob",
        "-x",
        "validate",
        "help",
        "=",
    ];

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]
        /// Any line of those words after `validate`: what the one-command tree accepts reads
        /// to what the whole tree reads it to, and whatever the whole tree accepts, the
        /// one-command tree accepts too (else `validate` would pay for both trees).
        #[test]
        fn any_validate_line_reads_the_same_against_its_own_tree(
            picks in proptest::collection::vec(0..WORDS.len(), 0..7),
        ) {
            let line = std::iter::once("validate")
                .chain(picks.iter().map(|&i| WORDS[i]))
                .collect::<Vec<_>>()
                .join(" ");
            let args = words(&line);
            let whole = Cli::try_parse_from(&args).map(|c| format!("{c:?}"));
            let own = Cli::validate_only(&args).map(|c| format!("{c:?}"));
            proptest::prop_assert_eq!(own, whole.ok(), "{}", line);
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
