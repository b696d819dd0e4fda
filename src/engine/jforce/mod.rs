//! The J Force TCG engine (`jforce`): every rule of `../shared/rules/000_1347cc0968ba856f.txt`
//! with the rulings in `docs/rulings.md` (J Force). Files by concern, as Force of Will's:
//! `cards` (the compiled card table), `state`, `event`, `action` (and how it prints), `parse`
//! (the script language), `turn` (setup, phases, losing), `effects` (Charge, damage, heals,
//! destruction, resolving cards), `legal` (enumeration), `apply`, `query` (expectations) and
//! `invariants`.

pub mod action;
mod apply;
pub mod cards;
mod effects;
mod eval;
pub mod event;
mod invariants;
mod legal;
mod parse;
mod query;
pub mod state;
#[cfg(test)]
mod tests;
mod turn;

pub use action::{Action, UnitRef};
pub use event::Event;
pub use state::State;

use crate::engine::log::Unrecorded;
use crate::engine::rng::Rng;
use crate::engine::{Engine, IllegalAction, Outcome, Player, SeatSummary, Setup, ToMove, Value};

/// The J Force engine.
#[derive(Debug, Clone, Copy, Default)]
pub struct JForce;

impl Engine for JForce {
    const GAME: &'static str = "jforce";
    /// "Best-of-three format: first to two match wins takes the game." (JF-A06)
    const BEST_OF: u32 = 3;
    type State = State;
    type Action = Action;
    type Event = Event;

    fn setup(setup: &Setup<'_>, events: &mut Vec<Event>) -> Result<State, String> {
        turn::setup(setup, events)
    }

    fn setup_unrecorded(setup: &Setup<'_>, _: &mut Vec<Event>) -> Result<State, String> {
        turn::setup(setup, &mut Unrecorded)
    }

    fn legal_actions(state: &State, out: &mut Vec<Action>) {
        legal::legal_actions(state, out);
    }

    fn random_action(state: &State, rng: &mut Rng, out: &mut Vec<Action>) -> Option<usize> {
        legal::random(state, rng, out)
    }

    fn apply(
        state: &mut State,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), IllegalAction> {
        apply::apply(state, action, events)
    }

    fn apply_unrecorded(
        state: &mut State,
        action: &Action,
        _: &mut Vec<Event>,
    ) -> Result<(), IllegalAction> {
        apply::apply(state, action, &mut Unrecorded)
    }

    fn outcome(state: &State) -> Option<Outcome> {
        state.outcome
    }

    fn parse_action(state: &State, text: &str) -> Result<Action, String> {
        parse::parse(state, text)
    }

    fn query(state: &State, path: &str) -> Result<Value, String> {
        query::query(state, path)
    }

    fn check_invariants(state: &State) -> Result<(), String> {
        invariants::check_invariants(state)
    }

    fn to_move(state: &State) -> Option<ToMove> {
        eval::to_move(state)
    }

    fn evaluate(state: &State, seat: Player) -> f64 {
        eval::evaluate(state, seat)
    }

    fn determinize(state: &State, seat: Player, rng: &mut Rng) -> State {
        eval::determinize(state, seat, rng)
    }

    fn first(state: &State) -> Option<Player> {
        Some(state.first)
    }

    fn summary(state: &State, seat: Player) -> SeatSummary {
        eval::summary(state, seat)
    }

    fn check_transition(before: &State, events: &[Event], after: &State) -> Result<(), String> {
        invariants::check_transition(before, events, after)
    }
}
