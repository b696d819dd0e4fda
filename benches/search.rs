//! The card search language over a generated 100,000-card database (the aim: under 20 ms a
//! query). `cargo bench --bench search`.

use decksmith::card_db::Game;
use decksmith::catalog::Catalog;
use decksmith::date::Date;
use decksmith::search::{find, Query};
use toml::Spanned;

fn main() {
    divan::main();
}

/// The shipped J Force cards copied, renamed and renumbered up to 100,000.
fn big_game() -> Game {
    let catalog = Catalog::embedded().expect("shipped data loads");
    let shipped = catalog.game("jforce").expect("J Force is shipped");
    let mut game = shipped.clone();
    game.clear_cards();
    for i in 0..100_000 {
        let at = i % shipped.cards.len();
        let mut card = shipped.cards[at].clone();
        card.id = Spanned::new(0..0, format!("GEN-{i:06}").into());
        card.name = Spanned::new(0..0, format!("{} {i}", shipped.cards[at].name()).into());
        game.push(card, shipped.origins[at].clone());
    }
    game
}

fn run(query: &str, game: &Game) -> usize {
    let catalog = Catalog::embedded().expect("shipped data loads");
    let q = Query::parse(query).expect("the query parses");
    let games = [game];
    q.check(&games, catalog).expect("the query's values exist");
    find(
        &q,
        &games,
        catalog,
        Date::new(2026, 11, 30).expect("a date"),
    )
    .len()
}

#[divan::bench(args = [
    "ember",
    "t:strike cost<=3 -text:draw",
    "(t:legendary or is:evolution) attack>=5 set:jf1",
    "legal:jforce-banlist",
])]
fn query_100k_cards(bencher: divan::Bencher, query: &str) {
    let game = big_game();
    bencher.bench(|| run(divan::black_box(query), &game));
}
