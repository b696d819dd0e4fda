//! Random self-play of the red/blue/green duel: whole games per second on one core.
//! `cargo bench --bench skirmish`; throughput is in games (items) per second.
//!
//! `fast_*` runs the engine's own round loop with random players and no transcript (the path
//! deck statistics take); `engine_trait_*` goes through `legal_actions` and `apply` with events,
//! as the generic random player and `match random` do.

use decksmith::catalog::Catalog;
use decksmith::deck::encoding::text;
use decksmith::engine::rng::Rng;
use decksmith::engine::skirmish::{play_out, Duel, Skirmish};
use decksmith::engine::{Engine, SeatDeck, Setup};
use divan::counter::ItemsCount;
use divan::{black_box, Bencher};

fn main() {
    divan::main();
}

const GAMES: u64 = 1000;

const TOURNAMENT_36: &str =
    include_str!("../examples/decks/skirmish/legal-tournament-18-12-6.deck");
const CASUAL_40: &str = include_str!("../examples/decks/skirmish/legal-casual-aggro.deck");

/// A deck list's cards as database indices, in list order.
fn seat(deck_text: &str) -> SeatDeck {
    let catalog = Catalog::embedded().expect("shipped data loads");
    let game = catalog.game("skirmish").expect("skirmish is shipped");
    let deck = text::parse(deck_text);
    let mut cards = Vec::new();
    for zone in &deck.zones {
        for entry in &zone.entries {
            let i = game.find(&entry.card).expect("a shipped card") as u32;
            cards.extend(std::iter::repeat_n(i, entry.count as usize));
        }
    }
    SeatDeck {
        zones: vec![("main".to_owned(), cards)],
        stacked: false,
    }
}

fn setup(seed: u64) -> Setup<'static> {
    let catalog = Catalog::embedded().expect("shipped data loads");
    Setup {
        game: catalog.game("skirmish").expect("skirmish is shipped"),
        decks: [seat(TOURNAMENT_36), seat(CASUAL_40)],
        seed,
        first: None,
    }
}

#[divan::bench]
fn fast_random_games(bencher: Bencher) {
    let duel = Duel::new(&setup(0)).expect("the decks play");
    let mut seed = 0u64;
    bencher.counter(ItemsCount::new(GAMES)).bench_local(|| {
        let mut rounds = 0u32;
        for _ in 0..GAMES {
            seed += 1;
            let mut state = duel.start_quiet(seed);
            play_out(&mut state, &mut Rng::new(seed ^ 0x9E37));
            rounds += state.round();
        }
        black_box(rounds)
    });
}

#[divan::bench]
fn engine_trait_random_games(bencher: Bencher) {
    let base = setup(0);
    let mut seed = 0u64;
    let mut actions = Vec::new();
    let mut events = Vec::new();
    bencher
        .counter(ItemsCount::new(GAMES / 10))
        .bench_local(|| {
            let mut rounds = 0u32;
            for _ in 0..GAMES / 10 {
                seed += 1;
                let setup = Setup {
                    seed,
                    ..base.clone()
                };
                events.clear();
                let mut state = Skirmish::setup(&setup, &mut events).expect("the decks play");
                let mut players = Rng::new(seed ^ 0x9E37);
                while Skirmish::outcome(&state).is_none() {
                    Skirmish::legal_actions(&state, &mut actions);
                    let action = players.pick(&actions).expect("a legal action").clone();
                    events.clear();
                    Skirmish::apply(&mut state, &action, &mut events).expect("legal");
                }
                rounds += state.round();
            }
            black_box(rounds)
        });
}

#[divan::bench]
fn clone_state(bencher: Bencher) {
    let duel = Duel::new(&setup(0)).expect("the decks play");
    let state = duel.start_quiet(1);
    bencher.bench_local(|| black_box(&state).clone());
}
