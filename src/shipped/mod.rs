//! The shipped card databases and formats as the build script compiled them
//! (`src/build.rs`): each file's tree of values with their spans, read at start-up instead of
//! parsing the TOML text. The tree is read through serde exactly as toml's deserializer reads
//! the text, spans included, so the data model (and every diagnostic that points into a
//! shipped file) comes out the same. Data a user gives is still read from its TOML.

mod de;
mod node;

use node::{Node, Value};
use serde::de::DeserializeOwned;
use toml::Spanned;

/// A key of a table in a list that was set aside rather than read as a field, with its value
/// when that is a whole number, else the TOML type it has.
pub(crate) struct SetAside {
    pub name: Spanned<String>,
    pub value: Spanned<Result<i64, &'static str>>,
}

/// A compiled file read as `T`; `None` if it does not read, and then the caller parses the
/// text, which says why.
pub(crate) fn read<T: DeserializeOwned>(compiled: &'static [u8]) -> Option<T> {
    T::deserialize(tree(compiled)?).ok()
}

/// A compiled file read as `T` after setting aside, in each table of its array `list`, the
/// keys `is_field` refuses (a card file's stats); per table, in order, what was set aside.
pub(crate) fn read_setting_aside<T: DeserializeOwned>(
    compiled: &'static [u8],
    list: &str,
    is_field: impl Fn(&str) -> bool,
) -> Option<(T, Vec<Vec<SetAside>>)> {
    let mut root = tree(compiled)?;
    let mut aside = Vec::new();
    if let Value::Table(entries) = &mut root.value {
        if let Some((
            _,
            Node {
                value: Value::Array(tables),
                ..
            },
        )) = entries.iter_mut().find(|(k, _)| key(k) == list)
        {
            for table in tables {
                let Value::Table(fields) = &mut table.value else {
                    aside.push(Vec::new());
                    continue;
                };
                let (kept, rest) =
                    (std::mem::take(fields).into_iter()).partition(|(k, _)| is_field(key(k)));
                *fields = kept;
                aside.push(rest.into_iter().map(set_aside).collect());
            }
        }
    }
    Some((T::deserialize(root).ok()?, aside))
}

fn tree(compiled: &'static [u8]) -> Option<Node<'static>> {
    postcard::from_bytes(compiled).ok()
}

fn key<'a>(node: &Node<'a>) -> &'a str {
    match node.value {
        Value::String(s) => s,
        _ => "",
    }
}

/// The type names are toml's (`DeValue::type_str`), as the text path reports them.
fn set_aside((name, value): (Node, Node)) -> SetAside {
    let found = match &value.value {
        Value::Integer(i) => Ok(*i),
        Value::String(_) => Err("string"),
        Value::Float(_) => Err("float"),
        Value::Boolean(_) => Err("boolean"),
        Value::Datetime(_) => Err("datetime"),
        Value::Array(_) => Err("array"),
        Value::Table(_) => Err("table"),
    };
    SetAside {
        name: Spanned::new(name.span.clone(), key(&name).to_owned()),
        value: Spanned::new(value.span, found),
    }
}
