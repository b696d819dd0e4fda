//! `stats` of a 60-card deck with odds for every card to turn 10 (the aim: under 1 ms of
//! compute). `cargo bench --bench stats`.

use decksmith::catalog::Catalog;
use decksmith::encoding::text;
use decksmith::stats::{compute, resolve, Options};

fn main() {
    divan::main();
}

/// A Force of Will deck of 60: fifteen main-deck cards four times each, and the stones.
fn deck_text() -> String {
    let catalog = Catalog::embedded().expect("shipped data loads");
    let game = catalog.game("fow").expect("Force of Will is shipped");
    let main = game
        .def
        .zones
        .iter()
        .position(|z| z.id == "main")
        .expect("a main zone");
    let names: Vec<&str> = (0..game.cards.len())
        .filter(|&i| game.zone_holds(main, i))
        .map(|i| game.cards[i].name())
        .take(15)
        .collect();
    let mut text = String::from("format: fow-standard\nRuler:\n1 Crimson Warden\nMain:\n");
    for name in names {
        text.push_str(&format!("4 {name}\n"));
    }
    text.push_str("Stones:\n8 Fire Magic Stone\n4 Light Magic Stone\n");
    text
}

#[divan::bench]
fn sixty_cards_odds_to_turn_10(bencher: divan::Bencher) {
    let catalog = Catalog::embedded().expect("shipped data loads");
    let deck = text::parse(&deck_text());
    let format = catalog.format("fow-standard").expect("shipped format");
    let game = catalog.game("fow").expect("shipped game");
    let options = Options {
        turns: 10,
        at_least: 1,
        groups: Vec::new(),
    };
    bencher.bench(|| {
        let resolved = resolve(divan::black_box(&deck), game);
        compute(&resolved, game, format, &options)
            .odds
            .map(|o| o.rows.len())
    });
}
