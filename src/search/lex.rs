//! Splits a query into tokens, each with its byte range in the query for diagnostics.

use std::ops::Range;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tok {
    Open,
    Close,
    /// `-` right before a term or a parenthesis.
    Not,
    Or,
    /// A bare word or quoted phrase (name search).
    Word(String),
    /// `field op value`.
    Term {
        field: String,
        field_span: Range<usize>,
        op: Op,
        value: String,
        value_span: Range<usize>,
    },
}

/// How a term compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// `:` has / contains / is.
    Has,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl Op {
    pub fn as_str(self) -> &'static str {
        match self {
            Op::Has => ":",
            Op::Eq => "=",
            Op::Ne => "!=",
            Op::Lt => "<",
            Op::Le => "<=",
            Op::Gt => ">",
            Op::Ge => ">=",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    pub tok: Tok,
    pub span: Range<usize>,
}

/// A lexing mistake: what is wrong, where, and how to fix it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LexError {
    pub message: String,
    pub span: Range<usize>,
    pub help: String,
}

fn ends_word(c: char) -> bool {
    c.is_whitespace() || matches!(c, '(' | ')' | '"' | ':' | '=' | '!' | '<' | '>')
}

pub fn lex(query: &str) -> Result<Vec<Token>, LexError> {
    let mut out = Vec::new();
    let mut rest = query.char_indices().peekable();
    while let Some(&(start, c)) = rest.peek() {
        match c {
            c if c.is_whitespace() => {
                rest.next();
            }
            '(' | ')' => {
                rest.next();
                let tok = if c == '(' { Tok::Open } else { Tok::Close };
                out.push(Token {
                    tok,
                    span: start..start + 1,
                });
            }
            '-' => {
                rest.next();
                let next_ok = rest
                    .peek()
                    .is_some_and(|&(_, n)| !n.is_whitespace() && n != ')');
                if !next_ok {
                    return Err(LexError {
                        message: "`-` negates the term right after it, and none follows".into(),
                        span: start..start + 1,
                        help: "write it against a term, as in `-t:support`".into(),
                    });
                }
                out.push(Token {
                    tok: Tok::Not,
                    span: start..start + 1,
                });
            }
            '"' => {
                let (text, span) = quoted(query, &mut rest)?;
                out.push(Token {
                    tok: Tok::Word(text),
                    span,
                });
            }
            ':' | '=' | '!' | '<' | '>' => {
                let (op, op_span) = operator(query, &mut rest)?;
                return Err(LexError {
                    message: format!("`{}` needs a field before it", op.as_str()),
                    span: op_span,
                    help: "write the field right before it, without a space, as in `cost<=2` or `t:strike`"
                        .into(),
                });
            }
            _ => {
                let mut end = start;
                while let Some(&(i, c)) = rest.peek() {
                    if ends_word(c) {
                        break;
                    }
                    end = i + c.len_utf8();
                    rest.next();
                }
                let word = &query[start..end];
                let field_span = start..end;
                if rest
                    .peek()
                    .is_some_and(|&(_, c)| matches!(c, ':' | '=' | '!' | '<' | '>'))
                {
                    let (op, op_span) = operator(query, &mut rest)?;
                    let (value, value_span) = match rest.peek() {
                        Some(&(_, '"')) => quoted(query, &mut rest)?,
                        Some(&(vs, c)) if !c.is_whitespace() && c != ')' && c != '(' => {
                            let mut ve = vs;
                            while let Some(&(i, c)) = rest.peek() {
                                if c.is_whitespace() || c == '(' || c == ')' {
                                    break;
                                }
                                ve = i + c.len_utf8();
                                rest.next();
                            }
                            (query[vs..ve].to_owned(), vs..ve)
                        }
                        _ => {
                            return Err(LexError {
                                message: format!("`{word}{}` has no value", op.as_str()),
                                span: start..op_span.end,
                                help: format!(
                                    "put the value right after `{}`, as in `{word}{}VALUE`, \
                                     quoted when it has spaces",
                                    op.as_str(),
                                    op.as_str()
                                ),
                            })
                        }
                    };
                    out.push(Token {
                        span: start..value_span.end,
                        tok: Tok::Term {
                            field: word.to_owned(),
                            field_span,
                            op,
                            value,
                            value_span,
                        },
                    });
                } else if word.eq_ignore_ascii_case("or") {
                    out.push(Token {
                        tok: Tok::Or,
                        span: field_span,
                    });
                } else if word.eq_ignore_ascii_case("and") {
                    // `and` is what juxtaposition means already.
                } else {
                    out.push(Token {
                        tok: Tok::Word(word.to_owned()),
                        span: field_span,
                    });
                }
            }
        }
    }
    Ok(out)
}

