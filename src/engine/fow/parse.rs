//! The script language of Force of Will actions: one action per line, the acting player
//! first, card names as printed (case, quote style and spacing do not matter).
//!
//! ```text
//! p1 keeps                                   p2 mulligans Ember Fox, Flame Lance
//! p1 rests Crimson Warden to call a magic stone        (or: p1 calls a magic stone)
//! p1 plays Flame Soldier of Ma'at paying rest Fire Magic Stone, rest Light Magic Stone
//! p2 plays Cthulhu's Intimidation targeting p1's Flame Soldier of Ma'at paying …
//! chase p1 plays Keep the Faith! targeting Flame Soldier of Ma'at
//! p1 plays Tide Serpent with Revolution Order paying …
//! p1 activates Ashen Sentry targeting p2's Ember Fox     p1 activates Lumen Seeker
//! p1 does Judgment with Crimson Warden paying …
//! p1 attacks p2 with Ember Fox               p1 attacks p2's Coral Guardian with Ember Fox #2
//! p2 blocks with Coral Guardian              p2 does not block
//! p1 passes                                  p1 discards Flame Lance
//! ```
//! Without `paying`, decksmith picks the stones (the first payment it finds).

use super::action::{Action, Aim, Bottom, Named, Payment, Source, MAX_PICK};
use super::cards::{Cost, Def, Kind};
use super::legal::aim;
use super::state::{ObjRef, RulerAt, State, Step, OPENING_HAND};
use super::will;
use crate::engine::parse::{nth_suffix, player_prefix, strip_word};
use crate::engine::{parse, Player};
use crate::names;

pub fn parse(state: &State, text: &str) -> Result<Action, String> {
    let text = text.trim();
    let (chase_word, rest) = match strip_word(text, "chase") {
        Some(r) => (true, r),
        None => (false, text),
    };
    let (who, rest) = player_prefix(rest).ok_or_else(|| {
        format!("`{text}`: an action starts with the player who acts, `p1 …` or `p2 …`")
    })?;
    let chase = !state.chase.is_empty();
    if chase_word && !chase {
        return Err("`chase …`: the chase is empty, so there is nothing to chase".into());
    }
    let lower = rest.to_ascii_lowercase();
    let l = lower.as_str();
    if [
        "keeps",
        "keeps the hand",
        "keeps its hand",
        "keeps their hand",
    ]
    .contains(&l)
    {
        return Ok(Action::Mulligan {
            who,
            bottom: Bottom::default(),
        });
    }
    if let Some(r) = strip_word(rest, "mulligans") {
        let cards = name_list(r, |n| hand_card(state, n))?;
        let bottom = Bottom::new(&cards).ok_or_else(|| {
            format!(
                "a mulligan puts at most {OPENING_HAND} cards on the bottom; this names {}",
                cards.len()
            )
        })?;
        return Ok(Action::Mulligan { who, bottom });
    }
    if ["passes", "pass"].contains(&l) {
        return Ok(if state.step == Step::Block {
            Action::NoBlock { who }
        } else {
            Action::Pass { who }
        });
    }
    if [
        "ends the turn",
        "ends the main phase",
        "ends turn",
        "ends the main phase and the turn",
    ]
    .contains(&l)
    {
        return Ok(Action::Pass { who });
    }
    if [
        "does not block",
        "doesn't block",
        "declines to block",
        "no block",
    ]
    .contains(&l)
    {
        return Ok(Action::NoBlock { who });
    }
    if l.starts_with("calls") || (l.starts_with("rests ") && l.ends_with(" to call a magic stone"))
    {
        return Ok(Action::Call {
            who,
            caller: super::rules::caller_name(state, who),
        });
    }
    if let Some(r) = strip_word(rest, "plays") {
        return play(state, who, r, chase);
    }
    if let Some(r) = strip_word(rest, "activates") {
        return activate(state, who, r, chase);
    }
    for verb in ["does judgment", "performs judgment", "judgment"] {
        if let Some(r) = strip_phrase(rest, verb) {
            return judgment(state, who, r);
        }
    }
    if let Some(r) = strip_word(rest, "attacks") {
        return attack(state, who, r);
    }
    if let Some(r) = strip_word(rest, "blocks") {
        let name = match strip_word(r, "with") {
            Some(n) => n,
            None => rfind_ci(r, " with ").map_or(r, |i| &r[i + 6..]),
        };
        let blocker = field_aim(state, Some(who), name)?;
        return Ok(Action::Block { who, blocker });
    }
    if let Some(r) = strip_word(rest, "discards") {
        return Ok(Action::Discard {
            who,
            card: hand_card(state, r)?,
        });
    }
    Err(format!(
        "`{rest}`: unknown action; use keeps, mulligans, passes, calls a magic stone, plays, activates, does Judgment, attacks, blocks, does not block or discards"
    ))
}

