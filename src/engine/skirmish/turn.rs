//! The phases of a round (rules document, "Gameplay"): skirmish, resolve, end, the hand-limit
//! discards, draw. Written once, generic over where events go, so that `apply` records a
//! transcript and random self-play runs the same code with no events and no allocation.

use super::cards::{bit, CardInfo, Colour, Kind, Table, Text};
use super::event::{CardName, DrawCause, Event, Played};
use super::state::{End, Phase, Seat, State, OPENING_HAND};
use super::ROUND_LIMIT;
use crate::engine::rng::Rng;
use crate::engine::{Player, Setup};
use std::sync::Arc;

/// Where events go.
pub trait Sink {
    fn emit(&mut self, event: impl FnOnce() -> Event);
}

impl Sink for Vec<Event> {
    #[inline]
    fn emit(&mut self, event: impl FnOnce() -> Event) {
        self.push(event());
    }
}

/// Drops events without building them.
pub struct Quiet;

impl Sink for Quiet {
    #[inline(always)]
    fn emit(&mut self, _: impl FnOnce() -> Event) {}
}

/// What one round did to each player's health, as the resolve phase computed it (SK-A07:
/// the resolve phase computes, the end phase applies, once).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Resolved {
    pub healed: [i32; 2],
    pub damage: [i32; 2],
}

/// A state taken apart: the card table to read while the rest moves.
struct Board<'a> {
    table: &'a Table,
    seats: &'a mut [Seat; 2],
    rng: &'a mut Rng,
    round: &'a mut u32,
    phase: &'a mut Phase,
}

impl Board<'_> {
    fn of(st: &mut State) -> Board<'_> {
        let State {
            table,
            seats,
            rng,
            round,
            phase,
        } = st;
        Board {
            table,
            seats,
            rng,
            round,
            phase,
        }
    }
}

