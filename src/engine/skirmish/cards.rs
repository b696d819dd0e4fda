//! The cards of one match, boiled down to what the rules read: colour, value and the text
//! effects, checked once at setup so the round loop never looks at the card database again.
//!
//! Every distinct card of the two decks gets a small local number (`Kind`, a `u8`), which is
//! what the zones hold. The table is shared by every clone of a state through an `Arc`.

use super::turn::Clash;
use super::{MAX_CARDS, MAX_VALUE};
use crate::card_db::{Card, Effect, Game, Target};
use crate::engine::{Player, SeatDeck};

/// Local number of a distinct card within one match (an index into [`Table::cards`]).
pub type Kind = u8;

/// The three colours of the duel. Every card is exactly one of them (SK-A10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Red,
    Blue,
    Green,
}

impl Colour {
    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Blue => "blue",
            Colour::Green => "green",
        }
    }
}

/// Bits of the effect kinds a card's text uses, for the conflict check (SK-A17).
pub mod bit {
    pub const DRAW: u8 = 1;
    pub const HAND_LIMIT: u8 = 1 << 1;
    pub const PIERCE: u8 = 1 << 2;
    pub const REFLECT: u8 = 1 << 3;
    pub const HEAL: u8 = 1 << 4;
    pub const DAMAGE: u8 = 1 << 5;

    /// The kind names as the card database writes them, with their bits.
    pub const NAMES: [(&str, u8); 6] = [
        ("draw", DRAW),
        ("hand-limit", HAND_LIMIT),
        ("pierce", PIERCE),
        ("reflect", REFLECT),
        ("heal", HEAL),
        ("damage", DAMAGE),
    ];

    pub fn of(name: &str) -> Option<u8> {
        NAMES.iter().find(|(n, _)| *n == name).map(|&(_, b)| b)
    }
}

/// A card's text effects, summed up. All zero when the card has no text, or lost it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Text {
    /// Which effect kinds the text uses ([`bit`]).
    pub kinds: u8,
    /// Green cannot reduce this card's value.
    pub pierce: bool,
    /// What this Green blocks of a Red is dealt back to the Red's player.
    pub reflect: bool,
    /// Cards the controller draws in the resolve phase.
    pub draw: u8,
    /// The controller's maximum hand size from now on.
    pub hand_limit: Option<u8>,
    /// Health the text gives its controller and the opponent.
    pub heal: [i32; 2],
    /// Damage the text deals to its controller and the opponent.
    pub damage: [i32; 2],
}

#[derive(Debug, Clone)]
pub struct CardInfo {
    /// Index into the game's card list.
    pub global: u32,
    pub name: &'static str,
    pub colour: Colour,
    pub value: i32,
    pub text: Text,
}

/// Every distinct card of a match, and what the rules need to know beyond single cards.
#[derive(Debug)]
pub struct Table {
    pub cards: Vec<CardInfo>,
    /// Pairs of effect-kind bits that cannot resolve together (the game's `effect-conflicts`).
    pub conflicts: Vec<(u8, u8)>,
    /// Each seat's cards, sorted: what the zones must always add up to.
    pub decks: [Vec<Kind>; 2],
    /// Each kind's bit in a set of one seat's kinds, unique within the seat (`seat_bits`).
    pub bits: [u8; 256],
    /// The resolve phase of every pair of revealed cards, nothing (an empty hand) first:
    /// `clashes[slot(p1) * (kinds + 1) + slot(p2)]` ([`Table::clash`]). Filled by
    /// [`Duel::new`](super::Duel::new).
    pub clashes: Vec<Clash>,
}

impl Table {
    pub fn card(&self, kind: Kind) -> &CardInfo {
        // Zones and actions only hold kinds this table handed out (`apply` checks an action's
        // cards against the hand before reading them), so the index is in range.
        &self.cards[usize::from(kind)]
    }

