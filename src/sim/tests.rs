use super::*;
use crate::engine::fow::Fow;
use crate::engine::jforce::JForce;
use crate::engine::testing::{example_decks, game};

fn plan(shards: u64) -> Plan {
    Plan {
        game: "jforce".into(),
        decks: vec!["a".into(), "b".into(), "c".into()],
        fingerprints: vec!["1".into(), "2".into(), "3".into()],
        pairings: vec![[0, 1], [0, 2], [1, 2]],
        games: 7,
        best_of: 1,
        boarded: Vec::new(),
        seed: 42,
        players: ["greedy".into(), "mcts:4".into()],
        shards,
        vanilla: Vec::new(),
    }
}

fn sim(shard: Shard, threads: usize) -> SimResult {
    sim_best_of(1, shard, threads)
}

fn sim_best_of(best_of: u64, shard: Shard, threads: usize) -> SimResult {
    let decks = example_decks::<JForce>();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a pool");
    pool.install(|| {
        run(
            game::<JForce>(),
            &decks,
            &[],
            Plan {
                best_of,
                ..plan(shard.n)
            },
            [Kind::Greedy, Kind::Mcts(4)],
            shard,
            &|| {},
        )
    })
    .expect("an engine")
    .expect("games")
}

#[test]
fn results_do_not_depend_on_threads_and_shards_merge_to_the_whole_run() {
    let whole = sim(Shard::WHOLE, 1);
    assert_eq!(whole.tallies.iter().map(|t| t.games).sum::<u64>(), 21);
    assert_eq!(sim(Shard::WHOLE, 2), whole, "-j 1 and -j 2 differ");
    let parts: Vec<(String, SimResult)> = (1..=3)
        .rev()
        .map(|k| (format!("shard{k}"), sim(Shard { k, n: 3 }, 2)))
        .collect();
    assert_eq!(merge(&parts), Ok(whole));

    let missing = merge(&parts[..2]).unwrap_err();
    assert_eq!(missing.to_string(), "shard(s) 1 of 3 missing");
    let mut twice = parts.clone();
    twice.push(("again".into(), parts[0].1.clone()));
    assert!(matches!(
        merge(&twice),
        Err(MergeError::Overlap(3, 3, _, _))
    ));
    let mut other = parts.clone();
    other[1].1.plan.seed = 7;
    assert_eq!(
        merge(&other).unwrap_err().to_string(),
        "`shard2` is a shard of a different run than `shard3` (the seed differs)"
    );
}

#[test]
fn shards_read_and_split_the_games() {
    assert_eq!("2/5".parse(), Ok(Shard { k: 2, n: 5 }));
    for bad in ["0/3", "4/3", "3", "a/b"] {
        assert!(bad.parse::<Shard>().is_err(), "{bad}");
    }
    let held: Vec<u64> = (0..10).filter(|&g| Shard { k: 2, n: 3 }.holds(g)).collect();
    assert_eq!(held, [1, 4, 7]);
}

/// A tally's games, wins and first players, for comparing sums of tallies.
fn totals(t: &Tally) -> [u64; 6] {
    let [w0, w1] = t.wins;
    let [f0, f1] = t.on_play;
    [t.games, w0, w1, t.draws + t.unfinished, f0, f1]
}

