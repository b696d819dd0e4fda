//! `db diff OLD NEW [--decks PATH...]`: card changes between two versions of the data, and the
//! decks whose verdict they change, from folders and from git revisions.

use crate::support::{decksmith, git, root, temp_dir, TempDir};
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

fn edit(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{from} not in {}", path.display());
    std::fs::write(path, text.replacen(from, to, 1)).unwrap();
}

/// A copy of the shipped card databases as `<tmp>/old/card-db` and `<tmp>/new/card-db`,
/// with `change` applied to the new one's J Force core set.
fn two_sides(change: impl FnOnce(&Path)) -> TempDir {
    let dir = temp_dir();
    copy_dir(&root().join("card-db"), &dir.join("old/card-db"));
    copy_dir(&root().join("card-db"), &dir.join("new/card-db"));
    change(&dir.join("new/card-db/jforce/jf1-core.toml"));
    dir
}

fn run(dir: &Path, args: &[&str], code: i32) -> String {
    let mut all = vec!["db", "diff", "old/card-db", "new/card-db"];
    all.extend(args);
    let out = decksmith(all).current_dir(dir).expect(code);
    out.stdout
}

fn stat_change(file: &Path) {
    edit(
        file,
        "name = \"Iron Guard\"\ntype = \"strike\"\nset = \"JF1\"\nnumber = 7\ncost = 2",
        "name = \"Iron Guard\"\ntype = \"strike\"\nset = \"JF1\"\nnumber = 7\ncost = 3",
    );
}

fn rename(file: &Path) {
    edit(
        file,
        "name = \"Ember Striker\"\n",
        "name = \"Ember Strikor\"\n",
    );
}

#[test]
fn a_stat_change_is_listed_with_old_and_new_values() {
    let dir = two_sides(stat_change);
    insta::assert_snapshot!(run(&dir, &[], 0));
}

#[test]
fn identical_data_has_no_changes() {
    let dir = two_sides(|_| {});
    assert_eq!(
        run(&dir, &[], 0),
        "old: old/card-db\nnew: new/card-db\nno card data changed\n"
    );
}

#[test]
fn added_removed_and_renamed_cards_are_told_apart() {
    let dir = two_sides(|file| {
        rename(file);
        // Remove Iron Guard's id by giving it a new one: removed + added.
        edit(file, "id = \"JF-007\"", "id = \"JF-907\"");
    });
    let json: serde_json::Value =
        serde_json::from_str(&run(&dir, &["--output", "json"], 0)).unwrap();
    let changes: Vec<String> = json["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| format!("{} {} {}", c["change"], c["id"], c["name"]))
        .collect();
    assert_eq!(
        changes,
        [
            r#""renamed" "JF-006" "Ember Strikor""#,
            r#""added" "JF-907" "Iron Guard""#,
            r#""removed" "JF-007" "Iron Guard""#,
        ]
    );
    assert_eq!(json["summary"]["cards_renamed"], 1);
}

#[test]
fn decks_whose_verdict_changes_fail_the_run_and_say_why() {
    let dir = two_sides(rename);
    let decks = root().join("examples/decks");
    let decks = decks.to_str().unwrap();
    let json: serde_json::Value =
        serde_json::from_str(&run(&dir, &["--decks", decks, "--output", "json"], 1)).unwrap();
    let flipped: Vec<&str> = json["decks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["verdict_changed"] == true)
        .map(|d| d["path"].as_str().unwrap().rsplit('/').next().unwrap())
        .collect();
    assert_eq!(flipped, ["illegal-evolution.deck", "legal-ember-rush.deck"]);
    assert_eq!(json["summary"]["verdicts_changed"], 2);
    let ember = json["decks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| {
            d["path"]
                .as_str()
                .unwrap()
                .ends_with("legal-ember-rush.deck")
        })
        .unwrap();
    assert!(ember["added"]
        .as_array()
        .unwrap()
        .iter()
        .any(|f| f["rule"] == "unknown-card" && f["line"] == 11));
}

#[test]
fn a_stat_change_that_breaks_no_deck_exits_0() {
    let dir = two_sides(stat_change);
    let decks = root().join("examples/decks");
    let out = run(&dir, &["--decks", decks.to_str().unwrap()], 0);
    assert!(
        out.ends_with("1 card changed; 0 of 38 decks change verdict\n"),
        "{out}"
    );
}

#[test]
fn github_annotations_point_at_the_changed_card_and_the_broken_deck_lines() {
    let dir = two_sides(rename);
    copy_dir(&root().join("examples/decks/jforce"), &dir.join("decks"));
    let out = run(&dir, &["--decks", "decks", "--output", "github"], 1);
    insta::assert_snapshot!(out);
}

#[test]
fn sarif_and_junit_for_a_diff() {
    let dir = two_sides(rename);
    copy_dir(&root().join("examples/decks/jforce"), &dir.join("decks"));
    let sarif: serde_json::Value =
        serde_json::from_str(&run(&dir, &["--decks", "decks", "--output", "sarif"], 1)).unwrap();
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("tests/schemas/sarif-schema-2.1.0.json")).unwrap(),
    )
    .unwrap();
    let errors = crate::json_schema::check(&schema, &sarif);
    assert!(errors.is_empty(), "{errors:#?}");
    let junit = run(&dir, &["--decks", "decks", "--output", "junit"], 1);
    assert!(junit.contains("tests=\"15\" failures=\"2\""), "{junit}");
}

