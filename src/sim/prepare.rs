//! What a run plays, from the command line's paths: the decks found, read and checked against
//! their formats, each seated for the engine, and the [`Plan`] that names the run.

use super::{Plan, Shard};
use crate::card_db::Game;
use crate::catalog::Catalog;
use crate::check::{read_and_check, DeckOutcome};
use crate::date::Date;
use crate::deck::Deck;
use crate::diagnostic::SourceFile;
use crate::engine::player::Kind;
use crate::engine::{unplayable, vanilla_cards, SeatDeck};
use crate::error::Error;
use crate::validate::format::Format;
use std::path::{Path, PathBuf};

/// A run as asked for: the decks (files or folders of deck files) and how to play them.
#[derive(Debug, Clone)]
pub struct Request<'a> {
    /// Two decks play each other; more play every pair (a gauntlet).
    pub decks: &'a [PathBuf],
    /// When given, each of `decks` plays each of these only.
    pub field: &'a [PathBuf],
    /// Games per pairing; matches, when `best_of` is more than 1.
    pub games: u64,
    /// Games a match is the best of (odd): 1 plays single games.
    pub best_of: u64,
    pub seed: u64,
    /// The players piloting each pairing's first and second deck.
    pub players: [Kind; 2],
    pub shard: Shard,
    /// Play decks that are not legal in their format.
    pub allow_illegal: bool,
    /// Play cards whose text the engine does not model by their stats alone.
    pub vanilla: bool,
    /// The sideboard plan each pairing's first and second deck plays from game 2 of a match
    /// on; `None`: the plan named `vs <the opponent's name>`, where the deck has one.
    pub plans: [Option<&'a str>; 2],
}

/// What reading a run's decks gives.
pub enum Prepared<'c> {
    /// A run ready to be played ([`super::run`]); `seats` are indexed as the plan's decks,
    /// `boards` as its pairings (empty when no deck boards).
    Ready {
        game: &'c Game,
        seats: Vec<SeatDeck>,
        boards: Vec<[Option<SeatDeck>; 2]>,
        plan: Box<Plan>,
    },
    /// Decks not legal in their format, unless the request allows them: no game is played.
    Illegal(Vec<DeckOutcome>),
}

/// Finds, reads and checks the request's decks (against `forced`, or their own `format:`
/// lines), and seats them for the one game they are all for.
pub fn prepare<'c>(
    catalog: &'c Catalog,
    forced: Option<&Format>,
    request: &Request<'_>,
) -> Result<Prepared<'c>, Error> {
    let main = expand(request.decks)?;
    let field = expand(request.field)?;
    let paths: Vec<&PathBuf> = main.iter().chain(&field).collect();
    let pairings = pairings(main.len(), field.len());
    if pairings.is_empty() {
        return Err(Error::usage_with_help(
            "`sim` needs two decks to play",
            "pass two decks, more for a gauntlet, or a deck and `--vs FIELD...`",
        ));
    }
    let Seated {
        game,
        decks,
        outcomes,
        seats,
    } = match seat(
        catalog,
        forced,
        &paths,
        request.allow_illegal,
        request.vanilla,
    )? {
        Ok(seated) => seated,
        Err(mut outcomes) => {
            outcomes.retain(|o| !o.verdict.legal);
            return Ok(Prepared::Illegal(outcomes));
        }
    };
    let game_id = game.id().to_owned();
    let boards = match request.best_of {
        1 => Vec::new(),
        _ => boards(game, &decks, &outcomes, &pairings, request)?,
    };
    let plan = Plan {
        game: game_id,
        decks: paths.iter().map(|p| deck_name(p)).collect(),
        fingerprints: seats.iter().map(fingerprint).collect(),
        pairings,
        games: request.games,
        best_of: request.best_of,
        boarded: boarded(&boards),
        seed: request.seed,
        players: request.players.map(|p| p.to_string()),
        shards: request.shard.n,
        vanilla: vanilla_cards(game, &seats),
    };
    Ok(Prepared::Ready {
        game,
        seats,
        boards,
        plan: Box::new(plan),
    })
}

/// Decks read, checked and seated for the one game they are all for.
pub struct Seated<'c> {
    pub game: &'c Game,
    pub decks: Vec<Deck>,
    pub outcomes: Vec<DeckOutcome>,
    pub seats: Vec<SeatDeck>,
}

/// Reads and checks the decks at `paths` (against `forced`, or their own `format:` lines) and
/// seats them; `Ok(Err(outcomes))`, every deck's, when one is not legal and `allow_illegal`
/// is not given.
pub fn seat<'c>(
    catalog: &'c Catalog,
    forced: Option<&Format>,
    paths: &[&PathBuf],
    allow_illegal: bool,
    vanilla: bool,
) -> Result<Result<Seated<'c>, Vec<DeckOutcome>>, Error> {
    let mut outcomes = Vec::with_capacity(paths.len());
    let mut decks = Vec::with_capacity(paths.len());
    for path in paths {
        let (deck, outcome) = read_and_check(catalog, forced, path, Date::today())?;
        decks.push(deck);
        outcomes.push(outcome);
    }
    if !allow_illegal && outcomes.iter().any(|o| !o.verdict.legal) {
        return Ok(Err(outcomes));
    }
    let game = catalog.game(&one_game(&outcomes)?)?;
    let mut seats = Vec::with_capacity(decks.len());
    for (deck, o) in decks.iter().zip(&outcomes) {
        seats.push(SeatDeck::new(deck, game, &[], &o.source, vanilla).map_err(unplayable)?);
    }
    Ok(Ok(Seated {
        game,
        decks,
        outcomes,
        seats,
    }))
}

