//! What happens in a Force of Will game, one transcript line per event, worded so that a judge
//! can follow the game without the engine's source.

use crate::engine::Player;
use serde::Serialize;
use std::fmt;

/// A card somewhere public, named with its owner (`p1's Ember Fox`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CardRef {
    pub owner: Player,
    pub name: &'static str,
}

impl fmt::Display for CardRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}'s {}", self.owner, self.name)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// The beginning of the turn, shown only when something happens then.
    Start,
    Draw,
    Recovery,
    Main,
    End,
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Phase::Start => "beginning of the turn",
            Phase::Draw => "draw phase",
            Phase::Recovery => "recovery phase",
            Phase::Main => "main phase",
            Phase::End => "end phase",
        })
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(
    tag = "event",
    rename_all = "kebab-case",
    rename_all_fields = "kebab-case"
)]
pub enum Event {
    Decks {
        player: Player,
        stacked: bool,
        deck: usize,
        stones: usize,
        ruler: &'static str,
    },
    First {
        player: Player,
        seeded: bool,
    },
    Draw {
        player: Player,
        card: &'static str,
    },
    CannotDraw {
        player: Player,
    },
    Bottom {
        player: Player,
        card: &'static str,
    },
    Phase {
        turn: u32,
        player: Player,
        phase: Phase,
    },
    Skip {
        player: Player,
        phase: Phase,
        why: &'static str,
    },
    Recover {
        player: Player,
        count: usize,
    },
    Call {
        player: Player,
        caller: &'static str,
        stone: &'static str,
    },
    /// A magic stone rested to pay will.
    Will {
        player: Player,
        stone: &'static str,
        will: &'static str,
    },
    /// A card rested as part of an ability's cost.
    RestCost {
        card: CardRef,
    },
    Play {
        player: Player,
        card: &'static str,
        target: Option<CardRef>,
        order: bool,
        chase: usize,
    },
    Activate {
        player: Player,
        card: &'static str,
        target: Option<CardRef>,
        chase: usize,
    },
    DeclareJudgment {
        player: Player,
        ruler: &'static str,
        target: Option<CardRef>,
        chase: usize,
    },
    Resolve {
        player: Player,
        what: &'static str,
        ability: bool,
    },
    Enter {
        card: CardRef,
    },
    Order {
        player: Player,
        ruler: &'static str,
        card: &'static str,
    },
    OrderFails {
        player: Player,
        card: &'static str,
    },
    Judgment {
        player: Player,
        ruler: &'static str,
        j_ruler: &'static str,
    },
    JudgmentFails {
        player: Player,
        ruler: &'static str,
    },
    Boost {
        card: CardRef,
        atk: i32,
        def: i32,
        until_end_of_turn: bool,
        now_atk: i32,
        now_def: i32,
    },
    Damage {
        source: &'static str,
        card: CardRef,
        amount: i32,
        total: i32,
        def: i32,
    },
    Repair {
        source: &'static str,
        card: CardRef,
        amount: i32,
        total: i32,
    },
    /// An effect whose chosen target is gone (FW-A25): it does nothing.
    Fizzle {
        source: &'static str,
        effect: &'static str,
    },
    Destroyed {
        card: CardRef,
        to_graveyard: bool,
    },
    ToGraveyard {
        card: CardRef,
    },
    RulerBack {
        player: Player,
        ruler: &'static str,
        lost_judgment: bool,
    },
    LifeLoss {
        player: Player,
        amount: i32,
        life: i32,
        source: &'static str,
    },
    LifeGain {
        player: Player,
        amount: i32,
        life: i32,
        source: &'static str,
    },
    Attack {
        attacker: CardRef,
        target: Option<CardRef>,
        defender: Player,
    },
    Block {
        blocker: CardRef,
        attacker: CardRef,
    },
    NoBlock {
        player: Player,
    },
    NoBlocker {
        player: Player,
    },
    BattleEnds {
        why: &'static str,
    },
    Cleanup,
    Discard {
        player: Player,
        card: &'static str,
    },
    GameOver {
        winner: Option<Player>,
        reason: &'static str,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Decks {
                player,
                stacked,
                deck,
                stones,
                ruler,
            } => write!(
                f,
                "{player} puts {ruler} in the ruler area; deck {deck} cards, magic stone deck {stones} cards ({})",
                if *stacked { "stacked" } else { "shuffled" }
            ),
            Event::First { player, seeded } => write!(
                f,
                "{player} goes first ({})",
                if *seeded { "chosen by the seed" } else { "chosen by the script" }
            ),
            Event::Draw { player, card } => write!(f, "{player} draws {card}"),
            Event::CannotDraw { player } => {
                write!(f, "{player} cannot draw: the deck is empty")
            }
            Event::Bottom { player, card } => {
                write!(f, "{player} puts {card} on the bottom of the deck")
            }
            Event::Phase {
                turn,
                player,
                phase,
            } => write!(f, "-- turn {turn}, {player}: {phase} --"),
            Event::Skip { player, phase, why } => write!(f, "{player} skips the {phase} ({why})"),
            Event::Recover { player, count } => {
                write!(f, "{player} recovers {count} card{}", plural(*count))
            }
            Event::Call {
                player,
                caller,
                stone,
            } => write!(f, "{player} rests {caller} and calls {stone}"),
            Event::Will {
                player,
                stone,
                will,
            } => write!(f, "{player} rests {stone} for {will} will"),
            Event::RestCost { card } => write!(f, "{card} rests (cost)"),
            Event::Play {
                player,
                card,
                target,
                order,
                chase,
            } => {
                write!(f, "{player} plays {card}")?;
                if *order {
                    f.write_str(" with Revolution Order")?;
                }
                if let Some(t) = target {
                    write!(f, " targeting {t}")?;
                }
                write!(f, " (chase: {chase})")
            }
            Event::Activate {
                player,
                card,
                target,
                chase,
            } => {
                write!(f, "{player} activates {card}")?;
                if let Some(t) = target {
                    write!(f, " targeting {t}")?;
                }
                write!(f, " (chase: {chase})")
            }
            Event::DeclareJudgment {
                player,
                ruler,
                target,
                chase,
            } => {
                write!(f, "{player} does Judgment with {ruler}")?;
                if let Some(t) = target {
                    write!(f, " targeting {t}")?;
                }
                write!(f, " (chase: {chase})")
            }
            Event::Resolve {
                player,
                what,
                ability,
            } => {
                if *ability {
                    write!(f, "{player}'s ability of {what} resolves")
                } else {
                    write!(f, "{player}'s {what} resolves")
                }
            }
            Event::Enter { card } => write!(f, "{card} enters the field"),
            Event::Order {
                player,
                ruler,
                card,
            } => write!(
                f,
                "Revolution Order: {player}'s {ruler} turns to its order side in the order area; {card} enters the field as {player}'s J/ruler"
            ),
            Event::OrderFails { player, card } => write!(
                f,
                "{player}'s ruler is no longer in the ruler area: {card} enters the field as a resonator"
            ),
            Event::Judgment {
                player,
                ruler,
                j_ruler,
            } => write!(
                f,
                "Judgment: {player}'s {ruler} flips and enters the field as the J/ruler {j_ruler}"
            ),
            Event::JudgmentFails { player, ruler } => write!(
                f,
                "{player}'s {ruler} is no longer in the ruler area: the Judgment does nothing"
            ),
            Event::Boost {
                card,
                atk,
                def,
                until_end_of_turn,
                now_atk,
                now_def,
            } => write!(
                f,
                "{card} gets [{atk:+}/{def:+}] {} ({now_atk}/{now_def})",
                if *until_end_of_turn { "until end of turn" } else { "while it stays in the field" }
            ),
            Event::Damage {
                source,
                card,
                amount,
                total,
                def,
            } => write!(
                f,
                "{source} deals {amount} damage to {card} (damage {total}, DEF {def})"
            ),
            Event::Repair {
                source,
                card,
                amount,
                total,
            } => write!(
                f,
                "{source} removes {amount} damage from {card} (damage {total})"
            ),
            Event::Fizzle { source, effect } => write!(
                f,
                "{source}: its target is no longer there; the {effect} does nothing"
            ),
            Event::Destroyed { card, to_graveyard } => {
                if *to_graveyard {
                    write!(f, "{card} is destroyed and goes to the graveyard")
                } else {
                    write!(f, "{card} is destroyed")
                }
            }
            Event::ToGraveyard { card } => write!(f, "{card} goes to the graveyard"),
            Event::RulerBack {
                player,
                ruler,
                lost_judgment,
            } => {
                write!(
                    f,
                    "{player}'s {ruler} returns to the ruler area, ruler side up and recovered"
                )?;
                if *lost_judgment {
                    f.write_str("; it loses its Judgment for the rest of the game")?;
                }
                Ok(())
            }
            Event::LifeLoss {
                player,
                amount,
                life,
                source,
            } => write!(f, "{player} loses {amount} life from {source} (life {life})"),
            Event::LifeGain {
                player,
                amount,
                life,
                source,
            } => write!(f, "{player} gains {amount} life from {source} (life {life})"),
            Event::Attack {
                attacker,
                target,
                defender,
            } => match target {
                Some(t) => write!(f, "{attacker} rests and attacks {t}"),
                None => write!(f, "{attacker} rests and attacks {defender}"),
            },
            Event::Block { blocker, attacker } => {
                write!(f, "{blocker} rests and blocks {attacker}")
            }
            Event::NoBlock { player } => write!(f, "{player} does not block"),
            Event::NoBlocker { player } => {
                write!(f, "{player} has no recovered J/resonator that can block")
            }
            Event::BattleEnds { why } => write!(f, "the battle ends: {why}"),
            Event::Cleanup => f.write_str(
                "all damage on J/resonators ceases to exist; until-end-of-turn effects end",
            ),
            Event::Discard { player, card } => {
                write!(f, "{player} discards {card} down to the maximum hand size")
            }
            Event::GameOver { winner, reason } => match winner {
                Some(w) => write!(f, "{w} wins ({reason})"),
                None => write!(f, "the game is a draw ({reason})"),
            },
        }
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
