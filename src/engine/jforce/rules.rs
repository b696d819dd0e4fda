//! The J Force rules (`../shared/rules/000_1347cc0968ba856f.txt`) with the rulings of
//! `docs/rulings.md` (J Force): setup, the four phases, playing and resolving cards, Evolution,
//! combat, the hand cap, and the two ways to lose. Every check comes before any change, so a
//! refused action leaves the state as it was.

use super::action::{Action, UnitRef};
use super::cards::{AbilityInfo, Aim, Fx, Kind, Side, Table, HAND_CAP, MAX_CHARGE, OPENING_HAND};
use super::event::{Event, FirstBy, PhaseName};
use super::state::{Attachment, Phase, Reason, Seat, Slot, State, Unit};
use crate::engine::rng::Rng;
use crate::engine::{IllegalAction, Player, Setup};
use std::sync::Arc;

fn illegal<T>(message: impl Into<String>) -> Result<T, IllegalAction> {
    Err(IllegalAction(message.into()))
}

pub fn setup(setup: &Setup<'_>, events: &mut Vec<Event>) -> Result<State, String> {
    let table = setup.game.engine_data(Table::build)?;
    let mut rng = Rng::new(setup.seed);
    let draw_zone = setup.game.default_zone().map_or("main", |z| z.id.as_str());
    let seat = |p: Player, rng: &mut Rng, events: &mut Vec<Event>| -> Result<Seat, String> {
        let deck = &setup.decks[p.index()];
        let card = |c: u32| -> Result<u16, String> {
            u16::try_from(c)
                .ok()
                .filter(|&c| usize::from(c) < table.cards.len())
                .ok_or_else(|| format!("{p}'s deck names card {c}, which is not in the database"))
        };
        let heroes = deck.zone("hero");
        let [hero] = heroes else {
            return Err(format!(
                "{p} needs exactly one Hero in the Hero zone; the deck has {} (JF-A02)",
                heroes.len()
            ));
        };
        let hero = card(*hero)?;
        if table.card(hero).kind != Kind::Hero {
            return Err(format!(
                "{p}'s Hero zone holds {}, which is not a Hero",
                table.name(hero)
            ));
        }
        let mut cards = deck
            .zone(draw_zone)
            .iter()
            .map(|&c| card(c))
            .collect::<Result<Vec<u16>, String>>()?;
        if deck.stacked {
            // Stacks are written top first; the deck keeps its top card last.
            cards.reverse();
            events.push(Event::Stacked { player: p });
        } else {
            rng.shuffle(&mut cards);
            events.push(Event::Shuffle { player: p });
        }
        let info = table.card(hero);
        Ok(Seat {
            hero: Unit::new(hero),
            hp: info.hp,
            max_hp: info.hp,
            charge: 0,
            cards: cards.len() as u32,
            deck: cards,
            hand: Vec::with_capacity(12),
            discard: Vec::with_capacity(40),
            battle: Vec::with_capacity(8),
            legendary_used: Vec::new(),
        })
    };
    let p1 = seat(Player::P1, &mut rng, events)?;
    let p2 = seat(Player::P2, &mut rng, events)?;
    let mut state = State {
        table: Arc::clone(&table),
        rng,
        seats: [p1, p2],
        active: Player::P1,
        first: Player::P1,
        turn: 1,
        phase: Phase::Action,
        over: None,
    };
    let (first, by) = match setup.first {
        Some(p) => (p, FirstBy::Script),
        None => first_player(&mut state, events),
    };
    state.first = first;
    state.active = first;
    events.push(Event::First { player: first, by });
    for p in Player::BOTH {
        let seat = state.seat(p);
        events.push(Event::Hero {
            player: p,
            hero: table.name(seat.hero.card),
            hp: seat.hp,
            attack: seat.hero.attack(&table),
        });
    }
    for p in [first, first.other()] {
        for _ in 0..OPENING_HAND {
            if !draw(&mut state, p, events) {
                return Ok(state);
            }
        }
    }
    start_turn(&mut state, events);
    Ok(state)
}

