//! The deck code: a whole deck in one line of URL-safe characters, for chat messages and links.
//!
//! The byte layout is documented in `docs/deck-code.md` so that other tools can read and write
//! codes; keep the two in step. In short: a version byte, the payload length, the game, the
//! format, the deck name, a table of card-id stems, the zones with `(count, card)` varint
//! pairs, and a CRC-32 of everything before it; all of it in unpadded URL-safe base64.
//!
//! Decoding is strict, because a code that decodes into a different deck is worse than one
//! that is refused: every character must be in the alphabet, unused low bits of the last
//! character must be zero, the checksum must match, every varint must be minimal, and every
//! length and count is checked against what is left of the input before anything is
//! allocated for it. Base64 and CRC-32 are written here rather than taken from crates: both
//! are a screenful, the decoder must be strict in ways a general library leaves optional, and
//! the code is on the benchmarked path.

pub use crate::card_db::split_id;
use crate::card_db::Game;
use crate::catalog::Catalog;
use crate::deck::{Deck, Entry, Located, ParseProblem, Zone, MAX_COUNT};
use std::fmt;

/// The layout version this decksmith writes and reads.
pub const VERSION: u8 = 1;
/// Longest code decoded at all; a real deck's code is a few hundred characters at most.
pub const MAX_CODE_CHARS: usize = 4096;
/// Longest game, format, zone id or id stem, in bytes.
pub const MAX_ID_BYTES: usize = 64;
/// Longest deck name, in bytes.
pub const MAX_NAME_BYTES: usize = 255;
/// Most distinct id stems in one code.
pub const MAX_STEMS: usize = 64;
/// Most entries in one zone.
pub const MAX_ENTRIES: usize = 1024;
/// Most zones in one code.
pub const MAX_ZONES: usize = super::MAX_ZONES;
/// Most digits of a card id that are packed as a number; more stay in the stem.
pub const MAX_WIDTH: u8 = crate::card_db::MAX_ID_WIDTH;

/// A decoded deck code: card ids are kept as (stem, number) pairs until asked for.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DeckCode {
    pub game: String,
    pub format: String,
    pub name: Option<String>,
    pub stems: Vec<Stem>,
    pub zones: Vec<CodeZone>,
}

/// The part of a card id before its trailing number, and how many digits that number has.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Stem {
    pub text: String,
    pub width: u8,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodeZone {
    pub zone: String,
    pub entries: Vec<CodeEntry>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodeEntry {
    pub count: u32,
    /// Index into [`DeckCode::stems`].
    pub stem: u32,
    pub number: u32,
}

/// Why a code was refused: each says which part of the code is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CodeError {
    Empty,
    TooLong {
        chars: usize,
    },
    /// `position` counts characters from 1; `offset` is the byte offset in the input.
    BadCharacter {
        position: usize,
        offset: usize,
        found: char,
    },
    BadLength {
        chars: usize,
    },
    BadLastCharacter,
    TooShort {
        bytes: usize,
    },
    Truncated {
        have: usize,
        want: usize,
    },
    Trailing {
        extra: usize,
    },
    Checksum {
        stored: u32,
        computed: u32,
    },
    DamagedVersion {
        version: u8,
    },
    Version {
        version: u8,
    },
    /// The checksum matched, but the content breaks the layout (a faulty encoder).
    Malformed {
        part: String,
        reason: String,
    },
    /// The deck cannot be put in a code.
    Unencodable {
        reason: String,
    },
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodeError::Empty => write!(f, "the deck code is empty"),
            CodeError::TooLong { chars } => write!(
                f,
                "the deck code is {chars} characters long, far more than any deck needs (at most {MAX_CODE_CHARS})"
            ),
            CodeError::BadCharacter { position, found, .. } => write!(
                f,
                "character {position} of the deck code, `{}`, is not a deck-code character",
                found.escape_debug()
            ),
            CodeError::BadLength { chars } => write!(
                f,
                "the deck code cannot be {chars} characters long: a character is missing or one too many"
            ),
            CodeError::BadLastCharacter => write!(
                f,
                "the last character of the deck code is wrong: it sets bits no deck code has"
            ),
            CodeError::TooShort { bytes } => write!(
                f,
                "the deck code is too short to hold a deck ({bytes} bytes)"
            ),
            CodeError::Truncated { have, want } => write!(
                f,
                "the deck code is cut short: its header promises {want} bytes but it holds {have} (or the start of the code was mistyped)"
            ),
            CodeError::Trailing { extra } => write!(
                f,
                "the deck code has {extra} more bytes than its header promises: something was added at its end"
            ),
            CodeError::Checksum { stored, computed } => write!(
                f,
                "the deck code's checksum does not match its contents (stored {stored:08x}, computed {computed:08x}): a character was changed"
            ),
            CodeError::DamagedVersion { version } => write!(
                f,
                "the deck code is damaged: its version byte says {version}, no such version exists, and its checksum does not match"
            ),
            CodeError::Version { version } => write!(
                f,
                "deck code version {version} is not supported: this decksmith reads version {VERSION}"
            ),
            CodeError::Malformed { part, reason } => write!(
                f,
                "the deck code's checksum matches, but its {part} is malformed: {reason}"
            ),
            CodeError::Unencodable { reason } => write!(f, "the deck cannot be put in a deck code: {reason}"),
        }
    }
}

