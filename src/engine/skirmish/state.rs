//! The state of a duel: per seat, one fixed array of card kinds split into deck, hand and
//! discard pile, plus health and hand limit; the match's RNG; the round and the phase.
//!
//! One array per seat, `[deck (bottom … top) | hand | discard (newest first)]`, makes every
//! move a boundary shift or a swap: drawing moves the top of the deck into the hand by moving
//! one boundary, playing or discarding swaps the card to the end of the hand and moves the
//! other. Cards can never be created or lost, the state clones with one `memcpy` plus an `Arc`
//! count, and the round loop allocates nothing.

use super::cards::{Kind, Table};
use super::{MAX_CARDS, ROUND_LIMIT};
use crate::engine::rng::Rng;
use crate::engine::{Outcome, Player};
use std::sync::Arc;

/// Health at the start of a game ("Each player starts the game with 20 health points").
pub const START_HEALTH: i32 = 20;
/// "Players draw 7 cards to form a starting hand."
pub const OPENING_HAND: usize = 7;
/// "Maximum hand size is 7 unless otherwise dictated by a card."
pub const HAND_LIMIT: u8 = 7;

#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Seat {
    cards: [Kind; MAX_CARDS],
    len: u8,
    deck: u8,
    hand: u8,
    pub health: i32,
    pub hand_limit: u8,
}

impl std::fmt::Debug for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Seat")
            .field("deck", &self.deck())
            .field("hand", &self.hand())
            .field("discard", &self.discard())
            .field("health", &self.health)
            .field("hand_limit", &self.hand_limit)
            .finish()
    }
}

impl Seat {
    /// A seat whose deck is `order`, top card first.
    pub fn new(order: &[Kind]) -> Seat {
        let mut cards = [0; MAX_CARDS];
        // The top of the deck is the end of the deck segment.
        for (slot, &kind) in cards.iter_mut().zip(order.iter().rev()) {
            *slot = kind;
        }
        let len = order.len().min(MAX_CARDS) as u8;
        Seat {
            cards,
            len,
            deck: len,
            hand: 0,
            health: START_HEALTH,
            hand_limit: HAND_LIMIT,
        }
    }

    /// The deck, bottom card first (the top card is the last).
    pub fn deck(&self) -> &[Kind] {
        &self.cards[..usize::from(self.deck)]
    }

    pub fn deck_mut(&mut self) -> &mut [Kind] {
        &mut self.cards[..usize::from(self.deck)]
    }

    /// The deck and the hand together, in one slice: what the opponent has not seen. A
    /// shuffle of it deals the hand again, keeping its size.
    pub fn unseen_mut(&mut self) -> &mut [Kind] {
        &mut self.cards[..usize::from(self.deck + self.hand)]
    }

    pub fn hand(&self) -> &[Kind] {
        &self.cards[usize::from(self.deck)..usize::from(self.deck + self.hand)]
    }

    /// The discard pile, most recent card first.
    pub fn discard(&self) -> &[Kind] {
        &self.cards[usize::from(self.deck + self.hand)..usize::from(self.len)]
    }

    /// Every card the seat owns, in no particular order.
    pub fn all(&self) -> &[Kind] {
        &self.cards[..usize::from(self.len)]
    }

    pub fn hand_len(&self) -> usize {
        usize::from(self.hand)
    }

    /// Cards over the hand limit.
    pub fn excess(&self) -> usize {
        usize::from(self.hand.saturating_sub(self.hand_limit))
    }

    /// Position in the hand of a card of this kind (the first one).
    pub fn find_in_hand(&self, kind: Kind) -> Option<usize> {
        // The whole hand is scanned, last card first, rather than stopping at the first
        // match: a hand is short, and where the search stops was a branch mispredicted about
        // once per pick.
        let hand = self.hand();
        let mut found = hand.len();
        for (i, &k) in hand.iter().enumerate().rev() {
            if k == kind {
                found = i;
            }
        }
        (found < hand.len()).then_some(found)
    }

    /// Moves the card at hand position `pos` onto the discard pile and returns it.
    pub fn hand_to_discard(&mut self, pos: usize) -> Kind {
        let from = usize::from(self.deck) + pos;
        let last = usize::from(self.deck + self.hand) - 1;
        self.cards.swap(from, last);
        self.hand -= 1;
        self.cards[last]
    }

    /// Moves the top card of the deck into the hand, if there is one.
    pub fn draw(&mut self) -> Option<Kind> {
        if self.deck == 0 {
            return None;
        }
        self.deck -= 1;
        self.hand += 1;
        Some(self.cards[usize::from(self.deck)])
    }

    /// The deck is at zero cards while the discard pile holds some (SK-A15: the pile goes back
    /// in at once).
    pub fn depleted(&self) -> bool {
        self.deck == 0 && self.len > self.hand
    }

    /// Shuffles the discard pile into the (empty) deck; returns how many cards went in.
    pub fn reshuffle(&mut self, rng: &mut Rng) -> usize {
        let hand = usize::from(self.hand);
        let len = usize::from(self.len);
        // [hand | discard] → [discard | hand], then the discard part is the new deck.
        self.cards[..len].rotate_left(hand);
        let moved = len - hand;
        self.deck = moved as u8;
        rng.shuffle(self.deck_mut());
        moved
    }
}

/// Whose decision the game waits for while it goes on (once it is over, `outcome` says so
/// and the phase is the one it ended in).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Both players choose a card for the next round.
    Pick,
    /// After the end phase, one or both players hold more cards than their hand limit and
    /// must discard before the draw phase (SK-A16).
    Discard,
}

/// Why a duel ends: one player at zero health or below after an end phase (SK-A08).
pub const HEALTH_ZERO: &str = "health-zero";
/// Both at zero or below after the same end phase: a draw.
pub const BOTH_ZERO: &str = "both-zero";
/// Still going after [`ROUND_LIMIT`] rounds (SK-A18): stopped unfinished.
pub const ROUND_LIMIT_REACHED: &str = "round-limit";

#[derive(Clone)]
pub struct State {
    pub(super) table: Arc<Table>,
    pub(super) seats: [Seat; 2],
    pub(super) rng: Rng,
    /// Rounds begun so far (the current round's number once it has begun).
    pub(super) round: u32,
    pub(super) phase: Phase,
    /// Set once the game is over.
    pub(super) outcome: Option<Outcome>,
}

impl std::fmt::Debug for State {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("State")
            .field("round", &self.round)
            .field("phase", &self.phase)
            .field("outcome", &self.outcome)
            .field("p1", &self.seats[0])
            .field("p2", &self.seats[1])
            .finish_non_exhaustive()
    }
}

impl State {
    pub fn seat(&self, player: Player) -> &Seat {
        &self.seats[player.index()]
    }

    pub(super) fn seat_mut(&mut self, player: Player) -> &mut Seat {
        &mut self.seats[player.index()]
    }

    pub fn round(&self) -> u32 {
        self.round
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The most rounds a game lasts before it stops unfinished.
    pub const ROUND_LIMIT: u32 = ROUND_LIMIT;
}
