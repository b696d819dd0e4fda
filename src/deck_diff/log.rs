//! `log`: a deck file's history, a line per git revision that touched it (newest first), with
//! the verdict at that revision and the cards it added and removed. Renames are followed
//! (`git log --follow`); every revision's text comes from one `git cat-file --batch`.

use super::{card_diff, CardDiff};
use crate::catalog::Catalog;
use crate::check::{read_and_check_source, Validators};
use crate::deck::Deck;
use crate::diagnostic::SourceFile;
use crate::encoding;
use crate::error::Error;
use crate::git;
use serde::Serialize;
use std::path::Path;

/// The deck at one revision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "verdict", rename_all = "lowercase")]
pub enum State {
    /// Checked against its format.
    Legal {
        format: String,
    },
    Illegal {
        format: String,
    },
    /// The revision deleted the file.
    Deleted,
    /// The file could not be read or checked as a deck, and why.
    Unreadable {
        error: String,
    },
}

#[derive(Debug, Clone, Serialize)]
pub struct Revision {
    pub hash: String,
    pub short: String,
    /// The author date, `YYYY-MM-DD`.
    pub date: String,
    pub subject: String,
    /// The file's path at this revision, from the top of the repository.
    pub path: String,
    #[serde(flatten)]
    pub state: State,
    /// Copies added and removed since the revision before (moves between zones aside), and
    /// copies moved; against an empty deck for the first revision.
    pub added: u32,
    pub removed: u32,
    pub moved: u32,
}

/// One `git log` record: full hash, short hash, date, subject, and the file's path then.
fn records(text: &str) -> Vec<[&str; 5]> {
    text.split('\u{1e}')
        .filter_map(|record| {
            let (head, files) = record.split_once('\n')?;
            let mut fields = head.splitn(4, '\u{1f}');
            let mut next = || fields.next().unwrap_or_default();
            let (hash, short, date, subject) = (next(), next(), next(), next());
            let path = files.lines().map(str::trim).find(|l| !l.is_empty())?;
            Some([hash, short, date, subject, path])
        })
        .collect()
}

/// The history of the deck file at `path` (relative to the current folder), newest first.
pub fn log(
    catalog: &Catalog,
    validators: &Validators,
    path: &Path,
) -> Result<Vec<Revision>, Error> {
    let path_str = path.to_string_lossy();
    let listing = git::run(&[
        "log",
        "--follow",
        "--format=%x1e%H%x1f%h%x1f%ad%x1f%s",
        "--date=short",
        "--name-only",
        "--",
        &path_str,
    ])?;
    let records = records(&listing);
    if records.is_empty() {
        return Err(Error::usage_with_help(
            format!("no git revision touches `{path_str}`"),
            "name a deck file that git tracks (committed at least once)",
        ));
    }
    let objects: Vec<String> = records
        .iter()
        .map(|r| format!("{}:{}", r[0], r[4]))
        .collect();
    let blobs = git::blobs(&objects)?;
    let mut revisions = Vec::with_capacity(records.len());
    let mut before = Deck::default();
    // The game cards are resolved through: the last one a revision's format named.
    let mut game = None;
    // Oldest first, so that each revision is compared with the one before it.
    for (record, blob) in records.iter().zip(blobs).rev() {
        let [hash, short, date, subject, file] = *record;
        let (state, deck, checked_game) = match blob.map(String::from_utf8) {
            None => (State::Deleted, Deck::default(), None),
            Some(Err(_)) => (
                State::Unreadable {
                    error: "the file is not UTF-8 text".to_owned(),
                },
                Deck::default(),
                None,
            ),
            Some(Ok(text)) => {
                let source = SourceFile::new(format!("git:{short}:{file}"), text);
                match read_and_check_source(validators, &source) {
                    Ok((deck, outcome)) => {
                        let v = &outcome.verdict;
                        let state = match (&v.format, v.legal) {
                            (Some(f), true) => State::Legal {
                                format: f.to_string(),
                            },
                            (Some(f), false) => State::Illegal {
                                format: f.to_string(),
                            },
                            // Not checked: the format it names is unknown.
                            (None, _) => State::Unreadable {
                                error: (v.findings.first())
                                    .map_or_else(String::new, |f| f.message.clone()),
                            },
                        };
                        (state, deck, outcome.verdict.game)
                    }
                    Err(e) => (
                        State::Unreadable {
                            error: e.to_string(),
                        },
                        // Its cards still count, where the list reads.
                        encoding::read(&source, None, catalog).unwrap_or_default(),
                        None,
                    ),
                }
            }
        };
        if let Some(id) = checked_game {
            game = catalog.game(&id).ok();
        }
        let change: CardDiff = card_diff(&before, &deck, game);
        revisions.push(Revision {
            hash: hash.to_owned(),
            short: short.to_owned(),
            date: date.to_owned(),
            subject: subject.to_owned(),
            path: file.to_owned(),
            state,
            added: change.added(),
            removed: change.removed(),
            moved: change.moved(),
        });
        before = deck;
    }
    revisions.reverse();
    Ok(revisions)
}
