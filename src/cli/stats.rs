//! `decksmith stats DECK [--plan NAME] [--odds QUERY]... [--output human|json|svg] [-o FILE]`

use super::{emit, Context};
use crate::check::read_for_stats;
use crate::date::Date;
use crate::error::{refuse_existing, write_atomic, Error};
use crate::report::{self, Status};
use crate::search::{self, Query};
use crate::stats::{self, Group, Options};
use clap::{Args, ValueEnum};
use std::io::Write;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct StatsArgs {
    /// The deck list file (any encoding), or `-` for standard input.
    #[arg(value_name = "DECK")]
    pub deck: String,
    /// Format id or format file, instead of the deck's `format:` header.
    #[arg(long, value_name = "ID|PATH", value_parser = super::offer::format(), hide_possible_values = true)]
    pub format: Option<String>,
    /// The numbers of the deck this sideboard plan (a `Plan:` name of the deck) leaves.
    #[arg(long, value_name = "NAME")]
    pub plan: Option<String>,
    /// Odds up to this turn (0: the opening hand only).
    #[arg(long, value_name = "T", default_value_t = 5, value_parser = clap::value_parser!(u32).range(0..=60))]
    pub turns: u32,
    /// Also the odds of drawing any of the deck's cards this query matches (the `cards`
    /// search language; repeatable).
    #[arg(long = "odds", value_name = "QUERY")]
    pub odds: Vec<String>,
    /// The odds of at least this many, instead of at least one.
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub at_least: u32,
    /// Day for `legal:` and `banned:` in --odds queries (YYYY-MM-DD); default today.
    #[arg(long, value_parser = |s: &str| s.parse::<Date>())]
    pub date: Option<Date>,
    /// Plain ASCII: `#` bars and ASCII tables.
    #[arg(long)]
    pub ascii: bool,
    #[arg(long, value_enum, default_value_t)]
    pub output: StatsOutput,
    /// Write to this file instead of standard output. The file appears whole or not at all,
    /// and an existing file is only replaced with --force.
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Replace FILE if it exists.
    #[arg(long, requires = "out")]
    pub force: bool,
}

/// How `stats` writes its numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum StatsOutput {
    /// Counts, a bar chart and tables for people.
    #[default]
    Human,
    /// One JSON document for scripts.
    Json,
    /// An SVG picture: the curve, the split, the odds by turn.
    Svg,
}

pub fn run(ctx: &Context, args: StatsArgs, out: &mut dyn Write) -> Result<Status, Error> {
    refuse_existing(args.out.as_deref(), args.force)?;
    let catalog = ctx.catalog()?;
    let deck = read_for_stats(
        &catalog,
        args.format.as_deref(),
        &args.deck,
        args.plan.as_deref(),
    )?;
    let date = args.date.unwrap_or_else(Date::today);
    let mut groups = Vec::new();
    for text in &args.odds {
        let query = Query::parse(text).map_err(Error::Query)?;
        query.check(&[deck.game], &catalog).map_err(Error::Query)?;
        let cards = search::find(&query, &[deck.game], &catalog, date)
            .iter()
            .map(|hit| hit.card)
            .collect();
        groups.push(Group {
            query: text.clone(),
            cards,
        });
    }
    let options = Options {
        turns: args.turns,
        at_least: args.at_least,
        groups,
    };
    let numbers = stats::compute(&deck.resolved, deck.game, &deck.format, &options);
    let title = deck.name.as_deref().unwrap_or(&deck.path);
    let text = match args.output {
        StatsOutput::Human => report::stats::human(
            &numbers,
            title,
            ctx.colour && args.out.is_none(),
            args.ascii,
        ),
        StatsOutput::Json => report::stats::json(&numbers, &deck.path, deck.name.as_deref()),
        StatsOutput::Svg => report::svg::render(&numbers, title),
    };
    match &args.out {
        Some(path) => write_atomic(path, &text, args.force)?,
        None => emit(out, &text)?,
    }
    Ok(Status::Success)
}
