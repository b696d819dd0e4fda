//! Deck validation: a deck, a format and its game in, a list of findings out. An illegal deck
//! is a result, not an error; every finding names its rule id, card, zone and deck line.

use crate::card_db::{Card, Game};
use crate::date::Date;
use crate::deck::{Deck, Entry};
use crate::format::{CopyMax, Format, Rule};
use crate::names;
use serde::Serialize;
use std::collections::BTreeMap;
use std::ops::Range;

/// The stable rule ids, in the order the README documents them.
pub const RULE_IDS: &[&str] = &[
    "parse",
    "unknown-card",
    "deck-size",
    "zone-type",
    "copy-limit",
    "legendary-limit",
    "hero",
    "colour-minimum",
    "colour-ratio",
    "banned",
    "limited",
    "combination-banned",
    "set-legality",
    "evolution",
    "printing",
];

/// What a rule id checks, in one line (SARIF's rule descriptions, summary tables).
pub fn rule_summary(rule: &str) -> Option<&'static str> {
    Some(match rule {
        "parse" => "the deck list must be readable and name a known format and zones",
        "unknown-card" => "every card must exist in the game's card database",
        "deck-size" => "each zone must hold the number of cards the format asks for",
        "zone-type" => "each zone may hold only the card types the game allows there",
        "copy-limit" => "at most the format's number of copies of one card",
        "legendary-limit" => "at most the format's number of copies of each Legendary card",
        "hero" => "exactly one Hero or ruler",
        "colour-minimum" => "at least the format's number of cards of each colour",
        "colour-ratio" => "colour counts in the format's ratio",
        "banned" => "no card banned on the validation date",
        "limited" => "no more copies of a limited card than its limit",
        "combination-banned" => "no group of cards banned together",
        "set-legality" => "only cards from the format's sets",
        "evolution" => "each evolution level's previous level is in the deck (warning)",
        "printing" => "each printing a list names is one the card database knows (warning)",
        _ => return None,
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    pub rule: &'static str,
    pub severity: Severity,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zone: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
    /// Byte range in the deck source of the line the finding is about.
    #[serde(skip)]
    pub span: Option<Range<usize>>,
    /// Other lines involved (the other half of a combination ban, extra Heroes).
    #[serde(skip)]
    pub related: Vec<(Range<usize>, String)>,
}

impl Finding {
    pub fn error(rule: &'static str, message: String) -> Finding {
        Finding {
            rule,
            severity: Severity::Error,
            message,
            help: None,
            card: None,
            zone: None,
            line: None,
            span: None,
            related: Vec::new(),
        }
    }

    pub fn help(mut self, help: String) -> Self {
        self.help = Some(help);
        self
    }

    fn at(mut self, entry: &Entry) -> Self {
        self.span = entry.span.clone();
        self.line = entry.line;
        self
    }

    /// Points at a zone header line, when the deck has one.
    fn at_header(mut self, header: Option<&crate::deck::Zone>) -> Self {
        if let Some(h) = header {
            self.span = h.span.clone();
            self.line = h.line;
        }
        self
    }

    fn card(mut self, name: &str) -> Self {
        self.card = Some(name.to_owned());
        self
    }

    fn zone(mut self, zone: &str) -> Self {
        self.zone = Some(zone.to_owned());
        self
    }
}

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

/// One deck line resolved against the database.
struct Line<'d> {
    entry: &'d Entry,
    card: usize,
    zone: usize,
}

/// The `printing` warning for an entry naming a printing the database does not know for its
/// card. The printing stays as written: a wrong guess would be worse than the warning.
fn printing(entry: &Entry, card: &Card) -> Option<Finding> {
    let p = entry.printing.as_ref()?;
    let set_matches = p.set.eq_ignore_ascii_case(card.set());
    let number_matches = match (&p.number, card.number) {
        (Some(written), Some(known)) => written.trim_start_matches('0') == known.to_string(),
        _ => true,
    };
    if set_matches && number_matches {
        return None;
    }
    let known = match card.number {
        Some(n) => format!("({}) {n}", card.set()),
        None => format!("({})", card.set()),
    };
    let mut f = Finding::error(
        "printing",
        format!(
            "the card database has no printing {p} of `{}`; it knows {known}",
            card.name()
        ),
    )
    .help(format!(
        "correct the printing to {known}, or leave it out; the deck is checked as `{}` either way",
        card.name()
    ))
    .card(card.name())
    .at(entry);
    f.severity = Severity::Warning;
    Some(f)
}

