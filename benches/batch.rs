//! Batch validation, measured as a user meets it: the whole `decksmith` process.
//!
//! Generates, in a temporary folder, a 20,000-card database (the shipped cards of every game
//! plus copies of them under new names) and 10,000 deck lists across the games (built from the
//! legal example decks; each plays generated copies on its first three-copy line; one deck in
//! ten is made illegal by an unknown card, half strangers and half typos), then times:
//! - loading and linting the database, in process (`Catalog::load` with `--db`);
//! - `decksmith validate --db DB decks/ --output json` on 1 and 2 threads (best of 3), and
//!   the same with the shipped database on decks that only use shipped cards;
//! - the peak resident memory of those runs, through `/usr/bin/time` where it exists, and
//!   of the shipped-database run over ten times the decks (ten links to each), to show that
//!   memory does not grow with the number of decks.
//!
//! `cargo bench --bench batch` (release profile). Set `DECKSMITH_BENCH_KEEP=1` to keep the
//! generated files, and `DECKSMITH_BENCH_DECKS=100000` for another number of decks.

use decksmith::catalog::{Catalog, DataOptions, Sources};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const CARDS: usize = 20_000;
const DECKS: usize = 10_000;

/// The number of decks to generate: `DECKSMITH_BENCH_DECKS`, or [`DECKS`].
fn deck_count() -> usize {
    std::env::var("DECKSMITH_BENCH_DECKS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(DECKS)
}

fn main() {
    let root = std::env::temp_dir().join(format!("decksmith-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let db = root.join("db");
    let (shipped_cards, copies) = write_database(&db);
    let generated = CARDS - shipped_cards;
    let decks = root.join("decks");
    let plain = root.join("decks-shipped-cards");
    write_decks(&decks, &copies);
    write_decks(&plain, &Generated::new());
    println!(
        "generated {CARDS} cards ({shipped_cards} shipped + {generated}) and {} decks in {}",
        deck_count(),
        root.display()
    );

    let options = DataOptions {
        db: vec![db.clone()],
        ..DataOptions::default()
    };
    let load = best_of(5, || {
        let start = Instant::now();
        let catalog = Catalog::load(&options).expect("the generated database loads");
        assert_eq!(
            catalog.games.values().map(|g| g.cards.len()).sum::<usize>(),
            CARDS
        );
        start.elapsed()
    });
    println!("load + lint {CARDS} cards in process: {}", ms(load));

    let bin = env!("CARGO_BIN_EXE_decksmith");
    let one_deck = sorted_files(&decks).swap_remove(0);
    let startup = best_of(3, || {
        run(bin, &["validate", "--db", s(&db), s(&one_deck)], None).0
    });
    println!("whole process, --db with 1 deck: {}", ms(startup));

    for (label, data, dir) in [
        ("--db 20,000 cards", Some(&db), &decks),
        ("shipped database", None, &plain),
    ] {
        for jobs in ["1", "2"] {
            let mut args = vec!["validate", "--output", "json", "-j", jobs];
            if let Some(db) = data {
                args.extend(["--db", s(db)]);
            }
            args.push(s(dir));
            let time = best_of(3, || run(bin, &args, None).0);
            let (_, usage) = run(bin, &args, Some(()));
            println!(
                "{label}, {} decks, {jobs} thread(s): {} wall ({:.0} decks/s), {}",
                deck_count(),
                ms(time),
                deck_count() as f64 / time.as_secs_f64(),
                usage.map_or(NO_TIME.to_owned(), |u| u.to_string()),
            );
        }
    }

    // Memory against the number of decks, in one run: the same decks, and ten links to each.
    let tenfold = root.join("decks-tenfold");
    std::fs::create_dir_all(&tenfold).expect("tenfold folder");
    for deck in sorted_files(&plain) {
        let name = deck.file_name().expect("a file name").to_string_lossy();
        for copy in 0..10 {
            let link = tenfold.join(format!("{copy}-{name}"));
            if std::fs::hard_link(&deck, &link).is_err() {
                std::fs::copy(&deck, &link).expect("deck copy");
            }
        }
    }
    let peak = |dir: &Path| {
        let args = ["validate", "--output", "json", "-j", "2", s(dir)];
        run(bin, &args, Some(())).1.map(|u| u.peak_kib)
    };
    match (peak(&plain), peak(&tenfold)) {
        (Some(one), Some(ten)) => println!(
            "peak RSS, shipped database, 2 threads: {} decks {:.1} MiB, {} decks {:.1} MiB \
             ({:+.1} bytes a deck more)",
            deck_count(),
            one / 1024.0,
            10 * deck_count(),
            ten / 1024.0,
            (ten - one) * 1024.0 / (9 * deck_count()) as f64
        ),
        _ => println!("peak RSS against the number of decks: {NO_TIME}"),
    }
    if std::env::var_os("DECKSMITH_BENCH_KEEP").is_none() {
        let _ = std::fs::remove_dir_all(&root);
    }
}

fn s(p: &Path) -> &str {
    p.to_str().expect("temp paths are UTF-8")
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

fn best_of(n: usize, mut f: impl FnMut() -> Duration) -> Duration {
    (0..n).map(|_| f()).min().unwrap_or_default()
}

const NO_TIME: &str = "no /usr/bin/time for CPU and memory";

/// What `/usr/bin/time` measured of a run: on a shared machine the CPU time says more than the
/// wall time.
struct Usage {
    user: f64,
    sys: f64,
    peak_kib: f64,
}

impl std::fmt::Display for Usage {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(
            f,
            "{:.0} ms CPU ({:.0} user + {:.0} system), peak RSS {:.1} MiB",
            (self.user + self.sys) * 1000.0,
            self.user * 1000.0,
            self.sys * 1000.0,
            self.peak_kib / 1024.0
        )
    }
}

/// Runs decksmith with output discarded; exit 0 or 1 (illegal decks) are both fine. With
/// `measure`, runs it under `/usr/bin/time` and returns its CPU time and peak RSS.
fn run(bin: &str, args: &[&str], measure: Option<()>) -> (Duration, Option<Usage>) {
    let time = Path::new("/usr/bin/time");
    let mut cmd = if measure.is_some() && time.exists() {
        let mut c = Command::new(time);
        c.args(["-f", "%U %S %M"]).arg(bin);
        c
    } else {
        Command::new(bin)
    };
    cmd.args(args)
        .env_remove("DECKSMITH_DATA")
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    let start = Instant::now();
    let out = cmd.output().expect("decksmith runs");
    let elapsed = start.elapsed();
    let code = out.status.code();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        matches!(code, Some(0 | 1)),
        "decksmith {args:?} failed ({code:?}): {stderr}"
    );
    let usage = measure.and_then(|_| {
        let line = stderr.lines().last()?;
        let mut fields = line.split_whitespace().map(|f| f.parse::<f64>().ok());
        Some(Usage {
            user: fields.next()??,
            sys: fields.next()??,
            peak_kib: fields.next()??,
        })
    });
    (elapsed, usage)
}

fn sorted_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("a folder")
        .map(|e| e.expect("entry").path())
        .collect();
    files.sort();
    files
}

/// Generated cards per game: the names of the copies made of each shipped card.
type Generated = BTreeMap<(String, String), Vec<String>>;

/// Writes the shipped card databases plus generated cards up to `CARDS`: copies of every
/// game's shipped cards under new ids and names, round the games in turn, so any game with a
/// card database is measured without being named here. Returns how many cards were shipped
/// and the names generated from each shipped card.
fn write_database(db: &Path) -> (usize, Generated) {
    let mut templates: BTreeMap<String, Vec<toml::Table>> = BTreeMap::new();
    for (kind, file) in Sources::embedded().files {
        if kind == decksmith::catalog::FileKind::Format {
            continue;
        }
        let rel = file.name.strip_prefix("card-db/").unwrap_or(&file.name);
        let path = db.join(rel);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("db folder");
        std::fs::write(&path, &*file.text).expect("db file");
        let table: toml::Table = file.text.parse().expect("shipped data is TOML");
        if let (Some(game), Some(cards)) = (
            table.get("game").and_then(|g| g.as_str()),
            table.get("cards").and_then(|c| c.as_array()),
        ) {
            let cards = cards.iter().filter_map(|c| c.as_table().cloned());
            templates.entry(game.to_owned()).or_default().extend(cards);
        }
    }
    let shipped: usize = templates.values().map(Vec::len).sum();
    let games: Vec<&String> = templates.keys().collect();
    // Files of 2,000 cards (a file is at most 4 MiB).
    let mut files: BTreeMap<PathBuf, Vec<toml::Value>> = BTreeMap::new();
    let mut generated = Generated::new();
    for i in 0..CARDS - shipped {
        let game = games[i % games.len()];
        let n = i / games.len();
        let shipped_cards = &templates[game];
        let mut card = shipped_cards[n % shipped_cards.len()].clone();
        let name = card["name"].as_str().expect("a card has a name").to_owned();
        let new_name = format!("Generated {name} {n}");
        card.insert("id".into(), format!("GEN-{game}-{n:05}").into());
        card.insert("name".into(), new_name.clone().into());
        generated
            .entry((game.clone(), name))
            .or_default()
            .push(new_name);
        let file = db
            .join(game)
            .join(format!("generated-{:02}.toml", n / 2000));
        files.entry(file).or_default().push(card.into());
    }
    for (path, cards) in files {
        let game = path
            .parent()
            .and_then(Path::file_name)
            .expect("a game folder");
        let mut table = toml::Table::new();
        table.insert("game".into(), game.to_string_lossy().into_owned().into());
        table.insert("invented".into(), true.into());
        table.insert("cards".into(), cards.into());
        std::fs::write(path, table.to_string()).expect("generated cards");
    }
    (shipped, generated)
}

/// The legal example decks of every game as templates, one in ten made illegal (an unknown
/// card); with `generated` cards, each deck plays copies of the card on its first three-copy
/// line in place of that card.
fn write_decks(dir: &Path, generated: &Generated) {
    std::fs::create_dir_all(dir).expect("deck folder");
    let mut templates: Vec<(String, String)> = Vec::new();
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/decks");
    for game in sorted_files(&examples).into_iter().filter(|p| p.is_dir()) {
        let id = game.file_name().expect("a folder name").to_string_lossy();
        for f in sorted_files(&game) {
            if f.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("legal-"))
            {
                let text = std::fs::read_to_string(f).expect("example deck");
                templates.push((id.to_string(), text));
            }
        }
    }
    for i in 0..deck_count() {
        let (game, template) = &templates[i % templates.len()];
        let mut text = template.clone();
        let line = text
            .lines()
            .find(|l| l.starts_with("3 ") || l.starts_with("3x "))
            .map(str::to_owned);
        let copies = line.as_ref().and_then(|l| {
            let name = l.split_once(' ').map(|(_, n)| n.trim())?;
            generated.get(&(game.clone(), name.to_owned()))
        });
        if let (Some(line), Some(copies)) = (line, copies) {
            let copy = format!("3 {}", copies[(i * 7) % copies.len()]);
            text = text.replacen(&line, &copy, 1);
        }
        // One deck in ten is illegal through an unknown card: half of them a stranger to the
        // database, half a typo of a card the deck plays (both make validate look for a
        // "did you mean" among the game's cards).
        if i % 20 == 9 {
            text.push_str(&format!("\n1 Missing Card {i}\n"));
        } else if i % 20 == 19 {
            let name = text
                .lines()
                .rev()
                .find_map(|l| {
                    l.split_once(' ')
                        .filter(|(n, _)| n.starts_with(|c: char| c.is_ascii_digit()))
                })
                .map(|(_, name)| name.trim().to_owned())
                .unwrap_or_default();
            let typo: String = name
                .chars()
                .enumerate()
                .filter(|(j, _)| *j != 2)
                .map(|(_, c)| c)
                .collect();
            text.push_str(&format!("\n1 {typo}\n"));
        }
        std::fs::write(dir.join(format!("deck-{i:05}.deck")), text).expect("deck");
    }
}
