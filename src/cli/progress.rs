//! The progress bar of the long commands (`sim`, `validate` of many decks): on standard error,
//! only on a terminal and never under CI, so that logs and piped output hold no bar frames.

use crate::error::Error;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;

/// A bar counting a run's steps, or nothing at all where none is drawn: not indicatif's hidden
/// bar, which still keeps its rate estimate at every step.
pub struct Progress(Option<ProgressBar>);

impl Progress {
    /// A bar of `count()` steps drawn with `template` (indicatif's), when standard error is a
    /// terminal, `CI` is not set and the run has at least `min` steps. `count` is called only
    /// where a bar may be drawn, as counting can cost a walk of folders.
    pub fn new(
        template: &str,
        min: u64,
        count: impl FnOnce() -> Result<u64, Error>,
    ) -> Result<Progress, Error> {
        let ci = std::env::var_os("CI").is_some_and(|v| !v.is_empty() && v != "false" && v != "0");
        let terminal = std::io::stderr().is_terminal();
        let steps = if terminal && !ci { count()? } else { 0 };
        if !wanted(terminal, ci, steps, min) {
            return Ok(Progress(None));
        }
        let bar = ProgressBar::new(steps);
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style);
        }
        Ok(Progress(Some(bar)))
    }

    /// One more step done (from any thread).
    pub fn step(&self) {
        if let Some(bar) = &self.0 {
            bar.inc(1);
        }
    }

    /// Runs `f` with the bar off the terminal, so that what `f` prints is not drawn over.
    pub fn suspend<T>(&self, f: impl FnOnce() -> T) -> T {
        match &self.0 {
            Some(bar) => bar.suspend(f),
            None => f(),
        }
    }

    /// Takes the bar off the terminal for good.
    pub fn finish(self) {
        if let Some(bar) = self.0 {
            bar.finish_and_clear();
        }
    }
}

/// Whether to draw progress: only on a terminal, never under CI, and only for long runs.
fn wanted(stderr_is_terminal: bool, ci: bool, steps: u64, min: u64) -> bool {
    stderr_is_terminal && !ci && steps >= min
}

#[cfg(test)]
mod tests {
    use super::wanted;

    #[test]
    fn progress_only_on_a_terminal_outside_ci_for_long_runs() {
        assert!(wanted(true, false, 10_000, 200));
        assert!(!wanted(false, false, 10_000, 200), "piped");
        assert!(!wanted(true, true, 10_000, 200), "CI");
        assert!(!wanted(true, false, 3, 200), "short run");
    }
}
