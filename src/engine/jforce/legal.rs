//! Every action legal now, for whoever decides; and the random player's draw among them
//! without listing them. One enumeration serves both: it offers each group of actions to a
//! [`Sink`] with the group's size and a way to make its actions, so the random player counts
//! the actions first (making none; in the Action Phase, most of the hand's from its summary),
//! draws an index, and makes only the one it drew.

use super::action::{battle_ref, targets, Action, UnitRef};
use super::cards::{level, weigh, Kind, Side};
use super::state::{abilities, Phase, Slot, State, Unit};
use crate::engine::rng::Rng;
use crate::engine::Player;
use std::ops::ControlFlow;

/// What the enumeration does with the actions it finds.
trait Sink {
    /// `n` actions, in listing order, which `make` makes when they are needed. `Break` stops
    /// the enumeration.
    fn offer<I: Iterator<Item = Action>>(
        &mut self,
        n: usize,
        make: impl FnOnce() -> I,
    ) -> ControlFlow<()>;

    /// One action.
    fn one(&mut self, make: impl FnOnce() -> Action) -> ControlFlow<()> {
        self.offer(1, || std::iter::once(make()))
    }
}

/// Lists every action.
impl Sink for Vec<Action> {
    fn offer<I: Iterator<Item = Action>>(
        &mut self,
        _: usize,
        make: impl FnOnce() -> I,
    ) -> ControlFlow<()> {
        self.extend(make());
        ControlFlow::Continue(())
    }
}

/// Counts the actions, making none.
struct Count(usize);

impl Sink for Count {
    fn offer<I: Iterator<Item = Action>>(
        &mut self,
        n: usize,
        _: impl FnOnce() -> I,
    ) -> ControlFlow<()> {
        self.0 += n;
        ControlFlow::Continue(())
    }
}

/// Makes only the action at index `left` of the listing, then stops.
struct Nth {
    left: usize,
    found: Option<Action>,
}

impl Sink for Nth {
    fn offer<I: Iterator<Item = Action>>(
        &mut self,
        n: usize,
        make: impl FnOnce() -> I,
    ) -> ControlFlow<()> {
        if self.left < n {
            self.found = make().nth(self.left);
            return ControlFlow::Break(());
        }
        self.left -= n;
        ControlFlow::Continue(())
    }
}

/// Every action legal now, for whoever decides. Copies of one card in hand give one action.
pub fn legal_actions(state: &State, out: &mut Vec<Action>) {
    out.clear();
    let _ = enumerate(state, out);
}

/// The action [`legal_actions`] lists at a uniformly drawn index, made alone: the index is
/// drawn from the number of actions with the same numbers picking from the list would draw,
/// so a seed plays the same game either way.
pub fn random(state: &State, rng: &mut Rng, out: &mut Vec<Action>) -> Option<usize> {
    out.clear();
    if state.outcome.is_some() {
        return None;
    }
    // The Block and Discard Phases' actions are counted and made by index, without the
    // enumeration's walk (benches/engine.rs, `random_game`).
    let p = state.decider();
    let seat = state.seat(p);
    let action = match state.phase {
        Phase::Action => action_phase(state, rng)?,
        Phase::Block { .. } => block(state, p, rng.pick_index(1 + seat.battle.len())?),
        Phase::Discard => {
            let i = rng.pick_index(seat.hand.distinct().count())?;
            discard(state, p, seat.hand.distinct().nth(i)?)
        }
    };
    out.push(action);
    Some(0)
}

/// The Action Phase's draw: the hand's actions counted from its summary, so that the hand is
/// walked only when the drawn action is a play from it, and then only up to that card.
fn action_phase(state: &State, rng: &mut Rng) -> Option<Action> {
    let p = state.active;
    let targets = [Side::Own, Side::Enemy, Side::Any].map(|side| target_count(state, p, side));
    let hand = hand_count(state, p, targets);
    let units = unit_count(state, p, targets);
    let i = rng.pick_index(1 + hand + units.n)?;
    match i.checked_sub(1) {
        None => Some(Action::End { player: p }),
        Some(i) if i < hand => nth(i, |sink| hand_actions(state, p, sink)),
        Some(i) => units.action(state, p, i - hand),
    }
}

/// The action at index `left` of what `walk` offers.
fn nth(left: usize, walk: impl FnOnce(&mut Nth) -> ControlFlow<()>) -> Option<Action> {
    let mut nth = Nth { left, found: None };
    let _ = walk(&mut nth);
    nth.found
}

