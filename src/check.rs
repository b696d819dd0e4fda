//! Checking decks: read a deck in any encoding, choose its format (the one asked for, or the
//! one its header names) and validate it, giving a [`DeckOutcome`]. `validate`, `db diff` and
//! the match commands all check decks through here; `db check` lints card data through
//! [`check_data`].

use crate::card_db::Game;
use crate::catalog::{parse_toml, Catalog, DataOptions, FileKind, Sources};
use crate::collection::{need, Have};
use crate::date::Date;
use crate::deck::{Deck, DeckRef};
use crate::diagnostic::Problem;
use crate::diagnostic::SourceFile;
use crate::encoding::{self, Encoding};
use crate::error::{read_text, Error};
use crate::lint;
use crate::paths::{Found, Search, Walk};
use crate::stats::{self, Resolved};
use crate::validate::format::{self, Format, FormatFile};
use crate::validate::{lint_formats, Finding, RuleId, Validator, Verdict};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::OnceLock;

/// The verdict on one deck file, as the `validate` command reports it.
#[derive(Debug, Clone)]
pub struct DeckOutcome {
    /// The path as given on the command line.
    pub path: String,
    pub name: Option<String>,
    pub source: Arc<SourceFile>,
    pub verdict: Verdict,
    /// How long reading and checking the file took, where it was measured (JUnit's `time`).
    pub seconds: Option<f64>,
}

/// Parses and validates one deck list. A deck naming no format (and no forced one) cannot be
/// checked at all: that is an error listing the formats.
pub fn check_deck(
    catalog: &Catalog,
    forced: Option<&Format>,
    source: &Arc<SourceFile>,
    date: Date,
) -> Result<DeckOutcome, Error> {
    check_deck_as(catalog, forced, source, date, None)
}

/// [`check_deck`] for a deck in a known encoding (`None`: tell it from the name and content).
pub fn check_deck_as(
    catalog: &Catalog,
    forced: Option<&Format>,
    source: &Arc<SourceFile>,
    date: Date,
    encoding: Option<Encoding>,
) -> Result<DeckOutcome, Error> {
    check_source(&Validators::new(catalog, forced, date), source, encoding)
}

/// [`check_deck_as`] with the formats prepared by the caller, who checks many decks.
pub fn check_source(
    validators: &Validators,
    source: &Arc<SourceFile>,
    encoding: Option<Encoding>,
) -> Result<DeckOutcome, Error> {
    let catalog = validators.catalog;
    match encoding::resolve(source, encoding, catalog)? {
        // A text list is checked as read, its names borrowed from the source.
        Encoding::Text => {
            let text = encoding::unmarked(source);
            check_read(validators, source, &encoding::text::parse_borrowed(&text))
        }
        other => {
            let deck = encoding::read_as(source, other, catalog)?;
            check_read(validators, source, &deck.borrowed())
        }
    }
}

/// Reads a deck file to play it: the deck and its verdict on `date`, parsed once.
pub fn read_and_check(
    catalog: &Catalog,
    forced: Option<&Format>,
    path: &Path,
    date: Date,
) -> Result<(Deck, DeckOutcome), Error> {
    let source = SourceFile::new(path.display().to_string(), read_text(path)?);
    read_and_check_source(&Validators::new(catalog, forced, date), &source)
}

/// [`read_and_check`] for a deck that is not a file here (`diff` and `log` read revisions).
pub fn read_and_check_source(
    validators: &Validators,
    source: &Arc<SourceFile>,
) -> Result<(Deck, DeckOutcome), Error> {
    let deck = encoding::read(source, None, validators.catalog)?;
    let outcome = check_read(validators, source, &deck.borrowed())?;
    Ok((deck, outcome))
}

