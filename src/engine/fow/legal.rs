//! Every action legal now, for the player whose decision it is. Payments are listed up to the
//! order of identical stones, targets one by one, mulligans as ordered choices of cards.

use super::action::{Action, Aim, Bottom, Named, Payment, Source};
use super::battle;
use super::cards::{Cost, Def, Filter, Inst};
use super::rules::{self, main_window, priority_step};
use super::state::{Obj, ObjKind, ObjRef, RulerAt, State, Step, OPENING_HAND};
use super::will::{self, Against, PaymentCounts, StoneKind};
use crate::engine::rng::Rng;
use crate::engine::Player;

pub fn legal_actions(state: &State, out: &mut Vec<Action>) {
    out.clear();
    let Some(who) = state.decider() else { return };
    // Scratch lists kept by the thread and reused for every decision, so that listing
    // allocates nothing once they have grown.
    SCRATCH.with_borrow_mut(|scratch| match state.step {
        Step::Over => {}
        Step::Mulligan => mulligans(state, who, &mut scratch.hand, out),
        Step::Discard => {
            out.extend(state.seat(who).in_hand.first.iter().map(|&inst| {
                let card = Named {
                    def: state.table.def_of(inst),
                    name: state.info(inst).name,
                };
                Action::Discard { who, card }
            }));
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
            families(state, who, scratch);
            let Scratch {
                kinds,
                families,
                aims,
                named,
                pays,
                ..
            } = scratch;
            // `families` found the decider's stone kinds (when some family pays).
            for listed in families.iter() {
                let n_pays = match listed.family.cost(state) {
                    Some(cost) => {
                        pays.clear();
                        will::for_each_payment(kinds, cost, |p| pays.push(p));
                        pays.len()
                    }
                    None => 1,
                };
                // Each target named once for the family, not once per payment.
                named.clear();
                let target = |k| listed.aims.nth(state, who, aims, k).map(|r| aim(state, r));
                named.extend((0..listed.n_aims as usize).map(target));
                let shape = listed.family.shape(named.len(), n_pays);
                for k in 0..shape.count() {
                    let at = shape.split(k);
                    let target = named.get(at.aim).copied().flatten();
                    let pay = |j: usize| pays.get(j).cloned().unwrap_or_default();
                    out.push(listed.family.action(state, who, at, target, pay));
                }
            }
        }
    });
}

