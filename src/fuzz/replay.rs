//! What fuzzing found stays found: every corpus input and every regression input under `fuzz/`
//! goes through the same entry point as its fuzz target (`Target::run`), on
//! the stable toolchain, in every `cargo test`. A regression input is a file in
//! `fuzz/regressions/<target>/`, named after what it broke (docs/fuzzing.md).

use super::Target;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Far above what any input takes here, even unoptimised on a busy machine; an input over it
/// is a hang (the fuzzers stop at one second, optimised).
const SLOW: Duration = Duration::from_secs(20);

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn inputs(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map(|entries| entries.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.is_file());
    files.sort();
    files
}

/// Runs every input in `fuzz/<folder>/<target>/`: the files, and whether each went the whole
/// way through its reader.
fn replay(target: Target, folder: &str) -> Vec<(std::path::PathBuf, bool)> {
    let dir = root().join("fuzz").join(folder).join(target.name());
    let mut out = Vec::new();
    for path in inputs(&dir) {
        let data = std::fs::read(&path).unwrap();
        let started = Instant::now();
        let whole = target.run(&data);
        let took = started.elapsed();
        assert!(took < SLOW, "{} took {took:?}", path.display());
        out.push((path, whole));
    }
    out
}

#[test]
fn every_corpus_input_replays() {
    for target in Target::all() {
        let seeds = replay(target, "corpus");
        assert!(
            !seeds.is_empty(),
            "fuzz/corpus/{} holds no seed",
            target.name()
        );
        // The seeds are the project's own files: each must reach the end of its reader, or the
        // fuzzer starts from inputs that never get past the first refusal.
        let stuck: Vec<_> = seeds.iter().filter(|(_, whole)| !whole).collect();
        assert!(stuck.is_empty(), "seeds refused early: {stuck:?}");
    }
}

#[test]
fn every_regression_input_replays() {
    for target in Target::all() {
        replay(target, "regressions");
    }
}

#[test]
fn every_target_has_its_fuzz_target_file() {
    let manifest = std::fs::read_to_string(root().join("fuzz/Cargo.toml")).unwrap();
    for target in Target::all() {
        let file = format!("fuzz_targets/{}.rs", target.name());
        assert!(root().join("fuzz").join(&file).is_file(), "no fuzz/{file}");
        assert!(
            manifest.contains(&format!("path = \"{file}\"")),
            "{file} not in fuzz/Cargo.toml"
        );
    }
}
