//! Will and costs. A cost is paid by resting exactly as many magic stones as it costs, each
//! producing one will of one of its attributes (FW-A05 (a), FW-A06 (a)); no will is kept
//! between payments. A payment names the stones; which attribute each special stone produces
//! is whatever makes the payment work, because the choice changes nothing else.

use super::action::{Named, Payment};
use super::cards::{Cost, Inst, Kind};
use super::event::Event;
use super::state::{Obj, ObjKind, State};
use crate::engine::log::Log;
use crate::engine::{IllegalAction, Player};
use std::ops::ControlFlow;

/// A kind of magic stone a player can rest now.
#[derive(Debug, Clone, Copy)]
pub struct StoneKind {
    pub stone: Named,
    pub attrs: u32,
    pub recovered: u8,
}

/// The player's recovered magic stones, by kind in definition order.
pub fn stone_kinds(state: &State, who: Player) -> Vec<StoneKind> {
    let mut kinds = Vec::new();
    stone_kinds_into(state, who, &mut kinds);
    kinds
}

/// How many magic stones the player can rest now: what listing weighs every cost against
/// before it needs the stones' kinds.
pub fn recovered_stones(state: &State, who: Player) -> u32 {
    state.seat(who).recovered.iter().map(|&n| u32::from(n)).sum()
}

/// [`stone_kinds`] into a list the caller keeps, so that listing actions allocates nothing.
pub fn stone_kinds_into(state: &State, who: Player, kinds: &mut Vec<StoneKind>) {
    kinds.clear();
    let defs = state.table.stone_kinds(who);
    for (&def, &n) in defs.iter().zip(&state.seat(who).recovered) {
        if n == 0 {
            continue;
        }
        let info = &state.table.defs[usize::from(def)];
        kinds.push(StoneKind {
            stone: Named {
                def,
                name: info.name,
            },
            attrs: info.attrs,
            recovered: u8::try_from(n).unwrap_or(u8::MAX),
        });
    }
}

/// The attribute icons a chosen set of stones cannot cover (Hall's condition on the icons'
/// attributes): `None` when every icon can get a stone of its attribute.
/// `chosen` lists the stones as (attributes, how many).
fn shortfall<I: Iterator<Item = (u32, u32)>>(cost: &Cost, chosen: impl Fn() -> I) -> Option<u32> {
    let k = cost.icons().len();
    if k > 16 {
        // Too many distinct attributes for the subset check: match icon by icon instead.
        let mut stones = Vec::new();
        for (attrs, count) in chosen() {
            stones.extend(std::iter::repeat_n((0, attrs), count as usize));
        }
        let unpaid = assign_icons(cost, &stones)
            .into_iter()
            .zip(expand(cost))
            .filter(|(s, _)| s.is_none())
            .fold(0u32, |bits, (_, a)| bits | 1 << a);
        return (unpaid != 0).then_some(unpaid);
    }
    for subset in 1u32..(1 << k) {
        let mut need = 0u32;
        let mut bits = 0u32;
        for (i, &(a, n)) in cost.icons().iter().enumerate() {
            if subset & (1 << i) != 0 {
                need += u32::from(n);
                bits |= 1 << a;
            }
        }
        let have: u32 = chosen()
            .filter(|&(attrs, _)| attrs & bits != 0)
            .map(|(_, count)| count)
            .sum();
        if have < need {
            return Some(bits);
        }
    }
    None
}

fn covers(cost: &Cost, kinds: &[StoneKind], counts: &[u8]) -> bool {
    shortfall(cost, || {
        kinds
            .iter()
            .zip(counts)
            .map(|(k, &c)| (k.attrs, u32::from(c)))
    })
    .is_none()
}

/// Every payment of `cost` from the player's recovered stones, up to the order of identical
/// stones.
pub fn for_each_payment(kinds: &[StoneKind], cost: &Cost, mut f: impl FnMut(Payment)) {
    walk_payments(kinds, cost, &mut |counts| {
        f(payment_of(kinds, counts));
        ControlFlow::Continue(())
    });
}

