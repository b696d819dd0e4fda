//! What expectations can read from a duel, and the invariants random self-play checks after
//! every action.

use super::cards::Kind;
use super::rules::end_reason;
use super::state::{End, Phase, State};
use super::ROUND_LIMIT;
use crate::engine::{Player, Value};

/// The paths [`query`] understands, for error messages (`pN` is `p1` or `p2`).
pub const PATHS: &[&str] = &[
    "round",
    "phase",
    "result",
    "winner",
    "draw",
    "pN.health",
    "pN.hand",
    "pN.hand.count",
    "pN.hand-limit",
    "pN.deck",
    "pN.deck.count",
    "pN.discard",
    "pN.discard.count",
];

pub fn query(st: &State, path: &str) -> Result<Value, String> {
    let path = path.trim().to_ascii_lowercase();
    let value = match path.as_str() {
        "round" | "rounds" => Value::Int(i64::from(st.round)),
        "phase" => Value::Str(
            match st.phase {
                Phase::Pick => "pick",
                Phase::Discard => "discard",
                Phase::Over(_) => "over",
            }
            .to_owned(),
        ),
        "result" => Value::Str(
            match st.phase {
                Phase::Over(End::Won(Player::P1)) => "p1-wins",
                Phase::Over(End::Won(Player::P2)) => "p2-wins",
                Phase::Over(End::Draw) => "draw",
                Phase::Over(End::Unfinished) => "unfinished",
                Phase::Pick | Phase::Discard => "playing",
            }
            .to_owned(),
        ),
        "winner" => match st.phase {
            Phase::Over(End::Won(p)) => Value::Str(p.to_string()),
            _ => Value::Null,
        },
        "draw" => Value::Bool(st.phase == Phase::Over(End::Draw)),
        _ => return seat_query(st, &path),
    };
    Ok(value)
}

fn seat_query(st: &State, path: &str) -> Result<Value, String> {
    let unknown = || {
        let mut message = format!("unknown skirmish query `{path}`");
        let spelled: Vec<String> = PATHS.iter().map(|p| p.replace("pN", "p1")).collect();
        if let Some(s) = crate::names::suggest(path, spelled.iter().map(String::as_str)) {
            message.push_str(&format!("; did you mean `{s}`?"));
        }
        message.push_str(&format!("; the queries are: {}", PATHS.join(", ")));
        message
    };
    let Some((who, field)) = path.split_once('.') else {
        return Err(unknown());
    };
    let Some(player) = Player::parse(who) else {
        return Err(unknown());
    };
    let seat = st.seat(player);
    let names = |cards: &mut dyn Iterator<Item = &Kind>| -> Vec<String> {
        cards.map(|&k| st.table.card(k).name.to_string()).collect()
    };
    let value = match field {
        "health" | "hp" => Value::Int(i64::from(seat.health)),
        "hand-limit" => Value::Int(i64::from(seat.hand_limit)),
        // The hand is unordered: its names sorted.
        "hand" => {
            let mut hand = names(&mut seat.hand().iter());
            hand.sort();
            Value::List(hand)
        }
        // The deck, top card first.
        "deck" => Value::List(names(&mut seat.deck().iter().rev())),
        // The discard pile in the order the cards went onto it.
        "discard" => Value::List(names(&mut seat.discard().iter().rev())),
        "hand.count" | "hand.size" => count(seat.hand().len()),
        "deck.count" | "deck.size" => count(seat.deck().len()),
        "discard.count" | "discard.size" => count(seat.discard().len()),
        _ => return Err(unknown()),
    };
    Ok(value)
}

fn count(n: usize) -> Value {
    Value::Int(n as i64)
}

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
    match st.phase {
        Phase::Discard if st.seats.iter().all(|s| s.excess() == 0) => {
            return Err("waiting for discards that no one owes".to_owned());
        }
        Phase::Over(end) => {
            let ok = match end {
                End::Won(p) => health[p.index()] > 0 && health[p.other().index()] <= 0,
                End::Draw => health.iter().all(|&h| h <= 0),
                End::Unfinished => st.round >= ROUND_LIMIT && health.iter().all(|&h| h > 0),
            };
            if !ok {
                return Err(format!(
                    "the game ended ({}) with health p1 {} and p2 {}",
                    end_reason(end).1,
                    health[0],
                    health[1]
                ));
            }
        }
        _ => {}
    }
    if st.round > ROUND_LIMIT {
        return Err(format!(
            "round {} is past the limit {ROUND_LIMIT}",
            st.round
        ));
    }
    Ok(())
}
