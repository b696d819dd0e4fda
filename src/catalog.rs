//! Loading the data decksmith works from: the embedded card databases and formats, a data
//! folder (`DECKSMITH_DATA`), and `--db` / `--formats` paths layered on top.

use crate::card_db::read::{self, ParsedCards};
use crate::card_db::{no_game, Card, CardOrigin, CardStr, Game, GameFile, SetDef};
use crate::diagnostic::{toml_problem, Problem, SourceFile};
use crate::error::{read_text, Error};
use crate::names;
use crate::pool;
use crate::validate::format::{self, Format, FormatFile};
use include_dir::{include_dir, Dir, File};
use serde::de::DeserializeOwned;
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use toml::Spanned;

/// The shipped card databases and formats, embedded as they are: adding a data file needs no
/// change to Rust code. Only their `*.toml` files are read.
static CARD_DB: Dir = include_dir!("$CARGO_MANIFEST_DIR/card-db");
static FORMATS: Dir = include_dir!("$CARGO_MANIFEST_DIR/formats");

/// Card data larger than this is parsed on every core.
const PARALLEL_PARSE_BYTES: usize = 512 * 1024;

/// `--game` is read by some commands only; a value that names no game is an error in every
/// command that loads the data, not a flag quietly passed over.
fn known_game(options: &DataOptions, games: &BTreeMap<String, Game>) -> Result<(), Error> {
    match options.game.as_deref() {
        Some(id) if !games.contains_key(id) => Err(no_game(id, games)),
        _ => Ok(()),
    }
}

/// Every loaded game and format.
#[derive(Debug, Clone, Default)]
pub struct Catalog {
    pub games: BTreeMap<String, Game>,
    pub formats: BTreeMap<String, Format>,
}

/// Where the data comes from, as resolved from the command line and environment.
#[derive(Debug, Clone, Default)]
pub struct DataOptions {
    /// A folder holding `card-db/` and `formats/`, used instead of the embedded data.
    pub data_dir: Option<PathBuf>,
    /// Card database files or folders; each game they hold replaces that game's cards.
    pub db: Vec<PathBuf>,
    /// Format files or folders, added to (or replacing, by id) the base formats.
    pub formats: Vec<PathBuf>,
    /// The game whose mapping reads another tool's pool in `db`; without it, the game whose
    /// mapping names the pool.
    pub game: Option<String>,
}

/// What a data file holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Game,
    Cards,
    Format,
}

/// Data files read but not yet parsed.
#[derive(Debug, Default, Clone)]
pub struct Sources {
    pub files: Vec<(FileKind, Arc<SourceFile>)>,
}

impl Sources {
    /// The data shipped inside the binary.
    pub fn embedded() -> Sources {
        Sources::embedded_games(|_| true)
    }

    /// The shipped formats, and the card databases of the games `keep` accepts (by their
    /// folder, `card-db/<game>/`, which is named by the game's id).
    fn embedded_games(keep: impl Fn(&str) -> bool) -> Sources {
        let mut files = Vec::new();
        for file in toml_files(&CARD_DB) {
            let game = file.path().iter().next().unwrap_or_default();
            if keep(&game.to_string_lossy()) {
                files.push((card_db_kind(file.path()), shipped_file("card-db", file)));
            }
        }
        for file in toml_files(&FORMATS) {
            files.push((FileKind::Format, shipped_file("formats", file)));
        }
        Sources { files }
    }

    /// Reads a file or every `*.toml` below a folder. `kind` forces the kind; without it, a
    /// file named `game.toml` is a game definition, files below a folder named `formats` are
    /// formats, and the rest are card files.
    pub fn read(path: &Path, kind: Option<FileKind>) -> Result<Sources, Error> {
        let mut paths = Vec::new();
        collect_toml(path, &mut paths)?;
        if paths.is_empty() && path.is_dir() {
            return Err(Error::usage_with_help(
                format!("`{}` holds no .toml files", path.display()),
                "point at a card database folder (card-db/<game>/) or a format folder",
            ));
        }
        let mut files = Vec::new();
        for p in paths {
            let text = read_text(&p)?;
            let kind = kind.unwrap_or_else(|| guess_kind(&p));
            files.push((kind, SourceFile::new(p.display().to_string(), text)));
        }
        Ok(Sources { files })
    }

