//! toolgate's Python extension (`toolgate._native`): the engine in process for the Claude
//! Agent SDK. The Python package (`python/toolgate`) wraps it as `ToolgateHook`.
//!
//! Only this crate knows PyO3. Hook events are answered by `toolgate_engine::hook`, the same
//! code `toolgate hook` runs, so the two never disagree. The engine decides, and the hook
//! appends to the policy's decision log (`log:`), with the GIL released, so matchers running
//! at the same time do not wait on each other.
#![forbid(unsafe_code)]

mod convert;
mod decision;
mod decision_log;
mod policy_source;

/// The extension's Rust allocations (the engine's per-call trees and strings) go to
/// mimalloc: a decision makes about a hundred small allocations, and glibc's malloc and free
/// were a fifth of a Bash decision's instructions. Python's own objects are unaffected.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyMapping, PyString};
use serde_json::Value;
use toolgate_audit::DecisionLog;
use toolgate_audit::record::PolicyRecord;
use toolgate_engine::hook::{
    EventMembers, Member, PRE_TOOL_USE, answer_call, read_event, read_members,
};
use toolgate_engine::{CallContext, Guard, ProcessDir};
use toolgate_policy::hook::denied;
use toolgate_policy::{HookAnswer, OnReview, PermissionDecision};

use crate::convert::{NotJson, to_python, to_value};
use crate::decision::Decision;
use crate::decision_log::{CallIds, HookCall, Logged};
use crate::policy_source::PolicyArgument;

create_exception!(
    toolgate,
    PolicyError,
    PyValueError,
    "The toolgate policy has errors. `str(error)` is the report `toolgate validate` prints; \
     `error.diagnostics` lists them as dicts (level, code, message, line, column, hint, file)."
);

const INTERNAL_ERROR: &str =
    "toolgate hit an internal error while checking this tool call, so it was denied.";

/// A loaded, valid policy and the hook settings: decides tool calls and answers hook events.
/// `toolgate.ToolgateHook` is its Python subclass, so `evaluate` is called without a Python
/// frame in between.
#[pyclass(frozen, subclass, module = "toolgate._native")]
struct Engine {
    guard: Guard,
    /// The toolgate executable installed with the package, protected from writes.
    binary: Option<Arc<Path>>,
    home: Option<Arc<Path>>,
    source: String,
    warnings: String,
    /// The policy's decision log, when it is on (opened once; each answer appends a line).
    log: Option<DecisionLog>,
    /// The policy as the log names it (`policy` in every line).
    policy_record: PolicyRecord,
}

#[pymethods]
impl Engine {
    /// Loads and validates the policy; raises `PolicyError` when it has errors.
    ///
    /// `kind`: `discover` (value `None`), `path`, `text` or `data` (a mapping).
    #[new]
    #[pyo3(signature = (kind, value, on_review=None, grant_allowed=None, binary=None))]
    fn new(
        py: Python<'_>,
        kind: &str,
        value: &Bound<'_, PyAny>,
        on_review: Option<&str>,
        grant_allowed: Option<bool>,
        binary: Option<PathBuf>,
    ) -> PyResult<Engine> {
        let argument = match kind {
            "discover" => PolicyArgument::Discover,
            "path" => PolicyArgument::File(value.extract::<PathBuf>()?),
            "text" => PolicyArgument::Text(value.extract::<String>()?),
            "data" => PolicyArgument::Data(to_value(value).map_err(|e| {
                PyTypeError::new_err(match e {
                    NotJson::Type => "the policy mapping holds a value that is not JSON data (use str, int, float, bool, None, lists and mappings)",
                    NotJson::TooDeep => "the policy mapping is nested too deeply",
                    NotJson::Changed => "the policy mapping changed while it was read",
                })
            })?),
            other => {
                return Err(PyValueError::new_err(format!(
                    "unknown policy kind {other:?}"
                )));
            }
        };
        let mut loaded = py.detach(|| policy_source::load(argument));
        let report = loaded.render_diagnostics();
        if !loaded.policy.is_usable() {
            let diagnostics: Value = loaded
                .policy
                .diagnostics
                .items()
                .iter()
                .map(diagnostic_value)
                .collect();
            let err = PolicyError::new_err(format!(
                "the toolgate policy ({}) has errors:\n{}",
                loaded.source_name(),
                report.trim_end()
            ));
            err.value(py)
                .setattr("diagnostics", to_python(py, &diagnostics)?)?;
            return Err(err);
        }
        match on_review {
            None => {}
            Some("deny") => loaded.policy.hook.on_review = OnReview::Deny,
            Some("ask") => loaded.policy.hook.on_review = OnReview::Ask,
            Some(_) => {
                return Err(PyValueError::new_err(
                    "on_review must be \"deny\" or \"ask\"",
                ));
            }
        }
        if let Some(grant) = grant_allowed {
            loaded.policy.hook.grant_allowed = grant;
        }
        // Read as `toolgate hook` reads it: a relative `$HOME` is an error, not a home.
        let home = toolgate_policy::environment::home()
            .map_err(|e| PyValueError::new_err(e.describe()))?;
        let source = loaded.source_name();
        let log = decision_log::open(&loaded.policy);
        let policy_record = decision_log::policy_record(&loaded);
        Ok(Engine {
            guard: Guard::new(Arc::new(loaded.policy)),
            binary: binary.map(Into::into),
            home: home.map(Into::into),
            source,
            warnings: report,
            log,
            policy_record,
        })
    }

