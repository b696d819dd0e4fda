//! AI-vs-AI simulation: decks played against each other many times by chosen players, with
//! tallies from which win rates and their confidence intervals follow; single games, or
//! matches of the best of N (`--best-of 3`) with each deck's post-board list from game 2 on.
//!
//! Every match's seed derives from the run's seed and the match's index alone, and the
//! tallies are sums, so a run gives the same result on any number of threads, on any machine,
//! and split into shards ([`Shard`]) whose results [`merge`] back into the single run's.

use crate::card_db::Game;
use crate::engine::player::{Bot, Kind};
use crate::engine::random::{player_seed, MAX_ACTIONS};
use crate::engine::registry::{self, EngineTask};
use crate::engine::rng::game_seed;
use crate::engine::{Engine, Outcome, Player, SeatDeck, Setup, ToMove};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

mod prepare;
pub use prepare::{prepare, seat, Prepared, Request, Seated};

/// The K-th (1-based) of N disjoint slices of a run's games: game `i` belongs to slice
/// `i mod N + 1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub k: u64,
    pub n: u64,
}

impl Shard {
    pub const WHOLE: Shard = Shard { k: 1, n: 1 };

    pub fn holds(self, game: u64) -> bool {
        game % self.n + 1 == self.k
    }
}

impl FromStr for Shard {
    type Err = String;
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("`{s}` is not a shard: write `K/N` with 1 ≤ K ≤ N (e.g. `3/8`)");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let k: u64 = k.trim().parse().map_err(|_| bad())?;
        let n: u64 = n.trim().parse().map_err(|_| bad())?;
        if k == 0 || n == 0 || k > n {
            return Err(bad());
        }
        Ok(Shard { k, n })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

/// What a run plays: it identifies the run, so that shards of different runs never merge.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    pub game: String,
    /// Deck names, as given.
    pub decks: Vec<String>,
    /// A hash of each deck's cards, so that a shard played with a changed deck is refused.
    pub fingerprints: Vec<String>,
    /// Pairs of indices into `decks`; the first deck of a pair is `a`.
    pub pairings: Vec<[usize; 2]>,
    /// Games per pairing; matches, when `best_of` is more than 1.
    pub games: u64,
    /// Games a match is the best of: 1 plays single games.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub best_of: u64,
    /// Per pairing, the fingerprint of each side's post-board deck, played from game 2 on,
    /// where a sideboard plan changes it (`null`: the deck as listed). Empty: none changes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub boarded: Vec<[Option<String>; 2]>,
    pub seed: u64,
    /// The player piloting each pairing's first deck and second deck.
    pub players: [String; 2],
    /// How many shards the run is split into (1: not split).
    pub shards: u64,
    /// The cards played by their stats alone (`--vanilla`): their text is not modelled.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub vanilla: Vec<String>,
}

fn one() -> u64 {
    1
}

fn is_one(n: &u64) -> bool {
    *n == 1
}

/// Sums over the games of one pairing, from the point of view of its two decks (index 0 is
/// the pairing's first deck, 1 the second).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub games: u64,
    pub wins: [u64; 2],
    pub draws: u64,
    /// Stopped at a cap with no result.
    pub unfinished: u64,
    /// Games each deck went first (empty where nobody does), and wins in those games.
    pub on_play: [u64; 2],
    pub on_play_wins: [u64; 2],
    /// Wins when the other deck went first.
    pub on_draw_wins: [u64; 2],
    /// Σ turns and Σ turns², for the mean and spread of game length.
    pub turns: u64,
    pub turns_sq: u64,
    /// How games ended: reason → games.
    pub endings: BTreeMap<String, u64>,
}

