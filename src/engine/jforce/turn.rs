//! Setup and the turn: the first player (JF-A05), the Draw, Charge and Action Phases, the
//! End Phase with its hand cap, and the two ways to lose.

use super::cards::{Kind, Table, HAND_CAP, OPENING_HAND};
use super::effects::{draw, gain_charge};
use super::event::{Event, FirstBy, PhaseName};
use super::state::{Phase, Seat, State, Unit};
use crate::engine::log::Log;
use crate::engine::rng::Rng;
use crate::engine::{Player, Setup};
use std::sync::Arc;

pub fn setup<L: Log<Event>>(setup: &Setup<'_>, events: &mut L) -> Result<State, String> {
    let table = Table::for_thread(setup.game)?;
    let mut rng = Rng::new(setup.seed);
    let draw_zone = setup.game.default_zone().map_or("main", |z| z.id.as_str());
    let seat = |p: Player, rng: &mut Rng, events: &mut L| -> Result<Seat, String> {
        let deck = &setup.decks[p.index()];
        let unknown = |c: u32| format!("{p}'s deck names card {c}, which is not in the database");
        let card = |c: u32| -> Result<u16, String> {
            u16::try_from(c)
                .ok()
                .filter(|&c| usize::from(c) < table.cards.len())
                .ok_or_else(|| unknown(c))
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
        // Checked at once, then copied in one go: checking and pushing card by card was a
        // third of setup besides the shuffle. A table holds at most `u16::MAX` cards, so a
        // known index fits.
        let zone = deck.zone(draw_zone);
        // The highest index checked, a loop without an exit the compiler makes wide; the
        // first unknown one looked for only when there is one.
        if zone.iter().copied().max().is_some_and(|c| c as usize >= table.cards.len()) {
            let c = zone.iter().find(|&&c| c as usize >= table.cards.len());
            return Err(unknown(c.copied().unwrap_or_default()));
        }
        let mut seat = Seat::new(hero, table.card(hero).hp);
        let cards = &mut seat.deck;
        cards.extend(zone.iter().map(|&c| c as u16));
        if deck.stacked {
            // Stacks are written top first; the deck keeps its top card last.
            cards.reverse();
            events.push(Event::Stacked { player: p });
        } else {
            rng.shuffle(cards);
            events.push(Event::Shuffle { player: p });
        }
        seat.cards = seat.deck.len() as u32;
        Ok(seat)
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
        outcome: None,
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
fn first_player(state: &mut State, events: &mut impl Log<Event>) -> (Player, FirstBy) {
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
fn start_turn(state: &mut State, events: &mut impl Log<Event>) {
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

pub(super) fn end_turn(state: &mut State, player: Player, events: &mut impl Log<Event>) {
    events.push(Event::Phase {
        turn: state.turn,
        player,
        phase: PhaseName::End,
    });
    // End-of-turn effects: boosts "until end of turn" end, on both sides. The table is
    // borrowed beside the seats rather than its count taken (an atomic operation a turn).
    let State { table, seats, .. } = &mut *state;
    let mut end = |p: Player, unit: &mut Unit| {
        if unit.boost != 0 {
            unit.boost = 0;
            events.push(Event::BoostEnds {
                player: p,
                card: unit.name(table),
                attack: unit.attack(table),
            });
        }
    };
    // The Hero, then the Battle Zone: a chained iterator here cost more than the boosts.
    for p in [player, player.other()] {
        let seat = &mut seats[p.index()];
        end(p, &mut seat.hero);
        for unit in &mut seat.battle {
            end(p, unit);
        }
    }
    // JF-A21: after end-of-turn effects, the player discards down to the cap.
    if state.seat(player).hand.len() > HAND_CAP {
        state.phase = Phase::Discard;
    } else {
        pass_turn(state, events);
    }
}

pub(super) fn pass_turn(state: &mut State, events: &mut impl Log<Event>) {
    state.active = state.active.other();
    state.turn += 1;
    start_turn(state, events);
}
