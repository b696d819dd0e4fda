//! Players for any engine, chosen per seat: `random`, `greedy` (one ply and the engine's
//! evaluation) and `mcts[:N]` (Monte Carlo tree search over determinizations). A player sees
//! the game only through the [`Engine`] trait, and before it looks ahead it re-deals what its
//! seat has not seen ([`Engine::determinize`]), so no player can peek. Their `exp` and `log`
//! are the `libm` crate's, not the C library's, so a seeded game is decided alike everywhere.

mod greedy;
mod mcts;

use super::rng::Rng;
use super::{Engine, Outcome, Player};
use std::fmt;
use std::str::FromStr;

/// MCTS iterations per decision when `mcts` is given without a number.
pub const DEFAULT_ITERATIONS: u32 = 200;

/// Which player sits at a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A uniformly random choice among the legal actions.
    Random,
    /// The choice whose resulting position the engine's evaluation likes best.
    Greedy,
    /// Monte Carlo tree search with this many iterations per decision.
    Mcts(u32),
}

impl Kind {
    /// The player `sim` seats when none is given.
    pub const DEFAULT: Kind = Kind::Mcts(DEFAULT_ITERATIONS);
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Kind::Random => f.write_str("random"),
            Kind::Greedy => f.write_str("greedy"),
            Kind::Mcts(n) => write!(f, "mcts:{n}"),
        }
    }
}

impl FromStr for Kind {
    type Err = String;
    fn from_str(s: &str) -> Result<Kind, String> {
        let s = s.trim().to_ascii_lowercase();
        match s.split_once(':') {
            None if s == "random" => Ok(Kind::Random),
            None if s == "greedy" => Ok(Kind::Greedy),
            None if s == "mcts" => Ok(Kind::DEFAULT),
            Some(("mcts", n)) => match n.parse::<u32>() {
                Ok(n) if n >= 1 => Ok(Kind::Mcts(n)),
                _ => Err(format!(
                    "`{n}` is not a number of iterations: write `mcts:N` with N at least 1 \
                     (e.g. `mcts:200`)"
                )),
            },
            _ => Err(format!(
                "unknown player `{s}`: the players are `random`, `greedy` and `mcts[:N]`"
            )),
        }
    }
}

/// A player at one seat, with its own random numbers and reusable buffers.
pub struct Bot<E: Engine> {
    pub kind: Kind,
    rng: Rng,
    search: mcts::Search<E>,
}

impl<E: Engine> Bot<E> {
    pub fn new(kind: Kind, seed: u64) -> Bot<E> {
        Bot {
            kind,
            rng: Rng::new(seed),
            search: mcts::Search::default(),
        }
    }

    /// Picks one of `choices` (what [`Engine::choices`] lists for `seat` in `state`) and
    /// returns its index; `None` when there is nothing to choose.
    pub fn choose(
        &mut self,
        state: &E::State,
        seat: Player,
        choices: &[E::Action],
    ) -> Option<usize> {
        match (self.kind, choices.len()) {
            (_, 0) => None,
            (_, 1) => Some(0),
            (Kind::Random, n) => self.rng.pick_index(n),
            (Kind::Greedy, _) => Some(greedy::choose::<E>(state, seat, choices, &mut self.rng)),
            (Kind::Mcts(n), _) => Some(self.search.choose(state, seat, choices, n, &mut self.rng)),
        }
    }
}

/// Squashes an evaluation score (positive: good for the player) into `0.0..1.0`, where one
/// unit of score moves a balanced position from ½ to about ¾.
pub fn squash(score: f64) -> f64 {
    1.0 / (1.0 + libm::exp(-score))
}

/// The value for `seat` of a position where `decider` takes its best answer, given each
/// answer's value from the decider's point of view; `None` when there is no answer.
pub fn best_answer(
    values: impl Iterator<Item = f64>,
    decider: Player,
    seat: Player,
) -> Option<f64> {
    let best = values.reduce(f64::max)?;
    Some(if decider == seat { best } else { 1.0 - best })
}

/// The value of a finished game for `seat`: 1 won, 0 lost, ½ for a draw or a game stopped
/// unfinished.
pub fn terminal_value(outcome: &Outcome, seat: Player) -> f64 {
    match outcome.winner {
        Some(w) if w == seat => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

#[cfg(test)]
mod tests;
