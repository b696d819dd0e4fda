//! Plays a script through any engine: sets up each game of the series, hands each action line
//! to the engine, checks each expectation, and records the transcript. An action the engine
//! refuses stops the run with a diagnostic at its script line; a failed expectation is reported
//! and play goes on.

use super::expect::{self, Expectation};
use super::script::{GamePlan, Script, Step, StepKind};
use super::transcript::{Entry, GameLog, Series, Transcript};
use super::{Engine, Outcome, SeatDeck, Setup, Value};
use crate::card_db::Game;
use crate::diagnostic::Problem;

/// What a script run produced.
#[derive(Debug, Clone)]
pub struct RunResult {
    pub transcript: Transcript,
    /// Failed expectations and the action that stopped the run (exit status 1).
    pub failures: Vec<Problem>,
}

/// A script that cannot be played at all (exit status 2): a setup the engine refuses, an
/// expectation about something the engine does not know.
#[derive(Debug, Clone)]
pub struct Broken(pub Vec<Problem>);

/// Plays `script` with engine `E`. `seats[g]` are the two decks of game `g` (stacks applied).
pub fn run<E: Engine>(
    script: &Script,
    game: &Game,
    format: &str,
    seats: &[[SeatDeck; 2]],
) -> Result<RunResult, Broken> {
    let best_of = script.best_of.unwrap_or(E::BEST_OF).max(1);
    let mut transcript = Transcript {
        game: game.id().to_owned(),
        format: format.to_owned(),
        best_of,
        games: Vec::new(),
        series: Series::default(),
        stopped: None,
    };
    let mut found = Found::default();
    let mut outcomes: Vec<Outcome> = Vec::new();
    let mut events: Vec<E::Event> = Vec::new();

    for (plan, decks) in script.games.iter().zip(seats) {
        if let Some(winner) = transcript.series.winner {
            found.broken.push(script.error(
                plan.span.clone(),
                format!(
                    "the series is already decided ({winner} won {}); game {} cannot be played",
                    transcript.series.score(),
                    plan.number
                ),
            ));
            break;
        }
        if let Some(previous) = transcript.games.last() {
            if previous.outcome.is_none() {
                found.broken.push(
                    script
                        .error(
                            plan.span.clone(),
                            format!(
                                "game {} starts before game {} has ended",
                                plan.number, previous.number
                            ),
                        )
                        .help("play the previous game to its end, or remove this one"),
                );
                break;
            }
        }
        let first = plan.first.or_else(|| {
            if outcomes.is_empty() {
                None
            } else {
                E::next_first(&outcomes)
            }
        });
        let setup = Setup {
            game,
            decks: decks.clone(),
            seed: plan.seed,
            first,
        };
        events.clear();
        let mut state = match E::setup(&setup, &mut events) {
            Ok(state) => state,
            Err(message) => {
                found.broken.push(script.error(
                    plan.span.clone(),
                    format!("game {} cannot start: {message}", plan.number),
                ));
                break;
            }
        };
        let mut log = GameLog {
            number: plan.number,
            seed: plan.seed,
            entries: Vec::new(),
            outcome: None,
        };
        log_events::<E>(&mut log, &mut events);
        let stop = play_steps::<E>(
            script,
            plan,
            &mut state,
            &mut log,
            &transcript.series,
            best_of,
            &mut found,
        );
        log.outcome = E::outcome(&state);
        if let Some(o) = &log.outcome {
            transcript.series.record(o, best_of);
            outcomes.push(*o);
        }
        transcript.games.push(log);
        if let Some(reason) = stop {
            transcript.stopped = Some(reason);
            break;
        }
        if !found.broken.is_empty() {
            break;
        }
    }
    if found.broken.is_empty() {
        Ok(RunResult {
            transcript,
            failures: found.failures,
        })
    } else {
        Err(Broken(found.broken))
    }
}

fn log_events<E: Engine>(log: &mut GameLog, events: &mut Vec<E::Event>) {
    for event in events.drain(..) {
        log.entries.push(Entry::Event {
            text: event.to_string(),
            data: serde_json::to_value(&event).unwrap_or(serde_json::Value::Null),
        });
    }
}

/// What went wrong so far: failures (exit 1) and problems that make the script unplayable
/// (exit 2).
#[derive(Default)]
struct Found {
    failures: Vec<Problem>,
    broken: Vec<Problem>,
}

