//! Editing deck files in place: `add` and `remove` (this module), `validate --fix`
//! ([`fix`]) and the `new` skeleton ([`skeleton`]).
//!
//! A native text list is edited losslessly: the edit is planned on the parsed deck and made as
//! splices of the lines it touches (`lines`), so every other byte stays as written. JSON,
//! TOML, CSV and deck-code files are rewritten in their own encoding from the canonical deck.
//! Files other tools wrote (Arena exports, Cockatrice `.cod`) are refused: rewriting them would
//! drop what only their tool understands. Writes are atomic, and a file that changed while it
//! was being edited is left alone ([`commit`]).

pub mod fix;
mod lines;
pub mod skeleton;

use crate::card_db::Game;
use crate::catalog::Catalog;
use crate::check::{check_deck_as, DeckOutcome};
use crate::date::Date;
use crate::deck::{is_maybe, Deck, Entry, Zone, MAX_COUNT, MAYBE};
use crate::diagnostic::SourceFile;
use crate::encoding::{self, content_lines, Encoding};
use crate::error::{plural, read_text, write_atomic, Error};
use crate::names;
use crate::validate::format::Format;
use crate::validate::Finding;
use lines::{Splices, Style};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A deck file opened for editing: its text, its encoding, the deck read from it, and the
/// format and game its header names.
#[derive(Clone)]
pub struct DeckFile<'c> {
    pub path: PathBuf,
    pub source: Arc<SourceFile>,
    pub encoding: Encoding,
    pub deck: Deck,
    pub format: &'c Format,
    pub game: &'c Game,
}

/// `add` or `remove`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Add,
    Remove,
}

/// One edit as the command line asks for it: names as typed, resolved against the game.
#[derive(Debug, Clone)]
pub struct Request {
    pub action: Action,
    pub count: u32,
    pub card: String,
    pub zone: Option<String>,
}

/// What an edit did to one card in one zone.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Change {
    /// The zone id.
    pub zone: String,
    /// The card's database name.
    pub card: String,
    pub before: u32,
    pub after: u32,
}

/// The text of a deck file after an edit, and what the edit changed.
#[derive(Debug, Clone)]
pub struct Edited {
    pub text: String,
    pub changes: Vec<Change>,
}

/// A zone an edit aims at: one of the game's (by index) or the unchecked `maybe` zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Target {
    Zone(usize),
    Maybe,
}

impl Target {
    /// Where the zone comes in a list: the game's zone order, `maybe` last.
    fn order(self) -> usize {
        match self {
            Target::Zone(i) => i,
            Target::Maybe => usize::MAX,
        }
    }
}

/// Which entries of a deck an edit changes.
#[derive(Debug, Default)]
struct Plan {
    /// (zone position, entry position) → new count.
    set: Vec<((usize, usize), u32)>,
    /// Entries removed whole.
    delete: Vec<(usize, usize)>,
    /// A new entry of this many copies.
    insert: Option<u32>,
}

impl<'c> DeckFile<'c> {
    /// Reads a deck file for editing. Refused: a file whose encoding cannot be told or read,
    /// another tool's export, and a file that names no known format (it is not a deck list,
    /// or its cards could not be looked up).
    pub fn open(path: &Path, catalog: &'c Catalog) -> Result<DeckFile<'c>, Error> {
        let ext = path
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase());
        if let Some(ext) = ext.filter(|e| !crate::paths::DECK_EXTENSIONS.contains(&e.as_str())) {
            return Err(Error::usage_with_help(
                format!(
                    "`{}` is not a deck list: decksmith does not edit .{ext} files",
                    path.display()
                ),
                format!(
                    "deck lists end in .{}",
                    crate::paths::DECK_EXTENSIONS.join(", .")
                ),
            ));
        }
        let source = SourceFile::new(path.display().to_string(), read_text(path)?);
        DeckFile::from_source(path, source, catalog)
    }

