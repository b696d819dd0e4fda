//! Embeds the shipped card databases and formats. Every `*.toml` under `card-db/` and
//! `formats/` becomes a `(path, text, compiled)` entry in `$OUT_DIR/embedded.rs`, so adding a
//! data file needs no change to Rust code. The text stays for diagnostics; `compiled` is the
//! file's tree of values with their spans (`src/shipped/compile.rs`), which start-up reads
//! instead of parsing the text. A shipped file that is not valid TOML fails the build with its
//! path, line and column (`src/shipped/compile.rs`). Whether it reads as the data model is
//! checked by the test suite, not here: docs/architecture.md ("The shipped data") says why.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

#[path = "shipped/compile.rs"]
mod compile;

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "toml") {
            out.push(path);
        }
    }
}

/// On Linux with glibc, links the unwinder from gcc's static `libgcc_eh.a` instead of the
/// shared `libgcc_s.so`, which every start would otherwise map and relocate: 14 % of a minimal
/// Rust program's start (docs/benchmarks.md, "Start-up, twelfth pass"). Panics unwind as
/// before. Left to the shared library when the C compiler does not find the archive; the tests
/// learn which it was from `DECKSMITH_UNWINDER`.
fn link_unwinder_statically() {
    let cargo = |key: &str| std::env::var(key).unwrap_or_default();
    if cargo("CARGO_CFG_TARGET_OS") != "linux" || cargo("CARGO_CFG_TARGET_ENV") != "gnu" {
        return;
    }
    let user = |key: &str| {
        println!("cargo:rerun-if-env-changed={key}");
        std::env::var(key).ok()
    };
    // The target's C compiler as cargo users name it; a cross build that names none keeps the
    // shared unwinder rather than ask the host's compiler about another target.
    let (host, target) = (cargo("HOST"), cargo("TARGET"));
    let cc = user(&format!("CC_{}", target.replace('-', "_")))
        .or_else(|| user("TARGET_CC"))
        .or_else(|| (host == target).then(|| user("CC").unwrap_or_else(|| "cc".to_owned())));
    let Some(cc) = cc else {
        return;
    };
    let found = std::process::Command::new(cc)
        .arg("-print-file-name=libgcc_eh.a")
        .output()
        .ok()
        .and_then(|out| String::from_utf8(out.stdout).ok())
        .is_some_and(|path| Path::new(path.trim()).is_absolute());
    if found {
        println!("cargo:rustc-link-lib=static:-bundle=gcc_eh");
        println!("cargo:rustc-env=DECKSMITH_UNWINDER=static");
    }
}

fn main() {
    link_unwinder_statically();
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo"));
    println!("cargo:rerun-if-changed=src/shipped/compile.rs");
    let mut code = String::new();
    for (name, dir) in [("CARD_DB", "card-db"), ("FORMATS", "formats")] {
        let base = root.join(dir);
        println!("cargo:rerun-if-changed={}", base.display());
        let mut files = Vec::new();
        collect(&base, &mut files);
        files.sort();
        writeln!(code, "pub static {name}: &[(&str, &str, &[u8])] = &[").unwrap();
        for file in &files {
            println!("cargo:rerun-if-changed={}", file.display());
            let rel = file.strip_prefix(&root).expect("under the manifest dir");
            let rel = rel.to_string_lossy().replace('\\', "/");
            let text =
                std::fs::read_to_string(file).unwrap_or_else(|e| panic!("cannot read {rel}: {e}"));
            let compiled = out_dir.join(rel.replace('/', "__")).with_extension("bin");
            match compile::compile(&rel, &text) {
                Ok(bytes) => std::fs::write(&compiled, bytes).expect("OUT_DIR is writable"),
                // Cargo fails the build once every broken file is listed, each on its line.
                Err(why) => println!("cargo::error=shipped data file {why}"),
            }
            writeln!(
                code,
                "    ({rel:?}, include_str!({:?}), include_bytes!({:?})),",
                file.display(),
                compiled.display()
            )
            .unwrap();
        }
        writeln!(code, "];").unwrap();
    }
    std::fs::write(out_dir.join("embedded.rs"), code).expect("OUT_DIR is writable");
}