/// JF-A05: each player reveals the top card of their shuffled deck; the higher collector
/// number goes first, and a tie is a coin flip from the match's RNG. The cards stay on top.
fn first_player(state: &mut State, events: &mut Vec<Event>) -> (Player, FirstBy) {
    let mut numbers = [0u32; 2];
    for p in Player::BOTH {
        if let Some(&top) = state.seat(p).deck.last() {
            let info = state.table.card(top);
            numbers[p.index()] = info.number;
            events.push(Event::Reveal {
                player: p,
                card: info.name,
                number: info.number,
            });
        }
    }
    match numbers[0].cmp(&numbers[1]) {
        std::cmp::Ordering::Greater => (Player::P1, FirstBy::CardNumber),
        std::cmp::Ordering::Less => (Player::P2, FirstBy::CardNumber),
        std::cmp::Ordering::Equal => {
            let winner = if state.rng.coin() {
                Player::P1
            } else {
                Player::P2
            };
            events.push(Event::CoinFlip { winner });
            (winner, FirstBy::CoinFlip)
        }
    }
}

/// The Draw, Charge and Action Phases of the active player's turn.
fn start_turn(state: &mut State, events: &mut Vec<Event>) {
    let p = state.active;
    let turn = state.turn;
    events.push(Event::Phase {
        turn,
        player: p,
        phase: PhaseName::Draw,
    });
    if turn == 1 {
        // JF-A07: the first player skips the draw of the game's first turn.
        events.push(Event::SkipDraw { player: p });
    } else if !draw(state, p, events) {
        return;
    }
    events.push(Event::Phase {
        turn,
        player: p,
        phase: PhaseName::Charge,
    });
    gain_charge(state, p, 1, events);
    events.push(Event::Phase {
        turn,
        player: p,
        phase: PhaseName::Action,
    });
    let seat = state.seat_mut(p);
    seat.hero.attacked = false;
    for unit in &mut seat.battle {
        unit.attacked = false;
    }
    state.phase = Phase::Action;
}

/// Draws one card; drawing from an empty deck loses the game (JF-A18). False when it did.
fn draw(state: &mut State, p: Player, events: &mut Vec<Event>) -> bool {
    match state.seat_mut(p).deck.pop() {
        Some(card) => {
            state.seat_mut(p).hand.push(card);
            events.push(Event::Draw {
                player: p,
                card: state.table.name(card),
            });
            true
        }
        None => {
            events.push(Event::EmptyDeck { player: p });
            lose(state, p, Reason::DeckOut, events);
            false
        }
    }
}

/// The first loss condition met ends the game at once (JF-A20): nothing after it resolves.
fn lose(state: &mut State, loser: Player, reason: Reason, events: &mut Vec<Event>) {
    if state.over.is_none() {
        state.over = Some((loser.other(), reason));
        events.push(Event::Win {
            player: loser.other(),
            loser,
            reason: reason.id(),
        });
    }
}

fn gain_charge(state: &mut State, p: Player, amount: i32, events: &mut Vec<Event>) {
    let seat = state.seat_mut(p);
    let total = (seat.charge + amount).min(MAX_CHARGE).max(seat.charge);
    let gained = total - seat.charge;
    seat.charge = total;
    events.push(Event::Charge {
        player: p,
        gained,
        total,
    });
}

fn pay(state: &mut State, p: Player, amount: i32, events: &mut Vec<Event>) {
    let seat = state.seat_mut(p);
    seat.charge -= amount;
    events.push(Event::Pay {
        player: p,
        amount,
        left: seat.charge,
    });
}

fn damage_hero(state: &mut State, p: Player, amount: i32, events: &mut Vec<Event>) {
    let seat = state.seat_mut(p);
    seat.hp -= amount;
    let hp = seat.hp;
    events.push(Event::Damage {
        player: p,
        amount,
        hp,
    });
    if hp <= 0 {
        lose(state, p, Reason::HpZero, events);
    }
}

/// Heals never raise HP above the Hero's maximum (JF-A19).
fn heal_hero(state: &mut State, p: Player, amount: i32, events: &mut Vec<Event>) {
    let seat = state.seat_mut(p);
    let hp = (seat.hp + amount).min(seat.max_hp).max(seat.hp);
    let gained = hp - seat.hp;
    seat.hp = hp;
    events.push(Event::Heal {
        player: p,
        amount: gained,
        hp,
    });
}