/// Each format's [`Validator`], prepared the first time a deck of the format is checked and
/// kept for the other decks of a run (and its threads).
pub struct Validators<'c> {
    catalog: &'c Catalog,
    date: Date,
    /// The format given on the command line, which every deck is checked against.
    forced: Option<(&'c Format, OnceLock<Validator<'c>>)>,
    /// The catalog's formats, by id, for decks that name theirs.
    named: BTreeMap<&'c str, OnceLock<Validator<'c>>>,
    /// With `--have`: the collection each deck is held against (`not-owned`).
    have: Option<&'c Have>,
}

impl<'c> Validators<'c> {
    pub fn new(catalog: &'c Catalog, forced: Option<&'c Format>, date: Date) -> Self {
        Validators {
            catalog,
            date,
            forced: forced.map(|f| (f, OnceLock::new())),
            named: BTreeMap::new(),
            have: None,
        }
    }

    /// Holds every deck against a collection too: a `not-owned` warning per card short.
    pub fn having(mut self, have: Option<&'c Have>) -> Self {
        self.have = have;
        self
    }

    /// Prepares for decks naming any of the catalog's formats (a batch), rather than one
    /// deck's format only.
    pub fn for_every_format(mut self) -> Self {
        let formats = self.catalog.formats.keys();
        self.named = formats.map(|id| (id.as_str(), OnceLock::new())).collect();
        self
    }

    /// Validates `deck` against `format`, with the format's validator made on first use. A
    /// format whose game is missing is an error for every deck of it.
    fn validate(&self, format: &'c Format, deck: &DeckRef) -> Result<Verdict, Error> {
        let slot = match &self.forced {
            Some((forced, slot)) if std::ptr::eq(*forced, format) => Some(slot),
            _ => self.named.get(format.id.as_str()),
        };
        let game = self.catalog.game(&format.game)?;
        let make = || Validator::new(format, game, self.date);
        Ok(match slot {
            Some(slot) => slot.get_or_init(make).validate(deck),
            None => make().validate(deck),
        })
    }
}

/// [`check_deck_as`] for a deck already read from `source`.
fn check_read(
    validators: &Validators,
    source: &Arc<SourceFile>,
    deck: &DeckRef,
) -> Result<DeckOutcome, Error> {
    let catalog = validators.catalog;
    let name = deck.name.as_ref().map(|n| n.value.to_owned());
    let outcome = |verdict| DeckOutcome {
        path: source.name.clone(),
        name: name.clone(),
        source: source.clone(),
        verdict,
        seconds: None,
    };
    let format = match (validators.forced.as_ref(), &deck.format) {
        (Some((f, _)), _) => *f,
        (None, Some(header)) => match catalog.format(header.value) {
            Some(f) => f,
            None => {
                let mut finding =
                    Finding::new(RuleId::Parse, format!("unknown format `{}`", header.value))
                        .help(catalog.format_help(header.value));
                finding.span = header.span.clone();
                finding.line = header.line;
                return Ok(outcome(Verdict::unchecked(finding)));
            }
        },
        (None, None) => return Err(names_no_format(catalog, &source.name)),
    };
    let mut verdict = validators.validate(format, deck)?;
    if let Some(owned) = validators.have.and_then(|h| h.owned(&format.game)) {
        let game = catalog.game(&format.game)?;
        let (findings, copies) = need::not_owned(deck, game, owned);
        verdict.findings.extend(findings);
        verdict
            .findings
            .sort_by_key(|f| (f.line.unwrap_or(u32::MAX), f.rule));
        verdict.not_owned = copies;
    }
    Ok(outcome(verdict))
}

