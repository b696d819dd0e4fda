//! A temporary file for what a long run would otherwise hold in memory until its end: a large
//! folder's sorted runs of names (`paths`), a JUnit report's cases (`report::junit`). It is
//! removed as soon as it is made where the system allows that (an open file lives on
//! unnamed), so a run that is killed leaves nothing behind; elsewhere when it is dropped.

use crate::error::Error;
use std::fs::File;
use std::io::{ErrorKind, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// Where temporary files go: nowhere (what would go out stays in memory), the system's
/// temporary folder, or a folder a test names. The system's is looked up only when a file is
/// made, which most runs never do.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Place {
    #[default]
    Memory,
    System,
    Folder(PathBuf),
}

/// A temporary file at a [`Place`], made when first needed. Where none can be made (in
/// memory, or on a read-only system) it is not asked for again, and what would go out stays
/// in memory.
#[derive(Default)]
pub struct Later {
    place: Place,
    state: State,
}

#[derive(Default)]
enum State {
    #[default]
    NotYet,
    Made(Spill),
    Unavailable,
}

impl Later {
    pub fn new(place: Place) -> Self {
        Later {
            place,
            state: State::NotYet,
        }
    }

    /// The file, made on first use; `None` where there is none.
    pub fn get(&mut self) -> Option<&mut Spill> {
        if let State::NotYet = self.state {
            let made = match &self.place {
                Place::Memory => None,
                Place::System => Spill::create(&std::env::temp_dir()).ok(),
                Place::Folder(dir) => Spill::create(dir).ok(),
            };
            self.state = made.map_or(State::Unavailable, State::Made);
        }
        match &mut self.state {
            State::Made(spill) => Some(spill),
            State::NotYet | State::Unavailable => None,
        }
    }

    /// The file, if one was made.
    pub fn made(&self) -> Option<&Spill> {
        match &self.state {
            State::Made(spill) => Some(spill),
            State::NotYet | State::Unavailable => None,
        }
    }

    pub fn into_made(self) -> Option<Spill> {
        match self.state {
            State::Made(spill) => Some(spill),
            State::NotYet | State::Unavailable => None,
        }
    }
}

/// A temporary file, written to the end first and read only then: reading moves the file's
/// position, and nothing is written after it.
pub struct Spill {
    // Declared before `_removal`, so it is closed before the removal is tried.
    file: File,
    path: PathBuf,
    len: u64,
    _removal: Removal,
}

/// Removes a file not yet removed when dropped.
struct Removal(Option<PathBuf>);

impl Drop for Removal {
    fn drop(&mut self) {
        if let Some(path) = &self.0 {
            let _ = std::fs::remove_file(path);
        }
    }
}

impl Spill {
    fn create(dir: &Path) -> std::io::Result<Spill> {
        use std::sync::atomic::{AtomicU32, Ordering};
        static MADE: AtomicU32 = AtomicU32::new(0);
        let mut attempts = 0;
        loop {
            let n = MADE.fetch_add(1, Ordering::Relaxed);
            attempts += 1;
            let path = dir.join(format!(".decksmith-spill-{}-{n}.tmp", std::process::id()));
            let opened = std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .create_new(true)
                .open(&path);
            match opened {
                Ok(file) => {
                    let removed = std::fs::remove_file(&path).is_ok();
                    return Ok(Spill {
                        file,
                        _removal: Removal((!removed).then(|| path.clone())),
                        path,
                        len: 0,
                    });
                }
                // Left by a run of an earlier process with this id.
                Err(e) if e.kind() == ErrorKind::AlreadyExists && attempts < 100 => continue,
                Err(e) => return Err(e),
            }
        }
    }

    /// The bytes written so far.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Appends `bytes`; gives where they start.
    pub fn append(&mut self, bytes: &[u8]) -> Result<u64, Error> {
        let start = self.len;
        self.file
            .write_all(bytes)
            .map_err(|e| self.write_error(e))?;
        self.len += bytes.len() as u64;
        Ok(start)
    }

    /// Fills `buf` from `at`. Bytes that are not there (the file changed under us) are an
    /// error, never a short read taken as the end.
    pub fn read_at(&self, at: u64, buf: &mut [u8]) -> Result<(), Error> {
        let mut file = &self.file;
        file.seek(SeekFrom::Start(at))
            .and_then(|_| file.read_exact(buf))
            .map_err(|e| self.read_error(e))
    }

    /// The bytes written, read from the start.
    pub fn reader(&self) -> Result<impl std::io::Read + '_, Error> {
        let mut file = &self.file;
        file.seek(SeekFrom::Start(0))
            .map_err(|e| self.read_error(e))?;
        Ok(std::io::BufReader::new(file.take(self.len)))
    }

    pub fn write_error(&self, source: std::io::Error) -> Error {
        Error::Write {
            path: self.path.clone(),
            source,
        }
    }

    pub fn read_error(&self, source: std::io::Error) -> Error {
        Error::Read {
            path: self.path.clone(),
            source,
        }
    }

    /// Cuts the file short, as a file changed under us would be.
    #[cfg(test)]
    pub fn truncate(&self, len: u64) {
        self.file.set_len(len).unwrap();
    }
}
