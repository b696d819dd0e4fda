//! Hostile input is refused in a few MB (issue #15.7): counts past any integer a
//! deck holds, a TOML document 100,000 levels deep, XML entity expansion, and the error about
//! a 200 KB line that does not echo the line. The test binary's counting allocator measures
//! what each read allocates on its own thread.
//! Deck codes claiming 2^60 cards, lines or stems are refused before allocating in
//! `deck::encoding::code`'s own tests, where codes can be built byte by byte.

use crate::counting;
use crate::support::{decksmith, temp_file};
use decksmith::catalog::Catalog;
use decksmith::diagnostic::SourceFile;
use decksmith::encoding::{self, Encoding};

/// A few MB: what "refused at once" may cost on top of the input.
const BUDGET: isize = 4 << 20;

/// Reads `text` as `encoding`; the reading's problem or error message, and the bytes it
/// allocated at its peak beyond what was live before.
fn read(encoding: Encoding, text: &str) -> (String, isize) {
    let catalog = Catalog::embedded().unwrap();
    let source = SourceFile::new(format!("hostile.{}", encoding.extension()), text);
    let before = counting::live();
    counting::restart_peak();
    let message = match encoding::read_as(&source, encoding, catalog) {
        Ok(deck) => (deck.problems.iter())
            .map(|p| p.message.clone())
            .collect::<Vec<_>>()
            .join("; "),
        Err(e) => decksmith::report::human::error(&e, false),
    };
    (message, counting::peak() - before)
}

fn refused(encoding: Encoding, text: &str, says: &str) {
    refused_within(encoding, text, says, BUDGET);
}

fn refused_within(encoding: Encoding, text: &str, says: &str, budget: isize) {
    let (message, peak) = read(encoding, text);
    assert!(message.contains(says), "{encoding}: {message}");
    assert!(peak < budget, "{encoding} allocated {peak} bytes");
}

#[test]
fn a_count_of_2_to_the_32_is_refused_in_every_encoding_with_counts() {
    let n = "4294967296";
    refused(
        Encoding::Text,
        &format!("format: jforce-standard\nMain:\n{n} Ember Striker\n"),
        "too large",
    );
    refused(
        Encoding::Json,
        &format!(
            r#"{{"format": "jforce-standard", "zones": {{"main": [{{"count": {n}, "name": "Ember Striker"}}]}}}}"#
        ),
        "out of range",
    );
    refused(
        Encoding::Toml,
        &format!("format = \"jforce-standard\"\n[zones]\nmain = [{{ count = {n}, name = \"Ember Striker\" }}]\n"),
        "out of range",
    );
    refused(
        Encoding::Csv,
        &format!("zone,count,id,name\nformat,,,jforce-standard\nmain,{n},,Ember Striker\n"),
        "count",
    );
    refused(
        Encoding::Arena,
        &format!("Deck\n{n} Ember Striker\n"),
        "too large",
    );
    refused(
        Encoding::Cod,
        &format!("<cockatrice_deck><zone name=\"main\"><card number=\"{n}\" name=\"Ember Striker\"/></zone></cockatrice_deck>"),
        "from 1 to 999",
    );
}

fn deep_toml(open: &str, close: &str) -> String {
    format!(
        "format = \"jforce-standard\"\nx = {}{}\n",
        open.repeat(100_000),
        close.repeat(100_000)
    )
}

/// The toml crate reads a whole document into tokens before it builds anything, about 50
/// bytes per byte of input whatever the nesting (a flat 4 MiB array costs as much), so the
/// bound here grows with the input; the 4 MiB file limit bounds that in turn.
#[test]
fn a_toml_document_100000_deep_is_refused() {
    for text in [deep_toml("[", "]"), deep_toml("{a=", "}")] {
        let budget = BUDGET + 64 * text.len() as isize;
        refused_within(Encoding::Toml, &text, "recurse", budget);
    }
}

#[test]
fn xml_entities_are_not_expanded() {
    let mut doc =
        String::from("<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY lol \"lol\">\n");
    for i in 1..10 {
        let prev = if i == 1 {
            "lol".to_owned()
        } else {
            format!("lol{}", i - 1)
        };
        doc.push_str(&format!(
            "<!ENTITY lol{i} \"{}\">\n",
            format!("&{prev};").repeat(10)
        ));
    }
    doc.push_str("]>\n<cockatrice_deck><deckname>&lol9;</deckname><zone name=\"main\"><card number=\"1\" name=\"&lol9;\"/></zone></cockatrice_deck>\n");
    refused(Encoding::Cod, &doc, "entity");
}

#[test]
fn the_recursion_error_does_not_echo_its_200_kb_line() {
    let path = temp_file("deep.toml", deep_toml("[", "]"));
    let out = decksmith(["validate", path.to_str().unwrap()]).run();
    assert_eq!(out.code, 1, "{}", out.stderr);
    let all = format!("{}{}", out.stdout, out.stderr);
    assert!(all.contains("recurse"), "{all}");
    assert!(all.len() < 4096, "{} bytes of output", all.len());
}

#[test]
fn a_cod_file_of_50000_unknown_elements_warns_about_each_once() {
    let names: String = (0..50_000)
        .map(|i| format!("<e{i}/><e{}/>", i % 10))
        .collect();
    let text = format!("<cockatrice_deck version=\"1\">{names}</cockatrice_deck>");
    let source = SourceFile::new("hostile.cod", text);
    let deck = encoding::read_as(&source, Encoding::Cod, Catalog::embedded().unwrap()).unwrap();
    assert_eq!(deck.warnings.len(), 50_000, "{:?}", &deck.warnings[..3]);
    assert!(
        deck.warnings[0].message.contains("<e0>"),
        "{:?}",
        deck.warnings[0]
    );
}
