//! Appending to the log: one line per decision, written whole under an exclusive lock, chained
//! to the line before it, with size-based rotation that carries the chain into the new file.
//!
//! Files, for a log at `decisions.jsonl`:
//! - `decisions.jsonl`: the current file; `decisions.jsonl.1` … `.N`: rotated, `.1` newest.
//! - `decisions.jsonl.head`: the lock every writer takes (it is never renamed, so two writers
//!   can never hold locks on different generations of the log), and the record of the last
//!   line written (`{"seq":…,"sha256":…}`), which lets `verify` notice lines cut off the end.
//!
//! Under the lock a writer reads the last line of the log (of `.1` when the current file is
//! empty or missing), so the chain is always taken from the file itself: a writer stopped
//! between its line and the head file cannot break it.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::digest::{GENESIS, sha256_hex};
use crate::record::SCHEMA_VERSION;

/// Why a line could not be written. The message never repeats input values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogError {
    /// What was being done.
    pub doing: &'static str,
    /// What went wrong.
    pub why: String,
}

impl std::fmt::Display for LogError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the decision log could not be written ({}: {})",
            self.doing, self.why
        )
    }
}

impl std::error::Error for LogError {}

fn io_error(doing: &'static str) -> impl Fn(std::io::Error) -> LogError {
    move |e| LogError {
        doing,
        why: toolgate_policy::io_reason(&e),
    }
}

/// What an append wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Appended {
    /// The line's `seq`.
    pub seq: u64,
    /// SHA-256 of the line.
    pub sha256: String,
    /// Whether the log was rotated before the line.
    pub rotated: bool,
}

/// The last line of a log: its sequence number and hash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tail {
    /// `seq` of the last line that parsed (`None`: none did).
    pub seq: Option<u64>,
    /// SHA-256 of the last line.
    pub sha256: String,
    /// The file does not end with a newline (a torn line).
    pub unterminated: bool,
}

/// The path of the head (lock) file of the log at `path`.
pub fn head_path(path: &Path) -> PathBuf {
    suffixed(path, ".head")
}

/// The path of rotated file `n` (1: newest) of the log at `path`.
pub fn rotated_path(path: &Path, n: u32) -> PathBuf {
    suffixed(path, &format!(".{n}"))
}

fn suffixed(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}

/// Options for files only the owner may read (0600 on Unix).
pub fn private_options() -> OpenOptions {
    #[allow(unused_mut)]
    let mut o = OpenOptions::new();
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        o.mode(0o600);
    }
    o
}

/// Creates `dir` and its parents, only the owner may enter the new ones (0700 on Unix).
pub fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    #[allow(unused_mut)]
    let mut b = std::fs::DirBuilder::new();
    b.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        b.mode(0o700);
    }
    b.create(dir)
}

/// Appends one line made of the record body `body` (a JSON object without `v`, `seq` and
/// `prev_sha256`) to the log at `path`, rotating it first when it has reached
/// `rotate_bytes`. `keep`: rotated files kept (0: all).
pub fn append_body(
    path: &Path,
    body: &str,
    rotate_bytes: u64,
    keep: u32,
) -> Result<Appended, LogError> {
    let inner = body
        .strip_prefix('{')
        .and_then(|b| b.strip_suffix('}'))
        .ok_or(LogError {
            doing: "serialising the record",
            why: "not a JSON object".into(),
        })?;
    let head = open_head(path)?;
    head.lock().map_err(io_error("locking the log"))?;
    // The lock is released when `head` is closed, on every path out of here (and by the
    // kernel if the process dies).
    let (tail, tail_len) = current_tail(path)?;
    let seq = match &tail {
        Some(t) => t.seq.map_or(0, |s| s + 1),
        None => 0,
    };
    let prev = tail.as_ref().map_or(GENESIS, |t| t.sha256.as_str());
    let sep = if inner.is_empty() { "" } else { "," };
    let line =
        format!("{{\"v\":{SCHEMA_VERSION},\"seq\":{seq}{sep}{inner},\"prev_sha256\":\"{prev}\"}}");
    let mut rotated = false;
    let mut bytes = Vec::with_capacity(line.len() + 2);
    if tail_len > 0 && tail_len + line.len() as u64 + 1 > rotate_bytes {
        rotate(path, keep)?;
        rotated = true;
    } else if tail.as_ref().is_some_and(|t| t.unterminated) && tail_len > 0 {
        // End the torn line first, so this one stays whole; verify reports the torn one.
        bytes.push(b'\n');
    }
    bytes.extend_from_slice(line.as_bytes());
    bytes.push(b'\n');
    let mut log = private_options()
        .append(true)
        .create(true)
        .open(path)
        .map_err(io_error("opening the log"))?;
    // One write of the whole line: with the lock, no other writer's bytes can interleave.
    log.write_all(&bytes)
        .map_err(io_error("writing the line"))?;
    let sha256 = sha256_hex(line.as_bytes());
    write_head(&head, seq, &sha256);
    Ok(Appended {
        seq,
        sha256,
        rotated,
    })
}

