//! `decksmith match`: every example script replays its golden transcript, and the exit codes
//! and diagnostics of scripts that fail or cannot run.

use crate::support::{decksmith, temp_file, TempFile};

#[test]
fn every_example_script_matches_its_golden_transcript() {
    let out = decksmith(["match", "verify", "examples/matches"]).expect(0);
    assert!(!out.stdout.contains("FAILED"), "{}", out.stdout);
}

#[test]
fn random_self_play_reports_one_object_per_game() {
    let out = decksmith([
        "match",
        "random",
        "--game",
        "jforce",
        "--deck",
        "examples/decks/jforce/legal-ember-rush.deck",
        "--deck",
        "examples/decks/jforce/legal-titan-wall.deck",
        "--seed",
        "7",
        "--games",
        "20",
        "--output",
        "json",
    ])
    .expect(0);
    let json = out.json();
    let games = json["games"].as_array().unwrap();
    assert_eq!(games.len(), 20);
    for g in games {
        assert!(g["winner"].is_string() || g["winner"].is_null());
        assert!(g["reason"].is_string());
        assert!(g["turns"].as_u64().unwrap() >= 1);
    }
    // Same seed, same games.
    let again = decksmith([
        "match",
        "random",
        "--deck",
        "examples/decks/jforce/legal-ember-rush.deck",
        "--deck",
        "examples/decks/jforce/legal-titan-wall.deck",
        "--seed",
        "7",
        "--games",
        "20",
        "--output",
        "json",
    ])
    .expect(0);
    assert_eq!(again.json()["games"], json["games"]);
}

#[test]
fn a_broken_script_exits_2_pointing_at_its_line() {
    let path = temp_file(
        "broken.match.toml",
        "game = \"jforce\"\nformat = \"jforce-standard\"\n[players.p1]\ndeck = \"x.deck\"\n[players.p2]\ndeck = \"y.deck\"\n[[games]]\nstepz = ''\n",
    );
    let out = decksmith(["match".as_ref(), "run".as_ref(), path.as_os_str()]).expect(2);
    assert!(
        out.stderr.contains("unknown field `stepz`"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("did you mean `steps`?"),
        "{}",
        out.stderr
    );
}

/// The failure part of `match run`'s output: what follows the transcript's closing line.
fn diagnostics(stdout: &str) -> String {
    let after = stdout
        .split_once("\nseries: ")
        .map_or(stdout, |(_, rest)| rest);
    after
        .split_once('\n')
        .map_or("", |(_, rest)| rest)
        .trim_start()
        .to_owned()
}

#[test]
fn each_kind_of_illegal_action_stops_its_script_with_a_diagnostic_at_the_line() {
    let dir = "tests/integration/matches/jforce-illegal";
    let mut files: Vec<_> = std::fs::read_dir(crate::support::root().join(dir))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".match.toml"))
        .collect();
    files.sort();
    assert!(files.len() >= 12, "{files:?}");
    for name in files {
        let path = format!("{dir}/{name}");
        let out = decksmith(["match", "run", &path]).expect(1);
        assert!(
            out.stdout.contains("!! stopped: line"),
            "{name}: {}",
            out.stdout
        );
        let stem = name.trim_end_matches(".match.toml");
        insta::assert_snapshot!(format!("illegal_{stem}"), diagnostics(&out.stdout));
    }
}

#[test]
fn a_failed_expectation_exits_1_and_play_goes_on() {
    let script = std::fs::read_to_string(
        crate::support::root().join("examples/matches/jforce/first-turns.match.toml"),
    )
    .unwrap()
    .replace("expect p2.hp = 25", "expect p2.hp = 24")
    .replace(
        "../../decks/",
        &format!("{}/examples/decks/", crate::support::root().display()),
    );
    let path = temp_file("failing.match.toml", script);
    let out = decksmith(["match".as_ref(), "run".as_ref(), path.as_os_str()]).expect(1);
    assert!(
        out.stdout.contains("✗ expect p2.hp = 24 (it is 25)"),
        "{}",
        out.stdout
    );
    // Later steps still ran.
    assert!(out.stdout.contains("✓ expect p2.hp = 23"), "{}", out.stdout);
    let diag = diagnostics(&out.stdout);
    assert!(
        diag.contains("expected p2.hp = 24, but p2.hp is 25"),
        "{diag}"
    );
    assert!(diag.contains("FAILED: 1 failure"), "{diag}");
}

