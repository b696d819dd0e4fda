//! Applying an action: both picks or the discards are checked before anything changes, so a
//! refused action leaves the state as it was.

use super::action::{Action, CardRef};
use super::cards::Kind;
use super::event::Event;
use super::state::{Phase, State};
use super::turn;
use super::ROUND_LIMIT;
use crate::engine::log::Log;
use crate::engine::{IllegalAction, Player};

pub fn apply(
    state: &mut State,
    action: &Action,
    events: &mut impl Log<Event>,
) -> Result<(), IllegalAction> {
    match action {
        Action::Round { p1, p2 } => {
            check_round(state)?;
            let picks = [
                check_pick(state, Player::P1, p1.as_ref())?,
                check_pick(state, Player::P2, p2.as_ref())?,
            ];
            turn::play_round(state, picks, events);
        }
        Action::Discard { player, card, more } => {
            let positions = check_discard(state, *player, card, more)?;
            for pos in positions {
                turn::discard(state, *player, pos, events);
            }
        }
    }
    Ok(())
}

fn not_now(state: &State, what: &str) -> Option<IllegalAction> {
    let o = state.outcome?;
    Some(IllegalAction(format!(
        "the game is over ({}); no more {what}",
        match o.winner {
            Some(p) => format!("{p} won"),
            None if crate::engine::is_unfinished(None, o.reason) => {
                format!("stopped after {ROUND_LIMIT} rounds")
            }
            None => "a draw".to_owned(),
        }
    )))
}

fn hand_names(state: &State, player: Player) -> String {
    let mut names: Vec<&str> = state
        .seat(player)
        .hand()
        .iter()
        .map(|&k| state.table.card(k).name)
        .collect();
    names.sort_unstable();
    if names.is_empty() {
        "empty".to_owned()
    } else {
        names.join(", ")
    }
}

/// Whether a round may start now, checked once for both picks.
#[inline]
fn check_round(state: &State) -> Result<(), IllegalAction> {
    if state.outcome.is_none() && state.phase == Phase::Pick {
        return Ok(());
    }
    Err(round_refused(state))
}

/// Why a round cannot start now (the game is over, or discards are owed first).
#[cold]
#[inline(never)]
fn round_refused(state: &State) -> IllegalAction {
    if let Some(e) = not_now(state, "rounds") {
        return e;
    }
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
    IllegalAction(format!(
        "the round cannot start yet: {} before the draw phase (SK-A16)",
        owing.join(" and ")
    ))
}

/// The hand position of a player's pick, once [`check_round`] passed.
#[inline]
fn check_pick(
    state: &State,
    player: Player,
    pick: Option<&CardRef>,
) -> Result<Option<usize>, IllegalAction> {
    let seat = state.seat(player);
    let found = match pick {
        None => (seat.hand_len() == 0).then_some(None),
        Some(card) => seat.find_in_hand(card.kind).map(Some),
    };
    found.ok_or_else(|| pick_refused(state, player, pick))
}

/// Why a pick is not playable: a card not in hand, or nothing from a hand that holds cards.
#[cold]
#[inline(never)]
fn pick_refused(state: &State, player: Player, pick: Option<&CardRef>) -> IllegalAction {
    match pick {
        None => IllegalAction(format!(
            "{player} must play a card: playing is mandatory while the hand holds cards \
             (SK-A14); {player}'s hand: {}",
            hand_names(state, player)
        )),
        Some(card) => IllegalAction(format!(
            "{player} has no {} in hand; {player}'s hand: {}",
            card.name,
            hand_names(state, player)
        )),
    }
}

/// Hand positions to discard, one after the other (each position is valid after the
/// previous discards, which move the last hand card into the freed slot).
fn check_discard(
    state: &State,
    player: Player,
    first: &CardRef,
    more: &[CardRef],
) -> Result<Vec<usize>, IllegalAction> {
    let cards = || std::iter::once(first).chain(more);
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
    if 1 + more.len() > owed {
        return Err(IllegalAction(format!(
            "{player} discards {} cards but owes {owed}: only down to the hand limit of {}",
            1 + more.len(),
            seat.hand_limit
        )));
    }
    let mut hand: Vec<Kind> = seat.hand().to_vec();
    let mut positions = Vec::with_capacity(1 + more.len());
    for card in cards() {
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
