//! Files as of a git revision, read through the `git` command line: the `git:REV:PATH` sides
//! of `db diff` and `diff`, and the history `log` walks.

use crate::error::Error;
use std::io::{BufRead, Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// Where one side of a diff comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Spec {
    Path(PathBuf),
    /// `git:REV:PATH`: PATH (relative to the current folder) as of REV.
    Git {
        rev: String,
        path: PathBuf,
    },
}

impl Spec {
    pub fn parse(arg: &str) -> Result<Spec, Error> {
        let Some(rest) = arg.strip_prefix("git:") else {
            return Ok(Spec::Path(PathBuf::from(arg)));
        };
        match rest.split_once(':') {
            Some((rev, path)) if !rev.is_empty() => Ok(Spec::Git {
                rev: rev.to_owned(),
                path: PathBuf::from(if path.is_empty() { "." } else { path }),
            }),
            _ => Err(Error::usage_with_help(
                format!("`{arg}` is not `git:REV:PATH`"),
                "name a revision and a path, like `git:main:card-db` or `git:HEAD~1:decks/rush.deck`",
            )),
        }
    }
}

impl std::fmt::Display for Spec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Spec::Path(p) => write!(f, "{}", p.display()),
            Spec::Git { rev, path } => write!(f, "git:{rev}:{}", path.display()),
        }
    }
}

fn command(args: &[&str]) -> Command {
    let mut cmd = Command::new("git");
    cmd.args(args);
    cmd
}

fn cannot_run(e: std::io::Error) -> Error {
    Error::usage_with_help(
        format!("cannot run git: {e}"),
        "`git:REV:PATH` and `log` need git on the PATH",
    )
}

fn failed(args: &[&str], stderr: &[u8]) -> Error {
    Error::usage(format!(
        "`git {}` failed: {}",
        args.join(" "),
        String::from_utf8_lossy(stderr).trim()
    ))
}

fn text(args: &[&str], bytes: Vec<u8>) -> Result<String, Error> {
    String::from_utf8(bytes).map_err(|e| {
        Error::usage(format!(
            "`git {}` printed text that is not UTF-8 (first bad byte at offset {})",
            args.join(" "),
            e.utf8_error().valid_up_to()
        ))
    })
}

/// What `git ARGS` prints; a failure is an error with git's own message.
pub fn run(args: &[&str]) -> Result<String, Error> {
    let out = command(args).output().map_err(cannot_run)?;
    if !out.status.success() {
        return Err(failed(args, &out.stderr));
    }
    text(args, out.stdout)
}

/// A file's text as of `rev`, named by its path relative to the current folder; a folder or
/// a path missing at `rev` is an error (`cat-file blob`, where `show` would list a folder).
pub fn show(rev: &str, path: &str) -> Result<String, Error> {
    let spec = format!("{rev}:./{path}");
    run(&["cat-file", "blob", &spec]).map_err(|e| match e {
        Error::Usage { message, .. } => Error::usage(format!("git:{rev}:{path}: {message}")),
        other => other,
    })
}

/// The blobs `objects` name (`REV:PATH`, as `git cat-file` takes them), read by one git
/// process however many there are: `None` for an object that does not exist.
pub fn blobs(objects: &[String]) -> Result<Vec<Option<Vec<u8>>>, Error> {
    let args = ["cat-file", "--batch"];
    let mut child = command(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(cannot_run)?;
    let mut stdin = child
        .stdin
        .take()
        .ok_or_else(|| failed(&args, b"no stdin"))?;
    let names: String = objects.iter().map(|o| format!("{o}\n")).collect();
    // Written from another thread: git answers as it reads, and a full pipe either way
    // would stop both.
    let writer = std::thread::spawn(move || stdin.write_all(names.as_bytes()));
    let stdout = child
        .stdout
        .take()
        .ok_or_else(|| failed(&args, b"no stdout"))?;
    let mut reader = std::io::BufReader::new(stdout);
    let mut out = Vec::with_capacity(objects.len());
    let broken = || failed(&args, b"its output ended early");
    for _ in objects {
        let mut header = String::new();
        reader.read_line(&mut header).map_err(|_| broken())?;
        let header = header.trim_end();
        if header.is_empty() {
            return Err(broken());
        }
        // `<sha> <type> <size>`, or `<name> missing` / `<name> ambiguous`.
        let mut parts = header.rsplitn(3, ' ');
        let size = parts.next().and_then(|s| s.parse::<usize>().ok());
        let kind = parts.next();
        match (kind, size) {
            (Some(kind), Some(size)) => {
                let mut blob = vec![0; size + 1];
                reader.read_exact(&mut blob).map_err(|_| broken())?;
                blob.pop();
                out.push((kind == "blob").then_some(blob));
            }
            _ => out.push(None),
        }
    }
    let _ = writer.join();
    let status = child.wait().map_err(cannot_run)?;
    if !status.success() {
        let mut stderr = Vec::new();
        if let Some(mut e) = child.stderr.take() {
            let _ = e.read_to_end(&mut stderr);
        }
        return Err(failed(&args, &stderr));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn git_specs_need_a_revision() {
        assert_eq!(
            Spec::parse("git:main:card-db").unwrap(),
            Spec::Git {
                rev: "main".into(),
                path: "card-db".into()
            }
        );
        assert_eq!(
            Spec::parse("git:HEAD~1:").unwrap(),
            Spec::Git {
                rev: "HEAD~1".into(),
                path: ".".into()
            }
        );
        assert!(Spec::parse("git::card-db").is_err());
        assert!(Spec::parse("git:main").is_err());
        assert_eq!(
            Spec::parse("card-db").unwrap(),
            Spec::Path("card-db".into())
        );
    }
}