impl Tally {
    fn add(&mut self, g: &GameRecord) {
        self.games += 1;
        match g.winner {
            Some(w) => self.wins[w] += 1,
            None if crate::engine::is_unfinished(None, g.reason) => self.unfinished += 1,
            None => self.draws += 1,
        }
        if let Some(f) = g.first {
            self.on_play[f] += 1;
            match g.winner {
                Some(w) if w == f => self.on_play_wins[w] += 1,
                Some(w) => self.on_draw_wins[w] += 1,
                None => {}
            }
        }
        self.turns += u64::from(g.turns);
        self.turns_sq += u64::from(g.turns) * u64::from(g.turns);
        *self.endings.entry(g.reason.to_owned()).or_insert(0) += 1;
    }

    fn merge(&mut self, other: &Tally) {
        self.games += other.games;
        self.draws += other.draws;
        self.unfinished += other.unfinished;
        self.turns += other.turns;
        self.turns_sq += other.turns_sq;
        for i in 0..2 {
            self.wins[i] += other.wins[i];
            self.on_play[i] += other.on_play[i];
            self.on_play_wins[i] += other.on_play_wins[i];
            self.on_draw_wins[i] += other.on_draw_wins[i];
        }
        for (reason, n) in &other.endings {
            *self.endings.entry(reason.clone()).or_insert(0) += n;
        }
    }

    /// Mean game length in turns (rounds for the duel) and its standard deviation.
    pub fn length(&self) -> (f64, f64) {
        if self.games == 0 {
            return (0.0, 0.0);
        }
        let n = self.games as f64;
        let mean = self.turns as f64 / n;
        let var = (self.turns_sq as f64 / n - mean * mean).max(0.0);
        (mean, var.sqrt())
    }
}

/// Sums over the matches of one pairing (best of N), from the point of view of its two decks
/// as [`Tally`] is.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchTally {
    pub matches: u64,
    pub wins: [u64; 2],
    /// Matches neither deck won: as many games won each when the games ran out.
    pub draws: u64,
    /// Matches by their score in games, `won-lost-drawn` for the first deck (`2-1-0`).
    pub scores: BTreeMap<String, u64>,
    /// Game 1 of every match, played with the decks as listed (before sideboarding).
    pub game_one: Tally,
    /// Games 2 and later, played with the post-board decks.
    pub later: Tally,
}

impl MatchTally {
    fn add(&mut self, games: &[GameRecord]) {
        let score = score(games);
        self.matches += 1;
        match match_winner(score) {
            Some(w) => self.wins[w] += 1,
            None => self.draws += 1,
        }
        let [a, b, d] = score;
        *self.scores.entry(format!("{a}-{b}-{d}")).or_insert(0) += 1;
        for (i, g) in games.iter().enumerate() {
            if i == 0 {
                &mut self.game_one
            } else {
                &mut self.later
            }
            .add(g);
        }
    }

    fn merge(&mut self, other: &MatchTally) {
        self.matches += other.matches;
        self.draws += other.draws;
        for i in 0..2 {
            self.wins[i] += other.wins[i];
        }
        for (score, n) in &other.scores {
            *self.scores.entry(score.clone()).or_insert(0) += n;
        }
        self.game_one.merge(&other.game_one);
        self.later.merge(&other.later);
    }
}

/// Games won by each side and games neither won (drawn or unfinished).
fn score(games: &[GameRecord]) -> [u64; 3] {
    let mut score = [0; 3];
    for g in games {
        score[g.winner.unwrap_or(2)] += 1;
    }
    score
}

/// The side that took the match: the first to win a majority of `best_of` games, or, when the
/// games ran out first (drawn games count as played), the side that won more of them.
fn match_winner([a, b, _]: [u64; 3]) -> Option<usize> {
    match a.cmp(&b) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => None,
    }
}

/// Whether a match whose games so far scored `score` is over.
fn match_over([a, b, d]: [u64; 3], best_of: u64) -> bool {
    let need = best_of / 2 + 1;
    a >= need || b >= need || a + b + d >= best_of
}

/// A run's result, or a shard's: the plan, which slices it covers, and a tally per pairing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SimResult {
    pub plan: Plan,
    /// The slices (1-based) this result covers; every one of `1..=plan.shards` once the run
    /// is complete.
    pub covered: Vec<u64>,
    /// One per pairing, in the plan's order: every game played, of every match.
    pub tallies: Vec<Tally>,
    /// One per pairing when matches are played (`best_of` above 1), in the plan's order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub matches: Vec<MatchTally>,
}

