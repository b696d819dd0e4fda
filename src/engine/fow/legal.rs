//! Every action legal now, for the player whose decision it is. Payments are listed up to the
//! order of identical stones, targets one by one, mulligans as ordered choices of cards.

use super::action::{Action, Aim, Bottom, Named, Payment, Source};
use super::battle;
use super::cards::{Cost, Def, Filter};
use super::rules::{self, main_window, priority_step};
use super::state::{ObjKind, ObjRef, RulerAt, State, Step, OPENING_HAND};
use super::will::{self, StoneKind};
use crate::engine::rng::Rng;
use crate::engine::Player;

pub fn legal(state: &State, out: &mut Vec<Action>) {
    out.clear();
    let Some(who) = state.decider() else { return };
    // Scratch lists kept by the thread and reused for every decision, so that listing
    // allocates nothing once they have grown.
    SCRATCH.with_borrow_mut(|scratch| match state.step {
        Step::Over => {}
        Step::Mulligan => mulligans(state, who, &mut scratch.hand, out),
        Step::Discard => {
            distinct_hand(state, who, &mut scratch.hand);
            out.extend(
                scratch
                    .hand
                    .iter()
                    .map(|&card| Action::Discard { who, card }),
            );
        }
        Step::Block => {
            out.push(Action::NoBlock { who });
            for r in battle::can_block(state) {
                out.push(Action::Block {
                    who,
                    blocker: aim(state, r),
                });
            }
        }
        Step::Main | Step::Attack | Step::AfterBlock => {
            out.push(Action::Pass { who });
            let mut kinds = std::mem::take(&mut scratch.kinds);
            will::stone_kinds_into(state, who, &mut kinds);
            main_actions(state, who, &kinds, scratch, out);
            scratch.kinds = kinds;
        }
    });
}

fn main_actions(
    state: &State,
    who: Player,
    kinds: &[StoneKind],
    scratch: &mut Scratch,
    out: &mut Vec<Action>,
) {
    let chase = !state.chase.is_empty();
    if main_window(state, who) {
        if rules::call(state, who).is_ok() {
            out.push(Action::Call {
                who,
                caller: rules::caller_name(state, who),
            });
        }
        judgments(state, who, kinds, scratch, out);
        attacks(state, who, &mut scratch.aims, out);
    }
    plays(state, who, kinds, chase, scratch, out);
    abilities(state, who, kinds, chase, scratch, out);
}

/// The decider's stone kinds, hand cards and ability sources, and the payments and targets
/// of the card being listed.
#[derive(Default)]
struct Scratch {
    kinds: Vec<StoneKind>,
    hand: Vec<Named>,
    sources: Vec<(Source, Option<Aim>, u16)>,
    pays: Vec<Payment>,
    aims: Vec<Option<Aim>>,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::default();
}

/// An object as scripts name it: with its 1-based position among its controller's objects of
/// the same name, so that scripts can tell two `Ember Fox` apart (`Ember Fox #2`).
pub fn aim(state: &State, r: ObjRef) -> Aim {
    // One scan of the field finds both the object and the ones of its name before it.
    let field = &state.seat(r.owner).field;
    let Some(at) = field.iter().position(|o| o.serial == r.serial) else {
        return Aim {
            owner: r.owner,
            name: "?",
            nth: 1,
            serial: r.serial,
        };
    };
    let name = field.get(at).map_or("?", |o| state.obj_name(o));
    let before = field
        .iter()
        .take(at)
        .filter(|x| state.obj_name(x) == name)
        .count();
    Aim {
        owner: r.owner,
        name,
        nth: u8::try_from(before + 1).unwrap_or(u8::MAX),
        serial: r.serial,
    }
}

/// The different cards in a hand, in hand order, into `cards`.
fn distinct_hand(state: &State, who: Player, cards: &mut Vec<Named>) {
    cards.clear();
    for &inst in &state.seat(who).hand {
        let def = state.table.def_of(inst);
        if !cards.iter().any(|c| c.def == def) {
            cards.push(Named {
                def,
                name: state.info(inst).name,
            });
        }
    }
}

/// Every ordered choice of hand cards to bottom, identical cards counted once (`hand` is
/// scratch space for the hand's cards).
fn mulligans(state: &State, who: Player, hand: &mut Vec<Named>, out: &mut Vec<Action>) {
    hand.clear();
    hand.extend(state.seat(who).hand.iter().map(|&i| Named {
        def: state.table.def_of(i),
        name: state.info(i).name,
    }));
    let mut visit = |bottom| out.push(Action::Mulligan { who, bottom });
    // `used` marks the hand positions already chosen; the rest keep their hand order.
    fn walk(hand: &[Named], used: u32, chosen: &mut Bottom, visit: &mut dyn FnMut(Bottom)) {
        visit(*chosen);
        for (i, card) in hand.iter().enumerate() {
            let free = |j: usize| used & (1 << j) == 0;
            if !free(i)
                || hand[..i]
                    .iter()
                    .enumerate()
                    .any(|(j, c)| free(j) && c.def == card.def)
            {
                continue;
            }
            if chosen.push(*card).is_none() {
                return;
            }
            walk(hand, used | 1 << i, chosen, visit);
            chosen.pop();
        }
    }
    // The mask holds a hand of up to 32 cards; an opening hand has five.
    let hand = &hand[..hand.len().min(32)];
    walk(hand, 0, &mut Bottom::default(), &mut visit);
}