#[test]
fn best_of_three_tallies_agree_with_their_games_and_shards_merge_to_the_whole_run() {
    let whole = sim_best_of(3, Shard::WHOLE, 1);
    let single = sim_best_of(1, Shard::WHOLE, 1);
    assert_eq!(whole.matches.len(), 3);
    for (p, (m, t)) in whole.matches.iter().zip(&whole.tallies).enumerate() {
        assert_eq!(m.matches, 7, "pairing {p}");
        // J Force games are never drawn (JF-A20): every match is won, 2-0 or 2-1.
        assert_eq!(m.wins[0] + m.wins[1], 7);
        assert_eq!(m.draws, 0);
        let keys: Vec<&str> = m.scores.keys().map(String::as_str).collect();
        assert!(
            keys.iter()
                .all(|k| ["2-0-0", "2-1-0", "0-2-0", "1-2-0"].contains(k)),
            "{keys:?}"
        );
        let won = |k: &str| m.scores.get(k).copied().unwrap_or(0);
        assert_eq!(won("2-0-0") + won("2-1-0"), m.wins[0]);
        assert_eq!(won("0-2-0") + won("1-2-0"), m.wins[1]);
        let three = won("2-1-0") + won("1-2-0");
        assert_eq!(m.game_one.games, 7);
        assert_eq!(
            m.later.games,
            7 + three,
            "every match has a game 2, some a game 3"
        );
        let sum: Vec<u64> = (totals(&m.game_one).iter())
            .zip(totals(&m.later))
            .map(|(a, b)| a + b)
            .collect();
        assert_eq!(sum, totals(t), "every game is game 1 or a later one");
        // Game 1 of match i is game i of the run played as single games.
        assert_eq!(m.game_one, single.tallies[p], "pairing {p}");
    }
    assert_eq!(
        sim_best_of(3, Shard::WHOLE, 2),
        whole,
        "-j 1 and -j 2 differ"
    );
    let parts: Vec<(String, SimResult)> = (1..=3)
        .map(|k| (format!("shard{k}"), sim_best_of(3, Shard { k, n: 3 }, 2)))
        .collect();
    assert_ne!(
        parts[0].1.matches, whole.matches,
        "a shard holds part of the run"
    );
    assert_eq!(merge(&parts), Ok(whole.clone()));
    let mut other = parts.clone();
    other[1].1.plan.best_of = 1;
    assert_eq!(
        merge(&other).unwrap_err().to_string(),
        "`shard2` is a shard of a different run than `shard1` (the games a match is the best of differs)"
    );
    // A best-of-one result reads as before: no match tallies, no `best_of`.
    let json = serde_json::to_string(&single).expect("json");
    assert!(
        !json.contains("best_of") && !json.contains("matches"),
        "{json}"
    );
}

#[test]
fn scores_decide_matches_and_drawn_games_count_as_played() {
    assert!(!match_over([1, 0, 0], 3));
    assert!(match_over([2, 0, 0], 3));
    assert!(!match_over([1, 1, 0], 3));
    assert!(match_over([1, 1, 1], 3));
    assert!(!match_over([1, 0, 1], 3));
    assert!(match_over([1, 0, 2], 3));
    assert!(match_over([0, 0, 1], 1));
    assert_eq!(match_winner([1, 0, 2]), Some(0));
    assert_eq!(match_winner([1, 2, 0]), Some(1));
    assert_eq!(match_winner([1, 1, 1]), None);
    assert_eq!(match_winner([0, 0, 3]), None);
}

/// Every match of `pairings` between the example decks of `E`, greedy against greedy, best of
/// three, with `boards` from game 2 on.
fn matches<E: Engine>(
    pairings: Vec<[usize; 2]>,
    games: u64,
    boards: &[[Option<SeatDeck>; 2]],
) -> (Vec<MatchRecord>, SimResult) {
    let decks = example_decks::<E>();
    let plan = Plan {
        game: E::GAME.into(),
        decks: (0..decks.len()).map(|i| i.to_string()).collect(),
        fingerprints: Vec::new(),
        pairings,
        games,
        best_of: 3,
        boarded: Vec::new(),
        seed: 5,
        players: ["greedy".into(), "greedy".into()],
        shards: 1,
        vanilla: Vec::new(),
    };
    let task = SimTask {
        game: game::<E>(),
        decks: &decks,
        boards,
        plan: &plan,
        kinds: [Kind::Greedy, Kind::Greedy],
        shard: Shard::WHOLE,
        progress: &|| {},
    };
    let records = task.run::<E>().expect("games");
    let result = run(
        game::<E>(),
        &decks,
        boards,
        plan.clone(),
        [Kind::Greedy; 2],
        Shard::WHOLE,
        &|| {},
    )
    .expect("an engine")
    .expect("games");
    (records, result)
}