/// How many actions the cards in `p`'s hand give: those the summary counts, and the others
/// card by card. `targets`: the Strikes an own, an enemy and any choice may name.
fn hand_count(state: &State, p: Player, targets: [usize; 3]) -> usize {
    let seat = state.seat(p);
    let mut count = Count(0);
    match seat.hand.plays(seat.charge, targets) {
        Some((n, others)) => {
            count.0 = n;
            for i in others {
                let _ = card_actions(state, p, i, &mut count);
            }
        }
        None => {
            let _ = hand_actions(state, p, &mut count);
        }
    }
    count.0
}

/// What `p`'s Hero and Strikes give, as [`unit_actions`] offers them: `n` actions, the first
/// `hero` of them the Hero's; and, when the Strikes offer nothing but attacks (no shipped
/// Strike has an ability), the Strikes that can still attack, one bit each, so that drawing
/// one is a pick among the bits rather than a walk through the units (issue #15, point 4).
struct Units {
    n: usize,
    hero: usize,
    ready: Option<u64>,
}

impl Units {
    /// The action at index `i` of [`unit_actions`]' listing.
    fn action(&self, state: &State, p: Player, i: usize) -> Option<Action> {
        match self.ready {
            Some(mut ready) if i >= self.hero => {
                for _ in self.hero..i {
                    ready &= ready - 1;
                }
                let b = ready.trailing_zeros() as usize;
                let unit = state.seat(p).battle.get(b)?;
                Some(Action::Attack {
                    player: p,
                    attacker: battle_ref(state, p, b, unit),
                })
            }
            _ => nth(i, |sink| unit_actions(state, p, sink)),
        }
    }
}

/// Counts `p`'s units' actions with no branch on whether a unit has attacked or can pay for
/// an ability: once the hand was counted from its summary, those were the draw's most
/// mispredicted branches.
fn unit_count(state: &State, p: Player, targets: [usize; 3]) -> Units {
    let table = &*state.table;
    let seat = state.seat(p);
    // Read from each card's counts at the seat's Charge level, summed over a unit's cards and
    // weighed once; a Charge they do not cover (only a test sets one) is counted by the
    // enumeration's walk, outside the draw's way: with it inside, counting the Hero's
    // activations weighed on every draw (benches/engine.rs; issue #15, point 4).
    let Some(c) = level(seat.charge) else {
        let mut count = Count(0);
        let _ = unit_actions(state, p, &mut count);
        return Units {
            n: count.0,
            hero: 0,
            ready: None,
        };
    };
    let activations = |unit: &Unit| -> usize {
        let of = |card: u16| table.card(card).activations[c];
        let mut ways = of(unit.card);
        for &e in &unit.evolutions {
            for (sum, n) in ways.iter_mut().zip(of(e)) {
                *sum += n;
            }
        }
        weigh(ways, targets)
    };
    let hero = usize::from(!seat.hero.attacked) + activations(&seat.hero);
    let mut n = hero;
    let mut ready = 0;
    let mut plain = seat.battle.len() <= 64;
    for (b, unit) in seat.battle.iter().enumerate() {
        n += usize::from(!unit.attacked);
        ready |= u64::from(!unit.attacked) << (b & 63);
        // Strikes seldom have abilities: their walk is skipped whole.
        if !unit.evolutions.is_empty() || !table.card(unit.card).abilities.is_empty() {
            n += activations(unit);
            plain = false;
        }
    }
    Units {
        n,
        hero,
        ready: plain.then_some(ready),
    }
}

/// The Strikes a choice of `side` may name, for `player`: as many as [`targets`] yields.
fn target_count(state: &State, player: Player, side: Side) -> usize {
    let strikes = |p: Player| state.seat(p).battle.len();
    match side {
        Side::Own => strikes(player),
        Side::Enemy => strikes(player.other()),
        Side::Any => strikes(Player::P1) + strikes(Player::P2),
    }
}

fn enumerate(state: &State, sink: &mut impl Sink) -> ControlFlow<()> {
    if state.outcome.is_some() {
        return ControlFlow::Continue(());
    }
    let p = state.decider();
    let seat = state.seat(p);
    match state.phase {
        Phase::Block { .. } => {
            let n = 1 + seat.battle.len();
            sink.offer(n, || (0..n).map(|i| block(state, p, i)))?;
        }
        Phase::Discard => {
            for i in seat.hand.distinct() {
                sink.one(|| discard(state, p, i))?;
            }
        }
        Phase::Action => {
            sink.one(|| Action::End { player: p })?;
            hand_actions(state, p, sink)?;
            unit_actions(state, p, sink)?;
        }
    }
    ControlFlow::Continue(())
}

