//! What the engines' action-line parsers share: the player a line starts with, whole words,
//! and comma-separated card names that may hold commas themselves.

use super::Player;

/// `p1 plays …` → (p1, `plays …`); a colon after the player is allowed (`p2: block with …`).
pub fn player_prefix(s: &str) -> Option<(Player, &str)> {
    let s = s.trim_start();
    let end = s.find(char::is_whitespace).unwrap_or(s.len());
    let player = Player::parse(s[..end].trim_end_matches(':'))?;
    Some((player, s[end..].trim_start()))
}

/// `s` without its first word when that word is `word` (any case), trimmed.
pub fn strip_word<'a>(s: &'a str, word: &str) -> Option<&'a str> {
    let head = s.get(..word.len())?;
    if !head.eq_ignore_ascii_case(word) {
        return None;
    }
    let rest = &s[word.len()..];
    if rest.is_empty() {
        return Some(rest);
    }
    rest.starts_with(char::is_whitespace)
        .then(|| rest.trim_start())
}

/// `Ember Fox #2` → (`Ember Fox`, 2): the n-th card of that name; the first when no `#n`
/// follows, or when it is `#0`.
pub fn nth_suffix(s: &str) -> (&str, usize) {
    let s = s.trim();
    if let Some(i) = s.rfind(" #") {
        if let Ok(n) = s[i + 2..].trim().parse::<usize>() {
            return (s[..i].trim(), n.max(1));
        }
    }
    (s, 1)
}

/// Splits `A, B, C` into what `resolve` makes of each name, gluing pieces back together when
/// a name has a comma in it (the shortest run of pieces that resolves wins). A name that
/// resolves nowhere is reported with `resolve`'s own error for its first piece.
pub fn name_list<T>(
    s: &str,
    mut resolve: impl FnMut(&str) -> Result<T, String>,
) -> Result<Vec<T>, String> {
    let pieces: Vec<&str> = s.split(',').collect();
    let mut out = Vec::new();
    let mut start = 0;
    while start < pieces.len() {
        let mut done = None;
        let mut first_err = None;
        for end in start + 1..=pieces.len() {
            let joined = pieces[start..end].join(",");
            match resolve(joined.trim()) {
                Ok(v) => {
                    done = Some((end, v));
                    break;
                }
                Err(e) => {
                    first_err.get_or_insert(e);
                }
            }
        }
        match done {
            Some((end, v)) => {
                out.push(v);
                start = end;
            }
            None => return Err(first_err.unwrap_or_else(|| format!("`{s}`: no card names"))),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::nth_suffix;

    #[test]
    fn nth_suffix_reads_a_trailing_number_and_leaves_other_text_alone() {
        assert_eq!(nth_suffix(" Ember Fox  #3 "), ("Ember Fox", 3));
        assert_eq!(nth_suffix("Ember Fox"), ("Ember Fox", 1));
        assert_eq!(nth_suffix("Ember Fox #0"), ("Ember Fox", 1));
        assert_eq!(nth_suffix("Ember Fox #two"), ("Ember Fox #two", 1));
        assert_eq!(nth_suffix("#1 Fan"), ("#1 Fan", 1));
    }
}
