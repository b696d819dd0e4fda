//! Deck validation: a deck, a format and its game in, a list of findings out. An illegal deck
//! is a result, not an error; every finding names its rule id, card, zone and deck line.
//!
//! Each rule kind is one file holding its parameters, its check and its format lint. The
//! format declares some (`[[rules]]`, see `rules.rs`); the revision in force feeds the ban
//! lists; `deck-size` and `zone-type` always apply.

mod banned;
mod colour_identity;
mod colour_minimum;
mod colour_ratio;
mod combination_banned;
mod copy_limit;
mod deck_size;
mod evolution;
mod finding;
pub mod format;
mod hero;
mod legendary_limit;
mod limited;
mod printing;
mod resolved;
mod rule_id;
mod rules;
mod set_legality;
mod sideboard_plan;
mod zone_type;

pub use colour_identity::ColourIdentity;
pub use colour_minimum::ColourMinimum;
pub use colour_ratio::ColourRatio;
pub use copy_limit::{AnyWord, CopyLimit, CopyMax, CopyOverride};
pub use evolution::Evolution;
pub use finding::{only_in, Finding};
pub use hero::Hero;
pub use legendary_limit::LegendaryLimit;
pub use rule_id::{RuleId, Severity};
use rules::Prepared;
pub use rules::Rule;
pub use set_legality::{SetLegality, SetsInForce};

use crate::card_db::Game;
use crate::date::Date;
use crate::deck::{Deck, DeckRef, EntryRef, ZoneRef};
use crate::diagnostic::Problem;
use crate::names;
use crate::validate::format::Format;
use banned::Banned;
use combination_banned::CombinationBanned;
use deck_size::DeckSize;
use limited::Limited;
use printing::Printing;
use resolved::{CardTotal, Check, Line, ResolvedDeck, RuleSite};
use serde::Serialize;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Arc;
use zone_type::ZoneType;

/// A format, game, zone or colour id in a verdict. Kept inline up to 24 bytes (every shipped
/// id and size text), so a verdict allocates no string for them.
pub type Id = compact_str::CompactString;

/// The verdict on one deck.
#[derive(Debug, Clone, Serialize)]
pub struct Verdict {
    pub format: Option<Id>,
    pub game: Option<Id>,
    pub legal: bool,
    pub findings: Vec<Finding>,
    /// Cards per zone, in the game's zone order.
    pub zones: Vec<ZoneCount>,
    /// Cards per colour in the game's colour order, for games with colours.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub colours: Vec<ColourCount>,
    /// With `--have`: the copies the collection lacks (what the `not-owned` findings add up
    /// to).
    #[serde(skip_serializing_if = "is_zero")]
    pub not_owned: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

#[derive(Debug, Clone, Serialize)]
pub struct ColourCount {
    pub colour: Id,
    pub cards: u32,
}

#[derive(Debug, Clone, Serialize)]
pub struct ZoneCount {
    pub zone: Id,
    pub cards: u32,
    /// The size the format asks for (`40`, `40–60`, `≤ 15`), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<Id>,
}

impl Verdict {
    /// A deck that could not be checked against a format (its `format:` names none that
    /// exists): only the reason is reported, and the deck is not legal.
    pub fn unchecked(finding: Finding) -> Verdict {
        Verdict {
            format: None,
            game: None,
            legal: false,
            findings: vec![finding],
            zones: Vec::new(),
            colours: Vec::new(),
            not_owned: 0,
        }
    }
}

/// Validates one deck. A batch checks many decks of one format with one [`Validator`].
pub fn validate(deck: &Deck, format: &Format, game: &Game, date: Date) -> Verdict {
    Validator::new(format, game, date).validate(&deck.borrowed())
}

/// A format made ready to check decks on a date: the revision in force, its ban and limit
/// lists resolved to cards, the rules to run and the zones they report sizes for. This work
/// depends on the format and date alone, so a batch prepares it once per format.
pub struct Validator<'f> {
    format: &'f Format,
    game: &'f Game,
    /// Per game zone, the size the format asks for (`deck-size` checks it, the verdict words
    /// it).
    deck_size: DeckSize,
    banned: Banned,
    limited: Limited,
    combinations: CombinationBanned,
    /// The format's own rules (`[[rules]]`).
    rules: Vec<Prepared<'f>>,
    /// Game zones a rule other than `deck-size` reports sizes for.
    claimed_zones: Vec<usize>,
    /// The checks (by position in [`Validator::checks`]) that can claim cards.
    claimers: Vec<usize>,
    /// What the verdict names, worded once.
    format_id: Id,
    game_id: Id,
    /// The game's colour buckets, in order (empty for a game without colours).
    colour_buckets: Vec<Id>,
    /// Per card (by index), the rule that counts its copies ([`Check::claim`]), found the
    /// first time a deck plays the card: 0 not yet, 1 none, `rank + 2` that rank. A claim
    /// depends on the card alone, so every deck of the format shares the answer.
    owners: Vec<AtomicU8>,
}

