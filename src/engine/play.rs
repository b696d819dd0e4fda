//! Playing a match script: load it with both decks read and checked against its format
//! ([`prepare`]), then play it with its game's engine ([`run`]): set up each game of the
//! series, hand each action line to the engine, check each expectation, and record the
//! transcript. An action the engine refuses stops the run with a diagnostic at its script
//! line; a failed expectation is reported and play goes on.
//!
//! A script that cannot be played is a result ([`Prepared::Broken`]), not an error: `match
//! verify` lists it and goes on. Only I/O and broken card data stop a command.

use super::expect::{self, Expectation};
use super::registry::{self, EngineTask};
use super::script::{GamePlan, PlayerDeck, Script, Step, StepKind};
use super::transcript::{Entry, GameLog, Series, Transcript};
use super::{Engine, Outcome, Player, SeatDeck, Setup, Value};
use crate::card_db::Game;
use crate::catalog::Catalog;
use crate::check::{check_deck_as, DeckOutcome};
use crate::date::Date;
use crate::diagnostic::{Problem, SourceFile};
use crate::encoding::{self, Encoding};
use crate::error::{read_text, Error};
use crate::validate::format::Format;
use std::ops::Range;
use std::path::Path;
use std::sync::Arc;

/// A script with everything it needs to be played.
pub struct Match<'c> {
    pub script: Script,
    pub game: &'c Game,
    pub format: Format,
    /// The two decks of each game, stacks applied.
    seats: Vec<[SeatDeck; 2]>,
    /// The cards played by their stats alone (`--vanilla`), which the result names.
    pub vanilla: Vec<String>,
}

/// What loading a script gives.
pub enum Prepared<'c> {
    Ready(Box<Match<'c>>),
    /// A deck is not legal in the script's format: the match is not played.
    IllegalDeck(Vec<DeckOutcome>),
    /// The script cannot be played: every problem, against the script's lines.
    Broken(Vec<Problem>),
}

/// Why loading stopped: the script is broken, or the command cannot go on.
enum Stop {
    Broken(Problem),
    Fatal(Error),
}

impl From<Error> for Stop {
    fn from(e: Error) -> Stop {
        Stop::Fatal(e)
    }
}

fn broken(file: &Arc<SourceFile>, span: Range<usize>, message: String) -> Stop {
    Stop::Broken(
        Problem::error("script", message)
            .in_file(file)
            .label(span, ""),
    )
}

/// Loads the script at `path`, its format and both decks, and checks the decks. A deck with
/// cards whose text the engine does not model is broken, unless `vanilla` plays them by their
/// stats alone ([`SeatDeck::new`]).
pub fn prepare<'c>(
    catalog: &'c Catalog,
    path: &Path,
    vanilla: bool,
) -> Result<Prepared<'c>, Error> {
    let file = SourceFile::new(path.display().to_string(), read_text(path)?);
    prepare_source(
        catalog,
        &file,
        path.parent().unwrap_or(Path::new("")),
        vanilla,
    )
}

/// [`prepare`] for a script already read: `dir` is the folder its deck and format paths are
/// relative to.
pub fn prepare_source<'c>(
    catalog: &'c Catalog,
    file: &Arc<SourceFile>,
    dir: &Path,
    vanilla: bool,
) -> Result<Prepared<'c>, Error> {
    match load(catalog, file, dir, vanilla) {
        Ok(prepared) => Ok(prepared),
        Err(Stop::Broken(problem)) => Ok(Prepared::Broken(vec![problem])),
        Err(Stop::Fatal(e)) => Err(e),
    }
}

