//! Data errors a card designer can act on: each message pinned with the file and line it
//! points at (issue #14), through `db check --formats` and, where it matters, `validate`.

use crate::support::{decksmith, temp_dir, TempDir};
use std::path::Path;

const DECK: &str = "examples/decks/jforce/legal-ember-rush.deck";

/// Writes each `(name, text)` into a fresh folder.
fn folder(files: &[(&str, &str)]) -> TempDir {
    let dir = temp_dir();
    for (name, text) in files {
        std::fs::write(dir.join(name), text).unwrap();
    }
    dir
}

/// Every problem `db check` finds with extra formats, as `file:line:column severity message`
/// with the folder's path cut off.
fn problems(formats: &Path) -> Vec<String> {
    let out = decksmith([
        "--formats".as_ref(),
        formats.as_os_str(),
        "db".as_ref(),
        "check".as_ref(),
        "--output".as_ref(),
        "json".as_ref(),
    ])
    .run();
    let json = out.json();
    let dir = format!("{}/", formats.display());
    json["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            format!(
                "{}:{}:{} {} {}",
                p["file"].as_str().unwrap_or("-").replace(&dir, ""),
                p["line"],
                p["column"],
                p["severity"].as_str().unwrap(),
                p["message"].as_str().unwrap()
            )
        })
        .collect()
}

fn validate_stderr(formats: &Path) -> String {
    let out = decksmith([
        "--formats".as_ref(),
        formats.as_os_str(),
        "validate".as_ref(),
        DECK.as_ref(),
    ])
    .expect(2);
    out.stderr.replace(&format!("{}/", formats.display()), "")
}

const CHILD: &str = "id = \"child\"\ngame = \"jforce\"\nname = \"Child\"\nextends = \"parent\"\n";

#[test]
fn a_broken_parent_reports_its_own_error_only() {
    let dir = folder(&[
        (
            "parent.toml",
            "id = \"parent\"\ngame = \"jforce\"\nname = \"Parent\"\n\n[[rules]]\nkind = \"copy-limit\"\nmax = x\n",
        ),
        ("child.toml", CHILD),
    ]);
    assert_eq!(
        problems(&dir),
        ["parent.toml:7:7 error string values must be quoted, expected literal string"]
    );
    let stderr = validate_stderr(&dir);
    assert!(!stderr.contains("does not exist"), "{stderr}");
    assert!(
        stderr.ends_with("error: 1 problem in the format files\n"),
        "{stderr}"
    );
}

#[test]
fn a_zone_typo_points_at_the_zone_once() {
    let dir = folder(&[
        (
            "parent.toml",
            "id = \"parent\"\ngame = \"jforce\"\nname = \"Parent\"\n\n[zones.mian]\nexact = 40\n",
        ),
        ("child.toml", CHILD),
        ("other.toml", &CHILD.replace("\"child\"", "\"other\"")),
    ]);
    assert_eq!(
        problems(&dir),
        ["parent.toml:5:8 error format `parent` names unknown zone `mian`"]
    );
}

#[test]
fn a_game_typo_in_a_parent_is_the_parents_error_with_its_location() {
    let dir = folder(&[
        (
            "parent.toml",
            "id = \"parent\"\ngame = \"jforse\"\nname = \"Parent\"\n",
        ),
        ("child.toml", CHILD),
    ]);
    assert_eq!(
        problems(&dir),
        ["parent.toml:2:8 error format `parent` is for unknown game `jforse`"]
    );
    let stderr = validate_stderr(&dir);
    assert_eq!(stderr.matches("  × ").count(), 1, "{stderr}");
    assert!(
        stderr.ends_with("error: 1 problem in the format files\n"),
        "{stderr}"
    );
}

#[test]
fn a_child_for_another_real_game_is_the_childs_error() {
    let dir = folder(&[
        (
            "parent.toml",
            "id = \"parent\"\ngame = \"skirmish\"\nname = \"Parent\"\n",
        ),
        ("child.toml", CHILD),
    ]);
    assert_eq!(
        problems(&dir),
        ["child.toml:2:8 error format `child` is for `jforce` but extends `parent`, a `skirmish` format"]
    );
}

