//! The query grammar: terms joined by juxtaposition (and), `or`, `-` and parentheses.
//!
//! ```text
//! query := or
//! or    := and ("or" and)*
//! and   := unary unary*
//! unary := "-" unary | "(" or ")" | term | word
//! ```

use super::fields::Field;
use super::lex::{Op, Tok, Token};
use std::ops::Range;

#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    And(Vec<Node>),
    Or(Vec<Node>),
    Not(Box<Node>),
    Term(Term),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Term {
    pub field: Field,
    pub op: Op,
    pub value: Value,
    /// The whole term, and its value alone, in the query.
    pub span: Range<usize>,
    pub value_span: Range<usize>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Text(String),
    Number(i64),
}

/// A mistake in the query's shape or in a term, with where it is and how to fix it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub message: String,
    pub span: Range<usize>,
    pub help: String,
}

pub fn parse(tokens: &[Token], len: usize) -> Result<Node, ParseError> {
    let mut p = Parser { tokens, at: 0, len };
    if tokens.is_empty() {
        return Ok(Node::And(Vec::new()));
    }
    let node = p.or()?;
    match p.tokens.get(p.at) {
        None => Ok(node),
        Some(t) => Err(ParseError {
            message: "this `)` closes nothing".into(),
            span: t.span.clone(),
            help: "remove it, or open a group with `(` before it".into(),
        }),
    }
}

struct Parser<'a> {
    tokens: &'a [Token],
    at: usize,
    len: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.tokens.get(self.at).map(|t| &t.tok)
    }

    fn or(&mut self) -> Result<Node, ParseError> {
        let mut parts = vec![self.and()?];
        while self.peek() == Some(&Tok::Or) {
            let or = self.tokens[self.at].span.clone();
            self.at += 1;
            if matches!(self.peek(), None | Some(Tok::Close | Tok::Or)) {
                return Err(ParseError {
                    message: "`or` needs a term on each side".into(),
                    span: or,
                    help: "add a term after it, or remove it".into(),
                });
            }
            parts.push(self.and()?);
        }
        Ok(if parts.len() == 1 {
            parts.remove(0)
        } else {
            Node::Or(parts)
        })
    }

    fn and(&mut self) -> Result<Node, ParseError> {
        let mut parts = Vec::new();
        while !matches!(self.peek(), None | Some(Tok::Close | Tok::Or)) {
            parts.push(self.unary()?);
        }
        if parts.is_empty() {
            let token = self.tokens.get(self.at);
            let span = token.map_or(self.len..self.len, |t| t.span.clone());
            return Err(match token.map(|t| &t.tok) {
                Some(Tok::Close) => ParseError {
                    message: "this `)` closes nothing".into(),
                    span,
                    help: "remove it, or open a group with `(` before it".into(),
                },
                _ => ParseError {
                    message: "`or` needs a term on each side".into(),
                    span,
                    help: "add a term before it, or remove it".into(),
                },
            });
        }
        Ok(if parts.len() == 1 {
            parts.remove(0)
        } else {
            Node::And(parts)
        })
    }

    fn unary(&mut self) -> Result<Node, ParseError> {
        let token = &self.tokens[self.at];
        self.at += 1;
        match &token.tok {
            Tok::Not => Ok(Node::Not(Box::new(self.unary()?))),
            Tok::Open => {
                if self.peek() == Some(&Tok::Close) {
                    return Err(ParseError {
                        message: "empty parentheses".into(),
                        span: token.span.start..self.tokens[self.at].span.end,
                        help: "put terms inside, or remove them".into(),
                    });
                }
                let inner = self.or()?;
                if self.peek() != Some(&Tok::Close) {
                    return Err(ParseError {
                        message: "this `(` is never closed".into(),
                        span: token.span.clone(),
                        help: "close the group with `)`".into(),
                    });
                }
                self.at += 1;
                Ok(inner)
            }
            // `owned` alone: a copy or more in the collection (`-owned`: none).
            Tok::Word(word) if word.eq_ignore_ascii_case("owned") => Ok(Node::Term(Term {
                field: Field::Owned,
                op: Op::Ge,
                value: Value::Number(1),
                span: token.span.clone(),
                value_span: token.span.clone(),
            })),
            Tok::Word(word) => Ok(Node::Term(Term {
                field: Field::Bare,
                op: Op::Has,
                value: Value::Text(word.clone()),
                span: token.span.clone(),
                value_span: token.span.clone(),
            })),
            Tok::Term {
                field,
                field_span,
                op,
                value,
                value_span,
            } => {
                let field = Field::named(field);
                let value = field
                    .check_op(*op, value)
                    .map_err(|(message, help, on_value)| ParseError {
                        message,
                        span: if on_value {
                            value_span.clone()
                        } else {
                            field_span.end..value_span.start
                        },
                        help,
                    })?;
                Ok(Node::Term(Term {
                    field,
                    op: *op,
                    value,
                    span: token.span.clone(),
                    value_span: value_span.clone(),
                }))
            }
            // `and` stops at these, so they never reach here.
            Tok::Close | Tok::Or => Err(ParseError {
                message: "unexpected token".into(),
                span: token.span.clone(),
                help: String::new(),
            }),
        }
    }
}
