//! `decksmith sim`: one pairing in detail, a gauntlet's matrix and ranking, the other
//! outputs, illegal decks, and shards joined by `sim merge`.

use crate::support::{decksmith, temp_dir};

const EMBER: &str = "examples/decks/jforce/legal-ember-rush.deck";
const TITAN: &str = "examples/decks/jforce/legal-titan-wall.deck";
const CHRONO: &str = "examples/decks/jforce/legal-chrono-loop.deck";

#[test]
fn two_decks_print_win_rates_with_intervals() {
    let out = decksmith([
        "sim", EMBER, TITAN, "--games", "20", "--p1", "greedy", "--p2", "mcts:8",
    ])
    .expect(0);
    insta::assert_snapshot!(out.stdout);
}

#[test]
fn a_gauntlet_prints_the_matrix_and_a_ranking() {
    let out = decksmith([
        "sim", EMBER, TITAN, CHRONO, "--games", "10", "--p1", "random", "--p2", "random",
    ])
    .expect(0);
    insta::assert_snapshot!(out.stdout);
    let vs = decksmith([
        "sim", EMBER, "--vs", TITAN, CHRONO, "--games", "4", "--p1", "random", "--p2", "random",
        "--output", "csv",
    ])
    .expect(0);
    insta::assert_snapshot!(vs.stdout);
}

#[test]
fn the_matrix_is_a_heat_map_in_a_file() {
    let dir = temp_dir();
    let file = dir.join("matrix.svg");
    let file_arg = file.display().to_string();
    let out = decksmith([
        "sim", EMBER, TITAN, CHRONO, "--games", "2", "--p1", "random", "--p2", "random",
        "--output", "svg", "-o", &file_arg,
    ])
    .expect(0);
    assert_eq!(out.stdout, "");
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(
        svg.starts_with("<svg") && svg.matches("<rect").count() == 9,
        "{svg}"
    );
}

