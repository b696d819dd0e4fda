//! A made-up fifth game, Crownfall, written as data alone (`tests/data/fifth-game/`), through
//! the real binary with `--db` and `--formats` pointing at it (issue #14).
//!
//! Each deck in `tests/data/fifth-game/decks/` says what it must get: a first line
//! `# expect: legal` or `# expect: <rule id> …` (every rule id its findings carry), and
//! optionally `# date: YYYY-MM-DD` (the validation date; 2026-07-01 otherwise) and
//! `# have: PATH` (a collection to hold it against). Adding a boundary case means adding a
//! deck.

use crate::support::{decksmith, root};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const DATE: &str = "2026-07-01";

/// Relative to the repository root, where the binary runs, so that paths in output are the
/// same on every machine.
fn data() -> PathBuf {
    PathBuf::from("tests/data/fifth-game")
}

/// `decksmith --db … --formats …` and the rest.
fn crown<I, S>(args: I) -> crate::support::Run
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    let mut all: Vec<std::ffi::OsString> = vec![
        "--db".into(),
        data().join("card-db/crown").into(),
        "--formats".into(),
        data().join("formats").into(),
    ];
    all.extend(args.into_iter().map(|a| a.as_ref().to_owned()));
    decksmith(all)
}

fn decks() -> Vec<PathBuf> {
    let mut decks: Vec<PathBuf> = std::fs::read_dir(root().join(data()).join("decks"))
        .unwrap()
        .map(|e| data().join("decks").join(e.unwrap().file_name()))
        .collect();
    decks.sort();
    decks
}

/// The value of a `# key: value` comment line of a deck.
fn header(text: &str, key: &str) -> Option<String> {
    text.lines()
        .filter_map(|l| l.strip_prefix('#'))
        .filter_map(|l| l.trim().strip_prefix(key)?.strip_prefix(':'))
        .map(|v| v.trim().to_owned())
        .next()
}

/// The rule ids of a deck's findings and whether it is legal.
fn verdict(deck: &Path, date: &str, have: Option<&str>) -> (BTreeSet<String>, bool) {
    let mut args = vec![
        "validate".as_ref(),
        "--date".as_ref(),
        date.as_ref(),
        "--output".as_ref(),
        "json".as_ref(),
        deck.as_os_str(),
    ];
    if let Some(have) = have {
        args.extend([std::ffi::OsStr::new("--have"), std::ffi::OsStr::new(have)]);
    }
    let out = crown(args).run();
    let doc = out.json();
    let deck = &doc["decks"][0];
    let rules = (deck["findings"].as_array().unwrap().iter())
        .map(|f| f["rule"].as_str().unwrap().to_owned())
        .collect();
    (rules, deck["legal"].as_bool().unwrap())
}

