//! `colour-identity`: every card's colours lie within the deck's identity — the colours of its
//! Leader (the card in a zone such as the Leader or ruler zone), a declared set, or both — and
//! the deck uses at most so many colours. "Two colours, chosen by the Leader" is
//! `from = "leader"` with `max = 2`.

use super::finding::Finding;
use super::resolved::{plural, Check, Line, ResolvedDeck, RuleSite};
use super::rule_id::RuleId;
use crate::diagnostic::Problem;
use serde::{Deserialize, Serialize};

/// Every card's colours lie within the identity, and the deck uses at most `max` colours. A
/// colourless card is within any identity; a multi-colour card must lie wholly inside.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ColourIdentity {
    /// The zone whose card gives the identity (the Leader zone): the colours of the cards of
    /// the zone's type there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// The colours a deck may use (with `from`: only those the Leader has too).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub colours: Vec<String>,
    /// At most this many colours across the deck.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<u32>,
    /// Zones whose cards are checked; empty = all.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub zones: Vec<String>,
}

/// At most this many off-colour cards are named in a finding's help.
const NAMED: usize = 8;

/// The colours cards must lie within.
struct Identity<'d> {
    /// In the game's colour order.
    allowed: Vec<&'d str>,
    /// Whose colours they are, in words (`the colours of the Leader `Aurel``).
    whose: String,
    /// The zone label and name of the card that chose them (the Leader), if one did.
    chooser: Option<(&'d str, &'d str)>,
}

impl Check for ColourIdentity {
    fn check(&self, deck: &ResolvedDeck, out: &mut Vec<Finding>) {
        let game = deck.game;
        let checked: Vec<&Line> = (deck.lines.iter())
            .filter(|l| {
                self.zones.is_empty() || self.zones.iter().any(|z| deck.zone_id(l.zone) == z)
            })
            .collect();
        let inside = |l: &Line, allowed: &[&str]| {
            game.colours_of(deck.card(l.card))
                .all(|c| allowed.contains(&c))
        };

        let identity = self.identity(deck);
        let mut off: Vec<&Line> = Vec::new();
        if let Some(id) = &identity {
            off = (checked.iter().copied())
                .filter(|l| !inside(l, &id.allowed))
                .collect();
            if !off.is_empty() {
                let n: u32 = off.iter().map(|l| l.count).sum();
                let message = format!(
                    "{n} card{} outside {} ({})",
                    plural(n),
                    id.whose,
                    list(&id.allowed)
                );
                let lead = format!("off-{}", noun(deck));
                out.push(finding(deck, message, &lead, &off));
            }
        }

        let Some(max) = self.max else { return };
        let max_colours = max as usize;
        // Colours of the cards the identity let through, counted by copies, in game order.
        let rest: Vec<&Line> = (checked.iter().copied())
            .filter(|l| !off.iter().any(|o| std::ptr::eq(*o, *l)))
            .collect();
        let order = game.colour_words();
        let mut used: Vec<(&str, u32)> = Vec::new();
        for l in &rest {
            for c in game.colours_of(deck.card(l.card)) {
                match used.iter_mut().find(|(u, _)| *u == c) {
                    Some((_, n)) => *n = n.saturating_add(l.count),
                    None => used.push((c, l.count)),
                }
            }
        }
        used.sort_by_key(|(c, _)| order.iter().position(|o| o == c).unwrap_or(usize::MAX));
        if used.len() <= max_colours {
            return;
        }
        // Keep the colours with the most cards (ties in the game's order): the fewest cards to
        // change.
        let mut most = used.clone();
        most.sort_by_key(|&(_, n)| std::cmp::Reverse(n));
        most.truncate(max_colours);
        let keep: Vec<&str> = (used.iter().map(|&(c, _)| c))
            .filter(|c| most.iter().any(|(k, _)| k == c))
            .collect();
        let beyond: Vec<&Line> = rest.into_iter().filter(|l| !inside(l, &keep)).collect();
        let format = deck.format_name;
        let message = match &identity {
            // The Leader chose too many: say so, rather than count the deck's colours.
            Some(Identity {
                allowed,
                chooser: Some((label, name)),
                ..
            }) if allowed.len() > max_colours => format!(
                "the {label} `{name}` has {} {}s ({}); {format} allows at most {max}",
                allowed.len(),
                noun(deck),
                list(allowed)
            ),
            _ => {
                let names: Vec<&str> = used.iter().map(|&(c, _)| c).collect();
                format!(
                    "the deck uses {} {}s ({}); {format} allows at most {max}",
                    used.len(),
                    noun(deck),
                    list(&names)
                )
            }
        };
        let lead = if keep.is_empty() {
            format!("with any {}", noun(deck))
        } else {
            format!(
                "off-{} beyond {} (the {max} with the most cards)",
                noun(deck),
                list(&keep)
            )
        };
        out.push(finding(deck, message, &lead, &beyond));
    }