    /// Where the policy came from (a path, `built-in default`, `<policy text>`, …).
    #[getter(_source)]
    fn source(&self) -> &str {
        &self.source
    }

    /// The policy's warnings, rendered as `toolgate validate` renders them ("" when none).
    #[getter(_warnings)]
    fn warnings(&self) -> &str {
        &self.warnings
    }

    /// `"deny"` or `"ask"`.
    #[getter(_on_review)]
    fn on_review(&self) -> &'static str {
        match self.guard.policy().hook.on_review {
            OnReview::Deny => "deny",
            OnReview::Ask => "ask",
        }
    }

    /// Whether calls nothing objects to are answered `allow`.
    #[getter(_grant_allowed)]
    fn grant_allowed(&self) -> bool {
        self.guard.policy().hook.grant_allowed
    }

    /// The decision log's file, or `None` when the log is off.
    #[getter(_log_path)]
    fn log_path(&self) -> Option<PathBuf> {
        self.log.as_ref().map(|log| log.config().path.clone())
    }

    /// Decide one tool call without running it, asking anyone, or any I/O.
    ///
    /// No I/O includes the decision log: ``evaluate()`` never writes to it (the hook callback
    /// does). The GIL is released while the engine decides. Input that is not JSON data is
    /// denied (``Decision.error`` says why); it never raises for the call's content.
    ///
    /// Args:
    ///     tool_name: The tool's name as Claude Code reports it (``Bash``, ``mcp__srv__tool``).
    ///     tool_input: The tool's input.
    ///     cwd: The session's working directory (default: this process's, read when the
    ///         call's paths need it).
    ///
    /// Raises:
    ///     TypeError: ``tool_name`` is not a ``str``, or ``cwd`` is not a path.
    #[pyo3(signature = (tool_name, tool_input, *, cwd=None))]
    fn evaluate(
        &self,
        py: Python<'_>,
        tool_name: &Bound<'_, PyAny>,
        tool_input: &Bound<'_, PyAny>,
        cwd: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Decision> {
        // `ToolgateHook.evaluate` is this method itself (no Python wrapper, whose call cost
        // a tenth of a decision): the arguments are checked here.
        let Ok(name) = tool_name.cast::<PyString>() else {
            return Err(PyTypeError::new_err("tool_name must be a str."));
        };
        // A str that is not valid Unicode (lone surrogates) raises the UnicodeEncodeError that
        // reading it as `&str` did.
        let tool_name = name.to_str()?;
        // Not a path (an int, bytes): the TypeError `os.fspath` raises, through PyO3's path
        // conversion.
        let cwd = cwd.map(path_of).transpose()?;
        let input = match convert::tool_input(tool_input) {
            Ok(v) => v,
            Err(e) => {
                let error = format!("the tool input holds {}", not_json_reason(e));
                return Ok(Decision::failed(name, &error));
            }
        };
        let mut cx = self.call_context();
        cx.cwd = cwd;
        let decided = py.detach(|| {
            std::panic::catch_unwind(|| self.guard.check_tool_call_in(tool_name, &input, &cx))
        });
        Ok(match decided {
            Ok(d) => Decision::decided(name, d),
            Err(_) => Decision::failed(name, "an internal error"),
        })
    }

    /// The hook's answer to one SDK hook event, exactly as `toolgate hook` answers it, and
    /// appended to the decision log when it is on: a dict (`{}` for no decision). When the
    /// log line could not be written and the answer stands anyway (`log.on_failure: warn`), a
    /// `ToolgateLogWarning` says why (a filter that turns it into an error changes nothing).
    /// `tool_use_id` is the SDK callback's (the event's own is used when it is `None`). Never
    /// raises: any failure is a deny.
    #[pyo3(name = "_answer", signature = (event, tool_use_id=None))]
    fn answer<'py>(
        &self,
        py: Python<'py>,
        event: &Bound<'py, PyAny>,
        tool_use_id: Option<&Bound<'py, PyAny>>,
    ) -> Bound<'py, PyAny> {
        // The last net: a panic must not leave the callback (its caller would let the call run;
        // PyO3's PanicException is no `Exception` for the wrapper's `except`).
        let Logged { answer, warning } = catch_unwind(AssertUnwindSafe(|| {
            self.answer_event(py, event, tool_use_id)
        }))
        .unwrap_or_else(|_| Logged {
            answer: HookAnswer::deny(denied(None, INTERNAL_ERROR)),
            warning: None,
        });
        if let Some(warning) = warning {
            // Dropped when a filter makes it an error: the answer stands, as documented.
            let _ = warn_unlogged(py, &warning);
        }
        answer_dict(py, &answer).unwrap_or_else(|_| {
            // Building the dict failed (out of memory): the legacy `{"decision": "block"}`
            // still denies.
            let dict = PyDict::new(py);
            let _ = dict.set_item("decision", "block");
            dict.into_any()
        })
    }
}

