//! Seeded random self-play with the shared random player: thousands of games between the
//! example decks, the invariants and the transition checks after every action; and every
//! chosen action read back from its own script text.

use super::{deck_from_list, game};
use crate::engine::fow::{Action, Fow};
use crate::engine::random::{player_seed, SelfPlay};
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

fn setup(seed: u64) -> Setup<'static> {
    let g = game();
    let mut rng = Rng::new(seed ^ 0x5eed);
    let a = rng.below(DECKS.len());
    let b = rng.below(DECKS.len());
    Setup {
        game: g,
        decks: [deck_from_list(g, DECKS[a]), deck_from_list(g, DECKS[b])],
        seed,
        first: None,
    }
}

#[test]
fn two_thousand_seeded_games_keep_every_invariant() {
    let mut play = SelfPlay::<Fow>::new(true);
    let mut reasons = std::collections::BTreeMap::new();
    let mut actions = 0;
    for seed in 0..2000 {
        let game = play
            .play(&setup(seed), player_seed(seed))
            .unwrap_or_else(|v| panic!("{v}"));
        actions += game.actions;
        *reasons.entry(game.outcome.reason).or_insert(0) += 1;
    }
    // Random play must reach both ways of winning, not stall in one corner of the rules.
    assert!(reasons.contains_key("life-zero"), "{reasons:?}");
    assert!(reasons.contains_key("deck-out"), "{reasons:?}");
    assert!(actions > 2000 * 50, "only {actions} actions in 2000 games");
}

/// Every action random play chooses prints as a script line that reads back as itself.
#[test]
fn chosen_actions_read_back_from_their_script_text() {
    for seed in 0..200 {
        let mut events = Vec::new();
        let mut state = Fow::setup(&setup(seed), &mut events).expect("setup");
        let mut rng = Rng::new(player_seed(seed));
        let mut legal: Vec<Action> = Vec::new();
        while Fow::outcome(&state).is_none() {
            Fow::legal_actions(&state, &mut legal);
            let action = rng.pick(&legal).expect("a legal action").clone();
            let text = action.to_string();
            let back = Fow::parse_action(&state, &text)
                .unwrap_or_else(|e| panic!("seed {seed}: `{text}` does not parse: {e}"));
            assert_eq!(back, action, "seed {seed}: `{text}` reads back differently");
            events.clear();
            Fow::apply(&mut state, &action, &mut events)
                .unwrap_or_else(|e| panic!("seed {seed}: `{text}`: {e}"));
        }
    }
}

#[test]
fn a_seed_replays_identically() {
    let mut play = SelfPlay::<Fow>::new(false);
    let a = play.play(&setup(42), 7).expect("plays");
    let b = play.play(&setup(42), 7).expect("plays");
    assert_eq!(a, b);
}

/// The random player's shortcut (a mulligan found without listing every order) chooses what
/// picking from the whole legal list chooses, drawing the same numbers.
#[test]
fn the_random_choice_matches_picking_from_every_legal_action() {
    for seed in 0..100 {
        let mut events = Vec::new();
        let mut state = Fow::setup(&setup(seed), &mut events).expect("setup");
        let (mut a, mut b) = (Rng::new(player_seed(seed)), Rng::new(player_seed(seed)));
        let (mut legal, mut some) = (Vec::new(), Vec::new());
        while Fow::outcome(&state).is_none() {
            Fow::legal_actions(&state, &mut legal);
            let picked = a.pick(&legal).expect("a legal action").clone();
            let i = Fow::random_action(&state, &mut b, &mut some).expect("a choice");
            assert_eq!(some.get(i), Some(&picked), "seed {seed}");
            events.clear();
            Fow::apply(&mut state, &picked, &mut events).expect("legal");
        }
        assert_eq!(a.next_u64(), b.next_u64(), "seed {seed}: the draws drifted");
    }
}
