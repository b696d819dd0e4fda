//! `draw` for people and for scripts: each sample hand and what each turn adds.

use crate::card_db::Game;
use crate::goldfish::{Hand, Taken};
use serde::Serialize;
use std::fmt::Write;

/// The dealt hands with what is needed to name their cards.
pub struct Dealt<'a> {
    pub title: &'a str,
    pub format: &'a str,
    pub game: &'a Game,
    pub seed: u64,
    pub on_the_play: bool,
    pub hands: &'a [Hand],
}

pub fn human(d: &Dealt) -> String {
    let mut out = String::new();
    let side = if d.game.def.setup.as_ref().is_some_and(|s| s.simultaneous) {
        "both players at once"
    } else if d.on_the_play {
        "on the play"
    } else {
        "on the draw"
    };
    let _ = writeln!(out, "{} · {} · seed {} · {side}", d.title, d.format, d.seed);
    for (i, hand) in d.hands.iter().enumerate() {
        let _ = writeln!(out, "\nHand {}", i + 1);
        let _ = writeln!(
            out,
            "  opening ({}): {}",
            hand.opening.len(),
            names(d, &hand.opening, false)
        );
        for (t, cards) in hand.turns.iter().enumerate() {
            let text = if cards.is_empty() {
                "nothing".to_owned()
            } else {
                names(d, cards, true)
            };
            let _ = writeln!(out, "  turn {}: {text}", t + 1);
        }
    }
    out
}

/// `Ember Striker, Iron Guard`, or with verbs, `draw Ember Striker; call Fire Magic Stone`.
fn names(d: &Dealt, cards: &[Taken], verbs: bool) -> String {
    let piles = d.game.def.setup.as_ref().map_or(&[][..], |s| &s.piles[..]);
    let mut parts: Vec<String> = Vec::new();
    for (i, pile) in piles.iter().enumerate() {
        let these: Vec<&str> = cards
            .iter()
            .filter(|c| c.pile == i)
            .map(|c| d.game.cards[c.card].name())
            .collect();
        if these.is_empty() {
            continue;
        }
        let list = these.join(", ");
        parts.push(if verbs {
            format!("{} {list}", pile.verb)
        } else {
            list
        });
    }
    parts.join("; ")
}

#[derive(Serialize)]
struct DrawJson<'a> {
    format: &'a str,
    seed: u64,
    on_the_play: bool,
    hands: Vec<HandJson<'a>>,
}

#[derive(Serialize)]
struct HandJson<'a> {
    opening: Vec<CardJson<'a>>,
    turns: Vec<Vec<CardJson<'a>>>,
}

#[derive(Serialize)]
struct CardJson<'a> {
    name: &'a str,
    id: &'a str,
    zone: &'a str,
    verb: &'a str,
}

pub fn json(d: &Dealt) -> String {
    let piles = d.game.def.setup.as_ref().map_or(&[][..], |s| &s.piles[..]);
    let card = |t: &Taken| {
        let c = &d.game.cards[t.card];
        let pile = &piles[t.pile];
        CardJson {
            name: c.name(),
            id: c.id(),
            zone: &pile.zone,
            verb: &pile.verb,
        }
    };
    let doc = DrawJson {
        format: d.format,
        seed: d.seed,
        on_the_play: d.on_the_play,
        hands: d
            .hands
            .iter()
            .map(|h| HandJson {
                opening: h.opening.iter().map(card).collect(),
                turns: h
                    .turns
                    .iter()
                    .map(|t| t.iter().map(card).collect())
                    .collect(),
            })
            .collect(),
    };
    super::json::to_string(&doc)
}
