//! The state of a Force of Will game: both players' zones, the chase, the battle in progress,
//! whose decision it is, and the stats of the cards in the field as the rules compute them.

use super::cards::{CardInfo, Filter, Group, Inst, Static, Table, FLYING, SWIFTNESS};
use crate::engine::{Outcome, Player};
use std::sync::Arc;

pub const START_LIFE: i32 = 4000;
pub const MAX_HAND: usize = 7;
pub const OPENING_HAND: usize = 5;

/// A game in progress. Cloning copies the zones; the card table is shared. All of the game's
/// randomness is spent at setup (shuffles and the first player), so no RNG is kept.
#[derive(Debug)]
pub struct State {
    pub(super) table: Arc<Table>,
    pub(super) seats: [Seat; 2],
    /// The chase, bottom first: the last item resolves first.
    pub(super) chase: Vec<Item>,
    pub(super) battle: Option<Battle>,
    /// 1 is the first player's first turn; 0 while mulligans are made.
    pub(super) turn: u32,
    pub(super) active: Player,
    pub(super) first: Player,
    pub(super) step: Step,
    /// Who may act now in the main phase and in battle windows.
    pub(super) priority: Player,
    /// Passes in a row; two resolve the top of the chase or close a window.
    pub(super) passes: u8,
    /// Each card that enters the field becomes a new object with a new serial, so that a
    /// target or a battler that left and came back is not mistaken for the one chosen.
    pub(super) serial: u32,
    /// Some J/resonator may have damage: set when damage is dealt, cleared by the end phase
    /// and by the check after a change (`effects::settle`) once it finds no object with
    /// damage. While it is clear, that check need not look.
    pub(super) damage_dealt: bool,
    /// What the continuous boosts in both fields add to each player's resonators
    /// ([`State::group_bonus`]), kept because every stat a battle or a check after a change
    /// reads needs it, and it changes only when a card with boosts enters or leaves the field.
    pub(super) bonus: [(i32, i32); 2],
    pub(super) outcome: Option<Outcome>,
}

#[derive(Debug)]
pub struct Seat {
    /// Top card last.
    pub deck: Vec<Inst>,
    /// Magic stone deck, top card last.
    pub stones: Vec<Inst>,
    pub hand: Vec<Inst>,
    pub field: Vec<Obj>,
    /// Oldest first.
    pub grave: Vec<Inst>,
    pub ruler: Inst,
    pub ruler_at: RulerAt,
    /// Orientation of the ruler while it is in the ruler area.
    pub ruler_rested: bool,
    /// A destroyed non-ordered J/ruler loses its Judgment for the rest of the game.
    pub lost_judgment: bool,
    pub life: i32,
    /// A magic stone was called this turn.
    pub called: bool,
    /// Revolution Order was done this turn.
    pub ordered: bool,
    /// The turn of the last Judgment (its J/ruler cannot call a stone that turn).
    pub judgment_turn: u32,
    /// Will paid since the last recovery phase: one rested magic stone each.
    pub will_paid: u32,
    /// Magic stones rested for their own abilities' costs since the last recovery phase.
    pub stone_ability_rests: u32,
    pub mulligan_done: bool,
    /// Every card this player brought to the game (deck, stones, ruler).
    pub cards: u16,
    /// Hand size when this player's last end phase finished.
    pub hand_after_end: usize,
    /// Recovered magic stones in the field, by the player's stone kinds
    /// (`Table::stone_kinds`): what every decision weighs costs against, kept here rather than
    /// counted from the field each time.
    pub recovered: Vec<u16>,
    /// Resonators in the field ([`ObjKind::Resonator`]): how many targets this side offers
    /// an effect that targets resonators, which a decision weighs for every such card without
    /// walking the field; the field is walked only for the target drawn.
    pub resonators: u32,
    /// What every decision of this player asks of the hand, kept here rather than read from
    /// the hand card by card each time ([`State::hand_changed`]).
    pub in_hand: HandCards,
}

/// The first copy of each different card in a hand, in hand order (the cards listing offers,
/// since whether a card can be played depends on the card, not the copy), and the least will
/// a Quickcast card of the hand costs (`u32::MAX` without one): outside their main window a
/// player with fewer recovered stones has nothing to play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandCards {
    pub first: Vec<Inst>,
    pub cheapest_quick: u32,
}

