//! `decksmith validate`, `db check`, `formats` and `cards` through the real binary: exit
//! codes, pinned human and JSON output, and bad input of every kind.

use crate::support::{decksmith, root, temp_dir, temp_file};

const EMBER: &str = "examples/decks/jforce/legal-ember-rush.deck";

#[test]
fn a_legal_deck_exits_0_with_its_table() {
    let out = decksmith(["validate", EMBER]).expect(0);
    insta::assert_snapshot!(out.stdout);
}

#[test]
fn illegal_decks_show_each_finding_against_the_deck_lines() {
    for deck in [
        "examples/decks/jforce/illegal-copy-limit.deck",
        "examples/decks/jforce/illegal-hero.deck",
        "examples/decks/jforce/illegal-unknown-card.deck",
        "examples/decks/jforce/illegal-evolution.deck",
        "examples/decks/skirmish/illegal-colour-ratio.deck",
        "examples/decks/fow/illegal-combination-banned.deck",
        "examples/decks/fow/illegal-parse.deck",
    ] {
        let out = decksmith(["validate", deck]).run();
        let name = deck
            .trim_start_matches("examples/decks/")
            .replace('/', "__");
        insta::assert_snapshot!(name, format!("exit {}\n{}", out.code, out.stdout));
    }
}

#[test]
fn json_output_has_the_documented_shape() {
    let out = decksmith([
        "validate",
        "--output",
        "json",
        EMBER,
        "examples/decks/jforce/illegal-copy-limit.deck",
    ])
    .expect(1);
    insta::assert_snapshot!(out.stdout);
    let json = out.json();
    assert_eq!(json["summary"]["decks"], 2);
    assert_eq!(json["summary"]["legal"], 1);
    assert_eq!(json["summary"]["illegal"], 1);
    let finding = &json["decks"][1]["findings"][0];
    for key in ["rule", "severity", "message", "card", "zone", "line"] {
        assert!(finding.get(key).is_some(), "finding lacks {key}: {finding}");
    }
}

#[test]
fn several_decks_end_with_a_count() {
    let out = decksmith([
        "validate",
        EMBER,
        "examples/decks/skirmish/legal-tournament-15-10-5.deck",
        "examples/decks/skirmish/illegal-deck-size.deck",
    ])
    .expect(1);
    assert!(
        out.stdout.ends_with("3 decks: 2 legal, 1 illegal\n"),
        "{}",
        out.stdout
    );
}

#[test]
fn format_flag_overrides_the_header() {
    // The tournament deck's header says skirmish-tournament; a casual deck checked as
    // tournament fails the ratio.
    let out = decksmith([
        "validate",
        "--format",
        "skirmish-tournament",
        "--output",
        "json",
        "examples/decks/skirmish/legal-casual-aggro.deck",
    ])
    .expect(1);
    assert_eq!(out.json()["decks"][0]["format"], "skirmish-tournament");
    assert_eq!(
        out.json()["decks"][0]["findings"][0]["rule"],
        "colour-ratio"
    );
}

#[test]
fn format_flag_takes_a_format_file_that_extends_a_shipped_one() {
    let path = temp_file(
        "strict.toml",
        "id = \"jforce-strict\"\ngame = \"jforce\"\nname = \"Strict\"\nextends = \"jforce-standard\"\n\n[[rules]]\nkind = \"copy-limit\"\nmax = 2\n",
    );
    let out = decksmith([
        "validate".as_ref(),
        "--format".as_ref(),
        path.as_os_str(),
        EMBER.as_ref(),
        "--output".as_ref(),
        "json".as_ref(),
    ])
    .expect(1);
    let json = out.json();
    assert_eq!(json["decks"][0]["format"], "jforce-strict");
    assert_eq!(json["decks"][0]["findings"][0]["rule"], "copy-limit");
}

#[test]
fn date_picks_the_ban_list_revision() {
    let deck = "examples/decks/jforce/illegal-banned.deck";
    decksmith(["validate", "--date", "2026-11-29", deck]).expect(1);
    decksmith(["validate", "--date", "2026-03-01", deck]).expect(0);
    let out = decksmith(["validate", "--date", "2026-02-30", deck]).expect(2);
    assert!(out.stderr.contains("YYYY-MM-DD"), "{}", out.stderr);
}

