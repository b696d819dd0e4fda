//! Every rule kind at its boundary, on decks built from the shipped cards: one side of each
//! boundary is legal, the other breaks exactly the rule named, at the right line.

use decksmith::catalog::Catalog;
use decksmith::date::Date;
use decksmith::encoding::text;
use decksmith::validate::{validate, Verdict};

const STRIKES: &[&str] = &[
    "Spark Runner",
    "Ash Hound",
    "Volt Pup",
    "Cinder Scout",
    "Rust Brawler",
    "Blaze Lancer",
    "Storm Falcon",
    "Thunder Ram",
    "Chrono Blade",
    "Quartz Sentinel",
    "Neon Duelist",
    "Circuit Wolf",
    "Pixel Knight",
    "Static Viper",
    "Gale Archer",
    "Magma Golem",
];
const RED: &[&str] = &[
    "Ember Jab",
    "Quick Slash",
    "Flame Arrow",
    "Battle Cry",
    "Firebrand",
    "Rage Punch",
    "Molten Hammer",
];
const BLUE: &[&str] = &[
    "Soothing Touch",
    "Mending Light",
    "Healing Draught",
    "Renewal",
    "Second Breath",
    "Herbal Remedy",
];
const GREEN: &[&str] = &[
    "Wooden Shield",
    "Parry",
    "Iron Wall",
    "Bramble Guard",
    "Mirror Ward",
    "Dodge Roll",
];
const FOW_MAIN: &[&str] = &[
    "Ember Fox",
    "Crimson Drake",
    "Pyre Knight",
    "Magma Elemental",
    "Lapis Acolyte",
    "Tide Serpent",
    "Coral Guardian",
    "Mistveil Sprite",
    "Deep Leviathan",
    "Dawn Paladin",
    "Sunlit Cleric",
    "Halo Seraph",
    "Radiant Squire",
    "Lantern Keeper",
    "Zephyr Scout",
    "Gale Ranger",
];

/// `n` cards as lines of at most `per` copies each, from `names` in order.
fn fill(names: &[&str], n: u32, per: u32) -> String {
    let mut out = String::new();
    let mut left = n;
    for name in names {
        if left == 0 {
            break;
        }
        let c = left.min(per);
        out.push_str(&format!("{c} {name}\n"));
        left -= c;
    }
    assert_eq!(left, 0, "not enough names to fill {n}");
    out
}

fn check_on(text_: &str, format: &str, date: &str) -> Verdict {
    let catalog = Catalog::embedded().expect("shipped data loads");
    let format = catalog.format(format).expect("format exists");
    let game = catalog.game(&format.game).expect("game exists");
    validate(
        &text::parse(text_),
        format,
        game,
        date.parse::<Date>().unwrap(),
    )
}

fn check(text_: &str, format: &str) -> Verdict {
    check_on(text_, format, "2026-11-29")
}

/// The rule ids of the error findings, with their lines.
fn errors(report: &Verdict) -> Vec<(&'static str, Option<u32>)> {
    report
        .findings
        .iter()
        .filter(|f| f.severity == decksmith::validate::Severity::Error)
        .map(|f| (f.rule.id(), f.line))
        .collect()
}

fn rules(report: &Verdict) -> Vec<&'static str> {
    report.findings.iter().map(|f| f.rule.id()).collect()
}

fn jforce(main: &str) -> String {
    format!("Hero:\n1 Storma\nMain:\n{main}")
}

#[test]
fn jforce_main_must_hold_exactly_40() {
    // JF-A01: the Hero is not one of the 40.
    assert!(check(&jforce(&fill(STRIKES, 40, 3)), "jforce-standard").legal);
    for n in [39, 41] {
        let r = check(&jforce(&fill(STRIKES, n, 3)), "jforce-standard");
        assert_eq!(rules(&r), ["deck-size"], "{n} cards");
        assert_eq!(r.findings[0].zone.as_deref(), Some("main"));
        assert_eq!(r.findings[0].line, Some(3), "points at the Main: header");
    }
    let r = check(&jforce(&fill(STRIKES, 39, 3)), "jforce-standard");
    assert_eq!(r.findings[0].help.as_deref(), Some("add 1 card"));
    let r = check(&jforce(&fill(STRIKES, 41, 3)), "jforce-standard");
    assert_eq!(r.findings[0].help.as_deref(), Some("remove 1 card"));
}

