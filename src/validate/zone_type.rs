//! `zone-type`: each zone holds only the card types the game allows there.

use super::finding::Finding;
use super::resolved::{Check, ResolvedDeck};
use super::rule_id::RuleId;

pub(crate) struct ZoneType;

impl Check for ZoneType {
    fn check(&self, deck: &ResolvedDeck, out: &mut Vec<Finding>) {
        if !deck.misplaced {
            return;
        }
        let (game, def) = (deck.game, &deck.game.def);
        for l in deck
            .lines
            .iter()
            .filter(|l| !game.zone_holds(l.zone, l.card))
        {
            let card = deck.card(l.card);
            let label = game.type_label(card.kind());
            let home = (def.zones.iter()).find(|z| z.types.iter().any(|t| t == card.kind()));
            let help = match home {
                Some(z) => format!("move it under `{}:`", z.label()),
                None => format!("no zone of {} holds {label} cards", def.name),
            };
            let message = format!(
                "`{}` is a {label} card; the {} zone cannot hold it",
                card.name(),
                deck.zone_label(l.zone)
            );
            out.push(deck.at_line(Finding::new(RuleId::ZoneType, message).help(help), l));
        }
    }
}
