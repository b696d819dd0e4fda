//! Card pools from other tools (issue 32), on LackeyCCG plugins of our own generated in a
//! temporary folder, shaped as the Force of Will plugin's (`tests/data/lackey/fow/`): two-faced
//! rulers, resonators, chants, additions, magic stones, every tenth row a reprint in a later
//! set. Measures in one run:
//! - `db import` of a 30,000-row plugin (read, map, write the card files);
//! - loading a 2,500-card pool as `--db` does, imported and read directly from the plugin,
//!   against loading the shipped game for one deck (as `validate DECK` does);
//! - `cards` queries over the 2,500-card pool.
//!
//! The in-process loads of `--db` do not count parsing the shipped data, which a process does
//! once and the bench once for all: the whole-process figures are `hyperfine` over the files
//! this writes (docs/benchmarks.md, "Card pools"). `cargo bench --bench pool`; set
//! `DECKSMITH_BENCH_KEEP=1` to keep the generated files: `import/fow/` (30,000 rows),
//! `pool-plugin/fow/` (2,500 cards), `pool/` (its import) and `pool.deck` (a legal
//! `fow-standard` deck of the pool).

use decksmith::catalog::{Catalog, DataOptions};
use decksmith::date::Date;
use decksmith::pool::import;
use decksmith::search::{find, Query};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// Rows of the plugin `db import` reads: 27,273 cards and a reprint after every tenth.
const IMPORT_CARDS: usize = 27_273;
/// Cards of the pool loaded and searched.
const POOL_CARDS: usize = 2_500;
/// Rows in one set file.
const SET_ROWS: usize = 200;

const HEADER: &str = "Name\tSet\tImageFile\tSetID\tType\tSubtype/Race\tCost\tT.Cost\tATK\tDEF\t\
                      Attribute\tRarity\tCardtext";

/// Each attribute's word and cost symbol.
const ATTRIBUTES: [(&str, &str); 5] = [
    ("Light", "w"),
    ("Fire", "r"),
    ("Water", "u"),
    ("Wind", "g"),
    ("Darkness", "b"),
];

const WORDS: [&str; 8] = [
    "Ember", "Tidal", "Gale", "Lumen", "Abyssal", "Verdant", "Astral", "Iron",
];

fn main() {
    divan::main();
    if let Some(files) = FILES.get() {
        if std::env::var_os("DECKSMITH_BENCH_KEEP").is_none() {
            let _ = std::fs::remove_dir_all(&files.root);
        } else {
            println!("kept the generated files in {}", files.root.display());
        }
    }
}

/// The generated files, written on first use.
struct Files {
    root: PathBuf,
    /// The 30,000-row plugin.
    import: PathBuf,
    /// The 2,500-card plugin, and its import.
    plugin: PathBuf,
    pool: PathBuf,
    /// Where `db import` writes.
    out: PathBuf,
}

static FILES: OnceLock<Files> = OnceLock::new();

