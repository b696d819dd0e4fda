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
        // Most names have no white space but single spaces: copied and lower-cased whole
        // (loading a game keys every card's name and id, a byte at a time was a third of it).
        if spaced_once(trimmed.as_bytes()) {
            out.push_str(trimmed);
            out.make_ascii_lowercase();
            return;
        }
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

/// Whether the only white space in `bytes` is single spaces, so collapsing it changes nothing.
fn spaced_once(bytes: &[u8]) -> bool {
    let mut after_space = false;
    bytes.iter().all(|&b| {
        let space = b.is_ascii_whitespace();
        let once = !space || (b == b' ' && !after_space);
        after_space = space;
        once
    })
}

fn fold_quote(c: char) -> char {
    match c {
        '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{201B}' | '\u{2032}' | '\u{02BC}' | '`'
        | '\u{00B4}' => '\'',
        '\u{201C}' | '\u{201D}' | '\u{201E}' | '\u{201F}' | '\u{2033}' => '"',
        _ => c,
    }
}

/// The card index's map. FxHash rather than SipHash: keys are short names, and the index is
/// built from our own data, so SipHash's protection against crafted collisions buys nothing.
pub type KeyMap<V> = rustc_hash::FxHashMap<String, V>;

/// "did you mean" for `name`, or the list of what is known.
pub fn suggest_or_list(name: &str, known: &[&str]) -> String {
    match suggest(name, known.iter().copied()) {
        Some(s) => format!("did you mean `{s}`?"),
        None if known.is_empty() => "nothing is defined here yet".to_owned(),
        None => format!("use one of: {}", known.join(", ")),
    }
}

/// The candidate closest to `query`, when it is close enough to be what the user meant.
pub fn suggest<'a, I>(query: &str, candidates: I) -> Option<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let query = key(query);
    let sketch = Sketch::of(&query);
    let mut buf = String::new();
    let mut best = Best::default();
    for (i, candidate) in candidates.into_iter().enumerate() {
        key_into(candidate, &mut buf);
        best.offer(&query, &sketch, &buf, &Sketch::of(&buf), i, candidate);
    }
    best.result()
}

/// Names made ready for suggestions once (a game's cards): each name's key and sketch, and
/// apart from them each sketch's length and buckets, shortest names first, which rule out
/// most names of a large database: a query looks only at the lengths within reach of its
/// own, and reads 24 bytes of each of those names instead of a whole sketch.
#[derive(Debug, Clone, Default)]
pub struct Sketches {
    keys: Vec<(String, Sketch)>,
    /// Each name's length and buckets and its index, by length, then by index.
    by_length: Vec<(Quick, u32)>,
}

impl Sketches {
    pub fn of<'a>(names: impl IntoIterator<Item = &'a str>) -> Sketches {
        let keys: Vec<(String, Sketch)> = (names.into_iter())
            .map(|name| {
                let key = key(name);
                let sketch = Sketch::of(&key);
                (key, sketch)
            })
            .collect();
        let mut by_length: Vec<(Quick, u32)> = (keys.iter().zip(0..))
            .map(|((_, s), i)| (s.quick, i))
            .collect();
        by_length.sort_by_key(|(quick, i)| (quick.len, *i));
        Sketches { keys, by_length }
    }

    /// The names whose length alone does not put them out of reach of a query `len`
    /// characters long (and maybe a few that are), each with its index, key and sketch (read
    /// only when used), shortest first and in index order among equal lengths.
    fn near_in_length(&self, len: u32) -> impl Iterator<Item = (usize, Quick, &(String, Sketch))> {
        let (shortest, longest) = lengths_within_reach(len);
        let from = self.by_length.partition_point(|(q, _)| q.len < shortest);
        let to = self.by_length.partition_point(|(q, _)| q.len <= longest);
        (self.by_length.get(from..to).unwrap_or_default().iter())
            .map(|&(quick, i)| (i as usize, quick, &self.keys[i as usize]))
    }
}

