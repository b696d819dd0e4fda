//! Drawing the editor into a frame: the search, deck, findings and numbers panes, a title with
//! the verdict, a footer with the keys, and the prompts over them. Colour is an accent only:
//! without it (`NO_COLOR`) the focus and the selection still show, by border and reverse video.

use super::app::{App, Overlay, Pane};
use crate::report::json::CardJson;
use crate::stats::{Requirement, Stats};
use crate::validate::Severity;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, List, ListItem, ListState, Paragraph, Wrap};
use ratatui::Frame;

/// The smallest terminal the panes fit in.
pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

/// Styles, with or without colour.
#[derive(Clone, Copy)]
struct Look {
    colour: bool,
}

impl Look {
    fn fg(self, colour: Color) -> Style {
        if self.colour {
            Style::new().fg(colour)
        } else {
            Style::new()
        }
    }

    fn selected(self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
    }

    fn good(self) -> Style {
        self.fg(Color::Green)
    }

    fn bad(self) -> Style {
        self.fg(Color::Red).add_modifier(Modifier::BOLD)
    }

    fn dim(self) -> Style {
        if self.colour {
            Style::new().fg(Color::DarkGray)
        } else {
            Style::new()
        }
    }

    fn pane(self, title: &str, focused: bool) -> Block<'static> {
        let block = Block::bordered().title(format!(" {title} "));
        if focused {
            block
                .border_type(BorderType::Thick)
                .border_style(self.fg(Color::Cyan))
                .title_style(Style::new().add_modifier(Modifier::BOLD))
        } else {
            block.border_style(self.dim())
        }
    }
}

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, app: &mut App, colour: bool) {
    let look = Look { colour };
    let area = frame.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        return too_small(frame, area, app.unsaved());
    }
    let [title, main, footer] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let [top, bottom] =
        Layout::vertical([Constraint::Percentage(55), Constraint::Fill(1)]).areas(main);
    let halves = |r| Layout::horizontal([Constraint::Percentage(50), Constraint::Fill(1)]).areas(r);
    let [search, deck] = halves(top);
    let [findings, numbers] = halves(bottom);
    draw_title(frame, app, look, title);
    draw_search(frame, app, look, search);
    draw_deck(frame, app, look, deck);
    draw_findings(frame, app, look, findings);
    draw_numbers(frame, app, look, numbers);
    draw_footer(frame, app, look, footer);
    if let Some(overlay) = &app.overlay {
        draw_overlay(frame, app, overlay, look, area);
    }
}

fn too_small(frame: &mut Frame, area: Rect, unsaved: bool) {
    let text = vec![
        Line::from(format!(
            "decksmith edit needs a terminal of at least {MIN_WIDTH}×{MIN_HEIGHT};"
        )),
        Line::from(format!("this one is {}×{}.", area.width, area.height)),
        Line::from(""),
        Line::from("Enlarge it, or edit with `decksmith add` and `decksmith remove`."),
        Line::from(if unsaved {
            "Enlarge it to save your changes or quit."
        } else {
            "q quits."
        }),
    ];
    let height = (text.len() as u16).min(area.height);
    let [_, middle, _] = Layout::vertical([
        Constraint::Fill(1),
        Constraint::Length(height),
        Constraint::Fill(1),
    ])
    .areas(area);
    frame.render_widget(
        Paragraph::new(text).centered().wrap(Wrap { trim: true }),
        middle,
    );
}

fn draw_title(frame: &mut Frame, app: &App, look: Look, area: Rect) {
    let verdict = &app.outcome.verdict;
    let (word, style) = if verdict.legal {
        ("legal", look.good().add_modifier(Modifier::BOLD))
    } else {
        ("not legal", look.bad())
    };
    let mut left = vec![Span::styled(
        format!(" {}", app.file.source.name),
        Style::new().add_modifier(Modifier::BOLD),
    )];
    if app.unsaved() {
        left.push(Span::styled(" (unsaved)", look.fg(Color::Yellow)));
    }
    left.push(Span::raw(format!(" · {}", app.file.format.id)));
    let mut right = vec![Span::styled(word, style)];
    match verdict.findings.len() {
        0 => {}
        n => right.push(Span::raw(format!(
            " · {}",
            crate::error::plural(n, "finding")
        ))),
    }
    right.push(Span::raw(" "));
    frame.render_widget(Line::from(left), area);
    frame.render_widget(Line::from(right).right_aligned(), area);
}

