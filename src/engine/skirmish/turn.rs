//! The phases of a round (rules document, "Gameplay"): skirmish, resolve, end, the hand-limit
//! discards, draw. Events are plain values (card names are interned pointers), so recording
//! them costs a push each and the round loop allocates nothing once the event list has grown.

use super::cards::{bit, CardInfo, Colour, Kind, Table, Text};
use super::event::{CardName, DrawCause, Event, Played};
use super::state::{Phase, Seat, State, BOTH_ZERO, HEALTH_ZERO, OPENING_HAND, ROUND_LIMIT_REACHED};
use super::ROUND_LIMIT;
use crate::engine::log::{Log, Unrecorded};
use crate::engine::rng::Rng;
use crate::engine::{Outcome, Player, SeatDeck, Setup};
use std::cell::RefCell;
use std::sync::Arc;

/// What one round did to each player's health, as the resolve phase computed it (SK-A07:
/// the resolve phase computes, the end phase applies, once).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Resolved {
    pub healed: [i32; 2],
    pub damage: [i32; 2],
}

/// The resolve phase's outcome for one pair of revealed cards, short of the draws.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Clash {
    pub resolved: Resolved,
    /// Whether each card's text has work left after the health changes (a hand limit,
    /// draws): a text that stands (SK-A17) and has some.
    pub after: [bool; 2],
}

/// A state taken apart: the card table to read while the rest moves.
struct Board<'a> {
    table: &'a Table,
    seats: &'a mut [Seat; 2],
    rng: &'a mut Rng,
    round: &'a mut u32,
    phase: &'a mut Phase,
    outcome: &'a mut Option<Outcome>,
}

impl Board<'_> {
    fn of(st: &mut State) -> Board<'_> {
        let State {
            table,
            seats,
            rng,
            round,
            phase,
            outcome,
        } = st;
        Board {
            table,
            seats,
            rng,
            round,
            phase,
            outcome,
        }
    }
}

/// Plays one round from the skirmish phase on. `picks` are hand positions, already checked
/// (`None`: an empty hand reveals nothing, SK-A14).
pub fn play_round(st: &mut State, picks: [Option<usize>; 2], events: &mut impl Log<Event>) -> Resolved {
    let mut b = Board::of(st);
    let b = &mut b;
    let table = b.table;
    *b.round += 1;

    // Skirmish phase: both cards go face up onto their discard piles at once.
    let mut played: [Option<Kind>; 2] = [None, None];
    for p in Player::BOTH {
        if let Some(pos) = picks[p.index()] {
            played[p.index()] = Some(b.seats[p.index()].hand_to_discard(pos));
        }
    }
    let info = played.map(|k| k.map(|k| table.card(k)));
    events.push(Event::Reveal {
        round: *b.round,
        p1: info[0].map(reveal),
        p2: info[1].map(reveal),
    });
    for p in Player::BOTH {
        settle_deck(b, p, events);
    }

    // Resolve phase.
    let clash = if events.records() {
        clash(table, played, events)
    } else {
        // Nobody reads how the health changes came about: the same rules, worked out for
        // every pair of cards when the duel was prepared.
        table.clash(played)
    };
    let out = clash.resolved;
    for me in Player::BOTH {
        let i = me.index();
        let Some(card) = info[i].filter(|_| clash.after[i]) else {
            continue;
        };
        if let Some(limit) = card.text.hand_limit {
            b.seats[i].hand_limit = limit;
            events.push(Event::HandLimit {
                player: me,
                card: name(info[i]),
                limit,
            });
        }
        for _ in 0..card.text.draw {
            if !draw(b, me, Some(info[i]), events) {
                break;
            }
        }
    }

    // End phase: apply the net change, then the only check that ends a game (SK-A08).
    for me in Player::BOTH {
        let i = me.index();
        let before = b.seats[i].health;
        let after = before
            .saturating_add(out.healed[i])
            .saturating_sub(out.damage[i]);
        b.seats[i].health = after;
        events.push(Event::Health {
            player: me,
            before,
            after,
            healed: out.healed[i],
            damage: out.damage[i],
        });
    }
    let down = b.seats.map(|s| s.health <= 0);
    let end = match down {
        [true, true] => Some((None, BOTH_ZERO)),
        [true, false] => Some((Some(Player::P2), HEALTH_ZERO)),
        [false, true] => Some((Some(Player::P1), HEALTH_ZERO)),
        [false, false] => None,
    };
    if let Some((winner, reason)) = end {
        finish(b, winner, reason, events);
        return out;
    }

    // Over the hand limit after the end phase: discard before the draw phase (SK-A16).
    let mut waiting = false;
    for me in Player::BOTH {
        let seat = &b.seats[me.index()];
        if seat.excess() > 0 {
            waiting = true;
            events.push(Event::MustDiscard {
                player: me,
                hand: seat.hand_len(),
                limit: seat.hand_limit,
            });
        }
    }
    if waiting {
        *b.phase = Phase::Discard;
    } else {
        draw_phase(b, events);
    }
    out
}