/// Checks one file of a batch. A file that cannot be read or parsed is an outcome too, with
/// one `unreadable` finding, so that the batch reports every file; only broken card data (no
/// deck can be checked then) stops the batch. A file a folder search found that is not a
/// deck list by its content ([`encoding::is_deck_list`]) is skipped: `None`.
pub fn check_file(
    validators: &Validators,
    file: &Found,
    from: Option<Encoding>,
) -> Result<Option<DeckOutcome>, Error> {
    let started = std::time::Instant::now();
    let timed = |mut outcome: DeckOutcome| {
        outcome.seconds = Some(started.elapsed().as_secs_f64());
        Some(outcome)
    };
    let stdin = file.path.as_os_str() == "-";
    let name = if stdin {
        "<stdin>".to_owned()
    } else {
        file.path.display().to_string()
    };
    let text = if stdin {
        crate::error::read_stdin()
    } else {
        read_text(&file.path)
    };
    let source = match text {
        Ok(text) => SourceFile::new(name, text),
        // A path named on the command line that does not exist is a usage error (exit 2).
        Err(Error::Read { source, .. })
            if file.named && source.kind() == std::io::ErrorKind::NotFound =>
        {
            return Err(Error::Read {
                path: file.path.clone(),
                source,
            })
        }
        Err(e) => return Ok(timed(unreadable(SourceFile::new(name, ""), &e))),
    };
    if !file.named && from.is_none() && !encoding::is_deck_list(&source.name, &source.text) {
        return Ok(None);
    }
    match check_source(validators, &source, from) {
        Ok(outcome) => Ok(timed(outcome)),
        Err(e @ Error::Data(_)) => Err(e),
        Err(e) => Ok(timed(unreadable(source, &e))),
    }
}

/// The outcome for a file that could not be read or parsed: one `unreadable` error, with the
/// reason, and the place where the reason has one.
pub fn unreadable(source: Arc<SourceFile>, error: &Error) -> DeckOutcome {
    let (message, help, span) = match error {
        Error::Deck { message, problems } => {
            let first = problems.first();
            let reason = first.map_or(String::new(), |p| format!(": {}", p.message));
            (
                format!("{message}{reason}"),
                first.and_then(|p| p.help.clone()),
                first.and_then(|p| p.labels.first()).map(|(s, _)| s.clone()),
            )
        }
        Error::Usage { message, help } => (message.clone(), help.clone(), None),
        other => (other.to_string(), None, None),
    };
    // Not a rule of the format: the file never got as far as a deck (check_file makes it).
    let mut finding = Finding::new(RuleId::Unreadable, message);
    finding.help = help;
    finding.line = span.as_ref().map(|s| source.line_col(s.start).0 as u32);
    finding.span = span;
    DeckOutcome {
        path: source.name.clone(),
        name: None,
        source,
        verdict: Verdict::unchecked(finding),
        seconds: None,
    }
}

/// A deck that names no format, with none given on the command line, cannot be looked up.
fn names_no_format(catalog: &Catalog, deck: &str) -> Error {
    let ids: Vec<&str> = catalog.formats.keys().map(String::as_str).collect();
    Error::usage_with_help(
        format!("`{deck}` names no format"),
        format!(
            "pass `--format <id>` (a decksmith list may name it in a line `format: <id>`); the \
             formats are: {}",
            ids.join(", ")
        ),
    )
}

/// A deck read for `stats` and `draw`: its cards resolved against its format's game.
pub struct StatsDeck<'c> {
    /// The path as given (`-` for standard input).
    pub path: String,
    pub name: Option<String>,
    pub format: Format,
    pub game: &'c Game,
    pub resolved: Resolved,
}

