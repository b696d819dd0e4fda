//! The README's and docs/tour.md's examples stay true: every example that shows a whole command
//! and its whole output is run, and its output must match. Examples that elide lines (`…`),
//! pipe, or show a `git:` revision of a working-tree change are illustrations and are skipped.

use crate::support::{decksmith, root};

/// Splits a command line the way a shell would for the README's simple quoting.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quote = None;
    for c in line.chars() {
        match (quote, c) {
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, ' ') => {
                if !word.is_empty() {
                    out.push(std::mem::take(&mut word));
                }
            }
            _ => word.push(c),
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

/// Runs every checkable example of the markdown file `doc`; returns how many it checked.
pub(crate) fn check_examples(doc: &str) -> usize {
    let text = std::fs::read_to_string(root().join(doc)).unwrap();
    let mut checked = 0;
    for block in text.split("```text\n").skip(1) {
        let Some((body, _)) = block.split_once("```") else {
            continue;
        };
        let Some((first, expected)) = body.split_once('\n') else {
            continue;
        };
        let Some(command) = first.strip_prefix("$ decksmith ") else {
            continue;
        };
        if body.contains('…') || command.contains(['|', '>']) || command.contains("git:") {
            continue;
        }
        let out = decksmith(words(command)).run();
        let actual = format!("{}{}", out.stdout, out.stderr);
        assert_eq!(
            actual.trim_end(),
            expected.trim_end(),
            "{doc} example `decksmith {command}` is out of date"
        );
        checked += 1;
    }
    checked
}

#[test]
fn readme_examples_show_real_output() {
    let checked = check_examples("README.md");
    assert!(checked >= 10, "only {checked} README examples checked");
}

#[test]
fn tour_examples_show_real_output() {
    let checked = check_examples("docs/tour.md");
    assert!(
        checked >= 15,
        "only {checked} docs/tour.md examples checked"
    );
}