#[test]
fn limited_and_combination_ban_errors_point_at_the_entry() {
    let dir = folder(&[(
        "lists.toml",
        r#"id = "lists"
game = "jforce"
name = "Lists"

[[revisions]]
effective = 2026-01-01
combination-banned = [
  ["Spark Runner", "Ash Hund"],
  ["Volt Pup"],
]

[revisions.limited]
"Spark Runner" = 1
"Cinder Scot" = 2
"#,
    )]);
    assert_eq!(
        problems(&dir),
        [
            "lists.toml:14:1 error format `lists` names card `Cinder Scot`, which is not in the J Force TCG database",
            "lists.toml:8:20 error format `lists` names card `Ash Hund`, which is not in the J Force TCG database",
            "lists.toml:9:4 error a combination ban needs at least two cards",
        ]
    );
}

#[test]
fn a_rotation_naming_an_unknown_set_points_at_the_set() {
    let dir = folder(&[(
        "rotation.toml",
        r#"id = "rotation"
game = "jforce"
name = "Rotation"

[[rules]]
kind = "set-legality"
sets = ["JF1", "JF2"]

[[revisions]]
effective = 2026-01-01
rotate-out = ["JF2", "JF3"]
rotate-in = ["jf1x"]
"#,
    )]);
    assert_eq!(
        problems(&dir),
        [
            "rotation.toml:12:14 error format `rotation` names unknown set `jf1x`",
            "rotation.toml:11:22 error format `rotation` names unknown set `JF3`",
        ]
    );
}

#[test]
fn a_rotation_alone_after_a_ban_list_warns_that_it_lifts_the_bans() {
    let dir = folder(&[(
        "rotation.toml",
        r#"id = "rotation"
game = "jforce"
name = "Rotation"

[[rules]]
kind = "set-legality"
sets = ["JF1", "JF2"]

[[revisions]]
effective = 2026-01-01
banned = ["Time Skip"]

[[revisions]]
effective = 2026-03-01
rotate-out = ["JF2"]
"#,
    )]);
    assert_eq!(
        problems(&dir),
        ["rotation.toml:14:13 warning the 2026-03-01 revision of `rotation` only rotates sets, so it lifts every ban and limit of the 2026-01-01 revision"]
    );
}

#[test]
fn a_rotation_needs_a_set_legality_rule() {
    let dir = folder(&[(
        "rotation.toml",
        "id = \"rotation\"\ngame = \"jforce\"\nname = \"Rotation\"\n\n[[revisions]]\neffective = 2026-01-01\nrotate-out = [\"JF2\"]\n",
    )]);
    assert_eq!(
        problems(&dir),
        ["rotation.toml:7:15 error format `rotation` rotates sets but has no `set-legality` rule"]
    );
}

#[test]
fn card_data_errors_still_say_card_data() {
    let dir = temp_dir();
    std::fs::write(
        dir.join("cards.toml"),
        "game = \"jforce\"\n[[cards]]\nid = \"X-1\"\nname = \"Y\"\ntype = \"strike\"\nset = \"JF1\"\n",
    )
    .unwrap();
    let out = decksmith([
        "--db".as_ref(),
        dir.as_os_str(),
        "validate".as_ref(),
        DECK.as_ref(),
    ])
    .expect(2);
    assert!(out.stderr.contains("in the card data"), "{}", out.stderr);
}

/// Every problem `db check` finds in a card database folder, in the same form as [`problems`].
fn db_problems(dir: &Path) -> Vec<String> {
    let out = decksmith([
        "db".as_ref(),
        "check".as_ref(),
        "--output".as_ref(),
        "json".as_ref(),
        dir.as_os_str(),
    ])
    .run();
    let dir = format!("{}/", dir.display());
    (out.json()["problems"].as_array().unwrap().iter())
        .map(|p| {
            format!(
                "{}:{}:{} {} {} ({})",
                p["file"].as_str().unwrap_or("-").replace(&dir, ""),
                p["line"],
                p["column"],
                p["severity"].as_str().unwrap(),
                p["message"].as_str().unwrap(),
                p["help"].as_str().unwrap_or("-"),
            )
        })
        .collect()
}