fn files() -> &'static Files {
    FILES.get_or_init(|| {
        let root =
            std::env::temp_dir().join(format!("decksmith-bench-pool-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        // Each plugin's folder is named `fow`, which the shipped mapping lists.
        let import = root.join("import/fow");
        let plugin = root.join("pool-plugin/fow");
        write_plugin(&import, IMPORT_CARDS);
        write_plugin(&plugin, POOL_CARDS);
        let pool = root.join("pool");
        let catalog = Catalog::embedded().expect("shipped data loads");
        let imported = import::read(&plugin, import::Tool::Lackey, &catalog.games, None)
            .expect("the plugin reads");
        assert_eq!(imported.pool.cards.len(), POOL_CARDS);
        import::write(&pool, &imported.files, "bench", false).expect("the pool is written");
        // A legal deck of the pool, which the whole-process figures validate.
        let deck = root.join("pool.deck");
        std::fs::write(&deck, deck_text()).expect("the deck is written");
        let loaded = Catalog::load(&options(&pool)).expect("the pool loads");
        let (_, outcome) = decksmith::check::read_and_check(&loaded, None, &deck, Date::today())
            .expect("the deck reads");
        assert!(outcome.verdict.legal, "{:?}", outcome.verdict);
        let out = root.join("imported");
        Files {
            root,
            import,
            plugin,
            pool,
            out,
        }
    })
}

/// The name of generated card `c`.
fn name(c: usize) -> String {
    format!("{} {} {c}", WORDS[c % WORDS.len()], kind(c).0)
}

/// Card `c`'s kind: its word in names, and its LackeyCCG type.
fn kind(c: usize) -> (&'static str, &'static str) {
    match c % 20 {
        0 => ("Regent", "Ruler | J-Ruler"),
        1..=11 => ("Squire", "Resonator"),
        12..=13 => ("Verdict", "Chant"),
        14..=15 => ("Insight", "Spell:Chant-Instant"),
        16..=17 => ("Banner", "Addition:Field"),
        18 => ("Geode", "Special Magic Stone"),
        _ => ("Stone", "Magic Stone"),
    }
}

/// Card `c`'s row, printed as number `number` of `set`.
fn row(c: usize, set: &str, number: usize) -> String {
    let (attribute, symbol) = ATTRIBUTES[c % ATTRIBUTES.len()];
    let id = format!("{set}-{number:03}");
    let free = c % 4;
    let cost = format!("{{{symbol}}}{{{free}}}");
    let total = 1 + free;
    let text = [
        "",
        "[Flying]",
        "When this card enters the field, draw a card.",
    ][c % 3];
    let name = name(c);
    let race = ["Human", "Beast", "Spirit"][c % 3];
    let cells: [String; 13] = match kind(c) {
        (_, ty @ "Ruler | J-Ruler") => [
            format!("{name} | {name} Ascended"),
            set.into(),
            format!("{id}-r,{id}-j"),
            id.clone(),
            ty.into(),
            race.into(),
            format!("{{{symbol}}}{{{symbol}}}{{1}}"),
            "3".into(),
            "1000".into(),
            "1000".into(),
            attribute.into(),
            "JR".into(),
            format!("[Judgment] {{{symbol}}}{{{symbol}}}{{1}} | [Flying] {text}"),
        ],
        (_, ty @ "Resonator") => [
            name,
            set.into(),
            id.clone(),
            id.clone(),
            ty.into(),
            race.into(),
            cost,
            total.to_string(),
            (100 * (3 + c % 8)).to_string(),
            (100 * (2 + c % 7)).to_string(),
            attribute.into(),
            "C".into(),
            text.into(),
        ],
        (_, ty @ ("Special Magic Stone" | "Magic Stone")) => [
            name,
            set.into(),
            id.clone(),
            id.clone(),
            ty.into(),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
            "S".into(),
            format!("[Rest] Produce {{{symbol}}}."),
        ],
        (_, ty) => [
            name,
            set.into(),
            id.clone(),
            id.clone(),
            ty.into(),
            String::new(),
            cost,
            total.to_string(),
            String::new(),
            String::new(),
            attribute.into(),
            "U".into(),
            "Target resonator gains [+200/+200] until end of turn.".into(),
        ],
    };
    cells.join("\t")
}

/// A plugin folder of `cards` cards, each in the set of its row, and after every tenth card a
/// reprint of one printed earlier; its formats.txt lists every set.
fn write_plugin(dir: &Path, cards: usize) {
    let sets = dir.join("sets");
    std::fs::create_dir_all(&sets).expect("plugin folder");
    std::fs::write(
        dir.join("plugininfo.txt"),
        "<plugin>\n//generated by benches/pool.rs\n</plugin>\n",
    )
    .expect("plugininfo.txt");
    let mut rows = Vec::with_capacity(cards + cards / 10);
    for c in 0..cards {
        rows.push(c);
        if c % 10 == 0 && c > 0 {
            rows.push(c / 2);
        }
    }
    let mut codes = Vec::new();
    for (s, chunk) in rows.chunks(SET_ROWS).enumerate() {
        let code = format!("G{s:03}");
        let mut text = format!("{HEADER}\r\n");
        for (n, &c) in chunk.iter().enumerate() {
            text.push_str(&row(c, &code, n + 1));
            text.push_str("\r\n");
        }
        std::fs::write(sets.join(format!("{}.txt", code.to_lowercase())), text).expect("set file");
        codes.push(code);
    }
    let listed: String = codes
        .iter()
        .map(|c| format!("\t\t<set>{c}</set>\n"))
        .collect();
    std::fs::write(
        dir.join("formats.txt"),
        format!("<formatdefinitions>\n\t<format>\n\t\t<label>Generated</label>\n{listed}\t</format>\n</formatdefinitions>\n"),
    )
    .expect("formats.txt");
}

/// A legal `fow-standard` deck of the pool: its first ruler, ten resonators four times each,
/// and ten of its first basic stone.
fn deck_text() -> String {
    let mut text = format!("format: fow-standard\nRuler:\n1 {}\nMain:\n", name(0));
    for c in (0..POOL_CARDS)
        .filter(|&c| kind(c).1 == "Resonator")
        .take(10)
    {
        text.push_str(&format!("4 {}\n", name(c)));
    }
    text.push_str(&format!("Stones:\n10 {}\n", name(19)));
    text
}

fn options(db: &Path) -> DataOptions {
    DataOptions {
        db: vec![db.to_owned()],
        ..DataOptions::default()
    }
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn import_30000_rows(bencher: divan::Bencher) {
    let files = files();
    let catalog = Catalog::embedded().expect("shipped data loads");
    bencher.bench(|| {
        let imported = import::read(&files.import, import::Tool::Lackey, &catalog.games, None)
            .expect("the plugin reads");
        import::write(&files.out, &imported.files, "bench", false).expect("the pool is written");
        imported.pool.rows
    });
}

#[divan::bench(sample_count = 20)]
fn load_imported_pool_2500_cards(bencher: divan::Bencher) {
    let options = options(&files().pool);
    bencher.bench(|| Catalog::load(&options).expect("the pool loads").games.len());
}

#[divan::bench(sample_count = 20)]
fn load_plugin_directly_2500_cards(bencher: divan::Bencher) {
    let options = options(&files().plugin);
    bencher.bench(|| {
        Catalog::load(&options)
            .expect("the plugin loads")
            .games
            .len()
    });
}

#[divan::bench]
fn load_shipped_game_for_a_deck(bencher: divan::Bencher) {
    bencher.bench(|| {
        Catalog::load_for_deck(&DataOptions::default(), "fow-standard")
            .expect("shipped data loads")
            .games
            .len()
    });
}

#[divan::bench(args = ["Squire", "t:resonator atk>=500 c:fire", "text:draw -t:ruler", "legal:fow-standard"])]
fn cards_query_2500_cards(bencher: divan::Bencher, query: &str) {
    let catalog = Catalog::load(&options(&files().pool)).expect("the pool loads");
    let games = [catalog.game("fow").expect("the pool's game")];
    let q = Query::parse(query).expect("the query parses");
    q.check(&games, &catalog).expect("the query's values exist");
    let date = Date::new(2026, 12, 1).expect("a date");
    bencher.bench(|| find(divan::black_box(&q), &games, &catalog, date).len());
}
