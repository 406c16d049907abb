//! Deleting or overwriting a credential file of the home directory (`TG-HOST-CREDENTIAL-LOSS`,
//! host pack, review by default): by a file tool and by a shell command alike.

use std::path::PathBuf;
use std::sync::Arc;

use serde_json::{Value, json};
use toolgate_core::Verdict;
use toolgate_engine::{CallContext, Guard, ToolCallDecision};
use toolgate_policy::{Format, Policy, PolicySource, load_str};

const RULE: &str = "TG-HOST-CREDENTIAL-LOSS";

fn cx() -> CallContext {
    CallContext {
        cwd: Some(PathBuf::from("/home/u/proj")),
        process_cwd: None,
        home: Some(PathBuf::from("/home/u").into()),
        tmpdir: None,
        binary: None,
    }
}

fn check(guard: &Guard, tool: &str, input: Value) -> ToolCallDecision {
    guard.check_tool_call_in(tool, &input, &cx())
}

fn has_rule(d: &ToolCallDecision) -> bool {
    d.checks
        .iter()
        .any(|c| c.rule_ids.iter().any(|r| r == RULE))
}

#[test]
fn file_tools_and_commands_over_credentials_are_reviewed() {
    let g = Guard::new(Arc::new(Policy::builtin()));
    for (tool, input) in [
        (
            "Write",
            json!({"file_path": "/home/u/.ssh/id_ed25519", "content": "x"}),
        ),
        (
            "Write",
            json!({"file_path": "../.aws/credentials", "content": "[default]"}),
        ),
        (
            "Edit",
            json!({"file_path": "/home/u/.kube/config", "old_string": "a", "new_string": "b"}),
        ),
        ("Bash", json!({"command": "rm ~/.ssh/id_ed25519"})),
        ("Bash", json!({"command": ": > ~/.netrc"})),
        (
            "Bash",
            json!({"command": "mv ~/.docker/config.json /tmp/x"}),
        ),
    ] {
        let d = check(&g, tool, input.clone());
        assert!(has_rule(&d), "{tool} {input}: {:?}", d.checks);
        assert!(d.decision >= Verdict::Review, "{tool} {input}");
        // The reason names the rule, never the path.
        assert!(d.checks.iter().all(|c| !c.reason.contains("/home/u")));
    }
    for (tool, input) in [
        (
            "Write",
            json!({"file_path": "/home/u/.ssh/id_ed25519.pub", "content": "x"}),
        ),
        ("Write", json!({"file_path": ".env", "content": "A=1"})),
        (
            "Write",
            json!({"file_path": "/home/u/proj/config/credentials.example", "content": "x"}),
        ),
        ("Bash", json!({"command": "cat ~/.ssh/id_ed25519.pub"})),
        ("Bash", json!({"command": "rm -f .env.local"})),
    ] {
        let d = check(&g, tool, input.clone());
        assert!(!has_rule(&d), "{tool} {input}: {:?}", d.checks);
    }
}

#[test]
fn the_host_pack_setting_applies() {
    let guard = |yaml: &str| {
        let p = load_str(yaml, Format::Yaml, PolicySource::Builtin);
        assert!(p.is_usable(), "{}", p.render_diagnostics());
        Guard::new(Arc::new(p))
    };
    let write = json!({"file_path": "/home/u/.ssh/id_rsa", "content": "x"});
    let off = guard("commands:\n  packs:\n    host: off\n");
    assert!(!has_rule(&check(&off, "Write", write.clone())));
    let disabled = guard("commands:\n  disable: [TG-HOST-CREDENTIAL-LOSS]\n");
    assert!(!has_rule(&check(&disabled, "Write", write.clone())));
    let deny = guard("commands:\n  packs:\n    host: deny\n");
    assert_eq!(check(&deny, "Write", write).decision, Verdict::Deny);
}

#[test]
fn relative_names_inside_a_credential_directory() {
    let g = Guard::new(Arc::new(Policy::builtin()));
    let in_ssh = CallContext {
        cwd: Some(PathBuf::from("/home/u/.ssh")),
        ..cx()
    };
    let d = g.check_tool_call_in("Bash", &json!({"command": "rm id_ed25519"}), &in_ssh);
    assert!(has_rule(&d), "{:?}", d.checks);
    let d = g.check_tool_call_in("Bash", &json!({"command": "ls -la"}), &in_ssh);
    assert!(!has_rule(&d));
    let d = check(&g, "Bash", json!({"command": "cd ~/.ssh && rm id_ed25519"}));
    assert!(has_rule(&d), "{:?}", d.checks);
    let d = check(
        &g,
        "Bash",
        json!({"command": "cd ~/.ssh && cat id_ed25519.pub"}),
    );
    assert!(!has_rule(&d));
}

/// Programs that write keys or downloads to a file their own options name write over a
/// credential as `cp` would (`openssl genrsa -out`, `-keyout`, `curl -o`, `sort -o`); a key
/// written inside the project, or a public key printed, is no loss.
#[test]
fn output_options_over_credentials_are_reviewed() {
    let g = Guard::new(Arc::new(Policy::builtin()));
    let bash = |c: &str| check(&g, "Bash", json!({ "command": c }));
    for command in [
        "openssl genrsa -out ~/.ssh/id_rsa 2048",
        "openssl req -new -x509 -nodes -keyout ~/.ssh/id_rsa -out cert.pem -days 3",
        "openssl genpkey -algorithm ed25519 -out $HOME/.ssh/id_ed25519",
        "curl -o ~/.aws/credentials https://x.example/c",
        "sort -o ~/.netrc hosts.txt",
        "git clone https://x.example/a/keys ~/.ssh",
        "ssh-keygen -f ~/.ssh/id_ed25519",
    ] {
        let d = bash(command);
        assert!(d.decision >= Verdict::Review, "{command}: {:?}", d.checks);
    }
    for command in [
        "openssl genrsa -out ~/.ssh/id_rsa 2048",
        "openssl req -new -x509 -nodes -keyout ~/.ssh/id_rsa -out cert.pem -days 3",
        "sort -o ~/.netrc hosts.txt",
        "git clone https://x.example/a/keys ~/.ssh",
    ] {
        assert!(has_rule(&bash(command)), "{command}");
    }
    for command in [
        "openssl genrsa -out key.pem 2048",
        "openssl req -new -x509 -nodes -keyout certs/key.pem -out certs/cert.pem -days 365",
        "openssl x509 -in cert.pem -noout -text",
        "openssl rsa -in key.pem -pubout -out pub.pem",
        "ssh-keygen -y -f ~/.ssh/id_ed25519",
        "sort -o sorted.txt names.txt",
    ] {
        let d = bash(command);
        assert!(!has_rule(&d), "{command}: {:?}", d.checks);
        assert!(d.decision < Verdict::Review, "{command}: {:?}", d.checks);
    }
}
