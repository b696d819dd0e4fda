//! A loaded game: its definition, its cards, and the index that finds a card by name or id.

use super::{Card, CardStr, GameDef, MultiColour, ZoneDef, MULTI};
use crate::diagnostic::SourceFile;
use crate::names;
use std::any::Any;
use std::ops::{Deref, DerefMut, Range};
use std::sync::{Arc, OnceLock};

/// Where a card was read from, for diagnostics that point into the database.
#[derive(Debug, Clone)]
pub struct CardOrigin {
    pub file: Arc<SourceFile>,
    pub span: Range<usize>,
}

#[derive(Debug, Clone)]
pub struct Game {
    pub def: GameDef,
    /// The `game.toml` this definition came from.
    pub def_file: Arc<SourceFile>,
    /// The cards, in database order. Add and remove them with [`Game::push`],
    /// [`Game::append`] and [`Game::clear_cards`], which keep the indexes below; a card
    /// changed in place keeps its id, name and type (tests change its effects or stats, on a
    /// clone, which builds its derived data afresh).
    pub cards: Vec<Card>,
    /// `origins[i]` is where `cards[i]` was read.
    pub origins: Vec<CardOrigin>,
    /// Lookup key of each name and id → card index. The first card wins a clash; `db check`
    /// reports clashes. Built on the first name not found as spelt: most runs never need it,
    /// and keying every card was a third of putting a game's cards in place.
    index: Derived<names::KeyMap<u32>>,
    /// Names and ids exactly as the database spells them: most deck lines match here, which
    /// skips normalising the line's name. Keyed by copies of the cards' own strings, which
    /// for a shipped card borrow the binary's data and otherwise are inline when short.
    exact: rustc_hash::FxHashMap<CardStr, u32>,
    /// Lookup keys of each zone's id, headers and aliases, in zone order.
    zone_keys: Vec<Vec<String>>,
    /// Per card (by index): which zones may hold it, one bit per zone, and whether it is
    /// Legendary — derived once here so validation compares no strings per deck line.
    card_zones: Vec<u64>,
    card_legendary: Vec<bool>,
    /// What the game's match engine derived from the cards (its compact card table), built on
    /// first use: random self-play starts thousands of games from one database, and each
    /// would otherwise rebuild it. Emptied whenever the cards change.
    engine_cache: Derived<Arc<dyn Any + Send + Sync>>,
    /// Each card name's key and sketch, for "did you mean"; built on the first unknown card,
    /// since most runs never need it.
    sketches: Derived<names::Sketches>,
    /// Each card's names and id as searches compare them, built on the first search.
    search_keys: Derived<Vec<SearchKeys>>,
    /// Card ids as deck codes carry them, stem → (width, number → card index), built on the
    /// first code read: a code's card is then one lookup of a number.
    numbered_ids: Derived<names::KeyMap<Vec<NumberedIds>>>,
    /// Each card's step on the evolution ladder, built on the first deck the `evolution`
    /// rule checks: a check then compares numbers, not level, line and base names.
    evolution_steps: Derived<Vec<Option<EvolutionStep>>>,
}

/// Something built from a game's cards on first use. A clone starts empty: a game is cloned to
/// be changed (a test alters a card of the shipped game's copy), and what was built from the
/// original's cards, the engine's card table above all, must not carry over to the copy.
#[derive(Debug)]
struct Derived<T>(OnceLock<T>);

impl<T> Default for Derived<T> {
    fn default() -> Self {
        Derived(OnceLock::new())
    }
}

impl<T> Clone for Derived<T> {
    fn clone(&self) -> Self {
        Derived::default()
    }
}

impl<T> Deref for Derived<T> {
    type Target = OnceLock<T>;

    fn deref(&self) -> &OnceLock<T> {
        &self.0
    }
}

impl<T> DerefMut for Derived<T> {
    fn deref_mut(&mut self) -> &mut OnceLock<T> {
        &mut self.0
    }
}

/// Where an evolving card sits: its level's position on the game's ladder, the level below
/// it, its line and its base card, each as a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EvolutionStep {
    /// Position of the card's level on the ladder (the first, should the ladder repeat it).
    pub level: u32,
    /// The [`EvolutionStep::level`] a card one level down has; `None` at the ladder's foot.
    pub previous: Option<u32>,
    /// The card's line: the index of the first card of the same line.
    pub line: u32,
    /// The card its line evolves ([`Game::find`] of its `base`), if the database has it.
    pub base: Option<u32>,
}

