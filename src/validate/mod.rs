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
pub use rules::Rule;
pub use set_legality::{SetLegality, SetsInForce};

use crate::card_db::Game;
use crate::date::Date;
use crate::deck::{Deck, DeckRef, EntryRef, ZoneRef};
use crate::diagnostic::Problem;
use crate::names;
use crate::validate::format::{Format, ZoneLimit};
use banned::Banned;
use combination_banned::CombinationBanned;
use deck_size::DeckSize;
use limited::Limited;
use printing::Printing;
use resolved::{Check, Line, ResolvedDeck, RuleSite};
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::Arc;
use zone_type::ZoneType;

/// The verdict on one deck.
#[derive(Debug, Clone, Serialize)]
pub struct Verdict {
    pub format: Option<String>,
    pub game: Option<String>,
    pub legal: bool,
    pub findings: Vec<Finding>,
    /// Cards per zone, in the game's zone order.
    pub zones: Vec<ZoneCount>,
    /// Cards per colour in the game's colour order, for games with colours.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub colours: Vec<ColourCount>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ColourCount {
    pub colour: String,
    pub cards: u32,
}

#[derive(Debug, Clone, Serialize)]
pub struct ZoneCount {
    pub zone: String,
    pub cards: u32,
    /// The size the format asks for (`40`, `40–60`, `≤ 15`), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<String>,
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
    date: Date,
    deck_size: DeckSize<'f>,
    banned: Banned,
    limited: Limited,
    combinations: CombinationBanned,
    /// The format's own rules (`[[rules]]`).
    rules: Vec<&'f dyn Check>,
    /// Game zones a rule other than `deck-size` reports sizes for.
    claimed_zones: Vec<usize>,
    /// The checks (by position in [`Validator::checks`]) that can claim cards.
    claimers: Vec<usize>,
}

impl<'f> Validator<'f> {
    pub fn new(format: &'f Format, game: &'f Game, date: Date) -> Self {
        let revision = format.revision_on(date).map(|r| &r.revision);
        let mut validator = Validator {
            format,
            game,
            date,
            deck_size: DeckSize(&format.zones),
            banned: Banned::new(revision.map_or(&[][..], |r| &r.banned), game),
            limited: Limited::new(revision.map_or(&BTreeMap::new(), |r| &r.limited), game),
            combinations: CombinationBanned::new(
                revision.map_or(&[][..], |r| &r.combination_banned),
                game,
            ),
            rules: format.rules.iter().map(|r| r.rule.check()).collect(),
            claimed_zones: Vec::new(),
            claimers: Vec::new(),
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
        let built_in: [&dyn Check; 6] = [
            &self.deck_size,
            &ZoneType,
            &Printing,
            &self.banned,
            &self.limited,
            &self.combinations,
        ];
        built_in.into_iter().chain(self.rules.iter().copied())
    }

    pub fn validate(&self, deck: &DeckRef) -> Verdict {
        let (format, game, date) = (self.format, self.game, self.date);
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
        let mut lines: Vec<Line> = Vec::with_capacity(deck.entries.len());
        let mut zone_totals = vec![0u32; zone_defs.len()];
        let mut key = String::new();
        let mut deck_zones: Vec<Option<usize>> = Vec::with_capacity(deck.zones.len());
        for zone in &deck.zones {
            let zone_index = zone.index_in(game, &mut key);
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
            for entry in entries {
                let found = entry
                    .id
                    .and_then(|id| game.find_with(id, &mut key))
                    .or_else(|| game.find_with(entry.card, &mut key));
                match found {
                    Some(card) => {
                        zone_totals[zone_index] =
                            zone_totals[zone_index].saturating_add(entry.count);
                        lines.push(Line {
                            entry,
                            card,
                            zone: zone_index,
                            owner: None,
                        });
                    }
                    None => findings.push(unknown_card(game, entry, &zone_defs[zone_index].id)),
                }
            }
        }

        // The pre-pass: each card goes to the one rule that counts its copies.
        let claimers: Vec<&dyn Check> = {
            let mut wanted = self.claimers.iter().peekable();
            (self.checks().enumerate())
                .filter(|(i, _)| wanted.next_if_eq(&i).is_some())
                .map(|(_, c)| c)
                .collect()
        };
        for line in &mut lines {
            line.owner = claimers
                .iter()
                .filter_map(|c| c.claim(game, line.card))
                .min();
        }
        let resolved = ResolvedDeck {
            game,
            deck,
            deck_zones,
            format_name: &format.name,
            date,
            revisions: &format.revisions,
            lines,
            zone_totals,
            claimed_zones: &self.claimed_zones,
        };
        for check in self.checks() {
            check.check(&resolved, &mut findings);
        }
        let (lines, zone_totals) = (&resolved.lines, &resolved.zone_totals);
        let colours = colour_split(game, lines);
        findings.sort_by_key(|f| (f.line.unwrap_or(u32::MAX), f.rule));
        let zones = zone_defs
            .iter()
            .enumerate()
            .filter(|(i, z)| zone_totals[*i] > 0 || format.zones.contains_key(&z.id))
            .map(|(i, z)| ZoneCount {
                zone: z.id.clone(),
                cards: zone_totals[i],
                limit: format.zones.get(&z.id).and_then(describe_limit),
            })
            .collect();
        Verdict {
            format: Some(format.id.clone()),
            game: Some(game.def.id.clone()),
            legal: findings.iter().all(|f| f.severity != Severity::Error),
            findings,
            zones,
            colours,
        }
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

/// Cards per colour bucket over the whole deck, for games with colours (`multi` last when the
/// game counts multi-colour cards apart).
fn colour_split(game: &Game, lines: &[Line]) -> Vec<ColourCount> {
    if game.def.colours.is_empty() {
        return Vec::new();
    }
    let mut split: Vec<ColourCount> = (game.colour_bucket_names())
        .map(|colour| ColourCount {
            colour: colour.to_owned(),
            cards: 0,
        })
        .collect();
    for l in lines {
        for bucket in game.colour_buckets(&game.cards[l.card]) {
            if let Some(c) = split.iter_mut().find(|c| c.colour == bucket) {
                c.cards = c.cards.saturating_add(l.entry.count);
            }
        }
    }
    split
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

fn describe_limit(limit: &ZoneLimit) -> Option<String> {
    match (limit.exact, limit.min, limit.max) {
        (Some(e), _, _) => Some(e.to_string()),
        (None, Some(lo), Some(hi)) => Some(format!("{lo}–{hi}")),
        (None, Some(lo), None) => Some(format!("≥ {lo}")),
        (None, None, Some(hi)) => Some(format!("≤ {hi}")),
        (None, None, None) => None,
    }
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
