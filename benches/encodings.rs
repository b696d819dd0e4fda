//! Deck encodings: the deck code's codec alone (bytes ↔ ids, the thing chat links go
//! through), each encoding's full decode + encode of a 40-card deck (read, resolve against the
//! database, write), and native text parsing against merely splitting the bytes into lines.
//! `cargo bench --bench encodings`.

use decksmith::catalog::Catalog;
use decksmith::deck::Deck;
use decksmith::diagnostic::SourceFile;
use decksmith::encoding::{self, code::DeckCode, text, Encoding};
use divan::black_box;

fn main() {
    divan::main();
}

const JFORCE_40: &str = include_str!("../examples/decks/jforce/legal-ember-rush.deck");

/// The example deck in canonical form, and its game.
fn canonical() -> (Deck, &'static decksmith::card_db::Game) {
    let catalog = Catalog::embedded().expect("shipped data loads");
    let deck = text::parse(JFORCE_40);
    let format = catalog
        .format(&deck.format.as_ref().expect("has a format").value)
        .expect("format exists");
    let game = &catalog.games[&format.game];
    let deck = encoding::canonical(&deck, &format.id, game).expect("a clean deck");
    (deck, game)
}

/// Decode then encode the deck code of a 40-card deck, without the card database.
#[divan::bench]
fn code_codec_round_trip(bencher: divan::Bencher) {
    let (deck, game) = canonical();
    let code = encoding::code::write(&deck, game).expect("encodes");
    bencher.bench(|| {
        let decoded = DeckCode::decode(black_box(&code)).expect("decodes");
        decoded.encode().expect("encodes")
    });
}

#[divan::bench]
fn code_codec_decode(bencher: divan::Bencher) {
    let (deck, game) = canonical();
    let code = encoding::code::write(&deck, game).expect("encodes");
    bencher.bench(|| DeckCode::decode(black_box(&code)).expect("decodes"));
}

#[divan::bench]
fn code_codec_encode(bencher: divan::Bencher) {
    let (deck, game) = canonical();
    let code =
        DeckCode::decode(&encoding::code::write(&deck, game).expect("encodes")).expect("decodes");
    bencher.bench(|| black_box(&code).encode().expect("encodes"));
}

/// Decode + resolve + encode of a deck code the way `convert` takes a code to a code: card ids
/// looked up in the database, no deck of names in between.
#[divan::bench]
fn code_to_code(bencher: divan::Bencher) {
    let catalog = Catalog::embedded().expect("shipped data loads");
    let (deck, game) = canonical();
    let code = encoding::code::write(&deck, game).expect("encodes");
    bencher.bench(|| encoding::code::recode(black_box(&code), None, catalog).expect("recodes"));
}

/// Full decode + encode in one encoding: read the text, resolve every card against the
/// database, write it again.
#[divan::bench(args = Encoding::ALL.map(|e| e.name()))]
fn decode_resolve_encode(bencher: divan::Bencher, name: &str) {
    let catalog = Catalog::embedded().expect("shipped data loads");
    let enc: Encoding = name.parse().expect("an encoding");
    let (deck, game) = canonical();
    let written = encoding::write(&deck, enc, game).expect("writes");
    let source = SourceFile::new("bench", written);
    bencher.bench(|| {
        let read = encoding::read_as(black_box(&source), enc, catalog).expect("reads");
        let canonical = encoding::canonical(&read, "jforce-standard", game).expect("clean");
        encoding::write(&canonical, enc, game).expect("writes")
    });
}

/// The floor for text parsing: splitting the same bytes into lines and trimming them.
#[divan::bench]
fn text_split_lines_only() -> usize {
    black_box(JFORCE_40)
        .split('\n')
        .map(|l| l.trim().len())
        .sum()
}

/// The text reader: every name a slice of the source.
#[divan::bench]
fn text_parse() -> decksmith::deck::DeckRef<'static> {
    text::parse_borrowed(black_box(JFORCE_40))
}

/// The text reader, then every name copied into the owned deck that `edit` and the other
/// encodings work on.
#[divan::bench]
fn text_parse_owned() -> Deck {
    text::parse(black_box(JFORCE_40))
}
