//! What the players need from J Force beyond the rules: an evaluation of a position, the
//! re-dealing of what a player has not seen, and the public summary of a seat.

use super::apply::apply;
use super::legal::legal_actions;
use super::state::{Hand, Phase, State};
use crate::engine::player::{best_answer, squash, terminal_value};
use crate::engine::rng::Rng;
use crate::engine::{Player, SeatSummary, ToMove};

const HP: f64 = 4.0;
const BOARD: f64 = 3.0;
const HAND: f64 = 0.1;
const CHARGE: f64 = 0.02;

pub fn to_move(state: &State) -> Option<ToMove> {
    state.outcome.is_none().then(|| ToMove::One(state.decider()))
}

/// HP is what wins: the HP difference counts most, then the attack on the board (damage to
/// come), then cards in hand and Charge (options to come) — worth less than what they buy, so
/// that playing a card looks better than holding it. A deck near empty is a loss in waiting
/// (deck-out). An attack waiting for the block decision is scored as the defender's best answer:
/// blockers are public, so this peeks at nothing, and without it an attack would look like
/// nothing happened and a one-ply player would never attack.
pub fn evaluate(state: &State, seat: Player) -> f64 {
    if let Some(outcome) = &state.outcome {
        return terminal_value(outcome, seat);
    }
    if let Phase::Block { .. } = state.phase {
        let defender = state.decider();
        let mut answers = Vec::new();
        legal_actions(state, &mut answers);
        let mut events = Vec::new();
        let values = answers.iter().filter_map(|answer| {
            let mut next = state.clone();
            events.clear();
            apply(&mut next, answer, &mut events).ok()?;
            Some(evaluate(&next, defender))
        });
        if let Some(v) = best_answer(values, defender, seat) {
            return v;
        }
    }
    let side = |p: Player| {
        let s = state.seat(p);
        let board: i32 = s.battle.iter().map(|u| u.attack(&state.table)).sum::<i32>()
            + s.hero.attack(&state.table);
        let deck_risk = if s.deck.len() < 3 { 2.0 } else { 0.0 };
        f64::from(s.hp) / HP
            + f64::from(board) / BOARD
            + HAND * s.hand.len() as f64
            + CHARGE * f64::from(s.charge)
            - deck_risk
    };
    squash(side(seat) - side(seat.other()))
}

/// The opponent's hand and deck are pooled and dealt again; both decks are shuffled; the
/// match RNG is reseeded. Pools are sorted first so that the result does not depend on how
/// the hidden cards really lie.
pub fn determinize(state: &State, seat: Player, rng: &mut Rng) -> State {
    let mut s = state.clone();
    let own = s.seat_mut(seat);
    own.deck.sort_unstable();
    rng.shuffle(&mut own.deck);
    let State { table, seats, .. } = &mut s;
    let opp = &mut seats[seat.other().index()];
    let hand = opp.hand.len();
    let mut pool: Vec<u16> = opp.deck.drain(..).chain(opp.hand.iter().copied()).collect();
    pool.sort_unstable();
    rng.shuffle(&mut pool);
    opp.hand = Hand::of(pool.split_off(pool.len() - hand), table);
    opp.deck = pool;
    s.rng = Rng::new(rng.next_u64());
    s
}

pub fn summary(state: &State, seat: Player) -> SeatSummary {
    let s = state.seat(seat);
    SeatSummary {
        life: i64::from(s.hp),
        hand: s.hand.len(),
        deck: s.deck.len(),
    }
}