#[test]
fn an_illegal_deck_stops_the_run_unless_allowed() {
    let illegal = "examples/decks/jforce/illegal-copy-limit.deck";
    let out = decksmith(["sim", EMBER, illegal, "--games", "2"]).expect(1);
    assert!(
        out.stdout.contains("illegal-copy-limit.deck"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("--allow-illegal"), "{}", out.stdout);
    assert!(
        !out.stdout.contains("legal-ember-rush"),
        "only the illegal deck is listed"
    );
    decksmith([
        "sim",
        EMBER,
        illegal,
        "--games",
        "2",
        "--p1",
        "random",
        "--p2",
        "random",
        "--allow-illegal",
    ])
    .expect(0);
}

#[test]
fn shards_merge_into_exactly_the_single_run() {
    let dir = temp_dir();
    let args = |extra: &[&str]| {
        let mut a = vec![
            "sim", EMBER, TITAN, CHRONO, "--games", "6", "--p1", "greedy", "--p2", "random",
            "--seed", "9", "--output", "json",
        ];
        a.extend_from_slice(extra);
        a.into_iter().map(str::to_owned).collect::<Vec<_>>()
    };
    let whole = decksmith(args(&["-j", "1"])).expect(0).stdout;
    assert_eq!(decksmith(args(&["-j", "2"])).expect(0).stdout, whole);
    let mut files = Vec::new();
    for k in 1..=3 {
        let path = dir.join(format!("shard{k}.json")).display().to_string();
        decksmith(args(&["--shard", &format!("{k}/3"), "-o", &path])).expect(0);
        files.push(path);
    }
    let mut merge = vec!["sim".to_owned(), "merge".to_owned()];
    merge.extend(files.iter().cloned());
    merge.extend(["--output".to_owned(), "json".to_owned()]);
    assert_eq!(decksmith(&merge).expect(0).stdout, whole);

    let missing = decksmith(["sim", "merge", &files[0], &files[2]]).expect(2);
    assert!(
        missing.stderr.contains("shard(s) 2 of 3 missing"),
        "{}",
        missing.stderr
    );
    let twice = decksmith(["sim", "merge", &files[0], &files[1], &files[2], &files[1]]).expect(2);
    assert!(
        twice.stderr.contains("shard 2 of 3 is given twice"),
        "{}",
        twice.stderr
    );
}

/// The 95% Wilson interval, written out here from its formula (Wilson 1927) rather than
/// taken from the library: centre (p + z²/2n)/(1 + z²/n), half-width
/// z·√(p(1−p)/n + z²/4n²)/(1 + z²/n).
fn wilson_by_hand(wins: u64, games: u64) -> (f64, f64) {
    let z = 1.959_963_984_540_054_f64;
    let (n, p) = (games as f64, wins as f64 / games as f64);
    let d = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / d;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Checks one rate of the JSON against `wins` of `games` (`null` when there were none).
fn check_rate(rate: &serde_json::Value, wins: u64, games: u64, what: &str) {
    if games == 0 {
        assert!(rate.is_null(), "{what}: {rate}");
        return;
    }
    let (low, high) = wilson_by_hand(wins, games);
    assert_eq!(rate["wins"], wins, "{what}");
    assert_eq!(rate["games"], games, "{what}");
    for (field, want) in [
        ("rate", wins as f64 / games as f64),
        ("low", low),
        ("high", high),
    ] {
        let got = rate[field].as_f64().unwrap();
        assert!(
            (got - want).abs() < 1e-12,
            "{what} {field}: {got} vs {want}"
        );
    }
}

/// Every rate in a `sim --output json` document, recomputed from its tallies.
fn check_rates(doc: &serde_json::Value) -> u64 {
    let n = |v: &serde_json::Value| v.as_u64().unwrap();
    let decks = doc["plan"]["decks"].as_array().unwrap();
    // Per deck: games, wins, on the play (games, wins), on the draw (games, wins).
    let mut totals = vec![[0u64; 6]; decks.len()];
    let mut draws = 0;
    for (i, (pair, t)) in doc["plan"]["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .zip(doc["tallies"].as_array().unwrap())
        .enumerate()
    {
        draws += n(&t["draws"]);
        for side in 0..2 {
            let other = 1 - side;
            let record = [
                n(&t["games"]),
                n(&t["wins"][side]),
                n(&t["on_play"][side]),
                n(&t["on_play_wins"][side]),
                n(&t["on_play"][other]),
                n(&t["on_draw_wins"][side]),
            ];
            let rates = &doc["rates"]["pairings"][i][side];
            assert_eq!(rates["deck"], decks[n(&pair[side]) as usize]);
            check_rate(&rates["win"], record[1], record[0], "win");
            check_rate(&rates["on_play"], record[3], record[2], "on the play");
            check_rate(&rates["on_draw"], record[5], record[4], "on the draw");
            for (total, x) in totals[n(&pair[side]) as usize].iter_mut().zip(record) {
                *total += x;
            }
        }
    }
    for (deck, t) in totals.iter().enumerate() {
        let rates = &doc["rates"]["decks"][deck];
        assert_eq!(rates["deck"], decks[deck]);
        check_rate(&rates["win"], t[1], t[0], "deck win");
        check_rate(&rates["on_play"], t[3], t[2], "deck on the play");
        check_rate(&rates["on_draw"], t[5], t[4], "deck on the draw");
    }
    draws
}

#[test]
fn json_rates_follow_from_the_tallies_with_draws_as_games_not_won() {
    const DUEL: &str = "examples/decks/skirmish";
    let duel = decksmith([
        "sim",
        &format!("{DUEL}/legal-tournament-15-10-5.deck"),
        &format!("{DUEL}/legal-tournament-18-12-6.deck"),
        &format!("{DUEL}/legal-casual-aggro.deck"),
        "--games",
        "12",
        "--p1",
        "random",
        "--p2",
        "random",
        "--seed",
        "1",
        "--output",
        "json",
    ])
    .expect(0)
    .json();
    assert!(check_rates(&duel) > 0, "the duel run has draws to count");
    // 7 wins, 3 losses, 2 draws: the draws are games not won.
    let pairing = &duel["rates"]["pairings"][1][0]["win"];
    assert_eq!(
        (pairing["wins"].as_u64(), pairing["games"].as_u64()),
        (Some(7), Some(12))
    );
    // Nobody goes first in the duel.
    assert!(duel["rates"]["decks"][0]["on_play"].is_null());
    let jforce = decksmith([
        "sim", EMBER, TITAN, CHRONO, "--games", "6", "--p1", "random", "--p2", "random",
        "--output", "json",
    ])
    .expect(0)
    .json();
    check_rates(&jforce);
    assert!(jforce["rates"]["decks"][0]["on_play"]["games"].as_u64() > Some(0));
}

#[test]
fn json_carries_the_tallies_and_the_rates() {
    let out = decksmith([
        "sim", EMBER, TITAN, "--games", "4", "--p1", "random", "--p2", "random", "--output", "json",
    ])
    .expect(0);
    insta::assert_snapshot!(out.stdout);
}

#[test]
fn merge_reads_documents_without_the_rates_too() {
    let dir = temp_dir();
    let mut files = Vec::new();
    for k in 1..=2 {
        let path = dir.join(format!("shard{k}.json"));
        let shard = decksmith([
            "sim",
            EMBER,
            TITAN,
            "--games",
            "4",
            "--p1",
            "random",
            "--p2",
            "random",
            "--shard",
            &format!("{k}/2"),
            "--output",
            "json",
        ])
        .expect(0);
        let mut doc = shard.json();
        if k == 1 {
            // As `sim` wrote it before the rates were added.
            doc.as_object_mut().unwrap().remove("rates");
        }
        std::fs::write(&path, serde_json::to_string_pretty(&doc).unwrap()).unwrap();
        files.push(path.display().to_string());
    }
    let merged = decksmith(["sim", "merge", &files[0], &files[1], "--output", "json"]).expect(0);
    let whole = decksmith([
        "sim", EMBER, TITAN, "--games", "4", "--p1", "random", "--p2", "random", "--output", "json",
    ])
    .expect(0);
    assert_eq!(merged.stdout, whole.stdout);
}
