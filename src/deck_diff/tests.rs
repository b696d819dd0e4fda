use super::*;
use crate::encoding::text;

fn fow() -> &'static Game {
    let catalog = Catalog::embedded().unwrap();
    catalog.game("fow").unwrap()
}

fn lines(d: &CardDiff) -> Vec<String> {
    let mut out = Vec::new();
    for z in &d.zones {
        out.extend(
            z.added
                .iter()
                .map(|c| format!("{} +{} {}", z.zone, c.count, c.card)),
        );
        out.extend(
            z.removed
                .iter()
                .map(|c| format!("{} -{} {}", z.zone, c.count, c.card)),
        );
    }
    out.extend((d.moves.iter()).map(|m| {
        format!(
            "{}: {} {} → {}",
            m.copies.card, m.copies.count, m.from, m.to
        )
    }));
    out
}

#[test]
fn spellings_and_ids_of_one_card_are_the_same_card() {
    let a = text::parse("Main:\n4 Flame Lance\n");
    let b = text::parse("Main:\n2 flame lance\n2 FW-025\n");
    assert_eq!(lines(&card_diff(&a, &b, Some(fow()))), Vec::<String>::new());
    // Without a game there is no database to say so: the id is another card.
    let d = card_diff(&a, &b, None);
    assert_eq!(lines(&d), ["Main +2 FW-025", "Main -2 Flame Lance"]);
}

#[test]
fn copies_that_change_zone_are_a_move_and_the_rest_adds_or_removes() {
    let a = text::parse("Main:\n3 Flame Lance\nSide:\n1 Flame Lance\n");
    // 2 move to the side (3 → 1 in main), and 1 more copy comes (side 1 → 4).
    let b = text::parse("Main:\n1 Flame Lance\nSide:\n4 Flame Lance\n");
    let d = card_diff(&a, &b, Some(fow()));
    assert_eq!(
        lines(&d),
        ["side +1 Flame Lance", "Flame Lance: 2 main → side"]
    );
    assert_eq!((d.added(), d.removed(), d.moved()), (1, 0, 2));
    // And back again: the move reverses, the extra copy goes.
    let back = card_diff(&b, &a, Some(fow()));
    assert_eq!(
        lines(&back),
        ["side -1 Flame Lance", "Flame Lance: 2 side → main"]
    );
    assert_eq!((back.added(), back.removed(), back.moved()), (0, 1, 2));
}

#[test]
fn unknown_names_are_kept_as_written_and_matched_by_their_key() {
    let a = text::parse("Main:\n1 Flame Lance\n2 Mystery  Card\n");
    let b = text::parse("Main:\n1 Flame Lance\n3 mystery card\n1 Other Thing\n");
    let d = card_diff(&a, &b, Some(fow()));
    assert_eq!(lines(&d), ["main +1 Mystery  Card", "main +1 Other Thing"]);
    assert!(d.zones[0].added[0].id.is_none());
}

#[test]
fn the_same_list_twice_has_no_change() {
    let a = text::parse("Ruler:\n1 Crimson Warden\nMain:\n4 Flame Lance\n");
    let d = card_diff(&a, &a.clone(), Some(fow()));
    assert!(d.is_empty());
    assert_eq!((d.added(), d.removed(), d.moved()), (0, 0, 0));
}