    /// A data folder with `card-db/` and `formats/` inside.
    pub fn data_dir(dir: &Path) -> Result<Sources, Error> {
        let db = dir.join("card-db");
        if !db.is_dir() {
            return Err(Error::usage_with_help(
                format!("data folder `{}` has no card-db/ folder", dir.display()),
                "DECKSMITH_DATA must name a folder holding card-db/ and formats/",
            ));
        }
        let mut sources = Sources::read(&db, None)?;
        let formats = dir.join("formats");
        if formats.is_dir() {
            sources
                .files
                .extend(Sources::read(&formats, Some(FileKind::Format))?.files);
        }
        Ok(sources)
    }

    fn format_names(&self) -> impl Iterator<Item = String> + '_ {
        (self.files.iter())
            .filter(|(kind, _)| *kind == FileKind::Format)
            .map(|(_, src)| src.name.clone())
    }
}

/// The `*.toml` files below `dir`, in path order.
fn toml_files(dir: &'static Dir) -> Vec<&'static File<'static>> {
    let mut files = Vec::new();
    for entry in dir.entries() {
        if let Some(dir) = entry.as_dir() {
            files.extend(toml_files(dir));
        } else if let Some(file) = entry.as_file() {
            if file.path().extension().is_some_and(|e| e == "toml") {
                files.push(file);
            }
        }
    }
    files
}

/// A shipped file, named by its path in the repository (`card-db/jforce/game.toml`), as
/// diagnostics show it. The test suite reads every shipped file through the model and lints
/// it (`shipped_data_passes_db_check`, from disk too, where a file must be UTF-8), so a
/// broken one never ships.
fn shipped_file(folder: &str, file: &File) -> Arc<SourceFile> {
    let name = format!("{folder}/{}", file.path().to_string_lossy());
    SourceFile::new(name, String::from_utf8_lossy(file.contents()))
}

fn card_db_kind(path: &Path) -> FileKind {
    if path.file_name().is_some_and(|n| n == "game.toml") {
        FileKind::Game
    } else {
        FileKind::Cards
    }
}

fn guess_kind(path: &Path) -> FileKind {
    if path
        .ancestors()
        .skip(1)
        .any(|a| a.file_name().is_some_and(|n| n == "formats"))
    {
        FileKind::Format
    } else {
        card_db_kind(path)
    }
}

fn collect_toml(path: &Path, out: &mut Vec<PathBuf>) -> Result<(), Error> {
    let meta = std::fs::metadata(path).map_err(|source| Error::Read {
        path: path.to_owned(),
        source,
    })?;
    if !meta.is_dir() {
        out.push(path.to_owned());
        return Ok(());
    }
    let entries = std::fs::read_dir(path).map_err(|source| Error::Read {
        path: path.to_owned(),
        source,
    })?;
    let mut children: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    children.sort();
    for child in children {
        if child.is_dir() {
            collect_toml(&child, out)?;
        } else if child.extension().is_some_and(|e| e == "toml") {
            out.push(child);
        }
    }
    Ok(())
}

/// Parses a TOML file into `T`, turning a syntax error or unknown field into a `Problem` that
/// points at the place and suggests the field that was probably meant.
pub fn parse_toml<T: DeserializeOwned>(file: &Arc<SourceFile>) -> Result<T, Problem> {
    toml::from_str(&file.text).map_err(|e| toml_problem(&e, file))
}

