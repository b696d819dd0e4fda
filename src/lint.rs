//! `db check`: everything wrong with a card database or a format that parsing alone cannot
//! see. Each problem points into the TOML file it comes from.

use crate::card_db::{Card, Colours, Effect, Game, GameDef, Mapping};
use crate::diagnostic::Problem;
use crate::names;
use crate::validate::format::Format;
use crate::validate::lint_formats;
use std::collections::BTreeMap;
use std::ops::Range;
use toml::Spanned;

#[derive(Debug, Default)]
pub struct LintReport {
    pub problems: Vec<Problem>,
}

impl LintReport {
    pub fn errors(&self) -> usize {
        self.problems.iter().filter(|p| p.is_error()).count()
    }
}

/// Games with at least this many cards are linted on every core; smaller ones lint faster
/// than threads start.
const PARALLEL_LINT_CARDS: usize = 2_000;

/// Lints every game and format of a catalog. The problems come in the same order however
/// many threads found them: games in id order, each card's in card order.
pub fn lint(games: &BTreeMap<String, Game>, formats: &BTreeMap<String, Format>) -> LintReport {
    use rayon::prelude::*;
    let large = games.values().any(|g| g.cards.len() >= PARALLEL_LINT_CARDS);
    let per_game: Vec<Vec<Problem>> = if large {
        games.par_iter().map(|(_, game)| lint_game(game)).collect()
    } else {
        games.values().map(lint_game).collect()
    };
    let mut problems: Vec<Problem> = per_game.into_iter().flatten().collect();
    // A shipped format is linted against the shipped cards it was written for (the test
    // suite does so); over a database that replaced its game's cards (`--db`), its lists may
    // name cards that database lacks, which no deck line can then match: harmless, so it is
    // not linted again (docs/rulings.md, "Shipped formats over another card database").
    let replaced = |game: &str| {
        (games.get(game))
            .is_some_and(|g| (g.origins.iter()).any(|o| !o.file.name.starts_with("card-db/")))
    };
    let shipped = |f: &Format| f.file.name.starts_with("formats/");
    let formats: BTreeMap<String, Format> = (formats.iter())
        .filter(|(_, f)| !(shipped(f) && replaced(&f.game)))
        .map(|(id, f)| (id.clone(), f.clone()))
        .collect();
    problems.extend(lint_formats(games, &formats));
    LintReport { problems }
}

/// What a `db check` problem code means, in one line (SARIF's rule descriptions).
pub fn code_summary(code: &str) -> Option<&'static str> {
    Some(match code {
        "toml" => "a data file must be valid TOML with only the known fields",
        "card" => "a card must have the stats its type needs, in range, with a unique id and name",
        "game" => "a game definition must be consistent",
        "format" => "a format may name only cards, zones, colours and sets its game has",
        "unknown-game" => "a card file must name a defined game",
        "duplicate-game" => "a game may be defined once",
        "duplicate-format" => "a format id may be defined once",
        "format-cycle" => "a format may not extend itself",
        "unknown-format" => "a format may extend only a format that exists",
        "format-game" => "a format must be for the same game as the format it extends",
        "format-date" => "a revision's effective date must be a plain date",
        "import" => "a row of another tool's card pool that was skipped or guessed",
        _ => return None,
    })
}

/// The effect kind as written in the database (`damage`, `hand-limit`).
pub fn effect_kind(effect: &Effect) -> &'static str {
    match effect {
        Effect::Damage { .. } => "damage",
        Effect::Heal { .. } => "heal",
        Effect::Draw { .. } => "draw",
        Effect::Charge { .. } => "charge",
        Effect::Boost { .. } => "boost",
        Effect::Destroy { .. } => "destroy",
        Effect::Attach { .. } => "attach",
        Effect::HandLimit { .. } => "hand-limit",
        Effect::Pierce => "pierce",
        Effect::Reflect => "reflect",
    }
}

fn lint_game(game: &Game) -> Vec<Problem> {
    let mut out = Vec::new();
    lint_definition(game, &mut out);
    lint_cards(game, &mut out);
    lint_evolution_lines(game, &mut out);
    out
}

