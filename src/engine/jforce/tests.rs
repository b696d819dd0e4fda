//! The J Force rules, one test per rule and per ruling (`jf_aNN_…` pins ruling JF-ANN of
//! `docs/rulings.md`), on stacked decks so every draw is known; then seeded self-play.

use super::cards::{Side, Table, MAX_CHARGE, WAYS};
use super::event::Event;
use super::state::{Hand, State};
use super::JForce;
use crate::card_db::Game;
use crate::catalog::Catalog;
use crate::engine::testing::{self, conformance, example_decks, example_game, ids};
use crate::engine::rng::Rng;
use crate::engine::{Engine, Player, SeatDeck, Setup, Value};
use std::sync::Arc;

fn game() -> &'static Game {
    testing::game::<JForce>()
}

fn card(name: &str) -> u32 {
    ids(game(), &[name])[0]
}

fn deck(hero: &str, top: &[&str], filler: usize) -> SeatDeck {
    let mut main: Vec<u32> = top.iter().map(|n| card(n)).collect();
    main.extend(std::iter::repeat_n(card("Byte Swarm"), filler));
    SeatDeck {
        zones: vec![("hero".into(), vec![card(hero)]), ("main".into(), main)],
        stacked: true,
    }
}

struct T {
    state: State,
    events: Vec<Event>,
}

fn start_with(p1: SeatDeck, p2: SeatDeck, first: Option<Player>, seed: u64) -> T {
    let mut events = Vec::new();
    let setup = Setup {
        game: game(),
        decks: [p1, p2],
        seed,
        first,
    };
    let state = JForce::setup(&setup, &mut events).expect("setup");
    T { state, events }
}

/// p1 goes first; both hands are the first five cards listed.
fn start(p1: (&str, &[&str]), p2: (&str, &[&str])) -> T {
    start_with(
        deck(p1.0, p1.1, 20),
        deck(p2.0, p2.1, 20),
        Some(Player::P1),
        1,
    )
}

/// p1 holds `striker`; p2 has played Iron Guard in its first turn; p1's Action Phase again.
fn against_iron_guard(striker: &str) -> T {
    let mut t = start(("Timeline J", &[striker]), ("Titan Jr.", &["Iron Guard"]));
    t.ok("p1 end")
        .charge(Player::P2, 2)
        .ok("p2 play Iron Guard")
        .ok("p2 end");
    t
}

impl T {
    /// Whether an event of the last action matches.
    fn saw(&self, found: impl Fn(&Event) -> bool) -> bool {
        self.events.iter().any(found)
    }

    fn act(&mut self, line: &str) -> Result<(), String> {
        let action = JForce::parse_action(&self.state, line)?;
        let before = self.state.clone();
        self.events.clear();
        JForce::apply(&mut self.state, &action, &mut self.events).map_err(|e| e.0)?;
        JForce::check_invariants(&self.state).expect("invariants");
        JForce::check_transition(&before, &self.events, &self.state).expect("transition");
        Ok(())
    }

    fn ok(&mut self, line: &str) -> &mut Self {
        if let Err(e) = self.act(line) {
            panic!("`{line}` refused: {e}");
        }
        self
    }

    /// The action must be refused, leaving the state as it was; returns the reason.
    fn refused(&mut self, line: &str) -> String {
        let before = format!("{:?}", self.state);
        match self.act(line) {
            Ok(()) => panic!("`{line}` was allowed"),
            Err(e) => {
                assert_eq!(
                    before,
                    format!("{:?}", self.state),
                    "a refusal changed the state"
                );
                e
            }
        }
    }

    fn q(&self, path: &str) -> Value {
        JForce::query(&self.state, path).expect(path)
    }

    fn int(&self, path: &str) -> i64 {
        match self.q(path) {
            Value::Int(n) => n,
            Value::List(l) => l.len() as i64,
            v => panic!("{path} is {v}"),
        }
    }

    fn list(&self, path: &str) -> Vec<String> {
        match self.q(path) {
            Value::List(l) => l,
            v => panic!("{path} is {v}"),
        }
    }

    fn charge(&mut self, p: Player, n: i32) -> &mut Self {
        self.state.seat_mut(p).charge = n;
        self
    }

    /// Ends turns until it is `p`'s Action Phase again.
    fn pass_to(&mut self, p: Player) -> &mut Self {
        loop {
            let active = self.state.active;
            self.ok(&format!("{active} end"));
            while self.state.phase == super::state::Phase::Discard {
                let first = self.list(&format!("{active}.hand"))[0].clone();
                self.ok(&format!("{active} discard {first}"));
            }
            if self.state.active == p {
                return self;
            }
        }
    }

    fn winner(&self) -> Option<(Option<Player>, &'static str)> {
        JForce::outcome(&self.state).map(|o| (o.winner, o.reason))
    }
}

const NO_STRIKES: &[&str] = &[
    "Field Medic",
    "Field Medic",
    "Field Medic",
    "Field Medic",
    "Field Medic",
];

#[test]
fn setup_deals_five_and_sets_heroes_at_full_hp() {
    let t = start(("Timeline J", &[]), ("Titan Jr.", &[]));
    assert_eq!(t.int("p1.hand"), 5);
    assert_eq!(t.int("p2.hand"), 5);
    assert_eq!(t.int("p1.deck"), 15);
    assert_eq!(t.int("p1.hp"), 20);
    assert_eq!(t.int("p2.hp"), 26);
    assert_eq!(t.int("p2.max-hp"), 26);
    assert_eq!(t.q("active"), Value::Str("p1".into()));
}

