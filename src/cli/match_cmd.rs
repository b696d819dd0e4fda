//! `decksmith match run|verify|random`: scripted matches and seeded random self-play, for every
//! game that has an engine (`engine::registry` maps game ids to engines).

use super::validate::{check_deck_as, resolve_format_arg};
use super::{emit, Context, Output, ReportOutput, Status};
use crate::card_db::Game;
use crate::catalog::Catalog;
use crate::date::Date;
use crate::deck::encoding::{self, Encoding};
use crate::diagnostic::{render, Problem, SourceFile};
use crate::engine::random::{self, BatchGame, BatchTally};
use crate::engine::registry::{self, EngineTask};
use crate::engine::runner::{self, Broken, RunResult};
use crate::engine::script::{self, PlayerDeck, Script};
use crate::engine::{Engine, Player, SeatDeck};
use crate::error::{plural, read_text, Error};
use crate::format::Format;
use crate::report::ci::{
    problem_annotation, transcript_annotation, Annotation, Case, CiRun, Level, Location,
};
use crate::report::{self, DeckOutcome};
use clap::{Args, Subcommand};
use serde::Serialize;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

#[derive(Debug, Subcommand)]
pub enum MatchCommand {
    /// Play a match script: check both decks against the format, play every step, print the
    /// transcript and check every expectation. Exit 1 when an expectation fails or an action
    /// is illegal.
    Run(RunArgs),
    /// Play scripts and compare each transcript with the golden `.transcript` file beside it;
    /// print a diff for each change. Folders are searched for `*.match.toml`.
    Verify(VerifyArgs),
    /// Play whole games with a seeded random player choosing among the legal actions,
    /// checking the rules' invariants after every action.
    Random(RandomArgs),
}

#[derive(Debug, Args)]
pub struct RunArgs {
    /// The script (`*.match.toml`).
    #[arg(value_name = "SCRIPT")]
    pub script: PathBuf,
    #[arg(long, value_enum, default_value_t)]
    pub output: Output,
}

#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Scripts, or folders to search for `*.match.toml`.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Write each transcript as the new golden file instead of comparing.
    #[arg(long)]
    pub bless: bool,
    #[arg(long, value_enum, default_value_t)]
    pub output: ReportOutput,
}

#[derive(Debug, Args)]
pub struct RandomArgs {
    /// The game (taken from the decks' format when not given).
    #[arg(long)]
    pub game: Option<String>,
    /// The two deck lists, p1's first.
    #[arg(long = "deck", required = true, num_args = 1, value_name = "DECK")]
    pub decks: Vec<PathBuf>,
    /// Format id or file to check the decks against, instead of their `format:` lines.
    #[arg(long, value_name = "ID|PATH")]
    pub format: Option<String>,
    /// Seed of the first game; game N uses a seed derived from it.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Number of games.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub games: u64,
    #[arg(long, value_enum, default_value_t)]
    pub output: Output,
}

pub fn run(ctx: &Context, cmd: MatchCommand, out: &mut dyn Write) -> Result<Status, Error> {
    match cmd {
        MatchCommand::Run(args) => run_script(ctx, args, out),
        MatchCommand::Verify(args) => verify(ctx, args, out),
        MatchCommand::Random(args) => random(ctx, args, out),
    }
}

/// A script with everything it needs to be played.
struct Prepared<'c> {
    script: Script,
    game: &'c Game,
    format: Format,
    seats: Vec<[SeatDeck; 2]>,
}

enum Loaded<'c> {
    Ready(Box<Prepared<'c>>),
    /// A deck is not legal in the script's format: the match is not played.
    IllegalDeck(Vec<DeckOutcome>),
}

fn script_error(file: &Arc<SourceFile>, span: std::ops::Range<usize>, message: String) -> Error {
    Error::Script(vec![Problem::error("script", message)
        .in_file(file)
        .label(span, "")])
}

