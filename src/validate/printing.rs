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
            let set_matches = p.set.eq_ignore_ascii_case(card.set());
            let number_matches = match (&p.number, card.number) {
                (Some(written), Some(known)) => {
                    written.trim_start_matches('0') == known.to_string()
                }
                _ => true,
            };
            if set_matches && number_matches {
                continue;
            }
            let known = match card.number {
                Some(n) => format!("({}) {n}", card.set()),
                None => format!("({})", card.set()),
            };
            let name = card.name();
            let message =
                format!("the card database has no printing {p} of `{name}`; it knows {known}");
            let help = format!(
                "correct the printing to {known}, or leave it out; the deck is checked as `{name}` either way"
            );
            out.push(deck.at_line(Finding::new(RuleId::Printing, message).help(help), l));
        }
    }
}
