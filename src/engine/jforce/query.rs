//! Reading a J Force state for script expectations (`p2.hp`, `p1.attack[Ember Striker]`) and
//! checking the rules' invariants, which random self-play does after every action.

use super::cards::{Kind, HAND_CAP, MAX_CHARGE};
use super::event::Event;
use super::state::{Phase, Seat, Slot, State, Unit};
use crate::engine::{Player, Value};
use crate::names;

/// The paths a script can read, for help texts.
pub const PATHS: &str = "turn, active, first, phase, pN.hp, pN.max-hp, pN.charge, pN.hand, pN.deck, pN.discard, pN.battle, pN.legendary-used, pN.hero, pN.hero.attack, pN.hero.level, pN.hero.attacked, pN.hero.attached, pN.attack[Strike], pN.level[Strike], pN.attacked[Strike], pN.attached[Strike]";

pub fn query(state: &State, path: &str) -> Result<Value, String> {
    let path = path.trim();
    let table = &state.table;
    let names =
        |cards: &[u16]| Value::List(cards.iter().map(|&c| table.name(c).to_owned()).collect());
    match path {
        "turn" => return Ok(Value::Int(i64::from(state.turn))),
        "active" => return Ok(Value::Str(state.active.to_string())),
        "first" => return Ok(Value::Str(state.first.to_string())),
        "phase" => {
            return Ok(Value::Str(
                if state.over.is_some() {
                    "over"
                } else {
                    state.phase.name()
                }
                .to_owned(),
            ))
        }
        _ => {}
    }
    let unknown = || format!("unknown path `{path}`; J Force knows: {PATHS}");
    let (who, rest) = path.split_once('.').ok_or_else(unknown)?;
    let p = Player::parse(who).ok_or_else(unknown)?;
    let seat = state.seat(p);
    let unit_value = |unit: &Unit, field: &str| -> Option<Value> {
        Some(match field {
            "attack" => Value::Int(i64::from(unit.attack(table))),
            "level" => unit
                .level(table)
                .map_or(Value::Null, |l| Value::Str(table.level_name(l).to_owned())),
            "attacked" => Value::Bool(unit.attacked),
            "attached" => names(&unit.attached.iter().map(|a| a.card).collect::<Vec<_>>()),
            "name" => Value::Str(unit.name(table).to_owned()),
            _ => return None,
        })
    };
    Ok(match rest {
        "hp" => Value::Int(i64::from(seat.hp)),
        "max-hp" => Value::Int(i64::from(seat.max_hp)),
        "charge" => Value::Int(i64::from(seat.charge)),
        "hand" => names(&seat.hand),
        "deck" => {
            let mut top_first = seat.deck.clone();
            top_first.reverse();
            names(&top_first)
        }
        "discard" => names(&seat.discard),
        "battle" => Value::List(
            seat.battle
                .iter()
                .map(|u| u.name(table).to_owned())
                .collect(),
        ),
        "legendary-used" => names(&seat.legendary_used),
        "hero" => Value::Str(seat.hero.name(table).to_owned()),
        _ => {
            if let Some(field) = rest.strip_prefix("hero.") {
                return unit_value(&seat.hero, field).ok_or_else(unknown);
            }
            // `attack[Ember Striker]`, `level[Iron Guard #2]`
            let (field, inner) = rest.split_once('[').ok_or_else(unknown)?;
            let inner = inner.strip_suffix(']').ok_or_else(unknown)?;
            let unit = find_unit(state, seat, inner)?;
            unit_value(unit, field).ok_or_else(unknown)?
        }
    })
}

fn find_unit<'s>(state: &'s State, seat: &'s Seat, text: &str) -> Result<&'s Unit, String> {
    let table = &state.table;
    let (name, nth) = match text.rsplit_once(" #") {
        Some((n, k)) => (
            n.trim(),
            k.trim()
                .parse::<usize>()
                .ok()
                .filter(|&k| k >= 1)
                .ok_or_else(|| format!("`{text}`: `#` takes a number from 1"))?
                - 1,
        ),
        None => (text.trim(), 0),
    };
    let key = names::key(name);
    if key == "hero" || names::key(table.name(seat.hero.card)) == key {
        return Ok(&seat.hero);
    }
    let by_top: Vec<&Unit> = seat
        .battle
        .iter()
        .filter(|u| names::key(u.name(table)) == key)
        .collect();
    let found = if by_top.is_empty() {
        seat.battle
            .iter()
            .filter(|u| names::key(table.name(u.card)) == key)
            .collect()
    } else {
        by_top
    };
    found.get(nth).copied().ok_or_else(|| {
        format!("no `{text}` in play on that side (the query reads a Strike in the Battle Zone)")
    })
}

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
        if state.over.is_none() && seat.hp <= 0 {
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
    if state.over.is_none() {
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
    } else if let Some((winner, reason)) = state.over {
        let loser = state.seat(winner.other());
        let lost = match reason {
            super::state::Reason::HpZero => loser.hp <= 0,
            super::state::Reason::DeckOut => loser.deck.is_empty(),
        };
        if !lost {
            return Err(format!(
                "{winner} won by {}, but {} does not meet it",
                reason.id(),
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
