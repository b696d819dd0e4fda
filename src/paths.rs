//! Command-line paths to the files they name: a file as it is, a folder searched recursively
//! for files with the wanted extensions, and a glob pattern (`'decks/**/*.deck'`) for CI files
//! and shells that do not expand one. The order is stable (arguments in order, folder contents
//! sorted), and a file named twice is kept once. `-` stands for standard input. Patterns given
//! to `--exclude` leave out the files and folders a search would find, never a file named
//! outright.

use crate::error::Error;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// File extensions of the deck encodings `validate` reads from a folder: every encoding's
/// own (`deck`, `json`, `toml`, `csv`, `code`, `txt` for Arena exports, `cod`), and `xml`,
/// which Cockatrice also writes.
pub const DECK_EXTENSIONS: &[&str] = &["deck", "json", "toml", "csv", "code", "txt", "cod", "xml"];

/// Expands `args` into files. A folder yields its files with one of `extensions` (hidden
/// entries and symbolic links to folders are skipped: the first are tool state such as
/// `.git`, the second can loop). A glob that matches nothing, or a folder without such files,
/// is an error: a CI job that silently validates no deck would pass forever.
pub fn expand(args: &[PathBuf], extensions: &[&str]) -> Result<Vec<PathBuf>, Error> {
    Ok(expand_excluding(args, extensions, &[])?
        .iter()
        .map(|f| f.path)
        .collect())
}

/// A file to read, and whether the command line named it outright (rather than a folder or
/// a pattern finding it): a file found may be skipped when it is not what was looked for, a
/// file named never is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    pub path: PathBuf,
    pub named: bool,
}

/// The files a run found, in order, held compactly: a file found in a folder is the folder's
/// index and its name's place in one buffer of names, so 100,000 decks hold their names and
/// 16 bytes each rather than a path allocation each (docs/benchmarks.md, "The big batch's
/// memory at 100,000 decks"). [`Files::iter`] gives each as a [`Found`] with its whole path.
#[derive(Debug, Default)]
pub struct Files {
    /// The folders searched, and the paths kept whole: files named or matched by a pattern,
    /// and names that are not UTF-8.
    bases: Vec<PathBuf>,
    /// The names of the files found in folders, end to end; the names of the folders walked,
    /// and of files found twice, stay here unused (a folder's listing is sorted in place).
    names: String,
    files: Vec<Entry>,
}

#[derive(Debug, Clone, Copy)]
struct Entry {
    base: u32,
    /// Where the file's name is in `names`; empty for a path kept whole in `bases`.
    start: u32,
    end: u32,
    named: bool,
}

impl Files {
    pub fn len(&self) -> usize {
        self.files.len()
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// The files in order, each with its whole path.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = Found> + '_ {
        self.files.iter().map(|e| Found {
            path: self.path(e),
            named: e.named,
        })
    }

    fn path(&self, e: &Entry) -> PathBuf {
        let base = &self.bases[e.base as usize];
        match &self.names[e.start as usize..e.end as usize] {
            "" => base.clone(),
            name => base.join(name),
        }
    }

    /// Keeps `path` whole.
    fn push_whole(&mut self, path: PathBuf, named: bool) -> Result<(), Error> {
        let base = index(self.bases.len())?;
        self.bases.push(path);
        self.files.push(Entry {
            base,
            start: 0,
            end: 0,
            named,
        });
        Ok(())
    }

    /// The name at `start..end` of `names`, or the name of the path `odd[end]` kept whole
    /// when `start` is [`ODD`].
    fn name<'a>(&'a self, (start, end): (u32, u32), odd: &'a [PathBuf]) -> &'a [u8] {
        match start {
            ODD => odd[end as usize]
                .file_name()
                .unwrap_or_default()
                .as_encoded_bytes(),
            _ => &self.names.as_bytes()[start as usize..end as usize],
        }
    }
}

/// Marks a name in a folder's listing that is kept as a whole path: one that is not UTF-8.
const ODD: u32 = u32::MAX;

