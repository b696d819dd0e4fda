//! Stats over the shipped example decks (the odds are also checked against dealing, in
//! `goldfish`'s tests).

use super::*;
use crate::catalog::Catalog;
use crate::diagnostic::SourceFile;

pub(crate) fn load(path: &str) -> (Resolved, &'static Game, &'static Format) {
    let catalog = Catalog::embedded().unwrap();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join(path)).unwrap();
    let source = SourceFile::new(path, text);
    let deck = crate::encoding::read(&source, None, catalog).unwrap();
    let format = catalog
        .format(&deck.format.as_ref().unwrap().value)
        .unwrap();
    let game = catalog.game(&format.game).unwrap();
    (resolve(&deck, game), game, format)
}

fn stats(path: &str, turns: u32) -> Stats {
    let (deck, game, format) = load(path);
    let options = Options {
        turns,
        at_least: 1,
        groups: Vec::new(),
    };
    compute(&deck, game, format, &options)
}

fn row<'a>(stats: &'a Stats, label: &str) -> &'a OddsRow {
    let odds = stats.odds.as_ref().unwrap();
    odds.rows.iter().find(|r| r.label == label).unwrap()
}

/// 1 - C(size - copies, taken) / C(size, taken), by exact integer arithmetic.
fn at_least_one(size: u128, copies: u128, taken: u128) -> f64 {
    fn choose(n: u128, k: u128) -> u128 {
        (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
    }
    1.0 - choose(size - copies, taken) as f64 / choose(size, taken) as f64
}

#[test]
fn jforce_counts_curve_and_standing() {
    let s = stats("examples/decks/jforce/legal-ember-rush.deck", 3);
    assert_eq!(s.cards, 41);
    let zones: Vec<(&str, u32)> = s.zones.iter().map(|z| (z.id.as_str(), z.cards)).collect();
    assert_eq!(zones, [("hero", 1), ("main", 40)]);
    // Types, colours and the curve count the deck proper, not the Hero.
    assert_eq!(s.types.iter().map(|t| t.cards).sum::<u32>(), 40);
    let costed: u32 = s.curve.bars.iter().map(|b| b.cards).sum();
    assert_eq!(costed + s.curve.without, 40);
    assert!(s.requirements.iter().all(Requirement::met));
}

#[test]
fn jforce_odds_are_hypergeometric_on_the_play_and_on_the_draw() {
    let s = stats("examples/decks/jforce/legal-ember-rush.deck", 3);
    let r = &s.odds.as_ref().unwrap().rows[0];
    let copies = u128::from(r.copies);
    let close = |a: f64, b: f64| (a - b).abs() < 1e-6;
    assert!(close(r.by_turn[0].on_the_play, at_least_one(40, copies, 5)));
    // The first player skips the turn-1 draw (JF-A07): 5 cards on the play, 6 on the draw.
    assert!(close(r.by_turn[1].on_the_play, at_least_one(40, copies, 5)));
    assert!(close(r.by_turn[1].on_the_draw, at_least_one(40, copies, 6)));
    assert!(close(r.by_turn[3].on_the_draw, at_least_one(40, copies, 8)));
}

#[test]
fn fow_stones_are_called_from_their_own_pile() {
    let s = stats("examples/decks/fow/legal-crimson-aggro.deck", 2);
    let odds = s.odds.as_ref().unwrap();
    let sizes: Vec<(&str, u32)> = odds
        .piles
        .iter()
        .map(|p| (p.zone.as_str(), p.cards))
        .collect();
    assert_eq!(sizes, [("main", 40), ("stones", 12)]);
    let light = row(&s, "Light Magic Stone");
    assert_eq!(light.copies, 4);
    // No stone in the opening hand; one call a turn for both players, turn 1 included.
    assert_eq!(light.by_turn[0].on_the_play, 0.0);
    let one_call = (4.0f64 / 12.0 * 1e6).round() / 1e6;
    assert_eq!(light.by_turn[1].on_the_play, one_call);
    assert_eq!(light.by_turn[1].on_the_draw, one_call);
    // Side-deck cards are never dealt.
    assert!(odds.rows.iter().all(|r| r.label != "Halo Seraph"));
}

#[test]
fn skirmish_rounds_have_no_play_or_draw() {
    let s = stats("examples/decks/skirmish/legal-tournament-15-10-5.deck", 4);
    let odds = s.odds.as_ref().unwrap();
    assert!(odds.simultaneous);
    for r in &odds.rows {
        for t in &r.by_turn {
            assert_eq!(t.on_the_play, t.on_the_draw, "{}", r.label);
        }
    }
    // Round 1 is played from the starting seven; round 4 has seen ten cards.
    let r = row(&s, "Rage Punch");
    let close = |a: f64, b: f64| (a - b).abs() < 1e-6;
    assert!(close(r.by_turn[1].on_the_play, at_least_one(30, 3, 7)));
    assert!(close(r.by_turn[4].on_the_play, at_least_one(30, 3, 10)));
    assert_eq!(s.curve.stat, "value");
    assert!(s.requirements.iter().all(Requirement::met));
}

#[test]
fn a_short_colour_is_reported_short() {
    let s = stats("examples/decks/skirmish/illegal-colour-minimum.deck", 0);
    assert!(s
        .requirements
        .iter()
        .any(|r| matches!(r, Requirement::ColourMinimum { met: false, .. })));
}
