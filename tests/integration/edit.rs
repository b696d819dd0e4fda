//! Deck editing: `new`, `add`, `remove` and `validate --fix`, run as a user runs them, in a
//! fresh folder each, with every human output pinned.

use crate::support::{decksmith, example_decks, games, temp_dir, TempDir};
use std::path::Path;

/// Runs decksmith in `dir` (so outputs name files as the user typed them).
fn run_in(dir: &Path, args: &[&str]) -> crate::support::Run {
    decksmith(args).current_dir(dir)
}

fn read(path: impl AsRef<Path>) -> String {
    std::fs::read_to_string(path).unwrap()
}

/// A text deck written the way people write them: comments, blank lines, `3x` counts,
/// indentation and a comment between cards.
const HANDWRITTEN: &str = "# Ember deck, work in progress
format: jforce-standard
name: Ember Work

Hero:
1x Storma

Main:
  3x Ember Striker   
  # the guards
  2x Iron Guard

  1x Field Medic
# end
";

#[test]
fn new_writes_a_skeleton_for_every_format_of_every_game() {
    let formats = decksmith(["formats", "--output", "json"]).expect(0).json();
    for format in formats.as_array().unwrap() {
        let id = format["id"].as_str().unwrap();
        let out = decksmith(["new", "--format", id, "--name", "My Deck"]).expect(0);
        insta::assert_snapshot!(format!("new_{id}"), out.stdout);
        // The skeleton is a deck list that validate reads without a parse finding.
        let dir = temp_dir();
        std::fs::write(dir.join("new.deck"), &out.stdout).unwrap();
        let json = run_in(&dir, &["validate", "new.deck", "--output", "json"])
            .run()
            .json();
        let findings = json["decks"][0]["findings"].as_array().unwrap().clone();
        assert!(
            findings.iter().all(|f| f["rule"] != "parse"),
            "{id}: {findings:?}"
        );
    }
}

#[test]
fn new_writes_a_file_and_never_overwrites_one_unasked() {
    let dir = temp_dir();
    run_in(
        &dir,
        &["new", "--format", "skirmish-casual", "-o", "a.deck"],
    )
    .expect(0);
    let first = read(dir.join("a.deck"));
    assert!(first.starts_with("format: skirmish-casual\n"));
    let out = run_in(&dir, &["new", "--format", "fow-standard", "-o", "a.deck"]).expect(2);
    assert!(out.stderr.contains("already exists"), "{}", out.stderr);
    assert_eq!(read(dir.join("a.deck")), first);
    run_in(
        &dir,
        &["new", "--format", "fow-standard", "-o", "a.deck", "--force"],
    )
    .expect(0);
    assert!(read(dir.join("a.deck")).starts_with("format: fow-standard\n"));
}

#[test]
fn new_with_an_unknown_format_suggests_one() {
    let out = decksmith(["new", "--format", "jforce-standrd"]).expect(2);
    insta::assert_snapshot!(out.stderr);
}

#[test]
fn new_refuses_a_file_it_would_not_write_as_text() {
    let dir = temp_dir();
    let out = run_in(
        &dir,
        &["new", "--format", "jforce-standard", "-o", "a.json"],
    )
    .expect(2);
    assert!(out.stderr.contains("convert"), "{}", out.stderr);
    assert!(!dir.join("a.json").exists());
}

/// The lines of `after` that are not in `before`, and those of `before` not in `after`, in
/// order: what an edit changed.
fn changed_lines(before: &str, after: &str) -> (Vec<String>, Vec<String>) {
    let diff = similar::TextDiff::from_lines(before, after);
    let mut added = Vec::new();
    let mut removed = Vec::new();
    for change in diff.iter_all_changes() {
        match change.tag() {
            similar::ChangeTag::Insert => added.push(change.value().to_owned()),
            similar::ChangeTag::Delete => removed.push(change.value().to_owned()),
            similar::ChangeTag::Equal => {}
        }
    }
    (added, removed)
}