/// Most trailing digits of a card id that count as its number (deck codes pack it as one);
/// more stay in the stem.
pub const MAX_ID_WIDTH: u8 = 9;

/// Splits a card id into its stem and trailing number: `JF-012` → (`JF-`, width 3, 12). At most
/// [`MAX_ID_WIDTH`] trailing digits count as the number; an id without any is all stem.
pub fn split_id(id: &str) -> (&str, u8, u32) {
    let bytes = id.as_bytes();
    let digits = bytes
        .iter()
        .rev()
        .take(MAX_ID_WIDTH as usize)
        .take_while(|b| b.is_ascii_digit())
        .count();
    let (stem, number) = id.split_at(id.len() - digits);
    // At most nine ASCII digits always fit a u32.
    let value = number.parse::<u32>().unwrap_or(0);
    (stem, digits as u8, value)
}

/// The names a two-faced card is found by besides its own: its back face's (a J-ruler's
/// `j-name`), and both joined as other tools join them (`Front | Back`).
fn back_names(card: &Card) -> impl Iterator<Item = String> + '_ {
    (card.judgment.iter())
        .flat_map(|j| [j.j_name.clone(), format!("{} | {}", card.name(), j.j_name)])
}

/// A card's name, id and other face's name (a J-ruler's `j-name`) as lookup keys
/// ([`names::key`]): inline when short, so a search over every card reads one array.
#[derive(Debug, Clone)]
pub struct SearchKeys {
    pub name: CardStr,
    pub id: CardStr,
    pub back: Option<CardStr>,
}

/// The cards whose ids are one stem followed by a number of one width (`JF-` and 3 digits).
#[derive(Debug, Clone)]
pub struct NumberedIds {
    pub width: u8,
    pub cards: rustc_hash::FxHashMap<u32, u32>,
}

impl Game {
    pub fn new(def: GameDef, def_file: Arc<SourceFile>) -> Game {
        let zone_keys = def
            .zones
            .iter()
            .map(|z| {
                std::iter::once(&z.id)
                    .chain(&z.headers)
                    .chain(&z.aliases)
                    .map(|h| names::key(h))
                    .collect()
            })
            .collect();
        Game {
            zone_keys,
            def,
            def_file,
            cards: Vec::new(),
            origins: Vec::new(),
            index: Derived::default(),
            exact: rustc_hash::FxHashMap::default(),
            card_zones: Vec::new(),
            card_legendary: Vec::new(),
            engine_cache: Derived::default(),
            sketches: Derived::default(),
            search_keys: Derived::default(),
            numbered_ids: Derived::default(),
            evolution_steps: Derived::default(),
        }
    }

    /// The engine's data derived from this game, built by `build` on first use and shared
    /// afterwards. A build that fails is not kept, so the error comes back every time.
    pub fn engine_data<T, E>(&self, build: impl FnOnce(&Game) -> Result<T, E>) -> Result<Arc<T>, E>
    where
        T: Any + Send + Sync,
    {
        if let Some(cached) = self.engine_cache.get() {
            if let Ok(data) = Arc::clone(cached).downcast::<T>() {
                return Ok(data);
            }
            // Another engine's data is cached (never happens in practice: one engine per
            // game); build without caching rather than evict it.
            return build(self).map(Arc::new);
        }
        let data = Arc::new(build(self)?);
        let _ = self
            .engine_cache
            .set(Arc::clone(&data) as Arc<dyn Any + Send + Sync>);
        Ok(data)
    }

    /// The engine's data of type `T` if [`Game::engine_data`] built it already, borrowed: no
    /// reference count changes hands, so threads that ask at every game do not pass one
    /// between the cores.
    pub fn engine_data_built<T: Any>(&self) -> Option<&T> {
        (**self.engine_cache.get()?).downcast_ref::<T>()
    }

    pub fn id(&self) -> &str {
        &self.def.id
    }

    pub fn push(&mut self, card: Card, origin: CardOrigin) {
        self.cards.push(card);
        self.origins.push(origin);
        self.placed(self.cards.len() - 1);
    }

