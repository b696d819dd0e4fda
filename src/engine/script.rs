//! Match scripts (`*.match.toml`): the game and format, each player's deck (a path or an inline
//! list), the seed or stacked deck orders, and one `[[games]]` table per game of a series with
//! its steps. A step is one line of `steps`: an action in the game's own action language
//! (handed whole to [`Engine::parse_action`](super::Engine::parse_action)), an `expect` check,
//! or an `expect illegal` action. The language is documented in `docs/scripts.md`.

use super::expect::{self, Expectation};
use super::{Player, SeatDeck};
use crate::card_db::Game;
use crate::catalog::parse_toml;
use crate::deck::Deck;
use crate::diagnostic::{Problem, SourceFile};
use serde::Deserialize;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use toml::Spanned;

/// The suffix that marks a file as a match script.
pub const SCRIPT_SUFFIX: &str = ".match.toml";
/// The suffix of a script's golden transcript, stored beside it.
pub const TRANSCRIPT_SUFFIX: &str = ".transcript";

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct ScriptFile {
    #[schemars(with = "String")]
    game: Spanned<String>,
    #[schemars(with = "String")]
    format: Spanned<String>,
    #[serde(default)]
    #[schemars(with = "Option<u64>")]
    seed: Option<Spanned<u64>>,
    #[serde(default)]
    #[schemars(with = "Option<u32>")]
    best_of: Option<Spanned<u32>>,
    /// The day whose ban lists the decks are checked against (YYYY-MM-DD).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    date: Option<Spanned<String>>,
    players: Players,
    #[schemars(with = "Vec<GameFile>")]
    games: Vec<Spanned<GameFile>>,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Players {
    #[schemars(with = "PlayerFile")]
    p1: Spanned<PlayerFile>,
    #[schemars(with = "PlayerFile")]
    p2: Spanned<PlayerFile>,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct PlayerFile {
    /// A deck list file, relative to the script.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    deck: Option<Spanned<String>>,
    /// A deck list written into the script, in the `.deck` text encoding.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    list: Option<Spanned<String>>,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct GameFile {
    #[serde(default)]
    #[schemars(with = "Option<u64>")]
    seed: Option<Spanned<u64>>,
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    first: Option<Spanned<String>>,
    #[serde(default)]
    stack: Stacks,
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    steps: Option<Spanned<String>>,
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Stacks {
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    p1: Vec<Spanned<String>>,
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    p2: Vec<Spanned<String>>,
}

/// A parsed script. Spans point into `file`.
#[derive(Debug, Clone)]
pub struct Script {
    pub file: Arc<SourceFile>,
    /// The folder deck and format paths are relative to.
    pub dir: PathBuf,
    pub game: Located,
    pub format: Located,
    pub date: Option<Located>,
    /// Games a player must win to take the series: `None` lets the engine decide.
    pub best_of: Option<u32>,
    pub players: [PlayerDeck; 2],
    pub games: Vec<GamePlan>,
}

/// A string with where it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Located {
    pub value: String,
    pub span: Range<usize>,
}

impl Located {
    fn of(s: &Spanned<String>) -> Located {
        Located {
            value: s.get_ref().clone(),
            span: s.span(),
        }
    }
}

#[derive(Debug, Clone)]
pub enum PlayerDeck {
    /// A deck list file, as written (relative to the script's folder).
    Path(Located),
    /// An inline deck list; `offset` is where its text starts in the script.
    Inline { text: String, span: Range<usize> },
}

/// One game of the series.
#[derive(Debug, Clone)]
pub struct GamePlan {
    /// 1-based.
    pub number: u32,
    pub seed: u64,
    pub first: Option<Player>,
    /// Top cards of each player's draw deck, top first; the rest follows in deck-list order.
    pub stack: [Vec<Located>; 2],
    pub steps: Vec<Step>,
    pub span: Range<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The line as written, without its comment.
    pub text: String,
    /// Where the line is in the script.
    pub span: Range<usize>,
    pub kind: StepKind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StepKind {
    /// An action in the game's language, handed to the engine.
    Action(String),
    /// `expect path op value`.
    Expect(Expectation),
    /// `expect illegal ACTION [because REASON]`: the engine must refuse the action, and say
    /// `REASON` (a part of its message) when one is given.
    Illegal {
        action: String,
        reason: Option<String>,
    },
}

impl Script {
    /// Parses a script. Every problem is a `Problem` pointing into the file.
    pub fn parse(file: &Arc<SourceFile>, dir: &Path) -> Result<Script, Problem> {
        let raw: ScriptFile = parse_toml(file)?;
        let base_seed = raw.seed.as_ref().map_or(0, |s| *s.get_ref());
        if raw.games.is_empty() {
            return Err(Problem::error("script", "the script plays no game")
                .in_file(file)
                .help("add a `[[games]]` table with `steps = '''…'''`"));
        }
        let best_of = match &raw.best_of {
            Some(b) if *b.get_ref() == 0 || *b.get_ref() % 2 == 0 => {
                return Err(Problem::error(
                    "script",
                    format!("best-of {} has no majority", b.get_ref()),
                )
                .in_file(file)
                .label(b.span(), "an odd number of games")
                .help("use an odd number, such as 1 or 3"));
            }
            Some(b) => Some(*b.get_ref()),
            None => None,
        };
        if let Some(limit) = best_of {
            if raw.games.len() > limit as usize {
                let extra = &raw.games[limit as usize];
                return Err(Problem::error(
                    "script",
                    format!(
                        "best-of {limit} plays at most {limit} games; the script has {}",
                        raw.games.len()
                    ),
                )
                .in_file(file)
                .label(extra.span(), "one game too many")
                .help("remove the extra [[games]] tables or raise best-of"));
            }
        }
        let players = [
            player_deck(file, &raw.players.p1, "p1")?,
            player_deck(file, &raw.players.p2, "p2")?,
        ];
        let mut games = Vec::with_capacity(raw.games.len());
        for (i, g) in raw.games.iter().enumerate() {
            let span = g.span();
            let g = g.get_ref();
            let number = i as u32 + 1;
            let seed = g
                .seed
                .as_ref()
                .map_or_else(|| game_seed(base_seed, u64::from(number)), |s| *s.get_ref());
            let first = match &g.first {
                Some(f) => Some(Player::parse(f.get_ref()).ok_or_else(|| {
                    Problem::error(
                        "script",
                        format!("`first = \"{}\"` names no player", f.get_ref()),
                    )
                    .in_file(file)
                    .label(f.span(), "not a player")
                    .help("write `first = \"p1\"` or `first = \"p2\"`")
                })?),
                None => None,
            };
            let stack = [
                g.stack.p1.iter().map(Located::of).collect(),
                g.stack.p2.iter().map(Located::of).collect(),
            ];
            let steps = match &g.steps {
                Some(s) => parse_steps(file, s)?,
                None => Vec::new(),
            };
            games.push(GamePlan {
                number,
                seed,
                first,
                stack,
                steps,
                span,
            });
        }
        Ok(Script {
            file: Arc::clone(file),
            dir: dir.to_owned(),
            game: Located::of(&raw.game),
            format: Located::of(&raw.format),
            date: raw.date.as_ref().map(Located::of),
            best_of,
            players,
            games,
        })
    }

    /// The script's `format`: a format id, or a format file path made relative to the script.
    pub fn format_arg(&self) -> String {
        let f = &self.format.value;
        if f.ends_with(".toml") {
            self.dir.join(f).display().to_string()
        } else {
            f.clone()
        }
    }

    pub fn error(&self, span: Range<usize>, message: impl Into<String>) -> Problem {
        Problem::error("script", message)
            .in_file(&self.file)
            .label(span, "")
    }
}

/// The seed of game `number` of a series (and of random game `number`) derived from one seed:
/// SplitMix-style mixing, so neighbouring games do not share shuffles.
pub fn game_seed(seed: u64, number: u64) -> u64 {
    let mut z = seed.wrapping_add(number.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn player_deck(
    file: &Arc<SourceFile>,
    spec: &Spanned<PlayerFile>,
    who: &str,
) -> Result<PlayerDeck, Problem> {
    match (&spec.get_ref().deck, &spec.get_ref().list) {
        (Some(path), None) => Ok(PlayerDeck::Path(Located::of(path))),
        (None, Some(list)) => Ok(PlayerDeck::Inline {
            text: list.get_ref().clone(),
            span: list.span(),
        }),
        (Some(_), Some(list)) => Err(Problem::error(
            "script",
            format!("{who} has both a `deck` file and a `list`"),
        )
        .in_file(file)
        .label(list.span(), "one too many")
        .help("keep one of them")),
        (None, None) => Err(Problem::error("script", format!("{who} has no deck"))
            .in_file(file)
            .label(spec.span(), "")
            .help(
                "give `deck = \"path/to/file.deck\"` or an inline `list = '''…'''` (the .deck text encoding)",
            )),
    }
}

/// Splits `steps` into lines and finds each line in the file, so diagnostics can point at it.
fn parse_steps(file: &Arc<SourceFile>, steps: &Spanned<String>) -> Result<Vec<Step>, Problem> {
    let span = steps.span();
    let raw = file.text.get(span.clone()).unwrap_or("");
    let mut cursor = 0;
    let mut out = Vec::new();
    for line in steps.get_ref().lines() {
        let text = strip_comment(line).trim();
        if text.is_empty() {
            continue;
        }
        let line_span = match raw.get(cursor..).and_then(|r| r.find(text)) {
            Some(at) => {
                let start = span.start + cursor + at;
                cursor += at + text.len();
                start..start + text.len()
            }
            // An escape sequence changed the text: point at the whole string instead.
            None => span.clone(),
        };
        let kind = step_kind(text).map_err(|message| {
            Problem::error("script", message)
                .in_file(file)
                .label(line_span.clone(), "")
                .help("see docs/scripts.md for the step syntax")
        })?;
        out.push(Step {
            text: text.to_owned(),
            span: line_span,
            kind,
        });
    }
    Ok(out)
}

/// `#` starts a comment, except inside a card name such as `#2` right after a word.
fn strip_comment(line: &str) -> &str {
    let bytes = line.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'#' && (i == 0 || bytes[i - 1].is_ascii_whitespace()) {
            let next = bytes.get(i + 1);
            if next.is_some_and(u8::is_ascii_digit) {
                continue;
            }
            return &line[..i];
        }
    }
    line
}

fn step_kind(text: &str) -> Result<StepKind, String> {
    let Some(rest) = strip_word(text, "expect") else {
        return Ok(StepKind::Action(text.to_owned()));
    };
    if let Some(action) = strip_word(rest, "illegal") {
        let (action, reason) = match action.find(" because ") {
            Some(at) => (
                &action[..at],
                Some(action[at + " because ".len()..].trim().to_owned()),
            ),
            None => (action, None),
        };
        if action.trim().is_empty() {
            return Err("`expect illegal` needs the action that must be refused".into());
        }
        return Ok(StepKind::Illegal {
            action: action.trim().to_owned(),
            reason,
        });
    }
    expect::parse(rest).map(StepKind::Expect)
}

/// `rest` after a leading `word` (case-insensitive, followed by a space or the end).
fn strip_word<'a>(text: &'a str, word: &str) -> Option<&'a str> {
    let head = text.get(..word.len())?;
    if !head.eq_ignore_ascii_case(word) {
        return None;
    }
    let rest = &text[word.len()..];
    if rest.is_empty() || rest.starts_with(char::is_whitespace) {
        Some(rest.trim_start())
    } else {
        None
    }
}

/// Turns a validated deck into the seat's cards: database indices per zone, in list order,
/// with the stacked cards moved to the top of the game's draw zone (its default zone).
pub fn seat_deck(
    deck: &Deck,
    game: &Game,
    stack: &[Located],
    file: &Arc<SourceFile>,
) -> Result<SeatDeck, Problem> {
    let error = |span: Range<usize>, message: String| {
        Problem::error("script", message)
            .in_file(file)
            .label(span, "")
    };
    let mut zones: Vec<(String, Vec<u32>)> = Vec::new();
    let mut key = String::new();
    for zone in &deck.zones {
        let id = if zone.span.is_none() && zone.name == "main" {
            game.default_zone().map(|z| z.id.clone())
        } else {
            game.zone_for_header(&zone.name).map(|z| z.id.clone())
        };
        // Validation has already refused unknown zones and cards.
        let Some(id) = id else { continue };
        let at = match zones.iter().position(|(z, _)| *z == id) {
            Some(at) => at,
            None => {
                zones.push((id, Vec::new()));
                zones.len() - 1
            }
        };
        for entry in &zone.entries {
            let found = entry
                .id
                .as_deref()
                .and_then(|i| game.find_with(i, &mut key))
                .or_else(|| game.find_with(&entry.card, &mut key));
            if let Some(card) = found {
                zones[at]
                    .1
                    .extend(std::iter::repeat_n(card as u32, entry.count as usize));
            }
        }
    }
    if stack.is_empty() {
        return Ok(SeatDeck {
            zones,
            stacked: false,
        });
    }
    let draw_zone = game
        .default_zone()
        .map(|z| z.id.clone())
        .unwrap_or_default();
    let at = match zones.iter().position(|(z, _)| *z == draw_zone) {
        Some(at) => at,
        None => {
            zones.push((draw_zone.clone(), Vec::new()));
            zones.len() - 1
        }
    };
    let mut rest = std::mem::take(&mut zones[at].1);
    let mut top = Vec::with_capacity(rest.len());
    for name in stack {
        let Some(card) = game.find_with(&name.value, &mut key) else {
            return Err(
                error(name.span.clone(), format!("unknown card `{}`", name.value)).maybe_help(
                    game.suggest(&name.value)
                        .map(|s| format!("did you mean `{s}`?")),
                ),
            );
        };
        let Some(pos) = rest.iter().position(|&c| c == card as u32) else {
            let total = top.iter().filter(|&&c| c == card as u32).count();
            return Err(error(
                name.span.clone(),
                format!(
                    "the stack names `{}` more often than the deck holds it ({total})",
                    game.cards[card].name()
                ),
            )
            .help("a stack orders the deck's own cards; it cannot add any"));
        };
        top.push(rest.remove(pos));
    }
    top.extend(rest);
    zones[at].1 = top;
    Ok(SeatDeck {
        zones,
        stacked: true,
    })
}

/// The name of the golden transcript stored beside a script.
pub fn transcript_path(script: &Path) -> PathBuf {
    let name = script
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let stem = name.strip_suffix(SCRIPT_SUFFIX).unwrap_or(&name);
    script.with_file_name(format!("{stem}{TRANSCRIPT_SUFFIX}"))
}

/// Finds scripts: a file is taken as given; a folder is searched for `*.match.toml`.
pub fn find_scripts(path: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    if !path.is_dir() {
        out.push(path.to_owned());
        return Ok(());
    }
    let mut children: Vec<PathBuf> = std::fs::read_dir(path)?
        .flatten()
        .map(|e| e.path())
        .collect();
    children.sort();
    for child in children {
        if child.is_dir() {
            find_scripts(&child, out)?;
        } else if child
            .file_name()
            .is_some_and(|n| n.to_string_lossy().ends_with(SCRIPT_SUFFIX))
        {
            out.push(child);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Script, Problem> {
        Script::parse(&SourceFile::new("t.match.toml", text), Path::new("."))
    }

    const HEAD: &str = "game = \"jforce\"\nformat = \"jforce-standard\"\n[players.p1]\ndeck = \"a.deck\"\n[players.p2]\nlist = '''\nHero:\n1 Storma\n'''\n";

    #[test]
    fn steps_know_their_lines_and_kinds() {
        let text = format!(
            "{HEAD}[[games]]\nfirst = \"p2\"\nsteps = '''\np2 play Iron Guard   # a comment\n\nexpect p2.charge = 0\nexpect illegal p1 attack with Iron Guard #2 because not p1's\n'''\n"
        );
        let script = parse(&text).unwrap();
        let g = &script.games[0];
        assert_eq!(g.first, Some(Player::P2));
        assert_eq!(g.steps.len(), 3);
        assert_eq!(
            g.steps[0].kind,
            StepKind::Action("p2 play Iron Guard".into())
        );
        assert_eq!(&text[g.steps[0].span.clone()], "p2 play Iron Guard");
        let (line, _) = script.file.line_col(g.steps[1].span.start);
        assert_eq!(line, 15);
        assert_eq!(
            g.steps[2].kind,
            StepKind::Illegal {
                action: "p1 attack with Iron Guard #2".into(),
                reason: Some("not p1's".into())
            }
        );
        assert!(matches!(script.players[1], PlayerDeck::Inline { .. }));
    }

    #[test]
    fn games_get_distinct_derived_seeds_unless_given() {
        let text = format!("seed = 5\n{HEAD}[[games]]\n[[games]]\nseed = 9\n[[games]]\n");
        let script = parse(&text).unwrap();
        assert_eq!(script.games[0].seed, game_seed(5, 1));
        assert_eq!(script.games[1].seed, 9);
        assert_eq!(script.games[2].seed, game_seed(5, 3));
        assert_ne!(game_seed(5, 1), game_seed(5, 3));
    }

    #[test]
    fn mistakes_point_at_their_place() {
        let unknown = parse(&format!(
            "{HEAD}[[games]]\nsteps = '''\nexpect p1.hp 3\n'''\n"
        ))
        .unwrap_err();
        assert!(
            unknown.message.contains("no comparison"),
            "{}",
            unknown.message
        );
        let field = parse(&format!("{HEAD}[[games]]\nstep = ''\n")).unwrap_err();
        assert!(field.message.contains("unknown field"), "{}", field.message);
        assert_eq!(field.help.as_deref(), Some("did you mean `steps`?"));
        let even = parse(&format!("best-of = 2\n{HEAD}[[games]]\n")).unwrap_err();
        assert!(even.message.contains("no majority"));
        let none = parse(HEAD).unwrap_err();
        assert!(
            none.message.contains("missing field `games`"),
            "{}",
            none.message
        );
        let first = parse(&format!("{HEAD}[[games]]\nfirst = \"p3\"\n")).unwrap_err();
        assert!(first.message.contains("names no player"));
    }

    #[test]
    fn comments_stop_at_hash_but_ordinals_stay() {
        assert_eq!(
            strip_comment("p1 attack with Iron Guard #2"),
            "p1 attack with Iron Guard #2"
        );
        assert_eq!(strip_comment("p1 end # done"), "p1 end ");
        assert_eq!(strip_comment("# all comment"), "");
    }

    #[test]
    fn transcript_sits_beside_its_script() {
        assert_eq!(
            transcript_path(Path::new("a/b/combat.match.toml")),
            Path::new("a/b/combat.transcript")
        );
    }
}
