//! Deck list encodings, one file each, and what they share: naming an encoding, telling which
//! one a file is written in, reading any of them into a [`Deck`], putting a deck into canonical
//! form against its game, and writing a canonical deck out again.
//!
//! Conversion is read → [`canonical`] → [`write`](fn@write). Readers keep what was written (names as
//! typed, zone headers as typed, the lines they came from); [`canonical`] resolves every card
//! and zone against the game and refuses what it cannot place, so that the writers only ever see
//! decks every encoding agrees on. An encoding that still cannot express something (a deck code
//! needs a database id for every card) refuses the deck, naming the card and its line.
//!
//! What people write besides cards (a description, tags, printings) is kept by every encoding
//! that has a place for it; [`Encoding::holds`] says which, and [`dropped`] names what a
//! conversion leaves out, so that nothing is dropped without a warning.

pub mod arena;
pub mod cod;
pub mod code;
pub mod csv;
pub mod json;
pub mod lackey;
pub mod text;
pub mod toml;

use crate::card_db::Game;
use crate::catalog::Catalog;
use crate::deck::{
    is_maybe, Deck, Entry, Located, ParseProblem, Plan, Printing, Swap, Zone, MAX_COUNT, MAYBE,
};
use crate::diagnostic::{Problem, SourceFile};
use crate::error::Error;
use crate::names;
use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use std::fmt;
use std::ops::Range;
use std::sync::Arc;

/// A deck list file syntax.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Encoding {
    /// decksmith's own `.deck` list.
    Text,
    Json,
    Toml,
    /// `zone,count,id,name` rows.
    Csv,
    /// The shareable deck code (docs/deck-code.md).
    Code,
    /// The Arena-style text export (`Deck` / `Sideboard` sections, `4 Name (SET) 123`).
    Arena,
    /// Cockatrice's `.cod` XML.
    Cod,
    /// LackeyCCG's `.dek` XML, one `<card>` per copy.
    Lackey,
}

impl Encoding {
    pub const ALL: [Encoding; 8] = [
        Encoding::Text,
        Encoding::Json,
        Encoding::Toml,
        Encoding::Csv,
        Encoding::Code,
        Encoding::Arena,
        Encoding::Cod,
        Encoding::Lackey,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Text => "text",
            Encoding::Json => "json",
            Encoding::Toml => "toml",
            Encoding::Csv => "csv",
            Encoding::Code => "code",
            Encoding::Arena => "arena",
            Encoding::Cod => "cod",
            Encoding::Lackey => "lackey",
        }
    }

    /// The file extension decksmith gives a file of this encoding.
    pub fn extension(self) -> &'static str {
        match self {
            Encoding::Text => "deck",
            Encoding::Arena => "txt",
            Encoding::Lackey => "dek",
            other => other.name(),
        }
    }

    /// The encoding a file extension names on its own. `.txt` names none: both Arena exports
    /// and hand-written lists use it, so the content decides.
    pub fn from_extension(ext: &str) -> Option<Encoding> {
        match ext.to_ascii_lowercase().as_str() {
            "deck" => Some(Encoding::Text),
            "json" => Some(Encoding::Json),
            "toml" => Some(Encoding::Toml),
            "csv" => Some(Encoding::Csv),
            "cod" | "xml" => Some(Encoding::Cod),
            "code" => Some(Encoding::Code),
            "dek" => Some(Encoding::Lackey),
            _ => None,
        }
    }
}

/// What an encoding has a place for besides the format, the name, the zones (the `maybe` zone
/// among them), counts and card names, which every encoding holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Holds {
    pub description: bool,
    pub deck_tags: bool,
    pub banner: bool,
    pub printings: bool,
    pub entry_tags: bool,
    /// Sideboard plans.
    pub plans: bool,
}

impl Holds {
    const ALL: Holds = Holds {
        description: true,
        deck_tags: true,
        banner: true,
        printings: true,
        entry_tags: true,
        plans: true,
    };
    const NONE: Holds = Holds {
        description: false,
        deck_tags: false,
        banner: false,
        printings: false,
        entry_tags: false,
        plans: false,
    };
}

impl Encoding {
    /// What this encoding keeps of a deck (docs/encodings.md has the same table).
    pub fn holds(self) -> Holds {
        match self {
            Encoding::Json | Encoding::Toml => Holds::ALL,
            Encoding::Csv => Holds {
                plans: false,
                ..Holds::ALL
            },
            Encoding::Text => Holds {
                description: true,
                plans: true,
                ..Holds::NONE
            },
            Encoding::Code => Holds::NONE,
            Encoding::Arena => Holds {
                printings: true,
                ..Holds::NONE
            },
            Encoding::Cod => Holds {
                entry_tags: false,
                plans: false,
                ..Holds::ALL
            },
            Encoding::Lackey => Holds {
                printings: true,
                ..Holds::NONE
            },
        }
    }
}

