//! serde reads the data model straight from a compiled file's bytes, as toml's deserializer
//! reads it from text: a field of type `toml::Spanned` gets the span the text has, a datetime
//! comes as toml's datetime, a present value is `Some`, and an enum is a string (a unit
//! variant) or a table. Nothing is built in between: strings are borrowed from the bytes, and
//! a table or array is read entry by entry as the visitor asks.
//!
//! The bytes are what the build script writes (`compile.rs` says the form): an array or table
//! carries its length in bytes and in the string table, so a nested value is handed over
//! without walking it, and the table's UTF-8 is checked once, when the file is opened.

use serde::de::value::{Error, StrDeserializer};
use serde::de::{self, DeserializeSeed, Error as _, IntoDeserializer, Visitor};
use serde_spanned::de::SpannedDeserializer;
use std::ops::Range;
use toml::Spanned;
use toml_datetime::de::DatetimeDeserializer;

/// Bytes not read yet, and the strings of their nodes.
#[derive(Clone, Copy)]
struct Reader<'de> {
    bytes: &'de [u8],
    strings: &'de str,
}

fn broken() -> Error {
    Error::custom("the compiled data is cut short or malformed")
}

// The reader's steps answer `None` for bytes cut short or malformed, and only a whole node
// turns that into serde's error: an `Option` comes back in registers, where a `Result` with
// serde's error is written to memory, and a shipped card is about sixty steps.
impl<'de> Reader<'de> {
    fn take(&mut self, n: usize) -> Option<&'de [u8]> {
        let (head, rest) = self.bytes.split_at_checked(n)?;
        self.bytes = rest;
        Some(head)
    }

    fn array<const N: usize>(&mut self) -> Option<[u8; N]> {
        let (head, rest) = self.bytes.split_first_chunk()?;
        self.bytes = rest;
        Some(*head)
    }

    fn number(&mut self) -> Option<usize> {
        usize::try_from(u32::from_le_bytes(self.array()?)).ok()
    }

    /// The next `n` bytes of the string table; `None` if they do not end on a character.
    fn strings(&mut self, n: usize) -> Option<&'de str> {
        let (head, rest) = self.strings.split_at_checked(n)?;
        self.strings = rest;
        Some(head)
    }

    fn str(&mut self) -> Option<&'de str> {
        let len = self.number()?;
        self.strings(len)
    }

    /// The next node; the reader moves past all of it, nested values included.
    fn node(&mut self) -> Result<Node<'de>, Error> {
        self.try_node().ok_or_else(broken)
    }

    fn try_node(&mut self) -> Option<Node<'de>> {
        let span = self.number()?..self.number()?;
        let [tag] = self.array()?;
        let value = match tag {
            0 => Value::String(self.str()?),
            1 => Value::Integer(i64::from_le_bytes(self.array()?)),
            2 => Value::Float(f64::from_le_bytes(self.array()?)),
            3 => match self.array()? {
                [0] => Value::Boolean(false),
                [1] => Value::Boolean(true),
                _ => return None,
            },
            4 => Value::Datetime(self.str()?),
            5 | 6 => {
                let left = self.number()?;
                let size = self.number()?;
                let strings = self.number()?;
                let items = Items {
                    left,
                    reader: Reader {
                        bytes: self.take(size)?,
                        strings: self.strings(strings)?,
                    },
                };
                if tag == 5 {
                    Value::Array(items)
                } else {
                    Value::Table(items)
                }
            }
            _ => return None,
        };
        Some(Node { span, value })
    }
}

/// A value and where the TOML text writes it.
pub(crate) struct Node<'de> {
    pub span: Range<usize>,
    pub value: Value<'de>,
}

