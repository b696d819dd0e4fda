//! `decksmith diff A B`: two deck lists compared card by card (any encodings, git revisions),
//! each side's verdict and the findings it gains and loses.

use crate::support::{decksmith, git, root, temp_dir};

const CRIMSON: &str = "examples/decks/fow/legal-crimson-aggro.deck";

/// Crimson Aggro with its two Main Magma Elementals moved to the side, one more Flame Lance
/// (written in lower case: the same card), one Halo Seraph less and a card nobody knows.
fn edited() -> String {
    std::fs::read_to_string(root().join(CRIMSON))
        .unwrap()
        .replace("4 Flame Lance\n", "5 flame lance\n")
        .replace("2 Magma Elemental\n4 Dawn", "4 Dawn")
        .replace("3 Halo Seraph\n", "2 Halo Seraph\n1 Mystery Card\n")
        .replace(
            "2 Searing Judgment\n2 Magma Elemental",
            "2 Searing Judgment\n4 Magma Elemental",
        )
}

#[test]
fn zones_moves_verdicts_and_findings() {
    let dir = temp_dir();
    std::fs::write(dir.join("b.deck"), edited()).unwrap();
    let b = dir.join("b.deck").display().to_string();
    let out = decksmith(["diff", CRIMSON, &b]).expect(0);
    insta::assert_snapshot!(out.stdout.replace(&b, "b.deck"));
    let json = decksmith(["diff", CRIMSON, &b, "--output", "json"]).expect(0);
    insta::assert_snapshot!("json", json.stdout.replace(&b, "b.deck"));
}

#[test]
fn the_same_deck_in_another_encoding_has_no_difference() {
    let dir = temp_dir();
    let json = dir.join("crimson.json");
    decksmith(["convert", CRIMSON, "-o", json.to_str().unwrap()]).expect(0);
    let out = decksmith(["diff", CRIMSON, json.to_str().unwrap()]).expect(0);
    assert!(
        out.stdout
            .ends_with("no card changed; verdict still legal\n"),
        "{}",
        out.stdout
    );
    assert_eq!(out.stdout.lines().count(), 3, "{}", out.stdout);
}

#[test]
fn a_side_can_be_a_git_revision() {
    let dir = temp_dir();
    std::fs::copy(root().join(CRIMSON), dir.join("deck.deck")).unwrap();
    git(&dir, &["init", "-q"]);
    git(&dir, &["add", "."]);
    git(&dir, &["commit", "-q", "-m", "crimson"]);
    std::fs::write(dir.join("deck.deck"), edited()).unwrap();
    let out = decksmith(["diff", "git:HEAD:deck.deck", "deck.deck"])
        .current_dir(&dir)
        .expect(0);
    assert!(
        out.stdout.starts_with(
            "--- git:HEAD:deck.deck: legal (fow-standard)\n+++ deck.deck: ILLEGAL (fow-standard)\n"
        ),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("  Magma Elemental: 2 main → side\n"));
    let gone = decksmith(["diff", "git:HEAD:nothing.deck", "deck.deck"])
        .current_dir(&dir)
        .expect(2);
    assert!(
        gone.stderr.contains("git:HEAD:nothing.deck"),
        "{}",
        gone.stderr
    );
}

#[test]
fn decks_of_two_games_are_refused() {
    let out = decksmith([
        "diff",
        CRIMSON,
        "examples/decks/jforce/legal-ember-rush.deck",
    ])
    .expect(2);
    assert!(
        out.stderr.contains("is a deck of `fow`")
            && out
                .stderr
                .contains("one of `jforce`: there is nothing to compare"),
        "{}",
        out.stderr
    );
}

#[test]
fn a_side_that_cannot_be_read_is_exit_2() {
    let out = decksmith(["diff", CRIMSON, "no-such.deck"]).expect(2);
    assert!(out.stderr.contains("no-such.deck"), "{}", out.stderr);
    let dir = temp_dir();
    std::fs::write(dir.join("x.json"), "{ not json").unwrap();
    let out = decksmith(["diff", CRIMSON, dir.join("x.json").to_str().unwrap()]).expect(2);
    assert!(out.stderr.contains("x.json"), "{}", out.stderr);
}