type Chars<'a> = std::iter::Peekable<std::str::CharIndices<'a>>;

fn operator(query: &str, rest: &mut Chars) -> Result<(Op, Range<usize>), LexError> {
    let Some((start, first)) = rest.next() else {
        return Err(LexError {
            message: "the query ends in the middle of an operator".into(),
            span: query.len()..query.len(),
            help: "finish the term, as in `cost<=2`".into(),
        });
    };
    let eq_next = rest.peek().is_some_and(|&(_, c)| c == '=');
    let op = match (first, eq_next) {
        (':', _) => Op::Has,
        ('=', _) => Op::Eq,
        ('!', true) => Op::Ne,
        ('<', true) => Op::Le,
        ('>', true) => Op::Ge,
        ('<', false) => Op::Lt,
        ('>', false) => Op::Gt,
        _ => {
            return Err(LexError {
                message: "`!` on its own is not an operator".into(),
                span: start..start + 1,
                help: "write `!=` for \"is not\", or `-` before a term to negate it".into(),
            })
        }
    };
    if matches!(op, Op::Ne | Op::Le | Op::Ge) {
        rest.next();
    }
    let len = op.as_str().len();
    Ok((op, start..start + len))
}

fn quoted(query: &str, rest: &mut Chars) -> Result<(String, Range<usize>), LexError> {
    let (start, _) = rest.next().unwrap_or((query.len(), '"'));
    for (i, c) in rest.by_ref() {
        if c == '"' {
            return Ok((query[start + 1..i].to_owned(), start..i + 1));
        }
    }
    Err(LexError {
        message: "this quote is never closed".into(),
        span: start..start + 1,
        help: "close the phrase with another `\"`".into(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(q: &str) -> Vec<Tok> {
        lex(q).unwrap().into_iter().map(|t| t.tok).collect()
    }

    #[test]
    fn terms_words_and_operators() {
        let t = toks(r#"ember t:strike cost<=2 -c!=red name:"flame soldier" or (JF-006)"#);
        assert_eq!(t[0], Tok::Word("ember".into()));
        assert!(
            matches!(&t[1], Tok::Term { field, op: Op::Has, value, .. } if field == "t" && value == "strike")
        );
        assert!(matches!(&t[2], Tok::Term { op: Op::Le, value, .. } if value == "2"));
        assert_eq!(t[3], Tok::Not);
        assert!(matches!(&t[4], Tok::Term { op: Op::Ne, .. }));
        assert!(matches!(&t[5], Tok::Term { value, .. } if value == "flame soldier"));
        assert_eq!(t[6], Tok::Or);
        assert_eq!(t[7], Tok::Open);
        assert_eq!(t[8], Tok::Word("JF-006".into()));
        assert_eq!(t[9], Tok::Close);
    }

    #[test]
    fn spans_point_into_the_query() {
        let q = "t:strike  cost>=3";
        let tokens = lex(q).unwrap();
        assert_eq!(&q[tokens[1].span.clone()], "cost>=3");
        let Tok::Term { value_span, .. } = &tokens[1].tok else {
            panic!()
        };
        assert_eq!(&q[value_span.clone()], "3");
    }

    #[test]
    fn mistakes_point_at_themselves() {
        for (q, at) in [
            ("t:", 0..2),
            ("name:\"open", 5..6),
            ("cost ! 3", 5..6),
            ("- t:x", 0..1),
            (":x", 0..1),
        ] {
            let e = lex(q).unwrap_err();
            assert_eq!(e.span, at, "{q}: {}", e.message);
        }
    }
}
