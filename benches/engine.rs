//! Match engines under random self-play, one set of benchmarks for every engine with a
//! listed-actions random player: whole seeded games (with and without the invariant checks the
//! test suite runs), single engine steps, and cloning a mid-game state.
//! `cargo bench --bench engine`. Games per second per core is 1 / the mean game, not the median
//! one (game lengths are skewed): `-- random_game --sample-count 100 --sample-size 500` makes
//! each sample the mean of 500 games. `steps` reports engine steps (legal actions listed, one
//! applied) per second.
//! Every engine of the registry (`for_each_engine!`) is measured, on the first two legal example
//! decks of its game. There is no other path: self-play, `match random`, `sim` and the search
//! players all go through the trait, so these figures are the engines' speed.
//! `mcts_decision` times one `mcts:200` decision in the middle of a game, counted in
//! iterations, so its throughput is MCTS iterations per second per core. `clone_from_state` and
//! `legal_actions` are what a search pays per node; neither allocates once warmed up.

use decksmith::card_db::Game;
use decksmith::catalog::Catalog;
use decksmith::diagnostic::SourceFile;
use decksmith::encoding::text;
use decksmith::engine::player::{Bot, Kind};
use decksmith::engine::random::{player_seed, SelfPlay};
use decksmith::engine::rng::game_seed;
use decksmith::engine::rng::Rng;
use decksmith::engine::{Engine, Player, SeatDeck, Setup, ToMove};
use divan::counter::ItemsCount;
use divan::{black_box, Bencher};
use std::path::Path;

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
        SeatDeck::new(&text::parse(&t), game::<E>(), &[], &file, false).expect("a deck")
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
    // One setup for every game, a new seed each, as `match random` plays its batch.
    let mut s = setup::<E>(&decks::<E>(), 0);
    let mut n = 0;
    let mut player = SelfPlay::<E>::new(checked);
    bencher.bench_local(|| {
        n += 1;
        s.seed = game_seed(1, n);
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

/// A position a few random actions into game 3 where the decider has several choices: the
/// decider and its choices.
fn decision<E: Engine>(decks: &[SeatDeck; 2]) -> (E::State, Player, Vec<E::Action>) {
    let s = setup::<E>(decks, 3);
    let mut state = E::setup(&s, &mut Vec::new()).expect("setup");
    let mut rng = Rng::new(5);
    let (mut actions, mut events) = (Vec::new(), Vec::new());
    let mut step = 0;
    loop {
        step += 1;
        let seat = match E::to_move(&state).expect("the game goes on") {
            ToMove::One(p) => p,
            ToMove::Both => Player::P1,
        };
        let mut choices = Vec::new();
        E::choices(&state, seat, &mut choices);
        if step > 10 && choices.len() >= 2 {
            return (state, seat, choices);
        }
        let i = E::random_action(&state, &mut rng, &mut actions).expect("an action");
        events.clear();
        E::apply(&mut state, &actions[i].clone(), &mut events).expect("legal");
    }
}

/// The mid-game position of [`decision`] (a game still going, with choices to list).
fn mid_game<E: Engine>() -> E::State {
    decision::<E>(&decks::<E>()).0
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

        /// One `mcts:200` decision in the middle of a game, counted in iterations.
        #[divan::bench(types = [$(decksmith::engine::$module::$engine),*], sample_count = 20)]
        fn mcts_decision<E: Engine>(bencher: Bencher) {
            let decks = decks::<E>();
            let (state, seat, choices) = decision::<E>(&decks);
            let mut bot = Bot::<E>::new(Kind::Mcts(200), 1);
            bencher
                .counter(ItemsCount::new(200usize))
                .bench_local(|| bot.choose(&state, seat, &choices));
        }

        /// Cloning a state in the middle of a game (what a checked self-play step pays).
        #[divan::bench(types = [$(decksmith::engine::$module::$engine),*])]
        fn clone_state<E: Engine>(bencher: Bencher) {
            let state = mid_game::<E>();
            bencher.bench_local(|| black_box(&state).clone());
        }

        /// Copying the same state into a kept one (what a search restarting from its root
        /// pays): no allocation (the conformance suite counts them).
        #[divan::bench(types = [$(decksmith::engine::$module::$engine),*])]
        fn clone_from_state<E: Engine>(bencher: Bencher) {
            let state = mid_game::<E>();
            let mut kept = state.clone();
            bencher.bench_local(|| kept.clone_from(black_box(&state)));
        }

        /// Listing the legal actions of that state into a kept list: no allocation either.
        #[divan::bench(types = [$(decksmith::engine::$module::$engine),*])]
        fn legal_actions<E: Engine>(bencher: Bencher) {
            let state = mid_game::<E>();
            let mut actions = Vec::new();
            bencher.bench_local(|| {
                E::legal_actions(black_box(&state), &mut actions);
                actions.len()
            });
        }
    };
}

decksmith::for_each_engine!(benches);