fn lint_definition(game: &Game, out: &mut Vec<Problem>) {
    let def = &game.def;
    let def_problem = |message: String, help: String| {
        Problem::error("game", message)
            .in_file(&game.def_file)
            .help(help)
    };
    let defaults = def.zones.iter().filter(|z| z.default).count();
    if defaults != 1 && !def.zones.is_empty() {
        out.push(def_problem(
            format!("game `{}` has {defaults} default zones", def.id),
            "mark exactly one zone `default = true`: card lines before any zone header go there"
                .into(),
        ));
    }
    for zone in &def.zones {
        for kind in &zone.types {
            if !def.types.iter().any(|t| &t.id == kind) {
                out.push(def_problem(
                    format!(
                        "zone `{}` allows type `{kind}`, which the game does not define",
                        zone.id
                    ),
                    "add it to [[game.types]] or remove it from the zone".into(),
                ));
            }
        }
    }
    let requirable: Vec<&str> = (def.stats.keys().map(String::as_str))
        .chain(FIELDS.iter().copied())
        .collect();
    for kind in &def.types {
        for stat in kind.requires.iter().chain(&kind.optional) {
            if !requirable.contains(&stat.as_str()) {
                let quoted = format!("\"{stat}\"");
                let mut p = Problem::error(
                    "game",
                    format!(
                        "type `{}` names `{stat}`, which is not a card stat",
                        kind.id
                    ),
                )
                .in_file(&game.def_file)
                .help(requirable_help(stat, &requirable));
                if let Some(at) = game.def_file.text.find(&quoted) {
                    p = p.label(at..at + quoted.len(), "unknown stat");
                }
                out.push(p);
            }
        }
    }
    if let Some(stat) = def.curve.as_deref().filter(|s| !def.has_number(s)) {
        out.push(def_problem(
            format!("the curve is drawn over `{stat}`, which is not a stat"),
            names::suggest_or_list(stat, &def.numbers()),
        ));
    }
    let mappings = [
        ("lackey", &def.import.lackey),
        ("cockatrice", &def.import.cockatrice),
    ];
    for (tool, mapping) in mappings {
        if let Some(mapping) = mapping {
            lint_mapping(game, tool, mapping, out);
        }
    }
    for pile in def.setup.iter().flat_map(|s| &s.piles) {
        if !def.zones.iter().any(|z| z.id == pile.zone) {
            out.push(def_problem(
                format!(
                    "setup deals from zone `{}`, which the game does not define",
                    pile.zone
                ),
                names::suggest_or_list(&pile.zone, &zone_ids(game)),
            ));
        }
    }
    for kind in def.effect_conflicts.iter().flatten() {
        if !def.effects.iter().any(|e| e == kind) {
            out.push(def_problem(
                format!("effect conflict names `{kind}`, which is not one of the game's effects"),
                format!(
                    "the effects of {} are: {}",
                    def.name,
                    def.effects.join(", ")
                ),
            ));
        }
    }
}

