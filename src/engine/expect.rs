//! Expectations in scripts (`p2.hp = 17`, `p2.discard contains Ember Striker`, `p1.hand = 6`):
//! their syntax and the comparison of an engine's [`Value`] with the text a person wrote. The
//! engines only answer queries; every comparison is done here, the same way for every game.

use super::Value;
use crate::names;
use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Contains,
    Lacks,
}

impl Op {
    const ALL: [(&'static str, Op); 8] = [
        ("=", Op::Eq),
        ("!=", Op::Ne),
        ("<", Op::Lt),
        ("<=", Op::Le),
        (">", Op::Gt),
        (">=", Op::Ge),
        ("contains", Op::Contains),
        ("lacks", Op::Lacks),
    ];

    fn parse(word: &str) -> Option<Op> {
        let word = if word == "==" { "=" } else { word };
        Op::ALL.iter().find(|(w, _)| *w == word).map(|&(_, op)| op)
    }

    pub fn as_str(self) -> &'static str {
        Op::ALL
            .iter()
            .find(|(_, op)| *op == self)
            .map_or("=", |(w, _)| w)
    }
}

impl fmt::Display for Op {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// `path op value`, as written after `expect`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expectation {
    /// What to read (`p2.hp`, `p1.attack[Ember Striker]`, `winner`).
    pub path: String,
    pub op: Op,
    /// The expected value as written (`17`, `Ember Striker`, `p1`, `2-1`, `none`).
    pub value: String,
}

impl fmt::Display for Expectation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.path, self.op, self.value)
    }
}

/// Reads `p2.hp = 17`. The operator is the first word that is one; the path may hold spaces
/// (`p1.attack[Ember Striker]`).
pub fn parse(text: &str) -> Result<Expectation, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let Some(at) = words.iter().position(|w| Op::parse(w).is_some()) else {
        return Err(format!(
            "`{text}` has no comparison: write `path = value` (or !=, <, <=, >, >=, contains, lacks), with spaces around it"
        ));
    };
    let path = words[..at].join(" ");
    let value = words[at + 1..].join(" ");
    if path.is_empty() {
        return Err(format!(
            "`{text}` names nothing to check before `{}`",
            words[at]
        ));
    }
    if value.is_empty() {
        return Err(format!("`{text}` has no value after `{}`", words[at]));
    }
    let op = Op::parse(words[at]).unwrap_or(Op::Eq);
    Ok(Expectation { path, op, value })
}

/// Whether `actual op expected` holds. An `Err` means the two cannot be compared at all (a
/// number expected of a name): a mistake in the script, not a failed expectation.
///
/// Names compare the way deck lists do (case, Unicode form and quote style ignored). A list
/// compared with a number compares its length, so `p1.hand = 6` counts the hand while
/// `p1.hand contains Ember Striker` looks inside it.
pub fn compare(actual: &Value, op: Op, expected: &str) -> Result<bool, String> {
    let expected = expected.trim();
    match (actual, op) {
        (Value::List(items), Op::Contains | Op::Lacks) => {
            let key = names::key(expected);
            let found = items.iter().any(|i| names::key(i) == key);
            Ok(found == (op == Op::Contains))
        }
        (Value::Str(s), Op::Contains | Op::Lacks) => {
            let found = names::key(s).contains(&names::key(expected));
            Ok(found == (op == Op::Contains))
        }
        (_, Op::Contains | Op::Lacks) => Err(format!(
            "`{op}` looks inside a list or a text; this value is {}",
            describe(actual)
        )),
        (Value::Int(n), _) => {
            let want = parse_int(expected)?;
            Ok(order(*n, op, want))
        }
        (Value::List(items), _) if parse_int(expected).is_ok() => {
            let want = parse_int(expected)?;
            Ok(order(items.len() as i64, op, want))
        }
        (Value::List(items), Op::Eq | Op::Ne) => {
            let inner = expected
                .strip_prefix('[')
                .and_then(|e| e.strip_suffix(']'))
                .unwrap_or(expected);
            let want: Vec<String> = inner
                .split(',')
                .map(names::key)
                .filter(|s| !s.is_empty())
                .collect();
            let have: Vec<String> = items.iter().map(|i| names::key(i)).collect();
            Ok((have == want) == (op == Op::Eq))
        }
        (Value::Bool(b), Op::Eq | Op::Ne) => {
            let want = match expected.to_ascii_lowercase().as_str() {
                "true" | "yes" => true,
                "false" | "no" => false,
                _ => return Err(format!("expected `true` or `false`, found `{expected}`")),
            };
            Ok((*b == want) == (op == Op::Eq))
        }
        (Value::Str(s), Op::Eq | Op::Ne) => {
            Ok((names::key(s) == names::key(expected)) == (op == Op::Eq))
        }
        (Value::Null, Op::Eq | Op::Ne) => {
            let is_none = matches!(
                expected.to_ascii_lowercase().as_str(),
                "none" | "null" | "nobody" | "-"
            );
            Ok(is_none == (op == Op::Eq))
        }
        (_, _) => Err(format!(
            "`{op}` compares numbers; this value is {}",
            describe(actual)
        )),
    }
}