/// The decider's stone kinds and hand cards, the families of actions of a main step with
/// their targets (as field references: an object's name and number are found only for the
/// actions built), the named targets and payments of the family being listed, and the
/// payment counts the random player has worked out so far on this thread.
#[derive(Default)]
struct Scratch {
    kinds: Vec<StoneKind>,
    hand: Vec<Named>,
    families: Vec<Listed>,
    aims: Vec<Option<ObjRef>>,
    named: Vec<Option<Aim>>,
    pays: Vec<Payment>,
    counts: PaymentCounts,
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

/// The random player's choice, drawn as picking from [`legal_actions`]'s whole list would draw. A
/// mulligan is found by counting the choices and walking to the drawn one, without listing
/// the hundreds of orders a hand of different cards has; a block by counting the blockers,
/// naming only the one drawn.
pub fn random(state: &State, rng: &mut Rng, out: &mut Vec<Action>) -> Option<usize> {
    match (state.step, state.decider()) {
        (Step::Main | Step::Attack | Step::AfterBlock, Some(who)) => {
            if !main_window(state, who) && !may_chase(state, who) {
                // Only the pass (most decisions): nothing to find, count or build, and the
                // thread's scratch lists are not reached.
                rng.pick_index(1)?;
                only_pass(out, who);
            } else {
                SCRATCH.with_borrow_mut(|scratch| random_main(state, who, rng, scratch, out))?;
            }
            Some(0)
        }
        (Step::Mulligan, Some(who)) => {
            let bottom = random_mulligan(state, who, rng)?;
            out.clear();
            out.push(Action::Mulligan { who, bottom });
            Some(0)
        }
        (Step::Block, Some(who)) => {
            // Declining, then each blocker, as listed: only the blocker drawn is named.
            let k = rng.pick_index(1 + battle::can_block(state).count())?;
            out.clear();
            out.push(match k.checked_sub(1).and_then(|k| battle::can_block(state).nth(k)) {
                None => Action::NoBlock { who },
                Some(r) => Action::Block {
                    who,
                    blocker: aim(state, r),
                },
            });
            Some(0)
        }
        _ => {
            legal_actions(state, out);
            rng.pick_index(out.len())
        }
    }
}

/// Leaves the pass alone in `out`, written over the action the last decision left there: a
/// push copies a whole action through `memcpy` from where it was built, where the
/// pass, most decisions' action, is two bytes written in place. Inlined, since a call costs
/// about what the copy did (benches/engine.rs, `random_game`).
#[inline(always)]
fn only_pass(out: &mut Vec<Action>, who: Player) {
    out.truncate(1);
    match out.first_mut() {
        Some(slot) => *slot = Action::Pass { who },
        None => out.push(Action::Pass { who }),
    }
}

/// A main-step action drawn as picking from [`legal_actions`]'s list would draw it: each family's
/// actions are counted as it is found (its payments without building them), one index is
/// drawn over all of them, and only the action at that index is built, alone in `out`.
fn random_main(
    state: &State,
    who: Player,
    rng: &mut Rng,
    scratch: &mut Scratch,
    out: &mut Vec<Action>,
) -> Option<()> {
    families(state, who, scratch);
    let Scratch {
        kinds,
        families,
        aims,
        counts,
        ..
    } = scratch;
    if families.len() == 1 {
        // Only the pass: nothing to draw among or build.
        rng.pick_index(1)?;
        only_pass(out, who);
        return Some(());
    }
    let total = families.iter().map(|l| l.count).sum();
    let mut left = rng.pick_index(total)?;
    let listed = families.iter().find(|l| {
        let here = left < l.count;
        if !here {
            left -= l.count;
        }
        here
    })?;
    let at = listed.family.shape(listed.n_aims as usize, listed.pays).split(left);
    let target = listed.aims.nth(state, who, aims, at.aim).map(|r| aim(state, r));
    let cost = listed.family.cost(state).filter(|c| c.total() > 0);
    let pay = |j: usize| {
        let mut counts = counts.against(kinds);
        cost.and_then(|c| counts.nth(c, j)).unwrap_or_default()
    };
    out.clear();
    out.push(listed.family.action(state, who, at, target, pay));
    Some(())
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
            let choose = &BINOMIAL[j];
            let mut ways = 0usize;
            for i in 0..=c.min(j) {
                ways = ways.saturating_add(seqs[j - i].saturating_mul(choose[i]));
            }
            seqs[j] = ways;
        }
    }
    seqs[..=slots].iter().fold(0, |a, &b| a.saturating_add(b))
}

/// `BINOMIAL[j][i]` is `C(j, i)`, for the lengths of a mulligan: [`orders`] runs at every
/// step of a random mulligan, and a division per term was most of its time.
const BINOMIAL: [[usize; OPENING_HAND + 1]; OPENING_HAND + 1] = {
    let mut table = [[0; OPENING_HAND + 1]; OPENING_HAND + 1];
    let mut j = 0;
    while j <= OPENING_HAND {
        table[j][0] = 1;
        let mut i = 1;
        while i <= j {
            table[j][i] = table[j - 1][i - 1] + table[j - 1][i];
            i += 1;
        }
        j += 1;
    }
    table
};