/// Reads a deck list (`-`: standard input) and resolves it for `stats` and `draw`. Unlike
/// `validate`, which reports an unreadable deck as a finding, these need the deck: a line that
/// cannot be read or a format that does not exist stops them, pointing at the line. With
/// `plan`, the deck is the one that plan leaves (a plan that cannot be made stops them too).
pub fn read_for_stats<'c>(
    catalog: &'c Catalog,
    format: Option<&str>,
    arg: &str,
    plan: Option<&str>,
) -> Result<StatsDeck<'c>, Error> {
    let source = if arg == "-" {
        SourceFile::new("<stdin>", crate::error::read_stdin()?)
    } else {
        SourceFile::new(arg, read_text(Path::new(arg))?)
    };
    let deck = encoding::read(&source, None, catalog)?;
    let refuse = |problems: Vec<Problem>| Error::Deck {
        message: format!(
            "cannot read `{arg}`: {}",
            crate::error::plural(problems.len(), "problem")
        ),
        problems,
    };
    if !deck.problems.is_empty() {
        return Err(refuse(
            deck.problems
                .iter()
                .map(|p| encoding::to_problem(&source, "parse", p))
                .collect(),
        ));
    }
    let format = match (format, &deck.format) {
        (Some(id), _) => catalog.format_from_arg(id)?,
        (None, Some(header)) => match catalog.format(&header.value) {
            Some(f) => f.clone(),
            None => {
                let mut p = Problem::error("parse", format!("unknown format `{}`", header.value))
                    .in_file(&source)
                    .help(catalog.format_help(&header.value));
                if let Some(span) = &header.span {
                    p = p.label(span.clone(), "no such format");
                }
                return Err(refuse(vec![p]));
            }
        },
        (None, None) => return Err(names_no_format(catalog, arg)),
    };
    let game = catalog.game(&format.game)?;
    let deck = match plan {
        Some(name) => with_plan(&deck, name, game, &source)?,
        None => deck,
    };
    Ok(StatsDeck {
        path: arg.to_owned(),
        name: deck.name.as_ref().map(|n| n.value.clone()),
        resolved: stats::resolve(&deck, game),
        format,
        game,
    })
}

/// The deck the plan named `name` leaves; an unknown name is a usage error listing the deck's
/// plans, a plan that cannot be made an error pointing at its lines.
fn with_plan(
    deck: &Deck,
    name: &str,
    game: &Game,
    source: &Arc<SourceFile>,
) -> Result<Deck, Error> {
    let Some(plan) = deck.plan(name) else {
        let plans: Vec<&str> = deck.plans.iter().map(|p| p.name.value.as_str()).collect();
        let help = match plans.is_empty() {
            true => "the deck has no `Plan:` lines (docs/plans.md)".to_owned(),
            false => {
                let all = format!("the deck's plans are `{}`", plans.join("`, `"));
                match crate::names::suggest(name, plans.iter().copied()) {
                    Some(s) => format!("did you mean `{s}`? {all}"),
                    None => all,
                }
            }
        };
        return Err(Error::usage_with_help(
            format!("the deck has no plan `{name}`"),
            help,
        ));
    };
    deck.with_plan(plan, game).map_err(|problems| Error::Deck {
        message: format!(
            "cannot make plan `{}`: {}",
            plan.name.value,
            crate::error::plural(problems.len(), "problem")
        ),
        problems: (problems.into_iter())
            .map(|p| {
                let mut problem = Problem::error("sideboard-plan", p.message)
                    .in_file(source)
                    .help(p.help);
                if let Some(span) = p.span {
                    problem = problem.label(span, "this swap");
                }
                problem
            })
            .collect(),
    })
}

impl Catalog {
    /// A format named on the command line: a format id, or the path of a format file (which
    /// may extend a known one). A file is linted like the shipped formats before it is used.
    pub fn format_from_arg(&self, arg: &str) -> Result<Format, Error> {
        if let Some(f) = self.format(arg) {
            return Ok(f.clone());
        }
        let path = Path::new(arg);
        if !(path.extension().is_some_and(|e| e == "toml") || path.is_file()) {
            return Err(Error::usage_with_help(
                format!("no format `{arg}`"),
                self.format_help(arg),
            ));
        }
        let source = SourceFile::new(arg, read_text(path)?);
        let file: FormatFile = parse_toml(&source).map_err(|p| Error::Formats(vec![p]))?;
        let id = file.id.get_ref().clone();
        let (formats, mut problems) =
            format::resolve(vec![(file, source)], &Default::default(), &self.formats);
        let mut with = self.clone();
        with.formats = formats;
        problems.extend(
            lint_formats(&with.games, &with.formats)
                .into_iter()
                .filter(|p| p.file.as_ref().is_some_and(|f| f.name == arg)),
        );
        if problems.iter().any(|p| p.is_error()) {
            return Err(Error::Formats(problems));
        }
        with.formats
            .remove(&id)
            .ok_or_else(|| Error::usage(format!("`{arg}` defines no format")))
    }
}

