//! The rulebook's examples and the rulings, one test each.

use super::super::state::HandCards;
use super::{game, stacked, Table};
use crate::engine::Player::{P1, P2};

const FILL: &str = "Radiant Squire";

/// p1: Crimson Warden, fire and light; p2: Umbral Oracle, darkness. Hands are the first five
/// cards listed; the rest follow in draw order.
fn chase_table() -> Table {
    let g = game();
    let mut p1_main = vec![
        "Flame Soldier of Ma'at",
        "Keep the Faith!",
        "Ember Fox",
        FILL,
        FILL,
    ];
    p1_main.extend([FILL; 20]);
    let mut p2_main = vec!["Cthulhu's Intimidation", "Grave Crawler", FILL, FILL, FILL];
    p2_main.extend([FILL; 20]);
    let p1_stones = [
        "Fire Magic Stone",
        "Fire Magic Stone",
        "Light Magic Stone",
        "Light Magic Stone",
        "Fire Magic Stone",
    ];
    let p2_stones = [
        "Darkness Magic Stone",
        "Darkness Magic Stone",
        "Darkness Magic Stone",
        "Darkness Magic Stone",
    ];
    Table::new(
        [
            stacked(g, "Crimson Warden", &p1_main, &p1_stones),
            stacked(g, "Umbral Oracle", &p2_main, &p2_stones),
        ],
        P1,
    )
}

#[test]
fn rulebook_chase_example_plays_as_written() {
    let mut t = chase_table();
    t.lines(&[
        "p1 keeps",
        "p2 keeps",
        // Turn 1 (p1): a stone, then the soldier.
        "p1 calls a magic stone",
        "p1 passes",
        "p2 passes",
        // Turn 2 (p2).
        "p2 calls a magic stone",
        "p2 passes",
        "p1 passes",
        // Turn 3 (p1).
        "p1 calls a magic stone",
        "p1 plays Flame Soldier of Ma'at paying rest Fire Magic Stone, rest Fire Magic Stone",
        "p2 passes",
        "p1 passes",
        "p1 passes",
        "p2 passes",
        // Turn 4 (p2).
        "p2 calls a magic stone",
        "p2 passes",
        "p1 passes",
        // Turn 5 (p1): a light stone, kept for p2's turn.
        "p1 calls a magic stone",
        "p1 passes",
        "p2 passes",
        // Turn 6 (p2): Cthulhu's Intimidation at the soldier.
        "p2 calls a magic stone",
    ]);
    assert_eq!(t.list("p1.resonators"), ["Flame Soldier of Ma'at"]);
    let from = t.events.len();
    t.lines(&[
        "p2 plays Cthulhu's Intimidation targeting Flame Soldier of Ma'at paying rest Darkness Magic Stone, rest Darkness Magic Stone",
        "chase p1 plays Keep the Faith! targeting Flame Soldier of Ma'at paying rest Light Magic Stone",
        "p2 passes",
        "p1 passes",
    ]);
    // Keep the Faith! was last on the chase: it resolves first.
    assert_eq!(t.list("chase"), ["Cthulhu's Intimidation"]);
    assert_eq!(t.int("p1.atk[Flame Soldier of Ma'at]"), 900);
    assert_eq!(t.int("p1.def[Flame Soldier of Ma'at]"), 900);
    t.lines(&["p2 passes", "p1 passes"]);
    assert!(t.list("chase").is_empty());
    // Intimidation resolves but is unable to destroy the soldier.
    assert_eq!(t.list("p1.resonators"), ["Flame Soldier of Ma'at"]);
    assert_eq!(t.int("p1.damage[Flame Soldier of Ma'at]"), 800);
    assert_eq!(t.list("p2.graveyard"), ["Cthulhu's Intimidation"]);
    assert_eq!(t.list("p1.graveyard"), ["Keep the Faith!"]);
    let got = t.since(from).join("\n");
    insta::assert_snapshot!("rulebook_chase_example", got);
    // At the end of the turn the damage and the boost end together; the soldier survives.
    t.lines(&["p2 passes", "p1 passes"]);
    assert_eq!(t.list("p1.resonators"), ["Flame Soldier of Ma'at"]);
    assert_eq!(t.int("p1.damage[Flame Soldier of Ma'at]"), 0);
    assert_eq!(t.int("p1.def[Flame Soldier of Ma'at]"), 500);
}

use crate::engine::Value;

fn empty_deck(t: &mut Table, p: crate::engine::Player) {
    let seat = &mut t.state.seats[p.index()];
    let cards: Vec<u16> = seat.deck.drain(..).collect();
    seat.grave.extend(cards);
}

#[test]
fn fw_a01_only_the_draw_phase_draw_loses() {
    let mut t = Table::quick(
        ("Crimson Warden", &["Tidal Insight"]),
        ("Umbral Oracle", &[]),
    );
    t.hand(P1, "Tidal Insight")
        .stones(P1, &["Water Magic Stone"; 2]);
    empty_deck(&mut t, P1);
    t.lines(&["p1 plays Tidal Insight", "p2 passes", "p1 passes"]);
    assert_eq!(t.q("winner"), Value::Null);
    assert_eq!(t.int("p1.hand-size"), 5);
    assert!(t.transcript().contains("p1 cannot draw: the deck is empty"));
    t.lines(&["p1 passes", "p2 passes", "p2 passes", "p1 passes"]);
    assert_eq!(t.string("winner"), "p2");
    assert_eq!(t.string("reason"), "deck-out");
}

#[test]
fn fw_a02_chant_damage_to_zero_life_ends_the_game_at_once() {
    let mut t = Table::quick(
        ("Crimson Warden", &["Searing Judgment"]),
        ("Umbral Oracle", &[]),
    );
    t.hand(P1, "Searing Judgment")
        .stones(P1, &["Fire Magic Stone", "Light Magic Stone"])
        .stones(P1, &["Fire Magic Stone"; 2]);
    t.set_life(P2, 1000);
    t.lines(&["p1 plays Searing Judgment", "p2 passes", "p1 passes"]);
    assert_eq!(t.int("p2.life"), 0);
    assert_eq!(t.string("winner"), "p1");
    assert_eq!(t.string("reason"), "life-zero");
    assert_eq!(t.list("p1.graveyard"), ["Searing Judgment"]);
}

#[test]
fn fw_a02_paying_life_to_zero_loses_too() {
    let mut t = Table::quick(
        ("Umbral Oracle", &["Abyssal Rebirth"]),
        ("Crimson Warden", &[]),
    );
    t.hand(P1, "Abyssal Rebirth")
        .stones(P1, &["Darkness Magic Stone"; 2]);
    t.set_life(P1, 200);
    t.lines(&["p1 plays Abyssal Rebirth", "p2 passes", "p1 passes"]);
    assert_eq!(t.int("p1.hand-size"), 7, "it drew two first");
    assert_eq!(t.string("winner"), "p2");
}

