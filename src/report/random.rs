//! `match random`'s report: a row per game, then the tally.

use super::{human, json};
use crate::engine::random::{BatchGame, BatchTally};
use crate::error::plural;
use serde::Serialize;

/// Above this many games, `match random` keeps to the summary.
const ROWS_SHOWN: usize = 100;

/// A row per game (up to [`ROWS_SHOWN`]), then the tally.
pub fn human(games: &[BatchGame], vanilla_cards: &[String], colour: bool) -> String {
    let t = BatchTally::of(games);
    let mut tally = format!(
        "{}: p1 won {}, p2 won {}, {} drawn",
        plural(t.games, "game"),
        t.p1,
        t.p2,
        t.draws
    );
    if t.unfinished > 0 {
        tally.push_str(&format!(", {} unfinished", t.unfinished));
    }
    if games.len() > ROWS_SHOWN {
        return format!(
            "{tally} (one row per game: --output json)\n{}",
            human::vanilla(vanilla_cards)
        );
    }
    let mut table = human::new_table(colour);
    table.set_header(vec!["game", "seed", "winner", "reason", "turns", "actions"]);
    for g in games {
        let winner = match g.winner {
            Some(p) => p.to_string(),
            None if g.unfinished() => "unfinished".to_owned(),
            None => "draw".to_owned(),
        };
        table.add_row(vec![
            g.game.to_string(),
            g.seed.to_string(),
            winner,
            g.reason.clone(),
            g.turns.to_string(),
            g.actions.to_string(),
        ]);
    }
    format!("{table}\n{tally}\n{}", human::vanilla(vanilla_cards))
}

/// `match random`.
#[derive(Serialize)]
struct RandomJson<'a> {
    game: &'a str,
    games: &'a [BatchGame],
    summary: BatchTally,
    /// The cards played by their stats alone (`--vanilla`).
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    vanilla: &'a [String],
}

pub fn json(game: &str, games: &[BatchGame], vanilla: &[String]) -> String {
    json::to_string(&RandomJson {
        game,
        games,
        summary: BatchTally::of(games),
        vanilla,
    })
}
