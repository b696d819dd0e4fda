//! What the players need from the duel beyond the rules: whose decision it is (both at once
//! for a round's picks), each player's own part of a round, an evaluation of a position, the
//! re-dealing of what a player has not seen, and the public summary of a seat.

use super::action::Action;
use super::legal::{owing, picks};
use super::state::{Phase, State};
use crate::engine::player::{squash, terminal_value};
use crate::engine::rng::Rng;
use crate::engine::{Engine, Player, SeatSummary, ToMove};

pub fn to_move(state: &State) -> Option<ToMove> {
    if state.is_over() {
        return None;
    }
    match state.phase {
        Phase::Pick => Some(ToMove::Both),
        // Discards owed by both are made one player after the other: neither sees anything
        // new by waiting, so the order does not matter.
        Phase::Discard => owing(state).next().map(ToMove::One),
    }
}

/// A seat's own part of a round is a `Round` with the other pick left empty; its discards are
/// the listed discards that are its own. Both in listing order.
pub fn choices(state: &State, seat: Player, out: &mut Vec<Action>) {
    out.clear();
    match to_move(state) {
        Some(ToMove::Both) => {
            out.extend(picks(state, seat).map(|pick| match seat {
                Player::P1 => Action::Round { p1: pick, p2: None },
                Player::P2 => Action::Round { p1: None, p2: pick },
            }));
        }
        Some(ToMove::One(p)) if p == seat => {
            super::Skirmish::legal_actions(state, out);
            out.retain(|a| matches!(a, Action::Discard { player, .. } if *player == seat));
        }
        _ => {}
    }
}

pub fn combine(p1: &Action, p2: &Action) -> Action {
    let pick = |a: &Action, p| a.pick(p).copied();
    Action::Round {
        p1: pick(p1, Player::P1),
        p2: pick(p2, Player::P2),
    }
}

/// Health decides: the difference counts most; a card in hand is a little worth (a choice
/// to come, and one card short of a forced discard at the limit is still a card).
pub fn evaluate(state: &State, seat: Player) -> f64 {
    if let Some(outcome) = super::Skirmish::outcome(state) {
        return terminal_value(&outcome, seat);
    }
    let side = |p: Player| {
        let s = state.seat(p);
        f64::from(s.health) / 4.0 + 0.15 * s.hand_len() as f64
    };
    squash(side(seat) - side(seat.other()))
}

/// The opponent's hand and deck are pooled and dealt again, the own deck is shuffled, the
/// match RNG (future reshuffles) is reseeded. Pools are sorted first so that the result does
/// not depend on how the hidden cards really lie.
pub fn determinize(state: &State, seat: Player, rng: &mut Rng) -> State {
    let mut s = state.clone();
    let own = s.seat_mut(seat).deck_mut();
    own.sort_unstable();
    rng.shuffle(own);
    let hidden = s.seat_mut(seat.other()).unseen_mut();
    hidden.sort_unstable();
    rng.shuffle(hidden);
    s.rng = Rng::new(rng.next_u64());
    s
}

pub fn summary(state: &State, seat: Player) -> SeatSummary {
    let s = state.seat(seat);
    SeatSummary {
        life: i64::from(s.health),
        hand: s.hand_len(),
        deck: s.deck().len(),
    }
}