#[test]
fn fw_a03_both_players_at_zero_is_a_draw() {
    let mut t = Table::quick(("Crimson Warden", &[]), ("Umbral Oracle", &[]));
    t.set_life(P1, 0).set_life(P2, 0);
    t.lines(&["p1 passes", "p2 passes"]);
    assert_eq!(t.q("winner"), Value::Null);
    assert_eq!(t.string("reason"), "both-zero");
}

#[test]
fn fw_a04_no_call_from_an_empty_magic_stone_deck() {
    let mut t = Table::quick(("Crimson Warden", &[]), ("Umbral Oracle", &[]));
    let seat = &mut t.state.seats[0];
    let stones: Vec<u16> = seat.stones.drain(..).collect();
    seat.grave.extend(stones);
    let why = t.reject("p1 calls a magic stone");
    assert!(why.contains("magic stone deck is empty"), "{why}");
    assert!(!t.flag("p1.ruler.rested"));
}

#[test]
fn fw_a05_a_payment_rests_exactly_the_cost() {
    let mut t = Table::quick(
        ("Crimson Warden", &["Flame Soldier of Ma'at"]),
        ("Umbral Oracle", &[]),
    );
    t.hand(P1, "Flame Soldier of Ma'at")
        .stones(P1, &["Fire Magic Stone"; 3]);
    let over = t.reject(
        "p1 plays Flame Soldier of Ma'at paying rest Fire Magic Stone, rest Fire Magic Stone, rest Fire Magic Stone",
    );
    assert!(over.contains("costs [fire][1] (2 will)"), "{over}");
    let under = t.reject("p1 plays Flame Soldier of Ma'at paying rest Fire Magic Stone");
    assert!(under.contains("rests 1 magic stone"), "{under}");
    t.play("p1 plays Flame Soldier of Ma'at paying rest Fire Magic Stone, rest Fire Magic Stone");
    assert_eq!(
        t.list("p1.rested"),
        ["Fire Magic Stone", "Fire Magic Stone"]
    );
    assert_eq!(t.list("p1.recovered"), ["Fire Magic Stone"]);
}

#[test]
fn fw_a06_special_stones_give_either_attribute_and_basics_only_their_own() {
    let mut t = Table::quick(
        ("Crimson Warden", &["Flame Soldier of Ma'at"]),
        ("Umbral Oracle", &[]),
    );
    t.hand(P1, "Flame Soldier of Ma'at")
        .stones(P1, &["Water Magic Stone"; 2])
        .stones(P1, &["Ember-Tide Stone"]);
    let wrong = t.reject(
        "p1 plays Flame Soldier of Ma'at paying rest Water Magic Stone, rest Water Magic Stone",
    );
    assert_eq!(
        wrong,
        "Flame Soldier of Ma'at costs [fire][1]; rest Water Magic Stone, rest Water Magic Stone gives too little fire will"
    );
    let from = t.events.len();
    t.play("p1 plays Flame Soldier of Ma'at paying rest Ember-Tide Stone, rest Water Magic Stone");
    assert_eq!(
        t.since(from)[..2],
        [
            "p1 rests Water Magic Stone for water will",
            "p1 rests Ember-Tide Stone for fire will"
        ]
    );
}

#[test]
fn fw_a07_priority_alternates_and_returns_to_the_turn_player() {
    let mut t = Table::quick(
        ("Crimson Warden", &["Flame Soldier of Ma'at"]),
        ("Umbral Oracle", &[]),
    );
    t.hand(P1, "Flame Soldier of Ma'at")
        .stones(P1, &["Fire Magic Stone"; 2]);
    t.play("p1 plays Flame Soldier of Ma'at");
    assert_eq!(t.string("priority"), "p2");
    let why = t.reject("p1 passes");
    assert!(why.contains("it is p2's decision"), "{why}");
    t.play("p2 passes");
    assert_eq!(t.list("chase"), ["Flame Soldier of Ma'at"]);
    t.play("p1 passes");
    assert!(t.list("chase").is_empty());
    assert_eq!(t.string("priority"), "p1");
    assert_eq!(t.string("step"), "main");
    assert_eq!(t.list("p1.resonators"), ["Flame Soldier of Ma'at"]);
}

#[test]
fn fw_a07_the_opponent_may_start_a_chase_after_the_turn_players_pass() {
    let mut t = Table::quick(
        ("Crimson Warden", &[]),
        ("Umbral Oracle", &["Keep the Faith!", "Radiant Squire"]),
    );
    t.field(P2, "Radiant Squire")
        .hand(P2, "Keep the Faith!")
        .hand(P2, "Radiant Squire")
        .stones(P2, &["Light Magic Stone"]);
    // The turn player's pass with an empty chase hands priority over; the phase goes on.
    t.play("p1 passes");
    assert_eq!(t.string("priority"), "p2");
    assert_eq!((t.int("turn"), t.string("step")), (1, "main".to_owned()));
    let why = t.reject("p2 plays Radiant Squire");
    assert!(why.contains("has no Quickcast"), "{why}");
    t.play("p2 plays Keep the Faith! targeting Radiant Squire");
    assert_eq!(t.string("priority"), "p1");
    t.lines(&["p1 passes", "p2 passes"]);
    assert_eq!(t.int("p2.atk[Radiant Squire]"), 700);
    // Resolved: the turn player has priority again, still in its main phase.
    assert_eq!(t.string("priority"), "p1");
    assert_eq!((t.int("turn"), t.string("step")), (1, "main".to_owned()));
    t.lines(&["p1 passes", "p2 passes"]);
    assert_eq!(t.int("turn"), 2);
}

#[test]
fn payments_name_stones_by_position() {
    let mut t = Table::quick(("Crimson Warden", &["Ember Fox"]), ("Umbral Oracle", &[]));
    t.hand(P1, "Ember Fox").stones(P1, &["Fire Magic Stone"; 2]);
    let why = t.reject("p1 plays Ember Fox paying rest Fire Magic Stone #3");
    assert!(
        why.contains("there is no Fire Magic Stone #3 in p1's field"),
        "{why}"
    );
    t.play("p1 plays Ember Fox paying rest Fire Magic Stone #2");
    assert!(t.flag("p1.rested[Fire Magic Stone #2]"));
    assert!(!t.flag("p1.rested[Fire Magic Stone]"));
    t.lines(&["p2 passes", "p1 passes"]);
    t.hand(P1, "Ember Fox");
    let why = t.reject("p1 plays Ember Fox paying rest Fire Magic Stone #2");
    assert!(why.contains("Fire Magic Stone #2 is rested"), "{why}");
    let why = t.reject("p1 plays Ember Fox paying rest Fire Magic Stone #0");
    assert!(why.contains("write `#k` with k from 1"), "{why}");
}

