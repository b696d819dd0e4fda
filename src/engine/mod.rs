//! Match engines: one folder per game behind one shared shape, plus the machinery that all
//! games share (seeded RNG, scripts, transcripts, expectations, the random player).
//!
//! The shape (DESIGN.md, Engines): a compact state that owns its RNG; an action type; the legal
//! actions of a state, enumerable so that a random player and seeded self-play come for free;
//! `apply`, which either changes the state and reports events or rejects the action with a
//! reason and leaves the state as it was.

pub mod expect;
pub mod log;
pub mod parse;
pub mod play;
pub mod player;
pub mod random;
pub mod registry;
pub mod rng;
pub mod script;
#[cfg(test)]
pub mod testing;
pub mod transcript;

use crate::card_db::Game;
use crate::deck::Deck;
use crate::diagnostic::{Problem, SourceFile};
use script::Located;
use serde::Serialize;
use std::fmt;
use std::ops::Range;
use std::sync::Arc;

/// The [`Engine`] methods that only hand their arguments on, written once for every engine:
/// each to the function of its concern in the engine's own folder (`legal::legal_actions`,
/// `legal::random`, `apply::apply`, `query::query`, `invariants::check_invariants`,
/// `invariants::check_transition`, `eval::{to_move, evaluate, determinize, summary}`), and
/// `outcome` read from the state's `outcome` field. Expanded inside an engine's `impl Engine`,
/// so the paths resolve in its folder. `engine_kit!(unrecorded)` is for an engine whose
/// `apply::apply` writes to any [`log::Log`]: it also makes [`Engine::apply_unrecorded`] skip
/// the events; `engine_kit!(unrecorded, listed)` also hands [`Engine::apply_listed`] to
/// `apply::apply_checking::<false>`, unrecorded, for an engine that skips the checks its
/// listing made.
macro_rules! engine_kit {
    (unrecorded, listed) => {
        engine_kit!(unrecorded);

        fn apply_listed(
            state: &mut Self::State,
            action: &Self::Action,
            _: &mut Vec<Self::Event>,
        ) -> Result<(), $crate::engine::IllegalAction> {
            apply::apply_checking::<false>(state, action, &mut $crate::engine::log::Unrecorded)
        }
    };
    (unrecorded) => {
        engine_kit!();

        fn apply_unrecorded(
            state: &mut Self::State,
            action: &Self::Action,
            _: &mut Vec<Self::Event>,
        ) -> Result<(), $crate::engine::IllegalAction> {
            apply::apply(state, action, &mut $crate::engine::log::Unrecorded)
        }
    };
    () => {
        fn legal_actions(state: &Self::State, out: &mut Vec<Self::Action>) {
            legal::legal_actions(state, out);
        }

        fn random_action(
            state: &Self::State,
            rng: &mut $crate::engine::rng::Rng,
            out: &mut Vec<Self::Action>,
        ) -> Option<usize> {
            legal::random(state, rng, out)
        }

        fn apply(
            state: &mut Self::State,
            action: &Self::Action,
            events: &mut Vec<Self::Event>,
        ) -> Result<(), $crate::engine::IllegalAction> {
            apply::apply(state, action, events)
        }

        fn outcome(state: &Self::State) -> Option<$crate::engine::Outcome> {
            state.outcome
        }

        fn query(state: &Self::State, path: &str) -> Result<$crate::engine::Value, String> {
            query::query(state, path)
        }

        fn check_invariants(state: &Self::State) -> Result<(), String> {
            invariants::check_invariants(state)
        }

        fn check_transition(
            before: &Self::State,
            events: &[Self::Event],
            after: &Self::State,
        ) -> Result<(), String> {
            invariants::check_transition(before, events, after)
        }

        fn to_move(state: &Self::State) -> Option<$crate::engine::ToMove> {
            eval::to_move(state)
        }

        fn evaluate(state: &Self::State, seat: $crate::engine::Player) -> f64 {
            eval::evaluate(state, seat)
        }

        fn determinize(
            state: &Self::State,
            seat: $crate::engine::Player,
            rng: &mut $crate::engine::rng::Rng,
        ) -> Self::State {
            eval::determinize(state, seat, rng)
        }

        fn summary(
            state: &Self::State,
            seat: $crate::engine::Player,
        ) -> $crate::engine::SeatSummary {
            eval::summary(state, seat)
        }
    };
}

