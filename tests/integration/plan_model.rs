//! Sideboard plans applied to a deck (`Deck::with_plan`): the copies each swap moves, and
//! what a plan that cannot be made says. Here rather than beside the model, which may not use
//! the catalog or the encodings (tests/integration/layers.rs).

use decksmith::card_db::Game;
use decksmith::catalog::Catalog;
use decksmith::deck::{Deck, Located, Plan, Swap};

fn game(id: &str) -> &'static Game {
    Catalog::embedded().unwrap().game(id).unwrap()
}

fn deck() -> Deck {
    decksmith::encoding::text::parse(
        "Ruler:\n1 Crimson Warden\nMain:\n4 Ember Fox\n2 Magma Elemental\nSide:\n3 Halo Seraph\n2 Magma Elemental\n",
    )
}

fn plan(swaps: &[(bool, u32, &str)]) -> Plan {
    Plan {
        name: Located::bare("vs Titan Wall".into()),
        swaps: (swaps.iter())
            .enumerate()
            .map(|(i, &(into_main, count, card))| Swap {
                count,
                card: card.into(),
                into_main,
                span: None,
                line: Some(10 + i as u32),
            })
            .collect(),
    }
}

fn zone(deck: &Deck, name: &str) -> Vec<(u32, String)> {
    let zone = deck.zones.iter().find(|z| z.name == name).unwrap();
    (zone.entries.iter())
        .map(|e| (e.count, e.card.to_string()))
        .collect()
}

#[test]
fn swaps_move_copies_between_side_and_main() {
    let plan = plan(&[
        (true, 3, "halo seraph"),
        (true, 2, "Magma Elemental"),
        (false, 4, "Ember Fox"),
    ]);
    let post = deck().with_plan(&plan, game("fow")).unwrap();
    assert_eq!(
        zone(&post, "Main"),
        [(4, "Magma Elemental".into()), (3, "Halo Seraph".into())]
    );
    assert_eq!(zone(&post, "Side"), [(4, "Ember Fox".to_string())]);
    assert!(post.plans.is_empty());
}

#[test]
fn taking_all_the_side_holds_is_fine_and_one_more_is_not() {
    assert!(deck()
        .with_plan(&plan(&[(true, 3, "Halo Seraph")]), game("fow"))
        .is_ok());
    let err = (deck().with_plan(
        &plan(&[(true, 2, "Halo Seraph"), (true, 2, "Halo Seraph")]),
        game("fow"),
    ))
    .unwrap_err();
    assert_eq!(err.len(), 1);
    assert_eq!(err[0].line, Some(11));
    assert!(
        err[0]
            .message
            .contains("holds 3 `Halo Seraph`, the plan takes 4"),
        "{}",
        err[0].message
    );
}

#[test]
fn a_put_back_is_checked_against_the_main_deck_as_written() {
    // The `-` puts two Halo Seraphs nowhere: Main has none before the plan.
    let err = (deck().with_plan(
        &plan(&[(true, 3, "Halo Seraph"), (false, 1, "Halo Seraph")]),
        game("fow"),
    ))
    .unwrap_err();
    assert!(
        err[0]
            .message
            .contains("the main deck holds no `Halo Seraph`"),
        "{}",
        err[0].message
    );
}

#[test]
fn unknown_cards_get_a_suggestion() {
    let err = deck()
        .with_plan(&plan(&[(true, 1, "Halo Serap")]), game("fow"))
        .unwrap_err();
    assert_eq!(err[0].help, "did you mean `Halo Seraph`?");
}

#[test]
fn a_game_without_a_side_zone_refuses_the_plan() {
    let deck = decksmith::encoding::text::parse("Main:\n15 Ember Jab\n");
    let err = deck
        .with_plan(&plan(&[(true, 1, "Ember Jab")]), game("skirmish"))
        .unwrap_err();
    assert!(
        err[0].message.contains("no side zone"),
        "{}",
        err[0].message
    );
}

#[test]
fn a_deck_without_a_side_header_gets_one_for_what_is_put_back() {
    let deck = decksmith::encoding::text::parse("4 Ember Fox\n");
    let post = deck
        .with_plan(&plan(&[(false, 1, "Ember Fox")]), game("fow"))
        .unwrap();
    assert_eq!(zone(&post, "main"), [(3, "Ember Fox".to_string())]);
    assert_eq!(zone(&post, "Side"), [(1, "Ember Fox".to_string())]);
}