/// A `[game.import.<tool>]` mapping may name only the game's types, stats, attributes and
/// colours, and only listed types as basic, each of a basic-resource type.
fn lint_mapping(game: &Game, tool: &str, mapping: &Mapping, out: &mut Vec<Problem>) {
    let def = &game.def;
    let table = format!("[game.import.{tool}]");
    let unknown = |what: &str, name: &str, known: &[&str]| {
        let quoted = format!("\"{name}\"");
        let mut p = Problem::error(
            "game",
            format!(
                "{table} names {what} `{name}`, which {} does not have",
                def.name
            ),
        )
        .in_file(&game.def_file)
        .help(names::suggest_or_list(name, known));
        // The first mention after the table's header is the one meant.
        let after = game.def_file.text.find(&table).unwrap_or(0);
        if let Some(at) = game.def_file.text[after..].find(&quoted) {
            p = p.label(
                after + at..after + at + quoted.len(),
                format!("unknown {what}"),
            );
        }
        p
    };
    let types: Vec<&str> = def.types.iter().map(|t| t.id.as_str()).collect();
    let stats: Vec<&str> = def.stats.keys().map(String::as_str).collect();
    let attributes: Vec<&str> = def.attributes.iter().map(String::as_str).collect();
    let colours: Vec<&str> = def.colours.iter().map(String::as_str).collect();
    for kind in mapping
        .types
        .values()
        .filter(|k| !types.contains(&k.as_str()))
    {
        out.push(unknown("type", kind, &types));
    }
    let free = mapping.cost.iter().filter_map(|c| c.free.as_ref());
    for stat in mapping.stats.keys().chain(free) {
        if !stats.contains(&stat.as_str()) {
            out.push(unknown("stat", stat, &stats));
        }
    }
    let symbols = mapping.cost.iter().flat_map(|c| c.symbols.values());
    for attr in mapping.attributes.values().chain(symbols) {
        if !attr.is_empty() && !attributes.contains(&attr.as_str()) {
            out.push(unknown("attribute", attr, &attributes));
        }
    }
    for colour in mapping.colours.values() {
        if !colour.is_empty() && !colours.contains(&colour.as_str()) {
            out.push(unknown("colour", colour, &colours));
        }
    }
    let listed: Vec<&str> = mapping.types.keys().map(String::as_str).collect();
    for basic in &mapping.basic {
        let kind = (mapping.types.iter())
            .find(|(k, _)| names::key(k) == names::key(basic))
            .map(|(_, v)| v.as_str());
        match kind.map(|k| def.types.iter().find(|t| t.id == k)) {
            None => out.push(unknown("basic type string", basic, &listed)),
            Some(Some(t)) if !t.basic_resource => out.push(
                Problem::error(
                    "game",
                    format!(
                        "{table} makes `{basic}` basic, but its type `{}` is not a basic resource",
                        t.id
                    ),
                )
                .in_file(&game.def_file)
                .help("mark the type `basic-resource = true`, or remove it from `basic`"),
            ),
            Some(_) => {}
        }
    }
}

/// Each card on its own (on every core for a large game), and the ids and names used twice
/// (in card order: the first card keeps its id or name, every later one is reported).
fn lint_cards(game: &Game, out: &mut Vec<Problem>) {
    use rayon::prelude::*;
    let each = |(i, card): (usize, &Card)| {
        let mut found = Vec::new();
        lint_card(game, i, card, &mut found);
        found
    };
    let mut own: Vec<Vec<Problem>> = if game.cards.len() >= PARALLEL_LINT_CARDS {
        game.cards.par_iter().enumerate().map(each).collect()
    } else {
        game.cards.iter().enumerate().map(each).collect()
    };
    let mut ids = names::KeyMap::<usize>::default();
    let mut names_seen = names::KeyMap::<usize>::default();
    ids.reserve(game.cards.len());
    names_seen.reserve(game.cards.len());
    for (i, card) in game.cards.iter().enumerate() {
        for (key, seen, what, span) in [
            (names::key(card.id()), &mut ids, "id", card.id.span()),
            (
                names::key(card.name()),
                &mut names_seen,
                "name",
                card.name.span(),
            ),
        ] {
            if let Some(&first) = seen.get(&key) {
                let other = &game.origins[first];
                let (line, _) = other.file.line_col(other.span.start);
                out.push(
                    card_problem(
                        game,
                        i,
                        format!(
                            "duplicate card {what} `{}`",
                            if what == "id" { card.id() } else { card.name() }
                        ),
                    )
                    .label(
                        span,
                        format!("already used by card `{}`", game.cards[first].id()),
                    )
                    .help(format!(
                        "the first is in {} near line {line}; every card needs its own {what}",
                        other.file.name
                    )),
                );
            } else {
                seen.insert(key, i);
            }
        }
        out.append(&mut own[i]);
    }
}

/// What a type may require besides the game's stats: the card fields a type can need.
const FIELDS: &[&str] = &["colour", "attribute", "evolution", "judgment"];

