//! `decksmith sim`: decks played against each other by chosen players, with win rates and
//! their confidence intervals; `sim merge` joins the results of shards.

use super::{emit, Context};
use crate::check::read_and_check;
use crate::date::Date;
use crate::engine::player::Kind;
use crate::engine::{registry, script};
use crate::error::{read_text, Error};
use crate::report::{human, sim as report, Status};
use crate::sim::{self, Plan, Shard, SimResult};
use clap::{Args, Subcommand, ValueEnum};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct SimArgs {
    #[command(subcommand)]
    pub command: Option<SimCommand>,
    /// Deck lists, or folders of `*.deck` files. Two decks play each other; more play every
    /// pair (a gauntlet).
    #[arg(required = true, value_name = "DECK")]
    pub decks: Vec<PathBuf>,
    /// Play each DECK against each of these decks (or folders) only.
    #[arg(long, num_args = 1.., value_name = "FIELD")]
    pub vs: Vec<PathBuf>,
    /// Games per pairing; seats alternate game by game.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub games: u64,
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
    let main = expand(&args.decks)?;
    let field = expand(&args.vs)?;
    let paths: Vec<&PathBuf> = main.iter().chain(&field).collect();
    let pairings = pairings(main.len(), field.len());
    if pairings.is_empty() {
        return Err(Error::usage_with_help(
            "`sim` needs two decks to play",
            "pass two decks, more for a gauntlet, or a deck and `--vs FIELD...`",
        ));
    }
    let mut outcomes = Vec::with_capacity(paths.len());
    let mut decks = Vec::with_capacity(paths.len());
    for path in &paths {
        let (deck, outcome) = read_and_check(&catalog, forced.as_ref(), path, Date::today())?;
        decks.push(deck);
        outcomes.push(outcome);
    }
    if !args.allow_illegal && outcomes.iter().any(|o| !o.verdict.legal) {
        let illegal: Vec<_> = outcomes
            .iter()
            .filter(|o| !o.verdict.legal)
            .cloned()
            .collect();
        let mut s = human::validate(&illegal, ctx.colour);
        s.push_str("a deck is not legal: no game was played (`--allow-illegal` plays it anyway)\n");
        emit(out, &s)?;
        return Ok(Status::Failed);
    }
    let game_id = one_game(
        &outcomes
            .iter()
            .map(|o| o.verdict.game.as_deref().map(str::to_owned))
            .collect::<Vec<_>>(),
    )?;
    let game = catalog.game(&game_id)?;
    let mut seats = Vec::with_capacity(decks.len());
    for (deck, o) in decks.iter().zip(&outcomes) {
        seats.push(
            script::seat_deck(deck, game, &[], &o.source).map_err(|p| Error::Script(vec![p]))?,
        );
    }
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    let plan = Plan {
        game: game_id.clone(),
        decks: paths.iter().map(|p| deck_name(p)).collect(),
        fingerprints: seats.iter().map(fingerprint).collect(),
        pairings,
        games: args.games,
        seed: args.seed,
        players: [args.p1.to_string(), args.p2.to_string()],
        shards: shard.n,
    };
    let total = args.games * plan.pairings.len() as u64;
    let bar = progress_bar(total.div_ceil(shard.n));
    let tick = || {
        if let Some(bar) = &bar {
            bar.inc(1);
        }
    };
    let pool = crate::check::Pool::new(args.jobs, usize::MAX)?;
    let result = pool.install(|| sim::run(game, &seats, plan, [args.p1, args.p2], shard, &tick));
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
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

/// Every pair of the main decks, or each main deck against each field deck (indices into
/// main decks followed by field decks).
fn pairings(main: usize, field: usize) -> Vec<[usize; 2]> {
    if field > 0 {
        (0..main)
            .flat_map(|a| (0..field).map(move |b| [a, main + b]))
            .collect()
    } else {
        (0..main)
            .flat_map(|a| (a + 1..main).map(move |b| [a, b]))
            .collect()
    }
}

/// Files as given; folders replaced by their `*.deck` files in name order.
fn expand(paths: &[PathBuf]) -> Result<Vec<PathBuf>, Error> {
    let mut out = Vec::new();
    for path in paths {
        if !path.is_dir() {
            out.push(path.clone());
            continue;
        }
        let entries = std::fs::read_dir(path).map_err(|source| Error::Read {
            path: path.clone(),
            source,
        })?;
        let mut found: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "deck"))
            .collect();
        found.sort();
        out.extend(found);
    }
    Ok(out)
}

fn deck_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

fn one_game(games: &[Option<String>]) -> Result<String, Error> {
    let mut named = games.iter().flatten();
    let Some(first) = named.next() else {
        return Err(Error::usage("the decks name no game"));
    };
    if let Some(other) = named.find(|g| *g != first) {
        return Err(Error::usage(format!(
            "the decks are for different games: `{first}` and `{other}`"
        )));
    }
    Ok(first.clone())
}

/// FNV-1a over the deck's zones and cards: enough to tell a changed deck from the same one.
fn fingerprint(deck: &crate::engine::SeatDeck) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    };
    for (zone, cards) in &deck.zones {
        eat(zone.as_bytes());
        eat(&[0xff]);
        for c in cards {
            eat(&c.to_le_bytes());
        }
    }
    format!("{h:016x}")
}

/// A bar with the time left on standard error, only when that is a terminal.
fn progress_bar(games: u64) -> Option<indicatif::ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(games);
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games, {eta} left")
    {
        bar.set_style(style);
    }
    Some(bar)
}
