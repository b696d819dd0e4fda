use clap::{CommandFactory, FromArgMatches};
use decksmith::cli::{self, Cli};
use decksmith::report::{human, Status};
use std::io::{BufWriter, IsTerminal, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    // `Cli::parse`, except that clap's command tree is not freed: the process is about to
    // exit, and freeing it was 63,000 of a `validate`'s 1.5 M instructions. Kept, its memory
    // is not reused by the catalog (16 more page faults); measured, still faster.
    let mut command = Cli::command();
    let cli = match command.try_get_matches_from_mut(std::env::args_os()) {
        Ok(mut matches) => {
            Cli::from_arg_matches_mut(&mut matches).map_err(|e| e.format(&mut command))
        }
        Err(e) => Err(e),
    }
    .unwrap_or_else(|e| e.exit());
    std::mem::forget(command);
    let colour = cli.global.color.enabled(std::io::stderr().is_terminal());
    // Standard output is line-buffered: a batch report of 10,000 decks was 10,000 writes.
    let mut out = BufWriter::new(std::io::stdout().lock());
    match cli::run(cli, &mut out) {
        Ok(Status::Success) => ExitCode::SUCCESS,
        Ok(Status::Failed) => ExitCode::from(1),
        Err(error) => {
            // What was written goes out before the error, as it did unbuffered; the error is
            // what matters if the write fails again.
            let _ = out.flush();
            eprint!("{}", human::error(&error, colour));
            ExitCode::from(2)
        }
    }
}
