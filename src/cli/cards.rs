//! `decksmith cards [--game G] [QUERY]`

use super::{emit, Context, Output};
use crate::card_db::{Card, Game};
use crate::error::Error;
use crate::names;
use crate::report::human::new_table;
use crate::report::json::{self, CardJson};
use crate::report::Status;
use clap::Args;
use std::io::Write;

#[derive(Debug, Args)]
pub struct CardsArgs {
    /// Words to find in the card's name, id or type (all cards when absent).
    pub query: Option<String>,
    /// Only cards of this game.
    #[arg(long, value_parser = super::offer::game(), hide_possible_values = true)]
    pub game: Option<String>,
    #[arg(long, value_enum, default_value_t)]
    pub output: Output,
}

pub fn run(ctx: &Context, args: CardsArgs, out: &mut dyn Write) -> Result<Status, Error> {
    let catalog = ctx.catalog()?;
    let games: Vec<&Game> = match &args.game {
        Some(g) => vec![catalog.game(g)?],
        None => catalog.games.values().collect(),
    };
    let query = args.query.as_deref().map(names::key);
    let matches = |card: &Card| {
        query.as_ref().is_none_or(|q| {
            names::key(card.name()).contains(q.as_str())
                || names::key(card.id()) == *q
                || names::key(card.kind()) == *q
        })
    };
    let rows: Vec<CardJson> = games
        .iter()
        .flat_map(|g| {
            g.cards
                .iter()
                .filter(|c| matches(c))
                .map(|c| CardJson::of(g, c))
        })
        .collect();
    let text = match args.output {
        Output::Json => json::to_string(&rows),
        Output::Human => {
            let mut table = new_table(ctx.colour);
            table.set_header(vec!["id", "name", "type", "cost", "stats", "set"]);
            for c in &rows {
                table.add_row(vec![
                    c.id.to_owned(),
                    c.name.to_owned(),
                    c.kind.to_owned(),
                    cost(c),
                    stats(c),
                    c.set.to_owned(),
                ]);
            }
            format!(
                "{table}\n{} found\n",
                crate::error::plural(rows.len(), "card")
            )
        }
    };
    emit(out, &text)?;
    Ok(Status::Success)
}

fn cost(c: &CardJson) -> String {
    if !c.attribute_cost.is_empty() || c.free_cost.is_some() {
        let mut parts: Vec<String> = c.attribute_cost.iter().map(|a| a.to_string()).collect();
        if let Some(free) = c.free_cost.filter(|&f| f > 0) {
            parts.push(free.to_string());
        }
        return parts.join(" ");
    }
    c.cost.map_or_else(String::new, |n| n.to_string())
}

fn stats(c: &CardJson) -> String {
    let mut parts = Vec::new();
    if let Some(a) = c.attack {
        parts.push(format!("attack {a}"));
    }
    if let Some(hp) = c.hp {
        parts.push(format!("HP {hp}"));
    }
    if let (Some(atk), Some(def)) = (c.atk, c.def) {
        parts.push(format!("{atk}/{def}"));
    }
    if let (Some(colour), Some(v)) = (c.colour, c.value) {
        parts.push(format!("{colour} {v}"));
    }
    if !c.attribute.is_empty() && c.kind == "magic-stone" {
        parts.push(format!("produces {}", c.attribute.join("/")));
    }
    if c.basic == Some(true) {
        parts.push("basic".into());
    }
    if c.legendary {
        parts.push("Legendary".into());
    }
    parts.join(", ")
}
