//! The editor as a plain state machine: the deck being edited, the search, the panes and the
//! prompts. [`App::handle`] takes one key and touches no terminal, so tests drive it with key
//! sequences; only saving reads and writes the deck file.

use crate::card_db::Game;
use crate::catalog::Catalog;
use crate::check::{check_deck_as, DeckOutcome};
use crate::collection::Have;
use crate::date::Date;
use crate::deck::{is_maybe, MAYBE};
use crate::diagnostic::SourceFile;
use crate::edit::{self, Action, DeckFile, Request};
use crate::error::{read_text, write_atomic, Error};
use crate::search::Query;
use crate::stats::{self, Options, Stats};
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::{Position, Rect};
use ratatui::widgets::ListState;
use std::path::Path;

/// The four panes, in `Tab` order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pane {
    Search,
    Deck,
    Findings,
    Numbers,
}

const PANES: [Pane; 4] = [Pane::Search, Pane::Deck, Pane::Findings, Pane::Numbers];

/// What a key asks of the program around the editor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// A prompt over the panes; it takes every key until it is answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Overlay {
    Help,
    /// Which zone a copy of `card` leaves `from` for: `zones` are (zone id, label).
    Move {
        card: String,
        from: String,
        zones: Vec<(String, String)>,
        choice: usize,
    },
    /// Quitting with unsaved changes.
    Quit,
    /// The file on disk is not the text the editor read: reload it or save elsewhere.
    Conflict,
    /// The path typed so far.
    SaveAs(String),
}

/// The search pane: the query as typed, the cards it finds (indices into the game's cards)
/// and the queries it extends, whose results a narrower query filters instead of searching
/// every card again.
#[derive(Debug, Default)]
pub struct Search {
    pub query: String,
    pub error: Option<String>,
    pub results: Vec<usize>,
    pub list: ListState,
    earlier: Vec<(String, Vec<usize>)>,
}

/// One row of the deck pane: a section of the file (`entry: None`) or one of its lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Row {
    pub zone: usize,
    pub entry: Option<usize>,
}

/// Where each pane was last drawn, for the mouse.
#[derive(Debug, Clone, Copy, Default)]
pub struct Areas {
    pub results: Rect,
    pub deck: Rect,
    pub findings: Rect,
    pub numbers: Rect,
}

pub struct App<'c> {
    catalog: &'c Catalog,
    date: Date,
    /// Copies of each of the game's cards the `--have` collection holds, by card index.
    pub owned: Option<Vec<u32>>,
    pub(crate) file: DeckFile<'c>,
    /// The text the file held when it was read or last written; `None` while it does not
    /// exist yet (a new deck).
    on_disk: Option<String>,
    undo: Vec<String>,
    redo: Vec<String>,
    pub outcome: DeckOutcome,
    pub stats: Stats,
    pub search: Search,
    pub pane: Pane,
    /// Keys go to the query (the search pane's field has the cursor).
    pub typing: bool,
    pub deck: ListState,
    pub findings: ListState,
    pub numbers_scroll: u16,
    pub overlay: Option<Overlay>,
    /// What the last key did or why it could not, until the next key.
    pub status: Option<String>,
    /// The card whose record and odds are shown: the one last highlighted in a pane.
    pub card: Option<usize>,
    pub areas: Areas,
}

/// Turns for the draw odds of the numbers pane (`stats`' default).
const TURNS: u32 = 5;

