//! Applying an action: every check comes before any change, so a refused action leaves the
//! state as it was. One code path serves both uses: [`apply`] checks everything; for an
//! action the engine itself just listed for this state, [`apply_checking`] with `CHECKED`
//! false skips what the listing already guarantees, as random play and a search's rollouts
//! apply them (`Engine::apply_listed`; issue #15, point 4).

use super::action::{targets, Action, UnitRef};
use super::cards::{same_name, Kind, Side, Table, HAND_CAP};
use super::effects::{damage_hero, destroy, pay, resolve, At, Effects};
use super::event::Event;
use super::state::{abilities, Phase, Slot, State, Unit};
use super::turn::{end_turn, pass_turn};
use crate::engine::log::Log;
use crate::engine::{IllegalAction, Outcome, Player};
use std::fmt;

/// "Ember Striker's ability", as a refusal names it.
struct AbilityOf(&'static str);

impl fmt::Display for AbilityOf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}'s ability", self.0)
    }
}

fn illegal<T>(message: impl Into<String>) -> Result<T, IllegalAction> {
    Err(IllegalAction(message.into()))
}

/// The card holding a unit's `n`th ability, and the ability's index on that card.
fn ability_at(table: &Table, unit: &Unit, n: usize) -> Option<(u16, usize)> {
    let mut left = n;
    for card in std::iter::once(unit.card).chain(unit.evolutions.iter().copied()) {
        let count = table.card(card).abilities.len();
        if left < count {
            return Some((card, left));
        }
        left -= count;
    }
    None
}

/// The unit a reference names, if it is still there (under that name, when checked).
fn unit_at<'s, const CHECKED: bool>(state: &'s State, r: &UnitRef) -> Result<&'s Unit, IllegalAction> {
    match state.unit(r.owner, r.slot) {
        Some(u) if !CHECKED || same_name(u.name(&state.table), r.name) => Ok(u),
        _ => illegal(format!("{}'s {} is not in play", r.owner, r.name)),
    }
}

fn describe(r: &UnitRef) -> String {
    match r.slot {
        Slot::Hero => format!("{}'s Hero {}", r.owner, r.name),
        Slot::Battle(_) => format!("{}'s {}", r.owner, r.name),
    }
}

/// Checks the Strike a play names against what its effects allow (JF-R01: a card that must
/// choose a Strike cannot be played without one); unchecked, only where it stands.
fn check_target<const CHECKED: bool>(
    state: &State,
    player: Player,
    choice: Option<Side>,
    target: Option<&UnitRef>,
    what: &dyn fmt::Display,
) -> Result<At, IllegalAction> {
    if !CHECKED {
        return Ok(target.map(|r| (r.owner, r.slot)));
    }
    match (choice, target) {
        (None, None) => Ok(None),
        (None, Some(_)) => illegal(format!("{what} takes no target")),
        (Some(side), None) => {
            if targets(state, player, side).next().is_some() {
                illegal(format!(
                    "{what} needs a target: {} (`targeting …`)",
                    side.describe()
                ))
            } else {
                illegal(format!(
                    "{what} needs {} to target, and there is none",
                    side.describe()
                ))
            }
        }
        (Some(side), Some(r)) => {
            unit_at::<CHECKED>(state, r)?;
            if r.slot == Slot::Hero {
                return illegal(format!("{what} aims at {}, not a Hero", side.describe()));
            }
            let ok = match side {
                Side::Own => r.owner == player,
                Side::Enemy => r.owner != player,
                Side::Any => true,
            };
            if !ok {
                return illegal(format!(
                    "{what} aims at {}; {} is not one",
                    side.describe(),
                    describe(r)
                ));
            }
            Ok(Some((r.owner, r.slot)))
        }
    }
}

pub fn apply(
    state: &mut State,
    action: &Action,
    events: &mut impl Log<Event>,
) -> Result<(), IllegalAction> {
    apply_checking::<true>(state, action, events)
}

