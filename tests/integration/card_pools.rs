//! Real card pools (issue #32): a LackeyCCG plugin of our own (`tests/data/lackey/fow/`, every
//! card invented, every file shaped as the Force of Will plugin's) imported with `db import`
//! and read directly with `--db PLUGIN`, through the real binary.

use crate::support::{decksmith, temp_dir, temp_file, TempDir};
use std::path::{Path, PathBuf};

/// Relative to the repository root, where the binary runs, so that paths in output are the
/// same on every machine.
fn plugin() -> PathBuf {
    PathBuf::from("tests/data/lackey/fow")
}

fn starter(name: &str) -> PathBuf {
    PathBuf::from("tests/data/lackey/decks").join(name)
}

/// The plugin imported into a fresh folder, and the import's report for people.
fn imported() -> (TempDir, PathBuf, String) {
    let dir = temp_dir();
    let out_dir = dir.join("pool");
    let out = decksmith([
        "db".as_ref(),
        "import".as_ref(),
        plugin().as_os_str(),
        "-o".as_ref(),
        out_dir.as_os_str(),
    ])
    .expect(0);
    let report = out.stdout.replace(&out_dir.display().to_string(), "<DIR>");
    (dir, out_dir, report)
}

fn with_db<I, S>(db: &Path, args: I) -> crate::support::Run
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    let mut all: Vec<std::ffi::OsString> = vec!["--db".into(), db.into()];
    all.extend(args.into_iter().map(|a| a.as_ref().to_owned()));
    decksmith(all)
}

