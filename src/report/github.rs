//! GitHub Actions workflow commands: one `::error file=…,line=…::message` line per finding, so
//! each shows on the pull request's changed lines, then the closing counts for the log.
//!
//! Escaping follows the runner's own `toCommandValue`/`toCommandProperty`: `%`, CR and LF in
//! the message; additionally `:` and `,` in properties, which would otherwise end them.

use super::ci::{Annotation, AsCase, Level, Location};
use super::{End, Sink};

/// Each case's annotations, then the command's closing lines as plain log text.
pub struct Github;

impl<T: AsCase> Sink<T> for Github {
    fn piece(&self, item: &T) -> String {
        item.case().annotations.iter().map(command).collect()
    }

    fn push(&mut self, _: &T, piece: String) -> String {
        piece
    }

    fn finish(self: Box<Self>, end: &End) -> String {
        end.summary.clone()
    }
}

/// One workflow command line.
fn command(a: &Annotation) -> String {
    let kind = match a.level {
        Level::Error => "error",
        Level::Warning => "warning",
        Level::Note => "notice",
    };
    let mut props = Vec::new();
    if let Some(Location { file, region }) = &a.location {
        props.push(format!("file={}", property(file)));
        if let Some(r) = region {
            props.push(format!("line={}", r.line));
            if r.end_line != r.line {
                props.push(format!("endLine={}", r.end_line));
            } else {
                // GitHub takes columns only within one line.
                props.push(format!("col={}", r.column));
                props.push(format!("endColumn={}", r.end_column));
            }
        }
    }
    props.push(format!(
        "title={}",
        property(&format!("decksmith {}", a.rule))
    ));
    let mut message = a.full_message();
    for (loc, text) in &a.related {
        let place = match &loc.region {
            Some(r) => format!("{}:{}", loc.file, r.line),
            None => loc.file.clone(),
        };
        if text.is_empty() {
            message.push_str(&format!("\nsee {place}"));
        } else {
            message.push_str(&format!("\nsee {place}: {text}"));
        }
    }
    format!("::{kind} {}::{}\n", props.join(","), data(&message))
}

fn data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

fn property(s: &str) -> String {
    data(s).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::ci::Region;

    #[test]
    fn escapes_separators_in_properties_and_newlines_in_data() {
        let a = Annotation {
            rule: "copy-limit".into(),
            level: Level::Error,
            message: "100% wrong: a, b".into(),
            help: Some("remove one".into()),
            location: Some(Location {
                file: "decks/a,b:c.deck".into(),
                region: Some(Region {
                    line: 3,
                    column: 1,
                    end_line: 3,
                    end_column: 9,
                }),
            }),
            related: Vec::new(),
            anchor: None,
        };
        assert_eq!(
            command(&a),
            "::error file=decks/a%2Cb%3Ac.deck,line=3,col=1,endColumn=9,title=decksmith copy-limit::100%25 wrong: a, b%0Ahelp: remove one\n"
        );
    }
}
