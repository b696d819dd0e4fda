//! A collection: the cards a player owns, read from a card list in any deck encoding (all of
//! its zones summed) or from a collection CSV ([`csv`]: `count,name[,set,number]` in any order,
//! or a collection tracker's export). What cannot be read is a warning with its line, never a
//! silent zero; a card no game searched knows is one too, with the closest name.
//!
//! [`Collection::owned`] counts what one game's cards are owned, per printing; [`need`] says
//! what decks lack of it.

pub mod csv;
pub mod need;

use crate::card_db::Game;
use crate::catalog::Catalog;
use crate::deck::{ParseProblem, Printing};
use crate::diagnostic::{Problem, SourceFile};
use crate::encoding;
use crate::error::{read_stdin, read_text, Error};
use std::collections::BTreeMap;
use std::ops::Range;
use std::path::Path;
use std::sync::Arc;

/// One holding as the file writes it: copies of a card, maybe of one printing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub count: u32,
    pub name: String,
    /// The card id, where the encoding carries one.
    pub id: Option<String>,
    pub printing: Option<Printing>,
    pub span: Option<Range<usize>>,
    pub line: Option<u32>,
}

/// A collection file, read.
#[derive(Debug, Clone)]
pub struct Collection {
    pub source: Arc<SourceFile>,
    pub rows: Vec<Row>,
    /// Rows and columns that could not be read, each with its line.
    pub warnings: Vec<ParseProblem>,
}

impl Collection {
    /// Reads a collection file (`-`: standard input).
    pub fn read(path: &Path, catalog: &Catalog) -> Result<Collection, Error> {
        let source = if path.as_os_str() == "-" {
            SourceFile::new("<stdin>", read_stdin()?)
        } else {
            SourceFile::new(path.display().to_string(), read_text(path)?)
        };
        Collection::parse(source, catalog)
    }

    /// Reads a collection from its text: a collection CSV when its first line is such a
    /// header, else a card list in any deck encoding.
    pub fn parse(source: Arc<SourceFile>, catalog: &Catalog) -> Result<Collection, Error> {
        let text = encoding::unmarked(&source);
        let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        // A `.csv` file that is no CSV deck is a collection, so that a header missing its
        // count column is told as that.
        let csv_file = source.name.to_ascii_lowercase().ends_with(".csv");
        if (csv::is_header(first) || csv_file) && !encoding::csv::is_header(first) {
            let (rows, warnings) = csv::parse(&text).map_err(|p| Error::Deck {
                message: format!("cannot read the collection `{}`", source.name),
                problems: vec![encoding::to_problem(&source, "collection", &p)],
            })?;
            return Ok(Collection {
                source,
                rows,
                warnings,
            });
        }
        let deck = encoding::read(&source, None, catalog)?;
        let rows = (deck.zones.iter().flat_map(|z| &z.entries))
            .map(|e| Row {
                count: e.count,
                name: e.card.to_string(),
                id: e.id.as_ref().map(ToString::to_string),
                printing: e.printing.clone(),
                span: e.span.clone(),
                line: e.line,
            })
            .collect();
        let mut warnings = deck.problems;
        for w in &mut warnings {
            w.message = format!("{}; the line is skipped", w.message);
        }
        warnings.extend(deck.warnings);
        warnings.sort_by_key(|w| w.line);
        Ok(Collection {
            source,
            rows,
            warnings,
        })
    }

    /// What of `game`'s cards is owned. Rows naming no card of the game are left out (they
    /// may be another game's: [`Collection::problems`] tells of those no game knows).
    pub fn owned(&self, game: &Game) -> Owned {
        let mut owned = Owned::default();
        let mut buf = String::new();
        for row in &self.rows {
            let Some(card) = game.find_line(row.id.as_deref(), &row.name, &mut buf) else {
                continue;
            };
            let holding = owned.cards.entry(card).or_default();
            holding.total = holding.total.saturating_add(row.count);
            let Some(p) = &row.printing else {
                continue;
            };
            let p = printing_in(game, p);
            match holding.printed.iter_mut().find(|(q, _)| same(q, &p)) {
                Some((_, n)) => *n = n.saturating_add(row.count),
                None => holding.printed.push((p, row.count)),
            }
        }
        owned
    }

    /// Every warning about the collection, as diagnostics in its file: the rows that could not
    /// be read, and those naming a card none of `games` knows (with the closest name).
    pub fn problems(&self, games: &[&Game]) -> Vec<Problem> {
        let mut found: Vec<ParseProblem> = self.warnings.clone();
        let mut buf = String::new();
        for row in &self.rows {
            let known = games.iter().any(|g| {
                g.find_line(row.id.as_deref(), &row.name, &mut buf)
                    .is_some()
            });
            if known {
                continue;
            }
            let help = match games.iter().find_map(|g| g.suggest(&row.name)) {
                Some(s) => {
                    format!("did you mean `{s}`? the row is not counted until it names a card")
                }
                None => {
                    "the row is not counted: `decksmith cards <words>` searches the card databases"
                        .into()
                }
            };
            found.push(ParseProblem {
                message: format!("unknown card `{}` in the collection", row.name),
                help: Some(help),
                span: row.span.clone(),
                line: row.line,
            });
        }
        found.sort_by_key(|w| w.line);
        found
            .iter()
            .map(|w| encoding::to_warning(&self.source, "collection", w))
            .collect()
    }
}

/// The printing a collection names, its set written as the game's set code when it names one
/// of the game's sets by code or by name (Deckbox writes set names).
fn printing_in(game: &Game, p: &Printing) -> Printing {
    let sets = &game.def.sets;
    let by_code = sets.iter().find(|s| s.code.eq_ignore_ascii_case(&p.set));
    let set = by_code
        .or_else(|| {
            let key = crate::names::key(&p.set);
            sets.iter().find(|s| crate::names::key(&s.name) == key)
        })
        .map_or_else(|| p.set.clone(), |s| s.code.clone());
    Printing {
        set,
        number: p.number.clone(),
    }
}