/// The shortest and longest names a query `len` characters long may be within
/// [`SUGGEST_MIN`] of. Every length between them is taken, whether or not each is within
/// reach: the scan still tests each name, so the range only has to hold all that are.
fn lengths_within_reach(len: u32) -> (u32, u32) {
    // A name `m` long is at least |m - len| edits away. The edits allowed are at most 3 in
    // 10 characters of the longer of the two (and the division may round once), which
    // bounds the range from outside; then it is narrowed to the lengths within reach.
    let gap_ok = |m: u32| {
        let longest = m.max(len);
        longest == 0 || within_reach(m.abs_diff(len), longest)
    };
    let mut shortest = len.saturating_sub(len / 10 * 3 + len % 10 * 3 / 10 + 1);
    while shortest < len && !gap_ok(shortest) {
        shortest += 1;
    }
    let outer = u64::from(len).saturating_add(1) * 10 / 7 + 1;
    let mut longest = u32::try_from(outer).unwrap_or(u32::MAX);
    while longest > len && !gap_ok(longest) {
        longest -= 1;
    }
    (shortest, longest)
}

/// Like [`suggest`] over names whose keys and sketches were computed once (a game's cards),
/// giving the index of the best: most candidates are then ruled out by their length or
/// sketch alone, without computing a key or an edit distance, and without touching the
/// cards themselves.
pub fn suggest_sketched(query: &str, sketches: &Sketches) -> Option<usize> {
    let query = key(query);
    let sketch = Sketch::of(&query);
    let mut best = Best::default();
    for (i, quick, (candidate_key, candidate_sketch)) in sketches.near_in_length(sketch.quick.len) {
        let longest = sketch.quick.len.max(quick.len);
        if longest > 0 && best.hopeless(sketch.quick.bound(quick), longest, i) {
            continue;
        }
        best.offer(&query, &sketch, candidate_key, candidate_sketch, i, i);
    }
    best.result()
}

/// The index of the one name close enough to `query` to be what the user meant, when there
/// is exactly one: a fix applied without asking (`validate --fix`) must not pick between two.
pub fn only_close(query: &str, sketches: &Sketches) -> Option<usize> {
    let query = key(query);
    let sketch = Sketch::of(&query);
    let mut found = None;
    for (i, quick, (candidate_key, candidate_sketch)) in sketches.near_in_length(sketch.quick.len) {
        let longest = sketch.quick.len.max(quick.len);
        let too_far = |bound: u32| longest > 0 && !within_reach(bound, longest);
        if too_far(sketch.quick.bound(quick)) || too_far(sketch.distance_at_least(candidate_sketch))
        {
            continue;
        }
        if strsim::normalized_damerau_levenshtein(&query, candidate_key) >= SUGGEST_MIN {
            if found.is_some() {
                return None;
            }
            found = Some(i);
        }
    }
    found
}

/// What [`only_close`] gives, found by scoring every one of `names` (no length range, no
/// sketch): the reference it is checked against, in the tests and the fuzz harness. A name
/// is passed over only when its length alone, put in the score's own formula, misses
/// `SUGGEST_MIN`: the fuzzer's long lines would otherwise spend its time in edit distances.
#[cfg(any(test, fuzzing))]
pub fn only_close_scanning<'a>(
    query: &str,
    names: impl IntoIterator<Item = &'a str>,
) -> Option<usize> {
    let query = key(query);
    let len = query.chars().count();
    let close_enough = |name: &str| {
        let name = key(name);
        let name_len = name.chars().count();
        let (longest, gap) = (len.max(name_len), len.abs_diff(name_len));
        (longest == 0 || ceiling(gap as u32, longest as u32) >= SUGGEST_MIN)
            && strsim::normalized_damerau_levenshtein(&query, &name) >= SUGGEST_MIN
    };
    let mut close = (names.into_iter().enumerate())
        .filter(|(_, name)| close_enough(name))
        .map(|(i, _)| i);
    let first = close.next()?;
    close.next().is_none().then_some(first)
}

/// Suggestions need this normalised similarity (Damerau–Levenshtein) or more.
const SUGGEST_MIN: f64 = 0.7;

