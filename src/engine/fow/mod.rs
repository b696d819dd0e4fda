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

use crate::engine::rng::Rng;
use crate::engine::{Engine, IllegalAction, Outcome, Player, SeatSummary, Setup, ToMove, Value};

/// Force of Will.
#[derive(Debug, Clone, Copy, Default)]
pub struct Fow;

impl Engine for Fow {
    const GAME: &'static str = "fow";
    type State = State;
    type Action = Action;
    type Event = Event;

    fn setup(setup: &Setup<'_>, events: &mut Vec<Event>) -> Result<State, String> {
        turn::setup(setup, events)
    }

    fn legal_actions(state: &State, out: &mut Vec<Action>) {
        legal::legal(state, out);
    }

    fn random_action(
        state: &State,
        rng: &mut crate::engine::rng::Rng,
        out: &mut Vec<Action>,
    ) -> Option<usize> {
        legal::random(state, rng, out)
    }

    fn apply(
        state: &mut State,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), IllegalAction> {
        apply::apply(state, action, events)
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
        invariants::check(state)
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
        Some(eval::first(state))
    }

    fn summary(state: &State, seat: Player) -> SeatSummary {
        eval::summary(state, seat)
    }

    fn check_transition(before: &State, events: &[Event], after: &State) -> Result<(), String> {
        invariants::transition(before, events, after)
    }
}