impl SimResult {
    pub fn complete(&self) -> bool {
        self.covered.len() as u64 == self.plan.shards
    }
}

/// One game, from the pairing's point of view (0: its first deck, 1: the second).
#[derive(Debug, Clone)]
struct GameRecord {
    winner: Option<usize>,
    first: Option<usize>,
    reason: &'static str,
    turns: u32,
}

/// One match's games, in the order played (one game when `best_of` is 1).
#[derive(Debug, Clone)]
struct MatchRecord {
    pairing: usize,
    games: Vec<GameRecord>,
}

/// Plays the run's games (or matches) in `shard` (in parallel on the current rayon pool) and
/// tallies them. `decks` are indexed as the plan's; `boards`, when not empty, holds per pairing
/// each side's post-board deck (`None`: the deck as listed), played from game 2 of a match on.
/// `progress` is called after every match. `None` when the game has no engine; `Err` when an
/// engine cannot set a game up.
pub fn run(
    game: &Game,
    decks: &[SeatDeck],
    boards: &[[Option<SeatDeck>; 2]],
    plan: Plan,
    kinds: [Kind; 2],
    shard: Shard,
    progress: &(dyn Fn() + Sync),
) -> Option<Result<SimResult, String>> {
    let task = SimTask {
        game,
        decks,
        boards,
        plan: &plan,
        kinds,
        shard,
        progress,
    };
    let records = registry::dispatch(game.id(), task)?;
    Some(records.map(|records| {
        let mut tallies = vec![Tally::default(); plan.pairings.len()];
        let mut matches = match plan.best_of {
            1 => Vec::new(),
            _ => vec![MatchTally::default(); plan.pairings.len()],
        };
        for r in &records {
            for g in &r.games {
                tallies[r.pairing].add(g);
            }
            if let Some(m) = matches.get_mut(r.pairing) {
                m.add(&r.games);
            }
        }
        SimResult {
            covered: vec![shard.k],
            plan,
            tallies,
            matches,
        }
    }))
}

struct SimTask<'a> {
    game: &'a Game,
    decks: &'a [SeatDeck],
    boards: &'a [[Option<SeatDeck>; 2]],
    plan: &'a Plan,
    kinds: [Kind; 2],
    shard: Shard,
    progress: &'a (dyn Fn() + Sync),
}

impl EngineTask for SimTask<'_> {
    type Output = Result<Vec<MatchRecord>, String>;
    fn run<E: Engine>(self) -> Self::Output {
        let games = self.plan.games;
        let total = games * self.plan.pairings.len() as u64;
        (0..total)
            .into_par_iter()
            .filter(|&m| self.shard.holds(m))
            .map(|m| {
                let record = self.play_match::<E>(m)?;
                (self.progress)();
                Ok(record)
            })
            .collect()
    }
}

