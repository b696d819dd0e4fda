//! The compiled form of one shipped TOML file: its tree of values, each with the byte range it
//! has in the text. `src/build.rs` writes it with postcard; start-up reads those bytes in place
//! (`de.rs` walks postcard's encoding of these types, so the variants' order is the format),
//! and the tests write trees with it to check that reader. It uses nothing but serde.

use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::ops::Range;

/// A value and where the TOML text writes it.
#[derive(Debug, Serialize, Deserialize)]
pub struct Node<'a> {
    pub span: Range<usize>,
    #[serde(borrow)]
    pub value: Value<'a>,
}

/// A TOML value. Integers are whole numbers that fit an `i64` and a datetime is kept as TOML
/// writes it: the build script refuses anything else, so every shipped value has one form.
#[derive(Debug, Serialize, Deserialize)]
pub enum Value<'a> {
    String(&'a str),
    Integer(i64),
    Float(f64),
    Boolean(bool),
    Datetime(#[serde(borrow)] Cow<'a, str>),
    Array(#[serde(borrow)] Vec<Node<'a>>),
    /// Keys (strings, with their spans) and values, in the order the file writes them.
    Table(#[serde(borrow)] Vec<(Node<'a>, Node<'a>)>),
}