impl<'c> App<'c> {
    /// An editor on the deck file at `path`, refused as `add` refuses it; `have` is the
    /// collection `owned` searches and the card record count.
    pub fn open(
        catalog: &'c Catalog,
        path: &Path,
        date: Date,
        have: Option<&Have>,
    ) -> Result<App<'c>, Error> {
        App::new(catalog, DeckFile::open(path, catalog)?, true, date, have)
    }

    /// An editor on a new deck: `text` is written to `path` on the first save.
    pub fn create(
        catalog: &'c Catalog,
        path: &Path,
        text: String,
        date: Date,
        have: Option<&Have>,
    ) -> Result<App<'c>, Error> {
        let source = SourceFile::new(path.display().to_string(), text);
        App::new(
            catalog,
            DeckFile::from_source(path, source, catalog)?,
            false,
            date,
            have,
        )
    }

    fn new(
        catalog: &'c Catalog,
        file: DeckFile<'c>,
        exists: bool,
        date: Date,
        have: Option<&Have>,
    ) -> Result<App<'c>, Error> {
        let outcome = check(catalog, &file, date)?;
        let stats = numbers(&file);
        let cards = file.game.cards.len();
        let owned = have.map(|h| {
            (h.owned(file.game.id())).map_or_else(|| vec![0; cards], |o| o.per_card(cards))
        });
        let mut app = App {
            catalog,
            date,
            owned,
            on_disk: exists.then(|| file.source.text.to_string()),
            file,
            undo: Vec::new(),
            redo: Vec::new(),
            outcome,
            stats,
            search: Search::default(),
            pane: Pane::Search,
            typing: true,
            deck: ListState::default(),
            findings: ListState::default(),
            numbers_scroll: 0,
            overlay: None,
            status: None,
            card: None,
            areas: Areas::default(),
        };
        // The keys a typed word is compared with are built now rather than on the first
        // letter, so the first keystroke answers as quickly as the later ones.
        app.game().search_keys();
        app.run_search();
        app.deck.select(app.first_entry_from(0, 1));
        app.follow();
        Ok(app)
    }

    pub fn game(&self) -> &'c Game {
        self.file.game
    }

    pub fn text(&self) -> &str {
        &self.file.source.text
    }

    /// Whether the text differs from the file (a new deck is unsaved until written).
    pub fn unsaved(&self) -> bool {
        self.on_disk.as_deref() != Some(self.text())
    }

    pub fn can_undo(&self) -> (usize, usize) {
        (self.undo.len(), self.redo.len())
    }

    /// One key. Key releases (sent by some terminals) are ignored.
    pub fn handle(&mut self, key: KeyEvent) -> Flow {
        if key.kind == KeyEventKind::Release {
            return Flow::Continue;
        }
        self.status = None;
        let flow = match self.overlay.take() {
            Some(overlay) => self.answer(overlay, key),
            None => self.key(key),
        };
        self.follow();
        flow
    }

    /// A key while the terminal is too small to show the panes: only quitting, and only
    /// when nothing would be lost unseen.
    pub fn handle_small(&mut self, key: KeyEvent) -> Flow {
        let quit = matches!(key.code, KeyCode::Char('q') | KeyCode::Esc)
            || (key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL));
        if quit && key.kind != KeyEventKind::Release && !self.unsaved() {
            Flow::Quit
        } else {
            Flow::Continue
        }
    }

    fn key(&mut self, key: KeyEvent) -> Flow {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Char('s') if ctrl => {
                self.save();
                return Flow::Continue;
            }
            KeyCode::Char('r') if ctrl => {
                self.redo();
                return Flow::Continue;
            }
            KeyCode::Char('c') if ctrl => return self.quit(),
            KeyCode::Tab => return self.cycle(1),
            KeyCode::BackTab => return self.cycle(PANES.len() - 1),
            _ => {}
        }
        if self.typing {
            return self.type_key(key);
        }
        match key.code {
            KeyCode::Char('/') => {
                self.pane = Pane::Search;
                self.typing = true;
            }
            KeyCode::Char('q') => return self.quit(),
            KeyCode::Char('?') => self.overlay = Some(Overlay::Help),
            KeyCode::Char('u') => self.undo(),
            KeyCode::Char('+') | KeyCode::Enter => self.add(),
            KeyCode::Char('-') => self.remove(),
            KeyCode::Char('m') => self.start_move(),
            KeyCode::Down | KeyCode::Char('j') => self.step(1),
            KeyCode::Up | KeyCode::Char('k') => self.step(-1),
            KeyCode::PageDown => self.step(10),
            KeyCode::PageUp => self.step(-10),
            KeyCode::Home => self.step(isize::MIN / 2),
            KeyCode::End => self.step(isize::MAX / 2),
            _ => {}
        }
        Flow::Continue
    }

    fn cycle(&mut self, by: usize) -> Flow {
        let at = PANES.iter().position(|&p| p == self.pane).unwrap_or(0);
        self.pane = PANES[(at + by) % PANES.len()];
        self.typing = self.pane == Pane::Search;
        Flow::Continue
    }

    /// A key while the query has the cursor: text goes into it.
    fn type_key(&mut self, key: KeyEvent) -> Flow {
        match key.code {
            KeyCode::Esc => self.typing = false,
            KeyCode::Enter => self.add(),
            KeyCode::Down => self.step(1),
            KeyCode::Up => self.step(-1),
            KeyCode::PageDown => self.step(10),
            KeyCode::PageUp => self.step(-10),
            KeyCode::Backspace if !self.search.query.is_empty() => {
                self.search.query.pop();
                self.run_search();
            }
            // Readline's line kill: a new query without a backspace per letter.
            KeyCode::Char('u') if key.modifiers.contains(KeyModifiers::CONTROL) => {
                self.search.query.clear();
                self.run_search();
            }
            KeyCode::Char(c) if !c.is_control() => {
                self.search.query.push(c);
                self.run_search();
            }
            _ => {}
        }
        Flow::Continue
    }

    fn quit(&mut self) -> Flow {
        if self.unsaved() {
            self.overlay = Some(Overlay::Quit);
            Flow::Continue
        } else {
            Flow::Quit
        }
    }

    /// A key while a prompt is open.
    fn answer(&mut self, overlay: Overlay, key: KeyEvent) -> Flow {
        match overlay {
            Overlay::Help => {}
            Overlay::Quit => match key.code {
                KeyCode::Char('y' | 's') => {
                    if self.save() {
                        return Flow::Quit;
                    }
                }
                KeyCode::Char('n' | 'd') => return Flow::Quit,
                KeyCode::Esc | KeyCode::Char('c') => {}
                _ => self.overlay = Some(Overlay::Quit),
            },
            Overlay::Conflict => match key.code {
                KeyCode::Char('r') => self.reload(),
                KeyCode::Char('a') => self.overlay = Some(Overlay::SaveAs(String::new())),
                KeyCode::Esc | KeyCode::Char('c') => {
                    self.status = Some("not saved".into());
                }
                _ => self.overlay = Some(Overlay::Conflict),
            },
            Overlay::SaveAs(mut path) => match key.code {
                KeyCode::Esc => self.status = Some("not saved".into()),
                KeyCode::Enter => self.save_as(path),
                KeyCode::Backspace => {
                    path.pop();
                    self.overlay = Some(Overlay::SaveAs(path));
                }
                KeyCode::Char(c) if !c.is_control() => {
                    path.push(c);
                    self.overlay = Some(Overlay::SaveAs(path));
                }
                _ => self.overlay = Some(Overlay::SaveAs(path)),
            },
            Overlay::Move {
                card,
                from,
                zones,
                choice,
            } => {
                let pick = match key.code {
                    KeyCode::Enter => Some(choice),
                    KeyCode::Char(c @ '1'..='9') => Some(c as usize - '1' as usize),
                    _ => None,
                };
                match (key.code, pick) {
                    (_, Some(i)) if i < zones.len() => self.change(&[
                        request(Action::Remove, &card, Some(from)),
                        request(Action::Add, &card, Some(zones[i].0.clone())),
                    ]),
                    (KeyCode::Esc, _) => {}
                    (KeyCode::Down | KeyCode::Char('j'), _) => {
                        self.overlay = Some(Overlay::Move {
                            choice: (choice + 1).min(zones.len().saturating_sub(1)),
                            card,
                            from,
                            zones,
                        });
                    }
                    (KeyCode::Up | KeyCode::Char('k'), _) => {
                        self.overlay = Some(Overlay::Move {
                            choice: choice.saturating_sub(1),
                            card,
                            from,
                            zones,
                        });
                    }
                    _ => {
                        self.overlay = Some(Overlay::Move {
                            card,
                            from,
                            zones,
                            choice,
                        });
                    }
                }
            }
        }
        Flow::Continue
    }

    /// The mouse: a click selects the row under it (and its pane), the wheel scrolls the pane
    /// under it.
    pub fn mouse(&mut self, event: MouseEvent) {
        if self.overlay.is_some() {
            return;
        }
        let at = Position::new(event.column, event.row);
        let areas = self.areas;
        let Some((pane, area)) = [
            (Pane::Search, areas.results),
            (Pane::Deck, areas.deck),
            (Pane::Findings, areas.findings),
            (Pane::Numbers, areas.numbers),
        ]
        .into_iter()
        .find(|(_, r)| r.contains(at)) else {
            return;
        };
        match event.kind {
            MouseEventKind::Down(MouseButton::Left) => {
                self.status = None;
                self.pane = pane;
                self.typing = false;
                let row = usize::from(at.y - area.y);
                match pane {
                    Pane::Search => {
                        let i = self.search.list.offset() + row;
                        if i < self.search.results.len() {
                            self.search.list.select(Some(i));
                        }
                    }
                    Pane::Deck => {
                        let i = self.deck.offset() + row;
                        if self.rows().get(i).is_some_and(|r| r.entry.is_some()) {
                            self.deck.select(Some(i));
                        }
                    }
                    Pane::Findings => {
                        let heights = super::ui::finding_lines(self, usize::from(area.width));
                        let mut top = 0;
                        for (i, lines) in heights.iter().enumerate().skip(self.findings.offset()) {
                            top += lines.len();
                            if row < top {
                                self.findings.select(Some(i));
                                break;
                            }
                        }
                    }
                    Pane::Numbers => {}
                }
            }
            MouseEventKind::ScrollDown | MouseEventKind::ScrollUp => {
                let by = if event.kind == MouseEventKind::ScrollDown {
                    3
                } else {
                    -3
                };
                let (was, typing) = (self.pane, self.typing);
                self.pane = pane;
                self.step(by);
                (self.pane, self.typing) = (was, typing && was == Pane::Search);
            }
            _ => return,
        }
        self.follow();
    }

    /// Moves the selection of the focused pane by `by` rows.
    fn step(&mut self, by: isize) {
        let moved = |at: Option<usize>, len: usize| -> Option<usize> {
            (len > 0).then(|| at.unwrap_or(0).saturating_add_signed(by).min(len - 1))
        };
        match self.pane {
            Pane::Search => {
                let at = moved(self.search.list.selected(), self.search.results.len());
                self.search.list.select(at);
            }
            Pane::Deck => {
                let rows = self.rows();
                let Some(at) = moved(self.deck.selected(), rows.len()) else {
                    return;
                };
                let ahead = if by > 0 { 1 } else { -1 };
                let found = self
                    .first_entry_from(at, ahead)
                    .or_else(|| self.first_entry_from(at, -ahead));
                self.deck.select(found);
            }
            Pane::Findings => {
                let at = moved(
                    self.findings.selected(),
                    self.outcome.verdict.findings.len(),
                );
                self.findings.select(at);
            }
            Pane::Numbers => {
                self.numbers_scroll = (self.numbers_scroll as isize)
                    .saturating_add(by)
                    .clamp(0, u16::MAX as isize) as u16;
            }
        }
    }

    /// The first card row at or after (`dir` 1) or before (`dir` -1) row `at`.
    fn first_entry_from(&self, at: usize, dir: isize) -> Option<usize> {
        let rows = self.rows();
        let mut i = at.min(rows.len().checked_sub(1)?) as isize;
        while (0..rows.len() as isize).contains(&i) {
            if rows[i as usize].entry.is_some() {
                return Some(i as usize);
            }
            i += dir;
        }
        None
    }

    /// The deck pane's rows: each section of the file with its lines, in the file's order.
    pub fn rows(&self) -> Vec<Row> {
        let mut rows = Vec::new();
        for (zone, z) in self.file.deck.zones.iter().enumerate() {
            rows.push(Row { zone, entry: None });
            rows.extend((0..z.entries.len()).map(|e| Row {
                zone,
                entry: Some(e),
            }));
        }
        rows
    }

    /// The card and zone id of the deck pane's selected line.
    fn deck_selection(&self) -> Option<(usize, Option<String>)> {
        let row = *self.rows().get(self.deck.selected()?)?;
        let zone = &self.file.deck.zones[row.zone];
        let entry = &zone.entries[row.entry?];
        let card = self.game().find(&entry.card)?;
        Some((card, self.zone_id(zone)))
    }

    /// The id of a section's zone, as `add --zone` takes it.
    fn zone_id(&self, zone: &crate::deck::Zone) -> Option<String> {
        match zone.index_in(self.game(), &mut String::new()) {
            Some(i) => Some(self.game().def.zones[i].id.clone()),
            None => is_maybe(&zone.name).then(|| MAYBE.to_owned()),
        }
    }

    /// The card the focused pane highlights, and the zone it is in when that is the deck.
    fn target(&self) -> Option<(usize, Option<String>)> {
        match self.pane {
            Pane::Search => Some((
                *self.search.results.get(self.search.list.selected()?)?,
                None,
            )),
            Pane::Deck => self.deck_selection(),
            Pane::Findings | Pane::Numbers => None,
        }
    }

    /// Keeps the shown card on the focused pane's highlight.
    fn follow(&mut self) {
        let card = match self.pane {
            Pane::Findings => self.finding_card().map(|(card, _)| card),
            _ => self.target().map(|(card, _)| card),
        };
        if card.is_some() {
            self.card = card;
        }
    }

    /// The card (and zone) of the selected finding, in the deck pane's rows.
    fn finding_card(&self) -> Option<(usize, Option<String>)> {
        let finding = self
            .outcome
            .verdict
            .findings
            .get(self.findings.selected()?)?;
        let card = self.game().find(finding.card.as_deref()?)?;
        Some((card, finding.zone.clone()))
    }

    fn add(&mut self) {
        if self.pane == Pane::Findings {
            return self.jump();
        }
        match self.target() {
            Some((card, zone)) => {
                let id = self.game().cards[card].id().to_owned();
                self.change(&[request(Action::Add, &id, zone)]);
            }
            None => self.status = Some("highlight a card in the search or deck pane".into()),
        }
    }

    fn remove(&mut self) {
        match self.target() {
            Some((card, zone)) => {
                let id = self.game().cards[card].id().to_owned();
                self.change(&[request(Action::Remove, &id, zone)]);
            }
            None => self.status = Some("highlight a card in the search or deck pane".into()),
        }
    }

    /// `Enter` on a finding: the deck pane, on the finding's card.
    fn jump(&mut self) {
        let Some((card, zone)) = self.finding_card() else {
            self.status = Some("this finding is about no one card".into());
            return;
        };
        let rows = self.rows();
        let found = rows.iter().position(|r| {
            let z = &self.file.deck.zones[r.zone];
            r.entry.is_some_and(|e| {
                self.game().find(&z.entries[e].card) == Some(card)
                    && (zone.is_none() || self.zone_id(z) == zone)
            })
        });
        match found {
            Some(at) => {
                self.pane = Pane::Deck;
                self.typing = false;
                self.deck.select(Some(at));
            }
            None => self.status = Some("the deck no longer lists that card".into()),
        }
    }

    fn start_move(&mut self) {
        if self.pane != Pane::Deck {
            self.status = Some("move works on a card of the deck pane".into());
            return;
        }
        let Some((card, Some(from))) = self.deck_selection() else {
            return;
        };
        let game = self.game();
        let zones: Vec<(String, String)> = (game.def.zones.iter().enumerate())
            .filter(|&(i, z)| z.id != from && game.zone_holds(i, card))
            .map(|(_, z)| (z.id.clone(), z.label().to_owned()))
            .chain((from != MAYBE).then(|| (MAYBE.to_owned(), "Maybe".to_owned())))
            .collect();
        self.overlay = Some(Overlay::Move {
            card: game.cards[card].id().to_owned(),
            from,
            zones,
            choice: 0,
        });
    }

    /// Makes edits one after the other, as one step to undo; none when one fails.
    fn change(&mut self, requests: &[Request]) {
        let mut file = self.file.clone();
        let mut said = Vec::new();
        for request in requests {
            let made = file.apply(request).and_then(|edited| {
                said.extend(
                    edited
                        .changes
                        .iter()
                        .map(|c| format!("{} in {}: {} → {}", c.card, c.zone, c.before, c.after)),
                );
                self.reparse(edited.text)
            });
            match made {
                Ok(next) => file = next,
                Err(error) => {
                    self.status = Some(message(&error));
                    return;
                }
            }
        }
        let old = self.text().to_owned();
        self.undo.push(old);
        self.redo.clear();
        self.status = Some(said.join("; "));
        self.set(file);
    }

    fn reparse(&self, text: String) -> Result<DeckFile<'c>, Error> {
        let source = SourceFile::new(self.file.source.name.clone(), text);
        DeckFile::from_source(&self.file.path, source, self.catalog)
    }

    /// Takes `file` as the deck: its verdict and numbers anew, the selections kept in range.
    fn set(&mut self, file: DeckFile<'c>) {
        match check(self.catalog, &file, self.date) {
            Ok(outcome) => self.outcome = outcome,
            Err(error) => self.status = Some(message(&error)),
        }
        self.stats = numbers(&file);
        self.file = file;
        let findings = self.outcome.verdict.findings.len();
        self.findings.select(
            (findings > 0).then(|| self.findings.selected().unwrap_or(0).min(findings - 1)),
        );
        let at = self.deck.selected().unwrap_or(0);
        self.deck.select(
            self.first_entry_from(at, 1)
                .or_else(|| self.first_entry_from(at, -1)),
        );
    }

    /// Moves back (or forward) through the texts: `from` gives the text, `to` keeps the one
    /// left.
    fn travel(&mut self, back: bool) {
        let (from, to) = if back {
            (&mut self.undo, &mut self.redo)
        } else {
            (&mut self.redo, &mut self.undo)
        };
        let Some(text) = from.pop() else {
            self.status = Some(
                if back {
                    "nothing to undo"
                } else {
                    "nothing to redo"
                }
                .into(),
            );
            return;
        };
        to.push(self.file.source.text.to_string());
        match self.reparse(text) {
            Ok(file) => self.set(file),
            Err(error) => self.status = Some(message(&error)),
        }
    }

    fn undo(&mut self) {
        self.travel(true);
    }

    fn redo(&mut self) {
        self.travel(false);
    }

    /// Writes the text over the file through `edit`'s commit, unless the file changed since
    /// it was read: then the conflict prompt. Whether it was written.
    fn save(&mut self) -> bool {
        let path = self.file.path.clone();
        let disk = match on_disk(&path) {
            Ok(disk) => disk,
            Err(error) => {
                self.status = Some(message(&error));
                return false;
            }
        };
        if disk != self.on_disk {
            self.overlay = Some(Overlay::Conflict);
            return false;
        }
        let text = self.text().to_owned();
        let written = match &self.on_disk {
            Some(read) => edit::commit(&path, read, &text),
            None => write_atomic(&path, &text, false),
        };
        match written {
            Ok(()) => {
                self.status = Some(format!("saved {}", path.display()));
                self.on_disk = Some(text);
                true
            }
            Err(error) => {
                self.status = Some(message(&error));
                false
            }
        }
    }

    /// Takes the file as it is on disk now; the text it replaces stays a step to undo.
    fn reload(&mut self) {
        let path = self.file.path.clone();
        let text = match on_disk(&path) {
            Ok(Some(text)) => text,
            Ok(None) => {
                self.status = Some(format!(
                    "`{}` is gone; Ctrl-s writes it anew",
                    path.display()
                ));
                self.on_disk = None;
                return;
            }
            Err(error) => {
                self.status = Some(message(&error));
                return;
            }
        };
        match self.reparse(text.clone()) {
            Ok(file) => {
                let old = self.text().to_owned();
                self.undo.push(old);
                self.redo.clear();
                self.on_disk = Some(text);
                self.set(file);
                self.status = Some(format!(
                    "reloaded {}; u brings your edits back",
                    path.display()
                ));
            }
            Err(error) => self.status = Some(message(&error)),
        }
    }

    /// Writes the text to a new file, which becomes the one edited.
    fn save_as(&mut self, typed: String) {
        let path = std::path::PathBuf::from(typed.trim());
        let ext = |p: &Path| p.extension().map(|e| e.to_ascii_lowercase());
        if path.as_os_str().is_empty() || ext(&path) != ext(&self.file.path) {
            self.status = Some(format!(
                "save as a file ending in .{}, as the deck's own",
                self.file
                    .path
                    .extension()
                    .map_or(String::new(), |e| e.to_string_lossy().into_owned())
            ));
            self.overlay = Some(Overlay::SaveAs(typed));
            return;
        }
        let text = self.text().to_owned();
        if let Err(error) = write_atomic(&path, &text, false) {
            self.status = Some(message(&error));
            self.overlay = Some(Overlay::SaveAs(typed));
            return;
        }
        let source = SourceFile::new(path.display().to_string(), text.clone());
        match DeckFile::from_source(&path, source, self.catalog) {
            Ok(file) => {
                self.status = Some(format!("saved {}", path.display()));
                self.on_disk = Some(text);
                self.set(file);
            }
            Err(error) => self.status = Some(message(&error)),
        }
    }

    /// Runs the query as typed: a query that extends an earlier one by more terms filters that
    /// one's cards; an unreadable query keeps the last cards and says why.
    fn run_search(&mut self) {
        let text = self.search.query.clone();
        let search = &mut self.search;
        search.earlier.retain(|(t, _)| text.starts_with(t.as_str()));
        let results = match search.earlier.last() {
            Some((t, hits)) if *t == text => hits.clone(),
            _ => {
                let game = self.file.game;
                let owned = self.owned.as_deref();
                let query = Query::parse(&text).and_then(|q| {
                    let q = q.having(owned.is_some());
                    q.check(&[game], self.catalog)?;
                    Ok(q)
                });
                let query = match query {
                    Ok(query) => query,
                    Err(problem) => {
                        search.error = Some(match &problem.help {
                            Some(help) => format!("{}: {help}", problem.message),
                            None => problem.message,
                        });
                        return;
                    }
                };
                let matcher = query.matcher(game, self.catalog, self.date, owned.unwrap_or(&[]));
                let base = search.earlier.iter().rev().find(|(t, _)| narrows(t, &text));
                let every: Vec<usize>;
                let candidates = match base {
                    Some((_, hits)) => hits,
                    None => {
                        every = (0..game.cards.len()).collect();
                        &every
                    }
                };
                let mut buf = String::new();
                let hits: Vec<usize> = (candidates.iter().copied())
                    .filter(|&i| matcher.matches(i, &mut buf))
                    .collect();
                search.earlier.push((text, hits.clone()));
                hits
            }
        };
        search.error = None;
        search.list = ListState::default().with_selected((!results.is_empty()).then_some(0));
        search.results = results;
    }
}