#[test]
fn jf_a04_legendary_is_spent_when_played_and_usable_once_per_game() {
    // A second copy (possible only in a format without the one-copy rule) cannot be used.
    let mut t = start(
        ("Timeline J", &["Chrono Apocalypse", "Chrono Apocalypse"]),
        ("Titan Jr.", &[]),
    );
    t.charge(Player::P1, 10).ok("p1 play Chrono Apocalypse");
    assert_eq!(t.int("p2.hp"), 20);
    assert_eq!(t.list("p1.discard"), ["Chrono Apocalypse"]);
    assert_eq!(t.list("p1.legendary-used"), ["Chrono Apocalypse"]);
    let why = t.refused("p1 play Chrono Apocalypse");
    assert!(why.contains("already used it this game"), "{why}");
    // Not a Strike: it never enters the Battle Zone.
    assert_eq!(t.int("p1.battle"), 0);
}

#[test]
fn jf_a05_higher_top_card_number_goes_first_and_ties_flip_a_seeded_coin() {
    // Iron Guard is number 7, Ember Striker 6: p2 reveals the higher number.
    let t = start_with(
        deck("Timeline J", &["Ember Striker"], 10),
        deck("Titan Jr.", &["Iron Guard"], 10),
        None,
        1,
    );
    assert_eq!(t.q("first"), Value::Str("p2".into()));
    // The revealed cards stay on top and are drawn into the opening hands.
    assert!(t.list("p2.hand").contains(&"Iron Guard".to_owned()));
    assert!(t.list("p1.hand").contains(&"Ember Striker".to_owned()));
    // Equal numbers: the coin decides, from the seed, and both outcomes occur.
    let mut seen = [false; 2];
    for seed in 0..32 {
        let t = start_with(
            deck("Timeline J", &[], 10),
            deck("Titan Jr.", &[], 10),
            None,
            seed,
        );
        let again = start_with(
            deck("Timeline J", &[], 10),
            deck("Titan Jr.", &[], 10),
            None,
            seed,
        );
        assert_eq!(t.state.first, again.state.first, "seed {seed} replays");
        seen[t.state.first.index()] = true;
    }
    assert_eq!(seen, [true, true]);
}

#[test]
fn jf_a06_a_series_is_best_of_three_and_later_games_reapply_the_first_player_rule() {
    assert_eq!(JForce::BEST_OF, 3);
    assert_eq!(JForce::next_first(&[]), None);
}

#[test]
fn jf_a07_the_first_player_skips_the_turn_1_draw_only() {
    let mut t = start(("Timeline J", &[]), ("Titan Jr.", &[]));
    assert_eq!(t.int("p1.hand"), 5);
    assert!(t
        .events
        .iter()
        .any(|e| matches!(e, Event::SkipDraw { player: Player::P1 })));
    t.ok("p1 end");
    assert_eq!(t.int("p2.hand"), 6);
    t.ok("p2 end");
    assert_eq!(t.int("p1.hand"), 6);
}

#[test]
fn jf_a08_charge_is_a_pool_that_keeps_unspent_points_up_to_10() {
    let mut t = start(("Timeline J", NO_STRIKES), ("Titan Jr.", NO_STRIKES));
    assert_eq!(t.int("p1.charge"), 1);
    assert_eq!(t.int("p2.charge"), 0);
    t.pass_to(Player::P2);
    assert_eq!(t.int("p2.charge"), 1);
    t.pass_to(Player::P1);
    assert_eq!(t.int("p1.charge"), 2, "unspent Charge carries over");
    for _ in 0..12 {
        t.pass_to(Player::P2).pass_to(Player::P1);
    }
    assert_eq!(t.int("p1.charge"), 10, "capped at 10");
    // A Charge effect is capped too: Power Surge costs 1 and gains 2, from 10 to 10 - 1 + 1.
    let mut t = start(("Timeline J", &["Power Surge"]), ("Titan Jr.", &[]));
    t.charge(Player::P1, 10).ok("p1 play Power Surge");
    assert_eq!(t.int("p1.charge"), 10);
    assert!(t.saw(|e| matches!(e, Event::Charge { gained: 1, total: 10, .. })));
}

#[test]
fn jf_a09_evolutions_cost_charge_in_your_action_phase_on_your_own_cards() {
    let mut t = start(
        ("Timeline J", &["Ember Striker Kindled", "Ember Striker"]),
        ("Titan Jr.", &["Ember Striker"]),
    );
    t.ok("p1 end")
        .charge(Player::P2, 3)
        .ok("p2 play Ember Striker")
        .ok("p2 end");
    t.charge(Player::P1, 3).ok("p1 play Ember Striker");
    let why = t.refused("p1 evolve Ember Striker Kindled on p2 Ember Striker");
    assert!(why.contains("not p1's"), "{why}");
    let why = t.refused("p1 evolve Ember Striker Kindled on Ember Striker");
    assert!(why.contains("costs 2 Charge; p1 has 0"), "{why}");
    t.charge(Player::P1, 2)
        .ok("p1 evolve Ember Striker Kindled on Ember Striker");
    assert_eq!(t.int("p1.charge"), 0);
    assert_eq!(t.list("p1.battle"), ["Ember Striker Kindled"]);
    assert_eq!(t.int("p1.attack[Ember Striker Kindled]"), 4);
}

