use super::*;
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
            plan(shard.n),
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
