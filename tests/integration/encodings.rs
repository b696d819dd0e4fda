//! Deck encodings through the library: property tests of round trips between every pair of
//! encodings over generated decks with awkward names, descriptions, tags, printings and a
//! `maybe` zone (each encoding must give back all it holds), every example deck through every
//! encoding, snapshots of each encoding's output, and bad input for each.

use crate::support::{decksmith, example_decks, through};
use decksmith::card_db::Game;
use decksmith::catalog::Catalog;
use decksmith::deck::{Deck, Entry, Located, Printing, Zone, MAYBE};
use decksmith::diagnostic::SourceFile;
use decksmith::encoding::code::{self, CodeEntry, CodeZone, DeckCode, Stem};
use decksmith::encoding::{self, arena, Encoding};
use proptest::prelude::*;

pub(crate) fn catalog() -> &'static Catalog {
    Catalog::embedded().expect("the shipped data loads")
}

/// Writes `deck` as `enc`, reads it back and puts it in canonical form again.
pub(crate) fn round_trip(deck: &Deck, enc: Encoding, game: &Game) -> Result<Deck, String> {
    let written = encoding::write(deck, enc, game).map_err(|p| format!("{p:?}"))?;
    let source = SourceFile::new(format!("written.{}", enc.extension()), written.clone());
    let read = encoding::read_as(&source, enc, catalog())
        .unwrap_or_else(|e| panic!("{enc} output does not read back: {e:?}\n{written}"));
    let format = deck.format.as_ref().map(|f| f.value.as_str()).unwrap_or("");
    let back = encoding::canonical(&read, format, game)
        .unwrap_or_else(|p| panic!("{enc} output has problems: {p:?}\n{written}"));
    Ok(back.without_locations())
}

/// What a round trip through `enc` gives back: the deck without what `enc` cannot hold;
/// through Arena and Lackey, which name a printing for every card, the database's printing on
/// each known card that named none; and through Lackey, which lists each copy, the entries of
/// one name and printing in a zone as one, where the first stood.
pub(crate) fn expected(deck: &Deck, enc: Encoding, game: &Game) -> Deck {
    let mut deck = encoding::keeping(deck.clone(), enc.holds());
    if matches!(enc, Encoding::Arena | Encoding::Lackey) {
        for e in deck.zones.iter_mut().flat_map(|z| &mut z.entries) {
            let known = e.id.as_deref().and_then(|id| game.find(id));
            if let (None, Some(i)) = (&e.printing, known) {
                e.printing = Some(Printing {
                    set: game.cards[i].set().to_owned(),
                    number: game.cards[i].number.map(|n| n.to_string()),
                });
            }
        }
    }
    if enc == Encoding::Lackey {
        for zone in &mut deck.zones {
            let mut merged: Vec<Entry> = Vec::new();
            for e in zone.entries.drain(..) {
                match merged
                    .iter_mut()
                    .find(|m| m.card == e.card && m.printing == e.printing)
                {
                    Some(m) => m.count += e.count,
                    None => merged.push(e),
                }
            }
            zone.entries = merged;
        }
    }
    deck
}

/// The encodings that may refuse a deck, and why: a code needs an id for every card, and an
/// Arena line cannot hold an unknown card whose name ends like a printing `(SET) 12` or a
/// marker (`*F*`, `[Category]`, `^Tag^`).
fn may_refuse(deck: &Deck, enc: Encoding) -> bool {
    let unknown = || {
        deck.zones
            .iter()
            .flat_map(|z| &z.entries)
            .filter(|e| e.id.is_none())
    };
    match enc {
        Encoding::Code => unknown().next().is_some(),
        Encoding::Arena => unknown().any(|e| e.printing.is_none() && !arena::holds_name(&e.card)),
        // A count goes up to 999, and Lackey's copies of a card in a zone make one count.
        Encoding::Lackey => deck.zones.iter().any(|z| {
            z.entries.iter().any(|e| {
                let same = z.entries.iter().filter(|o| o.card == e.card);
                same.map(|o| o.count).sum::<u32>() > 999
            })
        }),
        _ => false,
    }
}

