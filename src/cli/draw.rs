//! `decksmith draw DECK [--hands N] [--seed S] [--turns T]`

use super::{emit, Context, Output};
use crate::check::read_for_stats;
use crate::error::Error;
use crate::goldfish;
use crate::report::draw::{self, Dealt};
use crate::report::Status;
use clap::Args;
use std::io::Write;

#[derive(Debug, Args)]
pub struct DrawArgs {
    /// The deck list file (any encoding), or `-` for standard input.
    #[arg(value_name = "DECK")]
    pub deck: String,
    /// Format id or format file, instead of the deck's `format:` header.
    #[arg(long, value_name = "ID|PATH", value_parser = super::offer::format(), hide_possible_values = true)]
    pub format: Option<String>,
    /// Sample games to deal.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub hands: u32,
    /// Turns to deal after the opening hand.
    #[arg(long, value_name = "T", default_value_t = 3, value_parser = clap::value_parser!(u32).range(0..=60))]
    pub turns: u32,
    /// Seed of the shuffles: the same seed deals the same hands everywhere. Default: one chosen
    /// now and printed.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Deal as the player going second.
    #[arg(long)]
    pub on_the_draw: bool,
    #[arg(long, value_enum, default_value_t)]
    pub output: Output,
}

pub fn run(ctx: &Context, args: DrawArgs, out: &mut dyn Write) -> Result<Status, Error> {
    let catalog = ctx.catalog()?;
    let deck = read_for_stats(&catalog, args.format.as_deref(), &args.deck, None)?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let on_the_play = !args.on_the_draw;
    let hands = goldfish::deal(
        &deck.resolved,
        deck.game,
        seed,
        args.hands,
        args.turns,
        on_the_play,
    )
    .ok_or_else(|| {
        Error::usage_with_help(
            format!("{} declares no deal", deck.game.def.name),
            "add [game.setup] to its game.toml (docs/file-formats.md)",
        )
    })?;
    let dealt = Dealt {
        title: deck.name.as_deref().unwrap_or(&deck.path),
        format: &deck.format.id,
        game: deck.game,
        seed,
        on_the_play,
        hands: &hands,
    };
    let text = match args.output {
        Output::Human => draw::human(&dealt),
        Output::Json => draw::json(&dealt),
    };
    emit(out, &text)?;
    Ok(Status::Success)
}

/// A seed for a run that asked for none: only here does decksmith read the clock for
/// randomness, and the seed is printed so the hands can be dealt again.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() ^ u64::from(d.subsec_nanos()))
        % 1_000_000
}
