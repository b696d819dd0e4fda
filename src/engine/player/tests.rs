use super::*;
use crate::engine::fow::Fow;
use crate::engine::jforce::JForce;
use crate::engine::random::player_seed;
use crate::engine::skirmish::Skirmish;
use crate::engine::testing::{example_decks, example_game, game};
use crate::engine::{IllegalAction, SeatDeck, SeatSummary, Setup, ToMove, Value};

#[test]
fn kinds_read_and_print() {
    for (text, kind) in [
        ("random", Kind::Random),
        ("greedy", Kind::Greedy),
        ("mcts", Kind::Mcts(DEFAULT_ITERATIONS)),
        ("MCTS:50", Kind::Mcts(50)),
    ] {
        assert_eq!(text.parse::<Kind>(), Ok(kind));
    }
    assert_eq!(Kind::Mcts(50).to_string(), "mcts:50");
    assert!("mcts:0".parse::<Kind>().unwrap_err().contains("at least 1"));
    assert!("smart".parse::<Kind>().unwrap_err().contains("random"));
}

/// A duel deck of every shipped card in turn (the duel ships no legal example deck).
fn duel_setup(g: u64) -> Setup<'static> {
    let game = game::<Skirmish>();
    let n = game.cards.len() as u32;
    let deck = |offset: u32| SeatDeck {
        zones: vec![("main".into(), (0..40).map(|i| (i + offset) % n).collect())],
        stacked: false,
    };
    Setup {
        game,
        decks: [deck(0), deck(3)],
        seed: 11 + g,
        first: None,
    }
}

/// Plays `steps` random actions from `setup`: a position in the middle of a game.
fn midgame<E: Engine>(setup: &Setup<'_>, steps: u32) -> E::State {
    let mut events = Vec::new();
    let mut state = E::setup(setup, &mut events).expect("setup");
    let mut rng = Rng::new(player_seed(setup.seed));
    let mut buf = Vec::new();
    for _ in 0..steps {
        if E::outcome(&state).is_some() {
            break;
        }
        let i = E::random_action(&state, &mut rng, &mut buf).expect("an action");
        let action = buf[i].clone();
        E::apply(&mut state, &action, &mut events).expect("legal");
    }
    state
}

/// No peeking: with the same seed, a player decides the same however the cards its seat has
/// not seen lie (the opponent's hand and deck, both decks' order, the engine's future
/// randomness), over several positions and several re-arrangements of each.
fn no_leak<E: Engine>(setup: impl Fn(u64) -> Setup<'static>) {
    let mut checked = 0;
    for g in 0..40 {
        if checked == 6 {
            break;
        }
        let state = midgame::<E>(&setup(g), 2 + 7 * (g as u32 % 8));
        let Some(to_move) = E::to_move(&state) else {
            continue;
        };
        let seat = match to_move {
            ToMove::One(p) => p,
            ToMove::Both => Player::P1,
        };
        let mut choices = Vec::new();
        E::choices(&state, seat, &mut choices);
        if choices.len() < 2 {
            continue;
        }
        let arrangements: Vec<E::State> = (0..4)
            .map(|k| E::determinize(&state, seat, &mut Rng::new(1000 + k)))
            .collect();
        assert!(
            arrangements
                .iter()
                .any(|a| format!("{a:?}") != format!("{state:?}")),
            "{}: the re-arrangements changed nothing",
            E::GAME
        );
        for kind in [Kind::Greedy, Kind::Mcts(40)] {
            let decide = |s: &E::State| {
                let mut c = Vec::new();
                E::choices(s, seat, &mut c);
                assert_eq!(
                    c,
                    choices,
                    "{}: the choices depend on hidden cards",
                    E::GAME
                );
                Bot::<E>::new(kind, 99).choose(s, seat, &c)
            };
            let real = decide(&state);
            for other in &arrangements {
                assert_eq!(decide(other), real, "{} {kind} game {g}: a leak", E::GAME);
            }
        }
        checked += 1;
    }
    assert!(
        checked == 6,
        "{}: only {checked} positions checked",
        E::GAME
    );
}

#[test]
fn jforce_players_do_not_peek() {
    let decks = example_decks::<JForce>();
    no_leak::<JForce>(|g| example_game::<JForce>(&decks, g));
}