impl std::error::Error for CodeError {}

impl CodeError {
    /// What the user can do about it.
    pub fn help(&self) -> String {
        match self {
            CodeError::BadCharacter { .. } | CodeError::BadLength { .. } => {
                "deck codes use only A-Z, a-z, 0-9, `-` and `_`; copy the whole code again from where it was shared".into()
            }
            CodeError::Version { .. } => {
                "the code comes from a newer decksmith; update decksmith, or ask for the deck in another encoding".into()
            }
            CodeError::Unencodable { .. } => {
                "convert to an encoding that keeps names: text, json, toml, csv, arena, cod or lackey".into()
            }
            _ => "copy the whole code again from where it was shared".into(),
        }
    }
}

impl DeckCode {
    pub fn new(game: &str, format: &str, name: Option<&str>) -> DeckCode {
        DeckCode {
            game: game.to_owned(),
            format: format.to_owned(),
            name: name.map(str::to_owned),
            stems: Vec::new(),
            zones: Vec::new(),
        }
    }

    pub fn push_zone(&mut self, zone: &str) {
        self.zones.push(CodeZone {
            zone: zone.to_owned(),
            entries: Vec::new(),
        });
    }

    /// Adds a card to the last zone (opening a `main` zone if there is none).
    pub fn push_card(&mut self, count: u32, id: &str) {
        let (stem, width, number) = split_id(id);
        let index = match self
            .stems
            .iter()
            .position(|s| s.width == width && s.text == stem)
        {
            Some(i) => i,
            None => {
                self.stems.push(Stem {
                    text: stem.to_owned(),
                    width,
                });
                self.stems.len() - 1
            }
        };
        if self.zones.is_empty() {
            self.push_zone("main");
        }
        if let Some(zone) = self.zones.last_mut() {
            zone.entries.push(CodeEntry {
                count,
                stem: index as u32,
                number,
            });
        }
    }

    /// Writes the card id of an entry into `out` (cleared first).
    pub fn write_card_id(&self, entry: &CodeEntry, out: &mut String) {
        out.clear();
        if let Some(stem) = self.stems.get(entry.stem as usize) {
            out.push_str(&stem.text);
            // The number zero-padded to the stem's width, digit by digit: `write!` with a
            // width costs more than the map lookup this id is made for.
            let mut digits = [b'0'; MAX_WIDTH as usize];
            let width = usize::from(stem.width.min(MAX_WIDTH));
            let mut n = entry.number;
            for d in digits[..width].iter_mut().rev() {
                *d = b'0' + (n % 10) as u8;
                n /= 10;
            }
            out.extend(digits[..width].iter().map(|&d| char::from(d)));
        }
    }

    pub fn card_id(&self, entry: &CodeEntry) -> String {
        let mut out = String::new();
        self.write_card_id(entry, &mut out);
        out
    }

    /// The code for this deck.
    pub fn encode(&self) -> Result<String, CodeError> {
        let too_long = |what: &str, limit: usize| CodeError::Unencodable {
            reason: format!("its {what} is longer than {limit} bytes"),
        };
        // The payload is written after room for the version and a one-byte length; a longer
        // length shifts it along once at the end.
        let mut payload = Vec::with_capacity(160);
        payload.extend_from_slice(&[VERSION, 0]);
        put_str(&mut payload, &self.game, MAX_ID_BYTES)
            .map_err(|()| too_long("game id", MAX_ID_BYTES))?;
        put_str(&mut payload, &self.format, MAX_ID_BYTES)
            .map_err(|()| too_long("format id", MAX_ID_BYTES))?;
        put_str(
            &mut payload,
            self.name.as_deref().unwrap_or(""),
            MAX_NAME_BYTES,
        )
        .map_err(|()| too_long("name", MAX_NAME_BYTES))?;
        if self.stems.len() > MAX_STEMS {
            return Err(CodeError::Unencodable {
                reason: format!("its card ids have more than {MAX_STEMS} different stems"),
            });
        }
        put_varint(&mut payload, self.stems.len() as u64);
        for stem in &self.stems {
            put_str(&mut payload, &stem.text, MAX_ID_BYTES)
                .map_err(|()| too_long("card id", MAX_ID_BYTES))?;
            if stem.width > MAX_WIDTH {
                return Err(CodeError::Unencodable {
                    reason: format!("an id number is wider than {MAX_WIDTH} digits"),
                });
            }
            payload.push(stem.width);
        }
        if self.zones.len() > MAX_ZONES {
            return Err(CodeError::Unencodable {
                reason: format!("it has more than {MAX_ZONES} zones"),
            });
        }
        put_varint(&mut payload, self.zones.len() as u64);
        let stems = self.stems.len() as u64;
        for zone in &self.zones {
            put_str(&mut payload, &zone.zone, MAX_ID_BYTES)
                .map_err(|()| too_long("zone id", MAX_ID_BYTES))?;
            if zone.entries.len() > MAX_ENTRIES {
                return Err(CodeError::Unencodable {
                    reason: format!("zone `{}` has more than {MAX_ENTRIES} lines", zone.zone),
                });
            }
            put_varint(&mut payload, zone.entries.len() as u64);
            for e in &zone.entries {
                if !(1..=MAX_COUNT).contains(&e.count) || u64::from(e.stem) >= stems {
                    return Err(CodeError::Unencodable {
                        reason: format!("a count of {} is out of range", e.count),
                    });
                }
                put_varint(&mut payload, u64::from(e.count));
                put_varint(
                    &mut payload,
                    u64::from(e.number) * stems + u64::from(e.stem),
                );
            }
        }
        let mut bytes = payload;
        let len = bytes.len() - 2;
        let mut header = Vec::with_capacity(10);
        put_varint(&mut header, len as u64);
        bytes.splice(1..2, header);
        let crc = crc32(&bytes);
        bytes.extend_from_slice(&crc.to_be_bytes());
        Ok(base64_encode(&bytes))
    }