/// Plays one game's steps. Returns why the run stopped, if a step stopped it.
fn play_steps<E: Engine>(
    script: &Script,
    plan: &GamePlan,
    state: &mut E::State,
    log: &mut GameLog,
    series: &Series,
    best_of: u32,
    found: &mut Found,
) -> Option<String> {
    let Found { failures, broken } = found;
    let mut events: Vec<E::Event> = Vec::new();
    for step in &plan.steps {
        let line = script.file.line_col(step.span.start).0;
        match &step.kind {
            StepKind::Action(text) => {
                events.clear();
                match attempt::<E>(state, text, &mut events) {
                    Ok(()) => {
                        log.entries.push(Entry::Action {
                            line,
                            text: text.clone(),
                        });
                        log_events::<E>(log, &mut events);
                    }
                    Err(reason) => {
                        log.entries.push(Entry::Refused {
                            line,
                            text: text.clone(),
                            reason: reason.clone(),
                            expected: false,
                        });
                        failures.push(illegal(script, step, &reason));
                        return Some(format!("line {line}: `{text}` is illegal: {reason}"));
                    }
                }
            }
            StepKind::Illegal { action, reason } => {
                events.clear();
                match attempt::<E>(state, action, &mut events) {
                    Ok(()) => {
                        log.entries.push(Entry::Action {
                            line,
                            text: action.clone(),
                        });
                        log_events::<E>(log, &mut events);
                        failures.push(
                            Problem::error(
                                "expect-illegal",
                                format!("`{action}` was expected to be illegal, but the engine allowed it"),
                            )
                            .in_file(&script.file)
                            .label(step.span.clone(), "allowed")
                            .help("the game went on from the changed state, so the rest of the script was not played"),
                        );
                        return Some(format!("line {line}: `{action}` was allowed"));
                    }
                    Err(got) => {
                        let matches = reason
                            .as_ref()
                            .is_none_or(|r| got.to_lowercase().contains(&r.to_lowercase()));
                        log.entries.push(Entry::Refused {
                            line,
                            text: action.clone(),
                            reason: got.clone(),
                            expected: matches,
                        });
                        if !matches {
                            failures.push(
                                Problem::error(
                                    "expect-illegal",
                                    format!("`{action}` is illegal, but for another reason: {got}"),
                                )
                                .in_file(&script.file)
                                .label(step.span.clone(), "")
                                .help(format!(
                                    "the script expects the reason to mention `{}`",
                                    reason.as_deref().unwrap_or_default()
                                )),
                            );
                        }
                    }
                }
            }
            StepKind::Expect(expectation) => {
                match check::<E>(state, series, best_of, expectation) {
                    Ok((actual, passed)) => {
                        if !passed {
                            failures.push(
                                Problem::error(
                                    "expect",
                                    format!(
                                        "expected {expectation}, but {} is {actual}",
                                        expectation.path
                                    ),
                                )
                                .in_file(&script.file)
                                .label(step.span.clone(), format!("it is {actual}")),
                            );
                        }
                        log.entries.push(Entry::Expect {
                            line,
                            text: expectation.to_string(),
                            actual,
                            passed,
                        });
                    }
                    Err(message) => {
                        broken.push(
                            Problem::error("script", message)
                                .in_file(&script.file)
                                .label(step.span.clone(), "")
                                .help("see docs/scripts.md for what a script can check"),
                        );
                        return None;
                    }
                }
            }
        }
    }
    None
}

/// Parses and applies one action; the engine's reason when it refuses either way.
fn attempt<E: Engine>(
    state: &mut E::State,
    text: &str,
    events: &mut Vec<E::Event>,
) -> Result<(), String> {
    if let Some(o) = E::outcome(state) {
        let who = o.winner.map_or("a draw".to_owned(), |p| format!("{p} won"));
        return Err(format!(
            "the game is over ({who}: {}); start the next game with a new [[games]] table",
            o.reason
        ));
    }
    let action = E::parse_action(state, text)?;
    E::apply(state, &action, events).map_err(|e| e.0)
}

fn illegal(script: &Script, step: &Step, reason: &str) -> Problem {
    Problem::error("illegal-action", format!("illegal action: {reason}"))
        .in_file(&script.file)
        .label(step.span.clone(), "this action")
        .help(
            "the rest of the script was not played; `expect illegal …` checks a refusal on purpose",
        )
}

/// Reads a value for an expectation: the paths every game shares (`winner`, `reason`, `game`
/// for the series score, `series.winner`), then the engine's own.
fn check<E: Engine>(
    state: &E::State,
    series: &Series,
    best_of: u32,
    expectation: &Expectation,
) -> Result<(Value, bool), String> {
    let outcome = E::outcome(state);
    let actual = match expectation.path.as_str() {
        "winner" => outcome
            .as_ref()
            .and_then(|o| o.winner)
            .map_or(Value::Null, |p| Value::Str(p.to_string())),
        "reason" => outcome.map_or(Value::Null, |o| Value::Str(o.reason.to_owned())),
        "game" | "series" => {
            // The game being played counts once it has ended.
            let mut s = *series;
            if let Some(o) = &outcome {
                s.record(o, u32::MAX);
            }
            Value::Str(s.score())
        }
        "series.winner" => {
            let mut s = *series;
            if let Some(o) = &outcome {
                s.record(o, best_of);
            }
            s.winner.map_or(Value::Null, |p| Value::Str(p.to_string()))
        }
        path => E::query(state, path)?,
    };
    let passed = expect::compare(&actual, expectation.op, &expectation.value)
        .map_err(|e| format!("cannot check `{expectation}`: {e}"))?;
    Ok((actual, passed))
}
