//! Setting up the game, the mulligan, and the turn sequence: draw, recovery, main, end.

use super::action::{Bottom, Named};
use super::cards::{Defs, Inst, Kind, Table};
use super::effects::{self, EffectSource};
use super::event::{Event, Phase};
use super::state::{
    HandCards, ObjKind, ObjRef, RulerAt, Seat, State, Step, MAX_HAND, OPENING_HAND, START_LIFE,
};
use crate::engine::log::Log;
use crate::engine::rng::Rng;
use crate::engine::{IllegalAction, Player, SeatDeck, Setup};
use std::cell::RefCell;
use std::sync::Arc;

/// Each seat's ruler, main deck and magic stone deck as instances, in deck-list order.
type Layout = Vec<(Inst, Vec<Inst>, Vec<Inst>)>;

/// A deck pair numbered into instances and checked, with its card table: `match random` and
/// `sim` play thousands of games between the same two decks, so each thread keeps the last
/// pair's and its games skip this work (the shuffles and draws are each game's own).
struct Prepared {
    defs: Arc<Defs>,
    decks: [SeatDeck; 2],
    table: Arc<Table>,
    layout: Layout,
}

thread_local! {
    static PREPARED: RefCell<Option<Prepared>> = const { RefCell::new(None) };
}

pub fn setup(s: &Setup<'_>, events: &mut impl Log<Event>) -> Result<State, String> {
    let defs = s.game.engine_data(Defs::build)?;
    let (table, layout) = PREPARED.with_borrow_mut(|kept| {
        let same = |k: &Prepared| {
            Arc::ptr_eq(&k.defs, &defs)
                && k.decks.iter().zip(&s.decks).all(|(a, b)| a.zones == b.zones)
        };
        if let Some(k) = kept.as_ref().filter(|k| same(k)) {
            return Ok((Arc::clone(&k.table), k.layout.clone()));
        }
        let (table, layout) = prepare(&defs, &s.decks)?;
        *kept = Some(Prepared {
            defs: Arc::clone(&defs),
            decks: s.decks.clone(),
            table: Arc::clone(&table),
            layout: layout.clone(),
        });
        Ok::<_, String>((table, layout))
    })?;
    let mut rng = Rng::new(s.seed);
    let mut seats = Vec::with_capacity(2);
    for (p, (ruler, mut deck, mut stones)) in Player::BOTH.into_iter().zip(layout) {
        let stacked = s.decks[p.index()].stacked;
        if stacked {
            // Stacked zones are written top card first; the top of a pile is its last element.
            deck.reverse();
            stones.reverse();
        } else {
            rng.shuffle(&mut deck);
            rng.shuffle(&mut stones);
        }
        events.push(Event::Decks {
            player: p,
            stacked,
            deck: deck.len(),
            stones: stones.len(),
            ruler: table.info(ruler).name,
        });
        let cards = u16::try_from(deck.len() + stones.len() + 1).map_err(|_| "deck too big")?;
        seats.push(Seat {
            deck,
            stones,
            hand: Vec::with_capacity(12),
            field: Vec::with_capacity(24),
            grave: Vec::new(),
            ruler,
            ruler_at: RulerAt::Area,
            ruler_rested: false,
            lost_judgment: false,
            life: START_LIFE,
            called: false,
            ordered: false,
            judgment_turn: 0,
            will_paid: 0,
            stone_ability_rests: 0,
            mulligan_done: false,
            cards,
            hand_after_end: 0,
            recovered: vec![0; table.stone_kinds(p).len()],
            resonators: 0,
            in_hand: HandCards::default(),
        });
    }
    let (first, seeded) = match s.first {
        Some(p) => (p, false),
        None => (if rng.coin() { Player::P1 } else { Player::P2 }, true),
    };
    events.push(Event::First {
        player: first,
        seeded,
    });
    let [a, b]: [Seat; 2] = seats
        .try_into()
        .map_err(|_| "two players are needed".to_owned())?;
    let mut state = State {
        table,
        seats: [a, b],
        chase: Vec::with_capacity(8),
        battle: None,
        turn: 0,
        active: first,
        first,
        step: Step::Mulligan,
        priority: first,
        passes: 0,
        serial: 0,
        damage_dealt: false,
        bonus: [(0, 0); 2],
        outcome: None,
    };
    for p in [first, first.other()] {
        for _ in 0..OPENING_HAND {
            // FW-A01 (a): a short deck simply gives a short hand.
            if !effects::draw(&mut state, p, events) {
                break;
            }
        }
    }
    Ok(state)
}