    /// Reads a code; surrounding white space is ignored.
    pub fn decode(code: &str) -> Result<DeckCode, CodeError> {
        let code = code.trim();
        if code.is_empty() {
            return Err(CodeError::Empty);
        }
        if code.len() > MAX_CODE_CHARS {
            return Err(CodeError::TooLong {
                chars: code.chars().count(),
            });
        }
        // A damaged end (a bad length, stray low bits) is only reported once the header has had
        // its say: a code cut short is far more often the cause, and the header can tell.
        let (bytes, tail) = base64_parts(code)?;
        let version = bytes.first().copied().unwrap_or(0);
        let mut header = Reader::new(bytes.get(1..).unwrap_or(&[]));
        let declared = header.varint(Part::Length).ok();
        if version == VERSION {
            if let Some(len) = declared {
                let want = (1 + header.pos as u64)
                    .saturating_add(len)
                    .saturating_add(4);
                if want > bytes.len() as u64 {
                    return Err(CodeError::Truncated {
                        have: bytes.len(),
                        want: usize::try_from(want).unwrap_or(usize::MAX),
                    });
                }
                if want < bytes.len() as u64 {
                    return Err(CodeError::Trailing {
                        extra: bytes.len() - want as usize,
                    });
                }
            }
        }
        if let Some(tail) = tail {
            return Err(tail);
        }
        let Some(body_len) = bytes.len().checked_sub(4).filter(|&n| n >= 2) else {
            return Err(CodeError::TooShort { bytes: bytes.len() });
        };
        let (body, stored) = bytes.split_at(body_len);
        let stored = u32::from_be_bytes([stored[0], stored[1], stored[2], stored[3]]);
        let computed = crc32(body);
        if stored != computed {
            return Err(if version == VERSION {
                CodeError::Checksum { stored, computed }
            } else {
                CodeError::DamagedVersion { version }
            });
        }
        if version != VERSION {
            return Err(CodeError::Version { version });
        }
        if declared.is_none() {
            return Err(Part::Length.malformed("it is not a valid number".into()));
        }
        let mut r = Reader::new(&body[1 + header.pos..]);
        let game = r.string(Part::Game, MAX_ID_BYTES)?;
        let format = r.string(Part::Format, MAX_ID_BYTES)?;
        let name = r.string(Part::Name, MAX_NAME_BYTES)?;
        let stem_count = r.bounded(Part::StemCount, MAX_STEMS, 2)?;
        let mut stems: Vec<Stem> = Vec::with_capacity(stem_count);
        for i in 0..stem_count {
            let text = r.string(Part::Stem(i), MAX_ID_BYTES)?;
            let width = r.byte(Part::Stem(i))?;
            if width > MAX_WIDTH {
                return Err(Part::Stem(i).malformed(format!("width {width} is over {MAX_WIDTH}")));
            }
            if stems.iter().any(|s| s.text == text && s.width == width) {
                return Err(Part::Stem(i).malformed("it repeats an earlier stem".into()));
            }
            stems.push(Stem { text, width });
        }
        let zone_count = r.bounded(Part::ZoneCount, MAX_ZONES, 2)?;
        let mut zones = Vec::with_capacity(zone_count);
        // MAX_STEMS is 64: one bit per stem.
        let mut used: u64 = 0;
        let stem_total = stem_count as u64;
        for z in 0..zone_count {
            let zone = r.string(Part::Zone(z), MAX_ID_BYTES)?;
            // Each line takes at least two bytes, which bounds the allocation by the input.
            let n = r.bounded(Part::LineCount(z), MAX_ENTRIES, 2)?;
            let mut entries = Vec::with_capacity(n);
            for i in 0..n {
                let part = Part::Line(z, i);
                let count = r.varint(part)?;
                if !(1..=u64::from(MAX_COUNT)).contains(&count) {
                    return Err(part.malformed(format!("count {count} is not 1 to {MAX_COUNT}")));
                }
                let card = r.varint(part)?;
                if stem_total == 0 {
                    return Err(part.malformed("the code has no id stems".into()));
                }
                let stem = (card % stem_total) as usize;
                let number = card / stem_total;
                let width = stems.get(stem).map_or(0, |s| s.width);
                if number >= 10u64.pow(u32::from(width)) {
                    return Err(part.malformed(format!(
                        "card number {number} has more digits than its stem's {width}"
                    )));
                }
                used |= 1 << stem;
                entries.push(CodeEntry {
                    count: count as u32,
                    stem: stem as u32,
                    number: number as u32,
                });
            }
            zones.push(CodeZone { zone, entries });
        }
        if let Some(unused) = (0..stem_count).find(|&i| used & (1 << i) == 0) {
            return Err(Part::Stem(unused).malformed("no card uses it".into()));
        }
        if !r.is_done() {
            return Err(Part::End.malformed(format!("{} bytes follow the last zone", r.left())));
        }
        Ok(DeckCode {
            game,
            format,
            name: (!name.is_empty()).then_some(name),
            stems,
            zones,
        })
    }
}