pub(crate) enum Value<'de> {
    String(&'de str),
    Integer(i64),
    Float(f64),
    Boolean(bool),
    Datetime(&'de str),
    Array(Items<'de>),
    Table(Items<'de>),
}

/// The entries of an array or table, read one at a time.
#[derive(Clone)]
pub(crate) struct Items<'de> {
    left: usize,
    reader: Reader<'de>,
}

/// A compiled file as a deserializer; `Err` if its bytes do not hold one node.
pub(crate) fn root(compiled: &[u8]) -> Result<Node<'_>, Error> {
    let mut reader = Reader {
        bytes: compiled,
        strings: "",
    };
    let opened = (reader.number())
        .and_then(|n| reader.take(n))
        .and_then(|table| std::str::from_utf8(table).ok());
    reader.strings = opened.ok_or_else(broken)?;
    let node = reader.node()?;
    if !reader.bytes.is_empty() || !reader.strings.is_empty() {
        return Err(broken());
    }
    Ok(node)
}

impl Value<'_> {
    /// The TOML type of the value, as toml's `DeValue::type_str` says it.
    pub fn type_str(&self) -> &'static str {
        match self {
            Value::String(_) => "string",
            Value::Integer(_) => "integer",
            Value::Float(_) => "float",
            Value::Boolean(_) => "boolean",
            Value::Datetime(_) => "datetime",
            Value::Array(_) => "array",
            Value::Table(_) => "table",
        }
    }
}

impl<'de> Items<'de> {
    /// Whether every entry was read; the entries must then fill their lengths exactly.
    fn done(&self) -> Result<bool, Error> {
        let empty = self.reader.bytes.is_empty() && self.reader.strings.is_empty();
        match (self.left, empty) {
            (0, true) => Ok(true),
            (0, false) => Err(broken()),
            _ => Ok(false),
        }
    }

    /// How many entries are left.
    pub fn len(&self) -> usize {
        self.left
    }

    /// An array's next item; `None` once every item is read.
    pub fn item(&mut self) -> Result<Option<Node<'de>>, Error> {
        if self.done()? {
            return Ok(None);
        }
        self.left -= 1;
        self.reader.node().map(Some)
    }

    /// A table's next key, which must be a string; its value is the next node.
    fn key(&mut self) -> Result<Option<Node<'de>>, Error> {
        let Some(key) = self.item()? else {
            return Ok(None);
        };
        match key.value {
            Value::String(_) => Ok(Some(key)),
            _ => Err(broken()),
        }
    }

    /// A table's next key, with where the text writes it, and value; `None` once every
    /// entry is read.
    pub fn entry(&mut self) -> Result<Option<(Spanned<&'de str>, Node<'de>)>, Error> {
        let Some(key) = self.item()? else {
            return Ok(None);
        };
        let Value::String(name) = key.value else {
            return Err(broken());
        };
        Ok(Some((Spanned::new(key.span, name), self.reader.node()?)))
    }
}

impl<'de> de::SeqAccess<'de> for Items<'de> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        self.item()?.map(|node| seed.deserialize(node)).transpose()
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}

impl<'de> de::MapAccess<'de> for Items<'de> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        self.key()?.map(|key| seed.deserialize(key)).transpose()
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        seed.deserialize(self.reader.node()?)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}

impl<'de> de::Deserializer<'de> for Node<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Value::String(s) => visitor.visit_borrowed_str(s),
            Value::Integer(i) => visitor.visit_i64(i),
            Value::Float(f) => visitor.visit_f64(f),
            Value::Boolean(b) => visitor.visit_bool(b),
            Value::Datetime(d) => {
                let datetime = d.parse().map_err(Error::custom)?;
                visitor.visit_map(DatetimeDeserializer::<Error>::new(datetime))
            }
            Value::Array(items) => visitor.visit_seq(items),
            Value::Table(items) => visitor.visit_map(items),
        }
    }

    // A value that is there is `Some`: a missing field is `None` without asking.
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        if serde_spanned::de::is_spanned(name) {
            let span = self.span.clone();
            return visitor.visit_map(SpannedDeserializer::new(self, span));
        }
        self.deserialize_any(visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.value {
            Value::String(s) => visitor.visit_enum(StrDeserializer::<Error>::new(s)),
            Value::Table(items) => visitor.visit_enum(de::value::MapAccessDeserializer::new(items)),
            _ => Err(Error::custom("wanted string or table")),
        }
    }

    serde::forward_to_deserialize_any! {
        bool u8 u16 u32 u64 i8 i16 i32 i64 i128 u128 f32 f64 char str string seq
        bytes byte_buf map unit ignored_any unit_struct tuple_struct tuple identifier
    }
}

impl<'de> IntoDeserializer<'de, Error> for Node<'de> {
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}
