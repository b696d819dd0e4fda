//! `decksmith convert`: every example deck through every encoding and back, output files,
//! standard input, deck codes on the command line, and the refusals.

use crate::support::{self, decksmith, games, root, temp_dir, temp_file, through};

const ENCODINGS: [&str; 7] = ["text", "json", "toml", "csv", "code", "arena", "cod"];

/// One legal and one illegal deck of each game (so a new game is checked without naming it
/// here): the first legal deck and the first deck illegal by a rule rather than by its
/// reading. The library tests (encodings.rs) take every example deck through every encoding;
/// these check the binary end to end.
fn example_decks() -> Vec<std::path::PathBuf> {
    let all = support::example_decks();
    let name = |p: &std::path::Path| p.file_name().unwrap().to_string_lossy().into_owned();
    let mut decks = Vec::new();
    for game in games() {
        let mut of_game = all
            .iter()
            .filter(|p| p.parent().and_then(|g| g.file_name()) == Some(game.as_ref()));
        let legal = of_game.clone().find(|p| name(p).starts_with("legal-"));
        let illegal = of_game.find(|p| {
            let n = name(p);
            n.starts_with("illegal-") && !n.contains("parse") && !n.contains("unknown")
        });
        decks.extend(legal.into_iter().chain(illegal).cloned());
    }
    assert!(decks.len() >= 6, "two example decks per game: {decks:?}");
    decks
}

#[test]
fn example_decks_survive_every_encoding() {
    let dir = temp_dir();
    let decks = example_decks();
    let mut checked = 0;
    for deck in &decks {
        let canonical = decksmith([
            "convert".as_ref(),
            deck.as_os_str(),
            "--to".as_ref(),
            "text".as_ref(),
        ])
        .expect(0)
        .stdout;
        for enc in ENCODINGS {
            let written = decksmith([
                "convert".as_ref(),
                deck.as_os_str(),
                "--to".as_ref(),
                enc.as_ref(),
            ])
            .expect(0)
            .stdout;
            // Detection from the content alone: no extension, no --from.
            let file = dir.join(format!("{checked}-{enc}"));
            std::fs::write(&file, &written).unwrap();
            let back = decksmith([
                "convert".as_ref(),
                file.as_os_str(),
                "--to".as_ref(),
                "text".as_ref(),
            ])
            .expect(0)
            .stdout;
            assert_eq!(
                back,
                through(enc, &canonical),
                "{} through {enc}",
                deck.display()
            );
            checked += 1;
        }
    }
    assert_eq!(checked, decks.len() * ENCODINGS.len());
}

#[test]
fn every_encoding_validates_like_the_text_list() {
    for deck in example_decks() {
        let verdict = |path: &std::path::Path| {
            let out = decksmith([
                "validate".as_ref(),
                "--output".as_ref(),
                "json".as_ref(),
                "--date".as_ref(),
                "2026-07-01".as_ref(),
                path.as_os_str(),
            ])
            .run();
            let json = out.json();
            let rules: Vec<String> = json["decks"][0]["findings"]
                .as_array()
                .unwrap()
                .iter()
                .map(|f| format!("{} {}", f["rule"], f["card"]))
                .collect();
            (out.code, rules)
        };
        let expected = verdict(&deck);
        for enc in ["json", "toml", "csv", "arena", "cod"] {
            let written = decksmith([
                "convert".as_ref(),
                deck.as_os_str(),
                "--to".as_ref(),
                enc.as_ref(),
            ])
            .expect(0)
            .stdout;
            let ext = if enc == "arena" { "txt" } else { enc };
            let file = temp_file(&format!("deck.{ext}"), written);
            assert_eq!(verdict(&file), expected, "{} as {enc}", deck.display());
        }
    }
}

#[test]
fn validate_takes_a_deck_code() {
    let deck = root().join("examples/decks/fow/legal-crimson-aggro.deck");
    let code = decksmith([
        "convert".as_ref(),
        deck.as_os_str(),
        "--to".as_ref(),
        "code".as_ref(),
    ])
    .expect(0)
    .stdout;
    let out = decksmith(["validate", "--output", "json", "--code", code.trim()]).expect(0);
    let json = out.json();
    assert_eq!(json["decks"][0]["name"], "Crimson Aggro");
    assert_eq!(json["decks"][0]["legal"], true);
}

#[test]
fn a_code_with_one_character_changed_is_refused_saying_so() {
    let deck = root().join("examples/decks/jforce/legal-ember-rush.deck");
    let code = decksmith([
        "convert".as_ref(),
        deck.as_os_str(),
        "--to".as_ref(),
        "code".as_ref(),
    ])
    .expect(0)
    .stdout;
    let code = code.trim();
    let mut changed: Vec<char> = code.chars().collect();
    changed[40] = if changed[40] == 'Q' { 'R' } else { 'Q' };
    let changed: String = changed.into_iter().collect();
    let out = decksmith(["convert", &changed, "--to", "text"]).expect(2);
    assert!(
        out.stderr.contains("checksum does not match"),
        "{}",
        out.stderr
    );
    let out = decksmith(["validate", "--code", &changed]).expect(2);
    assert!(
        out.stderr.contains("checksum does not match"),
        "{}",
        out.stderr
    );
    let out = decksmith(["convert", &code[..code.len() - 10], "--to", "text"]).expect(2);
    assert!(out.stderr.contains("cut short"), "{}", out.stderr);
}

