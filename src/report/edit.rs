//! Output of the deck edits: what `add` and `remove` changed and how the verdict moved
//! (findings gained, `new:`, and lost, `fixed:`), the zone counts, the file diff
//! of a dry run; and the fixes `validate --fix` made, ahead of its report.

use super::ci::{deck_case, CiRun};
use super::diff::finding_line;
use super::{json, Outcome, Status};
use crate::edit::fix::FileFixes;
use crate::edit::{Change, EditOutcome};
use crate::validate::{Finding, Verdict, ZoneCount};

fn verdict(legal: bool) -> &'static str {
    if legal {
        "legal"
    } else {
        "ILLEGAL"
    }
}

/// `added 2 `Ember Striker` to main (1 → 3)`.
fn change_line(change: &Change, written: bool) -> String {
    let (verb, to, n) = if change.after >= change.before {
        (["would add", "added"], "to", change.after - change.before)
    } else {
        (
            ["would remove", "removed"],
            "from",
            change.before - change.after,
        )
    };
    format!(
        "{} {n} `{}` {to} {} ({} → {})",
        verb[usize::from(written)],
        change.card,
        change.zone,
        change.before,
        change.after
    )
}

/// `zones: hero 1/1, main 41/40`.
pub fn zones_line(zones: &[ZoneCount]) -> String {
    let parts: Vec<String> = zones
        .iter()
        .map(|z| match &z.limit {
            Some(limit) => format!("{} {}/{limit}", z.zone, z.cards),
            None => format!("{} {}", z.zone, z.cards),
        })
        .collect();
    format!("zones: {}\n", parts.join(", "))
}

fn verdict_line(before: &Verdict, after: &Verdict) -> String {
    if before.legal == after.legal {
        format!("verdict: still {}\n", verdict(after.legal))
    } else {
        format!(
            "verdict: {} → {}\n",
            verdict(before.legal),
            verdict(after.legal)
        )
    }
}

fn human(outcome: &EditOutcome) -> String {
    let mut out = String::new();
    for change in &outcome.changes {
        out.push_str(&format!(
            "{}: {}\n",
            outcome.path,
            change_line(change, outcome.written)
        ));
    }
    if !outcome.written {
        out.push_str(&outcome.diff);
    }
    for f in &outcome.gained {
        out.push_str(&finding_line("new:", f));
        out.push('\n');
    }
    for f in &outcome.lost {
        out.push_str(&finding_line("fixed:", f));
        out.push('\n');
    }
    out.push_str(&verdict_line(
        &outcome.before.verdict,
        &outcome.after.verdict,
    ));
    out.push_str(&zones_line(&outcome.after.verdict.zones));
    out
}

#[derive(serde::Serialize)]
struct EditJson<'a> {
    path: &'a str,
    written: bool,
    changes: &'a [Change],
    legal_before: bool,
    legal: bool,
    gained: &'a [Finding],
    lost: &'a [Finding],
    zones: &'a [ZoneCount],
    #[serde(skip_serializing_if = "Option::is_none")]
    diff: Option<&'a str>,
}

impl Outcome for EditOutcome {
    fn human(&self, _colour: bool) -> String {
        human(self)
    }

    fn json(&self) -> String {
        json::to_string(&EditJson {
            path: &self.path,
            written: self.written,
            changes: &self.changes,
            legal_before: self.before.verdict.legal,
            legal: self.after.verdict.legal,
            gained: &self.gained,
            lost: &self.lost,
            zones: &self.after.verdict.zones,
            diff: (!self.written).then_some(self.diff.as_str()),
        })
    }

    fn ci(&self) -> CiRun {
        CiRun {
            command: "edit",
            cases: vec![deck_case(&self.after)],
        }
    }

    fn summary(&self) -> String {
        verdict_line(&self.before.verdict, &self.after.verdict)
    }

    /// An edit that was made succeeded, whatever the deck's verdict: a deck is illegal for
    /// most of its building.
    fn status(&self) -> Status {
        Status::Success
    }
}

/// What `validate --fix` changed, a line per fix (or per file it could not fix).
pub fn fix_lines(files: &[FileFixes]) -> String {
    let mut out = String::new();
    for file in files {
        match &file.result {
            Ok(fixes) => {
                for fix in fixes {
                    let at = fix.line.map_or(String::new(), |l| format!(" line {l}"));
                    let why = match fix.kind {
                        "id" => "the card's name for its id",
                        _ => "the only close match",
                    };
                    out.push_str(&format!(
                        "fixed {}{at}: `{}` → `{}` ({why})\n",
                        file.path, fix.from, fix.to
                    ));
                }
            }
            Err(why) => out.push_str(&format!("not fixed {}: {why}\n", file.path)),
        }
    }
    out
}
