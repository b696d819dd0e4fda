//! `diff` against `validate`: two 200-line deck lists read, checked and compared, beside one
//! of them read and checked, so one run shows what the comparison itself adds.
//! `cargo bench --bench deck_diff`.

use decksmith::catalog::Catalog;
use decksmith::check::{read_and_check_source, Validators};
use decksmith::date::Date;
use decksmith::deck_diff::diff;
use decksmith::diagnostic::SourceFile;

fn main() {
    divan::main();
}

fn date() -> Date {
    Date::new(2026, 11, 29).expect("a date")
}

/// A 200-line Force of Will list: every card of the game in turn, 150 lines in Main and 50
/// in the side; `shift` changes the counts of every seventh line, so two lists differ in
/// adds, removes and moves.
fn deck(shift: u32) -> String {
    let catalog = Catalog::embedded().expect("shipped data loads");
    let game = &catalog.games["fow"];
    let mut text = String::from("format: fow-standard\nname: Bench\n\nRuler:\n");
    let names: Vec<&str> = game.cards.iter().map(|c| c.name()).collect();
    for i in 0..200u32 {
        if i == 1 {
            text.push_str("Main:\n");
        } else if i == 150 {
            text.push_str("Side:\n");
        }
        let n = 1 + (i + if i % 7 == 0 { shift } else { 0 }) % 4;
        text.push_str(&format!("{n} {}\n", names[i as usize % names.len()]));
    }
    text
}

#[divan::bench]
fn validate_200_lines(bencher: divan::Bencher) {
    let catalog = Catalog::embedded().expect("shipped data loads");
    let a = deck(0);
    bencher.bench(|| {
        let validators = Validators::new(catalog, None, date());
        let source = SourceFile::new("a.deck", divan::black_box(a.as_str()));
        read_and_check_source(&validators, &source)
            .expect("reads")
            .1
            .verdict
            .legal
    });
}

#[divan::bench]
fn diff_200_lines(bencher: divan::Bencher) {
    let catalog = Catalog::embedded().expect("shipped data loads");
    let (a, b) = (deck(0), deck(1));
    bencher.bench(|| {
        let validators = Validators::new(catalog, None, date());
        let old = SourceFile::new("a.deck", divan::black_box(a.as_str()));
        let new = SourceFile::new("b.deck", divan::black_box(b.as_str()));
        let d = diff(
            catalog,
            read_and_check_source(&validators, &old).expect("reads"),
            read_and_check_source(&validators, &new).expect("reads"),
        )
        .expect("one game");
        d.cards.added()
    });
}
