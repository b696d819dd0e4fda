//! Every action legal now: one `round` per pair of distinct picks, or each discard owed; and
//! the random player's draw among them without listing them. Nothing here allocates.

use super::action::{Action, CardRef};
use super::cards::Kind;
use super::state::{Phase, State};
use crate::engine::rng::Rng;
use crate::engine::Player;

pub fn legal_actions(state: &State, out: &mut Vec<Action>) {
    out.clear();
    if state.is_over() {
        return;
    }
    match state.phase {
        Phase::Pick => {
            for a in picks(state, Player::P1) {
                for b in picks(state, Player::P2) {
                    out.push(Action::Round { p1: a, p2: b });
                }
            }
        }
        Phase::Discard => {
            for p in owing(state) {
                out.extend(distinct(state.seat(p).hand()).map(|k| discard(state, p, k)));
            }
        }
    }
}

/// The action [`legal_actions`] lists at a uniformly drawn index, built alone: the index is
/// drawn from the number of actions with the same numbers picking from the list would draw,
/// so a seed plays the same game either way.
pub fn random(state: &State, rng: &mut Rng, out: &mut Vec<Action>) -> Option<usize> {
    out.clear();
    if state.is_over() {
        return None;
    }
    let action = match state.phase {
        Phase::Pick => {
            let n = Player::BOTH.map(|p| pick_count(state, p));
            let i = rng.pick_index(n[0] * n[1])?;
            Action::Round {
                p1: nth_pick(state, Player::P1, i / n[1])?,
                p2: nth_pick(state, Player::P2, i % n[1])?,
            }
        }
        Phase::Discard => {
            let total: usize = owing(state)
                .map(|p| distinct_count(state.seat(p).hand()))
                .sum();
            let mut i = rng.pick_index(total)?;
            let mut found = None;
            for p in owing(state) {
                let n = distinct_count(state.seat(p).hand());
                if i < n {
                    found = distinct(state.seat(p).hand())
                        .nth(i)
                        .map(|k| discard(state, p, k));
                    break;
                }
                i -= n;
            }
            found?
        }
    };
    out.push(action);
    Some(0)
}

/// A player's possible picks in hand order: each distinct card, or nothing from an empty
/// hand (SK-A14).
pub(super) fn picks(state: &State, p: Player) -> impl Iterator<Item = Option<CardRef>> + '_ {
    let hand = state.seat(p).hand();
    let empty = hand.is_empty().then_some(None);
    distinct(hand)
        .map(|k| Some(CardRef::new(&state.table, k)))
        .chain(empty)
}

/// How many picks [`picks`] yields, counted without making them.
fn pick_count(state: &State, p: Player) -> usize {
    let hand = state.seat(p).hand();
    if hand.is_empty() {
        1
    } else {
        distinct_count(hand)
    }
}

/// The pick [`picks`] yields at `i`, made alone.
fn nth_pick(state: &State, p: Player, i: usize) -> Option<Option<CardRef>> {
    let hand = state.seat(p).hand();
    if hand.is_empty() {
        return (i == 0).then_some(None);
    }
    distinct(hand)
        .nth(i)
        .map(|k| Some(CardRef::new(&state.table, k)))
}

/// The players over their hand limit, who discard before the draw phase (SK-A16).
pub(super) fn owing(state: &State) -> impl Iterator<Item = Player> + '_ {
    Player::BOTH
        .into_iter()
        .filter(|&p| state.seat(p).excess() > 0)
}

/// One card discarded (listing offers one card per action).
pub(super) fn discard(state: &State, player: Player, kind: Kind) -> Action {
    Action::Discard {
        player,
        card: CardRef::new(&state.table, kind),
        more: Vec::new(),
    }
}

/// How many distinct kinds a hand holds: the bits of its kinds, counted.
fn distinct_count(hand: &[Kind]) -> usize {
    let seen = hand.iter().fold(0u128, |seen, &k| seen | 1u128 << (k & 127));
    seen.count_ones() as usize
}

/// The distinct kinds in a hand, in hand order.
fn distinct(hand: &[Kind]) -> impl Iterator<Item = Kind> + '_ {
    // At most 2 × MAX_CARDS = 128 kinds in a match: one bit each.
    let mut seen = 0u128;
    hand.iter().copied().filter(move |&k| {
        let bit = 1u128 << (k & 127);
        let new = seen & bit == 0;
        seen |= bit;
        new
    })
}