#[test]
fn jforce_three_copies_legal_four_not() {
    let three = jforce(&format!("3 Ember Striker\n{}", fill(STRIKES, 37, 3)));
    assert!(check(&three, "jforce-standard").legal);
    let four = jforce(&format!("4 Ember Striker\n{}", fill(STRIKES, 36, 3)));
    let r = check(&four, "jforce-standard");
    assert_eq!(errors(&r), [("copy-limit", Some(4))]);
    assert_eq!(r.findings[0].card.as_deref(), Some("Ember Striker"));
    assert_eq!(r.findings[0].help.as_deref(), Some("remove 1 copy"));
}

#[test]
fn copies_on_two_lines_add_up_and_ids_count_as_names() {
    // JF-A03: a card is the same card by name; an id stands for its name.
    let deck = jforce(&format!(
        "2 Ember Striker\n2 JF-006\n{}",
        fill(STRIKES, 36, 3)
    ));
    let r = check(&deck, "jforce-standard");
    assert_eq!(
        errors(&r),
        [("copy-limit", Some(5))],
        "reported at the last line"
    );
}

#[test]
fn one_legendary_copy_legal_two_not() {
    let one = jforce(&format!("1 Chrono Apocalypse\n{}", fill(STRIKES, 39, 3)));
    assert!(check(&one, "jforce-standard").legal);
    let two = jforce(&format!("2 Chrono Apocalypse\n{}", fill(STRIKES, 38, 3)));
    let r = check(&two, "jforce-standard");
    // Only the Legendary rule speaks: 2 copies is within the general limit of 3.
    assert_eq!(errors(&r), [("legendary-limit", Some(4))]);
    let four = jforce(&format!("4 Chrono Apocalypse\n{}", fill(STRIKES, 36, 3)));
    assert_eq!(rules(&check(&four, "jforce-standard")), ["legendary-limit"]);
}

#[test]
fn exactly_one_hero() {
    // JF-A02: exactly one Hero, in its own zone.
    let main = fill(STRIKES, 40, 3);
    let none = format!("Main:\n{main}");
    let r = check(&none, "jforce-standard");
    assert_eq!(rules(&r), ["hero"]);
    assert_eq!(
        r.findings[0].help.as_deref(),
        Some("add a `Hero:` section with 1 Hero card")
    );
    let two = format!("Hero:\n1 Storma\n1 Glitch\nMain:\n{main}");
    let r = check(&two, "jforce-standard");
    assert_eq!(errors(&r), [("hero", Some(3))]);
    assert_eq!(
        r.findings[0].related.len(),
        1,
        "the other Hero is labelled too"
    );
    let twice = format!("Hero:\n2 Storma\nMain:\n{main}");
    assert_eq!(rules(&check(&twice, "jforce-standard")), ["hero"]);
}

#[test]
fn a_hero_inside_the_main_deck_is_a_zone_type_error() {
    let deck = format!("Hero:\n1 Storma\nMain:\n1 Glitch\n{}", fill(STRIKES, 39, 3));
    let r = check(&deck, "jforce-standard");
    assert_eq!(errors(&r), [("zone-type", Some(4))]);
    assert_eq!(r.findings[0].help.as_deref(), Some("move it under `Hero:`"));
}

