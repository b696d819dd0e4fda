//! `decksmith db check [PATH...]`, `decksmith db import SOURCE -o DIR`

use super::{emit, Context, Output};
use crate::check::check_data;
use crate::error::Error;
use crate::pool::import;
use crate::report::{render, Outcome, ReportOutput, Status};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Files or folders to check (a `game.toml` defines a game; files below a `formats`
    /// folder are formats; other files hold cards). Default: the data in use.
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    #[arg(long, value_enum, default_value_t)]
    pub output: ReportOutput,
}

pub fn run(ctx: &Context, args: CheckArgs, out: &mut dyn Write) -> Result<Status, Error> {
    let outcome = check_data(&ctx.data, &args.paths)?;
    emit(out, &render(&outcome, args.output, ctx.colour))?;
    Ok(outcome.status())
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// Another tool's card pool: a Cockatrice card database (cards.xml, a custom set), or a
    /// LackeyCCG plugin folder (the one holding plugininfo.txt), its sets/ folder, or one of
    /// its set files.
    #[arg(value_name = "SOURCE")]
    pub source: PathBuf,
    /// The card database folder to write: a card file per set, formats in its formats/.
    /// An earlier import there is replaced whole.
    #[arg(short, long, value_name = "DIR")]
    pub output_dir: PathBuf,
    /// Replace DIR even if it holds files no import wrote.
    #[arg(long)]
    pub force: bool,
    #[arg(long, value_enum, default_value_t)]
    pub output: Output,
}

pub fn run_import(ctx: &Context, args: ImportArgs, out: &mut dyn Write) -> Result<Status, Error> {
    let catalog = ctx.catalog()?;
    // Anything but a Cockatrice database is LackeyCCG's: a plugin, its `sets/`, one set file.
    let tool = import::Tool::of(&args.source).unwrap_or(import::Tool::Lackey);
    let imported = import::read(&args.source, tool, &catalog.games, ctx.game())?;
    let marker = format!(
        "Written by `decksmith db import` from the {} `{}`; a re-import replaces this folder.\n",
        imported.tool,
        args.source.display()
    );
    import::write(&args.output_dir, &imported.files, &marker, args.force)?;
    let text = match args.output {
        Output::Human => imported.human(&args.output_dir),
        Output::Json => {
            let report = imported.report(&args.output_dir);
            serde_json::to_string_pretty(&report).map_err(|e| Error::usage(e.to_string()))? + "\n"
        }
    };
    emit(out, &text)?;
    Ok(Status::Success)
}
