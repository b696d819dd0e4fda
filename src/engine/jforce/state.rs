//! The J Force game state: two seats (Hero, HP, Charge pool, deck, hand, Discard, Battle
//! Zone), whose turn and phase it is, and the match's RNG. Cards are database indices (`u16`);
//! names come from the shared card table, so cloning a state copies numbers only.

use super::cards::{level, weigh, AbilityInfo, Aim, CardInfo, Table, LEVELS, WAYS};
use crate::engine::rng::Rng;
use crate::engine::{Outcome, Player};
use std::cell::RefCell;
use std::ops::Deref;
use std::sync::Arc;

/// A Hero or a Strike in play, with its Evolution stack and attached Supports.
#[derive(Debug, PartialEq, Eq)]
pub struct Unit {
    /// The base card (the Hero, or the Strike as played).
    pub card: u16,
    /// Evolution cards layered on it, lowest level first.
    pub evolutions: Vec<u16>,
    /// Supports attached to it (JF-A23), with their owner and the attack they add.
    pub attached: Vec<Attachment>,
    /// Attacked this turn ("once per turn").
    pub attacked: bool,
    /// Attack added until end of turn.
    pub boost: i32,
    /// Attack added for as long as it stays in play.
    pub lasting: i32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Attachment {
    pub card: u16,
    pub owner: Player,
    pub attack: i32,
}

/// `clone_from` reuses the lists' memory, so a search that copies states into kept ones
/// allocates nothing once they have grown (issue #15, point 4); the destructuring makes a new
/// field a compile error here rather than a field silently not copied.
impl Clone for Unit {
    fn clone(&self) -> Unit {
        let mut unit = Unit::new(self.card);
        unit.clone_from(self);
        unit
    }

    fn clone_from(&mut self, source: &Unit) {
        let Unit {
            card,
            evolutions,
            attached,
            attacked,
            boost,
            lasting,
        } = source;
        self.card = *card;
        self.evolutions.clone_from(evolutions);
        self.attached.clone_from(attached);
        self.attacked = *attacked;
        self.boost = *boost;
        self.lasting = *lasting;
    }
}

impl Unit {
    pub fn new(card: u16) -> Unit {
        Unit {
            card,
            evolutions: Vec::new(),
            attached: Vec::new(),
            attacked: false,
            boost: 0,
            lasting: 0,
        }
    }

    /// The card on top: the highest Evolution, or the base card.
    pub fn top(&self) -> u16 {
        self.evolutions.last().copied().unwrap_or(self.card)
    }

    pub fn name(&self, table: &Table) -> &'static str {
        table.name(self.top())
    }

    /// The attack value combat compares: the top card's, plus attachments and boosts. Never
    /// below 0 (a lowered attack deals no negative damage).
    pub fn attack(&self, table: &Table) -> i32 {
        let printed = table.card(self.top()).attack;
        let attached: i32 = self.attached.iter().map(|a| a.attack).sum();
        (printed + attached + self.boost + self.lasting).max(0)
    }

    /// The level index of the top Evolution, if any.
    pub fn level(&self, table: &Table) -> Option<u8> {
        self.evolutions
            .last()
            .and_then(|&e| table.card(e).evolution.map(|evo| evo.level))
    }
}

/// Positions of a hand the summary covers: one bit each in a word.
const SUMMED: usize = Word::BITS as usize;

/// The summary's words: a hand passes 32 cards only if a turn draws dozens, and a word half
/// the width of `u64` makes every draw and play on the summary cheaper (benches/engine.rs;
/// issue #15, point 4).
type Word = u32;

/// A hand of cards, with which of them each Charge level affords, how each plays and which
/// are the first copy of their card, kept up to date by every change: the random player
/// counts the actions of the cards it may play (copies give one action) from a few words
/// instead of looking up every card in hand at every decision (benches/engine.rs,
/// `random_game`; issue #15, point 4). Read as a slice; changed only through its methods, so the summary
/// cannot fall behind (the invariants compare it with a fresh one after every action of the
/// seeded games).
#[derive(Debug, PartialEq, Eq)]
pub struct Hand {
    cards: Vec<u16>,
    summary: Summary,
}