#[test]
fn jf_a10_each_level_needs_the_previous_and_v_follows_iii() {
    let mut t = start(
        (
            "Timeline J",
            &[
                "Ember Striker",
                "Ember Striker Blazing",
                "Ember Striker Kindled",
                "Ember Striker Phoenix",
                "Ember Striker Inferno",
            ],
        ),
        ("Titan Jr.", &[]),
    );
    t.charge(Player::P1, 10).ok("p1 play Ember Striker");
    let why = t.refused("p1 evolve Ember Striker Blazing on Ember Striker");
    assert!(why.contains("needs level I"), "{why}");
    t.ok("p1 evolve Ember Striker Kindled on Ember Striker");
    t.ok("p1 evolve Ember Striker Blazing on Ember Striker Kindled");
    t.charge(Player::P1, 10);
    let why = t.refused("p1 evolve Ember Striker Phoenix on Ember Striker");
    assert!(why.contains("needs level III"), "V follows III: {why}");
    t.ok("p1 evolve Ember Striker Inferno on Ember Striker")
        .charge(Player::P1, 10);
    t.ok("p1 evolve Ember Striker Phoenix on Ember Striker");
    assert_eq!(t.q("p1.level[Ember Striker]"), Value::Str("V".into()));
    assert_eq!(t.int("p1.attack[Ember Striker]"), 9);
    // Matching is the database's `base`: Chrono Spark evolves Timeline J, not a Strike.
    let mut t = start(
        ("Timeline J", &["Chrono Spark", "Ember Striker"]),
        ("Titan Jr.", &[]),
    );
    t.charge(Player::P1, 10).ok("p1 play Ember Striker");
    let why = t.refused("p1 evolve Chrono Spark on Ember Striker");
    assert!(
        why.contains("evolves Timeline J, not Ember Striker"),
        "{why}"
    );
    t.ok("p1 evolve Chrono Spark on hero");
}

#[test]
fn jf_a11_a_destroyed_stack_goes_to_the_discard_hero_hp_rises_and_attacks_stay_used() {
    // The whole stack goes to the Discard.
    let mut t = start(
        (
            "Timeline J",
            &["Ember Striker", "Ember Striker Kindled", "Shatter"],
        ),
        ("Titan Jr.", &["Shatter"]),
    );
    t.charge(Player::P1, 10)
        .ok("p1 play Ember Striker")
        .ok("p1 evolve Ember Striker Kindled on Ember Striker");
    t.ok("p1 end")
        .charge(Player::P2, 3)
        .ok("p2 play Shatter targeting p1 Ember Striker Kindled");
    assert_eq!(
        t.list("p1.discard"),
        ["Ember Striker", "Ember Striker Kindled"]
    );
    // A Hero's maximum rises by the Evolution's HP and damage taken stays.
    let mut t = start(
        ("Timeline J", &["Chrono Spark"]),
        ("Titan Jr.", &["Flame Burst"]),
    );
    t.ok("p1 end")
        .charge(Player::P2, 2)
        .ok("p2 play Flame Burst")
        .ok("p2 end");
    assert_eq!(t.int("p1.hp"), 18);
    t.charge(Player::P1, 2).ok("p1 evolve Chrono Spark on hero");
    assert_eq!(t.int("p1.hp"), 20);
    assert_eq!(t.int("p1.max-hp"), 22);
    assert_eq!(t.int("p1.hero.attack"), 3);
    // A Strike that attacked stays spent after evolving.
    let mut t = start(
        ("Timeline J", &["Ember Striker", "Ember Striker Kindled"]),
        ("Titan Jr.", &[]),
    );
    t.charge(Player::P1, 10)
        .ok("p1 play Ember Striker")
        .ok("p1 attack with Ember Striker");
    t.ok("p1 evolve Ember Striker Kindled on Ember Striker");
    let why = t.refused("p1 attack with Ember Striker Kindled");
    assert!(why.contains("already attacked"), "{why}");
}

#[test]
fn jf_a12_heroes_attack_with_their_database_value() {
    let mut t = start(("Flashbyte", &[]), ("Titan Jr.", &[]));
    t.ok("p1 attack with hero");
    assert_eq!(t.int("p2.hp"), 23, "Flashbyte's attack is 3");
}

