//! Running card effects, life, drawing, destruction, and the checks the rules make after
//! every change: a J/resonator with damage at least its DEF is destroyed at once (FW-A18 (a)),
//! and a player at zero life or less loses at once, even in the middle of a chase (FW-A02 (a)).

use super::cards::{Filter, Fx, Inst, To};
use super::event::{CardRef, Event};
use super::state::{Obj, ObjKind, ObjRef, RulerAt, State, Step};
use crate::engine::log::Log;
use crate::engine::{Outcome, Player};

/// Who runs an effect list, from which card, at what.
#[derive(Debug, Clone, Copy)]
pub struct EffectSource {
    pub who: Player,
    pub source_name: &'static str,
    /// The card itself in the field, for `this`.
    pub source: Option<ObjRef>,
    pub target: Option<ObjRef>,
    pub filter: Option<Filter>,
}

pub fn run(state: &mut State, ctx: &EffectSource, fx: &[Fx], events: &mut impl Log<Event>) {
    for &f in fx {
        if state.outcome.is_some() {
            return;
        }
        one(state, ctx, f, events);
        settle(state, events);
    }
}

/// The object an effect aims at, if it is still there and still a legal choice.
fn aimed(state: &State, ctx: &EffectSource, to: To) -> Option<ObjRef> {
    match to {
        To::This => ctx
            .source
            .filter(|&r| state.obj(r).is_some_and(|o| o.kind.battles())),
        To::Chosen => {
            let r = ctx.target?;
            let filter = ctx.filter?;
            state.target_ok(ctx.who, filter, r).then_some(r)
        }
        To::Own | To::Enemy => None,
    }
}

fn one(state: &mut State, ctx: &EffectSource, f: Fx, events: &mut impl Log<Event>) {
    let player = |to: To| match to {
        To::Own => Some(ctx.who),
        To::Enemy => Some(ctx.who.other()),
        To::This | To::Chosen => None,
    };
    let fizzle = |effect: &'static str| Event::Fizzle {
        source: ctx.source_name,
        effect,
    };
    match f {
        Fx::Damage { to, amount } => {
            if let Some(p) = player(to) {
                lose_life(state, p, amount, ctx.source_name, events);
            } else if let Some(r) = aimed(state, ctx, to) {
                damage(state, r, amount, ctx.source_name, events);
            } else {
                events.push(fizzle("damage"));
            }
        }
        Fx::Heal { to, amount } => {
            if let Some(p) = player(to) {
                gain_life(state, p, amount, ctx.source_name, events);
            } else if let Some(r) = aimed(state, ctx, to) {
                if let Some(o) = state.obj_mut(r) {
                    let healed = o.damage.min(amount);
                    o.damage -= healed;
                    let total = o.damage;
                    let card = card_ref(state, r);
                    events.push(Event::Repair {
                        source: ctx.source_name,
                        card,
                        amount: healed,
                        total,
                    });
                }
            } else {
                events.push(fizzle("heal"));
            }
        }
        Fx::Draw { amount } => {
            for _ in 0..amount {
                if !draw(state, ctx.who, events) {
                    // FW-A01 (a): a draw from an empty deck outside the draw phase fails.
                    break;
                }
            }
        }
        Fx::Boost {
            to,
            atk,
            def,
            permanent,
        } => {
            let Some(r) = aimed(state, ctx, to) else {
                events.push(fizzle("boost"));
                return;
            };
            if let Some(o) = state.obj_mut(r) {
                if permanent {
                    o.perm_atk = o.perm_atk.saturating_add(atk);
                    o.perm_def = o.perm_def.saturating_add(def);
                } else {
                    o.temp_atk = o.temp_atk.saturating_add(atk);
                    o.temp_def = o.temp_def.saturating_add(def);
                }
            }
            if !events.records() {
                // The stats after the boost are for the event only.
                return;
            }
            let (now_atk, now_def) = state.obj(r).map_or((0, 0), |o| state.stats(r.owner, o));
            events.push(Event::Boost {
                card: card_ref(state, r),
                atk,
                def,
                until_end_of_turn: !permanent,
                now_atk,
                now_def,
            });
        }
        Fx::Destroy { to } => match aimed(state, ctx, to) {
            Some(r) => destroy(state, r, events),
            None => events.push(fizzle("destruction")),
        },
    }
}