/// Bit `i` of each word stands for the card at position `i`. Positions from [`SUMMED`] on are
/// not summarised (a hand that long is looked up card by card).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Summary {
    /// Bit `i` of `within[c]`: the card costs at most `c`.
    within: [Word; LEVELS],
    /// Bit `i`: the card plays in none of the [`WAYS`] (`CardInfo::way`), so its actions are
    /// counted card by card.
    unsummed: Word,
    /// Bit `i`: the card is the first copy in the hand.
    first: Word,
    /// `counts[w][c]`: the cards in the whole hand, copies counted once, that play in the
    /// `w`th of the [`WAYS`] (the last row: in none) and cost at most `c`. Kept as counts
    /// because counting the bits of words has no instruction on the default x86-64 target,
    /// and its software form showed in the draw (benches/engine.rs; issue #15, point 4).
    counts: [[u16; LEVELS]; WAYS + 1],
}

impl Summary {
    /// Sets bit `i` (below [`SUMMED`]) for `info` in the cost and way words: every word is
    /// visited, so that the loops have no branch on the card.
    fn mark(&mut self, i: usize, info: &CardInfo) {
        for (level, word) in (0..).zip(self.within.iter_mut()) {
            *word |= Word::from(info.cost <= level) << i;
        }
        self.unsummed |= Word::from(usize::from(info.way) >= WAYS) << i;
    }

    /// Adds `info`'s card to the counts when `add`, takes it out when `remove` (not both),
    /// with no branch on either.
    fn count(&mut self, info: &CardInfo, add: bool, remove: bool) {
        let delta = u16::from(add).wrapping_sub(u16::from(remove));
        let row = &mut self.counts[usize::from(info.way).min(WAYS)];
        for (level, n) in (0..).zip(row.iter_mut()) {
            *n = n.wrapping_add(u16::from(info.cost <= level).wrapping_mul(delta));
        }
    }

    /// Takes position `i` (below [`SUMMED`]) out of every word: the bits above it move down.
    fn close(&mut self, i: usize) {
        let below: Word = (1 << i) - 1;
        let close = |word: Word| (word & below) | ((word >> 1) & !below);
        self.within = self.within.map(close);
        self.unsummed = close(self.unsummed);
        self.first = close(self.first);
    }
}

impl Clone for Hand {
    fn clone(&self) -> Hand {
        Hand {
            cards: self.cards.clone(),
            summary: self.summary,
        }
    }

    /// Reuses the list, as [`Unit`]'s.
    fn clone_from(&mut self, source: &Hand) {
        self.cards.clone_from(&source.cards);
        self.summary = source.summary;
    }
}

impl Deref for Hand {
    type Target = [u16];

    fn deref(&self) -> &[u16] {
        &self.cards
    }
}

impl Hand {
    pub fn with_capacity(n: usize) -> Hand {
        Hand {
            cards: Vec::with_capacity(n),
            summary: Summary::default(),
        }
    }

    /// Empties the hand, keeping its list's memory.
    pub fn clear(&mut self) {
        self.cards.clear();
        self.summary = Summary::default();
    }

    /// A hand of `cards`, summarised.
    pub fn of(cards: Vec<u16>, table: &Table) -> Hand {
        let summary = summarise(&cards, table);
        Hand { cards, summary }
    }

    pub fn push(&mut self, card: u16, table: &Table) {
        let i = self.cards.len();
        let info = table.card(card);
        // Every card compared, with no exit at the first copy: where the search stopped
        // was a branch mispredicted about once a draw.
        let held = self.cards.iter().fold(false, |held, &c| held | (c == card));
        self.summary.count(info, !held, false);
        if i < SUMMED {
            self.summary.mark(i, info);
            self.summary.first |= Word::from(!held) << i;
        }
        self.cards.push(card);
    }