#[test]
fn every_boundary_deck_gets_its_verdict() {
    let mut wrong = Vec::new();
    for deck in decks() {
        let text = std::fs::read_to_string(root().join(&deck)).unwrap();
        let expect = header(&text, "expect")
            .unwrap_or_else(|| panic!("{} has no `# expect:` line", deck.display()));
        let date = header(&text, "date").unwrap_or_else(|| DATE.to_owned());
        let wanted: BTreeSet<String> = (expect.split_whitespace())
            .filter(|w| *w != "legal")
            .map(str::to_owned)
            .collect();
        let have = header(&text, "have");
        let (rules, legal) = verdict(&deck, &date, have.as_deref());
        let warnings_only =
            (wanted.iter()).all(|r| matches!(r.as_str(), "evolution" | "printing" | "not-owned"));
        if rules != wanted || legal != warnings_only {
            wrong.push(format!(
                "{}: expected {wanted:?} ({}), got {rules:?} ({})",
                deck.file_name().unwrap().to_string_lossy(),
                if warnings_only { "legal" } else { "illegal" },
                if legal { "legal" } else { "illegal" },
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_fifth_game_passes_db_check_clean() {
    let out = crown(["db", "check"]).expect(0);
    assert!(
        out.stdout.contains("0 errors, 0 warnings"),
        "{}{}",
        out.stdout,
        out.stderr
    );
}

#[test]
fn a_multi_colour_card_is_found_under_each_of_its_colours() {
    let out = crown(["cards", "--game", "crown", "c:blue", "t:unit"]).expect(0);
    insta::assert_snapshot!(out.stdout);
    // `=` means exactly that one colour: the white-blue Paladin is not mono-blue.
    let mono = crown([
        "cards", "--game", "crown", "c=blue", "t:unit", "--output", "json",
    ])
    .expect(0);
    let names: Vec<String> = (mono.json().as_array().unwrap().iter())
        .map(|c| c["name"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(names, ["Tide Scholar", "Reef Caller", "Tideborn Herald"]);
}

#[test]
fn json_writes_one_colour_as_a_string_and_several_as_a_list() {
    let out = crown(["cards", "--game", "crown", "Mistblade", "--output", "json"]).expect(0);
    assert_eq!(
        out.json()[0]["colour"],
        serde_json::json!(["white", "blue"])
    );
    let out = crown([
        "cards",
        "--game",
        "crown",
        "Dawn Squire",
        "--output",
        "json",
    ])
    .expect(0);
    assert_eq!(out.json()[0]["colour"], serde_json::json!("white"));
}

#[test]
fn stats_count_a_multi_colour_card_toward_each_colour() {
    let deck = data().join("decks/dawn-minimum-exact.deck");
    let out = crown([
        "stats".as_ref(),
        deck.as_os_str(),
        "--turns".as_ref(),
        "1".as_ref(),
    ])
    .expect(0);
    insta::assert_snapshot!(out.stdout);
}

/// The human output of the decks whose wording matters: colour identity (a card one colour off,
/// a multi-colour card half inside, one colour too many, a Leader of too many colours) and the
/// Leader zone in the game's own word.
#[test]
fn findings_read_as_the_game_speaks() {
    for deck in [
        "identity-one-off",
        "identity-half-inside",
        "duo-three",
        "pair-three",
        "hero-two",
        "hero-missing",
        "hero-land-beside",
        "hero-unit-alone",
    ] {
        let path = data().join(format!("decks/{deck}.deck"));
        let out = crown([
            "validate".as_ref(),
            "--date".as_ref(),
            DATE.as_ref(),
            path.as_os_str(),
        ])
        .run();
        insta::assert_snapshot!(deck, format!("exit {}\n{}", out.code, out.stdout));
    }
}

/// The `hero` rule says what the zone's label says, not the card type's: a game whose Leader
/// zone holds cards of a type labelled `Monarch` still speaks of its Leader.
#[test]
fn the_hero_rule_speaks_of_the_zones_label() {
    let db = crate::support::temp_dir();
    for entry in std::fs::read_dir(root().join(data()).join("card-db/crown")).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let text = text.replace("label = \"Leader\"", "label = \"Monarch\"");
        std::fs::write(db.join(path.file_name().unwrap()), text).unwrap();
    }
    let deck = data().join("decks/hero-two.deck");
    let out = decksmith([
        "--db".as_ref(),
        db.as_os_str(),
        "--formats".as_ref(),
        data().join("formats").as_os_str(),
        "validate".as_ref(),
        "--output".as_ref(),
        "json".as_ref(),
        deck.as_os_str(),
    ])
    .expect(1);
    let finding = &out.json()["decks"][0]["findings"][0];
    assert_eq!(
        finding["message"],
        "the deck has 2 Leader cards; it needs exactly 1"
    );
    assert_eq!(finding["help"], "keep exactly 1 under `Leader:`");
}

/// Each lint message of a `colour-identity` rule, with the line it points at.
#[test]
fn colour_identity_rules_name_what_the_game_has() {
    let formats = crate::support::temp_dir();
    std::fs::write(
        formats.join("bad.toml"),
        r#"id = "crown-bad"
game = "crown"
name = "Bad"

[[rules]]
kind = "colour-identity"
from = "leeder"
colours = ["wite"]

[[rules]]
kind = "colour-identity"
zones = ["main"]
"#,
    )
    .unwrap();
    let out = decksmith([
        "--db".as_ref(),
        data().join("card-db/crown").as_os_str(),
        "--formats".as_ref(),
        formats.as_os_str(),
        "db".as_ref(),
        "check".as_ref(),
        "--output".as_ref(),
        "json".as_ref(),
    ])
    .expect(1);
    let problems: Vec<String> = (out.json()["problems"].as_array().unwrap().iter())
        .map(|p| {
            format!(
                "{}:{} {} ({})",
                p["line"],
                p["column"],
                p["message"].as_str().unwrap(),
                p["help"].as_str().unwrap_or("-")
            )
        })
        .collect();
    assert_eq!(
        problems,
        [
            "5:1 format `crown-bad` names unknown zone `leeder` (did you mean `leader`?)",
            "5:1 format `crown-bad` names unknown colour `wite` (did you mean `white`?)",
            "10:1 a colour-identity rule that names no identity checks nothing (give it `from = \"<zone>\"` (the Leader's colours), `colours = [...]` or `max = N`)",
        ]
    );
}

/// The fifth game exercises every rule kind: some boundary deck expects each rule id.
#[test]
fn the_boundary_decks_cover_every_rule_id() {
    let expected: BTreeSet<String> = (decks().iter())
        .filter_map(|d| header(&std::fs::read_to_string(root().join(d)).unwrap(), "expect"))
        .flat_map(|e| e.split_whitespace().map(str::to_owned).collect::<Vec<_>>())
        .collect();
    let missing: Vec<&str> = (decksmith::validate::RuleId::ALL.iter())
        .map(|r| r.id())
        .filter(|id| !expected.contains(*id))
        .collect();
    assert!(missing.is_empty(), "no Crownfall deck expects {missing:?}");
}

/// `stats` counts the Leader as `hero` does: a Land beside the one Leader is no second Leader.
#[test]
fn stats_count_only_leaders_as_leaders() {
    let deck = data().join("decks/hero-land-beside.deck");
    let out = crown([
        "stats".as_ref(),
        deck.as_os_str(),
        "--output".as_ref(),
        "json".as_ref(),
    ])
    .expect(0);
    let json = out.json();
    let hero = (json["requirements"].as_array().unwrap().iter())
        .find(|r| r["rule"] == "hero")
        .unwrap();
    assert_eq!(
        (&hero["cards"], &hero["met"]),
        (&serde_json::json!(1), &serde_json::json!(true))
    );
}

/// The game's own stat (`loyalty`, declared in its game.toml and required of Leaders) is
/// searched, sorted and written to JSON under its own name, and a typo of it gets a
/// did-you-mean from the game's stats.
#[test]
fn the_games_own_stat_is_searched_sorted_and_in_json() {
    let out = crown([
        "cards",
        "--game",
        "crown",
        "loyalty>=4",
        "--sort",
        "loyalty",
        "--output",
        "json",
    ])
    .expect(0);
    let found: Vec<(String, i64)> = (out.json().as_array().unwrap().iter())
        .map(|c| {
            let name = c["name"].as_str().unwrap().to_owned();
            (name, c["loyalty"].as_i64().unwrap())
        })
        .collect();
    assert_eq!(
        found,
        [
            ("Sylva, Grove Warden".to_owned(), 4),
            ("Aurel, Dawn Regent".to_owned(), 5),
            ("Vex, Ember Tyrant".to_owned(), 7),
        ]
    );
    let typo = crown(["cards", "--game", "crown", "loyalti>3"]).expect(2);
    assert!(typo.stderr.contains("loyalty"), "{}", typo.stderr);
}
