//! serde reads the data model from a compiled tree as toml's deserializer reads it from text:
//! a field of type `toml::Spanned` gets the span the text has, a datetime comes as toml's
//! datetime, a present value is `Some`, and an enum is a string (a unit variant) or a table.

use super::node::{Node, Value};
use serde::de::value::{Error, MapDeserializer, SeqDeserializer, StrDeserializer};
use serde::de::{self, Error as _, IntoDeserializer, Visitor};
use serde_spanned::de::SpannedDeserializer;
use toml_datetime::de::DatetimeDeserializer;

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
            Value::Array(items) => visitor.visit_seq(SeqDeserializer::new(items.into_iter())),
            Value::Table(entries) => visitor.visit_map(MapDeserializer::new(entries.into_iter())),
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
            Value::Table(entries) => visitor.visit_enum(de::value::MapAccessDeserializer::new(
                MapDeserializer::new(entries.into_iter()),
            )),
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