    /// Removes and returns the card at `i` (in range); the cards after it move up one.
    pub fn remove(&mut self, i: usize, table: &Table) -> u16 {
        // The cards after `i` move up in a loop with no branch on where: a hand is a few
        // cards, and `Vec::remove`'s copy chose among sizes, mispredicted about once a
        // removal, as was the search for the next copy below (issue #15, point 4).
        let card = self.cards[i];
        let last = self.cards.len() - 1;
        for j in 0..last {
            let next = self.cards[j + 1];
            self.cards[j] = if j >= i { next } else { self.cards[j] };
        }
        self.cards.truncate(last);
        let copies = (self.cards.iter().take(SUMMED))
            .enumerate()
            .fold(0, |m: Word, (j, &c)| m | (Word::from(c == card) << j));
        let held = copies != 0 || self.cards.get(SUMMED..).is_some_and(|r| r.contains(&card));
        self.summary.count(table.card(card), false, !held);
        if i < SUMMED {
            // The next copy of a first copy taken out is the first now: there is none before
            // it, so it is the lowest copy.
            let was_first = self.summary.first & (1 << i) != 0;
            self.summary.close(i);
            self.summary.first |= (copies & copies.wrapping_neg()) * Word::from(was_first);
            // The card that moved into the last summarised position.
            if let Some(&moved) = self.cards.get(SUMMED - 1) {
                self.summary.mark(SUMMED - 1, table.card(moved));
                self.summary.first |=
                    Word::from(!self.cards[..SUMMED - 1].contains(&moved)) << (SUMMED - 1);
            }
        }
        card
    }

    /// The position of the first copy of each card, in hand order.
    pub fn distinct(&self) -> impl Iterator<Item = usize> + '_ {
        self.firsts(self.summary.first, SUMMED, |_| true)
    }

    /// The position of the first copy of each card that costs at most `charge`, in hand
    /// order.
    pub fn affordable<'h>(
        &'h self,
        charge: i32,
        table: &'h Table,
    ) -> impl Iterator<Item = usize> + 'h {
        // A Charge outside the pool's range (only a test sets one) looks every card up.
        let (word, rest) = match level(charge) {
            Some(c) => (self.summary.within[c] & self.summary.first, SUMMED),
            None => (0, 0),
        };
        self.firsts(word, rest, move |card| table.card(card).cost <= charge)
    }

    /// The actions the first copies of cards that cost at most `charge` give, counted from
    /// the summary for those that play in one of the [`WAYS`] (`targets`: the Strikes an own,
    /// an enemy and any choice may name), with the positions of the others, which are counted
    /// card by card. `None` where the summary does not cover the hand (past `SUMMED` cards,
    /// or a Charge outside the pool's range).
    pub fn plays(&self, charge: i32, targets: [usize; 3]) -> Option<(usize, Bits)> {
        let c = level(charge).filter(|_| self.cards.len() <= SUMMED)?;
        let Summary {
            within,
            unsummed,
            first,
            counts,
        } = &self.summary;
        let n = weigh(std::array::from_fn(|w| u32::from(counts[w][c])), targets);
        Some((n, Bits((within[c] & first & unsummed).into())))
    }

    /// The set positions of `word`, then the first copies from position `rest` on that `keep`
    /// keeps, found card by card.
    fn firsts<'h>(
        &'h self,
        word: Word,
        rest: usize,
        keep: impl Fn(u16) -> bool + 'h,
    ) -> impl Iterator<Item = usize> + 'h {
        let cards = &self.cards;
        Bits(word.into()).chain(
            (rest..cards.len()).filter(move |&i| keep(cards[i]) && !cards[..i].contains(&cards[i])),
        )
    }

    /// Whether the summary is the one the cards give.
    pub fn summary_holds(&self, table: &Table) -> bool {
        summarise(&self.cards, table) == self.summary
    }
}

/// The summary of a hand of `cards`.
fn summarise(cards: &[u16], table: &Table) -> Summary {
    let mut summary = Summary::default();
    for (i, &card) in cards.iter().enumerate() {
        let first = !cards[..i].contains(&card);
        summary.count(table.card(card), first, false);
        if i < SUMMED {
            summary.mark(i, table.card(card));
            summary.first |= Word::from(first) << i;
        }
    }
    summary
}

/// The positions of a word's set bits, lowest first.
pub struct Bits(u64);