fn order(have: i64, op: Op, want: i64) -> bool {
    match op {
        Op::Eq => have == want,
        Op::Ne => have != want,
        Op::Lt => have < want,
        Op::Le => have <= want,
        Op::Gt => have > want,
        Op::Ge => have >= want,
        Op::Contains | Op::Lacks => false,
    }
}

fn parse_int(text: &str) -> Result<i64, String> {
    text.parse()
        .map_err(|_| format!("expected a whole number, found `{text}`"))
}

fn describe(value: &Value) -> String {
    match value {
        Value::Int(n) => format!("the number {n}"),
        Value::Bool(b) => format!("`{b}`"),
        Value::Str(s) => format!("the text `{s}`"),
        Value::List(items) => format!("a list of {}", items.len()),
        Value::Null => "none".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(items: &[&str]) -> Value {
        Value::List(items.iter().map(|s| s.to_string()).collect())
    }

    #[test]
    fn parses_paths_with_spaces_and_every_operator() {
        let e = parse("p1.attack[Ember Striker] >= 4").unwrap();
        assert_eq!(e.path, "p1.attack[Ember Striker]");
        assert_eq!(e.op, Op::Ge);
        assert_eq!(e.value, "4");
        for (word, op) in Op::ALL {
            assert_eq!(parse(&format!("x {word} 1")).unwrap().op, op);
        }
        assert!(parse("p2.hp 17").is_err());
        assert!(parse("= 17").is_err());
        assert!(parse("p2.hp =").is_err());
    }

    #[test]
    fn numbers_compare_at_their_boundaries() {
        let v = Value::Int(17);
        assert!(compare(&v, Op::Eq, "17").unwrap());
        assert!(!compare(&v, Op::Eq, "16").unwrap());
        assert!(compare(&v, Op::Le, "17").unwrap());
        assert!(!compare(&v, Op::Lt, "17").unwrap());
        assert!(compare(&v, Op::Ge, "17").unwrap());
        assert!(!compare(&v, Op::Gt, "17").unwrap());
        assert!(compare(&Value::Int(-2), Op::Eq, "-2").unwrap());
        assert!(compare(&v, Op::Eq, "seventeen").is_err());
    }

    #[test]
    fn lists_count_and_contain_names_loosely() {
        let hand = list(&["Ember Striker", "Titan’s Aegis"]);
        assert!(compare(&hand, Op::Eq, "2").unwrap());
        assert!(compare(&hand, Op::Contains, "ember striker").unwrap());
        assert!(compare(&hand, Op::Contains, "Titan's Aegis").unwrap());
        assert!(compare(&hand, Op::Lacks, "Iron Guard").unwrap());
        assert!(compare(&hand, Op::Eq, "[Ember Striker, Titan's Aegis]").unwrap());
        assert!(!compare(&hand, Op::Eq, "Titan's Aegis, Ember Striker").unwrap());
        assert!(compare(&list(&[]), Op::Eq, "[]").unwrap());
    }

    #[test]
    fn names_none_and_booleans() {
        assert!(compare(&Value::Str("p1".into()), Op::Eq, "P1").unwrap());
        assert!(compare(&Value::Null, Op::Eq, "none").unwrap());
        assert!(!compare(&Value::Null, Op::Eq, "p1").unwrap());
        assert!(compare(&Value::Bool(true), Op::Eq, "true").unwrap());
        assert!(compare(&Value::Bool(true), Op::Eq, "maybe").is_err());
        assert!(compare(&Value::Str("x".into()), Op::Lt, "3").is_err());
        assert!(compare(&Value::Int(3), Op::Contains, "3").is_err());
    }
}
