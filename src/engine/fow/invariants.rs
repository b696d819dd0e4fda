//! What must hold after every action, whatever was played: random self-play checks these
//! after each step. A J/resonator's orientation is one flag, so "both rested and recovered"
//! cannot even be written down; the checks below cover what the types do not.

use super::cards::Kind;
use super::event::Event;
use super::state::{HandCards, ObjKind, RulerAt, State, Step, What, MAX_HAND};
use crate::engine::Player;

pub fn check_invariants(state: &State) -> Result<(), String> {
    cards_conserved(state)?;
    for p in Player::BOTH {
        seat(state, p)?;
    }
    flow(state)
}

fn cards_conserved(state: &State) -> Result<(), String> {
    let n = state.table.insts.len();
    let mut seen = vec![0u8; n];
    let mut mark = |inst: u16, owner: Player, zone: &str| -> Result<(), String> {
        let i = usize::from(inst);
        if i >= n {
            return Err(format!("{zone} of {owner} holds unknown card #{inst}"));
        }
        if state.owner(inst) != owner {
            return Err(format!(
                "{} (#{inst}) sits in {owner}'s {zone} but belongs to {}",
                state.info(inst).name,
                state.owner(inst)
            ));
        }
        seen[i] += 1;
        Ok(())
    };
    for p in Player::BOTH {
        let s = state.seat(p);
        for &c in &s.deck {
            mark(c, p, "deck")?;
        }
        for &c in &s.stones {
            mark(c, p, "magic stone deck")?;
        }
        for &c in &s.hand {
            mark(c, p, "hand")?;
        }
        for &c in &s.grave {
            mark(c, p, "graveyard")?;
        }
        for o in &s.field {
            mark(o.inst, p, "field")?;
        }
        if s.ruler_at != RulerAt::Field {
            mark(s.ruler, p, "ruler or order area")?;
        }
    }
    for item in &state.chase {
        if let What::Card { inst, .. } = item.what {
            mark(inst, item.who, "chase")?;
        }
    }
    if let Some(i) = seen.iter().position(|&c| c != 1) {
        let inst = i as u16;
        return Err(format!(
            "{} (#{i}, {}'s) is in {} zones at once",
            state.info(inst).name,
            state.owner(inst),
            seen[i]
        ));
    }
    for p in Player::BOTH {
        let owned = seen
            .iter()
            .enumerate()
            .filter(|&(i, _)| state.owner(i as u16) == p)
            .count();
        if owned != usize::from(state.seat(p).cards) {
            return Err(format!(
                "{p} brought {} cards and has {owned}",
                state.seat(p).cards
            ));
        }
    }
    Ok(())
}

fn seat(state: &State, p: Player) -> Result<(), String> {
    let s = state.seat(p);
    let kind_of = |inst: u16| state.info(inst).kind;
    for &c in s.deck.iter().chain(&s.hand) {
        if !matches!(kind_of(c), Kind::Resonator | Kind::Chant | Kind::Addition) {
            return Err(format!("{p}'s deck or hand holds {}", state.info(c).name));
        }
    }
    for &c in &s.stones {
        if kind_of(c) != Kind::Stone {
            return Err(format!(
                "{p}'s magic stone deck holds {}",
                state.info(c).name
            ));
        }
    }
    if s.grave.contains(&s.ruler) {
        return Err(format!("{p}'s ruler is in the graveyard"));
    }
    let mut j_rulers = 0;
    let mut ordered = 0;
    let mut rested_stones = 0u32;
    let bonus = state.group_bonus();
    for (i, o) in s.field.iter().enumerate() {
        let name = state.obj_name(o);
        let ok = match o.kind {
            ObjKind::Resonator | ObjKind::Ordered => kind_of(o.inst) == Kind::Resonator,
            ObjKind::Addition => kind_of(o.inst) == Kind::Addition,
            ObjKind::Stone => kind_of(o.inst) == Kind::Stone,
            ObjKind::JRuler => o.inst == s.ruler && state.info(o.inst).judgment.is_some(),
        };
        if !ok {
            return Err(format!("{p}'s {name} is in the field as {:?}", o.kind));
        }
        match o.kind {
            ObjKind::JRuler => j_rulers += 1,
            ObjKind::Ordered => ordered += 1,
            ObjKind::Stone if o.rested => rested_stones += 1,
            _ => {}
        }
        if o.entered > state.turn || o.serial > state.serial || o.serial == 0 {
            return Err(format!(
                "{p}'s {name} has entered {} / serial {}",
                o.entered, o.serial
            ));
        }
        if s.field[..i].iter().any(|x| x.serial == o.serial) {
            return Err(format!("two objects share serial {}", o.serial));
        }
        if o.damage < 0 {
            return Err(format!("{p}'s {name} has negative damage {}", o.damage));
        }
        if o.damage > 0 && !state.damage_dealt {
            return Err(format!(
                "{p}'s {name} has {} damage, and the state says none was dealt this turn",
                o.damage
            ));
        }
        if o.kind.battles() {
            let def = state.stats_with(p, o, &bonus).1;
            if state.outcome.is_none() && super::effects::lethal(o.damage, def) {
                return Err(format!(
                    "{p}'s {name} has {} damage against DEF {def} and is still in the field",
                    o.damage
                ));
            }
        } else if o.damage != 0 || o.temp_atk != 0 || o.temp_def != 0 {
            return Err(format!(
                "{p}'s {name} is not a J/resonator but carries damage or a boost"
            ));
        }
    }
    let placed = match s.ruler_at {
        RulerAt::Area => j_rulers == 0 && ordered == 0,
        RulerAt::Field => j_rulers == 1 && ordered == 0,
        RulerAt::Order => j_rulers == 0 && ordered == 1,
    };
    if !placed {
        return Err(format!(
            "{p}'s ruler is at {:?} with {j_rulers} Judgment J/rulers and {ordered} ordered J/rulers in the field",
            s.ruler_at
        ));
    }
    if s.lost_judgment && s.ruler_at == RulerAt::Field {
        return Err(format!("{p}'s ruler lost its Judgment yet is a J/ruler"));
    }
    if s.will_paid + s.stone_ability_rests != rested_stones {
        return Err(format!(
            "{p} paid {} will (and rested {} stones for abilities) since recovering, but {rested_stones} magic stones are rested",
            s.will_paid, s.stone_ability_rests
        ));
    }
    let recovered = state.recount_stones(p);
    if s.recovered != recovered {
        return Err(format!(
            "{p}'s recovered magic stones by kind are kept as {:?}, and the field has {recovered:?}",
            s.recovered
        ));
    }
    let resonators = state.count_resonators(p);
    if s.resonators != resonators {
        return Err(format!(
            "{p}'s resonators in the field are kept as {}, and the field has {resonators}",
            s.resonators
        ));
    }
    if s.in_hand != HandCards::of(&s.hand, &state.table) {
        return Err(format!(
            "{p}'s hand is kept as {:?}, and the hand holds {:?}",
            s.in_hand, s.hand
        ));
    }
    if s.hand_after_end > MAX_HAND {
        return Err(format!(
            "{p} ended a turn with {} cards in hand",
            s.hand_after_end
        ));
    }
    Ok(())
}