/// The resolve phase up to its draws: what a pair of revealed cards (`None`: nothing from an
/// empty hand) does to health, with its events, and which texts still have work.
pub(super) fn clash(table: &Table, played: [Option<Kind>; 2], events: &mut impl Log<Event>) -> Clash {
    let info = played.map(|k| k.map(|k| table.card(k)));
    // Texts first decide whether they can stand together (SK-A17).
    let mut text = info.map(|c| c.map_or(Text::default(), |c| c.text));
    if let (Some(a), Some(b)) = (played[0], played[1]) {
        if let Some((x, y)) = table.conflict(a, b) {
            text = [Text::default(), Text::default()];
            events.push(Event::TextLost {
                p1: name(info[0]),
                p2: name(info[1]),
                p1_effect: bit_name(x),
                p2_effect: bit_name(y),
            });
        }
    }
    let green = info.map(|c| match c {
        Some(c) if c.colour == Colour::Green => c.value,
        _ => 0,
    });
    let mut out = Resolved::default();
    for me in Player::BOTH {
        let (i, o) = (me.index(), me.other().index());
        let Some(card) = info[i] else { continue };
        if card.colour == Colour::Green {
            continue;
        }
        // Green subtracts its value from the opposing Red or Blue, down to 0 (SK-A02, SK-A04);
        // what it does not use is lost (SK-A03). Pierce makes a Red (or Blue) unblockable.
        let mut blocked = 0;
        if green[o] > 0 {
            if text[i].pierce {
                events.push(Event::Pierce {
                    player: me,
                    card: name(info[i]),
                    green: name(info[o]),
                });
            } else {
                blocked = green[o].min(card.value);
                events.push(Event::Block {
                    player: me.other(),
                    card: name(info[o]),
                    blocked,
                    against: name(info[i]),
                    value: card.value,
                });
            }
        }
        let amount = card.value - blocked;
        if card.colour == Colour::Red {
            out.damage[o] = out.damage[o].saturating_add(amount);
            if amount > 0 {
                events.push(Event::Damage {
                    player: me,
                    card: name(info[i]),
                    target: me.other(),
                    amount,
                    text: false,
                });
            }
            // Reflect: what the Green blocked of a Red is dealt to the Red's player.
            if text[o].reflect && blocked > 0 {
                out.damage[i] = out.damage[i].saturating_add(blocked);
                events.push(Event::Reflect {
                    player: me.other(),
                    card: name(info[o]),
                    amount: blocked,
                });
            }
        } else {
            out.healed[i] = out.healed[i].saturating_add(amount);
            if amount > 0 {
                events.push(Event::Heal {
                    player: me,
                    card: name(info[i]),
                    target: me,
                    amount,
                    text: false,
                });
            }
        }
    }
    // Text health effects are not the card's colour effect, so no Green reduces them.
    for me in Player::BOTH {
        let i = me.index();
        let t = text[i];
        if t.kinds & (bit::HEAL | bit::DAMAGE) == 0 {
            continue;
        }
        for (side, target) in [(0, me), (1, me.other())] {
            let t_i = target.index();
            if t.heal[side] > 0 {
                out.healed[t_i] = out.healed[t_i].saturating_add(t.heal[side]);
                events.push(Event::Heal {
                    player: me,
                    card: name(info[i]),
                    target,
                    amount: t.heal[side],
                    text: true,
                });
            }
            if t.damage[side] > 0 {
                out.damage[t_i] = out.damage[t_i].saturating_add(t.damage[side]);
                events.push(Event::Damage {
                    player: me,
                    card: name(info[i]),
                    target,
                    amount: t.damage[side],
                    text: true,
                });
            }
        }
    }
    let after = [0, 1].map(|i| text[i].hand_limit.is_some() || text[i].draw > 0);
    Clash {
        resolved: out,
        after,
    }
}