/// The random player's choice, drawn as picking from [`legal`]'s whole list would draw. A
/// mulligan is found by counting the choices and walking to the drawn one, without listing
/// the hundreds of orders a hand of different cards has.
pub fn random(state: &State, rng: &mut Rng, out: &mut Vec<Action>) -> Option<usize> {
    out.clear();
    match (state.step, state.decider()) {
        (Step::Mulligan, Some(who)) => {
            let bottom = random_mulligan(state, who, rng)?;
            out.push(Action::Mulligan { who, bottom });
            Some(0)
        }
        _ => {
            legal(state, out);
            rng.pick_index(out.len())
        }
    }
}

/// How many ordered choices of at most `slots` cards a hand with these numbers of each
/// different card has (the empty choice included): for each length, the arrangements of the
/// multiset, built up one kind at a time (`C(j, i)` ways to place `i` copies of a new kind
/// among `j` positions).
fn orders(counts: &[usize], slots: usize) -> usize {
    let mut seqs = [0usize; OPENING_HAND + 1];
    seqs[0] = 1;
    let slots = slots.min(OPENING_HAND);
    for &c in counts {
        for j in (1..=slots).rev() {
            let mut ways = 0usize;
            let mut choose = 1usize;
            for i in 0..=c.min(j) {
                ways = ways.saturating_add(seqs[j - i].saturating_mul(choose));
                // C(j, i + 1) from C(j, i).
                choose = choose * (j - i) / (i + 1);
            }
            seqs[j] = ways;
        }
    }
    seqs[..=slots].iter().fold(0, |a, &b| a.saturating_add(b))
}

/// The mulligan [`mulligans`] would list at a uniformly drawn index: the index is drawn
/// from the number of choices, then found by skipping whole subtrees of the listing order
/// (each choice, then every longer choice that extends it, its next card taken at the first
/// free hand position of each different card, in hand order).
fn random_mulligan(state: &State, who: Player, rng: &mut Rng) -> Option<Bottom> {
    let hand = &state.seat(who).hand;
    let hand: Vec<Def> = hand[..hand.len().min(32)]
        .iter()
        .map(|&i| state.table.def_of(i))
        .collect();
    // The different cards still free and how many of each, at their first free position.
    let free_kinds = |used: u32| {
        let mut kinds: Vec<(usize, usize)> = Vec::new();
        for (i, d) in hand.iter().enumerate() {
            if used & (1 << i) != 0 {
                continue;
            }
            match kinds.iter_mut().find(|(j, _)| hand[*j] == *d) {
                Some((_, n)) => *n += 1,
                None => kinds.push((i, 1)),
            }
        }
        kinds
    };
    let count = |kinds: &[(usize, usize)], slots: usize| {
        let counts: Vec<usize> = kinds.iter().map(|&(_, n)| n).collect();
        orders(&counts, slots)
    };
    let mut left = rng.pick_index(count(&free_kinds(0), OPENING_HAND))?;
    let mut used = 0u32;
    let mut chosen = Bottom::default();
    for depth in 0..OPENING_HAND {
        if left == 0 {
            break;
        }
        left -= 1;
        let kinds = free_kinds(used);
        let mut next = None;
        for (k, &(i, _)) in kinds.iter().enumerate() {
            let mut rest = kinds.clone();
            rest[k].1 -= 1;
            let sub = count(&rest, OPENING_HAND - depth - 1);
            if left < sub {
                next = Some(i);
                break;
            }
            left -= sub;
        }
        let i = next?;
        let card = state.seat(who).hand[i];
        chosen.push(Named {
            def: state.table.def_of(card),
            name: state.info(card).name,
        })?;
        used |= 1 << i;
    }
    (left == 0).then_some(chosen)
}

/// Targets a card's effects can take: every resonator its filter allows, or none needed.
/// (No target needed is the common case, and it allocates nothing.)
fn targets(state: &State, who: Player, filter: Option<Filter>, out: &mut Vec<Option<Aim>>) {
    out.clear();
    let Some(f) = filter else {
        return;
    };
    for p in [who, who.other()] {
        for o in &state.seat(p).field {
            let r = ObjRef {
                owner: p,
                serial: o.serial,
            };
            if o.kind == ObjKind::Resonator && state.target_ok(who, f, r) {
                out.push(Some(aim(state, r)));
            }
        }
    }
}

fn payments(kinds: &[StoneKind], cost: &Cost, out: &mut Vec<Payment>) {
    out.clear();
    will::for_each_payment(kinds, cost, |p| out.push(p));
}