impl SimTask<'_> {
    /// Match `m` (counting through the pairings): its first game is game `m` of the same run
    /// played as single games, same seed and seats; later games derive their seeds from it.
    fn play_match<E: Engine>(&self, m: u64) -> Result<MatchRecord, String> {
        let pairing = (m / self.plan.games) as usize;
        // Seats alternate match by match: the pairing's first deck is p1 in even ones, and
        // keeps its seat through the match (who goes first is the rules' to say, not the seat).
        let a_seat = if (m % self.plan.games) % 2 == 0 {
            Player::P1
        } else {
            Player::P2
        };
        let kinds = match a_seat {
            Player::P1 => self.kinds,
            Player::P2 => [self.kinds[1], self.kinds[0]],
        };
        let seat_of = |side: usize| if side == 0 { a_seat } else { a_seat.other() };
        let side = |p: Player| usize::from(p != a_seat);
        let loser_chooses =
            (self.game.def.setup.as_ref()).is_some_and(|s| s.first_player.loser_chooses());
        let match_seed = game_seed(self.plan.seed, m + 1);
        let mut games: Vec<GameRecord> = Vec::with_capacity(self.plan.best_of as usize);
        while !match_over(score(&games), self.plan.best_of) {
            let number = games.len() as u64;
            let deck = |side: usize| {
                let listed = &self.decks[self.plan.pairings[pairing][side]];
                match (number, self.boards.get(pairing)) {
                    (1.., Some(boards)) => boards[side].as_ref().unwrap_or(listed),
                    _ => listed,
                }
            };
            let seated = match a_seat {
                Player::P1 => [deck(0), deck(1)],
                Player::P2 => [deck(1), deck(0)],
            };
            // FW-A24: the loser of the previous game chooses, and goes first; after a drawn
            // game (or in game 1) the game's own rule decides in its setup.
            let first = match games.last() {
                Some(GameRecord {
                    winner: Some(w), ..
                }) if loser_chooses => Some(seat_of(1 - w)),
                _ => None,
            };
            let setup = Setup {
                game: self.game,
                decks: seated.map(SeatDeck::clone),
                seed: match number {
                    0 => match_seed,
                    n => game_seed(match_seed, n + 1),
                },
                first,
            };
            let (first, outcome) = play::<E>(&setup, kinds)?;
            games.push(GameRecord {
                winner: outcome.winner.map(side),
                first: first.map(side),
                reason: outcome.reason,
                turns: outcome.turns,
            });
        }
        Ok(MatchRecord { pairing, games })
    }
}

/// One game between two players: who went first, and how it ended.
fn play<E: Engine>(
    setup: &Setup<'_>,
    kinds: [Kind; 2],
) -> Result<(Option<Player>, Outcome), String> {
    let mut events = Vec::new();
    let mut state =
        E::setup(setup, &mut events).map_err(|e| format!("seed {}: {e}", setup.seed))?;
    let seed = player_seed(setup.seed);
    let mut bots = [
        Bot::<E>::new(kinds[0], seed),
        Bot::<E>::new(kinds[1], seed.rotate_left(32)),
    ];
    let (mut mine, mut theirs) = (Vec::new(), Vec::new());
    let mut actions = 0;
    while let Some(to_move) = E::to_move(&state) {
        if actions >= MAX_ACTIONS {
            let stopped = Outcome {
                winner: None,
                reason: "action-limit",
                turns: 0,
            };
            return Ok((E::first(&state), stopped));
        }
        let action = match to_move {
            ToMove::One(p) => {
                E::choices(&state, p, &mut mine);
                bots[p.index()]
                    .choose(&state, p, &mine)
                    .and_then(|i| mine.get(i).cloned())
            }
            ToMove::Both => {
                E::choices(&state, Player::P1, &mut mine);
                E::choices(&state, Player::P2, &mut theirs);
                let p1 = bots[0].choose(&state, Player::P1, &mine);
                let p2 = bots[1].choose(&state, Player::P2, &theirs);
                p1.zip(p2)
                    .map(|(i, j)| E::combine(&state, &mine[i], &theirs[j]))
            }
        };
        let Some(action) = action else {
            return Err(format!(
                "seed {}: nothing to choose, yet the game is not over",
                setup.seed
            ));
        };
        events.clear();
        E::apply(&mut state, &action, &mut events)
            .map_err(|e| format!("seed {}: `{action}` was refused: {e}", setup.seed))?;
        actions += 1;
    }
    let outcome = E::outcome(&state).ok_or("the game stopped without an outcome")?;
    Ok((E::first(&state), outcome))
}

/// Why shard results cannot be merged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    #[error("nothing to merge")]
    Empty,
    #[error("`{0}` is a shard of a different run than `{1}` ({2} differs)")]
    Mismatch(String, String, &'static str),
    #[error("shard {0} of {1} is given twice (`{2}` and `{3}`)")]
    Overlap(u64, u64, String, String),
    #[error("shard(s) {0} of {1} missing")]
    Missing(String, u64),
}

