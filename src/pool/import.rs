//! A foreign pool read whole for one game: which tool wrote it, which game's mapping reads
//! it, the card and format files it becomes, and writing those as a card database folder
//! (`db import`), which `--db` then reads like any other.

use super::{cockatrice, lackey, Note, Pool, PoolFiles};
use crate::card_db::{no_game, Game, Mapping};
use crate::error::Error;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The file an import leaves in its folder, so that a later import knows the folder is its
/// own to replace. Not a `.toml` file: `--db` does not read it.
pub const MARKER: &str = ".decksmith-import";

/// A foreign pool, read and mapped.
#[derive(Debug)]
pub struct Imported {
    pub game: String,
    /// What was read (`LackeyCCG plugin`).
    pub tool: &'static str,
    pub source: PathBuf,
    pub pool: Pool,
    pub files: PoolFiles,
}

impl Imported {
    /// Everything noted: the rows skipped or guessed, the formats' sets left out.
    pub fn notes(&self) -> &[Note] {
        &self.pool.notes
    }
}

/// The tools whose card pools decksmith reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tool {
    /// A LackeyCCG plugin folder, its `sets/` folder or one set file.
    Lackey,
    /// A Cockatrice card database (XML).
    Cockatrice,
}

impl Tool {
    /// The tool whose pool `path` is, or `None` for decksmith's own card files. Only a plugin
    /// folder counts as LackeyCCG's here: a loose set file is told by `db import`, which is
    /// given nothing else.
    pub fn of(path: &Path) -> Option<Tool> {
        if cockatrice::is_database(path) {
            Some(Tool::Cockatrice)
        } else if lackey::is_plugin(path) {
            Some(Tool::Lackey)
        } else {
            None
        }
    }

    /// What a pool of this tool is called in reports.
    pub fn label(self) -> &'static str {
        match self {
            Tool::Lackey => "LackeyCCG plugin",
            Tool::Cockatrice => "Cockatrice card database",
        }
    }

    /// Whether `game` declares a mapping for this tool.
    pub fn maps(self, game: &Game) -> bool {
        match self {
            Tool::Lackey => game.def.import.lackey.is_some(),
            Tool::Cockatrice => game.def.import.cockatrice.is_some(),
        }
    }
}

/// Reads the pool at `path` for `game` (by id), or else for the game whose mapping lists the
/// plugin's folder name.
pub fn read(
    path: &Path,
    tool: Tool,
    games: &BTreeMap<String, Game>,
    game: Option<&str>,
) -> Result<Imported, Error> {
    if tool == Tool::Cockatrice {
        return read_cockatrice(path, games, game);
    }
    let tool = tool.label();
    let mapped = |g: &Game| Tool::Lackey.maps(g);
    let with_mapping: Vec<&str> = (games.values())
        .filter(|g| mapped(g))
        .map(|g| g.id())
        .collect();
    let listed = || {
        if with_mapping.is_empty() {
            "no game here declares `[game.import.lackey]`".to_owned()
        } else {
            format!(
                "the games with a LackeyCCG mapping are: {}",
                with_mapping.join(", ")
            )
        }
    };
    let chosen = match game {
        Some(id) => {
            let g = games.get(id).ok_or_else(|| no_game(id, games))?;
            if !mapped(g) {
                return Err(Error::usage_with_help(
                    format!("game `{id}` declares no LackeyCCG mapping"),
                    format!(
                        "add `[game.import.lackey]` to its game.toml (docs/card-data.md); {}",
                        listed()
                    ),
                ));
            }
            Some(g)
        }
        None => None,
    };
    // The folder name is only known once the plugin is read; the name column is the chosen
    // game's, or else each mapping's (they agree for every plugin seen so far: `Name`).
    let name_column = |g: &Game| mapping(g).map(|m| m.fields.name.from.clone());
    let column = (chosen.or_else(|| games.values().find(|g| mapped(g))))
        .and_then(name_column)
        .unwrap_or_else(|| "Name".to_owned());
    let plugin = lackey::read(path, &column)?;
    let game = match chosen {
        Some(g) => g,
        None => {
            let Some(name) = plugin.name.as_deref() else {
                return Err(Error::usage_with_help(
                    format!(
                        "`{}` is set files, not a plugin folder: no name tells their game",
                        path.display()
                    ),
                    format!("name the game with `--game`; {}", listed()),
                ));
            };
            let by_name = (games.values()).find(|g| {
                mapping(g).is_some_and(|m| m.names.iter().any(|n| n.eq_ignore_ascii_case(name)))
            });
            by_name.ok_or_else(|| {
                Error::usage_with_help(
                    format!("no game's LackeyCCG mapping names the plugin `{name}`"),
                    format!(
                        "name the game with `--game`, or add \"{name}\" to `names` in its `[game.import.lackey]`; {}",
                        listed()
                    ),
                )
            })?
        }
    };
    let Some(mapping) = mapping(game) else {
        return Err(Error::usage(format!(
            "game `{}` declares no LackeyCCG mapping",
            game.id()
        )));
    };
    let mut pool = Pool::build(mapping, &game.def, plugin.rows, plugin.notes);
    let header = format!(
        "Imported by `decksmith db import` from the {tool} `{}`.\nRe-import to update: an import replaces its folder whole.",
        plugin.name.as_deref().unwrap_or("?")
    );
    let cards = pool.card_files(game.id(), &header);
    let mut notes = Vec::new();
    let formats = match (&mapping.formats, plugin.formats.is_empty()) {
        (_, true) => Vec::new(),
        (Some(f), false) => pool.format_files(game.id(), &f.extends, &plugin.formats, &mut notes),
        (None, false) => {
            notes.push(Note {
                site: plugin.formats[0].site.clone(),
                field: None,
                skipped: true,
                message: format!(
                    "{} formats left out: the mapping of {} has no `formats` table",
                    plugin.formats.len(),
                    game.def.name
                ),
            });
            Vec::new()
        }
    };
    pool.notes.extend(notes);
    Ok(Imported {
        game: game.id().to_owned(),
        tool,
        source: path.to_owned(),
        pool,
        files: PoolFiles { cards, formats },
    })
}