/// Applies `action`, checking it first when `CHECKED`. Unchecked is for an action
/// [`super::legal`] listed or drew for this very state: the listing made it legal, so nothing
/// is checked.
pub fn apply_checking<const CHECKED: bool>(
    state: &mut State,
    action: &Action,
    events: &mut impl Log<Event>,
) -> Result<(), IllegalAction> {
    if CHECKED {
        let who = action.player();
        if let Some(Outcome {
            winner: Some(winner),
            reason,
            ..
        }) = &state.outcome
        {
            return illegal(format!("the game is over ({winner} won: {reason})"));
        }
        let decider = state.decider();
        if who != decider {
            return illegal(match state.phase {
                Phase::Action => format!("it is {decider}'s Action Phase; {who} acts only to block"),
                Phase::Block { .. } => {
                    format!("{decider} must first decide whether to block (`{decider} block with …` or `{decider} no block`)")
                }
                Phase::Discard => format!("{decider} must first discard down to {HAND_CAP} cards"),
            });
        }
    }
    // On the phase first, then the action, checked or not: a jump among the Action Phase's
    // five kinds rather than all eight mispredicts less often, which outweighs its few more
    // instructions (benches/engine.rs, `random_game`; issue #15, point 4).
    match (state.phase, *action) {
        (Phase::Action, Action::Play { player, hand, card, target }) => {
            play::<CHECKED>(state, player, hand, card, target.as_ref(), events)
        }
        (Phase::Action, Action::Evolve { player, hand, card, onto }) => {
            evolve::<CHECKED>(state, player, hand, card, &onto, events)
        }
        (Phase::Action, Action::Activate { player, unit, ability, target }) => {
            activate::<CHECKED>(state, player, &unit, ability, target.as_ref(), events)
        }
        (Phase::Action, Action::Attack { player, attacker }) => {
            attack::<CHECKED>(state, player, &attacker, events)
        }
        (Phase::Action, Action::End { player }) => {
            end_turn(state, player, events);
            Ok(())
        }
        (Phase::Block { attacker }, Action::Block { player, blocker }) => {
            block::<CHECKED>(state, player, attacker, &blocker, events)
        }
        (Phase::Block { attacker }, Action::NoBlock { player }) => {
            events.push(Event::NoBlock { player });
            state.phase = Phase::Action;
            hit(state, attacker, events);
            Ok(())
        }
        (Phase::Discard, Action::Discard { player, hand, card }) => {
            discard::<CHECKED>(state, player, hand, card, events)
        }
        _ => Err(out_of_phase(state, action)),
    }
}

/// Why `action` cannot be taken in the state's phase.
fn out_of_phase(state: &State, action: &Action) -> IllegalAction {
    let who = action.player();
    IllegalAction(match (state.phase, action) {
        (Phase::Action, Action::Discard { .. }) => format!(
            "{who} discards only at the End Phase, down to {HAND_CAP} cards"
        ),
        (Phase::Action, _) => format!("there is no attack for {who} to block"),
        (Phase::Block { .. }, _) => format!(
            "{who} must first decide whether to block (`{who} block with …` or `{who} no block`)"
        ),
        (Phase::Discard, _) => format!(
            "{who} has {} cards at the End Phase and must discard down to {HAND_CAP} first (`{who} discard …`)",
            state.seat(who).hand.len()
        ),
    })
}

/// The card at `hand` in `player`'s hand, if it is the one named (when checked).
fn from_hand<const CHECKED: bool>(
    state: &State,
    player: Player,
    hand: u8,
    name: &str,
) -> Result<u16, IllegalAction> {
    match state.seat(player).hand.get(usize::from(hand)) {
        Some(&c) if !CHECKED || same_name(state.table.name(c), name) => Ok(c),
        _ => illegal(format!("{player} has no {name} in hand")),
    }
}

/// Takes the card at `hand` out of `player`'s hand, once [`from_hand`] has checked it.
fn take_from_hand(state: &mut State, player: Player, hand: u8) {
    let State { table, seats, .. } = state;
    seats[player.index()].hand.remove(usize::from(hand), table);
}

fn afford<const CHECKED: bool>(
    state: &State,
    player: Player,
    cost: i32,
    what: &dyn fmt::Display,
) -> Result<(), IllegalAction> {
    let charge = state.seat(player).charge;
    if CHECKED && cost > charge {
        return illegal(format!("{what} costs {cost} Charge; {player} has {charge}"));
    }
    Ok(())
}