#[test]
fn fw_a08_calls_and_attacks_do_not_use_the_chase_plays_do() {
    let mut t = Table::quick(("Crimson Warden", &[]), ("Umbral Oracle", &[]));
    t.field(P1, "Ember Fox");
    t.play("p1 calls a magic stone");
    assert!(t.list("chase").is_empty());
    assert_eq!(t.list("p1.stones"), ["Fire Magic Stone"]);
    t.play("p1 attacks p2 with Ember Fox");
    assert!(t.list("chase").is_empty());
    assert_eq!(t.string("step"), "attack");
    t.hand(P1, "Ember Fox");
    t.lines(&["p2 passes", "p1 passes", "p1 passes", "p2 passes"]);
    assert_eq!(t.int("p2.life"), 3700);
    t.play("p1 plays Ember Fox paying rest Fire Magic Stone");
    assert_eq!(t.list("chase"), ["Ember Fox"]);
}

#[test]
fn fw_a09_judgment_in_the_own_main_phase_through_the_chase() {
    let mut t = Table::quick(
        ("Crimson Warden", &[]),
        ("Umbral Oracle", &["Grave Crawler"]),
    );
    t.stones(P1, &["Fire Magic Stone"; 3]);
    t.stones(P2, &["Darkness Magic Stone"])
        .hand(P2, "Grave Crawler");
    // Unmet: too little will.
    t.state.seats[0].field[2].rested = true;
    t.state.seats[0].will_paid = 1;
    t.state.seats[0].recovered = t.state.recount_stones(P1);
    let why = t.reject("p1 does Judgment");
    assert!(why.contains("Judgment costs [fire][2] (3 will)"), "{why}");
    t.pass_to_turn(3);
    // Not in the opponent's turn, not even with priority in a chase window.
    t.pass_to_turn(4);
    t.play("p2 plays Grave Crawler");
    let why = t.reject("chase p1 does Judgment");
    assert!(why.contains("only in p1's own main phase"), "{why}");
    t.lines(&["p1 passes", "p2 passes", "p2 passes", "p1 passes"]);
    t.play("p1 does Judgment with Crimson Warden paying rest Fire Magic Stone, rest Fire Magic Stone, rest Fire Magic Stone");
    assert_eq!(t.list("chase"), ["Judgment"]);
    assert_eq!(t.string("p1.ruler"), "ruler-area");
    t.lines(&["p2 passes", "p1 passes"]);
    assert_eq!(t.string("p1.ruler"), "field");
    assert_eq!(t.string("p1.ruler.side"), "j-ruler");
    assert_eq!(t.string("p1.j-ruler"), "Crimson Warden, Blade of the Sun");
    assert!(t.transcript().contains(
        "Judgment: p1's Crimson Warden flips and enters the field as the J/ruler Crimson Warden, Blade of the Sun"
    ));
}

fn order_table() -> Table {
    let mut t = Table::quick(
        (
            "Tidecaller of Lapis",
            &["Tide Serpent", "Coral Guardian", "Keep the Faith!"],
        ),
        ("Umbral Oracle", &["Grave Crawler"]),
    );
    t.hand(P1, "Tide Serpent")
        .hand(P1, "Coral Guardian")
        .stones(P1, &["Water Magic Stone"; 4]);
    t
}

#[test]
fn fw_a10_revolution_order_needs_no_recovered_ruler_and_comes_once_a_turn() {
    let mut t = order_table();
    t.play("p1 calls a magic stone");
    assert!(t.flag("p1.ruler.rested"));
    let from = t.events.len();
    t.lines(&[
        "p1 plays Tide Serpent with Revolution Order paying rest Water Magic Stone, rest Water Magic Stone, rest Water Magic Stone",
        "p2 passes",
        "p1 passes",
    ]);
    assert_eq!(t.string("p1.ruler"), "order-area");
    assert_eq!(t.string("p1.ruler.side"), "order");
    assert_eq!(t.string("p1.j-ruler"), "Tide Serpent");
    assert!(t.list("p1.resonators").is_empty());
    insta::assert_snapshot!("revolution_order", t.since(from).join("\n"));
    let why = t.reject(
        "p1 plays Coral Guardian with Revolution Order paying rest Water Magic Stone, rest Water Magic Stone",
    );
    assert!(
        why.contains("Revolution Order needs Tidecaller of Lapis ruler side up"),
        "{why}"
    );
}

#[test]
fn fw_a10_no_revolution_order_in_the_opponents_turn() {
    let mut t = Table::quick(
        ("Tidecaller of Lapis", &["Sudden Sentinel"]),
        ("Umbral Oracle", &[]),
    );
    t.hand(P1, "Sudden Sentinel")
        .stones(P1, &["Light Magic Stone"; 2]);
    t.field(P2, "Grave Crawler");
    t.pass_to_turn(2);
    t.play("p2 attacks p1 with Grave Crawler");
    let why = t.reject("p1 plays Sudden Sentinel with Revolution Order");
    assert!(
        why.contains("only possible in p1's own main phase"),
        "{why}"
    );
    t.play("p1 plays Sudden Sentinel");
}

#[test]
fn fw_a11_an_ordered_j_ruler_cannot_attack_the_turn_it_enters() {
    let mut t = order_table();
    t.lines(&[
        "p1 plays Tide Serpent with Revolution Order",
        "p2 passes",
        "p1 passes",
    ]);
    let why = t.reject("p1 attacks p2 with Tide Serpent");
    assert_eq!(
        why,
        "Tide Serpent was put into the field this turn and has no Swiftness"
    );
}

#[test]
fn fw_a12_the_ruler_in_its_area_and_the_j_ruler_in_the_field_both_call() {
    let mut t = order_table();
    // FW-A13: an ordered J/ruler may call on the turn it was ordered.
    t.lines(&[
        "p1 plays Tide Serpent with Revolution Order",
        "p2 passes",
        "p1 passes",
    ]);
    let from = t.events.len();
    t.play("p1 calls a magic stone");
    assert_eq!(
        t.since(from)[0],
        "p1 rests Tide Serpent and calls Fire Magic Stone"
    );
    assert!(t.flag("p1.rested[Tide Serpent]"));
    let why = t.reject("p1 calls a magic stone");
    assert_eq!(why, "p1 already called a magic stone this turn");
}