/// How many checks every format has (see [`Validator::check_at`]).
const BUILT_IN: usize = 6;

/// Each thread's buffers for the deck being checked, reused deck after deck.
#[derive(Default)]
struct Scratch {
    lines: Vec<Line>,
    cards: Vec<CardTotal>,
    zone_totals: Vec<u32>,
    typed_totals: Vec<u32>,
    /// Per card of the game (by index), 1 + its place in `cards` if the deck being checked
    /// plays it, else 0: the merge finds a card's total without searching. Only the deck's
    /// own cards are set, and they are reset when the next check starts.
    slot_of: Vec<u32>,
    deck_zones: Vec<Option<usize>>,
    /// A name's lookup key, when it is not spelt as the database spells it.
    key: String,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = const {
        RefCell::new(Scratch {
            lines: Vec::new(),
            cards: Vec::new(),
            zone_totals: Vec::new(),
            typed_totals: Vec::new(),
            slot_of: Vec::new(),
            deck_zones: Vec::new(),
            key: String::new(),
        })
    };
}

impl<'f> Validator<'f> {
    pub fn new(format: &'f Format, game: &'f Game, date: Date) -> Self {
        let revision = format.revision_on(date).map(|r| &r.revision);
        let colour_buckets = if game.def.colours.is_empty() {
            Vec::new()
        } else {
            game.colour_bucket_names().map(Id::new).collect()
        };
        let mut validator = Validator {
            format,
            game,
            deck_size: DeckSize::new(format, game),
            banned: Banned::new(revision.map_or(&[][..], |r| &r.banned), game),
            limited: Limited::new(revision.map_or(&BTreeMap::new(), |r| &r.limited), game),
            combinations: CombinationBanned::new(
                revision.map_or(&[][..], |r| &r.combination_banned),
                game,
            ),
            rules: (format.rules.iter())
                .map(|r| r.rule.prepare(game, &format.revisions, date))
                .collect(),
            claimed_zones: Vec::new(),
            claimers: Vec::new(),
            format_id: Id::new(&format.id),
            game_id: Id::new(&game.def.id),
            colour_buckets,
            owners: (0..game.cards.len()).map(|_| AtomicU8::new(0)).collect(),
        };
        let zone_defs = &game.def.zones;
        validator.claimed_zones = (0..zone_defs.len())
            .filter(|&z| validator.checks().any(|c| c.claims_zone(&zone_defs[z].id)))
            .collect();
        validator.claimers = (validator.checks().enumerate())
            .filter(|(_, c)| c.claims_cards())
            .map(|(i, _)| i)
            .collect();
        validator
    }

