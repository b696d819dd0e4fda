//! The J Force card table: what the engine needs of each card, compiled once per database
//! from the card data (`effects`, `abilities`, evolution lines) into small `Copy` values, so
//! that play never looks at strings or TOML types.

use crate::card_db::{Card, Effect, Game, Target};
use crate::engine::intern;
use crate::names;
use std::cell::RefCell;
use std::sync::Arc;

/// The Charge pool's cap ("up to a max of 10").
pub const MAX_CHARGE: i32 = 10;
/// Charge levels a card's or a hand's summary covers: 0 to the pool's cap.
pub const LEVELS: usize = MAX_CHARGE as usize + 1;
/// The index of a Charge level in the summaries, if they cover it (only a test sets a Charge
/// outside the pool's range).
pub fn level(charge: i32) -> Option<usize> {
    usize::try_from(charge).ok().filter(|&c| c < LEVELS)
}

/// "Each player draws 5 cards to form their opening hand."
pub const OPENING_HAND: usize = 5;
/// "Hand size cap is 7 cards", enforced at the End Phase (JF-A21).
pub const HAND_CAP: usize = 7;

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Hero,
    Strike,
    Support,
    Legendary,
    Evolution,
}

impl Kind {
    pub fn label(self) -> &'static str {
        match self {
            Kind::Hero => "Hero",
            Kind::Strike => "Strike",
            Kind::Support => "Support",
            Kind::Legendary => "Legendary",
            Kind::Evolution => "Evolution",
        }
    }
}

/// Whose Strike an effect may aim at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Own,
    Enemy,
    Any,
}

impl Side {
    fn meet(self, other: Side) -> Option<Side> {
        match (self, other) {
            (Side::Any, s) | (s, Side::Any) => Some(s),
            (a, b) if a == b => Some(a),
            _ => None,
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            Side::Own => "a Strike you control",
            Side::Enemy => "an enemy Strike",
            Side::Any => "a Strike",
        }
    }
}

/// What an effect acts on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aim {
    /// The card itself: the Strike just played, the unit that evolved or activated.
    This,
    /// A Hero: the controller's own, or the enemy's.
    Hero { enemy: bool },
    /// The Strike chosen when the card is played (one choice per card).
    Chosen,
}

/// One compiled effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fx {
    Damage {
        enemy: bool,
        amount: i32,
    },
    Heal {
        enemy: bool,
        amount: i32,
    },
    Draw {
        amount: i32,
    },
    Charge {
        amount: i32,
    },
    Boost {
        aim: Aim,
        attack: i32,
        permanent: bool,
    },
    Destroy {
        aim: Aim,
    },
    /// The card itself stays in play on the aimed Hero or Strike (JF-A23).
    Attach {
        aim: Aim,
        attack: i32,
    },
}

#[derive(Debug, Clone)]
pub struct AbilityInfo {
    pub charge: i32,
    pub effects: Vec<Fx>,
    /// The side of the Strike this ability must choose, if it chooses one.
    pub choice: Option<Side>,
}

#[derive(Debug, Clone, Copy)]
pub struct Evo {
    /// Position on the game's ladder (I = 0, II = 1, III = 2, V = 3).
    pub level: u8,
    /// The card the line evolves (its `base`).
    pub base: u16,
    /// Lines are told apart by name, so one base card can have two lines.
    pub line: &'static str,
}

#[derive(Debug, Clone)]
pub struct CardInfo {
    pub name: &'static str,
    pub kind: Kind,
    pub cost: i32,
    pub attack: i32,
    pub hp: i32,
    /// Collector number, compared to pick the first player (JF-A05).
    pub number: u32,
    pub legendary: bool,
    pub effects: Vec<Fx>,
    /// The side of the Strike a play of this card must choose, if any effect aims at one.
    pub choice: Option<Side>,
    /// Extra attack while attached, for a Support that attaches.
    pub attaches: Option<(Aim, i32)>,
    pub abilities: Vec<AbilityInfo>,
    pub evolution: Option<Evo>,
    /// Which of the [`WAYS`] playing the card from the hand gives its actions in, or
    /// [`WAYS`] for none (Heroes, Evolutions, Legendaries): a hand's summary marks it.
    pub way: u8,
    /// At each Charge level, how many of the card's abilities it affords in each of the
    /// [`WAYS`] (no choice; one per own, enemy or any Strike): counting a unit's activations
    /// reads one entry per card instead of walking its abilities (issue #15, point 4).
    pub activations: [[u32; WAYS]; LEVELS],
}

