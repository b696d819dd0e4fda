//! Card-name matching: the key under which a name is looked up, and "did you mean" suggestions.
//!
//! Deck lists are typed by people and pasted from web pages, so `Ma’at`, `MA'AT` and a
//! decomposed `é` must all find the same card. The key is the NFKC form, lower-cased, with
//! typographic quotes and apostrophes folded to ASCII and runs of white space collapsed.

use unicode_normalization::UnicodeNormalization;

/// The lookup key of a card name or id.
pub fn key(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    key_into(name, &mut out);
    out
}

/// Writes the lookup key of `name` into `out` (cleared first), reusing its allocation.
pub fn key_into(name: &str, out: &mut String) {
    out.clear();
    let trimmed = name.trim();
    if trimmed.is_ascii() {
        // The common case: no normalisation needed, and no allocation once `out` has grown.
        let mut last_space = false;
        for b in trimmed.bytes() {
            if b.is_ascii_whitespace() {
                if !last_space {
                    out.push(' ');
                }
                last_space = true;
            } else {
                out.push(b.to_ascii_lowercase() as char);
                last_space = false;
            }
        }
        return;
    }
    let mut last_space = false;
    for c in trimmed.nfkc() {
        let c = fold_quote(c);
        if c.is_whitespace() {
            if !last_space {
                out.push(' ');
            }
            last_space = true;
            continue;
        }
        last_space = false;
        out.extend(c.to_lowercase());
    }
}

fn fold_quote(c: char) -> char {
    match c {
        '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{201B}' | '\u{2032}' | '\u{02BC}' | '`'
        | '\u{00B4}' => '\'',
        '\u{201C}' | '\u{201D}' | '\u{201E}' | '\u{201F}' | '\u{2033}' => '"',
        _ => c,
    }
}

/// A fast hasher for the card index: keys are short names, and the index is built from our
/// own data, so SipHash's protection against crafted collisions buys nothing there. (This is
/// the multiply-rotate scheme of rustc's FxHasher.)
#[derive(Default, Clone, Copy)]
pub struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        const K: u64 = 0x517c_c1b7_2722_0a95;
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let word = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
            self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(K);
        }
        for &b in chunks.remainder() {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(K);
        }
    }
}

pub type KeyMap<V> = std::collections::HashMap<String, V, std::hash::BuildHasherDefault<KeyHasher>>;

/// The candidate closest to `query`, when it is close enough to be what the user meant.
pub fn suggest<'a, I>(query: &str, candidates: I) -> Option<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let query = key(query);
    let mut best: Option<(f64, &'a str)> = None;
    for candidate in candidates {
        let score = strsim::normalized_damerau_levenshtein(&query, &key(candidate));
        if best.is_none_or(|(s, _)| score > s) {
            best = Some((score, candidate));
        }
    }
    best.filter(|(score, _)| *score >= 0.7).map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typographic_apostrophe_matches_ascii() {
        assert_eq!(key("Flame Soldier of Ma’at"), key("flame soldier of MA'AT"));
    }

    #[test]
    fn unicode_forms_match() {
        // "é" precomposed vs "e" + combining acute accent.
        assert_eq!(key("Caf\u{e9}"), key("Cafe\u{301}"));
    }

    #[test]
    fn white_space_is_collapsed_and_trimmed() {
        assert_eq!(key("  Ember   Striker "), "ember striker");
    }

    #[test]
    fn suggestion_finds_a_typo_and_ignores_strangers() {
        let names = ["Ember Striker", "Iron Guard"];
        assert_eq!(suggest("Ember Strker", names), Some("Ember Striker"));
        assert_eq!(suggest("Completely Different", names), None);
    }
}