pub fn card_ref(state: &State, r: ObjRef) -> CardRef {
    CardRef {
        owner: r.owner,
        name: state.obj(r).map_or("?", |o| state.obj_name(o)),
    }
}

/// Marks damage on a J/resonator; destruction follows from [`settle`].
pub fn damage(
    state: &mut State,
    r: ObjRef,
    amount: i32,
    source: &'static str,
    events: &mut impl Log<Event>,
) {
    let amount = amount.max(0);
    let Some(o) = state.obj_mut(r) else { return };
    o.damage = o.damage.saturating_add(amount);
    let total = o.damage;
    state.damage_dealt = true;
    if !events.records() {
        // The DEF and the name are for the event only; the DEF adds up every group boost.
        return;
    }
    let def = state.obj(r).map_or(0, |o| state.stats(r.owner, o).1);
    let card = card_ref(state, r);
    events.push(Event::Damage {
        source,
        card,
        amount,
        total,
        def,
    });
}

/// Life changes only here, each with its event (`check_transition` adds the events up).
pub fn lose_life(
    state: &mut State,
    p: Player,
    amount: i32,
    source: &'static str,
    events: &mut impl Log<Event>,
) {
    let amount = amount.max(0);
    let seat = state.seat_mut(p);
    seat.life = seat.life.saturating_sub(amount);
    events.push(Event::LifeLoss {
        player: p,
        amount,
        life: seat.life,
        source,
    });
}

pub fn gain_life(
    state: &mut State,
    p: Player,
    amount: i32,
    source: &'static str,
    events: &mut impl Log<Event>,
) {
    let amount = amount.max(0);
    let seat = state.seat_mut(p);
    seat.life = seat.life.saturating_add(amount);
    events.push(Event::LifeGain {
        player: p,
        amount,
        life: seat.life,
        source,
    });
}

/// Draws one card; `false` when the deck is empty.
pub fn draw(state: &mut State, p: Player, events: &mut impl Log<Event>) -> bool {
    match state.seat_mut(p).deck.pop() {
        Some(inst) => {
            state.seat_mut(p).hand.push(inst);
            state.hand_gained(p);
            events.push(Event::Draw {
                player: p,
                card: state.info(inst).name,
            });
            true
        }
        None => {
            events.push(Event::CannotDraw { player: p });
            false
        }
    }
}

/// Removes an object from the field as destroyed: resonators, additions and stones go to the
/// graveyard; a J/ruler from Judgment goes back to the ruler area and loses Judgment; an
/// ordered J/ruler goes to the graveyard and its order card goes back to the ruler area.
pub fn destroy(state: &mut State, r: ObjRef, events: &mut impl Log<Event>) {
    let Some(i) = state.find(r) else { return };
    let card = card_ref(state, r);
    let o = state.seat_mut(r.owner).field.remove(i);
    state.field_changed(o.inst);
    if o.kind == ObjKind::Resonator {
        state.seat_mut(r.owner).resonators -= 1;
    }
    if o.kind == ObjKind::Stone && !o.rested {
        let State { table, seats, .. } = state;
        seats[r.owner.index()].count_stone(table, o.inst, false);
    }
    let ruler = state.info(state.seat(r.owner).ruler).name;
    match o.kind {
        ObjKind::Resonator | ObjKind::Addition | ObjKind::Stone => {
            state.seat_mut(r.owner).grave.push(o.inst);
            events.push(Event::Destroyed {
                card,
                to_graveyard: true,
            });
        }
        ObjKind::JRuler => {
            events.push(Event::Destroyed {
                card,
                to_graveyard: false,
            });
            let seat = state.seat_mut(r.owner);
            seat.ruler_at = RulerAt::Area;
            seat.ruler_rested = false;
            seat.lost_judgment = true;
            events.push(Event::RulerBack {
                player: r.owner,
                ruler,
                lost_judgment: true,
            });
        }
        ObjKind::Ordered => {
            let seat = state.seat_mut(r.owner);
            seat.grave.push(o.inst);
            events.push(Event::Destroyed {
                card,
                to_graveyard: true,
            });
            ruler_back_from_order(state, r.owner, events);
        }
    }
}

