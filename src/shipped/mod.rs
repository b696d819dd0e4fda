//! The shipped card databases and formats as the build script compiled them
//! (`src/build.rs`): each file's tree of values with their spans, read at start-up instead of
//! parsing the TOML text. The tree is read through serde exactly as toml's deserializer reads
//! the text, spans included, so the data model (and every diagnostic that points into a
//! shipped file) comes out the same; card files, most of the data, are read by a reader of
//! their own (`cards.rs`) that fills a card's plain fields without serde. Data a user gives is
//! still read from its TOML.

pub(crate) mod cards;
#[cfg(test)]
mod compile;
mod de;

use serde::de::DeserializeOwned;

/// A compiled file read as `T`; `None` if it does not read, and then the caller parses the
/// text, which says why.
pub(crate) fn read<T: DeserializeOwned>(compiled: &[u8]) -> Option<T> {
    T::deserialize(de::root(compiled).ok()?).ok()
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
        // A table's entries fill its lengths exactly: no entries in no bytes reads as an empty
        // table, no entries in one byte, or with one string byte, is refused rather than read
        // short. (No strings, span 0..0, a table of no entries, then the lengths.)
        let table = |size: u8, strings: u8| {
            let mut bytes = vec![0; 12];
            bytes.extend([6, 0, 0, 0, 0, size, 0, 0, 0, strings, 0, 0, 0]);
            bytes.extend(std::iter::repeat_n(0, usize::from(size)));
            bytes
        };
        assert_eq!(
            super::read::<toml::Table>(&table(0, 0)),
            Some(toml::Table::new())
        );
        assert!(super::read::<toml::Table>(&table(1, 0)).is_none());
        let mut with_a_string = table(0, 1);
        with_a_string.splice(0..4, [1, 0, 0, 0, b'x']);
        assert!(super::read::<toml::Table>(&with_a_string).is_none());
    }
}
