//! What happens in a duel, one transcript line per event, worded like a referee's notes:
//! both picks, the blocks, the damage and healing, the net health changes, the draws,
//! reshuffles and discards, and the result.

use super::cards::Colour;
use crate::engine::Player;
use serde::{Serialize, Serializer};
use std::fmt;

/// A card name, interned ([`crate::engine::intern`]) so that events and actions copy a
/// pointer, never text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardName(pub &'static str);

impl fmt::Display for CardName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl Serialize for CardName {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0)
    }
}

/// A revealed card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Played {
    pub card: CardName,
    pub colour: Colour,
    pub value: i32,
}

/// Why a card was drawn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DrawCause {
    /// The draw phase.
    DrawPhase,
    /// A card's text (`Second Breath`).
    Text(CardName),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(
    tag = "event",
    rename_all = "kebab-case",
    rename_all_fields = "kebab-case"
)]
pub enum Event {
    Shuffle {
        player: Player,
        cards: usize,
    },
    Stacked {
        player: Player,
        cards: usize,
    },
    OpeningHand {
        player: Player,
        cards: Vec<CardName>,
    },
    /// The skirmish phase: both picks, committed before either was seen.
    Reveal {
        round: u32,
        p1: Option<Played>,
        p2: Option<Played>,
    },
    /// Two texts that cannot resolve together: both cards lose their text (SK-A17).
    TextLost {
        p1: CardName,
        p2: CardName,
        p1_effect: &'static str,
        p2_effect: &'static str,
    },
    /// A Green subtracts its value from the opposing Red or Blue.
    Block {
        player: Player,
        card: CardName,
        blocked: i32,
        against: CardName,
        value: i32,
    },
    /// A piercing Red meets a Green and is not reduced.
    Pierce {
        player: Player,
        card: CardName,
        green: CardName,
    },
    Reflect {
        player: Player,
        card: CardName,
        amount: i32,
    },
    Damage {
        player: Player,
        card: CardName,
        target: Player,
        amount: i32,
        text: bool,
    },
    Heal {
        player: Player,
        card: CardName,
        target: Player,
        amount: i32,
        text: bool,
    },
    HandLimit {
        player: Player,
        card: CardName,
        limit: u8,
    },
    Draw {
        player: Player,
        card: CardName,
        cause: DrawCause,
    },
    NoDraw {
        player: Player,
    },
    Reshuffle {
        player: Player,
        cards: usize,
    },
    /// The end phase: a player's net health change this round.
    Health {
        player: Player,
        before: i32,
        after: i32,
        healed: i32,
        damage: i32,
    },
    MustDiscard {
        player: Player,
        hand: usize,
        limit: u8,
    },
    Discard {
        player: Player,
        card: CardName,
    },
    GameOver {
        winner: Option<Player>,
        reason: &'static str,
        rounds: u32,
        health: [i32; 2],
    },
}

