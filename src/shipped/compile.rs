//! The build script's work on one shipped TOML file (`src/build.rs` includes this file, and so
//! do the tests): its tree of values with their spans, in the compact form `de.rs` reads, or
//! why it has none, as `path:line:column: what is wrong`.
//!
//! A node is its span (two varints), a tag (a varint) and the value: a string (tag 0) or a
//! datetime as TOML writes it (4) as a varint length and UTF-8 bytes, an integer (1) as a
//! zigzag varint, a float (2) as eight little-endian bytes, a boolean (3) as one byte, an array
//! (5) or a table (6) as a varint count of entries (nodes; key and value nodes), a varint
//! length in bytes and the entries. The length lets the reader hand a nested value over
//! without walking it: start-up reads every card once, not once per level of nesting.

use std::ops::Range;
use toml::de::{DeTable, DeValue};

/// The compiled form of `text`, the shipped file `rel`; `Err` when it is not TOML or holds a
/// value with no compiled form.
pub fn compile(rel: &str, text: &str) -> Result<Vec<u8>, String> {
    let root = DeTable::parse(text).map_err(|e| at(rel, text, e.span(), e.message()))?;
    let mut out = Vec::with_capacity(text.len());
    span(&mut out, root.span());
    table(&mut out, root.get_ref()).map_err(|(span, e)| at(rel, text, Some(span), &e))?;
    Ok(out)
}

/// `rel:line:column: what`, the column counted in characters, both from 1.
fn at(rel: &str, text: &str, span: Option<Range<usize>>, what: &str) -> String {
    let what = what.trim().replace('\n', "; ");
    let Some(before) = span.and_then(|s| text.get(..s.start)) else {
        return format!("{rel}: {what}");
    };
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    format!("{rel}:{line}:{column}: {what}")
}

type Refused = (Range<usize>, String);

fn varint(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push(n as u8 | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

fn span(out: &mut Vec<u8>, span: Range<usize>) {
    varint(out, span.start as u64);
    varint(out, span.end as u64);
}

fn str(out: &mut Vec<u8>, tag: u64, s: &str) {
    varint(out, tag);
    varint(out, s.len() as u64);
    out.extend_from_slice(s.as_bytes());
}

/// An array's or table's count and byte length, then `entries`.
fn container(out: &mut Vec<u8>, tag: u64, count: usize, entries: &[u8]) {
    varint(out, tag);
    varint(out, count as u64);
    varint(out, entries.len() as u64);
    out.extend_from_slice(entries);
}

/// A value's node; `Err` says where and why a value has no compiled form.
fn node(out: &mut Vec<u8>, value: &DeValue, place: Range<usize>) -> Result<(), Refused> {
    span(out, place.clone());
    match value {
        DeValue::String(s) => str(out, 0, s),
        DeValue::Integer(i) => match i64::from_str_radix(i.as_str(), i.radix()) {
            Ok(n) => {
                varint(out, 1);
                varint(out, ((n << 1) ^ (n >> 63)) as u64);
            }
            Err(_) => return Err((place, format!("integer `{i}` does not fit 64 bits"))),
        },
        DeValue::Float(f) => match f.as_str().parse::<f64>() {
            Ok(x) => {
                varint(out, 2);
                out.extend_from_slice(&x.to_le_bytes());
            }
            Err(_) => return Err((place, format!("float `{f}` is not a number"))),
        },
        DeValue::Boolean(b) => {
            varint(out, 3);
            out.push(u8::from(*b));
        }
        DeValue::Datetime(d) => str(out, 4, &d.to_string()),
        DeValue::Array(items) => {
            let mut entries = Vec::new();
            for item in items.iter() {
                node(&mut entries, item.get_ref(), item.span())?;
            }
            container(out, 5, items.len(), &entries);
        }
        DeValue::Table(t) => table(out, t)?,
    }
    Ok(())
}

/// A table's tag, count, length and entries, in the order the file writes them.
fn table(out: &mut Vec<u8>, table: &DeTable) -> Result<(), Refused> {
    let mut entries = Vec::new();
    for (key, value) in table.iter() {
        span(&mut entries, key.span());
        str(&mut entries, 0, key.get_ref());
        node(&mut entries, value.get_ref(), value.span())?;
    }
    container(out, 6, table.len(), &entries);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::compile;

    /// A broken file fails the build with where and what, as a person would look for it.
    #[test]
    fn a_broken_shipped_file_is_refused_with_its_place_and_reason() {
        let refused = |text: &str| compile("card-db/skirmish/broken.toml", text).unwrap_err();
        assert_eq!(
            refused("game = \"skirmish\"\n\n[[cards]]\nid = SK-01\n"),
            "card-db/skirmish/broken.toml:4:6: string values must be quoted, expected literal string"
        );
        assert_eq!(
            refused("[[cards]]\nname = \"Déjà\"\nvalue = 99999999999999999999\n"),
            "card-db/skirmish/broken.toml:3:9: integer `99999999999999999999` does not fit 64 bits"
        );
        assert_eq!(
            refused("a = 1\na = 2\n"),
            "card-db/skirmish/broken.toml:2:1: duplicate key"
        );
    }
}
