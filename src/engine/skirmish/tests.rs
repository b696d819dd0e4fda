//! Unit tests: one per ruling (named after the ambiguity it pins), the text effects, scripts'
//! action syntax, and seeded random self-play with invariants after every action.

use super::*;
use crate::card_db::{Card, Effect, Game, Target};
use crate::catalog::{Catalog, FileKind, Sources};
use crate::diagnostic::SourceFile;
use crate::engine::rng::Rng;
use crate::engine::testing::{conformance, ids};
use crate::engine::{Outcome, Player, SeatDeck, Value};
use std::sync::{Arc, OnceLock};

/// Cards with the text effects no shipped card uses (damage, an enemy heal, a multi-card
/// draw, a lowered hand limit, a piercing Blue), for the tests only.
const TEST_CARDS: &str = r#"
game = "skirmish"
cards = [
    { id = "SK-T01", name = "Hex Bolt", type = "blue", set = "SK1", colour = "blue", value = 2, effects = [{ kind = "damage", target = "enemy-player", amount = 1 }] },
    { id = "SK-T02", name = "Backfire", type = "red", set = "SK1", colour = "red", value = 6, effects = [{ kind = "damage", target = "own-player", amount = 2 }] },
    { id = "SK-T03", name = "Kind Word", type = "red", set = "SK1", colour = "red", value = 1, effects = [{ kind = "heal", target = "enemy-player", amount = 1 }] },
    { id = "SK-T04", name = "Double Study", type = "blue", set = "SK1", colour = "blue", value = 1, effects = [{ kind = "draw", amount = 2 }] },
    { id = "SK-T05", name = "Tight Grip", type = "green", set = "SK1", colour = "green", value = 2, effects = [{ kind = "hand-limit", amount = 5 }] },
    { id = "SK-T06", name = "Piercing Balm", type = "blue", set = "SK1", colour = "blue", value = 3, effects = [{ kind = "pierce" }] },
]
"#;

/// The shipped skirmish cards plus [`TEST_CARDS`].
fn game() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    GAME.get_or_init(|| {
        let mut sources = Sources::embedded();
        sources.files.retain(|(_, f)| f.name.contains("skirmish"));
        sources.files.push((
            FileKind::Cards,
            SourceFile::new("test-cards.toml", TEST_CARDS),
        ));
        let (catalog, problems) = Catalog::build(&sources, None);
        assert!(problems.is_empty(), "{problems:?}");
        let mut lint = Vec::new();
        let report = crate::lint::lint(&catalog.games, &catalog.formats);
        lint.extend(report.problems);
        assert!(lint.is_empty(), "{lint:?}");
        catalog.games["skirmish"].clone()
    })
}

fn seat(game: &Game, names: &[impl AsRef<str>], stacked: bool) -> SeatDeck {
    SeatDeck {
        zones: vec![("main".to_owned(), ids(game, names))],
        stacked,
    }
}

const EMPTY: &[&str] = &[];

/// A game with both decks stacked, top card first: the first seven are the opening hand.
fn stacked(p1: &[impl AsRef<str>], p2: &[impl AsRef<str>]) -> State {
    let game = game();
    let setup = Setup {
        game,
        decks: [seat(game, p1, true), seat(game, p2, true)],
        seed: 7,
        first: None,
    };
    Skirmish::setup(&setup, &mut Vec::new()).unwrap()
}

/// A stacked deck: `first` then `filler` up to an opening hand of seven, and ten more
/// `filler` behind it so that draws never run dry.
fn hand_of(first: &[&str], filler: &str) -> Vec<String> {
    let mut v: Vec<String> = first.iter().map(|s| s.to_string()).collect();
    while v.len() < 7 + 10 {
        v.push(filler.to_owned());
    }
    v
}

/// Why setup refuses a duel of Ember Jab against Parry in `game` (a changed copy of [`game`]).
fn refused_at_setup(game: &Game) -> String {
    let setup = Setup {
        game,
        decks: [
            seat(game, &["Ember Jab"], false),
            seat(game, &["Parry"], false),
        ],
        seed: 1,
        first: None,
    };
    Skirmish::setup(&setup, &mut Vec::new()).unwrap_err()
}

fn play(state: &mut State, line: &str) -> Vec<Event> {
    let action = Skirmish::parse_action(state, line).unwrap();
    let mut events = Vec::new();
    Skirmish::apply(state, &action, &mut events)
        .unwrap_or_else(|e| panic!("`{line}` is illegal: {e}"));
    Skirmish::check_invariants(state).unwrap();
    events
}

fn illegal(state: &mut State, line: &str) -> String {
    let action = Skirmish::parse_action(state, line).unwrap();
    let before = format!("{state:?}");
    let err = Skirmish::apply(state, &action, &mut Vec::new()).unwrap_err();
    assert_eq!(
        before,
        format!("{state:?}"),
        "a rejected action changed the state"
    );
    err.0
}

fn health(state: &State) -> [i64; 2] {
    [
        int(Skirmish::query(state, "p1.health").unwrap()),
        int(Skirmish::query(state, "p2.health").unwrap()),
    ]
}

fn int(v: Value) -> i64 {
    match v {
        Value::Int(n) => n,
        other => panic!("not an int: {other:?}"),
    }
}