/// The format a run needs alone, with its parents and its game, when it checks one deck file
/// of the text encoding with a `format:` header (the everyday `validate deck.deck`): that
/// file's header. Loading only those is most of what start-up saves (`.ci/aims`, aim (a)).
/// Any other run, or a path that cannot be read as a file here (a folder), has `None`, and
/// then everything is loaded; the check reads the file again and reports what is wrong.
pub fn lone_deck_format(decks: &[PathBuf], from: Option<Encoding>) -> Option<String> {
    let [path] = decks else {
        return None;
    };
    if path.as_os_str() == "-" {
        return None;
    }
    header_format(path.to_str(), &read_text(path).ok()?, from)
}

/// The format a deck of the text encoding names in its `format:` header.
pub fn header_format(name: Option<&str>, text: &str, from: Option<Encoding>) -> Option<String> {
    let text_deck = match from {
        Some(encoding) => encoding == Encoding::Text,
        None => encoding::detect(name, text).ok() == Some(Encoding::Text),
    };
    let deck = text_deck.then(|| encoding::text::parse_borrowed(text))?;
    Some(deck.format.as_ref()?.value.to_owned())
}

/// Threads for checking many decks at once; one deck (the everyday case) is checked on the
/// caller's thread, as starting a pool would cost more than the check.
pub struct Pool(Threads);

enum Threads {
    Caller,
    /// Rayon's global pool, which loading a large database already started: its threads
    /// keep the memory the parse gave back, where a pool of new threads would take fresh
    /// pages for every arena (benches/batch.rs counts the page faults). When nothing started
    /// it, it is started with the threads asked for, so no second pool sits idle.
    Global,
    Own(rayon::ThreadPool),
}

impl Pool {
    /// A pool of `jobs` threads (0 or none: one per core, or `RAYON_NUM_THREADS`, as rayon's
    /// global pool has) when there are several `items`.
    pub fn new(jobs: Option<usize>, items: usize) -> Result<Pool, Error> {
        let n = match jobs {
            _ if items <= 1 => return Ok(Pool(Threads::Caller)),
            None | Some(0) => return Ok(Pool(Threads::Global)),
            Some(n) => n,
        };
        // Asking the global pool its size would start it, with a thread a core: it is started
        // with `n` threads first, and one that something else started serves if it has `n`.
        let started = (rayon::ThreadPoolBuilder::new().num_threads(n))
            .build_global()
            .is_ok();
        if started || n == rayon::current_num_threads() {
            return Ok(Pool(Threads::Global));
        }
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map(|pool| Pool(Threads::Own(pool)))
            .map_err(|e| Error::usage(format!("cannot start {n} threads: {e}")))
    }

    /// Runs `f` inside the pool, so that its parallel iterators use the pool's threads.
    pub fn install<T: Send>(&self, f: impl FnOnce() -> T + Send) -> T {
        match &self.0 {
            Threads::Own(pool) => pool.install(f),
            Threads::Caller | Threads::Global => f(),
        }
    }

    /// `f` on every item, in parallel when there is a pool; the first failure in item order
    /// is returned, so the error does not depend on scheduling.
    pub fn map<I: Sync, T: Send>(
        &self,
        items: &[I],
        f: impl Fn(&I) -> Result<T, Error> + Sync + Send,
    ) -> Result<Vec<T>, Error> {
        let results: Vec<Result<T, Error>> = match &self.0 {
            Threads::Own(pool) => pool.install(|| items.par_iter().map(&f).collect()),
            Threads::Global => items.par_iter().map(&f).collect(),
            Threads::Caller => items.iter().map(f).collect(),
        };
        results.into_iter().collect()
    }
}

