//! The decision log of one policy: where it is (the `log:` section, `TOOLGATE_LOG`), and
//! appending a decision to it with the input's keyed hash (and, when asked, the input with its
//! secrets replaced).

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use serde_json::Value;
use toolgate_core::rules::Rule;
use toolgate_policy::hook::denied;
use toolgate_policy::log::{LogSettings, OnLogFailure, StoreInput};
use toolgate_policy::{HookAnswer, PermissionDecision, Policy};

use crate::digest::{DEFAULT_KEY_FILE_NAME, input_hash, load_or_create_key};
use crate::record::Record;
use crate::redact::Redactor;
use crate::writer::{Appended, LogError, append_body};

/// The environment variable that overrides the policy: a path turns the log on there; `off`
/// (or `0`, `false`, `no`) turns it off; `on` (`1`, `true`, `yes`) turns it on at the policy's
/// path or the default one.
pub const ENV_VAR: &str = "TOOLGATE_LOG";

/// Stored input larger than this (as JSON) is left out of the line (`input_omitted`).
pub const MAX_STORED_INPUT_BYTES: usize = 64 * 1024;

/// Where and how decisions are logged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogConfig {
    /// The current log file.
    pub path: PathBuf,
    /// What a decision does when its line cannot be written.
    pub on_failure: OnLogFailure,
    /// Whether the redacted input is kept.
    pub store_input: StoreInput,
    /// Rotation size.
    pub rotate_bytes: u64,
    /// Rotated files kept (0: all).
    pub keep: u32,
    /// The key of the input hash.
    pub key_file: PathBuf,
}

/// The default log: `$XDG_STATE_HOME/toolgate/decisions.jsonl`, else
/// `~/.local/state/toolgate/decisions.jsonl`.
pub fn default_path() -> Option<PathBuf> {
    let state = std::env::var_os("XDG_STATE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/state")))?;
    Some(state.join("toolgate").join("decisions.jsonl"))
}

impl LogConfig {
    /// The log `settings` and the value of `TOOLGATE_LOG` (`env`) describe, if it is on.
    pub fn resolve(settings: &LogSettings, env: Option<&OsStr>) -> Option<LogConfig> {
        let mut enabled = settings.enabled;
        let mut path = settings.path.clone();
        if let Some(value) = env.filter(|v| !v.is_empty()) {
            match value.to_str().map(str::to_ascii_lowercase).as_deref() {
                Some("off" | "0" | "false" | "no") => enabled = false,
                Some("on" | "1" | "true" | "yes") => enabled = true,
                _ => {
                    enabled = true;
                    path = Some(PathBuf::from(value));
                }
            }
        }
        if !enabled {
            return None;
        }
        // No path and no home: the empty path fails on the first write, which `on_failure`
        // then answers.
        let path = path.or_else(default_path).unwrap_or_default();
        let key_file = settings.key_file.clone().unwrap_or_else(|| {
            path.parent()
                .unwrap_or(Path::new(""))
                .join(DEFAULT_KEY_FILE_NAME)
        });
        Some(LogConfig {
            path,
            on_failure: settings.on_failure,
            store_input: settings.store_input,
            rotate_bytes: settings.rotate_bytes,
            keep: settings.keep,
            key_file,
        })
    }

    /// The log of `policy` under the process's `TOOLGATE_LOG`.
    pub fn for_policy(policy: &Policy) -> Option<LogConfig> {
        LogConfig::resolve(&policy.log, std::env::var_os(ENV_VAR).as_deref())
    }
}

/// The answer after logging.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settled {
    /// The answer to give.
    pub answer: HookAnswer,
    /// Why the log could not be written, when the answer stands (`on_failure: warn`, or a deny).
    pub warning: Option<String>,
    /// Why the answer became a deny (`on_failure: deny`), when it did.
    pub denied_because: Option<String>,
}

/// An open decision log. Opening does no I/O; each append takes the lock, writes one line and
/// releases it.
#[derive(Debug, Clone)]
pub struct DecisionLog {
    config: LogConfig,
}

impl DecisionLog {
    /// The log `config` describes.
    pub fn new(config: LogConfig) -> DecisionLog {
        DecisionLog { config }
    }

    /// The log of `policy` (under `TOOLGATE_LOG`), if it is on.
    pub fn for_policy(policy: &Policy) -> Option<DecisionLog> {
        LogConfig::for_policy(policy).map(DecisionLog::new)
    }

    /// Its configuration.
    pub fn config(&self) -> &LogConfig {
        &self.config
    }

    /// Appends `record` for a call of `tool` with `input`: the keyed hash of the input is
    /// added, and with `store_input: redacted` the input with every secret replaced (secrets
    /// as the built-in rules and the `secrets`-category rules among `policy_rules` detect
    /// them).
    pub fn append_call(
        &self,
        mut record: Record,
        call: Option<(&str, &Value)>,
        policy_rules: &[Rule],
    ) -> Result<Appended, LogError> {
        if let Some((tool, input)) = call {
            let key = load_or_create_key(&self.config.key_file).map_err(|e| LogError {
                doing: "reading the log key",
                why: toolgate_policy::io_reason(&e),
            })?;
            record.input_hash = Some(input_hash(&key, tool, input));
            if self.config.store_input == StoreInput::Redacted {
                let redacted = Redactor::new(policy_rules).redact(input);
                let size = serde_json::to_string(&redacted.value).map_or(usize::MAX, |s| s.len());
                if size > MAX_STORED_INPUT_BYTES {
                    record.input_omitted = Some("too_large".into());
                } else {
                    record.input = Some(redacted.value);
                    record.redactions = Some(redacted.count);
                }
            }
        }
        self.append(&record)
    }