    /// The format the validator checks against.
    pub fn format(&self) -> &'f Format {
        self.format
    }

    /// Every check, in the order their findings were always made.
    fn checks(&self) -> impl Iterator<Item = &dyn Check> {
        (0..BUILT_IN + self.rules.len()).map(|i| self.check_at(i))
    }

    /// The check at a position of [`Validator::checks`]: the [`BUILT_IN`] checks every format
    /// has, then its own rules.
    fn check_at(&self, i: usize) -> &dyn Check {
        match i {
            0 => &self.deck_size,
            1 => &ZoneType,
            2 => &Printing,
            3 => &self.banned,
            4 => &self.limited,
            5 => &self.combinations,
            _ => self.rules[i - BUILT_IN].check(),
        }
    }

    /// The rank of the rule that counts the copies of a card: the lowest any rule claims it
    /// with (the pre-pass), worked out once per card.
    fn owner(&self, card: usize) -> Option<u8> {
        let Some(known) = self.owners.get(card) else {
            return self.claim(card);
        };
        match known.load(Ordering::Relaxed) {
            0 => {
                let owner = self.claim(card);
                known.store(
                    owner.map_or(1, |rank| rank.saturating_add(2)),
                    Ordering::Relaxed,
                );
                owner
            }
            1 => None,
            rank => Some(rank - 2),
        }
    }

    fn claim(&self, card: usize) -> Option<u8> {
        (self.claimers.iter())
            .filter_map(|&i| self.check_at(i).claim(self.game, card))
            .min()
    }

    pub fn validate(&self, deck: &DeckRef) -> Verdict {
        // The buffers are used in place (moving them in and out of the thread's slot cost
        // more than the loads of several rules). A thread being torn down has none to lend:
        // it checks with fresh ones.
        let lent = SCRATCH.try_with(|cell| {
            let mut scratch = cell.try_borrow_mut().ok()?;
            Some(self.validate_with(deck, &mut scratch))
        });
        let mut verdict = match lent {
            Ok(Some(verdict)) => verdict,
            _ => self.validate_with(deck, &mut Scratch::default()),
        };
        if !deck.plans.is_empty() {
            // After the deck's own check, so the post-board decks reuse its buffers.
            sideboard_plan::check(self, deck, &mut verdict);
            verdict
                .findings
                .sort_by_key(|f| (f.line.unwrap_or(u32::MAX), f.rule));
            verdict.legal = verdict
                .findings
                .iter()
                .all(|f| f.severity != Severity::Error);
        }
        verdict
    }

    fn validate_with(&self, deck: &DeckRef, scratch: &mut Scratch) -> Verdict {
        let (format, game) = (self.format, self.game);
        let mut findings = Vec::new();
        let parse_problems = (deck.problems.iter().map(|p| (p, Severity::Error)))
            .chain(deck.warnings.iter().map(|w| (w, Severity::Warning)));
        for (p, severity) in parse_problems {
            let mut f = Finding::new(RuleId::Parse, p.message.clone());
            f.severity = severity;
            f.help = p.help.clone();
            f.span = p.span.clone();
            f.line = p.line;
            findings.push(f);
        }

        let zone_defs = &game.def.zones;
        let Scratch {
            lines,
            cards,
            zone_totals,
            typed_totals,
            slot_of,
            deck_zones,
            key,
        } = scratch;
        lines.clear();
        // Every slot set is that of a card in `cards` (pushed first), even after a check
        // that panicked half-way.
        for c in cards.iter() {
            slot_of[c.card] = 0;
        }
        cards.clear();
        if slot_of.len() < game.cards.len() {
            slot_of.resize(game.cards.len(), 0);
        }
        zone_totals.clear();
        zone_totals.resize(zone_defs.len(), 0);
        typed_totals.clear();
        typed_totals.resize(zone_defs.len(), 0);
        let (mut misplaced, mut printed) = (false, false);
        deck_zones.clear();
        for zone in &deck.zones {
            let zone_index = zone.index_in(game, key);
            deck_zones.push(zone_index);
            let entries = deck.entries_of(zone);
            let Some(zone_index) = zone_index else {
                // Cards under consideration are not part of the deck; an empty zone the game
                // lacks (Cockatrice writes `side` for every game) holds nothing to check.
                if !(entries.is_empty() || crate::deck::is_maybe(zone.name)) {
                    findings.push(unknown_zone(game, zone));
                }
                continue;
            };
            for (at, entry) in (zone.entries.start..).zip(entries) {
                let Some(card) = game.find_line(entry.id, entry.card, key) else {
                    findings.push(unknown_card(game, entry, &zone_defs[zone_index].id));
                    continue;
                };
                zone_totals[zone_index] = zone_totals[zone_index].saturating_add(entry.count);
                printed |= entry.printing.is_some();
                if game.zone_holds(zone_index, card) {
                    typed_totals[zone_index] = typed_totals[zone_index].saturating_add(entry.count);
                } else {
                    misplaced = true;
                }
                // One merge of the lines by card, for every rule that counts copies.
                let line = lines.len() as u32;
                let slot = match slot_of[card].checked_sub(1) {
                    Some(slot) => {
                        let slot = slot as usize;
                        let total = &mut cards[slot];
                        total.count += entry.count;
                        total.last = line;
                        slot
                    }
                    None => {
                        cards.push(CardTotal {
                            card,
                            owner: self.owner(card),
                            count: entry.count,
                            last: line,
                        });
                        slot_of[card] = cards.len() as u32;
                        cards.len() - 1
                    }
                };
                lines.push(Line {
                    entry: at as u32,
                    count: entry.count,
                    card,
                    zone: zone_index,
                    owner: cards[slot].owner,
                    slot: slot as u32,
                });
            }
        }

        let resolved = ResolvedDeck {
            game,
            deck,
            deck_zones,
            format_name: &format.name,
            lines,
            cards,
            zone_totals,
            typed_totals,
            misplaced,
            printed,
            claimed_zones: &self.claimed_zones,
        };
        for check in self.checks() {
            check.check(&resolved, &mut findings);
        }
        findings.sort_by_key(|f| (f.line.unwrap_or(u32::MAX), f.rule));
        // A zone the format sizes is listed even empty.
        let zones = (self.deck_size.0.iter().zip(zone_totals.iter()))
            .filter(|(zone, &cards)| cards > 0 || zone.limit.is_some())
            .map(|(zone, &cards)| ZoneCount {
                zone: zone.id.clone(),
                cards,
                limit: zone.worded.clone(),
            })
            .collect();
        Verdict {
            format: Some(self.format_id.clone()),
            game: Some(self.game_id.clone()),
            legal: findings.iter().all(|f| f.severity != Severity::Error),
            findings,
            zones,
            colours: self.colour_split(&resolved),
            not_owned: 0,
        }
    }

    /// Cards per colour bucket over the whole deck, for games with colours (`multi` last when
    /// the game counts multi-colour cards apart).
    fn colour_split(&self, deck: &ResolvedDeck) -> Vec<ColourCount> {
        if self.colour_buckets.is_empty() {
            return Vec::new();
        }
        let mut split: Vec<ColourCount> = (self.colour_buckets.iter())
            .map(|colour| ColourCount {
                colour: colour.clone(),
                cards: 0,
            })
            .collect();
        for l in deck.lines {
            for bucket in self.game.colour_buckets(deck.card(l.card)) {
                if let Some(c) = split.iter_mut().find(|c| c.colour == bucket) {
                    c.cards = c.cards.saturating_add(l.count);
                }
            }
        }
        split
    }
}

