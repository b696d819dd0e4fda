//! `decksmith match run|verify|random`: scripted matches and seeded random self-play, for every
//! game that has an engine (`engine::registry` maps game ids to engines).

use super::{emit, Context, Output};
use crate::engine::play::{self, Prepared};
use crate::engine::random;
use crate::engine::{registry, script, transcript};
use crate::engine::{vanilla_cards, SeatDeck};
use crate::error::Error;
use crate::report::scripts::{self as report_scripts, Verification};
use crate::report::validate::Validated;
use crate::report::{render, Outcome, ReportOutput, Status};
use crate::sim::{self, Seated};
use clap::{Args, Subcommand};
use std::io::Write;
use std::path::PathBuf;

#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum MatchCommand {
    /// Play a match script: check both decks against the format, play every step, print the
    /// transcript and check every expectation. Exit 1 when an expectation fails or an action
    /// is illegal.
    Run(RunArgs),
    /// Play scripts and compare each transcript with the golden `.transcript` file beside it;
    /// print a diff for each change. Folders are searched for `*.match.toml`.
    Verify(VerifyArgs),
    /// Play whole games with a seeded random player choosing among the legal actions,
    /// checking the rules' invariants after every action.
    Random(RandomArgs),
}

#[derive(Debug, Args)]
pub struct RunArgs {
    /// The script (`*.match.toml`).
    #[arg(value_name = "SCRIPT")]
    pub script: PathBuf,
    /// Play the cards whose text the engine does not model (cards of another tool's pool) by
    /// their stats alone, and name them in the result. Without it, a deck holding one is refused
    /// (exit 2).
    #[arg(long)]
    pub vanilla: bool,
    #[arg(long, value_enum, default_value_t)]
    pub output: Output,
}

#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Scripts, or folders to search for `*.match.toml`.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Write each transcript as the new golden file instead of comparing.
    #[arg(long)]
    pub bless: bool,
    #[arg(long, value_enum, default_value_t)]
    pub output: ReportOutput,
}

#[derive(Debug, Args)]
pub struct RandomArgs {
    /// The two deck lists, p1's first.
    #[arg(long = "deck", required = true, num_args = 1, value_name = "DECK")]
    pub decks: Vec<PathBuf>,
    /// Format id or file to check the decks against, instead of their `format:` lines.
    #[arg(long, value_name = "ID|PATH", value_parser = super::offer::format(), hide_possible_values = true)]
    pub format: Option<String>,
    /// Seed of the first game; game N uses a seed derived from it.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Number of games.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub games: u64,
    /// Play the cards whose text the engine does not model (cards of another tool's pool) by
    /// their stats alone, and name them in the result. Without it, a deck holding one is refused
    /// (exit 2).
    #[arg(long)]
    pub vanilla: bool,
    #[arg(long, value_enum, default_value_t)]
    pub output: Output,
}

pub fn run(ctx: &Context, cmd: MatchCommand, out: &mut dyn Write) -> Result<Status, Error> {
    match cmd {
        MatchCommand::Run(args) => run_script(ctx, args, out),
        MatchCommand::Verify(args) => verify(ctx, args, out),
        MatchCommand::Random(args) => random(ctx, args, out),
    }
}

fn run_script(ctx: &Context, args: RunArgs, out: &mut dyn Write) -> Result<Status, Error> {
    let catalog = ctx.catalog()?;
    let name = args.script.display().to_string();
    let prepared = match play::prepare(&catalog, &args.script, args.vanilla)? {
        Prepared::Ready(p) => p,
        Prepared::Broken(problems) => return Err(Error::Script(problems)),
        Prepared::IllegalDeck(outcomes) => {
            let text = match args.output {
                Output::Human => report_scripts::not_played(&outcomes, ctx.colour),
                Output::Json => report_scripts::not_played_json(&name, &outcomes),
            };
            emit(out, &text)?;
            return Ok(Status::Failed);
        }
    };
    let result = play::run(&prepared).map_err(Error::Script)?;
    let text = match args.output {
        Output::Human => {
            report_scripts::run(&prepared.script, &result, &prepared.vanilla, ctx.colour)
        }
        Output::Json => report_scripts::run_json(&name, &result, &prepared.vanilla),
    };
    emit(out, &text)?;
    Ok(Status::passed_if(result.failures.is_empty()))
}

fn verify(ctx: &Context, args: VerifyArgs, out: &mut dyn Write) -> Result<Status, Error> {
    let catalog = ctx.catalog()?;
    let scripts = script::find(&args.paths)?;
    let verified = scripts
        .iter()
        .map(|path| {
            Ok((
                path.display().to_string(),
                transcript::verify(&catalog, path, args.bless)?,
            ))
        })
        .collect::<Result<Vec<_>, Error>>()?;
    let verification = Verification(verified);
    emit(out, &render(&verification, args.output, ctx.colour))?;
    // Scripts that cannot be played stop the run (exit 2), after every result is shown.
    let broken = verification.broken();
    if !broken.is_empty() {
        return Err(Error::Script(broken));
    }
    Ok(verification.status())
}

fn random(ctx: &Context, args: RandomArgs, out: &mut dyn Write) -> Result<Status, Error> {
    if args.decks.len() != 2 {
        return Err(Error::usage_with_help(
            format!("`match random` takes two decks; {} given", args.decks.len()),
            "pass `--deck P1.deck --deck P2.deck`",
        ));
    }
    let catalog = ctx.catalog()?;
    let forced = match &args.format {
        Some(f) => Some(catalog.format_from_arg(f)?),
        None => None,
    };
    let paths: Vec<&PathBuf> = args.decks.iter().collect();
    let Seated { game, seats, .. } =
        match sim::seat(&catalog, forced.as_ref(), &paths, false, args.vanilla)? {
            Ok(seated) => seated,
            Err(outcomes) => {
                let mut s = Validated::of(&outcomes).human(ctx.colour);
                s.push_str("a deck is not legal: no game was played\n");
                emit(out, &s)?;
                return Ok(Status::Failed);
            }
        };
    if let Some(g) = ctx.game().filter(|g| *g != game.id()) {
        return Err(Error::usage(format!(
            "`--game {g}`, but the decks are for `{}`",
            game.id()
        )));
    }
    let game_id = game.id();
    let vanilla = vanilla_cards(game, &seats);
    let seats: [SeatDeck; 2] =
        (seats.try_into()).map_err(|_| Error::usage("`match random` takes two decks"))?;
    let results = match random::batch(game, &seats, args.seed, args.games) {
        None => return Err(registry::no_engine(game_id)),
        Some(Ok(r)) => r,
        Some(Err(v)) => {
            emit(out, &format!("rules invariant broken: {v}\n"))?;
            return Ok(Status::Failed);
        }
    };
    let text = match args.output {
        Output::Json => crate::report::random::json(game_id, &results, &vanilla),
        Output::Human => crate::report::random::human(&results, &vanilla, ctx.colour),
    };
    emit(out, &text)?;
    Ok(Status::Success)
}