impl Default for HandCards {
    fn default() -> HandCards {
        HandCards {
            first: Vec::new(),
            cheapest_quick: u32::MAX,
        }
    }
}

impl HandCards {
    /// Worked out afresh from `hand`: what [`Seat::in_hand`] must hold.
    pub(super) fn of(hand: &[Inst], table: &Table) -> HandCards {
        let mut cards = HandCards::default();
        cards.refill(hand, table);
        cards
    }

    /// After `inst` was put at the end of the hand.
    fn gained(&mut self, inst: Inst, table: &Table) {
        if table.quickcast(inst) {
            self.cheapest_quick = self.cheapest_quick.min(table.play_total(inst));
        }
        let def = table.def_of(inst);
        if !self.first.iter().any(|&i| table.def_of(i) == def) {
            self.first.push(inst);
        }
    }

    /// After `inst` left the hand, which now holds `hand`.
    fn lost(&mut self, inst: Inst, hand: &[Inst], table: &Table) {
        if let Some(k) = self.first.iter().position(|&i| i == inst) {
            let def = table.def_of(inst);
            if let Some(j) = hand.iter().position(|&i| table.def_of(i) == def) {
                // A later copy becomes the first, after the first copies of the cards before
                // it in the hand: those that came after this one move ahead of it. The
                // cheapest Quickcast card is unchanged, a copy of it being left.
                let before = &hand[..j];
                let mut at = k;
                while self.first.get(at + 1).is_some_and(|i| before.contains(i)) {
                    self.first.swap(at, at + 1);
                    at += 1;
                }
                self.first[at] = hand[j];
                return;
            }
            self.first.remove(k);
        }
        if table.quickcast(inst) && table.play_total(inst) == self.cheapest_quick {
            self.cheapest_quick = hand
                .iter()
                .filter(|&&i| table.quickcast(i))
                .map(|&i| table.play_total(i))
                .min()
                .unwrap_or(u32::MAX);
        }
    }

    fn refill(&mut self, hand: &[Inst], table: &Table) {
        self.first.clear();
        self.cheapest_quick = u32::MAX;
        for &inst in hand {
            self.gained(inst, table);
        }
    }
}

/// `clone_from` reuses the zones' memory, so a search that copies states into kept ones
/// allocates nothing once they have grown (issue #15, point 4); the destructuring makes a new
/// field a compile error here rather than a field silently not copied.
impl Clone for State {
    fn clone(&self) -> State {
        State {
            table: Arc::clone(&self.table),
            seats: self.seats.clone(),
            chase: self.chase.clone(),
            battle: self.battle,
            turn: self.turn,
            active: self.active,
            first: self.first,
            step: self.step,
            priority: self.priority,
            passes: self.passes,
            serial: self.serial,
            damage_dealt: self.damage_dealt,
            bonus: self.bonus,
            outcome: self.outcome,
        }
    }

    fn clone_from(&mut self, source: &State) {
        let State {
            table,
            seats,
            chase,
            battle,
            turn,
            active,
            first,
            step,
            priority,
            passes,
            serial,
            damage_dealt,
            bonus,
            outcome,
        } = source;
        if !Arc::ptr_eq(&self.table, table) {
            self.table = Arc::clone(table);
        }
        self.seats.clone_from(seats);
        self.chase.clone_from(chase);
        self.battle = *battle;
        self.turn = *turn;
        self.active = *active;
        self.first = *first;
        self.step = *step;
        self.priority = *priority;
        self.passes = *passes;
        self.serial = *serial;
        self.damage_dealt = *damage_dealt;
        self.bonus = *bonus;
        self.outcome = *outcome;
    }
}

/// As [`State`]'s: `clone_from` reuses every zone.
impl Clone for Seat {
    fn clone(&self) -> Seat {
        Seat {
            deck: self.deck.clone(),
            stones: self.stones.clone(),
            hand: self.hand.clone(),
            field: self.field.clone(),
            grave: self.grave.clone(),
            recovered: self.recovered.clone(),
            in_hand: self.in_hand.clone(),
            ..*self
        }
    }

