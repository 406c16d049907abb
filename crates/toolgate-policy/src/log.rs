//! The `log:` section: the decision log (off unless the section is written or `TOOLGATE_LOG`
//! names a file).
//!
//! ```yaml
//! log:
//!   path: ~/.local/state/toolgate/decisions.jsonl   # default; relative: to the policy file
//!   on_failure: deny          # deny (default) | warn: what a log that cannot be written does
//!   store_input: none         # none (default) | redacted: keep the input, secrets replaced
//!   rotate_bytes: 10MiB       # rotate past this size (bytes, or KiB / MiB / GiB)
//!   keep: 20                  # rotated files kept (0: all)
//!   key_file: ~/.local/state/toolgate/toolgate-log.key   # key of the input hash
//!   enabled: true             # false: keep the settings, write nothing
//! ```
//!
//! The section only holds settings; the `toolgate-audit` crate writes the log and applies the
//! `TOOLGATE_LOG` override.

use std::path::{Path, PathBuf};

use crate::diagnostic::Diagnostics;
use crate::document::{Node, Position, Value};
use crate::reader::MapReader;

/// What a decision does when its log line cannot be written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OnLogFailure {
    /// Deny the call (the default: an unrecorded call does not run).
    Deny,
    /// Keep the decision and say on stderr that the log failed. A deny stays a deny.
    Warn,
}

/// How much of the input a log line keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StoreInput {
    /// Only the keyed hash of the input (the default).
    None,
    /// The input with every detected secret replaced, besides the hash.
    Redacted,
}

/// The `log:` section.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct LogSettings {
    /// Whether the policy turns the log on (the section is written and not `enabled: false`).
    pub enabled: bool,
    /// `path`, resolved (`~` expanded, relative to the policy file); `None`: the default path.
    pub path: Option<PathBuf>,
    /// `on_failure`.
    pub on_failure: OnLogFailure,
    /// `store_input`.
    pub store_input: StoreInput,
    /// `rotate_bytes`: a file at least this large is rotated before the next line.
    pub rotate_bytes: u64,
    /// `keep`: rotated files kept (0: all).
    pub keep: u32,
    /// `key_file`, resolved; `None`: `toolgate-log.key` beside the log.
    pub key_file: Option<PathBuf>,
    /// Where the section is written (for messages).
    #[serde(skip)]
    pub position: Position,
}

/// Default rotation size: 10 MiB.
pub const DEFAULT_ROTATE_BYTES: u64 = 10 * 1024 * 1024;
/// Default number of rotated files kept.
pub const DEFAULT_KEEP: u32 = 20;
/// Smallest rotation size accepted (a line with stored input can be 64 KiB).
pub const MIN_ROTATE_BYTES: u64 = 64 * 1024;

impl Default for LogSettings {
    fn default() -> Self {
        LogSettings {
            enabled: false,
            path: None,
            on_failure: OnLogFailure::Deny,
            store_input: StoreInput::None,
            rotate_bytes: DEFAULT_ROTATE_BYTES,
            keep: DEFAULT_KEEP,
            key_file: None,
            position: Position::UNKNOWN,
        }
    }
}

/// The keys of the `log:` section.
pub const LOG_KEYS: &[&str] = &[
    "enabled",
    "path",
    "on_failure",
    "store_input",
    "rotate_bytes",
    "keep",
    "key_file",
];

/// Reads the `log:` section. `base_dir` is the policy file's directory.
pub fn read_log(node: &Node, base_dir: Option<&Path>, diags: &mut Diagnostics) -> LogSettings {
    let mut settings = LogSettings {
        enabled: true,
        position: node.position,
        ..LogSettings::default()
    };
    if matches!(node.value, Value::Null) {
        return settings;
    }
    let Some(mut map) = MapReader::new(node, "log", diags) else {
        return settings;
    };
    if let Some((b, _)) = map.bool("enabled", diags) {
        settings.enabled = b;
    }
    for (key, slot) in [
        ("path", &mut settings.path),
        ("key_file", &mut settings.key_file),
    ] {
        if let Some((text, position)) = map.string(key, diags) {
            if text.trim().is_empty() {
                diags.error_hint(
                    "invalid-value",
                    position,
                    format!("`log.{key}` is empty"),
                    "write a file path, such as `~/.local/state/toolgate/decisions.jsonl`",
                );
            } else {
                *slot = Some(resolve_path(text, base_dir));
            }
        }
    }
    if let Some((value, position)) = map.string("on_failure", diags) {
        match value {
            "deny" => settings.on_failure = OnLogFailure::Deny,
            "warn" => settings.on_failure = OnLogFailure::Warn,
            _ => diags.error_hint(
                "invalid-value",
                position,
                "`log.on_failure` must be `deny` or `warn`",
                "write `on_failure: deny` (an unrecorded call is denied) or `on_failure: warn`",
            ),
        }
    }
    if let Some(node) = map.take("store_input") {
        match &node.value {
            Value::String(s) if s == "none" => settings.store_input = StoreInput::None,
            Value::String(s) if s == "redacted" => settings.store_input = StoreInput::Redacted,
            Value::Bool(false) | Value::Null => settings.store_input = StoreInput::None,
            _ => diags.error_hint(
                "invalid-value",
                node.position,
                "`log.store_input` must be `none` or `redacted`",
                "write `store_input: redacted` (the input is kept with every detected secret replaced) or `store_input: none`",
            ),
        }
    }
    if let Some(node) = map.take("rotate_bytes") {
        match byte_size(node) {
            Some(n) if n >= MIN_ROTATE_BYTES => settings.rotate_bytes = n,
            Some(_) => diags.error_hint(
                "invalid-value",
                node.position,
                "`log.rotate_bytes` is smaller than 64 KiB",
                "write a size of at least 64KiB, such as `rotate_bytes: 10MiB`",
            ),
            None => diags.error_hint(
                "invalid-value",
                node.position,
                format!(
                    "`log.rotate_bytes` must be a size, found {}",
                    node.type_name()
                ),
                "write a number of bytes or a size such as `10MiB` (KiB, MiB, GiB, KB, MB, GB)",
            ),
        }
    }
    if let Some(node) = map.take("keep") {
        match node.value {
            Value::Integer(n) if (0..=100_000).contains(&n) => settings.keep = n as u32,
            _ => diags.error_hint(
                "invalid-value",
                node.position,
                "`log.keep` must be a whole number from 0 to 100000",
                "write how many rotated files to keep, such as `keep: 20` (0 keeps all)",
            ),
        }
    }
    map.finish(LOG_KEYS, diags);
    settings
}

