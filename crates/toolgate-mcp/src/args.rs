//! Tool arguments: their types, their JSON Schemas, and the check of a call's arguments against
//! the declared schema.
//!
//! rmcp turns a failed deserialisation of `Parameters<T>` into a JSON-RPC error (-32602), which
//! many clients surface as a protocol fault instead of showing it to the model. So every tool
//! takes its arguments as a raw JSON object, [`check_arguments`] compares them with the schema
//! the tool declares (the same schema `tools/list` shows), and a mismatch becomes a tool result
//! with `isError: true`. Messages name the argument and the expected type, never the value.

use std::sync::Arc;

use rmcp::model::JsonObject;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

/// The most URLs one `check_urls_batch` call may carry.
pub const MAX_BATCH_URLS: usize = 1_000;
/// The longest URL (in bytes) that is checked; a longer one is denied as `invalid_url`.
pub const MAX_URL_BYTES: usize = 8_192;
/// The longest shell command (in bytes) `explain_command` analyses.
pub const MAX_COMMAND_BYTES: usize = 1 << 20;

/// Arguments whose content is checked by the tool itself rather than by the schema: a broken
/// `policy` must give a deny with reason `invalid_policy`, not a tool error.
const CHECKED_BY_TOOL: &[&str] = &["policy"];

/// Arguments of `check_url`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckUrlArgs {
    /// URL to check.
    pub url: String,
    /// HTTP method (default GET).
    #[serde(default)]
    pub method: Option<String>,
    /// The network policy; omitted: the server's own policy file applies. `null` is not
    /// "omitted": it is an invalid policy.
    #[serde(default, deserialize_with = "present")]
    #[schemars(schema_with = "policy_schema")]
    pub policy: Option<Value>,
}

/// Arguments of `check_urls_batch`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckUrlsBatchArgs {
    /// URLs to check (at most 1,000).
    pub urls: Vec<String>,
    /// HTTP method applied to all URLs (default GET).
    #[serde(default)]
    pub method: Option<String>,
    /// The network policy; omitted: the server's own policy file applies. `null` is not
    /// "omitted": it is an invalid policy.
    #[serde(default, deserialize_with = "present")]
    #[schemars(schema_with = "policy_schema")]
    pub policy: Option<Value>,
}

/// Arguments of `validate_policy`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ValidatePolicyArgs {
    /// The network policy to validate.
    #[schemars(schema_with = "policy_schema")]
    pub policy: Value,
}

/// Arguments of `check_tool_call`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckToolCallArgs {
    /// The tool's name as the agent calls it (`Bash`, `WebFetch`, `Write`, `mcp__server__tool`…).
    pub tool_name: String,
    /// The tool's input object, as the agent would pass it.
    pub tool_input: JsonObject,
    /// The session's working directory, as in the hook event's `cwd` (default: the server's
    /// working directory). Relative paths in the call are resolved against it.
    #[serde(default)]
    #[schemars(schema_with = "cwd_schema")]
    pub cwd: Option<String>,
}

/// Arguments of `explain_command`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExplainCommandArgs {
    /// The shell command to analyse (it is parsed, never run).
    pub command: String,
}

/// Wraps a value that is present, `null` included (serde calls this only for present keys).
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(d).map(Some)
}

/// The schema of the `policy` argument: agentguard's `{allow, deny, methods}` object, extended
/// with toolgate's pattern forms and `schemes`.
pub fn policy_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let strings = |description: &str| serde_json::json!({"type": "array", "items": {"type": "string"}, "description": description});
    let schema = serde_json::json!({
        "type": "object",
        "description": "A network policy: { allow: [\"api.openai.com\", \"*.example.com\"] }. \
            Optional: deny: string[], methods: string[], schemes: string[]. Omit it to use the \
            server's own policy file. Unknown keys and malformed patterns make the policy invalid: \
            every URL is then denied with reason invalid_policy.",
        "properties": {
            "allow": strings(
                "Host patterns to allow: an exact host, *.domain (the domain itself and every \
                 subdomain), *, an IPv4/IPv6 address, a CIDR range, any of these with :port. \
                 Without an allow list every URL is denied (no_allowlist)."
            ),
            "deny": strings("Host patterns to deny, same forms as allow. Wins over allow."),
            "methods": strings(
                "HTTP methods to permit (e.g. [\"GET\", \"POST\"]). Default: any method except \
                 CONNECT, TRACE and TRACK."
            ),
            "schemes": strings("URL schemes to permit. Default: http, https, ws, wss.")
        },
        "additionalProperties": false
    });
    schemars::Schema::try_from(schema).unwrap_or_default()
}

