//! Match scripts (`*.match.toml`): the game and format, each player's deck (a path or an inline
//! list), the seed or stacked deck orders, and one `[[games]]` table per game of a series with
//! its steps. A step is one line of `steps`: an action in the game's own action language
//! (handed whole to [`Engine::parse_action`](super::Engine::parse_action)), an `expect` check,
//! or an `expect illegal` action. The language is documented in `docs/scripts.md`. Reading
//! a script is this module's; playing it is [`super::play`]'s.

use super::expect::{self, Expectation};
use super::rng::game_seed;
use super::Player;
use crate::catalog::parse_toml;
use crate::diagnostic::{Problem, SourceFile};
use crate::error::Error;
use serde::Deserialize;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use toml::Spanned;

/// The suffix that marks a file as a match script.
pub const SCRIPT_SUFFIX: &str = ".match.toml";

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

/// The scripts at `paths`: files as given, folders searched for `*.match.toml`. Finding none
/// is a usage error.
pub fn find(paths: &[PathBuf]) -> Result<Vec<PathBuf>, Error> {
    let mut found = Vec::new();
    for path in paths {
        find_in(path, &mut found).map_err(|source| Error::Read {
            path: path.clone(),
            source,
        })?;
    }
    if found.is_empty() {
        return Err(Error::usage_with_help(
            "no match scripts found",
            format!("scripts are files named *{}", SCRIPT_SUFFIX),
        ));
    }
    Ok(found)
}

/// Adds the scripts at `path` to `out`: a file as given, a folder searched for them.
fn find_in(path: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
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
            find_in(&child, out)?;
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
}
