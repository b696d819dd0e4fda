//! How a game deals its cards (`[game.setup]` in `game.toml`): the piles drawn from, the opening
//! hand, the draws of each turn and who skips the first one, and who goes first in each game of
//! a match. `stats` computes draw odds from it, `draw` deals sample hands with it and `sim
//! --best-of` picks later games' first players by it, so a game added as data alone declares
//! its own.

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
    /// Who goes first in the first game of a match and in each later one (ignored where play
    /// is `simultaneous`).
    #[serde(default, skip_serializing_if = "FirstPlayer::is_default")]
    pub first_player: FirstPlayer,
}

/// Who goes first, game by game (`[game.setup.first-player]`).
#[derive(
    Debug, Clone, Copy, Default, Deserialize, Serialize, PartialEq, Eq, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct FirstPlayer {
    /// The first game's rule (and that of a game after a drawn one).
    #[serde(default)]
    pub game_one: Opening,
    /// The rule of every later game of a match.
    #[serde(default)]
    pub later: Later,
}

impl FirstPlayer {
    fn is_default(&self) -> bool {
        *self == FirstPlayer::default()
    }

    /// Whether the loser of a game goes first in the next.
    pub fn loser_chooses(&self) -> bool {
        self.later == Later::LoserChooses
    }
}

/// How the first player of a game is found when nothing earlier in the match decides it.
#[derive(
    Debug, Clone, Copy, Default, Deserialize, Serialize, PartialEq, Eq, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Opening {
    /// Chosen at random (a coin flip, a die roll).
    #[default]
    Random,
    /// Each player reveals the top card of their shuffled deck; the higher card number goes
    /// first, a coin flip on a tie.
    HighestCardNumber,
}

/// Who goes first in game 2 and later of a match.
#[derive(
    Debug, Clone, Copy, Default, Deserialize, Serialize, PartialEq, Eq, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Later {
    /// The `game-one` rule again, every game.
    #[default]
    Again,
    /// The loser of the previous game chooses, and chooses to go first; after a drawn game
    /// the `game-one` rule decides.
    LoserChooses,
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
