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
use crate::engine::{Engine, Player, Setup};

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

    engine_kit!(unrecorded, listed);

    fn setup(setup: &Setup<'_>, events: &mut Vec<Event>) -> Result<State, String> {
        turn::setup(setup, events)
    }

    fn setup_unrecorded(setup: &Setup<'_>, _: &mut Vec<Event>) -> Result<State, String> {
        turn::setup(setup, &mut Unrecorded)
    }

    fn parse_action(state: &State, text: &str) -> Result<Action, String> {
        parse::parse(state, text)
    }

    fn first(state: &State) -> Option<Player> {
        Some(state.first)
    }
}
