//! `decksmith match`: every example script replays its golden transcript, and the exit codes
//! and diagnostics of scripts that fail or cannot run.

use crate::support::{decksmith, temp_file};

#[test]
fn every_example_script_matches_its_golden_transcript() {
    let out = decksmith(["match", "verify", "examples/matches"]).expect(0);
    assert!(!out.stdout.contains("FAILED"), "{}", out.stdout);
}

#[test]
fn random_self_play_reports_one_object_per_game() {
    let out = decksmith([
        "match",
        "random",
        "--game",
        "jforce",
        "--deck",
        "examples/decks/jforce/legal-ember-rush.deck",
        "--deck",
        "examples/decks/jforce/legal-titan-wall.deck",
        "--seed",
        "7",
        "--games",
        "20",
        "--output",
        "json",
    ])
    .expect(0);
    let json = out.json();
    let games = json["games"].as_array().unwrap();
    assert_eq!(games.len(), 20);
    for g in games {
        assert!(g["winner"].is_string() || g["winner"].is_null());
        assert!(g["reason"].is_string());
        assert!(g["turns"].as_u64().unwrap() >= 1);
    }
    // Same seed, same games.
    let again = decksmith([
        "match",
        "random",
        "--deck",
        "examples/decks/jforce/legal-ember-rush.deck",
        "--deck",
        "examples/decks/jforce/legal-titan-wall.deck",
        "--seed",
        "7",
        "--games",
        "20",
        "--output",
        "json",
    ])
    .expect(0);
    assert_eq!(again.json()["games"], json["games"]);
}

#[test]
fn a_broken_script_exits_2_pointing_at_its_line() {
    let path = temp_file(
        "broken.match.toml",
        "game = \"jforce\"\nformat = \"jforce-standard\"\n[players.p1]\ndeck = \"x.deck\"\n[players.p2]\ndeck = \"y.deck\"\n[[games]]\nstepz = ''\n",
    );
    let out = decksmith(["match".as_ref(), "run".as_ref(), path.as_os_str()]).expect(2);
    assert!(
        out.stderr.contains("unknown field `stepz`"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("did you mean `steps`?"),
        "{}",
        out.stderr
    );
}
