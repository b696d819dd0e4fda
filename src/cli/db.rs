//! `decksmith db check [PATH...]`

use super::{emit, Context};
use crate::check::check_data;
use crate::error::Error;
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
