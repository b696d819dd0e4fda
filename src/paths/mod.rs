//! Command-line paths to the files they name: a file as it is, a folder searched recursively
//! for files with the wanted extensions, and a glob pattern (`'decks/**/*.deck'`) for CI files
//! and shells that do not expand one. The order is stable (arguments in order, folder contents
//! sorted), and a file named twice is kept once. `-` stands for standard input. Patterns given
//! to `--exclude` leave out the files and folders a search would find, never a file named
//! outright. Files are found as they are taken: a folder's names are read and sorted in memory
//! when the walk enters it, as ripgrep sorts the paths it finds.

use crate::error::Error;
use std::collections::HashSet;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// File extensions of the deck encodings `validate` reads from a folder: every encoding's
/// own (`deck`, `json`, `toml`, `csv`, `code`, `txt` for Arena exports, `cod`, `dek`), and `xml`,
/// which Cockatrice also writes.
pub const DECK_EXTENSIONS: &[&str] = &[
    "deck", "json", "toml", "csv", "code", "txt", "cod", "xml", "dek",
];

/// Expands `args` into files, all of them at once. A folder yields its files with one of
/// `extensions` (hidden entries and symbolic links to folders are skipped: the first are tool
/// state such as `.git`, the second can loop). A glob that matches nothing, or a folder
/// without such files, is an error: a CI job that silently validates no deck would pass
/// forever.
pub fn expand(args: &[PathBuf], extensions: &[&str]) -> Result<Vec<PathBuf>, Error> {
    Search::new(args, extensions, &[])?
        .walk()
        .map(|f| f.map(|f| f.path))
        .collect()
}

/// A file to read, and whether the command line named it outright (rather than a folder or
/// a pattern finding it): a file found may be skipped when it is not what was looked for, a
/// file named never is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    pub path: PathBuf,
    pub named: bool,
}

/// `--exclude` patterns, checked once on the command line.
pub fn exclude_patterns(patterns: &[String]) -> Result<Vec<glob::Pattern>, Error> {
    patterns
        .iter()
        .map(|p| {
            glob::Pattern::new(p).map_err(|e| {
                Error::usage_with_help(
                    format!("`{p}` is not a valid --exclude pattern: {}", e.msg),
                    "use `*`, `**`, `?` and `[…]` as wildcards: --exclude 'drafts/**'",
                )
            })
        })
        .collect()
}

/// Whether a found path is excluded: a pattern matches the path as found, or its file name.
fn excluded(path: &Path, exclude: &[glob::Pattern]) -> bool {
    let name = path.file_name().map(Path::new);
    exclude
        .iter()
        .any(|p| p.matches_path(path) || name.is_some_and(|n| p.matches_path(n)))
}

/// The command line's paths, checked, to be walked ([`Search::walk`]) as often as a command
/// needs: `validate --fix` walks them once to fix and once to check.
pub struct Search<'a> {
    args: &'a [PathBuf],
    /// What each argument is, looked at once.
    kinds: Vec<Kind<'a>>,
    extensions: &'a [&'a str],
    exclude: &'a [glob::Pattern],
    /// Whether two arguments, or a pattern and a folder it matches, can find one file: only
    /// then is each file found remembered, to keep it once.
    may_repeat: bool,
}