const AWKWARD: &[&str] = &[
    "3 Ninjas",
    "Comma, Inc.",
    "\"Quoted\" Card",
    "Ma'at's Revenge",
    "Ma’at",
    "Ünïcödé ☃ 漢字",
    "🐉 Dragon",
    "x Wing",
    "#hashtag",
    "// not a comment",
    "a = b",
    "Key: value",
    "[Bracketed]",
    "<tag> & &amp;",
    "Trailing (ABC) 12",
    "Only (Set)",
    "Deck",
    "Sideboard",
    "zone,count,id,name",
];

fn awkward_tags() -> impl Strategy<Value = Vec<String>> {
    proptest::collection::vec(
        "[A-Za-z0-9 ,'\"&<>=#:()\\[\\]éß漢🐉\\-]{1,10}"
            .prop_map(|s| s.trim().to_owned())
            .prop_filter("a tag has text", |s| !s.is_empty()),
        0..3,
    )
    .prop_map(|mut tags| {
        tags.dedup();
        tags
    })
}

fn any_printing() -> impl Strategy<Value = Option<Printing>> {
    proptest::option::weighted(
        0.4,
        (
            "[A-Z][A-Z0-9]{1,3}",
            proptest::option::of("[0-9]{1,3}[a-z]?"),
        )
            .prop_map(|(set, number)| Printing { set, number }),
    )
}

fn any_description() -> impl Strategy<Value = Option<String>> {
    proptest::option::of(
        proptest::collection::vec("[A-Za-z0-9 ,'\"&<>=#:;()éß漢🐉\\-]{0,20}", 1..4)
            .prop_map(|lines| decksmith::encoding::description_text(&lines.join("\n")))
            .prop_filter("a description has text", |d| !d.is_empty()),
    )
}

fn awkward_name() -> impl Strategy<Value = String> {
    prop_oneof![
        proptest::sample::select(AWKWARD).prop_map(str::to_owned),
        "[A-Za-z0-9 ,'\"&<>=#:;()\\[\\]éß漢🐉\\-]{1,16}",
    ]
    .prop_map(|s| s.trim().to_owned())
    .prop_filter("a name has text", |s| !s.is_empty())
}