/// The mulligan [`mulligans`] would list at a uniformly drawn index: the index is drawn
/// from the number of choices, then found by skipping whole subtrees of the listing order
/// (each choice, then every longer choice that extends it, its next card taken at the first
/// free hand position of each different card, in hand order).
fn random_mulligan(state: &State, who: Player, rng: &mut Rng) -> Option<Bottom> {
    // The mask holds a hand of up to 32 cards, so fixed arrays hold its cards and kinds: a
    // mulligan allocates nothing.
    const MAX: usize = 32;
    let hand = &state.seat(who).hand;
    let hand = &hand[..hand.len().min(MAX)];
    let mut defs: [Def; MAX] = [0; MAX];
    for (d, &i) in defs.iter_mut().zip(hand) {
        *d = state.table.def_of(i);
    }
    let defs = &defs[..hand.len()];
    // The different cards still free, at their first free position (`first`), and how many
    // of each (`counts`); returns how many different cards.
    let free_kinds = |used: u32, first: &mut [usize; MAX], counts: &mut [usize; MAX]| {
        let mut n = 0;
        for (i, d) in defs.iter().enumerate() {
            if used & (1 << i) != 0 {
                continue;
            }
            match first[..n].iter().position(|&j| defs[j] == *d) {
                Some(k) => counts[k] += 1,
                None => {
                    first[n] = i;
                    counts[n] = 1;
                    n += 1;
                }
            }
        }
        n
    };
    let (mut first, mut counts) = ([0usize; MAX], [0usize; MAX]);
    let n = free_kinds(0, &mut first, &mut counts);
    let mut left = rng.pick_index(orders(&counts[..n], OPENING_HAND))?;
    let mut used = 0u32;
    let mut chosen = Bottom::default();
    for depth in 0..OPENING_HAND {
        if left == 0 {
            break;
        }
        left -= 1;
        let n = free_kinds(used, &mut first, &mut counts);
        let mut next = None;
        // How many choices follow a card depends only on how many copies of it are free (the
        // count of orders is the same whichever kinds hold which counts): each number of
        // copies is counted once per step, (copies, choices) as found.
        let mut by_copies = [(0usize, 0usize); MAX];
        let mut known = 0;
        for k in 0..n {
            // The choices that take this card next: the rest ordered after it.
            let sub = match by_copies[..known].iter().find(|&&(c, _)| c == counts[k]) {
                Some(&(_, sub)) => sub,
                None => {
                    counts[k] -= 1;
                    let sub = orders(&counts[..n], OPENING_HAND - depth - 1);
                    counts[k] += 1;
                    by_copies[known] = (counts[k], sub);
                    known += 1;
                    sub
                }
            };
            if left < sub {
                next = Some(first[k]);
                break;
            }
            left -= sub;
        }
        let i = next?;
        let card = hand[i];
        chosen.push(Named {
            def: state.table.def_of(card),
            name: state.info(card).name,
        })?;
        used |= 1 << i;
    }
    (left == 0).then_some(chosen)
}

/// A run of consecutive listed actions of a main step that differ only in their payment,
/// target or Revolution Order. The random player counts a family's actions without building
/// them, draws one index over every family, and builds only the action drawn; the listing
/// builds them all, in the same order, through the same [`Family::action`].
#[derive(Debug, Clone, Copy)]
enum Family {
    Pass,
    /// The caller is named only for the action built (most decisions draw another).
    Call,
    /// The decider's ruler does Judgment: for each payment, each target.
    Judgment { ruler: Inst },
    /// Each target: the opponent, then each rested J/ruler or resonator.
    Attack { attacker: ObjRef },
    /// Without, then (`orders == 2`) with Revolution Order; for each, each target, each
    /// payment.
    Play { card: Named, orders: usize },
    /// For each payment, each target. The source is the ruler in the ruler area (`None`) or
    /// an object of the decider's field.
    Activate {
        source: Option<ObjRef>,
        inst: Inst,
        ability: u8,
    },
}

impl Family {
    /// What its actions pay (`None`: they pay nothing, one way).
    fn cost<'s>(&self, state: &'s State) -> Option<&'s Cost> {
        match *self {
            Family::Judgment { ruler } => state.info(ruler).judgment.as_ref().map(|j| &j.cost),
            Family::Play { card, .. } => state.table.defs.get(usize::from(card.def)).map(|d| &d.cost),
            Family::Activate { inst, ability, .. } => state
                .info(inst)
                .abilities
                .get(usize::from(ability))
                .map(|a| &a.cost),
            Family::Pass | Family::Call | Family::Attack { .. } => None,
        }
    }

    /// How its actions multiply, given its numbers of targets and payments.
    fn shape(&self, aims: usize, pays: usize) -> Shape {
        let (orders, pay_first) = match *self {
            Family::Play { orders, .. } => (orders, false),
            Family::Judgment { .. } | Family::Activate { .. } => (1, true),
            Family::Pass | Family::Call | Family::Attack { .. } => (1, false),
        };
        Shape {
            orders,
            aims,
            pays,
            pay_first,
        }
    }

    /// Its action at `at`, with the target at `at.aim` and the payment from `pay` (asked only
    /// of families that pay).
    fn action(
        &self,
        state: &State,
        who: Player,
        at: At,
        target: Option<Aim>,
        pay: impl FnOnce(usize) -> Payment,
    ) -> Action {
        let chase = !state.chase.is_empty();
        match *self {
            Family::Pass => Action::Pass { who },
            Family::Call => Action::Call {
                who,
                caller: rules::caller_name(state, who),
            },
            Family::Judgment { ruler } => Action::Judgment {
                who,
                ruler: state.info(ruler).name,
                target,
                pay: pay(at.pay),
            },
            Family::Attack { attacker } => Action::Attack {
                who,
                attacker: aim(state, attacker),
                target,
            },
            Family::Play { card, .. } => Action::Play {
                who,
                card,
                order: at.order,
                target,
                pay: pay(at.pay),
                chase,
            },
            Family::Activate {
                source,
                inst,
                ability,
            } => Action::Activate {
                who,
                source: match source {
                    None => Source::Ruler(state.info(inst).name),
                    Some(r) => Source::Field(aim(state, r)),
                },
                ability,
                target,
                pay: pay(at.pay),
                chase,
            },
        }
    }
}

