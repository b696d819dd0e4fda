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
