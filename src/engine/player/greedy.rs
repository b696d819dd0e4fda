//! The greedy player: tries each choice once on a determinized copy of the game and keeps the
//! one the engine's evaluation likes best. For a simultaneous choice, a choice's worth is its
//! average over every answer the opponent could give.

use super::super::rng::Rng;
use super::super::{Engine, Player, ToMove};

pub fn choose<E: Engine>(
    state: &E::State,
    seat: Player,
    choices: &[E::Action],
    rng: &mut Rng,
) -> usize {
    let world = E::determinize(state, seat, rng);
    let mut answers = Vec::new();
    if E::to_move(&world) == Some(ToMove::Both) {
        E::choices(&world, seat.other(), &mut answers);
    }
    let mut events = Vec::new();
    let mut value = |action: &E::Action| {
        let mut next = world.clone();
        events.clear();
        match E::apply(&mut next, action, &mut events) {
            Ok(()) => E::evaluate(&next, seat),
            Err(_) => f64::NEG_INFINITY,
        }
    };
    let mut best = (0, f64::NEG_INFINITY);
    for (i, part) in choices.iter().enumerate() {
        let v = if answers.is_empty() {
            value(part)
        } else {
            let total: f64 = answers
                .iter()
                .map(|other| {
                    value(&match seat {
                        Player::P1 => E::combine(&world, part, other),
                        Player::P2 => E::combine(&world, other, part),
                    })
                })
                .sum();
            total / answers.len() as f64
        };
        if v > best.1 {
            best = (i, v);
        }
    }
    best.0
}
