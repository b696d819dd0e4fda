//! Match engines under random self-play, one set of benchmarks for every engine with a
//! listed-actions random player: whole seeded games (with and without the invariant checks the
//! test suite runs), single engine steps, and cloning a mid-game state.
//! `cargo bench --bench engine`. Games per second per core is 1 / the median time of
//! `random_game`; `steps` reports engine steps (legal actions listed, one applied) per second.
//! The duel's own fast self-play path has its own bench (`skirmish`).

use decksmith::card_db::Game;
use decksmith::catalog::Catalog;
use decksmith::deck::encoding::text;
use decksmith::diagnostic::SourceFile;
use decksmith::engine::fow::Fow;
use decksmith::engine::jforce::JForce;
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

/// An engine with the two example decks it is measured on.
trait Benched: Engine {
    const DECKS: [&'static str; 2];
}

impl Benched for JForce {
    const DECKS: [&'static str; 2] = [
        include_str!("../examples/decks/jforce/legal-ember-rush.deck"),
        include_str!("../examples/decks/jforce/legal-titan-wall.deck"),
    ];
}

impl Benched for Fow {
    const DECKS: [&'static str; 2] = [
        include_str!("../examples/decks/fow/legal-crimson-aggro.deck"),
        include_str!("../examples/decks/fow/legal-tidecaller.deck"),
    ];
}

fn game<E: Benched>() -> &'static Game {
    &Catalog::embedded().expect("shipped data loads").games[E::GAME]
}

fn decks<E: Benched>() -> [SeatDeck; 2] {
    E::DECKS.map(|t| {
        let file = SourceFile::new("bench.deck", t);
        seat_deck(&text::parse(t), game::<E>(), &[], &file).expect("a deck")
    })
}

fn setup<E: Benched>(decks: &[SeatDeck; 2], n: u64) -> Setup<'static> {
    Setup {
        game: game::<E>(),
        decks: decks.clone(),
        seed: game_seed(1, n),
        first: None,
    }
}

fn random_games<E: Benched>(bencher: Bencher, checked: bool) {
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

/// One whole random game per iteration, a new seed each time.
#[divan::bench(types = [JForce, Fow], sample_count = 1000)]
fn random_game<E: Benched>(bencher: Bencher) {
    random_games::<E>(bencher, false);
}

/// As above, with invariants and transitions checked after every action.
#[divan::bench(types = [JForce, Fow], sample_count = 300)]
fn random_game_checked<E: Benched>(bencher: Bencher) {
    random_games::<E>(bencher, true);
}

/// Plays `picks` (indices into the legal actions) from `state`, or, when `picks` is empty,
/// a seeded random game whose picks it records.
fn replay<E: Benched>(state: &mut E::State, picks: &mut Vec<usize>, rng: Option<&mut Rng>) {
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

/// Engine steps: the same 20 recorded games replayed action by action (legal-action
/// enumeration and apply, no random player), counted in actions.
#[divan::bench(types = [JForce, Fow])]
fn steps<E: Benched>(bencher: Bencher) {
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
#[divan::bench(types = [JForce, Fow])]
fn clone_state<E: Benched>(bencher: Bencher) {
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
