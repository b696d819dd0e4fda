//! Embeds the shipped card databases and formats: every `*.toml` under `card-db/` and
//! `formats/` becomes a `(path, contents)` pair in `$OUT_DIR/embedded.rs`, so adding a data file
//! needs no change to Rust code.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

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

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let mut code = String::new();
    for (name, dir) in [("CARD_DB", "card-db"), ("FORMATS", "formats")] {
        let base = root.join(dir);
        println!("cargo:rerun-if-changed={}", base.display());
        let mut files = Vec::new();
        collect(&base, &mut files);
        files.sort();
        writeln!(code, "pub static {name}: &[(&str, &str)] = &[").unwrap();
        for file in &files {
            println!("cargo:rerun-if-changed={}", file.display());
            let rel = file.strip_prefix(&root).expect("under the manifest dir");
            let rel = rel.to_string_lossy().replace('\\', "/");
            writeln!(code, "    ({rel:?}, include_str!({:?})),", file.display()).unwrap();
        }
        writeln!(code, "];").unwrap();
    }
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo")).join("embedded.rs");
    std::fs::write(out, code).expect("OUT_DIR is writable");
}
