//! `network.local_dev_ports`: a command's http(s) URL on a loopback development port passes
//! under the built-in default; privileged ports, Docker's API ports, other special-purpose
//! addresses and raw sockets stay denied, and a policy narrows or closes the ports.

use std::sync::Arc;

use serde_json::json;
use toolgate_core::Verdict;
use toolgate_engine::{Guard, LOCAL_DEV_PORT, ToolCallDecision};
use toolgate_policy::{Format, Policy, PolicySource, load_str};

fn bash(guard: &Guard, command: &str) -> ToolCallDecision {
    guard.check_tool_call("Bash", &json!({ "command": command }))
}

fn guard(yaml: &str) -> Guard {
    let policy = load_str(yaml, Format::Yaml, PolicySource::Builtin);
    assert!(policy.is_usable(), "{}", policy.render_diagnostics());
    Guard::new(Arc::new(policy))
}

#[test]
fn loopback_development_ports_pass_by_default() {
    let g = Guard::new(Arc::new(Policy::builtin()));
    for command in [
        "curl http://localhost:3000/",
        "curl -s http://127.0.0.1:8080/api/health",
        "http :5173/",
        "wget -qO- http://[::1]:8000/",
        "curl http://app.localhost:4200/",
    ] {
        let d = bash(&g, command);
        assert!(d.decision < Verdict::Review, "{command}: {}", d.reason);
        assert!(
            d.destinations
                .iter()
                .any(|c| c.allowed && c.reason == LOCAL_DEV_PORT),
            "{command}"
        );
    }
    for command in [
        "curl http://localhost/",
        "curl http://localhost:22/",
        "curl http://localhost:2375/containers/json",
        "curl http://169.254.169.254:8080/",
        "curl http://10.0.0.5:3000/",
        "nc localhost 6379",
        "curl ftp://localhost:2121/",
    ] {
        let d = bash(&g, command);
        assert_eq!(d.decision, Verdict::Deny, "{command}: {}", d.reason);
    }
}

#[test]
fn a_policy_narrows_or_closes_the_ports() {
    let narrow = guard("network:\n  allow: [\"*\"]\n  local_dev_ports: [3000, \"8000-8099\"]\n");
    assert!(bash(&narrow, "curl http://localhost:3000/").decision < Verdict::Review);
    assert!(bash(&narrow, "curl http://localhost:8050/").decision < Verdict::Review);
    assert_eq!(
        bash(&narrow, "curl http://localhost:3001/").decision,
        Verdict::Deny
    );
    let closed = guard("network:\n  allow: [\"*\"]\n  local_dev_ports: []\n");
    assert_eq!(
        bash(&closed, "curl http://localhost:3000/").decision,
        Verdict::Deny
    );
    let bad = load_str(
        "network:\n  allow: [\"*\"]\n  local_dev_ports: [\"3000-80\", 70000]\n",
        Format::Yaml,
        PolicySource::Builtin,
    );
    assert!(!bad.is_usable());
    assert_eq!(
        bad.diagnostics
            .errors()
            .filter(|d| d.code == "invalid-port")
            .count(),
        2
    );
}