    /// Puts `cards` after the game's own, read from `origins`: a game with none takes the
    /// list itself rather than a copy of it.
    pub fn append(&mut self, cards: Vec<Card>, origins: impl IntoIterator<Item = CardOrigin>) {
        let from = self.cards.len();
        if from == 0 {
            self.cards = cards;
        } else {
            self.cards.extend(cards);
        }
        self.origins.extend(origins);
        self.reserve_indexes(self.cards.len() - from);
        for i in from..self.cards.len() {
            self.placed(i);
        }
    }

    /// Indexes the card at `i`, just put in place.
    fn placed(&mut self, i: usize) {
        self.forget_derived();
        let card = &self.cards[i];
        for k in [card.id.get_ref(), card.name.get_ref()] {
            self.exact.entry(k.clone()).or_insert(i as u32);
        }
        for k in back_names(card) {
            self.exact.entry(CardStr::from(k)).or_insert(i as u32);
        }
        // Zones past the 64th never match: no game comes near that many.
        let zones = self
            .def
            .zones
            .iter()
            .enumerate()
            .filter(|(z, def)| *z < 64 && def.types.iter().any(|t| t == card.kind()))
            .fold(0u64, |mask, (z, _)| mask | 1 << z);
        self.card_zones.push(zones);
        self.card_legendary.push(self.is_legendary(card));
    }

    /// Drops what was built from the cards on first use, when they change.
    fn forget_derived(&mut self) {
        self.index.take();
        self.sketches.take();
        self.search_keys.take();
        self.numbered_ids.take();
        self.evolution_steps.take();
        self.engine_cache.take();
    }

    /// Makes room for `n` more cards at once: a 20,000-card database would otherwise be
    /// copied (and its indexes rehashed) each time a table doubles.
    pub fn reserve(&mut self, n: usize) {
        self.cards.reserve(n);
        self.origins.reserve(n);
        self.reserve_indexes(n);
    }

    fn reserve_indexes(&mut self, n: usize) {
        self.card_zones.reserve(n);
        self.card_legendary.reserve(n);
        self.exact.reserve(2 * n);
    }

    /// Removes every card, keeping the definition (a `--db` replaces a game's cards).
    pub fn clear_cards(&mut self) {
        self.forget_derived();
        self.cards.clear();
        self.origins.clear();
        self.exact.clear();
        self.card_zones.clear();
        self.card_legendary.clear();
    }

    /// Finds a card by name or id, ignoring case, Unicode form and quote style. Allocates only
    /// for a name not spelt as the database spells it.
    pub fn find(&self, name_or_id: &str) -> Option<usize> {
        self.find_with(name_or_id, &mut String::new())
    }

    /// Like [`Game::find`], with the caller's buffer for the lookup key (no allocation on the
    /// validation hot path).
    pub fn find_with(&self, name_or_id: &str, buf: &mut String) -> Option<usize> {
        if let Some(i) = self.find_spelt(name_or_id) {
            // Two different cards cannot share a spelling that normalises differently, so an
            // exact hit is the card `index` would find too (db check rejects clashes).
            return Some(i);
        }
        names::key_into(name_or_id, buf);
        if let Some(&i) = self.index().get(buf.as_str()) {
            return Some(i as usize);
        }
        self.find_suffixed(name_or_id, buf)
    }

    /// A name with a printing's set code after it, as other tools name their reprints of
    /// basics (`Light Magic Stone (SDL1)`): the card of that name printed in that set.
    fn find_suffixed(&self, name: &str, buf: &mut String) -> Option<usize> {
        let (base, set) = name.trim_end().strip_suffix(')')?.rsplit_once(" (")?;
        names::key_into(base, buf);
        let i = *self.index().get(buf.as_str())? as usize;
        self.cards[i].printed_in(set.trim()).then_some(i)
    }

    /// The card a deck line names: by its id when the line gives one that is a card's, else
    /// by its name (with the caller's key buffer, as [`Game::find_with`]).
    pub fn find_line(&self, id: Option<&str>, name: &str, buf: &mut String) -> Option<usize> {
        id.and_then(|id| self.find_with(id, buf))
            .or_else(|| self.find_with(name, buf))
    }