/// How many payments [`for_each_payment`] lists, without building them: what the random
/// player weighs a card by.
pub fn count_payments(kinds: &[StoneKind], cost: &Cost) -> usize {
    if let Some(n) = count_single(kinds, cost) {
        return n;
    }
    let mut n = 0;
    walk_payments(kinds, cost, &mut |_| {
        n += 1;
        ControlFlow::Continue(())
    });
    n
}

/// [`count_payments`] remembered by what it depends on: each kind's attributes and recovered
/// stones, and the cost's icons and total (not which stones they are). A random game weighs
/// the same few costs against the same few stone counts at most of its decisions, so nearly
/// every count after the first games is found here rather than worked out again.
pub struct PaymentCounts {
    slots: Vec<CountSlot>,
    /// The payments drawn, by the same keys and the payment's index: the stones rested per
    /// kind, found by the walk the first time.
    drawn: Vec<DrawnSlot>,
}

/// Direct-mapped: a count whose slot another took is worked out again, which costs what
/// counting did before it was remembered. Over the decks of benches/engine.rs this many
/// slots miss a count only the first time it is asked, where a sixteenth of them missed
/// often.
const COUNT_SLOTS: usize = 1 << SLOT_BITS;
const SLOT_BITS: u32 = 12;

/// The slot of a key: its top bits after a Fibonacci multiply.
fn slot_of(key: u64) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOT_BITS)) as usize
}

#[derive(Debug, Clone, Copy, Default)]
struct CountSlot {
    stones: u64,
    /// A [`Cost::key`], never 0 once filled, so that an empty slot matches no key.
    cost: u64,
    n: u32,
}

#[derive(Debug, Clone, Copy, Default)]
struct DrawnSlot {
    stones: u64,
    cost: u64,
    index: u32,
    /// Stones rested of each kind (at most four kinds pack into a key).
    counts: [u8; 4],
}

impl Default for PaymentCounts {
    fn default() -> PaymentCounts {
        PaymentCounts {
            slots: vec![CountSlot::default(); COUNT_SLOTS],
            drawn: vec![DrawnSlot::default(); COUNT_SLOTS],
        }
    }
}

impl PaymentCounts {
    /// The counts against these stones (a decision's): their key is packed once.
    pub fn against<'a>(&'a mut self, kinds: &'a [StoneKind]) -> Against<'a> {
        Against {
            key: stones_key(kinds),
            kinds,
            memo: self,
        }
    }
}

/// [`PaymentCounts`] for one set of stones.
pub struct Against<'a> {
    memo: &'a mut PaymentCounts,
    kinds: &'a [StoneKind],
    key: Option<u64>,
}

impl Against<'_> {
    /// [`count_payments`], from memory when the same stones and cost were counted before.
    pub fn count(&mut self, cost: &Cost) -> usize {
        let (Some(stones), cost_key @ 1..) = (self.key, cost.key()) else {
            return count_payments(self.kinds, cost);
        };
        let slot = &mut self.memo.slots[slot_of(stones ^ cost_key.rotate_left(29))];
        if slot.stones == stones && slot.cost == cost_key {
            return slot.n as usize;
        }
        let n = count_payments(self.kinds, cost);
        if let Ok(small) = u32::try_from(n) {
            *slot = CountSlot {
                stones,
                cost: cost_key,
                n: small,
            };
        }
        n
    }

    /// [`nth_payment`], from memory when the same payment of the same stones and cost was
    /// drawn before.
    pub fn nth(&mut self, cost: &Cost, index: usize) -> Option<Payment> {
        let (Some(stones), cost_key @ 1.., Ok(index)) =
            (self.key, cost.key(), u32::try_from(index))
        else {
            return nth_payment(self.kinds, cost, index);
        };
        let at = slot_of(stones ^ cost_key.rotate_left(29) ^ u64::from(index).rotate_left(47));
        let slot = &mut self.memo.drawn[at];
        if slot.stones != stones || slot.cost != cost_key || slot.index != index {
            let counts = at_index(self.kinds, cost, index as usize, |counts| {
                let mut packed = [0; 4];
                for (p, &c) in packed.iter_mut().zip(counts) {
                    *p = c;
                }
                packed
            })?;
            *slot = DrawnSlot {
                stones,
                cost: cost_key,
                index,
                counts,
            };
        }
        Some(payment_of(self.kinds, &slot.counts))
    }
}

