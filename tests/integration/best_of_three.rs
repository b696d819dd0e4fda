//! `decksmith sim --best-of 3`: match tallies consistent with their games, the match and
//! game win rates with intervals checked against the Wilson formula worked out here, shards
//! that merge into the whole run, and the refusals.

use crate::support::{decksmith, temp_dir};
use serde_json::Value;

const EMBER: &str = "examples/decks/jforce/legal-ember-rush.deck";
const TITAN: &str = "examples/decks/jforce/legal-titan-wall.deck";

fn bo3(extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = [
        "sim",
        EMBER,
        TITAN,
        "--games",
        "12",
        "--best-of",
        "3",
        "--p1",
        "greedy",
        "--p2",
        "greedy",
        "--seed",
        "3",
    ]
    .map(str::to_owned)
    .to_vec();
    args.extend(extra.iter().map(|s| (*s).to_owned()));
    args
}

/// The 95% Wilson score interval, written out from its definition.
fn wilson(wins: f64, n: f64) -> (f64, f64) {
    let z = 1.959_963_984_540_054_f64;
    let p = wins / n;
    let centre = p + z * z / (2.0 * n);
    let spread = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let denominator = 1.0 + z * z / n;
    (
        (centre - spread) / denominator,
        (centre + spread) / denominator,
    )
}

fn check_rate(rate: &Value, wins: u64, games: u64) {
    assert_eq!(rate["wins"], wins, "{rate}");
    assert_eq!(rate["games"], games, "{rate}");
    let (low, high) = wilson(wins as f64, games as f64);
    let close = |key: &str, want: f64| {
        let got = rate[key].as_f64().expect("a number");
        assert!((got - want).abs() < 1e-12, "{key}: {got} vs {want}");
    };
    close("rate", wins as f64 / games as f64);
    close("low", low);
    close("high", high);
}

#[test]
fn match_rates_agree_with_the_tallies_and_the_wilson_formula() {
    let json = decksmith(bo3(&["--output", "json"])).expect(0).json();
    assert_eq!(json["plan"]["best_of"], 3);
    let m = &json["matches"][0];
    let wins = |side: usize| m["wins"][side].as_u64().expect("a count");
    assert_eq!(m["matches"], 12);
    assert_eq!(wins(0) + wins(1), 12, "J Force matches are never drawn");
    let scores = m["scores"].as_object().expect("scores");
    let n = |k: &str| scores.get(k).and_then(Value::as_u64).unwrap_or(0);
    assert_eq!(n("2-0-0") + n("2-1-0"), wins(0));
    assert_eq!(n("0-2-0") + n("1-2-0"), wins(1));
    let three = n("2-1-0") + n("1-2-0");
    assert_eq!(m["game_one"]["games"], 12);
    assert_eq!(m["later"]["games"], 12 + three);
    assert_eq!(json["tallies"][0]["games"], 24 + three);
    let rates = &json["rates"]["matches"][0];
    for side in 0..2 {
        let r = &rates[side];
        check_rate(&r["match"], wins(side), 12);
        let one = m["game_one"]["wins"][side].as_u64().expect("wins");
        check_rate(&r["game_one"], one, 12);
        let later = m["later"]["wins"][side].as_u64().expect("wins");
        check_rate(&r["later"], later, 12 + three);
    }
    assert_eq!(rates[0]["deck"], "legal-ember-rush.deck");

    let human = decksmith(bo3(&[])).expect(0).stdout;
    assert!(
        human.contains("12 matches of the best of 3 per pairing"),
        "{human}"
    );
    assert!(human.contains("every game:"), "{human}");
}

#[test]
fn shards_of_a_best_of_three_run_merge_into_the_whole_run() {
    let dir = temp_dir();
    let whole = decksmith(bo3(&["--output", "json"])).expect(0).stdout;
    let mut files = Vec::new();
    for k in 1..=3 {
        let file = dir.join(format!("shard-{k}.json")).display().to_string();
        let shard = format!("{k}/3");
        decksmith(bo3(&["--shard", &shard, "--output", "json", "-o", &file])).expect(0);
        files.push(file);
    }
    let mut merge = vec!["sim".to_owned(), "merge".to_owned()];
    merge.extend(files.iter().cloned());
    merge.extend(["--output".to_owned(), "json".to_owned()]);
    assert_eq!(decksmith(merge).expect(0).stdout, whole);
}

#[test]
fn a_match_length_must_be_odd_and_plans_need_matches() {
    let even = decksmith(["sim", EMBER, TITAN, "--best-of", "2"]).expect(2);
    assert!(
        even.stderr.contains("is not a match length"),
        "{}",
        even.stderr
    );
    let out = decksmith([
        "sim",
        EMBER,
        TITAN,
        "--games",
        "2",
        "--plan-a",
        "vs Titan Wall",
    ])
    .expect(2);
    assert!(out.stderr.contains("--best-of"), "{}", out.stderr);
    let missing = decksmith(bo3(&["--plan-a", "vs Nobody"])).expect(2);
    assert!(
        missing.stderr.contains("has no plan `vs Nobody`"),
        "{}",
        missing.stderr
    );
}

/// Issue #33, through deck files: Abyssal Control loses most games to Tidecaller Tempo; its
/// plan `vs Tidecaller Tempo` boards in the big resonators for the card draw. The side zone
/// leaves out the two Mistveil Sprites so that the post-board side zone (the 7 cards boarded
/// out join the 8 left) keeps within fow-standard's 15.
#[test]
fn a_sensible_plan_in_the_deck_file_raises_the_post_board_win_rate() {
    const TIDECALLER: &str = "examples/decks/fow/legal-tidecaller.deck";
    let listed = std::fs::read_to_string("examples/decks/fow/legal-abyssal-control.deck")
        .expect("the example deck");
    assert!(listed.contains("\n2 Mistveil Sprite\n"), "{listed}");
    let unplanned = listed.replace("\n2 Mistveil Sprite\n", "\n");
    let planned = format!(
        "{unplanned}\nPlan: vs Tidecaller Tempo\n+2 Abyssal Devourer\n+3 Deep Leviathan\n\
         -4 Tidal Insight\n-3 Dark Pact\n"
    );
    let dir = temp_dir();
    let run = |text: &str| {
        let path = dir.join("abyssal.deck");
        std::fs::write(&path, text).expect("deck file");
        let path = path.display().to_string();
        let args = [
            "sim",
            &path,
            TIDECALLER,
            "--best-of",
            "3",
            "--games",
            "20",
            "--p1",
            "greedy",
            "--p2",
            "greedy",
            "--seed",
            "7",
            "--output",
            "json",
        ];
        let json = decksmith(args).expect(0).json();
        json["matches"][0].clone()
    };
    let path = dir.join("planned.deck");
    std::fs::write(&path, &planned).expect("deck file");
    decksmith(["validate".as_ref(), path.as_os_str()]).expect(0);
    let (before, after) = (run(&unplanned), run(&planned));
    assert_eq!(
        before["game_one"], after["game_one"],
        "game 1 is played with the decks as listed"
    );
    let rate = |m: &Value| {
        let wins = m["later"]["wins"][0].as_f64().expect("wins");
        wins / m["later"]["games"].as_f64().expect("games")
    };
    assert!(
        rate(&after) > rate(&before),
        "later games: {} before, {} after",
        before["later"],
        after["later"]
    );
    assert!(
        after["wins"][0].as_u64() > before["wins"][0].as_u64(),
        "matches won: {} before, {} after",
        before["wins"],
        after["wins"]
    );
}
