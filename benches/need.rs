//! `need` over 100 decks against a 20,000-row collection (the aim: under 50 ms), from the
//! files: the collection CSV read and counted, the decks read, each deck's shortfall and the
//! total, both allocations. `cargo bench --bench need`.

use decksmith::catalog::Catalog;
use decksmith::collection::need::{need, Allocate};
use decksmith::collection::Collection;
use decksmith::diagnostic::SourceFile;
use std::fmt::Write;
use std::path::PathBuf;

fn main() {
    divan::main();
}

/// 100 decks (the legal J Force examples, copied) and a 20,000-row collection of the J Force
/// cards, most rows naming a printing, in a folder removed when dropped.
struct Files {
    _dir: tempfile::TempDir,
    decks: Vec<PathBuf>,
    collection: String,
}

fn files() -> Files {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/decks/jforce");
    let mut legal: Vec<PathBuf> = (std::fs::read_dir(&root).expect("the examples are there"))
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("legal-"))
        })
        .collect();
    legal.sort();
    let dir = tempfile::tempdir().expect("a temporary folder");
    let decks = (0..100)
        .map(|i| {
            let path = dir.path().join(format!("deck-{i:03}.deck"));
            let text = std::fs::read_to_string(&legal[i % legal.len()]).expect("readable");
            std::fs::write(&path, text).expect("writable");
            path
        })
        .collect();
    let game = Catalog::embedded()
        .expect("shipped data loads")
        .game("jforce")
        .expect("J Force");
    let mut collection = String::from("Count,Name,Edition,Collector Number,Condition\n");
    for i in 0..20_000 {
        let card = &game.cards[i % game.cards.len()];
        let (set, number) = match i % 4 {
            0 => (String::new(), String::new()),
            1 => (card.set().to_owned(), String::new()),
            _ => (
                card.set().to_owned(),
                card.number.map_or(String::new(), |n| n.to_string()),
            ),
        };
        let _ = writeln!(
            collection,
            "{},{},{set},{number},Near Mint",
            1 + i % 2,
            card.name()
        );
    }
    Files {
        _dir: dir,
        decks,
        collection,
    }
}

#[divan::bench(args = [Allocate::Max, Allocate::Sum])]
fn need_100_decks_20k_rows(bencher: divan::Bencher, allocate: Allocate) {
    let catalog = Catalog::embedded().expect("shipped data loads");
    let files = files();
    bencher.bench(|| {
        let source = SourceFile::new("collection.csv", files.collection.as_str());
        let have = Collection::parse(source, catalog).expect("the collection reads");
        let found = need(catalog, &files.decks, None, &have, allocate).expect("need runs");
        divan::black_box(found.total.len())
    });
}
