//! Every example deck gets the verdict its file name promises: `legal-*` decks are legal, and
//! `illegal-<rule>.deck` breaks exactly that rule and no other.

use crate::support::{decksmith, example_decks};

#[test]
fn every_example_deck_gets_its_verdict() {
    let mut checked = 0;
    for path in example_decks() {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let out = decksmith([
            "validate".as_ref(),
            "--output".as_ref(),
            "json".as_ref(),
            path.as_os_str(),
        ])
        .run();
        let json = out.json();
        let deck = &json["decks"][0];
        let rules: std::collections::BTreeSet<&str> = deck["findings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["rule"].as_str().unwrap())
            .collect();
        if stem.starts_with("legal-") {
            assert_eq!(out.code, 0, "{stem}: {}", out.stdout);
            assert!(rules.is_empty(), "{stem} has findings {rules:?}");
        } else {
            let rule = stem.strip_prefix("illegal-").expect("legal- or illegal-");
            assert_eq!(rules.into_iter().collect::<Vec<_>>(), [rule], "{stem}");
            // `evolution` is a warning: the deck stays legal.
            let code = if rule == "evolution" { 0 } else { 1 };
            assert_eq!(out.code, code, "{stem}: {}", out.stdout);
        }
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} example decks");
}

#[test]
fn shipped_data_passes_db_check() {
    let out = decksmith(["db", "check", "--output", "json"]).expect(0);
    let json = out.json();
    assert_eq!(json["summary"]["errors"], 0);
    assert_eq!(json["summary"]["warnings"], 0);
    assert_eq!(json["summary"]["games"], 3);
}

#[test]
fn shipped_data_on_disk_passes_db_check_too() {
    // The same files, read from disk through paths, as a card designer's CI would.
    decksmith(["db", "check", "card-db", "formats"]).expect(0);
}