#[test]
fn a_deck_without_any_format_is_unreadable_and_lists_the_formats() {
    let path = temp_file("plain.deck", "3 Ember Striker\n");
    let out = decksmith(["validate".as_ref(), path.as_os_str()]).expect(1);
    assert!(out.stdout.contains("unreadable"), "{}", out.stdout);
    assert!(out.stdout.contains("names no format"), "{}", out.stdout);
    // Each id whole, never cut at a hyphen.
    for id in ["jforce-standard,", "skirmish-tournament"] {
        assert!(out.stdout.contains(id), "{id}: {}", out.stdout);
    }
}

#[test]
fn an_unknown_format_header_is_a_finding_with_a_suggestion() {
    let path = temp_file("typo.deck", "format: jforce-standrd\n3 Ember Striker\n");
    let out = decksmith([
        "validate".as_ref(),
        "--output".as_ref(),
        "json".as_ref(),
        path.as_os_str(),
    ])
    .expect(1);
    let finding = &out.json()["decks"][0]["findings"][0];
    assert_eq!(finding["rule"], "parse");
    assert_eq!(finding["line"], 1);
    assert_eq!(finding["help"], "did you mean `jforce-standard`?");
}

#[test]
fn an_unknown_format_flag_is_a_usage_error() {
    let out = decksmith(["validate", "--format", "fow-standart", EMBER]).expect(2);
    assert!(
        out.stderr.contains("did you mean `fow-standard`?"),
        "{}",
        out.stderr
    );
}

#[test]
fn bad_counts_are_parse_findings_at_their_lines() {
    let path = temp_file(
        "counts.deck",
        "format: skirmish-casual\n0 Ember Jab\n-2 Ember Jab\n18446744073709551616 Ember Jab\n1000 Ember Jab\nEmber Jab\n",
    );
    let out = decksmith([
        "validate".as_ref(),
        "--output".as_ref(),
        "json".as_ref(),
        path.as_os_str(),
    ])
    .expect(1);
    let json = out.json();
    let parse_lines: Vec<i64> = json["decks"][0]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["rule"] == "parse")
        .map(|f| f["line"].as_i64().unwrap())
        .collect();
    assert_eq!(parse_lines, [2, 3, 4, 5, 6]);
}

