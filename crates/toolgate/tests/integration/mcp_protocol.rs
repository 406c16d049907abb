//! `toolgate mcp` end to end: the real binary driven by rmcp's client over stdio.
//! Protocol shape, schemas, every tool, and the error paths.

use crate::mcp_support::{call, check_url, error_text, ok_json, schema, start, text};
use rmcp::model::CallToolRequestParams;
use serde_json::{Value, json};

const TOOLS: [&str; 5] = [
    "check_url",
    "check_urls_batch",
    "validate_policy",
    "check_tool_call",
    "explain_command",
];

#[tokio::test]
async fn initialize_names_toolgate_and_its_version() {
    let s = start(None).await;
    let info = s.client.peer_info().expect("server info");
    let server = info.server_info.as_ref().expect("serverInfo");
    assert_eq!(server.name, "toolgate");
    assert_eq!(server.version, env!("CARGO_PKG_VERSION"));
    assert!(info.capabilities.tools.is_some(), "tools capability");
    assert!(info.capabilities.resources.is_none());
    assert!(info.capabilities.prompts.is_none());
    s.client.cancel().await.unwrap();
}

#[tokio::test]
async fn tools_list_has_closed_input_schemas_and_output_schemas() {
    let s = start(None).await;
    let tools = s.client.list_all_tools().await.unwrap();
    let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    // agentguard-mcp's three in its order (reference/agentguard.md §2), then toolgate's own.
    assert_eq!(names, TOOLS);
    for tool in &tools {
        let input = Value::Object((*tool.input_schema).clone());
        assert_eq!(input["type"], "object", "{}", tool.name);
        assert_eq!(input["additionalProperties"], false, "{}", tool.name);
        let output = tool.output_schema.as_ref().expect("outputSchema");
        assert_eq!(output["type"], "object", "{}", tool.name);
        assert!(
            tool.description.as_deref().is_some_and(|d| d.len() > 40),
            "{} has a description",
            tool.name
        );
    }
    let by_name = |n: &str| {
        let t = tools.iter().find(|t| t.name == n).unwrap();
        (
            Value::Object((*t.input_schema).clone()),
            Value::Object((**t.output_schema.as_ref().unwrap()).clone()),
        )
    };
    let (input, output) = by_name("check_url");
    assert_eq!(input["required"], json!(["url"]));
    assert_eq!(input["properties"]["url"]["type"], "string");
    let policy = &input["properties"]["policy"];
    assert_eq!(policy["type"], "object");
    assert_eq!(policy["additionalProperties"], false);
    for key in ["allow", "deny", "methods", "schemes"] {
        assert_eq!(
            policy["properties"][key]["items"]["type"], "string",
            "{key}"
        );
    }
    let keys: Vec<&String> = output["properties"].as_object().unwrap().keys().collect();
    for key in ["allowed", "reason", "detail", "scheme", "host", "port"] {
        assert!(keys.iter().any(|k| *k == key), "output has {key}");
    }
    let (input, output) = by_name("check_urls_batch");
    assert_eq!(input["required"], json!(["urls"]));
    assert_eq!(input["properties"]["urls"]["items"]["type"], "string");
    assert!(output["properties"]["summary"].is_object());
    let (input, output) = by_name("validate_policy");
    assert_eq!(input["required"], json!(["policy"]));
    for key in ["valid", "issues", "errors", "warnings"] {
        assert!(
            output["properties"][key].is_object(),
            "validate_policy output has {key}"
        );
    }
    assert_eq!(output["properties"]["usable"]["type"], "boolean");
    let (input, output) = by_name("check_tool_call");
    assert_eq!(input["properties"]["tool_input"]["type"], "object");
    assert_eq!(input["properties"]["cwd"]["type"], "string");
    assert!(
        output["required"]
            .as_array()
            .unwrap()
            .contains(&json!("hook_answer")),
        "{output}"
    );
    let mut required: Vec<Value> = input["required"].as_array().unwrap().clone();
    required.sort_by_key(|v| v.to_string());
    assert_eq!(required, vec![json!("tool_input"), json!("tool_name")]);
    let (input, _) = by_name("explain_command");
    assert_eq!(input["required"], json!(["command"]));
    s.client.cancel().await.unwrap();
}

