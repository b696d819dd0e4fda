//! `decksmith edit` in a real terminal: tmux runs it, keys go in with `send-keys`, the screen
//! comes out with `capture-pane`, and the saved deck is checked with `decksmith validate`.
//! CI installs tmux (`.ci/run`); without it the test fails under CI and is skipped elsewhere.

use crate::support::{decksmith, root};
use std::process::Command;
use std::time::{Duration, Instant};

/// A tmux server of this test's own, killed when dropped.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .output()
            .expect("tmux runs");
        assert!(
            out.status.success(),
            "tmux {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "edit"];
        args.extend(keys);
        self.run(&args);
    }

    fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", "edit"])
    }

    /// The screen once it shows `text`; the test fails with the last screen after a while.
    fn wait_for(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if screen.contains(text) {
                return screen;
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "the screen never showed {text:?}:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .output();
    }
}

fn tmux_present() -> bool {
    Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn a_deck_built_in_tmux_is_saved_and_validates() {
    if !tmux_present() {
        assert!(
            std::env::var_os("CI").is_none(),
            "tmux is missing: .ci/run installs it"
        );
        eprintln!("note: tmux is not installed; skipping the terminal test");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let deck = dir.path().join("new.deck");
    let tmux = Tmux {
        socket: format!("decksmith-test-{}", std::process::id()),
    };
    let command = format!(
        "cd '{}' && NO_COLOR=1 '{}' edit '{}' --format skirmish-casual",
        root().display(),
        env!("CARGO_BIN_EXE_decksmith"),
        deck.display()
    );
    tmux.run(&[
        "new-session",
        "-d",
        "-s",
        "edit",
        "-x",
        "100",
        "-y",
        "30",
        &command,
    ]);
    let screen = tmux.wait_for("Search");
    assert!(screen.contains("not legal"), "{screen}");
    // The casual-aggro list: 40 cards, 22 red, 10 blue, 8 green.
    let cards = [
        (3, "Molten Hammer"),
        (3, "Scorching Ray"),
        (3, "Wild Swing"),
        (3, "Crimson Lance"),
        (3, "Inferno Blast"),
        (3, "Searing Kick"),
        (3, "Blood Rush"),
        (1, "Volcanic Fist"),
        (3, "Soothing Touch"),
        (3, "Mending Light"),
        (3, "Healing Draught"),
        (1, "Renewal"),
        (3, "Wooden Shield"),
        (3, "Parry"),
        (2, "Iron Wall"),
    ];
    let mut total = 0;
    for (count, name) in cards {
        tmux.keys(&["C-u"]);
        tmux.keys(&["-l", &format!("name=\"{name}\"")]);
        tmux.wait_for("1 card┃");
        for _ in 0..count {
            tmux.keys(&["Enter"]);
        }
        total += count;
        tmux.wait_for(&format!("Main  {total} / ≤ 40"));
    }
    let screen = tmux.wait_for("✓ legal under skirmish-casual");
    assert!(screen.contains("(unsaved)"), "{screen}");
    tmux.keys(&["C-s"]);
    let screen = tmux.wait_for(&format!(" saved {}", deck.display()));
    assert!(!screen.contains("(unsaved)"), "{screen}");
    // Apart, or the terminal reads Escape and q as Alt-q.
    tmux.keys(&["Escape"]);
    tmux.wait_for("? help");
    tmux.keys(&["q"]);
    let start = Instant::now();
    // The session ends with the editor, and the server with its last session.
    let running = || {
        Command::new("tmux")
            .args(["-L", &tmux.socket, "has-session", "-t", "edit"])
            .output()
            .is_ok_and(|o| o.status.success())
    };
    while running() {
        assert!(start.elapsed() < Duration::from_secs(20), "q did not quit");
        std::thread::sleep(Duration::from_millis(50));
    }
    let out = decksmith(["validate".as_ref(), deck.as_os_str()]).run();
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
}

/// Without a terminal (a script, a pipe), `edit` does nothing and says what to use instead.
#[test]
fn edit_without_a_terminal_points_at_add_and_remove() {
    let dir = tempfile::tempdir().unwrap();
    let deck = dir.path().join("new.deck");
    let out = decksmith([
        "edit".as_ref(),
        deck.as_os_str(),
        "--format".as_ref(),
        "jforce-standard".as_ref(),
    ])
    .stdin("")
    .run();
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("needs a terminal"), "{}", out.stderr);
    assert!(out.stderr.contains("decksmith add DECK"), "{}", out.stderr);
    assert!(!deck.exists(), "nothing is written");
}
