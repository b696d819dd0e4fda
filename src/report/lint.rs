//! `db check` results: the problems found in the card data, and every file checked.

use super::ci::{problem_annotation, Case, CiRun};
use super::{json, Outcome, Status};
use crate::check::LintOutcome;
use crate::diagnostic::{render, Problem};
use crate::error::plural;
use serde::Serialize;
use std::path::Path;

impl Outcome for LintOutcome {
    fn human(&self, colour: bool) -> String {
        let mut text = render(&self.problems, colour);
        text.push_str(&self.summary());
        text
    }

    fn json(&self) -> String {
        let errors = self.errors();
        json::to_string(&LintJson {
            problems: json::problems(&self.problems),
            summary: LintSummaryJson {
                cards: self.cards,
                errors,
                formats: self.formats,
                games: self.games,
                warnings: self.problems.len() - errors,
            },
        })
    }

    /// One case per data file (a file only named by a problem included), its problems as
    /// annotations; problems about no file at all go to a case of their own.
    fn ci(&self) -> CiRun {
        let mut files = self.files.clone();
        for p in &self.problems {
            if let Some(f) = &p.file {
                if !files.contains(&f.name) {
                    files.push(f.name.clone());
                }
            }
        }
        let in_file = |p: &&Problem, name: &str| p.file.as_ref().is_some_and(|f| f.name == name);
        let mut cases: Vec<Case> = files
            .into_iter()
            .map(|name| Case {
                seconds: None,
                group: data_group(&name).to_owned(),
                annotations: (self.problems.iter())
                    .filter(|p| in_file(p, &name))
                    .map(problem_annotation)
                    .collect(),
                name,
            })
            .collect();
        let loose: Vec<_> = (self.problems.iter())
            .filter(|p| p.file.is_none())
            .map(problem_annotation)
            .collect();
        if !loose.is_empty() {
            cases.push(Case {
                seconds: None,
                name: "card data".to_owned(),
                group: "card-db".to_owned(),
                annotations: loose,
            });
        }
        CiRun {
            command: "db check",
            cases,
        }
    }

    fn summary(&self) -> String {
        let errors = self.errors();
        format!(
            "checked {} with {} and {}: {}, {}\n",
            plural(self.games, "game"),
            plural(self.cards, "card"),
            plural(self.formats, "format"),
            plural(errors, "error"),
            plural(self.problems.len() - errors, "warning"),
        )
    }

    fn status(&self) -> Status {
        Status::passed_if(self.errors() == 0)
    }
}

fn data_group(path: &str) -> &'static str {
    if Path::new(path)
        .ancestors()
        .any(|a| a.file_name().is_some_and(|n| n == "formats"))
    {
        "formats"
    } else {
        "card-db"
    }
}

/// `db check`. Keys in name order, as first written through `serde_json::Value`.
#[derive(Serialize)]
struct LintJson<'a> {
    problems: Vec<json::ProblemJson<'a>>,
    summary: LintSummaryJson,
}

#[derive(Serialize)]
struct LintSummaryJson {
    cards: usize,
    errors: usize,
    formats: usize,
    games: usize,
    warnings: usize,
}
