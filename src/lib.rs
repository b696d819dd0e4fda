//! decksmith: card databases, format definitions, deck lists and their validation.
#![warn(clippy::print_stdout, clippy::print_stderr)]

pub mod card_db;
pub mod catalog;
pub mod check;
pub mod cli;
pub mod date;
pub mod db_diff;
pub mod deck;
pub mod diagnostic;
pub mod edit;
pub mod encoding;
pub mod engine;
pub mod error;
pub mod fuzz;
pub mod goldfish;
pub mod line_index;
pub mod lint;
pub mod names;
pub mod paths;
pub mod report;
pub mod search;
pub mod sim;
pub mod stats;
pub mod validate;
