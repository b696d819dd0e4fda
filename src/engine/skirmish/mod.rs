//! The red/blue/green duel (`skirmish`, rules document `003_0915c8646d339629.txt`): both
//! players reveal a card at once each round; Red damages the opponent, Blue heals its player,
//! Green subtracts its value from the opposing Red or Blue; everything resolves together and
//! a player at zero health or below after the end phase loses (both at once: a draw).
//!
//! Rulings on what the document leaves open (SK-A01 … SK-A20) are in `docs/rulings.md`; the
//! code cites them where they decide something.

mod action;
pub mod cards;
mod event;
mod invariants;
mod query;
mod random;
mod rules;
mod state;
#[cfg(test)]
mod tests;

pub use action::{Action, CardRef};
pub use event::{CardName, DrawCause, Event, Played};
pub use random::play_out;
pub use rules::Resolved;
pub use state::{End, Phase, Seat, State, HAND_LIMIT, OPENING_HAND, START_HEALTH};

use crate::engine::rng::Rng;
use crate::engine::{Engine, IllegalAction, Outcome, Player, Setup, Value};
use cards::{Kind, Table};
use rules::Sink;
use std::sync::Arc;

/// Most cards per deck the engine plays (the rules allow 40; a little room for experiments,
/// and small enough that a seat is one fixed array).
pub const MAX_CARDS: usize = 64;
/// Largest value or effect amount the engine accepts on a card.
pub const MAX_VALUE: i32 = 1000;
/// A duel still going after this many rounds stops unfinished (SK-A18): reshuffles mean no one
/// ever decks out, and heals plus blocks can outpace damage for ever.
pub const ROUND_LIMIT: u32 = 1000;

/// The skirmish engine.
#[derive(Debug, Clone, Copy, Default)]
pub struct Skirmish;

/// Two decks made ready to play any number of games: the card table is built and checked
/// once; each game then costs a shuffle and the rounds.
#[derive(Debug, Clone)]
pub struct Duel {
    table: Arc<Table>,
    /// Each seat's deck, top card first.
    orders: [Vec<Kind>; 2],
    stacked: [bool; 2],
}

impl Duel {
    pub fn new(setup: &Setup<'_>) -> Result<Duel, String> {
        if let Some(first) = setup.first {
            return Err(format!(
                "skirmish has no first player ({first} was named): both players act at once \
                 in every round"
            ));
        }
        let (table, orders) = Table::build(setup.game, &setup.decks)?;
        Ok(Duel {
            table: Arc::new(table),
            orders,
            stacked: [setup.decks[0].stacked, setup.decks[1].stacked],
        })
    }

    /// Setup: shuffle (unless stacked) and draw the opening hands, from `seed`.
    pub fn start(&self, seed: u64, events: &mut Vec<Event>) -> State {
        self.start_with(seed, events)
    }

    /// Like [`Duel::start`], recording nothing (random self-play).
    pub fn start_quiet(&self, seed: u64) -> State {
        self.start_with(seed, &mut rules::Quiet)
    }

    fn start_with<S: Sink>(&self, seed: u64, sink: &mut S) -> State {
        let mut rng = Rng::new(seed);
        let mut seats = [Seat::new(&self.orders[0]), Seat::new(&self.orders[1])];
        for p in Player::BOTH {
            let seat = &mut seats[p.index()];
            let cards = seat.deck().len();
            if self.stacked[p.index()] {
                sink.emit(|| Event::Stacked { player: p, cards });
            } else {
                rng.shuffle(seat.deck_mut());
                sink.emit(|| Event::Shuffle { player: p, cards });
            }
        }
        for p in Player::BOTH {
            let seat = &mut seats[p.index()];
            let mut hand = [0 as Kind; OPENING_HAND];
            let mut n = 0;
            while n < OPENING_HAND {
                match seat.draw() {
                    Some(k) => {
                        hand[n] = k;
                        n += 1;
                    }
                    None => break,
                }
            }
            sink.emit(|| Event::OpeningHand {
                player: p,
                cards: hand[..n]
                    .iter()
                    .map(|&k| CardName(self.table.name(k)))
                    .collect(),
            });
        }
        State {
            table: Arc::clone(&self.table),
            seats,
            rng,
            round: 0,
            phase: Phase::Pick,
        }
    }
}

impl Engine for Skirmish {
    const GAME: &'static str = "skirmish";
    type State = State;
    type Action = Action;
    type Event = Event;

    fn setup(setup: &Setup<'_>, events: &mut Vec<Event>) -> Result<State, String> {
        Ok(Duel::new(setup)?.start(setup.seed, events))
    }

    fn legal_actions(state: &State, out: &mut Vec<Action>) {
        out.clear();
        match state.phase {
            Phase::Over(_) => {}
            Phase::Pick => {
                let choices = Player::BOTH.map(|p| distinct(state.seat(p).hand()));
                let p1: Vec<Option<CardRef>> = options(&state.table, &choices[0]);
                let p2: Vec<Option<CardRef>> = options(&state.table, &choices[1]);
                for a in &p1 {
                    for b in &p2 {
                        out.push(Action::Round {
                            p1: a.clone(),
                            p2: b.clone(),
                        });
                    }
                }
            }
            Phase::Discard => {
                for p in Player::BOTH {
                    let seat = state.seat(p);
                    if seat.excess() == 0 {
                        continue;
                    }
                    for kind in distinct(seat.hand()) {
                        out.push(Action::Discard {
                            player: p,
                            cards: vec![CardRef::new(&state.table, kind)],
                        });
                    }
                }
            }
        }
    }