#[test]
fn fw_a13_a_judgment_j_ruler_waits_a_turn_to_call_and_attack() {
    let mut t = Table::quick(("Crimson Warden", &[]), ("Umbral Oracle", &[]));
    t.stones(P1, &["Fire Magic Stone"; 3]);
    t.lines(&["p1 does Judgment", "p2 passes", "p1 passes"]);
    let why = t.reject("p1 calls a magic stone");
    assert!(why.contains("did its Judgment this turn"), "{why}");
    let why = t.reject("p1 attacks p2 with Crimson Warden, Blade of the Sun");
    assert!(why.contains("put into the field this turn"), "{why}");
    t.pass_to_turn(3);
    t.play("p1 attacks p2 with Crimson Warden, Blade of the Sun");
    t.lines(&["p2 passes", "p1 passes", "p1 passes", "p2 passes"]);
    assert_eq!(t.int("p2.life"), 3000);
}

#[test]
fn fw_a13_swiftness_lets_a_j_ruler_attack_at_once_but_not_call() {
    let mut t = Table::quick(("Lumen Seeker", &[]), ("Umbral Oracle", &[]));
    t.stones(P1, &["Light Magic Stone"; 3]);
    t.lines(&["p1 does Judgment", "p2 passes", "p1 passes"]);
    assert!(t
        .reject("p1 calls a magic stone")
        .contains("did its Judgment"));
    t.lines(&[
        "p1 attacks p2 with Lumen Seeker, Dawn Sovereign",
        "p2 passes",
        "p1 passes",
        "p1 passes",
        "p2 passes",
    ]);
    assert_eq!(t.int("p2.life"), 3100);
}

/// p1's Crimson Warden J/ruler (1000/1000) attacks and is blocked by p2's Deep Leviathan
/// (1200/1200): the J/ruler is destroyed, the Leviathan survives.
fn destroyed_j_ruler() -> Table {
    let mut t = Table::quick(("Crimson Warden", &[]), ("Umbral Oracle", &[]));
    t.stones(P1, &["Fire Magic Stone"; 3]);
    t.field(P2, "Deep Leviathan");
    t.lines(&["p1 does Judgment", "p2 passes", "p1 passes"]);
    t.pass_to_turn(3);
    t.lines(&[
        "p1 attacks p2 with Crimson Warden, Blade of the Sun",
        "p2 passes",
        "p1 passes",
        "p2 blocks with Deep Leviathan",
        "p1 passes",
        "p2 passes",
    ]);
    t
}

#[test]
fn fw_a14_a_destroyed_j_ruler_returns_recovered_and_may_still_call() {
    let mut t = destroyed_j_ruler();
    assert!(t.transcript().contains(
        "p1's Crimson Warden, Blade of the Sun is destroyed\np1's Crimson Warden returns to the ruler area, ruler side up and recovered; it loses its Judgment for the rest of the game"
    ));
    assert_eq!(t.string("p1.ruler"), "ruler-area");
    assert_eq!(t.string("p1.ruler.side"), "ruler");
    assert!(!t.flag("p1.ruler.rested"));
    assert_eq!(t.int("p2.damage[Deep Leviathan]"), 1000);
    t.play("p1 rests Crimson Warden to call a magic stone");
}

#[test]
fn fw_a15_the_end_phase_clears_damage_on_both_sides() {
    let mut t = Table::quick(("Crimson Warden", &[]), ("Umbral Oracle", &[]));
    t.field(P1, "Flame Soldier of Ma'at")
        .field(P2, "Cursed Revenant");
    t.lines(&[
        "p1 attacks p2 with Flame Soldier of Ma'at",
        "p2 passes",
        "p1 passes",
        "p2 blocks with Cursed Revenant",
        "p1 passes",
        "p2 passes",
    ]);
    assert!(
        t.list("p1.field").is_empty(),
        "700 ATK destroys the soldier"
    );
    assert_eq!(t.int("p2.damage[Cursed Revenant]"), 500);
    assert!(t.state.damage_dealt, "the Revenant keeps its damage");
    t.lines(&["p1 passes", "p2 passes"]);
    assert_eq!(t.int("p2.damage[Cursed Revenant]"), 0);
}

/// The check after a change forgets that damage was dealt once every object with damage has
/// been destroyed, so that the turn's later checks need not walk the fields.
#[test]
fn fw_a18_damage_is_forgotten_once_what_had_it_is_destroyed() {
    let mut t = Table::quick(("Crimson Warden", &[]), ("Umbral Oracle", &[]));
    t.field(P1, "Flame Soldier of Ma'at")
        .field(P2, "Flame Soldier of Ma'at");
    t.lines(&[
        "p1 attacks p2 with Flame Soldier of Ma'at",
        "p2 passes",
        "p1 passes",
        "p2 blocks with Flame Soldier of Ma'at",
        "p1 passes",
        "p2 passes",
    ]);
    assert!(t.list("p1.field").is_empty(), "500 ATK against 500 DEF");
    assert!(t.list("p2.field").is_empty(), "both ways");
    assert!(!t.state.damage_dealt);
}

#[test]
fn fw_a16_an_attacker_removed_in_the_chase_window_deals_no_damage() {
    let mut t = Table::quick(
        ("Crimson Warden", &[]),
        ("Gale Shepherd", &["Skyward Slash"]),
    );
    t.field(P1, "Ember Fox");
    t.hand(P2, "Skyward Slash")
        .stones(P2, &["Wind Magic Stone"; 2]);
    t.lines(&[
        "p1 attacks p2 with Ember Fox",
        "p2 plays Skyward Slash targeting Ember Fox",
        "p1 passes",
        "p2 passes",
        "p1 passes",
        "p2 passes",
    ]);
    assert!(t
        .transcript()
        .ends_with("the battle ends: the attacker left the field; no damage is dealt"));
    assert_eq!(t.int("p2.life"), 4000);
    assert_eq!(t.string("step"), "main");
}

#[test]
fn fw_a16_a_blocker_removed_before_damage_leaves_the_attack_without_damage() {
    let mut t = Table::quick(
        ("Crimson Warden", &["Skyward Slash"]),
        ("Umbral Oracle", &[]),
    );
    t.field(P1, "Pyre Knight").field(P2, "Grave Crawler");
    t.hand(P1, "Skyward Slash")
        .stones(P1, &["Wind Magic Stone"; 2]);
    t.lines(&[
        "p1 attacks p2 with Pyre Knight",
        "p2 passes",
        "p1 passes",
        "p2 blocks with Grave Crawler",
        "p1 plays Skyward Slash targeting Grave Crawler",
        "p2 passes",
        "p1 passes",
        "p1 passes",
        "p2 passes",
    ]);
    assert!(t
        .transcript()
        .ends_with("the battle ends: the blocker left the field; no damage is dealt"));
    assert_eq!(t.int("p2.life"), 4000);
}