/// Issues a `ToolgateLogWarning` with `message`, attributed to the hook callback's caller.
fn warn_unlogged(py: Python<'_>, message: &str) -> PyResult<()> {
    let category = py
        .import(intern!(py, "toolgate._hook"))?
        .getattr(intern!(py, "ToolgateLogWarning"))?;
    let message = std::ffi::CString::new(message)?;
    // Level 1 is the callback's own frame (`ToolgateHook.__call__`), 2 its caller.
    PyErr::warn(py, &category, &message, 2)
}

/// `answer` as the dict `HookAnswer::to_json` writes, built directly (keys interned): the
/// hook's answer is made on every call.
fn answer_dict<'py>(py: Python<'py>, answer: &HookAnswer) -> PyResult<Bound<'py, PyAny>> {
    let dict = PyDict::new(py);
    if let Some((permission, reason)) = &answer.decision {
        let output = PyDict::new(py);
        output.set_item(intern!(py, "hookEventName"), intern!(py, "PreToolUse"))?;
        let permission = match permission {
            PermissionDecision::Allow => intern!(py, "allow"),
            PermissionDecision::Ask => intern!(py, "ask"),
            PermissionDecision::Deny => intern!(py, "deny"),
        };
        output.set_item(intern!(py, "permissionDecision"), permission)?;
        output.set_item(intern!(py, "permissionDecisionReason"), reason)?;
        dict.set_item(intern!(py, "hookSpecificOutput"), output)?;
    }
    Ok(dict.into_any())
}

impl Engine {
    /// The call context with the session cwd left to the caller: without one, this
    /// process's working directory is the best guess, read only if a check needs it.
    fn call_context(&self) -> CallContext {
        CallContext {
            cwd: None,
            process_cwd: Some(ProcessDir::default()),
            home: self.home.clone(),
            tmpdir: None,
            binary: self.binary.clone(),
        }
    }