#[test]
fn a_side_can_be_a_git_revision() {
    let dir = temp_dir();
    copy_dir(&root().join("card-db"), &dir.join("card-db"));
    copy_dir(&root().join("formats"), &dir.join("formats"));
    // Other TOML in the repository is not card data.
    std::fs::write(dir.join("Cargo.toml"), "[package]\nname = \"x\"\n").unwrap();
    git(&dir, &["init", "-q"]);
    git(&dir, &["add", "."]);
    git(&dir, &["commit", "-q", "-m", "cards"]);
    stat_change(&dir.join("card-db/jforce/jf1-core.toml"));
    let out = decksmith(["db", "diff", "git:HEAD:card-db", "card-db"])
        .current_dir(&dir)
        .expect(0);
    assert!(out.stdout.contains("cost: 2 → 3"), "{}", out.stdout);
    // Annotations name the file as it is in the working tree.
    let out = decksmith([
        "db",
        "diff",
        "git:HEAD:card-db",
        "card-db",
        "--output",
        "github",
    ])
    .current_dir(&dir)
    .expect(0);
    assert!(
        out.stdout
            .starts_with("::notice file=card-db/jforce/jf1-core.toml,line="),
        "{}",
        out.stdout
    );
    // A data folder (card-db/ inside) at a revision, from a subfolder's point of view.
    let out = decksmith(["db", "diff", "git:HEAD:.", "."])
        .current_dir(&dir)
        .expect(0);
    assert!(out.stdout.contains("1 card changed"), "{}", out.stdout);
    let bad = decksmith(["db", "diff", "git:no-such-rev:card-db", "card-db"])
        .current_dir(&dir)
        .expect(2);
    assert!(bad.stderr.contains("no-such-rev"), "{}", bad.stderr);
}

#[test]
fn a_ban_in_a_data_folder_changes_verdicts() {
    let dir = temp_dir();
    for side in ["old", "new"] {
        copy_dir(&root().join("card-db"), &dir.join(side).join("card-db"));
        copy_dir(&root().join("formats"), &dir.join(side).join("formats"));
    }
    let banlist = std::fs::read_dir(dir.join("new/formats"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| {
            std::fs::read_to_string(p)
                .unwrap()
                .contains("id = \"jforce-standard\"")
        })
        .expect("the jforce-standard format file");
    let text = std::fs::read_to_string(&banlist).unwrap();
    std::fs::write(
        &banlist,
        format!("{text}\n[[revisions]]\neffective = 2000-01-01\nbanned = [\"Ember Striker\"]\n"),
    )
    .unwrap();
    // A short relative path keeps the table's `why` cell from wrapping, wherever the checkout is.
    std::fs::copy(
        root().join("examples/decks/jforce/legal-ember-rush.deck"),
        dir.join("ember-rush.deck"),
    )
    .unwrap();
    let out = decksmith(["db", "diff", "old", "new", "--decks", "ember-rush.deck"])
        .current_dir(&dir)
        .expect(1);
    assert!(
        out.stdout
            .contains("format `jforce-standard` changed: revisions"),
        "{}",
        out.stdout
    );
    // The table is 100 columns wide and the deck path absolute: in a checkout with a long
    // path the `why` cell wraps, so look for its parts.
    assert!(out.stdout.contains("+ banned (line"), "{}", out.stdout);
}

#[test]
fn a_bad_git_spec_is_a_usage_error() {
    let out = decksmith(["db", "diff", "git::card-db", "card-db"]).expect(2);
    assert!(out.stderr.contains("git:REV:PATH"), "{}", out.stderr);
}
