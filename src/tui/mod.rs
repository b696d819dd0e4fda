//! `decksmith edit DECK`: the interactive builder. The search, the deck, its verdict and its
//! numbers on one screen, changed a keystroke at a time through the same lossless edits as
//! `add` and `remove`.
//!
//! [`app`] is the state machine (no terminal), [`ui`] draws it into a ratatui frame, and
//! [`term`] runs it on a real terminal.

pub mod app;
pub mod term;
pub mod ui;

pub use app::{App, Flow, Pane};

#[cfg(test)]
mod tests;
