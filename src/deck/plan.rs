//! Sideboard plans: named swaps between the side zone (zone id `side`) and the main deck (the
//! game's default zone) for one matchup, and the post-board deck a plan makes.
//!
//! Every swap is checked against the deck as written, not against the deck half-way through
//! the plan: a plan is a set of swaps made at once between games, so `-2 Ash Hound` does not
//! make two Ash Hounds available to a later `+2 Ash Hound`.

use super::{Deck, Entry, Located, Name, Zone};
use crate::card_db::Game;
use std::ops::Range;

/// The zone id a plan's `+` lines take copies from and its `-` lines put copies back in.
pub const SIDE: &str = "side";

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// The name after `Plan:` (`vs Titan Wall`), pointing at the header line.
    pub name: Located<String>,
    pub swaps: Vec<Swap>,
}

/// One plan line: `+2 Storm Falcon` (`into_main`) or `-2 Ash Hound`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Swap {
    pub count: u32,
    /// The card's name (or id) as written.
    pub card: Name,
    /// `+` takes copies from the side zone into the main deck; `-` puts copies back.
    pub into_main: bool,
    /// Byte range of the whole line in the source.
    pub span: Option<Range<usize>>,
    pub line: Option<u32>,
}

/// Why a plan cannot be applied to a deck, pointing at the plan line at fault (or at the
/// plan's header when the game has no side zone).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlanProblem {
    pub message: String,
    pub help: String,
    /// The card the line names, as written.
    pub card: Option<String>,
    pub span: Option<Range<usize>>,
    pub line: Option<u32>,
}

impl Deck {
    /// The plan named `name` (compared as card names are: case and spacing aside).
    pub fn plan(&self, name: &str) -> Option<&Plan> {
        let key = crate::names::key(name);
        (self.plans.iter()).find(|p| crate::names::key(&p.name.value) == key)
    }

    /// The post-board deck: this deck with every swap of `plan` made, and no plans of its
    /// own. Entries moved into a zone join the entry of the same card there, or are added at
    /// its end; entries left with no copies are removed. Every problem with the plan is
    /// reported at once.
    pub fn with_plan(&self, plan: &Plan, game: &Game) -> Result<Deck, Vec<PlanProblem>> {
        let main = game.def.zones.iter().position(|z| z.default);
        let side = game.def.zones.iter().position(|z| z.id == SIDE);
        let (Some(main), Some(side)) = (main, side) else {
            return Err(vec![PlanProblem {
                message: format!(
                    "plan `{}`: {} decks have no side zone to board from",
                    plan.name.value, game.def.name
                ),
                help: format!(
                    "remove the plan; a game that has sideboards declares a zone with id `{SIDE}` in its game.toml"
                ),
                card: None,
                span: plan.name.span.clone(),
                line: plan.name.line,
            }]);
        };
        let mut buf = String::new();
        let mut post = Boarding {
            deck: Deck {
                plans: Vec::new(),
                ..self.clone()
            },
            zones: Vec::new(),
            game,
            buf: String::new(),
        };
        post.zones = (self.zones.iter())
            .map(|z| z.index_in(game, &mut buf))
            .collect();
        let mut problems = Vec::new();
        // Copies each earlier line moved, by card and direction.
        let mut moved: Vec<(usize, bool, u32)> = Vec::new();
        for swap in &plan.swaps {
            let problem = |message: String, help: String| PlanProblem {
                message: format!("plan `{}`: {message}", plan.name.value),
                help,
                card: Some(swap.card.to_string()),
                span: swap.span.clone(),
                line: swap.line,
            };
            let Some(card) = game.find_with(&swap.card, &mut buf) else {
                let help = match game.suggest(&swap.card) {
                    Some(s) => format!("did you mean `{s}`?"),
                    None => format!(
                        "`decksmith cards --game {} <words>` searches the card database",
                        game.def.id
                    ),
                };
                problems.push(problem(format!("unknown card `{}`", swap.card), help));
                continue;
            };
            let (from, to) = match swap.into_main {
                true => (side, main),
                false => (main, side),
            };
            let held = copies(self, game, from, card, &mut buf);
            let before: u32 = (moved.iter())
                .filter(|m| m.0 == card && m.1 == swap.into_main)
                .map(|m| m.2)
                .sum();
            let wanted = before.saturating_add(swap.count);
            if wanted > held {
                let (zone, verb) = match swap.into_main {
                    true => ("the side zone", "takes"),
                    false => ("the main deck", "puts back"),
                };
                let name = &game.cards[card].name();
                problems.push(match held {
                    0 => problem(
                        format!("{zone} holds no `{name}`"),
                        match swap.into_main {
                            true => "list it under `Side:` to board it in, or remove this line",
                            false => {
                                "a `-` line boards out a card the main deck plays; remove this line"
                            }
                        }
                        .to_owned(),
                    ),
                    _ => problem(
                        format!("{zone} holds {held} `{name}`, the plan {verb} {wanted}"),
                        match swap.into_main {
                            true => format!("board in at most {held}, or list more under `Side:`"),
                            false => format!("board out at most {held}"),
                        },
                    ),
                });
                continue;
            }
            moved.push((card, swap.into_main, swap.count));
            post.swap(from, to, card, swap.count);
        }
        match problems.is_empty() {
            true => Ok(post.deck),
            false => Err(problems),
        }
    }
}