/// Removes a Strike from the Battle Zone: it, its Evolutions and the Supports attached to it
/// go to the Discard (JF-A11, JF-A23, JF-A25).
fn destroy(state: &mut State, owner: Player, index: usize, events: &mut Vec<Event>) {
    let table = Arc::clone(&state.table);
    let seat = state.seat_mut(owner);
    if index >= seat.battle.len() {
        return;
    }
    let unit = seat.battle.remove(index);
    events.push(Event::Destroyed {
        player: owner,
        card: unit.name(&table),
    });
    seat.discard.push(unit.card);
    for &e in &unit.evolutions {
        seat.discard.push(e);
    }
    // The line above names the top card; the rest of the stack goes with it.
    let top = unit.top();
    for &card in std::iter::once(&unit.card)
        .chain(&unit.evolutions)
        .filter(|&&c| c != top)
    {
        events.push(Event::ToDiscard {
            player: owner,
            card: table.name(card),
        });
    }
    for a in &unit.attached {
        state.seat_mut(a.owner).discard.push(a.card);
        events.push(Event::ToDiscard {
            player: a.owner,
            card: table.name(a.card),
        });
    }
}

/// A unit position that survives other units' destruction.
type At = Option<(Player, Slot)>;

/// After the Strike at `index` of `owner` left play, where a reference now points.
fn shift(at: &mut At, owner: Player, index: usize) {
    if let Some((p, Slot::Battle(i))) = *at {
        if p == owner {
            let i = usize::from(i);
            *at = match i.cmp(&index) {
                std::cmp::Ordering::Equal => None,
                std::cmp::Ordering::Greater => Some((p, Slot::Battle((i - 1) as u8))),
                std::cmp::Ordering::Less => *at,
            };
        }
    }
}

/// Resolves effects in order for `controller`. `this` is the card itself in play (a Strike
/// just played, the unit that evolved or activated), `chosen` the Strike the play named, and
/// `card` the Support or Legendary being played (what an attach puts into play). Returns
/// whether `card` attached.
fn resolve(
    state: &mut State,
    controller: Player,
    effects: &[Fx],
    mut this: At,
    mut chosen: At,
    card: Option<u16>,
    events: &mut Vec<Event>,
) -> bool {
    let table = Arc::clone(&state.table);
    let mut attached = false;
    for fx in effects {
        if state.over.is_some() {
            break;
        }
        let aim = |aim: Aim, this: At, chosen: At| -> At {
            match aim {
                Aim::This => this,
                Aim::Chosen => chosen,
                Aim::Hero { .. } => State::hero_of(controller, aim).map(|p| (p, Slot::Hero)),
            }
        };
        match *fx {
            Fx::Damage { enemy, amount } => {
                let p = if enemy {
                    controller.other()
                } else {
                    controller
                };
                damage_hero(state, p, amount, events);
            }
            Fx::Heal { enemy, amount } => {
                let p = if enemy {
                    controller.other()
                } else {
                    controller
                };
                heal_hero(state, p, amount, events);
            }
            Fx::Draw { amount } => {
                for _ in 0..amount {
                    if !draw(state, controller, events) {
                        break;
                    }
                }
            }
            Fx::Charge { amount } => gain_charge(state, controller, amount, events),
            Fx::Boost {
                aim: a,
                attack,
                permanent,
            } => {
                if let Some((owner, slot)) = aim(a, this, chosen) {
                    if let Some(unit) = state.seat_mut(owner).unit_mut(slot) {
                        if permanent {
                            unit.lasting += attack;
                        } else {
                            unit.boost += attack;
                        }
                        events.push(Event::Boost {
                            player: owner,
                            card: unit.name(&table),
                            amount: attack,
                            lasting: permanent,
                            attack: unit.attack(&table),
                        });
                    }
                }
            }
            Fx::Destroy { aim: a } => {
                if let Some((owner, Slot::Battle(i))) = aim(a, this, chosen) {
                    let index = usize::from(i);
                    destroy(state, owner, index, events);
                    shift(&mut this, owner, index);
                    shift(&mut chosen, owner, index);
                }
            }
            Fx::Attach { aim: a, attack } => {
                let (Some(card), Some((owner, slot))) = (card, aim(a, this, chosen)) else {
                    continue;
                };
                if attached {
                    continue;
                }
                if let Some(unit) = state.seat_mut(owner).unit_mut(slot) {
                    unit.attached.push(Attachment {
                        card,
                        owner: controller,
                        attack,
                    });
                    events.push(Event::Attach {
                        player: controller,
                        card: table.name(card),
                        owner,
                        host: unit.name(&table),
                        attack: unit.attack(&table),
                    });
                    attached = true;
                }
            }
        }
    }
    attached
}

/// Every activated ability of a unit: its base card's, then each Evolution's.
pub fn abilities<'t>(
    table: &'t Table,
    unit: &'t Unit,
) -> impl Iterator<Item = &'t AbilityInfo> + 't {
    table.card(unit.card).abilities.iter().chain(
        unit.evolutions
            .iter()
            .flat_map(move |&e| table.card(e).abilities.iter()),
    )
}

