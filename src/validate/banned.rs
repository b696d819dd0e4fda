//! `banned`: no card the revision in force bans. It claims banned cards before every other
//! rule, so no copy count reports them again.

use super::finding::Finding;
use super::resolved::{Check, ResolvedDeck, RuleSite};
use super::rule_id::RuleId;
use crate::card_db::Game;
use crate::diagnostic::Problem;
use toml::Spanned;

/// Rank in the pre-pass that gives each card to one rule (see `Check::claim`).
const RANK: u8 = 0;

/// The banned cards, resolved.
pub(crate) struct Banned(pub Vec<usize>);

impl Banned {
    pub fn new(list: &[Spanned<String>], game: &Game) -> Banned {
        Banned(list.iter().filter_map(|b| game.find(b.get_ref())).collect())
    }

    pub fn lint(list: &[Spanned<String>], site: &RuleSite, out: &mut Vec<Problem>) {
        for card in list {
            site.card(card.get_ref(), Some(card.span()), out);
        }
    }
}

impl Check for Banned {
    fn claims_cards(&self) -> bool {
        !self.0.is_empty()
    }

    fn claim(&self, _game: &Game, card: usize) -> Option<u8> {
        self.0.contains(&card).then_some(RANK)
    }

    fn check(&self, deck: &ResolvedDeck, out: &mut Vec<Finding>) {
        if self.0.is_empty() {
            return; // most revisions ban nothing: no line to look at
        }
        for l in deck.lines.iter().filter(|l| l.owner == Some(RANK)) {
            let message = format!(
                "`{}` is banned in {}",
                deck.card(l.card).name(),
                deck.format_name
            );
            let finding =
                Finding::new(RuleId::Banned, message).help("remove every copy".to_owned());
            out.push(deck.at_line(finding, l));
        }
    }
}