#[tokio::test]
async fn check_url_reply_keys_are_agentguards_then_extras() {
    let s = start(None).await;
    let policy = json!({"allow": ["api.openai.com"]});
    let result = call(
        &s.client,
        "check_url",
        json!({"url": "https://api.openai.com/v1/models", "policy": policy}),
    )
    .await;
    let reply = ok_json(&result);
    assert_eq!(reply["allowed"], true);
    assert_eq!(reply["reason"], "matched_allowlist");
    assert_eq!(reply["detail"], Value::Null);
    assert_eq!(reply["scheme"], "https");
    assert_eq!(reply["host"], "api.openai.com");
    assert_eq!(reply["port"], 443);
    let text = text(&result);
    let at = |k: &str| text.find(&format!("\"{k}\"")).unwrap();
    assert!(at("allowed") < at("reason") && at("reason") < at("detail"));
    assert!(at("detail") < at("scheme") && at("scheme") < at("host") && at("host") < at("port"));
    assert!(
        text.contains("\n  \"allowed\": true"),
        "2-space pretty print: {text}"
    );
    s.client.cancel().await.unwrap();
}

#[tokio::test]
async fn check_urls_batch_gives_per_url_results_and_a_summary() {
    let s = start(None).await;
    let reply = ok_json(
        &call(
            &s.client,
            "check_urls_batch",
            json!({
                "urls": ["https://api.openai.com/", "https://evil.com/", "http://[::1]/", "nope"],
                "policy": {"allow": ["api.openai.com"]},
            }),
        )
        .await,
    );
    let results = reply["results"].as_array().unwrap();
    assert_eq!(results.len(), 4);
    assert_eq!(results[0]["url"], "https://api.openai.com/");
    assert_eq!(results[0]["allowed"], true);
    assert_eq!(results[1]["reason"], "not_in_allowlist");
    assert_eq!(results[1]["detail"], "evil.com");
    assert_eq!(results[2]["allowed"], false);
    assert_eq!(results[3]["reason"], "invalid_url");
    assert_eq!(
        reply["summary"],
        json!({"total": 4, "allowed_count": 1, "denied_count": 3})
    );
    s.client.cancel().await.unwrap();
}

#[tokio::test]
async fn batch_size_and_url_length_are_limited() {
    let s = start(None).await;
    let urls: Vec<String> = (0..1001)
        .map(|i| format!("https://h{i}.example/"))
        .collect();
    let result = call(&s.client, "check_urls_batch", json!({ "urls": urls })).await;
    let message = error_text(&result);
    assert!(
        message.contains("too many URLs") && message.contains("1000"),
        "{message}"
    );
    // 1,000 is still fine.
    let urls: Vec<String> = (0..1000)
        .map(|i| format!("https://h{i}.example/"))
        .collect();
    let reply = ok_json(&call(&s.client, "check_urls_batch", json!({ "urls": urls })).await);
    assert_eq!(reply["summary"]["total"], 1000);

    let long = format!("https://api.openai.com/{}", "a".repeat(9000));
    let reply = check_url(
        &s.client,
        &long,
        Some(json!({"allow": ["api.openai.com"]})),
        None,
    )
    .await;
    assert_eq!(reply["allowed"], false);
    assert_eq!(reply["reason"], "invalid_url");
    assert!(
        !reply["detail"].as_str().unwrap().contains("aaaa"),
        "no echo"
    );
    s.client.cancel().await.unwrap();
}