/// The number of cards in a zone.
fn len(state: &State, path: &str) -> usize {
    match q(state, path) {
        Value::List(items) => items.len(),
        other => panic!("not a list: {other:?}"),
    }
}

fn q(state: &State, path: &str) -> Value {
    Skirmish::query(state, path).unwrap()
}

fn text(events: &[Event]) -> String {
    events.iter().map(|e| format!("{e}\n")).collect::<String>()
}

/// Sets both players' health, for end-of-game tests.
fn at_health(mut state: State, p1: i32, p2: i32) -> State {
    state.seats[0].health = p1;
    state.seats[1].health = p2;
    state
}

// --- rulings ---------------------------------------------------------------------------

#[test]
fn sk_a01_green_against_green_does_nothing() {
    let mut st = stacked(
        &hand_of(&["Iron Wall"], "Parry"),
        &hand_of(&["Stone Skin"], "Parry"),
    );
    let events = play(&mut st, "round: p1 plays Iron Wall, p2 plays Stone Skin");
    assert_eq!(health(&st), [20, 20]);
    assert!(!events.iter().any(|e| matches!(e, Event::Block { .. })));
    assert_eq!(q(&st, "p1.discard"), Value::List(vec!["Iron Wall".into()]));
    assert_eq!(q(&st, "p2.discard"), Value::List(vec!["Stone Skin".into()]));
    // Nothing is banked: a Red next round hits in full.
    play(&mut st, "round: p1 plays Parry, p2 plays Parry");
    assert_eq!(health(&st), [20, 20]);
}

#[test]
fn sk_a02_green_subtracts_its_value_and_does_not_cancel() {
    let mut st = stacked(
        &hand_of(&["Molten Hammer"], "Ember Jab"),
        &hand_of(&["Parry"], "Parry"),
    );
    let events = play(&mut st, "round: p1 plays Molten Hammer, p2 plays Parry");
    // Red 5 − Green 2 = 3: a cancelling Green would leave p2 at 20.
    assert_eq!(health(&st), [20, 17]);
    assert!(text(&events).contains("p2's Parry blocks 2 of p1's Molten Hammer (5 → 3)"));
}

#[test]
fn sk_a03_unused_block_is_lost() {
    let mut st = stacked(
        &hand_of(&["Ember Jab", "Flame Arrow"], "Ember Jab"),
        &hand_of(&["Iron Wall", "Soothing Touch"], "Soothing Touch"),
    );
    play(&mut st, "round: p1 plays Ember Jab, p2 plays Iron Wall");
    assert_eq!(
        health(&st),
        [20, 20],
        "Green 4 absorbs Red 1; the other 3 is lost"
    );
    play(
        &mut st,
        "round: p1 plays Flame Arrow, p2 plays Soothing Touch",
    );
    // No shield carried over: Red 3 hits in full, Blue 1 heals.
    assert_eq!(health(&st), [20, 18]);
}

#[test]
fn sk_a04_green_reduces_an_opposing_heal() {
    let mut st = stacked(
        &hand_of(&["Renewal"], "Soothing Touch"),
        &hand_of(&["Parry"], "Parry"),
    );
    let events = play(&mut st, "round: p1 plays Renewal, p2 plays Parry");
    assert_eq!(health(&st), [22, 20], "Blue 4 − Green 2 heals 2");
    assert!(text(&events).contains("p2's Parry blocks 2 of p1's Renewal (4 → 2)"));
    // A Green bigger than the heal stops it entirely, and no one takes damage from it.
    let mut st = stacked(
        &hand_of(&["Soothing Touch"], "Soothing Touch"),
        &hand_of(&["Iron Wall"], "Parry"),
    );
    play(
        &mut st,
        "round: p1 plays Soothing Touch, p2 plays Iron Wall",
    );
    assert_eq!(health(&st), [20, 20]);
}

#[test]
fn sk_a05_health_may_exceed_twenty() {
    let mut st = stacked(
        &hand_of(&["Phoenix Tear"], "Soothing Touch"),
        &hand_of(&["Renewal"], "Soothing Touch"),
    );
    play(&mut st, "round: p1 plays Phoenix Tear, p2 plays Renewal");
    assert_eq!(health(&st), [26, 24]);
}

#[test]
fn sk_a06_health_below_zero_is_kept_and_loses() {
    let st = stacked(
        &hand_of(&["Molten Hammer"], "Ember Jab"),
        &hand_of(&["Wooden Shield"], "Parry"),
    );
    let mut st = at_health(st, 20, 2);
    let events = play(
        &mut st,
        "round: p1 plays Molten Hammer, p2 plays Wooden Shield",
    );
    assert_eq!(health(&st), [20, -2], "the negative value is kept");
    assert_eq!(q(&st, "winner"), Value::Str("p1".into()));
    assert_eq!(q(&st, "result"), Value::Str("p1-wins".into()));
    let outcome = Skirmish::outcome(&st).unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Player::P1), "health-zero")
    );
    assert!(text(&events).contains("p1 wins after 1 rounds: p2 is at -2 health"));
    // No draw phase once the game is over.
    assert!(!events.iter().any(|e| matches!(e, Event::Draw { .. })));
    let mut none = Vec::new();
    Skirmish::legal_actions(&st, &mut none);
    assert!(none.is_empty());
    assert!(illegal(&mut st, "round: p1 plays Ember Jab, p2 plays Parry").contains("game is over"));
}