/// Whether two printings are one: the same set, and the same collector number (`012` is
/// `12`) or none on both.
pub fn same(a: &Printing, b: &Printing) -> bool {
    a.set.eq_ignore_ascii_case(&b.set)
        && a.number.as_deref().map(trim) == b.number.as_deref().map(trim)
}

/// Whether owned copies of `have` count for a deck asking for `want`: the same set, and no
/// two different collector numbers (a copy whose number is not written may be it).
pub fn covers(have: &Printing, want: &Printing) -> bool {
    have.set.eq_ignore_ascii_case(&want.set)
        && match (&have.number, &want.number) {
            (Some(h), Some(w)) => trim(h) == trim(w),
            _ => true,
        }
}

fn trim(number: &str) -> &str {
    let t = number.trim_start_matches('0');
    if t.is_empty() && !number.is_empty() {
        "0"
    } else {
        t
    }
}

/// A collection counted for each game a run may meet (`validate --have`).
#[derive(Debug, Clone)]
pub struct Have {
    pub collection: Collection,
    owned: BTreeMap<String, Owned>,
}

impl Have {
    pub fn new(collection: Collection, games: &[&Game]) -> Have {
        let owned = (games.iter())
            .map(|g| (g.id().to_owned(), collection.owned(g)))
            .collect();
        Have { collection, owned }
    }

    /// What the collection holds of a game's cards.
    pub fn owned(&self, game: &str) -> Option<&Owned> {
        self.owned.get(game)
    }
}

/// What of one game's cards a collection holds, by card index.
#[derive(Debug, Clone, Default)]
pub struct Owned {
    cards: BTreeMap<usize, Holding>,
}

/// The copies of one card owned: all of them, and those of each printing named.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Holding {
    pub total: u32,
    /// Copies by printing; `total` less their sum is the copies whose printing is not named.
    pub printed: Vec<(Printing, u32)>,
}

impl Owned {
    /// Copies of the card at `index` owned, whatever their printing.
    pub fn copies(&self, card: usize) -> u32 {
        self.cards.get(&card).map_or(0, |h| h.total)
    }

    pub fn holding(&self, card: usize) -> Option<&Holding> {
        self.cards.get(&card)
    }

    /// Copies owned per card of a game of `cards` cards, in card order (what `owned` in a
    /// query reads).
    pub fn per_card(&self, cards: usize) -> Vec<u32> {
        let mut out = vec![0; cards];
        for (&card, h) in &self.cards {
            if let Some(n) = out.get_mut(card) {
                *n = h.total;
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn jforce() -> &'static Game {
        Catalog::embedded().unwrap().game("jforce").unwrap()
    }

    fn read(name: &str, text: &str) -> Collection {
        Collection::parse(SourceFile::new(name, text), Catalog::embedded().unwrap()).unwrap()
    }

    #[test]
    fn same_name_rows_sum_per_printing() {
        let game = jforce();
        let card = game.find("Ember Striker").unwrap();
        let set = game.cards[card].set().to_owned();
        let text = format!(
            "count,name,set,number\n2,Ember Striker,{set},\n1,ember striker,,\n3,Ember Striker,{},\n",
            set.to_lowercase()
        );
        let owned = read("c.csv", &text).owned(game);
        let h = owned.holding(card).unwrap();
        assert_eq!(h.total, 6);
        assert_eq!(h.printed.len(), 1);
        assert_eq!(h.printed[0].1, 5);
    }

    #[test]
    fn a_deck_list_is_a_collection_of_all_its_zones() {
        let game = jforce();
        let c = read(
            "c.deck",
            "format: jforce-standard\n\nMain\n3 Ember Striker\n\nSide\n1 Ember Striker\n",
        );
        assert_eq!(c.owned(game).copies(game.find("Ember Striker").unwrap()), 4);
    }

    #[test]
    fn an_unknown_card_is_a_warning_with_a_suggestion_and_its_line() {
        let game = jforce();
        let c = read("c.csv", "count,name\n2,Ember Strikr\n");
        let problems = c.problems(&[game]);
        assert_eq!(problems.len(), 1);
        assert!(problems[0]
            .help
            .as_deref()
            .unwrap()
            .contains("`Ember Striker`"));
        assert_eq!(problems[0].location().map(|l| l.1), Some(2));
    }

    /// A `.csv` file that is no CSV deck is read as a collection, and a header without a count
    /// column is told as that.
    #[test]
    fn a_csv_file_without_a_count_column_is_refused_as_a_collection() {
        let source = SourceFile::new("c.csv", "name,set\nEmber Striker,JF1\n");
        let error = Collection::parse(source, Catalog::embedded().unwrap()).unwrap_err();
        let Error::Deck { problems, .. } = error else {
            panic!("not a file problem: {error}");
        };
        assert!(
            problems[0].message.contains("no count column"),
            "{}",
            problems[0].message
        );
    }

    #[test]
    fn printings_match_by_set_and_number() {
        let p = |set: &str, n: Option<&str>| Printing {
            set: set.into(),
            number: n.map(Into::into),
        };
        assert!(same(&p("JF1", Some("012")), &p("jf1", Some("12"))));
        assert!(!same(&p("JF1", None), &p("JF1", Some("12"))));
        assert!(covers(&p("JF1", None), &p("JF1", Some("12"))));
        assert!(!covers(&p("JF1", Some("13")), &p("JF1", Some("12"))));
        assert!(!covers(&p("JF2", None), &p("JF1", None)));
    }
}
