//! Reading a J Force state for script expectations (`p2.hp`, `p1.attack[Ember Striker]`).

use super::state::{Seat, State, Unit};
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
                if state.outcome.is_some() {
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
