//! `decksmith db check [PATH...]`

use super::{emit, Context, ReportOutput, Status};
use crate::card_db::lint;
use crate::catalog::{Catalog, FileKind, Sources};
use crate::diagnostic::{render, Problem};
use crate::error::{plural, Error};
use crate::report::{
    self,
    ci::{problem_annotation, Case, CiRun},
};
use clap::{Args, Subcommand};
use std::io::Write;
use std::path::PathBuf;

#[derive(Debug, Subcommand)]
pub enum DbCommand {
    /// Lint card databases and formats: duplicate ids or names, missing or out-of-range stats,
    /// Legendaries under their minimum cost, gaps in evolution lines, unknown fields and effect
    /// kinds, formats naming cards that do not exist.
    Check(CheckArgs),
    /// Compare two versions of the card data: cards added, removed, renamed (same id) and
    /// changed (field: old → new); with `--decks`, every deck whose verdict changes and why;
    /// with `--matches`, every match script whose transcript changes. Exit 1 when any deck
    /// changes verdict or any transcript changes.
    Diff(super::db_diff::DiffArgs),
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Files or folders to check (a `game.toml` defines a game; files below a `formats`
    /// folder are formats; other files hold cards). Default: the data in use.
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    #[arg(long, value_enum, default_value_t)]
    pub output: ReportOutput,
}

pub fn run(ctx: &Context, cmd: DbCommand, out: &mut dyn Write) -> Result<Status, Error> {
    match cmd {
        DbCommand::Check(args) => check(ctx, args, out),
        DbCommand::Diff(args) => super::db_diff::run(ctx, args, out),
    }
}

fn check(ctx: &Context, args: CheckArgs, out: &mut dyn Write) -> Result<Status, Error> {
    // Every file checked, in order, so CI reports list the clean ones too.
    let files: Vec<String>;
    let (catalog, mut problems) = if args.paths.is_empty() {
        let (catalog, problems) = Catalog::load_with_problems(&ctx.data, false)?;
        files = catalog_files(&catalog);
        (catalog, problems)
    } else {
        let mut sources = Sources::default();
        for path in &args.paths {
            sources.files.extend(Sources::read(path, None)?.files);
        }
        files = sources.files.iter().map(|(_, f)| f.name.clone()).collect();
        // Card files for a game defined elsewhere are checked against the game definitions in
        // use, so `db check card-db/jforce/strikes.toml` works on its own.
        let has_games = sources.files.iter().any(|(k, _)| *k == FileKind::Game);
        let base = if has_games {
            None
        } else {
            Some(Catalog::load_with_problems(&ctx.data, false)?.0)
        };
        let base = base.map(|mut b| {
            b.formats.clear();
            b
        });
        Catalog::build(&sources, base.as_ref())
    };
    problems.extend(lint::lint(&catalog).problems);
    let errors = problems.iter().filter(|p| p.is_error()).count();
    let warnings = problems.len() - errors;
    let cards: usize = catalog.games.values().map(|g| g.cards.len()).sum();
    let summary = format!(
        "checked {} with {} and {}: {}, {}\n",
        plural(catalog.games.len(), "game"),
        plural(cards, "card"),
        plural(catalog.formats.len(), "format"),
        plural(errors, "error"),
        plural(warnings, "warning"),
    );
    let rendered = match args.output {
        ReportOutput::Human => {
            let mut text = render(&problems, ctx.colour);
            text.push_str(&summary);
            text
        }
        ReportOutput::Json => {
            let doc = serde_json::json!({
                "problems": crate::report::json::problems(&problems),
                "summary": {
                    "games": catalog.games.len(),
                    "cards": cards,
                    "formats": catalog.formats.len(),
                    "errors": errors,
                    "warnings": warnings,
                }
            });
            crate::report::json::to_string(&doc)
        }
        ReportOutput::Github => report::github::render(&ci_run(files, &problems), &summary),
        ReportOutput::Junit => report::junit::render(&ci_run(files, &problems)),
        ReportOutput::Sarif => report::sarif::render(&ci_run(files, &problems)),
    };
    emit(out, &rendered)?;
    Ok(if errors > 0 {
        Status::Failed
    } else {
        Status::Success
    })
}

/// The files a catalog was built from: game definitions, card files, format files.
fn catalog_files(catalog: &Catalog) -> Vec<String> {
    let mut files: Vec<String> = Vec::new();
    let mut add = |name: &str| {
        if !files.iter().any(|f| f == name) {
            files.push(name.to_owned());
        }
    };
    for game in catalog.games.values() {
        add(&game.def_file.name);
        for origin in &game.origins {
            add(&origin.file.name);
        }
    }
    for format in catalog.formats.values() {
        add(&format.file.name);
    }
    files
}

/// One case per data file (a file only named by a problem included), its problems as
/// annotations; problems about no file at all go to a case of their own.
fn ci_run(mut files: Vec<String>, problems: &[Problem]) -> CiRun {
    for p in problems {
        if let Some(f) = &p.file {
            if !files.contains(&f.name) {
                files.push(f.name.clone());
            }
        }
    }
    let mut cases: Vec<Case> = files
        .into_iter()
        .map(|name| Case {
            group: data_group(&name).to_owned(),
            annotations: problems
                .iter()
                .filter(|p| p.file.as_ref().is_some_and(|f| f.name == name))
                .map(problem_annotation)
                .collect(),
            name,
        })
        .collect();
    let loose: Vec<_> = problems
        .iter()
        .filter(|p| p.file.is_none())
        .map(problem_annotation)
        .collect();
    if !loose.is_empty() {
        cases.push(Case {
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

fn data_group(path: &str) -> &'static str {
    if std::path::Path::new(path)
        .ancestors()
        .any(|a| a.file_name().is_some_and(|n| n == "formats"))
    {
        "formats"
    } else {
        "card-db"
    }
}
