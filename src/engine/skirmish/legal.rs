//! Every action legal now: one `round` per pair of distinct picks, or each discard owed; and
//! the random player's draw among them without listing them. Nothing here allocates.

use super::action::{Action, CardRef};
use super::cards::{Kind, Table};
use super::state::{Phase, State};
use super::MAX_CARDS;
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
                out.extend(distinct(&state.table, state.seat(p).hand()).map(|k| discard(state, p, k)));
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
            let mut kinds = [[0; MAX_CARDS]; 2];
            let n = Player::BOTH
                .map(|p| distinct_into(&state.table, state.seat(p).hand(), &mut kinds[p.index()]));
            // An empty hand has one pick: nothing.
            let picks = n.map(|n| n.max(1));
            let i = rng.pick_index(picks[0] * picks[1])?;
            let pick = |p: usize, j: usize| match n[p] {
                0 => None,
                _ => Some(CardRef::new(&state.table, kinds[p][j % MAX_CARDS])),
            };
            let (j1, j2) = split(i, picks[1]);
            Action::Round {
                p1: pick(0, j1),
                p2: pick(1, j2),
            }
        }
        Phase::Discard => {
            let total: usize = owing(state)
                .map(|p| distinct_count(&state.table, state.seat(p).hand()))
                .sum();
            let mut i = rng.pick_index(total)?;
            let mut found = None;
            for p in owing(state) {
                let n = distinct_count(&state.table, state.seat(p).hand());
                if i < n {
                    found = distinct(&state.table, state.seat(p).hand())
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

/// `1 / n` scaled by 2^32 and rounded up, for each `n` a hand's distinct cards can number.
const RECIPROCAL: [u64; MAX_CARDS + 1] = {
    let mut table = [0; MAX_CARDS + 1];
    let mut n = 1;
    while n <= MAX_CARDS {
        table[n] = u32::MAX as u64 / n as u64 + 1;
        n += 1;
    }
    table
};

/// `(i / n, i % n)`: which pair of picks the drawn index names. A multiply by the reciprocal
/// instead of a division, the largest part of the draw's own time; exact while `i × n` is
/// below 2^32 (the rounding error of the reciprocal, times `i`, stays under `1 / n`), which a
/// pair of hands of at most [`MAX_CARDS`] kinds each cannot exceed.
fn split(i: usize, n: usize) -> (usize, usize) {
    match RECIPROCAL.get(n) {
        Some(&r) if i < MAX_CARDS * MAX_CARDS => {
            let q = ((i as u64 * r) >> 32) as usize;
            (q, i - q * n)
        }
        _ => (i / n, i % n),
    }
}

/// A player's possible picks in hand order: each distinct card, or nothing from an empty
/// hand (SK-A14).
pub(super) fn picks(state: &State, p: Player) -> impl Iterator<Item = Option<CardRef>> + '_ {
    let hand = state.seat(p).hand();
    let empty = hand.is_empty().then_some(None);
    distinct(&state.table, hand)
        .map(|k| Some(CardRef::new(&state.table, k)))
        .chain(empty)
}

/// Writes the distinct kinds of `hand`, in hand order, to the front of `kinds` and returns
/// how many there are: one walk, every card written and only new ones counted, with the set
/// of kinds seen (one word: a hand holds one seat's kinds) and the count in registers
/// (through memory, each card waited for the previous one's store).
#[inline(always)]
fn distinct_into(table: &Table, hand: &[Kind], kinds: &mut [Kind; MAX_CARDS]) -> usize {
    let mut seen = 0u64;
    let mut len = 0;
    for &k in hand {
        let bit = table.bit(k);
        kinds[len % MAX_CARDS] = k;
        len += usize::from(seen & bit == 0);
        seen |= bit;
    }
    len
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

/// How many distinct kinds a hand holds.
fn distinct_count(table: &Table, hand: &[Kind]) -> usize {
    distinct(table, hand).count()
}

/// The distinct kinds in a hand, in hand order.
fn distinct<'a>(table: &'a Table, hand: &'a [Kind]) -> impl Iterator<Item = Kind> + 'a {
    let mut seen = 0u64;
    hand.iter().copied().filter(move |&k| {
        let bit = table.bit(k);
        let new = seen & bit == 0;
        seen |= bit;
        new
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_divides_every_index_a_draw_can_name() {
        for n in 1..=MAX_CARDS {
            for i in 0..MAX_CARDS * n {
                assert_eq!(split(i, n), (i / n, i % n), "{i} / {n}");
            }
        }
    }
}