#[test]
fn evolution_level_v_needs_level_iii() {
    // JF-A10 (b): the ladder is I, II, III, V, so V's previous level is III.
    let base = "3 Ember Striker\n1 Ember Striker Kindled\n1 Ember Striker Blazing\n";
    let with_iii = jforce(&format!(
        "{base}1 Ember Striker Inferno\n1 Ember Striker Phoenix\n{}",
        fill(STRIKES, 33, 3)
    ));
    assert!(check(&with_iii, "jforce-standard").findings.is_empty());
    let without_iii = jforce(&format!(
        "{base}1 Ember Striker Phoenix\n{}",
        fill(STRIKES, 34, 3)
    ));
    let r = check(&without_iii, "jforce-standard");
    assert_eq!(rules(&r), ["evolution"]);
    assert!(r.legal, "a missing evolution level is a warning");
    assert!(
        r.findings[0].message.contains("level III"),
        "{}",
        r.findings[0].message
    );
}

#[test]
fn evolution_level_i_needs_its_base_card() {
    let deck = jforce(&format!(
        "1 Ember Striker Kindled\n{}",
        fill(STRIKES, 39, 3)
    ));
    let r = check(&deck, "jforce-standard");
    assert_eq!(rules(&r), ["evolution"]);
    assert!(r.findings[0].message.contains("`Ember Striker`"));
}

#[test]
fn skirmish_fourteen_red_is_too_few_fifteen_enough() {
    let deck = |red| {
        format!(
            "{}{}{}",
            fill(RED, red, 3),
            fill(BLUE, 10, 3),
            fill(GREEN, 5, 3)
        )
    };
    assert!(check(&deck(15), "skirmish-casual").legal);
    let r = check(&deck(14), "skirmish-casual");
    assert_eq!(rules(&r), ["colour-minimum"]);
    assert_eq!(r.findings[0].help.as_deref(), Some("add 1 Red card"));
}

#[test]
fn skirmish_forty_cards_at_most() {
    let deck = |green| {
        format!(
            "{}{}{}",
            fill(RED, 15, 3),
            fill(BLUE, 10, 3),
            fill(GREEN, green, 3)
        )
    };
    assert!(check(&deck(15), "skirmish-casual").legal, "40 cards");
    assert_eq!(
        rules(&check(&deck(16), "skirmish-casual")),
        ["deck-size"],
        "41 cards"
    );
}

#[test]
fn skirmish_three_per_title_across_lines() {
    // SK-A13: a title is a card name.
    let deck = format!(
        "{}1 Ember Jab\n{}{}",
        fill(RED, 15, 3),
        fill(BLUE, 10, 3),
        fill(GREEN, 5, 3)
    );
    assert_eq!(rules(&check(&deck, "skirmish-casual")), ["copy-limit"]);
}

#[test]
fn tournament_ratio_must_be_exact() {
    // SK-A12 (a): exactly 3:2:1.
    let deck = |r, b, g| {
        format!(
            "{}{}{}",
            fill(RED, r, 3),
            fill(BLUE, b, 3),
            fill(GREEN, g, 3)
        )
    };
    assert!(check(&deck(15, 10, 5), "skirmish-tournament").legal);
    assert!(check(&deck(18, 12, 6), "skirmish-tournament").legal);
    let r = check(&deck(16, 10, 5), "skirmish-tournament");
    assert_eq!(rules(&r), ["colour-ratio"]);
    assert_eq!(
        r.findings[0].help.as_deref(),
        Some("remove 1 Red (15:10:5), or add 2 Red, add 2 Blue, add 1 Green (18:12:6)")
    );
    assert!(
        check(&deck(16, 10, 5), "skirmish-casual").legal,
        "casual has no ratio"
    );
    assert_eq!(
        rules(&check(&deck(15, 11, 5), "skirmish-tournament")),
        ["colour-ratio"]
    );
}

fn fow(main: &str, stones: &str) -> String {
    format!("Ruler:\n1 Crimson Warden\nMain:\n{main}Stones:\n{stones}")
}

