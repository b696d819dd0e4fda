//! Errors that stop decksmith from doing its job (exit status 2). An illegal deck or a lint
//! finding is not an error: it is a result, reported as findings.

use crate::diagnostic::Problem;
use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("cannot read `{path}`: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot write `{path}`: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("`{path}` is not UTF-8 text (first bad byte at offset {offset})")]
    NotUtf8 { path: PathBuf, offset: usize },
    #[error("`{path}` is {}; decksmith reads files of at most {limit} bytes", size_past(*.size, *.limit))]
    TooLarge {
        path: PathBuf,
        size: u64,
        limit: u64,
    },
    /// A card database or format is broken; every problem found is listed.
    #[error("{} in the card data", plural(.0.len(), "problem"))]
    Data(Vec<Problem>),
    /// Every problem found is in a format file (the card data is fine).
    #[error("{} in the format files", plural(.0.len(), "problem"))]
    Formats(Vec<Problem>),
    /// A deck list cannot be read or converted; every problem found is listed, each pointing
    /// at its line.
    #[error("{message}")]
    Deck {
        message: String,
        problems: Vec<Problem>,
    },
    /// A match script cannot be played; every problem found is listed.
    #[error("{} in the match script", plural(.0.len(), "problem"))]
    Script(Vec<Problem>),
    /// A search query cannot be read or names what does not exist; the problem points into it.
    #[error("{}", .0.message)]
    Query(Problem),
    /// The command line asks for something that cannot be done.
    #[error("{message}")]
    Usage {
        message: String,
        help: Option<String>,
    },
}

impl Error {
    pub fn usage(message: impl Into<String>) -> Self {
        Error::Usage {
            message: message.into(),
            help: None,
        }
    }

    pub fn usage_with_help(message: impl Into<String>, help: impl Into<String>) -> Self {
        Error::Usage {
            message: message.into(),
            help: Some(help.into()),
        }
    }
}

/// `1 problem`, `2 problems`.
pub fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// Largest file decksmith reads: a deck list or database far beyond any real one is a mistake
/// (or an attack), and reading it whole would waste memory.
pub const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;

/// Reads a text file a person wrote, refusing huge and non-UTF-8 files with a clear error.
pub fn read_text(path: &std::path::Path) -> Result<String, Error> {
    let file = std::fs::File::open(path).map_err(|source| Error::Read {
        path: path.to_owned(),
        source,
    })?;
    let size = file.metadata().map(|m| m.len()).unwrap_or(0);
    read_limited(file, size, path)
}

/// Reads standard input like a file (`-` on the command line), with the same limits.
pub fn read_stdin() -> Result<String, Error> {
    read_limited(std::io::stdin().lock(), 0, std::path::Path::new("<stdin>"))
}

/// A size over the limit as the message says it: reading stops one byte past the limit, so a
/// file that gave no size (a pipe, `/dev/zero`) or grew while read is known only to be larger.
fn size_past(size: u64, limit: u64) -> String {
    if size == limit + 1 {
        format!("more than {limit} bytes")
    } else {
        format!("{size} bytes")
    }
}

fn read_limited(
    reader: impl std::io::Read,
    size: u64,
    path: &std::path::Path,
) -> Result<String, Error> {
    use std::io::Read;
    if size > MAX_FILE_BYTES {
        return Err(Error::TooLarge {
            path: path.to_owned(),
            size,
            limit: MAX_FILE_BYTES,
        });
    }
    let mut bytes = Vec::with_capacity(size as usize);
    // `take` guards against files that grow while being read (or report no size, like pipes).
    reader
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|source| Error::Read {
            path: path.to_owned(),
            source,
        })?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(Error::TooLarge {
            path: path.to_owned(),
            size: bytes.len() as u64,
            limit: MAX_FILE_BYTES,
        });
    }
    String::from_utf8(bytes).map_err(|e| Error::NotUtf8 {
        path: path.to_owned(),
        offset: e.utf8_error().valid_up_to(),
    })
}

/// Refuses an output file that exists unless `replace` (`--force`): asked before a command
/// does its work, so that the refusal comes first, not after it; [`write_atomic`] asks again
/// as it writes.
pub fn refuse_existing(path: Option<&std::path::Path>, replace: bool) -> Result<(), Error> {
    match path {
        Some(path) if !replace && path.exists() => Err(already_exists(path)),
        _ => Ok(()),
    }
}

fn already_exists(path: &std::path::Path) -> Error {
    Error::usage_with_help(
        format!("`{}` already exists", path.display()),
        "pass --force to replace it",
    )
}

/// Writes a file so that it appears whole or not at all: the text goes to a temporary file
/// beside it, which is then renamed over it (`replace`) or hard-linked into place, which fails
/// if the file exists, so that nothing is overwritten without being asked even when two
/// writers race.
pub fn write_atomic(path: &std::path::Path, text: &str, replace: bool) -> Result<(), Error> {
    use std::io::{ErrorKind, Write};
    let exists = || already_exists(path);
    let Some(file_name) = path.file_name() else {
        return Err(Error::usage(format!(
            "`{}` does not name a file",
            path.display()
        )));
    };
    if !replace && path.exists() {
        return Err(exists());
    }
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    let temp = dir.join(format!(
        ".{}.{}.tmp",
        file_name.to_string_lossy(),
        std::process::id()
    ));
    let written = (|| {
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        drop(file);
        if replace {
            return std::fs::rename(&temp, path);
        }
        match std::fs::hard_link(&temp, path) {
            Ok(()) => std::fs::remove_file(&temp),
            Err(e) if e.kind() == ErrorKind::AlreadyExists => Err(e),
            // A file system without hard links: fall back to a checked rename.
            Err(_) if path.exists() => Err(ErrorKind::AlreadyExists.into()),
            Err(_) => std::fs::rename(&temp, path),
        }
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    written.map_err(|source| {
        if source.kind() == ErrorKind::AlreadyExists {
            exists()
        } else {
            Error::Write {
                path: path.to_owned(),
                source,
            }
        }
    })
}
