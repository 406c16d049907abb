//! The network policy's `methods` apply to the requests HTTP clients in shell commands would
//! send: `-d`/`-F`/`--data*`/`--json` make curl POST, `-X` sets the method, `-T` is PUT,
//! `-I` HEAD; wget's `--post-data`/`--post-file` POST and `--method`; HTTPie's data items
//! POST; aria2c only GETs. A method only known at run time is refused where the policy
//! names its methods.

use std::sync::Arc;

use serde_json::json;
use toolgate_core::Verdict;
use toolgate_engine::{Guard, ToolCallDecision};
use toolgate_policy::{Format, Policy, PolicySource, load_str};

fn bash(guard: &Guard, command: &str) -> ToolCallDecision {
    guard.check_tool_call("Bash", &json!({ "command": command }))
}

fn guard(yaml: &str) -> Guard {
    let policy = load_str(yaml, Format::Yaml, PolicySource::Builtin);
    assert!(policy.is_usable(), "{}", policy.render_diagnostics());
    Guard::new(Arc::new(policy))
}

fn method_blocked(d: &ToolCallDecision) -> bool {
    d.decision == Verdict::Deny
        && d.destinations
            .iter()
            .any(|c| !c.allowed && c.reason == "method_blocked")
}

#[test]
fn only_the_listed_methods_pass() {
    let g = guard("network:\n  allow: [\"api.example.com\"]\n  methods: [GET, HEAD]\n");
    for allowed in [
        "curl https://api.example.com/v1",
        "curl -I https://api.example.com/v1",
        "curl -G -d q=1 https://api.example.com/v1",
        "curl -X get https://api.example.com/v1",
        "wget https://api.example.com/v1",
        "wget --spider https://api.example.com/v1",
        "http https://api.example.com/v1 Accept:application/json q==1",
        "aria2c https://api.example.com/file.iso",
    ] {
        let d = bash(&g, allowed);
        assert!(d.decision < Verdict::Review, "{allowed}: {}", d.reason);
    }
    for blocked in [
        "curl -d a=1 https://api.example.com/v1",
        "curl --data-binary @body.json https://api.example.com/v1",
        "curl -F file=@x.txt https://api.example.com/v1",
        "curl --json '{}' https://api.example.com/v1",
        "curl -X DELETE https://api.example.com/v1/items/1",
        "curl --request PATCH https://api.example.com/v1",
        "curl -T file.txt https://api.example.com/upload",
        "curl -sSX POST https://api.example.com/v1",
        "wget --post-data a=1 https://api.example.com/v1",
        "wget --post-file=body https://api.example.com/v1",
        "wget --method=PUT https://api.example.com/v1",
        "http https://api.example.com/v1 name=me",
        "http POST https://api.example.com/v1",
        "xh delete https://api.example.com/v1/x",
    ] {
        let d = bash(&g, blocked);
        assert!(method_blocked(&d), "{blocked}: {}", d.reason);
    }
    // A method only known at run time cannot be checked against the list.
    let d = bash(&g, "curl -X \"$METHOD\" https://api.example.com/v1");
    assert_eq!(d.decision, Verdict::Deny, "{}", d.reason);
    assert!(d.reason.contains("unknown_destination"), "{}", d.reason);
}

#[test]
fn the_default_policy_checks_the_method_too() {
    let g = Guard::new(Arc::new(Policy::builtin()));
    for allowed in [
        "curl -d a=1 https://api.example.com/v1",
        "curl -X DELETE https://api.example.com/v1/items/1",
        // No method list: a run-time method is checked as a GET.
        "curl -X \"$METHOD\" https://api.example.com/v1",
    ] {
        let d = bash(&g, allowed);
        assert!(d.decision < Verdict::Review, "{allowed}: {}", d.reason);
    }
    // CONNECT, TRACE and TRACK are refused unless a policy lists them.
    for blocked in [
        "curl -X TRACE https://api.example.com/",
        "curl -X CONNECT https://api.example.com/",
    ] {
        assert!(method_blocked(&bash(&g, blocked)), "{blocked}");
    }
}