fn open_head(path: &Path) -> Result<File, LogError> {
    let head = head_path(path);
    let open = || {
        private_options()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&head)
    };
    match open() {
        Ok(f) => Ok(f),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                create_private_dir(dir).map_err(io_error("creating the log directory"))?;
            }
            open().map_err(io_error("opening the log's head file"))
        }
        Err(e) => Err(io_error("opening the log's head file")(e)),
    }
}

/// The head file records the last line; it is advisory (the chain is read from the log), so a
/// failure to write it does not fail the append.
fn write_head(mut head: &File, seq: u64, sha256: &str) {
    let text = format!("{{\"seq\":{seq},\"sha256\":\"{sha256}\"}}\n");
    let _ = head
        .seek(SeekFrom::Start(0))
        .and_then(|_| head.write_all(text.as_bytes()))
        .and_then(|()| head.set_len(text.len() as u64));
}

/// What the head file says: the last line's `seq` and hash.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Head {
    /// `seq` of the last line written.
    pub seq: u64,
    /// Its SHA-256.
    pub sha256: String,
}

/// Reads the head file of the log at `path`, if there is a readable one.
pub fn read_head(path: &Path) -> Option<Head> {
    let text = std::fs::read_to_string(head_path(path)).ok()?;
    serde_json::from_str(text.trim()).ok()
}

/// The tail the next line chains to, and the current file's length: the current file's last
/// line, else the newest rotated file's, else none (a new log).
fn current_tail(path: &Path) -> Result<(Option<Tail>, u64), LogError> {
    if let Some((tail, len)) = read_tail(path)? {
        return Ok((Some(tail), len));
    }
    Ok((read_tail(&rotated_path(path, 1))?.map(|(t, _)| t), 0))
}

#[derive(Deserialize)]
struct SeqOnly {
    seq: u64,
}

/// The last line of the file at `path` and the file's length; `None` when the file is
/// missing or empty.
pub fn read_tail(path: &Path) -> Result<Option<(Tail, u64)>, LogError> {
    let mut f = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io_error("reading the log")(e)),
    };
    let len = f.metadata().map_err(io_error("reading the log"))?.len();
    if len == 0 {
        return Ok(None);
    }
    // Read backwards in growing chunks until the buffer holds the whole last line and the
    // newline before it (or the start of the file).
    let mut chunk: u64 = 8 * 1024;
    loop {
        let start = len.saturating_sub(chunk);
        let mut buf = vec![0u8; (len - start) as usize];
        f.seek(SeekFrom::Start(start))
            .map_err(io_error("reading the log"))?;
        f.read_exact(&mut buf)
            .map_err(io_error("reading the log"))?;
        let unterminated = buf.last() != Some(&b'\n');
        let body = if unterminated {
            &buf[..]
        } else {
            &buf[..buf.len() - 1]
        };
        let found = body.iter().rposition(|&b| b == b'\n');
        if found.is_none() && start > 0 {
            chunk = chunk.saturating_mul(4);
            continue;
        }
        let last = match found {
            Some(i) => &body[i + 1..],
            None => body,
        };
        // The seq of the last line; if it does not parse (torn, edited), the nearest earlier
        // line in the buffer that does, counted forward.
        let seq = body
            .rsplit(|&b| b == b'\n')
            .enumerate()
            .find_map(|(after, line)| {
                serde_json::from_slice::<SeqOnly>(line)
                    .ok()
                    .map(|s| s.seq + after as u64)
            });
        return Ok(Some((
            Tail {
                seq,
                sha256: sha256_hex(last),
                unterminated,
            },
            len,
        )));
    }
}