#[test]
fn an_edit_keeps_every_other_byte() {
    let dir = temp_dir();
    let deck = dir.join("work.deck");
    std::fs::write(&deck, HANDWRITTEN).unwrap();

    // A card already listed: its count changes in place, `3x` style, indentation and
    // trailing spaces kept.
    run_in(&dir, &["add", "work.deck", "Ember Striker"]).expect(0);
    let after = read(&deck);
    assert_eq!(
        changed_lines(HANDWRITTEN, &after),
        (
            vec!["  4x Ember Striker   \n".to_owned()],
            vec!["  3x Ember Striker   \n".to_owned()]
        )
    );

    // A new card: one new line after the zone's last card, in the list's style.
    let before = after;
    run_in(&dir, &["add", "work.deck", "2", "Rust", "Brawler"]).expect(0);
    let after = read(&deck);
    assert_eq!(
        changed_lines(&before, &after),
        (vec!["  2x Rust Brawler\n".to_owned()], vec![])
    );
    assert!(after.contains("  1x Field Medic\n  2x Rust Brawler\n# end\n"));

    // Removing some copies changes the count; removing the rest deletes the line alone.
    let before = after;
    run_in(&dir, &["remove", "work.deck", "Iron Guard"]).expect(0);
    run_in(&dir, &["remove", "work.deck", "1", "Iron Guard"]).expect(0);
    let after = read(&deck);
    assert_eq!(
        changed_lines(&before, &after),
        (vec![], vec!["  2x Iron Guard\n".to_owned()])
    );

    // A zone the list lacks gets its own section, placed in the game's zone order.
    let before = after;
    run_in(
        &dir,
        &["add", "work.deck", "Ember Striker", "--zone", "maybe"],
    )
    .expect(0);
    let after = read(&deck);
    assert_eq!(
        after,
        format!("{before}\nMaybe:\n1x Ember Striker\n"),
        "the maybe section is appended"
    );
}

#[test]
fn an_edit_keeps_crlf_line_ends_and_a_missing_last_line_break() {
    let dir = temp_dir();
    let deck = dir.join("crlf.deck");
    let text = "format: skirmish-casual\r\n\r\nMain:\r\n3 Molten Hammer";
    std::fs::write(&deck, text).unwrap();
    run_in(&dir, &["add", "crlf.deck", "Scorching Ray"]).expect(0);
    assert_eq!(
        read(&deck),
        "format: skirmish-casual\r\n\r\nMain:\r\n3 Molten Hammer\r\n1 Scorching Ray\r\n"
    );
}

#[test]
fn add_and_remove_show_the_verdict_change_and_the_zones() {
    let dir = temp_dir();
    std::fs::copy(
        crate::support::root().join("examples/decks/jforce/legal-ember-rush.deck"),
        dir.join("rush.deck"),
    )
    .unwrap();
    let added = run_in(&dir, &["add", "rush.deck", "Iron Guard"]).expect(0);
    let removed = run_in(&dir, &["remove", "rush.deck", "Iron Guard"]).expect(0);
    insta::assert_snapshot!(format!(
        "$ decksmith add rush.deck Iron Guard\n{}\n$ decksmith remove rush.deck Iron Guard\n{}",
        added.stdout, removed.stdout
    ));
    assert_eq!(
        read(dir.join("rush.deck")),
        read(crate::support::root().join("examples/decks/jforce/legal-ember-rush.deck")),
        "adding and removing a card gives the file back byte for byte"
    );
}

#[test]
fn dry_run_prints_the_diff_and_writes_nothing() {
    let dir = temp_dir();
    std::fs::write(dir.join("work.deck"), HANDWRITTEN).unwrap();
    let out = run_in(
        &dir,
        &[
            "add",
            "work.deck",
            "2",
            "Storma",
            "--zone",
            "main",
            "--dry-run",
        ],
    )
    .expect(0);
    insta::assert_snapshot!(out.stdout);
    assert_eq!(read(dir.join("work.deck")), HANDWRITTEN);
}

