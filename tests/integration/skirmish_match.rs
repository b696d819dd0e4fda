//! `decksmith match` with the red/blue/green duel: random self-play and a script that goes
//! wrong. (The example scripts and their golden transcripts are checked by `matches.rs`.)

use crate::support::{decksmith, temp_file};

#[test]
fn random_duels_are_seeded_and_end() {
    let run = || {
        decksmith([
            "match",
            "random",
            "--deck",
            "examples/decks/skirmish/legal-tournament-15-10-5.deck",
            "--deck",
            "examples/decks/skirmish/legal-casual-aggro.deck",
            "--seed",
            "11",
            "--games",
            "200",
            "--output",
            "json",
        ])
        .expect(0)
        .json()
    };
    let json = run();
    assert_eq!(json["game"], "skirmish");
    let games = json["games"].as_array().unwrap();
    assert_eq!(games.len(), 200);
    for g in games {
        let reason = g["reason"].as_str().unwrap();
        assert!(["health-zero", "both-zero"].contains(&reason), "{g}");
        assert_eq!(g["winner"].is_null(), reason == "both-zero", "{g}");
        assert!(g["turns"].as_u64().unwrap() >= 1);
    }
    assert_eq!(run()["games"], json["games"]);
}

#[test]
fn a_misspelt_pick_stops_the_script_at_its_line() {
    let dir = crate::support::root().join("examples/decks/skirmish");
    let script = format!(
        "game = \"skirmish\"\nformat = \"skirmish-tournament\"\n\n[players.p1]\ndeck = \"{0}/legal-tournament-15-10-5.deck\"\n\n[players.p2]\ndeck = \"{0}/legal-tournament-18-12-6.deck\"\n\n[[games]]\nsteps = '''\nround: p1 plays Molten Hamer, p2 plays Parry\n'''\n",
        dir.display()
    );
    let path = temp_file("typo.match.toml", script);
    let out = decksmith(["match".as_ref(), "run".as_ref(), path.as_os_str()]).expect(1);
    assert!(
        out.stdout.contains(
            "no card named `Molten Hamer` is in either deck; did you mean `Molten Hammer`?"
        ),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("stopped: line 12"), "{}", out.stdout);
    assert!(
        out.stdout.contains("typo.match.toml:12:1"),
        "{}",
        out.stdout
    );
}

#[test]
fn a_skirmish_script_cannot_name_a_first_player() {
    let dir = crate::support::root().join("examples/decks/skirmish");
    let script = format!(
        "game = \"skirmish\"\nformat = \"skirmish-tournament\"\n\n[players.p1]\ndeck = \"{0}/legal-tournament-15-10-5.deck\"\n\n[players.p2]\ndeck = \"{0}/legal-tournament-18-12-6.deck\"\n\n[[games]]\nfirst = \"p2\"\n",
        dir.display()
    );
    let path = temp_file("first.match.toml", script);
    let out = decksmith(["match".as_ref(), "run".as_ref(), path.as_os_str()]).expect(2);
    assert!(
        out.stderr.contains("skirmish has no first player"),
        "{}",
        out.stderr
    );
}

#[test]
fn games_stopped_at_the_round_limit_count_as_unfinished_not_drawn() {
    // No Red card on either side: nobody can lose health, so every game runs into the round
    // limit (SK-A18).
    let format = temp_file(
        "any.toml",
        "id = \"skirmish-any\"\ngame = \"skirmish\"\nname = \"Any\"\n\n[zones.main]\nmax = 40\n",
    );
    let deck = temp_file(
        "gentle.deck",
        "3 Soothing Touch\n3 Mending Light\n3 Wooden Shield\n3 Parry\n3 Iron Wall\n",
    );
    let args = [
        "match".as_ref(),
        "random".as_ref(),
        "--format".as_ref(),
        format.as_os_str(),
        "--deck".as_ref(),
        deck.as_os_str(),
        "--deck".as_ref(),
        deck.as_os_str(),
        "--games".as_ref(),
        "2".as_ref(),
    ];
    let json = decksmith(
        args.iter()
            .copied()
            .chain(["--output".as_ref(), "json".as_ref()]),
    )
    .expect(0)
    .json();
    assert_eq!(json["summary"]["unfinished"], 2);
    assert_eq!(json["summary"]["draws"], 0);
    assert_eq!(json["games"][0]["reason"], "round-limit");
    let human = decksmith(args).expect(0);
    assert!(
        human
            .stdout
            .contains("2 games: p1 won 0, p2 won 0, 0 drawn, 2 unfinished"),
        "{}",
        human.stdout
    );
    assert!(
        human.stdout.contains("unfinished ┆ round-limit"),
        "{}",
        human.stdout
    );
}