impl<'a> Search<'a> {
    /// Checks, before any file is read, that every pattern is valid and every pattern and
    /// folder finds a file, leaving out what `exclude` matches.
    pub fn new(
        args: &'a [PathBuf],
        extensions: &'a [&'a str],
        exclude: &'a [glob::Pattern],
    ) -> Result<Self, Error> {
        let kinds: Vec<Kind> = args.iter().map(|a| Kind::of(a)).collect();
        let search = Search {
            args,
            may_repeat: may_repeat(args, &kinds),
            kinds,
            extensions,
            exclude,
        };
        for (arg, kind) in args.iter().zip(&search.kinds) {
            if let Kind::Pattern(pattern) = *kind {
                if !search.matches_a_file(pattern)? {
                    return Err(Error::usage_with_help(
                        format!("no file matches `{pattern}`"),
                        "check the pattern; it is matched against paths from the current folder",
                    ));
                }
            } else if *kind == Kind::Folder && !search.holds_a_file(arg)? {
                return Err(Error::usage_with_help(
                    format!("`{}` holds no deck files", arg.display()),
                    format!(
                        "decksmith looks in folders for files ending in {}",
                        extensions
                            .iter()
                            .map(|e| format!(".{e}"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ));
            }
        }
        Ok(search)
    }

    /// The files, in order, found as they are taken. A folder that cannot be read ends the
    /// walk with its error.
    pub fn walk(&self) -> Walk<'_> {
        Walk {
            search: self,
            args: self.args.iter().zip(&self.kinds),
            glob: None,
            folders: Vec::new(),
            kept: self.may_repeat.then(HashSet::new),
            failed: false,
        }
    }

    fn glob(&self, pattern: &str) -> Result<Matches, Error> {
        let invalid = |e: glob::PatternError| {
            Error::usage_with_help(
                format!("`{pattern}` is not a valid glob pattern: {}", e.msg),
                "quote the pattern, and use `*`, `**`, `?` and `[…]` only as wildcards",
            )
        };
        // The glob crate's own skipping of hidden entries panics on a name that is not UTF-8
        // in a folder it reads, so it lists them all and they are left out here.
        let paths = glob::glob_with(pattern, glob::MatchOptions::new()).map_err(invalid)?;
        Ok(Matches {
            paths,
            pattern: glob::Pattern::new(pattern).map_err(invalid)?,
        })
    }

    fn matches_a_file(&self, pattern: &str) -> Result<bool, Error> {
        for found in self.glob(pattern)? {
            let found = found.map_err(glob_error)?;
            if found.is_dir() {
                if self.holds_a_file(&found)? {
                    return Ok(true);
                }
            } else if !excluded(&found, self.exclude) {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether a walk of `dir` would find a file, in any order: it stops at the first.
    fn holds_a_file(&self, dir: &Path) -> Result<bool, Error> {
        let mut folders = vec![dir.to_owned()];
        while let Some(dir) = folders.pop() {
            for entry in read_dir(&dir)? {
                let (entry, name) = entry?;
                match self.wanted(&dir, &entry, &name)? {
                    Some(true) => folders.push(dir.join(name)),
                    Some(false) => return Ok(true),
                    None => {}
                }
            }
        }
        Ok(false)
    }

    /// What a folder's entry is to a search: a folder to search (`Some(true)`), a file to
    /// read (`Some(false)`), or neither.
    fn wanted(
        &self,
        dir: &Path,
        entry: &std::fs::DirEntry,
        name: &std::ffi::OsStr,
    ) -> Result<Option<bool>, Error> {
        if name.as_encoded_bytes().starts_with(b".") {
            return Ok(None);
        }
        let kind = entry.file_type().map_err(|source| Error::Read {
            path: dir.to_owned(),
            source,
        })?;
        let is_dir = kind.is_dir();
        let extension_wanted = || {
            Path::new(name)
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| self.extensions.iter().any(|x| e.eq_ignore_ascii_case(x)))
        };
        if !is_dir && !extension_wanted() {
            return Ok(None);
        }
        // The whole path only where it is needed: most entries are plain files, and no
        // pattern excludes anything.
        let file = || kind.is_file() || (kind.is_symlink() && entry.path().is_file());
        let wanted = (is_dir || file())
            && (self.exclude.is_empty() || !excluded(&entry.path(), self.exclude));
        Ok(wanted.then_some(is_dir))
    }

    /// `dir`'s entries a search wants, sorted by name (as the platform encodes it), each with
    /// whether it is a folder.
    fn list(&self, dir: &Path) -> Result<Listing, Error> {
        let mut entries = Vec::new();
        for entry in read_dir(dir)? {
            let (entry, name) = entry?;
            if let Some(is_dir) = self.wanted(dir, &entry, &name)? {
                entries.push((name, is_dir));
            }
        }
        entries.sort_unstable_by(|a, b| a.0.as_encoded_bytes().cmp(b.0.as_encoded_bytes()));
        Ok(entries.into_iter())
    }
}

/// Whether two of `args` can find one file: a pattern can match a folder and the files in
/// it, and otherwise two paths find one file only if one of them holds the other (or they
/// are one). Sorted by their components, a path that holds another is followed by one it
/// holds, so neighbours tell.
fn may_repeat(args: &[PathBuf], kinds: &[Kind]) -> bool {
    if kinds.iter().any(|k| matches!(k, Kind::Pattern(_))) {
        return true;
    }
    let mut sorted: Vec<&Path> = args.iter().map(PathBuf::as_path).collect();
    sorted.sort_unstable();
    sorted.windows(2).any(|w| w[1].starts_with(w[0]))
}

/// A folder's entries still to walk, in order: each name and whether it is a folder.
type Listing = std::vec::IntoIter<(OsString, bool)>;

/// A folder's entries, each with its name.
fn read_dir(
    dir: &Path,
) -> Result<impl Iterator<Item = Result<(std::fs::DirEntry, OsString), Error>> + '_, Error> {
    let error = move |source| Error::Read {
        path: dir.to_owned(),
        source,
    };
    Ok(std::fs::read_dir(dir).map_err(error)?.map(move |entry| {
        let entry = entry.map_err(error)?;
        let name = entry.file_name();
        Ok((entry, name))
    }))
}

/// What a glob pattern matches, in the glob crate's order, without hidden entries: like a
/// shell, `*` and `**` do not match a name that starts with `.` (`.git`) unless the pattern
/// spells the dot.
struct Matches {
    paths: glob::Paths,
    pattern: glob::Pattern,
}

impl Iterator for Matches {
    type Item = Result<PathBuf, glob::GlobError>;

    fn next(&mut self) -> Option<Self::Item> {
        let shown = glob::MatchOptions {
            require_literal_leading_dot: true,
            ..glob::MatchOptions::new()
        };
        self.paths.find(|found| {
            found
                .as_ref()
                .map_or(true, |path| self.pattern.matches_path_with(path, shown))
        })
    }
}

fn glob_error(e: glob::GlobError) -> Error {
    Error::Read {
        path: e.path().to_owned(),
        source: std::io::Error::new(e.error().kind(), e.error().to_string()),
    }
}

/// A walk of a [`Search`]: each file as it is found.
pub struct Walk<'s> {
    search: &'s Search<'s>,
    args: std::iter::Zip<std::slice::Iter<'s, PathBuf>, std::slice::Iter<'s, Kind<'s>>>,
    glob: Option<Matches>,
    /// The folders being listed, the outermost first.
    folders: Vec<(PathBuf, Listing)>,
    /// The files found so far, when a file can be found twice.
    kept: Option<HashSet<PathBuf>>,
    failed: bool,
}

impl Iterator for Walk<'_> {
    type Item = Result<Found, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        let next = self.step().transpose();
        self.failed = matches!(next, Some(Err(_)));
        next
    }
}