#[test]
fn fw_a17_a_quickcast_resonator_blocks_the_turn_it_enters() {
    let mut t = Table::quick(
        ("Crimson Warden", &[]),
        ("Lumen Seeker", &["Sudden Sentinel"]),
    );
    t.field(P1, "Pyre Knight");
    t.hand(P2, "Sudden Sentinel")
        .stones(P2, &["Light Magic Stone"; 2]);
    t.lines(&[
        "p1 attacks p2 with Pyre Knight",
        "p2 plays Sudden Sentinel",
        "p1 passes",
        "p2 passes",
        "p1 passes",
        "p2 passes",
    ]);
    assert_eq!(t.string("step"), "block");
    t.lines(&["p2 blocks with Sudden Sentinel", "p1 passes", "p2 passes"]);
    // First Strike: the knight's 700 destroys the 600-DEF sentinel before it strikes back.
    assert_eq!(t.list("p2.graveyard"), ["Sudden Sentinel"]);
    assert_eq!(t.int("p1.damage[Pyre Knight]"), 0);
    assert_eq!(t.int("p2.life"), 4000);
}

#[test]
fn fw_a18_damage_adds_up_and_destroys_the_moment_it_reaches_def() {
    let mut t = Table::quick(
        ("Crimson Warden", &["Skyward Slash"]),
        ("Umbral Oracle", &[]),
    );
    t.field(P1, "Ashen Sentry").field(P2, "Coral Guardian");
    t.hand(P1, "Skyward Slash")
        .stones(P1, &["Wind Magic Stone"; 2]);
    t.lines(&[
        "p1 plays Skyward Slash targeting Coral Guardian",
        "p2 passes",
        "p1 passes",
    ]);
    assert_eq!(t.int("p2.damage[Coral Guardian]"), 500);
    t.lines(&[
        "p1 activates Ashen Sentry targeting Coral Guardian",
        "p2 passes",
        "p1 passes",
    ]);
    assert!(t.list("p2.field").is_empty());
    assert_eq!(t.list("p2.graveyard"), ["Coral Guardian"]);
}

#[test]
fn fw_a18_def_zero_destroys_only_once_damage_is_dealt() {
    let mut t = Table::quick(("Crimson Warden", &[]), ("Umbral Oracle", &[]));
    t.field(P1, "Ashen Sentry").field(P2, "Coral Guardian");
    // A DEF brought to 0 (no shipped card does this yet) with no damage on the card.
    let def = t.int("p2.def[Coral Guardian]");
    t.state.seats[1].field[0].temp_def = -i32::try_from(def).unwrap_or(i32::MAX);
    assert_eq!(t.int("p2.def[Coral Guardian]"), 0);
    t.lines(&["p1 passes", "p2 passes"]);
    assert_eq!(t.list("p2.resonators"), ["Coral Guardian"]);
    t.state.seats[1].field[0].temp_def = -i32::try_from(def).unwrap_or(i32::MAX);
    t.pass_to_turn(3);
    t.state.seats[1].field[0].temp_def = -i32::try_from(def).unwrap_or(i32::MAX);
    t.lines(&[
        "p1 activates Ashen Sentry targeting Coral Guardian",
        "p2 passes",
        "p1 passes",
    ]);
    assert_eq!(t.list("p2.graveyard"), ["Coral Guardian"]);
}

#[test]
fn fw_a19_a_destroyed_j_ruler_loses_judgment_for_the_rest_of_the_game() {
    let mut t = destroyed_j_ruler();
    assert!(!t.flag("p1.ruler.judgment"));
    t.pass_to_turn(5);
    let why = t.reject("p1 does Judgment");
    assert_eq!(
        why,
        "Crimson Warden lost its Judgment when its J/ruler was destroyed"
    );
}

#[test]
fn fw_a20_mulligans_go_in_turn_order_to_the_bottom_in_the_order_given() {
    let g = game();
    let main = [
        "Ember Fox",
        "Pyre Knight",
        "Flame Lance",
        "Crimson Drake",
        "Magma Elemental",
        "Dawn Paladin",
        "Halo Seraph",
    ];
    let mut t = Table::new(
        [
            stacked(g, "Crimson Warden", &main, &["Fire Magic Stone"]),
            stacked(g, "Umbral Oracle", &main, &["Darkness Magic Stone"]),
        ],
        P2,
    );
    let why = t.reject("p1 keeps");
    assert!(why.contains("it is p2's decision"), "{why}");
    t.play("p2 mulligans Pyre Knight, Ember Fox");
    assert_eq!(
        t.list("p2.hand"),
        [
            "Flame Lance",
            "Crimson Drake",
            "Magma Elemental",
            "Dawn Paladin",
            "Halo Seraph"
        ]
    );
    let deck: Vec<&str> = t.state.seats[1]
        .deck
        .iter()
        .map(|&c| t.state.info(c).name)
        .collect();
    assert_eq!(deck, ["Ember Fox", "Pyre Knight"], "bottom first");
    t.play("p1 keeps");
    assert_eq!(t.int("turn"), 1);
    assert_eq!(t.string("turn-player"), "p2");
}

#[test]
fn fw_a21_the_turn_player_discards_down_to_seven_into_the_graveyard() {
    let mut t = Table::quick(
        (
            "Crimson Warden",
            &["Ember Fox", "Flame Lance", "Pyre Knight"],
        ),
        ("Umbral Oracle", &[]),
    );
    t.hand(P1, "Ember Fox")
        .hand(P1, "Flame Lance")
        .hand(P1, "Pyre Knight");
    t.lines(&["p1 passes", "p2 passes"]);
    assert_eq!(t.string("step"), "discard");
    let why = t.reject("p2 discards Radiant Squire");
    assert!(why.contains("it is p1's decision"), "{why}");
    t.lines(&["p1 discards Flame Lance"]);
    assert_eq!(t.string("step"), "main", "seven cards: the turn passes");
    assert_eq!(t.string("turn-player"), "p2");
    assert_eq!(t.list("p1.graveyard"), ["Flame Lance"]);
    assert_eq!(t.int("p1.hand-size"), 7);
}

#[test]
fn fw_a22_a_j_ruler_is_not_a_resonator() {
    let mut t = order_table();
    t.field(P1, "Wind Chime Shrine").field(P1, "Coral Guardian");
    t.lines(&[
        "p1 plays Tide Serpent with Revolution Order",
        "p2 passes",
        "p1 passes",
    ]);
    // Wind Chime Shrine boosts resonators only.
    assert_eq!(t.int("p1.atk[Tide Serpent]"), 600);
    assert_eq!(t.int("p1.atk[Coral Guardian]"), 400);
    t.hand(P1, "Keep the Faith!")
        .stones(P1, &["Light Magic Stone"]);
    let why = t.reject("p1 plays Keep the Faith! targeting Tide Serpent");
    assert!(why.contains("a resonator its controller controls"), "{why}");
}