/// What a payment count depends on in the stones, packed into a word: up to four kinds of
/// attributes below 8 bits, each its attributes and recovered stones; `None` past that. Every
/// kind has a stone recovered ([`stone_kinds_into`] leaves the others out), so each packs to
/// a part that is not zero and the key also says how many kinds there are: a remembered
/// payment's counts are by kind position.
fn stones_key(kinds: &[StoneKind]) -> Option<u64> {
    if kinds.len() > 4 {
        return None;
    }
    let mut stones = 0u64;
    for k in kinds {
        debug_assert!(k.recovered > 0, "a kind without a recovered stone: {k:?}");
        let attrs = u8::try_from(k.attrs).ok()?;
        stones = stones << 16 | u64::from(attrs) << 8 | u64::from(k.recovered);
    }
    Some(stones)
}

/// [`count_payments`] in closed form when no stone kind gives more than one of the attributes
/// the cost's icons ask for (`None` otherwise, or for a cost of 16 will or more): a Twilight
/// Stone's light is no use to a cost without light icons. Then Hall's condition splits by
/// attribute: a payment covers the icons when, for each icon attribute, the stones rested that
/// give it number at least its icons. The payments are the ways to rest `total` stones with
/// that floor per attribute: the coefficient of `x^total` in the product, over the kinds, of
/// `1 + x + … + x^recovered`, each icon attribute's part cut below its icons.
fn count_single(kinds: &[StoneKind], cost: &Cost) -> Option<usize> {
    // Below 16 will and 16 kinds no count reaches `C(30, 15)`, so `u32` never overflows.
    const MAX: usize = 16;
    // Costs with more icon attributes than this are left to the walk (a cost of three colours
    // is rare; more parts would be cleared at every count).
    const ICONS: usize = 2;
    let total = cost.total() as usize;
    let icons = cost.icons();
    if total >= MAX || kinds.len() > MAX || icons.len() > ICONS {
        return None;
    }
    let bit = |a: u8| 1u32.checked_shl(a.into()).unwrap_or(0);
    let asked = icons.iter().fold(0u32, |bits, &(a, _)| bits | bit(a));
    /// Multiplies `poly` by `1 + x + … + x^most` in place: prefix sums, then each sum less
    /// the one `most + 1` below it.
    fn times(poly: &mut [u32], most: u8) {
        for d in 1..poly.len() {
            poly[d] += poly[d - 1];
        }
        let width = usize::from(most) + 1;
        for d in (width..poly.len()).rev() {
            poly[d] -= poly[d - width];
        }
    }
    // In one walk of the kinds: `parts[0]` for the kinds that give no asked attribute,
    // `parts[1 + i]` for those that give icon `i`'s.
    let mut parts = [[0u32; MAX]; ICONS + 1];
    for part in &mut parts[..=icons.len()] {
        part[0] = 1;
    }
    for k in kinds {
        let gives = k.attrs & asked;
        let slot = if gives == 0 {
            0
        } else if gives & (gives - 1) != 0 {
            // Two of the attributes asked: Hall's condition does not split.
            return None;
        } else {
            1 + icons.iter().position(|&(a, _)| bit(a) == gives)?
        };
        times(&mut parts[slot][..=total], k.recovered);
    }
    let [poly, rest @ ..] = &mut parts;
    let poly = &mut poly[..=total];
    let Some((last, before)) = icons.split_last() else {
        return usize::try_from(poly[total]).ok();
    };
    for (&(_, n), part) in before.iter().zip(rest.iter()) {
        // The product with `part` cut below `n`, highest degree first so that each degree
        // reads `poly`'s lower degrees before they change.
        for d in (0..=total).rev() {
            poly[d] = (usize::from(n)..=d).map(|s| part[s] * poly[d - s]).sum();
        }
    }
    // Of the last product only the degree `total` is wanted.
    let part = rest.get(before.len())?;
    let n = usize::from(last.1);
    usize::try_from((n..=total).map(|s| part[s] * poly[total - s]).sum::<u32>()).ok()
}

