//! Match engines under random self-play: whole seeded games (with and without the invariant
//! checks the test suite runs), and single engine steps. `cargo bench --bench engine`.
//! Games per second per core is 1 / the median time of `jforce_random_game`; divan's item
//! counter reports engine steps (actions applied) per second.

use decksmith::catalog::Catalog;
use decksmith::deck::encoding::text;
use decksmith::diagnostic::SourceFile;
use decksmith::engine::jforce::JForce;
use decksmith::engine::random::{player_seed, SelfPlay};
use decksmith::engine::script::{game_seed, seat_deck};
use decksmith::engine::{Engine, SeatDeck, Setup};
use divan::counter::ItemsCount;
use divan::Bencher;
use std::sync::atomic::{AtomicU64, Ordering};

fn main() {
    divan::main();
}

const EMBER_RUSH: &str = include_str!("../examples/decks/jforce/legal-ember-rush.deck");
const TITAN_WALL: &str = include_str!("../examples/decks/jforce/legal-titan-wall.deck");

fn decks() -> [SeatDeck; 2] {
    let game = &Catalog::embedded().expect("shipped data loads").games["jforce"];
    [EMBER_RUSH, TITAN_WALL].map(|t| {
        let file = SourceFile::new("bench.deck", t);
        seat_deck(&text::parse(t), game, &[], &file).expect("a deck")
    })
}

fn setup(decks: &[SeatDeck; 2], n: u64) -> Setup<'static> {
    Setup {
        game: &Catalog::embedded().expect("shipped data loads").games["jforce"],
        decks: decks.clone(),
        seed: game_seed(1, n),
        first: None,
    }
}

/// One whole random game per iteration, a new seed each time.
#[divan::bench(sample_count = 2000)]
fn jforce_random_game(bencher: Bencher) {
    let decks = decks();
    let n = AtomicU64::new(0);
    let mut player = SelfPlay::<JForce>::new(false);
    bencher.bench_local(|| {
        let s = setup(&decks, n.fetch_add(1, Ordering::Relaxed));
        player
            .play(&s, player_seed(s.seed))
            .expect("a game")
            .actions
    });
}

/// As above, with invariants and transitions checked after every action.
#[divan::bench(sample_count = 1000)]
fn jforce_random_game_checked(bencher: Bencher) {
    let decks = decks();
    let n = AtomicU64::new(0);
    let mut player = SelfPlay::<JForce>::new(true);
    bencher.bench_local(|| {
        let s = setup(&decks, n.fetch_add(1, Ordering::Relaxed));
        player
            .play(&s, player_seed(s.seed))
            .expect("a game")
            .actions
    });
}

/// Engine steps: the same 20 recorded games replayed action by action (legal-action
/// enumeration and apply, no random player), counted in actions.
#[divan::bench]
fn jforce_steps(bencher: Bencher) {
    let decks = decks();
    // Record each game's chosen action indices once.
    let mut games = Vec::new();
    for g in 0..20 {
        let s = setup(&decks, g);
        let mut events = Vec::new();
        let mut state = JForce::setup(&s, &mut events).expect("setup");
        let mut rng = decksmith::engine::rng::Rng::new(player_seed(s.seed));
        let mut picks = Vec::new();
        let mut actions = Vec::new();
        while JForce::outcome(&state).is_none() {
            actions.clear();
            JForce::legal_actions(&state, &mut actions);
            let i = rng.below(actions.len());
            picks.push(i);
            events.clear();
            JForce::apply(&mut state, &actions[i], &mut events).expect("legal");
        }
        games.push((s, picks));
    }
    let total: usize = games.iter().map(|(_, p)| p.len()).sum();
    let mut actions = Vec::new();
    let mut events = Vec::new();
    bencher.counter(ItemsCount::new(total)).bench_local(|| {
        for (s, picks) in &games {
            events.clear();
            let mut state = JForce::setup(s, &mut events).expect("setup");
            for &i in picks {
                actions.clear();
                JForce::legal_actions(&state, &mut actions);
                events.clear();
                JForce::apply(&mut state, &actions[i], &mut events).expect("legal");
            }
        }
    });
}
