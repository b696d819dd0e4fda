//! The random player and seeded self-play, for any engine: from a state, pick uniformly among
//! the legal actions until the game ends. Legal actions are enumerable, so this needs nothing
//! from a game but the `Engine` trait. With checking on, every action's events and the state
//! after it are checked against the engine's invariants: self-play is the engines' strongest
//! test. The buffers live in [`SelfPlay`], so a long run allocates only what the engine does.

use super::registry::{self, EngineTask};
use super::rng::game_seed;
use super::rng::Rng;
use super::{Engine, Outcome, Player, SeatDeck, SeatSummary, Setup};
use crate::card_db::Game;
use serde::Serialize;
use std::fmt;

/// Actions in one game above which self-play gives up: an engine that lets a game run this
/// long has a loop in its rules (no shipped game comes near it).
pub const MAX_ACTIONS: u64 = 100_000;

/// One finished self-play game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameResult {
    pub outcome: Outcome,
    pub actions: u64,
    /// Who went first (`None` where nobody does).
    pub first: Option<Player>,
    /// Both seats at the end, so that a result can be checked from outside.
    pub end: Seats,
}

/// Both seats' life and cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Seats {
    pub p1: SeatSummary,
    pub p2: SeatSummary,
}

impl Seats {
    pub fn of<E: Engine>(state: &E::State) -> Seats {
        Seats {
            p1: E::summary(state, Player::P1),
            p2: E::summary(state, Player::P2),
        }
    }
}

/// Self-play found a bug: an invariant broke, an enumerated action was refused, or the game
/// stalled. `seed` and `action` reproduce it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    pub seed: u64,
    /// Actions applied before the failure.
    pub action: u64,
    /// The action that failed or led to the broken state, as the script language writes it.
    pub last: Option<String>,
    pub message: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seed {}, after {} actions", self.seed, self.action)?;
        if let Some(last) = &self.last {
            write!(f, " (last: `{last}`)")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// A random player with reusable buffers.
pub struct SelfPlay<E: Engine> {
    actions: Vec<E::Action>,
    events: Vec<E::Event>,
    /// Check invariants and transitions after every action.
    pub check: bool,
    /// Give up (with a violation) after this many actions.
    pub max_actions: u64,
}

impl<E: Engine> Default for SelfPlay<E> {
    fn default() -> Self {
        SelfPlay {
            actions: Vec::with_capacity(64),
            events: Vec::with_capacity(64),
            check: true,
            max_actions: MAX_ACTIONS,
        }
    }
}

impl<E: Engine> SelfPlay<E> {
    pub fn new(check: bool) -> Self {
        SelfPlay {
            check,
            ..SelfPlay::default()
        }
    }

    /// Plays one game from `setup` to its end; the player's choices come from `player_seed`,
    /// the game's own randomness from `setup.seed`.
    pub fn play(&mut self, setup: &Setup<'_>, player_seed: u64) -> Result<GameResult, Violation> {
        let violation = |action: u64, last: Option<String>, message: String| Violation {
            seed: setup.seed,
            action,
            last,
            message,
        };
        // Events are read only to check transitions: unchecked play does not make them.
        self.events.clear();
        let started = if self.check {
            E::setup(setup, &mut self.events)
        } else {
            E::setup_unrecorded(setup, &mut self.events)
        };
        let mut state = started.map_err(|m| violation(0, None, format!("setup failed: {m}")))?;
        if self.check {
            E::check_invariants(&state)
                .map_err(|m| violation(0, None, format!("after setup: {m}")))?;
        }
        let mut rng = Rng::new(player_seed);
        let mut count = 0u64;
        loop {
            if let Some(outcome) = E::outcome(&state) {
                return Ok(GameResult {
                    outcome,
                    actions: count,
                    first: E::first(&state),
                    end: Seats::of::<E>(&state),
                });
            }
            let chosen = E::random_action(&state, &mut rng, &mut self.actions);
            let Some(action) = chosen.and_then(|i| self.actions.get(i)) else {
                return Err(violation(
                    count,
                    None,
                    "no legal action, yet the game is not over".to_owned(),
                ));
            };
            if count >= self.max_actions {
                return Err(violation(
                    count,
                    None,
                    format!("the game did not end within {} actions", self.max_actions),
                ));
            }
            self.events.clear();
            let before = self.check.then(|| state.clone());
            let applied = if self.check {
                E::apply(&mut state, action, &mut self.events)
            } else {
                E::apply_listed(&mut state, action, &mut self.events)
            };
            if let Err(e) = applied {
                return Err(violation(
                    count,
                    Some(action.to_string()),
                    format!("a legal action was refused: {e}"),
                ));
            }
            count += 1;
            if let Some(before) = before {
                E::check_invariants(&state)
                    .and_then(|()| E::check_transition(&before, &self.events, &state))
                    .map_err(|m| violation(count, Some(action.to_string()), m))?;
            }
        }
    }
}

/// The random player's seed for a game, kept apart from the game's own seed so that the
/// player's choices do not mirror the shuffles.
pub fn player_seed(game_seed: u64) -> u64 {
    Rng::new(game_seed ^ 0x5EED_0FC0_FFEE).next_u64()
}

/// One game of a self-play batch, as `match random` reports it.
#[derive(Debug, Clone, Serialize)]
pub struct BatchGame {
    /// 1-based number in the batch.
    pub game: u64,
    pub seed: u64,
    pub winner: Option<Player>,
    pub reason: String,
    pub turns: u32,
    pub actions: u64,
    /// Who went first (`null` in the duel, where nobody does).
    pub first: Option<Player>,
    /// Life (HP, health) and cards in hand and deck of both players when the game ended.
    #[serde(rename = "final")]
    pub end: Seats,
}

impl BatchGame {
    /// Stopped at a cap (the duel's round limit) with no result.
    pub fn unfinished(&self) -> bool {
        super::is_unfinished(self.winner, &self.reason)
    }
}

/// Plays `games` checked self-play games of `game` between `decks`; game N's seed is derived
/// from `seed`, so any one game can be replayed alone. `None` when the game has no engine.
pub fn batch(
    game: &Game,
    decks: &[SeatDeck; 2],
    seed: u64,
    games: u64,
) -> Option<Result<Vec<BatchGame>, Violation>> {
    let task = BatchTask {
        game,
        decks,
        seed,
        games,
    };
    registry::dispatch(game.id(), task)
}

struct BatchTask<'a> {
    game: &'a Game,
    decks: &'a [SeatDeck; 2],
    seed: u64,
    games: u64,
}

