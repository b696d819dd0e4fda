//! The conformance suite every engine runs once from its own tests: what the [`Engine`] trait
//! promises, checked by seeded random play, so that no engine keeps its own copy of these
//! tests. The engine brings only the games to play (its `setup` of game `g`) and the endings
//! random play must reach.

use super::random::{player_seed, SelfPlay};
use super::rng::game_seed;
use super::rng::Rng;
use super::{Engine, SeatDeck, Setup};
use crate::card_db::Game;
use crate::catalog::Catalog;
use crate::diagnostic::SourceFile;
use crate::encoding::text;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Games whose every step is also checked one action at a time (every legal action printed
/// and read back, the random shortcut against the whole list).
const STEPPED_GAMES: u64 = 40;

/// Of those, the games whose every legal action is also applied both as listed and checked:
/// a state printed twice per action is what the suite pays most for (Force of Will's states
/// print long).
const LISTED_GAMES: u64 = 10;

/// Runs the suite: `games` random games from `setup(0..games)` with every invariant and
/// transition checked after every action; the first games again step by step, each legal
/// action printed and parsed back to itself, applied as listed ([`Engine::apply_listed`])
/// and checked in the first ten, which must leave the same state, and the random player's
/// shortcut compared with picking from the listed actions; one game played twice, which must not differ; copying a
/// state into a kept one and listing the legal actions, which must not allocate once warmed
/// up; the random player's draws, many per state, against uniform choice among the listed
/// actions ([`uniform_fit`]); and the first games played again without recording events,
/// which must end the same. Every reason in `endings` must end at least one game.
pub fn conformance<E: Engine>(setup: impl Fn(u64) -> Setup<'static>, games: u64, endings: &[&str]) {
    let mut player = SelfPlay::<E>::new(true);
    let mut reasons = BTreeMap::new();
    for g in 0..games {
        let s = setup(g);
        let result = player
            .play(&s, player_seed(s.seed))
            .unwrap_or_else(|v| panic!("{} game {g}: {v}", E::GAME));
        *reasons.entry(result.outcome.reason).or_insert(0u32) += 1;
    }
    for want in endings {
        assert!(reasons.contains_key(*want), "{}: {reasons:?}", E::GAME);
    }
    for g in 0..games.min(STEPPED_GAMES) {
        step_by_step::<E>(&setup(g), g < LISTED_GAMES);
    }
    let s = setup(1);
    assert_eq!(
        step_by_step::<E>(&s, false),
        step_by_step::<E>(&s, false),
        "{}: the same seed played a different game",
        E::GAME
    );
    for g in 0..games.min(ALLOCATION_GAMES) {
        allocation_free::<E>(&setup(g));
    }
    let fit = uniform_fit::<E>(
        (0..games.min(DISTRIBUTION_GAMES)).map(&setup),
        E::random_action,
    )
    .unwrap_or_else(|e| panic!("{}: {e}", E::GAME));
    if let Err(e) = fit.check() {
        panic!(
            "{}: the random player does not draw uniformly: {e}",
            E::GAME
        );
    }
    let mut again = SelfPlay::<E>::new(false);
    assert_eq!(
        again.play(&s, player_seed(s.seed)),
        again.play(&s, player_seed(s.seed)),
        "{}: the same seed ended differently",
        E::GAME
    );
    for g in 0..games.min(STEPPED_GAMES) {
        let s = setup(g);
        assert_eq!(
            again.play(&s, player_seed(s.seed)),
            player.play(&s, player_seed(s.seed)),
            "{} game {g}: unchecked play (setup_unrecorded, apply_listed) ended differently",
            E::GAME
        );
    }
}

/// Games whose every state is copied and listed under the allocation count.
const ALLOCATION_GAMES: u64 = 10;

/// Every state of one random game, its legal actions listed into one kept list, twice: the
/// first pass grows the list, the second must allocate nothing. And every state copied
/// (`clone_from`) into a kept state that held it before, which must allocate nothing either:
/// what a search pays to restart from its root (issue #15, point 4). (Copying a different
/// state may allocate where the engine keeps lists inside lists: J Force's units.)
fn allocation_free<E: Engine>(setup: &Setup<'_>) {
    let seed = setup.seed;
    let mut events = Vec::new();
    let mut state = E::setup(setup, &mut events).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    let mut rng = Rng::new(player_seed(seed));
    let mut states = vec![state.clone()];
    let mut actions = Vec::new();
    while let Some(i) = E::random_action(&state, &mut rng, &mut actions) {
        events.clear();
        E::apply(&mut state, &actions[i], &mut events).expect("a legal action");
        states.push(state.clone());
    }
    let mut kept = states[0].clone();
    for pass in 0..2 {
        for (n, s) in states.iter().enumerate() {
            kept.clone_from(s);
            let before = allocations();
            kept.clone_from(s);
            let copied = allocations() - before;
            let before = allocations();
            E::legal_actions(s, &mut actions);
            let listed = allocations() - before;
            if pass == 1 {
                assert_eq!(
                    (copied, listed),
                    (0, 0),
                    "{} seed {seed}, state {n}: allocations when copying, listing",
                    E::GAME
                );
            }
        }
    }
}

/// Allocations made so far by the current thread (tests run in parallel; each thread counts
/// its own).
fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

/// The test binary's allocator: the system's, counting allocations per thread.
struct Counting;

// SAFETY: every call is forwarded unchanged to the system allocator; the count is a
// thread-local `Cell` with a constant initialiser, which never allocates, and `try_with`
// skips counting while a thread's locals are being torn down.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.dealloc(ptr, layout) }
    }
}

