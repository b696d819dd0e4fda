//! The engines on a pool they do not model: a deck holding cards marked `unmodelled` (a card
//! of another tool's pool) is refused by every command that plays, naming each such card,
//! unless `--vanilla` plays them by their stats alone, which the result then says. The pool
//! and decks are ours, in tests/data/vanilla/.

use crate::support::decksmith;

const POOL: &str = "tests/data/vanilla/pool.toml";
const FOREIGN: &str = "tests/data/vanilla/foreign.deck";
const PLAIN: &str = "tests/data/vanilla/plain.deck";
const SCRIPT: &str = "tests/data/vanilla/spark.match.toml";
const UNMODELLED: [&str; 2] = ["Foundry Spark", "Tidewell Charm"];

fn with_pool<'a>(args: &[&'a str]) -> Vec<&'a str> {
    let mut all = vec!["--db", POOL];
    all.extend_from_slice(args);
    all
}

/// `sim` of the two decks, four games of random players, and `extra`.
fn sim(extra: &[&'static str]) -> Vec<&'static str> {
    let mut args = vec![
        "sim", FOREIGN, PLAIN, "--games", "4", "--p1", "random", "--p2", "random",
    ];
    args.extend_from_slice(extra);
    with_pool(&args)
}

/// Each command that plays refuses the deck (exit 2) with one diagnostic naming every
/// unmodelled card once, and plays nothing.
#[test]
fn every_command_that_plays_refuses_unmodelled_cards_naming_them() {
    let random = with_pool(&["match", "random", "--deck", FOREIGN, "--deck", PLAIN]);
    let run = with_pool(&["match", "run", SCRIPT]);
    for args in [sim(&[]), random, run] {
        let out = decksmith(&args).expect(2);
        assert!(out.stdout.is_empty(), "{args:?} printed {}", out.stdout);
        assert!(
            out.stderr.contains("does not model the text of 2 cards"),
            "{}",
            out.stderr
        );
        for card in UNMODELLED {
            assert_eq!(
                out.stderr.matches(&format!("`{card}`")).count(),
                1,
                "{}",
                out.stderr
            );
        }
        assert!(out.stderr.contains("--vanilla"), "{}", out.stderr);
    }
}

#[test]
fn the_refusal_as_a_user_sees_it() {
    let out = decksmith(sim(&[])).expect(2);
    insta::assert_snapshot!(out.stderr);
}

/// A deck of modelled cards only plays as before: no `vanilla` line, no `vanilla` field.
#[test]
fn a_modelled_pool_plays_without_a_word_of_vanilla() {
    let args = with_pool(&[
        "sim",
        PLAIN,
        PLAIN,
        "--games",
        "2",
        "--p1",
        "random",
        "--p2",
        "random",
        "--vanilla",
    ]);
    let out = decksmith(&args).expect(0);
    assert!(!out.stdout.contains("vanilla"), "{}", out.stdout);
    let json = decksmith([&args[..], &["--output", "json"]].concat())
        .expect(0)
        .json();
    assert!(json["plan"].get("vanilla").is_none(), "{json}");
}

#[test]
fn sim_with_vanilla_plays_them_and_says_so() {
    let out = decksmith(sim(&["--vanilla"])).expect(0);
    let first = out.stdout.lines().nth(1).unwrap_or_default();
    assert_eq!(
        first,
        "vanilla: 2 cards played by stats alone, text not modelled: `Foundry Spark`, `Tidewell Charm`"
    );
    let json = decksmith(sim(&["--vanilla", "--output", "json"]))
        .expect(0)
        .json();
    assert_eq!(json["plan"]["vanilla"], serde_json::json!(UNMODELLED));
    assert_eq!(json["tallies"][0]["games"], 4);
}

#[test]
fn match_random_with_vanilla_plays_them_and_says_so() {
    let args = with_pool(&[
        "match",
        "random",
        "--deck",
        FOREIGN,
        "--deck",
        PLAIN,
        "--games",
        "2",
        "--vanilla",
    ]);
    let out = decksmith(&args).expect(0);
    assert!(
        out.stdout.ends_with(
            "vanilla: 2 cards played by stats alone, text not modelled: `Foundry Spark`, `Tidewell Charm`\n"
        ),
        "{}",
        out.stdout
    );
    let json = decksmith([&args[..], &["--output", "json"]].concat())
        .expect(0)
        .json();
    assert_eq!(json["vanilla"], serde_json::json!(UNMODELLED));
    assert_eq!(json["summary"]["games"], 2);
}

/// The unmodelled card plays as the Red 2 its stats make it, and the result names it.
#[test]
fn match_run_with_vanilla_plays_them_by_their_stats() {
    let out = decksmith(with_pool(&["match", "run", SCRIPT, "--vanilla"])).expect(0);
    insta::assert_snapshot!(out.stdout);
    let json = decksmith(with_pool(&[
        "match",
        "run",
        SCRIPT,
        "--vanilla",
        "--output",
        "json",
    ]))
    .expect(0)
    .json();
    assert_eq!(json["vanilla"], serde_json::json!(UNMODELLED));
    assert_eq!(json["passed"], true);
}