/// The card holding a unit's `n`th ability, and the ability's index on that card.
fn ability_at(table: &Table, unit: &Unit, n: usize) -> Option<(u16, usize)> {
    let mut left = n;
    for card in std::iter::once(unit.card).chain(unit.evolutions.iter().copied()) {
        let count = table.card(card).abilities.len();
        if left < count {
            return Some((card, left));
        }
        left -= count;
    }
    None
}

/// Every unit on `owner`'s side as a reference, Hero first.
pub fn unit_refs(state: &State, owner: Player) -> impl Iterator<Item = UnitRef> + '_ {
    let seat = state.seat(owner);
    let table = &state.table;
    std::iter::once(UnitRef {
        owner,
        slot: Slot::Hero,
        name: seat.hero.name(table),
        nth: 0,
    })
    .chain(
        seat.battle
            .iter()
            .enumerate()
            .map(move |(i, u)| battle_ref(state, owner, i, u)),
    )
}

fn battle_ref(state: &State, owner: Player, i: usize, u: &Unit) -> UnitRef {
    let table = &state.table;
    let top = u.top();
    let name = table.name(top);
    // Card names are unique in a database, so the same top card means the same name.
    let nth = state.seat(owner).battle[..i]
        .iter()
        .filter(|o| o.top() == top)
        .count();
    UnitRef {
        owner,
        slot: Slot::Battle(i as u8),
        name,
        nth: nth.min(255) as u8,
    }
}

/// The unit a reference names, if it is still there under that name.
fn unit_at<'s>(state: &'s State, r: &UnitRef) -> Result<&'s Unit, IllegalAction> {
    match state.unit(r.owner, r.slot) {
        Some(u) if u.name(&state.table) == r.name => Ok(u),
        _ => illegal(format!("{}'s {} is not in play", r.owner, r.name)),
    }
}

fn describe(r: &UnitRef) -> String {
    match r.slot {
        Slot::Hero => format!("{}'s Hero {}", r.owner, r.name),
        Slot::Battle(_) => format!("{}'s {}", r.owner, r.name),
    }
}

/// Checks the Strike a play names against what its effects allow (JF-R01: a card that must
/// choose a Strike cannot be played without one).
fn check_target(
    state: &State,
    player: Player,
    choice: Option<Side>,
    target: Option<&UnitRef>,
    what: &str,
) -> Result<At, IllegalAction> {
    match (choice, target) {
        (None, None) => Ok(None),
        (None, Some(_)) => illegal(format!("{what} takes no target")),
        (Some(side), None) => {
            if targets(state, player, side).next().is_some() {
                illegal(format!(
                    "{what} needs a target: {} (`targeting …`)",
                    side.describe()
                ))
            } else {
                illegal(format!(
                    "{what} needs {} to target, and there is none",
                    side.describe()
                ))
            }
        }
        (Some(side), Some(r)) => {
            unit_at(state, r)?;
            if r.slot == Slot::Hero {
                return illegal(format!("{what} aims at {}, not a Hero", side.describe()));
            }
            let ok = match side {
                Side::Own => r.owner == player,
                Side::Enemy => r.owner != player,
                Side::Any => true,
            };
            if !ok {
                return illegal(format!(
                    "{what} aims at {}; {} is not one",
                    side.describe(),
                    describe(r)
                ));
            }
            Ok(Some((r.owner, r.slot)))
        }
    }
}

/// The Strikes a choice of `side` may name, for `player`.
fn targets(state: &State, player: Player, side: Side) -> impl Iterator<Item = UnitRef> + '_ {
    let sides: &[Player] = match side {
        Side::Own => {
            if player == Player::P1 {
                &[Player::P1]
            } else {
                &[Player::P2]
            }
        }
        Side::Enemy => {
            if player == Player::P1 {
                &[Player::P2]
            } else {
                &[Player::P1]
            }
        }
        Side::Any => &Player::BOTH,
    };
    sides.iter().flat_map(move |&p| unit_refs(state, p).skip(1))
}