/// [`clash`] for every pair of cards the duel can reveal, for [`Table::clash`].
fn clashes(table: &Table) -> Vec<Clash> {
    let kinds = (0..table.cards.len()).map(|k| Some(k as Kind));
    let played: Vec<Option<Kind>> = std::iter::once(None).chain(kinds).collect();
    let mut all = Vec::with_capacity(played.len() * played.len());
    for &a in &played {
        for &b in &played {
            all.push(clash(table, [a, b], &mut Unrecorded));
        }
    }
    all
}

/// Discards the card at hand position `pos`; once no one is over the limit, the draw phase
/// follows.
pub fn discard(st: &mut State, player: Player, pos: usize, events: &mut impl Log<Event>) {
    let b = &mut Board::of(st);
    let kind = b.seats[player.index()].hand_to_discard(pos);
    events.push(Event::Discard {
        player,
        card: CardName(b.table.name(kind)),
    });
    settle_deck(b, player, events);
    if b.seats.iter().all(|s| s.excess() == 0) {
        draw_phase(b, events);
    }
}

fn draw_phase(b: &mut Board<'_>, events: &mut impl Log<Event>) {
    for p in Player::BOTH {
        draw(b, p, None, events);
    }
    *b.phase = Phase::Pick;
    if *b.round >= ROUND_LIMIT {
        finish(b, None, ROUND_LIMIT_REACHED, events);
    }
}

/// Draws one card; `false` when there was none to draw.
fn draw(
    b: &mut Board<'_>,
    player: Player,
    cause: Option<Option<&CardInfo>>,
    events: &mut impl Log<Event>,
) -> bool {
    let Some(kind) = b.seats[player.index()].draw() else {
        events.push(Event::NoDraw { player });
        return false;
    };
    events.push(Event::Draw {
        player,
        card: CardName(b.table.name(kind)),
        cause: match cause {
            Some(by) => DrawCause::Text(name(by)),
            None => DrawCause::DrawPhase,
        },
    });
    settle_deck(b, player, events);
    true
}

/// "When a player's deck is depleted (reaches zero cards), their discard pile is shuffled
/// back into their deck": checked after every move, so a deck is never empty while the
/// discard pile holds cards (SK-A15).
#[inline]
fn settle_deck(b: &mut Board<'_>, player: Player, events: &mut impl Log<Event>) {
    let seat = &mut b.seats[player.index()];
    if seat.depleted() {
        let cards = seat.reshuffle(b.rng);
        events.push(Event::Reshuffle { player, cards });
    }
}

fn finish(b: &mut Board<'_>, winner: Option<Player>, reason: &'static str, events: &mut impl Log<Event>) {
    *b.outcome = Some(Outcome {
        winner,
        reason,
        turns: *b.round,
    });
    events.push(Event::GameOver {
        winner,
        reason,
        rounds: *b.round,
        health: b.seats.map(|s| s.health),
    });
}

fn reveal(c: &CardInfo) -> Played {
    Played {
        card: CardName(c.name),
        colour: c.colour,
        value: c.value,
    }
}

fn name(c: Option<&CardInfo>) -> CardName {
    CardName(c.map_or("nothing", |c| c.name))
}

fn bit_name(b: u8) -> &'static str {
    bit::NAMES
        .iter()
        .find(|(_, x)| *x == b)
        .map_or("text", |(n, _)| n)
}

/// Two decks made ready to play any number of games: the card table is built and checked
/// once; each game then costs a shuffle and the rounds.
#[derive(Debug, Clone)]
pub struct Duel {
    pub(super) table: Arc<Table>,
    /// Each seat's deck, top card first.
    orders: [Vec<Kind>; 2],
    stacked: [bool; 2],
}

/// What a game keeps in its engine cache ([`engine_data`](crate::card_db::Game::engine_data)):
/// nothing but an address that names the game, under which each thread keeps the duels it
/// prepared from it ([`LOCAL`]).
#[derive(Default)]
struct GameMark;

