//! `decksmith db check [PATH...]`

use super::{emit, Context, Output, Status};
use crate::card_db::lint;
use crate::catalog::{Catalog, FileKind, Sources};
use crate::diagnostic::render;
use crate::error::{plural, Error};
use clap::{Args, Subcommand};
use std::io::Write;
use std::path::PathBuf;

#[derive(Debug, Subcommand)]
pub enum DbCommand {
    /// Lint card databases and formats: duplicate ids or names, missing or out-of-range stats,
    /// Legendaries under their minimum cost, gaps in evolution lines, unknown fields and effect
    /// kinds, formats naming cards that do not exist.
    Check(CheckArgs),
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Files or folders to check (a `game.toml` defines a game; files below a `formats`
    /// folder are formats; other files hold cards). Default: the data in use.
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    #[arg(long, value_enum, default_value_t)]
    pub output: Output,
}

pub fn run(ctx: &Context, cmd: DbCommand, out: &mut dyn Write) -> Result<Status, Error> {
    match cmd {
        DbCommand::Check(args) => check(ctx, args, out),
    }
}

fn check(ctx: &Context, args: CheckArgs, out: &mut dyn Write) -> Result<Status, Error> {
    let (catalog, mut problems) = if args.paths.is_empty() {
        Catalog::load_with_problems(&ctx.data, false)?
    } else {
        let mut sources = Sources::default();
        for path in &args.paths {
            sources.files.extend(Sources::read(path, None)?.files);
        }
        // Card files for a game defined elsewhere are checked against the game definitions in
        // use, so `db check card-db/jforce/strikes.toml` works on its own.
        let has_games = sources.files.iter().any(|(k, _)| *k == FileKind::Game);
        let base = if has_games {
            None
        } else {
            Some(Catalog::load_with_problems(&ctx.data, false)?.0)
        };
        let base = base.map(|mut b| {
            b.formats.clear();
            b
        });
        Catalog::build(&sources, base.as_ref())
    };
    problems.extend(lint::lint(&catalog).problems);
    let errors = problems.iter().filter(|p| p.is_error()).count();
    let warnings = problems.len() - errors;
    let cards: usize = catalog.games.values().map(|g| g.cards.len()).sum();
    match args.output {
        Output::Human => {
            let mut text = render(&problems, ctx.colour);
            text.push_str(&format!(
                "checked {} with {} and {}: {}, {}\n",
                plural(catalog.games.len(), "game"),
                plural(cards, "card"),
                plural(catalog.formats.len(), "format"),
                plural(errors, "error"),
                plural(warnings, "warning"),
            ));
            emit(out, &text)?;
        }
        Output::Json => {
            let doc = serde_json::json!({
                "problems": crate::report::json::problems(&problems),
                "summary": {
                    "games": catalog.games.len(),
                    "cards": cards,
                    "formats": catalog.formats.len(),
                    "errors": errors,
                    "warnings": warnings,
                }
            });
            emit(out, &crate::report::json::to_string(&doc))?;
        }
    }
    Ok(if errors > 0 {
        Status::Failed
    } else {
        Status::Success
    })
}