#[test]
fn sk_a06_exactly_zero_loses_too() {
    let st = stacked(
        &hand_of(&["Flame Arrow"], "Ember Jab"),
        &hand_of(&[], "Parry"),
    );
    let mut st = at_health(st, 20, 1);
    play(&mut st, "round: p1 plays Flame Arrow, p2 plays Parry");
    assert_eq!(health(&st), [20, 0]);
    assert_eq!(q(&st, "winner"), Value::Str("p1".into()));
}

#[test]
fn sk_a07_health_changes_once_per_round_at_the_end_phase() {
    let mut st = stacked(
        &hand_of(&["Flame Arrow"], "Ember Jab"),
        &hand_of(&["Mending Light"], "Parry"),
    );
    let events = play(
        &mut st,
        "round: p1 plays Flame Arrow, p2 plays Mending Light",
    );
    assert_eq!(health(&st), [20, 19], "−3 damage and +2 heal, applied once");
    let lines: Vec<String> = events
        .iter()
        .filter(|e| matches!(e, Event::Health { .. }))
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        lines,
        [
            "p1 health 20 (no change)",
            "p2 health 20 → 19 (-1: healed 2, took 3)"
        ]
    );
}

#[test]
fn sk_a08_only_the_end_phase_check_ends_a_game() {
    // p2 at 2 takes 5 and heals 4 in the same round: at no point in between does the game
    // end; the net −1 leaves p2 at 1.
    let st = stacked(
        &hand_of(&["Molten Hammer"], "Ember Jab"),
        &hand_of(&["Renewal"], "Parry"),
    );
    let mut st = at_health(st, 20, 2);
    play(&mut st, "round: p1 plays Molten Hammer, p2 plays Renewal");
    assert_eq!(health(&st), [20, 1]);
    assert_eq!(q(&st, "result"), Value::Str("playing".into()));
    assert!(Skirmish::outcome(&st).is_none());
}

#[test]
fn sk_a09_both_at_or_below_zero_is_a_draw_even_when_unequal() {
    let st = stacked(
        &hand_of(&["Molten Hammer"], "Ember Jab"),
        &hand_of(&["Inferno Blast"], "Parry"),
    );
    let mut st = at_health(st, 3, 5);
    let events = play(
        &mut st,
        "round: p1 plays Molten Hammer, p2 plays Inferno Blast",
    );
    assert_eq!(health(&st), [-3, 0]);
    assert_eq!(q(&st, "draw"), Value::Bool(true));
    assert_eq!(q(&st, "winner"), Value::Null);
    assert_eq!(q(&st, "result"), Value::Str("draw".into()));
    let outcome = Skirmish::outcome(&st).unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (None, "both-zero")
    );
    assert!(text(&events).contains("draw after 1 rounds: both players reach zero health"));
}

#[test]
fn sk_a10_text_effects_run_and_others_are_refused() {
    // damage (enemy) on a Blue, heal (own) on a Red.
    let mut st = stacked(
        &hand_of(&["Hex Bolt"], "Ember Jab"),
        &hand_of(&["Blood Rush"], "Parry"),
    );
    let events = play(&mut st, "round: p1 plays Hex Bolt, p2 plays Blood Rush");
    // p1: +2 heal, −2 Blood Rush, −0 → 20; the text damage 1 hits p2: 20 − 1 + 1 = 20.
    assert_eq!(health(&st), [20, 20]);
    let t = text(&events);
    assert!(
        t.contains("p1's Hex Bolt deals 1 damage to p2 (text)"),
        "{t}"
    );
    assert!(t.contains("p2's Blood Rush heals p2 by 1 (text)"), "{t}");

    // A Green does not reduce text effects: Parry blocks Blood Rush's 2, not its heal.
    let mut st = stacked(
        &hand_of(&["Parry"], "Parry"),
        &hand_of(&["Blood Rush"], "Parry"),
    );
    play(&mut st, "round: p1 plays Parry, p2 plays Blood Rush");
    assert_eq!(health(&st), [20, 21]);

    // damage to its own player, heal to the enemy.
    let mut st = stacked(
        &hand_of(&["Backfire"], "Ember Jab"),
        &hand_of(&["Kind Word"], "Parry"),
    );
    play(&mut st, "round: p1 plays Backfire, p2 plays Kind Word");
    // p1: −2 own text, −1 Kind Word, +1 Kind Word's heal → 18. p2: −6 → 14.
    assert_eq!(health(&st), [18, 14]);

    // A card with an effect kind the engine does not run is refused at setup.
    let mut game = game().clone();
    let i = game.find("Ember Jab").unwrap();
    game.cards[i].effects.push(toml::Spanned::new(
        0..0,
        Effect::Destroy {
            target: Target::This,
        },
    ));
    let err = refused_at_setup(&game);
    assert!(
        err.contains("effect `destroy`, which the skirmish engine does not run"),
        "{err}"
    );
}

