//! Seeded random self-play with the shared conformance suite: thousands of games between the
//! example decks, the invariants and the transition checks after every action, and every
//! action read back from its own script text.

use crate::engine::fow::Fow;
use crate::engine::testing::{conformance, example_decks, example_game};

#[test]
fn seeded_games_conform() {
    let decks = example_decks::<Fow>();
    // Random play must reach both ways of winning, not stall in one corner of the rules.
    conformance::<Fow>(
        |g| example_game::<Fow>(&decks, g),
        2000,
        &["life-zero", "deck-out"],
    );
}
