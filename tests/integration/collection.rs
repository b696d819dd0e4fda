//! Collections (issue #33, point 1): `need`, `validate --have`, the search term `owned`, and
//! what a collection file that cannot all be read gets.
//!
//! The data is in `tests/data/collection/`: three J Force decks sharing Ember Striker and Ash
//! Hound, and a Moxfield-style collection with a bad row, an unknown card and a column nobody
//! reads.

use crate::support::{decksmith, temp_dir};
use std::collections::BTreeMap;

const DIR: &str = "tests/data/collection";
const DECKS: [&str; 3] = [
    "tests/data/collection/rush.deck",
    "tests/data/collection/wall.deck",
    "tests/data/collection/sprint.toml",
];
const HAVE: &str = "tests/data/collection/owned.csv";

/// What each deck asks for (maybe zone left out), and what the collection holds, as the test
/// data says: written here by hand to check `need` against. Iron Guard is asked for in JF1
/// and owned in JF2 only, so no copy counts.
fn asked() -> [BTreeMap<&'static str, u32>; 3] {
    [
        BTreeMap::from([("Ember Striker", 3), ("Ash Hound", 2), ("Volt Pup", 1)]),
        BTreeMap::from([("Ember Striker", 2), ("Ash Hound", 3)]),
        BTreeMap::from([
            ("Ember Striker", 3),
            ("Volt Pup", 1),
            ("Spark Runner", 2),
            ("Iron Guard", 2),
        ]),
    ]
}

fn owned(card: &str) -> u32 {
    match card {
        "Ember Striker" => 2,
        "Ash Hound" | "Volt Pup" => 1,
        _ => 0,
    }
}

fn cards(shortfall: &serde_json::Value) -> BTreeMap<String, u32> {
    (shortfall["cards"].as_array().unwrap().iter())
        .map(|c| {
            let name = c["name"].as_str().unwrap().to_owned();
            (name, c["count"].as_u64().unwrap() as u32)
        })
        .collect()
}

fn need_json(allocate: &str) -> serde_json::Value {
    let mut args = vec!["need", "--have", HAVE, "--allocate", allocate];
    args.extend(["--output", "json"]);
    args.extend(DECKS);
    decksmith(args).expect(0).json()
}

/// Three decks sharing cards: built one at a time the total is, per card, the most any deck
/// lacks; built at once it is the decks' sum less what is owned. The two differ on every
/// shared card, so a wrong allocation cannot pass both.
#[test]
fn need_totals_three_decks_one_at_a_time_and_all_at_once() {
    let asked = asked();
    let mut max: BTreeMap<String, u32> = BTreeMap::new();
    let mut sum: BTreeMap<String, u32> = BTreeMap::new();
    for deck in &asked {
        for (&card, &n) in deck {
            let lacking = n.saturating_sub(owned(card));
            let m = max.entry(card.to_owned()).or_default();
            *m = (*m).max(lacking);
            *sum.entry(card.to_owned()).or_default() += n;
        }
    }
    for (card, n) in sum.iter_mut() {
        *n = n.saturating_sub(owned(card));
    }
    max.retain(|_, n| *n > 0);
    sum.retain(|_, n| *n > 0);
    assert_eq!(max.values().sum::<u32>(), 7);
    assert_eq!(sum.values().sum::<u32>(), 15);

    let doc = need_json("max");
    assert_eq!(cards(&doc["total"]), max);
    assert_eq!(doc["total"]["missing"], 7);
    for (deck, asked) in doc["decks"].as_array().unwrap().iter().zip(&asked) {
        let alone: BTreeMap<String, u32> = (asked.iter())
            .map(|(&c, &n)| (c.to_owned(), n.saturating_sub(owned(c))))
            .filter(|(_, n)| *n > 0)
            .collect();
        assert_eq!(cards(deck), alone, "{}", deck["path"]);
    }
    let doc = need_json("sum");
    assert_eq!(cards(&doc["total"]), sum);
    assert_eq!(doc["total"]["missing"], 15);
    assert_eq!(doc["allocate"], "sum");
}