/// One folder per engine, each named in the registry (`for_each_engine!`).
macro_rules! engine_modules {
    ($($module:ident::$engine:ident),*) => {
        $(pub mod $module;)*
    };
}
crate::for_each_engine!(engine_modules);

/// A seat at the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    P1,
    P2,
}

impl Player {
    pub const BOTH: [Player; 2] = [Player::P1, Player::P2];

    pub fn index(self) -> usize {
        match self {
            Player::P1 => 0,
            Player::P2 => 1,
        }
    }

    pub fn other(self) -> Player {
        match self {
            Player::P1 => Player::P2,
            Player::P2 => Player::P1,
        }
    }

    pub fn parse(s: &str) -> Option<Player> {
        match s.trim().to_ascii_lowercase().as_str() {
            "p1" => Some(Player::P1),
            "p2" => Some(Player::P2),
            _ => None,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::P1 => "p1",
            Player::P2 => "p2",
        })
    }
}

/// How one game ended. Every engine stores it in its state once the game is over (`outcome:
/// Option<Outcome>`), so asking costs a copy: search players ask after every rollout step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// `None` for a draw (or a game stopped unfinished at a turn cap).
    pub winner: Option<Player>,
    /// Machine-readable reason: `hp-zero`, `deck-out`, `life-zero`, `both-zero`,
    /// `round-limit`… A reason ending in `-limit` means the game was stopped at a cap, unfinished.
    pub reason: &'static str,
    pub turns: u32,
}

/// A game stopped at a cap with nobody winning: not a draw the rules declared.
pub fn is_unfinished(winner: Option<Player>, reason: &str) -> bool {
    winner.is_none() && reason.ends_with("-limit")
}

/// Who the game waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToMove {
    /// One player decides.
    One(Player),
    /// Both choose at once without seeing each other's choice (the duel's picks): each player
    /// chooses its part among [`Engine::choices`], and [`Engine::combine`] joins the parts.
    Both,
}

/// What the table shows of one seat at some moment: enough to check a result from outside.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SeatSummary {
    /// Life (Force of Will), HP (J Force) or health (the duel).
    pub life: i64,
    pub hand: usize,
    /// Cards left to draw (the main deck; Force of Will's magic stone deck not included).
    pub deck: usize,
}

/// An action the rules do not allow now, and why (`Ember Striker costs 3 Charge; p1 has 2`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalAction(pub String);

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A value an expectation reads from the state (`p2.hp` → `Int(17)`,
/// `p2.discard` → `List([...names])`, `winner` → `Str("p1")` or `Null`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Value {
    Int(i64),
    Bool(bool),
    Str(String),
    List(Vec<String>),
    Null,
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(n) => write!(f, "{n}"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Str(s) => f.write_str(s),
            Value::List(items) => write!(f, "[{}]", items.join(", ")),
            Value::Null => f.write_str("none"),
        }
    }
}

/// What a game engine needs to start a game: the two decks as card indices into the game's
/// database (zone id → cards, in deck-list order), the seed, and optionally stacked orders.
#[derive(Debug, Clone)]
pub struct Setup<'a> {
    pub game: &'a crate::card_db::Game,
    pub decks: [SeatDeck; 2],
    pub seed: u64,
    /// Who goes first when the script says so; otherwise the game's own rule decides.
    pub first: Option<Player>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SeatDeck {
    /// Zone id → card indices. For a stacked deck, the `main` (or draw) zone is in draw order,
    /// top card first, and `stacked` is set.
    pub zones: Vec<(String, Vec<u32>)>,
    /// The script fixed the order: do not shuffle.
    pub stacked: bool,
}

