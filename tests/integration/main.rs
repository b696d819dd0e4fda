//! Integration tests: the real `decksmith` binary, driven like a user would.

mod batch;
mod boundaries;
mod builder;
mod ci_files;
mod ci_match;
mod ci_output;
mod convert;
mod data_errors;
mod db_diff;
mod docs;
mod edit;
mod encodings;
mod examples;
mod foreign;
mod fow_match;
mod json_docs;
mod json_schema;
mod matches;
mod readme;
mod robustness;
mod shell;
mod sim;
mod skirmish_match;
mod skirmish_rules;
mod support;
mod validate_cli;
