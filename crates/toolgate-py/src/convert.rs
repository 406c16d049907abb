//! Python objects to and from JSON values.
//!
//! A tool call's input arrives as Python objects (the SDK decoded the CLI's JSON with
//! `json.loads`). They become the [`Value`] the engine decides on, read the way
//! claude-agent-acgs's `format_tool_call` renders them: integers exactly (beyond 64 bits as
//! their digits, which render identically), `NaN` and the infinities as `json.dumps` writes
//! them, tuples as lists, any `Mapping` as an object with `json.dumps`'s key conversions.

use std::cell::RefCell;

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyMapping, PyString, PyTuple};
use serde_json::{Map, Number, Value};

/// Deepest nesting of containers accepted (as `serde_json` reads the hook's stdin).
pub const MAX_NESTING: usize = 128;

/// Why an object is not JSON data. Never carries the value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotJson {
    /// A value of a type JSON has no form for (bytes, sets, arbitrary objects), a key of such
    /// a type, or a string that is not valid Unicode (lone surrogates).
    Type,
    /// Containers nested deeper than [`MAX_NESTING`] (or a container that holds itself).
    TooDeep,
    /// A dict that changed while it was read (a mapping's `items()` inside it added to it):
    /// PyO3's dict iterator panics then, and the panic is caught here.
    Changed,
}

/// Converts `obj` to a JSON value.
pub fn to_value(obj: &Bound<'_, PyAny>) -> Result<Value, NotJson> {
    unwinding(|| convert(obj, 0))
}

/// `read`, with a panic of the conversion (a dict that changed while it was iterated) as
/// [`NotJson::Changed`]: a panic must never leave the hook callback, whose caller would let the
/// call run.
fn unwinding<T>(read: impl FnOnce() -> Result<T, NotJson>) -> Result<T, NotJson> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(read)).unwrap_or(Err(NotJson::Changed))
}

thread_local! {
    /// The last tool input this thread converted, kept for its next one: a tool is called
    /// again and again with the same members (`command`, `description`), so their keys, the
    /// map and the strings' buffers are reused instead of made and freed for each call.
    static LAST_INPUT: RefCell<Option<Value>> = const { RefCell::new(None) };
}

/// The most text a kept input may hold (the strings' buffers stay allocated in between).
const KEPT_INPUT_BYTES: usize = 16 * 1024;

/// A tool input converted as [`to_value`] converts it, in the buffers of the last input this
/// thread converted when it had the same keys. Dropped, it is kept for the next call (when
/// small).
pub struct ToolInput(Value);

impl std::ops::Deref for ToolInput {
    type Target = Value;

    fn deref(&self) -> &Value {
        &self.0
    }
}

impl Drop for ToolInput {
    fn drop(&mut self) {
        let value = std::mem::take(&mut self.0);
        // Kept: a map of at most 16 members, each a string (their buffers at most
        // KEPT_INPUT_BYTES together) or a scalar; a nested list or map is not kept.
        let small = match &value {
            Value::Object(map) => {
                let mut bytes = 0;
                map.len() <= 16
                    && map.values().all(|v| match v {
                        Value::String(s) => {
                            bytes += s.capacity();
                            bytes <= KEPT_INPUT_BYTES
                        }
                        Value::Array(_) | Value::Object(_) => false,
                        Value::Null | Value::Bool(_) | Value::Number(_) => true,
                    })
            }
            _ => false,
        };
        if small {
            // Not kept while another input of this thread is out (nothing to overwrite).
            let _ = LAST_INPUT.try_with(|last| {
                if let Ok(mut last) = last.try_borrow_mut() {
                    *last = Some(value);
                }
            });
        }
    }
}

/// Converts a tool input as [`to_value`] does; a mapping with the keys of the last input this
/// thread converted is written into that input's buffers.
pub fn tool_input(obj: &Bound<'_, PyAny>) -> Result<ToolInput, NotJson> {
    let last = LAST_INPUT
        .try_with(|last| last.try_borrow_mut().ok().and_then(|mut l| l.take()))
        .ok()
        .flatten();
    if let Some(mut value) = last {
        // Half written when the dict changed under it: dropped, not kept.
        match unwinding(|| refill(&mut value, obj).map_or(Ok(None), |r| r.map(Some))) {
            Ok(Some(())) => return Ok(ToolInput(value)),
            Ok(None) => {}
            Err(e) => return Err(e),
        }
    }
    to_value(obj).map(ToolInput)
}

