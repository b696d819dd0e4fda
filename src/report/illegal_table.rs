//! The table people's batch report ends with: every illegal deck, its format, its errors and
//! the rules it broke. A batch may have any number of illegal decks, so the rows are kept as
//! their cells' text, those past [`HELD`] in a temporary file ([`Spill`]), and the table is
//! drawn [`CHUNK`] rows at a time with each column as wide as its widest cell: the table
//! comfy-table draws whole, line for line, without holding it.

use super::IllegalDeck;
use crate::error::Error;
use crate::spill::{Later, Place};
use comfy_table::{Cell, Color, ColumnConstraint, ContentArrangement, Table, Width};
use std::io::Read;

/// Rows held in memory before they go out to the temporary file.
const HELD: usize = 1024;

/// Rows drawn at a time.
const CHUNK: usize = 1024;

const HEADER: [&str; 4] = ["illegal deck", "format", "errors", "rules broken"];

type Row = [String; 4];

#[derive(Default)]
pub struct IllegalTable {
    held: Vec<Row>,
    /// Where rows go out to.
    spill: Later,
    /// Rows in the temporary file.
    spilled: usize,
}

impl IllegalTable {
    /// A table whose rows past [`HELD`] go out to a temporary file at `place`.
    pub fn spilling(place: Place) -> Self {
        IllegalTable {
            spill: Later::new(place),
            ..IllegalTable::default()
        }
    }

    /// The rows so far.
    pub fn len(&self) -> usize {
        self.spilled + self.held.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn push(&mut self, deck: &IllegalDeck) -> Result<(), Error> {
        self.held.push([
            deck.path.clone(),
            deck.format.as_deref().unwrap_or("?").to_owned(),
            deck.errors.to_string(),
            deck.rules.join(", "),
        ]);
        if self.held.len() < HELD {
            return Ok(());
        }
        if let Some(spill) = self.spill.get() {
            // A record: each cell's length (4 bytes) and text.
            let mut bytes = Vec::new();
            for cell in self.held.iter().flatten() {
                let len = u32::try_from(cell.len())
                    .map_err(|_| spill.write_error(std::io::ErrorKind::InvalidInput.into()))?;
                bytes.extend(len.to_le_bytes());
                bytes.extend(cell.as_bytes());
            }
            spill.append(&bytes)?;
            self.spilled += self.held.len();
            self.held.clear();
        }
        Ok(())
    }

    /// Draws the table, ending with a line end, to `out`.
    pub fn write(
        &self,
        colour: bool,
        out: &mut dyn FnMut(&[u8]) -> Result<(), Error>,
    ) -> Result<(), Error> {
        let mut widths = [0u16; 4];
        self.chunks(&mut |rows| {
            let table = draw(rows, colour, None);
            for (width, max) in widths.iter_mut().zip(table.column_max_content_widths()) {
                *width = (*width).max(max);
            }
            Ok(())
        })?;
        let chunks = self.len().div_ceil(CHUNK);
        let mut drawn = 0;
        self.chunks(&mut |rows| {
            let text = draw(rows, colour, Some(&widths)).to_string();
            let lines: Vec<&str> = text.split('\n').collect();
            drawn += 1;
            // The top border, the header and its rule open only the first chunk, and the
            // bottom border closes only the last.
            let from = if drawn == 1 { 0 } else { 3 };
            let to = if drawn == chunks {
                lines.len()
            } else {
                lines.len() - 1
            };
            for line in &lines[from.min(to)..to] {
                out(line.as_bytes())?;
                out(b"\n")?;
            }
            Ok(())
        })
    }

    /// The rows, in order, [`CHUNK`] at a time.
    fn chunks(&self, each: &mut dyn FnMut(&[Row]) -> Result<(), Error>) -> Result<(), Error> {
        let mut rows: Vec<Row> = Vec::with_capacity(CHUNK);
        if let Some(spill) = self.spill.made() {
            let mut reader = spill.reader()?;
            let mut read = |buf: &mut [u8]| reader.read_exact(buf).map_err(|e| spill.read_error(e));
            for _ in 0..self.spilled {
                let mut row = Row::default();
                for cell in &mut row {
                    let mut len = [0; 4];
                    read(&mut len)?;
                    let mut bytes = vec![0; u32::from_le_bytes(len) as usize];
                    read(&mut bytes)?;
                    *cell = String::from_utf8(bytes)
                        .map_err(|_| spill.read_error(std::io::ErrorKind::InvalidData.into()))?;
                }
                rows.push(row);
                if rows.len() == CHUNK {
                    each(&rows)?;
                    rows.clear();
                }
            }
        }
        for row in &self.held {
            rows.push(row.clone());
            if rows.len() == CHUNK {
                each(&rows)?;
                rows.clear();
            }
        }
        if !rows.is_empty() {
            each(&rows)?;
        }
        Ok(())
    }
}

/// `rows` as a table, each column `widths` wide when given, else as wide as its cells.
fn draw(rows: &[Row], colour: bool, widths: Option<&[u16; 4]>) -> Table {
    let mut table = super::human::new_table(colour);
    table.set_header(HEADER.to_vec());
    // A wrapped path cannot be copied: this table grows past the terminal instead.
    table.set_content_arrangement(ContentArrangement::Disabled);
    for [path, format, errors, rules] in rows {
        table.add_row(vec![
            Cell::new(path),
            Cell::new(format),
            Cell::new(errors),
            Cell::new(rules).fg(Color::Red),
        ]);
    }
    if let Some(widths) = widths {
        for (column, width) in table.column_iter_mut().zip(widths) {
            let padded = width.saturating_add(column.padding_width());
            column.set_constraint(ColumnConstraint::Absolute(Width::Fixed(padded)));
        }
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Drawn a chunk at a time from memory and a temporary file, the table is the one
    /// comfy-table draws whole: the widest cell in a late chunk, wide characters, a cell of
    /// two lines, with colour and without.
    #[test]
    fn drawn_in_chunks_the_table_is_the_one_drawn_whole() {
        let rows = 2 * CHUNK + 300;
        let decks: Vec<IllegalDeck> = (0..rows)
            .map(|i| IllegalDeck {
                path: match i {
                    7 => "decks/two\nlines.deck".to_owned(),
                    1500 => format!("decks/{}.deck", "長い名前".repeat(12)),
                    _ => format!("decks/deck-{i}.deck"),
                },
                format: (i % 9 != 0).then(|| ["jforce-standard", "fow"][i % 2].to_owned()),
                errors: i % 4 + 1,
                rules: ["deck-size", "copy-limit", "hero"][..i % 3 + 1].to_vec(),
            })
            .collect();
        let dir = std::env::temp_dir().join(format!("decksmith-table-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for colour in [false, true] {
            let mut table = IllegalTable::spilling(Place::Folder(dir.clone()));
            for deck in &decks {
                table.push(deck).unwrap();
            }
            assert!(table.spilled > CHUNK && table.held.len() < HELD);
            assert_eq!(table.len(), rows);
            let mut drawn = Vec::new();
            table
                .write(colour, &mut |bytes| {
                    drawn.extend_from_slice(bytes);
                    Ok(())
                })
                .unwrap();
            let all: Vec<Row> = decks
                .iter()
                .map(|d| {
                    let mut one = IllegalTable::default();
                    one.push(d).unwrap();
                    one.held.pop().unwrap()
                })
                .collect();
            let whole = draw(&all, colour, None).to_string() + "\n";
            assert!(
                String::from_utf8(drawn).unwrap() == whole,
                "colour: {colour}"
            );
            drop(table);
            assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
        }
        let _ = std::fs::remove_dir(&dir);
    }
}
