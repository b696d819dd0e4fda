//! A collection as CSV: a header row naming the columns, in any order, then one row per
//! holding. `count` and `name` are needed; `set` and `number` name a printing. The exports of
//! collection trackers are read as they are: Moxfield's (`Count,Tradelist Count,Name,Edition,
//! Condition,Language,Foil,Tags,Last Modified,Collector Number,…`) and Deckbox's (`Count,
//! Tradelist Count,Name,Edition,Card Number,Condition,…`). Their columns about a copy's state
//! (condition, language, foil, prices) do not change what is owned and are passed over; a
//! column nobody named is passed over with one warning naming it.

use super::Row;
use crate::deck::{ParseProblem, Printing};
use crate::encoding::csv::records;
use crate::names;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Column {
    Count,
    Name,
    /// A set, by code or by name; the higher rank wins when a file has several
    /// (Deckbox's `Edition` is the set's name, its `Edition Code` the code).
    Set(u8),
    Number,
    /// A copy's state, its price, the tracker's own bookkeeping: not about what is owned.
    Passed,
    Unknown,
}

fn column(header: &str) -> Column {
    match names::key(header).as_str() {
        "count" | "quantity" | "qty" | "copies" | "amount" => Column::Count,
        "name" | "card" | "card name" => Column::Name,
        "set code" | "edition code" => Column::Set(2),
        "set" | "edition" => Column::Set(1),
        "set name" => Column::Set(0),
        "number" | "collector number" | "card number" | "collector #" | "cn" => Column::Number,
        "tradelist count" | "condition" | "language" | "foil" | "tags" | "last modified"
        | "alter" | "altered art" | "proxy" | "purchase price" | "signed" | "artist proof"
        | "misprint" | "promo" | "textless" | "my price" | "rarity" | "price" | "notes"
        | "finish" => Column::Passed,
        _ => Column::Unknown,
    }
}

/// Whether a first line is a collection CSV header: it names a count and a name column.
pub fn is_header(line: &str) -> bool {
    let columns: Vec<Column> = line
        .split(',')
        .map(|h| column(h.trim_matches('"')))
        .collect();
    columns.contains(&Column::Count) && columns.contains(&Column::Name)
}

/// Where each column that matters is, by position in a row.
struct Layout {
    count: usize,
    name: usize,
    set: Option<usize>,
    number: Option<usize>,
}

/// Reads a collection CSV: its rows, and a warning for each row that cannot be read (with its
/// line) and one for the columns passed over. A file without a count and a name column is
/// refused.
pub fn parse(text: &str) -> Result<(Vec<Row>, Vec<ParseProblem>), ParseProblem> {
    let mut warnings = Vec::new();
    let mut rows = records(text, &mut warnings).into_iter();
    for w in &mut warnings {
        w.message = format!("{}; the row is skipped", w.message);
    }
    let Some(header) = rows.next() else {
        return Err(ParseProblem {
            message: "the collection is empty".into(),
            help: Some(HEADER_HELP.into()),
            span: None,
            line: None,
        });
    };
    let columns: Vec<Column> = header.fields.iter().map(|h| column(h)).collect();
    let find = |c: Column| columns.iter().position(|&x| x == c);
    let set = (0..=2).rev().find_map(|rank| find(Column::Set(rank)));
    let (Some(count), Some(name)) = (find(Column::Count), find(Column::Name)) else {
        return Err(ParseProblem {
            message: format!(
                "the header row `{}` names no {} column",
                header.fields.join(","),
                if find(Column::Count).is_none() {
                    "count"
                } else {
                    "name"
                }
            ),
            help: Some(HEADER_HELP.into()),
            span: Some(header.span),
            line: Some(header.line),
        });
    };
    let layout = Layout {
        count,
        name,
        set,
        number: find(Column::Number),
    };
    let unknown: Vec<String> = (header.fields.iter().zip(&columns))
        .filter(|(_, &c)| c == Column::Unknown)
        .map(|(h, _)| format!("`{h}`"))
        .collect();
    if !unknown.is_empty() {
        warnings.push(ParseProblem {
            message: format!(
                "skipped the column{} {}",
                if unknown.len() == 1 { "" } else { "s" },
                unknown.join(", ")
            ),
            help: Some(
                "the columns read are count, name, set (or edition) and number (or collector number); rename a column to have it read"
                    .into(),
            ),
            span: Some(header.span.clone()),
            line: Some(header.line),
        });
    }
    let mut out = Vec::new();
    for record in rows {
        let cell = |i: usize| record.fields.get(i).map_or("", |f| f.trim());
        let skip = |message: String, help: &str| ParseProblem {
            message: format!("{message}; the row is skipped"),
            help: Some(help.into()),
            span: Some(record.span.clone()),
            line: Some(record.line),
        };
        let name = cell(layout.name);
        let count_text = cell(layout.count);
        if name.is_empty() {
            warnings.push(skip(
                "this row names no card".into(),
                "write the card's name in the name column",
            ));
            continue;
        }
        if count_text.is_empty() {
            warnings.push(skip(
                format!("the row of `{name}` has no count"),
                "write how many copies are owned in the count column",
            ));
            continue;
        }
        let Ok(count) = count_text.parse::<u32>() else {
            warnings.push(skip(
                format!("the count `{count_text}` of `{name}` is not a whole number"),
                "write how many copies are owned, as in `3`",
            ));
            continue;
        };
        let set = layout.set.map(cell).filter(|s| !s.is_empty());
        let number = layout.number.map(cell).filter(|n| !n.is_empty());
        out.push(Row {
            count,
            name: name.to_owned(),
            id: None,
            printing: set.map(|set| Printing {
                set: set.to_owned(),
                number: number.map(str::to_owned),
            }),
            span: Some(record.span),
            line: Some(record.line),
        });
    }
    warnings.sort_by_key(|w| w.line);
    Ok((out, warnings))
}

