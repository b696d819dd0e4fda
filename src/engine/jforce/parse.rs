//! The J Force action language: reads `p1 play Shatter targeting p2 Iron Guard` and the
//! other lines an action prints (`action`) back into actions, resolving names against the
//! state.

use super::action::{Action, UnitRef};
use super::cards::{Kind, Side};
use super::state::{Slot, State};
use crate::engine::parse::player_prefix;
use crate::engine::Player;
use crate::names;

/// Reads one action line against the state.
pub fn parse(state: &State, text: &str) -> Result<Action, String> {
    let text = text.trim();
    if !text.contains(char::is_whitespace) {
        return Err(format!(
            "`{text}` is not an action: start with the player (`p1 play Ember Striker`)"
        ));
    }
    let (player, rest) = player_prefix(text)
        .ok_or_else(|| format!("`{text}` does not start with a player: write `p1 …` or `p2 …`"))?;
    let rest = rest.trim();
    let lower = rest.to_ascii_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let after = |n: usize| -> &str {
        // The original text (with its case) after the first `n` words.
        let mut s = rest;
        for _ in 0..n {
            s = s.trim_start();
            s = s.find(char::is_whitespace).map_or("", |i| &s[i..]);
        }
        s.trim()
    };
    let p = Parser { state, player };
    match words.as_slice() {
        ["end"] | ["end", "turn"] | ["pass"] | ["end", "the", "turn"] => Ok(Action::End { player }),
        ["no", "block"] | ["don't", "block"] | ["do", "not", "block"] => Ok(Action::NoBlock { player }),
        ["play", ..] => p.play(after(1)),
        ["evolve", ..] => p.evolve(after(1)),
        ["attack", "with", ..] => p.attack(after(2)),
        ["attack", "hero", "with", ..] => p.attack(after(3)),
        ["block", "with", ..] => p.block(after(2)),
        ["block", ..] => p.block(after(1)),
        ["activate", ..] => p.activate(after(1)),
        ["attack", ..] => Err(format!(
            "`{rest}`: every attack aims at the enemy Hero, and Strikes trade only when one blocks (JF-A15); write `{player} attack with <your Hero or Strike>`"
        )),
        ["discard", ..] => p.discard(after(1)),
        _ => Err(format!(
            "`{rest}` is not a J Force action; the actions are: play, evolve, attack with, block with, no block, activate, discard, end"
        )),
    }
}

struct Parser<'a> {
    state: &'a State,
    player: Player,
}

/// Splits `A targeting B` (or `on`, `onto`) at the last keyword whose left side names a card.
fn split_target<'t>(text: &'t str, words: &[&str]) -> (&'t str, Option<&'t str>) {
    let lower = text.to_ascii_lowercase();
    for w in words {
        let pat = format!(" {w} ");
        if let Some(at) = lower.rfind(&pat) {
            return (text[..at].trim(), Some(text[at + pat.len()..].trim()));
        }
    }
    (text.trim(), None)
}