impl EngineTask for BatchTask<'_> {
    type Output = Result<Vec<BatchGame>, Violation>;
    fn run<E: Engine>(self) -> Self::Output {
        let mut player = SelfPlay::<E>::new(true);
        let mut results = Vec::with_capacity(self.games.min(1_000_000) as usize);
        let mut setup = Setup {
            game: self.game,
            decks: self.decks.clone(),
            seed: 0,
            first: None,
        };
        for n in 1..=self.games {
            let seed = game_seed(self.seed, n);
            setup.seed = seed;
            let r = player.play(&setup, player_seed(seed))?;
            results.push(BatchGame {
                game: n,
                seed,
                winner: r.outcome.winner,
                reason: r.outcome.reason.to_owned(),
                turns: r.outcome.turns,
                actions: r.actions,
                first: r.first,
                end: r.end,
            });
        }
        Ok(results)
    }
}

/// How a batch went: wins per player, draws, and games stopped at a cap.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct BatchTally {
    pub games: usize,
    pub p1: usize,
    pub p2: usize,
    pub draws: usize,
    /// Games stopped at a cap (the duel's round limit) with no result.
    pub unfinished: usize,
}

impl BatchTally {
    pub fn of(games: &[BatchGame]) -> BatchTally {
        let mut tally = BatchTally {
            games: games.len(),
            ..BatchTally::default()
        };
        for g in games {
            match g.winner {
                Some(Player::P1) => tally.p1 += 1,
                Some(Player::P2) => tally.p2 += 1,
                None if g.unfinished() => tally.unfinished += 1,
                None => tally.draws += 1,
            }
        }
        tally
    }
}