/// Decks checked (and held) at once: enough to keep every thread busy, few enough that memory
/// stays flat however many decks a run checks.
const SLICE: usize = 512;

/// The files a search finds, checked as they are found, a slice at a time: each slice in
/// parallel, then handed back in order. Memory holds one slice of decks however many a run
/// checks.
pub struct Batch<'a> {
    validators: &'a Validators<'a>,
    from: Option<Encoding>,
    walk: Walk<'a>,
    pool: Pool,
    /// The next slice, found ahead (the first one sizes the pool).
    next: Vec<Found>,
    /// What stopped the walk, returned once the files found before it are.
    stopped: Option<Error>,
}

impl<'a> Batch<'a> {
    /// The files of `search`, read as `from` says (or as each file's name and content say),
    /// to be checked on `jobs` threads.
    pub fn new(
        validators: &'a Validators<'a>,
        search: &'a Search<'a>,
        from: Option<Encoding>,
        jobs: Option<usize>,
    ) -> Result<Self, Error> {
        let mut walk = search.walk();
        let (next, stopped) = next_slice(&mut walk);
        Ok(Batch {
            pool: Pool::new(jobs, next.len())?,
            validators,
            from,
            walk,
            next,
            stopped,
        })
    }

    /// The next slice's decks in order, each with what `render` made of it on the thread that
    /// checked it; `None` in place of a file that is not a deck list ([`check_file`]).
    /// `Ok(None)` once every file is checked. A folder that cannot be read ends the batch
    /// with its error, after the files found before it.
    pub fn next<P: Send>(
        &mut self,
        render: impl Fn(&DeckOutcome) -> P + Sync + Send,
    ) -> Result<Option<Checked<P>>, Error> {
        let slice = std::mem::take(&mut self.next);
        if slice.is_empty() {
            return self.stopped.take().map_or(Ok(None), Err);
        }
        let checked = self.pool.map(&slice, |file| {
            let outcome = check_file(self.validators, file, self.from)?;
            Ok(outcome.map(|o| {
                let rendered = render(&o);
                (o, rendered)
            }))
        })?;
        if self.stopped.is_none() {
            (self.next, self.stopped) = next_slice(&mut self.walk);
        }
        Ok(Some(checked))
    }
}

/// A slice of a [`Batch`], checked: each deck and what was made of it, or `None` for a file
/// that is not a deck list.
pub type Checked<P> = Vec<Option<(DeckOutcome, P)>>;

/// The next [`SLICE`] files `walk` finds, and the error that stopped it if one did.
fn next_slice(
    walk: &mut impl Iterator<Item = Result<Found, Error>>,
) -> (Vec<Found>, Option<Error>) {
    let mut slice = Vec::new();
    for found in walk.take(SLICE) {
        match found {
            Ok(found) => slice.push(found),
            Err(error) => return (slice, Some(error)),
        }
    }
    (slice, None)
}

/// What `db check` found.
#[derive(Debug, Clone)]
pub struct LintOutcome {
    /// Every file checked, in order, so CI reports list the clean ones too.
    pub files: Vec<String>,
    pub problems: Vec<Problem>,
    pub games: usize,
    pub cards: usize,
    pub formats: usize,
}

impl LintOutcome {
    pub fn errors(&self) -> usize {
        self.problems.iter().filter(|p| p.is_error()).count()
    }
}