#[test]
fn jf_a13_a_blocked_hero_is_never_destroyed() {
    // Hero 2 against a blocker of 3: nothing is destroyed and no damage is dealt.
    let mut t = start(
        ("Timeline J", &[]),
        ("Titan Jr.", &["Rust Brawler", "Iron Guard", "Spark Runner"]),
    );
    t.ok("p1 end").charge(Player::P2, 10);
    t.ok("p2 play Rust Brawler")
        .ok("p2 play Iron Guard")
        .ok("p2 play Spark Runner")
        .ok("p2 end");
    t.ok("p1 attack with hero").ok("p2 block with Rust Brawler");
    assert!(t.saw(|e| matches!(e, Event::Holds { .. })));
    assert_eq!(t.int("p2.battle"), 3);
    assert_eq!(t.int("p2.hp"), 26);
    assert_eq!(t.int("p1.hp"), 20);
    // A tie destroys only the blocker.
    t.pass_to(Player::P1)
        .ok("p1 attack with hero")
        .ok("p2 block with Iron Guard");
    assert_eq!(t.list("p2.battle"), ["Rust Brawler", "Spark Runner"]);
    assert_eq!(t.int("p1.hp"), 20);
    // A lower blocker is destroyed.
    t.pass_to(Player::P1)
        .ok("p1 attack with hero")
        .ok("p2 block with Spark Runner");
    assert_eq!(t.list("p2.battle"), ["Rust Brawler"]);
}

#[test]
fn jf_a14_a_blocked_attack_never_reaches_the_hero() {
    let mut t = against_iron_guard("Thunder Ram");
    t.charge(Player::P1, 4)
        .ok("p1 play Thunder Ram")
        .ok("p1 attack with Thunder Ram")
        .ok("p2 block with Iron Guard");
    assert_eq!(t.int("p2.hp"), 26, "no excess damage");
    assert_eq!(
        t.int("p1.attack[Thunder Ram]"),
        5,
        "nothing is marked on the survivor"
    );
}

#[test]
fn jf_a15_every_attack_aims_at_the_hero() {
    let mut t = against_iron_guard("Ember Striker");
    t.charge(Player::P1, 3).ok("p1 play Ember Striker");
    let why = t.refused("p1 attack Iron Guard with Ember Striker");
    assert!(why.contains("JF-A15"), "{why}");
    // Strikes trade only when one blocks.
    t.ok("p1 attack with Ember Striker").ok("p2 no block");
    assert_eq!(t.int("p2.hp"), 23);
}

#[test]
fn jf_a16_a_strike_can_attack_the_turn_it_is_played() {
    let mut t = start(("Timeline J", &["Ember Striker"]), ("Titan Jr.", &[]));
    t.charge(Player::P1, 3)
        .ok("p1 play Ember Striker")
        .ok("p1 attack with Ember Striker");
    assert_eq!(t.int("p2.hp"), 23);
}

#[test]
fn jf_a17_one_strike_blocks_many_attacks_an_attacker_still_blocks_heroes_never_block() {
    let mut t = start(
        ("Timeline J", &["Spark Runner", "Byte Swarm"]),
        ("Titan Jr.", &["Rust Brawler"]),
    );
    t.ok("p1 end")
        .charge(Player::P2, 2)
        .ok("p2 play Rust Brawler")
        .ok("p2 attack with Rust Brawler")
        .ok("p2 end");
    assert_eq!(t.int("p1.hp"), 17);
    t.charge(Player::P1, 2)
        .ok("p1 play Spark Runner")
        .ok("p1 play Byte Swarm");
    // Rust Brawler attacked on its own turn and still blocks, twice in one turn.
    t.ok("p1 attack with Spark Runner")
        .ok("p2 block with Rust Brawler");
    t.ok("p1 attack with Byte Swarm")
        .ok("p2 block with Rust Brawler");
    assert_eq!(t.list("p2.battle"), ["Rust Brawler"]);
    assert_eq!(t.int("p1.battle"), 0);
    t.ok("p1 attack with hero");
    let why = t.refused("p2 block with hero");
    assert!(why.contains("a Hero never blocks"), "{why}");
}

#[test]
fn jf_a18_any_draw_from_an_empty_deck_loses_but_an_empty_deck_alone_does_not() {
    // p1's five cards all go to the opening hand: an empty deck, still playing on turn 1.
    let mut t = start_with(
        deck("Timeline J", &["Tactical Scan"], 4),
        deck("Titan Jr.", &[], 10),
        Some(Player::P1),
        1,
    );
    assert_eq!(t.int("p1.deck"), 0);
    assert_eq!(t.winner(), None);
    // A draw from an effect counts.
    t.ok("p1 play Tactical Scan");
    assert_eq!(t.winner(), Some((Some(Player::P2), "deck-out")));
    // And so does the Draw Phase.
    let mut t = start_with(
        deck("Timeline J", &[], 10),
        deck("Titan Jr.", &[], 5),
        Some(Player::P1),
        1,
    );
    t.ok("p1 end");
    assert_eq!(t.winner(), Some((Some(Player::P1), "deck-out")));
}

#[test]
fn jf_a19_hp_goes_below_zero_as_recorded_and_heals_stop_at_the_printed_hp() {
    let mut t = start(
        ("Timeline J", &["Chrono Apocalypse", "Field Medic"]),
        ("Glitch", &[]),
    );
    t.state.seat_mut(Player::P2).hp = 4;
    t.charge(Player::P1, 10).ok("p1 play Chrono Apocalypse");
    assert_eq!(t.int("p2.hp"), -2);
    assert_eq!(t.winner(), Some((Some(Player::P1), "hp-zero")));
    let mut t = start(("Timeline J", &["Field Medic"]), ("Glitch", &[]));
    t.charge(Player::P1, 2).ok("p1 play Field Medic");
    assert_eq!(t.int("p1.hp"), 20);
    assert!(t.saw(|e| matches!(e, Event::Heal { amount: 0, hp: 20, .. })));
}