/// The JSON document's shape, pinned: a typed contract for scripts.
#[test]
fn need_json_has_the_documented_shape() {
    insta::assert_json_snapshot!(need_json("max"));
}

/// What a person sees: the buy list on standard output, each deck's shortfall and the
/// collection's skipped rows (with their lines) on standard error.
#[test]
fn need_human_output() {
    let mut args = vec!["need", "--have", HAVE];
    args.extend(DECKS);
    let out = decksmith(args).expect(0);
    insta::assert_snapshot!(format!(
        "--- stdout\n{}--- stderr\n{}",
        out.stdout, out.stderr
    ));
    // Every skipped part of the collection is told, with its line.
    for (line, what) in [
        (1, "skipped the column `Shelf`"),
        (5, "the row of `Rally Cry` has no count"),
        (8, "did you mean `Volt Pup`?"),
    ] {
        assert!(
            out.stderr.contains(what) && out.stderr.contains(&format!("owned.csv:{line}:")),
            "{what} at line {line}:\n{}",
            out.stderr
        );
    }
}

/// The buy list reads back as a deck list: through `convert`, in another encoding, unchanged.
#[test]
fn the_buy_list_reads_back_in_any_encoding() {
    let dir = temp_dir();
    let csv = dir.join("buy.csv");
    let mut args = vec!["need".as_ref(), "--have".as_ref(), HAVE.as_ref()];
    args.extend(DECKS.iter().map(std::ffi::OsStr::new));
    args.extend(["-o".as_ref(), csv.as_os_str()]);
    decksmith(&args).expect(0);
    let text = std::fs::read_to_string(&csv).unwrap();
    assert!(text.starts_with("zone,count,id,name"), "{text}");
    let back = decksmith([
        "convert".as_ref(),
        csv.as_os_str(),
        "--to".as_ref(),
        "arena".as_ref(),
    ])
    .expect(0);
    assert!(
        back.stdout.contains("2 Iron Guard (JF1) 7"),
        "{}",
        back.stdout
    );
    assert!(back.stdout.contains("2 Ash Hound"), "{}", back.stdout);
}

/// `-o` is `convert -o`'s: an existing file is kept unless `--force`.
#[test]
fn need_keeps_an_existing_file_unless_forced() {
    let dir = temp_dir();
    let out = dir.join("buy.deck");
    std::fs::write(&out, "mine\n").unwrap();
    let run = |force: bool| {
        let mut args = vec!["need".as_ref(), DECKS[0].as_ref(), "--have".as_ref()];
        args.extend([HAVE.as_ref(), "-o".as_ref(), out.as_os_str()]);
        if force {
            args.push("--force".as_ref());
        }
        decksmith(args).run()
    };
    let refused = run(false);
    assert_eq!(refused.code, 2);
    assert!(
        refused.stderr.contains("pass --force"),
        "{}",
        refused.stderr
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "mine\n");
    assert_eq!(run(true).code, 0);
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(written.contains("1 Ember Striker\n"), "{written}");
}

#[test]
fn need_refuses_decks_of_two_games() {
    let other = format!("{DIR}/other-game.deck");
    let out = decksmith(["need", DECKS[0], &other, "--have", HAVE]).expect(2);
    assert!(
        out.stderr.contains("run `need` once per game"),
        "{}",
        out.stderr
    );
}

/// A Deckbox export names the set by its name: it is the set whose code the deck names.
#[test]
fn a_deckbox_export_counts_for_the_printing_it_names() {
    let dir = temp_dir();
    let deck = dir.join("p.toml");
    let text = r#"format = "jforce-standard"
[zones]
main = [{ count = 2, name = "Ember Striker", set = "JF1", number = 6 }]
"#;
    std::fs::write(&deck, text).unwrap();
    let have = format!("{DIR}/deckbox.csv");
    let out = decksmith([
        "need".as_ref(),
        deck.as_os_str(),
        "--have".as_ref(),
        have.as_ref(),
    ])
    .expect(0);
    assert!(out.stderr.contains("nothing missing"), "{}", out.stderr);
    assert!(!out.stderr.contains('⚠'), "{}", out.stderr);
}

