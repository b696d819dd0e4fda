//! Tests of the Force of Will engine: a small table for scripted positions (`Table`), the
//! rulebook's examples and every ruling (`rules`), and seeded random self-play (`random`).

mod random;
mod rules;

use super::{Action, Event, Fow, State};
use crate::card_db::Game;
use crate::catalog::Catalog;
use crate::engine::testing::ids;
use crate::engine::{Engine, Player, SeatDeck, Setup, Value};

pub const FILLER: &str = "Radiant Squire";

pub fn game() -> &'static Game {
    Catalog::embedded()
        .expect("embedded data loads")
        .game("fow")
        .expect("fow is shipped")
}

/// A stacked deck: main and stones top card first.
pub fn stacked(game: &Game, ruler: &str, main: &[&str], stones: &[&str]) -> SeatDeck {
    SeatDeck {
        zones: vec![
            ("ruler".into(), ids(game, &[ruler])),
            ("main".into(), ids(game, main)),
            ("stones".into(), ids(game, stones)),
        ],
        stacked: true,
    }
}

/// A game driven line by line in the script language, checking the invariants after every
/// action.
pub struct Table {
    pub state: State,
    pub events: Vec<Event>,
}

impl Table {
    pub fn new(decks: [SeatDeck; 2], first: Player) -> Table {
        let mut events = Vec::new();
        let state = Fow::setup(
            &Setup {
                game: game(),
                decks,
                seed: 1,
                first: Some(first),
            },
            &mut events,
        )
        .expect("setup");
        Fow::check_invariants(&state).expect("invariants after setup");
        Table { state, events }
    }

    pub fn action(&self, line: &str) -> Action {
        Fow::parse_action(&self.state, line).unwrap_or_else(|e| panic!("`{line}`: {e}"))
    }

    /// Plays one line; panics if it is rejected.
    pub fn play(&mut self, line: &str) -> &mut Table {
        let action = self.action(line);
        let mut legal = Vec::new();
        Fow::legal_actions(&self.state, &mut legal);
        let before = self.state.clone();
        let from = self.events.len();
        if let Err(e) = Fow::apply(&mut self.state, &action, &mut self.events) {
            panic!("`{line}` was rejected: {e}\n{}", self.transcript());
        }
        Fow::check_transition(&before, &self.events[from..], &self.state)
            .unwrap_or_else(|e| panic!("after `{line}`: {e}"));
        assert!(
            legal.contains(&as_listed(&action)),
            "`{line}` applied but is not among the legal actions {legal:#?}"
        );
        Fow::check_invariants(&self.state)
            .unwrap_or_else(|e| panic!("after `{line}`: {e}\n{}", self.transcript()));
        self
    }

    pub fn lines(&mut self, lines: &[&str]) -> &mut Table {
        for line in lines {
            self.play(line);
        }
        self
    }

    /// Plays a line that must be rejected; returns why. The state must not change.
    pub fn reject(&mut self, line: &str) -> String {
        let action = match Fow::parse_action(&self.state, line) {
            Ok(a) => a,
            Err(e) => return format!("parse: {e}"),
        };
        let mut legal = Vec::new();
        Fow::legal_actions(&self.state, &mut legal);
        assert!(
            !legal.contains(&action),
            "`{line}` is listed as legal but expected to be rejected"
        );
        let before = format!("{:?}", self.state);
        let n = self.events.len();
        let err = Fow::apply(&mut self.state, &action, &mut self.events)
            .expect_err(&format!("`{line}` should be illegal"));
        assert_eq!(
            before,
            format!("{:?}", self.state),
            "rejection changed the state"
        );
        assert_eq!(n, self.events.len(), "rejection added events");
        err.0
    }

