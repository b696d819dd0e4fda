use clap::Parser;
use decksmith::cli::{self, Cli, Status};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let colour = cli.global.color;
    match cli::run(cli, &mut std::io::stdout().lock()) {
        Ok(Status::Success) => ExitCode::SUCCESS,
        Ok(Status::Failed) => ExitCode::from(1),
        Err(error) => {
            eprint!("{}", decksmith::report::human::error(&error, colour));
            ExitCode::from(2)
        }
    }
}