/// A family with its targets and its numbers of payments and actions.
#[derive(Debug, Clone, Copy)]
struct Listed {
    family: Family,
    aims: Aims,
    /// How many targets `aims` offers.
    n_aims: u32,
    pays: usize,
    count: usize,
}

impl Listed {
    fn new(family: Family, (aims, n_aims): (Aims, u32), pays: usize) -> Listed {
        Listed {
            family,
            aims,
            n_aims,
            pays,
            count: family.shape(n_aims as usize, pays).count(),
        }
    }
}

/// What a family's actions target, in listing order.
#[derive(Debug, Clone, Copy)]
enum Aims {
    /// No target: the one target `None`.
    Nothing,
    /// Each resonator the filter lets the decider target, the decider's first: counted from
    /// the kept [`Seat::resonators`](super::state::Seat::resonators), and found in the
    /// fields only for the action built (most decisions draw another family).
    Resonators(Filter),
    /// A range of the scratch targets (an attack's: the opponent, then the rested
    /// defenders).
    Listed { start: u32 },
}

impl Aims {
    /// The `k`-th target (`None`: no target).
    fn nth(self, state: &State, who: Player, aims: &[Option<ObjRef>], k: usize) -> Option<ObjRef> {
        match self {
            Aims::Nothing => None,
            Aims::Listed { start } => aims.get(start as usize + k).copied().flatten(),
            Aims::Resonators(f) => {
                let mut k = k;
                for p in [who, who.other()] {
                    let seat = state.seat(p);
                    if !State::side_ok(who, f, p) {
                        continue;
                    }
                    if k >= seat.resonators as usize {
                        k -= seat.resonators as usize;
                        continue;
                    }
                    let mut resonators = seat.field.iter().filter(|o| o.kind == ObjKind::Resonator);
                    return resonators.nth(k).map(|o| ObjRef {
                        owner: p,
                        serial: o.serial,
                    });
                }
                None
            }
        }
    }
}

/// How many Revolution Orders, targets and payments a family's actions combine, and in which
/// order the listing walks them.
#[derive(Debug, Clone, Copy)]
struct Shape {
    orders: usize,
    aims: usize,
    pays: usize,
    /// For each payment, each target (abilities, Judgment); otherwise for each order, each
    /// target, each payment (plays).
    pay_first: bool,
}

/// Where an action sits in its family.
#[derive(Debug, Clone, Copy)]
struct At {
    order: bool,
    aim: usize,
    pay: usize,
}

impl Shape {
    fn count(self) -> usize {
        self.orders * self.aims * self.pays
    }

    /// The `k`-th action's place (`k < count()`).
    fn split(self, k: usize) -> At {
        if self.pay_first {
            At {
                order: false,
                aim: k % self.aims,
                pay: k / self.aims,
            }
        } else {
            let per_order = self.aims * self.pays;
            let rest = k % per_order;
            At {
                order: k / per_order == 1,
                aim: rest / self.pays,
                pay: rest % self.pays,
            }
        }
    }
}