/// What writing `deck` in `encoding` leaves out, one phrase each (`the description`, `the
/// printings of 3 entries`); empty when nothing is lost.
pub fn dropped(deck: &Deck, encoding: Encoding) -> Vec<String> {
    let holds = encoding.holds();
    let entries = || deck.zones.iter().flat_map(|z| &z.entries);
    let mut out = Vec::new();
    if !holds.description && deck.description.is_some() {
        out.push("the description".to_owned());
    }
    if !holds.deck_tags && !deck.tags.is_empty() {
        out.push(format!("the deck's tags ({})", deck.tags.join(", ")));
    }
    if !holds.banner {
        if let Some(banner) = &deck.banner {
            out.push(format!("the banner card `{banner}`"));
        }
    }
    let printed = entries().filter(|e| e.printing.is_some()).count();
    if !holds.printings && printed > 0 {
        out.push(format!("the printings of {}", entries_phrase(printed)));
    }
    let tagged = entries().filter(|e| !e.tags.is_empty()).count();
    if !holds.entry_tags && tagged > 0 {
        out.push(format!("the tags of {}", entries_phrase(tagged)));
    }
    if !holds.plans && !deck.plans.is_empty() {
        let names: Vec<String> = (deck.plans.iter())
            .map(|p| format!("`{}`", p.name.value))
            .collect();
        out.push(format!("the sideboard plans ({})", names.join(", ")));
    }
    out
}

fn entries_phrase(n: usize) -> String {
    if n == 1 {
        "1 entry".into()
    } else {
        format!("{n} entries")
    }
}

/// `deck` without what an encoding that `holds` so much cannot keep: what a round trip
/// through that encoding gives back.
pub fn keeping(mut deck: Deck, holds: Holds) -> Deck {
    if !holds.description {
        deck.description = None;
    }
    if !holds.deck_tags {
        deck.tags.clear();
    }
    if !holds.banner {
        deck.banner = None;
    }
    if !holds.plans {
        deck.plans.clear();
    }
    for entry in deck.zones.iter_mut().flat_map(|z| &mut z.entries) {
        if !holds.printings {
            entry.printing = None;
        }
        if !holds.entry_tags {
            entry.tags.clear();
        }
    }
    deck
}

impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Encoding {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let key = s.trim().to_ascii_lowercase();
        Encoding::ALL
            .into_iter()
            .find(|e| e.name() == key)
            .ok_or_else(|| {
                let all: Vec<&str> = Encoding::ALL.iter().map(|e| e.name()).collect();
                match names::suggest(s, all.iter().copied()) {
                    Some(m) => format!("no encoding `{s}`; did you mean `{m}`?"),
                    None => format!("no encoding `{s}`; the encodings are {}", all.join(", ")),
                }
            })
    }
}

/// Why the encoding of an input could not be told.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ambiguous {
    pub candidates: Vec<Encoding>,
    pub reason: String,
}

/// Tells the encoding of `text`, read from a file called `name` (if it has one). The extension
/// decides when it names an encoding (`.xml` is Cockatrice's unless its root is Lackey's
/// `<deck>`); otherwise the content does. Text and Arena lists look
/// alike, so both are tried: the one that reads without problems wins, and when both read
/// cleanly into different decks the input is ambiguous.
pub fn detect(name: Option<&str>, text: &str) -> Result<Encoding, Ambiguous> {
    let ext = name
        .map(std::path::Path::new)
        .and_then(|p| p.extension())
        .and_then(|e| e.to_str());
    let body = text.trim_start_matches('\u{feff}').trim();
    match ext.and_then(Encoding::from_extension) {
        Some(Encoding::Cod) if lackey::looks_like_dek(body) => return Ok(Encoding::Lackey),
        Some(found) => return Ok(found),
        None => {}
    }
    if body.starts_with('{') {
        return Ok(Encoding::Json);
    }
    if body.starts_with('<') {
        return Ok(if lackey::looks_like_dek(body) {
            Encoding::Lackey
        } else {
            Encoding::Cod
        });
    }
    let first_line = body.lines().next().unwrap_or("");
    if csv::is_header(first_line) {
        return Ok(Encoding::Csv);
    }
    if code::looks_like_code(body) {
        return Ok(Encoding::Code);
    }
    if looks_like_toml(body) {
        return Ok(Encoding::Toml);
    }
    let as_text = text::parse(text);
    let (as_arena, marked) = arena::parse_marked(text);
    match (as_text.problems.is_empty(), as_arena.problems.is_empty()) {
        (true, false) => Ok(Encoding::Text),
        (false, true) => Ok(Encoding::Arena),
        (false, false) => Ok(Encoding::Text),
        // Foil markers, categories and tags mean nothing in a card name.
        (true, true) if marked => Ok(Encoding::Arena),
        (true, true) if same_reading(&as_text, &as_arena) => Ok(Encoding::Text),
        (true, true) => Err(Ambiguous {
            candidates: vec![Encoding::Text, Encoding::Arena],
            reason: "it reads as a text list and as an Arena list, into different decks \
                     (Arena takes a trailing `(SET) 123` as the card's printing, and a blank \
                     line between two groups of cards in a list without headers as the start \
                     of the sideboard; text takes both as written)"
                .into(),
        }),
    }
}

