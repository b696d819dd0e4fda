//! Random self-play on the engine's own round loop, without building actions or events: the
//! path deck statistics and the benchmark take. Each player picks uniformly among the cards
//! in hand and never sees the other's pick (SK-A19); discards are uniform too.

use super::state::{Phase, State};
use super::turn::{self, Quiet};
use crate::engine::rng::Rng;
use crate::engine::Player;

/// Plays `state` to its end with random players drawing on `players` (not the game's RNG,
/// so the same game seed deals the same cards whatever the players do).
pub fn play_out(state: &mut State, players: &mut Rng) {
    while !state.is_over() {
        step(state, players);
    }
}

/// One random decision: a whole round, or every discard owed.
pub(super) fn step(state: &mut State, players: &mut Rng) {
    match state.phase {
        Phase::Pick => {
            let picks = Player::BOTH.map(|p| {
                let n = state.seats[p.index()].hand_len();
                (n > 0).then(|| players.below(n))
            });
            turn::play_round(state, picks, &mut Quiet);
        }
        Phase::Discard => {
            for p in Player::BOTH {
                while state.phase == Phase::Discard && state.seats[p.index()].excess() > 0 {
                    let n = state.seats[p.index()].hand_len();
                    turn::discard(state, p, players.below(n), &mut Quiet);
                }
            }
        }
        Phase::Over(_) => {}
    }
}
