//! The editor driven by keys and drawn into a `TestBackend`, each screen pinned by a snapshot.
//! Every session's saved file is compared with the same edits made through `add`/`remove`'s
//! library path.

use super::app::{App, Flow, Overlay, Pane};
use super::ui;
use crate::catalog::Catalog;
use crate::collection::{Collection, Have};
use crate::date::Date;
use crate::diagnostic::SourceFile;
use crate::edit::{skeleton::skeleton, Action, DeckFile, Request};
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use std::path::{Path, PathBuf};

fn date() -> Date {
    Date::new(2026, 11, 30).expect("a date")
}

fn catalog() -> &'static Catalog {
    Catalog::embedded().expect("the shipped data loads")
}

/// The skeleton `decksmith new --format F` writes.
fn new_text(format: &str) -> String {
    let format = catalog().format(format).expect("a shipped format");
    skeleton(
        format,
        catalog().game(&format.game).expect("its game"),
        None,
    )
}

/// An editor on a new deck in a fresh folder, and the edits it is asked for, to replay
/// through `add` and `remove`.
struct Session {
    app: App<'static>,
    start: String,
    requests: Vec<Request>,
    _dir: tempfile::TempDir,
}

impl Session {
    fn new(format: &str) -> Session {
        Session::having(format, None)
    }

    /// A session as `decksmith edit --have` starts it.
    fn having(format: &str, have: Option<&Have>) -> Session {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("new.deck");
        let start = new_text(format);
        let app =
            App::create(catalog(), &path, start.clone(), date(), have).expect("the editor opens");
        Session {
            app,
            start,
            requests: Vec::new(),
            _dir: dir,
        }
    }

    fn path(&self) -> PathBuf {
        self.app.file.path.clone()
    }

    fn key(&mut self, code: KeyCode) -> Flow {
        self.app.handle(KeyEvent::new(code, KeyModifiers::NONE))
    }

    fn ctrl(&mut self, c: char) -> Flow {
        self.app
            .handle(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL))
    }

    fn type_text(&mut self, text: &str) {
        for c in text.chars() {
            self.key(KeyCode::Char(c));
        }
    }

    /// `/`, a query naming exactly `name`, and Enter `count` times.
    fn add(&mut self, count: u32, name: &str) {
        if !self.app.typing {
            self.key(KeyCode::Char('/'));
        }
        self.ctrl('u');
        self.type_text(&format!("name=\"{name}\""));
        assert_eq!(self.app.search.results.len(), 1, "one card named {name}");
        for _ in 0..count {
            self.key(KeyCode::Enter);
            self.requests.push(request(Action::Add, name, None));
        }
    }

    /// The deck pane, on the line of `name` in the section of `zone`.
    fn select(&mut self, zone: &str, name: &str) {
        while self.app.pane != Pane::Deck {
            self.key(KeyCode::Tab);
        }
        self.key(KeyCode::Home);
        for _ in 0..200 {
            let row = self.app.rows()[self.app.deck.selected().expect("a selection")];
            let z = &self.app.file.deck.zones[row.zone];
            let entry = &z.entries[row.entry.expect("a card line")];
            if z.name == zone && entry.card == name {
                return;
            }
            self.key(KeyCode::Char('j'));
        }
        panic!("no {name} in {zone}");
    }

    /// `m` on a card of the deck pane, and the number of zone `to` in the prompt.
    fn move_to(&mut self, from: (&str, &str), to: &str) {
        self.select(from.0, from.1);
        self.key(KeyCode::Char('m'));
        let Some(Overlay::Move {
            zones, from: id, ..
        }) = &self.app.overlay
        else {
            panic!("m opens the move prompt");
        };
        let at = zones
            .iter()
            .position(|(z, _)| z == to)
            .expect("the zone is offered");
        self.requests
            .push(request(Action::Remove, from.1, Some(id.clone())));
        self.requests
            .push(request(Action::Add, from.1, Some(to.to_owned())));
        self.key(KeyCode::Char(char::from(b'1' + at as u8)));
    }

    /// Saves, and checks the file against the same edits made through `add`/`remove`.
    fn save_and_compare(&mut self) -> String {
        self.ctrl('s');
        assert_eq!(self.app.overlay, None, "{:?}", self.app.status);
        let saved = std::fs::read_to_string(self.path()).expect("the deck was written");
        assert_eq!(saved, replay(&self.path(), &self.start, &self.requests));
        assert!(!self.app.unsaved());
        saved
    }

    fn screen(&mut self, width: u16, height: u16) -> String {
        screen(&mut self.app, width, height)
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

/// The text after `requests`, each made as `decksmith add`/`remove` makes it.
fn replay(path: &Path, start: &str, requests: &[Request]) -> String {
    let mut text = start.to_owned();
    for request in requests {
        let source = SourceFile::new(path.display().to_string(), text);
        let file = DeckFile::from_source(path, source, catalog()).expect("the deck reads");
        text = file.apply(request).expect("the edit applies").text;
    }
    text
}

/// The screen as text, without trailing blanks and with the temporary folder hidden.
fn screen(app: &mut App, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal
        .draw(|frame| ui::draw(frame, app, false))
        .expect("the screen draws");
    let buffer = terminal.backend().buffer();
    let mut out = String::new();
    for y in 0..buffer.area.height {
        let line: String = (0..buffer.area.width)
            .map(|x| buffer[(x, y)].symbol())
            .collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    let dir = app
        .file
        .path
        .parent()
        .expect("a folder")
        .display()
        .to_string();
    out.replace(&dir, "TMP")
}

fn verdict_is_legal(app: &App, path: &Path) {
    assert!(
        app.outcome.verdict.legal,
        "{:#?}",
        app.outcome.verdict.findings
    );
    let (_, checked) =
        crate::check::read_and_check(catalog(), None, path, date()).expect("the saved deck reads");
    assert!(checked.verdict.legal, "{:#?}", checked.verdict.findings);
}

/// The cards of an example deck, zone by zone, as (zone header, count, name).
fn example(path: &str) -> Vec<(String, u32, String)> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path))
        .expect("the example exists");
    let deck = crate::encoding::text::parse(&text);
    deck.zones
        .iter()
        .flat_map(|z| {
            z.entries
                .iter()
                .map(|e| (z.name.to_string(), e.count, e.card.to_string()))
        })
        .collect()
}

