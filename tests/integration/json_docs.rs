//! Every JSON document decksmith writes, pinned byte for byte: scripts rely on these shapes
//! (`validate` and `cards` are pinned in `validate_cli`).

use crate::support::{decksmith, root, temp_dir, TempDir};
use std::path::Path;

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}

/// A copy of `examples/`, so scripts and goldens can be changed; commands run inside it.
fn examples_copy() -> TempDir {
    let dir = temp_dir();
    copy_dir(&root().join("examples"), &dir.join("examples"));
    dir
}

#[test]
fn db_check_json() {
    let dir = temp_dir();
    std::fs::write(
        dir.join("cards.toml"),
        "game = \"jforce\"\n\n[[cards]]\nid = \"JF-900\"\nname = \"Cheap Legend\"\ntype = \"legendary\"\nset = \"JF1\"\ncost = 5\n",
    )
    .unwrap();
    let out = decksmith(["db", "check", "cards.toml", "--output", "json"])
        .current_dir(&dir)
        .run();
    insta::assert_snapshot!(format!("exit {}\n{}", out.code, out.stdout));
}

#[test]
fn db_diff_json() {
    let dir = temp_dir();
    for side in ["old", "new"] {
        copy_dir(&root().join("card-db"), &dir.join(side).join("card-db"));
        copy_dir(&root().join("formats"), &dir.join(side).join("formats"));
    }
    let strikes = dir.join("new/card-db/jforce");
    let file = std::fs::read_dir(&strikes)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| {
            std::fs::read_to_string(p)
                .unwrap()
                .contains("Ember Striker")
        })
        .expect("the file holding Ember Striker");
    let text = std::fs::read_to_string(&file).unwrap();
    let at = text.find("name = \"Ember Striker\"").unwrap();
    let cost = at + text[at..].find("cost = ").unwrap();
    let end = cost + text[cost..].find('\n').unwrap();
    std::fs::write(&file, format!("{}cost = 9{}", &text[..cost], &text[end..])).unwrap();
    let banlist = dir.join("new/formats/jforce-standard.toml");
    let text = std::fs::read_to_string(&banlist).unwrap();
    std::fs::write(
        &banlist,
        format!("{text}\n[[revisions]]\neffective = 2000-01-01\nbanned = [\"Ember Striker\"]\n"),
    )
    .unwrap();
    std::fs::copy(
        root().join("examples/decks/jforce/legal-ember-rush.deck"),
        dir.join("ember-rush.deck"),
    )
    .unwrap();
    let args = ["db", "diff", "old", "new", "--decks", "ember-rush.deck"];
    let out = decksmith(args.iter().chain(&["--output", "json"]))
        .current_dir(&dir)
        .run();
    insta::assert_snapshot!(format!("exit {}\n{}", out.code, out.stdout));
}

#[test]
fn match_run_json() {
    let out = decksmith([
        "match",
        "run",
        "examples/matches/skirmish/victory.match.toml",
        "--output",
        "json",
    ])
    .expect(0);
    insta::assert_snapshot!(out.stdout);
}

#[test]
fn match_run_json_with_an_illegal_deck() {
    let dir = examples_copy();
    let script = "examples/matches/skirmish/illegal-deck.match.toml";
    std::fs::write(
        dir.join(script),
        "game = \"skirmish\"\nformat = \"skirmish-tournament\"\n\n[players.p1]\ndeck = \"../../decks/skirmish/legal-tournament-15-10-5.deck\"\n\n[players.p2]\ndeck = \"../../decks/skirmish/illegal-colour-ratio.deck\"\n\n[[games]]\nseed = 1\nsteps = '''\nexpect result = playing\n'''\n",
    )
    .unwrap();
    let out = decksmith(["match", "run", script, "--output", "json"])
        .current_dir(&dir)
        .run();
    insta::assert_snapshot!(format!("exit {}\n{}", out.code, out.stdout));
}

#[test]
fn match_verify_json() {
    let dir = examples_copy();
    let golden = dir.join("examples/matches/skirmish/victory.transcript");
    let text = std::fs::read_to_string(&golden).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines[4] = "this line is not what the engine writes";
    std::fs::write(&golden, lines.join("\n") + "\n").unwrap();
    std::fs::remove_file(dir.join("examples/matches/skirmish/colours.transcript")).unwrap();
    std::fs::write(
        dir.join("examples/matches/skirmish/broken.match.toml"),
        "game = \"skirmsh\"\nformat = \"skirmish-tournament\"\n",
    )
    .unwrap();
    let out = decksmith([
        "match",
        "verify",
        "examples/matches/skirmish",
        "--output",
        "json",
    ])
    .current_dir(&dir)
    .expect(2);
    insta::assert_snapshot!(out.stdout);
}

#[test]
fn match_random_json() {
    let out = decksmith([
        "match",
        "random",
        "--deck",
        "examples/decks/skirmish/legal-tournament-15-10-5.deck",
        "--deck",
        "examples/decks/skirmish/legal-tournament-18-12-6.deck",
        "--games",
        "3",
        "--seed",
        "7",
        "--output",
        "json",
    ])
    .expect(0);
    insta::assert_snapshot!(out.stdout);
}

#[test]
fn formats_json() {
    let out = decksmith(["formats", "--game", "skirmish", "--output", "json"]).expect(0);
    insta::assert_snapshot!(out.stdout);
}
