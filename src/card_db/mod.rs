//! Card databases: the game definitions and the cards of each game, as read from
//! `card-db/<game>/game.toml` and `card-db/<game>/*.toml`.
//!
//! Everything a deck validator needs to know about a game is data here (card types, zones and
//! which types they hold, colours, attributes, the evolution ladder, stat ranges), so a fourth
//! game can be added without Rust. Effects are the exception: they are a closed vocabulary that
//! the match engines interpret.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use toml::Spanned;

/// `card-db/<game>/game.toml`: what a game is made of.
#[derive(Debug, Clone, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct GameFile {
    pub game: GameDef,
}

#[derive(Debug, Clone, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct GameDef {
    /// Short id used in formats, card files and on the command line (`jforce`).
    pub id: String,
    /// Display name (`J Force TCG`).
    pub name: String,
    /// Card types, in display order.
    pub types: Vec<CardType>,
    /// Deck zones, in display order. Exactly one is the `default` zone for card lines that
    /// come before any zone header.
    pub zones: Vec<ZoneDef>,
    /// Colours a card may have (`colour = "red"`), empty when the game has none.
    #[serde(default)]
    pub colours: Vec<String>,
    /// How a card of several colours (`colour = ["red", "blue"]`) counts toward colour
    /// minimums, ratios and the colour split: `each` of its colours, or one `multi` bucket.
    /// Without it the game has no multi-colour cards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub multicolour: Option<MultiColour>,
    /// Attributes for attribute costs and what magic stones produce.
    #[serde(default)]
    pub attributes: Vec<String>,
    /// Keywords a card may carry (`quickcast`, `swiftness`).
    #[serde(default)]
    pub keywords: Vec<String>,
    /// Evolution levels, lowest first; each level needs the one before it (J Force: I, II, III, V).
    #[serde(default)]
    pub evolution_levels: Vec<String>,
    /// The lowest cost a Legendary card may have (J Force: 6).
    #[serde(default)]
    pub legendary_min_cost: Option<u32>,
    /// Effect kinds the game's engine executes; `db check` rejects any other.
    #[serde(default)]
    pub effects: Vec<String>,
    /// Pairs of effect kinds that cannot resolve together when two cards meet (the red/blue/green
    /// duel: "both cards lose their text effects", SK-A17). Each kind must be in `effects`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effect_conflicts: Vec<[String; 2]>,
    /// Effect targets the game's engine understands; `db check` rejects any other. Empty: the
    /// game does not restrict them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub targets: Vec<String>,
    /// The game's stats: each is a whole number a card may carry under its own name
    /// (`power = 3`), searched, sorted and shown by that name, within the range given here
    /// (`db check` checks it). A card key that is neither a card field nor a stat declared
    /// here is an error.
    #[serde(default)]
    pub stats: BTreeMap<String, StatRange>,
    /// Card sets (expansions) of the game.
    #[serde(default)]
    pub sets: Vec<SetDef>,
    /// The stat `stats` draws its curve over (default `cost`; the red/blue/green duel, whose
    /// cards cost nothing, uses `value`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub curve: Option<String>,
    /// How the game deals its cards, for draw odds (`stats`) and sample hands (`draw`). A game
    /// without one gets counts and curves but no odds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<Setup>,
    /// How other tools' card pools (a LackeyCCG plugin, a Cockatrice database) become this
    /// game's cards: `decksmith db import` and `--db` read them through it.
    #[serde(default, skip_serializing_if = "Imports::is_empty")]
    pub import: Imports,
}

#[derive(Debug, Clone, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct CardType {
    pub id: String,
    pub label: String,
    /// What every card of this type must have: stats the game declares, or `colour`,
    /// `attribute`, `evolution`, `judgment`.
    #[serde(default)]
    pub requires: Vec<String>,
    /// A card of this type counts as Legendary.
    #[serde(default)]
    pub legendary: bool,
    /// Numeric stats a card of this type may have without every card needing them (a J Force
    /// Evolution's `hp`). `db check` warns about a stat neither required nor listed here.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub optional: Vec<String>,
    /// This type is a basic resource (Force of Will's magic stones): only its cards may be
    /// `basic`, which lifts the copy limit.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub basic_resource: bool,
}

impl CardType {
    /// Whether cards of this type have `stat`: it is required or optional (`db check` warns
    /// about any other).
    pub fn uses(&self, stat: &str) -> bool {
        self.requires
            .iter()
            .chain(&self.optional)
            .any(|s| s == stat)
    }
}

