//! The card facts the Force of Will engine reads, copied once per game out of the card database
//! into a compact table shared (behind an `Arc`) by every clone of the state.
//!
//! Card names are interned (`engine::intern`): actions and events must print themselves
//! without the state at hand, and keeping them `Copy`-cheap matters on the self-play hot path.

use crate::card_db::{Card, Effect, Game, Target};
use crate::engine::intern;
use crate::engine::Player;
use std::sync::Arc;

/// Index of a card definition in [`Table::defs`].
pub type Def = u16;
/// One physical card in a game: index into [`Table::insts`].
pub type Inst = u16;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Ruler,
    Resonator,
    Chant,
    Addition,
    Stone,
}

/// Keyword bits.
pub const QUICKCAST: u8 = 1;
pub const SWIFTNESS: u8 = 2;
pub const FLYING: u8 = 4;
pub const FIRST_STRIKE: u8 = 8;

fn keyword_bits<'a>(words: impl IntoIterator<Item = &'a str>) -> Result<u8, String> {
    let mut bits = 0;
    for word in words {
        bits |= match word {
            "quickcast" => QUICKCAST,
            "swiftness" => SWIFTNESS,
            "flying" => FLYING,
            "first-strike" => FIRST_STRIKE,
            other => return Err(format!("the Force of Will engine has no keyword `{other}`")),
        };
    }
    Ok(bits)
}

/// A will cost: attribute icons (attribute index, how many) plus a free part.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Cost {
    icons: Vec<(u8, u8)>,
    free: u8,
    /// Icons and free part together, kept because listing actions asks it of every card in
    /// hand at every decision.
    total: u32,
    /// The icons and total packed into one word, by which the random player remembers how
    /// many ways the cost can be paid (`will::PaymentCounts`); 0 for a cost too big to pack.
    key: u64,
}

impl Cost {
    pub fn total(&self) -> u32 {
        self.total
    }

    /// [`Cost::key`]: never 0 for a cost that packs (its top bit is set).
    pub fn key(&self) -> u64 {
        self.key
    }

    /// (attribute index, how many), by attribute.
    pub fn icons(&self) -> &[(u8, u8)] {
        &self.icons
    }

    pub(super) fn read(attrs: &[String], icons: &[&str], free: i64) -> Result<Cost, String> {
        let mut cost = Cost {
            icons: Vec::new(),
            free: u8::try_from(free.max(0)).map_err(|_| format!("free cost {free} is too big"))?,
            total: 0,
            key: 0,
        };
        for icon in icons {
            let a = attrs
                .iter()
                .position(|x| x == icon)
                .ok_or_else(|| format!("unknown attribute `{icon}`"))?;
            let a = a as u8;
            match cost.icons.iter_mut().find(|(x, _)| *x == a) {
                Some((_, n)) => *n = n.saturating_add(1),
                None => cost.icons.push((a, 1)),
            }
        }
        cost.icons.sort_unstable();
        cost.total =
            cost.icons.iter().map(|&(_, n)| u32::from(n)).sum::<u32>() + u32::from(cost.free);
        cost.key = cost.pack().unwrap_or(0);
        Ok(cost)
    }

    /// Up to three icons of 16 bits each, then the total, under a set top bit.
    fn pack(&self) -> Option<u64> {
        if self.icons.len() > 3 {
            return None;
        }
        let mut key = 1 << 63 | u64::from(u8::try_from(self.total).ok()?) << 48;
        for (i, &(a, n)) in self.icons.iter().enumerate() {
            key |= (u64::from(a) << 8 | u64::from(n)) << (16 * i);
        }
        Some(key)
    }

    /// `[fire][fire][2]`, the way cards print it.
    pub fn describe(&self, attrs: &[&'static str]) -> String {
        let mut s = String::new();
        for &(a, n) in &self.icons {
            for _ in 0..n {
                s.push('[');
                s.push_str(attrs.get(usize::from(a)).copied().unwrap_or("?"));
                s.push(']');
            }
        }
        if self.free > 0 || s.is_empty() {
            s.push_str(&format!("[{}]", self.free));
        }
        s
    }
}

/// Whose resonators a chosen target may be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Filter {
    Own,
    Enemy,
    Any,
    /// Two effects of one card disagree (one wants your resonator, one the opponent's).
    Nothing,
}