    /// The answer to one hook event and, when the log is on, its line. The decision and the
    /// write run with the GIL released.
    fn answer_event(
        &self,
        py: Python<'_>,
        event: &Bound<'_, PyAny>,
        tool_use_id: Option<&Bound<'_, PyAny>>,
    ) -> Logged {
        // The log's latency is measured from here; without a log the clock is not read.
        let started = self.log.as_ref().map(|_| Instant::now());
        let ids = match &self.log {
            Some(_) => call_ids(event, tool_use_id),
            None => CallIds::default(),
        };
        let members = match event_members(event) {
            Ok(v) => v,
            Err((tool_name, e)) => {
                let answer = HookAnswer::deny(denied(
                    tool_name.as_deref(),
                    &format!(
                        "The hook input holds {}, so the call was denied.",
                        not_json_reason(e)
                    ),
                ));
                let call = HookCall {
                    answer,
                    decision: None,
                    tool_name: usable_tool_name(tool_name.as_deref()),
                    tool_input: None,
                };
                return py.detach(|| self.log_call(call, &ids, started));
            }
        };
        // The event's cwd, when it names one, is the session's (`answer_call` sets it).
        let cx = self.call_context();
        // Borrowed before the GIL is released: the Python strings stay alive (and their
        // text in place) in `members` until the answer is back.
        let borrowed = members.as_ref().map(Members::borrowed);
        py.detach(|| {
            let read = || match borrowed {
                Some(members) => read_members(members),
                None => read_event(&Value::Null),
            };
            let call = catch_unwind(AssertUnwindSafe(|| match read() {
                Ok(call) => {
                    let (answer, decision) = answer_call(&self.guard, &call, cx);
                    HookCall {
                        answer,
                        decision,
                        tool_name: Some(call.tool_name),
                        tool_input: Some(call.tool_input),
                    }
                }
                Err(answer) => HookCall {
                    answer,
                    decision: None,
                    tool_name: usable_tool_name(borrowed.and_then(|m| m.tool_name.text())),
                    tool_input: None,
                },
            }))
            .unwrap_or_else(|_| HookCall {
                answer: HookAnswer::deny(denied(None, INTERNAL_ERROR)),
                decision: None,
                tool_name: None,
                tool_input: None,
            });
            self.log_call(call, &ids, started)
        })
    }

    /// Appends `call` to the log when it is on and the call was toolgate's to decide (other
    /// events get no decision and no line), and settles the answer.
    fn log_call(&self, call: HookCall<'_>, ids: &CallIds, started: Option<Instant>) -> Logged {
        match &self.log {
            // Other events are answered "no decision" without a permission; every PreToolUse
            // event, malformed ones included, gets a permission or the engine's decision.
            Some(log) if call.answer.permission().is_some() || call.decision.is_some() => {
                let policy = self.guard.policy();
                let started = started.unwrap_or_else(Instant::now);
                decision_log::log_call(log, policy, &self.policy_record, call, ids, started)
            }
            _ => Logged {
                answer: call.answer,
                warning: None,
            },
        }
    }
}

/// A path argument: a `str` read as UTF-8 directly (PyO3's `PathBuf` conversion encodes it
/// to bytes through `os.fsencode` first); anything else, such as `bytes` or a `str` holding
/// the surrogates `os.fsdecode` makes of undecodable bytes, the way PyO3 converts paths.
fn path_of(obj: &Bound<'_, PyAny>) -> PyResult<PathBuf> {
    if let Ok(s) = obj.cast::<PyString>()
        && let Ok(text) = s.to_str()
    {
        return Ok(PathBuf::from(text));
    }
    obj.extract()
}

/// A tool name worth logging: a non-blank string.
fn usable_tool_name(name: Option<&str>) -> Option<&str> {
    name.filter(|t| !t.trim().is_empty())
}

/// The agent's ids for the log: the event's `session_id`, and `tool_use_id` from the callback
/// (else the event). Values that are not strings are left out; they never deny the call.
fn call_ids(event: &Bound<'_, PyAny>, tool_use_id: Option<&Bound<'_, PyAny>>) -> CallIds {
    let mapping = event.cast::<PyMapping>().ok();
    let member = |key: &str| {
        let value = mapping.as_ref()?.get_item(key).ok()?;
        string_of(&value)
    };
    CallIds {
        session_id: member("session_id"),
        tool_use_id: tool_use_id
            .and_then(string_of)
            .or_else(|| member("tool_use_id")),
    }
}

fn string_of(value: &Bound<'_, PyAny>) -> Option<String> {
    value
        .cast::<PyString>()
        .ok()
        .and_then(|s| s.to_str().ok().map(str::to_owned))
}

/// The members of a hook event the answer depends on: the three read as text kept as the
/// Python strings they are (their UTF-8 is borrowed, not copied), `tool_input` as JSON.
#[derive(Default)]
struct Members<'py> {
    hook_event_name: TextMember<'py>,
    tool_name: TextMember<'py>,
    cwd: TextMember<'py>,
    tool_input: Option<convert::ToolInput>,
}

/// A member read as text: absent, a string whose UTF-8 was checked, or any other JSON value.
#[derive(Default)]
enum TextMember<'py> {
    #[default]
    Absent,
    Text(Bound<'py, PyString>),
    NotText,
}

