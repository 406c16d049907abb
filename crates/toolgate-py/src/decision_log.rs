//! The Python hook's line in the decision log (the `toolgate-audit` crate): opened once per
//! `ToolgateHook`, one line per answered `PreToolUse` event, and what a log that cannot be
//! written does to the answer. `evaluate()` never logs (it does no I/O).

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::time::Instant;

use serde_json::Value;
use toolgate_audit::digest::sha256_hex;
use toolgate_audit::record::PolicyRecord;
use toolgate_audit::{DecisionLog, LogConfig, LogError, Record, surface};
use toolgate_engine::ToolCallDecision;
use toolgate_policy::{HookAnswer, Policy};

use crate::policy_source::Loaded;

/// The agent the package answers: the Claude Agent SDK drives Claude Code.
pub const AGENT: &str = "claude";

/// The log of `policy` under `TOOLGATE_LOG`, read once when the hook is made (the same
/// resolution as `toolgate hook` and MCP). A relative path (a policy given as text or a mapping
/// has no directory to resolve it against) is fixed against the working directory now, so a
/// later `os.chdir` does not move the log.
pub fn open(policy: &Policy) -> Option<DecisionLog> {
    let mut config = LogConfig::for_policy(policy)?;
    config.path = absolute(config.path);
    config.key_file = absolute(config.key_file);
    Some(DecisionLog::new(config))
}

/// `policy.source` of a policy given as text or a mapping (no file to name).
pub const INLINE_SOURCE: &str = "inline";

/// The record of the policy `loaded` holds: a file's path and SHA-256; for an acgs-lite
/// constitution file, that file's; for text or a mapping, `inline` with the SHA-256 of the text
/// that was read (a mapping as toolgate serialised it), so a line still says which policy
/// decided; else the built-in default.
pub fn policy_record(loaded: &Loaded) -> PolicyRecord {
    let policy = &loaded.policy;
    let record = PolicyRecord::of(policy);
    if policy.path().is_some() {
        return record;
    }
    if let Some((path, text)) = loaded.other_sources.first() {
        return PolicyRecord {
            source: "file".into(),
            path: Some(path.display().to_string()),
            sha256: Some(sha256_hex(text.as_bytes())),
            ..record
        };
    }
    match (&loaded.display_name, &policy.text) {
        (Some(_), Some(text)) => PolicyRecord {
            source: INLINE_SOURCE.into(),
            sha256: Some(sha256_hex(text.as_bytes())),
            ..record
        },
        _ => record,
    }
}

/// `path` made absolute without touching the file system; the empty path (no log path and no
/// home) stays empty, so the first write fails and `on_failure` answers it.
fn absolute(path: PathBuf) -> PathBuf {
    if path.as_os_str().is_empty() || path.is_absolute() {
        return path;
    }
    std::path::absolute(&path).unwrap_or(path)
}

/// One answered hook event, with what its line records.
pub struct HookCall<'a> {
    /// The answer the engine (or the event's reader) gave.
    pub answer: HookAnswer,
    /// The engine's decision, when the engine ran.
    pub decision: Option<ToolCallDecision>,
    /// The tool name, when the event has a usable one.
    pub tool_name: Option<&'a str>,
    /// The tool input, when the engine read it.
    pub tool_input: Option<&'a Value>,
}

/// The agent's ids for a call: the event's `session_id` and the callback's `tool_use_id`
/// (else the event's). The record keeps only plain identifiers.
#[derive(Debug, Default)]
pub struct CallIds {
    /// The SDK session.
    pub session_id: Option<String>,
    /// The tool call.
    pub tool_use_id: Option<String>,
}

/// The answer after logging.
pub struct Logged {
    /// The answer to give.
    pub answer: HookAnswer,
    /// Why the line could not be written, when the answer stands (`on_failure: warn`, or the
    /// answer was a deny anyway).
    pub warning: Option<String>,
}

/// Appends `call` to `log` and settles the answer: a deny stays a deny; a line that cannot be
/// written denies under `log.on_failure: deny` and only warns under `warn`. Never panics.
pub fn log_call(
    log: &DecisionLog,
    policy: &Policy,
    policy_record: &PolicyRecord,
    call: HookCall<'_>,
    ids: &CallIds,
    started: Instant,
) -> Logged {
    let tool = call.tool_name;
    let appended = catch_unwind(AssertUnwindSafe(|| {
        let record = match &call.decision {
            Some(decision) => Record::tool_call(surface::PYTHON, tool, decision, policy),
            None => Record::refused(
                surface::PYTHON,
                tool,
                call.answer.reason().unwrap_or_default(),
                Some(policy),
            ),
        };
        let mut record = record
            .with_ids(ids.session_id.as_deref(), ids.tool_use_id.as_deref())
            .with_hook_answer(&call.answer);
        record.agent = Some(AGENT.to_owned());
        record.policy = policy_record.clone();
        record.latency_us = u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX);
        log.append_call(
            record,
            tool.zip(call.tool_input),
            policy.rules.rules.rules(),
        )
    }))
    .unwrap_or_else(|_| {
        Err(LogError {
            doing: "writing the line",
            why: "toolgate hit an internal error".into(),
        })
    });
    let settled = log.settle(&appended, call.answer, tool);
    Logged {
        answer: settled.answer,
        warning: settled.warning,
    }
}
