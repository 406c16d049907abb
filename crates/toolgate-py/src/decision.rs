//! `toolgate.Decision`: the engine's decision for one tool call, as Python sees it.

use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};
use serde_json::Value;
use toolgate_core::Verdict;
use toolgate_engine::{CheckOutcome, DestinationCheck, ToolCallDecision};

use crate::convert::to_python;

/// The decision for one tool call (`ToolgateHook.evaluate`). Reasons never repeat input
/// values.
#[pyclass(frozen, module = "toolgate", name = "Decision")]
pub struct Decision {
    // The caller's own string object: no copy per call.
    tool_name: Py<PyString>,
    verdict: Verdict,
    reason: String,
    rule_ids: Vec<String>,
    warning_rule_ids: Vec<String>,
    // Kept as the engine gave them and converted when read: most callers never look.
    destinations: Vec<DestinationCheck>,
    checks: Vec<CheckOutcome>,
    error: Option<String>,
}

impl Decision {
    /// The engine's decision for `tool_name`.
    pub fn decided(tool_name: &Bound<'_, PyString>, d: ToolCallDecision) -> Decision {
        Decision {
            tool_name: tool_name.clone().unbind(),
            verdict: d.decision,
            reason: d.reason,
            rule_ids: d.rule_ids,
            warning_rule_ids: d.warning_ids,
            destinations: d.destinations,
            checks: d.checks,
            error: None,
        }
    }

    /// A deny because the call could not be decided; `error` says why (never with values).
    pub fn failed(tool_name: &Bound<'_, PyString>, error: &str) -> Decision {
        Decision {
            tool_name: tool_name.clone().unbind(),
            verdict: Verdict::Deny,
            reason: format!("toolgate could not check this tool call ({error}), so it was denied."),
            rule_ids: Vec::new(),
            warning_rule_ids: Vec::new(),
            destinations: Vec::new(),
            checks: Vec::new(),
            error: Some(error.to_owned()),
        }
    }
}

#[pymethods]
impl Decision {
    /// `"deny"`, `"review"`, `"allow"` or `"no_decision"` (nothing objects).
    #[getter]
    fn verdict(&self) -> &'static str {
        self.verdict.as_str()
    }

    /// The tool the decision is about.
    #[getter]
    fn tool_name(&self, py: Python<'_>) -> Py<PyString> {
        self.tool_name.clone_ref(py)
    }

    /// One sentence per objecting check, or why nothing objected.
    #[getter]
    fn reason(&self) -> &str {
        &self.reason
    }

    /// Rule ids that block or need review, in check order.
    #[getter]
    fn rule_ids<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, &self.rule_ids)
    }

    /// Rule ids that matched with `warn`.
    #[getter]
    fn warning_rule_ids<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, &self.warning_rule_ids)
    }

    /// Every destination checked against the network policy (dicts).
    #[getter]
    fn destinations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &destinations_json(&self.destinations))
    }

    /// What each check that spoke said (dicts: `check`, `verdict`, `reason`, `rule_ids`).
    #[getter]
    fn checks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &checks_json(&self.checks))
    }

    /// Why the call could not be decided (it is then denied), else `None`.
    #[getter]
    fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// Whether the call must not run (`verdict == "deny"`).
    #[getter]
    fn denied(&self) -> bool {
        self.verdict == Verdict::Deny
    }

    /// The decision as a plain dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let value = serde_json::json!({
            "tool_name": self.tool_name.bind(py).to_str()?,
            "verdict": self.verdict.as_str(),
            "reason": self.reason,
            "rule_ids": self.rule_ids,
            "warning_rule_ids": self.warning_rule_ids,
            "destinations": destinations_json(&self.destinations),
            "checks": checks_json(&self.checks),
            "error": self.error,
        });
        to_python(py, &value)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        // Python's repr style; ids and shown tool names are plain words, nothing to escape.
        let list = |ids: &[String]| {
            let quoted: Vec<String> = ids.iter().map(|i| format!("'{i}'")).collect();
            format!("[{}]", quoted.join(", "))
        };
        format!(
            "Decision(verdict='{}', tool_name='{}', rule_ids={}, warning_rule_ids={})",
            self.verdict.as_str(),
            toolgate_policy::hook::display_tool_name(self.tool_name.bind(py).to_str().ok()),
            list(&self.rule_ids),
            list(&self.warning_rule_ids)
        )
    }
}

/// The engine's destinations as JSON (they always serialise; `null` otherwise).
fn destinations_json(items: &[DestinationCheck]) -> Value {
    serde_json::to_value(items).unwrap_or(Value::Null)
}

/// The engine's checks as JSON (they always serialise; `null` otherwise).
fn checks_json(items: &[CheckOutcome]) -> Value {
    serde_json::to_value(items).unwrap_or(Value::Null)
}