#[test]
fn an_empty_deck_is_illegal_not_a_crash() {
    let path = temp_file("empty.deck", "");
    let out = decksmith([
        "validate".as_ref(),
        "--format".as_ref(),
        "jforce-standard".as_ref(),
        "--output".as_ref(),
        "json".as_ref(),
        path.as_os_str(),
    ])
    .expect(1);
    let rules: Vec<String> = out.json()["decks"][0]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["rule"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(rules, ["deck-size", "hero"]);
}

#[test]
fn a_non_utf8_deck_is_unreadable_clearly() {
    let path = temp_file(
        "latin1.deck",
        b"format: jforce-standard\n3 Caf\xe9\n".as_slice(),
    );
    let out = decksmith(["validate".as_ref(), path.as_os_str()]).expect(1);
    assert!(
        out.stdout
            .contains("is not UTF-8 text (first bad byte at offset 29)"),
        "{}",
        out.stdout
    );
}

#[test]
fn a_ten_megabyte_deck_is_refused_before_reading_it() {
    let line = "3 Ember Striker\n".repeat(10 * 1024 * 1024 / 16);
    let path = temp_file("huge.deck", line);
    let out = decksmith(["validate".as_ref(), path.as_os_str()]).expect(1);
    assert!(
        out.stdout.contains("10485760 bytes") && out.stdout.contains("4194304"),
        "{}",
        out.stdout
    );
}

/// A file that never ends, named alone, is read up to the size limit and refused: neither the
/// look at its header (which picks the catalog) nor the check reads it whole.
#[cfg(unix)]
#[test]
fn an_endless_deck_file_is_refused_at_the_size_limit() {
    let out = decksmith(["validate", "/dev/zero"])
        .within(std::time::Duration::from_secs(5))
        .expect(1);
    assert!(
        out.stdout
            .contains("`/dev/zero` is more than 4194304 bytes; decksmith reads files of at most 4194304 bytes"),
        "{}",
        out.stdout
    );
}

#[test]
fn a_missing_deck_file_is_exit_2() {
    let out = decksmith(["validate", "no/such.deck"]).expect(2);
    assert!(
        out.stderr.contains("cannot read `no/such.deck`"),
        "{}",
        out.stderr
    );
}

#[test]
fn a_malformed_card_database_points_at_the_line() {
    let dir = temp_dir();
    std::fs::write(
        dir.join("broken.toml"),
        "game = \"jforce\"\n[[cards]]\nid = \"X-1\nname = \"Y\"\n",
    )
    .unwrap();
    let out = decksmith([
        "--db".as_ref(),
        dir.as_os_str(),
        "validate".as_ref(),
        EMBER.as_ref(),
    ])
    .expect(2);
    assert!(out.stderr.contains("broken.toml:3:"), "{}", out.stderr);
    let out = decksmith(["db".as_ref(), "check".as_ref(), dir.as_os_str()]).expect(1);
    assert!(out.stdout.contains("broken.toml:3:"), "{}", out.stdout);
}

#[test]
fn an_unknown_field_in_a_card_is_an_error_with_a_suggestion() {
    let dir = temp_dir();
    std::fs::write(
        dir.join("cards.toml"),
        "game = \"jforce\"\n\n[[cards]]\nid = \"JF-900\"\nname = \"Test Strike\"\ntype = \"strike\"\nset = \"JF1\"\ncost = 2\nattack = 2\nlegandary = true\n",
    )
    .unwrap();
    let out = decksmith(["db".as_ref(), "check".as_ref(), dir.as_os_str()]).expect(1);
    let text = out.stdout.replace(dir.to_str().unwrap(), "<tmp>");
    insta::assert_snapshot!(text);
}

#[test]
fn db_check_finds_what_parsing_cannot() {
    let dir = temp_dir();
    std::fs::write(
        dir.join("cards.toml"),
        r#"game = "jforce"

[[cards]]
id = "JF-900"
name = "Cheap Legend"
type = "legendary"
set = "JF1"
cost = 5

[[cards]]
id = "JF-900"
name = "Twin"
type = "strike"
set = "JF9"
cost = 2
attack = 99

[[cards]]
id = "JF-901"
name = "Gap V"
type = "evolution"
set = "JF1"
cost = 3
attack = 3
evolution = { line = "Gap", level = "V", base = "Cheap Legend" }
effects = [{ kind = "pierce" }]

[[cards]]
id = "JF-902"
name = "No Attack"
type = "strike"
set = "JF1"
cost = 1
"#,
    )
    .unwrap();
    let out = decksmith([
        "db".as_ref(),
        "check".as_ref(),
        "--output".as_ref(),
        "json".as_ref(),
        dir.as_os_str(),
    ])
    .expect(1);
    let json = out.json();
    let messages: Vec<String> = json["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            format!(
                "{}:{} {}",
                p["line"],
                p["column"],
                p["message"].as_str().unwrap()
            )
        })
        .collect();
    insta::assert_debug_snapshot!(messages);
}

#[test]
fn db_replaces_a_shipped_game_and_extends_with_new_ones() {
    let dir = temp_dir();
    std::fs::write(
        dir.join("game.toml"),
        "[game]\nid = \"tiny\"\nname = \"Tiny Game\"\ntypes = [{ id = \"unit\", label = \"Unit\" }]\nzones = [{ id = \"main\", headers = [\"Main\"], types = [\"unit\"], default = true }]\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("cards.toml"),
        "game = \"tiny\"\n[[cards]]\nid = \"T-1\"\nname = \"Pebble\"\ntype = \"unit\"\nset = \"T\"\n",
    )
    .unwrap();
    let formats = temp_dir();
    std::fs::write(
        formats.join("tiny.toml"),
        "id = \"tiny-standard\"\ngame = \"tiny\"\nname = \"Tiny\"\n[zones.main]\nexact = 2\n[[rules]]\nkind = \"copy-limit\"\nmax = 2\n",
    )
    .unwrap();
    // A fourth game, as data alone.
    let deck = temp_file("tiny.deck", "format: tiny-standard\n2 pebble\n");
    let args = |deck: &std::path::Path| {
        vec![
            "--db".into(),
            dir.as_os_str().to_owned(),
            "--formats".into(),
            formats.as_os_str().to_owned(),
            "validate".into(),
            deck.as_os_str().to_owned(),
        ]
    };
    decksmith(args(&deck)).expect(0);
    let three = temp_file("tiny3.deck", "format: tiny-standard\n3 Pebble\n");
    decksmith(args(&three)).expect(1);
    // Shipped games stay available beside it.
    let mut with_shipped = args(&deck);
    with_shipped.push(root().join(EMBER).into_os_string());
    decksmith(with_shipped).expect(0);
    // A foreign layout's generic zone names (Arena's `Deck`) find the new game's zones too.
    let arena = temp_file(
        "tiny.txt",
        "About\nFormat tiny-standard\n\nDeck\n2 Pebble\n",
    );
    decksmith(args(&arena)).expect(0);
}

