//! Applying an action: every check first (so a rejected action leaves the state as it was),
//! then the change. An action the engine itself listed for this state skips the checks its
//! listing made ([`apply_checking`] with `CHECKED` false, as `Engine::apply_listed`).

use super::action::{Action, Source};
use super::effects::{self, card_ref};
use super::event::Event;
use super::rules::{self, Why};
use super::state::{Caller, Item, ObjKind, ObjRef, State, Step, What};
use super::{battle, chase, turn, will};
use crate::engine::log::Log;
use crate::engine::IllegalAction;

fn why(w: Why) -> IllegalAction {
    IllegalAction(w.to_string())
}

pub fn apply(
    state: &mut State,
    action: &Action,
    events: &mut impl Log<Event>,
) -> Result<(), IllegalAction> {
    apply_checking::<true>(state, action, events)
}

/// Applies `action`, checking it first when `CHECKED`: one path for both, so that an action
/// applied unchecked changes the state exactly as the same action checked does. Unchecked is
/// for an action [`super::legal`] listed or drew for this very state: the rules, targets and
/// payment it was listed by are not asked again (benches/engine.rs, `random_game` against
/// `random_game_checked`).
pub fn apply_checking<const CHECKED: bool>(
    state: &mut State,
    action: &Action,
    events: &mut impl Log<Event>,
) -> Result<(), IllegalAction> {
    let Some(decider) = state.decider() else {
        return Err(why(Why::GameOver));
    };
    let who = action.who();
    if who != decider {
        return Err(why(Why::NotYourDecision {
            who,
            decider,
            step: state.step,
        }));
    }
    let step_is = |want: &[Step], what: &'static str| {
        if want.contains(&state.step) {
            Ok(())
        } else {
            Err(why(Why::WrongStep {
                what,
                step: state.step,
            }))
        }
    };
    let chase_flag = |flag: bool| {
        if flag != state.chase.is_empty() {
            Ok(())
        } else {
            Err(why(Why::ChaseFlag { chase: flag }))
        }
    };
    match action {
        Action::Mulligan { bottom, .. } => {
            step_is(&[Step::Mulligan], "a mulligan")?;
            turn::mulligan(state, who, bottom, events)?;
        }
        Action::Pass { .. } => {
            if !matches!(state.step, Step::Main | Step::Attack | Step::AfterBlock) {
                return Err(why(Why::DecideFirst {
                    who,
                    step: state.step,
                }));
            }
            chase::pass(state, who, events);
        }
        Action::NoBlock { .. } => {
            step_is(&[Step::Block], "declining a block")?;
            battle::no_block(state, who, events);
        }
        Action::Call { .. } => {
            if CHECKED {
                rules::call(state, who).map_err(why)?;
            }
            let caller = rules::caller_name(state, who);
            match state.caller(who) {
                Some(Caller::Ruler) => state.seat_mut(who).ruler_rested = true,
                Some(Caller::JRuler(serial)) => {
                    if let Some(o) = state.obj_mut(ObjRef { owner: who, serial }) {
                        o.rested = true;
                    }
                }
                None => {}
            }
            state.seat_mut(who).called = true;
            if let Some(stone) = state.seat_mut(who).stones.pop() {
                events.push(Event::Call {
                    player: who,
                    caller,
                    stone: state.info(stone).name,
                });
                effects::enter(state, who, stone, ObjKind::Stone, None, events);
            }
        }
        Action::Play {
            card,
            order,
            target,
            pay,
            chase: flag,
            ..
        } => {
            let t = state.table.clone();
            let info = &t.defs[usize::from(card.def)];
            let cost = &info.cost;
            if CHECKED {
                chase_flag(*flag)?;
                rules::play(state, who, *card, *order).map_err(why)?;
                rules::target(state, who, card.name, info.effects.target, target.as_ref())
                    .map_err(why)?;
                will::check(state, who, cost, pay, card.name)?;
            }
            let Some(i) = state
                .seat(who)
                .hand
                .iter()
                .position(|&c| state.table.def_of(c) == card.def)
            else {
                return Err(why(Why::NotInHand {
                    who,
                    card: card.name,
                }));
            };
            let inst = state.seat_mut(who).hand.remove(i);
            state.hand_lost(who, inst);
            will::pay(state, who, cost, pay, events);
            if *order {
                state.seat_mut(who).ordered = true;
            }
            let target = chase::target_ref(target.as_ref());
            chase::push(
                state,
                Item {
                    who,
                    what: What::Card {
                        inst,
                        order: *order,
                    },
                    target,
                },
            );
            events.push(Event::Play {
                player: who,
                card: card.name,
                target: target.map(|t| card_ref(state, t)),
                order: *order,
                chase: state.chase.len(),
            });
        }
        Action::Activate {
            source,
            ability,
            target,
            pay,
            chase: flag,
            ..
        } => {
            if CHECKED {
                chase_flag(*flag)?;
            }
            let aim = match source {
                Source::Ruler(_) => None,
                Source::Field(aim) => Some(aim),
            };
            let card = rules::ability(state, who, aim, *ability).map_err(why)?;
            let t = state.table.clone();
            let info = t.info(card);
            let Some(ab) = info.abilities.get(usize::from(*ability)) else {
                return Err(why(Why::NoAbility {
                    card: info.name,
                    index: *ability,
                }));
            };
            if CHECKED {
                rules::target(state, who, info.name, ab.effects.target, target.as_ref())
                    .map_err(why)?;
                will::check(state, who, &ab.cost, pay, info.name)?;
            }
            let source_ref = aim.map(|a| ObjRef {
                owner: who,
                serial: a.serial,
            });
            if ab.rest {
                match source_ref {
                    None => state.seat_mut(who).ruler_rested = true,
                    Some(r) => {
                        if let Some(o) = state.obj_mut(r) {
                            o.rested = true;
                            if o.kind == ObjKind::Stone {
                                let inst = o.inst;
                                let State { table, seats, .. } = state;
                                let seat = &mut seats[who.index()];
                                seat.stone_ability_rests += 1;
                                seat.count_stone(table, inst, false);
                            }
                        }
                    }
                }
                events.push(Event::RestCost {
                    card: super::event::CardRef {
                        owner: who,
                        name: match source_ref {
                            Some(r) => card_ref(state, r).name,
                            None => info.name,
                        },
                    },
                });
            }
            will::pay(state, who, &ab.cost, pay, events);
            let target = chase::target_ref(target.as_ref());
            chase::push(
                state,
                Item {
                    who,
                    what: What::Ability {
                        card,
                        index: *ability,
                        source: source_ref,
                    },
                    target,
                },
            );
            events.push(Event::Activate {
                player: who,
                card: info.name,
                target: target.map(|t| card_ref(state, t)),
                chase: state.chase.len(),
            });
        }
        Action::Judgment { target, pay, .. } => {
            if CHECKED {
                rules::judgment(state, who).map_err(why)?;
            }
            let t = state.table.clone();
            let ruler = t.info(state.seat(who).ruler);
            let Some(j) = &ruler.judgment else {
                return Err(why(Why::NoJudgment { ruler: ruler.name }));
            };
            if CHECKED {
                rules::target(state, who, ruler.name, j.effects.target, target.as_ref())
                    .map_err(why)?;
                will::check(state, who, &j.cost, pay, "Judgment")?;
            }
            will::pay(state, who, &j.cost, pay, events);
            let target = chase::target_ref(target.as_ref());
            chase::push(
                state,
                Item {
                    who,
                    what: What::Judgment,
                    target,
                },
            );
            events.push(Event::DeclareJudgment {
                player: who,
                ruler: ruler.name,
                target: target.map(|t| card_ref(state, t)),
                chase: state.chase.len(),
            });
        }
        Action::Attack {
            attacker, target, ..
        } => {
            if CHECKED {
                rules::attack(state, who, attacker, target.as_ref()).map_err(why)?;
            }
            battle::declare(state, who, attacker, target.as_ref(), events);
        }
        Action::Block { blocker, .. } => {
            if CHECKED {
                rules::block(state, who, blocker).map_err(why)?;
            }
            battle::block(state, who, blocker, events);
        }
        Action::Discard { card, .. } => {
            step_is(&[Step::Discard], "discarding")?;
            if CHECKED && rules::hand_inst(state, who, *card).is_none() {
                return Err(why(Why::NotInHand {
                    who,
                    card: card.name,
                }));
            }
            turn::discard(state, who, *card, events);
        }
    }
    Ok(())
}