fn prepare<'c>(catalog: &'c Catalog, path: &Path) -> Result<Loaded<'c>, Error> {
    let file = SourceFile::new(path.display().to_string(), read_text(path)?);
    let dir = path.parent().unwrap_or(Path::new("")).to_owned();
    let script = Script::parse(&file, &dir).map_err(|p| Error::Script(vec![p]))?;
    let game_id = &script.game.value;
    let Some(game) = catalog.games.get(game_id) else {
        let known: Vec<&str> = catalog.games.keys().map(String::as_str).collect();
        return Err(Error::Script(vec![Problem::error(
            "script",
            format!("no game `{game_id}`"),
        )
        .in_file(&file)
        .label(script.game.span.clone(), "unknown game")
        .help(
            match crate::names::suggest(game_id, known.iter().copied()) {
                Some(s) => format!("did you mean `{s}`?"),
                None => format!("the games are: {}", known.join(", ")),
            },
        )]));
    };
    if !registry::GAMES.contains(&game_id.as_str()) {
        return Err(Error::Script(vec![Problem::error(
            "script",
            format!("decksmith has no match engine for `{game_id}`"),
        )
        .in_file(&file)
        .label(script.game.span.clone(), "")
        .help(format!(
            "the games with an engine are: {}",
            registry::GAMES.join(", ")
        ))]));
    }
    let format_arg = script.format_arg();
    let format = match catalog.format(&format_arg) {
        Some(f) => f.clone(),
        None if format_arg.ends_with(".toml") => resolve_format_arg(catalog, &format_arg)?,
        None => {
            return Err(Error::Script(vec![Problem::error(
                "script",
                format!("no format `{format_arg}`"),
            )
            .in_file(&file)
            .label(script.format.span.clone(), "unknown format")
            .help(catalog.format_help(&format_arg))]))
        }
    };
    if format.game != *game_id {
        return Err(script_error(
            &file,
            script.format.span.clone(),
            format!(
                "format `{}` is for `{}`, but the script plays `{game_id}`",
                format.id, format.game
            ),
        ));
    }
    let date = match &script.date {
        Some(d) => d
            .value
            .parse::<Date>()
            .map_err(|e| script_error(&file, d.span.clone(), format!("bad date: {e}")))?,
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
                let text = read_text(&deck_path).map_err(|e| {
                    script_error(&file, p.span.clone(), format!("{who}'s deck: {e}"))
                })?;
                SourceFile::new(deck_path.display().to_string(), text)
            }
            PlayerDeck::Inline { text, span } => inline_source(&file, text, span.clone()),
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
    if outcomes.iter().any(|o| !o.report.legal) {
        return Ok(Loaded::IllegalDeck(outcomes));
    }
    let mut seats = Vec::with_capacity(script.games.len());
    for plan in &script.games {
        let mut pair: [SeatDeck; 2] = Default::default();
        for (i, deck) in decks.iter().enumerate() {
            pair[i] = script::seat_deck(deck, game, &plan.stack[i], &file)
                .map_err(|p| Error::Script(vec![p]))?;
        }
        seats.push(pair);
    }
    Ok(Loaded::Ready(Box::new(Prepared {
        script,
        game,
        format,
        seats,
    })))
}

/// An inline deck list, placed at its own offsets in a blanked copy of the script so that
/// deck findings point at the script's own lines. Falls back to a separate text when the
/// TOML string used escapes (its value then differs from the raw text).
fn inline_source(
    file: &Arc<SourceFile>,
    text: &str,
    span: std::ops::Range<usize>,
) -> Arc<SourceFile> {
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
    prepared: &'a Prepared<'a>,
}

impl EngineTask for RunTask<'_> {
    type Output = Result<RunResult, Broken>;
    fn run<E: Engine>(self) -> Self::Output {
        let p = self.prepared;
        runner::run::<E>(&p.script, p.game, &p.format.id, &p.seats)
    }
}

fn play(prepared: &Prepared<'_>) -> Result<RunResult, Error> {
    registry::dispatch(&prepared.script.game.value, RunTask { prepared })
        .ok_or_else(|| {
            Error::usage(format!(
                "no match engine for `{}`",
                prepared.script.game.value
            ))
        })?
        .map_err(|Broken(problems)| Error::Script(problems))
}

#[derive(Serialize)]
struct RunJson<'a> {
    script: String,
    passed: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    transcript: Option<&'a crate::engine::transcript::Transcript>,
    failures: serde_json::Value,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    illegal_decks: Vec<serde_json::Value>,
}

