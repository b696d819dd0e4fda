//! Every action legal now: one `round` per pair of distinct picks, or each discard owed.

use super::action::{Action, CardRef};
use super::cards::{Kind, Table};
use super::state::{Phase, State};
use crate::engine::Player;

pub fn legal_actions(state: &State, out: &mut Vec<Action>) {
    out.clear();
    match state.phase {
        Phase::Over(_) => {}
        Phase::Pick => {
            let choices = Player::BOTH.map(|p| distinct(state.seat(p).hand()));
            let p1: Vec<Option<CardRef>> = options(&state.table, &choices[0]);
            let p2: Vec<Option<CardRef>> = options(&state.table, &choices[1]);
            for a in &p1 {
                for b in &p2 {
                    out.push(Action::Round {
                        p1: a.clone(),
                        p2: b.clone(),
                    });
                }
            }
        }
        Phase::Discard => {
            for p in Player::BOTH {
                let seat = state.seat(p);
                if seat.excess() == 0 {
                    continue;
                }
                for kind in distinct(seat.hand()) {
                    out.push(Action::Discard {
                        player: p,
                        cards: vec![CardRef::new(&state.table, kind)],
                    });
                }
            }
        }
    }
}

/// The distinct kinds in a hand, in hand order.
fn distinct(hand: &[Kind]) -> Vec<Kind> {
    // At most 2 × MAX_CARDS = 128 kinds in a match: one bit each.
    let mut seen = 0u128;
    let mut out = Vec::with_capacity(hand.len());
    for &k in hand {
        let bit = 1u128 << (k & 127);
        if seen & bit == 0 {
            seen |= bit;
            out.push(k);
        }
    }
    out
}

fn options(table: &Table, kinds: &[Kind]) -> Vec<Option<CardRef>> {
    if kinds.is_empty() {
        vec![None]
    } else {
        kinds
            .iter()
            .map(|&k| Some(CardRef::new(table, k)))
            .collect()
    }
}
