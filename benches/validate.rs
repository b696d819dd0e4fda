//! Hot paths of deck validation: reading a deck list and checking it, and loading the
//! embedded data. `cargo bench --bench validate`.

use decksmith::catalog::{Catalog, Sources};
use decksmith::date::Date;
use decksmith::encoding::text;
use decksmith::validate::Validator;

fn main() {
    divan::main();
}

const JFORCE_40: &str = include_str!("../examples/decks/jforce/legal-ember-rush.deck");
const FOW_60: &str = include_str!("../examples/decks/fow/legal-crimson-aggro.deck");

fn date() -> Date {
    Date::new(2026, 11, 29).expect("a date")
}

/// One deck as `validate DECK` checks it: read the list (names borrowed), look up its format,
/// prepare the format and check the deck.
fn parse_and_validate(deck_text: &str) -> bool {
    let catalog = Catalog::embedded().expect("shipped data loads");
    let deck = text::parse_borrowed(deck_text);
    let format = catalog
        .format(deck.format.as_ref().expect("has a format").value)
        .expect("format exists");
    let game = &catalog.games[&format.game];
    Validator::new(format, game, date()).validate(&deck).legal
}

#[divan::bench]
fn jforce_40_cards_text_parse_and_validate() -> bool {
    parse_and_validate(divan::black_box(JFORCE_40))
}

#[divan::bench]
fn fow_main_and_stones_text_parse_and_validate() -> bool {
    parse_and_validate(divan::black_box(FOW_60))
}

/// A deck of a batch: the format was prepared once for every deck of the batch.
#[divan::bench]
fn jforce_40_cards_text_parse_and_validate_prepared(bencher: divan::Bencher) {
    let catalog = Catalog::embedded().expect("shipped data loads");
    let format = catalog.format("jforce-standard").expect("format exists");
    let validator = Validator::new(format, &catalog.games[&format.game], date());
    bencher.bench(|| {
        let deck = text::parse_borrowed(divan::black_box(JFORCE_40));
        validator.validate(&deck).legal
    });
}

/// The floor the deck path is held to (issue #15): splitting the same bytes into trimmed
/// lines, as `encodings`' `text_split_lines_only` does, so one run gives both.
#[divan::bench]
fn floor_split_lines_40_cards() -> usize {
    divan::black_box(JFORCE_40)
        .split('\n')
        .map(|l| l.trim().len())
        .sum()
}

#[divan::bench]
fn parse_only_40_cards() -> usize {
    text::parse_borrowed(divan::black_box(JFORCE_40))
        .entries
        .len()
}

/// Every shipped game and format, parsed from the embedded TOML.
#[divan::bench]
fn load_embedded_data() -> usize {
    let (catalog, _) = Catalog::build(&Sources::embedded(), None);
    catalog.games.len()
}