/// Numbers both decks' cards into instances (p1's first) and checks each zone.
fn prepare(defs: &Arc<Defs>, decks: &[SeatDeck; 2]) -> Result<(Arc<Table>, Layout), String> {
    // Every list sized at once: grown from empty, the zones cost several reallocations a
    // seat at every game's setup.
    let cards = decks
        .iter()
        .map(|d| 1 + d.zone("main").len() + d.zone("stones").len())
        .sum();
    let mut insts: Vec<u16> = Vec::with_capacity(cards);
    let mut layout: Layout = Vec::with_capacity(2);
    let mut first_p2 = 0;
    for p in Player::BOTH {
        if p == Player::P2 {
            first_p2 = Inst::try_from(insts.len()).map_err(|_| "too many cards")?;
        }
        let deck = &decks[p.index()];
        for (zone, _) in &deck.zones {
            if !["ruler", "main", "stones", "side"].contains(&zone.as_str()) {
                return Err(format!(
                    "{p}'s deck has zone `{zone}`; Force of Will decks have ruler, main, stones and side"
                ));
            }
        }
        let mut new_inst = |def: u16| -> Result<Inst, String> {
            let i = Inst::try_from(insts.len()).map_err(|_| "too many cards in the decks")?;
            insts.push(def);
            Ok(i)
        };
        let rulers = deck.zone("ruler");
        let [ruler] = rulers else {
            return Err(format!(
                "{p} needs exactly one ruler; the deck has {}",
                rulers.len()
            ));
        };
        let ruler_def = defs.usable(*ruler)?;
        if defs.defs[usize::from(ruler_def)].kind != Kind::Ruler {
            return Err(format!(
                "{p}'s ruler `{}` is not a ruler",
                defs.defs[usize::from(ruler_def)].name
            ));
        }
        let ruler = new_inst(ruler_def)?;
        let mut zone = |id: &str, ok: &[Kind], what: &str| -> Result<Vec<Inst>, String> {
            let mut out = Vec::with_capacity(deck.zone(id).len());
            for &card in deck.zone(id) {
                let def = defs.usable(card)?;
                let info = &defs.defs[usize::from(def)];
                if !ok.contains(&info.kind) {
                    return Err(format!(
                        "{p}'s {what} holds `{}`, which does not go there",
                        info.name
                    ));
                }
                out.push(new_inst(def)?);
            }
            Ok(out)
        };
        let main = zone(
            "main",
            &[Kind::Resonator, Kind::Chant, Kind::Addition],
            "deck",
        )?;
        let stones = zone("stones", &[Kind::Stone], "magic stone deck")?;
        // FW-A24 (b): single games; the side deck is validated by `validate` and unused here.
        layout.push((ruler, main, stones));
    }
    Ok((Arc::new(Table::new(Arc::clone(defs), insts, first_p2)), layout))
}

/// FW-A20 (a): once each, in turn order; the chosen cards go to the bottom in the order
/// given (the last one lowest), then that many are drawn.
pub fn mulligan(
    state: &mut State,
    who: Player,
    bottom: &Bottom,
    events: &mut impl Log<Event>,
) -> Result<(), IllegalAction> {
    let mut hand = state.seat(who).hand.clone();
    let mut chosen = Vec::with_capacity(OPENING_HAND);
    for card in bottom.cards() {
        let Some(i) = hand.iter().position(|&c| state.table.def_of(c) == card.def) else {
            return Err(IllegalAction(format!(
                "{who} has no {} left in hand to put on the bottom",
                card.name
            )));
        };
        chosen.push(hand.remove(i));
    }
    let seat = state.seat_mut(who);
    seat.hand = hand;
    state.hand_changed(who);
    let seat = state.seat_mut(who);
    for &inst in &chosen {
        seat.deck.insert(0, inst);
    }
    seat.mulligan_done = true;
    for &inst in &chosen {
        events.push(Event::Bottom {
            player: who,
            card: state.info(inst).name,
        });
    }
    for _ in 0..chosen.len() {
        effects::draw(state, who, events);
    }
    if state.seats.iter().all(|s| s.mulligan_done) {
        start_turn(state, events);
    }
    Ok(())
}