/// The payment [`for_each_payment`] lists at `index`, building only that one.
pub fn nth_payment(kinds: &[StoneKind], cost: &Cost, index: usize) -> Option<Payment> {
    at_index(kinds, cost, index, |counts| payment_of(kinds, counts))
}

/// `read` of the stones rested per kind of the payment at `index`, walking only up to it.
fn at_index<R>(
    kinds: &[StoneKind],
    cost: &Cost,
    index: usize,
    read: impl FnOnce(&[u8]) -> R,
) -> Option<R> {
    let (mut left, mut read, mut found) = (index, Some(read), None);
    walk_payments(kinds, cost, &mut |counts| {
        if left == 0 {
            found = read.take().map(|read| read(counts));
            return ControlFlow::Break(());
        }
        left -= 1;
        ControlFlow::Continue(())
    });
    found
}

fn payment_of(kinds: &[StoneKind], counts: &[u8]) -> Payment {
    let mut pay = Payment::default();
    for (k, &c) in kinds.iter().zip(counts) {
        if c > 0 {
            pay.push((k.stone, c));
        }
    }
    pay
}

/// Calls `leaf` with the stones rested per kind of every payment of `cost`, as many of the
/// lowest kinds as possible first, until it breaks.
fn walk_payments(
    kinds: &[StoneKind],
    cost: &Cost,
    leaf: &mut impl FnMut(&[u8]) -> ControlFlow<()>,
) {
    let total = cost.total();
    let available: u32 = kinds.iter().map(|k| u32::from(k.recovered)).sum();
    if available < total {
        return;
    }
    // Counts per kind; on the stack for any realistic number of stone kinds.
    let mut small = [0u8; 16];
    let mut big = Vec::new();
    let counts: &mut [u8] = if kinds.len() <= small.len() {
        &mut small[..kinds.len()]
    } else {
        big.resize(kinds.len(), 0);
        &mut big
    };
    // Generic over the leaf, so that counting is not a call through a pointer per payment.
    fn walk<F: FnMut(&[u8]) -> ControlFlow<()>>(
        i: usize,
        left: u32,
        rest: u32,
        kinds: &[StoneKind],
        cost: &Cost,
        counts: &mut [u8],
        leaf: &mut F,
    ) -> ControlFlow<()> {
        let Some(kind) = kinds.get(i) else {
            if left == 0 && covers(cost, kinds, counts) {
                return leaf(counts);
            }
            return ControlFlow::Continue(());
        };
        // `rest`: the stones of this kind and every later one.
        let rest = rest - u32::from(kind.recovered);
        let most = u32::from(kind.recovered).min(left);
        let least = left.saturating_sub(rest);
        for c in (least..=most).rev() {
            counts[i] = c as u8;
            walk(i + 1, left - c, rest, kinds, cost, counts, leaf)?;
        }
        counts[i] = 0;
        ControlFlow::Continue(())
    }
    // A break only stops the walk early; there is nothing to pass on.
    let _ = walk(0, total, available, kinds, cost, counts, leaf);
}

/// The payment decksmith picks when a script does not say: the first one found, which takes
/// as many stones as possible of the lowest kinds.
pub fn first_payment(state: &State, who: Player, cost: &Cost) -> Option<Payment> {
    let mut found = None;
    for_each_payment(&stone_kinds(state, who), cost, |p| {
        if found.is_none() {
            found = Some(p);
        }
    });
    found
}

