//! Deck list encodings, one file each.

pub mod text;
