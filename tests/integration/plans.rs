//! Sideboard plans through the real binary: `validate` (rule `sideboard-plan`), `convert`'s
//! warning, `stats --plan`.

use crate::support::{decksmith, root, temp_file};

const PLANS: &str = "tests/data/plans/crimson-plans.deck";

/// The rule ids of the findings `validate --output json` gives a deck, and its verdict.
fn findings(path: &std::path::Path) -> (Vec<(String, Option<u64>)>, bool) {
    let out = decksmith([
        "validate".as_ref(),
        "--output".as_ref(),
        "json".as_ref(),
        path.as_os_str(),
    ])
    .run();
    let doc = out.json();
    let deck = &doc["decks"][0];
    let rules = (deck["findings"].as_array().unwrap().iter())
        .map(|f| (f["rule"].as_str().unwrap().to_owned(), f["line"].as_u64()))
        .collect();
    (rules, deck["legal"].as_bool().unwrap())
}

/// Crimson Aggro (Main 40, side 12) with one plan.
fn crimson_with(plan: &str) -> String {
    let deck = std::fs::read_to_string(root().join("examples/decks/fow/legal-crimson-aggro.deck"))
        .unwrap();
    format!("{deck}\nPlan: vs Anyone\n{plan}")
}

#[test]
fn a_broken_plan_is_an_error_at_its_lines() {
    let out = decksmith(["validate", PLANS]).expect(1);
    insta::assert_snapshot!(out.stdout);
    let (rules, legal) = findings(std::path::Path::new(PLANS));
    assert!(!legal);
    assert_eq!(
        rules,
        [
            ("sideboard-plan".to_owned(), Some(39)),
            ("sideboard-plan".to_owned(), Some(41))
        ]
    );
}

#[test]
fn a_plan_leaving_39_in_main_breaks_the_format_and_40_or_41_do_not() {
    let cases = [
        ("+1 Halo Seraph\n-2 Ember Fox\n", false),
        ("+1 Halo Seraph\n-1 Ember Fox\n", true),
        ("+1 Halo Seraph\n", true),
    ];
    for (plan, legal) in cases {
        let file = temp_file("plan.deck", crimson_with(plan));
        let (rules, is_legal) = findings(&file);
        assert_eq!(is_legal, legal, "{plan}: {rules:?}");
        if !legal {
            let line = crimson_with("").lines().count() as u64;
            assert_eq!(rules, [("sideboard-plan".to_owned(), Some(line))], "{plan}");
        }
    }
}

#[test]
fn taking_exactly_what_the_side_zone_holds_is_legal_and_one_more_is_not() {
    let all = temp_file("plan.deck", crimson_with("+3 Halo Seraph\n-3 Ember Fox\n"));
    assert_eq!(findings(&all), (Vec::new(), true));
    let more = temp_file("plan.deck", crimson_with("+4 Halo Seraph\n-4 Ember Fox\n"));
    let (rules, legal) = findings(&more);
    assert!(!legal);
    assert_eq!(rules.len(), 1);
    assert_eq!(rules[0].0, "sideboard-plan");
}

#[test]
fn a_plan_in_a_game_without_a_side_zone_is_a_finding() {
    let out = decksmith([
        "validate",
        "--output",
        "json",
        "tests/data/plans/skirmish-plan.deck",
    ])
    .expect(1);
    let doc = out.json();
    let plan = (doc["decks"][0]["findings"].as_array().unwrap().iter())
        .find(|f| f["rule"] == "sideboard-plan")
        .expect("a sideboard-plan finding");
    assert!(
        plan["message"].as_str().unwrap().contains("no side zone"),
        "{plan}"
    );
    assert_eq!(plan["line"], 7);
}

#[test]
fn every_output_format_names_the_rule() {
    for output in ["github", "junit", "sarif"] {
        let out = decksmith(["validate", "--output", output, PLANS]).expect(1);
        assert!(
            out.stdout.contains("sideboard-plan"),
            "{output}: {}",
            out.stdout
        );
    }
}

/// `decksmith convert IN --to ENC`, which must succeed.
fn convert(input: &std::path::Path, to: &str) -> crate::support::Output {
    decksmith([
        "convert".as_ref(),
        input.as_os_str(),
        "--to".as_ref(),
        to.as_ref(),
    ])
    .expect(0)
}

#[test]
fn text_json_and_toml_round_trips_keep_plans_byte_for_byte() {
    let text = convert(PLANS.as_ref(), "text").stdout;
    assert!(
        text.contains("Plan: vs Gale Order\n+4 Sunlit Cleric\n"),
        "{text}"
    );
    let again = convert(&temp_file("again.deck", &text), "text").stdout;
    assert_eq!(again, text);
    for enc in ["json", "toml"] {
        let written = convert(PLANS.as_ref(), enc);
        assert_eq!(written.stderr, "", "{enc}");
        let file = temp_file(&format!("plans.{enc}"), &written.stdout);
        let back = convert(&file, "text");
        assert_eq!(back.stdout, text, "text → {enc} → text");
        assert_eq!(back.stderr, "", "{enc}");
        // And the encoding itself comes back as it was written.
        assert_eq!(convert(&file, enc).stdout, written.stdout, "{enc} → {enc}");
    }
}

#[test]
fn encodings_without_plans_still_warn() {
    for enc in ["csv", "code", "cod"] {
        let out = decksmith(["convert", PLANS, "--to", enc]).run();
        let plans = "the sideboard plans (`vs Abyssal Control`, `vs Gale Order`)";
        assert!(
            out.stderr.contains(&format!("{enc} cannot hold ")) && out.stderr.contains(plans),
            "{enc}: {}",
            out.stderr
        );
    }
}