/// Checks that `pay` pays `cost` exactly with stones `who` can rest now.
pub fn check(
    state: &State,
    who: Player,
    cost: &Cost,
    pay: &Payment,
    what: &str,
) -> Result<(), IllegalAction> {
    let attrs = &state.table.attrs;
    let total = cost.total();
    for (i, (stone, n)) in pay.parts().enumerate() {
        if pay.parts().take(i).any(|(s, _)| s.def == stone.def) {
            return Err(IllegalAction(format!(
                "the payment names {} twice",
                stone.name
            )));
        }
        let is_stone = state
            .table
            .defs
            .get(usize::from(stone.def))
            .is_some_and(|d| d.kind == Kind::Stone);
        if !is_stone {
            return Err(IllegalAction(format!(
                "{} is not a magic stone; only magic stones produce will",
                stone.name
            )));
        }
        let have = state
            .table
            .stone_kinds(who)
            .binary_search(&stone.def)
            .ok()
            .and_then(|k| state.seat(who).recovered.get(k))
            .copied()
            .unwrap_or(0);
        if have < u16::from(n) {
            return Err(IllegalAction(format!(
                "{who} has {} recovered {} in the field, and the payment rests {n}",
                have, stone.name
            )));
        }
    }
    for (stone, picks) in pay.picks() {
        for k in picks {
            match nth_stone(state, who, stone, k) {
                None => {
                    return Err(IllegalAction(format!(
                        "there is no {} #{k} in {who}'s field",
                        stone.name
                    )))
                }
                Some(o) if o.rested => {
                    return Err(IllegalAction(format!("{} #{k} is rested", stone.name)))
                }
                Some(_) => {}
            }
        }
    }
    if pay.is_empty() && total > 0 {
        // No payment named, and decksmith found none to pick: say what is missing.
        let kinds = stone_kinds(state, who);
        let have: u32 = kinds.iter().map(|k| u32::from(k.recovered)).sum();
        if have < total {
            return Err(IllegalAction(format!(
                "{what} costs {} ({total} will), and {who} has {have} recovered magic stone{}",
                cost.describe(attrs),
                if have == 1 { "" } else { "s" }
            )));
        }
        let lacking = shortfall(cost, || {
            kinds.iter().map(|k| (k.attrs, u32::from(k.recovered)))
        })
        .unwrap_or(0);
        let names: Vec<&str> = state.table.attr_names(lacking).collect();
        return Err(IllegalAction(format!(
            "{what} costs {}, and {who}'s recovered magic stones give too little {} will",
            cost.describe(attrs),
            names.join(" or ")
        )));
    }
    if pay.total() != total {
        return Err(IllegalAction(format!(
            "{what} costs {} ({total} will); the payment rests {} magic stone{} (pay exactly the cost: FW-A05)",
            cost.describe(attrs),
            pay.total(),
            if pay.total() == 1 { "" } else { "s" }
        )));
    }
    let lacking = shortfall(cost, || {
        pay.parts().filter_map(|(stone, n)| {
            let d = state.table.defs.get(usize::from(stone.def))?;
            Some((d.attrs, u32::from(n)))
        })
    });
    if let Some(bits) = lacking {
        let names: Vec<&str> = state.table.attr_names(bits).collect();
        return Err(IllegalAction(format!(
            "{what} costs {}; {pay} gives too little {} will",
            cost.describe(attrs),
            names.join(" or ")
        )));
    }
    Ok(())
}

/// The k-th stone named `stone` in the player's field (1-based, as scripts number them).
fn nth_stone(state: &State, who: Player, stone: Named, k: u8) -> Option<&Obj> {
    state
        .seat(who)
        .field
        .iter()
        .filter(|o| o.kind == ObjKind::Stone && state.table.def_of(o.inst) == stone.def)
        .nth(usize::from(k).checked_sub(1)?)
}