fn strip_phrase<'a>(s: &'a str, phrase: &str) -> Option<&'a str> {
    let mut rest = s;
    for word in phrase.split(' ') {
        rest = strip_word(rest, word)?;
    }
    Some(rest)
}

fn find_ci(s: &str, needle: &str) -> Option<usize> {
    s.to_ascii_lowercase().find(needle)
}

fn rfind_ci(s: &str, needle: &str) -> Option<usize> {
    s.to_ascii_lowercase().rfind(needle)
}

/// `head [targeting T] [paying P]`.
struct Clauses<'a> {
    head: &'a str,
    target: Option<&'a str>,
    pay: Option<&'a str>,
}

fn clauses(s: &str) -> Clauses<'_> {
    let (rest, pay) = match rfind_ci(s, " paying ") {
        Some(i) => (&s[..i], Some(s[i + 8..].trim())),
        None => match strip_word(s, "paying") {
            Some(p) => ("", Some(p)),
            None => (s, None),
        },
    };
    let (head, target) = match find_ci(rest, " targeting ") {
        Some(i) => (&rest[..i], Some(rest[i + 11..].trim())),
        None => (rest, None),
    };
    Clauses {
        head: head.trim(),
        target,
        pay,
    }
}

fn did_you_mean<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    match names::suggest(name, candidates) {
        Some(s) => format!(" — did you mean `{s}`?"),
        None => String::new(),
    }
}

/// A card of the game by name, among definitions of the given kinds.
fn def_by_name(state: &State, name: &str, kinds: &[Kind]) -> Option<Named> {
    let key = names::key(name);
    state
        .table
        .defs
        .iter()
        .enumerate()
        .find(|(_, d)| kinds.contains(&d.kind) && names::key(d.name) == key)
        .and_then(|(i, d)| {
            Some(Named {
                def: Def::try_from(i).ok()?,
                name: d.name,
            })
        })
}

fn hand_card(state: &State, name: &str) -> Result<Named, String> {
    def_by_name(state, name, &[Kind::Resonator, Kind::Chant, Kind::Addition]).ok_or_else(|| {
        format!(
            "no card `{name}` in either deck{}",
            did_you_mean(
                name,
                state
                    .table
                    .defs
                    .iter()
                    .filter(|d| d.kind != Kind::Stone && d.kind != Kind::Ruler)
                    .map(|d| d.name)
            )
        )
    })
}