    /// The lookup keys of every card's id and name, in card order, the first card winning.
    fn index(&self) -> &names::KeyMap<u32> {
        self.index.get_or_init(|| {
            let mut index = names::KeyMap::default();
            index.reserve(2 * self.cards.len());
            for (i, card) in self.cards.iter().enumerate() {
                for k in [card.id(), card.name()] {
                    index.entry(names::key(k)).or_insert(i as u32);
                }
            }
            // Back faces after every card's own name and id, which they never shadow.
            for (i, card) in self.cards.iter().enumerate() {
                for k in back_names(card) {
                    index.entry(names::key(&k)).or_insert(i as u32);
                }
            }
            index
        })
    }

    /// Finds a card by its name or id exactly as the database spells it, normalising nothing.
    pub fn find_spelt(&self, name_or_id: &str) -> Option<usize> {
        self.exact.get(name_or_id).map(|&i| i as usize)
    }

    /// The cards whose ids are `stem` followed by a number of `width` digits, split as
    /// [`split_id`] splits them; only ids [`Game::find_spelt`] finds as ids are there.
    pub fn numbered_ids(&self, stem: &str, width: u8) -> Option<&NumberedIds> {
        let all = self.numbered_ids.get_or_init(|| {
            let mut all: names::KeyMap<Vec<NumberedIds>> = names::KeyMap::default();
            for (i, card) in self.cards.iter().enumerate() {
                if self.find_spelt(card.id()) != Some(i) {
                    continue;
                }
                let (stem, width, number) = split_id(card.id());
                let widths = all.entry(stem.to_owned()).or_default();
                let at = match widths.iter().position(|n| n.width == width) {
                    Some(at) => at,
                    None => {
                        widths.push(NumberedIds {
                            width,
                            cards: Default::default(),
                        });
                        widths.len() - 1
                    }
                };
                widths[at].cards.insert(number, i as u32);
            }
            all
        });
        all.get(stem)?.iter().find(|n| n.width == width)
    }

    /// The step on the evolution ladder of the card at `index`: `None` for a card that does
    /// not evolve or whose level is not on the ladder.
    pub fn evolution_step(&self, index: usize) -> Option<&EvolutionStep> {
        let steps = self.evolution_steps.get_or_init(|| self.evolution_steps());
        steps.get(index)?.as_ref()
    }

    fn evolution_steps(&self) -> Vec<Option<EvolutionStep>> {
        let ladder = &self.def.evolution_levels;
        let rung = |level: &str| ladder.iter().position(|l| l == level).map(|p| p as u32);
        let mut lines: rustc_hash::FxHashMap<&str, u32> = Default::default();
        (self.cards.iter().enumerate())
            .map(|(i, card)| {
                let evo = card.evolution.as_ref()?.get_ref();
                let level = rung(&evo.level)?;
                let previous = level.checked_sub(1).and_then(|p| rung(&ladder[p as usize]));
                Some(EvolutionStep {
                    level,
                    previous,
                    line: *lines.entry(evo.line.as_str()).or_insert(i as u32),
                    base: self.find(&evo.base).map(|b| b as u32),
                })
            })
            .collect()
    }

    /// The card name closest to a misspelt one.
    pub fn suggest(&self, name: &str) -> Option<&str> {
        names::suggest_sketched(name, self.sketches()).map(|i| self.cards[i].name())
    }

    /// The card a misspelt name can only mean: the one card name close to it, if exactly one is.
    pub fn only_match(&self, name: &str) -> Option<&str> {
        names::only_close(name, self.sketches()).map(|i| self.cards[i].name())
    }

    /// Each card's [`SearchKeys`], by index, computed once per game: a search compares them
    /// for every card.
    pub fn search_keys(&self) -> &[SearchKeys] {
        self.search_keys.get_or_init(|| {
            let mut buf = String::new();
            let mut key = |text: &str| {
                names::key_into(text, &mut buf);
                CardStr::from(buf.as_str())
            };
            (self.cards.iter())
                .map(|card| SearchKeys {
                    name: key(card.name()),
                    id: key(card.id()),
                    back: card.judgment.as_ref().map(|j| key(&j.j_name)),
                })
                .collect()
        })
    }

    fn sketches(&self) -> &names::Sketches {
        self.sketches
            .get_or_init(|| names::Sketches::of(self.cards.iter().map(Card::name)))
    }

    pub fn zone(&self, id: &str) -> Option<&ZoneDef> {
        self.def.zones.iter().find(|z| z.id == id)
    }