/// Did-you-mean for a requirement naming neither a stat nor a field; a name that is a stat of
/// no game here may be one to declare.
fn requirable_help(name: &str, requirable: &[&str]) -> String {
    match names::suggest(name, requirable.iter().copied()) {
        Some(s) => format!("did you mean `{s}`?"),
        None => format!(
            "a type may require {}; declare a new stat as `[game.stats.{name}]` with its `min` and `max`",
            requirable.join(", ")
        ),
    }
}

/// Whether `card` has the stat or field `name`; `None` for a name that is neither.
fn present(def: &GameDef, card: &Card, name: &str) -> Option<bool> {
    Some(match name {
        "colour" => card.colour.is_some(),
        "attribute" => !card.attribute.is_empty(),
        "evolution" => card.evolution.is_some(),
        "judgment" => card.judgment.is_some(),
        stat if def.stats.contains_key(stat) => card.stat(stat).is_some(),
        _ => return None,
    })
}

fn card_problem(game: &Game, i: usize, message: String) -> Problem {
    Problem::error("card", message).in_file(&game.origins[i].file)
}

fn lint_card(game: &Game, i: usize, card: &Card, out: &mut Vec<Problem>) {
    let problem = |message: String| card_problem(game, i, message);
    let def = &game.def;
    let name = card.name();
    let Some(kind) = def.types.iter().find(|t| t.id == card.kind()) else {
        let ids: Vec<&str> = def.types.iter().map(|t| t.id.as_str()).collect();
        out.push(
            problem(format!("card `{name}` has unknown type `{}`", card.kind()))
                .label(card.kind.span(), "unknown type")
                .help(names::suggest_or_list(card.kind(), &ids)),
        );
        return;
    };
    if !def.sets.is_empty() && !def.sets.iter().any(|s| s.code == card.set()) {
        let codes: Vec<&str> = def.sets.iter().map(|s| s.code.as_str()).collect();
        out.push(
            problem(format!("card `{name}` is in unknown set `{}`", card.set()))
                .label(card.set.span(), "unknown set")
                .help(names::suggest_or_list(card.set(), &codes)),
        );
    }
    for printing in card.printings.iter().filter(|_| !def.sets.is_empty()) {
        let set = printing.set.get_ref().as_str();
        if !def.sets.iter().any(|s| s.code == set) {
            let codes: Vec<&str> = def.sets.iter().map(|s| s.code.as_str()).collect();
            out.push(
                problem(format!(
                    "card `{name}` has a printing in unknown set `{set}`"
                ))
                .label(printing.set.span(), "unknown set")
                .help(names::suggest_or_list(set, &codes)),
            );
        }
    }
    for stat in &kind.requires {
        if present(def, card, stat) == Some(false) {
            out.push(
                problem(format!("{} `{name}` has no `{stat}`", kind.label))
                    .label(card.name.span(), format!("needs `{stat}`"))
                    .help(format!("every {} card needs `{stat} = …`", kind.label)),
            );
        }
    }
    if card.basic && !kind.basic_resource {
        let basic: Vec<&str> = (def.types.iter())
            .filter(|t| t.basic_resource)
            .map(|t| t.label.as_str())
            .collect();
        out.push(
            Problem::warning(
                "card",
                format!("{} `{name}` is marked `basic`, but {} is not a basic resource", kind.label, kind.label),
            )
            .in_file(&game.origins[i].file)
            .label(card.name.span(), "`basic = true` has no effect here")
            .help(if basic.is_empty() {
                format!("remove `basic = true`; {} has no basic resource type (`basic-resource = true` on a type)", def.name)
            } else {
                format!("remove `basic = true`; only {} cards may be basic", basic.join(", "))
            }),
        );
    }
    for card_stat in &card.stats {
        let (stat, value) = (card_stat.name.get_ref().as_str(), &card_stat.value);
        let v = *value.get_ref();
        if !kind.uses(stat) {
            out.push(
                Problem::warning(
                    "card",
                    format!("{} `{name}` has `{stat}`, which {} cards do not use", kind.label, kind.label),
                )
                .in_file(&game.origins[i].file)
                .label(value.span(), "not a stat of this type")
                .help(format!(
                    "remove it, or list `{stat}` in the type's `requires` or `optional` in game.toml"
                )),
            );
        }
        let range = def.stats.get(stat);
        let (min, max) = range.map_or((0, i64::MAX), |r| (r.min, r.max));
        if v < min || v > max {
            out.push(
                problem(format!(
                    "`{stat}` of `{name}` is {v}, outside {min}..={max}"
                ))
                .label(value.span(), "out of range")
                .help(format!("the game allows {stat} from {min} to {max}")),
            );
        }
    }
    // A J-ruler's numbers are the game's stats too: its ATK and DEF, its Judgment's free cost.
    if let Some(j) = &card.judgment {
        for (stat, v) in [("atk", j.atk), ("def", j.def), ("free-cost", j.free_cost)] {
            if let Some(r) = def.stats.get(stat).filter(|r| v < r.min || v > r.max) {
                out.push(
                    problem(format!(
                        "`{stat}` of `{}`, the J-ruler of `{name}`, is {v}, outside {}..={}",
                        j.j_name, r.min, r.max
                    ))
                    .label(
                        game.origins[i].span.clone(),
                        "in this card's [cards.judgment]",
                    )
                    .help(format!(
                        "the game allows {stat} from {} to {}",
                        r.min, r.max
                    )),
                );
            }
        }
    }
    // The colours, attributes and keywords a card names must be among its game's.
    if let Some(colour) = &card.colour {
        lint_colours(game, i, colour, out);
    }
    let attributes = (card.attribute.iter().chain(&card.attribute_cost))
        .map(|a| ("attribute", "names", a, &def.attributes));
    let keywords = card
        .keywords
        .iter()
        .map(|k| ("keyword", "has", k, &def.keywords));
    for (what, verb, value, known) in attributes.chain(keywords) {
        let text = value.get_ref();
        if !known.iter().any(|k| k == text) {
            out.push(
                problem(format!("`{name}` {verb} unknown {what} `{text}`"))
                    .label(value.span(), format!("unknown {what}"))
                    .help(names::suggest_or_list(text, &strs(known))),
            );
        }
    }
    if let (Some(min), true) = (def.legendary_min_cost, game.is_legendary(card)) {
        let cost = card.cost();
        if cost.is_none_or(|c| c < i64::from(min)) {
            let span = card
                .stat_spanned("cost")
                .map_or(card.name.span(), |c| c.span());
            out.push(
                problem(format!(
                    "Legendary `{name}` costs {}, under the minimum of {min}",
                    cost.map_or("nothing".to_owned(), |c| c.to_string())
                ))
                .label(span, format!("Legendaries cost {min} or more"))
                .help(format!(
                    "raise its cost to {min} or more, or make it not Legendary"
                )),
            );
        }
    }
    let spanned = card
        .effects
        .iter()
        .chain(&card.at_turn_start)
        .map(|e| (e.get_ref(), e.span()));
    let unspanned = card
        .abilities
        .iter()
        .flat_map(|a| &a.effects)
        .chain(card.judgment.iter().flat_map(|j| &j.effects))
        .map(|e| (e, card.name.span()));
    for (effect, span) in spanned.chain(unspanned) {
        lint_effect(game, i, effect, span, out);
    }
    if let Some(evo) = &card.evolution {
        let e = evo.get_ref();
        if !def.evolution_levels.iter().any(|l| l == &e.level) {
            out.push(
                problem(format!(
                    "`{name}` has evolution level `{}`, not on the ladder",
                    e.level
                ))
                .label(evo.span(), "unknown level")
                .help(format!(
                    "the levels are: {}",
                    def.evolution_levels.join(", ")
                )),
            );
        }
        if game.find(&e.base).is_none() {
            out.push(
                problem(format!(
                    "`{name}` evolves `{}`, which is not in the database",
                    e.base
                ))
                .label(evo.span(), "unknown base card")
                .maybe_help(
                    game.suggest(&e.base)
                        .map(|s| format!("did you mean `{s}`?")),
                ),
            );
        }
    }
}