/// The ways an affordable card gives actions that a hand's summary counts: one action (no
/// choice), or one per Strike of the side it must choose (own, enemy, any). Heroes (none),
/// Evolutions (one per unit they fit) and Legendaries (none once used) are counted card by
/// card.
pub const WAYS: usize = 4;

/// The actions given by counts of the [`WAYS`] (no choice; one per own, enemy or any Strike,
/// of which there are `targets`).
pub fn weigh(counts: [u32; WAYS], targets: [usize; 3]) -> usize {
    let [none, own, enemy, any] = counts.map(|n| n as usize);
    none + own * targets[0] + enemy * targets[1] + any * targets[2]
}

/// Two card names are the same. Names in actions come from the table, interned, so the same
/// name is almost always the same pointer: comparing it first skips comparing the text.
pub fn same_name(a: &str, b: &str) -> bool {
    std::ptr::eq(a, b) || a == b
}

/// Every card of the database, by database index.
#[derive(Debug, Clone)]
pub struct Table {
    pub cards: Vec<CardInfo>,
    /// The evolution ladder, lowest first.
    pub levels: Vec<&'static str>,
}

impl Table {
    pub fn card(&self, index: u16) -> &CardInfo {
        // Indices come from the database the table was built from.
        &self.cards[usize::from(index)]
    }

    pub fn name(&self, index: u16) -> &'static str {
        self.card(index).name
    }

    pub fn level_name(&self, level: u8) -> &'static str {
        self.levels.get(usize::from(level)).copied().unwrap_or("?")
    }

    /// The table of `game` for this thread. A state takes a reference to its table at every
    /// play and effect; with one table shared by every thread, its reference count bounced
    /// between cores and a game cost more CPU at `sim -j 2` than at `-j 1` (benches/engine.rs,
    /// `random_game`, under `-j`). Each thread copies the game's table once and its games
    /// share the copy.
    pub fn for_thread(game: &Game) -> Result<Arc<Table>, String> {
        thread_local! {
            static LOCAL: RefCell<Option<(Arc<Table>, Arc<Table>)>> = const { RefCell::new(None) };
        }
        let shared = game.engine_data(Table::build)?;
        Ok(LOCAL.with_borrow_mut(|local| match local {
            // The shared table is kept alive beside the copy, so its address names it.
            Some((key, copy)) if Arc::ptr_eq(key, &shared) => Arc::clone(copy),
            _ => {
                let copy = Arc::new(Table::clone(&shared));
                *local = Some((shared, Arc::clone(&copy)));
                copy
            }
        }))
    }

    pub fn build(game: &Game) -> Result<Table, String> {
        if game.cards.len() > usize::from(u16::MAX) {
            return Err(format!(
                "{} cards are more than the engine holds",
                game.cards.len()
            ));
        }
        let levels: Vec<&'static str> = game
            .def
            .evolution_levels
            .iter()
            .map(|l| intern(l))
            .collect();
        let mut cards = Vec::with_capacity(game.cards.len());
        for card in &game.cards {
            cards.push(
                compile(game, card, &levels).map_err(|e| format!("card `{}`: {e}", card.name()))?,
            );
        }
        Ok(Table { cards, levels })
    }
}

fn stat(card: &Card, name: &str) -> i32 {
    card.stat(name).map_or(0, |v| {
        v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
    })
}