impl Filter {
    fn and(self, other: Filter) -> Filter {
        match (self, other) {
            (Filter::Any, x) | (x, Filter::Any) => x,
            (a, b) if a == b => a,
            _ => Filter::Nothing,
        }
    }
}

/// What an effect is aimed at, once the card's context is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum To {
    /// The controller.
    Own,
    /// The controller's opponent.
    Enemy,
    /// The card the effect belongs to.
    This,
    /// The resonator chosen when the card was played or the ability activated.
    Chosen,
}

/// One effect the engine runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fx {
    Damage {
        to: To,
        amount: i32,
    },
    Heal {
        to: To,
        amount: i32,
    },
    Draw {
        amount: u32,
    },
    Boost {
        to: To,
        atk: i32,
        def: i32,
        permanent: bool,
    },
    Destroy {
        to: To,
    },
}

/// Which J/resonators a continuous boost applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Group {
    /// The controller's resonators.
    Own,
    /// The opponent's resonators.
    Enemy,
    /// Every resonator.
    Any,
    /// The card itself (a J/ruler too).
    This,
}

/// A continuous `[+ATK/+DEF]` that lasts while its card is in the field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Static {
    pub group: Group,
    pub atk: i32,
    pub def: i32,
}

/// A card's effects sorted by when they happen.
#[derive(Debug, Clone, Default)]
pub struct Effects {
    /// When a chant or ability resolves, or when a card enters the field.
    pub now: Vec<Fx>,
    /// While the card is in the field.
    pub statics: Vec<Static>,
    /// Whose resonator the card's chosen target must be, when one of its effects needs one.
    pub target: Option<Filter>,
}

/// An activate ability, `[cost]: [effect]`.
#[derive(Debug, Clone)]
pub struct AbilityInfo {
    pub rest: bool,
    pub cost: Cost,
    pub effects: Effects,
}

/// A ruler's Judgment and the J/ruler it becomes.
#[derive(Debug, Clone)]
pub struct JudgmentInfo {
    pub cost: Cost,
    pub name: &'static str,
    pub atk: i32,
    pub def: i32,
    pub keywords: u8,
    pub effects: Effects,
}

#[derive(Debug, Clone)]
pub struct CardInfo {
    pub name: &'static str,
    pub kind: Kind,
    pub cost: Cost,
    pub atk: i32,
    pub def: i32,
    /// Attribute bits (index into [`Table::attrs`]); for a magic stone, the will it can produce.
    pub attrs: u32,
    pub keywords: u8,
    pub effects: Effects,
    pub at_turn_start: Vec<Fx>,
    pub abilities: Vec<AbilityInfo>,
    pub judgment: Option<JudgmentInfo>,
    pub revolution_order: bool,
}

/// What the engine knows of every card of a game, built once per loaded game and shared by
/// all its matches (`Game::engine_data`). A card the engine cannot read is kept as a
/// placeholder with its reason in `broken`; only a deck that uses it is refused.
#[derive(Debug)]
pub struct Defs {
    /// Indexed like the database's cards.
    pub defs: Vec<CardInfo>,
    pub broken: Vec<Option<String>>,
    pub attrs: Vec<&'static str>,
}

impl Defs {
    pub fn build(game: &Game) -> Result<Defs, String> {
        if game.cards.len() > usize::from(Def::MAX) {
            return Err(format!(
                "the Force of Will engine plays with at most {} different cards",
                Def::MAX
            ));
        }
        let attrs = attr_names(game)?;
        let mut defs = Vec::with_capacity(game.cards.len());
        let mut broken = Vec::with_capacity(game.cards.len());
        for card in &game.cards {
            match read_card(game, card) {
                Ok(info) => {
                    defs.push(info);
                    broken.push(None);
                }
                Err(e) => {
                    defs.push(CardInfo {
                        name: intern(card.name()),
                        kind: Kind::Chant,
                        cost: Cost::default(),
                        atk: 0,
                        def: 0,
                        attrs: 0,
                        keywords: 0,
                        effects: Effects::default(),
                        at_turn_start: Vec::new(),
                        abilities: Vec::new(),
                        judgment: None,
                        revolution_order: false,
                    });
                    broken.push(Some(format!("`{}`: {e}", card.name())));
                }
            }
        }
        Ok(Defs {
            defs,
            broken,
            attrs,
        })
    }

