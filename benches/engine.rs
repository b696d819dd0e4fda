//! Match engines under random self-play, one set of benchmarks for every engine with a
//! listed-actions random player: whole seeded games (with and without the invariant checks the
//! test suite runs), single engine steps, and cloning a mid-game state.
//! `cargo bench --bench engine`. Games per second per core is 1 / the median time of
//! `random_game`; `steps` reports engine steps (legal actions listed, one applied) per second.
//! Every engine of the registry (`for_each_engine!`) is measured, on the first two legal example
//! decks of its game. The duel's own fast self-play path has its own bench (`skirmish`).

use decksmith::card_db::Game;
use decksmith::catalog::Catalog;
use decksmith::deck::encoding::text;
use decksmith::diagnostic::SourceFile;
use decksmith::engine::random::{player_seed, SelfPlay};
use decksmith::engine::rng::Rng;
use decksmith::engine::script::{game_seed, seat_deck};
use decksmith::engine::{Engine, SeatDeck, Setup};
use divan::counter::ItemsCount;
use divan::{black_box, Bencher};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

fn main() {
    divan::main();
}

fn game<E: Engine>() -> &'static Game {
    &Catalog::embedded().expect("shipped data loads").games[E::GAME]
}

/// The two decks an engine is measured on: the first two `legal-*` example decks of its game,
/// in name order.
fn decks<E: Engine>() -> [SeatDeck; 2] {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples/decks")
        .join(E::GAME);
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("example decks")
        .map(|e| e.expect("a folder entry").path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("legal-"))
        })
        .collect();
    paths.sort();
    [0, 1].map(|i| {
        let t = std::fs::read_to_string(&paths[i]).expect("an example deck");
        let file = SourceFile::new("bench.deck", t.as_str());
        seat_deck(&text::parse(&t), game::<E>(), &[], &file).expect("a deck")
    })
}

fn setup<E: Engine>(decks: &[SeatDeck; 2], n: u64) -> Setup<'static> {
    Setup {
        game: game::<E>(),
        decks: decks.clone(),
        seed: game_seed(1, n),
        first: None,
    }
}

fn random_games<E: Engine>(bencher: Bencher, checked: bool) {
    let decks = decks::<E>();
    let n = AtomicU64::new(0);
    let mut player = SelfPlay::<E>::new(checked);
    bencher.bench_local(|| {
        let s = setup::<E>(&decks, n.fetch_add(1, Ordering::Relaxed));
        player
            .play(&s, player_seed(s.seed))
            .expect("a game")
            .actions
    });
}

/// Plays `picks` (indices into the legal actions) from `state`, or, when `picks` is empty,
/// a seeded random game whose picks it records.
fn replay<E: Engine>(state: &mut E::State, picks: &mut Vec<usize>, rng: Option<&mut Rng>) {
    let mut actions = Vec::new();
    let mut events = Vec::new();
    let step = |state: &mut E::State,
                actions: &mut Vec<E::Action>,
                i: usize,
                events: &mut Vec<E::Event>| {
        events.clear();
        E::apply(state, &actions[i], events).expect("legal");
    };
    match rng {
        Some(rng) => {
            while E::outcome(state).is_none() {
                actions.clear();
                E::legal_actions(state, &mut actions);
                let i = rng.below(actions.len());
                picks.push(i);
                step(state, &mut actions, i, &mut events);
            }
        }
        None => {
            for &i in picks.iter() {
                actions.clear();
                E::legal_actions(state, &mut actions);
                step(state, &mut actions, i, &mut events);
            }
        }
    }
}

/// The benchmarks, generic over every engine of the registry.
macro_rules! benches {
    ($($module:ident::$engine:ident),*) => {
        /// One whole random game per iteration, a new seed each time.
        #[divan::bench(types = [$(decksmith::engine::$module::$engine),*], sample_count = 1000)]
        fn random_game<E: Engine>(bencher: Bencher) {
            random_games::<E>(bencher, false);
        }

        /// As above, with invariants and transitions checked after every action.
        #[divan::bench(types = [$(decksmith::engine::$module::$engine),*], sample_count = 300)]
        fn random_game_checked<E: Engine>(bencher: Bencher) {
            random_games::<E>(bencher, true);
        }

        /// Engine steps: the same 20 recorded games replayed action by action (legal-action
        /// enumeration and apply, no random player), counted in actions.
        #[divan::bench(types = [$(decksmith::engine::$module::$engine),*])]
        fn steps<E: Engine>(bencher: Bencher) {
            let decks = decks::<E>();
            let mut games = Vec::new();
            for g in 0..20 {
                let s = setup::<E>(&decks, g);
                let mut state = E::setup(&s, &mut Vec::new()).expect("setup");
                let mut picks = Vec::new();
                replay::<E>(
                    &mut state,
                    &mut picks,
                    Some(&mut Rng::new(player_seed(s.seed))),
                );
                games.push((s, picks));
            }
            let total: usize = games.iter().map(|(_, p)| p.len()).sum();
            bencher.counter(ItemsCount::new(total)).bench_local(|| {
                for (s, picks) in &mut games {
                    let mut state = E::setup(s, &mut Vec::new()).expect("setup");
                    replay::<E>(&mut state, picks, None);
                }
            });
        }

        /// Cloning a state in the middle of a game (what a search or a checked self-play step pays).
        #[divan::bench(types = [$(decksmith::engine::$module::$engine),*])]
        fn clone_state<E: Engine>(bencher: Bencher) {
            let decks = decks::<E>();
            let s = setup::<E>(&decks, 3);
            let mut state = E::setup(&s, &mut Vec::new()).expect("setup");
            let mut rng = Rng::new(9);
            let mut actions = Vec::new();
            let mut events = Vec::new();
            for _ in 0..60 {
                actions.clear();
                E::legal_actions(&state, &mut actions);
                if actions.is_empty() {
                    break;
                }
                let i = rng.below(actions.len());
                events.clear();
                E::apply(&mut state, &actions[i], &mut events).expect("legal");
            }
            bencher.bench_local(|| black_box(&state).clone());
        }
    };
}

decksmith::for_each_engine!(benches);
