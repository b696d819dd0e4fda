//! The fields a query may name, their aliases, and which operators and values each takes.

use super::lex::Op;
use super::parse::Value;
use crate::card_db::STATS;
use crate::names;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// A word without a field: in the name, or the whole id or type.
    Bare,
    Name,
    Type,
    Colour,
    /// A numeric stat, by its name in card files (`cost`, `attack`, `atk`, `value`).
    Stat(&'static str),
    Set,
    Id,
    Text,
    Is,
    Keyword,
    Race,
    Legal,
    Banned,
    Game,
}

/// Every field name and alias, as written in a query.
const NAMES: &[(&str, Field)] = &[
    ("name", Field::Name),
    ("n", Field::Name),
    ("type", Field::Type),
    ("t", Field::Type),
    ("colour", Field::Colour),
    ("color", Field::Colour),
    ("c", Field::Colour),
    ("attribute", Field::Colour),
    ("set", Field::Set),
    ("s", Field::Set),
    ("id", Field::Id),
    ("text", Field::Text),
    ("o", Field::Text),
    ("is", Field::Is),
    ("keyword", Field::Keyword),
    ("kw", Field::Keyword),
    ("race", Field::Race),
    ("legal", Field::Legal),
    ("banned", Field::Banned),
    ("game", Field::Game),
];

/// What `is:` can ask besides a keyword.
pub const IS_WORDS: &[&str] = &["legendary", "basic", "evolution", "invented"];

impl Field {
    /// The field a name means, or a help line with the closest field.
    pub fn named(name: &str) -> Result<Field, String> {
        let key = name.to_ascii_lowercase();
        if let Some(&(_, f)) = NAMES.iter().find(|(n, _)| *n == key) {
            return Ok(f);
        }
        if let Some(stat) = STATS.iter().find(|s| **s == key) {
            return Ok(Field::Stat(stat));
        }
        let all = NAMES.iter().map(|(n, _)| *n).chain(STATS.iter().copied());
        Err(match names::suggest(name, all) {
            Some(s) => format!("did you mean `{s}`?"),
            None => format!(
                "the fields are {}, and the stats {}; docs/search.md lists them all",
                NAMES
                    .iter()
                    .filter(|(n, _)| n.len() > 2)
                    .map(|(n, _)| *n)
                    .collect::<Vec<_>>()
                    .join(", "),
                STATS.join(", ")
            ),
        })
    }

    /// The name to show for this field in messages.
    pub fn name(self) -> &'static str {
        match self {
            Field::Stat(s) => s,
            Field::Bare => "name",
            other => NAMES
                .iter()
                .find(|(_, f)| *f == other)
                .map_or("?", |(n, _)| n),
        }
    }

    /// Checks that the operator fits the field and reads the value. The error is the
    /// message, a help line, and whether it is about the value (else the operator).
    pub fn check_op(self, op: Op, value: &str) -> Result<Value, (String, String, bool)> {
        if let Field::Stat(stat) = self {
            return value.trim().parse::<i64>().map(Value::Number).map_err(|_| {
                (
                    format!("`{stat}` compares numbers, and `{value}` is not one"),
                    format!("write a whole number, as in `{stat}{}3`", op.as_str()),
                    true,
                )
            });
        }
        if !matches!(op, Op::Has | Op::Eq | Op::Ne) {
            return Err((
                format!(
                    "`{}` cannot be compared with `{}`",
                    self.name(),
                    op.as_str()
                ),
                format!(
                    "`{}` takes `:`, `=` or `!=`; `<`, `<=`, `>` and `>=` are for numbers",
                    self.name()
                ),
                false,
            ));
        }
        Ok(Value::Text(value.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aliases_stats_and_suggestions() {
        assert_eq!(Field::named("T"), Ok(Field::Type));
        assert_eq!(Field::named("atk"), Ok(Field::Stat("atk")));
        assert_eq!(Field::named("tpye").unwrap_err(), "did you mean `type`?");
        assert_eq!(Field::named("atack").unwrap_err(), "did you mean `attack`?");
    }

    #[test]
    fn operators_fit_their_fields() {
        assert!(Field::Type.check_op(Op::Lt, "x").is_err());
        assert_eq!(
            Field::Stat("cost").check_op(Op::Le, "3"),
            Ok(Value::Number(3))
        );
        assert!(Field::Stat("cost").check_op(Op::Has, "three").is_err());
    }
}