/// The schema of `check_tool_call`'s `cwd`: a string (a `null` is a wrong type, as in the
/// hook, which only reads a string `cwd`).
pub fn cwd_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let schema = serde_json::json!({
        "type": "string",
        "description": "The session's working directory, as in the hook event's `cwd` (default: \
            the server's working directory)."
    });
    schemars::Schema::try_from(schema).unwrap_or_default()
}

/// The input schema `tools/list` shows for `T`. A schema rmcp refuses (a bug caught by the
/// tests) falls back to one that accepts no arguments at all, which fails closed.
pub fn input_schema<T: JsonSchema + 'static>() -> Arc<JsonObject> {
    rmcp::handler::server::common::schema_for_input::<T>().unwrap_or_else(|_| {
        let mut closed = JsonObject::new();
        closed.insert("type".into(), Value::from("object"));
        closed.insert("additionalProperties".into(), Value::Bool(false));
        Arc::new(closed)
    })
}

/// Checks `args` against the declared input schema of `T` and deserialises them.
///
/// `Err` is the message for an `isError` tool result.
pub fn check_arguments<T>(args: JsonObject) -> Result<T, String>
where
    T: JsonSchema + for<'de> Deserialize<'de> + 'static,
{
    let schema = input_schema::<T>();
    check_against(&schema, &args)?;
    serde_json::from_value(Value::Object(args))
        .map_err(|_| "invalid arguments: they do not match the tool's input schema".to_string())
}