/// Plays one round from the skirmish phase on. `picks` are hand positions, already checked
/// (`None`: an empty hand reveals nothing, SK-A14).
pub fn play_round<S: Sink>(st: &mut State, picks: [Option<usize>; 2], sink: &mut S) -> Resolved {
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
    sink.emit(|| Event::Reveal {
        round: *b.round,
        p1: info[0].map(reveal),
        p2: info[1].map(reveal),
    });
    for p in Player::BOTH {
        settle_deck(b, p, sink);
    }

    // Resolve phase. Texts first decide whether they can stand together (SK-A17).
    let mut text = info.map(|c| c.map_or(Text::default(), |c| c.text));
    if let (Some(a), Some(b)) = (played[0], played[1]) {
        if let Some((x, y)) = table.conflict(a, b) {
            text = [Text::default(), Text::default()];
            sink.emit(|| Event::TextLost {
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
                sink.emit(|| Event::Pierce {
                    player: me,
                    card: name(info[i]),
                    green: name(info[o]),
                });
            } else {
                blocked = green[o].min(card.value);
                sink.emit(|| Event::Block {
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
                sink.emit(|| Event::Damage {
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
                sink.emit(|| Event::Reflect {
                    player: me.other(),
                    card: name(info[o]),
                    amount: blocked,
                });
            }
        } else {
            out.healed[i] = out.healed[i].saturating_add(amount);
            if amount > 0 {
                sink.emit(|| Event::Heal {
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
                sink.emit(|| Event::Heal {
                    player: me,
                    card: name(info[i]),
                    target,
                    amount: t.heal[side],
                    text: true,
                });
            }
            if t.damage[side] > 0 {
                out.damage[t_i] = out.damage[t_i].saturating_add(t.damage[side]);
                sink.emit(|| Event::Damage {
                    player: me,
                    card: name(info[i]),
                    target,
                    amount: t.damage[side],
                    text: true,
                });
            }
        }
    }
    for me in Player::BOTH {
        let i = me.index();
        if let Some(limit) = text[i].hand_limit {
            b.seats[i].hand_limit = limit;
            sink.emit(|| Event::HandLimit {
                player: me,
                card: name(info[i]),
                limit,
            });
        }
        for _ in 0..text[i].draw {
            if !draw(b, me, Some(info[i]), sink) {
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
        sink.emit(|| Event::Health {
            player: me,
            before,
            after,
            healed: out.healed[i],
            damage: out.damage[i],
        });
    }
    let down = b.seats.map(|s| s.health <= 0);
    let end = match down {
        [true, true] => Some(End::Draw),
        [true, false] => Some(End::Won(Player::P2)),
        [false, true] => Some(End::Won(Player::P1)),
        [false, false] => None,
    };
    if let Some(end) = end {
        finish(b, end, sink);
        return out;
    }

    // Over the hand limit after the end phase: discard before the draw phase (SK-A16).
    let mut waiting = false;
    for me in Player::BOTH {
        let seat = &b.seats[me.index()];
        if seat.excess() > 0 {
            waiting = true;
            sink.emit(|| Event::MustDiscard {
                player: me,
                hand: seat.hand_len(),
                limit: seat.hand_limit,
            });
        }
    }
    if waiting {
        *b.phase = Phase::Discard;
    } else {
        draw_phase(b, sink);
    }
    out
}

/// Discards the card at hand position `pos`; once no one is over the limit, the draw phase
/// follows.
pub fn discard<S: Sink>(st: &mut State, player: Player, pos: usize, sink: &mut S) {
    let b = &mut Board::of(st);
    let kind = b.seats[player.index()].hand_to_discard(pos);
    sink.emit(|| Event::Discard {
        player,
        card: CardName(b.table.name(kind)),
    });
    settle_deck(b, player, sink);
    if b.seats.iter().all(|s| s.excess() == 0) {
        draw_phase(b, sink);
    }
}

fn draw_phase<S: Sink>(b: &mut Board<'_>, sink: &mut S) {
    for p in Player::BOTH {
        draw(b, p, None, sink);
    }
    if *b.round >= ROUND_LIMIT {
        finish(b, End::Unfinished, sink);
    } else {
        *b.phase = Phase::Pick;
    }
}

/// Draws one card; `false` when there was none to draw.
fn draw<S: Sink>(
    b: &mut Board<'_>,
    player: Player,
    cause: Option<Option<&CardInfo>>,
    sink: &mut S,
) -> bool {
    let Some(kind) = b.seats[player.index()].draw() else {
        sink.emit(|| Event::NoDraw { player });
        return false;
    };
    sink.emit(|| Event::Draw {
        player,
        card: CardName(b.table.name(kind)),
        cause: match cause {
            Some(by) => DrawCause::Text(name(by)),
            None => DrawCause::DrawPhase,
        },
    });
    settle_deck(b, player, sink);
    true
}

/// "When a player's deck is depleted (reaches zero cards), their discard pile is shuffled
/// back into their deck": checked after every move, so a deck is never empty while the
/// discard pile holds cards (SK-A15).
#[inline]
fn settle_deck<S: Sink>(b: &mut Board<'_>, player: Player, sink: &mut S) {
    let seat = &mut b.seats[player.index()];
    if seat.depleted() {
        let cards = seat.reshuffle(b.rng);
        sink.emit(|| Event::Reshuffle { player, cards });
    }
}

fn finish<S: Sink>(b: &mut Board<'_>, end: End, sink: &mut S) {
    *b.phase = Phase::Over(end);
    let (winner, reason) = end_reason(end);
    sink.emit(|| Event::GameOver {
        winner,
        reason,
        rounds: *b.round,
        health: b.seats.map(|s| s.health),
    });
}

pub fn end_reason(end: End) -> (Option<Player>, &'static str) {
    match end {
        End::Won(p) => (Some(p), "health-zero"),
        End::Draw => (None, "both-zero"),
        End::Unfinished => (None, "round-limit"),
    }
}

fn reveal(c: &CardInfo) -> Played {
    Played {
        card: CardName(std::sync::Arc::clone(&c.name)),
        colour: c.colour,
        value: c.value,
    }
}

fn name(c: Option<&CardInfo>) -> CardName {
    CardName(c.map_or_else(
        || std::sync::Arc::from("nothing"),
        |c| std::sync::Arc::clone(&c.name),
    ))
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
    table: Arc<Table>,
    /// Each seat's deck, top card first.
    orders: [Vec<Kind>; 2],
    stacked: [bool; 2],
}

impl Duel {
    pub fn new(setup: &Setup<'_>) -> Result<Duel, String> {
        if let Some(first) = setup.first {
            return Err(format!(
                "skirmish has no first player ({first} was named): both players act at once \
                 in every round"
            ));
        }
        let (table, orders) = Table::build(setup.game, &setup.decks)?;
        Ok(Duel {
            table: Arc::new(table),
            orders,
            stacked: [setup.decks[0].stacked, setup.decks[1].stacked],
        })
    }

    /// Setup: shuffle (unless stacked) and draw the opening hands, from `seed`.
    pub fn start(&self, seed: u64, events: &mut Vec<Event>) -> State {
        self.start_with(seed, events)
    }

    /// Like [`Duel::start`], recording nothing (random self-play).
    pub fn start_quiet(&self, seed: u64) -> State {
        self.start_with(seed, &mut Quiet)
    }

    fn start_with<S: Sink>(&self, seed: u64, sink: &mut S) -> State {
        let mut rng = Rng::new(seed);
        let mut seats = [Seat::new(&self.orders[0]), Seat::new(&self.orders[1])];
        for p in Player::BOTH {
            let seat = &mut seats[p.index()];
            let cards = seat.deck().len();
            if self.stacked[p.index()] {
                sink.emit(|| Event::Stacked { player: p, cards });
            } else {
                rng.shuffle(seat.deck_mut());
                sink.emit(|| Event::Shuffle { player: p, cards });
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
            sink.emit(|| Event::OpeningHand {
                player: p,
                cards: hand[..n]
                    .iter()
                    .map(|&k| CardName(self.table.name(k)))
                    .collect(),
            });
        }
        State {
            table: Arc::clone(&self.table),
            seats,
            rng,
            round: 0,
            phase: Phase::Pick,
        }
    }
}
