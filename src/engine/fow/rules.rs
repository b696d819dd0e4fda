//! Whether an action is allowed now, apart from its will payment. The checks return a small
//! reason value (no allocation), so that enumerating legal actions can ask them cheaply and a
//! rejected script action can say exactly which rule it breaks.

use super::action::{Aim, Named};
use super::cards::{Filter, Inst, Kind, QUICKCAST};
use super::state::{Caller, Obj, ObjKind, ObjRef, RulerAt, State, Step};
use crate::engine::Player;
use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    GameOver,
    NotYourDecision {
        who: Player,
        decider: Player,
        step: Step,
    },
    NotInHand {
        who: Player,
        card: &'static str,
    },
    NotPlayable {
        card: &'static str,
    },
    MainOnly {
        what: &'static str,
        who: Player,
    },
    NeedsQuickcast {
        card: &'static str,
        who: Player,
    },
    TargetMissing {
        card: &'static str,
    },
    TargetNotNeeded {
        card: &'static str,
    },
    BadTarget {
        card: &'static str,
        filter: Filter,
    },
    OrderNotResonator {
        card: &'static str,
    },
    NoOrder {
        ruler: &'static str,
    },
    OrderUsed {
        who: Player,
    },
    OrderTiming {
        who: Player,
    },
    RulerNotInArea {
        ruler: &'static str,
        what: &'static str,
    },
    AlreadyCalled {
        who: Player,
    },
    CallerRested {
        caller: &'static str,
    },
    CalledOnJudgmentTurn {
        caller: &'static str,
    },
    NoCaller {
        who: Player,
    },
    StoneDeckEmpty {
        who: Player,
    },
    NoJudgment {
        ruler: &'static str,
    },
    LostJudgment {
        ruler: &'static str,
    },
    RulerRested {
        ruler: &'static str,
    },
    NotInField {
        who: Player,
        card: &'static str,
    },
    NotYours {
        card: &'static str,
    },
    NotBattler {
        card: &'static str,
    },
    Rested {
        card: &'static str,
    },
    EnteredThisTurn {
        card: &'static str,
    },
    TargetRecovered {
        card: &'static str,
    },
    TargetOwn {
        card: &'static str,
    },
    FlyingBlock {
        attacker: &'static str,
        blocker: &'static str,
    },
    NoAbility {
        card: &'static str,
        index: u8,
    },
    RestAbilityThisTurn {
        card: &'static str,
    },
    ChaseFlag {
        chase: bool,
    },
    WrongStep {
        what: &'static str,
        step: Step,
    },
    /// A pass where the rules want a particular decision.
    DecideFirst {
        who: Player,
        step: Step,
    },
}