const HEADER_HELP: &str = "a collection CSV starts with a header row naming its columns, at least `count,name` (`set` and `number` name a printing); Moxfield's and Deckbox's exports are read as they are";

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn columns_in_any_order_with_printings() {
        let (rows, warnings) = parse("Name,Number,Count,Set\nIron Guard,12,3,JF1\n").unwrap();
        assert!(warnings.is_empty());
        assert_eq!(rows[0].count, 3);
        assert_eq!(rows[0].name, "Iron Guard");
        let p = rows[0].printing.as_ref().unwrap();
        assert_eq!((p.set.as_str(), p.number.as_deref()), ("JF1", Some("12")));
    }

    #[test]
    fn moxfield_and_deckbox_headers_are_read_without_warnings() {
        let moxfield = "\"Count\",\"Tradelist Count\",\"Name\",\"Edition\",\"Condition\",\"Language\",\"Foil\",\"Tags\",\"Last Modified\",\"Collector Number\",\"Alter\",\"Proxy\",\"Purchase Price\"\n\"2\",\"0\",\"Iron Guard\",\"jf1\",\"Near Mint\",\"English\",\"\",\"\",\"2026-01-01\",\"12\",\"False\",\"False\",\"\"\n";
        let (rows, warnings) = parse(moxfield).unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(
            rows[0].printing.as_ref().unwrap().number.as_deref(),
            Some("12")
        );
        let deckbox = "Count,Tradelist Count,Name,Edition,Edition Code,Card Number,Condition,Language,Foil,Signed,Artist Proof,Altered Art,Misprint,Promo,Textless,My Price\n4,0,Iron Guard,Jforce Base Set,JF1,12,Near Mint,English,,,,,,,,\n";
        let (rows, warnings) = parse(deckbox).unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        // The code column wins over the set's name.
        assert_eq!(rows[0].printing.as_ref().unwrap().set, "JF1");
    }

    #[test]
    fn bad_rows_and_unknown_columns_are_warnings_with_lines() {
        let text = "count,name,owner,shelf\n,Iron Guard,me,a\nthree,Iron Guard,me,a\n2,,me,a\n2,Iron Guard,me,a\n";
        let (rows, warnings) = parse(text).unwrap();
        assert_eq!(rows.len(), 1);
        let lines: Vec<Option<u32>> = warnings.iter().map(|w| w.line).collect();
        assert_eq!(lines, [Some(1), Some(2), Some(3), Some(4)]);
        assert_eq!(warnings[0].message, "skipped the columns `owner`, `shelf`");
        assert!(warnings[2].message.contains("`three`"));
    }

    #[test]
    fn a_header_without_a_count_or_name_is_refused() {
        let e = parse("name,set\nIron Guard,JF1\n").map(|_| ()).unwrap_err();
        assert!(e.message.contains("no count column"), "{}", e.message);
        assert!(parse("").is_err());
    }
}