const TINY_GAME: &str = r#"[game]
id = "tiny"
name = "Tiny"

[[game.types]]
id = "unit"
label = "Unit"
requires = ["cost", "atack"]

[[game.types]]
id = "land"
label = "Land"
basic-resource = true

[[game.zones]]
id = "main"
headers = ["Main"]
types = ["unit", "land"]
default = true

[game.stats.cost]
min = 0
max = 10

[game.stats.attack]
min = 0
max = 10
"#;

#[test]
fn a_requirement_naming_no_stat_is_an_error_with_a_suggestion() {
    let dir = folder(&[("game.toml", TINY_GAME)]);
    assert_eq!(
        db_problems(&dir),
        ["game.toml:8:21 error type `unit` names `atack`, which is not a card stat (did you mean `attack`?)"]
    );
}

#[test]
fn basic_on_a_type_that_is_no_basic_resource_and_stray_stats_are_warnings() {
    let game = TINY_GAME.replace("\"atack\"", "\"attack\"");
    let cards = r#"game = "tiny"

[[cards]]
id = "T-1"
name = "Grunt"
type = "unit"
set = "T"
cost = 1
attack = 1
basic = true

[[cards]]
id = "T-2"
name = "Field"
type = "land"
set = "T"
basic = true
cost = 0
"#;
    let dir = folder(&[("game.toml", &game), ("cards.toml", cards)]);
    assert_eq!(
        db_problems(&dir),
        [
            "cards.toml:5:8 warning Unit `Grunt` is marked `basic`, but Unit is not a basic resource (remove `basic = true`; only Land cards may be basic)",
            "cards.toml:18:8 warning Land `Field` has `cost`, which Land cards do not use (remove it, or list `cost` in the type's `requires` or `optional` in game.toml)",
        ]
    );
}

const DUO_GAME: &str = r#"[game]
id = "duo"
name = "Duo"
colours = ["red", "blue"]

[[game.types]]
id = "unit"
label = "Unit"
requires = ["colour"]

[[game.zones]]
id = "main"
headers = ["Main"]
types = ["unit"]
default = true
"#;

const DUO_CARDS: &str = r#"game = "duo"

[[cards]]
id = "D-1"
name = "Twin"
type = "unit"
set = "D"
colour = ["red", "blue"]

[[cards]]
id = "D-2"
name = "Echo"
type = "unit"
set = "D"
colour = ["red", "red"]

[[cards]]
id = "D-3"
name = "Stray"
type = "unit"
set = "D"
colour = ["red", "bleu"]
"#;

#[test]
fn multi_colour_cards_need_the_game_to_say_how_they_count() {
    let dir = folder(&[("game.toml", DUO_GAME), ("cards.toml", DUO_CARDS)]);
    assert_eq!(
        db_problems(&dir),
        [
            "cards.toml:8:10 error `Twin` has 2 colours, but Duo has no multi-colour cards (give it one colour, or say in game.toml how a multi-colour card counts: `multicolour = \"each\"` (toward each of its colours) or `\"multi\"` (a bucket of its own))",
            "cards.toml:15:10 error `Echo` lists the colour `red` twice (name each colour once)",
            "cards.toml:15:10 error `Echo` has 2 colours, but Duo has no multi-colour cards (give it one colour, or say in game.toml how a multi-colour card counts: `multicolour = \"each\"` (toward each of its colours) or `\"multi\"` (a bucket of its own))",
            "cards.toml:22:10 error `Stray` has unknown colour `bleu` (did you mean `blue`?)",
            "cards.toml:22:10 error `Stray` has 2 colours, but Duo has no multi-colour cards (give it one colour, or say in game.toml how a multi-colour card counts: `multicolour = \"each\"` (toward each of its colours) or `\"multi\"` (a bucket of its own))",
        ]
    );
    // Once the game says how they count, only the real mistakes are left.
    let game = DUO_GAME.replace("colours = [", "multicolour = \"each\"\ncolours = [");
    let dir = folder(&[("game.toml", &game), ("cards.toml", DUO_CARDS)]);
    assert_eq!(
        db_problems(&dir),
        [
            "cards.toml:15:10 error `Echo` lists the colour `red` twice (name each colour once)",
            "cards.toml:22:10 error `Stray` has unknown colour `bleu` (did you mean `blue`?)",
        ]
    );
}

