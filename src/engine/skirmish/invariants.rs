//! The rules' invariants, which random self-play checks after every action: cards conserved
//! across deck, hand and discard pile; no empty deck beside a non-empty discard pile (SK-A15);
//! hands within their limits (SK-A16); the result consistent with health; and, from one
//! action's events, health changed by exactly the damage and healing they report.

use super::cards::Kind;
use super::event::{DrawCause, Event};
use super::state::{Phase, State, BOTH_ZERO, HEALTH_ZERO, ROUND_LIMIT_REACHED};
use super::ROUND_LIMIT;
use crate::engine::Player;

pub fn check_invariants(st: &State) -> Result<(), String> {
    let mut scratch = [0 as Kind; super::MAX_CARDS];
    for p in Player::BOTH {
        let seat = st.seat(p);
        let all = seat.all();
        let sorted = &mut scratch[..all.len()];
        sorted.copy_from_slice(all);
        sorted.sort_unstable();
        if *sorted != *st.table.decks[p.index()] {
            return Err(format!(
                "{p}'s cards changed: {} across deck, hand and discard, {} in the deck list",
                all.len(),
                st.table.decks[p.index()].len()
            ));
        }
        if seat.depleted() {
            return Err(format!(
                "{p}'s deck is empty while the discard pile holds {} cards (SK-A15)",
                seat.discard().len()
            ));
        }
        if st.outcome.is_some() {
            continue;
        }
        match st.phase {
            // After the draw phase a hand may hold one card over the limit (SK-A16).
            Phase::Pick if seat.hand_len() > usize::from(seat.hand_limit) + 1 => {
                return Err(format!(
                    "{p} holds {} cards after the draw phase, limit {}",
                    seat.hand_len(),
                    seat.hand_limit
                ));
            }
            Phase::Pick | Phase::Discard if seat.health <= 0 => {
                return Err(format!(
                    "{p} is at {} health and the game goes on",
                    seat.health
                ))
            }
            _ => {}
        }
    }
    let health = [st.seats[0].health, st.seats[1].health];
    match st.outcome {
        None if st.phase == Phase::Discard && st.seats.iter().all(|s| s.excess() == 0) => {
            return Err("waiting for discards that no one owes".to_owned());
        }
        None => {}
        Some(o) => {
            let ok = match (o.winner, o.reason) {
                (Some(p), HEALTH_ZERO) => {
                    health[p.index()] > 0 && health[p.other().index()] <= 0
                }
                (None, BOTH_ZERO) => health.iter().all(|&h| h <= 0),
                (None, ROUND_LIMIT_REACHED) => {
                    st.round >= ROUND_LIMIT && health.iter().all(|&h| h > 0)
                }
                _ => false,
            };
            if !ok || o.turns != st.round {
                return Err(format!(
                    "the game ended ({}, after {} rounds) with health p1 {} and p2 {} in \
                     round {}",
                    o.reason, o.turns, health[0], health[1], st.round
                ));
            }
        }
    }
    if st.round > ROUND_LIMIT {
        return Err(format!(
            "round {} is past the limit {ROUND_LIMIT}",
            st.round
        ));
    }
    Ok(())
}

/// Checks one action's events against the states before and after it.
pub fn check_transition(before: &State, events: &[Event], after: &State) -> Result<(), String> {
    for p in Player::BOTH {
        let mut played = 0usize;
        let mut drawn = 0usize;
        let mut drawn_in_draw_phase = 0usize;
        let mut discarded = 0usize;
        let mut reshuffled = 0usize;
        let mut healed = 0i64;
        let mut damage = 0i64;
        let mut health_lines = Vec::new();
        for e in events {
            match e {
                Event::Reveal { p1, p2, .. } => {
                    let pick = if p == Player::P1 { p1 } else { p2 };
                    played += usize::from(pick.is_some());
                }
                Event::Draw { player, cause, .. } if *player == p => {
                    drawn += 1;
                    if *cause == DrawCause::DrawPhase {
                        drawn_in_draw_phase += 1;
                    }
                }
                Event::Discard { player, .. } if *player == p => discarded += 1,
                Event::Reshuffle { player, cards } if *player == p => reshuffled += cards,
                Event::Heal { target, amount, .. } if *target == p => {
                    healed += i64::from(*amount);
                }
                Event::Damage { target, amount, .. } if *target == p => {
                    damage += i64::from(*amount);
                }
                // A reflection hurts the player whose Red was blocked: the other one.
                Event::Reflect { player, amount, .. } if *player != p => {
                    damage += i64::from(*amount);
                }
                Event::Health { player, .. } if *player == p => health_lines.push(e),
                _ => {}
            }
        }
        let (b, a) = (before.seat(p), after.seat(p));
        let hand = b.hand_len() + drawn - played - discarded;
        if a.hand_len() != hand {
            return Err(format!(
                "{p}'s hand went from {} to {}, but the events draw {drawn}, play {played} and \
                 discard {discarded}",
                b.hand_len(),
                a.hand_len()
            ));
        }
        let discard = b.discard().len() + played + discarded - reshuffled;
        if a.discard().len() != discard {
            return Err(format!(
                "{p}'s discard pile went from {} to {}, the events say {discard}",
                b.discard().len(),
                a.discard().len()
            ));
        }
        let delta = i64::from(a.health) - i64::from(b.health);
        if delta != healed - damage {
            return Err(format!(
                "{p}'s health went from {} to {}, but the events heal {healed} and deal \
                 {damage}",
                b.health, a.health
            ));
        }
        match health_lines.as_slice() {
            [] if delta == 0 => {}
            [Event::Health {
                before: hb,
                after: ha,
                healed: h,
                damage: d,
                ..
            }] if *hb == b.health
                && *ha == a.health
                && i64::from(*h) == healed
                && i64::from(*d) == damage => {}
            _ => {
                return Err(format!(
                    "{p}'s health lines do not match the round's effects ({} → {}, healed \
                     {healed}, took {damage})",
                    b.health, a.health
                ))
            }
        }
        // SK-A16: the draw phase starts with every hand within its limit. An action that
        // leaves the game waiting for picks has just run the draw phase.
        if after.outcome.is_none() && after.phase == Phase::Pick {
            let at_draw = a.hand_len() - drawn_in_draw_phase;
            if at_draw > usize::from(a.hand_limit) {
                return Err(format!(
                    "{p} reached the draw phase with {at_draw} cards, over the limit of {}",
                    a.hand_limit
                ));
            }
        }
    }
    let rounds = events
        .iter()
        .filter(|e| matches!(e, Event::Reveal { .. }))
        .count() as u32;
    if after.round != before.round + rounds {
        return Err(format!(
            "the round went from {} to {} with {rounds} reveals",
            before.round, after.round
        ));
    }
    Ok(())
}
