//! Match scripts as the commands use them: load a script with its decks checked against its
//! format ([`prepare`]), play it with its game's engine ([`play`]), and compare its transcript
//! with the golden file beside it, or rewrite that file ([`verify`]).
//!
//! A script that cannot be played is a result ([`Prepared::Broken`]), not an error: `match
//! verify` lists it and goes on. Only I/O and broken card data stop a command.

use super::registry::{self, EngineTask};
use super::runner::{self, Broken, RunResult};
use super::script::{self, PlayerDeck, Script};
use super::{Engine, Player, SeatDeck};
use crate::card_db::Game;
use crate::catalog::Catalog;
use crate::check::check_deck_as;
use crate::check::DeckOutcome;
use crate::date::Date;
use crate::diagnostic::{Problem, SourceFile};
use crate::encoding::{self, Encoding};
use crate::error::{read_text, Error};
use crate::validate::format::Format;
use crate::validate::Severity;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A script with everything it needs to be played.
pub struct Match<'c> {
    pub script: Script,
    pub game: &'c Game,
    pub format: Format,
    /// The two decks of each game, stacks applied.
    seats: Vec<[SeatDeck; 2]>,
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

/// Loads the script at `path`, its format and both decks, and checks the decks.
pub fn prepare<'c>(catalog: &'c Catalog, path: &Path) -> Result<Prepared<'c>, Error> {
    let file = SourceFile::new(path.display().to_string(), read_text(path)?);
    prepare_source(catalog, &file, path.parent().unwrap_or(Path::new("")))
}

/// [`prepare`] for a script already read: `dir` is the folder its deck and format paths are
/// relative to.
pub fn prepare_source<'c>(
    catalog: &'c Catalog,
    file: &Arc<SourceFile>,
    dir: &Path,
) -> Result<Prepared<'c>, Error> {
    match load(catalog, file, dir) {
        Ok(prepared) => Ok(prepared),
        Err(Stop::Broken(problem)) => Ok(Prepared::Broken(vec![problem])),
        Err(Stop::Fatal(e)) => Err(e),
    }
}

fn load<'c>(
    catalog: &'c Catalog,
    file: &Arc<SourceFile>,
    dir: &Path,
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
            pair[i] = script::seat_deck(deck, game, &plan.stack[i], file).map_err(Stop::Broken)?;
        }
        seats.push(pair);
    }
    Ok(Prepared::Ready(Box::new(Match {
        script,
        game,
        format,
        seats,
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
        runner::run::<E>(&p.script, p.game, &p.format.id, &p.seats)
    }
}

/// Plays a loaded script; `Err` holds the problems of a script the engine cannot play.
pub fn play(prepared: &Match<'_>) -> Result<RunResult, Vec<Problem>> {
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
    let prepared = match prepare(catalog, path)? {
        Prepared::Ready(p) => p,
        Prepared::IllegalDeck(outcomes) => return Ok(Verified::IllegalDeck(outcomes)),
        Prepared::Broken(problems) => return Ok(Verified::Broken(problems)),
    };
    let result = match play(&prepared) {
        Ok(r) => r,
        Err(problems) => return Ok(Verified::Broken(problems)),
    };
    let transcript = result.transcript.render();
    let golden_path = script::transcript_path(path);
    let golden = if bless {
        std::fs::write(&golden_path, &transcript).map_err(|source| Error::Write {
            path: golden_path.clone(),
            source,
        })?;
        Golden::Blessed
    } else {
        match std::fs::read_to_string(&golden_path) {
            Ok(golden) => {
                let diff = super::transcript::diff(&golden, &transcript);
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
pub fn transcript(catalog: &Catalog, path: &Path) -> Result<Result<String, String>, Error> {
    let why = |problems: &[Problem]| {
        let messages: Vec<&str> = problems.iter().map(|p| p.message.as_str()).collect();
        messages.join("; ")
    };
    let prepared = match prepare(catalog, path)? {
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
    Ok(play(&prepared)
        .map(|result| result.transcript.render())
        .map_err(|problems| why(&problems)))
}

/// The scripts at `paths`: files as given, folders searched for `*.match.toml`. Finding none
/// is a usage error.
pub fn find(paths: &[PathBuf]) -> Result<Vec<PathBuf>, Error> {
    let mut found = Vec::new();
    for path in paths {
        script::find_scripts(path, &mut found).map_err(|source| Error::Read {
            path: path.clone(),
            source,
        })?;
    }
    if found.is_empty() {
        return Err(Error::usage_with_help(
            "no match scripts found",
            format!("scripts are files named *{}", script::SCRIPT_SUFFIX),
        ));
    }
    Ok(found)
}