pub fn apply(
    state: &mut State,
    action: &Action,
    events: &mut Vec<Event>,
) -> Result<(), IllegalAction> {
    if let Some((winner, reason)) = state.over {
        return illegal(format!("the game is over ({winner} won: {})", reason.id()));
    }
    let who = action.player();
    let decider = state.decider();
    if who != decider {
        return illegal(match state.phase {
            Phase::Action => format!("it is {decider}'s Action Phase; {who} acts only to block"),
            Phase::Block { .. } => {
                format!("{decider} must first decide whether to block (`{decider} block with …` or `{decider} no block`)")
            }
            Phase::Discard => format!("{decider} must first discard down to {HAND_CAP} cards"),
        });
    }
    match (state.phase, *action) {
        (Phase::Action, Action::Play { player, hand, card, target }) => {
            play(state, player, hand, card, target.as_ref(), events)
        }
        (Phase::Action, Action::Evolve { player, hand, card, onto }) => {
            evolve(state, player, hand, card, &onto, events)
        }
        (Phase::Action, Action::Activate { player, unit, ability, target }) => {
            activate(state, player, &unit, ability, target.as_ref(), events)
        }
        (Phase::Action, Action::Attack { player, attacker }) => attack(state, player, &attacker, events),
        (Phase::Action, Action::End { player }) => {
            end_turn(state, player, events);
            Ok(())
        }
        (Phase::Action, Action::Block { .. } | Action::NoBlock { .. }) => {
            illegal(format!("there is no attack for {who} to block"))
        }
        (Phase::Action, Action::Discard { .. }) => illegal(format!(
            "{who} discards only at the End Phase, down to {HAND_CAP} cards"
        )),
        (Phase::Block { attacker }, Action::Block { player, blocker }) => {
            block(state, player, attacker, &blocker, events)
        }
        (Phase::Block { attacker }, Action::NoBlock { player }) => {
            events.push(Event::NoBlock { player });
            state.phase = Phase::Action;
            hit(state, attacker, events);
            Ok(())
        }
        (Phase::Block { .. }, _) => illegal(format!(
            "{who} must first decide whether to block (`{who} block with …` or `{who} no block`)"
        )),
        (Phase::Discard, Action::Discard { player, hand, card }) => {
            discard(state, player, hand, card, events)
        }
        (Phase::Discard, _) => illegal(format!(
            "{who} has {} cards at the End Phase and must discard down to {HAND_CAP} first (`{who} discard …`)",
            state.seat(who).hand.len()
        )),
    }
}

/// The card at `hand` in `player`'s hand, if it is the one named.
fn from_hand(state: &State, player: Player, hand: u8, name: &str) -> Result<u16, IllegalAction> {
    match state.seat(player).hand.get(usize::from(hand)) {
        Some(&c) if state.table.name(c) == name => Ok(c),
        _ => illegal(format!("{player} has no {name} in hand")),
    }
}

fn afford(state: &State, player: Player, cost: i32, what: &str) -> Result<(), IllegalAction> {
    let charge = state.seat(player).charge;
    if cost > charge {
        return illegal(format!("{what} costs {cost} Charge; {player} has {charge}"));
    }
    Ok(())
}

fn play(
    state: &mut State,
    player: Player,
    hand: u8,
    name: &'static str,
    target: Option<&UnitRef>,
    events: &mut Vec<Event>,
) -> Result<(), IllegalAction> {
    let table = Arc::clone(&state.table);
    let card = from_hand(state, player, hand, name)?;
    let info = table.card(card);
    match info.kind {
        Kind::Hero => return illegal(format!("{name} is a Hero; Heroes are not played from the hand")),
        Kind::Evolution => {
            return illegal(format!(
                "{name} is an Evolution: evolve it onto a matching card (`{player} evolve {name} on …`)"
            ))
        }
        Kind::Strike | Kind::Support | Kind::Legendary => {}
    }
    if info.legendary && state.seat(player).legendary_used.contains(&card) {
        return illegal(format!(
            "{name} is Legendary, and {player} has already used it this game (once per match)"
        ));
    }
    // A missing target is the more basic reason (JF-R01), so it is checked before the cost.
    let chosen = check_target(state, player, info.choice, target, name)?;
    afford(state, player, info.cost, name)?;

    state.seat_mut(player).hand.remove(usize::from(hand));
    pay(state, player, info.cost, events);
    events.push(Event::Play {
        player,
        card: name,
        kind: info.kind,
    });
    if info.legendary {
        // JF-A04: the once-per-match use is spent when the card is played.
        state.seat_mut(player).legendary_used.push(card);
    }
    match info.kind {
        Kind::Strike => {
            let seat = state.seat_mut(player);
            seat.battle.push(Unit::new(card));
            let this = Some((player, Slot::Battle((seat.battle.len() - 1) as u8)));
            resolve(state, player, &info.effects, this, chosen, None, events);
        }
        _ => {
            let attached = resolve(
                state,
                player,
                &info.effects,
                None,
                chosen,
                Some(card),
                events,
            );
            if !attached {
                state.seat_mut(player).discard.push(card);
                events.push(Event::ToDiscard { player, card: name });
            }
        }
    }
    Ok(())
}