impl Catalog {
    /// The embedded data. Parsed once per process: the binary loads it at most once anyway,
    /// and tests and benchmarks share it. The test suite keeps it free of problems, but a
    /// problem still comes back as an error rather than a panic.
    pub fn embedded() -> Result<&'static Catalog, Error> {
        use std::sync::OnceLock;
        static CATALOG: OnceLock<Result<Catalog, Vec<Problem>>> = OnceLock::new();
        let built = CATALOG.get_or_init(|| {
            let (catalog, problems) = Catalog::build(&Sources::embedded(), None);
            if problems.iter().any(Problem::is_error) {
                Err(problems)
            } else {
                Ok(catalog)
            }
        });
        built.as_ref().map_err(|p| Error::Data(p.clone()))
    }

    /// Loads the base data (embedded, or the data folder) and layers `--db` and `--formats`;
    /// any problem in user-supplied data (parse or lint) is an error.
    ///
    /// With no data options this borrows the embedded catalog rather than copying it: the
    /// common case (`decksmith validate deck`) then pays only for parsing the embedded data.
    pub fn load(options: &DataOptions) -> Result<Cow<'static, Catalog>, Error> {
        if options.data_dir.is_none() && options.db.is_empty() && options.formats.is_empty() {
            let catalog = Catalog::embedded()?;
            known_game(options, &catalog.games)?;
            return Ok(Cow::Borrowed(catalog));
        }
        let (catalog, problems, format_files) = Catalog::load_inner(options, true)?;
        fail_on_errors(problems, &format_files)?;
        Ok(Cow::Owned(catalog))
    }

    /// [`Catalog::load`] for a command about decks of one format: with the shipped data, only
    /// that format's game is parsed (the formats are small; the card databases are most of
    /// the start-up time). Anything else (data options, a format not shipped, data that does
    /// not load cleanly) is a full [`Catalog::load`], which also reports the problems.
    pub fn load_for_format(
        options: &DataOptions,
        format: Option<&str>,
    ) -> Result<Cow<'static, Catalog>, Error> {
        Catalog::load_game_of(options, format, false)
    }

    /// [`Catalog::load_for_format`] for a lone deck whose header names `format`: of the
    /// formats, only that one and those it extends are read, as nothing else is looked up for
    /// that deck (start-up: `.ci/aims`, aim (a)).
    pub fn load_for_deck(
        options: &DataOptions,
        format: &str,
    ) -> Result<Cow<'static, Catalog>, Error> {
        Catalog::load_game_of(options, Some(format), true)
    }

    fn load_game_of(
        options: &DataOptions,
        format: Option<&str>,
        its_formats_only: bool,
    ) -> Result<Cow<'static, Catalog>, Error> {
        let shipped = options.data_dir.is_none() && options.db.is_empty();
        // A `--game` that is not a shipped game is checked by the full load, which knows them.
        let shipped_game = (options.game.as_deref())
            .is_none_or(|id| CARD_DB.dirs().any(|d| d.path() == Path::new(id)));
        let Some(format) = format.filter(|_| shipped && shipped_game && options.formats.is_empty())
        else {
            return Catalog::load(options);
        };
        let (formats, problems) = (its_formats_only.then(|| shipped_format_chain(format)))
            .flatten()
            .unwrap_or_else(|| Catalog::build(&Sources::embedded_games(|_| false), None));
        let Some(game) = formats.format(format).map(|f| f.game.clone()) else {
            return Catalog::load(options);
        };
        if problems.iter().any(Problem::is_error) {
            return Catalog::load(options);
        }
        let mut games = Sources::embedded_games(|g| g == game);
        games.files.retain(|(kind, _)| *kind != FileKind::Format);
        // The formats are moved in, not given as the base, which `build` would copy.
        let (mut catalog, problems) = Catalog::build(&games, None);
        if problems.iter().any(Problem::is_error) || !catalog.games.contains_key(&game) {
            return Catalog::load(options);
        }
        catalog.formats = formats.formats;
        Ok(Cow::Owned(catalog))
    }

    /// Like [`Catalog::load`], but returns the problems found (for `db check`). Only reading
    /// files can fail. `lint_user` lints data that did not come from the binary.
    pub fn load_with_problems(
        options: &DataOptions,
        lint_user: bool,
    ) -> Result<(Catalog, Vec<Problem>), Error> {
        Catalog::load_inner(options, lint_user).map(|(catalog, problems, _)| (catalog, problems))
    }

    /// [`Catalog::load_with_problems`], also naming the format files read, so an error can
    /// say whether the fault is in the card data or in a format.
    fn load_inner(
        options: &DataOptions,
        lint_user: bool,
    ) -> Result<(Catalog, Vec<Problem>, BTreeSet<String>), Error> {
        let mut problems = Vec::new();
        let mut format_files = BTreeSet::new();
        let mut catalog = match &options.data_dir {
            None if options.db.is_empty() && options.formats.is_empty() && !lint_user => {
                let (c, p) = Catalog::build(&Sources::embedded(), None);
                problems.extend(p);
                c
            }
            None => match Catalog::embedded() {
                Ok(c) => c.clone(),
                Err(Error::Data(p)) => return Ok((Catalog::default(), p, format_files)),
                Err(e) => return Err(e),
            },
            Some(dir) => {
                let sources = Sources::data_dir(dir)?;
                format_files.extend(sources.format_names());
                let (c, p) = Catalog::build(&sources, None);
                problems.extend(p);
                c
            }
        };
        if !options.db.is_empty() {
            let mut sources = Sources::default();
            for path in &options.db {
                if let Some(tool) = pool::import::Tool::of(path) {
                    // `--game` also names the game a command works on (`cards --game jforce`
                    // beside a Force of Will plugin): it chooses the pool's mapping only when
                    // that game has one for the pool's tool.
                    let game = (options.game.as_deref())
                        .filter(|id| (catalog.games.get(*id)).is_none_or(|g| tool.maps(g)));
                    let imported = pool::import::read(path, tool, &catalog.games, game)?;
                    sources
                        .files
                        .extend(foreign_sources(&imported, &mut problems));
                    continue;
                }
                let mut read = Sources::read(path, None)?;
                // Formats in the database's own `formats/` (as `db import` writes them) are
                // formats; any other file is a card file, whatever the folders above it are
                // called.
                let own_formats = path.join("formats");
                for (kind, src) in &mut read.files {
                    if *kind == FileKind::Format && !Path::new(&src.name).starts_with(&own_formats)
                    {
                        *kind = FileKind::Cards;
                    }
                }
                sources.files.extend(read.files);
            }
            let (c, p) = Catalog::build(&sources, Some(&catalog));
            problems.extend(p);
            catalog = c;
        }
        if !options.formats.is_empty() {
            let mut sources = Sources::default();
            for path in &options.formats {
                (sources.files).extend(Sources::read(path, Some(FileKind::Format))?.files);
            }
            format_files.extend(sources.format_names());
            let (files, broken) = parse_formats(&sources.files, &mut problems);
            let (formats, more) = format::resolve(files, &broken, &catalog.formats);
            problems.extend(more);
            catalog.formats = formats;
        }
        if !problems.iter().any(Problem::is_error) {
            // Where the data does not read, its problems say why a game may be missing.
            known_game(options, &catalog.games)?;
        }
        let user_data =
            options.data_dir.is_some() || !options.db.is_empty() || !options.formats.is_empty();
        if lint_user && user_data && !problems.iter().any(Problem::is_error) {
            problems.extend(crate::lint::lint(&catalog.games, &catalog.formats).problems);
        }
        Ok((catalog, problems, format_files))
    }

    /// Parses sources into a catalog. Games the sources define or hold cards for replace those
    /// of `base`; formats are added to `base`'s. Problems are returned, not raised, so `db
    /// check` can list them all.
    pub fn build(sources: &Sources, base: Option<&Catalog>) -> (Catalog, Vec<Problem>) {
        let mut problems = Vec::new();
        let mut catalog = base.cloned().unwrap_or_default();
        let mut replaced: Vec<String> = Vec::new();
        let mut fresh_defs: BTreeMap<String, Arc<SourceFile>> = BTreeMap::new();

        for (kind, src) in &sources.files {
            if *kind != FileKind::Game {
                continue;
            }
            match parse_toml::<GameFile>(src) {
                Ok(file) => {
                    let id = file.game.id.clone();
                    if let Some(first) = fresh_defs.get(&id) {
                        problems.push(
                            Problem::error(
                                "duplicate-game",
                                format!("game `{id}` is defined twice"),
                            )
                            .in_file(src)
                            .help(format!("the first definition is in {}", first.name)),
                        );
                        continue;
                    }
                    fresh_defs.insert(id.clone(), Arc::clone(src));
                    catalog
                        .games
                        .insert(id.clone(), Game::new(file.game, Arc::clone(src)));
                    replaced.push(id);
                }
                Err(p) => problems.push(p),
            }
        }

        // Card files are independent, and parsing them is most of loading a large database:
        // parse a large one on every core, each file into a list of its own, then merge in
        // file order so the result does not depend on scheduling. Small data (the shipped
        // sets) parses faster than threads start: its files are read in turn into one list,
        // which a game whose cards are all in it then takes whole.
        let card_srcs: Vec<&Arc<SourceFile>> = (sources.files.iter())
            .filter(|(kind, _)| *kind == FileKind::Cards)
            .map(|(_, src)| src)
            .collect();
        let size: usize = card_srcs.iter().map(|src| src.text.len()).sum();
        type Read<'s> = (&'s Arc<SourceFile>, Result<ParsedCards, Problem>);
        let batches: Vec<(Vec<Card>, Vec<Read>)> = if size > PARALLEL_PARSE_BYTES {
            use rayon::prelude::*;
            (card_srcs.par_iter())
                .map(|src| {
                    let mut cards = Vec::new();
                    let parsed = read::parse_card_file(src, &mut cards);
                    (cards, vec![(*src, parsed)])
                })
                .collect()
        } else {
            let mut cards = Vec::new();
            let parsed = (card_srcs.iter())
                .map(|src| (*src, read::parse_card_file(src, &mut cards)))
                .collect();
            vec![(cards, parsed)]
        };

        // Each file's problems, in file order. A file that does not read, names no game, or
        // has a stat its game lacks (every problem in it is reported, as for an unknown
        // field) loads none of its cards: its entry keeps only how many it holds.
        let mut checked: Vec<(Vec<Card>, Vec<Checked>)> = Vec::with_capacity(batches.len());
        let mut incoming: BTreeMap<CardStr, usize> = BTreeMap::new();
        let mut declared: Vec<(CardStr, SetDef)> = Vec::new();
        for (mut cards, files) in batches {
            let mut entries = Vec::with_capacity(files.len());
            let mut offset = 0;
            for (src, parsed) in files {
                let parsed = match parsed {
                    Ok(parsed) => parsed,
                    Err(p) => {
                        problems.push(p);
                        continue;
                    }
                };
                let n = parsed.spans.len();
                let file_cards = &mut cards[offset..offset + n];
                offset += n;
                let Some(game) = catalog.games.get(parsed.game.get_ref().as_str()) else {
                    problems.push(unknown_game(&catalog, &parsed.game, src));
                    entries.push((src, n, None));
                    continue;
                };
                for card in file_cards.iter_mut() {
                    card.invented |= parsed.invented;
                }
                let set_aside = &parsed.set_aside;
                let read_ok =
                    read::check_stats(&game.def, file_cards, set_aside, src, &mut problems);
                if read_ok {
                    *incoming.entry(parsed.game.get_ref().clone()).or_default() += n;
                    for set in &parsed.sets {
                        declared.push((parsed.game.get_ref().clone(), set.clone()));
                    }
                }
                entries.push((src, n, read_ok.then_some(parsed)));
            }
            checked.push((cards, entries));
        }

        for (id, set) in declared {
            if let Some(game) = catalog.games.get_mut(id.as_str()) {
                if !game.def.sets.iter().any(|s| s.code == set.code) {
                    game.def.sets.push(set);
                }
            }
        }

        // A list holding every incoming card of one game becomes the game's list; the other
        // games get room for theirs at once, as pushing 20,000 cards one by one regrew their
        // tables about a dozen times.
        let whole: Vec<Option<CardStr>> = (checked.iter())
            .map(|(cards, entries)| whole_game(cards, entries, &incoming))
            .collect();
        for (id, n) in &incoming {
            if !whole.iter().flatten().any(|w| w == id) {
                if let Some(game) = catalog.games.get_mut(id.as_str()) {
                    game.reserve(*n);
                }
            }
        }
        for ((cards, entries), whole) in checked.into_iter().zip(whole) {
            if let Some(id) = whole {
                let origins = (entries.iter()).flat_map(|(src, _, parsed)| {
                    (parsed.iter().flat_map(|p| &p.spans)).map(|span| CardOrigin {
                        file: Arc::clone(src),
                        span: span.clone(),
                    })
                });
                if let Some(game) = loading(&mut catalog, &mut replaced, &id) {
                    game.append(cards, origins);
                }
                continue;
            }
            let mut cards = cards.into_iter();
            for (src, n, parsed) in entries {
                let file_cards = cards.by_ref().take(n);
                let Some(parsed) = parsed else {
                    file_cards.for_each(drop);
                    continue;
                };
                let Some(game) = loading(&mut catalog, &mut replaced, parsed.game.get_ref()) else {
                    continue;
                };
                for (card, span) in file_cards.zip(parsed.spans) {
                    let file = Arc::clone(src);
                    game.push(card, CardOrigin { file, span });
                }
            }
        }

        let (format_files, broken) = parse_formats(&sources.files, &mut problems);
        let (formats, more) = format::resolve(format_files, &broken, &catalog.formats);
        problems.extend(more);
        catalog.formats = formats;
        (catalog, problems)
    }

    pub fn game(&self, id: &str) -> Result<&Game, Error> {
        self.games.get(id).ok_or_else(|| no_game(id, &self.games))
    }

    /// Finds a format by id.
    pub fn format(&self, id: &str) -> Option<&Format> {
        self.formats.get(id)
    }

    /// "did you mean" for a format id, or the list of formats.
    pub fn format_help(&self, id: &str) -> String {
        let known: Vec<&str> = self.formats.keys().map(String::as_str).collect();
        match names::suggest(id, known.iter().copied()) {
            Some(s) => format!("did you mean `{s}`?"),
            None => format!("the formats are: {}", known.join(", ")),
        }
    }
}