#[test]
fn run_json_has_the_transcript_and_the_failures() {
    let out = decksmith([
        "match",
        "run",
        "examples/matches/jforce/deck-out.match.toml",
        "--output",
        "json",
    ])
    .expect(0);
    let json = out.json();
    assert_eq!(json["passed"], true);
    let game = &json["transcript"]["games"][0];
    assert_eq!(game["outcome"]["winner"], "p2");
    assert_eq!(game["outcome"]["reason"], "deck-out");
    let entries = game["entries"].as_array().unwrap();
    assert!(entries
        .iter()
        .any(|e| e["kind"] == "action" && e["line"].is_u64()));
    assert!(entries
        .iter()
        .any(|e| e["kind"] == "event" && e["data"]["event"] == "empty-deck"));
    assert_eq!(json["failures"], serde_json::json!([]));
}

fn script_in_temp(body: &str) -> TempFile {
    let root = crate::support::root();
    temp_file(
        "s.match.toml",
        format!(
            "game = \"jforce\"\nformat = \"jforce-standard\"\n[players.p1]\ndeck = \"{0}/examples/decks/jforce/legal-ember-rush.deck\"\n[players.p2]\ndeck = \"{0}/examples/decks/jforce/legal-titan-wall.deck\"\n{body}",
            root.display()
        ),
    )
}

#[test]
fn scripts_that_cannot_run_exit_2_with_their_place() {
    let cases = [
        (
            "[[games]]\nsteps = '''\nexpect p1.mana = 3\n'''\n",
            "unknown path `p1.mana`",
        ),
        (
            "[[games]]\nsteps = '''\nexpect p1.hp is 3\n'''\n",
            "has no comparison",
        ),
        (
            "[[games]]\nsteps = '''\nexpect p1.hp = lots\n'''\n",
            "expected a whole number",
        ),
        (
            "[[games]]\nstack.p1 = [\"Magma Golem\"]\n",
            "more often than the deck holds it",
        ),
        ("[[games]]\nstack.p3 = []\n", "unknown field `p3`"),
    ];
    for (body, want) in cases {
        let path = script_in_temp(body);
        let out = decksmith(["match".as_ref(), "run".as_ref(), path.as_os_str()]).expect(2);
        assert!(out.stderr.contains(want), "{body}: {}", out.stderr);
        assert!(
            out.stderr.contains("s.match.toml:"),
            "points at the file: {}",
            out.stderr
        );
    }
    let path = script_in_temp("[[games]]\n[[games]]\n");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, format!("best-of = 1\n{text}")).unwrap();
    let out = decksmith(["match".as_ref(), "run".as_ref(), path.as_os_str()]).expect(2);
    assert!(
        out.stderr.contains("best-of 1 plays at most 1 games"),
        "{}",
        out.stderr
    );
    let missing = temp_file(
        "m.match.toml",
        "game = \"jforce\"\nformat = \"jforce-standard\"\n[players.p1]\ndeck = \"nowhere.deck\"\n[players.p2]\ndeck = \"nowhere.deck\"\n[[games]]\n",
    );
    let out = decksmith(["match".as_ref(), "run".as_ref(), missing.as_os_str()]).expect(2);
    assert!(
        out.stderr.contains("p1's deck: cannot read"),
        "{}",
        out.stderr
    );
    let unknown = temp_file(
        "g.match.toml",
        "game = \"jforc\"\nformat = \"jforce-standard\"\n[players.p1]\ndeck = \"a\"\n[players.p2]\ndeck = \"b\"\n[[games]]\n",
    );
    let out = decksmith(["match".as_ref(), "run".as_ref(), unknown.as_os_str()]).expect(2);
    assert!(
        out.stderr.contains("did you mean `jforce`?"),
        "{}",
        out.stderr
    );
    decksmith(["match", "run", "no/such.match.toml"]).expect(2);
}

