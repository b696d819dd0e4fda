//! `decksmith log DECK`: a deck file's git history, a line per revision with its verdict and
//! the cards it added and removed, across a rename.

use crate::support::{decksmith, git, git_command, root, temp_dir};
use std::path::Path;

fn commit(dir: &Path, message: &str, date: &str) {
    git(dir, &["add", "-A"]);
    let status = git_command(dir)
        .args(["commit", "-q", "-m", message])
        .env("GIT_AUTHOR_DATE", date)
        .env("GIT_COMMITTER_DATE", date)
        .status()
        .unwrap();
    assert!(status.success());
}

fn short(dir: &Path, rev: &str) -> String {
    let out = git_command(dir)
        .args(["rev-parse", "--short", rev])
        .stdout(std::process::Stdio::piped())
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap().trim().to_owned()
}

#[test]
fn one_line_per_revision_newest_first_across_a_rename() {
    let dir = temp_dir();
    let crimson =
        std::fs::read_to_string(root().join("examples/decks/fow/legal-crimson-aggro.deck"))
            .unwrap();
    git(&dir, &["init", "-q"]);
    std::fs::write(dir.join("deck.deck"), &crimson).unwrap();
    commit(&dir, "Start Crimson Aggro", "2026-11-01T12:00:00Z");
    // A fifth Flame Lance (illegal), and two Magma Elementals to the side.
    let five = crimson
        .replace("4 Flame Lance\n", "5 Flame Lance\n")
        .replace("2 Magma Elemental\n4 Dawn", "4 Dawn")
        .replace(
            "2 Searing Judgment\n2 Magma Elemental",
            "2 Searing Judgment\n4 Magma Elemental",
        );
    std::fs::write(dir.join("deck.deck"), &five).unwrap();
    commit(&dir, "Try a fifth Lance", "2026-11-08T12:00:00Z");
    git(&dir, &["mv", "deck.deck", "crimson.deck"]);
    commit(&dir, "Name the file", "2026-11-15T12:00:00Z");
    // Four Flame Lances again, and two more Banners for 40 Main cards.
    let fixed = five
        .replace("5 Flame Lance\n", "4 Flame Lance\n")
        .replace("2 Banner of the Sun\n", "4 Banner of the Sun\n");
    std::fs::write(dir.join("crimson.deck"), fixed).unwrap();
    commit(&dir, "Back to four", "2026-11-22T12:00:00Z");
    let out = decksmith(["log", "crimson.deck"])
        .current_dir(&dir)
        .expect(0);
    let h = |rev: &str| short(&dir, rev);
    // The first revision adds the whole deck: 1 ruler, 40 main, 12 stones, 12 side.
    let expected = format!(
        "{}  2026-11-22  legal       +2/-1   Back to four\n\
         {}  2026-11-15  ILLEGAL     +0/-0   Name the file\n\
         {}  2026-11-08  ILLEGAL     +1/-0   Try a fifth Lance\n\
         {}  2026-11-01  legal       +65/-0  Start Crimson Aggro\n\
         4 revisions\n",
        h("HEAD"),
        h("HEAD~1"),
        h("HEAD~2"),
        h("HEAD~3")
    );
    assert_eq!(out.stdout, expected);
    let json = decksmith(["log", "crimson.deck", "--output", "json"])
        .current_dir(&dir)
        .expect(0)
        .json();
    let revisions = json.as_array().unwrap();
    assert_eq!(revisions.len(), 4);
    assert_eq!(revisions[0]["path"], "crimson.deck");
    assert_eq!(revisions[2]["path"], "deck.deck");
    assert_eq!(revisions[1]["verdict"], "illegal");
    assert_eq!(revisions[1]["format"], "fow-standard");
    assert_eq!(revisions[2]["moved"], 2);
    assert_eq!(revisions[3]["subject"], "Start Crimson Aggro");
}

#[test]
fn a_file_git_does_not_know_is_exit_2() {
    let dir = temp_dir();
    git(&dir, &["init", "-q"]);
    // A repository with no commit yet: git's own message.
    let out = decksmith(["log", "nothing.deck"])
        .current_dir(&dir)
        .expect(2);
    assert!(out.stderr.contains("git log"), "{}", out.stderr);
    std::fs::write(dir.join("other.deck"), "format: fow-standard\n").unwrap();
    commit(&dir, "Another deck", "2026-11-01T12:00:00Z");
    let out = decksmith(["log", "nothing.deck"])
        .current_dir(&dir)
        .expect(2);
    assert!(
        out.stderr
            .contains("no git revision touches `nothing.deck`"),
        "{}",
        out.stderr
    );
}