/// Where in the payload a malformed value sits, for the message.
#[derive(Debug, Clone, Copy)]
enum Part {
    Length,
    Game,
    Format,
    Name,
    StemCount,
    Stem(usize),
    ZoneCount,
    Zone(usize),
    LineCount(usize),
    Line(usize, usize),
    End,
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Part::Length => write!(f, "payload length"),
            Part::Game => write!(f, "game id"),
            Part::Format => write!(f, "format id"),
            Part::Name => write!(f, "deck name"),
            Part::StemCount => write!(f, "id stem count"),
            Part::Stem(i) => write!(f, "id stem {}", i + 1),
            Part::ZoneCount => write!(f, "zone count"),
            Part::Zone(z) => write!(f, "zone {} id", z + 1),
            Part::LineCount(z) => write!(f, "zone {} line count", z + 1),
            Part::Line(z, i) => write!(f, "zone {} line {}", z + 1, i + 1),
            Part::End => write!(f, "end"),
        }
    }
}

impl Part {
    fn malformed(self, reason: String) -> CodeError {
        CodeError::Malformed {
            part: self.to_string(),
            reason,
        }
    }
}

/// Reads the payload; every read checks what is left first.
struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        Reader { bytes, pos: 0 }
    }

    fn left(&self) -> usize {
        self.bytes.len() - self.pos
    }

    fn is_done(&self) -> bool {
        self.pos == self.bytes.len()
    }

    fn byte(&mut self, part: Part) -> Result<u8, CodeError> {
        let b = *self
            .bytes
            .get(self.pos)
            .ok_or_else(|| part.malformed("the code ends inside it".into()))?;
        self.pos += 1;
        Ok(b)
    }

    /// An unsigned LEB128 varint of at most ten bytes, in its shortest form.
    fn varint(&mut self, part: Part) -> Result<u64, CodeError> {
        let mut value: u64 = 0;
        for i in 0..10 {
            let b = self.byte(part)?;
            let bits = u64::from(b & 0x7f);
            if i == 9 && b > 1 {
                return Err(part.malformed("a number does not fit 64 bits".into()));
            }
            value |= bits << (7 * i);
            if b & 0x80 == 0 {
                if b == 0 && i > 0 {
                    return Err(part.malformed("a number is not in its shortest form".into()));
                }
                return Ok(value);
            }
        }
        Err(part.malformed("a number does not fit 64 bits".into()))
    }

    /// A count that must be at most `max`, and that the remaining bytes could hold at
    /// `min_bytes` each: checked before anything is allocated for it.
    fn bounded(&mut self, part: Part, max: usize, min_bytes: usize) -> Result<usize, CodeError> {
        let n = self.varint(part)?;
        if n > max as u64 {
            return Err(part.malformed(format!("{n} is over the limit of {max}")));
        }
        if n.saturating_mul(min_bytes as u64) > self.left() as u64 {
            return Err(part.malformed(format!(
                "{n} would need more than the {} bytes left",
                self.left()
            )));
        }
        Ok(n as usize)
    }

    fn string(&mut self, part: Part, max: usize) -> Result<String, CodeError> {
        let n = self.bounded(part, max, 1)?;
        let bytes = &self.bytes[self.pos..self.pos + n];
        self.pos += n;
        std::str::from_utf8(bytes)
            .map(str::to_owned)
            .map_err(|_| part.malformed("it is not UTF-8 text".into()))
    }
}

