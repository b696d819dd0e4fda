//! The corpus of foreign files (`foreign/`): one file shaped like each tool's output (today's
//! and an older Cockatrice, MTG Arena with and without headers, Moxfield, Archidekt, a list
//! pasted from chat). Each file's reading (encoding, zones, counts, printings, tags, problems
//! and warnings) is pinned by a snapshot, and its canonical deck goes through every encoding and
//! back, keeping everything the encoding can hold. Adding a case means adding a file named
//! `<game>-<what>.<ext>`.

use crate::encodings::{catalog, expected, round_trip};
use crate::support::decksmith;
use decksmith::deck::{Deck, ParseProblem};
use decksmith::diagnostic::SourceFile;
use decksmith::encoding::{self, Encoding};
use std::fmt::Write as _;

/// The format a file is checked against when it names none: its game's first format.
fn default_format(file: &str) -> &'static str {
    match file.split('-').next() {
        Some("jforce") => "jforce-standard",
        Some("fow") => "fow-standard",
        _ => "skirmish-casual",
    }
}

/// A reading as a person would check it: one line per fact, in file order.
fn describe(encoding: Encoding, deck: &Deck) -> String {
    let mut out = format!("encoding: {encoding}\n");
    let located = |l: &Option<decksmith::deck::Located<String>>| {
        l.as_ref()
            .map(|l| format!("{:?} (line {:?})", l.value, l.line))
    };
    for (what, value) in [
        ("format", located(&deck.format)),
        ("name", located(&deck.name)),
        ("description", located(&deck.description)),
        ("banner", deck.banner.as_ref().map(|b| format!("{b:?}"))),
    ] {
        if let Some(v) = value {
            let _ = writeln!(out, "{what}: {v}");
        }
    }
    if !deck.tags.is_empty() {
        let _ = writeln!(out, "tags: {:?}", deck.tags);
    }
    for zone in &deck.zones {
        let _ = writeln!(out, "zone {:?} (line {:?})", zone.name, zone.line);
        for e in &zone.entries {
            let _ = write!(out, "  {} {:?}", e.count, e.card);
            if let Some(p) = &e.printing {
                let _ = write!(out, " {p}");
            }
            if !e.tags.is_empty() {
                let _ = write!(out, " tags {:?}", e.tags);
            }
            let _ = writeln!(out, " (line {:?})", e.line);
        }
    }
    let problems = |what: &str, list: &[ParseProblem], out: &mut String| {
        for p in list {
            let _ = writeln!(out, "{what} (line {:?}): {}", p.line, p.message);
        }
    };
    problems("problem", &deck.problems, &mut out);
    problems("warning", &deck.warnings, &mut out);
    out
}

#[test]
fn each_foreign_file_reads_as_its_tool_means_it_and_survives_every_encoding() {
    let dir = crate::support::root().join("tests/integration/foreign");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    assert!(paths.len() >= 7, "the corpus has {} files", paths.len());
    for path in &paths {
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(path).unwrap();
        let source = SourceFile::new(file.clone(), text.clone());
        let enc =
            encoding::resolve(&source, None, catalog()).unwrap_or_else(|e| panic!("{file}: {e:?}"));
        let deck = encoding::read_as(&source, enc, catalog())
            .unwrap_or_else(|e| panic!("{file} does not read: {e:?}"));
        insta::assert_snapshot!(format!("foreign_{file}"), describe(enc, &deck));

        let format_id = match &deck.format {
            Some(f) => f.value.clone(),
            None => default_format(&file).to_owned(),
        };
        let format = catalog().format(&format_id).expect("a shipped format");
        let game = catalog().game(&format.game).unwrap();
        let canonical = encoding::canonical(&deck, &format.id, game)
            .unwrap_or_else(|p| panic!("{file}: {p:?}"))
            .without_locations();
        for to in Encoding::ALL {
            match round_trip(&canonical, to, game) {
                Ok(back) => {
                    let mut want = expected(&canonical, to, game);
                    // Warnings are about the file read, not about what was written.
                    want.warnings.clear();
                    let mut back = back;
                    back.warnings.clear();
                    assert_eq!(back, want, "{file} through {to}");
                }
                Err(why) => assert!(
                    to == Encoding::Code && canonical_has_unknown(&canonical),
                    "{file} refused as {to}: {why}"
                ),
            }
        }
    }
}

fn canonical_has_unknown(deck: &Deck) -> bool {
    deck.zones
        .iter()
        .flat_map(|z| &z.entries)
        .any(|e| e.id.is_none())
}

/// The rule ids of a validation, in order, from its JSON output.
fn rules_of(args: &[&str]) -> Vec<(String, String)> {
    let mut all = vec!["validate", "--output", "json"];
    all.extend(args);
    let out = decksmith(all).run();
    let json: serde_json::Value = serde_json::from_str(&out.stdout).expect("JSON output");
    json["decks"][0]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["rule"].as_str().unwrap().to_owned(),
                f["severity"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// Moxfield's `Commander` section is the J Force Hero (the game's zone alias), `Considering`
/// is never checked, and an unknown printing of a known card is a `printing` warning: the
/// deck is short, nothing else.
#[test]
fn an_unknown_printing_is_a_warning_and_the_maybe_zone_is_not_checked() {
    let rules = rules_of(&[
        "--format",
        "jforce-standard",
        "tests/integration/foreign/jforce-moxfield.txt",
    ]);
    let want = [("deck-size", "error"), ("printing", "warning")];
    assert_eq!(
        rules,
        want.map(|(r, s)| (r.to_owned(), s.to_owned())),
        "{rules:?}"
    );
}

/// What a Cockatrice file holds that decksmith does not keep is a `parse` warning, never an
/// error; an empty zone the game lacks is ignored.
#[test]
fn what_cockatrice_writes_and_decksmith_does_not_keep_is_a_warning() {
    let rules = rules_of(&["tests/integration/foreign/jforce-cockatrice-old.cod"]);
    assert_eq!(rules, [("deck-size".to_owned(), "error".to_owned())]);
    let rules = rules_of(&["tests/integration/foreign/fow-cockatrice-today.cod"]);
    assert!(
        rules
            .iter()
            .filter(|(r, _)| r == "parse")
            .all(|(_, s)| s == "warning"),
        "{rules:?}"
    );
    assert_eq!(rules.iter().filter(|(r, _)| r == "parse").count(), 3);
}