fn draw_search(frame: &mut Frame, app: &mut App, look: Look, area: Rect) {
    let focused = app.pane == Pane::Search;
    let block = look.pane("Search", focused);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let record_height = (inner.height.saturating_sub(2) / 2).max(3);
    let [field, list, record] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(record_height),
    ])
    .areas(inner);
    let search = &app.search;
    let mut query = vec![
        Span::styled("/ ", look.dim()),
        Span::raw(search.query.clone()),
    ];
    if focused && app.typing && app.overlay.is_none() {
        frame.set_cursor_position((field.x + 2 + search.query.chars().count() as u16, field.y));
    } else if search.query.is_empty() {
        query.push(Span::styled("press / to search", look.dim()));
    }
    let found = match &search.error {
        Some(_) => String::new(),
        None => crate::error::plural(search.results.len(), "card"),
    };
    frame.render_widget(Line::from(query), field);
    frame.render_widget(Line::from(found).right_aligned().style(look.dim()), field);
    app.areas.results = list;
    if let Some(error) = &app.search.error {
        frame.render_widget(
            Paragraph::new(error.as_str())
                .style(look.bad())
                .wrap(Wrap { trim: true }),
            list,
        );
    } else {
        let game = app.game();
        let in_deck = in_deck(app);
        let shown = window(&mut app.search.list, app.search.results.len(), list.height);
        let width = usize::from(list.width);
        let items: Vec<ListItem> = app.search.results[shown.clone()]
            .iter()
            .map(|&i| {
                let card = &game.cards[i];
                let have = in_deck.iter().find(|(c, _)| *c == i).map(|(_, n)| *n);
                let count = have.map_or("  ".to_owned(), |n| format!("{n:>2}"));
                let kind = game.type_label(card.kind());
                let name_width = width.saturating_sub(kind.chars().count() + 5).max(8);
                ListItem::new(format!(
                    "{count} {:<name_width$.name_width$} {kind}",
                    card.name()
                ))
            })
            .collect();
        let mut state = local(&app.search.list, shown.start);
        frame.render_stateful_widget(
            List::new(items).highlight_style(selection(look, focused)),
            list,
            &mut state,
        );
    }
    draw_record(frame, app, look, record);
}

/// The highlighted card's record: type, cost and stats, printing, copies in the deck, text.
fn draw_record(frame: &mut Frame, app: &App, look: Look, area: Rect) {
    let Some(index) = app.card else {
        return;
    };
    let game = app.game();
    let card = &game.cards[index];
    let json = serde_json::to_value(CardJson::of(game, card)).unwrap_or_default();
    let mut facts = Vec::new();
    for (field, value) in json.as_object().into_iter().flatten() {
        let key = field.replace('_', " ");
        let shown = match value {
            _ if ["id", "name", "game", "set", "text", "invented"].contains(&field.as_str()) => {
                continue
            }
            serde_json::Value::String(s) if key == "type" => {
                facts.insert(0, game.type_label(s));
                continue;
            }
            serde_json::Value::Bool(true)
                if key == "legendary" && game.type_label(card.kind()) == "Legendary" =>
            {
                continue
            }
            serde_json::Value::Bool(true) => key,
            serde_json::Value::Bool(false) => continue,
            serde_json::Value::String(s) => format!("{key} {s}"),
            serde_json::Value::Array(items) => {
                let items: Vec<String> = items
                    .iter()
                    .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned))
                    .collect();
                format!("{key} {}", items.join("/"))
            }
            other => format!("{key} {other}"),
        };
        facts.push(shown);
    }
    if let Some(evolution) = &card.evolution {
        let e = evolution.get_ref();
        facts.push(format!("evolution {} {} of {}", e.line, e.level, e.base));
    }
    let set = game.def.sets.iter().find(|s| s.code == card.set());
    let printing = match (card.number, set) {
        (Some(n), Some(s)) => format!("{} #{n} ({})", s.code, s.name),
        (None, Some(s)) => format!("{} ({})", s.code, s.name),
        (Some(n), None) => format!("{} #{n}", card.set()),
        (None, None) => card.set().to_owned(),
    };
    let copies: u32 = in_deck(app)
        .iter()
        .filter(|(c, _)| *c == index)
        .map(|(_, n)| n)
        .sum();
    let mut lines = vec![
        Line::from(vec![
            Span::styled(
                card.name().to_owned(),
                Style::new().add_modifier(Modifier::BOLD),
            ),
            Span::styled(format!("  {}", card.id()), look.dim()),
            // On the name's line, which a narrow pane does not wrap out of sight.
            Span::raw(app.owned.as_ref().map_or_else(String::new, |owned| {
                format!("  owned {}", owned.get(index).copied().unwrap_or(0))
            })),
        ]),
        Line::from(facts.join(" · ")),
        Line::from(format!("printing {printing} · {copies} in the deck")),
    ];
    if let Some(text) = card.text.as_deref().or(card.ability.as_deref()) {
        lines.push(Line::styled(
            text.to_owned(),
            Style::new().add_modifier(Modifier::ITALIC),
        ));
    }
    frame.render_widget(
        Paragraph::new(lines)
            .block(
                Block::new()
                    .borders(ratatui::widgets::Borders::TOP)
                    .border_style(look.dim()),
            )
            .wrap(Wrap { trim: true }),
        area,
    );
}