/// Validates a deck against a format of `game` on `date` (which picks the ban-list revision).
pub fn validate(deck: &Deck, format: &Format, game: &Game, date: Date) -> Verdict {
    let mut findings = Vec::new();
    for p in &deck.problems {
        let mut f = Finding::error("parse", p.message.clone());
        f.help = p.help.clone();
        f.span = p.span.clone();
        f.line = p.line;
        findings.push(f);
    }
    for w in &deck.warnings {
        let mut f = Finding::error("parse", w.message.clone());
        f.severity = Severity::Warning;
        f.help = w.help.clone();
        f.span = w.span.clone();
        f.line = w.line;
        findings.push(f);
    }

    let zone_defs = &game.def.zones;
    let mut lines: Vec<Line> = Vec::with_capacity(deck.zones.iter().map(|z| z.entries.len()).sum());
    let mut zone_totals = vec![0u32; zone_defs.len()];
    let mut key = String::new();
    let mut deck_zones: Vec<Option<usize>> = Vec::with_capacity(deck.zones.len());
    for zone in &deck.zones {
        let zone_index = if zone.span.is_none() && zone.name == "main" {
            zone_defs.iter().position(|z| z.default)
        } else {
            game.zone_index_for_header(&zone.name, &mut key)
        };
        deck_zones.push(zone_index);
        // Cards under consideration are not part of the deck; an empty zone the game lacks
        // (Cockatrice writes `side` for every game) holds nothing to check.
        let unchecked = crate::deck::is_maybe(&zone.name) || zone.entries.is_empty();
        if zone_index.is_none() && unchecked {
            continue;
        }
        let Some(zone_index) = zone_index else {
            let headers: Vec<&str> = zone_defs.iter().map(|z| z.label()).collect();
            let mut f = Finding::error("parse", format!("unknown zone `{}`", zone.name)).help(
                match names::suggest(
                    &zone.name,
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
            findings.push(f);
            continue;
        };
        for entry in &zone.entries {
            let found = entry
                .id
                .as_deref()
                .and_then(|id| game.find_with(id, &mut key))
                .or_else(|| game.find_with(&entry.card, &mut key));
            match found {
                Some(card) => {
                    if let Some(f) = printing(entry, &game.cards[card]) {
                        findings.push(f.zone(&zone_defs[zone_index].id));
                    }
                    zone_totals[zone_index] = zone_totals[zone_index].saturating_add(entry.count);
                    lines.push(Line {
                        entry,
                        card,
                        zone: zone_index,
                    });
                }
                None => {
                    let help = match game.suggest(&entry.card) {
                        Some(s) => format!("did you mean `{s}`?"),
                        None => format!(
                            "`decksmith cards --game {} <words>` searches the card database",
                            game.def.id
                        ),
                    };
                    findings.push(
                        Finding::error("unknown-card", format!("unknown card `{}`", entry.card))
                            .help(help)
                            .card(&entry.card)
                            .zone(&zone_defs[zone_index].id)
                            .at(entry),
                    );
                }
            }
        }
    }

    let resolved = ResolvedDeck {
        game,
        format,
        deck,
        deck_zones: &deck_zones,
        lines: &lines,
        zone_totals: &zone_totals,
    };
    resolved.deck_size(&mut findings);
    resolved.zone_types(&mut findings);
    let revision = format.revision_on(date).map(|r| &r.revision);
    let banned: Vec<usize> = revision
        .map(|r| {
            r.banned
                .iter()
                .filter_map(|b| game.find(b.get_ref()))
                .collect()
        })
        .unwrap_or_default();
    let limited: Vec<(usize, u32)> = revision
        .map(|r| {
            r.limited
                .iter()
                .filter_map(|(n, &max)| Some((game.find(n)?, max)))
                .collect()
        })
        .unwrap_or_default();

    for rule in &format.rules {
        match &rule.rule {
            Rule::CopyLimit {
                max,
                zones,
                exempt_basic,
                overrides,
            } => resolved.copy_limit(
                *max,
                zones,
                *exempt_basic,
                overrides,
                &banned,
                &limited,
                &mut findings,
            ),
            Rule::LegendaryLimit { max } => resolved.legendary_limit(*max, &banned, &mut findings),
            Rule::Hero { zone, count } => resolved.hero(zone, *count, &mut findings),
            Rule::ColourMinimum { zone, minimum } => {
                resolved.colour_minimum(zone, minimum, &mut findings)
            }
            Rule::ColourRatio { zone, ratio } => resolved.colour_ratio(zone, ratio, &mut findings),
            Rule::SetLegality { sets } => resolved.set_legality(sets, &mut findings),
            Rule::Evolution => resolved.evolution(&mut findings),
        }
    }
    if let Some(revision) = revision {
        resolved.banned(&banned, &mut findings);
        resolved.limited(&limited, &mut findings);
        for group in &revision.combination_banned {
            resolved.combination(group, &mut findings);
        }
    }
    let colours = game
        .def
        .colours
        .iter()
        .map(|colour| ColourCount {
            colour: colour.clone(),
            cards: lines
                .iter()
                .filter(|l| game.cards[l.card].colour() == Some(colour.as_str()))
                .map(|l| l.entry.count)
                .sum(),
        })
        .collect();
    findings.sort_by_key(|f| (f.line.unwrap_or(u32::MAX), rule_order(f.rule)));
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

fn rule_order(rule: &str) -> usize {
    RULE_IDS
        .iter()
        .position(|r| *r == rule)
        .unwrap_or(usize::MAX)
}

fn describe_limit(limit: &crate::format::ZoneLimit) -> Option<String> {
    match (limit.exact, limit.min, limit.max) {
        (Some(e), _, _) => Some(e.to_string()),
        (None, Some(lo), Some(hi)) => Some(format!("{lo}–{hi}")),
        (None, Some(lo), None) => Some(format!("≥ {lo}")),
        (None, None, Some(hi)) => Some(format!("≤ {hi}")),
        (None, None, None) => None,
    }
}

struct ResolvedDeck<'a> {
    game: &'a Game,
    deck: &'a Deck,
    /// The game zone each deck zone (by position) resolved to.
    deck_zones: &'a [Option<usize>],
    format: &'a Format,
    lines: &'a [Line<'a>],
    zone_totals: &'a [u32],
}

impl<'a> ResolvedDeck<'a> {
    fn card(&self, i: usize) -> &'a Card {
        &self.game.cards[i]
    }

    fn zone_id(&self, zone: usize) -> &'a str {
        &self.game.def.zones[zone].id
    }

    fn zone_index(&self, id: &str) -> Option<usize> {
        self.game.def.zones.iter().position(|z| z.id == id)
    }

    /// The deck's header line for a game zone.
    fn header(&self, zone: usize) -> Option<&'a crate::deck::Zone> {
        self.deck
            .zones
            .iter()
            .zip(self.deck_zones)
            .find(|(z, resolved)| z.span.is_some() && **resolved == Some(zone))
            .map(|(z, _)| z)
    }

    fn zone_label(&self, zone: usize) -> &'a str {
        let z = &self.game.def.zones[zone];
        z.headers.first().map_or(z.id.as_str(), String::as_str)
    }

    /// Distinct cards with their total count across `zones` (all zones when empty), and the
    /// last line that adds to the count (where a "remove a copy" fix goes).
    fn totals(&self, zones: &[usize]) -> Vec<(usize, u32, &'a Line<'a>)> {
        let mut out: Vec<(usize, u32, &Line)> = Vec::new();
        for l in self.lines {
            if !zones.is_empty() && !zones.contains(&l.zone) {
                continue;
            }
            match out.iter_mut().find(|(c, _, _)| *c == l.card) {
                Some((_, n, last)) => {
                    *n += l.entry.count;
                    *last = l;
                }
                None => out.push((l.card, l.entry.count, l)),
            }
        }
        out
    }

    fn deck_size(&self, out: &mut Vec<Finding>) {
        let hero_zones: Vec<&str> = self
            .format
            .rules
            .iter()
            .filter_map(|r| match &r.rule {
                Rule::Hero { zone, .. } => Some(zone.as_str()),
                _ => None,
            })
            .collect();
        for (i, def) in self.game.def.zones.iter().enumerate() {
            let total = self.zone_totals[i];
            let header = self.header(i);
            let mut finding = |message: String, help: String| {
                out.push(
                    Finding::error("deck-size", message)
                        .help(help)
                        .zone(&def.id)
                        .at_header(header),
                );
            };
            let label = self.zone_label(i);
            let Some(limit) = self.format.zones.get(&def.id) else {
                if total > 0 {
                    finding(
                        format!(
                            "{} has no {label} zone, but the deck puts {total} cards there",
                            self.format.name
                        ),
                        format!("remove the `{label}:` section"),
                    );
                }
                continue;
            };
            if hero_zones.contains(&def.id.as_str()) {
                continue; // the `hero` rule reports this zone, with better words
            }
            let (min, max) = match (limit.exact, limit.min, limit.max) {
                (Some(e), _, _) => (e, e),
                (None, min, max) => (min.unwrap_or(0), max.unwrap_or(u32::MAX)),
            };
            let wanted = match (limit.exact, min, max) {
                (Some(e), _, _) => format!("exactly {e}"),
                (None, lo, u32::MAX) => format!("at least {lo}"),
                (None, 0, hi) => format!("at most {hi}"),
                (None, lo, hi) => format!("{lo} to {hi}"),
            };
            if total < min {
                finding(
                    format!(
                        "{label} has {total} cards; {} needs {wanted}",
                        self.format.name
                    ),
                    format!("add {}", cards(min - total)),
                );
            } else if total > max {
                finding(
                    format!(
                        "{label} has {total} cards; {} allows {wanted}",
                        self.format.name
                    ),
                    format!("remove {}", cards(total - max)),
                );
            }
        }
    }

    fn zone_types(&self, out: &mut Vec<Finding>) {
        for l in self.lines {
            let card = self.card(l.card);
            if self.game.zone_holds(l.zone, l.card) {
                continue;
            }
            let zone = &self.game.def.zones[l.zone];
            let label = self.game.type_label(card.kind());
            let home = self
                .game
                .def
                .zones
                .iter()
                .find(|z| z.types.iter().any(|t| t == card.kind()));
            let help = match home {
                Some(z) => format!("move it under `{}:`", z.label()),
                None => format!("no zone of {} holds {label} cards", self.game.def.name),
            };
            out.push(
                Finding::error(
                    "zone-type",
                    format!(
                        "`{}` is a {label} card; the {} zone cannot hold it",
                        card.name(),
                        self.zone_label(l.zone)
                    ),
                )
                .help(help)
                .card(card.name())
                .zone(&zone.id)
                .at(l.entry),
            );
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn copy_limit(
        &self,
        max: u32,
        zones: &[String],
        exempt_basic: bool,
        overrides: &[crate::format::CopyOverride],
        banned: &[usize],
        limited: &[(usize, u32)],
        out: &mut Vec<Finding>,
    ) {
        let zones: Vec<usize> = zones.iter().filter_map(|z| self.zone_index(z)).collect();
        let legendary_max = self.format.rules.iter().find_map(|r| match r.rule {
            Rule::LegendaryLimit { max } => Some(max),
            _ => None,
        });
        let overrides: Vec<(usize, CopyMax)> = overrides
            .iter()
            .filter_map(|o| Some((self.game.find(&o.card)?, o.max)))
            .collect();
        for (card_index, count, last) in self.totals(&zones) {
            let card = self.card(card_index);
            if (exempt_basic && card.basic)
                || banned.contains(&card_index)
                || limited.iter().any(|(c, _)| *c == card_index)
                || (legendary_max.is_some() && self.game.is_legendary_at(card_index))
            {
                continue; // other rules own these cards
            }
            let allowed = match overrides
                .iter()
                .find(|(c, _)| *c == card_index)
                .map(|(_, m)| *m)
            {
                Some(CopyMax::Any(_)) => continue,
                Some(CopyMax::Count(n)) => n,
                None => max,
            };
            if count > allowed {
                out.push(
                    Finding::error(
                        "copy-limit",
                        format!(
                            "{count} copies of `{}`; {} allows {allowed}",
                            card.name(),
                            self.format.name
                        ),
                    )
                    .help(format!("remove {}", copies(count - allowed)))
                    .card(card.name())
                    .zone(self.zone_id(last.zone))
                    .at(last.entry),
                );
            }
        }
    }

    fn legendary_limit(&self, max: u32, banned: &[usize], out: &mut Vec<Finding>) {
        for (card_index, count, last) in self.totals(&[]) {
            let card = self.card(card_index);
            if !self.game.is_legendary_at(card_index)
                || banned.contains(&card_index)
                || count <= max
            {
                continue;
            }
            out.push(
                Finding::error(
                    "legendary-limit",
                    format!(
                        "{count} copies of Legendary `{}`; a deck may hold {max}",
                        card.name()
                    ),
                )
                .help(format!("remove {}", copies(count - max)))
                .card(card.name())
                .zone(self.zone_id(last.zone))
                .at(last.entry),
            );
        }
    }

    fn hero(&self, zone: &str, count: u32, out: &mut Vec<Finding>) {
        let Some(zone_index) = self.zone_index(zone) else {
            return;
        };
        let def = &self.game.def.zones[zone_index];
        let what = def
            .types
            .first()
            .map_or_else(|| "card".to_owned(), |t| self.game.type_label(t));
        let header = def.headers.first().map_or(zone, String::as_str);
        let total = self.zone_totals[zone_index];
        if total == count {
            return;
        }
        let in_zone: Vec<&Line> = self.lines.iter().filter(|l| l.zone == zone_index).collect();
        let mut f = if total < count {
            Finding::error(
                "hero",
                format!("the deck has {total} {what} cards; it needs exactly {count}"),
            )
            .help(format!(
                "add a `{header}:` section with {count} {what} card{}",
                if count == 1 { "" } else { "s" }
            ))
        } else {
            Finding::error(
                "hero",
                format!("the deck has {total} {what} cards; it needs exactly {count}"),
            )
            .help(format!("keep exactly {count} under `{header}:`"))
        }
        .zone(zone);
        match in_zone.last() {
            Some(last) => {
                f = f.at(last.entry).card(self.card(last.card).name());
                for other in &in_zone[..in_zone.len() - 1] {
                    if let Some(span) = &other.entry.span {
                        f.related.push((span.clone(), format!("{what} here too")));
                    }
                }
            }
            None => f = f.at_header(self.header(zone_index)),
        }
        out.push(f);
    }

    fn colour_counts(&self, zone: usize) -> BTreeMap<&'a str, u32> {
        let mut counts = BTreeMap::new();
        for l in self.lines.iter().filter(|l| l.zone == zone) {
            if let Some(c) = self.card(l.card).colour() {
                *counts.entry(c).or_insert(0) += l.entry.count;
            }
        }
        counts
    }

    fn colour_minimum(&self, zone: &str, minimum: &BTreeMap<String, u32>, out: &mut Vec<Finding>) {
        let Some(z) = self.zone_index(zone) else {
            return;
        };
        let counts = self.colour_counts(z);
        for (colour, &min) in minimum {
            let have = counts.get(colour.as_str()).copied().unwrap_or(0);
            if have < min {
                let name = title(colour);
                out.push(
                    Finding::error(
                        "colour-minimum",
                        format!(
                            "{have} {name} cards; {} needs at least {min}",
                            self.format.name
                        ),
                    )
                    .help(format!(
                        "add {} {name} card{}",
                        min - have,
                        if min - have == 1 { "" } else { "s" }
                    ))
                    .zone(zone)
                    .at_header(self.header(z)),
                );
            }
        }
    }

    fn colour_ratio(&self, zone: &str, ratio: &BTreeMap<String, u32>, out: &mut Vec<Finding>) {
        let Some(z) = self.zone_index(zone) else {
            return;
        };
        let counts = self.colour_counts(z);
        // u64: ratio parts come from a format file and may be huge; products must not wrap.
        let have = |c: &str| u64::from(counts.get(c).copied().unwrap_or(0));
        let parts: Vec<(&str, u64)> = self
            .ordered(ratio)
            .into_iter()
            .map(|(c, r)| (c, u64::from(r)))
            .collect();
        if parts.is_empty() || parts.iter().any(|&(_, r)| r == 0) {
            return;
        }
        let Some(&(first, r0)) = parts.first() else {
            return;
        };
        let k = have(first) / r0;
        if k > 0 && parts.iter().all(|&(c, r)| have(c) == r * k) {
            return;
        }
        let shape = |k: u64| {
            parts
                .iter()
                .map(|&(_, r)| (r * k).to_string())
                .collect::<Vec<_>>()
                .join(":")
        };
        let actual = parts
            .iter()
            .map(|&(c, _)| have(c).to_string())
            .collect::<Vec<_>>()
            .join(":");
        let wanted = parts
            .iter()
            .map(|&(_, r)| r.to_string())
            .collect::<Vec<_>>()
            .join(":");
        let names = parts
            .iter()
            .map(|&(c, _)| title(c))
            .collect::<Vec<_>>()
            .join(":");
        // The nearest exact ratios: scale up to cover every colour, or down to fit inside.
        let up = parts
            .iter()
            .map(|&(c, r)| have(c).div_ceil(r))
            .max()
            .unwrap_or(1)
            .max(1);
        let down = parts.iter().map(|&(c, r)| have(c) / r).min().unwrap_or(0);
        let change = |k: u64| {
            parts
                .iter()
                .filter(|&&(c, r)| have(c) != r * k)
                .map(|&(c, r)| {
                    let (verb, n) = if r * k > have(c) {
                        ("add", r * k - have(c))
                    } else {
                        ("remove", have(c) - r * k)
                    };
                    format!("{verb} {n} {}", title(c))
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut help = format!("{} ({})", change(up), shape(up));
        if down >= 1 && down != up {
            help = format!("{} ({}), or {help}", change(down), shape(down));
        }
        out.push(
            Finding::error(
                "colour-ratio",
                format!(
                    "{names} is {actual}; {} needs exactly {wanted}",
                    self.format.name
                ),
            )
            .help(help)
            .zone(zone)
            .at_header(self.header(z)),
        );
    }

    /// Ratio parts in the game's colour order (red, blue, green), not alphabetical.
    fn ordered<'r>(&self, map: &'r BTreeMap<String, u32>) -> Vec<(&'r str, u32)> {
        let colours = &self.game.def.colours;
        let mut parts: Vec<(&str, u32)> = map.iter().map(|(c, &r)| (c.as_str(), r)).collect();
        parts.sort_by_key(|(c, _)| colours.iter().position(|x| x == c).unwrap_or(usize::MAX));
        parts
    }

    fn set_legality(&self, sets: &[String], out: &mut Vec<Finding>) {
        for l in self.lines {
            let card = self.card(l.card);
            if sets.iter().any(|s| s == card.set()) {
                continue;
            }
            out.push(
                Finding::error(
                    "set-legality",
                    format!(
                        "`{}` is from set {}, not legal in {}",
                        card.name(),
                        card.set(),
                        self.format.name
                    ),
                )
                .help(format!(
                    "{} allows the sets {}",
                    self.format.name,
                    sets.join(", ")
                ))
                .card(card.name())
                .zone(self.zone_id(l.zone))
                .at(l.entry),
            );
        }
    }

    fn evolution(&self, out: &mut Vec<Finding>) {
        let ladder = &self.game.def.evolution_levels;
        for l in self.lines {
            let card = self.card(l.card);
            let Some(evo) = &card.evolution else { continue };
            let evo = evo.get_ref();
            let Some(pos) = ladder.iter().position(|x| *x == evo.level) else {
                continue;
            };
            let (present, needed) = if pos == 0 {
                let base = self.game.find(&evo.base);
                (
                    self.lines.iter().any(|o| Some(o.card) == base),
                    format!("`{}`", evo.base),
                )
            } else {
                let prev = &ladder[pos - 1];
                let present = self.lines.iter().any(|o| {
                    self.card(o.card)
                        .evolution
                        .as_ref()
                        .is_some_and(|e| e.get_ref().line == evo.line && &e.get_ref().level == prev)
                });
                (present, format!("a level {prev} `{}` card", evo.line))
            };
            if !present {
                let mut f = Finding::error(
                    "evolution",
                    format!(
                        "`{}` (level {}) needs {needed} in play first, and the deck has none",
                        card.name(),
                        evo.level
                    ),
                )
                .help(format!("add {needed}, or this card can never be played"))
                .card(card.name())
                .zone(self.zone_id(l.zone))
                .at(l.entry);
                f.severity = Severity::Warning;
                out.push(f);
            }
        }
    }

    fn banned(&self, banned: &[usize], out: &mut Vec<Finding>) {
        for l in self.lines.iter().filter(|l| banned.contains(&l.card)) {
            let card = self.card(l.card);
            out.push(
                Finding::error(
                    "banned",
                    format!("`{}` is banned in {}", card.name(), self.format.name),
                )
                .help("remove every copy".to_owned())
                .card(card.name())
                .zone(self.zone_id(l.zone))
                .at(l.entry),
            );
        }
    }

    fn limited(&self, limited: &[(usize, u32)], out: &mut Vec<Finding>) {
        for (card_index, count, last) in self.totals(&[]) {
            let Some(&(_, max)) = limited.iter().find(|(c, _)| *c == card_index) else {
                continue;
            };
            if count <= max {
                continue;
            }
            let card = self.card(card_index);
            out.push(
                Finding::error(
                    "limited",
                    format!(
                        "{count} copies of `{}`, which {} limits to {max}",
                        card.name(),
                        self.format.name
                    ),
                )
                .help(format!("remove {}", copies(count - max)))
                .card(card.name())
                .zone(self.zone_id(last.zone))
                .at(last.entry),
            );
        }
    }

    fn combination(&self, group: &[String], out: &mut Vec<Finding>) {
        let mut present: Vec<&Line> = Vec::new();
        for name in group {
            let Some(card) = self.game.find(name) else {
                return;
            };
            match self.lines.iter().find(|l| l.card == card) {
                Some(l) => present.push(l),
                None => return,
            }
        }
        let Some((last, others)) = present.split_last() else {
            return;
        };
        let names: Vec<String> = present
            .iter()
            .map(|l| format!("`{}`", self.card(l.card).name()))
            .collect();
        let mut f = Finding::error(
            "combination-banned",
            format!(
                "{} may not be played together in {}",
                names.join(" and "),
                self.format.name
            ),
        )
        .help(format!("remove {} or the other", names[names.len() - 1]))
        .card(self.card(last.card).name())
        .zone(self.zone_id(last.zone))
        .at(last.entry);
        for o in others {
            if let Some(span) = &o.entry.span {
                f.related
                    .push((span.clone(), "banned in combination with this".into()));
            }
        }
        out.push(f);
    }
}

fn cards(n: u32) -> String {
    if n == 1 {
        "1 card".into()
    } else {
        format!("{n} cards")
    }
}

fn copies(n: u32) -> String {
    if n == 1 {
        "1 copy".into()
    } else {
        format!("{n} copies")
    }
}

fn title(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}