fn plays(
    state: &State,
    who: Player,
    kinds: &[StoneKind],
    chase: bool,
    scratch: &mut Scratch,
    out: &mut Vec<Action>,
) {
    let stones: u32 = kinds.iter().map(|k| u32::from(k.recovered)).sum();
    let hand = &state.seat(who).hand;
    for (i, &inst) in hand.iter().enumerate() {
        let def = state.table.def_of(inst);
        let info = state.info(inst);
        // Affordability first: it rules out most cards, and it is the cheapest check.
        if info.cost.total() > stones || hand[..i].iter().any(|&c| state.table.def_of(c) == def) {
            continue;
        }
        let card = Named {
            def,
            name: info.name,
        };
        if rules::play(state, who, card, false).is_err() {
            continue;
        }
        targets(state, who, info.effects.target, &mut scratch.aims);
        let aims: &[Option<Aim>] = match info.effects.target {
            None => &[None],
            Some(_) if scratch.aims.is_empty() => continue,
            Some(_) => &scratch.aims,
        };
        payments(kinds, &info.cost, &mut scratch.pays);
        let pays = &scratch.pays;
        if pays.is_empty() {
            continue;
        }
        let order = rules::play(state, who, card, true).is_ok();
        for with_order in [false, true] {
            if with_order && !order {
                continue;
            }
            for target in aims {
                for pay in pays {
                    out.push(Action::Play {
                        who,
                        card,
                        order: with_order,
                        target: *target,
                        pay: pay.clone(),
                        chase,
                    });
                }
            }
        }
    }
}

fn abilities(
    state: &State,
    who: Player,
    kinds: &[StoneKind],
    chase: bool,
    scratch: &mut Scratch,
    out: &mut Vec<Action>,
) {
    let seat = state.seat(who);
    let stones: u32 = kinds.iter().map(|k| u32::from(k.recovered)).sum();
    let mut sources = std::mem::take(&mut scratch.sources);
    sources.clear();
    if seat.ruler_at == RulerAt::Area && !state.info(seat.ruler).abilities.is_empty() {
        sources.push((Source::Ruler(state.info(seat.ruler).name), None, seat.ruler));
    }
    for o in &seat.field {
        if o.kind == ObjKind::JRuler || state.info(o.inst).abilities.is_empty() {
            continue;
        }
        let a = aim(
            state,
            ObjRef {
                owner: who,
                serial: o.serial,
            },
        );
        sources.push((Source::Field(a), Some(a), o.inst));
    }
    for &(source, a, inst) in &sources {
        let info = state.info(inst);
        for (index, ab) in info.abilities.iter().enumerate() {
            let Ok(index) = u8::try_from(index) else {
                break;
            };
            if ab.cost.total() > stones || rules::ability(state, who, a.as_ref(), index).is_err() {
                continue;
            }
            targets(state, who, ab.effects.target, &mut scratch.aims);
            let aims: &[Option<Aim>] = match ab.effects.target {
                None => &[None],
                Some(_) if scratch.aims.is_empty() => continue,
                Some(_) => &scratch.aims,
            };
            payments(kinds, &ab.cost, &mut scratch.pays);
            for pay in &scratch.pays {
                for target in aims {
                    out.push(Action::Activate {
                        who,
                        source,
                        ability: index,
                        target: *target,
                        pay: pay.clone(),
                        chase,
                    });
                }
            }
        }
    }
    scratch.sources = sources;
}

fn judgments(
    state: &State,
    who: Player,
    kinds: &[StoneKind],
    scratch: &mut Scratch,
    out: &mut Vec<Action>,
) {
    if rules::judgment(state, who).is_err() {
        return;
    }
    let ruler = state.info(state.seat(who).ruler);
    let Some(j) = &ruler.judgment else { return };
    targets(state, who, j.effects.target, &mut scratch.aims);
    let aims: &[Option<Aim>] = match j.effects.target {
        None => &[None],
        Some(_) => &scratch.aims,
    };
    payments(kinds, &j.cost, &mut scratch.pays);
    for pay in &scratch.pays {
        for target in aims {
            out.push(Action::Judgment {
                who,
                ruler: ruler.name,
                target: *target,
                pay: pay.clone(),
            });
        }
    }
}

/// Each attacker at the opponent, then at each rested J/ruler or resonator (`defenders` is
/// scratch space for those).
fn attacks(state: &State, who: Player, defenders: &mut Vec<Option<Aim>>, out: &mut Vec<Action>) {
    if !priority_step(state.step) {
        return;
    }
    defenders.clear();
    defenders.push(None);
    defenders.extend(
        state
            .seat(who.other())
            .field
            .iter()
            .filter(|o| o.kind.battles() && o.rested)
            .map(|o| {
                Some(aim(
                    state,
                    ObjRef {
                        owner: who.other(),
                        serial: o.serial,
                    },
                ))
            }),
    );
    for o in &state.seat(who).field {
        if !o.kind.battles() || o.rested || (o.entered == state.turn && !state.swift(o)) {
            continue;
        }
        let attacker = aim(
            state,
            ObjRef {
                owner: who,
                serial: o.serial,
            },
        );
        out.extend(defenders.iter().map(|&target| Action::Attack {
            who,
            attacker,
            target,
        }));
    }
}