fn run_script(ctx: &Context, args: RunArgs, out: &mut dyn Write) -> Result<Status, Error> {
    let catalog = ctx.catalog()?;
    let script_name = args.script.display().to_string();
    let prepared = match prepare(&catalog, &args.script)? {
        Loaded::Ready(p) => p,
        Loaded::IllegalDeck(outcomes) => {
            let text = match args.output {
                Output::Human => {
                    let mut s = report::human::validate(&outcomes, ctx.colour);
                    s.push_str(
                        "a deck is not legal in the script's format: the match was not played\n",
                    );
                    s
                }
                Output::Json => report::json::to_string(&RunJson {
                    script: script_name,
                    passed: false,
                    transcript: None,
                    failures: serde_json::Value::Array(Vec::new()),
                    illegal_decks: illegal_decks_json(&outcomes),
                }),
            };
            emit(out, &text)?;
            return Ok(Status::Failed);
        }
    };
    let result = play(&prepared)?;
    let passed = result.failures.is_empty();
    let text = match args.output {
        Output::Human => {
            let mut s = result.transcript.render();
            s.push('\n');
            s.push_str(&render(&result.failures, ctx.colour));
            s.push_str(&summary_line(&prepared.script, &result));
            s
        }
        Output::Json => report::json::to_string(&RunJson {
            script: script_name,
            passed,
            transcript: Some(&result.transcript),
            failures: report::json::problems(&result.failures),
            illegal_decks: Vec::new(),
        }),
    };
    emit(out, &text)?;
    Ok(if passed {
        Status::Success
    } else {
        Status::Failed
    })
}

fn illegal_decks_json(outcomes: &[DeckOutcome]) -> Vec<serde_json::Value> {
    outcomes
        .iter()
        .filter(|o| !o.report.legal)
        .map(|o| serde_json::json!({ "path": o.path, "name": o.name, "findings": o.report.findings }))
        .collect()
}

fn summary_line(script: &Script, result: &RunResult) -> String {
    let expectations = script
        .games
        .iter()
        .flat_map(|g| &g.steps)
        .filter(|s| !matches!(s.kind, script::StepKind::Action(_)))
        .count();
    if result.failures.is_empty() {
        format!(
            "ok: {} checked, all hold\n",
            plural(expectations, "expectation")
        )
    } else {
        format!("FAILED: {}\n", plural(result.failures.len(), "failure"))
    }
}

