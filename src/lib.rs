//! decksmith: card databases, format definitions, deck lists and their validation.
#![warn(clippy::print_stdout, clippy::print_stderr)]

pub mod card_db;
pub mod catalog;
pub mod check;
pub mod cli;
pub mod collection;
pub mod date;
pub(crate) mod db_diff;
pub mod deck;
pub mod deck_diff;
pub mod diagnostic;
pub(crate) mod edit;
pub mod encoding;
pub mod engine;
pub mod error;
pub(crate) mod git;
// The fuzz targets' entry points: built for them (cargo-fuzz sets `--cfg fuzzing`) and for the
// corpus replay in the library's tests, never into the binary.
#[cfg(any(test, fuzzing))]
pub mod fuzz;
pub(crate) mod goldfish;
pub(crate) mod line_index;
pub mod lint;
pub(crate) mod names;
pub(crate) mod paths;
pub mod pool;
pub mod report;
pub mod search;
pub(crate) mod sim;
pub mod stats;
pub mod tui;
pub mod validate;
pub(crate) mod xml;