/// The score a candidate at least `bound` edits away can at most have, `longest` being the
/// length of the longer of it and the query (not 0): computed as the score itself is, so
/// that comparisons with it agree with the score exactly.
fn ceiling(bound: u32, longest: u32) -> f64 {
    1.0 - f64::from(bound) / f64::from(longest)
}

/// For each length up to 255, the most edits at which a name that long (the longer of the
/// query and a candidate) can still reach [`SUGGEST_MIN`], found with [`ceiling`]'s formula
/// at compile time: the scan over a large database compares integers where it would divide.
const MAX_EDITS: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut len = 1;
    while len < 256 {
        // The ceiling falls as the edits grow, so the first length that misses ends the run.
        let mut edits = 0;
        while edits < len && 1.0 - (edits + 1) as f64 / len as f64 >= SUGGEST_MIN {
            edits += 1;
        }
        table[len] = edits as u8;
        len += 1;
    }
    table
};

/// Whether a candidate at least `bound` edits away, the longer of it and the query `longest`
/// characters long (not 0), may still reach [`SUGGEST_MIN`].
fn within_reach(bound: u32, longest: u32) -> bool {
    match MAX_EDITS.get(longest as usize) {
        Some(&most) => bound <= u32::from(most),
        None => ceiling(bound, longest) >= SUGGEST_MIN,
    }
}

/// The best candidate so far: its score, its place among the candidates, and what it is.
struct Best<T> {
    found: Option<(f64, usize, T)>,
}

impl<T> Default for Best<T> {
    fn default() -> Self {
        Best { found: None }
    }
}

impl<T: Copy> Best<T> {
    /// Whether a candidate at least `bound` edits away, the longer of it and the query
    /// `longest` characters long (not 0), placed at `place` among the candidates, can
    /// neither reach [`SUGGEST_MIN`] nor beat the best so far: a higher score beats it, and
    /// so does an equal one placed first, which it could only be if it was offered out of
    /// order.
    fn hopeless(&self, bound: u32, longest: u32, place: usize) -> bool {
        !within_reach(bound, longest)
            || (self.found).is_some_and(|(best, best_place, _)| {
                let ceiling = ceiling(bound, longest);
                ceiling < best || (ceiling == best && place > best_place)
            })
    }

    /// Scores a candidate unless its sketch proves it hopeless; of equal scores, the one
    /// placed first among the candidates wins, as a plain scan would have it, in whatever
    /// order they are offered.
    fn offer(&mut self, query: &str, qs: &Sketch, key: &str, ks: &Sketch, place: usize, name: T) {
        let longest = qs.quick.len.max(ks.quick.len);
        // The length gap and the characters one has and the other lacks are a cheap bound;
        // the character counts a sharper one.
        if longest > 0
            && (self.hopeless(qs.quick.bound(ks.quick), longest, place)
                || self.hopeless(qs.distance_at_least(ks), longest, place))
        {
            return;
        }
        let score = strsim::normalized_damerau_levenshtein(query, key);
        let better = |(s, p, _): (f64, usize, T)| score > s || (score == s && place < p);
        if self.found.is_none_or(better) {
            self.found = Some((score, place, name));
        }
    }

    fn result(self) -> Option<T> {
        self.found
            .filter(|(score, _, _)| *score >= SUGGEST_MIN)
            .map(|(_, _, c)| c)
    }
}

/// A lookup key reduced to its length and character counts, which bound the edit distance
/// from below: every insertion, deletion or substitution changes the counts by at most one on
/// each side, and a transposition not at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sketch {
    quick: Quick,
    counts: [u8; 40],
}

/// A sketch's length and which of its buckets are not empty: all that the scan over a large
/// database reads of most names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Quick {
    len: u32,
    /// How many bits `present` has, counted once per name rather than once per comparison.
    buckets: u32,
    /// One bit per non-empty bucket of the sketch's counts.
    present: u64,
}