    /// [`DeckFile::open`] for a text already read (the interactive editor's, after each
    /// change), with the refusals of `open` but the extension's.
    pub fn from_source(
        path: &Path,
        source: Arc<SourceFile>,
        catalog: &'c Catalog,
    ) -> Result<DeckFile<'c>, Error> {
        let encoding = encoding::resolve(&source, None, catalog)?;
        let deck = encoding::read_as(&source, encoding, catalog)?;
        let cards = deck.zones.iter().map(|z| z.entries.len()).sum::<usize>();
        if let (Encoding::Arena | Encoding::Cod | Encoding::Lackey, 1..) = (encoding, cards) {
            let tool = match encoding {
                Encoding::Arena => "an Arena-style export",
                Encoding::Lackey => "a LackeyCCG deck",
                _ => "a Cockatrice deck",
            };
            return Err(Error::usage_with_help(
                format!("`{}` is {tool}; decksmith edits only its own deck files", source.name),
                format!(
                    "rewriting it would drop what only that tool reads; convert it first: `decksmith convert {} --to text -o NEW.deck`",
                    source.name
                ),
            ));
        }
        let Some(header) = &deck.format else {
            return Err(Error::usage_with_help(
                format!("`{}` is not a deck list: it names no format", source.name),
                "a deck list starts with `format: <id>`; `decksmith new --format <id>` writes one",
            ));
        };
        let format = catalog.format(&header.value).ok_or_else(|| {
            Error::usage_with_help(
                format!(
                    "`{}` names an unknown format `{}`",
                    source.name, header.value
                ),
                catalog.format_help(&header.value),
            )
        })?;
        let game = catalog.game(&format.game)?;
        Ok(DeckFile {
            path: path.to_owned(),
            source,
            encoding,
            deck,
            format,
            game,
        })
    }

    /// The file's text after `request`, or why it cannot be made. Nothing is written.
    pub fn apply(&self, request: &Request) -> Result<Edited, Error> {
        let card = self.resolve_card(&request.card)?;
        let name = self.game.cards[card].name().to_owned();
        if !(1..=MAX_COUNT).contains(&request.count) {
            return Err(Error::usage(format!(
                "a count goes from 1 to {MAX_COUNT}, not {}",
                request.count
            )));
        }
        match self.encoding {
            Encoding::Text => {
                let (plan, target, change) = self.plan(&self.deck, request, card)?;
                let text = self.splice(&plan, target, &name);
                Ok(Edited {
                    text,
                    changes: vec![change],
                })
            }
            _ => {
                let mut deck = self.canonical()?;
                let (plan, target, change) = self.plan(&deck, request, card)?;
                self.change_model(&mut deck, &plan, target, card);
                Ok(Edited {
                    text: self.rewrite(&deck)?,
                    changes: vec![change],
                })
            }
        }
    }

    fn resolve_card(&self, arg: &str) -> Result<usize, Error> {
        self.game.find(arg).ok_or_else(|| {
            let help = match self.game.suggest(arg) {
                Some(s) => format!("did you mean `{s}`?"),
                None => format!(
                    "`decksmith cards --game {} WORDS` searches the {} cards",
                    self.game.def.id, self.game.def.name
                ),
            };
            Error::usage_with_help(format!("unknown {} card `{arg}`", self.game.def.name), help)
        })
    }

    fn resolve_zone(&self, arg: &str) -> Result<Target, Error> {
        if let Some(i) = self.game.zone_index_for_header(arg, &mut String::new()) {
            return Ok(Target::Zone(i));
        }
        if is_maybe(arg) {
            return Ok(Target::Maybe);
        }
        let ids: Vec<&str> = (self.game.def.zones.iter().map(|z| z.id.as_str()))
            .chain([MAYBE])
            .collect();
        let help = match names::suggest(arg, ids.iter().copied()) {
            Some(s) => format!("did you mean `{s}`?"),
            None => format!(
                "{} decks have the zones {}",
                self.game.def.name,
                ids.join(", ")
            ),
        };
        Err(Error::usage_with_help(
            format!("unknown zone `{arg}`"),
            help,
        ))
    }

    /// The zone a deck's zone is, if the game has it.
    fn target_of(&self, zone: &Zone) -> Option<Target> {
        match zone.index_in(self.game, &mut String::new()) {
            Some(i) => Some(Target::Zone(i)),
            None if is_maybe(&zone.name) => Some(Target::Maybe),
            None => None,
        }
    }

    fn zone_id(&self, target: Target) -> &str {
        match target {
            Target::Zone(i) => &self.game.def.zones[i].id,
            Target::Maybe => MAYBE,
        }
    }

    /// Where an edit goes: the zone asked for; else for `add` the first zone of the game that
    /// holds the card's type, and for `remove` the one zone the deck holds the card in.
    fn target(&self, deck: &Deck, request: &Request, card: usize) -> Result<Target, Error> {
        if let Some(zone) = &request.zone {
            return self.resolve_zone(zone);
        }
        let name = self.game.cards[card].name();
        match request.action {
            Action::Add => (0..self.game.def.zones.len())
                .find(|&z| self.game.zone_holds(z, card))
                .map(Target::Zone)
                .ok_or_else(|| {
                    Error::usage_with_help(
                        format!("no {} zone holds `{name}`", self.game.def.name),
                        "say which zone with --zone",
                    )
                }),
            Action::Remove => {
                let mut found: Vec<Target> = Vec::new();
                for zone in &deck.zones {
                    let Some(t) = self.target_of(zone) else {
                        continue;
                    };
                    if !found.contains(&t) && zone.entries.iter().any(|e| self.is(e, card)) {
                        found.push(t);
                    }
                }
                match found[..] {
                    [one] => Ok(one),
                    [] => Err(Error::usage(format!(
                        "`{}` holds no `{name}`",
                        self.source.name
                    ))),
                    _ => {
                        let ids: Vec<String> = found
                            .iter()
                            .map(|t| format!("`{}`", self.zone_id(*t)))
                            .collect();
                        Err(Error::usage_with_help(
                            format!("`{name}` is in {}", ids.join(" and ")),
                            "say which zone to remove it from with --zone",
                        ))
                    }
                }
            }
        }
    }

    fn is(&self, entry: &Entry, card: usize) -> bool {
        self.game.find(&entry.card) == Some(card)
    }

    /// Which entries of `deck` the edit changes: a card already listed has its count changed
    /// on its first line (removals take from its last lines first); a card not listed gets a
    /// new line.
    fn plan(
        &self,
        deck: &Deck,
        request: &Request,
        card: usize,
    ) -> Result<(Plan, Target, Change), Error> {
        let target = self.target(deck, request, card)?;
        let hits: Vec<((usize, usize), u32)> = deck
            .zones
            .iter()
            .enumerate()
            .filter(|(_, z)| self.target_of(z) == Some(target))
            .flat_map(|(zi, z)| {
                z.entries
                    .iter()
                    .enumerate()
                    .filter(|(_, e)| self.is(e, card))
                    .map(move |(ei, e)| ((zi, ei), e.count))
            })
            .collect();
        let before: u32 = hits.iter().map(|(_, c)| c).sum();
        let name = self.game.cards[card].name();
        let zone = self.zone_id(target).to_owned();
        let mut plan = Plan::default();
        let after = match request.action {
            Action::Add => {
                let after = before + request.count;
                if after > MAX_COUNT {
                    return Err(Error::usage(format!(
                        "{after} copies of `{name}` in `{zone}` is more than the {MAX_COUNT} a deck list can hold"
                    )));
                }
                match hits.first() {
                    Some(&(at, count)) => plan.set.push((at, count + request.count)),
                    None => plan.insert = Some(request.count),
                }
                after
            }
            Action::Remove => {
                if before < request.count {
                    let has = if before == 0 {
                        "no".to_owned()
                    } else {
                        format!("only {before}")
                    };
                    return Err(Error::usage(format!(
                        "`{}` holds {has} `{name}` in `{zone}`, so {} cannot be removed",
                        self.source.name,
                        match request.count {
                            1 => "1 copy".to_owned(),
                            n => format!("{n} copies"),
                        }
                    )));
                }
                let mut left = request.count;
                for &(at, count) in hits.iter().rev() {
                    if left == 0 {
                        break;
                    }
                    if count <= left {
                        plan.delete.push(at);
                        left -= count;
                    } else {
                        plan.set.push((at, count - left));
                        left = 0;
                    }
                }
                before - request.count
            }
        };
        let change = Change {
            zone,
            card: name.to_owned(),
            before,
            after,
        };
        Ok((plan, target, change))
    }

    /// The plan made on the text itself.
    fn splice(&self, plan: &Plan, target: Target, name: &str) -> String {
        let text = &*self.source.text;
        let deck = &self.deck;
        let span_of = |(zi, ei): (usize, usize)| deck.zones[zi].entries[ei].span.clone();
        let first_entry = (deck.zones.iter().flat_map(|z| &z.entries))
            .find_map(|e| e.span.clone())
            .map(|s| &text[s]);
        let style = Style::of(text, first_entry);
        let mut splices = Splices::default();
        for &(at, count) in &plan.set {
            if let Some(span) = span_of(at) {
                splices.replace(lines::count_range(text, &span), count.to_string());
            }
        }
        for &at in &plan.delete {
            if let Some(span) = span_of(at) {
                splices.replace(lines::whole_line(text, &span), String::new());
            }
        }
        if let Some(count) = plan.insert {
            self.insert_line(&mut splices, &style, target, count, name);
        }
        splices.apply(text)
    }

    /// A new card line: after the zone's last card, else under its header (and the comments
    /// there), else in a new section placed in the game's zone order.
    fn insert_line(
        &self,
        splices: &mut Splices,
        style: &Style,
        target: Target,
        count: u32,
        name: &str,
    ) {
        let text = &*self.source.text;
        let nl = style.newline;
        let sections: Vec<&Zone> = (self.deck.zones.iter())
            .filter(|z| self.target_of(z) == Some(target))
            .collect();
        let last_entry = sections
            .iter()
            .rev()
            .find_map(|z| z.entries.last().and_then(|e| e.span.clone()));
        let anchor = last_entry.or_else(|| {
            let header = sections.last()?.span.clone()?;
            let next = (self.deck.zones.iter())
                .filter_map(|z| z.span.as_ref())
                .map(|s| s.start)
                .find(|&s| s > header.start)
                .unwrap_or(text.len());
            let last_comment = content_lines(text)
                .map(|(_, _, span)| span)
                .filter(|s| s.start > header.end && s.start < next)
                .last();
            Some(last_comment.unwrap_or(header))
        });
        if let Some(anchor) = anchor {
            let indent = last_entry_indent(&sections, text).unwrap_or_default();
            let (at, before) = lines::after_line(text, &anchor, style);
            let line = style.card_line(indent, count, name);
            splices.insert(at, format!("{before}{line}{nl}"));
            return;
        }
        let def_header = match target {
            Target::Zone(i) => {
                let def = &self.game.def.zones[i];
                def.headers.first().unwrap_or(&def.id).clone()
            }
            Target::Maybe => "Maybe".to_owned(),
        };
        let bracketed = (self.deck.zones.iter())
            .filter_map(|z| z.span.clone())
            .any(|s| text[s].starts_with('['));
        let header = if bracketed {
            format!("[{def_header}]")
        } else {
            format!("{def_header}:")
        };
        let line = style.card_line("", count, name);
        let later = (self.deck.zones.iter())
            .filter(|z| z.span.is_some())
            .find(|z| {
                self.target_of(z)
                    .is_some_and(|t| t.order() > target.order())
            });
        if let Some(span) = later.and_then(|z| z.span.clone()) {
            let at = lines::whole_line(text, &span).start;
            splices.insert(at, format!("{header}{nl}{line}{nl}{nl}"));
            return;
        }
        let mut section = String::new();
        if !text.is_empty() && !text.ends_with('\n') {
            section.push_str(nl);
        }
        let ends_blank = text.ends_with("\n\n") || text.ends_with("\r\n\r\n");
        if !text.trim().is_empty() && !ends_blank {
            section.push_str(nl);
        }
        section.push_str(&format!("{header}{nl}{line}{nl}"));
        splices.insert(text.len(), section);
    }

    /// The deck in canonical form, for the encodings that are rewritten whole.
    fn canonical(&self) -> Result<Deck, Error> {
        encoding::canonical(&self.deck, &self.format.id, self.game).map_err(|problems| {
            self.refusal(
                format!(
                    "cannot rewrite `{}`: {} in the deck",
                    self.source.name,
                    plural(problems.len(), "problem")
                ),
                &problems,
            )
        })
    }

    fn refusal(&self, message: String, problems: &[crate::deck::ParseProblem]) -> Error {
        Error::Deck {
            message,
            problems: problems
                .iter()
                .map(|p| encoding::to_problem(&self.source, "edit", p))
                .collect(),
        }
    }

    /// The plan made on a canonical deck.
    fn change_model(&self, deck: &mut Deck, plan: &Plan, target: Target, card: usize) {
        for &((zi, ei), count) in &plan.set {
            deck.zones[zi].entries[ei].count = count;
        }
        let mut delete = plan.delete.clone();
        delete.sort_unstable();
        for &(zi, ei) in delete.iter().rev() {
            deck.zones[zi].entries.remove(ei);
        }
        deck.zones.retain(|z| !z.entries.is_empty());
        let Some(count) = plan.insert else {
            return;
        };
        let entry = Entry {
            count,
            card: self.game.cards[card].name().into(),
            id: Some(self.game.cards[card].id().into()),
            ..Entry::default()
        };
        match deck
            .zones
            .iter()
            .position(|z| self.target_of(z) == Some(target))
        {
            Some(zi) => deck.zones[zi].entries.push(entry),
            None => {
                let at = deck
                    .zones
                    .iter()
                    .position(|z| {
                        self.target_of(z)
                            .is_some_and(|t| t.order() > target.order())
                    })
                    .unwrap_or(deck.zones.len());
                deck.zones.insert(
                    at,
                    Zone {
                        name: self.zone_id(target).to_owned(),
                        span: None,
                        line: None,
                        entries: vec![entry],
                    },
                );
            }
        }
    }

    /// A canonical deck written in the file's own encoding, or why it cannot be.
    fn rewrite(&self, deck: &Deck) -> Result<String, Error> {
        encoding::write(deck, self.encoding, self.game).map_err(|problems| {
            self.refusal(
                format!(
                    "{} cannot hold the change to `{}`",
                    self.encoding, self.source.name
                ),
                &problems,
            )
        })
    }

    /// The verdict on the deck before and after an edit, and the file diff.
    pub fn outcome(
        &self,
        catalog: &Catalog,
        edited: Edited,
        date: Date,
    ) -> Result<EditOutcome, Error> {
        let check = |source: &Arc<SourceFile>| {
            check_deck_as(catalog, None, source, date, Some(self.encoding))
        };
        let before = check(&self.source)?;
        let after_source = SourceFile::new(self.source.name.clone(), edited.text.as_str());
        let after = check(&after_source)?;
        let gained = crate::validate::only_in(
            &after.verdict.findings,
            &before.verdict.findings,
            same_finding,
        );
        let lost = crate::validate::only_in(
            &before.verdict.findings,
            &after.verdict.findings,
            same_finding,
        );
        Ok(EditOutcome {
            path: self.source.name.clone(),
            changes: edited.changes,
            diff: file_diff(&self.source.name, &self.source.text, &edited.text),
            text: edited.text,
            before,
            after,
            gained,
            lost,
            written: false,
        })
    }
}