fn played(f: &mut fmt::Formatter<'_>, player: Player, p: &Option<Played>) -> fmt::Result {
    match p {
        Some(p) => write!(
            f,
            "{player} reveals {} ({} {})",
            p.card,
            p.colour.name(),
            p.value
        ),
        None => write!(f, "{player} reveals nothing (empty hand)"),
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Shuffle { player, cards } => write!(
                f,
                "{player} shuffles their deck ({cards} {})",
                if *cards == 1 { "card" } else { "cards" }
            ),
            Event::Stacked { player, cards } => {
                write!(
                    f,
                    "{player}'s deck is stacked by the script ({cards} cards)"
                )
            }
            Event::OpeningHand { player, cards } if cards.is_empty() => {
                write!(f, "{player}'s deck is empty: no opening hand")
            }
            Event::OpeningHand { player, cards } => {
                write!(f, "{player} draws an opening hand of {}:", cards.len())?;
                for (i, c) in cards.iter().enumerate() {
                    write!(f, "{} {c}", if i == 0 { "" } else { "," })?;
                }
                Ok(())
            }
            Event::Reveal { round, p1, p2 } => {
                write!(f, "round {round}: ")?;
                played(f, Player::P1, p1)?;
                f.write_str(", ")?;
                played(f, Player::P2, p2)
            }
            Event::TextLost {
                p1,
                p2,
                p1_effect,
                p2_effect,
            } => write!(
                f,
                "{p1} ({p1_effect}) and {p2} ({p2_effect}) cannot resolve together: \
                 both lose their text"
            ),
            Event::Block {
                player,
                card,
                blocked,
                against,
                value,
            } => write!(
                f,
                "{player}'s {card} blocks {blocked} of {}'s {against} ({value} → {})",
                player.other(),
                value - blocked
            ),
            Event::Pierce {
                player,
                card,
                green,
            } => write!(
                f,
                "{player}'s {card} pierces {}'s {green}: it cannot be blocked",
                player.other()
            ),
            Event::Reflect {
                player,
                card,
                amount,
            } => write!(
                f,
                "{player}'s {card} reflects {amount} damage to {}",
                player.other()
            ),
            Event::Damage {
                player,
                card,
                target,
                amount,
                text,
            } => write!(
                f,
                "{player}'s {card} deals {amount} damage to {target}{}",
                if *text { " (text)" } else { "" }
            ),
            Event::Heal {
                player,
                card,
                target,
                amount,
                text,
            } => write!(
                f,
                "{player}'s {card} heals {target} by {amount}{}",
                if *text { " (text)" } else { "" }
            ),
            Event::HandLimit {
                player,
                card,
                limit,
            } => write!(f, "{player}'s maximum hand size becomes {limit} ({card})"),
            Event::Draw {
                player,
                card,
                cause,
            } => match cause {
                DrawCause::DrawPhase => write!(f, "{player} draws {card}"),
                DrawCause::Text(by) => write!(f, "{player} draws {card} ({by})"),
            },
            Event::NoDraw { player } => write!(
                f,
                "{player} has no card to draw: deck and discard pile are empty"
            ),
            Event::Reshuffle { player, cards } => write!(
                f,
                "{player}'s deck is empty: the discard pile ({cards} {}) is shuffled in",
                if *cards == 1 { "card" } else { "cards" }
            ),
            Event::Health {
                player,
                before,
                after,
                healed,
                damage,
            } => {
                if before == after && *healed == 0 && *damage == 0 {
                    return write!(f, "{player} health {after} (no change)");
                }
                write!(f, "{player} health {before} → {after} (")?;
                let net = after - before;
                if net >= 0 {
                    write!(f, "+{net}")?;
                } else {
                    write!(f, "{net}")?;
                }
                if *healed != 0 && *damage != 0 {
                    write!(f, ": healed {healed}, took {damage}")?;
                }
                f.write_str(")")
            }
            Event::MustDiscard {
                player,
                hand,
                limit,
            } => write!(
                f,
                "{player} holds {hand} cards, over the hand limit of {limit}: \
                 discards {} before the draw phase",
                hand - usize::from(*limit)
            ),
            Event::Discard { player, card } => write!(f, "{player} discards {card}"),
            Event::GameOver {
                winner,
                reason,
                rounds,
                health: [h1, h2],
            } => match (winner, *reason) {
                (Some(w), _) => write!(
                    f,
                    "{w} wins after {rounds} rounds: {} is at {} health after the end phase \
                     ({w} at {})",
                    w.other(),
                    if *w == Player::P1 { h2 } else { h1 },
                    if *w == Player::P1 { h1 } else { h2 },
                ),
                (None, "both-zero") => write!(
                    f,
                    "draw after {rounds} rounds: both players reach zero health in the same \
                     end phase (p1 {h1}, p2 {h2})"
                ),
                (None, _) => write!(
                    f,
                    "unfinished: no winner after {rounds} rounds (p1 {h1}, p2 {h2})"
                ),
            },
        }
    }
}
