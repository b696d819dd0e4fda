//! A deck resolved against its game (each line's card, zone and owning rule), what every rule
//! kind implements, and where a rule sits in its format file for the rule's format lint.

use super::finding::Finding;
use super::rule_id::RuleId;
use crate::card_db::{Card, Game};
use crate::deck::{DeckRef, EntryRef, ZoneRef};
use crate::diagnostic::{Problem, SourceFile};
use crate::names;
use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::Arc;

/// One rule kind, ready to check a deck.
pub(crate) trait Check: Sync {
    /// Rules that count copies own the cards they count: in a pre-pass each card goes to the
    /// rule that claims it with the lowest rank (banned 0, then limited 1, Legendary 2, and
    /// the copy limit 3). `None`: this rule does not claim the card.
    fn claim(&self, _game: &Game, _card: usize) -> Option<u8> {
        None
    }

    /// Whether [`Check::claim`] can claim any card: the pre-pass asks only the rules that can.
    fn claims_cards(&self) -> bool {
        false
    }

    /// A zone this rule reports sizes for, so `deck-size` leaves it alone.
    fn claims_zone(&self, _zone: &str) -> bool {
        false
    }

    fn check(&self, deck: &ResolvedDeck, out: &mut Vec<Finding>);

    /// Format lint: what the rule's parameters name that its game lacks.
    fn lint(&self, _site: &RuleSite, _out: &mut Vec<Problem>) {}
}

/// One deck line resolved against the database. It names its entry by position, so the
/// lines of one deck after another fill one reused buffer.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Line {
    /// Index in [`DeckRef::entries`].
    pub entry: u32,
    pub count: u32,
    pub card: usize,
    pub zone: usize,
    /// The rank of the rule that counts this card's copies, decided in the pre-pass.
    pub owner: Option<u8>,
    /// Index in [`ResolvedDeck::cards`] of this line's card (the lines of one card share it).
    pub slot: u32,
}

/// One distinct card of a deck, its lines merged once for every rule that counts copies.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CardTotal {
    pub card: usize,
    pub owner: Option<u8>,
    /// Copies over all zones.
    pub count: u32,
    /// The last line of the card (where a "remove a copy" fix goes).
    pub last: u32,
}

pub(crate) struct ResolvedDeck<'a> {
    pub game: &'a Game,
    pub deck: &'a DeckRef<'a>,
    /// The game zone each deck zone (by position) resolved to.
    pub deck_zones: &'a [Option<usize>],
    pub format_name: &'a str,
    pub lines: &'a [Line],
    /// The deck's distinct cards in the order they first appear.
    pub cards: &'a [CardTotal],
    pub zone_totals: &'a [u32],
    /// Per game zone, its cards of the types the zone holds (what `hero` counts).
    pub typed_totals: &'a [u32],
    /// Whether some line's zone cannot hold its card (what `zone-type` reports).
    pub misplaced: bool,
    /// Whether some line names a printing (what `printing` checks).
    pub printed: bool,
    /// Game zones a rule other than `deck-size` reports sizes for.
    pub claimed_zones: &'a [usize],
}

impl<'a> ResolvedDeck<'a> {
    /// The deck entry a line was read from.
    pub fn entry(&self, line: &Line) -> &'a EntryRef<'a> {
        &self.deck.entries[line.entry as usize]
    }

