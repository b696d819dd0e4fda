//! Every action legal now: one `round` per pair of distinct picks, or each discard owed; and
//! the random player's draw among them without listing them. Nothing here allocates.

use super::action::{Action, CardRef};
use super::cards::Kind;
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
            let (p1, p2) = (Picks::of(state, Player::P1), Picks::of(state, Player::P2));
            let i = rng.pick_index(p1.len * p2.len)?;
            Action::Round {
                p1: p1.get(state, i / p2.len)?,
                p2: p2.get(state, i % p2.len)?,
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

/// A player's picks as [`picks`] yields them, as card kinds: found in one walk of the hand,
/// made into actions only when drawn.
struct Picks {
    kinds: [Kind; MAX_CARDS],
    /// How many picks: the distinct kinds, or 1 (nothing) for an empty hand.
    len: usize,
    empty: bool,
}

impl Picks {
    fn of(state: &State, p: Player) -> Picks {
        let hand = state.seat(p).hand();
        let mut picks = Picks {
            kinds: [0; MAX_CARDS],
            len: 0,
            empty: hand.is_empty(),
        };
        let mut seen = Seen::default();
        for &k in hand {
            // A seat holds at most MAX_CARDS cards, so `len` stays in range; writing every
            // card and counting only new ones keeps a branch out of the loop.
            if let Some(slot) = picks.kinds.get_mut(picks.len) {
                *slot = k;
            }
            picks.len += usize::from(seen.insert(k));
        }
        if picks.empty {
            picks.len = 1;
        }
        picks
    }

    /// The `i`th pick, made.
    fn get(&self, state: &State, i: usize) -> Option<Option<CardRef>> {
        if self.empty {
            return (i == 0).then_some(None);
        }
        self.kinds[..self.len]
            .get(i)
            .map(|&k| Some(CardRef::new(&state.table, k)))
    }
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
fn distinct_count(hand: &[Kind]) -> usize {
    let mut seen = Seen::default();
    hand.iter().map(|&k| usize::from(seen.insert(k))).sum()
}

/// The distinct kinds in a hand, in hand order.
fn distinct(hand: &[Kind]) -> impl Iterator<Item = Kind> + '_ {
    let mut seen = Seen::default();
    hand.iter().copied().filter(move |&k| seen.insert(k))
}

/// Kinds met so far: at most 2 × MAX_CARDS = 128 in a match, one bit each in two words
/// (cheaper to index than one 128-bit word, which shifts in several instructions).
#[derive(Default)]
struct Seen([u64; 2]);

impl Seen {
    /// Marks `kind` seen; true if it was new.
    #[inline]
    fn insert(&mut self, kind: Kind) -> bool {
        let word = &mut self.0[usize::from(kind >> 6) & 1];
        let bit = 1u64 << (kind & 63);
        let new = *word & bit == 0;
        *word |= bit;
        new
    }
}