#[test]
fn sk_a14_empty_hand_reveals_nothing_and_playing_is_otherwise_mandatory() {
    let mut st = stacked(&hand_of(&["Flame Arrow"], "Ember Jab"), EMPTY);
    assert_eq!(len(&st, "p2.hand"), 0);
    let mut legal = Vec::new();
    Skirmish::legal_actions(&st, &mut legal);
    assert!(legal.iter().all(|a| a.pick(Player::P2).is_none()));
    assert_eq!(legal.len(), 2, "Flame Arrow or Ember Jab against nothing");
    let e = illegal(&mut st, "round: p1 plays nothing, p2 plays nothing");
    assert!(
        e.contains("p1 must play a card: playing is mandatory"),
        "{e}"
    );
    let e = illegal(&mut st, "round: p1 plays Flame Arrow, p2 plays Ember Jab");
    assert!(
        e.contains("p2 has no Ember Jab in hand; p2's hand: empty"),
        "{e}"
    );
    let events = play(&mut st, "round: p1 plays Flame Arrow, p2 plays nothing");
    assert!(text(&events)
        .contains("round 1: p1 reveals Flame Arrow (red 3), p2 reveals nothing (empty hand)"));
    assert_eq!(health(&st), [20, 17]);
    assert!(text(&events).contains("p2 has no card to draw"));
}

#[test]
fn sk_a15_the_discard_pile_goes_back_as_soon_as_the_deck_is_empty() {
    // Eight cards: seven in hand, one in the deck. Round 1 draws the last card, and the
    // discard pile (the card just played) is shuffled in at once, not at the next draw.
    let deck = [
        "Ember Jab",
        "Quick Slash",
        "Flame Arrow",
        "Battle Cry",
        "Firebrand",
        "Rage Punch",
        "Wild Swing",
        "Molten Hammer",
    ];
    let mut st = stacked(&deck, &hand_of(&[], "Parry"));
    assert_eq!(q(&st, "p1.deck"), Value::List(vec!["Molten Hammer".into()]));
    let events = play(&mut st, "round: p1 plays Ember Jab, p2 plays Parry");
    let t = text(&events);
    assert!(
        t.contains(
            "p1 draws Molten Hammer\np1's deck is empty: the discard pile (1 card) is shuffled in"
        ),
        "{t}"
    );
    assert_eq!(q(&st, "p1.deck"), Value::List(vec!["Ember Jab".into()]));
    assert_eq!(len(&st, "p1.discard"), 0);
    assert_eq!(len(&st, "p1.hand"), 7);
}

#[test]
fn sk_a15_a_deck_held_entirely_in_hand_refills_with_the_card_played() {
    let deck = ["Ember Jab", "Quick Slash", "Flame Arrow"];
    let mut st = stacked(&deck, &hand_of(&[], "Parry"));
    assert_eq!(len(&st, "p1.deck"), 0);
    let events = play(&mut st, "round: p1 plays Quick Slash, p2 plays Parry");
    let t = text(&events);
    assert!(
        t.contains("p1's deck is empty: the discard pile (1 card) is shuffled in"),
        "{t}"
    );
    assert!(t.contains("p1 draws Quick Slash"), "{t}");
    assert_eq!(len(&st, "p1.hand"), 3);
}

#[test]
fn sk_a16_discard_after_the_end_phase_before_the_draw() {
    // Double Study draws 2 in the resolve phase: 7 − 1 + 2 = 8 cards after the end phase,
    // one over the limit; the player discards one, then draws: 8 in hand for the next round.
    let mut st = stacked(
        &hand_of(&["Double Study"], "Ember Jab"),
        &hand_of(&[], "Parry"),
    );
    let events = play(&mut st, "round: p1 plays Double Study, p2 plays Parry");
    let t = text(&events);
    assert!(
        t.contains("p1 holds 8 cards, over the hand limit of 7: discards 1 before the draw phase"),
        "{t}"
    );
    let phase_draw = |e: &Event| matches!(e, Event::Draw { cause: DrawCause::DrawPhase, .. });
    assert!(!events.iter().any(phase_draw));
    assert_eq!(q(&st, "phase"), Value::Str("discard".into()));
    let e = illegal(&mut st, "round: p1 plays Ember Jab, p2 plays Parry");
    assert!(
        e.contains("p1 must discard 1 down to the hand limit of 7"),
        "{e}"
    );
    let e = illegal(&mut st, "p1 discards Ember Jab, Ember Jab");
    assert!(e.contains("discards 2 cards but owes 1"), "{e}");
    let e = illegal(&mut st, "p2 discards Parry");
    assert!(e.contains("p2 has nothing to discard"), "{e}");
    let mut legal = Vec::new();
    Skirmish::legal_actions(&st, &mut legal);
    assert!(legal.iter().all(|a| matches!(
        a,
        Action::Discard {
            player: Player::P1,
            ..
        }
    )));
    let events = play(&mut st, "p1 discards Ember Jab");
    assert_eq!(
        text(&events),
        "p1 discards Ember Jab\np1 draws Ember Jab\np2 draws Parry\n"
    );
    assert_eq!(len(&st, "p1.hand"), 8);
    assert_eq!(
        q(&st, "p1.discard"),
        Value::List(vec!["Double Study".into(), "Ember Jab".into()])
    );
}