/// An index into the run's folders, files or names, which a run of over four billion of them
/// (or 4 GB of names) would not fit; [`ODD`] is never one.
fn index(n: usize) -> Result<u32, Error> {
    u32::try_from(n).ok().filter(|&i| i != ODD).ok_or_else(|| {
        Error::usage("more than 4,294,967,294 files, folders or bytes of names found")
    })
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

/// [`expand`], telling named files from found ones, and leaving out what `exclude` matches.
pub fn expand_excluding(
    args: &[PathBuf],
    extensions: &[&str],
    exclude: &[glob::Pattern],
) -> Result<Files, Error> {
    // One folder searched finds each file once; only more arguments, or a pattern matching
    // a folder and what it holds, can find a file twice.
    let mut search = Search {
        files: Files::default(),
        kept: (args.len() > 1 || args.iter().any(|a| glob_pattern(a).is_some()))
            .then(Kept::default),
        extensions,
        exclude,
    };
    for arg in args {
        if let Some(pattern) = glob_pattern(arg) {
            // Like a shell: `*` and `**` do not step into hidden folders such as `.git`.
            let options = glob::MatchOptions {
                require_literal_leading_dot: true,
                ..glob::MatchOptions::new()
            };
            let matches = glob::glob_with(pattern, options).map_err(|e| {
                Error::usage_with_help(
                    format!("`{pattern}` is not a valid glob pattern: {}", e.msg),
                    "quote the pattern, and use `*`, `**`, `?` and `[…]` only as wildcards",
                )
            })?;
            let before = search.files.len();
            for found in matches {
                let found = found.map_err(|e| Error::Read {
                    path: e.path().to_owned(),
                    source: std::io::Error::new(e.error().kind(), e.error().to_string()),
                })?;
                if found.is_dir() {
                    search.walk(&found)?;
                } else if !excluded(&found, exclude) && search.unseen(&found) {
                    search.files.push_whole(found, false)?;
                }
            }
            if search.files.len() == before {
                return Err(Error::usage_with_help(
                    format!("no file matches `{pattern}`"),
                    "check the pattern; it is matched against paths from the current folder",
                ));
            }
        } else if arg.is_dir() {
            if search.walk(arg)? == 0 {
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
        } else if search.unseen(arg) {
            search.files.push_whole(arg.clone(), true)?;
        }
    }
    Ok(search.files)
}

/// A run's search: the files found so far and what it looks for.
struct Search<'a> {
    files: Files,
    /// For keeping a file found twice once; `None` when no file can be found twice.
    kept: Option<Kept>,
    extensions: &'a [&'a str],
    exclude: &'a [glob::Pattern],
}

impl Search<'_> {
    /// Whether `path` is not among the files kept so far; the caller keeps it next.
    fn unseen(&mut self, path: &Path) -> bool {
        match &mut self.kept {
            Some(kept) => kept.insert(path, &self.files),
            None => true,
        }
    }

    /// Keeps the files under `dir`, each folder's entries in the order of their names, and
    /// says how many it found (a file found before counts, though it is not kept again).
    /// A folder's names go straight into the run's buffer of names, and its listing is their
    /// places there, so a folder of 100,000 decks is not held twice while it is sorted.
    fn walk(&mut self, dir: &Path) -> Result<usize, Error> {
        let read_error = |source| Error::Read {
            path: dir.to_owned(),
            source,
        };
        // Each entry's name as its place in the buffer, and whether it is a folder.
        let mut listing: Vec<((u32, u32), bool)> = Vec::new();
        let mut odd = Vec::new();
        for entry in std::fs::read_dir(dir).map_err(read_error)? {
            let entry = entry.map_err(read_error)?;
            let name = entry.file_name();
            if name.as_encoded_bytes().starts_with(b".") {
                continue;
            }
            let kind = entry.file_type().map_err(read_error)?;
            let path = entry.path();
            let wanted = !excluded(&path, self.exclude)
                && (kind.is_dir()
                    || ((kind.is_file() || (kind.is_symlink() && path.is_file()))
                        && path.extension().and_then(|e| e.to_str()).is_some_and(|e| {
                            self.extensions.iter().any(|x| e.eq_ignore_ascii_case(x))
                        })));
            if !wanted {
                continue;
            }
            let names = &mut self.files.names;
            let place = match (
                name.to_str(),
                index(names.len()),
                index(names.len() + name.len()),
            ) {
                (Some(name), Ok(start), Ok(end)) => {
                    names.push_str(name);
                    (start, end)
                }
                _ => {
                    odd.push(path);
                    (ODD, index(odd.len() - 1)?)
                }
            };
            listing.push((place, kind.is_dir()));
        }
        // By name: the paths share their folder, so this is their order, and comparing names
        // skips comparing the folder's components again at every step (a tenth of a large
        // batch's instructions went to sorting 10,000 paths).
        listing.sort_unstable_by(|(a, _), (b, _)| {
            self.files.name(*a, &odd).cmp(self.files.name(*b, &odd))
        });
        let base = index(self.files.bases.len())?;
        self.files.bases.push(dir.to_owned());
        let mut found = 0;
        for ((start, end), is_dir) in listing {
            let path = |files: &Files| match start {
                ODD => odd[end as usize].clone(),
                _ => dir.join(&files.names[start as usize..end as usize]),
            };
            if is_dir {
                found += self.walk(&path(&self.files))?;
                continue;
            }
            found += 1;
            if self.kept.is_some() && !self.unseen(&path(&self.files)) {
                continue;
            }
            match start {
                ODD => self.files.push_whole(path(&self.files), false)?,
                _ => self.files.files.push(Entry {
                    base,
                    start,
                    end,
                    named: false,
                }),
            }
        }
        Ok(found)
    }
}

