//! The chase: card plays, activate abilities and Judgment wait on it (FW-A08 (a)); players
//! alternate priority starting with the opponent of whoever acted, two passes in a row
//! resolve the last item added, and priority then returns to the turn player. With an empty
//! chase two passes in a row also close the window: the turn player's pass hands priority to
//! the opponent, who may start a chase "at any time" before the phase or battle step moves on
//! (FW-A07 (a)).

use super::cards::{Inst, Kind};
use super::effects::{self, EffectSource};
use super::event::Event;
use super::state::{Item, ObjKind, ObjRef, RulerAt, State, Step, What};
use super::{battle, turn};
use crate::engine::log::Log;
use crate::engine::Player;

/// Puts an item on the chase and hands priority to the other player.
pub fn push(state: &mut State, item: Item) {
    state.chase.push(item);
    state.priority = item.who.other();
    state.passes = 0;
}

pub fn pass(state: &mut State, who: Player, events: &mut impl Log<Event>) {
    state.passes += 1;
    if state.passes < 2 {
        state.priority = who.other();
        return;
    }
    state.passes = 0;
    state.priority = state.active;
    if !state.chase.is_empty() {
        resolve_top(state, events);
    } else if state.step == Step::Main {
        turn::end_phase(state, events);
    } else {
        battle::advance(state, events);
    }
}

fn resolve_top(state: &mut State, events: &mut impl Log<Event>) {
    let Some(item) = state.chase.pop() else {
        return;
    };
    let t = state.table.clone();
    match item.what {
        What::Card { inst, order } => {
            let info = t.info(inst);
            events.push(Event::Resolve {
                player: item.who,
                what: info.name,
                ability: false,
            });
            match info.kind {
                Kind::Chant => {
                    let ctx = EffectSource {
                        who: item.who,
                        source_name: info.name,
                        source: None,
                        target: item.target,
                        filter: info.effects.target,
                    };
                    effects::run(state, &ctx, &info.effects.now, events);
                    // FW-A25 (a): it did what it could; it goes to the graveyard either way.
                    state.seat_mut(item.who).grave.push(inst);
                    events.push(Event::ToGraveyard {
                        card: super::event::CardRef {
                            owner: item.who,
                            name: info.name,
                        },
                    });
                }
                Kind::Resonator => {
                    let kind = if order && state.seat(item.who).ruler_at == RulerAt::Area {
                        let seat = state.seat_mut(item.who);
                        seat.ruler_at = RulerAt::Order;
                        let ruler = t.info(seat.ruler).name;
                        events.push(Event::Order {
                            player: item.who,
                            ruler,
                            card: info.name,
                        });
                        ObjKind::Ordered
                    } else {
                        if order {
                            events.push(Event::OrderFails {
                                player: item.who,
                                card: info.name,
                            });
                        }
                        ObjKind::Resonator
                    };
                    effects::enter(state, item.who, inst, kind, item.target, events);
                }
                Kind::Addition => {
                    effects::enter(
                        state,
                        item.who,
                        inst,
                        ObjKind::Addition,
                        item.target,
                        events,
                    );
                }
                Kind::Ruler | Kind::Stone => {
                    // Never played from hand (setup keeps them out of the deck); put back
                    // where such a card would rest rather than lose it.
                    state.seat_mut(item.who).grave.push(inst);
                }
            }
        }
        What::Ability {
            card,
            index,
            source,
        } => {
            let info = t.info(card);
            events.push(Event::Resolve {
                player: item.who,
                what: info.name,
                ability: true,
            });
            if let Some(ab) = info.abilities.get(usize::from(index)) {
                let ctx = EffectSource {
                    who: item.who,
                    source_name: info.name,
                    source,
                    target: item.target,
                    filter: ab.effects.target,
                };
                effects::run(state, &ctx, &ab.effects.now, events);
            }
        }
        What::Judgment => {
            let seat = state.seat(item.who);
            let ruler: Inst = seat.ruler;
            let info = t.info(ruler);
            events.push(Event::Resolve {
                player: item.who,
                what: "Judgment",
                ability: false,
            });
            match &info.judgment {
                Some(j) if seat.ruler_at == RulerAt::Area && !seat.lost_judgment => {
                    let now = state.turn;
                    let seat = state.seat_mut(item.who);
                    seat.ruler_at = RulerAt::Field;
                    seat.ruler_rested = false;
                    seat.judgment_turn = now;
                    events.push(Event::Judgment {
                        player: item.who,
                        ruler: info.name,
                        j_ruler: j.name,
                    });
                    effects::enter(state, item.who, ruler, ObjKind::JRuler, item.target, events);
                }
                _ => events.push(Event::JudgmentFails {
                    player: item.who,
                    ruler: info.name,
                }),
            }
        }
    }
    effects::settle(state, events);
}

/// The chase item's target as a field reference.
pub fn target_ref(aim: Option<&super::action::Aim>) -> Option<ObjRef> {
    aim.map(|a| ObjRef {
        owner: a.owner,
        serial: a.serial,
    })
}
