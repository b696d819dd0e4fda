//! The build script's work on one shipped TOML file (`src/build.rs` includes this file, and so
//! do the tests): its tree of values with their spans (`node.rs`), or why it has none, as
//! `path:line:column: what is wrong`.

use super::node::{Node, Value};
use std::ops::Range;
use toml::de::{DeTable, DeValue};

/// The compiled form of `text`, the shipped file `rel`; `Err` when it is not TOML or holds a
/// value with no compiled form.
pub fn compile(rel: &str, text: &str) -> Result<Vec<u8>, String> {
    let root = DeTable::parse(text).map_err(|e| at(rel, text, e.span(), e.message()))?;
    let table = table_nodes(root.get_ref()).map_err(|(span, e)| at(rel, text, Some(span), &e))?;
    let tree = Node {
        span: root.span(),
        value: Value::Table(table),
    };
    postcard::to_allocvec(&tree).map_err(|e| format!("{rel}: {e}"))
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

/// The tree of a TOML value; `Err` says where and why a value has no compiled form.
fn node<'a>(value: &'a DeValue<'a>, span: Range<usize>) -> Result<Node<'a>, Refused> {
    let value = match value {
        DeValue::String(s) => Value::String(s),
        DeValue::Integer(i) => match i64::from_str_radix(i.as_str(), i.radix()) {
            Ok(n) => Value::Integer(n),
            Err(_) => return Err((span, format!("integer `{i}` does not fit 64 bits"))),
        },
        DeValue::Float(f) => match f.as_str().parse() {
            Ok(x) => Value::Float(x),
            Err(_) => return Err((span, format!("float `{f}` is not a number"))),
        },
        DeValue::Boolean(b) => Value::Boolean(*b),
        DeValue::Datetime(d) => Value::Datetime(d.to_string().into()),
        DeValue::Array(items) => Value::Array(
            (items.iter())
                .map(|item| node(item.get_ref(), item.span()))
                .collect::<Result<_, _>>()?,
        ),
        DeValue::Table(table) => Value::Table(table_nodes(table)?),
    };
    Ok(Node { span, value })
}

fn table_nodes<'a>(table: &'a DeTable<'a>) -> Result<Vec<(Node<'a>, Node<'a>)>, Refused> {
    (table.iter())
        .map(|(k, v)| {
            let key = Node {
                span: k.span(),
                value: Value::String(k.get_ref()),
            };
            Ok((key, node(v.get_ref(), v.span())?))
        })
        .collect()
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