/// The card and format files a foreign pool becomes, as sources named inside its folder, and
/// what its import noted as warnings.
fn foreign_sources(
    imported: &pool::import::Imported,
    problems: &mut Vec<Problem>,
) -> Vec<(FileKind, Arc<SourceFile>)> {
    let source = imported.source.display();
    problems.extend(
        (imported.notes().iter())
            .map(|note| Problem::warning("import", format!("{}: {note}", imported.tool))),
    );
    let files = &imported.files;
    let named = |kind, folder: &str, (file, text): &(String, String)| {
        let name = format!("{source} (imported){folder}/{file}");
        (kind, SourceFile::new(name, text.as_str()))
    };
    (files.cards.iter().map(|f| named(FileKind::Cards, "", f)))
        .chain(
            files
                .formats
                .iter()
                .map(|f| named(FileKind::Format, "/formats", f)),
        )
        .collect()
}

/// A card file after its checks: its source, how many cards it added to its list, and what
/// was read of it if its cards are to be loaded.
type Checked<'s> = (&'s Arc<SourceFile>, usize, Option<ParsedCards>);

/// The game whose every incoming card is in `cards`, which all of `entries` load; `None` if
/// they are not one game's or not all loaded.
fn whole_game(
    cards: &[Card],
    entries: &[Checked],
    incoming: &BTreeMap<CardStr, usize>,
) -> Option<CardStr> {
    let mut games =
        (entries.iter()).map(|(_, _, parsed)| parsed.as_ref().map(|p| p.game.get_ref()));
    let first = games.next()??;
    let one_game = games.all(|g| g == Some(first));
    (one_game && incoming.get(first) == Some(&cards.len())).then(|| first.clone())
}