/// Rests the stones of a checked payment and reports which will each produced.
pub fn pay(
    state: &mut State,
    who: Player,
    cost: &Cost,
    pay: &Payment,
    events: &mut impl Log<Event>,
) {
    // Which stones were rested is needed only for the events: without them, none is listed.
    let mut rested: Vec<(Inst, u32)> = if events.records() {
        Vec::with_capacity(pay.total() as usize)
    } else {
        Vec::new()
    };
    let mut count = 0u32;
    let mut note = |o: &Obj, t: &super::cards::Table| {
        count += 1;
        if events.records() {
            rested.push((o.inst, t.info(o.inst).attrs));
        }
    };
    let t = &state.table;
    let seat = &mut state.seats[who.index()];
    let (field, recovered) = (&mut seat.field, &mut seat.recovered);
    for ((stone, n), (_, picks)) in pay.parts().zip(pay.picks()) {
        let mut left = n;
        // The stones the script named (checked recovered), then the first recovered ones.
        for k in picks {
            let at = field
                .iter()
                .enumerate()
                .filter(|(_, o)| o.kind == ObjKind::Stone && t.def_of(o.inst) == stone.def)
                .nth(usize::from(k) - 1)
                .map(|(i, _)| i);
            if let Some(o) = at.and_then(|i| field.get_mut(i)) {
                if !o.rested && left > 0 {
                    o.rested = true;
                    left -= 1;
                    note(o, t);
                }
            }
        }
        for o in field.iter_mut() {
            if left == 0 {
                break;
            }
            if o.kind == ObjKind::Stone && !o.rested && t.def_of(o.inst) == stone.def {
                o.rested = true;
                left -= 1;
                note(o, t);
            }
        }
        let kind = t.stone_kinds(who).binary_search(&stone.def).ok();
        if let Some(k) = kind.and_then(|k| recovered.get_mut(k)) {
            *k -= u16::from(n - left);
        }
    }
    let seat = state.seat_mut(who);
    seat.will_paid += count;
    if !events.records() {
        return;
    }
    // A stone of one attribute gives that will (or none: colourless); which attribute each
    // stone gives needs the matching only when some stone could give more than one.
    let matched = if rested.iter().any(|&(_, attrs)| attrs.count_ones() > 1) {
        assign(cost, &rested)
    } else {
        Vec::new()
    };
    for (i, &(inst, attrs)) in rested.iter().enumerate() {
        let will = matched
            .get(i)
            .copied()
            .unwrap_or_else(|| (attrs != 0).then(|| attrs.trailing_zeros() as usize));
        events.push(Event::Will {
            player: who,
            stone: state.info(inst).name,
            will: will.map_or("colourless", |a| {
                state.table.attrs.get(a).copied().unwrap_or("colourless")
            }),
        });
    }
}

fn expand(cost: &Cost) -> Vec<u8> {
    cost.icons()
        .iter()
        .flat_map(|&(a, n)| std::iter::repeat_n(a, usize::from(n)))
        .collect()
}

/// For each icon, the stone paying it (a bipartite matching by augmenting paths).
fn assign_icons(cost: &Cost, stones: &[(Inst, u32)]) -> Vec<Option<usize>> {
    let icons = expand(cost);
    let mut stone_of: Vec<Option<usize>> = vec![None; icons.len()];
    let mut icon_of: Vec<Option<usize>> = vec![None; stones.len()];
    fn augment(
        icon: usize,
        icons: &[u8],
        stones: &[(Inst, u32)],
        seen: &mut [bool],
        stone_of: &mut [Option<usize>],
        icon_of: &mut [Option<usize>],
    ) -> bool {
        for s in 0..stones.len() {
            if seen[s] || stones[s].1 & (1 << icons[icon]) == 0 {
                continue;
            }
            seen[s] = true;
            let free = match icon_of[s] {
                None => true,
                Some(other) => augment(other, icons, stones, seen, stone_of, icon_of),
            };
            if free {
                icon_of[s] = Some(icon);
                stone_of[icon] = Some(s);
                return true;
            }
        }
        false
    }
    for icon in 0..icons.len() {
        let mut seen = vec![false; stones.len()];
        augment(icon, &icons, stones, &mut seen, &mut stone_of, &mut icon_of);
    }
    stone_of
}