impl Quick {
    /// A lower bound on the edit distance, cheaper and weaker than [`Sketch::distance_at_least`]:
    /// the length gap, and the buckets one key has and the other lacks (each edit brings at
    /// most one new bucket in and takes at most one out). Most names of a large database are
    /// ruled out by this alone.
    fn bound(self, other: Quick) -> u32 {
        let shared = (self.present & other.present).count_ones();
        let more = self.buckets - shared;
        let fewer = other.buckets - shared;
        self.len.abs_diff(other.len).max(more).max(fewer)
    }
}

impl Sketch {
    pub fn of(key: &str) -> Sketch {
        let mut counts = [0u8; 40];
        let mut len = 0u32;
        for c in key.chars() {
            len += 1;
            // Letters and digits get a bucket each; the rest share a few. Shared buckets only
            // weaken the bound, never break it.
            let bucket = match c {
                'a'..='z' => c as usize - 'a' as usize,
                '0'..='9' => 26 + (c as usize - '0' as usize),
                ' ' => 36,
                other => 37 + (other as usize % 3),
            };
            if let Some(n) = counts.get_mut(bucket) {
                *n = n.saturating_add(1);
            }
        }
        let present = (counts.iter().enumerate())
            .filter(|(_, n)| **n > 0)
            .fold(0u64, |mask, (bucket, _)| mask | 1 << bucket);
        let quick = Quick {
            len,
            buckets: present.count_ones(),
            present,
        };
        Sketch { quick, counts }
    }

