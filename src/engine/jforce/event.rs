//! What happens in a J Force game, one transcript line each. Events are small `Copy` values
//! (card names are interned), so self-play records them without allocating.

use super::cards::Kind;
use crate::engine::Player;
use serde::Serialize;
use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PhaseName {
    Draw,
    Charge,
    Action,
    End,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FirstBy {
    Script,
    CardNumber,
    CoinFlip,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(
    tag = "event",
    rename_all = "kebab-case",
    rename_all_fields = "kebab-case"
)]
pub enum Event {
    Shuffle {
        player: Player,
    },
    Stacked {
        player: Player,
    },
    Reveal {
        player: Player,
        card: &'static str,
        number: u32,
    },
    CoinFlip {
        winner: Player,
    },
    First {
        player: Player,
        by: FirstBy,
    },
    Hero {
        player: Player,
        hero: &'static str,
        hp: i32,
        attack: i32,
    },
    Phase {
        turn: u32,
        player: Player,
        phase: PhaseName,
    },
    SkipDraw {
        player: Player,
    },
    Draw {
        player: Player,
        card: &'static str,
    },
    EmptyDeck {
        player: Player,
    },
    Charge {
        player: Player,
        gained: i32,
        total: i32,
    },
    Pay {
        player: Player,
        amount: i32,
        left: i32,
    },
    Play {
        player: Player,
        card: &'static str,
        kind: Kind,
    },
    Attach {
        player: Player,
        card: &'static str,
        owner: Player,
        host: &'static str,
        attack: i32,
    },
    Evolve {
        player: Player,
        card: &'static str,
        onto: &'static str,
        level: &'static str,
        attack: i32,
    },
    MaxHp {
        player: Player,
        max_hp: i32,
        hp: i32,
        added: i32,
    },
    Activate {
        player: Player,
        unit: &'static str,
    },
    Attack {
        player: Player,
        attacker: &'static str,
        attack: i32,
    },
    Block {
        player: Player,
        blocker: &'static str,
        attack: i32,
    },
    NoBlock {
        player: Player,
    },
    NoBlocker {
        player: Player,
    },
    Holds {
        player: Player,
        blocker: &'static str,
    },
    Destroyed {
        player: Player,
        card: &'static str,
    },
    ToDiscard {
        player: Player,
        card: &'static str,
    },
    Damage {
        player: Player,
        amount: i32,
        hp: i32,
    },
    Heal {
        player: Player,
        amount: i32,
        hp: i32,
    },
    Boost {
        player: Player,
        card: &'static str,
        amount: i32,
        lasting: bool,
        attack: i32,
    },
    BoostEnds {
        player: Player,
        card: &'static str,
        attack: i32,
    },
    HandDiscard {
        player: Player,
        card: &'static str,
        hand: usize,
    },
    Win {
        player: Player,
        loser: Player,
        reason: &'static str,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Event::Shuffle { player } => write!(f, "{player} shuffles their deck"),
            Event::Stacked { player } => write!(f, "{player}'s deck is stacked by the script"),
            Event::Reveal {
                player,
                card,
                number,
            } => {
                write!(f, "{player} reveals {card} (card number {number})")
            }
            Event::CoinFlip { winner } => {
                write!(f, "card numbers tie: the coin flip goes to {winner}")
            }
            Event::First { player, by } => match by {
                FirstBy::Script => write!(f, "{player} goes first (the script says so)"),
                FirstBy::CardNumber => write!(f, "{player} goes first (higher card number)"),
                FirstBy::CoinFlip => write!(f, "{player} goes first (coin flip)"),
            },
            Event::Hero {
                player,
                hero,
                hp,
                attack,
            } => {
                write!(
                    f,
                    "{player}'s Hero {hero} enters the Hero Zone at {hp} HP (attack {attack})"
                )
            }
            Event::Phase {
                turn,
                player,
                phase,
            } => {
                let name = match phase {
                    PhaseName::Draw => "draw",
                    PhaseName::Charge => "charge",
                    PhaseName::Action => "action",
                    PhaseName::End => "end",
                };
                write!(f, "-- turn {turn}, {player}: {name} phase --")
            }
            Event::SkipDraw { player } => {
                write!(f, "{player} goes first and skips the turn-1 draw")
            }
            Event::Draw { player, card } => write!(f, "{player} draws {card}"),
            Event::EmptyDeck { player } => write!(f, "{player} must draw from an empty deck"),
            Event::Charge {
                player,
                gained,
                total,
            } => {
                write!(f, "{player} gains {gained} Charge ({total} in the pool)")
            }
            Event::Pay {
                player,
                amount,
                left,
            } => {
                write!(f, "{player} pays {amount} Charge ({left} left)")
            }
            Event::Play { player, card, kind } => match kind {
                Kind::Strike => write!(f, "{player} plays {card} into the Battle Zone"),
                Kind::Legendary => {
                    write!(f, "{player} plays Legendary {card}, its one use this game")
                }
                _ => write!(f, "{player} plays {} {card}", kind.label()),
            },
            Event::Attach {
                player,
                card,
                owner,
                host,
                attack,
            } => {
                write!(
                    f,
                    "{player}'s {card} attaches to {owner}'s {host} (attack {attack})"
                )
            }
            Event::Evolve {
                player,
                card,
                onto,
                level,
                attack,
            } => write!(
                f,
                "{player} evolves {onto} into {card} (level {level}, attack {attack})"
            ),
            Event::MaxHp {
                player, max_hp, hp, ..
            } => {
                write!(f, "{player}'s Hero now has {hp}/{max_hp} HP")
            }
            Event::Activate { player, unit } => write!(f, "{player} activates {unit}'s ability"),
            Event::Attack {
                player,
                attacker,
                attack,
            } => {
                write!(f, "{player} attacks with {attacker} (attack {attack})")
            }
            Event::Block {
                player,
                blocker,
                attack,
            } => {
                write!(f, "{player} blocks with {blocker} (attack {attack})")
            }
            Event::NoBlock { player } => write!(f, "{player} does not block"),
            Event::NoBlocker { player } => write!(f, "{player} has no Strike to block with"),
            Event::Holds { player, blocker } => write!(
                f,
                "{player}'s {blocker} holds: a Hero is never destroyed, and the attack ends"
            ),
            Event::Destroyed { player, card } => {
                write!(f, "{player}'s {card} is destroyed and goes to the Discard")
            }
            Event::ToDiscard { player, card } => write!(f, "{card} goes to {player}'s Discard"),
            Event::Damage { player, amount, hp } => {
                write!(f, "{player}'s Hero takes {amount} damage (HP {hp})")
            }
            Event::Heal { player, amount, hp } => {
                write!(f, "{player}'s Hero regains {amount} HP (HP {hp})")
            }
            Event::Boost {
                player,
                card,
                amount,
                lasting,
                attack,
            } => {
                let until = if lasting {
                    "while in play"
                } else {
                    "until end of turn"
                };
                write!(
                    f,
                    "{player}'s {card} gets {amount:+} attack {until} (attack {attack})"
                )
            }
            Event::BoostEnds {
                player,
                card,
                attack,
            } => {
                write!(f, "{player}'s {card} loses its boost (attack {attack})")
            }
            Event::HandDiscard { player, card, hand } => {
                write!(
                    f,
                    "{player} discards {card} down to the hand cap ({hand} in hand)"
                )
            }
            Event::Win {
                player,
                loser,
                reason,
            } => match reason {
                "deck-out" => write!(f, "{player} wins: {loser} decked out"),
                _ => write!(f, "{player} wins: {loser}'s Hero is at 0 HP or below"),
            },
        }
    }
}
