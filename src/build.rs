//! Embeds the shipped card databases and formats. Every `*.toml` under `card-db/` and
//! `formats/` becomes a `(path, text, compiled)` entry in `$OUT_DIR/embedded.rs`, so adding a
//! data file needs no change to Rust code. The text stays for diagnostics; `compiled` is the
//! file's tree of values with their spans (`src/shipped/node.rs`), which start-up reads
//! instead of parsing the text. A shipped file that is not valid TOML fails the build.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use toml::de::{DeTable, DeValue};

#[path = "shipped/node.rs"]
mod node;

use node::{Node, Value};

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

/// The tree of a TOML value; `Err` says why a value has no compiled form.
fn node<'a>(value: &'a DeValue<'a>, span: std::ops::Range<usize>) -> Result<Node<'a>, String> {
    let value = match value {
        DeValue::String(s) => Value::String(s),
        DeValue::Integer(i) => Value::Integer(
            i64::from_str_radix(i.as_str(), i.radix())
                .map_err(|_| format!("integer `{i}` does not fit 64 bits"))?,
        ),
        DeValue::Float(f) => {
            Value::Float((f.as_str().parse()).map_err(|_| format!("float `{f}` is not a number"))?)
        }
        DeValue::Boolean(b) => Value::Boolean(*b),
        DeValue::Datetime(d) => Value::Datetime(d.to_string().into()),
        DeValue::Array(items) => Value::Array(
            (items.iter())
                .map(|item| node(item.get_ref(), item.span()))
                .collect::<Result<_, _>>()?,
        ),
        DeValue::Table(table) => Value::Table(table_nodes(table)?),
    };
    Ok(Node { span, value })
}

fn table_nodes<'a>(table: &'a DeTable<'a>) -> Result<Vec<(Node<'a>, Node<'a>)>, String> {
    (table.iter())
        .map(|(k, v)| {
            let key = Node {
                span: k.span(),
                value: Value::String(k.get_ref()),
            };
            Ok((key, node(v.get_ref(), v.span())?))
        })
        .collect()
}

fn compile(rel: &str, text: &str) -> Vec<u8> {
    let root = match DeTable::parse(text) {
        Ok(root) => root,
        // toml's own message, with the line and the caret, as `db check` would show it.
        Err(_) => match toml::from_str::<toml::Table>(text) {
            Err(e) => panic!("shipped data file {rel} is not valid TOML:\n{e}"),
            Ok(_) => panic!("shipped data file {rel} is not valid TOML"),
        },
    };
    let tree = Node {
        span: root.span(),
        value: match table_nodes(root.get_ref()) {
            Ok(table) => Value::Table(table),
            Err(e) => panic!("shipped data file {rel}: {e}"),
        },
    };
    postcard::to_allocvec(&tree).expect("a tree of values serialises")
}

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo"));
    println!("cargo:rerun-if-changed=src/shipped/node.rs");
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
            std::fs::write(&compiled, compile(&rel, &text)).expect("OUT_DIR is writable");
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