impl Walk<'_> {
    fn step(&mut self) -> Result<Option<Found>, Error> {
        loop {
            if let Some((dir, listing)) = self.folders.last_mut() {
                match listing.next() {
                    Some((name, true)) => {
                        let path = dir.join(name);
                        let listing = self.search.list(&path)?;
                        self.folders.push((path, listing));
                    }
                    Some((name, false)) => {
                        let path = dir.join(name);
                        if self.unseen(&path) {
                            return Ok(Some(Found { path, named: false }));
                        }
                    }
                    None => {
                        self.folders.pop();
                    }
                }
            } else if let Some(paths) = &mut self.glob {
                match paths.next() {
                    Some(found) => {
                        let found = found.map_err(glob_error)?;
                        if found.is_dir() {
                            let listing = self.search.list(&found)?;
                            self.folders.push((found, listing));
                        } else if !excluded(&found, self.search.exclude) && self.unseen(&found) {
                            return Ok(Some(Found {
                                path: found,
                                named: false,
                            }));
                        }
                    }
                    None => self.glob = None,
                }
            } else {
                let Some((arg, kind)) = self.args.next() else {
                    return Ok(None);
                };
                match *kind {
                    Kind::Pattern(pattern) => self.glob = Some(self.search.glob(pattern)?),
                    Kind::Folder => {
                        let listing = self.search.list(arg)?;
                        self.folders.push((arg.clone(), listing));
                    }
                    Kind::File => {
                        if self.unseen(arg) {
                            return Ok(Some(Found {
                                path: arg.clone(),
                                named: true,
                            }));
                        }
                    }
                }
            }
        }
    }

    /// Whether `path` was not found before; it is taken next.
    fn unseen(&mut self, path: &Path) -> bool {
        match &mut self.kept {
            Some(kept) => kept.insert(path.to_owned()),
            None => true,
        }
    }
}