/// Which attribute each rested stone gives: the icons' attributes where the matching puts
/// them; the other stones pay the free part with their first attribute.
fn assign(cost: &Cost, stones: &[(Inst, u32)]) -> Vec<Option<usize>> {
    let icons = expand(cost);
    let mut will: Vec<Option<usize>> = stones
        .iter()
        .map(|&(_, attrs)| (attrs != 0).then(|| attrs.trailing_zeros() as usize))
        .collect();
    for (icon, stone) in assign_icons(cost, stones).into_iter().enumerate() {
        if let Some(s) = stone {
            will[s] = Some(usize::from(icons[icon]));
        }
    }
    will
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::Rng;

    /// Fewer than `below` random stone kinds over `attrs` attributes: each gives one attribute,
    /// none, or the last two (a dual stone), with `least` to `least + 3` of them recovered.
    fn random_kinds(rng: &mut Rng, attrs: usize, below: usize, least: u8) -> Vec<StoneKind> {
        (0..rng.below(below))
            .map(|i| StoneKind {
                stone: Named {
                    def: i as u16,
                    name: "stone",
                },
                attrs: match rng.below(attrs + 2) {
                    a if a < attrs => 1 << a,
                    a if a == attrs => 0,
                    _ => 0b11 << (attrs - 2),
                },
                recovered: least + rng.below(4) as u8,
            })
            .collect()
    }

    /// The closed form counts what the walk lists, for random stones of one attribute each, none,
    /// or two (water or light) and random costs: an off-by-one in a floor or a window would miscount many.
    #[test]
    fn closed_form_counts_what_the_walk_lists() {
        let attrs: Vec<String> = ["fire", "water", "light"].map(String::from).to_vec();
        let mut rng = Rng::new(13);
        let mut paying = 0;
        for round in 0..3000 {
            let kinds = random_kinds(&mut rng, 3, 5, 0);
            let icons: Vec<&str> = (0..rng.below(4))
                .map(|_| attrs[rng.below(3)].as_str())
                .collect();
            let cost = Cost::read(&attrs, &icons, rng.below(4) as i64).expect("a cost");
            let mut walked = 0;
            walk_payments(&kinds, &cost, &mut |_| {
                walked += 1;
                ControlFlow::Continue(())
            });
            if let Some(counted) = count_single(&kinds, &cost) {
                assert_eq!(counted, walked, "round {round}: {kinds:?}, {cost:?}");
                paying += usize::from(walked > 1);
            }
        }
        // The rounds must reach costs with several payments, not only the trivial ones.
        assert!(paying > 300, "{paying}");
    }

    /// The remembered counts and payments are the counts and payments: over random stones and
    /// costs asked twice each (the second time from memory, unless another key took the slot),
    /// including kinds and costs too big for a key.
    #[test]
    fn remembered_counts_are_the_counts() {
        let attrs: Vec<String> = ["fire", "water", "light", "darkness"]
            .map(String::from)
            .to_vec();
        let mut rng = Rng::new(29);
        let mut memo = PaymentCounts::default();
        let mut asked = Vec::new();
        for _ in 0..2000 {
            let kinds = random_kinds(&mut rng, 4, 7, 1);
            let icons: Vec<&str> = (0..rng.below(5))
                .map(|_| attrs[rng.below(4)].as_str())
                .collect();
            let cost = Cost::read(&attrs, &icons, rng.below(4) as i64).expect("a cost");
            asked.push((kinds, cost));
        }
        for round in 0..2 {
            for (kinds, cost) in &asked {
                let n = count_payments(kinds, cost);
                let mut against = memo.against(kinds);
                assert_eq!(against.count(cost), n, "round {round}: {kinds:?}, {cost:?}");
                // One past the last payment too: there is none.
                for i in 0..=n {
                    assert_eq!(
                        against.nth(cost, i),
                        nth_payment(kinds, cost, i),
                        "round {round}, payment {i}: {kinds:?}, {cost:?}"
                    );
                }
            }
        }
    }

    /// A Twilight Stone (light or darkness) counts as a darkness stone against a cost with no
    /// light icon, and is left to the walk against one with both.
    #[test]
    fn closed_form_takes_dual_stones_by_the_attributes_asked() {
        let attrs: Vec<String> = ["light", "darkness"].map(String::from).to_vec();
        let stone = |def: u16, attrs: u32, recovered: u8| StoneKind {
            stone: Named { def, name: "stone" },
            attrs,
            recovered,
        };
        // Two Twilight Stones and one light stone.
        let kinds = [stone(0, 0b11, 2), stone(1, 0b01, 1)];
        let dark = Cost::read(&attrs, &["darkness"], 1).expect("a cost");
        // Twilight + Twilight, Twilight + light.
        assert_eq!(count_single(&kinds, &dark), Some(2));
        let both = Cost::read(&attrs, &["darkness", "light"], 0).expect("a cost");
        assert_eq!(count_single(&kinds, &both), None);
        // Twilight + Twilight (one gives light), Twilight + light.
        assert_eq!(count_payments(&kinds, &both), 2);
    }
}
