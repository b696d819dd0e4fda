//! `validate` over many decks: folders, globs, parallel runs, the batch summary, and no
//! progress bar outside a terminal.

use crate::support::{decksmith, root, temp_dir, TempDir};

fn deck_files_under(dir: &std::path::Path) -> usize {
    let mut n = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            n += deck_files_under(&path);
        } else if path.extension().is_some_and(|e| e == "deck") {
            n += 1;
        }
    }
    n
}

#[test]
fn a_folder_is_searched_recursively_for_deck_files() {
    let out = decksmith(["validate", "examples/decks", "--output", "json"]).expect(1);
    let json = out.json();
    let expected = deck_files_under(&root().join("examples/decks"));
    assert_eq!(json["summary"]["decks"], expected);
    let paths: Vec<&str> = json["decks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["path"].as_str().unwrap())
        .collect();
    let mut sorted = paths.clone();
    sorted.sort();
    assert_eq!(paths, sorted, "folder contents come in sorted order");
    assert!(
        paths.iter().all(|p| p.ends_with(".deck")),
        "README.md is not a deck"
    );
}

#[test]
fn a_glob_is_expanded_and_a_file_named_twice_is_checked_once() {
    let out = decksmith([
        "validate",
        "examples/decks/*/legal-*.deck",
        "examples/decks/jforce/legal-ember-rush.deck",
        "--output",
        "json",
    ])
    .expect(0);
    let json = out.json();
    assert_eq!(json["summary"]["decks"], 12);
    assert_eq!(json["summary"]["illegal"], 0);
}

#[test]
fn a_glob_matching_nothing_is_an_error_not_a_silent_pass() {
    let out = decksmith(["validate", "examples/decks/*/nothing-*.deck"]).expect(2);
    assert!(out.stderr.contains("no file matches"), "{}", out.stderr);
    let empty = temp_dir();
    let out = decksmith(["validate".as_ref(), empty.as_os_str()]).expect(2);
    assert!(out.stderr.contains("holds no deck files"), "{}", out.stderr);
}

#[test]
fn a_missing_path_among_many_stops_the_run_naming_it() {
    let out = decksmith([
        "validate",
        "examples/decks/jforce",
        "examples/decks/missing.deck",
    ])
    .expect(2);
    assert!(out.stderr.contains("missing.deck"), "{}", out.stderr);
}

#[test]
fn batch_summary_lists_illegal_decks_and_counts_per_rule() {
    let out = decksmith(["validate", "examples/decks/skirmish"]).expect(1);
    let summary = out
        .stdout
        .find("┌")
        .map(|i| &out.stdout[i..])
        .expect("a summary table");
    insta::assert_snapshot!(summary);
}

#[test]
fn json_summary_counts_findings_per_rule() {
    let out = decksmith(["validate", "examples/decks/jforce", "--output", "json"]).expect(1);
    let rules = &out.json()["summary"]["rules"];
    let copy = rules
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["rule"] == "copy-limit")
        .unwrap();
    assert_eq!(copy["decks"], 1);
    assert_eq!(copy["findings"], 1);
    assert_eq!(rules[0]["rule"], "parse", "documented rule order");
}

/// Copies of the example decks, enough for a progress bar to be worth drawing on a terminal.
fn many_decks(n: usize) -> TempDir {
    let dir = temp_dir();
    let decks = [
        "jforce/legal-ember-rush",
        "fow/illegal-copy-limit",
        "skirmish/legal-casual-aggro",
    ];
    for i in 0..n {
        let name = decks[i % decks.len()];
        let text =
            std::fs::read_to_string(root().join(format!("examples/decks/{name}.deck"))).unwrap();
        std::fs::write(dir.join(format!("{i:04}.deck")), text).unwrap();
    }
    dir
}

#[test]
fn parallel_runs_give_the_same_output_as_one_thread_and_draw_no_progress_when_piped() {
    let dir = many_decks(300);
    let one = decksmith([
        "validate".as_ref(),
        dir.as_os_str(),
        "-j".as_ref(),
        "1".as_ref(),
    ])
    .expect(1);
    let two = decksmith([
        "validate".as_ref(),
        dir.as_os_str(),
        "-j".as_ref(),
        "2".as_ref(),
    ])
    .expect(1);
    assert_eq!(one.stdout, two.stdout);
    assert!(
        one.stdout.ends_with("300 decks: 200 legal, 100 illegal\n"),
        "{}",
        one.stdout
    );
    // Not a terminal: no bar frames, no escape codes.
    assert_eq!(one.stderr, "");
    assert_eq!(two.stderr, "");
    let _ = std::fs::remove_dir_all(dir);
}