/// The files kept so far, for keeping a file that two arguments find once. Each path's hash
/// points at the first file kept with that hash, which is compared in full, so a batch of
/// 100,000 files holds no second copy of their paths (a set of the paths was about 100 bytes
/// a file); a different path with a hash already taken, which is rare, is kept whole.
#[derive(Default)]
struct Kept {
    by_hash: rustc_hash::FxHashMap<u64, usize>,
    clashes: HashSet<PathBuf>,
}

impl Kept {
    /// Whether `path` is new, when `files` holds the files kept so far; the caller keeps it
    /// next.
    fn insert(&mut self, path: &Path, files: &Files) -> bool {
        use std::collections::hash_map::Entry;
        use std::hash::BuildHasher;
        match self.by_hash.entry(rustc_hash::FxBuildHasher.hash_one(path)) {
            Entry::Vacant(first) => {
                first.insert(files.len());
                true
            }
            Entry::Occupied(first) => {
                files.path(&files.files[*first.get()]) != path
                    && self.clashes.insert(path.to_owned())
            }
        }
    }
}

/// The argument as a glob pattern, when it has wildcards and is not itself an existing path.
fn glob_pattern(arg: &Path) -> Option<&str> {
    let s = arg.to_str()?;
    (s.contains(['*', '?', '[']) && !arg.exists()).then_some(s)
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

    /// A path whose hash another path already has is kept once all the same, and the other
    /// path too: the clash is made by hand, as two real paths with one hash are hard to find.
    #[test]
    fn a_path_whose_hash_is_taken_is_still_kept_once() {
        use std::hash::BuildHasher;
        fn keep(kept: &mut Kept, files: &mut Files, path: &str) -> bool {
            let new = kept.insert(Path::new(path), files);
            if new {
                files.push_whole(path.into(), false).unwrap();
            }
            new
        }
        let (mut kept, mut files) = (Kept::default(), Files::default());
        assert!(keep(&mut kept, &mut files, "a.deck"));
        assert!(!keep(&mut kept, &mut files, "a.deck"));
        assert!(
            !keep(&mut kept, &mut files, "a.deck/"),
            "the same path, as paths compare"
        );
        // `b.deck` as if its hash were `a.deck`'s.
        let b_hash = rustc_hash::FxBuildHasher.hash_one(Path::new("b.deck"));
        kept.by_hash.insert(b_hash, 0);
        assert!(keep(&mut kept, &mut files, "b.deck"));
        assert!(!keep(&mut kept, &mut files, "b.deck"));
        assert!(!keep(&mut kept, &mut files, "a.deck"));
        let paths: Vec<PathBuf> = files.iter().map(|f| f.path).collect();
        assert_eq!(paths, [PathBuf::from("a.deck"), PathBuf::from("b.deck")]);
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
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn excluded_files_and_folders_are_left_out_unless_named() {
        let dir = tree("exclude");
        let exclude = exclude_patterns(&["nested".into(), "a.*".into()]).unwrap();
        let files = expand_excluding(
            &[dir.clone(), dir.join("a.deck")],
            DECK_EXTENSIONS,
            &exclude,
        )
        .unwrap();
        let rel: Vec<(String, bool)> = files
            .iter()
            .map(|f| {
                let rel = f.path.strip_prefix(&dir).unwrap().display().to_string();
                (rel, f.named)
            })
            .collect();
        assert_eq!(rel, [("b/two.deck".into(), false), ("a.deck".into(), true)]);
        assert!(exclude_patterns(&["[".into()]).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
