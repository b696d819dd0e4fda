//! `decksmith cards [--game G] [QUERY]`

use super::{emit, Context, Output, Status};
use crate::card_db::{Card, Game};
use crate::error::Error;
use crate::names;
use crate::report::human::new_table;
use clap::Args;
use serde::Serialize;
use std::io::Write;

#[derive(Debug, Args)]
pub struct CardsArgs {
    /// Words to find in the card's name, id or type (all cards when absent).
    pub query: Option<String>,
    /// Only cards of this game.
    #[arg(long)]
    pub game: Option<String>,
    #[arg(long, value_enum, default_value_t)]
    pub output: Output,
}

#[derive(Serialize)]
struct CardJson<'a> {
    id: &'a str,
    name: &'a str,
    game: &'a str,
    #[serde(rename = "type")]
    kind: &'a str,
    set: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    cost: Option<i64>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    attribute_cost: Vec<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    free_cost: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    attack: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hp: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    atk: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    def: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    colour: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<i64>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    attribute: Vec<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    basic: Option<bool>,
    legendary: bool,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    keywords: Vec<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    text: Option<&'a str>,
    invented: bool,
}

fn to_json<'a>(game: &'a Game, card: &'a Card) -> CardJson<'a> {
    let v = |s: &Option<toml::Spanned<i64>>| s.as_ref().map(|x| *x.get_ref());
    let strs = |v: &'a [toml::Spanned<String>]| v.iter().map(|s| s.get_ref().as_str()).collect();
    CardJson {
        id: card.id(),
        name: card.name(),
        game: game.id(),
        kind: card.kind(),
        set: card.set(),
        cost: card.cost().or_else(|| card.will_cost()),
        attribute_cost: strs(&card.attribute_cost),
        free_cost: v(&card.free_cost),
        attack: v(&card.attack),
        hp: v(&card.hp),
        atk: v(&card.atk),
        def: v(&card.def),
        colour: card.colour(),
        value: v(&card.value),
        attribute: strs(&card.attribute),
        basic: (card.kind() == "magic-stone").then_some(card.basic),
        legendary: game.is_legendary(card),
        keywords: strs(&card.keywords),
        text: card.text.as_deref().or(card.ability.as_deref()),
        invented: card.invented,
    }
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
        .flat_map(|g| g.cards.iter().filter(|c| matches(c)).map(|c| to_json(g, c)))
        .collect();
    let text = match args.output {
        Output::Json => crate::report::json::to_string(&rows),
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