/// Rotates the log at `path`: `.N` … `.1` move up one (the oldest beyond `keep` is removed;
/// `keep == 0` keeps all), the current file becomes `.1`.
fn rotate(path: &Path, keep: u32) -> Result<(), LogError> {
    let mut highest = 0u32;
    while rotated_path(path, highest + 1).exists() && (keep == 0 || highest < keep) {
        highest += 1;
    }
    if keep > 0 && highest >= keep {
        match std::fs::remove_file(rotated_path(path, keep)) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(io_error("removing the oldest rotated file")(e)),
        }
        highest = keep - 1;
    }
    for n in (1..=highest).rev() {
        std::fs::rename(rotated_path(path, n), rotated_path(path, n + 1))
            .map_err(io_error("rotating the log"))?;
    }
    std::fs::rename(path, rotated_path(path, 1)).map_err(io_error("rotating the log"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(path: &Path) -> Vec<String> {
        std::fs::read_to_string(path)
            .unwrap_or_default()
            .lines()
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn lines_chain_and_count() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("logs/d.jsonl");
        let a = append_body(&path, r#"{"x":1}"#, 1 << 20, 0).unwrap();
        let b = append_body(&path, r#"{"x":2}"#, 1 << 20, 0).unwrap();
        assert_eq!((a.seq, b.seq), (0, 1));
        let l = lines(&path);
        assert_eq!(
            l[0],
            format!(r#"{{"v":1,"seq":0,"x":1,"prev_sha256":"{GENESIS}"}}"#)
        );
        assert_eq!(sha256_hex(l[0].as_bytes()), a.sha256);
        assert!(l[1].ends_with(&format!(r#""prev_sha256":"{}"}}"#, a.sha256)));
        assert_eq!(
            read_head(&path),
            Some(Head {
                seq: 1,
                sha256: b.sha256.clone()
            })
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode(&path), 0o600);
            assert_eq!(mode(&head_path(&path)), 0o600);
            assert_eq!(mode(&dir.path().join("logs")), 0o700);
        }
    }

    #[test]
    fn rotation_carries_the_chain_and_keeps_n_files() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("d.jsonl");
        let body = format!(r#"{{"pad":"{}"}}"#, "x".repeat(200));
        let mut last = None;
        for _ in 0..40 {
            let a = append_body(&path, &body, 1024, 3).unwrap();
            if a.rotated {
                // The first line of the new file chains to the last line of the rotated one.
                let first = &lines(&path)[0];
                let prev: &Appended = last.as_ref().unwrap();
                assert!(first.contains(&prev.sha256), "{first}");
                assert_eq!(a.seq, prev.seq + 1);
            }
            last = Some(a);
        }
        assert!(rotated_path(&path, 3).exists());
        assert!(!rotated_path(&path, 4).exists());
        assert!(std::fs::metadata(&path).unwrap().len() <= 1024);
    }

    #[test]
    fn a_torn_last_line_is_ended_and_chained_to() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("d.jsonl");
        append_body(&path, r#"{"x":1}"#, 1 << 20, 0).unwrap();
        std::fs::OpenOptions::new()
            .append(true)
            .open(&path)
            .unwrap()
            .write_all(br#"{"v":1,"seq":1,"x":"#)
            .unwrap();
        let a = append_body(&path, r#"{"x":3}"#, 1 << 20, 0).unwrap();
        let l = lines(&path);
        assert_eq!(l.len(), 3);
        assert_eq!(a.seq, 2);
        assert!(l[2].contains(&sha256_hex(br#"{"v":1,"seq":1,"x":"#)));
    }

    #[test]
    fn a_long_last_line_is_found() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("d.jsonl");
        let big = format!(r#"{{"pad":"{}"}}"#, "y".repeat(100_000));
        let a = append_body(&path, &big, 1 << 30, 0).unwrap();
        let (tail, _) = read_tail(&path).unwrap().unwrap();
        assert_eq!(tail.sha256, a.sha256);
        assert_eq!(tail.seq, Some(0));
    }
}
