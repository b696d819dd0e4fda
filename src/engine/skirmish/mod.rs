//! The red/blue/green duel (`skirmish`, rules document `003_0915c8646d339629.txt`): both
//! players reveal a card at once each round; Red damages the opponent, Blue heals its player,
//! Green subtracts its value from the opposing Red or Blue; everything resolves together and
//! a player at zero health or below after the end phase loses (both at once: a draw).
//!
//! Rulings on what the document leaves open (SK-A01 … SK-A20) are in `docs/rulings.md`; the
//! code cites them where they decide something.

mod action;
mod apply;
pub mod cards;
mod eval;
mod event;
mod invariants;
mod legal;
mod query;
mod state;
#[cfg(test)]
mod tests;
mod turn;

pub use action::{Action, CardRef};
pub use event::{CardName, DrawCause, Event, Played};
pub use state::{Phase, Seat, State, HAND_LIMIT, OPENING_HAND, START_HEALTH};
pub use turn::{Duel, Resolved};

use crate::engine::log::Unrecorded;
use crate::engine::{Engine, Player, Setup};

/// Most cards per deck the engine plays (the rules allow 40; a little room for experiments,
/// and small enough that a seat is one fixed array).
pub const MAX_CARDS: usize = 64;
/// Largest value or effect amount the engine accepts on a card.
pub const MAX_VALUE: i32 = 1000;
/// A duel still going after this many rounds stops unfinished (SK-A18): reshuffles mean no one
/// ever decks out, and heals plus blocks can outpace damage for ever.
pub const ROUND_LIMIT: u32 = 1000;

/// The skirmish engine.
#[derive(Debug, Clone, Copy, Default)]
pub struct Skirmish;

impl Engine for Skirmish {
    const GAME: &'static str = "skirmish";
    type State = State;
    type Action = Action;
    type Event = Event;

    /// None: an action here is a whole round of both players' picks, so 40 random actions
    /// play the rest of the game at random (more rounds than a duel between players lasts),
    /// and that noise drowned the difference between one pick and another. The evaluation
    /// scores the position the tree reached (docs/sim.md has the measurements).
    const ROLLOUT_DEPTH: u32 = 0;

    engine_kit!(unrecorded);

    fn setup(setup: &Setup<'_>, events: &mut Vec<Event>) -> Result<State, String> {
        Ok(Duel::prepared(setup)?.start(setup.seed, events))
    }

    fn setup_unrecorded(setup: &Setup<'_>, _: &mut Vec<Event>) -> Result<State, String> {
        Ok(Duel::prepared(setup)?.start(setup.seed, &mut Unrecorded))
    }

    fn parse_action(state: &State, text: &str) -> Result<Action, String> {
        action::parse(state, text)
    }

    fn choices(state: &State, seat: Player, out: &mut Vec<Action>) {
        eval::choices(state, seat, out);
    }

    fn combine(_: &State, p1: &Action, p2: &Action) -> Action {
        eval::combine(p1, p2)
    }

    /// Rounds are simultaneous: nobody goes first.
    fn first(_: &State) -> Option<Player> {
        None
    }
}