    pub fn name(&self, kind: Kind) -> &'static str {
        self.card(kind).name
    }

    /// The two cards' texts cannot resolve together (SK-A17).
    #[inline]
    pub fn conflict(&self, a: Kind, b: Kind) -> Option<(u8, u8)> {
        let (ta, tb) = (self.card(a).text.kinds, self.card(b).text.kinds);
        if ta == 0 || tb == 0 {
            return None;
        }
        self.conflicts.iter().find_map(|&(x, y)| {
            if ta & x != 0 && tb & y != 0 {
                Some((x, y))
            } else if ta & y != 0 && tb & x != 0 {
                Some((y, x))
            } else {
                None
            }
        })
    }

    /// The match card with this name (`names::key` spelling rules), or a helpful error.
    pub fn find(&self, name: &str) -> Result<Kind, String> {
        let key = crate::names::key(name);
        if let Some(i) = self
            .cards
            .iter()
            .position(|c| crate::names::key(c.name) == key)
        {
            return Ok(i as Kind);
        }
        let mut message = format!("no card named `{}` is in either deck", name.trim());
        if let Some(s) = crate::names::suggest(name, self.cards.iter().map(|c| c.name)) {
            message.push_str(&format!("; did you mean `{s}`?"));
        }
        Err(message)
    }

    /// Builds the table from the two decks, or says which card the engine cannot play.
    pub fn build(game: &Game, decks: &[SeatDeck; 2]) -> Result<(Table, [Vec<Kind>; 2]), String> {
        let mut conflicts = Vec::new();
        for [x, y] in &game.def.effect_conflicts {
            match (bit::of(x), bit::of(y)) {
                (Some(a), Some(b)) => conflicts.push((a, b)),
                _ => {
                    return Err(format!(
                        "the game lists the effect conflict `{x}`/`{y}`, but the skirmish \
                         engine only runs {}",
                        bit::NAMES.map(|(n, _)| n).join(", ")
                    ))
                }
            }
        }
        let mut table = Table {
            cards: Vec::new(),
            conflicts,
            decks: [Vec::new(), Vec::new()],
            bits: [0; 256],
            clashes: Vec::new(),
        };
        let mut orders: [Vec<Kind>; 2] = [Vec::new(), Vec::new()];
        for seat in Player::BOTH {
            let deck = &decks[seat.index()];
            for (zone, cards) in &deck.zones {
                if zone != "main" && !cards.is_empty() {
                    return Err(format!(
                        "{seat}'s deck has cards in zone `{zone}`; a skirmish deck is one `main` zone"
                    ));
                }
            }
            let cards = deck.zone("main");
            if cards.len() > MAX_CARDS {
                return Err(format!(
                    "{seat}'s deck has {} cards; the engine plays decks of at most {MAX_CARDS} \
                     (the rules allow 40)",
                    cards.len()
                ));
            }
            for &global in cards {
                let kind = match table.cards.iter().position(|c| c.global == global) {
                    Some(k) => k as Kind,
                    None => {
                        let card = game.cards.get(global as usize).ok_or_else(|| {
                            format!("{seat}'s deck names card #{global}, which the database lacks")
                        })?;
                        table.cards.push(info(global, card)?);
                        (table.cards.len() - 1) as Kind
                    }
                };
                orders[seat.index()].push(kind);
            }
            let mut sorted = orders[seat.index()].clone();
            sorted.sort_unstable();
            table.decks[seat.index()] = sorted;
        }
        table.bits = seat_bits(&orders);
        Ok((table, orders))
    }

    /// The resolve phase of a pair of revealed cards, as `turn::clash`
    /// worked it out.
    #[inline]
    pub fn clash(&self, played: [Option<Kind>; 2]) -> Clash {
        let slot = |k: Option<Kind>| k.map_or(0, |k| usize::from(k) + 1);
        let i = slot(played[0]) * (self.cards.len() + 1) + slot(played[1]);
        // Both slots are below `kinds + 1`: zones hold only kinds of this table.
        self.clashes[i]
    }

    /// The kind's bit in a word holding a set of one seat's kinds.
    #[inline(always)]
    pub fn bit(&self, kind: Kind) -> u64 {
        1 << (self.bits[usize::from(kind)] & 63)
    }
}

/// Numbers each seat's kinds below 64, no two kinds of one seat alike: a seat holds at most
/// [`MAX_CARDS`] kinds, so the kinds a hand holds are one word, where two match's 128 kinds
/// would need two (and the hand walk chose between them per card, at twice the instructions).
/// The first seat's kinds are numbered as they come; the second seat keeps the numbers of the
/// kinds it shares and gives its own the free ones.
fn seat_bits(orders: &[Vec<Kind>; 2]) -> [u8; 256] {
    let mut bits = [0u8; 256];
    let mut given = [false; 256];
    for order in orders {
        let mut used = 0u64;
        for &k in order {
            if given[usize::from(k)] {
                used |= 1 << bits[usize::from(k)];
            }
        }
        for &k in order {
            let k = usize::from(k);
            if !given[k] {
                // Below 64: the seat's kinds so far, this one included, are at most 64.
                let free = (!used).trailing_zeros() & 63;
                bits[k] = free as u8;
                used |= 1 << free;
                given[k] = true;
            }
        }
    }
    bits
}