#[test]
fn jf_a20_the_first_loss_condition_met_ends_the_game() {
    // Chain Lightning deals 2, then draws: the damage ends the game before the draw from an
    // empty deck could.
    let mut t = start_with(
        deck("Timeline J", &["Chain Lightning"], 4),
        deck("Titan Jr.", &[], 10),
        Some(Player::P1),
        1,
    );
    t.state.seat_mut(Player::P2).hp = 2;
    t.charge(Player::P1, 4).ok("p1 play Chain Lightning");
    assert_eq!(t.winner(), Some((Some(Player::P1), "hp-zero")));
    assert!(!t
        .events
        .iter()
        .any(|e| matches!(e, Event::EmptyDeck { .. })));
    let why = t.refused("p1 end");
    assert!(why.contains("the game is over"), "{why}");
}

#[test]
fn jf_a21_the_hand_cap_is_enforced_at_the_end_phase_by_the_players_choice() {
    let mut t = start(
        (
            "Timeline J",
            &[
                "Time Skip",
                "Data Leak",
                "Rally Cry",
                "Spark Runner",
                "Tactical Scan",
            ],
        ),
        ("Titan Jr.", &[]),
    );
    t.charge(Player::P1, 10)
        .ok("p1 play Spark Runner")
        .ok("p1 play Rally Cry targeting Spark Runner")
        .ok("p1 play Time Skip")
        .ok("p1 play Data Leak")
        .ok("p1 play Tactical Scan");
    // Mid-turn hands may pass 7; at the End Phase the boost ends first, then the discard.
    t.charge(Player::P1, 10);
    for _ in 0..4 {
        t.ok("p1 activate hero");
    }
    assert_eq!(t.int("p1.hand"), 9);
    t.ok("p1 end");
    let boost_ends = t
        .events
        .iter()
        .position(|e| matches!(e, Event::BoostEnds { .. }));
    assert!(boost_ends.is_some());
    assert_eq!(t.q("phase"), Value::Str("discard".into()));
    let why = t.refused("p2 end");
    assert!(why.contains("discard down to 7"), "{why}");
    let why = t.refused("p1 play Byte Swarm");
    assert!(why.contains("must discard down to 7 first"), "{why}");
    while t.int("p1.hand") > 7 {
        t.ok("p1 discard Byte Swarm");
    }
    assert_eq!(t.q("active"), Value::Str("p2".into()));
    assert_eq!(t.int("p1.hand"), 7);
}

#[test]
fn jf_a22_abilities_are_activated_in_your_action_phase_as_often_as_charge_allows() {
    let mut t = start(("Timeline J", &[]), ("Titan Jr.", &["Rust Brawler"]));
    t.charge(Player::P1, 4)
        .ok("p1 activate hero")
        .ok("p1 activate hero");
    assert_eq!(t.int("p1.hand"), 7);
    assert_eq!(t.int("p1.charge"), 0);
    let why = t.refused("p1 activate hero");
    assert!(why.contains("costs 2 Charge; p1 has 0"), "{why}");
    // Not in the opponent's turn, not even in answer to an attack.
    t.ok("p1 end")
        .charge(Player::P2, 10)
        .ok("p2 attack with hero");
    let why = t.refused("p1 activate hero");
    assert!(why.contains("it is p2's Action Phase"), "{why}");
    // An ability that aims at a Strike needs one.
    let mut t = start(("Flashbyte", &["Ember Striker"]), ("Titan Jr.", &[]));
    t.charge(Player::P1, 10);
    let why = t.refused("p1 activate hero");
    assert!(
        why.contains("needs a Strike you control to target"),
        "{why}"
    );
    t.ok("p1 play Ember Striker")
        .ok("p1 activate hero targeting Ember Striker");
    assert_eq!(t.int("p1.attack[Ember Striker]"), 5);
}

#[test]
fn jf_a23_an_attached_support_stays_with_its_host_and_leaves_with_it() {
    let mut t = start(
        (
            "Timeline J",
            &["Ember Striker", "Iron Plating", "Hero's Mantle"],
        ),
        ("Titan Jr.", &["Shatter"]),
    );
    t.charge(Player::P1, 10)
        .ok("p1 play Ember Striker")
        .ok("p1 play Iron Plating targeting Ember Striker");
    t.ok("p1 play Hero's Mantle");
    assert_eq!(t.int("p1.attack[Ember Striker]"), 4);
    assert_eq!(t.list("p1.attached[Ember Striker]"), ["Iron Plating"]);
    assert_eq!(t.int("p1.hero.attack"), 4);
    assert_eq!(t.int("p1.discard"), 0, "attached Supports stay in play");
    t.ok("p1 end")
        .charge(Player::P2, 3)
        .ok("p2 play Shatter targeting p1 Ember Striker");
    assert_eq!(t.list("p1.discard"), ["Ember Striker", "Iron Plating"]);
    assert_eq!(t.int("p1.hero.attack"), 4, "the Hero keeps its equipment");
}

