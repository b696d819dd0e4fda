use clap::Parser;
use decksmith::cli::{self, Cli};
use decksmith::report::{human, Status};
use std::io::{BufWriter, IsTerminal, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
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
