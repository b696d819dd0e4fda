//! What cards and combat do to the table: Charge, damage and heals, destruction (with what it
//! takes along), and resolving a card's effects.

use super::cards::{Aim, Fx, Table, MAX_CHARGE};
use super::event::Event;
use super::state::{Attachment, Reason, Slot, State};
use crate::engine::log::Log;
use crate::engine::{Outcome, Player};

pub(super) fn gain_charge(state: &mut State, p: Player, amount: i32, events: &mut impl Log<Event>) {
    let seat = state.seat_mut(p);
    let total = (seat.charge + amount).min(MAX_CHARGE).max(seat.charge);
    let gained = total - seat.charge;
    seat.charge = total;
    events.push(Event::Charge {
        player: p,
        gained,
        total,
    });
}

pub(super) fn pay(state: &mut State, p: Player, amount: i32, events: &mut impl Log<Event>) {
    let seat = state.seat_mut(p);
    seat.charge -= amount;
    events.push(Event::Pay {
        player: p,
        amount,
        left: seat.charge,
    });
}

pub(super) fn damage_hero(state: &mut State, p: Player, amount: i32, events: &mut impl Log<Event>) {
    let seat = state.seat_mut(p);
    seat.hp -= amount;
    let hp = seat.hp;
    events.push(Event::Damage {
        player: p,
        amount,
        hp,
    });
    if hp <= 0 {
        lose(state, p, Reason::HpZero, events);
    }
}

/// Heals never raise HP above the Hero's maximum (JF-A19).
pub(super) fn heal_hero(state: &mut State, p: Player, amount: i32, events: &mut impl Log<Event>) {
    let seat = state.seat_mut(p);
    let hp = (seat.hp + amount).min(seat.max_hp).max(seat.hp);
    let gained = hp - seat.hp;
    seat.hp = hp;
    events.push(Event::Heal {
        player: p,
        amount: gained,
        hp,
    });
}

/// Removes a Strike from the Battle Zone: it, its Evolutions and the Supports attached to it
/// go to the Discard (JF-A11, JF-A23, JF-A25).
pub(super) fn destroy(state: &mut State, owner: Player, index: usize, events: &mut impl Log<Event>) {
    let State { table, seats, .. } = state;
    let seat = &mut seats[owner.index()];
    if index >= seat.battle.len() {
        return;
    }
    let unit = seat.battle.remove(index);
    events.push(Event::Destroyed {
        player: owner,
        card: unit.name(table),
    });
    seat.discard.push(unit.card);
    for &e in &unit.evolutions {
        seat.discard.push(e);
    }
    // The line above names the top card; the rest of the stack goes with it.
    let top = unit.top();
    for &card in std::iter::once(&unit.card)
        .chain(&unit.evolutions)
        .filter(|&&c| c != top)
    {
        events.push(Event::ToDiscard {
            player: owner,
            card: table.name(card),
        });
    }
    for a in &unit.attached {
        seats[a.owner.index()].discard.push(a.card);
        events.push(Event::ToDiscard {
            player: a.owner,
            card: table.name(a.card),
        });
    }
}

/// A unit position that survives other units' destruction.
pub(super) type At = Option<(Player, Slot)>;

/// After the Strike at `index` of `owner` left play, where a reference now points.
fn shift(at: &mut At, owner: Player, index: usize) {
    if let Some((p, Slot::Battle(i))) = *at {
        if p == owner {
            let i = usize::from(i);
            *at = match i.cmp(&index) {
                std::cmp::Ordering::Equal => None,
                std::cmp::Ordering::Greater => Some((p, Slot::Battle((i - 1) as u8))),
                std::cmp::Ordering::Less => *at,
            };
        }
    }
}

/// The effects being resolved: a card's own, or those of one of its abilities. Resolving
/// reads them from the table one at a time rather than holding the list, so that it changes
/// the state without taking a count of the table first (an atomic operation per play).
#[derive(Debug, Clone, Copy)]
pub(super) enum Effects {
    Card(u16),
    Ability { card: u16, index: usize },
}

impl Effects {
    /// The `k`th effect, if there is one.
    fn get(self, table: &Table, k: usize) -> Option<Fx> {
        let list = match self {
            Effects::Card(card) => &table.card(card).effects,
            Effects::Ability { card, index } => &table.card(card).abilities.get(index)?.effects,
        };
        list.get(k).copied()
    }
}

