//! `decksmith schema KIND`: JSON Schemas for the TOML files people write, so editors (through
//! taplo, for instance) validate and complete them as they type.
//!
//! The schemas are derived from the very types decksmith reads (schemars), so they cannot
//! drift from the reader: `deny_unknown_fields` becomes `additionalProperties: false`, doc
//! comments become descriptions, and defaults are filled in.

use super::{emit, Context, Status};
use crate::card_db::{CardFile, GameFile};
use crate::error::Error;
use crate::validate::format::FormatFile;
use clap::{Args, ValueEnum};
use schemars::generate::SchemaSettings;
use schemars::JsonSchema;
use std::io::Write;

#[derive(Debug, Args)]
pub struct SchemaArgs {
    /// Which file kind.
    #[arg(value_enum)]
    pub kind: SchemaKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SchemaKind {
    /// A card file, `card-db/<game>/*.toml` (every file there but `game.toml`).
    CardDb,
    /// A game definition, `card-db/<game>/game.toml`.
    Game,
    /// A format definition, `formats/*.toml`.
    Format,
    /// A deck list in the TOML encoding (`*.toml` beside `.deck` lists); the JSON encoding
    /// has the same shape.
    Deck,
    /// A match script, `*.match.toml`.
    Script,
}

pub fn run(_ctx: &Context, args: SchemaArgs, out: &mut dyn Write) -> Result<Status, Error> {
    emit(out, &crate::report::json::to_string(&schema(args.kind)))?;
    Ok(Status::Success)
}

/// The draft-07 schema of a file kind (draft-07 is what taplo and most editors understand).
pub fn schema(kind: SchemaKind) -> serde_json::Value {
    match kind {
        SchemaKind::CardDb => root::<CardFile>("decksmith card file"),
        SchemaKind::Game => root::<GameFile>("decksmith game definition"),
        SchemaKind::Format => root::<FormatFile>("decksmith format"),
        SchemaKind::Deck => root::<crate::encoding::toml::File>("decksmith deck list"),
        SchemaKind::Script => root::<crate::engine::script::ScriptFile>("decksmith match script"),
    }
}

fn root<T: JsonSchema>(title: &str) -> serde_json::Value {
    let schema = SchemaSettings::draft07()
        .into_generator()
        .into_root_schema_for::<T>();
    let mut value = schema.to_value();
    if let Some(object) = value.as_object_mut() {
        object.insert("title".into(), title.into());
    }
    value
}