fn info(global: u32, card: &Card) -> Result<CardInfo, String> {
    let name = card.name();
    let colour = match card.colours() {
        [] => card.kind(),
        [one] => one.as_str(),
        _ => {
            return Err(format!(
                "`{name}` has several colours; every skirmish card is exactly one (SK-A10)"
            ))
        }
    };
    let colour = match colour {
        "red" => Colour::Red,
        "blue" => Colour::Blue,
        "green" => Colour::Green,
        other => {
            return Err(format!(
                "`{name}` is `{other}`; every skirmish card is red, blue or green (SK-A10)"
            ))
        }
    };
    let value = card
        .stat("value")
        .ok_or_else(|| format!("`{name}` has no value; Red, Blue and Green cards need one"))?;
    let value = small(value, name, "value")?;
    let mut text = Text::default();
    for effect in &card.effects {
        let kind = crate::lint::effect_kind(effect.get_ref());
        let Some(b) = bit::of(kind) else {
            return Err(format!(
                "`{name}` has effect `{kind}`, which the skirmish engine does not run"
            ));
        };
        text.kinds |= b;
        match effect.get_ref() {
            Effect::Draw { amount } => {
                let n = small(*amount, name, "draw amount")?;
                text.draw = text.draw.saturating_add(u8::try_from(n).unwrap_or(u8::MAX));
            }
            Effect::HandLimit { amount } => {
                let n = small(*amount, name, "hand limit")?;
                text.hand_limit = Some(u8::try_from(n.min(MAX_CARDS as i32)).unwrap_or(u8::MAX));
            }
            Effect::Pierce => text.pierce = true,
            Effect::Reflect => text.reflect = true,
            Effect::Heal { target, amount } => {
                let s = side(*target, name)?;
                text.heal[s] = text.heal[s].saturating_add(small(*amount, name, "heal amount")?);
            }
            Effect::Damage { target, amount } => {
                let s = side(*target, name)?;
                text.damage[s] =
                    text.damage[s].saturating_add(small(*amount, name, "damage amount")?);
            }
            // `bit::of` above admits only the six kinds handled here.
            Effect::Charge { .. }
            | Effect::Boost { .. }
            | Effect::Destroy { .. }
            | Effect::Attach { .. } => {
                return Err(format!(
                    "`{name}` has effect `{kind}`, which the skirmish engine does not run"
                ))
            }
        }
    }
    Ok(CardInfo {
        global,
        name: crate::engine::intern(name),
        colour,
        value,
        text,
    })
}

/// Amounts the engine can add up without overflow over any game it plays (SK-A20: values are
/// positive in the shipped data; 0 is harmless, a negative amount would turn damage into
/// healing and is refused).
fn small(n: i64, name: &str, what: &str) -> Result<i32, String> {
    if (0..=i64::from(MAX_VALUE)).contains(&n) {
        Ok(n as i32)
    } else {
        Err(format!(
            "`{name}` has {what} {n}; the engine plays amounts from 0 to {MAX_VALUE} (SK-A20)"
        ))
    }
}

/// 0 for the card's controller, 1 for the opponent.
fn side(target: Target, name: &str) -> Result<usize, String> {
    match target {
        Target::OwnPlayer => Ok(0),
        Target::EnemyPlayer => Ok(1),
        other => Err(format!(
            "`{name}` aims at `{}`; skirmish effects aim at `own-player` or `enemy-player`",
            serde_json::to_value(other)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_bits_are_unique_within_each_seat() {
        // Both seats at 64 kinds, sharing a few, so the match has more than 64.
        let first: Vec<Kind> = (0..64).collect();
        let second: Vec<Kind> = [3, 60, 17].into_iter().chain(64..125).collect();
        let bits = seat_bits(&[first.clone(), second.clone()]);
        for order in [first, second] {
            let mut seen = 0u64;
            for k in order {
                let b = bits[usize::from(k)];
                assert!(b < 64 && seen & 1 << b == 0, "kind {k} has bit {b} twice");
                seen |= 1 << b;
            }
        }
    }
}