#[test]
fn sk_a17_pierce_against_reflect_both_lose_their_text() {
    let mut st = stacked(
        &hand_of(&["Crimson Lance"], "Ember Jab"),
        &hand_of(&["Mirror Ward"], "Parry"),
    );
    let events = play(
        &mut st,
        "round: p1 plays Crimson Lance, p2 plays Mirror Ward",
    );
    let t = text(&events);
    assert!(t.contains("Crimson Lance (pierce) and Mirror Ward (reflect) cannot resolve together: both lose their text"), "{t}");
    // Values only: Green 3 blocks Red 5, nothing is reflected.
    assert_eq!(health(&st), [20, 18]);

    // Each text on its own works.
    let mut st = stacked(
        &hand_of(&["Crimson Lance"], "Ember Jab"),
        &hand_of(&["Iron Wall"], "Parry"),
    );
    let events = play(&mut st, "round: p1 plays Crimson Lance, p2 plays Iron Wall");
    assert!(text(&events).contains("p1's Crimson Lance pierces p2's Iron Wall"));
    assert_eq!(health(&st), [20, 15]);
    let mut st = stacked(
        &hand_of(&["Firebrand"], "Ember Jab"),
        &hand_of(&["Mirror Ward"], "Parry"),
    );
    let events = play(&mut st, "round: p1 plays Firebrand, p2 plays Mirror Ward");
    assert!(text(&events).contains("p2's Mirror Ward reflects 3 damage to p1"));
    assert_eq!(health(&st), [17, 19]);
}

#[test]
fn sk_a18_a_game_that_cannot_end_stops_unfinished_at_the_round_limit() {
    let greens = ["Parry"; 10];
    let mut st = stacked(&greens, &greens);
    let (mut players, mut actions, mut events) = (Rng::new(3), Vec::new(), Vec::new());
    while let Some(i) = Skirmish::random_action(&st, &mut players, &mut actions) {
        Skirmish::apply(&mut st, &actions[i], &mut events).unwrap();
    }
    let outcome = Skirmish::outcome(&st).unwrap();
    assert_eq!(outcome.winner, None);
    assert_eq!(outcome.reason, "round-limit");
    assert_eq!(outcome.turns, ROUND_LIMIT);
    assert_eq!(q(&st, "draw"), Value::Bool(false));
    assert_eq!(q(&st, "result"), Value::Str("unfinished".into()));
    Skirmish::check_invariants(&st).unwrap();
}

#[test]
fn sk_a19_both_picks_are_committed_in_one_action() {
    let mut st = stacked(
        &hand_of(&["Flame Arrow", "Parry"], "Ember Jab"),
        &hand_of(&["Renewal", "Iron Wall"], "Parry"),
    );
    let e = Skirmish::parse_action(&st, "round: p1 plays Flame Arrow").unwrap_err();
    assert!(
        e.contains("p2's pick is missing: both players reveal at once"),
        "{e}"
    );
    let e = Skirmish::parse_action(&st, "round: p1 plays Flame Arrow, p1 plays Parry").unwrap_err();
    assert!(e.contains("p1 plays twice"), "{e}");
    // The choices are the product of the two hands' distinct cards: no pick depends on the
    // other.
    let mut legal = Vec::new();
    Skirmish::legal_actions(&st, &mut legal);
    assert_eq!(legal.len(), 3 * 3);
    let events = play(&mut st, "round: p2 plays Iron Wall, p1 plays Flame Arrow");
    assert!(
        matches!(&events[0], Event::Reveal { round: 1, p1: Some(a), p2: Some(b) }
        if a.card.0 == "Flame Arrow" && b.card.0 == "Iron Wall")
    );
}

#[test]
fn sk_a20_values_outside_what_the_engine_plays_are_refused() {
    let mut game = game().clone();
    let i = game.find("Ember Jab").unwrap();
    let value = (game.cards[i].stats.iter_mut())
        .find(|s| s.name.get_ref() == "value")
        .unwrap();
    value.value = toml::Spanned::new(0..0, -2);
    let err = refused_at_setup(&game);
    assert!(err.contains("`Ember Jab` has value -2"), "{err}");
}

// --- text effects ----------------------------------------------------------------------

#[test]
fn draw_text_draws_in_the_resolve_phase() {
    let mut st = stacked(
        &hand_of(&["Second Breath"], "Ember Jab"),
        &hand_of(&[], "Parry"),
    );
    let events = play(&mut st, "round: p1 plays Second Breath, p2 plays Parry");
    let t = text(&events);
    let drawn = t.find("p1 draws Ember Jab (Second Breath)").unwrap();
    let health = t.find("p1 health").unwrap();
    assert!(drawn < health, "{t}");
    assert_eq!(len(&st, "p1.hand"), 8);
    assert_eq!(
        q(&st, "phase"),
        Value::Str("pick".into()),
        "8 only after the draw phase"
    );
}

#[test]
fn hand_limit_text_raises_and_lowers_the_limit_for_the_rest_of_the_game() {
    let mut st = stacked(
        &hand_of(&["Deep Rest", "Double Study"], "Ember Jab"),
        &hand_of(&["Tight Grip"], "Parry"),
    );
    let events = play(&mut st, "round: p1 plays Deep Rest, p2 plays Tight Grip");
    let t = text(&events);
    assert!(
        t.contains("p1's maximum hand size becomes 8 (Deep Rest)"),
        "{t}"
    );
    assert!(
        t.contains("p2 holds 6 cards, over the hand limit of 5: discards 1"),
        "{t}"
    );
    assert_eq!(q(&st, "p2.hand-limit"), Value::Int(5));
    play(&mut st, "p2 discards Parry");
    assert_eq!(len(&st, "p2.hand"), 6);
    // p1 at limit 8: 7 − 1 + 2 = 8 after Double Study, no discard.
    let events = play(&mut st, "round: p1 plays Double Study, p2 plays Parry");
    let t = text(&events);
    assert!(!t.contains("holds"), "{t}");
    assert_eq!(q(&st, "p1.hand-limit"), Value::Int(8));
}

