//! serde reads the data model straight from a compiled file's bytes, as toml's deserializer
//! reads it from text: a field of type `toml::Spanned` gets the span the text has, a datetime
//! comes as toml's datetime, a present value is `Some`, and an enum is a string (a unit
//! variant) or a table. Nothing is built in between: strings are borrowed from the bytes, and
//! a table or array is read entry by entry as the visitor asks.
//!
//! The bytes are what the build script writes (`compile.rs` says the form): an array or table
//! carries its length in bytes, so a nested value is handed over without walking it.

use serde::de::value::{Error, StrDeserializer};
use serde::de::{self, DeserializeSeed, Error as _, IntoDeserializer, Visitor};
use serde_spanned::de::SpannedDeserializer;
use std::cell::RefCell;
use std::ops::Range;
use toml::Spanned;
use toml_datetime::de::DatetimeDeserializer;

/// A key of a table in a list that was set aside rather than read as a field, with its value
/// when that is a whole number, else the TOML type it has.
pub(crate) struct SetAside {
    pub name: Spanned<String>,
    pub value: Spanned<Result<i64, &'static str>>,
}

/// The tables of one array (`cards`) whose keys are not all fields: the keys `is_field`
/// refuses are set aside, per table in order, instead of being read.
pub(crate) struct Aside<'a> {
    pub list: &'a str,
    pub is_field: &'a dyn Fn(&str) -> bool,
    pub found: RefCell<Vec<Vec<SetAside>>>,
}

/// Where a node sits, for setting keys aside: the file's top table, the list whose tables
/// have keys set aside, one of those tables, or anything else.
#[derive(Clone, Copy)]
enum Role<'a> {
    Plain,
    Root(&'a Aside<'a>),
    List(&'a Aside<'a>),
    Entry(&'a Aside<'a>),
}

/// Bytes not read yet.
#[derive(Clone, Copy)]
struct Reader<'de> {
    bytes: &'de [u8],
}

fn broken() -> Error {
    Error::custom("the compiled data is cut short or malformed")
}

impl<'de> Reader<'de> {
    fn take(&mut self, n: usize) -> Result<&'de [u8], Error> {
        if n > self.bytes.len() {
            return Err(broken());
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(head)
    }

    fn varint(&mut self) -> Result<u64, Error> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = self.take(1)?[0];
            value |= u64::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(broken())
    }

    fn usize(&mut self) -> Result<usize, Error> {
        usize::try_from(self.varint()?).map_err(|_| broken())
    }

    fn str(&mut self) -> Result<&'de str, Error> {
        let len = self.usize()?;
        std::str::from_utf8(self.take(len)?).map_err(|_| broken())
    }

    /// The next node; the reader moves past all of it, nested values included.
    fn node<'a>(&mut self, role: Role<'a>) -> Result<Node<'de, 'a>, Error> {
        let span = self.usize()?..self.usize()?;
        let value = match self.varint()? {
            0 => Value::String(self.str()?),
            1 => {
                let zigzag = self.varint()?;
                Value::Integer((zigzag >> 1) as i64 ^ -((zigzag & 1) as i64))
            }
            2 => {
                let bytes = self.take(8)?.try_into().map_err(|_| broken())?;
                Value::Float(f64::from_le_bytes(bytes))
            }
            3 => match self.take(1)?[0] {
                0 => Value::Boolean(false),
                1 => Value::Boolean(true),
                _ => return Err(broken()),
            },
            4 => Value::Datetime(self.str()?),
            tag @ (5 | 6) => {
                let len = self.usize()?;
                let size = self.usize()?;
                let items = Items {
                    left: len,
                    reader: Reader {
                        bytes: self.take(size)?,
                    },
                    key: "",
                    role,
                };
                if tag == 5 {
                    Value::Array(items)
                } else {
                    Value::Table(items)
                }
            }
            _ => return Err(broken()),
        };
        Ok(Node { span, value, role })
    }
}

/// A value and where the TOML text writes it.
pub(crate) struct Node<'de, 'a> {
    span: Range<usize>,
    value: Value<'de, 'a>,
    role: Role<'a>,
}

