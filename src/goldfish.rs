//! Sample hands (`decksmith draw`, "goldfishing"): each dealt pile shuffled with a seeded
//! generator, the opening hand and each turn's cards taken as `[game.setup]` says, so that a
//! seed deals the same hands on every machine.

use crate::card_db::Game;
use crate::engine::rng::Rng;
use crate::stats::Resolved;
use serde::Serialize;

/// One sample game's cards, for one player.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Hand {
    /// The opening hand (and whatever the other piles deal before turn 1), as card indices.
    pub opening: Vec<Taken>,
    /// What each turn adds, turn 1 first.
    pub turns: Vec<Vec<Taken>>,
}

/// A card taken from a pile.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
pub struct Taken {
    /// Index into the game's setup piles.
    pub pile: usize,
    /// Index into the game's cards.
    pub card: usize,
}

/// Deals `hands` sample games of `turns` turns each from `seed`, going first when
/// `on_the_play`. `None` when the game declares no deal.
pub fn deal(
    deck: &Resolved,
    game: &Game,
    seed: u64,
    hands: u32,
    turns: u32,
    on_the_play: bool,
) -> Option<Vec<Hand>> {
    let setup = game.def.setup.as_ref()?;
    let piles: Vec<Vec<usize>> = setup
        .piles
        .iter()
        .map(|p| {
            let zone = game.def.zones.iter().position(|z| z.id == p.zone);
            let mut cards = Vec::new();
            for &(card, n) in zone
                .and_then(|z| deck.zone(z))
                .map_or(&[][..], |z| &z.cards)
            {
                cards.extend(std::iter::repeat_n(card, n as usize));
            }
            cards
        })
        .collect();
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(hands as usize);
    for _ in 0..hands {
        let mut shuffled = piles.clone();
        for pile in &mut shuffled {
            rng.shuffle(pile);
        }
        // Cards taken so far from each pile; a turn takes up to what the odds count by then.
        let mut taken = vec![0usize; piles.len()];
        let take_until = |turn: u32, taken: &mut [usize]| {
            let mut got = Vec::new();
            for (i, (pile, cards)) in setup.piles.iter().zip(&shuffled).enumerate() {
                let until = usize::try_from(pile.taken_by(turn, on_the_play))
                    .unwrap_or(usize::MAX)
                    .min(cards.len());
                for &card in &cards[taken[i].min(until)..until] {
                    got.push(Taken { pile: i, card });
                }
                taken[i] = taken[i].max(until);
            }
            got
        };
        let opening = take_until(0, &mut taken);
        let turns = (1..=turns).map(|t| take_until(t, &mut taken)).collect();
        out.push(Hand { opening, turns });
    }
    Some(out)
}

/// Thousands of seeded sample hands must land within sampling error of the exact odds of
/// `stats`, which ties the formula, the game's setup and the dealer together.
#[cfg(test)]
mod tests {
    use super::deal;
    use crate::stats::tests::load;
    use crate::stats::{compute, Group, Options};

    /// Deals 20,000 seeded games and compares how often each card was seen with the exact odds.
    fn dealt_matches_exact(path: &str, at_least: u32) {
        let (deck, game, format) = load(path);
        let turns = 4;
        let options = Options {
            turns,
            at_least,
            groups: vec![Group {
                query: "first two cards".into(),
                cards: deck
                    .zones
                    .iter()
                    .flat_map(|z| &z.cards)
                    .map(|&(c, _)| c)
                    .take(2)
                    .collect(),
            }],
        };
        let exact = compute(&deck, game, format, &options).odds.unwrap();
        let games = 20_000;
        for on_the_play in [true, false] {
            let hands = deal(&deck, game, 7, games, turns, on_the_play).unwrap();
            for r in &exact.rows {
                let wanted: Vec<usize> = if r.kind == "query" {
                    options.groups[0].cards.clone()
                } else {
                    game.cards
                        .iter()
                        .position(|c| c.name() == r.label)
                        .into_iter()
                        .collect()
                };
                for t in 0..=turns {
                    let seen = hands
                        .iter()
                        .filter(|h| {
                            let cards = h
                                .opening
                                .iter()
                                .chain(h.turns[..t as usize].iter().flatten());
                            cards.filter(|c| wanted.contains(&c.card)).count() >= at_least as usize
                        })
                        .count();
                    let sampled = seen as f64 / f64::from(games);
                    let p = &r.by_turn[t as usize];
                    let p = if on_the_play {
                        p.on_the_play
                    } else {
                        p.on_the_draw
                    };
                    // Four standard errors (at worst 0.0035 at p = 0.5), plus rounding.
                    let tolerance = 4.0 * (p * (1.0 - p) / f64::from(games)).sqrt() + 1e-5;
                    assert!(
                        (sampled - p).abs() <= tolerance,
                        "{path} {} turn {t} play {on_the_play}: dealt {sampled}, exact {p}",
                        r.label
                    );
                }
            }
        }
    }

    /// The first legal example deck of every game with examples, and one deck asked for at
    /// least two copies.
    #[test]
    fn dealt_hands_agree_with_the_odds_in_every_game() {
        let catalog = crate::catalog::Catalog::embedded().unwrap();
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut dealt = 0;
        for game in catalog.games.keys() {
            let Ok(entries) = std::fs::read_dir(root.join("examples/decks").join(game)) else {
                continue;
            };
            let mut legal: Vec<String> = entries
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .filter(|n| n.starts_with("legal-"))
                .collect();
            legal.sort();
            dealt_matches_exact(&format!("examples/decks/{game}/{}", legal[0]), 1);
            dealt += 1;
        }
        assert!(dealt >= 3, "every shipped game has example decks");
        dealt_matches_exact("examples/decks/skirmish/legal-tournament-15-10-5.deck", 2);
    }
}