fn evolve(
    state: &mut State,
    player: Player,
    hand: u8,
    name: &'static str,
    onto: &UnitRef,
    events: &mut Vec<Event>,
) -> Result<(), IllegalAction> {
    let table = Arc::clone(&state.table);
    let card = from_hand(state, player, hand, name)?;
    let info = table.card(card);
    let Some(evo) = info.evolution else {
        return illegal(format!("{name} is not an Evolution card"));
    };
    if onto.owner != player {
        return illegal(format!(
            "Evolutions go on your own Hero or Strikes (JF-A09); {} is not {player}'s",
            describe(onto)
        ));
    }
    let unit = unit_at(state, onto)?;
    if unit.card != evo.base {
        return illegal(format!(
            "{name} evolves {}, not {}",
            table.name(evo.base),
            table.name(unit.card)
        ));
    }
    let needed = evo.level.checked_sub(1);
    let current = unit.level(&table);
    let same_line = unit
        .evolutions
        .last()
        .and_then(|&e| table.card(e).evolution)
        .is_none_or(|e| e.line == evo.line);
    if current != needed || !same_line {
        let level = table.level_name(evo.level);
        let now = current.map_or("no Evolution".to_owned(), |l| {
            format!("level {}", table.level_name(l))
        });
        return illegal(match needed {
            Some(n) => format!(
                "{name} is level {level}: it needs level {} of its line in play on {}, which has {now}",
                table.level_name(n),
                describe(onto)
            ),
            None => format!("{name} is level {level} and goes only on an unevolved {}; it has {now}", table.name(evo.base)),
        });
    }
    afford(state, player, info.cost, name)?;

    state.seat_mut(player).hand.remove(usize::from(hand));
    pay(state, player, info.cost, events);
    let seat = state.seat_mut(player);
    let Some(unit) = seat.unit_mut(onto.slot) else {
        return Ok(());
    };
    unit.evolutions.push(card);
    let attack = unit.attack(&table);
    events.push(Event::Evolve {
        player,
        card: name,
        onto: onto.name,
        level: table.level_name(evo.level),
        attack,
    });
    if onto.slot == Slot::Hero && info.hp != 0 {
        // JF-A11: a Hero's maximum rises by the Evolution's HP and damage taken stays taken.
        seat.max_hp += info.hp;
        seat.hp += info.hp;
        events.push(Event::MaxHp {
            player,
            max_hp: seat.max_hp,
            hp: seat.hp,
            added: info.hp,
        });
    }
    resolve(
        state,
        player,
        &info.effects,
        Some((player, onto.slot)),
        None,
        None,
        events,
    );
    Ok(())
}

fn activate(
    state: &mut State,
    player: Player,
    unit_ref: &UnitRef,
    ability: u8,
    target: Option<&UnitRef>,
    events: &mut Vec<Event>,
) -> Result<(), IllegalAction> {
    let table = Arc::clone(&state.table);
    if unit_ref.owner != player {
        return illegal(format!(
            "{player} can activate only their own cards' abilities"
        ));
    }
    let unit = unit_at(state, unit_ref)?;
    let Some((card, index)) = ability_at(&table, unit, usize::from(ability)) else {
        let count = abilities(&table, unit).count();
        return illegal(match count {
            0 => format!("{} has no activated ability", describe(unit_ref)),
            1 => format!("{} has only one activated ability", describe(unit_ref)),
            n => format!(
                "{} has {n} activated abilities, not {}",
                describe(unit_ref),
                ability + 1
            ),
        });
    };
    let Some(info) = table.card(card).abilities.get(index) else {
        return Ok(());
    };
    let what = format!("{}'s ability", unit_ref.name);
    let chosen = check_target(state, player, info.choice, target, &what)?;
    afford(state, player, info.charge, &what)?;

    pay(state, player, info.charge, events);
    events.push(Event::Activate {
        player,
        unit: unit_ref.name,
    });
    resolve(
        state,
        player,
        &info.effects,
        Some((player, unit_ref.slot)),
        chosen,
        None,
        events,
    );
    Ok(())
}

