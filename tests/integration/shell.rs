//! `schema`, `completions` and `man`: generated from the types and the clap definitions, and
//! checked against what they describe.

use crate::json_schema;
use crate::support::{decksmith, example_decks, games, root};
use serde_json::Value;
use std::path::Path;

/// A TOML document as the JSON an editor's schema check sees (dates become strings).
fn toml_to_json(value: toml::Value) -> Value {
    match value {
        toml::Value::String(s) => Value::String(s),
        toml::Value::Integer(i) => Value::from(i),
        toml::Value::Float(f) => Value::from(f),
        toml::Value::Boolean(b) => Value::Bool(b),
        toml::Value::Datetime(d) => Value::String(d.to_string()),
        toml::Value::Array(items) => Value::Array(items.into_iter().map(toml_to_json).collect()),
        toml::Value::Table(t) => {
            Value::Object(t.into_iter().map(|(k, v)| (k, toml_to_json(v))).collect())
        }
    }
}

fn load(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap();
    toml_to_json(toml::Value::Table(toml::from_str(&text).unwrap()))
}

fn schema(kind: &str) -> Value {
    let out = decksmith(["schema", kind]).expect(0);
    let schema = out.json();
    assert_eq!(schema["$schema"], "http://json-schema.org/draft-07/schema#");
    schema
}

fn toml_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_shipped_data_file_conforms_to_its_schema() {
    let (cards, game, format) = (schema("card-db"), schema("game"), schema("format"));
    let mut checked = 0;
    for g in games() {
        for file in toml_files(&root().join("card-db").join(g)) {
            let schema = if file.ends_with("game.toml") {
                &game
            } else {
                &cards
            };
            let errors = json_schema::check(schema, &load(&file));
            assert!(errors.is_empty(), "{}: {errors:#?}", file.display());
            checked += 1;
        }
    }
    for file in toml_files(&root().join("formats")) {
        let errors = json_schema::check(&format, &load(&file));
        assert!(errors.is_empty(), "{}: {errors:#?}", file.display());
        checked += 1;
    }
    assert!(checked >= 15, "{checked}");
}

#[test]
fn the_schemas_reject_what_decksmith_rejects() {
    let cards = schema("card-db");
    let typo = serde_json::json!({
        "game": "jforce",
        "cards": [{"id": "X", "name": "Y", "type": "strike", "set": "JF1", "legandary": true}]
    });
    let errors = json_schema::check(&cards, &typo);
    assert!(
        errors.iter().any(|e| e.contains("legandary")),
        "{errors:#?}"
    );
    let format = schema("format");
    let bad_rule = serde_json::json!({
        "id": "x", "game": "jforce", "name": "X",
        "rules": [{"kind": "copy-limit", "max": -1}]
    });
    assert!(!json_schema::check(&format, &bad_rule).is_empty());
    let unknown_kind = serde_json::json!({
        "id": "x", "game": "jforce", "name": "X",
        "rules": [{"kind": "copy-limt", "max": 3}]
    });
    assert!(!json_schema::check(&format, &unknown_kind).is_empty());
    // Descriptions come from the doc comments.
    assert!(cards
        .to_string()
        .contains("Stable id, unique within the game"));
}

#[test]
fn completions_cover_every_command() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let out = decksmith(["completions", shell]).expect(0);
        for word in ["validate", "diff", "schema", "completions"] {
            assert!(out.stdout.contains(word), "{shell} lacks {word}");
        }
    }
    let out = decksmith(["completions", "tcsh"]).expect(2);
    assert!(out.stderr.contains("possible values"), "{}", out.stderr);
}