#[test]
fn json_toml_csv_and_code_decks_are_rewritten_in_their_own_encoding() {
    let dir = temp_dir();
    let example = crate::support::root().join("examples/decks/fow/legal-tidecaller.deck");
    for enc in ["json", "toml", "csv", "code"] {
        let name = format!("deck.{enc}");
        decksmith([
            "convert".as_ref(),
            example.as_os_str(),
            "--to".as_ref(),
            enc.as_ref(),
            "-o".as_ref(),
            dir.join(&name).as_os_str(),
        ])
        .run();
        let before = read(dir.join(&name));
        let as_text = || {
            run_in(&dir, &["convert", &name, "--to", "text"])
                .expect(0)
                .stdout
        };
        let original = as_text();
        let out = run_in(&dir, &["add", &name, "Fire Magic Stone", "--zone", "side"]).expect(0);
        assert!(
            out.stdout.contains("to side (0 → 1)"),
            "{enc}: {}",
            out.stdout
        );
        let after = read(dir.join(&name));
        assert_ne!(before, after, "{enc}");
        // Still the same encoding, and it holds the new card.
        let json = run_in(&dir, &["convert", &name, "--to", "json"])
            .expect(0)
            .stdout;
        assert!(json.contains("Fire Magic Stone"), "{enc}: {json}");
        run_in(
            &dir,
            &["remove", &name, "Fire Magic Stone", "--zone", "side"],
        )
        .expect(0);
        assert_eq!(as_text(), original, "{enc}");
    }
}

/// Each refusal: a diagnostic, exit 2, and the file untouched.
fn refused(dir: &Path, file: &str, args: &[&str]) -> String {
    let before = std::fs::read(dir.join(file)).unwrap();
    let out = run_in(dir, args).expect(2);
    assert_eq!(
        std::fs::read(dir.join(file)).unwrap(),
        before,
        "{args:?} changed the file"
    );
    assert!(out.stdout.is_empty(), "{}", out.stdout);
    out.stderr
}

fn work_dir() -> TempDir {
    let dir = temp_dir();
    std::fs::write(dir.join("work.deck"), HANDWRITTEN).unwrap();
    dir
}

#[test]
fn an_unknown_card_suggests_one_and_changes_nothing() {
    let dir = work_dir();
    insta::assert_snapshot!(refused(
        &dir,
        "work.deck",
        &["add", "work.deck", "Ember Strker"]
    ));
}

#[test]
fn an_unknown_zone_suggests_one_and_changes_nothing() {
    let dir = work_dir();
    insta::assert_snapshot!(refused(
        &dir,
        "work.deck",
        &["add", "work.deck", "Storma", "--zone", "heor"]
    ));
}

#[test]
fn a_deck_naming_an_unknown_format_is_refused() {
    let dir = temp_dir();
    std::fs::write(dir.join("a.deck"), "format: jforce-standrd\n1 Storma\n").unwrap();
    insta::assert_snapshot!(refused(&dir, "a.deck", &["add", "a.deck", "Storma"]));
}

#[test]
fn removing_more_than_the_deck_holds_is_refused() {
    let dir = work_dir();
    insta::assert_snapshot!(refused(
        &dir,
        "work.deck",
        &["remove", "work.deck", "4", "Ember Striker"]
    ));
    let out = refused(&dir, "work.deck", &["remove", "work.deck", "Scorching Ray"]);
    assert!(out.contains("unknown J Force TCG card"), "{out}");
    let out = refused(&dir, "work.deck", &["remove", "work.deck", "Rust Brawler"]);
    assert!(out.contains("holds no `Rust Brawler`"), "{out}");
}

#[test]
fn a_count_past_the_limit_is_refused() {
    let dir = work_dir();
    let out = refused(
        &dir,
        "work.deck",
        &["add", "work.deck", "999", "Iron Guard"],
    );
    assert!(out.contains("more than the 999"), "{out}");
    let out = refused(&dir, "work.deck", &["add", "work.deck", "0", "Iron Guard"]);
    assert!(out.contains("from 1 to 999"), "{out}");
}

#[test]
fn a_file_that_is_not_a_deck_list_is_refused() {
    let dir = temp_dir();
    std::fs::write(dir.join("notes.md"), "# Notes\nformat: jforce-standard\n").unwrap();
    std::fs::write(dir.join("notes.txt"), "buy more sleeves\n").unwrap();
    insta::assert_snapshot!(
        "not_a_deck",
        format!(
            "{}{}",
            refused(&dir, "notes.md", &["add", "notes.md", "Storma"]),
            refused(&dir, "notes.txt", &["add", "notes.txt", "Storma"])
        )
    );
}