    /// The answer a surface gives after trying to log: `answer` when the line was written.
    /// When it was not, a deny stays a deny (with a warning); anything else becomes a deny
    /// under `on_failure: deny` and keeps its answer with a warning under `warn`. Every
    /// surface (hook, MCP, Python, proxy) settles its answer here, so they cannot differ.
    pub fn settle(
        &self,
        appended: &Result<Appended, LogError>,
        answer: HookAnswer,
        tool_name: Option<&str>,
    ) -> Settled {
        let Err(e) = appended else {
            return Settled {
                answer,
                warning: None,
                denied_because: None,
            };
        };
        let denied_already = answer.permission() == Some(PermissionDecision::Deny);
        if self.config.on_failure == OnLogFailure::Deny && !denied_already {
            let why = format!("{e}, so the call was denied (log.on_failure: deny).");
            Settled {
                answer: HookAnswer::deny(denied(tool_name, &why)),
                warning: None,
                denied_because: Some(why),
            }
        } else {
            Settled {
                answer,
                warning: Some(e.to_string()),
                denied_because: None,
            }
        }
    }

    /// Appends `record` as it is.
    pub fn append(&self, record: &Record) -> Result<Appended, LogError> {
        if self.config.path.as_os_str().is_empty() {
            return Err(LogError {
                doing: "finding the log",
                why: "no log path and no $HOME for the default one".into(),
            });
        }
        let body = serde_json::to_string(record).map_err(|_| LogError {
            doing: "serialising the record",
            why: "the record is not valid JSON".into(),
        })?;
        append_body(
            &self.config.path,
            &body,
            self.config.rotate_bytes,
            self.config.keep,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_environment_overrides_the_policy() {
        let off = LogSettings::default();
        assert_eq!(LogConfig::resolve(&off, None), None);
        let c = LogConfig::resolve(&off, Some(OsStr::new("/tmp/x/d.jsonl"))).unwrap();
        assert_eq!(c.path, Path::new("/tmp/x/d.jsonl"));
        assert_eq!(c.key_file, Path::new("/tmp/x/toolgate-log.key"));
        assert_eq!(c.on_failure, OnLogFailure::Deny);
        let on = LogSettings {
            enabled: true,
            path: Some("/var/tg/d.jsonl".into()),
            ..LogSettings::default()
        };
        assert_eq!(LogConfig::resolve(&on, Some(OsStr::new("off"))), None);
        assert_eq!(LogConfig::resolve(&on, Some(OsStr::new("0"))), None);
        assert_eq!(
            LogConfig::resolve(&on, Some(OsStr::new("on")))
                .unwrap()
                .path,
            Path::new("/var/tg/d.jsonl")
        );
        assert_eq!(
            LogConfig::resolve(&on, Some(OsStr::new(""))).unwrap().path,
            Path::new("/var/tg/d.jsonl")
        );
        assert!(LogConfig::resolve(&off, Some(OsStr::new("1"))).is_some());
    }

    #[test]
    fn a_failed_append_denies_or_warns_and_a_deny_stays_a_deny() {
        let mut settings = LogSettings {
            enabled: true,
            path: Some("/x/d.jsonl".into()),
            ..LogSettings::default()
        };
        let failed: Result<Appended, LogError> = Err(LogError {
            doing: "writing the line",
            why: "no space left on device".into(),
        });
        let ok: Result<Appended, LogError> = Ok(Appended {
            seq: 0,
            sha256: String::new(),
            rotated: false,
        });
        let none = HookAnswer::no_decision();
        let deny = HookAnswer::deny("toolgate: Tool call 'Bash' was not executed. X".into());
        let log = DecisionLog::new(LogConfig::resolve(&settings, None).unwrap());
        assert_eq!(log.settle(&ok, none.clone(), Some("Read")).answer, none);
        let s = log.settle(&failed, none.clone(), Some("Read"));
        assert_eq!(s.answer.permission(), Some(PermissionDecision::Deny));
        assert!(
            s.answer
                .reason()
                .unwrap()
                .contains("no space left on device")
        );
        assert!(s.denied_because.is_some() && s.warning.is_none());
        let s = log.settle(&failed, deny.clone(), Some("Bash"));
        assert_eq!(s.answer, deny);
        assert!(s.warning.is_some() && s.denied_because.is_none());
        settings.on_failure = OnLogFailure::Warn;
        let log = DecisionLog::new(LogConfig::resolve(&settings, None).unwrap());
        let s = log.settle(&failed, none.clone(), Some("Read"));
        assert_eq!(s.answer, none);
        assert!(s.warning.unwrap().contains("could not be written"));
    }
}