#[test]
fn piercing_blue_heals_through_green() {
    let mut st = stacked(
        &hand_of(&["Piercing Balm"], "Ember Jab"),
        &hand_of(&["Iron Wall"], "Parry"),
    );
    play(&mut st, "round: p1 plays Piercing Balm, p2 plays Iron Wall");
    assert_eq!(health(&st), [23, 20]);
}

// --- setup, scripts, queries -----------------------------------------------------------

#[test]
fn setup_shuffles_from_the_seed_and_deals_seven() {
    let game = game();
    let deck: Vec<&str> = game
        .cards
        .iter()
        .filter(|c| c.id().starts_with("SK-0"))
        .map(Card::name)
        .take(30)
        .collect();
    let make = |seed| {
        let setup = Setup {
            game,
            decks: [seat(game, &deck, false), seat(game, &deck, false)],
            seed,
            first: None,
        };
        let mut events = Vec::new();
        let st = Skirmish::setup(&setup, &mut events).unwrap();
        (st, text(&events))
    };
    let (a, ta) = make(11);
    let (_, tb) = make(11);
    let (_, tc) = make(12);
    assert_eq!(ta, tb);
    assert_ne!(ta, tc);
    assert!(ta.starts_with("p1 shuffles their deck (30 cards)\np2 shuffles their deck (30 cards)\np1 draws an opening hand of 7:"), "{ta}");
    assert_eq!(len(&a, "p1.hand"), 7);
    assert_eq!(len(&a, "p1.deck"), 23);
    assert_eq!(health(&a), [20, 20]);
    assert_eq!(q(&a, "round"), Value::Int(0));
}

#[test]
fn setup_refuses_a_first_player_and_oversized_decks() {
    let game = game();
    let mut setup = Setup {
        game,
        decks: [seat(game, &["Parry"], false), seat(game, &["Parry"], false)],
        seed: 1,
        first: Some(Player::P2),
    };
    let err = Skirmish::setup(&setup, &mut Vec::new()).unwrap_err();
    assert!(err.contains("no first player"), "{err}");
    setup.first = None;
    setup.decks[1] = seat(game, &["Parry"; MAX_CARDS + 1], false);
    let err = Skirmish::setup(&setup, &mut Vec::new()).unwrap_err();
    assert!(err.contains("p2's deck has 65 cards"), "{err}");
    setup.decks[1].zones.push(("side".into(), vec![0]));
    setup.decks[1].zones.remove(0);
    let err = Skirmish::setup(&setup, &mut Vec::new()).unwrap_err();
    assert!(err.contains("zone `side`"), "{err}");
}

#[test]
fn script_actions_read_like_a_referees_notes() {
    let st = stacked(
        &hand_of(&["Flame Arrow"], "Ember Jab"),
        &hand_of(&[], "Parry"),
    );
    for line in [
        "round: p1 plays Flame Arrow, p2 plays Parry",
        "  Round:  P1 plays flame arrow ,p2 play PARRY ",
        "p1 plays Flame Arrow, p2 plays Parry",
    ] {
        let a = Skirmish::parse_action(&st, line).unwrap();
        assert_eq!(
            a.to_string(),
            "round: p1 plays Flame Arrow, p2 plays Parry",
            "{line}"
        );
    }
    let a = Skirmish::parse_action(&st, "discard: p1 discards Ember Jab, Flame Arrow").unwrap();
    assert_eq!(a.to_string(), "p1 discards Ember Jab, Flame Arrow");
    let e = Skirmish::parse_action(&st, "round: p1 plays Flame Arow, p2 plays Parry").unwrap_err();
    assert_eq!(
        e,
        "no card named `Flame Arow` is in either deck; did you mean `Flame Arrow`?"
    );
    let e = Skirmish::parse_action(&st, "round: p3 plays Parry").unwrap_err();
    assert!(e.contains("cannot read `p3 plays Parry`"), "{e}");
    let e = Skirmish::parse_action(&st, "round: p1 blocks Parry, p2 plays Parry").unwrap_err();
    assert!(e.contains("a round says what each player plays"), "{e}");
    let e = Skirmish::parse_action(&st, "p1 discards Parry, Nope").unwrap_err();
    assert!(e.contains("no card named `Nope`"), "{e}");
    let e = Skirmish::parse_action(&st, "round:").unwrap_err();
    assert!(e.contains("empty action"), "{e}");
}

#[test]
fn queries_name_what_they_cannot_read() {
    let st = stacked(&hand_of(&[], "Ember Jab"), &hand_of(&[], "Parry"));
    let e = Skirmish::query(&st, "p1.helth").unwrap_err();
    assert!(
        e.starts_with("unknown skirmish query `p1.helth`; did you mean `p1.health`?"),
        "{e}"
    );
    assert!(Skirmish::query(&st, "p3.health").is_err());
    assert!(Skirmish::query(&st, "").is_err());
    assert_eq!(q(&st, "p1.hp"), Value::Int(20));
    assert_eq!(q(&st, "p1.hand-limit"), Value::Int(7));
    assert_eq!(q(&st, "phase"), Value::Str("pick".into()));
}