#[test]
fn jf_a24_plays_and_attacks_interleave_and_nothing_is_played_in_the_opponents_turn() {
    let mut t = start(
        ("Timeline J", &["Ember Striker", "Rally Cry"]),
        ("Titan Jr.", &["Flame Burst"]),
    );
    t.charge(Player::P1, 10)
        .ok("p1 play Ember Striker")
        .ok("p1 attack with Ember Striker");
    t.ok("p1 play Rally Cry targeting Ember Striker")
        .ok("p1 attack with hero");
    assert_eq!(t.int("p2.hp"), 21);
    t.state.seat_mut(Player::P2).charge = 5;
    let why = t.refused("p2 play Flame Burst");
    assert!(why.contains("it is p1's Action Phase"), "{why}");
}

#[test]
fn jf_a25_supports_destroy_strikes_and_the_battle_zone_has_no_limit() {
    let mut t = start(("Timeline J", &[]), ("Titan Jr.", &["Shatter"]));
    // Seven more Byte Swarms from the deck into the hand: twelve in all.
    for _ in 0..7 {
        let table = Arc::clone(&t.state.table);
        let seat = t.state.seat_mut(Player::P1);
        let c = seat.deck.pop().unwrap();
        seat.hand.push(c, &table);
    }
    t.charge(Player::P1, 10);
    for _ in 0..10 {
        t.ok("p1 play Byte Swarm");
    }
    assert_eq!(t.int("p1.battle"), 10);
    t.ok("p1 end")
        .charge(Player::P2, 3)
        .ok("p2 play Shatter targeting p1 Byte Swarm #3");
    assert_eq!(t.int("p1.battle"), 9);
    assert_eq!(t.list("p1.discard"), ["Byte Swarm"]);
}

#[test]
fn jf_r01_a_card_that_must_choose_a_strike_cannot_be_played_without_one() {
    let mut t = start(
        ("Timeline J", &["Rally Cry", "Shatter", "Eternal Flame"]),
        ("Titan Jr.", &[]),
    );
    t.charge(Player::P1, 10);
    let why = t.refused("p1 play Rally Cry");
    assert!(
        why.contains("needs a Strike you control to target, and there is none"),
        "{why}"
    );
    let why = t.refused("p1 play Shatter");
    assert!(why.contains("needs an enemy Strike"), "{why}");
    let why = t.refused("p1 play Eternal Flame");
    assert!(why.contains("needs a Strike you control"), "{why}");
}

#[test]
fn combat_compares_attack_values_lower_destroyed_ties_both() {
    let mut t = start(
        ("Timeline J", &["Ember Striker", "Iron Guard"]),
        ("Titan Jr.", &["Rust Brawler", "Volt Pup"]),
    );
    t.ok("p1 end")
        .charge(Player::P2, 10)
        .ok("p2 play Rust Brawler")
        .ok("p2 play Volt Pup")
        .ok("p2 end");
    t.charge(Player::P1, 10)
        .ok("p1 play Ember Striker")
        .ok("p1 play Iron Guard");
    // 3 against 3: both destroyed.
    t.ok("p1 attack with Ember Striker")
        .ok("p2 block with Rust Brawler");
    assert_eq!(t.list("p1.battle"), ["Iron Guard"]);
    assert_eq!(t.list("p2.battle"), ["Volt Pup"]);
    // 2 against 2: both destroyed again; the Discards hold them.
    t.ok("p1 attack with Iron Guard")
        .ok("p2 block with Volt Pup");
    assert_eq!(t.list("p1.discard"), ["Ember Striker", "Iron Guard"]);
    assert_eq!(t.list("p2.discard"), ["Rust Brawler", "Volt Pup"]);
}

#[test]
fn a_block_waits_for_the_defender_and_nothing_else_happens_meanwhile() {
    let mut t = against_iron_guard("Ember Striker");
    t.charge(Player::P1, 3)
        .ok("p1 play Ember Striker")
        .ok("p1 attack with Ember Striker");
    assert_eq!(t.q("phase"), Value::Str("block".into()));
    let why = t.refused("p1 end");
    assert!(
        why.contains("p2 must first decide whether to block"),
        "{why}"
    );
    let why = t.refused("p2 block with Ember Striker");
    assert!(why.contains("no Ember Striker in play"), "{why}");
    t.ok("p2 no block");
    assert_eq!(t.int("p2.hp"), 23);
    let why = t.refused("p2 no block");
    assert!(why.contains("it is p1's Action Phase"), "{why}");
}

#[test]
fn illegal_actions_say_why() {
    let mut t = start(
        ("Timeline J", &["Magma Golem", "Chrono Spark"]),
        ("Titan Jr.", &[]),
    );
    let cases = [
        (
            "p1 play Magma Golem",
            "Magma Golem costs 5 Charge; p1 has 1",
        ),
        ("p1 play Iron Guard", "p1 has no Iron Guard in hand"),
        ("p1 play Ember Strikr", "did you mean `Ember Striker`?"),
        ("p1 play Chrono Spark", "is an Evolution"),
        ("p2 end", "it is p1's Action Phase"),
        ("p1 discard Magma Golem", "discards only at the End Phase"),
        ("p1 dance", "not a J Force action"),
        ("p3 end", "does not start with a player"),
        ("p1 attack with Ember Striker", "no Ember Striker in play"),
        (
            "p1 activate hero ability 2",
            "has only one activated ability",
        ),
        ("p1 attack with p2 hero", "attacks only with their own"),
    ];
    for (line, want) in cases {
        let why = t.refused(line);
        assert!(why.contains(want), "`{line}`: {why}");
    }
    t.charge(Player::P1, 10);
    let why = t.refused("p1 play Magma Golem targeting p2 hero");
    assert!(why.contains("takes no target"), "{why}");
}