/// Lints card data (`db check`): the files at `paths`, or with none the data in use.
pub fn check_data(data: &DataOptions, paths: &[PathBuf]) -> Result<LintOutcome, Error> {
    let files: Vec<String>;
    let (catalog, mut problems) = if paths.is_empty() {
        let (catalog, problems) = Catalog::load_with_problems(data, false)?;
        files = catalog_files(&catalog);
        (catalog, problems)
    } else {
        let mut sources = Sources::default();
        for path in paths {
            sources.files.extend(Sources::read(path, None)?.files);
        }
        files = sources.files.iter().map(|(_, f)| f.name.clone()).collect();
        // Card files for a game defined elsewhere are checked against the game definitions in
        // use, so `db check card-db/jforce/strikes.toml` works on its own.
        let has_games = sources.files.iter().any(|(k, _)| *k == FileKind::Game);
        let base = if has_games {
            None
        } else {
            Some(Catalog::load_with_problems(data, false)?.0)
        };
        let (mut catalog, problems) = Catalog::build(&sources, base.as_ref());
        // The formats in use stay while building, for the files' formats to extend (an
        // imported pool's formats extend a shipped one); only the files' own are checked.
        (catalog.formats).retain(|_, format| files.contains(&format.file.name));
        (catalog, problems)
    };
    problems.extend(lint::lint(&catalog.games, &catalog.formats).problems);
    Ok(LintOutcome {
        files,
        problems,
        games: catalog.games.len(),
        cards: catalog.games.values().map(|g| g.cards.len()).sum(),
        formats: catalog.formats.len(),
    })
}

/// The files a catalog was built from: game definitions, card files, format files.
fn catalog_files(catalog: &Catalog) -> Vec<String> {
    let mut files: Vec<String> = Vec::new();
    let mut add = |name: &str| {
        if !files.iter().any(|f| f == name) {
            files.push(name.to_owned());
        }
    };
    for game in catalog.games.values() {
        add(&game.def_file.name);
        for origin in &game.origins {
            add(&origin.file.name);
        }
    }
    for format in catalog.formats.values() {
        add(&format.file.name);
    }
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pool_runs_on_the_threads_asked_for_whether_or_not_the_global_pool_started() {
        // The first that starts rayon's global pool sizes it; the other builds its own.
        for n in [2, 3] {
            let pool = Pool::new(Some(n), 2).unwrap();
            assert_eq!(pool.install(rayon::current_num_threads), n);
        }
    }

    /// Only a lone text deck names the one game a run loads: two decks, a folder, another
    /// encoding or a deck without a header load every game.
    #[test]
    fn a_lone_text_deck_names_the_format_whose_game_is_loaded() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let deck = root.join("examples/decks/jforce/legal-ember-rush.deck");
        let other = root.join("examples/decks/fow/legal-abyssal-control.deck");
        let format = lone_deck_format(std::slice::from_ref(&deck), None);
        assert_eq!(format.as_deref(), Some("jforce-standard"));
        assert_eq!(lone_deck_format(&[deck.clone(), other], None), None);
        assert_eq!(lone_deck_format(&[root.join("examples/decks")], None), None);
        assert_eq!(lone_deck_format(&[PathBuf::from("-")], None), None);
        let as_json = lone_deck_format(std::slice::from_ref(&deck), Some(Encoding::Json));
        assert_eq!(as_json, None);
        let arena = root.join("tests/integration/foreign/jforce-moxfield.txt");
        assert_eq!(lone_deck_format(&[arena], None), None);
    }

    /// A walk that stops with an error gives the files before it, then the error; a walk
    /// gives its files a slice at a time.
    #[test]
    fn files_found_before_an_error_are_kept_for_checking() {
        let file = |i: usize| Found {
            path: format!("deck-{i}.deck").into(),
            named: false,
        };
        let mut walk = (0..3)
            .map(|i| Ok(file(i)))
            .chain([Err(Error::usage("unreadable")), Ok(file(9))]);
        let (slice, stopped) = next_slice(&mut walk);
        assert_eq!(slice, [file(0), file(1), file(2)]);
        assert!(matches!(stopped, Some(Error::Usage { .. })));
        let mut walk = (0..SLICE + 1).map(|i| Ok(file(i)));
        let (first, stopped) = next_slice(&mut walk);
        assert_eq!((first.len(), stopped.is_none()), (SLICE, true));
        let (rest, _) = next_slice(&mut walk);
        assert_eq!(rest, [file(SLICE)]);
        assert!(next_slice(&mut walk).0.is_empty());
    }
}
