//! Reports and scripts grow linearly with their input (issue #15.6): a deck of 10,000 and of
//! 100,000 unknown cards checked and reported for people and as SARIF, and a match script of
//! 10,000 and of 100,000 passing expectations loaded and played. The time at 100k should be
//! about ten times the time at 10k. `cargo bench --bench reports -- --sample-count 3`.

use decksmith::catalog::Catalog;
use decksmith::check::{check_deck, DeckOutcome};
use decksmith::date::Date;
use decksmith::diagnostic::SourceFile;
use decksmith::engine::play::{self, Prepared};
use decksmith::report::validate::Validated;
use decksmith::report::{render, Outcome, ReportOutput};
use std::fmt::Write as _;
use std::path::Path;

fn main() {
    divan::main();
}

const SIZES: [usize; 2] = [10_000, 100_000];

/// A J Force deck of `n` lines, each an unknown card: `n` findings, each with its own line.
fn bad_deck(n: usize) -> String {
    let mut text = String::from("format: jforce-standard\nMain:\n");
    for i in 0..n {
        let _ = writeln!(text, "1 Card That Is Not There {i:06}");
    }
    text
}

fn checked(text: &str) -> DeckOutcome {
    let catalog = Catalog::embedded().expect("shipped data loads");
    let source = SourceFile::new("bad.deck", text);
    let date = Date::new(2026, 11, 29).expect("a date");
    check_deck(catalog, None, &source, date).expect("the deck is read")
}

#[divan::bench(args = SIZES, sample_count = 3, sample_size = 1)]
fn findings_check_and_human_report(bencher: divan::Bencher, n: usize) {
    let text = bad_deck(n);
    bencher.bench(|| Validated::of(&[checked(&text)]).human(false).len());
}

#[divan::bench(args = SIZES, sample_count = 3, sample_size = 1)]
fn findings_check_and_sarif(bencher: divan::Bencher, n: usize) {
    let text = bad_deck(n);
    bencher.bench(|| {
        let decks = [checked(&text)];
        render(&Validated::of(&decks), ReportOutput::Sarif, false).len()
    });
}

/// A J Force script whose one game is `n` passing expectations.
fn long_script(n: usize) -> String {
    let mut text = String::from(
        "game = \"jforce\"\nformat = \"jforce-standard\"\ndate = \"2025-06-01\"\n\
         [players.p1]\ndeck = \"../../decks/jforce/legal-ember-rush.deck\"\n\
         [players.p2]\ndeck = \"../../decks/jforce/legal-titan-wall.deck\"\n\
         [[games]]\nfirst = \"p1\"\nsteps = '''\n",
    );
    for _ in 0..n {
        text.push_str("expect p1.hand = 5\n");
    }
    text.push_str("'''\n");
    text
}

#[divan::bench(args = SIZES, sample_count = 3, sample_size = 1)]
fn script_steps_load_and_play(bencher: divan::Bencher, n: usize) {
    let catalog = Catalog::embedded().expect("shipped data loads");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/matches/jforce");
    let text = long_script(n);
    bencher.bench(|| {
        let file = SourceFile::new("long.match.toml", text.as_str());
        let Ok(Prepared::Ready(ready)) = play::prepare_source(catalog, &file, &dir, false) else {
            panic!("the script loads");
        };
        let played = play::run(&ready).expect("the script plays");
        assert!(played.failures.is_empty());
        played.transcript.games.len()
    });
}