#[tokio::test]
async fn wrong_types_unknown_and_missing_arguments_are_tool_errors() {
    let s = start(None).await;
    let cases = [
        (
            "check_url",
            json!({"url": 42}),
            "argument `url` must be a string",
        ),
        (
            "check_url",
            json!({"url": ["https://api.openai.com/"]}),
            "argument `url` must be a string",
        ),
        (
            "check_url",
            json!({"url": "https://x.com/", "method": 1}),
            "argument `method`",
        ),
        (
            "check_url",
            json!({"url": "https://x.com/", "Policy": {}}),
            "unknown argument (did you mean `policy`?)",
        ),
        (
            "check_tool_call",
            json!({"tool_name": "Bash", "tool_inptu": {}}),
            "unknown argument (did you mean `tool_input`?)",
        ),
        (
            "check_tool_call",
            json!({"tool_name": "Bash", "tool_input": {}, "cwd": 42}),
            "argument `cwd` must be a string",
        ),
        ("check_url", json!({}), "missing required argument `url`"),
        (
            "check_urls_batch",
            json!({"urls": "https://x.com/"}),
            "argument `urls` must be an array of strings",
        ),
        (
            "check_urls_batch",
            json!({"urls": ["https://x.com/", null]}),
            "element 1 is null",
        ),
        (
            "validate_policy",
            json!({}),
            "missing required argument `policy`",
        ),
        (
            "check_tool_call",
            json!({"tool_name": "Bash", "tool_input": "ls"}),
            "argument `tool_input` must be an object",
        ),
        (
            "explain_command",
            json!({"command": ["rm", "-rf"]}),
            "argument `command` must be a string",
        ),
    ];
    for (tool, args, expected) in cases {
        let message = error_text(&call(&s.client, tool, args.clone()).await);
        assert!(message.contains(expected), "{tool} {args}: {message}");
        assert!(result_free_of_values(&message), "{message}");
    }
    // An unknown key is never repeated: not when it looks like data, not when it looks like
    // an identifier, not when it is a near miss.
    for key in [
        "sk-ant-api03 SECRET",
        "SECRET_token",
        "Policy",
        "tool_inptu",
    ] {
        let mut args = json!({"url": "x"});
        args[key] = json!(1);
        let message = error_text(&call(&s.client, "check_url", args).await);
        assert!(message.starts_with("unknown argument"), "{message}");
        assert!(!message.contains(key), "{key}: {message}");
    }
    s.client.cancel().await.unwrap();
}

fn result_free_of_values(message: &str) -> bool {
    !message.contains("https://x.com/") && !message.contains("42")
}

#[tokio::test]
async fn unknown_tool_is_a_tool_error_that_does_not_repeat_the_name() {
    let s = start(None).await;
    // agentguard-mcp answers an unknown tool with `isError: true` (reference/agentguard.md §2).
    for (name, hint) in [
        ("fetch_url", None),
        ("check_ulr", Some("did you mean `check_url`?")),
        ("sk-live-SECRET-0123456789", None),
    ] {
        let result = s
            .client
            .call_tool(CallToolRequestParams::new(name))
            .await
            .expect("a tool result, not a protocol error");
        let message = error_text(&result);
        assert!(message.starts_with("unknown tool"), "{message}");
        assert!(!message.contains(name), "{name}: {message}");
        assert!(message.contains("`check_url`"), "{message}");
        if let Some(hint) = hint {
            assert!(message.contains(hint), "{message}");
        }
    }
    // The session still serves.
    let reply = check_url(&s.client, "http://169.254.169.254/", None, None).await;
    assert_eq!(reply["allowed"], false);
    assert_eq!(reply["reason"], "private_address");
    s.client.cancel().await.unwrap();
}

#[tokio::test]
async fn an_invalid_policy_wins_over_an_overlong_url() {
    let s = start(None).await;
    let long = format!("https://api.openai.com/{}", "a".repeat(9000));
    for policy in [json!({"alow": ["api.openai.com"]}), Value::Null] {
        let reply = check_url(&s.client, &long, Some(policy.clone()), None).await;
        assert_eq!(reply["allowed"], false, "{policy}");
        assert_eq!(reply["reason"], "invalid_policy", "{policy}");
        let reply = ok_json(
            &call(
                &s.client,
                "check_urls_batch",
                json!({"urls": [long, "https://api.openai.com/"], "policy": policy}),
            )
            .await,
        );
        for entry in reply["results"].as_array().unwrap() {
            assert_eq!(entry["reason"], "invalid_policy", "{policy}");
        }
    }
    s.client.cancel().await.unwrap();
    // The server's own broken policy, too.
    let s = start(Some("network:\n  alow: [\"*\"]\n")).await;
    let reply = check_url(&s.client, &long, None, None).await;
    assert_eq!(reply["reason"], "invalid_policy");
    s.client.cancel().await.unwrap();
}