    fn lint(&self, site: &RuleSite, out: &mut Vec<Problem>) {
        for zone in self.from.iter().chain(&self.zones) {
            site.zone(zone, out);
        }
        let known: Vec<&str> = site
            .game
            .colour_words()
            .iter()
            .map(String::as_str)
            .collect();
        for colour in &self.colours {
            if !known.contains(&colour.as_str()) {
                out.push(site.unknown("colour", colour, &known));
            }
        }
        if self.from.is_none() && self.colours.is_empty() && self.max.is_none() {
            out.push(
                site.problem(
                    "a colour-identity rule that names no identity checks nothing",
                    "no identity",
                )
                .help(
                    "give it `from = \"<zone>\"` (the Leader's colours), `colours = [...]` or `max = N`",
                ),
            );
        }
    }
}

impl ColourIdentity {
    /// The colours cards must lie within; `None` when the rule bounds none, or takes them from
    /// a zone that holds no card to take them from (`hero` reports that zone).
    fn identity<'d>(&self, deck: &ResolvedDeck<'d>) -> Option<Identity<'d>> {
        let game = deck.game;
        let order = game.colour_words();
        let mut found: Option<Identity> = None;
        if let Some(z) = self.from.as_deref().and_then(|zone| deck.zone_index(zone)) {
            // Only cards of the zone's type choose (a Land put in the Leader zone does not).
            let leaders: Vec<&Line> = (deck.lines.iter())
                .filter(|l| l.zone == z && game.zone_holds(z, l.card))
                .collect();
            if let Some(first) = leaders.first() {
                let (label, name) = (deck.zone_label(z), deck.card(first.card).name());
                found = Some(Identity {
                    allowed: (order.iter().map(String::as_str))
                        .filter(|c| {
                            (leaders.iter())
                                .any(|l| game.colours_of(deck.card(l.card)).any(|x| x == *c))
                        })
                        .collect(),
                    whose: format!("the {}s of the {label} `{name}`", noun(deck)),
                    chooser: Some((label, name)),
                });
            }
        }
        if !self.colours.is_empty() {
            let declared =
                (order.iter().map(String::as_str)).filter(|c| self.colours.iter().any(|d| d == c));
            let format = deck.format_name;
            found = Some(match found {
                Some(leader) => Identity {
                    allowed: declared.filter(|c| leader.allowed.contains(c)).collect(),
                    whose: format!("{} that {format} allows", leader.whose),
                    chooser: leader.chooser,
                },
                None => Identity {
                    allowed: declared.collect(),
                    whose: format!("{format}'s {}s", noun(deck)),
                    chooser: None,
                },
            });
        }
        found
    }
}

/// One finding for a set of off-colour lines: at the first, the others as related lines, and
/// the help naming them all (up to [`NAMED`]) after `lead`.
fn finding(deck: &ResolvedDeck, message: String, lead: &str, off: &[&Line]) -> Finding {
    let game = deck.game;
    let mut named: Vec<String> = (off.iter().take(NAMED))
        .map(|l| {
            let card = deck.card(l.card);
            let colours: Vec<&str> = game.colours_of(card).collect();
            format!("{} {} ({})", l.count, card.name(), colours.join("/"))
        })
        .collect();
    if off.len() > NAMED {
        named.push(format!("and {} more", off.len() - NAMED));
    }
    let one = matches!(off, [only] if only.count == 1);
    let noun = noun(deck);
    let fix = if one {
        format!("remove it or replace it with a card of those {noun}s")
    } else {
        format!("remove them or replace them with cards of those {noun}s")
    };
    let help = format!("{lead}: {}; {fix}", named.join(", "));
    let mut f = Finding::new(RuleId::ColourIdentity, message).help(help);
    if let Some((first, others)) = off.split_first() {
        f = deck.at_line(f, first);
        for other in others {
            if let Some(span) = &deck.entry(other).span {
                f.related.push((span.clone(), "off-colour too".to_owned()));
            }
        }
    }
    f
}

/// What the game calls the colours an identity is made of: attributes in a game without
/// colours (Force of Will).
fn noun(deck: &ResolvedDeck) -> &'static str {
    if deck.game.def.colours.is_empty() {
        "attribute"
    } else {
        "colour"
    }
}

/// `white, blue`, or `none`.
fn list(colours: &[&str]) -> String {
    if colours.is_empty() {
        "none".to_owned()
    } else {
        colours.join(", ")
    }
}