fn attack(
    state: &mut State,
    player: Player,
    attacker: &UnitRef,
    events: &mut Vec<Event>,
) -> Result<(), IllegalAction> {
    if attacker.owner != player {
        return illegal(format!(
            "{player} attacks only with their own Hero or Strikes"
        ));
    }
    let unit = unit_at(state, attacker)?;
    if unit.attacked {
        return illegal(match attacker.slot {
            Slot::Hero => format!("{player}'s Hero has already attacked this turn"),
            Slot::Battle(_) => format!("{} has already attacked this turn", attacker.name),
        });
    }
    let value = unit.attack(&state.table);
    if let Some(unit) = state.seat_mut(player).unit_mut(attacker.slot) {
        unit.attacked = true;
    }
    events.push(Event::Attack {
        player,
        attacker: attacker.name,
        attack: value,
    });
    let defender = player.other();
    if state.seat(defender).battle.is_empty() {
        events.push(Event::NoBlocker { player: defender });
        hit(state, attacker.slot, events);
    } else {
        state.phase = Phase::Block {
            attacker: attacker.slot,
        };
    }
    Ok(())
}

/// An unblocked attack: damage equal to the attack value hits the defending Hero.
fn hit(state: &mut State, attacker: Slot, events: &mut Vec<Event>) {
    let p = state.active;
    let value = state
        .unit(p, attacker)
        .map_or(0, |u| u.attack(&state.table));
    damage_hero(state, p.other(), value, events);
}

fn block(
    state: &mut State,
    player: Player,
    attacker: Slot,
    blocker: &UnitRef,
    events: &mut Vec<Event>,
) -> Result<(), IllegalAction> {
    if blocker.owner != player || blocker.slot == Slot::Hero {
        return illegal(format!(
            "only a Strike in {player}'s Battle Zone can block (a Hero never blocks: JF-A17)"
        ));
    }
    let b = unit_at(state, blocker)?.attack(&state.table);
    let a = state
        .unit(state.active, attacker)
        .map_or(0, |u| u.attack(&state.table));
    events.push(Event::Block {
        player,
        blocker: blocker.name,
        attack: b,
    });
    state.phase = Phase::Action;
    let Slot::Battle(bi) = blocker.slot else {
        return Ok(());
    };
    let active = state.active;
    match attacker {
        // JF-A13: a Hero cannot be destroyed; it destroys a blocker it equals or beats, and
        // otherwise the attack simply ends.
        Slot::Hero => {
            if a >= b {
                destroy(state, player, usize::from(bi), events);
            } else {
                events.push(Event::Holds {
                    player,
                    blocker: blocker.name,
                });
            }
        }
        Slot::Battle(ai) => {
            if a >= b {
                destroy(state, player, usize::from(bi), events);
            }
            if b >= a {
                destroy(state, active, usize::from(ai), events);
            }
        }
    }
    Ok(())
}

fn end_turn(state: &mut State, player: Player, events: &mut Vec<Event>) {
    let table = Arc::clone(&state.table);
    events.push(Event::Phase {
        turn: state.turn,
        player,
        phase: PhaseName::End,
    });
    // End-of-turn effects: boosts "until end of turn" end, on both sides.
    for p in [player, player.other()] {
        let seat = state.seat_mut(p);
        for unit in std::iter::once(&mut seat.hero).chain(seat.battle.iter_mut()) {
            if unit.boost != 0 {
                unit.boost = 0;
                events.push(Event::BoostEnds {
                    player: p,
                    card: unit.name(&table),
                    attack: unit.attack(&table),
                });
            }
        }
    }
    // JF-A21: after end-of-turn effects, the player discards down to the cap.
    if state.seat(player).hand.len() > HAND_CAP {
        state.phase = Phase::Discard;
    } else {
        pass_turn(state, events);
    }
}

fn discard(
    state: &mut State,
    player: Player,
    hand: u8,
    name: &'static str,
    events: &mut Vec<Event>,
) -> Result<(), IllegalAction> {
    let card = from_hand(state, player, hand, name)?;
    let seat = state.seat_mut(player);
    seat.hand.remove(usize::from(hand));
    seat.discard.push(card);
    let left = seat.hand.len();
    events.push(Event::HandDiscard {
        player,
        card: name,
        hand: left,
    });
    if left <= HAND_CAP {
        pass_turn(state, events);
    }
    Ok(())
}

fn pass_turn(state: &mut State, events: &mut Vec<Event>) {
    state.active = state.active.other();
    state.turn += 1;
    start_turn(state, events);
}