// --- random self-play --------------------------------------------------------------------

/// A random deck of `n` cards (any mix of the colours) from the whole card pool.
fn random_deck(rng: &mut Rng, n: usize) -> Vec<u32> {
    let cards = game().cards.len();
    (0..n).map(|_| rng.below(cards) as u32).collect()
}

/// A deck that follows the casual format's colour minimums, 30 to 40 cards, ≤ 3 per title.
fn casual_deck(rng: &mut Rng) -> Vec<u32> {
    let game = game();
    let of = |colour: &str| -> Vec<u32> {
        (0..game.cards.len() as u32)
            .filter(|&i| game.cards[i as usize].colours() == [colour])
            .collect()
    };
    let pools = [of("red"), of("blue"), of("green")];
    let mut counts = vec![0u8; game.cards.len()];
    let mut deck = Vec::new();
    let mut take = |pool: &[u32], n: usize, rng: &mut Rng, deck: &mut Vec<u32>| {
        let mut added = 0;
        while added < n {
            let c = pool[rng.below(pool.len())];
            if counts[c as usize] < 3 {
                counts[c as usize] += 1;
                deck.push(c);
                added += 1;
            }
        }
    };
    take(&pools[0], 15, rng, &mut deck);
    take(&pools[1], 10, rng, &mut deck);
    take(&pools[2], 5, rng, &mut deck);
    let extra = rng.below(11);
    for _ in 0..extra {
        let colour = rng.below(3);
        take(&pools[colour], 1, rng, &mut deck);
    }
    deck
}

/// The health change of one round, computed straight from the card database, independently
/// of the engine's tables: what "the round's resolved effects" add up to.
fn oracle(game: &Game, cards: [Option<&Card>; 2], conflicts: &[[String; 2]]) -> [i64; 2] {
    let kinds = |c: Option<&Card>| -> Vec<&'static str> {
        c.map_or(Vec::new(), |c| {
            c.effects
                .iter()
                .map(|e| crate::lint::effect_kind(e.get_ref()))
                .collect()
        })
    };
    let (ka, kb) = (kinds(cards[0]), kinds(cards[1]));
    let clash = conflicts.iter().any(|[x, y]| {
        (ka.contains(&x.as_str()) && kb.contains(&y.as_str()))
            || (ka.contains(&y.as_str()) && kb.contains(&x.as_str()))
    });
    let value = |c: &Card| c.stat("value").unwrap_or(0);
    let has = |c: &Card, f: fn(&Effect) -> bool| !clash && c.effects.iter().any(|e| f(e.get_ref()));
    let mut delta = [0i64; 2];
    for me in 0..2 {
        let them = 1 - me;
        let Some(card) = cards[me] else { continue };
        let green = cards[them]
            .filter(|c| c.colours() == ["green"])
            .map_or(0, value);
        let pierce = has(card, |e| matches!(e, Effect::Pierce));
        let blocked = if pierce { 0 } else { green.min(value(card)) };
        match card.colours().first().map(String::as_str) {
            Some("red") => {
                delta[them] -= value(card) - blocked;
                if cards[them].is_some_and(|g| has(g, |e| matches!(e, Effect::Reflect))) {
                    delta[me] -= blocked;
                }
            }
            Some("blue") => delta[me] += value(card) - blocked,
            _ => {}
        }
        if !clash {
            for e in &card.effects {
                let (sign, target, amount) = match e.get_ref() {
                    Effect::Heal { target, amount } => (1, *target, *amount),
                    Effect::Damage { target, amount } => (-1, *target, *amount),
                    _ => continue,
                };
                let who = if target == Target::OwnPlayer {
                    me
                } else {
                    them
                };
                delta[who] += sign * amount;
            }
        }
    }
    let _ = game;
    delta
}

/// The setup of random game `g`: mostly format-like decks; one game in forty with tiny decks,
/// to exercise reshuffles, empty hands and the round limit (tiny all-Green decks never end).
fn random_setup(g: u64, seed: u64, decks_rng: &mut Rng) -> Setup<'static> {
    let small = g % 40 == 0;
    let mut deck = || {
        let cards = if small {
            let n = decks_rng.below(10);
            random_deck(decks_rng, n)
        } else {
            casual_deck(decks_rng)
        };
        SeatDeck {
            zones: vec![("main".into(), cards)],
            stacked: false,
        }
    };
    Setup {
        game: game(),
        decks: [deck(), deck()],
        seed: seed ^ g,
        first: None,
    }
}

/// 0 p1 wins, 1 p2 wins, 2 draw, 3 unfinished.
fn ending(outcome: &Outcome) -> usize {
    match (outcome.winner, outcome.reason) {
        (Some(Player::P1), _) => 0,
        (Some(Player::P2), _) => 1,
        (None, "both-zero") => 2,
        _ => 3,
    }
}