#[test]
fn fw_a24_the_side_deck_stays_out_of_the_game() {
    let g = game();
    let mut p1 = stacked(
        g,
        "Crimson Warden",
        &["Ember Fox"; 10],
        &["Fire Magic Stone"],
    );
    p1.zones.push((
        "side".into(),
        vec![g.find("Halo Seraph").unwrap() as u32; 3],
    ));
    let p2 = stacked(
        g,
        "Umbral Oracle",
        &["Grave Crawler"; 10],
        &["Darkness Magic Stone"],
    );
    let t = Table::new([p1, p2], P1);
    assert_eq!(t.int("p1.deck") + t.int("p1.hand-size"), 10);
    assert_eq!(t.state.seats[0].cards, 12);
}

#[test]
fn fw_a25_a_chant_whose_target_left_does_nothing_and_goes_to_the_graveyard() {
    let mut t = Table::quick(
        ("Umbral Oracle", &["Cthulhu's Intimidation"]),
        ("Gale Shepherd", &["Skyward Slash"]),
    );
    t.hand(P1, "Cthulhu's Intimidation")
        .stones(P1, &["Darkness Magic Stone"; 2]);
    t.field(P2, "Zephyr Scout")
        .hand(P2, "Skyward Slash")
        .stones(P2, &["Wind Magic Stone"; 2]);
    t.lines(&[
        "p1 plays Cthulhu's Intimidation targeting Zephyr Scout",
        "chase p2 plays Skyward Slash targeting p2's Zephyr Scout",
        "p1 passes",
        "p2 passes",
        "p1 passes",
        "p2 passes",
    ]);
    assert!(t.transcript().contains(
        "Cthulhu's Intimidation: its target is no longer there; the damage does nothing\np1's Cthulhu's Intimidation goes to the graveyard"
    ));
    assert_eq!(t.list("p1.graveyard"), ["Cthulhu's Intimidation"]);
}

#[test]
fn fw_a25_a_chant_with_no_legal_target_cannot_be_played() {
    let mut t = Table::quick(("Crimson Warden", &["Flame Lance"]), ("Umbral Oracle", &[]));
    t.hand(P1, "Flame Lance")
        .stones(P1, &["Fire Magic Stone"; 2]);
    let why = t.reject("p1 plays Flame Lance");
    assert_eq!(
        why,
        "Flame Lance needs a target: add `targeting <resonator>`"
    );
}

#[test]
fn the_first_player_skips_the_first_draw_and_each_player_the_first_recovery() {
    let mut t = Table::quick(("Crimson Warden", &[]), ("Umbral Oracle", &[]));
    assert!(t
        .transcript()
        .contains("p1 skips the draw phase (the first player skips the first draw)"));
    assert_eq!(t.int("p1.hand-size"), 5);
    t.play("p1 calls a magic stone");
    t.pass_to_turn(2);
    assert_eq!(t.int("p2.hand-size"), 6);
    assert!(t.transcript().ends_with(
        "p2 skips the recovery phase (each player skips it on their first turn)\n-- turn 2, p2: main phase --"
    ));
    t.pass_to_turn(3);
    assert!(!t.flag("p1.ruler.rested"), "recovered on turn 3");
}

#[test]
fn an_ordered_j_ruler_destroyed_goes_to_the_graveyard_and_the_order_card_comes_back() {
    let mut t = order_table();
    t.field(P2, "Deep Leviathan");
    t.lines(&[
        "p1 plays Tide Serpent with Revolution Order",
        "p2 passes",
        "p1 passes",
    ]);
    t.pass_to_turn(3);
    let from = t.events.len();
    t.lines(&[
        "p1 attacks p2 with Tide Serpent",
        "p2 passes",
        "p1 passes",
        "p2 blocks with Deep Leviathan",
        "p1 passes",
        "p2 passes",
    ]);
    insta::assert_snapshot!("ordered_j_ruler_destroyed", t.since(from).join("\n"));
    assert_eq!(t.list("p1.graveyard"), ["Tide Serpent"]);
    assert_eq!(t.string("p1.ruler"), "ruler-area");
    assert!(
        t.flag("p1.ruler.judgment"),
        "an order card keeps its abilities"
    );
    // Revolution Order again on a later turn.
    t.pass_to_turn(5);
    t.hand(P1, "Tide Serpent");
    t.lines(&[
        "p1 plays Tide Serpent with Revolution Order",
        "p2 passes",
        "p1 passes",
    ]);
    assert_eq!(t.string("p1.ruler"), "order-area");
}

#[test]
fn fw_k01_flying_is_blocked_only_by_flying() {
    let mut t = Table::quick(("Crimson Warden", &[]), ("Umbral Oracle", &[]));
    t.field(P1, "Crimson Drake")
        .field(P2, "Coral Guardian")
        .field(P2, "Shadow Bat Swarm");
    t.lines(&["p1 attacks p2 with Crimson Drake", "p2 passes", "p1 passes"]);
    let why = t.reject("p2 blocks with Coral Guardian");
    assert_eq!(
        why,
        "Crimson Drake has Flying and Coral Guardian does not, so it cannot block"
    );
    t.lines(&["p2 blocks with Shadow Bat Swarm", "p1 passes", "p2 passes"]);
    assert_eq!(t.list("p2.graveyard"), ["Shadow Bat Swarm"]);
    assert_eq!(t.int("p1.damage[Crimson Drake]"), 400);
}

#[test]
fn fw_k01_no_flying_blocker_means_no_block_step() {
    let mut t = Table::quick(("Crimson Warden", &[]), ("Umbral Oracle", &[]));
    t.field(P1, "Crimson Drake").field(P2, "Coral Guardian");
    t.lines(&["p1 attacks p2 with Crimson Drake", "p2 passes", "p1 passes"]);
    assert!(t
        .transcript()
        .ends_with("p2 has no recovered J/resonator that can block"));
    t.lines(&["p1 passes", "p2 passes"]);
    assert_eq!(t.int("p2.life"), 3100);
}

#[test]
fn fw_k02_first_strike_deals_damage_first() {
    let mut t = Table::quick(("Crimson Warden", &[]), ("Umbral Oracle", &[]));
    t.field(P1, "Pyre Knight").field(P2, "Cursed Revenant");
    let from = t.events.len();
    t.lines(&[
        "p1 attacks p2 with Pyre Knight",
        "p2 passes",
        "p1 passes",
        "p2 blocks with Cursed Revenant",
        "p1 passes",
        "p2 passes",
    ]);
    insta::assert_snapshot!("first_strike", t.since(from).join("\n"));
    assert_eq!(t.list("p1.resonators"), ["Pyre Knight"]);
    assert_eq!(t.int("p1.damage[Pyre Knight]"), 0);
}