/// The line of `text` (counted from 1) that holds `needle`, found independently of the
/// readers.
fn line_of(text: &str, needle: &str) -> u64 {
    let at = text
        .find(needle)
        .unwrap_or_else(|| panic!("no {needle} in {text}"));
    text[..at].matches('\n').count() as u64 + 1
}

#[test]
fn a_broken_plan_in_json_or_toml_is_an_error_at_its_swaps() {
    for (enc, cleric, drak) in [
        (
            "json",
            "\"card\": \"Sunlit Cleric\"",
            "\"card\": \"Crimson Drak\"",
        ),
        (
            "toml",
            "card = \"Sunlit Cleric\"",
            "card = \"Crimson Drak\"",
        ),
    ] {
        let written = convert(PLANS.as_ref(), enc).stdout;
        let file = temp_file(&format!("plans.{enc}"), &written);
        let (rules, legal) = findings(&file);
        assert!(!legal, "{enc}");
        assert_eq!(
            rules,
            [
                ("sideboard-plan".to_owned(), Some(line_of(&written, cleric))),
                ("sideboard-plan".to_owned(), Some(line_of(&written, drak)))
            ],
            "{enc}"
        );
    }
}

#[test]
fn json_plans_conform_to_the_deck_schema() {
    let schema = decksmith(["schema", "deck"]).expect(0).json();
    let doc: serde_json::Value =
        serde_json::from_str(&convert(PLANS.as_ref(), "json").stdout).unwrap();
    assert!(doc["plans"].is_array());
    let errors = crate::json_schema::check(&schema, &doc);
    assert!(errors.is_empty(), "{errors:#?}");
    let both = serde_json::json!({"zones": {}, "plans": [{"name": "x", "swaps": [{"in": 0, "card": "A"}]}]});
    assert!(!crate::json_schema::check(&schema, &both).is_empty());
}

#[test]
fn bad_plans_in_json_are_problems_at_their_lines() {
    let file = root().join("fuzz/corpus/json/fow-plan-problems.json");
    let out = decksmith([
        "validate".as_ref(),
        "--output".as_ref(),
        "json".as_ref(),
        file.as_os_str(),
    ])
    .expect(1);
    let doc = out.json();
    let parse: Vec<(u64, String)> = (doc["decks"][0]["findings"].as_array().unwrap().iter())
        .filter(|f| f["rule"] == "parse")
        .map(|f| {
            let message = f["message"].as_str().unwrap().to_owned();
            (f["line"].as_u64().unwrap(), message)
        })
        .collect();
    let expected = [
        (14, "a swap has both `in` and `out`"),
        (15, "a swap needs `in` or `out`, the copies it boards"),
        (16, "count 1000 of `Ember Fox` is out of range"),
        (17, "card name `` is empty"),
        (19, "plan `VS titan wall` is given twice"),
        (20, "plan name `` is empty"),
    ];
    let got: Vec<(u64, &str)> = parse.iter().map(|(l, m)| (*l, m.as_str())).collect();
    assert_eq!(got, expected);
}

#[test]
fn stats_plan_counts_the_post_board_deck() {
    let stats = |plan: Option<&str>| {
        let mut args = vec!["stats", PLANS, "--output", "json"];
        args.extend(plan.map(|p| ["--plan", p]).into_iter().flatten());
        decksmith(args).expect(0).json()
    };
    let row = |doc: &serde_json::Value, card: &str| {
        (doc["odds"]["rows"].as_array().unwrap().iter())
            .find(|r| r["label"] == card)
            .cloned()
    };
    let before = stats(None);
    let after = stats(Some("VS abyssal control"));
    // +3 Halo Seraph +2 Magma Elemental for -4 Ember Fox -1 Pyre Knight: Main stays 40.
    assert!(row(&before, "Halo Seraph").is_none());
    assert!(row(&after, "Ember Fox").is_none());
    assert_eq!(row(&before, "Magma Elemental").unwrap()["copies"], 2);
    assert_eq!(row(&after, "Magma Elemental").unwrap()["copies"], 4);
    assert_eq!(row(&after, "Pyre Knight").unwrap()["copies"], 3);
    let seraph = row(&after, "Halo Seraph").unwrap();
    assert_eq!(seraph["copies"], 3);
    // 3 copies in 40, a hand of 5: 1 - C(37,5)/C(40,5) = 1 - (35·34·33)/(40·39·38), which
    // JSON writes to six places.
    let expected = 1.0 - (35.0 * 34.0 * 33.0) / (40.0 * 39.0 * 38.0);
    let got = seraph["by_turn"][0]["on_the_play"].as_f64().unwrap();
    assert!((got - expected).abs() < 1e-6, "{got} vs {expected}");
    let unknown = decksmith(["stats", PLANS, "--plan", "vs Gale Ordr"]).expect(2);
    assert!(
        unknown.stderr.contains("did you mean `vs Gale Order`?"),
        "{}",
        unknown.stderr
    );
    assert!(
        unknown.stderr.contains("`vs Abyssal Control`"),
        "{}",
        unknown.stderr
    );
    let broken = decksmith(["stats", PLANS, "--plan", "vs Gale Order"]).run();
    assert_ne!(broken.code, 0);
    assert!(broken.stderr.contains("Sunlit Cleric"), "{}", broken.stderr);
}
