//! What expectations can read from a duel (`p2.health`, `p1.hand`, `winner`, `draw`).

use super::cards::Kind;
use super::state::{End, Phase, State};
use crate::engine::{Player, Value};

/// The paths [`query`] understands, for error messages (`pN` is `p1` or `p2`). Zones are
/// lists of names; an expectation compares a list with a number by its length
/// (`p1.hand = 7`).
pub const PATHS: &[&str] = &[
    "round",
    "phase",
    "result",
    "winner",
    "draw",
    "pN.health",
    "pN.hand",
    "pN.hand-limit",
    "pN.deck",
    "pN.discard",
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
        _ => return Err(unknown()),
    };
    Ok(value)
}