/// An effect must be one the game's engine runs, aimed at a target it understands.
fn lint_effect(game: &Game, i: usize, effect: &Effect, span: Range<usize>, out: &mut Vec<Problem>) {
    let problem = |message: String| card_problem(game, i, message);
    let def = &game.def;
    let name = game.cards[i].name();
    let kind = effect_kind(effect);
    if !def.effects.iter().any(|e| e == kind) {
        out.push(
            problem(format!(
                "`{name}` uses effect `{kind}`, which the {} engine does not run",
                def.name
            ))
            .label(span.clone(), "unsupported effect")
            .help(format!(
                "the effects of {} are: {}",
                def.name,
                def.effects.join(", ")
            )),
        );
    }
    if let Some(target) = effect.target() {
        if !def.targets.is_empty() && !def.targets.iter().any(|t| t == target.as_str()) {
            out.push(
                problem(format!(
                    "`{name}` aims `{kind}` at `{}`, which {} has no use for",
                    target.as_str(),
                    def.name
                ))
                .label(span, "unsupported target")
                .help(names::suggest_or_list(target.as_str(), &strs(&def.targets))),
            );
        }
    }
}

/// Each evolution line must have every level below its highest one: a line with levels I and
/// III can never reach III, because III needs II in play.
fn lint_evolution_lines(game: &Game, out: &mut Vec<Problem>) {
    let ladder = &game.def.evolution_levels;
    let mut lines: BTreeMap<&str, Vec<(usize, usize)>> = BTreeMap::new();
    for (i, card) in game.cards.iter().enumerate() {
        if let Some(evo) = &card.evolution {
            if let Some(pos) = ladder.iter().position(|l| l == &evo.get_ref().level) {
                lines
                    .entry(evo.get_ref().line.as_str())
                    .or_default()
                    .push((pos, i));
            }
        }
    }
    for (line, members) in lines {
        let highest = members.iter().map(|&(p, _)| p).max().unwrap_or(0);
        for (pos, level) in ladder.iter().enumerate().take(highest) {
            if !members.iter().any(|&(p, _)| p == pos) {
                let (_, top) = *members
                    .iter()
                    .max_by_key(|&&(p, _)| p)
                    .expect("non-empty line");
                let card = &game.cards[top];
                let span = card.evolution.as_ref().map_or(0..0, |e| e.span());
                out.push(
                    card_problem(
                        game,
                        top,
                        format!("evolution line `{line}` has no level {level}"),
                    )
                    .label(
                        span,
                        format!("level {} needs level {level} first", ladder[highest]),
                    )
                    .help(format!("add a level {level} card to the `{line}` line")),
                );
            }
        }
    }
}