#[test]
fn fow_sizes_at_their_boundaries() {
    let stones = "10 Fire Magic Stone\n";
    for (n, legal) in [(39, false), (40, true), (60, true), (61, false)] {
        let r = check(&fow(&fill(FOW_MAIN, n, 4), stones), "fow-standard");
        assert_eq!(r.legal, legal, "main {n}: {:?}", rules(&r));
    }
    let main = fill(FOW_MAIN, 40, 4);
    for (s, legal) in [(9, false), (10, true), (20, true), (21, false)] {
        let r = check(
            &fow(&main, &format!("{s} Water Magic Stone\n")),
            "fow-standard",
        );
        assert_eq!(r.legal, legal, "stones {s}");
    }
    let side = |n| {
        format!(
            "{}Side:\n{}",
            fow(&main, stones),
            fill(&FOW_MAIN[10..], n, 4)
        )
    };
    assert!(check(&side(15), "fow-standard").legal);
    assert_eq!(rules(&check(&side(16), "fow-standard")), ["deck-size"]);
}

#[test]
fn fow_copies_count_across_zones_and_basic_stones_are_free() {
    // FW-A23 (a): copies are counted across main, stones and side together.
    let main = format!("4 Flame Soldier of Ma'at\n{}", fill(FOW_MAIN, 36, 4));
    let stones = "20 Fire Magic Stone\n";
    assert!(
        check(&fow(&main, stones), "fow-standard").legal,
        "20 basic stones"
    );
    let with_side = format!("{}Side:\n1 Flame Soldier of Ma’at\n", fow(&main, stones));
    let r = check(&with_side, "fow-standard");
    assert_eq!(rules(&r), ["copy-limit"]);
    assert_eq!(r.findings[0].zone.as_deref(), Some("side"));
    let special = fow(
        &fill(FOW_MAIN, 40, 4),
        "5 Ember-Tide Stone\n5 Fire Magic Stone\n",
    );
    assert_eq!(
        rules(&check(&special, "fow-standard")),
        ["copy-limit"],
        "special stones: 4"
    );
}

#[test]
fn copy_overrides_allow_any_number_or_seven() {
    let stones = "10 Fire Magic Stone\n";
    let deck = |lanterns: u32| {
        fow(
            &format!(
                "12 Swarm of Blazers\n{lanterns} Seven Lanterns\n{}",
                fill(FOW_MAIN, 40 - 12 - lanterns, 4)
            ),
            stones,
        )
    };
    assert!(check(&deck(7), "fow-wanderer").legal);
    let r = check(&deck(8), "fow-wanderer");
    assert_eq!(rules(&r), ["copy-limit"]);
    assert_eq!(r.findings[0].card.as_deref(), Some("Seven Lanterns"));
    assert_eq!(
        rules(&check(&deck(4), "fow-standard")),
        ["copy-limit"],
        "standard keeps 4"
    );
}

#[test]
fn ban_lists_follow_the_date() {
    let deck = jforce(&format!("1 Overload\n{}", fill(STRIKES, 39, 3)));
    assert!(
        check_on(&deck, "jforce-banlist", "2026-05-31").legal,
        "before the revision"
    );
    let r = check_on(&deck, "jforce-banlist", "2026-06-01");
    assert_eq!(errors(&r), [("banned", Some(4))]);
    assert!(
        check_on(&deck, "jforce-banlist", "2025-12-31").legal,
        "before any list"
    );
    let time_skip = jforce(&format!("1 Time Skip\n{}", fill(STRIKES, 39, 3)));
    assert_eq!(
        rules(&check_on(&time_skip, "jforce-banlist", "2026-01-01")),
        ["banned"]
    );
}

#[test]
fn limited_cards_allow_their_count() {
    let deck = |n: u32| jforce(&format!("{n} Power Surge\n{}", fill(STRIKES, 40 - n, 3)));
    assert!(check(&deck(1), "jforce-banlist").legal);
    let r = check(&deck(2), "jforce-banlist");
    assert_eq!(rules(&r), ["limited"], "limited, not also copy-limit");
    assert!(check_on(&deck(2), "jforce-banlist", "2026-05-31").legal);
}

