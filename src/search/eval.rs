//! A parsed query bound to one game: field values looked up once (types, formats), so that
//! matching a card allocates nothing; a stat is read by its name among the card's few stats.

use super::fields::Field;
use super::lex::Op;
use super::parse::{Node, Term, Value};
use crate::card_db::{Card, Game, SearchKeys};
use crate::catalog::Catalog;
use crate::date::Date;
use crate::names;
use crate::validate::Rule;
use memchr::memmem::Finder;

/// A query ready to test the cards of one game.
pub struct Matcher<'g> {
    game: &'g Game,
    root: Test,
}

enum Test {
    All(Vec<Test>),
    Any(Vec<Test>),
    Not(Box<Test>),
    Const(bool),
    /// A word: in the name, or the whole id or type (the type ids it names, found once).
    Bare(Word, Vec<String>),
    NameHas(Word),
    NameIs(String),
    /// Card types (ids) the value names in this game.
    Type(Vec<String>),
    ColourHas(String),
    ColourIs(String),
    /// A number of the card by name ([`Card::number`]).
    Stat(String, Op, i64),
    Set(String),
    IdPrefix(String),
    IdIs(String),
    Text(Word),
    Race(Word),
    Legendary,
    Basic,
    Evolution,
    Invented,
    Keyword(String),
    /// Per card: the answer, computed once (legality, bans).
    Table(Vec<bool>),
}

impl<'g> Matcher<'g> {
    /// The query bound to `game`; `owned` holds the copies owned per card (what `owned`
    /// compares; empty without a collection).
    pub fn new(
        root: &Node,
        game: &'g Game,
        catalog: &Catalog,
        date: Date,
        owned: &[u32],
    ) -> Matcher<'g> {
        Matcher {
            game,
            root: compile(root, game, catalog, date, owned),
        }
    }

    /// Whether the card at `index` matches. `buf` is scratch space for lookup keys, reused
    /// across cards.
    pub fn matches(&self, index: usize, buf: &mut String) -> bool {
        self.test(&self.root, index, buf)
    }

    fn test(&self, t: &Test, i: usize, buf: &mut String) -> bool {
        let card = &self.game.cards[i];
        // Built on the first query that compares names or ids, not on one that needs none.
        let keys = || &self.game.search_keys()[i];
        match t {
            Test::All(ts) => ts.iter().all(|t| self.test(t, i, buf)),
            Test::Any(ts) => ts.iter().any(|t| self.test(t, i, buf)),
            Test::Not(t) => !self.test(t, i, buf),
            Test::Const(b) => *b,
            Test::Bare(w, types) => {
                w.in_names(keys())
                    || types.iter().any(|t| t == card.kind())
                    || keys().id == w.key.as_str()
            }
            Test::NameHas(w) => w.in_names(keys()),
            Test::NameIs(w) => keys().name == w.as_str() || keys().back.as_deref() == Some(w),
            Test::Type(ids) => ids.iter().any(|id| id == card.kind()),
            Test::ColourHas(c) => colours(card).any(|x| x.eq_ignore_ascii_case(c)),
            Test::ColourIs(c) => {
                let mut all = colours(card);
                all.next().is_some_and(|x| x.eq_ignore_ascii_case(c)) && all.next().is_none()
            }
            Test::Stat(stat, op, n) => card.number(stat).is_some_and(|v| compare(v, *op, *n)),
            Test::Set(code) => card.set().eq_ignore_ascii_case(code),
            Test::IdPrefix(p) => keys().id.starts_with(p.as_str()),
            Test::IdIs(id) => keys().id == id.as_str(),
            Test::Text(w) => texts(card).any(|t| w.in_text(t, buf)),
            Test::Race(w) => card.race.as_deref().is_some_and(|r| w.in_text(r, buf)),
            Test::Legendary => self.game.is_legendary_at(i),
            Test::Basic => card.basic,
            Test::Evolution => card.evolution.is_some(),
            Test::Invented => card.invented,
            Test::Keyword(k) => card.keywords.iter().any(|x| x.get_ref() == k),
            Test::Table(answers) => answers.get(i).copied().unwrap_or(false),
        }
    }
}

/// A word's key, with its substring searcher set up once: `str::contains` sets one up anew
/// for every card.
struct Word {
    key: String,
    finder: Finder<'static>,
}

impl Word {
    fn new(key: String) -> Word {
        let finder = Finder::new(key.as_bytes()).into_owned();
        Word { key, finder }
    }

    /// Whether `key`, a key already ([`names::key`]), holds the word.
    fn in_key(&self, key: &str) -> bool {
        self.finder.find(key.as_bytes()).is_some()
    }

    /// Whether the card's name or its other face's holds the word: a search by either face
    /// finds a two-faced card (a Force of Will ruler's J-ruler).
    fn in_names(&self, keys: &SearchKeys) -> bool {
        self.in_key(&keys.name) || keys.back.as_deref().is_some_and(|b| self.in_key(b))
    }

    /// Whether the key of `text` holds the word.
    fn in_text(&self, text: &str, buf: &mut String) -> bool {
        names::key_into(text, buf);
        self.in_key(buf)
    }
}

fn compare(v: i64, op: Op, n: i64) -> bool {
    match op {
        Op::Has | Op::Eq => v == n,
        Op::Ne => v != n,
        Op::Lt => v < n,
        Op::Le => v <= n,
        Op::Gt => v > n,
        Op::Ge => v >= n,
    }
}

