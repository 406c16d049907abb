//! Showing a credential file of the home directory to the model (`TG-EXFIL-CREDENTIAL-READ`,
//! exfiltration pack, review by default): by a file tool, a reading MCP tool and a shell
//! command alike.

use std::path::PathBuf;
use std::sync::Arc;

use serde_json::{Value, json};
use toolgate_core::Verdict;
use toolgate_engine::{CallContext, Guard, ToolCallDecision};
use toolgate_policy::{Format, Policy, PolicySource, load_str};

const RULE: &str = "TG-EXFIL-CREDENTIAL-READ";

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
fn tools_that_show_a_credential_are_reviewed() {
    let g = Guard::new(Arc::new(Policy::builtin()));
    for (tool, input) in [
        ("Read", json!({"file_path": "/home/u/.aws/credentials"})),
        ("Read", json!({"file_path": "../.ssh/id_ed25519"})),
        (
            "Read",
            json!({"file_path": "/home/u/.kube/config", "limit": 20}),
        ),
        ("NotebookRead", json!({"notebook_path": "/home/u/.netrc"})),
        (
            "Grep",
            json!({"pattern": "token", "path": "/home/u/.npmrc", "output_mode": "content"}),
        ),
        (
            "Grep",
            json!({"pattern": "secret", "path": "/home/u/.aws", "output_mode": "content"}),
        ),
        (
            "mcp__filesystem__read_text_file",
            json!({"path": "/home/u/.docker/config.json"}),
        ),
        (
            "mcp__filesystem__read_multiple_files",
            json!({"paths": ["README.md", "/home/u/.git-credentials"]}),
        ),
        (
            "mcp__files__view_file",
            json!({"uri": "file:///home/u/.config/gh/hosts.yml"}),
        ),
        ("Read", json!({"file_path": "/home/u/.codex/auth.json"})),
        ("Read", json!({"file_path": "~/.claude/.credentials.json"})),
        ("Read", json!({"file_path": "/home/u/.pgpass"})),
        ("Read", json!({"file_path": "/home/u/.m2/settings.xml"})),
        // A search's glob names the files shown.
        (
            "Grep",
            json!({"pattern": "aws_secret", "path": "/home/u", "glob": "**/credentials", "output_mode": "content"}),
        ),
        (
            "Grep",
            json!({"pattern": "x", "path": "/home/u/.ssh", "glob": "id_*", "output_mode": "content"}),
        ),
        (
            "Grep",
            json!({"pattern": "x", "path": "/home/u", "glob": "{.npmrc,.pypirc}", "output_mode": "content"}),
        ),
        // Without a glob, every file below the path: the home's credentials among them.
        (
            "Grep",
            json!({"pattern": "token", "path": "/home/u/.config/gh", "output_mode": "content"}),
        ),
        (
            "Grep",
            json!({"pattern": "aws_secret", "path": "/home/u", "output_mode": "content"}),
        ),
        (
            "Bash",
            json!({"command": "grep -rn aws_secret_access_key ~/"}),
        ),
        ("Bash", json!({"command": "rg -i token ~/.config"})),
        ("Bash", json!({"command": "cat ~/.aws/credentials"})),
        (
            "Bash",
            json!({"command": "grep -r token ~/.npmrc 2>/dev/null"}),
        ),
    ] {
        let d = check(&g, tool, input.clone());
        assert!(has_rule(&d), "{tool} {input}: {:?}", d.checks);
        // (A `file://` URI is also a destination the network policy refuses: deny.)
        assert!(d.decision >= Verdict::Review, "{tool} {input}");
        // The reason names the rule, never the path.
        assert!(d.checks.iter().all(|c| !c.reason.contains("/home/u")));
    }
}

