//! Seeded random self-play with the shared conformance suite: thousands of games between the
//! example decks, the invariants and the transition checks after every action, and every
//! action read back from its own script text.

use crate::engine::fow::{Action, Fow, Payment, State};
use crate::engine::rng::Rng;
use crate::engine::testing::{conformance, example_decks, example_game, uniform_fit, Fit};
use crate::engine::Engine;

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

/// The fit of a picker's draws over the states of ten seeded games between the example decks.
fn fit_of(pick: fn(&State, &mut Rng, &mut Vec<Action>) -> Option<usize>) -> Fit {
    let decks = example_decks::<Fow>();
    uniform_fit::<Fow>((0..10).map(|g| example_game::<Fow>(&decks, g)), pick)
        .expect("every draw is a listed action")
}

/// The engine's random player, which counts payments instead of listing them, draws as
/// picking from the listed actions does (the conformance suite checks this too).
#[test]
fn the_random_player_draws_uniformly() {
    let fit = fit_of(Fow::random_action);
    assert!(fit.states > 500 && fit.freedom > 2000.0, "{fit:?}");
    fit.check().unwrap_or_else(|e| panic!("{e}"));
}

/// The bias the shortcut must avoid: a card weighed once however many payments, targets and
/// orders it can be played with (uniform over the card and its other choices, then over
/// those). The test tells it apart.
#[test]
fn a_player_that_does_not_weigh_cards_by_their_payments_is_caught() {
    fn per_card(state: &State, rng: &mut Rng, out: &mut Vec<Action>) -> Option<usize> {
        out.clear();
        Fow::legal_actions(state, out);
        // Actions differing only in payment, target or Revolution Order are one card's.
        let card = |a: &Action| match *a {
            Action::Play {
                who, card, chase, ..
            } => Action::Play {
                who,
                card,
                order: false,
                target: None,
                pay: Payment::default(),
                chase,
            },
            Action::Activate {
                who,
                source,
                ability,
                chase,
                ..
            } => Action::Activate {
                who,
                source,
                ability,
                target: None,
                pay: Payment::default(),
                chase,
            },
            Action::Judgment { who, ruler, .. } => Action::Judgment {
                who,
                ruler,
                target: None,
                pay: Payment::default(),
            },
            ref other => other.clone(),
        };
        let mut cards: Vec<Action> = out.iter().map(card).collect();
        cards.dedup();
        let chosen = rng.pick(&cards)?.clone();
        let of_card: Vec<usize> = (0..out.len()).filter(|&i| card(&out[i]) == chosen).collect();
        rng.pick(&of_card).copied()
    }
    let fit = fit_of(per_card);
    assert!(fit.check().is_err(), "a biased player passed: {fit:?}");
}

/// A subtler bias: the first listed action (passing) drawn twice as often as any other, as an
/// off-by-one in a count would. Caught too.
#[test]
fn a_player_that_favours_one_action_is_caught() {
    fn off_by_one(state: &State, rng: &mut Rng, out: &mut Vec<Action>) -> Option<usize> {
        out.clear();
        Fow::legal_actions(state, out);
        let i = rng.below(out.len() + 1);
        Some(if i == out.len() { 0 } else { i })
    }
    let fit = fit_of(off_by_one);
    assert!(fit.check().is_err(), "a biased player passed: {fit:?}");
}

/// Setup keeps the last deck pair's numbered cards and card table per thread: a game set up
/// from the kept pair is the game a fresh preparation gives, events included.
#[test]
fn a_kept_deck_pair_sets_up_the_same_game() {
    let decks = example_decks::<Fow>();
    let setup = |g: u64| {
        let mut events = Vec::new();
        let state = Fow::setup(&example_game::<Fow>(&decks, g), &mut events).expect("setup");
        format!("{state:?} {events:?}")
    };
    let fresh = setup(7);
    assert_eq!(setup(7), fresh, "kept");
    // Another pair in between replaces the kept one.
    assert_ne!(setup(8), fresh);
    assert_eq!(setup(7), fresh, "prepared again");
}
