//! LackeyCCG plugins: a folder with `plugininfo.txt`, its cards in `sets/*.txt` (tab-separated,
//! one header row naming the columns, one card printing per row) and its formats in
//! `formats.txt` (`<format><label>…</label><set>…</set>…</format>`). Read as tolerantly as
//! LackeyCCG reads them: a byte-order mark is dropped, a file that is not UTF-8 is read as
//! Windows-1252, short rows are padded, and everything passed over is a note with its line.

use super::{ForeignFormat, Note, Row, Site};
use crate::error::Error;
use std::path::{Path, PathBuf};

/// A plugin's files, read: its rows, its formats, and what was noted while reading them.
#[derive(Debug, Default)]
pub struct Plugin {
    /// The plugin's folder name (`fow`), which a game's mapping may list in `names`.
    pub name: Option<String>,
    pub rows: Vec<Row>,
    pub formats: Vec<ForeignFormat>,
    pub notes: Vec<Note>,
    /// The card files read, in order.
    pub files: Vec<PathBuf>,
}

/// Whether `path` is a LackeyCCG plugin folder.
pub fn is_plugin(path: &Path) -> bool {
    path.join("plugininfo.txt").is_file()
}

/// Reads a plugin folder, a plugin's `sets/` folder, or one set file. `name_column` is the
/// column a card data file must have (the mapping's name), which tells card files from the
/// other text files a `sets/` folder may hold.
pub fn read(path: &Path, name_column: &str) -> Result<Plugin, Error> {
    let read_err = |path: &Path, source| Error::Read {
        path: path.to_owned(),
        source,
    };
    let mut plugin = Plugin::default();
    let sets = if is_plugin(path) {
        plugin.name = path
            .canonicalize()
            .unwrap_or_else(|_| path.to_owned())
            .file_name()
            .map(|n| n.to_string_lossy().into_owned());
        let formats = path.join("formats.txt");
        if formats.is_file() {
            let bytes = std::fs::read(&formats).map_err(|e| read_err(&formats, e))?;
            let file = formats.display().to_string();
            let text = decode(&file, &bytes, &mut plugin.notes);
            plugin.formats = read_formats(&file, &text, &mut plugin.notes);
        }
        path.join("sets")
    } else {
        path.to_owned()
    };
    let files = if sets.is_dir() {
        let entries = std::fs::read_dir(&sets).map_err(|e| read_err(&sets, e))?;
        let mut files: Vec<PathBuf> = (entries.flatten())
            .map(|e| e.path())
            .filter(|p| p.is_file() && p.extension().is_some_and(|e| e.eq_ignore_ascii_case("txt")))
            .collect();
        files.sort();
        files
    } else if sets.is_file() {
        vec![sets.clone()]
    } else {
        return Err(Error::usage_with_help(
            format!("`{}` is not a LackeyCCG plugin", path.display()),
            "point at the plugin's folder (the one holding plugininfo.txt), its sets/ folder, or a set file",
        ));
    };
    for file in files {
        let bytes = std::fs::read(&file).map_err(|e| read_err(&file, e))?;
        let name = file.display().to_string();
        let text = decode(&name, &bytes, &mut plugin.notes);
        read_set_file(
            &name,
            &text,
            name_column,
            &mut plugin.rows,
            &mut plugin.notes,
        );
        plugin.files.push(file);
    }
    Ok(plugin)
}

/// The text of a file: UTF-8 without its byte-order mark, or, when it is not UTF-8,
/// Windows-1252 (the code page LackeyCCG's Windows users save in), with a note.
pub fn decode(file: &str, bytes: &[u8], notes: &mut Vec<Note>) -> String {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_owned(),
        Err(e) => {
            let (line, _) = line_of(bytes, e.valid_up_to());
            notes.push(Note {
                site: Some(Site {
                    file: file.to_owned(),
                    line,
                }),
                field: None,
                skipped: false,
                message: "the file is not UTF-8 here; read it all as Windows-1252".into(),
            });
            bytes.iter().map(|&b| windows_1252(b)).collect()
        }
    }
}

/// A Windows-1252 byte as a character: Latin-1 but for 0x80..0x9F, where 1252 puts
/// typographic quotes, dashes and a few letters (the five bytes it leaves undefined are read
/// as the C1 controls Latin-1 has there).
fn windows_1252(b: u8) -> char {
    const HIGH: [char; 32] = [
        '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8D}', 'Ž',
        '\u{8F}', '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9D}',
        'ž', 'Ÿ',
    ];
    match b {
        0x80..=0x9F => HIGH[(b - 0x80) as usize],
        _ => b as char,
    }
}

