//! `decksmith cards [--game G] [QUERY...] [--sort FIELD] [--reverse] [--limit N]`

use super::{emit, Context, Output};
use crate::card_db::Game;
use crate::date::Date;
use crate::error::Error;
use crate::report::human::new_table;
use crate::report::json::{self, CardJson};
use crate::report::Status;
use crate::search::{self, Query, SortKey};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct CardsArgs {
    /// A query in the search language (`t:strike cost<=2 -c:red`, docs/search.md); plain
    /// words find names, ids and types. Several arguments are joined with spaces. All cards
    /// when absent.
    #[arg(value_name = "QUERY")]
    pub query: Vec<String>,
    /// Order by name, id, set, type, game or a stat of the games searched (cost, attack, hp,
    /// atk, def, free-cost, value, or a data-only game's own); default: database order.
    #[arg(long, value_name = "FIELD", value_parser = |s: &str| Ok::<_, String>(SortKey::named(s)))]
    pub sort: Option<SortKey>,
    /// Reverse the order.
    #[arg(long)]
    pub reverse: bool,
    /// Show at most this many cards.
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// Day for `legal:` and `banned:` (YYYY-MM-DD); default today.
    #[arg(long, value_parser = |s: &str| s.parse::<Date>())]
    pub date: Option<Date>,
    /// A collection (a collection CSV or a card list in any deck encoding,
    /// docs/collection.md), for the term `owned` (`owned>=2`, `-owned`).
    #[arg(long, value_name = "COLLECTION")]
    pub have: Option<PathBuf>,
    #[arg(long, value_enum, default_value_t)]
    pub output: Output,
}

pub fn run(ctx: &Context, args: CardsArgs, out: &mut dyn Write) -> Result<Status, Error> {
    let catalog = ctx.catalog()?;
    let games: Vec<&Game> = match ctx.game() {
        Some(g) => vec![catalog.game(g)?],
        None => catalog.games.values().collect(),
    };
    let query = Query::parse(&args.query.join(" "))
        .map_err(Error::Query)?
        .having(args.have.is_some());
    query.check(&games, &catalog).map_err(Error::Query)?;
    if let Some(key @ SortKey::Stat(stat)) = &args.sort {
        key.check(&games).map_err(|help| {
            Error::usage_with_help(format!("no field or stat `{stat}` to sort by"), help)
        })?;
    }
    let date = args.date.unwrap_or_else(Date::today);
    let have = (args.have.as_deref())
        .map(|path| super::have(path, &catalog, &games, ctx.colour))
        .transpose()?;
    let mut hits = search::find_having(&query, &games, &catalog, date, have.as_ref());
    if let Some(key) = &args.sort {
        search::sort(&mut hits, key, args.reverse);
    } else if args.reverse {
        hits.reverse();
    }
    hits.truncate(args.limit.unwrap_or(usize::MAX));
    let rows: Vec<CardJson> = hits
        .iter()
        .map(|h| CardJson::of(h.game, h.card()))
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
    match (c.colour, c.value) {
        (Some(colour), Some(v)) => parts.push(format!("{} {v}", colour.as_slice().join("/"))),
        (Some(colour), None) => parts.push(colour.as_slice().join("/")),
        _ => {}
    }
    if !c.attribute.is_empty() && c.kind == "magic-stone" {
        parts.push(format!("produces {}", c.attribute.join("/")));
    }
    if c.basic == Some(true) {
        parts.push("basic".into());
    }
    for (stat, v) in &c.stats {
        parts.push(format!("{stat} {v}"));
    }
    if c.legendary {
        parts.push("Legendary".into());
    }
    parts.join(", ")
}
