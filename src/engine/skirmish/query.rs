//! What expectations can read from a duel (`p2.health`, `p1.hand`, `winner`, `draw`).

use super::cards::Kind;
use super::state::{Phase, State};
use crate::engine::{is_unfinished, Player, Value};

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
            match (st.outcome, st.phase) {
                (Some(_), _) => "over",
                (None, Phase::Pick) => "pick",
                (None, Phase::Discard) => "discard",
            }
            .to_owned(),
        ),
        "result" => Value::Str(
            match st.outcome {
                Some(o) => match o.winner {
                    Some(Player::P1) => "p1-wins",
                    Some(Player::P2) => "p2-wins",
                    None if is_unfinished(None, o.reason) => "unfinished",
                    None => "draw",
                },
                None => "playing",
            }
            .to_owned(),
        ),
        "winner" => match st.outcome.and_then(|o| o.winner) {
            Some(p) => Value::Str(p.to_string()),
            None => Value::Null,
        },
        "draw" => Value::Bool(
            st.outcome
                .is_some_and(|o| o.winner.is_none() && !is_unfinished(None, o.reason)),
        ),
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
