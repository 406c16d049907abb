//! Persistence writes by file tools (Write, Edit, MultiEdit, NotebookEdit, MCP file tools)
//! are review by default, configurable per class and per pack.

use std::path::PathBuf;
use std::sync::Arc;

use serde_json::{Value, json};
use toolgate_core::Verdict;
use toolgate_engine::{CallContext, Guard, PERSISTENCE_RULE_ID, ToolCallDecision};
use toolgate_policy::{Format, Policy, PolicySource, load_str};

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

fn builtin() -> Guard {
    Guard::new(Arc::new(Policy::builtin()))
}

#[test]
fn every_file_tool_is_checked() {
    let g = builtin();
    for (tool, input) in [
        (
            "Write",
            json!({"file_path": "/home/u/.bashrc", "content": "x"}),
        ),
        ("Write", json!({"file_path": "../.zshrc", "content": "x"})),
        (
            "Edit",
            json!({"file_path": ".git/hooks/pre-commit", "old_string": "a", "new_string": "b"}),
        ),
        (
            "MultiEdit",
            json!({"file_path": ".git/config", "edits": []}),
        ),
        (
            "NotebookEdit",
            json!({"notebook_path": ".vscode/tasks.json", "new_source": "x"}),
        ),
        (
            "Write",
            json!({"file_path": "/home/u/.ssh/authorized_keys", "content": "k"}),
        ),
        ("Write", json!({"file_path": ".envrc", "content": "x"})),
        (
            "mcp__fs__write_file",
            json!({"path": "/home/u/.config/autostart/x.desktop", "content": "x"}),
        ),
    ] {
        let d = check(&g, tool, input);
        assert_eq!(d.decision, Verdict::Review, "{tool}: {}", d.reason);
        assert!(
            d.rule_ids.iter().any(|r| r == PERSISTENCE_RULE_ID),
            "{tool}"
        );
        assert!(d.reason.contains("persistence class"), "{}", d.reason);
    }
}

#[test]
fn near_misses_pass() {
    let g = builtin();
    for (tool, input) in [
        (
            "Write",
            json!({"file_path": "docs/setup.md", "content": "add this to ~/.bashrc"}),
        ),
        (
            "Write",
            json!({"file_path": "dotfiles/.bashrc", "content": "x"}),
        ),
        (
            "Edit",
            json!({"file_path": "src/hooks.rs", "old_string": "a", "new_string": "b"}),
        ),
        (
            "Write",
            json!({"file_path": ".vscode/settings.json", "content": "{}"}),
        ),
        ("Read", json!({"file_path": "/home/u/.bashrc"})),
        ("mcp__fs__read_file", json!({"path": "/home/u/.bashrc"})),
        (
            "mcp__fs__write_file",
            json!({"path": "notes.md", "content": "~/.bashrc"}),
        ),
    ] {
        let d = check(&g, tool, input.clone());
        assert!(d.decision < Verdict::Review, "{tool} {input}: {}", d.reason);
    }
}

#[test]
fn the_policy_turns_classes_and_the_pack_off_or_up() {
    let guard = |yaml: &str| {
        let p = load_str(yaml, Format::Yaml, PolicySource::Builtin);
        assert!(p.is_usable(), "{}", p.render_diagnostics());
        Guard::new(Arc::new(p))
    };
    let write = |g: &Guard, path: &str| {
        check(g, "Write", json!({"file_path": path, "content": "x"})).decision
    };
    let g = guard("persistence:\n  direnv: off\n  shell_startup: deny\n");
    assert!(write(&g, ".envrc") < Verdict::Review);
    assert_eq!(write(&g, "~/.profile"), Verdict::Deny);
    assert_eq!(write(&g, ".git/hooks/post-merge"), Verdict::Review);
    let g = guard("commands:\n  packs:\n    persistence: off\n");
    assert!(write(&g, "~/.profile") < Verdict::Review);
    // The reason names the class, never the path.
    let d = check(
        &builtin(),
        "Write",
        json!({"file_path": "/home/u/.bashrc", "content": "s3cr3t"}),
    );
    assert!(
        !d.reason.contains("/home/u") && !d.reason.contains("s3cr3t"),
        "{}",
        d.reason
    );
}

#[test]
fn mcp_tools_are_read_by_their_path_arguments() {
    let g = builtin();
    for input in [
        json!({"destination": "/home/u/.bashrc", "source": "x"}),
        json!({"edits": [{"filePath": ".git/hooks/pre-push", "text": "x"}]}),
        json!({"paths": ["ok.txt", ".envrc"]}),
    ] {
        let d = check(&g, "mcp__fs__move_file", input.clone());
        assert_eq!(d.decision, Verdict::Review, "{input}: {}", d.reason);
    }
}