#[test]
fn another_tools_export_is_refused_with_the_way_to_convert_it() {
    let dir = temp_dir();
    std::fs::write(dir.join("export.txt"), "Deck\n4 Ember Striker (JF1) 1\n").unwrap();
    insta::assert_snapshot!(refused(
        &dir,
        "export.txt",
        &["add", "export.txt", "Storma"]
    ));
}

#[test]
fn concurrent_edits_never_leave_a_half_written_file() {
    let dir = temp_dir();
    std::fs::write(
        dir.join("race.deck"),
        "format: skirmish-casual\n\nMain:\n1 Molten Hammer\n",
    )
    .unwrap();
    let bin = env!("CARGO_BIN_EXE_decksmith");
    let children: Vec<_> = (0..8)
        .map(|_| {
            std::process::Command::new(bin)
                .current_dir(&dir)
                .args(["add", "race.deck", "Scorching Ray"])
                .env("NO_COLOR", "1")
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let mut written = 0;
    for child in children {
        let out = child.wait_with_output().unwrap();
        match out.status.code() {
            Some(0) => written += 1,
            Some(2) => {
                let stderr = String::from_utf8_lossy(&out.stderr);
                assert!(stderr.contains("changed while"), "{stderr}");
            }
            other => panic!("exit {other:?}"),
        }
    }
    assert!(written >= 1);
    // Whole: every line one the list had or one an edit wrote, and no temporary file left.
    let text = read(dir.join("race.deck"));
    let deck = decksmith::encoding::text::parse(&text);
    assert!(deck.problems.is_empty(), "{text}");
    let slaps: u32 = deck.zones[0]
        .entries
        .iter()
        .filter(|e| e.card == "Scorching Ray")
        .map(|e| e.count)
        .sum();
    assert!(
        (1..=written).contains(&slaps),
        "{slaps} of {written}:\n{text}"
    );
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|n| n != "race.deck")
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn fix_makes_the_unambiguous_fixes_and_reports_the_rest() {
    let dir = temp_dir();
    let text = "format: jforce-standard\n\nHero:\n1 Storma\n\nMain:\n3x Ember Strker\n2x JF-012\n1x Iron Gard\n1 Zzyzx Qqq\n";
    std::fs::write(dir.join("typos.deck"), text).unwrap();
    let out = run_in(&dir, &["validate", "--fix", "typos.deck"]).expect(1);
    insta::assert_snapshot!("fix_typos", out.stdout);
    let fixed = read(dir.join("typos.deck"));
    assert_eq!(
        changed_lines(text, &fixed),
        (
            vec![
                "3x Ember Striker\n".to_owned(),
                "1x Iron Guard\n".to_owned()
            ],
            vec!["3x Ember Strker\n".to_owned(), "1x Iron Gard\n".to_owned()]
        )
    );
    // `--fix names` also writes ids as names; nothing else is left to fix.
    let out = run_in(&dir, &["validate", "typos.deck", "--fix", "names"]).expect(1);
    assert!(
        out.stdout.starts_with(
            "fixed typos.deck line 8: `JF-012` → `Rust Brawler` (the card's name for its id)\n"
        ),
        "{}",
        out.stdout
    );
    assert!(read(dir.join("typos.deck")).contains("\n2x Rust Brawler\n"));
    assert!(
        out.stdout.contains("unknown card `Zzyzx Qqq`"),
        "{}",
        out.stdout
    );
}

/// With `--output json` the fixes are in the document (nothing is rewritten silently): per
/// file the fixes made, or why it could not be fixed; the decks are reported as they now are.
#[test]
fn fix_lists_its_changes_in_json() {
    let dir = temp_dir();
    std::fs::write(
        dir.join("a.deck"),
        "format: jforce-standard\nHero:\n1 Timeline J\nMain:\n3 Ash Hund\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("b.deck"),
        "format: jforce-standrd\n4 Ember Strker\n",
    )
    .unwrap();
    let out = run_in(
        &dir,
        &["validate", "--fix", "a.deck", "b.deck", "--output", "json"],
    )
    .expect(1);
    let doc: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(
        doc["fixes"][0],
        serde_json::json!({"path": "a.deck", "fixed": [
            {"line": 5, "from": "Ash Hund", "to": "Ash Hound", "kind": "typo"}
        ]})
    );
    assert_eq!(doc["fixes"][1]["path"], "b.deck");
    assert_eq!(doc["fixes"][1]["fixed"], serde_json::json!([]));
    assert!(
        doc["fixes"][1]["error"]
            .as_str()
            .unwrap()
            .contains("jforce-standrd"),
        "{}",
        out.stdout
    );
    assert_eq!(doc["decks"][0]["path"], "a.deck");
    // The deck is checked as fixed: its only finding is its size.
    let rules: Vec<_> = doc["decks"][0]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["rule"].as_str().unwrap())
        .collect();
    assert_eq!(rules, ["deck-size"], "{}", out.stdout);
    // Without --fix the document has no `fixes` field at all.
    let plain = run_in(&dir, &["validate", "a.deck", "--output", "json"]).expect(1);
    assert!(!plain.stdout.contains("\"fixes\""), "{}", plain.stdout);
}

#[test]
fn fix_leaves_a_name_with_two_close_matches() {
    // `Chrono Spurge` is one letter from `Chrono Surge` and three from `Chrono Spark`: close
    // to both, so it is reported (with the nearer as the suggestion) and not fixed.
    let dir = temp_dir();
    let text = "format: jforce-standard\nMain:\n1 Chrono Spurge\n";
    std::fs::write(dir.join("a.deck"), text).unwrap();
    let out = run_in(&dir, &["validate", "--fix", "a.deck"]).expect(1);
    assert!(!out.stdout.contains("fixed"), "{}", out.stdout);
    assert!(
        out.stdout.contains("did you mean `Chrono Surge`?"),
        "{}",
        out.stdout
    );
    assert_eq!(read(dir.join("a.deck")), text);
}

#[test]
fn fix_reports_files_it_cannot_edit_and_still_validates_them() {
    let dir = temp_dir();
    let text = "format: jforce-standrd\n4 Ember Strker\n";
    std::fs::write(dir.join("a.deck"), text).unwrap();
    let out = run_in(&dir, &["validate", "--fix", "a.deck"]).expect(1);
    insta::assert_snapshot!(out.stdout);
    assert_eq!(read(dir.join("a.deck")), text);
}

/// The story of issue #12: a new user builds a legal deck for each game from nothing with
/// `new` and `add`, mistypes a card name in an editor, and fixes it with `validate --fix`.
#[test]
fn a_new_user_builds_a_legal_deck_for_every_game() {
    for game in games() {
        // The cards of the game's first legal example deck, zone by zone.
        let example = example_decks()
            .into_iter()
            .find(|p| {
                p.parent().unwrap().ends_with(game)
                    && p.file_name()
                        .unwrap()
                        .to_string_lossy()
                        .starts_with("legal-")
            })
            .unwrap();
        let source = decksmith::encoding::text::parse(&read(&example));
        let format = source.format.unwrap().value;
        let dir = temp_dir();
        run_in(&dir, &["new", "--format", &format, "-o", "mine.deck"]).expect(0);
        for zone in &source.zones {
            for entry in &zone.entries {
                let count = entry.count.to_string();
                let out = run_in(
                    &dir,
                    &[
                        "add",
                        "mine.deck",
                        &count,
                        &entry.card,
                        "--zone",
                        &zone.name,
                    ],
                )
                .expect(0);
                assert!(out.stdout.contains("zones: "), "{}", out.stdout);
            }
        }
        let built = read(dir.join("mine.deck"));
        let out = run_in(&dir, &["validate", "mine.deck"]).run();
        assert_eq!(out.code, 0, "{game}: {}\n{built}", out.stdout);

        // A typo made in an editor: one letter of the last card dropped.
        let last = source.zones.last().unwrap().entries.last().unwrap();
        let typo = format!("{}{}", &last.card[..1], &last.card[2..]);
        let mistyped = built.replacen(&format!(" {}\n", last.card), &format!(" {typo}\n"), 1);
        assert_ne!(mistyped, built);
        std::fs::write(dir.join("mine.deck"), &mistyped).unwrap();
        run_in(&dir, &["validate", "mine.deck"]).expect(1);
        let out = run_in(&dir, &["validate", "--fix", "mine.deck"]).expect(0);
        assert!(
            out.stdout.starts_with("fixed mine.deck line"),
            "{game}: {}",
            out.stdout
        );
        assert_eq!(read(dir.join("mine.deck")), built, "{game}");
    }
}