fn play<const CHECKED: bool>(
    state: &mut State,
    player: Player,
    hand: u8,
    name: &'static str,
    target: Option<&UnitRef>,
    events: &mut impl Log<Event>,
) -> Result<(), IllegalAction> {
    let card = from_hand::<CHECKED>(state, player, hand, name)?;
    let info = state.table.card(card);
    if CHECKED {
        match info.kind {
            Kind::Hero => return illegal(format!("{name} is a Hero; Heroes are not played from the hand")),
            Kind::Evolution => {
                return illegal(format!(
                    "{name} is an Evolution: evolve it onto a matching card (`{player} evolve {name} on …`)"
                ))
            }
            Kind::Strike | Kind::Support | Kind::Legendary => {}
        }
        if info.legendary && state.seat(player).legendary_used.contains(&card) {
            return illegal(format!(
                "{name} is Legendary, and {player} has already used it this game (once per match)"
            ));
        }
    }
    // A missing target is the more basic reason (JF-R01), so it is checked before the cost.
    let chosen = check_target::<CHECKED>(state, player, info.choice, target, &name)?;
    afford::<CHECKED>(state, player, info.cost, &name)?;
    let (kind, cost, legendary) = (info.kind, info.cost, info.legendary);

    take_from_hand(state, player, hand);
    pay(state, player, cost, events);
    events.push(Event::Play {
        player,
        card: name,
        kind,
    });
    if legendary {
        // JF-A04: the once-per-match use is spent when the card is played.
        state.seat_mut(player).legendary_used.push(card);
    }
    match kind {
        Kind::Strike => {
            let seat = state.seat_mut(player);
            seat.battle.push(Unit::new(card));
            let this = Some((player, Slot::Battle((seat.battle.len() - 1) as u8)));
            resolve(state, player, Effects::Card(card), this, chosen, None, events);
        }
        _ => {
            let attached = resolve(
                state,
                player,
                Effects::Card(card),
                None,
                chosen,
                Some(card),
                events,
            );
            if !attached {
                state.seat_mut(player).discard.push(card);
                events.push(Event::ToDiscard { player, card: name });
            }
        }
    }
    Ok(())
}

fn evolve<const CHECKED: bool>(
    state: &mut State,
    player: Player,
    hand: u8,
    name: &'static str,
    onto: &UnitRef,
    events: &mut impl Log<Event>,
) -> Result<(), IllegalAction> {
    let card = from_hand::<CHECKED>(state, player, hand, name)?;
    let table = &*state.table;
    let info = table.card(card);
    let Some(evo) = info.evolution else {
        return illegal(format!("{name} is not an Evolution card"));
    };
    if CHECKED {
        if onto.owner != player {
            return illegal(format!(
                "Evolutions go on your own Hero or Strikes (JF-A09); {} is not {player}'s",
                describe(onto)
            ));
        }
        let unit = unit_at::<CHECKED>(state, onto)?;
        if unit.card != evo.base {
            return illegal(format!(
                "{name} evolves {}, not {}",
                table.name(evo.base),
                table.name(unit.card)
            ));
        }
        let needed = evo.level.checked_sub(1);
        let current = unit.level(table);
        let same_line = unit
            .evolutions
            .last()
            .and_then(|&e| table.card(e).evolution)
            .is_none_or(|e| e.line == evo.line);
        if current != needed || !same_line {
            let level = table.level_name(evo.level);
            let now = current.map_or("no Evolution".to_owned(), |l| {
                format!("level {}", table.level_name(l))
            });
            return illegal(match needed {
                Some(n) => format!(
                    "{name} is level {level}: it needs level {} of its line in play on {}, which has {now}",
                    table.level_name(n),
                    describe(onto)
                ),
                None => format!("{name} is level {level} and goes only on an unevolved {}; it has {now}", table.name(evo.base)),
            });
        }
    }
    afford::<CHECKED>(state, player, info.cost, &name)?;
    let (cost, hp) = (info.cost, info.hp);

    take_from_hand(state, player, hand);
    pay(state, player, cost, events);
    let State { table, seats, .. } = &mut *state;
    let seat = &mut seats[player.index()];
    let Some(unit) = seat.unit_mut(onto.slot) else {
        return Ok(());
    };
    unit.evolutions.push(card);
    let attack = unit.attack(table);
    events.push(Event::Evolve {
        player,
        card: name,
        onto: onto.name,
        level: table.level_name(evo.level),
        attack,
    });
    if onto.slot == Slot::Hero && hp != 0 {
        // JF-A11: a Hero's maximum rises by the Evolution's HP and damage taken stays taken.
        seat.max_hp += hp;
        seat.hp += hp;
        events.push(Event::MaxHp {
            player,
            max_hp: seat.max_hp,
            hp: seat.hp,
            added: hp,
        });
    }
    resolve(
        state,
        player,
        Effects::Card(card),
        Some((player, onto.slot)),
        None,
        None,
        events,
    );
    Ok(())
}

