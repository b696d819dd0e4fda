//! The moves of Force of Will, as data. Each prints itself in the script language, and
//! `parse_action` reads that text back into the same action.

use super::cards::Def;
use super::state::OPENING_HAND;
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

/// Magic stones rested to pay a cost: how many of each kind, in definition order. The first
/// kinds are kept inline, so listing thousands of payments allocates nothing in the common
/// case; a payment with more kinds keeps the rest in `more`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Payment {
    len: u8,
    inline: [Option<Part>; INLINE_KINDS],
    more: Vec<Part>,
}

/// One kind of stone in a payment, flattened (rather than `(Named, u8)`) so that the count
/// fits in the name's padding: actions are copied around by the hundred per decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Part {
    name: &'static str,
    def: Def,
    n: u8,
    /// The stones a script named by position (`rest Fire Magic Stone #2`): bit `k - 1` for the
    /// k-th stone of this name in the payer's field. Listed payments pick none, since
    /// identical stones give the same will; named ones are rested first.
    picks: u32,
}

/// The highest `#k` a payment can name.
pub const MAX_PICK: u8 = 32;

const INLINE_KINDS: usize = 3;

impl Payment {
    /// A payment from (stone, count) parts; parts of the same stone are added up and the
    /// parts sorted, so equal payments compare equal.
    pub fn new(parts: impl IntoIterator<Item = (Named, u8)>) -> Payment {
        Payment::named(parts.into_iter().map(|(stone, n)| (stone, n, None)))
    }

    /// A payment from stones as a script names them: (stone, count, `#k`). A stone named
    /// twice by the same `#k` is picked once but still counted twice, so that `check`
    /// refuses the payment for resting more stones than the field holds.
    pub fn named(parts: impl IntoIterator<Item = (Named, u8, Option<u8>)>) -> Payment {
        let mut all: Vec<Part> = Vec::new();
        for (stone, n, nth) in parts {
            if n == 0 {
                continue;
            }
            let pick = nth.map_or(0, |k| 1u32 << (k.clamp(1, MAX_PICK) - 1));
            match all.iter_mut().find(|p| p.def == stone.def) {
                Some(p) => {
                    p.n = p.n.saturating_add(n);
                    p.picks |= pick;
                }
                None => all.push(Part {
                    name: stone.name,
                    def: stone.def,
                    n,
                    picks: pick,
                }),
            }
        }
        all.sort_by_key(|p| p.def);
        let mut pay = Payment::default();
        for part in all {
            pay.push_part(part);
        }
        pay
    }

    /// Appends a part; callers keep parts distinct and in definition order.
    pub fn push(&mut self, (stone, n): (Named, u8)) {
        self.push_part(Part {
            name: stone.name,
            def: stone.def,
            n,
            picks: 0,
        });
    }

    fn push_part(&mut self, part: Part) {
        match self.inline.get_mut(usize::from(self.len)) {
            Some(slot) => *slot = Some(part),
            None => self.more.push(part),
        }
        self.len = self.len.saturating_add(1);
    }

    pub fn parts(&self) -> impl Iterator<Item = (Named, u8)> + '_ {
        self.inline.iter().flatten().chain(&self.more).map(|p| {
            (
                Named {
                    def: p.def,
                    name: p.name,
                },
                p.n,
            )
        })
    }

    /// The positions (`#k`, 1-based) a script named for each kind of stone.
    pub fn picks(&self) -> impl Iterator<Item = (Named, impl Iterator<Item = u8>)> + '_ {
        self.inline.iter().flatten().chain(&self.more).map(|p| {
            // Only the set bits, lowest first: checking and paying ask this of every payment,
            // and listed payments pick none.
            let mut left = p.picks;
            let picks = std::iter::from_fn(move || {
                let k = left.trailing_zeros() as u8 + 1;
                left &= left.checked_sub(1)?;
                Some(k)
            });
            (
                Named {
                    def: p.def,
                    name: p.name,
                },
                picks,
            )
        })
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn total(&self) -> u32 {
        self.parts().map(|(_, n)| u32::from(n)).sum()
    }
}

impl fmt::Display for Payment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        let mut sep = |f: &mut fmt::Formatter<'_>| {
            let s = if first { "" } else { ", " };
            first = false;
            f.write_str(s)
        };
        for ((stone, n), (_, picks)) in self.parts().zip(self.picks()) {
            let mut left = n;
            for k in picks {
                sep(f)?;
                write!(f, "rest {} #{k}", stone.name)?;
                left = left.saturating_sub(1);
            }
            for _ in 0..left {
                sep(f)?;
                write!(f, "rest {}", stone.name)?;
            }
        }
        Ok(())
    }
}

/// The cards a mulligan puts on the bottom, in order (at most an opening hand).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Bottom {
    len: u8,
    cards: [Option<Named>; OPENING_HAND],
}

impl Bottom {
    /// `None` when there are more cards than an opening hand holds.
    pub fn new(cards: &[Named]) -> Option<Bottom> {
        let mut b = Bottom::default();
        for &c in cards {
            b.push(c)?;
        }
        Some(b)
    }

    pub fn push(&mut self, card: Named) -> Option<()> {
        let slot = self.cards.get_mut(usize::from(self.len))?;
        *slot = Some(card);
        self.len += 1;
        Some(())
    }

    pub fn pop(&mut self) {
        if self.len > 0 {
            self.len -= 1;
            self.cards[usize::from(self.len)] = None;
        }
    }

    pub fn cards(&self) -> impl Iterator<Item = Named> + '_ {
        self.cards.iter().flatten().copied()
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
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
        bottom: Bottom,
    },
    /// Passes priority; the second pass in a row resolves the top of the chase or, with an
    /// empty chase, ends the main phase or the battle step.
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
    if !pay.is_empty() {
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
                for (i, c) in bottom.cards().enumerate() {
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