#[test]
fn out_files_are_written_once_and_replaced_only_with_force() {
    let dir = temp_dir();
    let out = dir.join("rush.json");
    let deck = "examples/decks/jforce/legal-ember-rush.deck";
    decksmith(["convert", deck, "-o", out.to_str().unwrap()]).expect(0);
    let first = std::fs::read_to_string(&out).unwrap();
    assert!(
        first.starts_with("{\n  \"format\": \"jforce-standard\""),
        "{first}"
    );
    let refused =
        decksmith(["convert", deck, "--to", "csv", "-o", out.to_str().unwrap()]).expect(2);
    assert!(
        refused.stderr.contains("already exists"),
        "{}",
        refused.stderr
    );
    assert!(refused.stderr.contains("--force"), "{}", refused.stderr);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), first);
    decksmith([
        "convert",
        deck,
        "--to",
        "csv",
        "-o",
        out.to_str().unwrap(),
        "--force",
    ])
    .expect(0);
    assert!(std::fs::read_to_string(&out)
        .unwrap()
        .starts_with("zone,count,id,name"));
    // No temporary file is left behind.
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["rush.json"]);
}

#[test]
fn standard_input_is_read_with_a_dash() {
    let text =
        std::fs::read_to_string(root().join("examples/decks/skirmish/legal-casual-aggro.deck"))
            .unwrap();
    let out = decksmith(["convert", "-", "--to", "cod"])
        .stdin(text)
        .expect(0);
    assert!(
        out.stdout.contains("<zone name=\"main\">"),
        "{}",
        out.stdout
    );
}

/// A line that is a card name to a text list and a name plus printing to an Arena list: the
/// card database decides when one reading names a known card, and otherwise decksmith asks.
#[test]
fn an_ambiguous_input_says_so_unless_the_card_names_decide() {
    let convert = |from: &[&str], input: &str, code: i32| {
        let mut args = vec!["convert", "-", "--to", "csv", "--format", "jforce-standard"];
        args.extend(from);
        decksmith(args).stdin(input.to_owned()).expect(code)
    };
    let out = convert(&[], "3 Ember Strker (JF1) 6\n", 2);
    assert!(
        out.stderr.contains("cannot tell which encoding"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("--from text` or `--from arena"),
        "{}",
        out.stderr
    );
    let out = convert(&["--from", "arena"], "3 Ember Strker (JF1) 6\n", 0);
    assert!(
        out.stdout.contains("main,3,,Ember Strker,JF1,6,"),
        "{}",
        out.stdout
    );
    // `Ember Striker` is a card; `Ember Striker (JF1) 6` is not.
    let out = convert(&[], "3 Ember Striker (JF1) 6\n", 0);
    assert!(
        out.stdout.contains("main,3,JF-006,Ember Striker,JF1,6,"),
        "{}",
        out.stdout
    );
}

#[test]
fn unknown_cards_cannot_go_into_a_code_but_keep_their_names_elsewhere() {
    let deck = "examples/decks/jforce/illegal-unknown-card.deck";
    let out = decksmith(["convert", deck, "--to", "code"]).expect(2);
    assert!(
        out.stderr
            .contains("`Ember Strker` (line 28) is not in the J Force TCG card database"),
        "{}",
        out.stderr
    );
    let out = decksmith(["convert", deck, "--to", "csv"]).expect(0);
    assert!(
        out.stdout.contains("main,1,,Ember Strker\n"),
        "{}",
        out.stdout
    );
}

#[test]
fn a_deck_with_unreadable_lines_is_not_converted() {
    let out = decksmith([
        "convert",
        "examples/decks/fow/illegal-parse.deck",
        "--to",
        "json",
    ])
    .expect(2);
    assert!(
        out.stderr.contains("a count of 0 adds no card"),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("cannot convert"), "{}", out.stderr);
}

#[test]
fn without_to_the_refusal_names_every_encoding_it_could_write() {
    const DECK: &str = "examples/decks/jforce/legal-ember-rush.deck";
    let help = "pass --to text|json|toml|csv|code|arena|cod|lackey";
    let none = decksmith(["convert", DECK]).expect(2);
    assert!(
        none.stderr.contains("say which encoding to write"),
        "{}",
        none.stderr
    );
    assert!(none.stderr.contains(help), "{}", none.stderr);
    let dir = temp_dir();
    let out = dir.join("deck.unknown");
    let unknown = decksmith([
        "convert".as_ref(),
        DECK.as_ref(),
        "-o".as_ref(),
        out.as_os_str(),
    ])
    .expect(2);
    assert!(
        unknown.stderr.contains("cannot tell the encoding"),
        "{}",
        unknown.stderr
    );
    assert!(unknown.stderr.contains(help), "{}", unknown.stderr);
}