fn step_name(step: Step) -> &'static str {
    match step {
        Step::Mulligan => "the mulligans are being made",
        Step::Main => "it is the main phase",
        Step::Attack => "a battle has just been declared",
        Step::Block => "the defending player is deciding on a block",
        Step::AfterBlock => "the battle is about to deal damage",
        Step::Discard => "the turn player is discarding down to seven",
        Step::Over => "the game is over",
    }
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Why::GameOver => f.write_str("the game is over"),
            Why::NotYourDecision { who, decider, step } => write!(
                f,
                "it is {decider}'s decision, not {who}'s ({})",
                step_name(step)
            ),
            Why::NotInHand { who, card } => write!(f, "{who} has no {card} in hand"),
            Why::NotPlayable { card } => {
                write!(f, "{card} is not a resonator, addition or chant; it cannot be played")
            }
            Why::MainOnly { what, who } => write!(
                f,
                "{what} only in {who}'s own main phase, with an empty chase and no battle"
            ),
            Why::NeedsQuickcast { card, who } => write!(
                f,
                "{card} has no Quickcast: {who} can play it only in their own main phase, with an empty chase and no battle"
            ),
            Why::TargetMissing { card } => {
                write!(f, "{card} needs a target: add `targeting <resonator>`")
            }
            Why::TargetNotNeeded { card } => write!(f, "{card} takes no target"),
            Why::BadTarget { card, filter } => write!(
                f,
                "{card} must target {}",
                match filter {
                    Filter::Own => "a resonator its controller controls",
                    Filter::Enemy => "a resonator the opponent controls",
                    Filter::Any => "a resonator (a J/ruler is not a resonator)",
                    Filter::Nothing => "two different resonators at once, which is impossible",
                }
            ),
            Why::OrderNotResonator { card } => {
                write!(f, "Revolution Order goes with a resonator, and {card} is not one")
            }
            Why::NoOrder { ruler } => write!(f, "{ruler} has no Revolution Order"),
            Why::OrderUsed { who } => {
                write!(f, "{who} already did Revolution Order this turn")
            }
            Why::OrderTiming { who } => write!(
                f,
                "Revolution Order is only possible in {who}'s own main phase (FW-A10)"
            ),
            Why::RulerNotInArea { ruler, what } => {
                write!(f, "{what} needs {ruler} ruler side up in the ruler area")
            }
            Why::AlreadyCalled { who } => {
                write!(f, "{who} already called a magic stone this turn")
            }
            Why::CallerRested { caller } => {
                write!(f, "{caller} is rested, so it cannot rest to call a magic stone")
            }
            Why::CalledOnJudgmentTurn { caller } => write!(
                f,
                "{caller} did its Judgment this turn; a J/ruler cannot call a magic stone on that turn"
            ),
            Why::NoCaller { who } => write!(f, "{who} has no ruler or J/ruler to call with"),
            Why::StoneDeckEmpty { who } => {
                write!(f, "{who}'s magic stone deck is empty (FW-A04)")
            }
            Why::NoJudgment { ruler } => write!(f, "{ruler} has no Judgment"),
            Why::LostJudgment { ruler } => write!(
                f,
                "{ruler} lost its Judgment when its J/ruler was destroyed"
            ),
            Why::RulerRested { ruler } => {
                write!(f, "{ruler} is rested; Judgment needs a recovered ruler")
            }
            Why::NotInField { who, card } => {
                write!(f, "{who} has no {card} in the field")
            }
            Why::NotYours { card } => write!(f, "{card} is not under this player's control"),
            Why::NotBattler { card } => write!(f, "{card} is not a J/ruler or a resonator"),
            Why::Rested { card } => write!(f, "{card} is rested"),
            Why::EnteredThisTurn { card } => write!(
                f,
                "{card} was put into the field this turn and has no Swiftness"
            ),
            Why::TargetRecovered { card } => write!(
                f,
                "{card} is recovered; only the player or a rested J/resonator can be attacked"
            ),
            Why::TargetOwn { card } => write!(f, "{card} is on the attacker's own side"),
            Why::FlyingBlock { attacker, blocker } => write!(
                f,
                "{attacker} has Flying and {blocker} does not, so it cannot block"
            ),
            Why::NoAbility { card, index } => {
                write!(f, "{card} has no activate ability {}", u16::from(index) + 1)
            }
            Why::RestAbilityThisTurn { card } => write!(
                f,
                "{card} was put into the field this turn; without Swiftness it cannot use [Rest] abilities"
            ),
            Why::ChaseFlag { chase: true } => f.write_str("the chase is empty: there is nothing to chase"),
            Why::ChaseFlag { chase: false } => {
                f.write_str("the chase is not empty: this action chases it")
            }
            Why::DecideFirst { who, step } => match step {
                Step::Mulligan => write!(
                    f,
                    "{who} decides on the mulligan first: `{who} keeps` or `{who} mulligans <cards>`"
                ),
                Step::Block => write!(
                    f,
                    "{who} decides on the block first: `{who} blocks with <J/resonator>` or `{who} does not block`"
                ),
                _ => write!(
                    f,
                    "{who} is discarding down to seven first: `{who} discards <card>`"
                ),
            },
            Why::WrongStep { what, step } => {
                write!(f, "{what} is not possible now: {}", step_name(step))
            }
        }
    }
}

pub type Check = Result<(), Why>;

/// The turn player's main phase with an empty chase and no battle: where main-phase actions
/// (non-Quickcast cards, calling, Judgment, battles) happen (FW-A09 (a)).
pub fn main_window(state: &State, who: Player) -> bool {
    state.step == Step::Main && state.chase.is_empty() && who == state.active
}

/// Steps where a player with priority may chase (Quickcast, activate abilities).
pub fn priority_step(step: Step) -> bool {
    matches!(step, Step::Main | Step::Attack | Step::AfterBlock)
}

pub fn hand_inst(state: &State, who: Player, card: Named) -> Option<Inst> {
    state
        .seat(who)
        .hand
        .iter()
        .copied()
        .find(|&c| state.table.def_of(c) == card.def)
}

pub fn field_obj(state: &State, who: Player, aim: &Aim) -> Result<Obj, Why> {
    let r = ObjRef {
        owner: aim.owner,
        serial: aim.serial,
    };
    match state.obj(r) {
        Some(o) if aim.owner == who => Ok(*o),
        Some(_) => Err(Why::NotYours { card: aim.name }),
        None => Err(Why::NotInField {
            who: aim.owner,
            card: aim.name,
        }),
    }
}