/// After `--to`, `--from`, `--format` and `--game`, completion offers the values, not file
/// names; the values stay free (a format file, a game from `--db`), and a wrong one still gets
/// decksmith's did-you-mean.
#[test]
fn completions_offer_encodings_outputs_games_and_format_ids() {
    let bash = decksmith(["completions", "bash"]).expect(0).stdout;
    for values in [
        "text json toml csv code arena cod",
        "human json github junit sarif",
        "fow jforce skirmish",
        "jforce-standard skirmish-casual",
    ] {
        assert!(bash.contains(values), "bash completion lacks `{values}`");
    }
    let out = decksmith(["convert", "x.deck", "--to", "jsn"]).expect(2);
    assert!(
        out.stderr.contains("did you mean `json`?"),
        "{}",
        out.stderr
    );
}

#[test]
fn the_man_page_name_line_does_not_repeat_the_name() {
    let out = decksmith(["man"]).expect(0).stdout;
    let name = out
        .lines()
        .skip_while(|l| *l != ".SH NAME")
        .nth(1)
        .unwrap_or("");
    assert!(name.starts_with("decksmith \\- build, validate"), "{name}");
}

#[test]
fn man_pages_for_the_tool_and_each_command() {
    let out = decksmith(["man"]).expect(0).stdout;
    assert!(out.contains(".TH decksmith 1"), "{out}");
    assert!(out.contains(".SH SUBCOMMANDS"), "{out}");
    assert!(out.contains("decksmith\\-validate(1)"), "{out}");
    let diff = decksmith(["man", "db", "diff"]).expect(0).stdout;
    assert!(
        diff.contains(".TH decksmith\\-db\\-diff 1") || diff.contains(".TH decksmith-db-diff 1"),
        "{diff}"
    );
    assert!(diff.contains("\\-\\-decks"), "{diff}");
    let bad = decksmith(["man", "validat"]).expect(2);
    assert!(
        bad.stderr.contains("did you mean `validate`?"),
        "{}",
        bad.stderr
    );
}

#[test]
fn the_man_page_renders_with_man_when_it_is_installed() {
    let Ok(status) = std::process::Command::new("man").arg("--version").output() else {
        return;
    };
    if !status.status.success() {
        return;
    }
    let page = crate::support::temp_file("decksmith.1", decksmith(["man"]).expect(0).stdout);
    let out = std::process::Command::new("man")
        .args(["-l", "-P", "cat"])
        .arg(&page)
        .env("MANWIDTH", "80")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("SYNOPSIS"), "{text}");
}

#[test]
fn example_scripts_and_converted_decks_conform_to_their_schemas() {
    let script_schema = schema("script");
    let mut scripts = 0;
    for game in decksmith::engine::registry::GAMES {
        for file in toml_files(&root().join("examples/matches").join(game)) {
            if !file.to_string_lossy().ends_with(".match.toml") {
                continue;
            }
            let errors = json_schema::check(&script_schema, &load(&file));
            assert!(errors.is_empty(), "{}: {errors:#?}", file.display());
            scripts += 1;
        }
    }
    assert!(scripts >= 2, "{scripts}");
    let deck_schema = schema("deck");
    // The first legal example deck of every game.
    let decks = example_decks();
    for game in games() {
        let deck = decks
            .iter()
            .find(|p| {
                p.parent() == Some(&root().join("examples/decks").join(game))
                    && p.file_name()
                        .is_some_and(|n| n.to_string_lossy().starts_with("legal-"))
            })
            .and_then(|p| p.to_str())
            .expect("an example deck");
        let toml_text = decksmith(["convert", "--to", "toml", deck])
            .expect(0)
            .stdout;
        let doc = toml_to_json(toml::Value::Table(toml::from_str(&toml_text).unwrap()));
        let errors = json_schema::check(&deck_schema, &doc);
        assert!(errors.is_empty(), "{deck}: {errors:#?}");
        let json_text = decksmith(["convert", "--to", "json", deck])
            .expect(0)
            .stdout;
        let doc: Value = serde_json::from_str(&json_text).unwrap();
        let errors = json_schema::check(&deck_schema, &doc);
        assert!(errors.is_empty(), "{deck} as JSON: {errors:#?}");
    }
    let bad = serde_json::json!({"zones": {"main": [{"count": 0, "name": "X"}]}});
    assert!(!json_schema::check(&deck_schema, &bad).is_empty());
}
