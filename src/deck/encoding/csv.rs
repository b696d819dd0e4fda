//! The deck as CSV, for spreadsheets: the header `zone,count,id,name`, then one row per entry
//! in deck order. The format and name ride in rows whose zone is `#format` and `#name`, with
//! the value in the name column. Fields holding a comma, a quote or a line break are quoted
//! (RFC 4180), with quotes doubled.

use crate::deck::{Deck, Entry, Located, ParseProblem, Zone, MAX_COUNT};
use std::ops::Range;

pub const HEADER: &str = "zone,count,id,name";

/// Whether a line is the CSV deck header.
pub fn is_header(line: &str) -> bool {
    let line = line.trim_start_matches('\u{feff}').trim();
    line.split(',')
        .map(str::trim)
        .map(|f| f.trim_matches('"'))
        .eq(HEADER.split(','))
}

struct Record {
    fields: Vec<String>,
    span: Range<usize>,
    line: u32,
}

/// Splits CSV into records. A record that breaks the quoting rules is a problem; reading
/// resumes on the next line.
fn records(text: &str, problems: &mut Vec<ParseProblem>) -> Vec<Record> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let mut line = 1u32;
    while i < b.len() {
        let start = i;
        let start_line = line;
        let mut fields = Vec::new();
        let mut bad: Option<&str> = None;
        loop {
            let mut field = String::new();
            if b.get(i) == Some(&b'"') {
                i += 1;
                loop {
                    let Some(q) = text.get(i..).and_then(|r| r.find('"')) else {
                        bad = Some("a quoted field is never closed");
                        i = b.len();
                        break;
                    };
                    let chunk = &text[i..i + q];
                    line += chunk.matches('\n').count() as u32;
                    field.push_str(chunk);
                    i += q + 1;
                    if b.get(i) == Some(&b'"') {
                        field.push('"');
                        i += 1;
                    } else {
                        break;
                    }
                }
                if !matches!(b.get(i), None | Some(b',' | b'\r' | b'\n')) && bad.is_none() {
                    bad = Some("text follows a closing quote");
                }
            }
            let end = text
                .get(i..)
                .and_then(|r| r.find([',', '\r', '\n']))
                .map_or(b.len(), |e| i + e);
            let rest = &text[i..end];
            if rest.contains('"') && bad.is_none() {
                bad = Some("a quote inside an unquoted field");
            }
            field.push_str(rest);
            i = end;
            fields.push(field);
            match b.get(i) {
                Some(b',') => i += 1,
                Some(b'\r') => {
                    i += if b.get(i + 1) == Some(&b'\n') { 2 } else { 1 };
                    line += 1;
                    break;
                }
                Some(b'\n') => {
                    i += 1;
                    line += 1;
                    break;
                }
                _ => break,
            }
        }
        let content = text[start..i].trim_end_matches(['\r', '\n']);
        let span = start..start + content.len();
        if let Some(message) = bad {
            problems.push(ParseProblem {
                message: format!("{message} in this row"),
                help: Some(
                    "put a field holding a comma or a quote in double quotes, and double the quotes inside it: \"Say \"\"hi\"\", Bob\""
                        .into(),
                ),
                span: Some(span),
                line: Some(start_line),
            });
            continue;
        }
        if content.trim().is_empty() {
            continue;
        }
        out.push(Record {
            fields,
            span,
            line: start_line,
        });
    }
    out
}