#[test]
fn a_legal_jforce_deck_is_built_from_an_empty_file() {
    let mut s = Session::new("jforce-standard");
    insta::assert_snapshot!("jforce_empty", s.screen(80, 24));
    for (_, count, name) in example("examples/decks/jforce/legal-ember-rush.deck") {
        s.add(count, &name);
    }
    s.save_and_compare();
    verdict_is_legal(&s.app, &s.path());
    insta::assert_snapshot!("jforce_built", s.screen(80, 24));
    s.key(KeyCode::Tab);
    insta::assert_snapshot!("jforce_built_wide", s.screen(120, 40));
    assert_eq!(
        s.key(KeyCode::Char('q')),
        Flow::Quit,
        "saved: q quits at once"
    );
}

#[test]
fn a_legal_fow_deck_is_built_with_a_side_deck_moved_across() {
    let mut s = Session::new("fow-standard");
    let cards = example("examples/decks/fow/legal-crimson-aggro.deck");
    for (_, count, name) in &cards {
        s.add(*count, name);
    }
    // Everything went where `add` puts it (Main); the side deck's cards move across.
    for (zone, count, name) in &cards {
        if zone == "Side" {
            for _ in 0..*count {
                s.move_to(("Main", name), "side");
            }
        }
    }
    let saved = s.save_and_compare();
    verdict_is_legal(&s.app, &s.path());
    insta::assert_snapshot!("fow_saved_file", saved);
    insta::assert_snapshot!("fow_built", s.screen(80, 24));
}

#[test]
fn a_legal_skirmish_deck_is_built_from_an_empty_file() {
    let mut s = Session::new("skirmish-casual");
    for (_, count, name) in example("examples/decks/skirmish/legal-casual-aggro.deck") {
        s.add(count, &name);
    }
    s.save_and_compare();
    verdict_is_legal(&s.app, &s.path());
    insta::assert_snapshot!("skirmish_built", s.screen(80, 24));
}

#[test]
fn undo_and_redo_walk_the_texts() {
    let mut s = Session::new("jforce-standard");
    s.add(1, "Timeline J");
    s.add(2, "Ember Striker");
    let two = s.app.text().to_owned();
    s.ctrl('u');
    s.key(KeyCode::Esc);
    s.key(KeyCode::Char('u'));
    s.key(KeyCode::Char('u'));
    insta::assert_snapshot!("undo_twice", s.screen(80, 24));
    s.ctrl('r');
    s.ctrl('r');
    assert_eq!(s.app.text(), two);
    s.ctrl('r');
    assert_eq!(s.app.status.as_deref(), Some("nothing to redo"));
    insta::assert_snapshot!("redo_twice", s.screen(80, 24));
    s.save_and_compare();
}