/// The families of a main step in listing order, into `scratch.families` (an attack's
/// targets into `scratch.aims`).
fn families(state: &State, who: Player, scratch: &mut Scratch) {
    let Scratch {
        kinds,
        families,
        aims,
        counts,
        ..
    } = scratch;
    families.clear();
    aims.clear();
    families.push(Listed::new(Family::Pass, NO_TARGET, 1));
    let window = main_window(state, who);
    if !window && !may_chase(state, who) {
        return;
    }
    will::stone_kinds_into(state, who, kinds);
    let stones = kinds.iter().map(|k| u32::from(k.recovered)).sum();
    let found = &mut Found {
        families,
        counts: counts.against(kinds),
    };
    if window {
        if rules::call(state, who).is_ok() {
            found.push(Family::Call, NO_TARGET, None);
        }
        judgment(state, who, found);
        attacks(state, who, found, aims);
    }
    plays(state, who, stones, found);
    abilities(state, who, stones, found);
}

/// The families found so far, and the payment counts against the decider's stones.
struct Found<'a> {
    families: &'a mut Vec<Listed>,
    counts: Against<'a>,
}

impl Found<'_> {
    /// Adds a family, its payments counted now that its cost is at hand.
    fn push(&mut self, family: Family, targets: (Aims, u32), cost: Option<&Cost>) {
        let pays = match cost {
            // A cost of nothing is paid one way, resting nothing.
            Some(cost) if cost.total() > 0 => self.counts.count(cost),
            _ => 1,
        };
        self.families.push(Listed::new(family, targets, pays));
    }
}

/// Whether `who`, outside their main window, has anything to offer but the pass: only
/// Quickcast cards they can pay for and activate abilities can be used then. Most decisions
/// outside the main window are answered by this alone, without listing.
fn may_chase(state: &State, who: Player) -> bool {
    let table = &state.table;
    table.may_activate(who)
        || table.may_chase(who)
            && state.seat(who).in_hand.cheapest_quick <= will::recovered_stones(state, who)
}

/// The targets an effect can take, and how many: every resonator its filter allows, or
/// nothing when it needs none; `None` when it needs a target and has none.
fn targets(state: &State, who: Player, filter: Option<Filter>) -> Option<(Aims, u32)> {
    let Some(f) = filter else {
        return Some(NO_TARGET);
    };
    let seat = |p: Player| if State::side_ok(who, f, p) { state.seat(p).resonators } else { 0 };
    let n = seat(who) + seat(who.other());
    (n > 0).then_some((Aims::Resonators(f), n))
}

/// The one target, `None`, of a family without targets.
const NO_TARGET: (Aims, u32) = (Aims::Nothing, 1);

fn judgment(state: &State, who: Player, found: &mut Found) {
    if rules::judgment(state, who).is_err() {
        return;
    }
    let ruler = state.seat(who).ruler;
    let Some(j) = &state.info(ruler).judgment else {
        return;
    };
    if let Some(targets) = targets(state, who, j.effects.target) {
        found.push(Family::Judgment { ruler }, targets, Some(&j.cost));
    }
}

/// Each attacker at the opponent, then at each rested J/ruler or resonator.
fn attacks(state: &State, who: Player, found: &mut Found, aims: &mut Vec<Option<ObjRef>>) {
    // Only J/rulers and resonators attack: a player with neither (no resonator kept in the
    // count, the ruler in the ruler area) has no field to walk for attackers.
    let seat = state.seat(who);
    if !priority_step(state.step) || seat.resonators == 0 && seat.ruler_at == RulerAt::Area {
        return;
    }
    // What can be attacked, found with the first attacker.
    let mut defenders = None;
    for o in &seat.field {
        if !o.kind.battles() || o.rested || (o.entered == state.turn && !state.swift(o)) {
            continue;
        }
        let attacker = ObjRef {
            owner: who,
            serial: o.serial,
        };
        let defenders = *defenders.get_or_insert_with(|| {
            let start = aims.len();
            aims.push(None);
            aims.extend(
                state
                    .seat(who.other())
                    .field
                    .iter()
                    .filter(|o| o.kind.battles() && o.rested)
                    .map(|o| {
                        Some(ObjRef {
                            owner: who.other(),
                            serial: o.serial,
                        })
                    }),
            );
            let len = u32::try_from(aims.len() - start).unwrap_or(0);
            let start = u32::try_from(start).unwrap_or(u32::MAX);
            (Aims::Listed { start }, len)
        });
        found.push(Family::Attack { attacker }, defenders, None);
    }
}