/// `[pN's ]Name[ #k]` in the field; `owner` fixes the side when the text does not.
fn field_aim(state: &State, owner: Option<Player>, text: &str) -> Result<Aim, String> {
    let mut text = text.trim();
    let mut owner = owner;
    for p in Player::BOTH {
        let prefix = format!("{p}'s ");
        let has_prefix = text
            .get(..prefix.len())
            .is_some_and(|h| h.eq_ignore_ascii_case(&prefix));
        if text.len() > prefix.len() && has_prefix {
            owner = Some(p);
            text = text[prefix.len()..].trim();
        }
    }
    let (text, nth) = nth_suffix(text);
    let key = names::key(text);
    let find = |p: Player| -> Option<Aim> {
        state
            .seat(p)
            .field
            .iter()
            .filter(|o| names::key(state.obj_name(o)) == key)
            .nth(nth - 1)
            .map(|o| {
                aim(
                    state,
                    ObjRef {
                        owner: p,
                        serial: o.serial,
                    },
                )
            })
    };
    let sides: Vec<Player> = owner.map_or(Player::BOTH.to_vec(), |p| vec![p]);
    let found: Vec<Aim> = sides.iter().filter_map(|&p| find(p)).collect();
    match found.as_slice() {
        [one] => Ok(*one),
        [a, _] => Err(format!(
            "both players have {} in the field: write `p1's {}` or `p2's {}`",
            a.name, a.name, a.name
        )),
        _ => {
            let names: Vec<&str> = sides
                .iter()
                .flat_map(|&p| state.seat(p).field.iter().map(|o| state.obj_name(o)))
                .collect();
            let whose = owner.map_or("either player's".to_owned(), |p| format!("{p}'s"));
            let which = if nth > 1 {
                format!("{text} #{nth}")
            } else {
                text.to_owned()
            };
            Err(format!(
                "there is no {which} in {whose} field{}",
                did_you_mean(text, names)
            ))
        }
    }
}

fn payment(state: &State, who: Player, text: Option<&str>, cost: &Cost) -> Result<Payment, String> {
    let Some(text) = text else {
        return Ok(will::first_payment(state, who, cost).unwrap_or_default());
    };
    let stones = name_list(text, |piece| {
        let name = strip_word(piece, "rest").unwrap_or(piece);
        // `Name #k`: the k-th stone of that name in the payer's field (docs/scripts.md).
        let (name, nth) = match name.rfind(" #") {
            Some(i) => match name[i + 2..].trim().parse::<u8>() {
                Ok(k) if (1..=MAX_PICK).contains(&k) => (name[..i].trim(), Some(k)),
                _ => {
                    return Err(format!(
                        "`{name}`: write `#k` with k from 1 to {MAX_PICK} for the k-th stone of that name"
                    ))
                }
            },
            None => (name, None),
        };
        let stone = def_by_name(state, name, &[Kind::Stone]).ok_or_else(|| {
            format!(
                "`{name}` is not a magic stone in either deck{}",
                did_you_mean(
                    name,
                    state
                        .table
                        .defs
                        .iter()
                        .filter(|d| d.kind == Kind::Stone)
                        .map(|d| d.name)
                )
            )
        })?;
        Ok((stone, nth))
    })?;
    Ok(Payment::named(
        stones.into_iter().map(|(s, nth)| (s, 1, nth)),
    ))
}

fn target(state: &State, text: Option<&str>) -> Result<Option<Aim>, String> {
    text.map(|t| field_aim(state, None, t)).transpose()
}

fn play(state: &State, who: Player, text: &str, chase: bool) -> Result<Action, String> {
    let c = clauses(text);
    let (name, order) = match rfind_ci(c.head, " with revolution order") {
        Some(i) if c.head.len() == i + 22 => (&c.head[..i], true),
        _ => (c.head, false),
    };
    let card = hand_card(state, name)?;
    let cost = state.table.defs[usize::from(card.def)].cost.clone();
    Ok(Action::Play {
        who,
        card,
        order,
        target: target(state, c.target)?,
        pay: payment(state, who, c.pay, &cost)?,
        chase,
    })
}

