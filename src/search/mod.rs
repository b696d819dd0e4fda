//! The card search language (`decksmith cards QUERY`, `stats --odds QUERY`), modelled on
//! Scryfall's: `t:strike cost<=2 -c:red (kw:flying or is:legendary)`. Fields come from the
//! game data (types, colours, attributes, sets, keywords, stats by their own names), so a
//! game added as data alone can be searched. docs/search.md documents every term.
//!
//! A query is lexed and parsed once ([`Query::parse`]), its values checked against the games
//! searched ([`Query::check`]), then bound to each game ([`Matcher`]) to test cards.

mod eval;
mod fields;
mod lex;
mod parse;
mod sort;

pub use eval::Matcher;
pub use sort::{find, find_having, sort, Hit, SortKey};

use crate::card_db::Game;
use crate::catalog::Catalog;
use crate::date::Date;
use crate::diagnostic::{Problem, SourceFile};
use crate::names;
use fields::{Field, IS_WORDS};
use parse::{Node, Term, Value};
use std::sync::Arc;

/// A parsed query, with its text kept for diagnostics.
#[derive(Debug, Clone)]
pub struct Query {
    source: Arc<SourceFile>,
    root: Node,
    /// Whether a collection was given (`--have`), which `owned` needs.
    have: bool,
}

impl Query {
    /// Parses a query. A mistake is a diagnostic pointing into the query.
    pub fn parse(text: &str) -> Result<Query, Problem> {
        let source = SourceFile::new("query", text);
        let problem = |message: String, span: std::ops::Range<usize>, help: String| {
            Problem::error("query", message)
                .in_file(&source)
                .label(span, "here")
                .help(help)
        };
        let tokens = lex::lex(text).map_err(|e| problem(e.message, e.span, e.help))?;
        let root =
            parse::parse(&tokens, text.len()).map_err(|e| problem(e.message, e.span, e.help))?;
        Ok(Query {
            source: Arc::clone(&source),
            root,
            have: false,
        })
    }

    /// The query for a search with a collection (`--have`), where `owned` may be asked.
    pub fn having(mut self, have: bool) -> Query {
        self.have = have;
        self
    }

    pub fn text(&self) -> &str {
        &self.source.text
    }

    /// Checks every value that must name something (a type, colour, set, keyword, format,
    /// game) against the games searched: a value none of them knows is a mistake, with the
    /// closest value offered.
    pub fn check(&self, games: &[&Game], catalog: &Catalog) -> Result<(), Problem> {
        let mut terms = Vec::new();
        collect_terms(&self.root, &mut terms);
        for term in terms {
            if term.field == Field::Owned && !self.have {
                return Err(Problem::error(
                    "query",
                    "`owned` counts the copies in a collection, and none was given",
                )
                .in_file(&self.source)
                .label(term.span.clone(), "needs a collection")
                .help(
                    "pass --have COLLECTION (a collection CSV or a card list, docs/collection.md)",
                ));
            }
            if let Field::Stat(stat) = &term.field {
                self.check_stat(term, stat, games)?;
                continue;
            }
            let Value::Text(value) = &term.value else {
                continue;
            };
            let known: Vec<String> = match &term.field {
                Field::Type => games
                    .iter()
                    .flat_map(|g| g.def.types.iter())
                    .flat_map(|t| [t.id.clone(), t.label.clone()])
                    .collect(),
                Field::Colour => games
                    .iter()
                    .flat_map(|g| g.def.colours.iter().chain(&g.def.attributes))
                    .cloned()
                    .collect(),
                Field::Set => games
                    .iter()
                    .flat_map(|g| g.def.sets.iter().map(|s| s.code.clone()))
                    .collect(),
                Field::Keyword => games
                    .iter()
                    .flat_map(|g| g.def.keywords.iter().cloned())
                    .collect(),
                Field::Is => IS_WORDS
                    .iter()
                    .map(|w| (*w).to_owned())
                    .chain(games.iter().flat_map(|g| g.def.keywords.iter().cloned()))
                    .collect(),
                Field::Legal | Field::Banned => catalog
                    .formats
                    .values()
                    .filter(|f| games.iter().any(|g| g.id() == f.game))
                    .map(|f| f.id.clone())
                    .collect(),
                Field::Game => catalog.games.keys().cloned().collect(),
                _ => continue,
            };
            let key = names::key(value);
            if known.iter().any(|k| names::key(k) == key) {
                continue;
            }
            // Type labels are accepted, but the ids are what to suggest and list.
            let offered = |k: &&String| {
                term.field != Field::Type
                    || games
                        .iter()
                        .any(|g| g.def.types.iter().any(|t| &t.id == *k))
            };
            let mut list: Vec<&str> = known.iter().filter(offered).map(String::as_str).collect();
            list.sort_unstable();
            list.dedup();
            let help = match names::suggest(value, list.iter().copied()) {
                Some(s) => format!("did you mean `{}:{s}`?", term_field_text(self, term)),
                None if list.is_empty() => {
                    format!("the games searched have no {}", term.field.name())
                }
                None => format!("`{}` can be {}", term.field.name(), list.join(", ")),
            };
            return Err(
                Problem::error("query", format!("no {} `{value}`", what(&term.field)))
                    .in_file(&self.source)
                    .label(term.value_span.clone(), "unknown")
                    .help(help),
            );
        }
        Ok(())
    }

