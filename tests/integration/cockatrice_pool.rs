//! Cockatrice card databases (`tests/data/cockatrice/`, our own cards in Cockatrice's exact
//! shape, version 4 for J Force and version 3 for the duel) read through each game's shipped
//! `[game.import.cockatrice]` mapping: the card TOML they become and every note are pinned by
//! snapshots, and the cards go through `db check`, `validate`, `cards`, `stats` and `convert`
//! with the real binary.

use crate::support::{decksmith, root, temp_dir};
use decksmith::catalog::Catalog;
use decksmith::pool::{self, cockatrice, PoolCard};
use std::fmt::Write as _;
use std::path::PathBuf;

fn fixture(name: &str) -> PathBuf {
    root().join("tests/data/cockatrice").join(name)
}

/// A fixture read and mapped for `game`: the card file it becomes, and every note, one a line.
fn reading(file: &str, game: &str) -> (String, String) {
    let text = std::fs::read_to_string(fixture(file)).unwrap();
    let db = cockatrice::parse(file, &text).expect("a Cockatrice database");
    let def = &Catalog::embedded().unwrap().game(game).unwrap().def;
    let mapping = def
        .import
        .cockatrice
        .as_ref()
        .expect("the game maps Cockatrice");
    let mut notes = db.notes.clone();
    let mut cards: Vec<PoolCard> = Vec::new();
    for row in &db.rows {
        match pool::map_row(mapping, def, row) {
            Ok((card, more)) => {
                notes.extend(more);
                cards.push(card);
            }
            Err(note) => notes.push(note),
        }
    }
    let cards: Vec<&PoolCard> = cards.iter().collect();
    let toml = pool::card_file(game, &format!("Read from {file}."), &db.sets, &cards);
    let mut listed = String::new();
    for note in &notes {
        let _ = writeln!(listed, "{note}");
    }
    (toml, listed)
}

#[test]
fn a_version_4_database_becomes_j_force_cards() {
    let (toml, notes) = reading("jforce-v4.xml", "jforce");
    insta::assert_snapshot!("jforce_v4_cards", toml);
    insta::assert_snapshot!("jforce_v4_notes", notes);
    // Sixteen of the nineteen cards: the Evolution, the Strike without a cost and the token
    // are skipped; the reprint is one card with its promo printing.
    assert_eq!(toml.matches("[[cards]]").count(), 16);
    assert!(toml.contains("printings = [{ set = \"JFP\", number = 1, rarity = \"rare\" }]"));
}

#[test]
fn a_version_3_database_becomes_duel_cards() {
    let (toml, notes) = reading("skirmish-v3.xml", "skirmish");
    insta::assert_snapshot!("skirmish_v3_cards", toml);
    insta::assert_snapshot!("skirmish_v3_notes", notes);
    assert_eq!(toml.matches("[[cards]]").count(), 11);
}

#[test]
fn a_fourth_copy_of_an_imported_card_breaks_the_copy_limit() {
    let dir = temp_dir();
    let xml = fixture("jforce-v4.xml");
    let legal = std::fs::read_to_string(fixture("jforce-custom.deck")).unwrap();
    // Still 40 cards: one Dune Stalker becomes a fourth Cobalt Lancer.
    let four = (legal.replace("3 Cobalt Lancer", "4 Cobalt Lancer"))
        .replace("3 Dune Stalker", "2 Dune Stalker");
    let deck = dir.join("four.deck");
    std::fs::write(&deck, four).unwrap();
    let out = decksmith([
        "--db".as_ref(),
        xml.as_os_str(),
        "validate".as_ref(),
        "--output".as_ref(),
        "json".as_ref(),
        deck.as_os_str(),
    ])
    .expect(1);
    assert!(out.stdout.contains("copy-limit"), "{}", out.stdout);
    assert!(out.stdout.contains("Cobalt Lancer"), "{}", out.stdout);
}