/// Reads a Cockatrice card database for `game`, or else for the game whose mapping names the
/// file (its name without `.xml`), or else for the one game whose mapping makes the most cards
/// of it (a Cockatrice file names no game).
fn read_cockatrice(
    path: &Path,
    games: &BTreeMap<String, Game>,
    game: Option<&str>,
) -> Result<Imported, Error> {
    let tool = Tool::Cockatrice.label();
    let mapped: Vec<(&Game, &Mapping)> = (games.values())
        .filter_map(|g| Some((g, g.def.import.cockatrice.as_ref()?)))
        .collect();
    let listed = || {
        let ids: Vec<&str> = mapped.iter().map(|(g, _)| g.id()).collect();
        if ids.is_empty() {
            "no game here declares `[game.import.cockatrice]`".to_owned()
        } else {
            format!(
                "the games with a Cockatrice mapping are: {}",
                ids.join(", ")
            )
        }
    };
    let db = cockatrice::read(path)?;
    let stem = (path.file_stem()).map_or(String::new(), |s| s.to_string_lossy().into_owned());
    let chosen = match game {
        Some(id) => match mapped.iter().find(|(g, _)| g.id() == id) {
            Some(&found) => found,
            None if games.contains_key(id) => {
                return Err(Error::usage_with_help(
                    format!("game `{id}` declares no Cockatrice mapping"),
                    format!(
                        "add `[game.import.cockatrice]` to its game.toml (docs/card-data.md); {}",
                        listed()
                    ),
                ))
            }
            None => return Err(no_game(id, games)),
        },
        None => {
            let by_name = (mapped.iter())
                .find(|(_, m)| m.names.iter().any(|n| n.eq_ignore_ascii_case(&stem)));
            let made = |(g, m): &(&Game, &Mapping)| {
                (db.rows.iter())
                    .filter(|r| super::map_row(m, &g.def, r).is_ok())
                    .count()
            };
            let mut counts: Vec<(usize, (&Game, &Mapping))> =
                mapped.iter().map(|gm| (made(gm), *gm)).collect();
            counts.sort_by_key(|c| std::cmp::Reverse(c.0));
            let best = match counts.as_slice() {
                [(n, best), rest @ ..] if *n > 0 && rest.first().is_none_or(|r| r.0 < *n) => {
                    Some(*best)
                }
                _ => None,
            };
            by_name.copied().or(best).ok_or_else(|| {
                Error::usage_with_help(
                    format!(
                        "cannot tell which game the Cockatrice database `{}` is for",
                        path.display()
                    ),
                    format!(
                        "name the game with `--game`, or add \"{stem}\" to `names` in its `[game.import.cockatrice]`; {}",
                        listed()
                    ),
                )
            })?
        }
    };
    let (game, mapping) = chosen;
    let mut pool = Pool::build(mapping, &game.def, db.rows, db.notes);
    pool.set_names = db.sets;
    let header = format!(
        "Imported by `decksmith db import` from the {tool} `{}`.\nRe-import to update: an import replaces its folder whole.",
        path.file_name().map_or(stem.clone(), |n| n.to_string_lossy().into_owned())
    );
    let cards = pool.card_files(game.id(), &header);
    Ok(Imported {
        game: game.id().to_owned(),
        tool,
        source: path.to_owned(),
        pool,
        files: PoolFiles {
            cards,
            formats: Vec::new(),
        },
    })
}

fn mapping(game: &Game) -> Option<&Mapping> {
    game.def.import.lackey.as_ref()
}