impl SeatDeck {
    /// Turns a validated deck into the seat's cards: database indices per zone, in list order,
    /// with the stacked cards moved to the top of the game's draw zone (its default zone).
    ///
    /// Every command that plays seats its decks here, so this is where a deck holding cards
    /// whose text the engines do not model (`Card::unmodelled`, a card of another tool's pool)
    /// is refused, naming each, unless `vanilla` says to play them by their stats alone
    /// ([`vanilla_cards`] names them for the result).
    pub fn new(
        deck: &Deck,
        game: &Game,
        stack: &[Located],
        file: &Arc<SourceFile>,
        vanilla: bool,
    ) -> Result<SeatDeck, Problem> {
        let error = |span: Range<usize>, message: String| {
            Problem::error("script", message)
                .in_file(file)
                .label(span, "")
        };
        let mut zones: Vec<(String, Vec<u32>)> = Vec::new();
        let mut key = String::new();
        for zone in &deck.zones {
            let id = if zone.span.is_none() && zone.name == "main" {
                game.default_zone().map(|z| z.id.clone())
            } else {
                game.zone_for_header(&zone.name).map(|z| z.id.clone())
            };
            // Validation has already refused unknown zones and cards.
            let Some(id) = id else { continue };
            let at = match zones.iter().position(|(z, _)| *z == id) {
                Some(at) => at,
                None => {
                    zones.push((id, Vec::new()));
                    zones.len() - 1
                }
            };
            for entry in &zone.entries {
                if let Some(card) = game.find_line(entry.id.as_deref(), &entry.card, &mut key) {
                    zones[at]
                        .1
                        .extend(std::iter::repeat_n(card as u32, entry.count as usize));
                }
            }
        }
        let unmodelled = unmodelled_names(game, zones.iter().flat_map(|(_, cards)| cards));
        if !vanilla && !unmodelled.is_empty() {
            let cards: Vec<String> = unmodelled.iter().map(|n| format!("`{n}`")).collect();
            return Err(Problem::error(
                "unmodelled",
                format!(
                    "the {} engine does not model the text of {} in `{}`: {}",
                    game.def.name,
                    crate::error::plural(cards.len(), "card"),
                    file.name,
                    cards.join(", ")
                ),
            )
            .in_file(file)
            .help(
                "`--vanilla` plays them by their stats alone, and the result says so; \
                 or replace them with cards the engine models",
            ));
        }
        if stack.is_empty() {
            return Ok(SeatDeck {
                zones,
                stacked: false,
            });
        }
        let draw_zone = game
            .default_zone()
            .map(|z| z.id.clone())
            .unwrap_or_default();
        let at = match zones.iter().position(|(z, _)| *z == draw_zone) {
            Some(at) => at,
            None => {
                zones.push((draw_zone.clone(), Vec::new()));
                zones.len() - 1
            }
        };
        let mut rest = std::mem::take(&mut zones[at].1);
        let mut top = Vec::with_capacity(rest.len());
        for name in stack {
            let Some(card) = game.find_with(&name.value, &mut key) else {
                return Err(
                    error(name.span.clone(), format!("unknown card `{}`", name.value)).maybe_help(
                        game.suggest(&name.value)
                            .map(|s| format!("did you mean `{s}`?")),
                    ),
                );
            };
            let Some(pos) = rest.iter().position(|&c| c == card as u32) else {
                let total = top.iter().filter(|&&c| c == card as u32).count();
                return Err(error(
                    name.span.clone(),
                    format!(
                        "the stack names `{}` more often than the deck holds it ({total})",
                        game.cards[card].name()
                    ),
                )
                .help("a stack orders the deck's own cards; it cannot add any"));
            };
            top.push(rest.remove(pos));
        }
        top.extend(rest);
        zones[at].1 = top;
        Ok(SeatDeck {
            zones,
            stacked: true,
        })
    }

    pub fn cards(&self) -> impl Iterator<Item = &u32> {
        self.zones.iter().flat_map(|(_, cards)| cards)
    }

    pub fn zone(&self, id: &str) -> &[u32] {
        self.zones
            .iter()
            .find(|(z, _)| z == id)
            .map_or(&[], |(_, cards)| cards.as_slice())
    }
}

