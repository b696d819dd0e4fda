//! The decisions of a duel and how scripts write them.
//!
//! A round is one action holding both players' picks, so both are committed before either is
//! revealed (SK-A19): `round: p1 plays Fireball, p2 plays Stone Wall`. A player with an empty
//! hand `plays nothing` (SK-A14). After the end phase, a player over the hand limit discards
//! (SK-A16): `p1 discards Ember Jab, Parry` (one action may name some or all of the cards
//! owed).

use super::cards::{Kind, Table};
use super::event::CardName;
use super::state::State;
use crate::engine::parse::{name_list, player_prefix};
use crate::engine::Player;
use std::fmt;

/// A card named by an action: its kind in the match, and its name for display.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardRef {
    pub kind: Kind,
    pub name: CardName,
}

impl CardRef {
    pub fn new(table: &Table, kind: Kind) -> CardRef {
        CardRef {
            kind,
            name: CardName(table.name(kind)),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// Both players' cards for the next round; `None` plays nothing (an empty hand only).
    Round {
        p1: Option<CardRef>,
        p2: Option<CardRef>,
    },
    /// Cards a player over the hand limit puts on the discard pile before the draw phase:
    /// `card`, then any `more` a script names in the same action (listing offers one card
    /// per action, so `more` stays empty and listing allocates nothing).
    Discard {
        player: Player,
        card: CardRef,
        more: Vec<CardRef>,
    },
}

impl Action {
    pub fn pick(&self, player: Player) -> Option<&CardRef> {
        match self {
            Action::Round { p1, p2 } => match player {
                Player::P1 => p1.as_ref(),
                Player::P2 => p2.as_ref(),
            },
            Action::Discard { .. } => None,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Round { p1, p2 } => {
                f.write_str("round: ")?;
                for (i, (player, pick)) in
                    [(Player::P1, p1), (Player::P2, p2)].into_iter().enumerate()
                {
                    let sep = if i == 0 { "" } else { ", " };
                    match pick {
                        Some(c) => write!(f, "{sep}{player} plays {}", c.name)?,
                        None => write!(f, "{sep}{player} plays nothing")?,
                    }
                }
                Ok(())
            }
            Action::Discard { player, card, more } => {
                write!(f, "{player} discards {}", card.name)?;
                for c in more {
                    write!(f, ", {}", c.name)?;
                }
                Ok(())
            }
        }
    }
}

const ROUND_HELP: &str = "write `round: p1 plays <card>, p2 plays <card>` \
                          (`plays nothing` for an empty hand)";
const DISCARD_HELP: &str = "write `p1 discards <card>, <card>`";

/// Reads one script action. Card names resolve against the cards of both decks; whether the
/// card is in the player's hand is for `apply` to judge, so the script gets the rules' reason.
pub fn parse(state: &State, text: &str) -> Result<Action, String> {
    let text = text.trim();
    let (keyword, rest) = match text.split_once(':') {
        Some((k, rest))
            if matches!(k.trim().to_ascii_lowercase().as_str(), "round" | "discard") =>
        {
            (Some(k.trim().to_ascii_lowercase()), rest.trim())
        }
        _ => (None, text),
    };
    let is_discard = match keyword.as_deref() {
        Some("discard") => true,
        Some(_) => false,
        None => verb_of(rest).is_some_and(|v| v.starts_with("discard")),
    };
    if rest.is_empty() {
        return Err(format!(
            "empty action; {}",
            if is_discard { DISCARD_HELP } else { ROUND_HELP }
        ));
    }
    if is_discard {
        parse_discard(&state.table, rest)
    } else {
        parse_round(&state.table, rest)
    }
}

/// The word after the player in `p1 plays …`.
fn verb_of(text: &str) -> Option<String> {
    let mut words = text.split_whitespace();
    Player::parse(words.next()?)?;
    Some(words.next()?.to_ascii_lowercase())
}

/// Splits `p1 …` / `p2 …` clauses at commas, keeping commas that belong to a card name.
fn clauses(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for part in text.split(',') {
        let starts_clause = part
            .split_whitespace()
            .next()
            .is_some_and(|w| Player::parse(w).is_some());
        match out.last_mut() {
            Some(last) if !starts_clause => {
                last.push(',');
                last.push_str(part);
            }
            _ => out.push(part.trim().to_owned()),
        }
    }
    out
}

/// `p1 plays X` → (p1, "plays", "X").
fn clause(text: &str) -> Option<(Player, String, &str)> {
    let text = text.trim();
    if !text.contains(char::is_whitespace) {
        return None;
    }
    let (player, rest) = player_prefix(text)?;
    let (verb, object) = rest
        .split_once(char::is_whitespace)
        .map_or((rest, ""), |(v, o)| (v, o.trim()));
    Some((player, verb.to_ascii_lowercase(), object))
}

fn parse_round(table: &Table, text: &str) -> Result<Action, String> {
    let mut picks: [Option<Option<CardRef>>; 2] = [None, None];
    for c in clauses(text) {
        let Some((player, verb, object)) = clause(&c) else {
            return Err(format!("cannot read `{}`; {ROUND_HELP}", c.trim()));
        };
        if verb != "plays" && verb != "play" {
            return Err(format!(
                "`{}`: a round says what each player plays; {ROUND_HELP}",
                c.trim()
            ));
        }
        if object.is_empty() {
            return Err(format!("`{}` names no card; {ROUND_HELP}", c.trim()));
        }
        if picks[player.index()].is_some() {
            return Err(format!(
                "{player} plays twice in one round; each player reveals one card"
            ));
        }
        let pick = if object.eq_ignore_ascii_case("nothing") {
            None
        } else {
            Some(CardRef::new(table, table.find(object)?))
        };
        picks[player.index()] = Some(pick);
    }
    match picks {
        [Some(p1), Some(p2)] => Ok(Action::Round { p1, p2 }),
        [None, _] | [_, None] => {
            let missing = if picks[0].is_none() {
                Player::P1
            } else {
                Player::P2
            };
            Err(format!(
                "{missing}'s pick is missing: both players reveal at once, so a round names \
                 both picks (`{missing} plays <card>`, or `{missing} plays nothing` for an \
                 empty hand)"
            ))
        }
    }
}

fn parse_discard(table: &Table, text: &str) -> Result<Action, String> {
    let Some((player, verb, object)) = clause(text) else {
        return Err(format!("cannot read `{text}`; {DISCARD_HELP}"));
    };
    if verb != "discards" && verb != "discard" {
        return Err(format!("`{text}` is not a discard; {DISCARD_HELP}"));
    }
    let mut cards = if object.trim().is_empty() {
        Vec::new()
    } else {
        name_list(object, |name| Ok(CardRef::new(table, table.find(name)?)))?
    };
    if cards.is_empty() {
        return Err(format!("`{text}` names no card; {DISCARD_HELP}"));
    }
    let card = cards.remove(0);
    Ok(Action::Discard {
        player,
        card,
        more: cards,
    })
}
