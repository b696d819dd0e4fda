//! Force of Will under random self-play: whole seeded games (with and without the invariant
//! checks the test suite runs), single engine steps, and cloning a mid-game state.
//! `cargo bench --bench fow`. Games per second per core is 1 / the median time of
//! `fow_random_game`; `fow_steps` reports engine steps (legal actions listed, one applied) per
//! second.

use decksmith::catalog::Catalog;
use decksmith::deck::encoding::text;
use decksmith::diagnostic::SourceFile;
use decksmith::engine::fow::Fow;
use decksmith::engine::random::{player_seed, SelfPlay};
use decksmith::engine::rng::Rng;
use decksmith::engine::script::{game_seed, seat_deck};
use decksmith::engine::{Engine, SeatDeck, Setup};
use divan::counter::ItemsCount;
use divan::{black_box, Bencher};
use std::sync::atomic::{AtomicU64, Ordering};

fn main() {
    divan::main();
}

const CRIMSON: &str = include_str!("../examples/decks/fow/legal-crimson-aggro.deck");
const TIDECALLER: &str = include_str!("../examples/decks/fow/legal-tidecaller.deck");

fn decks() -> [SeatDeck; 2] {
    let game = &Catalog::embedded().expect("shipped data loads").games["fow"];
    [CRIMSON, TIDECALLER].map(|t| {
        let file = SourceFile::new("bench.deck", t);
        seat_deck(&text::parse(t), game, &[], &file).expect("a deck")
    })
}

fn setup(decks: &[SeatDeck; 2], n: u64) -> Setup<'static> {
    Setup {
        game: &Catalog::embedded().expect("shipped data loads").games["fow"],
        decks: decks.clone(),
        seed: game_seed(1, n),
        first: None,
    }
}

/// One whole random game per iteration, a new seed each time.
#[divan::bench(sample_count = 1000)]
fn fow_random_game(bencher: Bencher) {
    let decks = decks();
    let n = AtomicU64::new(0);
    let mut player = SelfPlay::<Fow>::new(false);
    bencher.bench_local(|| {
        let s = setup(&decks, n.fetch_add(1, Ordering::Relaxed));
        player
            .play(&s, player_seed(s.seed))
            .expect("a game")
            .actions
    });
}

/// As above, with invariants and transitions checked after every action.
#[divan::bench(sample_count = 300)]
fn fow_random_game_checked(bencher: Bencher) {
    let decks = decks();
    let n = AtomicU64::new(0);
    let mut player = SelfPlay::<Fow>::new(true);
    bencher.bench_local(|| {
        let s = setup(&decks, n.fetch_add(1, Ordering::Relaxed));
        player
            .play(&s, player_seed(s.seed))
            .expect("a game")
            .actions
    });
}

/// Engine steps: 20 recorded games replayed action by action (legal-action enumeration and
/// apply, no random player), counted in actions.
#[divan::bench]
fn fow_steps(bencher: Bencher) {
    let decks = decks();
    let mut games = Vec::new();
    for g in 0..20 {
        let s = setup(&decks, g);
        let mut events = Vec::new();
        let mut state = Fow::setup(&s, &mut events).expect("setup");
        let mut rng = Rng::new(player_seed(s.seed));
        let mut picks = Vec::new();
        let mut actions = Vec::new();
        while Fow::outcome(&state).is_none() {
            Fow::legal_actions(&state, &mut actions);
            let i = rng.below(actions.len());
            picks.push(i);
            events.clear();
            Fow::apply(&mut state, &actions[i], &mut events).expect("legal");
        }
        games.push((s, picks));
    }
    let total: usize = games.iter().map(|(_, p)| p.len()).sum();
    let mut actions = Vec::new();
    let mut events = Vec::new();
    bencher.counter(ItemsCount::new(total)).bench_local(|| {
        for (s, picks) in &games {
            events.clear();
            let mut state = Fow::setup(s, &mut events).expect("setup");
            for &i in picks {
                Fow::legal_actions(&state, &mut actions);
                events.clear();
                Fow::apply(&mut state, &actions[i], &mut events).expect("legal");
            }
        }
    });
}

/// Cloning a state in the middle of a game (what a search or a checked self-play step pays).
#[divan::bench]
fn fow_clone_state(bencher: Bencher) {
    let decks = decks();
    let s = setup(&decks, 3);
    let mut events = Vec::new();
    let mut state = Fow::setup(&s, &mut events).expect("setup");
    let mut rng = Rng::new(9);
    let mut actions = Vec::new();
    for _ in 0..120 {
        Fow::legal_actions(&state, &mut actions);
        if actions.is_empty() {
            break;
        }
        let i = rng.below(actions.len());
        events.clear();
        Fow::apply(&mut state, &actions[i], &mut events).expect("legal");
    }
    bencher.bench_local(|| black_box(&state).clone());
}
