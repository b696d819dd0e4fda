//! The docs keep their promises: every test a ruling names exists.

use crate::support::root;
use std::path::Path;

fn rust_sources(dir: &Path, out: &mut String) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push_str(&std::fs::read_to_string(&path).unwrap());
        }
    }
}

/// The backticked names in the `**Test:**` / `**Tests:**` paragraphs of docs/rulings.md.
fn named_tests(rulings: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut in_tests = false;
    for line in rulings.lines() {
        if line.starts_with("**Test") {
            in_tests = true;
        } else if line.trim().is_empty() || line.starts_with('#') || line.starts_with("**") {
            in_tests = false;
        }
        if !in_tests {
            continue;
        }
        for (i, part) in line.split('`').enumerate() {
            let looks_like_test = part.contains('_')
                && part
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == ':');
            if i % 2 == 1 && looks_like_test {
                names.push(part.rsplit("::").next().unwrap_or(part).to_owned());
            }
        }
    }
    names
}

#[test]
fn every_test_a_ruling_names_exists() {
    let rulings = std::fs::read_to_string(root().join("docs/rulings.md")).unwrap();
    let mut sources = String::new();
    rust_sources(&root().join("src"), &mut sources);
    rust_sources(&root().join("tests"), &mut sources);
    let names = named_tests(&rulings);
    assert!(
        names.len() >= 60,
        "only {} tests named in docs/rulings.md",
        names.len()
    );
    let missing: Vec<&String> = names
        .iter()
        .filter(|n| !sources.contains(&format!("fn {n}(")))
        .collect();
    assert!(
        missing.is_empty(),
        "docs/rulings.md names tests that do not exist: {missing:?}"
    );
}
