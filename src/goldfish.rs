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