/// One script's result in `match verify`, kept for every output mode.
struct Checked {
    name: String,
    /// The script's game, or `scripts` when it could not be read.
    group: String,
    status: ScriptStatus,
    /// What the human output prints for it.
    human: String,
    annotations: Vec<Annotation>,
    /// The transcript diff (`- golden`, `+ now`), when it changed.
    diff: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
enum ScriptStatus {
    Ok,
    Failed,
    Broken,
}

fn verify(ctx: &Context, args: VerifyArgs, out: &mut dyn Write) -> Result<Status, Error> {
    let catalog = ctx.catalog()?;
    let mut scripts = Vec::new();
    for path in &args.paths {
        script::find_scripts(path, &mut scripts).map_err(|source| Error::Read {
            path: path.clone(),
            source,
        })?;
    }
    if scripts.is_empty() {
        return Err(Error::usage_with_help(
            "no match scripts found",
            format!("scripts are files named *{}", script::SCRIPT_SUFFIX),
        ));
    }
    let mut checked = Vec::with_capacity(scripts.len());
    let mut broken = Vec::new();
    for path in &scripts {
        let c = verify_one(&catalog, path, args.bless, ctx.colour, &mut broken)?;
        checked.push(c);
    }
    let count = |s: ScriptStatus| checked.iter().filter(|c| c.status == s).count();
    let (ok, failed) = (count(ScriptStatus::Ok), count(ScriptStatus::Failed));
    let summary = format!(
        "{}: {ok} ok, {failed} failed{}\n",
        plural(scripts.len(), "script"),
        if broken.is_empty() {
            String::new()
        } else {
            format!(", {} broken", broken.len())
        }
    );
    let ci_run = || CiRun {
        command: "match verify",
        cases: checked
            .iter()
            .map(|c| Case {
                name: c.name.clone(),
                group: c.group.clone(),
                annotations: c.annotations.clone(),
            })
            .collect(),
    };
    let rendered = match args.output {
        ReportOutput::Human => {
            let mut text: String = checked.iter().map(|c| c.human.as_str()).collect();
            text.push_str(&summary);
            text
        }
        ReportOutput::Json => verify_json(&checked, ok, failed),
        ReportOutput::Github => report::github::render(&ci_run(), &summary),
        ReportOutput::Junit => report::junit::render(&ci_run()),
        ReportOutput::Sarif => report::sarif::render(&ci_run()),
    };
    emit(out, &rendered)?;
    if !broken.is_empty() {
        return Err(Error::Script(broken));
    }
    Ok(if failed == 0 {
        Status::Success
    } else {
        Status::Failed
    })
}

/// Plays one script and compares (or, with `bless`, writes) its golden transcript. A script
/// that cannot be played adds its problems to `broken`; only I/O stops the whole run.
fn verify_one(
    catalog: &Catalog,
    path: &Path,
    bless: bool,
    colour: bool,
    broken: &mut Vec<Problem>,
) -> Result<Checked, Error> {
    let name = path.display().to_string();
    let mut checked = Checked {
        name: name.clone(),
        group: "scripts".to_owned(),
        status: ScriptStatus::Ok,
        human: String::new(),
        annotations: Vec::new(),
        diff: None,
    };
    let mut mark_broken = |checked: &mut Checked, problems: Vec<Problem>| {
        checked.status = ScriptStatus::Broken;
        checked.human = format!("BROKEN  {name}\n");
        checked.annotations = problems.iter().map(problem_annotation).collect();
        broken.extend(problems);
    };
    let prepared = match prepare(catalog, path) {
        Ok(Loaded::Ready(p)) => p,
        Ok(Loaded::IllegalDeck(outcomes)) => {
            checked.status = ScriptStatus::Failed;
            checked.human = format!(
                "FAILED  {name}: a deck is not legal in the script's format\n{}",
                report::human::validate(&outcomes, colour)
            );
            checked.annotations = outcomes
                .iter()
                .flat_map(|o| {
                    o.report
                        .findings
                        .iter()
                        .map(|f| report::ci::finding_annotation(&o.source, f))
                })
                .collect();
            return Ok(checked);
        }
        Err(Error::Script(problems)) => {
            mark_broken(&mut checked, problems);
            return Ok(checked);
        }
        Err(e) => return Err(e),
    };
    checked.group = prepared.script.game.value.clone();
    let result = match play(&prepared) {
        Ok(r) => r,
        Err(Error::Script(problems)) => {
            mark_broken(&mut checked, problems);
            return Ok(checked);
        }
        Err(e) => return Err(e),
    };
    let actual = result.transcript.render();
    let golden_path = script::transcript_path(path);
    let golden_name = golden_path.display().to_string();
    let mut notes = String::new();
    let mut good = result.failures.is_empty();
    checked.annotations = result.failures.iter().map(problem_annotation).collect();
    if bless {
        std::fs::write(&golden_path, &actual).map_err(|source| Error::Write {
            path: golden_path.clone(),
            source,
        })?;
        notes.push_str(&format!("  blessed {golden_name}\n"));
    } else {
        match std::fs::read_to_string(&golden_path) {
            Ok(golden) => {
                let diff = crate::engine::transcript::diff(&golden, &actual);
                if !diff.is_empty() {
                    good = false;
                    notes.push_str(&format!(
                        "  the transcript differs from {golden_name} (- golden, + now):\n"
                    ));
                    for line in diff.lines() {
                        notes.push_str("  ");
                        notes.push_str(line);
                        notes.push('\n');
                    }
                    checked.annotations.push(transcript_annotation(
                        &golden_name,
                        &golden,
                        &actual,
                        &diff,
                    ));
                    checked.diff = Some(diff);
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                good = false;
                let message = format!(
                    "no golden transcript {golden_name}: run `decksmith match verify --bless {name}` and review it"
                );
                notes.push_str(&format!("  {message}\n"));
                checked.annotations.push(Annotation {
                    rule: "transcript".to_owned(),
                    level: Level::Error,
                    message,
                    help: None,
                    location: Some(Location::file(&name)),
                    related: Vec::new(),
                });
            }
            Err(source) => {
                return Err(Error::Read {
                    path: golden_path,
                    source,
                })
            }
        }
    }
    if good {
        checked.human = format!("ok      {name}\n{notes}");
    } else {
        checked.status = ScriptStatus::Failed;
        checked.human = format!(
            "FAILED  {name}\n{notes}{}",
            render(&result.failures, colour)
        );
    }
    Ok(checked)
}

#[derive(Serialize)]
struct VerifyJson<'a> {
    scripts: Vec<ScriptJson<'a>>,
    summary: VerifySummary,
}

#[derive(Serialize)]
struct ScriptJson<'a> {
    path: &'a str,
    status: ScriptStatus,
    problems: Vec<AnnotationJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    diff: Option<&'a str>,
}