/// The hand's summary (which cards each Charge level affords, how each plays, which are first
/// copies) follows draws and plays from anywhere in the hand, past the 32 positions it covers,
/// and answers as looking every card up does.
#[test]
fn the_hand_summary_follows_every_change_and_answers_as_the_cards_do() {
    let table = Table::build(game()).unwrap();
    // A few cards of every way of playing (and of none), so that copies come and go too.
    let mut pool = Vec::new();
    for way in 0..=WAYS as u8 {
        let of_way = (0..table.cards.len() as u16).filter(|&c| table.card(c).way == way);
        pool.extend(of_way.take(5));
    }
    let mut rng = Rng::new(15);
    let mut hand = Hand::with_capacity(0);
    let mut copy = hand.clone();
    let mut ways = [false; WAYS + 1];
    for step in 0..3000 {
        // Grow to about 80 cards and back, so that positions past 32 come and go.
        if (step / 400) % 2 == 0 || hand.is_empty() {
            hand.push(pool[rng.below(pool.len())], &table);
        } else {
            let i = rng.below(hand.len());
            let card = hand[i];
            assert_eq!(hand.remove(i, &table), card);
        }
        assert!(hand.summary_holds(&table), "step {step}");
        copy.clone_from(&hand);
        assert_eq!(copy, hand);
        let first = |i: usize| !hand[..i].contains(&hand[i]);
        let distinct: Vec<usize> = (0..hand.len()).filter(|&i| first(i)).collect();
        assert_eq!(hand.distinct().collect::<Vec<_>>(), distinct, "step {step}");
        for charge in -1..=12 {
            let want: Vec<usize> = (0..hand.len())
                .filter(|&i| first(i) && table.card(hand[i]).cost <= charge)
                .collect();
            let got: Vec<usize> = hand.affordable(charge, &table).collect();
            assert_eq!(got, want, "step {step}, charge {charge}");
            // The count by ways: each Strike choice names as many Strikes as `targets` says.
            let targets = [2, 3, 5];
            for &i in &want {
                ways[usize::from(table.card(hand[i]).way)] = true;
            }
            let weight = |i: &usize| match table.card(hand[*i]).way {
                0 => 1,
                w => targets[usize::from(w) - 1],
            };
            let (counted, others): (Vec<usize>, Vec<usize>) = want
                .iter()
                .partition(|&&i| usize::from(table.card(hand[i]).way) < WAYS);
            let plays = hand
                .plays(charge, targets)
                .map(|(n, others)| (n, others.collect::<Vec<_>>()));
            let covered = (0..=MAX_CHARGE).contains(&charge) && hand.len() <= 32;
            let want_plays = covered.then(|| (counted.iter().map(weight).sum(), others));
            assert_eq!(plays, want_plays, "step {step}, charge {charge}");
        }
    }
    let present: Vec<bool> = (0..=WAYS)
        .map(|w| pool.iter().any(|&c| usize::from(table.card(c).way) == w))
        .collect();
    assert_eq!(ways.to_vec(), present, "every way of playing the pool has came up");
    assert!(present[..3].iter().all(|&p| p), "the pool has own and enemy choices: {present:?}");
    let of = Hand::of(hand.to_vec(), &table);
    assert_eq!(of, hand);
    // A cleared hand, as a new game's seat has, is an empty one with an empty summary.
    hand.clear();
    assert_eq!(hand, Hand::with_capacity(0));
}

/// The engine's strongest test: thousands of seeded games between the shipped decks, with
/// invariants and every action's HP and Charge changes checked after every action.
#[test]
fn seeded_games_conform() {
    let decks = example_decks::<JForce>();
    // Both ways to lose happen in random play.
    conformance::<JForce>(
        |g| example_game::<JForce>(&decks, g),
        3000,
        &["hp-zero", "deck-out"],
    );
}

#[test]
fn setup_refuses_a_seat_without_exactly_one_hero() {
    let mut no_hero = deck("Timeline J", &[], 10);
    no_hero.zones[0].1.clear();
    let setup = Setup {
        game: game(),
        decks: [no_hero, deck("Storma", &[], 10)],
        seed: 0,
        first: None,
    };
    let err = JForce::setup(&setup, &mut Vec::new()).unwrap_err();
    assert!(err.contains("p1 needs exactly one Hero"), "{err}");
    let mut two = deck("Timeline J", &[], 10);
    two.zones[0].1.push(card("Storma"));
    let setup = Setup {
        game: game(),
        decks: [deck("Storma", &[], 10), two],
        seed: 0,
        first: None,
    };
    let err = JForce::setup(&setup, &mut Vec::new()).unwrap_err();
    assert!(err.contains("p2 needs exactly one Hero"), "{err}");
}