/// `~/x` under `$HOME`; a relative path under `base_dir` (the policy file's directory).
fn resolve_path(text: &str, base_dir: Option<&Path>) -> PathBuf {
    if let Some(rest) = text.strip_prefix("~/")
        && let Some(home) = std::env::var_os("HOME")
    {
        return PathBuf::from(home).join(rest);
    }
    let path = PathBuf::from(text);
    match base_dir {
        Some(dir) if path.is_relative() => dir.join(path),
        _ => path,
    }
}

/// A byte size: an integer, or a number with a unit (`64KiB`, `10 MiB`, `1GB`).
fn byte_size(node: &Node) -> Option<u64> {
    match &node.value {
        Value::Integer(n) => u64::try_from(*n).ok(),
        Value::String(s) => {
            let s = s.trim();
            let split = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
            let (digits, unit) = s.split_at(split);
            let n: u64 = digits.parse().ok()?;
            let factor: u64 = match unit.trim().to_ascii_lowercase().as_str() {
                "" | "b" => 1,
                "kib" | "k" => 1 << 10,
                "mib" | "m" => 1 << 20,
                "gib" | "g" => 1 << 30,
                "kb" => 1_000,
                "mb" => 1_000_000,
                "gb" => 1_000_000_000,
                _ => return None,
            };
            n.checked_mul(factor)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Format, PolicySource, load_str};

    fn load(text: &str) -> crate::Policy {
        load_str(text, Format::Yaml, PolicySource::Builtin)
    }

    #[test]
    fn off_unless_written() {
        assert!(!load("hook:\n  on_review: ask\n").log.enabled);
        let p = load("log:\n");
        assert!(p.is_usable() && p.log.enabled && p.log.path.is_none());
        assert!(!load("log:\n  enabled: false\n").log.enabled);
    }

    #[test]
    fn every_setting_is_read() {
        let p = load(
            "log:\n  path: /var/log/tg.jsonl\n  on_failure: warn\n  store_input: redacted\n  rotate_bytes: 2MiB\n  keep: 0\n  key_file: /etc/tg.key\n",
        );
        assert!(p.is_usable(), "{}", p.render_diagnostics());
        let l = &p.log;
        assert_eq!(l.path.as_deref(), Some(Path::new("/var/log/tg.jsonl")));
        assert_eq!(l.on_failure, OnLogFailure::Warn);
        assert_eq!(l.store_input, StoreInput::Redacted);
        assert_eq!(l.rotate_bytes, 2 << 20);
        assert_eq!(l.keep, 0);
        assert_eq!(l.key_file.as_deref(), Some(Path::new("/etc/tg.key")));
        assert_eq!(
            load("log:\n  rotate_bytes: 100000\n").log.rotate_bytes,
            100_000
        );
        assert_eq!(
            load("log:\n  rotate_bytes: 1 GB\n").log.rotate_bytes,
            1_000_000_000
        );
    }

    #[test]
    fn relative_paths_follow_the_policy_file() {
        let p = crate::load_str(
            "log:\n  path: logs/d.jsonl\n",
            Format::Yaml,
            PolicySource::File {
                path: PathBuf::from("/srv/project/.toolgate.yaml"),
                origin: crate::discovery::Origin::Explicit,
            },
        );
        assert_eq!(
            p.log.path.as_deref(),
            Some(Path::new("/srv/project/logs/d.jsonl"))
        );
    }

    #[test]
    fn mistakes_are_positioned_errors_with_hints() {
        for (text, line, column, code) in [
            ("log:\n  on_failure: allow\n", 2, 15, "invalid-value"),
            ("log:\n  store_input: true\n", 2, 16, "invalid-value"),
            ("log:\n  rotate_bytes: 10 parsecs\n", 2, 17, "invalid-value"),
            ("log:\n  rotate_bytes: 100\n", 2, 17, "invalid-value"),
            ("log:\n  keep: -1\n", 2, 9, "invalid-value"),
            ("log:\n  pth: x.jsonl\n", 2, 3, "unknown-key"),
            ("log:\n  path: ''\n", 2, 9, "invalid-value"),
            ("log: [a]\n", 1, 6, "wrong-type"),
        ] {
            let p = load(text);
            assert!(!p.is_usable(), "{text}");
            let d = p.diagnostics.errors().next().unwrap();
            assert_eq!(d.code, code, "{text}");
            assert_eq!(d.position(), Position { line, column }, "{text}");
            assert!(d.hint.is_some(), "{text}");
        }
    }
}
