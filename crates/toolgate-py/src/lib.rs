//! toolgate's Python extension (`toolgate._native`): the engine in process for the Claude
//! Agent SDK. The Python package (`python/toolgate`) wraps it as `ToolgateHook`.
//!
//! Only this crate knows PyO3. Hook events are answered by `toolgate_engine::hook`, the same
//! code `toolgate hook` runs, so the two never disagree. The engine decides with the GIL
//! released, so matchers running at the same time do not wait on each other.
#![forbid(unsafe_code)]

mod convert;
mod decision;
mod policy_source;

use std::path::PathBuf;
use std::sync::Arc;

use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyMapping};
use serde_json::{Map, Value};
use toolgate_engine::hook::{PRE_TOOL_USE, answer_call, read_event};
use toolgate_engine::{CallContext, Guard};
use toolgate_policy::hook::denied;
use toolgate_policy::{HookAnswer, OnReview};

use crate::convert::{NotJson, to_python, to_value};
use crate::decision::Decision;
use crate::policy_source::PolicyArgument;

create_exception!(
    toolgate,
    PolicyError,
    PyValueError,
    "The toolgate policy has errors. `str(error)` is the report `toolgate validate` prints; \
     `error.diagnostics` lists them as dicts (level, code, message, line, column, hint, file)."
);

/// The members of a hook event that the answer depends on, in the order they are read.
const EVENT_KEYS: &[&str] = &["hook_event_name", "tool_name", "cwd", "tool_input"];

const INTERNAL_ERROR: &str =
    "toolgate hit an internal error while checking this tool call, so it was denied.";

/// A loaded, valid policy and the hook settings: decides tool calls and answers hook events.
#[pyclass(frozen, module = "toolgate._native")]
struct Engine {
    guard: Guard,
    /// The toolgate executable installed with the package, protected from writes.
    binary: Option<PathBuf>,
    home: Option<PathBuf>,
    source: String,
    warnings: String,
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
        let source = loaded.source_name();
        Ok(Engine {
            guard: Guard::new(Arc::new(loaded.policy)),
            binary,
            home: std::env::var_os("HOME").map(PathBuf::from),
            source,
            warnings: report,
        })
    }

    /// Where the policy came from (a path, `built-in default`, `<policy text>`, …).
    #[getter]
    fn source(&self) -> &str {
        &self.source
    }

    /// The policy's warnings, rendered as `toolgate validate` renders them ("" when none).
    #[getter]
    fn warnings(&self) -> &str {
        &self.warnings
    }

    /// `"deny"` or `"ask"`.
    #[getter]
    fn on_review(&self) -> &'static str {
        match self.guard.policy().hook.on_review {
            OnReview::Deny => "deny",
            OnReview::Ask => "ask",
        }
    }

    /// Whether calls nothing objects to are answered `allow`.
    #[getter]
    fn grant_allowed(&self) -> bool {
        self.guard.policy().hook.grant_allowed
    }

    /// The decision for one tool call. Never raises for the call's content: input that is not
    /// JSON data is denied with `error` set.
    #[pyo3(signature = (tool_name, tool_input, cwd=None))]
    fn evaluate(
        &self,
        py: Python<'_>,
        tool_name: &str,
        tool_input: &Bound<'_, PyAny>,
        cwd: Option<PathBuf>,
    ) -> Decision {
        let input = match to_value(tool_input) {
            Ok(v) => v,
            Err(e) => {
                let error = format!("the tool input holds {}", not_json_reason(e));
                return Decision::failed(tool_name, &error);
            }
        };
        let mut cx = self.context_without_cwd();
        cx.cwd = cwd.or_else(|| std::env::current_dir().ok());
        let decided = py.detach(|| {
            std::panic::catch_unwind(|| self.guard.check_tool_call_in(tool_name, &input, &cx))
        });
        match decided {
            Ok(d) => Decision::decided(tool_name, d),
            Err(_) => Decision::failed(tool_name, "an internal error"),
        }
    }

    /// The hook's answer to one SDK hook event (a dict, `{}` for no decision), exactly as
    /// `toolgate hook` answers it. Never raises: any failure is a deny.
    fn answer<'py>(&self, py: Python<'py>, event: &Bound<'py, PyAny>) -> Bound<'py, PyAny> {
        let answer = self.answer_event(py, event);
        to_python(py, &answer.to_json()).unwrap_or_else(|_| {
            // Building the dict failed (out of memory): the legacy `{"decision": "block"}`
            // still denies.
            let dict = PyDict::new(py);
            let _ = dict.set_item("decision", "block");
            dict.into_any()
        })
    }
}

impl Engine {
    /// The call context with the session cwd left to the caller.
    fn context_without_cwd(&self) -> CallContext {
        CallContext {
            cwd: None,
            home: self.home.clone(),
            binary: self.binary.clone(),
        }
    }

    fn answer_event(&self, py: Python<'_>, event: &Bound<'_, PyAny>) -> HookAnswer {
        let event = match event_value(event) {
            Ok(v) => v,
            Err((tool_name, e)) => {
                return HookAnswer::deny(denied(
                    tool_name.as_deref(),
                    &format!(
                        "The hook input holds {}, so the call was denied.",
                        not_json_reason(e)
                    ),
                ));
            }
        };
        let mut cx = self.context_without_cwd();
        if !event.get("cwd").is_some_and(Value::is_string) {
            // The event names no session cwd: this process's is the best guess.
            cx.cwd = std::env::current_dir().ok();
        }
        let answered = py.detach(|| {
            std::panic::catch_unwind(|| match read_event(&event) {
                Ok(call) => answer_call(&self.guard, &call, cx).0,
                Err(answer) => answer,
            })
        });
        answered.unwrap_or_else(|_| HookAnswer::deny(denied(None, INTERNAL_ERROR)))
    }
}

/// The hook event's members the answer depends on, as JSON. A value that is not JSON data
/// fails with the tool name (when it is a string) for the deny reason. Only a PreToolUse
/// event's other members are read: another event gets no decision whatever it holds.
fn event_value(event: &Bound<'_, PyAny>) -> Result<Value, (Option<String>, NotJson)> {
    let Ok(mapping) = event.cast::<PyMapping>() else {
        // Not a mapping: `read_event` denies it as not an object.
        return Ok(Value::Null);
    };
    let mut map = Map::new();
    for key in EVENT_KEYS {
        let Ok(value) = mapping.get_item(key) else {
            continue;
        };
        match to_value(&value) {
            Ok(v) => {
                map.insert((*key).to_owned(), v);
            }
            Err(e) => {
                let tool_name = map
                    .get("tool_name")
                    .and_then(Value::as_str)
                    .map(str::to_owned);
                return Err((tool_name, e));
            }
        }
        if *key == "hook_event_name" && map.get(*key).and_then(Value::as_str) != Some(PRE_TOOL_USE)
        {
            break;
        }
    }
    Ok(Value::Object(map))
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
