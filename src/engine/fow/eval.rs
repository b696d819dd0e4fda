//! What the players need from Force of Will beyond the rules: an evaluation of a position,
//! the re-dealing of what a player has not seen, and the public summary of a seat.

use super::action::Action;
use super::apply::apply;
use super::legal::legal_actions;
use super::state::{ObjKind, State, Step, What, START_LIFE};
use crate::engine::player::{best_answer, squash, terminal_value};
use crate::engine::rng::Rng;
use crate::engine::{Player, SeatSummary, ToMove};

pub fn to_move(state: &State) -> Option<ToMove> {
    state.decider().map(ToMove::One)
}

/// Life decides (a quarter of the starting life is worth one unit of score), then the ATK and
/// DEF of the J/resonators in the field (damage to come and to stop), the player's cards on
/// the chase (about to resolve), magic stones in the field (will to play with) and cards in
/// hand — worth less than what they become, so that playing a card looks better than holding
/// it.
///
/// A position in the middle of a chase or a battle is first settled: the chase resolves and the
/// battle is fought, the defender choosing its best block (blockers are public, so this peeks
/// at nothing). Scored as it stands, a removal chant on the chase would be worth the same
/// whichever side it targets and a declared attack would be worth nothing, so a one-ply player
/// would aim at its own resonators and never attack.
pub fn evaluate(state: &State, seat: Player) -> f64 {
    settled(state, seat, SETTLE_STEPS)
}

/// The most forced steps settling takes: a chase of a few items and one battle.
const SETTLE_STEPS: u32 = 32;

fn settled(state: &State, seat: Player, budget: u32) -> f64 {
    if let Some(outcome) = &state.outcome {
        return terminal_value(outcome, seat);
    }
    let unsettled = !state.chase.is_empty()
        || matches!(state.step, Step::Attack | Step::Block | Step::AfterBlock);
    let decider = state.decider();
    let (true, Some(decider), 1..) = (unsettled, decider, budget) else {
        return score(state, seat);
    };
    let mut actions = Vec::new();
    legal_actions(state, &mut actions);
    let mut events = Vec::new();
    let mut after = |action: &Action| {
        let mut next = state.clone();
        events.clear();
        apply(&mut next, action, &mut events).ok().map(|()| next)
    };
    if state.step == Step::Block && state.chase.is_empty() {
        let values = (actions.iter()).filter_map(|a| after(a).map(|n| settled(&n, decider, budget - 1)));
        return best_answer(values, decider, seat).unwrap_or_else(|| score(state, seat));
    }
    match actions
        .iter()
        .find(|a| matches!(a, Action::Pass { .. }))
        .and_then(after)
    {
        Some(next) => settled(&next, seat, budget - 1),
        None => score(state, seat),
    }
}

fn score(state: &State, seat: Player) -> f64 {
    let bonus = state.bonus;
    let side = |p: Player| {
        let s = state.seat(p);
        let mut board = 0.0;
        let mut stones = 0.0;
        for o in &s.field {
            if o.kind.battles() {
                let (atk, def) = state.stats_with(p, o, &bonus);
                board += f64::from(atk.max(0)) + 0.5 * f64::from(def.max(0));
            } else if o.kind == ObjKind::Stone {
                stones += 1.0;
            }
        }
        let pending = state
            .chase
            .iter()
            .filter(|item| item.who == p && matches!(item.what, What::Card { .. }))
            .count();
        4.0 * f64::from(s.life) / f64::from(START_LIFE)
            + board / 500.0
            + 0.5 * pending as f64
            + 0.3 * stones
            + 0.1 * s.hand.len() as f64
    };
    squash(side(seat) - side(seat.other()))
}

/// The opponent's hand and main deck are pooled and dealt again; the own main deck and both
/// magic stone decks are shuffled. All randomness is spent at setup, so there is no RNG to
/// reseed. Pools are sorted first so that the result does not depend on how the hidden cards
/// really lie. (Cards a player put on the bottom at its mulligan are shuffled too: a small
/// forgetting, not a peek.)
pub fn determinize(state: &State, seat: Player, rng: &mut Rng) -> State {
    let mut s = state.clone();
    for p in Player::BOTH {
        let stones = &mut s.seat_mut(p).stones;
        stones.sort_unstable();
        rng.shuffle(stones);
    }
    let own = &mut s.seat_mut(seat).deck;
    own.sort_unstable();
    rng.shuffle(own);
    let opp = s.seat_mut(seat.other());
    let hand = opp.hand.len();
    let mut pool: Vec<_> = opp.deck.drain(..).chain(opp.hand.drain(..)).collect();
    pool.sort_unstable();
    rng.shuffle(&mut pool);
    opp.hand = pool.split_off(pool.len() - hand);
    opp.deck = pool;
    s.hand_changed(seat.other());
    s
}

pub fn first(state: &State) -> Player {
    state.first
}

pub fn summary(state: &State, seat: Player) -> SeatSummary {
    let s = state.seat(seat);
    SeatSummary {
        life: i64::from(s.life),
        hand: s.hand.len(),
        deck: s.deck.len(),
    }
}
