//! Nothing panics on any input: thousands of seeded random corruptions of the shipped deck
//! lists, card databases and formats go through parsing, validation and `db check`.

use crate::support::example_decks;
use decksmith::catalog::{Catalog, Sources};
use decksmith::date::Date;
use decksmith::diagnostic::{render, SourceFile};
use decksmith::encoding::text;
use decksmith::engine::rng::Rng;
use decksmith::lint;
use decksmith::report::validate::Validated;
use decksmith::report::Outcome;
use decksmith::validate::validate;

/// Characters that matter to the parsers, plus multi-byte ones that test span arithmetic.
const PIECES: &[&str] = &[
    "\n",
    "\r\n",
    ":",
    "[",
    "]",
    "#",
    "x",
    "0",
    "9",
    "-",
    " ",
    "\t",
    "=",
    "\"",
    "'",
    "’",
    "é",
    "🂡",
    "999999",
    "Main:",
    "Hero:",
    "[Side]",
    "format: ",
    "name: ",
    "{",
    "}",
    ",",
    "[[cards]]",
    "kind = \"",
    "id = \"JF-001\"",
    "max = 0",
    "ratio = { red = 4294967295 }",
];

fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..=rng.below(6) {
        let at = rng.below(chars.len() + 1);
        match rng.below(4) {
            0 | 1 => {
                let piece = PIECES[rng.below(PIECES.len())];
                chars.splice(at..at, piece.chars());
            }
            2 => {
                let end = (at + rng.below(20)).min(chars.len());
                chars.drain(at..end);
            }
            _ => {
                // Duplicate a slice somewhere else.
                let end = (at + rng.below(60)).min(chars.len());
                let slice: Vec<char> = chars[at..end].to_vec();
                let to = rng.below(chars.len() + 1);
                chars.splice(to..to, slice);
            }
        }
    }
    chars.into_iter().collect()
}

#[test]
fn corrupted_deck_lists_never_panic() {
    let catalog = Catalog::embedded().unwrap();
    let decks: Vec<String> = example_decks()
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    let formats: Vec<_> = catalog.formats.values().collect();
    let date = Date::new(2026, 11, 29).unwrap();
    let mut rng = Rng::new(2026);
    for round in 0..3000 {
        let original = &decks[rng.below(decks.len())];
        let text_ = mutate(&mut rng, original);
        let deck = text::parse(&text_);
        // What the parser read writes back to no more than it was given, give or take the
        // headers it adds.
        assert!(text::write(&deck).len() <= text_.len() * 2 + 64);
        let format = formats[rng.below(formats.len())];
        let game = &catalog.games[&format.game];
        let report = validate(&deck, format, game, date);
        // And compared with the list it was mutated from, as `diff` compares decks.
        let _ = decksmith::deck_diff::card_diff(&text::parse(original), &deck, Some(game));
        // Every span a finding carries must lie on a char boundary inside the text.
        for f in &report.findings {
            if let Some(span) = &f.span {
                assert!(
                    text_.get(span.clone()).is_some(),
                    "bad span {span:?} in {text_:?}"
                );
            }
        }
        // And rendering them must not panic either (a sample: rendering is the slow part).
        if round % 10 != 0 {
            continue;
        }
        let source = SourceFile::new("fuzz.deck", text_.clone());
        let outcome = decksmith::check::DeckOutcome {
            path: "fuzz.deck".into(),
            name: None,
            source,
            verdict: report,
            seconds: None,
        };
        let _ = Validated::of(&[outcome]).human(false);
    }
}

#[test]
fn corrupted_card_databases_and_formats_never_panic() {
    let embedded = Sources::embedded();
    let mut rng = Rng::new(7);
    for _ in 0..200 {
        let mut sources = embedded.clone();
        let victim = rng.below(sources.files.len());
        let (kind, file) = sources.files[victim].clone();
        let text_ = mutate(&mut rng, &file.text);
        sources.files[victim] = (kind, SourceFile::new(file.name.clone(), text_));
        let (catalog, mut problems) = Catalog::build(&sources, None);
        problems.extend(lint::lint(&catalog.games, &catalog.formats).problems);
        let _ = render(&problems, false);
    }
}