/// Whether a file found in a folder is a deck list at all, by its content: the `README.txt`
/// or Cockatrice `cards.xml` next to the decks is not, and a folder search leaves it out. A
/// file in one of the deck extensions (`.deck`, `.cod`, `.code`, `.dek`) is always a deck
/// list; a broken deck list is one too (its problems are worth reporting).
pub fn is_deck_list(name: &str, text: &str) -> bool {
    let ext = std::path::Path::new(name)
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let body = text.trim_start_matches('\u{feff}').trim_start();
    match ext.as_deref() {
        Some("deck" | "cod" | "code" | "dek") => true,
        Some("xml") => body.contains("<cockatrice_deck") || lackey::looks_like_dek(body),
        Some("json" | "toml") => body.contains("zones"),
        Some("csv") => csv::is_header(body.lines().next().unwrap_or("")),
        _ => match detect(Some(name), text) {
            Err(_) => true,
            Ok(Encoding::Text | Encoding::Arena) => looks_like_a_list(text),
            Ok(other) => is_deck_list(&format!("found.{}", other.extension()), text),
        },
    }
}

/// Whether text reads as a card list more than as prose: at least one card line, and more
/// card lines than lines that read as nothing, or as a section holding no card (which is how
/// an Arena reading takes a line of prose).
fn looks_like_a_list(text: &str) -> bool {
    let score = |deck: &Deck| {
        let cards = deck.zones.iter().map(|z| z.entries.len()).sum::<usize>();
        let empty = deck.zones.iter().filter(|z| z.entries.is_empty()).count();
        (cards, deck.problems.len() + empty)
    };
    [score(&text::parse(text)), score(&arena::parse(text))]
        .into_iter()
        .any(|(cards, problems)| cards > 0 && cards > problems)
}

/// Whether two readings hold the same cards in the same places (their spans aside).
fn same_reading(a: &Deck, b: &Deck) -> bool {
    a.clone().without_locations() == b.clone().without_locations()
}

/// A TOML deck has `key = value` lines or a `[zones]` table; no text or Arena line does.
fn looks_like_toml(body: &str) -> bool {
    body.lines().map(str::trim).any(|line| {
        if line.starts_with("[zones") {
            return true;
        }
        let key_end = line
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '"'))
            .unwrap_or(line.len());
        key_end > 0
            && !line.starts_with(|c: char| c.is_ascii_digit())
            && line[key_end..].trim_start().starts_with('=')
    })
}

/// Reads a deck in `hint`'s encoding, or in the one [`detect`] finds. Problems with single
/// lines stay in `deck.problems` (validation reports them as `parse` findings); an input that
/// cannot be read at all is an error. The catalog turns a deck code's card ids into names.
pub fn read(
    source: &Arc<SourceFile>,
    hint: Option<Encoding>,
    catalog: &Catalog,
) -> Result<Deck, Error> {
    read_as(source, resolve(source, hint, catalog)?, catalog)
}

/// The encoding a deck is read in: `hint`, or what [`detect`] finds, with a text-or-Arena tie
/// settled by the card names where they settle it.
pub fn resolve(
    source: &SourceFile,
    hint: Option<Encoding>,
    catalog: &Catalog,
) -> Result<Encoding, Error> {
    match hint {
        Some(e) => Ok(e),
        None => match detect(Some(&source.name), &source.text) {
            Ok(e) => Ok(e),
            Err(a) => {
                names_decide(&source.text, catalog).ok_or_else(|| ambiguity_error(source, &a))
            }
        },
    }
}

/// Settles a text-or-Arena tie by the card database: when the Arena reading (printings split
/// off) names more known cards than the text reading, it is an Arena export. A list of names
/// neither reading knows stays ambiguous.
fn names_decide(text: &str, catalog: &Catalog) -> Option<Encoding> {
    let known = |deck: &Deck| {
        deck.zones
            .iter()
            .flat_map(|z| &z.entries)
            .filter(|e| catalog.games.values().any(|g| g.find(&e.card).is_some()))
            .count()
    };
    (known(&arena::parse(text)) > known(&text::parse(text))).then_some(Encoding::Arena)
}