#[derive(Serialize)]
struct AnnotationJson<'a> {
    code: &'a str,
    severity: &'static str,
    message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    help: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
}

#[derive(Serialize)]
struct VerifySummary {
    scripts: usize,
    ok: usize,
    failed: usize,
    broken: usize,
}

fn verify_json(checked: &[Checked], ok: usize, failed: usize) -> String {
    let doc = VerifyJson {
        scripts: checked
            .iter()
            .map(|c| ScriptJson {
                path: &c.name,
                status: c.status,
                problems: c
                    .annotations
                    .iter()
                    .map(|a| AnnotationJson {
                        code: &a.rule,
                        severity: a.level.as_str(),
                        message: &a.message,
                        help: a.help.as_deref(),
                        file: a.location.as_ref().map(|l| l.file.as_str()),
                        line: a
                            .location
                            .as_ref()
                            .and_then(|l| l.region.as_ref())
                            .map(|r| r.line),
                    })
                    .collect(),
                diff: c.diff.as_deref(),
            })
            .collect(),
        summary: VerifySummary {
            scripts: checked.len(),
            ok,
            failed,
            broken: checked
                .iter()
                .filter(|c| c.status == ScriptStatus::Broken)
                .count(),
        },
    };
    report::json::to_string(&doc)
}

/// Above this many games, the human output keeps to the summary.
const ROWS_SHOWN: usize = 100;

#[derive(Serialize)]
struct RandomJson<'a> {
    game: &'a str,
    games: &'a [BatchGame],
    summary: BatchTally,
}

/// `3 games: p1 won 2, p2 won 1, 0 drawn`, plus the unfinished games when there are any.
fn tally_line(t: &BatchTally) -> String {
    let mut line = format!(
        "{}: p1 won {}, p2 won {}, {} drawn",
        plural(t.games, "game"),
        t.p1,
        t.p2,
        t.draws
    );
    if t.unfinished > 0 {
        line.push_str(&format!(", {} unfinished", t.unfinished));
    }
    line
}