#[derive(Debug, Clone, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ZoneDef {
    pub id: String,
    /// Header words that open this zone in a `.deck` list (`Hero`, `Ruler`, `Main`, `Stones`).
    pub headers: Vec<String>,
    /// Section names other tools give this zone (an Arena list's `Commander`, a LackeyCCG
    /// superzone's `Stone deck`): read as this zone, and written only in a `.dek` file, under
    /// the first alias ending in `deck`.
    #[serde(default)]
    pub aliases: Vec<String>,
    /// Card types allowed in the zone.
    pub types: Vec<String>,
    #[serde(default)]
    pub default: bool,
}

#[derive(Debug, Clone, Copy, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct StatRange {
    pub min: i64,
    pub max: i64,
}

#[derive(Debug, Clone, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SetDef {
    pub code: String,
    pub name: String,
}

/// Any other file in `card-db/<game>/`: a list of cards.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct CardFile {
    #[schemars(with = "String")]
    pub game: Spanned<CardStr>,
    /// Every card in this file has invented stats (the shipped sets are samples).
    #[serde(default)]
    pub invented: bool,
    /// Sets the file's cards are in that the game's `game.toml` does not list (a pool
    /// imported from another tool declares its sets here): added to the game's sets.
    #[serde(default)]
    pub sets: Vec<SetDef>,
    #[serde(default)]
    #[schemars(with = "Vec<Card>")]
    pub cards: Vec<Spanned<Card>>,
}

/// A card's string: a shipped card's borrow the binary's compiled data (`const_new` keeps a
/// `&'static str` without copying it), so loading the shipped cards allocates no string; a
/// card read from a file owns its strings, inline when short.
pub type CardStr = compact_str::CompactString;

/// One card. Only `id`, `name`, `type` and `set` are always required; which stats a type needs
/// is said by the game definition (`requires`), and `db check` enforces it. Any other key is
/// one of the game's stats, a whole number (`[game.stats]` in `game.toml` names them).
///
/// A card's lists never grow once it is read, so most are boxed slices, a word smaller than a
/// `Vec`: a large database holds tens of thousands of cards, and a card's size is what loading
/// one copies and what its pages hold (552 bytes before, 424 with these and the boxed
/// evolution).
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
#[schemars(extend("additionalProperties" = { "type": "integer" }))]
pub struct Card {
    /// Stable id, unique within the game (`JF-012`).
    #[schemars(with = "String")]
    pub id: Spanned<CardStr>,
    #[schemars(with = "String")]
    pub name: Spanned<CardStr>,
    #[serde(rename = "type")]
    #[schemars(with = "String")]
    pub kind: Spanned<CardStr>,
    #[schemars(with = "String")]
    pub set: Spanned<CardStr>,
    /// Collector number within the set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<u32>,
    /// The rarity of this printing, as the set prints it (`SR`, `C`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<String>")]
    pub rarity: Option<CardStr>,
    /// The card's other printings: the same card in other sets (reprints), or again in its
    /// own set. A deck naming any of them names this card; set legality holds when the
    /// deck's printing, or with none named any printing, is in a legal set.
    #[serde(default, skip_serializing_if = "<[_]>::is_empty")]
    pub printings: Box<[Printing]>,
    /// Force of Will: one entry per attribute icon of the cost.
    #[serde(default, skip_serializing_if = "<[_]>::is_empty")]
    #[schemars(with = "Vec<String>")]
    pub attribute_cost: Box<[Spanned<CardStr>]>,
    /// Force of Will: the card's attributes; for a magic stone, the will it produces.
    #[serde(default, skip_serializing_if = "<[_]>::is_empty")]
    #[schemars(with = "Vec<String>")]
    pub attribute: Box<[Spanned<CardStr>]>,
    /// The card's colour (red/blue/green duel), or a list of colours for a multi-colour card
    /// in a game that declares `multicolour`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<Colours>")]
    pub colour: Option<Spanned<Colours>>,
    /// Marks a Legendary card where Legendary is not a type of its own.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub legendary: bool,
    /// A basic magic stone: any number of copies.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub basic: bool,
    #[serde(default, skip_serializing_if = "<[_]>::is_empty")]
    #[schemars(with = "Vec<String>")]
    pub keywords: Box<[Spanned<CardStr>]>,
    /// Race or trait line (`Human`, `Dragon`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<String>")]
    pub race: Option<CardStr>,
    /// Boxed: only J Force's evolving cards have one, and inline it was 80 bytes of every
    /// card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<Evolution>")]
    pub evolution: Option<Box<Spanned<Evolution>>>,
    /// Force of Will: the ruler's Judgment and the J/ruler it becomes. Boxed: only rulers
    /// have one, and inline it was a fifth of every card's size.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub judgment: Option<Box<Judgment>>,
    /// Force of Will: the ruler can do Revolution Order.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub revolution_order: bool,
    /// Rules text as printed (for people; the engines read `effects`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<String>")]
    pub text: Option<CardStr>,
    /// A Hero's signature ability, as printed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<String>")]
    pub ability: Option<CardStr>,
    /// What the card does, in the engine's effect vocabulary.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(with = "Vec<Effect>")]
    pub effects: Vec<Spanned<Effect>>,
    /// Force of Will: what a card in the field does at the beginning of its controller's turn.
    #[serde(default, skip_serializing_if = "<[_]>::is_empty")]
    #[schemars(with = "Vec<Effect>")]
    pub at_turn_start: Box<[Spanned<Effect>]>,
    /// Activate abilities (`[cost]: [effect]`).
    #[serde(default, skip_serializing_if = "<[_]>::is_empty")]
    #[schemars(with = "Vec<Ability>")]
    pub abilities: Box<[Ability]>,
    /// Stats are invented for this sample set, not taken from a printed card.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub invented: bool,
    /// The card's text is not in the effect vocabulary (a card read from another tool's
    /// pool): the match engines refuse it, or play it by its stats alone with `--vanilla`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unmodelled: bool,
    /// The game's own stats (`cost = 3`, `power = 2`), by the names its `game.toml` declares
    /// under `[game.stats]`: every key of a card that is not one of the fields above. Read
    /// apart from them (`read.rs`), since which keys are stats depends on the game.
    #[serde(skip)]
    #[schemars(skip)]
    pub stats: Box<[CardStat]>,
}