fn compile(game: &Game, card: &Card, levels: &[&'static str]) -> Result<CardInfo, String> {
    let kind = match card.kind() {
        "hero" => Kind::Hero,
        "strike" => Kind::Strike,
        "support" => Kind::Support,
        "legendary" => Kind::Legendary,
        "evolution" => Kind::Evolution,
        other => return Err(format!("type `{other}` is not a J Force card type")),
    };
    let legendary = game.is_legendary(card);
    if !card.at_turn_start.is_empty() {
        return Err("J Force has no start-of-turn effects (`at-turn-start`)".into());
    }
    let (effects, choice) = effects_of(card.effects.iter().map(|e| e.get_ref()))?;
    if kind == Kind::Hero && !effects.is_empty() {
        return Err("a Hero's effects must be activated abilities (`abilities`)".into());
    }
    let attaches: Vec<(Aim, i32)> = effects
        .iter()
        .filter_map(|fx| match *fx {
            Fx::Attach { aim, attack } => Some((aim, attack)),
            _ => None,
        })
        .collect();
    if attaches.len() > 1 {
        return Err("a card attaches at most once".into());
    }
    let attaches = attaches.first().copied();
    if attaches.is_some() && !matches!(kind, Kind::Support | Kind::Legendary) {
        return Err(
            "only Support and Legendary cards attach (they stay in play on their host)".into(),
        );
    }
    if let Some((Aim::This, _)) = attaches {
        return Err("an attaching card needs a Hero or Strike to attach to, not `this`".into());
    }
    if matches!(kind, Kind::Support | Kind::Legendary) && uses_this(&effects) {
        return Err(format!(
            "a {} resolves and leaves play: `this` has nothing to aim at",
            kind.label()
        ));
    }
    if kind == Kind::Evolution && choice.is_some() {
        return Err(
            "an Evolution's effects cannot choose a Strike (its target is the card it evolves)"
                .into(),
        );
    }
    let mut abilities = Vec::with_capacity(card.abilities.len());
    for a in &card.abilities {
        if a.rest || !a.attribute_cost.is_empty() || a.free_cost != 0 {
            return Err("J Force abilities cost Charge only (`charge = N`)".into());
        }
        if a.charge < 0 {
            return Err("an ability cannot cost negative Charge".into());
        }
        let (effects, choice) = effects_of(a.effects.iter())?;
        if effects.iter().any(|fx| matches!(fx, Fx::Attach { .. })) {
            return Err("an ability cannot attach a card".into());
        }
        abilities.push(AbilityInfo {
            charge: a.charge.min(i64::from(i32::MAX)) as i32,
            choice,
            effects,
        });
    }
    if !abilities.is_empty() && !matches!(kind, Kind::Hero | Kind::Strike | Kind::Evolution) {
        return Err("only Heroes, Strikes and Evolutions have activated abilities".into());
    }
    let evolution = match &card.evolution {
        Some(e) => {
            let e = e.get_ref();
            let level = levels
                .iter()
                .position(|l| *l == e.level)
                .ok_or_else(|| format!("evolution level `{}` is not on the ladder", e.level))?;
            let base = game
                .find(&e.base)
                .ok_or_else(|| format!("evolves `{}`, which is not in the database", e.base))?;
            let base_kind = game.cards.get(base).map(Card::kind).unwrap_or_default();
            if !matches!(base_kind, "hero" | "strike") {
                return Err(format!(
                    "evolves `{}`, which is not a Hero or Strike",
                    e.base
                ));
            }
            Some(Evo {
                level: level as u8,
                base: base as u16,
                line: intern(&names::key(&e.line)),
            })
        }
        None if kind == Kind::Evolution => {
            return Err("an Evolution needs `evolution = {…}`".into())
        }
        None => None,
    };
    let way = match (kind, choice) {
        (Kind::Strike | Kind::Support | Kind::Legendary, _) if legendary => WAYS,
        (Kind::Strike | Kind::Support | Kind::Legendary, choice) => way_of(choice),
        (Kind::Hero | Kind::Evolution, _) => WAYS,
    };
    let mut activations = [[0u32; WAYS]; LEVELS];
    for (c, counts) in (0..).zip(activations.iter_mut()) {
        for a in abilities.iter().filter(|a| a.charge <= c) {
            counts[way_of(a.choice)] += 1;
        }
    }
    Ok(CardInfo {
        name: intern(card.name()),
        kind,
        cost: stat(card, "cost").max(0),
        attack: stat(card, "attack"),
        hp: stat(card, "hp"),
        number: card.number.unwrap_or(0),
        legendary,
        effects,
        choice,
        attaches,
        abilities,
        evolution,
        way: way as u8,
        activations,
    })
}

/// The index among the [`WAYS`] of what a play or activation chooses.
fn way_of(choice: Option<Side>) -> usize {
    match choice {
        None => 0,
        Some(Side::Own) => 1,
        Some(Side::Enemy) => 2,
        Some(Side::Any) => 3,
    }
}

fn uses_this(effects: &[Fx]) -> bool {
    effects.iter().any(|fx| {
        matches!(
            fx,
            Fx::Boost { aim: Aim::This, .. }
                | Fx::Destroy { aim: Aim::This }
                | Fx::Attach { aim: Aim::This, .. }
        )
    })
}

/// Compiles effects and the one Strike choice they share. Effects that aim at Strikes of
/// opposite sides would need two choices, which no play names.
fn effects_of<'a>(
    list: impl Iterator<Item = &'a Effect>,
) -> Result<(Vec<Fx>, Option<Side>), String> {
    let mut out = Vec::new();
    let mut choice: Option<Side> = None;
    for e in list {
        let (fx, side) = effect(e)?;
        if let Some(side) = side {
            choice = match choice {
                None => Some(side),
                Some(c) => Some(c.meet(side).ok_or(
                    "its effects aim at both your own and an enemy Strike, but a play chooses one Strike",
                )?),
            };
        }
        out.push(fx);
    }
    Ok((out, choice))
}