/// A deck folder as people keep one: a legal deck, three broken files (broken JSON, Latin-1
/// text, a list that reads two ways) and two files that are not decks (a README and
/// Cockatrice's card database), plus a backup left out with `--exclude`.
fn messy_folder() -> TempDir {
    let dir = temp_dir();
    let legal = std::fs::read(root().join("examples/decks/jforce/legal-ember-rush.deck")).unwrap();
    let files: [(&str, &[u8]); 7] = [
        ("legal.deck", &legal),
        (
            "broken.json",
            b"{\"format\": \"jforce-standard\", \"zones\": {\"main\": [\n{\"count\": 3 \"name\": \"X\"}]}}",
        ),
        ("latin1.deck", b"format: jforce-standard\n3 Caf\xe9\n"),
        ("two-ways.txt", b"3 Ember Strikr (JF1) 6\n\n1 Storm Falcn (JF1) 3\n"),
        (
            "README.txt",
            b"These are my decks.\nRun decksmith validate on this folder.\n1 rule: keep them legal.\n",
        ),
        (
            "cards.xml",
            b"<?xml version=\"1.0\"?>\n<cockatrice_carddatabase version=\"4\"><cards/></cockatrice_carddatabase>\n",
        ),
        ("old.deck.bak.deck", b"this is not read\n"),
    ];
    for (name, bytes) in files {
        std::fs::write(dir.join(name), bytes).unwrap();
    }
    dir
}

/// One unreadable file does not sink a batch: every output format reports every deck, the
/// unreadable ones as `unreadable` findings, and the run exits 1.
#[test]
fn a_folder_with_broken_files_and_a_readme_is_reported_whole_in_every_output() {
    let dir = messy_folder();
    let run = |output: &str| {
        decksmith([
            "validate".as_ref(),
            dir.as_os_str(),
            "--exclude".as_ref(),
            "*.bak.deck".as_ref(),
            "--output".as_ref(),
            output.as_ref(),
        ])
        .expect(1)
    };
    let json = run("json").json();
    let summary = &json["summary"];
    assert_eq!(
        (
            &summary["decks"],
            &summary["legal"],
            &summary["unreadable"],
            &summary["skipped"]
        ),
        (&4.into(), &1.into(), &3.into(), &2.into()),
        "{summary}"
    );
    for output in ["human", "github", "junit", "sarif"] {
        let out = run(output);
        for file in ["broken.json", "latin1.deck", "two-ways.txt"] {
            assert!(
                out.stdout.contains(file),
                "{output} lacks {file}:\n{}",
                out.stdout
            );
        }
        assert!(!out.stdout.contains("README"), "{output}:\n{}", out.stdout);
        assert!(!out.stdout.contains("bak"), "{output}:\n{}", out.stdout);
        if output == "sarif" {
            crate::ci_output::assert_valid_sarif(&serde_json::from_str(&out.stdout).unwrap());
        }
    }
    let human = run("human").stdout;
    assert!(
        human.contains("(3 of them unreadable)") && human.contains("skipped 2 files"),
        "{human}"
    );
    // Named outright, a file is always read.
    let out = decksmith(["validate".as_ref(), dir.join("README.txt").as_os_str()]).expect(1);
    assert!(out.stdout.contains("unreadable"), "{}", out.stdout);
}

/// `validate -` reads standard input, and `--from` says the encoding, as for `convert`.
#[test]
fn validate_reads_standard_input_and_takes_from() {
    let deck = std::fs::read_to_string(root().join("examples/decks/jforce/legal-ember-rush.deck"))
        .unwrap();
    decksmith(["validate", "-"]).stdin(deck.clone()).expect(0);
    let arena = decksmith(["convert", "-", "--to", "arena"])
        .stdin(deck)
        .expect(0)
        .stdout;
    decksmith(["validate", "-", "--from", "arena"])
        .stdin(arena.clone())
        .expect(0);
    // Read as a text list, an Arena export names no format a text list knows.
    let out = decksmith(["validate", "-", "--from", "text"])
        .stdin(arena)
        .expect(1);
    assert!(out.stdout.contains("unreadable"), "{}", out.stdout);
}

