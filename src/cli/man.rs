//! `decksmith man [COMMAND...]`: the manual page, in roff, generated from the clap definitions
//! (`decksmith man | man -l -`, or `decksmith man > decksmith.1`). With a command path, the
//! page of that command (`decksmith man db diff` → `decksmith-db-diff(1)`).

use super::{full_command, Context, Status};
use crate::error::Error;
use clap::Args;
use std::io::Write;

#[derive(Debug, Args)]
pub struct ManArgs {
    /// A command (or command and subcommand) whose page to print instead of the main page.
    #[arg(value_name = "COMMAND")]
    pub command: Vec<String>,
}

pub fn run(_ctx: &Context, args: ManArgs, out: &mut dyn Write) -> Result<Status, Error> {
    let mut command = full_command();
    // The NAME line is `decksmith \- <about>`: an about that starts with the name says it twice.
    let about = command.get_about().map(ToString::to_string);
    if let Some(rest) = about.as_deref().and_then(|a| a.strip_prefix("decksmith: ")) {
        command = command.about(rest.to_owned());
    }
    command.build();
    let mut name = String::from("decksmith");
    for word in &args.command {
        let known: Vec<String> = command
            .get_subcommands()
            .map(|c| c.get_name().to_owned())
            .collect();
        let Some(sub) = command.find_subcommand(word).cloned() else {
            return Err(Error::usage_with_help(
                format!("`{name}` has no command `{word}`"),
                match crate::names::suggest(word, known.iter().map(String::as_str)) {
                    Some(s) => format!("did you mean `{s}`?"),
                    None => format!("its commands are: {}", known.join(", ")),
                },
            ));
        };
        name = format!("{name}-{}", sub.get_name());
        command = sub
            .display_name(name.clone())
            .bin_name(name.replace('-', " "))
            .version(env!("CARGO_PKG_VERSION"));
    }
    let mut page = Vec::new();
    clap_mangen::Man::new(command)
        .render(&mut page)
        .map_err(super::write_error)?;
    out.write_all(&page).map_err(super::write_error)?;
    Ok(Status::Success)
}