#[test]
fn decksmith_data_points_at_a_data_folder() {
    let data = temp_dir();
    let copy = |from: &str| {
        let status = std::process::Command::new("cp")
            .arg("-r")
            .arg(root().join(from))
            .arg(&data)
            .status()
            .unwrap();
        assert!(status.success());
    };
    copy("card-db");
    copy("formats");
    std::fs::remove_file(data.join("formats/jforce-banlist.toml")).unwrap();
    decksmith(["validate", EMBER])
        .env("DECKSMITH_DATA", &data)
        .expect(0);
    let out = decksmith(["validate", "examples/decks/jforce/illegal-banned.deck"])
        .env("DECKSMITH_DATA", &data)
        .expect(1);
    assert!(
        out.stdout.contains("unknown format `jforce-banlist`"),
        "{}",
        out.stdout
    );
    let out = decksmith(["formats"])
        .env("DECKSMITH_DATA", data.join("nowhere"))
        .expect(2);
    assert!(
        out.stderr.contains("has no card-db/ folder"),
        "{}",
        out.stderr
    );
}

#[test]
fn formats_lists_every_shipped_format() {
    let out = decksmith(["formats"]).expect(0);
    insta::assert_snapshot!(out.stdout);
    let json = decksmith(["formats", "--output", "json", "--game", "skirmish"])
        .expect(0)
        .json();
    let ids: Vec<&str> = json
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["skirmish-casual", "skirmish-tournament"]);
}

#[test]
fn cards_finds_by_words_and_prints_json() {
    let out = decksmith(["cards", "--game", "jforce", "ember"]).expect(0);
    insta::assert_snapshot!(out.stdout);
    let json = decksmith(["cards", "--output", "json", "magic stone"])
        .expect(0)
        .json();
    let first = &json[0];
    assert_eq!(first["type"], "magic-stone");
    assert_eq!(first["basic"], true);
    let red = decksmith([
        "cards",
        "--output",
        "json",
        "--game",
        "skirmish",
        "Ember Jab",
    ])
    .expect(0)
    .json();
    assert_eq!(red[0]["colour"], "red");
    assert_eq!(red[0]["cost"], serde_json::Value::Null);
    let strike = decksmith(["cards", "--output", "json", "JF-006"])
        .expect(0)
        .json();
    assert_eq!(strike[0]["name"], "Ember Striker");
    assert_eq!(strike[0]["cost"], 3);
    let legend = decksmith(["cards", "--output", "json", "--game", "jforce", "legendary"])
        .expect(0)
        .json();
    assert!(legend
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["type"] == "legendary" && c["cost"].as_i64().unwrap() >= 6));
    decksmith(["cards", "--game", "jforc"]).expect(2);
}

/// In a game without colours, a `colour-identity` rule is about attributes: a Force of Will
/// ruler's attributes bound the deck's cards.
#[test]
fn colour_identity_in_a_game_of_attributes_follows_the_rulers() {
    let formats = temp_dir();
    std::fs::write(
        formats.join("fow-identity.toml"),
        "id = \"fow-identity\"\ngame = \"fow\"\nname = \"FoW Identity\"\nextends = \"fow-standard\"\n\n[[rules]]\nkind = \"colour-identity\"\nfrom = \"ruler\"\n",
    )
    .unwrap();
    let out = decksmith([
        "--formats".as_ref(),
        formats.as_os_str(),
        "validate".as_ref(),
        "--format".as_ref(),
        "fow-identity".as_ref(),
        "--output".as_ref(),
        "json".as_ref(),
        "examples/decks/fow/legal-crimson-aggro.deck".as_ref(),
    ])
    .expect(1);
    let findings = &out.json()["decks"][0]["findings"];
    assert_eq!(findings.as_array().unwrap().len(), 1, "{findings}");
    assert_eq!(
        findings[0]["message"],
        "26 cards outside the attributes of the Ruler `Crimson Warden` (fire)"
    );
    assert_eq!(findings[0]["card"], "Dawn Paladin");
    assert!(
        (findings[0]["help"].as_str().unwrap())
            .starts_with("off-attribute: 4 Dawn Paladin (light), 4 Radiant Squire (light)"),
        "{findings}"
    );
}