/// A deck [`SeatDeck::new`] refused, as the error of a command that plays decks (exit 2: the
/// engine cannot do the job asked of it).
pub fn unplayable(problem: Problem) -> crate::error::Error {
    crate::error::Error::Deck {
        message: "a deck cannot be played".into(),
        problems: vec![problem],
    }
}

/// The names of the cards among `cards` whose text the engines do not model, each once, in
/// the order met.
fn unmodelled_names<'g, 'c>(game: &'g Game, cards: impl Iterator<Item = &'c u32>) -> Vec<&'g str> {
    let mut names: Vec<&str> = Vec::new();
    for &c in cards {
        let card = &game.cards[c as usize];
        if card.unmodelled && !names.contains(&card.name()) {
            names.push(card.name());
        }
    }
    names
}

/// The cards of `seats` that play by their stats alone (seated with `vanilla`), each once, in
/// seat order: what a result names as played vanilla.
pub fn vanilla_cards<'s>(
    game: &Game,
    seats: impl IntoIterator<Item = &'s SeatDeck>,
) -> Vec<String> {
    let names = unmodelled_names(game, seats.into_iter().flat_map(SeatDeck::cards));
    names.into_iter().map(str::to_owned).collect()
}

/// One game's rules engine. Implemented once per game in `engine/<game>/`.
pub trait Engine {
    /// The game id in card databases and scripts (`jforce`).
    const GAME: &'static str;
    /// Compact, cheap to clone; owns its RNG.
    type State: Clone + fmt::Debug;
    type Action: Clone + fmt::Debug + PartialEq + fmt::Display;
    /// One line of a transcript each.
    type Event: Clone + fmt::Debug + fmt::Display + Serialize;