/// Whether every card `new` finds is one `old` finds: `new` is `old` and more terms, and
/// neither has an `or`, a group or a phrase that could join the terms otherwise.
fn narrows(old: &str, new: &str) -> bool {
    let plain = |s: &str| {
        !s.contains(['(', ')', '"']) && !s.split_whitespace().any(|w| w.eq_ignore_ascii_case("or"))
    };
    match new.strip_prefix(old) {
        Some(rest) => {
            !old.trim().is_empty()
                && rest.starts_with(char::is_whitespace)
                && plain(old)
                && plain(rest)
        }
        None => false,
    }
}

fn request(action: Action, card: &str, zone: Option<String>) -> Request {
    Request {
        action,
        count: 1,
        card: card.to_owned(),
        zone,
    }
}

fn check(catalog: &Catalog, file: &DeckFile, date: Date) -> Result<DeckOutcome, Error> {
    check_deck_as(catalog, None, &file.source, date, Some(file.encoding))
}

fn numbers(file: &DeckFile) -> Stats {
    let options = Options {
        turns: TURNS,
        at_least: 1,
        groups: Vec::new(),
    };
    let resolved = stats::resolve(&file.deck, file.game);
    stats::compute(&resolved, file.game, file.format, &options)
}

/// The file's text now, or `None` when there is no file.
fn on_disk(path: &Path) -> Result<Option<String>, Error> {
    match read_text(path) {
        Ok(text) => Ok(Some(text)),
        Err(Error::Read { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => {
            Ok(None)
        }
        Err(error) => Err(error),
    }
}

/// An error as one line, with its help.
fn message(error: &Error) -> String {
    match error {
        Error::Usage {
            message,
            help: Some(help),
        } => format!("{message} ({help})"),
        other => other.to_string(),
    }
}