enum Value<'de, 'a> {
    String(&'de str),
    Integer(i64),
    Float(f64),
    Boolean(bool),
    Datetime(&'de str),
    Array(Items<'de, 'a>),
    Table(Items<'de, 'a>),
}

/// The entries of an array or table, read one at a time.
struct Items<'de, 'a> {
    left: usize,
    reader: Reader<'de>,
    /// The last key read, in a table: the value's role may depend on it.
    key: &'de str,
    /// The role of the array or table itself.
    role: Role<'a>,
}

/// A compiled file as a deserializer; `Err` if its bytes do not hold one node.
pub(crate) fn root<'a>(
    compiled: &'static [u8],
    aside: Option<&'a Aside<'a>>,
) -> Result<Node<'static, 'a>, Error> {
    let mut reader = Reader { bytes: compiled };
    let node = reader.node(aside.map_or(Role::Plain, Role::Root))?;
    if !reader.bytes.is_empty() {
        return Err(broken());
    }
    Ok(node)
}

/// The TOML type of a value set aside (toml's `DeValue::type_str`, as the text path says it).
fn set_aside(name: Node, value: Node) -> Result<SetAside, Error> {
    let Value::String(key) = name.value else {
        return Err(broken());
    };
    let found = match value.value {
        Value::Integer(i) => Ok(i),
        Value::String(_) => Err("string"),
        Value::Float(_) => Err("float"),
        Value::Boolean(_) => Err("boolean"),
        Value::Datetime(_) => Err("datetime"),
        Value::Array(_) => Err("array"),
        Value::Table(_) => Err("table"),
    };
    Ok(SetAside {
        name: Spanned::new(name.span, key.to_owned()),
        value: Spanned::new(value.span, found),
    })
}

impl Items<'_, '_> {
    /// Whether every entry was read; the entries must then fill their length exactly.
    fn done(&self) -> Result<bool, Error> {
        match (self.left, self.reader.bytes.is_empty()) {
            (0, true) => Ok(true),
            (0, false) => Err(broken()),
            _ => Ok(false),
        }
    }
}

impl<'de> de::SeqAccess<'de> for Items<'de, '_> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        if self.done()? {
            return Ok(None);
        }
        self.left -= 1;
        let role = match self.role {
            Role::List(aside) => Role::Entry(aside),
            _ => Role::Plain,
        };
        seed.deserialize(self.reader.node(role)?).map(Some)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}

impl<'de> de::MapAccess<'de> for Items<'de, '_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        loop {
            if self.done()? {
                return Ok(None);
            }
            self.left -= 1;
            let key = self.reader.node(Role::Plain)?;
            let Value::String(name) = key.value else {
                return Err(broken());
            };
            self.key = name;
            if let Role::Entry(aside) = self.role {
                if !(aside.is_field)(name) {
                    let value = self.reader.node(Role::Plain)?;
                    let entry = set_aside(key, value)?;
                    if let Some(table) = aside.found.borrow_mut().last_mut() {
                        table.push(entry);
                    }
                    continue;
                }
            }
            return seed.deserialize(key).map(Some);
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let role = match self.role {
            Role::Root(aside) if self.key == aside.list => Role::List(aside),
            _ => Role::Plain,
        };
        seed.deserialize(self.reader.node(role)?)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}

impl<'de, 'a> Node<'de, 'a> {
    /// A table about to be read: a table whose keys are set aside starts its list here.
    fn entries(self) -> Result<Items<'de, 'a>, Error> {
        match self.value {
            Value::Table(items) => {
                if let Role::Entry(aside) = self.role {
                    aside.found.borrow_mut().push(Vec::new());
                }
                Ok(items)
            }
            _ => Err(Error::custom("wanted a table")),
        }
    }
}

impl<'de> de::Deserializer<'de> for Node<'de, '_> {
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
            Value::Table(_) => visitor.visit_map(self.entries()?),
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
            Value::Table(_) => {
                visitor.visit_enum(de::value::MapAccessDeserializer::new(self.entries()?))
            }
            _ => Err(Error::custom("wanted string or table")),
        }
    }

    serde::forward_to_deserialize_any! {
        bool u8 u16 u32 u64 i8 i16 i32 i64 i128 u128 f32 f64 char str string seq
        bytes byte_buf map unit ignored_any unit_struct tuple_struct tuple identifier
    }
}

impl<'de> IntoDeserializer<'de, Error> for Node<'de, '_> {
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}