#[test]
fn the_schema_checker_rejects_what_it_should() {
    let root = json!({
        "$defs": {"Entry": {"type": "object", "properties": {"n": {"type": "integer", "minimum": 0}},
                  "required": ["n"], "additionalProperties": false}},
        "type": "object",
        "properties": {
            "kind": {"type": "string", "enum": ["a", "b"]},
            "maybe": {"type": ["string", "null"]},
            "entries": {"type": "array", "items": {"$ref": "#/$defs/Entry"}}
        },
        "required": ["kind", "entries"],
        "additionalProperties": false
    });
    let good = json!({"kind": "a", "maybe": null, "entries": [{"n": 1}]});
    assert_eq!(schema::conforms(&root, &good), Ok(()));
    for bad in [
        json!({"kind": "c", "entries": []}),
        json!({"kind": "a"}),
        json!({"kind": "a", "entries": [], "extra": 1}),
        json!({"kind": "a", "maybe": 3, "entries": []}),
        json!({"kind": "a", "entries": [{"n": "1"}]}),
        json!({"kind": "a", "entries": [{"n": -1}]}),
        json!({"kind": "a", "entries": [{"n": 1, "m": 2}]}),
        json!({"kind": "a", "entries": [{}]}),
        json!([]),
    ] {
        assert!(schema::conforms(&root, &bad).is_err(), "accepted {bad}");
    }
    // A keyword the checker does not know fails instead of passing silently.
    let unknown = json!({"type": "object", "oneOf": [{"type": "object"}]});
    assert!(schema::conforms(&unknown, &json!({})).is_err());
}

#[tokio::test]
async fn invalid_policies_deny_with_invalid_policy() {
    let s = start(None).await;
    let url = "https://api.openai.com/";
    let policies = [
        json!("api.openai.com"),
        json!(["api.openai.com"]),
        Value::Null,
        json!({"Allow": ["api.openai.com"]}),
        json!({"network": {"allow": ["api.openai.com"]}}),
        json!({"allow": "api.openai.com"}),
        json!({"allow": null}),
        json!({"allow": [1]}),
        json!({"allow": ["api.openai.com"], "deny": ["http://evil.com"]}),
        json!({"allow": ["api.openai.com", "*."]}),
        json!({"allow": ["api.openai.com"], "methods": "GET"}),
    ];
    for policy in policies {
        let reply = check_url(&s.client, url, Some(policy.clone()), None).await;
        assert_eq!(reply["allowed"], false, "{policy}");
        assert_eq!(reply["reason"], "invalid_policy", "{policy}");
        let detail = reply["detail"].as_str().expect("detail names the error");
        assert!(!detail.is_empty() && detail.len() <= 210, "{detail}");
    }
    // The batch denies every URL the same way.
    let reply = ok_json(
        &call(
            &s.client,
            "check_urls_batch",
            json!({"urls": [url, "https://example.com/"], "policy": {"alow": ["*"]}}),
        )
        .await,
    );
    assert_eq!(reply["summary"]["denied_count"], 2);
    assert_eq!(reply["results"][1]["reason"], "invalid_policy");
    s.client.cancel().await.unwrap();
}

#[tokio::test]
async fn validate_policy_reports_errors_and_warnings_with_codes() {
    let s = start(None).await;
    let v = |p: Value| {
        let client = &s.client;
        async move { ok_json(&call(client, "validate_policy", json!({ "policy": p })).await) }
    };
    let good = v(json!({"allow": ["api.openai.com", "*.anthropic.com"], "methods": ["GET"]})).await;
    assert_eq!(good["valid"], true);
    assert_eq!(good["usable"], true);
    assert_eq!(good["issues"], json!([]));
    assert_eq!(good["errors"], json!([]));

    let broad = v(json!({"allow": ["*"]})).await;
    // As agentguard: any issue, a warning too, makes `valid` false; `usable` stays true.
    assert_eq!(broad["valid"], false, "a warning is an issue");
    assert_eq!(broad["usable"], true, "a warning leaves the policy usable");
    assert_eq!(broad["errors"], json!([]));
    assert!(
        !broad["warnings"].as_array().unwrap().is_empty(),
        "`*` warns"
    );
    assert_eq!(broad["issues"].as_array().unwrap().len(), 1);

    let empty = v(json!({})).await;
    assert!(
        !empty["warnings"].as_array().unwrap().is_empty()
            || !empty["errors"].as_array().unwrap().is_empty(),
        "no allow list is flagged"
    );

    let bad =
        v(json!({"allow": ["api.openai.com/v1"], "deny": ["http://evil.com"], "alow": []})).await;
    assert_eq!(bad["valid"], false);
    assert_eq!(bad["usable"], false);
    let errors = bad["errors"].as_array().unwrap();
    assert!(
        errors.len() >= 3,
        "allow path, deny scheme and unknown key: {errors:?}"
    );
    for e in errors {
        assert!(e["code"].as_str().is_some_and(|c| !c.is_empty()), "{e}");
        assert!(e["message"].as_str().is_some_and(|c| !c.is_empty()), "{e}");
        assert!(e.get("hint").is_some() && e.get("path").is_some(), "{e}");
    }
    assert_eq!(
        bad["issues"].as_array().unwrap().len(),
        errors.len() + bad["warnings"].as_array().unwrap().len()
    );
    s.client.cancel().await.unwrap();
}