fn activate(state: &State, who: Player, text: &str, chase: bool) -> Result<Action, String> {
    let c = clauses(text);
    let mut head = c.head;
    let mut ability = 0u8;
    if let Some(i) = rfind_ci(head, " ability ") {
        if let Ok(n) = head[i + 9..].trim().parse::<u8>() {
            ability = n.saturating_sub(1);
            head = head[..i].trim();
        }
    }
    let seat = state.seat(who);
    let ruler = state.info(seat.ruler);
    let (source, inst) =
        if seat.ruler_at == RulerAt::Area && names::key(ruler.name) == names::key(head) {
            (Source::Ruler(ruler.name), seat.ruler)
        } else {
            let a = field_aim(state, Some(who), head)?;
            let inst = state
                .obj(ObjRef {
                    owner: who,
                    serial: a.serial,
                })
                .map_or(seat.ruler, |o| o.inst);
            (Source::Field(a), inst)
        };
    let cost = state
        .info(inst)
        .abilities
        .get(usize::from(ability))
        .map(|a| a.cost.clone())
        .unwrap_or_default();
    Ok(Action::Activate {
        who,
        source,
        ability,
        target: target(state, c.target)?,
        pay: payment(state, who, c.pay, &cost)?,
        chase,
    })
}

fn judgment(state: &State, who: Player, text: &str) -> Result<Action, String> {
    let c = clauses(text);
    let ruler = state.info(state.seat(who).ruler);
    if let Some(named) = strip_word(c.head, "with") {
        if names::key(named) != names::key(ruler.name) {
            return Err(format!("{who}'s ruler is {}, not `{named}`", ruler.name));
        }
    } else if !c.head.is_empty() {
        return Err(format!(
            "`{}`: write `does Judgment [with <ruler>] [paying …]`",
            c.head
        ));
    }
    let cost = ruler
        .judgment
        .as_ref()
        .map(|j| j.cost.clone())
        .unwrap_or_default();
    Ok(Action::Judgment {
        who,
        ruler: ruler.name,
        target: target(state, c.target)?,
        pay: payment(state, who, c.pay, &cost)?,
    })
}

fn attack(state: &State, who: Player, text: &str) -> Result<Action, String> {
    if let Some(rest) = strip_word(text, "with") {
        let c = clauses(rest);
        let attacker = field_aim(state, Some(who), c.head)?;
        let target = c
            .target
            .map(|t| attack_target(state, who, t))
            .transpose()?
            .flatten();
        return Ok(Action::Attack {
            who,
            attacker,
            target,
        });
    }
    let lower = text.to_ascii_lowercase();
    let mut last_err = format!("`{text}`: write `attacks p2 with <J/resonator>` or `attacks p2's <J/resonator> with <J/resonator>`");
    for (i, _) in lower.match_indices(" with ") {
        let (t, a) = (&text[..i], &text[i + 6..]);
        let attacker = match field_aim(state, Some(who), a) {
            Ok(x) => x,
            Err(e) => {
                last_err = e;
                continue;
            }
        };
        match attack_target(state, who, t) {
            Ok(target) => {
                return Ok(Action::Attack {
                    who,
                    attacker,
                    target,
                })
            }
            Err(e) => last_err = e,
        }
    }
    Err(last_err)
}

/// `p2` (or `the opponent`) for the player, else a J/resonator of the opponent.
fn attack_target(state: &State, who: Player, text: &str) -> Result<Option<Aim>, String> {
    let t = text.trim().to_ascii_lowercase();
    let opponent = who.other().to_string();
    if t == opponent || t == "the opponent" || t == "opponent" {
        return Ok(None);
    }
    if t == who.to_string() {
        return Err(format!("{who} cannot attack themselves"));
    }
    field_aim(state, Some(who.other()), text).map(Some)
}

/// Card names separated by commas; empty or `nothing` is none.
fn name_list<T>(s: &str, resolve: impl FnMut(&str) -> Result<T, String>) -> Result<Vec<T>, String> {
    let s = s.trim();
    if s.is_empty() || s.eq_ignore_ascii_case("nothing") {
        return Ok(Vec::new());
    }
    parse::name_list(s, resolve)
}
