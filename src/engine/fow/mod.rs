//! The Force of Will engine (game id `fow`), after the publisher's basic rulebook
//! (`rules/001_132350e4c34154f6.txt`) and the rulings in docs/rulings.md (FW-A01…FW-A25,
//! FW-K01…).
//!
//! Files by concern: `cards` (the card table), `state` (zones, objects, stats), `will`
//! (costs and payments), `rules` (what is allowed now), `chase` (priority and resolution),
//! `battle`, `effects` (effects, life, destruction), `turn` (setup, mulligan, phases),
//! `legal` (enumeration), `apply`, `parse` (script language), `query`, `invariants`.

mod action;
mod apply;
mod battle;
mod cards;
mod chase;
mod effects;
mod eval;
mod event;
mod invariants;
mod legal;
mod parse;
mod query;
mod rules;
mod state;
mod turn;
mod will;

#[cfg(test)]
mod tests;

pub use action::{Action, Aim, Bottom, Named, Payment, Source};
pub use event::{CardRef, Event, Phase};
pub use state::State;

use crate::engine::log::Unrecorded;
use crate::engine::{Engine, Player, Setup};

/// Force of Will.
#[derive(Debug, Clone, Copy, Default)]
pub struct Fow;

impl Engine for Fow {
    const GAME: &'static str = "fow";
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
        Some(eval::first(state))
    }
}