impl TextMember<'_> {
    /// The member as the engine reads it.
    fn borrowed(&self) -> Member<'_> {
        match self {
            TextMember::Absent => Member::Absent,
            // Its UTF-8 was read when the member was: this reads the cached text.
            TextMember::Text(s) => s.to_str().map_or(Member::NotText, Member::Text),
            TextMember::NotText => Member::NotText,
        }
    }
}

impl Members<'_> {
    /// The members as the engine's [`read_members`] reads them.
    fn borrowed(&self) -> EventMembers<'_> {
        EventMembers {
            hook_event_name: self.hook_event_name.borrowed(),
            tool_name: self.tool_name.borrowed(),
            tool_input: self.tool_input.as_deref(),
            cwd: self.cwd.borrowed(),
        }
    }

    /// The tool name, when it is a string.
    fn tool_name(&self) -> Option<&str> {
        self.tool_name.borrowed().text()
    }
}

/// The hook event's members the answer depends on; `None` for an event that is not a
/// mapping. A value that is not JSON data fails with the tool name (when it is a string) for
/// the deny reason. Only a PreToolUse event's other members are read: another event gets no
/// decision whatever it holds.
fn event_members<'py>(
    event: &Bound<'py, PyAny>,
) -> Result<Option<Members<'py>>, (Option<String>, NotJson)> {
    let Ok(mapping) = event.cast::<PyMapping>() else {
        // Not a mapping: `read_event` denies it as not an object.
        return Ok(None);
    };
    let py = event.py();
    // Interned keys: no new string (and hash) per lookup. A dict (what the SDK passes) is
    // read for the items it holds (a `defaultdict` makes none up); any other mapping through
    // the mapping protocol.
    let dict = event.cast::<PyDict>().ok();
    let item = |key: &Bound<'py, PyString>| match dict {
        Some(dict) => dict.get_item(key).ok().flatten(),
        None => mapping.get_item(key).ok(),
    };
    let text = |key: &Bound<'py, PyString>| -> Result<TextMember<'py>, NotJson> {
        let Some(value) = item(key) else {
            return Ok(TextMember::Absent);
        };
        match value.cast_into::<PyString>() {
            // A string that is not valid Unicode (lone surrogates) is not JSON data.
            Ok(s) => match s.to_str() {
                Ok(_) => Ok(TextMember::Text(s)),
                Err(_) => Err(NotJson::Type),
            },
            // Not a string: still refused when it is not JSON data at all.
            Err(e) => to_value(&e.into_inner()).map(|_| TextMember::NotText),
        }
    };
    let mut members = Members {
        hook_event_name: text(intern!(py, "hook_event_name")).map_err(|e| (None, e))?,
        ..Members::default()
    };
    if members.hook_event_name.borrowed() != Member::Text(PRE_TOOL_USE) {
        return Ok(Some(members));
    }
    members.tool_name = text(intern!(py, "tool_name")).map_err(|e| (None, e))?;
    let named = |members: &Members| members.tool_name().map(str::to_owned);
    members.cwd = text(intern!(py, "cwd")).map_err(|e| (named(&members), e))?;
    members.tool_input = item(intern!(py, "tool_input"))
        .map(|v| convert::tool_input(&v))
        .transpose()
        .map_err(|e| (named(&members), e))?;
    Ok(Some(members))
}

/// One diagnostic as the dict `PolicyError.diagnostics` lists (positions flattened).
fn diagnostic_value(d: &toolgate_policy::Diagnostic) -> Value {
    let position = d.position();
    serde_json::json!({
        "level": match d.level {
            toolgate_policy::Level::Error => "error",
            toolgate_policy::Level::Warning => "warning",
        },
        "code": d.code,
        "message": d.message,
        "line": position.is_known().then_some(position.line),
        "column": position.is_known().then_some(position.column),
        "hint": d.hint,
        "file": d.file.as_ref().map(|f| f.display().to_string()),
    })
}

/// What is wrong with input that is not JSON data (never the value itself).
fn not_json_reason(e: NotJson) -> &'static str {
    match e {
        NotJson::Type => "a value that is not JSON data",
        NotJson::TooDeep => "containers nested too deeply to check",
        NotJson::Changed => "a container that changed while it was read",
    }
}

/// The extension module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Engine>()?;
    m.add_class::<Decision>()?;
    m.add("PolicyError", m.py().get_type::<PolicyError>())?;
    m.add("MAX_NESTING", convert::MAX_NESTING)?;
    Ok(())
}