fn random(ctx: &Context, args: RandomArgs, out: &mut dyn Write) -> Result<Status, Error> {
    if args.decks.len() != 2 {
        return Err(Error::usage_with_help(
            format!("`match random` takes two decks; {} given", args.decks.len()),
            "pass `--deck P1.deck --deck P2.deck`",
        ));
    }
    let catalog = ctx.catalog()?;
    let forced = match &args.format {
        Some(f) => Some(resolve_format_arg(&catalog, f)?),
        None => None,
    };
    let mut outcomes = Vec::with_capacity(2);
    let mut decks = Vec::with_capacity(2);
    for path in &args.decks {
        let source = SourceFile::new(path.display().to_string(), read_text(path)?);
        decks.push(encoding::read(&source, None, &catalog)?);
        outcomes.push(check_deck_as(
            &catalog,
            forced.as_ref(),
            &source,
            Date::today(),
            None,
        )?);
    }
    if outcomes.iter().any(|o| !o.report.legal) {
        let mut s = report::human::validate(&outcomes, ctx.colour);
        s.push_str("a deck is not legal: no game was played\n");
        emit(out, &s)?;
        return Ok(Status::Failed);
    }
    let games: Vec<&str> = outcomes
        .iter()
        .filter_map(|o| o.report.game.as_deref())
        .collect();
    let game_id = match (&args.game, games.as_slice()) {
        (Some(g), [a, b]) if g == a && g == b => g.clone(),
        (None, [a, b]) if a == b => (*a).to_owned(),
        (_, [a, b]) if a != b => {
            return Err(Error::usage(format!(
                "the decks are for different games: `{a}` and `{b}`"
            )))
        }
        (Some(g), [a, ..]) => {
            return Err(Error::usage(format!(
                "`--game {g}`, but the decks are for `{a}`"
            )))
        }
        _ => return Err(Error::usage("the decks name no game")),
    };
    let game = catalog.game(&game_id)?;
    let mut seats: [SeatDeck; 2] = Default::default();
    for (i, (deck, o)) in decks.iter().zip(&outcomes).enumerate() {
        seats[i] =
            script::seat_deck(deck, game, &[], &o.source).map_err(|p| Error::Script(vec![p]))?;
    }
    let results = match random::batch(game, &seats, args.seed, args.games) {
        None => {
            return Err(Error::usage_with_help(
                format!("decksmith has no match engine for `{game_id}`"),
                format!(
                    "the games with an engine are: {}",
                    registry::GAMES.join(", ")
                ),
            ))
        }
        Some(Ok(r)) => r,
        Some(Err(v)) => {
            emit(out, &format!("rules invariant broken: {v}\n"))?;
            return Ok(Status::Failed);
        }
    };
    let summary = BatchTally::of(&results);
    let text = match args.output {
        Output::Json => report::json::to_string(&RandomJson {
            game: &game_id,
            games: &results,
            summary,
        }),
        Output::Human if results.len() > ROWS_SHOWN => {
            format!(
                "{} (one row per game: --output json)\n",
                tally_line(&summary)
            )
        }
        Output::Human => {
            let mut table = report::human::new_table(ctx.colour);
            table.set_header(vec!["game", "seed", "winner", "reason", "turns", "actions"]);
            for r in &results {
                table.add_row(vec![
                    r.game.to_string(),
                    r.seed.to_string(),
                    match r.winner {
                        Some(p) => p.to_string(),
                        None if r.unfinished() => "unfinished".to_owned(),
                        None => "draw".to_owned(),
                    },
                    r.reason.clone(),
                    r.turns.to_string(),
                    r.actions.to_string(),
                ]);
            }
            format!("{table}\n{}\n", tally_line(&summary))
        }
    };
    emit(out, &text)?;
    Ok(Status::Success)
}

/// How a script plays under one version of the card data (`db diff --matches`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Played {
    /// The rendered transcript.
    Transcript(String),
    /// Why it could not be played: a deck illegal in its format, a broken script.
    NotPlayed(String),
}

/// Plays `path` against `catalog`; only I/O problems are errors.
pub(crate) fn play_script(catalog: &Catalog, path: &Path) -> Result<Played, Error> {
    let why = |problems: &[Problem]| {
        problems
            .iter()
            .map(|p| p.message.clone())
            .collect::<Vec<_>>()
            .join("; ")
    };
    let prepared = match prepare(catalog, path) {
        Ok(Loaded::Ready(p)) => p,
        Ok(Loaded::IllegalDeck(outcomes)) => {
            let findings: Vec<String> = outcomes
                .iter()
                .flat_map(|o| &o.report.findings)
                .filter(|f| f.severity == crate::validate::Severity::Error)
                .map(|f| format!("{}: {}", f.rule, f.message))
                .collect();
            return Ok(Played::NotPlayed(format!(
                "a deck is not legal in the script's format ({})",
                findings.join("; ")
            )));
        }
        Err(Error::Script(problems)) => return Ok(Played::NotPlayed(why(&problems))),
        Err(e) => return Err(e),
    };
    match play(&prepared) {
        Ok(result) => Ok(Played::Transcript(result.transcript.render())),
        Err(Error::Script(problems)) => Ok(Played::NotPlayed(why(&problems))),
        Err(e) => Err(e),
    }
}