    pub fn card(&self, i: usize) -> &'a Card {
        &self.game.cards[i]
    }

    pub fn zone_id(&self, zone: usize) -> &'a str {
        &self.game.def.zones[zone].id
    }

    pub fn zone_index(&self, id: &str) -> Option<usize> {
        self.game.def.zones.iter().position(|z| z.id == id)
    }

    /// The deck's header line for a game zone.
    pub fn header(&self, zone: usize) -> Option<&'a ZoneRef<'a>> {
        self.deck
            .zones
            .iter()
            .zip(self.deck_zones)
            .find(|(z, resolved)| z.span.is_some() && **resolved == Some(zone))
            .map(|(z, _)| z)
    }

    pub fn zone_label(&self, zone: usize) -> &'a str {
        let z = &self.game.def.zones[zone];
        z.headers.first().map_or(z.id.as_str(), String::as_str)
    }

    /// Each distinct card the rule of rank `owner` owns, in the order the cards first appear
    /// in `zones` (all zones when empty), given to `each` with its total count there and the
    /// last line that adds to it (where a "remove a copy" fix goes).
    #[inline]
    pub fn totals(&self, owner: u8, zones: &[usize], mut each: impl FnMut(usize, u32, &Line)) {
        let owned = |l: &Line| l.owner == Some(owner);
        if zones.is_empty() {
            for c in self.cards.iter().filter(|c| c.owner == Some(owner)) {
                each(c.card, c.count, &self.lines[c.last as usize]);
            }
            return;
        }
        // Some zones only: each card at its first line there, its lines there summed, in one
        // pass over the lines (a scan back per line would grow with lines × lines).
        let counted = |l: &Line| owned(l) && zones.contains(&l.zone);
        let mut sums: Vec<Option<(u32, usize)>> = vec![None; self.cards.len()];
        let mut firsts = Vec::new();
        for (i, l) in self.lines.iter().enumerate().filter(|(_, l)| counted(l)) {
            match sums.get_mut(l.slot as usize) {
                Some(Some((n, last))) => {
                    *n += l.count;
                    *last = i;
                }
                Some(sum) => {
                    *sum = Some((l.count, i));
                    firsts.push(i);
                }
                None => {}
            }
        }
        for first in firsts {
            let line = &self.lines[first];
            if let Some(Some((n, last))) = sums.get(line.slot as usize) {
                each(line.card, *n, &self.lines[*last]);
            }
        }
    }

    /// "remove N copies" of the card counted in `last`, at its last line.
    pub fn too_many(&self, rule: RuleId, message: String, excess: u32, last: &Line) -> Finding {
        self.at_line(Finding::new(rule, message), last)
            .help(format!("remove {}", copies(excess)))
    }

    /// The finding pointed at a deck line, naming its card and zone.
    pub fn at_line(&self, finding: Finding, line: &Line) -> Finding {
        finding
            .card(self.card(line.card).name())
            .zone(self.zone_id(line.zone))
            .at(self.entry(line))
    }

    /// Cards per colour bucket in a zone (a multi-colour card as its game counts it).
    pub fn colour_counts(&self, zone: usize) -> BTreeMap<&'a str, u32> {
        let mut counts = BTreeMap::new();
        for l in self.lines.iter().filter(|l| l.zone == zone) {
            for c in self.game.colour_buckets(self.card(l.card)) {
                *counts.entry(c).or_insert(0) += l.count;
            }
        }
        counts
    }
}

/// Where a rule is written, for its format lint's problems.
pub(crate) struct RuleSite<'a> {
    pub game: &'a Game,
    pub format: &'a str,
    pub file: &'a Arc<SourceFile>,
    pub span: Range<usize>,
}

impl RuleSite<'_> {
    pub fn problem(&self, message: impl Into<String>, label: &str) -> Problem {
        Problem::error("format", message)
            .in_file(self.file)
            .label(self.span.clone(), label)
    }

    pub fn unknown(&self, what: &str, name: &str, known: &[&str]) -> Problem {
        let mut p = Problem::error(
            "format",
            format!("format `{}` names unknown {what} `{name}`", self.format),
        )
        .in_file(self.file)
        .help(names::suggest_or_list(name, known));
        if !self.span.is_empty() {
            p = p.label(self.span.clone(), format!("unknown {what}"));
        }
        p
    }

    pub fn zone(&self, zone: &str, out: &mut Vec<Problem>) {
        if self.game.zone(zone).is_none() {
            let ids: Vec<&str> = self.game.def.zones.iter().map(|z| z.id.as_str()).collect();
            out.push(self.unknown("zone", zone, &ids));
        }
    }

    /// A card the rule names must exist; `span` is where the name is, when known.
    pub fn card(&self, name: &str, span: Option<Range<usize>>, out: &mut Vec<Problem>) {
        if self.game.find(name).is_none() {
            out.push(
                Problem::error(
                    "format",
                    format!(
                        "format `{}` names card `{name}`, which is not in the {} database",
                        self.format, self.game.def.name
                    ),
                )
                .in_file(self.file)
                .label(span.unwrap_or(self.span.clone()), "unknown card")
                .maybe_help(
                    self.game
                        .suggest(name)
                        .map(|s| format!("did you mean `{s}`?")),
                ),
            );
        }
    }
}

pub(crate) fn copies(n: u32) -> String {
    if n == 1 {
        "1 copy".into()
    } else {
        format!("{n} copies")
    }
}

/// `red` → `Red`.
pub(crate) fn title(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

pub(crate) fn plural(n: impl Into<u64>) -> &'static str {
    if n.into() == 1 {
        ""
    } else {
        "s"
    }
}