    /// A name that is no field must be a stat of a game searched, and its value a number.
    fn check_stat(&self, term: &Term, stat: &str, games: &[&Game]) -> Result<(), Problem> {
        if !games.iter().any(|g| g.def.has_number(stat)) {
            let mut stats: Vec<&str> = games.iter().flat_map(|g| g.def.numbers()).collect();
            stats.sort_unstable();
            stats.dedup();
            let written = term_field_text(self, term);
            return Err(
                Problem::error("query", format!("unknown field `{written}`"))
                    .in_file(&self.source)
                    .label(term.span.start..term.span.start + written.len(), "here")
                    .help(Field::unknown_help(written, &stats)),
            );
        }
        if let Value::Text(value) = &term.value {
            if let Err((message, help)) = term.field.number(term.op, value) {
                return Err(Problem::error("query", message)
                    .in_file(&self.source)
                    .label(term.value_span.clone(), "here")
                    .help(help));
            }
        }
        Ok(())
    }

    /// The query bound to one game, evaluated on `date` (for `legal:` and `banned:`), with
    /// the copies owned per card (for `owned`; empty without a collection).
    pub fn matcher<'g>(
        &self,
        game: &'g Game,
        catalog: &Catalog,
        date: Date,
        owned: &[u32],
    ) -> Matcher<'g> {
        Matcher::new(&self.root, game, catalog, date, owned)
    }
}

/// The field as the user wrote it (`t`, `type`), for suggestions that keep their spelling.
fn term_field_text<'a>(query: &'a Query, term: &Term) -> &'a str {
    let written = &query.source.text[term.span.start..term.value_span.start];
    written.trim_end_matches([':', '=', '!', '<', '>'])
}

fn what(field: &Field) -> &'static str {
    match field {
        Field::Type => "card type",
        Field::Colour => "colour or attribute",
        Field::Set => "set",
        Field::Keyword => "keyword",
        Field::Is => "card property or keyword",
        Field::Legal | Field::Banned => "format",
        Field::Game => "game",
        _ => "value",
    }
}

fn collect_terms<'a>(node: &'a Node, out: &mut Vec<&'a Term>) {
    match node {
        Node::And(parts) | Node::Or(parts) => parts.iter().for_each(|n| collect_terms(n, out)),
        Node::Not(inner) => collect_terms(inner, out),
        Node::Term(t) => out.push(t),
    }
}

#[cfg(test)]
mod tests;