/// Resolves effects in order for `controller`. `this` is the card itself in play (a Strike
/// just played, the unit that evolved or activated), `chosen` the Strike the play named, and
/// `card` the Support or Legendary being played (what an attach puts into play). Returns
/// whether `card` attached.
pub(super) fn resolve(
    state: &mut State,
    controller: Player,
    effects: Effects,
    mut this: At,
    mut chosen: At,
    card: Option<u16>,
    events: &mut impl Log<Event>,
) -> bool {
    let mut attached = false;
    let mut k = 0;
    while let Some(fx) = effects.get(&state.table, k) {
        k += 1;
        if state.outcome.is_some() {
            break;
        }
        let aim = |aim: Aim, this: At, chosen: At| -> At {
            match aim {
                Aim::This => this,
                Aim::Chosen => chosen,
                Aim::Hero { .. } => State::hero_of(controller, aim).map(|p| (p, Slot::Hero)),
            }
        };
        match fx {
            Fx::Damage { enemy, amount } => {
                let p = if enemy {
                    controller.other()
                } else {
                    controller
                };
                damage_hero(state, p, amount, events);
            }
            Fx::Heal { enemy, amount } => {
                let p = if enemy {
                    controller.other()
                } else {
                    controller
                };
                heal_hero(state, p, amount, events);
            }
            Fx::Draw { amount } => {
                for _ in 0..amount {
                    if !draw(state, controller, events) {
                        break;
                    }
                }
            }
            Fx::Charge { amount } => gain_charge(state, controller, amount, events),
            Fx::Boost {
                aim: a,
                attack,
                permanent,
            } => {
                if let Some((owner, slot)) = aim(a, this, chosen) {
                    let State { table, seats, .. } = &mut *state;
                    if let Some(unit) = seats[owner.index()].unit_mut(slot) {
                        if permanent {
                            unit.lasting += attack;
                        } else {
                            unit.boost += attack;
                        }
                        events.push(Event::Boost {
                            player: owner,
                            card: unit.name(table),
                            amount: attack,
                            lasting: permanent,
                            attack: unit.attack(table),
                        });
                    }
                }
            }
            Fx::Destroy { aim: a } => {
                if let Some((owner, Slot::Battle(i))) = aim(a, this, chosen) {
                    let index = usize::from(i);
                    destroy(state, owner, index, events);
                    shift(&mut this, owner, index);
                    shift(&mut chosen, owner, index);
                }
            }
            Fx::Attach { aim: a, attack } => {
                let (Some(card), Some((owner, slot))) = (card, aim(a, this, chosen)) else {
                    continue;
                };
                if attached {
                    continue;
                }
                let State { table, seats, .. } = &mut *state;
                if let Some(unit) = seats[owner.index()].unit_mut(slot) {
                    unit.attached.push(Attachment {
                        card,
                        owner: controller,
                        attack,
                    });
                    events.push(Event::Attach {
                        player: controller,
                        card: table.name(card),
                        owner,
                        host: unit.name(table),
                        attack: unit.attack(table),
                    });
                    attached = true;
                }
            }
        }
    }
    attached
}

/// Draws one card; drawing from an empty deck loses the game (JF-A18). False when it did.
pub(super) fn draw(state: &mut State, p: Player, events: &mut impl Log<Event>) -> bool {
    match state.seat_mut(p).deck.pop() {
        Some(card) => {
            let State { table, seats, .. } = &mut *state;
            seats[p.index()].hand.push(card, table);
            events.push(Event::Draw {
                player: p,
                card: state.table.name(card),
            });
            true
        }
        None => {
            events.push(Event::EmptyDeck { player: p });
            lose(state, p, Reason::DeckOut, events);
            false
        }
    }
}

/// The first loss condition met ends the game at once (JF-A20): nothing after it resolves.
pub(super) fn lose(state: &mut State, loser: Player, reason: Reason, events: &mut impl Log<Event>) {
    if state.outcome.is_none() {
        state.outcome = Some(Outcome {
            winner: Some(loser.other()),
            reason: reason.id(),
            turns: state.turn,
        });
        events.push(Event::Win {
            player: loser.other(),
            loser,
            reason: reason.id(),
        });
    }
}
