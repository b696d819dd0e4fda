//! The deck as CSV, for spreadsheets: the header `zone,count,id,name`, then one row per entry
//! in deck order. A deck with printings or entry tags has the longer header
//! `zone,count,id,name,set,number,tags`, tags separated by `;`. The format, name, description,
//! deck tags and banner card ride in rows whose zone is `#format`, `#name`, `#description`,
//! `#tags` and `#banner`, with the value in the name column. Fields holding a comma, a quote or
//! a line break are quoted (RFC 4180), with quotes doubled.

use crate::deck::{Deck, Entry, Located, ParseProblem, Printing, Zone, MAX_COUNT};
use std::ops::Range;

pub const HEADER: &str = "zone,count,id,name";
/// The header of a deck with printings or entry tags.
pub const LONG_HEADER: &str = "zone,count,id,name,set,number,tags";

/// The number of columns `line` declares, if it is a CSV deck header.
fn header_columns(line: &str) -> Option<usize> {
    let line = line.trim_start_matches('\u{feff}').trim();
    let fields = || line.split(',').map(str::trim).map(|f| f.trim_matches('"'));
    [HEADER, LONG_HEADER]
        .into_iter()
        .find(|h| fields().eq(h.split(',')))
        .map(|h| h.split(',').count())
}

/// Whether a line is a CSV deck header.
pub fn is_header(line: &str) -> bool {
    header_columns(line).is_some()
}

pub(crate) struct Record {
    pub(crate) fields: Vec<String>,
    pub(crate) span: Range<usize>,
    pub(crate) line: u32,
}

/// Splits CSV into records. A record that breaks the quoting rules is a problem; reading
/// resumes on the next line.
pub(crate) fn records(text: &str, problems: &mut Vec<ParseProblem>) -> Vec<Record> {
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
    let columns = match rows.next() {
        Some(header) => header_columns(&header.fields.join(",")).ok_or(Some(header)),
        None => Err(None),
    };
    let columns = match columns {
        Ok(n) => n,
        Err(first) => {
            return Err(ParseProblem {
                message: "a CSV deck starts with the header row `zone,count,id,name`".into(),
                help: Some("add the header as the first line".into()),
                span: first.as_ref().map(|r| r.span.clone()),
                line: first.as_ref().map(|r| r.line),
            })
        }
    };
    for row in rows {
        let problem = |message: String, help: &str| ParseProblem {
            message,
            help: Some(help.to_owned()),
            span: Some(row.span.clone()),
            line: Some(row.line),
        };
        if row.fields.len() != columns {
            deck.problems.push(problem(
                format!(
                    "this row has {} fields, the header {columns}",
                    row.fields.len()
                ),
                "each row has a field for each column of the header; quote a name holding a comma",
            ));
            continue;
        }
        let field = |i: usize| row.fields.get(i).map_or("", |f| f.trim());
        let (zone, count, id, name) = (field(0), field(1), field(2), field(3));
        let (set, number, tags) = (field(4), field(5), field(6));
        if let Some(meta) = zone.strip_prefix('#') {
            let fresh = match meta {
                "format" => deck.format.is_none(),
                "name" => deck.name.is_none(),
                "description" => deck.description.is_none(),
                "tags" => deck.tags.is_empty(),
                "banner" => deck.banner.is_none(),
                _ => {
                    deck.problems.push(problem(
                        format!("unknown row `{zone}`"),
                        "rows starting with `#` are `#format`, `#name`, `#description`, `#tags` and `#banner`",
                    ));
                    continue;
                }
            };
            let only_value = [count, id, set, number, tags].iter().all(|f| f.is_empty());
            if !fresh || !only_value || name.is_empty() {
                deck.problems.push(problem(
                    format!("a `{zone}` row is given twice, or not as `{zone},,,<value>`"),
                    "write the value in the name column, once",
                ));
                continue;
            }
            let located = Located {
                value: name.to_owned(),
                span: Some(row.span.clone()),
                line: Some(row.line),
            };
            match meta {
                "format" => deck.format = Some(located),
                "name" => deck.name = Some(located),
                "description" => deck.description = Some(located),
                "tags" => deck.tags = split_tags(name),
                _ => deck.banner = Some(located.value),
            }
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
        let printing = match (set, number) {
            ("", "") => None,
            ("", _) => {
                deck.problems.push(problem(
                    "this row has a collector number but no set".into(),
                    "a collector number belongs to a set: fill in the `set` column too",
                ));
                continue;
            }
            (set, number) => Some(Printing {
                set: set.to_owned(),
                number: (!number.is_empty()).then(|| number.to_owned()),
            }),
        };
        let entry = Entry {
            count,
            card: if name.is_empty() { id } else { name }.into(),
            id: (!id.is_empty()).then(|| id.into()),
            printing,
            tags: split_tags(tags),
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

fn split_tags(cell: &str) -> Vec<String> {
    cell.split(';')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_owned)
        .collect()
}

/// Writes a canonical deck, with the longer header only when some entry needs it.
pub fn write(deck: &Deck) -> String {
    let entries = || deck.zones.iter().flat_map(|z| &z.entries);
    let long = entries().any(|e| e.printing.is_some() || !e.tags.is_empty());
    let pad = if long { ",,," } else { "" };
    let mut out = String::from(if long { LONG_HEADER } else { HEADER });
    out.push('\n');
    let tags = deck.tags.join(";");
    let meta = [
        ("#format", deck.format.as_ref().map(|f| f.value.as_str())),
        ("#name", deck.name.as_ref().map(|n| n.value.as_str())),
        (
            "#description",
            deck.description.as_ref().map(|d| d.value.as_str()),
        ),
        ("#tags", (!tags.is_empty()).then_some(tags.as_str())),
        ("#banner", deck.banner.as_deref()),
    ];
    for (key, value) in meta {
        if let Some(v) = value {
            out.push_str(&format!("{key},,,{}{pad}\n", field(v)));
        }
    }
    for zone in &deck.zones {
        for e in &zone.entries {
            out.push_str(&format!(
                "{},{},{},{}",
                field(&zone.name),
                e.count,
                field(e.id.as_deref().unwrap_or("")),
                field(&e.card)
            ));
            if long {
                let (set, number) = e.printing.as_ref().map_or(("", ""), |p| {
                    (p.set.as_str(), p.number.as_deref().unwrap_or(""))
                });
                out.push_str(&format!(
                    ",{},{},{}",
                    field(set),
                    field(number),
                    field(&e.tags.join(";"))
                ));
            }
            out.push('\n');
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