    fn clone_from(&mut self, source: &Seat) {
        let Seat {
            deck,
            stones,
            hand,
            field,
            grave,
            ruler,
            ruler_at,
            ruler_rested,
            lost_judgment,
            life,
            called,
            ordered,
            judgment_turn,
            will_paid,
            stone_ability_rests,
            mulligan_done,
            cards,
            hand_after_end,
            recovered,
            resonators,
            in_hand,
        } = source;
        self.deck.clone_from(deck);
        self.stones.clone_from(stones);
        self.hand.clone_from(hand);
        self.field.clone_from(field);
        self.grave.clone_from(grave);
        self.ruler = *ruler;
        self.ruler_at = *ruler_at;
        self.ruler_rested = *ruler_rested;
        self.lost_judgment = *lost_judgment;
        self.life = *life;
        self.called = *called;
        self.ordered = *ordered;
        self.judgment_turn = *judgment_turn;
        self.will_paid = *will_paid;
        self.stone_ability_rests = *stone_ability_rests;
        self.mulligan_done = *mulligan_done;
        self.cards = *cards;
        self.hand_after_end = *hand_after_end;
        self.recovered.clone_from(recovered);
        self.resonators = *resonators;
        self.in_hand.first.clone_from(&in_hand.first);
        self.in_hand.cheapest_quick = in_hand.cheapest_quick;
    }
}

