//! Batch validation, measured as a user meets it: the whole `decksmith` process.
//!
//! Generates, in a temporary folder, a 20,000-card database (the shipped cards of the three
//! games plus generated ones) and 10,000 deck lists across the three games (built from the
//! shipped legal decks; J Force decks play generated Strikes; one deck in ten is made
//! illegal by an unknown card, half strangers and half typos), then times:
//! - loading and linting the database, in process (`Catalog::load` with `--db`);
//! - `decksmith validate --db DB decks/ --output json` on 1 and 2 threads (best of 3), and
//!   the same with the shipped database on decks that only use shipped cards;
//! - the peak resident memory of those runs, through `/usr/bin/time` where it exists.
//!
//! `cargo bench --bench batch` (release profile). Set `DECKSMITH_BENCH_KEEP=1` to keep the
//! generated files, and `DECKSMITH_BENCH_DECKS=100000` for another number of decks (peak memory
//! against the number of decks: compare the peak RSS of two runs).

use decksmith::catalog::{Catalog, DataOptions, Sources};
use std::fmt::Write as _;
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
    let shipped_cards = write_database(&db);
    let generated = CARDS - shipped_cards;
    let decks = root.join("decks");
    let plain = root.join("decks-shipped-cards");
    // Generated cards go round the three games, J Force first.
    write_decks(&decks, generated.div_ceil(3));
    write_decks(&plain, 0);
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
    let one_deck = first_file(&decks);
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
                usage
                    .as_deref()
                    .unwrap_or("no /usr/bin/time for CPU and memory"),
            );
        }
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

/// Runs decksmith with output discarded; exit 0 or 1 (illegal decks) are both fine. With
/// `measure`, runs it under `/usr/bin/time` and returns its CPU time and peak RSS: on a shared
/// machine the CPU time says more than the wall time.
fn run(bin: &str, args: &[&str], measure: Option<()>) -> (Duration, Option<String>) {
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
        let (user, sys, kb) = (fields.next()??, fields.next()??, fields.next()??);
        Some(format!(
            "{:.0} ms CPU ({:.0} user + {:.0} system), peak RSS {:.1} MiB",
            (user + sys) * 1000.0,
            user * 1000.0,
            sys * 1000.0,
            kb / 1024.0
        ))
    });
    (elapsed, usage)
}

fn first_file(dir: &Path) -> PathBuf {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("deck folder")
        .map(|e| e.expect("entry").path())
        .collect();
    files.sort();
    files.into_iter().next().expect("a deck")
}

/// Writes the shipped card databases plus generated cards up to `CARDS`; returns how many
/// cards were shipped.
fn write_database(db: &Path) -> usize {
    let mut shipped = 0;
    for (kind, file) in Sources::embedded().files {
        if kind == decksmith::catalog::FileKind::Format {
            continue;
        }
        let rel = file.name.strip_prefix("card-db/").unwrap_or(&file.name);
        let path = db.join(rel);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("db folder");
        std::fs::write(&path, &*file.text).expect("db file");
        shipped += file.text.matches("[[cards]]").count();
    }
    let generated = CARDS - shipped;
    // Split across games and files of 2,000 cards (a file is at most 4 MiB).
    let mut files: std::collections::BTreeMap<PathBuf, String> = Default::default();
    for i in 0..generated {
        let game = ["jforce", "fow", "skirmish"][i % 3];
        let n = i / 3;
        let file = db
            .join(game)
            .join(format!("generated-{:02}.toml", n / 2000));
        files
            .entry(file)
            .or_insert_with(|| format!("game = \"{game}\"\ninvented = true\n"))
            .push_str(&card(game, n));
    }
    for (path, text) in files {
        std::fs::write(path, text).expect("generated cards");
    }
    shipped
}

fn card(game: &str, n: usize) -> String {
    let mut t = String::from("\n[[cards]]\n");
    match game {
        "jforce" => {
            let _ = write!(
                t,
                "id = \"JG-{n:05}\"\nname = \"Generated Strike {n}\"\ntype = \"strike\"\nset = \"JF1\"\ncost = {}\nattack = {}\n",
                n % 8 + 1,
                n % 12 + 1
            );
        }
        "fow" => {
            let _ = write!(
                t,
                "id = \"FG-{n:05}\"\nname = \"Generated Resonator {n}\"\ntype = \"resonator\"\nset = \"FW1\"\natk = {}\ndef = {}\nattribute-cost = [\"fire\"]\nfree-cost = {}\nattribute = [\"fire\"]\n",
                (n % 10) * 100 + 100,
                (n % 7) * 100 + 100,
                n % 4
            );
        }
        _ => {
            let colour = ["red", "blue", "green"][n % 3];
            let _ = write!(
                t,
                "id = \"SG-{n:05}\"\nname = \"Generated {colour} {n}\"\ntype = \"{colour}\"\nset = \"SK1\"\ncolour = \"{colour}\"\nvalue = {}\n",
                n % 5 + 1
            );
        }
    }
    t
}

/// The shipped legal decks as templates, one in ten made illegal (an unknown card); with
/// `strikes` generated Strikes in the database, J Force decks play a set of generated Strikes in place of their first
/// three-copy line.
fn write_decks(dir: &Path, strikes: usize) {
    std::fs::create_dir_all(dir).expect("deck folder");
    let mut templates: Vec<String> = Vec::new();
    for game in ["jforce", "fow", "skirmish"] {
        let folder = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("examples/decks")
            .join(game);
        let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
            .expect("example decks")
            .map(|e| e.expect("entry").path())
            .filter(|p| {
                p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with("legal-"))
            })
            .collect();
        files.sort();
        for f in files {
            templates.push(std::fs::read_to_string(f).expect("example deck"));
        }
    }
    for i in 0..deck_count() {
        let mut text = templates[i % templates.len()].clone();
        if strikes > 0 && text.contains("format: jforce") {
            if let Some(line) = text
                .lines()
                .find(|l| l.starts_with("3 ") || l.starts_with("3x "))
            {
                let line = line.to_owned();
                let strike = format!("3 Generated Strike {}", (i * 7) % strikes);
                text = text.replacen(&line, &strike, 1);
            }
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
