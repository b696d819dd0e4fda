//! LackeyCCG `.dek` decks through the real binary: a deck shaped as Lackey writes it (copies
//! interleaved, its plugin's game name, zero-padded image ids, CRLF) validated, changed and
//! converted; round trips byte for byte; what is skipped, warned about at its line; and
//! hostile input refused at once.

use crate::support::{decksmith, temp_dir, temp_file};
use decksmith::catalog::Catalog;
use decksmith::diagnostic::SourceFile;
use decksmith::encoding::{self, Encoding};

/// Crimson Aggro as LackeyCCG's Force of Will plugin would save it (tests/data/lackey-deck/).
const LACKEY: &str = "tests/data/lackey-deck/crimson-aggro.dek";
const TEXT: &str = "examples/decks/fow/legal-crimson-aggro.deck";

fn read(path: &str) -> String {
    std::fs::read_to_string(crate::support::root().join(path)).unwrap()
}

fn convert(args: &[&str]) -> String {
    let mut all = vec!["convert"];
    all.extend_from_slice(args);
    decksmith(all).expect(0).stdout
}

#[test]
fn a_lackey_deck_validates_as_its_format_and_names_its_lines() {
    let out = decksmith([
        "validate",
        "--format",
        "fow-standard",
        "--output",
        "json",
        LACKEY,
    ])
    .expect(0);
    let json = out.json();
    assert_eq!(json["decks"][0]["legal"], true, "{json}");
    assert_eq!(json["decks"][0]["findings"], serde_json::json!([]));
    // A folder search picks the .dek file up.
    let out = decksmith([
        "validate",
        "--format",
        "fow-standard",
        "tests/data/lackey-deck",
    ])
    .expect(0);
    assert!(out.stdout.contains("crimson-aggro.dek"), "{}", out.stdout);
}