    /// The definition of database card `index`, or why a deck cannot use it.
    pub fn usable(&self, index: u32) -> Result<Def, String> {
        let i = usize::try_from(index).unwrap_or(usize::MAX);
        match self.broken.get(i) {
            None => Err(format!("card index {index} is not in the database")),
            Some(Some(why)) => Err(why.clone()),
            Some(None) => Def::try_from(i).map_err(|_| "card index out of range".to_owned()),
        }
    }
}

/// The cards of one game in play: the game's definitions and which one each physical card is.
#[derive(Debug)]
pub struct Table {
    pub game: Arc<Defs>,
    pub insts: Vec<Def>,
    /// Instances `0..first_p2` belong to p1, the rest to p2.
    pub first_p2: Inst,
    /// By instance, what listing actions asks of every card in hand and in the field at every
    /// decision, and what the stats ask of every object in the field; most cards it rules
    /// out, and one small array answers without reaching each card's facts.
    quick: Vec<Quick>,
    /// By player: some card of theirs has Quickcast or an activate ability. Without one, a
    /// player outside their main window can only pass, which most decisions are.
    chasers: [bool; 2],
    /// By player: some card of theirs has an activate ability. Without one, listing need not
    /// walk their field for sources.
    activators: [bool; 2],
    /// By player: some card of theirs does something at the beginning of its controller's
    /// turn. Without one, the start of their turn need not walk their field.
    starters: [bool; 2],
    /// By player: the different magic stones among their cards, in definition order. Each
    /// seat counts its recovered stones by this list's positions (`Seat::recovered`).
    stone_kinds: [Vec<Def>; 2],
}

/// An instance's facts that listing and the stats ask most often.
#[derive(Debug, Clone, Copy)]
struct Quick {
    /// The will its play costs.
    play: u32,
    /// The least will any of its activate abilities costs (`u32::MAX` without abilities).
    ability: u32,
    /// It has Quickcast.
    quickcast: bool,
    /// Either side of it has continuous boosts.
    statics: bool,
    /// For a magic stone, its position in its owner's [`Table::stone_kinds`].
    stone_kind: u16,
}

impl std::ops::Deref for Table {
    type Target = Defs;

    fn deref(&self) -> &Defs {
        &self.game
    }
}

impl Table {
    pub fn new(game: Arc<Defs>, insts: Vec<Def>, first_p2: Inst) -> Table {
        let split = usize::from(first_p2).min(insts.len());
        let stone_kinds = [&insts[..split], &insts[split..]].map(|own| {
            let mut kinds: Vec<Def> = own
                .iter()
                .copied()
                .filter(|&d| game.defs[usize::from(d)].kind == Kind::Stone)
                .collect();
            kinds.sort_unstable();
            kinds.dedup();
            kinds
        });
        let quick = insts
            .iter()
            .enumerate()
            .map(|(i, &d)| {
                let info = &game.defs[usize::from(d)];
                let ability = info.abilities.iter().map(|a| a.cost.total()).min();
                let judgment = info.judgment.as_ref();
                let own = &stone_kinds[usize::from(i >= split)];
                Quick {
                    play: info.cost.total(),
                    ability: ability.unwrap_or(u32::MAX),
                    quickcast: info.keywords & QUICKCAST != 0,
                    statics: !info.effects.statics.is_empty()
                        || judgment.is_some_and(|j| !j.effects.statics.is_empty()),
                    stone_kind: own
                        .binary_search(&d)
                        .map_or(u16::MAX, |k| u16::try_from(k).unwrap_or(u16::MAX)),
                }
            })
            .collect::<Vec<Quick>>();
        let activates = |q: &[Quick]| q.iter().any(|q| q.ability != u32::MAX);
        let chases = |q: &[Quick]| activates(q) || q.iter().any(|q| q.quickcast);
        let (p1, p2) = quick.split_at(split);
        let starts = |own: &[Def]| {
            own.iter()
                .any(|&d| !game.defs[usize::from(d)].at_turn_start.is_empty())
        };
        let starters = [starts(&insts[..split]), starts(&insts[split..])];
        Table {
            game,
            insts,
            first_p2,
            chasers: [chases(p1), chases(p2)],
            activators: [activates(p1), activates(p2)],
            starters,
            stone_kinds,
            quick,
        }
    }

    /// The different magic stones among `p`'s cards, in definition order.
    pub fn stone_kinds(&self, p: Player) -> &[Def] {
        &self.stone_kinds[p.index()]
    }