/// A byte-order mark is white space in every encoding.
#[test]
fn a_byte_order_mark_is_accepted_in_every_encoding() {
    let deck = root().join("examples/decks/jforce/legal-ember-rush.deck");
    for enc in ["text", "json", "toml", "csv", "code", "arena", "cod"] {
        let written = decksmith([
            "convert".as_ref(),
            deck.as_os_str(),
            "--to".as_ref(),
            enc.as_ref(),
        ])
        .expect(0)
        .stdout;
        let marked = format!("\u{feff}{written}");
        let out = decksmith(["validate", "-", "--from", enc])
            .stdin(marked)
            .run();
        assert_eq!(out.code, 0, "{enc}: {}{}", out.stdout, out.stderr);
    }
}

/// A folder of more decks than are checked in one slice (512) is checked whole, in every
/// output: every deck comes once, in path order, with a nested folder in its place by name.
#[test]
fn a_folder_of_many_slices_is_checked_whole_in_path_order() {
    const DECKS: usize = 1_200;
    let decks = temp_dir();
    let deck = std::fs::read(root().join("examples/decks/jforce/illegal-deck-size.deck")).unwrap();
    // Unpadded numbers: the order by name is not the order they were written in.
    for i in (0..DECKS).rev() {
        std::fs::write(decks.join(format!("d{i}.deck")), &deck).unwrap();
    }
    std::fs::create_dir(decks.join("d25")).unwrap();
    std::fs::write(decks.join("d25/inner.deck"), &deck).unwrap();
    let out = decksmith([
        "validate".as_ref(),
        decks.as_os_str(),
        "--output".as_ref(),
        "github".as_ref(),
    ])
    .expect(1);
    let paths: Vec<&str> = out
        .stdout
        .lines()
        .filter_map(|l| l.strip_prefix("::error file="))
        .map(|l| l.split(',').next().unwrap())
        .collect();
    let mut expected: Vec<String> = (0..DECKS).map(|i| format!("d{i}.deck")).collect();
    expected.push("d25/inner.deck".to_owned());
    // By path, a folder before the file whose name it begins: `d25/inner.deck`, `d25.deck`.
    expected.sort_by(|a, b| std::path::Path::new(a).cmp(std::path::Path::new(b)));
    let found: Vec<&str> = paths
        .iter()
        .map(|p| {
            p.strip_prefix(&format!("{}/", decks.display()))
                .unwrap_or(p)
        })
        .collect();
    let in_order = |found: &[&str], what: &str| {
        assert_eq!(found.len(), DECKS + 1, "{what}");
        let wrong = found.iter().zip(&expected).position(|(f, e)| f != e);
        assert_eq!(wrong, None, "{what}: {:?}", wrong.map(|i| &found[i..i + 3]));
    };
    in_order(&found, "github");
    // Every other output keeps something to its end (JUnit's cases, people's table of
    // illegal decks) or a count per finding (SARIF): all of it comes back, in order.
    let run = |output: &str| {
        decksmith([
            "validate".as_ref(),
            decks.as_os_str(),
            "--output".as_ref(),
            output.as_ref(),
        ])
        .expect(1)
        .stdout
    };
    let prefix = format!("{}/", decks.display());
    let junit = run("junit");
    let cases: Vec<&str> = junit
        .lines()
        .filter_map(|l| l.trim().strip_prefix("<testcase name=\""))
        .map(|l| l.split('"').next().unwrap().trim_start_matches(&prefix))
        .collect();
    in_order(&cases, "junit");
    let human = run("human");
    let rows: Vec<&str> = human
        .lines()
        .filter_map(|l| l.strip_prefix("│ "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|cell| cell.ends_with(".deck"))
        .map(|cell| cell.trim_start_matches(&prefix))
        .collect();
    in_order(&rows, "human");
    assert!(
        human.ends_with("1201 decks: 0 legal, 1201 illegal\n"),
        "{}",
        &human[human.len() - 200..]
    );
    let sarif: serde_json::Value = serde_json::from_str(&run("sarif")).unwrap();
    assert_eq!(
        sarif["runs"][0]["results"].as_array().unwrap().len(),
        DECKS + 1
    );
}