fn load<'c>(
    catalog: &'c Catalog,
    file: &Arc<SourceFile>,
    dir: &Path,
    vanilla: bool,
) -> Result<Prepared<'c>, Stop> {
    let script = Script::parse(file, dir).map_err(Stop::Broken)?;
    let game_id = &script.game.value;
    let Some(game) = catalog.games.get(game_id) else {
        let known: Vec<&str> = catalog.games.keys().map(String::as_str).collect();
        let help = match crate::names::suggest(game_id, known.iter().copied()) {
            Some(s) => format!("did you mean `{s}`?"),
            None => format!("the games are: {}", known.join(", ")),
        };
        return Err(Stop::Broken(
            Problem::error("script", format!("no game `{game_id}`"))
                .in_file(file)
                .label(script.game.span.clone(), "unknown game")
                .help(help),
        ));
    };
    if !registry::GAMES.contains(&game_id.as_str()) {
        let help = format!(
            "the games with an engine are: {}",
            registry::GAMES.join(", ")
        );
        let message = format!("decksmith has no match engine for `{game_id}`");
        return Err(Stop::Broken(
            Problem::error("script", message)
                .in_file(file)
                .label(script.game.span.clone(), "")
                .help(help),
        ));
    }
    let format_arg = script.format_arg();
    let format = match catalog.format(&format_arg) {
        Some(f) => f.clone(),
        None if format_arg.ends_with(".toml") => catalog.format_from_arg(&format_arg)?,
        None => {
            return Err(Stop::Broken(
                Problem::error("script", format!("no format `{format_arg}`"))
                    .in_file(file)
                    .label(script.format.span.clone(), "unknown format")
                    .help(catalog.format_help(&format_arg)),
            ))
        }
    };
    if format.game != *game_id {
        let message = format!(
            "format `{}` is for `{}`, but the script plays `{game_id}`",
            format.id, format.game
        );
        return Err(broken(file, script.format.span.clone(), message));
    }
    let date = match &script.date {
        Some(d) => d
            .value
            .parse::<Date>()
            .map_err(|e| broken(file, d.span.clone(), format!("bad date: {e}")))?,
        None => Date::today(),
    };
    let mut outcomes = Vec::with_capacity(2);
    let mut decks = Vec::with_capacity(2);
    for (who, spec) in Player::BOTH.iter().zip(&script.players) {
        // An inline list is in the `.deck` text encoding; a file's encoding is told from it.
        let hint = matches!(spec, PlayerDeck::Inline { .. }).then_some(Encoding::Text);
        let source = match spec {
            PlayerDeck::Path(p) => {
                let deck_path = script.dir.join(&p.value);
                let text = read_text(&deck_path)
                    .map_err(|e| broken(file, p.span.clone(), format!("{who}'s deck: {e}")))?;
                SourceFile::new(deck_path.display().to_string(), text)
            }
            PlayerDeck::Inline { text, span } => inline_source(file, text, span.clone()),
        };
        decks.push(encoding::read(&source, hint, catalog)?);
        let mut outcome = check_deck_as(catalog, Some(&format), &source, date, hint)?;
        if matches!(spec, PlayerDeck::Inline { .. }) {
            outcome.path = format!("{} ({who}'s list)", outcome.path);
        }
        outcome.name = Some(
            outcome
                .name
                .map_or_else(|| format!("{who}'s deck"), |n| format!("{who}'s deck, {n}")),
        );
        outcomes.push(outcome);
    }
    if outcomes.iter().any(|o| !o.verdict.legal) {
        return Ok(Prepared::IllegalDeck(outcomes));
    }
    let mut seats = Vec::with_capacity(script.games.len());
    for plan in &script.games {
        let mut pair: [SeatDeck; 2] = Default::default();
        for (i, deck) in decks.iter().enumerate() {
            pair[i] =
                SeatDeck::new(deck, game, &plan.stack[i], file, vanilla).map_err(Stop::Broken)?;
        }
        seats.push(pair);
    }
    let vanilla = super::vanilla_cards(game, seats.iter().flatten());
    Ok(Prepared::Ready(Box::new(Match {
        script,
        game,
        format,
        seats,
        vanilla,
    })))
}

/// An inline deck list, placed at its own offsets in a blanked copy of the script so that
/// deck findings point at the script's own lines. Falls back to a separate text when the
/// TOML string used escapes (its value then differs from the raw text).
fn inline_source(file: &Arc<SourceFile>, text: &str, span: Range<usize>) -> Arc<SourceFile> {
    let raw = file.text.get(span.clone()).unwrap_or("");
    match raw.find(text).filter(|_| !text.is_empty()) {
        Some(at) => {
            let start = span.start + at;
            let end = start + text.len();
            let blanked: String = file
                .text
                .char_indices()
                .map(|(i, c)| {
                    if (start..end).contains(&i) || c == '\n' {
                        c
                    } else {
                        ' '
                    }
                })
                .collect();
            SourceFile::new(file.name.clone(), blanked)
        }
        None => SourceFile::new(format!("{} (inline deck)", file.name), text.to_owned()),
    }
}

struct RunTask<'a> {
    prepared: &'a Match<'a>,
}

impl EngineTask for RunTask<'_> {
    type Output = Result<RunResult, Broken>;
    fn run<E: Engine>(self) -> Self::Output {
        let p = self.prepared;
        play::<E>(&p.script, p.game, &p.format.id, &p.seats)
    }
}

/// Plays a loaded script; `Err` holds the problems of a script the engine cannot play.
pub fn run(prepared: &Match<'_>) -> Result<RunResult, Vec<Problem>> {
    // `prepare` only readies scripts of games with an engine.
    let game = &prepared.script.game.value;
    let no_engine = || {
        Broken(vec![Problem::error(
            "script",
            format!("no match engine for `{game}`"),
        )])
    };
    registry::dispatch(game, RunTask { prepared })
        .unwrap_or_else(|| Err(no_engine()))
        .map_err(|Broken(problems)| problems)
}

/// What a script run produced.
#[derive(Debug, Clone)]
pub struct RunResult {
    pub transcript: Transcript,
    /// Failed expectations and the action that stopped the run (exit status 1).
    pub failures: Vec<Problem>,
}

/// A script that cannot be played at all (exit status 2): a setup the engine refuses, an
/// expectation about something the engine does not know.
struct Broken(Vec<Problem>);

/// Plays `script` with engine `E`. `seats[g]` are the two decks of game `g` (stacks applied).
fn play<E: Engine>(
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