/// Copies of each card the deck lists, by card index (a card in two zones twice).
fn in_deck(app: &App) -> Vec<(usize, u32)> {
    let game = app.game();
    let mut buf = String::new();
    (app.file.deck.zones.iter().flat_map(|z| &z.entries))
        .filter_map(|e| Some((game.find_with(&e.card, &mut buf)?, e.count)))
        .collect()
}

fn draw_deck(frame: &mut Frame, app: &mut App, look: Look, area: Rect) {
    let focused = app.pane == Pane::Deck;
    let block = look.pane("Deck", focused);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    app.areas.deck = inner;
    let game = app.game();
    let rows = app.rows();
    let shown = window(&mut app.deck, rows.len(), inner.height);
    let mut buf = String::new();
    let items: Vec<ListItem> = rows[shown.clone()]
        .iter()
        .map(|row| {
            let zone = &app.file.deck.zones[row.zone];
            match row.entry {
                Some(e) => {
                    let entry = &zone.entries[e];
                    let known = game.find_with(&entry.card, &mut buf).is_some();
                    let mut spans = vec![Span::raw(format!("  {:>2} {}", entry.count, entry.card))];
                    if !known {
                        spans.push(Span::styled("  unknown card", look.bad()));
                    }
                    ListItem::new(Line::from(spans))
                }
                None => {
                    let index = zone.index_in(game, &mut buf);
                    let label = index.map_or(zone.name.as_str(), |i| game.def.zones[i].label());
                    let count = index.and_then(|i| {
                        let id = &game.def.zones[i].id;
                        app.outcome
                            .verdict
                            .zones
                            .iter()
                            .find(|z| z.zone.as_str() == id.as_str())
                    });
                    let total: u32 = zone.entries.iter().map(|e| e.count).sum();
                    let size = match count {
                        Some(z) => match &z.limit {
                            Some(limit) => format!("{} / {limit}", z.cards),
                            None => z.cards.to_string(),
                        },
                        None => total.to_string(),
                    };
                    ListItem::new(Line::from(vec![
                        Span::styled(label.to_owned(), Style::new().add_modifier(Modifier::BOLD)),
                        Span::styled(format!("  {size}"), look.dim()),
                    ]))
                }
            }
        })
        .collect();
    if items.is_empty() {
        frame.render_widget(
            Paragraph::new("No cards yet: search for one and press Enter.").style(look.dim()),
            inner,
        );
        return;
    }
    let mut state = local(&app.deck, shown.start);
    frame.render_stateful_widget(
        List::new(items).highlight_style(selection(look, focused)),
        inner,
        &mut state,
    );
}

fn draw_findings(frame: &mut Frame, app: &mut App, look: Look, area: Rect) {
    let focused = app.pane == Pane::Findings;
    let block = look.pane("Findings", focused);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    app.areas.findings = inner;
    let findings = &app.outcome.verdict.findings;
    if findings.is_empty() {
        frame.render_widget(
            Paragraph::new(format!("✓ legal under {}", app.file.format.id)).style(look.good()),
            inner,
        );
        return;
    }
    let width = usize::from(inner.width);
    let items: Vec<ListItem> = finding_lines(app, width)
        .into_iter()
        .zip(findings)
        .map(|(lines, f)| {
            let style = match f.severity {
                Severity::Error => look.bad(),
                _ => look.fg(Color::Yellow),
            };
            let rule = f.rule.to_string();
            let mut out: Vec<Line> = Vec::new();
            for (i, line) in lines.into_iter().enumerate() {
                out.push(
                    match line.strip_prefix(&format!("{} {rule}", mark(f.severity))) {
                        Some(rest) if i == 0 => Line::from(vec![
                            Span::styled(format!("{} {rule}", mark(f.severity)), style),
                            Span::raw(rest.to_owned()),
                        ]),
                        _ if line.starts_with("  ") => Line::styled(line, look.dim()),
                        _ => Line::from(line),
                    },
                );
            }
            ListItem::new(out)
        })
        .collect();
    frame.render_stateful_widget(
        List::new(items).highlight_style(selection(look, focused)),
        inner,
        &mut app.findings,
    );
}

