#![allow(dead_code)] // each test module uses a different part of the builder
//! A small builder for running the real binary (in the manner of `just`'s test helper).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub struct Run {
    cmd: Command,
    stdin: Option<Vec<u8>>,
    within: Option<std::time::Duration>,
}

pub struct Output {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Output {
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.stdout).unwrap_or_else(|e| {
            panic!(
                "stdout is not JSON ({e}):\n{}\nstderr:\n{}",
                self.stdout, self.stderr
            )
        })
    }
}

pub fn decksmith<I, S>(args: I) -> Run
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_decksmith"));
    cmd.current_dir(root())
        .args(args)
        .env_remove("DECKSMITH_DATA")
        .env("NO_COLOR", "1")
        .env("COLUMNS", "100");
    Run {
        cmd,
        stdin: None,
        within: None,
    }
}

impl Run {
    pub fn env(mut self, key: &str, value: impl AsRef<std::ffi::OsStr>) -> Self {
        self.cmd.env(key, value);
        self
    }

    pub fn current_dir(mut self, dir: &Path) -> Self {
        self.cmd.current_dir(dir);
        self
    }

    pub fn stdin(mut self, bytes: impl Into<Vec<u8>>) -> Self {
        self.stdin = Some(bytes.into());
        self
    }

    /// Kills the binary, and fails the test, if it runs longer than `limit`: for input that
    /// must be refused at once rather than read for ever.
    pub fn within(mut self, limit: std::time::Duration) -> Self {
        self.within = Some(limit);
        self
    }

    pub fn run(mut self) -> Output {
        use std::io::Write;
        self.cmd
            .stdin(if self.stdin.is_some() {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = self.cmd.spawn().expect("the binary runs");
        if let Some(bytes) = self.stdin.take() {
            let mut pipe = child.stdin.take().expect("piped");
            // The binary may exit before reading everything; that is its business.
            let _ = pipe.write_all(&bytes);
        }
        let out = match self.within {
            None => child.wait_with_output().expect("the binary finishes"),
            Some(limit) => wait_within(child, limit),
        };
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(
            !stderr.contains("panicked"),
            "decksmith panicked:\n{stderr}"
        );
        Output {
            code: out.status.code().expect("exited normally"),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr,
        }
    }

    /// Runs and checks the exit code, showing all output when it differs.
    pub fn expect(self, code: i32) -> Output {
        let out = self.run();
        assert_eq!(
            out.code, code,
            "exit code\nstdout:\n{}\nstderr:\n{}",
            out.stdout, out.stderr
        );
        out
    }
}

/// Waits for `child` at most `limit`, reading its output as it comes (a full pipe would hold
/// it up); kills it and fails the test past the limit.
fn wait_within(mut child: std::process::Child, limit: std::time::Duration) -> std::process::Output {
    use std::io::Read;
    fn drain(mut pipe: impl Read + Send + 'static) -> std::thread::JoinHandle<Vec<u8>> {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            bytes
        })
    }
    let stdout = drain(child.stdout.take().expect("piped"));
    let stderr = drain(child.stderr.take().expect("piped"));
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("the binary runs") {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("decksmith ran longer than {limit:?}");
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    };
    std::process::Output {
        status,
        stdout: stdout.join().expect("read"),
        stderr: stderr.join().expect("read"),
    }
}

/// A temporary folder, removed with everything in it when the value is dropped: a test run
/// leaves nothing behind in the system's temporary folder.
pub struct TempDir(tempfile::TempDir);

impl std::ops::Deref for TempDir {
    type Target = Path;
    fn deref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<Path> for TempDir {
    fn as_ref(&self) -> &Path {
        self
    }
}

impl AsRef<std::ffi::OsStr> for TempDir {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.path().as_os_str()
    }
}

/// A file alone in its own temporary folder, removed with the folder when dropped.
pub struct TempFile {
    path: PathBuf,
    _dir: TempDir,
}

impl std::ops::Deref for TempFile {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for TempFile {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<std::ffi::OsStr> for TempFile {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.path.as_os_str()
    }
}

/// Writes `text` to a fresh temporary file named `name`.
pub fn temp_file(name: &str, text: impl AsRef<[u8]>) -> TempFile {
    let dir = temp_dir();
    let path = dir.join(name);
    std::fs::write(&path, text).expect("temp file");
    TempFile { path, _dir: dir }
}

pub fn temp_dir() -> TempDir {
    TempDir(
        tempfile::Builder::new()
            .prefix("decksmith-test-")
            .tempdir()
            .expect("temp dir"),
    )
}

/// Every shipped game (a folder of `card-db/`), in name order. Cross-game tests iterate
/// these rather than a list of their own, so that a new game is covered without edits.
pub fn games() -> impl Iterator<Item = &'static str> {
    decksmith::catalog::Catalog::embedded()
        .expect("the shipped data loads")
        .games
        .keys()
        .map(String::as_str)
}

/// Every example deck of every shipped game (`examples/decks/<game>/*.deck`), in path order.
pub fn example_decks() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for game in games() {
        for entry in std::fs::read_dir(root().join("examples/decks").join(game)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "deck") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// A text deck list as an encoding without a description gives it back: without its opening
/// comment lines.
pub fn without_description(text: &str) -> String {
    text.lines()
        .skip_while(|l| l.starts_with('#'))
        .flat_map(|l| [l, "\n"])
        .collect()
}

/// `text` as it comes back through the encoding `enc`: all of it, or without the description.
pub fn through(enc: &str, text: &str) -> String {
    let enc: decksmith::encoding::Encoding = enc.parse().expect("an encoding");
    if enc.holds().description {
        text.to_owned()
    } else {
        without_description(text)
    }
}

/// `git` in `dir`, as a test's own user, signing nothing.
pub fn git_command(dir: &Path) -> Command {
    let mut cmd = Command::new("git");
    cmd.args([
        "-c",
        "user.name=t",
        "-c",
        "user.email=t@t",
        "-c",
        "commit.gpgsign=false",
    ])
    .current_dir(dir)
    .stdout(Stdio::null())
    .stderr(Stdio::null());
    cmd
}

pub fn git(dir: &Path, args: &[&str]) {
    let status = git_command(dir).args(args).status().unwrap();
    assert!(status.success(), "git {args:?}");
}