/// The finding for a deck zone the game does not have.
fn unknown_zone(game: &Game, zone: &ZoneRef) -> Finding {
    let zone_defs = &game.def.zones;
    let headers: Vec<&str> = zone_defs.iter().map(|z| z.label()).collect();
    let mut f = Finding::new(RuleId::Parse, format!("unknown zone `{}`", zone.name)).help(
        match names::suggest(
            zone.name,
            zone_defs
                .iter()
                .flat_map(|z| z.headers.iter().map(String::as_str)),
        ) {
            Some(s) => format!("did you mean `{s}:`?"),
            None => format!(
                "{} decks have the zones {}",
                game.def.name,
                headers.join(", ")
            ),
        },
    );
    f.span = zone.span.clone();
    f.line = zone.line;
    f
}

/// The finding for a card the database does not have.
fn unknown_card(game: &Game, entry: &EntryRef, zone: &str) -> Finding {
    let help = match game.suggest(entry.card) {
        Some(s) => format!("did you mean `{s}`?"),
        None => format!(
            "`decksmith cards --game {} <words>` searches the card database",
            game.def.id
        ),
    };
    Finding::new(
        RuleId::UnknownCard,
        format!("unknown card `{}`", entry.card),
    )
    .help(help)
    .card(entry.card)
    .zone(zone)
    .at(entry)
}

