//! `decksmith edit`: from a keystroke to the drawn frame with a 100,000-card database (the
//! aim: under 16 ms), and start-up to the first screen beside `validate` of the same deck
//! (the aim: within 2×). `cargo bench --bench tui`.

use decksmith::card_db::Game;
use decksmith::catalog::{Catalog, DataOptions};
use decksmith::check::read_and_check;
use decksmith::date::Date;
use decksmith::tui::{ui, App};
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use std::path::Path;
use toml::Spanned;

fn main() {
    divan::main();
}

const DECK: &str = "examples/decks/jforce/legal-ember-rush.deck";

fn date() -> Date {
    Date::new(2026, 11, 30).expect("a date")
}

/// The shipped catalog with J Force's cards copied, renamed and renumbered up to 100,000
/// (the shipped ones first, as they are, so the example deck reads).
fn big_catalog() -> Catalog {
    let mut catalog = Catalog::embedded().expect("shipped data loads").clone();
    let shipped = catalog.game("jforce").expect("J Force is shipped").clone();
    let mut game: Game = shipped.clone();
    game.clear_cards();
    for i in 0..100_000 {
        let at = i % shipped.cards.len();
        let mut card = shipped.cards[at].clone();
        if i >= shipped.cards.len() {
            card.id = Spanned::new(0..0, format!("GEN-{i:06}").into());
            card.name = Spanned::new(0..0, format!("{} {i}", shipped.cards[at].name()).into());
        }
        game.push(card, shipped.origins[at].clone());
    }
    catalog.games.insert("jforce".into(), game);
    catalog
}

fn press(app: &mut App, code: KeyCode) {
    app.handle(KeyEvent::new(code, KeyModifiers::NONE));
}

fn draw(terminal: &mut Terminal<TestBackend>, app: &mut App) {
    terminal
        .draw(|frame| ui::draw(frame, app, true))
        .expect("the frame draws");
}

/// Typing a query a letter at a time, each letter drawn: the first word searches every card,
/// the words after it filter what the first found. Time per iteration / 16 keys = per key.
#[divan::bench(sample_count = 20)]
fn type_a_query_16_keys(bencher: divan::Bencher) {
    let catalog = big_catalog();
    let mut app = App::open(&catalog, Path::new(DECK), date(), None).expect("the editor opens");
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("a terminal");
    bencher.bench_local(|| {
        app.handle(KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL));
        for c in "ember t:strike c".chars() {
            press(&mut app, KeyCode::Char(c));
            draw(&mut terminal, &mut app);
        }
    });
}

/// One letter that searches all 100,000 cards again (the first of a query), drawn.
#[divan::bench(sample_count = 20)]
fn first_letter_full_search(bencher: divan::Bencher) {
    let catalog = big_catalog();
    let mut app = App::open(&catalog, Path::new(DECK), date(), None).expect("the editor opens");
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("a terminal");
    let mut letters = ['a', 'e'].into_iter().cycle();
    bencher.bench_local(|| {
        app.handle(KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL));
        press(&mut app, KeyCode::Char(letters.next().expect("a letter")));
        draw(&mut terminal, &mut app);
    });
}

/// `+` on the deck pane (edit, verdict, numbers) and `u`, each drawn: two keys.
#[divan::bench(sample_count = 20)]
fn add_and_undo_2_keys(bencher: divan::Bencher) {
    let catalog = big_catalog();
    let mut app = App::open(&catalog, Path::new(DECK), date(), None).expect("the editor opens");
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("a terminal");
    press(&mut app, KeyCode::Tab);
    bencher.bench_local(|| {
        press(&mut app, KeyCode::Char('+'));
        draw(&mut terminal, &mut app);
        press(&mut app, KeyCode::Char('u'));
        draw(&mut terminal, &mut app);
    });
}

/// Start-up as `decksmith edit DECK` does it: the deck's game loaded, the deck opened and
/// checked, the first screen drawn.
#[divan::bench(sample_count = 20)]
fn startup_edit() {
    let catalog =
        Catalog::load_for_deck(&DataOptions::default(), "jforce-standard").expect("data loads");
    let mut app = App::open(&catalog, Path::new(DECK), date(), None).expect("the editor opens");
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("a terminal");
    draw(&mut terminal, &mut app);
}

/// Start-up as `decksmith validate DECK` does it, for comparison.
#[divan::bench(sample_count = 20)]
fn startup_validate() -> bool {
    let catalog =
        Catalog::load_for_deck(&DataOptions::default(), "jforce-standard").expect("data loads");
    let (_, outcome) = read_and_check(&catalog, None, Path::new(DECK), date()).expect("checks");
    outcome.verdict.legal
}