#[test]
fn system_files_that_outlive_the_session_are_persistence() {
    let g = builtin();
    // Accounts and privileges, system programs and the loader's preload list, system
    // startup scripts, name resolution: by a file tool and by a command.
    for (tool, input) in [
        (
            "Write",
            json!({"file_path": "/etc/sudoers.d/dev", "content": "dev ALL=(ALL) NOPASSWD:ALL"}),
        ),
        (
            "Edit",
            json!({"file_path": "/etc/passwd", "old_string": "a", "new_string": "b"}),
        ),
        (
            "Write",
            json!({"file_path": "/etc/ld.so.preload", "content": "/tmp/x.so"}),
        ),
        (
            "Write",
            json!({"file_path": "/usr/local/bin/git", "content": "#!/bin/sh"}),
        ),
        (
            "Write",
            json!({"file_path": "/etc/rc.local", "content": "x"}),
        ),
        (
            "Edit",
            json!({"file_path": "/etc/hosts", "old_string": "a", "new_string": "b"}),
        ),
        (
            "Bash",
            json!({"command": "echo 'dev ALL=(ALL) NOPASSWD:ALL' >> /etc/sudoers"}),
        ),
        ("Bash", json!({"command": "echo x | sudo tee /etc/shadow"})),
        ("Bash", json!({"command": "cp evil /usr/bin/ls"})),
        (
            "Bash",
            json!({"command": "sudo install -m755 tool /usr/local/bin/tool"}),
        ),
        (
            "Bash",
            json!({"command": "echo 1.2.3.4 github.com | sudo tee -a /etc/hosts"}),
        ),
        (
            "Bash",
            json!({"command": "echo /tmp/x.so > /etc/ld.so.preload"}),
        ),
    ] {
        let d = check(&g, tool, input.clone());
        assert_eq!(d.decision, Verdict::Review, "{tool} {input}: {}", d.reason);
        assert!(
            d.rule_ids.iter().any(|r| r == PERSISTENCE_RULE_ID),
            "{tool} {input}"
        );
    }
    // Reading them, or copying from them into the project, plants nothing.
    for command in [
        "cat /etc/passwd",
        "sort -t : -k 3n /etc/passwd",
        "cp /usr/bin/ls ./ls-copy",
        "ln -s /usr/bin/python3 ./python",
        "diff /etc/hosts hosts.bak",
        "ls -la /usr/local/bin",
    ] {
        let d = check(&g, "Bash", json!({ "command": command }));
        assert!(
            !d.rule_ids.iter().any(|r| r == PERSISTENCE_RULE_ID),
            "{command}: {}",
            d.reason
        );
    }
}

/// A file tool that writes a package manager's program key into its configuration file
/// (`script-shell=…` into `.npmrc`) is `TG-PERSIST-TOOL-CONFIG`, as `npm config set` is;
/// other settings in the same files pass.
#[test]
fn package_manager_program_keys_written_by_file_tools_are_reviewed() {
    let g = builtin();
    let rule = |d: &ToolCallDecision| {
        d.checks
            .iter()
            .any(|c| c.rule_ids.iter().any(|r| r == "TG-PERSIST-TOOL-CONFIG"))
    };
    for (tool, input) in [
        (
            "Write",
            json!({"file_path": "/home/u/proj/.npmrc", "content": "registry=https://r.example/\nscript-shell=/tmp/x\n"}),
        ),
        (
            "Edit",
            json!({"file_path": "/home/u/proj/.npmrc", "old_string": "a", "new_string": "node-options=--require /tmp/x.js"}),
        ),
        (
            "MultiEdit",
            json!({"file_path": ".yarnrc.yml", "edits": [{"old_string": "a", "new_string": "b"}, {"old_string": "c", "new_string": "yarnPath: /tmp/x.cjs"}]}),
        ),
    ] {
        let d = check(&g, tool, input.clone());
        assert!(rule(&d), "{tool} {input}");
        assert!(d.decision >= Verdict::Review, "{tool} {input}");
        assert!(d.checks.iter().all(|c| !c.reason.contains("/tmp/x")));
    }
    for (tool, input) in [
        (
            "Write",
            json!({"file_path": "/home/u/proj/.npmrc", "content": "save-exact=true\n"}),
        ),
        (
            "Write",
            json!({"file_path": "/home/u/proj/notes.md", "content": "script-shell=/tmp/x"}),
        ),
    ] {
        let d = check(&g, tool, input.clone());
        assert!(!rule(&d), "{tool} {input}");
    }
}