    /// Shuffles (or stacks), draws opening hands, picks the first player.
    fn setup(setup: &Setup<'_>, events: &mut Vec<Self::Event>) -> Result<Self::State, String>;

    /// Every action legal now (for the player whose decision it is). Empty once the game is
    /// over.
    fn legal_actions(state: &Self::State, out: &mut Vec<Self::Action>);

    /// The random player's choice: a uniformly random legal action, left in `out` at the
    /// returned index (`None` when there is none). An engine may list only part of the legal
    /// actions when it can find the chosen one without the rest, but it must draw from `rng`
    /// exactly as picking from the whole list would, so that a seed plays the same game.
    fn random_action(
        state: &Self::State,
        rng: &mut rng::Rng,
        out: &mut Vec<Self::Action>,
    ) -> Option<usize> {
        out.clear();
        Self::legal_actions(state, out);
        rng.pick_index(out.len())
    }

    /// Applies an action. On `Err`, the state is unchanged.
    fn apply(
        state: &mut Self::State,
        action: &Self::Action,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), IllegalAction>;

    /// [`Engine::setup`] for a caller that reads no events (random play unchecked, search):
    /// an engine may skip making them. The default records them into `scratch`, cleared first.
    fn setup_unrecorded(
        setup: &Setup<'_>,
        scratch: &mut Vec<Self::Event>,
    ) -> Result<Self::State, String> {
        scratch.clear();
        Self::setup(setup, scratch)
    }

    /// [`Engine::apply`] for a caller that reads no events, as [`Engine::setup_unrecorded`].
    fn apply_unrecorded(
        state: &mut Self::State,
        action: &Self::Action,
        scratch: &mut Vec<Self::Event>,
    ) -> Result<(), IllegalAction> {
        scratch.clear();
        Self::apply(state, action, scratch)
    }

    /// [`Engine::apply_unrecorded`] for an action this engine itself just listed or drew for
    /// this very state (`legal_actions`, `random_action`), as random play and a search's
    /// rollouts apply them: an engine may skip re-checking what its listing guarantees. Never
    /// call it with an action from anywhere else (a script, a search tree's other branch): it
    /// may then break the rules. The default checks, as `apply_unrecorded` does.
    fn apply_listed(
        state: &mut Self::State,
        action: &Self::Action,
        scratch: &mut Vec<Self::Event>,
    ) -> Result<(), IllegalAction> {
        Self::apply_unrecorded(state, action, scratch)
    }

    /// `Some` once the game is over.
    fn outcome(state: &Self::State) -> Option<Outcome>;

    /// Reads one action written in the script language, in the context of the state (names
    /// resolve against the cards in play or in hand).
    fn parse_action(state: &Self::State, text: &str) -> Result<Self::Action, String>;

    /// Reads a state value for an expectation (`p2.hp`, `p1.hand`, `p2.discard`).
    fn query(state: &Self::State, path: &str) -> Result<Value, String>;

    /// Checks the rules' invariants (cards conserved across zones, resources within caps, …);
    /// random self-play calls this after every action.
    fn check_invariants(state: &Self::State) -> Result<(), String>;

    /// Whose decision the game waits for; `None` once the game is over.
    fn to_move(state: &Self::State) -> Option<ToMove>;

    /// The actions `seat` may choose now: every legal action when it alone decides; for a
    /// simultaneous choice its own parts (to be joined by [`Engine::combine`]); nothing when it
    /// is not its decision.
    fn choices(state: &Self::State, seat: Player, out: &mut Vec<Self::Action>) {
        out.clear();
        if Self::to_move(state) == Some(ToMove::One(seat)) {
            Self::legal_actions(state, out);
        }
    }

    /// Joins both players' parts of a simultaneous choice into the action applied. Engines
    /// without simultaneous choices never get here; the default keeps the first part.
    fn combine(state: &Self::State, p1: &Self::Action, p2: &Self::Action) -> Self::Action {
        let _ = (state, p2);
        p1.clone()
    }

    /// How good the position looks for `seat`, in `0.0..=1.0` (1 won, 0 lost, ½ a draw):
    /// the players' evaluation (docs/sim.md describes it per game). Reads only what `seat`
    /// may see.
    fn evaluate(state: &Self::State, seat: Player) -> f64;

    /// A state `seat` cannot tell apart from `state`: everything it has not seen (the
    /// opponent's hand, both decks' order, the engine's future randomness) is re-drawn from
    /// `rng`. The result depends only on what `seat` has seen and on `rng`, so that a player
    /// searching it cannot peek.
    fn determinize(state: &Self::State, seat: Player, rng: &mut rng::Rng) -> Self::State;

    /// Who went first; `None` where nobody does (the duel's simultaneous rounds).
    fn first(state: &Self::State) -> Option<Player>;

    /// Life and cards of a seat, as the table shows them.
    fn summary(state: &Self::State, seat: Player) -> SeatSummary;

    /// Games in a series when a script does not say (`best-of`): J Force plays best of three.
    const BEST_OF: u32 = 1;

    /// Random actions a search player plays on from the end of its tree before the
    /// evaluation scores the position (`mcts`'s rollout, cut off).
    const ROLLOUT_DEPTH: u32 = 40;

    /// Who goes first in the next game of a series, given the games played so far; `None`
    /// lets the game's own setup rule decide again (the default).
    fn next_first(previous: &[Outcome]) -> Option<Player> {
        let _ = previous;
        None
    }

    /// Checks one action's events against the state before and after it (life changes only
    /// through damage and heal events, …); random self-play calls this after every action
    /// when it checks invariants. The default checks nothing.
    fn check_transition(
        before: &Self::State,
        events: &[Self::Event],
        after: &Self::State,
    ) -> Result<(), String> {
        let _ = (before, events, after);
        Ok(())
    }
}

/// A card name with a `'static` lifetime, so that events and actions can be small `Copy`
/// values that still print themselves. Each distinct name is stored once per process, so the
/// memory kept is bounded by the names of the loaded databases, however often they load.
pub fn intern(name: &str) -> &'static str {
    use std::collections::BTreeSet;
    use std::sync::{Mutex, OnceLock};
    static NAMES: OnceLock<Mutex<BTreeSet<&'static str>>> = OnceLock::new();
    let mut names = NAMES
        .get_or_init(|| Mutex::new(BTreeSet::new()))
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(&known) = names.get(name) {
        return known;
    }
    let leaked: &'static str = Box::leak(name.to_owned().into_boxed_str());
    names.insert(leaked);
    leaked
}