/// Combines shard results (with the names they were read from) into the run's result,
/// refusing shards of different runs, overlapping shards and missing ones.
pub fn merge(parts: &[(String, SimResult)]) -> Result<SimResult, MergeError> {
    let Some((first_name, first)) = parts.first() else {
        return Err(MergeError::Empty);
    };
    let mut owner: BTreeMap<u64, &str> = BTreeMap::new();
    let mut tallies = vec![Tally::default(); first.plan.pairings.len()];
    let mut matches = vec![MatchTally::default(); first.matches.len()];
    for (name, part) in parts {
        let p = &part.plan;
        let q = &first.plan;
        let differs = [
            (p.game != q.game, "the game"),
            (p.decks != q.decks, "the decks"),
            (p.fingerprints != q.fingerprints, "a deck's cards"),
            (p.pairings != q.pairings, "the pairings"),
            (p.games != q.games, "the number of games"),
            (p.best_of != q.best_of, "the games a match is the best of"),
            (p.boarded != q.boarded, "a post-board deck's cards"),
            (p.seed != q.seed, "the seed"),
            (p.players != q.players, "the players"),
            (p.shards != q.shards, "the number of shards"),
            (part.tallies.len() != tallies.len(), "the tallies"),
            (part.matches.len() != matches.len(), "the match tallies"),
        ];
        if let Some((_, what)) = differs.iter().find(|(d, _)| *d) {
            return Err(MergeError::Mismatch(name.clone(), first_name.clone(), what));
        }
        for &k in &part.covered {
            if let Some(other) = owner.insert(k, name) {
                return Err(MergeError::Overlap(
                    k,
                    p.shards,
                    other.to_owned(),
                    name.clone(),
                ));
            }
        }
        for (t, u) in tallies.iter_mut().zip(&part.tallies) {
            t.merge(u);
        }
        for (t, u) in matches.iter_mut().zip(&part.matches) {
            t.merge(u);
        }
    }
    let missing: Vec<String> = (1..=first.plan.shards)
        .filter(|k| !owner.contains_key(k))
        .map(|k| k.to_string())
        .collect();
    if !missing.is_empty() {
        return Err(MergeError::Missing(missing.join(", "), first.plan.shards));
    }
    // A whole run is one slice of one: merged, it reads exactly as if played in one go.
    let mut plan = first.plan.clone();
    plan.shards = 1;
    Ok(SimResult {
        plan,
        covered: vec![1],
        tallies,
        matches,
    })
}

/// One deck's games and wins: in all, when it went first, and when the other deck did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Record {
    pub games: u64,
    pub wins: u64,
    pub on_play: u64,
    pub on_play_wins: u64,
    pub on_draw: u64,
    pub on_draw_wins: u64,
}

impl Record {
    fn add(&mut self, other: Record) {
        self.games += other.games;
        self.wins += other.wins;
        self.on_play += other.on_play;
        self.on_play_wins += other.on_play_wins;
        self.on_draw += other.on_draw;
        self.on_draw_wins += other.on_draw_wins;
    }
}

impl Tally {
    /// The pairing's first (`0`) or second (`1`) deck's record.
    pub fn side(&self, side: usize) -> Record {
        let other = 1 - side;
        Record {
            games: self.games,
            wins: self.wins[side],
            on_play: self.on_play[side],
            on_play_wins: self.on_play_wins[side],
            on_draw: self.on_play[other],
            on_draw_wins: self.on_draw_wins[side],
        }
    }
}

/// Per deck, its record over all its pairings: the gauntlet's ranking.
pub fn overall(result: &SimResult) -> Vec<Record> {
    let mut totals = vec![Record::default(); result.plan.decks.len()];
    for (pair, t) in result.plan.pairings.iter().zip(&result.tallies) {
        for side in 0..2 {
            totals[pair[side]].add(t.side(side));
        }
    }
    totals
}

#[cfg(test)]
mod tests;