/// Deck pairs kept per thread: a few, since `sim` alternates seats and a gauntlet plays
/// several.
const PREPARED: usize = 8;

/// A duel a thread prepared, with the mark of the game it came from (held, so that the mark's
/// address names that game while the entry lives) and the decks.
struct Kept {
    mark: Arc<GameMark>,
    decks: [SeatDeck; 2],
    duel: Arc<Duel>,
}

thread_local! {
    /// The duels this thread prepared: the thousands of games `sim` and self-play set up
    /// between the same decks build the card table once a thread. Each thread has its own, so
    /// a game's set-up takes no lock and the duel's and its table's reference counts stay on
    /// one core: one duel shared by all threads passed them between the cores at every game,
    /// and the duel's short random games cost more CPU at `sim -j 2` than at `-j 1`
    /// (benches/engine.rs, `random_game`, under `-j`).
    static LOCAL: RefCell<Vec<Kept>> = const { RefCell::new(Vec::new()) };
}

impl Duel {
    pub fn new(setup: &Setup<'_>) -> Result<Duel, String> {
        if let Some(first) = setup.first {
            return Err(format!(
                "skirmish has no first player ({first} was named): both players act at once \
                 in every round"
            ));
        }
        let (mut table, orders) = Table::build(setup.game, &setup.decks)?;
        table.clashes = clashes(&table);
        Ok(Duel {
            table: Arc::new(table),
            orders,
            stacked: [setup.decks[0].stacked, setup.decks[1].stacked],
        })
    }

    /// [`Duel::new`], or the duel this thread already prepared for the same decks of the
    /// same game.
    pub fn prepared(setup: &Setup<'_>) -> Result<Arc<Duel>, String> {
        if setup.first.is_some() {
            return Duel::new(setup).map(Arc::new);
        }
        if let Some(mark) = setup.game.engine_data_built::<GameMark>() {
            let kept = LOCAL.with_borrow(|local| {
                local
                    .iter()
                    .find(|k| std::ptr::eq(Arc::as_ptr(&k.mark), mark) && k.decks == setup.decks)
                    .map(|k| Arc::clone(&k.duel))
            });
            if let Some(duel) = kept {
                return Ok(duel);
            }
        }
        let duel = Arc::new(Duel::new(setup)?);
        if let Ok(mark) = setup.game.engine_data(|_| Ok::<_, String>(GameMark)) {
            LOCAL.with_borrow_mut(|local| {
                if local.len() >= PREPARED {
                    local.remove(0);
                }
                local.push(Kept {
                    mark,
                    decks: setup.decks.clone(),
                    duel: Arc::clone(&duel),
                });
            });
        }
        Ok(duel)
    }

    /// Setup: shuffle (unless stacked) and draw the opening hands, from `seed`.
    pub fn start(&self, seed: u64, events: &mut impl Log<Event>) -> State {
        let mut rng = Rng::new(seed);
        let mut seats = [Seat::new(&self.orders[0]), Seat::new(&self.orders[1])];
        for p in Player::BOTH {
            let seat = &mut seats[p.index()];
            let cards = seat.deck().len();
            if self.stacked[p.index()] {
                events.push(Event::Stacked { player: p, cards });
            } else {
                rng.shuffle(seat.deck_mut());
                events.push(Event::Shuffle { player: p, cards });
            }
        }
        for p in Player::BOTH {
            let seat = &mut seats[p.index()];
            let mut hand = [0 as Kind; OPENING_HAND];
            let mut n = 0;
            while n < OPENING_HAND {
                match seat.draw() {
                    Some(k) => {
                        hand[n] = k;
                        n += 1;
                    }
                    None => break,
                }
            }
            // The list of names is the one allocation of a game: made only when it is kept.
            if events.records() {
                events.push(Event::OpeningHand {
                    player: p,
                    cards: hand[..n]
                        .iter()
                        .map(|&k| CardName(self.table.name(k)))
                        .collect(),
                });
            }
        }
        State {
            table: Arc::clone(&self.table),
            seats,
            rng,
            round: 0,
            phase: Phase::Pick,
            outcome: None,
        }
    }
}