#[test]
fn a_limited_legendary_answers_to_its_limit_only() {
    // docs/rulings.md "Which rule counts a card's copies": banned, then limited, then Legendary.
    let catalog = Catalog::embedded().expect("shipped data loads");
    let mut format = catalog
        .format("jforce-banlist")
        .expect("format exists")
        .clone();
    let game = catalog.game(&format.game).expect("game exists");
    for dated in &mut format.revisions {
        (dated.revision.limited).insert(toml::Spanned::new(0..0, "Chrono Apocalypse".into()), 2);
    }
    let verdict = |n: u32| {
        let deck = jforce(&format!(
            "{n} Chrono Apocalypse\n{}",
            fill(STRIKES, 40 - n, 3)
        ));
        validate(
            &text::parse(&deck),
            &format,
            game,
            "2026-11-29".parse().unwrap(),
        )
    };
    assert!(
        verdict(2).legal,
        "the list's 2 replaces legendary-limit's 1"
    );
    assert_eq!(rules(&verdict(3)), ["limited"]);
}

#[test]
fn combination_bans_need_both_cards() {
    let stones = "10 Fire Magic Stone\n";
    let one = fow(
        &format!("1 Chrono Whisperer\n{}", fill(FOW_MAIN, 39, 4)),
        stones,
    );
    assert!(check(&one, "fow-wanderer").legal);
    let both = format!(
        "{}Side:\n1 Eternal Hourglass\n",
        fow(
            &format!("1 Chrono Whisperer\n{}", fill(FOW_MAIN, 39, 4)),
            stones
        )
    );
    let r = check(&both, "fow-wanderer");
    assert_eq!(rules(&r), ["combination-banned"]);
    assert_eq!(r.findings[0].related.len(), 1);
    assert!(check_on(&both, "fow-wanderer", "2026-04-30").legal);
}

#[test]
fn set_legality_rejects_cards_from_other_sets() {
    let ok = jforce(&fill(STRIKES, 40, 3));
    assert!(check(&ok, "jforce-core-sets").legal);
    let jf2 = jforce(&format!("1 Byte Swarm\n{}", fill(STRIKES, 39, 3)));
    let r = check(&jf2, "jforce-core-sets");
    assert_eq!(errors(&r), [("set-legality", Some(4))]);
    assert!(check(&jf2, "jforce-standard").legal);
}

/// J Force Standard limited to JF1 and JF2, with JF2 rotated out on 2026-03-01 and back in on
/// 2026-09-01: a format written for the test, on top of the shipped data.
const ROTATING: &str = r#"id = "jforce-rotating"
game = "jforce"
name = "J Force Rotating"
extends = "jforce-standard"

[[rules]]
kind = "set-legality"
sets = ["JF1", "JF2"]

[[revisions]]
effective = 2026-03-01
rotate-out = ["JF2"]

[[revisions]]
effective = 2026-09-01
rotate-in = ["JF2"]
"#;

/// The shipped data with [`ROTATING`] added.
fn rotating_catalog() -> Catalog {
    use decksmith::catalog::{FileKind, Sources};
    use decksmith::diagnostic::SourceFile;
    let base = Catalog::embedded().expect("shipped data loads");
    let sources = Sources {
        files: vec![(FileKind::Format, SourceFile::new("rotating.toml", ROTATING))],
    };
    let (catalog, problems) = Catalog::build(&sources, Some(base));
    assert!(problems.is_empty(), "{problems:?}");
    catalog
}

fn check_rotating(text_: &str, date: &str) -> Verdict {
    let catalog = rotating_catalog();
    let format = catalog.format("jforce-rotating").expect("format exists");
    let game = catalog.game("jforce").expect("game exists");
    validate(&text::parse(text_), format, game, date.parse().unwrap())
}

