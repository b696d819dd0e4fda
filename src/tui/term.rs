//! The editor on a real terminal: raw mode and the alternate screen, restored on every way out
//! (a panic included: the hook restores the terminal before the message is printed), a redraw
//! after every event (a resize too), and the mouse where the terminal reports it.

use super::app::{App, Flow};
use super::ui;
use crate::error::Error;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen,
};
use ratatui::Terminal;
use std::io::{stdout, IsTerminal};

/// Refuses to run unless standard input and output are both a terminal.
pub fn require_terminal() -> Result<(), Error> {
    if std::io::stdin().is_terminal() && stdout().is_terminal() {
        return Ok(());
    }
    Err(Error::usage_with_help(
        "`decksmith edit` needs a terminal for its standard input and output",
        "to edit from a script, use `decksmith add DECK [COUNT] CARD` and `decksmith remove DECK [COUNT] CARD`",
    ))
}

/// Runs the editor until it quits.
pub fn run(app: &mut App, colour: bool) -> Result<(), Error> {
    let guard = Screen::enter()?;
    let result = event_loop(app, colour);
    drop(guard);
    result
}

fn event_loop(app: &mut App, colour: bool) -> Result<(), Error> {
    let mut terminal = Terminal::new(CrosstermBackend::new(stdout())).map_err(io_error)?;
    loop {
        let size = terminal
            .draw(|frame| ui::draw(frame, app, colour))
            .map_err(io_error)?
            .area;
        let small = size.width < ui::MIN_WIDTH || size.height < ui::MIN_HEIGHT;
        let flow = match event::read().map_err(io_error)? {
            Event::Key(key) if small => app.handle_small(key),
            Event::Key(key) => app.handle(key),
            Event::Mouse(mouse) if !small => {
                app.mouse(mouse);
                Flow::Continue
            }
            // A resize (or anything else) is answered by the redraw at the top of the loop.
            _ => Flow::Continue,
        };
        if flow == Flow::Quit {
            return Ok(());
        }
    }
}

/// The terminal in the editor's modes while this lives.
struct Screen;

impl Screen {
    fn enter() -> Result<Screen, Error> {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
        enable_raw_mode().map_err(io_error)?;
        let screen = Screen;
        execute!(stdout(), EnterAlternateScreen).map_err(io_error)?;
        // Not every terminal reports the mouse; the keys do everything without it.
        let _ = execute!(stdout(), EnableMouseCapture);
        Ok(screen)
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        restore();
        // The hook goes with the screen; a panicking thread may not take it (and is ending).
        if !std::thread::panicking() {
            let _ = std::panic::take_hook();
        }
    }
}

/// Back to the terminal as it was; each step is tried whatever the others do.
fn restore() {
    let _ = execute!(
        stdout(),
        DisableMouseCapture,
        LeaveAlternateScreen,
        ratatui::crossterm::cursor::Show
    );
    let _ = disable_raw_mode();
}

fn io_error(source: std::io::Error) -> Error {
    Error::Write {
        path: "<terminal>".into(),
        source,
    }
}