fn activate<const CHECKED: bool>(
    state: &mut State,
    player: Player,
    unit_ref: &UnitRef,
    ability: u8,
    target: Option<&UnitRef>,
    events: &mut impl Log<Event>,
) -> Result<(), IllegalAction> {
    let table = &*state.table;
    if CHECKED && unit_ref.owner != player {
        return illegal(format!(
            "{player} can activate only their own cards' abilities"
        ));
    }
    let unit = unit_at::<CHECKED>(state, unit_ref)?;
    let Some((card, index)) = ability_at(table, unit, usize::from(ability)) else {
        let count = abilities(table, unit).count();
        return illegal(match count {
            0 => format!("{} has no activated ability", describe(unit_ref)),
            1 => format!("{} has only one activated ability", describe(unit_ref)),
            n => format!(
                "{} has {n} activated abilities, not {}",
                describe(unit_ref),
                ability + 1
            ),
        });
    };
    let Some(info) = table.card(card).abilities.get(index) else {
        return Ok(());
    };
    // Named only if refused: a formatted name per activation was an allocation per action.
    let what = AbilityOf(unit_ref.name);
    let chosen = check_target::<CHECKED>(state, player, info.choice, target, &what)?;
    afford::<CHECKED>(state, player, info.charge, &what)?;
    let charge = info.charge;

    pay(state, player, charge, events);
    events.push(Event::Activate {
        player,
        unit: unit_ref.name,
    });
    resolve(
        state,
        player,
        Effects::Ability { card, index },
        Some((player, unit_ref.slot)),
        chosen,
        None,
        events,
    );
    Ok(())
}

fn attack<const CHECKED: bool>(
    state: &mut State,
    player: Player,
    attacker: &UnitRef,
    events: &mut impl Log<Event>,
) -> Result<(), IllegalAction> {
    if CHECKED && attacker.owner != player {
        return illegal(format!(
            "{player} attacks only with their own Hero or Strikes"
        ));
    }
    let unit = unit_at::<CHECKED>(state, attacker)?;
    if CHECKED && unit.attacked {
        return illegal(match attacker.slot {
            Slot::Hero => format!("{player}'s Hero has already attacked this turn"),
            Slot::Battle(_) => format!("{} has already attacked this turn", attacker.name),
        });
    }
    let value = unit.attack(&state.table);
    if let Some(unit) = state.seat_mut(player).unit_mut(attacker.slot) {
        unit.attacked = true;
    }
    events.push(Event::Attack {
        player,
        attacker: attacker.name,
        attack: value,
    });
    let defender = player.other();
    if state.seat(defender).battle.is_empty() {
        events.push(Event::NoBlocker { player: defender });
        hit(state, attacker.slot, events);
    } else {
        state.phase = Phase::Block {
            attacker: attacker.slot,
        };
    }
    Ok(())
}

/// An unblocked attack: damage equal to the attack value hits the defending Hero.
fn hit(state: &mut State, attacker: Slot, events: &mut impl Log<Event>) {
    let p = state.active;
    let value = state
        .unit(p, attacker)
        .map_or(0, |u| u.attack(&state.table));
    damage_hero(state, p.other(), value, events);
}

fn block<const CHECKED: bool>(
    state: &mut State,
    player: Player,
    attacker: Slot,
    blocker: &UnitRef,
    events: &mut impl Log<Event>,
) -> Result<(), IllegalAction> {
    if CHECKED && (blocker.owner != player || blocker.slot == Slot::Hero) {
        return illegal(format!(
            "only a Strike in {player}'s Battle Zone can block (a Hero never blocks: JF-A17)"
        ));
    }
    let b = unit_at::<CHECKED>(state, blocker)?.attack(&state.table);
    let a = state
        .unit(state.active, attacker)
        .map_or(0, |u| u.attack(&state.table));
    events.push(Event::Block {
        player,
        blocker: blocker.name,
        attack: b,
    });
    state.phase = Phase::Action;
    let Slot::Battle(bi) = blocker.slot else {
        return Ok(());
    };
    let active = state.active;
    match attacker {
        // JF-A13: a Hero cannot be destroyed; it destroys a blocker it equals or beats, and
        // otherwise the attack simply ends.
        Slot::Hero => {
            if a >= b {
                destroy(state, player, usize::from(bi), events);
            } else {
                events.push(Event::Holds {
                    player,
                    blocker: blocker.name,
                });
            }
        }
        Slot::Battle(ai) => {
            if a >= b {
                destroy(state, player, usize::from(bi), events);
            }
            if b >= a {
                destroy(state, active, usize::from(ai), events);
            }
        }
    }
    Ok(())
}

fn discard<const CHECKED: bool>(
    state: &mut State,
    player: Player,
    hand: u8,
    name: &'static str,
    events: &mut impl Log<Event>,
) -> Result<(), IllegalAction> {
    let card = from_hand::<CHECKED>(state, player, hand, name)?;
    take_from_hand(state, player, hand);
    let seat = state.seat_mut(player);
    seat.discard.push(card);
    let left = seat.hand.len();
    events.push(Event::HandDiscard {
        player,
        card: name,
        hand: left,
    });
    if left <= HAND_CAP {
        pass_turn(state, events);
    }
    Ok(())
}