#[test]
fn a_set_rotates_out_on_its_revision_date_and_back_in_on_a_later_one() {
    let jf2 = jforce(&format!("1 Byte Swarm\n{}", fill(STRIKES, 39, 3)));
    assert!(check_rotating(&jf2, "2026-02-28").legal, "the day before");
    let r = check_rotating(&jf2, "2026-03-01");
    assert_eq!(errors(&r), [("set-legality", Some(4))], "the day of");
    assert_eq!(
        r.findings[0].message,
        "`Byte Swarm` is from set JF2, which the 2026-03-01 revision of J Force Rotating rotated out"
    );
    assert_eq!(
        r.findings[0].help.as_deref(),
        Some("J Force Rotating allows the sets JF1")
    );
    assert!(!check_rotating(&jf2, "2026-08-31").legal, "still out");
    assert!(check_rotating(&jf2, "2026-09-01").legal, "rotated back in");
    let jf1 = jforce(&fill(STRIKES, 40, 3));
    assert!(
        check_rotating(&jf1, "2026-03-01").legal,
        "JF1 never rotates"
    );
}

#[test]
fn a_card_search_for_legal_cards_follows_the_rotation() {
    use decksmith::search::{find, Query};
    let catalog = rotating_catalog();
    let games = [catalog.game("jforce").unwrap()];
    let query = Query::parse("legal:jforce-rotating \"Byte Swarm\"").unwrap();
    query.check(&games, &catalog).unwrap();
    let found = |date: &str| find(&query, &games, &catalog, date.parse().unwrap()).len();
    assert_eq!(found("2026-02-28"), 1, "the day before");
    assert_eq!(found("2026-03-01"), 0, "the day of");
    assert_eq!(found("2026-09-01"), 1, "back in");
}

#[test]
fn unknown_cards_suggest_the_closest_name() {
    let deck = jforce(&format!("1 Ember Strker\n{}", fill(STRIKES, 40, 3)));
    let r = check(&deck, "jforce-standard");
    assert_eq!(errors(&r), [("unknown-card", Some(4))]);
    assert_eq!(
        r.findings[0].help.as_deref(),
        Some("did you mean `Ember Striker`?")
    );
}

#[test]
fn names_match_across_case_quotes_and_unicode_forms() {
    let main = format!(
        "1 FLAME SOLDIER OF MA’AT\n1 flame soldier of ma'at\n{}",
        fill(FOW_MAIN, 38, 4)
    );
    let r = check(&fow(&main, "10 Fire Magic Stone\n"), "fow-standard");
    assert!(r.legal, "{:?}", r.findings);
}

#[test]
fn unknown_zone_headers_are_parse_errors_with_a_suggestion() {
    let deck = format!("Hero:\n1 Storma\nMian:\n{}", fill(STRIKES, 40, 3));
    let r = check(&deck, "jforce-standard");
    let first = &r.findings[0];
    assert_eq!((first.rule.id(), first.line), ("parse", Some(3)));
    assert_eq!(first.help.as_deref(), Some("did you mean `Main:`?"));
}

#[test]
fn a_zone_the_format_lacks_cannot_hold_cards() {
    let deck = format!("{}Side:\n1 Storm Falcon\n", jforce(&fill(STRIKES, 40, 3)));
    let r = check(&deck, "jforce-standard");
    // J Force has no side zone at all: the header is unknown.
    assert_eq!(rules(&r), ["parse"]);
}

#[test]
fn every_rule_id_is_documented_in_the_readme() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    for id in decksmith::validate::RuleId::ALL.iter().map(|r| r.id()) {
        assert!(
            readme.contains(&format!("`{id}`")),
            "README lacks rule id {id}"
        );
    }
}

#[test]
fn the_hero_rule_counts_only_cards_of_the_zones_type() {
    // Issue #14 point 5: a Strike beside the Hero is zone-type's, not a second Hero; a Strike
    // instead of the Hero is zone-type's alone too.
    let main = fill(STRIKES, 40, 3);
    let beside = check(
        &format!("Hero:\n1 Storma\n1 Magma Golem\nMain:\n{main}"),
        "jforce-standard",
    );
    assert_eq!(rules(&beside), ["zone-type"]);
    let instead = check(
        &format!("Hero:\n1 Magma Golem\nMain:\n{main}"),
        "jforce-standard",
    );
    assert_eq!(rules(&instead), ["zone-type"]);
}