/// What a command-line path is: a glob pattern (it has wildcards and is not itself an
/// existing path), a folder, or a file (or `-`, or a path that does not exist, which reading
/// reports).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind<'a> {
    Pattern(&'a str),
    Folder,
    File,
}

impl<'a> Kind<'a> {
    fn of(arg: &'a Path) -> Kind<'a> {
        match arg.to_str() {
            Some(s) if s.contains(['*', '?', '[']) && !arg.exists() => Kind::Pattern(s),
            _ if arg.is_dir() => Kind::Folder,
            _ => Kind::File,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A folder of files for one test (`tag` keeps tests running at once apart).
    fn tree(tag: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("decksmith-paths-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for (path, text) in [
            ("b/two.deck", ""),
            ("a.deck", ""),
            ("b/nested/three.DECK", ""),
            ("b/notes.md", ""),
            (".git/hidden.deck", ""),
        ] {
            let p = dir.join(path);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
        dir
    }

    #[test]
    fn every_encoding_extension_is_searched() {
        use crate::encoding::Encoding;
        for e in Encoding::ALL {
            assert!(DECK_EXTENSIONS.contains(&e.extension()), "{e}");
        }
        for ext in DECK_EXTENSIONS {
            assert!(
                Encoding::from_extension(ext).is_some() || *ext == "txt",
                "{ext} names no encoding"
            );
        }
    }

    #[test]
    fn folders_are_searched_recursively_in_order_and_files_named_twice_kept_once() {
        let dir = tree("order");
        let files = expand(&[dir.clone(), dir.join("a.deck")], DECK_EXTENSIONS).unwrap();
        let rel: Vec<String> = files
            .iter()
            .map(|p| p.strip_prefix(&dir).unwrap().display().to_string())
            .collect();
        assert_eq!(rel, ["a.deck", "b/nested/three.DECK", "b/two.deck"]);
        let globbed = expand(
            &[PathBuf::from(format!("{}/**/*.deck", dir.display()))],
            DECK_EXTENSIONS,
        )
        .unwrap();
        assert_eq!(globbed.len(), 2, "{globbed:?}");
        let none = expand(
            &[PathBuf::from(format!("{}/*.nothing", dir.display()))],
            DECK_EXTENSIONS,
        );
        assert!(matches!(none, Err(Error::Usage { .. })));
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Paths that hold one another, or a pattern, can find one file twice, and only then is
    /// each file found remembered; arguments that cannot (the everyday `validate decks/`, or a
    /// shell's expansion of `*.deck`) hold nothing for each file.
    #[test]
    fn only_arguments_that_can_find_a_file_twice_remember_what_they_found() {
        let repeat = |args: &[&str]| {
            let args: Vec<PathBuf> = args.iter().map(PathBuf::from).collect();
            may_repeat(&args, &args.iter().map(|a| Kind::of(a)).collect::<Vec<_>>())
        };
        assert!(!repeat(&["decks"]));
        assert!(!repeat(&["a.deck", "b.deck", "decks", "decks2", "deck"]));
        assert!(!repeat(&["decks/a", "decks/b", "decks/ab"]));
        assert!(repeat(&["decks", "other", "decks/a.deck"]));
        assert!(repeat(&["decks/a.deck", "other", "decks"]));
        assert!(repeat(&["decks/a.deck", "decks/a.deck"]));
        assert!(repeat(&["decks/", "decks"]), "one folder, as paths compare");
        assert!(repeat(&["-", "-"]));
        assert!(repeat(&["no-such-folder/*.deck"]));

        let dir = tree("repeat");
        let nested = dir.join("b/nested/three.DECK");
        let walked = |args: &[PathBuf]| {
            let search = Search::new(args, DECK_EXTENSIONS, &[]).unwrap();
            let files: Vec<Found> = search.walk().map(Result::unwrap).collect();
            (files, search.may_repeat)
        };
        let (files, remembered) = walked(&[dir.join("b"), nested.clone(), dir.join("a.deck")]);
        assert!(remembered);
        let paths: Vec<&Path> = files.iter().map(|f| f.path.as_path()).collect();
        assert_eq!(
            paths,
            [
                nested.as_path(),
                &dir.join("b/two.deck"),
                &dir.join("a.deck")
            ]
        );
        assert!(!files[0].named, "found first by the folder");
        let (files, remembered) = walked(&[dir.join("a.deck"), dir.join("b")]);
        assert!(!remembered);
        assert_eq!(files.len(), 3);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A name that is not UTF-8 is kept as a whole path, in its place by name, and comes back
    /// as the path the folder listed. (Linux only: macOS file systems refuse such names.)
    #[cfg(target_os = "linux")]
    #[test]
    fn a_name_that_is_not_utf8_keeps_its_place() {
        use std::os::unix::ffi::OsStrExt;
        let dir = tree("odd");
        let odd = dir
            .join("b")
            .join(std::ffi::OsStr::from_bytes(b"\xffodd.deck"));
        std::fs::write(&odd, "").unwrap();
        let files = expand(&[dir.join("b")], DECK_EXTENSIONS).unwrap();
        assert_eq!(
            files,
            [
                dir.join("b/nested/three.DECK"),
                dir.join("b/two.deck"),
                odd.clone()
            ]
        );
        // A pattern reading that folder matches UTF-8 names only (the glob crate's), and does
        // not panic on the other (its own skipping of hidden names did).
        std::fs::write(dir.join("b/.hidden.deck"), "").unwrap();
        let pattern = |p: &str| vec![PathBuf::from(format!("{}/{p}", dir.display()))];
        let files = expand(&pattern("b/*.deck"), DECK_EXTENSIONS).unwrap();
        assert_eq!(files, [dir.join("b/two.deck")]);
        let files = expand(&pattern("**/*.deck"), DECK_EXTENSIONS).unwrap();
        assert_eq!(files, [dir.join("a.deck"), dir.join("b/two.deck")]);
        let files = expand(&pattern("b/.*.deck"), DECK_EXTENSIONS).unwrap();
        assert_eq!(
            files,
            [dir.join("b/.hidden.deck")],
            "a dot the pattern spells"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn excluded_files_and_folders_are_left_out_unless_named() {
        let dir = tree("exclude");
        let exclude = exclude_patterns(&["nested".into(), "a.*".into()]).unwrap();
        let args = [dir.clone(), dir.join("a.deck")];
        let search = Search::new(&args, DECK_EXTENSIONS, &exclude).unwrap();
        let rel: Vec<(String, bool)> = search
            .walk()
            .map(|f| {
                let f = f.unwrap();
                let rel = f.path.strip_prefix(&dir).unwrap().display().to_string();
                (rel, f.named)
            })
            .collect();
        assert_eq!(rel, [("b/two.deck".into(), false), ("a.deck".into(), true)]);
        assert!(exclude_patterns(&["[".into()]).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
