//! `cards` queries, `stats` and `draw` through the real binary: every human output pinned, the
//! JSON shapes checked, the mistakes pointed at.

use crate::support::{decksmith, temp_dir, temp_file, TempDir};

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
    let dir = temp_dir();
    let svg = dir.join("deck.svg");
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

/// A game added as data alone, with its own deal, its own stats (`value`, and `power`, which
/// no shipped game has) and a curve over one.
fn tiny_game() -> (TempDir, TempDir) {
    let dir = temp_dir();
    std::fs::write(
        dir.join("game.toml"),
        r#"[game]
id = "tiny"
name = "Tiny Game"
curve = "value"
colours = ["gold", "grey"]
types = [{ id = "unit", label = "Unit", requires = ["value"], optional = ["power"] }]
stats = { value = { min = 1, max = 5 }, power = { min = 0, max = 9 } }
zones = [{ id = "main", headers = ["Main"], types = ["unit"], default = true }]
sets = [{ code = "T", name = "Tiny" }]

[game.setup]
[[game.setup.piles]]
zone = "main"
opening = 2
per-turn = 1
first-turn = "second-player"
"#,
    )
    .unwrap();
    std::fs::write(
        dir.join("cards.toml"),
        r#"game = "tiny"
[[cards]]
id = "T-1"
name = "Pebble"
type = "unit"
set = "T"
colour = "grey"
value = 1
power = 2

[[cards]]
id = "T-2"
name = "Nugget"
type = "unit"
set = "T"
colour = "gold"
value = 3
power = 7

[[cards]]
id = "T-3"
name = "Flake"
type = "unit"
set = "T"
colour = "grey"
value = 2
"#,
    )
    .unwrap();
    let formats = temp_dir();
    std::fs::write(
        formats.join("tiny.toml"),
        "id = \"tiny-standard\"\ngame = \"tiny\"\nname = \"Tiny\"\n[zones.main]\nexact = 6\n",
    )
    .unwrap();
    (dir, formats)
}

#[test]
fn a_data_only_game_is_searched_counted_and_dealt() {
    let (db, formats) = tiny_game();
    let deck = temp_file("tiny.deck", "format: tiny-standard\n4 Pebble\n2 Nugget\n");
    let base = |rest: &[&str]| {
        let mut args: Vec<std::ffi::OsString> = vec![
            "--db".into(),
            db.as_os_str().to_owned(),
            "--formats".into(),
            formats.as_os_str().to_owned(),
        ];
        args.extend(rest.iter().map(Into::into));
        args
    };
    let found = decksmith(base(&[
        "cards",
        "--game",
        "tiny",
        "c:gold value>=2",
        "--output",
        "json",
    ]))
    .expect(0)
    .json();
    assert_eq!(found[0]["name"], "Nugget");
    decksmith(base(&["cards", "--game", "tiny", "c:silver"])).expect(2);
    let path = deck.to_str().unwrap();
    let json = decksmith(base(&["stats", path, "--output", "json", "--turns", "1"]))
        .expect(0)
        .json();
    assert_eq!(json["curve"]["stat"], "value");
    // Two cards in the opening hand of six: P(no Nugget) = C(4,2)/C(6,2) = 6/15.
    let nugget = &json["odds"]["rows"][1];
    assert_eq!(nugget["label"], "Nugget");
    assert_eq!(nugget["by_turn"][0]["on_the_play"], 0.6);
    // Going second draws on turn 1: P(no Nugget in 3) = C(4,3)/C(6,3) = 4/20.
    assert_eq!(nugget["by_turn"][1]["on_the_draw"], 0.8);
    let dealt = decksmith(base(&["draw", path, "--seed", "5", "--output", "json"]))
        .expect(0)
        .json();
    assert_eq!(dealt["hands"][0]["opening"].as_array().unwrap().len(), 2);
}

#[test]
fn a_data_only_games_own_stat_is_searched_sorted_and_shown() {
    let (db, _) = tiny_game();
    let cards = |rest: &[&str]| {
        let mut args: Vec<std::ffi::OsString> = vec!["--db".into(), db.as_os_str().to_owned()];
        args.extend(["cards", "--game", "tiny"].iter().map(Into::into));
        args.extend(rest.iter().map(Into::into));
        decksmith(args)
    };
    let strong = cards(&["power>=5", "--output", "json"]).expect(0).json();
    assert_eq!(strong.as_array().unwrap().len(), 1);
    assert_eq!(strong[0]["name"], "Nugget");
    assert_eq!(strong[0]["power"], 7, "under its own name in JSON");
    assert_eq!(strong[0]["value"], 3, "the existing fields stay");
    let sorted = cards(&["--sort", "power", "--reverse", "--output", "json"])
        .expect(0)
        .json();
    let names: Vec<&str> = (sorted.as_array().unwrap().iter())
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["Nugget", "Pebble", "Flake"],
        "a card without it comes last"
    );
    let table = cards(&["--sort", "power"]).expect(0).stdout;
    insta::assert_snapshot!(table);
    let typo = cards(&["powr>=5"]).expect(2).stderr;
    assert!(typo.contains("unknown field `powr`"), "{typo}");
    assert!(typo.contains("did you mean `power`?"), "{typo}");
    let not_here = cards(&["atk>=5"]).expect(2).stderr;
    assert!(
        not_here.contains("the stats power, value;"),
        "the help lists the game's own stats: {not_here}"
    );
    let sort_typo = cards(&["--sort", "pwer"]).expect(2).stderr;
    assert!(
        sort_typo.contains("no field or stat `pwer` to sort by"),
        "{sort_typo}"
    );
    assert!(sort_typo.contains("did you mean `power`?"), "{sort_typo}");
}

#[test]
fn db_check_refuses_a_deal_from_a_zone_the_game_lacks() {
    let (db, _) = tiny_game();
    let game = std::fs::read_to_string(db.join("game.toml")).unwrap();
    std::fs::write(
        db.join("game.toml"),
        game.replace("zone = \"main\"", "zone = \"mian\"")
            .replace("curve = \"value\"", "curve = \"vlaue\""),
    )
    .unwrap();
    let out = decksmith(["db", "check", db.to_str().unwrap()]).expect(1);
    assert!(
        out.stdout.contains("setup deals from zone `mian`"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("did you mean `main`?"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("did you mean `value`?"),
        "{}",
        out.stdout
    );
}