fn put_varint(out: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        out.push((value as u8 & 0x7f) | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

fn put_str(out: &mut Vec<u8>, s: &str, max: usize) -> Result<(), ()> {
    if s.len() > max {
        return Err(());
    }
    put_varint(out, s.len() as u64);
    out.extend_from_slice(s.as_bytes());
    Ok(())
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

const fn decode_table() -> [u8; 256] {
    let mut table = [0xff; 256];
    let mut i = 0;
    while i < 64 {
        table[ALPHABET[i] as usize] = i as u8;
        i += 1;
    }
    table
}

static DECODE: [u8; 256] = decode_table();

/// URL-safe base64 without padding (RFC 4648 §5).
pub fn base64_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    let mut chunks = bytes.chunks_exact(3);
    for c in &mut chunks {
        let n = (u32::from(c[0]) << 16) | (u32::from(c[1]) << 8) | u32::from(c[2]);
        for shift in [18, 12, 6, 0] {
            out.push(ALPHABET[(n >> shift) as usize & 63] as char);
        }
    }
    match *chunks.remainder() {
        [a] => {
            let n = u32::from(a) << 16;
            out.push(ALPHABET[(n >> 18) as usize & 63] as char);
            out.push(ALPHABET[(n >> 12) as usize & 63] as char);
        }
        [a, b] => {
            let n = (u32::from(a) << 16) | (u32::from(b) << 8);
            for shift in [18, 12, 6] {
                out.push(ALPHABET[(n >> shift) as usize & 63] as char);
            }
        }
        _ => {}
    }
    out
}

/// Strict decoding: no padding, no white space, no other alphabet, and the unused low bits of
/// the last character must be zero (so that exactly one text stands for each byte string).
pub fn base64_decode(text: &str) -> Result<Vec<u8>, CodeError> {
    match base64_parts(text)? {
        (bytes, None) => Ok(bytes),
        (_, Some(tail)) => Err(tail),
    }
}

/// Decodes as many whole bytes as `text` holds. A character outside the alphabet is an error;
/// a damaged end (a length no encoder makes, stray low bits) is returned beside the bytes.
fn base64_parts(text: &str) -> Result<(Vec<u8>, Option<CodeError>), CodeError> {
    let input = text.as_bytes();
    let mut out = Vec::with_capacity(input.len() / 4 * 3 + 2);
    let bad = |i: usize| CodeError::BadCharacter {
        position: text.get(..i).map_or(i, |s| s.chars().count()) + 1,
        offset: i,
        found: text.get(i..).and_then(|s| s.chars().next()).unwrap_or('?'),
    };
    let mut groups = input.chunks_exact(4);
    for (g, c) in (&mut groups).enumerate() {
        let (a, b, c2, d) = (
            DECODE[c[0] as usize],
            DECODE[c[1] as usize],
            DECODE[c[2] as usize],
            DECODE[c[3] as usize],
        );
        if (a | b | c2 | d) & 0x80 != 0 {
            let at = c
                .iter()
                .position(|&x| DECODE[x as usize] == 0xff)
                .unwrap_or(0);
            return Err(bad(g * 4 + at));
        }
        let n = (u32::from(a) << 18) | (u32::from(b) << 12) | (u32::from(c2) << 6) | u32::from(d);
        out.extend_from_slice(&[(n >> 16) as u8, (n >> 8) as u8, n as u8]);
    }
    let rest_start = input.len() - groups.remainder().len();
    let mut acc: u32 = 0;
    let mut bits = 0;
    for (i, &b) in input.iter().enumerate().skip(rest_start) {
        let v = DECODE[b as usize];
        if v == 0xff {
            return Err(bad(i));
        }
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    let tail = if input.len() % 4 == 1 {
        Some(CodeError::BadLength { chars: input.len() })
    } else if acc != 0 {
        Some(CodeError::BadLastCharacter)
    } else {
        None
    };
    Ok((out, tail))
}

/// Eight 256-entry tables for CRC-32 (the IEEE polynomial, as zlib and PNG use), eight input
/// bytes per step.
const fn crc_tables() -> [[u32; 256]; 8] {
    let mut t = [[0u32; 256]; 8];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 {
                0xEDB8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
            k += 1;
        }
        t[0][i] = c;
        i += 1;
    }
    let mut i = 0;
    while i < 256 {
        let mut s = 1;
        while s < 8 {
            let prev = t[s - 1][i];
            t[s][i] = (prev >> 8) ^ t[0][(prev & 0xff) as usize];
            s += 1;
        }
        i += 1;
    }
    t
}

static CRC: [[u32; 256]; 8] = crc_tables();

/// CRC-32/ISO-HDLC: `crc32(b"123456789") == 0xCBF43926`.
pub fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        let lo = u32::from_le_bytes([c[0], c[1], c[2], c[3]]) ^ crc;
        let hi = u32::from_le_bytes([c[4], c[5], c[6], c[7]]);
        crc = CRC[7][(lo & 0xff) as usize]
            ^ CRC[6][((lo >> 8) & 0xff) as usize]
            ^ CRC[5][((lo >> 16) & 0xff) as usize]
            ^ CRC[4][(lo >> 24) as usize]
            ^ CRC[3][(hi & 0xff) as usize]
            ^ CRC[2][((hi >> 8) & 0xff) as usize]
            ^ CRC[1][((hi >> 16) & 0xff) as usize]
            ^ CRC[0][(hi >> 24) as usize];
    }
    for &b in chunks.remainder() {
        crc = (crc >> 8) ^ CRC[0][((crc ^ u32::from(b)) & 0xff) as usize];
    }
    !crc
}

