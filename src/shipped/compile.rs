//! The build script's work on one shipped TOML file (`src/build.rs` includes this file, and so
//! do the tests): its tree of values with their spans, in the compact form `de.rs` reads, or
//! why it has none, as `path:line:column: what is wrong`.
//!
//! A file is the length of its string table, the table (every key and string of the file, in
//! the order of their nodes, as UTF-8) and the node of its top table. A node is its span (start
//! and end), a tag byte and the value: a string (tag 0) or a datetime as TOML writes it (4) as
//! its length in the table, an integer (1) or a float (2) as eight bytes, a boolean (3) as one
//! byte, an array (5) or a table (6) as its count of entries (nodes; key and value nodes), its
//! length in bytes, the length of its strings in the table, and the entries. Every number is
//! four bytes and every value little-endian.
//!
//! The lengths let the reader hand a nested value over without walking it: start-up reads
//! every card once, not once per level of nesting. One table lets it check a file's UTF-8 once
//! rather than once per string, and numbers of one width read without a loop (varints and
//! checking each string were two fifths of reading a card).

use std::ops::Range;
use toml::de::{DeTable, DeValue};

/// The compiled form of `text`, the shipped file `rel`; `Err` when it is not TOML or holds a
/// value with no compiled form.
pub fn compile(rel: &str, text: &str) -> Result<Vec<u8>, String> {
    let root = DeTable::parse(text).map_err(|e| at(rel, text, e.span(), e.message()))?;
    let mut out = Out::default();
    out.span(root.span());
    table(&mut out, root.get_ref()).map_err(|(span, e)| at(rel, text, Some(span), &e))?;
    let mut file = Vec::with_capacity(4 + out.strings.len() + out.bytes.len());
    file.extend_from_slice(&number(out.strings.len()));
    file.extend_from_slice(out.strings.as_bytes());
    file.extend_from_slice(&out.bytes);
    Ok(file)
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

fn number(n: usize) -> [u8; 4] {
    u32::try_from(n)
        .expect("a shipped file and its compiled form are under 4 GiB")
        .to_le_bytes()
}

/// Nodes written, and the strings they put in the table, in order.
#[derive(Default)]
struct Out {
    bytes: Vec<u8>,
    strings: String,
}

impl Out {
    fn number(&mut self, n: usize) {
        self.bytes.extend_from_slice(&number(n));
    }

    fn span(&mut self, span: Range<usize>) {
        self.number(span.start);
        self.number(span.end);
    }

    fn str(&mut self, tag: u8, s: &str) {
        self.bytes.push(tag);
        self.number(s.len());
        self.strings.push_str(s);
    }

    /// An array's or table's count, lengths and entries.
    fn container(&mut self, tag: u8, count: usize, entries: Out) {
        self.bytes.push(tag);
        self.number(count);
        self.number(entries.bytes.len());
        self.number(entries.strings.len());
        self.bytes.extend_from_slice(&entries.bytes);
        self.strings.push_str(&entries.strings);
    }
}

/// A value's node; `Err` says where and why a value has no compiled form.
fn node(out: &mut Out, value: &DeValue, place: Range<usize>) -> Result<(), Refused> {
    out.span(place.clone());
    match value {
        DeValue::String(s) => out.str(0, s),
        DeValue::Integer(i) => match i64::from_str_radix(i.as_str(), i.radix()) {
            Ok(n) => {
                out.bytes.push(1);
                out.bytes.extend_from_slice(&n.to_le_bytes());
            }
            Err(_) => return Err((place, format!("integer `{i}` does not fit 64 bits"))),
        },
        DeValue::Float(f) => match f.as_str().parse::<f64>() {
            Ok(x) => {
                out.bytes.push(2);
                out.bytes.extend_from_slice(&x.to_le_bytes());
            }
            Err(_) => return Err((place, format!("float `{f}` is not a number"))),
        },
        DeValue::Boolean(b) => out.bytes.extend_from_slice(&[3, u8::from(*b)]),
        DeValue::Datetime(d) => out.str(4, &d.to_string()),
        DeValue::Array(items) => {
            let mut entries = Out::default();
            for item in items.iter() {
                node(&mut entries, item.get_ref(), item.span())?;
            }
            out.container(5, items.len(), entries);
        }
        DeValue::Table(t) => table(out, t)?,
    }
    Ok(())
}

/// A table's tag, count, lengths and entries, in the order the file writes them.
fn table(out: &mut Out, table: &DeTable) -> Result<(), Refused> {
    let mut entries = Out::default();
    for (key, value) in table.iter() {
        entries.span(key.span());
        entries.str(0, key.get_ref());
        node(&mut entries, value.get_ref(), value.span())?;
    }
    out.container(6, table.len(), entries);
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