pub fn target(
    state: &State,
    who: Player,
    card: &'static str,
    filter: Option<Filter>,
    target: Option<&Aim>,
) -> Check {
    match (filter, target) {
        (None, None) => Ok(()),
        (None, Some(_)) => Err(Why::TargetNotNeeded { card }),
        (Some(_), None) => Err(Why::TargetMissing { card }),
        (Some(f), Some(aim)) => {
            let r = ObjRef {
                owner: aim.owner,
                serial: aim.serial,
            };
            if state.obj(r).is_none() {
                return Err(Why::NotInField {
                    who: aim.owner,
                    card: aim.name,
                });
            }
            if state.target_ok(who, f, r) {
                Ok(())
            } else {
                Err(Why::BadTarget { card, filter: f })
            }
        }
    }
}

/// Playing a card from hand, apart from its target and payment.
pub fn play(state: &State, who: Player, card: Named, order: bool) -> Check {
    if hand_inst(state, who, card).is_none() {
        return Err(Why::NotInHand {
            who,
            card: card.name,
        });
    }
    play_from_hand(state, who, card, order)
}

/// [`play`] for a card known to be in `who`'s hand (listing walks the hand).
pub fn play_from_hand(state: &State, who: Player, card: Named, order: bool) -> Check {
    let info = &state.table.defs[usize::from(card.def)];
    if !matches!(info.kind, Kind::Resonator | Kind::Chant | Kind::Addition) {
        return Err(Why::NotPlayable { card: card.name });
    }
    if !main_window(state, who) {
        if info.keywords & QUICKCAST == 0 {
            return Err(Why::NeedsQuickcast {
                card: card.name,
                who,
            });
        }
        if !priority_step(state.step) {
            return Err(Why::WrongStep {
                what: "playing a card",
                step: state.step,
            });
        }
    }
    if order {
        revolution_order(state, who, card)?;
    }
    Ok(())
}

/// FW-A10 (a): only in your own main phase (battles and chases within it included), with the
/// ruler ruler side up in the ruler area, once a turn, at no further cost.
pub fn revolution_order(state: &State, who: Player, card: Named) -> Check {
    let info = &state.table.defs[usize::from(card.def)];
    if info.kind != Kind::Resonator {
        return Err(Why::OrderNotResonator { card: card.name });
    }
    let seat = state.seat(who);
    let ruler = state.info(seat.ruler);
    if !ruler.revolution_order {
        return Err(Why::NoOrder { ruler: ruler.name });
    }
    if who != state.active || !priority_step(state.step) {
        return Err(Why::OrderTiming { who });
    }
    if seat.ruler_at != RulerAt::Area {
        return Err(Why::RulerNotInArea {
            ruler: ruler.name,
            what: "Revolution Order",
        });
    }
    if seat.ordered {
        return Err(Why::OrderUsed { who });
    }
    Ok(())
}

pub fn call(state: &State, who: Player) -> Check {
    if !main_window(state, who) {
        return Err(Why::MainOnly {
            what: "a magic stone can be called",
            who,
        });
    }
    let seat = state.seat(who);
    if seat.called {
        return Err(Why::AlreadyCalled { who });
    }
    match state.caller(who) {
        None => return Err(Why::NoCaller { who }),
        Some(Caller::Ruler) => {
            if seat.ruler_rested {
                return Err(Why::CallerRested {
                    caller: state.info(seat.ruler).name,
                });
            }
        }
        Some(Caller::JRuler(serial)) => {
            let r = ObjRef { owner: who, serial };
            let Some(o) = state.obj(r) else {
                return Err(Why::NoCaller { who });
            };
            let caller = state.obj_name(o);
            if o.rested {
                return Err(Why::CallerRested { caller });
            }
            // "except on the turn you did its judgment"; an ordered J/ruler may call at once.
            if o.kind == ObjKind::JRuler && seat.judgment_turn == state.turn {
                return Err(Why::CalledOnJudgmentTurn { caller });
            }
        }
    }
    if seat.stones.is_empty() {
        return Err(Why::StoneDeckEmpty { who });
    }
    Ok(())
}

pub fn caller_name(state: &State, who: Player) -> &'static str {
    let seat = state.seat(who);
    match state.caller(who) {
        Some(Caller::JRuler(serial)) => state
            .obj(ObjRef { owner: who, serial })
            .map_or("?", |o| state.obj_name(o)),
        _ => state.info(seat.ruler).name,
    }
}

