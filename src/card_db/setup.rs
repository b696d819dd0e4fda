//! How a game deals its cards (`[game.setup]` in `game.toml`): the piles drawn from, the opening
//! hand, the draws of each turn and who skips the first one. `stats` computes draw odds from it
//! and `draw` deals sample hands with it, so a game added as data alone declares its own.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, Eq, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Setup {
    /// Both players take each turn together (the red/blue/green duel), so nobody is on the play
    /// or on the draw.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub simultaneous: bool,
    /// The piles cards are drawn from, each a deck zone shuffled on its own. Zones not listed
    /// (a Hero or ruler set out at the start, a side deck) are never drawn.
    pub piles: Vec<Pile>,
}

#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, Eq, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Pile {
    /// The deck zone shuffled into this pile.
    pub zone: String,
    /// What taking a card from it is called (`draw`, `call`), for output.
    #[serde(default = "draw_word")]
    pub verb: String,
    /// Cards taken before the first turn (the opening hand).
    #[serde(default)]
    pub opening: u32,
    /// Cards taken in each turn, by the time the turn's cards are played.
    pub per_turn: u32,
    /// Who takes cards from this pile in turn 1.
    #[serde(default)]
    pub first_turn: FirstTurn,
}

fn draw_word() -> String {
    "draw".to_owned()
}

/// Who takes a pile's cards in turn 1.
#[derive(
    Debug, Clone, Copy, Default, Deserialize, Serialize, PartialEq, Eq, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum FirstTurn {
    /// Both players.
    #[default]
    Both,
    /// Only the player going second: the first player skips the draw of turn 1.
    SecondPlayer,
    /// Neither: turn 1 is played from the opening hand alone (a draw that comes after the
    /// turn's cards are played).
    Neither,
}

impl Pile {
    /// Cards taken from the pile by the time turn `turn` is played (turn 0: the opening alone),
    /// going first (`on_the_play`) or second.
    pub fn taken_by(&self, turn: u32, on_the_play: bool) -> u64 {
        if turn == 0 {
            return u64::from(self.opening);
        }
        let skips = match self.first_turn {
            FirstTurn::Both => false,
            FirstTurn::SecondPlayer => on_the_play,
            FirstTurn::Neither => true,
        };
        let turns = u64::from(turn) - u64::from(skips);
        u64::from(self.opening) + turns * u64::from(self.per_turn)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pile(opening: u32, first_turn: FirstTurn) -> Pile {
        Pile {
            zone: "main".into(),
            verb: draw_word(),
            opening,
            per_turn: 1,
            first_turn,
        }
    }

    #[test]
    fn the_first_player_skips_only_the_turn_one_draw() {
        let p = pile(5, FirstTurn::SecondPlayer);
        assert_eq!(p.taken_by(0, true), 5);
        assert_eq!(p.taken_by(1, true), 5);
        assert_eq!(p.taken_by(1, false), 6);
        assert_eq!(p.taken_by(3, true), 7);
        assert_eq!(p.taken_by(3, false), 8);
    }

    #[test]
    fn a_draw_after_play_leaves_turn_one_to_the_opening_hand() {
        let p = pile(7, FirstTurn::Neither);
        assert_eq!(p.taken_by(1, true), 7);
        assert_eq!(p.taken_by(1, false), 7);
        assert_eq!(p.taken_by(4, false), 10);
    }
}