fn count() {
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// Plays one random game from `setup`, checking at every step that each legal action reads
/// back from its own script text and that [`Engine::random_action`] chooses what picking from
/// [`Engine::legal_actions`] chooses, drawing the same numbers; `apply_both_ways`, also that
/// each legal action applied as listed ([`Engine::apply_listed`]) leaves the state that
/// applying it checked leaves. Returns the transcript.
fn step_by_step<E: Engine>(setup: &Setup<'_>, apply_both_ways: bool) -> Vec<String> {
    let seed = setup.seed;
    let mut events = Vec::new();
    let mut state = E::setup(setup, &mut events).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    let (mut listed, mut shortcut) = (Rng::new(player_seed(seed)), Rng::new(player_seed(seed)));
    let (mut legal, mut some, mut scratch) = (Vec::new(), Vec::new(), Vec::new());
    while E::outcome(&state).is_none() {
        legal.clear();
        E::legal_actions(&state, &mut legal);
        for action in &legal {
            let text = action.to_string();
            let back = E::parse_action(&state, &text)
                .unwrap_or_else(|e| panic!("seed {seed}: `{text}` does not parse: {e}"));
            assert_eq!(
                &back, action,
                "seed {seed}: `{text}` reads back differently"
            );
            if !apply_both_ways {
                continue;
            }
            let (mut checked, mut listed) = (state.clone(), state.clone());
            E::apply(&mut checked, action, &mut scratch)
                .unwrap_or_else(|e| panic!("seed {seed}: `{text}`: {e}"));
            E::apply_listed(&mut listed, action, &mut scratch)
                .unwrap_or_else(|e| panic!("seed {seed}: `{text}` listed: {e}"));
            assert_eq!(
                format!("{listed:?}"),
                format!("{checked:?}"),
                "seed {seed}: `{text}` applied as listed (apply_listed) changed the state otherwise"
            );
        }
        let picked = listed.pick(&legal).expect("a legal action").clone();
        let i = E::random_action(&state, &mut shortcut, &mut some).expect("a choice");
        assert_eq!(some.get(i), Some(&picked), "seed {seed}");
        E::apply(&mut state, &picked, &mut events)
            .unwrap_or_else(|e| panic!("seed {seed}: `{picked}`: {e}"));
    }
    assert_eq!(
        listed.next_u64(),
        shortcut.next_u64(),
        "seed {seed}: the random shortcut drew differently"
    );
    events.iter().map(ToString::to_string).collect()
}

/// The shipped legal example decks of `E` (`examples/decks/<game>/legal-*.deck`), in name
/// order: the decks engines without a deck generator of their own play in [`conformance`].
pub fn example_decks<E: Engine>() -> Vec<SeatDeck> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples/decks")
        .join(E::GAME);
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a folder entry").path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("legal-"))
        })
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path).expect("an example deck");
            let file = SourceFile::new(path.display().to_string(), text.clone());
            SeatDeck::new(&text::parse(&text), game::<E>(), &[], &file, false)
                .unwrap_or_else(|p| panic!("{}: {p:?}", path.display()))
        })
        .collect()
}

/// Game `g` between two of `decks`, every pairing in turn, on a seed of its own.
pub fn example_game<E: Engine>(decks: &[SeatDeck], g: u64) -> Setup<'static> {
    let n = decks.len() as u64;
    Setup {
        game: game::<E>(),
        decks: [
            decks[(g % n) as usize].clone(),
            decks[(g / n % n) as usize].clone(),
        ],
        seed: game_seed(2024, g),
        first: None,
    }
}

/// The shipped card database of `E`.
pub fn game<E: Engine>() -> &'static Game {
    &Catalog::embedded().expect("the shipped data loads").games[E::GAME]
}

/// The database indices of cards named in a test, in order.
pub fn ids(game: &Game, names: &[impl AsRef<str>]) -> Vec<u32> {
    let index = |n: &str| game.find(n).unwrap_or_else(|| panic!("no card {n}")) as u32;
    names.iter().map(|n| index(n.as_ref())).collect()
}

/// Games whose states test the random player's distribution.
const DISTRIBUTION_GAMES: u64 = 10;

/// Draws per listed action in each tested state: ten expected per action, enough for the
/// chi-square approximation to hold.
const DRAWS_PER_ACTION: u64 = 10;

