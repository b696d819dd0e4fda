//! `--output github|junit|sarif` for `validate` and `db check`: snapshots of the exact text a
//! CI service reads, and the SARIF checked against the published SARIF 2.1.0 schema.

use crate::json_schema;
use crate::support::{decksmith, temp_dir, TempDir};

const DECKS: [&str; 3] = [
    "examples/decks/jforce/illegal-copy-limit.deck",
    "examples/decks/jforce/illegal-evolution.deck",
    "examples/decks/fow/illegal-combination-banned.deck",
];

fn validate(output: &str) -> crate::support::Output {
    let mut args = vec!["validate", "--date", "2026-06-01", "--output", output];
    args.extend(DECKS);
    decksmith(args).expect(1)
}

fn sarif_schema() -> serde_json::Value {
    let text = std::fs::read_to_string(
        crate::support::root().join("tests/schemas/sarif-schema-2.1.0.json"),
    )
    .unwrap();
    serde_json::from_str(&text).unwrap()
}

pub(crate) fn assert_valid_sarif(doc: &serde_json::Value) {
    let errors = json_schema::check(&sarif_schema(), doc);
    assert!(
        errors.is_empty(),
        "SARIF breaks the schema:\n{}",
        errors.join("\n")
    );
}

#[test]
fn validate_github_annotations() {
    insta::assert_snapshot!(validate("github").stdout);
}

/// JUnit with each `time="…"` value replaced by `[seconds]`: times vary from run to run.
fn without_times(xml: &str) -> String {
    let mut out = String::with_capacity(xml.len());
    let mut rest = xml;
    while let Some(at) = rest.find(" time=\"") {
        let value = at + " time=\"".len();
        out.push_str(&rest[..value]);
        let end = rest[value..].find('"').map_or(rest.len(), |e| value + e);
        assert!(
            rest[value..end].parse::<f64>().is_ok(),
            "time is seconds: {}",
            &rest[value..end]
        );
        out.push_str("[seconds]");
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

#[test]
fn validate_junit() {
    let xml = validate("junit").stdout;
    // Every test case, suite and the whole run carries its time.
    assert_eq!(xml.matches(" time=\"").count(), 3 + 2 + 1, "{xml}");
    insta::assert_snapshot!(without_times(&xml));
}

#[test]
fn validate_sarif_follows_the_schema() {
    let out = validate("sarif");
    let doc = out.json();
    assert_valid_sarif(&doc);
    let results = doc["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), 3);
    insta::assert_snapshot!(out.stdout);
}

#[test]
fn legal_decks_give_empty_but_valid_reports() {
    let deck = "examples/decks/jforce/legal-ember-rush.deck";
    let sarif = decksmith(["validate", "--output", "sarif", deck])
        .expect(0)
        .json();
    assert_valid_sarif(&sarif);
    assert_eq!(sarif["runs"][0]["results"].as_array().unwrap().len(), 0);
    let junit = decksmith(["validate", "--output", "junit", deck])
        .expect(0)
        .stdout;
    assert!(junit.contains("tests=\"1\" failures=\"0\""), "{junit}");
    let github = decksmith(["validate", "--output", "github", deck])
        .expect(0)
        .stdout;
    assert_eq!(github, "1 deck: 1 legal, 0 illegal\n");
}

/// Two card files: one with a typo'd field (in a path that needs escaping in every format),
/// one whose card breaks a stat range (with a name that needs escaping in XML).
fn broken_card_files() -> TempDir {
    let dir = temp_dir();
    std::fs::write(
        dir.join("bad cards, 100%.toml"),
        "game = \"jforce\"\n\n[[cards]]\nid = \"JF-900\"\nname = \"Typo\"\ntype = \"strike\"\nset = \"JF1\"\ncost = 2\nattack = 3\nlegandary = true\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("range.toml"),
        "game = \"jforce\"\n\n[[cards]]\nid = \"JF-901\"\nname = \"Odd <Card> & Co\"\ntype = \"strike\"\nset = \"JF1\"\ncost = 99\nattack = 3\n",
    )
    .unwrap();
    dir
}

/// The output as written, and with the temporary folder replaced for snapshots.
fn db_check(output: &str) -> (String, String) {
    let dir = broken_card_files();
    let out = decksmith([
        "db".as_ref(),
        "check".as_ref(),
        "--output".as_ref(),
        output.as_ref(),
        dir.as_os_str(),
    ])
    .expect(1);
    let dir = dir.display().to_string();
    let normalised = out.stdout.replace(&dir, "<tmp>");
    (out.stdout, normalised)
}

#[test]
fn db_check_github_annotations() {
    insta::assert_snapshot!(db_check("github").1);
}

#[test]
fn db_check_junit() {
    insta::assert_snapshot!(db_check("junit").1);
}

#[test]
fn db_check_sarif_follows_the_schema() {
    let (raw, text) = db_check("sarif");
    let doc: serde_json::Value = serde_json::from_str(&raw).unwrap();
    assert_valid_sarif(&doc);
    insta::assert_snapshot!(text);
}

#[test]
fn db_check_of_the_shipped_data_lists_every_file_as_a_passing_case() {
    let out = decksmith(["db", "check", "--output", "junit"])
        .expect(0)
        .stdout;
    let cases = out.matches("<testcase ").count();
    assert!(cases >= 10, "{out}");
    assert!(!out.contains("<failure"), "{out}");
}

/// Code scanning tracks results by their fingerprints: every result has a region and a
/// fingerprint, and moving the deck's lines (a comment added on top) changes no fingerprint,
/// only the regions. Paths are relative, under `%SRCROOT%`.
#[test]
fn sarif_results_have_regions_and_fingerprints_that_survive_moved_lines() {
    let deck = std::fs::read_to_string(
        crate::support::root().join("examples/decks/jforce/illegal-copy-limit.deck"),
    )
    .unwrap();
    let dir = crate::support::temp_dir();
    let results = |text: &str| {
        let path = dir.join("moved.deck");
        std::fs::write(&path, text).unwrap();
        let out = crate::support::decksmith([
            "validate".as_ref(),
            "--output".as_ref(),
            "sarif".as_ref(),
            path.as_os_str(),
            "examples/decks/jforce/illegal-hero.deck".as_ref(),
        ])
        .expect(1);
        let doc: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
        assert_valid_sarif(&doc);
        let results = doc["runs"][0]["results"].as_array().unwrap().clone();
        for r in &results {
            let physical = &r["locations"][0]["physicalLocation"];
            assert!(physical["region"]["startLine"].is_u64(), "{r}");
            assert!(r["partialFingerprints"].is_object(), "{r}");
        }
        results
    };
    let before = results(&deck);
    let after = results(&format!("# a note\n# and another\n{deck}"));
    let prints = |rs: &[serde_json::Value]| -> Vec<String> {
        rs.iter()
            .map(|r| r["partialFingerprints"].to_string())
            .collect()
    };
    assert_eq!(prints(&before), prints(&after));
    let line = |rs: &[serde_json::Value]| {
        rs[0]["locations"][0]["physicalLocation"]["region"]["startLine"].as_u64()
    };
    assert_eq!(line(&after), line(&before).map(|l| l + 2));
    let hero = &before[1]["locations"][0]["physicalLocation"]["artifactLocation"];
    assert_eq!(hero["uri"], "examples/decks/jforce/illegal-hero.deck");
    assert_eq!(hero["uriBaseId"], "%SRCROOT%");
}
