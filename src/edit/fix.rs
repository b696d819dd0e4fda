//! `validate --fix`: the fixes that need no choosing, made in place. An unknown card name
//! with exactly one close match becomes that card; with `--fix names`, a card written by its
//! id is written by its name. Everything else stays for the report.

use super::{commit, lines, DeckFile, Splices};
use crate::catalog::Catalog;
use crate::deck::Entry;
use crate::error::Error;
use crate::names;
use crate::paths::Found;

/// Which fixes `validate --fix` makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FixMode {
    /// Unknown names with exactly one close match.
    Typos,
    /// Typos, and card ids written as names.
    Names,
}

/// One fix: the name as written and what it became.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Fix {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
    pub from: String,
    pub to: String,
    /// Why: `typo` (the only close match) or `id` (the card's id, written as its name).
    pub kind: &'static str,
}

/// What `validate --fix` did to one file.
#[derive(Debug, Clone)]
pub struct FileFixes {
    pub path: String,
    /// The fixes made, or why the file could not be fixed.
    pub result: Result<Vec<Fix>, String>,
}

/// Makes the fixes `mode` allows in one deck file. A file named on the command line that
/// cannot be edited is reported as not fixed (and validated as it is); one a search found is
/// passed over, as it may not be a deck list at all.
pub fn fix_file(
    catalog: &Catalog,
    file: &Found,
    mode: FixMode,
) -> Result<Option<FileFixes>, Error> {
    let path = &file.path;
    let fixed = if path.as_os_str() == "-" {
        Err(Error::usage("standard input cannot be fixed in place"))
    } else {
        DeckFile::open(path, catalog).and_then(|deck| {
            let Some(fixed) = deck.fix(mode)? else {
                return Ok(Vec::new());
            };
            commit(path, &deck.source.text, &fixed.text)?;
            Ok(fixed.fixes)
        })
    };
    let result = match fixed {
        Ok(fixes) => Ok(fixes),
        // A file that cannot be written is an error of the run.
        Err(e @ Error::Write { .. }) => return Err(e),
        Err(_) if !file.named => return Ok(None),
        Err(e) => Err(e.to_string()),
    };
    Ok(Some(FileFixes {
        path: path.display().to_string(),
        result,
    }))
}

/// A deck file's fixes and its text with them made.
#[derive(Debug, Clone)]
pub struct Fixed {
    pub fixes: Vec<Fix>,
    pub text: String,
}

impl DeckFile<'_> {
    /// The fixes `mode` allows in this deck, and the file's text with them made (`None`
    /// when there is nothing to fix).
    pub fn fix(&self, mode: FixMode) -> Result<Option<Fixed>, Error> {
        let mut found: Vec<((usize, usize), Fix)> = Vec::new();
        for (zi, zone) in self.deck.zones.iter().enumerate() {
            for (ei, entry) in zone.entries.iter().enumerate() {
                if let Some(fix) = self.fix_for(entry, mode) {
                    found.push(((zi, ei), fix));
                }
            }
        }
        if found.is_empty() {
            return Ok(None);
        }
        let text = match self.encoding {
            crate::encoding::Encoding::Text => {
                let text = &*self.source.text;
                let mut splices = Splices::default();
                for ((zi, ei), fix) in &found {
                    let span = self.deck.zones[*zi].entries[*ei].span.as_ref();
                    if let Some(range) = span.and_then(|s| lines::name_range(text, s)) {
                        splices.replace(range, fix.to.clone());
                    }
                }
                splices.apply(text)
            }
            _ => {
                let mut deck = self.deck.clone();
                for ((zi, ei), fix) in &found {
                    let entry = &mut deck.zones[*zi].entries[*ei];
                    entry.card = fix.to.as_str().into();
                    entry.id = None;
                }
                let file = DeckFile {
                    deck,
                    ..self.clone()
                };
                let canonical = file.canonical()?;
                file.rewrite(&canonical)?
            }
        };
        Ok(Some(Fixed {
            fixes: found.into_iter().map(|(_, f)| f).collect(),
            text,
        }))
    }

    fn fix_for(&self, entry: &Entry, mode: FixMode) -> Option<Fix> {
        let fix = |to: &str, kind| Fix {
            line: entry.line,
            from: entry.card.to_string(),
            to: to.to_owned(),
            kind,
        };
        let by_id = entry.id.as_deref().and_then(|id| self.game.find(id));
        match by_id.or_else(|| self.game.find(&entry.card)) {
            None => self.game.only_match(&entry.card).map(|to| fix(to, "typo")),
            Some(card) if mode == FixMode::Names && by_id.is_none() => {
                let card = &self.game.cards[card];
                let written = names::key(&entry.card);
                (written == names::key(card.id()) && written != names::key(card.name()))
                    .then(|| fix(card.name(), "id"))
            }
            Some(_) => None,
        }
    }
}