/// One more printing of a card: its set, its collector number there, its rarity there.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Printing {
    #[schemars(with = "String")]
    pub set: Spanned<CardStr>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<String>")]
    pub rarity: Option<CardStr>,
}

#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Evolution {
    /// Name of the evolution line (cards of one line share it).
    pub line: String,
    /// Level on the game's ladder (`I`, `II`, `III`, `V`).
    pub level: String,
    /// Name of the Hero or Strike the line evolves.
    pub base: String,
}

#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Judgment {
    /// Will to pay to do Judgment.
    #[serde(default)]
    pub attribute_cost: Vec<String>,
    #[serde(default)]
    pub free_cost: i64,
    /// Name of the J/ruler side.
    pub j_name: String,
    pub atk: i64,
    pub def: i64,
    #[serde(default)]
    pub keywords: Vec<String>,
    /// What the J/ruler does: permanent boosts last while it is in the field, other effects
    /// happen when the Judgment resolves.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Ability {
    /// The rest symbol is part of the cost.
    #[serde(default)]
    pub rest: bool,
    #[serde(default)]
    pub attribute_cost: Vec<String>,
    #[serde(default)]
    pub free_cost: i64,
    /// J Force: Charge to pay.
    #[serde(default)]
    pub charge: i64,
    pub effects: Vec<Effect>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// The closed effect vocabulary. Each game's `effects` list says which kinds its engine runs.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, Eq, schemars::JsonSchema)]
#[serde(
    tag = "kind",
    rename_all = "kebab-case",
    rename_all_fields = "kebab-case",
    deny_unknown_fields
)]
pub enum Effect {
    /// Deal damage to a target (Hero HP, a player's life or health, a unit).
    Damage { target: Target, amount: i64 },
    /// Restore HP, life or health.
    Heal { target: Target, amount: i64 },
    /// The controller draws cards.
    Draw { amount: i64 },
    /// J Force: the controller gains Charge (still capped).
    Charge { amount: i64 },
    /// Raise (or lower) a unit's stats until end of turn, or for as long as it stays in play
    /// when `permanent`.
    Boost {
        target: Target,
        #[serde(default)]
        attack: i64,
        #[serde(default)]
        atk: i64,
        #[serde(default)]
        def: i64,
        #[serde(default)]
        permanent: bool,
    },
    /// Destroy a unit.
    Destroy { target: Target },
    /// J Force Support that stays in play attached to a unit, adding attack while attached.
    Attach {
        target: Target,
        #[serde(default)]
        attack: i64,
    },
    /// Red/blue/green duel: the controller's maximum hand size becomes `amount`.
    HandLimit { amount: i64 },
    /// Red/blue/green duel: this card's damage cannot be blocked by Green.
    Pierce,
    /// Red/blue/green duel: this card's block also reflects the blocked damage.
    Reflect,
}