/// The 1-based line of a byte offset.
fn line_of(bytes: &[u8], at: usize) -> (usize, usize) {
    let before = &bytes[..at.min(bytes.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let col = before.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
    (line, col)
}

/// Reads one set file: its first non-blank line names the columns, every other non-blank
/// line is a row. A file without `name_column` is not a card file: noted and passed over.
pub fn read_set_file(
    file: &str,
    text: &str,
    name_column: &str,
    rows: &mut Vec<Row>,
    notes: &mut Vec<Note>,
) {
    let site = |line: usize| {
        Some(Site {
            file: file.to_owned(),
            line,
        })
    };
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let Some((header_at, header)) = lines.next() else {
        notes.push(Note {
            site: site(1),
            field: None,
            skipped: true,
            message: "the file is empty".into(),
        });
        return;
    };
    let columns: Vec<String> = header.split('\t').map(|c| c.trim().to_owned()).collect();
    if !columns.iter().any(|c| c.eq_ignore_ascii_case(name_column)) {
        notes.push(Note {
            site: site(header_at + 1),
            field: None,
            skipped: true,
            message: format!(
                "no `{name_column}` column in the first line, so not a card data file; passed over"
            ),
        });
        return;
    }
    for (at, line) in lines {
        let cells: Vec<&str> = line.split('\t').collect();
        if cells.len() > columns.len()
            && cells[columns.len()..].iter().any(|c| !c.trim().is_empty())
        {
            notes.push(Note {
                site: site(at + 1),
                field: None,
                skipped: false,
                message: format!(
                    "the row has {} cells but the header names {} columns; the extra cells are left out",
                    cells.len(),
                    columns.len()
                ),
            });
        }
        rows.push(Row {
            site: site(at + 1),
            values: (columns.iter())
                .zip(cells.iter().chain(std::iter::repeat(&"")))
                .map(|(k, v)| (k.clone(), (*v).to_owned()))
                .collect(),
            printings: Vec::new(),
        });
    }
}

/// Reads `formats.txt` the way LackeyCCG does, by its tags rather than as strict XML: each
/// `<format>` block's `<label>` and `<set>`s. A block without a label is noted and passed over.
pub fn read_formats(file: &str, text: &str, notes: &mut Vec<Note>) -> Vec<ForeignFormat> {
    let site = |at: usize| {
        Some(Site {
            file: file.to_owned(),
            line: line_of(text.as_bytes(), at).0,
        })
    };
    let mut formats = Vec::new();
    let mut rest = 0;
    while let Some(found) = text[rest..].find("<format>") {
        let start = rest + found + "<format>".len();
        let end = text[start..].find("</format>").map(|e| start + e);
        let next = text[start..].find("<format>").map(|n| start + n);
        let (body_end, resume) = match (end, next) {
            (Some(e), next) if next.is_none_or(|n| e < n) => (e, e + "</format>".len()),
            (_, next) => {
                notes.push(Note {
                    site: site(start),
                    field: None,
                    skipped: false,
                    message: "a <format> is not closed; read up to the next one".into(),
                });
                let stop = next.unwrap_or(text.len());
                (stop, stop)
            }
        };
        let body = &text[start..body_end];
        let label = elements(body, "label").next();
        let sets: Vec<String> = elements(body, "set").filter(|s| !s.is_empty()).collect();
        match label.filter(|l| !l.is_empty()) {
            Some(label) => formats.push(ForeignFormat {
                label,
                sets,
                site: site(start),
            }),
            None => notes.push(Note {
                site: site(start),
                field: None,
                skipped: true,
                message: "a <format> without a <label>".into(),
            }),
        }
        rest = resume;
    }
    formats
}

/// The texts of every `<tag>…</tag>` in `body`, trimmed, the five XML entities resolved.
fn elements<'b>(body: &'b str, tag: &'b str) -> impl Iterator<Item = String> + 'b {
    let open = format!("<{tag}>");
    let close = format!("</{tag}>");
    let mut rest = body;
    std::iter::from_fn(move || {
        let start = rest.find(&open)? + open.len();
        let end = rest[start..].find(&close).map_or(rest.len(), |e| start + e);
        let text = rest[start..end].trim();
        let text = (text
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\""))
        .replace("&apos;", "'")
        .replace("&amp;", "&");
        rest = &rest[(end + close.len()).min(rest.len())..];
        Some(text)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_that_is_not_utf8_is_read_as_windows_1252() {
        let mut notes = Vec::new();
        let text = decode("x.txt", b"Name\nCaf\xe9 \x93Noir\x94\n", &mut notes);
        assert_eq!(text, "Name\nCafé “Noir”\n");
        assert_eq!(notes[0].site.as_ref().unwrap().line, 2);
        let mut notes = Vec::new();
        assert_eq!(
            decode("y.txt", "\u{FEFF}Name é".as_bytes(), &mut notes),
            "Name é"
        );
        assert_eq!(notes, []);
    }

    #[test]
    fn every_windows_1252_byte_reads_as_the_character_the_code_page_has() {
        // The table against the code page's own definition of a few bytes either side of it.
        assert_eq!(windows_1252(0x7F), '\u{7F}');
        assert_eq!(windows_1252(0x80), '\u{20AC}');
        assert_eq!(windows_1252(0x8A), '\u{160}');
        assert_eq!(windows_1252(0x96), '\u{2013}');
        assert_eq!(windows_1252(0x9F), '\u{178}');
        assert_eq!(windows_1252(0xA0), '\u{A0}');
        assert_eq!(windows_1252(0xE9), 'é');
    }

    #[test]
    fn formats_are_read_by_their_tags() {
        let mut notes = Vec::new();
        let text = "<formatdefinitions>\n<format><label>Open</label><set>AAA</set>\n  <set> BBB </set></format>\n<format><set>CCC</set></format>\n<format><label>Half &amp; Half</label><set>AAA</set>\n</formatdefinitions>";
        let formats = read_formats("formats.txt", text, &mut notes);
        let read: Vec<(&str, Vec<&str>)> = (formats.iter())
            .map(|f| {
                (
                    f.label.as_str(),
                    f.sets.iter().map(String::as_str).collect(),
                )
            })
            .collect();
        assert_eq!(
            read,
            [("Open", vec!["AAA", "BBB"]), ("Half & Half", vec!["AAA"])]
        );
        let lines: Vec<usize> = notes
            .iter()
            .map(|n| n.site.as_ref().unwrap().line)
            .collect();
        assert_eq!(lines, [4, 5], "{notes:?}");
    }
}
