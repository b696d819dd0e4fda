//! Seeded random self-play: thousands of games between the example decks, every action
//! chosen among the legal ones, the invariants checked after each, and every chosen action
//! read back from its own script text.

use super::{deck_from_list, game};
use crate::engine::fow::{Action, Fow};
use crate::engine::rng::Rng;
use crate::engine::{Engine, Setup};

const DECKS: [&str; 6] = [
    include_str!("../../../../examples/decks/fow/legal-crimson-aggro.deck"),
    include_str!("../../../../examples/decks/fow/legal-abyssal-control.deck"),
    include_str!("../../../../examples/decks/fow/legal-tidecaller.deck"),
    include_str!("../../../../examples/decks/fow/legal-wanderer-swarm.deck"),
    include_str!("../../../../examples/decks/fow/legal-gale-order.deck"),
    include_str!("../../../../examples/decks/fow/legal-lumen-sentinels.deck"),
];

/// Enough for any real game: a deck runs out long before.
const ACTION_CAP: usize = 50_000;

/// Plays one seeded game; returns the number of actions and the outcome's reason.
pub fn play_one(seed: u64, round_trip: bool) -> (usize, String) {
    let g = game();
    let mut rng = Rng::new(seed ^ 0x5eed);
    let a = rng.below(DECKS.len());
    let b = rng.below(DECKS.len());
    let mut events = Vec::new();
    let mut state = Fow::setup(
        &Setup {
            game: g,
            decks: [deck_from_list(g, DECKS[a]), deck_from_list(g, DECKS[b])],
            seed,
            first: None,
        },
        &mut events,
    )
    .expect("setup");
    Fow::check_invariants(&state).unwrap_or_else(|e| panic!("seed {seed}, setup: {e}"));
    let mut legal: Vec<Action> = Vec::new();
    for n in 0..ACTION_CAP {
        Fow::legal_actions(&state, &mut legal);
        if legal.is_empty() {
            let outcome = Fow::outcome(&state).unwrap_or_else(|| {
                panic!("seed {seed}: no legal action but the game is not over: {state:?}")
            });
            return (n, outcome.reason);
        }
        let action = legal[rng.below(legal.len())].clone();
        if round_trip {
            let text = action.to_string();
            let back = Fow::parse_action(&state, &text)
                .unwrap_or_else(|e| panic!("seed {seed}: `{text}` does not parse: {e}"));
            assert_eq!(back, action, "seed {seed}: `{text}` reads back differently");
        }
        events.clear();
        if let Err(e) = Fow::apply(&mut state, &action, &mut events) {
            panic!("seed {seed}: legal action `{action}` rejected: {e}");
        }
        if let Err(e) = Fow::check_invariants(&state) {
            let log: Vec<String> = events.iter().map(|e| e.to_string()).collect();
            panic!("seed {seed}, after `{action}`: {e}\n{}", log.join("\n"));
        }
    }
    panic!("seed {seed}: no result after {ACTION_CAP} actions");
}

#[test]
fn two_thousand_seeded_games_keep_every_invariant() {
    let mut reasons = std::collections::BTreeMap::new();
    let mut actions = 0;
    for seed in 0..2000 {
        let (n, reason) = play_one(seed, seed < 200);
        actions += n;
        *reasons.entry(reason).or_insert(0) += 1;
    }
    // Random play must reach both ways of winning, not stall in one corner of the rules.
    assert!(reasons.contains_key("life-zero"), "{reasons:?}");
    assert!(reasons.contains_key("deck-out"), "{reasons:?}");
    assert!(actions > 2000 * 50, "only {actions} actions in 2000 games");
}

#[test]
fn a_seed_replays_identically() {
    assert_eq!(play_one(42, false), play_one(42, false));
}