/// Reads a deck in the given encoding.
pub fn read_as(
    source: &Arc<SourceFile>,
    encoding: Encoding,
    catalog: &Catalog,
) -> Result<Deck, Error> {
    let text = &*unmarked(source);
    let read = match encoding {
        Encoding::Text => Ok(text::parse(text)),
        Encoding::Json => json::parse(text),
        Encoding::Toml => toml::parse(text),
        Encoding::Csv => csv::parse(text),
        Encoding::Code => code::read(text, catalog),
        Encoding::Arena => Ok(arena::parse(text)),
        Encoding::Cod => cod::parse(text, &|id| catalog.format(id).is_some()),
        Encoding::Lackey => lackey::parse(text),
    };
    read.map_err(|p| Error::Deck {
        message: format!("cannot read `{}` as {encoding}", source.name),
        problems: vec![to_problem(source, "parse", &p)],
    })
}

/// A source's text as the readers take it: a byte-order mark (some editors write one) reads as
/// white space of the same length, so every span still points into the source as written.
pub fn unmarked(source: &SourceFile) -> std::borrow::Cow<'_, str> {
    match source.text.strip_prefix('\u{feff}') {
        Some(rest) => format!("   {rest}").into(),
        None => (*source.text).into(),
    }
}

/// The error for an input whose encoding cannot be told.
pub fn ambiguity_error(source: &SourceFile, ambiguous: &Ambiguous) -> Error {
    let names: Vec<String> = ambiguous
        .candidates
        .iter()
        .map(|c| format!("`--from {c}`"))
        .collect();
    Error::usage_with_help(
        format!(
            "cannot tell which encoding `{}` is in: {}",
            source.name, ambiguous.reason
        ),
        format!("say which with {}", names.join(" or ")),
    )
}

/// A problem at a deck line, as a diagnostic about the file.
pub fn to_problem(source: &Arc<SourceFile>, code: &str, p: &ParseProblem) -> Problem {
    located(source, Problem::error(code, p.message.clone()), p)
}

/// A warning at a deck line (something read but not kept), as a diagnostic about the file.
pub fn to_warning(source: &Arc<SourceFile>, code: &str, p: &ParseProblem) -> Problem {
    located(source, Problem::warning(code, p.message.clone()), p)
}

fn located(source: &Arc<SourceFile>, problem: Problem, p: &ParseProblem) -> Problem {
    let mut problem = problem.in_file(source).maybe_help(p.help.clone());
    if let Some(span) = &p.span {
        problem = problem.label(span.clone(), "");
    }
    problem
}

/// The non-blank lines of a line-based deck list: 1-based line number, the trimmed content (a
/// byte-order mark dropped, as editors on some systems write one), and the content's byte
/// range in `text`, for diagnostics.
pub(crate) fn content_lines(text: &str) -> ContentLines<'_> {
    ContentLines {
        text,
        offset: 0,
        line: 0,
    }
}

/// [`content_lines`]' iterator. Written out rather than chained from `split('\n')`, whose
/// search for each line end dominated reading a deck list (benches/encodings.rs): lines are
/// short, so [`line_end`] looks at eight bytes at a time without calling out.
pub(crate) struct ContentLines<'a> {
    text: &'a str,
    /// Where the next line starts; past the end once the last line was read.
    offset: usize,
    line: u32,
}

impl<'a> Iterator for ContentLines<'a> {
    type Item = (u32, &'a str, Range<usize>);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let text = self.text;
        while let Some(rest) = text.as_bytes().get(self.offset..) {
            let start = self.offset;
            let end = line_end(rest).map_or(text.len(), |at| start + at);
            self.offset = end + 1;
            self.line += 1;
            let raw = &text[start..end];
            let line = raw.strip_suffix('\r').unwrap_or(raw);
            // Most lines start and end with a visible ASCII character: no trimming to do.
            let rest = match line.as_bytes().first() {
                Some(b) if b.is_ascii_graphic() => line,
                _ => line.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}'),
            };
            let content = match rest.as_bytes().last() {
                Some(b) if b.is_ascii_graphic() => rest,
                _ => rest.trim_end(),
            };
            if !content.is_empty() {
                let begin = start + line.len() - rest.len();
                return Some((self.line, content, begin..begin + content.len()));
            }
        }
        None
    }
}

