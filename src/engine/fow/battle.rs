//! Battle: declare an attacker and what it attacks, a chase window, the block, another chase
//! window, then damage (FW-A16 (a)). If the attacker or the blocker has left the field by
//! then, no damage is dealt; if the attacked J/resonator has left, the attack ends.

use super::action::Aim;
use super::effects::{self, card_ref};
use super::event::Event;
use super::state::{Battle, ObjRef, State, Step};
use crate::engine::log::Log;
use crate::engine::Player;

pub fn declare(
    state: &mut State,
    who: Player,
    attacker: &Aim,
    target: Option<&Aim>,
    events: &mut impl Log<Event>,
) {
    let a = ObjRef {
        owner: who,
        serial: attacker.serial,
    };
    let t = target.map(|t| ObjRef {
        owner: t.owner,
        serial: t.serial,
    });
    if let Some(o) = state.obj_mut(a) {
        o.rested = true;
    }
    events.push(Event::Attack {
        attacker: card_ref(state, a),
        target: t.map(|t| card_ref(state, t)),
        defender: who.other(),
    });
    state.battle = Some(Battle {
        attacker: a,
        target: t,
        blocker: None,
    });
    state.step = Step::Attack;
    state.priority = who.other();
    state.passes = 0;
}

/// The J/resonators the defending player could block with now.
pub fn can_block(state: &State) -> impl Iterator<Item = ObjRef> + '_ {
    let defender = state.active.other();
    let flying = state
        .battle
        .and_then(|b| state.obj(b.attacker))
        .is_some_and(|a| state.flying(a));
    state
        .seat(defender)
        .field
        .iter()
        .filter(move |o| o.kind.battles() && !o.rested && (!flying || state.flying(o)))
        .map(move |o| ObjRef {
            owner: defender,
            serial: o.serial,
        })
}

pub fn block(state: &mut State, who: Player, blocker: &Aim, events: &mut impl Log<Event>) {
    let r = ObjRef {
        owner: who,
        serial: blocker.serial,
    };
    if let Some(o) = state.obj_mut(r) {
        o.rested = true;
    }
    if let Some(b) = &mut state.battle {
        b.blocker = Some(r);
        let attacker = b.attacker;
        events.push(Event::Block {
            blocker: card_ref(state, r),
            attacker: card_ref(state, attacker),
        });
    }
    after_block(state);
}

pub fn no_block(state: &mut State, who: Player, events: &mut impl Log<Event>) {
    events.push(Event::NoBlock { player: who });
    after_block(state);
}

fn after_block(state: &mut State) {
    state.step = Step::AfterBlock;
    state.priority = state.active;
    state.passes = 0;
}

fn end(state: &mut State, why: Option<&'static str>, events: &mut impl Log<Event>) {
    if let Some(why) = why {
        events.push(Event::BattleEnds { why });
    }
    state.battle = None;
    if state.outcome.is_none() {
        state.step = Step::Main;
    }
    state.priority = state.active;
    state.passes = 0;
}

/// Both players passed with an empty chase: on to the next battle step.
pub fn advance(state: &mut State, events: &mut impl Log<Event>) {
    let Some(b) = state.battle else {
        state.step = Step::Main;
        return;
    };
    if state.obj(b.attacker).is_none() {
        end(
            state,
            Some("the attacker left the field; no damage is dealt"),
            events,
        );
        return;
    }
    if let Some(t) = b.target {
        if state.obj(t).is_none() {
            end(
                state,
                Some("the attacked J/resonator left the field"),
                events,
            );
            return;
        }
    }
    match state.step {
        Step::Attack => {
            if can_block(state).next().is_some() {
                state.step = Step::Block;
            } else {
                events.push(Event::NoBlocker {
                    player: state.active.other(),
                });
                after_block(state);
            }
        }
        Step::AfterBlock => {
            damage_step(state, b, events);
        }
        _ => {}
    }
}

fn damage_step(state: &mut State, b: Battle, events: &mut impl Log<Event>) {
    let other = match (b.blocker, b.target) {
        (Some(blocker), _) => {
            if state.obj(blocker).is_none() {
                end(
                    state,
                    Some("the blocker left the field; no damage is dealt"),
                    events,
                );
                return;
            }
            Some(blocker)
        }
        (None, Some(t)) => Some(t),
        (None, None) => None,
    };
    match other {
        Some(d) => fight(state, b.attacker, d, events),
        None => {
            let Some(a) = state.obj(b.attacker) else {
                end(state, None, events);
                return;
            };
            let atk = state.stats(b.attacker.owner, a).0.max(0);
            let name = state.obj_name(a);
            effects::lose_life(state, b.attacker.owner.other(), atk, name, events);
            effects::settle(state, events);
        }
    }
    end(state, None, events);
}

/// Two J/resonators deal damage equal to their ATK to each other: at the same time, or the
/// one with First Strike first (FW-K02).
fn fight(state: &mut State, a: ObjRef, d: ObjRef, events: &mut impl Log<Event>) {
    use super::cards::FIRST_STRIKE;
    let first = |state: &State, r: ObjRef| {
        state
            .obj(r)
            .is_some_and(|o| state.keywords(o) & FIRST_STRIKE != 0)
    };
    let (fa, fd) = (first(state, a), first(state, d));
    if fa == fd {
        let hit_a = hit(state, a);
        let hit_d = hit(state, d);
        if let Some((name, atk)) = hit_a {
            effects::damage(state, d, atk, name, events);
        }
        if let Some((name, atk)) = hit_d {
            effects::damage(state, a, atk, name, events);
        }
        effects::settle(state, events);
        return;
    }
    let (x, y) = if fa { (a, d) } else { (d, a) };
    if let Some((name, atk)) = hit(state, x) {
        effects::damage(state, y, atk, name, events);
    }
    effects::settle(state, events);
    if state.outcome.is_some() {
        return;
    }
    if let Some((name, atk)) = hit(state, y) {
        if state.obj(x).is_some() {
            effects::damage(state, x, atk, name, events);
            effects::settle(state, events);
        }
    }
}

fn hit(state: &State, r: ObjRef) -> Option<(&'static str, i32)> {
    let o = state.obj(r)?;
    Some((state.obj_name(o), state.stats(r.owner, o).0.max(0)))
}
