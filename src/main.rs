use clap::Parser;
use decksmith::cli::{self, Cli};
use decksmith::report::{human, Status};
use std::io::IsTerminal;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let colour = cli.global.color.enabled(std::io::stderr().is_terminal());
    match cli::run(cli, &mut std::io::stdout().lock()) {
        Ok(Status::Success) => ExitCode::SUCCESS,
        Ok(Status::Failed) => ExitCode::from(1),
        Err(error) => {
            eprint!("{}", human::error(&error, colour));
            ExitCode::from(2)
        }
    }
}