    /// A lower bound on the edit distance between the two keys.
    fn distance_at_least(&self, other: &Sketch) -> u32 {
        // Written as two independent sums over fixed-size arrays so that they vectorise.
        let more: u32 = self
            .counts
            .iter()
            .zip(&other.counts)
            .map(|(a, b)| u32::from(a.saturating_sub(*b)))
            .sum();
        let fewer: u32 = other
            .counts
            .iter()
            .zip(&self.counts)
            .map(|(a, b)| u32::from(a.saturating_sub(*b)))
            .sum();
        more.max(fewer)
    }
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
        assert_eq!(key("Ember\tStriker"), "ember striker");
        assert_eq!(key("Ember \nStriker"), "ember striker");
        assert_eq!(key("Ember\u{b}Striker"), "ember\u{b}striker");
        assert_eq!(key("JF-001"), "jf-001");
    }

    #[test]
    fn sketch_bound_never_exceeds_the_edit_distance() {
        let words = [
            "ember striker",
            "ember strker",
            "embre striker",
            "striker ember",
            "generated strike 1234",
            "generated strike 1243",
            "ma'at",
            "",
            "x",
        ];
        for a in words {
            for b in words {
                let d = strsim::damerau_levenshtein(a, b) as u32;
                let bound = Sketch::of(a).distance_at_least(&Sketch::of(b));
                assert!(bound <= d, "{a:?} {b:?}: bound {bound} > distance {d}");
                // The cheap bound rules out nothing the sharp one would keep.
                let quick = Sketch::of(a).quick.bound(Sketch::of(b).quick);
                assert!(quick <= bound, "{a:?} {b:?}: quick {quick} > bound {bound}");
            }
        }
    }

    #[test]
    fn edit_table_agrees_with_the_score() {
        // The table must say exactly what the division says, past its end too.
        for longest in 1..300 {
            for bound in 0..=longest + 1 {
                assert_eq!(
                    within_reach(bound, longest),
                    ceiling(bound, longest) >= SUGGEST_MIN,
                    "{bound} edits over {longest} characters"
                );
            }
        }
        assert_eq!(MAX_EDITS[10], 3, "0.7 of 10 characters: 3 edits");
        assert_eq!(MAX_EDITS[9], 2);
    }

    #[test]
    fn sketched_and_plain_suggestions_agree() {
        let names: Vec<String> = (0..500).map(|i| format!("Generated Strike {i}")).collect();
        let sketches = Sketches::of(names.iter().map(String::as_str));
        for query in [
            "Generated Strke 42",
            "generatd strike 4990",
            "Nothing Alike",
            "Strike",
        ] {
            let plain = suggest(query, names.iter().map(String::as_str));
            let sketched = suggest_sketched(query, &sketches).map(|i| names[i].as_str());
            assert_eq!(plain, sketched, "{query}");
        }
        assert_eq!(
            suggest("Generated Strke 42", names.iter().map(String::as_str)),
            Some("Generated Strike 42")
        );
    }

    /// What a suggestion must be: the best score, the first name of equal ones, if it
    /// reaches [`SUGGEST_MIN`]; and the one name that does, if only one does.
    fn reference(query: &str, names: &[String]) -> (Option<usize>, Option<usize>) {
        let key_of_query = key(query);
        let scores: Vec<f64> = (names.iter())
            .map(|n| strsim::normalized_damerau_levenshtein(&key_of_query, &key(n)))
            .collect();
        let best = (0..names.len()).filter(|&i| scores[i] >= SUGGEST_MIN).fold(
            None,
            |b: Option<usize>, i| match b {
                Some(j) if scores[j] >= scores[i] => Some(j),
                _ => Some(i),
            },
        );
        let only = only_close_scanning(query, names.iter().map(String::as_str));
        (best, only)
    }

    #[test]
    fn names_of_every_length_give_what_a_full_scan_gives() {
        // Lengths from 1 to 40, names that tie (same length, one edit apart, and across
        // lengths), scanned shortest first: the first of equal scores must still win.
        let mut names: Vec<String> = Vec::new();
        for len in (1..=40).rev() {
            let base: String = (0..len)
                .map(|i| (b'a' + (i * 7 % 26) as u8) as char)
                .collect();
            names.push(base.clone());
            names.push(format!("x{}", &base[1..]));
            names.push(format!("{base}q"));
        }
        names.extend(
            [
                "xbcdef",
                "abcde",
                "abcdeff",
                "Ember Striker",
                "Ember Strikers",
            ]
            .map(String::from),
        );
        let sketches = Sketches::of(names.iter().map(String::as_str));
        let mut queries: Vec<String> = names.clone();
        for n in &names {
            queries.push(n.chars().skip(1).collect());
            queries.push(format!("{n}zz"));
            queries.push(n.chars().rev().collect());
        }
        queries.extend(["", "abcdef", "Missing Card 1234", "ember strker"].map(String::from));
        for query in &queries {
            let (best, only) = reference(query, &names);
            assert_eq!(
                suggest_sketched(query, &sketches),
                best,
                "best for {query:?}"
            );
            assert_eq!(only_close(query, &sketches), only, "only for {query:?}");
            let plain = suggest(query, names.iter().map(String::as_str));
            assert_eq!(
                plain,
                best.map(|i| names[i].as_str()),
                "plain for {query:?}"
            );
        }
        // Equal scores at two lengths: the earlier name wins, whichever is shorter.
        for pair in [["xbcdef", "abcde"], ["abcde", "xbcdef"]] {
            let sketches = Sketches::of(pair);
            assert_eq!(suggest_sketched("abcdef", &sketches), Some(0), "{pair:?}");
        }
    }

    #[test]
    fn the_length_range_holds_every_length_within_reach() {
        for len in 0..400u32 {
            let (shortest, longest) = lengths_within_reach(len);
            for m in 0..700u32 {
                let longer = m.max(len);
                if longer == 0 || within_reach(m.abs_diff(len), longer) {
                    assert!(
                        (shortest..=longest).contains(&m),
                        "{m} for a query of {len}"
                    );
                }
            }
        }
        assert_eq!(lengths_within_reach(17), (12, 24));
    }

    #[test]
    fn suggestion_finds_a_typo_and_ignores_strangers() {
        let names = ["Ember Striker", "Iron Guard"];
        assert_eq!(suggest("Ember Strker", names), Some("Ember Striker"));
        assert_eq!(suggest("Completely Different", names), None);
    }

    #[test]
    fn only_close_refuses_to_choose() {
        let names = ["Iron Guard", "Iron Guards", "Ember Striker"];
        let sketches = Sketches::of(names);
        assert_eq!(
            only_close("Ember Strker", &sketches).map(|i| names[i]),
            Some("Ember Striker")
        );
        assert_eq!(only_close("Iron Gard", &sketches), None);
        assert_eq!(only_close("Nothing Alike", &sketches), None);
    }
}