#[test]
fn fw_k03_start_of_turn_effects_happen_before_the_draw() {
    let mut t = Table::quick(("Lumen Seeker", &[]), ("Umbral Oracle", &[]));
    t.field(P1, "Sanctuary of Light");
    t.pass_to_turn(3);
    assert_eq!(t.int("p1.life"), 4200);
    assert!(t.transcript().contains(
        "-- turn 3, p1: beginning of the turn --\np1 gains 200 life from Sanctuary of Light (life 4200)\n-- turn 3, p1: draw phase --"
    ));
}

#[test]
fn swiftness_lets_a_resonator_attack_and_rest_the_turn_it_enters() {
    let mut t = Table::quick(("Gale Shepherd", &[]), ("Umbral Oracle", &[]));
    t.hand(P1, "Skyline Falconer")
        .hand(P1, "Ashen Sentry")
        .hand(P1, "Gale Ranger")
        .stones(P1, &["Wind Magic Stone"; 2])
        .stones(P1, &["Fire Magic Stone"; 2])
        .stones(P1, &["Wind Magic Stone"; 2]);
    t.lines(&[
        "p1 plays Skyline Falconer paying rest Wind Magic Stone, rest Wind Magic Stone",
        "p2 passes",
        "p1 passes",
        "p1 plays Ashen Sentry paying rest Fire Magic Stone, rest Fire Magic Stone",
        "p2 passes",
        "p1 passes",
        "p1 plays Gale Ranger paying rest Wind Magic Stone, rest Wind Magic Stone",
        "p2 passes",
        "p1 passes",
    ]);
    let why = t.reject("p1 activates Ashen Sentry targeting Skyline Falconer");
    assert_eq!(
        why,
        "Ashen Sentry was put into the field this turn; without Swiftness it cannot use [Rest] abilities"
    );
    let why = t.reject("p1 attacks p2 with Ashen Sentry");
    assert_eq!(
        why,
        "Ashen Sentry was put into the field this turn and has no Swiftness"
    );
    t.lines(&[
        "p1 activates Skyline Falconer targeting Gale Ranger",
        "p2 passes",
        "p1 passes",
    ]);
    assert_eq!(t.int("p1.atk[Gale Ranger]"), 700);
    t.lines(&[
        "p1 attacks p2 with Gale Ranger",
        "p2 passes",
        "p1 passes",
        "p1 passes",
        "p2 passes",
    ]);
    assert_eq!(t.int("p2.life"), 3300);
}

#[test]
fn the_rulers_rest_ability_competes_with_calling() {
    let mut t = Table::quick(("Lumen Seeker", &[]), ("Umbral Oracle", &[]));
    t.lines(&["p1 activates Lumen Seeker", "p2 passes", "p1 passes"]);
    assert_eq!(t.int("p1.life"), 4100);
    let why = t.reject("p1 calls a magic stone");
    assert_eq!(
        why,
        "Lumen Seeker is rested, so it cannot rest to call a magic stone"
    );
}

#[test]
fn a_will_ability_can_be_used_again_while_will_lasts() {
    let mut t = Table::quick(("Lumen Seeker", &[]), ("Umbral Oracle", &[]));
    t.field(P1, "Wellspring Adept")
        .stones(P1, &["Water Magic Stone"; 4])
        .stones(P1, &["Light Magic Stone"; 2]);
    for _ in 0..2 {
        t.lines(&["p1 activates Wellspring Adept", "p2 passes", "p1 passes"]);
    }
    assert_eq!(t.int("p1.hand-size"), 7);
    let why = t.reject("p1 activates Wellspring Adept");
    assert!(why.contains("costs [water][2] (3 will)"), "{why}");
}

#[test]
fn a_rested_j_resonator_can_be_attacked() {
    let mut t = Table::quick(("Crimson Warden", &[]), ("Umbral Oracle", &[]));
    t.field(P1, "Magma Elemental").field(P2, "Cursed Revenant");
    let why = t.reject("p1 attacks p2's Cursed Revenant with Magma Elemental");
    assert_eq!(
        why,
        "Cursed Revenant is recovered; only the player or a rested J/resonator can be attacked"
    );
    t.state.seats[1].field[0].rested = true;
    t.lines(&[
        "p1 attacks p2's Cursed Revenant with Magma Elemental",
        "p2 passes",
        "p1 passes",
        "p1 passes",
        "p2 passes",
    ]);
    assert_eq!(t.list("p2.graveyard"), ["Cursed Revenant"]);
    assert_eq!(t.int("p1.damage[Magma Elemental]"), 700);
    assert_eq!(t.int("p2.life"), 4000);
}

#[test]
fn a_judgment_j_ruler_boosts_resonators_only() {
    let mut t = Table::quick(("Crimson Warden", &[]), ("Umbral Oracle", &[]));
    t.field(P1, "Ember Fox")
        .stones(P1, &["Fire Magic Stone"; 3]);
    t.lines(&["p1 does Judgment", "p2 passes", "p1 passes"]);
    assert_eq!(t.int("p1.atk[Ember Fox]"), 400);
    assert_eq!(t.int("p1.atk[Crimson Warden, Blade of the Sun]"), 1000);
}

#[test]
fn two_cards_of_one_name_are_told_apart() {
    let mut t = Table::quick(("Crimson Warden", &[]), ("Umbral Oracle", &[]));
    t.field(P1, "Ember Fox").field(P1, "Ember Fox");
    t.state.seats[0].field[0].rested = true;
    let why = t.reject("p1 attacks p2 with Ember Fox");
    assert_eq!(why, "Ember Fox is rested");
    t.play("p1 attacks p2 with Ember Fox #2");
    assert!(t.flag("p1.rested[Ember Fox #2]"));
}

#[test]
fn script_mistakes_get_a_helpful_message() {
    let mut t = Table::quick(("Crimson Warden", &[]), ("Umbral Oracle", &[]));
    t.field(P1, "Ember Fox");
    assert_eq!(
        t.reject("p1 plays Ember Fx"),
        "parse: no card `Ember Fx` in either deck — did you mean `Ember Fox`?"
    );
    assert_eq!(
        t.reject("p1 attacks p2 with Ember Foxx"),
        "parse: there is no Ember Foxx in p1's field — did you mean `Ember Fox`?"
    );
    assert!(t
        .reject("p1 dances")
        .starts_with("parse: `dances`: unknown action"));
    assert!(t.reject("dances").contains("starts with the player"));
    assert_eq!(
        t.reject("chase p1 passes"),
        "parse: `chase …`: the chase is empty, so there is nothing to chase"
    );
}