#[test]
fn db_import_writes_a_database_that_db_check_and_validate_read() {
    for (file, game, deck, cards) in [
        ("jforce-v4.xml", "jforce", "jforce-custom.deck", 16),
        ("skirmish-v3.xml", "skirmish", "skirmish-custom.deck", 11),
    ] {
        let dir = temp_dir();
        let out_dir = dir.join("pool");
        let xml = fixture(file);
        let import = decksmith([
            "db".as_ref(),
            "import".as_ref(),
            xml.as_os_str(),
            "--game".as_ref(),
            game.as_ref(),
            "-o".as_ref(),
            out_dir.as_os_str(),
            "--output".as_ref(),
            "json".as_ref(),
        ])
        .expect(0);
        let report = import.json();
        assert_eq!(report["tool"], "Cockatrice card database", "{report}");
        assert_eq!(report["cards"], cards, "{file}");
        assert_eq!(
            report["skipped"],
            if game == "jforce" { 3 } else { 2 },
            "{file}"
        );
        let check = decksmith([
            "db".as_ref(),
            "check".as_ref(),
            "--db".as_ref(),
            out_dir.as_os_str(),
        ])
        .expect(0);
        assert!(
            check.stdout.contains("0 errors"),
            "{file}: {}",
            check.stdout
        );
        let deck = fixture(deck);
        for db in [out_dir.as_os_str(), xml.as_os_str()] {
            decksmith(["--db".as_ref(), db, "validate".as_ref(), deck.as_os_str()]).expect(0);
        }
    }
}

#[test]
fn the_imported_sets_keep_their_cockatrice_names() {
    let dir = temp_dir();
    let out_dir = dir.join("pool");
    let xml = fixture("jforce-v4.xml");
    // No --game: the J Force mapping is the one that reads this file's cards.
    let out = decksmith([
        "db".as_ref(),
        "import".as_ref(),
        xml.as_os_str(),
        "-o".as_ref(),
        out_dir.as_os_str(),
    ])
    .expect(0);
    insta::assert_snapshot!(
        "jforce_v4_import",
        out.stdout
            .replace(&*dir.to_string_lossy(), "<tmp>")
            .replace(&*root().to_string_lossy(), "<root>")
    );
    let jfx = std::fs::read_to_string(out_dir.join("jfx.toml")).unwrap();
    assert!(jfx.contains("name = \"J Force Custom Expansion\""), "{jfx}");
}

/// The issue's walk for a shipped game through a Cockatrice database, read directly: a
/// misspelt name gets its did-you-mean, the pool is searched, the deck counted, and the deck
/// goes to Cockatrice's own `.cod` and back unchanged.
#[test]
fn a_deck_of_the_database_is_searched_counted_and_converted_to_cod_and_back() {
    let dir = temp_dir();
    let xml = fixture("jforce-v4.xml");
    let deck = fixture("jforce-custom.deck");
    let text = std::fs::read_to_string(&deck).unwrap();
    let with_db = |args: &[&std::ffi::OsStr]| {
        let mut all = vec!["--db".as_ref(), xml.as_os_str()];
        all.extend_from_slice(args);
        decksmith(all)
    };
    let misspelt = dir.join("misspelt.deck");
    std::fs::write(&misspelt, text.replace("3 Cobalt Lancer", "3 Cobalt Lancr")).unwrap();
    let out = with_db(&["validate".as_ref(), misspelt.as_os_str()]).expect(1);
    assert!(
        out.stdout.contains("unknown card `Cobalt Lancr`"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("did you mean `Cobalt Lancer`?"),
        "{}",
        out.stdout
    );

    let found = with_db(&[
        "cards".as_ref(),
        "--game".as_ref(),
        "jforce".as_ref(),
        "kestrel".as_ref(),
    ])
    .expect(0);
    assert!(found.stdout.contains("Gale Kestrel"), "{}", found.stdout);
    assert!(found.stdout.contains("1 card found"), "{}", found.stdout);

    let stats = with_db(&["stats".as_ref(), deck.as_os_str()]).expect(0);
    assert!(stats.stdout.contains("Hero 1, Main 40"), "{}", stats.stdout);

    let cod = dir.join("quartz.cod");
    with_db(&[
        "convert".as_ref(),
        deck.as_os_str(),
        "-o".as_ref(),
        cod.as_os_str(),
    ])
    .expect(0);
    let written = std::fs::read_to_string(&cod).unwrap();
    assert!(
        written.contains(r#"<card number="3" name="Cobalt Lancer"/>"#),
        "{written}"
    );
    let back = with_db(&[
        "convert".as_ref(),
        cod.as_os_str(),
        "--to".as_ref(),
        "text".as_ref(),
    ])
    .expect(0);
    assert_eq!(back.stdout, text);
}
