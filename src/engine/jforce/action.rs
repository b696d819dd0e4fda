//! J Force actions and their script language: `p1 play Ember Striker`, `p1 play Shatter
//! targeting p2 Iron Guard`, `p1 evolve Chrono Spark on hero`, `p1 attack with Ember Striker`,
//! `p2 block with Iron Guard`, `p2 no block`, `p1 activate hero`, `p1 discard Time Skip`,
//! `p1 end`. An action prints itself in the same language, so any legal action can be pasted
//! into a script.

use super::cards::Side;
use super::state::{Slot, State, Unit};
use crate::engine::Player;
use std::fmt;

/// A Hero or Strike in play, by owner and position, with the name it prints under and its
/// ordinal among same-named units on that side (`Iron Guard #2`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnitRef {
    pub owner: Player,
    pub slot: Slot,
    pub name: &'static str,
    pub nth: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Play a Strike, Support or Legendary from the hand (`hand` is its position).
    Play {
        player: Player,
        hand: u8,
        card: &'static str,
        target: Option<UnitRef>,
    },
    /// Layer an Evolution from the hand onto a matching Hero or Strike.
    Evolve {
        player: Player,
        hand: u8,
        card: &'static str,
        onto: UnitRef,
    },
    /// Use an activated ability of a Hero or Strike (`ability` counts from 0).
    Activate {
        player: Player,
        unit: UnitRef,
        ability: u8,
        target: Option<UnitRef>,
    },
    Attack {
        player: Player,
        attacker: UnitRef,
    },
    Block {
        player: Player,
        blocker: UnitRef,
    },
    NoBlock {
        player: Player,
    },
    /// Discard down to the hand cap at the End Phase.
    Discard {
        player: Player,
        hand: u8,
        card: &'static str,
    },
    /// End the Action Phase (and the turn).
    End {
        player: Player,
    },
}

impl Action {
    pub fn player(&self) -> Player {
        match *self {
            Action::Play { player, .. }
            | Action::Evolve { player, .. }
            | Action::Activate { player, .. }
            | Action::Attack { player, .. }
            | Action::Block { player, .. }
            | Action::NoBlock { player }
            | Action::Discard { player, .. }
            | Action::End { player } => player,
        }
    }
}

/// `hero`, `Iron Guard`, `Iron Guard #2`, with `p2 ` in front when the unit is not the
/// actor's own (or, for targets, always: a target may be on either side).
struct UnitText<'a>(&'a UnitRef, Option<Player>);

impl fmt::Display for UnitText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let UnitText(u, actor) = *self;
        if actor != Some(u.owner) {
            write!(f, "{} ", u.owner)?;
        }
        match u.slot {
            Slot::Hero => f.write_str("hero"),
            Slot::Battle(_) if u.nth > 0 => write!(f, "{} #{}", u.name, u.nth + 1),
            Slot::Battle(_) => f.write_str(u.name),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Play {
                player,
                card,
                target,
                ..
            } => {
                write!(f, "{player} play {card}")?;
                if let Some(t) = target {
                    write!(f, " targeting {}", UnitText(t, None))?;
                }
                Ok(())
            }
            Action::Evolve {
                player, card, onto, ..
            } => {
                write!(
                    f,
                    "{player} evolve {card} on {}",
                    UnitText(onto, Some(*player))
                )
            }
            Action::Activate {
                player,
                unit,
                ability,
                target,
            } => {
                write!(f, "{player} activate {}", UnitText(unit, Some(*player)))?;
                if *ability > 0 {
                    write!(f, " ability {}", ability + 1)?;
                }
                if let Some(t) = target {
                    write!(f, " targeting {}", UnitText(t, None))?;
                }
                Ok(())
            }
            Action::Attack { player, attacker } => {
                write!(
                    f,
                    "{player} attack with {}",
                    UnitText(attacker, Some(*player))
                )
            }
            Action::Block { player, blocker } => {
                write!(
                    f,
                    "{player} block with {}",
                    UnitText(blocker, Some(*player))
                )
            }
            Action::NoBlock { player } => write!(f, "{player} no block"),
            Action::Discard { player, card, .. } => write!(f, "{player} discard {card}"),
            Action::End { player } => write!(f, "{player} end"),
        }
    }
}

/// Every unit on `owner`'s side as a reference, Hero first.
pub fn unit_refs(state: &State, owner: Player) -> impl Iterator<Item = UnitRef> + '_ {
    let seat = state.seat(owner);
    let table = &state.table;
    std::iter::once(UnitRef {
        owner,
        slot: Slot::Hero,
        name: seat.hero.name(table),
        nth: 0,
    })
    .chain(
        seat.battle
            .iter()
            .enumerate()
            .map(move |(i, u)| battle_ref(state, owner, i, u)),
    )
}

pub(super) fn battle_ref(state: &State, owner: Player, i: usize, u: &Unit) -> UnitRef {
    let table = &state.table;
    let top = u.top();
    let name = table.name(top);
    // Card names are unique in a database, so the same top card means the same name.
    let nth = state.seat(owner).battle[..i]
        .iter()
        .filter(|o| o.top() == top)
        .count();
    UnitRef {
        owner,
        slot: Slot::Battle(i as u8),
        name,
        nth: nth.min(255) as u8,
    }
}

/// The Strikes a choice of `side` may name, for `player`.
pub(super) fn targets(
    state: &State,
    player: Player,
    side: Side,
) -> impl Iterator<Item = UnitRef> + '_ {
    let sides: &[Player] = match side {
        Side::Own => {
            if player == Player::P1 {
                &[Player::P1]
            } else {
                &[Player::P2]
            }
        }
        Side::Enemy => {
            if player == Player::P1 {
                &[Player::P2]
            } else {
                &[Player::P1]
            }
        }
        Side::Any => &Player::BOTH,
    };
    sides.iter().flat_map(move |&p| unit_refs(state, p).skip(1))
}