/// Whether `body` (trimmed) is one token of deck-code characters, long enough to be a code.
pub fn looks_like_code(body: &str) -> bool {
    body.len() >= 12 && body.bytes().all(|b| DECODE[b as usize] != 0xff)
}

/// The code of a canonical deck (see [`super::canonical`]). Every card needs a database id:
/// each one without is reported with its line.
pub fn write(deck: &Deck, game: &Game) -> Result<String, Vec<ParseProblem>> {
    let mut problems = Vec::new();
    let Some(format) = &deck.format else {
        return Err(vec![ParseProblem {
            message: "a deck code names its format, and this deck names none".into(),
            help: Some("add a `format:` line, or pass `--format <id>`".into()),
            span: None,
            line: None,
        }]);
    };
    let name = deck.name.as_ref().map(|n| n.value.as_str());
    if let Some(n) = &deck.name {
        if n.value.len() > MAX_NAME_BYTES {
            problems.push(ParseProblem {
                message: format!(
                    "the deck name is {} bytes long; a deck code holds at most {MAX_NAME_BYTES}",
                    n.value.len()
                ),
                help: Some("shorten the name".into()),
                span: n.span.clone(),
                line: n.line,
            });
        }
    }
    let mut code = DeckCode::new(game.id(), &format.value, name);
    for zone in &deck.zones {
        code.push_zone(&zone.name);
        for entry in &zone.entries {
            let known = entry
                .id
                .as_deref()
                .and_then(|id| game.find(id).filter(|&i| game.cards[i].id() == id));
            match (known, &entry.id) {
                (Some(_), Some(id)) => code.push_card(entry.count, id),
                _ => problems.push(ParseProblem {
                    message: format!(
                        "`{}`{} is not in the {} card database, so it has no id to put in a deck code",
                        entry.card,
                        entry.line.map_or(String::new(), |l| format!(" (line {l})")),
                        game.def.name
                    ),
                    help: Some(format!(
                        "correct the name (`decksmith cards --game {}` searches the cards), or convert to an encoding that keeps names: text, json, toml, csv, arena, cod or lackey",
                        game.def.id
                    )),
                    span: entry.span.clone(),
                    line: entry.line,
                }),
            }
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    code.encode().map_err(|e| {
        vec![ParseProblem {
            message: e.to_string(),
            help: Some(e.help()),
            span: None,
            line: None,
        }]
    })
}

/// A deck code rewritten in canonical form, as [`read`], [`super::canonical`] and
/// [`super::write`] would write it, without building a [`Deck`]: each card is one lookup of
/// its number under its id stem ([`Game::numbered_ids`]), and the decoded code is written
/// again with its format, zone ids and stem order made canonical. `format` replaces the
/// code's own format.
///
/// `None` when the code needs the general path, which reports or rewrites what this one will
/// not: a code that does not decode, an unknown format or one for another game, an id the
/// database spells differently or does not know, ids split into stems another way than
/// [`split_id`] splits them, an unknown, empty or repeated zone, a deck name with white space
/// around it.
pub fn recode(text: &str, format: Option<&str>, catalog: &Catalog) -> Option<String> {
    let mut code = DeckCode::decode(text).ok()?;
    let format = catalog.format(format.unwrap_or(&code.format))?;
    let game = catalog
        .games
        .get(&code.game)
        .filter(|_| format.game == code.game)?;
    if let Some(name) = &code.name {
        if name.trim() != name || name.chars().any(char::is_control) {
            return None;
        }
    }
    if code.format != format.id {
        code.format.clone_from(&format.id);
    }
    // Per decoded stem (at most MAX_STEMS, so on the stack): its cards by number, and where
    // it goes among the stems in the order cards first use them (as the general path pushes
    // them).
    let mut numbered = [None; MAX_STEMS];
    for (slot, s) in numbered.iter_mut().zip(&code.stems) {
        *slot = Some(game.numbered_ids(&s.text, s.width)?);
    }
    let mut slots = [None; MAX_STEMS];
    let mut order = [0usize; MAX_STEMS];
    let mut used = 0;
    for z in 0..code.zones.len() {
        let zone = &mut code.zones[z];
        let id =
            super::canonical_zone(&zone.zone, false, game).filter(|_| !zone.entries.is_empty())?;
        if zone.zone != id {
            zone.zone = id.to_owned();
        }
        for entry in &mut zone.entries {
            let stem = entry.stem as usize;
            numbered[stem]?.cards.get(&entry.number)?;
            entry.stem = *slots[stem].get_or_insert_with(|| {
                order[used] = stem;
                used += 1;
                used as u32 - 1
            });
        }
        if code.zones[..z]
            .iter()
            .any(|other| other.zone == code.zones[z].zone)
        {
            return None;
        }
    }
    let mut stems = std::mem::take(&mut code.stems);
    code.stems = (order[..used].iter())
        .map(|&s| std::mem::take(&mut stems[s]))
        .collect();
    let mut written = code.encode().ok()?;
    written.push('\n');
    Some(written)
}

/// Reads a deck code into a deck: zones under their ids, each card under its database name
/// when the catalog knows its game and id, under the id otherwise (validation then reports it
/// as an unknown card).
pub fn read(text: &str, catalog: &Catalog) -> Result<Deck, ParseProblem> {
    let lead = text.len() - text.trim_start().len();
    let trimmed = text.trim();
    let code = DeckCode::decode(trimmed).map_err(|e| {
        let span = match &e {
            CodeError::BadCharacter { offset, found, .. } => {
                lead + offset..lead + offset + found.len_utf8()
            }
            _ => lead..lead + trimmed.len(),
        };
        ParseProblem {
            message: e.to_string(),
            help: Some(e.help()),
            span: Some(span),
            line: Some(1),
        }
    })?;
    let game = catalog.games.get(&code.game);
    let mut id = String::new();
    let zones = code
        .zones
        .iter()
        .map(|z| Zone {
            name: z.zone.clone(),
            span: None,
            line: None,
            entries: z
                .entries
                .iter()
                .map(|e| {
                    code.write_card_id(e, &mut id);
                    let card = game
                        .and_then(|g| g.find(&id).map(|i| g.cards[i].name().into()))
                        .unwrap_or_else(|| id.as_str().into());
                    Entry {
                        count: e.count,
                        card,
                        id: Some(id.as_str().into()),
                        ..Entry::default()
                    }
                })
                .collect(),
        })
        .collect();
    Ok(Deck {
        format: Some(Located::bare(code.format)),
        name: code.name.map(Located::bare),
        zones,
        ..Deck::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> DeckCode {
        let mut code = DeckCode::new("jforce", "jforce-standard", Some("Ember Rush"));
        code.push_zone("hero");
        code.push_card(1, "JF-001");
        code.push_zone("main");
        for (n, id) in [
            (3, "JF-010"),
            (1, "JF-011"),
            (2, "PROMO"),
            (3, "JF-1234567890"),
        ] {
            code.push_card(n, id);
        }
        code
    }

    #[test]
    fn crc_matches_the_standard_check_value() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
        // Longer than one eight-byte step, with a remainder.
        assert_eq!(
            crc32(b"The quick brown fox jumps over the lazy dog"),
            0x414F_A339
        );
    }

    #[test]
    fn base64_matches_rfc_4648_vectors_without_padding() {
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg"),
            ("fo", "Zm8"),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg"),
            ("fooba", "Zm9vYmE"),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64_encode(plain.as_bytes()), coded);
            assert_eq!(base64_decode(coded).unwrap(), plain.as_bytes());
        }
        assert_eq!(base64_encode(&[0xfb, 0xff]), "-_8");
        assert!(matches!(
            base64_decode("Zh"),
            Err(CodeError::BadLastCharacter)
        ));
        assert!(matches!(
            base64_decode("Zm9vY"),
            Err(CodeError::BadLength { chars: 5 })
        ));
        assert!(matches!(
            base64_decode("Zm=v"),
            Err(CodeError::BadCharacter {
                position: 3,
                found: '=',
                ..
            })
        ));
    }

    #[test]
    fn ids_split_into_stem_and_number() {
        assert_eq!(split_id("JF-012"), ("JF-", 3, 12));
        assert_eq!(split_id("PROMO"), ("PROMO", 0, 0));
        assert_eq!(split_id("JF-1234567890"), ("JF-1", 9, 234_567_890));
        assert_eq!(split_id("7"), ("", 1, 7));
    }

    #[test]
    fn codes_round_trip_with_every_id_shape() {
        let code = sample();
        let text = code.encode().unwrap();
        let back = DeckCode::decode(&text).unwrap();
        assert_eq!(back, code);
        let ids: Vec<String> = back.zones[1]
            .entries
            .iter()
            .map(|e| back.card_id(e))
            .collect();
        assert_eq!(ids, ["JF-010", "JF-011", "PROMO", "JF-1234567890"]);
    }

    #[test]
    fn every_single_character_change_is_refused() {
        let text = sample().encode().unwrap();
        let mut tried = 0;
        for (i, original) in text.char_indices() {
            for &c in ALPHABET.iter().chain(b"=+/ .") {
                let c = c as char;
                if c == original {
                    continue;
                }
                let mut changed = text.clone();
                changed.replace_range(i..i + 1, c.encode_utf8(&mut [0; 4]));
                if changed.trim() != changed {
                    continue; // surrounding blanks are trimmed on purpose
                }
                assert!(DeckCode::decode(&changed).is_err(), "{changed} decoded");
                tried += 1;
            }
        }
        assert!(tried > 1000);
    }

    #[test]
    fn truncation_and_additions_say_so() {
        let text = sample().encode().unwrap();
        let cut = &text[..text.len() - 8];
        let err = DeckCode::decode(cut).unwrap_err();
        assert!(matches!(err, CodeError::Truncated { .. }), "{err}");
        let longer = format!("{text}AAAA");
        let err = DeckCode::decode(&longer).unwrap_err();
        assert!(matches!(err, CodeError::Trailing { extra: 3 }), "{err}");
    }

    /// Builds a code with a valid checksum around arbitrary bytes.
    /// A payload up to a zone's line count: game `g`, format `f`, no name, one id stem `X-`,
    /// one zone `main`.
    fn one_zone_header() -> Vec<u8> {
        let mut p = Vec::new();
        for s in ["g", "f", ""] {
            put_str(&mut p, s, 64).unwrap();
        }
        put_varint(&mut p, 1);
        put_str(&mut p, "X-", 64).unwrap();
        p.push(1);
        put_varint(&mut p, 1);
        put_str(&mut p, "main", 64).unwrap();
        p
    }

    fn framed(version: u8, payload: &[u8]) -> String {
        let mut bytes = vec![version];
        put_varint(&mut bytes, payload.len() as u64);
        bytes.extend_from_slice(payload);
        let crc = crc32(&bytes);
        bytes.extend_from_slice(&crc.to_be_bytes());
        base64_encode(&bytes)
    }

    #[test]
    fn a_newer_version_is_named() {
        let err = DeckCode::decode(&framed(2, b"anything at all")).unwrap_err();
        assert_eq!(err, CodeError::Version { version: 2 });
        assert!(err.to_string().contains("version 2 is not supported"));
    }

    #[test]
    fn absurd_lengths_are_refused_before_allocating() {
        // A zone claiming a million lines in a payload of a few bytes.
        let mut p = one_zone_header();
        put_varint(&mut p, 1_000_000);
        let err = DeckCode::decode(&framed(1, &p)).unwrap_err();
        assert!(
            err.to_string()
                .contains("zone 1 line count is malformed: 1000000 is over the limit"),
            "{err}"
        );
        // A string length of 2^63.
        let mut p = Vec::new();
        put_varint(&mut p, 1 << 63);
        let err = DeckCode::decode(&framed(1, &p)).unwrap_err();
        assert!(err.to_string().contains("game id"), "{err}");
        assert!(matches!(
            DeckCode::decode(&"A".repeat(5000)),
            Err(CodeError::TooLong { .. })
        ));
    }

    #[test]
    fn claims_of_2_to_the_60_are_refused_before_allocating() {
        let huge = 1u64 << 60;
        // 2^60 id stems.
        let mut p = Vec::new();
        for s in ["g", "f", ""] {
            put_str(&mut p, s, 64).unwrap();
        }
        put_varint(&mut p, huge);
        let err = DeckCode::decode(&framed(1, &p)).unwrap_err().to_string();
        assert!(err.contains("over the limit"), "{err}");
        // 2^60 lines in a zone.
        let mut p = one_zone_header();
        put_varint(&mut p, huge);
        let err = DeckCode::decode(&framed(1, &p)).unwrap_err().to_string();
        assert!(err.contains("line count is malformed"), "{err}");
        // 2^60 copies of a card, and 2^32.
        for count in [huge, 1 << 32] {
            let mut p = one_zone_header();
            put_varint(&mut p, 1);
            put_varint(&mut p, count);
            p.push(3);
            let err = DeckCode::decode(&framed(1, &p)).unwrap_err().to_string();
            assert!(err.contains(&format!("count {count} is not 1 to")), "{err}");
        }
    }

    #[test]
    fn non_minimal_varints_and_bad_counts_are_malformed() {
        let mut p = one_zone_header();
        put_varint(&mut p, 1);
        let mut zero = p.clone();
        zero.extend([0, 3]);
        assert!(DeckCode::decode(&framed(1, &zero))
            .unwrap_err()
            .to_string()
            .contains("zone 1 line 1 is malformed: count 0"));
        let mut long = p.clone();
        long.extend([0x83, 0x00, 3]);
        assert!(DeckCode::decode(&framed(1, &long))
            .unwrap_err()
            .to_string()
            .contains("shortest form"));
        let mut wide = p;
        wide.extend([1, 10]);
        assert!(DeckCode::decode(&framed(1, &wide))
            .unwrap_err()
            .to_string()
            .contains("more digits"));
    }
}