/// Copies of `card` the game zone `zone` holds in `deck`.
fn copies(deck: &Deck, game: &Game, zone: usize, card: usize, buf: &mut String) -> u32 {
    let mut total = 0u32;
    for z in &deck.zones {
        if z.index_in(game, buf) != Some(zone) {
            continue;
        }
        for e in &z.entries {
            if game.find_line(e.id.as_deref(), &e.card, buf) == Some(card) {
                total = total.saturating_add(e.count);
            }
        }
    }
    total
}

/// The post-board deck being made, with the game zone each of its zones is.
struct Boarding<'g> {
    deck: Deck,
    zones: Vec<Option<usize>>,
    game: &'g Game,
    buf: String,
}

impl<'g> Boarding<'g> {
    /// Moves `count` copies of `card` (known to be there) from game zone `from` to `to`.
    fn swap(&mut self, from: usize, to: usize, card: usize, count: u32) {
        let model = self.take(from, card, count);
        self.put(to, card, count, model);
    }

    /// The entries of the game zone `zone` that are `card`, zone by zone.
    fn entries_of<'s>(
        &'s mut self,
        zone: usize,
        card: usize,
    ) -> impl Iterator<Item = &'s mut Entry> + use<'s, 'g> {
        let Boarding {
            deck,
            zones,
            game,
            buf,
        } = self;
        (deck.zones.iter_mut().zip(zones.iter()))
            .filter(move |(_, &z)| z == Some(zone))
            .flat_map(|(z, _)| z.entries.iter_mut())
            .filter(move |e| game.find_line(e.id.as_deref(), &e.card, buf) == Some(card))
    }

    /// Takes `count` copies of `card` out of the game zone `zone`, first entry first; returns
    /// the first entry taken from, as the model for the moved copies.
    fn take(&mut self, zone: usize, card: usize, mut count: u32) -> Option<Entry> {
        let mut model = None;
        for e in self.entries_of(zone, card) {
            let n = e.count.min(count);
            e.count -= n;
            count -= n;
            model.get_or_insert_with(|| e.clone());
        }
        for z in &mut self.deck.zones {
            z.entries.retain(|e| e.count > 0);
        }
        model
    }

    /// Adds `count` copies of `card` to the game zone `zone`: to the entry of the card there,
    /// or as a new entry like `model` at the end of the zone (a new zone when the deck has
    /// none).
    fn put(&mut self, zone: usize, card: usize, count: u32, model: Option<Entry>) {
        if let Some(e) = self.entries_of(zone, card).next() {
            e.count = e.count.saturating_add(count);
            return;
        }
        let entry = Entry {
            count,
            span: None,
            line: None,
            ..model.unwrap_or_else(|| Entry {
                card: self.game.cards[card].name().into(),
                ..Entry::default()
            })
        };
        let at = match self.zones.iter().rposition(|&i| i == Some(zone)) {
            Some(at) => at,
            None => {
                let def = &self.game.def.zones[zone];
                // A zone without a header named `main` is the default zone; any other goes by
                // its header.
                let name = match def.default {
                    true => "main".to_owned(),
                    false => def.label().to_owned(),
                };
                self.deck.zones.push(Zone {
                    name,
                    span: None,
                    line: None,
                    entries: Vec::new(),
                });
                self.zones.push(Some(zone));
                self.deck.zones.len() - 1
            }
        };
        self.deck.zones[at].entries.push(entry);
    }
}