    /// The zone a deck-list header (`Hero`, `[Main]`, `stones`) opens.
    pub fn zone_for_header(&self, header: &str) -> Option<&ZoneDef> {
        self.zone_index_for_header(header, &mut String::new())
            .map(|i| &self.def.zones[i])
    }

    /// Index of the zone a header opens, with the caller's buffer for the lookup key.
    ///
    /// Besides the game's own headers, the generic names foreign deck layouts use (Arena's
    /// `Deck`/`Sideboard`, Cockatrice's `main`/`side`) find the default zone and a zone with id
    /// `side`, so those layouts validate for any game, a data-only one included.
    pub fn zone_index_for_header(&self, header: &str, buf: &mut String) -> Option<usize> {
        // A header written as a key but for ASCII case (`Main`) is that key: keys are
        // lower-case, trimmed and single-spaced, so only their case can differ.
        let spelt = header.is_ascii().then(|| {
            (self.zone_keys.iter())
                .position(|keys| keys.iter().any(|k| k.eq_ignore_ascii_case(header)))
        });
        if let Some(Some(zone)) = spelt {
            return Some(zone);
        }
        names::key_into(header, buf);
        let own = self
            .zone_keys
            .iter()
            .position(|keys| keys.iter().any(|k| k == buf));
        own.or_else(|| match buf.as_str() {
            "deck" | "main" | "maindeck" | "main deck" => {
                self.def.zones.iter().position(|z| z.default)
            }
            "sideboard" | "side" => self.def.zones.iter().position(|z| z.id == "side"),
            _ => None,
        })
    }

    pub fn default_zone(&self) -> Option<&ZoneDef> {
        self.def.zones.iter().find(|z| z.default)
    }

    pub fn type_label(&self, kind: &str) -> String {
        self.def
            .types
            .iter()
            .find(|t| t.id == kind)
            .map_or_else(|| kind.to_owned(), |t| t.label.clone())
    }

    /// What colour rules and counts call colours: the game's colours, or its attributes in a
    /// game without colours (Force of Will).
    pub fn colour_words(&self) -> &[String] {
        if self.def.colours.is_empty() {
            &self.def.attributes
        } else {
            &self.def.colours
        }
    }

    /// A card's colours in the sense of [`Game::colour_words`].
    pub fn colours_of<'c>(&self, card: &'c Card) -> impl Iterator<Item = &'c str> {
        let by_colour = !self.def.colours.is_empty();
        let (colours, attributes) = if by_colour {
            (card.colours(), &[][..])
        } else {
            (&[][..], &card.attribute[..])
        };
        (colours.iter().map(String::as_str)).chain(attributes.iter().map(|a| a.get_ref().as_str()))
    }

    /// The buckets a card counts in for colour minimums, ratios and the colour split: each of
    /// its colours, or the one `multi` bucket for a multi-colour card when the game says so.
    pub fn colour_buckets<'c>(&self, card: &'c Card) -> impl Iterator<Item = &'c str> {
        let multi = self.def.multicolour == Some(MultiColour::Multi)
            && self.colours_of(card).nth(1).is_some();
        let own = (!multi).then(|| self.colours_of(card));
        own.into_iter().flatten().chain(multi.then_some(MULTI))
    }

    /// Every bucket [`Game::colour_buckets`] can yield, in the game's order.
    pub fn colour_bucket_names(&self) -> impl Iterator<Item = &str> {
        let multi = self.def.multicolour == Some(MultiColour::Multi);
        (self.colour_words().iter().map(String::as_str)).chain(multi.then_some(MULTI))
    }

    /// Whether zone `zone` (by index) may hold card `card` (by index).
    pub fn zone_holds(&self, zone: usize, card: usize) -> bool {
        self.card_zones
            .get(card)
            .is_some_and(|m| zone < 64 && m & (1 << zone) != 0)
    }

    /// [`Game::is_legendary`] for the card at an index, without comparing type names.
    pub fn is_legendary_at(&self, card: usize) -> bool {
        self.card_legendary.get(card).copied().unwrap_or(false)
    }

    /// A card is Legendary through its type or its own flag.
    pub fn is_legendary(&self, card: &Card) -> bool {
        card.legendary
            || self
                .def
                .types
                .iter()
                .any(|t| t.legendary && t.id == card.kind())
    }
}
