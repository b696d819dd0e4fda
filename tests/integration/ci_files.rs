//! The files CI services and editors' hooks read (`action.yml`, `.pre-commit-hooks.yaml`, the
//! `Dockerfile`) and docs/ci.md, which uses them: each is well formed, and every decksmith
//! command they name exists.

use crate::support::root;
use clap::CommandFactory;

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The YAML these files use: `key: value` mappings and `- ` sequences indented by two spaces,
/// `|` and `>-` block scalars, comments. Each line must be one of those; returns the
/// `key: value` pairs in order.
fn yaml_pairs(path: &str, text: &str) -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    let mut block: Option<usize> = None;
    for (i, line) in text.lines().enumerate() {
        let indent = line.len() - line.trim_start().len();
        let content = line.trim();
        if let Some(at) = block {
            if content.is_empty() || indent > at {
                continue;
            }
            block = None;
        }
        if content.is_empty() || content.starts_with('#') {
            continue;
        }
        assert_eq!(indent % 2, 0, "{path}:{}: odd indentation", i + 1);
        let item = content.strip_prefix("- ").unwrap_or(content);
        let Some((key, value)) = item.split_once(':') else {
            assert!(
                content.starts_with("- "),
                "{path}:{}: not YAML here: {line}",
                i + 1
            );
            continue;
        };
        assert!(
            (!key.is_empty() && !key.contains(' ')) || key.starts_with('$'),
            "{path}:{}: a key with a space: {line}",
            i + 1
        );
        let value = value.trim();
        if matches!(value, "|" | ">-" | ">") {
            block = Some(indent);
        }
        pairs.push((key.to_owned(), value.trim_matches('"').to_owned()));
    }
    pairs
}

/// Checks that `line` (`validate decks --output github`, `db check`) starts with a decksmith
/// command, and its subcommand when it has subcommands.
fn assert_command_exists(origin: &str, line: &str) {
    let cli = decksmith::cli::Cli::command();
    let mut words = line.split_whitespace();
    let first = words.next().unwrap_or("");
    let command = cli
        .find_subcommand(first)
        .unwrap_or_else(|| panic!("{origin}: `decksmith {first}` is no command ({line})"));
    if command.has_subcommands() {
        let second = words.next().unwrap_or("");
        assert!(
            command.find_subcommand(second).is_some(),
            "{origin}: `decksmith {first} {second}` is no command ({line})"
        );
    }
}

#[test]
fn the_github_action_is_composite_and_runs_a_given_command() {
    let text = read("action.yml");
    let pairs = yaml_pairs("action.yml", &text);
    let value = |key: &str| {
        pairs
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    };
    assert_eq!(value("using"), Some("composite"));
    assert!(value("command").is_some(), "an input `command`");
    assert!(text.contains("actions/cache@"), "the build is cached");
    assert!(text.contains("target/release/decksmith\\\" $INPUT_COMMAND"));
    assert_command_exists("action.yml", "validate decks --output github");
}

#[test]
fn the_pre_commit_hooks_run_commands_that_exist() {
    let text = read(".pre-commit-hooks.yaml");
    let pairs = yaml_pairs(".pre-commit-hooks.yaml", &text);
    let ids: Vec<&str> = pairs
        .iter()
        .filter(|(k, _)| k == "id")
        .map(|(_, v)| v.as_str())
        .collect();
    assert_eq!(ids, ["decksmith-validate", "decksmith-db-check"]);
    let entries: Vec<&str> = pairs
        .iter()
        .filter(|(k, _)| k == "entry")
        .map(|(_, v)| v.as_str())
        .collect();
    assert_eq!(entries.len(), 2);
    for entry in entries {
        let rest = entry
            .strip_prefix("decksmith ")
            .expect("the entry runs decksmith");
        assert_command_exists(".pre-commit-hooks.yaml", rest);
    }
}

#[test]
fn the_dockerfile_is_multi_stage_and_runs_decksmith() {
    let text = read("Dockerfile");
    let instructions: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    for l in &instructions {
        let word = l.split_whitespace().next().unwrap_or("");
        assert!(
            ["FROM", "WORKDIR", "COPY", "RUN", "ENTRYPOINT", "CMD"].contains(&word),
            "Dockerfile: unexpected instruction `{l}`"
        );
    }
    let froms = instructions
        .iter()
        .filter(|l| l.starts_with("FROM "))
        .count();
    assert_eq!(froms, 2, "a build stage and a small final stage");
    assert!(instructions
        .contains(&"COPY --from=build /src/target/release/decksmith /usr/local/bin/decksmith"));
    assert_eq!(
        instructions.iter().rfind(|l| l.starts_with("ENTRYPOINT")),
        Some(&"ENTRYPOINT [\"decksmith\"]")
    );
    assert!(read(".dockerignore").lines().any(|l| l == "target/"));
}

/// docs/ci.md uses the action, the hooks and the image, and every command it gives exists.
#[test]
fn docs_ci_uses_them_with_commands_that_exist() {
    let doc = read("docs/ci.md");
    assert!(
        doc.contains("uses: ./tools/decksmith"),
        "the workflow uses the action"
    );
    assert!(
        doc.contains("id: decksmith-validate"),
        "the hooks are shown"
    );
    assert!(doc.contains("docker run"), "the image is shown");
    assert!(
        !doc.contains("example.invalid"),
        "no placeholder install URL"
    );
    let mut checked = 0;
    for line in doc.lines().map(str::trim) {
        let command = line
            .strip_prefix("command: ")
            .filter(|c| *c != ">-")
            .or_else(|| line.strip_prefix("docker run --rm -v \"$PWD:/work\" decksmith "));
        if let Some(command) = command {
            assert_command_exists("docs/ci.md", command);
            checked += 1;
        }
    }
    assert!(checked >= 5, "only {checked} commands checked");
    // The folded `db diff` command.
    assert!(doc.contains("db diff \"git:origin/"));
    assert_command_exists("docs/ci.md", "db diff");
}
