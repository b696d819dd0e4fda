//! `combination-banned`: no group of cards the revision in force bans together.

use super::finding::Finding;
use super::resolved::{Check, Line, ResolvedDeck, RuleSite};
use super::rule_id::RuleId;
use crate::card_db::Game;
use crate::diagnostic::Problem;
use toml::Spanned;

/// The groups banned together, each card resolved (`None`: not in the database, so the group
/// is never complete).
pub(crate) struct CombinationBanned(pub Vec<Vec<Option<usize>>>);

impl CombinationBanned {
    pub fn new(groups: &[Vec<Spanned<String>>], game: &Game) -> Self {
        let resolve =
            |group: &Vec<Spanned<String>>| group.iter().map(|n| game.find(n.get_ref())).collect();
        CombinationBanned(groups.iter().map(resolve).collect())
    }

    pub fn lint(groups: &[Vec<Spanned<String>>], site: &RuleSite, out: &mut Vec<Problem>) {
        for group in groups {
            if group.len() < 2 {
                let mut problem = site.problem(
                    "a combination ban needs at least two cards",
                    "in this revision",
                );
                if let Some(card) = group.first() {
                    problem.labels = vec![(card.span(), "the only card of its group".into())];
                }
                out.push(problem.help("name the cards that may not be played together"));
            }
            for card in group {
                site.card(card.get_ref(), Some(card.span()), out);
            }
        }
    }
}

impl Check for CombinationBanned {
    fn check(&self, deck: &ResolvedDeck, out: &mut Vec<Finding>) {
        'groups: for group in &self.0 {
            let mut present: Vec<&Line> = Vec::new();
            for &card in group {
                match deck.lines.iter().find(|l| Some(l.card) == card) {
                    Some(l) => present.push(l),
                    None => continue 'groups,
                }
            }
            let Some((last, others)) = present.split_last() else {
                continue;
            };
            let names: Vec<String> = (present.iter())
                .map(|l| format!("`{}`", deck.card(l.card).name()))
                .collect();
            let message = format!(
                "{} may not be played together in {}",
                names.join(" and "),
                deck.format_name
            );
            let help = format!("remove {} or the other", names[names.len() - 1]);
            let mut f = deck.at_line(
                Finding::new(RuleId::CombinationBanned, message).help(help),
                last,
            );
            for o in others {
                if let Some(span) = &deck.entry(o).span {
                    f.related
                        .push((span.clone(), "banned in combination with this".into()));
                }
            }
            out.push(f);
        }
    }
}
