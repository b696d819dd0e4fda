//! The fields a query may name, their aliases, and which operators and values each takes.

use super::lex::Op;
use super::parse::Value;
use crate::names;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Field {
    /// A word without a field: in the name, or the whole id or type.
    Bare,
    Name,
    Type,
    Colour,
    /// Any other name: a stat of the games searched (`cost`, `atk`, a data-only game's
    /// `power`), by its name in card files; `Query::check` holds it to theirs.
    Stat(String),
    Set,
    Id,
    Text,
    Is,
    Keyword,
    Race,
    Legal,
    Banned,
    Game,
    /// Copies owned in the collection given with `--have` (`owned>=2`; the word `owned` alone
    /// is `owned>=1`).
    Owned,
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
    ("owned", Field::Owned),
];

/// What `is:` can ask besides a keyword.
pub const IS_WORDS: &[&str] = &["legendary", "basic", "evolution", "invented"];

impl Field {
    /// The field a name means; a name that is no field is a stat, which only the games
    /// searched can confirm (`Query::check`).
    pub fn named(name: &str) -> Field {
        let key = name.to_ascii_lowercase();
        match NAMES.iter().find(|(n, _)| *n == key) {
            Some((_, f)) => f.clone(),
            None => Field::Stat(key),
        }
    }

    /// Help for a name that is neither a field nor a stat of the games searched (`stats`):
    /// the closest of both, or the list.
    pub fn unknown_help(name: &str, stats: &[&str]) -> String {
        let all = NAMES.iter().map(|(n, _)| *n).chain(stats.iter().copied());
        match names::suggest(name, all) {
            Some(s) => format!("did you mean `{s}`?"),
            None => format!(
                "the fields are {}, and the stats {}; docs/search.md lists them all",
                NAMES
                    .iter()
                    .filter(|(n, _)| n.len() > 2)
                    .map(|(n, _)| *n)
                    .collect::<Vec<_>>()
                    .join(", "),
                stats.join(", ")
            ),
        }
    }

    /// The name to show for this field in messages.
    pub fn name(&self) -> &str {
        match self {
            Field::Stat(s) => s,
            Field::Bare => "name",
            other => NAMES
                .iter()
                .find(|(_, f)| f == other)
                .map_or("?", |(n, _)| n),
        }
    }

    /// A stat term's value: a whole number. The error is the message and a help line.
    pub fn number(&self, op: Op, value: &str) -> Result<i64, (String, String)> {
        value.trim().parse::<i64>().map_err(|_| {
            let stat = self.name();
            (
                format!("`{stat}` compares numbers, and `{value}` is not one"),
                format!("write a whole number, as in `{stat}{}3`", op.as_str()),
            )
        })
    }

    /// Checks that the operator fits the field and reads the value. The error is the
    /// message, a help line, and whether it is about the value (else the operator). A stat's
    /// value stays text until the stat is known (`Query::check` reads the number), so that
    /// a misspelt field is reported as that, not as a number missing.
    pub fn check_op(&self, op: Op, value: &str) -> Result<Value, (String, String, bool)> {
        if let Field::Stat(_) = self {
            return Ok(match value.trim().parse::<i64>() {
                Ok(n) => Value::Number(n),
                Err(_) => Value::Text(value.to_owned()),
            });
        }
        if *self == Field::Owned {
            return self
                .number(op, value)
                .map(Value::Number)
                .map_err(|(message, help)| (message, help, true));
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
        assert_eq!(Field::named("T"), Field::Type);
        assert_eq!(Field::named("Power"), Field::Stat("power".into()));
        assert_eq!(Field::unknown_help("tpye", &[]), "did you mean `type`?");
        let stats = ["atk", "attack"];
        assert_eq!(
            Field::unknown_help("atack", &stats),
            "did you mean `attack`?"
        );
    }

    #[test]
    fn operators_fit_their_fields() {
        assert!(Field::Type.check_op(Op::Lt, "x").is_err());
        let cost = Field::Stat("cost".into());
        assert_eq!(cost.check_op(Op::Le, "3"), Ok(Value::Number(3)));
        assert!(cost.number(Op::Has, "three").is_err());
    }
}