#[test]
fn fow_players_do_not_peek() {
    let decks = example_decks::<Fow>();
    no_leak::<Fow>(|g| example_game::<Fow>(&decks, g));
}

#[test]
fn skirmish_players_do_not_peek() {
    no_leak::<Skirmish>(duel_setup);
}

/// Plays one game between `bots` (seat order) to its end and returns its outcome; every
/// choice must be legal, or the game would not go on.
fn play<E: Engine>(setup: &Setup<'_>, bots: &mut [Bot<E>; 2]) -> Outcome {
    let mut events = Vec::new();
    let mut state = E::setup(setup, &mut events).expect("setup");
    let (mut a, mut b) = (Vec::new(), Vec::new());
    let mut actions = 0;
    while let Some(to_move) = E::to_move(&state) {
        let action = match to_move {
            ToMove::One(p) => {
                E::choices(&state, p, &mut a);
                let i = bots[p.index()].choose(&state, p, &a).expect("a choice");
                a[i].clone()
            }
            ToMove::Both => {
                E::choices(&state, Player::P1, &mut a);
                E::choices(&state, Player::P2, &mut b);
                let i = bots[0].choose(&state, Player::P1, &a).expect("a choice");
                let j = bots[1].choose(&state, Player::P2, &b).expect("a choice");
                E::combine(&state, &a[i], &b[j])
            }
        };
        E::apply(&mut state, &action, &mut events)
            .unwrap_or_else(|e| panic!("{}: `{action}`: {e}", E::GAME));
        actions += 1;
        assert!(actions < 20_000, "{}: no end", E::GAME);
    }
    E::outcome(&state).expect("an outcome")
}

/// Each player finishes games against each other player in every engine.
fn plays_through<E: Engine>(setup: Setup<'_>) {
    for kinds in [[Kind::Greedy, Kind::Mcts(8)], [Kind::Mcts(8), Kind::Random]] {
        play::<E>(&setup, &mut kinds.map(|k| Bot::<E>::new(k, 5)));
    }
}

#[test]
fn players_finish_games_in_every_engine() {
    let jforce = example_decks::<JForce>();
    plays_through::<JForce>(example_game::<JForce>(&jforce, 1));
    let fow = example_decks::<Fow>();
    plays_through::<Fow>(example_game::<Fow>(&fow, 1));
    plays_through::<Skirmish>(duel_setup(0));
}

/// Greedy against random over `games` seeded games, seats alternated: greedy's wins.
fn greedy_wins<E: Engine>(games: u64, setup: impl Fn(u64) -> Setup<'static>) -> u64 {
    (0..games)
        .filter(|&g| {
            let greedy = if g % 2 == 0 { Player::P1 } else { Player::P2 };
            let mut bots = [Player::P1, Player::P2].map(|p| {
                let kind = if p == greedy {
                    Kind::Greedy
                } else {
                    Kind::Random
                };
                Bot::<E>::new(kind, g)
            });
            play::<E>(&setup(g), &mut bots).winner == Some(greedy)
        })
        .count() as u64
}

/// The one-ply player is a real player in every game: it beats random significantly (the
/// lower end of the 95% interval above ½).
#[test]
fn greedy_beats_random_in_every_game() {
    let jforce = example_decks::<JForce>();
    let fow = example_decks::<Fow>();
    let results = [
        (
            "jforce",
            greedy_wins::<JForce>(60, |g| example_game::<JForce>(&jforce, g)),
        ),
        (
            "fow",
            greedy_wins::<Fow>(60, |g| example_game::<Fow>(&fow, g)),
        ),
        ("skirmish", greedy_wins::<Skirmish>(60, duel_setup)),
    ];
    for (game, wins) in results {
        let (low, _) = crate::stats::wilson::wilson(wins, 60);
        assert!(
            low > 0.5,
            "{game}: greedy won only {wins} of 60 against random"
        );
    }
}

/// A one-round game of simultaneous picks, small enough to know its answer: p1 gambles or
/// plays safe, p2 has one strong answer and three weak ones. A gamble beats a weak answer and
/// loses to the strong one; playing safe draws. The strong answer is p2's best whatever p1
/// picks, so p1's best pick is to play safe, although against an answer drawn at random a
/// gamble wins three games in four.
struct Matrix;