#[test]
fn an_illegal_deck_is_checked_before_play_and_exits_1() {
    let script = script_in_temp("[[games]]\n");
    let path = script.with_file_name("x.match.toml");
    let root = crate::support::root();
    std::fs::write(
        &path,
        format!(
            "game = \"jforce\"\nformat = \"jforce-standard\"\n[players.p1]\ndeck = \"{0}/examples/decks/jforce/illegal-copy-limit.deck\"\n[players.p2]\ndeck = \"{0}/examples/decks/jforce/legal-titan-wall.deck\"\n[[games]]\n",
            root.display()
        ),
    )
    .unwrap();
    let out = decksmith(["match".as_ref(), "run".as_ref(), path.as_os_str()]).expect(1);
    assert!(out.stdout.contains("copy-limit"), "{}", out.stdout);
    assert!(
        out.stdout.contains("the match was not played"),
        "{}",
        out.stdout
    );
}

#[test]
fn verify_shows_a_diff_when_play_changes_and_bless_rewrites_the_golden() {
    let dir = crate::support::temp_dir();
    let root = crate::support::root();
    let script =
        std::fs::read_to_string(root.join("examples/matches/jforce/first-turns.match.toml"))
            .unwrap()
            .replace(
                "../../decks/",
                &format!("{}/examples/decks/", root.display()),
            );
    std::fs::write(dir.join("t.match.toml"), &script).unwrap();
    // No golden yet: a failure that says how to make one.
    let out = decksmith(["match".as_ref(), "verify".as_ref(), dir.as_os_str()]).expect(1);
    assert!(
        out.stdout.contains("no golden transcript"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("--bless"), "{}", out.stdout);
    decksmith([
        "match".as_ref(),
        "verify".as_ref(),
        "--bless".as_ref(),
        dir.as_os_str(),
    ])
    .expect(0);
    decksmith(["match".as_ref(), "verify".as_ref(), dir.as_os_str()]).expect(0);
    // A card change that alters play: Spark Runner hits for 2 instead of 1.
    let golden = std::fs::read_to_string(dir.join("t.transcript")).unwrap();
    std::fs::write(
        dir.join("t.transcript"),
        golden.replace(
            "p2's Hero takes 1 damage (HP 25)",
            "p2's Hero takes 2 damage (HP 24)",
        ),
    )
    .unwrap();
    let out = decksmith(["match".as_ref(), "verify".as_ref(), dir.as_os_str()]).expect(1);
    assert!(
        out.stdout.contains("-   p2's Hero takes 2 damage (HP 24)"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("+   p2's Hero takes 1 damage (HP 25)"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("1 script: 0 ok, 1 failed"),
        "{}",
        out.stdout
    );
}

#[test]
fn random_refuses_bad_decks_and_arguments() {
    let out = decksmith([
        "match",
        "random",
        "--deck",
        "examples/decks/jforce/illegal-copy-limit.deck",
        "--deck",
        "examples/decks/jforce/legal-titan-wall.deck",
    ])
    .expect(1);
    assert!(out.stdout.contains("no game was played"), "{}", out.stdout);
    let out = decksmith([
        "match",
        "random",
        "--deck",
        "examples/decks/jforce/legal-titan-wall.deck",
    ])
    .expect(2);
    assert!(out.stderr.contains("takes two decks"), "{}", out.stderr);
    let out = decksmith([
        "match",
        "random",
        "--game",
        "skirmish",
        "--deck",
        "examples/decks/jforce/legal-titan-wall.deck",
        "--deck",
        "examples/decks/jforce/legal-titan-wall.deck",
    ])
    .expect(2);
    assert!(
        out.stderr.contains("but the decks are for `jforce`"),
        "{}",
        out.stderr
    );
}
