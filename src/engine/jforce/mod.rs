//! The J Force TCG engine (`jforce`): every rule of `../shared/rules/000_1347cc0968ba856f.txt`
//! with the rulings in `docs/rulings.md` (J Force). Split by concern: the compiled card table
//! (`cards`), the state (`state`), events (`event`), actions and their script language
//! (`action`), the rules themselves (`rules`), and queries and invariants (`query`).

pub mod action;
pub mod cards;
pub mod event;
mod query;
pub mod rules;
pub mod state;
#[cfg(test)]
mod tests;

pub use action::{Action, UnitRef};
pub use event::Event;
pub use state::State;

use crate::engine::{Engine, IllegalAction, Outcome, Setup, Value};

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
        rules::setup(setup, events)
    }

    fn legal_actions(state: &State, out: &mut Vec<Action>) {
        rules::legal_actions(state, out);
    }

    fn apply(
        state: &mut State,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), IllegalAction> {
        rules::apply(state, action, events)
    }

    fn outcome(state: &State) -> Option<Outcome> {
        state.over.map(|(winner, reason)| Outcome {
            winner: Some(winner),
            reason: reason.id().to_owned(),
            turns: state.turn,
        })
    }

    fn parse_action(state: &State, text: &str) -> Result<Action, String> {
        action::parse(state, text)
    }

    fn query(state: &State, path: &str) -> Result<Value, String> {
        query::query(state, path)
    }

    fn check_invariants(state: &State) -> Result<(), String> {
        query::check_invariants(state)
    }

    fn check_transition(before: &State, events: &[Event], after: &State) -> Result<(), String> {
        query::check_transition(before, events, after)
    }
}