fn last_entry_indent<'t>(sections: &[&Zone], text: &'t str) -> Option<&'t str> {
    let span = sections
        .iter()
        .rev()
        .find_map(|z| z.entries.last().and_then(|e| e.span.clone()))?;
    Some(lines::indent(text, &span))
}

/// Findings are the same across an edit when only their line moved (a line inserted above
/// them shifts it).
fn same_finding(f: &Finding, g: &Finding) -> bool {
    (f.rule, f.severity, &f.message, &f.card, &f.zone)
        == (g.rule, g.severity, &g.message, &g.card, &g.zone)
}

/// A unified diff of a file's old and new text (`--dry-run`).
pub fn file_diff(name: &str, old: &str, new: &str) -> String {
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(2)
        .header(name, name)
        .to_string()
}

/// An edit and what it does to the deck's verdict.
#[derive(Debug, Clone)]
pub struct EditOutcome {
    pub path: String,
    pub changes: Vec<Change>,
    /// The new text of the file.
    pub text: String,
    /// The unified diff from the old text to the new.
    pub diff: String,
    pub before: DeckOutcome,
    pub after: DeckOutcome,
    /// Findings the edit brings, and findings it clears.
    pub gained: Vec<Finding>,
    pub lost: Vec<Finding>,
    /// Whether the file was written (false for `--dry-run`).
    pub written: bool,
}

impl EditOutcome {
    /// Writes the new text over the file.
    pub fn write(&mut self, file: &DeckFile) -> Result<(), Error> {
        commit(&file.path, &file.source.text, &self.text)?;
        self.written = true;
        Ok(())
    }
}

/// Replaces a file that was read as `original` with `text`, atomically: the file is always
/// whole, old or new. When the file no longer holds `original` (another edit got there first),
/// nothing is written, so that edits racing each other never lose one silently.
pub fn commit(path: &Path, original: &str, text: &str) -> Result<(), Error> {
    if read_text(path)? != original {
        return Err(Error::usage_with_help(
            format!(
                "`{}` changed while it was being edited; nothing was written",
                path.display()
            ),
            "run the command again",
        ));
    }
    write_atomic(path, text, true)
}