pub fn judgment(state: &State, who: Player) -> Check {
    let seat = state.seat(who);
    let ruler = state.info(seat.ruler);
    if ruler.judgment.is_none() {
        return Err(Why::NoJudgment { ruler: ruler.name });
    }
    if !main_window(state, who) {
        return Err(Why::MainOnly {
            what: "Judgment is possible",
            who,
        });
    }
    if seat.ruler_at != RulerAt::Area {
        return Err(Why::RulerNotInArea {
            ruler: ruler.name,
            what: "Judgment",
        });
    }
    if seat.lost_judgment {
        return Err(Why::LostJudgment { ruler: ruler.name });
    }
    if seat.ruler_rested {
        return Err(Why::RulerRested { ruler: ruler.name });
    }
    Ok(())
}

pub fn attack(state: &State, who: Player, attacker: &Aim, target: Option<&Aim>) -> Check {
    if !main_window(state, who) {
        return Err(Why::MainOnly {
            what: "battle can be declared",
            who,
        });
    }
    let o = field_obj(state, who, attacker)?;
    if !o.kind.battles() {
        return Err(Why::NotBattler {
            card: attacker.name,
        });
    }
    if o.rested {
        return Err(Why::Rested {
            card: attacker.name,
        });
    }
    if o.entered == state.turn && !state.swift(&o) {
        return Err(Why::EnteredThisTurn {
            card: attacker.name,
        });
    }
    if let Some(t) = target {
        if t.owner == who {
            return Err(Why::TargetOwn { card: t.name });
        }
        let d = field_obj(state, t.owner, t)?;
        if !d.kind.battles() {
            return Err(Why::NotBattler { card: t.name });
        }
        if !d.rested {
            return Err(Why::TargetRecovered { card: t.name });
        }
    }
    Ok(())
}

pub fn block(state: &State, who: Player, blocker: &Aim) -> Check {
    if state.step != Step::Block {
        return Err(Why::WrongStep {
            what: "blocking",
            step: state.step,
        });
    }
    let o = field_obj(state, who, blocker)?;
    if !o.kind.battles() {
        return Err(Why::NotBattler { card: blocker.name });
    }
    if o.rested {
        return Err(Why::Rested { card: blocker.name });
    }
    if let Some(a) = state.battle.and_then(|b| state.obj(b.attacker)) {
        if state.flying(a) && !state.flying(&o) {
            return Err(Why::FlyingBlock {
                attacker: state.obj_name(a),
                blocker: blocker.name,
            });
        }
    }
    Ok(())
}

/// An activate ability's source, index and timing, apart from target and payment.
pub fn ability(state: &State, who: Player, source: Option<&Aim>, index: u8) -> Result<Inst, Why> {
    ability_step(state)?;
    let found = match source {
        None => None,
        Some(aim) => Some((field_obj(state, who, aim)?, aim.name)),
    };
    ability_of(state, who, found.as_ref().map(|(o, name)| (o, *name)), index)
}

fn ability_step(state: &State) -> Check {
    if priority_step(state.step) {
        Ok(())
    } else {
        Err(Why::WrongStep {
            what: "activating an ability",
            step: state.step,
        })
    }
}

/// [`ability`] for a source already found in `who`'s field, with the name it goes by
/// (listing walks the field); `None` for the ruler in the ruler area.
pub fn ability_of(
    state: &State,
    who: Player,
    source: Option<(&Obj, &'static str)>,
    index: u8,
) -> Result<Inst, Why> {
    ability_step(state)?;
    let seat = state.seat(who);
    let (inst, name, rested, restricted) = match source {
        None => {
            let ruler = state.info(seat.ruler);
            if seat.ruler_at != RulerAt::Area {
                return Err(Why::RulerNotInArea {
                    ruler: ruler.name,
                    what: "using the ruler's abilities",
                });
            }
            (seat.ruler, ruler.name, seat.ruler_rested, false)
        }
        Some((o, name)) => {
            if o.kind == ObjKind::JRuler {
                // The J/ruler side has no activate abilities of its own.
                return Err(Why::NoAbility { card: name, index });
            }
            let restricted = o.kind.battles() && o.entered == state.turn && !state.swift(o);
            (o.inst, name, o.rested, restricted)
        }
    };
    let info = state.info(inst);
    let Some(ab) = info.abilities.get(usize::from(index)) else {
        return Err(Why::NoAbility { card: name, index });
    };
    if ab.rest {
        if rested {
            return Err(Why::Rested { card: name });
        }
        if restricted {
            return Err(Why::RestAbilityThisTurn { card: name });
        }
    }
    Ok(inst)
}