/// "If the J/ruler ordered by this card leaves the field in any way, put your ruler card back
/// into your ruler area with ruler side up" (recovered: FW-A14 (a)).
fn ruler_back_from_order(state: &mut State, p: Player, events: &mut impl Log<Event>) {
    let seat = state.seat_mut(p);
    if seat.ruler_at != RulerAt::Order {
        return;
    }
    seat.ruler_at = RulerAt::Area;
    seat.ruler_rested = false;
    let ruler = state.info(state.seat(p).ruler).name;
    events.push(Event::RulerBack {
        player: p,
        ruler,
        lost_judgment: false,
    });
}

/// The rules' checks after any change: destruction by damage and life at zero.
/// FW-A18: a J/resonator is destroyed once it has been dealt damage equal to or more than its
/// DEF ("If a resonator is dealt damage equal to or more than its DEF"). Without damage on it,
/// a DEF of 0 or less destroys nothing: the rulebook destroys by damage only.
pub fn lethal(damage: i32, def: i32) -> bool {
    damage > 0 && damage >= def
}

pub fn settle(state: &mut State, events: &mut impl Log<Event>) {
    if state.outcome.is_some() {
        return;
    }
    // Only damage destroys (FW-A18): most of the time nothing in the field has any (none at
    // all before the first damage of a turn), and the boosts need not be added up.
    let damaged = |o: &Obj| o.kind.battles() && o.damage > 0;
    while state.damage_dealt {
        if !state.seats.iter().any(|s| s.field.iter().any(|o| o.damage > 0)) {
            // What had damage was destroyed: the checks after the turn's later changes need
            // not walk the fields until damage is dealt again.
            state.damage_dealt = false;
            break;
        }
        // Every object's fate this round is read against the boosts from before it (`bonus`
        // is a copy), and destroying one object changes no other, so destroying each as it is
        // found does what listing them all first did, in the same order, without a list.
        let bonus = state.bonus;
        let mut destroyed = false;
        for p in Player::BOTH {
            let mut i = 0;
            while let Some(o) = state.seat(p).field.get(i) {
                if damaged(o) && lethal(o.damage, state.stats_with(p, o, &bonus).1) {
                    let r = ObjRef {
                        owner: p,
                        serial: o.serial,
                    };
                    destroy(state, r, events);
                    destroyed = true;
                } else {
                    i += 1;
                }
            }
        }
        if !destroyed {
            break;
        }
    }
    let dead = Player::BOTH.map(|p| state.seat(p).life <= 0);
    match dead {
        [true, true] => finish(state, None, "both-zero", events),
        [true, false] => finish(state, Some(Player::P2), "life-zero", events),
        [false, true] => finish(state, Some(Player::P1), "life-zero", events),
        [false, false] => {}
    }
}

pub fn finish(
    state: &mut State,
    winner: Option<Player>,
    reason: &'static str,
    events: &mut impl Log<Event>,
) {
    if state.outcome.is_some() {
        return;
    }
    state.outcome = Some(Outcome {
        winner,
        reason,
        turns: state.turn,
    });
    state.step = Step::Over;
    events.push(Event::GameOver { winner, reason });
}

/// Puts a card into the field and runs what it does on entering.
pub fn enter(
    state: &mut State,
    who: Player,
    inst: Inst,
    kind: ObjKind,
    target: Option<ObjRef>,
    events: &mut impl Log<Event>,
) -> ObjRef {
    let obj = state.new_obj(inst, kind);
    let r = ObjRef {
        owner: who,
        serial: obj.serial,
    };
    state.seat_mut(who).field.push(obj);
    state.field_changed(inst);
    if kind == ObjKind::Resonator {
        state.seat_mut(who).resonators += 1;
    }
    if kind == ObjKind::Stone {
        let State { table, seats, .. } = state;
        seats[who.index()].count_stone(table, inst, true);
    }
    let t = state.table.clone();
    let info = t.info(inst);
    let effects = match (kind, &info.judgment) {
        (ObjKind::JRuler, Some(j)) => &j.effects,
        _ => &info.effects,
    };
    // Judgment and Revolution Order report their own entering.
    if !matches!(kind, ObjKind::JRuler | ObjKind::Ordered) {
        events.push(Event::Enter {
            card: card_ref(state, r),
        });
    }
    let ctx = EffectSource {
        who,
        source_name: state.obj(r).map_or(info.name, |o| state.obj_name(o)),
        source: Some(r),
        target,
        filter: effects.target,
    };
    settle(state, events);
    run(state, &ctx, &effects.now, events);
    r
}