/// The game `id`, its cards removed the first time a build loads cards into it (a `--db`
/// replaces a game's cards).
fn loading<'c>(
    catalog: &'c mut Catalog,
    replaced: &mut Vec<String>,
    id: &str,
) -> Option<&'c mut Game> {
    let game = catalog.games.get_mut(id)?;
    if !replaced.iter().any(|g| g == id) {
        game.clear_cards();
        replaced.push(id.to_owned());
    }
    Some(game)
}

fn unknown_game(catalog: &Catalog, game: &Spanned<CardStr>, src: &Arc<SourceFile>) -> Problem {
    let id = game.get_ref().as_str();
    let known: Vec<String> = catalog.games.keys().cloned().collect();
    Problem::error("unknown-game", format!("no game `{id}` is defined"))
        .in_file(src)
        .label(game.span(), "unknown game")
        .help(match names::suggest(id, known.iter().map(String::as_str)) {
            Some(s) => format!("did you mean `{s}`?"),
            None => format!(
                "define it in a game.toml beside this file, or use one of: {}",
                known.join(", ")
            ),
        })
}

/// The shipped format `id` and those it extends, each read from the file named by its id
/// (`formats/<id>.toml`), resolved. `None` when a file is missing, defines another id, does
/// not parse, or the chain loops: the caller then reads every format, which reports it.
fn shipped_format_chain(id: &str) -> Option<(Catalog, Vec<Problem>)> {
    let mut files = Vec::new();
    let mut next = Some(id.to_owned());
    let longest = toml_files(&FORMATS).len();
    while let Some(id) = next.take() {
        if files.len() > longest {
            return None;
        }
        let src = shipped_file("formats", FORMATS.get_file(format!("{id}.toml"))?);
        let file: FormatFile = parse_toml(&src).ok()?;
        if *file.id.get_ref() != id {
            return None;
        }
        next = file.extends.as_ref().map(|parent| parent.get_ref().clone());
        files.push((file, src));
    }
    let (formats, problems) = format::resolve(files, &BTreeSet::new(), &BTreeMap::new());
    let catalog = Catalog {
        formats,
        ..Catalog::default()
    };
    Some((catalog, problems))
}