/// Every pair of the main decks, or each main deck against each field deck (indices into
/// main decks followed by field decks).
fn pairings(main: usize, field: usize) -> Vec<[usize; 2]> {
    if field > 0 {
        (0..main)
            .flat_map(|a| (0..field).map(move |b| [a, main + b]))
            .collect()
    } else {
        (0..main)
            .flat_map(|a| (a + 1..main).map(move |b| [a, b]))
            .collect()
    }
}

/// Files as given, twice if named twice (a deck can play itself); folders replaced by their
/// `*.deck` and `*.dek` (LackeyCCG) files in name order, not searched further. Not `crate::paths`, whose search
/// descends into folders, skips hidden files, keeps a file named twice once and refuses a
/// folder without decks.
fn expand(paths: &[PathBuf]) -> Result<Vec<PathBuf>, Error> {
    let mut out = Vec::new();
    for path in paths {
        if !path.is_dir() {
            out.push(path.clone());
            continue;
        }
        let entries = std::fs::read_dir(path).map_err(|source| Error::Read {
            path: path.clone(),
            source,
        })?;
        let mut found: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "deck" || x == "dek"))
            .collect();
        found.sort();
        out.extend(found);
    }
    Ok(out)
}

fn deck_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// The game every deck that names one names.
fn one_game(outcomes: &[DeckOutcome]) -> Result<String, Error> {
    let mut named = outcomes.iter().filter_map(|o| o.verdict.game.as_deref());
    let Some(first) = named.next() else {
        return Err(Error::usage("the decks name no game"));
    };
    if let Some(other) = named.find(|g| *g != first) {
        return Err(Error::usage(format!(
            "the decks are for different games: `{first}` and `{other}`"
        )));
    }
    Ok(first.to_owned())
}

/// The sideboarding step: per pairing, each side's post-board deck, where its plan against
/// the other deck names one; empty when no deck of the run boards.
fn boards(
    game: &Game,
    decks: &[Deck],
    outcomes: &[DeckOutcome],
    pairings: &[[usize; 2]],
    request: &Request<'_>,
) -> Result<Vec<[Option<SeatDeck>; 2]>, Error> {
    let mut boards = Vec::with_capacity(pairings.len());
    for pair in pairings {
        let mut sides = [None, None];
        for side in 0..2 {
            let (me, them) = (pair[side], pair[1 - side]);
            let deck = &decks[me];
            let file = &outcomes[me].source;
            let opponent = decks[them].name.as_ref().map(|n| format!("vs {}", n.value));
            let plan = match (request.plans[side], &opponent) {
                (Some(name), _) => Some(deck.plan(name).ok_or_else(|| no_plan(deck, file, name))?),
                (None, Some(name)) => deck.plan(name),
                (None, None) => None,
            };
            let Some(plan) = plan else { continue };
            let post = deck.with_plan(plan, game).map_err(|problems| {
                let first = problems
                    .first()
                    .map(|p| (p.message.clone(), p.help.clone()));
                let (message, help) = first.unwrap_or_default();
                Error::usage_with_help(format!("{}: {message}", file.name), help)
            })?;
            sides[side] =
                Some(SeatDeck::new(&post, game, &[], file, request.vanilla).map_err(unplayable)?);
        }
        boards.push(sides);
    }
    if boards.iter().all(|s| s.iter().all(Option::is_none)) {
        boards.clear();
    }
    Ok(boards)
}

/// `--plan-a`/`--plan-b` named a plan `deck` does not have.
fn no_plan(deck: &Deck, file: &SourceFile, name: &str) -> Error {
    let names: Vec<String> = (deck.plans.iter())
        .map(|p| format!("`{}`", p.name.value))
        .collect();
    let help = match names.is_empty() {
        true => "the deck has no plans: add a `Plan: vs NAME` section to it".to_owned(),
        false => format!("its plans: {}", names.join(", ")),
    };
    Error::usage_with_help(format!("`{}` has no plan `{name}`", file.name), help)
}

/// What the plan records of the post-board decks: their fingerprints, so that shards played
/// with a changed plan do not merge.
pub(super) fn boarded(boards: &[[Option<SeatDeck>; 2]]) -> Vec<[Option<String>; 2]> {
    (boards.iter())
        .map(|sides| sides.each_ref().map(|d| d.as_ref().map(fingerprint)))
        .collect()
}

/// FNV-1a over the deck's zones and cards: enough to tell a changed deck from the same one.
fn fingerprint(deck: &SeatDeck) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    };
    for (zone, cards) in &deck.zones {
        eat(zone.as_bytes());
        eat(&[0xff]);
        for c in cards {
            eat(&c.to_le_bytes());
        }
    }
    format!("{h:016x}")
}
