//! `match verify --output github|junit|sarif|json` and `db diff --matches`: a changed
//! transcript is annotated at its first changed line, and a card-data change shows every
//! script whose transcript it changes.

use crate::support::{decksmith, root, temp_dir, TempDir};
use std::path::{Path, PathBuf};

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

/// The skirmish example scripts in a temporary folder, with the `victory` golden transcript's
/// fifth line changed: the folder that holds them all, and the scripts' folder in it.
fn scripts_with_a_changed_golden() -> (TempDir, PathBuf) {
    // The scripts name their decks by relative paths into examples/decks.
    let root_dir = temp_dir();
    copy_dir(&root().join("examples"), &root_dir.join("examples"));
    let dir = root_dir.join("examples/matches/skirmish");
    let golden = dir.join("victory.transcript");
    let text = std::fs::read_to_string(&golden).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines[4] = "this line is not what the engine writes";
    std::fs::write(&golden, lines.join("\n") + "\n").unwrap();
    (root_dir, dir)
}

fn sarif_schema() -> serde_json::Value {
    let text =
        std::fs::read_to_string(root().join("tests/schemas/sarif-schema-2.1.0.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn verify_outputs_for_passing_scripts() {
    let out = decksmith(["match", "verify", "examples/matches", "--output", "github"]).expect(0);
    assert!(!out.stdout.contains("::error"), "{}", out.stdout);
    assert!(out.stdout.ends_with(" ok, 0 failed\n"), "{}", out.stdout);
    let junit = decksmith(["match", "verify", "examples/matches", "--output", "junit"]).expect(0);
    assert!(junit.stdout.contains("failures=\"0\""), "{}", junit.stdout);
    assert!(
        junit.stdout.contains("<testsuite name=\"skirmish\""),
        "{}",
        junit.stdout
    );
    let json = decksmith(["match", "verify", "examples/matches", "--output", "json"])
        .expect(0)
        .json();
    assert_eq!(json["summary"]["failed"], 0);
}

#[test]
fn a_changed_transcript_is_annotated_at_its_first_changed_line() {
    let (_root, dir) = scripts_with_a_changed_golden();
    let out = decksmith([
        "match".as_ref(),
        "verify".as_ref(),
        dir.as_os_str(),
        "--output".as_ref(),
        "github".as_ref(),
    ])
    .expect(1);
    let dir_name = dir.display().to_string();
    let errors: Vec<String> = out
        .stdout
        .lines()
        .filter(|l| l.starts_with("::error"))
        .map(|l| l.replace(&dir_name, "<tmp>"))
        .collect();
    assert_eq!(errors.len(), 1, "{}", out.stdout);
    assert!(
        errors[0].starts_with("::error file=<tmp>/victory.transcript,line=5,col=1,"),
        "{}",
        errors[0]
    );
    assert!(
        errors[0].contains("title=decksmith transcript::"),
        "{}",
        errors[0]
    );
    let sarif = decksmith([
        "match".as_ref(),
        "verify".as_ref(),
        dir.as_os_str(),
        "--output".as_ref(),
        "sarif".as_ref(),
    ])
    .expect(1)
    .json();
    let problems = crate::json_schema::check(&sarif_schema(), &sarif);
    assert!(problems.is_empty(), "{problems:#?}");
    assert_eq!(sarif["runs"][0]["results"][0]["ruleId"], "transcript");
    let junit = decksmith([
        "match".as_ref(),
        "verify".as_ref(),
        dir.as_os_str(),
        "--output".as_ref(),
        "junit".as_ref(),
    ])
    .expect(1)
    .stdout;
    assert!(junit.contains("failures=\"1\""), "{junit}");
}

#[test]
fn db_diff_shows_the_scripts_a_stat_change_affects() {
    let dir = temp_dir();
    copy_dir(&root().join("card-db"), &dir.join("new/card-db"));
    let cards = dir.join("new/card-db/skirmish/sk1-core.toml");
    let text = std::fs::read_to_string(&cards).unwrap();
    let from = "name = \"Ember Jab\"\ntype = \"red\"\nset = \"SK1\"\nnumber = 1\ncolour = \"red\"\nvalue = 1";
    assert!(text.contains(from));
    std::fs::write(
        &cards,
        text.replacen(from, &from.replace("value = 1", "value = 2"), 1),
    )
    .unwrap();
    let new = dir.join("new/card-db");
    let args = |output: &str| -> Vec<String> {
        vec![
            "db".into(),
            "diff".into(),
            "card-db".into(),
            new.display().to_string(),
            "--matches".into(),
            "examples/matches".into(),
            "--output".into(),
            output.into(),
        ]
    };
    let json = decksmith(args("json")).expect(1).json();
    let changed: Vec<&str> = json["scripts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["path"].as_str().unwrap())
        .collect();
    assert!(
        changed.contains(&"examples/matches/skirmish/victory.match.toml"),
        "{changed:?}"
    );
    assert!(!changed.iter().any(|p| p.contains("jforce")), "{changed:?}");
    assert_eq!(json["summary"]["transcripts_changed"], changed.len());
    let victory = json["scripts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["path"].as_str().unwrap().ends_with("victory.match.toml"))
        .unwrap();
    assert!(
        victory["change"].as_str().unwrap().contains("+ "),
        "{victory}"
    );
    let github = decksmith(args("github")).expect(1).stdout;
    assert!(github.contains("::notice file="), "{github}");
    assert!(
        github.contains("::error file=examples/matches/skirmish/victory.transcript,line="),
        "{github}"
    );
    let sarif = decksmith(args("sarif")).expect(1).json();
    let problems = crate::json_schema::check(&sarif_schema(), &sarif);
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn db_diff_without_changes_to_scripts_exits_0() {
    let out = decksmith([
        "db",
        "diff",
        "card-db",
        "card-db",
        "--matches",
        "examples/matches",
    ])
    .expect(0);
    let last = out.stdout.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("no card data changed; 0 of ")
            && last.ends_with(" scripts change transcript"),
        "{}",
        out.stdout
    );
}
