//! The shipped card databases and formats as the build script compiled them
//! (`src/build.rs`): each file's tree of values with their spans, read at start-up instead of
//! parsing the TOML text. The tree is read through serde exactly as toml's deserializer reads
//! the text, spans included, so the data model (and every diagnostic that points into a
//! shipped file) comes out the same. Data a user gives is still read from its TOML.

mod de;
#[cfg(test)]
mod node;

pub(crate) use de::SetAside;
use serde::de::DeserializeOwned;
use std::cell::RefCell;

/// A compiled file read as `T`; `None` if it does not read, and then the caller parses the
/// text, which says why.
pub(crate) fn read<T: DeserializeOwned>(compiled: &'static [u8]) -> Option<T> {
    T::deserialize(de::root(compiled, None).ok()?).ok()
}

/// A compiled file read as `T` after setting aside, in each table of its array `list`, the
/// keys `is_field` refuses (a card file's stats); per table, in order, what was set aside.
pub(crate) fn read_setting_aside<T: DeserializeOwned>(
    compiled: &'static [u8],
    list: &str,
    is_field: impl Fn(&str) -> bool,
) -> Option<(T, Vec<Vec<SetAside>>)> {
    let aside = de::Aside {
        list,
        is_field: &is_field,
        found: RefCell::new(Vec::new()),
    };
    let read = T::deserialize(de::root(compiled, Some(&aside)).ok()?).ok()?;
    Some((read, aside.found.into_inner()))
}

#[cfg(test)]
mod tests {
    use super::node::{Node, Value};

    fn node(value: Value<'static>) -> Node<'static> {
        Node { span: 3..9, value }
    }

    /// The reader reads what the build script writes: every kind of value, nested.
    #[test]
    fn reads_every_kind_of_value_the_build_script_writes() {
        let tree = node(Value::Table(vec![
            (node(Value::String("s")), node(Value::String("héllo"))),
            (
                node(Value::String("i")),
                node(Value::Integer(-1234567890123)),
            ),
            (node(Value::String("f")), node(Value::Float(-2.5))),
            (node(Value::String("b")), node(Value::Boolean(true))),
            (
                node(Value::String("d")),
                node(Value::Datetime("2024-05-01".into())),
            ),
            (
                node(Value::String("a")),
                node(Value::Array(vec![
                    node(Value::Integer(0)),
                    node(Value::Table(vec![(
                        node(Value::String("x")),
                        node(Value::Boolean(false)),
                    )])),
                ])),
            ),
        ]));
        let bytes: &'static [u8] = postcard::to_allocvec(&tree).unwrap().leak();
        let read: toml::Table = super::read(bytes).expect("reads");
        let text = r#"s = "héllo"
i = -1234567890123
f = -2.5
b = true
d = 2024-05-01
a = [0, { x = false }]
"#;
        assert_eq!(read, text.parse::<toml::Table>().unwrap());
        assert!(super::read::<toml::Table>(&bytes[..bytes.len() - 1]).is_none());
    }
}
