//! `decksmith sim`: decks played against each other by chosen players, with win rates and
//! their confidence intervals; `sim merge` joins the results of shards.

use super::progress::Progress;
use super::{emit, Context};
use crate::engine::player::Kind;
use crate::engine::registry;
use crate::error::{read_text, Error};
use crate::report::validate::Validated;
use crate::report::{sim as report, Outcome, Status};
use crate::sim::{self, Prepared, Shard, SimResult};
use clap::{Args, Subcommand, ValueEnum};
use std::io::Write;
use std::path::PathBuf;

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct SimArgs {
    #[command(subcommand)]
    pub command: Option<SimCommand>,
    /// Deck lists, or folders of `*.deck` (and LackeyCCG `*.dek`) files. Two decks play each other; more play every
    /// pair (a gauntlet).
    #[arg(required = true, value_name = "DECK")]
    pub decks: Vec<PathBuf>,
    /// Play each DECK against each of these decks (or folders) only.
    #[arg(long, num_args = 1.., value_name = "FIELD")]
    pub vs: Vec<PathBuf>,
    /// Games per pairing; seats alternate game by game.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub games: u64,
    /// Play matches of the best of N games (N odd, e.g. 3): first to a majority of wins.
    /// `--games` then counts matches.
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = best_of)]
    pub best_of: u64,
    /// With `--best-of`: the sideboard plan the first deck of each pairing plays from game 2
    /// on (default: its plan named `vs <the opponent's name:>`, when it has one).
    #[arg(long, value_name = "NAME", requires = "best_of")]
    pub plan_a: Option<String>,
    /// The plan of the second deck of each pairing, as `--plan-a`.
    #[arg(long, value_name = "NAME", requires = "best_of")]
    pub plan_b: Option<String>,
    /// Seed of the run; game N's seed derives from it and N alone.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// The player piloting the first deck of each pairing: random, greedy or mcts[:N].
    #[arg(long, default_value_t = Kind::DEFAULT, value_name = "PLAYER")]
    pub p1: Kind,
    /// The player piloting the second deck of each pairing.
    #[arg(long, default_value_t = Kind::DEFAULT, value_name = "PLAYER")]
    pub p2: Kind,
    /// Threads (default: one per core). The results do not depend on it.
    #[arg(short = 'j', long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Play only the K-th of N disjoint slices of the games (join them with `sim merge`).
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
    /// Format id or file to check the decks against, instead of their `format:` lines.
    #[arg(long, value_name = "ID|PATH")]
    pub format: Option<String>,
    /// Play decks that are not legal in their format.
    #[arg(long)]
    pub allow_illegal: bool,
    /// Play the cards whose text the engine does not model (cards of another tool's pool) by
    /// their stats alone, and name them in the result. Without it, a deck holding one is refused
    /// (exit 2).
    #[arg(long)]
    pub vanilla: bool,
    #[command(flatten)]
    pub write: WriteArgs,
}

#[derive(Debug, Args)]
pub struct WriteArgs {
    #[arg(long, value_enum, default_value_t)]
    pub output: SimOutput,
    /// Write the result to this file instead of standard output.
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    pub file: Option<PathBuf>,
}

#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum SimCommand {
    /// Join the JSON results of the shards of one run (`--shard K/N --output json`) into the
    /// run's result. Refuses results of different runs, and overlapping or missing shards.
    Merge(MergeArgs),
}

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The shards' JSON results.
    #[arg(required = true, value_name = "RESULT")]
    pub results: Vec<PathBuf>,
    #[command(flatten)]
    pub write: WriteArgs,
}

/// How a simulation's result is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum SimOutput {
    /// Tables for people.
    #[default]
    Human,
    /// The whole result (what `sim merge` reads).
    Json,
    /// One row per pairing.
    Csv,
    /// The matrix as a heat map.
    Svg,
}