/// The deck as Lackey holds it, changed as a user would: a fifth copy appended at the end of
/// the superzone (not next to the others), and one copy of a card misspelt.
#[test]
fn a_fifth_copy_anywhere_and_a_misspelt_name_are_found() {
    let text = read(LACKEY);
    let copy = "\t\t<card><name id=\"FW1-004\">Ember Fox</name><set>FW1</set></card>\r\n";
    let mut fifth = text.replacen(
        "\t</superzone>\r\n\t<superzone name=\"Stone deck\">",
        &format!("{copy}\t</superzone>\r\n\t<superzone name=\"Stone deck\">"),
        1,
    );
    fifth = fifth.replacen(">Radiant Squire<", ">Radiant Sqire<", 1);
    assert_ne!(fifth, text);
    let file = temp_file("changed.dek", &fifth);
    let out = decksmith([
        "validate".as_ref(),
        "--format".as_ref(),
        "fow-standard".as_ref(),
        "--output".as_ref(),
        "json".as_ref(),
        file.as_os_str(),
    ])
    .expect(1);
    let findings = out.json()["decks"][0]["findings"].clone();
    let rules: Vec<(&str, &str, u64)> = findings
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["rule"].as_str().unwrap(),
                f["card"].as_str().unwrap_or(""),
                f["line"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    // The fifth Ember Fox counts on the line of its first copy; three Radiant Squires are left,
    // and the misspelt one stands on a line of its own (the first Radiant Squire's is 15).
    assert!(
        rules.contains(&("copy-limit", "Ember Fox", 10)),
        "{rules:?}"
    );
    assert!(
        rules
            .iter()
            .any(|r| r.0 == "unknown-card" && r.1 == "Radiant Sqire"),
        "{rules:?}"
    );
    let human = decksmith([
        "validate".as_ref(),
        "--format".as_ref(),
        "fow-standard".as_ref(),
        file.as_os_str(),
    ])
    .expect(1);
    assert!(
        human.stdout.contains("did you mean `Radiant Squire`?"),
        "{}",
        human.stdout
    );
    assert!(
        human.stdout.contains("5 copies of `Ember Fox`"),
        "{}",
        human.stdout
    );
}

/// What Lackey wrote, read into counts in first-seen order and written as text: the snapshot
/// a user sees, warnings included.
#[test]
fn a_lackey_deck_converts_to_text() {
    let out = decksmith([
        "convert",
        "--format",
        "fow-standard",
        LACKEY,
        "--to",
        "text",
    ])
    .expect(0);
    insta::assert_snapshot!(format!("{}\n--- stderr ---\n{}", out.stdout, out.stderr));
    // The same deck as the example list, in the example's order.
    let example = convert(&[TEXT, "--to", "text"]);
    let without_name = example.replace("name: Crimson Aggro\n", "");
    assert_eq!(out.stdout, crate::support::through("lackey", &without_name));
}

/// `.dek` → text → `.dek` for a file decksmith wrote: byte for byte, with every card of every
/// example deck in it (the text loses no printing it could keep, since the `.dek` writer
/// names the database's).
#[test]
fn a_dek_file_decksmith_wrote_comes_back_byte_for_byte_through_text_and_json() {
    for path in crate::support::example_decks().iter().filter(|p| {
        p.file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("legal-")
    }) {
        let path = path.to_str().unwrap();
        let dek = convert(&[path, "--to", "lackey"]);
        for via in ["text", "json"] {
            let middle = decksmith(["convert", "--from", "lackey", "-", "--to", via])
                .stdin(dek.clone())
                .expect(0)
                .stdout;
            let back = decksmith(["convert", "--from", via, "-", "--to", "lackey"])
                .stdin(middle)
                .expect(0)
                .stdout;
            assert_eq!(back, dek, "{path} through {via}");
        }
        // text → .dek → text gives back the canonical text list, but its description.
        let text = crate::support::through("lackey", &convert(&[path, "--to", "text"]));
        let again = decksmith(["convert", "-", "--to", "text"])
            .stdin(dek)
            .expect(0)
            .stdout;
        assert_eq!(again, text, "{path}");
    }
}

/// Lackey's own file (no decksmith meta, zero-padded ids) through text and back keeps each
/// card's printing, so its image ids come back as Lackey wrote them.
#[test]
fn lackeys_own_ids_come_back_through_json() {
    let json = convert(&["--format", "fow-standard", LACKEY, "--to", "json"]);
    assert!(json.contains("\"number\": \"003\""), "{json}");
    let back = decksmith(["convert", "--from", "json", "-", "--to", "lackey"])
        .stdin(json)
        .expect(0)
        .stdout;
    let cards = |t: &str| {
        let mut lines: Vec<String> = t
            .lines()
            .filter(|l| l.contains("<card>"))
            .map(str::to_owned)
            .collect();
        lines.sort();
        lines
    };
    assert_eq!(cards(&back), cards(&read(LACKEY)));
}

#[test]
fn the_content_tells_a_lackey_deck_on_standard_input_and_in_an_xml_file() {
    let text = read(LACKEY);
    let out = decksmith(["convert", "--format", "fow-standard", "-", "--to", "text"])
        .stdin(text.clone())
        .expect(0);
    assert!(out.stdout.contains("4 Ember Fox\n"), "{}", out.stdout);
    let file = temp_file("deck.xml", &text);
    let out = decksmith([
        "convert".as_ref(),
        "--format".as_ref(),
        "fow-standard".as_ref(),
        file.as_os_str(),
        "--to".as_ref(),
        "text".as_ref(),
    ])
    .expect(0);
    assert!(out.stdout.contains("4 Ember Fox\n"), "{}", out.stdout);
}

/// Unknown elements and attributes are skipped with a warning at their line; a superzone that
/// opens no zone keeps its cards and is reported, with a did-you-mean.
#[test]
fn what_is_skipped_is_said_and_an_unknown_superzone_is_reported() {
    let text = "<deck version=\"0.8\">\n\t<meta>\n\t\t<game>forceofwill</game>\n\t\t<owner>me</owner>\n\t</meta>\n\t<superzone name=\"Ruler\">\n\t\t<card><name id=\"FW1-001\" foil=\"1\">Crimson Warden</name><set>FW1</set></card>\n\t</superzone>\n\t<superzone name=\"Stone dek\">\n\t\t<card><name id=\"FW1-036\">Fire Magic Stone</name><set>FW1</set></card>\n\t</superzone>\n</deck>\n";
    let dir = temp_dir();
    std::fs::write(dir.join("odd.dek"), text).unwrap();
    let out = decksmith(["validate", "--format", "fow-standard", "odd.dek"])
        .current_dir(&dir)
        .expect(1);
    insta::assert_snapshot!(out.stdout);
}

/// `validate --fix` leaves a `.dek` file alone, as it leaves Cockatrice's: rewriting it would
/// drop what only Lackey reads. It says so, and still reports the deck.
#[test]
fn fix_leaves_a_dek_file_alone_and_says_so() {
    let text = read(LACKEY).replace(">Ember Fox<", ">Ember Foz<");
    let dir = temp_dir();
    let path = dir.join("typo.dek");
    std::fs::write(&path, &text).unwrap();
    let out = decksmith([
        "validate".as_ref(),
        "--format".as_ref(),
        "fow-standard".as_ref(),
        "--fix".as_ref(),
        path.as_os_str(),
    ])
    .expect(1);
    assert!(out.stdout.contains("is a LackeyCCG deck"), "{}", out.stdout);
    assert!(
        out.stdout.contains("did you mean `Ember Fox`?"),
        "{}",
        out.stdout
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
}

#[test]
fn add_and_remove_refuse_a_lackey_deck() {
    let file = temp_file("deck.dek", read(LACKEY));
    let out = decksmith(["add".as_ref(), file.as_os_str(), "Ember Fox".as_ref()]).expect(2);
    assert!(out.stderr.contains("a LackeyCCG deck"), "{}", out.stderr);
}

/// Reads `text` as a `.dek` file.
fn read_dek(text: &str) -> Result<decksmith::deck::Deck, String> {
    let source = SourceFile::new("hostile.dek", text);
    let read = encoding::read_as(&source, Encoding::Lackey, Catalog::embedded().unwrap());
    read.map_err(|e| decksmith::report::human::error(&e, false))
}

#[test]
fn hostile_dek_files_are_refused_or_read() {
    // 100,000 levels of nesting inside a card: skipped whole, with one warning.
    let deep = format!(
        "<deck><superzone name=\"Deck\"><card><name>A</name>{}{}</card></superzone></deck>",
        "<x>".repeat(100_000),
        "</x>".repeat(100_000)
    );
    let deck = read_dek(&deep).unwrap();
    assert_eq!(deck.zones[0].entries[0].count, 1);
    assert_eq!(deck.warnings.len(), 1, "{:?}", deck.warnings);
    // 1,000 copies of a card: 999 counted, one problem, not a thousand.
    let many = format!(
        "<deck><superzone name=\"Deck\">{}</superzone></deck>",
        "<card><name>A</name></card>\n".repeat(1000)
    );
    let deck = read_dek(&many).unwrap();
    assert_eq!(deck.zones[0].entries[0].count, 999);
    assert_eq!(deck.problems.len(), 1, "{:?}", deck.problems);
    assert_eq!(deck.problems[0].line, Some(1000));
    // 50,000 elements of different names: each warned about once.
    let names: String = (0..50_000).map(|i| format!("<e{i}/>")).collect();
    let deck = read_dek(&format!("<deck>{names}</deck>")).unwrap();
    assert_eq!(deck.warnings.len(), 50_000);
    // Entities are not expanded.
    let lol = "<?xml version=\"1.0\"?>\n<!DOCTYPE d [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">]>\n<deck><superzone name=\"Deck\"><card><name>&b;</name></card></superzone></deck>";
    let deck = read_dek(lol).unwrap();
    assert!(
        deck.problems[0].message.contains("entity"),
        "{:?}",
        deck.problems
    );
    // Not a deck, not XML, nothing at all, cut short, and a byte-order mark.
    for (text, says) in [
        ("<cockatrice_deck/>", "not <deck>"),
        ("4 Ember Fox", "no <deck> element"),
        ("", "no <deck> element"),
        (
            "<deck><superzone name=\"Deck\"><card><name>A",
            "not well-formed",
        ),
        (
            "<deck><superzone name=\"Deck\"><card><name>A</card>",
            "not well-formed",
        ),
    ] {
        let err = read_dek(text).unwrap_err();
        assert!(err.contains(says), "{text:?}: {err}");
    }
    let bom = format!("\u{feff}{}", read(LACKEY));
    let file = temp_file("bom.dek", bom);
    decksmith([
        "validate".as_ref(),
        "--format".as_ref(),
        "fow-standard".as_ref(),
        file.as_os_str(),
    ])
    .expect(0);
}

/// `sim` takes a folder's `.dek` files as its decks, and plays a Lackey deck as its list.
#[test]
fn sim_plays_the_dek_files_of_a_folder() {
    let out = decksmith([
        "sim",
        "tests/data/lackey-deck",
        TEXT,
        "--format",
        "fow-standard",
        "--games",
        "2",
        "--p1",
        "random",
        "--p2",
        "random",
        "--output",
        "json",
    ])
    .expect(0);
    let json = out.json();
    assert_eq!(
        json["plan"]["decks"],
        serde_json::json!(["crimson-aggro.dek", "legal-crimson-aggro.deck"])
    );
    // The same cards in the same zones: the two seat alike.
    let prints = &json["plan"]["fingerprints"];
    assert_eq!(prints[0], prints[1], "{json}");
}