#[test]
fn cards_whose_effects_the_rules_cannot_run_are_refused_at_setup() {
    use crate::catalog::{FileKind, Sources};
    use crate::diagnostic::SourceFile;
    let base = Catalog::embedded().unwrap();
    let cases = [
        ("{ kind = \"damage\", target = \"enemy-strike\", amount = 2 }", "damage aims at a Hero"),
        ("{ kind = \"destroy\", target = \"enemy-hero\" }", "a Hero is never destroyed"),
        ("{ kind = \"boost\", target = \"own-strike\", atk = 2 }", "ATK and DEF"),
        ("{ kind = \"boost\", target = \"own-strike\", attack = 1 }, { kind = \"destroy\", target = \"enemy-strike\" }", "a play chooses one Strike"),
    ];
    for (effects, want) in cases {
        let text = format!(
            "game = \"jforce\"\n[[cards]]\nid = \"X-1\"\nname = \"Odd Card\"\ntype = \"support\"\nset = \"JF1\"\ncost = 1\neffects = [{effects}]\n[[cards]]\nid = \"X-2\"\nname = \"Hero\"\ntype = \"hero\"\nset = \"JF1\"\nhp = 10\nattack = 1\n"
        );
        let sources = Sources {
            files: vec![(FileKind::Cards, SourceFile::new("odd.toml", text))],
        };
        let (catalog, problems) = Catalog::build(&sources, Some(base));
        assert!(problems.is_empty(), "{problems:?}");
        let g = &catalog.games["jforce"];
        let hero = g.find("Hero").unwrap() as u32;
        let seat = || SeatDeck {
            zones: vec![("hero".into(), vec![hero]), ("main".into(), vec![])],
            stacked: true,
        };
        let setup = Setup {
            game: g,
            decks: [seat(), seat()],
            seed: 0,
            first: None,
        };
        let err = JForce::setup(&setup, &mut Vec::new()).unwrap_err();
        assert!(
            err.contains("Odd Card") && err.contains(want),
            "{effects}: {err}"
        );
    }
}

#[test]
fn mangled_action_lines_never_panic() {
    let mut t = start(
        (
            "Timeline J",
            &["Ember Striker", "Rally Cry", "Chrono Spark"],
        ),
        ("Titan Jr.", &["Iron Guard"]),
    );
    t.charge(Player::P1, 10).ok("p1 play Ember Striker");
    let lines = [
        "p1 play Rally Cry targeting p1 Ember Striker #1",
        "p1 evolve Chrono Spark on hero",
        "p1 activate hero ability 1 targeting p2 Iron Guard",
        "p2: block with Iron Guard #2",
        "p1 attack hero with Ember Striker",
    ];
    let extras = [
        "",
        " ",
        "#",
        " #",
        " #0",
        " #999",
        "’",
        "é",
        " targeting",
        " on",
        " ability",
        " ability 0",
        "\u{0}",
    ];
    for line in lines {
        let chars: Vec<(usize, char)> = line.char_indices().collect();
        for &(cut, _) in &chars {
            for extra in extras {
                let text = format!(
                    "{}{extra}{}",
                    &line[..cut],
                    &line[cut..].chars().skip(1).collect::<String>()
                );
                if let Ok(action) = JForce::parse_action(&t.state, &text) {
                    let mut s = t.state.clone();
                    let _ = JForce::apply(&mut s, &action, &mut Vec::new());
                }
                let _ = JForce::query(&t.state, &text);
            }
        }
    }
}

/// Each card's counts of the abilities it affords by Charge level (which the random player's
/// unit count reads) are those its abilities give, for every card of the database.
#[test]
fn a_cards_activation_counts_are_its_abilities() {
    let table = Table::build(game()).unwrap();
    let mut seen = 0;
    for card in &table.cards {
        for (charge, counts) in (0..).zip(&card.activations) {
            let mut want = [0u32; WAYS];
            for a in card.abilities.iter().filter(|a| a.charge <= charge) {
                let w = match a.choice {
                    None => 0,
                    Some(Side::Own) => 1,
                    Some(Side::Enemy) => 2,
                    Some(Side::Any) => 3,
                };
                want[w] += 1;
            }
            assert_eq!(*counts, want, "{} at Charge {charge}", card.name);
            seen += want.iter().sum::<u32>();
        }
    }
    assert!(seen > 0, "the database has abilities");
}

/// A new game's seats reuse the lists of states this thread dropped: whatever a finished game
/// left in them (units with Evolutions and Supports, Discards, used Legendaries), a setup on
/// this thread makes the state a setup on a thread with nothing kept makes.
#[test]
fn a_setup_after_finished_games_is_a_fresh_setup() {
    let decks = example_decks::<JForce>();
    let fresh = |g: u64| {
        let setup = example_game::<JForce>(&decks, g);
        std::thread::spawn(move || format!("{:?}", JForce::setup(&setup, &mut Vec::new())))
            .join()
            .unwrap()
    };
    let mut rng = Rng::new(3);
    let mut actions = Vec::new();
    for g in 0..20 {
        let setup = example_game::<JForce>(&decks, g);
        let mut state = JForce::setup(&setup, &mut Vec::new()).unwrap();
        while let Some(i) = JForce::random_action(&state, &mut rng, &mut actions) {
            JForce::apply(&mut state, &actions[i], &mut Vec::new()).unwrap();
        }
        drop(state);
        let next = example_game::<JForce>(&decks, g + 100);
        let again = format!("{:?}", JForce::setup(&next, &mut Vec::new()));
        assert_eq!(again, fresh(g + 100), "game {g}");
    }
}

