//! One folder's entries in the order of their names, in bounded memory. A report lists decks
//! in path order and a folder gives its entries in no order, so a folder is sorted before its
//! first deck is checked. Up to [`WINDOW`] names are sorted in memory; a larger folder's names
//! go to a temporary file in sorted runs of that many, and the runs are merged as the walk
//! takes the names, the way sort(1) sorts more than fits in memory. A folder of a million
//! decks so holds 4,096 names and a quarter of a megabyte of read buffers, not a million
//! names (docs/benchmarks.md, "The big batch's memory, flat").

use crate::error::Error;
use crate::spill::{Later, Place, Spill};
use std::ffi::OsString;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

/// Names sorted in memory before they go out as a run: about 160 KB for a batch's names.
const WINDOW: usize = 4096;

/// The read buffers of a folder's runs together, while they are merged.
const MERGE_BUFFERS: usize = 256 * 1024;

/// How many names a window holds and where runs are written; tests make the window small.
#[derive(Debug, Clone)]
pub struct Spilling {
    pub window: usize,
    pub place: Place,
}

impl Default for Spilling {
    fn default() -> Self {
        Spilling {
            window: WINDOW,
            place: Place::System,
        }
    }
}

/// A folder's entries as they are read: [`Sorter::push`] each, then take them in order from
/// [`Sorter::sorted`].
pub struct Sorter<'s> {
    spilling: &'s Spilling,
    /// The window's names end to end, and each one's place there and whether it is a folder.
    names: String,
    window: Vec<(usize, usize, bool)>,
    /// Names that are not UTF-8 stay in memory: they are rare, and a name read back from a
    /// run is checked as UTF-8 rather than trusted as the platform's encoding.
    odd: Vec<(OsString, bool)>,
    spill: Later,
    /// Each run's place in the spill file.
    runs: Vec<(u64, u64)>,
}

impl<'s> Sorter<'s> {
    pub fn new(spilling: &'s Spilling) -> Self {
        Sorter {
            spilling,
            names: String::new(),
            window: Vec::new(),
            odd: Vec::new(),
            spill: Later::new(spilling.place.clone()),
            runs: Vec::new(),
        }
    }

    pub fn push(&mut self, name: OsString, is_dir: bool) -> Result<(), Error> {
        match name.into_string() {
            Ok(name) => {
                if self.window.len() >= self.spilling.window {
                    self.write_run()?;
                }
                let start = self.names.len();
                self.names.push_str(&name);
                self.window.push((start, self.names.len(), is_dir));
            }
            Err(odd) => self.odd.push((odd, is_dir)),
        }
        Ok(())
    }

    /// Names held in memory now.
    #[cfg(test)]
    fn held(&self) -> usize {
        self.window.len() + self.odd.len()
    }

    fn sort_window(&mut self) {
        let names = self.names.as_bytes();
        self.window
            .sort_unstable_by(|a, b| names[a.0..a.1].cmp(&names[b.0..b.1]));
    }

    /// Writes the window out as a sorted run and empties it.
    fn write_run(&mut self) -> Result<(), Error> {
        // Without a temporary file the window grows instead, as memory is all that is lost.
        if self.spill.get().is_none() {
            return Ok(());
        }
        self.sort_window();
        let Some(spill) = self.spill.get() else {
            return Ok(());
        };
        // A record: the name's length (4 bytes), whether it is a folder (1), the name.
        let mut bytes = Vec::with_capacity(self.names.len() + 5 * self.window.len());
        for &(start, end, is_dir) in &self.window {
            let len = u32::try_from(end - start)
                .map_err(|_| spill.write_error(ErrorKind::InvalidInput.into()))?;
            bytes.extend(len.to_le_bytes());
            bytes.push(u8::from(is_dir));
            bytes.extend(&self.names.as_bytes()[start..end]);
        }
        let start = spill.append(&bytes)?;
        self.runs.push((start, spill.len()));
        self.names.clear();
        self.window.clear();
        Ok(())
    }

