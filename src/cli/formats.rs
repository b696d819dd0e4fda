//! `decksmith formats`

use super::{emit, Context, Output, Status};
use crate::error::Error;
use crate::format::Format;
use crate::report::human::new_table;
use clap::Args;
use serde::Serialize;
use std::io::Write;

#[derive(Debug, Args)]
pub struct FormatsArgs {
    /// Only formats of this game.
    #[arg(long)]
    pub game: Option<String>,
    #[arg(long, value_enum, default_value_t)]
    pub output: Output,
}

#[derive(Serialize)]
struct FormatJson<'a> {
    id: &'a str,
    game: &'a str,
    name: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    description: Option<&'a str>,
    extends: Vec<&'a str>,
    zones: String,
    rules: Vec<&'static str>,
    revisions: Vec<String>,
}

pub fn run(ctx: &Context, args: FormatsArgs, out: &mut dyn Write) -> Result<Status, Error> {
    let catalog = ctx.catalog()?;
    if let Some(g) = &args.game {
        catalog.game(g)?;
    }
    let formats: Vec<&Format> = catalog
        .formats
        .values()
        .filter(|f| args.game.as_ref().is_none_or(|g| &f.game == g))
        .collect();
    let rows: Vec<FormatJson> = formats
        .iter()
        .map(|f| FormatJson {
            id: &f.id,
            game: &f.game,
            name: &f.name,
            description: f.description.as_deref(),
            extends: f.parents.iter().map(String::as_str).collect(),
            zones: zones(f),
            rules: f.rule_kinds().collect(),
            revisions: f
                .revisions
                .iter()
                .map(|r| r.effective.to_string())
                .collect(),
        })
        .collect();
    let text = match args.output {
        Output::Json => crate::report::json::to_string(&rows),
        Output::Human => {
            let mut table = new_table(ctx.colour);
            table.set_header(vec!["id", "game", "name", "zones", "rules"]);
            for row in &rows {
                let mut rules = row.rules.join(", ");
                if !row.revisions.is_empty() {
                    rules.push_str(&format!("; lists from {}", row.revisions.join(", ")));
                }
                table.add_row(vec![row.id, row.game, row.name, &row.zones, &rules]);
            }
            format!("{table}\n")
        }
    };
    emit(out, &text)?;
    Ok(Status::Success)
}

fn zones(f: &Format) -> String {
    f.zones
        .iter()
        .map(|(zone, l)| {
            let size = match (l.exact, l.min, l.max) {
                (Some(e), _, _) => e.to_string(),
                (None, Some(lo), Some(hi)) => format!("{lo}–{hi}"),
                (None, Some(lo), None) => format!("≥{lo}"),
                (None, None, Some(hi)) => format!("≤{hi}"),
                (None, None, None) => "any".into(),
            };
            format!("{zone} {size}")
        })
        .collect::<Vec<_>>()
        .join(", ")
}