    /// A magic stone's position in its owner's [`Table::stone_kinds`] (`None` for other cards).
    pub fn stone_kind(&self, inst: Inst) -> Option<usize> {
        let k = self.quick[usize::from(inst)].stone_kind;
        (k != u16::MAX).then_some(usize::from(k))
    }

    /// The will playing `inst` costs.
    pub fn play_total(&self, inst: Inst) -> u32 {
        self.quick[usize::from(inst)].play
    }

    /// The least will an activate ability of `inst` costs (`u32::MAX` when it has none).
    pub fn cheapest_ability(&self, inst: Inst) -> u32 {
        self.quick[usize::from(inst)].ability
    }

    /// `inst` has Quickcast.
    pub fn quickcast(&self, inst: Inst) -> bool {
        self.quick[usize::from(inst)].quickcast
    }

    /// Some card of `p`'s has Quickcast or an activate ability: `p` may act outside their main
    /// window.
    pub fn may_chase(&self, p: Player) -> bool {
        self.chasers[p.index()]
    }

    /// Some card of `p`'s has an activate ability.
    pub fn may_activate(&self, p: Player) -> bool {
        self.activators[p.index()]
    }

    /// Some card of `p`'s does something at the beginning of their turn.
    pub fn may_start_turn(&self, p: Player) -> bool {
        self.starters[p.index()]
    }

    /// `inst` has continuous boosts on either side.
    pub fn has_statics(&self, inst: Inst) -> bool {
        self.quick[usize::from(inst)].statics
    }

    pub fn info(&self, inst: Inst) -> &CardInfo {
        &self.defs[usize::from(self.insts[usize::from(inst)])]
    }

    pub fn def_of(&self, inst: Inst) -> Def {
        self.insts[usize::from(inst)]
    }

    pub fn attr_names(&self, bits: u32) -> impl Iterator<Item = &'static str> + '_ {
        self.attrs
            .iter()
            .enumerate()
            .filter(move |(i, _)| bits & (1 << i) != 0)
            .map(|(_, a)| *a)
    }
}

fn attributes(game: &Game) -> Result<&[String], String> {
    let attrs = game.def.attributes.as_slice();
    if attrs.len() > 32 {
        return Err("a game may define at most 32 attributes".into());
    }
    Ok(attrs)
}

fn attr_names(game: &Game) -> Result<Vec<&'static str>, String> {
    Ok(attributes(game)?.iter().map(|a| intern(a)).collect())
}

fn read_card(game: &Game, card: &Card) -> Result<CardInfo, String> {
    let attrs = attributes(game)?;
    let kind = match card.kind() {
        "ruler" => Kind::Ruler,
        "resonator" => Kind::Resonator,
        "chant" => Kind::Chant,
        // The rulebook has no regalia: one is played and stays as an addition does
        // (docs/rulings.md, CP-05).
        "addition" | "regalia" => Kind::Addition,
        "magic-stone" => Kind::Stone,
        other => {
            return Err(format!(
                "the Force of Will engine has no card type `{other}`"
            ))
        }
    };
    let icons: Vec<&str> = card
        .attribute_cost
        .iter()
        .map(|a| a.get_ref().as_str())
        .collect();
    let free = card.stat("free-cost").unwrap_or(0);
    let cost = Cost::read(attrs, &icons, free)?;
    let mut attr_bits = 0u32;
    for a in &card.attribute {
        let i = attrs
            .iter()
            .position(|x| x == a.get_ref())
            .ok_or_else(|| format!("unknown attribute `{}`", a.get_ref()))?;
        attr_bits |= 1 << i;
    }
    let permanent = matches!(kind, Kind::Resonator | Kind::Addition);
    let effects = read_effects(card.effects.iter().map(|e| e.get_ref()), permanent)?;
    let at_turn_start = read_effects(card.at_turn_start.iter().map(|e| e.get_ref()), false)?;
    if at_turn_start.target.is_some() {
        return Err("an `at-turn-start` effect cannot aim at a chosen resonator".into());
    }
    let mut abilities = Vec::new();
    for ability in &card.abilities {
        if ability.charge != 0 {
            return Err("an ability of a Force of Will card cannot cost Charge".into());
        }
        let icons: Vec<&str> = ability.attribute_cost.iter().map(String::as_str).collect();
        abilities.push(AbilityInfo {
            rest: ability.rest,
            cost: Cost::read(attrs, &icons, ability.free_cost)?,
            effects: read_effects(ability.effects.iter(), false)?,
        });
    }
    let judgment = match &card.judgment {
        None => None,
        Some(j) => {
            let icons: Vec<&str> = j.attribute_cost.iter().map(String::as_str).collect();
            Some(JudgmentInfo {
                cost: Cost::read(attrs, &icons, j.free_cost)?,
                name: intern(&j.j_name),
                atk: clamp_stat(j.atk),
                def: clamp_stat(j.def),
                keywords: keyword_bits(j.keywords.iter().map(String::as_str))?,
                effects: read_effects(j.effects.iter(), true)?,
            })
        }
    };
    Ok(CardInfo {
        name: intern(card.name()),
        kind,
        cost,
        atk: clamp_stat(card.stat("atk").unwrap_or(0)),
        def: clamp_stat(card.stat("def").unwrap_or(0)),
        attrs: attr_bits,
        keywords: keyword_bits(card.keywords.iter().map(|k| k.get_ref().as_str()))?,
        effects,
        at_turn_start: at_turn_start.now,
        abilities,
        judgment,
        revolution_order: card.revolution_order,
    })
}