/// Parses the format files among `files`; also returns the ids the files that failed meant to
/// define, so formats extending them are not told their parent does not exist.
fn parse_formats(
    files: &[(FileKind, Arc<SourceFile>)],
    problems: &mut Vec<Problem>,
) -> (Vec<(FormatFile, Arc<SourceFile>)>, BTreeSet<String>) {
    let (mut parsed, mut broken) = (Vec::new(), BTreeSet::new());
    for (_, src) in files.iter().filter(|(kind, _)| *kind == FileKind::Format) {
        match parse_toml::<FormatFile>(src) {
            Ok(file) => parsed.push((file, Arc::clone(src))),
            Err(p) => {
                problems.push(p);
                broken.extend(format::id_of_broken(&src.text));
            }
        }
    }
    (parsed, broken)
}

/// Problems found are an error: [`Error::Formats`] when every error is in one of
/// `format_files`, so `validate` does not send a format's author hunting in the card data.
fn fail_on_errors(problems: Vec<Problem>, format_files: &BTreeSet<String>) -> Result<(), Error> {
    let mut errors = problems.iter().filter(|p| p.is_error()).peekable();
    if errors.peek().is_none() {
        return Ok(());
    }
    let in_format = |p: &Problem| {
        p.file
            .as_ref()
            .is_some_and(|f| format_files.contains(&f.name))
    };
    if errors.all(in_format) {
        Err(Error::Formats(problems))
    } else {
        Err(Error::Data(problems))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What an engine built from a game's cards is not handed to a copy of the game whose cards
    /// then change: the copy builds its own from its own cards.
    #[test]
    fn a_copy_of_a_game_builds_its_engine_data_from_its_own_cards() {
        let with_effects = |g: &crate::card_db::Game| {
            Ok::<_, ()>(g.cards.iter().filter(|c| !c.effects.is_empty()).count())
        };
        let original = Catalog::embedded().unwrap().games["jforce"].clone();
        let built = *original.engine_data(with_effects).unwrap();
        assert!(built > 0);
        let mut copy = original.clone();
        for card in &mut copy.cards {
            card.effects.clear();
        }
        assert_eq!(*copy.engine_data(with_effects).unwrap(), 0);
        assert_eq!(*original.engine_data(with_effects).unwrap(), built);
        assert_eq!(original.engine_data_built::<usize>(), Some(&built));
    }

    /// A game's index of normalised names, built on the first miss, finds for any spelling
    /// of a card's id or name the first card with that key, as one built while the cards
    /// were loaded did.
    #[test]
    fn a_name_not_spelt_as_the_database_spells_it_finds_the_first_card_with_its_key() {
        let catalog = Catalog::embedded().expect("shipped data loads");
        for game in catalog.games.values() {
            let first_with_key = |key: &str| {
                (game.cards.iter())
                    .position(|c| names::key(c.id()) == key || names::key(c.name()) == key)
            };
            for card in &game.cards {
                for k in [card.id(), card.name()] {
                    let respelt = format!("  {}  ", k.to_ascii_uppercase());
                    assert_eq!(game.find_spelt(&respelt), None);
                    assert_eq!(game.find(&respelt), first_with_key(&names::key(k)), "{k}");
                }
            }
        }
    }

    #[test]
    fn a_deck_of_a_shipped_format_loads_its_game_with_that_format_and_its_parents() {
        let full = Catalog::embedded().expect("shipped data loads");
        for (id, format) in &full.formats {
            // Each file is found by its id, so the fall-back to every format is not taken.
            assert!(shipped_format_chain(id).is_some(), "{id}");
            let one = Catalog::load_for_deck(&DataOptions::default(), id).unwrap();
            assert_eq!(one.games.keys().collect::<Vec<_>>(), [&format.game]);
            let mut chain: Vec<&str> = format.parents.iter().map(String::as_str).collect();
            chain.push(id);
            chain.sort_unstable();
            let kept: Vec<&str> = one.formats.keys().map(String::as_str).collect();
            assert_eq!(kept, chain);
            for (id, kept) in &one.formats {
                assert_eq!(format!("{kept:?}"), format!("{:?}", full.formats[id]));
            }
        }
        let unknown = Catalog::load_for_deck(&DataOptions::default(), "nope").unwrap();
        assert_eq!(unknown.formats.len(), full.formats.len());
    }

    #[test]
    fn shipped_game_folders_are_named_by_game_id() {
        // `load_for_format` picks a game's files by their folder.
        let catalog = Catalog::embedded().expect("shipped data loads");
        for (id, game) in &catalog.games {
            assert_eq!(game.def_file.name, format!("card-db/{id}/game.toml"));
        }
    }

    #[test]
    fn a_shipped_format_loads_its_game_alone_with_every_format() {
        let full = Catalog::embedded().expect("shipped data loads");
        for (id, format) in &full.formats {
            let one = Catalog::load_for_format(&DataOptions::default(), Some(id)).unwrap();
            assert_eq!(one.games.keys().collect::<Vec<_>>(), [&format.game]);
            assert_eq!(
                one.games[&format.game].cards,
                full.games[&format.game].cards
            );
            assert_eq!(one.formats.len(), full.formats.len());
        }
        let unknown = Catalog::load_for_format(&DataOptions::default(), Some("nope")).unwrap();
        assert_eq!(unknown.games.len(), full.games.len());
    }
}