fn mark(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "✗",
        _ => "!",
    }
}

/// Each finding as lines of `width`: its rule and message, then its help, indented.
pub(super) fn finding_lines(app: &App, width: usize) -> Vec<Vec<String>> {
    (app.outcome.verdict.findings.iter())
        .map(|f| {
            let help = f.help.as_deref().unwrap_or_else(|| f.rule.summary());
            let mut lines = wrap(
                &format!("{} {} {}", mark(f.severity), f.rule, f.message),
                width,
                "",
            );
            lines.extend(wrap(help, width, "  "));
            lines
        })
        .collect()
}

/// Words filled into lines of `width`, each starting with `indent`.
fn wrap(text: &str, width: usize, indent: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = indent.to_owned();
    for word in text.split_whitespace() {
        let used = line.chars().count();
        if used > indent.len() && used + 1 + word.chars().count() > width {
            lines.push(std::mem::replace(&mut line, indent.to_owned()));
        }
        if line.chars().count() > indent.len() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    lines
}

fn draw_numbers(frame: &mut Frame, app: &mut App, look: Look, area: Rect) {
    let focused = app.pane == Pane::Numbers;
    let block = look.pane("Numbers", focused);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    app.areas.numbers = inner;
    let mut lines = curve(&app.stats, look);
    lines.extend(app.stats.requirements.iter().map(|r| requirement(r, look)));
    lines.extend(odds(app, look));
    let most = (lines.len() as u16).saturating_sub(inner.height);
    app.numbers_scroll = app.numbers_scroll.min(most);
    frame.render_widget(Paragraph::new(lines).scroll((app.numbers_scroll, 0)), inner);
}

/// The curve as columns of block glyphs over each value and its count.
fn curve(stats: &Stats, look: Look) -> Vec<Line<'static>> {
    const GLYPHS: [char; 9] = [' ', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
    let curve = &stats.curve;
    let most = curve.bars.iter().map(|b| b.cards).max().unwrap_or(0);
    let mut bars = String::from("curve ");
    let mut values = format!("{:<6}", curve.stat);
    let mut counts = String::from("cards ");
    for bar in &curve.bars {
        let (v, n) = (bar.value.to_string(), bar.cards.to_string());
        let w = v.len().max(n.len()) + 1;
        let glyph = match most {
            0 => ' ',
            _ => GLYPHS[(bar.cards as usize * 8).div_ceil(most as usize)],
        };
        bars.push_str(&format!("{glyph:>w$}"));
        values.push_str(&format!("{v:>w$}"));
        counts.push_str(&format!("{n:>w$}"));
    }
    if let Some(avg) = curve.average {
        bars.push_str(&format!("   avg {avg:.2}"));
    }
    if curve.without > 0 {
        counts.push_str(&format!("   {} without", curve.without));
    }
    if curve.bars.is_empty() {
        return vec![Line::styled(
            format!("curve: no card with a {} yet", curve.stat),
            look.dim(),
        )];
    }
    vec![
        Line::styled(bars, look.fg(Color::Cyan)),
        Line::from(values),
        Line::from(counts),
    ]
}

fn requirement(r: &Requirement, look: Look) -> Line<'static> {
    let text = match r {
        Requirement::DeckSize {
            label,
            cards,
            min,
            max,
            ..
        } => {
            let want = match (min, max) {
                (Some(lo), Some(hi)) if lo == hi => lo.to_string(),
                (Some(lo), Some(hi)) => format!("{lo}–{hi}"),
                (Some(lo), None) => format!("≥ {lo}"),
                (None, Some(hi)) => format!("≤ {hi}"),
                (None, None) => "any".to_owned(),
            };
            format!("{label} {cards} / {want}")
        }
        Requirement::Hero {
            label, cards, need, ..
        } => format!("{label} {cards} / {need}"),
        Requirement::ColourMinimum {
            colour,
            cards,
            need,
            ..
        } => format!("{colour} {cards} / ≥ {need}"),
        Requirement::ColourRatio {
            colours,
            cards,
            ratio,
            ..
        } => {
            let join = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(":");
            format!(
                "{} {} (ratio {})",
                colours.join(":"),
                join(cards),
                join(ratio)
            )
        }
    };
    let (mark, style) = if r.met() {
        ("✓", look.good())
    } else {
        ("✗", look.bad())
    };
    Line::from(vec![
        Span::styled(format!("{mark} "), style),
        Span::raw(text),
    ])
}