#[test]
fn fow_later_games_go_first_to_the_previous_loser() {
    let (records, _) = matches::<Fow>(vec![[0, 1]], 12, &[]);
    let mut game_one_first = [0; 2];
    for r in &records {
        game_one_first[r.games[0].first.expect("a first player")] += 1;
        for pair in r.games.windows(2) {
            let loser = 1 - pair[0].winner.expect("a decided game");
            assert_eq!(pair[1].first, Some(loser), "{r:?}");
        }
    }
    // Game 1 is at random (Setup 4): each deck goes first in some matches.
    assert!(game_one_first.iter().all(|&n| n > 0), "{game_one_first:?}");
}

#[test]
fn jforce_later_games_apply_the_card_number_rule_again() {
    let (records, _) = matches::<JForce>(vec![[0, 1]], 24, &[]);
    // Not the loser's nor the winner's choice: over the matches, game 2 goes first to the
    // game-1 loser in some and to its winner in others.
    let mut loser_first = [0; 2];
    for r in &records {
        let loser = 1 - r.games[0].winner.expect("a decided game");
        loser_first[usize::from(r.games[1].first == Some(loser))] += 1;
    }
    assert!(loser_first.iter().all(|&n| n > 0), "{loser_first:?}");
}

#[test]
fn a_post_board_deck_plays_from_game_two_on() {
    // Titan Wall (deck 2) loses most games to Ember Rush (deck 1); boarded into Ember Rush's
    // own list, its later games are a mirror.
    let decks = example_decks::<JForce>();
    let boards = [[Some(decks[1].clone()), None]];
    let (_, before) = matches::<JForce>(vec![[2, 1]], 30, &[]);
    let (_, after) = matches::<JForce>(vec![[2, 1]], 30, &boards);
    let rate = |t: &Tally| t.wins[0] as f64 / t.games as f64;
    let (b, a) = (&before.matches[0], &after.matches[0]);
    assert_eq!(
        a.game_one, b.game_one,
        "game 1 is played with the decks as listed"
    );
    assert!(rate(&b.later) < 0.3, "{:?}", b.later);
    assert!(rate(&a.later) > 0.35, "{:?}", a.later);
    assert!(a.wins[0] > b.wins[0], "{} vs {}", a.wins[0], b.wins[0]);
}

#[test]
fn a_sensible_plan_raises_the_post_board_win_rate() {
    use crate::deck::{Located, Plan as Board, Swap};
    // Abyssal Control loses most games to Tidecaller; against it, its plan boards in the big
    // resonators (Abyssal Devourer, Deep Leviathan) for the card draw (Tidal Insight, Dark
    // Pact).
    let game = game::<Fow>();
    let path = "examples/decks/fow/legal-abyssal-control.deck";
    let text = std::fs::read_to_string(path).expect("the example deck");
    let deck = crate::encoding::text::parse(&text);
    let swap = |count: u32, card: &str, into_main: bool| Swap {
        count,
        card: card.into(),
        into_main,
        span: None,
        line: None,
    };
    let plan = Board {
        name: Located::bare("vs Tidecaller".to_owned()),
        swaps: vec![
            swap(2, "Abyssal Devourer", true),
            swap(3, "Deep Leviathan", true),
            swap(4, "Tidal Insight", false),
            swap(3, "Dark Pact", false),
        ],
    };
    let post = deck.with_plan(&plan, game).expect("the plan applies");
    let file = crate::diagnostic::SourceFile::new(path, text.as_str());
    let post = SeatDeck::new(&post, game, &[], &file, false).expect("a seat");
    let (_, before) = matches::<Fow>(vec![[0, 4]], 60, &[]);
    let (_, after) = matches::<Fow>(vec![[0, 4]], 60, &[[Some(post), None]]);
    let (b, a) = (&before.matches[0], &after.matches[0]);
    let rate = |t: &Tally| t.wins[0] as f64 / t.games as f64;
    assert_eq!(
        a.game_one, b.game_one,
        "game 1 is played with the decks as listed"
    );
    assert!(
        rate(&a.later) > rate(&b.later) + 0.08,
        "later games: {:?} before, {:?} after",
        b.later.wins,
        a.later.wins
    );
    assert!(
        a.wins[0] > b.wins[0],
        "matches won: {} → {}",
        b.wins[0],
        a.wins[0]
    );
}