/// Every file an import wrote, each under its name, in name order.
fn written(dir: &Path) -> String {
    let mut files: Vec<PathBuf> = Vec::new();
    for sub in [dir.to_owned(), dir.join("formats")] {
        for entry in std::fs::read_dir(&sub).unwrap() {
            let path = entry.unwrap().path();
            if path.is_file() {
                files.push(path);
            }
        }
    }
    files.sort();
    (files.iter())
        .map(|f| {
            let name = f.strip_prefix(dir).unwrap().display().to_string();
            format!("==> {name}\n{}", std::fs::read_to_string(f).unwrap())
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn db_import_reports_what_it_read_and_every_row_it_skipped_or_guessed() {
    let (_tmp, _dir, report) = imported();
    insta::assert_snapshot!(report);
}

#[test]
fn db_import_writes_the_card_files_a_person_would_write() {
    let (_tmp, dir, _) = imported();
    insta::assert_snapshot!(written(&dir).replace(&dir.display().to_string(), "<DIR>"));
}

#[test]
fn db_import_reports_as_json_too() {
    let dir = temp_dir();
    let out_dir = dir.join("pool");
    let out = decksmith([
        "db".as_ref(),
        "import".as_ref(),
        plugin().as_os_str(),
        "-o".as_ref(),
        out_dir.as_os_str(),
        "--output".as_ref(),
        "json".as_ref(),
    ])
    .expect(0);
    let json = out.json();
    assert_eq!(json["game"], "fow");
    // 42 rows: 3 skipped (a token, a misspelt type, a row without a name); of the 39
    // mapped, Lumen Squire, Gleaming Ward, Ash Raider and the two Light and one Fire stones'
    // other printings are reprints.
    assert_eq!(
        (json["rows"].as_u64(), json["skipped"].as_u64()),
        (Some(42), Some(3))
    );
    assert_eq!(
        (json["cards"].as_u64(), json["printings"].as_u64()),
        (Some(34), Some(39))
    );
    assert_eq!(json["two_faced"], 2);
    assert_eq!(
        json["formats"],
        serde_json::json!(["fow-lackey-test-standard", "fow-lackey-first-cluster"])
    );
    let bad = (json["notes"].as_array().unwrap().iter())
        .find(|n| n["message"].as_str().unwrap().contains("Resonater"))
        .unwrap();
    assert_eq!(
        (bad["file"].as_str(), bad["line"].as_u64()),
        (Some("tests/data/lackey/fow/sets/alpha.txt"), Some(28))
    );
    assert_eq!(
        (bad["field"].as_str(), bad["skipped"].as_bool()),
        (Some("Type"), Some(true))
    );
}

#[test]
fn an_imported_pool_passes_db_check() {
    let (_tmp, dir, _) = imported();
    let out = with_db(&dir, ["db", "check"]).expect(0);
    assert!(
        out.stdout.contains("0 errors, 0 warnings"),
        "{}",
        out.stdout
    );
    // Checked as files, its formats still extend the shipped `fow-standard`, and only its own
    // two are counted.
    let out = decksmith(["db".as_ref(), "check".as_ref(), dir.as_os_str()]).expect(0);
    assert!(
        out.stdout.contains("and 2 formats: 0 errors, 0 warnings"),
        "{}",
        out.stdout
    );
}

#[test]
fn the_plugin_read_directly_warns_about_each_skipped_row_with_its_line() {
    let out = with_db(&plugin(), ["db", "check"]).expect(0);
    assert!(
        out.stdout.contains("0 errors, 11 warnings"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains("sets/alpha.txt:28: [Type] skipped: `Gale Scout`"),
        "{}",
        out.stdout
    );
}

#[test]
fn the_starter_decks_are_legal_imported_and_read_directly_alike() {
    let (_tmp, dir, _) = imported();
    for deck in ["starter-light.deck", "starter-fire.deck"] {
        let via_import = with_db(
            &dir,
            [
                "validate".as_ref(),
                "--output".as_ref(),
                "json".as_ref(),
                starter(deck).as_os_str(),
            ],
        )
        .expect(0);
        let direct = with_db(
            &plugin(),
            [
                "validate".as_ref(),
                "--output".as_ref(),
                "json".as_ref(),
                starter(deck).as_os_str(),
            ],
        )
        .expect(0);
        assert_eq!(via_import.json(), direct.json(), "{deck}");
    }
}

/// The plugin's own `.dek` starter decks, as Lackey wrote them: legal under `fow-standard`,
/// imported and read directly alike. Each ruler's id names both its images
/// (`TS2-001-r,TS2-001-j`): the printing is found (no `printing` warning), and the rest of the
/// id, which decksmith does not keep, is a warning.
#[test]
fn the_plugins_own_dek_decks_are_legal_and_their_two_faced_ids_found() {
    let (_tmp, dir, _) = imported();
    for deck in ["starter-light.dek", "starter-fire.dek"] {
        let path = plugin().join("decks").join(deck);
        let mut seen = Vec::new();
        for db in [&dir, &plugin()] {
            let args = [
                "validate".as_ref(),
                "--format".as_ref(),
                "fow-standard".as_ref(),
            ];
            let rest = ["--output".as_ref(), "json".as_ref(), path.as_os_str()];
            let out = with_db(db, args.into_iter().chain(rest)).expect(0);
            let report = out.json()["decks"][0].clone();
            assert_eq!(report["legal"], true, "{deck}: {report:#}");
            let findings: Vec<(&str, &str)> = (report["findings"].as_array().unwrap().iter())
                .map(|f| (f["rule"].as_str().unwrap(), f["message"].as_str().unwrap()))
                .collect();
            let id = if deck == "starter-fire.dek" {
                "TS2"
            } else {
                "TS1"
            };
            assert_eq!(
                findings,
                [(
                    "parse",
                    format!("the end of the id `{id}-001-r,{id}-001-j` after its number 001 is not kept")
                        .as_str()
                )],
                "{deck}"
            );
            seen.push(report);
        }
        assert_eq!(seen[0], seen[1], "{deck}");
    }
}

/// A starter deck changed by `edit`, validated against the imported pool as JSON.
fn changed(dir: &Path, edit: impl Fn(&str) -> String, format: &str) -> serde_json::Value {
    let path = crate::support::root().join(starter("starter-light.deck"));
    let text = std::fs::read_to_string(path).unwrap();
    let text = edit(&text).replace("format: fow-standard", &format!("format: {format}"));
    let deck = temp_file("changed.deck", text);
    validate_json(dir, &deck)
}

fn validate_json(dir: &Path, deck: &Path) -> serde_json::Value {
    let args = [
        "validate".as_ref(),
        "--output".as_ref(),
        "json".as_ref(),
        deck.as_os_str(),
    ];
    with_db(dir, args).run().json()
}

/// The light starter deck as an Arena-style list, whose lines may name a printing.
fn arena(edit: impl Fn(&str) -> String, format: &str) -> String {
    let path = crate::support::root().join(starter("starter-light.deck"));
    let text = std::fs::read_to_string(path).unwrap();
    let body: Vec<&str> = (text.lines())
        .filter(|l| !l.starts_with('#') && !l.starts_with("format:") && !l.starts_with("name:"))
        .collect();
    let body = body
        .join("\n")
        .replace("Main:", "Deck")
        .replace("Side:", "Sideboard");
    edit(&format!(
        "About\nName Starter Light\nFormat {format}\n{body}\n"
    ))
}

fn rules(json: &serde_json::Value) -> Vec<String> {
    let findings = json["decks"][0]["findings"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    findings
        .iter()
        .map(|f| f["rule"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn a_fifth_copy_breaks_the_copy_limit_and_a_fourth_does_not() {
    let (_tmp, dir, _) = imported();
    // Four Lumen Squire are legal; a fifth in the side deck is one too many across zones.
    let four = changed(&dir, |t| t.to_owned(), "fow-standard");
    assert_eq!(rules(&four), Vec::<String>::new(), "{four}");
    let five = changed(
        &dir,
        |t| t.replace("2 Réveil Spirit", "1 Lumen Squire"),
        "fow-standard",
    );
    assert_eq!(rules(&five), ["copy-limit"], "{five}");
}

#[test]
fn a_misspelt_name_gets_the_pool_card_it_probably_meant() {
    let (_tmp, dir, _) = imported();
    let json = changed(
        &dir,
        |t| t.replace("4 Hall Warden", "4 Hall Wardne"),
        "fow-standard",
    );
    let text = json.to_string();
    assert!(text.contains("Hall Warden"), "{json}");
    assert!(rules(&json).contains(&"unknown-card".to_owned()), "{json}");
}

#[test]
fn a_two_faced_card_is_found_by_either_face_or_both_and_counts_once() {
    let (_tmp, dir, _) = imported();
    for ruler in ["Aurel", "Aurel, Dawn Regent", "Aurel | Aurel, Dawn Regent"] {
        let json = changed(
            &dir,
            |t| t.replace("1 Aurel | Aurel, Dawn Regent", &format!("1 {ruler}")),
            "fow-standard",
        );
        assert_eq!(rules(&json), Vec::<String>::new(), "{ruler}: {json}");
    }
    // Both faces named: one card, two copies, and one ruler too many.
    let two = changed(
        &dir,
        |t| {
            t.replace(
                "1 Aurel | Aurel, Dawn Regent",
                "1 Aurel\n1 Aurel, Dawn Regent",
            )
        },
        "fow-standard",
    );
    assert_eq!(rules(&two), ["hero"], "{two}");
}

#[test]
fn set_legality_holds_through_any_printing_unless_the_deck_names_one() {
    let (_tmp, dir, _) = imported();
    // First Cluster is TS1 and TS2: Réveil Spirit is printed only in TS3.
    let json = changed(&dir, |t| t.to_owned(), "fow-lackey-first-cluster");
    assert_eq!(rules(&json), ["set-legality"], "{json}");
    let fixed = changed(
        &dir,
        |t| t.replace("2 Réveil Spirit", ""),
        "fow-lackey-first-cluster",
    );
    assert_eq!(rules(&fixed), Vec::<String>::new(), "{fixed}");
    // Lumen Squire is printed in TS1 and TS3: named as its TS3 printing, it is not legal;
    // named as its TS1 printing, it is.
    for (printing, expected) in [("(TS3) 2", vec!["set-legality"]), ("(TS1) 2", vec![])] {
        let list = arena(
            |t| {
                t.replace("2 Réveil Spirit", "")
                    .replace("4 Lumen Squire", &format!("4 Lumen Squire {printing}"))
            },
            "fow-lackey-first-cluster",
        );
        let deck = temp_file("named.txt", list);
        let json = validate_json(&dir, &deck);
        assert_eq!(rules(&json), expected, "{printing}: {json}");
    }
    // A suffixed basic resolves to the card of that printing.
    let suffixed = changed(&dir, |t| t.replace("(TS1)", "(TS3)"), "fow-standard");
    assert_eq!(rules(&suffixed), Vec::<String>::new(), "{suffixed}");
}

#[test]
fn the_pool_is_searched_and_a_starter_deck_counted() {
    let (_tmp, dir, _) = imported();
    let out = with_db(&dir, ["cards", "--game", "fow", "type:ruler"]).expect(0);
    assert!(
        ["Aurel", "Brand", "Elder Regent"]
            .iter()
            .all(|name| out.stdout.contains(name)),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("3 cards found"), "{}", out.stdout);
    let out = with_db(
        &dir,
        ["stats".as_ref(), starter("starter-fire.deck").as_os_str()],
    )
    .expect(0);
    assert!(out.stdout.contains("Main 40, Stones 10"), "{}", out.stdout);
}

#[test]
fn a_reimport_replaces_its_own_folder_and_no_other() {
    let (tmp, dir, _) = imported();
    std::fs::write(dir.join("stale.toml"), "game = \"fow\"\n").unwrap();
    let again = |out: &Path, force: bool| {
        let mut args: Vec<std::ffi::OsString> = vec![
            "db".into(),
            "import".into(),
            plugin().into_os_string(),
            "-o".into(),
            out.as_os_str().to_owned(),
        ];
        if force {
            args.push("--force".into());
        }
        decksmith(args).run()
    };
    assert_eq!(again(&dir, false).code, 0);
    assert!(
        !dir.join("stale.toml").exists(),
        "the old import is replaced whole"
    );
    assert!(dir.join("ts1.toml").is_file());
    // No stray folder left beside it.
    let beside: Vec<_> = std::fs::read_dir(&*tmp)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(beside, ["pool"]);
    // A folder no import wrote is not replaced unasked.
    let mine = tmp.join("mine");
    std::fs::create_dir(&mine).unwrap();
    std::fs::write(mine.join("notes.txt"), "mine").unwrap();
    let refused = again(&mine, false);
    assert_eq!(refused.code, 2, "{}", refused.stderr);
    assert!(
        refused.stderr.contains("holds files that no import wrote"),
        "{}",
        refused.stderr
    );
    assert!(mine.join("notes.txt").is_file());
    assert_eq!(again(&mine, true).code, 0);
    assert!(!mine.join("notes.txt").exists());
}

#[test]
fn a_plugin_no_mapping_names_needs_the_game_named() {
    let tmp = temp_dir();
    let other = tmp.join("zombies");
    std::fs::create_dir_all(other.join("sets")).unwrap();
    std::fs::write(other.join("plugininfo.txt"), "<plugin></plugin>\n").unwrap();
    std::fs::copy(
        crate::support::root()
            .join(plugin())
            .join("sets/stones.txt"),
        other.join("sets/stones.txt"),
    )
    .unwrap();
    let out_dir = tmp.join("out");
    let out = decksmith([
        "db".as_ref(),
        "import".as_ref(),
        other.as_os_str(),
        "-o".as_ref(),
        out_dir.as_os_str(),
    ])
    .expect(2);
    assert!(
        out.stderr
            .contains("no game's LackeyCCG mapping names the plugin `zombies`"),
        "{}",
        out.stderr
    );
    let out = decksmith([
        "db".as_ref(),
        "import".as_ref(),
        other.as_os_str(),
        "--game".as_ref(),
        "fow".as_ref(),
        "-o".as_ref(),
        out_dir.as_os_str(),
    ])
    .expect(0);
    assert!(out.stdout.contains("4 cards"), "{}", out.stdout);
}

/// `dir` and everything below it, copied to `to`.
fn copy_tree(dir: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_tree(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}

/// The global `--game`, before or after the command, reads a plugin given to `--db` whose
/// folder no mapping names; without it the plugin is refused, saying to name the game.
#[test]
fn a_plugin_read_directly_under_a_name_no_mapping_lists_is_read_with_game() {
    let tmp = temp_dir();
    let renamed = tmp.join("my-plugin");
    copy_tree(&crate::support::root().join(plugin()), &renamed);
    let deck = starter("starter-light.deck");
    let validate = |game: &[&str], after: &[&str]| {
        let mut args: Vec<std::ffi::OsString> = vec!["--db".into(), renamed.clone().into()];
        args.extend(game.iter().map(Into::into));
        args.extend(["validate", "--output", "json"].map(Into::into));
        args.extend(after.iter().map(Into::into));
        args.push(deck.clone().into());
        decksmith(args)
    };

    let refused = validate(&[], &[]).expect(2);
    assert!(
        refused
            .stderr
            .contains("no game's LackeyCCG mapping names the plugin `my-plugin`"),
        "{}",
        refused.stderr
    );
    assert!(
        refused.stderr.contains("name the game with `--game`"),
        "{}",
        refused.stderr
    );

    let as_listed = with_db(
        &plugin(),
        [
            "validate".as_ref(),
            "--output".as_ref(),
            "json".as_ref(),
            deck.as_os_str(),
        ],
    )
    .expect(0)
    .json();
    let before = validate(&["--game", "fow"], &[]).expect(0).json();
    assert_eq!(before, as_listed);
    let after = validate(&[], &["--game", "fow"]).expect(0).json();
    assert_eq!(after, as_listed);

    let misspelt = validate(&["--game", "fowe"], &[]).expect(2);
    assert!(
        misspelt.stderr.contains("no game `fowe`")
            && misspelt.stderr.contains("did you mean `fow`?"),
        "{}",
        misspelt.stderr
    );
    // A game without a LackeyCCG mapping is the game a command works on, not the plugin's:
    // the plugin is read by its folder name, as without `--game`.
    let unmapped = validate(&["--game", "jforce"], &[]).expect(2);
    assert!(
        (unmapped.stderr).contains("no game's LackeyCCG mapping names the plugin `my-plugin`"),
        "{}",
        unmapped.stderr
    );
    let beside = with_db(&plugin(), ["cards", "--game", "jforce", "ember"]).expect(0);
    let shipped = decksmith(["cards", "--game", "jforce", "ember"]).expect(0);
    assert_eq!(beside.stdout, shipped.stdout);
    assert!(beside.stdout.contains("Ember"), "{}", beside.stdout);

    let searched = decksmith([
        "--db".as_ref(),
        renamed.as_os_str(),
        "cards".as_ref(),
        "--game".as_ref(),
        "fow".as_ref(),
        "type:ruler".as_ref(),
    ])
    .expect(0);
    let listed = with_db(&plugin(), ["cards", "--game", "fow", "type:ruler"]).expect(0);
    assert_eq!(searched.stdout, listed.stdout);
}

/// A regalia (docs/rulings.md, CP-05) is a main-deck card of its own type: counted toward the
/// 40, listed as `Regalia` by `stats` and `cards`, and played by `--vanilla` as an addition.
#[test]
fn a_regalia_is_counted_searched_and_played() {
    let text =
        std::fs::read_to_string(crate::support::root().join(starter("starter-fire.deck"))).unwrap();
    let deck = temp_file(
        "regalia.deck",
        text.replace("4 Blaze Runner", "4 Crown of Embers"),
    );
    let out = with_db(&plugin(), ["stats".as_ref(), deck.as_os_str()]).expect(0);
    assert!(
        out.stdout.contains("Main 40, Stones 10")
            && out
                .stdout
                .contains("Chant 12, Addition 4, Regalia 4, Magic Stone 10"),
        "{}",
        out.stdout
    );
    let out = with_db(&plugin(), ["cards", "--game", "fow", "t:regalia"]).expect(0);
    assert!(
        out.stdout.contains("Crown of Embers") && out.stdout.contains("1 card found"),
        "{}",
        out.stdout
    );
    let opponent = crate::support::root().join(starter("starter-light.deck"));
    let args = [
        "match".as_ref(),
        "random".as_ref(),
        "--deck".as_ref(),
        deck.as_os_str(),
        "--deck".as_ref(),
        opponent.as_os_str(),
        "--games".as_ref(),
        "3".as_ref(),
        "--vanilla".as_ref(),
        "--output".as_ref(),
        "json".as_ref(),
    ];
    let json = with_db(&plugin(), args).expect(0).json();
    assert_eq!(json["summary"]["games"], 3);
    let vanilla = json["vanilla"].as_array().unwrap();
    assert!(
        vanilla.iter().any(|c| c == "Crown of Embers"),
        "{vanilla:?}"
    );
}

/// An imported format's id is long (`fow-lackey-<label>`) and is what `--format` takes: the
/// table of formats never cuts one in two.
#[test]
fn the_formats_table_keeps_each_imported_id_whole() {
    let (_tmp, dir, _) = imported();
    let out = with_db(&dir, ["formats", "--game", "fow"]).expect(0);
    for id in ["fow-lackey-test-standard", "fow-lackey-first-cluster"] {
        assert!(out.stdout.contains(id), "{id}:\n{}", out.stdout);
    }
}
