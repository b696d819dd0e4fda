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
        .into_iter()
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
) -> Result<Vec<Found>, Error> {
    let mut out = Vec::new();
    let mut kept = Kept::default();
    let mut push = |path: PathBuf, named: bool, out: &mut Vec<Found>| {
        if !named && excluded(&path, exclude) {
            return;
        }
        if kept.insert(&path, out) {
            out.push(Found { path, named });
        }
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
            let before = out.len();
            for found in matches {
                let found = found.map_err(|e| Error::Read {
                    path: e.path().to_owned(),
                    source: std::io::Error::new(e.error().kind(), e.error().to_string()),
                })?;
                if found.is_dir() {
                    for file in in_folder(&found, extensions, exclude)? {
                        push(file, false, &mut out);
                    }
                } else {
                    push(found, false, &mut out);
                }
            }
            if out.len() == before {
                return Err(Error::usage_with_help(
                    format!("no file matches `{pattern}`"),
                    "check the pattern; it is matched against paths from the current folder",
                ));
            }
        } else if arg.is_dir() {
            let files = in_folder(arg, extensions, exclude)?;
            if files.is_empty() {
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
            for file in files {
                push(file, false, &mut out);
            }
        } else {
            push(arg.clone(), true, &mut out);
        }
    }
    Ok(out)
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
    /// Whether `path` is new, when `out` holds the files kept so far; the caller keeps it next.
    fn insert(&mut self, path: &Path, out: &[Found]) -> bool {
        use std::collections::hash_map::Entry;
        use std::hash::BuildHasher;
        match self.by_hash.entry(rustc_hash::FxBuildHasher.hash_one(path)) {
            Entry::Vacant(first) => {
                first.insert(out.len());
                true
            }
            Entry::Occupied(first) => {
                out[*first.get()].path != path && self.clashes.insert(path.to_owned())
            }
        }
    }
}

/// The argument as a glob pattern, when it has wildcards and is not itself an existing path.
fn glob_pattern(arg: &Path) -> Option<&str> {
    let s = arg.to_str()?;
    (s.contains(['*', '?', '[']) && !arg.exists()).then_some(s)
}

fn in_folder(
    dir: &Path,
    extensions: &[&str],
    exclude: &[glob::Pattern],
) -> Result<Vec<PathBuf>, Error> {
    let mut out = Vec::new();
    walk(dir, extensions, exclude, &mut out)?;
    Ok(out)
}

fn walk(
    dir: &Path,
    extensions: &[&str],
    exclude: &[glob::Pattern],
    out: &mut Vec<PathBuf>,
) -> Result<(), Error> {
    let read_error = |source| Error::Read {
        path: dir.to_owned(),
        source,
    };
    let mut entries = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(read_error)? {
        let entry = entry.map_err(read_error)?;
        let name = entry.file_name();
        if name.to_string_lossy().starts_with('.') {
            continue;
        }
        let kind = entry.file_type().map_err(read_error)?;
        let path = entry.path();
        // Where the name starts in the path: the name is not kept a second time.
        let start = path.as_os_str().len() - name.len();
        entries.push((path, start, kind));
    }
    // By name: the paths share their folder, so this is their order, and comparing names
    // skips comparing the folder's components again at every step (a tenth of a large
    // batch's instructions went to sorting 10,000 paths).
    fn name((path, start, _): &(PathBuf, usize, std::fs::FileType)) -> &[u8] {
        &path.as_os_str().as_encoded_bytes()[*start..]
    }
    entries.sort_by(|a, b| name(a).cmp(name(b)));
    for (path, _, kind) in entries {
        if excluded(&path, exclude) {
            continue;
        }
        if kind.is_dir() {
            walk(&path, extensions, exclude, out)?;
        } else if (kind.is_file() || (kind.is_symlink() && path.is_file()))
            && path
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| extensions.iter().any(|x| e.eq_ignore_ascii_case(x)))
        {
            out.push(path);
        }
    }
    Ok(())
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
        let found = |p: &str| Found {
            path: PathBuf::from(p),
            named: false,
        };
        let mut kept = Kept::default();
        let mut out = Vec::new();
        assert!(kept.insert(Path::new("a.deck"), &out));
        out.push(found("a.deck"));
        assert!(!kept.insert(Path::new("a.deck"), &out));
        assert!(
            !kept.insert(Path::new("a.deck/"), &out),
            "the same path, as paths compare"
        );
        // `b.deck` as if its hash were `a.deck`'s.
        let b_hash = rustc_hash::FxBuildHasher.hash_one(Path::new("b.deck"));
        kept.by_hash.insert(b_hash, 0);
        assert!(kept.insert(Path::new("b.deck"), &out));
        out.push(found("b.deck"));
        assert!(!kept.insert(Path::new("b.deck"), &out));
        assert!(!kept.insert(Path::new("a.deck"), &out));
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