/// The structural check: unknown arguments, missing required ones, and the JSON type of each
/// argument (and of array items).
fn check_against(schema: &JsonObject, args: &JsonObject) -> Result<(), String> {
    let properties = schema.get("properties").and_then(Value::as_object);
    let closed = schema.get("additionalProperties") == Some(&Value::Bool(false));
    if closed {
        for key in args.keys() {
            if !properties.is_some_and(|p| p.contains_key(key)) {
                let known = properties
                    .map(|p| {
                        p.keys()
                            .map(|k| format!("`{k}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    })
                    .unwrap_or_default();
                let names: Vec<&str> = properties
                    .map(|p| p.keys().map(String::as_str).collect())
                    .unwrap_or_default();
                return Err(match near_miss(key, &names) {
                    Some(name) => format!(
                        "unknown argument (did you mean `{name}`?); this tool takes {known}"
                    ),
                    None => format!("unknown argument; this tool takes {known}"),
                });
            }
        }
    }
    if let Some(required) = schema.get("required").and_then(Value::as_array) {
        for name in required.iter().filter_map(Value::as_str) {
            if !args.contains_key(name) {
                return Err(format!("missing required argument `{name}`"));
            }
        }
    }
    let Some(properties) = properties else {
        return Ok(());
    };
    for (name, value) in args {
        if CHECKED_BY_TOOL.contains(&name.as_str()) {
            continue;
        }
        let Some(property) = properties.get(name).and_then(Value::as_object) else {
            continue;
        };
        if !type_matches(property, value) {
            return Err(format!(
                "argument `{name}` must be {}, found {}",
                describe_type(property),
                json_type_name(value)
            ));
        }
        if let (Some(items), Some(elements)) = (
            property.get("items").and_then(Value::as_object),
            value.as_array(),
        ) {
            for (i, element) in elements.iter().enumerate() {
                if !type_matches(items, element) {
                    return Err(format!(
                        "argument `{name}` must be {}; element {i} is {}",
                        describe_type(property),
                        json_type_name(element)
                    ));
                }
            }
        }
    }
    Ok(())
}

/// The JSON types a schema node allows (`type` as a string or a list); empty means any.
fn allowed_types(schema: &JsonObject) -> Vec<&str> {
    match schema.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

fn type_matches(schema: &JsonObject, value: &Value) -> bool {
    let types = allowed_types(schema);
    types.is_empty()
        || types.iter().any(|t| match *t {
            "string" => value.is_string(),
            "array" => value.is_array(),
            "object" => value.is_object(),
            "boolean" => value.is_boolean(),
            "null" => value.is_null(),
            "number" => value.is_number(),
            "integer" => value.is_i64() || value.is_u64(),
            _ => false,
        })
}

fn describe_type(schema: &JsonObject) -> String {
    let items = schema
        .get("items")
        .and_then(Value::as_object)
        .map(allowed_types)
        .unwrap_or_default();
    let names: Vec<String> = allowed_types(schema)
        .into_iter()
        .map(|t| match t {
            "array" if items.len() == 1 => format!("an array of {}s", items[0]),
            "array" => "an array".into(),
            "object" => "an object".into(),
            "integer" => "an integer".into(),
            other => format!("a {other}"),
        })
        .collect();
    names.join(" or ")
}

/// The JSON type of a value, for messages (the value itself is never shown).
pub fn json_type_name(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The known argument an unknown name resembles, if any. The unknown name itself is never
/// shown: a key can carry data (a pasted token) as easily as a typo.
fn near_miss<'k>(key: &str, known: &[&'k str]) -> Option<&'k str> {
    if key.len() > MAX_HINTED_KEY {
        return None;
    }
    toolgate_policy::reader::closest(key, known)
}

/// The longest argument name compared with the known ones (longer names are not typos).
const MAX_HINTED_KEY: usize = 64;

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn object(v: Value) -> JsonObject {
        match v {
            Value::Object(m) => m,
            _ => panic!("not an object"),
        }
    }

    #[test]
    fn schemas_are_closed_and_typed() {
        let s = input_schema::<CheckUrlArgs>();
        assert_eq!(s["additionalProperties"], json!(false));
        assert_eq!(s["required"], json!(["url"]));
        assert_eq!(s["properties"]["url"]["type"], json!("string"));
        assert_eq!(
            s["properties"]["policy"]["additionalProperties"],
            json!(false)
        );
        let s = input_schema::<CheckToolCallArgs>();
        assert_eq!(s["properties"]["tool_input"]["type"], json!("object"));
        assert_eq!(s["properties"]["cwd"]["type"], json!("string"));
        assert_eq!(s["additionalProperties"], json!(false));
        let mut required = s["required"].as_array().unwrap().clone();
        required.sort_by_key(|v| v.to_string());
        assert_eq!(required, vec![json!("tool_input"), json!("tool_name")]);
    }

    #[test]
    fn wrong_types_are_named_without_the_value() {
        let e = check_arguments::<CheckUrlArgs>(object(json!({"url": 42}))).unwrap_err();
        assert_eq!(e, "argument `url` must be a string, found a number");
        let e = check_arguments::<CheckUrlsBatchArgs>(object(json!({"urls": ["a", {"s": 1}]})))
            .unwrap_err();
        assert!(e.contains("element 1 is an object"), "{e}");
        let e =
            check_arguments::<CheckUrlArgs>(object(json!({"url": "x", "method": 7}))).unwrap_err();
        assert!(
            e.starts_with("argument `method` must be a string or a null"),
            "{e}"
        );
    }

    #[test]
    fn unknown_and_missing_arguments() {
        let e =
            check_arguments::<CheckUrlArgs>(object(json!({"url": "x", "Policy": {}}))).unwrap_err();
        assert!(
            e.starts_with("unknown argument (did you mean `policy`?)"),
            "{e}"
        );
        assert!(!e.contains("Policy"), "{e}");
        let e = check_arguments::<CheckToolCallArgs>(object(
            json!({"tool_name": "Bash", "tool_inptu": {}}),
        ))
        .unwrap_err();
        assert!(e.contains("did you mean `tool_input`?"), "{e}");
        assert!(!e.contains("tool_inptu"), "{e}");
        // A plain identifier that is no typo is not repeated either.
        let e = check_arguments::<CheckUrlArgs>(object(json!({"url": "x", "ghp_token123": 1})))
            .unwrap_err();
        assert!(e.starts_with("unknown argument; "), "{e}");
        assert!(!e.contains("ghp_"), "{e}");
        let e = check_arguments::<CheckUrlArgs>(object(json!({"url": "x", "sk-live secret": 1})))
            .unwrap_err();
        assert!(!e.contains("secret"), "{e}");
        let e = check_arguments::<CheckUrlArgs>(object(json!({}))).unwrap_err();
        assert_eq!(e, "missing required argument `url`");
    }

    #[test]
    fn the_policy_is_left_to_the_tool() {
        let a =
            check_arguments::<CheckUrlArgs>(object(json!({"url": "x", "policy": "str"}))).unwrap();
        assert_eq!(a.policy, Some(json!("str")));
        let a =
            check_arguments::<CheckUrlArgs>(object(json!({"url": "x", "method": null}))).unwrap();
        assert_eq!(a.method, None);
        let a =
            check_arguments::<CheckUrlArgs>(object(json!({"url": "x", "policy": null}))).unwrap();
        assert_eq!(a.policy, Some(Value::Null));
        let a = check_arguments::<CheckUrlArgs>(object(json!({"url": "x"}))).unwrap();
        assert_eq!(a.policy, None);
    }
}
