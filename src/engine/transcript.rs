//! Transcripts: what happened in a scripted match, game by game — every event the engine
//! reported, every scripted action, every expectation and its result. The text rendering is
//! the golden file beside each script that `match verify` compares ([`verify`]); it holds no
//! paths, line numbers or colours, so it only changes when play changes.

use super::play::{self, Prepared};
use super::script::SCRIPT_SUFFIX;
use super::{Outcome, Player, Value};
use crate::catalog::Catalog;
use crate::check::DeckOutcome;
use crate::diagnostic::Problem;
use crate::error::Error;
use crate::validate::Severity;
use serde::Serialize;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

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

/// How a script's transcript compares with its golden file.
pub enum Golden {
    Same,
    /// `--bless`: the golden file was (re)written.
    Blessed,
    /// No golden file yet.
    Missing,
    Differs {
        golden: String,
        /// `- golden`, `+ now` lines.
        diff: String,
    },
}

/// A script `match verify` could play.
pub struct Played {
    pub game: String,
    /// Failed expectations and illegal actions.
    pub failures: Vec<Problem>,
    pub transcript: String,
    pub golden_path: String,
    pub golden: Golden,
}

/// One script's result in `match verify`.
pub enum Verified {
    IllegalDeck(Vec<DeckOutcome>),
    Broken(Vec<Problem>),
    Played(Played),
}

/// Plays the script at `path` and compares (or, with `bless`, writes) its golden transcript.
pub fn verify(catalog: &Catalog, path: &Path, bless: bool) -> Result<Verified, Error> {
    let prepared = match play::prepare(catalog, path, false)? {
        Prepared::Ready(p) => p,
        Prepared::IllegalDeck(outcomes) => return Ok(Verified::IllegalDeck(outcomes)),
        Prepared::Broken(problems) => return Ok(Verified::Broken(problems)),
    };
    let result = match play::run(&prepared) {
        Ok(r) => r,
        Err(problems) => return Ok(Verified::Broken(problems)),
    };
    let transcript = result.transcript.render();
    let golden_path = golden_path(path);
    let golden = if bless {
        std::fs::write(&golden_path, &transcript).map_err(|source| Error::Write {
            path: golden_path.clone(),
            source,
        })?;
        Golden::Blessed
    } else {
        match std::fs::read_to_string(&golden_path) {
            Ok(golden) => {
                let diff = diff(&golden, &transcript);
                if diff.is_empty() {
                    Golden::Same
                } else {
                    Golden::Differs { golden, diff }
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Golden::Missing,
            Err(source) => {
                return Err(Error::Read {
                    path: golden_path,
                    source,
                })
            }
        }
    };
    Ok(Verified::Played(Played {
        game: prepared.script.game.value.clone(),
        failures: result.failures,
        transcript,
        golden_path: golden_path.display().to_string(),
        golden,
    }))
}

/// Plays `path` against `catalog` (`db diff --matches`): the rendered transcript, or why it
/// could not be played (a deck illegal in its format, a broken script). Only I/O and broken
/// card data are errors.
pub fn of_script(catalog: &Catalog, path: &Path) -> Result<Result<String, String>, Error> {
    let why = |problems: &[Problem]| {
        let messages: Vec<&str> = problems.iter().map(|p| p.message.as_str()).collect();
        messages.join("; ")
    };
    let prepared = match play::prepare(catalog, path, false)? {
        Prepared::Ready(p) => p,
        Prepared::IllegalDeck(outcomes) => {
            let findings: Vec<String> = outcomes
                .iter()
                .flat_map(|o| &o.verdict.findings)
                .filter(|f| f.severity == Severity::Error)
                .map(|f| format!("{}: {}", f.rule, f.message))
                .collect();
            return Ok(Err(format!(
                "a deck is not legal in the script's format ({})",
                findings.join("; ")
            )));
        }
        Prepared::Broken(problems) => return Ok(Err(why(&problems))),
    };
    Ok(play::run(&prepared)
        .map(|result| result.transcript.render())
        .map_err(|problems| why(&problems)))
}

/// The suffix of a script's golden transcript, stored beside it.
pub const TRANSCRIPT_SUFFIX: &str = ".transcript";

/// The name of the golden transcript stored beside a script.
pub fn golden_path(script: &Path) -> PathBuf {
    let name = script
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let stem = name.strip_suffix(SCRIPT_SUFFIX).unwrap_or(&name);
    script.with_file_name(format!("{stem}{TRANSCRIPT_SUFFIX}"))
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

    #[test]
    fn transcript_sits_beside_its_script() {
        assert_eq!(
            golden_path(Path::new("a/b/combat.match.toml")),
            Path::new("a/b/combat.transcript")
        );
    }
}