/// A card's colours, or its attributes in a game without colours.
pub(super) fn colours(card: &Card) -> impl Iterator<Item = &str> {
    (card.colours().iter().map(String::as_str))
        .chain(card.attribute.iter().map(|a| a.get_ref().as_str()))
}

/// Every text printed on a card: rules text, a Hero's ability, activate abilities, Judgment.
fn texts(card: &Card) -> impl Iterator<Item = &str> {
    card.text
        .as_deref()
        .into_iter()
        .chain(card.ability.as_deref())
        .chain(card.abilities.iter().filter_map(|a| a.text.as_deref()))
        .chain(card.judgment.as_ref().and_then(|j| j.text.as_deref()))
}

fn compile(node: &Node, game: &Game, catalog: &Catalog, date: Date, owned: &[u32]) -> Test {
    match node {
        Node::And(parts) => Test::All(
            parts
                .iter()
                .map(|n| compile(n, game, catalog, date, owned))
                .collect(),
        ),
        Node::Or(parts) => Test::Any(
            parts
                .iter()
                .map(|n| compile(n, game, catalog, date, owned))
                .collect(),
        ),
        Node::Not(inner) => Test::Not(Box::new(compile(inner, game, catalog, date, owned))),
        Node::Term(term) => term_test(term, game, catalog, date, owned),
    }
}

fn term_test(term: &Term, game: &Game, catalog: &Catalog, date: Date, owned: &[u32]) -> Test {
    let text = match &term.value {
        Value::Number(n) => {
            return match &term.field {
                Field::Stat(stat) if game.def.has_number(stat) => {
                    Test::Stat(stat.clone(), term.op, *n)
                }
                Field::Owned => Test::Table(
                    (0..game.cards.len())
                        .map(|i| {
                            let copies = owned.get(i).copied().unwrap_or(0);
                            compare(i64::from(copies), term.op, *n)
                        })
                        .collect(),
                ),
                _ => Test::Const(false),
            };
        }
        Value::Text(t) => t.as_str(),
    };
    let key = names::key(text);
    let test = match (&term.field, term.op) {
        (Field::Bare, _) => {
            let types = game
                .def
                .types
                .iter()
                .filter(|t| names::key(&t.id) == key || names::key(&t.label) == key)
                .map(|t| t.id.clone())
                .collect();
            Test::Bare(Word::new(key), types)
        }
        (Field::Name, Op::Has) => Test::NameHas(Word::new(key)),
        (Field::Name, _) => Test::NameIs(key),
        (Field::Type, _) => Test::Type(
            game.def
                .types
                .iter()
                .filter(|t| names::key(&t.id) == key || names::key(&t.label) == key)
                .map(|t| t.id.clone())
                .collect(),
        ),
        (Field::Colour, Op::Eq) => Test::ColourIs(key),
        (Field::Colour, _) => Test::ColourHas(key),
        (Field::Set, _) => Test::Set(key),
        (Field::Id, Op::Has) => Test::IdPrefix(key),
        (Field::Id, _) => Test::IdIs(key),
        (Field::Text, _) => Test::Text(Word::new(key)),
        (Field::Race, _) => Test::Race(Word::new(key)),
        (Field::Is, _) => match key.as_str() {
            "legendary" => Test::Legendary,
            "basic" => Test::Basic,
            "evolution" => Test::Evolution,
            "invented" => Test::Invented,
            _ => Test::Keyword(key),
        },
        (Field::Keyword, _) => Test::Keyword(key),
        (Field::Game, _) => Test::Const(names::key(game.id()) == key),
        (Field::Legal | Field::Banned, _) => {
            let banned_only = term.field == Field::Banned;
            Test::Table(format_table(game, catalog, text, date, banned_only))
        }
        (Field::Stat(_) | Field::Owned, _) => Test::Const(false),
    };
    // `!=` is "not" whatever the field; a stat's `!=` compared above.
    if term.op == Op::Ne {
        Test::Not(Box::new(test))
    } else {
        test
    }
}

/// Per card of `game`: legal in the format on `date` (a zone the format sizes may hold it,
/// its set is allowed after the rotations in force, it is not banned), or, with `banned_only`, banned in it.
fn format_table(
    game: &Game,
    catalog: &Catalog,
    format: &str,
    date: Date,
    banned_only: bool,
) -> Vec<bool> {
    let Some(format) = catalog.format(format).filter(|f| f.game == game.id()) else {
        return Vec::new();
    };
    let mut banned = vec![false; game.cards.len()];
    if let Some(revision) = format.revision_on(date) {
        for name in &revision.revision.banned {
            if let Some(i) = game.find(name.get_ref()) {
                banned[i] = true;
            }
        }
    }
    if banned_only {
        return banned;
    }
    let zones: Vec<usize> = game
        .def
        .zones
        .iter()
        .enumerate()
        .filter(|(_, z)| format.zones.contains_key(&z.id))
        .map(|(i, _)| i)
        .collect();
    let sets = format.rules.iter().find_map(|r| match &r.rule {
        Rule::SetLegality(rule) => Some(rule.sets_on(&format.revisions, date)),
        _ => None,
    });
    (0..game.cards.len())
        .map(|i| {
            let set_ok = sets.as_ref().is_none_or(|s| s.allows(game.cards[i].set()));
            !banned[i] && set_ok && zones.iter().any(|&z| game.zone_holds(z, i))
        })
        .collect()
}