    fn apply(
        state: &mut State,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), IllegalAction> {
        match action {
            Action::Round { p1, p2 } => {
                let picks = [
                    check_pick(state, Player::P1, p1.as_ref())?,
                    check_pick(state, Player::P2, p2.as_ref())?,
                ];
                rules::play_round(state, picks, events);
            }
            Action::Discard { player, cards } => {
                let positions = check_discard(state, *player, cards)?;
                for pos in positions {
                    rules::discard(state, *player, pos, events);
                }
            }
        }
        Ok(())
    }

    fn outcome(state: &State) -> Option<Outcome> {
        match state.phase {
            Phase::Over(end) => {
                let (winner, reason) = rules::end_reason(end);
                Some(Outcome {
                    winner,
                    reason: reason.to_owned(),
                    turns: state.round,
                })
            }
            Phase::Pick | Phase::Discard => None,
        }
    }

    fn parse_action(state: &State, text: &str) -> Result<Action, String> {
        action::parse(state, text)
    }

    fn query(state: &State, path: &str) -> Result<Value, String> {
        query::query(state, path)
    }

    fn check_invariants(state: &State) -> Result<(), String> {
        invariants::check_invariants(state)
    }

    fn check_transition(before: &State, events: &[Event], after: &State) -> Result<(), String> {
        invariants::check_transition(before, events, after)
    }
}

/// The distinct kinds in a hand, in hand order.
fn distinct(hand: &[Kind]) -> Vec<Kind> {
    // At most 2 × MAX_CARDS = 128 kinds in a match: one bit each.
    let mut seen = 0u128;
    let mut out = Vec::with_capacity(hand.len());
    for &k in hand {
        let bit = 1u128 << (k & 127);
        if seen & bit == 0 {
            seen |= bit;
            out.push(k);
        }
    }
    out
}

fn options(table: &Table, kinds: &[Kind]) -> Vec<Option<CardRef>> {
    if kinds.is_empty() {
        vec![None]
    } else {
        kinds
            .iter()
            .map(|&k| Some(CardRef::new(table, k)))
            .collect()
    }
}

fn not_now(state: &State, what: &str) -> Option<IllegalAction> {
    match state.phase {
        Phase::Over(end) => Some(IllegalAction(format!(
            "the game is over ({}); no more {what}",
            match end {
                End::Won(p) => format!("{p} won"),
                End::Draw => "a draw".to_owned(),
                End::Unfinished => format!("stopped after {ROUND_LIMIT} rounds"),
            }
        ))),
        _ => None,
    }
}

fn hand_names(state: &State, player: Player) -> String {
    let mut names: Vec<&str> = state
        .seat(player)
        .hand()
        .iter()
        .map(|&k| &*state.table.card(k).name)
        .collect();
    names.sort_unstable();
    if names.is_empty() {
        "empty".to_owned()
    } else {
        names.join(", ")
    }
}

fn check_pick(
    state: &State,
    player: Player,
    pick: Option<&CardRef>,
) -> Result<Option<usize>, IllegalAction> {
    if let Some(e) = not_now(state, "rounds") {
        return Err(e);
    }
    if state.phase == Phase::Discard {
        let owing: Vec<String> = Player::BOTH
            .iter()
            .filter(|&&p| state.seat(p).excess() > 0)
            .map(|&p| {
                let seat = state.seat(p);
                format!(
                    "{p} must discard {} down to the hand limit of {}",
                    seat.excess(),
                    seat.hand_limit
                )
            })
            .collect();
        return Err(IllegalAction(format!(
            "the round cannot start yet: {} before the draw phase (SK-A16)",
            owing.join(" and ")
        )));
    }
    let seat = state.seat(player);
    match pick {
        None if seat.hand_len() == 0 => Ok(None),
        None => Err(IllegalAction(format!(
            "{player} must play a card: playing is mandatory while the hand holds cards \
             (SK-A14); {player}'s hand: {}",
            hand_names(state, player)
        ))),
        Some(card) => seat.find_in_hand(card.kind).map(Some).ok_or_else(|| {
            IllegalAction(format!(
                "{player} has no {} in hand; {player}'s hand: {}",
                card.name,
                hand_names(state, player)
            ))
        }),
    }
}

/// Hand positions to discard, one after the other (each position is valid after the
/// previous discards, which move the last hand card into the freed slot).
fn check_discard(
    state: &State,
    player: Player,
    cards: &[CardRef],
) -> Result<Vec<usize>, IllegalAction> {
    if let Some(e) = not_now(state, "discards") {
        return Err(e);
    }
    let seat = state.seat(player);
    let owed = if state.phase == Phase::Discard {
        seat.excess()
    } else {
        0
    };
    if owed == 0 {
        return Err(IllegalAction(format!(
            "{player} has nothing to discard: discards happen after the end phase, only down \
             to the hand limit ({player} holds {} of {})",
            seat.hand_len(),
            seat.hand_limit
        )));
    }
    if cards.len() > owed {
        return Err(IllegalAction(format!(
            "{player} discards {} cards but owes {owed}: only down to the hand limit of {}",
            cards.len(),
            seat.hand_limit
        )));
    }
    let mut hand: Vec<Kind> = seat.hand().to_vec();
    let mut positions = Vec::with_capacity(cards.len());
    for card in cards {
        let Some(pos) = hand.iter().position(|&k| k == card.kind) else {
            return Err(IllegalAction(format!(
                "{player} has no{} {} in hand to discard; {player}'s hand: {}",
                if positions.is_empty() { "" } else { " other" },
                card.name,
                hand_names(state, player)
            )));
        };
        // Mirror `Seat::hand_to_discard`: the last hand card fills the slot.
        hand.swap_remove(pos);
        positions.push(pos);
    }
    Ok(positions)
}