/// Writes the dict `obj` into `value`, the last input, when its keys are all strings and
/// exactly `value`'s keys (each key is found, and there are as many): then the result is what
/// [`convert`] makes of `obj`. `None` when they are not (`value` may be half written: the
/// caller converts afresh and drops it).
fn refill(value: &mut Value, obj: &Bound<'_, PyAny>) -> Option<Result<(), NotJson>> {
    let dict = obj.cast::<PyDict>().ok()?;
    let Value::Object(map) = value else {
        return None;
    };
    if dict.len() != map.len() {
        return None;
    }
    for (k, v) in dict.iter() {
        let key = k.cast::<PyString>().ok()?.to_str().ok()?;
        let slot = map.get_mut(key)?;
        match (slot, v.cast::<PyString>()) {
            (Value::String(text), Ok(s)) => {
                let Ok(s) = s.to_str() else {
                    return Some(Err(NotJson::Type));
                };
                text.clear();
                text.push_str(s);
            }
            // As `convert` converts a dict's values (one level down).
            (slot, _) => match convert(&v, 1) {
                Ok(v) => *slot = v,
                Err(e) => return Some(Err(e)),
            },
        }
    }
    Some(Ok(()))
}

fn convert(obj: &Bound<'_, PyAny>, depth: usize) -> Result<Value, NotJson> {
    if obj.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return s
            .to_str()
            .map(|s| Value::String(s.to_owned()))
            .map_err(|_| NotJson::Type);
    }
    // `bool` is a subclass of `int`: test it first.
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if let Ok(i) = obj.cast::<PyInt>() {
        return Ok(integer(i));
    }
    if let Ok(f) = obj.cast::<PyFloat>() {
        return Ok(float(f.value()));
    }
    if depth >= MAX_NESTING {
        return Err(NotJson::TooDeep);
    }
    if let Ok(dict) = obj.cast::<PyDict>() {
        let mut map = Map::new();
        for (k, v) in dict.iter() {
            map.insert(key(&k)?, convert(&v, depth + 1)?);
        }
        return Ok(Value::Object(map));
    }
    if let Ok(list) = obj.cast::<PyList>() {
        return list.iter().map(|v| convert(&v, depth + 1)).collect();
    }
    if let Ok(tuple) = obj.cast::<PyTuple>() {
        return tuple.iter().map(|v| convert(&v, depth + 1)).collect();
    }
    if let Ok(mapping) = obj.cast::<PyMapping>() {
        let items = mapping.items().map_err(|_| NotJson::Type)?;
        let mut map = Map::new();
        for item in items.iter() {
            let (k, v): (Bound<'_, PyAny>, Bound<'_, PyAny>) =
                item.extract().map_err(|_| NotJson::Type)?;
            map.insert(key(&k)?, convert(&v, depth + 1)?);
        }
        return Ok(Value::Object(map));
    }
    Err(NotJson::Type)
}

/// An int as `json.dumps` writes it: exactly. Beyond 64 bits its digits are kept as a string,
/// which the renderer writes the same way (see `toolgate_core::rules::parse_tool_input`).
fn integer(i: &Bound<'_, PyInt>) -> Value {
    if let Ok(n) = i.extract::<i64>() {
        return Value::Number(n.into());
    }
    if let Ok(n) = i.extract::<u64>() {
        return Value::Number(n.into());
    }
    match i.str() {
        Ok(digits) => Value::String(digits.to_string()),
        Err(_) => Value::String("0".into()),
    }
}

/// A float; `NaN` and the infinities, which JSON cannot hold, as the text `json.dumps` writes.
fn float(f: f64) -> Value {
    match Number::from_f64(f) {
        Some(n) => Value::Number(n),
        None => Value::String(toolgate_core::rules::python_float_repr(f)),
    }
}

/// A mapping key as `json.dumps` converts it: strings as they are, `True`/`False`/`None` as
/// `true`/`false`/`null`, numbers as their text; anything else is not JSON.
fn key(k: &Bound<'_, PyAny>) -> Result<String, NotJson> {
    // At the nesting limit a container is refused, as `json.dumps` refuses container keys.
    match convert(k, MAX_NESTING).map_err(|_| NotJson::Type)? {
        Value::String(s) => Ok(s),
        Value::Number(n) => Ok(match n.as_f64() {
            Some(f) if !n.is_i64() && !n.is_u64() => toolgate_core::rules::python_float_repr(f),
            _ => n.to_string(),
        }),
        Value::Bool(b) => Ok(if b { "true" } else { "false" }.into()),
        Value::Null => Ok("null".into()),
        _ => Err(NotJson::Type),
    }
}

/// Converts a JSON value to Python objects (dicts, lists, str, int, float, bool, None).
pub fn to_python<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                i.into_pyobject(py)?.into_any()
            } else if let Some(u) = n.as_u64() {
                u.into_pyobject(py)?.into_any()
            } else {
                PyFloat::new(py, n.as_f64().unwrap_or(f64::NAN)).into_any()
            }
        }
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_python(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, v) in map {
                dict.set_item(k, to_python(py, v)?)?;
            }
            dict.into_any()
        }
    })
}