pub fn start_turn(state: &mut State, events: &mut impl Log<Event>) {
    state.turn += 1;
    if state.turn > 1 {
        state.active = state.active.other();
    }
    let p = state.active;
    for seat in &mut state.seats {
        seat.called = false;
        seat.ordered = false;
    }
    // "At the beginning of your turn" abilities (Sanctuary of Light), looked for only when
    // some card of the player's has one.
    let t = state.table.clone();
    let field = if t.may_start_turn(p) {
        state.seat(p).field.as_slice()
    } else {
        &[]
    };
    let starters: Vec<ObjRef> = (field.iter())
        .filter(|o| !t.info(o.inst).at_turn_start.is_empty())
        .map(|o| ObjRef {
            owner: p,
            serial: o.serial,
        })
        .collect();
    if !starters.is_empty() {
        events.push(Event::Phase {
            turn: state.turn,
            player: p,
            phase: Phase::Start,
        });
    }
    for r in starters {
        let Some(o) = state.obj(r) else { continue };
        let info = t.info(o.inst);
        let ctx = EffectSource {
            who: p,
            source_name: info.name,
            source: Some(r),
            target: None,
            filter: None,
        };
        effects::run(state, &ctx, &info.at_turn_start, events);
    }
    if state.outcome.is_some() {
        return;
    }

    events.push(Event::Phase {
        turn: state.turn,
        player: p,
        phase: Phase::Draw,
    });
    if state.turn == 1 {
        events.push(Event::Skip {
            player: p,
            phase: Phase::Draw,
            why: "the first player skips the first draw",
        });
    } else if !effects::draw(state, p, events) {
        effects::finish(state, Some(p.other()), "deck-out", events);
        return;
    }

    events.push(Event::Phase {
        turn: state.turn,
        player: p,
        phase: Phase::Recovery,
    });
    if state.turn <= 2 {
        events.push(Event::Skip {
            player: p,
            phase: Phase::Recovery,
            why: "each player skips it on their first turn",
        });
    } else {
        let State { table, seats, .. } = state;
        let seat = &mut seats[p.index()];
        let mut count = 0;
        for i in 0..seat.field.len() {
            let o = &mut seat.field[i];
            if o.rested {
                o.rested = false;
                count += 1;
                if o.kind == ObjKind::Stone {
                    let inst = o.inst;
                    seat.count_stone(table, inst, true);
                }
            }
        }
        if seat.ruler_at == RulerAt::Area && seat.ruler_rested {
            seat.ruler_rested = false;
            count += 1;
        }
        seat.will_paid = 0;
        seat.stone_ability_rests = 0;
        if count > 0 {
            events.push(Event::Recover { player: p, count });
        }
    }

    events.push(Event::Phase {
        turn: state.turn,
        player: p,
        phase: Phase::Main,
    });
    state.step = Step::Main;
    state.priority = p;
    state.passes = 0;
}

/// The end phase: damage and until-end-of-turn effects end at the same moment (so a boost
/// that kept a card alive does not wear off before its damage), then the hand size check.
pub fn end_phase(state: &mut State, events: &mut impl Log<Event>) {
    let p = state.active;
    events.push(Event::Phase {
        turn: state.turn,
        player: p,
        phase: Phase::End,
    });
    // FW-A15 (a): J/resonators on both sides.
    let mut cleared = false;
    for seat in &mut state.seats {
        for o in &mut seat.field {
            cleared |= o.damage != 0 || o.temp_atk != 0 || o.temp_def != 0;
            o.damage = 0;
            o.temp_atk = 0;
            o.temp_def = 0;
        }
    }
    state.damage_dealt = false;
    if cleared {
        events.push(Event::Cleanup);
    }
    effects::settle(state, events);
    if state.outcome.is_some() {
        return;
    }
    if state.seat(p).hand.len() > MAX_HAND {
        state.step = Step::Discard;
    } else {
        next_turn(state, events);
    }
}

/// FW-A21 (a): the player chooses each discard; it goes to the graveyard.
pub fn discard(state: &mut State, who: Player, card: Named, events: &mut impl Log<Event>) {
    let found = state
        .seat(who)
        .hand
        .iter()
        .position(|&c| state.table.def_of(c) == card.def);
    if let Some(i) = found {
        let inst = state.seat_mut(who).hand.remove(i);
        state.hand_lost(who, inst);
        state.seat_mut(who).grave.push(inst);
        events.push(Event::Discard {
            player: who,
            card: card.name,
        });
    }
    if state.seat(who).hand.len() <= MAX_HAND {
        next_turn(state, events);
    }
}

fn next_turn(state: &mut State, events: &mut impl Log<Event>) {
    let p = state.active;
    let n = state.seat(p).hand.len();
    state.seat_mut(p).hand_after_end = n;
    start_turn(state, events);
}
