//! `decksmith match` with Force of Will: seeded random self-play through the command line, and
//! a script whose illegal action stops it with a diagnostic at its line. (The example scripts
//! and their golden transcripts are checked by `matches.rs`.)

use crate::support::{decksmith, root, temp_file};

#[test]
fn random_fow_games_are_seeded_and_end() {
    let run = || {
        decksmith([
            "match",
            "random",
            "--deck",
            "examples/decks/fow/legal-gale-order.deck",
            "--deck",
            "examples/decks/fow/legal-lumen-sentinels.deck",
            "--seed",
            "5",
            "--games",
            "200",
            "--output",
            "json",
        ])
        .expect(0)
        .json()
    };
    let json = run();
    assert_eq!(json["game"], "fow");
    let games = json["games"].as_array().unwrap();
    assert_eq!(games.len(), 200);
    for g in games {
        let reason = g["reason"].as_str().unwrap();
        assert!(
            ["life-zero", "deck-out", "both-zero"].contains(&reason),
            "{g}"
        );
        assert!(g["turns"].as_u64().unwrap() >= 2, "{g}");
    }
    assert_eq!(run()["games"], json["games"]);
}

#[test]
fn an_illegal_attack_stops_the_script_at_its_line() {
    let decks = root().join("examples/decks/fow");
    let script = format!(
        "game = \"fow\"\nformat = \"fow-standard\"\n\n[players.p1]\ndeck = \"{0}/legal-crimson-aggro.deck\"\n\n[players.p2]\ndeck = \"{0}/legal-abyssal-control.deck\"\n\n[[games]]\nfirst = \"p1\"\nstack.p1 = [\"Ember Fox\", \"Flame Soldier of Ma'at\"]\nsteps = '''\np1 keeps\np2 keeps\np1 calls a magic stone\np1 passes\np2 passes\np2 passes\np1 passes\np1 calls a magic stone\np1 plays Flame Soldier of Ma'at\np2 passes\np1 passes\np1 attacks p2 with Flame Soldier of Ma'at\n'''\n",
        decks.display()
    );
    let path = temp_file("new-attacker.match.toml", script);
    let out = decksmith(["match".as_ref(), "run".as_ref(), path.as_os_str()]).expect(1);
    let at = out.stdout.find("illegal-action").expect("a diagnostic");
    let shown = out.stdout[at..].replace(&path.display().to_string(), "<script>");
    insta::assert_snapshot!(shown);
}
