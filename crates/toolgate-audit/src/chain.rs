//! Reading a log back: its files in order, its lines and records, following it as it grows,
//! and verifying its hash chain.

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::digest::{GENESIS, sha256_hex};
use crate::record::Record;
use crate::writer::{read_head, rotated_path};

/// The files of the log at `path`, oldest first: `.N` … `.1`, then `path` (if it exists).
pub fn log_files(path: &Path) -> Vec<PathBuf> {
    let mut rotated = Vec::new();
    let mut n = 1;
    while rotated_path(path, n).exists() {
        rotated.push(rotated_path(path, n));
        n += 1;
    }
    rotated.reverse();
    if path.exists() {
        rotated.push(path.to_path_buf());
    }
    rotated
}

/// One line of a log file.
#[derive(Debug, Clone)]
pub struct Line {
    /// The file.
    pub file: PathBuf,
    /// 1-based line number in the file.
    pub number: u64,
    /// The text, without the newline.
    pub text: String,
}

impl Line {
    /// SHA-256 of the line.
    pub fn sha256(&self) -> String {
        sha256_hex(self.text.as_bytes())
    }

    /// The record on this line.
    pub fn record(&self) -> Result<Record, String> {
        serde_json::from_str(&self.text).map_err(|e| format!("not a decision record ({e})"))
    }
}

/// Every line of the log at `path`, oldest first, across rotated files. A file that cannot be
/// read ends the iteration with an error.
pub fn lines(path: &Path) -> impl Iterator<Item = Result<Line, String>> {
    log_files(path).into_iter().flat_map(|file| {
        let reader = File::open(&file).map(BufReader::new);
        let iter: Box<dyn Iterator<Item = Result<Line, String>>> = match reader {
            Ok(r) => {
                let file = file.clone();
                Box::new(r.split(b'\n').enumerate().map(move |(i, bytes)| {
                    let bytes =
                        bytes.map_err(|e| format!("cannot read {}: {e}", file.display()))?;
                    Ok(Line {
                        file: file.clone(),
                        number: i as u64 + 1,
                        text: String::from_utf8_lossy(&bytes).into_owned(),
                    })
                }))
            }
            Err(e) => Box::new(std::iter::once(Err(format!(
                "cannot read {}: {}",
                file.display(),
                toolgate_policy::io_reason(&e)
            )))),
        };
        iter
    })
}

/// Where verification stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Broken {
    /// The file.
    pub file: PathBuf,
    /// 1-based line number in the file (0: the file as a whole).
    pub line: u64,
    /// What is wrong.
    pub what: String,
}

impl std::fmt::Display for Broken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line > 0 {
            write!(f, "{}:{}: {}", self.file.display(), self.line, self.what)
        } else {
            write!(f, "{}: {}", self.file.display(), self.what)
        }
    }
}

/// A log whose chain holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verified {
    /// Lines checked.
    pub lines: u64,
    /// Files checked.
    pub files: usize,
    /// `seq` of the first line (above 0 when older files were rotated away).
    pub first_seq: Option<u64>,
    /// `seq` of the last line.
    pub last_seq: Option<u64>,
    /// SHA-256 of the last line: keep it elsewhere to detect a rewritten log later.
    pub last_sha256: Option<String>,
    /// Things worth knowing that do not break the chain.
    pub notes: Vec<String>,
}

#[derive(Deserialize)]
struct ChainFields {
    v: u32,
    seq: u64,
    prev_sha256: String,
}