const GAMBLE: u8 = 0;
const SAFE: u8 = 1;
const STRONG: u8 = 0;
const ANSWERS: u8 = 4;

#[derive(Debug, Clone, Default)]
struct Table(Option<Outcome>);

/// Each seat's pick, `None` for the part a seat leaves to the other.
#[derive(Debug, Clone, PartialEq)]
struct Picks([Option<u8>; 2]);

impl std::fmt::Display for Picks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.0)
    }
}

impl Engine for Matrix {
    const GAME: &'static str = "matrix";
    type State = Table;
    type Action = Picks;
    type Event = String;

    fn setup(_: &Setup<'_>, _: &mut Vec<String>) -> Result<Table, String> {
        Ok(Table::default())
    }

    fn legal_actions(state: &Table, out: &mut Vec<Picks>) {
        out.clear();
        if state.0.is_none() {
            for a in [GAMBLE, SAFE] {
                out.extend((0..ANSWERS).map(|b| Picks([Some(a), Some(b)])));
            }
        }
    }

    fn apply(state: &mut Table, action: &Picks, _: &mut Vec<String>) -> Result<(), IllegalAction> {
        let [Some(a), Some(b)] = action.0 else {
            return Err(IllegalAction("both seats pick".into()));
        };
        let winner = match (a, b) {
            (SAFE, _) => None,
            (_, STRONG) => Some(Player::P2),
            _ => Some(Player::P1),
        };
        state.0 = Some(Outcome {
            winner,
            reason: "picked",
            turns: 1,
        });
        Ok(())
    }

    fn outcome(state: &Table) -> Option<Outcome> {
        state.0
    }

    fn parse_action(_: &Table, text: &str) -> Result<Picks, String> {
        Err(format!("`{text}`: the matrix game has no script language"))
    }

    fn query(_: &Table, path: &str) -> Result<Value, String> {
        Err(format!("`{path}`: the matrix game has nothing to query"))
    }

    fn check_invariants(_: &Table) -> Result<(), String> {
        Ok(())
    }

    fn to_move(state: &Table) -> Option<ToMove> {
        state.0.is_none().then_some(ToMove::Both)
    }

    fn choices(state: &Table, seat: Player, out: &mut Vec<Picks>) {
        out.clear();
        if state.0.is_none() {
            let picks: Vec<u8> = match seat {
                Player::P1 => vec![GAMBLE, SAFE],
                Player::P2 => (0..ANSWERS).collect(),
            };
            out.extend(picks.into_iter().map(|p| {
                let mut parts = [None, None];
                parts[seat.index()] = Some(p);
                Picks(parts)
            }));
        }
    }

    fn combine(_: &Table, p1: &Picks, p2: &Picks) -> Picks {
        Picks([p1.0[0], p2.0[1]])
    }

    fn evaluate(state: &Table, seat: Player) -> f64 {
        state.0.map_or(0.5, |o| terminal_value(&o, seat))
    }

    fn determinize(state: &Table, _: Player, _: &mut Rng) -> Table {
        state.clone()
    }

    fn first(_: &Table) -> Option<Player> {
        None
    }

    fn summary(_: &Table, _: Player) -> SeatSummary {
        SeatSummary {
            life: 0,
            hand: 0,
            deck: 0,
        }
    }
}

/// At a simultaneous pick MCTS expects the opponent to answer in its own interest: each seat
/// picks its part by its own statistics (decoupled UCT). When the opponent's part was drawn
/// at random inside the search, `mcts:200` gambled here.
#[test]
fn mcts_expects_the_best_answer_to_a_simultaneous_pick() {
    let state = Table::default();
    let mut choices = Vec::new();
    Matrix::choices(&state, Player::P1, &mut choices);
    for seed in 0..8 {
        let mut bot = Bot::<Matrix>::new(Kind::DEFAULT, seed);
        let pick = bot.choose(&state, Player::P1, &choices).expect("a pick");
        assert_eq!(choices[pick], Picks([Some(SAFE), None]), "seed {seed}");
    }
}