/// Where the first `\n` of `bytes` is, eight bytes at a time: a byte equal to `\n` is a zero
/// byte of the word XOR `\n` in every byte, and the lowest byte that `(w - 0x01…) & !w &
/// 0x80…` marks is the first zero byte (a borrow only marks bytes above a zero one).
#[inline]
fn line_end(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    const NEWLINES: u64 = ONES * b'\n' as u64;
    let mut chunks = bytes.chunks_exact(8);
    let mut at = 0;
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes")) ^ NEWLINES;
        let zeros = word.wrapping_sub(ONES) & !word & (ONES << 7);
        if zeros != 0 {
            return Some(at + zeros.trailing_zeros() as usize / 8);
        }
        at += 8;
    }
    let tail = chunks.remainder();
    tail.iter().position(|&b| b == b'\n').map(|i| at + i)
}

/// Puts a deck into the form every encoding writes: `format` set, zones named by the game's
/// zone ids (each once, in the order first met, empty ones left out; the `maybe` zone under
/// [`MAYBE`]), every known card under its database name and id, unknown cards under the name
/// as written, printings and tags as written. An empty zone the game lacks is left out (a
/// Cockatrice file has an empty `side` zone for every game). Everything that cannot be placed
/// is returned, each with its line: the deck's own parse problems, unknown zones, unknown card
/// ids, an id and a name that disagree, and names, tags or printings no encoding could carry.
pub fn canonical(deck: &Deck, format: &str, game: &Game) -> Result<Deck, Vec<ParseProblem>> {
    let mut problems = deck.problems.clone();
    let mut zones: Vec<Zone> = Vec::new();
    for zone in &deck.zones {
        let Some(id) = canonical_zone(&zone.name, zone.span.is_some(), game) else {
            if zone.entries.is_empty() {
                continue;
            }
            let ids: Vec<&str> = game.def.zones.iter().map(|z| z.id.as_str()).collect();
            problems.push(ParseProblem {
                message: format!("unknown zone `{}`", zone.name),
                help: Some(format!(
                    "{} decks have the zones {} (and `maybe`, which is not checked); a zone's `aliases` in the game's game.toml name more",
                    game.def.name,
                    ids.join(", ")
                )),
                span: zone.span.clone(),
                line: zone.line,
            });
            continue;
        };
        let index = match zones.iter().position(|z| z.name == id) {
            Some(i) => i,
            None => {
                zones.push(Zone {
                    name: id.to_owned(),
                    span: zone.span.clone(),
                    line: zone.line,
                    entries: Vec::new(),
                });
                zones.len() - 1
            }
        };
        for entry in &zone.entries {
            match canonical_entry(entry, game) {
                Ok(e) => zones[index].entries.push(e),
                Err(p) => problems.push(p),
            }
        }
    }
    zones.retain(|z| !z.entries.is_empty());
    let mut one_line = |what: &str, value: &Option<Located<String>>| match value {
        Some(n) => match check_text(what, &n.value, n.span.clone(), n.line) {
            Ok(()) => Some(Located {
                value: n.value.trim().to_owned(),
                ..n.clone()
            }),
            Err(p) => {
                problems.push(p);
                None
            }
        },
        None => None,
    };
    let name = one_line("deck name", &deck.name);
    let banner = one_line("banner card", &deck.banner.clone().map(Located::bare));
    let description = deck.description.as_ref().and_then(|d| {
        let text = description_text(&d.value);
        if text.contains(|c: char| c.is_control() && c != '\n' && c != '\t') {
            problems.push(ParseProblem {
                message: "the description holds a control character".into(),
                help: Some("a description is lines of text".into()),
                span: d.span.clone(),
                line: d.line,
            });
            return None;
        }
        (!text.is_empty()).then(|| Located {
            value: text,
            ..d.clone()
        })
    });
    let tags = canonical_tags(&deck.tags, None, None).unwrap_or_else(|p| {
        problems.push(p);
        Vec::new()
    });
    if !problems.is_empty() {
        problems.sort_by_key(|p| p.line.unwrap_or(u32::MAX));
        return Err(problems);
    }
    Ok(Deck {
        format: Some(Located {
            value: format.to_owned(),
            span: deck.format.as_ref().and_then(|f| f.span.clone()),
            line: deck.format.as_ref().and_then(|f| f.line),
        }),
        name,
        description,
        tags,
        banner: banner.map(|b| b.value),
        zones,
        plans: deck.plans.clone(),
        problems: Vec::new(),
        warnings: deck.warnings.clone(),
    })
}

/// The id a deck zone is written under in canonical form (see [`canonical`]): the `maybe`
/// zone under [`MAYBE`], a `main` zone the encoding made up without a header (`headed` false)
/// as the game's default zone, any other by its header.
pub(crate) fn canonical_zone<'g>(name: &str, headed: bool, game: &'g Game) -> Option<&'g str> {
    if is_maybe(name) && game.zone_for_header(name).is_none() {
        Some(MAYBE)
    } else if !headed && name == "main" {
        game.default_zone().map(|z| z.id.as_str())
    } else {
        game.zone_for_header(name).map(|z| z.id.as_str())
    }
}