#[test]
fn a_colour_that_is_neither_a_string_nor_a_list_points_at_itself() {
    let cards = DUO_CARDS.replace("colour = [\"red\", \"blue\"]", "colour = 3");
    let dir = folder(&[("game.toml", DUO_GAME), ("cards.toml", &cards)]);
    let problems = db_problems(&dir);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].starts_with("cards.toml:8:10 error")
            && problems[0].contains("a colour (`\"red\"`) or a list of colours"),
        "{problems:?}"
    );
}

/// A game that counts a multi-colour card in a `multi` bucket of its own: formats may ask for
/// multi-colour cards by that name, and the colour split lists it last.
#[test]
fn the_multi_bucket_counts_multi_colour_cards_apart() {
    let game = DUO_GAME.replace("colours = [", "multicolour = \"multi\"\ncolours = [");
    let cards = r#"game = "duo"

[[cards]]
id = "D-1"
name = "Twin"
type = "unit"
set = "D"
colour = ["red", "blue"]

[[cards]]
id = "D-2"
name = "Flame"
type = "unit"
set = "D"
colour = "red"
"#;
    let db = folder(&[("game.toml", &game), ("cards.toml", cards)]);
    let formats = folder(&[(
        "duo.toml",
        "id = \"duo-multi\"\ngame = \"duo\"\nname = \"Duo Multi\"\n[zones.main]\nmin = 1\n\n[[rules]]\nkind = \"colour-minimum\"\nzone = \"main\"\nminimum = { multi = 2, red = 1 }\n",
    )]);
    let run = |deck: &str| {
        let deck = crate::support::temp_file("duo.deck", format!("format: duo-multi\n{deck}"));
        let out = decksmith([
            "--db".as_ref(),
            db.as_os_str(),
            "--formats".as_ref(),
            formats.as_os_str(),
            "validate".as_ref(),
            "--output".as_ref(),
            "json".as_ref(),
            deck.as_os_str(),
        ])
        .run();
        out.json()["decks"][0].clone()
    };
    let deck = run("2 Twin\n1 Flame\n");
    assert_eq!(deck["legal"], true, "{deck}");
    assert_eq!(
        deck["colours"],
        serde_json::json!([
            {"colour": "red", "cards": 1},
            {"colour": "blue", "cards": 0},
            {"colour": "multi", "cards": 2},
        ])
    );
    // The Twin is no red card here: one Flame short of nothing, but one Twin short of 2.
    let deck = run("1 Twin\n1 Flame\n");
    assert_eq!(deck["findings"][0]["rule"], "colour-minimum", "{deck}");
    assert_eq!(
        deck["findings"][0]["message"],
        "1 Multi cards; Duo Multi needs at least 2"
    );
}

#[test]
fn a_card_key_that_is_no_field_and_no_stat_is_an_unknown_field_with_a_suggestion() {
    let game = TINY_GAME.replace("\"atack\"", "\"attack\"");
    let cards = r#"game = "tiny"

[[cards]]
id = "T-1"
name = "Grunt"
type = "unit"
set = "T"
cost = 1
atack = 1
"#;
    let dir = folder(&[("game.toml", &game), ("cards.toml", cards)]);
    assert_eq!(
        db_problems(&dir),
        ["cards.toml:9:1 error unknown field `atack`, expected one of `id`, `name`, `type`, `set`, `number`, `rarity`, `printings`, `attribute-cost`, `attribute`, `colour`, `legendary`, `basic`, `keywords`, `race`, `evolution`, `judgment`, `revolution-order`, `text`, `ability`, `effects`, `at-turn-start`, `abilities`, `invented`, `unmodelled`, or a stat of Tiny: `attack`, `cost` (did you mean `attack`?)"]
    );
}

