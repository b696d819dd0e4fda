//! Integration tests: the real `decksmith` binary, driven like a user would.

mod examples;
mod support;