/// Who or what an effect aims at.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq, Hash, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Target {
    /// The card itself (or the unit it is attached to).
    This,
    OwnHero,
    EnemyHero,
    OwnStrike,
    EnemyStrike,
    AnyStrike,
    OwnPlayer,
    EnemyPlayer,
    OwnResonator,
    EnemyResonator,
    AnyResonator,
}

impl Target {
    /// Every target, for reading one by its name.
    pub const ALL: [Target; 11] = [
        Target::This,
        Target::OwnHero,
        Target::EnemyHero,
        Target::OwnStrike,
        Target::EnemyStrike,
        Target::AnyStrike,
        Target::OwnPlayer,
        Target::EnemyPlayer,
        Target::OwnResonator,
        Target::EnemyResonator,
        Target::AnyResonator,
    ];

    /// The target as written in a card database (`enemy-resonator`).
    pub fn as_str(self) -> &'static str {
        match self {
            Target::This => "this",
            Target::OwnHero => "own-hero",
            Target::EnemyHero => "enemy-hero",
            Target::OwnStrike => "own-strike",
            Target::EnemyStrike => "enemy-strike",
            Target::AnyStrike => "any-strike",
            Target::OwnPlayer => "own-player",
            Target::EnemyPlayer => "enemy-player",
            Target::OwnResonator => "own-resonator",
            Target::EnemyResonator => "enemy-resonator",
            Target::AnyResonator => "any-resonator",
        }
    }
}

impl Effect {
    /// The target the effect aims at, if it has one.
    pub fn target(&self) -> Option<Target> {
        match self {
            Effect::Damage { target, .. }
            | Effect::Heal { target, .. }
            | Effect::Boost { target, .. }
            | Effect::Destroy { target }
            | Effect::Attach { target, .. } => Some(*target),
            Effect::Draw { .. }
            | Effect::Charge { .. }
            | Effect::HandLimit { .. }
            | Effect::Pierce
            | Effect::Reflect => None,
        }
    }
}

mod colour;
mod game;
pub mod mapping;
pub mod read;
mod setup;
mod stat;

impl ZoneDef {
    /// How a deck list opens this zone: its first header, or its id.
    pub fn label(&self) -> &str {
        self.headers.first().unwrap_or(&self.id)
    }
}

pub use colour::{Colours, MultiColour, MULTI};
pub use game::{split_id, CardOrigin, EvolutionStep, Game, NumberedIds, SearchKeys, MAX_ID_WIDTH};
pub use mapping::{CostMapping, Fields, FormatMapping, Imports, Mapping, Source};
pub use setup::{FirstTurn, Pile, Setup};
pub use stat::CardStat;

impl Card {
    pub fn id(&self) -> &str {
        self.id.get_ref()
    }

    pub fn name(&self) -> &str {
        self.name.get_ref()
    }

    pub fn kind(&self) -> &str {
        self.kind.get_ref()
    }

    pub fn set(&self) -> &str {
        self.set.get_ref()
    }

    /// Every set the card is printed in: its own, then its other printings' (a set may come
    /// twice).
    pub fn sets(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.set()).chain(self.printings.iter().map(|p| p.set.get_ref().as_str()))
    }

    /// Whether the card has a printing in `set` (ASCII case ignored, as deck lists write set
    /// codes either way).
    pub fn printed_in(&self, set: &str) -> bool {
        self.sets().any(|s| s.eq_ignore_ascii_case(set))
    }

    /// The card's colours, none when it has no `colour`.
    pub fn colours(&self) -> &[String] {
        self.colour.as_ref().map_or(&[], |c| c.get_ref().as_slice())
    }

    pub fn cost(&self) -> Option<i64> {
        self.stat("cost")
    }

    /// Total will a Force of Will card costs: one per attribute icon plus the free cost.
    pub fn will_cost(&self) -> Option<i64> {
        let free = self.stat("free-cost");
        if self.attribute_cost.is_empty() && free.is_none() {
            return None;
        }
        Some(self.attribute_cost.len() as i64 + free.unwrap_or(0))
    }

    pub fn has_keyword(&self, keyword: &str) -> bool {
        self.keywords.iter().any(|k| k.get_ref() == keyword)
    }
}

/// The error for a game id (`--game`) that is none of `games`, with its did-you-mean.
pub fn no_game(id: &str, games: &BTreeMap<String, Game>) -> crate::error::Error {
    let known: Vec<&str> = games.keys().map(String::as_str).collect();
    crate::error::Error::usage_with_help(
        format!("no game `{id}`"),
        match crate::names::suggest(id, known.iter().copied()) {
            Some(s) => format!("did you mean `{s}`?"),
            None => format!("the games are: {}", known.join(", ")),
        },
    )
}