#[test]
fn a_fifth_copy_brings_a_finding_and_minus_takes_it_away() {
    let mut s = Session::new("jforce-standard");
    s.add(1, "Timeline J");
    s.add(4, "Spark Runner");
    let four = s.app.outcome.verdict.findings.len();
    s.add(1, "Spark Runner");
    let rules: Vec<String> = (s.app.outcome.verdict.findings.iter())
        .map(|f| f.rule.to_string())
        .collect();
    assert!(rules.contains(&"copy-limit".to_owned()), "{rules:?}");
    // Findings pane, on the copy-limit finding; Enter goes to its card in the deck.
    s.key(KeyCode::Tab);
    s.key(KeyCode::Tab);
    let at = rules.iter().position(|r| r == "copy-limit").unwrap();
    for _ in 0..at {
        s.key(KeyCode::Char('j'));
    }
    insta::assert_snapshot!("copy_limit_found", s.screen(80, 24));
    s.key(KeyCode::Enter);
    assert_eq!(s.app.pane, Pane::Deck);
    s.key(KeyCode::Char('-'));
    s.requests
        .push(request(Action::Remove, "Spark Runner", Some("main".into())));
    assert_eq!(s.app.outcome.verdict.findings.len(), four);
    insta::assert_snapshot!("copy_limit_gone", s.screen(80, 24));
    s.save_and_compare();
}

#[test]
fn a_small_terminal_is_told_so() {
    let mut s = Session::new("jforce-standard");
    insta::assert_snapshot!("too_small", s.screen(79, 24));
    // Unsaved (a new deck): q does not throw it away unseen.
    let q = KeyEvent::new(KeyCode::Char('q'), KeyModifiers::NONE);
    assert_eq!(s.app.handle_small(q), Flow::Continue);
    assert!(s
        .screen(80, 23)
        .contains("Enlarge it to save your changes or quit."));
}

#[test]
fn question_mark_shows_the_keys() {
    let mut s = Session::new("skirmish-casual");
    s.key(KeyCode::Esc);
    s.key(KeyCode::Char('?'));
    insta::assert_snapshot!("help", s.screen(80, 24));
    s.key(KeyCode::Char('x'));
    assert_eq!(s.app.overlay, None);
}

#[test]
fn quitting_unsaved_asks_first() {
    let mut s = Session::new("skirmish-casual");
    s.add(1, "Parry");
    s.key(KeyCode::Esc);
    assert_eq!(s.key(KeyCode::Char('q')), Flow::Continue);
    insta::assert_snapshot!("quit_prompt", s.screen(80, 24));
    assert_eq!(s.key(KeyCode::Esc), Flow::Continue);
    assert_eq!(s.key(KeyCode::Char('q')), Flow::Continue);
    assert_eq!(s.key(KeyCode::Char('y')), Flow::Quit);
    assert_eq!(
        std::fs::read_to_string(s.path()).unwrap(),
        replay(&s.path(), &s.start, &s.requests)
    );
}

#[test]
fn a_file_changed_on_disk_is_not_overwritten() {
    let mut s = Session::new("skirmish-casual");
    s.add(1, "Parry");
    s.save_and_compare();
    s.add(1, "Parry");
    let theirs = format!("{}3 Wooden Shield\n", s.start);
    std::fs::write(s.path(), &theirs).unwrap();
    s.ctrl('s');
    assert_eq!(s.app.overlay, Some(Overlay::Conflict));
    assert_eq!(std::fs::read_to_string(s.path()).unwrap(), theirs);
    insta::assert_snapshot!("conflict", s.screen(80, 24));
    // Save as: a name of the deck's own kind, then the copy is the file edited.
    s.key(KeyCode::Char('a'));
    s.type_text(&s.path().with_file_name("mine.txt").display().to_string());
    s.key(KeyCode::Enter);
    assert!(
        matches!(s.app.overlay, Some(Overlay::SaveAs(_))),
        "a .txt is refused"
    );
    for _ in 0..3 {
        s.key(KeyCode::Backspace);
    }
    s.type_text("deck");
    s.key(KeyCode::Enter);
    assert_eq!(s.app.overlay, None);
    let mine = s.path();
    assert!(mine.ends_with("mine.deck"));
    assert_eq!(
        std::fs::read_to_string(&mine).unwrap(),
        replay(&mine, &s.start, &s.requests)
    );
    assert_eq!(
        std::fs::read_to_string(mine.with_file_name("new.deck")).unwrap(),
        theirs
    );
}