fn clamp_stat(v: i64) -> i32 {
    v.clamp(-1_000_000_000, 1_000_000_000) as i32
}

/// Sorts effects by timing. On a card that stays in the field (`permanent`), a permanent boost
/// is continuous; everything else happens at once (when the card resolves or enters).
fn read_effects<'a>(
    effects: impl Iterator<Item = &'a Effect>,
    permanent: bool,
) -> Result<Effects, String> {
    let mut out = Effects::default();
    for effect in effects {
        let mut aim = |target: Target, what: &str, players: bool| -> Result<To, String> {
            let filter = match target {
                Target::This => return Ok(To::This),
                Target::OwnPlayer | Target::EnemyPlayer if players => {
                    return Ok(if target == Target::OwnPlayer {
                        To::Own
                    } else {
                        To::Enemy
                    });
                }
                Target::OwnResonator => Filter::Own,
                Target::EnemyResonator => Filter::Enemy,
                Target::AnyResonator => Filter::Any,
                other => {
                    return Err(format!(
                        "`{what}` cannot aim at `{}` in Force of Will",
                        other.as_str()
                    ))
                }
            };
            out.target = Some(out.target.map_or(filter, |f| f.and(filter)));
            Ok(To::Chosen)
        };
        let fx = match *effect {
            Effect::Damage { target, amount } => Fx::Damage {
                to: aim(target, "damage", true)?,
                amount: clamp_stat(amount).max(0),
            },
            Effect::Heal { target, amount } => Fx::Heal {
                to: aim(target, "heal", true)?,
                amount: clamp_stat(amount).max(0),
            },
            Effect::Draw { amount } => Fx::Draw {
                amount: u32::try_from(amount.clamp(0, 1000)).unwrap_or(0),
            },
            Effect::Destroy { target } => Fx::Destroy {
                to: aim(target, "destroy", false)?,
            },
            Effect::Boost {
                target,
                atk,
                def,
                permanent: lasting,
                attack: _,
            } => {
                if permanent && lasting {
                    let group = match target {
                        Target::This => Group::This,
                        Target::OwnResonator => Group::Own,
                        Target::EnemyResonator => Group::Enemy,
                        Target::AnyResonator => Group::Any,
                        other => {
                            return Err(format!(
                                "`boost` cannot aim at `{}` in Force of Will",
                                other.as_str()
                            ))
                        }
                    };
                    out.statics.push(Static {
                        group,
                        atk: clamp_stat(atk),
                        def: clamp_stat(def),
                    });
                    continue;
                }
                Fx::Boost {
                    to: aim(target, "boost", false)?,
                    atk: clamp_stat(atk),
                    def: clamp_stat(def),
                    permanent: lasting,
                }
            }
            Effect::Charge { .. }
            | Effect::Attach { .. }
            | Effect::HandLimit { .. }
            | Effect::Pierce
            | Effect::Reflect => {
                return Err(format!(
                    "the Force of Will engine does not run effect `{}`",
                    crate::lint::effect_kind(effect)
                ))
            }
        };
        out.now.push(fx);
    }
    Ok(out)
}