fn zone_ids(game: &Game) -> Vec<&str> {
    game.def.zones.iter().map(|z| z.id.as_str()).collect()
}

/// A card's colours must be its game's, each named once, and several only where the game says
/// how a multi-colour card counts.
fn lint_colours(game: &Game, i: usize, colour: &Spanned<Colours>, out: &mut Vec<Problem>) {
    let (name, span) = (game.cards[i].name(), colour.span());
    let problem =
        |message: String, label: &str| card_problem(game, i, message).label(span.clone(), label);
    let colours = colour.get_ref().as_slice();
    for (n, text) in colours.iter().enumerate() {
        if !game.def.colours.contains(text) {
            out.push(
                problem(
                    format!("`{name}` has unknown colour `{text}`"),
                    "unknown colour",
                )
                .help(names::suggest_or_list(text, &strs(&game.def.colours))),
            );
        } else if colours[..n].contains(text) {
            out.push(
                problem(
                    format!("`{name}` lists the colour `{text}` twice"),
                    "repeated colour",
                )
                .help("name each colour once"),
            );
        }
    }
    if colours.len() > 1 && game.def.multicolour.is_none() {
        out.push(
            problem(
                format!(
                    "`{name}` has {} colours, but {} has no multi-colour cards",
                    colours.len(),
                    game.def.name
                ),
                "several colours",
            )
            .help(
                "give it one colour, or say in game.toml how a multi-colour card counts: \
                 `multicolour = \"each\"` (toward each of its colours) or `\"multi\"` (a bucket \
                 of its own)",
            ),
        );
    }
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}