impl Iterator for Bits {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }

    /// Without a walk: the number of set bits.
    fn count(self) -> usize {
        self.0.count_ones() as usize
    }
}

/// Where a unit is on its side of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Slot {
    Hero,
    Battle(u8),
}

#[derive(Debug, PartialEq, Eq)]
pub struct Seat {
    pub hero: Unit,
    pub hp: i32,
    pub max_hp: i32,
    pub charge: i32,
    /// Top card last, so a draw is a pop.
    pub deck: Vec<u16>,
    pub hand: Hand,
    /// Oldest first.
    pub discard: Vec<u16>,
    pub battle: Vec<Unit>,
    /// Legendary cards this player has used this game (once per match: JF-A04).
    pub legendary_used: Vec<u16>,
    /// Cards the player brought in the draw deck, for the conservation invariant.
    pub cards: u32,
}

/// As [`Unit`]'s: `clone_from` reuses every list.
impl Clone for Seat {
    fn clone(&self) -> Seat {
        Seat {
            hero: self.hero.clone(),
            hp: self.hp,
            max_hp: self.max_hp,
            charge: self.charge,
            deck: self.deck.clone(),
            hand: self.hand.clone(),
            discard: self.discard.clone(),
            battle: self.battle.clone(),
            legendary_used: self.legendary_used.clone(),
            cards: self.cards,
        }
    }

    fn clone_from(&mut self, source: &Seat) {
        let Seat {
            hero,
            hp,
            max_hp,
            charge,
            deck,
            hand,
            discard,
            battle,
            legendary_used,
            cards,
        } = source;
        self.hero.clone_from(hero);
        self.hp = *hp;
        self.max_hp = *max_hp;
        self.charge = *charge;
        self.deck.clone_from(deck);
        self.hand.clone_from(hand);
        self.discard.clone_from(discard);
        self.battle.clone_from(battle);
        self.legendary_used.clone_from(legendary_used);
        self.cards = *cards;
    }
}

thread_local! {
    /// The seats of states this thread dropped, whose lists the next setups reuse.
    static SPARE: RefCell<Vec<Seat>> = const { RefCell::new(Vec::new()) };
}

/// Seats kept in [`SPARE`]: two games' worth.
const SPARE_SEATS: usize = 4;

impl Seat {
    /// A seat with no list allocated.
    fn empty() -> Seat {
        Seat {
            hero: Unit::new(0),
            hp: 0,
            max_hp: 0,
            charge: 0,
            deck: Vec::new(),
            hand: Hand::with_capacity(0),
            discard: Vec::new(),
            battle: Vec::new(),
            legendary_used: Vec::new(),
            cards: 0,
        }
    }

    /// The seat of a new game: `hero` at `hp`, no Charge, every zone empty. Its lists are
    /// those of a seat this thread dropped, if it kept one, rather than a game's eight lists
    /// allocated and freed (benches/engine.rs, `random_game`; issue #15, point 4).
    pub fn new(hero: u16, hp: i32) -> Seat {
        let spare = SPARE.try_with(|spare| spare.try_borrow_mut().ok()?.pop());
        let mut seat = spare.ok().flatten().unwrap_or_else(Seat::empty);
        seat.reset(hero, hp);
        seat
    }

    /// Empties the seat in place, keeping the lists' memory. The fields are named (a new one
    /// cannot be left from the last game) and reset where they lie: copying a whole empty
    /// seat over it moved a few hundred bytes twice per seat (issue #15, point 4).
    fn reset(&mut self, hero_card: u16, start_hp: i32) {
        let Seat {
            hero,
            hp,
            max_hp,
            charge,
            deck,
            hand,
            discard,
            battle,
            legendary_used,
            cards,
        } = self;
        hero.clone_from(&Unit::new(hero_card));
        *hp = start_hp;
        *max_hp = start_hp;
        *charge = 0;
        deck.clear();
        hand.clear();
        discard.clear();
        battle.clear();
        legendary_used.clear();
        *cards = 0;
    }

    pub fn unit(&self, slot: Slot) -> Option<&Unit> {
        match slot {
            Slot::Hero => Some(&self.hero),
            Slot::Battle(i) => self.battle.get(usize::from(i)),
        }
    }