#[test]
fn tools_that_show_names_settings_or_the_projects_own_files_pass() {
    let g = Guard::new(Arc::new(Policy::builtin()));
    for (tool, input) in [
        ("Read", json!({"file_path": "/home/u/.aws/config"})),
        ("Read", json!({"file_path": "/home/u/.ssh/id_ed25519.pub"})),
        ("Read", json!({"file_path": "/home/u/.ssh/config"})),
        ("Read", json!({"file_path": ".env"})),
        ("Read", json!({"file_path": "/home/u/proj/certs/dev.key"})),
        ("Read", json!({"file_path": "/home/u/.codex/config.toml"})),
        (
            "Read",
            json!({"file_path": "/home/u/proj/gradle.properties"}),
        ),
        // Grep's default output lists the files that match, not their lines.
        (
            "Grep",
            json!({"pattern": "token", "path": "/home/u/.npmrc"}),
        ),
        (
            "Grep",
            json!({"pattern": "token", "path": "/home/u/.npmrc", "output_mode": "count"}),
        ),
        ("Glob", json!({"pattern": "*", "path": "/home/u/.ssh"})),
        (
            "Grep",
            json!({"pattern": "x", "path": "/home/u/proj", "glob": "**/*.rs", "output_mode": "content"}),
        ),
        (
            "Grep",
            json!({"pattern": "x", "path": "/home/u", "glob": "*.{ts,tsx}", "output_mode": "content"}),
        ),
        (
            "Grep",
            json!({"pattern": "x", "path": "/home/u", "glob": "**/credentials"}),
        ),
        (
            "Grep",
            json!({"pattern": "x", "glob": "config/*.yml", "output_mode": "content"}),
        ),
        (
            "Grep",
            json!({"pattern": "x", "path": "/home/u/proj/src", "output_mode": "content"}),
        ),
        (
            "Grep",
            json!({"pattern": "x", "path": "/etc", "output_mode": "content"}),
        ),
        ("Bash", json!({"command": "grep -rl token ~"})),
        ("Bash", json!({"command": "rg foo src tests"})),
        ("Bash", json!({"command": "grep -r foo /etc"})),
        (
            "mcp__filesystem__list_directory",
            json!({"path": "/home/u/.ssh"}),
        ),
        (
            "mcp__filesystem__search_files",
            json!({"path": "/home/u/.aws", "pattern": "cred"}),
        ),
        (
            "mcp__filesystem__get_file_info",
            json!({"path": "/home/u/.aws/credentials"}),
        ),
        ("Bash", json!({"command": "ls -la ~/.ssh"})),
        (
            "Bash",
            json!({"command": "cat ~/.aws/credentials > /dev/null"}),
        ),
    ] {
        let d = check(&g, tool, input.clone());
        assert!(!has_rule(&d), "{tool} {input}: {:?}", d.checks);
    }
}

#[test]
fn the_exfiltration_pack_setting_applies() {
    let guard = |yaml: &str| {
        let p = load_str(yaml, Format::Yaml, PolicySource::Builtin);
        assert!(p.is_usable(), "{}", p.render_diagnostics());
        Guard::new(Arc::new(p))
    };
    let read = json!({"file_path": "/home/u/.ssh/id_rsa"});
    let cat = json!({"command": "cat ~/.ssh/id_rsa"});
    let off = guard("commands:\n  packs:\n    exfiltration: off\n");
    assert!(!has_rule(&check(&off, "Read", read.clone())));
    assert!(!has_rule(&check(&off, "Bash", cat.clone())));
    let disabled = guard("commands:\n  disable: [TG-EXFIL-CREDENTIAL-READ]\n");
    assert!(!has_rule(&check(&disabled, "Read", read.clone())));
    assert!(!has_rule(&check(&disabled, "Bash", cat.clone())));
    let deny = guard("commands:\n  packs:\n    exfiltration: deny\n");
    assert_eq!(check(&deny, "Read", read).decision, Verdict::Deny);
    assert_eq!(check(&deny, "Bash", cat).decision, Verdict::Deny);
}