/// The Block Phase's `i`th action for the defender `p`: not blocking, then blocking with
/// each Strike in turn.
fn block(state: &State, p: Player, i: usize) -> Action {
    match i.checked_sub(1) {
        None => Action::NoBlock { player: p },
        Some(b) => Action::Block {
            player: p,
            blocker: battle_ref(state, p, b, &state.seat(p).battle[b]),
        },
    }
}

/// Discarding the card at hand position `i` of `p`.
fn discard(state: &State, p: Player, i: usize) -> Action {
    Action::Discard {
        player: p,
        hand: i as u8,
        card: state.table.name(state.seat(p).hand[i]),
    }
}

/// The plays and evolutions of the cards `p` can afford, in hand order.
fn hand_actions(state: &State, p: Player, sink: &mut impl Sink) -> ControlFlow<()> {
    let seat = state.seat(p);
    for i in seat.hand.affordable(seat.charge, &state.table) {
        card_actions(state, p, i, sink)?;
    }
    ControlFlow::Continue(())
}

/// The actions of the card at hand position `i`, once its cost is met.
fn card_actions(state: &State, p: Player, i: usize, sink: &mut impl Sink) -> ControlFlow<()> {
    let table = &*state.table;
    let seat = state.seat(p);
    let card = seat.hand[i];
    let info = table.card(card);
    let hand = i as u8;
    match info.kind {
        Kind::Hero => {}
        Kind::Strike | Kind::Support | Kind::Legendary => {
            if info.legendary && seat.legendary_used.contains(&card) {
                return ControlFlow::Continue(());
            }
            let play = move |target| Action::Play {
                player: p,
                hand,
                card: info.name,
                target,
            };
            match info.choice {
                None => sink.one(|| play(None))?,
                Some(side) => sink.offer(target_count(state, p, side), || {
                    targets(state, p, side).map(move |t| play(Some(t)))
                })?,
            }
        }
        Kind::Evolution => {
            let Some(evo) = info.evolution else {
                return ControlFlow::Continue(());
            };
            let fits = |unit: &Unit| {
                unit.card == evo.base
                    && unit.level(table) == evo.level.checked_sub(1)
                    && unit
                        .evolutions
                        .last()
                        .and_then(|&e| table.card(e).evolution)
                        .is_none_or(|e| e.line == evo.line)
            };
            let evolve = |onto| Action::Evolve {
                player: p,
                hand,
                card: info.name,
                onto,
            };
            if fits(&seat.hero) {
                sink.one(|| {
                    evolve(UnitRef {
                        owner: p,
                        slot: Slot::Hero,
                        name: seat.hero.name(table),
                        nth: 0,
                    })
                })?;
            }
            for (b, unit) in seat.battle.iter().enumerate() {
                if fits(unit) {
                    sink.one(|| evolve(battle_ref(state, p, b, unit)))?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The attacks and affordable abilities of `p`'s Hero, then of each Strike.
fn unit_actions(state: &State, p: Player, sink: &mut impl Sink) -> ControlFlow<()> {
    let table = &*state.table;
    let seat = state.seat(p);
    let units = std::iter::once((Slot::Hero, &seat.hero)).chain(
        seat.battle
            .iter()
            .enumerate()
            .map(|(i, u)| (Slot::Battle(i as u8), u)),
    );
    for (slot, unit) in units {
        let has_abilities =
            !table.card(unit.card).abilities.is_empty() || !unit.evolutions.is_empty();
        if unit.attacked && !has_abilities {
            continue;
        }
        let u = || match slot {
            Slot::Hero => UnitRef {
                owner: p,
                slot,
                name: unit.name(table),
                nth: 0,
            },
            Slot::Battle(i) => battle_ref(state, p, usize::from(i), unit),
        };
        if !unit.attacked {
            sink.one(|| Action::Attack {
                player: p,
                attacker: u(),
            })?;
        }
        for (k, ability) in abilities(table, unit).enumerate() {
            if ability.charge > seat.charge {
                continue;
            }
            let activate = move |target| Action::Activate {
                player: p,
                unit: u(),
                ability: k.min(255) as u8,
                target,
            };
            match ability.choice {
                None => sink.one(|| activate(None))?,
                Some(side) => sink.offer(target_count(state, p, side), || {
                    targets(state, p, side).map(move |t| activate(Some(t)))
                })?,
            }
        }
    }
    ControlFlow::Continue(())
}
