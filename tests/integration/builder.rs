//! `cards` queries, `stats` and `draw` through the real binary: every human output pinned, the
//! JSON shapes checked, the mistakes pointed at.

use crate::support::decksmith;

#[test]
fn cards_query_sorted_and_limited() {
    let out = decksmith([
        "cards",
        "--game",
        "jforce",
        "t:strike cost<=2",
        "--sort",
        "cost",
        "--reverse",
        "--limit",
        "5",
    ])
    .expect(0);
    insta::assert_snapshot!(out.stdout);
}

#[test]
fn cards_query_words_are_joined() {
    let one = decksmith(["cards", "--game", "fow", "c:fire atk>=500"]).expect(0);
    let many = decksmith(["cards", "--game", "fow", "c:fire", "atk>=500"]).expect(0);
    assert_eq!(one.stdout, many.stdout);
    insta::assert_snapshot!(one.stdout);
}

#[test]
fn cards_json_is_sorted_like_the_table() {
    let json = decksmith([
        "cards", "--game", "skirmish", "c:red", "--sort", "value", "--output", "json",
    ])
    .expect(0)
    .json();
    let values: Vec<i64> = json
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_i64().unwrap())
        .collect();
    assert!(values.windows(2).all(|w| w[0] <= w[1]), "{values:?}");
    assert!(json
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["colour"] == "red"));
}

#[test]
fn a_query_mistake_points_into_the_query() {
    let out = decksmith(["cards", "tpye:strike cost<=2"]).expect(2);
    insta::assert_snapshot!(out.stderr);
    let out = decksmith(["cards", "--game", "jforce", "t:strik"]).expect(2);
    insta::assert_snapshot!("unknown_value", out.stderr);
    decksmith(["cards", "--sort", "costt"]).expect(2);
}

#[test]
fn stats_jforce() {
    let out = decksmith([
        "stats",
        "examples/decks/jforce/legal-ember-rush.deck",
        "--turns",
        "3",
    ])
    .expect(0);
    insta::assert_snapshot!(out.stdout);
}

#[test]
fn stats_fow_with_a_group_and_ascii() {
    let out = decksmith([
        "stats",
        "examples/decks/fow/legal-crimson-aggro.deck",
        "--turns",
        "2",
        "--odds",
        "t:\"magic stone\" c:light",
        "--ascii",
    ])
    .expect(0);
    insta::assert_snapshot!(out.stdout);
}

#[test]
fn stats_skirmish_short_of_a_colour() {
    let out = decksmith([
        "stats",
        "examples/decks/skirmish/illegal-colour-minimum.deck",
        "--turns",
        "2",
        "--at-least",
        "2",
    ])
    .expect(0);
    insta::assert_snapshot!(out.stdout);
}

#[test]
fn stats_json_has_the_documented_shape() {
    let json = decksmith([
        "stats",
        "examples/decks/skirmish/legal-tournament-15-10-5.deck",
        "--output",
        "json",
        "--odds",
        "c:green",
    ])
    .expect(0)
    .json();
    insta::assert_json_snapshot!(json);
}

#[test]
fn stats_svg_is_written_atomically_and_never_over_a_file() {
    let dir = std::env::temp_dir().join(format!("decksmith-stats-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("deck.svg");
    let _ = std::fs::remove_file(&svg);
    let deck = "examples/decks/jforce/legal-ember-rush.deck";
    let path = svg.to_str().unwrap();
    decksmith(["stats", deck, "--output", "svg", "-o", path]).expect(0);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(text.trim_end().ends_with("</svg>"));
    let again = decksmith(["stats", deck, "--output", "svg", "-o", path]).expect(2);
    assert!(again.stderr.contains("already exists"), "{}", again.stderr);
    decksmith(["stats", deck, "--output", "svg", "-o", path, "--force"]).expect(0);
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn stats_refuses_what_it_cannot_read() {
    let out = decksmith(["stats", "examples/decks/jforce/illegal-parse.deck"]).expect(2);
    assert!(out.stderr.contains("cannot read"), "{}", out.stderr);
    decksmith(["stats", "no/such/deck.deck"]).expect(2);
    let out = decksmith([
        "stats",
        "examples/decks/jforce/legal-ember-rush.deck",
        "--odds",
        "cost<=x",
    ])
    .expect(2);
    assert!(out.stderr.contains("whole number"), "{}", out.stderr);
}

#[test]
fn draw_deals_the_same_hands_from_a_seed() {
    let args = [
        "draw",
        "examples/decks/fow/legal-crimson-aggro.deck",
        "--seed",
        "7",
        "--hands",
        "2",
    ];
    let out = decksmith(args).expect(0);
    assert_eq!(out.stdout, decksmith(args).expect(0).stdout);
    insta::assert_snapshot!(out.stdout);
    let skirmish = decksmith([
        "draw",
        "examples/decks/skirmish/legal-casual-aggro.deck",
        "--seed",
        "1",
        "--turns",
        "2",
    ])
    .expect(0);
    insta::assert_snapshot!("draw_skirmish", skirmish.stdout);
}

#[test]
fn draw_json_and_on_the_draw() {
    let json = decksmith([
        "draw",
        "examples/decks/jforce/legal-ember-rush.deck",
        "--seed",
        "3",
        "--on-the-draw",
        "--output",
        "json",
    ])
    .expect(0)
    .json();
    assert_eq!(json["on_the_play"], false);
    let hand = &json["hands"][0];
    assert_eq!(hand["opening"].as_array().unwrap().len(), 5);
    // On the draw, turn 1 draws a card (JF-A07).
    assert_eq!(hand["turns"][0].as_array().unwrap().len(), 1);
    let unseeded = decksmith(["draw", "examples/decks/jforce/legal-ember-rush.deck"]).expect(0);
    assert!(unseeded.stdout.contains("seed "), "{}", unseeded.stdout);
}