/// Writes `files` as the card database folder `dir`: card files at its top, formats in its
/// `formats/`, and the [`MARKER`]. The new folder is written beside `dir` and renamed into its
/// place, so a reader sees the old import or the new one, never a mix. A `dir` that exists must
/// be empty or an earlier import (it has the marker), unless `force`.
pub fn write(dir: &Path, files: &PoolFiles, marker: &str, force: bool) -> Result<(), Error> {
    let write_err = |path: &Path, source| Error::Write {
        path: path.to_owned(),
        source,
    };
    let exists = dir.exists();
    if exists {
        if !dir.is_dir() {
            return Err(Error::usage(format!(
                "`{}` is a file, not a folder",
                dir.display()
            )));
        }
        let empty = std::fs::read_dir(dir)
            .map_err(|e| write_err(dir, e))?
            .next()
            .is_none();
        if !empty && !dir.join(MARKER).is_file() && !force {
            return Err(Error::usage_with_help(
                format!(
                    "`{}` holds files that no import wrote; not replacing it",
                    dir.display()
                ),
                "import into a new or empty folder, or pass --force to replace this one whole",
            ));
        }
    }
    let name = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "import".into());
    let beside = |what: &str| dir.with_file_name(format!(".{name}.{what}-{}", std::process::id()));
    let staging = beside("new");
    let _ = std::fs::remove_dir_all(&staging);
    let written = (|| -> std::io::Result<()> {
        std::fs::create_dir_all(staging.join("formats"))?;
        for (file, text) in &files.cards {
            std::fs::write(staging.join(file), text)?;
        }
        for (file, text) in &files.formats {
            std::fs::write(staging.join("formats").join(file), text)?;
        }
        if files.formats.is_empty() {
            std::fs::remove_dir(staging.join("formats"))?;
        }
        std::fs::write(staging.join(MARKER), marker)
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_dir_all(&staging);
        return Err(write_err(&staging, e));
    }
    if !exists {
        return std::fs::rename(&staging, dir).map_err(|e| {
            let _ = std::fs::remove_dir_all(&staging);
            write_err(dir, e)
        });
    }
    // A folder cannot be renamed over one that has files: the old one steps aside first, and
    // comes back if the new one cannot take its place.
    let old = beside("old");
    let _ = std::fs::remove_dir_all(&old);
    std::fs::rename(dir, &old).map_err(|e| write_err(dir, e))?;
    if let Err(e) = std::fs::rename(&staging, dir) {
        let _ = std::fs::rename(&old, dir);
        let _ = std::fs::remove_dir_all(&staging);
        return Err(write_err(dir, e));
    }
    let _ = std::fs::remove_dir_all(&old);
    Ok(())
}

/// What `db import` did, as its JSON document says it: the counts, the files written, and
/// every row skipped or guessed.
#[derive(Debug, serde::Serialize)]
pub struct Report<'a> {
    pub game: &'a str,
    pub tool: &'a str,
    pub source: String,
    pub output: String,
    pub rows: usize,
    pub cards: usize,
    pub printings: usize,
    pub two_faced: usize,
    pub card_files: Vec<&'a str>,
    pub formats: Vec<&'a str>,
    pub skipped: usize,
    pub notes: Vec<NoteJson<'a>>,
}

#[derive(Debug, serde::Serialize)]
pub struct NoteJson<'a> {
    pub file: Option<&'a str>,
    pub line: Option<usize>,
    pub field: Option<&'a str>,
    pub skipped: bool,
    pub message: &'a str,
}

impl Imported {
    pub fn report(&self, output: &Path) -> Report<'_> {
        let notes = self.notes();
        Report {
            game: &self.game,
            tool: self.tool,
            source: self.source.display().to_string(),
            output: output.display().to_string(),
            rows: self.pool.rows,
            cards: self.pool.cards.len(),
            printings: self.pool.printings(),
            two_faced: self.pool.two_faced(),
            card_files: self.files.cards.iter().map(|(f, _)| f.as_str()).collect(),
            formats: (self.files.formats.iter())
                .map(|(f, _)| f.strip_suffix(".toml").unwrap_or(f))
                .collect(),
            skipped: notes.iter().filter(|n| n.skipped).count(),
            notes: (notes.iter())
                .map(|n| NoteJson {
                    file: n.site.as_ref().map(|s| s.file.as_str()),
                    line: n.site.as_ref().map(|s| s.line),
                    field: n.field.as_deref(),
                    skipped: n.skipped,
                    message: &n.message,
                })
                .collect(),
        }
    }

    /// The report for people: what was read and written, then every note, one a line.
    pub fn human(&self, output: &Path) -> String {
        use crate::error::plural;
        let r = self.report(output);
        let mut out = format!(
            "Imported the {} `{}` as {} into {}:\n",
            r.tool, r.source, r.game, r.output
        );
        out += &format!(
            "  {} ({}, {} two-faced) from {}, in {}\n",
            plural(r.cards, "card"),
            plural(r.printings, "printing"),
            r.two_faced,
            plural(r.rows, "row"),
            plural(r.card_files.len(), "set file")
        );
        if !r.formats.is_empty() {
            out += &format!(
                "  {}: {}\n",
                plural(r.formats.len(), "format"),
                r.formats.join(", ")
            );
        }
        let guessed = r.notes.len() - r.skipped;
        if !r.notes.is_empty() {
            out += &format!("  skipped {}, guessed or left out {guessed}:\n", r.skipped);
        }
        for note in self.notes() {
            out += &format!("    {note}\n");
        }
        out
    }
}