    pub fn unit_mut(&mut self, slot: Slot) -> Option<&mut Unit> {
        match slot {
            Slot::Hero => Some(&mut self.hero),
            Slot::Battle(i) => self.battle.get_mut(usize::from(i)),
        }
    }
}

/// Whose decision the game waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// The active player's Action Phase: play, evolve, activate, attack, or end the turn.
    Action,
    /// The defender decides whether to block the attack by this unit of the active player.
    Block { attacker: Slot },
    /// The active player's End Phase: discard down to the hand cap.
    Discard,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Action => "action",
            Phase::Block { .. } => "block",
            Phase::Discard => "discard",
        }
    }
}

/// How the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    HpZero,
    DeckOut,
}

impl Reason {
    pub fn id(self) -> &'static str {
        match self {
            Reason::HpZero => "hp-zero",
            Reason::DeckOut => "deck-out",
        }
    }
}

pub struct State {
    pub table: Arc<Table>,
    pub rng: Rng,
    pub seats: [Seat; 2],
    pub active: Player,
    pub first: Player,
    /// 1 is the first player's first turn, 2 the other player's first turn, and so on.
    pub turn: u32,
    pub phase: Phase,
    /// Set once a player has lost: the winner and why.
    pub outcome: Option<Outcome>,
}

/// As [`Seat`]'s: `clone_from` reuses every list.
impl Clone for State {
    fn clone(&self) -> State {
        State {
            table: Arc::clone(&self.table),
            rng: self.rng.clone(),
            seats: self.seats.clone(),
            active: self.active,
            first: self.first,
            turn: self.turn,
            phase: self.phase,
            outcome: self.outcome,
        }
    }

    fn clone_from(&mut self, source: &State) {
        let State {
            table,
            rng,
            seats,
            active,
            first,
            turn,
            phase,
            outcome,
        } = source;
        if !Arc::ptr_eq(&self.table, table) {
            self.table = Arc::clone(table);
        }
        self.rng.clone_from(rng);
        self.seats.clone_from(seats);
        self.active = *active;
        self.first = *first;
        self.turn = *turn;
        self.phase = *phase;
        self.outcome = *outcome;
    }
}

/// A dropped state's seats go to `SPARE` for the next setup on this thread.
impl Drop for State {
    fn drop(&mut self) {
        let _ = SPARE.try_with(|spare| {
            let Ok(mut spare) = spare.try_borrow_mut() else {
                return;
            };
            for seat in &mut self.seats {
                if spare.len() < SPARE_SEATS {
                    spare.push(std::mem::replace(seat, Seat::empty()));
                }
            }
        });
    }
}

impl std::fmt::Debug for State {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The card table is the database's; printing it with every state helps nobody. The
        // random numbers are the state's own: two states that would shuffle differently differ.
        f.debug_struct("State")
            .field("rng", &self.rng)
            .field("seats", &self.seats)
            .field("active", &self.active)
            .field("first", &self.first)
            .field("turn", &self.turn)
            .field("phase", &self.phase)
            .field("outcome", &self.outcome)
            .finish_non_exhaustive()
    }
}

impl State {
    pub fn seat(&self, p: Player) -> &Seat {
        &self.seats[p.index()]
    }

    pub fn seat_mut(&mut self, p: Player) -> &mut Seat {
        &mut self.seats[p.index()]
    }

    pub fn unit(&self, owner: Player, slot: Slot) -> Option<&Unit> {
        self.seat(owner).unit(slot)
    }

    /// Who must decide now.
    pub fn decider(&self) -> Player {
        match self.phase {
            Phase::Block { .. } => self.active.other(),
            Phase::Action | Phase::Discard => self.active,
        }
    }

    /// The Hero a Hero aim means for a card controlled by `controller`.
    pub fn hero_of(controller: Player, aim: Aim) -> Option<Player> {
        match aim {
            Aim::Hero { enemy } => Some(if enemy {
                controller.other()
            } else {
                controller
            }),
            _ => None,
        }
    }
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
