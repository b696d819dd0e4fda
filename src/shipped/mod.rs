//! The shipped card databases and formats as the build script compiled them
//! (`src/build.rs`): each file's tree of values with their spans, read at start-up instead of
//! parsing the TOML text. The tree is read through serde exactly as toml's deserializer reads
//! the text, spans included, so the data model (and every diagnostic that points into a
//! shipped file) comes out the same. Data a user gives is still read from its TOML.

#[cfg(test)]
mod compile;
mod de;

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
    /// The reader reads what the build script writes: every kind of value, nested.
    #[test]
    fn reads_every_kind_of_value_the_build_script_writes() {
        let text = r#"s = "héllo"
i = -1234567890123
f = -2.5
b = true
d = 2024-05-01
a = [0, { x = false }]
"#;
        let bytes: &'static [u8] = super::compile::compile("t.toml", text).unwrap().leak();
        let read: toml::Table = super::read(bytes).expect("reads");
        assert_eq!(read, text.parse::<toml::Table>().unwrap());
        assert!(super::read::<toml::Table>(&bytes[..bytes.len() - 1]).is_none());
        // A table's entries fill its length exactly: no entries in no bytes reads as an empty
        // table, no entries in one byte is refused rather than read short.
        assert_eq!(
            super::read::<toml::Table>(&[0, 0, 6, 0, 0]),
            Some(toml::Table::new())
        );
        assert!(super::read::<toml::Table>(&[0, 0, 6, 0, 1, 0]).is_none());
    }
}