fn validate(output: &str, have: bool) -> crate::support::Output {
    let mut args = vec![
        "validate",
        "--date",
        "2026-12-01",
        "--output",
        output,
        DECKS[2],
    ];
    if have {
        args.extend(["--have", HAVE]);
    }
    decksmith(args).run()
}

/// `not-owned` is a warning: the deck keeps its verdict and exit status, each card short is
/// one finding at its line, and the summary counts the copies.
#[test]
fn validate_have_warns_per_card_short_and_keeps_the_verdict() {
    let without = validate("json", false);
    let with = validate("json", true);
    assert_eq!(with.code, without.code);
    let (a, b) = (without.json(), with.json());
    assert_eq!(a["decks"][0]["legal"], b["decks"][0]["legal"]);
    let findings: Vec<(String, u64)> = (b["decks"][0]["findings"].as_array().unwrap().iter())
        .filter(|f| f["rule"] == "not-owned")
        .map(|f| {
            (
                f["card"].as_str().unwrap().to_owned(),
                f["line"].as_u64().unwrap(),
            )
        })
        .collect();
    let wanted = [("Ember Striker", 6), ("Spark Runner", 8), ("Iron Guard", 9)];
    let wanted: Vec<(String, u64)> = wanted.iter().map(|(c, l)| (c.to_string(), *l)).collect();
    assert_eq!(findings, wanted);
    assert!(b["decks"][0]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .all(|f| f["rule"] != "not-owned" || f["severity"] == "warning"));
    let iron = (b["decks"][0]["findings"].as_array().unwrap().iter())
        .find(|f| f["rule"] == "not-owned" && f["card"] == "Iron Guard")
        .unwrap();
    let help = iron["help"].as_str().unwrap();
    assert!(
        help.starts_with("3 more owned in another printing"),
        "{help}"
    );
    // 1 + 2 + 2 copies.
    assert_eq!(b["summary"]["not_owned"], 5);
    assert_eq!(b["decks"][0]["not_owned"], 5);
    // Without --have nothing new appears.
    assert!(a["summary"].get("not_owned").is_none());
    let human = validate("human", true);
    assert!(
        human.stdout.ends_with("5 cards not owned\n"),
        "{}",
        human.stdout
    );
}

/// Every output format renders the new warning.
#[test]
fn validate_have_in_every_ci_format() {
    let github = validate("github", true).stdout;
    assert!(
        github.contains("::warning file=tests/data/collection/sprint.toml,line=9"),
        "{github}"
    );
    assert!(github.contains("5 cards not owned"), "{github}");
    let junit = validate("junit", true).stdout;
    assert!(junit.contains("not-owned"), "{junit}");
    let sarif: serde_json::Value = serde_json::from_str(&validate("sarif", true).stdout).unwrap();
    crate::ci_output::assert_valid_sarif(&sarif);
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    assert!(
        results
            .iter()
            .any(|r| r["ruleId"] == "not-owned" && r["level"] == "warning"),
        "{sarif}"
    );
}

#[test]
fn cards_owned_counts_the_collection() {
    let out = decksmith([
        "cards", "--game", "jforce", "--have", HAVE, "owned>=2", "--output", "json",
    ])
    .expect(0);
    let names: Vec<String> = (out.json().as_array().unwrap().iter())
        .map(|c| c["name"].as_str().unwrap().to_owned())
        .collect();
    // Ember Striker's two rows sum to 2; Iron Guard's JF2 copies are Iron Guard's too.
    assert_eq!(names, ["Ember Striker", "Iron Guard"]);
    let none = decksmith(["cards", "--game", "jforce", "--have", HAVE, "t:hero -owned"]).expect(0);
    assert!(!none.stdout.contains("Ember Striker"));
}

#[test]
fn owned_without_have_is_an_error_naming_have() {
    let out = decksmith(["cards", "owned>=2"]).expect(2);
    assert!(out.stderr.contains("--have COLLECTION"), "{}", out.stderr);
}

/// docs/collection.md shows real output: each of its examples is run.
#[test]
fn collection_manual_examples_show_real_output() {
    assert!(crate::readme::check_examples("docs/collection.md") >= 5);
}
