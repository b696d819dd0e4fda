//! `decksmith completions SHELL`: a completion script generated from the clap definitions.

use super::{full_command, Context, Status};
use crate::error::Error;
use clap::Args;
use clap_complete::Shell;
use std::io::Write;

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for. Bash: `decksmith completions bash > /etc/bash_completion.d/decksmith`;
    /// zsh: write it as `_decksmith` into a folder on `$fpath`; fish: into
    /// `~/.config/fish/completions/decksmith.fish`.
    #[arg(value_enum)]
    pub shell: Shell,
}

pub fn run(_ctx: &Context, args: CompletionsArgs, out: &mut dyn Write) -> Result<Status, Error> {
    let mut command = full_command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "decksmith", &mut script);
    out.write_all(&script).map_err(super::write_error)?;
    Ok(Status::Success)
}