#[test]
fn any_script_text_is_read_or_refused_without_panicking() {
    use crate::engine::fow::Fow;
    use crate::engine::Engine;
    use proptest::prelude::*;
    let mut t = Table::quick(("Crimson Warden", &[]), ("Umbral Oracle", &[]));
    t.field(P1, "Ember Fox").field(P2, "Coral Guardian");
    t.hand(P1, "Flame Lance").stones(P1, &["Fire Magic Stone"]);
    let state = t.state.clone();
    let verbs = [
        "p1 plays ",
        "p1 activates ",
        "p1 attacks ",
        "p1 blocks ",
        "p1 mulligans ",
        "p1 does judgment ",
        "p1 discards ",
        "chase p2 plays ",
        "p1 plays Flame Lance targeting ",
        "p1 plays Flame Lance paying ",
        "p1 attacks p2's ",
    ];
    proptest!(ProptestConfig::with_cases(2000), |(verb in 0..verbs.len(), tail in "\\PC{0,40}")| {
        let text = format!("{}{tail}", verbs[verb]);
        if let Ok(action) = Fow::parse_action(&state, &text) {
            let mut s = state.clone();
            let _ = Fow::apply(&mut s, &action, &mut Vec::new());
        }
    });
    for text in [
        "p1's",
        "p1 attacks é with ü",
        "p1 plays p1’s é #",
        "p1 mulligans ,,,",
        "p1 activates Ember Fox ability 999",
        "p1 does judgment with",
        "p1 attacks p1's Ember Fox with Ember Fox",
        "p1 blocks with",
    ] {
        let _ = Fow::parse_action(&state, text);
    }
}

/// Each seat keeps its recovered magic stones counted by kind, rather than counting the field
/// at every decision: a payment rests them, a called stone adds one, the recovery phase
/// recovers them, and the count always matches the field's.
#[test]
fn the_kept_recovered_stones_follow_the_field() {
    let mut t = Table::quick(
        ("Crimson Warden", &["Flame Soldier of Ma'at"]),
        ("Umbral Oracle", &[]),
    );
    t.hand(P1, "Flame Soldier of Ma'at")
        .stones(P1, &["Fire Magic Stone"; 3])
        .stones(P1, &["Water Magic Stone"]);
    let kept = |t: &Table| {
        let kept = t.state.seats[0].recovered.clone();
        assert_eq!(kept, t.state.recount_stones(P1));
        kept.iter().sum::<u16>()
    };
    assert_eq!(kept(&t), 4);
    t.lines(&[
        "p1 plays Flame Soldier of Ma'at paying rest Fire Magic Stone, rest Fire Magic Stone",
        "p2 passes",
        "p1 passes",
    ]);
    assert_eq!(kept(&t), 2);
    t.play("p1 calls a magic stone");
    assert_eq!(kept(&t), 3);
    t.pass_to_turn(3);
    assert_eq!(kept(&t), 5);
}

/// Each seat keeps how many resonators it has in the field (how many targets that side offers
/// an effect that targets resonators), rather than counting the field at every decision: a
/// resonator entering adds one, one destroyed takes it away, and the count always matches the
/// field's.
#[test]
fn the_kept_resonators_follow_the_field() {
    let mut t = Table::quick(
        ("Crimson Warden", &["Skyward Slash"]),
        ("Umbral Oracle", &[]),
    );
    let kept = |t: &Table| {
        let kept = [P1, P2].map(|p| t.state.seats[p.index()].resonators);
        assert_eq!(kept, [P1, P2].map(|p| t.state.count_resonators(p)));
        kept
    };
    assert_eq!(kept(&t), [0, 0]);
    t.field(P1, "Ashen Sentry").field(P2, "Coral Guardian");
    t.hand(P1, "Ember Fox")
        .hand(P1, "Skyward Slash")
        .stones(P1, &["Fire Magic Stone"])
        .stones(P1, &["Wind Magic Stone"; 2]);
    assert_eq!(kept(&t), [1, 1]);
    t.lines(&[
        "p1 plays Ember Fox paying rest Fire Magic Stone",
        "p2 passes",
        "p1 passes",
    ]);
    assert_eq!(kept(&t), [2, 1]);
    t.lines(&[
        "p1 plays Skyward Slash targeting Coral Guardian",
        "p2 passes",
        "p1 passes",
        "p1 activates Ashen Sentry targeting Coral Guardian",
        "p2 passes",
        "p1 passes",
    ]);
    assert_eq!(t.list("p2.graveyard"), ["Coral Guardian"]);
    assert_eq!(kept(&t), [2, 0]);
}

/// The continuous boosts are kept added up in the state, rather than added up at every stat
/// read: a J/ruler with a boost entering the field changes them, and they match the fields'.
#[test]
fn the_kept_boosts_follow_the_field() {
    let mut t = Table::quick(("Crimson Warden", &[]), ("Umbral Oracle", &[]));
    t.field(P1, "Ember Fox")
        .stones(P1, &["Fire Magic Stone"; 3]);
    assert_eq!(t.state.bonus, [(0, 0); 2]);
    t.lines(&["p1 does Judgment", "p2 passes", "p1 passes"]);
    assert_ne!(t.state.bonus, [(0, 0); 2]);
    assert_eq!(t.state.bonus, t.state.group_bonus());
}

/// Each seat keeps the first copy of each different card in hand and its cheapest Quickcast
/// card, rather than reading the hand at every decision: cards put into the hand, a play
/// (which makes a later copy the first, after the cards before it) and a draw change them,
/// and they always match the hand's.
#[test]
fn the_kept_hand_follows_the_hand() {
    let mut t = Table::quick(("Crimson Warden", &[]), ("Umbral Oracle", &[]));
    let kept = |t: &Table| {
        let seat = &t.state.seats[0];
        assert_eq!(seat.in_hand, HandCards::of(&seat.hand, &t.state.table));
        let names: Vec<&str> = seat
            .in_hand
            .first
            .iter()
            .map(|&i| t.state.info(i).name)
            .collect();
        (names, seat.in_hand.cheapest_quick)
    };
    assert_eq!(kept(&t), (vec![FILL], u32::MAX));
    t.hand(P1, "Ember Fox")
        .hand(P1, "Blazing Overdrive")
        .hand(P1, "Ember Fox")
        .stones(P1, &["Fire Magic Stone"]);
    assert_eq!(
        kept(&t),
        (vec![FILL, "Ember Fox", "Blazing Overdrive"], 1)
    );
    t.lines(&[
        "p1 plays Ember Fox paying rest Fire Magic Stone",
        "p2 passes",
        "p1 passes",
    ]);
    assert_eq!(
        kept(&t),
        (vec![FILL, "Blazing Overdrive", "Ember Fox"], 1)
    );
    let before = t.state.seats[0].hand.len();
    t.pass_to_turn(3);
    assert_eq!(t.state.seats[0].hand.len(), before + 1, "p1 drew");
    kept(&t);
}