    /// The entries pushed, in the order of their names (as the platform encodes them).
    pub fn sorted(mut self) -> Result<Sorted, Error> {
        self.sort_window();
        self.odd
            .sort_unstable_by(|a, b| a.0.as_encoded_bytes().cmp(b.0.as_encoded_bytes()));
        let file = self.spill.into_made();
        let cap = (MERGE_BUFFERS / self.runs.len().max(1)).max(512);
        let mut sources = vec![
            Source::Window {
                names: self.names,
                spans: self.window.into_iter(),
            },
            Source::Odd(self.odd.into_iter()),
        ];
        for (at, end) in self.runs {
            let mut run = Run {
                at,
                end,
                buf: Vec::new(),
                pos: 0,
                cap,
            };
            if let Some(spill) = &file {
                run.fill(spill)?;
            }
            sources.push(Source::Run(run));
        }
        let mut order: Vec<usize> = (0..sources.len())
            .filter(|&s| sources[s].head().is_some())
            .collect();
        order.sort_unstable_by(|&a, &b| sources[b].head().cmp(&sources[a].head()));
        Ok(Sorted {
            sources,
            order,
            file,
        })
    }
}

/// A folder's entries in order: [`Sorted::next`] gives each as a path in the folder.
pub struct Sorted {
    sources: Vec<Source>,
    /// The sources that have names left, the one with the least next name last.
    order: Vec<usize>,
    file: Option<Spill>,
}

impl Sorted {
    /// The next entry, as `dir` joined with its name, and whether it is a folder.
    pub fn next(&mut self, dir: &Path) -> Result<Option<(PathBuf, bool)>, Error> {
        let Some(s) = self.order.pop() else {
            return Ok(None);
        };
        let taken = self.sources[s].take(dir, self.file.as_ref())?;
        let sources = &self.sources;
        if let Some(head) = sources[s].head() {
            // Names in one folder differ, so no two sources share a head.
            let at = self
                .order
                .partition_point(|&o| sources[o].head().is_some_and(|h| h > head));
            self.order.insert(at, s);
        }
        Ok(taken)
    }
}

/// Where a folder's names come from while they are merged.
enum Source {
    /// The last window, sorted in memory.
    Window {
        names: String,
        spans: std::vec::IntoIter<(usize, usize, bool)>,
    },
    Odd(std::vec::IntoIter<(OsString, bool)>),
    Run(Run),
}

impl Source {
    /// The next name's bytes, and whether it is a folder.
    fn head(&self) -> Option<(&[u8], bool)> {
        match self {
            Source::Window { names, spans } => spans
                .as_slice()
                .first()
                .map(|&(start, end, is_dir)| (&names.as_bytes()[start..end], is_dir)),
            Source::Odd(odd) => odd
                .as_slice()
                .first()
                .map(|(name, is_dir)| (name.as_encoded_bytes(), *is_dir)),
            Source::Run(run) => run.head(),
        }
    }

    /// The next name as a path in `dir`, and whether it is a folder; moves on past it.
    fn take(&mut self, dir: &Path, file: Option<&Spill>) -> Result<Option<(PathBuf, bool)>, Error> {
        Ok(match self {
            Source::Window { names, spans } => spans
                .next()
                .map(|(start, end, is_dir)| (dir.join(&names[start..end]), is_dir)),
            Source::Odd(odd) => odd.next().map(|(name, is_dir)| (dir.join(name), is_dir)),
            Source::Run(run) => {
                let (Some((name, is_dir)), Some(spill)) = (run.head(), file) else {
                    return Ok(None);
                };
                let name = std::str::from_utf8(name)
                    .map_err(|_| spill.read_error(ErrorKind::InvalidData.into()))?;
                let taken = (dir.join(name), is_dir);
                run.pos += RECORD_HEAD + name.len();
                run.fill(spill)?;
                Some(taken)
            }
        })
    }
}