/// Plays `games` seeded games with my own random loop, checking every round's health change
/// against [`oracle`], which reads the card database directly.
fn oracle_play(games: u64, seed: u64) -> [u32; 4] {
    let game = game();
    let mut seen = [0u32; 4];
    let mut decks_rng = Rng::new(seed);
    let mut actions = Vec::new();
    let mut events = Vec::new();
    for g in 0..games {
        let setup = random_setup(g, seed, &mut decks_rng);
        events.clear();
        let mut st = Skirmish::setup(&setup, &mut events).unwrap();
        Skirmish::check_invariants(&st).unwrap();
        let mut players = Rng::new(g);
        while Skirmish::outcome(&st).is_none() {
            Skirmish::legal_actions(&st, &mut actions);
            let action = players
                .pick(&actions)
                .expect("a live game has a legal action")
                .clone();
            let phase = st.phase();
            let before = health(&st);
            let hands = [
                st.seat(Player::P1).hand_len(),
                st.seat(Player::P2).hand_len(),
            ];
            events.clear();
            Skirmish::apply(&mut st, &action, &mut events)
                .unwrap_or_else(|e| panic!("game {g}: legal action {action} refused: {e}"));
            Skirmish::check_invariants(&st).unwrap_or_else(|e| {
                panic!("game {g}, round {}: {e}\n{}", st.round(), text(&events))
            });
            if phase == Phase::Pick {
                let cards = [Player::P1, Player::P2].map(|p| {
                    action
                        .pick(p)
                        .map(|c| &game.cards[game.find(c.name.0).unwrap()])
                });
                let want = oracle(game, cards, &game.def.effect_conflicts);
                let after = health(&st);
                assert_eq!(
                    [after[0] - before[0], after[1] - before[1]],
                    want,
                    "game {g} round {}: {action}\n{}",
                    st.round(),
                    text(&events)
                );
                for (i, p) in Player::BOTH.into_iter().enumerate() {
                    // A card was played from any non-empty hand.
                    assert_eq!(action.pick(p).is_some(), hands[i] > 0);
                }
            }
            // At each draw phase no hand is over its limit. An action that leaves the game
            // waiting for picks has just run the draw phase.
            let drew = st.phase() == Phase::Pick && !st.is_over();
            if drew {
                for p in Player::BOTH {
                    let seat = st.seat(p);
                    let drawn = events.iter().filter(|e| matches!(e, Event::Draw { player, cause: DrawCause::DrawPhase, .. } if *player == p)).count();
                    assert!(
                        seat.hand_len() - drawn <= usize::from(seat.hand_limit),
                        "game {g}: {p} drew with {} cards, limit {}",
                        seat.hand_len() - drawn,
                        seat.hand_limit
                    );
                }
            }
        }
        seen[ending(&Skirmish::outcome(&st).unwrap())] += 1;
    }
    seen
}

/// The shared conformance suite: the shared random player checking `check_invariants` and
/// `check_transition` after every action, scripts read back, seeds replayed.
#[test]
fn seeded_games_conform() {
    // Every ending happens.
    conformance::<Skirmish>(
        |g| random_setup(g, 0x5eed, &mut Rng::new(0x5eed ^ g)),
        5000,
        &["health-zero", "both-zero", "round-limit"],
    );
}

#[test]
fn random_rounds_change_health_exactly_as_the_cards_say() {
    let seen = oracle_play(1000, 0x0dd);
    assert_eq!(seen.iter().sum::<u32>(), 1000);
}

#[test]
fn unrecorded_rounds_resolve_each_pair_of_cards_as_recorded_ones() {
    // Every card of the test database against every other and against an empty hand's
    // nothing, in both seats.
    let names: Vec<&str> = game().cards.iter().map(|c| c.name()).collect();
    let reversed: Vec<&str> = names.iter().rev().copied().collect();
    let state = stacked(&names, &reversed);
    let table = &state.table;
    let played: Vec<Option<cards::Kind>> = std::iter::once(None)
        .chain((0..table.cards.len()).map(|k| Some(k as cards::Kind)))
        .collect();
    for &a in &played {
        for &b in &played {
            let mut events = Vec::new();
            let recorded = turn::clash(table, [a, b], &mut events);
            assert_eq!(table.clash([a, b]), recorded, "{a:?} against {b:?}: {events:?}");
        }
    }
}

#[test]
fn a_thread_prepares_a_duel_once_and_another_thread_its_own() {
    let game = game();
    let setup = Setup {
        game,
        decks: [
            seat(game, &hand_of(&[], "Ember Jab"), false),
            seat(game, &hand_of(&[], "Parry"), false),
        ],
        seed: 3,
        first: None,
    };
    let here = Duel::prepared(&setup).unwrap();
    assert!(
        Arc::ptr_eq(&here, &Duel::prepared(&setup).unwrap()),
        "the same decks of the same game, on the same thread: the duel kept"
    );
    let there = std::thread::scope(|s| s.spawn(|| Duel::prepared(&setup).unwrap()).join())
        .unwrap();
    assert!(!Arc::ptr_eq(&here, &there), "another thread prepares its own");
    assert!(!Arc::ptr_eq(&here.table, &there.table), "with its own table");
    let mut other = setup.decks.clone();
    other.swap(0, 1);
    let swapped = Setup {
        decks: other,
        ..setup
    };
    assert!(
        !Arc::ptr_eq(&here, &Duel::prepared(&swapped).unwrap()),
        "other decks, another duel"
    );
}