/// A canonical deck of some shipped game: a format of that game, maybe an awkward name, some
/// of the game's zones in any order, each with known and unknown cards.
fn any_deck() -> impl Strategy<Value = Deck> {
    let formats: Vec<(String, String)> = catalog()
        .formats
        .values()
        .map(|f| (f.id.clone(), f.game.clone()))
        .collect();
    (
        proptest::sample::select(formats),
        proptest::option::of(awkward_name()),
        (
            any_description(),
            awkward_tags(),
            proptest::option::of(awkward_name()),
        ),
        proptest::collection::vec(
            (
                any::<prop::sample::Index>(),
                proptest::collection::vec(
                    (
                        1u32..=999,
                        any::<prop::sample::Index>(),
                        proptest::option::weighted(0.3, awkward_name()),
                        any_printing(),
                        awkward_tags(),
                    ),
                    1..6,
                ),
            ),
            1..5,
        ),
    )
        .prop_map(
            |((format, game_id), name, (description, tags, banner), zones)| {
                let game = catalog().game(&game_id).expect("format's game");
                let mut deck = Deck {
                    format: Some(Located::bare(format)),
                    name: name.map(Located::bare),
                    description: description.map(Located::bare),
                    tags,
                    banner,
                    ..Deck::default()
                };
                // The game's zones and the `maybe` zone every game has.
                let mut zone_ids: Vec<&str> =
                    game.def.zones.iter().map(|z| z.id.as_str()).collect();
                zone_ids.push(MAYBE);
                for (zone_pick, entries) in zones {
                    let zone = zone_pick.get(&zone_ids).to_string();
                    if deck.zones.iter().any(|z| z.name == zone) {
                        continue;
                    }
                    let entries = entries
                        .into_iter()
                        .map(|(count, card_pick, unknown, printing, tags)| {
                            let known = card_pick.get(&game.cards);
                            let found = unknown.as_deref().and_then(|n| game.find(n));
                            match (unknown, found) {
                                (Some(name), None) => Entry {
                                    count,
                                    card: name.into(),
                                    printing,
                                    tags,
                                    ..Entry::default()
                                },
                                _ => {
                                    let card = found.map_or(known, |i| &game.cards[i]);
                                    Entry {
                                        count,
                                        card: card.name().into(),
                                        id: Some(card.id().into()),
                                        printing,
                                        tags,
                                        ..Entry::default()
                                    }
                                }
                            }
                        })
                        .collect();
                    deck.zones.push(Zone {
                        name: zone,
                        span: None,
                        line: None,
                        entries,
                    });
                }
                deck
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn every_encoding_pair_round_trips(deck in any_deck()) {
        let format = deck.format.as_ref().unwrap().value.clone();
        let game_id = catalog().format(&format).unwrap().game.clone();
        let game = catalog().game(&game_id).unwrap();
        let deck = encoding::canonical(&deck, &format, game).unwrap().without_locations();
        for a in Encoding::ALL {
            let via_a = match round_trip(&deck, a, game) {
                Ok(d) => d,
                Err(why) => {
                    prop_assert!(may_refuse(&deck, a), "{a} refused: {why}");
                    continue;
                }
            };
            let kept = expected(&deck, a, game);
            prop_assert_eq!(&via_a, &kept, "through {}", a);
            if a == Encoding::Code {
                let written = encoding::write(&deck, a, game).unwrap();
                prop_assert!(assert_recodes_like_the_general_path(&written, None));
            }
            for b in Encoding::ALL {
                match round_trip(&via_a, b, game) {
                    Ok(via_b) => prop_assert_eq!(&via_b, &expected(&kept, b, game), "through {} then {}", a, b),
                    Err(why) => prop_assert!(may_refuse(&via_a, b), "{a} then {b} refused: {why}"),
                }
            }
        }
    }
}

/// The "done when" of the encodings: every example deck that can be converted at all goes
/// through every encoding and comes back identical. Decks with unreadable lines cannot be
/// converted, and unknown cards have no id for a code; both are refused, never dropped.
#[test]
fn every_example_deck_comes_back_identical_from_every_encoding() {
    let mut converted = 0;
    for path in example_decks() {
        let text = std::fs::read_to_string(&path).unwrap();
        let source = SourceFile::new(path.display().to_string(), text);
        let deck = encoding::read(&source, None, catalog()).unwrap();
        let format = catalog()
            .format(&deck.format.as_ref().unwrap().value)
            .unwrap();
        let game = catalog().game(&format.game).unwrap();
        let canonical = match encoding::canonical(&deck, &format.id, game) {
            Ok(d) => d.without_locations(),
            Err(problems) => {
                assert!(
                    path.ends_with("illegal-parse.deck"),
                    "{}: {problems:?}",
                    path.display()
                );
                continue;
            }
        };
        for enc in Encoding::ALL {
            match round_trip(&canonical, enc, game) {
                Ok(back) => {
                    let kept = expected(&canonical, enc, game);
                    assert_eq!(back, kept, "{} through {enc}", path.display());
                    converted += 1;
                }
                Err(why) => assert!(
                    enc == Encoding::Code && path.ends_with("illegal-unknown-card.deck"),
                    "{} refused as {enc}: {why}",
                    path.display()
                ),
            }
        }
    }
    assert!(converted >= 7 * 30, "only {converted} conversions");
}

#[test]
fn arena_and_cod_exports_import_to_the_deck_that_exported_them() {
    for path in example_decks().iter().filter(|p| {
        p.file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("legal-")
    }) {
        let canonical = decksmith([
            "convert".as_ref(),
            path.as_os_str(),
            "--to".as_ref(),
            "text".as_ref(),
        ])
        .expect(0)
        .stdout;
        for enc in ["arena", "cod"] {
            let exported = decksmith([
                "convert".as_ref(),
                path.as_os_str(),
                "--to".as_ref(),
                enc.as_ref(),
            ])
            .expect(0)
            .stdout;
            let back = decksmith(["convert", "-", "--to", "text"])
                .stdin(exported)
                .expect(0)
                .stdout;
            assert_eq!(
                back,
                through(enc, &canonical),
                "{} through {enc}",
                path.display()
            );
        }
    }
}

#[test]
fn each_encoding_of_an_example_deck() {
    for enc in Encoding::ALL {
        let out = decksmith([
            "convert",
            "examples/decks/fow/legal-crimson-aggro.deck",
            "--to",
            enc.name(),
        ])
        .expect(0)
        .stdout;
        insta::assert_snapshot!(format!("crimson_aggro_{enc}"), out);
    }
}

/// One broken input per encoding, with the diagnostic a user sees.
#[test]
fn bad_input_in_each_encoding() {
    let cases: [(&str, &str, &str); 9] = [
        ("text", "deck", "format: jforce-standard\nMain:\n3 Ember Striker\nthree Iron Guard\n"),
        ("json", "json", "{\"format\": \"jforce-standard\", \"zones\": {\"main\": [\n  {\"count\": 3, \"name\": \"Ember Striker\"},\n  {\"count\": 3, \"id\": \"JF-999\"}\n]}}\n"),
        ("toml", "toml", "format = \"jforce-standard\"\n[zones]\nmain = [\n  { count = 3, nmae = \"Ember Striker\" },\n]\n"),
        ("csv", "csv", "zone,count,id,name\n#format,,,jforce-standard\nmain,3,JF-006,Iron Guard\n"),
        ("code", "code", "AVsGamZvcmNlD2pmb3JjZS1zdGFuZGFyZApFbWJlciBSdXMoAQNKRi0DAgRoZXJvAQEBBG1haW4SAwYBMAExATIBMwMIAwkDDQMLAwwDCgMgAyICJAMfAiUBKQErrJMKjg\n"),
        ("code-cut", "code", "AVsGamZvcmNlD2pmb3JjZS1zdGFuZGFyZApFbWJlciBSdXNoAQNKRi0DAgRoZXJv\n"),
        ("arena", "txt", "About\nFormat jforce-standard\n\nDeck\n3 Ember Striker (JF1) 6\nCompanion\n1 Storma (JF1) 3\n"),
        ("cod", "cod", "<?xml version=\"1.0\"?>\n<cockatrice_deck version=\"1\">\n  <zone name=\"main\">\n    <card number=\"3\" name=\"Ember Striker\">\n  </zone>\n</cockatrice_deck>\n"),
        ("lackey", "dek", "<deck version=\"0.8\">\n\t<superzone name=\"Deck\">\n\t\t<card><name id=\"JF1-6\">Ember Striker</name><set>JF1</set>\n\t</superzone>\n</deck>\n"),
    ];
    for (case, ext, text) in cases {
        let file = crate::support::temp_file(&format!("bad.{ext}"), text);
        let out = decksmith([
            "convert".as_ref(),
            file.as_os_str(),
            "--to".as_ref(),
            "text".as_ref(),
        ])
        .expect(2);
        let dir = file.parent().unwrap().display().to_string();
        insta::assert_snapshot!(format!("bad_{case}"), out.stderr.replace(&dir, "[tmp]"));
    }
}

/// What `convert --to code` makes of a deck code on the general path (read, canonical form,
/// write), or `None` where it refuses the code.
fn recoded_in_general(code: &str, format: Option<&str>) -> Option<String> {
    let source = SourceFile::new("deck code", code);
    let deck = encoding::read_as(&source, Encoding::Code, catalog()).ok()?;
    let format = catalog().format(format.unwrap_or(&deck.format.as_ref()?.value))?;
    let game = catalog().game(&format.game).ok()?;
    let canonical = encoding::canonical(&deck, &format.id, game).ok()?;
    encoding::write(&canonical, Encoding::Code, game).ok()
}

/// The code-to-code path writes what the general path writes, or leaves the code to it.
fn assert_recodes_like_the_general_path(code: &str, format: Option<&str>) -> bool {
    let fast = code::recode(code, format, catalog());
    if let Some(fast) = &fast {
        assert_eq!(
            Some(fast),
            recoded_in_general(code, format).as_ref(),
            "{code} with format {format:?}"
        );
    }
    fast.is_some()
}

#[test]
fn a_code_converts_to_a_code_without_a_deck_of_names_and_as_the_general_path_does() {
    let mut fast = 0;
    for path in example_decks() {
        let text = std::fs::read_to_string(&path).unwrap();
        let source = SourceFile::new(path.display().to_string(), text);
        let deck = encoding::read(&source, None, catalog()).unwrap();
        let Some(format) = deck
            .format
            .as_ref()
            .and_then(|f| catalog().format(&f.value))
        else {
            continue;
        };
        let game = catalog().game(&format.game).unwrap();
        let Ok(canonical) = encoding::canonical(&deck, &format.id, game) else {
            continue;
        };
        let Ok(written) = encoding::write(&canonical, Encoding::Code, game) else {
            continue;
        };
        assert!(assert_recodes_like_the_general_path(&written, None));
        fast += 1;
        // Another format of the same game replaces the code's own.
        for other in catalog().formats.values().filter(|f| f.game == format.game) {
            assert!(assert_recodes_like_the_general_path(
                &written,
                Some(&other.id)
            ));
        }
        // A format of another game, or none that exists, is left to the general path.
        for other in catalog().formats.values().filter(|f| f.game != format.game) {
            assert!(!assert_recodes_like_the_general_path(
                &written,
                Some(&other.id)
            ));
        }
        assert!(!assert_recodes_like_the_general_path(
            &written,
            Some("no-such-format")
        ));
    }
    assert!(fast >= 20, "only {fast} codes");

    // Codes other tools may write: each either converts as the general path does, or is left
    // to it (which rewrites or reports it).
    let stem = |text: &str, width| Stem {
        text: text.into(),
        width,
    };
    let entry = |count, stem, number| CodeEntry {
        count,
        stem,
        number,
    };
    let zone = |zone: &str, entries: Vec<CodeEntry>| CodeZone {
        zone: zone.into(),
        entries,
    };
    let base = DeckCode {
        game: "jforce".into(),
        format: "jforce-standard".into(),
        name: Some("Ember Rush".into()),
        stems: vec![stem("JF-", 3)],
        zones: vec![
            zone("hero", vec![entry(1, 0, 1)]),
            zone("main", vec![entry(3, 0, 10), entry(2, 0, 11)]),
        ],
    };
    let variants: Vec<(&str, DeckCode, bool)> = vec![
        ("as decksmith writes it", base.clone(), true),
        (
            "stems split another way, and not in order of use",
            DeckCode {
                stems: vec![stem("JF-0", 2), stem("JF-00", 1)],
                zones: vec![
                    zone("hero", vec![entry(1, 1, 1)]),
                    zone("main", vec![entry(3, 0, 10), entry(2, 0, 11)]),
                ],
                ..base.clone()
            },
            false,
        ),
        (
            "an id in another case",
            DeckCode {
                stems: vec![stem("jf-", 3)],
                ..base.clone()
            },
            false,
        ),
        (
            "an unknown id",
            DeckCode {
                zones: vec![zone("main", vec![entry(3, 0, 999)])],
                ..base.clone()
            },
            false,
        ),
        (
            "a zone by its header",
            DeckCode {
                zones: vec![zone("Main", vec![entry(3, 0, 10)])],
                ..base.clone()
            },
            true,
        ),
        (
            "a zone twice",
            DeckCode {
                zones: vec![
                    zone("main", vec![entry(3, 0, 10)]),
                    zone("hero", vec![entry(1, 0, 1)]),
                    zone("main", vec![entry(2, 0, 11)]),
                ],
                ..base.clone()
            },
            false,
        ),
        (
            "an empty zone",
            DeckCode {
                zones: vec![zone("side", vec![]), zone("main", vec![entry(3, 0, 10)])],
                ..base.clone()
            },
            false,
        ),
        (
            "the maybe zone",
            DeckCode {
                zones: vec![zone("maybe", vec![entry(3, 0, 10)])],
                ..base.clone()
            },
            true,
        ),
        (
            "a name with white space around it",
            DeckCode {
                name: Some(" Rush ".into()),
                ..base.clone()
            },
            false,
        ),
        (
            "an unknown zone",
            DeckCode {
                zones: vec![zone("graveyard", vec![entry(3, 0, 10)])],
                ..base.clone()
            },
            false,
        ),
    ];
    for (what, code, takes_fast_path) in variants {
        let written = code.encode().unwrap();
        assert_eq!(
            assert_recodes_like_the_general_path(&written, None),
            takes_fast_path,
            "{what}"
        );
    }
}