/// A batch is checked and written in slices of 512 decks: across slice boundaries every deck
/// is reported once, in path order, and the closing counts cover them all, in every output.
#[test]
fn a_batch_larger_than_a_slice_is_reported_whole_and_in_order() {
    let dir = temp_dir();
    let legal = std::fs::read_to_string(root().join("examples/decks/jforce/legal-ember-rush.deck"))
        .unwrap();
    let illegal =
        std::fs::read_to_string(root().join("examples/decks/jforce/illegal-copy-limit.deck"))
            .unwrap();
    let decks = 1100;
    for i in 0..decks {
        let text = if i % 10 == 3 { &illegal } else { &legal };
        std::fs::write(dir.join(format!("deck-{i:04}.deck")), text).unwrap();
    }
    let validate = |output: &str| {
        decksmith([
            "validate".as_ref(),
            dir.as_os_str(),
            "--output".as_ref(),
            output.as_ref(),
            "-j".as_ref(),
            "2".as_ref(),
        ])
        .expect(1)
    };
    let json = validate("json").json();
    let paths: Vec<&str> = (json["decks"].as_array().unwrap().iter())
        .map(|d| d["path"].as_str().unwrap())
        .collect();
    assert_eq!(paths.len(), decks);
    assert!(paths.windows(2).all(|w| w[0] < w[1]), "in path order");
    assert_eq!(json["summary"]["decks"], decks);
    assert_eq!(json["summary"]["illegal"], decks / 10);
    assert_eq!(json["summary"]["rules"][0]["decks"], decks / 10);

    let human = validate("human").stdout;
    assert!(
        human.ends_with("1100 decks: 990 legal, 110 illegal\n"),
        "{human}"
    );
    assert_eq!(
        human.matches("deck-0003.deck").count(),
        2,
        "diagnostic and table row"
    );

    let junit = validate("junit").stdout;
    assert!(junit.contains("tests=\"1100\" failures=\"110\""));
    assert_eq!(junit.matches("<testcase ").count(), decks);

    let sarif: serde_json::Value = serde_json::from_str(&validate("sarif").stdout).unwrap();
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    let findings: usize = (json["decks"].as_array().unwrap().iter())
        .map(|d| d["findings"].as_array().unwrap().len())
        .sum();
    assert_eq!(results.len(), findings);

    let github = validate("github").stdout;
    assert!(github.ends_with("1100 decks: 990 legal, 110 illegal\n"));
}

#[test]
fn a_game_that_is_none_is_an_error_even_where_game_is_not_read() {
    // The one-game fast path (a lone deck of a shipped format), the full load (a folder), and
    // a game that only the data given with `--db` holds.
    let misspelt = decksmith(["--game", "jforc", "validate", EMBER]).expect(2);
    assert!(
        misspelt.stderr.contains("no game `jforc`"),
        "{}",
        misspelt.stderr
    );
    assert!(
        misspelt.stderr.contains("did you mean `jforce`?"),
        "{}",
        misspelt.stderr
    );
    let folder = decksmith(["--game", "jforc", "validate", "examples/decks/jforce"]).expect(2);
    assert!(
        folder.stderr.contains("no game `jforc`"),
        "{}",
        folder.stderr
    );
    decksmith(["--game", "jforce", "validate", EMBER]).expect(0);
    decksmith(["--game", "fow", "validate", EMBER]).expect(0);
    let crown = [
        "--db",
        "tests/data/fifth-game/card-db/crown",
        "--formats",
        "tests/data/fifth-game/formats",
    ];
    let known = decksmith(crown.iter().copied().chain(["--game", "crown", "formats"])).expect(0);
    assert!(known.stdout.contains("crown"), "{}", known.stdout);
    let unknown = decksmith(crown.iter().copied().chain(["--game", "crwn", "formats"])).expect(2);
    assert!(
        unknown.stderr.contains("no game `crwn`"),
        "{}",
        unknown.stderr
    );
}