/// A record's length and kind, before its name.
const RECORD_HEAD: usize = 5;

/// A sorted run in the spill file, read through its own buffer as it is merged.
struct Run {
    /// What is left to read of the run in the file.
    at: u64,
    end: u64,
    buf: Vec<u8>,
    /// Where the next record starts in `buf`.
    pos: usize,
    /// How much to read at a time.
    cap: usize,
}

impl Run {
    fn head(&self) -> Option<(&[u8], bool)> {
        let rest = &self.buf[self.pos..];
        let len = u32::from_le_bytes(rest.get(..4)?.try_into().ok()?) as usize;
        let name = rest.get(RECORD_HEAD..RECORD_HEAD + len)?;
        Some((name, rest[4] == 1))
    }

    /// Reads on until the record at `pos` is whole in the buffer, or the run has ended.
    fn fill(&mut self, spill: &Spill) -> Result<(), Error> {
        loop {
            let rest = &self.buf[self.pos..];
            let want = match rest.get(..4) {
                Some(len) => {
                    RECORD_HEAD + u32::from_le_bytes(len.try_into().unwrap_or_default()) as usize
                }
                None => RECORD_HEAD,
            };
            let have = rest.len();
            if have >= want || (have == 0 && self.at == self.end) {
                return Ok(());
            }
            if self.at == self.end {
                // The file ends inside a record: it changed under us, and names would be lost.
                return Err(spill.read_error(ErrorKind::UnexpectedEof.into()));
            }
            self.buf.drain(..self.pos);
            self.pos = 0;
            let more = (self.cap.max(want) - have).min((self.end - self.at) as usize);
            let old = self.buf.len();
            self.buf.resize(old + more, 0);
            spill.read_at(self.at, &mut self.buf[old..])?;
            self.at += more as u64;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A folder for one test's runs (`tag` keeps tests running at once apart).
    fn spill_dir(tag: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("decksmith-listing-{tag}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn folder(spilling: &Spilling) -> &Path {
        match &spilling.place {
            Place::Folder(dir) => dir,
            _ => unreachable!("tests name their folder"),
        }
    }

    /// Pushes `names` (each a folder when its index is odd) through a sorter with `spilling`,
    /// checking after each push that memory holds at most a window of UTF-8 names; gives back
    /// the names in the order they come out.
    fn sort(names: &[OsString], spilling: &Spilling) -> Result<Vec<(OsString, bool)>, Error> {
        let mut sorter = Sorter::new(spilling);
        let mut odd = 0;
        for (i, name) in names.iter().enumerate() {
            odd += usize::from(name.to_str().is_none());
            sorter.push(name.clone(), i % 2 == 1)?;
            if matches!(&spilling.place, Place::Folder(dir) if dir.is_dir()) {
                assert!(sorter.held() <= spilling.window + odd, "{}", sorter.held());
            }
        }
        let mut sorted = sorter.sorted()?;
        let dir = Path::new("folder");
        let mut out = Vec::new();
        while let Some((path, is_dir)) = sorted.next(dir)? {
            assert_eq!(path.parent(), Some(dir));
            out.push((path.file_name().unwrap().to_owned(), is_dir));
        }
        Ok(out)
    }

    fn expected(names: &[OsString]) -> Vec<(OsString, bool)> {
        let mut want: Vec<(OsString, bool)> = names
            .iter()
            .enumerate()
            .map(|(i, n)| (n.clone(), i % 2 == 1))
            .collect();
        want.sort_by(|a, b| a.0.as_encoded_bytes().cmp(b.0.as_encoded_bytes()));
        want
    }

    /// A folder's names: unique, as a folder's are, some sharing long prefixes and some (on
    /// Linux, where a name is any bytes) not UTF-8.
    fn names() -> impl Strategy<Value = Vec<OsString>> {
        let name = prop_oneof![
            "[a-z]{1,3}".prop_map(String::into_bytes),
            "deck-[0-9]{1,5}\\.deck".prop_map(String::into_bytes),
            "\\PC{1,12}".prop_map(String::into_bytes),
            proptest::collection::vec(1u8..=255, 1..8),
        ];
        proptest::collection::btree_set(name, 0..120).prop_map(|set| {
            set.into_iter()
                .filter(|n| !n.is_empty() && !n.contains(&b'/') && n != b"." && n != b"..")
                .map(os_name)
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect()
        })
    }

    #[cfg(target_os = "linux")]
    fn os_name(bytes: impl Into<Vec<u8>>) -> OsString {
        use std::os::unix::ffi::OsStringExt;
        OsString::from_vec(bytes.into())
    }

    #[cfg(not(target_os = "linux"))]
    fn os_name(bytes: impl Into<Vec<u8>>) -> OsString {
        String::from_utf8_lossy(&bytes.into()).into_owned().into()
    }

    proptest! {
        /// Whatever the window, every name comes out once, in order, with its kind, and no
        /// run's file is left behind.
        #[test]
        fn names_come_out_sorted_whatever_the_window(names in names(), window in 1usize..9) {
            let spilling = Spilling { window, place: Place::Folder(spill_dir("sorted")) };
            prop_assert_eq!(sort(&names, &spilling).unwrap(), expected(&names));
            prop_assert_eq!(std::fs::read_dir(folder(&spilling)).unwrap().count(), 0);
        }
    }

    #[test]
    fn a_large_folder_holds_a_window_of_names_and_its_runs_in_a_file() {
        let spilling = Spilling {
            window: 100,
            place: Place::Folder(spill_dir("large")),
        };
        let names: Vec<OsString> = (0..10_000)
            .rev()
            .map(|i| format!("deck-{:05}.deck", i * 7919 % 10_000).into())
            .collect();
        let mut sorter = Sorter::new(&spilling);
        for name in &names {
            sorter.push(name.clone(), false).unwrap();
            assert!(sorter.held() <= 100);
        }
        assert_eq!(sorter.runs.len(), 99, "all but the last window went out");
        let out = sort(&names, &spilling).unwrap();
        assert_eq!(out, expected(&names));
        assert_eq!(std::fs::read_dir(folder(&spilling)).unwrap().count(), 0);
    }

    /// Without a place for runs, names stay in memory and still come out in order.
    #[test]
    fn without_a_temporary_folder_names_stay_in_memory() {
        let spilling = Spilling {
            window: 2,
            place: Place::Folder(PathBuf::from("/no/such/folder/for/decksmith")),
        };
        let names: Vec<OsString> = ["c", "a", "e", "b", "d"].map(OsString::from).into();
        assert_eq!(sort(&names, &spilling).unwrap(), expected(&names));
    }

    /// A run's file that ends inside a record is an error, not names silently lost.
    #[test]
    fn a_run_cut_short_is_an_error() {
        let spilling = Spilling {
            window: 2,
            place: Place::Folder(spill_dir("cut")),
        };
        let mut sorter = Sorter::new(&spilling);
        for name in ["deck-c", "deck-a", "deck-e", "deck-b", "deck-d"] {
            sorter.push(name.into(), false).unwrap();
        }
        let spill = sorter.spill.made().expect("a run was written");
        spill.truncate(spill.len() - 3);
        let mut taken = Vec::new();
        let take = || -> Result<(), Error> {
            let mut sorted = sorter.sorted()?;
            while let Some((path, _)) = sorted.next(Path::new(""))? {
                taken.push(path);
            }
            Ok(())
        };
        let error = take().expect_err("a run cut short");
        assert!(matches!(error, Error::Read { .. }), "{error}");
        assert!(taken.len() < 5, "{taken:?}");
    }
}
