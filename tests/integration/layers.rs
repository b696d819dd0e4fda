//! The library's top-level modules form layers (docs/architecture.md): each may use the ones
//! below it, none the ones above. A use in both directions between two modules, even through
//! others or only in tests, is a cycle this test names.

use crate::support::root;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The top-level modules `lib.rs` declares, whatever their visibility: a private module can
/// close a cycle as well as a public one.
fn modules() -> BTreeSet<String> {
    let lib = std::fs::read_to_string(root().join("src/lib.rs")).unwrap();
    lib.lines().filter_map(declared_module).collect()
}

/// The module a line of `lib.rs` declares (`mod x;`, `pub mod x;`, `pub(crate) mod x;`).
fn declared_module(line: &str) -> Option<String> {
    let line = line.trim();
    let rest = (line.strip_prefix("pub"))
        .map(|r| r.strip_prefix("(crate)").unwrap_or(r).trim_start())
        .unwrap_or(line);
    let name = rest.strip_prefix("mod ")?.strip_suffix(';')?;
    Some(name.trim().to_owned())
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Which top-level modules each one names through `crate::NAME`.
fn uses(modules: &BTreeSet<String>) -> BTreeMap<String, BTreeSet<String>> {
    let src = root().join("src");
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for module in modules {
        let mut files = Vec::new();
        let folder = src.join(module);
        if folder.is_dir() {
            rust_files(&folder, &mut files);
        }
        files.push(src.join(format!("{module}.rs")));
        let used = graph.entry(module.clone()).or_default();
        for file in files.iter().filter(|f| f.exists()) {
            let text = std::fs::read_to_string(file).unwrap();
            for (at, _) in text.match_indices("crate::") {
                let name: String = text[at + "crate::".len()..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if name != *module && modules.contains(&name) {
                    used.insert(name);
                }
            }
        }
    }
    graph
}

/// The modules reachable from `from`.
fn reachable(graph: &BTreeMap<String, BTreeSet<String>>, from: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut todo = vec![from.to_owned()];
    while let Some(m) = todo.pop() {
        for next in &graph[&m] {
            if seen.insert(next.clone()) {
                todo.push(next.clone());
            }
        }
    }
    seen
}

#[test]
fn top_level_modules_use_each_other_in_one_direction() {
    let modules = modules();
    assert!(
        modules.len() > 10,
        "lib.rs declares the modules: {modules:?}"
    );
    let graph = uses(&modules);
    let cycles: Vec<String> = graph
        .iter()
        .flat_map(|(m, used)| used.iter().map(move |u| (m, u)))
        .filter(|(m, u)| reachable(&graph, u).contains(*m))
        .map(|(m, u)| format!("{m} -> {u} (and back through {u}'s uses)"))
        .collect();
    assert!(cycles.is_empty(), "module cycles:\n{}", cycles.join("\n"));
}

#[test]
fn every_module_declaration_is_read() {
    for (line, module) in [
        ("pub mod report;", Some("report")),
        ("mod shipped;", Some("shipped")),
        ("pub(crate) mod names;", Some("names")),
        ("    mod fuzz;", Some("fuzz")),
        ("use std::fmt;", None),
        ("//! a mod in a comment;", None),
    ] {
        assert_eq!(declared_module(line).as_deref(), module, "{line}");
    }
}

#[test]
fn a_cycle_is_found() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a", vec!["b"]),
        ("b", vec!["c"]),
        ("c", vec!["a"]),
        ("d", vec!["a"]),
    ]
    .into_iter()
    .map(|(m, u)| (m.to_owned(), u.into_iter().map(str::to_owned).collect()))
    .collect();
    assert!(reachable(&graph, "b").contains("a"));
    assert!(!reachable(&graph, "a").contains("d"));
}