fn amount(n: i64, what: &str) -> Result<i32, String> {
    if n < 0 {
        return Err(format!("a {what} amount cannot be negative ({n})"));
    }
    Ok(n.min(1000) as i32)
}

/// Side of the Strike a target names, or the Hero it names.
enum Aimed {
    This,
    Hero { enemy: bool },
    Strike(Side),
}

fn aimed(target: Target) -> Result<Aimed, String> {
    Ok(match target {
        Target::This => Aimed::This,
        Target::OwnHero | Target::OwnPlayer => Aimed::Hero { enemy: false },
        Target::EnemyHero | Target::EnemyPlayer => Aimed::Hero { enemy: true },
        Target::OwnStrike => Aimed::Strike(Side::Own),
        Target::EnemyStrike => Aimed::Strike(Side::Enemy),
        Target::AnyStrike => Aimed::Strike(Side::Any),
        Target::OwnResonator | Target::EnemyResonator | Target::AnyResonator => {
            return Err("J Force has no resonators; aim at a Hero or a Strike".into())
        }
    })
}

fn effect(e: &Effect) -> Result<(Fx, Option<Side>), String> {
    let side = |t: Target| match aimed(t) {
        Ok(Aimed::Strike(side)) => Some(side),
        _ => None,
    };
    let chosen = match *e {
        Effect::Boost { target, .. }
        | Effect::Destroy { target }
        | Effect::Attach { target, .. } => side(target),
        _ => None,
    };
    let fx = match *e {
        Effect::Damage { target, amount: n } => match aimed(target)? {
            Aimed::Hero { enemy } => Fx::Damage {
                enemy,
                amount: amount(n, "damage")?,
            },
            // JF-A14: Strikes have no HP; damage has nothing to mark on them.
            _ => return Err("damage aims at a Hero (Strikes have no HP: JF-A14)".into()),
        },
        Effect::Heal { target, amount: n } => match aimed(target)? {
            Aimed::Hero { enemy } => Fx::Heal {
                enemy,
                amount: amount(n, "heal")?,
            },
            _ => return Err("heal aims at a Hero (Strikes have no HP: JF-A14)".into()),
        },
        Effect::Draw { amount: n } => Fx::Draw {
            amount: amount(n, "draw")?,
        },
        Effect::Charge { amount: n } => Fx::Charge {
            amount: amount(n, "charge")?,
        },
        Effect::Boost {
            target,
            attack,
            atk,
            def,
            permanent,
        } => {
            if atk != 0 || def != 0 {
                return Err(
                    "boost in J Force changes `attack` (ATK and DEF are Force of Will stats)"
                        .into(),
                );
            }
            let attack = attack.clamp(-1000, 1000) as i32;
            let aim = to_aim(aimed(target)?);
            Fx::Boost {
                aim,
                attack,
                permanent,
            }
        }
        Effect::Destroy { target } => match aimed(target)? {
            Aimed::Hero { .. } => {
                return Err("destroy aims at a Strike (a Hero is never destroyed: JF-A13)".into())
            }
            a => Fx::Destroy { aim: to_aim(a) },
        },
        Effect::Attach { target, attack } => Fx::Attach {
            aim: to_aim(aimed(target)?),
            attack: attack.clamp(-1000, 1000) as i32,
        },
        Effect::HandLimit { .. } | Effect::Pierce | Effect::Reflect => {
            return Err(format!(
                "effect `{}` belongs to the red/blue/green duel",
                crate::lint::effect_kind(e)
            ))
        }
    };
    Ok((fx, chosen))
}

fn to_aim(a: Aimed) -> Aim {
    match a {
        Aimed::This => Aim::This,
        Aimed::Hero { enemy } => Aim::Hero { enemy },
        Aimed::Strike(_) => Aim::Chosen,
    }
}