/// A description as every encoding that holds one writes it: line ends as `\n`, no white
/// space at the end of a line or the start of the whole, no blank lines at either end.
pub fn description_text(text: &str) -> String {
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let first = lines.iter().position(|l| !l.is_empty());
    let last = lines.iter().rposition(|l| !l.is_empty());
    match (first, last) {
        (Some(a), Some(b)) => lines[a..=b].join("\n").trim_start().to_owned(),
        _ => String::new(),
    }
}

/// Tags trimmed, empty ones and repeats left out; a tag holding a line break or `;` (which
/// separates tags in a CSV cell) is refused.
fn canonical_tags(
    tags: &[String],
    span: Option<Range<usize>>,
    line: Option<u32>,
) -> Result<Vec<String>, ParseProblem> {
    let mut out: Vec<String> = Vec::with_capacity(tags.len());
    for tag in tags {
        let tag = tag.trim();
        if tag.contains(';') || tag.chars().any(char::is_control) {
            return Err(ParseProblem {
                message: format!("tag `{}` holds a `;` or a line break", tag.escape_debug()),
                help: Some("a tag is one line of text without `;`".into()),
                span,
                line,
            });
        }
        if !tag.is_empty() && !out.iter().any(|t| t == tag) {
            out.push(tag.to_owned());
        }
    }
    Ok(out)
}

/// A printing every encoding that holds printings can write: a set code and a collector number
/// without white space or brackets.
fn check_printing(entry: &Entry) -> Result<(), ParseProblem> {
    let Some(p) = &entry.printing else {
        return Ok(());
    };
    let clean =
        |t: &str| !t.is_empty() && !t.contains(|c: char| c.is_whitespace() || "()[]^*".contains(c));
    if clean(&p.set) && p.number.as_deref().is_none_or(clean) {
        return Ok(());
    }
    Err(ParseProblem {
        message: format!("printing `{p}` of `{}` cannot be written down", entry.card),
        help: Some(
            "a set code and a collector number are single words without brackets, `^` or `*`"
                .into(),
        ),
        span: entry.span.clone(),
        line: entry.line,
    })
}

fn canonical_entry(entry: &Entry, game: &Game) -> Result<Entry, ParseProblem> {
    let problem = |message: String, help: String| ParseProblem {
        message,
        help: Some(help),
        span: entry.span.clone(),
        line: entry.line,
    };
    if !(1..=MAX_COUNT).contains(&entry.count) {
        return Err(problem(
            format!("count {} of `{}` is out of range", entry.count, entry.card),
            format!("counts go from 1 to {MAX_COUNT}"),
        ));
    }
    check_printing(entry)?;
    let tags = canonical_tags(&entry.tags, entry.span.clone(), entry.line)?;
    // The common case (a list this tool wrote): id and name spelt as the database spells them,
    // which the checks below accept without normalising anything.
    let exact = entry.id.as_deref().and_then(|id| {
        game.find(id).filter(|&i| {
            let card = &game.cards[i];
            card.id() == id && (entry.card == card.name() || entry.card == id)
        })
    });
    let card = match &entry.id {
        Some(_) if exact.is_some() => exact,
        Some(id) => {
            let key = names::key(id);
            let Some(i) = game
                .find(id)
                .filter(|&i| names::key(game.cards[i].id()) == key)
            else {
                return Err(problem(
                    format!("unknown card id `{id}`"),
                    format!(
                        "ids come from the {} card database; `decksmith cards --game {}` lists them",
                        game.def.name, game.def.id
                    ),
                ));
            };
            let written = names::key(&entry.card);
            if written != key && written != names::key(game.cards[i].name()) {
                return Err(problem(
                    format!(
                        "id `{id}` is `{}`, but the name says `{}`",
                        game.cards[i].name(),
                        entry.card
                    ),
                    "correct the id or the name so that both name the same card".into(),
                ));
            }
            Some(i)
        }
        None => game.find(&entry.card),
    };
    let (card, id) = match card {
        Some(i) => (game.cards[i].name().into(), Some(game.cards[i].id().into())),
        None => {
            check_text("card name", &entry.card, entry.span.clone(), entry.line)?;
            (entry.card.trim().into(), None)
        }
    };
    Ok(Entry {
        count: entry.count,
        card,
        id,
        printing: entry.printing.clone(),
        tags,
        span: entry.span.clone(),
        line: entry.line,
    })
}