impl Seat {
    /// Counts a magic stone of this seat's as recovered in the field (`up`: it entered or
    /// recovered) or no longer (it was rested, or left the field recovered).
    pub(super) fn count_stone(&mut self, table: &Table, inst: Inst, up: bool) {
        if let Some(n) = table.stone_kind(inst).and_then(|k| self.recovered.get_mut(k)) {
            *n = if up { n.wrapping_add(1) } else { n.wrapping_sub(1) };
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RulerAt {
    /// Ruler side up in the ruler area.
    Area,
    /// In the field as a J/ruler after Judgment.
    Field,
    /// Order side up in the order area, ordering a J/ruler.
    Order,
}

/// A card in the field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Obj {
    pub inst: Inst,
    pub kind: ObjKind,
    pub rested: bool,
    /// The turn it was put into the field.
    pub entered: u32,
    pub serial: u32,
    pub damage: i32,
    /// Until end of turn.
    pub temp_atk: i32,
    pub temp_def: i32,
    /// For as long as it stays in the field.
    pub perm_atk: i32,
    pub perm_def: i32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ObjKind {
    Resonator,
    Addition,
    Stone,
    /// The ruler flipped by Judgment.
    JRuler,
    /// A resonator made J/ruler by Revolution Order.
    Ordered,
}

impl ObjKind {
    /// A J/ruler or a resonator: the cards that battle.
    pub fn battles(self) -> bool {
        matches!(
            self,
            ObjKind::Resonator | ObjKind::JRuler | ObjKind::Ordered
        )
    }
}

/// A reference to one object in the field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ObjRef {
    pub owner: Player,
    pub serial: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Players in turn order put cards on the bottom and redraw.
    Mulligan,
    Main,
    /// A battle was declared: chase window before blocks.
    Attack,
    /// The defending player decides whether to block.
    Block,
    /// The block (or no block) was declared: chase window before damage.
    AfterBlock,
    /// End phase: the turn player discards down to seven.
    Discard,
    Over,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Battle {
    pub attacker: ObjRef,
    /// `None`: the opponent is attacked.
    pub target: Option<ObjRef>,
    pub blocker: Option<ObjRef>,
}

/// Something on the chase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Item {
    pub who: Player,
    pub what: What,
    pub target: Option<ObjRef>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum What {
    /// A card being played; it stays on the chase until it resolves.
    Card {
        inst: Inst,
        order: bool,
    },
    /// An activate ability of `card` (the ruler's, or of `source` in the field).
    Ability {
        card: Inst,
        index: u8,
        source: Option<ObjRef>,
    },
    Judgment,
}

impl State {
    pub(super) fn seat(&self, p: Player) -> &Seat {
        &self.seats[p.index()]
    }

    pub(super) fn seat_mut(&mut self, p: Player) -> &mut Seat {
        &mut self.seats[p.index()]
    }

    pub(super) fn owner(&self, inst: Inst) -> Player {
        if inst < self.table.first_p2 {
            Player::P1
        } else {
            Player::P2
        }
    }

    pub(super) fn info(&self, inst: Inst) -> &CardInfo {
        self.table.info(inst)
    }

    pub(super) fn find(&self, r: ObjRef) -> Option<usize> {
        self.seat(r.owner)
            .field
            .iter()
            .position(|o| o.serial == r.serial)
    }

    pub(super) fn obj(&self, r: ObjRef) -> Option<&Obj> {
        self.seat(r.owner)
            .field
            .iter()
            .find(|o| o.serial == r.serial)
    }

    pub(super) fn obj_mut(&mut self, r: ObjRef) -> Option<&mut Obj> {
        self.seat_mut(r.owner)
            .field
            .iter_mut()
            .find(|o| o.serial == r.serial)
    }

    /// The name the object goes by in the field (a J/ruler by its J/ruler side).
    pub(super) fn obj_name(&self, o: &Obj) -> &'static str {
        let info = self.info(o.inst);
        match (o.kind, &info.judgment) {
            (ObjKind::JRuler, Some(j)) => j.name,
            _ => info.name,
        }
    }

    pub(super) fn keywords(&self, o: &Obj) -> u8 {
        let info = self.info(o.inst);
        match (o.kind, &info.judgment) {
            (ObjKind::JRuler, Some(j)) => j.keywords,
            _ => info.keywords,
        }
    }

    pub(super) fn swift(&self, o: &Obj) -> bool {
        self.keywords(o) & SWIFTNESS != 0
    }

    pub(super) fn flying(&self, o: &Obj) -> bool {
        self.keywords(o) & FLYING != 0
    }

    fn statics(&self, o: &Obj) -> &[Static] {
        let info = self.info(o.inst);
        match (o.kind, &info.judgment) {
            (ObjKind::JRuler, Some(j)) => &j.effects.statics,
            (ObjKind::JRuler, None) => &[],
            _ => &info.effects.statics,
        }
    }

    /// What the continuous boosts in both fields add to each player's resonators, added up
    /// afresh: what [`State::bonus`] must hold.
    pub(super) fn group_bonus(&self) -> [(i32, i32); 2] {
        let mut bonus = [(0i32, 0i32); 2];
        for p in Player::BOTH {
            for o in &self.seat(p).field {
                if !self.table.has_statics(o.inst) {
                    continue;
                }
                for s in self.statics(o) {
                    let to: &[Player] = match s.group {
                        Group::Own => &[p],
                        Group::Enemy => &[p.other()],
                        Group::Any => &Player::BOTH,
                        Group::This => &[],
                    };
                    for q in to {
                        let b = &mut bonus[q.index()];
                        b.0 = b.0.saturating_add(s.atk);
                        b.1 = b.1.saturating_add(s.def);
                    }
                }
            }
        }
        bonus
    }

    /// Keeps [`State::bonus`] right after `inst` entered or left the field: added up again,
    /// in field order as before, when the card has boosts.
    pub(super) fn field_changed(&mut self, inst: Inst) {
        if self.table.has_statics(inst) {
            self.bonus = self.group_bonus();
        }
    }

    /// Keeps `p`'s [`Seat::in_hand`] right after their whole hand changed (a mulligan, a
    /// hand dealt again): worked out again from the hand.
    pub(super) fn hand_changed(&mut self, p: Player) {
        let State { table, seats, .. } = self;
        let seat = &mut seats[p.index()];
        seat.in_hand.refill(&seat.hand, table);
    }

    /// Keeps `p`'s [`Seat::in_hand`] right after a card was put at the end of their hand (a
    /// draw).
    pub(super) fn hand_gained(&mut self, p: Player) {
        let State { table, seats, .. } = self;
        let seat = &mut seats[p.index()];
        if let Some(&inst) = seat.hand.last() {
            seat.in_hand.gained(inst, table);
        }
    }

    /// Keeps `p`'s [`Seat::in_hand`] right after `inst` left their hand (a play, a discard).
    pub(super) fn hand_lost(&mut self, p: Player, inst: Inst) {
        let State { table, seats, .. } = self;
        let seat = &mut seats[p.index()];
        seat.in_hand.lost(inst, &seat.hand, table);
    }

    /// ATK and DEF of a J/resonator now, given [`State::group_bonus`].
    pub(super) fn stats_with(&self, owner: Player, o: &Obj, bonus: &[(i32, i32); 2]) -> (i32, i32) {
        let info = self.info(o.inst);
        let (mut atk, mut def) = match (o.kind, &info.judgment) {
            (ObjKind::JRuler, Some(j)) => (j.atk, j.def),
            _ => (info.atk, info.def),
        };
        atk = atk.saturating_add(o.temp_atk).saturating_add(o.perm_atk);
        def = def.saturating_add(o.temp_def).saturating_add(o.perm_def);
        for s in self.statics(o) {
            if s.group == Group::This {
                atk = atk.saturating_add(s.atk);
                def = def.saturating_add(s.def);
            }
        }
        // Only resonators get group boosts: "your J/ruler is not a resonator" (FW-A22).
        if o.kind == ObjKind::Resonator {
            let (a, d) = bonus[owner.index()];
            atk = atk.saturating_add(a);
            def = def.saturating_add(d);
        }
        (atk, def)
    }

    pub(super) fn stats(&self, owner: Player, o: &Obj) -> (i32, i32) {
        self.stats_with(owner, o, &self.bonus)
    }

    /// `p`'s resonators in the field, counted afresh: what [`Seat::resonators`] must hold.
    pub(super) fn count_resonators(&self, p: Player) -> u32 {
        let field = &self.seat(p).field;
        let n = field.iter().filter(|o| o.kind == ObjKind::Resonator).count();
        u32::try_from(n).unwrap_or(u32::MAX)
    }

    /// `p`'s recovered magic stones in the field by kind, counted afresh: what
    /// [`Seat::recovered`] must hold.
    pub(super) fn recount_stones(&self, p: Player) -> Vec<u16> {
        let mut counts = vec![0u16; self.table.stone_kinds(p).len()];
        for o in &self.seat(p).field {
            if o.kind != ObjKind::Stone || o.rested {
                continue;
            }
            if let Some(n) = self.table.stone_kind(o.inst).and_then(|k| counts.get_mut(k)) {
                *n += 1;
            }
        }
        counts
    }

    /// Whose decision it is now (`None` once the game is over).
    pub(super) fn decider(&self) -> Option<Player> {
        match self.step {
            Step::Over => None,
            Step::Mulligan => Some(if self.seat(self.first).mulligan_done {
                self.first.other()
            } else {
                self.first
            }),
            Step::Block => Some(self.active.other()),
            Step::Discard => Some(self.active),
            Step::Main | Step::Attack | Step::AfterBlock => Some(self.priority),
        }
    }

    /// The card that rests to call a magic stone: the ruler in the ruler area, or the J/ruler
    /// in the field (FW-A12).
    pub(super) fn caller(&self, p: Player) -> Option<Caller> {
        let seat = self.seat(p);
        match seat.ruler_at {
            RulerAt::Area => Some(Caller::Ruler),
            RulerAt::Field | RulerAt::Order => seat
                .field
                .iter()
                .find(|o| matches!(o.kind, ObjKind::JRuler | ObjKind::Ordered))
                .map(|o| Caller::JRuler(o.serial)),
        }
    }

    pub(super) fn fresh_serial(&mut self) -> u32 {
        self.serial += 1;
        self.serial
    }

    pub(super) fn new_obj(&mut self, inst: Inst, kind: ObjKind) -> Obj {
        Obj {
            inst,
            kind,
            rested: false,
            entered: self.turn,
            serial: self.fresh_serial(),
            damage: 0,
            temp_atk: 0,
            temp_def: 0,
            perm_atk: 0,
            perm_def: 0,
        }
    }

    /// A chosen resonator target is legal for `who` under the card's filter.
    pub(super) fn target_ok(&self, who: Player, filter: Filter, r: ObjRef) -> bool {
        State::side_ok(who, filter, r.owner)
            && self.obj(r).is_some_and(|o| o.kind == ObjKind::Resonator)
    }

    /// The filter lets `who` target resonators controlled by `owner`.
    pub(super) fn side_ok(who: Player, filter: Filter, owner: Player) -> bool {
        match filter {
            Filter::Own => owner == who,
            Filter::Enemy => owner != who,
            Filter::Any => true,
            Filter::Nothing => false,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Caller {
    Ruler,
    JRuler(u32),
}
