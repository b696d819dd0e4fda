//! `printing` (a warning): each printing a list names (`(SET) 12`) is one the card database
//! knows for its card. The printing stays as written: a wrong guess would be worse than the
//! warning.

use super::finding::Finding;
use super::resolved::{Check, ResolvedDeck};
use super::rule_id::RuleId;

pub(crate) struct Printing;

impl Check for Printing {
    fn check(&self, deck: &ResolvedDeck, out: &mut Vec<Finding>) {
        if !deck.printed {
            return;
        }
        for l in deck.lines {
            let Some(p) = deck.entry(l).printing else {
                continue;
            };
            let card = deck.card(l.card);
            let printings = std::iter::once((card.set(), card.number)).chain(
                card.printings
                    .iter()
                    .map(|p| (p.set.get_ref().as_str(), p.number)),
            );
            let matches = |(set, number): &(&str, Option<u32>)| {
                p.set.eq_ignore_ascii_case(set)
                    && match (&p.number, number) {
                        (Some(written), Some(known)) => {
                            written.trim_start_matches('0') == known.to_string()
                        }
                        _ => true,
                    }
            };
            let printings: Vec<(&str, Option<u32>)> = printings.collect();
            if printings.iter().any(matches) {
                continue;
            }
            let known: Vec<String> = (printings.iter())
                .map(|(set, number)| match number {
                    Some(n) => format!("({set}) {n}"),
                    None => format!("({set})"),
                })
                .collect();
            let (known, to) = match known.as_slice() {
                [rest @ .., last] if !rest.is_empty() => (
                    format!("{} and {last}", rest.join(", ")),
                    "one of them".to_owned(),
                ),
                _ => (known.concat(), known.concat()),
            };
            let name = card.name();
            let message =
                format!("the card database has no printing {p} of `{name}`; it knows {known}");
            let help = format!(
                "correct the printing to {to}, or leave it out; the deck is checked as `{name}` either way"
            );
            out.push(deck.at_line(Finding::new(RuleId::Printing, message).help(help), l));
        }
    }
}
