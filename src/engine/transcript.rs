//! Transcripts: what happened in a scripted match, game by game — every event the engine
//! reported, every scripted action, every expectation and its result. The text rendering is
//! the golden file `match verify` compares; it holds no paths, line numbers or colours, so it
//! only changes when play changes.

use super::{Outcome, Player, Value};
use serde::Serialize;
use std::fmt::Write as _;

#[derive(Debug, Clone, Serialize)]
pub struct Transcript {
    pub game: String,
    pub format: String,
    pub best_of: u32,
    pub games: Vec<GameLog>,
    pub series: Series,
    /// Set when a step stopped the run (an illegal action): the rest of the script was not
    /// played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct GameLog {
    pub number: u32,
    pub seed: u64,
    pub entries: Vec<Entry>,
    /// `None` when the script stops before the game ends.
    pub outcome: Option<Outcome>,
}

#[derive(Debug, Clone, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Entry {
    /// Something the engine reported; `data` is the engine's own structured event.
    Event {
        text: String,
        data: serde_json::Value,
    },
    /// A scripted action that the engine accepted.
    Action { line: usize, text: String },
    /// An `expect` line and what the state held.
    Expect {
        line: usize,
        text: String,
        actual: Value,
        passed: bool,
    },
    /// An action the engine refused, as `expect illegal` asked (or not: `expected` false
    /// means the refusal stopped the script).
    Refused {
        line: usize,
        text: String,
        reason: String,
        expected: bool,
    },
}

/// Games won in a series so far.
#[derive(Debug, Clone, Copy, Default, Serialize)]
pub struct Series {
    pub p1: u32,
    pub p2: u32,
    pub draws: u32,
    /// Set once a player has won a majority of `best_of`.
    pub winner: Option<Player>,
}

impl Series {
    pub fn record(&mut self, outcome: &Outcome, best_of: u32) {
        match outcome.winner {
            Some(Player::P1) => self.p1 += 1,
            Some(Player::P2) => self.p2 += 1,
            None => self.draws += 1,
        }
        let needed = best_of / 2 + 1;
        if self.winner.is_none() {
            if self.p1 >= needed {
                self.winner = Some(Player::P1);
            } else if self.p2 >= needed {
                self.winner = Some(Player::P2);
            }
        }
    }

    /// `2-1`: p1's wins, then p2's.
    pub fn score(&self) -> String {
        format!("{}-{}", self.p1, self.p2)
    }
}

impl Transcript {
    /// The golden text.
    pub fn render(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "# decksmith match transcript: {} ({}), best of {}",
            self.game, self.format, self.best_of
        );
        for game in &self.games {
            let _ = writeln!(out, "\n== game {} (seed {}) ==", game.number, game.seed);
            for entry in &game.entries {
                match entry {
                    Entry::Event { text, .. } => {
                        let _ = writeln!(out, "  {text}");
                    }
                    Entry::Action { text, .. } => {
                        let _ = writeln!(out, "> {text}");
                    }
                    Entry::Expect {
                        text,
                        actual,
                        passed,
                        ..
                    } => {
                        if *passed {
                            let _ = writeln!(out, "✓ expect {text}");
                        } else {
                            let _ = writeln!(out, "✗ expect {text} (it is {actual})");
                        }
                    }
                    Entry::Refused {
                        text,
                        reason,
                        expected,
                        ..
                    } => {
                        let mark = if *expected { "✓" } else { "✗" };
                        let _ = writeln!(out, "{mark} illegal: {text}: {reason}");
                    }
                }
            }
            match &game.outcome {
                Some(o) => {
                    let who = o.winner.map_or("draw".to_owned(), |p| format!("{p} wins"));
                    let _ = writeln!(
                        out,
                        "== game {}: {who} ({}) after {} turns ==",
                        game.number, o.reason, o.turns
                    );
                }
                None => {
                    let _ = writeln!(out, "== game {}: not finished ==", game.number);
                }
            }
        }
        if let Some(reason) = &self.stopped {
            let _ = writeln!(out, "\n!! stopped: {reason}");
        }
        let s = &self.series;
        let verdict = match s.winner {
            Some(p) => format!("{p} wins the series"),
            None => "undecided".to_owned(),
        };
        let draws = if s.draws > 0 {
            format!(", {} drawn", s.draws)
        } else {
            String::new()
        };
        let _ = writeln!(out, "\nseries: p1 {}-{} p2{draws}: {verdict}", s.p1, s.p2);
        out
    }
}

/// A line diff of two transcripts, `-` for the golden side and `+` for the new one, with a
/// little context; empty when they are equal.
pub fn diff(golden: &str, actual: &str) -> String {
    use similar::{ChangeTag, TextDiff};
    if golden == actual {
        return String::new();
    }
    let diff = TextDiff::from_lines(golden, actual);
    let mut out = String::new();
    for (i, group) in diff.grouped_ops(2).iter().enumerate() {
        if i > 0 {
            out.push_str("  …\n");
        }
        for op in group {
            for change in diff.iter_changes(op) {
                let sign = match change.tag() {
                    ChangeTag::Delete => '-',
                    ChangeTag::Insert => '+',
                    ChangeTag::Equal => ' ',
                };
                let line = change.value();
                let _ = write!(out, "{sign} {line}");
                if !line.ends_with('\n') {
                    out.push('\n');
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn series_is_decided_by_a_majority() {
        let mut s = Series::default();
        let win = |p| Outcome {
            winner: Some(p),
            reason: "hp-zero",
            turns: 3,
        };
        s.record(&win(Player::P1), 3);
        assert_eq!(s.winner, None);
        s.record(&win(Player::P2), 3);
        s.record(
            &Outcome {
                winner: None,
                reason: "both-zero",
                turns: 4,
            },
            3,
        );
        assert_eq!(s.winner, None);
        s.record(&win(Player::P2), 3);
        assert_eq!(s.winner, Some(Player::P2));
        assert_eq!(s.score(), "1-2");
        let mut one = Series::default();
        one.record(&win(Player::P1), 1);
        assert_eq!(one.winner, Some(Player::P1));
    }

    #[test]
    fn diff_marks_changed_lines_only() {
        let d = diff("a\nb\nc\n", "a\nB\nc\n");
        assert_eq!(d, "  a\n- b\n+ B\n  c\n");
        assert_eq!(diff("same\n", "same\n"), "");
    }
}