#[test]
fn a_stat_the_game_does_not_declare_says_how_to_declare_it() {
    let game = TINY_GAME.replace("\"atack\"", "\"attack\"");
    let cards = "game = \"tiny\"\n[[cards]]\nid = \"T-1\"\nname = \"Grunt\"\ntype = \"unit\"\nset = \"T\"\ncost = 1\nattack = 1\nspeed = 4\n";
    let dir = folder(&[("game.toml", &game), ("cards.toml", cards)]);
    let problems = db_problems(&dir);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].starts_with("cards.toml:9:1 error unknown field `speed`"),
        "{problems:?}"
    );
    assert!(
        problems[0].ends_with("(remove it, or, if it is a stat of Tiny, declare it in game.toml as `[game.stats.speed]` with its `min` and `max`)"),
        "{problems:?}"
    );
}

#[test]
fn a_stat_out_of_range_or_not_a_number_points_at_the_value() {
    let game = TINY_GAME.replace("\"atack\"", "\"attack\"");
    let cards = r#"game = "tiny"

[[cards]]
id = "T-1"
name = "Grunt"
type = "unit"
set = "T"
cost = 11
attack = "big"
"#;
    let dir = folder(&[("game.toml", &game), ("cards.toml", cards)]);
    assert_eq!(
        db_problems(&dir),
        [
            "cards.toml:9:10 error `attack` of `Grunt` is a string, but stats are whole numbers (write it as `attack = 3`)",
        ]
    );
    let cards = cards.replace("\"big\"", "2");
    let dir = folder(&[("game.toml", &game), ("cards.toml", &cards)]);
    assert_eq!(
        db_problems(&dir),
        ["cards.toml:8:8 error `cost` of `Grunt` is 11, outside 0..=10 (the game allows cost from 0 to 10)"]
    );
}

#[test]
fn a_requirement_may_name_a_stat_the_game_declares_only() {
    let game = TINY_GAME
        .replace("\"atack\"", "\"power\"")
        .replace("[game.stats.attack]", "[game.stats.pwoer]");
    let dir = folder(&[("game.toml", &game)]);
    assert_eq!(
        db_problems(&dir),
        ["game.toml:8:21 error type `unit` names `power`, which is not a card stat (did you mean `pwoer`?)"]
    );
}

/// A J-ruler's ATK and DEF and its Judgment's free cost are held to the game's stat ranges,
/// as the ruler's own stats are: Force of Will's ATK goes to 5000, and 5001 is an error.
#[test]
fn a_j_rulers_stats_are_held_to_the_games_ranges() {
    let game =
        std::fs::read_to_string(crate::support::root().join("card-db/fow/game.toml")).unwrap();
    let ruler = |atk: u32| {
        format!(
            "game = \"fow\"\n\n[[cards]]\nid = \"FW-901\"\nname = \"Test Warden\"\ntype = \"ruler\"\n\
             set = \"FW1\"\nnumber = 901\nattribute = [\"fire\"]\n\n[cards.judgment]\n\
             attribute-cost = [\"fire\"]\nfree-cost = 2\nj-name = \"Test Warden, Risen\"\n\
             atk = {atk}\ndef = 1000\n"
        )
    };
    let dir = folder(&[("game.toml", &game), ("cards.toml", &ruler(5000))]);
    let problems = db_problems(&dir);
    assert!(
        !problems.iter().any(|p| p.contains("J-ruler")),
        "{problems:?}"
    );
    let dir = folder(&[("game.toml", &game), ("cards.toml", &ruler(5001))]);
    let problems = db_problems(&dir);
    assert!(
        problems.contains(&"cards.toml:3:1 error `atk` of `Test Warden, Risen`, the J-ruler of `Test Warden`, is 5001, outside 0..=5000 (the game allows atk from 0 to 5000)".to_owned()),
        "{problems:?}"
    );
}