/// Names must fit on one line of every encoding: not empty, no line breaks or other control
/// characters.
fn check_text(
    what: &str,
    value: &str,
    span: Option<Range<usize>>,
    line: Option<u32>,
) -> Result<(), ParseProblem> {
    let reason = if value.trim().is_empty() {
        Some("is empty")
    } else if value.chars().any(char::is_control) {
        Some("holds a line break or another control character")
    } else {
        None
    };
    match reason {
        None => Ok(()),
        Some(reason) => Err(ParseProblem {
            message: format!("{what} `{}` {reason}", value.escape_debug()),
            help: Some(format!("a {what} is one line of text")),
            span,
            line,
        }),
    }
}

/// Writes a canonical deck (see [`canonical`]) of `game` in `encoding`.
pub fn write(deck: &Deck, encoding: Encoding, game: &Game) -> Result<String, Vec<ParseProblem>> {
    match encoding {
        Encoding::Text => Ok(text::write(deck)),
        Encoding::Json => Ok(json::write(deck)),
        Encoding::Toml => Ok(toml::write(deck)),
        Encoding::Csv => Ok(csv::write(deck)),
        Encoding::Code => code::write(deck, game).map(|mut c| {
            c.push('\n');
            c
        }),
        Encoding::Arena => arena::write(deck, game),
        Encoding::Cod => Ok(cod::write(deck, game)),
        Encoding::Lackey => lackey::write(deck, game),
    }
}

/// One card entry of the structured encodings (JSON, TOML): `{count, id, name}`, either of
/// `id` and `name` may be left out, not both; optionally the printing (`set`, `number`) and
/// `tags`.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct EntryFile {
    #[schemars(range(min = 1, max = 999))]
    count: i64,
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    name: Option<String>,
    /// The set code of the printing the list names.
    #[serde(default)]
    set: Option<String>,
    /// The collector number of that printing, as text or a whole number.
    #[serde(default)]
    number: Option<CollectorNumber>,
    #[serde(default)]
    tags: Vec<String>,
}

/// A collector number: `12` and `"12a"` are both written.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(untagged)]
pub(crate) enum CollectorNumber {
    Whole(u64),
    Text(String),
}

impl EntryFile {
    pub(crate) fn into_entry(self, span: Range<usize>, line: u32) -> Result<Entry, ParseProblem> {
        let problem = |message: String, help: &str| ParseProblem {
            message,
            help: Some(help.to_owned()),
            span: Some(span.clone()),
            line: Some(line),
        };
        let count = u32::try_from(self.count)
            .ok()
            .filter(|c| (1..=MAX_COUNT).contains(c))
            .ok_or_else(|| {
                problem(
                    format!("count {} is out of range", self.count),
                    &format!("counts go from 1 to {MAX_COUNT}"),
                )
            })?;
        let card =
            match (&self.name, &self.id) {
                (Some(n), _) => n.clone(),
                (None, Some(id)) => id.clone(),
                (None, None) => return Err(problem(
                    "an entry needs a `name` or an `id`".into(),
                    "write the card as `{count = 3, id = \"JF-010\", name = \"Ember Striker\"}`",
                )),
            };
        let number = self.number.map(|n| match n {
            CollectorNumber::Whole(n) => n.to_string(),
            CollectorNumber::Text(t) => t,
        });
        let printing = match (self.set, number) {
            (Some(set), number) => Some(Printing { set, number }),
            (None, None) => None,
            (None, Some(_)) => {
                return Err(problem(
                    "an entry has a `number` but no `set`".into(),
                    "a collector number belongs to a set: give the printing's `set` too",
                ))
            }
        };
        Ok(Entry {
            count,
            card: card.into(),
            id: self.id.map(Into::into),
            printing,
            tags: self.tags,
            span: Some(span),
            line: Some(line),
        })
    }
}

/// One swap of a sideboard plan in the structured encodings: `{in = 2, card = "…"}` boards
/// copies in from the side zone, `{out = 2, card = "…"}` boards them out to it.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct SwapFile {
    /// Copies boarded in from the side zone (give `in` or `out`).
    #[serde(default, rename = "in")]
    #[schemars(range(min = 1, max = 999))]
    board_in: Option<i64>,
    /// Copies boarded out of the main deck to the side zone.
    #[serde(default, rename = "out")]
    #[schemars(range(min = 1, max = 999))]
    board_out: Option<i64>,
    /// The card's name or id.
    card: String,
}