/// The highlighted card's odds of being seen by each turn, on the play and on the draw.
fn odds(app: &App, look: Look) -> Vec<Line<'static>> {
    let (Some(card), Some(odds)) = (app.card, &app.stats.odds) else {
        return Vec::new();
    };
    let name = app.game().cards[card].name();
    let row = odds
        .rows
        .iter()
        .find(|r| r.kind == "card" && r.label == name);
    let Some(row) = row else {
        let listed = in_deck(app).iter().any(|(c, _)| *c == card);
        let why = if listed {
            "not drawn, so no odds"
        } else {
            "none in the deck"
        };
        return vec![Line::styled(format!("{name}: {why}"), look.dim())];
    };
    let percent = |p: f64| format!("{:>5}", format!("{:.0}%", p * 100.0));
    let mut turns = String::from("turn   ");
    let mut play = String::from(if odds.simultaneous {
        "odds   "
    } else {
        "play   "
    });
    let mut draw = String::from("draw   ");
    for t in &row.by_turn {
        turns.push_str(&format!("{:>5}", t.turn));
        play.push_str(&percent(t.on_the_play));
        draw.push_str(&percent(t.on_the_draw));
    }
    let mut lines = vec![
        Line::styled(
            format!("{name} ×{}: seen by turn", row.copies),
            Style::new().add_modifier(Modifier::BOLD),
        ),
        Line::styled(turns, look.dim()),
        Line::from(play),
    ];
    if !odds.simultaneous {
        lines.push(Line::from(draw));
    }
    lines
}

fn draw_footer(frame: &mut Frame, app: &App, look: Look, area: Rect) {
    if let Some(status) = &app.status {
        frame.render_widget(
            Line::styled(format!(" {status}"), look.fg(Color::Yellow)),
            area,
        );
        return;
    }
    let keys: &[(&str, &str)] = if app.typing {
        &[
            ("type", "query"),
            ("↑↓", "cards"),
            ("Enter", "add"),
            ("Esc", "leave query"),
            ("Tab", "pane"),
            ("^S", "save"),
        ]
    } else {
        &[
            ("/", "search"),
            ("Tab", "pane"),
            ("+", "add"),
            ("-", "remove"),
            ("m", "move"),
            ("u", "undo"),
            ("^R", "redo"),
            ("^S", "save"),
            ("?", "help"),
            ("q", "quit"),
        ]
    };
    let mut spans = Vec::new();
    for (key, what) in keys {
        spans.push(Span::styled(
            format!(" {key}"),
            Style::new().add_modifier(Modifier::BOLD),
        ));
        spans.push(Span::styled(format!(" {what} "), look.dim()));
    }
    frame.render_widget(Line::from(spans), area);
}

const HELP: &[(&str, &str)] = &[
    ("/", "search: type a query (docs/search.md); Esc leaves it"),
    ("Ctrl-u", "clear the query"),
    ("Tab, Shift-Tab", "next and previous pane"),
    ("↑ ↓, j k", "move; PgUp PgDn Home End jump"),
    ("Enter, +", "add a copy of the highlighted card"),
    ("-", "remove a copy of the highlighted card"),
    ("m", "move a copy of the deck's card to another zone"),
    ("Enter on a finding", "go to its card in the deck"),
    ("u, Ctrl-r", "undo, redo"),
    ("Ctrl-s", "save (the file is replaced whole, or not at all)"),
    (
        "q, Ctrl-c",
        "quit (asks first when there are unsaved changes)",
    ),
    ("mouse", "click selects, the wheel scrolls"),
];