#[tokio::test]
async fn omitted_policy_uses_the_servers_policy_file() {
    let s = start(Some("network:\n  allow: [\"api.openai.com\"]\n")).await;
    let reply = check_url(&s.client, "https://api.openai.com/", None, None).await;
    assert_eq!(reply["allowed"], true);
    let reply = check_url(&s.client, "https://example.com/", None, None).await;
    assert_eq!(reply["reason"], "not_in_allowlist");
    // A policy given in the call replaces the file's.
    let reply = check_url(
        &s.client,
        "https://example.com/",
        Some(json!({"allow": ["example.com"]})),
        None,
    )
    .await;
    assert_eq!(reply["allowed"], true);
    s.client.cancel().await.unwrap();
}

#[tokio::test]
async fn a_broken_server_policy_denies_everything() {
    let s = start(Some("network:\n  alow: [\"*\"]\n")).await;
    let reply = check_url(&s.client, "https://api.openai.com/", None, None).await;
    assert_eq!(reply["allowed"], false);
    assert_eq!(reply["reason"], "invalid_policy");
    let reply = ok_json(
        &call(
            &s.client,
            "check_tool_call",
            json!({"tool_name": "Bash", "tool_input": {"command": "ls"}}),
        )
        .await,
    );
    assert_eq!(reply["decision"], "deny");
    s.client.cancel().await.unwrap();
}

#[tokio::test]
async fn check_tool_call_gives_the_hooks_decision() {
    let s = start(None).await;
    let check = |name: &str, input: Value| {
        let client = &s.client;
        let args = json!({"tool_name": name, "tool_input": input});
        async move { ok_json(&call(client, "check_tool_call", args).await) }
    };
    let reply = check("Bash", json!({"command": "rm -rf /"})).await;
    assert_eq!(reply["decision"], "deny", "{reply}");
    assert!(!reply["rule_ids"].as_array().unwrap().is_empty(), "{reply}");
    assert!(
        !reply["reason"].as_str().unwrap().contains("rm -rf /"),
        "no echo: {reply}"
    );

    let reply = check("Bash", json!({"command": "ls -la"})).await;
    assert_ne!(reply["decision"], "deny", "{reply}");
    assert!(reply["rule_ids"].as_array().unwrap().is_empty(), "{reply}");

    let reply = check(
        "WebFetch",
        json!({"url": "http://169.254.169.254/latest/meta-data/", "prompt": "x"}),
    )
    .await;
    assert_eq!(reply["decision"], "deny", "{reply}");
    assert!(
        !reply["destinations"].as_array().unwrap().is_empty(),
        "{reply}"
    );

    let reply = check("Bash", json!({"command": "curl https://api.github.com/"})).await;
    assert!(
        !reply["destinations"].as_array().unwrap().is_empty(),
        "{reply}"
    );
    s.client.cancel().await.unwrap();
}

#[tokio::test]
async fn explain_command_returns_the_shell_analysis() {
    let s = start(None).await;
    let reply = ok_json(
        &call(
            &s.client,
            "explain_command",
            json!({"command": "sudo rm -fr /tmp/x && curl https://example.com/"}),
        )
        .await,
    );
    let dump = reply.to_string();
    assert!(
        dump.contains("\"rm\""),
        "the unwrapped program is shown: {dump}"
    );
    assert!(
        dump.contains("example.com"),
        "the destination is shown: {dump}"
    );
    let result = call(
        &s.client,
        "explain_command",
        json!({"command": "x".repeat(1_100_000)}),
    )
    .await;
    assert!(error_text(&result).contains("longer than"));
    s.client.cancel().await.unwrap();
}

#[tokio::test]
async fn ping_and_many_calls_in_one_session() {
    let s = start(None).await;
    let policy = json!({"allow": ["*.example.com"]});
    for i in 0..200 {
        let reply = check_url(
            &s.client,
            &format!("https://h{i}.example.com/"),
            Some(policy.clone()),
            None,
        )
        .await;
        assert_eq!(reply["allowed"], true);
    }
    s.client
        .peer()
        .send_request(rmcp::model::ClientRequest::PingRequest(Default::default()))
        .await
        .expect("ping");
    s.client.cancel().await.unwrap();
}
