//! The moves of Force of Will, as data. Each prints itself in the script language, and
//! `parse_action` reads that text back into the same action.

use super::cards::Def;
use crate::engine::Player;
use std::fmt;

/// A card known by its definition (in hand, or a magic stone kind).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Named {
    pub def: Def,
    pub name: &'static str,
}

/// One object in the field: its controller, its name and which one of that name it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Aim {
    pub owner: Player,
    pub name: &'static str,
    /// 1 for the first of that name in its controller's field, 2 for the second, …
    pub nth: u8,
    pub serial: u32,
}

impl fmt::Display for Aim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}'s {}", self.owner, self.name)?;
        if self.nth > 1 {
            write!(f, " #{}", self.nth)?;
        }
        Ok(())
    }
}

/// Magic stones rested to pay a cost: how many of each kind, in definition order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Payment(pub Vec<(Named, u8)>);

impl Payment {
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&(_, n)| u32::from(n)).sum()
    }
}

impl fmt::Display for Payment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for &(stone, n) in &self.0 {
            for _ in 0..n {
                if !first {
                    f.write_str(", ")?;
                }
                write!(f, "rest {}", stone.name)?;
                first = false;
            }
        }
        Ok(())
    }
}

/// Whose ability is activated: the ruler in the ruler area, or a card in the field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Ruler(&'static str),
    Field(Aim),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// Puts these hand cards on the bottom in this order (the last one lowest) and draws as
    /// many; an empty list keeps the hand.
    Mulligan {
        who: Player,
        bottom: Vec<Named>,
    },
    /// Passes priority; with an empty chase in the main phase, ends the turn player's main
    /// phase.
    Pass {
        who: Player,
    },
    NoBlock {
        who: Player,
    },
    /// Rests the ruler or J/ruler to call a magic stone.
    Call {
        who: Player,
        caller: &'static str,
    },
    Play {
        who: Player,
        card: Named,
        order: bool,
        target: Option<Aim>,
        pay: Payment,
        /// Played in answer to something on the chase.
        chase: bool,
    },
    Activate {
        who: Player,
        source: Source,
        /// Index into the card's abilities.
        ability: u8,
        target: Option<Aim>,
        pay: Payment,
        chase: bool,
    },
    Judgment {
        who: Player,
        ruler: &'static str,
        target: Option<Aim>,
        pay: Payment,
    },
    Attack {
        who: Player,
        attacker: Aim,
        /// `None`: the opponent.
        target: Option<Aim>,
    },
    Block {
        who: Player,
        blocker: Aim,
    },
    Discard {
        who: Player,
        card: Named,
    },
}

impl Action {
    pub fn who(&self) -> Player {
        match self {
            Action::Mulligan { who, .. }
            | Action::Pass { who }
            | Action::NoBlock { who }
            | Action::Call { who, .. }
            | Action::Play { who, .. }
            | Action::Activate { who, .. }
            | Action::Judgment { who, .. }
            | Action::Attack { who, .. }
            | Action::Block { who, .. }
            | Action::Discard { who, .. } => *who,
        }
    }
}

fn tail(f: &mut fmt::Formatter<'_>, target: &Option<Aim>, pay: &Payment) -> fmt::Result {
    if let Some(t) = target {
        write!(f, " targeting {t}")?;
    }
    if !pay.0.is_empty() {
        write!(f, " paying {pay}")?;
    }
    Ok(())
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Mulligan { who, bottom } if bottom.is_empty() => write!(f, "{who} keeps"),
            Action::Mulligan { who, bottom } => {
                write!(f, "{who} mulligans ")?;
                for (i, c) in bottom.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    f.write_str(c.name)?;
                }
                Ok(())
            }
            Action::Pass { who } => write!(f, "{who} passes"),
            Action::NoBlock { who } => write!(f, "{who} does not block"),
            Action::Call { who, caller } => {
                write!(f, "{who} rests {caller} to call a magic stone")
            }
            Action::Play {
                who,
                card,
                order,
                target,
                pay,
                chase,
            } => {
                if *chase {
                    f.write_str("chase ")?;
                }
                write!(f, "{who} plays {}", card.name)?;
                if *order {
                    f.write_str(" with Revolution Order")?;
                }
                tail(f, target, pay)
            }
            Action::Activate {
                who,
                source,
                ability,
                target,
                pay,
                chase,
            } => {
                if *chase {
                    f.write_str("chase ")?;
                }
                write!(f, "{who} activates ")?;
                match source {
                    Source::Ruler(name) => f.write_str(name)?,
                    Source::Field(aim) if aim.nth > 1 => write!(f, "{} #{}", aim.name, aim.nth)?,
                    Source::Field(aim) => f.write_str(aim.name)?,
                }
                if *ability > 0 {
                    write!(f, " ability {}", ability + 1)?;
                }
                tail(f, target, pay)
            }
            Action::Judgment {
                who,
                ruler,
                target,
                pay,
            } => {
                write!(f, "{who} does Judgment with {ruler}")?;
                tail(f, target, pay)
            }
            Action::Attack {
                who,
                attacker,
                target,
            } => {
                write!(f, "{who} attacks ")?;
                match target {
                    Some(t) => write!(f, "{t}")?,
                    None => write!(f, "{}", who.other())?,
                }
                write!(f, " with {}", attacker.name)?;
                if attacker.nth > 1 {
                    write!(f, " #{}", attacker.nth)?;
                }
                Ok(())
            }
            Action::Block { who, blocker } => {
                write!(f, "{who} blocks with {}", blocker.name)?;
                if blocker.nth > 1 {
                    write!(f, " #{}", blocker.nth)?;
                }
                Ok(())
            }
            Action::Discard { who, card } => write!(f, "{who} discards {}", card.name),
        }
    }
}
