//! Test support for conformance runs over `../shared/corpora/` (relative to the project root).
//!
//! A clone without the corpora still passes its tests: [`corpus`] prints that the test did not
//! run and returns `None`. With `TOOLGATE_REQUIRE_CORPORA=1` (set by `.ci/run`) a missing corpus
//! panics, so CI cannot pass without them. `TOOLGATE_CORPORA` overrides the location.
#![forbid(unsafe_code)]

use std::path::{Path, PathBuf};

/// The corpora root: `$TOOLGATE_CORPORA`, else `<project root>/../shared/corpora`.
pub fn corpora_root() -> PathBuf {
    if let Some(dir) = std::env::var_os("TOOLGATE_CORPORA") {
        return PathBuf::from(dir);
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpora")
}

/// The path of `relative` inside the corpora (a folder or a file), or `None` after printing
/// that the calling test did not run. Panics when the corpus is missing and
/// `TOOLGATE_REQUIRE_CORPORA=1`.
pub fn corpus(relative: &str) -> Option<PathBuf> {
    let path = corpora_root().join(relative);
    if path.exists() {
        return Some(path);
    }
    let required = std::env::var("TOOLGATE_REQUIRE_CORPORA").is_ok_and(|v| v == "1");
    assert!(
        !required,
        "corpus `{relative}` is missing and TOOLGATE_REQUIRE_CORPORA=1 (looked in {})",
        corpora_root().display()
    );
    println!("corpus `{relative}` not found: this conformance test did not run");
    None
}

/// Reads a JSONL corpus file into values, one per non-empty line. Panics on a malformed line.
pub fn read_jsonl(path: &Path) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            serde_json::from_str(l)
                .unwrap_or_else(|e| panic!("{}:{}: bad JSON: {e}", path.display(), i + 1))
        })
        .collect()
}

/// The shell corpora whose rows hold a `command`: the real-world commands, dcg's cases and
/// cc-safety-net's cases.
pub const SHELL_CORPORA: [&str; 3] = [
    "realworld-shell/commands.jsonl",
    "dcg-command-corpus/cases.jsonl",
    "cc-safety-net-cases/cases.jsonl",
];

/// Every `command` text of the [`SHELL_CORPORA`] that are present, in file order (a missing
/// corpus is reported by [`corpus`]).
pub fn shell_commands() -> Vec<String> {
    let mut out = Vec::new();
    for relative in SHELL_CORPORA {
        if let Some(path) = corpus(relative) {
            out.extend(
                read_jsonl(&path)
                    .iter()
                    .filter_map(|row| row["command"].as_str().map(str::to_string)),
            );
        }
    }
    out
}