/// Reads a CSV deck. Without the header row the file is refused; a bad row is a problem and
/// reading goes on.
pub fn parse(text: &str) -> Result<Deck, ParseProblem> {
    let mut deck = Deck::default();
    let rows = records(text, &mut deck.problems);
    let mut rows = rows.into_iter();
    match rows.next() {
        Some(header) if is_header(&header.fields.join(",")) => {}
        first => {
            return Err(ParseProblem {
                message: "a CSV deck starts with the header row `zone,count,id,name`".into(),
                help: Some("add the header as the first line".into()),
                span: first.as_ref().map(|r| r.span.clone()),
                line: first.as_ref().map(|r| r.line),
            })
        }
    }
    for row in rows {
        let problem = |message: String, help: &str| ParseProblem {
            message,
            help: Some(help.to_owned()),
            span: Some(row.span.clone()),
            line: Some(row.line),
        };
        let [zone, count, id, name] = match <[String; 4]>::try_from(row.fields.clone()) {
            Ok(f) => f,
            Err(f) => {
                deck.problems.push(problem(
                    format!("this row has {} fields", f.len()),
                    "each row is zone,count,id,name; quote a name holding a comma",
                ));
                continue;
            }
        };
        let (zone, count, id, name) = (zone.trim(), count.trim(), id.trim(), name.trim());
        if let Some(meta) = zone.strip_prefix('#') {
            let slot = match meta {
                "format" => &mut deck.format,
                "name" => &mut deck.name,
                _ => {
                    deck.problems.push(problem(
                        format!("unknown row `{zone}`"),
                        "rows starting with `#` are `#format` and `#name`",
                    ));
                    continue;
                }
            };
            if slot.is_some() || !count.is_empty() || !id.is_empty() || name.is_empty() {
                deck.problems.push(problem(
                    format!("a `{zone}` row is given twice, or not as `{zone},,,<value>`"),
                    "write the value in the name column, once",
                ));
                continue;
            }
            *slot = Some(Located {
                value: name.to_owned(),
                span: Some(row.span.clone()),
                line: Some(row.line),
            });
            continue;
        }
        if zone.is_empty() {
            deck.problems.push(problem(
                "this row names no zone".into(),
                "the first column is the zone: main, side, …",
            ));
            continue;
        }
        let count = match count.parse::<u32>() {
            Ok(n) if (1..=MAX_COUNT).contains(&n) => n,
            _ => {
                deck.problems.push(problem(
                    format!("count `{count}` is not a whole number from 1 to {MAX_COUNT}"),
                    "the second column is the number of copies",
                ));
                continue;
            }
        };
        if id.is_empty() && name.is_empty() {
            deck.problems.push(problem(
                "this row names no card".into(),
                "give the card's id, its name, or both",
            ));
            continue;
        }
        let entry = Entry {
            count,
            card: if name.is_empty() { id } else { name }.to_owned(),
            id: (!id.is_empty()).then(|| id.to_owned()),
            span: Some(row.span.clone()),
            line: Some(row.line),
        };
        match deck.zones.last_mut() {
            Some(z) if z.name == zone => z.entries.push(entry),
            _ => deck.zones.push(Zone {
                name: zone.to_owned(),
                span: Some(row.span.clone()),
                line: Some(row.line),
                entries: vec![entry],
            }),
        }
    }
    Ok(deck)
}

fn field(s: &str) -> std::borrow::Cow<'_, str> {
    if s.contains([',', '"', '\r', '\n']) || s.trim() != s {
        format!("\"{}\"", s.replace('"', "\"\"")).into()
    } else {
        s.into()
    }
}

/// Writes a canonical deck.
pub fn write(deck: &Deck) -> String {
    let mut out = String::from(HEADER);
    out.push('\n');
    for (meta, value) in [("#format", &deck.format), ("#name", &deck.name)] {
        if let Some(v) = value {
            out.push_str(&format!("{meta},,,{}\n", field(&v.value)));
        }
    }
    for zone in &deck.zones {
        for e in &zone.entries {
            out.push_str(&format!(
                "{},{},{},{}\n",
                field(&zone.name),
                e.count,
                field(e.id.as_deref().unwrap_or("")),
                field(&e.card)
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_fields_with_commas_quotes_and_line_breaks() {
        let text = "zone,count,id,name\r\nmain,2,,\"Comma, \"\"Quoted\"\"\"\nmain,1,X-1,\nside,3,,\"two\nlines\"\nmain,1,,A\n";
        let deck = parse(text).unwrap();
        assert!(deck.problems.is_empty(), "{:?}", deck.problems);
        let cards: Vec<_> = deck
            .zones
            .iter()
            .flat_map(|z| {
                z.entries
                    .iter()
                    .map(move |e| (z.name.as_str(), e.card.as_str(), e.line))
            })
            .collect();
        assert_eq!(
            cards,
            [
                ("main", "Comma, \"Quoted\"", Some(2)),
                ("main", "X-1", Some(3)),
                ("side", "two\nlines", Some(4)),
                ("main", "A", Some(6)),
            ]
        );
    }

    #[test]
    fn bad_rows_are_problems_with_lines() {
        let text = "zone,count,id,name\nmain,0,,A\nmain,1\nmain,1,,\"open\n";
        let deck = parse(text).unwrap();
        let lines: Vec<_> = deck.problems.iter().map(|p| p.line).collect();
        assert_eq!(lines, [Some(4), Some(2), Some(3)]);
        assert!(parse("main,1,,A\n").is_err());
    }

    #[test]
    fn fields_are_quoted_only_when_needed() {
        assert_eq!(field("Ma'at"), "Ma'at");
        assert_eq!(field("A, B"), "\"A, B\"");
        assert_eq!(field("say \"hi\""), "\"say \"\"hi\"\"\"");
    }
}
