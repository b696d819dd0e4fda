//! `sideboard-plan`: each of a deck's plans can be made (its cards exist, the side zone holds
//! what it boards in, the main deck what it boards out) and leaves a deck the format allows.
//! The post-board deck is checked with the same validator; a rule it breaks (for a zone and
//! card) that the deck as written does not is reported at the plan's `Plan:` line, the
//! underlying rule named.

use super::{only_in, Finding, RuleId, Severity, Validator, Verdict};
use crate::deck::{Deck, DeckRef};

pub(super) fn check(validator: &Validator, deck: &DeckRef, verdict: &mut Verdict) {
    let written = deck.clone().into_owned();
    for plan in deck.plans.iter() {
        let post = match written.with_plan(plan, validator.game) {
            Ok(post) => post,
            Err(problems) => {
                verdict.findings.extend(problems.into_iter().map(|p| {
                    let mut f = Finding::new(RuleId::SideboardPlan, p.message).help(p.help);
                    f.card = p.card;
                    f.span = p.span;
                    f.line = p.line;
                    f
                }));
                continue;
            }
        };
        // The deck's own unreadable lines are reported once, for the deck as written.
        let post = Deck {
            problems: Vec::new(),
            warnings: Vec::new(),
            ..post
        };
        let after = validator.validate(&post.borrowed());
        // A rule the deck as written already breaks for the same zone and card is that
        // rule's finding, not the plan's (Main at 38 before and 37 after is one problem).
        let same =
            |a: &Finding, b: &Finding| (a.rule, &a.zone, &a.card) == (b.rule, &b.zone, &b.card);
        for broken in only_in(&after.findings, &verdict.findings, same) {
            if broken.severity != Severity::Error {
                continue;
            }
            let mut f = Finding::new(
                RuleId::SideboardPlan,
                format!(
                    "plan `{}` leaves an illegal deck: {} ({})",
                    plan.name.value, broken.message, broken.rule
                ),
            );
            f.help = Some(match broken.help {
                Some(help) => format!("after boarding, {help}"),
                None => "change the plan's swaps so the post-board deck stays legal".into(),
            });
            f.card = broken.card;
            f.zone = broken.zone;
            f.span = plan.name.span.clone();
            f.line = plan.name.line;
            verdict.findings.push(f);
        }
    }
}