pub fn run(ctx: &Context, args: SimArgs, out: &mut dyn Write) -> Result<Status, Error> {
    if let Some(SimCommand::Merge(merge)) = args.command {
        return run_merge(ctx, merge, out);
    }
    let catalog = ctx.catalog()?;
    let forced = match &args.format {
        Some(f) => Some(catalog.format_from_arg(f)?),
        None => None,
    };
    let request = sim::Request {
        decks: &args.decks,
        field: &args.vs,
        games: args.games,
        best_of: args.best_of,
        seed: args.seed,
        players: [args.p1, args.p2],
        shard: args.shard.unwrap_or(Shard::WHOLE),
        allow_illegal: args.allow_illegal,
        vanilla: args.vanilla,
        plans: [args.plan_a.as_deref(), args.plan_b.as_deref()],
    };
    let (game, seats, boards, plan) = match sim::prepare(&catalog, forced.as_ref(), &request)? {
        Prepared::Ready {
            game,
            seats,
            boards,
            plan,
        } => (game, seats, boards, *plan),
        Prepared::Illegal(illegal) => {
            let mut s = Validated::of(&illegal).human(ctx.colour);
            s.push_str(
                "a deck is not legal: no game was played (`--allow-illegal` plays it anyway)\n",
            );
            emit(out, &s)?;
            return Ok(Status::Failed);
        }
    };
    let shard = request.shard;
    let games = (args.games * plan.pairings.len() as u64).div_ceil(shard.n);
    let template = match args.best_of {
        1 => "{bar:40} {pos}/{len} games, {eta} left",
        _ => "{bar:40} {pos}/{len} matches, {eta} left",
    };
    let bar = Progress::new(template, 1, || Ok(games))?;
    let pool = crate::check::Pool::new(args.jobs, usize::MAX)?;
    let game_id = plan.game.clone();
    let step = || bar.step();
    let result =
        pool.install(|| sim::run(game, &seats, &boards, plan, request.players, shard, &step));
    bar.finish();
    let result = match result {
        None => return Err(registry::no_engine(&game_id)),
        Some(Ok(r)) => r,
        Some(Err(e)) => {
            emit(out, &format!("a game could not be played: {e}\n"))?;
            return Ok(Status::Failed);
        }
    };
    write(ctx, &result, &args.write, out)?;
    Ok(Status::Success)
}

fn best_of(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(n) if n % 2 == 1 && n <= 99 => Ok(n),
        _ => Err(format!(
            "`{s}` is not a match length: write an odd number of games from 1 to 99 (e.g. 3)"
        )),
    }
}

fn run_merge(ctx: &Context, args: MergeArgs, out: &mut dyn Write) -> Result<Status, Error> {
    let mut parts = Vec::with_capacity(args.results.len());
    for path in &args.results {
        let text = read_text(path)?;
        let result: SimResult = serde_json::from_str(&text).map_err(|e| {
            Error::usage_with_help(
                format!("`{}` is not a `sim` result: {e}", path.display()),
                "merge the files `decksmith sim --shard K/N --output json` wrote",
            )
        })?;
        parts.push((path.display().to_string(), result));
    }
    let merged = sim::merge(&parts).map_err(|e| Error::usage(e.to_string()))?;
    write(ctx, &merged, &args.write, out)?;
    Ok(Status::Success)
}

fn write(
    ctx: &Context,
    result: &SimResult,
    how: &WriteArgs,
    out: &mut dyn Write,
) -> Result<(), Error> {
    let text = match how.output {
        SimOutput::Human => report::human(result, ctx.colour && how.file.is_none()),
        SimOutput::Json => report::json(result),
        SimOutput::Csv => report::csv(result),
        SimOutput::Svg => report::svg(result),
    };
    match &how.file {
        Some(path) => std::fs::write(path, text).map_err(|source| Error::Write {
            path: path.clone(),
            source,
        }),
        None => emit(out, &text),
    }
}