/// How many standard deviations (of a normal approximation) a chi-square statistic may stray
/// above its mean before [`Fit::check`] calls the draws biased: at five, a fair picker fails a
/// given state about once in three million, and the seeds are fixed, so the test never flakes.
const SIGMAS: f64 = 5.0;

/// A random player: like [`Engine::random_action`], the chosen action left in `out` at the
/// returned index.
pub type Picker<E> =
    fn(&<E as Engine>::State, &mut Rng, &mut Vec<<E as Engine>::Action>) -> Option<usize>;

/// How far a picker's draws are from uniform choice among the listed legal actions: Pearson's
/// chi-square statistic per state (each different listed action a cell, expecting draws in
/// proportion to how often it is listed), and summed over all states.
#[derive(Debug, Default)]
pub struct Fit {
    /// States with at least two different actions, and the draws made in them.
    pub states: u64,
    pub draws: u64,
    /// The summed statistic and its degrees of freedom.
    pub statistic: f64,
    pub freedom: f64,
    /// States whose own statistic is beyond its bound, and the first of them.
    pub outliers: u64,
    pub first_outlier: Option<String>,
}

impl Fit {
    /// `Err` when the summed statistic or any one state's is beyond its bound.
    pub fn check(&self) -> Result<(), String> {
        let bound = chi_square_bound(self.freedom);
        if self.statistic > bound || self.outliers > 0 {
            return Err(format!(
                "chi-square {:.0} on {:.0} degrees of freedom (bound {bound:.0}) over {} states \
                 and {} draws; {} states beyond their own bound, first: {}",
                self.statistic,
                self.freedom,
                self.states,
                self.draws,
                self.outliers,
                self.first_outlier.as_deref().unwrap_or("none"),
            ));
        }
        Ok(())
    }
}

/// The value a chi-square statistic with `freedom` degrees of freedom exceeds with the
/// probability of a normal variable beyond [`SIGMAS`] (Wilson and Hilferty's cube-root
/// approximation, conservative for few degrees of freedom).
fn chi_square_bound(freedom: f64) -> f64 {
    let a = 2.0 / (9.0 * freedom);
    freedom * (1.0 - a + SIGMAS * a.sqrt()).powi(3)
}

/// Plays each game of `setups` with the engine's own random player and, in every state with
/// at least two different legal actions, asks `pick` for [`DRAWS_PER_ACTION`] draws per listed
/// action from a seeded stream, counting which listed action each draw is. `Err` when a draw is
/// not a listed action at all.
pub fn uniform_fit<E: Engine>(
    setups: impl IntoIterator<Item = Setup<'static>>,
    pick: Picker<E>,
) -> Result<Fit, String> {
    let mut fit = Fit::default();
    let (mut events, mut legal, mut drawn, mut counts) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for setup in setups {
        let seed = setup.seed;
        let mut state = E::setup(&setup, &mut events).map_err(|e| format!("seed {seed}: {e}"))?;
        let mut play = Rng::new(player_seed(seed));
        let mut draws = Rng::new(seed ^ 0xD157_21B0);
        let mut step = 0u64;
        while let Some(i) = E::random_action(&state, &mut play, &mut drawn) {
            let next = drawn[i].clone();
            legal.clear();
            E::legal_actions(&state, &mut legal);
            // Equal actions listed twice are one cell, counted at their first listing.
            let first = |a: &E::Action| legal.iter().position(|b| b == a);
            let cells: Vec<usize> = (0..legal.len())
                .filter(|&j| first(&legal[j]) == Some(j))
                .collect();
            if cells.len() >= 2 {
                let n = legal.len() as u64;
                let total = DRAWS_PER_ACTION * n;
                counts.clear();
                counts.resize(legal.len(), 0u64);
                for _ in 0..total {
                    let k = pick(&state, &mut draws, &mut drawn)
                        .ok_or_else(|| format!("seed {seed}, step {step}: no draw"))?;
                    let j = first(&drawn[k]).ok_or_else(|| {
                        format!(
                            "seed {seed}, step {step}: `{}` is not a listed action",
                            drawn[k]
                        )
                    })?;
                    counts[j] += 1;
                }
                let mut statistic = 0.0;
                for &j in &cells {
                    let listed = legal.iter().filter(|b| **b == legal[j]).count() as f64;
                    let expected = total as f64 * listed / n as f64;
                    let off = counts[j] as f64 - expected;
                    statistic += off * off / expected;
                }
                let freedom = (cells.len() - 1) as f64;
                if statistic > chi_square_bound(freedom) {
                    fit.outliers += 1;
                    fit.first_outlier.get_or_insert_with(|| {
                        format!(
                            "seed {seed}, step {step}: chi-square {statistic:.1} on {freedom} \
                             degrees of freedom over {n} actions"
                        )
                    });
                }
                fit.states += 1;
                fit.draws += total;
                fit.statistic += statistic;
                fit.freedom += freedom;
            }
            events.clear();
            E::apply(&mut state, &next, &mut events)
                .map_err(|e| format!("seed {seed}, step {step}: `{next}`: {e}"))?;
            step += 1;
        }
    }
    Ok(fit)
}
