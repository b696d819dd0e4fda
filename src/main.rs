use decksmith::cli::{self, Cli};
use decksmith::report::{human, Status};
use std::io::{BufWriter, IsTerminal, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    // clap's command tree is freed once parsed: the catalog then reuses its memory instead of
    // touching fresh pages, which costs more (docs/benchmarks.md, "Start-up, tenth pass").
    let cli = Cli::from_env();
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

/// The C library's `pow`, answered by the `libm` crate. The program's one `pow` is in indicatif's
/// rate estimate (`f64::powf`); with it defined here no symbol needs the system's `libm.so`, so
/// the loader does not map and relocate it at every start: 5 % of `decksmith validate DECK`
/// (docs/benchmarks.md, "Start-up, twelfth pass"). The rest of the program calls the `libm`
/// crate directly; a test checks that the binary does not ask for `libm.so`.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[no_mangle]
pub extern "C" fn pow(x: f64, y: f64) -> f64 {
    libm::pow(x, y)
}
