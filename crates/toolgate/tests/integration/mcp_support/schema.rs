//! A small JSON-Schema conformance checker for the subset toolgate's output schemas use:
//! `type`, `properties`, `required`, `items`, `additionalProperties`, `enum`, `minimum`,
//! `maximum` and local `$ref`s into `$defs`. Any other keyword is reported as unsupported, so
//! a schema construct the checker does not understand fails the test instead of passing.

use serde_json::{Map, Value};

/// Annotation keywords: they describe, they do not constrain.
const ANNOTATIONS: &[&str] = &[
    "$schema",
    "$defs",
    "description",
    "title",
    "format",
    "default",
];

/// Checks `value` against `schema` (the root, which holds the `$defs`).
pub fn conforms(schema: &Value, value: &Value) -> Result<(), String> {
    check(schema, schema, value, "$")
}

fn check(root: &Value, schema: &Value, value: &Value, at: &str) -> Result<(), String> {
    let node = match schema {
        Value::Bool(true) => return Ok(()),
        Value::Bool(false) => return Err(format!("{at}: no value is allowed here")),
        Value::Object(node) => node,
        _ => {
            return Err(format!(
                "{at}: the schema node is not an object or a boolean"
            ));
        }
    };
    for key in node.keys() {
        let known = [
            "type",
            "properties",
            "required",
            "items",
            "additionalProperties",
            "enum",
            "minimum",
            "maximum",
            "$ref",
        ];
        if !known.contains(&key.as_str()) && !ANNOTATIONS.contains(&key.as_str()) {
            return Err(format!("{at}: unsupported schema keyword `{key}`"));
        }
    }
    if let Some(reference) = node.get("$ref") {
        let target = resolve(root, reference).ok_or_else(|| format!("{at}: bad $ref"))?;
        check(root, target, value, at)?;
    }
    if let Some(types) = node.get("type") {
        let types: Vec<&str> = match types {
            Value::String(t) => vec![t.as_str()],
            Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
            _ => return Err(format!("{at}: `type` is neither a string nor a list")),
        };
        if !types.iter().any(|t| has_type(value, t)) {
            return Err(format!("{at}: {} is not of type {types:?}", kind(value)));
        }
    }
    if let Some(options) = node.get("enum") {
        let options = options
            .as_array()
            .ok_or_else(|| format!("{at}: `enum` is not a list"))?;
        if !options.contains(value) {
            return Err(format!("{at}: {value} is not one of {options:?}"));
        }
    }
    if let Some(n) = value.as_f64() {
        if node
            .get("minimum")
            .and_then(Value::as_f64)
            .is_some_and(|m| n < m)
        {
            return Err(format!("{at}: {n} is below the minimum"));
        }
        if node
            .get("maximum")
            .and_then(Value::as_f64)
            .is_some_and(|m| n > m)
        {
            return Err(format!("{at}: {n} is above the maximum"));
        }
    }
    if let Value::Object(object) = value {
        check_object(root, node, object, at)?;
    }
    if let (Some(items), Value::Array(elements)) = (node.get("items"), value) {
        for (i, element) in elements.iter().enumerate() {
            check(root, items, element, &format!("{at}[{i}]"))?;
        }
    }
    Ok(())
}

fn check_object(
    root: &Value,
    node: &Map<String, Value>,
    object: &Map<String, Value>,
    at: &str,
) -> Result<(), String> {
    if let Some(required) = node.get("required").and_then(Value::as_array) {
        for name in required.iter().filter_map(Value::as_str) {
            if !object.contains_key(name) {
                return Err(format!("{at}: the required key `{name}` is missing"));
            }
        }
    }
    let properties = node.get("properties").and_then(Value::as_object);
    for (key, item) in object {
        let at = format!("{at}.{key}");
        match properties.and_then(|p| p.get(key)) {
            Some(property) => check(root, property, item, &at)?,
            None => match node.get("additionalProperties") {
                None | Some(Value::Bool(true)) => {}
                Some(extra) => check(root, extra, item, &at)
                    .map_err(|why| format!("{why} (a key the schema does not declare)"))?,
            },
        }
    }
    Ok(())
}

fn resolve<'r>(root: &'r Value, reference: &Value) -> Option<&'r Value> {
    let name = reference.as_str()?.strip_prefix("#/$defs/")?;
    root.get("$defs")?.get(name)
}

fn has_type(value: &Value, t: &str) -> bool {
    match t {
        "null" => value.is_null(),
        "boolean" => value.is_boolean(),
        "string" => value.is_string(),
        "array" => value.is_array(),
        "object" => value.is_object(),
        "number" => value.is_number(),
        "integer" => value.is_i64() || value.is_u64(),
        _ => false,
    }
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
