//! Integration tests: the real `decksmith` binary, driven like a user would.

mod boundaries;
mod examples;
mod support;
mod validate_cli;
