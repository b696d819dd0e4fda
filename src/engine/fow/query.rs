//! State values for script expectations. Paths (see docs/scripts.md):
//! `winner`, `reason`, `turn`, `turn-player`, `step`, `chase`, and per player `p1.life`,
//! `p1.hand`, `p1.hand-size`, `p1.deck`, `p1.stone-deck`, `p1.field`, `p1.resonators`,
//! `p1.additions`, `p1.stones`, `p1.graveyard`, `p1.rested`, `p1.recovered`, `p1.ruler`,
//! `p1.ruler.side`, `p1.ruler.rested`, `p1.ruler.judgment`, `p1.j-ruler`, `p1.order-area`,
//! `p1.called`, and per card in the field `p1.atk[Name]`, `p1.def[Name]`,
//! `p1.damage[Name #2]`, `p1.rested[Name]`.

use super::state::{Obj, ObjKind, RulerAt, State, Step};
use crate::engine::parse::nth_suffix;
use crate::engine::{Player, Value};
use crate::names;

const PATHS: &str = "winner, reason, turn, turn-player, step, chase, pN.life, pN.hand, pN.hand-size, pN.deck, pN.stone-deck, pN.field, pN.resonators, pN.additions, pN.stones, pN.graveyard, pN.rested, pN.recovered, pN.ruler, pN.ruler.side, pN.ruler.rested, pN.ruler.judgment, pN.j-ruler, pN.order-area, pN.called, pN.atk[Name], pN.def[Name], pN.damage[Name], pN.rested[Name]";

pub fn query(state: &State, path: &str) -> Result<Value, String> {
    let path = path.trim();
    let names =
        |it: &mut dyn Iterator<Item = &'static str>| Value::List(it.map(str::to_owned).collect());
    match path {
        "winner" => {
            return Ok(match &state.outcome {
                Some(o) => o.winner.map_or(Value::Null, |w| Value::Str(w.to_string())),
                None => Value::Null,
            })
        }
        "reason" => {
            return Ok(state
                .outcome
                .as_ref()
                .map_or(Value::Null, |o| Value::Str(o.reason.to_owned())))
        }
        "over" => return Ok(Value::Bool(state.outcome.is_some())),
        "turn" => return Ok(Value::Int(i64::from(state.turn))),
        "turn-player" => return Ok(Value::Str(state.active.to_string())),
        "priority" => return Ok(Value::Str(state.priority.to_string())),
        "step" => {
            return Ok(Value::Str(
                match state.step {
                    Step::Mulligan => "mulligan",
                    Step::Main => "main",
                    Step::Attack => "attack",
                    Step::Block => "block",
                    Step::AfterBlock => "after-block",
                    Step::Discard => "discard",
                    Step::Over => "over",
                }
                .into(),
            ))
        }
        "chase" => {
            return Ok(names(&mut state.chase.iter().map(|i| chase_name(state, i))));
        }
        _ => {}
    }
    let unknown = || format!("unknown path `{path}`; the paths are: {PATHS}");
    let (p, rest) = path.split_once('.').ok_or_else(unknown)?;
    let p = Player::parse(p).ok_or_else(unknown)?;
    let seat = state.seat(p);
    let card_names =
        |v: &[u16]| Value::List(v.iter().map(|&i| state.info(i).name.to_owned()).collect());
    let field = |f: &dyn Fn(&Obj) -> bool| {
        Value::List(
            seat.field
                .iter()
                .filter(|o| f(o))
                .map(|o| state.obj_name(o).to_owned())
                .collect(),
        )
    };
    let int = |n: usize| Value::Int(i64::try_from(n).unwrap_or(i64::MAX));
    let j_ruler = seat
        .field
        .iter()
        .find(|o| matches!(o.kind, ObjKind::JRuler | ObjKind::Ordered));
    Ok(match rest {
        "life" => Value::Int(i64::from(seat.life)),
        "hand" => card_names(&seat.hand),
        "hand-size" => int(seat.hand.len()),
        "deck" => int(seat.deck.len()),
        "stone-deck" => int(seat.stones.len()),
        "graveyard" => card_names(&seat.grave),
        "field" => field(&|_| true),
        "resonators" => field(&|o| o.kind == ObjKind::Resonator),
        "additions" => field(&|o| o.kind == ObjKind::Addition),
        "stones" => field(&|o| o.kind == ObjKind::Stone),
        "rested" => field(&|o| o.rested),
        "recovered" => field(&|o| !o.rested),
        "called" => Value::Bool(seat.called),
        "ruler" => Value::Str(
            match seat.ruler_at {
                RulerAt::Area => "ruler-area",
                RulerAt::Field => "field",
                RulerAt::Order => "order-area",
            }
            .into(),
        ),
        "ruler.side" => Value::Str(
            match seat.ruler_at {
                RulerAt::Area => "ruler",
                RulerAt::Field => "j-ruler",
                RulerAt::Order => "order",
            }
            .into(),
        ),
        "ruler.rested" => Value::Bool(match seat.ruler_at {
            RulerAt::Area => seat.ruler_rested,
            RulerAt::Field => j_ruler.is_some_and(|o| o.rested),
            RulerAt::Order => false,
        }),
        "ruler.judgment" => {
            Value::Bool(state.info(seat.ruler).judgment.is_some() && !seat.lost_judgment)
        }
        "j-ruler" => j_ruler.map_or(Value::Null, |o| Value::Str(state.obj_name(o).to_owned())),
        "order-area" => match seat.ruler_at {
            RulerAt::Order => Value::List(vec![state.info(seat.ruler).name.to_owned()]),
            _ => Value::List(Vec::new()),
        },
        _ => {
            let (stat, name) = rest
                .strip_suffix(']')
                .and_then(|r| r.split_once('['))
                .ok_or_else(unknown)?;
            let o = find(state, p, name)?;
            let (atk, def) = state.stats(p, o);
            match stat {
                "atk" => Value::Int(i64::from(atk)),
                "def" => Value::Int(i64::from(def)),
                "damage" => Value::Int(i64::from(o.damage)),
                "rested" => Value::Bool(o.rested),
                _ => return Err(unknown()),
            }
        }
    })
}

fn find<'s>(state: &'s State, p: Player, text: &str) -> Result<&'s Obj, String> {
    let (text, nth) = nth_suffix(text);
    let key = names::key(text);
    state
        .seat(p)
        .field
        .iter()
        .filter(|o| names::key(state.obj_name(o)) == key)
        .nth(nth - 1)
        .ok_or_else(|| {
            let here: Vec<&str> = state
                .seat(p)
                .field
                .iter()
                .map(|o| state.obj_name(o))
                .collect();
            format!(
                "{p} has no {text}{} in the field (field: {})",
                if nth > 1 {
                    format!(" #{nth}")
                } else {
                    String::new()
                },
                here.join(", ")
            )
        })
}

fn chase_name(state: &State, item: &super::state::Item) -> &'static str {
    use super::state::What;
    match item.what {
        What::Card { inst, .. } => state.info(inst).name,
        What::Ability { card, .. } => state.info(card).name,
        What::Judgment => "Judgment",
    }
}