#[test]
fn reloading_keeps_the_edits_a_step_back() {
    let mut s = Session::new("skirmish-casual");
    s.add(1, "Parry");
    s.save_and_compare();
    s.add(1, "Parry");
    let mine = s.app.text().to_owned();
    let theirs = format!("{}3 Wooden Shield\n", s.start);
    std::fs::write(s.path(), &theirs).unwrap();
    s.ctrl('s');
    s.key(KeyCode::Char('r'));
    assert_eq!(s.app.text(), theirs);
    assert!(!s.app.unsaved());
    s.key(KeyCode::Esc);
    s.key(KeyCode::Char('u'));
    assert_eq!(s.app.text(), mine);
    s.ctrl('s');
    assert_eq!(std::fs::read_to_string(s.path()).unwrap(), mine);
}

#[test]
fn a_narrower_query_finds_what_a_full_search_finds() {
    let mut s = Session::new("jforce-standard");
    let game = s.app.game();
    for query in [
        "t:strike cost<=3 -text:draw",
        "ember s",
        "a or b c",
        "ember -t:hero",
    ] {
        s.ctrl('u');
        s.type_text(query);
        let q = crate::search::Query::parse(query).unwrap();
        let full: Vec<usize> = crate::search::find(&q, &[game], catalog(), date())
            .iter()
            .map(|h| h.card)
            .collect();
        assert_eq!(s.app.search.results, full, "{query}");
    }
}

#[test]
fn an_unreadable_query_says_why_and_keeps_the_cards() {
    let mut s = Session::new("jforce-standard");
    s.type_text("cost<=");
    assert!(s.app.search.error.is_some());
    insta::assert_snapshot!("query_error", s.screen(80, 24));
}

#[test]
fn a_collection_gives_owned_searches_and_the_owned_count() {
    let list = SourceFile::new("have.txt", "3 Flame Lance\n1 Pyre Knight\n");
    let collection = Collection::parse(list, catalog()).expect("the collection reads");
    let game = catalog().game("fow").expect("the game");
    let have = Have::new(collection, &[game]);
    let mut s = Session::having("fow-standard", Some(&have));
    let named = |s: &Session| -> Vec<String> {
        let cards = &s.app.game().cards;
        (s.app.search.results.iter())
            .map(|&i| cards[i].name().to_owned())
            .collect()
    };
    s.type_text("owned>=1");
    let mut found = named(&s);
    found.sort();
    assert_eq!(found, ["Flame Lance", "Pyre Knight"]);
    s.ctrl('u');
    s.type_text("owned>=3");
    assert_eq!(named(&s), ["Flame Lance"]);
    s.ctrl('u');
    s.type_text("owned>=4");
    assert!(named(&s).is_empty(), "{:?}", named(&s));
    s.add(1, "Flame Lance");
    insta::assert_snapshot!("owned_record", s.screen(80, 24));
    let record = |s: &mut Session, name: &str| {
        s.add(0, name);
        let screen = s.screen(80, 24);
        let line = screen.lines().find(|l| l.contains(&format!("{name}  FW-")));
        line.expect("the record's first line").to_owned()
    };
    assert!(record(&mut s, "Flame Lance").contains("owned 3"));
    assert!(record(&mut s, "Pyre Knight").contains("owned 1"));
    assert!(record(&mut s, "Dawn Paladin").contains("owned 0"));
}

#[test]
fn without_a_collection_owned_is_refused_and_not_counted() {
    let mut s = Session::new("fow-standard");
    s.type_text("owned>=1");
    let error = s.app.search.error.clone().unwrap_or_default();
    assert!(error.contains("--have"), "{error}");
    s.ctrl('u');
    s.add(1, "Flame Lance");
    let screen = s.screen(120, 30);
    assert!(screen.contains("1 in the deck"), "{screen}");
    assert!(!screen.contains("owned"), "{screen}");
}