impl Parser<'_> {
    fn card(&self, name: &str) -> Result<u16, String> {
        let table = &self.state.table;
        let key = names::key(name);
        table
            .cards
            .iter()
            .position(|c| names::key(c.name) == key)
            .map(|i| i as u16)
            .ok_or_else(
                || match names::suggest(name, table.cards.iter().map(|c| c.name)) {
                    Some(s) => format!("unknown card `{name}`; did you mean `{s}`?"),
                    None => format!("unknown card `{name}`"),
                },
            )
    }

    /// The position in the player's hand of the first copy of `name`.
    fn in_hand(&self, name: &str) -> Result<(u8, u16), String> {
        let card = self.card(name)?;
        let seat = self.state.seat(self.player);
        match seat.hand.iter().position(|&c| c == card) {
            Some(i) => Ok((i as u8, card)),
            None => Err(format!(
                "{} has no {} in hand",
                self.player,
                self.state.table.name(card)
            )),
        }
    }

    fn play(&self, text: &str) -> Result<Action, String> {
        let (name, target) = split_target(text, &["targeting", "onto", "on"]);
        let (hand, card) = match self.in_hand(name) {
            Ok(found) => found,
            // `play X on Y` where the whole text is one card name.
            Err(e) if target.is_some() => match self.in_hand(text) {
                Ok(found) => return self.play_found(found, None),
                Err(_) => return Err(e),
            },
            Err(e) => return Err(e),
        };
        self.play_found((hand, card), target)
    }

    fn play_found(&self, (hand, card): (u8, u16), target: Option<&str>) -> Result<Action, String> {
        let info = self.state.table.card(card);
        let player = self.player;
        if info.kind == Kind::Evolution {
            let onto = target.ok_or_else(|| {
                format!(
                    "{} is an Evolution: say what it evolves (`evolve {} on …`)",
                    info.name, info.name
                )
            })?;
            let onto = self.unit(onto, Some(player))?;
            return Ok(Action::Evolve {
                player,
                hand,
                card: info.name,
                onto,
            });
        }
        let target = match target {
            Some(t) => Some(self.target(t, info.choice)?),
            None => None,
        };
        Ok(Action::Play {
            player,
            hand,
            card: info.name,
            target,
        })
    }

    fn evolve(&self, text: &str) -> Result<Action, String> {
        let (name, onto) = split_target(text, &["onto", "on"]);
        let (hand, card) = self.in_hand(name)?;
        let info = self.state.table.card(card);
        let onto = match onto {
            Some(o) => self.unit(o, Some(self.player))?,
            None => {
                // `evolve Chrono Spark` alone: onto the one card its line evolves.
                let base = info
                    .evolution
                    .map(|e| e.base)
                    .ok_or_else(|| format!("{} is not an Evolution card", info.name))?;
                self.units(self.player)
                    .into_iter()
                    .find(|u| {
                        self.state
                            .unit(u.owner, u.slot)
                            .is_some_and(|x| x.card == base)
                    })
                    .ok_or_else(|| {
                        format!(
                            "{} has no {} in play for {} to evolve",
                            self.player,
                            self.state.table.name(base),
                            info.name
                        )
                    })?
            }
        };
        Ok(Action::Evolve {
            player: self.player,
            hand,
            card: info.name,
            onto,
        })
    }

    fn attack(&self, text: &str) -> Result<Action, String> {
        let attacker = self.unit_where(text, Some(self.player), |u| !u.attacked)?;
        Ok(Action::Attack {
            player: self.player,
            attacker,
        })
    }

    fn block(&self, text: &str) -> Result<Action, String> {
        let blocker = self.unit(text, Some(self.player))?;
        Ok(Action::Block {
            player: self.player,
            blocker,
        })
    }

    fn activate(&self, text: &str) -> Result<Action, String> {
        let (head, target) = split_target(text, &["targeting"]);
        let lower = head.to_ascii_lowercase();
        let (unit_text, ability) = match lower.rfind(" ability ") {
            Some(at) => {
                let n: u8 = head[at + " ability ".len()..]
                    .trim()
                    .parse()
                    .ok()
                    .filter(|&n| n >= 1)
                    .ok_or_else(|| format!("`{head}`: abilities count from 1 (`ability 2`)"))?;
                (&head[..at], n - 1)
            }
            None => (head, 0),
        };
        let unit = self.unit(unit_text, Some(self.player))?;
        let choice = self
            .state
            .unit(unit.owner, unit.slot)
            .and_then(|u| super::state::abilities(&self.state.table, u).nth(usize::from(ability)))
            .and_then(|a| a.choice);
        let target = match target {
            Some(t) => Some(self.target(t, choice)?),
            None => None,
        };
        Ok(Action::Activate {
            player: self.player,
            unit,
            ability,
            target,
        })
    }

    fn discard(&self, text: &str) -> Result<Action, String> {
        let (hand, card) = self.in_hand(text)?;
        Ok(Action::Discard {
            player: self.player,
            hand,
            card: self.state.table.name(card),
        })
    }

    /// Every unit on `owner`'s side, Hero first.
    fn units(&self, owner: Player) -> Vec<UnitRef> {
        super::action::unit_refs(self.state, owner).collect()
    }

    fn unit(&self, text: &str, default_owner: Option<Player>) -> Result<UnitRef, String> {
        self.unit_where(text, default_owner, |_| true)
    }

    /// A unit named in a script: `hero`, `Iron Guard`, `Iron Guard #2`, `p2 Iron Guard`,
    /// `p2 hero`, or the Hero's own name. Without `#n`, the first unit that `prefer` accepts
    /// is taken (the Strike that has not attacked yet), else the first of that name.
    fn unit_where(
        &self,
        text: &str,
        default_owner: Option<Player>,
        prefer: impl Fn(&super::state::Unit) -> bool,
    ) -> Result<UnitRef, String> {
        let text = text.trim();
        let (owner, name) = match text.split_once(char::is_whitespace) {
            Some((first, rest)) if Player::parse(first.trim_end_matches("'s")).is_some() => {
                (Player::parse(first.trim_end_matches("'s")), rest.trim())
            }
            _ => (None, text),
        };
        let owner = owner.or(default_owner).unwrap_or(self.player);
        if name.is_empty() {
            return Err(format!("`{text}` names no card"));
        }
        let (name, nth) = match name.rsplit_once(" #") {
            Some((n, k)) => match k.trim().parse::<u8>() {
                Ok(k) if k >= 1 => (n.trim(), Some(k - 1)),
                _ => {
                    return Err(format!(
                        "`{text}`: `#` takes a number from 1 (`Iron Guard #2`)"
                    ))
                }
            },
            None => (name, None),
        };
        let table = &self.state.table;
        let seat = self.state.seat(owner);
        let key = names::key(name);
        if key == "hero"
            || names::key(seat.hero.name(table)) == key
            || names::key(table.name(seat.hero.card)) == key
        {
            return Ok(UnitRef {
                owner,
                slot: Slot::Hero,
                name: seat.hero.name(table),
                nth: 0,
            });
        }
        // Units named by their top card first; by their base card only if none is.
        let by_top: Vec<UnitRef> = self
            .units(owner)
            .into_iter()
            .filter(|u| u.slot != Slot::Hero && names::key(u.name) == key)
            .collect();
        let candidates = if by_top.is_empty() {
            self.units(owner)
                .into_iter()
                .filter(|u| {
                    u.slot != Slot::Hero
                        && seat
                            .unit(u.slot)
                            .is_some_and(|x| names::key(table.name(x.card)) == key)
                })
                .collect()
        } else {
            by_top
        };
        if candidates.is_empty() {
            self.card(name)?;
            return Err(format!("{owner} has no {name} in play"));
        }
        match nth {
            Some(k) => candidates.get(usize::from(k)).copied().ok_or_else(|| {
                format!(
                    "{owner} has {} {name} in play, not {}",
                    candidates.len(),
                    k + 1
                )
            }),
            None => Ok(candidates
                .iter()
                .copied()
                .find(|u| seat.unit(u.slot).is_some_and(&prefer))
                .unwrap_or(candidates[0])),
        }
    }

    /// A Strike a card or ability aims at: on the side its effects allow, unless the script
    /// names the owner.
    fn target(&self, text: &str, choice: Option<Side>) -> Result<UnitRef, String> {
        let text = text.trim();
        let named_owner = text
            .split_once(char::is_whitespace)
            .and_then(|(first, _)| Player::parse(first.trim_end_matches("'s")));
        if named_owner.is_some() {
            return self.unit(text, None);
        }
        match choice {
            Some(Side::Own) | None => self.unit(text, Some(self.player)),
            Some(Side::Enemy) => self.unit(text, Some(self.player.other())),
            Some(Side::Any) => {
                let mine = self.unit(text, Some(self.player));
                let theirs = self.unit(text, Some(self.player.other()));
                match (mine, theirs) {
                    (Ok(_), Ok(_)) => Err(format!(
                        "both players have {text} in play: say whose (`p1 {text}` or `p2 {text}`)"
                    )),
                    (Ok(u), Err(_)) | (Err(_), Ok(u)) => Ok(u),
                    (Err(e), Err(_)) => Err(e),
                }
            }
        }
    }
}
