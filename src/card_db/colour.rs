//! A card's colours as a card database writes them (`colour = "red"` or
//! `colour = ["red", "blue"]`), and how a card of several colours counts where a format
//! counts colours (minimums, ratios, the colour split of `validate` and `stats`).

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;

/// A card's colours: one, or a list for a multi-colour card. Written back the way it was
/// read: a single colour as a string, several as a list.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Colours(pub Vec<String>);

impl Colours {
    pub fn as_slice(&self) -> &[String] {
        &self.0
    }
}

impl<'de> Deserialize<'de> for Colours {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct OneOrMany;
        impl<'de> Visitor<'de> for OneOrMany {
            type Value = Colours;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a colour (`\"red\"`) or a list of colours (`[\"red\", \"blue\"]`)")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Colours, E> {
                Ok(Colours(vec![v.to_owned()]))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Colours, A::Error> {
                let mut out = Vec::new();
                while let Some(c) = seq.next_element::<String>()? {
                    out.push(c);
                }
                if out.is_empty() {
                    return Err(de::Error::invalid_length(0, &"at least one colour"));
                }
                Ok(Colours(out))
            }
        }
        d.deserialize_any(OneOrMany)
    }
}

impl Serialize for Colours {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0.as_slice() {
            [one] => s.serialize_str(one),
            many => many.serialize(s),
        }
    }
}

impl schemars::JsonSchema for Colours {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Colours".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "One colour, or a list of colours for a multi-colour card.",
            "anyOf": [
                { "type": "string" },
                { "type": "array", "items": { "type": "string" }, "minItems": 1 }
            ]
        })
    }
}

/// How a card of several colours counts toward colour minimums, colour ratios and the colour
/// split. A game without the setting has no multi-colour cards (`db check` refuses a list of
/// two or more colours); attributes, always lists, count toward each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum MultiColour {
    /// Once toward each of its colours: a red-blue card is a red card and a blue card.
    Each,
    /// Once, in a bucket of its own named `multi` that minimums and ratios may name; it is
    /// none of its colours there.
    Multi,
}

/// The bucket a multi-colour card counts in under [`MultiColour::Multi`].
pub const MULTI: &str = "multi";