    pub fn q(&self, path: &str) -> Value {
        Fow::query(&self.state, path).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    pub fn int(&self, path: &str) -> i64 {
        match self.q(path) {
            Value::Int(n) => n,
            other => panic!("{path} = {other:?}"),
        }
    }

    pub fn list(&self, path: &str) -> Vec<String> {
        match self.q(path) {
            Value::List(v) => v,
            other => panic!("{path} = {other:?}"),
        }
    }

    pub fn string(&self, path: &str) -> String {
        match self.q(path) {
            Value::Str(s) => s,
            other => panic!("{path} = {other:?}"),
        }
    }

    pub fn flag(&self, path: &str) -> bool {
        match self.q(path) {
            Value::Bool(b) => b,
            other => panic!("{path} = {other:?}"),
        }
    }

    pub fn transcript(&self) -> String {
        self.events
            .iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// A game set up for a rule test: each player's deck holds five fillers (the opening
    /// hand), the cards named, thirty fillers, then three of every card for [`Table::hand`]
    /// and [`Table::field`] to take; the stone deck four of each basic stone and two of each
    /// special one. Both keep; p1 goes first.
    pub fn quick(p1: (&str, &[&'static str]), p2: (&str, &[&'static str])) -> Table {
        let g = game();
        let every: Vec<&str> = g
            .cards
            .iter()
            .filter(|c| ["resonator", "chant", "addition"].contains(&c.kind()))
            .flat_map(|c| [c.name(); 3])
            .collect();
        let deck = |cards: &[&'static str]| -> Vec<&'static str> {
            let mut main = vec![FILLER; 5];
            main.extend_from_slice(cards);
            main.extend([FILLER; 30]);
            main.extend(&every);
            main
        };
        let stones: Vec<&str> = [
            "Fire Magic Stone",
            "Water Magic Stone",
            "Light Magic Stone",
            "Wind Magic Stone",
            "Darkness Magic Stone",
        ]
        .iter()
        .flat_map(|s| [*s; 4])
        .chain([
            "Ember-Tide Stone",
            "Ember-Tide Stone",
            "Twilight Stone",
            "Twilight Stone",
        ])
        .collect();
        let mut t = Table::new(
            [
                stacked(g, p1.0, &deck(p1.1), &stones),
                stacked(g, p2.0, &deck(p2.1), &stones),
            ],
            Player::P1,
        );
        t.lines(&["p1 keeps", "p2 keeps"]);
        t
    }

    fn take(&mut self, p: Player, name: &str, stones: bool) -> u16 {
        let def = self
            .state
            .table
            .defs
            .iter()
            .position(|d| d.name == name)
            .unwrap_or_else(|| panic!("{name} is in neither deck"));
        let seat = &mut self.state.seats[p.index()];
        let pile = if stones {
            &mut seat.stones
        } else {
            &mut seat.deck
        };
        let i = pile
            .iter()
            .rposition(|&c| usize::from(self.state.table.insts[usize::from(c)]) == def)
            .unwrap_or_else(|| panic!("{p} has no {name} left to take"));
        pile.remove(i)
    }

    /// Moves a card from the deck (or stone deck) straight into the field, as if it had been
    /// there since before this turn.
    pub fn field(&mut self, p: Player, name: &str) -> &mut Table {
        use super::cards::Kind;
        use super::state::ObjKind;
        let stone = self
            .state
            .table
            .defs
            .iter()
            .any(|d| d.name == name && d.kind == Kind::Stone);
        let inst = self.take(p, name, stone);
        let kind = match self.state.info(inst).kind {
            Kind::Resonator => ObjKind::Resonator,
            Kind::Addition => ObjKind::Addition,
            Kind::Stone => ObjKind::Stone,
            other => panic!("{name} is a {other:?}"),
        };
        let mut obj = self.state.new_obj(inst, kind);
        obj.entered = 0;
        let seat = &mut self.state.seats[p.index()];
        seat.field.push(obj);
        if kind == ObjKind::Stone {
            seat.count_stone(&self.state.table, inst, true);
        }
        if kind == ObjKind::Resonator {
            seat.resonators += 1;
        }
        self.state.field_changed(inst);
        Fow::check_invariants(&self.state).expect("invariants after placing a card");
        self
    }

    pub fn stones(&mut self, p: Player, names: &[&str]) -> &mut Table {
        for n in names {
            self.field(p, n);
        }
        self
    }

    /// Moves a card from the deck into the hand.
    pub fn hand(&mut self, p: Player, name: &str) -> &mut Table {
        let inst = self.take(p, name, false);
        self.state.seats[p.index()].hand.push(inst);
        self.state.hand_gained(p);
        self
    }

    /// Sets life as if damage had been dealt earlier.
    pub fn set_life(&mut self, p: Player, life: i32) -> &mut Table {
        self.state.seats[p.index()].life = life;
        self
    }

    /// Both players pass until turn `n` starts.
    pub fn pass_to_turn(&mut self, n: u32) -> &mut Table {
        while self.state.turn < n {
            // The turn player passes, then the opponent: two passes end the main phase.
            let who = self.state.active;
            self.play(&format!("{who} passes"));
            self.play(&format!("{} passes", who.other()));
            while self.state.step == super::state::Step::Discard {
                let card = self.state.info(self.state.seats[who.index()].hand[0]).name;
                self.play(&format!("{who} discards {card}"));
            }
        }
        self
    }

    /// The transcript lines since `from`.
    pub fn since(&self, from: usize) -> Vec<String> {
        self.events[from..].iter().map(|e| e.to_string()).collect()
    }
}

/// The action as listing gives it: listed payments name no stone by position (`#2`), since
/// identical stones give the same will.
fn as_listed(action: &Action) -> Action {
    let mut a = action.clone();
    if let Action::Play { pay, .. } | Action::Activate { pay, .. } | Action::Judgment { pay, .. } =
        &mut a
    {
        *pay = super::Payment::new(pay.parts());
    }
    a
}