fn draw_overlay(frame: &mut Frame, app: &App, overlay: &Overlay, look: Look, area: Rect) {
    let path = app.file.path.display().to_string();
    let (title, lines): (&str, Vec<Line>) = match overlay {
        Overlay::Help => (
            "Keys",
            HELP.iter()
                .map(|(k, what)| {
                    Line::from(vec![
                        Span::styled(
                            format!("{k:>18}  "),
                            Style::new().add_modifier(Modifier::BOLD),
                        ),
                        Span::raw(*what),
                    ])
                })
                .chain([
                    Line::from(""),
                    Line::styled("any key closes this", look.dim()),
                ])
                .collect(),
        ),
        Overlay::Quit => (
            "Unsaved changes",
            vec![
                Line::from(format!("`{path}` has changes that are not saved.")),
                Line::from(""),
                Line::from("y  save, then quit"),
                Line::from("n  quit without saving"),
                Line::from("Esc  keep editing"),
            ],
        ),
        Overlay::Conflict => (
            "Changed on disk",
            vec![
                Line::from(format!("`{path}` changed on disk since it was read;")),
                Line::from("saving would overwrite that change, so nothing was written."),
                Line::from(""),
                Line::from("r  reload it (your version stays a step to undo)"),
                Line::from("a  save as another file"),
                Line::from("Esc  keep editing"),
            ],
        ),
        Overlay::SaveAs(typed) => (
            "Save as",
            vec![
                Line::from("Save the deck to a new file (an existing one is left alone):"),
                Line::from(vec![
                    Span::raw("> "),
                    Span::styled(typed.clone(), look.selected()),
                ]),
                Line::from(""),
                Line::styled("Enter saves · Esc cancels", look.dim()),
            ],
        ),
        Overlay::Move {
            zones,
            choice,
            from,
            ..
        } => (
            "Move a copy",
            std::iter::once(Line::from(format!("from {from} to:")))
                .chain(zones.iter().enumerate().map(|(i, (_, label))| {
                    let line = Line::from(format!("{}  {label}", i + 1));
                    if i == *choice {
                        line.style(look.selected())
                    } else {
                        line
                    }
                }))
                .chain(
                    zones
                        .is_empty()
                        .then(|| Line::from("no other zone holds this card")),
                )
                .chain([Line::styled("Enter or 1–9 moves · Esc cancels", look.dim())])
                .collect(),
        ),
    };
    let width = (lines.iter().map(Line::width).max().unwrap_or(0) as u16 + 4)
        .max(title.len() as u16 + 6)
        .min(area.width);
    let height = (lines.len() as u16 + 2).min(area.height);
    let [_, v, _] = Layout::vertical([
        Constraint::Fill(1),
        Constraint::Length(height),
        Constraint::Fill(1),
    ])
    .areas(area);
    let [_, popup, _] = Layout::horizontal([
        Constraint::Fill(1),
        Constraint::Length(width),
        Constraint::Fill(1),
    ])
    .areas(v);
    frame.render_widget(Clear, popup);
    let block = Block::bordered()
        .border_type(BorderType::Double)
        .title(format!(" {title} "))
        .padding(ratatui::widgets::Padding::horizontal(1));
    frame.render_widget(Paragraph::new(lines).block(block), popup);
    if let Overlay::SaveAs(typed) = overlay {
        frame.set_cursor_position((popup.x + 4 + typed.chars().count() as u16, popup.y + 2));
    }
}

/// The selection shows as reverse video in the focused pane, and as bold elsewhere.
fn selection(look: Look, focused: bool) -> Style {
    if focused {
        look.selected()
    } else {
        Style::new().add_modifier(Modifier::BOLD)
    }
}

/// The rows of a list of `len` that fit in `height`, scrolled to keep the selection in view;
/// the offset is kept in `state` for the next frame and the mouse.
fn window(state: &mut ListState, len: usize, height: u16) -> std::ops::Range<usize> {
    let height = usize::from(height).max(1);
    let selected = state.selected().unwrap_or(0).min(len.saturating_sub(1));
    let mut offset = state.offset().min(len.saturating_sub(height));
    if selected < offset {
        offset = selected;
    } else if selected >= offset + height {
        offset = selected + 1 - height;
    }
    *state.offset_mut() = offset;
    offset..(offset + height).min(len)
}

/// A list state for the rows of a window that starts at `start`.
fn local(state: &ListState, start: usize) -> ListState {
    ListState::default().with_selected(state.selected().map(|s| s - start.min(s)))
}