/// Each different hand card that can be played now (`stones`: the decider's recovered
/// stones).
fn plays(
    state: &State,
    who: Player,
    stones: u32,
    found: &mut Found,
) {
    let in_hand = &state.seat(who).in_hand;
    let may_order = state.info(state.seat(who).ruler).revolution_order;
    // Outside the main window only Quickcast cards can be played (`rules::play_from_hand`
    // says why when asked).
    let quick_only = !main_window(state, who);
    if quick_only && in_hand.cheapest_quick > stones {
        return;
    }
    // Affordability and Quickcast first: they rule out most cards, and they are the cheapest
    // checks.
    let candidate = |&inst: &Inst| {
        (state.table.play_total(inst) <= stones) & (!quick_only | state.table.quickcast(inst))
    };
    // Whether a card can be played, and its targets, depend on the card, not the copy: only
    // the first copy in hand of each card is offered.
    for_each_candidate(&in_hand.first, candidate, |inst| {
        let def = state.table.def_of(inst);
        let info = state.info(inst);
        let card = Named {
            def,
            name: info.name,
        };
        // What else `rules::play_from_hand` asks cannot fail here: a hand holds only cards
        // that are played (the invariants check it), the candidate test kept only Quickcast
        // cards outside the main window, and a main step is a priority step.
        debug_assert!(rules::play_from_hand(state, who, card, false).is_ok());
        let Some(targets) = targets(state, who, info.effects.target) else {
            return;
        };
        // With Revolution Order the card passes the same checks and Revolution Order's own
        // (asked only of a ruler that has it: most have not, and most cards are asked).
        let orders = if may_order && rules::revolution_order(state, who, card).is_ok() {
            2
        } else {
            1
        };
        found.push(Family::Play { card, orders }, targets, Some(&info.cost));
    });
}

/// Calls `f` with each of `items` that passes `test`, in order.
/// The tests are made first, without branching, into a bit mask: hand cards and field objects
/// pass or fail unpredictably, and most fail, so a branch per item would be mispredicted
/// about as often as not (most of a decision's scan when it ran that way).
fn for_each_candidate<T: Copy>(
    items: &[T],
    test: impl Fn(&T) -> bool,
    mut f: impl FnMut(T),
) {
    for part in items.chunks(64) {
        let mut mask = part
            .iter()
            .enumerate()
            .fold(0u64, |m, (i, x)| m | u64::from(test(x)) << i);
        while mask != 0 {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            f(part[i]);
        }
    }
}

/// The activate abilities of the ruler in the ruler area, then of each card in the field.
fn abilities(
    state: &State,
    who: Player,
    stones: u32,
    found: &mut Found,
) {
    if !state.table.may_activate(who) {
        return;
    }
    let seat = state.seat(who);
    let affordable = |inst: Inst| state.table.cheapest_ability(inst) <= stones;
    if seat.ruler_at == RulerAt::Area && affordable(seat.ruler) {
        source_abilities(state, who, stones, (None, seat.ruler), found);
    }
    let candidate = |o: &Obj| (o.kind != ObjKind::JRuler) & affordable(o.inst);
    for_each_candidate(&seat.field, candidate, |o| {
        source_abilities(state, who, stones, (Some(&o), o.inst), found);
    });
}

/// One source's abilities that can be activated now: the source (`None`: the ruler in the
/// ruler area) and its card.
fn source_abilities(
    state: &State,
    who: Player,
    stones: u32,
    (o, inst): (Option<&Obj>, Inst),
    found: &mut Found,
) {
    let source = o.map(|o| ObjRef {
        owner: who,
        serial: o.serial,
    });
    let named = o.map(|o| (o, state.obj_name(o)));
    for (index, ab) in state.info(inst).abilities.iter().enumerate() {
        let Ok(ability) = u8::try_from(index) else {
            break;
        };
        if ab.cost.total() > stones || rules::ability_of(state, who, named, ability).is_err() {
            continue;
        }
        let Some(targets) = targets(state, who, ab.effects.target) else {
            continue;
        };
        found.push(
            Family::Activate {
                source,
                inst,
                ability,
            },
            targets,
            Some(&ab.cost),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hand's ordered choices, counted without listing them.
    #[test]
    fn orders_counts_the_choices() {
        // One card with five copies: the empty choice and one for each length.
        assert_eq!(orders(&[5], OPENING_HAND), 6);
    }
}