fn flow(state: &State) -> Result<(), String> {
    if state.bonus != state.group_bonus() {
        return Err(format!(
            "the continuous boosts are kept as {:?}, and the fields add up to {:?}",
            state.bonus,
            state.group_bonus()
        ));
    }
    let over = state.step == Step::Over;
    if over != state.outcome.is_some() {
        return Err(format!(
            "step {:?} but outcome {:?}",
            state.step, state.outcome
        ));
    }
    if (state.step == Step::Mulligan) != (state.turn == 0) && !over {
        return Err(format!("step {:?} on turn {}", state.step, state.turn));
    }
    let in_battle = matches!(state.step, Step::Attack | Step::Block | Step::AfterBlock);
    if !over && in_battle != state.battle.is_some() {
        return Err(format!(
            "step {:?} with battle {:?}",
            state.step, state.battle
        ));
    }
    if state.passes >= 2 {
        return Err("two passes in a row were not acted on".into());
    }
    if !state.chase.is_empty()
        && !over
        && !matches!(state.step, Step::Main | Step::Attack | Step::AfterBlock)
    {
        return Err(format!("the chase is not empty in step {:?}", state.step));
    }
    for item in &state.chase {
        if let What::Card { inst, order } = item.what {
            let kind = state.info(inst).kind;
            if !matches!(kind, Kind::Resonator | Kind::Chant | Kind::Addition)
                || (order && kind != Kind::Resonator)
            {
                return Err(format!("{} is on the chase", state.info(inst).name));
            }
        }
    }
    Ok(())
}

/// One action's events against the states around it: life moves only by the life-loss and
/// life-gain events, card by card, and the events report it exactly.
pub fn check_transition(before: &State, events: &[Event], after: &State) -> Result<(), String> {
    for p in Player::BOTH {
        let mut life = i64::from(before.seat(p).life);
        for e in events {
            match *e {
                Event::LifeLoss {
                    player,
                    amount,
                    life: now,
                    ..
                } if player == p => {
                    life -= i64::from(amount);
                    if life != i64::from(now) {
                        return Err(format!(
                            "{p}'s life-loss event says {now}, the sum is {life}"
                        ));
                    }
                }
                Event::LifeGain {
                    player,
                    amount,
                    life: now,
                    ..
                } if player == p => {
                    life += i64::from(amount);
                    if life != i64::from(now) {
                        return Err(format!(
                            "{p}'s life-gain event says {now}, the sum is {life}"
                        ));
                    }
                }
                _ => {}
            }
        }
        if life != i64::from(after.seat(p).life) {
            return Err(format!(
                "{p}'s life went from {} to {}, but the events add up to {life}",
                before.seat(p).life,
                after.seat(p).life
            ));
        }
    }
    if before.outcome.is_some() && !events.is_empty() {
        return Err("events after the game ended".into());
    }
    Ok(())
}
