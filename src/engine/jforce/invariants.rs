//! The rules' invariants, which random self-play checks after every action: cards conserved
//! across zones, resources within their caps, and HP and Charge changing only through the
//! events that say so.

use super::cards::{Kind, HAND_CAP, MAX_CHARGE};
use super::event::Event;
use super::state::{Phase, Slot, State};
use crate::engine::{Outcome, Player};

/// The rules' invariants, which hold after every action.
pub fn check_invariants(state: &State) -> Result<(), String> {
    let table = &state.table;
    for p in Player::BOTH {
        let seat = state.seat(p);
        // No card created or lost: every card of the draw deck is in exactly one place.
        let mut count =
            seat.deck.len() + seat.hand.len() + seat.discard.len() + seat.hero.evolutions.len();
        for unit in &seat.battle {
            count += 1 + unit.evolutions.len();
        }
        for q in Player::BOTH {
            let other = state.seat(q);
            for unit in std::iter::once(&other.hero).chain(&other.battle) {
                count += unit.attached.iter().filter(|a| a.owner == p).count();
            }
        }
        if count != seat.cards as usize {
            return Err(format!(
                "{p} has {count} cards across the zones, but brought {}",
                seat.cards
            ));
        }
        if !seat.hand.summary_holds(table) {
            return Err(format!(
                "{p}'s hand summary (which cards each Charge level affords, how each plays) is not its cards'"
            ));
        }
        if !(0..=MAX_CHARGE).contains(&seat.charge) {
            return Err(format!(
                "{p}'s Charge is {}, outside 0..={MAX_CHARGE}",
                seat.charge
            ));
        }
        let max = table.card(seat.hero.card).hp
            + seat
                .hero
                .evolutions
                .iter()
                .map(|&e| table.card(e).hp)
                .sum::<i32>();
        if seat.max_hp != max {
            return Err(format!(
                "{p}'s maximum HP is {}, but the Hero and its Evolutions give {max}",
                seat.max_hp
            ));
        }
        if seat.hp > seat.max_hp {
            return Err(format!(
                "{p}'s HP {} is above its maximum {}",
                seat.hp, seat.max_hp
            ));
        }
        if state.outcome.is_none() && seat.hp <= 0 {
            return Err(format!(
                "{p}'s Hero is at {} HP, yet the game goes on",
                seat.hp
            ));
        }
        if table.card(seat.hero.card).kind != Kind::Hero {
            return Err(format!("{p}'s Hero zone holds a non-Hero"));
        }
        for (i, unit) in std::iter::once(&seat.hero).chain(&seat.battle).enumerate() {
            let base = table.card(unit.card);
            if i > 0 && base.kind != Kind::Strike {
                return Err(format!(
                    "{p}'s Battle Zone holds {}, a {}",
                    base.name,
                    base.kind.label()
                ));
            }
            for (level, &e) in unit.evolutions.iter().enumerate() {
                let evo = table.card(e).evolution;
                if evo.is_none_or(|evo| evo.base != unit.card || usize::from(evo.level) != level) {
                    return Err(format!("{p}'s {} has a broken Evolution stack", base.name));
                }
            }
        }
        for (i, &l) in seat.legendary_used.iter().enumerate() {
            if !table.card(l).legendary || seat.legendary_used[..i].contains(&l) {
                return Err(format!(
                    "{p}'s used Legendaries are wrong: {:?}",
                    seat.legendary_used
                ));
            }
        }
    }
    if state.outcome.is_none() {
        // The hand cap holds once a player's End Phase has passed (JF-A21).
        let waiting = state.seat(state.active.other());
        if waiting.hand.len() > HAND_CAP {
            return Err(format!(
                "{} ended the turn holding {} cards",
                state.active.other(),
                waiting.hand.len()
            ));
        }
        match state.phase {
            Phase::Block { attacker } => {
                if state.unit(state.active, attacker).is_none() {
                    return Err("a block is pending for an attacker that is not in play".into());
                }
                if state.seat(state.active.other()).battle.is_empty() {
                    return Err("a block is pending, but the defender has no Strike".into());
                }
                if attacker != Slot::Hero
                    && state
                        .unit(state.active, attacker)
                        .is_some_and(|u| !u.attacked)
                {
                    return Err("the pending attacker is not marked as having attacked".into());
                }
            }
            Phase::Discard => {
                if state.seat(state.active).hand.len() <= HAND_CAP {
                    return Err("a discard is pending, but the hand is within the cap".into());
                }
            }
            Phase::Action => {}
        }
    } else if let Some(Outcome {
        winner: Some(winner),
        reason,
        ..
    }) = &state.outcome
    {
        let (winner, loser) = (*winner, state.seat(winner.other()));
        let lost = match *reason {
            "hp-zero" => loser.hp <= 0,
            "deck-out" => loser.deck.is_empty(),
            _ => false,
        };
        if !lost {
            return Err(format!(
                "{winner} won by {}, but {} does not meet it",
                reason,
                winner.other()
            ));
        }
    }
    Ok(())
}

/// HP and Charge change only through the events that say so.
pub fn check_transition(before: &State, events: &[Event], after: &State) -> Result<(), String> {
    for p in Player::BOTH {
        let mut hp = before.seat(p).hp;
        let mut charge = before.seat(p).charge;
        for e in events {
            match *e {
                Event::Damage { player, amount, .. } if player == p => hp -= amount,
                Event::Heal { player, amount, .. } if player == p => hp += amount,
                Event::MaxHp { player, added, .. } if player == p => hp += added,
                Event::Charge { player, gained, .. } if player == p => charge += gained,
                Event::Pay { player, amount, .. } if player == p => charge -= amount,
                _ => {}
            }
        }
        if hp != after.seat(p).hp {
            return Err(format!(
                "{p}'s HP went from {} to {}, but the events account for {hp}",
                before.seat(p).hp,
                after.seat(p).hp
            ));
        }
        if charge != after.seat(p).charge {
            return Err(format!(
                "{p}'s Charge went from {} to {}, but the events account for {charge}",
                before.seat(p).charge,
                after.seat(p).charge
            ));
        }
    }
    Ok(())
}