/// Cards already offered from the hand: copies of a card give one action. A bitset for the
/// first 256 card indices, a scan of the hand before for the rest.
#[derive(Default)]
struct SeenCards([u64; 4]);

impl SeenCards {
    /// Marks `card` seen; true if it was already (`before` is the hand before it).
    fn insert(&mut self, card: u16, before: &[u16]) -> bool {
        let i = usize::from(card);
        match self.0.get_mut(i / 64) {
            Some(word) => {
                let bit = 1u64 << (i % 64);
                let seen = *word & bit != 0;
                *word |= bit;
                seen
            }
            None => before.contains(&card),
        }
    }
}

/// Every action legal now, for whoever decides. Copies of one card in hand give one action.
pub fn legal_actions(state: &State, out: &mut Vec<Action>) {
    if state.over.is_some() {
        return;
    }
    let table = &*state.table;
    let p = state.decider();
    let seat = state.seat(p);
    match state.phase {
        Phase::Block { .. } => {
            out.push(Action::NoBlock { player: p });
            for (i, u) in seat.battle.iter().enumerate() {
                out.push(Action::Block {
                    player: p,
                    blocker: battle_ref(state, p, i, u),
                });
            }
        }
        Phase::Discard => {
            let mut seen = SeenCards::default();
            for (i, &card) in seat.hand.iter().enumerate() {
                if !seen.insert(card, &seat.hand[..i]) {
                    out.push(Action::Discard {
                        player: p,
                        hand: i as u8,
                        card: table.name(card),
                    });
                }
            }
        }
        Phase::Action => {
            out.push(Action::End { player: p });
            let mut seen = SeenCards::default();
            for (i, &card) in seat.hand.iter().enumerate() {
                let info = table.card(card);
                // Affordability first: it rules out most cards, and is cheaper than the
                // duplicate check.
                if info.cost > seat.charge || seen.insert(card, &seat.hand[..i]) {
                    continue;
                }
                let hand = i as u8;
                match info.kind {
                    Kind::Hero => {}
                    Kind::Strike | Kind::Support | Kind::Legendary => {
                        if info.legendary && seat.legendary_used.contains(&card) {
                            continue;
                        }
                        match info.choice {
                            None => out.push(Action::Play {
                                player: p,
                                hand,
                                card: info.name,
                                target: None,
                            }),
                            Some(side) => {
                                for t in targets(state, p, side) {
                                    out.push(Action::Play {
                                        player: p,
                                        hand,
                                        card: info.name,
                                        target: Some(t),
                                    });
                                }
                            }
                        }
                    }
                    Kind::Evolution => {
                        let Some(evo) = info.evolution else { continue };
                        let fits = |unit: &Unit| {
                            unit.card == evo.base
                                && unit.level(table) == evo.level.checked_sub(1)
                                && unit
                                    .evolutions
                                    .last()
                                    .and_then(|&e| table.card(e).evolution)
                                    .is_none_or(|e| e.line == evo.line)
                        };
                        if fits(&seat.hero) {
                            out.push(Action::Evolve {
                                player: p,
                                hand,
                                card: info.name,
                                onto: UnitRef {
                                    owner: p,
                                    slot: Slot::Hero,
                                    name: seat.hero.name(table),
                                    nth: 0,
                                },
                            });
                        }
                        for (b, unit) in seat.battle.iter().enumerate() {
                            if fits(unit) {
                                out.push(Action::Evolve {
                                    player: p,
                                    hand,
                                    card: info.name,
                                    onto: battle_ref(state, p, b, unit),
                                });
                            }
                        }
                    }
                }
            }
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
                let u = match slot {
                    Slot::Hero => UnitRef {
                        owner: p,
                        slot,
                        name: unit.name(table),
                        nth: 0,
                    },
                    Slot::Battle(i) => battle_ref(state, p, usize::from(i), unit),
                };
                if !unit.attacked {
                    out.push(Action::Attack {
                        player: p,
                        attacker: u,
                    });
                }
                for (k, ability) in abilities(table, unit).enumerate() {
                    if ability.charge > seat.charge {
                        continue;
                    }
                    let ability_index = k.min(255) as u8;
                    match ability.choice {
                        None => out.push(Action::Activate {
                            player: p,
                            unit: u,
                            ability: ability_index,
                            target: None,
                        }),
                        Some(side) => {
                            for t in targets(state, p, side) {
                                out.push(Action::Activate {
                                    player: p,
                                    unit: u,
                                    ability: ability_index,
                                    target: Some(t),
                                });
                            }
                        }
                    }
                }
            }
        }
    }
}