/// Verifies the log at `path` (all its files): every line parses, its `seq` follows the line
/// before, and its `prev_sha256` is the SHA-256 of the line before. The head file, when there
/// is one, must agree with the end of the log. Returns the first broken line.
pub fn verify(path: &Path) -> Result<Verified, Broken> {
    let files = log_files(path);
    if files.is_empty() {
        return Err(Broken {
            file: path.to_path_buf(),
            line: 0,
            what: "no log file here".into(),
        });
    }
    let mut v = Verified {
        lines: 0,
        files: files.len(),
        first_seq: None,
        last_seq: None,
        last_sha256: None,
        notes: Vec::new(),
    };
    let head = read_head(path);
    let mut head_line_seen = false;
    let mut last_file = None;
    for line in lines(path) {
        let line = line.map_err(|what| Broken {
            file: path.to_path_buf(),
            line: 0,
            what,
        })?;
        last_file = Some(line.file.clone());
        let broken = |what: String| Broken {
            file: line.file.clone(),
            line: line.number,
            what,
        };
        if line.text.is_empty() {
            return Err(broken(
                "an empty line (lines were cut out or joined)".into(),
            ));
        }
        let f: ChainFields = serde_json::from_str(&line.text).map_err(|_| {
            broken("the line is not a complete decision record (torn, truncated or edited)".into())
        })?;
        if f.v != crate::record::SCHEMA_VERSION {
            return Err(broken(format!("unknown schema version {}", f.v)));
        }
        match (v.last_seq, &v.last_sha256) {
            (Some(prev_seq), Some(prev_sha)) => {
                if f.prev_sha256 != *prev_sha {
                    return Err(broken(format!(
                        "the chain is broken: prev_sha256 is not the hash of the line before it (seq {prev_seq}), so that line was edited, or lines were removed or moved here"
                    )));
                }
                if f.seq != prev_seq + 1 {
                    return Err(broken(format!(
                        "seq {} follows seq {prev_seq}: lines were removed or reordered",
                        f.seq
                    )));
                }
            }
            _ => {
                if f.seq == 0 && f.prev_sha256 != GENESIS {
                    return Err(broken(
                        "the first line (seq 0) does not start the chain (prev_sha256 is not all zeros)".into(),
                    ));
                }
                if f.seq > 0 {
                    if files.len() == 1 && files[0] == path {
                        return Err(broken(format!(
                            "the log never rotated, yet it starts at seq {}: its first lines were removed",
                            f.seq
                        )));
                    }
                    if f.prev_sha256 == GENESIS {
                        return Err(broken(format!(
                            "seq {} claims to start the chain: earlier lines were removed",
                            f.seq
                        )));
                    }
                    v.notes.push(format!(
                        "the log starts at seq {} (older lines were rotated away; their chain cannot be checked)",
                        f.seq
                    ));
                }
                v.first_seq = Some(f.seq);
            }
        }
        let sha = line.sha256();
        if let Some(h) = &head
            && h.seq == f.seq
        {
            head_line_seen = true;
            if h.sha256 != sha {
                return Err(broken(format!(
                    "seq {} is not the line the writer recorded in the head file: it was edited",
                    f.seq
                )));
            }
        }
        v.lines += 1;
        v.last_seq = Some(f.seq);
        v.last_sha256 = Some(sha);
    }
    if let Some(h) = head {
        let end = last_file.unwrap_or_else(|| path.to_path_buf());
        match v.last_seq {
            Some(last) if h.seq > last => {
                return Err(Broken {
                    file: end,
                    line: 0,
                    what: format!(
                        "the log ends at seq {last}, but the writer recorded seq {} in the head file: lines were removed from the end",
                        h.seq
                    ),
                });
            }
            None => {
                return Err(Broken {
                    file: end,
                    line: 0,
                    what: format!(
                        "the log is empty, but the writer recorded seq {} in the head file",
                        h.seq
                    ),
                });
            }
            Some(last) if !head_line_seen && h.seq >= v.first_seq.unwrap_or(0) => {
                return Err(Broken {
                    file: end,
                    line: 0,
                    what: format!("seq {} recorded in the head file is missing (last seq {last})", h.seq),
                });
            }
            Some(last) if h.seq < last => v.notes.push(format!(
                "{} line(s) after seq {} are not in the head file (a writer was stopped between its line and the head file, or lines were added by something else)",
                last - h.seq,
                h.seq
            )),
            _ => {}
        }
    }
    Ok(v)
}

/// Reads a log as it grows (`tail -f`): complete lines only, across rotations.
pub struct Follower {
    path: PathBuf,
    file: Option<File>,
    identity: Option<(u64, u64)>,
    pending: Vec<u8>,
}

impl Follower {
    /// Starts at the end of the current file (`from_start`: at its beginning).
    pub fn new(path: &Path, from_start: bool) -> Follower {
        let mut f = Follower {
            path: path.to_path_buf(),
            file: None,
            identity: None,
            pending: Vec::new(),
        };
        if let Ok(mut file) = File::open(path) {
            if !from_start {
                let _ = file.seek(SeekFrom::End(0));
            }
            f.identity = identity(&file);
            f.file = Some(file);
        }
        f
    }

    /// The complete lines written since the last call. When the file was rotated, the rest of
    /// the old file comes first, then the new file from its start.
    pub fn poll(&mut self) -> Vec<String> {
        let mut out = Vec::new();
        self.drain(&mut out);
        let current = File::open(&self.path).ok();
        let moved = match (&current, self.identity) {
            (Some(c), Some(id)) => identity(c) != Some(id),
            (Some(_), None) => true,
            (None, _) => false,
        };
        if moved && let Some(file) = current {
            self.identity = identity(&file);
            self.file = Some(file);
            self.pending.clear();
            self.drain(&mut out);
        }
        out
    }

    fn drain(&mut self, out: &mut Vec<String>) {
        let Some(file) = &mut self.file else { return };
        let mut buf = Vec::new();
        if file.read_to_end(&mut buf).is_err() {
            return;
        }
        self.pending.extend_from_slice(&buf);
        while let Some(i) = self.pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.pending.drain(..=i).collect();
            out.push(String::from_utf8_lossy(&line[..line.len() - 1]).into_owned());
        }
    }
}

#[cfg(unix)]
fn identity(f: &File) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    f.metadata().ok().map(|m| (m.dev(), m.ino()))
}

#[cfg(not(unix))]
fn identity(f: &File) -> Option<(u64, u64)> {
    // No inode: the creation time tells a new file from the old one.
    let created = f.metadata().ok()?.created().ok()?;
    let d = created.duration_since(std::time::UNIX_EPOCH).ok()?;
    Some((d.as_secs(), u64::from(d.subsec_nanos())))
}