impl SwapFile {
    pub(crate) fn into_swap(self, span: Range<usize>, line: u32) -> Result<Swap, ParseProblem> {
        let problem = |message: String, help: String| ParseProblem {
            message,
            help: Some(help),
            span: Some(span.clone()),
            line: Some(line),
        };
        let (count, into_main) = match (self.board_in, self.board_out) {
            (Some(n), None) => (n, true),
            (None, Some(n)) => (n, false),
            (both, _) => {
                let message = match both {
                    Some(_) => "a swap has both `in` and `out`",
                    None => "a swap needs `in` or `out`, the copies it boards",
                };
                return Err(problem(
                    message.into(),
                    "give one count: `in` boards copies in from the side zone, `out` boards them out to it".into(),
                ));
            }
        };
        let count = u32::try_from(count)
            .ok()
            .filter(|c| (1..=MAX_COUNT).contains(c))
            .ok_or_else(|| {
                problem(
                    format!("count {count} of `{}` is out of range", self.card),
                    format!("counts go from 1 to {MAX_COUNT}"),
                )
            })?;
        check_text("card name", &self.card, Some(span.clone()), Some(line))?;
        Ok(Swap {
            count,
            card: self.card.trim().into(),
            into_main,
            span: Some(span),
            line: Some(line),
        })
    }
}

/// Adds a plan read from a structured encoding to `deck`, or a problem when its name is empty,
/// not one line, or a name another plan has (compared as card names are).
pub(crate) fn add_plan(deck: &mut Deck, name: Located<String>, swaps: Vec<Swap>) {
    if let Err(p) = check_text("plan name", &name.value, name.span.clone(), name.line) {
        deck.problems.push(p);
        return;
    }
    let key = names::key(&name.value);
    if let Some(was) = (deck.plans.iter()).find(|p| names::key(&p.name.value) == key) {
        let at = was
            .name
            .line
            .map_or(String::new(), |l| format!(" on line {l}"));
        deck.problems.push(ParseProblem {
            message: format!("plan `{}` is given twice", name.value),
            help: Some(format!(
                "merge the two into the first{at}, or give this one another name"
            )),
            span: name.span,
            line: name.line,
        });
        return;
    }
    let name = Located {
        value: name.value.trim().to_owned(),
        ..name
    };
    deck.plans.push(Plan { name, swaps });
}

/// A map read in document order (serde maps are unordered; zones are not).
pub(crate) struct Ordered<K, V>(pub(crate) Vec<(K, V)>);

impl<'de, K: Deserialize<'de>, V: Deserialize<'de>> Deserialize<'de> for Ordered<K, V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V2<K, V>(std::marker::PhantomData<(K, V)>);
        impl<'de, K: Deserialize<'de>, V: Deserialize<'de>> Visitor<'de> for V2<K, V> {
            type Value = Ordered<K, V>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a table of zones, each a list of card entries")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut out = Vec::new();
                while let Some((k, v)) = map.next_entry()? {
                    if out.len() >= MAX_ZONES {
                        return Err(serde::de::Error::custom(format!(
                            "more than {MAX_ZONES} zones"
                        )));
                    }
                    out.push((k, v));
                }
                Ok(Ordered(out))
            }
        }
        d.deserialize_map(V2(std::marker::PhantomData))
    }
}

/// No game has more zones than this; a file with more is not a deck.
pub const MAX_ZONES: usize = 16;

/// Quotes a string the way JSON, TOML and the docs show it (`"A \"B\""`).
pub(crate) fn quoted(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_default()
}

/// A list of quoted strings, as JSON and TOML write it (`["a", "b"]`).
pub(crate) fn quoted_list(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|s| quoted(s)).collect();
    format!("[{}]", quoted.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_ends_are_where_a_byte_search_finds_them() {
        // One or two line ends at every place in runs of every length, among bytes that XOR
        // `\n` makes 0x01 or 0x80 and up (what a borrow could mark wrongly).
        let filler = [b'a', 0x0b, 0x8a, 0xff, b'\r', 0x00];
        for len in 0..40 {
            for first in 0..=len {
                for second in first..=len {
                    let mut bytes: Vec<u8> = (0..len).map(|i| filler[i % filler.len()]).collect();
                    for at in [first, second].into_iter().filter(|&at| at < len) {
                        bytes[at] = b'\n';
                    }
                    let expected = bytes.iter().position(|&b| b == b'\n');
                    assert_eq!(line_end(&bytes), expected, "{bytes:?}");
                }
            }
        }
    }

    #[test]
    fn content_lines_are_numbered_trimmed_and_placed() {
        let text = "\u{feff}a\r\n\n  b c \t\r\nd";
        let lines: Vec<_> = content_lines(text).collect();
        assert_eq!(lines, [(1, "a", 3..4), (3, "b c", 9..12), (4, "d", 16..17)]);
        assert_eq!(content_lines("").count(), 0);
        assert_eq!(content_lines("\n\n").count(), 0);
    }
}
