//! `decksmith formats`

use super::{emit, Context, Output};
use crate::error::Error;
use crate::report::human::new_table;
use crate::report::json::{self, FormatJson};
use crate::report::Status;
use crate::validate::format::Format;
use clap::Args;
use std::io::Write;

#[derive(Debug, Args)]
pub struct FormatsArgs {
    #[arg(long, value_enum, default_value_t)]
    pub output: Output,
}

pub fn run(ctx: &Context, args: FormatsArgs, out: &mut dyn Write) -> Result<Status, Error> {
    let catalog = ctx.catalog()?;
    if let Some(g) = ctx.game() {
        catalog.game(g)?;
    }
    let formats: Vec<&Format> = catalog
        .formats
        .values()
        .filter(|f| ctx.game().is_none_or(|g| f.game == g))
        .collect();
    let rows: Vec<FormatJson> = formats.iter().map(|f| FormatJson::of(f)).collect();
    let text = match args.output {
        Output::Json => json::to_string(&rows),
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
            // An id is what `--format` takes: cut in two, it cannot be copied.
            if let Some(id) = table.column_mut(0) {
                id.set_constraint(comfy_table::ColumnConstraint::ContentWidth);
            }
            format!("{table}\n")
        }
    };
    emit(out, &text)?;
    Ok(Status::Success)
}