/// Whether `next` rotates sets and has no list while `before` had one: a rotation published
/// alone that forgot the ban list (an empty list is legal, but rarely meant with a rotation).
fn lifts_lists(
    before: &crate::validate::format::Revision,
    next: &crate::validate::format::Revision,
) -> bool {
    let lists = |r: &crate::validate::format::Revision| {
        !(r.banned.is_empty() && r.limited.is_empty() && r.combination_banned.is_empty())
    };
    let rotates = !(next.rotate_in.is_empty() && next.rotate_out.is_empty());
    rotates && lists(before) && !lists(next)
}

/// Checks that formats name games, zones, colours, sets and cards that exist.
pub fn lint_formats(
    games: &BTreeMap<String, Game>,
    formats: &BTreeMap<String, Format>,
) -> Vec<Problem> {
    let mut out = Vec::new();
    for format in formats.values() {
        let Some(game) = games.get(&format.game) else {
            let known: Vec<&str> = games.keys().map(String::as_str).collect();
            out.push(
                Problem::error(
                    "format",
                    format!(
                        "format `{}` is for unknown game `{}`",
                        format.id, format.game
                    ),
                )
                .in_file(&format.file)
                .label(format.game_span.clone(), "unknown game")
                .help(names::suggest_or_list(&format.game, &known)),
            );
            continue;
        };
        // A parent for an unknown game reports that itself; only two real games differing
        // is the child's fault.
        let parent = format.parents.first().and_then(|p| formats.get(p));
        if let Some(parent) = parent.filter(|p| p.game != format.game) {
            if games.contains_key(&parent.game) {
                out.push(
                    Problem::error(
                        "format-game",
                        format!(
                            "format `{}` is for `{}` but extends `{}`, a `{}` format",
                            format.id, format.game, parent.id, parent.game
                        ),
                    )
                    .in_file(&format.file)
                    .label(format.game_span.clone(), "game differs from the parent's"),
                );
            }
        }
        let site = |span| RuleSite {
            game,
            format: &format.id,
            file: &format.file,
            span,
        };
        DeckSize::lint(&format.zone_spans, &site(0..0), &mut out);
        let has_sets = (format.rules.iter()).any(|r| matches!(r.rule, Rule::SetLegality(_)));
        // Inherited rules and revisions were checked with their own format.
        for rule in format
            .rules
            .iter()
            .filter(|r| Arc::ptr_eq(&r.file, &format.file))
        {
            rule.rule.lint(&site(rule.span.clone()), &mut out);
        }
        for (i, dated) in (format.revisions.iter().enumerate())
            .filter(|(_, r)| Arc::ptr_eq(&r.file, &format.file))
        {
            let (r, site) = (&dated.revision, site(dated.revision.effective.span()));
            let before = i.checked_sub(1).map(|p| &format.revisions[p]);
            if let Some(before) = before.filter(|b| lifts_lists(&b.revision, r)) {
                out.push(
                    Problem::warning(
                        "format",
                        format!(
                            "the {} revision of `{}` only rotates sets, so it lifts every ban and limit of the {} revision",
                            dated.effective, format.id, before.effective
                        ),
                    )
                    .in_file(site.file)
                    .label(site.span.clone(), "a whole new list, with nothing on it")
                    .help("each revision is a whole list: repeat the bans and limits that stay in force"),
                );
            }
            Banned::lint(&r.banned, &site, &mut out);
            Limited::lint(&r.limited, &site, &mut out);
            CombinationBanned::lint(&r.combination_banned, &site, &mut out);
            let rotations = [&r.rotate_in[..], &r.rotate_out[..]];
            SetLegality::lint_rotation(rotations, has_sets, &site, &mut out);
        }
    }
    out
}
