//! The deck path's promises that no output shows (issue #15, point 1): checking a deck
//! allocates nothing once a thread's buffers have grown, but for the verdict's list of zones,
//! and the evolution ladder indexed once per game says what the cards' names say.

use crate::counting;
use crate::support::example_decks;
use decksmith::card_db::EvolutionStep;
use decksmith::catalog::Catalog;
use decksmith::date::Date;
use decksmith::encoding::text;
use decksmith::validate::Validator;

#[test]
fn a_clean_deck_is_checked_with_one_allocation_after_warm_up() {
    let catalog = Catalog::embedded().expect("the shipped data loads");
    let date = Date::new(2026, 11, 29).expect("a date");
    let mut checked = 0;
    for path in example_decks() {
        let source = std::fs::read_to_string(&path).unwrap();
        let deck = text::parse_borrowed(&source);
        let format = catalog.format(deck.format.as_ref().unwrap().value).unwrap();
        let game = &catalog.games[&format.game];
        let validator = Validator::new(format, game, date);
        // The first check grows the thread's buffers and learns each card's owning rule.
        if !validator.validate(&deck).findings.is_empty() || !game.def.colours.is_empty() {
            // Findings are worded, and the colour rules keep their lists per deck.
            continue;
        }
        let before = counting::allocations();
        let verdict = validator.validate(&deck);
        let made = counting::allocations() - before;
        assert_eq!(made, 1, "{}: {made} allocations", path.display());
        assert!(verdict.findings.is_empty());
        checked += 1;
    }
    assert!(checked >= 4, "only {checked} clean example decks");
}

#[test]
fn evolution_steps_say_what_the_names_say() {
    let catalog = Catalog::embedded().expect("the shipped data loads");
    let mut steps = 0;
    for game in catalog.games.values() {
        let ladder = &game.def.evolution_levels;
        let rung = |level: &str| ladder.iter().position(|l| l == level);
        for (i, card) in game.cards.iter().enumerate() {
            let expected = card.evolution.as_ref().and_then(|evo| {
                let evo = evo.get_ref();
                let level = rung(&evo.level)?;
                let first_of_line = (game.cards.iter()).position(|c| {
                    (c.evolution.as_ref()).is_some_and(|e| e.get_ref().line == evo.line)
                });
                Some(EvolutionStep {
                    level: level as u32,
                    previous: (level > 0).then(|| rung(&ladder[level - 1]).unwrap() as u32),
                    line: first_of_line.unwrap() as u32,
                    base: game.find(&evo.base).map(|b| b as u32),
                })
            });
            assert_eq!(game.evolution_step(i), expected.as_ref(), "{}", card.name());
            steps += usize::from(expected.is_some());
        }
    }
    assert!(steps > 0, "no shipped card evolves");
}
