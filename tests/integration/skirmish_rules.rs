//! The red/blue/green duel's card-database rules the engine relies on: one title per card
//! (SK-A13) and effect conflicts (SK-A17), through the real binary. Deck construction is in
//! `boundaries.rs`.

use crate::support::{decksmith, root, temp_dir};

#[test]
fn sk_a13_two_cards_cannot_share_a_title() {
    // Even in different colours: so "same title" never needs a colour to tell copies apart.
    let dir = temp_dir();
    std::fs::write(
        dir.join("clash.toml"),
        r#"game = "skirmish"

[[cards]]
id = "SK-X01"
name = "Twin Flame"
type = "red"
set = "SK1"
colour = "red"
value = 2

[[cards]]
id = "SK-X02"
name = "Twin Flame"
type = "blue"
set = "SK1"
colour = "blue"
value = 2
"#,
    )
    .unwrap();
    let out = decksmith([
        "db".as_ref(),
        "check".as_ref(),
        "--db".as_ref(),
        dir.as_os_str(),
    ])
    .expect(1);
    assert!(
        out.stdout.contains("duplicate card name `Twin Flame`"),
        "{}",
        out.stdout
    );
}

#[test]
fn sk_a17_effect_conflicts_must_name_effects_the_game_runs() {
    let dir = temp_dir();
    let shipped = std::fs::read_to_string(root().join("card-db/skirmish/game.toml")).unwrap();
    let broken = shipped.replace(
        r#"effect-conflicts = [["pierce", "reflect"]]"#,
        r#"effect-conflicts = [["pierce", "teleport"]]"#,
    );
    assert_ne!(
        broken, shipped,
        "the shipped game lists pierce against reflect"
    );
    std::fs::write(dir.join("game.toml"), broken).unwrap();
    std::fs::copy(
        root().join("card-db/skirmish/sk1-core.toml"),
        dir.join("sk1-core.toml"),
    )
    .unwrap();
    let out = decksmith([
        "db".as_ref(),
        "check".as_ref(),
        "--db".as_ref(),
        dir.as_os_str(),
    ])
    .expect(1);
    assert!(
        out.stdout
            .contains("effect conflict names `teleport`, which is not one of the game's effects"),
        "{}",
        out.stdout
    );
}
